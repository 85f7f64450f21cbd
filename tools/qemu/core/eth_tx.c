/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Send queue engine (PRM 7.4, 7.9, 3.3.1-3.3.2, 3.3.8): doorbells (UAR
 * BlueFlame register, first 8 bytes of the WQE), WQE fetch through the
 * SQ's PAS list up to the doorbell record's counter, gather through the
 * MKeys, inline header checks (7.9.3), checksum offload, LSO, padding,
 * send CQEs per the ctrl segment's CE, error CQEs (7.12.7) with the SQ
 * moved to ERR and the error counted.  The WQ ring helpers it shares with
 * the RQ and LRO engines are eth_ring.c's.
 */
#include <string.h>

#include "cx4dev_int.h"

#define CX4DEV_MIN_FRAME	60	/* 64 with the FCS (3.3.8) */
#define CX4DEV_MAX_PLAIN_FRAME	(16u * 1024)	/* non-LSO WQE gather limit */

/* Vendor error syndromes of error CQEs (cx4's, documented). */
enum cx4dev_vendor_syn {
	CX4DEV_VSYN_OPCODE	= 0x01,
	CX4DEV_VSYN_DS		= 0x02,
	CX4DEV_VSYN_WQE_INDEX	= 0x03,
	CX4DEV_VSYN_SQN		= 0x04,
	CX4DEV_VSYN_INLINE	= 0x05,
	CX4DEV_VSYN_DSEG	= 0x06,
	CX4DEV_VSYN_TOO_LONG	= 0x07,
	CX4DEV_VSYN_LKEY	= 0x08,
	CX4DEV_VSYN_DMA		= 0x09,
	CX4DEV_VSYN_MSS		= 0x0a,
	CX4DEV_VSYN_RLKEY	= 0x0b,
	CX4DEV_VSYN_SCATTER	= 0x0c,
	CX4DEV_VSYN_NO_TIS	= 0x0d,
	/* 0x0e: CX4DEV_VSYN_KNOB (eth.h), injected by the WQ_ERROR knob */
};


/* ---- WQE execution ---- */

struct cx4dev_wqe_err {
	uint32_t syn;
	uint32_t vsyn;
	const char *why;
	bool knob;		/* injected (WQ_ERROR): not a guest error */
};

static int cx4dev_wqe_fail(struct cx4dev_wqe_err *e, uint32_t syn, uint32_t vsyn,
			   const char *why)
{
	e->syn = syn;
	e->vsyn = vsyn;
	e->why = why;
	return -1;
}

/* The WQ_ERROR knob fails this WQE (not a guest error). */
static void cx4dev_wqe_knob(struct cx4dev *dev, uint32_t sqn, struct cx4dev_wqe_err *e)
{
	e->knob = true;
	cx4dev_wqe_fail(e, cx4dev_wq_error_fire(dev, false, sqn), CX4DEV_VSYN_KNOB,
			"injected by the WQ_ERROR knob");
}

/* Gather @len bytes at @va through @lkey into @dst. */
static int cx4dev_gather(struct cx4dev *dev, struct cx4dev_sq *sq, uint32_t lkey, uint64_t va,
			 uint32_t len, uint8_t *dst, struct cx4dev_wqe_err *e)
{
	if (lkey == CX4DEV_RESD_LKEY && !sq->wq.rlkey)
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_PROT_ERR, CX4DEV_VSYN_RLKEY,
				       "reserved LKey on an SQ without rlkey");
	while (len) {
		const char *why;
		uint64_t pa, n = cx4dev_mkey_translate(dev, lkey, sq->wq.pd, va, len, false, &pa,
						       &why);

		if (!n)
			return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_PROT_ERR, CX4DEV_VSYN_LKEY, why);
		if (dev->ops->dma_read(dev->opaque, pa, dst, n))
			return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_PROT_ERR, CX4DEV_VSYN_DMA,
					       "gather address not accessible by DMA");
		dst += n;
		va += n;
		len -= (uint32_t)n;
	}
	return 0;
}

/* Inline bytes the SQ requires for frame @p (7.9.3). */
static uint32_t cx4dev_inline_needed(struct cx4dev *dev, const struct cx4dev_sq *sq,
				     const struct cx4dev_pkt *p)
{
	uint32_t cap = CX4_GET(ETH_CAP, dev->caps.cur[CX4DEV_CAPI_ETH], WQE_INLINE_MODE);
	uint32_t mode = cap == CX4_CAP_INLINE_MODE_L2 ? CX4_INLINE_MODE_L2 :
			cap == CX4_CAP_INLINE_MODE_VPORT_CONTEXT ? sq->min_inline :
			CX4_INLINE_MODE_NONE;

	if (mode == CX4_INLINE_MODE_NONE)
		return 0;
	if (mode >= CX4_INLINE_MODE_TCP_UDP && p->l4)
		return p->l4_off + p->l4_hlen;
	if (mode >= CX4_INLINE_MODE_IP && p->l3)
		return p->l4_off;
	return p->l2_len;
}

static void cx4dev_emit(struct cx4dev *dev, struct cx4dev_sq *sq, uint8_t *f, uint32_t len)
{
	const struct cx4dev_tis *tis;

	if (len < CX4DEV_MIN_FRAME) {
		memset(f + len, 0, CX4DEV_MIN_FRAME - len);
		len = CX4DEV_MIN_FRAME;
	}
	sq->packets++;
	sq->bytes += len;
	dev->eth->cnt[CX4DEV_ETH_TX_PACKETS]++;
	dev->eth->cnt[CX4DEV_ETH_TX_BYTES] += len;
	cx4dev_vport_count(dev, true, f, len);
	cx4dev_port_tx(dev, f, len, dev->port_oper);
	dev->eth->tx_ts = cx4dev_internal_timer(dev);	/* the send CQE's time */
	if (dev->port_oper && dev->ops->transmit)
		dev->ops->transmit(dev->opaque, f, len);
	tis = cx4dev_tis_find(dev, sq->tisn);
	if (tis)
		cx4dev_eth_loopback(dev, tis->td, f, len);	/* PRM 3.4 */
}

static void cx4dev_csum_offload(struct cx4dev *dev, uint8_t *f, uint32_t len, uint32_t cs)
{
	struct cx4dev_pkt p;

	if (!cs)
		return;
	cx4dev_pkt_parse(&p, f, len);
	if ((cs & CX4_WQE_ETH_CS_L3) && p.l3 == CX4_CQE_L3_IPV4 && p.l3_len) {
		cx4dev_pkt_fill_l3_csum(&p, f);
		dev->eth->cnt[CX4DEV_ETH_TX_CSUM]++;
		cx4dev_pkt_parse(&p, f, len);
	}
	if ((cs & CX4_WQE_ETH_CS_L4) && p.l4) {
		cx4dev_pkt_fill_l4_csum(&p, f);
		dev->eth->cnt[CX4DEV_ETH_TX_CSUM]++;
	}
}

/* LSO (3.3.2): split the TCP payload of frame @f by @mss. */
static int cx4dev_lso(struct cx4dev *dev, struct cx4dev_sq *sq, uint8_t *f, uint32_t len,
		      uint32_t mss, struct cx4dev_wqe_err *e)
{
	struct cx4dev_pkt p;
	uint32_t hdr, payload, off = 0, seq, id, i = 0;
	uint8_t *s = dev->eth->seg;

	cx4dev_pkt_parse(&p, f, len);
	if (p.l4 != CX4_CQE_L4_TCP && !(p.proto == 6 && p.l3 && p.l4_off + 20 <= len))
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_MSS,
				       "LSO WQE whose frame is not TCP over IPv4/IPv6");
	if (!p.l4_hlen)
		p.l4_hlen = (f[p.l4_off + 12] >> 4) * 4u;
	hdr = p.l4_off + p.l4_hlen;
	if (hdr > len || p.l4_hlen < 20)
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_MSS,
				       "LSO headers longer than the frame");
	payload = len - hdr;
	seq = cx4dev_get_be32(f + p.l4_off + 4);
	id = cx4dev_get_be16(f + p.l3_off + 4);
	do {
		uint32_t n = payload - off < mss ? payload - off : mss;
		bool last = off + n >= payload;
		uint8_t *tcp = s + p.l4_off;
		struct cx4dev_pkt sp;

		memcpy(s, f, hdr);
		memcpy(s + hdr, f + hdr + off, n);
		if (p.l3 == CX4_CQE_L3_IPV4) {
			uint32_t tot = hdr - p.l3_off + n;

			s[p.l3_off + 2] = (uint8_t)(tot >> 8);
			s[p.l3_off + 3] = (uint8_t)tot;
			s[p.l3_off + 4] = (uint8_t)((id + i) >> 8);
			s[p.l3_off + 5] = (uint8_t)(id + i);
		} else {
			uint32_t pl = hdr - p.l3_off - 40 + n;

			s[p.l3_off + 4] = (uint8_t)(pl >> 8);
			s[p.l3_off + 5] = (uint8_t)pl;
		}
		cx4dev_put_be32(tcp + 4, seq + off);
		if (!last)
			tcp[13] &= (uint8_t)~0x09;	/* FIN, PSH only on the last */
		if (i)
			tcp[13] &= (uint8_t)~0x80;	/* CWR only on the first */
		cx4dev_pkt_parse(&sp, s, hdr + n);
		if (sp.l3 == CX4_CQE_L3_IPV4)
			cx4dev_pkt_fill_l3_csum(&sp, s);
		cx4dev_pkt_parse(&sp, s, hdr + n);
		if (sp.l4 == CX4_CQE_L4_TCP)
			cx4dev_pkt_fill_l4_csum(&sp, s);
		dev->eth->cnt[CX4DEV_ETH_TX_LSO_SEGMENTS]++;
		cx4dev_emit(dev, sq, s, hdr + n);
		off += n;
		i++;
	} while (off < payload);
	return 0;
}

/* Data segments of a send WQE after the Ethernet segment, into @f. */
static int cx4dev_wqe_gather(struct cx4dev *dev, struct cx4dev_sq *sq, const uint8_t *wqe,
			     uint32_t off, uint32_t wlen, uint8_t *f, uint32_t *len,
			     uint32_t max, struct cx4dev_wqe_err *e)
{
	while (off < wlen) {
		const uint8_t *d = wqe + off;
		uint32_t bc;

		if (CX4_GET(WQE_DSEG, d, INLINE)) {
			bc = CX4_GET(WQE_DSEG, d, INLINE_BYTE_COUNT);
			if (off + CX4_WQE_DSEG_OFF_INLINE_DATA + bc > wlen)
				return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR,
						       CX4DEV_VSYN_DSEG,
						       "inline data segment beyond DS");
			if (*len + bc > max)
				return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR,
						       CX4DEV_VSYN_TOO_LONG, "frame too long");
			memcpy(f + *len, d + CX4_WQE_DSEG_OFF_INLINE_DATA, bc);
			*len += bc;
			off += (CX4_WQE_DSEG_OFF_INLINE_DATA + bc + CX4_WQE_OCTOWORD_SIZE - 1) &
			       ~(CX4_WQE_OCTOWORD_SIZE - 1);
			continue;
		}
		bc = CX4_GET(WQE_DSEG, d, BYTE_COUNT);
		if (!bc || *len + bc > max)
			return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR,
					       CX4DEV_VSYN_TOO_LONG,
					       bc ? "frame too long" : "byte count 0 (2 GB)");
		if (cx4dev_gather(dev, sq, CX4_GET(WQE_DSEG, d, LKEY),
				  CX4_GET64(WQE_DSEG, d, ADDR), bc, f + *len, e))
			return -1;
		*len += bc;
		off += CX4_WQE_DSEG_SIZE;
	}
	return 0;
}

/* Execute one send WQE of @wlen bytes; 0 or -1 with @e filled. */
static int cx4dev_wqe_exec(struct cx4dev *dev, uint32_t sqn, struct cx4dev_sq *sq,
			   const uint8_t *wqe, uint32_t wlen, struct cx4dev_wqe_err *e)
{
	uint32_t op = CX4_GET(WQE_CTRL, wqe, OPCODE), ds = CX4_GET(WQE_CTRL, wqe, DS);
	const uint8_t *eth = wqe + CX4_WQE_CTRL_SIZE;
	uint32_t inl, mss, cs, off, len;
	uint8_t *f = dev->eth->frame;
	struct cx4dev_pkt p;

	if (CX4_GET(WQE_CTRL, wqe, SQN) != sqn)
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_SQN,
				       "ctrl segment SQ number is not this SQ's");
	if (op == CX4_WQE_OP_NOP)
		return 0;
	if (op != CX4_WQE_OP_SEND && op != CX4_WQE_OP_LSO)
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_OPCODE,
				       "opcode not NOP, SEND or LSO");
	if (!sq->tisn)
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_PROT_ERR, CX4DEV_VSYN_NO_TIS,
				       "SEND/LSO on an SQ without a TIS (tis_lst_sz 0)");
	if (ds < 2)
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_DS,
				       "SEND/LSO WQE without an Ethernet segment (DS < 2)");
	inl = CX4_GET(WQE_ETH, eth, INLINE_HDR_SZ);
	mss = CX4_GET(WQE_ETH, eth, MSS);
	cs = eth[CX4_WQE_ETH_OFF_CS_FLAGS] & (CX4_WQE_ETH_CS_L3 | CX4_WQE_ETH_CS_L4);
	off = CX4_WQE_CTRL_SIZE + cx4_wqe_eth_seg_size(inl);
	if (off > wlen)
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_INLINE,
				       "inline_header_size beyond DS");
	if ((op == CX4_WQE_OP_LSO) != (mss != 0))
		return cx4dev_wqe_fail(e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_MSS,
				       "mss must be set on LSO WQEs and 0 on others");
	memcpy(f, eth + CX4_WQE_ETH_OFF_INLINE_HDR, inl);
	len = inl;
	if (cx4dev_wqe_gather(dev, sq, wqe, off, wlen, f, &len,
			      op == CX4_WQE_OP_LSO ? CX4DEV_MAX_FRAME : CX4DEV_MAX_PLAIN_FRAME, e))
		return -1;
	cx4dev_pkt_parse(&p, f, len);
	if (inl < cx4dev_inline_needed(dev, sq, &p) || len < 14) {
		cx4dev_guest_error(dev, "SQ 0x%x: WQE inline header %u bytes, %u required by "
				   "the inline mode (7.9.3): frame dropped", sqn, inl,
				   cx4dev_inline_needed(dev, sq, &p));
		dev->eth->cnt[CX4DEV_ETH_TX_INLINE_DROPS]++;
		return 0;
	}
	if (op == CX4_WQE_OP_LSO)
		return cx4dev_lso(dev, sq, f, len, mss, e);
	cx4dev_csum_offload(dev, f, len, cs);
	cx4dev_emit(dev, sq, f, len);
	return 0;
}

/*
 * @ts: the internal timer when the WQE's (last) frame was handed to the
 * cable, before the far end stamps its arrival (cx4dev_emit()).
 */
static void cx4dev_send_cqe(struct cx4dev *dev, struct cx4dev_sq *sq, const uint8_t *ctrl,
			    uint64_t ts)
{
	uint32_t ce = CX4_GET(WQE_CTRL, ctrl, CE);
	uint8_t cqe[CX4_CQE_SIZE] = { 0 };

	if (ce != CX4_WQE_CE_CQE_ALWAYS && ce != CX4_WQE_CE_CQE_AND_EQE)
		return;
	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_REQ);
	CX4_SET(CQE, cqe, S_WQE_OPCODE, CX4_GET(WQE_CTRL, ctrl, OPCODE));
	CX4_SET(CQE, cqe, WQE_COUNTER, CX4_GET(WQE_CTRL, ctrl, WQE_INDEX));
	CX4_SET(CQE, cqe, SE, ce == CX4_WQE_CE_CQE_AND_EQE || CX4_GET(WQE_CTRL, ctrl, SE));
	CX4_SET64(CQE, cqe, TIMESTAMP, ts);
	cx4dev_wq_post_cqe(dev, &sq->wq, cqe);
}

/* Move the SQ to ERR after a bad WQE: error CQE, guest error, flush. */
static void cx4dev_sq_error(struct cx4dev *dev, uint32_t sqn, struct cx4dev_sq *sq,
			    const uint8_t *ctrl, const struct cx4dev_wqe_err *e)
{
	if (!e->knob)
		cx4dev_guest_error(dev, "SQ 0x%x WQE 0x%x (opcode 0x%x, ds %u): %s -> error "
				   "CQE syndrome 0x%x, SQ to ERR", sqn, sq->wq.hw_counter,
				   CX4_GET(WQE_CTRL, ctrl, OPCODE),
				   CX4_GET(WQE_CTRL, ctrl, DS), e->why, e->syn);
	cx4dev_wq_err_cqe(dev, &sq->wq, true, sq->wq.hw_counter, CX4_GET(WQE_CTRL, ctrl, OPCODE),
		       e->syn, e->vsyn);
	sq->wq.state = CX4_WQ_STATE_ERR;
}

void cx4dev_sq_process(struct cx4dev *dev, uint32_t sqn, struct cx4dev_sq *sq)
{
	uint32_t size = 1u << sq->wq.log_size, n = 0;
	uint8_t *wqe = dev->eth->wqe;
	uint16_t ctr;

	if (sq->wq.state != CX4_WQ_STATE_RDY || cx4dev_sq_stalled(dev, sqn))
		return;
	if (cx4dev_wq_dbr(dev, &sq->wq, true, &ctr)) {
		cx4dev_guest_error(dev, "SQ 0x%x: doorbell record not readable", sqn);
		return;
	}
	if ((uint16_t)(ctr - sq->wq.hw_counter) > size) {
		cx4dev_guest_error(dev, "SQ 0x%x: doorbell record counter 0x%x more than %u WQEBBs "
				   "ahead of the device (0x%x); ignored", sqn, ctr, size,
				   sq->wq.hw_counter);
		return;
	}
	while (sq->wq.hw_counter != ctr && n++ < size) {
		uint32_t base = (sq->wq.hw_counter & (size - 1)) << CX4_SEND_WQEBB_SHIFT;
		uint32_t ds, bbs, wlen;
		struct cx4dev_wqe_err e = { 0 };

		if (cx4dev_wq_read(dev, &sq->wq, base, wqe, CX4_WQE_CTRL_SIZE))
			return;
		ds = CX4_GET(WQE_CTRL, wqe, DS);
		wlen = ds * CX4_WQE_OCTOWORD_SIZE;
		bbs = (wlen + CX4_SEND_WQEBB_SIZE - 1) / CX4_SEND_WQEBB_SIZE;
		dev->eth->tx_ts = cx4dev_internal_timer(dev);	/* if it sends nothing */
		if (cx4dev_wq_error_armed(dev, false, sqn))
			cx4dev_wqe_knob(dev, sqn, &e);
		else if (CX4_GET(WQE_CTRL, wqe, WQE_INDEX) != sq->wq.hw_counter)
			cx4dev_wqe_fail(&e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_WQE_INDEX,
					"ctrl segment WQE index is not the WQEBB counter");
		else if (!ds || bbs > (uint16_t)(ctr - sq->wq.hw_counter))
			cx4dev_wqe_fail(&e, CX4_CQE_SYN_LOCAL_LENGTH_ERR, CX4DEV_VSYN_DS,
					"DS 0, or WQE beyond the doorbell record counter");
		else if (cx4dev_wq_read(dev, &sq->wq, base, wqe, wlen))
			cx4dev_wqe_fail(&e, CX4_CQE_SYN_LOCAL_PROT_ERR, CX4DEV_VSYN_DMA,
					"WQE not readable");
		else
			cx4dev_wqe_exec(dev, sqn, sq, wqe, wlen, &e);
		if (e.why) {
			cx4dev_sq_error(dev, sqn, sq, wqe, &e);
			sq->wq.hw_counter = (uint16_t)(sq->wq.hw_counter + (bbs ? bbs : 1));
			cx4dev_wq_flush(dev, sqn, &sq->wq, true);
			return;
		}
		sq->wq.hw_counter = (uint16_t)(sq->wq.hw_counter + bbs);
		cx4dev_send_cqe(dev, sq, wqe, dev->eth->tx_ts);
		if (sq->wq.state != CX4_WQ_STATE_RDY)
			return;		/* the CQE put its CQ, and so the SQ, in error */
	}
}

/* ---- SQ_STALL selector changes (the knob itself is knob.c's) ---- */

/* SQ_STALL gets selector @val: the SQs the old one held and @val does not run. */
void cx4dev_sq_stall_change(struct cx4dev *dev, uint32_t val)
{
	uint32_t old = cx4dev_sq_stall_set(dev, val);

	if (!dev->eth || !(old & CX4DEV_WQ_KNOB_ON))
		return;
	for (uint32_t n = 0; n < CX4DEV_MAX_SQ; n++) {
		struct cx4dev_sq *sq = cx4dev_sq_get(dev, n);

		if (sq && cx4dev_wq_knob_match(old, n) && !cx4dev_wq_knob_match(val, n) &&
		    sq->wq.state == CX4_WQ_STATE_RDY)
			cx4dev_sq_process(dev, n, sq);
	}
}

/*
 * SQ @sqn moved to RST (MODIFY_SQ): a stall selecting it ends there, as
 * a reset cures a hung queue; the other SQs it held run.
 */
void cx4dev_sq_stall_reset(struct cx4dev *dev, uint32_t sqn)
{
	if (!cx4dev_wq_knob_match(dev->knobs.sq_stall, sqn))
		return;
	cx4dev_logf(dev, "knob: SQ_STALL ends: SQ 0x%x reset", sqn);
	cx4dev_sq_stall_change(dev, 0);
}

/*
 * Send doorbell (7.2.2): the first 8 bytes of the WQE written to a
 * BlueFlame buffer: WQE index and opcode, SQ number and DS.  The rest
 * of a BlueFlame write is ignored: the WQE is read from memory, where
 * the PRM requires it to be as well.
 */
static void cx4dev_sq_doorbell(struct cx4dev *dev, uint32_t uar, uint32_t hi, uint32_t lo)
{
	uint32_t sqn = lo >> 8;
	struct cx4dev_sq *sq = cx4dev_sq_get(dev, sqn);

	(void)hi;
	if (!sq) {
		cx4dev_guest_error(dev, "UAR %u: send doorbell for SQ 0x%x, which does not exist",
				   uar, sqn);
		return;
	}
	if (sq->wq.uar != uar) {
		cx4dev_guest_error(dev, "UAR %u: send doorbell for SQ 0x%x of UAR %u; ignored", uar,
				   sqn, sq->wq.uar);
		return;
	}
	if (sq->wq.state == CX4_WQ_STATE_RST) {
		cx4dev_guest_error(dev, "SQ 0x%x: doorbell in RST state (7.9.1); ignored", sqn);
		return;
	}
	if (sq->wq.state == CX4_WQ_STATE_ERR) {
		cx4dev_wq_flush(dev, sqn, &sq->wq, true);
		return;
	}
	cx4dev_sq_process(dev, sqn, sq);
}

/* A 32-bit write at @reg of UAR @uar inside the BlueFlame registers. */
void cx4dev_sq_bf_write(struct cx4dev *dev, uint32_t uar, uint32_t reg, uint32_t val)
{
	uint32_t in_buf = (reg - CX4_UAR_OFF_BF) % CX4_UAR_BF_BUF_SIZE;

	if (in_buf == 0) {
		dev->eth->bf_hi[uar] = val;
		dev->eth->bf_hi_valid[uar] = true;
		return;
	}
	if (in_buf != CX4_SEND_DB_OFF_DW1)
		return;		/* rest of a BlueFlame WQE copy */
	if (!dev->eth->bf_hi_valid[uar]) {
		cx4dev_guest_error(dev, "UAR %u: send doorbell second dword 0x%08x without the "
				   "first (PRM 7.2.2.2: lower address first)", uar, val);
		return;
	}
	dev->eth->bf_hi_valid[uar] = false;
	cx4dev_sq_doorbell(dev, uar, dev->eth->bf_hi[uar], val);
}

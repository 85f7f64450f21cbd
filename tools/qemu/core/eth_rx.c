/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Receive path (PRM 7.5, 7.7, 7.11, 3.3.1, 3.3.3, 3.3.7): a frame from
 * the port is parsed, steered through the NIC RX flow tables to TIRs,
 * each TIR picks an RQ (direct, or RQT entry by RX hash), VLAN stripping,
 * scatter into the RQ's next WQE through the MKeys, receive CQE.  A
 * frame that finds no WQE is an out-of-buffer drop (counted, reported in
 * the next CQE's rx_drop_counter); one that does not fit its WQE gets a
 * local length error CQE, moves the RQ to ERR and is a guest error.
 *
 * Local loopback (PRM 3.4): every frame the function transmits is also
 * offered to its own receive steering; a TIR in the sending TIS's
 * transport domain takes it only if its self_lb_en enables that kind of
 * traffic (bit 0 unicast, bit 1 multicast and broadcast).
 */
#include <string.h>

#include "cx4dev_int.h"

#define CX4DEV_MAX_RX_TIRS	8
#define ETH_P_8021Q		0x8100
#define IPPROTO_ESP_		50
#define IPPROTO_AH_		51
#define CX4DEV_RX_FCS		4	/* stripped before the model sees a frame */

bool cx4dev_eth_can_receive(struct cx4dev *dev)
{
	(void)dev;
	return true;	/* like the wire: frames without buffers are dropped, counted */
}

/* RX hash of frame @p per TIR @t (Toeplitz or inverted XOR8); @type: CQE hash type. */
static uint32_t cx4dev_rx_hash(const struct cx4dev_tir *t, const struct cx4dev_rqt *rqt,
			       const struct cx4dev_pkt *p, const uint8_t *f, uint32_t *type)
{
	uint32_t sel = t->sel_outer & cx4_fld_mask(CX4_HASH_SEL_SELECTED_FIELDS);
	bool v6 = t->sel_outer >> 31, udp = (t->sel_outer >> 30) & 1;
	uint8_t in[40], a[16], b[16], pa[2], pb[2];
	uint32_t n = 0, alen = v6 ? 16 : 4, ipt = v6 ? CX4_CQE_HASH_IPV6 : CX4_CQE_HASH_IPV4;
	uint32_t l4t = udp ? CX4_CQE_HASH_L4_UDP : CX4_CQE_HASH_L4_TCP, h = 0;
	bool l3ok = p->l3 == (v6 ? CX4_CQE_L3_IPV6 : CX4_CQE_L3_IPV4);
	bool l4ok = l3ok && p->l4 == (udp ? CX4_CQE_L4_UDP : CX4_CQE_L4_TCP);

	*type = 0;
	if (l3ok) {
		memcpy(a, f + p->l3_off + (v6 ? 8 : 12), alen);
		memcpy(b, f + p->l3_off + (v6 ? 24 : 16), alen);
	}
	if (l4ok) {
		memcpy(pa, f + p->l4_off, 2);
		memcpy(pb, f + p->l4_off + 2, 2);
	}
	if (t->hash_symmetric && l3ok && memcmp(a, b, alen) > 0) {
		uint8_t x[16];

		memcpy(x, a, alen);
		memcpy(a, b, alen);
		memcpy(b, x, alen);
	}
	if (t->hash_symmetric && l4ok && memcmp(pa, pb, 2) > 0) {
		uint8_t x[2];

		memcpy(x, pa, 2);
		memcpy(pa, pb, 2);
		memcpy(pb, x, 2);
	}
	if ((sel & CX4_HASH_FIELD_SRC_IP) && l3ok) {
		memcpy(in + n, a, alen);
		n += alen;
		*type |= ipt << CX4_CQE_HASH_IP_SRC_SHIFT;
	}
	if ((sel & CX4_HASH_FIELD_DST_IP) && l3ok) {
		memcpy(in + n, b, alen);
		n += alen;
		*type |= ipt << CX4_CQE_HASH_IP_DST_SHIFT;
	}
	if ((sel & CX4_HASH_FIELD_L4_SPORT) && l4ok) {
		memcpy(in + n, pa, 2);
		n += 2;
		*type |= l4t << CX4_CQE_HASH_L4_SRC_SHIFT;
	}
	if ((sel & CX4_HASH_FIELD_L4_DPORT) && l4ok) {
		memcpy(in + n, pb, 2);
		n += 2;
		*type |= l4t << CX4_CQE_HASH_L4_DST_SHIFT;
	}
	/* IPsec: the SPI of ESP (offset 0) or AH (offset 4), Table 47 bit 4. */
	if ((sel & CX4_HASH_FIELD_IPSEC_SPI) && l3ok &&
	    (p->proto == IPPROTO_ESP_ || p->proto == IPPROTO_AH_)) {
		uint32_t spi = p->l4_off + (p->proto == IPPROTO_AH_ ? 4 : 0);

		if (spi + 4 <= p->l3_off + p->l3_len && spi + 4 <= p->len) {
			memcpy(in + n, f + spi, 4);
			n += 4;
			*type |= CX4_CQE_HASH_L4_IPSEC_SPI << CX4_CQE_HASH_L4_SRC_SHIFT;
		}
	}
	if (t->hash_fn == CX4_TIR_HASH_TOEPLITZ)
		return cx4dev_toeplitz(t->key, sizeof(t->key), in, n);
	for (uint32_t i = 0; i < n; i++)
		h ^= in[i];
	return h ^ ((rqt->max_size - 1) & 0xff);
}

/* Scatter @len bytes of @f into the WQE at @wqe (stride bytes); 0 or -1. */
static int cx4dev_rx_scatter(struct cx4dev *dev, struct cx4dev_rq *rq, const uint8_t *wqe,
			     uint32_t stride, const uint8_t *f, uint32_t len, const char **why)
{
	for (uint32_t off = 0; off < stride && len; off += CX4_RX_DSEG_SIZE) {
		const uint8_t *d = wqe + off;
		uint32_t bc = CX4_GET(RX_DSEG, d, BYTE_COUNT), lkey = CX4_GET(RX_DSEG, d, LKEY);
		uint64_t va = CX4_GET64(RX_DSEG, d, ADDR);
		uint32_t take;

		if (!bc && lkey == CX4_RX_DSEG_NULL_LKEY)
			break;
		if (lkey == CX4DEV_RESD_LKEY && !rq->wq.rlkey) {
			*why = "reserved LKey on an RQ without rlkey";
			return -1;
		}
		take = !bc || bc > len ? len : bc;
		while (take) {
			uint64_t pa, n = cx4dev_mkey_translate(dev, lkey, rq->wq.pd, va, take, true,
							       &pa, why);

			if (!n)
				return -1;
			if (dev->ops->dma_write(dev->opaque, pa, f, n)) {
				*why = "scatter address not accessible by DMA";
				return -1;
			}
			f += n;
			va += n;
			take -= (uint32_t)n;
			len -= (uint32_t)n;
		}
	}
	if (len) {
		*why = "frame longer than the WQE's scatter list";
		return -1;
	}
	return 0;
}

static uint32_t cx4dev_cqe_l4_type(const struct cx4dev_pkt *p)
{
	if (p->l4 != CX4_CQE_L4_TCP || !(p->tcp_flags & 0x10))
		return p->l4;
	return p->l3_off + p->l3_len == p->l4_off + p->l4_hlen ? CX4_CQE_L4_TCP_EMPTY_ACK :
								   CX4_CQE_L4_TCP_ACK;
}

static void cx4dev_rx_cqe(struct cx4dev *dev, struct cx4dev_rq *rq, const struct cx4dev_pkt *p,
			  const uint8_t *f, uint32_t len, bool stripped, uint32_t tci,
			  uint32_t hash, uint32_t htype)
{
	uint8_t cqe[CX4_CQE_SIZE] = { 0 };

	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_RESP_SEND);
	CX4_SET(CQE, cqe, BYTE_CNT, len);
	CX4_SET(CQE, cqe, WQE_COUNTER, rq->wq.hw_counter);
	CX4_SET(CQE, cqe, L2_OK, p->len >= 14);
	CX4_SET(CQE, cqe, L3_HDR_TYPE, p->l3);
	CX4_SET(CQE, cqe, L4_HDR_TYPE, cx4dev_cqe_l4_type(p));
	CX4_SET(CQE, cqe, L3_OK, p->l3_ok);
	CX4_SET(CQE, cqe, L4_OK, p->l4_ok);
	CX4_SET(CQE, cqe, IP_FRAG, p->ip_frag);
	CX4_SET(CQE, cqe, IP_EXT_OPTS, p->ip_opts);
	if (p->l3 != CX4_CQE_L3_NONE)
		CX4_SET(CQE, cqe, CHECKSUM,
			cx4dev_csum_fold(cx4dev_csum_add(0, f + p->l3_off, p->l3_len)));
	if (stripped) {
		CX4_SET(CQE, cqe, CV, 1);
		CX4_SET(CQE, cqe, VLAN_TCI, tci);
	}
	if (htype) {
		CX4_SET(CQE, cqe, RX_HASH_TYPE, htype);
		CX4_SET(CQE, cqe, RX_HASH_RESULT, hash);
	}
	CX4_SET(CQE, cqe, FLOW_TAG, dev->eth->flow_tag);
	CX4_SET(CQE, cqe, RX_DROP_COUNTER, rq->drops_since_cqe > 0xff ? 0xff :
					       rq->drops_since_cqe);
	rq->drops_since_cqe = 0;
	if (p->l4_ok)
		dev->eth->cnt[CX4DEV_ETH_RX_CSUM_OK]++;
	CX4_SET64(CQE, cqe, TIMESTAMP, dev->eth->rx_ts);	/* 7.12.10: arrival */
	cx4dev_wq_post_cqe(dev, &rq->wq, cqe);
}

/* The RQ's current WQE completes in error (@syn, @vsyn); RQ to ERR, flush. */
static void cx4dev_rq_error(struct cx4dev *dev, uint32_t rqn, struct cx4dev_rq *rq,
			    uint32_t syn, uint32_t vsyn)
{
	uint8_t cqe[CX4_CQE_SIZE] = { 0 };

	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_RESP_ERR);
	CX4_SET(ERR_CQE, cqe, SYNDROME, syn);
	CX4_SET(ERR_CQE, cqe, VENDOR_ERR_SYNDROME, vsyn);
	CX4_SET(CQE, cqe, WQE_COUNTER, rq->wq.hw_counter);
	dev->eth->cnt[CX4DEV_ETH_RX_ERR_CQES]++;
	cx4dev_wq_post_cqe(dev, &rq->wq, cqe);
	rq->wq.hw_counter++;
	rq->wq.state = CX4_WQ_STATE_ERR;
	cx4dev_wq_flush(dev, rqn, &rq->wq, false);
}

/*
 * WQ_ERROR knob armed for this RQ and a WQE posted: an LRO session in
 * progress completes first, then the next WQE completes in error.
 */
static bool cx4dev_rx_knob(struct cx4dev *dev, uint32_t rqn, struct cx4dev_rq *rq,
			   uint16_t ctr)
{
	uint32_t size = 1u << rq->wq.log_size;

	if (!cx4dev_wq_error_armed(dev, true, rqn))
		return false;
	cx4dev_lro_flush(dev, rq, 0);
	if (ctr == rq->wq.hw_counter || (uint16_t)(ctr - rq->wq.hw_counter) > size)
		return false;
	cx4dev_rq_error(dev, rqn, rq, cx4dev_wq_error_fire(dev, true, rqn), CX4DEV_VSYN_KNOB);
	return true;
}

/* Deliver frame @f (parsed @p) through TIR @tirn. */
static void cx4dev_rx_tir(struct cx4dev *dev, uint32_t tirn, const struct cx4dev_pkt *p,
			  const uint8_t *f)
{
	struct cx4dev_tir *t = cx4dev_tir_get(dev, tirn);
	uint32_t rqn, hash = 0, htype = 0, len = p->len, tci = 0, stride, size;
	struct cx4dev_rqt *rqt = NULL;
	uint8_t *buf = dev->eth->seg, wqe[1u << 13];
	struct cx4dev_pkt bp;
	struct cx4dev_rq *rq;
	const char *why = NULL;
	bool strip;
	uint16_t ctr;

	if (!t)
		return;
	if (t->disp_type == CX4_TIR_DISP_DIRECT) {
		rqn = t->inline_rqn;
	} else {
		rqt = cx4dev_rqt_get(dev, t->rqtn);
		hash = cx4dev_rx_hash(t, rqt, p, f, &htype);
		rqn = rqt->rqn[hash & (rqt->size - 1)];
	}
	rq = cx4dev_rq_get(dev, rqn);
	if (!rq || rq->wq.state != CX4_WQ_STATE_RDY) {
		dev->eth->cnt[CX4DEV_ETH_RX_RQ_NOT_READY]++;
		return;
	}
	size = 1u << rq->wq.log_size;
	if (dev->ops->dma_read(dev->opaque, rq->wq.dbr, wqe, 4)) {
		cx4dev_guest_error(dev, "RQ 0x%x: doorbell record not readable", rqn);
		return;
	}
	ctr = (uint16_t)CX4_GET(WQ_DBR, wqe, RCV_COUNTER);
	strip = !rq->vsd && p->nvlan && p->vlan_tpid == ETH_P_8021Q;
	if (strip) {
		memcpy(buf, f, 12);
		memcpy(buf + 12, f + 16, len - 16);
		len -= 4;
		tci = p->vlan_tci;
		dev->eth->cnt[CX4DEV_ETH_RX_VLAN_STRIPPED]++;
	} else {
		memcpy(buf, f, len);
	}
	cx4dev_pkt_parse(&bp, buf, len);
	if (cx4dev_rx_knob(dev, rqn, rq, ctr))
		return;
	if (t->lro_mask || rq->lro) {
		struct cx4dev_lro_frame fr = {
			&bp, buf, strip, tci, hash, htype,
			ctr != rq->wq.hw_counter && (uint16_t)(ctr - rq->wq.hw_counter) <= size
		};

		if (cx4dev_lro_rx(dev, tirn, t, rq, &fr))
			return;
	}
	if (ctr == rq->wq.hw_counter || (uint16_t)(ctr - rq->wq.hw_counter) > size) {
		rq->out_of_buffer++;
		rq->drops_since_cqe++;
		cx4dev_q_counter_out_of_buffer(dev, rq);
		dev->eth->cnt[CX4DEV_ETH_RX_OUT_OF_BUFFER]++;
		return;
	}
	stride = 1u << rq->wq.log_stride;
	if (stride > sizeof(wqe) ||
	    cx4dev_wq_read(dev, &rq->wq, (rq->wq.hw_counter & (size - 1)) << rq->wq.log_stride,
			   wqe, stride)) {
		why = "WQE not readable";
	} else if (!cx4dev_rx_scatter(dev, rq, wqe, stride, buf, len, &why)) {
		cx4dev_rx_cqe(dev, rq, &bp, buf, len, strip, tci, hash, htype);
		rq->wq.hw_counter++;
		rq->packets++;
		rq->bytes += len;
		dev->eth->cnt[CX4DEV_ETH_RX_PACKETS]++;
		dev->eth->cnt[CX4DEV_ETH_RX_BYTES] += len;
		return;
	}
	cx4dev_guest_error(dev, "RQ 0x%x WQE 0x%x: %s (%u byte frame) -> error CQE, RQ to ERR",
			   rqn, rq->wq.hw_counter, why, len);
	if (strcmp(why, "frame longer than the WQE's scatter list"))
		cx4dev_rq_error(dev, rqn, rq, CX4_CQE_SYN_LOCAL_PROT_ERR, 0);
	else
		cx4dev_rq_error(dev, rqn, rq, CX4_CQE_SYN_LOCAL_LENGTH_ERR, 0);
}

/* Frame @f (@len bytes) sent through a TIS of transport domain @td. */
void cx4dev_eth_loopback(struct cx4dev *dev, uint32_t td, const uint8_t *f, uint32_t len)
{
	uint8_t match[CX4_FTE_MATCH_PARAM_SIZE], *lb = dev->eth->lb;
	uint32_t tirs[CX4DEV_MAX_RX_TIRS], n, bit, delivered = 0;
	struct cx4dev_pkt p;

	if (!(dev->state & CX4DEV_ST_INITIALIZED) || len < 14 || len > CX4DEV_MAX_FRAME)
		return;
	bit = cx4dev_frame_cast(f) == CX4DEV_CAST_UCAST ? CX4_TIR_SELF_LB_UC : CX4_TIR_SELF_LB_MC;
	memcpy(lb, f, len);	/* @f may be the scratch buffer the RX path uses */
	dev->eth->rx_ts = cx4dev_internal_timer(dev);
	cx4dev_pkt_parse(&p, lb, len);
	cx4dev_pkt_match(&p, lb, match);
	/*
	 * A frame nobody local wants is not a receive drop, and flow counters
	 * count it only if a TIR takes it (lb_steer: flow.c holds them back).
	 */
	dev->eth->flow_tag = 0;
	dev->eth->lb_steer = true;
	dev->eth->lb_nfc = 0;
	n = cx4dev_flow_steer(dev, match, len, tirs, CX4DEV_MAX_RX_TIRS);
	dev->eth->lb_steer = false;
	for (uint32_t i = 0; i < n; i++) {
		struct cx4dev_tir *t = cx4dev_tir_get(dev, tirs[i]);

		if (!t)
			continue;
		if (t->td == td && !(t->self_lb & bit)) {
			dev->eth->cnt[CX4DEV_ETH_LB_BLOCKED]++;
			continue;
		}
		cx4dev_rx_tir(dev, tirs[i], &p, lb);
		delivered++;
	}
	if (delivered) {
		dev->eth->cnt[CX4DEV_ETH_LB_DELIVERED]++;
		cx4dev_vport_count(dev, false, lb, len);
		for (uint32_t i = 0; i < dev->eth->lb_nfc; i++) {
			dev->eth->fc[dev->eth->lb_fc[i]].packets++;
			dev->eth->fc[dev->eth->lb_fc[i]].octets += len;
		}
	}
}

size_t cx4dev_eth_receive(struct cx4dev *dev, const uint8_t *frame, size_t len)
{
	uint8_t match[CX4_FTE_MATCH_PARAM_SIZE];
	uint32_t tirs[CX4DEV_MAX_RX_TIRS], n;
	struct cx4dev_pkt p;

	if (!dev->eth || !(dev->state & CX4DEV_ST_INITIALIZED) || !dev->port_oper ||
	    len < 14 || len > CX4DEV_MAX_FRAME) {
		if (dev->eth)
			dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING]++;
		return len;
	}
	/* No DMA without Bus Master Enable: the frame is lost, not queued. */
	if (dev->bus_master_off) {
		dev->eth->cnt[CX4DEV_ETH_RX_NO_BUS_MASTER]++;
		return len;
	}
	dev->eth->rx_ts = cx4dev_internal_timer(dev);
	if (!cx4dev_port_rx(dev, frame, (uint32_t)len))
		return len;	/* counted by the port, not passed on */
	cx4dev_pkt_parse(&p, frame, (uint32_t)len);
	/*
	 * vport MTU: like PMTU (11.1.1) and the RMON "MTU octets", the whole
	 * frame with its 4-byte FCS (what cx4 and mlx5e program: 1522 for
	 * an IP MTU of 1500 with one VLAN tag).
	 */
	if (dev->vport.mtu && len + CX4DEV_RX_FCS > dev->vport.mtu) {
		dev->eth->cnt[CX4DEV_ETH_RX_MTU_DROPS]++;
		cx4dev_vport_count_error(dev, false, (uint32_t)len);
		return len;
	}
	cx4dev_pkt_match(&p, frame, match);
	dev->eth->flow_tag = 0;
	n = cx4dev_flow_steer(dev, match, (uint32_t)len, tirs, CX4DEV_MAX_RX_TIRS);
	if (n)
		cx4dev_vport_count(dev, false, frame, (uint32_t)len);
	else
		cx4dev_port_rx_discard(dev);
	for (uint32_t i = 0; i < n; i++)
		cx4dev_rx_tir(dev, tirs[i], &p, frame);
	return len;
}

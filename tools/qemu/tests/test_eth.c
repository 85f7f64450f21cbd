/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: Ethernet datapath.  A fake driver builds the whole chain
 * (UAR, EQ, CQs, PD, TD, TIS, SQ, RQ, TIR, NIC RX flow table) in fake
 * guest memory, then: WQEs -> expected frame bytes and CQEs; frames in ->
 * expected CQEs and buffer contents; bad WQEs -> error CQE, SQ in ERR and
 * a counted guest error; object references and state rules; LSO, VLAN
 * strip, RSS (Toeplitz test vector).
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "syndrome.h"
#include "testutil.h"

static const uint8_t my_mac[6] = { 0x02, 0x00, 0x00, 0xc4, 0x00, 0x01 };
static const uint8_t peer_mac[6] = { 0x02, 0x00, 0x00, 0xc4, 0x00, 0x02 };

struct ecq {
	uint32_t cqn;
	uint32_t log_size;
	uint64_t buf;
	uint64_t dbr;
	uint32_t cc;
};

struct ewq {
	uint32_t qn;
	uint64_t buf;
	uint64_t dbr;
	uint32_t log_size;
	uint32_t log_stride;
	uint16_t pc;		/* producer counter (WQEBBs / WQEs) */
};

struct env {
	struct fh *fh;
	uint32_t uar, eqn, pd, td, tis, tir, ft, fg;
	struct ecq scq, rcq;
	struct ewq sq, rq;
};

static uint8_t run(struct fh *fh, const uint8_t *in, uint32_t in_len, uint32_t out_len,
		   struct fh_result *r)
{
	fh_exec(fh, in, in_len, out_len, r);
	return r->done && !r->ds ? r->status : 0xff;
}

static uint32_t simple_out(struct fh *fh, uint16_t op, uint32_t f)
{
	struct fh_result r;

	CHECK_EQ(fh_simple(fh, op, 0, &r), CX4_CMD_STAT_OK);
	return cx4_get(r.out, f);
}

static uint8_t cmd_obj(struct fh *fh, uint16_t op, uint32_t f, uint32_t v, uint32_t out_len,
		       struct fh_result *r)
{
	uint8_t in[CX4_FT_CMD_SIZE] = { 0 };
	uint32_t len = CX4_CMD_SIMPLE_SIZE;

	cx4_set(in, CX4_CMD_IN_OPCODE, op);
	cx4_set(in, f, v);
	if (CX4_FLD_OFF(f) >= CX4_CMD_SIMPLE_SIZE)
		len = CX4_FT_CMD_SIZE;
	return run(fh, in, len, out_len, r);
}

static void create_eq0(struct env *e)
{
	uint8_t in[CX4_CREATE_EQ_OFF_PAS + CX4_PAS_SIZE] = { 0 };
	uint64_t buf = fh_alloc(e->fh, CX4_PAGE_SIZE, CX4_PAGE_SIZE);
	struct fh_result r;

	for (uint32_t o = 0; o < 16 * CX4_EQE_SIZE; o += CX4_EQE_SIZE)
		*(uint8_t *)fh_ptr(e->fh, buf + o + CX4_EQE_OFF_OWNER_BYTE) = 1;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_EQ);
	cx4_set(in + CX4_CREATE_EQ_OFF_EQC, CX4_EQC_LOG_EQ_SIZE, 4);
	cx4_set(in + CX4_CREATE_EQ_OFF_EQC, CX4_EQC_UAR_PAGE, e->uar);
	cx4_set64(in, CX4_CREATE_EQ_OFF_PAS, buf);
	CHECK_EQ(run(e->fh, in, sizeof(in), CX4_CREATE_EQ_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	e->eqn = cx4_get(r.out, CX4_CREATE_EQ_OUT_EQ_NUMBER);
}

static void create_cq(struct env *e, struct ecq *cq)
{
	uint8_t in[CX4_CREATE_CQ_OFF_PAS + CX4_PAS_SIZE] = { 0 };
	uint8_t *cqc = in + CX4_CREATE_CQ_OFF_CQC;
	struct fh_result r;

	memset(cq, 0, sizeof(*cq));
	cq->log_size = 5;
	cq->buf = fh_alloc(e->fh, CX4_PAGE_SIZE, CX4_PAGE_SIZE);
	cq->dbr = fh_alloc(e->fh, 64, 64);
	for (uint32_t o = 0; o < 32 * CX4_CQE_SIZE; o += CX4_CQE_SIZE)
		cx4_set(fh_ptr(e->fh, cq->buf + o), CX4_CQE_OPCODE, CX4_CQE_OP_INVALID);
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_CQ);
	cx4_set(cqc, CX4_CQC_LOG_CQ_SIZE, cq->log_size);
	cx4_set(cqc, CX4_CQC_UAR_PAGE, e->uar);
	cx4_set(cqc, CX4_CQC_C_EQN, e->eqn);
	cx4_set64(cqc, CX4_CQC_OFF_DBR_ADDR, cq->dbr);
	cx4_set64(in, CX4_CREATE_CQ_OFF_PAS, cq->buf);
	CHECK_EQ(run(e->fh, in, sizeof(in), CX4_CREATE_CQ_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	cq->cqn = cx4_get(r.out, CX4_CREATE_CQ_OUT_CQN);
}

static uint8_t *cq_poll(struct fh *fh, struct ecq *cq)
{
	uint32_t idx = cq->cc & ((1u << cq->log_size) - 1);
	uint8_t *c = fh_ptr(fh, cq->buf + (uint64_t)idx * CX4_CQE_SIZE);

	if (cx4_get(c, CX4_CQE_OWNER) != cx4_owner_bit(cq->cc, cq->log_size) ||
	    cx4_get(c, CX4_CQE_OPCODE) == CX4_CQE_OP_INVALID)
		return NULL;
	CHECK(cx4_cqe_sig_ok(c, idx));
	cq->cc++;
	cx4_set(fh_ptr(fh, cq->dbr), CX4_CQ_DBR_UPDATE_CI, cq->cc);
	return c;
}

/* Fill a WQ context (Table 55) and allocate its buffer and record. */
static void fill_wq(struct env *e, uint8_t *wqc, struct ewq *q, bool sq, uint8_t *pas)
{
	q->buf = fh_alloc(e->fh, CX4_PAGE_SIZE, CX4_PAGE_SIZE);
	q->dbr = fh_alloc(e->fh, 64, 64);
	cx4_set(wqc, CX4_WQ_TYPE, CX4_WQ_TYPE_CYCLIC);
	cx4_set(wqc, CX4_WQ_PD, e->pd);
	if (sq)
		cx4_set(wqc, CX4_WQ_UAR_PAGE, e->uar);
	cx4_set64(wqc, CX4_WQ_OFF_DBR_ADDR, q->dbr);
	cx4_set(wqc, CX4_WQ_LOG_WQ_STRIDE, q->log_stride);
	cx4_set(wqc, CX4_WQ_LOG_WQ_SZ, q->log_size);
	cx4_set64(pas, 0, q->buf);
}

static uint8_t create_sq(struct env *e, struct ewq *q, struct fh_result *r,
			 void (*tweak)(uint8_t *c))
{
	uint8_t in[CX4_CREATE_SQ_IN_OFF_PAS + CX4_PAS_SIZE] = { 0 };
	uint8_t *c = in + CX4_CREATE_SQ_IN_OFF_CTX;

	memset(q, 0, sizeof(*q));
	q->log_size = 4;		/* 16 WQEBBs: one page */
	q->log_stride = CX4_SEND_WQEBB_SHIFT;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_SQ);
	cx4_set(c, CX4_SQC_RLKEY, 1);
	cx4_set(c, CX4_SQC_FLUSH_IN_ERROR_EN, 1);
	cx4_set(c, CX4_SQC_CQN, e->scq.cqn);
	cx4_set(c, CX4_SQC_TIS_LST_SZ, 1);
	cx4_set(c, CX4_SQC_TIS_NUM_0, e->tis);
	cx4_set(c, CX4_SQC_USER_INDEX, 0x5151);
	fill_wq(e, c + CX4_SQC_OFF_WQ, q, true, in + CX4_CREATE_SQ_IN_OFF_PAS);
	if (tweak)
		tweak(c);
	if (run(e->fh, in, sizeof(in), CX4_CREATE_SQ_OUT_SIZE, r) == CX4_CMD_STAT_OK)
		q->qn = cx4_get(r->out, CX4_CREATE_SQ_OUT_SQN);
	return r->status;
}

static uint8_t create_rq_stride(struct env *e, struct ewq *q, bool vsd, uint32_t log_stride,
				struct fh_result *r)
{
	uint8_t in[CX4_CREATE_RQ_IN_OFF_PAS + CX4_PAS_SIZE] = { 0 };
	uint8_t *c = in + CX4_CREATE_RQ_IN_OFF_CTX;

	memset(q, 0, sizeof(*q));
	q->log_size = 4;
	q->log_stride = log_stride;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_RQ);
	cx4_set(c, CX4_RQC_RLKEY, 1);
	cx4_set(c, CX4_RQC_VSD, vsd);
	cx4_set(c, CX4_RQC_CQN, e->rcq.cqn);
	cx4_set(c, CX4_RQC_USER_INDEX, 0x7272);
	fill_wq(e, c + CX4_RQC_OFF_WQ, q, false, in + CX4_CREATE_RQ_IN_OFF_PAS);
	if (run(e->fh, in, sizeof(in), CX4_CREATE_RQ_OUT_SIZE, r) == CX4_CMD_STAT_OK)
		q->qn = cx4_get(r->out, CX4_CREATE_RQ_OUT_RQN);
	return r->status;
}

/* 16 WQEs of 64 bytes (4 scatter entries). */
static uint8_t create_rq(struct env *e, struct ewq *q, bool vsd, struct fh_result *r)
{
	return create_rq_stride(e, q, vsd, 6, r);
}

static uint8_t modify_wq(struct fh *fh, bool sq, uint32_t qn, uint32_t cur, uint32_t next,
			 struct fh_result *r)
{
	uint8_t in[CX4_MODIFY_SQ_IN_SIZE] = { 0 };

	cx4_set(in, CX4_CMD_IN_OPCODE, sq ? CX4_CMD_MODIFY_SQ : CX4_CMD_MODIFY_RQ);
	cx4_set(in, CX4_MODIFY_SQ_IN_SQ_STATE, cur);
	cx4_set(in, CX4_MODIFY_SQ_IN_SQN, qn);
	cx4_set(in + CX4_MODIFY_SQ_IN_OFF_CTX, CX4_SQC_STATE, next);
	return run(fh, in, sizeof(in), CX4_MODIFY_SQ_OUT_SIZE, r);
}

static uint8_t create_tir_direct(struct env *e, uint32_t rqn, struct fh_result *r)
{
	uint8_t in[CX4_CREATE_TIR_IN_SIZE] = { 0 };
	uint8_t *c = in + CX4_CREATE_TIR_IN_OFF_CTX;

	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_TIR);
	cx4_set(c, CX4_TIRC_DISP_TYPE, CX4_TIR_DISP_DIRECT);
	cx4_set(c, CX4_TIRC_INLINE_RQN, rqn);
	cx4_set(c, CX4_TIRC_TRANSPORT_DOMAIN, e->td);
	return run(e->fh, in, sizeof(in), CX4_CREATE_TIR_OUT_SIZE, r);
}

/* Root table (level 0) with one group matching the DMAC. */
static void create_steering(struct env *e)
{
	uint8_t in[CX4_CREATE_FLOW_GROUP_IN_SIZE] = { 0 };
	uint8_t *mc = in + CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA;
	struct fh_result r;

	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_FLOW_TABLE);
	cx4_set(in, CX4_FT_CMD_TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	cx4_set(in + CX4_FT_OFF_CTX, CX4_FTC_LOG_SIZE, 2);
	CHECK_EQ(run(e->fh, in, CX4_CREATE_FLOW_TABLE_IN_SIZE, CX4_CREATE_FLOW_TABLE_OUT_SIZE, &r),
		 CX4_CMD_STAT_OK);
	e->ft = cx4_get(r.out, CX4_CREATE_FLOW_TABLE_OUT_TABLE_ID);
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_FLOW_GROUP);
	cx4_set(in, CX4_FT_CMD_TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, e->ft);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_START_FLOW_INDEX, 0);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_END_FLOW_INDEX, 1);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_MATCH_CRITERIA_ENABLE, CX4_MATCH_OUTER_HEADERS);
	memset(mc + CX4_FTE_OFF_DMAC, 0xff, 6);
	CHECK_EQ(run(e->fh, in, sizeof(in), CX4_CREATE_FLOW_GROUP_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	e->fg = cx4_get(r.out, CX4_CREATE_FLOW_GROUP_OUT_GROUP_ID);
}

static uint8_t set_fte(struct env *e, uint32_t index, const uint8_t *dmac, uint32_t tir,
		       struct fh_result *r)
{
	uint8_t in[0x400] = { 0 };
	uint8_t *fc = in + CX4_FTE_OFF_FLOW_CTX;

	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
	cx4_set(in, CX4_FT_CMD_TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, e->ft);
	cx4_set(in, CX4_FTE_CMD_FLOW_INDEX, index);
	cx4_set(fc, CX4_FLOWC_GROUP_ID, e->fg);
	cx4_set(fc, CX4_FLOWC_ACTION, CX4_FLOW_ACTION_FWD_DEST);
	cx4_set(fc, CX4_FLOWC_DESTINATION_LIST_SIZE, 1);
	memcpy(fc + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_OFF_DMAC, dmac, 6);
	cx4_set(fc + cx4_flowc_dest_off(0), CX4_FLOW_DEST_TYPE, CX4_FLOW_DEST_TIR);
	cx4_set(fc + cx4_flowc_dest_off(0), CX4_FLOW_DEST_ID, tir);
	return run(e->fh, in, cx4_fte_cmd_size(1), CX4_SET_FTE_OUT_SIZE, r);
}

static struct env *env_new(bool vsd)
{
	struct env *e = calloc(1, sizeof(*e));
	struct cx4dev_config cfg;
	struct fh_result r;
	uint8_t in[CX4_CREATE_TIS_IN_SIZE] = { 0 };

	if (!e)
		abort();
	cx4dev_config_init(&cfg);
	cfg.debug_ctl = true;
	e->fh = fh_new(&cfg);
	if (fh_bringup(e->fh))
		t_failed = 1;
	e->uar = simple_out(e->fh, CX4_CMD_ALLOC_UAR, CX4_ALLOC_UAR_OUT_UAR);
	e->pd = simple_out(e->fh, CX4_CMD_ALLOC_PD, CX4_ALLOC_PD_OUT_PD);
	e->td = simple_out(e->fh, CX4_CMD_ALLOC_TRANSPORT_DOMAIN,
			   CX4_ALLOC_TD_OUT_TRANSPORT_DOMAIN);
	create_eq0(e);
	create_cq(e, &e->scq);
	create_cq(e, &e->rcq);
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_TIS);
	cx4_set(in + CX4_CREATE_TIS_IN_OFF_CTX, CX4_TISC_TRANSPORT_DOMAIN, e->td);
	CHECK_EQ(run(e->fh, in, sizeof(in), CX4_CREATE_TIS_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	e->tis = cx4_get(r.out, CX4_CREATE_TIS_OUT_TISN);
	CHECK_EQ(create_sq(e, &e->sq, &r, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(create_rq(e, &e->rq, vsd, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(create_tir_direct(e, e->rq.qn, &r), CX4_CMD_STAT_OK);
	e->tir = cx4_get(r.out, CX4_CREATE_TIR_OUT_TIRN);
	create_steering(e);
	CHECK_EQ(set_fte(e, 0, my_mac, e->tir, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(e->fh), 0);
	return e;
}

static void env_free(struct env *e)
{
	fh_free(e->fh);
	free(e);
}

/* ---- frames ---- */

static uint16_t csum(const uint8_t *b, uint32_t len, uint32_t sum)
{
	for (uint32_t i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)b[i] << 8 | b[i + 1];
	if (len & 1)
		sum += (uint32_t)b[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

/* IPv4 frame to @dst with a TCP (proto 6) or UDP (17) payload of @plen bytes. */
static uint32_t build_ipv4(uint8_t *f, const uint8_t *dst, uint32_t proto, uint32_t plen,
			   bool good_csum)
{
	uint32_t l4h = proto == 6 ? 20 : 8, tot = 20 + l4h + plen;
	uint8_t *ip = f + 14, *l4 = ip + 20;

	memset(f, 0, 14 + tot);
	memcpy(f, dst, 6);
	memcpy(f + 6, peer_mac, 6);
	f[12] = 0x08;
	ip[0] = 0x45;
	ip[2] = (uint8_t)(tot >> 8);
	ip[3] = (uint8_t)tot;
	ip[4] = 0x12;
	ip[5] = 0x34;
	ip[8] = 64;
	ip[9] = (uint8_t)proto;
	memcpy(ip + 12, "\xc6\x12\x00\x01\xc6\x12\x00\x02", 8);	/* 198.18.0.1 -> .2 */
	l4[0] = 0x30;
	l4[1] = 0x39;	/* port 12345 */
	l4[2] = 0x00;
	l4[3] = 0x50;	/* port 80 */
	if (proto == 6) {
		l4[4] = 0x10;	/* seq 0x10000000 */
		l4[12] = 0x50;
		l4[13] = 0x18;	/* PSH ACK */
		l4[14] = 0xff;
	} else {
		l4[4] = (uint8_t)((8 + plen) >> 8);
		l4[5] = (uint8_t)(8 + plen);
	}
	for (uint32_t i = 0; i < plen; i++)
		l4[l4h + i] = (uint8_t)(i * 7 + 1);
	if (good_csum) {
		uint32_t ps = 0xc612 + 0x0001 + 0xc612 + 0x0002 + proto + l4h + plen;
		uint16_t v;

		v = (uint16_t)~csum(ip, 20, 0);
		ip[10] = (uint8_t)(v >> 8);
		ip[11] = (uint8_t)v;
		v = (uint16_t)~csum(l4, l4h + plen, ps);
		l4[proto == 6 ? 16 : 6] = (uint8_t)(v >> 8);
		l4[proto == 6 ? 17 : 7] = (uint8_t)v;
	}
	return 14 + tot;
}

static bool ipv4_csums_ok(const uint8_t *f)
{
	const uint8_t *ip = f + 14;
	uint32_t tot = (uint32_t)ip[2] << 8 | ip[3], proto = ip[9];
	uint32_t ps = csum(ip + 12, 8, 0) + proto + tot - 20;

	return csum(ip, 20, 0) == 0xffff && csum(ip + 20, tot - 20, ps) == 0xffff;
}

/* ---- posting ---- */

/* Post a SEND/LSO WQE: @inl bytes inline, the rest of @f by pointer. */
static void post_send(struct env *e, uint32_t opcode, const uint8_t *f, uint32_t len,
		      uint32_t inl, uint32_t cs, uint32_t mss, uint32_t lkey, bool ring)
{
	uint32_t size = 1u << e->sq.log_size, idx = e->sq.pc & (size - 1);
	uint8_t *w = fh_ptr(e->fh, e->sq.buf + (uint64_t)idx * CX4_SEND_WQEBB_SIZE);
	uint8_t *eth = w + CX4_WQE_CTRL_SIZE, *d;
	uint32_t esz = cx4_wqe_eth_seg_size(inl), ds, bbs;
	uint64_t data = fh_alloc(e->fh, len > inl ? len - inl : 1, 64);

	memset(w, 0, 4 * CX4_SEND_WQEBB_SIZE);
	ds = (CX4_WQE_CTRL_SIZE + esz + (len > inl ? CX4_WQE_DSEG_SIZE : 0)) / 16;
	cx4_set(w, CX4_WQE_CTRL_WQE_INDEX, e->sq.pc);
	cx4_set(w, CX4_WQE_CTRL_OPCODE, opcode);
	cx4_set(w, CX4_WQE_CTRL_SQN, e->sq.qn);
	cx4_set(w, CX4_WQE_CTRL_DS, ds);
	cx4_set(w, CX4_WQE_CTRL_CE, CX4_WQE_CE_CQE_ALWAYS);
	eth[CX4_WQE_ETH_OFF_CS_FLAGS] = (uint8_t)cs;
	cx4_set(eth, CX4_WQE_ETH_MSS, mss);
	cx4_set(eth, CX4_WQE_ETH_INLINE_HDR_SZ, inl);
	memcpy(eth + CX4_WQE_ETH_OFF_INLINE_HDR, f, inl);
	if (len > inl) {
		d = eth + esz;
		memcpy(fh_ptr(e->fh, data), f + inl, len - inl);
		cx4_set(d, CX4_WQE_DSEG_BYTE_COUNT, len - inl);
		cx4_set(d, CX4_WQE_DSEG_LKEY, lkey);
		cx4_set64(d, CX4_WQE_DSEG_OFF_ADDR, data);
	}
	bbs = (ds * 16 + 63) / 64;
	e->sq.pc = (uint16_t)(e->sq.pc + bbs);
	cx4_set(fh_ptr(e->fh, e->sq.dbr), CX4_WQ_DBR_SND_COUNTER, e->sq.pc);
	if (ring)
		cx4dev_mmio_write(e->fh->dev, (uint64_t)e->uar * CX4_UAR_PAGE_SIZE +
				  cx4_uar_bf_off(0, 0), (uint64_t)cx4_rd32(w, 0) << 32 |
				  cx4_rd32(w, 4), 8);
}

/* Post one receive WQE of one @size-byte buffer; returns the buffer. */
static uint64_t post_recv(struct env *e, uint32_t size)
{
	uint32_t idx = e->rq.pc & ((1u << e->rq.log_size) - 1);
	uint8_t *w = fh_ptr(e->fh, e->rq.buf + ((uint64_t)idx << e->rq.log_stride));
	uint64_t buf = fh_alloc(e->fh, size, 64);

	memset(w, 0, 1u << e->rq.log_stride);
	cx4_set(w, CX4_RX_DSEG_BYTE_COUNT, size);
	cx4_set(w, CX4_RX_DSEG_LKEY, CX4DEV_RESD_LKEY);
	cx4_set64(w, CX4_RX_DSEG_OFF_ADDR, buf);
	cx4_set(w + CX4_RX_DSEG_SIZE, CX4_RX_DSEG_LKEY, CX4_RX_DSEG_NULL_LKEY);
	e->rq.pc++;
	cx4_set(fh_ptr(e->fh, e->rq.dbr), CX4_WQ_DBR_RCV_COUNTER, e->rq.pc);
	return buf;
}

/* ---- tests ---- */

static void test_eth_tx_csum(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], *c;
	uint32_t len = build_ipv4(f, peer_mac, 17, 40, false);

	/* UDP/IPv4 with both checksums left to the device; L2 header inline. */
	post_send(e, CX4_WQE_OP_SEND, f, len, 14, CX4_WQE_ETH_CS_L3 | CX4_WQE_ETH_CS_L4, 0,
		  CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 1);
	if (e->fh->n_tx == 1) {
		CHECK_EQ(e->fh->tx_len[0], len);
		CHECK(ipv4_csums_ok(e->fh->tx[0]));
		/* Everything but the checksums is the posted frame. */
		CHECK(!memcmp(e->fh->tx[0], f, 24));
		CHECK(!memcmp(e->fh->tx[0] + 26, f + 26, 40 - 26));
		CHECK(!memcmp(e->fh->tx[0] + 42, f + 42, len - 42));
	}
	c = cq_poll(e->fh, &e->scq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(cx4_get(c, CX4_CQE_OPCODE), CX4_CQE_OP_REQ);
		CHECK_EQ(cx4_get(c, CX4_CQE_WQE_COUNTER), 0);
		CHECK_EQ(cx4_get(c, CX4_CQE_S_WQE_OPCODE), CX4_WQE_OP_SEND);
		CHECK_EQ(cx4_get(c, CX4_CQE_USER_INDEX), 0x5151);
	}
	/* Short frame without offloads: padded to 60 bytes, sent as is. */
	memset(f, 0, sizeof(f));
	memcpy(f, peer_mac, 6);
	f[12] = 0x88;
	f[13] = 0xb5;
	f[14] = 0xaa;
	post_send(e, CX4_WQE_OP_SEND, f, 15, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 2);
	if (e->fh->n_tx == 2) {
		CHECK_EQ(e->fh->tx_len[1], 60);
		CHECK(!memcmp(e->fh->tx[1], f, 60));
	}
	c = cq_poll(e->fh, &e->scq);
	CHECK(c && cx4_get(c, CX4_CQE_WQE_COUNTER) == 1);
	/* Datapath counters on the debug control page. */
	CHECK_EQ(fh_rd32(e->fh, CX4DEV_CTL_BASE + CX4DEV_CTL_ETH_CNT +
			 4 * CX4DEV_ETH_TX_PACKETS), 2);
	CHECK_EQ(fh_rd32(e->fh, CX4DEV_CTL_BASE + CX4DEV_CTL_ETH_CNT +
			 4 * CX4DEV_ETH_TX_CSUM), 2);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_tx_lso(void)
{
	struct env *e = env_new(true);
	static uint8_t f[4096];
	uint32_t len = build_ipv4(f, peer_mac, 6, 2500, false);

	post_send(e, CX4_WQE_OP_LSO, f, len, 54, CX4_WQE_ETH_CS_L3 | CX4_WQE_ETH_CS_L4, 1000,
		  CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 3);
	for (size_t i = 0; i < e->fh->n_tx && i < 3; i++) {
		const uint8_t *s = e->fh->tx[i];
		uint32_t seq = (uint32_t)s[38] << 24 | (uint32_t)s[39] << 16 | s[40] << 8 | s[41], n = i < 2 ? 1000 : 500;

		CHECK_EQ(e->fh->tx_len[i], 54 + n);
		CHECK(ipv4_csums_ok(s));
		CHECK_EQ(seq, 0x10000000u + 1000u * i);
		CHECK_EQ((uint32_t)s[18] << 8 | s[19], 0x1234 + i);	/* IP ID */
		CHECK_EQ(s[14 + 20 + 13] & 0x08, i == 2 ? 0x08 : 0);	/* PSH on the last */
		CHECK(!memcmp(s + 54, f + 54 + 1000 * i, n));
	}
	CHECK(cq_poll(e->fh, &e->scq) != NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_TX_LSO_SEGMENTS], 3);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_tx_bad_wqe(void)
{
	struct env *e = env_new(true);
	uint8_t f[128], *c;
	uint32_t len = build_ipv4(f, peer_mac, 17, 10, true);
	struct fh_result r;

	/* A bad LKey: local protection error CQE, SQ to ERR, guest error. */
	post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, 0x0badbe00, true);
	CHECK_EQ(e->fh->n_tx, 0);
	CHECK_EQ(ERRORS(e->fh), 1);
	c = cq_poll(e->fh, &e->scq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(cx4_get(c, CX4_CQE_OPCODE), CX4_CQE_OP_REQ_ERR);
		CHECK_EQ(cx4_get(c, CX4_ERR_CQE_SYNDROME), CX4_CQE_SYN_LOCAL_PROT_ERR);
		CHECK_EQ(cx4_get(c, CX4_ERR_CQE_VENDOR_ERR_SYNDROME), 0x08);
		CHECK_EQ(cx4_get(c, CX4_CQE_WQE_COUNTER), 0);
	}
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_QUERY_SQ, CX4_QUERY_SQ_IN_SQN, e->sq.qn,
			 CX4_QUERY_SQ_OUT_OFF_PAS + 8, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(cx4_get(r.out + CX4_QUERY_SQ_OUT_OFF_CTX, CX4_SQC_STATE), CX4_WQ_STATE_ERR);
	/* In ERR, a posted WQE is flushed (flush_in_error_en). */
	post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = cq_poll(e->fh, &e->scq);
	CHECK(c && cx4_get(c, CX4_ERR_CQE_SYNDROME) == CX4_CQE_SYN_WR_FLUSH_ERR);
	CHECK_EQ(e->fh->n_tx, 0);
	/* RDY->RDY from ERR is not allowed; ERR->RST->RDY is. */
	CHECK_EQ(modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RDY, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_BAD_RESOURCE_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_SQ_TRANSITION);
	CHECK_EQ(modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r),
		 CX4_CMD_STAT_OK);
	e->sq.pc = 0;	/* 7.9.1: doorbell record zeroed before RST->RDY */
	cx4_set(fh_ptr(e->fh, e->sq.dbr), CX4_WQ_DBR_SND_COUNTER, 0);
	CHECK_EQ(modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	/* Wrong opcode, then a WQE whose index is not the WQEBB counter. */
	post_send(e, 0x0b, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = cq_poll(e->fh, &e->scq);
	CHECK(c && cx4_get(c, CX4_ERR_CQE_VENDOR_ERR_SYNDROME) == 0x01);
	CHECK_EQ(ERRORS(e->fh), 3);	/* + the RDY->RDY attempt */
	/* Inline header shorter than L2 (ConnectX-4 inline mode): dropped, completed. */
	modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r);
	e->sq.pc = 0;
	cx4_set(fh_ptr(e->fh, e->sq.dbr), CX4_WQ_DBR_SND_COUNTER, 0);
	modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r);
	post_send(e, CX4_WQE_OP_SEND, f, len, 2, 0, 0, CX4DEV_RESD_LKEY, true);
	c = cq_poll(e->fh, &e->scq);
	CHECK(c && cx4_get(c, CX4_CQE_OPCODE) == CX4_CQE_OP_REQ);
	CHECK_EQ(e->fh->n_tx, 0);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_TX_INLINE_DROPS], 1);
	CHECK_EQ(ERRORS(e->fh), 4);
	env_free(e);
}

static void test_eth_rx(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], *c;
	uint32_t len = build_ipv4(f, my_mac, 17, 40, true);
	uint64_t buf = post_recv(e, 2048);

	cx4dev_receive(e->fh->dev, f, len);
	c = cq_poll(e->fh, &e->rcq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(cx4_get(c, CX4_CQE_OPCODE), CX4_CQE_OP_RESP_SEND);
		CHECK_EQ(cx4_get(c, CX4_CQE_BYTE_CNT), len);
		CHECK_EQ(cx4_get(c, CX4_CQE_WQE_COUNTER), 0);
		CHECK_EQ(cx4_get(c, CX4_CQE_L3_HDR_TYPE), CX4_CQE_L3_IPV4);
		CHECK_EQ(cx4_get(c, CX4_CQE_L4_HDR_TYPE), CX4_CQE_L4_UDP);
		CHECK_EQ(cx4_get(c, CX4_CQE_L3_OK), 1);
		CHECK_EQ(cx4_get(c, CX4_CQE_L4_OK), 1);
		CHECK_EQ(cx4_get(c, CX4_CQE_CV), 0);
		CHECK_EQ(cx4_get(c, CX4_CQE_USER_INDEX), 0x7272);
		/* Sum of the IP packet: header sums to 0xffff, so = payload sum. */
		CHECK_EQ(cx4_get(c, CX4_CQE_CHECKSUM), csum(f + 14, len - 14, 0));
		CHECK_EQ(cx4_get(c, CX4_CQE_RX_HASH_TYPE), 0);
	}
	CHECK(!memcmp(fh_ptr(e->fh, buf), f, len));
	/* Bad UDP checksum: delivered, l4_ok 0. */
	f[len - 1] ^= 0xff;
	post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = cq_poll(e->fh, &e->rcq);
	CHECK(c && cx4_get(c, CX4_CQE_L4_OK) == 0 && cx4_get(c, CX4_CQE_L3_OK) == 1);
	/* Foreign DMAC: no flow matches, default miss drops. */
	len = build_ipv4(f, peer_mac, 17, 40, true);
	post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING], 1);
	/* The posted WQE takes the next frame; then none left: out of buffer. */
	len = build_ipv4(f, my_mac, 6, 0, true);
	cx4dev_receive(e->fh->dev, f, len);
	c = cq_poll(e->fh, &e->rcq);
	CHECK(c && cx4_get(c, CX4_CQE_L4_HDR_TYPE) == CX4_CQE_L4_TCP_EMPTY_ACK);
	cx4dev_receive(e->fh->dev, f, len);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_OUT_OF_BUFFER], 2);
	post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = cq_poll(e->fh, &e->rcq);
	CHECK(c && cx4_get(c, CX4_CQE_RX_DROP_COUNTER) == 2);
	/* Buffer too small: responder error CQE, RQ to ERR, guest error. */
	post_recv(e, 16);
	cx4dev_receive(e->fh->dev, f, len);
	c = cq_poll(e->fh, &e->rcq);
	CHECK(c && cx4_get(c, CX4_CQE_OPCODE) == CX4_CQE_OP_RESP_ERR &&
	      cx4_get(c, CX4_ERR_CQE_SYNDROME) == CX4_CQE_SYN_LOCAL_LENGTH_ERR);
	CHECK_EQ(ERRORS(e->fh), 1);
	env_free(e);
}

static void test_eth_rx_vlan_strip(void)
{
	struct env *e = env_new(false);
	uint8_t f[256], t[260], *c;
	uint32_t len = build_ipv4(f, my_mac, 17, 40, true);
	uint64_t buf = post_recv(e, 2048);

	memcpy(t, f, 12);
	t[12] = 0x81;
	t[13] = 0x00;
	t[14] = 0xa0;
	t[15] = 0x05;	/* prio 5, vid 5 */
	memcpy(t + 16, f + 12, len - 12);
	cx4dev_receive(e->fh->dev, t, len + 4);
	c = cq_poll(e->fh, &e->rcq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(cx4_get(c, CX4_CQE_CV), 1);
		CHECK_EQ(cx4_get(c, CX4_CQE_VID), 5);
		CHECK_EQ(cx4_get(c, CX4_CQE_UP), 5);
		CHECK_EQ(cx4_get(c, CX4_CQE_BYTE_CNT), len);
		CHECK_EQ(cx4_get(c, CX4_CQE_L4_OK), 1);
	}
	CHECK(!memcmp(fh_ptr(e->fh, buf), f, len));
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_toeplitz(void)
{
	/* NDIS RSS verification key and the 66.9.149.187:2794 -> 161.142.100.80:1766 vector. */
	static const uint8_t key[40] = {
		0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
		0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
		0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
	};
	static const uint8_t in[12] = { 66, 9, 149, 187, 161, 142, 100, 80, 0x0a, 0xea, 0x06, 0xe6 };

	CHECK_EQ(cx4dev_toeplitz(key, sizeof(key), in, 8), 0x323e8fc2);
	CHECK_EQ(cx4dev_toeplitz(key, sizeof(key), in, 12), 0x51ccc178);
}

static void test_eth_rss(void)
{
	struct env *e = env_new(true);
	uint8_t in[0x200] = { 0 }, *c = in + CX4_OBJ_CMD_OFF_CTX, f[256], *cqe;
	struct ewq rq2;
	struct fh_result r;
	uint32_t rqt, tir, len, hash;

	CHECK_EQ(create_rq(e, &rq2, true, &r), CX4_CMD_STAT_OK);
	modify_wq(e->fh, false, rq2.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r);
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_RQT);
	cx4_set(c, CX4_RQTC_RQT_MAX_SIZE, 2);
	cx4_set(c, CX4_RQTC_RQT_ACTUAL_SIZE, 2);
	cx4_set(c + cx4_rqtc_rq_off(0), CX4_RQTC_RQ_NUM, e->rq.qn);
	cx4_set(c + cx4_rqtc_rq_off(1), CX4_RQTC_RQ_NUM, rq2.qn);
	CHECK_EQ(run(e->fh, in, cx4_rqt_cmd_size(2), CX4_CREATE_RQT_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	rqt = cx4_get(r.out, CX4_CREATE_RQT_OUT_RQTN);
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_TIR);
	cx4_set(c, CX4_TIRC_DISP_TYPE, CX4_TIR_DISP_INDIRECT);
	cx4_set(c, CX4_TIRC_INDIRECT_TABLE, rqt);
	cx4_set(c, CX4_TIRC_RX_HASH_FN, CX4_TIR_HASH_TOEPLITZ);
	cx4_set(c, CX4_TIRC_TRANSPORT_DOMAIN, e->td);
	for (uint32_t i = 0; i < 40; i++)
		c[CX4_TIRC_OFF_RX_HASH_TOEPLITZ_KEY + i] = (uint8_t)(i * 13 + 5);
	cx4_set(c + CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER, CX4_HASH_SEL_L4_PROT_TYPE,
		CX4_HASH_SEL_L4_UDP);
	cx4_set(c + CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER, CX4_HASH_SEL_SELECTED_FIELDS,
		CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_DST_IP | CX4_HASH_FIELD_L4_SPORT |
		CX4_HASH_FIELD_L4_DPORT);
	CHECK_EQ(run(e->fh, in, CX4_CREATE_TIR_IN_SIZE, CX4_CREATE_TIR_OUT_SIZE, &r),
		 CX4_CMD_STAT_OK);
	tir = cx4_get(r.out, CX4_CREATE_TIR_OUT_TIRN);
	/* Point the flow at the indirect TIR (op_mod 1, destination list). */
	memset(in, 0, sizeof(in));
	{
		uint8_t big[0x400] = { 0 }, *fc = big + CX4_FTE_OFF_FLOW_CTX;

		cx4_set(big, CX4_CMD_IN_OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
		cx4_set(big, CX4_CMD_IN_OP_MOD, CX4_SET_FTE_MODIFY);
		cx4_set(big, CX4_FT_CMD_TABLE_ID, e->ft);
		cx4_set(big, CX4_SET_FTE_IN_MODIFY_ENABLE_MASK, CX4_SET_FTE_MOD_DEST_LIST);
		cx4_set(fc, CX4_FLOWC_GROUP_ID, e->fg);
		cx4_set(fc, CX4_FLOWC_ACTION, CX4_FLOW_ACTION_FWD_DEST);
		cx4_set(fc, CX4_FLOWC_DESTINATION_LIST_SIZE, 1);
		memcpy(fc + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_OFF_DMAC, my_mac, 6);
		cx4_set(fc + cx4_flowc_dest_off(0), CX4_FLOW_DEST_TYPE, CX4_FLOW_DEST_TIR);
		cx4_set(fc + cx4_flowc_dest_off(0), CX4_FLOW_DEST_ID, tir);
		CHECK_EQ(run(e->fh, big, cx4_fte_cmd_size(1), CX4_SET_FTE_OUT_SIZE, &r),
			 CX4_CMD_STAT_OK);
	}
	/* The direct TIR is no longer referenced: it can go now. */
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_TIR, CX4_DESTROY_TIR_IN_TIRN, e->tir, 16, &r),
		 CX4_CMD_STAT_OK);
	for (int i = 0; i < 8; i++) {
		uint8_t tin[12], k[40];

		len = build_ipv4(f, my_mac, 17, 10, true);
		f[14 + 20 + 1] = (uint8_t)(0x39 + i * 17);	/* vary the source port */
		memcpy(tin, f + 26, 8);
		memcpy(tin + 8, f + 34, 4);
		for (uint32_t j = 0; j < 40; j++)
			k[j] = (uint8_t)(j * 13 + 5);
		hash = cx4dev_toeplitz(k, 40, tin, 12);
		post_recv(e, 2048);
		rq2.pc++;	/* keep both RQs stocked: one WQE each per frame */
		{
			uint32_t idx = (rq2.pc - 1) & 15;
			uint8_t *w = fh_ptr(e->fh, rq2.buf + ((uint64_t)idx << 6));

			memset(w, 0, 64);
			cx4_set(w, CX4_RX_DSEG_BYTE_COUNT, 2048);
			cx4_set(w, CX4_RX_DSEG_LKEY, CX4DEV_RESD_LKEY);
			cx4_set64(w, CX4_RX_DSEG_OFF_ADDR, fh_alloc(e->fh, 2048, 64));
			cx4_set(fh_ptr(e->fh, rq2.dbr), CX4_WQ_DBR_RCV_COUNTER, rq2.pc);
		}
		cx4dev_receive(e->fh->dev, f, len);
		cqe = cq_poll(e->fh, &e->rcq);	/* both RQs report to the same CQ */
		CHECK(cqe != NULL);
		if (!cqe)
			continue;
		CHECK_EQ(cx4_get(cqe, CX4_CQE_RX_HASH_RESULT), hash);
		CHECK_EQ(cx4_get(cqe, CX4_CQE_RX_HASH_TYPE),
			 CX4_CQE_HASH_IPV4 | CX4_CQE_HASH_IPV4 << 2 | CX4_CQE_HASH_L4_UDP << 4 |
			 CX4_CQE_HASH_L4_UDP << 6);
	}
	CHECK(e->fh->dev->eth->rq[e->rq.qn]->packets + e->fh->dev->eth->rq[rq2.qn]->packets == 8);
	CHECK(e->fh->dev->eth->rq[e->rq.qn]->packets > 0 &&
	      e->fh->dev->eth->rq[rq2.qn]->packets > 0);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_object_rules(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	struct ewq q;
	uint8_t in[CX4_QUERY_TIR_OUT_SIZE];

	/* Referenced objects cannot be destroyed. */
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_RQ, CX4_DESTROY_RQ_IN_RQN, e->rq.qn, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_RQ_IN_USE);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_TIR, CX4_DESTROY_TIR_IN_TIRN, e->tir, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_TIR_IN_USE);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_TIS, CX4_DESTROY_TIS_IN_TISN, e->tis, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_CQ, CX4_DESTROY_CQ_IN_CQN, e->scq.cqn, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_CQ_IN_USE);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DEALLOC_PD, CX4_DEALLOC_PD_IN_PD, e->pd, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(ERRORS(e->fh), 5);
	/* QUERY_TIR returns the context. */
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_QUERY_TIR, CX4_QUERY_TIR_IN_TIRN, e->tir, sizeof(in), &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(cx4_get(r.out + CX4_QUERY_TIR_OUT_OFF_CTX, CX4_TIRC_INLINE_RQN), e->rq.qn);
	CHECK_EQ(cx4_get(r.out + CX4_QUERY_TIR_OUT_OFF_CTX, CX4_TIRC_TRANSPORT_DOMAIN), e->td);
	/* Unknown CQ, TIS; modify of the wrong current state. */
	e->scq.cqn = 999;
	CHECK_EQ(create_sq(e, &q, &r, NULL), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_SQ_CQ);
	CHECK_EQ(modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_BAD_RESOURCE_STATE);
	CHECK_EQ(ERRORS(e->fh), 7);
	/* Flow entry: match value outside the criteria; duplicate index. */
	{
		uint8_t other[6] = { 0x02, 0, 0, 0, 0, 9 };

		CHECK_EQ(set_fte(e, 0, other, e->tir, &r), CX4_CMD_STAT_BAD_PARAM);
		CHECK_EQ(r.syndrome, CX4DEV_SYN_FTE_EXISTS);
		CHECK_EQ(set_fte(e, 3, other, e->tir, &r), CX4_CMD_STAT_BAD_PARAM);
		CHECK_EQ(r.syndrome, CX4DEV_SYN_FTE_INDEX);
	}
	/* Orderly teardown leaves no objects and no guest errors beyond the above. */
	{
		uint8_t del[CX4_FT_CMD_SIZE] = { 0 };

		cx4_set(del, CX4_CMD_IN_OPCODE, CX4_CMD_DELETE_FLOW_TABLE_ENTRY);
		cx4_set(del, CX4_FT_CMD_TABLE_ID, e->ft);
		CHECK_EQ(run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_OK);
		cx4_set(del, CX4_CMD_IN_OPCODE, CX4_CMD_DESTROY_FLOW_TABLE);
		CHECK_EQ(run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_BAD_RES_STATE);
		cx4_set(del, CX4_CMD_IN_OPCODE, CX4_CMD_DESTROY_FLOW_GROUP);
		cx4_set(del, CX4_FG_CMD_GROUP_ID, e->fg);
		CHECK_EQ(run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_OK);
		cx4_set(del, CX4_FG_CMD_GROUP_ID, 0);
		cx4_set(del, CX4_CMD_IN_OPCODE, CX4_CMD_DESTROY_FLOW_TABLE);
		CHECK_EQ(run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_OK);
	}
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_TIR, CX4_DESTROY_TIR_IN_TIRN, e->tir, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_RQ, CX4_DESTROY_RQ_IN_RQN, e->rq.qn, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_SQ, CX4_DESTROY_SQ_IN_SQN, e->sq.qn, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DESTROY_TIS, CX4_DESTROY_TIS_IN_TISN, e->tis, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(cx4dev_eth_objects(e->fh->dev), 0);
	CHECK_EQ(ERRORS(e->fh), 10);	/* + DESTROY_FLOW_TABLE with a group */
	env_free(e);
}

static void test_eth_lro(void)
{
	struct env *e = env_new(true);
	uint8_t in[CX4_MODIFY_TIR_IN_SIZE] = { 0 }, *c = in + CX4_MODIFY_TIR_IN_OFF_CTX;
	static uint8_t f[3][2048];
	uint32_t len = 0;
	struct fh_result r;
	uint64_t buf;
	uint8_t *cqe;

	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_MODIFY_TIR);
	cx4_set(in, CX4_MODIFY_TIR_IN_TIRN, e->tir);
	cx4_set64(in, CX4_MODIFY_TIR_IN_OFF_BITMASK, CX4_MODIFY_TIR_SEL_LRO);
	cx4_set(c, CX4_TIRC_LRO_ENABLE_MASK, CX4_TIR_LRO_IPV4);
	cx4_set(c, CX4_TIRC_LRO_TIMEOUT_PERIOD_USECS, 32);
	cx4_set(c, CX4_TIRC_LRO_MAX_MSG_SZ, 255);
	CHECK_EQ(run(e->fh, in, sizeof(in), CX4_MODIFY_TIR_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	buf = post_recv(e, 2048);
	post_recv(e, 2048);
	for (int i = 0; i < 3; i++) {
		struct cx4dev_pkt p;
		uint32_t seq = 0x10000000u + 500u * (uint32_t)i;

		len = build_ipv4(f[i], my_mac, 6, 500, true);
		f[i][38] = (uint8_t)(seq >> 24);
		f[i][39] = (uint8_t)(seq >> 16);
		f[i][40] = (uint8_t)(seq >> 8);
		f[i][41] = (uint8_t)seq;
		f[i][48] = (uint8_t)(0x10 + i);	/* window */
		for (uint32_t j = 0; j < 500; j++)
			f[i][54 + j] = (uint8_t)(j + 3 * i);
		cx4dev_pkt_parse(&p, f[i], len);
		cx4dev_pkt_fill_l4_csum(&p, f[i]);
		cx4dev_receive(e->fh->dev, f[i], len);
		CHECK(cq_poll(e->fh, &e->rcq) == NULL);	/* held in the session */
	}
	fh_advance(e->fh, 100000);	/* past the 32 us LRO timer */
	cqe = cq_poll(e->fh, &e->rcq);
	CHECK(cqe != NULL);
	if (cqe) {
		CHECK_EQ(cx4_get(cqe, CX4_CQE_LRO_NUM_SEG), 3);
		CHECK_EQ(cx4_get(cqe, CX4_CQE_BYTE_CNT), 54 + 1500);
		CHECK_EQ(cx4_get(cqe, CX4_CQE_LRO_ABRT), CX4_CQE_LRO_ABRT_TIMEOUT);
		CHECK_EQ(cx4_get(cqe, CX4_CQE_LRO_TCP_PSH), 1);
		CHECK_EQ(cx4_get(cqe, CX4_CQE_LRO_TCP_WIN), 0x1200);	/* the last segment's */
		CHECK_EQ(cx4_get(cqe, CX4_CQE_LRO_MIN_TTL), 64);
		CHECK_EQ(cx4_get(cqe, CX4_CQE_L4_HDR_TYPE), CX4_CQE_L4_TCP_ACK);
		CHECK_EQ(cx4_get(cqe, CX4_CQE_WQE_COUNTER), 0);
	}
	/* First segment as is, then the payloads of the others. */
	CHECK(!memcmp(fh_ptr(e->fh, buf), f[0], len));
	CHECK(!memcmp((uint8_t *)fh_ptr(e->fh, buf) + len, f[1] + 54, 500));
	CHECK(!memcmp((uint8_t *)fh_ptr(e->fh, buf) + len + 500, f[2] + 54, 500));
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_LRO_SESSIONS], 1);
	/* Out of order segment: the open session ends, the segment stands alone. */
	cx4dev_receive(e->fh->dev, f[0], len);	/* opens a session on WQE 1 */
	post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f[2], len);	/* seq gap: flush, then standalone */
	cqe = cq_poll(e->fh, &e->rcq);
	CHECK(cqe && cx4_get(cqe, CX4_CQE_LRO_NUM_SEG) == 1 &&
	      cx4_get(cqe, CX4_CQE_WQE_COUNTER) == 1);
	cqe = cq_poll(e->fh, &e->rcq);
	CHECK(cqe && cx4_get(cqe, CX4_CQE_LRO_NUM_SEG) == 0 &&
	      cx4_get(cqe, CX4_CQE_WQE_COUNTER) == 2);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_flow_chain_count_drop(void)
{
	struct env *e = env_new(true);
	uint8_t in[CX4_CREATE_FLOW_GROUP_IN_SIZE] = { 0 }, *fc = in + CX4_FTE_OFF_FLOW_CTX;
	uint8_t f[256], *c;
	uint32_t t2, g2, fcid, len;
	struct fh_result r;

	/* Level-1 table with a match-all group counting into a counter. */
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_FLOW_TABLE);
	cx4_set(in + CX4_FT_OFF_CTX, CX4_FTC_LEVEL, 1);
	CHECK_EQ(run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_OK);
	t2 = cx4_get(r.out, CX4_CREATE_FLOW_TABLE_OUT_TABLE_ID);
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_FLOW_GROUP);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, t2);
	CHECK_EQ(run(e->fh, in, sizeof(in), 16, &r), CX4_CMD_STAT_OK);
	g2 = cx4_get(r.out, CX4_CREATE_FLOW_GROUP_OUT_GROUP_ID);
	fcid = simple_out(e->fh, CX4_CMD_ALLOC_FLOW_COUNTER, CX4_ALLOC_FLOW_COUNTER_OUT_ID);
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, t2);
	cx4_set(fc, CX4_FLOWC_GROUP_ID, g2);
	cx4_set(fc, CX4_FLOWC_FLOW_TAG, 0x77);
	cx4_set(fc, CX4_FLOWC_ACTION, CX4_FLOW_ACTION_FWD_DEST | CX4_FLOW_ACTION_COUNT);
	cx4_set(fc, CX4_FLOWC_DESTINATION_LIST_SIZE, 1);
	cx4_set(fc, CX4_FLOWC_FLOW_COUNTER_LIST_SIZE, 1);
	cx4_set(fc + cx4_flowc_dest_off(0), CX4_FLOW_DEST_TYPE, CX4_FLOW_DEST_TIR);
	cx4_set(fc + cx4_flowc_dest_off(0), CX4_FLOW_DEST_ID, e->tir);
	cx4_set(fc + cx4_flowc_dest_off(1), CX4_FLOW_COUNTER_ENTRY_ID, fcid);
	CHECK_EQ(run(e->fh, in, cx4_fte_cmd_size(2), 16, &r), CX4_CMD_STAT_OK);
	/* Root misses go to the level-1 table. */
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_MODIFY_FLOW_TABLE);
	cx4_set(in, CX4_MODIFY_FLOW_TABLE_IN_FIELD_SELECT, CX4_MODIFY_FT_SEL_MISS);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, e->ft);
	cx4_set(in + CX4_FT_OFF_CTX, CX4_FTC_LOG_SIZE, 2);
	cx4_set(in + CX4_FT_OFF_CTX, CX4_FTC_TABLE_MISS_ACTION, CX4_FT_MISS_IDENTIFIED);
	cx4_set(in + CX4_FT_OFF_CTX, CX4_FTC_TABLE_MISS_ID, t2);
	CHECK_EQ(run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_OK);
	len = build_ipv4(f, peer_mac, 17, 20, true);
	post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = cq_poll(e->fh, &e->rcq);
	CHECK(c && cx4_get(c, CX4_CQE_FLOW_TAG) == 0x77);
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_QUERY_FLOW_COUNTER);
	cx4_set(in, CX4_QUERY_FLOW_COUNTER_IN_ID, fcid);
	cx4_set(in, CX4_QUERY_FLOW_COUNTER_IN_CLEAR, 1);
	CHECK_EQ(run(e->fh, in, CX4_QUERY_FLOW_COUNTER_IN_SIZE, CX4_QUERY_FLOW_COUNTER_OUT_SIZE,
		     &r), CX4_CMD_STAT_OK);
	CHECK_EQ(cx4_get64(r.out + CX4_QUERY_FLOW_COUNTER_OUT_OFF_STATS,
			   CX4_TRAFFIC_COUNTER_OFF_PACKETS), 1);
	CHECK_EQ(cx4_get64(r.out + CX4_QUERY_FLOW_COUNTER_OUT_OFF_STATS,
			   CX4_TRAFFIC_COUNTER_OFF_OCTETS), len);
	CHECK_EQ(cmd_obj(e->fh, CX4_CMD_DEALLOC_FLOW_COUNTER, CX4_DEALLOC_FLOW_COUNTER_IN_ID, fcid,
			 16, &r), CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_FC_IN_USE);
	/* A DROP entry in the root wins over the miss path. */
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, e->ft);
	cx4_set(in, CX4_FTE_CMD_FLOW_INDEX, 1);
	cx4_set(fc, CX4_FLOWC_GROUP_ID, e->fg);
	cx4_set(fc, CX4_FLOWC_ACTION, CX4_FLOW_ACTION_DROP);
	memcpy(fc + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_OFF_DMAC, peer_mac, 6);
	CHECK_EQ(run(e->fh, in, cx4_fte_cmd_size(0), 16, &r), CX4_CMD_STAT_OK);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_FLOW_DROPS], 1);
	/* The level-1 table is referenced by the root's miss: not destroyable. */
	memset(in, 0, sizeof(in));
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_DESTROY_FLOW_TABLE);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, t2);
	CHECK_EQ(run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(ERRORS(e->fh), 2);
	env_free(e);
}

/*
 * mlx5e's drop RQ has a 16-byte stride (one scatter entry), which
 * log_min_stride_sz_rq 6 refused; 7.4.1.2: the RQ stride is a power of
 * two of 16-byte chunks, each one scatter entry.  Below 16: refused.
 */
static void test_eth_rq_min_stride(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	struct ewq q;

	CHECK_EQ(create_rq_stride(e, &q, true, 4, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(e->fh), 0);
	CHECK_EQ(create_rq_stride(e, &q, true, 3, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(e->fh), 1);
	env_free(e);
}

const struct test eth_tests[] = {
	T(test_eth_tx_csum),
	T(test_eth_tx_lso),
	T(test_eth_tx_bad_wqe),
	T(test_eth_rx),
	T(test_eth_rx_vlan_strip),
	T(test_eth_toeplitz),
	T(test_eth_rss),
	T(test_eth_lro),
	T(test_eth_flow_chain_count_drop),
	T(test_eth_object_rules),
	T(test_eth_rq_min_stride),
};
const size_t eth_tests_count = sizeof(eth_tests) / sizeof(eth_tests[0]);

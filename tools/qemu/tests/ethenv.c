/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Fake Ethernet driver shared by the unit tests (see ethenv.h).
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "cx4dev_int.h"
#include "ethenv.h"
#include "testutil.h"

const uint8_t env_my_mac[6] = { 0x02, 0x00, 0x00, 0xc4, 0x00, 0x01 };
const uint8_t env_peer_mac[6] = { 0x02, 0x00, 0x00, 0xc4, 0x00, 0x02 };

uint8_t env_cmd_obj(struct fh *fh, uint16_t op, uint32_t f, uint32_t v, uint32_t out_len,
		    struct fh_result *r)
{
	uint8_t in[CX4_FT_CMD_SIZE] = { 0 };
	uint32_t len = CX4_CMD_SIMPLE_SIZE;

	CX4_SET(CMD_IN, in, OPCODE, op);
	cx4_set(in, f, v);
	if (CX4_FLD_OFF(f) >= CX4_CMD_SIMPLE_SIZE)
		len = CX4_FT_CMD_SIZE;
	return fh_run(fh, in, len, out_len, r);
}

void env_create_eq0(struct env *e)
{
	struct fh_eq_params p;
	struct fh_result r;

	fh_eq_params_init(&p, e->uar, 4, 0);
	CHECK_EQ(fh_eq_create(e->fh, &p, NULL, &r, NULL), CX4_CMD_STAT_OK);
	e->eqn = CX4_GET(CREATE_EQ_OUT, r.out, EQ_NUMBER);
}

/* A 32-entry CQ on the EQ. */
void env_create_cq(struct env *e, struct fh_cq *cq)
{
	struct fh_cq_params p;
	struct fh_result r;

	fh_cq_params_init(&p, e->uar, e->eqn, 5);
	CHECK_EQ(fh_cq_create(e->fh, &p, cq, &r, NULL), CX4_CMD_STAT_OK);
}

/* Fill a WQ context (Table 55) and allocate its buffer and record. */
void env_fill_wq(struct env *e, uint8_t *wqc, struct ewq *q, bool sq, uint8_t *pas)
{
	q->buf = fh_alloc(e->fh, CX4_PAGE_SIZE, CX4_PAGE_SIZE);
	q->dbr = fh_alloc(e->fh, 64, 64);
	CX4_SET(WQ, wqc, TYPE, CX4_WQ_TYPE_CYCLIC);
	CX4_SET(WQ, wqc, PD, e->pd);
	if (sq)
		CX4_SET(WQ, wqc, UAR_PAGE, e->uar);
	CX4_SET64(WQ, wqc, DBR_ADDR, q->dbr);
	CX4_SET(WQ, wqc, LOG_WQ_STRIDE, q->log_stride);
	CX4_SET(WQ, wqc, LOG_WQ_SZ, q->log_size);
	fh_pas_fill(pas, 1, q->buf, 0);
}

uint8_t env_create_sq(struct env *e, struct ewq *q, struct fh_result *r,
		      void (*tweak)(uint8_t *c))
{
	uint8_t in[CX4_CREATE_SQ_IN_OFF_PAS + CX4_PAS_SIZE] = { 0 };
	uint8_t *c = in + CX4_CREATE_SQ_IN_OFF_CTX;

	memset(q, 0, sizeof(*q));
	q->log_size = 4;		/* 16 WQEBBs: one page */
	q->log_stride = CX4_SEND_WQEBB_SHIFT;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_SQ);
	CX4_SET(SQC, c, RLKEY, 1);
	CX4_SET(SQC, c, FLUSH_IN_ERROR_EN, 1);
	CX4_SET(SQC, c, CQN, e->scq.cqn);
	CX4_SET(SQC, c, TIS_LST_SZ, 1);
	CX4_SET(SQC, c, TIS_NUM_0, e->tis);
	CX4_SET(SQC, c, USER_INDEX, 0x5151);
	env_fill_wq(e, c + CX4_SQC_OFF_WQ, q, true, in + CX4_CREATE_SQ_IN_OFF_PAS);
	if (tweak)
		tweak(c);
	if (fh_run(e->fh, in, sizeof(in), CX4_CREATE_SQ_OUT_SIZE, r) == CX4_CMD_STAT_OK)
		q->qn = CX4_GET(CREATE_SQ_OUT, r->out, SQN);
	return r->status;
}

uint8_t env_create_rq_stride(struct env *e, struct ewq *q, bool vsd, uint32_t log_stride,
			     struct fh_result *r)
{
	uint8_t in[CX4_CREATE_RQ_IN_OFF_PAS + CX4_PAS_SIZE] = { 0 };
	uint8_t *c = in + CX4_CREATE_RQ_IN_OFF_CTX;

	memset(q, 0, sizeof(*q));
	q->log_size = 4;
	q->log_stride = log_stride;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_RQ);
	CX4_SET(RQC, c, RLKEY, 1);
	CX4_SET(RQC, c, VSD, vsd);
	CX4_SET(RQC, c, CQN, e->rcq.cqn);
	CX4_SET(RQC, c, USER_INDEX, 0x7272);
	env_fill_wq(e, c + CX4_RQC_OFF_WQ, q, false, in + CX4_CREATE_RQ_IN_OFF_PAS);
	if (fh_run(e->fh, in, sizeof(in), CX4_CREATE_RQ_OUT_SIZE, r) == CX4_CMD_STAT_OK)
		q->qn = CX4_GET(CREATE_RQ_OUT, r->out, RQN);
	return r->status;
}

/* 16 WQEs of 64 bytes (4 scatter entries). */
uint8_t env_create_rq(struct env *e, struct ewq *q, bool vsd, struct fh_result *r)
{
	return env_create_rq_stride(e, q, vsd, 6, r);
}

uint8_t env_modify_wq(struct fh *fh, bool sq, uint32_t qn, uint32_t cur, uint32_t next,
		      struct fh_result *r)
{
	uint8_t in[CX4_MODIFY_SQ_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, sq ? CX4_CMD_MODIFY_SQ : CX4_CMD_MODIFY_RQ);
	CX4_SET(MODIFY_SQ_IN, in, SQ_STATE, cur);
	CX4_SET(MODIFY_SQ_IN, in, SQN, qn);
	CX4_SET(SQC, CX4_ADDR(MODIFY_SQ_IN, in, CTX), STATE, next);
	return fh_run(fh, in, sizeof(in), CX4_MODIFY_SQ_OUT_SIZE, r);
}

uint8_t env_create_tir_direct(struct env *e, uint32_t rqn, struct fh_result *r)
{
	uint8_t in[CX4_CREATE_TIR_IN_SIZE] = { 0 };
	uint8_t *c = in + CX4_CREATE_TIR_IN_OFF_CTX;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_TIR);
	CX4_SET(TIRC, c, DISP_TYPE, CX4_TIR_DISP_DIRECT);
	CX4_SET(TIRC, c, INLINE_RQN, rqn);
	CX4_SET(TIRC, c, TRANSPORT_DOMAIN, e->td);
	return fh_run(e->fh, in, sizeof(in), CX4_CREATE_TIR_OUT_SIZE, r);
}

uint32_t env_create_tis(struct env *e, uint32_t td)
{
	uint8_t in[CX4_CREATE_TIS_IN_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_TIS);
	CX4_SET(TISC, CX4_ADDR(CREATE_TIS_IN, in, CTX), TRANSPORT_DOMAIN, td);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_CREATE_TIS_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	return CX4_GET(CREATE_TIS_OUT, r.out, TISN);
}

uint32_t env_create_rqt(struct env *e, const uint32_t *rqn, uint32_t n)
{
	uint8_t in[0x200] = { 0 }, *c = in + CX4_OBJ_CMD_OFF_CTX;
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_RQT);
	CX4_SET(RQTC, c, RQT_MAX_SIZE, n);
	CX4_SET(RQTC, c, RQT_ACTUAL_SIZE, n);
	for (uint32_t i = 0; i < n; i++)
		CX4_SET(RQTC, c + cx4_rqtc_rq_off(i), RQ_NUM, rqn[i]);
	CHECK_EQ(fh_run(e->fh, in, cx4_rqt_cmd_size(n), CX4_CREATE_RQT_OUT_SIZE, &r),
		 CX4_CMD_STAT_OK);
	return CX4_GET(CREATE_RQT_OUT, r.out, RQTN);
}

uint8_t env_create_tir_rss(struct env *e, uint32_t rqt, const uint8_t *key, uint32_t l4_prot,
			   uint32_t fields, struct fh_result *r)
{
	uint8_t in[CX4_CREATE_TIR_IN_SIZE] = { 0 }, *c = in + CX4_CREATE_TIR_IN_OFF_CTX;
	uint8_t *sel = c + CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_TIR);
	CX4_SET(TIRC, c, DISP_TYPE, CX4_TIR_DISP_INDIRECT);
	CX4_SET(TIRC, c, INDIRECT_TABLE, rqt);
	CX4_SET(TIRC, c, RX_HASH_FN, CX4_TIR_HASH_TOEPLITZ);
	CX4_SET(TIRC, c, TRANSPORT_DOMAIN, e->td);
	memcpy(c + CX4_TIRC_OFF_RX_HASH_TOEPLITZ_KEY, key, 40);
	CX4_SET(HASH_SEL, sel, L4_PROT_TYPE, l4_prot);
	CX4_SET(HASH_SEL, sel, SELECTED_FIELDS, fields);
	return fh_run(e->fh, in, sizeof(in), CX4_CREATE_TIR_OUT_SIZE, r);
}

/* Root table (level 0) with one group matching the DMAC. */
void env_create_steering(struct env *e)
{
	uint8_t in[CX4_CREATE_FLOW_GROUP_IN_SIZE] = { 0 };
	uint8_t *mc = in + CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA;
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_TABLE);
	CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, LOG_SIZE, 2);
	CHECK_EQ(fh_run(e->fh, in, CX4_CREATE_FLOW_TABLE_IN_SIZE,
			 CX4_CREATE_FLOW_TABLE_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	e->ft = CX4_GET(CREATE_FLOW_TABLE_OUT, r.out, TABLE_ID);
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_GROUP);
	CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	CX4_SET(FT_CMD, in, TABLE_ID, e->ft);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, START_FLOW_INDEX, 0);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, END_FLOW_INDEX, 1);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, MATCH_CRITERIA_ENABLE, CX4_MATCH_OUTER_HEADERS);
	memset(mc + CX4_FTE_OFF_DMAC, 0xff, 6);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_CREATE_FLOW_GROUP_OUT_SIZE, &r),
		 CX4_CMD_STAT_OK);
	e->fg = CX4_GET(CREATE_FLOW_GROUP_OUT, r.out, GROUP_ID);
}

/*
 * Entry @index of the root table: DMAC @dmac to TIR @tir.  @modify: op_mod 1
 * with only the destination list selected (PRM SET_FLOW_TABLE_ENTRY).
 */
static uint8_t fte_to_tir(struct env *e, uint32_t index, const uint8_t *dmac, uint32_t tir,
			  bool modify, struct fh_result *r)
{
	uint8_t in[0x400] = { 0 };
	uint8_t *fc = in + CX4_FTE_OFF_FLOW_CTX;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
	if (modify) {
		CX4_SET(CMD_IN, in, OP_MOD, CX4_SET_FTE_MODIFY);
		CX4_SET(SET_FTE_IN, in, MODIFY_ENABLE_MASK, CX4_SET_FTE_MOD_DEST_LIST);
	}
	CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	CX4_SET(FT_CMD, in, TABLE_ID, e->ft);
	CX4_SET(FTE_CMD, in, FLOW_INDEX, index);
	CX4_SET(FLOWC, fc, GROUP_ID, e->fg);
	CX4_SET(FLOWC, fc, ACTION, CX4_FLOW_ACTION_FWD_DEST);
	CX4_SET(FLOWC, fc, DESTINATION_LIST_SIZE, 1);
	memcpy(fc + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_OFF_DMAC, dmac, 6);
	CX4_SET(FLOW_DEST, fc + cx4_flowc_dest_off(0), TYPE, CX4_FLOW_DEST_TIR);
	CX4_SET(FLOW_DEST, fc + cx4_flowc_dest_off(0), ID, tir);
	return fh_run(e->fh, in, cx4_fte_cmd_size(1), CX4_SET_FTE_OUT_SIZE, r);
}

uint8_t env_set_fte(struct env *e, uint32_t index, const uint8_t *dmac, uint32_t tir,
		    struct fh_result *r)
{
	return fte_to_tir(e, index, dmac, tir, false, r);
}

uint8_t env_modify_fte_dest(struct env *e, uint32_t index, const uint8_t *dmac, uint32_t tir,
			    struct fh_result *r)
{
	return fte_to_tir(e, index, dmac, tir, true, r);
}

struct env *env_new(bool vsd)
{
	struct env *e = calloc(1, sizeof(*e));
	struct fh_result r;

	if (!e)
		abort();
	e->fh = fh_new_up(NULL);
	e->uar = fh_simple_out(e->fh, CX4_CMD_ALLOC_UAR, CX4_ALLOC_UAR_OUT_UAR);
	e->pd = fh_simple_out(e->fh, CX4_CMD_ALLOC_PD, CX4_ALLOC_PD_OUT_PD);
	e->td = fh_simple_out(e->fh, CX4_CMD_ALLOC_TRANSPORT_DOMAIN,
			       CX4_ALLOC_TD_OUT_TRANSPORT_DOMAIN);
	env_create_eq0(e);
	env_create_cq(e, &e->scq);
	env_create_cq(e, &e->rcq);
	e->tis = env_create_tis(e, e->td);
	CHECK_EQ(env_create_sq(e, &e->sq, &r, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(env_create_rq(e, &e->rq, vsd, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_create_tir_direct(e, e->rq.qn, &r), CX4_CMD_STAT_OK);
	e->tir = CX4_GET(CREATE_TIR_OUT, r.out, TIRN);
	env_create_steering(e);
	CHECK_EQ(env_set_fte(e, 0, env_my_mac, e->tir, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(e->fh), 0);
	return e;
}

void env_free(struct env *e)
{
	fh_free(e->fh);
	free(e);
}

/* ---- frames ---- */

uint16_t env_csum(const uint8_t *b, uint32_t len, uint32_t sum)
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
uint32_t env_build_ipv4(uint8_t *f, const uint8_t *dst, uint32_t proto, uint32_t plen,
			bool good_csum)
{
	uint32_t l4h = proto == 6 ? 20 : 8, tot = 20 + l4h + plen;
	uint8_t *ip = f + 14, *l4 = ip + 20;

	memset(f, 0, 14 + tot);
	memcpy(f, dst, 6);
	memcpy(f + 6, env_peer_mac, 6);
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

		v = (uint16_t)~env_csum(ip, 20, 0);
		ip[10] = (uint8_t)(v >> 8);
		ip[11] = (uint8_t)v;
		v = (uint16_t)~env_csum(l4, l4h + plen, ps);
		l4[proto == 6 ? 16 : 6] = (uint8_t)(v >> 8);
		l4[proto == 6 ? 17 : 7] = (uint8_t)v;
	}
	return 14 + tot;
}

bool env_ipv4_csums_ok(const uint8_t *f)
{
	const uint8_t *ip = f + 14;
	uint32_t tot = (uint32_t)ip[2] << 8 | ip[3], proto = ip[9];
	uint32_t ps = env_csum(ip + 12, 8, 0) + proto + tot - 20;

	return env_csum(ip, 20, 0) == 0xffff && env_csum(ip + 20, tot - 20, ps) == 0xffff;
}

/* ---- posting ---- */

/* Post a SEND/LSO WQE: @inl bytes inline, the rest of @f by pointer. */
void env_post_send(struct env *e, uint32_t opcode, const uint8_t *f, uint32_t len,
		   uint32_t inl, uint32_t cs, uint32_t mss, uint32_t lkey, bool ring)
{
	uint32_t size = 1u << e->sq.log_size, idx = e->sq.pc & (size - 1);
	uint8_t *w = fh_ptr(e->fh, e->sq.buf + (uint64_t)idx * CX4_SEND_WQEBB_SIZE);
	uint8_t *eth = w + CX4_WQE_CTRL_SIZE, *d;
	uint32_t esz = cx4_wqe_eth_seg_size(inl), ds, bbs;
	uint64_t data = fh_alloc(e->fh, len > inl ? len - inl : 1, 64);

	memset(w, 0, 4 * CX4_SEND_WQEBB_SIZE);
	ds = (CX4_WQE_CTRL_SIZE + esz + (len > inl ? CX4_WQE_DSEG_SIZE : 0)) / 16;
	CX4_SET(WQE_CTRL, w, WQE_INDEX, e->sq.pc);
	CX4_SET(WQE_CTRL, w, OPCODE, opcode);
	CX4_SET(WQE_CTRL, w, SQN, e->sq.qn);
	CX4_SET(WQE_CTRL, w, DS, ds);
	CX4_SET(WQE_CTRL, w, CE, CX4_WQE_CE_CQE_ALWAYS);
	eth[CX4_WQE_ETH_OFF_CS_FLAGS] = (uint8_t)cs;
	CX4_SET(WQE_ETH, eth, MSS, mss);
	CX4_SET(WQE_ETH, eth, INLINE_HDR_SZ, inl);
	memcpy(eth + CX4_WQE_ETH_OFF_INLINE_HDR, f, inl);
	if (len > inl) {
		d = eth + esz;
		memcpy(fh_ptr(e->fh, data), f + inl, len - inl);
		CX4_SET(WQE_DSEG, d, BYTE_COUNT, len - inl);
		CX4_SET(WQE_DSEG, d, LKEY, lkey);
		CX4_SET64(WQE_DSEG, d, ADDR, data);
	}
	bbs = (ds * 16 + 63) / 64;
	e->sq.pc = (uint16_t)(e->sq.pc + bbs);
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->sq.dbr), SND_COUNTER, e->sq.pc);
	if (ring)
		cx4dev_mmio_write(e->fh->dev, fh_uar_off(e->fh, e->uar) +
				  cx4_uar_bf_off(0, 0), cx4_get64(w, 0), 8);
}

/* Post one receive WQE of one @size-byte buffer; returns the buffer. */
uint64_t env_post_recv(struct env *e, uint32_t size)
{
	uint32_t idx = e->rq.pc & ((1u << e->rq.log_size) - 1);
	uint8_t *w = fh_ptr(e->fh, e->rq.buf + ((uint64_t)idx << e->rq.log_stride));
	uint64_t buf = fh_alloc(e->fh, size, 64);

	memset(w, 0, 1u << e->rq.log_stride);
	CX4_SET(RX_DSEG, w, BYTE_COUNT, size);
	CX4_SET(RX_DSEG, w, LKEY, CX4DEV_RESD_LKEY);
	CX4_SET64(RX_DSEG, w, ADDR, buf);
	CX4_SET(RX_DSEG, w + CX4_RX_DSEG_SIZE, LKEY, CX4_RX_DSEG_NULL_LKEY);
	e->rq.pc++;
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->rq.dbr), RCV_COUNTER, e->rq.pc);
	return buf;
}

/*
 * Post one receive WQE of @n scatter entries of @size[i] bytes each
 * (buffers into @bufs), Null-terminated when the stride has room left.
 */
void env_post_recv_sg(struct env *e, const uint32_t *size, uint32_t n, uint64_t *bufs)
{
	uint32_t idx = e->rq.pc & ((1u << e->rq.log_size) - 1);
	uint32_t stride = 1u << e->rq.log_stride;
	uint8_t *w = fh_ptr(e->fh, e->rq.buf + ((uint64_t)idx << e->rq.log_stride));

	memset(w, 0, stride);
	for (uint32_t i = 0; i < n; i++) {
		uint8_t *d = w + i * CX4_RX_DSEG_SIZE;

		bufs[i] = fh_alloc(e->fh, size[i], 64);
		memset(fh_ptr(e->fh, bufs[i]), 0xee, size[i]);
		CX4_SET(RX_DSEG, d, BYTE_COUNT, size[i]);
		CX4_SET(RX_DSEG, d, LKEY, CX4DEV_RESD_LKEY);
		CX4_SET64(RX_DSEG, d, ADDR, bufs[i]);
	}
	if (n * CX4_RX_DSEG_SIZE < stride)
		CX4_SET(RX_DSEG, w + n * CX4_RX_DSEG_SIZE, LKEY, CX4_RX_DSEG_NULL_LKEY);
	e->rq.pc++;
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->rq.dbr), RCV_COUNTER, e->rq.pc);
}

/* LRO on the TIR of @e: IPv4, 32 us, the largest message. */
void env_lro_on(struct env *e)
{
	uint8_t in[CX4_MODIFY_TIR_IN_SIZE] = { 0 }, *c = in + CX4_MODIFY_TIR_IN_OFF_CTX;
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_TIR);
	CX4_SET(MODIFY_TIR_IN, in, TIRN, e->tir);
	CX4_SET64(MODIFY_TIR_IN, in, BITMASK, CX4_MODIFY_TIR_SEL_LRO);
	CX4_SET(TIRC, c, LRO_ENABLE_MASK, CX4_TIR_LRO_IPV4);
	CX4_SET(TIRC, c, LRO_TIMEOUT_PERIOD_USECS, 32);
	CX4_SET(TIRC, c, LRO_MAX_MSG_SZ, 255);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_MODIFY_TIR_OUT_SIZE, &r), CX4_CMD_STAT_OK);
}

/* The TCP sequence number of an env_build_ipv4() TCP frame. */
void env_tcp_seq(uint8_t *f, uint32_t seq)
{
	f[38] = (uint8_t)(seq >> 24);
	f[39] = (uint8_t)(seq >> 16);
	f[40] = (uint8_t)(seq >> 8);
	f[41] = (uint8_t)seq;
}

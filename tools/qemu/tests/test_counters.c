/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: queue counter sets (ALLOC/DEALLOC/QUERY_Q_COUNTER, beyond
 * rev 0.40) with counter_set_id in the RQ context, the RQ with PD 0
 * (mlx5e's drop RQ) and the vport counters (QUERY_VPORT_COUNTER, 12.17).
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "cx4dev_int.h"
#include "ethenv.h"
#include "syndrome.h"
#include "testutil.h"

static uint8_t qc_alloc(struct fh *fh, uint32_t *id)
{
	struct fh_result r;
	uint8_t st = fh_simple(fh, CX4_CMD_ALLOC_Q_COUNTER, 0, &r);

	*id = CX4_GET(ALLOC_Q_COUNTER_OUT, r.out, COUNTER_SET_ID);
	return st;
}

static uint8_t qc_dealloc(struct fh *fh, uint32_t id, struct fh_result *r)
{
	uint8_t in[CX4_DEALLOC_Q_COUNTER_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DEALLOC_Q_COUNTER);
	CX4_SET(DEALLOC_Q_COUNTER_IN, in, COUNTER_SET_ID, id);
	return fh_run(fh, in, sizeof(in), CX4_DEALLOC_Q_COUNTER_OUT_SIZE, r);
}

static uint8_t qc_query(struct fh *fh, uint32_t id, bool clear, struct fh_result *r)
{
	uint8_t in[CX4_QUERY_Q_COUNTER_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_Q_COUNTER);
	CX4_SET(QUERY_Q_COUNTER_IN, in, CLEAR, clear);
	CX4_SET(QUERY_Q_COUNTER_IN, in, COUNTER_SET_ID, id);
	return fh_run(fh, in, sizeof(in), CX4_QUERY_Q_COUNTER_OUT_SIZE, r);
}

/* An RQ like mlx5e's drop RQ: @pd (0 = none), counter set @qc. */
static uint8_t create_rq_qc(struct env *e, struct ewq *q, uint32_t pd, uint32_t qc,
			    struct fh_result *r)
{
	uint8_t in[CX4_CREATE_RQ_IN_OFF_PAS + CX4_PAS_SIZE] = { 0 };
	uint8_t *c = in + CX4_CREATE_RQ_IN_OFF_CTX;

	memset(q, 0, sizeof(*q));
	q->log_size = 4;
	q->log_stride = 6;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_RQ);
	CX4_SET(RQC, c, VSD, 1);
	CX4_SET(RQC, c, CQN, e->rcq.cqn);
	CX4_SET(RQC, c, COUNTER_SET_ID, qc);
	env_fill_wq(e, c + CX4_RQC_OFF_WQ, q, false, in + CX4_CREATE_RQ_IN_OFF_PAS);
	CX4_SET(WQ, CX4_ADDR(RQC, c, WQ), PD, pd);
	if (fh_run(e->fh, in, sizeof(in), CX4_CREATE_RQ_OUT_SIZE, r) == CX4_CMD_STAT_OK)
		q->qn = CX4_GET(CREATE_RQ_OUT, r->out, RQN);
	return r->status;
}

static void test_q_counter_commands(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	uint32_t a, b, ids[CX4DEV_MAX_Q_COUNTER];
	uint8_t in[CX4_QUERY_Q_COUNTER_IN_SIZE] = { 0 };

	CHECK_EQ(qc_alloc(e->fh, &a), CX4_CMD_STAT_OK);
	CHECK_EQ(qc_alloc(e->fh, &b), CX4_CMD_STAT_OK);
	CHECK_EQ(a, 1);
	CHECK_EQ(b, 2);
	CHECK_EQ(qc_query(e->fh, a, false, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(QUERY_Q_COUNTER_OUT, r.out, OUT_OF_BUFFER), 0);
	CHECK_EQ(ERRORS(e->fh), 0);
	/* Unknown sets, set 0, other_vport: refused and counted. */
	CHECK_EQ(qc_query(e->fh, 9, false, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_QC_UNKNOWN);
	CHECK_EQ(qc_dealloc(e->fh, 0, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_Q_COUNTER);
	CX4_SET(QUERY_Q_COUNTER_IN, in, OTHER_VPORT, 1);
	CX4_SET(QUERY_Q_COUNTER_IN, in, COUNTER_SET_ID, a);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_QUERY_Q_COUNTER_OUT_SIZE, &r),
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_QC_PARAM);
	/* Output shorter than the 0x100-byte layout. */
	CX4_SET(QUERY_Q_COUNTER_IN, in, OTHER_VPORT, 0);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), 0x34, &r), CX4_CMD_STAT_BAD_OUTPUT_LEN);
	CHECK_EQ(ERRORS(e->fh), 4);
	/* Exhaustion: 63 sets. */
	for (uint32_t i = 2; i < CX4DEV_MAX_Q_COUNTER - 1; i++)
		CHECK_EQ(qc_alloc(e->fh, &ids[i]), CX4_CMD_STAT_OK);
	CHECK_EQ(qc_alloc(e->fh, &ids[0]), CX4_CMD_STAT_EXCEED_LIM);
	CHECK_EQ(ERRORS(e->fh), 5);
	CHECK_EQ(qc_dealloc(e->fh, b, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(qc_alloc(e->fh, &ids[0]), CX4_CMD_STAT_OK);
	CHECK_EQ(ids[0], b);	/* lowest free */
	CHECK_EQ(qc_dealloc(e->fh, b, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(qc_dealloc(e->fh, b, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(e->fh), 6);
	env_free(e);
}

/*
 * mlx5e's drop RQ: WQ pd 0, a counter set, no WQE ever posted.  Frames
 * steered to it are dropped and counted in the set's out_of_buffer.
 */
static void test_q_counter_rq_out_of_buffer(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	struct ewq q;
	uint32_t qc, tir;
	uint8_t f[128];
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 20, true);

	CHECK_EQ(qc_alloc(e->fh, &qc), CX4_CMD_STAT_OK);
	/* Unallocated counter set in the context: refused. */
	CHECK_EQ(create_rq_qc(e, &q, e->pd, qc + 1, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_QC_UNKNOWN);
	/* A non-zero unallocated PD is still refused; PD 0 is "none". */
	CHECK_EQ(create_rq_qc(e, &q, e->pd + 7, qc, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_RQ_PD);
	CHECK_EQ(ERRORS(e->fh), 2);
	CHECK_EQ(create_rq_qc(e, &q, 0, qc, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(env_modify_wq(e->fh, false, q.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	{
		uint8_t in[CX4_QUERY_RQ_IN_SIZE] = { 0 };

		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_RQ);
		CX4_SET(QUERY_RQ_IN, in, RQN, q.qn);
		CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_QUERY_RQ_OUT_OFF_PAS + 8, &r),
			 CX4_CMD_STAT_OK);
		CHECK_EQ(CX4_GET(RQC, CX4_CADDR(QUERY_RQ_OUT, r.out, CTX), COUNTER_SET_ID), qc);
	}
	/* Steer env_my_mac to the drop RQ instead of the env's RQ. */
	CHECK_EQ(env_create_tir_direct(e, q.qn, &r), CX4_CMD_STAT_OK);
	tir = CX4_GET(CREATE_TIR_OUT, r.out, TIRN);
	{
		uint8_t in[0x40] = { 0 };

		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DELETE_FLOW_TABLE_ENTRY);
		CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
		CX4_SET(FT_CMD, in, TABLE_ID, e->ft);
		CX4_SET(FTE_CMD, in, FLOW_INDEX, 0);
		CHECK_EQ(fh_run(e->fh, in, CX4_DELETE_FTE_IN_SIZE, CX4_DELETE_FTE_OUT_SIZE, &r),
			 CX4_CMD_STAT_OK);
	}
	CHECK_EQ(env_set_fte(e, 0, env_my_mac, tir, &r), CX4_CMD_STAT_OK);
	for (int i = 0; i < 3; i++)
		cx4dev_receive(e->fh->dev, f, len);
	CHECK_EQ(qc_query(e->fh, qc, true, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(QUERY_Q_COUNTER_OUT, r.out, OUT_OF_BUFFER), 3);
	CHECK_EQ(qc_query(e->fh, qc, false, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(QUERY_Q_COUNTER_OUT, r.out, OUT_OF_BUFFER), 0);	/* cleared */
	/* Nothing was scattered (PD 0 has no buffer): no CQE. */
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	/* The set is in use while the RQ names it. */
	CHECK_EQ(qc_dealloc(e->fh, qc, &r), CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_QC_IN_USE);
	CHECK_EQ(ERRORS(e->fh), 3);
	env_free(e);
}

static uint8_t vc_query(struct fh *fh, bool clear, struct fh_result *r)
{
	uint8_t in[CX4_QUERY_VPORT_COUNTER_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_VPORT_COUNTER);
	CX4_SET(QUERY_VPORT_COUNTER_IN, in, CLEAR, clear);
	return fh_run(fh, in, sizeof(in), CX4_QUERY_VPORT_COUNTER_OUT_SIZE, r);
}

static uint64_t vc_get(const struct fh_result *r, uint32_t off, bool octets)
{
	return cx4_get64(r->out + off, octets ? CX4_TRAFFIC_COUNTER_OFF_OCTETS :
				       CX4_TRAFFIC_COUNTER_OFF_PACKETS);
}

static void test_vport_counters(void)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	struct env *e = env_new(true);
	struct fh_result r;
	uint8_t f[256];
	uint32_t len;

	CHECK_EQ(vc_query(e->fh, false, &r), CX4_CMD_STAT_OK);
	for (uint32_t off = 0x10; off < CX4_QUERY_VPORT_COUNTER_OUT_SIZE; off += 4)
		CHECK_EQ(cx4_rd32(r.out, off), 0);
	/* RX: two unicast frames delivered, one foreign (no steering: not counted). */
	len = env_build_ipv4(f, env_my_mac, 17, 40, true);
	env_post_recv(e, 2048);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	cx4dev_receive(e->fh->dev, f, len);
	cx4dev_receive(e->fh->dev, f, env_build_ipv4(f, env_peer_mac, 17, 40, true));
	/* TX: one unicast, one broadcast, one multicast frame. */
	len = env_build_ipv4(f, env_peer_mac, 17, 100, true);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	len = env_build_ipv4(f, bcast, 17, 10, true);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	len = env_build_ipv4(f, (const uint8_t *)"\x01\x00\x5e\x00\x00\x01", 17, 30, true);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(vc_query(e->fh, true, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_RX_UCAST, false), 2);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_RX_UCAST, true), 2 * (14 + 20 + 8 + 40));
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_TX_UCAST, false), 1);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_TX_UCAST, true), 14 + 20 + 8 + 100);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_TX_BCAST, false), 1);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_TX_BCAST, true), 60);	/* padded */
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_TX_MCAST, false), 1);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_TX_MCAST, true), 14 + 20 + 8 + 30);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_RX_MCAST, false), 0);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_RX_ERRORS, false), 0);
	/* clear: everything back to 0. */
	CHECK_EQ(vc_query(e->fh, false, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(vc_get(&r, CX4_VPORT_CNT_OFF_TX_UCAST, false), 0);
	CHECK_EQ(ERRORS(e->fh), 0);
	/* op_mod other than 0: refused. */
	{
		uint8_t in[CX4_QUERY_VPORT_COUNTER_IN_SIZE] = { 0 };

		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_VPORT_COUNTER);
		CX4_SET(CMD_IN, in, OP_MOD, 1);
		CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_QUERY_VPORT_COUNTER_OUT_SIZE, &r),
			 CX4_CMD_STAT_BAD_PARAM);
		CHECK_EQ(ERRORS(e->fh), 1);
	}
	env_free(e);
}

static void tweak_no_tis(uint8_t *c)
{
	CX4_SET(SQC, c, TIS_LST_SZ, 0);
	CX4_SET(SQC, c, TIS_NUM_0, 0);
}

static void tweak_tis_list_2(uint8_t *c)
{
	CX4_SET(SQC, c, TIS_LST_SZ, 2);
}

static void tweak_no_tis_but_num(uint8_t *c)
{
	CX4_SET(SQC, c, TIS_LST_SZ, 0);
}

/*
 * mlx5e's internal control SQ has no TIS (tis_lst_sz 0): accepted, runs
 * NOP WQEs; a SEND on it completes in error (vendor syndrome 0x0d).
 */
static void test_sq_without_tis(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	uint8_t f[128], *w, *c;

	CHECK_EQ(env_create_sq(e, &e->sq, &r, tweak_tis_list_2), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_SQ_TIS);
	CHECK_EQ(env_create_sq(e, &e->sq, &r, tweak_no_tis_but_num), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(e->fh), 2);
	CHECK_EQ(env_create_sq(e, &e->sq, &r, tweak_no_tis), CX4_CMD_STAT_OK);
	{
		uint8_t in[CX4_QUERY_SQ_IN_SIZE] = { 0 };

		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_SQ);
		CX4_SET(QUERY_SQ_IN, in, SQN, e->sq.qn);
		CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_QUERY_SQ_OUT_OFF_PAS + 8, &r),
			 CX4_CMD_STAT_OK);
		CHECK_EQ(CX4_GET(SQC, CX4_CADDR(QUERY_SQ_OUT, r.out, CTX), TIS_LST_SZ), 0);
	}
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	/* NOP (DS 1): completes. */
	w = fh_ptr(e->fh, e->sq.buf);
	memset(w, 0, CX4_SEND_WQEBB_SIZE);
	CX4_SET(WQE_CTRL, w, WQE_INDEX, 0);
	CX4_SET(WQE_CTRL, w, OPCODE, CX4_WQE_OP_NOP);
	CX4_SET(WQE_CTRL, w, SQN, e->sq.qn);
	CX4_SET(WQE_CTRL, w, DS, 1);
	CX4_SET(WQE_CTRL, w, CE, CX4_WQE_CE_CQE_ALWAYS);
	e->sq.pc = 1;
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->sq.dbr), SND_COUNTER, 1);
	cx4dev_mmio_write(e->fh->dev, fh_uar_off(e->fh, e->uar) + cx4_uar_bf_off(0, 0),
			  cx4_get64(w, 0), 8);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_REQ);
	CHECK_EQ(ERRORS(e->fh), 2);
	/* SEND: error CQE, guest error, nothing on the wire. */
	fh_tx_clear(e->fh);
	env_post_send(e, CX4_WQE_OP_SEND, f, env_build_ipv4(f, env_peer_mac, 17, 20, true), 18,
		      0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_REQ_ERR &&
	      CX4_GET(ERR_CQE, c, VENDOR_ERR_SYNDROME) == 0x0d);
	CHECK_EQ(e->fh->n_tx, 0);
	CHECK_EQ(ERRORS(e->fh), 3);
	env_free(e);
}

/*
 * mlx5e's AH/ESP indirect TIRs select IPSEC_SPI (Table 47 bit 4): the SPI
 * (ESP at offset 0, AH at offset 4) is hashed after the addresses and the
 * CQE's L4 source hash type is 3.
 */
static void test_rss_ipsec_spi(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], key[40], tin[12], *cqe;
	struct fh_result r;
	uint32_t rqt, tir, len;

	rqt = env_create_rqt(e, &e->rq.qn, 1);
	for (uint32_t i = 0; i < 40; i++)
		key[i] = (uint8_t)(i * 7 + 3);
	CHECK_EQ(env_create_tir_rss(e, rqt, key, 0, CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_DST_IP |
				    CX4_HASH_FIELD_IPSEC_SPI, &r), CX4_CMD_STAT_OK);
	tir = CX4_GET(CREATE_TIR_OUT, r.out, TIRN);
	CHECK_EQ(env_modify_fte_dest(e, 0, env_my_mac, tir, &r), CX4_CMD_STAT_OK);
	for (uint32_t proto = 50; proto <= 51; proto++) {
		len = env_build_ipv4(f, env_my_mac, proto, 16, false);
		memcpy(tin, f + 26, 8);				/* addresses */
		memcpy(tin + 8, f + 34 + (proto == 51 ? 4 : 0), 4);	/* SPI */
		env_post_recv(e, 2048);
		cx4dev_receive(e->fh->dev, f, len);
		cqe = fh_cq_poll(e->fh, &e->rcq);
		CHECK(cqe != NULL);
		if (!cqe)
			continue;
		CHECK_EQ(CX4_GET(CQE, cqe, RX_HASH_RESULT), cx4dev_toeplitz(key, 40, tin, 12));
		CHECK_EQ(CX4_GET(CQE, cqe, RX_HASH_TYPE),
			 CX4_CQE_HASH_IPV4 << CX4_CQE_HASH_IP_SRC_SHIFT |
			 CX4_CQE_HASH_IPV4 << CX4_CQE_HASH_IP_DST_SHIFT |
			 CX4_CQE_HASH_L4_IPSEC_SPI << CX4_CQE_HASH_L4_SRC_SHIFT);
	}
	/* Bit 5 is reserved: still refused. */
	CHECK_EQ(env_create_tir_rss(e, rqt, key, 0, 1u << 5, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(e->fh), 1);
	env_free(e);
}

static const struct test counters_tests[] = {
	T(test_rss_ipsec_spi),
	T(test_sq_without_tis),
	T(test_q_counter_commands),
	T(test_q_counter_rq_out_of_buffer),
	T(test_vport_counters),
};
SUITE(counters, counters_tests);

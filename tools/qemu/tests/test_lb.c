/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: self-loopback control through transport domains (PRM 3.4)
 * and CQE compression (mini CQE arrays, PRM 7.12).
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "cx4dev_int.h"
#include "ethenv.h"
#include "syndrome.h"
#include "testutil.h"

static uint8_t modify_tir_lb(struct env *e, uint32_t tirn, uint32_t lb, struct fh_result *r)
{
	uint8_t in[CX4_MODIFY_TIR_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_TIR);
	CX4_SET(MODIFY_TIR_IN, in, TIRN, tirn);
	CX4_SET64(MODIFY_TIR_IN, in, BITMASK, CX4_MODIFY_TIR_SEL_SELF_LB_EN);
	CX4_SET(TIRC, CX4_ADDR(MODIFY_TIR_IN, in, CTX), SELF_LB_EN, lb);
	return fh_run(e->fh, in, sizeof(in), CX4_MODIFY_TIR_OUT_SIZE, r);
}

static uint64_t lb_counter(struct env *e, enum cx4dev_eth_cnt c)
{
	return cx4dev_eth_counter(e->fh->dev, c);
}

static void send_frame(struct env *e, const uint8_t *f, uint32_t len)
{
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK(fh_cq_poll(e->fh, &e->scq) != NULL);
}

static void test_self_loopback(void)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	struct env *e = env_new(true);
	struct fh_result r;
	uint8_t f[256], *c;
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 40, true), td2, tis2, fc;
	struct ewq sq1;

	/* Same transport domain, self_lb_en 0: on the wire, not delivered. */
	env_post_recv(e, 2048);
	fh_tx_clear(e->fh);
	send_frame(e, f, len);
	CHECK_EQ(e->fh->n_tx, 1);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_BLOCKED), 1);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_DELIVERED), 0);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_RX_NO_STEERING), 0);
	/* A frame for somebody else: nothing local wants it, no drop counted. */
	send_frame(e, f, env_build_ipv4(f, env_peer_mac, 17, 40, true));
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_RX_NO_STEERING), 0);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_BLOCKED), 1);
	/* Unicast self-loopback enabled: delivered, frame intact. */
	CHECK_EQ(modify_tir_lb(e, e->tir, CX4_TIR_SELF_LB_UC, &r), CX4_CMD_STAT_OK);
	len = env_build_ipv4(f, env_my_mac, 17, 40, true);
	send_frame(e, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_RESP_SEND &&
	      CX4_GET(CQE, c, BYTE_CNT) == len);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_DELIVERED), 1);
	/* Broadcast steered to the TIR, counted: needs the multicast bit. */
	fc = fh_simple_out(e->fh, CX4_CMD_ALLOC_FLOW_COUNTER, CX4_ALLOC_FLOW_COUNTER_OUT_ID);
	{
		uint8_t fin[0x400] = { 0 }, *fcx = fin + CX4_FTE_OFF_FLOW_CTX;

		CX4_SET(CMD_IN, fin, OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
		CX4_SET(FT_CMD, fin, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
		CX4_SET(FT_CMD, fin, TABLE_ID, e->ft);
		CX4_SET(FTE_CMD, fin, FLOW_INDEX, 1);
		CX4_SET(FLOWC, fcx, GROUP_ID, e->fg);
		CX4_SET(FLOWC, fcx, ACTION, CX4_FLOW_ACTION_FWD_DEST | CX4_FLOW_ACTION_COUNT);
		CX4_SET(FLOWC, fcx, DESTINATION_LIST_SIZE, 1);
		CX4_SET(FLOWC, fcx, FLOW_COUNTER_LIST_SIZE, 1);
		memcpy(fcx + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_OFF_DMAC, bcast, 6);
		CX4_SET(FLOW_DEST, fcx + cx4_flowc_dest_off(0), TYPE, CX4_FLOW_DEST_TIR);
		CX4_SET(FLOW_DEST, fcx + cx4_flowc_dest_off(0), ID, e->tir);
		CX4_SET(FLOW_COUNTER, fcx + cx4_flowc_dest_off(1), ENTRY_ID, fc);
		CHECK_EQ(fh_run(e->fh, fin, cx4_fte_cmd_size(2), CX4_SET_FTE_OUT_SIZE, &r),
			 CX4_CMD_STAT_OK);
	}
	env_post_recv(e, 2048);
	send_frame(e, f, env_build_ipv4(f, bcast, 17, 40, true));
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_BLOCKED), 2);
	CHECK_EQ(e->fh->dev->eth->fc[fc].packets, 0);	/* blocked: not counted */
	CHECK_EQ(modify_tir_lb(e, e->tir, CX4_TIR_SELF_LB_MC, &r), CX4_CMD_STAT_OK);
	send_frame(e, f, env_build_ipv4(f, bcast, 17, 40, true));
	CHECK(fh_cq_poll(e->fh, &e->rcq) != NULL);
	CHECK_EQ(e->fh->dev->eth->fc[fc].packets, 1);
	send_frame(e, f, env_build_ipv4(f, env_my_mac, 17, 40, true));	/* uc now blocked */
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_BLOCKED), 3);
	/* Another transport domain's TIS: not self-loopback, always delivered. */
	CHECK_EQ(modify_tir_lb(e, e->tir, 0, &r), CX4_CMD_STAT_OK);
	td2 = fh_simple_out(e->fh, CX4_CMD_ALLOC_TRANSPORT_DOMAIN,
			     CX4_ALLOC_TD_OUT_TRANSPORT_DOMAIN);
	tis2 = env_create_tis(e, td2);
	sq1 = e->sq;
	e->tis = tis2;
	CHECK_EQ(env_create_sq(e, &e->sq, &r, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	env_post_recv(e, 2048);
	send_frame(e, f, env_build_ipv4(f, env_my_mac, 17, 40, true));
	CHECK(fh_cq_poll(e->fh, &e->rcq) != NULL);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_DELIVERED), 3);
	CHECK_EQ(lb_counter(e, CX4DEV_ETH_LB_BLOCKED), 3);
	(void)sq1;
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

/* ---- CQE compression ---- */

/* A 32-entry CQ with cqe_compression_en and mini CQE format @fmt. */
static void create_cq_comp(struct env *e, struct fh_cq *cq, uint32_t fmt)
{
	struct fh_cq_params p;
	struct fh_result r;

	fh_cq_params_init(&p, e->uar, e->eqn, 5);
	p.compression = true;
	p.mini_format = fmt;
	CHECK_EQ(fh_cq_create(e->fh, &p, cq, &r, NULL), CX4_CMD_STAT_OK);
}

/* An RQ on a compressing CQ, steered from env_my_mac (flow entry 0). */
static struct env *env_comp(uint32_t fmt)
{
	struct env *e = env_new(true);
	uint8_t in[0x40] = { 0 };
	struct fh_result r;

	create_cq_comp(e, &e->rcq, fmt);
	CHECK_EQ(env_create_rq(e, &e->rq, true, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(env_modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_create_tir_direct(e, e->rq.qn, &r), CX4_CMD_STAT_OK);
	e->tir = CX4_GET(CREATE_TIR_OUT, r.out, TIRN);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DELETE_FLOW_TABLE_ENTRY);
	CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	CX4_SET(FT_CMD, in, TABLE_ID, e->ft);
	CHECK_EQ(fh_run(e->fh, in, CX4_DELETE_FTE_IN_SIZE, CX4_DELETE_FTE_OUT_SIZE, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_set_fte(e, 0, env_my_mac, e->tir, &r), CX4_CMD_STAT_OK);
	return e;
}

static uint8_t *cq_entry(struct env *e, uint32_t i)
{
	return fh_ptr(e->fh, e->rcq.buf + (uint64_t)(i & 31) * CX4_CQE_SIZE);
}

/* Receive @n UDP frames of 40 + i payload bytes; returns their lengths. */
static void rx_burst(struct env *e, uint32_t n, uint32_t *lens, uint16_t *sums)
{
	uint8_t f[256];

	for (uint32_t i = 0; i < n; i++) {
		uint32_t len = env_build_ipv4(f, env_my_mac, 17, 40 + i, true);

		env_post_recv(e, 2048);
		cx4dev_receive(e->fh->dev, f, len);
		lens[i] = len;
		sums[i] = env_csum(f + 14, len - 14, 0);
	}
}

/* Check the session of @n completions whose title is entry @at. */
static void check_session(struct env *e, uint32_t at, uint32_t n, uint16_t wqe0,
			  const uint32_t *lens, const uint16_t *sums)
{
	uint8_t *t = cq_entry(e, at);

	CHECK(cx4_cqe_sig_ok(t, at & 31));
	CHECK_EQ(CX4_GET(CQE, t, OWNER), cx4_owner_bit(at, 5));
	CHECK_EQ(CX4_GET(CQE, t, OPCODE), CX4_CQE_OP_RESP_SEND);
	CHECK_EQ(CX4_GET(CQE, t, FORMAT), CX4_CQE_FORMAT_COMPRESSED);
	CHECK_EQ(CX4_GET(CQE, t, COMPRESSED_COUNT), n);
	CHECK_EQ(CX4_GET(CQE, t, WQE_COUNTER), wqe0);
	CHECK_EQ(CX4_GET(CQE, t, L4_HDR_TYPE), CX4_CQE_L4_UDP);
	CHECK_EQ(CX4_GET(CQE, t, USER_INDEX), 0x7272);
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *m = cq_entry(e, at + cx4_mini_cqe_entry(i)) +
				   (i % CX4_MINI_CQE_PER_CQE) * CX4_MINI_CQE_SIZE;

		CHECK_EQ(CX4_GET(MINI_CQE, m, BYTE_CNT), lens[i]);
		CHECK_EQ(CX4_GET(MINI_CQE, m, CHECKSUM), sums[i]);
		CHECK_EQ(CX4_GET(MINI_CQE, m, STRIDX), 0);
	}
}

static void test_cqe_compression(void)
{
	struct env *e = env_comp(CX4_MINI_CQE_FMT_CSUM);
	uint32_t lens[16];
	uint16_t sums[16];
	uint8_t f[256], *c;
	uint64_t eqes;

	/* Not armed: five completions collect, nothing visible yet. */
	rx_burst(e, 5, lens, sums);
	CHECK_EQ(CX4_GET(CQE, cq_entry(e, 0), OPCODE), CX4_CQE_OP_INVALID);
	/* The device timer writes the session: title + one mini array. */
	fh_advance(e->fh, 30000);
	check_session(e, 0, 5, 0, lens, sums);
	CHECK_EQ(CX4_GET(CQE, cq_entry(e, 2), OPCODE), CX4_CQE_OP_INVALID);	/* untouched */
	/* An arm doorbell writes the open session, then the event follows. */
	rx_burst(e, 3, lens, sums);
	CHECK_EQ(CX4_GET(CQE, cq_entry(e, 5), OPCODE), CX4_CQE_OP_INVALID);
	eqes = cx4dev_counter(e->fh->dev, CX4DEV_CNT_EQES);
	e->rcq.cc = 5;	/* the first session consumed */
	CX4_SET(CQ_DBR, fh_ptr(e->fh, e->rcq.dbr), UPDATE_CI, e->rcq.cc);
	fh_cq_db(e->fh, &e->rcq, 0, false, false);
	check_session(e, 5, 3, 5, lens, sums);
	CHECK_EQ(cx4dev_counter(e->fh->dev, CX4DEV_CNT_EQES), eqes + 1);
	/* The CQ fired: two UDP, then a TCP frame ends the session. */
	rx_burst(e, 2, lens, sums);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, env_build_ipv4(f, env_my_mac, 6, 10, true));
	check_session(e, 8, 2, 8, lens, sums);
	/* The TCP one alone: written as a plain CQE at the timer. */
	CHECK_EQ(CX4_GET(CQE, cq_entry(e, 10), OPCODE), CX4_CQE_OP_INVALID);
	fh_advance(e->fh, 30000);
	c = cq_entry(e, 10);
	CHECK_EQ(CX4_GET(CQE, c, FORMAT), 0);
	CHECK_EQ(CX4_GET(CQE, c, L4_HDR_TYPE), CX4_CQE_L4_TCP_ACK);
	CHECK_EQ(CX4_GET(CQE, c, WQE_COUNTER), 10);
	CHECK(cx4_cqe_sig_ok(c, 10));
	/* Ten completions: minis 0-7 in entry +1, 8-9 in entry +8. */
	CX4_SET(CQ_DBR, fh_ptr(e->fh, e->rcq.dbr), UPDATE_CI, 11);
	rx_burst(e, 10, lens, sums);
	fh_advance(e->fh, 30000);
	check_session(e, 11, 10, 11, lens, sums);
	CHECK_EQ(e->fh->dev->cqz_sessions, 4);
	CHECK_EQ(e->fh->dev->cqz_cqes, 20);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

/* Format 0: mini CQEs carry the RX hash result; bad contexts refused. */
static void test_cqe_compression_hash_format(void)
{
	struct env *e = env_comp(CX4_MINI_CQE_FMT_HASH);
	uint32_t lens[4];
	uint16_t sums[4];
	const uint8_t *m;

	rx_burst(e, 2, lens, sums);
	fh_advance(e->fh, 30000);
	CHECK_EQ(CX4_GET(CQE, cq_entry(e, 0), COMPRESSED_COUNT), 2);
	m = cq_entry(e, 1);
	CHECK_EQ(CX4_GET(MINI_CQE, m, RX_HASH_RESULT), 0);	/* direct TIR: no hash */
	CHECK_EQ(CX4_GET(MINI_CQE, m + CX4_MINI_CQE_SIZE, BYTE_CNT), lens[1]);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

/* caps-on=cqe_compression: HCA_CAP.cqe_compression (beyond rev 0.40). */
static void test_caps_on_cqe_compression(void)
{
	struct cx4dev_config cfg;
	uint32_t m = 0;
	char err[64];
	struct fh *fh;

	CHECK_EQ(cx4dev_parse_caps_on("cqe_compression", &m, err, sizeof(err)), 0);
	CHECK_EQ(m, CX4DEV_ON_CQE_COMPRESSION);
	CHECK_EQ(cx4dev_parse_caps_on("cqe_compression,bogus", &m, err, sizeof(err)), -1);
	CHECK(strstr(err, "bogus") != NULL);
	cx4dev_config_init(&cfg);
	fh = fh_new(&cfg);
	CHECK_EQ(CX4_GET(CAP, fh->dev->caps.cur[CX4DEV_CAPI_GENERAL], CQE_COMPRESSION), 0);
	fh_free(fh);
	cfg.caps_on = CX4DEV_ON_CQE_COMPRESSION;
	fh = fh_new(&cfg);
	CHECK_EQ(CX4_GET(CAP, fh->dev->caps.cur[CX4DEV_CAPI_GENERAL], CQE_COMPRESSION), 1);
	CHECK_EQ(CX4_GET(CAP, fh->dev->caps.cur[CX4DEV_CAPI_GENERAL], CQE_COMPRESSION_MAX_NUM),
		 CX4DEV_CQZ_MAX);
	fh_free(fh);
}

static const struct test lb_tests[] = {
	T(test_caps_on_cqe_compression),
	T(test_self_loopback),
	T(test_cqe_compression),
	T(test_cqe_compression_hash_format),
};
SUITE(lb, lb_tests);

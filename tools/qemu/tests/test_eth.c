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

#include "ethenv.h"

/* ---- tests ---- */

static void test_eth_tx_csum(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], *c;
	uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 40, false);

	/* UDP/IPv4 with both checksums left to the device; L2 header inline. */
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, CX4_WQE_ETH_CS_L3 | CX4_WQE_ETH_CS_L4, 0,
		      CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 1);
	if (e->fh->n_tx == 1) {
		CHECK_EQ(e->fh->tx_len[0], len);
		CHECK(env_ipv4_csums_ok(e->fh->tx[0]));
		/* Everything but the checksums is the posted frame. */
		CHECK(!memcmp(e->fh->tx[0], f, 24));
		CHECK(!memcmp(e->fh->tx[0] + 26, f + 26, 40 - 26));
		CHECK(!memcmp(e->fh->tx[0] + 42, f + 42, len - 42));
	}
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(CX4_GET(CQE, c, OPCODE), CX4_CQE_OP_REQ);
		CHECK_EQ(CX4_GET(CQE, c, WQE_COUNTER), 0);
		CHECK_EQ(CX4_GET(CQE, c, S_WQE_OPCODE), CX4_WQE_OP_SEND);
		CHECK_EQ(CX4_GET(CQE, c, USER_INDEX), 0x5151);
	}
	/* Short frame without offloads: padded to 60 bytes, sent as is. */
	memset(f, 0, sizeof(f));
	memcpy(f, env_peer_mac, 6);
	f[12] = 0x88;
	f[13] = 0xb5;
	f[14] = 0xaa;
	env_post_send(e, CX4_WQE_OP_SEND, f, 15, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 2);
	if (e->fh->n_tx == 2) {
		CHECK_EQ(e->fh->tx_len[1], 60);
		CHECK(!memcmp(e->fh->tx[1], f, 60));
	}
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, WQE_COUNTER) == 1);
	/* Datapath counters on the debug control page. */
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_ETH_CNT + 4 * CX4DEV_ETH_TX_PACKETS), 2);
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_ETH_CNT + 4 * CX4DEV_ETH_TX_CSUM), 2);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_tx_lso(void)
{
	struct env *e = env_new(true);
	static uint8_t f[4096];
	uint32_t len = env_build_ipv4(f, env_peer_mac, 6, 2500, false);

	env_post_send(e, CX4_WQE_OP_LSO, f, len, 54, CX4_WQE_ETH_CS_L3 | CX4_WQE_ETH_CS_L4, 1000,
		      CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 3);
	for (size_t i = 0; i < e->fh->n_tx && i < 3; i++) {
		const uint8_t *s = e->fh->tx[i];
		uint32_t seq = (uint32_t)s[38] << 24 | (uint32_t)s[39] << 16 | s[40] << 8 | s[41], n = i < 2 ? 1000 : 500;

		CHECK_EQ(e->fh->tx_len[i], 54 + n);
		CHECK(env_ipv4_csums_ok(s));
		CHECK_EQ(seq, 0x10000000u + 1000u * i);
		CHECK_EQ((uint32_t)s[18] << 8 | s[19], 0x1234 + i);	/* IP ID */
		CHECK_EQ(s[14 + 20 + 13] & 0x08, i == 2 ? 0x08 : 0);	/* PSH on the last */
		CHECK(!memcmp(s + 54, f + 54 + 1000 * i, n));
	}
	CHECK(fh_cq_poll(e->fh, &e->scq) != NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_TX_LSO_SEGMENTS], 3);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_tx_bad_wqe(void)
{
	struct env *e = env_new(true);
	uint8_t f[128], *c;
	uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 10, true);
	struct fh_result r;

	/* A bad LKey: local protection error CQE, SQ to ERR, guest error. */
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, 0x0badbe00, true);
	CHECK_EQ(e->fh->n_tx, 0);
	CHECK_EQ(ERRORS(e->fh), 1);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(CX4_GET(CQE, c, OPCODE), CX4_CQE_OP_REQ_ERR);
		CHECK_EQ(CX4_GET(ERR_CQE, c, SYNDROME), CX4_CQE_SYN_LOCAL_PROT_ERR);
		CHECK_EQ(CX4_GET(ERR_CQE, c, VENDOR_ERR_SYNDROME), 0x08);
		CHECK_EQ(CX4_GET(CQE, c, WQE_COUNTER), 0);
	}
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_QUERY_SQ, CX4_QUERY_SQ_IN_SQN, e->sq.qn,
			     CX4_QUERY_SQ_OUT_OFF_PAS + 8, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(SQC, CX4_CADDR(QUERY_SQ_OUT, r.out, CTX), STATE), CX4_WQ_STATE_ERR);
	/* In ERR, a posted WQE is flushed (flush_in_error_en). */
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(ERR_CQE, c, SYNDROME) == CX4_CQE_SYN_WR_FLUSH_ERR);
	CHECK_EQ(e->fh->n_tx, 0);
	/* RDY->RDY from ERR is not allowed; ERR->RST->RDY is. */
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RDY, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_BAD_RESOURCE_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_SQ_TRANSITION);
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r),
		 CX4_CMD_STAT_OK);
	e->sq.pc = 0;	/* 7.9.1: doorbell record zeroed before RST->RDY */
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->sq.dbr), SND_COUNTER, 0);
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	/* Wrong opcode, then a WQE whose index is not the WQEBB counter. */
	env_post_send(e, 0x0b, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(ERR_CQE, c, VENDOR_ERR_SYNDROME) == 0x01);
	CHECK_EQ(ERRORS(e->fh), 3);	/* + the RDY->RDY attempt */
	/* Inline header shorter than L2 (ConnectX-4 inline mode): dropped, completed. */
	env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r);
	e->sq.pc = 0;
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->sq.dbr), SND_COUNTER, 0);
	env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 2, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_REQ);
	CHECK_EQ(e->fh->n_tx, 0);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_TX_INLINE_DROPS], 1);
	CHECK_EQ(ERRORS(e->fh), 4);
	env_free(e);
}

static void test_eth_rx(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], *c;
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 40, true);
	uint64_t buf = env_post_recv(e, 2048);

	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(CX4_GET(CQE, c, OPCODE), CX4_CQE_OP_RESP_SEND);
		CHECK_EQ(CX4_GET(CQE, c, BYTE_CNT), len);
		CHECK_EQ(CX4_GET(CQE, c, WQE_COUNTER), 0);
		CHECK_EQ(CX4_GET(CQE, c, L3_HDR_TYPE), CX4_CQE_L3_IPV4);
		CHECK_EQ(CX4_GET(CQE, c, L4_HDR_TYPE), CX4_CQE_L4_UDP);
		CHECK_EQ(CX4_GET(CQE, c, L3_OK), 1);
		CHECK_EQ(CX4_GET(CQE, c, L4_OK), 1);
		CHECK_EQ(CX4_GET(CQE, c, CV), 0);
		CHECK_EQ(CX4_GET(CQE, c, USER_INDEX), 0x7272);
		/* Sum of the IP packet: header sums to 0xffff, so = payload sum. */
		CHECK_EQ(CX4_GET(CQE, c, CHECKSUM), env_csum(f + 14, len - 14, 0));
		CHECK_EQ(CX4_GET(CQE, c, RX_HASH_TYPE), 0);
	}
	CHECK(!memcmp(fh_ptr(e->fh, buf), f, len));
	/* Bad UDP checksum: delivered, l4_ok 0. */
	f[len - 1] ^= 0xff;
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, L4_OK) == 0 && CX4_GET(CQE, c, L3_OK) == 1);
	/* Foreign DMAC: no flow matches, default miss drops. */
	len = env_build_ipv4(f, env_peer_mac, 17, 40, true);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING], 1);
	/* The posted WQE takes the next frame; then none left: out of buffer. */
	len = env_build_ipv4(f, env_my_mac, 6, 0, true);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, L4_HDR_TYPE) == CX4_CQE_L4_TCP_EMPTY_ACK);
	cx4dev_receive(e->fh->dev, f, len);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_OUT_OF_BUFFER], 2);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, RX_DROP_COUNTER) == 2);
	/* Buffer too small: responder error CQE, RQ to ERR, guest error. */
	env_post_recv(e, 16);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_RESP_ERR &&
	      CX4_GET(ERR_CQE, c, SYNDROME) == CX4_CQE_SYN_LOCAL_LENGTH_ERR);
	CHECK_EQ(ERRORS(e->fh), 1);
	env_free(e);
}

/*
 * Bus Master Enable off (a driver quiescing the function before its
 * reset): frames are dropped and counted without touching guest memory
 * or blaming the driver; timed engine work waits; back on, the RQ's
 * posted WQE takes the next frame.
 */
static void test_eth_rx_bus_master_off(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], *c;
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 40, true);

	env_post_recv(e, 2048);
	/* Every guest address refuses DMA: any attempt would be counted. */
	e->fh->hole = FH_MEM_BASE;
	e->fh->hole_len = FH_MEM_SIZE;
	cx4dev_bus_master_set(e->fh->dev, false);
	cx4dev_receive(e->fh->dev, f, len);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_NO_BUS_MASTER], 2);
	CHECK_EQ(e->fh->hole_faults, 0);
	CHECK_EQ(e->fh->deadline, CX4DEV_NO_DEADLINE);
	CHECK_EQ(ERRORS(e->fh), 0);
	e->fh->hole_len = 0;
	cx4dev_bus_master_set(e->fh->dev, true);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, WQE_COUNTER) == 0 &&
	      CX4_GET(CQE, c, BYTE_CNT) == len);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_OUT_OF_BUFFER], 0);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_eth_rx_vlan_strip(void)
{
	struct env *e = env_new(false);
	uint8_t f[256], t[260], *c;
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 40, true);
	uint64_t buf = env_post_recv(e, 2048);

	memcpy(t, f, 12);
	t[12] = 0x81;
	t[13] = 0x00;
	t[14] = 0xa0;
	t[15] = 0x05;	/* prio 5, vid 5 */
	memcpy(t + 16, f + 12, len - 12);
	cx4dev_receive(e->fh->dev, t, len + 4);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(CX4_GET(CQE, c, CV), 1);
		CHECK_EQ(CX4_GET(CQE, c, VID), 5);
		CHECK_EQ(CX4_GET(CQE, c, UP), 5);
		CHECK_EQ(CX4_GET(CQE, c, BYTE_CNT), len);
		CHECK_EQ(CX4_GET(CQE, c, L4_OK), 1);
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
	uint8_t f[256], key[40], *cqe;
	struct ewq rq2;
	struct fh_result r;
	uint32_t rqt, tir, len, hash, rqns[2];

	CHECK_EQ(env_create_rq(e, &rq2, true, &r), CX4_CMD_STAT_OK);
	env_modify_wq(e->fh, false, rq2.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r);
	rqns[0] = e->rq.qn;
	rqns[1] = rq2.qn;
	rqt = env_create_rqt(e, rqns, 2);
	for (uint32_t i = 0; i < 40; i++)
		key[i] = (uint8_t)(i * 13 + 5);
	CHECK_EQ(env_create_tir_rss(e, rqt, key, CX4_HASH_SEL_L4_UDP,
				    CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_DST_IP |
				    CX4_HASH_FIELD_L4_SPORT | CX4_HASH_FIELD_L4_DPORT, &r),
		 CX4_CMD_STAT_OK);
	tir = CX4_GET(CREATE_TIR_OUT, r.out, TIRN);
	/* Point the flow at the indirect TIR (op_mod 1, destination list). */
	CHECK_EQ(env_modify_fte_dest(e, 0, env_my_mac, tir, &r), CX4_CMD_STAT_OK);
	/* The direct TIR is no longer referenced: it can go now. */
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_TIR, CX4_DESTROY_TIR_IN_TIRN, e->tir, 16, &r),
		 CX4_CMD_STAT_OK);
	for (int i = 0; i < 8; i++) {
		uint8_t tin[12];

		len = env_build_ipv4(f, env_my_mac, 17, 10, true);
		f[14 + 20 + 1] = (uint8_t)(0x39 + i * 17);	/* vary the source port */
		memcpy(tin, f + 26, 8);
		memcpy(tin + 8, f + 34, 4);
		hash = cx4dev_toeplitz(key, 40, tin, 12);
		env_post_recv(e, 2048);
		rq2.pc++;	/* keep both RQs stocked: one WQE each per frame */
		{
			uint32_t idx = (rq2.pc - 1) & 15;
			uint8_t *w = fh_ptr(e->fh, rq2.buf + ((uint64_t)idx << 6));

			memset(w, 0, 64);
			CX4_SET(RX_DSEG, w, BYTE_COUNT, 2048);
			CX4_SET(RX_DSEG, w, LKEY, CX4DEV_RESD_LKEY);
			CX4_SET64(RX_DSEG, w, ADDR, fh_alloc(e->fh, 2048, 64));
			CX4_SET(WQ_DBR, fh_ptr(e->fh, rq2.dbr), RCV_COUNTER, rq2.pc);
		}
		cx4dev_receive(e->fh->dev, f, len);
		cqe = fh_cq_poll(e->fh, &e->rcq);	/* both RQs report to the same CQ */
		CHECK(cqe != NULL);
		if (!cqe)
			continue;
		CHECK_EQ(CX4_GET(CQE, cqe, RX_HASH_RESULT), hash);
		CHECK_EQ(CX4_GET(CQE, cqe, RX_HASH_TYPE),
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
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_RQ, CX4_DESTROY_RQ_IN_RQN, e->rq.qn, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_RQ_IN_USE);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_TIR, CX4_DESTROY_TIR_IN_TIRN, e->tir, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_TIR_IN_USE);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_TIS, CX4_DESTROY_TIS_IN_TISN, e->tis, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_CQ, CX4_DESTROY_CQ_IN_CQN, e->scq.cqn, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_CQ_IN_USE);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DEALLOC_PD, CX4_DEALLOC_PD_IN_PD, e->pd, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(ERRORS(e->fh), 5);
	/* QUERY_TIR returns the context. */
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_QUERY_TIR, CX4_QUERY_TIR_IN_TIRN, e->tir, sizeof(in),
			     &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(TIRC, CX4_CADDR(QUERY_TIR_OUT, r.out, CTX), INLINE_RQN), e->rq.qn);
	CHECK_EQ(CX4_GET(TIRC, CX4_CADDR(QUERY_TIR_OUT, r.out, CTX), TRANSPORT_DOMAIN), e->td);
	/* Unknown CQ, TIS; modify of the wrong current state. */
	e->scq.cqn = 999;
	CHECK_EQ(env_create_sq(e, &q, &r, NULL), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_SQ_CQ);
	CHECK_EQ(env_modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_BAD_RESOURCE_STATE);
	CHECK_EQ(ERRORS(e->fh), 7);
	/* Flow entry: match value outside the criteria; duplicate index. */
	{
		uint8_t other[6] = { 0x02, 0, 0, 0, 0, 9 };

		CHECK_EQ(env_set_fte(e, 0, other, e->tir, &r), CX4_CMD_STAT_BAD_PARAM);
		CHECK_EQ(r.syndrome, CX4DEV_SYN_FTE_EXISTS);
		CHECK_EQ(env_set_fte(e, 3, other, e->tir, &r), CX4_CMD_STAT_BAD_PARAM);
		CHECK_EQ(r.syndrome, CX4DEV_SYN_FTE_INDEX);
		/* A group id the table does not have: an unknown object. */
		uint32_t fg = e->fg;

		e->fg = fg + 0x100;
		CHECK_EQ(env_set_fte(e, 1, other, e->tir, &r), CX4_CMD_STAT_BAD_RESOURCE);
		CHECK_EQ(r.syndrome, CX4DEV_SYN_FG_UNKNOWN);
		e->fg = fg;
	}
	/* Orderly teardown leaves no objects and no guest errors beyond the above. */
	{
		uint8_t del[CX4_FT_CMD_SIZE] = { 0 };

		CX4_SET(CMD_IN, del, OPCODE, CX4_CMD_DELETE_FLOW_TABLE_ENTRY);
		CX4_SET(FT_CMD, del, TABLE_ID, e->ft);
		CHECK_EQ(fh_run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_OK);
		CX4_SET(CMD_IN, del, OPCODE, CX4_CMD_DESTROY_FLOW_TABLE);
		CHECK_EQ(fh_run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_BAD_RES_STATE);
		CX4_SET(CMD_IN, del, OPCODE, CX4_CMD_DESTROY_FLOW_GROUP);
		CX4_SET(FG_CMD, del, GROUP_ID, e->fg);
		CHECK_EQ(fh_run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_OK);
		CX4_SET(FG_CMD, del, GROUP_ID, 0);
		CX4_SET(CMD_IN, del, OPCODE, CX4_CMD_DESTROY_FLOW_TABLE);
		CHECK_EQ(fh_run(e->fh, del, sizeof(del), 16, &r), CX4_CMD_STAT_OK);
	}
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_TIR, CX4_DESTROY_TIR_IN_TIRN, e->tir, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_RQ, CX4_DESTROY_RQ_IN_RQN, e->rq.qn, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_SQ, CX4_DESTROY_SQ_IN_SQN, e->sq.qn, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DESTROY_TIS, CX4_DESTROY_TIS_IN_TISN, e->tis, 16, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(cx4dev_eth_objects(e->fh->dev), 0);
	CHECK_EQ(ERRORS(e->fh), 11);	/* + DESTROY_FLOW_TABLE with a group */
	env_free(e);
}

static void test_eth_lro(void)
{
	struct env *e = env_new(true);
	static uint8_t f[3][2048];
	uint32_t len = 0;
	uint64_t buf;
	uint8_t *cqe;

	env_lro_on(e);
	buf = env_post_recv(e, 2048);
	env_post_recv(e, 2048);
	for (int i = 0; i < 3; i++) {
		struct cx4dev_pkt p;
		uint32_t seq = 0x10000000u + 500u * (uint32_t)i;

		len = env_build_ipv4(f[i], env_my_mac, 6, 500, true);
		env_tcp_seq(f[i], seq);
		f[i][48] = (uint8_t)(0x10 + i);	/* window */
		for (uint32_t j = 0; j < 500; j++)
			f[i][54 + j] = (uint8_t)(j + 3 * i);
		cx4dev_pkt_parse(&p, f[i], len);
		cx4dev_pkt_fill_l4_csum(&p, f[i]);
		cx4dev_receive(e->fh->dev, f[i], len);
		CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);	/* held in the session */
	}
	fh_advance(e->fh, 100000);	/* past the 32 us LRO timer */
	cqe = fh_cq_poll(e->fh, &e->rcq);
	CHECK(cqe != NULL);
	if (cqe) {
		CHECK_EQ(CX4_GET(CQE, cqe, LRO_NUM_SEG), 3);
		CHECK_EQ(CX4_GET(CQE, cqe, BYTE_CNT), 54 + 1500);
		CHECK_EQ(CX4_GET(CQE, cqe, LRO_ABRT), CX4_CQE_LRO_ABRT_TIMEOUT);
		CHECK_EQ(CX4_GET(CQE, cqe, LRO_TCP_PSH), 1);
		CHECK_EQ(CX4_GET(CQE, cqe, LRO_TCP_WIN), 0x1200);	/* the last segment's */
		CHECK_EQ(CX4_GET(CQE, cqe, LRO_MIN_TTL), 64);
		CHECK_EQ(CX4_GET(CQE, cqe, L4_HDR_TYPE), CX4_CQE_L4_TCP_ACK);
		CHECK_EQ(CX4_GET(CQE, cqe, WQE_COUNTER), 0);
	}
	/* First segment as is, then the payloads of the others. */
	CHECK(!memcmp(fh_ptr(e->fh, buf), f[0], len));
	CHECK(!memcmp((uint8_t *)fh_ptr(e->fh, buf) + len, f[1] + 54, 500));
	CHECK(!memcmp((uint8_t *)fh_ptr(e->fh, buf) + len + 500, f[2] + 54, 500));
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_LRO_SESSIONS], 1);
	/* Out of order segment: the open session ends, the segment stands alone. */
	cx4dev_receive(e->fh->dev, f[0], len);	/* opens a session on WQE 1 */
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f[2], len);	/* seq gap: flush, then standalone */
	cqe = fh_cq_poll(e->fh, &e->rcq);
	CHECK(cqe && CX4_GET(CQE, cqe, LRO_NUM_SEG) == 1 &&
	      CX4_GET(CQE, cqe, WQE_COUNTER) == 1);
	cqe = fh_cq_poll(e->fh, &e->rcq);
	CHECK(cqe && CX4_GET(CQE, cqe, LRO_NUM_SEG) == 0 &&
	      CX4_GET(CQE, cqe, WQE_COUNTER) == 2);
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
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_TABLE);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, LEVEL, 1);
	CHECK_EQ(fh_run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_OK);
	t2 = CX4_GET(CREATE_FLOW_TABLE_OUT, r.out, TABLE_ID);
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_GROUP);
	CX4_SET(FT_CMD, in, TABLE_ID, t2);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), 16, &r), CX4_CMD_STAT_OK);
	g2 = CX4_GET(CREATE_FLOW_GROUP_OUT, r.out, GROUP_ID);
	fcid = fh_simple_out(e->fh, CX4_CMD_ALLOC_FLOW_COUNTER, CX4_ALLOC_FLOW_COUNTER_OUT_ID);
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
	CX4_SET(FT_CMD, in, TABLE_ID, t2);
	CX4_SET(FLOWC, fc, GROUP_ID, g2);
	CX4_SET(FLOWC, fc, FLOW_TAG, 0x77);
	CX4_SET(FLOWC, fc, ACTION, CX4_FLOW_ACTION_FWD_DEST | CX4_FLOW_ACTION_COUNT);
	CX4_SET(FLOWC, fc, DESTINATION_LIST_SIZE, 1);
	CX4_SET(FLOWC, fc, FLOW_COUNTER_LIST_SIZE, 1);
	CX4_SET(FLOW_DEST, fc + cx4_flowc_dest_off(0), TYPE, CX4_FLOW_DEST_TIR);
	CX4_SET(FLOW_DEST, fc + cx4_flowc_dest_off(0), ID, e->tir);
	CX4_SET(FLOW_COUNTER, fc + cx4_flowc_dest_off(1), ENTRY_ID, fcid);
	CHECK_EQ(fh_run(e->fh, in, cx4_fte_cmd_size(2), 16, &r), CX4_CMD_STAT_OK);
	/* Root misses go to the level-1 table. */
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_FLOW_TABLE);
	CX4_SET(MODIFY_FLOW_TABLE_IN, in, FIELD_SELECT, CX4_MODIFY_FT_SEL_MISS);
	CX4_SET(FT_CMD, in, TABLE_ID, e->ft);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, LOG_SIZE, 2);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, TABLE_MISS_ACTION, CX4_FT_MISS_IDENTIFIED);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, TABLE_MISS_ID, t2);
	CHECK_EQ(fh_run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_OK);
	len = env_build_ipv4(f, env_peer_mac, 17, 20, true);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, FLOW_TAG) == 0x77);
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_FLOW_COUNTER);
	CX4_SET(QUERY_FLOW_COUNTER_IN, in, ID, fcid);
	CX4_SET(QUERY_FLOW_COUNTER_IN, in, CLEAR, 1);
	CHECK_EQ(fh_run(e->fh, in, CX4_QUERY_FLOW_COUNTER_IN_SIZE, CX4_QUERY_FLOW_COUNTER_OUT_SIZE,
			&r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET64(TRAFFIC_COUNTER, CX4_CADDR(QUERY_FLOW_COUNTER_OUT, r.out, STATS),
			   PACKETS), 1);
	CHECK_EQ(CX4_GET64(TRAFFIC_COUNTER, CX4_CADDR(QUERY_FLOW_COUNTER_OUT, r.out, STATS),
			   OCTETS), len);
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_DEALLOC_FLOW_COUNTER, CX4_DEALLOC_FLOW_COUNTER_IN_ID,
			     fcid, 16, &r), CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_FC_IN_USE);
	/* A DROP entry in the root wins over the miss path. */
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
	CX4_SET(FT_CMD, in, TABLE_ID, e->ft);
	CX4_SET(FTE_CMD, in, FLOW_INDEX, 1);
	CX4_SET(FLOWC, fc, GROUP_ID, e->fg);
	CX4_SET(FLOWC, fc, ACTION, CX4_FLOW_ACTION_DROP);
	memcpy(fc + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_OFF_DMAC, env_peer_mac, 6);
	CHECK_EQ(fh_run(e->fh, in, cx4_fte_cmd_size(0), 16, &r), CX4_CMD_STAT_OK);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_FLOW_DROPS], 1);
	/* The level-1 table is referenced by the root's miss: not destroyable. */
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DESTROY_FLOW_TABLE);
	CX4_SET(FT_CMD, in, TABLE_ID, t2);
	CHECK_EQ(fh_run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(ERRORS(e->fh), 2);
	env_free(e);
}

/* Group @start..@start of table @t with outer criteria @mc; its id. */
static uint32_t l4_group(struct env *e, uint32_t t, uint32_t start, const uint8_t *mc)
{
	uint8_t in[CX4_CREATE_FLOW_GROUP_IN_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_GROUP);
	CX4_SET(FT_CMD, in, TABLE_ID, t);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, START_FLOW_INDEX, start);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, END_FLOW_INDEX, start);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, MATCH_CRITERIA_ENABLE, CX4_MATCH_OUTER_HEADERS);
	memcpy(in + CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA, mc, CX4_FTE_MATCH_SET_SIZE);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_CREATE_FLOW_GROUP_OUT_SIZE, &r),
		 CX4_CMD_STAT_OK);
	return CX4_GET(CREATE_FLOW_GROUP_OUT, r.out, GROUP_ID);
}

/* Flow @index of group @g of table @t, value @mv: to TIR @tir, or DROP if 0. */
static void l4_entry(struct env *e, uint32_t t, uint32_t g, uint32_t index, const uint8_t *mv,
		     uint32_t tir)
{
	uint8_t in[0x400] = { 0 }, *fc = in + CX4_FTE_OFF_FLOW_CTX;
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_FLOW_TABLE_ENTRY);
	CX4_SET(FT_CMD, in, TABLE_ID, t);
	CX4_SET(FTE_CMD, in, FLOW_INDEX, index);
	CX4_SET(FLOWC, fc, GROUP_ID, g);
	memcpy(fc + CX4_FLOWC_OFF_MATCH_VALUE, mv, CX4_FTE_MATCH_SET_SIZE);
	CX4_SET(FLOWC, fc, ACTION, tir ? CX4_FLOW_ACTION_FWD_DEST : CX4_FLOW_ACTION_DROP);
	if (tir) {
		CX4_SET(FLOWC, fc, DESTINATION_LIST_SIZE, 1);
		CX4_SET(FLOW_DEST, fc + cx4_flowc_dest_off(0), TYPE, CX4_FLOW_DEST_TIR);
		CX4_SET(FLOW_DEST, fc + cx4_flowc_dest_off(0), ID, tir);
	}
	CHECK_EQ(fh_run(e->fh, in, cx4_fte_cmd_size(tir ? 1 : 0), 16, &r), CX4_CMD_STAT_OK);
}

/*
 * cx4's ntuple rules (PRM 7.11.2, Table 409): a level-1 table reached by
 * the root's identified miss, of single-flow groups on L3/L4 fields:
 * flow 0 ethertype + IP protocol + UDP destination port, DROP; flow 1
 * the /24 of the destination IPv4 address (a partial mask, the last four
 * bytes of dst_ip), to the TIR.  A frame both match takes flow 0 (the
 * first in index order), one only the /24 matches flow 1, one neither
 * the table's default miss (dropped, no_steering).  mlx5_core's ethtool
 * rules chain their tables the same way, by MODIFY_FLOW_TABLE.
 */
static void test_eth_flow_l4_rules(void)
{
	struct env *e = env_new(true);
	uint8_t in[CX4_CREATE_FLOW_GROUP_IN_SIZE] = { 0 };
	uint8_t mc[CX4_FTE_MATCH_SET_SIZE], mv[CX4_FTE_MATCH_SET_SIZE], f[256];
	uint8_t *dip = f + 14 + 16, *dport = f + 14 + 20 + 2;
	uint32_t off = CX4_FTE_OFF_DST_IP + CX4_FTE_OFF_IPV4_IN_IP, t2, g, len;
	uint64_t drops = e->fh->dev->eth->cnt[CX4DEV_ETH_RX_FLOW_DROPS];
	uint64_t miss;
	struct fh_result r;
	uint8_t *c;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_TABLE);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, LEVEL, 1);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, LOG_SIZE, 2);
	CHECK_EQ(fh_run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_OK);
	t2 = CX4_GET(CREATE_FLOW_TABLE_OUT, r.out, TABLE_ID);
	memset(mc, 0, sizeof(mc));
	memset(mv, 0, sizeof(mv));
	CX4_SET(FTE, mc, ETHERTYPE, 0xffff);
	CX4_SET(FTE, mc, IP_PROTOCOL, 0xff);
	CX4_SET(FTE, mc, UDP_DPORT, 0xffff);
	CX4_SET(FTE, mv, ETHERTYPE, 0x0800);
	CX4_SET(FTE, mv, IP_PROTOCOL, 17);
	CX4_SET(FTE, mv, UDP_DPORT, 80);
	g = l4_group(e, t2, 0, mc);
	l4_entry(e, t2, g, 0, mv, 0);
	memset(mc, 0, sizeof(mc));
	memset(mv, 0, sizeof(mv));
	memset(mc + off, 0xff, 3);
	memcpy(mv + off, "\xc6\x12\x00", 3);	/* 198.18.0.0/24 */
	g = l4_group(e, t2, 1, mc);
	l4_entry(e, t2, g, 1, mv, e->tir);
	/*
	 * The root's miss to t2.  Only the selected miss fields are read
	 * (12.14.2): level and log_size left 0, as mlx5_core sends them.  An
	 * undefined select bit is refused.
	 */
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_FLOW_TABLE);
	CX4_SET(MODIFY_FLOW_TABLE_IN, in, FIELD_SELECT, CX4_MODIFY_FT_SEL_MISS << 1);
	CX4_SET(FT_CMD, in, TABLE_ID, e->ft);
	CHECK_EQ(fh_run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_FT_MODIFY_FIELD);
	CX4_SET(MODIFY_FLOW_TABLE_IN, in, FIELD_SELECT, CX4_MODIFY_FT_SEL_MISS);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, TABLE_MISS_ACTION, CX4_FT_MISS_IDENTIFIED);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, TABLE_MISS_ID, t2);
	CHECK_EQ(fh_run(e->fh, in, CX4_FT_CMD_SIZE, 16, &r), CX4_CMD_STAT_OK);

	/* UDP 198.18.0.1:12345 -> 198.18.0.2:80: both flows match, flow 0 drops. */
	len = env_build_ipv4(f, env_peer_mac, 17, 20, true);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_FLOW_DROPS], drops + 1);
	/* Port 81: only the /24 matches, bit by bit. */
	dport[1] = 81;
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, BYTE_CNT) == len);
	/* 198.18.1.2 (IPv4 checksum now wrong: no L4 parsed, the addresses
	 * are): outside the /24, the table's default miss.
	 */
	miss = e->fh->dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING];
	dip[2] = 1;
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING], miss + 1);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_FLOW_DROPS], drops + 1);
	CHECK_EQ(ERRORS(e->fh), 1);
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

	CHECK_EQ(env_create_rq_stride(e, &q, true, 4, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(e->fh), 0);
	CHECK_EQ(env_create_rq_stride(e, &q, true, 3, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(e->fh), 1);
	env_free(e);
}

/*
 * Several scatter entries per receive WQE (PRM 7.4.1.2, 7.4.4.3), as
 * cx4 posts them for jumbo frames: a frame fills the entries in order,
 * each up to its byte count, the CQE's byte_cnt is the whole frame and
 * the WQE is consumed as a whole (the next frame takes the next WQE,
 * even when entries were left untouched).  Entries the frame does not
 * reach are not written.  A frame longer than all entries together:
 * local length error.
 */
static void test_eth_rx_scatter(void)
{
	struct env *e = env_new(true);
	static const uint32_t sz[3] = { 100, 200, 4096 };
	uint64_t b[3], b2[3];
	uint8_t f[1024], *c;
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 600, true), i;

	CHECK(len > 300 && len < 4396);
	env_post_recv_sg(e, sz, 3, b);
	env_post_recv_sg(e, sz, 3, b2);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_RESP_SEND &&
	      CX4_GET(CQE, c, BYTE_CNT) == len && CX4_GET(CQE, c, WQE_COUNTER) == 0);
	CHECK(!memcmp(fh_ptr(e->fh, b[0]), f, 100));
	CHECK(!memcmp(fh_ptr(e->fh, b[1]), f + 100, 200));
	CHECK(!memcmp(fh_ptr(e->fh, b[2]), f + 300, len - 300));
	CHECK_EQ(*(uint8_t *)fh_ptr(e->fh, b[2] + len - 300), 0xee);
	/* A short frame: only the first entry written; the WQE is used up. */
	len = env_build_ipv4(f, env_my_mac, 17, 20, true);
	CHECK(len < 100);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, BYTE_CNT) == len && CX4_GET(CQE, c, WQE_COUNTER) == 1);
	CHECK(!memcmp(fh_ptr(e->fh, b2[0]), f, len));
	for (i = 1; i < 3; i++)
		CHECK_EQ(*(uint8_t *)fh_ptr(e->fh, b2[i]), 0xee);
	/* The next frame needs the next WQE: none posted, out of buffer. */
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_OUT_OF_BUFFER], 1);
	CHECK_EQ(ERRORS(e->fh), 0);
	/* Longer than all of its entries together: refused. */
	{
		static const uint32_t small[2] = { 64, 64 };

		len = env_build_ipv4(f, env_my_mac, 17, 200, true);
		env_post_recv_sg(e, small, 2, b);
		cx4dev_receive(e->fh->dev, f, len);
		c = fh_cq_poll(e->fh, &e->rcq);
		CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_RESP_ERR &&
		      CX4_GET(ERR_CQE, c, SYNDROME) == CX4_CQE_SYN_LOCAL_LENGTH_ERR);
		CHECK_EQ(ERRORS(e->fh), 1);
	}
	env_free(e);
}

/* Three in-order TCP segments of 500 payload bytes; the frame length. */
static uint32_t lro_segs(uint8_t f[3][2048], uint32_t seq0)
{
	uint32_t len = 0;

	for (int i = 0; i < 3; i++) {
		struct cx4dev_pkt p;
		uint32_t seq = seq0 + 500u * (uint32_t)i;

		len = env_build_ipv4(f[i], env_my_mac, 6, 500, true);
		env_tcp_seq(f[i], seq);
		for (uint32_t j = 0; j < 500; j++)
			f[i][54 + j] = (uint8_t)(j * 7 + i);
		cx4dev_pkt_parse(&p, f[i], len);
		cx4dev_pkt_fill_l4_csum(&p, f[i]);
	}
	return len;
}

/* A PA MKey of @e's PD over all memory (a driver's lkey); its key. */
static uint32_t pa_mkey(struct env *e)
{
	uint8_t in[CX4_CREATE_MKEY_IN_OFF_MTT] = { 0 };
	uint8_t *mkc = in + CX4_CREATE_MKEY_IN_OFF_MKC;
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_MKEY);
	CX4_SET(MKC, mkc, ACCESS_MODE, CX4_MKC_ACCESS_MODE_PA);
	CX4_SET(MKC, mkc, LR, 1);
	CX4_SET(MKC, mkc, LW, 1);
	CX4_SET(MKC, mkc, QPN, CX4_MKC_QPN_NONE);
	CX4_SET(MKC, mkc, MKEY_7_0, 0x5a);
	CX4_SET(MKC, mkc, LENGTH64, 1);
	CX4_SET(MKC, mkc, PD, e->pd);
	CHECK_EQ(fh_run(e->fh, in, sizeof(in), CX4_CREATE_MKEY_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	return cx4_mkey(CX4_GET(CREATE_MKEY_OUT, r.out, MKEY_INDEX), 0x5a);
}

/*
 * log_max_mkey 0 (a hostile device's, or a small one's) still allows
 * 2^0 = one MKey, the one a driver needs: the second is refused.
 */
static void test_eth_mkey_limit(void)
{
	struct env *e = env_new(true);
	uint8_t in[CX4_CREATE_MKEY_IN_OFF_MTT] = { 0 };
	struct fh_result r;

	CX4_SET(CAP, e->fh->dev->caps.cur[CX4DEV_CAPI_GENERAL], LOG_MAX_MKEY, 0);
	pa_mkey(e);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_MKEY);
	CX4_SET(MKC, in + CX4_CREATE_MKEY_IN_OFF_MKC, ACCESS_MODE, CX4_MKC_ACCESS_MODE_PA);
	CX4_SET(MKC, in + CX4_CREATE_MKEY_IN_OFF_MKC, LR, 1);
	CX4_SET(MKC, in + CX4_CREATE_MKEY_IN_OFF_MKC, QPN, CX4_MKC_QPN_NONE);
	CX4_SET(MKC, in + CX4_CREATE_MKEY_IN_OFF_MKC, LENGTH64, 1);
	CX4_SET(MKC, in + CX4_CREATE_MKEY_IN_OFF_MKC, PD, e->pd);
	fh_exec(e->fh, in, sizeof(in), CX4_CREATE_MKEY_OUT_SIZE, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_MKEY_EXHAUSTED);
	env_free(e);
}

/*
 * An LRO session over a WQE of several scatter entries (as cx4 posts
 * them with LRO on): the coalesced frame runs on from entry to entry.
 * A byte count of 0 means 2 GB (PRM 7.4.4.1.5) for the session's writes
 * as for its room: the entry is written, not skipped.
 */
static void test_eth_lro_scatter(void)
{
	struct env *e = env_new(true);
	static const uint32_t sz[3] = { 600, 400, 2048 }, sz0[2] = { 100, 4096 };
	static uint8_t f[3][2048], all[1554];
	uint64_t b[3];
	uint32_t len, idx;
	uint8_t *cqe, *w;

	env_lro_on(e);
	len = lro_segs(f, 0x10000000u);
	memcpy(all, f[0], len);
	memcpy(all + len, f[1] + 54, 500);
	memcpy(all + len + 500, f[2] + 54, 500);
	env_post_recv_sg(e, sz, 3, b);
	for (int i = 0; i < 3; i++)
		cx4dev_receive(e->fh->dev, f[i], len);
	fh_advance(e->fh, 100000);
	cqe = fh_cq_poll(e->fh, &e->rcq);
	CHECK(cqe && CX4_GET(CQE, cqe, LRO_NUM_SEG) == 3 &&
	      CX4_GET(CQE, cqe, BYTE_CNT) == sizeof(all));
	CHECK(!memcmp(fh_ptr(e->fh, b[0]), all, 600));
	CHECK(!memcmp(fh_ptr(e->fh, b[1]), all + 600, 400));
	CHECK(!memcmp(fh_ptr(e->fh, b[2]), all + 1000, sizeof(all) - 1000));
	CHECK_EQ(*(uint8_t *)fh_ptr(e->fh, b[2] + sizeof(all) - 1000), 0xee);
	/* Entry 1 with byte count 0 (2 GB): the rest of the frame goes there. */
	len = lro_segs(f, 0x20000000u);
	memcpy(all, f[0], len);
	memcpy(all + len, f[1] + 54, 500);
	memcpy(all + len + 500, f[2] + 54, 500);
	env_post_recv_sg(e, sz0, 2, b);
	idx = (uint32_t)(e->rq.pc - 1) & ((1u << e->rq.log_size) - 1);
	w = fh_ptr(e->fh, e->rq.buf + ((uint64_t)idx << e->rq.log_stride));
	/* With the reserved LKey (0x100) that would be the Null entry. */
	CX4_SET(RX_DSEG, w + CX4_RX_DSEG_SIZE, BYTE_COUNT, 0);
	CX4_SET(RX_DSEG, w + CX4_RX_DSEG_SIZE, LKEY, pa_mkey(e));
	for (int i = 0; i < 3; i++)
		cx4dev_receive(e->fh->dev, f[i], len);
	fh_advance(e->fh, 100000);
	cqe = fh_cq_poll(e->fh, &e->rcq);
	CHECK(cqe && CX4_GET(CQE, cqe, OPCODE) == CX4_CQE_OP_RESP_SEND &&
	      CX4_GET(CQE, cqe, LRO_NUM_SEG) == 3 &&
	      CX4_GET(CQE, cqe, BYTE_CNT) == sizeof(all));
	CHECK(!memcmp(fh_ptr(e->fh, b[0]), all, 100));
	CHECK(!memcmp(fh_ptr(e->fh, b[1]), all + 100, sizeof(all) - 100));
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static const struct test eth_tests[] = {
	T(test_eth_tx_csum),
	T(test_eth_tx_lso),
	T(test_eth_tx_bad_wqe),
	T(test_eth_rx),
	T(test_eth_rx_bus_master_off),
	T(test_eth_rx_scatter),
	T(test_eth_rx_vlan_strip),
	T(test_eth_toeplitz),
	T(test_eth_rss),
	T(test_eth_lro),
	T(test_eth_mkey_limit),
	T(test_eth_lro_scatter),
	T(test_eth_flow_chain_count_drop),
	T(test_eth_flow_l4_rules),
	T(test_eth_object_rules),
	T(test_eth_rq_min_stride),
};
SUITE(eth, eth_tests);

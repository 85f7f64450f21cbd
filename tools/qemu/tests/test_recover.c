/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: the queue knobs drivers test their recovery with (knob.c,
 * debug control page 0x0c0-0x0cc) and the NIC vport MTU on receive.
 * WQ_ERROR: the next WQE of the chosen SQ/RQ completes with an error CQE
 * carrying the chosen syndrome, the queue goes to ERR, later WQEs are
 * flushed, ERR -> RST -> RDY recovers it, no guest error.  SQ_STALL: the
 * SQ consumes nothing until released (then everything rung meanwhile
 * runs) or reset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "syndrome.h"
#include "testutil.h"

#include "ethenv.h"

#define ON	CX4DEV_WQ_KNOB_ON
#define RQ	CX4DEV_WQ_KNOB_RQ
#define ANY	CX4DEV_WQ_KNOB_QN

static uint32_t wq_state(struct env *e, bool sq, uint32_t qn)
{
	struct fh_result r;

	if (sq) {
		CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_QUERY_SQ, CX4_QUERY_SQ_IN_SQN, qn,
				     CX4_QUERY_SQ_OUT_OFF_PAS + 8, &r), CX4_CMD_STAT_OK);
		return CX4_GET(SQC, CX4_CADDR(QUERY_SQ_OUT, r.out, CTX), STATE);
	}
	CHECK_EQ(env_cmd_obj(e->fh, CX4_CMD_QUERY_RQ, CX4_QUERY_RQ_IN_RQN, qn,
			     CX4_QUERY_RQ_OUT_OFF_PAS + 8, &r), CX4_CMD_STAT_OK);
	return CX4_GET(RQC, CX4_CADDR(QUERY_RQ_OUT, r.out, CTX), STATE);
}

/* The driver's recovery: ERR -> RST, doorbell record zeroed, RST -> RDY. */
static void sq_reset(struct env *e)
{
	struct fh_result r;

	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r),
		 CX4_CMD_STAT_OK);
	e->sq.pc = 0;
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->sq.dbr), SND_COUNTER, 0);
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
}

static void test_wq_error_sq(void)
{
	struct env *e = env_new(true);
	uint8_t f[128], *c;
	uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 10, true);

	/* Armed for another SQ: this one sends normally. */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR_SYNDROME, CX4_CQE_SYN_LOCAL_PROT_ERR);
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | (e->sq.qn + 1));
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_REQ);
	CHECK_EQ(e->fh->n_tx, 1);
	/* Armed for an RQ of that number: SQs are not affected either. */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | RQ | ANY);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK(fh_cq_poll(e->fh, &e->scq) != NULL);
	CHECK_EQ(e->fh->n_tx, 2);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_KNOB_HITS), 0);

	/* Armed for this SQ: the next WQE fails, nothing is sent. */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | e->sq.qn);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR), ON | e->sq.qn);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 2);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(CX4_GET(CQE, c, OPCODE), CX4_CQE_OP_REQ_ERR);
		CHECK_EQ(CX4_GET(ERR_CQE, c, SYNDROME), CX4_CQE_SYN_LOCAL_PROT_ERR);
		CHECK_EQ(CX4_GET(ERR_CQE, c, VENDOR_ERR_SYNDROME), CX4DEV_VSYN_KNOB);
		CHECK_EQ(CX4_GET(CQE, c, WQE_COUNTER), 2);
		CHECK_EQ(CX4_GET(CQE, c, S_WQE_OPCODE), CX4_WQE_OP_SEND);
	}
	CHECK_EQ(wq_state(e, true, e->sq.qn), CX4_WQ_STATE_ERR);
	/* One-shot: disarmed, the queue it hit readable; one knob hit. */
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR), e->sq.qn);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_KNOB_HITS), 1);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_TX_ERR_CQES], 1);
	/* In ERR, later WQEs are flushed. */
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(ERR_CQE, c, SYNDROME) == CX4_CQE_SYN_WR_FLUSH_ERR);
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);
	/* Recovered: sends again, the knob does not fire twice. */
	sq_reset(e);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_REQ &&
	      CX4_GET(CQE, c, WQE_COUNTER) == 0);
	CHECK_EQ(e->fh->n_tx, 3);
	/* Any SQ, default syndrome (local length error). */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR_SYNDROME, 0);
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | ANY);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(ERR_CQE, c, SYNDROME) == CX4_CQE_SYN_LOCAL_LENGTH_ERR);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR), e->sq.qn);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_KNOB_HITS), 2);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static void test_wq_error_rq(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], *c;
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 40, true);
	struct fh_result r;

	env_post_recv(e, 2048);
	env_post_recv(e, 2048);
	env_post_recv(e, 2048);
	/* Armed for SQs: receive is not affected. */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | ANY);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_RESP_SEND);
	/* This RQ, remote access error: error CQE, RQ to ERR (flush_in_error_en 0: no flush). */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR_SYNDROME, CX4_CQE_SYN_REMOTE_ACCESS_ERR);
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | RQ | e->rq.qn);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(CX4_GET(CQE, c, OPCODE), CX4_CQE_OP_RESP_ERR);
		CHECK_EQ(CX4_GET(ERR_CQE, c, SYNDROME), CX4_CQE_SYN_REMOTE_ACCESS_ERR);
		CHECK_EQ(CX4_GET(ERR_CQE, c, VENDOR_ERR_SYNDROME), CX4DEV_VSYN_KNOB);
		CHECK_EQ(CX4_GET(CQE, c, WQE_COUNTER), 1);
	}
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(wq_state(e, false, e->rq.qn), CX4_WQ_STATE_ERR);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR), RQ | e->rq.qn);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_KNOB_HITS), 1);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_ERR_CQES], 1);
	/* In ERR the RQ takes nothing. */
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_RQ_NOT_READY], 1);
	/* ERR -> RST -> RDY: receives again. */
	CHECK_EQ(env_modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r),
		 CX4_CMD_STAT_OK);
	e->rq.pc = 0;
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->rq.dbr), RCV_COUNTER, 0);
	CHECK_EQ(env_modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_RESP_SEND &&
	      CX4_GET(CQE, c, WQE_COUNTER) == 0);
	CHECK_EQ(ERRORS(e->fh), 0);
	/* Armed with no WQE posted: an out-of-buffer drop, the knob waits. */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | RQ | ANY);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_OUT_OF_BUFFER], 1);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR), ON | RQ | ANY);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_RESP_ERR);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR), RQ | e->rq.qn);
	/* Bad knob values are guest errors and change nothing. */
	fh_ctl_wr(e->fh, CTL_WQ_ERROR_SYNDROME, CX4_CQE_SYN_WR_FLUSH_ERR);
	CHECK_EQ(ERRORS(e->fh), 1);
	fh_ctl_wr(e->fh, CTL_WQ_ERROR_SYNDROME, 0x02);
	CHECK_EQ(ERRORS(e->fh), 2);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR_SYNDROME), CX4_CQE_SYN_REMOTE_ACCESS_ERR);
	fh_ctl_wr(e->fh, CTL_WQ_ERROR, ON | (1u << 24));
	CHECK_EQ(ERRORS(e->fh), 3);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_WQ_ERROR), RQ | e->rq.qn);
	env_free(e);
}

static void test_sq_stall(void)
{
	struct env *e = env_new(true);
	uint8_t f[128], *c;
	uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 10, true);
	struct fh_result r;

	/* Stall of another SQ: this one sends. */
	fh_ctl_wr(e->fh, CTL_SQ_STALL, ON | (e->sq.qn + 1));
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK(fh_cq_poll(e->fh, &e->scq) != NULL);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_SQ_STALL_HELD), 0);
	/* Stalled: two doorbells, nothing consumed, no CQE. */
	fh_ctl_wr(e->fh, CTL_SQ_STALL, ON | e->sq.qn);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_SQ_STALL), ON | e->sq.qn);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 1);
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_SQ_STALL_HELD), 2);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_KNOB_HITS), 1);
	CHECK_EQ(wq_state(e, true, e->sq.qn), CX4_WQ_STATE_RDY);
	/* Released: both remembered WQEs are sent and completed, in order. */
	fh_ctl_wr(e->fh, CTL_SQ_STALL, 0);
	CHECK_EQ(e->fh->n_tx, 3);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, WQE_COUNTER) == 1);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, WQE_COUNTER) == 2);
	/* Any SQ: the driver's reset of an SQ it holds ends the stall. */
	fh_ctl_wr(e->fh, CTL_SQ_STALL, ON | ANY);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_SQ_STALL_HELD), 1);
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RDY, CX4_WQ_STATE_RST, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_SQ_STALL), 0);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_SQ_STALL_HELD), 1);
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);	/* the held WQE went with the reset */
	CHECK_EQ(e->fh->n_tx, 3);
	e->sq.pc = 0;
	CX4_SET(WQ_DBR, fh_ptr(e->fh, e->sq.dbr), SND_COUNTER, 0);
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
		 CX4_CMD_STAT_OK);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 4);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_REQ &&
	      CX4_GET(CQE, c, WQE_COUNTER) == 0);
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_KNOB_HITS), 2);
	/* An RQ bit in SQ_STALL is a guest error. */
	fh_ctl_wr(e->fh, CTL_SQ_STALL, ON | RQ | e->sq.qn);
	CHECK_EQ(ERRORS(e->fh), 1);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_SQ_STALL), 0);
	env_free(e);
}

static uint8_t set_vport_mtu(struct fh *fh, uint32_t mtu)
{
	uint8_t in[CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX + 0x100] = { 0 };
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_NIC_VPORT_CONTEXT);
	CX4_SET(MODIFY_NIC_VPORT_CTX_IN, in, FIELD_SELECT, CX4_MODIFY_NIC_VPORT_SEL_MTU);
	CX4_SET(NIC_VPORT, CX4_ADDR(MODIFY_NIC_VPORT_CTX_IN, in, CTX), MTU, mtu);
	return fh_run(fh, in, sizeof(in), CX4_MODIFY_NIC_VPORT_CTX_OUT_SIZE, &r);
}

/*
 * vport MTU bounds the whole frame with its FCS, like PMTU: 1522 (what
 * cx4 and mlx5e program for 1500) takes a 1518-byte frame, not 1519.
 */
static void test_vport_mtu_frame(void)
{
	struct env *e = env_new(true);
	static uint8_t f[2048];
	uint32_t len = env_build_ipv4(f, env_my_mac, 17, 1518 - 42, true);
	uint8_t *c;

	CHECK_EQ(len, 1518);
	CHECK_EQ(set_vport_mtu(e->fh, 1522), CX4_CMD_STAT_OK);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET(CQE, c, BYTE_CNT) == 1518);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_MTU_DROPS], 0);
	len = env_build_ipv4(f, env_my_mac, 17, 1519 - 42, true);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_MTU_DROPS], 1);
	/* The L3 packet (1505) fits 1522, yet the frame is what counts; 1600 takes it. */
	CHECK_EQ(set_vport_mtu(e->fh, 1600), CX4_CMD_STAT_OK);
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, len);
	CHECK(fh_cq_poll(e->fh, &e->rcq) != NULL);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_MTU_DROPS], 1);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

/*
 * DMA_PROBE reads guest memory as an engine would; a refused DMA (the
 * IOMMU has no mapping) is a guest error and a dma_fault, or an expected
 * error when the test said so first.
 */
static void test_dma_probe(void)
{
	struct env *e = env_new(true);

	e->fh->report_dma_faults = true;
	fh_ctl_wr(e->fh, CTL_DMA_PROBE_HI, (uint32_t)(FH_MEM_BASE >> 32));
	fh_ctl_wr(e->fh, CTL_DMA_PROBE, (uint32_t)FH_MEM_BASE);
	CHECK(fh_log_has(e->fh, "DMA probe read at 0x123400000: ok"));
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_DMA_FAULTS), 0);
	CHECK_EQ(ERRORS(e->fh), 0);
	fh_ctl_wr(e->fh, CTL_EXPECT_ERRORS, 1);
	fh_ctl_wr(e->fh, CTL_DMA_PROBE_HI, 0);
	fh_ctl_wr(e->fh, CTL_DMA_PROBE, 0x100000);
	CHECK(fh_log_has(e->fh, "DMA probe read at 0x100000: refused"));
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_DMA_FAULTS), 1);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_EXPECTED_ERRORS), 1);
	CHECK_EQ(ERRORS(e->fh), 0);
	fh_ctl_wr(e->fh, CTL_DMA_PROBE, 0x100000);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_DMA_FAULTS), 2);
	CHECK_EQ(ERRORS(e->fh), 1);
	CHECK(fh_log_has(e->fh, "guest-error: DMA read of 8 bytes at 0x100000 refused"));
	env_free(e);
}

/*
 * A CQ in error stops the queues completing to it (PRM 7.12.5, 7.12.1):
 * the CQ_ERROR knob on the RX CQ moves the RQ to ERR, not the SQ; on the
 * TX CQ the SQ.  A queue in ERR takes nothing, ERR -> RST works, and no
 * guest error.  Then an overrun of the TX CQ: the SQ goes to ERR at the
 * WQE whose CQE did not fit, and the WQE behind it is not executed.
 */
static void test_cq_error_stops_wqs(void)
{
	struct env *e = env_new(true);
	uint8_t rf[256], sf[128];
	uint32_t rlen = env_build_ipv4(rf, env_my_mac, 17, 40, true);
	uint32_t slen = env_build_ipv4(sf, env_peer_mac, 17, 10, true);
	struct fh_result r;
	char msg[64];
	uint32_t i;

	env_post_recv(e, 2048);
	fh_ctl_wr(e->fh, CTL_CQ_ERROR, e->rcq.cqn);
	CHECK_EQ(wq_state(e, false, e->rq.qn), CX4_WQ_STATE_ERR);
	CHECK_EQ(wq_state(e, true, e->sq.qn), CX4_WQ_STATE_RDY);
	snprintf(msg, sizeof(msg), "RQ 0x%x to ERR: its CQ 0x%x is in error", e->rq.qn,
		 e->rcq.cqn);
	CHECK(fh_log_has(e->fh, msg));
	cx4dev_receive(e->fh->dev, rf, rlen);
	CHECK_EQ(e->fh->dev->eth->cnt[CX4DEV_ETH_RX_RQ_NOT_READY], 1);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	/* The SQ, on its own CQ, still sends. */
	env_post_send(e, CX4_WQE_OP_SEND, sf, slen, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK(fh_cq_poll(e->fh, &e->scq) != NULL);
	CHECK_EQ(e->fh->n_tx, 1);
	fh_ctl_wr(e->fh, CTL_CQ_ERROR, e->scq.cqn);
	CHECK_EQ(wq_state(e, true, e->sq.qn), CX4_WQ_STATE_ERR);
	env_post_send(e, CX4_WQE_OP_SEND, sf, slen, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 1);
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);
	/* The driver's way out: the queues leave ERR (then are destroyed). */
	CHECK_EQ(env_modify_wq(e->fh, true, e->sq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(env_modify_wq(e->fh, false, e->rq.qn, CX4_WQ_STATE_ERR, CX4_WQ_STATE_RST, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);

	/* Overrun: 32 CQEs fill the TX CQ (never polled), the 33rd overruns it. */
	e = env_new(true);
	for (i = 0; i < 32; i++)
		env_post_send(e, CX4_WQE_OP_SEND, sf, slen, 14, 0, 0, CX4DEV_RESD_LKEY,
			      i % 8 == 7);
	CHECK_EQ(e->fh->n_tx, 32);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_post_send(e, CX4_WQE_OP_SEND, sf, slen, 14, 0, 0, CX4DEV_RESD_LKEY, false);
	env_post_send(e, CX4_WQE_OP_SEND, sf, slen, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(ERRORS(e->fh), 1);	/* the overrun is the driver's fault */
	CHECK_EQ(wq_state(e, true, e->sq.qn), CX4_WQ_STATE_ERR);
	CHECK_EQ(e->fh->n_tx, 33);	/* the WQE behind it did not run */
	env_free(e);
}

static const struct test recover_tests[] = {
	T(test_dma_probe),
	T(test_wq_error_sq),
	T(test_wq_error_rq),
	T(test_cq_error_stops_wqs),
	T(test_sq_stall),
	T(test_vport_mtu_frame),
};
SUITE(recover, recover_tests);

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: the channels' view of the debug control page (0x0e0-0x0fc
 * and 0x0d0/0x0d4, cq.c): RDY SQs/RQs, their WQ log sizes and their CQs'
 * moderation as MODIFY_CQ leaves it.
 */
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "testutil.h"

#include "ethenv.h"


static uint8_t moderate(struct env *e, uint32_t cqn, uint32_t period, uint32_t count)
{
	uint8_t in[CX4_MODIFY_CQ_IN_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_CQ);
	CX4_SET(MODIFY_CQ_IN, in, CQN, cqn);
	CX4_SET(MODIFY_CQ_IN, in, FIELD_SELECT,
		CX4_MODIFY_CQ_SEL_CQ_PERIOD | CX4_MODIFY_CQ_SEL_CQ_MAX_COUNT);
	CX4_SET(CQC, CX4_ADDR(MODIFY_CQ_IN, in, CQC), CQ_PERIOD, period);
	CX4_SET(CQC, CX4_ADDR(MODIFY_CQ_IN, in, CQC), CQ_MAX_COUNT, count);
	return fh_run(e->fh, in, sizeof(in), CX4_MODIFY_CQ_OUT_SIZE, &r);
}

static uint8_t period_mode(struct env *e, uint32_t cqn, uint32_t mode)
{
	uint8_t in[CX4_MODIFY_CQ_IN_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_CQ);
	CX4_SET(MODIFY_CQ_IN, in, CQN, cqn);
	CX4_SET(MODIFY_CQ_IN, in, FIELD_SELECT, CX4_MODIFY_CQ_SEL_CQ_PERIOD_MODE);
	CX4_SET(CQC, CX4_ADDR(MODIFY_CQ_IN, in, CQC), CQ_PERIOD_MODE, mode);
	return fh_run(e->fh, in, sizeof(in), CX4_MODIFY_CQ_OUT_SIZE, &r);
}

static void test_chan_view(void)
{
	struct env *e = env_new(true);
	struct fh *fh = e->fh;
	struct fh_result r;
	uint32_t sq_log = e->sq.log_size, rq_log = e->rq.log_size;

	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_SQS), 1);	/* SQs in RDY */
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_RQS), 1);	/* RQs in RDY */
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_SQ_LOG), sq_log << 16 | sq_log);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_RQ_LOG), rq_log << 16 | rq_log);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_RX_PERIOD), 0);	/* no moderation yet */
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_PERIOD), 0);
	/* The RQ's CQ and the SQ's CQ are told apart. */
	CHECK_EQ(moderate(e, e->rcq.cqn, 10, 20), CX4_CMD_STAT_OK);
	CHECK_EQ(moderate(e, e->scq.cqn, 300, 4000), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_RX_PERIOD), 10u << 16 | 10);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_RX_COUNT), 20u << 16 | 20);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_PERIOD), 300u << 16 | 300);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_COUNT), 4000u << 16 | 4000);
	/* cq_period_mode, RQs' and SQs' CQs apart: upon_event at first. */
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_RX_PERIOD_MODE), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_PERIOD_MODE), 0);
	CHECK_EQ(period_mode(e, e->rcq.cqn, 1), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_RX_PERIOD_MODE), 1u << 16 | 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_PERIOD_MODE), 0);
	/* A second RDY SQ on the RQ's CQ: min / max over both. */
	{
		struct ewq q2 = e->sq;
		struct fh_cq keep = e->scq;

		e->scq = e->rcq;
		CHECK_EQ(env_create_sq(e, &q2, &r, NULL), CX4_CMD_STAT_OK);
		e->scq = keep;
		CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_SQS), 1);	/* still RST */
		CHECK_EQ(env_modify_wq(fh, true, q2.qn, CX4_WQ_STATE_RST, CX4_WQ_STATE_RDY, &r),
			 CX4_CMD_STAT_OK);
		CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_SQS), 2);
		CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_PERIOD), 300u << 16 | 10);
		CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_COUNT), 4000u << 16 | 20);
		CHECK_EQ(fh_ctl_rd(fh, CTL_CHAN_TX_PERIOD_MODE), 1u << 16 | 0);
	}
	/* Reading the view is no guest error. */
	CHECK_EQ(ERRORS(fh), 0);
	env_free(e);
}

static const struct test chan_tests[] = {
	T(test_chan_view),
};
SUITE(chan, chan_tests);

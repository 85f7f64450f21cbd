// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: EQ ring ownership arithmetic, EQE validation, command slots and
 * completion dispatch in event mode, and the health check.  No device:
 * rings and the command queue page are ordinary memory.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../core/core.h"

/* --- ring ownership ----------------------------------------------------- */

static void cx4_test_owner_bit_values(struct kunit *test)
{
	u32 log;

	for (log = 0; log <= 22; log++) {
		u32 n = 1u << log;

		KUNIT_EXPECT_EQ(test, cx4_owner_bit(0, log), 0u);
		KUNIT_EXPECT_EQ(test, cx4_owner_bit(n - 1, log), 0u);
		KUNIT_EXPECT_EQ(test, cx4_owner_bit(n, log), 1u);
		KUNIT_EXPECT_EQ(test, cx4_owner_bit(2 * n - 1, log), 1u);
		KUNIT_EXPECT_EQ(test, cx4_owner_bit(2 * n, log), 0u);
		/*
		 * The device's counter is 24 bits: where it wraps to 0 the
		 * driver's 32-bit counter reads 1 << 24, same owner value.
		 */
		KUNIT_EXPECT_EQ(test, cx4_owner_bit(1u << 24, log),
				cx4_owner_bit(0, log));
	}
}

/*
 * A producer that writes entries as the device does (owner = bit log of
 * its counter) and a consumer that follows cx4_eqe_owned_by_sw(), over
 * several wraps and with the ring partly filled each time.
 */
static void cx4_test_owner_ring_wraps(struct kunit *test)
{
	static const u32 logs[] = { 0, 1, 3, 7 };
	u32 li;

	for (li = 0; li < ARRAY_SIZE(logs); li++) {
		u32 log = logs[li], nent = 1u << log;
		u32 pc = 0, ci = 0, round, i;
		u8 *ring;

		ring = kunit_kzalloc(test, nent * CX4_EQE_SIZE, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, ring);
		for (i = 0; i < nent; i++)	/* initial hardware ownership */
			CX4_SET(EQE, ring + i * CX4_EQE_SIZE, OWNER, 1);

		for (round = 0; round < 5 * nent + 3; round++) {
			u32 burst = round % nent + 1, got = 0;
			u8 *head = ring + (ci & (nent - 1)) * CX4_EQE_SIZE;

			/* Nothing is software owned before the producer runs. */
			KUNIT_EXPECT_FALSE(test, cx4_eqe_owned_by_sw(head, ci, log));
			for (i = 0; i < burst; i++, pc++) {
				u8 *e = ring + (pc & (nent - 1)) * CX4_EQE_SIZE;

				CX4_SET(EQE, e, EVENT_TYPE, pc & 0xff);
				CX4_SET(EQE, e, OWNER, cx4_owner_bit(pc, log));
			}
			for (;;) {
				u8 *e = ring + (ci & (nent - 1)) * CX4_EQE_SIZE;

				if (!cx4_eqe_owned_by_sw(e, ci, log))
					break;
				KUNIT_EXPECT_EQ(test,
						CX4_GET(EQE, e, EVENT_TYPE),
						ci & 0xff);
				ci++;
				got++;
				if (got > nent)
					break;
			}
			KUNIT_EXPECT_EQ_MSG(test, got, burst,
					    "log %u round %u", log, round);
			KUNIT_EXPECT_EQ(test, ci, pc);
		}
	}
}

/* --- EQE validation -------------------------------------------------------- */

static const struct cx4_eqe_limits cx4_test_ctrl = {
	.ctrl = true, .max_cqn = 1u << 10, .nports = 1,
};

static const struct cx4_eqe_limits cx4_test_comp = {
	.ctrl = false, .max_cqn = 1u << 10, .nports = 1,
};

static enum cx4_eqe_verdict cx4_test_classify(u32 type, u32 fld, u32 val,
					      const struct cx4_eqe_limits *lim)
{
	u8 eqe[CX4_EQE_SIZE] = {};

	CX4_SET(EQE, eqe, EVENT_TYPE, type);
	if (fld)
		cx4_set(eqe, fld, val);
	return cx4_eqe_classify(eqe, lim);
}

static void cx4_test_eqe_good(struct kunit *test)
{
	const struct cx4_eqe_limits *c = &cx4_test_ctrl;

	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_CMD_COMPLETION,
						CX4_EQE_CMD_VECTOR, 0x5, c),
			CX4_EQE_OK_CMD);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_PAGE_REQUEST,
						CX4_EQE_PAGES_NUM_PAGES,
						(u32)-8, c),
			CX4_EQE_OK_PAGES);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_PORT_STATE_CHANGE,
						CX4_EQE_PORT_NUM, 1, c),
			CX4_EQE_OK_PORT);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_CQ_ERROR,
						CX4_EQE_CQ_ERR_CQN, 1023, c),
			CX4_EQE_OK_CQ_ERR);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_COMPLETION,
						CX4_EQE_COMP_CQN, 0,
						&cx4_test_comp),
			CX4_EQE_OK_COMP);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_COMPLETION,
						CX4_EQE_COMP_CQN, 1023,
						&cx4_test_comp),
			CX4_EQE_OK_COMP);
}

static void cx4_test_eqe_bad_type(struct kunit *test)
{
	static const u32 unknown[] = { 0x01, 0x02, 0x0c, 0x13, 0x55, 0xff };
	u32 i;

	for (i = 0; i < ARRAY_SIZE(unknown); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    cx4_test_classify(unknown[i], 0, 0,
						      &cx4_test_ctrl),
				    CX4_EQE_BAD_TYPE, "type 0x%x", unknown[i]);
	/* Events mapped to the other kind of EQ. */
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_COMPLETION, 0, 0,
						&cx4_test_ctrl),
			CX4_EQE_BAD_TYPE);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_CMD_COMPLETION, 0, 0,
						&cx4_test_comp),
			CX4_EQE_BAD_TYPE);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_PAGE_REQUEST, 0, 0,
						&cx4_test_comp),
			CX4_EQE_BAD_TYPE);
}

static void cx4_test_eqe_bad_range(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_COMPLETION,
						CX4_EQE_COMP_CQN, 1024,
						&cx4_test_comp),
			CX4_EQE_BAD_CQN);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_COMPLETION,
						CX4_EQE_COMP_CQN,
						CX4_MAX(EQE, COMP_CQN),
						&cx4_test_comp),
			CX4_EQE_BAD_CQN);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_CQ_ERROR,
						CX4_EQE_CQ_ERR_CQN, 1024,
						&cx4_test_ctrl),
			CX4_EQE_BAD_CQN);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_PORT_STATE_CHANGE,
						CX4_EQE_PORT_NUM, 0,
						&cx4_test_ctrl),
			CX4_EQE_BAD_PORT);
	KUNIT_EXPECT_EQ(test, cx4_test_classify(CX4_EVENT_PORT_STATE_CHANGE,
						CX4_EQE_PORT_NUM, 2,
						&cx4_test_ctrl),
			CX4_EQE_BAD_PORT);
}

/*
 * The completion EQs' fast path (cx4_eqe_comp_cqn(), on the ring entry
 * itself) takes exactly the EQEs the full check (cx4_eqe_classify())
 * takes on a completion EQ, with the same CQN, whatever the rest of the
 * EQE holds: an entry with only its two dwords copied is judged alike.
 */
static void cx4_test_eqe_comp_fast(struct kunit *test)
{
	static const u32 types[] = {
		CX4_EVENT_COMPLETION, CX4_EVENT_CQ_ERROR,
		CX4_EVENT_CMD_COMPLETION, 0x01, 0x80, 0xff,
	};
	const u32 cqns[] = { 0, 1, 1023, 1024, 0x7fff, CX4_MAX(EQE, COMP_CQN) };
	const u32 t = CX4_FLD_OFF(CX4_EQE_EVENT_TYPE);
	const u32 c = CX4_FLD_OFF(CX4_EQE_COMP_CQN);
	u32 ti, ci;

	for (ti = 0; ti < ARRAY_SIZE(types); ti++) {
		for (ci = 0; ci < ARRAY_SIZE(cqns); ci++) {
			u8 eqe[CX4_EQE_SIZE], two[CX4_EQE_SIZE] = {};
			enum cx4_eqe_verdict v;
			u32 cqn;

			/* Garbage everywhere the fast path does not look. */
			memset(eqe, 0xa5, sizeof(eqe));
			CX4_SET(EQE, eqe, EVENT_TYPE, types[ti]);
			CX4_SET(EQE, eqe, COMP_CQN, cqns[ci]);
			v = cx4_eqe_classify(eqe, &cx4_test_comp);
			cqn = cx4_eqe_comp_cqn(eqe, cx4_test_comp.max_cqn);
			KUNIT_EXPECT_EQ_MSG(test, cqn == CX4_EQE_NO_CQN,
					    v != CX4_EQE_OK_COMP,
					    "type 0x%x cqn 0x%x", types[ti],
					    cqns[ci]);
			if (v == CX4_EQE_OK_COMP)
				KUNIT_EXPECT_EQ(test, cqn, cqns[ci]);
			memcpy(two + t, eqe + t, sizeof(u32));
			memcpy(two + c, eqe + c, sizeof(u32));
			KUNIT_EXPECT_EQ(test, cqn,
					cx4_eqe_comp_cqn(two,
							 cx4_test_comp.max_cqn));
		}
	}
}

/* The CQ number bound: 2^log_max_cq, the field's 24 bits at most. */
static void cx4_test_max_cqn(struct kunit *test)
{
	u8 *gen = kunit_kzalloc(test, CX4_HCA_CAP_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, gen);
	KUNIT_EXPECT_EQ(test, cx4_max_cqn(gen), 1u);
	CX4_SET(CAP, gen, LOG_MAX_CQ, 2);
	KUNIT_EXPECT_EQ(test, cx4_max_cqn(gen), 4u);
	CX4_SET(CAP, gen, LOG_MAX_CQ, 24);
	KUNIT_EXPECT_EQ(test, cx4_max_cqn(gen), 1u << 24);
	CX4_SET(CAP, gen, LOG_MAX_CQ, CX4_MAX(CAP, LOG_MAX_CQ));
	KUNIT_EXPECT_EQ(test, cx4_max_cqn(gen), 1u << 24);
}

/* --- command slots in event mode -------------------------------------------- */

#define CX4_TEST_SLOTS	4

static struct cx4_cmdq *cx4_test_cmdq(struct kunit *test)
{
	struct cx4_cmdq *cmdq;

	cmdq = kunit_kzalloc(test, sizeof(*cmdq), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cmdq);
	cmdq->nslots = CX4_TEST_SLOTS;
	cmdq->stride = CX4_CMDQ_ENTRY_SIZE;
	cmdq->buf = kunit_kzalloc(test, CX4_PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cmdq->buf);
	cx4_cmdq_init_slots(cmdq);
	cmdq->use_events = true;
	return cmdq;
}

/* Every slot can be in flight at once, each with its own entry and token. */
static void cx4_test_slots_all_concurrent(struct kunit *test)
{
	struct cx4_cmdq *cmdq = cx4_test_cmdq(test);
	struct cx4_cmd_slot *s[CX4_TEST_SLOTS];
	u32 idx[CX4_TEST_SLOTS], i, j;
	u8 tok[CX4_TEST_SLOTS];

	for (i = 0; i < CX4_TEST_SLOTS; i++) {
		s[i] = cx4_cmdq_slot_get(cmdq, false, &idx[i], &tok[i]);
		KUNIT_ASSERT_NOT_NULL(test, s[i]);
		KUNIT_EXPECT_LT(test, idx[i], (u32)CX4_TEST_SLOTS);
		KUNIT_EXPECT_PTR_EQ(test, s[i]->entry,
				    (void *)((u8 *)cmdq->buf +
					     idx[i] * CX4_CMDQ_ENTRY_SIZE));
		KUNIT_EXPECT_NE(test, tok[i], 0);
		for (j = 0; j < i; j++) {
			KUNIT_EXPECT_NE(test, idx[i], idx[j]);
			KUNIT_EXPECT_NE(test, tok[i], tok[j]);
		}
	}
	KUNIT_EXPECT_EQ(test, cmdq->free_mask, 0ul);
	for (i = 0; i < CX4_TEST_SLOTS; i++)
		cx4_cmdq_slot_put(cmdq, false, idx[i]);
	KUNIT_EXPECT_EQ(test, cmdq->free_mask,
			(unsigned long)GENMASK(CX4_TEST_SLOTS - 1, 0));
	/* Holding every slot (a command posted alone) still gets one. */
	cx4_cmdq_hold_all(cmdq);
	s[0] = cx4_cmdq_slot_get(cmdq, true, &idx[0], &tok[0]);
	KUNIT_EXPECT_NOT_NULL(test, s[0]);
	cx4_cmdq_slot_put(cmdq, true, idx[0]);
	cx4_cmdq_release_all(cmdq);
}

/* A completion vector wakes exactly the slots it names that are busy. */
static void cx4_test_slots_dispatch(struct kunit *test)
{
	struct cx4_cmdq *cmdq = cx4_test_cmdq(test);
	struct cx4_cmd_slot *a, *b;
	u32 ia, ib;
	u8 t;

	a = cx4_cmdq_slot_get(cmdq, false, &ia, &t);
	b = cx4_cmdq_slot_get(cmdq, false, &ib, &t);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);

	KUNIT_EXPECT_TRUE(test, cx4_cmdq_dispatch_vector(cmdq, BIT(ia)));
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&a->done));
	KUNIT_EXPECT_FALSE(test, try_wait_for_completion(&b->done));

	/* Both at once, as one event may report several commands. */
	KUNIT_EXPECT_TRUE(test,
			  cx4_cmdq_dispatch_vector(cmdq, BIT(ia) | BIT(ib)));
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&a->done));
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&b->done));

	/* A free slot: only counted. */
	KUNIT_EXPECT_TRUE(test, cx4_cmdq_dispatch_vector(cmdq, BIT(3)));
	KUNIT_EXPECT_EQ(test, atomic_read(&cmdq->stats.spurious), 1);

	/* Beyond the queue: rejected and counted, valid bits still served. */
	KUNIT_EXPECT_FALSE(test,
			   cx4_cmdq_dispatch_vector(cmdq, BIT(ib) | BIT(5)));
	KUNIT_EXPECT_FALSE(test, cx4_cmdq_dispatch_vector(cmdq, BIT(31)));
	KUNIT_EXPECT_EQ(test, atomic_read(&cmdq->stats.bad_vector), 2);
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&b->done));
	KUNIT_EXPECT_EQ(test, atomic_read(&cmdq->stats.events), 5);

	/* A stale event left for a slot does not leak into its next user. */
	KUNIT_EXPECT_TRUE(test, cx4_cmdq_dispatch_vector(cmdq, BIT(ia)));
	cx4_cmdq_slot_put(cmdq, false, ia);
	a = cx4_cmdq_slot_get(cmdq, false, &ia, &t);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_FALSE(test, try_wait_for_completion(&a->done));
	cx4_cmdq_slot_put(cmdq, false, ia);
	cx4_cmdq_slot_put(cmdq, false, ib);
}

/* A stopped queue wakes its waiters and hands out no slot. */
static void cx4_test_slots_stopped(struct kunit *test)
{
	struct cx4_cmdq *cmdq = cx4_test_cmdq(test);
	struct cx4_cmd_slot *a;
	u32 ia, i2;
	u8 t;

	a = cx4_cmdq_slot_get(cmdq, false, &ia, &t);
	KUNIT_ASSERT_NOT_NULL(test, a);
	spin_lock_irq(&cmdq->lock);
	WRITE_ONCE(cmdq->hung, true);
	spin_unlock_irq(&cmdq->lock);
	KUNIT_EXPECT_TRUE(test, cx4_cmdq_hung(cmdq));
	KUNIT_EXPECT_NULL(test, cx4_cmdq_slot_get(cmdq, false, &i2, &t));
	cx4_cmdq_slot_put(cmdq, false, ia);
}

/* --- health -------------------------------------------------------------------- */

static void cx4_test_health(struct kunit *test)
{
	unsigned long t0 = 1000, stall = msecs_to_jiffies(CX4_HEALTH_STALL_MS);
	struct cx4_health h = { .last_counter = 10, .last_change = t0 };

	KUNIT_EXPECT_FALSE(test, cx4_health_check(&h, 11, 0, t0 + 1));
	KUNIT_EXPECT_FALSE(test, cx4_health_check(&h, 12, 0, t0 + 2));
	/* Standing still, but not for long enough. */
	KUNIT_EXPECT_FALSE(test, cx4_health_check(&h, 12, 0, t0 + 2 + stall - 1));
	KUNIT_EXPECT_TRUE(test, cx4_health_check(&h, 12, 0, t0 + 2 + stall));

	/* Moving again: the stall clock restarts. */
	KUNIT_EXPECT_FALSE(test, cx4_health_check(&h, 13, 0, t0 + 3 * stall));
	KUNIT_EXPECT_EQ(test, h.last_change, t0 + 3 * stall);
	KUNIT_EXPECT_TRUE(test, cx4_health_check(&h, 15, CX4_HEALTH_DEAD_IRISC,
						 t0 + 3 * stall));
	/* The 24-bit counter wrapping is movement, not a stall. */
	h.last_counter = CX4_MAX(INIT, HEALTH_COUNTER);
	KUNIT_EXPECT_FALSE(test, cx4_health_check(&h, 0, 0, t0 + 5 * stall));
}

/*
 * Many quick polls (spurious internal error interrupts kick the poller)
 * with the counter unchanged are no stall: only the time counts.
 */
static void cx4_test_health_kicks(struct kunit *test)
{
	unsigned long t0 = 5000, stall = msecs_to_jiffies(CX4_HEALTH_STALL_MS);
	struct cx4_health h = { .last_counter = 7, .last_change = t0 };
	u32 i;

	for (i = 0; i < 100; i++)
		KUNIT_EXPECT_FALSE(test, cx4_health_check(&h, 7, 0,
							  t0 + i * (stall / 200)));
	/* jiffies wrapping inside the window. */
	h.last_change = ULONG_MAX - 1;
	KUNIT_EXPECT_FALSE(test, cx4_health_check(&h, 7, 0, ULONG_MAX - 1 + stall / 2));
	KUNIT_EXPECT_TRUE(test, cx4_health_check(&h, 7, 0, ULONG_MAX - 1 + stall));
}

/* Recovery back-off: none first, then doubling up to the cap. */
static void cx4_test_recovery_backoff(struct kunit *test)
{
	u32 f, prev = 0;

	KUNIT_EXPECT_EQ(test, cx4_health_backoff_ms(0), 0u);
	KUNIT_EXPECT_EQ(test, cx4_health_backoff_ms(1),
			(u32)CX4_RECOVERY_DELAY_MS);
	KUNIT_EXPECT_EQ(test, cx4_health_backoff_ms(2),
			2u * CX4_RECOVERY_DELAY_MS);
	KUNIT_EXPECT_EQ(test, cx4_health_backoff_ms(4),
			8u * CX4_RECOVERY_DELAY_MS);
	for (f = 1; f < 100; f++) {
		u32 ms = cx4_health_backoff_ms(f);

		KUNIT_EXPECT_GE(test, ms, prev);
		KUNIT_EXPECT_LE(test, ms, (u32)CX4_RECOVERY_DELAY_MAX_MS);
		prev = ms;
	}
	KUNIT_EXPECT_EQ(test, cx4_health_backoff_ms(U32_MAX),
			(u32)CX4_RECOVERY_DELAY_MAX_MS);
}

/*
 * Giving up: five failures in a row are not enough while they span less
 * than the give-up time (make fuzz, seed 15: five attempts within the
 * 20 s a device misbehaved, then given up although it behaved again).
 */
static void cx4_test_recovery_give_up(struct kunit *test)
{
	u32 max = CX4_RECOVERY_MAX_FAILS, t = CX4_RECOVERY_GIVE_UP_MS;

	KUNIT_EXPECT_FALSE(test, cx4_health_give_up_due(0, 0, t));
	KUNIT_EXPECT_FALSE(test, cx4_health_give_up_due(max - 1, t * 2, t));
	/* The five back-offs take 15 s: not yet. */
	KUNIT_EXPECT_FALSE(test, cx4_health_give_up_due(max, 15000, t));
	KUNIT_EXPECT_FALSE(test, cx4_health_give_up_due(max + 1, t - 1, t));
	KUNIT_EXPECT_TRUE(test, cx4_health_give_up_due(max, t, t));
	KUNIT_EXPECT_TRUE(test, cx4_health_give_up_due(U32_MAX, U32_MAX, t));
	/* recovery_give_up_ms=0: the count alone, as before. */
	KUNIT_EXPECT_FALSE(test, cx4_health_give_up_due(max - 1, 0, 0));
	KUNIT_EXPECT_TRUE(test, cx4_health_give_up_due(max, 0, 0));
}

/*
 * EQ sizes against log_max_eq_sz: reduced to the cap, refused below the
 * smallest EQ the driver can keep from overrunning (a hostile device's
 * log_max_eq_sz 0 had made a one-entry control EQ the next two page
 * requests overran).
 */
static void cx4_test_eq_log_size(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_eq_log_size(CX4_EQ_CTRL_LOG_SIZE, 22),
			CX4_EQ_CTRL_LOG_SIZE);
	KUNIT_EXPECT_EQ(test, cx4_eq_log_size(CX4_EQ_COMP_LOG_SIZE, 8), 8);
	KUNIT_EXPECT_EQ(test, cx4_eq_log_size(CX4_EQ_COMP_LOG_SIZE,
					      CX4_EQ_MIN_LOG_SIZE),
			CX4_EQ_MIN_LOG_SIZE);
	KUNIT_EXPECT_EQ(test, cx4_eq_log_size(CX4_EQ_CTRL_LOG_SIZE,
					      CX4_EQ_MIN_LOG_SIZE - 1),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, cx4_eq_log_size(CX4_EQ_CTRL_LOG_SIZE, 1),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, cx4_eq_log_size(CX4_EQ_CTRL_LOG_SIZE, 0),
			-EOPNOTSUPP);
	KUNIT_EXPECT_LE(test, CX4_EQ_MIN_LOG_SIZE, CX4_EQ_CTRL_LOG_SIZE);
	KUNIT_EXPECT_LE(test, CX4_EQ_MIN_LOG_SIZE, CX4_EQ_COMP_LOG_SIZE);
}

static struct kunit_case cx4_eq_cases[] = {
	KUNIT_CASE(cx4_test_owner_bit_values),
	KUNIT_CASE(cx4_test_eq_log_size),
	KUNIT_CASE(cx4_test_owner_ring_wraps),
	KUNIT_CASE(cx4_test_eqe_good),
	KUNIT_CASE(cx4_test_eqe_bad_type),
	KUNIT_CASE(cx4_test_eqe_bad_range),
	KUNIT_CASE(cx4_test_eqe_comp_fast),
	KUNIT_CASE(cx4_test_max_cqn),
	{}
};

static struct kunit_suite cx4_eq_suite = {
	.name = "cx4_eq",
	.test_cases = cx4_eq_cases,
};

static struct kunit_case cx4_event_cmd_cases[] = {
	KUNIT_CASE(cx4_test_slots_all_concurrent),
	KUNIT_CASE(cx4_test_slots_dispatch),
	KUNIT_CASE(cx4_test_slots_stopped),
	KUNIT_CASE(cx4_test_health),
	KUNIT_CASE(cx4_test_health_kicks),
	KUNIT_CASE(cx4_test_recovery_backoff),
	KUNIT_CASE(cx4_test_recovery_give_up),
	{}
};

static struct kunit_suite cx4_event_cmd_suite = {
	.name = "cx4_event_cmd",
	.test_cases = cx4_event_cmd_cases,
};

kunit_test_suites(&cx4_eq_suite, &cx4_event_cmd_suite);

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: CQE ownership and consumer index arithmetic across wraps, the
 * arm doorbell dword (cmd_sn, cmd, ci), and the dispatch of completion
 * and CQ error events by CQ number.  No device: rings are ordinary memory
 * and CQs are registered by hand.
 */

#include <kunit/test.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "../core/core.h"

/* --- ring ------------------------------------------------------------------ */

/* Write a CQE as the device does: opcode, counter, owner = bit log of pc. */
static void cx4_test_cq_produce(u8 *ring, u32 log, u32 pc)
{
	u8 *e = ring + (pc & ((1u << log) - 1)) * CX4_CQE_SIZE;

	CX4_SET(CQE, e, WQE_COUNTER, pc & 0xffff);
	CX4_SET(CQE, e, OPCODE, CX4_CQE_OP_REQ);
	CX4_SET(CQE, e, OWNER, cx4_owner_bit(pc, log));
}

static void cx4_test_cq_ring_init(struct kunit *test)
{
	u32 log = 4, nent = 1u << log, i;
	u8 *ring = kunit_kzalloc(test, nent * CX4_CQE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ring);
	cx4_cq_ring_init(ring, log);
	for (i = 0; i < nent; i++) {
		u8 *e = ring + i * CX4_CQE_SIZE;

		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, e, OWNER), 1u);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, e, OPCODE),
				(u32)CX4_CQE_OP_INVALID);
		/* Hardware owned for the first pass (ci 0 .. nent - 1). */
		KUNIT_EXPECT_FALSE(test, cx4_cqe_owned_by_sw(e, i, log));
	}
}

/* An entry with the software owner value but opcode 0xf is not valid. */
static void cx4_test_cq_invalid_opcode(struct kunit *test)
{
	u8 cqe[CX4_CQE_SIZE] = {};

	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_INVALID);
	CX4_SET(CQE, cqe, OWNER, 0);
	KUNIT_EXPECT_FALSE(test, cx4_cqe_owned_by_sw(cqe, 0, 3));
	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_RESP_SEND);
	KUNIT_EXPECT_TRUE(test, cx4_cqe_owned_by_sw(cqe, 0, 3));
	KUNIT_EXPECT_FALSE(test, cx4_cqe_owned_by_sw(cqe, 8, 3));
}

/*
 * The CQ's consumer (cx4_cq_ring_ready()): an entry with opcode 0xf is
 * not taken while nothing follows it, and is taken once the device has
 * written the next entry (a device that wrote 0xf and went on), for the
 * consumer to reject; across the wrap too.
 */
static void cx4_test_cq_ring_ready(struct kunit *test)
{
	u32 log = 2, nent = 1u << log, ci;
	u8 *ring = kunit_kzalloc(test, nent * CX4_CQE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ring);
	cx4_cq_ring_init(ring, log);
	KUNIT_EXPECT_FALSE(test, cx4_cq_ring_ready(ring, 0, log));
	for (ci = 0; ci < 2 * nent; ci++) {
		u8 *e = ring + (ci & (nent - 1)) * CX4_CQE_SIZE;
		u8 *next = ring + ((ci + 1) & (nent - 1)) * CX4_CQE_SIZE;

		/* Written with the software owner value but opcode 0xf. */
		CX4_SET(CQE, e, OPCODE, CX4_CQE_OP_INVALID);
		CX4_SET(CQE, e, OWNER, cx4_owner_bit(ci, log));
		KUNIT_EXPECT_FALSE(test, cx4_cq_ring_ready(ring, ci, log));
		/* The device writes the next entry: this one is passed on. */
		CX4_SET(CQE, next, OPCODE, CX4_CQE_OP_RESP_SEND);
		CX4_SET(CQE, next, OWNER, cx4_owner_bit(ci + 1, log));
		KUNIT_EXPECT_TRUE(test, cx4_cq_ring_ready(ring, ci, log));
		/* A valid entry is ready by itself. */
		KUNIT_EXPECT_TRUE(test, cx4_cq_ring_ready(ring, ci + 1, log));
		/* Back to the device for the next pass of this index. */
		CX4_SET(CQE, next, OPCODE, CX4_CQE_OP_INVALID);
		CX4_SET(CQE, next, OWNER, !cx4_owner_bit(ci + 1, log));
	}
	/* One entry: no successor, an invalid entry is never taken. */
	cx4_cq_ring_init(ring, 0);
	CX4_SET(CQE, ring, OWNER, 0);
	KUNIT_EXPECT_FALSE(test, cx4_cq_ring_ready(ring, 0, 0));
}

/*
 * Producer and consumer over many wraps, bursts of every size up to a
 * full ring: the consumer sees exactly the CQEs produced, in order.
 */
static void cx4_test_cq_ring_wraps(struct kunit *test)
{
	static const u32 logs[] = { 0, 1, 2, 6 };
	u32 li;

	for (li = 0; li < ARRAY_SIZE(logs); li++) {
		u32 log = logs[li], nent = 1u << log;
		u32 pc = 0, ci = 0, round, i;
		u8 *ring;

		ring = kunit_kzalloc(test, nent * CX4_CQE_SIZE, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, ring);
		cx4_cq_ring_init(ring, log);
		for (round = 0; round < 6 * nent + 5; round++) {
			u32 burst = round % nent + 1, got = 0;

			for (i = 0; i < burst; i++, pc++)
				cx4_test_cq_produce(ring, log, pc);
			for (;;) {
				u8 *e = ring + (ci & (nent - 1)) * CX4_CQE_SIZE;

				if (!cx4_cqe_owned_by_sw(e, ci, log))
					break;
				KUNIT_EXPECT_EQ(test,
						CX4_GET(CQE, e, WQE_COUNTER),
						ci & 0xffff);
				ci++;
				if (++got > nent)
					break;
			}
			KUNIT_EXPECT_EQ_MSG(test, got, burst, "log %u round %u",
					    log, round);
			KUNIT_EXPECT_EQ(test, ci, pc);
		}
	}
}

/* Table 14 / Table 70: cmd_sn 29:28, cmd 24, ci 23:0. */
/*
 * A compressed session of 6 entries from ci 12 of a 16-entry ring (it
 * wraps): the device wrote the title and a mini CQE array (entry 13, its
 * owner byte junk) and left the others as the last pass had them.
 * cx4_cq_peek_at() finds the entries after the consumer index;
 * cx4_cq_pop_n() consumes all 6 and leaves each entry after the title
 * hardware owned for its next pass, as the device would have written it.
 */
static void cx4_test_cq_pop_n(struct kunit *test)
{
	u32 log = 4, nent = 1u << log, i;
	u8 *ring = kunit_kzalloc(test, nent * CX4_CQE_SIZE, GFP_KERNEL);
	struct cx4_cq cq = { .ring.log_size = log, .ring.ci = 12 };

	KUNIT_ASSERT_NOT_NULL(test, ring);
	cq.ring.buf = ring;
	cx4_cq_ring_init(ring, log);
	for (i = 0; i < 12; i++)
		cx4_test_cq_produce(ring, log, i);
	cx4_test_cq_produce(ring, log, 12);		/* the title */
	memset(ring + 13 * CX4_CQE_SIZE, 0xff, CX4_CQE_SIZE);	/* minis */
	KUNIT_EXPECT_TRUE(test, cx4_cq_ring_ready(ring, 12, log));
	KUNIT_EXPECT_PTR_EQ(test, cx4_cq_peek_at(&cq, 1),
			    (const void *)(ring + 13 * CX4_CQE_SIZE));
	KUNIT_EXPECT_PTR_EQ(test, cx4_cq_peek_at(&cq, 5),
			    (const void *)(ring + 1 * CX4_CQE_SIZE));
	cx4_cq_pop_n(&cq, 6);
	KUNIT_EXPECT_EQ(test, cq.ring.ci, 18u);
	/* The title as the device wrote it. */
	KUNIT_EXPECT_EQ(test, CX4_GET(CQE, ring + 12 * CX4_CQE_SIZE, OPCODE),
			(u32)CX4_CQE_OP_REQ);
	for (i = 13; i < 18; i++) {
		const u8 *e = ring + (i % nent) * CX4_CQE_SIZE;

		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, e, OPCODE),
				(u32)CX4_CQE_OP_INVALID);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, e, OWNER),
				cx4_owner_bit(i, log));
		/* Not the consumer's on the next pass until written. */
		KUNIT_EXPECT_FALSE(test, cx4_cq_ring_ready(ring, i + nent, log));
	}
	/* Entries beyond the session are untouched. */
	KUNIT_EXPECT_EQ(test, CX4_GET(CQE, ring + 2 * CX4_CQE_SIZE, OPCODE),
			(u32)CX4_CQE_OP_REQ);
	/* One entry: cx4_cq_pop(). */
	cx4_cq_pop_n(&cq, 1);
	KUNIT_EXPECT_EQ(test, cq.ring.ci, 19u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CQE, ring + 2 * CX4_CQE_SIZE, OPCODE),
			(u32)CX4_CQE_OP_REQ);
}

static void cx4_test_cq_arm_dword(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_cq_arm_dword(0, 0, false), 0u);
	KUNIT_EXPECT_EQ(test, cx4_cq_arm_dword(1, 5, false), 0x10000005u);
	KUNIT_EXPECT_EQ(test,
			cx4_cq_arm_dword(3, CX4_MAX(CQ_DB, CQ_CI), true),
			0x31ffffffu);
	/* The consumer counter is 24 bits: a 32-bit counter is truncated. */
	KUNIT_EXPECT_EQ(test, cx4_cq_arm_dword(2, 0x1000007, false),
			0x20000007u);
	/* cmd_sn is 2 bits. */
	KUNIT_EXPECT_EQ(test, cx4_cq_arm_dword(4, 0, false), 0u);
}

/* --- dispatch ---------------------------------------------------------------- */

struct cx4_test_cb {
	int comps;
	int errors;
	u8 syndrome;
};

static void cx4_test_comp_cb(struct cx4_cq *cq, void *ctx)
{
	struct cx4_test_cb *cb = ctx;

	cb->comps++;
}

static void cx4_test_err_cb(struct cx4_cq *cq, void *ctx, u8 syndrome)
{
	struct cx4_test_cb *cb = ctx;

	cb->errors++;
	cb->syndrome = syndrome;
}

/* cx4_cqs_comp() as the EQ layer calls it: in an RCU read-side section. */
static enum cx4_cq_verdict cx4_test_comp(struct cx4_cqs *cqs, u32 cqn,
					 u32 eq_index)
{
	enum cx4_cq_verdict v;

	rcu_read_lock();
	v = cx4_cqs_comp(cqs, cqn, eq_index);
	rcu_read_unlock();
	return v;
}

static struct cx4_cqs *cx4_test_cqs(struct kunit *test)
{
	struct cx4_cqs *cqs = kunit_kzalloc(test, sizeof(*cqs), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cqs);
	cx4_cqs_init(cqs);
	return cqs;
}

static void cx4_test_cq_dispatch(struct kunit *test)
{
	struct cx4_cqs *cqs = cx4_test_cqs(test);
	struct cx4_test_cb cb_a = {}, cb_b = {};
	struct cx4_cq a = {
		.cqn = 7, .vector = 1, .comp = cx4_test_comp_cb,
		.error = cx4_test_err_cb, .ctx = &cb_a,
	};
	struct cx4_cq b = {
		.cqn = 0, .vector = 0, .comp = cx4_test_comp_cb, .ctx = &cb_b,
	};
	u64 events;
	u32 i;

	mutex_lock(&cqs->lock);
	KUNIT_ASSERT_EQ(test, cx4_cqs_register_locked(cqs, &a), 0);
	KUNIT_ASSERT_EQ(test, cx4_cqs_register_locked(cqs, &b), 0);
	/* A CQ number the device hands out twice is refused. */
	KUNIT_EXPECT_EQ(test, cx4_cqs_register_locked(cqs, &a), -EEXIST);
	mutex_unlock(&cqs->lock);

	/*
	 * Each event of an armed CQ goes to it and makes its next cmd_sn
	 * the one after its last arm's (mod 4), no kick.
	 */
	for (i = 1; i <= 5; i++) {
		a.last_arm_sn = i & CX4_MAX(CQ_DBR, CMD_SN);
		a.armed = true;
		KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 7, 1), CX4_CQ_EV_OK);
		KUNIT_EXPECT_EQ(test, cb_a.comps, (int)i);
		KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&a),
				(u8)((i + 1) & CX4_MAX(CQ_DBR, CMD_SN)));
		KUNIT_EXPECT_FALSE(test, a.armed);
	}
	b.armed = true;
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 0, 0), CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, cb_b.comps, 1);
	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&b), 1);
	KUNIT_EXPECT_EQ(test, cx4_cqs_comp_events(cqs), 6);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->kicks), 0);

	/* A duplicated event cannot wrap cmd_sn back to the fired one. */
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 7, 1), CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&a), 2);
	/* ... and, for a CQ not armed, kicks every CQ of its EQ. */
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->kicks), 1);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 7);
	KUNIT_EXPECT_EQ(test, cb_b.comps, 1);

	/*
	 * Unknown CQN, or a CQ of another EQ: counted, and one of this
	 * EQ's CQs lost its event: each gets its callback (cmd_sn is for
	 * the arm to decide, below).
	 */
	a.last_arm_sn = 3;
	a.armed = true;
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 8, 1), CX4_CQ_EV_UNKNOWN);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->unknown_comp), 1);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 8);
	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&a), 3);
	KUNIT_EXPECT_TRUE(test, a.armed);
	KUNIT_EXPECT_EQ(test, cb_b.comps, 1);
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 7, 0), CX4_CQ_EV_WRONG_EQ);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->wrong_eq), 1);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 8);
	KUNIT_EXPECT_EQ(test, cb_b.comps, 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->kicks), 3);
	/*
	 * A completion EQE the EQ layer rejected reaches cq.c through the
	 * subscription's lost hook, which kicks the same way.
	 */
	cx4_cqs_kick(cqs, 1);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 9);
	KUNIT_EXPECT_EQ(test, cb_b.comps, 2);

	/* CQ errors: to the error callback; without one only counted. */
	KUNIT_EXPECT_EQ(test, cx4_cqs_error(cqs, 7, CX4_CQ_ERR_OVERRUN),
			CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, cb_a.errors, 1);
	KUNIT_EXPECT_EQ(test, cb_a.syndrome, (u8)CX4_CQ_ERR_OVERRUN);
	KUNIT_EXPECT_EQ(test, cx4_cqs_error(cqs, 0, 2), CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, b.err_syndrome, 2);
	KUNIT_EXPECT_EQ(test, cx4_cqs_error(cqs, 9, 1), CX4_CQ_EV_UNKNOWN);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->unknown_err), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->err_events), 2);

	/*
	 * Once unregistered, a late event finds nothing; the CQ's events
	 * stay in the total (counted once).
	 */
	events = cx4_cqs_comp_events(cqs);
	KUNIT_EXPECT_EQ(test, events, 7);	/* kicks are no events */
	KUNIT_EXPECT_EQ(test, a.comp_events, 6);
	mutex_lock(&cqs->lock);
	cx4_cqs_unregister_locked(cqs, &a);
	mutex_unlock(&cqs->lock);
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 7, 1), CX4_CQ_EV_UNKNOWN);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 9);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->unknown_comp), 2);
	KUNIT_EXPECT_EQ(test, cx4_cqs_comp_events(cqs), events);

	/* Unregistering only removes the CQ it is given. */
	mutex_lock(&cqs->lock);
	cx4_cqs_unregister_locked(cqs, &a);
	KUNIT_EXPECT_PTR_EQ(test, xa_load(&cqs->xa, 0), (void *)&b);
	cx4_cqs_unregister_locked(cqs, &b);
	mutex_unlock(&cqs->lock);
	KUNIT_EXPECT_EQ(test, cx4_cqs_comp_events(cqs), events);
	cx4_cqs_destroy(cqs);
}

/*
 * The cmd_sn of an arm: the last arm's when nothing was consumed since and
 * no event came (re-arm, Table 71); the next one once the CQ fired: CQEs
 * consumed since the last arm (its event late or lost) or its event came.
 */
static void cx4_test_cq_next_sn(struct kunit *test)
{
	struct cx4_cq cq = { .ring.ci = 10, .arm_ci = 10, .last_arm_sn = 2,
			     .armed = true };

	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&cq), 2);
	cq.ring.ci = 12;
	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&cq), 3);
	cq.last_arm_sn = 3;
	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&cq), 0);
	/* An event came, nothing consumed: the next one, wrapped. */
	cq.armed = false;
	cq.ring.ci = cq.arm_ci;
	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&cq), 0);
	/* ... consumed too: still only one step. */
	cq.ring.ci = 14;
	KUNIT_EXPECT_EQ(test, cx4_cq_next_sn(&cq), 0);
}

/*
 * An arm rings only when it changes something: a CQ armed with nothing
 * consumed since still holds its arm; one that fired (event came) or
 * whose CQEs were consumed since the arm (event late or lost) is armed
 * again.  A kicked CQ that lost nothing rings nothing.
 */
static void cx4_test_cq_arm_needed(struct kunit *test)
{
	struct cx4_cq cq = { .ring.ci = 10 };

	/* Never armed. */
	KUNIT_EXPECT_TRUE(test, cx4_cq_arm_needed(&cq));
	cx4_cq_arm_prepare(&cq);
	KUNIT_EXPECT_FALSE(test, cx4_cq_arm_needed(&cq));
	/* CQEs consumed since the arm: its event is late or was lost. */
	cq.ring.ci = 11;
	KUNIT_EXPECT_TRUE(test, cx4_cq_arm_needed(&cq));
	cx4_cq_arm_prepare(&cq);
	KUNIT_EXPECT_FALSE(test, cx4_cq_arm_needed(&cq));
	/* The event came (cx4_cq_event()), nothing consumed. */
	cq.armed = false;
	KUNIT_EXPECT_TRUE(test, cx4_cq_arm_needed(&cq));
	/* The consumer counter wraps: only equality counts. */
	cq.ring.ci = U32_MAX;
	cx4_cq_arm_prepare(&cq);
	KUNIT_EXPECT_FALSE(test, cx4_cq_arm_needed(&cq));
	cq.ring.ci++;
	KUNIT_EXPECT_TRUE(test, cx4_cq_arm_needed(&cq));
}

/* The cmd_sn an arm doorbell dword carries (Table 70 at 04h). */
static u8 cx4_test_arm_sn(u32 dw)
{
	return dw >> CX4_FLD_LSB(CX4_CQ_DB_CMD_SN) & CX4_MAX(CQ_DBR, CMD_SN);
}

/*
 * An event lost (its EQE named no CQ: make fuzz, seed 15), the kicked
 * poll's arm takes the next cmd_sn; a re-arm with nothing consumed (a
 * queue reset's poll) keeps it; the CQ fires with it, and the arm after
 * that event takes the one after.  Before cx4_cq_arm_prepare() kept the
 * arm's cmd_sn, the re-arm went back to the fired one and the arm after
 * the next event reused the cmd_sn that event had fired with: ignored by
 * the device, the CQ never raised another event (RX stalled for good).
 */
static void cx4_test_cq_arm_after_lost_event(struct kunit *test)
{
	struct cx4_cqs *cqs = cx4_test_cqs(test);
	struct cx4_test_cb cb = {};
	struct cx4_cq cq = {
		.cqn = 5, .vector = 1, .comp = cx4_test_comp_cb, .ctx = &cb,
		.ring.ci = 10, .arm_ci = 10, .last_arm_sn = 1,
		.armed = true,
	};

	mutex_lock(&cqs->lock);
	KUNIT_ASSERT_EQ(test, cx4_cqs_register_locked(cqs, &cq), 0);
	mutex_unlock(&cqs->lock);

	/* Armed with 1; it fires, the EQE names CQ 0: a kick, no event. */
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 0, 1), CX4_CQ_EV_UNKNOWN);
	KUNIT_EXPECT_EQ(test, cb.comps, 1);
	cq.ring.ci = 12;
	KUNIT_EXPECT_EQ(test, cx4_test_arm_sn(cx4_cq_arm_prepare(&cq)), 2);
	/* Nothing consumed since: the same cmd_sn, not the fired 1. */
	KUNIT_EXPECT_EQ(test, cx4_test_arm_sn(cx4_cq_arm_prepare(&cq)), 2);
	/* It fires with 2; the next arm takes 3. */
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 5, 1), CX4_CQ_EV_OK);
	cq.ring.ci = 13;
	KUNIT_EXPECT_EQ(test, cx4_test_arm_sn(cx4_cq_arm_prepare(&cq)), 3);
	KUNIT_EXPECT_EQ(test, cq.arm_ci, 13);
	KUNIT_EXPECT_TRUE(test, cq.armed);

	mutex_lock(&cqs->lock);
	cx4_cqs_unregister_locked(cqs, &cq);
	mutex_unlock(&cqs->lock);
	cx4_cqs_destroy(cqs);
}

/*
 * The completion path's table: CQNs below its size are found through it,
 * those above through the xarray, both alike; a CQN with no CQ (in or
 * beyond the table) is counted and never dereferenced; unregistering
 * clears the entry; a table made while CQs are registered holds them;
 * its size is 2^log_max_cq up to CX4_CQS_TABLE_MAX.
 */
static void cx4_test_cq_table(struct kunit *test)
{
	struct cx4_cqs *cqs = cx4_test_cqs(test);
	struct cx4_test_cb cb_a = {}, cb_c = {};
	struct cx4_cq a = {
		.cqn = 7, .vector = 0, .comp = cx4_test_comp_cb, .ctx = &cb_a,
		.armed = true,
	};
	struct cx4_cq c = {
		.cqn = 100, .vector = 0, .comp = cx4_test_comp_cb, .ctx = &cb_c,
		.armed = true,
	};

	/* Registered before the table exists: the table takes it over. */
	mutex_lock(&cqs->lock);
	KUNIT_ASSERT_EQ(test, cx4_cqs_register_locked(cqs, &a), 0);
	mutex_unlock(&cqs->lock);
	KUNIT_ASSERT_EQ(test, cx4_cqs_table_create(cqs, 8), 0);
	KUNIT_EXPECT_EQ(test, cqs->table_size, 8u);
	KUNIT_EXPECT_PTR_EQ(test, rcu_access_pointer(cqs->table[7]),
			    (struct cx4_cq *)&a);
	mutex_lock(&cqs->lock);
	KUNIT_ASSERT_EQ(test, cx4_cqs_register_locked(cqs, &c), 0);
	/* A live CQN again: refused, the table keeps the first CQ. */
	KUNIT_EXPECT_EQ(test, cx4_cqs_register_locked(cqs, &c), -EEXIST);
	mutex_unlock(&cqs->lock);

	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 7, 0), CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 1);
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 100, 0), CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, cb_c.comps, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->kicks), 0);
	/* Wrong EQ, through the table and through the xarray. */
	a.armed = true;
	c.armed = true;
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 7, 1), CX4_CQ_EV_WRONG_EQ);
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 100, 1), CX4_CQ_EV_WRONG_EQ);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->wrong_eq), 2);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 1);
	/* No CQ: an empty entry, a CQN past the table; every CQ kicked. */
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 6, 0), CX4_CQ_EV_UNKNOWN);
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 8, 0), CX4_CQ_EV_UNKNOWN);
	KUNIT_EXPECT_EQ(test, atomic_read(&cqs->unknown_comp), 2);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 3);
	KUNIT_EXPECT_EQ(test, cb_c.comps, 3);
	/* CQ errors use the same lookup. */
	KUNIT_EXPECT_EQ(test, cx4_cqs_error(cqs, 7, 1), CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, cx4_cqs_error(cqs, 5, 1), CX4_CQ_EV_UNKNOWN);

	mutex_lock(&cqs->lock);
	cx4_cqs_unregister_locked(cqs, &a);
	KUNIT_EXPECT_NULL(test, rcu_access_pointer(cqs->table[7]));
	mutex_unlock(&cqs->lock);
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 7, 0), CX4_CQ_EV_UNKNOWN);
	KUNIT_EXPECT_EQ(test, cb_a.comps, 3);
	KUNIT_EXPECT_EQ(test, cb_c.comps, 4);

	/* Gone with the EQs: lookups by the xarray, as before. */
	cx4_cqs_table_destroy(cqs);
	KUNIT_EXPECT_EQ(test, cqs->table_size, 0u);
	c.armed = true;
	KUNIT_EXPECT_EQ(test, cx4_test_comp(cqs, 100, 0), CX4_CQ_EV_OK);
	KUNIT_EXPECT_EQ(test, cb_c.comps, 5);
	KUNIT_ASSERT_EQ(test,
			cx4_cqs_table_create(cqs, 1u << 24), 0);
	KUNIT_EXPECT_EQ(test, cqs->table_size, (u32)CX4_CQS_TABLE_MAX);
	KUNIT_EXPECT_PTR_EQ(test, rcu_access_pointer(cqs->table[100]),
			    (struct cx4_cq *)&c);
	mutex_lock(&cqs->lock);
	cx4_cqs_unregister_locked(cqs, &c);
	KUNIT_EXPECT_NULL(test, rcu_access_pointer(cqs->table[100]));
	mutex_unlock(&cqs->lock);
	cx4_cqs_destroy(cqs);
}

static struct kunit_case cx4_cq_cases[] = {
	KUNIT_CASE(cx4_test_cq_next_sn),
	KUNIT_CASE(cx4_test_cq_arm_needed),
	KUNIT_CASE(cx4_test_cq_arm_after_lost_event),
	KUNIT_CASE(cx4_test_cq_ring_init),
	KUNIT_CASE(cx4_test_cq_invalid_opcode),
	KUNIT_CASE(cx4_test_cq_ring_ready),
	KUNIT_CASE(cx4_test_cq_ring_wraps),
	KUNIT_CASE(cx4_test_cq_pop_n),
	KUNIT_CASE(cx4_test_cq_arm_dword),
	KUNIT_CASE(cx4_test_cq_dispatch),
	KUNIT_CASE(cx4_test_cq_table),
	{}
};

static struct kunit_suite cx4_cq_suite = {
	.name = "cx4_cq",
	.test_cases = cx4_cq_cases,
};

kunit_test_suites(&cx4_cq_suite);

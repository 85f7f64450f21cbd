// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the back-off of a queue whose reset failed (en/recover.c): a
 * bounded number of attempts, each later than the one before, then none
 * (the queue is lost and the channels are rebuilt).  Which TX queues a
 * TX timeout resets: only those stopped and silent longer than the
 * watchdog's timeout, across a jiffies wrap too.
 */

#include <kunit/test.h>
#include <linux/jiffies.h>

#include "../en/txrx.h"

static void cx4_test_recover_backoff(struct kunit *test)
{
	u32 fails, ms, prev = 0, total = 0;

	/* Nothing failed: nothing to retry. */
	KUNIT_EXPECT_EQ(test, cx4_en_recover_backoff_ms(0), 0u);
	for (fails = 1; fails < CX4_EN_RECOVER_TRIES; fails++) {
		ms = cx4_en_recover_backoff_ms(fails);
		KUNIT_EXPECT_GT_MSG(test, ms, prev, "after %u failures", fails);
		prev = ms;
		total += ms;
	}
	KUNIT_EXPECT_EQ(test, cx4_en_recover_backoff_ms(1),
			(u32)CX4_EN_RECOVER_RETRY_MS);
	/* Every attempt made: the queue is lost, whatever the count. */
	KUNIT_EXPECT_EQ(test, cx4_en_recover_backoff_ms(CX4_EN_RECOVER_TRIES), 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_recover_backoff_ms(255), 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_recover_backoff_ms(U32_MAX), 0u);
	/* A queue is given up on (the channels rebuilt) within seconds. */
	KUNIT_EXPECT_LE(test, total, 5000u);
}

static void cx4_test_txq_stuck(struct kunit *test)
{
	const unsigned long timeo = 5 * HZ;
	/* Around a wrap of jiffies as well as far from it. */
	const unsigned long bases[] = { 0, 1000, ULONG_MAX - 2 * HZ,
					ULONG_MAX - 6 * HZ };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bases); i++) {
		unsigned long t = bases[i];

		/* Stopped, silent past the timeout: stuck. */
		KUNIT_EXPECT_TRUE_MSG(test, cx4_en_txq_stuck(true, t, t + timeo + 1,
							     timeo), "base %lu", t);
		KUNIT_EXPECT_TRUE_MSG(test, cx4_en_txq_stuck(true, t, t + 10 * timeo,
							     timeo), "base %lu", t);
		/* Running, however long since its last send: not stuck. */
		KUNIT_EXPECT_FALSE_MSG(test, cx4_en_txq_stuck(false, t, t + timeo + 1,
							      timeo), "base %lu", t);
		/* Stopped, but not for longer than the timeout yet. */
		KUNIT_EXPECT_FALSE_MSG(test, cx4_en_txq_stuck(true, t, t, timeo),
				       "base %lu", t);
		KUNIT_EXPECT_FALSE_MSG(test, cx4_en_txq_stuck(true, t, t + timeo,
							      timeo), "base %lu", t);
		/* A send after the handler read the time: not stuck. */
		KUNIT_EXPECT_FALSE_MSG(test, cx4_en_txq_stuck(true, t + 1, t, timeo),
				       "base %lu", t);
	}
}

static struct kunit_case cx4_en_recover_cases[] = {
	KUNIT_CASE(cx4_test_recover_backoff),
	KUNIT_CASE(cx4_test_txq_stuck),
	{}
};

static struct kunit_suite cx4_en_recover_suite = {
	.name = "cx4_en_recover",
	.test_cases = cx4_en_recover_cases,
};

kunit_test_suites(&cx4_en_recover_suite);

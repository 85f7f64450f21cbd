// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the queue statistics tables (en/qstats.c) map the driver's
 * counters onto struct netdev_queue_stats_rx / _tx: the fields they
 * feed are set (a field fed by two counters gets their sum), every
 * other field is left as the kernel handed it (unset).  Built with
 * en/qstats.c, on 6.10 and later.
 */

#include <kunit/test.h>
#include <linux/string.h>

#include "../compat.h"
#include "../en/en.h"

#define CX4_TEST_UNSET	(~0ULL)

static void cx4_test_qstats_rx(struct kunit *test)
{
	struct netdev_queue_stats_rx rx;
	u64 c[CX4_EN_RQ_NSTATS];
	unsigned int i;

	for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
		c[i] = 1ULL << (2 * i);
	memset(&rx, 0xff, sizeof(rx));
	cx4_en_qstats_rx_fill(c, &rx);
	KUNIT_EXPECT_EQ(test, rx.packets, c[CX4_EN_RQ_PACKETS]);
	KUNIT_EXPECT_EQ(test, rx.bytes, c[CX4_EN_RQ_BYTES]);
	KUNIT_EXPECT_EQ(test, rx.alloc_fail,
			c[CX4_EN_RQ_ALLOC_FAIL] + c[CX4_EN_RQ_DROPPED]);
	KUNIT_EXPECT_EQ(test, rx.csum_unnecessary,
			c[CX4_EN_RQ_CSUM_UNNECESSARY]);
	KUNIT_EXPECT_EQ(test, rx.csum_none, c[CX4_EN_RQ_CSUM_NONE]);
	/* Not counted by the driver: unset. */
	KUNIT_EXPECT_EQ(test, rx.hw_drops, CX4_TEST_UNSET);
	KUNIT_EXPECT_EQ(test, rx.csum_bad, CX4_TEST_UNSET);
	KUNIT_EXPECT_EQ(test, rx.hw_gro_packets, CX4_TEST_UNSET);
	KUNIT_EXPECT_EQ(test, rx.hw_gro_bytes, CX4_TEST_UNSET);

	/* A zero counter still sets its field (a total, not "unset"). */
	memset(c, 0, sizeof(c));
	memset(&rx, 0xff, sizeof(rx));
	cx4_en_qstats_rx_fill(c, &rx);
	KUNIT_EXPECT_EQ(test, rx.alloc_fail, 0ULL);
	KUNIT_EXPECT_EQ(test, rx.packets, 0ULL);
}

static void cx4_test_qstats_tx(struct kunit *test)
{
	struct netdev_queue_stats_tx tx;
	u64 c[CX4_EN_SQ_NSTATS];
	unsigned int i;

	for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
		c[i] = 3 + 10ULL * i;
	memset(&tx, 0xff, sizeof(tx));
	cx4_en_qstats_tx_fill(c, &tx);
	KUNIT_EXPECT_EQ(test, tx.packets, c[CX4_EN_SQ_PACKETS]);
	KUNIT_EXPECT_EQ(test, tx.bytes, c[CX4_EN_SQ_BYTES]);
	KUNIT_EXPECT_EQ(test, tx.needs_csum, c[CX4_EN_SQ_CSUM_PARTIAL]);
	KUNIT_EXPECT_EQ(test, tx.hw_gso_packets, c[CX4_EN_SQ_TSO_PACKETS]);
	KUNIT_EXPECT_EQ(test, tx.hw_gso_wire_bytes, c[CX4_EN_SQ_TSO_BYTES]);
	KUNIT_EXPECT_EQ(test, tx.stop, c[CX4_EN_SQ_STOPPED]);
	KUNIT_EXPECT_EQ(test, tx.wake, c[CX4_EN_SQ_WAKE]);
	KUNIT_EXPECT_EQ(test, tx.hw_drops, CX4_TEST_UNSET);
	KUNIT_EXPECT_EQ(test, tx.hw_drop_errors, CX4_TEST_UNSET);
	KUNIT_EXPECT_EQ(test, tx.csum_none, CX4_TEST_UNSET);
	KUNIT_EXPECT_EQ(test, tx.hw_gso_bytes, CX4_TEST_UNSET);
	KUNIT_EXPECT_EQ(test, tx.hw_gso_wire_packets, CX4_TEST_UNSET);
}

static struct kunit_case cx4_en_qstats_cases[] = {
	KUNIT_CASE(cx4_test_qstats_rx),
	KUNIT_CASE(cx4_test_qstats_tx),
	{}
};

static struct kunit_suite cx4_en_qstats_suite = {
	.name = "cx4_en_qstats",
	.test_cases = cx4_en_qstats_cases,
};

kunit_test_suites(&cx4_en_qstats_suite);

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the en/ counter name tables name every counter, uniquely, and
 * every ethtool -S string they produce fits ETH_GSTRING_LEN.
 */

#include <kunit/test.h>
#include <linux/ethtool.h>
#include <linux/string.h>

#include "../en/en.h"

static void cx4_test_names(struct kunit *test, const char * const *names,
			   unsigned int n)
{
	char buf[2 * ETH_GSTRING_LEN];
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		KUNIT_ASSERT_NOT_NULL_MSG(test, names[i], "counter %u unnamed", i);
		KUNIT_EXPECT_GT(test, strlen(names[i]), 0);
		/* The longest form: a 4-digit channel number. */
		snprintf(buf, sizeof(buf), "rx9999_%s", names[i]);
		KUNIT_EXPECT_LT_MSG(test, strlen(buf), ETH_GSTRING_LEN,
				    "%s too long", names[i]);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_STRNEQ(test, names[i], names[j]);
	}
}

static void cx4_test_rq_names(struct kunit *test)
{
	cx4_test_names(test, cx4_en_rq_stat_names, CX4_EN_RQ_NSTATS);
}

static void cx4_test_sq_names(struct kunit *test)
{
	cx4_test_names(test, cx4_en_sq_stat_names, CX4_EN_SQ_NSTATS);
}

/* The two SQ writers' counters, each under its own seqcount. */
static void cx4_test_sq_writers(struct kunit *test)
{
	static const enum cx4_en_sq_stat xmit[] = {
		CX4_EN_SQ_CSUM_PARTIAL, CX4_EN_SQ_DOORBELLS, CX4_EN_SQ_STOPPED,
		CX4_EN_SQ_DROPPED, CX4_EN_SQ_TSO_PACKETS, CX4_EN_SQ_TSO_BYTES,
		CX4_EN_SQ_VLAN_INSERT,
	};
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(xmit); i++)
		KUNIT_EXPECT_TRUE(test, cx4_en_sq_stat_by_xmit(xmit[i]));
	for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
		n += cx4_en_sq_stat_by_xmit(i);
	KUNIT_EXPECT_EQ(test, n, (unsigned int)ARRAY_SIZE(xmit));
	/* Completion-side counters are NAPI's. */
	KUNIT_EXPECT_FALSE(test, cx4_en_sq_stat_by_xmit(CX4_EN_SQ_PACKETS));
	KUNIT_EXPECT_FALSE(test, cx4_en_sq_stat_by_xmit(CX4_EN_SQ_WAKE));
	KUNIT_EXPECT_FALSE(test, cx4_en_sq_stat_by_xmit(CX4_EN_SQ_RECOVER));
}

static struct kunit_case cx4_en_stats_cases[] = {
	KUNIT_CASE(cx4_test_rq_names),
	KUNIT_CASE(cx4_test_sq_names),
	KUNIT_CASE(cx4_test_sq_writers),
	{}
};

static struct kunit_suite cx4_en_stats_suite = {
	.name = "cx4_en_stats",
	.test_cases = cx4_en_stats_cases,
};

kunit_test_suites(&cx4_en_stats_suite);

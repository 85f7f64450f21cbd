// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the en/ counter name tables name every counter, uniquely, and
 * every ethtool -S string they produce fits ETH_GSTRING_LEN; the counters
 * of departed channels fold into the base without changing the totals.
 */

#include <kunit/test.h>
#include <linux/ethtool.h>
#include <linux/slab.h>
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
	const char *tot[CX4_EN_SQ_NSTATS];
	unsigned int i;

	cx4_test_names(test, cx4_en_sq_stat_names, CX4_EN_SQ_NSTATS);
	/* The totals tx_<name>: named, unique, mlx5_core's where they differ. */
	for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
		tot[i] = cx4_en_sq_total_name(i);
	cx4_test_names(test, tot, CX4_EN_SQ_NSTATS);
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_total_name(CX4_EN_SQ_STOPPED),
			   "queue_stopped");
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_total_name(CX4_EN_SQ_WAKE),
			   "queue_wake");
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_total_name(CX4_EN_SQ_DROPPED),
			   "queue_dropped");
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_total_name(CX4_EN_SQ_PACKETS),
			   "packets");
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_stat_names[CX4_EN_SQ_STOPPED],
			   "stopped");
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

/* Every counter of channel @ch set to a value naming (ch, counter). */
static void cx4_test_stats_fill(struct cx4_en_ch_stats *st, u32 ch)
{
	unsigned int i;

	for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
		cx4_en_rq_stat_add(&st->rq, i, 1000 * (ch + 1) + i);
	for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
		cx4_en_sq_stat_add(&st->sq, i, 100000 * (ch + 1) + i);
}

/* Base plus every channel's counters: what the device totals are. */
static void cx4_test_stats_total(const struct cx4_en_stats_base *base,
				 const struct cx4_en_ch_stats *st, u32 nch,
				 struct cx4_en_stats_base *tot)
{
	u64 rq[CX4_EN_RQ_NSTATS], sq[CX4_EN_SQ_NSTATS];
	unsigned int i;
	u32 ch;

	*tot = *base;
	for (ch = 0; ch < nch; ch++) {
		cx4_en_rq_stats_read(&st[ch].rq, rq);
		cx4_en_sq_stats_read(&st[ch].sq, sq);
		for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
			tot->rq[i] += rq[i];
		for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
			tot->sq[i] += sq[i];
	}
}

/*
 * ethtool -L 4 -> 2 -> 1 -> 4: the departed channels' counters move to
 * the base, their sets are zeroed, the others untouched, and base plus
 * channels stays the same total at each step.
 */
static void cx4_test_stats_fold(struct kunit *test)
{
	struct cx4_en_stats_base base = {}, tot0, tot;
	u64 rq[CX4_EN_RQ_NSTATS], sq[CX4_EN_SQ_NSTATS];
	struct cx4_en_ch_stats *st;
	unsigned int i;
	u32 ch;

	st = cx4_en_stats_alloc(4);
	KUNIT_ASSERT_NOT_NULL(test, st);
	for (ch = 0; ch < 4; ch++)
		cx4_test_stats_fill(&st[ch], ch);
	cx4_test_stats_total(&base, st, 4, &tot0);

	cx4_en_stats_fold(&base, st, 2, 4);
	for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
		KUNIT_EXPECT_EQ(test, base.rq[i], 3000ULL + 4000 + 2 * i);
	for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
		KUNIT_EXPECT_EQ(test, base.sq[i], 300000ULL + 400000 + 2 * i);
	for (ch = 0; ch < 4; ch++) {
		cx4_en_rq_stats_read(&st[ch].rq, rq);
		cx4_en_sq_stats_read(&st[ch].sq, sq);
		KUNIT_EXPECT_EQ(test, rq[CX4_EN_RQ_PACKETS],
				ch < 2 ? 1000ULL * (ch + 1) : 0);
		KUNIT_EXPECT_EQ(test, sq[CX4_EN_SQ_BYTES],
				ch < 2 ? 100000ULL * (ch + 1) + 1 : 0);
	}
	cx4_test_stats_total(&base, st, 4, &tot);
	KUNIT_EXPECT_MEMEQ(test, &tot, &tot0, sizeof(tot));

	/* Nothing departs: nothing moves. */
	cx4_en_stats_fold(&base, st, 2, 2);
	cx4_en_stats_fold(&base, st, 3, 1);
	cx4_test_stats_total(&base, st, 4, &tot);
	KUNIT_EXPECT_MEMEQ(test, &tot, &tot0, sizeof(tot));

	/* 2 -> 1 (the zeroed sets beyond fold as zeros), then back to 4. */
	cx4_en_stats_fold(&base, st, 1, 4);
	cx4_test_stats_total(&base, st, 4, &tot);
	KUNIT_EXPECT_MEMEQ(test, &tot, &tot0, sizeof(tot));
	KUNIT_EXPECT_EQ(test, base.rq[CX4_EN_RQ_PACKETS], 2000ULL + 3000 + 4000);
	cx4_en_rq_stats_read(&st[0].rq, rq);
	KUNIT_EXPECT_EQ(test, rq[CX4_EN_RQ_PACKETS], 1000ULL);
	/* A channel that comes back counts from zero. */
	cx4_en_rq_stat_add(&st[3].rq, CX4_EN_RQ_PACKETS, 7);
	cx4_en_rq_stats_read(&st[3].rq, rq);
	KUNIT_EXPECT_EQ(test, rq[CX4_EN_RQ_PACKETS], 7ULL);
	kfree(st);
}

static struct kunit_case cx4_en_stats_cases[] = {
	KUNIT_CASE(cx4_test_rq_names),
	KUNIT_CASE(cx4_test_sq_names),
	KUNIT_CASE(cx4_test_sq_writers),
	KUNIT_CASE(cx4_test_stats_fold),
	{}
};

static struct kunit_suite cx4_en_stats_suite = {
	.name = "cx4_en_stats",
	.test_cases = cx4_en_stats_cases,
};

kunit_test_suites(&cx4_en_stats_suite);

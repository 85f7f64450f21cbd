// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the internal timer and the PTP clock's arithmetic (PRM 7.12.10).
 * The race-free read of the timer's halves against scripted and
 * simulated timers (a torn pair is never returned, the value lies within
 * the read), the frequency's sanity check, the cyclecounter's mult and
 * shift (one second of ticks is one second, within a nanosecond, from
 * 1 MHz to 10 GHz), adjfine's mult, the overflow check's period and the
 * hardware timestamping request check.
 */

#include <kunit/test.h>
#include <linux/math64.h>
#include <linux/net_tstamp.h>
#include <linux/timecounter.h>

#include "../core/core.h"
#include "../en/ptp.h"

/* A scripted timer: the values of the high and low reads, in order. */
struct cx4_fake_timer {
	const u32 *h, *l;
	int nh, nl, ih, il;
	/* simulated instead: @t advances @step ticks per read */
	bool sim;
	u64 t, step;
};

static u32 cx4_fake_timer_read(void *ctx, bool high)
{
	struct cx4_fake_timer *f = ctx;

	if (f->sim) {
		u64 v = f->t;

		f->t += f->step;
		return high ? upper_32_bits(v) : lower_32_bits(v);
	}
	if (high)
		return f->ih < f->nh ? f->h[f->ih++] : 0xdead;
	return f->il < f->nl ? f->l[f->il++] : 0xdead;
}

static void cx4_test_timer_read_script(struct kunit *test)
{
	static const u32 h_ok[] = { 5, 5 }, l_ok[] = { 7 };
	/* The low half wraps between the first two high reads. */
	static const u32 h_wrap[] = { 5, 6, 6 }, l_wrap[] = { 3, 0x10 };
	static const u32 h_run[] = { 1, 2, 3, 4 }, l_run[] = { 9, 9, 9 };
	struct cx4_fake_timer f = { .h = h_ok, .l = l_ok, .nh = 2, .nl = 1 };

	KUNIT_EXPECT_EQ(test, cx4_timer_read_halves(cx4_fake_timer_read, &f, NULL),
			(5ULL << 32) | 7);
	KUNIT_EXPECT_EQ(test, f.ih, 2);
	KUNIT_EXPECT_EQ(test, f.il, 1);

	f = (struct cx4_fake_timer){ .h = h_wrap, .l = l_wrap, .nh = 3, .nl = 2 };
	/* Never 5:3 (a time 2^32 ticks off): 6:0x10 from the second try. */
	KUNIT_EXPECT_EQ(test, cx4_timer_read_halves(cx4_fake_timer_read, &f, NULL),
			(6ULL << 32) | 0x10);
	KUNIT_EXPECT_EQ(test, f.ih, 3);

	/* The high half changes on every read: bounded, and a time seen. */
	f = (struct cx4_fake_timer){ .h = h_run, .l = l_run, .nh = 4, .nl = 3 };
	KUNIT_EXPECT_EQ(test, cx4_timer_read_halves(cx4_fake_timer_read, &f, NULL),
			4ULL << 32);
	KUNIT_EXPECT_EQ(test, f.ih, 1 + CX4_TIMER_READ_TRIES);
	KUNIT_EXPECT_EQ(test, f.il, CX4_TIMER_READ_TRIES);
}

/*
 * A running timer crossing a 2^32 boundary, from every start near it:
 * the value read is one the timer had during the read.
 */
static void cx4_test_timer_read_running(struct kunit *test)
{
	static const u64 steps[] = { 1, 7, 1000, 0x40000000 };
	int s;
	u64 d;

	for (s = 0; s < ARRAY_SIZE(steps); s++) {
		for (d = 0; d < 4 * steps[s] + 8; d += 1 + steps[s] / 16) {
			struct cx4_fake_timer f = {
				.sim = true, .step = steps[s],
				.t = (3ULL << 32) - d,
			};
			u64 start = f.t, v;

			v = cx4_timer_read_halves(cx4_fake_timer_read, &f, NULL);
			KUNIT_EXPECT_GE_MSG(test, v, start, "step %llu start %llx",
					    steps[s], start);
			KUNIT_EXPECT_LT_MSG(test, v, f.t, "step %llu start %llx",
					    steps[s], start);
		}
	}
}

static void cx4_test_timer_khz(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(0, 0), 0);
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(156, 156250), 156250);	/* kHz wins */
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(1000, 0), 1000000);
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(1, 0), CX4_TIMER_KHZ_MIN);
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(0, CX4_TIMER_KHZ_MAX), CX4_TIMER_KHZ_MAX);
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(0, CX4_TIMER_KHZ_MIN - 1), 0);
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(0, CX4_TIMER_KHZ_MAX + 1), 0);
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(10001, 0), 0);
	/* No 32-bit overflow of MHz * 1000 into the sane range. */
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(0xffffffff, 0), 0);
	KUNIT_EXPECT_EQ(test, cx4_timer_khz(4294968, 0), 0);
}

static const u32 cx4_test_khz[] = {
	CX4_TIMER_KHZ_MIN, 19200, 156250, 250000, 1000000, 1234567,
	CX4_TIMER_KHZ_MAX,
};

static u64 cx4_test_cycles;

/* |a - b| of two unsigned 64-bit values (cx4_test_dist() wants one type). */
static u64 cx4_test_dist(u64 a, u64 b)
{
	return a > b ? a - b : b - a;
}

static u64 cx4_test_cc_read(const struct cyclecounter *cc)
{
	return cx4_test_cycles;
}

static void cx4_test_mult_shift(struct kunit *test)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(cx4_test_khz); i++) {
		u32 khz = cx4_test_khz[i], mult, shift;
		struct cyclecounter cc = {
			.read = cx4_test_cc_read, .mask = CYCLECOUNTER_MASK(64),
		};
		struct timecounter tc;
		u64 ns;

		cx4_en_ptp_mult_shift(khz, &mult, &shift);
		KUNIT_EXPECT_LT_MSG(test, mult, BIT(31), "%u kHz", khz);
		/* The largest shift: one more would not fit. */
		KUNIT_EXPECT_GE_MSG(test, (u64)mult * 2 + 1, BIT(31), "%u kHz", khz);
		/* One second of ticks is one second, within 1 ns. */
		ns = mul_u64_u32_shr((u64)khz * 1000, mult, shift);
		KUNIT_EXPECT_LE_MSG(test, cx4_test_dist(ns, NSEC_PER_SEC), 1, "%u kHz", khz);
		/* Through a timecounter: 20 reads 50 ms apart (no overflow). */
		cc.mult = mult;
		cc.shift = shift;
		cx4_test_cycles = 1ULL << 40;
		timecounter_init(&tc, &cc, 0);
		while (cx4_test_cycles < (1ULL << 40) + (u64)khz * 1000) {
			cx4_test_cycles += (u64)khz * 50;
			ns = timecounter_read(&tc);
		}
		KUNIT_EXPECT_LE_MSG(test, cx4_test_dist(ns, NSEC_PER_SEC), 2, "%u kHz", khz);
		/* A CQE stamped 1 ms before the last read converts backwards. */
		ns = timecounter_cyc2time(&tc, cx4_test_cycles - khz);
		KUNIT_EXPECT_LE_MSG(test,
				    cx4_test_dist(ns, NSEC_PER_SEC - NSEC_PER_MSEC),
				    2, "%u kHz", khz);
	}
}

static void cx4_test_adj_mult(struct kunit *test)
{
	u32 mult, shift, up, down;
	u64 ns;

	cx4_en_ptp_mult_shift(156250, &mult, &shift);
	KUNIT_EXPECT_EQ(test, cx4_en_ptp_adj_mult(mult, 0), mult);
	/* 1 ppm = 65536 scaled ppm. */
	up = cx4_en_ptp_adj_mult(mult, 65536);
	down = cx4_en_ptp_adj_mult(mult, -65536);
	KUNIT_EXPECT_LE(test, cx4_test_dist(up - mult, div_u64(mult, 1000000)), 1);
	KUNIT_EXPECT_LE(test, cx4_test_dist(mult - down, div_u64(mult, 1000000)), 1);
	/* The extremes stay within 32 bits for any mult below 2^31. */
	up = cx4_en_ptp_adj_mult(BIT(31) - 1, CX4_EN_PTP_MAX_SCALED_PPM);
	KUNIT_EXPECT_GT(test, up, BIT(31) - 1);
	ns = div_u64((u64)(BIT(31) - 1) * CX4_EN_PTP_MAX_ADJ, NSEC_PER_SEC);
	KUNIT_EXPECT_LE(test, cx4_test_dist(up - (BIT(31) - 1), ns), 1);
	down = cx4_en_ptp_adj_mult(mult, -CX4_EN_PTP_MAX_SCALED_PPM);
	KUNIT_EXPECT_LT(test, down, mult);
	KUNIT_EXPECT_GT(test, down, mult / 2);
}

static void cx4_test_overflow_ms(struct kunit *test)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(cx4_test_khz); i++) {
		u32 khz = cx4_test_khz[i], mult, shift, max, ms;

		cx4_en_ptp_mult_shift(khz, &mult, &shift);
		max = cx4_en_ptp_adj_mult(mult, CX4_EN_PTP_MAX_SCALED_PPM);
		ms = cx4_en_ptp_overflow_ms(khz, max);
		/* Not a busy loop, at most an hour. */
		KUNIT_EXPECT_GE_MSG(test, ms, 100, "%u kHz", khz);
		KUNIT_EXPECT_LE_MSG(test, ms, 3600 * MSEC_PER_SEC, "%u kHz", khz);
		/* Four periods of ticks times the largest mult fit 64 bits. */
		KUNIT_EXPECT_LE_MSG(test, (u64)khz * ms * 4,
				    div_u64(U64_MAX, max), "%u kHz", khz);
	}
}

static void cx4_test_hwtstamp_check(struct kunit *test)
{
	int rx;

	rx = HWTSTAMP_FILTER_NONE;
	KUNIT_EXPECT_EQ(test, cx4_en_hwtstamp_check(HWTSTAMP_TX_OFF, &rx, NULL), 0);
	KUNIT_EXPECT_EQ(test, rx, HWTSTAMP_FILTER_NONE);
	rx = HWTSTAMP_FILTER_PTP_V2_EVENT;
	KUNIT_EXPECT_EQ(test, cx4_en_hwtstamp_check(HWTSTAMP_TX_ON, &rx, NULL), 0);
	KUNIT_EXPECT_EQ(test, rx, HWTSTAMP_FILTER_ALL);
	rx = HWTSTAMP_FILTER_ALL;
	KUNIT_EXPECT_EQ(test, cx4_en_hwtstamp_check(HWTSTAMP_TX_ONESTEP_SYNC, &rx, NULL),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, cx4_en_hwtstamp_check(-1, &rx, NULL), -ERANGE);
	rx = HWTSTAMP_FILTER_NTP_ALL + 1;
	KUNIT_EXPECT_EQ(test, cx4_en_hwtstamp_check(HWTSTAMP_TX_ON, &rx, NULL), -ERANGE);
	rx = -1;
	KUNIT_EXPECT_EQ(test, cx4_en_hwtstamp_check(HWTSTAMP_TX_ON, &rx, NULL), -ERANGE);
}

static struct kunit_case cx4_en_ptp_cases[] = {
	KUNIT_CASE(cx4_test_timer_read_script),
	KUNIT_CASE(cx4_test_timer_read_running),
	KUNIT_CASE(cx4_test_timer_khz),
	KUNIT_CASE(cx4_test_mult_shift),
	KUNIT_CASE(cx4_test_adj_mult),
	KUNIT_CASE(cx4_test_overflow_ms),
	KUNIT_CASE(cx4_test_hwtstamp_check),
	{}
};

static struct kunit_suite cx4_en_ptp_suite = {
	.name = "cx4_en_ptp",
	.test_cases = cx4_en_ptp_cases,
};

kunit_test_suites(&cx4_en_ptp_suite);

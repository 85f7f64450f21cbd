// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: receive CQE compression (en/txrx.h).  A session's count checked
 * against the limit an RQ takes (2 .. the capability's maximum and the
 * CQ's entries), and a title with mini CQE arrays in a ring laid out as
 * the device writes it (title, entry 1 with mini CQEs 0-7, entry 8k with
 * 8k .. 8k + 7) expanded into each member's CQE: its byte count, RX hash
 * result and wqe_counter, the title's other fields, accepted by the same
 * check as a plain CQE; a member with a bad byte count or counter is not.
 */

#include <kunit/test.h>
#include <linux/string.h>

#include "../en/txrx.h"

static void cx4_test_cqz_max(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_en_cqz_max(64, 1024), 64u);
	KUNIT_EXPECT_EQ(test, cx4_en_cqz_max(4096, 1024), 1024u);
	KUNIT_EXPECT_EQ(test, cx4_en_cqz_max(0, 1024), 1024u);	/* not given */
	KUNIT_EXPECT_EQ(test, cx4_en_cqz_max(64, 64), 64u);
}

static void cx4_test_cqz_count(struct kunit *test)
{
	u8 t[CX4_CQE_SIZE] = {};
	static const struct { u32 n, max, want; } c[] = {
		{ 0, 64, 0 }, { 1, 64, 0 },		/* not a session */
		{ 2, 64, 2 }, { 64, 64, 64 },
		{ 65, 64, 0 }, { 1024, 64, 0 },		/* beyond the maximum */
		{ 0xffffffff, 1024, 0 },
		{ 2, 0, 0 }, { 8, 0, 0 },		/* compression off */
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		CX4_SET(CQE, t, COMPRESSED_COUNT, c[i].n);
		KUNIT_EXPECT_EQ_MSG(test, cx4_en_cqz_count(t, c[i].max), c[i].want,
				    "count %u max %u", c[i].n, c[i].max);
	}
}

#define T_LOG		5		/* a CQ of 32 entries */
#define T_N		19		/* mini arrays in entries 1, 8, 16 */
#define T_WC		0xfffe		/* wraps within the session */
#define T_BUF		1522

static u32 t_len(u32 i)
{
	return 60 + 7 * i;
}

/* A session of T_N at entry 0 of @ring, as the device writes it. */
static void cx4_test_cqz_ring(u8 *ring)
{
	u8 *title = ring;
	u32 i;

	memset(ring, 0xa5, CX4_CQE_SIZE << T_LOG);	/* not written: junk */
	memset(title, 0, CX4_CQE_SIZE);
	CX4_SET(CQE, title, OPCODE, CX4_CQE_OP_RESP_SEND);
	CX4_SET(CQE, title, FORMAT, CX4_CQE_FORMAT_COMPRESSED);
	CX4_SET(CQE, title, COMPRESSED_COUNT, T_N);
	CX4_SET(CQE, title, WQE_COUNTER, T_WC);
	CX4_SET(CQE, title, RX_HASH_RESULT, 0x1000);
	CX4_SET(CQE, title, RX_HASH_TYPE, 0xa5);
	CX4_SET(CQE, title, L3_OK, 1);
	CX4_SET(CQE, title, L4_OK, 1);
	CX4_SET(CQE, title, L4_HDR_TYPE, CX4_CQE_L4_UDP);
	CX4_SET64(CQE, title, TIMESTAMP, 0x123456789abcull);
	for (i = 0; i < T_N; i++) {
		u8 *m = ring + cx4_mini_cqe_entry(i) * CX4_CQE_SIZE +
			(i % CX4_MINI_CQE_PER_CQE) * CX4_MINI_CQE_SIZE;

		CX4_SET(MINI_CQE, m, BYTE_CNT, t_len(i));
		CX4_SET(MINI_CQE, m, RX_HASH_RESULT, 0x1000 + i);
	}
}

static void cx4_test_cqz_expand(struct kunit *test)
{
	u8 *ring = kunit_kzalloc(test, CX4_CQE_SIZE << T_LOG, GFP_KERNEL);
	struct cx4_en_cqz *z = kunit_kzalloc(test, sizeof(*z), GFP_KERNEL);
	u32 n, e, arrays = 0;

	KUNIT_ASSERT_NOT_NULL(test, ring);
	KUNIT_ASSERT_NOT_NULL(test, z);
	cx4_test_cqz_ring(ring);
	n = cx4_en_cqz_count(ring, cx4_en_cqz_max(64, 1u << T_LOG));
	KUNIT_ASSERT_EQ(test, n, (u32)T_N);
	cx4_en_cqz_start(z, ring, n);
	for (z->i = 0; z->i < z->n; z->i++) {
		u16 cc = T_WC + z->i;

		e = cx4_en_cqz_array(z);
		if (e) {
			KUNIT_EXPECT_LT(test, e, n);
			memcpy(z->mini, ring + e * CX4_CQE_SIZE, sizeof(z->mini));
			arrays++;
		}
		KUNIT_EXPECT_EQ(test, e, z->i == 0 ? 1u :
				z->i % CX4_MINI_CQE_PER_CQE ? 0u : (u32)z->i);
		cx4_en_cqz_member(z);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, z->cqe, BYTE_CNT), t_len(z->i));
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, z->cqe, RX_HASH_RESULT),
				0x1000u + z->i);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, z->cqe, WQE_COUNTER), (u32)cc);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, z->cqe, FORMAT),
				(u32)CX4_CQE_FORMAT_NO_INLINE);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, z->cqe, RX_HASH_TYPE), 0xa5u);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, z->cqe, L4_OK), 1u);
		KUNIT_EXPECT_EQ(test, CX4_GET(CQE, z->cqe, L4_HDR_TYPE),
				(u32)CX4_CQE_L4_UDP);
		KUNIT_EXPECT_EQ(test, CX4_GET64(CQE, z->cqe, TIMESTAMP),
				0x123456789abcull);
		/* The plain CQE check takes it: opcode, format, counter, length. */
		KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(z->cqe, cc, cc + 1, T_BUF),
				CX4_EN_RX_OK);
		/* Out of step with the RQ, or past what is posted: refused. */
		KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(z->cqe, cc + 1, cc + 2, T_BUF),
				CX4_EN_RX_BAD_COUNTER);
		KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(z->cqe, cc, cc, T_BUF),
				CX4_EN_RX_BAD_COUNTER);
	}
	KUNIT_EXPECT_EQ(test, arrays, 3u);
}

/* A mini CQE's byte count is checked like any other. */
static void cx4_test_cqz_bad_len(struct kunit *test)
{
	struct cx4_en_cqz *z = kunit_kzalloc(test, sizeof(*z), GFP_KERNEL);
	u8 title[CX4_CQE_SIZE] = {};

	KUNIT_ASSERT_NOT_NULL(test, z);
	CX4_SET(CQE, title, OPCODE, CX4_CQE_OP_RESP_SEND);
	CX4_SET(CQE, title, FORMAT, CX4_CQE_FORMAT_COMPRESSED);
	CX4_SET(CQE, title, COMPRESSED_COUNT, 3);
	CX4_SET(CQE, title, WQE_COUNTER, 7);
	cx4_en_cqz_start(z, title, cx4_en_cqz_count(title, 64));
	KUNIT_ASSERT_EQ(test, z->n, 3);
	CX4_SET(MINI_CQE, z->mini, BYTE_CNT, 0);
	CX4_SET(MINI_CQE, z->mini + CX4_MINI_CQE_SIZE, BYTE_CNT, T_BUF + 1);
	CX4_SET(MINI_CQE, z->mini + 2 * CX4_MINI_CQE_SIZE, BYTE_CNT, 0xffffffff);
	for (z->i = 0; z->i < z->n; z->i++) {
		cx4_en_cqz_member(z);
		KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(z->cqe, 7 + z->i, 20, T_BUF),
				CX4_EN_RX_BAD_LEN);
	}
}

static struct kunit_case cx4_en_cqz_cases[] = {
	KUNIT_CASE(cx4_test_cqz_max),
	KUNIT_CASE(cx4_test_cqz_count),
	KUNIT_CASE(cx4_test_cqz_expand),
	KUNIT_CASE(cx4_test_cqz_bad_len),
	{}
};

static struct kunit_suite cx4_en_cqz_suite = {
	.name = "cx4_en_cqz",
	.test_cases = cx4_en_cqz_cases,
};

kunit_test_suites(&cx4_en_cqz_suite);

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: PRM layout accessors (include/linux/cx4/prm.h) on known
 * big-endian byte patterns.
 */

#include <kunit/test.h>
#include <linux/string.h>
#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_pci.h>

static const u8 cx4_test_pattern[16] = {
	0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
	0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78,
};

/*
 * The primitives themselves are tested on synthetic fields of byte
 * patterns, not on PRM positions (prm-offsets: ok for these two and the
 * 64-bit offsets below).
 */
#define CX4_TEST_FLD(off, msb, lsb)	CX4_FLD(off, msb, lsb)	/* prm-offsets: ok */
#define CX4_TEST_DW(off)		CX4_DW(off)		/* prm-offsets: ok */

static void cx4_test_fld_encoding(struct kunit *test)
{
	u32 f = CX4_TEST_FLD(0x1c, 21, 16);

	KUNIT_EXPECT_EQ(test, CX4_FLD_OFF(f), 0x1cu);
	KUNIT_EXPECT_EQ(test, CX4_FLD_MSB(f), 21u);
	KUNIT_EXPECT_EQ(test, CX4_FLD_LSB(f), 16u);
	KUNIT_EXPECT_EQ(test, cx4_fld_mask(f), 0x3fu);
	KUNIT_EXPECT_EQ(test, cx4_fld_mask(CX4_TEST_DW(0)), 0xffffffffu);
	KUNIT_EXPECT_EQ(test, cx4_fld_mask(CX4_TEST_FLD(0, 0, 0)), 1u);
	KUNIT_EXPECT_EQ(test, CX4_FLD_OFF(CX4_TEST_DW(0x1010)), 0x1010u);
	KUNIT_EXPECT_TRUE(test, cx4_fld_overflows(CX4_TEST_FLD(0, 3, 0), 16));
	KUNIT_EXPECT_FALSE(test, cx4_fld_overflows(CX4_TEST_FLD(0, 3, 0), 15));
	KUNIT_EXPECT_FALSE(test, cx4_fld_overflows(CX4_TEST_DW(0), 0xffffffffu));
	KUNIT_EXPECT_TRUE(test, cx4_fld_overflows(CX4_TEST_DW(0), 0x100000000ull));
}

static void cx4_test_get(struct kunit *test)
{
	const u8 *p = cx4_test_pattern;

	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_DW(0)), 0x12345678u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(0, 31, 16)), 0x1234u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(0, 15, 0)), 0x5678u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(4, 31, 24)), 0x9au);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(4, 7, 4)), 0xfu);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(4, 3, 0)), 0x0u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(4, 31, 31)), 1u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(0, 31, 31)), 0u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(8, 22, 9)), 0xf16u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(12, 0, 0)), 0u);
	KUNIT_EXPECT_EQ(test, cx4_get(p, CX4_TEST_FLD(12, 3, 3)), 1u);
}

static void cx4_test_set(struct kunit *test)
{
	static const u8 want_mid[4] = { 0x00, 0x7f, 0xfe, 0x00 };
	static const u8 want_keep[4] = { 0xff, 0xff, 0x12, 0xf4 };
	u8 buf[8] = {};

	cx4_set(buf, CX4_TEST_FLD(4, 22, 9), 0x3fff);
	KUNIT_EXPECT_EQ(test, memcmp(buf + 4, want_mid, 4), 0);
	KUNIT_EXPECT_EQ(test, cx4_get(buf, CX4_TEST_DW(0)), 0u);

	memset(buf, 0xff, sizeof(buf));
	cx4_set(buf, CX4_TEST_FLD(0, 15, 8), 0x12);
	/* Bits of the value beyond the field are dropped. */
	cx4_set(buf, CX4_TEST_FLD(0, 3, 0), 0x1234);
	KUNIT_EXPECT_EQ(test, memcmp(buf, want_keep, 4), 0);
	KUNIT_EXPECT_EQ(test, cx4_get(buf, CX4_TEST_DW(4)), 0xffffffffu);

	cx4_set(buf, CX4_TEST_DW(4), 0xa1b2c3d4);
	KUNIT_EXPECT_EQ(test, buf[4], 0xa1);
	KUNIT_EXPECT_EQ(test, buf[7], 0xd4);
	cx4_set(buf, CX4_TEST_FLD(4, 31, 31), 0);
	KUNIT_EXPECT_EQ(test, buf[4], 0x21);
}

static void cx4_test_64(struct kunit *test)
{
	static const u8 want[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	u8 buf[16] = {};

	KUNIT_EXPECT_EQ(test, cx4_get64(cx4_test_pattern, 0),
			0x123456789abcdef0ull);
	KUNIT_EXPECT_EQ(test, cx4_get64(cx4_test_pattern, 8),	/* prm-offsets: ok */
			0x0f1e2d3c4b5a6978ull);
	cx4_set64(buf, 8, 0x0102030405060708ull);	/* prm-offsets: ok */
	KUNIT_EXPECT_EQ(test, memcmp(buf + 8, want, 8), 0);
	KUNIT_EXPECT_EQ(test, cx4_get64(buf, 0), 0ull);
}

/* A few PRM fields on hand-made structures. */
static void cx4_test_prm_fields(struct kunit *test)
{
	u8 ent[CX4_CMDQ_ENTRY_SIZE] = {};
	u8 iseg[0x18] = {};
	u8 issi[CX4_QUERY_ISSI_OUT_SIZE] = {};

	ent[0x3f] = 0x0b;	/* status 5, owned by hardware */
	ent[0x3c] = 0x7e;
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, STATUS), 5u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, OWNERSHIP), 1u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, TOKEN), 0x7eu);

	iseg[0x17] = 0x56;
	iseg[0x06] = 0x01;
	iseg[0x07] = 0x02;
	iseg[0x04] = 0x00;
	iseg[0x05] = 0x05;
	KUNIT_EXPECT_EQ(test, CX4_GET(INIT, iseg, LOG_CMDQ_SIZE), 5u);
	KUNIT_EXPECT_EQ(test, CX4_GET(INIT, iseg, LOG_CMDQ_STRIDE), 6u);
	KUNIT_EXPECT_EQ(test, CX4_GET(INIT, iseg, CMD_INTERFACE_REV), 5u);
	KUNIT_EXPECT_EQ(test, CX4_GET(INIT, iseg, FW_REV_SUBMINOR), 0x102u);

	/* ISSI n is bit n counted from the end of the 0x20-0x6f mask. */
	issi[0x6f] = 0x02;
	issi[0x68 + 3] = 0x02;
	KUNIT_EXPECT_EQ(test, cx4_get(issi, cx4_issi_field(0)), 0u);
	KUNIT_EXPECT_EQ(test, cx4_get(issi, cx4_issi_field(1)), 1u);
	KUNIT_EXPECT_EQ(test, cx4_get(issi, cx4_issi_field(33)), 1u);
	KUNIT_EXPECT_EQ(test, cx4_get(issi, cx4_issi_field(32)), 0u);
}

static struct kunit_case cx4_layout_cases[] = {
	KUNIT_CASE(cx4_test_fld_encoding),
	KUNIT_CASE(cx4_test_get),
	KUNIT_CASE(cx4_test_set),
	KUNIT_CASE(cx4_test_64),
	KUNIT_CASE(cx4_test_prm_fields),
	{}
};

static struct kunit_suite cx4_layout_suite = {
	.name = "cx4_layout",
	.test_cases = cx4_layout_cases,
};

kunit_test_suites(&cx4_layout_suite);

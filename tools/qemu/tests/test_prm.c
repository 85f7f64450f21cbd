/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: the layout-checked PRM accessors of include/linux/cx4/prm.h
 * (CX4_GET/SET, CX4_GET64/SET64, CX4_ADDR/CADDR, CX4_MAX) agree with the
 * PRM's big-endian bit numbering and with the older cx4_get()/cx4_set().
 * That a field used on the wrong layout does not compile is checked by
 * the compiler, not here.
 */
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "testutil.h"

static void test_prm_field(void)
{
	uint8_t cqc[CX4_CQC_SIZE] = { 0 };

	CX4_SET(CQC, cqc, LOG_CQ_SIZE, 0x1f);
	CHECK_EQ(CX4_GET(CQC, cqc, LOG_CQ_SIZE), 0x1f);
	CHECK_EQ(CX4_GET(CQC, cqc, LOG_CQ_SIZE), 0x1f);
	/* Bits beyond the field are dropped, neighbours untouched. */
	CX4_SET(CQC, cqc, CQ_PERIOD, 0xffffffff);
	CHECK_EQ(CX4_GET(CQC, cqc, CQ_PERIOD), CX4_MAX(CQC, CQ_PERIOD));
	CHECK_EQ(CX4_GET(CQC, cqc, CQ_MAX_COUNT), 0);
	CHECK_EQ(CX4_GET(CQC, cqc, LOG_CQ_SIZE), 0x1f);
	CHECK_EQ(CX4_MAX(CQC, CQ_PERIOD), 0xfff);
	CHECK_EQ(CX4_SIZE(CQC), sizeof(cqc));
}

static void test_prm_field64(void)
{
	uint8_t cqc[CX4_CQC_SIZE] = { 0 };
	const uint8_t *dbr = cqc + CX4_CQC_OFF_DBR_ADDR;

	CX4_SET64(CQC, cqc, DBR_ADDR, 0x0123456789abcdefull);
	CHECK_EQ(CX4_GET64(CQC, cqc, DBR_ADDR), 0x0123456789abcdefull);
	CHECK_EQ(CX4_GET64(CQC, cqc, DBR_ADDR), 0x0123456789abcdefull);
	/* Big-endian: the most significant byte first. */
	CHECK_EQ(dbr[0], 0x01);
	CHECK_EQ(dbr[7], 0xef);
}

static void test_prm_addr(void)
{
	uint8_t in[CX4_CREATE_CQ_IN_SIZE + CX4_PAS_SIZE] = { 0 };
	const uint8_t *cin = in;
	void *cqc = CX4_ADDR(CREATE_CQ_IN, in, CQC);

	CHECK(cqc == in + 0x10);
	CHECK(CX4_CADDR(CREATE_CQ_IN, cin, CQC) == cqc);
	/* A trailing array starts at the end of the fixed part. */
	CHECK(CX4_ADDR(CREATE_CQ_IN, in, PAS) == in + CX4_CREATE_CQ_IN_SIZE);
	CHECK_EQ(CX4_OFF(CREATE_CQ_IN, PAS), 0x110);
	CX4_SET(CQC, cqc, C_EQN, 7);
	CHECK_EQ(CX4_GET(CQC, CX4_ADDR(CREATE_CQ_IN, in, CQC), C_EQN), 7);
}

static const struct test prm_tests[] = {
	T(test_prm_field),
	T(test_prm_field64),
	T(test_prm_addr),
};

SUITE(prm, prm_tests);

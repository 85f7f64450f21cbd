// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: en/ flow steering match parameters: a group's criteria and an
 * entry's value written from one description land on the PRM Table 409
 * fields, and every value bit lies inside its group's criteria (the
 * device rejects a value outside them).
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/slab.h>

#include "../en/fs.h"

static void cx4_test_match_dmac(struct kunit *test)
{
	static const u8 mac[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	struct cx4_en_match m = { .fields = CX4_EN_M_DMAC };
	u8 *crit = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	u8 *val = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	u8 *o = CX4_ADDR(FTE_MATCH, val, OUTER);

	KUNIT_ASSERT_NOT_NULL(test, crit);
	KUNIT_ASSERT_NOT_NULL(test, val);
	ether_addr_copy(m.dmac, mac);
	cx4_en_match_criteria(crit, m.fields);
	cx4_en_match_value(val, &m);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, DMAC_47_16), 0xffffffffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, DMAC_15_0), 0xffffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, o, DMAC_47_16), 0x02112233u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, o, DMAC_15_0), 0x4455u);
	/* nothing else */
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, ETHERTYPE), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, FIRST_VID), 0u);
}

static void cx4_test_match_mcast(struct kunit *test)
{
	struct cx4_en_match m = { .fields = CX4_EN_M_MCAST };
	u8 *crit = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	u8 *val = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, crit);
	KUNIT_ASSERT_NOT_NULL(test, val);
	cx4_en_match_criteria(crit, m.fields);
	cx4_en_match_value(val, &m);
	/* Only the I/G bit, first byte of the DMAC. */
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, DMAC_47_16), 0x01000000u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, val, DMAC_47_16), 0x01000000u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, DMAC_15_0), 0u);
}

static void cx4_test_match_vlan_ttc(struct kunit *test)
{
	struct cx4_en_match m = {
		.fields = CX4_EN_M_CVLAN | CX4_EN_M_VID | CX4_EN_M_ETHERTYPE |
			  CX4_EN_M_IP_PROTO | CX4_EN_M_FRAG,
		.cvlan = 1, .vid = 0xabc, .ethertype = ETH_P_IPV6,
		.ip_proto = IPPROTO_UDP,
	};
	u8 *crit = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	u8 *val = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, crit);
	KUNIT_ASSERT_NOT_NULL(test, val);
	cx4_en_match_criteria(crit, m.fields);
	cx4_en_match_value(val, &m);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, CVLAN_TAG), 1u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, FIRST_VID), 0xfffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, ETHERTYPE), 0xffffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, IP_PROTOCOL), 0xffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, crit, FRAG), 1u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, val, CVLAN_TAG), 1u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, val, FIRST_VID), 0xabcu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, val, ETHERTYPE), (u32)ETH_P_IPV6);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, val, IP_PROTOCOL), (u32)IPPROTO_UDP);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, val, FRAG), 0u);
	for (i = 0; i < CX4_FTE_MATCH_PARAM_SIZE; i++)
		KUNIT_EXPECT_EQ(test, val[i] & ~crit[i], 0);
	/* An empty description: a match-all group. */
	memset(crit, 0, CX4_FTE_MATCH_PARAM_SIZE);
	cx4_en_match_criteria(crit, 0);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(crit, 0, CX4_FTE_MATCH_PARAM_SIZE));
}

static struct kunit_case cx4_en_fs_cases[] = {
	KUNIT_CASE(cx4_test_match_dmac),
	KUNIT_CASE(cx4_test_match_mcast),
	KUNIT_CASE(cx4_test_match_vlan_ttc),
	{}
};

static struct kunit_suite cx4_en_fs_suite = {
	.name = "cx4_en_fs",
	.test_cases = cx4_en_fs_cases,
};

kunit_test_suites(&cx4_en_fs_suite);

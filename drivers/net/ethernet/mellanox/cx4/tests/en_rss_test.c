// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: en/ rx-flow-hash mapping (rss.c): ethtool flow types to the
 * indirect TIRs' traffic types, RXH_* bits to and from the TIR
 * rx_hash_field_selector selected_fields (PRM Table 47), and what is
 * refused.
 */

#include <kunit/test.h>
#include <linux/ethtool.h>

#include "../en/fs.h"

static void cx4_test_flow_tt(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(TCP_V4_FLOW), CX4_EN_TT_IPV4_TCP);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(TCP_V6_FLOW), CX4_EN_TT_IPV6_TCP);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(UDP_V4_FLOW), CX4_EN_TT_IPV4_UDP);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(UDP_V6_FLOW), CX4_EN_TT_IPV6_UDP);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(IPV4_FLOW), CX4_EN_TT_IPV4);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(IPV6_FLOW), CX4_EN_TT_IPV6);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(UDP_V4_FLOW | FLOW_RSS),
			CX4_EN_TT_IPV4_UDP);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(SCTP_V4_FLOW), -EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(AH_ESP_V6_FLOW), -EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_flow_tt(ETHER_FLOW), -EINVAL);
}

/* Every subset of the four hashable fields maps both ways on TCP/UDP. */
static void cx4_test_rxh_roundtrip(struct kunit *test)
{
	static const u64 bits[] = { RXH_IP_SRC, RXH_IP_DST, RXH_L4_B_0_1,
				    RXH_L4_B_2_3 };
	static const u8 fields[] = { CX4_HASH_FIELD_SRC_IP,
				     CX4_HASH_FIELD_DST_IP,
				     CX4_HASH_FIELD_L4_SPORT,
				     CX4_HASH_FIELD_L4_DPORT };
	u32 set, i;

	for (set = 0; set < 16; set++) {
		u64 rxh = 0;
		int want = 0;

		for (i = 0; i < 4; i++) {
			if (set & BIT(i)) {
				rxh |= bits[i];
				want |= fields[i];
			}
		}
		KUNIT_EXPECT_EQ(test,
				cx4_en_rxh_to_fields(CX4_EN_TT_IPV4_UDP, rxh),
				want);
		KUNIT_EXPECT_EQ(test,
				cx4_en_rxh_to_fields(CX4_EN_TT_IPV6_TCP, rxh),
				want);
		KUNIT_EXPECT_EQ(test, cx4_en_fields_to_rxh(want), rxh);
	}
}

static void cx4_test_rxh_refused(struct kunit *test)
{
	u64 sd = RXH_IP_SRC | RXH_IP_DST;

	/* Ports on the L3-only traffic types. */
	KUNIT_EXPECT_EQ(test, cx4_en_rxh_to_fields(CX4_EN_TT_IPV4, sd),
			CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_DST_IP);
	KUNIT_EXPECT_EQ(test,
			cx4_en_rxh_to_fields(CX4_EN_TT_IPV4, sd | RXH_L4_B_0_1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test,
			cx4_en_rxh_to_fields(CX4_EN_TT_IPV6, RXH_L4_B_2_3),
			-EINVAL);
	/* Fields a TIR cannot hash on. */
	KUNIT_EXPECT_EQ(test,
			cx4_en_rxh_to_fields(CX4_EN_TT_IPV4_TCP, sd | RXH_L2DA),
			-EINVAL);
	KUNIT_EXPECT_EQ(test,
			cx4_en_rxh_to_fields(CX4_EN_TT_IPV4_TCP, RXH_VLAN),
			-EINVAL);
	KUNIT_EXPECT_EQ(test,
			cx4_en_rxh_to_fields(CX4_EN_TT_IPV6_UDP, RXH_L3_PROTO),
			-EINVAL);
	KUNIT_EXPECT_EQ(test,
			cx4_en_rxh_to_fields(CX4_EN_TT_IPV6_UDP, RXH_DISCARD),
			-EINVAL);
	/* IPsec SPI is never reported as an L4 byte selection. */
	KUNIT_EXPECT_EQ(test, cx4_en_fields_to_rxh(CX4_HASH_FIELD_IPSEC_SPI),
			0ull);
}

static struct kunit_case cx4_en_rss_cases[] = {
	KUNIT_CASE(cx4_test_flow_tt),
	KUNIT_CASE(cx4_test_rxh_roundtrip),
	KUNIT_CASE(cx4_test_rxh_refused),
	{}
};

static struct kunit_suite cx4_en_rss_suite = {
	.name = "cx4_en_rss",
	.test_cases = cx4_en_rss_cases,
};

kunit_test_suites(&cx4_en_rss_suite);

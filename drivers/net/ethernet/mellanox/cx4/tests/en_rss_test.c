// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: en/ rx-flow-hash mapping (rss.c): ethtool flow types to the
 * indirect TIRs' traffic types, RXH_* bits to and from the TIR
 * rx_hash_field_selector selected_fields (PRM Table 47), and what is
 * refused; hash functions; RSS contexts (rss_ctx.c): how many the device
 * limits allow, the highest channel of a table.
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

/* ethtool hash functions: Toeplitz and XOR, else refused; both ways. */
static void cx4_test_rss_hfunc(struct kunit *test)
{
	u8 fn = 0xff;

	KUNIT_EXPECT_EQ(test, cx4_en_rss_hfunc(ETH_RSS_HASH_TOP,
					       CX4_TIR_HASH_INVERTED_XOR8, &fn),
			0);
	KUNIT_EXPECT_EQ(test, fn, CX4_TIR_HASH_TOEPLITZ);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_hfunc(ETH_RSS_HASH_XOR,
					       CX4_TIR_HASH_TOEPLITZ, &fn), 0);
	KUNIT_EXPECT_EQ(test, fn, CX4_TIR_HASH_INVERTED_XOR8);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_hfunc(ETH_RSS_HASH_NO_CHANGE,
					       CX4_TIR_HASH_INVERTED_XOR8, &fn),
			0);
	KUNIT_EXPECT_EQ(test, fn, CX4_TIR_HASH_INVERTED_XOR8);
	fn = 0xff;
	KUNIT_EXPECT_EQ(test, cx4_en_rss_hfunc(ETH_RSS_HASH_CRC32,
					       CX4_TIR_HASH_TOEPLITZ, &fn),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_hfunc(ETH_RSS_HASH_TOP |
					       ETH_RSS_HASH_XOR,
					       CX4_TIR_HASH_TOEPLITZ, &fn),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, fn, 0xff);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_hfunc_eth(CX4_TIR_HASH_TOEPLITZ),
			ETH_RSS_HASH_TOP);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_hfunc_eth(CX4_TIR_HASH_INVERTED_XOR8),
			ETH_RSS_HASH_XOR);
}

/*
 * RSS contexts the device holds: at most CX4_EN_RSS_MAX_CTX - 1, one RQT
 * kept for the default RSS, TIRs for the default RSS (6), the direct
 * TIR and its successor, the self-test's and two per channel.
 */
static void cx4_test_rss_ctx_limit(struct kunit *test)
{
	/* The model's caps: plenty of everything. */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(20, 24, 4),
			CX4_EN_RSS_MAX_CTX - 1);
	/* Caps beyond 32 bits do not overflow. */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(40, 63, 2048),
			CX4_EN_RSS_MAX_CTX - 1);
	/* RQTs: 1 (the default's only), 2, 4. */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(0, 24, 4), 0);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(1, 24, 4), 1);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(2, 24, 4), 3);
	/* TIRs: 32 with 4 channels: 32 - (6 + 3 + 8) = 15 left, 2 contexts. */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(20, 5, 4), 2);
	/* 6 more channels take one context's TIRs away... */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(20, 5, 7), 1);
	/* ...and fewer TIRs than the function itself needs: none. */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(20, 4, 4), 0);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_ctx_limit(20, 0, 1), 0);
}

/* The highest channel of a table: what ethtool -L must keep. */
static void cx4_test_rss_indir_max(struct kunit *test)
{
	u32 indir[CX4_EN_RSS_INDIR_SIZE] = {};
	u32 i;

	KUNIT_EXPECT_EQ(test, cx4_en_rss_indir_max(indir, ARRAY_SIZE(indir)),
			0);
	for (i = 0; i < ARRAY_SIZE(indir); i++)
		indir[i] = 2 + i % 2;		/* "equal 2" over channels 2, 3 */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_indir_max(indir, ARRAY_SIZE(indir)),
			3);
	indir[ARRAY_SIZE(indir) - 1] = 9;	/* the last entry counts */
	KUNIT_EXPECT_EQ(test, cx4_en_rss_indir_max(indir, ARRAY_SIZE(indir)),
			9);
	KUNIT_EXPECT_EQ(test, cx4_en_rss_indir_max(indir, ARRAY_SIZE(indir) - 1),
			3);
}

static struct kunit_case cx4_en_rss_cases[] = {
	KUNIT_CASE(cx4_test_flow_tt),
	KUNIT_CASE(cx4_test_rxh_roundtrip),
	KUNIT_CASE(cx4_test_rxh_refused),
	KUNIT_CASE(cx4_test_rss_hfunc),
	KUNIT_CASE(cx4_test_rss_ctx_limit),
	KUNIT_CASE(cx4_test_rss_indir_max),
	{}
};

static struct kunit_suite cx4_en_rss_suite = {
	.name = "cx4_en_rss",
	.test_cases = cx4_en_rss_cases,
};

kunit_test_suites(&cx4_en_rss_suite);

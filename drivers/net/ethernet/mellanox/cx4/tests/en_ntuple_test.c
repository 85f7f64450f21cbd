// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: en/ntuple.c's pure parts: an ethtool flow rule (udp4, tcp6,
 * ether + VLAN, ip4, ip6) into match criteria and value on the PRM Table
 * 409 fields (every value bit inside the criteria), refused flow types,
 * masks and actions, the device's field support (Table 152), the
 * choice of a rule's location, and rules into an RSS context.
 */

#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/slab.h>

#include "../en/fs.h"

struct cx4_nt_buf {
	u8 *crit, *val;
	u8 *c, *v;		/* their outer header sets */
	const char *why;
};

static void cx4_nt_buf(struct kunit *test, struct cx4_nt_buf *b)
{
	b->crit = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	b->val = kunit_kzalloc(test, CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b->crit);
	KUNIT_ASSERT_NOT_NULL(test, b->val);
	b->c = CX4_ADDR(FTE_MATCH, b->crit, OUTER);
	b->v = CX4_ADDR(FTE_MATCH, b->val, OUTER);
	b->why = NULL;
}

/* The big-endian dword at @p (no alignment). */
static u32 cx4_nt_be32(const u8 *p)
{
	__be32 v;

	memcpy(&v, p, sizeof(v));
	return be32_to_cpu(v);
}

static void cx4_nt_inside(struct kunit *test, const struct cx4_nt_buf *b)
{
	u32 i;

	for (i = 0; i < CX4_FTE_MATCH_PARAM_SIZE; i++)
		KUNIT_EXPECT_EQ(test, b->val[i] & ~b->crit[i], 0);
}

static void cx4_test_nt_udp4(struct kunit *test)
{
	struct ethtool_rx_flow_spec fs = { .flow_type = UDP_V4_FLOW };
	u32 off = CX4_FTE_OFF_IPV4_IN_IP;
	struct cx4_nt_buf b;

	cx4_nt_buf(test, &b);
	fs.h_u.udp_ip4_spec.ip4src = htonl(0xc6120001);
	fs.m_u.udp_ip4_spec.ip4src = htonl(0xffffff00);	/* /24 */
	fs.h_u.udp_ip4_spec.ip4dst = htonl(0xc6120002);
	fs.m_u.udp_ip4_spec.ip4dst = htonl(0xffffffff);
	fs.h_u.udp_ip4_spec.pdst = htons(5001);
	fs.m_u.udp_ip4_spec.pdst = htons(0xffff);
	fs.h_u.udp_ip4_spec.tos = 0xb9;
	fs.m_u.udp_ip4_spec.tos = 0xfc;			/* DSCP only */
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, ETHERTYPE), 0xffffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, ETHERTYPE), (u32)ETH_P_IP);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, IP_PROTOCOL), 0xffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, IP_PROTOCOL), (u32)IPPROTO_UDP);
	/* IPv4 addresses in the last four bytes of the 16 (Table 413). */
	KUNIT_EXPECT_EQ(test, cx4_nt_be32(b.c + CX4_FTE_OFF_SRC_IP + off),
			0xffffff00u);
	KUNIT_EXPECT_EQ(test, cx4_nt_be32(b.v + CX4_FTE_OFF_SRC_IP + off),
			0xc6120000u);
	KUNIT_EXPECT_EQ(test, cx4_nt_be32(b.v + CX4_FTE_OFF_DST_IP + off),
			0xc6120002u);
	KUNIT_EXPECT_EQ(test, cx4_nt_be32(b.c + CX4_FTE_OFF_SRC_IP), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, UDP_DPORT), 0xffffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, UDP_DPORT), 5001u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, UDP_SPORT), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, TCP_DPORT), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, IP_DSCP), 0x3fu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, IP_DSCP), 0x2eu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, IP_ECN), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, DMAC_47_16), 0u);
	cx4_nt_inside(test, &b);
}

static void cx4_test_nt_tcp6(struct kunit *test)
{
	struct ethtool_rx_flow_spec fs = { .flow_type = TCP_V6_FLOW };
	struct cx4_nt_buf b;

	cx4_nt_buf(test, &b);
	fs.h_u.tcp_ip6_spec.ip6dst[0] = htonl(0x20010db8);
	fs.h_u.tcp_ip6_spec.ip6dst[3] = htonl(2);
	memset(fs.m_u.tcp_ip6_spec.ip6dst, 0xff, 16);
	fs.h_u.tcp_ip6_spec.psrc = htons(0x1234);
	fs.m_u.tcp_ip6_spec.psrc = htons(0xff00);		/* partial */
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, ETHERTYPE), (u32)ETH_P_IPV6);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, IP_PROTOCOL), (u32)IPPROTO_TCP);
	KUNIT_EXPECT_EQ(test, cx4_nt_be32(b.v + CX4_FTE_OFF_DST_IP),
			0x20010db8u);
	KUNIT_EXPECT_EQ(test, b.v[CX4_FTE_OFF_DST_IP + CX4_FTE_IP_LEN - 1], 2);
	KUNIT_EXPECT_EQ(test, cx4_nt_be32(b.c + CX4_FTE_OFF_DST_IP),
			0xffffffffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, TCP_SPORT), 0xff00u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, TCP_SPORT), 0x1200u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, UDP_SPORT), 0u);
	KUNIT_EXPECT_NULL(test, memchr_inv(b.c + CX4_FTE_OFF_SRC_IP, 0,
					   CX4_FTE_IP_LEN));
	cx4_nt_inside(test, &b);
}

static void cx4_test_nt_ether_vlan(struct kunit *test)
{
	static const u8 mac[ETH_ALEN] = { 0x02, 0xc4, 0, 0x12, 0x34, 0x57 };
	struct ethtool_rx_flow_spec fs = { .flow_type = ETHER_FLOW | FLOW_EXT };
	struct cx4_nt_buf b;

	cx4_nt_buf(test, &b);
	ether_addr_copy(fs.h_u.ether_spec.h_source, mac);
	eth_broadcast_addr(fs.m_u.ether_spec.h_source);
	fs.h_u.ether_spec.h_proto = htons(0x88b5);
	fs.m_u.ether_spec.h_proto = htons(0xffff);
	fs.h_ext.vlan_tci = htons(0x2064);		/* prio 1, VID 100 */
	fs.m_ext.vlan_tci = htons(0x0fff);
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, SMAC_47_16), 0xffffffffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, SMAC_47_16), 0x02c40012u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, SMAC_15_0), 0x3457u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, DMAC_47_16), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, ETHERTYPE), 0x88b5u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, IP_PROTOCOL), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, CVLAN_TAG), 1u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, CVLAN_TAG), 1u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, FIRST_VID), 0xfffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, FIRST_VID), 100u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, FIRST_PRIO), 0u);
	cx4_nt_inside(test, &b);
}

static void cx4_test_nt_ip_user(struct kunit *test)
{
	struct ethtool_rx_flow_spec fs = { .flow_type = IP_USER_FLOW };
	u32 off = CX4_FTE_OFF_IPV4_IN_IP;
	struct cx4_nt_buf b;

	cx4_nt_buf(test, &b);
	fs.h_u.usr_ip4_spec.ip_ver = ETH_RX_NFC_IP4;
	fs.h_u.usr_ip4_spec.proto = IPPROTO_ICMP;
	fs.m_u.usr_ip4_spec.proto = 0xff;
	fs.h_u.usr_ip4_spec.ip4src = htonl(0xc6120001);
	fs.m_u.usr_ip4_spec.ip4src = htonl(0xffffffff);
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, ETHERTYPE), (u32)ETH_P_IP);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, IP_PROTOCOL), 0xffu);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, IP_PROTOCOL), (u32)IPPROTO_ICMP);
	KUNIT_EXPECT_EQ(test, cx4_nt_be32(b.v + CX4_FTE_OFF_SRC_IP + off),
			0xc6120001u);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, UDP_DPORT), 0u);
	cx4_nt_inside(test, &b);

	/* ip6 without a protocol: the ethertype and the address only */
	cx4_nt_buf(test, &b);
	memset(&fs, 0, sizeof(fs));
	fs.flow_type = IPV6_USER_FLOW;
	fs.h_u.usr_ip6_spec.ip6dst[3] = htonl(2);
	memset(fs.m_u.usr_ip6_spec.ip6dst, 0xff, CX4_FTE_IP_LEN);
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.v, ETHERTYPE), (u32)ETH_P_IPV6);
	KUNIT_EXPECT_EQ(test, CX4_GET(FTE, b.c, IP_PROTOCOL), 0u);
	KUNIT_EXPECT_EQ(test, b.v[CX4_FTE_OFF_DST_IP + CX4_FTE_IP_LEN - 1], 2);
	cx4_nt_inside(test, &b);
}

static void cx4_test_nt_refused(struct kunit *test)
{
	struct ethtool_rx_flow_spec fs = {};
	struct cx4_nt_buf b;

	cx4_nt_buf(test, &b);
	fs.flow_type = SCTP_V4_FLOW;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EOPNOTSUPP);
	KUNIT_EXPECT_NOT_NULL(test, b.why);
	fs.flow_type = AH_V6_FLOW;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EOPNOTSUPP);
	/* ip4: the L4 bytes are not matched; IP version 4 only */
	fs.flow_type = IP_USER_FLOW;
	fs.h_u.usr_ip4_spec.ip_ver = ETH_RX_NFC_IP4;
	fs.m_u.usr_ip4_spec.l4_4_bytes = htonl(0xffff0000);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EOPNOTSUPP);
	fs.m_u.usr_ip4_spec.l4_4_bytes = 0;
	fs.h_u.usr_ip4_spec.ip_ver = 6;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EINVAL);
	memset(&fs, 0, sizeof(fs));
	fs.flow_type = IPV6_USER_FLOW;
	fs.m_u.usr_ip6_spec.l4_4_bytes = htonl(1);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EOPNOTSUPP);
	memset(&fs, 0, sizeof(fs));
	/* user-def data, a partial VID, the CFI bit */
	fs.flow_type = UDP_V4_FLOW | FLOW_EXT;
	fs.m_ext.data[1] = htonl(1);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EOPNOTSUPP);
	fs.m_ext.data[1] = 0;
	fs.m_ext.vlan_tci = htons(0x00ff);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EOPNOTSUPP);
	fs.m_ext.vlan_tci = htons(VLAN_CFI_MASK);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EOPNOTSUPP);
	/* dst-mac extension of an ether rule */
	memset(&fs, 0, sizeof(fs));
	fs.flow_type = ETHER_FLOW | FLOW_MAC_EXT;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why),
			-EINVAL);
}

static void cx4_test_nt_action(struct kunit *test)
{
	struct ethtool_rx_flow_spec fs = { .ring_cookie = 1 };
	const char *why = NULL;
	bool drop;

	KUNIT_EXPECT_EQ(test, cx4_en_nt_action(&fs, 2, &drop, &why), 1);
	KUNIT_EXPECT_FALSE(test, drop);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_action(&fs, 1, &drop, &why), -EINVAL);
	fs.ring_cookie = RX_CLS_FLOW_DISC;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_action(&fs, 1, &drop, &why), 0);
	KUNIT_EXPECT_TRUE(test, drop);
	/* a VF's queue */
	fs.ring_cookie = 1ull << ETHTOOL_RX_FLOW_SPEC_RING_VF_OFF;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_action(&fs, 4, &drop, &why),
			-EOPNOTSUPP);
}

static void cx4_test_nt_loc(struct kunit *test)
{
	DECLARE_BITMAP(used, 8);

	bitmap_zero(used, 8);
	__set_bit(0, used);
	__set_bit(7, used);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(RX_CLS_LOC_ANY, used, 8), 1);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(RX_CLS_LOC_FIRST, used, 8), 1);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(RX_CLS_LOC_LAST, used, 8), 6);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(3, used, 8), 3);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(7, used, 8), -EEXIST);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(8, used, 8), -EINVAL);
	bitmap_fill(used, 8);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(RX_CLS_LOC_ANY, used, 8), -ENOSPC);
	KUNIT_EXPECT_EQ(test, cx4_en_nt_loc(RX_CLS_LOC_LAST, used, 8), -ENOSPC);
}

static void cx4_test_nt_fields(struct kunit *test)
{
	struct ethtool_rx_flow_spec fs = { .flow_type = TCP_V4_FLOW };
	u8 full[CX4_FT_FIELD_SIZE] = {}, part[CX4_FT_FIELD_SIZE] = {};
	const char *why = NULL;
	struct cx4_nt_buf b;

	cx4_nt_buf(test, &b);
	fs.m_u.tcp_ip4_spec.ip4dst = htonl(0xffffffff);
	fs.m_u.tcp_ip4_spec.pdst = htons(0xffff);
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	/* ethertype, protocol, destination IP and port in full */
	KUNIT_EXPECT_FALSE(test, cx4_en_nt_fields_ok(b.crit, full, part, &why));
	cx4_set(full, CX4_FT_FIELD_OUTER_ETHER_TYPE, 1);
	cx4_set(full, CX4_FT_FIELD_OUTER_IP_PROTOCOL, 1);
	cx4_set(full, CX4_FT_FIELD_OUTER_TCP_DPORT, 1);
	KUNIT_EXPECT_FALSE(test, cx4_en_nt_fields_ok(b.crit, full, part, &why));
	cx4_set(full, CX4_FT_FIELD_OUTER_DIP, 1);
	KUNIT_EXPECT_TRUE(test, cx4_en_nt_fields_ok(b.crit, full, part, &why));
	/* a /24 needs the partial-mask bit */
	memset(b.crit, 0, CX4_FTE_MATCH_PARAM_SIZE);
	memset(b.val, 0, CX4_FTE_MATCH_PARAM_SIZE);
	fs.m_u.tcp_ip4_spec.ip4dst = htonl(0xffffff00);
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	KUNIT_EXPECT_FALSE(test, cx4_en_nt_fields_ok(b.crit, full, part, &why));
	cx4_set(part, CX4_FT_FIELD_OUTER_DIP, 1);
	KUNIT_EXPECT_TRUE(test, cx4_en_nt_fields_ok(b.crit, full, part, &why));
}

/*
 * A rule into an RSS context: the same match as without FLOW_RSS, the
 * context's TIR of its traffic type; no drop, no queue offset, no ether.
 */
static void cx4_test_nt_ctx(struct kunit *test)
{
	struct ethtool_rx_flow_spec fs = { .flow_type = UDP_V4_FLOW };
	static const struct {
		u32 flow_type;
		int tt;
	} types[] = {
		{ TCP_V4_FLOW, CX4_EN_TT_IPV4_TCP },
		{ UDP_V4_FLOW, CX4_EN_TT_IPV4_UDP },
		{ TCP_V6_FLOW, CX4_EN_TT_IPV6_TCP },
		{ UDP_V6_FLOW, CX4_EN_TT_IPV6_UDP },
		{ IP_USER_FLOW, CX4_EN_TT_IPV4 },
		{ IPV6_USER_FLOW, CX4_EN_TT_IPV6 },
		{ ETHER_FLOW, -EOPNOTSUPP },
		{ SCTP_V4_FLOW, -EOPNOTSUPP },
	};
	struct cx4_nt_buf a, b;
	u32 i;

	cx4_nt_buf(test, &a);
	cx4_nt_buf(test, &b);
	fs.h_u.udp_ip4_spec.pdst = htons(7001);
	fs.m_u.udp_ip4_spec.pdst = htons(0xffff);
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, a.crit, a.val, &a.why), 0);
	fs.flow_type |= FLOW_RSS | FLOW_EXT;
	KUNIT_ASSERT_EQ(test, cx4_en_nt_parse(&fs, b.crit, b.val, &b.why), 0);
	KUNIT_EXPECT_MEMEQ(test, a.crit, b.crit, CX4_FTE_MATCH_PARAM_SIZE);
	KUNIT_EXPECT_MEMEQ(test, a.val, b.val, CX4_FTE_MATCH_PARAM_SIZE);
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		fs.flow_type = types[i].flow_type | FLOW_RSS;
		b.why = NULL;
		KUNIT_EXPECT_EQ(test, cx4_en_nt_ctx_tt(&fs, &b.why),
				types[i].tt);
		KUNIT_EXPECT_EQ(test, !b.why, types[i].tt >= 0);
	}
	fs.flow_type = TCP_V6_FLOW | FLOW_RSS | FLOW_EXT | FLOW_MAC_EXT;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_ctx_tt(&fs, &b.why),
			CX4_EN_TT_IPV6_TCP);
	fs.flow_type = UDP_V4_FLOW | FLOW_RSS;
	fs.ring_cookie = RX_CLS_FLOW_DISC;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_ctx_tt(&fs, &b.why), -EINVAL);
	fs.ring_cookie = 1;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_ctx_tt(&fs, &b.why), -EINVAL);
	fs.ring_cookie = 1ull << ETHTOOL_RX_FLOW_SPEC_RING_VF_OFF;
	KUNIT_EXPECT_EQ(test, cx4_en_nt_ctx_tt(&fs, &b.why), -EINVAL);
}

static struct kunit_case cx4_en_ntuple_cases[] = {
	KUNIT_CASE(cx4_test_nt_udp4),
	KUNIT_CASE(cx4_test_nt_tcp6),
	KUNIT_CASE(cx4_test_nt_ether_vlan),
	KUNIT_CASE(cx4_test_nt_ip_user),
	KUNIT_CASE(cx4_test_nt_refused),
	KUNIT_CASE(cx4_test_nt_action),
	KUNIT_CASE(cx4_test_nt_loc),
	KUNIT_CASE(cx4_test_nt_ctx),
	KUNIT_CASE(cx4_test_nt_fields),
	{}
};

static struct kunit_suite cx4_en_ntuple_suite = {
	.name = "cx4_en_ntuple",
	.test_cases = cx4_en_ntuple_cases,
};

kunit_test_suites(&cx4_en_ntuple_suite);

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: port state change EQE parsing (Table 88 sub-types) and the
 * permanent MAC address of a NIC vport context (Table 19 layout),
 * including the rejection of zero and multicast addresses.
 */

#include <kunit/test.h>
#include <linux/string.h>

#include "../core/core.h"

static enum cx4_port_ev cx4_test_port_ev(u32 subtype, u32 port)
{
	u8 eqe[CX4_EQE_SIZE] = {};

	CX4_SET(EQE, eqe, EVENT_TYPE, CX4_EVENT_PORT_STATE_CHANGE);
	CX4_SET(EQE, eqe, EVENT_SUB_TYPE, subtype);
	CX4_SET(EQE, eqe, PORT_NUM, port);
	return cx4_port_event_parse(eqe);
}

static void cx4_test_port_subtypes(struct kunit *test)
{
	u32 st;

	KUNIT_EXPECT_EQ(test, cx4_test_port_ev(0x1, 1), CX4_PORT_EV_DOWN);
	KUNIT_EXPECT_EQ(test, cx4_test_port_ev(0x4, 1), CX4_PORT_EV_UP);
	KUNIT_EXPECT_EQ(test, cx4_test_port_ev(0x5, 1), CX4_PORT_EV_OTHER);
	for (st = 0; st <= 0xff; st++) {
		if (st == 0x1 || st == 0x4 || st == 0x5)
			continue;
		KUNIT_EXPECT_EQ(test, cx4_test_port_ev(st, 1), CX4_PORT_EV_BAD);
	}
}

/* The sub-type is read from its own bits only. */
static void cx4_test_port_fields(struct kunit *test)
{
	u8 eqe[CX4_EQE_SIZE];

	memset(eqe, 0xff, sizeof(eqe));
	CX4_SET(EQE, eqe, EVENT_SUB_TYPE, CX4_PORT_CHANGE_ACTIVE);
	KUNIT_EXPECT_EQ(test, cx4_port_event_parse(eqe), CX4_PORT_EV_UP);
	KUNIT_EXPECT_EQ(test, cx4_test_port_ev(0x1, 15), CX4_PORT_EV_DOWN);
}

static int cx4_test_mac(const u8 want[ETH_ALEN], u8 got[ETH_ALEN])
{
	u8 ctx[CX4_NIC_VPORT_CTX_SIZE];
	u8 *a = CX4_ADDR(NIC_VPORT, ctx, PERMANENT_ADDRESS);

	/* Reserved bits around the address set: they must not leak in. */
	memset(ctx, 0xff, sizeof(ctx));
	CX4_SET(MAC_ADDR, a, 47_32, (u32)want[0] << 8 | want[1]);
	CX4_SET(MAC_ADDR, a, 31_0,
		(u32)want[2] << 24 | (u32)want[3] << 16 | (u32)want[4] << 8 | want[5]);
	cx4_vport_mac(ctx, got);
	return cx4_port_check_mac(got);
}

static void cx4_test_mac_unicast(struct kunit *test)
{
	static const u8 macs[][ETH_ALEN] = {
		{ 0x02, 0xc4, 0x00, 0x12, 0x34, 0x56 },
		{ 0x52, 0x54, 0x00, 0x12, 0x34, 0x57 },
		{ 0x00, 0x00, 0x00, 0x00, 0x00, 0x01 },
		{ 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff },
	};
	u8 got[ETH_ALEN];
	u32 i;

	for (i = 0; i < ARRAY_SIZE(macs); i++) {
		KUNIT_EXPECT_EQ(test, cx4_test_mac(macs[i], got), 0);
		KUNIT_EXPECT_EQ(test, memcmp(got, macs[i], ETH_ALEN), 0);
	}
}

static void cx4_test_mac_rejected(struct kunit *test)
{
	static const u8 macs[][ETH_ALEN] = {
		{ 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 },	/* zero */
		{ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },	/* broadcast */
		{ 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 },	/* IPv4 multicast */
		{ 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 },	/* IPv6 multicast */
	};
	u8 got[ETH_ALEN];
	u32 i;

	for (i = 0; i < ARRAY_SIZE(macs); i++) {
		KUNIT_EXPECT_EQ(test, cx4_test_mac(macs[i], got), -EINVAL);
		KUNIT_EXPECT_EQ(test, memcmp(got, macs[i], ETH_ALEN), 0);
	}
}

static struct kunit_case cx4_port_cases[] = {
	KUNIT_CASE(cx4_test_port_subtypes),
	KUNIT_CASE(cx4_test_port_fields),
	KUNIT_CASE(cx4_test_mac_unicast),
	KUNIT_CASE(cx4_test_mac_rejected),
	{}
};

static struct kunit_suite cx4_port_suite = {
	.name = "cx4_port",
	.test_cases = cx4_port_cases,
};

kunit_test_suites(&cx4_port_suite);

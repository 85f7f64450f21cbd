// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the PTYS protocol bits (PRM Table 108) <-> ethtool link modes
 * mapping of en/port.c, and the PPCNT counter tables of en/stats.c
 * (offsets inside the counter set, aligned, unique names that fit
 * ETH_GSTRING_LEN, the per priority and 32-bit entries).
 */

#include <kunit/test.h>
#include <linux/ethtool.h>
#include <linux/linkmode.h>
#include <linux/string.h>
#include <linux/cx4/prm_reg.h>

#include "../en/en.h"
#include "../en/port.h"

#define CX4_TEST_ALL_PROTOS	0xffffffffu

/* Every protocol maps to its modes and back to exactly itself. */
static void cx4_test_ptys_roundtrip(struct kunit *test)
{
	__ETHTOOL_DECLARE_LINK_MODE_MASK(modes);
	unsigned int i;

	for (i = 0; i < cx4_en_ptys_nprotos; i++) {
		const struct cx4_en_ptys_proto *p = &cx4_en_ptys_protos[i];
		u32 back;

		KUNIT_EXPECT_EQ(test, hweight32(p->proto), 1);
		linkmode_zero(modes);
		cx4_en_ptys_to_modes(p->proto, modes);
		KUNIT_EXPECT_FALSE(test, linkmode_empty(modes));
		/* Against its own capability: only itself. */
		KUNIT_EXPECT_EQ(test, cx4_en_modes_to_ptys(modes, p->proto),
				p->proto);
		back = cx4_en_modes_to_ptys(modes, CX4_TEST_ALL_PROTOS);
		KUNIT_EXPECT_TRUE(test, back & p->proto);
		KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(p->proto), p->speed);
		KUNIT_EXPECT_TRUE(test, cx4_en_modes_known(modes, p->proto));
	}
}

/* Known values of Table 108. */
static void cx4_test_ptys_values(struct kunit *test)
{
	__ETHTOOL_DECLARE_LINK_MODE_MASK(modes);

	KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(CX4_ETH_PROTO_100GBASE_CR4),
			SPEED_100000);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(CX4_ETH_PROTO_25GBASE_SR),
			SPEED_25000);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(CX4_ETH_PROTO_50GBASE_KR2),
			SPEED_50000);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(CX4_ETH_PROTO_1000BASE_KX),
			SPEED_1000);

	/* One bit, two modes: 10GBase-ER/LR. */
	linkmode_zero(modes);
	cx4_en_ptys_to_modes(CX4_ETH_PROTO_10GBASE_ER_LR, modes);
	KUNIT_EXPECT_TRUE(test, test_bit(ETHTOOL_LINK_MODE_10000baseLR_Full_BIT, modes));
	KUNIT_EXPECT_TRUE(test, test_bit(ETHTOOL_LINK_MODE_10000baseER_Full_BIT, modes));
	linkmode_zero(modes);
	__set_bit(ETHTOOL_LINK_MODE_10000baseER_Full_BIT, modes);
	KUNIT_EXPECT_EQ(test, cx4_en_modes_to_ptys(modes, CX4_TEST_ALL_PROTOS),
			(u32)CX4_ETH_PROTO_10GBASE_ER_LR);

	/* Two bits, one mode: 10GBase-CX4 and -KX4 are both 10000baseKX4. */
	linkmode_zero(modes);
	__set_bit(ETHTOOL_LINK_MODE_10000baseKX4_Full_BIT, modes);
	KUNIT_EXPECT_EQ(test, cx4_en_modes_to_ptys(modes, CX4_TEST_ALL_PROTOS),
			(u32)(CX4_ETH_PROTO_10GBASE_CX4 | CX4_ETH_PROTO_10GBASE_KX4));
	KUNIT_EXPECT_EQ(test, cx4_en_modes_to_ptys(modes, CX4_ETH_PROTO_10GBASE_KX4),
			(u32)CX4_ETH_PROTO_10GBASE_KX4);

	/* A mode the capability lacks selects nothing and is not known. */
	linkmode_zero(modes);
	__set_bit(ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT, modes);
	KUNIT_EXPECT_EQ(test, cx4_en_modes_to_ptys(modes, CX4_ETH_PROTO_25GBASE_CR), 0u);
	KUNIT_EXPECT_FALSE(test, cx4_en_modes_known(modes, CX4_ETH_PROTO_25GBASE_CR));
	/* A mode no protocol has (1000baseT_Half) is never known. */
	linkmode_zero(modes);
	__set_bit(ETHTOOL_LINK_MODE_1000baseT_Half_BIT, modes);
	KUNIT_EXPECT_FALSE(test, cx4_en_modes_known(modes, CX4_TEST_ALL_PROTOS));
	/* Non-speed modes are accepted alongside. */
	linkmode_zero(modes);
	__set_bit(ETHTOOL_LINK_MODE_25000baseCR_Full_BIT, modes);
	__set_bit(ETHTOOL_LINK_MODE_Autoneg_BIT, modes);
	__set_bit(ETHTOOL_LINK_MODE_Pause_BIT, modes);
	__set_bit(ETHTOOL_LINK_MODE_FIBRE_BIT, modes);
	KUNIT_EXPECT_TRUE(test, cx4_en_modes_known(modes, CX4_ETH_PROTO_25GBASE_CR));
	KUNIT_EXPECT_EQ(test, cx4_en_modes_to_ptys(modes, CX4_TEST_ALL_PROTOS),
			(u32)CX4_ETH_PROTO_25GBASE_CR);
}

/* Operational protocol: exactly one known bit, else unknown speed. */
static void cx4_test_ptys_oper(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(0), (u32)SPEED_UNKNOWN);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(CX4_ETH_PROTO_25GBASE_CR |
						CX4_ETH_PROTO_10GBASE_CR),
			(u32)SPEED_UNKNOWN);
	/* Bit 5 is not in Table 108. */
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_speed(BIT(5)), (u32)SPEED_UNKNOWN);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_port(CX4_ETH_PROTO_25GBASE_CR), PORT_DA);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_port(CX4_ETH_PROTO_25GBASE_SR), PORT_FIBRE);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_port(CX4_ETH_PROTO_25GBASE_KR), PORT_NONE);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_port(CX4_ETH_PROTO_25GBASE_KR |
					       CX4_ETH_PROTO_25GBASE_SR), PORT_OTHER);
	KUNIT_EXPECT_EQ(test, cx4_en_ptys_port(0), PORT_NONE);
}

/* PPCNT tables: in the counter set, aligned, unique shown names that fit. */
static void cx4_test_ppcnt_tables(struct kunit *test)
{
	char name[ETH_GSTRING_LEN], other[ETH_GSTRING_LEN];
	unsigned int g, i, h, j;

	for (g = 0; g < cx4_en_ppcnt_ngrps; g++) {
		const struct cx4_en_ppcnt_grp *grp = &cx4_en_ppcnt_grps[g];

		KUNIT_EXPECT_GT(test, grp->n, 0u);
		for (i = 0; i < grp->n; i++) {
			const struct cx4_en_ppcnt_stat *s = &grp->stats[i];

			unsigned int w = s->flags & CX4_EN_STAT_DW ? 4 : 8;

			KUNIT_EXPECT_EQ(test, s->off % w, 0);
			KUNIT_EXPECT_LE(test, s->off + w, CX4_PPCNT_COUNTER_SET_SIZE);
			/* "rx_prio7_" is 9 characters; the name must fit whole. */
			KUNIT_EXPECT_LT(test, strlen(s->name) +
					(grp->grp == CX4_PPCNT_GRP_PER_PRIO ? 9 : 0),
					ETH_GSTRING_LEN);
			if (i)
				KUNIT_EXPECT_GT(test, s->off, grp->stats[i - 1].off);
			cx4_en_ppcnt_name(grp, s, name);
			for (h = 0; h <= g; h++) {
				const struct cx4_en_ppcnt_grp *og = &cx4_en_ppcnt_grps[h];

				for (j = 0; j < (h == g ? i : og->n); j++) {
					cx4_en_ppcnt_name(og, &og->stats[j], other);
					KUNIT_EXPECT_STRNEQ(test, name, other);
				}
			}
		}
	}
}

/* The name of the counter at @off of group @grp (priority @prio), or "". */
static void cx4_test_name_at(char *name, u8 grp, u8 prio, u16 off)
{
	unsigned int g, i;

	name[0] = 0;
	for (g = 0; g < cx4_en_ppcnt_ngrps; g++) {
		const struct cx4_en_ppcnt_grp *gr = &cx4_en_ppcnt_grps[g];

		if (gr->grp != grp || gr->prio != prio)
			continue;
		for (i = 0; i < gr->n; i++)
			if (gr->stats[i].off == off)
				cx4_en_ppcnt_name(gr, &gr->stats[i], name);
	}
}

/*
 * Shown names: a per priority counter is <dir>_prio<N>_<name> with the
 * direction of its flag; the physical layer group's one counter is a
 * 32-bit one (Documentation/ethtool.md lists every name).
 */
static void cx4_test_ppcnt_names(struct kunit *test)
{
	char name[ETH_GSTRING_LEN];
	unsigned int g;

	cx4_test_name_at(name, CX4_PPCNT_GRP_PER_PRIO, 3, CX4_PPCNT_PRIO_TX_OCTETS);
	KUNIT_EXPECT_STREQ(test, name, "tx_prio3_bytes");
	cx4_test_name_at(name, CX4_PPCNT_GRP_PER_PRIO, 7, CX4_PPCNT_PRIO_RX_PAUSE_TRANSITION);
	KUNIT_EXPECT_STREQ(test, name, "rx_prio7_pause_transition");
	cx4_test_name_at(name, CX4_PPCNT_GRP_IEEE_802_3, 0, CX4_PPCNT_A_FRAMES_RECEIVED_OK);
	KUNIT_EXPECT_STREQ(test, name, "rx_packets_phy");
	cx4_test_name_at(name, CX4_PPCNT_GRP_PHYS_LAYER, 0,
			 CX4_FLD_OFF(CX4_PPCNT_PHY_LINK_DOWN_EVENTS));
	KUNIT_EXPECT_STREQ(test, name, "link_down_events_phy");
	for (g = 0; g < cx4_en_ppcnt_ngrps; g++)
		if (cx4_en_ppcnt_grps[g].grp == CX4_PPCNT_GRP_PHYS_LAYER)
			KUNIT_EXPECT_TRUE(test, cx4_en_ppcnt_grps[g].stats[0].flags &
					  CX4_EN_STAT_DW);
}

static struct kunit_case cx4_en_port_cases[] = {
	KUNIT_CASE(cx4_test_ptys_roundtrip),
	KUNIT_CASE(cx4_test_ptys_values),
	KUNIT_CASE(cx4_test_ptys_oper),
	KUNIT_CASE(cx4_test_ppcnt_tables),
	KUNIT_CASE(cx4_test_ppcnt_names),
	{}
};

static struct kunit_suite cx4_en_port_suite = {
	.name = "cx4_en_port",
	.test_cases = cx4_en_port_cases,
};

kunit_test_suites(&cx4_en_port_suite);

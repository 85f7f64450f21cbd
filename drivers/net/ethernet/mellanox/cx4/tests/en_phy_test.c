// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the pure parts of en/phy.c: module kinds and ethtool's linear
 * module EEPROM layout (SFF-8636/8436, SFF-8472/8079), the PPLM FEC <->
 * ethtool mapping, and the PDDR link-down reasons.
 */

#include <kunit/test.h>
#include <linux/ethtool.h>
#include <linux/cx4/prm_reg.h>

#include "../en/en.h"
#include "../en/port.h"

struct cx4_test_kind {
	u8 id[3];	/* identifier, revision, status */
	u8 diag;	/* SFF-8472 byte 92 */
	int err;
	u32 type, len;
};

static const struct cx4_test_kind cx4_test_kinds[] = {
	{ { CX4_SFF_ID_QSFP28, 0x07, CX4_QSFP_STATUS_FLAT_MEM }, 0, 0,
	  ETH_MODULE_SFF_8636, ETH_MODULE_SFF_8636_LEN },
	{ { CX4_SFF_ID_QSFP28, 0x07, 0 }, 0, 0,
	  ETH_MODULE_SFF_8636, ETH_MODULE_SFF_8636_MAX_LEN },
	{ { CX4_SFF_ID_QSFP_PLUS, 0x02, 0 }, 0, 0,
	  ETH_MODULE_SFF_8436, ETH_MODULE_SFF_8436_MAX_LEN },
	{ { CX4_SFF_ID_QSFP_PLUS, CX4_QSFP_REV_SFF_8636, 0 }, 0, 0,
	  ETH_MODULE_SFF_8636, ETH_MODULE_SFF_8636_MAX_LEN },
	{ { CX4_SFF_ID_QSFP, 0, CX4_QSFP_STATUS_FLAT_MEM }, 0, 0,
	  ETH_MODULE_SFF_8436, ETH_MODULE_SFF_8436_LEN },
	{ { CX4_SFF_ID_SFP, 0x04, 0 }, 0, 0,
	  ETH_MODULE_SFF_8079, ETH_MODULE_SFF_8079_LEN },
	{ { CX4_SFF_ID_SFP, 0x04, 0 }, CX4_SFP_DIAG_IMPLEMENTED, 0,
	  ETH_MODULE_SFF_8472, ETH_MODULE_SFF_8472_LEN },
	{ { 0x18, 0, 0 }, 0, -EOPNOTSUPP, 0, 0 },	/* QSFP-DD: CMIS */
	{ { 0x00, 0, 0 }, 0, -EOPNOTSUPP, 0, 0 },	/* unknown */
};

static void cx4_test_module_kind(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cx4_test_kinds); i++) {
		const struct cx4_test_kind *k = &cx4_test_kinds[i];
		u32 type = 0, len = 0;

		KUNIT_EXPECT_EQ_MSG(test, cx4_en_module_kind(k->id, k->diag,
							     &type, &len),
				    k->err, "case %u", i);
		if (k->err)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, type, k->type, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, len, k->len, "case %u", i);
	}
}

struct cx4_test_loc {
	u32 type, off;
	int err;
	u8 i2c, page;
	u16 addr, room;
};

static const struct cx4_test_loc cx4_test_locs[] = {
	{ ETH_MODULE_SFF_8636, 0, 0, CX4_MCIA_I2C_LOW, 0, 0, 128 },
	{ ETH_MODULE_SFF_8636, 130, 0, CX4_MCIA_I2C_LOW, 0, 130, 126 },
	{ ETH_MODULE_SFF_8636, 255, 0, CX4_MCIA_I2C_LOW, 0, 255, 1 },
	{ ETH_MODULE_SFF_8636, 256, 0, CX4_MCIA_I2C_LOW, 1, 128, 128 },
	{ ETH_MODULE_SFF_8436, 400, 0, CX4_MCIA_I2C_LOW, 2, 144, 112 },
	{ ETH_MODULE_SFF_8636, 639, 0, CX4_MCIA_I2C_LOW, 3, 255, 1 },
	{ ETH_MODULE_SFF_8636, 640, -EINVAL },
	{ ETH_MODULE_SFF_8079, 100, 0, CX4_MCIA_I2C_LOW, 0, 100, 28 },
	{ ETH_MODULE_SFF_8079, 256, -EINVAL },
	{ ETH_MODULE_SFF_8472, 300, 0, CX4_MCIA_I2C_HIGH, 0, 44, 84 },
	{ ETH_MODULE_SFF_8472, 511, 0, CX4_MCIA_I2C_HIGH, 0, 255, 1 },
	{ ETH_MODULE_SFF_8472, 512, -EINVAL },
	{ 0, 0, -EINVAL },
};

static void cx4_test_module_locate(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cx4_test_locs); i++) {
		const struct cx4_test_loc *l = &cx4_test_locs[i];
		struct cx4_en_module_loc loc = {};

		KUNIT_EXPECT_EQ_MSG(test, cx4_en_module_locate(l->type, l->off,
							       &loc),
				    l->err, "case %u", i);
		if (l->err)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, loc.i2c, l->i2c, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, loc.page, l->page, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, loc.addr, l->addr, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, loc.room, l->room, "case %u", i);
	}
}

#define CX4_TEST_NB	(CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_FIRECODE)
#define CX4_TEST_NBR	(CX4_TEST_NB | CX4_PPLM_FEC_RS_528)
#define CX4_TEST_NR	(CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_RS_528)

/* The capabilities of the ConnectX-4 model (10/40G, 25G, 50G, 56G, 100G). */
static const struct cx4_en_fec cx4_test_cx4_caps = {
	.cap = { CX4_TEST_NB, CX4_TEST_NBR, CX4_TEST_NBR, 0, CX4_TEST_NR },
};

static void cx4_test_fec_admin(struct kunit *test)
{
	struct cx4_en_fec f = cx4_test_cx4_caps;
	static const u8 rs[] = { 0, CX4_PPLM_FEC_RS_528, CX4_PPLM_FEC_RS_528,
				 0, CX4_PPLM_FEC_RS_528 };
	static const u8 baser[] = { CX4_PPLM_FEC_FIRECODE, CX4_PPLM_FEC_FIRECODE,
				    CX4_PPLM_FEC_FIRECODE, 0, 0 };
	static const u8 off[] = { CX4_PPLM_FEC_NONE, CX4_PPLM_FEC_NONE,
				  CX4_PPLM_FEC_NONE, 0, CX4_PPLM_FEC_NONE };

	KUNIT_EXPECT_EQ(test, cx4_en_fec_configured(&f), ETHTOOL_FEC_AUTO);

	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_RS, &f), 0);
	KUNIT_EXPECT_MEMEQ(test, f.admin, rs, sizeof(rs));
	/* 10G/40G has no RS: left to the port. */
	KUNIT_EXPECT_EQ(test, cx4_en_fec_configured(&f),
			ETHTOOL_FEC_AUTO | ETHTOOL_FEC_RS);

	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_BASER, &f), 0);
	KUNIT_EXPECT_MEMEQ(test, f.admin, baser, sizeof(baser));

	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_OFF, &f), 0);
	KUNIT_EXPECT_MEMEQ(test, f.admin, off, sizeof(off));
	KUNIT_EXPECT_EQ(test, cx4_en_fec_configured(&f), ETHTOOL_FEC_OFF);

	/* Refused: nothing changed. */
	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_LLRS, &f),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_AUTO | ETHTOOL_FEC_RS,
					       &f), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_OFF | ETHTOOL_FEC_RS,
					       &f), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_NONE, &f),
			-EOPNOTSUPP);
	KUNIT_EXPECT_MEMEQ(test, f.admin, off, sizeof(off));

	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_AUTO, &f), 0);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_configured(&f), ETHTOOL_FEC_AUTO);
}

static void cx4_test_fec_limits(struct kunit *test)
{
	struct cx4_en_fec none = {};
	struct cx4_en_fec teng = { .cap = { CX4_TEST_NB } };

	/* No speed group: no FEC control. */
	KUNIT_EXPECT_EQ(test, cx4_en_fec_configured(&none), ETHTOOL_FEC_NONE);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_OFF, &none),
			-EOPNOTSUPP);
	/* RS at no speed of the port. */
	KUNIT_EXPECT_EQ(test, cx4_en_fec_admin(ETHTOOL_FEC_RS, &teng),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_active(0), ETHTOOL_FEC_OFF);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_active(CX4_PPLM_FEC_NONE),
			ETHTOOL_FEC_OFF);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_active(CX4_PPLM_FEC_FIRECODE),
			ETHTOOL_FEC_BASER);
	KUNIT_EXPECT_EQ(test, cx4_en_fec_active(CX4_PPLM_FEC_RS_528),
			ETHTOOL_FEC_RS);
}

static void cx4_test_link_ext_state(struct kunit *test)
{
	struct ethtool_link_ext_state_info info = {};

	KUNIT_EXPECT_EQ(test, cx4_en_link_ext_state(CX4_PDDR_ST_AN_NO_PARTNER,
						    &info), 0);
	KUNIT_EXPECT_EQ(test, info.link_ext_state,
			ETHTOOL_LINK_EXT_STATE_AUTONEG);
	KUNIT_EXPECT_EQ(test, info.autoneg,
			ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED);
	KUNIT_EXPECT_EQ(test, cx4_en_link_ext_state(CX4_PDDR_ST_FORCE_NO_PARTNER,
						    &info), 0);
	KUNIT_EXPECT_EQ(test, info.autoneg,
			ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED_FORCE_MODE);
	KUNIT_EXPECT_EQ(test, cx4_en_link_ext_state(CX4_PDDR_ST_NO_CABLE,
						    &info), 0);
	KUNIT_EXPECT_EQ(test, info.link_ext_state,
			ETHTOOL_LINK_EXT_STATE_NO_CABLE);
	KUNIT_EXPECT_EQ(test, info.__link_ext_substate, 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_link_ext_state(CX4_PDDR_ST_NONE, &info),
			-ENODATA);
	KUNIT_EXPECT_EQ(test, cx4_en_link_ext_state(0xffff, &info), -ENODATA);
}

static struct kunit_case cx4_en_phy_cases[] = {
	KUNIT_CASE(cx4_test_module_kind),
	KUNIT_CASE(cx4_test_module_locate),
	KUNIT_CASE(cx4_test_fec_admin),
	KUNIT_CASE(cx4_test_fec_limits),
	KUNIT_CASE(cx4_test_link_ext_state),
	{}
};

static struct kunit_suite cx4_en_phy_suite = {
	.name = "cx4_en_phy",
	.test_cases = cx4_en_phy_cases,
};

kunit_test_suites(&cx4_en_phy_suite);

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: en/ requests bounded by the capabilities (limits.c): a function
 * with large limits changes nothing; one at the smallest limits the
 * device model offers (caps-off=log_max) gets one channel, rings of 64,
 * a one-entry RQT, flow tables of 8 and six VIDs, each reduction naming
 * the capability that made it; the VLAN flow table bounds the VIDs
 * filtered, the vport's VLAN list does not.
 */

#include <kunit/test.h>
#include <linux/if_vlan.h>
#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "../en/en.h"
#include "../en/fs.h"

struct cx4_lim_caps {
	u8 gen[CX4_HCA_CAP_SIZE];
	u8 eth[CX4_HCA_CAP_SIZE];
	u8 ft[CX4_HCA_CAP_SIZE];
};

/* Capabilities of a roomy function (the model's defaults). */
static struct cx4_lim_caps *cx4_lim_caps_roomy(struct kunit *test)
{
	struct cx4_lim_caps *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	CX4_SET(CAP, c->gen, LOG_MAX_SQ, 24);
	CX4_SET(CAP, c->gen, LOG_MAX_RQ, 24);
	CX4_SET(CAP, c->gen, LOG_MAX_CQ, 24);
	CX4_SET(CAP, c->gen, LOG_MAX_WQ_SZ, 16);
	CX4_SET(CAP, c->gen, LOG_MAX_CQ_SZ, 22);
	CX4_SET(CAP, c->gen, LOG_MAX_RQT_SIZE, 16);
	CX4_SET(CAP, c->gen, LOG_MAX_VLAN_LIST, 12);
	CX4_SET(ETH_CAP, c->eth, RSS_IND_TBL_CAP, 8);
	CX4_SET(FT_PROP, c->ft + CX4_FT_CAP_OFF_NIC_RX, LOG_MAX_FT_SIZE, 23);
	return c;
}

static void cx4_test_lim_roomy(struct kunit *test)
{
	struct cx4_lim_caps *c = cx4_lim_caps_roomy(test);
	struct cx4_en_limits lim;
	u32 i;

	cx4_en_limits_compute(c->gen, c->eth, c->ft, 4, &lim);
	for (i = 0; i < CX4_EN_LIM_NUM; i++) {
		KUNIT_EXPECT_PTR_EQ(test, lim.cap[i], (const char *)NULL);
		KUNIT_EXPECT_EQ(test, lim.val[i], lim.want[i]);
	}
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_CHANNELS], 4u);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_RING],
			(u32)CX4_EN_MAX_LOG_RING);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_RQT], 7u);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_VLAN_FT], 13u);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_VIDS], (u32)VLAN_N_VID);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_L2_ADDRS],
			(u32)CX4_EN_L2_MAX_ADDRS);

	/* Nothing known (function down): the requests as they are. */
	cx4_en_limits_compute(NULL, NULL, NULL, 0, &lim);
	for (i = 0; i < CX4_EN_LIM_NUM; i++)
		KUNIT_EXPECT_PTR_EQ(test, lim.cap[i], (const char *)NULL);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_CHANNELS], 1u);
}

/* The model's caps-off=log_max values. */
static void cx4_test_lim_minimum(struct kunit *test)
{
	struct cx4_lim_caps *c = cx4_lim_caps_roomy(test);
	struct cx4_en_limits lim;

	CX4_SET(CAP, c->gen, LOG_MAX_SQ, 1);
	CX4_SET(CAP, c->gen, LOG_MAX_RQ, 1);
	CX4_SET(CAP, c->gen, LOG_MAX_CQ, 2);
	CX4_SET(CAP, c->gen, LOG_MAX_WQ_SZ, 6);
	CX4_SET(CAP, c->gen, LOG_MAX_CQ_SZ, 6);
	CX4_SET(CAP, c->gen, LOG_MAX_RQT_SIZE, 0);
	CX4_SET(CAP, c->gen, LOG_MAX_VLAN_LIST, 0);
	CX4_SET(FT_PROP, c->ft + CX4_FT_CAP_OFF_NIC_RX, LOG_MAX_FT_SIZE, 3);
	cx4_en_limits_compute(c->gen, c->eth, c->ft, 2, &lim);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_CHANNELS], 1u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_CHANNELS], "log_max_sq");
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_RING], 6u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_LOG_RING], "log_max_wq_sz");
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_RQT], 0u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_LOG_RQT],
			   "log_max_rqt_size");
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_L2_FT], 3u);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_L2_ADDRS], 6u);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_VLAN_FT], 3u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_LOG_VLAN_FT],
			   "log_max_ft_size");
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_VIDS], 6u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_VIDS], "log_max_ft_size");
	/* The wants stay what the driver asked for (the log says both). */
	KUNIT_EXPECT_EQ(test, lim.want[CX4_EN_LIM_CHANNELS], 2u);
	KUNIT_EXPECT_EQ(test, lim.want[CX4_EN_LIM_VIDS], (u32)VLAN_N_VID);

	/* CQ numbers: 2 CQs a channel, twice; 2^3 of them is 2 channels. */
	CX4_SET(CAP, c->gen, LOG_MAX_SQ, 24);
	CX4_SET(CAP, c->gen, LOG_MAX_RQ, 24);
	CX4_SET(CAP, c->gen, LOG_MAX_CQ, 3);
	cx4_en_limits_compute(c->gen, c->eth, c->ft, 8, &lim);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_CHANNELS], 2u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_CHANNELS], "log_max_cq");
	/* A CQ size below the WQ size bounds the rings too. */
	CX4_SET(CAP, c->gen, LOG_MAX_WQ_SZ, 16);
	CX4_SET(CAP, c->gen, LOG_MAX_CQ_SZ, 9);
	cx4_en_limits_compute(c->gen, c->eth, c->ft, 8, &lim);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_LOG_RING], 9u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_LOG_RING], "log_max_cq_sz");
}

/*
 * VIDs: the VLAN flow table less its two fixed entries.  The vport's VLAN
 * list (256 on the model, on real ConnectX-4s too) does not bound them.
 */
static void cx4_test_lim_vids(struct kunit *test)
{
	struct cx4_lim_caps *c = cx4_lim_caps_roomy(test);
	struct cx4_en_limits lim;

	CX4_SET(CAP, c->gen, LOG_MAX_VLAN_LIST, 8);
	cx4_en_limits_compute(c->gen, c->eth, c->ft, 1, &lim);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_VIDS], (u32)VLAN_N_VID);
	KUNIT_EXPECT_PTR_EQ(test, lim.cap[CX4_EN_LIM_VIDS], (const char *)NULL);
	KUNIT_EXPECT_PTR_EQ(test, lim.cap[CX4_EN_LIM_LOG_VLAN_FT],
			    (const char *)NULL);

	CX4_SET(FT_PROP, c->ft + CX4_FT_CAP_OFF_NIC_RX, LOG_MAX_FT_SIZE, 8);
	cx4_en_limits_compute(c->gen, c->eth, c->ft, 1, &lim);
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_VIDS], 254u);
	KUNIT_EXPECT_STREQ(test, lim.cap[CX4_EN_LIM_VIDS], "log_max_ft_size");
	KUNIT_EXPECT_EQ(test, lim.val[CX4_EN_LIM_L2_ADDRS], 254u);

	KUNIT_EXPECT_EQ(test, cx4_en_lim_fixed_room(0), 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_lim_fixed_room(1), 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_lim_fixed_room(2), 2u);
	KUNIT_EXPECT_EQ(test, cx4_en_lim_fixed_room(13), 8190u);
}

static struct kunit_case cx4_en_limits_cases[] = {
	KUNIT_CASE(cx4_test_lim_roomy),
	KUNIT_CASE(cx4_test_lim_minimum),
	KUNIT_CASE(cx4_test_lim_vids),
	{}
};

static struct kunit_suite cx4_en_limits_suite = {
	.name = "cx4_en_limits",
	.test_cases = cx4_en_limits_cases,
};

kunit_test_suites(&cx4_en_limits_suite);

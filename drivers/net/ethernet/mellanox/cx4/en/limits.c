// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: what the driver asks of the device, clamped to what
 * QUERY_HCA_CAP reports (PRM 12.3.3: general Table 145, Ethernet offload
 * Table 147, NIC RX flow table properties Table 150).  A function whose
 * limits are below the driver's defaults gets smaller requests, never a
 * failed probe: fewer channels, smaller rings, a smaller RSS indirection
 * table, smaller L2 and VLAN tables.  A VLAN table holding fewer VIDs
 * than the interface registers makes the port accept every VID (fs.c).
 * cx4_en_limits_compute() is pure (KUnit); cx4_en_limits_log() says
 * once, at attach, each request that was reduced and which limit did it.
 * Completion vectors and EQ sizes are the core's (irq.c, eq.c: they log
 * their own).
 */

#include <linux/device.h>
#include <linux/if_vlan.h>
#include <linux/log2.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"
#include "txrx.h"

static const char *const cx4_en_lim_names[CX4_EN_LIM_NUM] = {
	[CX4_EN_LIM_CHANNELS]	= "channels",
	[CX4_EN_LIM_LOG_RING]	= "log2 ring entries (ethtool -G maximum)",
	[CX4_EN_LIM_LOG_RQT]	= "log2 RSS indirection table entries",
	[CX4_EN_LIM_LOG_L2_FT]	= "log2 L2 flow table entries",
	[CX4_EN_LIM_LOG_VLAN_FT] = "log2 VLAN flow table entries",
	[CX4_EN_LIM_L2_ADDRS]	= "L2 addresses filtered",
	[CX4_EN_LIM_VIDS]	= "VLAN IDs filtered",
};

/* @lim's item @i: ask @want at first. */
static void cx4_en_lim_want(struct cx4_en_limits *lim, enum cx4_en_lim i,
			    u32 want)
{
	lim->want[i] = want;
	lim->val[i] = want;
	lim->cap[i] = NULL;
}

/* @lim's item @i is at most @max, by capability @cap. */
static void cx4_en_lim_bound(struct cx4_en_limits *lim, enum cx4_en_lim i,
			     u32 max, const char *cap)
{
	if (max < lim->val[i]) {
		lim->val[i] = max;
		lim->cap[i] = cap;
	}
}

/* 2^@log / @div objects, at least one; @log of 31 or more counts as plenty. */
static u32 cx4_en_lim_share(u32 log, u32 div)
{
	if (log >= 31)
		return U32_MAX;
	return max_t(u32, (1u << log) / div, 1);
}

/* Entries of a table of 2^@log left after its two fixed ones. */
u32 cx4_en_lim_fixed_room(u32 log)
{
	u32 n = log >= 31 ? U32_MAX : 1u << log;

	return n > 2 ? n - 2 : 0;
}

/*
 * The driver's requests bounded by the capabilities @gen (general), @eth
 * (may be NULL: no bound), @eth (Ethernet offloads, may be NULL) and
 * @ft (flow table, may be NULL),
 * with @ncomp completion vectors.  Channels: an SQ, an RQ and two CQs
 * each, twice (a reconfiguration builds the new set before it frees the
 * old one), CQ numbers below 2^log_max_cq.  VIDs: the VLAN flow table
 * less its untagged and any-VID entries.  (log_max_vlan_list sizes the
 * NIC vport context's VLAN list, which cx4 does not use: the flow table
 * filters, as under mlx5_core, so a roomy device filters every VID.)
 */
void cx4_en_limits_compute(const void *gen, const void *eth, const void *ft,
			   u32 ncomp, struct cx4_en_limits *lim)
{
	const u8 *rx = ft ? (const u8 *)ft + CX4_FT_CAP_OFF_NIC_RX : NULL;
	u32 log_ft, log_vlan;

	cx4_en_lim_want(lim, CX4_EN_LIM_CHANNELS, max(ncomp, 1u));
	cx4_en_lim_want(lim, CX4_EN_LIM_LOG_RING, CX4_EN_MAX_LOG_RING);
	cx4_en_lim_want(lim, CX4_EN_LIM_LOG_RQT, ilog2(CX4_EN_RSS_INDIR_SIZE));
	cx4_en_lim_want(lim, CX4_EN_LIM_LOG_L2_FT, CX4_EN_L2_LOG_SIZE);
	cx4_en_lim_want(lim, CX4_EN_LIM_LOG_VLAN_FT, CX4_EN_VLAN_LOG_SIZE);
	cx4_en_lim_want(lim, CX4_EN_LIM_L2_ADDRS, CX4_EN_L2_MAX_ADDRS);
	cx4_en_lim_want(lim, CX4_EN_LIM_VIDS, VLAN_N_VID);

	/* No general capabilities (the function is down): nothing known. */
	if (!gen)
		return;
	cx4_en_lim_bound(lim, CX4_EN_LIM_CHANNELS,
			 cx4_en_lim_share(CX4_GET(CAP, gen, LOG_MAX_SQ), 2),
			 "log_max_sq");
	cx4_en_lim_bound(lim, CX4_EN_LIM_CHANNELS,
			 cx4_en_lim_share(CX4_GET(CAP, gen, LOG_MAX_RQ), 2),
			 "log_max_rq");
	cx4_en_lim_bound(lim, CX4_EN_LIM_CHANNELS,
			 cx4_en_lim_share(CX4_GET(CAP, gen, LOG_MAX_CQ), 4),
			 "log_max_cq");

	cx4_en_lim_bound(lim, CX4_EN_LIM_LOG_RING,
			 CX4_GET(CAP, gen, LOG_MAX_WQ_SZ), "log_max_wq_sz");
	cx4_en_lim_bound(lim, CX4_EN_LIM_LOG_RING,
			 CX4_GET(CAP, gen, LOG_MAX_CQ_SZ), "log_max_cq_sz");

	/* rss_ind_tbl_cap 0 is no RSS at all (rss.c), not a smaller table. */
	if (eth && CX4_GET(ETH_CAP, eth, RSS_IND_TBL_CAP))
		cx4_en_lim_bound(lim, CX4_EN_LIM_LOG_RQT,
				 CX4_GET(ETH_CAP, eth, RSS_IND_TBL_CAP),
				 "rss_ind_tbl_cap");
	cx4_en_lim_bound(lim, CX4_EN_LIM_LOG_RQT,
			 CX4_GET(CAP, gen, LOG_MAX_RQT_SIZE),
			 "log_max_rqt_size");

	if (rx) {
		log_ft = CX4_GET(FT_PROP, rx, LOG_MAX_FT_SIZE);
		cx4_en_lim_bound(lim, CX4_EN_LIM_LOG_L2_FT, log_ft,
				 "log_max_ft_size");
		cx4_en_lim_bound(lim, CX4_EN_LIM_LOG_VLAN_FT, log_ft,
				 "log_max_ft_size");
	}
	/* Two entries of each table are not per address / per VID. */
	cx4_en_lim_bound(lim, CX4_EN_LIM_L2_ADDRS,
			 cx4_en_lim_fixed_room(lim->val[CX4_EN_LIM_LOG_L2_FT]),
			 "log_max_ft_size");
	log_vlan = lim->val[CX4_EN_LIM_LOG_VLAN_FT];
	cx4_en_lim_bound(lim, CX4_EN_LIM_VIDS, cx4_en_lim_fixed_room(log_vlan),
			 "log_max_ft_size");
}

/* The limits of @priv's function as it reports them now. */
void cx4_en_limits_get(const struct cx4_en_priv *priv,
		       struct cx4_en_limits *lim)
{
	cx4_en_limits_compute(cx4_core_cap(priv->core, CX4_CAP_GENERAL),
			      cx4_core_cap(priv->core, CX4_CAP_ETH_OFFLOAD),
			      cx4_core_cap(priv->core, CX4_CAP_FLOW_TABLE),
			      cx4_core_num_comp_vectors(priv->core), lim);
}

/* One line for each request @lim reduced (at attach). */
void cx4_en_limits_log(const struct cx4_en_priv *priv,
		       const struct cx4_en_limits *lim)
{
	u32 i;

	for (i = 0; i < CX4_EN_LIM_NUM; i++)
		if (lim->cap[i])
			dev_info(cx4_core_dev(priv->core),
				 "%s: %u requested, %u by the device's %s\n",
				 cx4_en_lim_names[i], lim->want[i],
				 lim->val[i], lim->cap[i]);
}

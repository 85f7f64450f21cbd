// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: ethtool operations.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/cx4/core.h>

#include "../compat.h"
#include "en.h"

static void cx4_en_get_drvinfo(struct net_device *netdev,
			       struct ethtool_drvinfo *info)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_fw_version fw;

	cx4_core_fw_version(priv->core, &fw);
	strscpy(info->driver, CX4_EN_DRV_NAME, sizeof(info->driver));
	snprintf(info->fw_version, sizeof(info->fw_version), "%u.%u.%u",
		 fw.major, fw.minor, fw.subminor);
	strscpy(info->bus_info, dev_name(cx4_core_dev(priv->core)),
		sizeof(info->bus_info));
}

static int cx4_en_get_sset_count(struct net_device *netdev, int sset)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	switch (sset) {
	case ETH_SS_STATS:
		return cx4_en_stats_count(priv);
	default:
		return -EOPNOTSUPP;
	}
}

static void cx4_en_get_strings(struct net_device *netdev, u32 sset, u8 *data)
{
	if (sset == ETH_SS_STATS)
		cx4_en_stats_strings(netdev_priv(netdev), data);
}

static void cx4_en_get_ethtool_stats(struct net_device *netdev,
				     struct ethtool_stats *stats, u64 *data)
{
	cx4_en_stats_fill(netdev_priv(netdev), data);
}

const struct ethtool_ops cx4_en_ethtool_ops = {
	.get_drvinfo		= cx4_en_get_drvinfo,
	.get_link		= ethtool_op_get_link,
	.get_sset_count		= cx4_en_get_sset_count,
	.get_strings		= cx4_en_get_strings,
	.get_ethtool_stats	= cx4_en_get_ethtool_stats,
	/* steer: RSS */
	.get_rxnfc		= cx4_en_get_rxnfc,
	.get_rxfh_key_size	= cx4_en_get_rxfh_key_size,
	.get_rxfh_indir_size	= cx4_en_get_rxfh_indir_size,
	.get_rxfh		= cx4_compat_get_rxfh,	/* rss.c via compat.h */
	.set_rxfh		= cx4_compat_set_rxfh,
};

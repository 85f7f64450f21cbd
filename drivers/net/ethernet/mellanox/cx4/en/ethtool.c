// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: ethtool operations.
 *
 * Link settings, pause and the self-test read and write the port
 * registers (port.c); the self-test also checks the command interface's
 * interrupt (core) and, offline, loopback through the device
 * (selftest.c); -S is table-driven (stats.c).  ethtool calls these
 * with RTNL held, which also serializes the register read-modify-write
 * sequences.  A bad request is refused with -EINVAL and a netdev_err
 * naming what is wrong (these ops get no extack), before anything is
 * written: nothing is half-applied.  The reference of what each command
 * shows is Documentation/ethtool.md.
 */

#include <linux/ethtool.h>
#include <linux/linkmode.h>
#include <linux/netdevice.h>
#include <linux/cx4/core.h>
#include <linux/cx4/prm_reg.h>

#include "../compat.h"
#include "en.h"
#include "port.h"

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

/* --- link settings (PTYS) ------------------------------------------------- */

/* Supported modes: the capable protocols, autoneg, pause, media. */
static void cx4_en_supported_modes(u32 cap, unsigned long *modes)
{
	u8 port = cx4_en_ptys_port(cap);

	cx4_en_ptys_to_modes(cap, modes);
	__set_bit(ETHTOOL_LINK_MODE_Autoneg_BIT, modes);
	__set_bit(ETHTOOL_LINK_MODE_Pause_BIT, modes);
	__set_bit(ETHTOOL_LINK_MODE_Asym_Pause_BIT, modes);
	if (port == PORT_NONE)
		__set_bit(ETHTOOL_LINK_MODE_Backplane_BIT, modes);
	else
		__set_bit(ETHTOOL_LINK_MODE_FIBRE_BIT, modes);
}

static int cx4_en_get_link_ksettings(struct net_device *netdev,
				     struct ethtool_link_ksettings *ks)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_ptys p;
	u32 speed;
	int err;

	/*
	 * Also called without ->begin (bonding, bridge, VLAN devices ask
	 * their lower device's speed): no register access while suspended.
	 */
	if (priv->suspended)
		return -EBUSY;
	err = cx4_en_port_query_ptys(priv, &p);
	if (err)
		return err;
	cx4_en_supported_modes(p.cap, ks->link_modes.supported);
	cx4_en_ptys_to_modes(p.admin & p.cap, ks->link_modes.advertising);
	__set_bit(ETHTOOL_LINK_MODE_Autoneg_BIT, ks->link_modes.advertising);
	ks->base.autoneg = AUTONEG_ENABLE;
	speed = netif_carrier_ok(netdev) ? cx4_en_ptys_speed(p.oper) :
					   SPEED_UNKNOWN;
	ks->base.speed = speed;
	ks->base.duplex = speed == SPEED_UNKNOWN ? DUPLEX_UNKNOWN : DUPLEX_FULL;
	ks->base.port = cx4_en_ptys_port(p.oper ? p.oper : p.cap);
	return 0;
}

/*
 * The eth_proto_admin a request asks for, or -EINVAL (logged).  Only
 * autonegotiation over advertised modes exists (see port.c); with
 * autoneg on, ethtool turns "speed N" into the supported modes of N.
 */
static int cx4_en_ksettings_admin(struct cx4_en_priv *priv,
				  const struct ethtool_link_ksettings *ks,
				  u32 cap, u32 *admin)
{
	struct net_device *netdev = priv->netdev;

	if (ks->base.autoneg != AUTONEG_ENABLE) {
		netdev_err(netdev, "autoneg off not supported: the port trains to the fastest advertised mode; use 'advertise' or 'speed' with autoneg on\n");
		return -EINVAL;
	}
	if (ks->base.duplex != DUPLEX_FULL && ks->base.duplex != DUPLEX_UNKNOWN) {
		netdev_err(netdev, "duplex %u not supported: full duplex only\n",
			   ks->base.duplex);
		return -EINVAL;
	}
	if (!cx4_en_modes_known(ks->link_modes.advertising, cap)) {
		netdev_err(netdev, "advertised link modes %*pb include modes the port does not support\n",
			   __ETHTOOL_LINK_MODE_MASK_NBITS,
			   ks->link_modes.advertising);
		return -EINVAL;
	}
	*admin = cx4_en_modes_to_ptys(ks->link_modes.advertising, cap);
	if (!*admin) {
		netdev_err(netdev, "no supported link mode advertised\n");
		return -EINVAL;
	}
	return 0;
}

/*
 * Write PTYS admin and retrain the link.  If the retrain fails the old
 * admin is written back and the port brought up again.
 */
static int cx4_en_set_link_ksettings(struct net_device *netdev,
				     const struct ethtool_link_ksettings *ks)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_ptys p;
	u32 admin;
	int err;

	err = cx4_en_port_query_ptys(priv, &p);
	if (err)
		return err;
	err = cx4_en_ksettings_admin(priv, ks, p.cap, &admin);
	if (err)
		return err;
	if (admin == p.admin)
		return 0;
	err = cx4_en_port_set_ptys_admin(priv, admin);
	if (err) {
		netdev_err(netdev, "cannot set PTYS eth_proto_admin 0x%08x: %d\n",
			   admin, err);
		return err;
	}
	err = cx4_en_port_retrain(priv);
	if (!err) {
		netdev_info(netdev, "link protocols 0x%08x -> 0x%08x, link retrained\n",
			    p.admin, admin);
		return 0;
	}
	netdev_err(netdev, "cannot retrain the link: %d; restoring protocols 0x%08x\n",
		   err, p.admin);
	if (cx4_en_port_set_ptys_admin(priv, p.admin) ||
	    cx4_en_port_set_paos(priv, CX4_PAOS_UP))
		netdev_err(netdev, "cannot restore the link settings\n");
	return err;
}

static int cx4_en_nway_reset(struct net_device *netdev)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	int err;

	err = cx4_en_port_retrain(priv);
	if (err)
		netdev_err(netdev, "link retrain failed: %d\n", err);
	return err;
}

/* --- pause (PFCC) ------------------------------------------------------------ */

static void cx4_en_get_pauseparam(struct net_device *netdev,
				  struct ethtool_pauseparam *pp)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_pause p;

	if (cx4_en_port_query_pause(priv, &p))
		return;	/* logged; shown as off */
	pp->autoneg = AUTONEG_DISABLE;
	pp->rx_pause = p.rx;
	pp->tx_pause = p.tx;
}

static int cx4_en_set_pauseparam(struct net_device *netdev,
				 struct ethtool_pauseparam *pp)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_pause p;
	int err;

	if (pp->autoneg) {
		netdev_err(netdev, "pause autonegotiation not supported\n");
		return -EINVAL;
	}
	err = cx4_en_port_query_pause(priv, &p);
	if (err)
		return err;
	if (p.pfc && (pp->rx_pause || pp->tx_pause)) {
		netdev_err(netdev, "global pause and priority flow control are exclusive (PFCC): disable PFC first\n");
		return -EINVAL;
	}
	err = cx4_en_port_set_pause(priv, pp->rx_pause, pp->tx_pause);
	if (err)
		netdev_err(netdev, "cannot set pause rx %u tx %u: %d\n",
			   pp->rx_pause, pp->tx_pause, err);
	return err;
}

/* --- self-test ------------------------------------------------------------- */

enum cx4_en_test {
	CX4_EN_TEST_CMD,	/* NOP through the command interface */
	CX4_EN_TEST_REG,	/* PTYS, PAOS, PMTU read and consistent */
	CX4_EN_TEST_LINK,	/* PAOS oper up and the link state agrees */
	CX4_EN_TEST_IRQ,	/* NOP completion reported by EQ interrupt */
	CX4_EN_TEST_LOOPBACK,	/* frames through TX, self-loopback, RX */
	CX4_EN_TEST_NUM
};

static const char * const cx4_en_test_names[CX4_EN_TEST_NUM] = {
	[CX4_EN_TEST_CMD]	= "command interface (online)",
	[CX4_EN_TEST_REG]	= "register access (online)",
	[CX4_EN_TEST_LINK]	= "link (online)",
	[CX4_EN_TEST_IRQ]	= "interrupt (online)",
	[CX4_EN_TEST_LOOPBACK]	= "loopback (offline)",
};

static int cx4_en_test_reg(struct cx4_en_priv *priv)
{
	struct cx4_en_ptys p;
	u8 admin, oper;
	u32 max;
	int err;

	err = cx4_en_port_query_ptys(priv, &p);
	if (err)
		return err;
	err = cx4_en_port_query_paos(priv, &admin, &oper);
	if (err)
		return err;
	err = cx4_en_port_max_mtu(priv, &max);
	if (err)
		return err;
	/* The running MTU fits the port's. */
	return cx4_en_hw_mtu(priv->netdev->mtu) <= max ? 0 : -ERANGE;
}

static int cx4_en_test_link(struct cx4_en_priv *priv)
{
	u8 admin, oper;
	int err;

	err = cx4_en_port_query_paos(priv, &admin, &oper);
	if (err)
		return err;
	if (oper != CX4_PAOS_UP || !cx4_core_link_up(priv->core)) {
		netdev_err(priv->netdev, "self-test: link down (PAOS oper_status %u, vport %s)\n",
			   oper, cx4_core_link_up(priv->core) ? "up" : "down");
		return -ENOLINK;
	}
	return 0;
}

static void cx4_en_self_test(struct net_device *netdev,
			     struct ethtool_test *test, u64 *data)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	int res[CX4_EN_TEST_NUM];
	unsigned int i;

	res[CX4_EN_TEST_CMD] = cx4_core_nop(priv->core);
	res[CX4_EN_TEST_REG] = cx4_en_test_reg(priv);
	res[CX4_EN_TEST_LINK] = cx4_en_test_link(priv);
	res[CX4_EN_TEST_IRQ] = cx4_core_test_irq(priv->core);
	/* Offline tests not asked for are reported as passed (0). */
	res[CX4_EN_TEST_LOOPBACK] = 0;
	if (test->flags & ETH_TEST_FL_OFFLINE)
		res[CX4_EN_TEST_LOOPBACK] = cx4_en_test_loopback(priv);
	for (i = 0; i < CX4_EN_TEST_NUM; i++) {
		data[i] = res[i] ? 1 : 0;
		if (res[i]) {
			test->flags |= ETH_TEST_FL_FAILED;
			netdev_err(netdev, "self-test '%s' failed: %d\n",
				   cx4_en_test_names[i], res[i]);
		}
	}
}

/* --- message level -------------------------------------------------------- */

static u32 cx4_en_get_msglevel(struct net_device *netdev)
{
	return ((struct cx4_en_priv *)netdev_priv(netdev))->msg_enable;
}

static void cx4_en_set_msglevel(struct net_device *netdev, u32 level)
{
	((struct cx4_en_priv *)netdev_priv(netdev))->msg_enable = level;
}

/* --- private flags ------------------------------------------------------- */

/* mlx5_core's names, for what means the same. */
enum {
	CX4_EN_PFLAG_RX_CQE_COMPRESS,
	CX4_EN_NUM_PFLAGS
};

static const char * const cx4_en_pflag_names[CX4_EN_NUM_PFLAGS] = {
	[CX4_EN_PFLAG_RX_CQE_COMPRESS]	= "rx_cqe_compress",
};

static u32 cx4_en_get_priv_flags(struct net_device *netdev)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	return priv->params.rx_cqe_compress ?
	       BIT(CX4_EN_PFLAG_RX_CQE_COMPRESS) : 0;
}

/*
 * rx_cqe_compress: RX CQs with CQE compression, built as a new channel
 * set (cx4_en_reconfigure()); only where HCA_CAP.cqe_compression is set,
 * and not while RX hardware timestamps are on (a compressed completion
 * carries its session's first timestamp, not its own).
 */
static int cx4_en_set_priv_flags(struct net_device *netdev, u32 flags)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_params params = priv->params;
	bool on = flags & BIT(CX4_EN_PFLAG_RX_CQE_COMPRESS);
	const void *cap;
	int err;

	if (on == params.rx_cqe_compress)
		return 0;
	cap = cx4_core_cap(priv->core, CX4_CAP_GENERAL);
	if (on && !CX4_GET(CAP, cap, CQE_COMPRESSION)) {
		netdev_err(netdev, "rx_cqe_compress: the device does not offer CQE compression (HCA_CAP.cqe_compression 0)\n");
		return -EOPNOTSUPP;
	}
	if (on && priv->hwts_rx) {
		netdev_err(netdev, "rx_cqe_compress: not with RX hardware timestamps on (compressed completions share one timestamp)\n");
		return -EBUSY;
	}
	params.rx_cqe_compress = on;
	err = cx4_en_reconfigure(priv, &params, NULL);
	if (err)
		netdev_err(netdev, "rx_cqe_compress %s not applied (%d): the old channels run\n",
			   on ? "on" : "off", err);
	return err;
}

/* --- strings and counters ------------------------------------------------ */

static int cx4_en_get_sset_count(struct net_device *netdev, int sset)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	switch (sset) {
	case ETH_SS_STATS:
		return cx4_en_stats_count(priv);
	case ETH_SS_TEST:
		return CX4_EN_TEST_NUM;
	case ETH_SS_PRIV_FLAGS:
		return CX4_EN_NUM_PFLAGS;
	default:
		return -EOPNOTSUPP;
	}
}

static void cx4_en_get_strings(struct net_device *netdev, u32 sset, u8 *data)
{
	unsigned int i;

	switch (sset) {
	case ETH_SS_STATS:
		cx4_en_stats_strings(netdev_priv(netdev), data);
		break;
	case ETH_SS_TEST:
		for (i = 0; i < CX4_EN_TEST_NUM; i++)
			cx4_en_puts(&data, cx4_en_test_names[i]);
		break;
	case ETH_SS_PRIV_FLAGS:
		for (i = 0; i < CX4_EN_NUM_PFLAGS; i++)
			cx4_en_puts(&data, cx4_en_pflag_names[i]);
		break;
	}
}

static void cx4_en_get_ethtool_stats(struct net_device *netdev,
				     struct ethtool_stats *stats, u64 *data)
{
	cx4_en_stats_fill(netdev_priv(netdev), data);
}

/*
 * Every ethtool request (ioctl and netlink, RTNL held) starts here:
 * none while a health recovery has the function down.
 */
static int cx4_en_ethtool_begin(struct net_device *netdev)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	return priv->suspended ? -EBUSY : 0;
}

/*
 * ethtool -n/-N: the hashed fields are rss.c's, the flow rules
 * ntuple.c's; RTNL held.
 */
static int cx4_en_set_rxnfc(struct net_device *netdev,
			    struct ethtool_rxnfc *info)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	ASSERT_RTNL();
	switch (info->cmd) {
	case ETHTOOL_SRXFH:
		return cx4_en_rss_set_fields(priv, info);
	case ETHTOOL_SRXCLSRLINS:
	case ETHTOOL_SRXCLSRLDEL:
		return cx4_en_nt_set_rxnfc(priv, info);
	default:
		return -EOPNOTSUPP;
	}
}

static int cx4_en_get_rxnfc(struct net_device *netdev,
			    struct ethtool_rxnfc *info, u32 *rule_locs)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	switch (info->cmd) {
	case ETHTOOL_GRXRINGS:
		info->data = priv->num_channels;
		return 0;
	case ETHTOOL_GRXFH:
		cx4_en_rss_get_fields(priv, info);
		return 0;
	case ETHTOOL_GRXCLSRLCNT:
	case ETHTOOL_GRXCLSRULE:
	case ETHTOOL_GRXCLSRLALL:
		return cx4_en_nt_get_rxnfc(priv, info, rule_locs);
	default:
		return -EOPNOTSUPP;
	}
}

/*
 * ethtool get_rxfh/set_rxfh take struct ethtool_rxfh_param from 6.8 on,
 * separate indir/key/hfunc arguments before; Kbuild defines
 * CX4_HAVE_RXFH_PARAM when the kernel has the structure.  The callbacks
 * below adapt either form to rss.c's cx4_en_rss_get()/_set().  (A
 * kernel-version shim, but one naming en/: compat.h names only the kernel.)
 */
#ifdef CX4_HAVE_RXFH_PARAM
static int cx4_en_ethtool_get_rxfh(struct net_device *dev,
				   struct ethtool_rxfh_param *p)
{
	return cx4_en_rss_get(dev, p->indir, p->key, &p->hfunc);
}

static int cx4_en_ethtool_set_rxfh(struct net_device *dev,
				   struct ethtool_rxfh_param *p,
				   struct netlink_ext_ack *extack)
{
	if (p->rss_context)
		return -EOPNOTSUPP;
	return cx4_en_rss_set(dev, p->indir, p->key, p->hfunc, extack);
}
#else
static int cx4_en_ethtool_get_rxfh(struct net_device *dev, u32 *indir,
				   u8 *key, u8 *hfunc)
{
	return cx4_en_rss_get(dev, indir, key, hfunc);
}

static int cx4_en_ethtool_set_rxfh(struct net_device *dev,
				   const u32 *indir, const u8 *key,
				   const u8 hfunc)
{
	return cx4_en_rss_set(dev, indir, key, hfunc, NULL);
}
#endif

/*
 * RSS contexts (rss_ctx.c) through the ethtool core's context ops (6.11
 * on; Kbuild defines CX4_HAVE_RXFH_CONTEXT_OPS).  The core allocates the
 * ID below rxfh_max_num_contexts and keeps the table, key and function
 * it reports; what it was not given (a default) is read back into it.
 */
#ifdef CX4_HAVE_RXFH_CONTEXT_OPS
static int cx4_en_create_rxfh_context(struct net_device *dev,
				      struct ethtool_rxfh_context *ctx,
				      const struct ethtool_rxfh_param *rxfh,
				      struct netlink_ext_ack *extack)
{
	int err;

	err = cx4_en_rss_ctx_add(dev, rxfh->rss_context, rxfh->indir,
				 rxfh->key, rxfh->hfunc, extack);
	if (err)
		return err;
	return cx4_en_rss_ctx_read(dev, rxfh->rss_context,
				   rxfh->indir ? NULL :
				   ethtool_rxfh_context_indir(ctx),
				   rxfh->key ? NULL :
				   ethtool_rxfh_context_key(ctx),
				   &ctx->hfunc);
}

static int cx4_en_modify_rxfh_context(struct net_device *dev,
				      struct ethtool_rxfh_context *ctx,
				      const struct ethtool_rxfh_param *rxfh,
				      struct netlink_ext_ack *extack)
{
	return cx4_en_rss_ctx_change(dev, rxfh->rss_context, rxfh->indir,
				     rxfh->key, rxfh->hfunc, extack);
}

static int cx4_en_remove_rxfh_context(struct net_device *dev,
				      struct ethtool_rxfh_context *ctx,
				      u32 rss_context,
				      struct netlink_ext_ack *extack)
{
	return cx4_en_rss_ctx_del(dev, rss_context, extack);
}
#elif defined(CX4_HAVE_RXFH_CONTEXT_LEGACY)
/*
 * Before 6.8 (Debian's 6.1) the core hands contexts to get_rxfh_context
 * and set_rxfh_context: the driver picks a new context's ID (asked for as
 * ETH_RXFH_CONTEXT_ALLOC) and there is no extack (ioctl), so a refusal is
 * its errno alone.  Same contexts as above, same limits.
 */
static int cx4_en_get_rxfh_context(struct net_device *dev, u32 *indir,
				   u8 *key, u8 *hfunc, u32 rss_context)
{
	return cx4_en_rss_ctx_read(dev, rss_context, indir, key, hfunc);
}

static int cx4_en_set_rxfh_context(struct net_device *dev, const u32 *indir,
				   const u8 *key, const u8 hfunc,
				   u32 *rss_context, bool delete)
{
	u32 id;
	int err;

	if (delete)
		return cx4_en_rss_ctx_del(dev, *rss_context, NULL);
	if (*rss_context != ETH_RXFH_CONTEXT_ALLOC)
		return cx4_en_rss_ctx_change(dev, *rss_context, indir, key,
					     hfunc, NULL);
	id = cx4_en_rss_ctx_new_id(netdev_priv(dev));
	if (!id)
		return -ENOSPC;
	err = cx4_en_rss_ctx_add(dev, id, indir, key, hfunc, NULL);
	if (!err)
		*rss_context = id;
	return err;
}
#endif

const struct ethtool_ops cx4_en_ethtool_ops = {
	.begin			= cx4_en_ethtool_begin,
	.get_drvinfo		= cx4_en_get_drvinfo,
	.get_ts_info		= cx4_en_get_ts_info,
	.get_link		= ethtool_op_get_link,
	.get_link_ksettings	= cx4_en_get_link_ksettings,
	.set_link_ksettings	= cx4_en_set_link_ksettings,
	.nway_reset		= cx4_en_nway_reset,
	.get_pauseparam		= cx4_en_get_pauseparam,
	.set_pauseparam		= cx4_en_set_pauseparam,
	.self_test		= cx4_en_self_test,
	.get_sset_count		= cx4_en_get_sset_count,
	.get_strings		= cx4_en_get_strings,
	.get_ethtool_stats	= cx4_en_get_ethtool_stats,
	.get_priv_flags		= cx4_en_get_priv_flags,
	.set_priv_flags		= cx4_en_set_priv_flags,
	.get_pause_stats	= cx4_en_get_pause_stats,
	.get_rmon_stats		= cx4_en_get_rmon_stats,
	.get_eth_mac_stats	= cx4_en_get_eth_mac_stats,
	.get_eth_phy_stats	= cx4_en_get_eth_phy_stats,
	.get_eth_ctrl_stats	= cx4_en_get_eth_ctrl_stats,
	/* phy.c: module EEPROM, FEC, link-down reason */
	.get_link_ext_state	= cx4_en_get_link_ext_state,
	.get_module_info	= cx4_en_get_module_info,
	.get_module_eeprom	= cx4_en_get_module_eeprom,
	.get_module_eeprom_by_page = cx4_en_get_module_eeprom_by_page,
	.get_fecparam		= cx4_en_get_fecparam,
	.set_fecparam		= cx4_en_set_fecparam,
	/* steer: RSS */
	.get_rxnfc		= cx4_en_get_rxnfc,
	/* rssx: rx-flow-hash, msglevel */
	.set_rxnfc		= cx4_en_set_rxnfc,
	.get_msglevel		= cx4_en_get_msglevel,
	.set_msglevel		= cx4_en_set_msglevel,
	.get_rxfh_key_size	= cx4_en_get_rxfh_key_size,
	.get_rxfh_indir_size	= cx4_en_get_rxfh_indir_size,
	.get_rxfh		= cx4_en_ethtool_get_rxfh,	/* rss.c */
	.set_rxfh		= cx4_en_ethtool_set_rxfh,
#ifdef CX4_HAVE_RXFH_CONTEXT_OPS
	/* rss_ctx.c: RSS contexts, each with its own key and function */
	.rxfh_max_num_contexts	= CX4_EN_RSS_MAX_CTX,
	.rxfh_per_ctx_key	= true,
	.create_rxfh_context	= cx4_en_create_rxfh_context,
	.modify_rxfh_context	= cx4_en_modify_rxfh_context,
	.remove_rxfh_context	= cx4_en_remove_rxfh_context,
#elif defined(CX4_HAVE_RXFH_CONTEXT_LEGACY)
	.get_rxfh_context	= cx4_en_get_rxfh_context,
	.set_rxfh_context	= cx4_en_set_rxfh_context,
#endif
	/* chan: rings, channels, moderation (params.c) */
	.supported_coalesce_params = CX4_EN_COALESCE_PARAMS,
	.get_ringparam		= cx4_en_get_ringparam,
	.set_ringparam		= cx4_en_set_ringparam,
	.get_channels		= cx4_en_get_channels,
	.set_channels		= cx4_en_set_channels,
	.get_coalesce		= cx4_en_get_coalesce,
	.set_coalesce		= cx4_en_set_coalesce,
};

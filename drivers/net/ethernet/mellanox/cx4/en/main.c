// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: one net_device per PCI function.
 *
 * en/ is the auxiliary driver of the core's "cx4.eth" devices (see
 * include/linux/cx4/core.h), registered by module.c before the PCI
 * driver.  Its probe (cx4_en_attach(), at the end of the core's probe)
 * creates the netdev with the vport's permanent MAC address, the MTU
 * range, the carrier from the core's link state, and registers a link
 * notifier that keeps the carrier in step with port state change events.
 * Its remove (cx4_en_detach()) undoes it at the start of the core's
 * remove.  Health recovery keeps the netdev: the suspend callback closes
 * its queues and detaches it before the function goes down, resume
 * reopens them after.
 *
 * Carrier updates come from the link notifier (hard IRQ context) and from
 * process context (attach, open); each reads the core's newest link state
 * under cx4_en_priv.carrier_lock, so whichever runs last leaves the
 * carrier matching the link.
 */

#include <linux/auxiliary_bus.h>
#include <linux/debugfs.h>
#include <linux/etherdevice.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/tcp.h>
#include <linux/cx4/core.h>

#include "../compat.h"
#include "en.h"
#include "port.h"
#include "txrx.h"

/* TX watchdog: a stopped queue without completions this long. */
#define CX4_EN_TX_TIMEOUT	(5 * HZ)

/* --- carrier ------------------------------------------------------------ */

void cx4_en_carrier_update(struct cx4_en_priv *priv)
{
	unsigned long flags;
	bool up;

	spin_lock_irqsave(&priv->carrier_lock, flags);
	/* Suspended: no queues, whatever the last port state said. */
	up = !READ_ONCE(priv->suspended) && cx4_core_link_up(priv->core);
	if (up != netif_carrier_ok(priv->netdev))	/* rssx: msglvl link */
		netif_info(priv, link, priv->netdev, "link %s\n",
			   up ? "up" : "down");
	if (up)
		netif_carrier_on(priv->netdev);
	else
		netif_carrier_off(priv->netdev);
	spin_unlock_irqrestore(&priv->carrier_lock, flags);
}

/* Link notifier: hard IRQ context, the core's state is already updated. */
static int cx4_en_link_event(struct notifier_block *nb, unsigned long event,
			     void *data)
{
	struct cx4_en_priv *priv = container_of(nb, struct cx4_en_priv,
						link_nb);

	cx4_en_carrier_update(priv);
	return NOTIFY_OK;
}

/* --- net_device_ops ------------------------------------------------------- */

static int cx4_en_open(struct net_device *netdev)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	int err;

	/* dev_open() refuses a detached netdev; resume opens it. */
	if (priv->suspended)
		return -ENODEV;
	err = cx4_en_channels_open(priv);
	if (err) {
		netdev_err(netdev, "cannot open the channels: %d\n", err);
		return err;
	}
	if (cx4_en_port_admin(priv, true)) {
		cx4_en_channels_close(priv);
		return -EIO;
	}
	cx4_en_carrier_update(priv);
	netif_tx_start_all_queues(netdev);
	netif_info(priv, ifup, netdev, "up, %u channels\n", priv->num_channels);
	return 0;
}

static int cx4_en_stop(struct net_device *netdev)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	/* Suspended: the queues are closed and there is no function. */
	if (priv->suspended)
		return 0;
	cx4_en_port_admin(priv, false);
	netif_tx_disable(netdev);
	cx4_en_channels_close(priv);
	netif_info(priv, ifdown, netdev, "down\n");
	return 0;
}

/* The vport MTU (PRM Table 16) for interface MTU @mtu. */
static int cx4_en_apply_vport_mtu(struct cx4_en_priv *priv, u32 mtu)
{
	int err;

	err = cx4_en_hw_mtu_set(priv, cx4_en_hw_mtu(mtu));
	if (err)
		netdev_err(priv->netdev, "cannot set the vport MTU to %u: %d\n",
			   cx4_en_hw_mtu(mtu), err);
	return err;
}

static int cx4_en_mtu_switched(struct cx4_en_priv *priv,
			       const struct cx4_en_params *params)
{
	return cx4_en_apply_vport_mtu(priv, params->mtu);
}

/*
 * MTU change through cx4_en_reconfigure(): new channels with receive
 * buffers for the new MTU are built while the old ones run.  The vport
 * MTU never lets through frames larger than the running buffers: it
 * shrinks before the switch and grows after it (before the new channels
 * run).  On any failure the old channels, vport MTU and interface MTU
 * stay.
 */
static int cx4_en_change_mtu(struct net_device *netdev, int new_mtu)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_params params = priv->params;
	u32 old_mtu = priv->params.mtu;
	bool grow = new_mtu > old_mtu;
	int err;

	err = cx4_en_xdp_check_mtu(priv, new_mtu);
	if (err)
		return err;
	if (!grow) {
		err = cx4_en_apply_vport_mtu(priv, new_mtu);
		if (err)
			return err;
	}
	params.mtu = new_mtu;
	err = cx4_en_reconfigure(priv, &params,
				 grow ? cx4_en_mtu_switched : NULL);
	if (err) {
		if (!grow)
			cx4_en_apply_vport_mtu(priv, old_mtu);
		netdev_err(netdev, "MTU %d not applied: %d\n", new_mtu, err);
		return err;
	}
	WRITE_ONCE(netdev->mtu, new_mtu);
	return 0;
}

/* Features the stack may not combine. */
static netdev_features_t cx4_en_fix_features(struct net_device *netdev,
					     netdev_features_t features)
{
	/* LSO needs the device to fill the checksums it cuts. */
	if (!(features & NETIF_F_IP_CSUM))
		features &= ~NETIF_F_TSO;
	if (!(features & NETIF_F_IPV6_CSUM))
		features &= ~NETIF_F_TSO6;
	/* XDP: a frame per page, no merged frames (xdp_attach.c). */
	if (((struct cx4_en_priv *)netdev_priv(netdev))->params.xdp_prog)
		features &= ~NETIF_F_LRO;
	return features;
}

/* The new channels' buffers take LRO sessions: the TIRs may aggregate. */
static int cx4_en_lro_switched(struct cx4_en_priv *priv,
			       const struct cx4_en_params *params)
{
	return cx4_en_rss_set_lro(priv, params);
}

/*
 * NETIF_F_LRO: params.lro, and while running new channels with receive
 * buffers for it, built while the old ones run (cx4_en_reconfigure()).
 * The TIRs never aggregate into buffers too small for a session: LRO on
 * after the switch, off before it.  On failure the old channels and LRO
 * stay.
 */
static int cx4_en_set_lro(struct cx4_en_priv *priv, bool lro)
{
	struct cx4_en_params params = priv->params;
	int err;

	if (!netif_running(priv->netdev)) {
		priv->params.lro = lro;
		return 0;
	}
	params.lro = lro;
	if (lro)
		return cx4_en_reconfigure(priv, &params, cx4_en_lro_switched);
	err = cx4_en_rss_set_lro(priv, &params);
	if (err)
		return err;
	err = cx4_en_reconfigure(priv, &params, NULL);
	if (err && cx4_en_rss_set_lro(priv, &priv->params))
		netdev_err(priv->netdev, "LRO stays on for the old channels, but the TIRs could not be set back\n");
	return err;
}

/*
 * TX offloads (checksum, TSO, VLAN insertion) are read per frame and
 * need no device change; VLAN stripping is the RQs' vsd bit; steering
 * features go to steering.
 */
static int cx4_en_set_features(struct net_device *netdev,
			       netdev_features_t features)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	netdev_features_t changed = features ^ netdev->features;
	bool strip = !!(features & NETIF_F_HW_VLAN_CTAG_RX);
	int err;

	if (priv->suspended)
		return -EBUSY;

	if (changed & NETIF_F_HW_VLAN_CTAG_RX) {
		err = cx4_en_rx_vlan_strip_set(priv, strip);
		if (err) {
			netdev_err(netdev, "cannot %s VLAN stripping: %d\n",
				   strip ? "enable" : "disable", err);
			return err;
		}
	}
	if (changed & NETIF_F_NTUPLE) {
		err = cx4_en_nt_set_feature(priv, !!(features & NETIF_F_NTUPLE));
		if (err)
			goto err_undo_strip;
	}
	if (changed & (NETIF_F_RXHASH | NETIF_F_HW_VLAN_CTAG_FILTER |
		       NETIF_F_LRO)) {
		err = cx4_en_fs_set_features(priv, features);
		if (!err && (changed & NETIF_F_LRO))
			err = cx4_en_set_lro(priv, !!(features & NETIF_F_LRO));
		if (err)
			goto err_undo_ntuple;
	}
	return 0;

err_undo_ntuple:
	if (changed & NETIF_F_NTUPLE)
		cx4_en_nt_set_feature(priv, !(features & NETIF_F_NTUPLE));
err_undo_strip:
	if (changed & NETIF_F_HW_VLAN_CTAG_RX)
		cx4_en_rx_vlan_strip_set(priv, !strip);
	return err;
}

/* LSO headers must fit the inline header room. */
static netdev_features_t cx4_en_features_check(struct sk_buff *skb,
					       struct net_device *netdev,
					       netdev_features_t features)
{
	features = vlan_features_check(skb, features);
	if (skb_is_gso(skb) &&
	    skb_transport_offset(skb) + tcp_hdrlen(skb) > CX4_EN_MAX_INLINE)
		features &= ~NETIF_F_GSO_MASK;
	return features;
}

static const struct net_device_ops cx4_en_netdev_ops = {
	.ndo_open		= cx4_en_open,
	.ndo_stop		= cx4_en_stop,
	.ndo_start_xmit		= cx4_en_start_xmit,
	.ndo_get_stats64	= cx4_en_get_stats64,
	.ndo_change_mtu		= cx4_en_change_mtu,
	.ndo_fix_features	= cx4_en_fix_features,
	.ndo_set_features	= cx4_en_set_features,
	.ndo_features_check	= cx4_en_features_check,
	.ndo_tx_timeout		= cx4_en_tx_timeout,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_set_rx_mode	= cx4_en_set_rx_mode,
	.ndo_set_mac_address	= cx4_en_set_mac_address,
	.ndo_vlan_rx_add_vid	= cx4_en_vlan_rx_add_vid,
	.ndo_vlan_rx_kill_vid	= cx4_en_vlan_rx_kill_vid,
	.ndo_bpf		= cx4_en_xdp,
	.ndo_xdp_xmit		= cx4_en_xdp_xmit,
	CX4_NDO_HWTSTAMP,
};

/* --- attach / detach -------------------------------------------------------- */

/* The vport's permanent address, or a random one (logged) if unusable. */
static void cx4_en_set_mac(struct cx4_en_priv *priv)
{
	u8 mac[ETH_ALEN];

	cx4_core_perm_mac(priv->core, mac);
	if (is_valid_ether_addr(mac)) {
		eth_hw_addr_set(priv->netdev, mac);
		return;
	}
	eth_hw_addr_random(priv->netdev);
	netdev_warn(priv->netdev,
		    "permanent MAC %pM is not a unicast address, using random %pM\n",
		    mac, priv->netdev->dev_addr);
}

static struct cx4_en_priv *cx4_en_alloc(struct cx4_core *core)
{
	struct cx4_en_priv *priv;
	struct net_device *netdev;
	struct cx4_en_limits lim;
	u32 nch;

	cx4_en_limits_compute(cx4_core_cap(core, CX4_CAP_GENERAL),
			      cx4_core_cap(core, CX4_CAP_ETH_OFFLOAD),
			      cx4_core_cap(core, CX4_CAP_FLOW_TABLE),
			      cx4_core_num_comp_vectors(core), &lim);
	nch = lim.val[CX4_EN_LIM_CHANNELS];
	netdev = alloc_etherdev_mqs(sizeof(*priv), nch, nch);
	if (!netdev)
		return NULL;
	SET_NETDEV_DEV(netdev, cx4_core_dev(core));
	cx4_netdev_devlink_port_set(netdev, cx4_core_devlink_port(core));
	priv = netdev_priv(netdev);
	priv->netdev = netdev;
	priv->core = core;
	priv->lim = lim;
	priv->max_channels = nch;
	priv->num_channels = nch;
	priv->msg_enable = CX4_EN_MSG_DEFAULT;
	spin_lock_init(&priv->carrier_lock);
	seqlock_init(&priv->stats_lock);
	INIT_WORK(&priv->recover_work, cx4_en_recover_work);
	INIT_WORK(&priv->oob_work, cx4_en_q_counter_work);
	INIT_DELAYED_WORK(&priv->recover_retry, cx4_en_recover_retry_work);
	priv->link_nb.notifier_call = cx4_en_link_event;
	priv->stats = cx4_en_stats_alloc(nch);
	if (!priv->stats || cx4_en_fs_init(priv)) {
		kfree(priv->stats);
		free_netdev(netdev);
		return NULL;
	}
	return priv;
}

static void cx4_en_free(struct cx4_en_priv *priv)
{
	cx4_en_fs_cleanup(priv);
	kfree(priv->stats);
	free_netdev(priv->netdev);
}

/*
 * Offloads by what the device reports (PRM Table 147): checksums
 * (csum_cap), VLAN insertion/stripping (vlan_cap), LSO up to
 * 2^max_lso_cap bytes.
 */
static void cx4_en_features_init(struct cx4_en_priv *priv)
{
	const void *cap = cx4_core_cap(priv->core, CX4_CAP_ETH_OFFLOAD);
	struct net_device *netdev = priv->netdev;
	netdev_features_t f = NETIF_F_SG | NETIF_F_RXHASH;
	u32 lso = cap ? CX4_GET(ETH_CAP, cap, MAX_LSO_CAP) : 0;

	if (cap && CX4_GET(ETH_CAP, cap, CSUM_CAP))
		f |= NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | NETIF_F_RXCSUM;
	if (cap && CX4_GET(ETH_CAP, cap, VLAN_CAP))
		f |= NETIF_F_HW_VLAN_CTAG_TX | NETIF_F_HW_VLAN_CTAG_RX;
	/* LSO of at least a 64 KB GSO frame; the checksums come with it. */
	if ((f & NETIF_F_IP_CSUM) && lso >= 16) {
		f |= NETIF_F_TSO | NETIF_F_TSO6;
		netif_set_tso_max_size(netdev, min_t(u32, 1u << min(lso, 31u),
						     GSO_MAX_SIZE));
	}
	/* VLAN filtering on; LRO (when the device has it) off by default */
	f |= NETIF_F_HW_VLAN_CTAG_FILTER;
	/* ethtool -N rules applied (on by default) where the device can */
	if (cx4_en_nt_supported(priv))
		f |= NETIF_F_NTUPLE;
	netdev->hw_features = f;
	if (cap && CX4_GET(ETH_CAP, cap, LRO_CAP))
		netdev->hw_features |= NETIF_F_LRO;
	netdev->features = f;
	netdev->vlan_features = f & (NETIF_F_SG | NETIF_F_IP_CSUM |
				     NETIF_F_IPV6_CSUM | NETIF_F_RXCSUM |
				     NETIF_F_TSO | NETIF_F_TSO6);
	netdev->watchdog_timeo = CX4_EN_TX_TIMEOUT;
	cx4_xdp_features_set(netdev, false);
}

static int cx4_en_netdev_init(struct cx4_en_priv *priv)
{
	struct net_device *netdev = priv->netdev;
	u32 max_hw_mtu;
	int err;

	netdev->netdev_ops = &cx4_en_netdev_ops;
	netdev->ethtool_ops = &cx4_en_ethtool_ops;
	cx4_netdev_set_stat_ops(netdev, &cx4_en_stat_ops);
	netdev->min_mtu = ETH_MIN_MTU;
	err = cx4_en_port_max_mtu(priv, &max_hw_mtu);
	if (err)
		return err;
	netdev->max_mtu = max_hw_mtu - CX4_EN_HW_MTU_OVERHEAD;
	cx4_en_features_init(priv);
	/*
	 * The L2 table follows a MAC change while up and holds the unicast
	 * list (a bridge with VLAN filtering then leaves the port out of
	 * promiscuous mode, so its VLAN filter holds).
	 */
	netdev->priv_flags |= IFF_LIVE_ADDR_CHANGE | IFF_UNICAST_FLT;
	err = cx4_en_inline_mode_query(priv, &priv->inline_mode);
	if (err)
		return err;
	priv->lkey = cx4_core_lkey(priv->core);
	priv->params.mtu = netdev->mtu;
	priv->params.num_channels = priv->num_channels;
	priv->params.log_sq_size = CX4_EN_LOG_SQ_SIZE;
	priv->params.log_rq_size = CX4_EN_LOG_RQ_SIZE;
	err = cx4_en_params_fit_caps(priv, &priv->params, true);
	if (err)
		return err;
	priv->params.rx_vlan_strip =
		!!(netdev->features & NETIF_F_HW_VLAN_CTAG_RX);
	cx4_en_coal_defaults(priv);
	err = netif_set_real_num_tx_queues(netdev, priv->num_channels);
	if (err)
		return err;
	err = netif_set_real_num_rx_queues(netdev, priv->num_channels);
	if (err)
		return err;
	cx4_en_set_mac(priv);
	/* The device starts with the port MTU; make it the netdev's. */
	return cx4_en_hw_mtu_set(priv, cx4_en_hw_mtu(netdev->mtu));
}

static int cx4_en_attach(struct auxiliary_device *adev,
			 const struct auxiliary_device_id *id)
{
	struct cx4_core *core = cx4_adev_core(adev);
	struct cx4_en_priv *priv;
	int err;

	priv = cx4_en_alloc(core);
	if (!priv)
		return -ENOMEM;
	cx4_en_limits_log(priv, &priv->lim);
	err = cx4_en_netdev_init(priv);
	if (err)
		goto err_free;
	rtnl_lock();
	cx4_en_q_counter_create(priv);
	rtnl_unlock();
	netif_carrier_off(priv->netdev);
	cx4_en_ptp_create(priv);
	err = register_netdev(priv->netdev);
	if (err)
		goto err_destroy_ptp;
	cx4_devlink_port_netdev_registered(cx4_core_devlink_port(core),
					   priv->netdev);
	/*
	 * Notifier first, then read the state: a change after the read is
	 * notified, one before it is seen by the read.
	 */
	err = cx4_core_register_link_notifier(core, &priv->link_nb);
	if (err)
		goto err_unregister_netdev;
	cx4_en_carrier_update(priv);

	auxiliary_set_drvdata(adev, priv);
	debugfs_create_atomic_t("fail_tx_map", 0600, cx4_core_debugfs(core),
				&priv->fail_tx_map);
	debugfs_create_atomic_t("fail_rx_alloc", 0600, cx4_core_debugfs(core),
				&priv->fail_rx_alloc);
	netdev_info(priv->netdev, "MAC %pM, %u channels, MTU %u (max %u), link %s\n",
		    priv->netdev->dev_addr, priv->num_channels,
		    priv->netdev->mtu, priv->netdev->max_mtu,
		    cx4_core_link_up(core) ? "up" : "down");
	return 0;

err_unregister_netdev:
	cx4_devlink_port_netdev_unregistering(cx4_core_devlink_port(core));
	unregister_netdev(priv->netdev);
	cancel_work_sync(&priv->recover_work);
	cancel_delayed_work_sync(&priv->recover_retry);
	cancel_work_sync(&priv->oob_work);
err_destroy_ptp:
	cx4_en_ptp_destroy(priv);
	rtnl_lock();
	cx4_en_q_counter_destroy(priv);
	rtnl_unlock();
err_free:
	cx4_en_free(priv);
	return err;
}

/*
 * Before a recovery takes the function down: the queues close (their
 * DESTROYs fail on a dead device; what it may still use is kept until
 * the reset, see channels.c) and the netdev is detached, so that the
 * stack neither transmits nor calls in for commands.  It stays
 * registered and, if it was, up.
 */
static int cx4_en_suspend(struct auxiliary_device *adev, pm_message_t state)
{
	struct cx4_en_priv *priv = auxiliary_get_drvdata(adev);

	rtnl_lock();
	if (!priv->suspended) {
		cx4_en_q_counter_suspend(priv);
		WRITE_ONCE(priv->suspended, true);
		netif_device_detach(priv->netdev);
		if (netif_running(priv->netdev)) {
			netif_tx_disable(priv->netdev);
			cx4_en_channels_close(priv);
		}
		cx4_en_carrier_update(priv);
		cx4_en_ptp_suspend(priv);
	}
	rtnl_unlock();
	/* chs is NULL: a queued recovery or retry finds nothing to do. */
	cancel_work_sync(&priv->recover_work);
	cancel_work_sync(&priv->oob_work);
	cancel_delayed_work_sync(&priv->recover_retry);
	netdev_warn(priv->netdev, "suspended for the function's recovery\n");
	return 0;
}

/* What the new function instance tells again: lkey, inline mode, MTUs. */
static int cx4_en_resume_device(struct cx4_en_priv *priv)
{
	struct net_device *netdev = priv->netdev;
	u32 max_hw_mtu;
	int err;

	cx4_en_limits_get(priv, &priv->lim);
	if (priv->lim.val[CX4_EN_LIM_CHANNELS] < priv->max_channels) {
		netdev_err(netdev, "room for %u channels after recovery, %u before\n",
			   priv->lim.val[CX4_EN_LIM_CHANNELS],
			   priv->max_channels);
		return -EIO;
	}
	err = cx4_en_port_max_mtu(priv, &max_hw_mtu);
	if (err)
		return err;
	if (cx4_en_hw_mtu(netdev->mtu) > max_hw_mtu) {
		netdev_err(netdev, "MTU %u above the port's %u after recovery\n",
			   netdev->mtu, max_hw_mtu - CX4_EN_HW_MTU_OVERHEAD);
		return -EIO;
	}
	/* The rings stay as the operator set them, or the resume fails. */
	err = cx4_en_params_fit_caps(priv, &priv->params, false);
	if (err)
		return err;
	cx4_en_coal_fit_caps(priv);
	err = cx4_en_inline_mode_query(priv, &priv->inline_mode);
	if (err)
		return err;
	priv->lkey = cx4_core_lkey(priv->core);
	err = cx4_en_hw_mtu_set(priv, cx4_en_hw_mtu(netdev->mtu));
	if (err)
		return err;
	cx4_en_q_counter_resume(priv);
	return 0;
}

static int cx4_en_resume(struct auxiliary_device *adev)
{
	struct cx4_en_priv *priv = auxiliary_get_drvdata(adev);
	struct net_device *netdev = priv->netdev;
	int err;

	rtnl_lock();
	err = cx4_en_resume_device(priv);
	if (err)
		goto out_unlock;
	WRITE_ONCE(priv->suspended, false);
	cx4_en_ptp_resume(priv);
	if (netif_running(netdev)) {
		err = cx4_en_open(netdev);
		if (err) {
			WRITE_ONCE(priv->suspended, true);
			goto out_unlock;
		}
	}
	netif_device_attach(netdev);
	cx4_en_carrier_update(priv);
out_unlock:
	rtnl_unlock();
	if (err)
		netdev_err(netdev, "cannot resume after the recovery: %d\n", err);
	else
		netdev_warn(netdev, "resumed after the function's recovery\n");
	return err;
}

static void cx4_en_detach(struct auxiliary_device *adev)
{
	struct cx4_en_priv *priv = auxiliary_get_drvdata(adev);

	debugfs_lookup_and_remove("fail_tx_map", cx4_core_debugfs(priv->core));
	debugfs_lookup_and_remove("fail_rx_alloc", cx4_core_debugfs(priv->core));
	cx4_core_unregister_link_notifier(priv->core, &priv->link_nb);
	cx4_devlink_port_netdev_unregistering(cx4_core_devlink_port(priv->core));
	unregister_netdev(priv->netdev);
	/* Closed: nothing queues recovery or a retry any more. */
	cancel_work_sync(&priv->recover_work);
	cancel_delayed_work_sync(&priv->recover_retry);
	cancel_work_sync(&priv->oob_work);
	cx4_en_ptp_destroy(priv);
	rtnl_lock();
	cx4_en_q_counter_destroy(priv);
	rtnl_unlock();
	cx4_en_free(priv);
}

static const struct auxiliary_device_id cx4_en_adev_ids[] = {
	{ .name = KBUILD_MODNAME "." CX4_ADEV_ETH },
	{ }
};

static struct auxiliary_driver cx4_en_driver = {
	.name		= CX4_ADEV_ETH,
	.id_table	= cx4_en_adev_ids,
	.probe		= cx4_en_attach,
	.remove		= cx4_en_detach,
	.suspend	= cx4_en_suspend,
	.resume		= cx4_en_resume,
	/* The core binds and unbinds (see include/linux/cx4/core.h). */
	.driver.suppress_bind_attrs = true,
};

int cx4_en_register(void)
{
	return auxiliary_driver_register(&cx4_en_driver);
}

void cx4_en_unregister(void)
{
	auxiliary_driver_unregister(&cx4_en_driver);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 compatibility with older kernels.  cx4 builds against Linux 6.12 and
 * 6.1; every shim for an API difference between them lives here, keyed on
 * LINUX_VERSION_CODE, and nowhere else.
 *
 * devlink formatted messages (health diagnose): the pair helpers return
 * an error in 6.1 (-EMSGSIZE once the message is full) and nothing from
 * 6.7 on (devlink keeps the error in the message and reports it).  The
 * cx4_fmsg_*_put() shims call them as statements, which compiles with
 * both; cx4's diagnose message is a few fixed pairs, far from full.
 *
 * The page_pool API moved from <net/page_pool.h> to
 * <net/page_pool/helpers.h> (and types.h) in 6.6; en/ includes this
 * file for it.  Kbuild defines CX4_HAVE_PAGE_POOL_HELPERS when the
 * kernel tree has the new header (sparse knows no __has_include).
 */
#ifndef _CX4_COMPAT_H
#define _CX4_COMPAT_H

#include <linux/netdevice.h>
#include <linux/version.h>

#if IS_ENABLED(CONFIG_NET_DEVLINK)
#include <net/devlink.h>

static inline void cx4_fmsg_u32_put(struct devlink_fmsg *fmsg,
				    const char *name, u32 value)
{
	devlink_fmsg_u32_pair_put(fmsg, name, value);
}

static inline void cx4_fmsg_string_put(struct devlink_fmsg *fmsg,
				       const char *name, const char *value)
{
	devlink_fmsg_string_pair_put(fmsg, name, value);
}

/*
 * devlink dev info: from 6.2 the devlink core reports the driver name
 * itself and devlink_info_driver_name_put() is gone; before, the driver
 * puts it.  Kbuild defines CX4_HAVE_DEVLINK_INFO_DRIVER_NAME when the
 * kernel's <net/devlink.h> still declares it.
 */
static inline int cx4_devlink_info_driver_name(struct devlink_info_req *req,
					       const char *name)
{
#ifdef CX4_HAVE_DEVLINK_INFO_DRIVER_NAME
	return devlink_info_driver_name_put(req, name);
#else
	return 0;
#endif
}

/*
 * A netdev on a devlink port (phys_port_name, udev's predictable name):
 * from 6.2 the netdev names its port before register_netdev()
 * (SET_NETDEV_DEVLINK_PORT) and devlink follows it; before, the port is
 * told of the netdev after registration and cleared before
 * unregistration.  @port may be NULL (no port): nothing is linked.
 */
static inline void cx4_netdev_devlink_port_set(struct net_device *netdev,
					       struct devlink_port *port)
{
#ifdef SET_NETDEV_DEVLINK_PORT
	SET_NETDEV_DEVLINK_PORT(netdev, port);
#endif
}

static inline void cx4_devlink_port_netdev_registered(struct devlink_port *port,
						      struct net_device *netdev)
{
#ifndef SET_NETDEV_DEVLINK_PORT
	if (port)
		devlink_port_type_eth_set(port, netdev);
#endif
}

static inline void cx4_devlink_port_netdev_unregistering(struct devlink_port *port)
{
#ifndef SET_NETDEV_DEVLINK_PORT
	if (port)
		devlink_port_type_clear(port);
#endif
}
#else
static inline void cx4_netdev_devlink_port_set(struct net_device *netdev,
					       struct devlink_port *port)
{
}

static inline void cx4_devlink_port_netdev_registered(struct devlink_port *port,
						      struct net_device *netdev)
{
}

static inline void cx4_devlink_port_netdev_unregistering(struct devlink_port *port)
{
}
#endif /* CONFIG_NET_DEVLINK */

#ifdef CX4_HAVE_PAGE_POOL_HELPERS
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif

/*
 * A page pool that names its netdev is listed, with its in-flight pages,
 * by the netdev netlink family (page-pool-get, 6.8+); before, it cannot.
 */
static inline void cx4_page_pool_set_netdev(struct page_pool_params *pp,
					    struct net_device *netdev)
{
#ifdef CX4_HAVE_PAGE_POOL_NETDEV
	pp->netdev = netdev;
#endif
}

/*
 * page_pool_alloc_frag() needs PP_FLAG_PAGE_FRAG on the pool before 6.7
 * (the fragment count lived apart from the page's reference); from 6.7
 * every pool can split its pages and the flag is gone.
 */
#ifdef PP_FLAG_PAGE_FRAG
#define CX4_PP_FLAG_PAGE_FRAG	PP_FLAG_PAGE_FRAG
#else
#define CX4_PP_FLAG_PAGE_FRAG	0
#endif

/*
 * The netdev netlink family names each queue's NAPI (queue-get) and
 * each NAPI's IRQ (napi-get) from 6.8; before, the stack keeps neither.
 * Kbuild defines CX4_HAVE_QUEUE_NAPI when <linux/netdevice.h> has
 * netif_queue_set_napi().  A queue pair is RX and TX queue @ix.
 */
static inline void cx4_queue_pair_set_napi(struct net_device *netdev,
					   unsigned int ix,
					   struct napi_struct *napi)
{
#ifdef CX4_HAVE_QUEUE_NAPI
	netif_queue_set_napi(netdev, ix, NETDEV_QUEUE_TYPE_RX, napi);
	netif_queue_set_napi(netdev, ix, NETDEV_QUEUE_TYPE_TX, napi);
#endif
}

static inline void cx4_napi_set_irq(struct napi_struct *napi, int irq)
{
#ifdef CX4_HAVE_QUEUE_NAPI
	netif_napi_set_irq(napi, irq);
#endif
}

/*
 * Queue statistics (struct netdev_stat_ops, netlink qstats-get) exist
 * from 6.10; Kbuild defines CX4_HAVE_NETDEV_STAT_OPS and builds the
 * ops (en/qstats.c) only then.  Before, the netdev has none, and @ops
 * is only an operand of sizeof: the symbol, not built, is not referenced.
 */
#ifdef CX4_HAVE_NETDEV_STAT_OPS
#include <net/netdev_queues.h>
#define cx4_netdev_set_stat_ops(netdev, ops)	((netdev)->stat_ops = (ops))
#else
#define cx4_netdev_set_stat_ops(netdev, ops)	\
	((void)(netdev), (void)sizeof(ops))
#endif

/*
 * chan: formatted extack messages exist from 6.2; before, the message
 * names the kernel log, which gets the formatted text.
 */
#include <linux/netlink.h>
#ifndef NL_SET_ERR_MSG_FMT_MOD
#define NL_SET_ERR_MSG_FMT_MOD(extack, fmt, args...) do {		\
	NL_SET_ERR_MSG_MOD(extack, "invalid request: see the kernel log"); \
	pr_err(KBUILD_MODNAME ": " fmt "\n", ##args);			\
} while (0)
#endif

/*
 * ptp: ethtool -T fills struct kernel_ethtool_ts_info from 6.11, struct
 * ethtool_ts_info before (same fields).  Kbuild defines
 * CX4_HAVE_KERNEL_TS_INFO when <linux/ethtool.h> has the new one.
 */
#ifdef CX4_HAVE_KERNEL_TS_INFO
#define cx4_ethtool_ts_info kernel_ethtool_ts_info
#else
#define cx4_ethtool_ts_info ethtool_ts_info
#endif

/*
 * ptp: hardware timestamping is configured through ndo_hwtstamp_get/set
 * (struct kernel_hwtstamp_config, extack) from 6.6, through
 * SIOC[GS]HWTSTAMP in ndo_eth_ioctl (struct hwtstamp_config from user
 * space) before.  Both call en/ptp.c's two functions below;
 * CX4_NDO_HWTSTAMP fills the net_device_ops.  Kbuild defines
 * CX4_HAVE_NDO_HWTSTAMP when <linux/netdevice.h> has ndo_hwtstamp_set.
 */
#include <linux/net_tstamp.h>
void cx4_en_hwtstamp_get_cfg(struct net_device *netdev, int *tx_type,
			     int *rx_filter);
int cx4_en_hwtstamp_set_cfg(struct net_device *netdev, int tx_type,
			    int *rx_filter, struct netlink_ext_ack *extack);

#ifdef CX4_HAVE_NDO_HWTSTAMP
static inline int cx4_ndo_hwtstamp_get(struct net_device *netdev,
				       struct kernel_hwtstamp_config *cfg)
{
	cx4_en_hwtstamp_get_cfg(netdev, &cfg->tx_type, &cfg->rx_filter);
	return 0;
}

static inline int cx4_ndo_hwtstamp_set(struct net_device *netdev,
				       struct kernel_hwtstamp_config *cfg,
				       struct netlink_ext_ack *extack)
{
	return cx4_en_hwtstamp_set_cfg(netdev, cfg->tx_type, &cfg->rx_filter,
				       extack);
}

#define CX4_NDO_HWTSTAMP					\
	.ndo_hwtstamp_get	= cx4_ndo_hwtstamp_get,		\
	.ndo_hwtstamp_set	= cx4_ndo_hwtstamp_set
#else
#include <linux/uaccess.h>

static inline int cx4_ndo_eth_ioctl(struct net_device *netdev,
				    struct ifreq *ifr, int cmd)
{
	struct hwtstamp_config cfg;
	int err;

	if (cmd != SIOCSHWTSTAMP && cmd != SIOCGHWTSTAMP)
		return -EOPNOTSUPP;
	if (cmd == SIOCSHWTSTAMP) {
		if (copy_from_user(&cfg, ifr->ifr_data, sizeof(cfg)))
			return -EFAULT;
		if (cfg.flags)
			return -EINVAL;
		err = cx4_en_hwtstamp_set_cfg(netdev, cfg.tx_type,
					      &cfg.rx_filter, NULL);
		if (err)
			return err;
	} else {
		memset(&cfg, 0, sizeof(cfg));
		cx4_en_hwtstamp_get_cfg(netdev, &cfg.tx_type, &cfg.rx_filter);
	}
	return copy_to_user(ifr->ifr_data, &cfg, sizeof(cfg)) ? -EFAULT : 0;
}

#define CX4_NDO_HWTSTAMP	.ndo_eth_ioctl = cx4_ndo_eth_ioctl
#endif

/*
 * xdp: the XDP actions a netdev advertises (netlink dev-get xdp-features)
 * exist from 6.3; Kbuild defines CX4_HAVE_XDP_FEATURES when <net/xdp.h>
 * has xdp_set_features_flag().  Before, the stack asks nothing.
 * @ndo_xmit: the driver takes frames redirected to it (ndo_xdp_xmit).
 */
#include <net/xdp.h>
static inline void cx4_xdp_features_set(struct net_device *netdev,
					bool ndo_xmit)
{
#ifdef CX4_HAVE_XDP_FEATURES
	xdp_set_features_flag(netdev, NETDEV_XDP_ACT_BASIC |
			      NETDEV_XDP_ACT_REDIRECT |
			      (ndo_xmit ? NETDEV_XDP_ACT_NDO_XMIT : 0));
#endif
}

#endif /* _CX4_COMPAT_H */

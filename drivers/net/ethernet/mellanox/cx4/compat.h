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
#endif /* CONFIG_NET_DEVLINK */

/*
 * ethtool get_rxfh/set_rxfh take struct ethtool_rxfh_param from 6.8 on,
 * separate indir/key/hfunc arguments before; Kbuild defines
 * CX4_HAVE_RXFH_PARAM when the kernel has the structure.  The callbacks
 * below adapt either form to en/rss.c's cx4_en_rss_get()/_set().
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>

int cx4_en_rss_get(struct net_device *netdev, u32 *indir, u8 *key, u8 *hfunc);
int cx4_en_rss_set(struct net_device *netdev, const u32 *indir, const u8 *key,
		   u8 hfunc, struct netlink_ext_ack *extack);

#ifdef CX4_HAVE_RXFH_PARAM
static inline int cx4_compat_get_rxfh(struct net_device *dev,
				      struct ethtool_rxfh_param *p)
{
	return cx4_en_rss_get(dev, p->indir, p->key, &p->hfunc);
}

static inline int cx4_compat_set_rxfh(struct net_device *dev,
				      struct ethtool_rxfh_param *p,
				      struct netlink_ext_ack *extack)
{
	if (p->rss_context)
		return -EOPNOTSUPP;
	return cx4_en_rss_set(dev, p->indir, p->key, p->hfunc, extack);
}
#else
static inline int cx4_compat_get_rxfh(struct net_device *dev, u32 *indir,
				      u8 *key, u8 *hfunc)
{
	return cx4_en_rss_get(dev, indir, key, hfunc);
}

static inline int cx4_compat_set_rxfh(struct net_device *dev,
				      const u32 *indir, const u8 *key,
				      const u8 hfunc)
{
	return cx4_en_rss_set(dev, indir, key, hfunc, NULL);
}
#endif

#ifdef CX4_HAVE_PAGE_POOL_HELPERS
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
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

#endif /* _CX4_COMPAT_H */

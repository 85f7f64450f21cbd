// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: flow steering (PRM 7.11, 12.14): receive steering
 * and filtering.
 *
 * Four NIC RX flow tables, each level feeding the next:
 *
 *   VLAN (level 0, the root)   untagged; each active VID; any tagged
 *                              frame when VLAN filtering is off or the
 *                              interface is promiscuous
 *     -> L2 (level 1)          own address, unicast and multicast lists,
 *                              broadcast (full DMAC); all multicast
 *                              (allmulti); everything (promiscuous)
 *       -> rules (level 2, ntuple.c) ethtool -N rules: a queue or drop;
 *                              the rest goes on (missing the table)
 *         -> TTC (level 3, rss.c) traffic type -> indirect TIRs / direct TIR
 *
 * A frame that matches no entry takes the default miss action (dropped).
 * Entries are changed by difference (new ones first, stale ones after),
 * so an address or VID that stays is never missing in between.  The
 * tables exist while the channels are open; the settings (active VIDs,
 * filtering, LRO, RSS) live as long as the netdev.  Everything runs
 * under RTNL; ndo_set_rx_mode (atomic context) defers to a work item.
 */

#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"
#include "txrx.h"

/* --- L2 table ------------------------------------------------------------------ */

enum {
	CX4_EN_L2_FG_DMAC,	/* full DMAC: own, unicast, multicast, bcast */
	CX4_EN_L2_FG_MCAST,	/* multicast bit: allmulti */
	CX4_EN_L2_FG_ANY,	/* no criteria: promiscuous */
	CX4_EN_L2_NUM_FG
};

#define CX4_EN_L2_LOG_SIZE	10
#define CX4_EN_L2_IX_MCAST	CX4_EN_L2_MAX_ADDRS
#define CX4_EN_L2_IX_ANY	(CX4_EN_L2_MAX_ADDRS + 1)
static_assert(CX4_EN_L2_IX_ANY < (1u << CX4_EN_L2_LOG_SIZE));

static const struct cx4_en_fg_spec cx4_en_l2_groups[CX4_EN_L2_NUM_FG] = {
	[CX4_EN_L2_FG_DMAC]  = { 0, CX4_EN_L2_MAX_ADDRS - 1, CX4_EN_M_DMAC },
	[CX4_EN_L2_FG_MCAST] = { CX4_EN_L2_IX_MCAST, CX4_EN_L2_IX_MCAST,
				 CX4_EN_M_MCAST },
	[CX4_EN_L2_FG_ANY]   = { CX4_EN_L2_IX_ANY, CX4_EN_L2_IX_ANY, 0 },
};

static int cx4_en_l2_fwd(struct cx4_en_priv *priv, u32 group, u32 index,
			 const struct cx4_en_match *m)
{
	struct cx4_en_dest d = { CX4_FLOW_DEST_FLOW_TABLE,
				 cx4_en_nt_entry_table(priv) };

	return cx4_en_fte_add(priv, &priv->fs.l2, group, index, m, &d);
}

static struct cx4_en_l2_addr *cx4_en_l2_find(struct cx4_en_fs *fs,
					     const u8 *mac)
{
	u32 i;

	for (i = 0; i < fs->naddrs; i++)
		if (ether_addr_equal(fs->addrs[i].mac, mac))
			return &fs->addrs[i];
	return NULL;
}

/* A flow index of the DMAC group no installed address uses. */
static u32 cx4_en_l2_free_index(struct cx4_en_fs *fs)
{
	DECLARE_BITMAP(used, CX4_EN_L2_MAX_ADDRS);
	u32 i;

	bitmap_zero(used, CX4_EN_L2_MAX_ADDRS);
	for (i = 0; i < fs->naddrs; i++)
		__set_bit(fs->addrs[i].index, used);
	return find_first_zero_bit(used, CX4_EN_L2_MAX_ADDRS);
}

static int cx4_en_l2_addr_add(struct cx4_en_priv *priv, const u8 *mac)
{
	struct cx4_en_match m = { .fields = CX4_EN_M_DMAC };
	struct cx4_en_fs *fs = &priv->fs;
	u32 ix;
	int err;

	if (cx4_en_l2_find(fs, mac))
		return 0;
	ix = cx4_en_l2_free_index(fs);
	if (ix >= CX4_EN_L2_MAX_ADDRS)
		return -ENOSPC;
	ether_addr_copy(m.dmac, mac);
	err = cx4_en_l2_fwd(priv, CX4_EN_L2_FG_DMAC, ix, &m);
	if (err)
		return err;
	ether_addr_copy(fs->addrs[fs->naddrs].mac, mac);
	fs->addrs[fs->naddrs++].index = ix;
	return 0;
}

static void cx4_en_l2_addr_del(struct cx4_en_priv *priv, u32 i)
{
	struct cx4_en_fs *fs = &priv->fs;

	cx4_en_fte_del(priv, &fs->l2, fs->addrs[i].index);
	fs->addrs[i] = fs->addrs[--fs->naddrs];
}

/* Add or delete the single entry at @index of @group to match @on. */
static int cx4_en_l2_toggle(struct cx4_en_priv *priv, bool *state, bool on,
			    u32 group, u32 index)
{
	struct cx4_en_match m = {
		.fields = cx4_en_l2_groups[group].fields,
	};
	int err;

	if (*state == on)
		return 0;
	if (on) {
		err = cx4_en_l2_fwd(priv, group, index, &m);
		if (err)
			return err;
	} else {
		cx4_en_fte_del(priv, &priv->fs.l2, index);
	}
	*state = on;
	return 0;
}

static bool cx4_en_mac_in(const u8 *list, u32 n, const u8 *mac)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (ether_addr_equal(list + i * ETH_ALEN, mac))
			return true;
	return false;
}

/*
 * The addresses the interface wants (own, broadcast, unicast and
 * multicast lists) into @list (room for CX4_EN_L2_MAX_ADDRS); sets
 * *@overflow when they do not all fit.
 */
static u32 cx4_en_l2_wanted(struct net_device *netdev, u8 *list,
			    bool *overflow)
{
	struct netdev_hw_addr *ha;
	u32 n = 0;

	*overflow = false;
	ether_addr_copy(list + n++ * ETH_ALEN, netdev->dev_addr);
	ether_addr_copy(list + n++ * ETH_ALEN, netdev->broadcast);
	netif_addr_lock_bh(netdev);
	netdev_for_each_uc_addr(ha, netdev) {
		if (cx4_en_mac_in(list, n, ha->addr))
			continue;
		if (n == CX4_EN_L2_MAX_ADDRS) {
			*overflow = true;
			break;
		}
		ether_addr_copy(list + n++ * ETH_ALEN, ha->addr);
	}
	netdev_for_each_mc_addr(ha, netdev) {
		if (cx4_en_mac_in(list, n, ha->addr))
			continue;
		if (n == CX4_EN_L2_MAX_ADDRS) {
			*overflow = true;
			break;
		}
		ether_addr_copy(list + n++ * ETH_ALEN, ha->addr);
	}
	netif_addr_unlock_bh(netdev);
	return n;
}

/* --- VLAN table ---------------------------------------------------------------- */

enum {
	CX4_EN_VLAN_FG_UNTAGGED,	/* cvlan_tag 0 */
	CX4_EN_VLAN_FG_ANY_VID,		/* cvlan_tag 1, any VID */
	CX4_EN_VLAN_FG_VID,		/* cvlan_tag 1 and the VID */
	CX4_EN_VLAN_NUM_FG
};

#define CX4_EN_VLAN_LOG_SIZE	13
#define CX4_EN_VLAN_IX_UNTAGGED	0
#define CX4_EN_VLAN_IX_ANY_VID	1
#define CX4_EN_VLAN_IX_VID(vid)	(2 + (vid))
static_assert(CX4_EN_VLAN_IX_VID(VLAN_N_VID - 1) < (1u << CX4_EN_VLAN_LOG_SIZE));

static const struct cx4_en_fg_spec cx4_en_vlan_groups[CX4_EN_VLAN_NUM_FG] = {
	[CX4_EN_VLAN_FG_UNTAGGED] = { 0, 0, CX4_EN_M_CVLAN },
	[CX4_EN_VLAN_FG_ANY_VID]  = { 1, 1, CX4_EN_M_CVLAN },
	[CX4_EN_VLAN_FG_VID]	  = { CX4_EN_VLAN_IX_VID(0),
				      CX4_EN_VLAN_IX_VID(VLAN_N_VID - 1),
				      CX4_EN_M_CVLAN | CX4_EN_M_VID },
};

static int cx4_en_vlan_fwd(struct cx4_en_priv *priv, u32 group, u32 index,
			   u8 cvlan, u16 vid)
{
	struct cx4_en_dest d = { CX4_FLOW_DEST_FLOW_TABLE, priv->fs.l2.id };
	struct cx4_en_match m = {
		.fields = cx4_en_vlan_groups[group].fields,
		.cvlan = cvlan,
		.vid = vid,
	};

	return cx4_en_fte_add(priv, &priv->fs.vlan, group, index, &m, &d);
}

static int cx4_en_vlan_toggle(struct cx4_en_priv *priv, bool *state, bool on,
			      u32 group, u32 index, u8 cvlan)
{
	int err;

	if (*state == on)
		return 0;
	if (on) {
		err = cx4_en_vlan_fwd(priv, group, index, cvlan, 0);
		if (err)
			return err;
	} else {
		cx4_en_fte_del(priv, &priv->fs.vlan, index);
	}
	*state = on;
	return 0;
}

static int cx4_en_vid_add_locked(struct cx4_en_priv *priv, u16 vid)
{
	int err;

	if (test_bit(vid, priv->fs.vlan_on))
		return 0;
	err = cx4_en_vlan_fwd(priv, CX4_EN_VLAN_FG_VID, CX4_EN_VLAN_IX_VID(vid),
			      1, vid);
	if (!err)
		__set_bit(vid, priv->fs.vlan_on);
	return err;
}

static void cx4_en_vid_del_locked(struct cx4_en_priv *priv, u16 vid)
{
	if (!__test_and_clear_bit(vid, priv->fs.vlan_on))
		return;
	cx4_en_fte_del(priv, &priv->fs.vlan, CX4_EN_VLAN_IX_VID(vid));
}

/* --- applying the wanted state ------------------------------------------------- */

static bool cx4_en_promisc(const struct cx4_en_priv *priv, bool overflow)
{
	return (priv->netdev->flags & IFF_PROMISC) || overflow;
}

/*
 * Bring the L2 and VLAN entries in line with the interface: add what is
 * missing first, then remove what is no longer wanted.  The first error
 * is returned; the entries installed so far stay (and are tracked).
 */
static int cx4_en_fs_sync_locked(struct cx4_en_priv *priv)
{
	struct net_device *netdev = priv->netdev;
	struct cx4_en_fs *fs = &priv->fs;
	bool overflow, promisc, any_vid;
	int err = 0, ret;
	u8 *list;
	u32 n, i;
	u16 vid;

	ASSERT_RTNL();
	if (!fs->ready)
		return 0;
	list = kmalloc_array(CX4_EN_L2_MAX_ADDRS, ETH_ALEN, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	n = cx4_en_l2_wanted(netdev, list, &overflow);
	if (overflow)
		net_warn_ratelimited("%s: more than %u addresses, promiscuous\n",
				     netdev->name, CX4_EN_L2_MAX_ADDRS);
	promisc = cx4_en_promisc(priv, overflow);
	any_vid = promisc || !fs->vlan_filter;

	/* additions */
	for (i = 0; i < n; i++) {
		ret = cx4_en_l2_addr_add(priv, list + i * ETH_ALEN);
		err = err ?: ret;
	}
	ret = cx4_en_l2_toggle(priv, &fs->promisc_on, promisc,
			       CX4_EN_L2_FG_ANY, CX4_EN_L2_IX_ANY);
	err = err ?: ret;
	ret = cx4_en_l2_toggle(priv, &fs->allmulti_on,
			       !!(netdev->flags & IFF_ALLMULTI),
			       CX4_EN_L2_FG_MCAST, CX4_EN_L2_IX_MCAST);
	err = err ?: ret;
	ret = cx4_en_vlan_toggle(priv, &fs->untagged_on, true,
				 CX4_EN_VLAN_FG_UNTAGGED,
				 CX4_EN_VLAN_IX_UNTAGGED, 0);
	err = err ?: ret;
	for_each_set_bit(vid, fs->active_vlans, VLAN_N_VID) {
		ret = cx4_en_vid_add_locked(priv, vid);
		err = err ?: ret;
	}
	if (any_vid) {
		ret = cx4_en_vlan_toggle(priv, &fs->any_vid_on, true,
					 CX4_EN_VLAN_FG_ANY_VID,
					 CX4_EN_VLAN_IX_ANY_VID, 1);
		err = err ?: ret;
	}

	/* removals */
	if (!any_vid)
		cx4_en_vlan_toggle(priv, &fs->any_vid_on, false,
				   CX4_EN_VLAN_FG_ANY_VID,
				   CX4_EN_VLAN_IX_ANY_VID, 1);
	for_each_set_bit(vid, fs->vlan_on, VLAN_N_VID)
		if (!test_bit(vid, fs->active_vlans))
			cx4_en_vid_del_locked(priv, vid);
	for (i = 0; i < fs->naddrs;) {
		if (cx4_en_mac_in(list, n, fs->addrs[i].mac))
			i++;
		else
			cx4_en_l2_addr_del(priv, i);
	}
	kfree(list);
	return err;
}

/* Delete every L2 and VLAN entry (teardown). */
static void cx4_en_fs_clear_locked(struct cx4_en_priv *priv)
{
	struct cx4_en_fs *fs = &priv->fs;
	u16 vid;

	for_each_set_bit(vid, fs->vlan_on, VLAN_N_VID)
		cx4_en_vid_del_locked(priv, vid);
	cx4_en_vlan_toggle(priv, &fs->any_vid_on, false, CX4_EN_VLAN_FG_ANY_VID,
			   CX4_EN_VLAN_IX_ANY_VID, 1);
	cx4_en_vlan_toggle(priv, &fs->untagged_on, false,
			   CX4_EN_VLAN_FG_UNTAGGED, CX4_EN_VLAN_IX_UNTAGGED, 0);
	cx4_en_l2_toggle(priv, &fs->promisc_on, false, CX4_EN_L2_FG_ANY,
			 CX4_EN_L2_IX_ANY);
	cx4_en_l2_toggle(priv, &fs->allmulti_on, false, CX4_EN_L2_FG_MCAST,
			 CX4_EN_L2_IX_MCAST);
	while (fs->naddrs)
		cx4_en_l2_addr_del(priv, fs->naddrs - 1);
}

static void cx4_en_rx_mode_work(struct work_struct *work)
{
	struct cx4_en_priv *priv = container_of(work, struct cx4_en_priv,
						fs.rx_mode_work);
	int err;

	rtnl_lock();
	err = cx4_en_fs_sync_locked(priv);
	rtnl_unlock();
	if (err)
		netdev_warn(priv->netdev, "rx mode not fully applied: %d\n", err);
}

/* ndo_set_rx_mode: atomic context (address list lock held). */
void cx4_en_set_rx_mode(struct net_device *netdev)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	queue_work(system_wq, &priv->fs.rx_mode_work);
}

int cx4_en_set_mac_address(struct net_device *netdev, void *addr)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	int err;

	err = eth_prepare_mac_addr_change(netdev, addr);
	if (err)
		return err;
	eth_commit_mac_addr_change(netdev, addr);
	/* The new address is added before the old one is removed. */
	err = cx4_en_fs_sync_locked(priv);
	if (err)
		netdev_err(netdev, "cannot steer the new address %pM: %d\n",
			   netdev->dev_addr, err);
	return err;
}

int cx4_en_vlan_rx_add_vid(struct net_device *netdev, __be16 proto, u16 vid)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	int err;

	if (proto != htons(ETH_P_8021Q) || vid >= VLAN_N_VID)
		return -EINVAL;
	ASSERT_RTNL();
	__set_bit(vid, priv->fs.active_vlans);
	if (!priv->fs.ready)
		return 0;
	err = cx4_en_vid_add_locked(priv, vid);
	if (err) {
		__clear_bit(vid, priv->fs.active_vlans);
		netdev_err(netdev, "cannot steer VLAN %u: %d\n", vid, err);
	}
	return err;
}

int cx4_en_vlan_rx_kill_vid(struct net_device *netdev, __be16 proto, u16 vid)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	if (proto != htons(ETH_P_8021Q) || vid >= VLAN_N_VID)
		return -EINVAL;
	ASSERT_RTNL();
	__clear_bit(vid, priv->fs.active_vlans);
	if (priv->fs.ready)
		cx4_en_vid_del_locked(priv, vid);
	return 0;
}

/* --- features ------------------------------------------------------------------ */

int cx4_en_fs_set_features(struct cx4_en_priv *priv,
			   netdev_features_t features)
{
	netdev_features_t changed = priv->netdev->features ^ features;
	struct cx4_en_fs *fs = &priv->fs;
	bool old;
	int err;

	ASSERT_RTNL();
	/*
	 * NETIF_F_RXHASH: rx.c reads netdev->features per frame;
	 * NETIF_F_LRO: main.c reopens the channels.
	 */
	if (changed & NETIF_F_HW_VLAN_CTAG_FILTER) {
		old = fs->vlan_filter;
		fs->vlan_filter = !!(features & NETIF_F_HW_VLAN_CTAG_FILTER);
		err = cx4_en_fs_sync_locked(priv);
		if (err) {
			fs->vlan_filter = old;
			cx4_en_fs_sync_locked(priv);
			return err;
		}
	}
	return 0;
}

/* --- create / destroy ---------------------------------------------------------- */

int cx4_en_fs_create(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
		     u32 nch)
{
	struct cx4_en_fs *fs = &priv->fs;
	int err;

	ASSERT_RTNL();
	err = cx4_en_rss_create(priv, chs);
	if (err)
		return err;
	err = cx4_en_rss_ctx_open(priv, chs, nch);
	if (err)
		goto err_destroy_rss;
	err = cx4_en_nt_create(priv, chs, nch, fs->ttc.id);
	if (err)
		goto err_close_ctx;
	err = cx4_en_ft_create(priv, &fs->l2, CX4_EN_L2_LEVEL,
			       CX4_EN_L2_LOG_SIZE, cx4_en_l2_groups,
			       CX4_EN_L2_NUM_FG);
	if (err)
		goto err_destroy_nt;
	err = cx4_en_ft_create(priv, &fs->vlan, 0, CX4_EN_VLAN_LOG_SIZE,
			       cx4_en_vlan_groups, CX4_EN_VLAN_NUM_FG);
	if (err)
		goto err_destroy_l2;
	fs->ready = true;
	err = cx4_en_fs_sync_locked(priv);
	if (err)
		goto err_clear;
	err = cx4_en_ft_simple(priv, CX4_CMD_SET_FLOW_TABLE_ROOT, fs->vlan.id);
	if (err)
		goto err_clear;
	return 0;

err_clear:
	fs->ready = false;
	cx4_en_fs_clear_locked(priv);
	cx4_en_ft_destroy(priv, &fs->vlan);
err_destroy_l2:
	cx4_en_ft_destroy(priv, &fs->l2);
err_destroy_nt:
	cx4_en_nt_destroy(priv);
err_close_ctx:
	cx4_en_rss_ctx_close(priv);
err_destroy_rss:
	cx4_en_rss_destroy(priv);
	return err;
}

void cx4_en_fs_destroy(struct cx4_en_priv *priv)
{
	struct cx4_en_fs *fs = &priv->fs;

	ASSERT_RTNL();
	if (!fs->ready)
		return;
	fs->ready = false;
	/* The root back to the default before its table goes. */
	cx4_en_ft_simple(priv, CX4_CMD_SET_FLOW_TABLE_ROOT, 0);
	cx4_en_fs_clear_locked(priv);
	cx4_en_ft_destroy(priv, &fs->vlan);
	cx4_en_ft_destroy(priv, &fs->l2);
	cx4_en_nt_destroy(priv);
	cx4_en_rss_ctx_close(priv);
	cx4_en_rss_destroy(priv);
}

int cx4_en_fs_init(struct cx4_en_priv *priv)
{
	struct cx4_en_fs *fs = &priv->fs;

	memset(fs, 0, sizeof(*fs));
	fs->addrs = kcalloc(CX4_EN_L2_MAX_ADDRS, sizeof(*fs->addrs),
			    GFP_KERNEL);
	if (!fs->addrs)
		return -ENOMEM;
	if (cx4_en_nt_init(priv)) {
		kfree(fs->addrs);
		fs->addrs = NULL;
		return -ENOMEM;
	}
	INIT_WORK(&fs->rx_mode_work, cx4_en_rx_mode_work);
	/* The netdev's initial features: VLAN filtering on, LRO off. */
	fs->vlan_filter = true;
	fs->lro = false;
	cx4_en_rss_init(priv);
	cx4_en_rss_ctx_init(priv);
	return 0;
}

/* After unregister_netdev(): nothing queues the work any more. */
void cx4_en_fs_cleanup(struct cx4_en_priv *priv)
{
	cancel_work_sync(&priv->fs.rx_mode_work);
	cx4_en_nt_cleanup(priv);
	cx4_en_rss_ctx_cleanup(priv);
	kfree(priv->fs.addrs);
	priv->fs.addrs = NULL;
}

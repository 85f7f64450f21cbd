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

static_assert(CX4_EN_L2_MAX_ADDRS + 2 <= (1u << CX4_EN_L2_LOG_SIZE));

/*
 * The groups' criteria.  Their ranges follow the table's size
 * (cx4_en_fs_create()): fs->l2_max full-DMAC entries from 0, then the
 * allmulti and promiscuous ones.
 */
static const u32 cx4_en_l2_fields[CX4_EN_L2_NUM_FG] = {
	[CX4_EN_L2_FG_DMAC]  = CX4_EN_M_DMAC,
	[CX4_EN_L2_FG_MCAST] = CX4_EN_M_MCAST,
	[CX4_EN_L2_FG_ANY]   = 0,
};

static u32 cx4_en_l2_ix_mcast(const struct cx4_en_fs *fs)
{
	return fs->l2_max;
}

static u32 cx4_en_l2_ix_any(const struct cx4_en_fs *fs)
{
	return fs->l2_max + 1;
}

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
	return find_first_zero_bit(used, fs->l2_max);
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
	if (ix >= fs->l2_max)
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
		.fields = cx4_en_l2_fields[group],
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
 * multicast lists) into @list (room for @max <= CX4_EN_L2_MAX_ADDRS);
 * sets *@overflow when they do not all fit.
 */
static u32 cx4_en_l2_wanted(struct net_device *netdev, u8 *list, u32 max,
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
		if (n >= max) {
			*overflow = true;
			break;
		}
		ether_addr_copy(list + n++ * ETH_ALEN, ha->addr);
	}
	netdev_for_each_mc_addr(ha, netdev) {
		if (cx4_en_mac_in(list, n, ha->addr))
			continue;
		if (n >= max) {
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

#define CX4_EN_VLAN_IX_UNTAGGED	0
#define CX4_EN_VLAN_IX_ANY_VID	1
#define CX4_EN_VLAN_IX_VID0	2	/* fs->vid_max VID entries from here */
static_assert(CX4_EN_VLAN_IX_VID0 + VLAN_N_VID <= (1u << CX4_EN_VLAN_LOG_SIZE));

/* The groups' criteria; the VID group's range follows fs->vid_max. */
static const u32 cx4_en_vlan_fields[CX4_EN_VLAN_NUM_FG] = {
	[CX4_EN_VLAN_FG_UNTAGGED] = CX4_EN_M_CVLAN,
	[CX4_EN_VLAN_FG_ANY_VID]  = CX4_EN_M_CVLAN,
	[CX4_EN_VLAN_FG_VID]	  = CX4_EN_M_CVLAN | CX4_EN_M_VID,
};

static int cx4_en_vlan_fwd(struct cx4_en_priv *priv, u32 group, u32 index,
			   u8 cvlan, u16 vid)
{
	struct cx4_en_dest d = { CX4_FLOW_DEST_FLOW_TABLE, priv->fs.l2.id };
	struct cx4_en_match m = {
		.fields = cx4_en_vlan_fields[group],
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

/* An entry for @vid at a free index of the VID group. */
static int cx4_en_vid_add_locked(struct cx4_en_priv *priv, u16 vid)
{
	struct cx4_en_fs *fs = &priv->fs;
	u32 slot;
	int err;

	if (test_bit(vid, fs->vlan_on))
		return 0;
	slot = find_first_zero_bit(fs->vid_index_used, fs->vid_max);
	if (slot >= fs->vid_max)
		return -ENOSPC;
	err = cx4_en_vlan_fwd(priv, CX4_EN_VLAN_FG_VID,
			      CX4_EN_VLAN_IX_VID0 + slot, 1, vid);
	if (err)
		return err;
	__set_bit(slot, fs->vid_index_used);
	fs->vid_index[vid] = slot;
	__set_bit(vid, fs->vlan_on);
	return 0;
}

static void cx4_en_vid_del_locked(struct cx4_en_priv *priv, u16 vid)
{
	struct cx4_en_fs *fs = &priv->fs;

	if (!__test_and_clear_bit(vid, fs->vlan_on))
		return;
	cx4_en_fte_del(priv, &fs->vlan,
		       CX4_EN_VLAN_IX_VID0 + fs->vid_index[vid]);
	__clear_bit(fs->vid_index[vid], fs->vid_index_used);
}

/*
 * The VLAN entries in line with the interface (after the L2 ones: a
 * promiscuous L2 table accepts every VID): one entry per active VID,
 * or, with more active VIDs than the table holds, the any-VID entry
 * instead (said when it starts and when it ends).  Additions first.
 */
static int cx4_en_vlan_sync_locked(struct cx4_en_priv *priv)
{
	struct cx4_en_fs *fs = &priv->fs;
	u32 nvid = bitmap_weight(fs->active_vlans, VLAN_N_VID);
	bool overflow = nvid > fs->vid_max;
	bool any_vid = fs->promisc_on || !fs->vlan_filter || overflow;
	int err = 0, ret;
	u16 vid;

	ret = cx4_en_vlan_toggle(priv, &fs->untagged_on, true,
				 CX4_EN_VLAN_FG_UNTAGGED,
				 CX4_EN_VLAN_IX_UNTAGGED, 0);
	err = err ?: ret;
	if (any_vid) {
		ret = cx4_en_vlan_toggle(priv, &fs->any_vid_on, true,
					 CX4_EN_VLAN_FG_ANY_VID,
					 CX4_EN_VLAN_IX_ANY_VID, 1);
		err = err ?: ret;
	}
	if (!overflow) {
		for_each_set_bit(vid, fs->active_vlans, VLAN_N_VID) {
			ret = cx4_en_vid_add_locked(priv, vid);
			err = err ?: ret;
		}
	}
	/* removals: nothing is removed before its replacement is in */
	if (err)
		return err;
	if (overflow && !fs->vlan_overflow)
		netdev_warn(priv->netdev, "%u VLAN IDs, the device filters %u: accepting every VLAN ID\n",
			    nvid, fs->vid_max);
	else if (!overflow && fs->vlan_overflow)
		netdev_info(priv->netdev, "%u VLAN IDs: filtering again\n",
			    nvid);
	fs->vlan_overflow = overflow;
	if (!any_vid)
		cx4_en_vlan_toggle(priv, &fs->any_vid_on, false,
				   CX4_EN_VLAN_FG_ANY_VID,
				   CX4_EN_VLAN_IX_ANY_VID, 1);
	for_each_set_bit(vid, fs->vlan_on, VLAN_N_VID)
		if (overflow || !test_bit(vid, fs->active_vlans))
			cx4_en_vid_del_locked(priv, vid);
	return 0;
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
	bool overflow, promisc;
	int err = 0, ret;
	u8 *list;
	u32 n, i;

	ASSERT_RTNL();
	if (!fs->ready)
		return 0;
	list = kmalloc_array(CX4_EN_L2_MAX_ADDRS, ETH_ALEN, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	n = cx4_en_l2_wanted(netdev, list, fs->l2_max, &overflow);
	if (overflow)
		net_warn_ratelimited("%s: more than %u addresses, promiscuous\n",
				     netdev->name, fs->l2_max);
	promisc = cx4_en_promisc(priv, overflow);

	/* additions */
	for (i = 0; i < n; i++) {
		ret = cx4_en_l2_addr_add(priv, list + i * ETH_ALEN);
		err = err ?: ret;
	}
	ret = cx4_en_l2_toggle(priv, &fs->promisc_on, promisc,
			       CX4_EN_L2_FG_ANY, cx4_en_l2_ix_any(fs));
	err = err ?: ret;
	ret = cx4_en_l2_toggle(priv, &fs->allmulti_on,
			       !!(netdev->flags & IFF_ALLMULTI),
			       CX4_EN_L2_FG_MCAST, cx4_en_l2_ix_mcast(fs));
	err = err ?: ret;
	ret = cx4_en_vlan_sync_locked(priv);
	err = err ?: ret;

	/* removals */
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
			 cx4_en_l2_ix_any(fs));
	cx4_en_l2_toggle(priv, &fs->allmulti_on, false, CX4_EN_L2_FG_MCAST,
			 cx4_en_l2_ix_mcast(fs));
	fs->vlan_overflow = false;
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
	if (test_bit(vid, priv->fs.active_vlans))
		return 0;
	__set_bit(vid, priv->fs.active_vlans);
	if (!priv->fs.ready)
		return 0;
	err = cx4_en_vlan_sync_locked(priv);
	if (err) {
		__clear_bit(vid, priv->fs.active_vlans);
		cx4_en_vlan_sync_locked(priv);
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
		cx4_en_vlan_sync_locked(priv);
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
	 * NETIF_F_LRO: main.c builds new channels (cx4_en_set_lro()).
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

/*
 * The L2 and VLAN tables' sizes from the limits of the function
 * (priv->lim): addresses and VIDs they hold.  The traffic-type table
 * (2^CX4_EN_TTC_LOG_SIZE) bounds how small a table may be.
 */
static int cx4_en_fs_size(struct cx4_en_priv *priv)
{
	const struct cx4_en_limits *lim = &priv->lim;
	struct cx4_en_fs *fs = &priv->fs;

	fs->l2_log_size = lim->val[CX4_EN_LIM_LOG_L2_FT];
	fs->vlan_log_size = lim->val[CX4_EN_LIM_LOG_VLAN_FT];
	fs->l2_max = lim->val[CX4_EN_LIM_L2_ADDRS];
	fs->vid_max = lim->val[CX4_EN_LIM_VIDS];
	if (fs->l2_log_size < CX4_EN_TTC_LOG_SIZE ||
	    fs->vlan_log_size < CX4_EN_TTC_LOG_SIZE) {
		netdev_err(priv->netdev, "flow tables of 2^%u entries, 2^%u needed\n",
			   min(fs->l2_log_size, fs->vlan_log_size),
			   CX4_EN_TTC_LOG_SIZE);
		return -EOPNOTSUPP;
	}
	bitmap_zero(fs->vid_index_used, VLAN_N_VID);
	return 0;
}

/* The L2 and VLAN tables' groups for the sizes cx4_en_fs_size() chose. */
static void cx4_en_fs_groups(const struct cx4_en_fs *fs,
			     struct cx4_en_fg_spec *l2,
			     struct cx4_en_fg_spec *vlan)
{
	u32 g;

	for (g = 0; g < CX4_EN_L2_NUM_FG; g++)
		l2[g].fields = cx4_en_l2_fields[g];
	l2[CX4_EN_L2_FG_DMAC].start = 0;
	l2[CX4_EN_L2_FG_DMAC].end = fs->l2_max - 1;
	l2[CX4_EN_L2_FG_MCAST].start = cx4_en_l2_ix_mcast(fs);
	l2[CX4_EN_L2_FG_MCAST].end = cx4_en_l2_ix_mcast(fs);
	l2[CX4_EN_L2_FG_ANY].start = cx4_en_l2_ix_any(fs);
	l2[CX4_EN_L2_FG_ANY].end = cx4_en_l2_ix_any(fs);
	for (g = 0; g < CX4_EN_VLAN_NUM_FG; g++)
		vlan[g].fields = cx4_en_vlan_fields[g];
	vlan[CX4_EN_VLAN_FG_UNTAGGED].start = CX4_EN_VLAN_IX_UNTAGGED;
	vlan[CX4_EN_VLAN_FG_UNTAGGED].end = CX4_EN_VLAN_IX_UNTAGGED;
	vlan[CX4_EN_VLAN_FG_ANY_VID].start = CX4_EN_VLAN_IX_ANY_VID;
	vlan[CX4_EN_VLAN_FG_ANY_VID].end = CX4_EN_VLAN_IX_ANY_VID;
	vlan[CX4_EN_VLAN_FG_VID].start = CX4_EN_VLAN_IX_VID0;
	vlan[CX4_EN_VLAN_FG_VID].end = CX4_EN_VLAN_IX_VID0 + fs->vid_max - 1;
}

int cx4_en_fs_create(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
		     u32 nch)
{
	struct cx4_en_fg_spec l2[CX4_EN_L2_NUM_FG], vlan[CX4_EN_VLAN_NUM_FG];
	struct cx4_en_fs *fs = &priv->fs;
	int err;

	ASSERT_RTNL();
	err = cx4_en_fs_size(priv);
	if (err)
		return err;
	err = cx4_en_rss_create(priv, chs);
	if (err)
		return err;
	err = cx4_en_rss_ctx_open(priv, chs, nch);
	if (err)
		goto err_destroy_rss;
	err = cx4_en_nt_create(priv, chs, nch, fs->ttc.id);
	if (err)
		goto err_close_ctx;
	cx4_en_fs_groups(fs, l2, vlan);
	err = cx4_en_ft_create(priv, &fs->l2, CX4_EN_L2_LEVEL, fs->l2_log_size,
			       l2, CX4_EN_L2_NUM_FG);
	if (err)
		goto err_destroy_nt;
	/* Without room for a VID entry the VID group is not made. */
	err = cx4_en_ft_create(priv, &fs->vlan, 0, fs->vlan_log_size, vlan,
			       fs->vid_max ? CX4_EN_VLAN_NUM_FG :
					     CX4_EN_VLAN_FG_VID);
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
	/* The netdev's initial features: VLAN filtering on (LRO off: params). */
	fs->vlan_filter = true;
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

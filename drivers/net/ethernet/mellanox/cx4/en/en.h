/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: control-path state shared by the en/ files.
 *
 * One net_device per PCI function (a ConnectX-4 function is one port).
 * en/ uses only the core API of include/linux/cx4/core.h.
 */
#ifndef _CX4_EN_H
#define _CX4_EN_H

#include <linux/if_vlan.h>
#include <linux/list.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "stats.h"

struct cx4_core;
struct cx4_en_channel;
struct cx4_en_chs;

/* NIC RX flow table (steering.c): own MAC, broadcast, all multicast. */
enum cx4_en_fs_group {
	CX4_EN_FG_DMAC,		/* full destination MAC: own, broadcast */
	CX4_EN_FG_MCAST,	/* multicast bit only */
	CX4_EN_FG_NUM
};

enum cx4_en_fs_rule {
	CX4_EN_RULE_UC,
	CX4_EN_RULE_BCAST,
	CX4_EN_RULE_MCAST,
	CX4_EN_RULE_NUM
};

struct cx4_en_fs {
	u32 table_id;
	u32 group_id[CX4_EN_FG_NUM];
	bool table_created;
	bool root_set;		/* SET_FLOW_TABLE_ROOT made it the root */
	u8 groups_created;	/* groups [0, groups_created) exist */
	u8 rules_created;	/* rules [0, rules_created) exist */
};

#define CX4_EN_DRV_NAME		"cx4"

/* dp: what a channel set is built from (cx4_en_reconfigure()). */
struct cx4_en_params {
	u32 mtu;		/* interface MTU: receive buffer size */
	u32 num_channels;
	u8 log_sq_size;		/* WQEBBs */
	u8 log_rq_size;		/* WQEs */
	bool rx_vlan_strip;	/* RQ vsd 0 (NETIF_F_HW_VLAN_CTAG_RX) */
};

/*
 * The vport MTU (NIC vport context, PRM Table 16) is programmed as the
 * largest L2 frame: the IP MTU plus Ethernet header, one VLAN tag and FCS.
 * The port's maximum would come from PMTU max_mtu (PRM 11.1.1), not read
 * yet; until then the ConnectX-4 port maximum of 9978 bytes is assumed.
 */
#define CX4_EN_HW_MTU_OVERHEAD	(ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN)
#define CX4_EN_MAX_HW_MTU	9978
#define CX4_EN_MAX_MTU		(CX4_EN_MAX_HW_MTU - CX4_EN_HW_MTU_OVERHEAD)

/**
 * struct cx4_en_priv - the Ethernet part of one function (netdev_priv)
 * @netdev: the interface
 * @core: the function's core
 * @node: entry in the list of attached functions (cx4_en_list_lock)
 * @link_nb: link notifier (hard IRQ context)
 * @carrier_lock: serializes carrier updates from the link notifier and
 *	from process context, so that the last one applies the newest state
 * @max_channels: completion vectors usable for channels
 * @num_channels: channels in use (the netdev's real queue count)
 * @stats: software counters of @max_channels channels (see stats.h)
 * @channels: the open channels (@num_channels of them), NULL when closed
 * @inline_mode: inline mode the device requires in send WQEs
 * @lkey: LKey of data segments: the core's PA MKey (cx4_core_lkey())
 * @tisn: the transport interface send of all SQs
 * @tirn: the direct TIR to channel 0's RQ
 * @fs: the NIC RX flow table, its groups and entries
 * @params: parameters of the channels (dp; see cx4_en_reconfigure())
 * @chs: the open channel set, NULL when closed (dp)
 * @recover_work: SQ/RQ recovery after an error CQE or TX timeout (dp)
 */
struct cx4_en_priv {
	struct net_device *netdev;
	struct cx4_core *core;
	struct list_head node;
	struct notifier_block link_nb;
	spinlock_t carrier_lock;	/* carrier updates, any context */
	u32 max_channels;
	u32 num_channels;
	struct cx4_en_ch_stats *stats;
	struct cx4_en_channel **channels;
	u8 inline_mode;
	u32 lkey;
	u32 tisn;
	u32 tirn;
	struct cx4_en_fs fs;
	/* dp: datapath parameters, channel set, recovery */
	struct cx4_en_params params;
	struct cx4_en_chs *chs;
	struct work_struct recover_work;
};

static inline u32 cx4_en_hw_mtu(u32 mtu)
{
	return mtu + CX4_EN_HW_MTU_OVERHEAD;
}

/* main.c */
void cx4_en_update_carrier(struct cx4_en_priv *priv);

/* channels.c: queues, TIS, TIR (PRM 7.5-7.9, 12.8-12.11) */
int cx4_en_channels_open(struct cx4_en_priv *priv);
void cx4_en_channels_close(struct cx4_en_priv *priv);
int cx4_en_destroy_obj(struct cx4_en_priv *priv, u16 opcode, u32 num);
/* dp: reconfiguration, queue state changes, recovery (recover.c) */
int cx4_en_reconfigure(struct cx4_en_priv *priv,
		       const struct cx4_en_params *params,
		       int (*switched)(struct cx4_en_priv *priv,
				       const struct cx4_en_params *params));
int cx4_en_wq_modify(struct cx4_en_priv *priv, bool sq, u32 num, u8 cur,
		     u8 next, int vsd);
int cx4_en_set_rx_vlan_strip(struct cx4_en_priv *priv, bool strip);
void cx4_en_recover_work(struct work_struct *work);
void cx4_en_tx_timeout(struct net_device *netdev, unsigned int txqueue);
/* steer: RXHASH, HW_VLAN_CTAG_FILTER, LRO (stub in main.c until merged) */
int cx4_en_fs_set_features(struct cx4_en_priv *priv,
			   netdev_features_t features);

/* steering.c: NIC RX flow table (PRM 7.11, 12.14) */
int cx4_en_fs_create(struct cx4_en_priv *priv);
void cx4_en_fs_destroy(struct cx4_en_priv *priv);

/* ethtool.c */
extern const struct ethtool_ops cx4_en_ethtool_ops;

/* vport.c: NIC vport commands (PRM 12.16) */
int cx4_en_vport_set_mtu(struct cx4_en_priv *priv, u32 hw_mtu);
int cx4_en_query_inline_mode(struct cx4_en_priv *priv, u8 *mode);

#endif /* _CX4_EN_H */

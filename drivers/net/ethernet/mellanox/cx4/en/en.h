/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: control-path state shared by the en/ files.
 *
 * One net_device per PCI function (a ConnectX-4 function is one port).
 * en/ uses only the core API of include/linux/cx4/core.h.
 */
#ifndef _CX4_EN_H
#define _CX4_EN_H

#include <linux/atomic.h>
#include <linux/if_vlan.h>
#include <linux/list.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/seqlock.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "../compat.h"
#include "ptp.h"
#include "stats.h"

struct cx4_core;
struct cx4_en_channel;
struct cx4_en_chs;

/* --- steer: receive steering, RSS, filtering, LRO ----------------------- */

/*
 * Traffic types of the L3/L4 classifier (rss.c): one indirect TIR each
 * for the first CX4_EN_TT_NUM_INDIR, the direct TIR for the rest.
 */
enum cx4_en_tt {
	CX4_EN_TT_IPV4_TCP,
	CX4_EN_TT_IPV6_TCP,
	CX4_EN_TT_IPV4_UDP,
	CX4_EN_TT_IPV6_UDP,
	CX4_EN_TT_IPV4,
	CX4_EN_TT_IPV6,
	CX4_EN_TT_NUM_INDIR,
	CX4_EN_TT_ANY = CX4_EN_TT_NUM_INDIR,	/* non-IP: direct TIR */
	CX4_EN_TT_NUM
};

#define CX4_EN_RSS_KEY_SIZE	40	/* Toeplitz key of the TIR context */
#define CX4_EN_RSS_INDIR_SIZE	128	/* RQT entries (power of two) */
#define CX4_EN_FT_MAX_GROUPS	4
#define CX4_EN_L2_MAX_ADDRS	512	/* full-DMAC entries of the L2 table */
#define CX4_EN_L2_LOG_SIZE	10	/* L2 table asked for (limits.c) */
#define CX4_EN_VLAN_LOG_SIZE	13	/* VLAN table asked for: every VID */

/*
 * limits.c: the driver's requests bounded by QUERY_HCA_CAP.  For item i,
 * @want[i] is the request, @val[i] what the device allows, @cap[i] the
 * capability that reduced it (NULL: not reduced).
 */
enum cx4_en_lim {
	CX4_EN_LIM_CHANNELS,
	CX4_EN_LIM_LOG_RING,
	CX4_EN_LIM_LOG_RQT,
	CX4_EN_LIM_LOG_L2_FT,
	CX4_EN_LIM_LOG_VLAN_FT,
	CX4_EN_LIM_L2_ADDRS,
	CX4_EN_LIM_VIDS,
	CX4_EN_LIM_NUM
};

struct cx4_en_limits {
	u32 want[CX4_EN_LIM_NUM];
	u32 val[CX4_EN_LIM_NUM];
	const char *cap[CX4_EN_LIM_NUM];
};

/*
 * RSS contexts (rss_ctx.c, ethtool -X IF context new|N): IDs 1 ..
 * CX4_EN_RSS_MAX_CTX - 1, fewer when the device's RQT or TIR limits say
 * so (cx4_en_rss_ctx_limit()).
 */
#define CX4_EN_RSS_MAX_CTX	16

/*
 * One RSS context: its configuration (@indir, @key, @hfunc) and the
 * ntuple rules steering into it (@users) live until it is deleted; its
 * RQT and indirect TIRs (one per traffic type, no LRO) exist while the
 * channels are open.  Under RTNL.
 */
struct cx4_en_rss_ctx {
	u32 indir[CX4_EN_RSS_INDIR_SIZE];	/* channel indices */
	u8 key[CX4_EN_RSS_KEY_SIZE];
	u8 hfunc;				/* enum cx4_tir_hash_fn */
	u32 users;				/* ntuple rules into it */
	bool rqt_created;
	u32 rqtn;
	u32 tirn[CX4_EN_TT_NUM_INDIR];
	u8 ntirs;			/* TIRs [0, ntirs) exist */
};

/* One flow table and its groups (ft.c). */
struct cx4_en_ft {
	u32 id;
	u32 group_id[CX4_EN_FT_MAX_GROUPS];
	u8 ngroups;		/* groups [0, ngroups) exist */
	bool created;
};

/* An address of the L2 table and the flow index of its entry. */
struct cx4_en_l2_addr {
	u8 mac[ETH_ALEN];
	u16 index;
};

/*
 * Receive steering state.  The configuration part (@active_vlans,
 * @vlan_filter, @rss_*; LRO is priv->params.lro) lives as long as the netdev; the device
 * part exists while the channels are open.  All of it is changed under
 * RTNL (the rx-mode work item takes it).
 */
struct cx4_en_fs {
	/* configuration */
	unsigned long active_vlans[BITS_TO_LONGS(VLAN_N_VID)];
	bool vlan_filter;		/* NETIF_F_HW_VLAN_CTAG_FILTER */
	u8 rss_key[CX4_EN_RSS_KEY_SIZE];
	u32 rss_indir[CX4_EN_RSS_INDIR_SIZE];	/* channel indices */
	/* rssx: hash function and fields (ethtool -X hfunc, -N rx-flow-hash) */
	u8 rss_hfunc;				/* enum cx4_tir_hash_fn */
	u8 rss_fields[CX4_EN_TT_NUM_INDIR];	/* enum cx4_hash_sel_field */
	struct work_struct rx_mode_work;
	/* device objects */
	bool ready;			/* tables exist, root set */
	bool rss;			/* device supports RSS */
	u32 rqt_size;
	u32 rqtn;
	bool rqt_created;
	u32 tirn[CX4_EN_TT_NUM_INDIR];
	u8 ntirs;			/* indirect TIRs [0, ntirs) exist */
	struct cx4_en_ft ttc, l2, vlan;
	u8 ttc_rules;			/* TTC entries [0, ttc_rules) exist */
	/* RSS contexts (rss_ctx.c): by ID, NULL when free; slot 0 unused */
	struct cx4_en_rss_ctx *ctx[CX4_EN_RSS_MAX_CTX];
	u32 nctx;			/* contexts in @ctx */
	u32 max_ctx;			/* the device's limit (0: none) */
	bool ctx_open;			/* their device objects exist */
	/* L2 table entries */
	struct cx4_en_l2_addr *addrs;	/* CX4_EN_L2_MAX_ADDRS slots */
	u32 naddrs;
	bool allmulti_on, promisc_on;
	/* VLAN table entries */
	unsigned long vlan_on[BITS_TO_LONGS(VLAN_N_VID)];
	bool untagged_on, any_vid_on;
	/*
	 * Table sizes of the open channels (limits.c): L2 addresses and VIDs
	 * the tables hold, the flow index of each VID's entry, the indices in
	 * use; more active VIDs than @vid_max: every VID accepted
	 * (@vlan_overflow, said once when it starts and when it ends).
	 */
	u32 l2_max, vid_max;
	u8 l2_log_size, vlan_log_size;
	u16 vid_index[VLAN_N_VID];
	unsigned long vid_index_used[BITS_TO_LONGS(VLAN_N_VID)];
	bool vlan_overflow;
};

/* --- ntuple: ethtool flow rules (ntuple.c) ------------------------------- */

#define CX4_EN_NT_LOG_MAX	7
#define CX4_EN_NT_MAX		128	/* rules: 2^CX4_EN_NT_LOG_MAX */

struct cx4_en_nt_rule;

/*
 * ethtool -N flow rules.  The rules (@rule, @nrules, @on) live as long
 * as the netdev; the table (@ft), the rules' flow groups and entries and
 * the direct TIRs of the queues they name (@qtir, @qref) exist while the
 * channels are open.  All of it changes under RTNL.
 */
struct cx4_en_nt {
	struct cx4_en_nt_rule *rule[CX4_EN_NT_MAX];	/* by location */
	u32 nrules;
	bool supported;		/* the device can hold the rules table */
	bool on;		/* NETIF_F_NTUPLE: the rules are applied */
	struct cx4_en_ft ft;
	u32 *qtir;		/* per queue (max_channels): its direct TIR */
	u32 *qref;		/* installed rules forwarding to the queue */
};

#define CX4_EN_DRV_NAME		"cx4"

/* --- chan: rings, channels, interrupt moderation (params.c) ------------- */

/*
 * Moderation of one direction's CQs: cq_period (@usecs) and cq_max_count
 * (@frames) of PRM Table 139, or lib/dim's profile when @adaptive.
 * Written under RTNL; @adaptive is read by NAPI (READ_ONCE).
 */
struct cx4_en_coal {
	u16 usecs;
	u16 frames;
	bool adaptive;
};

/* Ring sizes: powers of two, 2^6 .. 2^13 bounded by the device caps. */
#define CX4_EN_MIN_LOG_RING	6
#define CX4_EN_MAX_LOG_RING	13

/* dp: what a channel set is built from (cx4_en_reconfigure()). */
struct cx4_en_params {
	u32 mtu;		/* interface MTU: receive buffer size */
	u32 num_channels;
	u8 log_sq_size;		/* WQEBBs */
	u8 log_rq_size;		/* WQEs */
	bool rx_vlan_strip;	/* RQ vsd 0 (NETIF_F_HW_VLAN_CTAG_RX) */
	bool lro;		/* NETIF_F_LRO: receive buffers for LRO sessions, TIR LRO */
	bool rx_cqe_compress;	/* RX CQs with CQE compression (priv flag) */
	bool rx_cqe_moder;	/* RX CQs' period restarts at each CQE (cqe-mode-rx) */
	bool tx_cqe_moder;	/* TX CQs' the same (cqe-mode-tx) */
	/*
	 * xdp: the XDP program of the RQs, NULL for none.  priv->params
	 * holds the one reference cx4 has (xdp_attach.c); copies of the
	 * params only name it.
	 */
	struct bpf_prog *xdp_prog;
};

/*
 * The vport MTU (NIC vport context, PRM Table 16) is programmed as the
 * largest L2 frame: the IP MTU plus Ethernet header, one VLAN tag and FCS.
 * The netdev's max MTU is the port's PMTU max_mtu (PRM 11.1.1, read at
 * attach by port.c) less this overhead.
 */
#define CX4_EN_HW_MTU_OVERHEAD	(ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN)

/**
 * struct cx4_en_priv - the Ethernet part of one function (netdev_priv)
 * @netdev: the interface
 * @core: the function's core
 * @link_nb: link notifier (hard IRQ context)
 * @carrier_lock: serializes carrier updates from the link notifier and
 *	from process context, so that the last one applies the newest state
 * @max_channels: completion vectors usable for channels
 * @num_channels: channels in use (the netdev's real queue count)
 * @stats: software counters of @max_channels channels (see stats.h)
 * @stats_lock: makes a fold of departed channels' counters into
 *	@stats_base (add, then zero the sets) one step for the readers of
 *	the totals (ndo_get_stats64, any context but hard IRQ); writers
 *	hold RTNL too
 * @stats_base: counters of the channels that went away (stats.c)
 * @channels: the open channels (@num_channels of them), NULL when closed
 * @inline_mode: inline mode the device requires in send WQEs
 * @lkey: LKey of data segments: the core's PA MKey (cx4_core_lkey())
 * @tisn: the transport interface send of all SQs
 * @tirn: the direct TIR to channel 0's RQ
 * @fs: receive steering: RQT, TIRs, flow tables, RSS/filter settings
 * @bad_reg_answers: port register answers that failed validation (port.c)
 * @ppcnt_grps: PPCNT counter groups the device answered at attach (stats.c)
 * @params: parameters of the channels (dp; see cx4_en_reconfigure())
 * @chs: the open channel set, NULL when closed (dp)
 * @recover_work: SQ/RQ recovery after an error CQE or TX timeout (dp)
 * @recover_retry: the next attempt at a queue whose reset failed (dp)
 * @queue_recover_fails: SQ/RQ resets that failed (each tried again)
 * @queues_lost: queues whose every reset failed (channels rebuilt)
 * @msg_enable: netif_msg_* bits the driver's messages honour (rssx)
 */
struct cx4_en_priv {
	struct net_device *netdev;
	struct cx4_core *core;
	struct notifier_block link_nb;
	spinlock_t carrier_lock;	/* carrier updates, any context */
	u32 max_channels;
	u32 num_channels;
	struct cx4_en_limits lim;	/* at attach and resume (RTNL) */
	struct cx4_en_ch_stats *stats;
	seqlock_t stats_lock;		/* @stats_base and its folds */
	struct cx4_en_stats_base stats_base;
	struct cx4_en_channel **channels;
	u8 inline_mode;
	u32 lkey;
	u32 tisn;
	u32 tirn;
	struct cx4_en_fs fs;
	struct cx4_en_nt nt;
	/* eth: port registers (port.c), ethtool -S groups (stats.c) */
	atomic_t bad_reg_answers;	/* register answers rejected */
	u32 ppcnt_grps;			/* BIT(i): cx4_en_ppcnt_grps[i] readable */
	/*
	 * stats: the RQs' queue counter set (vport.c).  @q_counter (0: none)
	 * and @oob_raw change under RTNL; @q_counter_avail is set once at
	 * attach; @oob_total (rx_out_of_buffer) is read anywhere.
	 */
	u8 q_counter;
	bool q_counter_avail;
	u32 oob_raw;			/* the set's count at the last read */
	atomic64_t oob_total;
	unsigned long oob_refreshed;	/* jiffies of the last refresh asked */
	struct work_struct oob_work;
	/* dp: datapath parameters, channel set, recovery */
	struct cx4_en_params params;
	struct cx4_en_chs *chs;
	/*
	 * xdp: @chs while it has XDP SQs (a program attached), else NULL;
	 * read by ndo_xdp_xmit under RCU, set with @chs (RTNL), and a set
	 * it named is freed only after a grace period (channels.c).
	 */
	struct cx4_en_chs __rcu *xdp_chs;
	struct work_struct recover_work;
	struct delayed_work recover_retry;
	atomic_t queue_recover_fails;
	atomic_t queues_lost;
	/* chan: interrupt moderation of the RX and TX CQs (params.c) */
	struct cx4_en_coal rx_coal;
	struct cx4_en_coal tx_coal;
	/*
	 * debugfs fail_tx_map: N > 0, the Nth frame from now fails its DMA
	 * mapping (tx.c); atomic, read by every TX queue.
	 */
	atomic_t fail_tx_map;
	/*
	 * debugfs fail_rx_alloc: while nonzero every receive buffer
	 * allocation fails (rx.c: counted in buff_alloc_err, nothing posted),
	 * so the device runs out of WQEs (rx_out_of_buffer); the refill
	 * timer posts again once it is 0.
	 */
	atomic_t fail_rx_alloc;
	/* rssx: netif_msg_* bits (ethtool -s IF msglvl) */
	u32 msg_enable;
	/*
	 * Health recovery (cx4_en_suspend/resume()): the function is down
	 * or being brought up, the netdev stays registered but detached and
	 * sends no command.  Written under RTNL; read under RTNL, and with
	 * READ_ONCE() by the carrier update.
	 */
	bool suspended;
	/*
	 * ptp: the PHC (ptp.c).  Hardware timestamping switches: written
	 * under RTNL (SIOCSHWTSTAMP), read with READ_ONCE() by the send path
	 * (TX) and once per NAPI poll (RX).
	 */
	struct cx4_en_ptp ptp;
	bool hwts_tx;
	bool hwts_rx;
};

/*
 * rssx: message classes (ethtool -s IF msglvl).  Link changes, device
 * errors (error CQEs, invalid device answers) are shown by default,
 * ifup/ifdown not.
 */
#define CX4_EN_MSG_DEFAULT	(NETIF_MSG_DRV | NETIF_MSG_PROBE | \
				 NETIF_MSG_LINK | NETIF_MSG_RX_ERR | \
				 NETIF_MSG_TX_ERR | NETIF_MSG_HW)

/* A rate-limited warning of netif_msg class @type (rx_err, tx_err, hw). */
#define cx4_en_warn_rl(netdev, type, fmt, ...)				\
	do {								\
		struct net_device *__nd = (netdev);			\
		struct cx4_en_priv *__priv = netdev_priv(__nd);		\
									\
		if (netif_msg_##type(__priv) && net_ratelimit())	\
			netdev_warn(__nd, fmt, ##__VA_ARGS__);		\
	} while (0)

static inline u32 cx4_en_hw_mtu(u32 mtu)
{
	return mtu + CX4_EN_HW_MTU_OVERHEAD;
}

/* main.c */
/* main.c: the auxiliary driver (module.c registers it). */
int cx4_en_register(void);
void cx4_en_unregister(void);

void cx4_en_carrier_update(struct cx4_en_priv *priv);

/* obj.c: CREATE_* / DESTROY_* by number, MODIFY_SQ/RQ state */
int cx4_en_obj_create(struct cx4_en_priv *priv, const void *in, size_t len,
		      u32 *num);
int cx4_en_obj_destroy(struct cx4_en_priv *priv, u16 opcode, u32 num);
int cx4_en_wq_modify(struct cx4_en_priv *priv, bool sq, u32 num, u8 cur,
		     u8 next, int vsd);

/* tis.c: the one TIS of the SQs (PRM 7.6) */
int cx4_en_tis_create(struct cx4_en_priv *priv);
void cx4_en_tis_destroy(struct cx4_en_priv *priv);

/* channels.c: queues, TIR (PRM 7.5, 7.7-7.9, 12.8-12.11), reconfiguration */
int cx4_en_channels_open(struct cx4_en_priv *priv);
void cx4_en_channels_close(struct cx4_en_priv *priv);
int cx4_en_reconfigure(struct cx4_en_priv *priv,
		       const struct cx4_en_params *params,
		       int (*switched)(struct cx4_en_priv *priv,
				       const struct cx4_en_params *params));
int cx4_en_rx_vlan_strip_set(struct cx4_en_priv *priv, bool strip);
/* recover.c: queue recovery */
void cx4_en_recover_work(struct work_struct *work);
void cx4_en_recover_retry_work(struct work_struct *work);
void cx4_en_tx_timeout(struct net_device *netdev, unsigned int txqueue);
/* steer: RXHASH, HW_VLAN_CTAG_FILTER, LRO (stub in main.c until merged) */
int cx4_en_fs_set_features(struct cx4_en_priv *priv,
			   netdev_features_t features);

/* --- fs (flow steering): fs.c, rss.c, lro.c (PRM 3.3.3, 3.3.6, 7.5, 7.8, 7.11) --- */
struct cx4_en_channel;
struct ethtool_rxnfc;
struct netlink_ext_ack;

/* attach / detach: settings, rx-mode work */
int cx4_en_fs_init(struct cx4_en_priv *priv);
void cx4_en_fs_cleanup(struct cx4_en_priv *priv);
/* open / close (RTNL): RQT, TIRs, flow tables over the channels @chs */
int cx4_en_fs_create(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
		     u32 nch);
void cx4_en_fs_destroy(struct cx4_en_priv *priv);
/* Point the RQT at new channels (MODIFY_RQT), e.g. after a rebuild. */
int cx4_en_rss_redirect(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
			u32 nch);
/* LRO of the RSS TIRs for the receive buffers of @params (rss.c). */
int cx4_en_rss_set_lro(struct cx4_en_priv *priv,
		       const struct cx4_en_params *params);
/* ndo_set_features part: RXHASH, HW_VLAN_CTAG_FILTER, LRO. */
int cx4_en_fs_set_features(struct cx4_en_priv *priv,
			   netdev_features_t features);
void cx4_en_set_rx_mode(struct net_device *netdev);
int cx4_en_set_mac_address(struct net_device *netdev, void *addr);
int cx4_en_vlan_rx_add_vid(struct net_device *netdev, __be16 proto, u16 vid);
int cx4_en_vlan_rx_kill_vid(struct net_device *netdev, __be16 proto, u16 vid);
/* RX buffer bytes: the MTU's frame, or an LRO session when LRO is on. */
u32 cx4_en_rx_buf_len(const struct cx4_en_priv *priv,
		      const struct cx4_en_params *params);
/* ethtool (rss.c) */
u32 cx4_en_get_rxfh_key_size(struct net_device *netdev);
u32 cx4_en_get_rxfh_indir_size(struct net_device *netdev);
int cx4_en_rss_get(struct net_device *netdev, u32 *indir, u8 *key, u8 *hfunc);
int cx4_en_rss_set(struct net_device *netdev, const u32 *indir, const u8 *key,
		   u8 hfunc, struct netlink_ext_ack *extack);
/* rss_ctx.c: RSS contexts for ethtool (context 0 is rss.c's) */
int cx4_en_rss_ctx_add(struct net_device *netdev, u32 id, const u32 *indir,
		       const u8 *key, u8 hfunc, struct netlink_ext_ack *extack);
int cx4_en_rss_ctx_change(struct net_device *netdev, u32 id, const u32 *indir,
			  const u8 *key, u8 hfunc,
			  struct netlink_ext_ack *extack);
u32 cx4_en_rss_ctx_new_id(const struct cx4_en_priv *priv);
int cx4_en_rss_ctx_del(struct net_device *netdev, u32 id,
		       struct netlink_ext_ack *extack);
int cx4_en_rss_ctx_read(struct net_device *netdev, u32 id, u32 *indir,
			u8 *key, u8 *hfunc);
/* rssx: ethtool -N rx-flow-hash (rss.c); -t loopback (selftest.c) */
int cx4_en_rss_set_fields(struct cx4_en_priv *priv,
			  const struct ethtool_rxnfc *info);
void cx4_en_rss_get_fields(struct cx4_en_priv *priv,
			   struct ethtool_rxnfc *info);
int cx4_en_test_loopback(struct cx4_en_priv *priv);

/* phy.c: ethtool -m, --show-fec/--set-fec, link extended state */
struct ethtool_modinfo;
struct ethtool_eeprom;
struct ethtool_module_eeprom;
struct ethtool_fecparam;
struct ethtool_link_ext_state_info;
struct netlink_ext_ack;
int cx4_en_get_module_info(struct net_device *netdev,
			   struct ethtool_modinfo *mi);
int cx4_en_get_module_eeprom(struct net_device *netdev,
			     struct ethtool_eeprom *ee, u8 *data);
int cx4_en_get_module_eeprom_by_page(struct net_device *netdev,
				     const struct ethtool_module_eeprom *req,
				     struct netlink_ext_ack *extack);
int cx4_en_get_fecparam(struct net_device *netdev,
			struct ethtool_fecparam *fp);
int cx4_en_set_fecparam(struct net_device *netdev,
			struct ethtool_fecparam *fp);
int cx4_en_get_link_ext_state(struct net_device *netdev,
			      struct ethtool_link_ext_state_info *info);

/* ethtool.c */
extern const struct ethtool_ops cx4_en_ethtool_ops;

/*
 * qstats.c (6.10+ only, compat.h): queue statistics; the fills set the
 * fields fed by the counters @c (enum cx4_en_rq_stat / cx4_en_sq_stat).
 */
struct netdev_stat_ops;
struct netdev_queue_stats_rx;
struct netdev_queue_stats_tx;
extern const struct netdev_stat_ops cx4_en_stat_ops;
void cx4_en_qstats_rx_fill(const u64 *c, struct netdev_queue_stats_rx *rx);
void cx4_en_qstats_tx_fill(const u64 *c, struct netdev_queue_stats_tx *tx);

/* chan: params.c (ethtool -g/-G, -l/-L, -c/-C; lib/dim) */
struct ethtool_ringparam;
struct ethtool_channels;
struct ethtool_coalesce;
struct kernel_ethtool_ringparam;
struct kernel_ethtool_coalesce;

#define CX4_EN_COALESCE_PARAMS	(ETHTOOL_COALESCE_USECS | \
				 ETHTOOL_COALESCE_MAX_FRAMES | \
				 ETHTOOL_COALESCE_USE_ADAPTIVE | \
				 ETHTOOL_COALESCE_USE_CQE)
int cx4_en_params_fit_caps(struct cx4_en_priv *priv,
			   struct cx4_en_params *params, bool clamp);
void cx4_en_get_ringparam(struct net_device *netdev,
			  struct ethtool_ringparam *ring,
			  struct kernel_ethtool_ringparam *kring,
			  struct netlink_ext_ack *extack);
int cx4_en_set_ringparam(struct net_device *netdev,
			 struct ethtool_ringparam *ring,
			 struct kernel_ethtool_ringparam *kring,
			 struct netlink_ext_ack *extack);
void cx4_en_get_channels(struct net_device *netdev,
			 struct ethtool_channels *ch);
int cx4_en_set_channels(struct net_device *netdev,
			struct ethtool_channels *ch);
int cx4_en_get_coalesce(struct net_device *netdev,
			struct ethtool_coalesce *ec,
			struct kernel_ethtool_coalesce *kec,
			struct netlink_ext_ack *extack);
int cx4_en_set_coalesce(struct net_device *netdev,
			struct ethtool_coalesce *ec,
			struct kernel_ethtool_coalesce *kec,
			struct netlink_ext_ack *extack);
/* Moderation at attach; off after a recovery to a function without it. */
void cx4_en_coal_defaults(struct cx4_en_priv *priv);
void cx4_en_coal_fit_caps(struct cx4_en_priv *priv);
/*
 * What a new channel's CQs start with (static values or the start
 * profile of DIM in @from_cqe's period mode).
 */
void cx4_en_coal_initial(const struct cx4_en_coal *coal, bool from_cqe,
			 bool tx, u16 *usecs, u16 *frames);
/* channels.c / NAPI: lib/dim of a channel */
void cx4_en_dim_init(struct cx4_en_channel *ch,
		     const struct cx4_en_params *params);
void cx4_en_dim_sample(struct cx4_en_channel *ch);
void cx4_en_dim_cancel(struct cx4_en_channel *ch);
/* rss.c / fs.c helpers (chan): direct TIR re-point by FTE modify */
int cx4_en_ttc_set_direct(struct cx4_en_priv *priv, u32 tirn);

/* ntuple.c: ethtool -N flow rules (attach/detach, rxnfc, -K ntuple, -L) */
int cx4_en_nt_init(struct cx4_en_priv *priv);
void cx4_en_nt_cleanup(struct cx4_en_priv *priv);
bool cx4_en_nt_supported(const struct cx4_en_priv *priv);
int cx4_en_nt_get_rxnfc(struct cx4_en_priv *priv, struct ethtool_rxnfc *info,
			u32 *rule_locs);
int cx4_en_nt_set_rxnfc(struct cx4_en_priv *priv, struct ethtool_rxnfc *info);
int cx4_en_nt_set_feature(struct cx4_en_priv *priv, bool on);
int cx4_en_nt_max_queue(const struct cx4_en_priv *priv);
/* rss_ctx.c: the highest channel an RSS context names, or -1 (params.c) */
int cx4_en_rss_ctx_max_queue(const struct cx4_en_priv *priv);
int cx4_en_nt_switch(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
		     u32 nch);

/* vport.c: NIC vport commands (PRM 12.16) */
int cx4_en_vport_set_mtu(struct cx4_en_priv *priv, u32 hw_mtu);
/* stats: port (PMTU) and vport MTU together, vport counters */
int cx4_en_hw_mtu_set(struct cx4_en_priv *priv, u32 hw_mtu);
int cx4_en_vport_counters(struct cx4_en_priv *priv, u8 *out);
int cx4_en_inline_mode_query(struct cx4_en_priv *priv, u8 *mode);
/* vport.c: the RQs' queue counter set, rx_out_of_buffer */
void cx4_en_q_counter_create(struct cx4_en_priv *priv);
void cx4_en_q_counter_destroy(struct cx4_en_priv *priv);
void cx4_en_q_counter_suspend(struct cx4_en_priv *priv);
void cx4_en_q_counter_resume(struct cx4_en_priv *priv);
void cx4_en_q_counter_update(struct cx4_en_priv *priv);
void cx4_en_q_counter_work(struct work_struct *work);
void cx4_en_q_counter_refresh(struct cx4_en_priv *priv);

/* limits.c: requests bounded by the capabilities (compute: KUnit) */
void cx4_en_limits_compute(const void *gen, const void *eth, const void *ft,
			   u32 ncomp, struct cx4_en_limits *lim);
u32 cx4_en_lim_fixed_room(u32 log);
void cx4_en_limits_get(const struct cx4_en_priv *priv,
		       struct cx4_en_limits *lim);
void cx4_en_limits_log(const struct cx4_en_priv *priv,
		       const struct cx4_en_limits *lim);

/* xdp_attach.c: ndo_bpf, the MTU limit with a program attached */
struct netdev_bpf;
int cx4_en_xdp(struct net_device *netdev, struct netdev_bpf *bpf);
/* xdp.c: ndo_xdp_xmit */
struct xdp_frame;
int cx4_en_xdp_xmit(struct net_device *netdev, int n,
		    struct xdp_frame **frames, u32 flags);
int cx4_en_xdp_check_mtu(struct cx4_en_priv *priv, u32 mtu);

/* ptp.c: ethtool -T */
struct cx4_ethtool_ts_info;
int cx4_en_get_ts_info(struct net_device *netdev,
		       struct cx4_ethtool_ts_info *info);

#endif /* _CX4_EN_H */

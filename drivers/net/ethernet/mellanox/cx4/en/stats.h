/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: software counters, one set per channel.
 *
 * A ring's counters are an array indexed by the enums below; their
 * ethtool -S names are one table in stats.c, indexed by the same enums.
 * The sets live as long as the netdev (not the channels), so counters
 * survive down/up and reconfiguration; those of a channel that ethtool
 * -L takes away move to the base (struct cx4_en_stats_base), and ip -s
 * link, the ethtool -S totals and the queue statistics' device scope
 * all are the base plus the channels.  RX counters have one writer
 * (the channel's NAPI; recovery counts while NAPI is disabled; a
 * channel being built beside the running one of its index counts its
 * first fill apart and adds it when it starts, channels.c).  SQ
 * counters have three, on disjoint counters, each with its own seqcount:
 * ndo_start_xmit (csum_partial_wire, doorbells, stopped, dropped, tso_*,
 * added_vlan_packets; @xmit_syncp), ndo_xdp_xmit under the channel's
 * XDP SQ lock (xdp_xmit, xdp_full, xdp_err; @xdp_syncp) and NAPI (the
 * rest, @syncp; recovery counts while NAPI is disabled and the queue
 * stopped).  Readers use the
 * u64_stats fetch loop on both.
 */
#ifndef _CX4_EN_STATS_H
#define _CX4_EN_STATS_H

#include <linux/build_bug.h>
#include <linux/types.h>
#include <linux/u64_stats_sync.h>
#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_reg.h>

struct cx4_en_priv;
struct net_device;
struct rtnl_link_stats64;

enum cx4_en_rq_stat {
	CX4_EN_RQ_PACKETS,		/* frames passed to the stack */
	CX4_EN_RQ_BYTES,		/* their bytes (CQE byte_cnt) */
	CX4_EN_RQ_CSUM_UNNECESSARY,	/* device verified L3 and L4 */
	CX4_EN_RQ_CSUM_NONE,		/* no checksum verdict used */
	CX4_EN_RQ_DROPPED,		/* frames dropped by the driver */
	CX4_EN_RQ_ALLOC_FAIL,		/* buffer allocation failures */
	CX4_EN_RQ_ERR_CQE,		/* error CQEs (PRM 7.12.1.2) */
	CX4_EN_RQ_BAD_CQE,		/* CQEs with an invalid field */
	/* steer: LRO */
	CX4_EN_RQ_LRO_PACKETS,		/* coalesced frames (lro_num_seg > 1) */
	CX4_EN_RQ_LRO_BYTES,		/* their bytes */
	/* dp: VLAN stripping, recovery */
	CX4_EN_RQ_VLAN_STRIP,		/* frames with a stripped tag (CQE cv) */
	CX4_EN_RQ_RECOVER,		/* RQ recoveries ERR -> RST -> RDY */
	/*
	 * xdp: the program's verdicts (rx.c) and the channel's XDP SQ
	 * (xdp.c), which the same NAPI polls: one writer still.
	 */
	CX4_EN_RQ_XDP_DROP,		/* XDP_DROP, ABORTED, failed TX/REDIRECT */
	CX4_EN_RQ_XDP_REDIRECT,		/* XDP_REDIRECT handed on */
	CX4_EN_RQ_XDP_TX_XMIT,		/* XDP_TX frames posted */
	CX4_EN_RQ_XDP_TX_FULL,		/* XDP_TX with the XDP SQ full */
	CX4_EN_RQ_XDP_TX_ERR,		/* XDP SQ error CQEs */
	CX4_EN_RQ_XDP_TX_CQES,		/* XDP SQ completions (CQEs) */
	/* dp: CQE compression (rx.c) */
	CX4_EN_RQ_CQE_COMPRESS_BLKS,	/* compressed sessions (titles) taken */
	CX4_EN_RQ_CQE_COMPRESS_PKTS,	/* completions in them */
	CX4_EN_RQ_NSTATS
};

enum cx4_en_sq_stat {
	CX4_EN_SQ_PACKETS,		/* frames completed */
	CX4_EN_SQ_BYTES,		/* their bytes */
	CX4_EN_SQ_CSUM_PARTIAL,		/* wire frames with checksum offload */
	CX4_EN_SQ_DOORBELLS,		/* doorbells rung */
	CX4_EN_SQ_STOPPED,		/* queue stopped for lack of room */
	CX4_EN_SQ_WAKE,			/* queue woken again */
	CX4_EN_SQ_DROPPED,		/* frames dropped (map or size) */
	CX4_EN_SQ_ERR_CQE,		/* error CQEs */
	CX4_EN_SQ_BAD_CQE,		/* CQEs with an invalid field */
	/* dp: LSO, VLAN insertion, recovery */
	CX4_EN_SQ_TSO_PACKETS,		/* LSO WQEs posted */
	CX4_EN_SQ_TSO_BYTES,		/* their bytes, headers once per segment */
	CX4_EN_SQ_VLAN_INSERT,		/* frames with a tag inserted */
	CX4_EN_SQ_RECOVER,		/* SQ recoveries (error CQE, timeout) */
	/*
	 * xdp: frames other devices redirected here (ndo_xdp_xmit, on the
	 * channel's XDP SQ, under its lock; @xdp_syncp) and their
	 * completions (NAPI)
	 */
	CX4_EN_SQ_XDP_XMIT,		/* frames posted */
	CX4_EN_SQ_XDP_FULL,		/* frames refused: the XDP SQ full */
	CX4_EN_SQ_XDP_ERR,		/* frames refused: mapping, length */
	CX4_EN_SQ_XDP_CQES,		/* their completions (CQEs) */
	CX4_EN_SQ_NSTATS
};

struct cx4_en_rq_stats {
	struct u64_stats_sync syncp;
	u64_stats_t c[CX4_EN_RQ_NSTATS];
};

struct cx4_en_sq_stats {
	struct u64_stats_sync syncp;		/* NAPI's counters */
	struct u64_stats_sync xmit_syncp;	/* ndo_start_xmit's */
	struct u64_stats_sync xdp_syncp;	/* ndo_xdp_xmit's */
	u64_stats_t c[CX4_EN_SQ_NSTATS];
};

/* Is SQ counter @idx ndo_start_xmit's (else NAPI's)? */
static inline bool cx4_en_sq_stat_by_xmit(enum cx4_en_sq_stat idx)
{
	switch (idx) {
	case CX4_EN_SQ_CSUM_PARTIAL:
	case CX4_EN_SQ_DOORBELLS:
	case CX4_EN_SQ_STOPPED:
	case CX4_EN_SQ_DROPPED:
	case CX4_EN_SQ_TSO_PACKETS:
	case CX4_EN_SQ_TSO_BYTES:
	case CX4_EN_SQ_VLAN_INSERT:
		return true;
	default:
		return false;
	}
}

/* The counters of one channel. */
struct cx4_en_ch_stats {
	struct cx4_en_rq_stats rq;
	struct cx4_en_sq_stats sq;
};

/*
 * Counters of the channels that went away (ethtool -L to fewer): when a
 * channel goes, its counters are added here and its set is zeroed, in
 * one step under cx4_en_priv.stats_lock, so that the channels in use
 * plus this base are the device's totals at every instant, and a
 * channel that comes back starts from zero (cx4_en_stats_fold()).
 */
struct cx4_en_stats_base {
	u64 rq[CX4_EN_RQ_NSTATS];
	u64 sq[CX4_EN_SQ_NSTATS];
};

/* Add @val to counter @idx of a ring's stats @s (by its single writer). */
static inline void cx4_en_rq_stat_add(struct cx4_en_rq_stats *s,
				      enum cx4_en_rq_stat idx, u64 val)
{
	u64_stats_update_begin(&s->syncp);
	u64_stats_add(&s->c[idx], val);
	u64_stats_update_end(&s->syncp);
}

/* xdp: is SQ counter @idx ndo_xdp_xmit's (under the XDP SQ's lock)? */
static inline bool cx4_en_sq_stat_by_xdp(enum cx4_en_sq_stat idx)
{
	return idx == CX4_EN_SQ_XDP_XMIT || idx == CX4_EN_SQ_XDP_FULL ||
	       idx == CX4_EN_SQ_XDP_ERR;
}

/* By any SQ writer: the seqcount is the one of @idx's writer. */
static inline void cx4_en_sq_stat_add(struct cx4_en_sq_stats *s,
				      enum cx4_en_sq_stat idx, u64 val)
{
	struct u64_stats_sync *syncp = cx4_en_sq_stat_by_xmit(idx) ?
				       &s->xmit_syncp :
				       cx4_en_sq_stat_by_xdp(idx) ?
				       &s->xdp_syncp : &s->syncp;

	u64_stats_update_begin(syncp);
	u64_stats_add(&s->c[idx], val);
	u64_stats_update_end(syncp);
}

extern const char * const cx4_en_rq_stat_names[CX4_EN_RQ_NSTATS];
extern const char * const cx4_en_sq_stat_names[CX4_EN_SQ_NSTATS];
const char *cx4_en_sq_total_name(enum cx4_en_sq_stat idx);
const char *cx4_en_rq_total_name(enum cx4_en_rq_stat idx);
/* xdp: the counter of verdict @act; @sent: XDP_TX/REDIRECT took it. */
enum cx4_en_rq_stat cx4_en_xdp_act_stat(u32 act, bool sent);

/*
 * Device counter groups in ethtool -S: the vport counters (PRM 12.17,
 * QUERY_VPORT_COUNTER) and the PPCNT counter groups (PRM 11.1.5), the
 * per priority group once per priority.  Each group is one table of
 * (name, byte offset of the counter in the group's answer, flags).  A
 * counter mlx5_core also shows carries mlx5_core's ethtool -S name (the
 * name is what monitoring reads); the others are the PRM's field names
 * without _high/_low, shortened to fit ETH_GSTRING_LEN
 * (Documentation/ethtool.md).  A per priority counter is shown as
 * rx_prio<N>_<name> or tx_prio<N>_<name> (CX4_EN_STAT_TX).
 */
struct cx4_en_ppcnt_stat {
	const char *name;
	u16 off;
	u8 flags;
};

/* cx4_en_ppcnt_stat.flags */
#define CX4_EN_STAT_DW	BIT(0)	/* a 32-bit counter, not 64 */
#define CX4_EN_STAT_TX	BIT(1)	/* per priority: tx_prio<N>_, else rx_ */

/* cx4_en_ppcnt_grp.grp of the vport counters (not a PPCNT group). */
#define CX4_EN_GRP_VPORT	0xff
/* Bytes of one group's answer: the larger of the two sources. */
#define CX4_EN_GRP_BUF_SIZE	CX4_QUERY_VPORT_COUNTER_OUT_SIZE
static_assert(CX4_EN_GRP_BUF_SIZE >= CX4_PPCNT_COUNTER_SET_SIZE);

struct cx4_en_ppcnt_grp {
	const char *name;		/* PRM section name, for logs */
	u8 grp;				/* Table 114 grp, or CX4_EN_GRP_VPORT */
	u8 prio;			/* prio_tc of the per priority group */
	const struct cx4_en_ppcnt_stat *stats;
	u32 n;
};

extern const struct cx4_en_ppcnt_grp cx4_en_ppcnt_grps[];
extern const unsigned int cx4_en_ppcnt_ngrps;

void cx4_en_ppcnt_name(const struct cx4_en_ppcnt_grp *g,
		       const struct cx4_en_ppcnt_stat *s, char *buf);

/* Driver-level counters of ethtool -S (not per channel). */
enum cx4_en_drv_stat {
	CX4_EN_DRV_BAD_REG_ANSWERS,	/* port register answers rejected */
	CX4_EN_DRV_QUEUE_RECOVER_FAIL,	/* SQ/RQ resets that failed */
	CX4_EN_DRV_QUEUE_LOST,		/* queues no reset brought back */
	CX4_EN_DRV_NSTATS
};

extern const char * const cx4_en_drv_stat_names[CX4_EN_DRV_NSTATS];

struct ethtool_pause_stats;
struct ethtool_rmon_stats;
struct ethtool_rmon_hist_range;
struct ethtool_eth_mac_stats;
struct ethtool_eth_phy_stats;
struct ethtool_eth_ctrl_stats;

void cx4_en_puts(u8 **data, const char *str);
void cx4_en_get_pause_stats(struct net_device *netdev,
			    struct ethtool_pause_stats *st);
void cx4_en_get_eth_mac_stats(struct net_device *netdev,
			      struct ethtool_eth_mac_stats *st);
void cx4_en_get_eth_phy_stats(struct net_device *netdev,
			      struct ethtool_eth_phy_stats *st);
void cx4_en_get_eth_ctrl_stats(struct net_device *netdev,
			       struct ethtool_eth_ctrl_stats *st);
void cx4_en_get_rmon_stats(struct net_device *netdev,
			   struct ethtool_rmon_stats *st,
			   const struct ethtool_rmon_hist_range **ranges);
struct cx4_en_ch_stats *cx4_en_stats_alloc(u32 nch);
void cx4_en_rq_stats_read(const struct cx4_en_rq_stats *st, u64 *out);
void cx4_en_sq_stats_read(const struct cx4_en_sq_stats *st, u64 *out);
void cx4_en_stats_fold(struct cx4_en_stats_base *base,
		       struct cx4_en_ch_stats *st, u32 from, u32 to);
void cx4_en_stats_fold_departed(struct cx4_en_priv *priv, u32 from, u32 to);
void cx4_en_stats_base_read(struct cx4_en_priv *priv,
			    struct cx4_en_stats_base *out, u32 from);
void cx4_en_get_stats64(struct net_device *netdev,
			struct rtnl_link_stats64 *s);
int cx4_en_stats_count(struct cx4_en_priv *priv);
void cx4_en_stats_strings(struct cx4_en_priv *priv, u8 *data);
void cx4_en_stats_fill(struct cx4_en_priv *priv, u64 *data);

#endif /* _CX4_EN_STATS_H */

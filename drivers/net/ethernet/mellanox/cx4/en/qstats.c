// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: queue statistics (struct netdev_stat_ops, read by
 * the netdev netlink family's qstats-get; Linux 6.10 and later, built
 * only there, see compat.h).
 *
 * Channel N is RX queue N and TX queue N: a queue's statistics are its
 * channel's software counters (stats.h).  The base is what the queues
 * in use do not hold: the counters folded in from channels that went
 * away (stats.c), so that base plus queues is the device's total, the
 * same as ndo_get_stats64 and the ethtool -S totals.  The kernel calls
 * these under RTNL, under which channels come and go: the base and the
 * queues it adds to are of the same channel count.
 *
 * Which driver counter feeds which field of struct netdev_queue_stats_rx
 * / _tx is one table per direction; a field fed by several counters is
 * their sum.  A queue and the base set exactly the fields their table
 * names (the base's are complete device totals); the others stay unset.
 * Not in any field: the RX and TX error and bad CQEs (ndo_get_stats64's
 * rx/tx_errors), the TX frames the driver drops (tx_dropped: no field
 * covers driver drops on TX), LRO (hw-gro-* excludes LRO by definition).
 */

#include <linux/netdevice.h>
#include <linux/stddef.h>

#include "../compat.h"
#include "en.h"

/* @off: the u64 field's offset in the kernel's struct; @idx: our counter */
struct cx4_en_qstat {
	u16 off;
	u8 idx;
};

#define CX4_EN_QRX(f, i) \
	{ offsetof(struct netdev_queue_stats_rx, f), CX4_EN_RQ_##i }
#define CX4_EN_QTX(f, i) \
	{ offsetof(struct netdev_queue_stats_tx, f), CX4_EN_SQ_##i }

static const struct cx4_en_qstat cx4_en_qstats_rx[] = {
	CX4_EN_QRX(packets, PACKETS),
	CX4_EN_QRX(bytes, BYTES),
	/* page (refill) and skb (build_skb: frame dropped) allocations */
	CX4_EN_QRX(alloc_fail, ALLOC_FAIL),
	CX4_EN_QRX(alloc_fail, DROPPED),
	CX4_EN_QRX(csum_unnecessary, CSUM_UNNECESSARY),
	CX4_EN_QRX(csum_none, CSUM_NONE),
};

static const struct cx4_en_qstat cx4_en_qstats_tx[] = {
	CX4_EN_QTX(packets, PACKETS),
	CX4_EN_QTX(bytes, BYTES),
	/* wire frames, LSO segments included */
	CX4_EN_QTX(needs_csum, CSUM_PARTIAL),
	/* LSO sends and the wire bytes of their segments */
	CX4_EN_QTX(hw_gso_packets, TSO_PACKETS),
	CX4_EN_QTX(hw_gso_wire_bytes, TSO_BYTES),
	CX4_EN_QTX(stop, STOPPED),
	CX4_EN_QTX(wake, WAKE),
};

/* Set the @n fields of @table in @qs from the counters @c. */
static void cx4_en_qstats_fill(const struct cx4_en_qstat *table,
			       unsigned int n, const u64 *c, void *qs)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		*(u64 *)(qs + table[i].off) = 0;
	for (i = 0; i < n; i++)
		*(u64 *)(qs + table[i].off) += c[table[i].idx];
}

void cx4_en_qstats_rx_fill(const u64 *c, struct netdev_queue_stats_rx *rx)
{
	cx4_en_qstats_fill(cx4_en_qstats_rx, ARRAY_SIZE(cx4_en_qstats_rx), c,
			   rx);
}

void cx4_en_qstats_tx_fill(const u64 *c, struct netdev_queue_stats_tx *tx)
{
	cx4_en_qstats_fill(cx4_en_qstats_tx, ARRAY_SIZE(cx4_en_qstats_tx), c,
			   tx);
}

static void cx4_en_get_queue_stats_rx(struct net_device *netdev, int ix,
				      struct netdev_queue_stats_rx *rx)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u64 c[CX4_EN_RQ_NSTATS];

	if (ix < 0 || ix >= priv->max_channels)
		return;
	cx4_en_rq_stats_read(&priv->stats[ix].rq, c);
	cx4_en_qstats_rx_fill(c, rx);
}

static void cx4_en_get_queue_stats_tx(struct net_device *netdev, int ix,
				      struct netdev_queue_stats_tx *tx)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u64 c[CX4_EN_SQ_NSTATS];

	if (ix < 0 || ix >= priv->max_channels)
		return;
	cx4_en_sq_stats_read(&priv->stats[ix].sq, c);
	cx4_en_qstats_tx_fill(c, tx);
}

/* RTNL: the queues the kernel adds next are channels 0 .. num - 1. */
static void cx4_en_get_base_stats(struct net_device *netdev,
				  struct netdev_queue_stats_rx *rx,
				  struct netdev_queue_stats_tx *tx)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_stats_base b;

	ASSERT_RTNL();
	cx4_en_stats_base_read(priv, &b, priv->num_channels);
	cx4_en_qstats_rx_fill(b.rq, rx);
	cx4_en_qstats_tx_fill(b.sq, tx);
	/* The device's drops for want of a receive WQE: for the netdev only. */
	if (priv->q_counter_avail) {
		cx4_en_q_counter_update(priv);
		rx->hw_drop_overruns = atomic64_read(&priv->oob_total);
	}
}

const struct netdev_stat_ops cx4_en_stat_ops = {
	.get_queue_stats_rx	= cx4_en_get_queue_stats_rx,
	.get_queue_stats_tx	= cx4_en_get_queue_stats_tx,
	.get_base_stats		= cx4_en_get_base_stats,
};

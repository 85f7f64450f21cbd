// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: software counters (see stats.h): ndo_get_stats64 and
 * ethtool -S, both driven by the name tables below.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/slab.h>

#include "en.h"

const char * const cx4_en_rq_stat_names[CX4_EN_RQ_NSTATS] = {
	[CX4_EN_RQ_PACKETS]		= "packets",
	[CX4_EN_RQ_BYTES]		= "bytes",
	[CX4_EN_RQ_CSUM_UNNECESSARY]	= "csum_unnecessary",
	[CX4_EN_RQ_CSUM_NONE]		= "csum_none",
	[CX4_EN_RQ_DROPPED]		= "dropped",
	[CX4_EN_RQ_ALLOC_FAIL]		= "alloc_fail",
	[CX4_EN_RQ_ERR_CQE]		= "err_cqe",
	[CX4_EN_RQ_BAD_CQE]		= "bad_cqe",
	[CX4_EN_RQ_VLAN_STRIP]		= "vlan_strip",
	[CX4_EN_RQ_RECOVER]		= "recover",
};

const char * const cx4_en_sq_stat_names[CX4_EN_SQ_NSTATS] = {
	[CX4_EN_SQ_PACKETS]		= "packets",
	[CX4_EN_SQ_BYTES]		= "bytes",
	[CX4_EN_SQ_CSUM_PARTIAL]	= "csum_partial",
	[CX4_EN_SQ_DOORBELLS]		= "doorbells",
	[CX4_EN_SQ_STOPPED]		= "stopped",
	[CX4_EN_SQ_WAKE]		= "wake",
	[CX4_EN_SQ_DROPPED]		= "dropped",
	[CX4_EN_SQ_ERR_CQE]		= "err_cqe",
	[CX4_EN_SQ_BAD_CQE]		= "bad_cqe",
	[CX4_EN_SQ_TSO_PACKETS]		= "tso_packets",
	[CX4_EN_SQ_TSO_BYTES]		= "tso_bytes",
	[CX4_EN_SQ_VLAN_INSERT]		= "vlan_insert",
	[CX4_EN_SQ_RECOVER]		= "recover",
};

/* Consistent snapshot of the @n counters @c guarded by @syncp. */
static void cx4_en_snapshot(const struct u64_stats_sync *syncp,
			    const u64_stats_t *c, unsigned int n, u64 *out)
{
	unsigned int start, i;

	do {
		start = u64_stats_fetch_begin(syncp);
		for (i = 0; i < n; i++)
			out[i] = u64_stats_read(&c[i]);
	} while (u64_stats_fetch_retry(syncp, start));
}

struct cx4_en_ch_stats *cx4_en_stats_alloc(u32 nch)
{
	struct cx4_en_ch_stats *st;
	u32 i;

	st = kcalloc(nch, sizeof(*st), GFP_KERNEL);
	if (!st)
		return NULL;
	for (i = 0; i < nch; i++) {
		u64_stats_init(&st[i].rq.syncp);
		u64_stats_init(&st[i].sq.syncp);
	}
	return st;
}

/*
 * ndo_get_stats64: the sum over every channel that ever ran (counters
 * outlive the channels).  Drops counted by the stack itself (core stats)
 * are added by dev_get_stats().
 */
void cx4_en_get_stats64(struct net_device *netdev,
			struct rtnl_link_stats64 *s)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u64 rq[CX4_EN_RQ_NSTATS], sq[CX4_EN_SQ_NSTATS];
	u32 i;

	for (i = 0; i < priv->max_channels; i++) {
		const struct cx4_en_ch_stats *st = &priv->stats[i];

		cx4_en_snapshot(&st->rq.syncp, st->rq.c, CX4_EN_RQ_NSTATS, rq);
		cx4_en_snapshot(&st->sq.syncp, st->sq.c, CX4_EN_SQ_NSTATS, sq);
		s->rx_packets += rq[CX4_EN_RQ_PACKETS];
		s->rx_bytes += rq[CX4_EN_RQ_BYTES];
		s->rx_dropped += rq[CX4_EN_RQ_DROPPED] +
				 rq[CX4_EN_RQ_ALLOC_FAIL];
		s->rx_errors += rq[CX4_EN_RQ_ERR_CQE] + rq[CX4_EN_RQ_BAD_CQE];
		s->tx_packets += sq[CX4_EN_SQ_PACKETS];
		s->tx_bytes += sq[CX4_EN_SQ_BYTES];
		s->tx_dropped += sq[CX4_EN_SQ_DROPPED];
		s->tx_errors += sq[CX4_EN_SQ_ERR_CQE] + sq[CX4_EN_SQ_BAD_CQE];
	}
}

/* ethtool -S: per channel, rx<N>_<counter> then tx<N>_<counter>. */
int cx4_en_stats_count(struct cx4_en_priv *priv)
{
	return priv->num_channels * (CX4_EN_RQ_NSTATS + CX4_EN_SQ_NSTATS);
}

void cx4_en_stats_strings(struct cx4_en_priv *priv, u8 *data)
{
	unsigned int i;
	u32 ch;

	for (ch = 0; ch < priv->num_channels; ch++) {
		for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
			ethtool_sprintf(&data, "rx%u_%s", ch,
					cx4_en_rq_stat_names[i]);
		for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
			ethtool_sprintf(&data, "tx%u_%s", ch,
					cx4_en_sq_stat_names[i]);
	}
}

void cx4_en_stats_fill(struct cx4_en_priv *priv, u64 *data)
{
	u32 ch;

	for (ch = 0; ch < priv->num_channels; ch++) {
		const struct cx4_en_ch_stats *st = &priv->stats[ch];

		cx4_en_snapshot(&st->rq.syncp, st->rq.c, CX4_EN_RQ_NSTATS,
				data);
		data += CX4_EN_RQ_NSTATS;
		cx4_en_snapshot(&st->sq.syncp, st->sq.c, CX4_EN_SQ_NSTATS,
				data);
		data += CX4_EN_SQ_NSTATS;
	}
}

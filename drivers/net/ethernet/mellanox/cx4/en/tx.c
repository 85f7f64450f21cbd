// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: transmit (PRM 7.4.3, 7.4.4.1).
 *
 * A frame becomes one SEND WQE: control segment, Ethernet segment with
 * cs_flags and the inline headers the device's inline mode requires, and
 * a data segment per DMA-mapped piece (the rest of the linear part, each
 * fragment).  WQEs never wrap the ring: the WQEBBs left before the edge
 * are filled with NOPs (completed silently).  Every WQE asks for a CQE.
 * The doorbell record and the BlueFlame doorbell are written once per
 * batch (xmit_more), BQL accounts bytes, and the queue stops while fewer
 * than two of the largest WQEs fit.
 *
 * A TCP GSO frame becomes one LSO WQE (PRM 3.3.2): mss set, the whole
 * L2..TCP header inline as the segments' template; the device cuts the
 * payload, fixes IP length/ID, TCP sequence/flags and the checksums.
 * A VLAN tag to insert (skb_vlan_tag_present, NETIF_F_HW_VLAN_CTAG_TX)
 * is written into the inline headers after the MAC addresses, which is
 * how the PRM has the driver do VLAN insertion (3.3.7).
 *
 * Concurrency: ndo_start_xmit (under the queue's lock) owns pc/dma_pc,
 * the channel's NAPI owns cc/dma_cc; each reads the other's with
 * READ_ONCE, and the stop/wake handshake is ordered with smp_mb().
 */

#include <linux/dma-mapping.h>
#include <linux/if_vlan.h>
#include <linux/io.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <linux/udp.h>

#include "../compat.h"
#include "en.h"
#include "txrx.h"

/* Room kept free: a WQE of the largest size plus its NOP padding. */
#define CX4_EN_SQ_STOP_ROOM	(2 * CX4_EN_MAX_WQEBBS)
/* Send CQEs handled per NAPI poll at most. */
#define CX4_EN_TX_POLL_MAX	256

static void *cx4_en_sq_wqebb(struct cx4_en_sq *sq, u16 i)
{
	return sq->wq.buf + ((u32)(i & sq->mask) << CX4_SEND_WQEBB_SHIFT);
}

static u16 cx4_en_sq_room(struct cx4_en_sq *sq)
{
	return sq->mask + 1 - (u16)(READ_ONCE(sq->pc) - READ_ONCE(sq->cc));
}

/* The doorbell (cx4_en_sq_doorbell()), counted. */
static void cx4_en_sq_ring(struct cx4_en_sq *sq)
{
	cx4_en_sq_doorbell(sq);
	cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_DOORBELLS, 1);
}

/* A NOP in each WQEBB left before the ring's edge. */
static void cx4_en_sq_pad(struct cx4_en_sq *sq, u16 n)
{
	while (n--) {
		void *ctrl = cx4_en_sq_wqebb(sq, sq->pc);
		struct cx4_en_tx_wqe_info *info = &sq->info[sq->pc & sq->mask];

		memset(ctrl, 0, CX4_SEND_WQEBB_SIZE);
		cx4_en_wqe_ctrl_build(ctrl, sq->pc, CX4_WQE_OP_NOP, sq->sqn, 1,
				      false);
		info->skb = NULL;
		info->bytes = 0;
		info->num_wqebbs = 1;
		info->num_dma = 0;
		sq->last_ctrl = ctrl;
		WRITE_ONCE(sq->pc, sq->pc + 1);
	}
}

/* End of the IP and of the L4 header, 0 where unknown. */
static void cx4_en_tx_hdr_ends(struct sk_buff *skb, u32 *l3_end,
			       u32 *l4_end)
{
	__be16 proto = vlan_get_protocol(skb);
	u8 l4 = 0;

	*l3_end = 0;
	*l4_end = 0;
	if (!skb_transport_header_was_set(skb))
		return;
	if (proto == htons(ETH_P_IP))
		l4 = ip_hdr(skb)->protocol;
	else if (proto == htons(ETH_P_IPV6))
		l4 = ipv6_hdr(skb)->nexthdr;
	else
		return;
	*l3_end = skb_transport_offset(skb);
	if (l4 == IPPROTO_TCP)
		*l4_end = *l3_end + tcp_hdrlen(skb);
	else if (l4 == IPPROTO_UDP)
		*l4_end = *l3_end + sizeof(struct udphdr);
}

static void cx4_en_tx_unmap(struct cx4_en_sq *sq, u8 n)
{
	while (n--) {
		struct cx4_en_tx_dma *d = &sq->dma[sq->dma_cc++ & sq->dma_mask];

		if (d->page)
			dma_unmap_page(sq->dev, d->addr, d->len, DMA_TO_DEVICE);
		else
			dma_unmap_single(sq->dev, d->addr, d->len,
					 DMA_TO_DEVICE);
	}
}

/* Undo the mappings of a WQE being built (ndo_start_xmit side). */
static void cx4_en_tx_unmap_new(struct cx4_en_sq *sq, u8 n)
{
	while (n--) {
		struct cx4_en_tx_dma *d = &sq->dma[--sq->dma_pc & sq->dma_mask];

		if (d->page)
			dma_unmap_page(sq->dev, d->addr, d->len, DMA_TO_DEVICE);
		else
			dma_unmap_single(sq->dev, d->addr, d->len,
					 DMA_TO_DEVICE);
	}
}

static void cx4_en_tx_dseg(struct cx4_en_sq *sq, void *dseg, dma_addr_t addr,
			   u32 len, bool page)
{
	struct cx4_en_tx_dma *d = &sq->dma[sq->dma_pc++ & sq->dma_mask];

	d->addr = addr;
	d->len = len;
	d->page = page;
	CX4_SET(WQE_DSEG, dseg, BYTE_COUNT, len);
	CX4_SET(WQE_DSEG, dseg, LKEY, sq->lkey);
	CX4_SET64(WQE_DSEG, dseg, ADDR, addr);
}

/* Map the data after the inline bytes; return the segments or -errno. */
static int cx4_en_tx_map(struct cx4_en_sq *sq, struct sk_buff *skb,
			 u32 inline_sz, void *dseg)
{
	u32 head = skb_headlen(skb);
	int n = 0, i;
	dma_addr_t a;

	if (head > inline_sz) {
		a = dma_map_single(sq->dev, skb->data + inline_sz,
				   head - inline_sz, DMA_TO_DEVICE);
		if (dma_mapping_error(sq->dev, a))
			return -ENOMEM;
		cx4_en_tx_dseg(sq, dseg, a, head - inline_sz, false);
		dseg += CX4_WQE_DSEG_SIZE;
		n++;
	}
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[i];
		u32 len = skb_frag_size(frag);

		a = skb_frag_dma_map(sq->dev, frag, 0, len, DMA_TO_DEVICE);
		if (dma_mapping_error(sq->dev, a)) {
			cx4_en_tx_unmap_new(sq, n);
			return -ENOMEM;
		}
		cx4_en_tx_dseg(sq, dseg, a, len, true);
		dseg += CX4_WQE_DSEG_SIZE;
		n++;
	}
	return n;
}

static void cx4_en_tx_maybe_stop(struct cx4_en_sq *sq);

/*
 * Drop @skb.  WQEs posted before it (earlier sends under xmit_more, or
 * the NOP padding this one put in) still need their doorbell: ring it
 * unless more frames follow into a running queue, as after a send.
 */
static void cx4_en_tx_drop(struct cx4_en_sq *sq, struct sk_buff *skb)
{
	cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_DROPPED, 1);
	dev_kfree_skb_any(skb);
	if (sq->pc == sq->db_pc)
		return;
	cx4_en_tx_maybe_stop(sq);
	if (!netdev_xmit_more() || netif_xmit_stopped(sq->txq))
		cx4_en_sq_ring(sq);
}

static void cx4_en_tx_maybe_stop(struct cx4_en_sq *sq)
{
	if (likely(cx4_en_sq_room(sq) >= CX4_EN_SQ_STOP_ROOM))
		return;
	netif_tx_stop_queue(sq->txq);
	cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_STOPPED, 1);
	/* Pairs with the barrier after cc moves in cx4_en_tx_poll(). */
	smp_mb();
	if (cx4_en_sq_room(sq) >= CX4_EN_SQ_STOP_ROOM)
		netif_tx_start_queue(sq->txq);
}

/* What a frame becomes on the wire, worked out before the WQE is built. */
struct cx4_en_tx_attr {
	u32 ihs;		/* skb bytes copied to the inline headers */
	u32 mss;		/* LSO segment payload, 0: plain SEND */
	u32 pkts;		/* frames on the wire */
	u32 bytes;		/* cx4_en_tx_bytes() */
	bool vlan;		/* the tag is inserted in the inline headers */
};

/*
 * LSO (PRM 3.3.2): the inline headers are the whole L2..TCP header of
 * the template; the device repeats them in every segment of @mss bytes.
 * Otherwise the inline mode decides.  A tag to insert (PRM 3.3.7) needs
 * at least the MAC addresses inline, after which it goes.
 */
static int cx4_en_tx_attr(struct cx4_en_sq *sq, struct sk_buff *skb,
			  struct cx4_en_tx_attr *a)
{
	u32 l3_end, l4_end;

	a->vlan = skb_vlan_tag_present(skb);
	if (skb_is_gso(skb) &&
	    (skb_shinfo(skb)->gso_type & (SKB_GSO_TCPV4 | SKB_GSO_TCPV6))) {
		a->ihs = skb_transport_offset(skb) + tcp_hdrlen(skb);
		a->mss = skb_shinfo(skb)->gso_size;
		if (a->ihs > CX4_EN_MAX_INLINE || !a->mss ||
		    a->mss > CX4_EN_MAX_MSS)
			return -EINVAL;
	} else {
		cx4_en_tx_hdr_ends(skb, &l3_end, &l4_end);
		a->ihs = cx4_en_inline_len(sq->inline_mode, skb->len, l3_end,
					   l4_end);
		if (a->vlan)
			a->ihs = max_t(u32, a->ihs, 2 * ETH_ALEN);
		a->mss = 0;
	}
	a->bytes = cx4_en_tx_bytes(skb->len, a->ihs, a->mss, &a->pkts);
	if (skb->len < ETH_HLEN)
		return -EINVAL;
	/* Inline bytes come from the linear part only. */
	if (unlikely(a->ihs > skb_headlen(skb)) && !pskb_may_pull(skb, a->ihs))
		return -ENOMEM;
	return 0;
}

/* The inline headers: the first @a->ihs bytes, a tag after the MACs. */
static void cx4_en_tx_inline(struct sk_buff *skb, u8 *dst,
			     const struct cx4_en_tx_attr *a)
{
	__be16 tag[2];

	if (!a->vlan) {
		memcpy(dst, skb->data, a->ihs);
		return;
	}
	tag[0] = skb->vlan_proto;
	tag[1] = htons(skb_vlan_tag_get(skb));
	memcpy(dst, skb->data, 2 * ETH_ALEN);
	memcpy(dst + 2 * ETH_ALEN, tag, VLAN_HLEN);
	memcpy(dst + 2 * ETH_ALEN + VLAN_HLEN, skb->data + 2 * ETH_ALEN,
	       a->ihs - 2 * ETH_ALEN);
}

static void cx4_en_tx_offload_stats(struct cx4_en_sq *sq,
				    const struct cx4_en_tx_attr *a)
{
	if (a->mss) {
		cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_TSO_PACKETS, 1);
		cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_TSO_BYTES, a->bytes);
	}
	if (a->vlan)
		cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_VLAN_INSERT, 1);
}

/*
 * debugfs fail_tx_map (en.h): is this the frame whose mapping fails?
 * Counts down while armed; the frame that takes it to 0 fails.
 */
static bool cx4_en_tx_map_fault(struct cx4_en_priv *priv)
{
	return IS_ENABLED(CONFIG_DEBUG_FS) &&
	       unlikely(atomic_read(&priv->fail_tx_map) > 0) &&
	       atomic_dec_if_positive(&priv->fail_tx_map) == 0;
}

/* Hardware timestamps on: the netdev's switch (ptp.c). */
static bool cx4_en_sq_hwts(struct cx4_en_sq *sq)
{
	struct cx4_en_priv *priv = netdev_priv(sq->txq->dev);

	return READ_ONCE(priv->hwts_tx);
}

/*
 * The time of the send CQE @hw to the socket of @skb, which asked for it.
 * cx4_en_tx_poll() copied only the CQE's last dword into @cqe: the
 * timestamp is copied as well here, and read from the copy.
 */
static void cx4_en_tx_hwts(struct cx4_en_sq *sq, struct sk_buff *skb,
			   u8 *cqe, const void *hw)
{
	struct cx4_en_priv *priv = netdev_priv(sq->txq->dev);

	memcpy(cqe + CX4_CQE_OFF_TIMESTAMP, hw + CX4_CQE_OFF_TIMESTAMP,
	       sizeof(u64));
	cx4_en_ptp_tx_stamp(&priv->ptp, skb, CX4_GET64(CQE, cqe, TIMESTAMP));
}

/* @fail_map: fail the DMA mapping as dma_map_*() can (fail_tx_map). */
static netdev_tx_t cx4_en_sq_xmit(struct cx4_en_sq *sq, struct sk_buff *skb,
				  bool fail_map)
{
	struct cx4_en_tx_wqe_info *info;
	struct cx4_en_tx_attr a;
	u32 inl, ndseg, nbb;
	void *ctrl, *eth;
	u16 edge, i;
	int n;

	if (skb_shinfo(skb)->nr_frags + 1 > CX4_EN_MAX_DSEGS &&
	    skb_linearize(skb)) {
		cx4_en_tx_drop(sq, skb);
		return NETDEV_TX_OK;
	}
	if (cx4_en_tx_attr(sq, skb, &a)) {
		cx4_en_tx_drop(sq, skb);
		return NETDEV_TX_OK;
	}
	inl = a.ihs + (a.vlan ? VLAN_HLEN : 0);
	ndseg = skb_shinfo(skb)->nr_frags +
		(skb_headlen(skb) > a.ihs ? 1 : 0);
	nbb = DIV_ROUND_UP(cx4_en_tx_wqe_size(inl, ndseg),
			   CX4_SEND_WQEBB_SIZE);
	if (WARN_ON_ONCE(nbb > CX4_EN_MAX_WQEBBS)) {
		cx4_en_tx_drop(sq, skb);
		return NETDEV_TX_OK;
	}
	edge = sq->mask + 1 - (sq->pc & sq->mask);
	if (nbb > edge)
		cx4_en_sq_pad(sq, edge);

	ctrl = cx4_en_sq_wqebb(sq, sq->pc);
	/* A constant size for the common case: no call to memset(). */
	if (nbb == 1)
		memset(ctrl, 0, CX4_SEND_WQEBB_SIZE);
	else
		memset(ctrl, 0, nbb * CX4_SEND_WQEBB_SIZE);
	eth = ctrl + CX4_WQE_CTRL_SIZE;
	if (skb->ip_summed == CHECKSUM_PARTIAL || a.mss) {
		/* The IPv4 header checksum too (IPv6 has none). */
		if (vlan_get_protocol(skb) == htons(ETH_P_IP))
			CX4_SET(WQE_ETH, eth, L3CS, 1);
		CX4_SET(WQE_ETH, eth, L4CS, 1);
		cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_CSUM_PARTIAL, a.pkts);
	}
	CX4_SET(WQE_ETH, eth, MSS, a.mss);
	CX4_SET(WQE_ETH, eth, INLINE_HDR_SZ, inl);
	cx4_en_tx_inline(skb, CX4_ADDR(WQE_ETH, eth, INLINE_HDR), &a);
	n = fail_map ? -ENOMEM :
		cx4_en_tx_map(sq, skb, a.ihs, eth + cx4_wqe_eth_seg_size(inl));
	if (n < 0) {
		cx4_en_tx_drop(sq, skb);
		return NETDEV_TX_OK;
	}
	cx4_en_wqe_ctrl_build(ctrl, sq->pc,
			      a.mss ? CX4_WQE_OP_LSO : CX4_WQE_OP_SEND, sq->sqn,
			      cx4_en_tx_wqe_size(inl, n) / CX4_WQE_OCTOWORD_SIZE,
			      true);
	cx4_en_tx_offload_stats(sq, &a);

	info = &sq->info[sq->pc & sq->mask];
	info->skb = skb;
	info->bytes = a.bytes;
	info->pkts = a.pkts;
	info->num_wqebbs = nbb;
	info->num_dma = n;
	for (i = 1; i < nbb; i++)
		sq->info[(sq->pc + i) & sq->mask].num_wqebbs = 0;
	sq->last_ctrl = ctrl;
	/* A hardware timestamp from the send CQE (cx4_en_tx_poll()). */
	if (unlikely(skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP) &&
	    cx4_en_sq_hwts(sq))
		skb_shinfo(skb)->tx_flags |= SKBTX_IN_PROGRESS;
	WRITE_ONCE(sq->pc, sq->pc + nbb);
	skb_tx_timestamp(skb);

	cx4_en_tx_maybe_stop(sq);
	if (__netdev_tx_sent_queue(sq->txq, a.bytes, netdev_xmit_more()))
		cx4_en_sq_ring(sq);
	return NETDEV_TX_OK;
}

netdev_tx_t cx4_en_start_xmit(struct sk_buff *skb, struct net_device *netdev)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u16 q = skb_get_queue_mapping(skb);

	if (unlikely(!priv->channels || q >= priv->num_channels)) {
		dev_core_stats_tx_dropped_inc(netdev);
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}
	return cx4_en_sq_xmit(&priv->channels[q]->sq, skb,
			      cx4_en_tx_map_fault(priv));
}

static void cx4_en_tx_bad_cqe(struct cx4_en_sq *sq, const void *cqe,
			      const char *what)
{
	cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_BAD_CQE, 1);
	cx4_en_warn_rl(sq->txq->dev, hw,
		       "SQ 0x%x: %s CQE (opcode 0x%x wqe_counter 0x%x, cc 0x%x pc 0x%x) ignored\n",
		       sq->sqn, what,
		       CX4_GET(CQE, cqe, OPCODE),
		       CX4_GET(CQE, cqe, WQE_COUNTER), sq->cc,
		       READ_ONCE(sq->pc));
}

/*
 * Send completions: a CQE completes every WQE from the consumer counter
 * up to the one its wqe_counter names (validated first).  Return: true
 * if the CQ was drained within the poll limit.
 */
bool cx4_en_tx_poll(struct cx4_en_sq *sq, int budget)
{
	u8 cqe[CX4_CQE_SIZE] __aligned(8);
	u32 pkts = 0, bytes = 0;
	const void *hw;
	int n = 0;

	while (n < CX4_EN_TX_POLL_MAX && (hw = cx4_cq_peek(sq->cq))) {
		enum cx4_en_sq_cqe v;
		bool last;
		u16 wc;

		/*
		 * Read the CQE once; only the copy is used (see rx.c); its
		 * timestamp only for a frame that asked for it,
		 * cx4_en_tx_hwts().
		 */
		v = cx4_en_sq_cqe_read(hw, cqe, sq->cc, READ_ONCE(sq->pc),
				       sq->mask, sq->info, &wc);
		n++;
		if (v >= CX4_EN_SQ_CQE_BAD_OP) {
			cx4_en_tx_bad_cqe(sq, cqe, cx4_en_sq_cqe_bad_why(v));
			cx4_cq_pop(sq->cq);
			continue;
		}
		if (v == CX4_EN_SQ_CQE_ERR) {
			u32 syn = CX4_GET(ERR_CQE, cqe, SYNDROME);

			cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_ERR_CQE, 1);
			/* The SQ is in ERR: reset it; flush CQEs only count. */
			if (syn != CX4_CQE_SYN_WR_FLUSH_ERR) {
				cx4_en_request_recover(container_of(sq, struct cx4_en_channel, sq),
						       CX4_EN_RECOVER_SQ);
				cx4_en_warn_rl(sq->txq->dev, tx_err,
					       "SQ 0x%x: error CQE syndrome 0x%x vendor 0x%x on WQE 0x%x\n",
					       sq->sqn, syn,
					       CX4_GET(ERR_CQE, cqe,
						       VENDOR_ERR_SYNDROME),
					       wc);
			}
		}
		do {
			struct cx4_en_tx_wqe_info *info =
				&sq->info[sq->cc & sq->mask];

			last = sq->cc == wc;
			cx4_en_tx_unmap(sq, info->num_dma);
			if (info->skb) {
				pkts += info->pkts;
				bytes += info->bytes;
				/* The CQE's time is its own WQE's: the last. */
				if (unlikely(skb_shinfo(info->skb)->tx_flags &
					     SKBTX_IN_PROGRESS) &&
				    last && v == CX4_EN_SQ_CQE_REQ)
					cx4_en_tx_hwts(sq, info->skb, cqe, hw);
				napi_consume_skb(info->skb, budget);
				info->skb = NULL;
			}
			WRITE_ONCE(sq->cc, sq->cc + info->num_wqebbs);
			info->num_wqebbs = 0;
		} while (!last);
		cx4_cq_pop(sq->cq);
	}
	if (!n)
		return true;
	cx4_cq_update_ci(sq->cq);
	cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_PACKETS, pkts);
	cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_BYTES, bytes);
	netdev_tx_completed_queue(sq->txq, pkts, bytes);
	/* cc before the stopped check; pairs with cx4_en_tx_maybe_stop(). */
	smp_mb();
	if (netif_tx_queue_stopped(sq->txq) &&
	    cx4_en_sq_room(sq) >= CX4_EN_SQ_STOP_ROOM) {
		netif_tx_wake_queue(sq->txq);
		cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_WAKE, 1);
	}
	return n < CX4_EN_TX_POLL_MAX;
}

/*
 * After DESTROY_SQ (or the function reset): unmap and free what the
 * device never completed.  Touches only @sq's ring state, not its TX
 * queue.
 */
void cx4_en_sq_drop_pending(struct cx4_en_sq *sq)
{
	while (sq->cc != sq->pc) {
		struct cx4_en_tx_wqe_info *info = &sq->info[sq->cc & sq->mask];

		if (!info->num_wqebbs) {
			sq->cc++;
			continue;
		}
		cx4_en_tx_unmap(sq, info->num_dma);
		if (info->skb)
			dev_kfree_skb_any(info->skb);
		info->skb = NULL;
		if (sq->xdpi)
			cx4_en_xdp_wqe_release(sq, &sq->xdpi[sq->cc & sq->mask],
					       false);
		sq->cc += info->num_wqebbs;
		info->num_wqebbs = 0;
	}
}

/* After DESTROY_SQ: the pending sends and the TX queue's BQL state. */
void cx4_en_sq_free_pending(struct cx4_en_sq *sq)
{
	cx4_en_sq_drop_pending(sq);
	if (sq->txq)		/* an XDP SQ has none */
		netdev_tx_reset_queue(sq->txq);
}

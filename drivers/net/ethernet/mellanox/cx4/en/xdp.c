// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: the XDP SQ and XDP_TX (rx.c runs the program).
 *
 * A channel with an XDP program has a third queue, the XDP SQ, with its
 * own CQ polled by the channel's NAPI (channels.c creates them with the
 * channel).  XDP_TX sends the frame from its receive page: the page
 * stays mapped by the RQ's page_pool (both ways while a program is
 * attached), is synced for the device, and goes back to the pool when
 * its send completes.  A WQE is a control segment, an Ethernet segment
 * with the inline headers the device's inline mode asks for (found in
 * the frame: cx4_en_xdp_inline_len()) and one data segment; it asks for
 * a CQE.  The doorbell is rung once per NAPI poll, after the RX loop.
 * A full SQ drops the frame (xdp_tx_full, and xdp_drop as a failed
 * XDP_TX).
 *
 * Its CQ raises an event only while frames of ndo_xdp_xmit are in
 * flight: those belong to other devices and must come back however idle
 * this channel is.  XDP_TX's completions are handed over by the poll of
 * the next frame the channel receives (as mlx5_core does): a frame sent
 * back costs one interrupt, its receive's, not two.  Until then at most
 * a ring of the RQ's pages waits in the SQ; closing the channel gives
 * them back.  The protocol, under @xdp_lock: after a completed poll NAPI
 * arms the CQ if the WQE of ndo_xdp_xmit's last frame (@xmit_pc) is not
 * completed, else marks it idle (@cq_idle); ndo_xdp_xmit, after posting,
 * schedules the channel's NAPI if it found the CQ idle, and that poll
 * then arms it.  Send CQEs are read from a copy and checked (opcode,
 * wqe_counter naming a posted WQE) before anything is released; a bad
 * one is counted (xdp_tx_err) and logged, an error CQE has the channels
 * rebuilt (recover.c) and is counted where its frame came from: XDP_TX's
 * in the RQ's xdp_tx_err, ndo_xdp_xmit's in the channel's txN_xdp_err.
 *
 * The verdict-to-counter mapping is mlx5_core's, so that what its users
 * read means the same here: a frame the program passes is counted by
 * the RQ's packets/bytes as any other; one it drops, or aborts on, or
 * whose XDP_TX or XDP_REDIRECT fails, in xdp_drop; a redirect handed on
 * in xdp_redirect; an XDP_TX posted in xdp_tx_xmit, its completion in
 * xdp_tx_cqes.
 */

#include <linux/bpf.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/netdevice.h>
#include <net/xdp.h>

#include "../compat.h"
#include "en.h"
#include "txrx.h"

/* XDP SQ CQEs handled per NAPI poll at most. */
#define CX4_EN_XDP_POLL_MAX	256

enum cx4_en_rq_stat cx4_en_xdp_act_stat(u32 act, bool sent)
{
	if (sent && act == XDP_TX)
		return CX4_EN_RQ_XDP_TX_XMIT;
	if (sent && act == XDP_REDIRECT)
		return CX4_EN_RQ_XDP_REDIRECT;
	return CX4_EN_RQ_XDP_DROP;
}

static void *cx4_en_xdpsq_wqebb(struct cx4_en_sq *sq, u16 i)
{
	return sq->wq.buf + ((u32)(i & sq->mask) << CX4_SEND_WQEBB_SHIFT);
}

/* A NOP in each of the @n WQEBBs left before the ring's edge. */
static void cx4_en_xdpsq_pad(struct cx4_en_sq *sq, u16 n)
{
	while (n--) {
		void *ctrl = cx4_en_xdpsq_wqebb(sq, sq->pc);
		u16 i = sq->pc & sq->mask;

		memset(ctrl, 0, CX4_SEND_WQEBB_SIZE);
		cx4_en_wqe_ctrl_build(ctrl, sq->pc, CX4_WQE_OP_NOP, sq->sqn, 1,
				      false);
		sq->info[i].skb = NULL;
		sq->info[i].num_wqebbs = 1;
		sq->info[i].num_dma = 0;
		sq->xdpi[i].page = NULL;
		sq->xdpi[i].xdpf = NULL;
		sq->last_ctrl = ctrl;
		WRITE_ONCE(sq->pc, sq->pc + 1);
	}
}

/*
 * Post one frame of @len bytes at @data, DMA address @dma, owned by
 * @page or @xdpf (the other NULL).  Caller holds sq->xdp_lock.
 * Return: 0, -ENOSPC (the SQ is full) or -EINVAL (not a frame).
 */
static int cx4_en_xdpsq_post(struct cx4_en_sq *sq, const void *data, u32 len,
			     dma_addr_t dma, struct page *page,
			     struct xdp_frame *xdpf)
{
	u32 ihs = cx4_en_xdp_inline_len(sq->inline_mode, data, len);
	u32 ndseg = len > ihs ? 1 : 0, nbb, slots, i;
	struct cx4_en_xdp_wqe_info *xi;
	void *ctrl, *eth, *dseg;

	if (len < ETH_HLEN)
		return -EINVAL;
	nbb = DIV_ROUND_UP(cx4_en_tx_wqe_size(ihs, ndseg), CX4_SEND_WQEBB_SIZE);
	slots = cx4_en_sq_wqe_slots(sq->pc, READ_ONCE(sq->cc), sq->mask, nbb);
	if (!slots)
		return -ENOSPC;
	if (slots > nbb)
		cx4_en_xdpsq_pad(sq, slots - nbb);
	ctrl = cx4_en_xdpsq_wqebb(sq, sq->pc);
	memset(ctrl, 0, nbb * CX4_SEND_WQEBB_SIZE);
	eth = ctrl + CX4_WQE_CTRL_SIZE;
	CX4_SET(WQE_ETH, eth, INLINE_HDR_SZ, ihs);
	memcpy(CX4_ADDR(WQE_ETH, eth, INLINE_HDR), data, ihs);
	if (ndseg) {
		dseg = eth + cx4_wqe_eth_seg_size(ihs);
		CX4_SET(WQE_DSEG, dseg, BYTE_COUNT, len - ihs);
		CX4_SET(WQE_DSEG, dseg, LKEY, sq->lkey);
		CX4_SET64(WQE_DSEG, dseg, ADDR, dma + ihs);
	}
	cx4_en_wqe_ctrl_build(ctrl, sq->pc, CX4_WQE_OP_SEND, sq->sqn,
			      cx4_en_tx_wqe_size(ihs, ndseg) /
			      CX4_WQE_OCTOWORD_SIZE, true);
	i = sq->pc & sq->mask;
	sq->info[i].skb = NULL;
	sq->info[i].bytes = len;
	sq->info[i].pkts = 1;
	sq->info[i].num_wqebbs = nbb;
	sq->info[i].num_dma = 0;
	xi = &sq->xdpi[i];
	xi->page = page;
	xi->xdpf = xdpf;
	xi->dma = dma;
	xi->len = len;
	for (i = 1; i < nbb; i++)
		sq->info[(sq->pc + i) & sq->mask].num_wqebbs = 0;
	sq->last_ctrl = ctrl;
	WRITE_ONCE(sq->pc, sq->pc + nbb);
	sq->xdp_pending = true;
	return 0;
}

/* The doorbell (cx4_en_sq_doorbell()).  Under sq->xdp_lock. */
static void cx4_en_xdpsq_ring(struct cx4_en_sq *sq)
{
	cx4_en_sq_doorbell(sq);
	sq->xdp_pending = false;
}

bool cx4_en_xdp_tx_page(struct cx4_en_rq *rq, struct page *page,
			const struct xdp_buff *xdp)
{
	struct cx4_en_channel *ch = container_of(rq, struct cx4_en_channel, rq);
	struct cx4_en_sq *sq = &ch->xdpsq;
	u32 len = xdp->data_end - xdp->data;
	dma_addr_t dma;
	int err;

	if (unlikely(!sq->created)) {
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_XDP_TX_ERR, 1);
		return false;
	}
	dma = page_pool_get_dma_addr(page) +
	      (xdp->data - page_address(page));
	/* The program may have written the frame: the device reads it. */
	dma_sync_single_for_device(sq->dev, dma, len, DMA_BIDIRECTIONAL);
	spin_lock(&sq->xdp_lock);
	err = cx4_en_xdpsq_post(sq, xdp->data, len, dma, page, NULL);
	spin_unlock(&sq->xdp_lock);
	if (err)
		cx4_en_rq_stat_add(rq->stats, err == -ENOSPC ?
				   CX4_EN_RQ_XDP_TX_FULL : CX4_EN_RQ_XDP_TX_ERR,
				   1);
	return !err;
}

void cx4_en_xdp_sq_flush(struct cx4_en_rq *rq)
{
	struct cx4_en_channel *ch = container_of(rq, struct cx4_en_channel, rq);
	struct cx4_en_sq *sq = &ch->xdpsq;

	if (!READ_ONCE(sq->xdp_pending))
		return;
	spin_lock(&sq->xdp_lock);
	if (sq->xdp_pending)
		cx4_en_xdpsq_ring(sq);
	spin_unlock(&sq->xdp_lock);
}

void cx4_en_xdp_wqe_release(struct cx4_en_sq *sq,
			    struct cx4_en_xdp_wqe_info *xi, bool napi)
{
	if (xi->page)
		page_pool_put_full_page(sq->pool, xi->page, napi);
	if (xi->xdpf) {
		dma_unmap_single(sq->dev, xi->dma, xi->len, DMA_TO_DEVICE);
		xdp_return_frame(xi->xdpf);
	}
	xi->page = NULL;
	xi->xdpf = NULL;
}

static void cx4_en_xdpsq_bad_cqe(struct cx4_en_sq *sq, struct cx4_en_rq *rq,
				 const void *cqe, const char *what)
{
	cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_XDP_TX_ERR, 1);
	cx4_en_warn_rl(rq->netdev, hw,
		       "XDP SQ 0x%x: %s CQE (opcode 0x%x wqe_counter 0x%x, cc 0x%x pc 0x%x) ignored\n",
		       sq->sqn, what, CX4_GET(CQE, cqe, OPCODE),
		       CX4_GET(CQE, cqe, WQE_COUNTER), sq->cc,
		       READ_ONCE(sq->pc));
}

bool cx4_en_xdp_sq_poll(struct cx4_en_sq *sq, struct cx4_en_rq *rq)
{
	struct cx4_en_channel *ch = container_of(rq, struct cx4_en_channel, rq);
	u8 cqe[CX4_CQE_SIZE] __aligned(8);
	u32 cqes = 0, xmit_cqes = 0;
	const void *hw;
	int n = 0;

	if (!sq->created)
		return true;
	while (n < CX4_EN_XDP_POLL_MAX && (hw = cx4_cq_peek(sq->cq))) {
		enum cx4_en_sq_cqe v;
		bool last, xmit;
		u16 wc;

		/* One read of the CQE; only the copy is used (see tx.c). */
		v = cx4_en_sq_cqe_read(hw, cqe, sq->cc, READ_ONCE(sq->pc),
				       sq->mask, sq->info, &wc);
		n++;
		if (v >= CX4_EN_SQ_CQE_BAD_OP) {
			cx4_en_xdpsq_bad_cqe(sq, rq, cqe, cx4_en_sq_cqe_bad_why(v));
			cx4_cq_pop(sq->cq);
			continue;
		}
		/* The CQE's own WQE says whose completion it is. */
		xmit = sq->xdpi[wc & sq->mask].xdpf;
		if (v == CX4_EN_SQ_CQE_ERR) {
			u32 syn = CX4_GET(ERR_CQE, cqe, SYNDROME);

			/* As mlx5_core: ndo_xdp_xmit's frames are the SQ's. */
			if (xmit)
				cx4_en_sq_stat_add(ch->sq.stats, CX4_EN_SQ_XDP_ERR, 1);
			else
				cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_XDP_TX_ERR, 1);
			/* In ERR: the channels are rebuilt; flushes only count. */
			if (syn != CX4_CQE_SYN_WR_FLUSH_ERR) {
				cx4_en_request_recover(ch, CX4_EN_RECOVER_XDPSQ);
				cx4_en_warn_rl(rq->netdev, tx_err,
					       "XDP SQ 0x%x: error CQE syndrome 0x%x vendor 0x%x on WQE 0x%x\n",
					       sq->sqn, syn,
					       CX4_GET(ERR_CQE, cqe,
						       VENDOR_ERR_SYNDROME), wc);
			}
		}
		if (xmit)
			xmit_cqes++;
		else
			cqes++;
		do {
			u16 i = sq->cc & sq->mask;

			last = sq->cc == wc;
			cx4_en_xdp_wqe_release(sq, &sq->xdpi[i], true);
			WRITE_ONCE(sq->cc, sq->cc + sq->info[i].num_wqebbs);
			sq->info[i].num_wqebbs = 0;
		} while (!last);
		cx4_cq_pop(sq->cq);
	}
	if (!n)
		return true;
	cx4_cq_update_ci(sq->cq);
	if (cqes)
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_XDP_TX_CQES, cqes);
	if (xmit_cqes)
		cx4_en_sq_stat_add(ch->sq.stats, CX4_EN_SQ_XDP_CQES, xmit_cqes);
	return n < CX4_EN_XDP_POLL_MAX;
}

void cx4_en_xdp_sq_arm(struct cx4_en_sq *sq)
{
	bool arm;

	spin_lock(&sq->xdp_lock);
	/* cc is NAPI's own; completions come in order. */
	arm = (s16)(sq->xmit_pc - sq->cc) > 0;
	sq->cq_idle = !arm;
	spin_unlock(&sq->xdp_lock);
	if (arm)
		cx4_cq_arm(sq->cq);
}

/*
 * ndo_xdp_xmit: frames redirected to this netdev (from another device's
 * NAPI, or this one's).  They go out on the XDP SQ of channel
 * smp_processor_id() % channels, which the channel's own XDP_TX and
 * other CPUs may be filling at the same time: under the SQ's lock.  The
 * channel set is read under RCU; a switch waits for a grace period
 * before it frees the old set (channels.c).  Each frame is mapped for
 * the send; the caller gives back the frames not sent (the count
 * returned).  XDP SQs exist only with a program attached: without one,
 * -ENXIO (xdp_features then does not offer NDO_XMIT).
 */
int cx4_en_xdp_xmit(struct net_device *netdev, int n,
		    struct xdp_frame **frames, u32 flags)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u32 full = 0, bad = 0;
	struct cx4_en_chs *chs;
	struct cx4_en_channel *ch;
	struct cx4_en_sq *sq;
	int i, sent = 0;
	bool kick;

	if (unlikely(flags & ~XDP_XMIT_FLAGS_MASK))
		return -EINVAL;
	rcu_read_lock();
	chs = rcu_dereference(priv->xdp_chs);
	if (unlikely(!chs || !chs->num)) {
		rcu_read_unlock();
		return -ENXIO;
	}
	ch = chs->ch[smp_processor_id() % chs->num];
	sq = &ch->xdpsq;
	if (unlikely(!sq->created)) {
		rcu_read_unlock();
		return -ENXIO;
	}
	/* XDP SQ producers: NAPI's XDP_TX and every CPU's ndo_xdp_xmit. */
	spin_lock(&sq->xdp_lock);
	for (i = 0; i < n; i++) {
		struct xdp_frame *f = frames[i];
		dma_addr_t dma;
		int err;

		dma = dma_map_single(sq->dev, f->data, f->len, DMA_TO_DEVICE);
		if (dma_mapping_error(sq->dev, dma)) {
			bad++;
			break;
		}
		err = cx4_en_xdpsq_post(sq, f->data, f->len, dma, NULL, f);
		if (err) {
			dma_unmap_single(sq->dev, dma, f->len, DMA_TO_DEVICE);
			if (err == -ENOSPC)
				full++;
			else
				bad++;
			break;
		}
		sent++;
	}
	if ((flags & XDP_XMIT_FLUSH) && sq->xdp_pending)
		cx4_en_xdpsq_ring(sq);
	kick = false;
	if (sent) {
		sq->xmit_pc = sq->pc;
		kick = sq->cq_idle;
		sq->cq_idle = false;
	}
	u64_stats_update_begin(&ch->sq.stats->xdp_syncp);
	u64_stats_add(&ch->sq.stats->c[CX4_EN_SQ_XDP_XMIT], sent);
	u64_stats_add(&ch->sq.stats->c[CX4_EN_SQ_XDP_FULL], full);
	u64_stats_add(&ch->sq.stats->c[CX4_EN_SQ_XDP_ERR], bad);
	u64_stats_update_end(&ch->sq.stats->xdp_syncp);
	spin_unlock(&sq->xdp_lock);
	/* The CQ was left unarmed: NAPI's next poll arms it. */
	if (kick)
		napi_schedule(&ch->napi);
	rcu_read_unlock();
	return sent;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: channels and the transport objects they hang off.
 *
 * cx4_en_channels_open() builds, in order: the TIS (tis.c); a channel
 * set (struct cx4_en_chs, built from priv->params): per channel
 * (completion vector) a TX and an RX CQ through the core API, an RQ and
 * an SQ, both moved RST -> RDY (PRM 7.7, 7.9) and the RQ then filled
 * with buffers, and one NAPI; then the direct TIR to channel 0's RQ (PRM
 * 7.5) and the NIC RX flow table (fs.c); finally it enables and
 * schedules NAPI, whose first poll arms the CQs.  Each NAPI names the
 * IRQ of its completion vector, and once a set is published RX and TX
 * queue i name channel i's NAPI (netdev netlink napi-get, queue-get).
 * cx4_en_channels_close() undoes it in reverse.  cx4_en_reconfigure()
 * builds a new set before tearing the old one down (MTU change, ring
 * sizes, channel count) and re-points steering at the new RQs with
 * MODIFY_RQT and an FTE modify (no steering rebuild); the counters of
 * channels it takes away move to the stats base (stats.c).  All run under
 * RTNL; a failing step undoes every step before it.
 */

#include <linux/dma-mapping.h>
#include <linux/log2.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "../compat.h"
#include "en.h"
#include "fs.h"
#include "txrx.h"

/* --- work queue buffers ------------------------------------------------------ */

static int cx4_en_wq_alloc(struct device *dev, struct cx4_en_wq_buf *wq,
			   size_t size)
{
	wq->size = ALIGN(size, CX4_EN_PAS_PAGE);
	wq->buf = dma_alloc_coherent(dev, wq->size + CX4_EN_PAS_PAGE,
				     &wq->dma, GFP_KERNEL);
	if (!wq->buf)
		return -ENOMEM;
	wq->dbr = wq->buf + wq->size;
	wq->dbr_dma = wq->dma + wq->size;
	return 0;
}

static void cx4_en_wq_free(struct device *dev, struct cx4_en_wq_buf *wq)
{
	if (wq->buf)
		dma_free_coherent(dev, wq->size + CX4_EN_PAS_PAGE, wq->buf,
				  wq->dma);
	wq->buf = NULL;
}

/* The WQ part of an SQ or RQ context and the PAS list after it. */
static void cx4_en_wq_ctx(struct cx4_en_priv *priv, void *wqc, void *pas,
			  const struct cx4_en_wq_buf *wq, u32 log_stride,
			  u32 log_size, bool sq)
{
	u32 i;

	CX4_SET(WQ, wqc, TYPE, CX4_WQ_TYPE_CYCLIC);
	CX4_SET(WQ, wqc, PD, cx4_core_pdn(priv->core));
	/* Only send queues ring UAR doorbells. */
	if (sq)
		CX4_SET(WQ, wqc, UAR_PAGE, cx4_core_uarn(priv->core));
	CX4_SET64(WQ, wqc, DBR_ADDR, wq->dbr_dma);
	CX4_SET(WQ, wqc, LOG_WQ_STRIDE, log_stride);
	CX4_SET(WQ, wqc, LOG_WQ_PG_SZ, 0);	/* 4 KB pages */
	CX4_SET(WQ, wqc, LOG_WQ_SZ, log_size);
	for (i = 0; i < wq->size / CX4_EN_PAS_PAGE; i++)
		CX4_SET64(PAS, pas + i * CX4_PAS_SIZE, PA,
			  wq->dma + (u64)i * CX4_EN_PAS_PAGE);
}

static int cx4_en_wq_ready(struct cx4_en_priv *priv, bool sq, u32 num)
{
	return cx4_en_wq_modify(priv, sq, num, CX4_WQ_STATE_RST,
				CX4_WQ_STATE_RDY, -1);
}

/* --- SQ ------------------------------------------------------------------------ */

static int cx4_en_sq_create_hw(struct cx4_en_priv *priv, struct cx4_en_sq *sq)
{
	u32 npas = sq->wq.size / CX4_EN_PAS_PAGE;
	u32 len = cx4_create_sq_in_size(npas);
	void *sqc;
	u8 *in;
	int err;

	in = kvzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	sqc = CX4_ADDR(CREATE_SQ_IN, in, CTX);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_SQ);
	CX4_SET(SQC, sqc, FLUSH_IN_ERROR_EN, 1);
	CX4_SET(SQC, sqc, MIN_WQE_INLINE_MODE, sq->inline_mode);
	CX4_SET(SQC, sqc, STATE, CX4_WQ_STATE_RST);
	CX4_SET(SQC, sqc, CQN, cx4_cq_cqn(sq->cq));
	CX4_SET(SQC, sqc, TIS_LST_SZ, 1);
	CX4_SET(SQC, sqc, TIS_NUM_0, priv->tisn);
	cx4_en_wq_ctx(priv, CX4_ADDR(SQC, sqc, WQ),
		      CX4_ADDR(CREATE_SQ_IN, in, PAS),
		      &sq->wq, CX4_SEND_WQEBB_SHIFT, sq->log_size, true);
	err = cx4_en_obj_create(priv, in, len, &sq->sqn);
	kvfree(in);
	/* Timed out: the device may have the SQ under a number unknown. */
	sq->dev_owned = err == -ETIMEDOUT;
	if (err)
		return err;
	err = cx4_en_wq_ready(priv, true, sq->sqn);
	if (err) {
		sq->dev_owned = cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_SQ,
						   sq->sqn) != 0;
		return err;
	}
	sq->created = true;
	return 0;
}

static int cx4_en_sq_alloc(struct cx4_en_priv *priv, struct cx4_en_channel *ch,
			   const struct cx4_en_params *params)
{
	struct device *dev = cx4_core_dev(priv->core);
	struct cx4_en_sq *sq = &ch->sq;
	u32 n = 1u << params->log_sq_size;
	int err;

	sq->log_size = params->log_sq_size;
	sq->mask = n - 1;
	sq->dma_mask = n * 4 - 1;	/* at most 4 data segments a WQEBB */
	sq->inline_mode = priv->inline_mode;
	sq->lkey = priv->lkey;
	sq->dev = dev;
	sq->db = cx4_core_uar(priv->core) + cx4_uar_bf_off(0, 0);
	sq->txq = netdev_get_tx_queue(priv->netdev, ch->ix);
	sq->stats = &priv->stats[ch->ix].sq;
	sq->info = kvcalloc(n, sizeof(*sq->info), GFP_KERNEL);
	sq->dma = kvcalloc(n * 4, sizeof(*sq->dma), GFP_KERNEL);
	if (!sq->info || !sq->dma)
		return -ENOMEM;
	err = cx4_en_wq_alloc(dev, &sq->wq, n * CX4_SEND_WQEBB_SIZE);
	if (err)
		return err;
	return cx4_en_sq_create_hw(priv, sq);
}

/*
 * xdp: the channel's XDP SQ, on its own CQ (@ch->xdpsq.cq), as large as
 * the SQ; no TX queue, no DMA records (XDP_TX pages stay mapped by the
 * RQ's pool, ndo_xdp_xmit frames keep their mapping in @xdpi).
 */
static int cx4_en_xdpsq_alloc(struct cx4_en_priv *priv,
			      struct cx4_en_channel *ch,
			      const struct cx4_en_params *params)
{
	struct device *dev = cx4_core_dev(priv->core);
	struct cx4_en_sq *sq = &ch->xdpsq;
	u32 n = 1u << params->log_sq_size;
	int err;

	spin_lock_init(&sq->xdp_lock);
	sq->log_size = params->log_sq_size;
	sq->mask = n - 1;
	sq->inline_mode = priv->inline_mode;
	sq->lkey = priv->lkey;
	sq->dev = dev;
	sq->db = cx4_core_uar(priv->core) + cx4_uar_bf_off(0, 0);
	sq->pool = ch->rq.pool;
	sq->info = kvcalloc(n, sizeof(*sq->info), GFP_KERNEL);
	sq->xdpi = kvcalloc(n, sizeof(*sq->xdpi), GFP_KERNEL);
	if (!sq->info || !sq->xdpi)
		return -ENOMEM;
	err = cx4_en_wq_alloc(dev, &sq->wq, n * CX4_SEND_WQEBB_SIZE);
	if (err)
		return err;
	return cx4_en_sq_create_hw(priv, sq);
}

/* An SQ the device may still read: its ring, DMA records and sends. */
struct cx4_en_sq_keep {
	struct cx4_dma_keep keep;
	struct cx4_en_sq sq;		/* a copy; txq, stats and cq unused */
};

static void cx4_en_sq_release(struct cx4_en_sq *sq)
{
	cx4_en_wq_free(sq->dev, &sq->wq);
	kvfree(sq->dma);
	kvfree(sq->info);
	kvfree(sq->xdpi);
}

/* After the function reset (core): what the device could still read. */
static void cx4_en_sq_keep_release(struct cx4_dma_keep *keep)
{
	struct cx4_en_sq_keep *k = container_of(keep, struct cx4_en_sq_keep,
						keep);

	cx4_en_sq_drop_pending(&k->sq);
	cx4_en_sq_release(&k->sq);
	kfree(k);
}

/*
 * DESTROY_SQ failed (or the command interface is down): hand the ring,
 * its DMA records and the pending sends to the core until the function
 * is reset; @sq keeps nothing of them.  Without memory for that they
 * are leaked: never freed while the device may use them.
 */
static void cx4_en_sq_keep(struct cx4_en_priv *priv, struct cx4_en_sq *sq)
{
	struct cx4_en_sq_keep *k = kzalloc(sizeof(*k), GFP_KERNEL);

	net_err_ratelimited("%s: SQ 0x%x not destroyed: its memory is kept until the function is reset\n",
			    netdev_name(priv->netdev), sq->sqn);
	if (k) {
		k->sq = *sq;
		k->sq.txq = NULL;
		k->sq.stats = NULL;
		k->sq.cq = NULL;
		k->keep.release = cx4_en_sq_keep_release;
		cx4_core_keep_dma(priv->core, &k->keep);
	}
	sq->info = NULL;
	sq->dma = NULL;
	sq->xdpi = NULL;
	sq->wq.buf = NULL;
	sq->cc = sq->pc;
}

static void cx4_en_sq_free(struct cx4_en_priv *priv, struct cx4_en_sq *sq)
{
	if (sq->created &&
	    cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_SQ, sq->sqn))
		sq->dev_owned = true;
	if (sq->dev_owned)
		cx4_en_sq_keep(priv, sq);
	if (sq->created)
		cx4_en_sq_free_pending(sq);
	cx4_en_sq_release(sq);
}

/* --- RQ ------------------------------------------------------------------------ */

static int cx4_en_rq_create_hw(struct cx4_en_priv *priv, struct cx4_en_rq *rq)
{
	u32 npas = rq->wq.size / CX4_EN_PAS_PAGE;
	u32 len = cx4_create_rq_in_size(npas);
	void *rqc;
	u8 *in;
	int err;

	in = kvzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	rqc = CX4_ADDR(CREATE_RQ_IN, in, CTX);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_RQ);
	/* vsd 1: VLAN tags stay in the frame; 0: stripped to the CQE. */
	CX4_SET(RQC, rqc, VSD, !rq->vlan_strip);
	CX4_SET(RQC, rqc, MEM_RQ_TYPE, CX4_RQ_MEM_INLINE);
	CX4_SET(RQC, rqc, STATE, CX4_WQ_STATE_RST);
	CX4_SET(RQC, rqc, FLUSH_IN_ERROR_EN, 1);
	CX4_SET(RQC, rqc, CQN, cx4_cq_cqn(rq->cq));
	CX4_SET(RQC, rqc, COUNTER_SET_ID, priv->q_counter);
	cx4_en_wq_ctx(priv, CX4_ADDR(RQC, rqc, WQ),
		      CX4_ADDR(CREATE_RQ_IN, in, PAS),
		      &rq->wq, rq->log_stride, rq->log_size, false);
	err = cx4_en_obj_create(priv, in, len, &rq->rqn);
	kvfree(in);
	/* Timed out: the device may have the RQ under a number unknown. */
	rq->dev_owned = err == -ETIMEDOUT;
	if (err)
		return err;
	err = cx4_en_wq_ready(priv, false, rq->rqn);
	if (err) {
		rq->dev_owned = cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_RQ,
						   rq->rqn) != 0;
		return err;
	}
	rq->created = true;
	return 0;
}

static int cx4_en_rq_alloc(struct cx4_en_priv *priv, struct cx4_en_channel *ch,
			   const struct cx4_en_params *params)
{
	struct device *dev = cx4_core_dev(priv->core);
	struct page_pool_params pp = {};
	struct cx4_en_rq *rq = &ch->rq;
	u32 n = 1u << params->log_rq_size;
	const void *cap = cx4_core_cap(priv->core, CX4_CAP_GENERAL);
	u32 smin = CX4_GET(CAP, cap, LOG_MIN_STRIDE_SZ_RQ);
	u32 smax = CX4_GET(CAP, cap, LOG_MAX_STRIDE_SZ_RQ);
	int err;

	/* page_pool's recycling ring holds every posted buffer's page. */
	BUILD_BUG_ON((1u << CX4_EN_MAX_LOG_RING) * CX4_EN_RX_MAX_SEGS > 32768);
	/* xdp: a page per frame (the MTU was checked at attach). */
	if (params->xdp_prog)
		err = cx4_en_rx_layout_xdp(cx4_en_hw_mtu(params->mtu), PAGE_SIZE,
					   smin, smax, &rq->lay);
	else
		err = cx4_en_rx_layout(cx4_en_rx_buf_len(priv, params),
				       PAGE_SIZE, smin, smax, &rq->lay);
	if (err) {
		netdev_err(priv->netdev, "RQ stride: device range 2^%u..2^%u bytes, cx4 needs 2^%u..2^%u for %u scatter entries\n",
			   smin, smax,
			   CX4_EN_RQ_LOG_STRIDE + order_base_2(rq->lay.nsegs),
			   CX4_EN_RQ_MAX_LOG_STRIDE, rq->lay.nsegs);
		return err;
	}
	rq->log_stride = rq->lay.log_stride;
	rq->buf_len = rq->lay.buf_len;
	rq->log_size = params->log_rq_size;
	rq->vlan_strip = params->rx_vlan_strip;
	/* The RX CQ has as many entries as the RQ. */
	rq->cqz_max = params->rx_cqe_compress ?
		      cx4_en_cqz_max(CX4_GET(CAP, cap, CQE_COMPRESSION_MAX_NUM), n) : 0;
	rq->mask = n - 1;
	rq->ix = ch->ix;
	rq->lkey = priv->lkey;
	rq->dev = dev;
	rq->netdev = priv->netdev;
	rq->napi = &ch->napi;
	rq->xdp_prog = params->xdp_prog;
	/* XDP_TX sends from the receive pages: mapped both ways then. */
	rq->dma_dir = params->xdp_prog ? DMA_BIDIRECTIONAL : DMA_FROM_DEVICE;
	u64_stats_init(&ch->build_stats.syncp);
	rq->stats = &ch->build_stats;
	rq->bufs = kvcalloc(n * rq->lay.nsegs, sizeof(*rq->bufs), GFP_KERNEL);
	if (!rq->bufs)
		return -ENOMEM;
	/*
	 * Order-0 pages, split into head fragments or whole for the entries
	 * behind a jumbo head.  A page comes back to the pool once every
	 * fragment of it is free, so its sync for the device covers the
	 * page; the receive path syncs only what the device wrote.
	 */
	pp.order = 0;
	pp.flags = PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV |
		   CX4_PP_FLAG_PAGE_FRAG;
	pp.pool_size = n * rq->lay.nsegs;
	pp.nid = dev_to_node(dev);
	pp.dev = dev;
	pp.dma_dir = rq->dma_dir;
	pp.offset = 0;
	pp.max_len = PAGE_SIZE;
	cx4_page_pool_set_netdev(&pp, priv->netdev);
	rq->pool = page_pool_create(&pp);
	if (IS_ERR(rq->pool)) {
		err = PTR_ERR(rq->pool);
		rq->pool = NULL;
		return err;
	}
	/* xdp: the RQ as XDP programs see it; redirected pages go home. */
	err = xdp_rxq_info_reg(&rq->xdp_rxq, priv->netdev, ch->ix, 0);
	if (err)
		return err;
	err = xdp_rxq_info_reg_mem_model(&rq->xdp_rxq, MEM_TYPE_PAGE_POOL,
					 rq->pool);
	if (err)
		return err;
	err = cx4_en_wq_alloc(dev, &rq->wq, n << rq->log_stride);
	if (err)
		return err;
	/* The doorbell record is 0 at creation (PRM 7.4.2); fill after. */
	err = cx4_en_rq_create_hw(priv, rq);
	if (err)
		return err;
	return cx4_en_rq_fill(rq);
}

/* An RQ the device may still write: its ring, pages and their pool. */
struct cx4_en_rq_keep {
	struct cx4_dma_keep keep;
	struct cx4_en_rq rq;		/* a copy; netdev, napi, stats unused */
};

static void cx4_en_rq_release(struct cx4_en_rq *rq)
{
	if (rq->bufs && rq->pool)
		cx4_en_rq_free_pages(rq);
	cx4_en_wq_free(rq->dev, &rq->wq);
	if (rq->pool) {
		/* Its memory model holds a user of the pool: first. */
		if (xdp_rxq_info_is_reg(&rq->xdp_rxq))
			xdp_rxq_info_unreg(&rq->xdp_rxq);
		page_pool_destroy(rq->pool);
	}
	kvfree(rq->bufs);
}

/* After the function reset (core): the pages may go back to the pool. */
static void cx4_en_rq_keep_release(struct cx4_dma_keep *keep)
{
	struct cx4_en_rq_keep *k = container_of(keep, struct cx4_en_rq_keep,
						keep);

	cx4_en_rq_release(&k->rq);
	kfree(k);
}

/* DESTROY_RQ failed: as cx4_en_sq_keep(), for the posted pages. */
static void cx4_en_rq_keep(struct cx4_en_priv *priv, struct cx4_en_rq *rq)
{
	struct cx4_en_rq_keep *k = kzalloc(sizeof(*k), GFP_KERNEL);

	net_err_ratelimited("%s: RQ 0x%x not destroyed: its memory is kept until the function is reset\n",
			    netdev_name(priv->netdev), rq->rqn);
	if (k) {
		k->rq = *rq;
		k->rq.netdev = NULL;
		k->rq.napi = NULL;
		k->rq.stats = NULL;
		k->rq.cq = NULL;
		k->keep.release = cx4_en_rq_keep_release;
		cx4_core_keep_dma(priv->core, &k->keep);
	}
	rq->bufs = NULL;
	rq->pool = NULL;
	rq->wq.buf = NULL;
}

static void cx4_en_rq_free(struct cx4_en_priv *priv, struct cx4_en_rq *rq)
{
	if (rq->created &&
	    cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_RQ, rq->rqn))
		rq->dev_owned = true;
	if (rq->dev_owned)
		cx4_en_rq_keep(priv, rq);
	cx4_en_rq_release(rq);
}

/* --- channels -------------------------------------------------------------------- */

/*
 * A channel's NAPI poll: the send queues' completions first (XDP_TX
 * pages go back to the pool before the RQ's refill takes more), then
 * the receive queue.  A send CQ with nothing to hand over is not polled
 * (on a CPU that only receives, every round; cx4_cq_peek() is inline).
 * Once done: DIM's sample, then the arms -- the TX and RX CQs always
 * (cx4_cq_arm() rings nothing for a CQ still armed), the XDP SQ's only
 * while frames of ndo_xdp_xmit are in flight (cx4_en_xdp_sq_arm()).
 */
static int cx4_en_napi_poll(struct napi_struct *napi, int budget)
{
	struct cx4_en_channel *ch = container_of(napi, struct cx4_en_channel,
						 napi);
	bool tx_done, xdp_done;
	int done;

	tx_done = !cx4_cq_peek(ch->sq.cq) || cx4_en_tx_poll(&ch->sq, budget);
	xdp_done = !ch->xdpsq.created || !cx4_cq_peek(ch->xdpsq.cq) ||
		   cx4_en_xdp_sq_poll(&ch->xdpsq, &ch->rq);
	done = cx4_en_rx_poll(&ch->rq, budget);
	if (!tx_done || !xdp_done || done >= budget)
		return budget;
	if (napi_complete_done(napi, done)) {
		cx4_en_dim_sample(ch);
		cx4_cq_arm(ch->sq.cq);
		cx4_cq_arm(ch->rq.cq);
		if (ch->xdpsq.created)
			cx4_en_xdp_sq_arm(&ch->xdpsq);
	}
	return done;
}

/* Completion event of either CQ: hard IRQ context. */
static void cx4_en_cq_comp(struct cx4_cq *cq, void *ctx)
{
	struct cx4_en_channel *ch = ctx;

	ch->events++;
	napi_schedule(&ch->napi);
}

/*
 * CQ error event (hard IRQ): the CQ is in error for good (PRM 7.12.5:
 * nothing but DESTROY_CQ ends that state) and the queue completing to it
 * gets no more completions; the channels are rebuilt (recover.c).  The
 * CQ pointers are set once cx4_cq_create() returns: an event before that
 * is only logged.
 */
static void cx4_en_cq_error(struct cx4_cq *cq, void *ctx, u8 syndrome)
{
	struct cx4_en_channel *ch = ctx;
	bool sq = cq == READ_ONCE(ch->sq.cq);

	net_err_ratelimited("%s: channel %u: CQ 0x%x error, syndrome 0x%x\n",
			    netdev_name(ch->priv->netdev), ch->ix,
			    cx4_cq_cqn(cq), syndrome);
	if (cq == READ_ONCE(ch->xdpsq.cq))
		cx4_en_request_recover(ch, CX4_EN_RECOVER_XDPSQ);
	else if (sq || cq == READ_ONCE(ch->rq.cq))
		cx4_en_request_recover(ch, sq ? CX4_EN_RECOVER_SQ_CQ :
					       CX4_EN_RECOVER_RQ_CQ);
}

/*
 * A channel's TX or RX CQ with the moderation in force (params.c), its
 * period restarting at each CQE or at each event as @params say.
 */
static struct cx4_cq *cx4_en_cq_create(struct cx4_en_channel *ch,
				       const struct cx4_en_params *params,
				       u8 log, bool tx, bool compress)
{
	struct cx4_en_priv *priv = ch->priv;
	struct cx4_cq_attr attr = {
		.vector = ch->ix,
		.log_cqe_cnt = log,
		.moder_from_cqe = tx ? params->tx_cqe_moder :
				       params->rx_cqe_moder,
		.compress = compress,
		.comp = cx4_en_cq_comp,
		.error = cx4_en_cq_error,
		.ctx = ch,
	};

	cx4_en_coal_initial(tx ? &priv->tx_coal : &priv->rx_coal,
			    attr.moder_from_cqe, tx, &attr.moder_usecs,
			    &attr.moder_frames);
	return cx4_cq_create(priv->core, &attr);
}

static void cx4_en_channel_free(struct cx4_en_channel *ch)
{
	struct cx4_en_priv *priv = ch->priv;

	/* NAPI is off: no new DIM decisions; the CQs outlive the work. */
	cx4_en_dim_cancel(ch);
	/* NAPI is off: it no longer arms the timer. */
	timer_delete_sync(&ch->rq.refill_timer);
	cx4_en_sq_free(priv, &ch->sq);
	/* xdp: its XDP_TX pages go back to the RQ's pool first. */
	if (ch->xdpsq.info)
		cx4_en_sq_free(priv, &ch->xdpsq);
	cx4_en_rq_free(priv, &ch->rq);
	if (!IS_ERR_OR_NULL(ch->sq.cq))
		cx4_cq_destroy(ch->sq.cq);
	if (!IS_ERR_OR_NULL(ch->xdpsq.cq))
		cx4_cq_destroy(ch->xdpsq.cq);
	if (!IS_ERR_OR_NULL(ch->rq.cq))
		cx4_cq_destroy(ch->rq.cq);
	netif_napi_del(&ch->napi);
	kfree(ch);
}

/* The IRQ of the channel's completion vector, for napi-get (netlink). */
static void cx4_en_napi_irq(struct cx4_en_channel *ch)
{
	int irq = cx4_core_comp_irq(ch->priv->core, ch->ix);

	if (irq >= 0)
		cx4_napi_set_irq(&ch->napi, irq);
}

static struct cx4_en_channel *
cx4_en_channel_alloc(struct cx4_en_priv *priv, u32 ix,
		     const struct cx4_en_params *params)
{
	struct cx4_en_channel *ch;
	int err;

	ch = kzalloc(sizeof(*ch), GFP_KERNEL);
	if (!ch)
		return ERR_PTR(-ENOMEM);
	ch->priv = priv;
	ch->ix = ix;
	netif_napi_add(priv->netdev, &ch->napi, cx4_en_napi_poll);
	cx4_en_napi_irq(ch);
	timer_setup(&ch->rq.refill_timer, cx4_en_rq_refill_timer, 0);
	cx4_en_dim_init(ch, params);
	ch->sq.cq = cx4_en_cq_create(ch, params, params->log_sq_size, true,
				     false);
	ch->rq.cq = cx4_en_cq_create(ch, params, params->log_rq_size, false,
				     params->rx_cqe_compress);
	if (IS_ERR(ch->sq.cq) || IS_ERR(ch->rq.cq)) {
		err = IS_ERR(ch->sq.cq) ? PTR_ERR(ch->sq.cq) : PTR_ERR(ch->rq.cq);
		goto err_free;
	}
	err = cx4_en_rq_alloc(priv, ch, params);
	if (err)
		goto err_free;
	err = cx4_en_sq_alloc(priv, ch, params);
	if (err)
		goto err_free;
	/*
	 * xdp: an XDP SQ only with a program: without one nothing sends on
	 * it, and it would cost a ring, a CQ and two commands a channel.
	 */
	if (params->xdp_prog) {
		ch->xdpsq.cq = cx4_en_cq_create(ch, params, params->log_sq_size,
						true, false);
		if (IS_ERR(ch->xdpsq.cq)) {
			err = PTR_ERR(ch->xdpsq.cq);
			goto err_free;
		}
		err = cx4_en_xdpsq_alloc(priv, ch, params);
		if (err)
			goto err_free;
	}
	return ch;

err_free:
	cx4_en_channel_free(ch);
	return ERR_PTR(err);
}

/* --- channel sets ------------------------------------------------------------ */

static void cx4_en_chs_free(struct cx4_en_chs *chs)
{
	u32 n = chs->num;

	while (n--)
		cx4_en_channel_free(chs->ch[n]);
	kfree(chs->ch);
	kfree(chs);
}

/* Build a channel set for @params; NAPI is added but not enabled. */
static struct cx4_en_chs *cx4_en_chs_alloc(struct cx4_en_priv *priv,
					   const struct cx4_en_params *params)
{
	struct cx4_en_chs *chs;
	int err;

	if (!params->num_channels || params->num_channels > priv->max_channels) {
		netdev_err(priv->netdev, "%u channels asked, 1..%u possible\n",
			   params->num_channels, priv->max_channels);
		return ERR_PTR(-EINVAL);
	}
	chs = kzalloc(sizeof(*chs), GFP_KERNEL);
	if (!chs)
		return ERR_PTR(-ENOMEM);
	chs->params = *params;
	chs->ch = kcalloc(params->num_channels, sizeof(*chs->ch), GFP_KERNEL);
	if (!chs->ch) {
		kfree(chs);
		return ERR_PTR(-ENOMEM);
	}
	for (chs->num = 0; chs->num < params->num_channels; chs->num++) {
		struct cx4_en_channel *ch;

		ch = cx4_en_channel_alloc(priv, chs->num, params);
		if (IS_ERR(ch)) {
			err = PTR_ERR(ch);
			cx4_en_chs_free(chs);
			return ERR_PTR(err);
		}
		chs->ch[chs->num] = ch;
	}
	return chs;
}

/*
 * A new channel's RQ counts into the netdev's set of its index from now
 * on, its counts so far added: the channel of that index in the old
 * set, if any, no longer runs (freed, or its NAPI disabled).
 */
static void cx4_en_rq_stats_adopt(struct cx4_en_channel *ch)
{
	struct cx4_en_rq_stats *st = &ch->priv->stats[ch->ix].rq;
	u64 c[CX4_EN_RQ_NSTATS];
	unsigned int i;

	if (ch->rq.stats == st)
		return;
	cx4_en_rq_stats_read(&ch->build_stats, c);
	for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
		if (c[i])
			cx4_en_rq_stat_add(st, i, c[i]);
	ch->rq.stats = st;
}

/*
 * The first poll arms the CQs: CQEs may already be there, and only NAPI
 * may touch a CQ's consumer index once it is enabled.
 */
static void cx4_en_chs_activate(struct cx4_en_chs *chs)
{
	u32 i;

	for (i = 0; i < chs->num; i++) {
		cx4_en_rq_stats_adopt(chs->ch[i]);
		napi_enable(&chs->ch[i]->napi);
		local_bh_disable();
		napi_schedule(&chs->ch[i]->napi);
		local_bh_enable();
	}
}

static void cx4_en_chs_deactivate(struct cx4_en_chs *chs)
{
	u32 i;

	for (i = 0; i < chs->num; i++)
		napi_disable(&chs->ch[i]->napi);
}

/*
 * The stack's record of which NAPI serves a queue (netlink queue-get):
 * RX and TX queue i to channel i of @chs; none for the queues of the
 * @old_num channels before that @chs does not have (all of them when
 * @chs is NULL), before their NAPIs are deleted.  RTNL.
 */
static void cx4_en_queues_link(struct net_device *netdev,
			       struct cx4_en_chs *chs, u32 old_num)
{
	u32 n = chs ? chs->num : 0, i;

	ASSERT_RTNL();
	for (i = 0; i < max(n, old_num); i++)
		cx4_queue_pair_set_napi(netdev, i,
					i < n ? &chs->ch[i]->napi : NULL);
}

/*
 * Make @chs (or none) the channels ndo_start_xmit and ndo_tx_timeout
 * see; under the TX lock, which both run under.  The queues name their
 * new NAPIs (RTNL).
 */
static void cx4_en_chs_publish(struct cx4_en_priv *priv,
			       struct cx4_en_chs *chs)
{
	struct cx4_en_chs *xdp_old = rtnl_dereference(priv->xdp_chs);

	cx4_en_queues_link(priv->netdev, chs,
			   priv->chs ? priv->chs->num : 0);
	netif_tx_lock_bh(priv->netdev);
	priv->chs = chs;
	priv->channels = chs ? chs->ch : NULL;
	if (chs)
		priv->num_channels = chs->num;
	netif_tx_unlock_bh(priv->netdev);
	/*
	 * xdp: ndo_xdp_xmit finds the XDP SQs under RCU; one that found
	 * the old set's may still post to them: the set is freed after.
	 */
	rcu_assign_pointer(priv->xdp_chs,
			   chs && chs->params.xdp_prog ? chs : NULL);
	if (xdp_old && xdp_old != chs)
		synchronize_net();
}

/* The direct TIR to @chs's first RQ and the flow table feeding it. */
static int cx4_en_steer_open(struct cx4_en_priv *priv, struct cx4_en_chs *chs)
{
	int err;

	err = cx4_en_tir_create_direct(priv, chs->ch[0]->rq.rqn, &priv->tirn);
	if (err)
		return err;
	err = cx4_en_fs_create(priv, chs->ch, chs->num);
	if (err)
		cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR, priv->tirn);
	return err;
}

static void cx4_en_steer_close(struct cx4_en_priv *priv)
{
	cx4_en_fs_destroy(priv);
	cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR, priv->tirn);
}

/*
 * Point steering at @chs without rebuilding it: a new direct TIR to its
 * first RQ takes over the TTC entries of the old one (FTE modify), the
 * ntuple rules move to new direct TIRs of their queues (ntuple.c), the
 * RQTs (default and RSS contexts) are re-pointed at its RQs (MODIFY_RQT),
 * then the old direct TIR goes.  On failure the old TIR and RQT contents are back (as far as the
 * device lets them) and -errno returned.
 */
static int cx4_en_steer_switch(struct cx4_en_priv *priv,
			       struct cx4_en_chs *chs)
{
	u32 old_tirn = priv->tirn, tirn;
	int err;

	err = cx4_en_tir_create_direct(priv, chs->ch[0]->rq.rqn, &tirn);
	if (err)
		return err;
	err = cx4_en_ttc_set_direct(priv, tirn);
	if (err)
		goto err_destroy_tir;
	err = cx4_en_nt_switch(priv, chs->ch, chs->num);
	if (err)
		goto err_restore_direct;
	err = cx4_en_rss_redirect(priv, chs->ch, chs->num);
	if (err)
		goto err_restore_rules;
	err = cx4_en_rss_ctx_redirect(priv, chs->ch, chs->num);
	if (err)
		goto err_restore_rss;
	cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR, old_tirn);
	return 0;

err_restore_rss:
	if (cx4_en_rss_ctx_redirect(priv, priv->chs->ch, priv->chs->num) ||
	    cx4_en_rss_redirect(priv, priv->chs->ch, priv->chs->num))
		netdev_err(priv->netdev, "cannot point the RSS tables back\n");
err_restore_rules:
	/* priv->chs is still the running set. */
	if (cx4_en_nt_switch(priv, priv->chs->ch, priv->chs->num))
		netdev_err(priv->netdev, "cannot move the ntuple rules back\n");
err_restore_direct:
	if (cx4_en_ttc_set_direct(priv, old_tirn))
		netdev_err(priv->netdev, "cannot restore the direct TIR\n");
err_destroy_tir:
	cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR, tirn);
	return err;
}

int cx4_en_channels_open(struct cx4_en_priv *priv)
{
	struct cx4_en_chs *chs;
	int err;

	err = cx4_en_tis_create(priv);
	if (err)
		return err;
	chs = cx4_en_chs_alloc(priv, &priv->params);
	if (IS_ERR(chs)) {
		err = PTR_ERR(chs);
		goto err_destroy_tis;
	}
	err = cx4_en_steer_open(priv, chs);
	if (err)
		goto err_free_chs;
	cx4_en_chs_publish(priv, chs);
	cx4_en_chs_activate(chs);
	return 0;

err_free_chs:
	cx4_en_chs_free(chs);
err_destroy_tis:
	cx4_en_tis_destroy(priv);
	return err;
}

void cx4_en_channels_close(struct cx4_en_priv *priv)
{
	struct cx4_en_chs *chs = priv->chs;

	if (!chs)
		return;
	cx4_en_steer_close(priv);
	cx4_en_chs_deactivate(chs);
	cx4_en_chs_publish(priv, NULL);
	cx4_en_chs_free(chs);
	cx4_en_tis_destroy(priv);
}

/*
 * cx4_en_reconfigure() - run with new channel parameters.
 * @priv: the function
 * @params: what the new channels get (MTU, ring sizes, channel count)
 * @switched: called after the new channels are in place and before they
 *	run (e.g. to move the vport MTU); may fail, which undoes the switch.
 *	NULL for none.
 *
 * Closed: the parameters are just stored.  Open: a complete new set of
 * channels is built while the old one keeps running; only then is TX
 * stopped (the netdev detached meanwhile), the old NAPIs disabled and
 * steering pointed at the new RQs.
 * Any failure before that point frees the new set and leaves the old
 * one running untouched; a failing switch restores the old steering and
 * resumes the old set.  Caller holds RTNL.
 *
 * Return: 0 or -errno (the old configuration is in force).
 */
int cx4_en_reconfigure(struct cx4_en_priv *priv,
		       const struct cx4_en_params *params,
		       int (*switched)(struct cx4_en_priv *priv,
				       const struct cx4_en_params *params))
{
	struct cx4_en_chs *old = priv->chs, *new;
	u32 old_num;
	int err;

	ASSERT_RTNL();
	if (!old) {
		struct cx4_en_params prev = priv->params;

		priv->params = *params;
		priv->num_channels = params->num_channels;
		err = switched ? switched(priv, params) : 0;
		if (err) {
			priv->params = prev;
			priv->num_channels = prev.num_channels;
			return err;
		}
		cx4_en_stats_fold_departed(priv, params->num_channels,
					   prev.num_channels);
		return 0;
	}
	old_num = old->num;	/* for the fold, after @old is freed */
	new = cx4_en_chs_alloc(priv, params);
	if (IS_ERR(new))
		return PTR_ERR(new);

	/*
	 * TX stops for the switch; detached, the TX watchdog leaves the
	 * stopped queues alone: freeing the old set can outlast its timeout
	 * on a slow host (seen under TCG: a false timeout and an SQ reset).
	 */
	netif_tx_disable(priv->netdev);
	netif_device_detach(priv->netdev);
	cx4_en_chs_deactivate(old);
	err = cx4_en_steer_switch(priv, new);
	if (!err && switched) {
		err = switched(priv, params);
		/* The device may refuse the way back too: say so, go on. */
		if (err && cx4_en_steer_switch(priv, old))
			net_err_ratelimited("%s: cannot point steering back at the old channels\n",
					    netdev_name(priv->netdev));
	}
	if (err) {
		cx4_en_chs_activate(old);
		netif_device_attach(priv->netdev);
		cx4_en_chs_free(new);
		return err;
	}
	cx4_en_chs_publish(priv, new);
	priv->params = *params;
	/* The old queues go before the new run: they share the TX queues. */
	cx4_en_chs_free(old);
	/* Channels beyond the new count are gone: their counters too. */
	cx4_en_stats_fold_departed(priv, new->num, old_num);
	cx4_en_chs_activate(new);
	netif_device_attach(priv->netdev);	/* wakes every TX queue */
	return 0;
}

/* NETIF_F_HW_VLAN_CTAG_RX: the vsd bit of every open RQ (MODIFY_RQ). */
int cx4_en_rx_vlan_strip_set(struct cx4_en_priv *priv, bool strip)
{
	struct cx4_en_chs *chs = priv->chs;
	u32 i;
	int err;

	for (i = 0; chs && i < chs->num; i++) {
		struct cx4_en_rq *rq = &chs->ch[i]->rq;

		err = cx4_en_wq_modify(priv, false, rq->rqn, CX4_WQ_STATE_RDY,
				       CX4_WQ_STATE_RDY, !strip);
		if (err) {
			/* Back to what the other RQs had. */
			while (i--)
				cx4_en_wq_modify(priv, false, chs->ch[i]->rq.rqn,
						 CX4_WQ_STATE_RDY,
						 CX4_WQ_STATE_RDY, strip);
			return err;
		}
		rq->vlan_strip = strip;
	}
	priv->params.rx_vlan_strip = strip;
	if (chs)
		chs->params.rx_vlan_strip = strip;
	return 0;
}

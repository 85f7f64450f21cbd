// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: queue recovery without a reload (PRM 7.7.1, 7.9.1).
 *
 * An error CQE (other than the flush CQEs that follow it) moves its SQ
 * or RQ to ERR.  NAPI only records the request in the channel's recover
 * bits and queues priv->recover_work; the work item, under RTNL (which
 * also serializes it with close and reconfiguration), quiesces the
 * queue (NAPI disabled, then TX queue stopped), asks the device for the
 * queue's state (QUERY_SQ/RQ), moves it to RST, drops what is left in
 * its CQ, resets the ring (every pending send unmapped and freed; the
 * posted receive buffers kept) and the doorbell record, moves it
 * RST -> RDY and resumes.  ndo_tx_timeout asks for the same SQ recovery,
 * for every SQ whose TX queue is stuck (stopped longer than the watchdog
 * allows) and for no other: the other queues send on, the netdev is
 * neither closed nor its channels rebuilt.
 * A CQ error event leaves the CQ in error until it is destroyed (PRM
 * 7.12.5), and an SQ or RQ cannot move to another CQ: the work rebuilds
 * every channel through cx4_en_reconfigure() with the parameters in
 * force (new CQs, SQs and RQs first, steering switched, the old set
 * freed), as a ring change does.
 * A reset that fails (a command refused or lost) leaves the queue down:
 * it is tried again from priv->recover_retry after a back-off
 * (cx4_en_recover_backoff_ms()); after CX4_EN_RECOVER_TRIES failures in
 * a row the queue is lost and the channels are rebuilt as for a CQ
 * error.  A rebuild that fails leaves a channel without a working queue,
 * which only a reset of the function cures: the core is asked for its
 * recovery (cx4_core_request_recovery()), bounded by its own back-off.
 * Recoveries are counted per ring ("recover" in ethtool -S), failed
 * resets and lost queues per netdev ("queue_recover_fail",
 * "queue_lost").
 */

#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <linux/cx4/core.h>
#include <linux/cx4/cq.h>

#include "../compat.h"
#include "en.h"
#include "txrx.h"

/* Current state of an SQ or RQ (QUERY_SQ / QUERY_RQ), validated. */
static int cx4_en_wq_query_state(struct cx4_en_priv *priv, bool sq, u32 num,
				 size_t ring, u8 *state)
{
	size_t len = (sq ? CX4_QUERY_SQ_OUT_OFF_PAS : CX4_QUERY_RQ_OUT_OFF_PAS) +
		     (ring / CX4_EN_PAS_PAGE) * CX4_PAS_SIZE;
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};
	u8 *out;
	int err;

	out = kvzalloc(len, GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	if (sq) {
		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_SQ);
		CX4_SET(QUERY_SQ_IN, in, SQN, num);
	} else {
		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_RQ);
		CX4_SET(QUERY_RQ_IN, in, RQN, num);
	}
	err = cx4_cmd_exec(priv->core, in, sizeof(in), out, len);
	if (!err) {
		*state = sq ? CX4_GET(SQC, CX4_ADDR(QUERY_SQ_OUT, out, CTX),
				      STATE) :
			      CX4_GET(RQC, CX4_ADDR(QUERY_RQ_OUT, out, CTX),
				      STATE);
		if (*state != CX4_WQ_STATE_RST && *state != CX4_WQ_STATE_RDY &&
		    *state != CX4_WQ_STATE_ERR) {
			netdev_err(priv->netdev, "%s 0x%x: device reports undefined state %u\n",
				   sq ? "SQ" : "RQ", num, *state);
			err = -EIO;
		}
	}
	kvfree(out);
	return err;
}

/* Whatever state the queue is in, to RST. */
static int cx4_en_wq_reset(struct cx4_en_priv *priv, bool sq, u32 num,
			   size_t ring)
{
	u8 state;
	int err;

	err = cx4_en_wq_query_state(priv, sq, num, ring, &state);
	if (err || state == CX4_WQ_STATE_RST)
		return err;
	return cx4_en_wq_modify(priv, sq, num, state, CX4_WQ_STATE_RST, -1);
}

/* Drop every CQE left in @cq (flush CQEs of a queue in reset). */
static void cx4_en_cq_drain(struct cx4_cq *cq)
{
	u32 n = 0;

	while (cx4_cq_peek(cq) && n++ < CX4_EN_CQ_DRAIN_MAX)
		cx4_cq_pop(cq);
	cx4_cq_update_ci(cq);
}

/*
 * The same for an RQ's CQ, whose compressed sessions (cx4_en_cqz_count()
 * of the title's copy) are dropped whole; an open one (rq->cqz) starts at
 * the consumer index and goes with them.
 */
static void cx4_en_rq_cq_drain(struct cx4_en_rq *rq)
{
	u8 cqe[CX4_CQE_SIZE] __aligned(8);
	const void *hw;
	u32 n = 0, k;

	while ((hw = cx4_cq_peek(rq->cq)) && n < CX4_EN_CQ_DRAIN_MAX) {
		memcpy(cqe, hw, sizeof(cqe));
		k = 0;
		if (CX4_GET(CQE, cqe, FORMAT) == CX4_CQE_FORMAT_COMPRESSED)
			k = cx4_en_cqz_count(cqe, rq->cqz_max);
		k = k ?: 1;
		cx4_cq_pop_n(rq->cq, k);
		n += k;
	}
	cx4_cq_update_ci(rq->cq);
	rq->cqz.n = 0;
}

static int cx4_en_sq_recover(struct cx4_en_priv *priv,
			     struct cx4_en_channel *ch)
{
	struct cx4_en_sq *sq = &ch->sq;
	int err;

	/*
	 * NAPI first: a poll between the stop and napi_disable() could
	 * wake the queue, and xmit would then post into the ring being
	 * reset.  With NAPI off nothing wakes it until we do; the TX lock
	 * waits out an xmit already running.
	 */
	napi_disable(&ch->napi);
	__netif_tx_lock_bh(sq->txq);
	netif_tx_stop_queue(sq->txq);
	__netif_tx_unlock_bh(sq->txq);

	err = cx4_en_wq_reset(priv, true, sq->sqn, sq->wq.size);
	if (!err) {
		cx4_en_cq_drain(sq->cq);
		cx4_en_sq_free_pending(sq);
		sq->pc = 0;
		sq->db_pc = 0;
		sq->cc = 0;
		sq->dma_pc = 0;
		sq->dma_cc = 0;
		WRITE_ONCE(sq->wq.dbr[CX4_WQ_DBR_SND_IDX], 0);
		dma_wmb();
		err = cx4_en_wq_modify(priv, true, sq->sqn, CX4_WQ_STATE_RST,
				       CX4_WQ_STATE_RDY, -1);
	}
	/* Counted while neither NAPI nor xmit writes the SQ's stats. */
	if (!err)
		cx4_en_sq_stat_add(sq->stats, CX4_EN_SQ_RECOVER, 1);
	napi_enable(&ch->napi);
	local_bh_disable();
	napi_schedule(&ch->napi);
	local_bh_enable();
	if (err)
		return err;
	netif_tx_wake_queue(sq->txq);
	return 0;
}

static int cx4_en_rq_recover(struct cx4_en_priv *priv,
			     struct cx4_en_channel *ch)
{
	struct cx4_en_rq *rq = &ch->rq;
	int err;

	napi_disable(&ch->napi);
	err = cx4_en_wq_reset(priv, false, rq->rqn, rq->wq.size);
	if (!err) {
		cx4_en_rq_cq_drain(rq);
		/* The posted buffers stay in rq->bufs for the refill. */
		rq->pc = 0;
		rq->cc = 0;
		WRITE_ONCE(rq->wq.dbr[CX4_WQ_DBR_RCV_IDX], 0);
		dma_wmb();
		err = cx4_en_wq_modify(priv, false, rq->rqn, CX4_WQ_STATE_RST,
				       CX4_WQ_STATE_RDY, -1);
		if (!err)
			cx4_en_rq_fill(rq);
	}
	/* Counted while NAPI, the RQ stats' writer, is off. */
	if (!err)
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_RECOVER, 1);
	napi_enable(&ch->napi);
	local_bh_disable();
	napi_schedule(&ch->napi);
	local_bh_enable();
	return err;
}

/*
 * Delay before attempt @fails + 1 at a queue's reset after @fails failed
 * in a row: CX4_EN_RECOVER_RETRY_MS, doubling; 0 when there is none to
 * make (no failure, or CX4_EN_RECOVER_TRIES attempts made: the queue is
 * lost).  No device access (KUnit).
 */
u32 cx4_en_recover_backoff_ms(u32 fails)
{
	if (!fails || fails >= CX4_EN_RECOVER_TRIES)
		return 0;
	return CX4_EN_RECOVER_RETRY_MS << (fails - 1);
}

/*
 * After an attempt at resetting @ch's SQ (@sq) or RQ that returned @err
 * (RTNL): a failure is counted and the attempt repeated after the
 * back-off, up to CX4_EN_RECOVER_TRIES in a row; then the queue is lost
 * and the channels are to be rebuilt.  Logged at the first failure and
 * when the queue is lost, not at every retry.
 */
static void cx4_en_wq_recovered(struct cx4_en_priv *priv,
				struct cx4_en_channel *ch, bool sq, int err)
{
	u8 *fails = sq ? &ch->sq.recover_fails : &ch->rq.recover_fails;
	u32 num = sq ? ch->sq.sqn : ch->rq.rqn;
	const char *q = sq ? "SQ" : "RQ";
	u32 ms;

	if (!err) {
		if (*fails)
			netdev_warn(priv->netdev, "channel %u: %s 0x%x recovery done at attempt %u\n",
				    ch->ix, q, num, *fails + 1);
		else
			netdev_warn(priv->netdev, "channel %u: %s 0x%x recovery done\n",
				    ch->ix, q, num);
		*fails = 0;
		return;
	}
	atomic_inc(&priv->queue_recover_fails);
	(*fails)++;
	ms = cx4_en_recover_backoff_ms(*fails);
	if (ms) {
		if (*fails == 1)
			netdev_warn(priv->netdev, "channel %u: %s 0x%x recovery failed (%d), trying again\n",
				    ch->ix, q, num, err);
		set_bit(sq ? CX4_EN_RECOVER_SQ_RETRY : CX4_EN_RECOVER_RQ_RETRY,
			&ch->recover);
		/* Pending for another queue: that one's delay serves. */
		schedule_delayed_work(&priv->recover_retry,
				      msecs_to_jiffies(ms));
		return;
	}
	atomic_inc(&priv->queues_lost);
	netdev_err(priv->netdev, "channel %u: %s 0x%x lost: %u recovery attempts failed (last %d), rebuilding the channels\n",
		   ch->ix, q, num, *fails, err);
	set_bit(sq ? CX4_EN_RECOVER_SQ_LOST : CX4_EN_RECOVER_RQ_LOST,
		&ch->recover);
}

#define CX4_EN_REBUILD_SQ_BITS	(BIT(CX4_EN_RECOVER_SQ_CQ) | \
				 BIT(CX4_EN_RECOVER_SQ_LOST))
#define CX4_EN_REBUILD_RQ_BITS	(BIT(CX4_EN_RECOVER_RQ_CQ) | \
				 BIT(CX4_EN_RECOVER_RQ_LOST))
#define CX4_EN_REBUILD_CQ_BITS	(BIT(CX4_EN_RECOVER_SQ_CQ) | \
				 BIT(CX4_EN_RECOVER_RQ_CQ))
#define CX4_EN_REBUILD_BITS	(CX4_EN_REBUILD_SQ_BITS | \
				 CX4_EN_REBUILD_RQ_BITS | \
				 BIT(CX4_EN_RECOVER_XDPSQ))

/*
 * The switch step of a rebuild: neither NAPI nor xmit runs, so the
 * recoveries are counted here, on the rings of the old set's channels
 * whose CQ was in error or whose queue was lost (the new set shares
 * their stats).
 */
static int cx4_en_rebuilt(struct cx4_en_priv *priv,
			  const struct cx4_en_params *params)
{
	struct cx4_en_chs *chs = priv->chs;	/* the old set until published */
	u32 i;

	for (i = 0; i < chs->num; i++) {
		struct cx4_en_channel *ch = chs->ch[i];
		unsigned long bits = READ_ONCE(ch->recover);

		if (bits & CX4_EN_REBUILD_SQ_BITS)
			cx4_en_sq_stat_add(ch->sq.stats, CX4_EN_SQ_RECOVER, 1);
		if (bits & CX4_EN_REBUILD_RQ_BITS)
			cx4_en_rq_stat_add(ch->rq.stats, CX4_EN_RQ_RECOVER, 1);
	}
	return 0;
}

/*
 * A CQ error event or a lost queue on any channel: rebuild them all
 * (RTNL held).  If that fails, the old set runs on with the CQ in error
 * or the queue down, which only a function reset cures: the core is
 * asked for a recovery.
 */
static void cx4_en_rebuild(struct cx4_en_priv *priv)
{
	struct cx4_en_chs *chs = priv->chs;
	const char *why = NULL;
	u32 i;
	int err;

	for (i = 0; chs && i < chs->num; i++) {
		struct cx4_en_channel *ch = chs->ch[i];
		unsigned long bits = READ_ONCE(ch->recover);

		if (!(bits & CX4_EN_REBUILD_BITS))
			continue;
		if (bits & CX4_EN_REBUILD_CQ_BITS)
			why = "a CQ error";
		else if (!why)
			why = "a lost queue";
		if (bits & BIT(CX4_EN_RECOVER_SQ_CQ))
			netdev_warn(priv->netdev, "channel %u: TX CQ 0x%x in error\n",
				    i, cx4_cq_cqn(ch->sq.cq));
		if (bits & BIT(CX4_EN_RECOVER_RQ_CQ))
			netdev_warn(priv->netdev, "channel %u: RX CQ 0x%x in error\n",
				    i, cx4_cq_cqn(ch->rq.cq));
		/* xdp: the XDP SQ or its CQ in error (xdp.c, channels.c) */
		if (bits & BIT(CX4_EN_RECOVER_XDPSQ))
			netdev_warn(priv->netdev, "channel %u: XDP SQ in error\n",
				    i);
	}
	if (!why)
		return;
	err = cx4_en_reconfigure(priv, &priv->params, cx4_en_rebuilt);
	if (err) {
		for (i = 0; i < chs->num; i++) {
			unsigned long *bits = &chs->ch[i]->recover;

			clear_bit(CX4_EN_RECOVER_SQ_CQ, bits);
			clear_bit(CX4_EN_RECOVER_RQ_CQ, bits);
			clear_bit(CX4_EN_RECOVER_SQ_LOST, bits);
			clear_bit(CX4_EN_RECOVER_RQ_LOST, bits);
			clear_bit(CX4_EN_RECOVER_XDPSQ, bits);
		}
		netdev_err(priv->netdev, "channel rebuild after %s failed (%d), asking for a function recovery\n",
			   why, err);
		cx4_core_request_recovery(priv->core);
		return;
	}
	netdev_warn(priv->netdev, "channels rebuilt after %s\n", why);
}

/* Everything the channels asked for (RTNL held). */
static void cx4_en_recover(struct cx4_en_priv *priv)
{
	struct cx4_en_chs *chs;
	u32 i;

	/* First: a rebuild replaces the queues the loop below would reset. */
	cx4_en_rebuild(priv);
	chs = priv->chs;
	for (i = 0; chs && i < chs->num; i++) {
		struct cx4_en_channel *ch = chs->ch[i];

		/* An attempt now is the one a pending retry would make. */
		if (test_and_clear_bit(CX4_EN_RECOVER_SQ, &ch->recover)) {
			clear_bit(CX4_EN_RECOVER_SQ_RETRY, &ch->recover);
			cx4_en_wq_recovered(priv, ch, true,
					    cx4_en_sq_recover(priv, ch));
		}
		if (test_and_clear_bit(CX4_EN_RECOVER_RQ, &ch->recover)) {
			clear_bit(CX4_EN_RECOVER_RQ_RETRY, &ch->recover);
			cx4_en_wq_recovered(priv, ch, false,
					    cx4_en_rq_recover(priv, ch));
		}
	}
	/* Then the queues that could not be reset. */
	cx4_en_rebuild(priv);
}

void cx4_en_recover_work(struct work_struct *work)
{
	struct cx4_en_priv *priv = container_of(work, struct cx4_en_priv,
						recover_work);

	rtnl_lock();
	cx4_en_recover(priv);
	rtnl_unlock();
}

/* The back-off of a failed reset is over: every queue due tries again. */
void cx4_en_recover_retry_work(struct work_struct *work)
{
	struct cx4_en_priv *priv = container_of(to_delayed_work(work),
						struct cx4_en_priv,
						recover_retry);
	struct cx4_en_chs *chs;
	u32 i;

	rtnl_lock();
	chs = priv->chs;
	for (i = 0; chs && i < chs->num; i++) {
		unsigned long *bits = &chs->ch[i]->recover;

		if (test_and_clear_bit(CX4_EN_RECOVER_SQ_RETRY, bits))
			set_bit(CX4_EN_RECOVER_SQ, bits);
		if (test_and_clear_bit(CX4_EN_RECOVER_RQ_RETRY, bits))
			set_bit(CX4_EN_RECOVER_RQ, bits);
	}
	cx4_en_recover(priv);
	rtnl_unlock();
}

/*
 * Is a TX queue stuck: stopped (by the driver for a full ring, or by
 * BQL) and nothing sent through it for more than the watchdog's @timeo
 * jiffies (@trans_start: its last send; @now: jiffies)?  The test of
 * dev_watchdog() itself; a queue stopped a moment ago for a full ring
 * that still completes is not stuck.  No device access (KUnit).
 */
bool cx4_en_txq_stuck(bool stopped, unsigned long trans_start,
		      unsigned long now, unsigned long timeo)
{
	return stopped && time_after(now, trans_start + timeo);
}

/*
 * TX watchdog (BH, every TX queue frozen: no xmit runs): queue
 * @txqueue made no progress.  The stack names the first stuck queue it
 * finds; every queue stuck by the same test gets its SQ reset (each
 * logged), and only those: the others keep sending, the netdev stays up
 * and no channel is rebuilt.  A named queue that runs again by now
 * (woken by a completion since) is left alone.
 */
void cx4_en_tx_timeout(struct net_device *netdev, unsigned int txqueue)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	unsigned long now = jiffies;
	u32 i, n = 0;

	if (!priv->channels || txqueue >= priv->num_channels) {
		netif_warn(priv, tx_err, netdev, "TX timeout on queue %u (no such channel)\n",
			   txqueue);
		return;
	}
	for (i = 0; i < priv->num_channels; i++) {
		struct cx4_en_channel *ch = priv->channels[i];
		struct cx4_en_sq *sq = &ch->sq;
		bool stopped = netif_xmit_stopped(sq->txq);
		unsigned long start;

		/* As in dev_watchdog(): the stopped state, then the last send. */
		smp_mb();
		start = READ_ONCE(sq->txq->trans_start);
		if (!cx4_en_txq_stuck(stopped, start, now,
				      netdev->watchdog_timeo))
			continue;
		/* Where the ring stands tells a hung SQ from lost completions. */
		netif_warn(priv, tx_err, netdev, "TX timeout on queue %u: SQ 0x%x pc 0x%x cc 0x%x, nothing sent for %u ms: resetting the SQ\n",
			   i, sq->sqn, sq->pc, READ_ONCE(sq->cc),
			   jiffies_to_msecs(now - start));
		cx4_en_request_recover(ch, CX4_EN_RECOVER_SQ);
		n++;
	}
	if (!n)
		netif_warn(priv, tx_err, netdev, "TX timeout on queue %u: no queue stuck any more, none reset\n",
			   txqueue);
}

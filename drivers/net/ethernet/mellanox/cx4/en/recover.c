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
 * RST -> RDY and resumes.  ndo_tx_timeout asks for the same SQ recovery.
 * A CQ error event leaves the CQ in error until it is destroyed (PRM
 * 7.12.5), and an SQ or RQ cannot move to another CQ: the work rebuilds
 * every channel through cx4_en_reconfigure() with the parameters in
 * force (new CQs, SQs and RQs first, steering switched, the old set
 * freed), as a ring change does.
 * Recoveries are counted per ring ("recover" in ethtool -S).
 */

#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

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
		cx4_en_cq_drain(rq->cq);
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

#define CX4_EN_RECOVER_CQ_BITS	(BIT(CX4_EN_RECOVER_SQ_CQ) | \
				 BIT(CX4_EN_RECOVER_RQ_CQ))

/*
 * The switch step of a rebuild after a CQ error: neither NAPI nor xmit
 * runs, so the recoveries are counted here, on the rings of the old
 * set's channels whose CQ was in error (the new set shares their stats).
 */
static int cx4_en_cq_rebuilt(struct cx4_en_priv *priv,
			     const struct cx4_en_params *params)
{
	struct cx4_en_chs *chs = priv->chs;	/* the old set until published */
	u32 i;

	for (i = 0; i < chs->num; i++) {
		struct cx4_en_channel *ch = chs->ch[i];

		if (test_bit(CX4_EN_RECOVER_SQ_CQ, &ch->recover))
			cx4_en_sq_stat_add(ch->sq.stats, CX4_EN_SQ_RECOVER, 1);
		if (test_bit(CX4_EN_RECOVER_RQ_CQ, &ch->recover))
			cx4_en_rq_stat_add(ch->rq.stats, CX4_EN_RQ_RECOVER, 1);
	}
	return 0;
}

/* A CQ error event on any channel: rebuild them all (RTNL held). */
static void cx4_en_cq_recover(struct cx4_en_priv *priv)
{
	struct cx4_en_chs *chs = priv->chs;
	bool any = false;
	u32 i;
	int err;

	for (i = 0; chs && i < chs->num; i++) {
		struct cx4_en_channel *ch = chs->ch[i];

		if (!(READ_ONCE(ch->recover) & CX4_EN_RECOVER_CQ_BITS))
			continue;
		any = true;
		if (test_bit(CX4_EN_RECOVER_SQ_CQ, &ch->recover))
			netdev_warn(priv->netdev, "channel %u: TX CQ 0x%x in error\n",
				    i, cx4_cq_cqn(ch->sq.cq));
		if (test_bit(CX4_EN_RECOVER_RQ_CQ, &ch->recover))
			netdev_warn(priv->netdev, "channel %u: RX CQ 0x%x in error\n",
				    i, cx4_cq_cqn(ch->rq.cq));
	}
	if (!any)
		return;
	err = cx4_en_reconfigure(priv, &priv->params, cx4_en_cq_rebuilt);
	if (err) {
		/* The old set runs on; the CQ stays in error. */
		for (i = 0; i < chs->num; i++) {
			clear_bit(CX4_EN_RECOVER_SQ_CQ, &chs->ch[i]->recover);
			clear_bit(CX4_EN_RECOVER_RQ_CQ, &chs->ch[i]->recover);
		}
		netdev_err(priv->netdev, "channel rebuild after a CQ error failed (%d)\n",
			   err);
		return;
	}
	netdev_warn(priv->netdev, "channels rebuilt after a CQ error\n");
}

void cx4_en_recover_work(struct work_struct *work)
{
	struct cx4_en_priv *priv = container_of(work, struct cx4_en_priv,
						recover_work);
	struct cx4_en_chs *chs;
	u32 i;
	int err;

	rtnl_lock();
	/* First: a rebuild replaces the queues the loop below would reset. */
	cx4_en_cq_recover(priv);
	chs = priv->chs;
	for (i = 0; chs && i < chs->num; i++) {
		struct cx4_en_channel *ch = chs->ch[i];

		if (test_and_clear_bit(CX4_EN_RECOVER_SQ, &ch->recover)) {
			err = cx4_en_sq_recover(priv, ch);
			netdev_warn(priv->netdev, "channel %u: SQ 0x%x recovery %s (%d)\n",
				    i, ch->sq.sqn, err ? "failed" : "done", err);
		}
		if (test_and_clear_bit(CX4_EN_RECOVER_RQ, &ch->recover)) {
			err = cx4_en_rq_recover(priv, ch);
			netdev_warn(priv->netdev, "channel %u: RQ 0x%x recovery %s (%d)\n",
				    i, ch->rq.rqn, err ? "failed" : "done", err);
		}
	}
	rtnl_unlock();
}

/* TX watchdog (BH, TX locks held): the queue made no progress. */
void cx4_en_tx_timeout(struct net_device *netdev, unsigned int txqueue)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_sq *sq;

	if (!priv->channels || txqueue >= priv->num_channels) {
		netif_warn(priv, tx_err, netdev, "TX timeout on queue %u (no such channel)\n",
			   txqueue);
		return;
	}
	sq = &priv->channels[txqueue]->sq;
	/* Where the ring stands helps tell a hung SQ from lost completions. */
	netif_warn(priv, tx_err, netdev, "TX timeout on queue %u: SQ 0x%x pc 0x%x cc 0x%x\n",
		   txqueue, sq->sqn, sq->pc, READ_ONCE(sq->cc));
	cx4_en_request_recover(priv->channels[txqueue], CX4_EN_RECOVER_SQ);
}

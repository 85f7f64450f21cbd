// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: the function's NIC vport context (PRM 7.3, 12.16.4).
 */

#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "port.h"

/* MODIFY_NIC_VPORT_CONTEXT of the mtu field only (field_select bit 6). */
int cx4_en_vport_set_mtu(struct cx4_en_priv *priv, u32 hw_mtu)
{
	u32 in_len = cx4_modify_nic_vport_ctx_in_size(0);
	u8 out[CX4_MODIFY_NIC_VPORT_CTX_OUT_SIZE] = {};
	u8 *in, *ctx;
	int err;

	in = kzalloc(in_len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_NIC_VPORT_CONTEXT);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_VPORT_OP_MOD_NIC_VPORT);
	CX4_SET(MODIFY_NIC_VPORT_CTX_IN, in, FIELD_SELECT,
		CX4_MODIFY_NIC_VPORT_SEL_MTU);
	ctx = CX4_ADDR(MODIFY_NIC_VPORT_CTX_IN, in, CTX);
	CX4_SET(NIC_VPORT, ctx, MTU, hw_mtu);
	err = cx4_cmd_exec(priv->core, in, in_len, out, sizeof(out));
	kfree(in);
	return err;
}

/*
 * The MTU of the function, @hw_mtu bytes of frame with FCS: the port's
 * (PMTU admin_mtu, PRM 11.1.1: longer frames are dropped and counted in
 * a_frame_too_long_errors, ethtool -S rx_oversize_pkts_phy) and the NIC
 * vport's.  Failures are logged.
 */
int cx4_en_hw_mtu_set(struct cx4_en_priv *priv, u32 hw_mtu)
{
	int err;

	err = cx4_en_port_set_mtu(priv, hw_mtu);
	if (err) {
		netdev_err(priv->netdev, "cannot set the port MTU to %u: %d\n",
			   hw_mtu, err);
		return err;
	}
	return cx4_en_vport_set_mtu(priv, hw_mtu);
}

/* min_wqe_inline_mode of the NIC vport context (PRM Table 16). */
static int cx4_en_vport_inline_mode(struct cx4_en_priv *priv, u8 *mode)
{
	u8 out[CX4_QUERY_NIC_VPORT_CTX_OUT_SIZE] = {};
	u8 in[CX4_QUERY_NIC_VPORT_CTX_IN_SIZE] = {};
	int err;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_NIC_VPORT_CONTEXT);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_VPORT_OP_MOD_NIC_VPORT);
	err = cx4_cmd(priv->core, in, out);
	if (err)
		return err;
	*mode = CX4_GET(NIC_VPORT, CX4_ADDR(QUERY_NIC_VPORT_CTX_OUT, out, CTX),
			MIN_WQE_INLINE_MODE);
	return 0;
}

/*
 * The inline mode send WQEs must honour (PRM 7.9.3): from the Ethernet
 * offload capability wqe_inline_mode, which may defer to the vport.
 */
int cx4_en_inline_mode_query(struct cx4_en_priv *priv, u8 *mode)
{
	const void *cap = cx4_core_cap(priv->core, CX4_CAP_ETH_OFFLOAD);
	u32 v = cap ? CX4_GET(ETH_CAP, cap, WQE_INLINE_MODE) :
		      CX4_CAP_INLINE_MODE_L2;
	int err;

	switch (v) {
	case CX4_CAP_INLINE_MODE_L2:
		*mode = CX4_INLINE_MODE_L2;
		return 0;
	case CX4_CAP_INLINE_MODE_NOT_REQUIRED:
		*mode = CX4_INLINE_MODE_NONE;
		return 0;
	case CX4_CAP_INLINE_MODE_VPORT_CONTEXT:
		err = cx4_en_vport_inline_mode(priv, mode);
		if (err)
			return err;
		if (*mode > CX4_INLINE_MODE_TCP_UDP) {
			netdev_err(priv->netdev, "vport inline mode %u not supported\n",
				   *mode);
			return -EOPNOTSUPP;
		}
		return 0;
	}
	netdev_err(priv->netdev, "unknown wqe_inline_mode capability %u\n", v);
	return -EOPNOTSUPP;
}

/*
 * QUERY_VPORT_COUNTER (PRM 12.17.1) of the function's vport, without
 * clearing: CX4_QUERY_VPORT_COUNTER_OUT_SIZE bytes into @out.
 */
int cx4_en_vport_counters(struct cx4_en_priv *priv, u8 *out)
{
	u8 in[CX4_QUERY_VPORT_COUNTER_IN_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_VPORT_COUNTER);
	return cx4_cmd_exec(priv->core, in, sizeof(in), out,
			    CX4_QUERY_VPORT_COUNTER_OUT_SIZE);
}

/* --- the queue counter set of the RQs: rx_out_of_buffer ------------------ */

/*
 * One counter set for every RQ of the netdev (CX4_RQC_COUNTER_SET_ID),
 * allocated at attach and again after a recovery (the function reset
 * freed it).  Its out_of_buffer counts the frames the device dropped for
 * want of a posted receive WQE: 32 bits, starting at 0 with each new set.
 * priv->oob_total adds up what every read found since the one before
 * (a wrap included), so rx_out_of_buffer only grows; what a set counted
 * after its last read and before a recovery took it is lost (the dead
 * function answers no query).
 */

/* ALLOC_Q_COUNTER; @id gets the set's number (never 0). */
static int cx4_en_q_counter_alloc(struct cx4_en_priv *priv, u8 *id)
{
	u8 out[CX4_ALLOC_Q_COUNTER_OUT_SIZE] = {};
	u8 in[CX4_ALLOC_Q_COUNTER_IN_SIZE] = {};
	int err;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_ALLOC_Q_COUNTER);
	err = cx4_cmd(priv->core, in, out);
	if (err)
		return err;
	*id = CX4_GET(ALLOC_Q_COUNTER_OUT, out, COUNTER_SET_ID);
	if (!*id) {
		netdev_err(priv->netdev, "ALLOC_Q_COUNTER answered counter set 0\n");
		return -EIO;
	}
	return 0;
}

static void cx4_en_q_counter_dealloc(struct cx4_en_priv *priv, u8 id)
{
	u8 out[CX4_DEALLOC_Q_COUNTER_OUT_SIZE] = {};
	u8 in[CX4_DEALLOC_Q_COUNTER_IN_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DEALLOC_Q_COUNTER);
	CX4_SET(DEALLOC_Q_COUNTER_IN, in, COUNTER_SET_ID, id);
	if (cx4_cmd(priv->core, in, out))
		netdev_warn(priv->netdev, "DEALLOC_Q_COUNTER %u failed\n", id);
}

/* QUERY_Q_COUNTER of set @id, without clearing: its out_of_buffer. */
static int cx4_en_q_counter_query(struct cx4_en_priv *priv, u8 id, u32 *oob)
{
	u8 in[CX4_QUERY_Q_COUNTER_IN_SIZE] = {};
	u8 *out;
	int err;

	out = kzalloc(CX4_QUERY_Q_COUNTER_OUT_SIZE, GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_Q_COUNTER);
	CX4_SET(QUERY_Q_COUNTER_IN, in, COUNTER_SET_ID, id);
	err = cx4_cmd_exec(priv->core, in, sizeof(in), out,
			   CX4_QUERY_Q_COUNTER_OUT_SIZE);
	if (!err)
		*oob = CX4_GET(QUERY_Q_COUNTER_OUT, out, OUT_OF_BUFFER);
	kfree(out);
	return err;
}

/*
 * Read the set and add what it counted since the last read to
 * priv->oob_total (ethtool -S rx_out_of_buffer, ip -s link rx_missed).
 * Caller holds RTNL.
 */
void cx4_en_q_counter_update(struct cx4_en_priv *priv)
{
	u32 oob;

	ASSERT_RTNL();
	if (!priv->q_counter || priv->suspended ||
	    cx4_en_q_counter_query(priv, priv->q_counter, &oob))
		return;
	atomic64_add((u32)(oob - priv->oob_raw), &priv->oob_total);
	priv->oob_raw = oob;
}

/*
 * At attach, before any RQ: a device without queue counter sets (an
 * older firmware answers ALLOC_Q_COUNTER with BAD_OP) works on without
 * rx_out_of_buffer, which ethtool -S then does not list.  RTNL held.
 */
void cx4_en_q_counter_create(struct cx4_en_priv *priv)
{
	ASSERT_RTNL();
	priv->q_counter_avail = !cx4_en_q_counter_alloc(priv, &priv->q_counter);
	if (!priv->q_counter_avail)
		netdev_info(priv->netdev, "no queue counter set: rx_out_of_buffer not counted\n");
}

/* At detach, the RQs gone.  Caller holds RTNL. */
void cx4_en_q_counter_destroy(struct cx4_en_priv *priv)
{
	ASSERT_RTNL();
	if (priv->q_counter)
		cx4_en_q_counter_dealloc(priv, priv->q_counter);
	priv->q_counter = 0;
}

/*
 * Before a recovery (not yet suspended): the last count is read if the
 * function still answers; the reset frees the set.  RTNL held.
 */
void cx4_en_q_counter_suspend(struct cx4_en_priv *priv)
{
	cx4_en_q_counter_update(priv);
	priv->q_counter = 0;
	priv->oob_raw = 0;
}

/* After a recovery, before the RQs are created again.  RTNL held. */
void cx4_en_q_counter_resume(struct cx4_en_priv *priv)
{
	ASSERT_RTNL();
	if (priv->q_counter_avail &&
	    cx4_en_q_counter_alloc(priv, &priv->q_counter))
		netdev_warn(priv->netdev, "no queue counter set after the recovery: rx_out_of_buffer stays at %lld\n",
			    (long long)atomic64_read(&priv->oob_total));
}

/*
 * ndo_get_stats64 cannot send a command: it asks for this work, at most
 * once a second, and reports the total of the last read.  RTNL is only
 * tried: its holder may be waiting for this work (cancel_work_sync()).
 */
void cx4_en_q_counter_work(struct work_struct *work)
{
	struct cx4_en_priv *priv = container_of(work, struct cx4_en_priv,
						oob_work);

	if (!rtnl_trylock())
		return;
	cx4_en_q_counter_update(priv);
	rtnl_unlock();
}

/*
 * From ndo_get_stats64 (any context).  Only while the netdev is up: a
 * closed one has no RQ, so its set counts nothing (and a probe, which
 * registers the netdev, sends no read after it returned).
 */
void cx4_en_q_counter_refresh(struct cx4_en_priv *priv)
{
	unsigned long last = READ_ONCE(priv->oob_refreshed);

	if (!priv->q_counter_avail || !netif_running(priv->netdev) ||
	    time_before(jiffies, last + HZ))
		return;
	WRITE_ONCE(priv->oob_refreshed, jiffies);
	schedule_work(&priv->oob_work);
}

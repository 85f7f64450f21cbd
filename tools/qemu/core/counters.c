/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Traffic counters of the NIC vport and its queues:
 *
 * - queue counter sets (ALLOC/DEALLOC/QUERY_Q_COUNTER, beyond PRM rev
 *   0.40, used by mlx5_core): numbered from 1, named by an RQ context's
 *   counter_set_id; they count the frames dropped because the RQ had no
 *   receive WQE posted (out_of_buffer);
 * - the vport counters of PRM 12.17 (QUERY_VPORT_COUNTER): received and
 *   transmitted unicast / multicast / broadcast frames and octets, and
 *   errors, counted by the datapath (cx4dev_vport_count*);
 * - QUERY_VNIC_ENV (beyond rev 0.40, the vNIC diagnostic counters mlx5_core
 *   shows in ethtool -S and devlink health diagnose of its vnic reporter).
 */
#include <string.h>

#include "cx4dev_int.h"

/* ---- queue counters ---- */

bool cx4dev_q_counter_valid(const struct cx4dev *dev, uint32_t id)
{
	return id && id < CX4DEV_MAX_Q_COUNTER && dev->eth->qc[id].valid;
}

size_t cx4dev_q_counters_count(const struct cx4dev *dev)
{
	size_t n = 0;

	for (uint32_t i = 1; i < CX4DEV_MAX_Q_COUNTER; i++)
		n += dev->eth->qc[i].valid;
	return n;
}

void cx4dev_q_counters_release(struct cx4dev *dev)
{
	memset(dev->eth->qc, 0, sizeof(dev->eth->qc));
}

/* A frame dropped on @rq for lack of a receive WQE. */
void cx4dev_q_counter_out_of_buffer(struct cx4dev *dev, const struct cx4dev_rq *rq)
{
	if (cx4dev_q_counter_valid(dev, rq->counter_set_id))
		dev->eth->qc[rq->counter_set_id].out_of_buffer++;
}

uint8_t cx4dev_exec_alloc_q_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	for (uint32_t i = 1; i < CX4DEV_MAX_Q_COUNTER; i++) {
		struct cx4dev_q_counter *q = &dev->eth->qc[i];

		if (q->valid)
			continue;
		memset(q, 0, sizeof(*q));
		q->valid = true;
		CX4_SET(ALLOC_Q_COUNTER_OUT, cmd->out, COUNTER_SET_ID, i);
		return CX4_CMD_STAT_OK;
	}
	return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_QC_EXHAUSTED,
			     "%u queue counter sets in use", CX4DEV_MAX_Q_COUNTER - 1);
}

uint8_t cx4dev_exec_dealloc_q_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id = cx4dev_in_get(cmd, CX4_DEALLOC_Q_COUNTER_IN_COUNTER_SET_ID);

	if (!cx4dev_q_counter_valid(dev, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_QC_UNKNOWN,
				     "counter_set_id %u not allocated", id);
	if (dev->eth->qc[id].refs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_QC_IN_USE,
				     "counter set %u still used by %u RQ(s) (destroy them first)",
				     id, dev->eth->qc[id].refs);
	dev->eth->qc[id].valid = false;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_q_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id = cx4dev_in_get(cmd, CX4_QUERY_Q_COUNTER_IN_COUNTER_SET_ID);
	struct cx4dev_q_counter *q;

	if (cx4dev_in_get(cmd, CX4_QUERY_Q_COUNTER_IN_OTHER_VPORT) ||
	    cx4dev_in_get(cmd, CX4_QUERY_Q_COUNTER_IN_AGGREGATE))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_QC_PARAM,
				     "other_vport %u / aggregate %u: one vport, no aggregation",
				     cx4dev_in_get(cmd, CX4_QUERY_Q_COUNTER_IN_OTHER_VPORT),
				     cx4dev_in_get(cmd, CX4_QUERY_Q_COUNTER_IN_AGGREGATE));
	if (!cx4dev_q_counter_valid(dev, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_QC_UNKNOWN,
				     "counter_set_id %u not allocated", id);
	q = &dev->eth->qc[id];
	CX4_SET(QUERY_Q_COUNTER_OUT, cmd->out, OUT_OF_BUFFER, (uint32_t)q->out_of_buffer);
	if (cx4dev_in_get(cmd, CX4_QUERY_Q_COUNTER_IN_CLEAR))
		q->out_of_buffer = 0;
	return CX4_CMD_STAT_OK;
}

/* ---- vport counters (PRM 12.17) ---- */

static const uint32_t cx4dev_vcnt_off[CX4DEV_VC_NUM] = {
	[CX4DEV_VC_RX_ERRORS] = CX4_VPORT_CNT_OFF_RX_ERRORS,
	[CX4DEV_VC_TX_ERRORS] = CX4_VPORT_CNT_OFF_TX_ERRORS,
	[CX4DEV_VC_RX_BCAST] = CX4_VPORT_CNT_OFF_RX_BCAST,
	[CX4DEV_VC_TX_BCAST] = CX4_VPORT_CNT_OFF_TX_BCAST,
	[CX4DEV_VC_RX_UCAST] = CX4_VPORT_CNT_OFF_RX_UCAST,
	[CX4DEV_VC_TX_UCAST] = CX4_VPORT_CNT_OFF_TX_UCAST,
	[CX4DEV_VC_RX_MCAST] = CX4_VPORT_CNT_OFF_RX_MCAST,
	[CX4DEV_VC_TX_MCAST] = CX4_VPORT_CNT_OFF_TX_MCAST,
};

/* Unicast, multicast or broadcast by the destination MAC of @f. */
enum cx4dev_cast cx4dev_frame_cast(const uint8_t *f)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	if (!memcmp(f, bcast, sizeof(bcast)))
		return CX4DEV_CAST_BCAST;
	return (f[0] & 1) ? CX4DEV_CAST_MCAST : CX4DEV_CAST_UCAST;
}

void cx4dev_vport_count(struct cx4dev *dev, bool tx, const uint8_t *f, uint32_t len)
{
	static const enum cx4dev_vcnt which[2][3] = {
		{ CX4DEV_VC_RX_UCAST, CX4DEV_VC_RX_MCAST, CX4DEV_VC_RX_BCAST },
		{ CX4DEV_VC_TX_UCAST, CX4DEV_VC_TX_MCAST, CX4DEV_VC_TX_BCAST },
	};
	struct cx4dev_traffic *t = &dev->eth->vc[which[tx][cx4dev_frame_cast(f)]];

	t->packets++;
	t->octets += len;
}

void cx4dev_vport_count_error(struct cx4dev *dev, bool tx, uint32_t len)
{
	struct cx4dev_traffic *t = &dev->eth->vc[tx ? CX4DEV_VC_TX_ERRORS : CX4DEV_VC_RX_ERRORS];

	t->packets++;
	t->octets += len;
}

uint8_t cx4dev_exec_query_vport_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	if (cmd->op_mod)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0: vport counters)", cmd->op_mod);
	if (!CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], VPORT_COUNTERS))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_VC_UNSUPPORTED,
				     "HCA_CAP.vport_counters is 0");
	for (uint32_t i = 0; i < CX4DEV_VC_NUM; i++) {
		uint8_t *o = cmd->out + cx4dev_vcnt_off[i];

		CX4_SET64(TRAFFIC_COUNTER, o, PACKETS, dev->eth->vc[i].packets);
		CX4_SET64(TRAFFIC_COUNTER, o, OCTETS, dev->eth->vc[i].octets);
	}
	if (cx4dev_in_get(cmd, CX4_QUERY_VPORT_COUNTER_IN_CLEAR))
		memset(dev->eth->vc, 0, sizeof(dev->eth->vc));
	return CX4_CMD_STAT_OK;
}

/*
 * The vNIC environment: nic_receive_steering_discard (HCA_CAP bit set) =
 * frames the receive path dropped before any RQ: no steering match or
 * root table, a drop action, the function not ready (the datapath's
 * rx_no_steering + rx_flow_drops).  The other counters mlx5_core reads
 * only under capability bits the model leaves 0, or (receive / transmit
 * discards while the vport is down, read for other vports of an
 * e-switch) do not apply to the function's own vport: they read 0.
 */
uint8_t cx4dev_exec_query_vnic_env(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *env = CX4_ADDR(QUERY_VNIC_ENV_OUT, cmd->out, ENV);

	if (cmd->op_mod)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0: vNIC environment)", cmd->op_mod);
	if (cx4dev_in_get(cmd, CX4_QUERY_VNIC_ENV_IN_OTHER_VPORT) ||
	    cx4dev_in_get(cmd, CX4_QUERY_VNIC_ENV_IN_VPORT_NUMBER))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_VNIC_ENV_VPORT,
				     "other_vport %u vport_number %u: the function is its "
				     "only vport", cx4dev_in_get(cmd,
				     CX4_QUERY_VNIC_ENV_IN_OTHER_VPORT), cx4dev_in_get(cmd,
				     CX4_QUERY_VNIC_ENV_IN_VPORT_NUMBER));
	CX4_SET64(VNIC_ENV, env, NIC_RECEIVE_STEERING_DISCARD,
		  dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING] +
		  dev->eth->cnt[CX4DEV_ETH_RX_FLOW_DROPS]);
	return CX4_CMD_STAT_OK;
}

/* Debug page / host view of a vport counter. */
uint64_t cx4dev_vport_counter(const struct cx4dev *dev, enum cx4dev_vcnt which, bool octets)
{
	if (which >= CX4DEV_VC_NUM)
		return 0;
	return octets ? dev->eth->vc[which].octets : dev->eth->vc[which].packets;
}

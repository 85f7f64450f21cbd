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
 * a_frame_too_long_errors) and the NIC vport's.  Failures are logged.
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

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: the function's NIC vport context (PRM 7.3, 12.16.4).
 */

#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"

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
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_MODIFY_NIC_VPORT_CONTEXT);
	cx4_set(in, CX4_CMD_IN_OP_MOD, CX4_VPORT_OP_MOD_NIC_VPORT);
	cx4_set(in, CX4_MODIFY_NIC_VPORT_CTX_IN_FIELD_SELECT,
		CX4_MODIFY_NIC_VPORT_SEL_MTU);
	ctx = in + CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX;
	cx4_set(ctx, CX4_NIC_VPORT_MTU, hw_mtu);
	err = cx4_cmd_exec(priv->core, in, in_len, out, sizeof(out));
	kfree(in);
	return err;
}

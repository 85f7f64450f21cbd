// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 NIC vport queries at probe (PRM 12.16): QUERY_VPORT_STATE (link
 * state) and QUERY_NIC_VPORT_CONTEXT (permanent MAC address).
 */

#include <linux/device.h>
#include <linux/slab.h>

#include "core.h"

/* Largest log2 of the UC list whose size cx4 computes (no u32 overflow). */
#define CX4_VPORT_LOG_MAX_UC_LIST	18

/* QUERY_VPORT_STATE (PRM 12.16.1) of the own NIC vport: the raw state. */
int cx4_vport_query_state(struct cx4_core *core, u32 *state)
{
	u8 out[CX4_QUERY_VPORT_STATE_OUT_SIZE] = {};
	u8 in[CX4_QUERY_VPORT_STATE_IN_SIZE] = {};
	int err;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_VPORT_STATE);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_VPORT_OP_MOD_NIC_VPORT);
	err = cx4_cmd(core, in, out);
	if (!err)
		*state = CX4_GET(QUERY_VPORT_STATE_OUT, out, STATE);
	return err;
}

/* The permanent address (Table 19 layout) of NIC vport context @ctx. */
void cx4_vport_mac(const void *ctx, u8 mac[ETH_ALEN])
{
	const u8 *a = CX4_CADDR(NIC_VPORT, ctx, PERMANENT_ADDRESS);
	u32 hi = CX4_GET(MAC_ADDR, a, 47_32);
	u32 lo = CX4_GET(MAC_ADDR, a, 31_0);

	mac[0] = hi >> 8;
	mac[1] = hi;
	mac[2] = lo >> 24;
	mac[3] = lo >> 16;
	mac[4] = lo >> 8;
	mac[5] = lo;
}

/*
 * QUERY_NIC_VPORT_CONTEXT (PRM 12.16.3) of the own NIC vport, for its
 * permanent address (not checked here).  The output must hold the whole
 * current UC list, so it is sized for the largest one the device allows
 * (log_max_current_uc_list); the list size returned is checked against
 * that.
 */
int cx4_vport_query_mac(struct cx4_core *core, u8 mac[ETH_ALEN])
{
	u32 log_max = CX4_GET(CAP, core->caps[CX4_CAPS_GEN_CUR],
			      LOG_MAX_CURRENT_UC_LIST);
	u8 in[CX4_QUERY_NIC_VPORT_CTX_IN_SIZE] = {};
	u32 len, nlist;
	u8 *out, *ctx;
	int err;

	/* The output must fit a command message (CX4_CMD_MAX_LEN). */
	len = log_max <= CX4_VPORT_LOG_MAX_UC_LIST ?
	      cx4_query_nic_vport_ctx_out_size(1u << log_max) : U32_MAX;
	if (len > CX4_CMD_MAX_LEN) {
		dev_err(core->dev, "log_max_current_uc_list %u: the list does not fit a %u-byte command output\n",
			log_max, (u32)CX4_CMD_MAX_LEN);
		return -EIO;
	}
	out = kvzalloc(len, GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_NIC_VPORT_CONTEXT);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_VPORT_OP_MOD_NIC_VPORT);
	CX4_SET(QUERY_NIC_VPORT_CTX_IN, in, ALLOWED_LIST_TYPE,
		CX4_NIC_VPORT_LIST_UC);
	err = cx4_cmd_exec(core, in, sizeof(in), out, len);
	if (err)
		goto out_free;
	ctx = CX4_ADDR(QUERY_NIC_VPORT_CTX_OUT, out, CTX);
	nlist = CX4_GET(NIC_VPORT, ctx, ALLOWED_LIST_SIZE);
	if (nlist > 1u << log_max) {
		dev_err(core->dev, "NIC vport context lists %u addresses, at most %u allowed\n",
			nlist, 1u << log_max);
		err = -EIO;
		goto out_free;
	}
	cx4_vport_mac(ctx, mac);
out_free:
	kvfree(out);
	return err;
}

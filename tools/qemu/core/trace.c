/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Command trace (property cmd-trace): one machine-readable line per
 * command queue entry the device hands back, so that the command
 * sequences of two drivers (cx4, mlx5_core) on the same device can be
 * compared.  Format (Documentation/device-model.md, "Command trace"):
 *
 *   cx4: cmd-trace fn=<id> seq=<n> <NAME>(0x<opcode>) op_mod=0x<m>
 *        status=<NAME>(0x<s>) syndrome=0x<8 hex>
 *
 * ACCESS_REG lines end with " reg=<NAME>(0x<register_id>)".
 *
 * A delivery failure (PRM Table 96) has no command status: it is traced as
 * ds=<NAME>(0x<d>) instead of status/syndrome, with the opcode and op_mod
 * of the inline input (the mailboxes may be unreadable).
 */
#include <stdio.h>

#include <linux/cx4/prm_reg.h>

#include "cx4dev_int.h"

void cx4dev_cmd_trace(struct cx4dev *dev, const struct cx4dev_cmd *cmd, uint8_t ds)
{
	const uint8_t *inl = cmd->entry + CX4_CMDQ_OFF_IN_INLINE;
	uint16_t opcode = cmd->opcode, op_mod = cmd->op_mod;
	const char *fn = dev->cfg.fn_id[0] ? dev->cfg.fn_id : "0";
	char op[48], reg[48] = "";

	if (!dev->cfg.cmd_trace)
		return;
	if (ds != CX4_CMDQ_DS_OK) {
		opcode = (uint16_t)CX4_GET(CMD_IN, inl, OPCODE);
		op_mod = (uint16_t)CX4_GET(CMD_IN, inl, OP_MOD);
	}
	snprintf(op, sizeof(op), "%s(0x%x)", cx4dev_opcode_name(opcode), opcode);
	dev->cmd_trace_seq++;
	if (ds != CX4_CMDQ_DS_OK)
		cx4dev_logf(dev, "cmd-trace fn=%s seq=%llu %s op_mod=0x%x ds=%s(0x%x)", fn,
			    (unsigned long long)dev->cmd_trace_seq, op, op_mod,
			    cx4dev_delivery_name(ds), ds);
	else {
		if (opcode == CX4_CMD_ACCESS_REG && cmd->in_len >= CX4_ACCESS_REG_OFF_DATA) {
			uint32_t id = CX4_GET(ACCESS_REG_IN, cmd->in, REGISTER_ID);

			snprintf(reg, sizeof(reg), " reg=%s(0x%x)", cx4dev_reg_name(id), id);
		}
		cx4dev_logf(dev, "cmd-trace fn=%s seq=%llu %s op_mod=0x%x status=%s(0x%x) "
			    "syndrome=0x%08x%s", fn, (unsigned long long)dev->cmd_trace_seq, op,
			    op_mod, cx4dev_status_name(cmd->status), cmd->status, cmd->syndrome,
			    reg);
	}
}

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Command queue engine (PRM 7.14.1): doorbell, entry and mailbox
 * validation with the delivery statuses of Table 96, input assembly,
 * output scatter with signatures, completion (ownership last), and the
 * delayed/hung slots driven by the fault knobs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

void cx4dev_cmd_free(struct cx4dev_cmd *cmd)
{
	if (!cmd)
		return;
	free(cmd->in);
	free(cmd->out);
	free(cmd->out_mbox_addr);
	free(cmd->out_mbox_ctrl);
	free(cmd);
}

unsigned cx4dev_cmdq_busy(const struct cx4dev *dev)
{
	unsigned n = 0;

	for (unsigned i = 0; i < CX4DEV_CMDQ_ENTRIES; i++)
		n += dev->slots[i].state != CX4DEV_SLOT_IDLE;
	return n;
}

void cx4dev_cmdq_reset(struct cx4dev *dev)
{
	for (unsigned i = 0; i < CX4DEV_CMDQ_ENTRIES; i++) {
		cx4dev_cmd_free(dev->slots[i].cmd);
		memset(&dev->slots[i], 0, sizeof(dev->slots[i]));
	}
}

static bool cx4dev_csum_checked(const struct cx4dev *dev)
{
	return cx4dev_cmdif_checksum(dev) == CX4_CMDIF_CSUM_ENABLED;
}

/* Output signatures are generated unless cmdif_checksum is disabled. */
static bool cx4dev_csum_generated(const struct cx4dev *dev)
{
	return cx4dev_cmdif_checksum(dev) != CX4_CMDIF_CSUM_DISABLED;
}

/* ---- delivery validation ---- */

/* Delivery error: trace it as a guest error and return the status. */
static uint8_t cx4dev_ds_error(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t ds,
			       const char *what)
{
	cx4dev_guest_error(dev, "cmdq entry %u: %s -> delivery status %s (0x%x)",
			   cmd->slot, what, cx4dev_delivery_name(ds), ds);
	return ds;
}

static uint8_t cx4dev_check_entry(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *e = cmd->entry;
	char why[160];

	if (cx4dev_csum_checked(dev) && !cx4_cmdq_entry_sig_ok(e)) {
		snprintf(why, sizeof(why), "entry signature wrong (xor of entry 0x%02x, want 0xff)",
			 cx4_xor8(e, CX4_CMDQ_ENTRY_SIZE));
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_SIGNATURE_ERR, why);
	}
	if (CX4_GET(CMDQ, e, TYPE) != CX4_CMDQ_TYPE_PCIE) {
		snprintf(why, sizeof(why), "type 0x%x, must be 0x7 (PCIe_cmd_if_transport)",
			 CX4_GET(CMDQ, e, TYPE));
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_BAD_COMMAND_TYPE, why);
	}
	if (CX4_GET(CMDQ, e, RSVD_0))
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_RESERVED_NOT_ZERO,
				       "reserved bits 23:0 of dword 0x00 non-zero");
	if (CX4_GET(CMDQ, e, RSVD_3C))
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_RESERVED_NOT_ZERO,
				       "reserved bits 15:8 of dword 0x3c non-zero");
	if (CX4_GET(CMDQ, e, STATUS))
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_RESERVED_NOT_ZERO,
				       "status field non-zero when posted (SW must set 0)");
	if (cmd->in_len < CX4_CMD_HDR_SIZE || cmd->in_len > CX4DEV_MAX_CMD_LEN) {
		snprintf(why, sizeof(why), "input_length 0x%x outside [0x8, 0x%x]", cmd->in_len,
			 CX4DEV_MAX_CMD_LEN);
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_INPUT_LEN_ERR, why);
	}
	if (cmd->out_len < CX4_CMD_HDR_SIZE || cmd->out_len > CX4DEV_MAX_CMD_LEN) {
		snprintf(why, sizeof(why), "output_length 0x%x outside [0x8, 0x%x]", cmd->out_len,
			 CX4DEV_MAX_CMD_LEN);
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_OUTPUT_LEN_ERR, why);
	}
	if (CX4_GET(CMDQ, e, IN_MBOX_RSVD))
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_BAD_INPUT_POINTER,
				       "input mailbox pointer bits 8:0 non-zero (misaligned)");
	if (CX4_GET(CMDQ, e, OUT_MBOX_RSVD))
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_BAD_OUTPUT_POINTER,
				       "output mailbox pointer bits 8:0 non-zero (misaligned)");
	return CX4_CMDQ_DS_OK;
}

/*
 * Check one mailbox block of a chain.  @input: data signature checked and
 * errors reported as BAD_INPUT_POINTER; otherwise an output block.
 */
static uint8_t cx4dev_check_mbox(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				 const uint8_t *b, uint32_t idx, uint32_t nblocks, bool input)
{
	const char *dir = input ? "input" : "output";
	uint8_t bad_ptr = input ? CX4_CMDQ_DS_BAD_INPUT_POINTER : CX4_CMDQ_DS_BAD_OUTPUT_POINTER;
	uint64_t next = CX4_GET64(MBOX, b, NEXT);
	char why[160];

	if (cx4dev_csum_checked(dev)) {
		if (!cx4_mbox_ctrl_sig_ok(b)) {
			snprintf(why, sizeof(why), "%s mailbox block %u: ctrl_signature wrong",
				 dir, idx);
			return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_SIGNATURE_ERR, why);
		}
		if (input && !cx4_mbox_sig_ok(b)) {
			snprintf(why, sizeof(why), "input mailbox block %u: signature wrong", idx);
			return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_SIGNATURE_ERR, why);
		}
	}
	if (CX4_GET(MBOX, b, TOKEN) != cmd->token) {
		snprintf(why, sizeof(why), "%s mailbox block %u: token 0x%02x, entry token 0x%02x",
			 dir, idx, CX4_GET(MBOX, b, TOKEN), cmd->token);
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_TOKEN_ERR, why);
	}
	if (CX4_GET(MBOX, b, BLOCK_NUMBER) != idx) {
		snprintf(why, sizeof(why), "%s mailbox block %u: block number %u", dir, idx,
			 CX4_GET(MBOX, b, BLOCK_NUMBER));
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_BAD_BLOCK_NUMBER, why);
	}
	if (CX4_GET(MBOX, b, NEXT_RSVD)) {
		snprintf(why, sizeof(why), "%s mailbox block %u: next_pointer 0x%llx not 1 KB "
			 "aligned", dir, idx, (unsigned long long)next);
		return cx4dev_ds_error(dev, cmd, bad_ptr, why);
	}
	if (idx + 1 < nblocks && !next) {
		snprintf(why, sizeof(why), "%s mailbox block %u: next_pointer 0 but %u blocks needed",
			 dir, idx, nblocks);
		return cx4dev_ds_error(dev, cmd, bad_ptr, why);
	}
	/*
	 * The last needed block's next_pointer "should be 0" (Table 98) but is
	 * never followed, and Table 96 defines the pointer errors as
	 * misalignment only: a stale (aligned) pointer there is not an error.
	 */
	return CX4_CMDQ_DS_OK;
}

static uint8_t cx4dev_mbox_read(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint64_t addr,
				uint8_t *b, uint32_t idx, bool input)
{
	char why[128];

	if (!dev->ops->dma_read(dev->opaque, addr, b, CX4_MBOX_SIZE))
		return CX4_CMDQ_DS_OK;
	snprintf(why, sizeof(why), "%s mailbox block %u at 0x%llx not readable by DMA",
		 input ? "input" : "output", idx, (unsigned long long)addr);
	return cx4dev_ds_error(dev, cmd, input ? CX4_CMDQ_DS_BAD_INPUT_POINTER :
					       CX4_CMDQ_DS_BAD_OUTPUT_POINTER, why);
}

static uint8_t cx4dev_gather_input(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t nblocks = cx4_mbox_blocks(cmd->in_len);
	uint64_t addr = CX4_GET64(CMDQ, cmd->entry, IN_MBOX);
	uint32_t done = CX4_CMDQ_INLINE_SIZE;
	uint8_t b[CX4_MBOX_SIZE];
	uint8_t ds;

	memcpy(cmd->in, cmd->entry + CX4_CMDQ_OFF_IN_INLINE,
	       cmd->in_len < CX4_CMDQ_INLINE_SIZE ? cmd->in_len : CX4_CMDQ_INLINE_SIZE);
	if (nblocks && !addr)
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_BAD_INPUT_POINTER,
				       "input mailbox pointer 0 but input_length > 16");
	for (uint32_t i = 0; i < nblocks; i++) {
		uint32_t chunk = cmd->in_len - done;

		if (chunk > CX4_MBOX_DATA_SIZE)
			chunk = CX4_MBOX_DATA_SIZE;
		ds = cx4dev_mbox_read(dev, cmd, addr, b, i, true);
		if (ds == CX4_CMDQ_DS_OK)
			ds = cx4dev_check_mbox(dev, cmd, b, i, nblocks, true);
		if (ds != CX4_CMDQ_DS_OK)
			return ds;
		memcpy(cmd->in + done, b, chunk);
		done += chunk;
		addr = CX4_GET64(MBOX, b, NEXT);
	}
	return CX4_CMDQ_DS_OK;
}

static uint8_t cx4dev_check_output_chain(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t nblocks = cx4_mbox_blocks(cmd->out_len);
	uint64_t addr = CX4_GET64(CMDQ, cmd->entry, OUT_MBOX);
	uint8_t b[CX4_MBOX_SIZE];
	uint8_t ds;

	if (!nblocks)
		return CX4_CMDQ_DS_OK;
	if (!addr)
		return cx4dev_ds_error(dev, cmd, CX4_CMDQ_DS_BAD_OUTPUT_POINTER,
				       "output mailbox pointer 0 but output_length > 16");
	cmd->out_mbox_addr = calloc(nblocks, sizeof(*cmd->out_mbox_addr));
	cmd->out_mbox_ctrl = calloc(nblocks, sizeof(*cmd->out_mbox_ctrl));
	if (!cmd->out_mbox_addr || !cmd->out_mbox_ctrl)
		return CX4_CMDQ_DS_INTERNAL_ERR;
	cmd->n_out_mbox = nblocks;
	for (uint32_t i = 0; i < nblocks; i++) {
		ds = cx4dev_mbox_read(dev, cmd, addr, b, i, false);
		if (ds == CX4_CMDQ_DS_OK)
			ds = cx4dev_check_mbox(dev, cmd, b, i, nblocks, false);
		if (ds != CX4_CMDQ_DS_OK)
			return ds;
		cmd->out_mbox_addr[i] = addr;
		memcpy(cmd->out_mbox_ctrl[i], b + CX4_MBOX_OFF_CTRL, sizeof(cmd->out_mbox_ctrl[i]));
		addr = CX4_GET64(MBOX, b, NEXT);
	}
	return CX4_CMDQ_DS_OK;
}

/* Validate the entry and both mailbox chains; assemble the input. */
static uint8_t cx4dev_deliver(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t ds;

	cmd->token = (uint8_t)CX4_GET(CMDQ, cmd->entry, TOKEN);
	cmd->in_len = CX4_GET(CMDQ, cmd->entry, INPUT_LENGTH);
	cmd->out_len = CX4_GET(CMDQ, cmd->entry, OUTPUT_LENGTH);
	ds = cx4dev_check_entry(dev, cmd);
	if (ds != CX4_CMDQ_DS_OK)
		return ds;
	cmd->in = calloc(1, cmd->in_len);
	cmd->out = calloc(1, cmd->out_len);
	if (!cmd->in || !cmd->out)
		return CX4_CMDQ_DS_INTERNAL_ERR;
	ds = cx4dev_gather_input(dev, cmd);
	if (ds == CX4_CMDQ_DS_OK)
		ds = cx4dev_check_output_chain(dev, cmd);
	if (ds != CX4_CMDQ_DS_OK)
		return ds;
	cmd->opcode = (uint16_t)CX4_GET(CMD_IN, cmd->in, OPCODE);
	cmd->op_mod = (uint16_t)CX4_GET(CMD_IN, cmd->in, OP_MOD);
	return CX4_CMDQ_DS_OK;
}

/* ---- completion ---- */

static void cx4dev_scatter_output(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t b[CX4_MBOX_SIZE];
	uint32_t done = CX4_CMDQ_INLINE_SIZE;

	for (uint32_t i = 0; i < cmd->n_out_mbox; i++) {
		uint32_t chunk = cmd->out_len - done;

		if (chunk > CX4_MBOX_DATA_SIZE)
			chunk = CX4_MBOX_DATA_SIZE;
		memset(b, 0, CX4_MBOX_DATA_SIZE);
		memcpy(b, cmd->out + done, chunk);
		memcpy(b + CX4_MBOX_OFF_CTRL, cmd->out_mbox_ctrl[i], sizeof(cmd->out_mbox_ctrl[i]));
		if (cx4dev_csum_generated(dev)) {
			b[CX4_MBOX_OFF_SIG_BYTE] = 0;
			b[CX4_MBOX_OFF_SIG_BYTE] = cx4_signature(b, CX4_MBOX_SIZE);
		}
		/* Data, then the signature byte; the driver's control part stays. */
		dev->ops->dma_write(dev->opaque, cmd->out_mbox_addr[i], b, CX4_MBOX_DATA_SIZE);
		dev->ops->dma_write(dev->opaque, cmd->out_mbox_addr[i] + CX4_MBOX_OFF_SIG_BYTE,
				    b + CX4_MBOX_OFF_SIG_BYTE, 1);
		done += chunk;
	}
}

/*
 * Hand the entry back: output inline data and re-signed entry first, the
 * status/ownership byte (ownership = SW) last.
 */
static void cx4dev_release_entry(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t ds)
{
	uint8_t *e = cmd->entry;

	CX4_SET(CMDQ, e, STATUS, ds);
	CX4_SET(CMDQ, e, OWNERSHIP, CX4_CMDQ_OWNER_SW);
	if (cx4dev_csum_generated(dev))
		cx4_cmdq_entry_sign(e);
	dev->ops->dma_write(dev->opaque, cmd->entry_addr + CX4_CMDQ_OFF_OUT_INLINE,
			    e + CX4_CMDQ_OFF_OUT_INLINE,
			    CX4_CMDQ_OFF_STATUS_BYTE - CX4_CMDQ_OFF_OUT_INLINE);
	dev->ops->dma_write(dev->opaque, cmd->entry_addr + CX4_CMDQ_OFF_STATUS_BYTE,
			    e + CX4_CMDQ_OFF_STATUS_BYTE, 1);
	cx4dev_cmd_trace(dev, cmd, ds);
	cx4dev_cmd_event(dev, cmd);
}

/* Hostile mode: the status/ownership byte (ownership = SW) before anything else. */
static void cx4dev_release_early(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t e[CX4_CMDQ_ENTRY_SIZE];

	memcpy(e, cmd->entry, sizeof(e));
	CX4_SET(CMDQ, e, STATUS, CX4_CMDQ_DS_OK);
	CX4_SET(CMDQ, e, OWNERSHIP, CX4_CMDQ_OWNER_SW);
	dev->ops->dma_write(dev->opaque, cmd->entry_addr + CX4_CMDQ_OFF_STATUS_BYTE,
			    e + CX4_CMDQ_OFF_STATUS_BYTE, 1);
}

static void cx4dev_complete(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t inl = cmd->out_len < CX4_CMDQ_INLINE_SIZE ? cmd->out_len : CX4_CMDQ_INLINE_SIZE;

	if (cx4dev_hostile_cmd_early(dev, cmd))
		cx4dev_release_early(dev, cmd);
	CX4_SET(CMD_OUT, cmd->out, STATUS, cmd->status);
	CX4_SET(CMD_OUT, cmd->out, SYNDROME, cmd->syndrome);
	memset(cmd->entry + CX4_CMDQ_OFF_OUT_INLINE, 0, CX4_CMDQ_INLINE_SIZE);
	memcpy(cmd->entry + CX4_CMDQ_OFF_OUT_INLINE, cmd->out, inl);
	cx4dev_scatter_output(dev, cmd);
	cx4dev_release_entry(dev, cmd, CX4_CMDQ_DS_OK);
	if (dev->cfg.trace_cmds)
		cx4dev_logf(dev, "cmd[%u] %s(0x%x) op_mod 0x%x -> %s(0x%x) syndrome 0x%08x%s",
			    cmd->slot, cx4dev_opcode_name(cmd->opcode), cmd->opcode, cmd->op_mod,
			    cx4dev_status_name(cmd->status), cmd->status, cmd->syndrome,
			    cmd->knob_hit ? " (injected)" : "");
}

/* Execute (unless a knob already decided the result) and complete. */
static void cx4dev_run(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	if (!cmd->knob_hit)
		cx4dev_cmd_execute(dev, cmd);
	if (cmd->status != CX4_CMD_STAT_OK) {
		cx4dev_hostile_cmd_failed(dev, cmd, false);
	} else {
		cx4dev_knob_out_patch(dev, cmd);
		cx4dev_hostile_cmd_out(dev, cmd);
	}
	dev->commands++;
	cx4dev_complete(dev, cmd);
}

static void cx4dev_cmdq_start(struct cx4dev *dev, unsigned slot)
{
	struct cx4dev_cmd *cmd = calloc(1, sizeof(*cmd));
	enum cx4dev_knob_action act;
	uint64_t delay = 0;
	uint8_t ds;

	if (!cmd)
		return;
	cmd->slot = slot;
	cmd->entry_addr = dev->cmdq_addr + (uint64_t)slot * CX4DEV_CMDQ_STRIDE;
	if (dev->ops->dma_read(dev->opaque, cmd->entry_addr, cmd->entry, CX4_CMDQ_ENTRY_SIZE)) {
		cx4dev_guest_error(dev, "cmdq entry %u at 0x%llx not readable by DMA (bad cmdq "
				   "address?)", slot, (unsigned long long)cmd->entry_addr);
		cx4dev_cmd_free(cmd);
		return;
	}
	if (CX4_GET(CMDQ, cmd->entry, OWNERSHIP) != CX4_CMDQ_OWNER_HW) {
		cx4dev_guest_error(dev, "doorbell for cmdq entry %u whose ownership bit is SW; "
				   "entry ignored", slot);
		cx4dev_cmd_free(cmd);
		return;
	}
	ds = cx4dev_deliver(dev, cmd);
	if (ds == CX4_CMDQ_DS_OK && cx4dev_hostile_cmd_ds(dev, cmd, &ds)) {
		/* Hostile mode: a delivery error instead of executing it. */
		cx4dev_hostile_cmd_failed(dev, cmd, false);
		cx4dev_release_entry(dev, cmd, ds);
		cx4dev_cmd_free(cmd);
		return;
	}
	if (ds != CX4_CMDQ_DS_OK) {
		cx4dev_release_entry(dev, cmd, ds);
		cx4dev_cmd_free(cmd);
		return;
	}
	act = cx4dev_knob_classify(dev, cmd, &delay);
	if (act == CX4DEV_KNOB_HANG)
		cx4dev_hostile_cmd_failed(dev, cmd, true);
	if (act == CX4DEV_KNOB_HANG || act == CX4DEV_KNOB_DELAY) {
		dev->slots[slot].state = act == CX4DEV_KNOB_HANG ? CX4DEV_SLOT_HUNG :
								   CX4DEV_SLOT_DELAYED;
		dev->slots[slot].deadline = cx4dev_now(dev) + delay;
		dev->slots[slot].cmd = cmd;
		return;
	}
	cx4dev_run(dev, cmd);
	cx4dev_cmd_free(cmd);
}

void cx4dev_cmdq_doorbell(struct cx4dev *dev, uint32_t bits)
{
	if (!bits)
		return;
	if (dev->initializing) {
		cx4dev_guest_error(dev, "command doorbell 0x%08x rung while initializing is set; "
				   "ignored", bits);
		return;
	}
	if (!dev->cmdq_valid) {
		cx4dev_guest_error(dev, "command doorbell 0x%08x rung before cmdq_phy_addr was "
				   "written; ignored", bits);
		return;
	}
	/* Highest index first: completion order is not the ring order. */
	for (int i = CX4DEV_CMDQ_ENTRIES - 1; i >= 0; i--) {
		if (!(bits & (1u << i)))
			continue;
		if (dev->slots[i].state != CX4DEV_SLOT_IDLE) {
			cx4dev_guest_error(dev, "doorbell for cmdq entry %d which is still HW-owned "
					   "(command in progress); ignored", i);
			continue;
		}
		cx4dev_cmdq_start(dev, (unsigned)i);
	}
	cx4dev_timer_update(dev);
}

void cx4dev_cmdq_timer(struct cx4dev *dev, uint64_t now, uint64_t *next)
{
	for (int i = CX4DEV_CMDQ_ENTRIES - 1; i >= 0; i--) {
		struct cx4dev_slot *s = &dev->slots[i];
		struct cx4dev_cmd *cmd = s->cmd;

		if (s->state != CX4DEV_SLOT_DELAYED)
			continue;
		if (s->deadline > now) {
			if (s->deadline < *next)
				*next = s->deadline;
			continue;
		}
		s->state = CX4DEV_SLOT_IDLE;
		s->cmd = NULL;
		cx4dev_run(dev, cmd);
		cx4dev_cmd_free(cmd);
	}
}

/* Earliest deadline of a delayed command slot. */
static uint64_t cx4dev_cmdq_next_deadline(const struct cx4dev *dev)
{
	uint64_t next = CX4DEV_NO_DEADLINE;

	for (unsigned i = 0; i < CX4DEV_CMDQ_ENTRIES; i++)
		if (dev->slots[i].state == CX4DEV_SLOT_DELAYED && dev->slots[i].deadline < next)
			next = dev->slots[i].deadline;
	return next;
}

static void cx4dev_cmdq_engine_timer(struct cx4dev *dev, uint64_t now)
{
	uint64_t next = CX4DEV_NO_DEADLINE;

	cx4dev_cmdq_timer(dev, now, &next);
}

const struct cx4dev_engine cx4dev_cmdq_engine = {
	.name		= "cmdq",
	.release	= cx4dev_cmdq_reset,
	.next_deadline	= cx4dev_cmdq_next_deadline,
	.timer		= cx4dev_cmdq_engine_timer,
};

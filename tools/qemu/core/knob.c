/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The fault-injection knobs the engines consult: command failures, delays,
 * hangs and output patches (cmdq.c), WQ_ERROR and SQ_STALL (the SQ and RQ
 * engines).  The
 * debug control page (ctl.c) sets them.  Failures injected here are not
 * guest errors.  Calls nothing above log.c.
 */
#include <stdio.h>

#include "cx4dev_int.h"

#define CX4DEV_HANG_ANY		0xffffu

static void cx4dev_knob_hit(struct cx4dev *dev, struct cx4dev_cmd *cmd, const char *what)
{
	dev->knob_hits++;
	dev->knob_hit_since_reset = true;
	cx4dev_logf(dev, "knob: %s on cmd[%u] %s(0x%x)", what, cmd->slot,
		    cx4dev_opcode_name(cmd->opcode), cmd->opcode);
}

static void cx4dev_knob_fail(struct cx4dev *dev, struct cx4dev_cmd *cmd, const char *what)
{
	cmd->status = (uint8_t)(dev->knobs.fail_status ? dev->knobs.fail_status :
							 CX4_CMD_STAT_INTERNAL_ERR);
	cmd->syndrome = dev->knobs.fail_syndrome ? dev->knobs.fail_syndrome :
						   CX4DEV_SYN_KNOB_INJECTED;
	cmd->knob_hit = true;
	cx4dev_knob_hit(dev, cmd, what);
}

/*
 * Decide what the knobs do to a delivered command.  An injected failure
 * is recorded in @cmd (status, syndrome, knob_hit); it may be combined
 * with a delay.  Hang wins over everything.
 */
enum cx4dev_knob_action cx4dev_knob_classify(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					     uint64_t *delay_ns)
{
	struct cx4dev_knobs *k = &dev->knobs;

	if (k->hang_opcode && (k->hang_opcode == CX4DEV_HANG_ANY ||
			       k->hang_opcode == cmd->opcode)) {
		k->hang_opcode = 0;
		cx4dev_knob_hit(dev, cmd, "hang (never completes)");
		return CX4DEV_KNOB_HANG;
	}
	if (k->fail_nth && --k->fail_nth == 0)
		cx4dev_knob_fail(dev, cmd, "fail_nth");
	else if (k->fail_opcode && k->fail_opcode == cmd->opcode) {
		if (k->fail_opcode_count > 1) {
			k->fail_opcode_count--;
		} else {
			k->fail_opcode = 0;
			k->fail_opcode_count = 0;
		}
		cx4dev_knob_fail(dev, cmd, "fail_opcode");
	}
	if (k->delay_count && (!k->delay_opcode || k->delay_opcode == cmd->opcode)) {
		if (k->delay_count != UINT32_MAX)
			k->delay_count--;
		*delay_ns = (uint64_t)k->delay_ms * CX4DEV_NS_PER_MS;
		cx4dev_knob_hit(dev, cmd, "delay");
		return CX4DEV_KNOB_DELAY;
	}
	return cmd->knob_hit ? CX4DEV_KNOB_FAIL : CX4DEV_KNOB_NONE;
}

/* An OUT_PATCH offset: a dword after status and syndrome. */
bool cx4dev_out_patch_offset_ok(uint32_t off)
{
	return off >= CX4_FLD_OFF(CX4_CMD_OUT_SYNDROME) + 4 && !(off % 4);
}

/*
 * OUT_PATCH: a command that succeeded, about to be handed back.  If it is
 * the one the knob waits for (opcode, op_mod if asked, an output that
 * holds the dword, out_patch_skip such commands let through), one dword of its output gets the knob's bits and the
 * knob disarms.  The device keeps what it did: a CREATE_CQ answered with
 * another number still created its CQ under the real one.
 */
void cx4dev_knob_out_patch(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	struct cx4dev_knobs *k = &dev->knobs;
	uint32_t mask = k->out_patch_mask ? k->out_patch_mask : UINT32_MAX;
	uint32_t old, new;
	char what[96];

	if (!k->out_patch_opcode || k->out_patch_opcode != cmd->opcode)
		return;
	if ((k->out_patch_op_mod & CX4DEV_OUT_PATCH_MATCH_OP_MOD) &&
	    (uint16_t)k->out_patch_op_mod != cmd->op_mod)
		return;
	if (!cx4dev_out_patch_offset_ok(k->out_patch_offset) ||
	    (uint64_t)k->out_patch_offset + 4 > cmd->out_len)
		return;
	if (k->out_patch_skip) {
		k->out_patch_skip--;
		return;
	}
	old = cx4_rd32(cmd->out, k->out_patch_offset);
	new = (old & ~mask) | (k->out_patch_value & mask);
	cx4_wr32(cmd->out, k->out_patch_offset, new);
	k->out_patch_opcode = 0;
	snprintf(what, sizeof(what), "output dword 0x%x 0x%08x -> 0x%08x",
		 k->out_patch_offset, old, new);
	cx4dev_knob_hit(dev, cmd, what);
}

/* ---- queue knobs: WQ_ERROR, SQ_STALL ---- */

bool cx4dev_wq_knob_match(uint32_t knob, uint32_t qn)
{
	uint32_t want = knob & CX4DEV_WQ_KNOB_QN;

	return (knob & CX4DEV_WQ_KNOB_ON) && (want == CX4DEV_WQ_KNOB_QN || want == qn);
}

/* Is WQ_ERROR armed for the next WQE of SQ/RQ @qn? */
bool cx4dev_wq_error_armed(const struct cx4dev *dev, bool rq, uint32_t qn)
{
	uint32_t k = dev->knobs.wq_error;

	return cx4dev_wq_knob_match(k, qn) && !(k & CX4DEV_WQ_KNOB_RQ) == !rq;
}

/*
 * WQ_ERROR fires on @qn (armed, checked by the caller): disarm it,
 * leaving the queue it hit readable, count the hit; the CQE syndrome.
 */
uint32_t cx4dev_wq_error_fire(struct cx4dev *dev, bool rq, uint32_t qn)
{
	uint32_t syn = dev->knobs.wq_error_syndrome ? dev->knobs.wq_error_syndrome :
						      CX4_CQE_SYN_LOCAL_LENGTH_ERR;

	dev->knobs.wq_error = (rq ? CX4DEV_WQ_KNOB_RQ : 0) | qn;
	dev->knob_hits++;
	dev->knob_hit_since_reset = true;
	cx4dev_logf(dev, "knob: WQ_ERROR on %s 0x%x: error CQE syndrome 0x%x, %s to ERR",
		    rq ? "RQ" : "SQ", qn, syn, rq ? "RQ" : "SQ");
	return syn;
}

/* SQ_STALL: the SQ engine of @sqn does nothing now (doorbells are remembered). */
bool cx4dev_sq_stalled(struct cx4dev *dev, uint32_t sqn)
{
	if (!cx4dev_wq_knob_match(dev->knobs.sq_stall, sqn))
		return false;
	if (!dev->sq_stall_held++) {
		dev->knob_hits++;
		dev->knob_hit_since_reset = true;
		cx4dev_logf(dev, "knob: SQ_STALL holds SQ 0x%x", sqn);
	}
	return true;
}

/*
 * SQ_STALL gets a new selector; the old one.  The SQs it no longer holds
 * are run by the caller (cx4dev_sq_stall_change(), eth_tx.c).
 */
uint32_t cx4dev_sq_stall_set(struct cx4dev *dev, uint32_t val)
{
	uint32_t old = dev->knobs.sq_stall;

	dev->knobs.sq_stall = val & CX4DEV_WQ_KNOB_ON ? val : 0;
	if (val & CX4DEV_WQ_KNOB_ON)
		dev->sq_stall_held = 0;
	return old;
}

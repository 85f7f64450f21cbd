// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 command interface (PRM 7.14), polling and event mode.
 *
 * A command is copied into a free entry ("slot") of the command queue
 * page: its first 16 bytes inline, the rest in a chain of mailbox blocks;
 * the output comes back the same way.  The driver rings the doorbell bit of
 * the slot and waits for the entry's ownership bit to come back, then
 * checks the delivery status of the entry (Table 96) and the status of the
 * command output (Table 128).
 *
 * Waiting: until the control EQ exists the ownership bit is polled.  Then
 * (event mode) the waiter sleeps on the slot's completion, which the
 * control EQ's interrupt handler completes for each bit of a command
 * completion event; every CX4_CMD_EVENT_STEP_MS it re-checks the ownership
 * bit, so a lost event costs one step, not the command.  The ownership bit
 * is the truth in both modes; the event is a wake-up.
 *
 * Concurrency: up to nslots commands run at once, one per slot; slots_sem
 * counts free slots and lock protects the free mask and the token.  A
 * command that must run alone (the CREATE_EQ mapping command completions,
 * a mode switch) holds every count of slots_sem.
 */

#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

static unsigned int cmd_timeout_ms = 60000;
module_param(cmd_timeout_ms, uint, 0644);
MODULE_PARM_DESC(cmd_timeout_ms,
		 "Time a command may take before the device is declared hung, in ms (default 60000)");

static_assert(CX4_MBOX_SIZE <= CX4_MBOX_ALIGN);
static_assert(CX4_CMDQ_MAX_SLOTS * CX4_CMDQ_ENTRY_SIZE <= CX4_PAGE_SIZE);
static_assert(CX4_CMDQ_MAX_SLOTS <= BITS_PER_LONG);
static_assert(CX4_CMD_MAX_LEN >= CX4_QUERY_HCA_CAP_OUT_SIZE);

/* --- status and name tables ------------------------------------------ */

struct cx4_cmd_status_desc {
	const char *name;
	int err;
};

/* The one map from command status (Table 128) to name and errno. */
static const struct cx4_cmd_status_desc cx4_cmd_status_tbl[] = {
	[CX4_CMD_STAT_OK]		  = { "OK", 0 },
	[CX4_CMD_STAT_INTERNAL_ERR]	  = { "INTERNAL_ERR", -EIO },
	[CX4_CMD_STAT_BAD_OP]		  = { "BAD_OP", -EOPNOTSUPP },
	[CX4_CMD_STAT_BAD_PARAM]	  = { "BAD_PARAM", -EINVAL },
	[CX4_CMD_STAT_BAD_SYS_STATE]	  = { "BAD_SYS_STATE", -EIO },
	[CX4_CMD_STAT_BAD_RESOURCE]	  = { "BAD_RESOURCE", -EINVAL },
	[CX4_CMD_STAT_RESOURCE_BUSY]	  = { "RESOURCE_BUSY", -EBUSY },
	[CX4_CMD_STAT_EXCEED_LIM]	  = { "EXCEED_LIM", -ENOSPC },
	[CX4_CMD_STAT_BAD_RES_STATE]	  = { "BAD_RES_STATE", -EINVAL },
	[CX4_CMD_STAT_BAD_INDEX]	  = { "BAD_INDEX", -ERANGE },
	[CX4_CMD_STAT_NO_RESOURCES]	  = { "NO_RESOURCES", -ENOMEM },
	[CX4_CMD_STAT_BAD_RESOURCE_STATE] = { "BAD_RESOURCE_STATE", -EINVAL },
	[CX4_CMD_STAT_BAD_SIZE]		  = { "BAD_SIZE", -EINVAL },
	[CX4_CMD_STAT_BAD_INPUT_LEN]	  = { "BAD_INPUT_LEN", -EMSGSIZE },
	[CX4_CMD_STAT_BAD_OUTPUT_LEN]	  = { "BAD_OUTPUT_LEN", -EMSGSIZE },
};

static const struct cx4_cmd_status_desc *cx4_cmd_status_desc(u8 status)
{
	if (status >= ARRAY_SIZE(cx4_cmd_status_tbl) ||
	    !cx4_cmd_status_tbl[status].name)
		return NULL;
	return &cx4_cmd_status_tbl[status];
}

/* Unknown statuses are failures too: -EIO. */
int cx4_cmd_status_errno(u8 status)
{
	const struct cx4_cmd_status_desc *d = cx4_cmd_status_desc(status);

	return d ? d->err : -EIO;
}

const char *cx4_cmd_status_name(u8 status)
{
	const struct cx4_cmd_status_desc *d = cx4_cmd_status_desc(status);

	return d ? d->name : "UNKNOWN";
}

/* Delivery status of a command queue entry (Table 96); all mean -EIO. */
static const char * const cx4_cmd_delivery_tbl[] = {
	[CX4_CMDQ_DS_OK]		= "OK",
	[CX4_CMDQ_DS_SIGNATURE_ERR]	= "SIGNATURE_ERR",
	[CX4_CMDQ_DS_TOKEN_ERR]		= "TOKEN_ERR",
	[CX4_CMDQ_DS_BAD_BLOCK_NUMBER]	= "BAD_BLOCK_NUMBER",
	[CX4_CMDQ_DS_BAD_OUTPUT_POINTER] = "BAD_OUTPUT_POINTER",
	[CX4_CMDQ_DS_BAD_INPUT_POINTER]	= "BAD_INPUT_POINTER",
	[CX4_CMDQ_DS_INTERNAL_ERR]	= "INTERNAL_ERR",
	[CX4_CMDQ_DS_INPUT_LEN_ERR]	= "INPUT_LEN_ERR",
	[CX4_CMDQ_DS_OUTPUT_LEN_ERR]	= "OUTPUT_LEN_ERR",
	[CX4_CMDQ_DS_RESERVED_NOT_ZERO]	= "RESERVED_NOT_ZERO",
	[CX4_CMDQ_DS_BAD_COMMAND_TYPE]	= "BAD_COMMAND_TYPE",
};

const char *cx4_cmd_delivery_name(u8 status)
{
	if (status >= ARRAY_SIZE(cx4_cmd_delivery_tbl) ||
	    !cx4_cmd_delivery_tbl[status])
		return "UNKNOWN";
	return cx4_cmd_delivery_tbl[status];
}

struct cx4_cmd_opcode_desc {
	u16 opcode;
	const char *name;
};

#define CX4_OPCODE(n)	{ CX4_CMD_##n, #n }

/* Table 127, sorted by opcode. */
static const struct cx4_cmd_opcode_desc cx4_cmd_opcode_tbl[] = {
	CX4_OPCODE(QUERY_HCA_CAP),
	CX4_OPCODE(QUERY_ADAPTER),
	CX4_OPCODE(INIT_HCA),
	CX4_OPCODE(TEARDOWN_HCA),
	CX4_OPCODE(ENABLE_HCA),
	CX4_OPCODE(DISABLE_HCA),
	CX4_OPCODE(QUERY_PAGES),
	CX4_OPCODE(MANAGE_PAGES),
	CX4_OPCODE(SET_HCA_CAP),
	CX4_OPCODE(QUERY_ISSI),
	CX4_OPCODE(SET_ISSI),
	CX4_OPCODE(SET_DRIVER_VERSION),
	CX4_OPCODE(CREATE_MKEY),
	CX4_OPCODE(QUERY_MKEY),
	CX4_OPCODE(DESTROY_MKEY),
	CX4_OPCODE(QUERY_SPECIAL_CONTEXTS),
	CX4_OPCODE(CREATE_EQ),
	CX4_OPCODE(DESTROY_EQ),
	CX4_OPCODE(QUERY_EQ),
	CX4_OPCODE(GEN_EQE),
	CX4_OPCODE(CREATE_CQ),
	CX4_OPCODE(DESTROY_CQ),
	CX4_OPCODE(QUERY_CQ),
	CX4_OPCODE(MODIFY_CQ),
	CX4_OPCODE(QUERY_VPORT_STATE),
	CX4_OPCODE(MODIFY_VPORT_STATE),
	CX4_OPCODE(QUERY_NIC_VPORT_CONTEXT),
	CX4_OPCODE(MODIFY_NIC_VPORT_CONTEXT),
	CX4_OPCODE(QUERY_VPORT_COUNTER),
	CX4_OPCODE(ALLOC_Q_COUNTER),
	CX4_OPCODE(DEALLOC_Q_COUNTER),
	CX4_OPCODE(QUERY_Q_COUNTER),
	CX4_OPCODE(ALLOC_PD),
	CX4_OPCODE(DEALLOC_PD),
	CX4_OPCODE(ALLOC_UAR),
	CX4_OPCODE(DEALLOC_UAR),
	CX4_OPCODE(CONFIG_INT_MODERATION),
	CX4_OPCODE(ACCESS_REG),
	CX4_OPCODE(NOP),
	CX4_OPCODE(ALLOC_TRANSPORT_DOMAIN),
	CX4_OPCODE(DEALLOC_TRANSPORT_DOMAIN),
	CX4_OPCODE(SET_L2_TABLE_ENTRY),
	CX4_OPCODE(QUERY_L2_TABLE_ENTRY),
	CX4_OPCODE(DELETE_L2_TABLE_ENTRY),
	CX4_OPCODE(CREATE_TIR),
	CX4_OPCODE(MODIFY_TIR),
	CX4_OPCODE(DESTROY_TIR),
	CX4_OPCODE(QUERY_TIR),
	CX4_OPCODE(CREATE_SQ),
	CX4_OPCODE(MODIFY_SQ),
	CX4_OPCODE(DESTROY_SQ),
	CX4_OPCODE(QUERY_SQ),
	CX4_OPCODE(CREATE_RQ),
	CX4_OPCODE(MODIFY_RQ),
	CX4_OPCODE(DESTROY_RQ),
	CX4_OPCODE(QUERY_RQ),
	CX4_OPCODE(CREATE_RMP),
	CX4_OPCODE(MODIFY_RMP),
	CX4_OPCODE(DESTROY_RMP),
	CX4_OPCODE(QUERY_RMP),
	CX4_OPCODE(CREATE_TIS),
	CX4_OPCODE(MODIFY_TIS),
	CX4_OPCODE(DESTROY_TIS),
	CX4_OPCODE(QUERY_TIS),
	CX4_OPCODE(CREATE_RQT),
	CX4_OPCODE(MODIFY_RQT),
	CX4_OPCODE(DESTROY_RQT),
	CX4_OPCODE(QUERY_RQT),
	CX4_OPCODE(SET_FLOW_TABLE_ROOT),
	CX4_OPCODE(CREATE_FLOW_TABLE),
	CX4_OPCODE(DESTROY_FLOW_TABLE),
	CX4_OPCODE(QUERY_FLOW_TABLE),
	CX4_OPCODE(CREATE_FLOW_GROUP),
	CX4_OPCODE(DESTROY_FLOW_GROUP),
	CX4_OPCODE(QUERY_FLOW_GROUP),
	CX4_OPCODE(SET_FLOW_TABLE_ENTRY),
	CX4_OPCODE(QUERY_FLOW_TABLE_ENTRY),
	CX4_OPCODE(DELETE_FLOW_TABLE_ENTRY),
	CX4_OPCODE(ALLOC_FLOW_COUNTER),
	CX4_OPCODE(DEALLOC_FLOW_COUNTER),
	CX4_OPCODE(QUERY_FLOW_COUNTER),
	CX4_OPCODE(MODIFY_FLOW_TABLE),
};

const char *cx4_cmd_opcode_name(u16 opcode)
{
	unsigned int lo = 0, hi = ARRAY_SIZE(cx4_cmd_opcode_tbl);

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (cx4_cmd_opcode_tbl[mid].opcode == opcode)
			return cx4_cmd_opcode_tbl[mid].name;
		if (cx4_cmd_opcode_tbl[mid].opcode < opcode)
			lo = mid + 1;
		else
			hi = mid;
	}
	return "UNKNOWN_CMD";
}

/*
 * Does @opcode release a device object?  A release the device refuses
 * leaves an object the driver no longer tracks (cmdq->release_refused).
 */
bool cx4_cmd_is_release(u16 opcode)
{
	switch (opcode) {
	case CX4_CMD_DESTROY_MKEY:
	case CX4_CMD_DESTROY_EQ:
	case CX4_CMD_DESTROY_CQ:
	case CX4_CMD_DEALLOC_Q_COUNTER:
	case CX4_CMD_DEALLOC_PD:
	case CX4_CMD_DEALLOC_UAR:
	case CX4_CMD_DEALLOC_TRANSPORT_DOMAIN:
	case CX4_CMD_DELETE_L2_TABLE_ENTRY:
	case CX4_CMD_DESTROY_TIR:
	case CX4_CMD_DESTROY_SQ:
	case CX4_CMD_DESTROY_RQ:
	case CX4_CMD_DESTROY_RMP:
	case CX4_CMD_DESTROY_TIS:
	case CX4_CMD_DESTROY_RQT:
	case CX4_CMD_DESTROY_FLOW_TABLE:
	case CX4_CMD_DESTROY_FLOW_GROUP:
	case CX4_CMD_DELETE_FLOW_TABLE_ENTRY:
	case CX4_CMD_DEALLOC_FLOW_COUNTER:
		return true;
	}
	return false;
}

/* --- messages: inline part + mailbox chain (no device access) --------- */

/* Copy @msg->len bytes of @data into the inline field and the blocks. */
void cx4_msg_write(const struct cx4_msg *msg, void *inline_buf,
		   const void *data)
{
	u32 n = min_t(u32, msg->len, CX4_CMDQ_INLINE_SIZE);
	u32 left = msg->len - n;
	const u8 *p = (const u8 *)data + n;
	u32 i;

	memset(inline_buf, 0, CX4_CMDQ_INLINE_SIZE);
	memcpy(inline_buf, data, n);
	for (i = 0; i < msg->nblocks; i++) {
		u8 *blk = msg->blocks[i].buf;

		n = min_t(u32, left, CX4_MBOX_DATA_SIZE);
		memcpy(blk, p, n);
		memset(blk + n, 0, CX4_MBOX_SIZE - n);
		p += n;
		left -= n;
	}
}

/* Gather @msg->len bytes from the inline field and the blocks into @data. */
void cx4_msg_read(const struct cx4_msg *msg, const void *inline_buf,
		  void *data)
{
	u32 n = min_t(u32, msg->len, CX4_CMDQ_INLINE_SIZE);
	u32 left = msg->len - n;
	u8 *p = (u8 *)data + n;
	u32 i;

	memcpy(data, inline_buf, n);
	for (i = 0; i < msg->nblocks && left; i++) {
		n = min_t(u32, left, CX4_MBOX_DATA_SIZE);
		memcpy(p, msg->blocks[i].buf, n);
		p += n;
		left -= n;
	}
}

/*
 * Chain the blocks, number them and stamp @token; then sign them: fully
 * for an input chain, only ctrl_signature for an output chain (the device
 * signs the data it writes) -- PRM 7.14.1.1.1.  Call after cx4_msg_write()
 * for an input, since the signature covers the data.
 */
void cx4_msg_link(struct cx4_msg *msg, u8 token, bool input)
{
	u32 i;

	for (i = 0; i < msg->nblocks; i++) {
		u8 *blk = msg->blocks[i].buf;
		u64 next = i + 1 < msg->nblocks ? msg->blocks[i + 1].dma : 0;

		if (!input)
			memset(blk, 0, CX4_MBOX_SIZE);
		CX4_SET64(MBOX, blk, NEXT, next);
		CX4_SET(MBOX, blk, BLOCK_NUMBER, i);
		CX4_SET(MBOX, blk, TOKEN, token);
		cx4_mbox_sign(blk, input);
	}
}

static u64 cx4_msg_dma(const struct cx4_msg *msg)
{
	return msg->nblocks ? msg->blocks[0].dma : 0;
}

/*
 * Fill a command queue entry for posting (ownership to the device) and copy
 * @in_data into its inline field and the blocks of @in.
 */
void cx4_cmdq_entry_build(void *entry, const struct cx4_msg *in,
			  const struct cx4_msg *out, const void *in_data,
			  u8 token)
{
	u8 *ent = entry;

	memset(ent, 0, CX4_CMDQ_ENTRY_SIZE);
	CX4_SET(CMDQ, ent, TYPE, CX4_CMDQ_TYPE_PCIE);
	CX4_SET(CMDQ, ent, INPUT_LENGTH, in->len);
	CX4_SET64(CMDQ, ent, IN_MBOX, cx4_msg_dma(in));
	CX4_SET64(CMDQ, ent, OUT_MBOX, cx4_msg_dma(out));
	CX4_SET(CMDQ, ent, OUTPUT_LENGTH, out->len);
	CX4_SET(CMDQ, ent, TOKEN, token);
	CX4_SET(CMDQ, ent, OWNERSHIP, CX4_CMDQ_OWNER_HW);
	cx4_msg_write(in, CX4_ADDR(CMDQ, ent, IN_INLINE), in_data);
	cx4_cmdq_entry_sign(ent);
}

/* Tokens are 8 bits and never 0. */
u8 cx4_cmdq_next_token(u8 prev)
{
	return prev == 0xff ? 1 : prev + 1;
}

/* --- mailbox allocation ------------------------------------------------ */

static void cx4_msg_free(struct cx4_cmdq *cmdq, struct cx4_msg *msg)
{
	u32 i;

	for (i = 0; i < msg->nblocks; i++)
		dma_pool_free(cmdq->pool, msg->blocks[i].buf,
			      msg->blocks[i].dma);
	kfree(msg->blocks);
	msg->blocks = NULL;
	msg->nblocks = 0;
}

static int cx4_msg_alloc(struct cx4_cmdq *cmdq, struct cx4_msg *msg, u32 len)
{
	u32 n = cx4_mbox_blocks(len);
	u32 i;

	msg->len = len;
	msg->nblocks = 0;
	msg->blocks = NULL;
	if (!n)
		return 0;
	msg->blocks = kcalloc(n, sizeof(*msg->blocks), GFP_KERNEL);
	if (!msg->blocks)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct cx4_mbox *mb = &msg->blocks[i];

		mb->buf = dma_pool_zalloc(cmdq->pool, GFP_KERNEL, &mb->dma);
		if (!mb->buf) {
			cx4_msg_free(cmdq, msg);
			return -ENOMEM;
		}
		msg->nblocks++;
	}
	return 0;
}

/* --- slots ------------------------------------------------------------- */

/*
 * Take a free slot and a token; sleeps while all slots are busy, unless
 * @held (the caller holds every count of slots_sem: cx4_cmdq_hold_all()).
 * NULL once the queue is hung (the wake-up is passed on to the next
 * waiter).
 */
struct cx4_cmd_slot *cx4_cmdq_slot_get(struct cx4_cmdq *cmdq, bool held,
				       u32 *idx, u8 *token)
{
	struct cx4_cmd_slot *slot = NULL;

	if (!held)
		down(&cmdq->slots_sem);
	spin_lock_irq(&cmdq->lock);
	if (!cmdq->hung && cmdq->free_mask) {
		*idx = __ffs(cmdq->free_mask);
		__clear_bit(*idx, &cmdq->free_mask);
		cmdq->token = cx4_cmdq_next_token(cmdq->token);
		*token = cmdq->token;
		slot = &cmdq->slots[*idx];
		/* A stale event for the previous command must not count. */
		reinit_completion(&slot->done);
	}
	spin_unlock_irq(&cmdq->lock);
	if (!slot && !held)
		up(&cmdq->slots_sem);
	return slot;
}

void cx4_cmdq_slot_put(struct cx4_cmdq *cmdq, bool held, u32 idx)
{
	spin_lock_irq(&cmdq->lock);
	__set_bit(idx, &cmdq->free_mask);
	spin_unlock_irq(&cmdq->lock);
	if (!held)
		up(&cmdq->slots_sem);
}

/* Wait for every command in flight and keep further ones out. */
void cx4_cmdq_hold_all(struct cx4_cmdq *cmdq)
{
	u32 i;

	for (i = 0; i < cmdq->nslots; i++)
		down(&cmdq->slots_sem);
}

void cx4_cmdq_release_all(struct cx4_cmdq *cmdq)
{
	u32 i;

	for (i = 0; i < cmdq->nslots; i++)
		up(&cmdq->slots_sem);
}

/*
 * Switch between polling and event mode (PRM 7.14.1: events only once the
 * control EQ is created and mapped; back to polling before it goes away).
 * No command is in flight while the mode changes.
 */
void cx4_cmdq_use_events(struct cx4_core *core, bool on)
{
	struct cx4_cmdq *cmdq = &core->cmdq;

	cx4_cmdq_hold_all(cmdq);
	WRITE_ONCE(cmdq->use_events, on);
	cx4_cmdq_release_all(cmdq);
}

/*
 * A command completion event (Table 90): wake the waiter of each slot
 * whose bit is set.  The vector comes from the device: bits beyond the
 * queue are counted and make this return false; a bit for a free slot
 * (e.g. an event for a command already found complete by polling) is
 * only counted.  Called from the control EQ's interrupt handler.
 */
bool cx4_cmdq_dispatch_vector(struct cx4_cmdq *cmdq, u32 vector)
{
	unsigned long bits = vector;
	unsigned long flags;
	bool ok = true;
	u32 i;

	atomic_inc(&cmdq->stats.events);
	spin_lock_irqsave(&cmdq->lock, flags);
	for_each_set_bit(i, &bits, 32) {
		if (i >= cmdq->nslots) {
			atomic_inc(&cmdq->stats.bad_vector);
			ok = false;
		} else if (test_bit(i, &cmdq->free_mask)) {
			atomic_inc(&cmdq->stats.spurious);
		} else {
			complete(&cmdq->slots[i].done);
		}
	}
	spin_unlock_irqrestore(&cmdq->lock, flags);
	return ok;
}

/*
 * The device is dead (health poller): no further command is posted, and
 * every waiter wakes up and gives up on its slot now instead of at the
 * end of its timeout.
 */
void cx4_cmdq_stop(struct cx4_core *core)
{
	struct cx4_cmdq *cmdq = &core->cmdq;
	u32 i;

	spin_lock_irq(&cmdq->lock);
	WRITE_ONCE(cmdq->hung, true);
	for (i = 0; i < cmdq->nslots; i++)
		if (!test_bit(i, &cmdq->free_mask))
			complete(&cmdq->slots[i].done);
	spin_unlock_irq(&cmdq->lock);
}

/*
 * The device did not give the slot back.  It may still execute the command
 * and write the output mailboxes, so the slot keeps its chains (freed by
 * cx4_cmdq_destroy() once the function was reset) and is never reused; the
 * queue stops.  The semaphore count is released so that commands waiting
 * for a slot wake up and fail.
 */
static void cx4_cmdq_slot_abandon(struct cx4_cmdq *cmdq, bool held,
				  struct cx4_cmd_slot *slot,
				  struct cx4_msg *in, struct cx4_msg *out)
{
	slot->in = *in;
	slot->out = *out;
	spin_lock_irq(&cmdq->lock);
	WRITE_ONCE(cmdq->hung, true);
	spin_unlock_irq(&cmdq->lock);
	if (!held)
		up(&cmdq->slots_sem);
}

/* --- execution --------------------------------------------------------- */

static bool cx4_cmd_owned_by_sw(struct cx4_cmd_slot *slot)
{
	const u8 *sb = (const u8 *)CX4_ADDR(CMDQ, slot->entry, STATUS_BYTE);

	return (READ_ONCE(*sb) & 1) == CX4_CMDQ_OWNER_SW;
}

/* Polling mode: the device hands the entry back by its ownership bit. */
static int cx4_cmd_wait_poll(struct cx4_cmdq *cmdq, struct cx4_cmd_slot *slot,
			     unsigned long deadline)
{
	for (;;) {
		bool expired = time_after(jiffies, deadline);

		if (cx4_cmd_owned_by_sw(slot))
			return 0;
		if (expired)
			return -ETIMEDOUT;
		if (cx4_cmdq_hung(cmdq))
			return -EIO;
		usleep_range(10, 50);
	}
}

/*
 * Event mode: sleep on the slot's completion in short steps; the
 * ownership bit decides.  Owned by software without an event means the
 * event was lost: counted and logged, the command still completes.
 */
static int cx4_cmd_wait_event(struct cx4_core *core, struct cx4_cmd_slot *slot,
			      u32 idx, u16 opcode, unsigned long deadline)
{
	struct cx4_cmdq *cmdq = &core->cmdq;
	unsigned long step = msecs_to_jiffies(CX4_CMD_EVENT_STEP_MS);

	for (;;) {
		long left = (long)(deadline - jiffies);
		unsigned long woken;

		if (left <= 0)
			return cx4_cmd_owned_by_sw(slot) ? 0 : -ETIMEDOUT;
		woken = wait_for_completion_timeout(&slot->done,
						    min_t(unsigned long, left,
							  step));
		if (cx4_cmd_owned_by_sw(slot)) {
			if (!woken) {
				atomic_inc(&cmdq->stats.lost_events);
				cx4_warn_rl(core,
					    "%s(0x%x) in slot %u: completion event lost, completion found by polling (%d so far)\n",
					    cx4_cmd_opcode_name(opcode),
					    opcode, idx,
					    atomic_read(&cmdq->stats.lost_events));
			}
			return 0;
		}
		if (cx4_cmdq_hung(cmdq))
			return -EIO;
	}
}

/*
 * Wait for the device to hand the entry back: 0, -ETIMEDOUT, or -EIO when
 * the command interface was stopped meanwhile (another command timed out,
 * or the device was declared dead).
 */
static int cx4_cmd_wait(struct cx4_core *core, struct cx4_cmd_slot *slot,
			u32 idx, u16 opcode, bool events)
{
	unsigned long deadline = jiffies +
		msecs_to_jiffies(READ_ONCE(cmd_timeout_ms));
	int err;

	if (events)
		err = cx4_cmd_wait_event(core, slot, idx, opcode, deadline);
	else
		err = cx4_cmd_wait_poll(&core->cmdq, slot, deadline);
	/* Read the output only after seeing the ownership bit. */
	if (!err)
		dma_rmb();
	return err;
}

static void cx4_cmd_log_timeout(struct cx4_core *core, u16 opcode, u16 op_mod,
				int err)
{
	if (err == -ETIMEDOUT)
		dev_err(core->dev,
			"%s(0x%x) op_mod 0x%x timed out after %u ms (health syndrome 0x%x counter %u); command interface stopped\n",
			cx4_cmd_opcode_name(opcode), opcode, op_mod,
			READ_ONCE(cmd_timeout_ms),
			cx4_iseg_get(core, CX4_INIT_HEALTH_SYNDROME),
			cx4_iseg_get(core, CX4_INIT_HEALTH_COUNTER));
	else
		cx4_err_rl(core,
			   "%s(0x%x) op_mod 0x%x abandoned: command interface stopped\n",
			   cx4_cmd_opcode_name(opcode), opcode, op_mod);
}

/*
 * Post @in/@out in a free slot and wait.  Returns the delivery result:
 * 0 with @out filled, -EIO for a delivery error, -ETIMEDOUT when the
 * device did not give the entry back (in time, or before the command
 * interface was stopped): the chains then belong to the abandoned slot.
 */
static int cx4_cmd_post_wait(struct cx4_core *core, const void *in,
			     struct cx4_msg *min, void *out,
			     struct cx4_msg *mout, bool held)
{
	struct cx4_cmdq *cmdq = &core->cmdq;
	u16 opcode = CX4_GET(CMD_IN, in, OPCODE);
	u16 op_mod = CX4_GET(CMD_IN, in, OP_MOD);
	struct cx4_cmd_slot *slot;
	bool events;
	u8 token, ds;
	u32 idx;
	int err;

	slot = cx4_cmdq_slot_get(cmdq, held, &idx, &token);
	if (!slot)
		return -EIO;
	events = READ_ONCE(cmdq->use_events);
	cx4_cmdq_entry_build(slot->entry, min, mout, in, token);
	cx4_msg_link(min, token, true);
	cx4_msg_link(mout, token, false);
	/* iowrite32be orders the writes above before the doorbell. */
	cx4_iseg_write(core, CX4_INIT_OFF_CMD_DBELL, BIT(idx));

	err = cx4_cmd_wait(core, slot, idx, opcode, events);
	if (err) {
		cx4_cmdq_slot_abandon(cmdq, held, slot, min, mout);
		cx4_cmd_log_timeout(core, opcode, op_mod, err);
		/* Not stopped by health: only a recovery revives the queue. */
		if (err == -ETIMEDOUT && cmdq->timed_out)
			cmdq->timed_out(core);
		return -ETIMEDOUT;
	}

	ds = CX4_GET(CMDQ, slot->entry, STATUS);
	if (ds == CX4_CMDQ_DS_OK)
		cx4_msg_read(mout, CX4_ADDR(CMDQ, slot->entry, OUT_INLINE),
			     out);
	cx4_cmdq_slot_put(cmdq, held, idx);

	if (ds != CX4_CMDQ_DS_OK) {
		cx4_err_rl(core,
			   "%s(0x%x) op_mod 0x%x not delivered: %s (0x%x)\n",
			   cx4_cmd_opcode_name(opcode), opcode, op_mod,
			   cx4_cmd_delivery_name(ds), ds);
		return -EIO;
	}
	return 0;
}

static int cx4_cmd_check_status(struct cx4_core *core, const void *in,
				const void *out, unsigned int flags)
{
	u8 status = CX4_GET(CMD_OUT, out, STATUS);
	u16 opcode = CX4_GET(CMD_IN, in, OPCODE);

	if (status == CX4_CMD_STAT_OK)
		return 0;
	if (!(flags & CX4_CMD_QUIET_BAD_OP) || status != CX4_CMD_STAT_BAD_OP)
		cx4_err_rl(core,
			   "%s(0x%x) op_mod 0x%x failed: %s (0x%x), syndrome 0x%08x\n",
			   cx4_cmd_opcode_name(opcode), opcode,
			   CX4_GET(CMD_IN, in, OP_MOD),
			   cx4_cmd_status_name(status), status,
			   CX4_GET(CMD_OUT, out, SYNDROME));
	return cx4_cmd_status_errno(status);
}

/* The single execution path of every command. */
int __cx4_cmd_exec(struct cx4_core *core, const void *in, size_t in_len,
		   void *out, size_t out_len, unsigned int flags)
{
	struct cx4_cmdq *cmdq = &core->cmdq;
	bool alone = flags & CX4_CMD_ALONE;
	struct cx4_msg min, mout;
	int err;

	might_sleep();
	/*
	 * Some lengths derive from device capabilities (address lists, PAS
	 * lists): a bad one is an error for the caller, not a warning.
	 */
	if (in_len < CX4_CMD_HDR_SIZE || in_len > CX4_CMD_MAX_LEN ||
	    out_len < CX4_CMD_HDR_SIZE || out_len > CX4_CMD_MAX_LEN) {
		dev_err_ratelimited(core->dev,
				    "command 0x%x: lengths in %zu out %zu outside %u..%u, not sent\n",
				    in_len >= CX4_CMD_HDR_SIZE ?
				    CX4_GET(CMD_IN, in, OPCODE) : 0,
				    in_len, out_len, CX4_CMD_HDR_SIZE,
				    (u32)CX4_CMD_MAX_LEN);
		return -EINVAL;
	}
	if (cx4_cmdq_hung(cmdq))
		return -EIO;

	err = cx4_msg_alloc(cmdq, &min, in_len);
	if (err)
		return err;
	err = cx4_msg_alloc(cmdq, &mout, out_len);
	if (err)
		goto out_free_in;

	if (alone)
		cx4_cmdq_hold_all(cmdq);
	err = cx4_cmd_post_wait(core, in, &min, out, &mout, alone);
	if (alone)
		cx4_cmdq_release_all(cmdq);
	if (err == -ETIMEDOUT)
		return err;	/* the chains now belong to the hung slot */
	if (!err)
		err = cx4_cmd_check_status(core, in, out, flags);
	/* Refused, not abandoned (health already has that): reset. */
	if (err && !cx4_cmdq_hung(cmdq) && cmdq->release_refused &&
	    cx4_cmd_is_release(cx4_get(in, CX4_CMD_IN_OPCODE)))
		cmdq->release_refused(core);

	cx4_msg_free(cmdq, &mout);
out_free_in:
	cx4_msg_free(cmdq, &min);
	return err;
}

int cx4_cmd_exec(struct cx4_core *core, const void *in, size_t in_len,
		 void *out, size_t out_len)
{
	return __cx4_cmd_exec(core, in, in_len, out, out_len, 0);
}

/* --- queue creation ---------------------------------------------------- */

/* Check the queue geometry the device reports (Table 8). */
static int cx4_cmdq_check_geometry(struct cx4_core *core, u32 log_size,
				   u32 log_stride)
{
	if ((1u << log_stride) < CX4_CMDQ_ENTRY_SIZE ||
	    (1u << log_size) > CX4_CMDQ_MAX_SLOTS ||
	    log_size + log_stride > CX4_PAGE_SHIFT) {
		dev_err(core->dev,
			"unusable command queue geometry: log_cmdq_size %u log_cmdq_stride %u\n",
			log_size, log_stride);
		return -EIO;
	}
	return 0;
}

/* Slot bookkeeping of a queue of nslots entries at buf (also KUnit). */
void cx4_cmdq_init_slots(struct cx4_cmdq *cmdq)
{
	u32 i;

	for (i = 0; i < cmdq->nslots; i++) {
		cmdq->slots[i].entry = (u8 *)cmdq->buf + i * cmdq->stride;
		init_completion(&cmdq->slots[i].done);
	}
	cmdq->free_mask = GENMASK(cmdq->nslots - 1, 0);
	sema_init(&cmdq->slots_sem, cmdq->nslots);
	spin_lock_init(&cmdq->lock);
	cmdq->use_events = false;
	atomic_set(&cmdq->stats.events, 0);
	atomic_set(&cmdq->stats.lost_events, 0);
	atomic_set(&cmdq->stats.spurious, 0);
	atomic_set(&cmdq->stats.bad_vector, 0);
}

/*
 * Allocate the queue page and the mailbox pool and tell the device where
 * the queue is (PRM 8.2: high dword first, nic_interface and the log fields
 * written as zero).
 */
/* Command completion EQEs (eq.c): the slots of the vector complete. */
static bool cx4_cmdq_event(struct cx4_eq *eq, const void *eqe)
{
	struct cx4_core *core = eq->core;
	u32 vector = CX4_GET(EQE, eqe, CMD_VECTOR);

	if (!cx4_cmdq_dispatch_vector(&core->cmdq, vector)) {
		eq->bad++;
		atomic_inc(&core->eqs.bad_eqes);
		cx4_err_rl(core,
			   "EQ %u: command completion for slots 0x%08x, the queue has %u; %d bad EQEs so far\n",
			   eq->eqn, vector, core->cmdq.nslots,
			   atomic_read(&core->eqs.bad_eqes));
	}
	return true;
}

static const struct cx4_eq_sub cx4_cmdq_eq_sub = {
	.event = cx4_cmdq_event,
};

int cx4_cmdq_create(struct cx4_core *core)
{
	struct cx4_cmdq *cmdq = &core->cmdq;
	u32 log_size = cx4_iseg_get(core, CX4_INIT_LOG_CMDQ_SIZE);
	u32 log_stride = cx4_iseg_get(core, CX4_INIT_LOG_CMDQ_STRIDE);
	int err;

	/* Before the EQs exist: completions in event mode come through it. */
	cx4_eq_subscribe(core, CX4_EVENT_CMD_COMPLETION, &cx4_cmdq_eq_sub);
	err = cx4_cmdq_check_geometry(core, log_size, log_stride);
	if (err)
		return err;
	cmdq->nslots = 1u << log_size;
	cmdq->stride = 1u << log_stride;
	cmdq->hung = false;

	cmdq->buf = dma_alloc_coherent(core->dev, CX4_PAGE_SIZE, &cmdq->dma,
				       GFP_KERNEL);
	if (!cmdq->buf)
		return -ENOMEM;
	if (cmdq->dma & (CX4_PAGE_SIZE - 1)) {
		dev_err(core->dev, "command queue page not 4 KB aligned\n");
		err = -ENOMEM;
		goto err_free_page;
	}

	cmdq->pool = dma_pool_create("cx4_cmd_mbox", core->dev, CX4_MBOX_SIZE,
				     CX4_MBOX_ALIGN, 0);
	if (!cmdq->pool) {
		err = -ENOMEM;
		goto err_free_page;
	}
	cx4_cmdq_init_slots(cmdq);

	cx4_iseg_write(core, CX4_INIT_OFF_CMDQ_ADDR_H, upper_32_bits(cmdq->dma));
	cx4_iseg_write(core, CX4_INIT_OFF_CMDQ_ADDR_L, lower_32_bits(cmdq->dma));
	return 0;

err_free_page:
	dma_free_coherent(core->dev, CX4_PAGE_SIZE, cmdq->buf, cmdq->dma);
	cmdq->buf = NULL;
	return err;
}

/*
 * Free the queue.  When the device hung, the caller has reset the function
 * first (or set core->dma_unsafe, in which case the memory is leaked).
 */
void cx4_cmdq_destroy(struct cx4_core *core)
{
	struct cx4_cmdq *cmdq = &core->cmdq;
	u32 i;

	if (core->dma_unsafe) {
		dev_warn(core->dev, "leaking command queue DMA memory of a hung device\n");
		return;
	}
	for (i = 0; i < cmdq->nslots; i++) {
		cx4_msg_free(cmdq, &cmdq->slots[i].in);
		cx4_msg_free(cmdq, &cmdq->slots[i].out);
	}
	dma_pool_destroy(cmdq->pool);
	dma_free_coherent(core->dev, CX4_PAGE_SIZE, cmdq->buf, cmdq->dma);
	cmdq->buf = NULL;
	cmdq->pool = NULL;
	cmdq->hung = false;
}

/* --- helpers for the simplest commands ------------------------------------- */

/* A command whose input is the header and whose output is 16 bytes. */
int cx4_cmd_simple(struct cx4_core *core, u16 opcode)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, opcode);
	return cx4_cmd(core, in, out);
}

/*
 * An ALLOC_* command whose output is a 24-bit object number at 0x08
 * (ALLOC_UAR, ALLOC_PD, ALLOC_TRANSPORT_DOMAIN).
 */
int cx4_cmd_alloc_obj(struct cx4_core *core, u16 opcode, u32 fld, u32 *id)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};
	int err;

	CX4_SET(CMD_IN, in, OPCODE, opcode);
	err = cx4_cmd(core, in, out);
	if (!err)
		*id = cx4_get(out, fld);
	return err;
}

/* The matching DEALLOC_*: the object number at 0x08 of the input. */
int cx4_cmd_dealloc_obj(struct cx4_core *core, u16 opcode, u32 fld, u32 id)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, opcode);
	cx4_set(in, fld, id);
	return cx4_cmd(core, in, out);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 command interface internals (PRM 7.14): command queue, mailbox
 * chains, status decoding.
 */
#ifndef _CX4_CORE_CMD_H
#define _CX4_CORE_CMD_H

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/semaphore.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/cx4/prm_cmd.h>

struct cx4_core;
struct dma_pool;

/*
 * Largest message (input or output) the driver builds: the inline part of
 * the entry plus 64 mailbox blocks, 32 KB.  The PRM puts no limit on a
 * chain; this one bounds what a caller can make the driver allocate.
 */
#define CX4_CMD_MAX_BLOCKS	64
#define CX4_CMD_MAX_LEN		(CX4_CMDQ_INLINE_SIZE + \
				 CX4_CMD_MAX_BLOCKS * CX4_MBOX_DATA_SIZE)
/* The doorbell vector is one dword: at most 32 commands in the queue. */
#define CX4_CMDQ_MAX_SLOTS	32

/* One mailbox block (CX4_MBOX_SIZE bytes, CX4_MBOX_ALIGN aligned). */
struct cx4_mbox {
	void *buf;
	dma_addr_t dma;
};

/*
 * A command input or output message: the first CX4_CMDQ_INLINE_SIZE bytes
 * live in the entry, the rest in a chain of @nblocks mailbox blocks.
 */
struct cx4_msg {
	u32 len;
	u32 nblocks;
	struct cx4_mbox *blocks;
};

/* A command queue entry and the message chains posted with it. */
struct cx4_cmd_slot {
	void *entry;
	struct cx4_msg in;
	struct cx4_msg out;
	/*
	 * Event mode: completed from the command completion EQE that names
	 * this slot.  Only a hint -- the waiter always confirms with the
	 * ownership bit of @entry, so a late or duplicated event cannot end
	 * the wait of the next command in the slot, and a lost one only
	 * delays it by one CX4_CMD_EVENT_STEP_MS step.
	 */
	struct completion done;
};

/* Bound of one event-mode sleep before the ownership bit is re-checked. */
#define CX4_CMD_EVENT_STEP_MS	100

/* Event-level counters of the command interface (debugfs, tests). */
struct cx4_cmdq_stats {
	atomic_t events;		/* command completion EQEs */
	atomic_t lost_events;		/* completions found by polling */
	atomic_t spurious;		/* event for a free slot */
	atomic_t bad_vector;		/* event naming a slot we do not have */
};

struct cx4_cmdq {
	void *buf;			/* the 4 KB queue page */
	dma_addr_t dma;
	struct dma_pool *pool;		/* mailbox blocks */
	u32 nslots;			/* 1 << log_cmdq_size */
	u32 stride;			/* 1 << log_cmdq_stride */
	/* Counts free slots; held (down) by each command in flight. */
	struct semaphore slots_sem;
	/*
	 * Protects free_mask and token; taken from the control EQ's interrupt
	 * handler too (event dispatch), so always with interrupts off.
	 */
	spinlock_t lock;
	unsigned long free_mask;
	u8 token;
	/*
	 * Completions are reported by EQE (true) or found by polling the
	 * ownership bit (false).  Changed only while every slot is held
	 * (cx4_cmdq_use_events()), read with READ_ONCE at posting time.
	 */
	bool use_events;
	struct cx4_cmdq_stats stats;
	/*
	 * Set (under lock) when a command timed out: the device may still own
	 * that slot and write to its mailboxes, so they stay allocated (in the
	 * slot) and no further command is posted.  Cleared only by
	 * cx4_cmdq_destroy(), after the function was reset.  Also read without
	 * the lock (READ_ONCE) to fail commands early.
	 */
	bool hung;
	/*
	 * Called (process context) when a command timed out, so that the
	 * layer above (health.c) takes the device as dead; set at probe,
	 * before any command.
	 */
	void (*timed_out)(struct cx4_core *core);
	/*
	 * Called (process context) when the device refused a release
	 * (cx4_cmd_is_release()): it keeps an object the driver no longer
	 * tracks, and health.c has the function reset; set at probe.
	 */
	void (*release_refused)(struct cx4_core *core);
	struct cx4_cmd_slot slots[CX4_CMDQ_MAX_SLOTS];
};

/* Flags of __cx4_cmd_exec(). */
#define CX4_CMD_QUIET_BAD_OP	BIT(0)	/* BAD_OP is an expected answer: not logged */
/*
 * Post the command into an otherwise empty queue: every slot is held
 * while it runs (PRM 7.14.1: the CREATE_EQ that maps command completions
 * is posted alone).
 */
#define CX4_CMD_ALONE		BIT(1)

int __cx4_cmd_exec(struct cx4_core *core, const void *in, size_t in_len,
		   void *out, size_t out_len, unsigned int flags);

int cx4_cmdq_create(struct cx4_core *core);
void cx4_cmdq_destroy(struct cx4_core *core);
void cx4_cmdq_use_events(struct cx4_core *core, bool on);
void cx4_cmdq_stop(struct cx4_core *core);

/*
 * The simplest commands: header-only input with a 16-byte output;
 * ALLOC_* whose output is an object number in field @fld, and the
 * DEALLOC_* taking it back in input field @fld.
 */
int cx4_cmd_simple(struct cx4_core *core, u16 opcode);
int cx4_cmd_alloc_obj(struct cx4_core *core, u16 opcode, u32 fld, u32 *id);
int cx4_cmd_dealloc_obj(struct cx4_core *core, u16 opcode, u32 fld, u32 id);

static inline bool cx4_cmdq_hung(struct cx4_cmdq *cmdq)
{
	return READ_ONCE(cmdq->hung);
}

/* Device independent parts, also used by the KUnit tests. */
void cx4_cmdq_init_slots(struct cx4_cmdq *cmdq);
struct cx4_cmd_slot *cx4_cmdq_slot_get(struct cx4_cmdq *cmdq, bool held,
				       u32 *idx, u8 *token);
void cx4_cmdq_slot_put(struct cx4_cmdq *cmdq, bool held, u32 idx);
void cx4_cmdq_hold_all(struct cx4_cmdq *cmdq);
void cx4_cmdq_release_all(struct cx4_cmdq *cmdq);
bool cx4_cmdq_dispatch_vector(struct cx4_cmdq *cmdq, u32 vector);
void cx4_msg_write(const struct cx4_msg *msg, void *inline_buf,
		   const void *data);
void cx4_msg_read(const struct cx4_msg *msg, const void *inline_buf,
		  void *data);
void cx4_msg_link(struct cx4_msg *msg, u8 token, bool input);
void cx4_cmdq_entry_build(void *entry, const struct cx4_msg *in,
			  const struct cx4_msg *out, const void *in_data,
			  u8 token);
u8 cx4_cmdq_next_token(u8 prev);
int cx4_cmd_status_errno(u8 status);
const char *cx4_cmd_status_name(u8 status);
const char *cx4_cmd_delivery_name(u8 status);
const char *cx4_cmd_opcode_name(u16 opcode);
bool cx4_cmd_is_release(u16 opcode);

#endif /* _CX4_CORE_CMD_H */

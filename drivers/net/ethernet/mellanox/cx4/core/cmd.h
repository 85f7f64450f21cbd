/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 command interface internals (PRM 7.14): command queue, mailbox
 * chains, status decoding.
 */
#ifndef _CX4_CORE_CMD_H
#define _CX4_CORE_CMD_H

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
	 * Event mode (a later issue) adds a struct completion here, completed
	 * from the command completion EQE for this slot; polling mode waits on
	 * the ownership bit of @entry instead.
	 */
};

struct cx4_cmdq {
	void *buf;			/* the 4 KB queue page */
	dma_addr_t dma;
	struct dma_pool *pool;		/* mailbox blocks */
	u32 nslots;			/* 1 << log_cmdq_size */
	u32 stride;			/* 1 << log_cmdq_stride */
	/* Counts free slots; held (down) by each command in flight. */
	struct semaphore slots_sem;
	/* Protects free_mask and token. */
	spinlock_t lock;
	unsigned long free_mask;
	u8 token;
	/*
	 * Set (under lock) when a command timed out: the device may still own
	 * that slot and write to its mailboxes, so they stay allocated (in the
	 * slot) and no further command is posted.  Cleared only by
	 * cx4_cmdq_destroy(), after the function was reset.  Also read without
	 * the lock (READ_ONCE) to fail commands early.
	 */
	bool hung;
	struct cx4_cmd_slot slots[CX4_CMDQ_MAX_SLOTS];
};

/* Flags of __cx4_cmd_exec(). */
#define CX4_CMD_QUIET_BAD_OP	BIT(0)	/* BAD_OP is an expected answer: not logged */

int __cx4_cmd_exec(struct cx4_core *core, const void *in, size_t in_len,
		   void *out, size_t out_len, unsigned int flags);

int cx4_cmdq_create(struct cx4_core *core);
void cx4_cmdq_destroy(struct cx4_core *core);

static inline bool cx4_cmdq_hung(struct cx4_cmdq *cmdq)
{
	return READ_ONCE(cmdq->hung);
}

/* Device independent parts, also used by the KUnit tests. */
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

#endif /* _CX4_CORE_CMD_H */

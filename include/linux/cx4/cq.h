/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 core API, hot path: polling a completion queue (PRM 7.12.3).
 *
 * include/linux/cx4/core.h is the control path of a CQ (create, destroy,
 * moderation, arming: calls into the core).  This header is the part
 * that runs once per CQE in en/'s NAPI poll -- cx4_cq_peek(),
 * cx4_cq_pop(), a compressed session's cx4_cq_peek_at() and
 * cx4_cq_pop_n() and, once per poll, cx4_cq_update_ci() -- inline, and
 * so it shows the one part of a CQ those need: its ring (struct
 * cx4_cq_ring).  The core fills the ring at cx4_cq_create() and never
 * changes it while the CQ lives; the CQ's one poller moves @ci, through
 * these functions only.  Everything else of a CQ stays the core's
 * (core/core.h), which en/ never includes.
 *
 * The device is not trusted: cx4_cq_peek() only hands over an entry
 * whose owner byte says software owns it; the caller copies the CQE once
 * and checks the copy before using any field of it.
 */
#ifndef _LINUX_CX4_CQ_H
#define _LINUX_CX4_CQ_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/barrier.h>
#include <asm/byteorder.h>
#include <linux/cx4/prm_swif.h>

struct cx4_cq;

/**
 * struct cx4_cq_ring - the ring of a CQ, as its poller sees it
 * @buf: 2^@log_size CQEs of CX4_CQE_SIZE bytes (DMA-coherent), followed
 *	by the doorbell record
 * @dbr: the doorbell record (PRM Table 70)
 * @ci: consumer counter; only the CQ's one poller changes it
 * @log_size: log2 of the number of CQEs
 *
 * The first member of the core's struct cx4_cq (checked there), so that
 * cx4_cq_ring() needs no call into the core.
 */
struct cx4_cq_ring {
	u8 *buf;
	__be32 *dbr;
	u32 ci;
	u32 log_size;
};

static inline struct cx4_cq_ring *cx4_cq_ring(struct cx4_cq *cq)
{
	return (struct cx4_cq_ring *)cq;
}

/*
 * Is the CQE at consumer counter @ci of a ring of 2^@log_size entries
 * software owned and valid (PRM 7.12.3: owner bit, opcode not 0xf)?
 * Reads the owner byte once.
 */
static inline bool cx4_cqe_owned_by_sw(const void *cqe, u32 ci, u32 log_size)
{
	u8 b = READ_ONCE(((const u8 *)cqe)[CX4_CQE_OFF_OWNER_BYTE]);

	return (b & 1) == cx4_owner_bit(ci, log_size) &&
	       (b >> 4) != CX4_CQE_OP_INVALID;
}

/*
 * May the consumer at @ci take its CQE (no device access; KUnit)?  PRM
 * 7.12.3: the software owner value and an opcode other than 0xf, which
 * marks an entry the device has not written.  A device that writes an
 * entry with opcode 0xf and goes on to the next one would stall the CQ
 * for good: an invalid entry whose successor is software owned and valid
 * is handed over too, for the consumer's opcode check to reject.
 */
static inline bool cx4_cq_ring_ready(const void *ring, u32 ci, u32 log_size)
{
	u32 mask = (1u << log_size) - 1;
	const u8 *cqe = (const u8 *)ring + (ci & mask) * CX4_CQE_SIZE;
	u8 b = READ_ONCE(cqe[CX4_CQE_OFF_OWNER_BYTE]);

	if ((b & 1) != cx4_owner_bit(ci, log_size))
		return false;
	if (likely((b >> 4) != CX4_CQE_OP_INVALID))
		return true;
	/* A ring of one entry has no successor to look at. */
	return mask && cx4_cqe_owned_by_sw((const u8 *)ring +
					   ((ci + 1) & mask) * CX4_CQE_SIZE,
					   ci + 1, log_size);
}

/*
 * Polling, by one poller at a time (NAPI):
 * cx4_cq_peek() returns the CQE at the consumer index if software owns
 * it (ownership bit, PRM 7.12.2; read barrier done), else NULL;
 * cx4_cq_pop() consumes it; cx4_cq_update_ci() publishes the consumer
 * index in the doorbell record.  cx4_cq_arm() (core.h) requests an event
 * for the next completion.
 */
static inline const void *cx4_cq_peek(struct cx4_cq *cq)
{
	const struct cx4_cq_ring *r = cx4_cq_ring(cq);
	u32 ci = r->ci;

	if (!cx4_cq_ring_ready(r->buf, ci, r->log_size))
		return NULL;
	/* Read the rest of the CQE only after its owner byte. */
	dma_rmb();
	return r->buf + (ci & ((1u << r->log_size) - 1)) * CX4_CQE_SIZE;
}

static inline void cx4_cq_pop(struct cx4_cq *cq)
{
	cx4_cq_ring(cq)->ci++;
}

static inline void cx4_cq_update_ci(struct cx4_cq *cq)
{
	struct cx4_cq_ring *r = cx4_cq_ring(cq);

	/* The CQEs are read before the device may overwrite them. */
	mb();
	WRITE_ONCE(r->dbr[CX4_CQ_DBR_CI_IDX],
		   cpu_to_be32(r->ci & CX4_MAX(CQ_DBR, UPDATE_CI)));
}

/*
 * CQE compression (@compress at creation): a title CQE (cqe_format 3)
 * that cx4_cq_peek() returned stands for its session's N entries (N from
 * the title, checked by the caller against the CQ size and the
 * capability's maximum).  cx4_cq_peek_at() returns the entry @k after the
 * consumer index (0 < @k < N) without an ownership check: the device
 * writes a session's mini CQE arrays before its title.  cx4_cq_pop_n()
 * consumes the @n entries from the consumer index and gives those after
 * the first back as hardware owned for the next pass of the ring (the
 * device writes only some of them, and mini CQE arrays overwrite the
 * owner byte): what cx4_cq_ring_init() gave them, with the owner value
 * of this pass, so that to the consumer of the next pass they are the
 * device's until it writes them (PRM 7.12.3.1).  Both by the one poller,
 * before cx4_cq_update_ci().
 */
static inline const void *cx4_cq_peek_at(struct cx4_cq *cq, u32 k)
{
	const struct cx4_cq_ring *r = cx4_cq_ring(cq);

	return r->buf + ((r->ci + k) & ((1u << r->log_size) - 1)) *
	       CX4_CQE_SIZE;
}

static inline void cx4_cq_pop_n(struct cx4_cq *cq, u32 n)
{
	struct cx4_cq_ring *r = cx4_cq_ring(cq);
	u8 hw = CX4_CQE_OP_INVALID << CX4_FLD_LSB(CX4_CQE_OPCODE);
	u8 *last = r->buf + CX4_CQE_OFF_OWNER_BYTE;
	u32 mask = (1u << r->log_size) - 1, k;

	/* Opcode and owner share the entry's last byte: one store each. */
	static_assert(CX4_FLD_OFF(CX4_CQE_OPCODE) + 3 == CX4_CQE_OFF_OWNER_BYTE &&
		      CX4_FLD_OFF(CX4_CQE_OWNER) + 3 == CX4_CQE_OFF_OWNER_BYTE &&
		      CX4_FLD_MSB(CX4_CQE_OPCODE) < 8);
	for (k = r->ci + 1; k != r->ci + n; k++)
		WRITE_ONCE(last[(k & mask) * CX4_CQE_SIZE],
			   hw | cx4_owner_bit(k, r->log_size) <<
				CX4_FLD_LSB(CX4_CQE_OWNER));
	r->ci += n;
}

#endif /* _LINUX_CX4_CQ_H */

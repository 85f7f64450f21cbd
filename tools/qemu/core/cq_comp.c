/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * CQE compression (PRM 7.12: CQ context cqe_compression_en and
 * mini_cqe_res_format, CQE cqe_format 3), in the layout of ConnectX-4
 * firmware described in include/linux/cx4/prm_swif.h: a session of N
 * receive completions of one RQ is written as one title CQE plus mini
 * CQE arrays, taking N CQ entries.
 *
 * A session collects completions while the CQ is not armed (the driver
 * is polling): receive completions (RESP_SEND, no LRO, no SE, no drop
 * count) whose bytes equal the first one's except the byte count, the
 * checksum, the RX hash result, the timestamp (a member reports the
 * title's, as mini CQEs carry none) and a wqe_counter one past the previous.
 * It is written when a completion does not fit, when it reaches
 * CX4DEV_CQZ_MAX or the free entries of the CQ, on an arm doorbell, on
 * QUERY_CQ / MODIFY_CQ, and CX4DEV_CQZ_TIMEOUT_NS after it opened (device
 * timer), so a polling driver always sees it.  A completion arriving on
 * an armed CQ is written at once (no session), so events are not
 * delayed.  A session of one is written as a plain CQE.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

/* Could @cqe be part of a session at all? */
static bool cx4dev_cqz_candidate(const uint8_t *cqe)
{
	return CX4_GET(CQE, cqe, OPCODE) == CX4_CQE_OP_RESP_SEND &&
	       CX4_GET(CQE, cqe, FORMAT) == 0 && !CX4_GET(CQE, cqe, SE) &&
	       !CX4_GET(CQE, cqe, LRO_NUM_SEG) && !CX4_GET(CQE, cqe, RX_DROP_COUNTER);
}

/* Does @cqe continue the session whose title is @t, @n completions long? */
static bool cx4dev_cqz_matches(const struct cx4dev_cqz *z, const uint8_t *cqe)
{
	uint8_t a[CX4_CQE_SIZE], b[CX4_CQE_SIZE];

	if (CX4_GET(CQE, cqe, WQE_COUNTER) !=
	    ((CX4_GET(CQE, z->title, WQE_COUNTER) + z->n) & 0xffff))
		return false;
	memcpy(a, z->title, sizeof(a));
	memcpy(b, cqe, sizeof(b));
	for (int i = 0; i < 2; i++) {
		uint8_t *c = i ? b : a;

		CX4_SET(CQE, c, BYTE_CNT, 0);
		CX4_SET(CQE, c, CHECKSUM, 0);
		CX4_SET(CQE, c, RX_HASH_RESULT, 0);
		CX4_SET(CQE, c, WQE_COUNTER, 0);
		CX4_SET64(CQE, c, TIMESTAMP, 0);	/* members carry the title's */
		c[CX4_CQE_OFF_SIG_BYTE] = 0;
		c[CX4_CQE_OFF_OWNER_BYTE] = 0;
	}
	return !memcmp(a, b, sizeof(a));
}

static void cx4dev_cqz_mini(const struct cx4dev_cq *cq, const uint8_t *cqe, uint8_t *mini)
{
	memset(mini, 0, CX4_MINI_CQE_SIZE);
	if (cq->mini_fmt == CX4_MINI_CQE_FMT_CSUM)
		CX4_SET(MINI_CQE, mini, CHECKSUM, CX4_GET(CQE, cqe, CHECKSUM));
	else
		CX4_SET(MINI_CQE, mini, RX_HASH_RESULT, CX4_GET(CQE, cqe, RX_HASH_RESULT));
	CX4_SET(MINI_CQE, mini, BYTE_CNT, CX4_GET(CQE, cqe, BYTE_CNT));
}

/* Write the open session of @cq (if any) to the CQ. */
void cx4dev_cqz_close(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq)
{
	struct cx4dev_cqz *z = cq->z;
	uint32_t size = 1u << cq->log_size, n;
	uint8_t title[CX4_CQE_SIZE];

	if (!z || !z->n)
		return;
	n = z->n;
	z->n = 0;
	cq->z_deadline = 0;
	if (n == 1) {
		cx4dev_cq_write(dev, cqn, cq, z->title, 1);
		return;
	}
	/* Mini CQE arrays first, the title (with its owner byte) last. */
	for (uint32_t i = 0; i < n; i += CX4_MINI_CQE_PER_CQE) {
		uint32_t idx = (cq->pc + cx4_mini_cqe_entry(i)) & (size - 1);

		if (cx4dev_cq_entry_write(dev, cqn, cq, idx, z->mini + i * CX4_MINI_CQE_SIZE))
			return;
	}
	memcpy(title, z->title, sizeof(title));
	CX4_SET(CQE, title, FORMAT, CX4_CQE_FORMAT_COMPRESSED);
	CX4_SET(CQE, title, COMPRESSED_COUNT, n);
	CX4_SET(CQE, title, CHECKSUM, 0);
	if (cq->mini_fmt == CX4_MINI_CQE_FMT_CSUM)	/* the first's hash stays */
		CX4_SET(CQE, title, RX_HASH_RESULT, CX4_GET(CQE, z->title, RX_HASH_RESULT));
	dev->cqz_sessions++;
	dev->cqz_cqes += n;
	cx4dev_cq_write(dev, cqn, cq, title, n);
}

/*
 * Completion @cqe for @cq: absorbed into a session (true), or the caller
 * writes it now (false; any open session has been written first).
 */
bool cx4dev_cqz_add(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq, const uint8_t *cqe)
{
	uint32_t size = 1u << cq->log_size, used = (cq->pc - cq->ci) & CX4_QUEUE_COUNTER_MASK;
	struct cx4dev_cqz *z = cq->z;

	if (!cq->comp)
		return false;
	if (!z) {
		z = calloc(1, sizeof(*z));
		if (!z)
			return false;
		cq->z = z;
	}
	if (z->n && cx4dev_cqz_candidate(cqe) && cx4dev_cqz_matches(z, cqe) &&
	    z->n < CX4DEV_CQZ_MAX && used + z->n + 1 <= size) {
		cx4dev_cqz_mini(cq, cqe, z->mini + z->n * CX4_MINI_CQE_SIZE);
		z->n++;
		return true;
	}
	cx4dev_cqz_close(dev, cqn, cq);
	if (!cx4dev_cqz_candidate(cqe) || cq->st != CX4_CQC_ST_FIRED ||
	    cq->status != CX4_CQC_STATUS_OK)
		return false;
	memcpy(z->title, cqe, CX4_CQE_SIZE);
	cx4dev_cqz_mini(cq, cqe, z->mini);
	z->n = 1;
	cq->z_deadline = cx4dev_now(dev) + CX4DEV_CQZ_TIMEOUT_NS;
	cx4dev_timer_update(dev);
	return true;
}

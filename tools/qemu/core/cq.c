/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Completion queues: PRM 7.12 (CQ buffer, CQE ownership, doorbell record,
 * request completion notification, CQ context) and the CQ commands of
 * 12.7.  CQEs come from cx4dev_cqe_post(): the SQ/RQ engines (eth_tx.c,
 * eth_rx.c, eth_lro.c), the host, or the debug page.
 *
 * Event state (7.12.4): a CQ is created fired (not armed).  An arm
 * doorbell (ARM_NEXT or ARM_SOLICITED) arms it unless its cmd_sn is the
 * one of the arm that last fired; an armed CQ posts a completion event
 * (EQE type 0, cqn) to its EQ on the next (solicited) CQE, or at once if
 * such CQEs are already there unconsumed, and becomes fired.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"


static const uint32_t cx4dev_cq_pas_syn[3] = {
	CX4DEV_SYN_CQ_PAS_LEN, CX4DEV_SYN_CQ_PAS_ALIGN, CX4DEV_SYN_CQ_PAS_BAD
};

static struct cx4dev_cq *cx4dev_cq_get(const struct cx4dev *dev, uint32_t cqn)
{
	return cqn < dev->ncq_slots ? dev->cqs[cqn] : NULL;
}

static void cx4dev_cq_free(struct cx4dev *dev, uint32_t cqn)
{
	free(dev->cqs[cqn]->z);
	free(dev->cqs[cqn]->pas);
	free(dev->cqs[cqn]);
	dev->cqs[cqn] = NULL;
}

void cx4dev_cqs_reset(struct cx4dev *dev)
{
	for (uint32_t i = 0; i < dev->ncq_slots; i++)
		if (dev->cqs[i])
			cx4dev_cq_free(dev, i);
	free(dev->cqs);
	dev->cqs = NULL;
	dev->ncq_slots = 0;
}

size_t cx4dev_cqs_count(const struct cx4dev *dev)
{
	size_t n = 0;

	for (uint32_t i = 0; i < dev->ncq_slots; i++)
		n += dev->cqs[i] != NULL;
	return n;
}

/* Does a CQ use UAR @uar or report to EQ @eqn (UINT32_MAX: don't care)? */
bool cx4dev_cq_uses(const struct cx4dev *dev, uint32_t uar, uint32_t eqn)
{
	for (uint32_t i = 0; i < dev->ncq_slots; i++) {
		const struct cx4dev_cq *cq = dev->cqs[i];

		if (cq && (cq->uar == uar || cq->c_eqn == eqn))
			return true;
	}
	return false;
}

/* ---- events ---- */

static void cx4dev_cq_fire(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq)
{
	uint8_t eqe[CX4_EQE_SIZE] = { 0 };
	uint8_t eqn = (uint8_t)cq->c_eqn;

	cq->st = CX4_CQC_ST_FIRED;
	cq->mod_deadline = 0;
	if (cq->period_mode == 0)
		cq->period_start = cx4dev_now(dev);	/* upon_event */
	cq->fired_sn = (int)cq->armed_sn;
	cq->last_notified = cq->pc;
	cq->solicit_pending = false;
	CX4_SET(EQE, eqe, COMP_CQN, cqn);
	/* Completion events go to the CQ's EQ (not through the event bitmask). */
	if (cq->c_eqn < CX4DEV_MAX_EQ && dev->eqs[cq->c_eqn].valid) {
		uint8_t saved = dev->event_eq[CX4_EVENT_COMPLETION];

		dev->event_eq[CX4_EVENT_COMPLETION] = eqn;
		cx4dev_event(dev, CX4_EVENT_COMPLETION, 0, eqe + CX4_EQE_OFF_EVENT_DATA);
		dev->event_eq[CX4_EVENT_COMPLETION] = saved;
	}
}

/*
 * An armed CQ has something to report (PRM 7.13.14): fire at once unless
 * moderated (cq_period != 0); then fire when cq_max_count completions are
 * pending or when the cq_period timer has expired, else at its expiry.
 * @brk: a solicited CQE on a CQ with scqe_break_moderation_en.
 */
static void cx4dev_cq_notify(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq, bool brk)
{
	uint32_t n = (cq->pc - cq->last_notified) & CX4_QUEUE_COUNTER_MASK;
	uint64_t due;

	if (!cq->cq_period || brk || (cq->cq_max_count && n >= cq->cq_max_count)) {
		cx4dev_cq_fire(dev, cqn, cq);
		return;
	}
	due = cq->period_start + (uint64_t)cq->cq_period * 1000u;
	if (cx4dev_now(dev) >= due) {
		cx4dev_cq_fire(dev, cqn, cq);
		return;
	}
	if (cq->mod_deadline != due) {
		cq->mod_deadline = due;
		cx4dev_timer_update(dev);
	}
}

/* Earliest moderated event deadline, CX4DEV_NO_DEADLINE if none. */
uint64_t cx4dev_cq_next_deadline(const struct cx4dev *dev)
{
	uint64_t next = CX4DEV_NO_DEADLINE;

	for (uint32_t i = 0; i < dev->ncq_slots; i++) {
		const struct cx4dev_cq *cq = dev->cqs[i];

		if (cq && cq->mod_deadline && cq->mod_deadline < next)
			next = cq->mod_deadline;
		if (cq && cq->z_deadline && cq->z_deadline < next)
			next = cq->z_deadline;
	}
	return next;
}

/* Device timer: post the moderated events that are due. */
void cx4dev_cq_timer(struct cx4dev *dev, uint64_t now)
{
	for (uint32_t i = 0; i < dev->ncq_slots; i++) {
		struct cx4dev_cq *cq = dev->cqs[i];

		if (cq && cq->z_deadline && now >= cq->z_deadline)
			cx4dev_cqz_close(dev, i, cq);	/* compression session due */
		if (!cq || !cq->mod_deadline || now < cq->mod_deadline)
			continue;
		cq->mod_deadline = 0;
		if ((cq->st == CX4_CQC_ST_ARMED && cq->pc != cq->last_notified) ||
		    (cq->st == CX4_CQC_ST_SOLICITED_ARMED && cq->solicit_pending))
			cx4dev_cq_fire(dev, i, cq);
	}
}

/*
 * The CQ goes to error (7.12.5): it takes no more CQEs until destroyed,
 * its SQs and RQs go to ERR (eth_obj.c) and a CQ error event is posted.
 */
static void cx4dev_cq_error(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq,
			    uint8_t syndrome)
{
	uint8_t eqe[CX4_EQE_SIZE] = { 0 };

	cq->status = syndrome == CX4_CQ_ERR_OVERRUN ? CX4_CQC_STATUS_CQ_OVERFLOW :
						      CX4_CQC_STATUS_CQ_WRITE_FAIL;
	/* The queues completing to it stop before the event is seen. */
	cx4dev_eth_cq_error(dev, cqn);
	CX4_SET(EQE, eqe, CQ_ERR_CQN, cqn);
	CX4_SET(EQE, eqe, CQ_ERR_SYNDROME, syndrome);
	if (!cx4dev_event(dev, CX4_EVENT_CQ_ERROR, 0, eqe + CX4_EQE_OFF_EVENT_DATA))
		cx4dev_logf(dev, "CQ 0x%x error not reported: CQ_ERROR not mapped to an EQ", cqn);
}

/* Debug page CQ_ERROR: cqn in bits 23:0, syndrome in 31:24 (0 = overrun). */
void cx4dev_cq_error_knob(struct cx4dev *dev, uint32_t val)
{
	uint32_t cqn = val & CX4_QUEUE_COUNTER_MASK;
	uint8_t syn = (uint8_t)(val >> 24);
	struct cx4dev_cq *cq = cx4dev_cq_get(dev, cqn);

	dev->knob_hits++;
	dev->knob_hit_since_reset = true;
	if (!cq) {
		cx4dev_logf(dev, "knob: CQ error for CQ 0x%x ignored: no such CQ", cqn);
		return;
	}
	cx4dev_logf(dev, "knob: CQ 0x%x error, syndrome %u", cqn, syn ? syn : CX4_CQ_ERR_OVERRUN);
	cx4dev_cq_error(dev, cqn, cq, syn ? syn : CX4_CQ_ERR_OVERRUN);
}

/* Bus address of CQ entry @idx. */
static uint64_t cx4dev_cq_entry_addr(const struct cx4dev_cq *cq, uint32_t idx)
{
	uint64_t off = (uint64_t)idx * CX4_CQE_SIZE;

	return cq->pas[off >> (CX4_PAGE_SHIFT + cq->log_page_size)] +
	       (off & (((uint64_t)CX4_PAGE_SIZE << cq->log_page_size) - 1));
}

/* Write 64 raw bytes to entry @idx (mini CQE arrays); -1: CQ in error. */
int cx4dev_cq_entry_write(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq, uint32_t idx,
			  const uint8_t *bytes)
{
	uint64_t addr = cx4dev_cq_entry_addr(cq, idx);

	if (!dev->ops->dma_write(dev->opaque, addr, bytes, CX4_CQE_SIZE))
		return 0;
	cx4dev_guest_error(dev, "CQ 0x%x: CQE %u at 0x%llx not writable by DMA", cqn, idx,
			   (unsigned long long)addr);
	cx4dev_cq_error(dev, cqn, cq, CX4_CQ_ERR_ACCESS_VIOLATION);
	return -1;
}

/*
 * Write CQE @in at the producer counter (owner bit, signature, owner byte
 * last), advance the counter by @nent entries (a compressed session takes
 * one per completion) and notify an armed CQ.
 */
void cx4dev_cq_write(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq, const uint8_t *in,
		     uint32_t nent)
{
	uint32_t size = 1u << cq->log_size, idx = cq->cc ? 0 : cq->pc & (size - 1);
	uint32_t pc = cq->pc;
	uint8_t cqe[CX4_CQE_SIZE], extra[CX4_CQE_SIZE];
	uint64_t addr = cx4dev_cq_entry_addr(cq, idx);

	memcpy(cqe, in, sizeof(cqe));
	CX4_SET(CQE, cqe, OWNER, cx4_owner_bit(cq->pc, cq->log_size));
	cx4_cqe_sign(cqe, idx);
	if (dev->ops->dma_write(dev->opaque, addr, cqe, CX4_CQE_OFF_OWNER_BYTE) ||
	    dev->ops->dma_write(dev->opaque, addr + CX4_CQE_OFF_OWNER_BYTE,
				cqe + CX4_CQE_OFF_OWNER_BYTE, 1)) {
		if (cx4dev_hostile_cqe_dma_fault(dev, addr))
			return;
		cx4dev_guest_error(dev, "CQ 0x%x: CQE %u at 0x%llx not writable by DMA", cqn, idx,
				   (unsigned long long)addr);
		cx4dev_cq_error(dev, cqn, cq, CX4_CQ_ERR_ACCESS_VIOLATION);
		return;
	}
	cq->pc = (cq->pc + nent) & CX4_QUEUE_COUNTER_MASK;
	if (cq->period_mode == 1)
		cq->period_start = cx4dev_now(dev);	/* upon_cqe */
	if (CX4_GET(CQE, cqe, SE)) {
		cq->last_solicit = cq->pc;
		cq->solicit_pending = true;
	}
	if (cq->st == CX4_CQC_ST_ARMED ||
	    (cq->st == CX4_CQC_ST_SOLICITED_ARMED && CX4_GET(CQE, cqe, SE)))
		cx4dev_cq_notify(dev, cqn, cq, cq->scqe_break && CX4_GET(CQE, cqe, SE));
	if (cx4dev_hostile_cqe_written(dev, cqn, cq, pc, addr, cqe, extra)) {
		cq->hostile_extra++;
		dev->hostile.in_extra = true;
		cx4dev_cq_write(dev, cqn, cq, extra, 1);
		dev->hostile.in_extra = false;
	}
}

int cx4dev_cqe_post(struct cx4dev *dev, uint32_t cqn, const uint8_t *cqe)
{
	struct cx4dev_cq *cq = cx4dev_cq_get(dev, cqn);
	uint8_t rec[4], in[CX4_CQE_SIZE];
	uint32_t size, ci = 0, pend;
	bool excusing = dev->hostile.excusing;

	if (!cq || cq->status != CX4_CQC_STATUS_OK)
		return -1;
	size = 1u << cq->log_size;
	/* The consumer counter is the doorbell record's update_ci (7.12.2). */
	if (!dev->ops->dma_read(dev->opaque, cq->dbr, rec, sizeof(rec)))
		ci = CX4_GET(CQ_DBR, rec, UPDATE_CI);
	cq->ci = ci;
	pend = cq->z ? cq->z->n : 0;	/* entries an open session will take */
	if (!cq->oi && ((cq->pc + pend - ci) & CX4_QUEUE_COUNTER_MASK) >= size) {
		/* Extra CQEs of hostile mode took entries the driver did not plan for. */
		dev->hostile.excusing = excusing || cq->hostile_extra;
		cx4dev_guest_error(dev, "CQ 0x%x overrun: producer %u, consumer %u, size %u "
				   "(driver did not poll / update the doorbell record)", cqn,
				   cq->pc + pend, ci, size);
		dev->hostile.excusing = excusing;
		cx4dev_cqz_close(dev, cqn, cq);
		cx4dev_cq_error(dev, cqn, cq, CX4_CQ_ERR_OVERRUN);
		return -1;
	}
	memcpy(in, cqe, sizeof(in));
	cx4dev_hostile_cqe(dev, cqn, in);
	if (cx4dev_cqz_add(dev, cqn, cq, in))
		return 0;
	if (cq->status != CX4_CQC_STATUS_OK)
		return -1;
	cx4dev_cq_write(dev, cqn, cq, in, 1);
	return cq->status == CX4_CQC_STATUS_OK ? 0 : -1;
}

/* ---- doorbell (UAR 0x20, Table 14) ---- */

void cx4dev_cq_doorbell(struct cx4dev *dev, uint32_t uar, uint32_t hi, uint32_t lo)
{
	uint8_t db[CX4_CQ_DB_SIZE];
	uint32_t cqn, sn, cmd, ci;
	struct cx4dev_cq *cq;

	cx4_wr32(db, 0, hi);
	cx4_wr32(db, sizeof(uint32_t), lo);
	cqn = CX4_GET(CQ_DB, db, CQN);
	sn = CX4_GET(CQ_DB, db, CMD_SN);
	cmd = CX4_GET(CQ_DB, db, CMD);
	ci = CX4_GET(CQ_DB, db, CQ_CI);
	cq = cx4dev_cq_get(dev, cqn);
	if (CX4_GET(CQ_DB, db, RSVD_0) || CX4_GET(CQ_DB, db, RSVD_1) ||
	    CX4_GET(CQ_DB, db, RSVD_2)) {
		cx4dev_guest_error(dev, "UAR %u: CQ doorbell 0x%08x_%08x has reserved bits set; "
				   "ignored", uar, hi, lo);
		return;
	}
	if (!cq) {
		cx4dev_guest_error(dev, "UAR %u: CQ doorbell for cqn 0x%x, but no such CQ exists",
				   uar, cqn);
		return;
	}
	if (cq->uar != uar) {
		cx4dev_guest_error(dev, "UAR %u: CQ doorbell for CQ 0x%x, which belongs to UAR %u "
				   "(PRM 7.2: doorbell on a UAR page that does not own the CQ); "
				   "ignored", uar, cqn, cq->uar);
		return;
	}
	if (cq->oi) {
		cx4dev_guest_error(dev, "CQ 0x%x: arm doorbell on a CQ with overrun ignore (Table "
				   "76: oi CQs must not be armed); ignored", cqn);
		return;
	}
	if (((ci - cq->ci) & CX4_QUEUE_COUNTER_MASK) > ((cq->pc - cq->ci) & CX4_QUEUE_COUNTER_MASK)) {
		cx4dev_guest_error(dev, "CQ 0x%x arm doorbell: consumer counter %u beyond producer "
				   "%u; ignored", cqn, ci, cq->pc);
		return;
	}
	cq->ci = ci;
	cx4dev_cqz_close(dev, cqn, cq);	/* a compression session ends at an arm */
	if (cq->fired_sn == (int)sn) {
		/* Already fired for this cmd_sn (7.12.4): no new notification. */
		return;
	}
	cq->armed_sn = sn;
	cq->st = cmd == CX4_CQ_DB_CMD_ARM_SOLICITED ? CX4_CQC_ST_SOLICITED_ARMED :
						      CX4_CQC_ST_ARMED;
	/* CQEs reported after the last event and not consumed: event now. */
	if (cq->pc != ci && cq->pc != cq->last_notified &&
	    (cq->st == CX4_CQC_ST_ARMED || cq->solicit_pending))
		cx4dev_cq_notify(dev, cqn, cq, false);
}

/* ---- commands (PRM 12.7) ---- */

static struct cx4dev_cq *cx4dev_cq_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					  uint32_t f, uint32_t *cqn)
{
	struct cx4dev_cq *cq;

	*cqn = cx4dev_in_get(cmd, f);
	cq = cx4dev_cq_get(dev, *cqn);
	if (!cq)
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_CQ_UNKNOWN,
			      "cqn 0x%x does not exist", *cqn);
	return cq;
}

static int cx4dev_cq_slot(struct cx4dev *dev, uint32_t *cqn)
{
	uint32_t log = CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], LOG_MAX_CQ);
	uint32_t max = log >= 12 ? CX4DEV_MAX_CQ : 1u << log;
	uint32_t i;

	for (i = 0; i < dev->ncq_slots && dev->cqs[i]; i++)
		;
	if (i >= max)
		return -1;
	if (i == dev->ncq_slots) {
		uint32_t n = dev->ncq_slots ? dev->ncq_slots * 2 : 16;
		struct cx4dev_cq **p = realloc(dev->cqs, n * sizeof(*p));

		if (!p)
			return -1;
		memset(p + dev->ncq_slots, 0, (n - dev->ncq_slots) * sizeof(*p));
		dev->cqs = p;
		dev->ncq_slots = n;
	}
	*cqn = i;
	return 0;
}

static bool cx4dev_cap(const struct cx4dev *dev, uint32_t f)
{
	return cx4_get(dev->caps.cur[CX4DEV_CAPI_GENERAL], f);
}

/* Context checks shared by CREATE_CQ; returns a status. */
static uint8_t cx4dev_cqc_check(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *cqc)
{
	uint32_t log_size = CX4_GET(CQC, cqc, LOG_CQ_SIZE);
	uint32_t max_sz = CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], LOG_MAX_CQ_SZ);
	uint64_t dbr = CX4_GET64(CQC, cqc, DBR_ADDR);
	uint32_t eqn = CX4_GET(CQC, cqc, C_EQN);
	uint8_t b[CX4_CQ_DBR_SIZE];

	if (log_size > max_sz)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_LOG_SIZE,
				     "log_cq_size %u > log_max_cq_sz %u", log_size, max_sz);
	if (CX4_GET(CQC, cqc, PAGE_OFFSET))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_PAGE_OFFSET,
				     "page_offset %u, must be 0", CX4_GET(CQC, cqc, PAGE_OFFSET));
	if (CX4_GET(CQC, cqc, CQE_SZ) > CX4_CQC_CQE_SZ_128)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE,
				     "cqe_sz %u (0: 64 B, 1: 128 B)", CX4_GET(CQC, cqc, CQE_SZ));
	if ((CX4_GET(CQC, cqc, CQE_COMPRESSION_EN) &&
	     (CX4_GET(CQC, cqc, CQE_SZ) || CX4_GET(CQC, cqc, CC) ||
	      CX4_GET(CQC, cqc, MINI_CQE_RES_FORMAT) > CX4_MINI_CQE_FMT_CSUM)) ||
	    (!CX4_GET(CQC, cqc, CQE_COMPRESSION_EN) && CX4_GET(CQC, cqc, MINI_CQE_RES_FORMAT)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE,
				     "CQE compression: cqe_sz %u / cc %u (must be 0), "
				     "mini_cqe_res_format %u (0, 1; only with compression)",
				     CX4_GET(CQC, cqc, CQE_SZ), CX4_GET(CQC, cqc, CC),
				     CX4_GET(CQC, cqc, MINI_CQE_RES_FORMAT));
	if (CX4_GET(CQC, cqc, SCQE_BREAK_MODERATION_EN) &&
	    !cx4dev_cap(dev, CX4_CAP_SCQE_BREAK_MODERATION))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE,
				     "scqe_break_moderation_en without the capability");
	if (CX4_GET(CQC, cqc, CQ_PERIOD_MODE) > 1 ||
	    (CX4_GET(CQC, cqc, CQ_PERIOD_MODE) &&
	     !cx4dev_cap(dev, CX4_CAP_CQ_PERIOD_START_FROM_CQE)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE,
				     "cq_period_mode %u not supported",
				     CX4_GET(CQC, cqc, CQ_PERIOD_MODE));
	if ((CX4_GET(CQC, cqc, CQ_PERIOD) || CX4_GET(CQC, cqc, CQ_MAX_COUNT)) &&
	    !cx4dev_cap(dev, CX4_CAP_CQ_MODERATION))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE,
				     "moderation requested without HCA_CAP.cq_moderation");
	if (CX4_GET(CQC, cqc, OI) && !cx4dev_cap(dev, CX4_CAP_CQ_OI))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE,
				     "oi without HCA_CAP.cq_oi");
	if (!cx4dev_set_has(&dev->uars, CX4_GET(CQC, cqc, UAR_PAGE)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_CQ_UAR,
				     "uar_page %u not allocated (ALLOC_UAR)",
				     CX4_GET(CQC, cqc, UAR_PAGE));
	if (eqn >= CX4DEV_MAX_EQ || !dev->eqs[eqn].valid)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_CQ_EQN,
				     "c_eqn %u is not an existing EQ", eqn);
	if ((dbr & (CX4_CQ_DBR_SIZE - 1)) ||
	    dev->ops->dma_read(dev->opaque, dbr, b, sizeof(b)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_DBR,
				     "dbr_addr 0x%llx not 8-byte aligned or not accessible",
				     (unsigned long long)dbr);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_create_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *cqc = cmd->in + CX4_CREATE_CQ_OFF_CQC;
	uint32_t log_size = CX4_GET(CQC, cqc, LOG_CQ_SIZE);
	uint32_t log_page = CX4_GET(CQC, cqc, LOG_PAGE_SIZE);
	uint64_t bytes = (uint64_t)CX4_CQE_SIZE << log_size;
	uint64_t page = (uint64_t)CX4_PAGE_SIZE << log_page;
	uint32_t npas = (uint32_t)((bytes + page - 1) / page);
	struct cx4dev_cq *cq;
	uint32_t cqn;
	uint8_t st;

	if (cx4dev_cq_slot(dev, &cqn))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_CQ_EXHAUSTED,
				     "%zu CQs in use, the model's limit", cx4dev_cqs_count(dev));
	st = cx4dev_cqc_check(dev, cmd, cqc);
	if (st != CX4_CMD_STAT_OK)
		return st;
	if (CX4_GET(CQC, cqc, CQE_SZ) == CX4_CQC_CQE_SZ_128) {
		/* Not the guest's fault: the model only writes 64-byte CQEs. */
		return cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_NOT_IMPLEMENTED,
					 "CREATE_CQ with 128-byte CQEs");
	}
	cq = calloc(1, sizeof(*cq));
	if (cq)
		cq->pas = calloc(npas, sizeof(*cq->pas));
	if (!cq || !cq->pas) {
		if (cq)
			free(cq);
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_CQ_EXHAUSTED,
				     "cannot hold %u PAS entries", npas);
	}
	st = cx4dev_queue_pas(dev, cmd, npas, log_page, bytes, cq->pas, cx4dev_cq_pas_syn);
	if (st != CX4_CMD_STAT_OK) {
		free(cq->pas);
		free(cq);
		return st;
	}
	cq->st = CX4_CQC_ST_FIRED;
	cq->cc = CX4_GET(CQC, cqc, CC);
	cq->oi = CX4_GET(CQC, cqc, OI);
	cq->log_size = log_size;
	cq->log_page_size = log_page;
	cq->uar = CX4_GET(CQC, cqc, UAR_PAGE);
	cq->c_eqn = CX4_GET(CQC, cqc, C_EQN);
	cq->cq_period = CX4_GET(CQC, cqc, CQ_PERIOD);
	cq->cq_max_count = CX4_GET(CQC, cqc, CQ_MAX_COUNT);
	cq->period_mode = CX4_GET(CQC, cqc, CQ_PERIOD_MODE);
	cq->scqe_break = CX4_GET(CQC, cqc, SCQE_BREAK_MODERATION_EN);
	cq->comp = CX4_GET(CQC, cqc, CQE_COMPRESSION_EN);
	cq->mini_fmt = CX4_GET(CQC, cqc, MINI_CQE_RES_FORMAT);
	cq->period_start = cx4dev_now(dev);
	cq->dbr = CX4_GET64(CQC, cqc, DBR_ADDR);
	cq->fired_sn = -1;
	cq->npas = npas;
	dev->cqs[cqn] = cq;
	CX4_SET(CREATE_CQ_OUT, cmd->out, CQN, cqn);
	cx4dev_logf(dev, "CQ 0x%x created: %u entries, uar %u, EQ%u, dbr 0x%llx, moderation "
		    "%u us / %u CQEs%s", cqn, 1u << log_size, cq->uar, cq->c_eqn,
		    (unsigned long long)cq->dbr, cq->cq_period, cq->cq_max_count,
		    cq->oi ? ", overrun ignore" : "");
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t cqn;

	if (!cx4dev_cq_lookup(dev, cmd, CX4_DESTROY_CQ_IN_CQN, &cqn))
		return cmd->status;
	if (cx4dev_eth_uses_cq(dev, cqn))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_CQ_IN_USE,
				     "CQ 0x%x is still the CQ of an SQ or RQ (destroy it first)",
				     cqn);
	cx4dev_cq_free(dev, cqn);
	cx4dev_logf(dev, "CQ 0x%x destroyed", cqn);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *cqc = cmd->out + CX4_QUERY_CQ_OUT_OFF_CQC;
	uint32_t cqn;
	struct cx4dev_cq *cq = cx4dev_cq_lookup(dev, cmd, CX4_QUERY_CQ_IN_CQN, &cqn);

	if (!cq)
		return cmd->status;
	cx4dev_cqz_close(dev, cqn, cq);
	CX4_SET(CQC, cqc, STATUS, cq->status);
	CX4_SET(CQC, cqc, CQE_COMPRESSION_EN, cq->comp);
	CX4_SET(CQC, cqc, MINI_CQE_RES_FORMAT, cq->mini_fmt);
	CX4_SET(CQC, cqc, CC, cq->cc);
	CX4_SET(CQC, cqc, OI, cq->oi);
	CX4_SET(CQC, cqc, CQ_PERIOD_MODE, cq->period_mode);
	CX4_SET(CQC, cqc, ST, cq->st);
	CX4_SET(CQC, cqc, LOG_CQ_SIZE, cq->log_size);
	CX4_SET(CQC, cqc, UAR_PAGE, cq->uar);
	CX4_SET(CQC, cqc, CQ_PERIOD, cq->cq_period);
	CX4_SET(CQC, cqc, CQ_MAX_COUNT, cq->cq_max_count);
	CX4_SET(CQC, cqc, C_EQN, cq->c_eqn);
	CX4_SET(CQC, cqc, LOG_PAGE_SIZE, cq->log_page_size);
	CX4_SET(CQC, cqc, LAST_NOTIFIED_INDEX, cq->last_notified);
	CX4_SET(CQC, cqc, LAST_SOLICIT_INDEX, cq->last_solicit);
	CX4_SET(CQC, cqc, CONSUMER_COUNTER, cq->ci);
	CX4_SET(CQC, cqc, PRODUCER_COUNTER, cq->pc);
	CX4_SET64(CQC, cqc, DBR_ADDR, cq->dbr);
	cx4dev_out_pas(cmd, CX4_QUERY_CQ_OUT_OFF_PAS, cq->pas, cq->npas);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_modify_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *cqc = cmd->in + CX4_MODIFY_CQ_IN_OFF_CQC;
	uint32_t sel = cx4dev_in_get(cmd, CX4_MODIFY_CQ_IN_FIELD_SELECT);
	uint32_t known = CX4_MODIFY_CQ_SEL_CQ_PERIOD | CX4_MODIFY_CQ_SEL_CQ_MAX_COUNT |
			 CX4_MODIFY_CQ_SEL_OI | CX4_MODIFY_CQ_SEL_C_EQN |
			 CX4_MODIFY_CQ_SEL_CQ_PERIOD_MODE;
	uint32_t mode = CX4_GET(CQC, cqc, CQ_PERIOD_MODE);
	uint32_t eqn = CX4_GET(CQC, cqc, C_EQN);
	struct cx4dev_cq *cq;
	uint32_t cqn;

	if (cmd->op_mod == CX4_MODIFY_CQ_RESIZE) {
		return cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_NOT_IMPLEMENTED,
					 "MODIFY_CQ resize not implemented");
	}
	if (cmd->op_mod != CX4_MODIFY_CQ_MODIFY)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0 modify, 1 resize)", cmd->op_mod);
	cq = cx4dev_cq_lookup(dev, cmd, CX4_MODIFY_CQ_IN_CQN, &cqn);
	if (!cq)
		return cmd->status;
	cx4dev_cqz_close(dev, cqn, cq);
	if ((sel & ~known) ||
	    ((sel & (CX4_MODIFY_CQ_SEL_CQ_PERIOD | CX4_MODIFY_CQ_SEL_CQ_MAX_COUNT)) &&
	     !cx4dev_cap(dev, CX4_CAP_CQ_MODERATION)) ||
	    ((sel & CX4_MODIFY_CQ_SEL_OI) && !cx4dev_cap(dev, CX4_CAP_CQ_OI)) ||
	    ((sel & CX4_MODIFY_CQ_SEL_C_EQN) && !cx4dev_cap(dev, CX4_CAP_CQ_EQ_REMAP)) ||
	    ((sel & CX4_MODIFY_CQ_SEL_CQ_PERIOD_MODE) &&
	     !cx4dev_cap(dev, CX4_CAP_CQ_PERIOD_MODE_MODIFY)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_MODIFY_FIELD,
				     "modify_field_select 0x%x", sel);
	if ((sel & CX4_MODIFY_CQ_SEL_CQ_PERIOD_MODE) &&
	    (mode > 1 || (mode && !cx4dev_cap(dev, CX4_CAP_CQ_PERIOD_START_FROM_CQE))))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE,
				     "cq_period_mode %u not supported", mode);
	if ((sel & CX4_MODIFY_CQ_SEL_C_EQN) && (eqn >= CX4DEV_MAX_EQ || !dev->eqs[eqn].valid))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_CQ_EQN,
				     "c_eqn %u is not an existing EQ", eqn);
	if (sel & CX4_MODIFY_CQ_SEL_CQ_PERIOD)
		cq->cq_period = CX4_GET(CQC, cqc, CQ_PERIOD);
	if (sel & CX4_MODIFY_CQ_SEL_CQ_MAX_COUNT)
		cq->cq_max_count = CX4_GET(CQC, cqc, CQ_MAX_COUNT);
	if (sel & CX4_MODIFY_CQ_SEL_OI)
		cq->oi = CX4_GET(CQC, cqc, OI);
	if (sel & CX4_MODIFY_CQ_SEL_C_EQN)
		cq->c_eqn = eqn;
	if (sel & CX4_MODIFY_CQ_SEL_CQ_PERIOD_MODE)
		cq->period_mode = mode;
	if (sel & (CX4_MODIFY_CQ_SEL_CQ_PERIOD | CX4_MODIFY_CQ_SEL_CQ_MAX_COUNT))
		cx4dev_logf(dev, "CQ 0x%x moderation %u us / %u CQEs", cqn, cq->cq_period,
			    cq->cq_max_count);
	if (!cq->cq_period && cq->mod_deadline) {
		/* Moderation switched off: a held-back event goes out now. */
		cq->mod_deadline = 0;
		if (cq->st == CX4_CQC_ST_ARMED && cq->pc != cq->last_notified)
			cx4dev_cq_fire(dev, cqn, cq);
	}
	return CX4_CMD_STAT_OK;
}

/* ---- debug control page: the channels' view (0x0e0-0x0fc) ---- */

/* Running min (bits 15:0) / max (bits 31:16) of 16-bit values. */
static void cx4dev_minmax(uint32_t *mm, uint32_t v, bool first)
{
	uint32_t lo = *mm & 0xffffu, hi = *mm >> 16;

	if (first || v < lo)
		lo = v;
	if (first || v > hi)
		hi = v;
	*mm = hi << 16 | lo;
}

/*
 * Over the RDY RQs (@rq) or SQs: their number (@what 0), log WQ size
 * min/max (1), their CQs' cq_period min/max (2), cq_max_count (3) or
 * cq_period_mode (4).
 */
static uint32_t cx4dev_chan_view(const struct cx4dev *dev, bool rq, uint32_t what)
{
	uint32_t n = 0, mm = 0;

	for (uint32_t i = 0; i < (rq ? CX4DEV_MAX_RQ : CX4DEV_MAX_SQ); i++) {
		const struct cx4dev_wq *wq = rq ? (dev->eth->rq[i] ? &dev->eth->rq[i]->wq : NULL)
						: (dev->eth->sq[i] ? &dev->eth->sq[i]->wq : NULL);
		const struct cx4dev_cq *cq;
		uint32_t v;

		if (!wq || wq->state != CX4_WQ_STATE_RDY)
			continue;
		cq = cx4dev_cq_get(dev, wq->cqn);
		if (what == 1)
			v = wq->log_size;
		else if (!cq)
			continue;
		else if (what == 4)
			v = cq->period_mode;
		else
			v = what == 2 ? cq->cq_period : cq->cq_max_count;
		cx4dev_minmax(&mm, v, !n);
		n++;
	}
	return what ? mm : n;
}

/*
 * CHAN registers (Documentation/device-model.md): 0x0e0 SQs / 0x0e4 RQs
 * in RDY; 0x0e8 SQ / 0x0ec RQ log_wq_sz min-max; 0x0f0 / 0x0f4 cq_period
 * / cq_max_count min-max of the RQs' CQs, 0x0f8 / 0x0fc of the SQs';
 * 0x0d0 / 0x0d4 cq_period_mode min-max of the RQs' / SQs' CQs.
 */
uint32_t cx4dev_chan_ctl_read(const struct cx4dev *dev, uint32_t off)
{
	switch (off) {
	case CX4DEV_CTL_CHAN_SQS:	return cx4dev_chan_view(dev, false, 0);
	case CX4DEV_CTL_CHAN_RQS:	return cx4dev_chan_view(dev, true, 0);
	case CX4DEV_CTL_CHAN_SQ_LOG:	return cx4dev_chan_view(dev, false, 1);
	case CX4DEV_CTL_CHAN_RQ_LOG:	return cx4dev_chan_view(dev, true, 1);
	case CX4DEV_CTL_CHAN_RX_PERIOD:	return cx4dev_chan_view(dev, true, 2);
	case CX4DEV_CTL_CHAN_RX_COUNT:	return cx4dev_chan_view(dev, true, 3);
	case CX4DEV_CTL_CHAN_TX_PERIOD:	return cx4dev_chan_view(dev, false, 2);
	case CX4DEV_CTL_CHAN_TX_COUNT:	return cx4dev_chan_view(dev, false, 3);
	case CX4DEV_CTL_CHAN_RX_PERIOD_MODE:	return cx4dev_chan_view(dev, true, 4);
	case CX4DEV_CTL_CHAN_TX_PERIOD_MODE:	return cx4dev_chan_view(dev, false, 4);
	default:	return 0;
	}
}

const struct cx4dev_engine cx4dev_cq_engine = {
	.name		= "cq",
	.release	= cx4dev_cqs_reset,
	.count		= cx4dev_cqs_count,
	.next_deadline	= cx4dev_cq_next_deadline,
	.timer		= cx4dev_cq_timer,
};

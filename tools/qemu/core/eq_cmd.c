/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The EQ commands of PRM 12.6: CREATE_EQ (event mapping, PAS list, every
 * EQE in hardware ownership), DESTROY_EQ (not while a CQ reports to it),
 * QUERY_EQ and GEN_EQE.  The EQs themselves and the events are eq.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

/* Event types CREATE_EQ may map (Table 79; bit 0, completions, is reserved). */
static uint64_t cx4dev_mappable_events(const struct cx4dev *dev)
{
	uint64_t m = CX4_EVENT_BIT(CX4_EVENT_CQ_ERROR) | CX4_EVENT_BIT(CX4_EVENT_INTERNAL_ERROR) |
		     CX4_EVENT_BIT(CX4_EVENT_PORT_STATE_CHANGE) |
		     CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION) |
		     CX4_EVENT_BIT(CX4_EVENT_PAGE_REQUEST) |
		     CX4_EVENT_BIT(CX4_EVENT_LAST_WQE_REACHED);

	if (CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], TEMP_WARN_EVENT))
		m |= CX4_EVENT_BIT(CX4_EVENT_TEMP_WARNING);
	m |= CX4DEV_EVENTS_BEYOND_040;
	return m;
}

static uint32_t cx4dev_eq_npas(uint32_t log_size, uint32_t log_page_size)
{
	uint64_t bytes = (uint64_t)CX4_EQE_SIZE << log_size;
	uint64_t page = (uint64_t)CX4_PAGE_SIZE << log_page_size;

	return (uint32_t)((bytes + page - 1) / page);
}

static struct cx4dev_eq *cx4dev_eq_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					  uint32_t f, uint32_t *eqn)
{
	*eqn = cx4dev_in_get(cmd, f);
	if (*eqn >= CX4DEV_MAX_EQ || !dev->eqs[*eqn].valid) {
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_EQ_UNKNOWN,
			      "eq_number %u does not exist", *eqn);
		return NULL;
	}
	return &dev->eqs[*eqn];
}

/* Are commands other than @cmd posted (HW-owned) in the command queue? */
static int cx4dev_other_cmds_posted(struct cx4dev *dev, const struct cx4dev_cmd *cmd)
{
	for (unsigned i = 0; i < CX4DEV_CMDQ_ENTRIES; i++) {
		uint8_t b = 0;

		if (i == cmd->slot)
			continue;
		if (dev->slots[i].state != CX4DEV_SLOT_IDLE)
			return (int)i;
		if (!dev->ops->dma_read(dev->opaque, dev->cmdq_addr + i * CX4DEV_CMDQ_STRIDE +
					CX4_CMDQ_OFF_STATUS_BYTE, &b, 1) &&
		    (b & 1) == CX4_CMDQ_OWNER_HW)
			return (int)i;
	}
	return -1;
}

/* PRM 12.6.1: software hands over every EQE in HW ownership (owner 1). */
static void cx4dev_eq_check_owner(struct cx4dev *dev, unsigned eqn, const struct cx4dev_eq *eq)
{
	uint8_t buf[CX4_PAGE_SIZE];
	uint64_t bytes = cx4dev_eq_bytes(eq);

	for (uint64_t off = 0; off < bytes; off += sizeof(buf)) {
		uint64_t len = bytes - off < sizeof(buf) ? bytes - off : sizeof(buf);

		if (dev->ops->dma_read(dev->opaque, cx4dev_eq_addr(eq, off), buf, (size_t)len))
			return;
		for (uint64_t e = 0; e < len; e += CX4_EQE_SIZE)
			if (!(buf[e + CX4_EQE_OFF_OWNER_BYTE] & 1)) {
				cx4dev_guest_error(dev, "CREATE_EQ: EQ%u entry %llu has owner 0; "
						   "all EQEs must be initialized to HW ownership (1) "
						   "(PRM 12.6.1)", eqn,
						   (unsigned long long)((off + e) / CX4_EQE_SIZE));
				return;
			}
	}
}

static const uint32_t cx4dev_eq_pas_syn[3] = {
	CX4DEV_SYN_EQ_PAS_LEN, CX4DEV_SYN_EQ_PAS_ALIGN, CX4DEV_SYN_EQ_PAS_BAD
};

uint8_t cx4dev_exec_create_eq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *eqc = cmd->in + CX4_CREATE_EQ_OFF_EQC;
	const uint8_t *cap = dev->caps.cur[CX4DEV_CAPI_GENERAL];
	uint64_t mask = cx4_get64(cmd->in, CX4_CREATE_EQ_OFF_EVENT_BITMASK);
	uint32_t log_size = CX4_GET(EQC, eqc, LOG_EQ_SIZE);
	uint32_t log_page = CX4_GET(EQC, eqc, LOG_PAGE_SIZE);
	uint32_t uar = CX4_GET(EQC, eqc, UAR_PAGE);
	uint32_t intr = CX4_GET(EQC, eqc, INTR);
	uint32_t max_eqs = 1u << CX4_GET(CAP, cap, LOG_MAX_EQ);
	uint32_t npas, eqn;
	struct cx4dev_eq *eq;
	uint64_t *pas;
	uint8_t st;
	int busy;

	if (max_eqs > CX4DEV_MAX_EQ)
		max_eqs = CX4DEV_MAX_EQ;
	for (eqn = 0; eqn < max_eqs && dev->eqs[eqn].valid; eqn++)
		;
	if (eqn >= max_eqs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_EQ_EXHAUSTED,
				     "all %u EQs (2^log_max_eq) in use", max_eqs);
	if (log_size > CX4_GET(CAP, cap, LOG_MAX_EQ_SZ))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_LOG_SIZE,
				     "log_eq_size %u > log_max_eq_sz %u", log_size,
				     CX4_GET(CAP, cap, LOG_MAX_EQ_SZ));
	if (CX4_GET(EQC, eqc, PAGE_OFFSET))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_PAGE_OFFSET,
				     "page_offset %u, must be 0",
				     CX4_GET(EQC, eqc, PAGE_OFFSET));
	if (CX4_GET(EQC, eqc, CONSUMER_COUNTER) || CX4_GET(EQC, eqc, PRODUCER_COUNTER))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_COUNTERS,
				     "consumer_counter 0x%x / producer_counter 0x%x, must be 0",
				     CX4_GET(EQC, eqc, CONSUMER_COUNTER),
				     CX4_GET(EQC, eqc, PRODUCER_COUNTER));
	if (!cx4dev_set_has(&dev->uars, uar))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_EQ_UAR,
				     "uar_page %u not allocated (ALLOC_UAR)", uar);
	if (intr >= dev->cfg.msix_vectors)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_INTR,
				     "intr %u beyond the MSI-X table (%u vectors)", intr,
				     dev->cfg.msix_vectors);
	if (mask & ~cx4dev_mappable_events(dev))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_BITMASK,
				     "event bitmask 0x%llx has reserved/undefined bits 0x%llx",
				     (unsigned long long)mask,
				     (unsigned long long)(mask & ~cx4dev_mappable_events(dev)));
	npas = cx4dev_eq_npas(log_size, log_page);
	pas = calloc(npas, sizeof(*pas));
	if (!pas)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_EQ_PAS_LEN,
				     "cannot hold %u PAS entries", npas);
	st = cx4dev_queue_pas(dev, cmd, npas, log_page, (uint64_t)CX4_EQE_SIZE << log_size, pas,
			      cx4dev_eq_pas_syn);
	if (st != CX4_CMD_STAT_OK) {
		free(pas);
		return st;
	}
	busy = (mask & CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION)) ?
	       cx4dev_other_cmds_posted(dev, cmd) : -1;
	if (busy >= 0) {
		free(pas);
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_SYS_STATE, CX4DEV_SYN_EQ_CMDQ_BUSY,
				     "maps command completion events while cmdq entry %d is "
				     "posted (PRM 7.14.1: the queue must be otherwise empty)", busy);
	}
	eq = &dev->eqs[eqn];
	memset(eq, 0, sizeof(*eq));
	eq->valid = true;
	eq->ec = CX4_GET(EQC, eqc, EC);
	eq->oi = CX4_GET(EQC, eqc, OI);
	eq->log_size = log_size;
	eq->log_page_size = log_page;
	eq->uar = uar;
	eq->intr = intr;
	eq->npas = npas;
	eq->pas = pas;
	for (unsigned t = 0; t < CX4DEV_NUM_EVENTS; t++)
		if (mask & CX4_EVENT_BIT(t))
			dev->event_eq[t] = (uint8_t)eqn;	/* remapped if it was elsewhere */
	/* PRM 12.6.1: no event for the CREATE_EQ that maps the event to this EQ. */
	if (mask & CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION))
		cmd->no_event = true;
	cx4dev_eq_check_owner(dev, eqn, eq);
	CX4_SET(CREATE_EQ_OUT, cmd->out, EQ_NUMBER, eqn);
	cx4dev_logf(dev, "EQ%u created: %u entries, %u page(s) of 0x%llx, uar %u, intr %u, "
		    "events 0x%llx%s%s", eqn, 1u << log_size, npas,
		    (unsigned long long)CX4_PAGE_SIZE << log_page, uar, intr,
		    (unsigned long long)mask, eq->ec ? ", collapsed" : "",
		    eq->oi ? ", overrun ignore" : "");
	if (mask & CX4_EVENT_BIT(CX4_EVENT_PAGE_REQUEST) && dev->page_req_pending)
		cx4dev_pages_rearm(dev);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_eq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t eqn;
	struct cx4dev_eq *eq = cx4dev_eq_lookup(dev, cmd, CX4_DESTROY_EQ_IN_EQ_NUMBER, &eqn);

	if (!eq)
		return cmd->status;
	if (cx4dev_cq_uses(dev, UINT32_MAX, eqn))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_EQ_IN_USE,
				     "EQ%u still receives completion events of a CQ "
				     "(DESTROY_CQ first)", eqn);
	for (unsigned t = 0; t < CX4DEV_NUM_EVENTS; t++)
		if (dev->event_eq[t] == eqn)
			dev->event_eq[t] = CX4DEV_NO_EQ;
	free(eq->pas);
	memset(eq, 0, sizeof(*eq));
	cx4dev_logf(dev, "EQ%u destroyed", eqn);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_eq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *eqc = cmd->out + CX4_QUERY_EQ_OUT_OFF_EQC;
	uint64_t mask = 0;
	uint32_t eqn;
	struct cx4dev_eq *eq = cx4dev_eq_lookup(dev, cmd, CX4_QUERY_EQ_IN_EQ_NUMBER, &eqn);

	if (!eq)
		return cmd->status;
	CX4_SET(EQC, eqc, STATUS, eq->status);
	CX4_SET(EQC, eqc, EC, eq->ec);
	CX4_SET(EQC, eqc, OI, eq->oi);
	CX4_SET(EQC, eqc, ST, eq->armed ? CX4_EQC_ST_ARMED : CX4_EQC_ST_FIRED);
	CX4_SET(EQC, eqc, LOG_EQ_SIZE, eq->log_size);
	CX4_SET(EQC, eqc, UAR_PAGE, eq->uar);
	CX4_SET(EQC, eqc, INTR, eq->intr);
	CX4_SET(EQC, eqc, LOG_PAGE_SIZE, eq->log_page_size);
	CX4_SET(EQC, eqc, CONSUMER_COUNTER, eq->cc);
	CX4_SET(EQC, eqc, PRODUCER_COUNTER, eq->pc);
	for (unsigned t = 0; t < CX4DEV_NUM_EVENTS; t++)
		if (dev->event_eq[t] == eqn)
			mask |= CX4_EVENT_BIT(t);
	CX4_SET64(QUERY_EQ_OUT, cmd->out, EVENT_BITMASK, mask);
	cx4dev_out_pas(cmd, CX4_QUERY_EQ_OUT_OFF_PAS, eq->pas, eq->npas);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_gen_eqe(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t eqe[CX4_EQE_SIZE];
	uint32_t eqn;
	struct cx4dev_eq *eq = cx4dev_eq_lookup(dev, cmd, CX4_GEN_EQE_IN_EQ_NUMBER, &eqn);

	if (!eq)
		return cmd->status;
	memcpy(eqe, cmd->in + CX4_GEN_EQE_IN_OFF_EQE, sizeof(eqe));
	/* Signature and owner are the device's. */
	eqe[CX4_EQE_OFF_SIG_BYTE] = 0;
	eqe[CX4_EQE_OFF_OWNER_BYTE] = 0;
	cx4dev_eq_post(dev, eqn, eqe);
	return CX4_CMD_STAT_OK;
}

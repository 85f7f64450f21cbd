/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Event queues and events: PRM 7.13 (EQ buffer, EQE format and
 * ownership, event types, EQ context, interrupts), the EQ doorbells of
 * the UAR page (7.2.2); the EQ commands of 12.6 are eq_cmd.c's.  Below
 * the queue engines: calls nothing of the CQs, WQs or commands.
 *
 * An EQE is written with the owner bit of the producer counter's wrap
 * (7.12.3.1 / 7.13.2.1) and a signature (9.2.4); the status/owner byte
 * goes last.  An MSI-X message is sent only if the EQ is armed, and
 * disarms it.  Arming with unconsumed EQEs interrupts at once.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

static const char *cx4dev_event_name(uint8_t type)
{
	switch (type) {
	case CX4_EVENT_COMPLETION:		return "COMPLETION";
	case CX4_EVENT_CQ_ERROR:		return "CQ_ERROR";
	case CX4_EVENT_INTERNAL_ERROR:		return "INTERNAL_ERROR";
	case CX4_EVENT_PORT_STATE_CHANGE:	return "PORT_STATE_CHANGE";
	case CX4_EVENT_CMD_COMPLETION:		return "CMD_COMPLETION";
	case CX4_EVENT_PAGE_REQUEST:		return "PAGE_REQUEST";
	case CX4_EVENT_LAST_WQE_REACHED:	return "LAST_WQE_REACHED";
	case CX4_EVENT_TEMP_WARNING:		return "TEMP_WARNING";
	default:				return "?";
	}
}

uint64_t cx4dev_eq_bytes(const struct cx4dev_eq *eq)
{
	return (uint64_t)CX4_EQE_SIZE << eq->log_size;
}

uint64_t cx4dev_eq_addr(const struct cx4dev_eq *eq, uint64_t off)
{
	uint32_t shift = CX4_PAGE_SHIFT + eq->log_page_size;

	return eq->pas[off >> shift] + (off & ((1ull << shift) - 1));
}

/* ---- state ---- */

void cx4dev_eqs_reset(struct cx4dev *dev)
{
	for (unsigned i = 0; i < CX4DEV_MAX_EQ; i++) {
		free(dev->eqs[i].pas);
		memset(&dev->eqs[i], 0, sizeof(dev->eqs[i]));
	}
	memset(dev->event_eq, CX4DEV_NO_EQ, sizeof(dev->event_eq));
}

size_t cx4dev_eqs_count(const struct cx4dev *dev)
{
	size_t n = 0;

	for (unsigned i = 0; i < CX4DEV_MAX_EQ; i++)
		n += dev->eqs[i].valid;
	return n;
}

/* ---- internal error (PRM 7.13.9.1) ---- */

/*
 * The device reports an internal error in the initialization segment
 * (health syndrome, Table 8) and stops the health counter; no EQE is
 * written.  An interrupt goes to the EQ the INTERNAL_ERROR event is mapped
 * to, armed or not.  The model keeps executing commands; the driver is
 * expected to reset the function.
 */
void cx4dev_internal_error(struct cx4dev *dev, uint8_t syndrome, const char *why)
{
	uint8_t eqn = dev->event_eq[CX4_EVENT_INTERNAL_ERROR];

	if (!dev->health_stopped) {
		dev->health_frozen = cx4dev_health_counter(dev);
		dev->health_stopped = true;
	}
	if (!dev->health_syndrome)
		dev->health_syndrome = syndrome;
	/* A reset is the expected recovery: do not blame the driver for its pages. */
	dev->knob_hit_since_reset = true;
	cx4dev_logf(dev, "internal error: %s: health_syndrome 0x%02x, health counter stopped%s",
		    why, dev->health_syndrome,
		    eqn != CX4DEV_NO_EQ ? ", interrupt sent" : "");
	if (eqn != CX4DEV_NO_EQ)
		dev->ops->msix_notify(dev->opaque, dev->eqs[eqn].intr);
}

void cx4dev_fatal_error(struct cx4dev *dev, uint8_t syndrome)
{
	dev->knob_hits++;
	cx4dev_internal_error(dev, syndrome ? syndrome : CX4_HEALTH_FW_INTERNAL_ERR, "knob");
}

/* ---- posting EQEs ---- */

bool cx4dev_eq_post(struct cx4dev *dev, unsigned eqn, uint8_t *eqe)
{
	struct cx4dev_eq *eq = &dev->eqs[eqn];
	uint32_t size = 1u << eq->log_size;
	uint8_t type = (uint8_t)CX4_GET(EQE, eqe, EVENT_TYPE);
	uint32_t idx;
	uint64_t addr;

	if (eq->status != CX4_EQC_STATUS_OK) {
		cx4dev_logf(dev, "EQ%u in error state: %s EQE dropped", eqn, cx4dev_event_name(type));
		return false;
	}
	if (!eq->oi && ((eq->pc - eq->cc) & CX4_QUEUE_COUNTER_MASK) >= size) {
		cx4dev_guest_error(dev, "EQ%u overrun: %s EQE with producer %u, consumer %u, size "
				   "%u (driver did not consume EQEs / update the consumer index)",
				   eqn, cx4dev_event_name(type), eq->pc, eq->cc, size);
		cx4dev_internal_error(dev, CX4_HEALTH_ASYNC_EQ_BUF_OVERRUN, "EQ overrun");
		return false;
	}
	idx = eq->ec ? 0 : eq->pc & (size - 1);
	cx4dev_hostile_eqe(dev, eqn, eqe);
	CX4_SET(EQE, eqe, OWNER, cx4_owner_bit(eq->pc, eq->log_size));
	cx4_eqe_sign(eqe, idx);
	addr = cx4dev_eq_addr(eq, (uint64_t)idx * CX4_EQE_SIZE);
	if (dev->ops->dma_write(dev->opaque, addr, eqe, CX4_EQE_OFF_OWNER_BYTE) ||
	    dev->ops->dma_write(dev->opaque, addr + CX4_EQE_OFF_OWNER_BYTE,
				eqe + CX4_EQE_OFF_OWNER_BYTE, 1)) {
		eq->status = CX4_EQC_STATUS_WRITE_FAILURE;
		cx4dev_guest_error(dev, "EQ%u: EQE %u at 0x%llx not writable by DMA; EQ in "
				   "EQ_WRITE_FAILURE", eqn, idx, (unsigned long long)addr);
		return false;
	}
	eq->pc = (eq->pc + 1) & CX4_QUEUE_COUNTER_MASK;
	dev->eqes++;
	if (dev->cfg.trace_cmds)
		cx4dev_logf(dev, "EQ%u: EQE %s(0x%x) sub 0x%x at %u owner %u%s", eqn,
			    cx4dev_event_name(type), type,
			    CX4_GET(EQE, eqe, EVENT_SUB_TYPE), idx,
			    CX4_GET(EQE, eqe, OWNER), eq->armed ? ", MSI-X" : "");
	if (eq->armed) {
		eq->armed = false;
		dev->ops->msix_notify(dev->opaque, eq->intr);
	}
	return true;
}

/* Report event @type to the EQ it is mapped to; false if not reported. */
bool cx4dev_event(struct cx4dev *dev, uint8_t type, uint8_t sub_type, const uint8_t *data)
{
	uint8_t eqe[CX4_EQE_SIZE] = { 0 };
	uint8_t eqn = type < CX4DEV_NUM_EVENTS ? dev->event_eq[type] : CX4DEV_NO_EQ;

	if (eqn == CX4DEV_NO_EQ)
		return false;
	CX4_SET(EQE, eqe, EVENT_TYPE, type);
	CX4_SET(EQE, eqe, EVENT_SUB_TYPE, sub_type);
	if (data)
		memcpy(eqe + CX4_EQE_OFF_EVENT_DATA, data, CX4_EQE_EVENT_DATA_SIZE);
	return cx4dev_eq_post(dev, eqn, eqe);
}

/* PRM 7.13.10.1: one event per completed command, vector = its slot bit. */
void cx4dev_cmd_event(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t eqe[CX4_EQE_SIZE] = { 0 };

	if (cmd->no_event || dev->event_eq[CX4_EVENT_CMD_COMPLETION] == CX4DEV_NO_EQ)
		return;
	if (dev->knobs.drop_cmd_events) {
		dev->knobs.drop_cmd_events--;
		dev->knob_hits++;
		dev->knob_hit_since_reset = true;
		cx4dev_logf(dev, "knob: command completion event of cmd[%u] %s(0x%x) dropped",
			    cmd->slot, cx4dev_opcode_name(cmd->opcode), cmd->opcode);
		return;
	}
	CX4_SET(EQE, eqe, CMD_VECTOR, 1u << cmd->slot);
	cx4dev_event(dev, CX4_EVENT_CMD_COMPLETION, 0, eqe + CX4_EQE_OFF_EVENT_DATA);
}

/* ---- page request events (PRM 7.13.10.2) ---- */

static void cx4dev_page_event(struct cx4dev *dev)
{
	uint8_t eqe[CX4_EQE_SIZE] = { 0 };
	int64_t need = cx4dev_pages_target(dev) - (int64_t)dev->pages.n;

	if (!need)
		return;
	if (!dev->page_req_armed) {
		dev->page_req_pending = true;
		cx4dev_logf(dev, "page request (%lld) held back until the next MANAGE_PAGES",
			    (long long)need);
		return;
	}
	CX4_SET(EQE, eqe, PAGES_NUM_PAGES, (uint32_t)(int32_t)need);
	if (cx4dev_event(dev, CX4_EVENT_PAGE_REQUEST, 0, eqe + CX4_EQE_OFF_EVENT_DATA)) {
		dev->page_req_armed = false;
		dev->page_req_sent = need > 0 ? need : 0;
		return;
	}
	dev->page_req_pending = true;
	cx4dev_logf(dev, "page request (%lld) not reported: PAGE_REQUEST not mapped to an EQ",
		    (long long)need);
}

/* The device wants @n more pages (n < 0: fewer); @who: "knob", "hostile". */
void cx4dev_page_request_delta(struct cx4dev *dev, int32_t n, const char *who)
{
	int64_t floor = -(int64_t)dev->cfg.regular_pages;

	if (dev->state != CX4DEV_ST_INITIALIZED) {
		cx4dev_logf(dev, "%s: page request %d ignored (state %s, needs INIT_HCA)", who, n,
			    cx4dev_state_name(dev->state));
		return;
	}
	/* The device never gives back its boot and init pages. */
	dev->pages_delta += n;
	if (dev->pages_delta < floor)
		dev->pages_delta = floor;
	cx4dev_logf(dev, "%s: page request %d: QUERY_PAGES(regular) now %lld", who, n,
		    (long long)(cx4dev_pages_target(dev) - (int64_t)dev->pages.n));
	cx4dev_page_event(dev);
}

void cx4dev_page_request(struct cx4dev *dev, int32_t n)
{
	dev->knob_hits++;
	cx4dev_page_request_delta(dev, n, "knob");
}

/* MANAGE_PAGES executed: the page request event is armed again. */
void cx4dev_pages_rearm(struct cx4dev *dev)
{
	dev->page_req_armed = true;
	dev->page_req_sent = 0;
	if (dev->page_req_pending && dev->state == CX4DEV_ST_INITIALIZED) {
		dev->page_req_pending = false;
		cx4dev_page_event(dev);
	}
}

void cx4dev_request_pages(struct cx4dev *dev, int32_t n)
{
	cx4dev_page_request(dev, n);
}

/* ---- port state change (PRM 7.13.9.2) ---- */

/* The port's operational state changed (reg.c cx4dev_port_update). */
void cx4dev_port_event(struct cx4dev *dev, bool up)
{
	uint8_t eqe[CX4_EQE_SIZE] = { 0 };

	CX4_SET(EQE, eqe, PORT_NUM, 1);
	cx4dev_logf(dev, "port 1 link %s", up ? "up" : "down");
	cx4dev_event(dev, CX4_EVENT_PORT_STATE_CHANGE,
		     up ? CX4_PORT_CHANGE_ACTIVE : CX4_PORT_CHANGE_DOWN,
		     eqe + CX4_EQE_OFF_EVENT_DATA);
}

/* ---- doorbells (PRM 7.2.2, Table 13) ---- */

void cx4dev_eq_doorbell(struct cx4dev *dev, uint32_t uar, bool arm, uint32_t val)
{
	uint32_t eqn = val >> CX4_FLD_LSB(CX4_EQ_DB_EQN);
	uint32_t ci = val & cx4_fld_mask(CX4_EQ_DB_CI);
	const char *what = arm ? "arm" : "update";
	struct cx4dev_eq *eq;

	if (eqn >= CX4DEV_MAX_EQ || !dev->eqs[eqn].valid) {
		cx4dev_guest_error(dev, "UAR %u: EQ %s doorbell for EQ %u which does not exist",
				   uar, what, eqn);
		return;
	}
	eq = &dev->eqs[eqn];
	if (eq->uar != uar) {
		cx4dev_guest_error(dev, "UAR %u: EQ %s doorbell for EQ %u, which belongs to UAR %u "
				   "(PRM 7.2: doorbell on a UAR page that does not own the EQ); "
				   "ignored", uar, what, eqn, eq->uar);
		return;
	}
	if (((ci - eq->cc) & CX4_QUEUE_COUNTER_MASK) > ((eq->pc - eq->cc) & CX4_QUEUE_COUNTER_MASK)) {
		cx4dev_guest_error(dev, "EQ%u %s doorbell: consumer index %u beyond producer %u "
				   "(previous consumer %u); ignored", eqn, what, ci, eq->pc, eq->cc);
		return;
	}
	eq->cc = ci;
	if (!arm)
		return;
	if (eq->cc != eq->pc) {
		/* Unconsumed EQEs: the armed EQ fires at once. */
		eq->armed = false;
		dev->ops->msix_notify(dev->opaque, eq->intr);
		return;
	}
	eq->armed = true;
}

/* ---- queue buffers: shared by the EQ, CQ and WQ commands ---- */

/*
 * Validate the PAS list (at CX4_QUEUE_OFF_PAS) of a new EQ or CQ of @bytes
 * in pages of 4 KB << @log_page_size; fills @pas.  @syn: syndromes for a
 * short list, a misaligned entry, an inaccessible/device-owned page.
 */
uint8_t cx4dev_queue_pas(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint32_t npas,
			 uint32_t log_page_size, uint64_t bytes, uint64_t *pas,
			 const uint32_t syn[3])
{
	uint64_t page = (uint64_t)CX4_PAGE_SIZE << log_page_size;
	uint32_t need = cx4_create_eq_in_size(npas);

	if (cmd->in_len < need)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN, syn[0],
				     "%u PAS entries needed (input_length >= 0x%x), got 0x%x",
				     npas, need, cmd->in_len);
	for (uint32_t off = need; off < cmd->in_len; off++)
		if (cmd->in[off])
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_RESERVED_NONZERO, "reserved byte 0x%x past "
					     "the PAS list non-zero", off);
	for (uint32_t i = 0; i < npas; i++) {
		uint64_t pa = cx4_get64(cmd->in, CX4_CREATE_EQ_OFF_PAS + i * CX4_PAS_SIZE);
		uint64_t used = bytes - (uint64_t)i * page < page ? bytes - (uint64_t)i * page : page;
		uint8_t b;

		if (pa & (page - 1))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, syn[1],
					     "pas[%u] 0x%llx not aligned to the page size 0x%llx", i, (unsigned long long)pa,
					     (unsigned long long)page);
		for (uint64_t o = 0; o < used; o += CX4_PAGE_SIZE)
			if (cx4dev_set_has(&dev->pages, pa + o))
				return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, syn[2],
						     "pas[%u] page 0x%llx "
						     "is owned by the device (MANAGE_PAGES)", i,
						     (unsigned long long)(pa + o));
		if (dev->ops->dma_read(dev->opaque, pa, &b, 1) ||
		    dev->ops->dma_read(dev->opaque, pa + used - 1, &b, 1))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, syn[2],
					     "pas[%u] 0x%llx not accessible by DMA", i,
					     (unsigned long long)pa);
		pas[i] = pa;
	}
	return CX4_CMD_STAT_OK;
}

const struct cx4dev_engine cx4dev_eq_engine = {
	.name		= "eq",
	.release	= cx4dev_eqs_reset,
	.count		= cx4dev_eqs_count,
};

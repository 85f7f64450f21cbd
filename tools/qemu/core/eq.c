/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Event queues and events: PRM 7.13 (EQ buffer, EQE format and
 * ownership, event types, EQ context, interrupts), the EQ doorbells of
 * the UAR page (7.2.2) and the EQ commands of 12.6.
 *
 * An EQE is written with the owner bit of the producer counter's wrap
 * (7.12.3.1 / 7.13.2.1) and a signature (9.2.4); the status/owner byte
 * goes last.  An MSI-X message is sent only if the EQ is armed, and
 * disarms it.  Arming with unconsumed EQEs interrupts at once.
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

static uint64_t cx4dev_eq_bytes(const struct cx4dev_eq *eq)
{
	return (uint64_t)CX4_EQE_SIZE << eq->log_size;
}

static uint32_t cx4dev_eq_npas(uint32_t log_size, uint32_t log_page_size)
{
	uint64_t bytes = (uint64_t)CX4_EQE_SIZE << log_size;
	uint64_t page = (uint64_t)CX4_PAGE_SIZE << log_page_size;

	return (uint32_t)((bytes + page - 1) / page);
}

static uint64_t cx4dev_eq_addr(const struct cx4dev_eq *eq, uint64_t off)
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

bool cx4dev_uar_in_use(const struct cx4dev *dev, uint32_t uar)
{
	for (unsigned i = 0; i < CX4DEV_MAX_EQ; i++)
		if (dev->eqs[i].valid && dev->eqs[i].uar == uar)
			return true;
	return cx4dev_cq_uses(dev, uar, UINT32_MAX);
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

static bool cx4dev_eq_post(struct cx4dev *dev, unsigned eqn, uint8_t *eqe)
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

void cx4dev_set_link(struct cx4dev *dev, uint32_t how)
{
	dev->knob_hits++;
	cx4dev_logf(dev, "knob: link %s", how == 0 ? "down" : how == 1 ? "up" : "flap");
	if (how == 0 || how == 2)
		cx4dev_port_cable(dev, false);
	if (how == 1 || how == 2)
		cx4dev_port_cable(dev, true);
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

/* ---- commands (PRM 12.6) ---- */

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
	/* The PAS list as far as output_length reaches (QUERY_EQ is for debug). */
	for (uint32_t i = 0; i < eq->npas; i++) {
		uint32_t off = CX4_QUERY_EQ_OUT_OFF_PAS + i * CX4_PAS_SIZE;

		if (off + CX4_PAS_SIZE > cmd->out_len)
			break;
		cx4_set64(cmd->out, off, eq->pas[i]);
	}
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

const struct cx4dev_engine cx4dev_eq_engine = {
	.name		= "eq",
	.release	= cx4dev_eqs_reset,
	.count		= cx4dev_eqs_count,
};

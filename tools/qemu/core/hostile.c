/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Hostile-device mode: a seeded, reproducible misbehaving device to fuzz
 * the driver with (issue 14: an untrusted device cannot crash, corrupt or
 * stall cx4).  Off by default; property hostile=<mask>, hostile-seed=<n>
 * or the debug control page block 0x300-0x35c (HOSTILE_* below).
 *
 * Every action is one bit of the mask and fires with probability 1 in N
 * (HOSTILE_ONE_IN[action]) at its hook, drawing from one xorshift64*
 * stream seeded by HOSTILE_SEED: the same seed, mask, N and driver
 * behaviour give the same sequence.  Actions are counted in hostile_hits
 * (never as guest errors, never as knob hits) and logged, rate-limited,
 * as "cx4: hostile: ...".  A failed DMA of a hostile action is counted in
 * hostile_dma_faults.  The guest's reasonable reactions are excused (see
 * cx4dev_hostile_cmd_excused() and Documentation/device-model.md,
 * "Hostile-device mode").
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cx4dev_int.h"

/* Debug control page block: core/cx4dev_ctl.h, CX4DEV_CTL_REGS_HOSTILE. */
_Static_assert(CX4DEV_CTL_HOSTILE_HITS_BY - CX4DEV_CTL_HOSTILE_ONE_IN == 4 * CX4DEV_HOSTILE_NUM &&
	       CX4DEV_CTL_HOSTILE_END - CX4DEV_CTL_HOSTILE_HITS_BY == 4 * CX4DEV_HOSTILE_NUM,
	       "one rate and one hit counter per hostile action");

/* Default 1-in-N per action (HOSTILE_ONE_IN reads them while 0 is written). */
static const uint32_t cx4dev_hostile_default_one_in[CX4DEV_HOSTILE_NUM] = {
	[CX4DEV_HOSTILE_CQE] = 32,
	[CX4DEV_HOSTILE_CQE_EXTRA] = 32,
	[CX4DEV_HOSTILE_EQE] = 32,
	[CX4DEV_HOSTILE_CMD] = 16,
	[CX4DEV_HOSTILE_CAPS] = 2,
	[CX4DEV_HOSTILE_STORM] = 64,
	[CX4DEV_HOSTILE_PAGES] = 64,
	[CX4DEV_HOSTILE_ZOMBIE] = 4,
};

static const char *const cx4dev_hostile_names[CX4DEV_HOSTILE_NUM] = {
	"cqe", "cqe-extra", "eqe", "cmd", "caps", "storm", "pages", "zombie",
};

#define CX4DEV_HOSTILE_LOG_WINDOW_NS	1000000000ull
#define CX4DEV_HOSTILE_LOG_PER_WINDOW	32
#define CX4DEV_HOSTILE_ALL		((1u << CX4DEV_HOSTILE_NUM) - 1)
#define CX4DEV_HOSTILE_HUGE		(1 << 20)	/* pages: 4 GB */
/* A dword read as an object number: 24 bits (Tables 94-364) or an EQN (8 bits). */
#define CX4DEV_ID24			CX4_MAX(OBJ_CMD, OBJ_NUM)
#define CX4DEV_ID8			CX4_MAX(CREATE_EQ_OUT, EQ_NUMBER)

/* ---- stream, counting, log ---- */

static void cx4dev_hostile_seed(struct cx4dev_hostile *h, uint32_t seed)
{
	/* splitmix64 of the seed: a non-zero xorshift state for every seed. */
	uint64_t z = (uint64_t)seed + 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	h->seed = seed;
	h->rng = z ? z : 1;
}

static uint32_t cx4dev_hostile_rand(struct cx4dev *dev)
{
	uint64_t x = dev->hostile.rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	dev->hostile.rng = x;
	return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}

static uint32_t cx4dev_hostile_one_in(const struct cx4dev *dev, unsigned a)
{
	uint32_t n = dev->hostile.one_in[a];

	return n ? n : cx4dev_hostile_default_one_in[a];
}

/* Does action @a fire now?  No draw while its mask bit is off. */
static bool cx4dev_hostile_roll(struct cx4dev *dev, unsigned a)
{
	if (!(dev->hostile.mask & (1u << a)))
		return false;
	return cx4dev_hostile_rand(dev) % cx4dev_hostile_one_in(dev, a) == 0;
}

static void cx4dev_hostile_log(struct cx4dev *dev, unsigned a, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void cx4dev_hostile_log(struct cx4dev *dev, unsigned a, const char *fmt, ...)
{
	struct cx4dev_hostile *h = &dev->hostile;
	uint64_t now = cx4dev_now(dev);
	char msg[256];
	va_list ap;

	if (now - h->log_window >= CX4DEV_HOSTILE_LOG_WINDOW_NS) {
		if (h->log_window_dropped)
			cx4dev_logf(dev, "hostile: %u lines suppressed (rate limit %u per second)",
				    h->log_window_dropped, CX4DEV_HOSTILE_LOG_PER_WINDOW);
		h->log_window = now;
		h->log_lines = 0;
		h->log_window_dropped = 0;
	}
	if (h->log_lines >= CX4DEV_HOSTILE_LOG_PER_WINDOW) {
		h->log_window_dropped++;
		h->log_dropped++;
		return;
	}
	h->log_lines++;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	cx4dev_logf(dev, "hostile: %s #%llu: %s", cx4dev_hostile_names[a],
		    (unsigned long long)h->hits, msg);
}

/* Count a hit of action @a (before its log line, which shows the count). */
static void cx4dev_hostile_hit(struct cx4dev *dev, unsigned a)
{
	dev->hostile.hits++;
	dev->hostile.hits_by[a]++;
	/* A reset is a reasonable reaction: pages still owned then are excused. */
	dev->knob_hit_since_reset = true;
}

/*
 * A hostile action's own DMA.  While it runs the glue's report of a refused
 * DMA (cx4dev_dma_fault) is not a guest error: the caller counts it as a
 * hostile DMA fault instead.
 */
static int cx4dev_hostile_dma(struct cx4dev *dev, bool write, uint64_t addr, void *buf,
			      size_t len)
{
	int rc;

	dev->hostile.in_dma = true;
	rc = write ? dev->ops->dma_write(dev->opaque, addr, buf, len) :
		     dev->ops->dma_read(dev->opaque, addr, buf, len);
	dev->hostile.in_dma = false;
	return rc;
}

/* A DMA of a hostile action failed: the guest unmapped the memory first. */
static void cx4dev_hostile_dma_fault(struct cx4dev *dev, unsigned a, uint64_t addr,
				     const char *what)
{
	dev->hostile.dma_faults++;
	cx4dev_hostile_log(dev, a, "DMA fault: %s at 0x%llx (not counted as a guest error)",
			   what, (unsigned long long)addr);
}

void cx4dev_hostile_init(struct cx4dev *dev)
{
	struct cx4dev_hostile *h = &dev->hostile;

	memset(h, 0, sizeof(*h));
	h->mask = dev->cfg.hostile & CX4DEV_HOSTILE_ALL;
	cx4dev_hostile_seed(h, dev->cfg.hostile_seed);
	if (h->mask)
		cx4dev_logf(dev, "hostile-device mode: mask 0x%02x seed %u", h->mask, h->seed);
}

/* Device reset: the stream goes on, what was tied to the old objects goes. */
void cx4dev_hostile_reset(struct cx4dev *dev)
{
	struct cx4dev_hostile *h = &dev->hostile;

	h->cmd_tainted = false;
	h->lost_objects = false;
	h->pages_tainted = false;
	h->cqe_tainted = false;
	h->nfaked = 0;
	h->faked_zero = false;
	h->refetch = false;
	h->nzombie = 0;
	h->excusing = false;
}

void cx4dev_hostile_set(struct cx4dev *dev, uint32_t mask, uint32_t seed)
{
	struct cx4dev_hostile *h = &dev->hostile;

	h->mask = mask & CX4DEV_HOSTILE_ALL;
	cx4dev_hostile_seed(h, seed);
	h->hits = 0;
	h->dma_faults = 0;
	h->excused = 0;
	memset(h->hits_by, 0, sizeof(h->hits_by));
	cx4dev_logf(dev, "hostile-device mode: mask 0x%02x seed %u", h->mask, h->seed);
}

/* ---- excusing the guest's reactions ---- */

static void cx4dev_hostile_fake_id(struct cx4dev *dev, uint32_t id)
{
	struct cx4dev_hostile *h = &dev->hostile;

	if (!id) {
		h->faked_zero = true;	/* matched by the object field only */
		return;
	}
	h->faked[h->nfaked % CX4DEV_HOSTILE_FAKED] = id;
	h->nfaked++;
}

static bool cx4dev_hostile_is_faked(const struct cx4dev *dev, uint32_t v)
{
	const struct cx4dev_hostile *h = &dev->hostile;
	uint32_t n = h->nfaked < CX4DEV_HOSTILE_FAKED ? h->nfaked : CX4DEV_HOSTILE_FAKED;

	for (uint32_t i = 0; v && i < n; i++)
		if (h->faked[i] == v)
			return true;
	return false;
}

/*
 * Are the guest errors of @cmd's execution (not of its format or state
 * checks) reactions to hostile actions?  Commands
 * that name an object id the model faked (action cmd: anywhere in the
 * input, e.g. a TIR as a flow destination at 0x340 of SET_FLOW_TABLE_ENTRY
 * or an RQ late in an RQT; a faked id 0 only as the object of a
 * DESTROY_, DEALLOC_, QUERY_ or MODIFY_ command), MANAGE_PAGES, INIT_HCA
 * and DISABLE_HCA after hostile page requests or page counts, TEARDOWN_HCA / DISABLE_HCA
 * (objects and pages the driver lost track of) after faked outputs, and
 * WQ state changes (recovering queues a hostile CQE declared broken).
 */
static bool cx4dev_hostile_names_object(uint16_t opcode)
{
	static const char *const verbs[] = { "DESTROY_", "DEALLOC_", "QUERY_", "MODIFY_" };
	const char *name = cx4dev_opcode_name(opcode);

	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (!strncmp(name, verbs[i], strlen(verbs[i])))
			return true;
	return false;
}

/*
 * A release the model failed with a delivery error, or a creation whose
 * object id it faked, left an object alive that the driver cannot name:
 * releasing what it uses fails with BAD_RES_STATE (still in use) until the
 * function is reset.  Are such rejections of @cmd reactions?  (Only those:
 * a release of an id nobody answered stays a guest error.)  The test is
 * cx4dev_hostile_in_use_excused(), applied by cx4dev_reject().
 */

/* Does @opcode release an object (its failure leaves it alive)? */
static bool cx4dev_hostile_releases_object(uint16_t opcode)
{
	static const char *const verbs[] = { "DESTROY_", "DEALLOC_", "DELETE_" };
	const char *name = cx4dev_opcode_name(opcode);

	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (!strncmp(name, verbs[i], strlen(verbs[i])))
			return true;
	return false;
}

bool cx4dev_hostile_in_use_excused(const struct cx4dev *dev, const struct cx4dev_cmd *cmd)
{
	return dev->hostile.lost_objects && cx4dev_hostile_releases_object(cmd->opcode);
}

/*
 * An id faked as 0 cannot be told from the zeros of an input, so it is
 * matched as the object of a command only (cx4dev_hostile_cmd_excused).
 * Used as a reference (the transport domain of a CREATE_TIS, the PD of a
 * WQ, the CQ of an SQ), it makes the command fail with BAD_RESOURCE: an
 * object it names does not exist.  Until the next reset every such
 * rejection of a command that has no object of its own (CREATE_, SET_,
 * ...: not DESTROY_/DEALLOC_/QUERY_/MODIFY_, whose unknown object stays
 * a guest error) is a reaction (over-approximated: the missing object
 * may be another one), applied by cx4dev_reject().
 */
bool cx4dev_hostile_missing_excused(const struct cx4dev *dev, const struct cx4dev_cmd *cmd)
{
	return dev->hostile.cmd_tainted && dev->hostile.faked_zero &&
	       !cx4dev_hostile_names_object(cmd->opcode);
}

bool cx4dev_hostile_cmd_excused(const struct cx4dev *dev, const struct cx4dev_cmd *cmd)
{
	const struct cx4dev_hostile *h = &dev->hostile;
	uint32_t end = cmd->in_len;

	if (h->pages_tainted && (cmd->opcode == CX4_CMD_MANAGE_PAGES ||
				 cmd->opcode == CX4_CMD_INIT_HCA ||
				 cmd->opcode == CX4_CMD_DISABLE_HCA))
		return true;
	if (h->cqe_tainted && (cmd->opcode == CX4_CMD_MODIFY_SQ ||
			       cmd->opcode == CX4_CMD_MODIFY_RQ))
		return true;
	if (!h->cmd_tainted)
		return false;
	if (cmd->opcode == CX4_CMD_TEARDOWN_HCA || cmd->opcode == CX4_CMD_DISABLE_HCA)
		return true;
	if (h->faked_zero && end >= CX4_CMD_HDR_SIZE + 4 &&
	    !CX4_GET(OBJ_CMD, cmd->in, OBJ_NUM) &&
	    cx4dev_hostile_names_object(cmd->opcode))
		return true;
	for (uint32_t off = CX4_CMD_HDR_SIZE; off + 4 <= end; off += 4) {
		uint32_t dw = cx4_rd32(cmd->in, off);

		/*
		 * An id in the low 24 or 8 bits, or an 8-bit one in the top
		 * byte (the RQ context's counter_set_id, beyond rev 0.40).
		 */
		if (cx4dev_hostile_is_faked(dev, dw & CX4DEV_ID24) ||
		    cx4dev_hostile_is_faked(dev, dw & CX4DEV_ID8) ||
		    cx4dev_hostile_is_faked(dev, dw >> 24))
			return true;
	}
	return false;
}

/*
 * A UAR doorbell write: does it name (as UAR page, EQN, CQN or SQN) an
 * object id the model faked?  Then its guest errors are reactions.  UAR
 * page 0 is the initialization segment: a doorbell the driver aimed at a
 * faked UAR 0 lands there.
 */
bool cx4dev_hostile_db_excused(const struct cx4dev *dev, uint32_t uar, uint32_t val)
{
	if (!dev->hostile.cmd_tainted)
		return false;
	return cx4dev_hostile_is_faked(dev, uar) || (!uar && dev->hostile.faked_zero) || cx4dev_hostile_is_faked(dev, val >> 24) ||
	       cx4dev_hostile_is_faked(dev, val & CX4DEV_ID24) ||
	       cx4dev_hostile_is_faked(dev, val >> 8);
}

/* ---- action cqe: CQE fields (Tables 67, 68, 73, 74) ---- */

static const uint32_t cx4dev_hostile_cqe_fields[] = {
	CX4_CQE_BYTE_CNT, CX4_CQE_WQE_COUNTER, CX4_CQE_OPCODE, CX4_ERR_CQE_SYNDROME,
	CX4_ERR_CQE_VENDOR_ERR_SYNDROME, CX4_CQE_LRO_NUM_SEG, CX4_CQE_L4_OK, CX4_CQE_L3_OK,
	CX4_CQE_L2_OK, CX4_CQE_CHECKSUM, CX4_CQE_L4_HDR_TYPE, CX4_CQE_L3_HDR_TYPE,
	CX4_CQE_CV, CX4_CQE_VID, CX4_CQE_FORMAT, CX4_CQE_RX_HASH_TYPE, CX4_CQE_FLOW_TAG,
	CX4_CQE_USER_INDEX, CX4_CQE_S_WQE_OPCODE, CX4_CQE_SE, CX4_CQE_LRO_TCP_WIN,
};
#define CX4DEV_HOSTILE_NCQE_FIELDS \
	(sizeof(cx4dev_hostile_cqe_fields) / sizeof(cx4dev_hostile_cqe_fields[0]))

/* A random value of field @f: within its width, never equal to @old. */
static uint32_t cx4dev_hostile_value(struct cx4dev *dev, uint32_t f, uint32_t old)
{
	uint32_t mask = cx4_fld_mask(f), v = cx4dev_hostile_rand(dev) & mask;

	switch (cx4dev_hostile_rand(dev) % 4) {
	case 0:
		v = mask;		/* all ones: the field's limit */
		break;
	case 1:
		v = 0;
		break;
	default:
		break;
	}
	return v == old ? (old ^ 1) & mask : v;
}

/* Mutate one field of CQE @cqe (before it is written); the field index. */
static unsigned cx4dev_hostile_cqe_mutate(struct cx4dev *dev, uint8_t *cqe, uint32_t *newval)
{
	unsigned i = cx4dev_hostile_rand(dev) % CX4DEV_HOSTILE_NCQE_FIELDS;
	uint32_t f = cx4dev_hostile_cqe_fields[i];

	*newval = cx4dev_hostile_value(dev, f, cx4_get(cqe, f));
	cx4_set(cqe, f, *newval);
	if (f == CX4_ERR_CQE_SYNDROME || f == CX4_ERR_CQE_VENDOR_ERR_SYNDROME)
		CX4_SET(CQE, cqe, OPCODE, CX4_GET(CQE, cqe, OPCODE) ?
			CX4_CQE_OP_RESP_ERR : CX4_CQE_OP_REQ_ERR);
	return i;
}

/*
 * A CQE is about to be posted to CQ @cqn: mutate one field now, or let
 * it be written good and rewrite a field later, while its owner bit says
 * software (double fetch, cx4dev_hostile_cqe_written()).
 */
void cx4dev_hostile_cqe(struct cx4dev *dev, uint32_t cqn, uint8_t *cqe)
{
	struct cx4dev_hostile *h = &dev->hostile;
	uint32_t v;
	unsigned i;

	if (!cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_CQE))
		return;
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_CQE);
	h->cqe_tainted = true;
	if (cx4dev_hostile_rand(dev) & 1) {
		h->refetch_want = true;
		h->refetch_want_cqn = cqn;
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CQE, "CQ 0x%x: CQE written good, to be "
				   "rewritten after the owner bit flipped", cqn);
		return;
	}
	i = cx4dev_hostile_cqe_mutate(dev, cqe, &v);
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CQE, "CQ 0x%x: CQE field %u (dword 0x%02x) = 0x%x",
			   cqn, i, CX4_FLD_OFF(cx4dev_hostile_cqe_fields[i]), v);
}

/*
 * Rewrite the remembered CQE with one field changed and signed again, the
 * owner bit as written (software's).
 */
static void cx4dev_hostile_refetch(struct cx4dev *dev)
{
	struct cx4dev_hostile *h = &dev->hostile;
	struct cx4dev_cq *cq = h->refetch_cqn < dev->ncq_slots ? dev->cqs[h->refetch_cqn] : NULL;
	uint32_t v, off;
	unsigned i;

	if (!h->refetch)
		return;
	h->refetch = false;
	/* Only while the CQ exists and the entry was not reused (real firmware). */
	if (!cq || ((cq->pc - h->refetch_pc) & CX4_QUEUE_COUNTER_MASK) >= (1u << cq->log_size))
		return;
	i = cx4dev_hostile_cqe_mutate(dev, h->refetch_cqe, &v);
	off = CX4_FLD_OFF(cx4dev_hostile_cqe_fields[i]);
	cx4_cqe_sign(h->refetch_cqe, cq->cc ? 0 : h->refetch_pc & ((1u << cq->log_size) - 1));
	if (cx4dev_hostile_dma(dev, true, h->refetch_addr, h->refetch_cqe, CX4_CQE_SIZE)) {
		cx4dev_hostile_dma_fault(dev, CX4DEV_HOSTILE_CQE, h->refetch_addr,
					 "CQE rewrite (double fetch)");
		return;
	}
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CQE, "CQ 0x%x: CQE at 0x%llx rewritten after "
			   "ownership went to software: field %u (dword 0x%02x) = 0x%x",
			   h->refetch_cqn, (unsigned long long)h->refetch_addr, i, off, v);
}

/* ---- action cqe-extra: CQEs nobody asked for ---- */

/*
 * CQE @cqe (as written, owner and signature set) went to entry @addr of
 * CQ @cqn at producer counter @pc: arm a pending double fetch on it, and
 * maybe ask for an extra CQE with a duplicate wqe_counter, an unposted one
 * (ahead by more than the CQ size) or an out-of-order one (1-8 behind):
 * true if cq.c is to write @extra (with hostile.in_extra set).
 */
bool cx4dev_hostile_cqe_written(struct cx4dev *dev, uint32_t cqn, const struct cx4dev_cq *cq,
				uint32_t pc, uint64_t addr, const uint8_t *cqe,
				uint8_t extra[CX4_CQE_SIZE])
{
	struct cx4dev_hostile *h = &dev->hostile;
	uint32_t size = 1u << cq->log_size, wc = CX4_GET(CQE, cqe, WQE_COUNTER), kind;
	static const char *const kinds[] = { "duplicate", "unposted", "out-of-order" };

	if (h->refetch_want && h->refetch_want_cqn == cqn) {
		/* One rewrite pending at a time: an older one goes out first. */
		if (h->refetch && h->ticks > h->refetch_tick)
			cx4dev_hostile_refetch(dev);
		h->refetch_want = false;
		h->refetch = true;
		h->refetch_cqn = cqn;
		h->refetch_tick = h->ticks;
		h->refetch_pc = pc;
		h->refetch_addr = addr;
		memcpy(h->refetch_cqe, cqe, sizeof(h->refetch_cqe));
	}
	if (h->in_extra || CX4_GET(CQE, cqe, OPCODE) >= CX4_CQE_OP_REQ_ERR ||
	    CX4_GET(CQE, cqe, FORMAT) == CX4_CQE_FORMAT_COMPRESSED)
		return false;
	if (!cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_CQE_EXTRA))
		return false;
	/* Room for it: the extra CQE itself never overruns the CQ. */
	if (((cq->pc - cq->ci) & CX4_QUEUE_COUNTER_MASK) + 1 >= size)
		return false;
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_CQE_EXTRA);
	h->cqe_tainted = true;
	memcpy(extra, cqe, CX4_CQE_SIZE);
	kind = cx4dev_hostile_rand(dev) % 3;
	if (kind == 1)
		wc += 1 + (size > 1 ? size : 1) + cx4dev_hostile_rand(dev) % 256;
	else if (kind == 2)
		wc -= 1 + cx4dev_hostile_rand(dev) % 8;
	CX4_SET(CQE, extra, WQE_COUNTER, wc & 0xffff);
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CQE_EXTRA, "CQ 0x%x: extra CQE, %s wqe_counter "
			   "0x%x (real 0x%x)", cqn, kinds[kind], wc & 0xffff,
			   CX4_GET(CQE, cqe, WQE_COUNTER));
	return true;
}

/* cq.c: a CQE write failed; true if it was a hostile one (not a guest error). */
bool cx4dev_hostile_cqe_dma_fault(struct cx4dev *dev, uint64_t addr)
{
	if (!dev->hostile.in_extra)
		return false;
	cx4dev_hostile_dma_fault(dev, CX4DEV_HOSTILE_CQE_EXTRA, addr, "extra CQE");
	return true;
}

/* ---- action eqe: EQE fields (Tables 77-80 and the event data layouts) ---- */

void cx4dev_hostile_eqe(struct cx4dev *dev, unsigned eqn, uint8_t *eqe)
{
	uint8_t type = (uint8_t)CX4_GET(EQE, eqe, EVENT_TYPE);
	uint32_t f, v;

	if (!cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_EQE))
		return;
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_EQE);
	switch (cx4dev_hostile_rand(dev) % 3 ? type : 0xff) {
	case CX4_EVENT_COMPLETION:
		f = CX4_EQE_COMP_CQN;
		break;
	case CX4_EVENT_CQ_ERROR:
		f = cx4dev_hostile_rand(dev) & 1 ? CX4_EQE_CQ_ERR_CQN : CX4_EQE_CQ_ERR_SYNDROME;
		break;
	case CX4_EVENT_PAGE_REQUEST:
		f = CX4_EQE_PAGES_NUM_PAGES;
		dev->hostile.pages_tainted = true;
		break;
	case CX4_EVENT_CMD_COMPLETION:
		f = CX4_EQE_CMD_VECTOR;
		break;
	case CX4_EVENT_PORT_STATE_CHANGE:
		f = cx4dev_hostile_rand(dev) & 1 ? CX4_EQE_PORT_NUM : CX4_EQE_EVENT_SUB_TYPE;
		break;
	default:
		f = cx4dev_hostile_rand(dev) & 1 ? CX4_EQE_EVENT_TYPE : CX4_EQE_EVENT_SUB_TYPE;
		break;
	}
	v = cx4dev_hostile_value(dev, f, cx4_get(eqe, f));
	cx4_set(eqe, f, v);
	if (f == CX4_EQE_EVENT_TYPE && v == CX4_EVENT_PAGE_REQUEST)
		dev->hostile.pages_tainted = true;
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_EQE, "EQ%u: event 0x%02x EQE dword 0x%02x bits "
			   "%u:%u = 0x%x", eqn, type, CX4_FLD_OFF(f),
			   CX4_FLD_LSB(f) + 31 - __builtin_clz(cx4_fld_mask(f)), CX4_FLD_LSB(f), v);
}

/* ---- action cmd: delivery errors, outputs, early ownership ---- */

static const uint8_t cx4dev_hostile_ds[] = {
	CX4_CMDQ_DS_SIGNATURE_ERR, CX4_CMDQ_DS_TOKEN_ERR, CX4_CMDQ_DS_BAD_BLOCK_NUMBER,
	CX4_CMDQ_DS_BAD_OUTPUT_POINTER, CX4_CMDQ_DS_BAD_INPUT_POINTER, CX4_CMDQ_DS_INTERNAL_ERR,
	CX4_CMDQ_DS_INPUT_LEN_ERR, CX4_CMDQ_DS_OUTPUT_LEN_ERR, CX4_CMDQ_DS_RESERVED_NOT_ZERO,
	CX4_CMDQ_DS_BAD_COMMAND_TYPE,
};

/* The object id field of @opcode's output, 0 if it has none. */
static uint32_t cx4dev_hostile_id_field(uint16_t opcode)
{
	switch (opcode) {
	case CX4_CMD_ALLOC_PD:			return CX4_ALLOC_PD_OUT_PD;
	case CX4_CMD_ALLOC_UAR:			return CX4_ALLOC_UAR_OUT_UAR;
	case CX4_CMD_ALLOC_TRANSPORT_DOMAIN:	return CX4_ALLOC_TD_OUT_TRANSPORT_DOMAIN;
	case CX4_CMD_CREATE_MKEY:		return CX4_CREATE_MKEY_OUT_MKEY_INDEX;
	case CX4_CMD_CREATE_EQ:			return CX4_CREATE_EQ_OUT_EQ_NUMBER;
	case CX4_CMD_CREATE_CQ:			return CX4_CREATE_CQ_OUT_CQN;
	case CX4_CMD_CREATE_TIR:		return CX4_CREATE_TIR_OUT_TIRN;
	case CX4_CMD_CREATE_TIS:		return CX4_CREATE_TIS_OUT_TISN;
	case CX4_CMD_CREATE_SQ:			return CX4_CREATE_SQ_OUT_SQN;
	case CX4_CMD_CREATE_RQ:			return CX4_CREATE_RQ_OUT_RQN;
	case CX4_CMD_CREATE_RQT:		return CX4_CREATE_RQT_OUT_RQTN;
	case CX4_CMD_CREATE_FLOW_TABLE:		return CX4_CREATE_FLOW_TABLE_OUT_TABLE_ID;
	case CX4_CMD_CREATE_FLOW_GROUP:		return CX4_CREATE_FLOW_GROUP_OUT_GROUP_ID;
	case CX4_CMD_ALLOC_Q_COUNTER:		return CX4_ALLOC_Q_COUNTER_OUT_COUNTER_SET_ID;
	default:				return 0;
	}
}

/*
 * Before execution: the kind of hostile answer @cmd gets (cmd->hostile),
 * or a delivery error instead of executing it (true, *ds set).
 */
bool cx4dev_hostile_cmd_ds(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t *ds)
{
	uint32_t kind;

	cmd->hostile = 0;
	if (!cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_CMD))
		return false;
	kind = cx4dev_hostile_rand(dev) % CX4DEV_HCMD_NUM;
	if (kind != CX4DEV_HCMD_DS) {
		cmd->hostile = kind;
		return false;
	}
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_CMD);
	dev->hostile.cmd_tainted = true;
	if (cx4dev_hostile_releases_object(cmd->opcode))
		dev->hostile.lost_objects = true;
	*ds = cx4dev_hostile_ds[cx4dev_hostile_rand(dev) % sizeof(cx4dev_hostile_ds)];
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CMD, "cmd[%u] %s(0x%x) not executed: delivery "
			   "status %s (0x%x)", cmd->slot, cx4dev_opcode_name(cmd->opcode),
			   cmd->opcode, cx4dev_delivery_name(*ds), *ds);
	return true;
}

/* After execution, before completion: fake part of the output. */
void cx4dev_hostile_cmd_out(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t f = cx4dev_hostile_id_field(cmd->opcode), real, fake, off, end, old;

	if (cmd->hostile == CX4DEV_HCMD_ID && cmd->status == CX4_CMD_STAT_OK && f) {
		real = cx4_get(cmd->out, f);
		switch (cx4dev_hostile_rand(dev) % 3) {
		case 0:
			fake = cx4_fld_mask(f);		/* beyond every log_max_* */
			break;
		case 1:
			fake = real ? real - 1 : real + 1;	/* another object's (duplicate) */
			break;
		default:
			fake = cx4dev_hostile_rand(dev) & cx4_fld_mask(f);
			break;
		}
		if (fake == real)
			fake = (real ^ 1) & cx4_fld_mask(f);
		cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_CMD);
		dev->hostile.cmd_tainted = true;
		/* The real object is orphaned: what it uses stays in use. */
		dev->hostile.lost_objects = true;
		cx4dev_hostile_fake_id(dev, fake);
		cx4_set(cmd->out, f, fake);
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CMD, "cmd[%u] %s(0x%x): object id 0x%x "
				   "answered as 0x%x", cmd->slot, cx4dev_opcode_name(cmd->opcode),
				   cmd->opcode, real, fake);
		return;
	}
	if ((cmd->hostile == CX4DEV_HCMD_ID || cmd->hostile == CX4DEV_HCMD_FIELD) &&
	    cmd->status == CX4_CMD_STAT_OK && cmd->out_len >= CX4_CMD_HDR_SIZE + 4) {
		end = cmd->out_len < 0x400 ? cmd->out_len : 0x400;
		off = CX4_CMD_HDR_SIZE + 4 * (cx4dev_hostile_rand(dev) %
					      ((end - CX4_CMD_HDR_SIZE) / 4));
		old = cx4_rd32(cmd->out, off);
		fake = cx4dev_hostile_value(dev, CX4_DW(off), old);	/* prm-offsets: ok, any dword */
		cx4_wr32(cmd->out, off, fake);
		cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_CMD);
		dev->hostile.cmd_tainted = true;
		if (cmd->opcode == CX4_CMD_QUERY_PAGES)
			dev->hostile.pages_tainted = true;	/* a faked page count */
		if (off == CX4_CMD_HDR_SIZE) {
			/*
			 * The dword of a created object's id: that object
			 * may be orphaned, what it uses stays in use.
			 */
			dev->hostile.lost_objects = true;
			cx4dev_hostile_fake_id(dev, fake & CX4DEV_ID24);
			cx4dev_hostile_fake_id(dev, fake & CX4DEV_ID8);
		}
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CMD, "cmd[%u] %s(0x%x): output dword 0x%x "
				   "0x%08x -> 0x%08x", cmd->slot, cx4dev_opcode_name(cmd->opcode),
				   cmd->opcode, off, old, fake);
	}
}

/* At completion: hand ownership back before writing the output? */
bool cx4dev_hostile_cmd_early(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	if (cmd->hostile != CX4DEV_HCMD_EARLY)
		return false;
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_CMD);
	dev->hostile.cmd_tainted = true;
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CMD, "cmd[%u] %s(0x%x): ownership returned "
			   "before the output is written", cmd->slot,
			   cx4dev_opcode_name(cmd->opcode), cmd->opcode);
	return true;
}

/* ---- action zombie: DMA after a failed DESTROY or a hang ---- */

static void cx4dev_hostile_zombie_add(struct cx4dev *dev, uint32_t kind, uint32_t id,
				      uint64_t addr, uint32_t len)
{
	struct cx4dev_hostile *h = &dev->hostile;
	struct cx4dev_hostile_zombie *z;

	if (!(h->mask & (1u << CX4DEV_HOSTILE_ZOMBIE)) || h->nzombie >= CX4DEV_HOSTILE_ZOMBIES)
		return;
	z = &h->zombie[h->nzombie++];
	z->kind = kind;
	z->id = id;
	z->addr = addr;
	z->len = len;
}

/*
 * @cmd failed (status or delivery error, @hung: never completes): the
 * device may go on using what it names.  DESTROY_CQ / DESTROY_EQ: the
 * queue's first entry; a hung command: its first output mailbox.
 */
void cx4dev_hostile_cmd_failed(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool hung)
{
	uint32_t id;

	if (cmd->opcode == CX4_CMD_DESTROY_CQ && cmd->in_len >= CX4_DESTROY_CQ_IN_SIZE) {
		id = cx4dev_in_get(cmd, CX4_DESTROY_CQ_IN_CQN);
		if (id < dev->ncq_slots && dev->cqs[id])
			cx4dev_hostile_zombie_add(dev, CX4_CMD_DESTROY_CQ, id, dev->cqs[id]->pas[0],
						  CX4_CQE_SIZE);
	} else if (cmd->opcode == CX4_CMD_DESTROY_EQ && cmd->in_len >= CX4_DESTROY_EQ_IN_SIZE) {
		id = cx4dev_in_get(cmd, CX4_DESTROY_EQ_IN_EQ_NUMBER);
		if (id < CX4DEV_MAX_EQ && dev->eqs[id].valid)
			cx4dev_hostile_zombie_add(dev, CX4_CMD_DESTROY_EQ, id, dev->eqs[id].pas[0],
						  CX4_EQE_SIZE);
	}
	if (hung && cmd->n_out_mbox)
		cx4dev_hostile_zombie_add(dev, 0, cmd->slot, cmd->out_mbox_addr[0],
					  CX4_MBOX_SIZE);
}

/* Is the zombie's object still the device's (a real destroy ends it)? */
static bool cx4dev_hostile_zombie_alive(const struct cx4dev *dev,
					const struct cx4dev_hostile_zombie *z)
{
	switch (z->kind) {
	case CX4_CMD_DESTROY_CQ:
		return z->id < dev->ncq_slots && dev->cqs[z->id] &&
		       dev->cqs[z->id]->pas[0] == z->addr;
	case CX4_CMD_DESTROY_EQ:
		return dev->eqs[z->id].valid && dev->eqs[z->id].pas[0] == z->addr;
	default:
		return dev->slots[z->id].state == CX4DEV_SLOT_HUNG;
	}
}

static const char *cx4dev_hostile_zombie_name(const struct cx4dev_hostile_zombie *z)
{
	switch (z->kind) {
	case CX4_CMD_DESTROY_CQ:	return "CQ after failed DESTROY_CQ";
	case CX4_CMD_DESTROY_EQ:	return "EQ after failed DESTROY_EQ";
	default:			return "output mailbox of a hung command";
	}
}

/* One DMA of a zombie: read its memory and write the same bytes back. */
static void cx4dev_hostile_zombie_dma(struct cx4dev *dev)
{
	struct cx4dev_hostile *h = &dev->hostile;
	uint8_t buf[CX4_MBOX_SIZE];
	struct cx4dev_hostile_zombie *z;
	uint32_t i = cx4dev_hostile_rand(dev) % h->nzombie;

	z = &h->zombie[i];
	if (!cx4dev_hostile_zombie_alive(dev, z)) {
		h->zombie[i] = h->zombie[--h->nzombie];
		return;
	}
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_ZOMBIE);
	if (cx4dev_hostile_dma(dev, false, z->addr, buf, z->len) ||
	    cx4dev_hostile_dma(dev, true, z->addr, buf, z->len)) {
		cx4dev_hostile_dma_fault(dev, CX4DEV_HOSTILE_ZOMBIE, z->addr,
					 cx4dev_hostile_zombie_name(z));
		h->zombie[i] = h->zombie[--h->nzombie];
		return;
	}
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_ZOMBIE, "DMA to 0x%llx (%u bytes): %s (id %u)",
			   (unsigned long long)z->addr, z->len, cx4dev_hostile_zombie_name(z), z->id);
}

/* ---- action caps: capability values at their limits (QUERY_HCA_CAP) ---- */

/*
 * General capabilities (Table 145) the model enforces: lowered to 0 or 1
 * in the current capabilities, so the device also holds the driver to
 * them; or the RQ stride range collapsed to one of its ends.  Never
 * raised: the model would then accept what it cannot back.
 */
static const uint32_t cx4dev_hostile_cap_fields[] = {
	CX4_CAP_LOG_MAX_CQ_SZ, CX4_CAP_LOG_MAX_CQ, CX4_CAP_LOG_MAX_EQ_SZ, CX4_CAP_LOG_MAX_EQ,
	CX4_CAP_LOG_MAX_MKEY, CX4_CAP_LOG_MAX_WQ_SZ, CX4_CAP_LOG_MAX_RQT_SIZE,
	CX4_CAP_LOG_MAX_CURRENT_UC_LIST, CX4_CAP_LOG_MAX_CURRENT_MC_LIST,
	CX4_CAP_LOG_MAX_VLAN_LIST,
};
#define CX4DEV_HOSTILE_NCAP_FIELDS \
	(sizeof(cx4dev_hostile_cap_fields) / sizeof(cx4dev_hostile_cap_fields[0]))

void cx4dev_hostile_caps(struct cx4dev *dev)
{
	uint8_t *g = dev->caps.cur[CX4DEV_CAPI_GENERAL];
	uint32_t i, v, lo, hi;

	if (!cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_CAPS))
		return;
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_CAPS);
	i = cx4dev_hostile_rand(dev) % (CX4DEV_HOSTILE_NCAP_FIELDS + 1);
	if (i == CX4DEV_HOSTILE_NCAP_FIELDS) {
		lo = CX4_GET(CAP, g, LOG_MIN_STRIDE_SZ_RQ);
		hi = CX4_GET(CAP, g, LOG_MAX_STRIDE_SZ_RQ);
		v = cx4dev_hostile_rand(dev) & 1 ? lo : hi;
		CX4_SET(CAP, g, LOG_MIN_STRIDE_SZ_RQ, v);
		CX4_SET(CAP, g, LOG_MAX_STRIDE_SZ_RQ, v);
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CAPS, "HCA_CAP log_min/max_stride_sz_rq "
				   "%u-%u -> %u-%u", lo, hi, v, v);
		return;
	}
	lo = cx4_get(g, cx4dev_hostile_cap_fields[i]);
	v = cx4dev_hostile_rand(dev) & 1;
	if (v > lo)
		v = lo;
	cx4_set(g, cx4dev_hostile_cap_fields[i], v);
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_CAPS, "HCA_CAP dword 0x%02x field at bit %u: %u "
			   "-> %u", CX4_FLD_OFF(cx4dev_hostile_cap_fields[i]),
			   CX4_FLD_LSB(cx4dev_hostile_cap_fields[i]), lo, v);
}

/* ---- actions storm, pages, zombie and the double fetch: after a BAR0 write ---- */

static void cx4dev_hostile_storm(struct cx4dev *dev)
{
	uint32_t n = dev->cfg.msix_vectors, burst = 1 + cx4dev_hostile_rand(dev) % 4;

	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_STORM);
	cx4dev_hostile_log(dev, CX4DEV_HOSTILE_STORM, "%u spurious MSI-X on each of %u vectors",
			   burst, n);
	for (uint32_t b = 0; b < burst; b++)
		for (uint32_t v = 0; v < n; v++)
			dev->ops->msix_notify(dev->opaque, v);
}

static void cx4dev_hostile_pages(struct cx4dev *dev)
{
	int32_t n;
	uint32_t kind;

	if (dev->state != CX4DEV_ST_INITIALIZED)
		return;
	cx4dev_hostile_hit(dev, CX4DEV_HOSTILE_PAGES);
	dev->hostile.pages_tainted = true;
	n = 1 + (int32_t)(cx4dev_hostile_rand(dev) % 64);
	kind = cx4dev_hostile_rand(dev) % 4;
	if (kind == 2 && dev->pages_delta >= CX4DEV_HOSTILE_HUGE)
		kind = 0;	/* one huge request outstanding at a time */
	switch (kind) {
	case 0:		/* more */
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_PAGES, "page request +%d", n);
		cx4dev_page_request_delta(dev, n, "hostile");
		break;
	case 1:		/* fewer */
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_PAGES, "page request -%d", n);
		cx4dev_page_request_delta(dev, -n, "hostile");
		break;
	case 2:		/* huge: 4 GB */
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_PAGES, "page request +%d (huge)",
				   CX4DEV_HOSTILE_HUGE);
		cx4dev_page_request_delta(dev, CX4DEV_HOSTILE_HUGE, "hostile");
		break;
	default:	/* interleaved: more, then fewer before the driver answered */
		cx4dev_hostile_log(dev, CX4DEV_HOSTILE_PAGES, "page requests +%d, -%d", n, n);
		cx4dev_page_request_delta(dev, n, "hostile");
		cx4dev_page_request_delta(dev, -n, "hostile");
		break;
	}
}

void cx4dev_hostile_tick(struct cx4dev *dev)
{
	struct cx4dev_hostile *h = &dev->hostile;

	if (!h->mask)
		return;
	/* Not at the end of the doorbell that wrote it: at a later one. */
	if (h->refetch && ++h->ticks > h->refetch_tick + 1)
		cx4dev_hostile_refetch(dev);
	if (cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_STORM))
		cx4dev_hostile_storm(dev);
	if (cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_PAGES))
		cx4dev_hostile_pages(dev);
	if (h->nzombie && cx4dev_hostile_roll(dev, CX4DEV_HOSTILE_ZOMBIE))
		cx4dev_hostile_zombie_dma(dev);
}

/* ---- debug control page block ---- */

bool cx4dev_hostile_ctl_read(struct cx4dev *dev, uint32_t off, uint32_t *val)
{
	struct cx4dev_hostile *h = &dev->hostile;
	uint32_t a = (off & 0x1f) / 4;

	if (off < CX4DEV_CTL_HOSTILE || off >= CX4DEV_CTL_HOSTILE_END)
		return false;
	switch (off) {
	case CX4DEV_CTL_HOSTILE:		*val = h->mask; break;
	case CX4DEV_CTL_HOSTILE_SEED:		*val = h->seed; break;
	case CX4DEV_CTL_HOSTILE_HITS:		*val = (uint32_t)h->hits; break;
	case CX4DEV_CTL_HOSTILE_DMA_FAULTS:	*val = (uint32_t)h->dma_faults; break;
	case CX4DEV_CTL_HOSTILE_EXCUSED:	*val = (uint32_t)h->excused; break;
	case CX4DEV_CTL_HOSTILE_LOG_DROPPED:	*val = (uint32_t)h->log_dropped; break;
	default:
		if (off >= CX4DEV_CTL_HOSTILE_ONE_IN && off < CX4DEV_CTL_HOSTILE_HITS_BY)
			*val = cx4dev_hostile_one_in(dev, a);
		else if (off >= CX4DEV_CTL_HOSTILE_HITS_BY)
			*val = (uint32_t)h->hits_by[a];
		else
			*val = 0;
		break;
	}
	return true;
}

bool cx4dev_hostile_ctl_write(struct cx4dev *dev, uint32_t off, uint32_t val)
{
	struct cx4dev_hostile *h = &dev->hostile;

	if (off < CX4DEV_CTL_HOSTILE || off >= CX4DEV_CTL_HOSTILE_END)
		return false;
	switch (off) {
	case CX4DEV_CTL_HOSTILE:
		if (val & ~CX4DEV_HOSTILE_ALL) {
			cx4dev_guest_error(dev, "debug control page: HOSTILE 0x%x has undefined "
					   "action bits (0x%x defined)", val, CX4DEV_HOSTILE_ALL);
			return true;
		}
		h->mask = val;
		cx4dev_logf(dev, "debug-ctl: HOSTILE = 0x%02x (seed %u)", val, h->seed);
		return true;
	case CX4DEV_CTL_HOSTILE_SEED:
		cx4dev_hostile_set(dev, h->mask, val);
		return true;
	default:
		if (off >= CX4DEV_CTL_HOSTILE_ONE_IN && off < CX4DEV_CTL_HOSTILE_HITS_BY) {
			h->one_in[(off & 0x1f) / 4] = val;
			cx4dev_logf(dev, "debug-ctl: HOSTILE_ONE_IN[%s] = %u",
				    cx4dev_hostile_names[(off & 0x1f) / 4],
				    cx4dev_hostile_one_in(dev, (off & 0x1f) / 4));
			return true;
		}
		cx4dev_guest_error(dev, "debug control page: write 0x%08x to read-only/unknown "
				   "offset 0x%x", val, off);
		return true;
	}
}

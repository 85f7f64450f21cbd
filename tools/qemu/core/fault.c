/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Fault-injection knobs and the debug control page (BAR0 + 0x1fff000,
 * property debug-ctl=on).  Failures injected here are not guest errors.
 * Register map: Documentation/device-model.md, "Debug control page".
 */
#include "cx4dev_int.h"

/*
 * The register map is core/cx4dev_ctl.h, shared with the guest tool
 * (tools/testing/cx4ctl.c).  The arrays in it follow the model's enums:
 */
_Static_assert(CX4DEV_CTL_BASE == CX4DEV_CTL_PAGE_OFF, "debug control page offset");

/* Each array is contiguous (register k at base + 4 * k)... */
#define CX4DEV_CTL_POS(id, name, off, acc)	CX4DEV_CTL_POS_##id,
enum { CX4DEV_CTL_REGS_PORT_CNT(CX4DEV_CTL_POS) CX4DEV_CTL_NUM_PORT_CNT };
enum { CX4DEV_CTL_REGS_ETH_CNT(CX4DEV_CTL_POS) CX4DEV_CTL_NUM_ETH_CNT };
enum { CX4DEV_CTL_REGS_CHAN(CX4DEV_CTL_POS) CX4DEV_CTL_NUM_CHAN };
#undef CX4DEV_CTL_POS
#define CX4DEV_CTL_AT_PORT_CNT(id, name, off, acc)				\
	_Static_assert((off) == CX4DEV_CTL_PORT_CNT + 4 * CX4DEV_CTL_POS_##id, #id);
#define CX4DEV_CTL_AT_ETH_CNT(id, name, off, acc)				\
	_Static_assert((off) == CX4DEV_CTL_ETH_CNT + 4 * CX4DEV_CTL_POS_##id, #id);
#define CX4DEV_CTL_AT_CHAN(id, name, off, acc)					\
	_Static_assert((off) == CX4DEV_CTL_CHAN + 4 * CX4DEV_CTL_POS_##id, #id);
CX4DEV_CTL_REGS_PORT_CNT(CX4DEV_CTL_AT_PORT_CNT)
CX4DEV_CTL_REGS_ETH_CNT(CX4DEV_CTL_AT_ETH_CNT)
CX4DEV_CTL_REGS_CHAN(CX4DEV_CTL_AT_CHAN)

/* ... as long as the model's array, ... */
_Static_assert((int)CX4DEV_CTL_NUM_PORT_CNT == (int)CX4DEV_PC_NUM, "port counters");
_Static_assert((int)CX4DEV_CTL_NUM_ETH_CNT == (int)CX4DEV_ETH_NUM_CNT, "datapath counters");
_Static_assert(CX4DEV_CTL_CHAN_TX_COUNT + 4 == CX4DEV_CTL_ETH_CNT, "channels' view");

/* ... in the order of the model's enum. */
#define CX4DEV_CTL_IS_ETH(id, name, off, acc)					\
	_Static_assert((int)CX4DEV_CTL_POS_##id == (int)CX4DEV_##id, #id);
CX4DEV_CTL_REGS_ETH_CNT(CX4DEV_CTL_IS_ETH)
_Static_assert((int)CX4DEV_CTL_POS_PC_TX_FRAMES == (int)CX4DEV_PC_TX_FRAMES &&
	       (int)CX4DEV_CTL_POS_PC_TX_ERRORS == (int)CX4DEV_PC_TX_ERRORS &&
	       (int)CX4DEV_CTL_POS_PC_RX_ALL == (int)CX4DEV_PC_RX_ALL &&
	       (int)CX4DEV_CTL_POS_PC_RX_OK_OCTETS == (int)CX4DEV_PC_RX_OK_OCTETS &&
	       (int)CX4DEV_CTL_POS_PC_RX_DISCARDS == (int)CX4DEV_PC_RX_DISCARDS &&
	       (int)CX4DEV_CTL_POS_PC_RX_UNSUP_OPCODE == (int)CX4DEV_PC_RX_UNSUP_OPCODE &&
	       (int)CX4DEV_CTL_POS_PC_RX_64 == (int)CX4DEV_PC_RX_64 &&
	       (int)CX4DEV_CTL_POS_PC_RX_IN_RANGE_LEN == (int)CX4DEV_PC_RX_IN_RANGE_LEN &&
	       (int)CX4DEV_CTL_POS_PC_RX_OUT_OF_RANGE_LEN == (int)CX4DEV_PC_RX_OUT_OF_RANGE_LEN,
	       "port counters");

#define CX4DEV_HANG_ANY		0xffffu

static void cx4dev_knob_hit(struct cx4dev *dev, struct cx4dev_cmd *cmd, const char *what)
{
	dev->knob_hits++;
	dev->knob_hit_since_reset = true;
	cx4dev_logf(dev, "knob: %s on cmd[%u] %s(0x%x)", what, cmd->slot,
		    cx4dev_opcode_name(cmd->opcode), cmd->opcode);
}

static void cx4dev_knob_fail(struct cx4dev *dev, struct cx4dev_cmd *cmd, const char *what)
{
	cmd->status = (uint8_t)(dev->knobs.fail_status ? dev->knobs.fail_status :
							 CX4_CMD_STAT_INTERNAL_ERR);
	cmd->syndrome = dev->knobs.fail_syndrome ? dev->knobs.fail_syndrome :
						   CX4DEV_SYN_KNOB_INJECTED;
	cmd->knob_hit = true;
	cx4dev_knob_hit(dev, cmd, what);
}

/*
 * Decide what the knobs do to a delivered command.  An injected failure
 * is recorded in @cmd (status, syndrome, knob_hit); it may be combined
 * with a delay.  Hang wins over everything.
 */
enum cx4dev_knob_action cx4dev_knob_classify(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					     uint64_t *delay_ns)
{
	struct cx4dev_knobs *k = &dev->knobs;

	if (k->hang_opcode && (k->hang_opcode == CX4DEV_HANG_ANY ||
			       k->hang_opcode == cmd->opcode)) {
		k->hang_opcode = 0;
		cx4dev_knob_hit(dev, cmd, "hang (never completes)");
		return CX4DEV_KNOB_HANG;
	}
	if (k->fail_nth && --k->fail_nth == 0)
		cx4dev_knob_fail(dev, cmd, "fail_nth");
	else if (k->fail_opcode && k->fail_opcode == cmd->opcode) {
		k->fail_opcode = 0;
		cx4dev_knob_fail(dev, cmd, "fail_opcode");
	}
	if (k->delay_count && (!k->delay_opcode || k->delay_opcode == cmd->opcode)) {
		if (k->delay_count != UINT32_MAX)
			k->delay_count--;
		*delay_ns = (uint64_t)k->delay_ms * CX4DEV_NS_PER_MS;
		cx4dev_knob_hit(dev, cmd, "delay");
		return CX4DEV_KNOB_DELAY;
	}
	return cmd->knob_hit ? CX4DEV_KNOB_FAIL : CX4DEV_KNOB_NONE;
}

/* ---- queue knobs: WQ_ERROR, SQ_STALL ---- */

static bool cx4dev_wq_knob_match(uint32_t knob, uint32_t qn)
{
	uint32_t want = knob & CX4DEV_WQ_KNOB_QN;

	return (knob & CX4DEV_WQ_KNOB_ON) && (want == CX4DEV_WQ_KNOB_QN || want == qn);
}

/* Is WQ_ERROR armed for the next WQE of SQ/RQ @qn? */
bool cx4dev_wq_error_armed(const struct cx4dev *dev, bool rq, uint32_t qn)
{
	uint32_t k = dev->knobs.wq_error;

	return cx4dev_wq_knob_match(k, qn) && !(k & CX4DEV_WQ_KNOB_RQ) == !rq;
}

/*
 * WQ_ERROR fires on @qn (armed, checked by the caller): disarm it,
 * leaving the queue it hit readable, count the hit; the CQE syndrome.
 */
uint32_t cx4dev_wq_error_fire(struct cx4dev *dev, bool rq, uint32_t qn)
{
	uint32_t syn = dev->knobs.wq_error_syndrome ? dev->knobs.wq_error_syndrome :
						      CX4_CQE_SYN_LOCAL_LENGTH_ERR;

	dev->knobs.wq_error = (rq ? CX4DEV_WQ_KNOB_RQ : 0) | qn;
	dev->knob_hits++;
	dev->knob_hit_since_reset = true;
	cx4dev_logf(dev, "knob: WQ_ERROR on %s 0x%x: error CQE syndrome 0x%x, %s to ERR",
		    rq ? "RQ" : "SQ", qn, syn, rq ? "RQ" : "SQ");
	return syn;
}

/* SQ_STALL: the SQ engine of @sqn does nothing now (doorbells are remembered). */
bool cx4dev_sq_stalled(struct cx4dev *dev, uint32_t sqn)
{
	if (!cx4dev_wq_knob_match(dev->knobs.sq_stall, sqn))
		return false;
	if (!dev->sq_stall_held++) {
		dev->knob_hits++;
		dev->knob_hit_since_reset = true;
		cx4dev_logf(dev, "knob: SQ_STALL holds SQ 0x%x", sqn);
	}
	return true;
}

/* Error syndromes of Table 74 the WQ_ERROR knob may inject (not the flush). */
static bool cx4dev_wq_knob_syndrome_ok(uint32_t syn)
{
	switch (syn) {
	case 0:
	case CX4_CQE_SYN_LOCAL_LENGTH_ERR:
	case CX4_CQE_SYN_LOCAL_PROT_ERR:
	case CX4_CQE_SYN_MW_BIND_ERR:
	case CX4_CQE_SYN_BAD_RESP_ERR:
	case CX4_CQE_SYN_LOCAL_ACCESS_ERR:
	case CX4_CQE_SYN_REMOTE_INVAL_REQ_ERR:
	case CX4_CQE_SYN_REMOTE_ACCESS_ERR:
	case CX4_CQE_SYN_REMOTE_OP_ERR:
		return true;
	default:
		return false;
	}
}

/* SQ_STALL gets a new selector: the SQs it no longer holds run. */
static void cx4dev_sq_stall_set(struct cx4dev *dev, uint32_t val)
{
	uint32_t old = dev->knobs.sq_stall;

	dev->knobs.sq_stall = val & CX4DEV_WQ_KNOB_ON ? val : 0;
	if (val & CX4DEV_WQ_KNOB_ON)
		dev->sq_stall_held = 0;
	if (!dev->eth || !(old & CX4DEV_WQ_KNOB_ON))
		return;
	for (uint32_t n = 0; n < CX4DEV_MAX_SQ; n++) {
		struct cx4dev_sq *sq = cx4dev_sq_get(dev, n);

		if (sq && cx4dev_wq_knob_match(old, n) && !cx4dev_wq_knob_match(val, n) &&
		    sq->wq.state == CX4_WQ_STATE_RDY)
			cx4dev_sq_process(dev, n, sq);
	}
}

/*
 * SQ @sqn moved to RST (MODIFY_SQ): a stall selecting it ends there, as
 * a reset cures a hung queue; the other SQs it held run.
 */
void cx4dev_sq_stall_reset(struct cx4dev *dev, uint32_t sqn)
{
	if (!cx4dev_wq_knob_match(dev->knobs.sq_stall, sqn))
		return;
	cx4dev_logf(dev, "knob: SQ_STALL ends: SQ 0x%x reset", sqn);
	cx4dev_sq_stall_set(dev, 0);
}

/* Writes of the queue knob registers; false if @off is not one. */
static bool cx4dev_ctl_wq_write(struct cx4dev *dev, uint32_t off, uint32_t val)
{
	switch (off) {
	case CX4DEV_CTL_WQ_ERROR:
		if (val & ~(CX4DEV_WQ_KNOB_ON | CX4DEV_WQ_KNOB_RQ | CX4DEV_WQ_KNOB_QN))
			cx4dev_guest_error(dev, "debug control page: WQ_ERROR 0x%08x has bits "
					   "29:24 set", val);
		else
			dev->knobs.wq_error = val & CX4DEV_WQ_KNOB_ON ? val : 0;
		cx4dev_logf(dev, "debug-ctl: WQ_ERROR = 0x%08x", dev->knobs.wq_error);
		return true;
	case CX4DEV_CTL_WQ_ERROR_SYNDROME:
		if (!cx4dev_wq_knob_syndrome_ok(val))
			cx4dev_guest_error(dev, "debug control page: WQ_ERROR_SYNDROME 0x%x is not "
					   "an error syndrome of Table 74 (0x5 flush excluded)",
					   val);
		else
			dev->knobs.wq_error_syndrome = val;
		return true;
	case CX4DEV_CTL_SQ_STALL:
		if (val & ~(CX4DEV_WQ_KNOB_ON | CX4DEV_WQ_KNOB_QN))
			cx4dev_guest_error(dev, "debug control page: SQ_STALL 0x%08x has bits "
					   "30:24 set", val);
		else
			cx4dev_sq_stall_set(dev, val);
		cx4dev_logf(dev, "debug-ctl: SQ_STALL = 0x%08x", dev->knobs.sq_stall);
		return true;
	default:
		return false;
	}
}

/* ---- debug control page ---- */

static uint32_t *cx4dev_ctl_knob(struct cx4dev *dev, uint32_t off)
{
	struct cx4dev_knobs *k = &dev->knobs;

	switch (off) {
	case CX4DEV_CTL_FAIL_NTH:	return &k->fail_nth;
	case CX4DEV_CTL_FAIL_OPCODE:	return &k->fail_opcode;
	case CX4DEV_CTL_FAIL_STATUS:	return &k->fail_status;
	case CX4DEV_CTL_FAIL_SYNDROME:	return &k->fail_syndrome;
	case CX4DEV_CTL_DELAY_MS:	return &k->delay_ms;
	case CX4DEV_CTL_DELAY_OPCODE:	return &k->delay_opcode;
	case CX4DEV_CTL_DELAY_COUNT:	return &k->delay_count;
	case CX4DEV_CTL_HANG_OPCODE:	return &k->hang_opcode;
	case CX4DEV_CTL_EXPECT_ERRORS:	return &dev->expect_errors;
	case CX4DEV_CTL_DROP_CMD_EVENTS: return &k->drop_cmd_events;
	default:			return NULL;
	}
}

uint32_t cx4dev_ctl_read(struct cx4dev *dev, uint32_t off)
{
	uint32_t *knob = cx4dev_ctl_knob(dev, off);
	uint32_t val;

	if (!dev->cfg.debug_ctl)
		return 0;
	if (knob)
		return *knob;
	if (cx4dev_hostile_ctl_read(dev, off, &val))
		return val;	/* 0x300-0x35c, hostile.c */
	switch (off) {
	case CX4DEV_CTL_MAGIC:		return CX4DEV_CTL_MAGIC_VAL;
	case CX4DEV_CTL_VERSION:	return CX4DEV_CTL_VERSION_VAL;
	case CX4DEV_CTL_GUEST_ERRORS:	return (uint32_t)dev->guest_errors;
	case CX4DEV_CTL_COMMANDS:	return (uint32_t)dev->commands;
	case CX4DEV_CTL_PAGES_OWNED:	return (uint32_t)dev->pages.n;
	case CX4DEV_CTL_KNOB_HITS:	return (uint32_t)dev->knob_hits;
	case CX4DEV_CTL_EXPECTED_ERRORS: return (uint32_t)dev->expected_errors;
	case CX4DEV_CTL_HEALTH_SYNDROME: return dev->health_syndrome;
	case CX4DEV_CTL_HEALTH_STOP:	return dev->health_stopped;
	case CX4DEV_CTL_LINK:		return dev->port_up;
	case CX4DEV_CTL_EQES:		return (uint32_t)dev->eqes;
	case CX4DEV_CTL_DMA_PROBE_HI:	return (uint32_t)(dev->dma_probe_addr >> 32);
	case CX4DEV_CTL_DMA_FAULTS:	return (uint32_t)dev->dma_faults;
	case CX4DEV_CTL_WQ_ERROR:	return dev->knobs.wq_error;
	case CX4DEV_CTL_WQ_ERROR_SYNDROME: return dev->knobs.wq_error_syndrome;
	case CX4DEV_CTL_SQ_STALL:	return dev->knobs.sq_stall;
	case CX4DEV_CTL_SQ_STALL_HELD:	return dev->sq_stall_held;
	case CX4DEV_CTL_CHAN ... CX4DEV_CTL_CHAN_TX_COUNT + 3:
		return cx4dev_chan_ctl_read(dev, off);
	default:
		if (off >= CX4DEV_CTL_PORT_STATE)
			return cx4dev_port_ctl_read(dev, off);
		return cx4dev_eth_ctl_read(dev, off);
	}
}

static void cx4dev_ctl_health_stop(struct cx4dev *dev, uint32_t val)
{
	bool stop = val & 1;

	if (stop == dev->health_stopped)
		return;
	if (stop) {
		dev->health_frozen = cx4dev_health_counter(dev);
	} else {
		/* Resume counting from the frozen value. */
		dev->health_base = cx4dev_now(dev) -
				   (uint64_t)dev->health_frozen * CX4DEV_HEALTH_TICK_NS;
	}
	dev->health_stopped = stop;
}

/* CQE_POST: a requester CQE (opcode 0, wqe_counter = running count) to CQ val[23:0]. */
static void cx4dev_ctl_post_cqe(struct cx4dev *dev, uint32_t val)
{
	uint8_t cqe[CX4_CQE_SIZE] = { 0 };

	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_REQ);
	CX4_SET(CQE, cqe, WQE_COUNTER, dev->ctl_cqe_count++);
	CX4_SET(CQE, cqe, SE, val >> 31);
	if (cx4dev_post_cqe(dev, val & CX4_MAX(CREATE_CQ_OUT, CQN), cqe))
		cx4dev_logf(dev, "debug-ctl: CQE to CQ 0x%x not posted",
			    val & CX4_MAX(CREATE_CQ_OUT, CQN));
}

/*
 * DMA_PROBE: the device reads 8 bytes of guest memory at DMA_PROBE_HI:@lo,
 * as any of its engines would.  A refused read is counted by the glue
 * (cx4dev_dma_fault): this is how a test shows that the IOMMU check bites.
 */
static void cx4dev_ctl_dma_probe(struct cx4dev *dev, uint32_t lo)
{
	uint64_t addr = (dev->dma_probe_addr & ~0xffffffffull) | lo;
	uint8_t b[8];

	dev->dma_probe_addr = addr;
	cx4dev_logf(dev, "debug-ctl: DMA probe read at 0x%llx: %s", (unsigned long long)addr,
		    dev->ops->dma_read(dev->opaque, addr, b, sizeof(b)) ? "refused" : "ok");
}

void cx4dev_ctl_write(struct cx4dev *dev, uint32_t off, uint32_t val)
{
	uint32_t *knob = cx4dev_ctl_knob(dev, off);

	if (!dev->cfg.debug_ctl) {
		cx4dev_guest_error(dev, "BAR0: write 0x%08x to debug control page offset 0x%x "
				   "while debug-ctl is off", val, off);
		return;
	}
	if (knob) {
		*knob = val;
		cx4dev_logf(dev, "debug-ctl: register 0x%03x = 0x%x", off, val);
		return;
	}
	if (cx4dev_ctl_wq_write(dev, off, val))
		return;
	if (cx4dev_hostile_ctl_write(dev, off, val))
		return;		/* 0x300-0x35c, hostile.c */
	switch (off) {
	case CX4DEV_CTL_DMA_PROBE_HI:
		dev->dma_probe_addr = (uint64_t)val << 32;
		return;
	case CX4DEV_CTL_DMA_PROBE:
		cx4dev_ctl_dma_probe(dev, val);
		return;
	case CX4DEV_CTL_RESET_COUNTERS:
		if (val & 1) {
			dev->commands = 0;
			dev->knob_hits = 0;
			dev->expected_errors = 0;
		}
		return;
	case CX4DEV_CTL_HEALTH_SYNDROME:
		dev->health_syndrome = (uint8_t)val;
		cx4dev_logf(dev, "debug-ctl: health_syndrome = 0x%02x", dev->health_syndrome);
		return;
	case CX4DEV_CTL_HEALTH_STOP:
		cx4dev_ctl_health_stop(dev, val);
		return;
	case CX4DEV_CTL_INTERNAL_ERROR:
		cx4dev_fatal_error(dev, (uint8_t)val);
		return;
	case CX4DEV_CTL_PAGE_REQUEST:
		cx4dev_page_request(dev, (int32_t)val);
		return;
	case CX4DEV_CTL_CQ_ERROR:
		cx4dev_cq_error_knob(dev, val);
		return;
	case CX4DEV_CTL_CQE_POST:
		cx4dev_ctl_post_cqe(dev, val);
		return;
	case CX4DEV_CTL_LINK:
		if (val > 2) {
			cx4dev_guest_error(dev, "debug control page: LINK value %u (0 down, 1 up, "
					   "2 flap)", val);
			return;
		}
		cx4dev_set_link(dev, val);
		return;
	default:
		cx4dev_guest_error(dev, "debug control page: write 0x%08x to read-only/unknown "
				   "offset 0x%x", val, off);
		return;
	}
}

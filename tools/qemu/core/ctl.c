/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The debug control page (BAR0 + 0x1fff000, property debug-ctl=on): reads
 * the engines' counters, sets the fault-injection knobs (knob.c holds the
 * ones the engines consult) and triggers events.  Failures injected here
 * are not guest errors.  A top layer: only dev.c calls it.
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
			cx4dev_sq_stall_change(dev, val);
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
	case CX4DEV_CTL_FAIL_OPCODE_COUNT: return &k->fail_opcode_count;
	case CX4DEV_CTL_FAIL_STATUS:	return &k->fail_status;
	case CX4DEV_CTL_FAIL_SYNDROME:	return &k->fail_syndrome;
	case CX4DEV_CTL_DELAY_MS:	return &k->delay_ms;
	case CX4DEV_CTL_DELAY_OPCODE:	return &k->delay_opcode;
	case CX4DEV_CTL_DELAY_COUNT:	return &k->delay_count;
	case CX4DEV_CTL_HANG_OPCODE:	return &k->hang_opcode;
	case CX4DEV_CTL_OUT_PATCH_OPCODE: return &k->out_patch_opcode;
	case CX4DEV_CTL_OUT_PATCH_OP_MOD: return &k->out_patch_op_mod;
	case CX4DEV_CTL_OUT_PATCH_VALUE: return &k->out_patch_value;
	case CX4DEV_CTL_OUT_PATCH_MASK:	return &k->out_patch_mask;
	case CX4DEV_CTL_OUT_PATCH_SKIP:	return &k->out_patch_skip;
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
	case CX4DEV_CTL_MODEL_LIMITATIONS: return (uint32_t)dev->model_limitations;
	case CX4DEV_CTL_CAPS_OFF:	return dev->cfg.caps_off;
	case CX4DEV_CTL_CAPS_ON:	return dev->cfg.caps_on;
	case CX4DEV_CTL_WQ_ERROR:	return dev->knobs.wq_error;
	case CX4DEV_CTL_WQ_ERROR_SYNDROME: return dev->knobs.wq_error_syndrome;
	case CX4DEV_CTL_SQ_STALL:	return dev->knobs.sq_stall;
	case CX4DEV_CTL_SQ_STALL_HELD:	return dev->sq_stall_held;
	case CX4DEV_CTL_OUT_PATCH_OFFSET: return dev->knobs.out_patch_offset;
	case CX4DEV_CTL_CHAN ... CX4DEV_CTL_CHAN_TX_COUNT + 3:
	case CX4DEV_CTL_CHAN_RX_PERIOD_MODE:
	case CX4DEV_CTL_CHAN_TX_PERIOD_MODE:
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
	if (cx4dev_cqe_post(dev, val & CX4_MAX(CREATE_CQ_OUT, CQN), cqe))
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

/*
 * CAPS_OFF / CAPS_ON: the properties caps-off / caps-on at run time, so a
 * test can probe a function with other capabilities without a VM of its
 * own.  Taken only while the function is disabled (no driver has it: after
 * reset or DISABLE_HCA); the capabilities are rebuilt at once, as a reset
 * would.
 */
static void cx4dev_ctl_caps_write(struct cx4dev *dev, uint32_t off, uint32_t val)
{
	bool on = off == CX4DEV_CTL_CAPS_ON;
	uint32_t known = on ? CX4DEV_ON_ALL : CX4DEV_OFF_ALL;

	if (val & ~known) {
		cx4dev_guest_error(dev, "debug control page: %s 0x%x has unknown bits 0x%x",
				   on ? "CAPS_ON" : "CAPS_OFF", val, val & ~known);
		return;
	}
	if (val == (on ? dev->cfg.caps_on : dev->cfg.caps_off))
		return;		/* unchanged: a test's cleanup may rewrite it */
	if (dev->state != CX4DEV_ST_DISABLED) {
		cx4dev_guest_error(dev, "debug control page: %s written while the function "
				   "is enabled (state 0x%x): disable it first",
				   on ? "CAPS_ON" : "CAPS_OFF", dev->state);
		return;
	}
	if (on)
		dev->cfg.caps_on = val;
	else
		dev->cfg.caps_off = val;
	cx4dev_caps_init(dev);
	cx4dev_logf(dev, "debug-ctl: %s = 0x%x", on ? "CAPS_ON" : "CAPS_OFF", val);
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
	case CX4DEV_CTL_OUT_PATCH_OFFSET:
		if (!cx4dev_out_patch_offset_ok(val)) {
			cx4dev_guest_error(dev, "debug control page: OUT_PATCH_OFFSET 0x%x is "
					   "not a dword after status and syndrome", val);
			return;
		}
		dev->knobs.out_patch_offset = val;
		cx4dev_logf(dev, "debug-ctl: OUT_PATCH_OFFSET = 0x%x", val);
		return;
	case CX4DEV_CTL_CAPS_OFF:
	case CX4DEV_CTL_CAPS_ON:
		cx4dev_ctl_caps_write(dev, off, val);
		return;
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
		cx4dev_link_set(dev, val);
		return;
	default:
		cx4dev_guest_error(dev, "debug control page: write 0x%08x to read-only/unknown "
				   "offset 0x%x", val, off);
		return;
	}
}

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Device state, reset, BAR0 MMIO dispatch, the initialization segment
 * (PRM 4.3, Tables 7 and 8) and the health counter.  The clock and
 * timer are in clock.c, the engines are reached through cx4dev_engines[].
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

void cx4dev_config_init(struct cx4dev_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->trace_cmds = true;
	cfg->init_delay_ms = 200;
	cfg->boot_pages = 16;
	cfg->init_pages = 32;
	cfg->regular_pages = 0;
	cfg->msix_vectors = 64;
}

/* ---- reset ---- */

static void cx4dev_reset_pages_check(struct cx4dev *dev, const char *why)
{
	size_t n = dev->pages.n;

	if (!n)
		return;
	if (dev->knob_hit_since_reset)
		cx4dev_logf(dev, "%s with %zu pages still owned by the device "
			    "(excused: a fault knob fired since the last reset)", why, n);
	else if (dev->health_syndrome || dev->health_stopped)
		/* The function is dead: the driver can only reset it. */
		cx4dev_logf(dev, "%s with %zu pages still owned by the device "
			    "(excused: health syndrome 0x%02x, health counter %s)", why, n,
			    dev->health_syndrome, dev->health_stopped ? "stopped" : "running");
	else
		cx4dev_guest_error(dev, "%s: pages leaked by driver: device still owns %zu pages "
				   "(first 0x%llx)", why, n, (unsigned long long)dev->pages.v[0]);
}

static void cx4dev_reset_state(struct cx4dev *dev)
{
	uint64_t now = cx4dev_now(dev);

	cx4dev_cmdq_reset(dev);
	cx4dev_hca_reset(dev);
	dev->cmdq_addr = 0;
	dev->cmdq_valid = false;
	dev->cmdq_h_written = false;
	dev->cmdq_h = 0;
	dev->initializing = true;
	dev->ready_at = now + (uint64_t)dev->cfg.init_delay_ms * CX4DEV_NS_PER_MS;
	dev->health_base = now;
	dev->health_stopped = false;
	dev->health_frozen = 0;
	dev->health_syndrome = 0;
	dev->knob_hit_since_reset = false;
	cx4dev_hostile_reset(dev);
	cx4dev_timer_update(dev);
}

void cx4dev_reset(struct cx4dev *dev, enum cx4dev_reset_kind kind)
{
	const char *what = kind == CX4DEV_RESET_FLR ? "FLR" : "reset";
	unsigned busy = cx4dev_cmdq_busy(dev);

	cx4dev_reset_pages_check(dev, what);
	if (busy)
		cx4dev_logf(dev, "%s drops %u command(s) still owned by HW", what, busy);
	cx4dev_reset_state(dev);
	cx4dev_logf(dev, "%s: initializing for %u ms", what, dev->cfg.init_delay_ms);
	cx4dev_log_error_count(dev);
}

struct cx4dev *cx4dev_create(const struct cx4dev_ops *ops, void *opaque,
			     const struct cx4dev_config *cfg)
{
	struct cx4dev *dev = calloc(1, sizeof(*dev));

	if (!dev)
		return NULL;
	dev->ops = ops;
	dev->opaque = opaque;
	dev->cfg = *cfg;
	dev->knobs = cfg->knobs;
	cx4dev_hostile_init(dev);
	cx4dev_set_init(&dev->pages);
	cx4dev_set_init(&dev->uars);
	cx4dev_set_init(&dev->pds);
	cx4dev_set_init(&dev->tds);
	memset(dev->event_eq, CX4DEV_NO_EQ, sizeof(dev->event_eq));
	dev->port_up = true;
	dev->peer_signal = true;
	dev->port_signal = true;
	dev->port_oper = true;
	if (cx4dev_eth_init(dev)) {
		free(dev);
		return NULL;
	}
	cx4dev_logf(dev, "ConnectX-4%s model, fw %u.%u.%u, cmd_interface_rev %u, "
		    "pages boot %u init %u regular %u, caps-off 0x%x, debug-ctl %s",
		    cfg->lx ? " Lx" : "", CX4DEV_FW_MAJOR, CX4DEV_FW_MINOR,
		    CX4DEV_FW_SUBMINOR, CX4_CMD_INTERFACE_REV, cfg->boot_pages,
		    cfg->init_pages, cfg->regular_pages, cfg->caps_off,
		    cfg->debug_ctl ? "on" : "off");
	cx4dev_reset_state(dev);
	cx4dev_log_error_count(dev);
	return dev;
}

void cx4dev_destroy(struct cx4dev *dev)
{
	if (!dev)
		return;
	cx4dev_eth_fini(dev);
	cx4dev_engines_release(dev);
	cx4dev_vport_reset(dev);
	cx4dev_set_fini(&dev->pages);
	cx4dev_set_fini(&dev->uars);
	cx4dev_set_fini(&dev->pds);
	cx4dev_set_fini(&dev->tds);
	free(dev);
}

/* ---- initialization segment ---- */

/* Refresh the dword at @off of the init segment image and return it. */
static uint32_t cx4dev_iseg_read32(struct cx4dev *dev, uint32_t off)
{
	uint8_t *s = dev->iseg;
	uint64_t t;

	switch (off) {
	case CX4_INIT_OFF_FW_REV:
		CX4_SET(INIT, s, FW_REV_MINOR, CX4DEV_FW_MINOR);
		CX4_SET(INIT, s, FW_REV_MAJOR, CX4DEV_FW_MAJOR);
		break;
	case CX4_INIT_OFF_CMDIF_REV:
		CX4_SET(INIT, s, CMD_INTERFACE_REV, CX4_CMD_INTERFACE_REV);
		CX4_SET(INIT, s, FW_REV_SUBMINOR, CX4DEV_FW_SUBMINOR);
		break;
	case CX4_INIT_OFF_CMDQ_ADDR_H:
		CX4_SET(INIT, s, CMDQ_PHY_ADDR_H, dev->cmdq_h);
		break;
	case CX4_INIT_OFF_CMDQ_ADDR_L:
		cx4_wr32(s, off, 0);
		CX4_SET(INIT, s, CMDQ_PHY_ADDR_L, (uint32_t)dev->cmdq_addr >> 12);
		CX4_SET(INIT, s, LOG_CMDQ_SIZE, CX4DEV_LOG_CMDQ_SIZE);
		CX4_SET(INIT, s, LOG_CMDQ_STRIDE, CX4DEV_LOG_CMDQ_STRIDE);
		break;
	case CX4_INIT_OFF_INITIALIZING:
		CX4_SET(INIT, s, INITIALIZING, dev->initializing);
		CX4_SET(INIT, s, NIC_INTERFACE_SUPP, 1u << CX4_NIC_IFC_FULL_DRIVER);
		break;
	case CX4_FLD_OFF(CX4_INIT_INTERNAL_TIMER_H):
	case CX4_FLD_OFF(CX4_INIT_INTERNAL_TIMER_L):
		/* Sampled per read: the driver reads h, l, h (7.12.10.2). */
		t = cx4dev_internal_timer(dev);
		CX4_SET(INIT, s, INTERNAL_TIMER_H, (uint32_t)(t >> 32));
		CX4_SET(INIT, s, INTERNAL_TIMER_L, (uint32_t)t);
		break;
	case CX4_INIT_OFF_HEALTH:
		CX4_SET(INIT, s, HEALTH_SYNDROME, dev->health_syndrome);
		CX4_SET(INIT, s, HEALTH_COUNTER, cx4dev_health_counter(dev));
		break;
	default:
		break;		/* reserved, doorbell (WO), clear_int (WO): 0 */
	}
	return cx4_rd32(s, off);
}

static bool cx4dev_cmdq_addr_locked(struct cx4dev *dev, const char *half)
{
	if (dev->state == CX4DEV_ST_INITIALIZED) {
		cx4dev_guest_error(dev, "init segment: cmdq_phy_addr%s written after INIT_HCA "
				   "(not allowed until TEARDOWN_HCA); write ignored", half);
		return true;
	}
	if (cx4dev_cmdq_busy(dev)) {
		cx4dev_guest_error(dev, "init segment: cmdq_phy_addr%s written while %u command(s) "
				   "are HW-owned; write ignored", half, cx4dev_cmdq_busy(dev));
		return true;
	}
	return false;
}

static void cx4dev_cmdq_write_h(struct cx4dev *dev, uint32_t val)
{
	if (cx4dev_cmdq_addr_locked(dev, "[63:32]"))
		return;
	dev->cmdq_h = val;
	dev->cmdq_h_written = true;
	dev->cmdq_valid = false;
}

static void cx4dev_cmdq_write_l(struct cx4dev *dev, uint32_t val)
{
	uint8_t seg[CX4_INIT_OFF_CMDQ_ADDR_L + 4];
	uint32_t nic_ifc;

	if (cx4dev_cmdq_addr_locked(dev, "[31:12]"))
		return;
	cx4_wr32(seg, CX4_INIT_OFF_CMDQ_ADDR_L, val);
	nic_ifc = CX4_GET(INIT, seg, NIC_INTERFACE);
	if (!dev->cmdq_h_written) {
		cx4dev_guest_error(dev, "init segment: cmdq_phy_addr[31:12] written before "
				   "cmdq_phy_addr[63:32] (PRM 8.2: most significant word first); "
				   "write ignored");
		return;
	}
	if (CX4_GET(INIT, seg, CMDQ_RSVD)) {
		cx4dev_guest_error(dev, "init segment: reserved bits 11:10 of dword 0x14 non-zero "
				   "(0x%08x); write ignored", val);
		return;
	}
	if (nic_ifc != CX4_NIC_IFC_FULL_DRIVER) {
		cx4dev_guest_error(dev, "init segment: nic_interface %u not supported "
				   "(nic_interface_supported = full_driver only); write ignored",
				   nic_ifc);
		return;
	}
	if (CX4_GET(INIT, seg, LOG_CMDQ_SIZE) || CX4_GET(INIT, seg, LOG_CMDQ_STRIDE)) {
		cx4dev_guest_error(dev, "init segment: log_cmdq_size/log_cmdq_stride written as "
				   "0x%02x, must be 0 (PRM 8.2); write ignored", val & 0xff);
		return;
	}
	dev->cmdq_addr = (uint64_t)dev->cmdq_h << 32 | ((uint64_t)CX4_GET(INIT, seg, CMDQ_PHY_ADDR_L) <<
						 CX4_FLD_LSB(CX4_INIT_CMDQ_PHY_ADDR_L));
	dev->cmdq_h_written = false;
	dev->cmdq_valid = true;
	cx4dev_logf(dev, "command queue at 0x%llx", (unsigned long long)dev->cmdq_addr);
}

static void cx4dev_iseg_write32(struct cx4dev *dev, uint32_t off, uint32_t val)
{
	switch (off) {
	case CX4_INIT_OFF_CMDQ_ADDR_H:
		cx4dev_cmdq_write_h(dev, val);
		return;
	case CX4_INIT_OFF_CMDQ_ADDR_L:
		cx4dev_cmdq_write_l(dev, val);
		return;
	case CX4_INIT_OFF_CMD_DBELL:
		cx4dev_cmdq_doorbell(dev, val);
		cx4dev_hostile_tick(dev);
		return;
	case CX4_FLD_OFF(CX4_INIT_CLEAR_INT):
		if (val & ~1u)
			cx4dev_guest_error(dev, "init segment: reserved bits of clear_int non-zero "
					   "(0x%08x)", val);
		return;
	default:
		cx4dev_guest_error(dev, "init segment: write 0x%08x to read-only/reserved offset "
				   "0x%x", val, off);
		return;
	}
}

/* ---- BAR0 dispatch ---- */

static uint32_t cx4dev_bar_read32(struct cx4dev *dev, uint64_t off)
{
	if (off < CX4_INIT_SEG_SIZE)
		return cx4dev_iseg_read32(dev, (uint32_t)off);
	if (off >= CX4DEV_CTL_BASE && off < CX4DEV_CTL_BASE + CX4DEV_CTL_SIZE)
		return cx4dev_ctl_read(dev, (uint32_t)(off - CX4DEV_CTL_BASE));
	return 0;
}

static void cx4dev_bar_write32(struct cx4dev *dev, uint64_t off, uint32_t val)
{
	if (off < CX4_INIT_SEG_SIZE) {
		/* Not a register of the segment: maybe a doorbell to a faked UAR 0. */
		dev->hostile.excusing = off != CX4_INIT_OFF_CMD_DBELL &&
					off != CX4_INIT_OFF_CMDQ_ADDR_H &&
					off != CX4_INIT_OFF_CMDQ_ADDR_L &&
					off != CX4_FLD_OFF(CX4_INIT_CLEAR_INT) &&
					cx4dev_hostile_db_excused(dev, 0, val);
		cx4dev_iseg_write32(dev, (uint32_t)off, val);
		dev->hostile.excusing = false;
		return;
	}
	if (off >= CX4DEV_CTL_BASE && off < CX4DEV_CTL_BASE + CX4DEV_CTL_SIZE) {
		cx4dev_ctl_write(dev, (uint32_t)(off - CX4DEV_CTL_BASE), val);
		return;
	}
	if (off >= CX4DEV_UAR_RESERVED && off < CX4DEV_UAR_AREA_SIZE) {
		dev->hostile.excusing = cx4dev_hostile_db_excused(dev,
				(uint32_t)(off >> cx4dev_uar_shift(dev)), val);
		cx4dev_uar_write32(dev, off, val);
		dev->hostile.excusing = false;
		cx4dev_hostile_tick(dev);
		return;
	}
	cx4dev_guest_error(dev, "BAR0: write 0x%08x to unimplemented offset 0x%llx", val,
			   (unsigned long long)off);
}

uint64_t cx4dev_mmio_read(struct cx4dev *dev, uint64_t off, unsigned size)
{
	uint64_t val = 0;

	if (size == 0 || size > 8 || off + size > CX4_BAR0_SIZE)
		return 0;
	/* Assemble big-endian bytes; registers have no read side effects. */
	for (unsigned i = 0; i < size; i++) {
		uint64_t o = off + i;
		uint32_t dw = cx4dev_bar_read32(dev, o & ~3ull);

		val = val << 8 | ((dw >> (8 * (3 - (o & 3)))) & 0xff);
	}
	return val;
}

void cx4dev_mmio_write(struct cx4dev *dev, uint64_t off, uint64_t val, unsigned size)
{
	if ((size != 4 && size != 8) || (off & (size - 1)) || off + size > CX4_BAR0_SIZE) {
		cx4dev_guest_error(dev, "BAR0: %u-byte write at offset 0x%llx not supported "
				   "(registers take aligned 32- or 64-bit writes)", size,
				   (unsigned long long)off);
		return;
	}
	if (size == 8) {
		/* Most significant dword first, as PRM 8.2 asks for 32-bit writes. */
		cx4dev_bar_write32(dev, off, (uint32_t)(val >> 32));
		cx4dev_bar_write32(dev, off + 4, (uint32_t)val);
		return;
	}
	cx4dev_bar_write32(dev, off, (uint32_t)val);
}

/* ---- port (stub until the datapath) ---- */

bool cx4dev_can_receive(struct cx4dev *dev)
{
	return cx4dev_eth_can_receive(dev);
}

size_t cx4dev_receive(struct cx4dev *dev, const void *frame, size_t len)
{
	return cx4dev_eth_receive(dev, frame, len);
}

/* ---- knobs and counters ---- */

void cx4dev_knobs_set(struct cx4dev *dev, const struct cx4dev_knobs *knobs)
{
	dev->knobs = *knobs;
	cx4dev_logf(dev, "knobs set: fail_nth %u fail_opcode 0x%x (count %u) fail_status 0x%x "
		    "fail_syndrome 0x%x delay_ms %u delay_opcode 0x%x delay_count %u "
		    "hang_opcode 0x%x drop_cmd_events %u", knobs->fail_nth, knobs->fail_opcode,
		    knobs->fail_opcode_count, knobs->fail_status, knobs->fail_syndrome, knobs->delay_ms,
		    knobs->delay_opcode, knobs->delay_count, knobs->hang_opcode,
		    knobs->drop_cmd_events);
}

void cx4dev_knobs_get(const struct cx4dev *dev, struct cx4dev_knobs *knobs)
{
	*knobs = dev->knobs;
}

uint64_t cx4dev_counter(const struct cx4dev *dev, enum cx4dev_counter which)
{
	switch (which) {
	case CX4DEV_CNT_GUEST_ERRORS:		return dev->guest_errors;
	case CX4DEV_CNT_COMMANDS:		return dev->commands;
	case CX4DEV_CNT_PAGES_OWNED:		return dev->pages.n;
	case CX4DEV_CNT_KNOB_HITS:		return dev->knob_hits;
	case CX4DEV_CNT_EXPECTED_ERRORS:	return dev->expected_errors;
	case CX4DEV_CNT_EQES:			return dev->eqes;
	case CX4DEV_CNT_EQS:			return cx4dev_engines[CX4DEV_ENGINE_EQ]->count(dev);
	case CX4DEV_CNT_CQS:			return cx4dev_engines[CX4DEV_ENGINE_CQ]->count(dev);
	case CX4DEV_CNT_DMA_FAULTS:		return dev->dma_faults;
	case CX4DEV_CNT_MODEL_LIMITATIONS:	return dev->model_limitations;
	case CX4DEV_CNT_HOSTILE_HITS:		return dev->hostile.hits;
	case CX4DEV_CNT_HOSTILE_DMA_FAULTS:	return dev->hostile.dma_faults;
	case CX4DEV_CNT_HOSTILE_EXCUSED:	return dev->hostile.excused;
	}
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Command dispatch and the initialization and general commands of PRM
 * 12.3 (plus NOP, 12.18.1), with the HCA state rules of PRM 8.2 / 8.3.
 *
 * Every command is described by a table row: input/output layout sizes,
 * the input fields it defines (every other input bit is reserved and must
 * be zero, PRM 12.1), whether it has an op_mod (Table 100) and the HCA
 * states it is allowed in.  Generic checks run in this order: opcode,
 * input length, output length, op_mod, reserved fields, state; then the
 * handler does the command-specific checks.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <linux/cx4/prm_reg.h>

#include "cx4dev_int.h"
#include "eth_cmds.h"

struct cx4dev_cmd_desc {
	uint16_t opcode;
	uint32_t in_size;	/* fixed part of the input layout */
	uint32_t out_size;
	bool has_opmod;
	bool variable_in;	/* bytes past in_size are checked by the handler */
	uint32_t payload_off;	/* [payload_off, payload_end): opaque data */
	uint32_t payload_end;
	unsigned states;	/* enum cx4dev_hca_state mask */
	const uint32_t *fields;	/* defined input fields, 0-terminated */
	uint8_t (*exec)(struct cx4dev *dev, struct cx4dev_cmd *cmd);
};

/* ---- HCA state ---- */

static void cx4dev_hca_soft_reset(struct cx4dev *dev)
{
	cx4dev_objects_release(dev, "DISABLE_HCA", false);
	cx4dev_vport_reset(dev);
	cx4dev_port_reset(dev);
	dev->state = CX4DEV_ST_DISABLED;
	dev->init_pages_queried = false;
	dev->pages_delta = 0;
	dev->page_req_armed = true;
	dev->page_req_pending = false;
	dev->page_req_sent = 0;
	memset(dev->driver_version, 0, sizeof(dev->driver_version));
	cx4dev_caps_init(dev);
}

void cx4dev_hca_reset(struct cx4dev *dev)
{
	cx4dev_objects_release(dev, "reset", false);
	cx4dev_vsc_reset(dev);
	if (dev->eth)
		cx4dev_port_counters_reset(dev);	/* port counters: reset/FLR only */
	cx4dev_hca_soft_reset(dev);
	dev->issi = 0;
	cx4dev_set_clear(&dev->pages);
}

static uint32_t cx4dev_state_syndrome(enum cx4dev_hca_state st)
{
	switch (st) {
	case CX4DEV_ST_DISABLED:	return CX4DEV_SYN_STATE_DISABLED;
	case CX4DEV_ST_ENABLED:		return CX4DEV_SYN_STATE_ENABLED;
	case CX4DEV_ST_INITIALIZED:	return CX4DEV_SYN_STATE_INITIALIZED;
	case CX4DEV_ST_TORN_DOWN:	return CX4DEV_SYN_STATE_TORN_DOWN;
	}
	return CX4DEV_SYN_STATE_DISABLED;
}

/* ---- handlers ---- */

static uint8_t cx4dev_exec_enable_hca(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	(void)cmd;
	dev->state = CX4DEV_ST_ENABLED;
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_disable_hca(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	if (dev->pages.n)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_SYS_STATE, CX4DEV_SYN_PAGES_LEAKED,
				     "pages leaked by driver: device still owns %zu pages "
				     "(reclaim with MANAGE_PAGES first)", dev->pages.n);
	cx4dev_hca_soft_reset(dev);
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_query_issi(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	CX4_SET(QUERY_ISSI_OUT, cmd->out, CURRENT_ISSI, dev->issi);
	cx4_set(cmd->out, cx4_issi_field(0), 1);
	cx4_set(cmd->out, cx4_issi_field(1), 1);
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_set_issi(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t issi = cx4dev_in_get(cmd, CX4_SET_ISSI_IN_CURRENT_ISSI);

	if (issi > 1)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_ISSI_UNSUPPORTED,
				     "current_issi %u not supported (supported: 0, 1)", issi);
	dev->issi = (uint16_t)issi;
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_query_pages(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	int64_t n;

	if (cmd->op_mod < CX4_PAGES_BOOT || cmd->op_mod > CX4_PAGES_REGULAR)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (boot 1, init 2, regular 3)", cmd->op_mod);
	n = cx4dev_pages_needed(dev, cmd->op_mod);
	if (cmd->op_mod == CX4_PAGES_INIT)
		dev->init_pages_queried = true;
	CX4_SET(QUERY_PAGES_OUT, cmd->out, NUM_PAGES, (uint32_t)(int32_t)n);
	if (dev->cfg.trace_cmds)
		cx4dev_logf(dev, "QUERY_PAGES(%s): num_pages %lld (device owns %zu)",
			    cmd->op_mod == CX4_PAGES_BOOT ? "boot" :
			    cmd->op_mod == CX4_PAGES_INIT ? "init" : "regular", (long long)n,
			    dev->pages.n);
	return CX4_CMD_STAT_OK;
}

static void cx4dev_pages_rollback(struct cx4dev *dev, const uint8_t *pas, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		cx4dev_set_del(&dev->pages, cx4_get64(pas, i * CX4_PAS_SIZE));
}

static uint8_t cx4dev_pages_give(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint32_t n)
{
	const uint8_t *pas = cmd->in + CX4_MANAGE_PAGES_OFF_PAS;
	int64_t allowance = cx4dev_pages_allowance(dev);

	if (dev->state == CX4DEV_ST_TORN_DOWN)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_SYS_STATE,
				     CX4DEV_SYN_STATE_TORN_DOWN, "giving pages after TEARDOWN_HCA");
	if (!n)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_PAGES_ZERO,
				     "ALLOCATION_SUCCESS with input_num_entries 0");
	if ((int64_t)n > allowance)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
				     CX4DEV_SYN_PAGES_UNREQUESTED, "gave %u pages, device "
				     "requested only %lld", n,
				     (long long)(allowance > 0 ? allowance : 0));
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = pas + i * CX4_PAS_SIZE;
		uint64_t pa = CX4_GET64(PAS, e, PA);

		if (CX4_GET(PAS, e, RSVD)) {
			cx4dev_pages_rollback(dev, pas, i);
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_PAGE_UNALIGNED, "pas[%u] 0x%llx not 4 KB "
					     "aligned", i, (unsigned long long)pa);
		}
		if (cx4dev_set_has(&dev->pages, pa)) {
			cx4dev_pages_rollback(dev, pas, i);
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_PAGE_DUPLICATE, "pas[%u] 0x%llx already owned "
					     "by the device", i, (unsigned long long)pa);
		}
		if (cx4dev_set_add(&dev->pages, pa) || cx4dev_page_fill(dev, pa)) {
			cx4dev_pages_rollback(dev, pas, i + 1);
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_PAGE_DMA,
					     "pas[%u] 0x%llx not writable by DMA", i,
					     (unsigned long long)pa);
		}
	}
	if (dev->cfg.trace_cmds)
		cx4dev_logf(dev, "MANAGE_PAGES: driver gave %u pages, device owns %zu", n,
			    dev->pages.n);
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_pages_take(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint32_t n)
{
	size_t spare = cx4dev_pages_spare(dev);
	uint32_t give_back = n < spare ? n : (uint32_t)spare;

	if (cmd->out_len < cx4_manage_pages_size(n))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_OUTPUT_LEN,
				     CX4DEV_SYN_PAGES_OUT_LEN, "output_length 0x%x too short for "
				     "%u PAS entries (need 0x%x)", cmd->out_len, n,
				     cx4_manage_pages_size(n));
	for (uint32_t i = 0; i < give_back; i++) {
		uint64_t pa = cx4dev_set_pop(&dev->pages);
		uint32_t bad = 0;

		if (cx4dev_page_verify(dev, pa, &bad))
			cx4dev_guest_error(dev, "MANAGE_PAGES: returned page 0x%llx was modified at "
					   "offset 0x%x while the device owned it (driver freed or "
					   "reused a device page)", (unsigned long long)pa, bad);
		cx4_set64(cmd->out, CX4_MANAGE_PAGES_OFF_PAS + i * CX4_PAS_SIZE, pa);
	}
	CX4_SET(MANAGE_PAGES_OUT, cmd->out, NUM_ENTRIES, give_back);
	if (dev->cfg.trace_cmds)
		cx4dev_logf(dev, "MANAGE_PAGES: returned %u of %u asked, device owns %zu",
			    give_back, n, dev->pages.n);
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_manage_pages(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t n = cx4dev_in_get(cmd, CX4_MANAGE_PAGES_IN_NUM_ENTRIES);
	uint32_t need = cx4_manage_pages_size(n);

	switch (cmd->op_mod) {
	case CX4_MANAGE_PAGES_ALLOC_FAIL:
		cx4dev_logf(dev, "MANAGE_PAGES: driver reports it cannot allocate pages");
		return CX4_CMD_STAT_OK;
	case CX4_MANAGE_PAGES_ALLOC_SUCCESS:
		if (n > (CX4DEV_MAX_CMD_LEN - CX4_MANAGE_PAGES_OFF_PAS) / CX4_PAS_SIZE ||
		    cmd->in_len < need)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN,
					     CX4DEV_SYN_PAGES_IN_LEN, "input_num_entries %u needs "
					     "input_length >= 0x%x, got 0x%x", n, need, cmd->in_len);
		for (uint32_t off = need; off < cmd->in_len; off++)
			if (cmd->in[off])
				return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
						     CX4DEV_SYN_RESERVED_NONZERO, "reserved byte "
						     "0x%x past the PAS list non-zero", off);
		return cx4dev_pages_give(dev, cmd, n);
	case CX4_MANAGE_PAGES_RETURN:
		if (n > (CX4DEV_MAX_CMD_LEN - CX4_MANAGE_PAGES_OFF_PAS) / CX4_PAS_SIZE)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_OUTPUT_LEN,
					     CX4DEV_SYN_PAGES_OUT_LEN, "input_num_entries %u too "
					     "large", n);
		return cx4dev_pages_take(dev, cmd, n);
	default:
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0 fail, 1 give, 2 return)", cmd->op_mod);
	}
}

/* Any executed MANAGE_PAGES re-arms the page request event (PRM 7.13.10.2). */
static uint8_t cx4dev_exec_manage_pages(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t st = cx4dev_manage_pages(dev, cmd);

	if (st == CX4_CMD_STAT_OK)
		cx4dev_pages_rearm(dev);
	return st;
}

static uint8_t cx4dev_exec_query_hca_cap(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t type = cmd->op_mod >> 1;
	bool cur = cmd->op_mod & 1;
	int idx = cx4dev_cap_index(type);

	if (idx < 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CAP_TYPE,
				     "capability type 0x%x unknown (0, 1, 7)", type);
	if (!cx4dev_cap_type_enabled(dev, idx))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CAP_TYPE_OFF,
				     "capability type 0x%x not supported (its general cap bit is "
				     "0)", type);
	if (cur && idx == CX4DEV_CAPI_GENERAL)
		cx4dev_hostile_caps(dev);
	memcpy(cmd->out + CX4_HCA_CAP_OFF, cur ? dev->caps.cur[idx] : dev->caps.max[idx],
	       CX4_HCA_CAP_SIZE);
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_set_hca_cap(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t type = cmd->op_mod >> 1;
	const char *why = NULL;
	uint32_t syn;

	if (cmd->op_mod & 1)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SET_CAP_OPMOD_BIT0,
				     "op_mod bit 0 is reserved, got op_mod 0x%x", cmd->op_mod);
	if (cx4dev_cap_index(type) < 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CAP_TYPE,
				     "capability type 0x%x unknown", type);
	if (type != CX4_CAP_GENERAL)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SET_CAP_TYPE,
				     "capability type 0x%x is not settable (general only)", type);
	if (dev->init_pages_queried)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_SYS_STATE, CX4DEV_SYN_SET_CAP_LATE,
				     "must precede QUERY_PAGES(init) (PRM 12.3.4)");
	syn = cx4dev_set_hca_cap(dev, cmd->in + CX4_HCA_CAP_OFF, &why);
	if (syn)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, syn, "%s", why);
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_init_hca(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	if ((int64_t)dev->pages.n < cx4dev_pages_total(dev))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_PAGES_MISSING,
				     "device owns %zu pages, needs boot %u + init %u first",
				     dev->pages.n, dev->cfg.boot_pages, dev->cfg.init_pages);
	dev->state = CX4DEV_ST_INITIALIZED;
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_teardown_hca(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t profile = cx4dev_in_get(cmd, CX4_TEARDOWN_HCA_IN_PROFILE);

	if (profile > CX4_TEARDOWN_PANIC)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TEARDOWN_PROFILE,
				     "profile %u (0 graceful, 1 panic)", profile);
	cx4dev_objects_release(dev, "TEARDOWN_HCA", profile == CX4_TEARDOWN_GRACEFUL);
	dev->state = CX4DEV_ST_TORN_DOWN;
	cx4dev_logf(dev, "TEARDOWN_HCA (%s): %zu pages to reclaim",
		    profile == CX4_TEARDOWN_PANIC ? "panic" : "graceful", dev->pages.n);
	return CX4_CMD_STAT_OK;
}

static bool cx4dev_digits(const char *s, size_t len, size_t min, size_t max)
{
	if (len < min || len > max)
		return false;
	for (size_t i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/*
 * PRM Table 190 describes the string as "OS_name,Driver_name,Main.Minor.
 * Sub_minor" (3, 3, 6 digits).  The string is information for management
 * tools, firmware does not parse it, and drivers send other forms
 * (mlx5_core: "Linux,mlx5_core,6.12.117", the kernel version): only the
 * 64-byte limit the PRM states is enforced; the form is noted in the log.
 */
static bool cx4dev_drvver_format_ok(const char *s)
{
	const char *c1 = strchr(s, ','), *c2, *d1, *d2;

	if (!c1 || c1 == s || !(c2 = strchr(c1 + 1, ',')) || c2 == c1 + 1)
		return false;
	d1 = strchr(c2 + 1, '.');
	d2 = d1 ? strchr(d1 + 1, '.') : NULL;
	if (!d1 || !d2)
		return false;
	return cx4dev_digits(c2 + 1, (size_t)(d1 - c2 - 1), 1, 3) &&
	       cx4dev_digits(d1 + 1, (size_t)(d2 - d1 - 1), 3, 3) &&
	       cx4dev_digits(d2 + 1, strlen(d2 + 1), 6, 6);
}

static uint8_t cx4dev_exec_set_driver_version(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const char *s = (const char *)cmd->in + CX4_SET_DRIVER_VERSION_OFF_STR;
	char v[CX4_DRIVER_VERSION_LEN + 1];

	if (!CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], DRIVER_VERSION))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_DRVVER_UNSUPPORTED,
				     "HCA_CAP.driver_version is 0");
	if (!memchr(s, 0, CX4_DRIVER_VERSION_LEN))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
				     CX4DEV_SYN_DRVVER_UNTERMINATED,
				     "driver_version not NUL-terminated within 64 bytes");
	memcpy(v, s, CX4_DRIVER_VERSION_LEN);
	v[CX4_DRIVER_VERSION_LEN] = 0;
	memcpy(dev->driver_version, v, sizeof(v));
	cx4dev_logf(dev, "driver version: \"%s\"%s", v, cx4dev_drvver_format_ok(v) ? "" :
		    " (not Table 190's OS,driver,M.mmm.ssssss; accepted as firmware does)");
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_query_adapter(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *p = cmd->out + CX4_QUERY_ADAPTER_OFF_PARAMS;
	const char *vsd = "cx4 emulated ConnectX-4 (QEMU device model)";
	const char *psid = dev->cfg.lx ? "MT_2420110034" : "MT_2130110032";

	if (dev->issi >= 1)
		CX4_SET(ADAPTER, p, IEEE_VENDOR_ID, 0x0002c9);
	CX4_SET(ADAPTER, p, VSD_VENDOR_ID, CX4_PCI_VENDOR_MELLANOX);
	memcpy(p + CX4_ADAPTER_OFF_VSD, vsd, strlen(vsd));
	memcpy(p + CX4_ADAPTER_OFF_PSID, psid, strlen(psid));
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_exec_nop(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	(void)dev;
	(void)cmd;
	return CX4_CMD_STAT_OK;
}

/* ---- command table ---- */

static const uint32_t cx4dev_no_fields[] = { 0 };
static const uint32_t cx4dev_manage_pages_fields[] = { CX4_MANAGE_PAGES_IN_NUM_ENTRIES, 0 };
static const uint32_t cx4dev_teardown_fields[] = { CX4_TEARDOWN_HCA_IN_PROFILE, 0 };
static const uint32_t cx4dev_set_issi_fields[] = { CX4_SET_ISSI_IN_CURRENT_ISSI, 0 };
static const uint32_t cx4dev_dealloc_uar_fields[] = { CX4_DEALLOC_UAR_IN_UAR, 0 };
static const uint32_t cx4dev_dealloc_pd_fields[] = { CX4_DEALLOC_PD_IN_PD, 0 };
static const uint32_t cx4dev_dealloc_td_fields[] = { CX4_DEALLOC_TD_IN_TRANSPORT_DOMAIN, 0 };
static const uint32_t cx4dev_eqn_fields[] = { CX4_DESTROY_EQ_IN_EQ_NUMBER, 0 };
static const uint32_t cx4dev_cqn_fields[] = { CX4_DESTROY_CQ_IN_CQN, 0 };
static const uint32_t cx4dev_modify_cq_fields[] = {
	CX4_MODIFY_CQ_IN_CQN, CX4_MODIFY_CQ_IN_FIELD_SELECT, 0
};
#define CX4DEV_CQC(f)	CX4DEV_AT(CX4_CREATE_CQ_IN_OFF_CQC, CX4_CQC_##f)
static const uint32_t cx4dev_create_cq_fields[] = {
	CX4DEV_CQC(CQE_SZ), CX4DEV_CQC(CC), CX4DEV_CQC(SCQE_BREAK_MODERATION_EN), CX4DEV_CQC(OI),
	CX4DEV_CQC(CQ_PERIOD_MODE), CX4DEV_CQC(CQE_COMPRESSION_EN),
	CX4DEV_CQC(MINI_CQE_RES_FORMAT), CX4DEV_CQC(PAGE_OFFSET), CX4DEV_CQC(LOG_CQ_SIZE),
	CX4DEV_CQC(UAR_PAGE), CX4DEV_CQC(CQ_PERIOD), CX4DEV_CQC(CQ_MAX_COUNT), CX4DEV_CQC(C_EQN),
	CX4DEV_CQC(LOG_PAGE_SIZE),
	CX4DEV_AT64(CX4_CREATE_CQ_IN_OFF_CQC, CX4_CQC_DBR_ADDR), 0
};
#define CX4DEV_EQC(f)	CX4DEV_AT(CX4_CREATE_EQ_OFF_EQC, CX4_EQC_##f)
static const uint32_t cx4dev_create_eq_fields[] = {
	CX4DEV_EQC(EC), CX4DEV_EQC(OI), CX4DEV_EQC(PAGE_OFFSET), CX4DEV_EQC(LOG_EQ_SIZE),
	CX4DEV_EQC(UAR_PAGE), CX4DEV_EQC(INTR), CX4DEV_EQC(LOG_PAGE_SIZE),
	CX4DEV_EQC(CONSUMER_COUNTER), CX4DEV_EQC(PRODUCER_COUNTER),
	CX4DEV_AT64(0, CX4_CREATE_EQ_IN_EVENT_BITMASK), 0
};

#define CX4DEV_MKC(f)	CX4DEV_AT(CX4_CREATE_MKEY_IN_OFF_MKC, CX4_MKC_##f)
static const uint32_t cx4dev_create_mkey_fields[] = {
	CX4_CREATE_MKEY_IN_PG_ACCESS, CX4DEV_MKC(FREE), CX4DEV_MKC(UMR_EN), CX4DEV_MKC(RW),
	CX4DEV_MKC(RR), CX4DEV_MKC(LW), CX4DEV_MKC(LR), CX4DEV_MKC(ACCESS_MODE), CX4DEV_MKC(QPN),
	CX4DEV_MKC(MKEY_7_0), CX4DEV_MKC(LENGTH64), CX4DEV_MKC(PD),
	CX4DEV_AT64(CX4_CREATE_MKEY_IN_OFF_MKC, CX4_MKC_START_ADDR),
	CX4DEV_AT64(CX4_CREATE_MKEY_IN_OFF_MKC, CX4_MKC_LEN),
	CX4DEV_MKC(TRANSLATIONS_OCTWORD_SIZE), CX4DEV_MKC(LOG_ENTITY_SIZE),
	CX4_CREATE_MKEY_IN_TRANSLATIONS_OCTWORD_ACTUAL_SIZE, 0
};
static const uint32_t cx4dev_query_mkey_fields[] = {
	CX4_QUERY_MKEY_IN_MKEY_INDEX, CX4_QUERY_MKEY_IN_PG_ACCESS, 0
};
static const uint32_t cx4dev_destroy_mkey_fields[] = { CX4_DESTROY_MKEY_IN_MKEY_INDEX, 0 };
static const uint32_t cx4dev_int_mod_fields[] = {
	CX4_CONFIG_INT_MOD_IN_MIN_DELAY, CX4_CONFIG_INT_MOD_IN_INT_VECTOR, 0
};
static const uint32_t cx4dev_access_reg_fields[] = {
	CX4_ACCESS_REG_IN_REGISTER_ID, CX4_ACCESS_REG_IN_ARGUMENT, 0
};
static const uint32_t cx4dev_modify_vport_state_fields[] = {
	CX4_MODIFY_VPORT_STATE_IN_ADMIN_STATE, 0
};
static const uint32_t cx4dev_query_nic_vport_fields[] = {
	CX4_QUERY_NIC_VPORT_CTX_IN_ALLOWED_LIST_TYPE, 0
};
#define CX4DEV_NVC(f)	CX4DEV_AT(CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX, CX4_NIC_VPORT_##f)
#define CX4DEV_NVC_PERM	(CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX + CX4_NIC_VPORT_OFF_PERMANENT_ADDRESS)
static const uint32_t cx4dev_modify_nic_vport_fields[] = {
	CX4_MODIFY_NIC_VPORT_CTX_IN_FIELD_SELECT, CX4DEV_NVC(MIN_WQE_INLINE_MODE), CX4DEV_NVC(MTU),
	CX4DEV_NVC(PROMISC_UC), CX4DEV_NVC(PROMISC_MC), CX4DEV_NVC(PROMISC_ALL),
	CX4DEV_NVC(ALLOWED_LIST_TYPE), CX4DEV_NVC(ALLOWED_LIST_SIZE),
	CX4DEV_AT(CX4DEV_NVC_PERM, CX4_MAC_ADDR_47_32), CX4DEV_AT(CX4DEV_NVC_PERM, CX4_MAC_ADDR_31_0),
	0
};

#define CX4DEV_SIMPLE(op, st, fn) \
	{ .opcode = CX4_CMD_##op, .in_size = CX4_CMD_SIMPLE_SIZE, \
	  .out_size = CX4_CMD_SIMPLE_SIZE, .states = st, .fields = cx4dev_no_fields, .exec = fn }

static const struct cx4dev_cmd_desc cx4dev_cmds[] = {
	{ .opcode = CX4_CMD_ENABLE_HCA, .in_size = CX4_ENABLE_HCA_IN_SIZE,
	  .out_size = CX4_ENABLE_HCA_OUT_SIZE, .states = CX4DEV_ST_DISABLED,
	  .fields = cx4dev_no_fields, .exec = cx4dev_exec_enable_hca },
	{ .opcode = CX4_CMD_DISABLE_HCA, .in_size = CX4_DISABLE_HCA_IN_SIZE,
	  .out_size = CX4_DISABLE_HCA_OUT_SIZE,
	  .states = CX4DEV_ST_ENABLED | CX4DEV_ST_TORN_DOWN, .fields = cx4dev_no_fields,
	  .exec = cx4dev_exec_disable_hca },
	{ .opcode = CX4_CMD_QUERY_ISSI, .in_size = CX4_QUERY_ISSI_IN_SIZE,
	  .out_size = CX4_QUERY_ISSI_OUT_SIZE, .states = CX4DEV_ST_ANY,
	  .fields = cx4dev_no_fields, .exec = cx4dev_exec_query_issi },
	{ .opcode = CX4_CMD_SET_ISSI, .in_size = CX4_SET_ISSI_IN_SIZE,
	  .out_size = CX4_SET_ISSI_OUT_SIZE, .states = CX4DEV_ST_DISABLED | CX4DEV_ST_ENABLED,
	  .fields = cx4dev_set_issi_fields, .exec = cx4dev_exec_set_issi },
	{ .opcode = CX4_CMD_QUERY_PAGES, .in_size = CX4_QUERY_PAGES_IN_SIZE,
	  .out_size = CX4_QUERY_PAGES_OUT_SIZE, .has_opmod = true, .states = CX4DEV_ST_UP,
	  .fields = cx4dev_no_fields, .exec = cx4dev_exec_query_pages },
	{ .opcode = CX4_CMD_MANAGE_PAGES, .in_size = CX4_MANAGE_PAGES_OFF_PAS,
	  .out_size = CX4_MANAGE_PAGES_OFF_PAS, .has_opmod = true, .variable_in = true,
	  .states = CX4DEV_ST_UP, .fields = cx4dev_manage_pages_fields,
	  .exec = cx4dev_exec_manage_pages },
	{ .opcode = CX4_CMD_QUERY_HCA_CAP, .in_size = CX4_QUERY_HCA_CAP_IN_SIZE,
	  .out_size = CX4_QUERY_HCA_CAP_OUT_SIZE, .has_opmod = true, .states = CX4DEV_ST_UP,
	  .fields = cx4dev_no_fields, .exec = cx4dev_exec_query_hca_cap },
	{ .opcode = CX4_CMD_SET_HCA_CAP, .in_size = CX4_SET_HCA_CAP_IN_SIZE,
	  .out_size = CX4_SET_HCA_CAP_OUT_SIZE, .has_opmod = true,
	  .payload_off = CX4_HCA_CAP_OFF, .payload_end = CX4_SET_HCA_CAP_IN_SIZE,
	  .states = CX4DEV_ST_ENABLED, .fields = cx4dev_no_fields,
	  .exec = cx4dev_exec_set_hca_cap },
	CX4DEV_SIMPLE(INIT_HCA, CX4DEV_ST_ENABLED, cx4dev_exec_init_hca),
	{ .opcode = CX4_CMD_TEARDOWN_HCA, .in_size = CX4_TEARDOWN_HCA_IN_SIZE,
	  .out_size = CX4_TEARDOWN_HCA_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_teardown_fields, .exec = cx4dev_exec_teardown_hca },
	{ .opcode = CX4_CMD_SET_DRIVER_VERSION, .in_size = CX4_SET_DRIVER_VERSION_IN_SIZE,
	  .out_size = CX4_SET_DRIVER_VERSION_OUT_SIZE,
	  .payload_off = CX4_SET_DRIVER_VERSION_OFF_STR,
	  .payload_end = CX4_SET_DRIVER_VERSION_IN_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_no_fields, .exec = cx4dev_exec_set_driver_version },
	{ .opcode = CX4_CMD_QUERY_ADAPTER, .in_size = CX4_QUERY_ADAPTER_IN_SIZE,
	  .out_size = CX4_QUERY_ADAPTER_OUT_SIZE, .states = CX4DEV_ST_UP,
	  .fields = cx4dev_no_fields, .exec = cx4dev_exec_query_adapter },
	CX4DEV_SIMPLE(NOP, CX4DEV_ST_UP, cx4dev_exec_nop),
	CX4DEV_SIMPLE(ALLOC_UAR, CX4DEV_ST_INITIALIZED, cx4dev_exec_alloc_uar),
	{ .opcode = CX4_CMD_DEALLOC_UAR, .in_size = CX4_DEALLOC_UAR_IN_SIZE,
	  .out_size = CX4_DEALLOC_UAR_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_dealloc_uar_fields, .exec = cx4dev_exec_dealloc_uar },
	CX4DEV_SIMPLE(ALLOC_PD, CX4DEV_ST_INITIALIZED, cx4dev_exec_alloc_pd),
	{ .opcode = CX4_CMD_DEALLOC_PD, .in_size = CX4_DEALLOC_PD_IN_SIZE,
	  .out_size = CX4_DEALLOC_PD_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_dealloc_pd_fields, .exec = cx4dev_exec_dealloc_pd },
	CX4DEV_SIMPLE(ALLOC_TRANSPORT_DOMAIN, CX4DEV_ST_INITIALIZED, cx4dev_exec_alloc_td),
	{ .opcode = CX4_CMD_DEALLOC_TRANSPORT_DOMAIN, .in_size = CX4_DEALLOC_TD_IN_SIZE,
	  .out_size = CX4_DEALLOC_TD_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_dealloc_td_fields, .exec = cx4dev_exec_dealloc_td },
	{ .opcode = CX4_CMD_CONFIG_INT_MODERATION, .in_size = CX4_CONFIG_INT_MOD_IN_SIZE,
	  .out_size = CX4_CONFIG_INT_MOD_OUT_SIZE, .has_opmod = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_int_mod_fields,
	  .exec = cx4dev_exec_config_int_moderation },
	{ .opcode = CX4_CMD_CREATE_MKEY, .in_size = CX4_CREATE_MKEY_IN_OFF_MTT,
	  .out_size = CX4_CREATE_MKEY_OUT_SIZE, .variable_in = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_create_mkey_fields,
	  .exec = cx4dev_exec_create_mkey },
	{ .opcode = CX4_CMD_QUERY_MKEY, .in_size = CX4_QUERY_MKEY_IN_SIZE,
	  .out_size = CX4_QUERY_MKEY_OUT_OFF_MTT, .has_opmod = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_query_mkey_fields,
	  .exec = cx4dev_exec_query_mkey },
	{ .opcode = CX4_CMD_DESTROY_MKEY, .in_size = CX4_DESTROY_MKEY_IN_SIZE,
	  .out_size = CX4_DESTROY_MKEY_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_destroy_mkey_fields, .exec = cx4dev_exec_destroy_mkey },
	CX4DEV_SIMPLE(QUERY_SPECIAL_CONTEXTS, CX4DEV_ST_INITIALIZED,
		      cx4dev_exec_query_special_contexts),
	{ .opcode = CX4_CMD_QUERY_VPORT_STATE, .in_size = CX4_QUERY_VPORT_STATE_IN_SIZE,
	  .out_size = CX4_QUERY_VPORT_STATE_OUT_SIZE, .has_opmod = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_no_fields,
	  .exec = cx4dev_exec_query_vport_state },
	{ .opcode = CX4_CMD_MODIFY_VPORT_STATE, .in_size = CX4_MODIFY_VPORT_STATE_IN_SIZE,
	  .out_size = CX4_MODIFY_VPORT_STATE_OUT_SIZE, .has_opmod = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_modify_vport_state_fields,
	  .exec = cx4dev_exec_modify_vport_state },
	{ .opcode = CX4_CMD_QUERY_NIC_VPORT_CONTEXT, .in_size = CX4_QUERY_NIC_VPORT_CTX_IN_SIZE,
	  .out_size = CX4_QUERY_NIC_VPORT_CTX_OUT_OFF_CTX + CX4_NIC_VPORT_CTX_SIZE,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_query_nic_vport_fields,
	  .exec = cx4dev_exec_query_nic_vport_ctx },
	{ .opcode = CX4_CMD_MODIFY_NIC_VPORT_CONTEXT,
	  .in_size = CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX + CX4_NIC_VPORT_CTX_SIZE,
	  .out_size = CX4_MODIFY_NIC_VPORT_CTX_OUT_SIZE, .variable_in = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_modify_nic_vport_fields,
	  .exec = cx4dev_exec_modify_nic_vport_ctx },
	{ .opcode = CX4_CMD_CREATE_EQ, .in_size = CX4_CREATE_EQ_OFF_PAS,
	  .out_size = CX4_CREATE_EQ_OUT_SIZE, .variable_in = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_create_eq_fields,
	  .exec = cx4dev_exec_create_eq },
	{ .opcode = CX4_CMD_DESTROY_EQ, .in_size = CX4_DESTROY_EQ_IN_SIZE,
	  .out_size = CX4_DESTROY_EQ_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_eqn_fields, .exec = cx4dev_exec_destroy_eq },
	{ .opcode = CX4_CMD_QUERY_EQ, .in_size = CX4_QUERY_EQ_IN_SIZE,
	  .out_size = CX4_QUERY_EQ_OUT_OFF_PAS, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_eqn_fields, .exec = cx4dev_exec_query_eq },
	{ .opcode = CX4_CMD_GEN_EQE, .in_size = CX4_GEN_EQE_IN_SIZE,
	  .out_size = CX4_GEN_EQE_OUT_SIZE, .payload_off = CX4_GEN_EQE_IN_OFF_EQE,
	  .payload_end = CX4_GEN_EQE_IN_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_eqn_fields, .exec = cx4dev_exec_gen_eqe },
	{ .opcode = CX4_CMD_CREATE_CQ, .in_size = CX4_CREATE_CQ_OFF_PAS,
	  .out_size = CX4_CREATE_CQ_OUT_SIZE, .variable_in = true,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_create_cq_fields,
	  .exec = cx4dev_exec_create_cq },
	{ .opcode = CX4_CMD_DESTROY_CQ, .in_size = CX4_DESTROY_CQ_IN_SIZE,
	  .out_size = CX4_DESTROY_CQ_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_cqn_fields, .exec = cx4dev_exec_destroy_cq },
	{ .opcode = CX4_CMD_QUERY_CQ, .in_size = CX4_QUERY_CQ_IN_SIZE,
	  .out_size = CX4_QUERY_CQ_OUT_OFF_PAS, .states = CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_cqn_fields, .exec = cx4dev_exec_query_cq },
	{ .opcode = CX4_CMD_ACCESS_REG, .in_size = CX4_ACCESS_REG_OFF_DATA,
	  .out_size = CX4_ACCESS_REG_OFF_DATA, .has_opmod = true, .variable_in = true,
	  .states = CX4DEV_ST_ENABLED | CX4DEV_ST_INITIALIZED,
	  .fields = cx4dev_access_reg_fields, .exec = cx4dev_exec_access_reg },
	{ .opcode = CX4_CMD_MODIFY_CQ, .in_size = CX4_MODIFY_CQ_IN_SIZE,
	  .out_size = CX4_MODIFY_CQ_OUT_SIZE, .has_opmod = true,
	  .payload_off = CX4_MODIFY_CQ_IN_OFF_CQC,
	  .payload_end = CX4_MODIFY_CQ_IN_OFF_CQC + CX4_CQC_SIZE,
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_modify_cq_fields,
	  .exec = cx4dev_exec_modify_cq },
	/* Ethernet objects and flow steering (eth_cmds.h). */
	CX4DEV_ETH_CMDS,
};

static const struct cx4dev_cmd_desc *cx4dev_cmd_lookup(uint16_t opcode)
{
	for (size_t i = 0; i < sizeof(cx4dev_cmds) / sizeof(cx4dev_cmds[0]); i++)
		if (cx4dev_cmds[i].opcode == opcode)
			return &cx4dev_cmds[i];
	return NULL;
}

/* Bits of the input dword at @off that the command defines. */
static uint32_t cx4dev_defined_bits(const struct cx4dev_cmd_desc *d, uint32_t off)
{
	uint32_t bits = 0;

	if (off == CX4_FLD_OFF(CX4_CMD_IN_OPCODE))
		bits |= cx4_fld_mask(CX4_CMD_IN_OPCODE) << CX4_FLD_LSB(CX4_CMD_IN_OPCODE);
	if (off == CX4_FLD_OFF(CX4_CMD_IN_OP_MOD))
		bits |= cx4_fld_mask(CX4_CMD_IN_OP_MOD) << CX4_FLD_LSB(CX4_CMD_IN_OP_MOD);
	for (const uint32_t *f = d->fields; *f; f++)
		if (CX4_FLD_OFF(*f) == off)
			bits |= cx4_fld_mask(*f) << CX4_FLD_LSB(*f);
	return bits;
}

/* Offset of the first reserved input byte that is non-zero, or -1. */
static int64_t cx4dev_reserved_nonzero(const struct cx4dev_cmd_desc *d,
				       const struct cx4dev_cmd *cmd)
{
	uint32_t end = d->variable_in ? d->in_size : cmd->in_len;

	for (uint32_t off = 0; off < end; off += 4) {
		uint32_t dw = 0, rsvd;

		if (off >= d->payload_off && off < d->payload_end)
			continue;
		for (uint32_t i = 0; i < 4; i++)
			dw = dw << 8 | (off + i < end ? cmd->in[off + i] : 0);
		rsvd = dw & ~cx4dev_defined_bits(d, off);
		if (rsvd)
			return off;
	}
	return -1;
}

static uint8_t cx4dev_cmd_checks(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				 const struct cx4dev_cmd_desc *d)
{
	int64_t off;

	if (cmd->in_len < d->in_size)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_IN_LEN,
				     "input_length 0x%x < 0x%x", cmd->in_len, d->in_size);
	if (cmd->out_len < d->out_size)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_OUT_LEN,
				     "output_length 0x%x < 0x%x", cmd->out_len, d->out_size);
	if (!d->has_opmod && cmd->op_mod)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_OPMOD_NONZERO,
				     "op_mod 0x%x, command defines none (must be 0)", cmd->op_mod);
	off = cx4dev_reserved_nonzero(d, cmd);
	if (off >= 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO,
				     "reserved field 0x%02llx non-zero", (long long)off);
	if (!(d->states & dev->state))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_SYS_STATE,
				     cx4dev_state_syndrome(dev->state), "not allowed in state %s",
				     cx4dev_state_name(dev->state));
	return CX4_CMD_STAT_OK;
}

static void cx4dev_cmd_do(struct cx4dev *dev, struct cx4dev_cmd *cmd,
			  const struct cx4dev_cmd_desc *d)
{
	if (!d) {
		/*
		 * An opcode the model does not implement: a PRM command it lacks
		 * or one beyond rev 0.40 it does not know.  Firmware knows many
		 * more commands than the model, so neither is taken for the
		 * guest's mistake; both are counted as model limitations.
		 */
		if (strcmp(cx4dev_opcode_name(cmd->opcode), "?"))
			cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_NOT_IMPLEMENTED,
					  "%s(0x%x) not implemented", cx4dev_opcode_name(cmd->opcode),
					  cmd->opcode);
		else
			cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_BAD_OPCODE,
					  "opcode 0x%x unknown to the model", cmd->opcode);
		return;
	}
	if (cx4dev_cmd_checks(dev, cmd, d) != CX4_CMD_STAT_OK)
		return;
	/* Format and state errors above are never reactions (hostile.c). */
	dev->hostile.excusing = cx4dev_hostile_cmd_excused(dev, cmd);
	dev->hostile.in_use_ok = cx4dev_hostile_in_use_excused(dev, cmd);
	dev->hostile.missing_ok = cx4dev_hostile_missing_excused(dev, cmd);
	cmd->status = d->exec(dev, cmd);
	dev->hostile.excusing = false;
	dev->hostile.in_use_ok = false;
	dev->hostile.missing_ok = false;
	if (cmd->status != CX4_CMD_STAT_OK)
		memset(cmd->out, 0, cmd->out_len);	/* output undefined on failure */
}

void cx4dev_cmd_execute(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const struct cx4dev_cmd_desc *d = cx4dev_cmd_lookup(cmd->opcode);

	cmd->status = CX4_CMD_STAT_OK;
	cmd->syndrome = 0;
	cx4dev_cmd_do(dev, cmd, d);
}

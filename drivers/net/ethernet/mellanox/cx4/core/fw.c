// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 initialization commands (PRM 12.3): typed wrappers used by the
 * start-up and teardown sequence in main.c; the NIC vport queries of
 * PRM 12.16 used at probe (port.c).
 */

#include <linux/cache.h>
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "core.h"

static_assert(CX4_DRV_ISSI < CX4_QUERY_ISSI_SUPPORTED_BITS);
static_assert(CX4_CAPS_NUM == 4);

/* Largest log2 of the UC list whose size cx4 computes (no u32 overflow). */
#define CX4_FW_LOG_MAX_UC_LIST	18

/* A command whose input is the header and whose output is 16 bytes. */
static int cx4_fw_simple(struct cx4_core *core, u16 opcode)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};

	cx4_set(in, CX4_CMD_IN_OPCODE, opcode);
	return cx4_cmd(core, in, out);
}

int cx4_fw_enable_hca(struct cx4_core *core)
{
	static_assert(CX4_ENABLE_HCA_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_fw_simple(core, CX4_CMD_ENABLE_HCA);
}

int cx4_fw_disable_hca(struct cx4_core *core)
{
	static_assert(CX4_DISABLE_HCA_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_fw_simple(core, CX4_CMD_DISABLE_HCA);
}

int cx4_fw_init_hca(struct cx4_core *core)
{
	static_assert(CX4_INIT_HCA_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_fw_simple(core, CX4_CMD_INIT_HCA);
}

int cx4_fw_teardown_hca(struct cx4_core *core)
{
	u8 out[CX4_TEARDOWN_HCA_OUT_SIZE] = {};
	u8 in[CX4_TEARDOWN_HCA_IN_SIZE] = {};

	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_TEARDOWN_HCA);
	cx4_set(in, CX4_TEARDOWN_HCA_IN_PROFILE, CX4_TEARDOWN_GRACEFUL);
	return cx4_cmd(core, in, out);
}

/* Highest ISSI up to ours that the device supports, or -1. */
static int cx4_fw_pick_issi(const u8 *query_out)
{
	int issi;

	for (issi = CX4_DRV_ISSI; issi >= 0; issi--)
		if (cx4_get(query_out, cx4_issi_field(issi)))
			return issi;
	return -1;
}

/*
 * QUERY_ISSI then SET_ISSI (PRM 7.1).  BAD_OP from QUERY_ISSI means the
 * device only knows ISSI 0 and SET_ISSI is skipped.
 */
int cx4_fw_set_issi(struct cx4_core *core)
{
	u8 qout[CX4_QUERY_ISSI_OUT_SIZE] = {};
	u8 qin[CX4_QUERY_ISSI_IN_SIZE] = {};
	u8 out[CX4_SET_ISSI_OUT_SIZE] = {};
	u8 in[CX4_SET_ISSI_IN_SIZE] = {};
	int issi, err;

	cx4_set(qin, CX4_CMD_IN_OPCODE, CX4_CMD_QUERY_ISSI);
	err = __cx4_cmd_exec(core, qin, sizeof(qin), qout, sizeof(qout),
			     CX4_CMD_QUIET_BAD_OP);
	if (err == -EOPNOTSUPP &&
	    cx4_get(qout, CX4_CMD_OUT_STATUS) == CX4_CMD_STAT_BAD_OP) {
		core->issi = 0;
		return 0;
	}
	if (err)
		return err;

	issi = cx4_fw_pick_issi(qout);
	if (issi < 0) {
		dev_err(core->dev, "device supports no ISSI up to %u\n",
			CX4_DRV_ISSI);
		return -EOPNOTSUPP;
	}
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_SET_ISSI);
	cx4_set(in, CX4_SET_ISSI_IN_CURRENT_ISSI, issi);
	err = cx4_cmd(core, in, out);
	if (err)
		return err;
	core->issi = issi;
	return 0;
}

/* QUERY_HCA_CAP of @type (current or maximum) into core->caps[@slot]. */
static int cx4_fw_query_cap(struct cx4_core *core, enum cx4_cap_slot slot,
			    enum cx4_hca_cap_type type, bool cur)
{
	u8 in[CX4_QUERY_HCA_CAP_IN_SIZE] = {};
	u8 *out;
	int err;

	if (!core->caps[slot]) {
		core->caps[slot] = kzalloc(CX4_HCA_CAP_SIZE, GFP_KERNEL);
		if (!core->caps[slot])
			return -ENOMEM;
	}
	out = kzalloc(CX4_QUERY_HCA_CAP_OUT_SIZE, GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_QUERY_HCA_CAP);
	cx4_set(in, CX4_CMD_IN_OP_MOD, CX4_HCA_CAP_OPMOD(type, cur));
	err = cx4_cmd_exec(core, in, sizeof(in), out, CX4_QUERY_HCA_CAP_OUT_SIZE);
	if (!err)
		memcpy(core->caps[slot], out + CX4_HCA_CAP_OFF, CX4_HCA_CAP_SIZE);
	kfree(out);
	return err;
}

/* General capabilities, maximum and current. */
int cx4_fw_query_caps(struct cx4_core *core)
{
	int err;

	err = cx4_fw_query_cap(core, CX4_CAPS_GEN_MAX, CX4_CAP_GENERAL, false);
	if (err)
		return err;
	return cx4_fw_query_cap(core, CX4_CAPS_GEN_CUR, CX4_CAP_GENERAL, true);
}

/* Ethernet offload and NIC flow table capabilities, when advertised. */
int cx4_fw_query_proto_caps(struct cx4_core *core)
{
	const void *gen = core->caps[CX4_CAPS_GEN_CUR];
	int err;

	if (cx4_get(gen, CX4_CAP_ETH_NET_OFFLOADS)) {
		err = cx4_fw_query_cap(core, CX4_CAPS_ETH_CUR,
				       CX4_CAP_ETH_OFFLOAD, true);
		if (err)
			return err;
	}
	if (cx4_get(gen, CX4_CAP_NIC_FLOW_TABLE)) {
		err = cx4_fw_query_cap(core, CX4_CAPS_FT_CUR,
				       CX4_CAP_FLOW_TABLE, true);
		if (err)
			return err;
	}
	return 0;
}

void cx4_fw_free_caps(struct cx4_core *core)
{
	int i;

	for (i = 0; i < CX4_CAPS_NUM; i++) {
		kfree(core->caps[i]);
		core->caps[i] = NULL;
	}
}

/*
 * Apply the driver's choices to the current general capabilities; only
 * fields Table 145 marks RW are changed:
 *  - log_uar_page_sz: UAR pages are system pages;
 *  - cache_line_128byte: when the CPU's cache line is 128 bytes and the
 *    device supports it;
 *  - cmdif_checksum: disabled.  The driver signs every entry and input
 *    mailbox anyway (PRM 7.14.1.1.1) but does not check output signatures,
 *    so having the device generate and check them buys nothing.
 */
static void cx4_fw_edit_caps(struct cx4_core *core, void *cap)
{
	const void *max = core->caps[CX4_CAPS_GEN_MAX];

	cx4_set(cap, CX4_CAP_LOG_UAR_PAGE_SZ, PAGE_SHIFT - CX4_PAGE_SHIFT);
	cx4_set(cap, CX4_CAP_CACHE_LINE_128BYTE,
		cx4_get(max, CX4_CAP_CACHE_LINE_128BYTE) &&
		cache_line_size() == 128);
	cx4_set(cap, CX4_CAP_CMDIF_CHECKSUM, CX4_CMDIF_CSUM_DISABLED);
}

/* SET_HCA_CAP (general) and re-read what the device now reports. */
int cx4_fw_set_caps(struct cx4_core *core)
{
	u8 out[CX4_SET_HCA_CAP_OUT_SIZE] = {};
	u32 log_pg_sz;
	u8 *in;
	int err;

	log_pg_sz = cx4_get(core->caps[CX4_CAPS_GEN_CUR], CX4_CAP_LOG_PG_SZ);
	if (log_pg_sz > PAGE_SHIFT) {
		dev_err(core->dev, "device needs %u byte pages, system pages are %lu\n",
			1u << min_t(u32, log_pg_sz, 31), PAGE_SIZE);
		return -EOPNOTSUPP;
	}

	in = kzalloc(CX4_SET_HCA_CAP_IN_SIZE, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_SET_HCA_CAP);
	cx4_set(in, CX4_CMD_IN_OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 0));
	memcpy(in + CX4_HCA_CAP_OFF, core->caps[CX4_CAPS_GEN_CUR],
	       CX4_HCA_CAP_SIZE);
	cx4_fw_edit_caps(core, in + CX4_HCA_CAP_OFF);
	err = cx4_cmd_exec(core, in, CX4_SET_HCA_CAP_IN_SIZE, out, sizeof(out));
	kfree(in);
	if (err)
		return err;
	return cx4_fw_query_cap(core, CX4_CAPS_GEN_CUR, CX4_CAP_GENERAL, true);
}

/* SET_DRIVER_VERSION, only when the device asks for it (cap driver_version). */
int cx4_fw_set_driver_version(struct cx4_core *core)
{
	u8 out[CX4_SET_DRIVER_VERSION_OUT_SIZE] = {};
	u8 in[CX4_SET_DRIVER_VERSION_IN_SIZE] = {};

	if (!cx4_get(core->caps[CX4_CAPS_GEN_CUR], CX4_CAP_DRIVER_VERSION))
		return 0;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_SET_DRIVER_VERSION);
	/* Table 190: "OS,driver,main.minor.subminor", NUL included in 64. */
	snprintf((char *)in + CX4_SET_DRIVER_VERSION_OFF_STR,
		 CX4_DRIVER_VERSION_LEN, "Linux,%s,%u.%03u.%06u",
		 KBUILD_MODNAME, CX4_DRV_VER_MAIN, CX4_DRV_VER_MINOR,
		 CX4_DRV_VER_SUBMINOR);
	return cx4_cmd(core, in, out);
}

/* NOP (PRM 12.18.1): a command that only completes (debugfs storms). */
int cx4_fw_nop(struct cx4_core *core)
{
	static_assert(CX4_NOP_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_fw_simple(core, CX4_CMD_NOP);
}

/*
 * An ALLOC_* command whose output is a 24-bit object number at 0x08
 * (ALLOC_UAR, ALLOC_PD, ALLOC_TRANSPORT_DOMAIN).
 */
static int cx4_fw_alloc_obj(struct cx4_core *core, u16 opcode, u32 fld,
			    u32 *id)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};
	int err;

	cx4_set(in, CX4_CMD_IN_OPCODE, opcode);
	err = cx4_cmd(core, in, out);
	if (!err)
		*id = cx4_get(out, fld);
	return err;
}

/* The matching DEALLOC_*: the object number at 0x08 of the input. */
static int cx4_fw_dealloc_obj(struct cx4_core *core, u16 opcode, u32 fld,
			      u32 id)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};

	cx4_set(in, CX4_CMD_IN_OPCODE, opcode);
	cx4_set(in, fld, id);
	return cx4_cmd(core, in, out);
}

int cx4_fw_alloc_uar(struct cx4_core *core, u32 *uarn)
{
	static_assert(CX4_ALLOC_UAR_OUT_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_fw_alloc_obj(core, CX4_CMD_ALLOC_UAR, CX4_ALLOC_UAR_OUT_UAR,
				uarn);
}

int cx4_fw_dealloc_uar(struct cx4_core *core, u32 uarn)
{
	static_assert(CX4_DEALLOC_UAR_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_fw_dealloc_obj(core, CX4_CMD_DEALLOC_UAR,
				  CX4_DEALLOC_UAR_IN_UAR, uarn);
}

/* Protection domain for the Ethernet objects (PRM 12.3.13). */
int cx4_fw_alloc_pd(struct cx4_core *core)
{
	int err;

	static_assert(CX4_ALLOC_PD_OUT_SIZE == CX4_CMD_SIMPLE_SIZE);
	err = cx4_fw_alloc_obj(core, CX4_CMD_ALLOC_PD, CX4_ALLOC_PD_OUT_PD,
			       &core->pdn);
	core->pd_alloced = !err;
	return err;
}

int cx4_fw_dealloc_pd(struct cx4_core *core)
{
	static_assert(CX4_DEALLOC_PD_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	core->pd_alloced = false;
	return cx4_fw_dealloc_obj(core, CX4_CMD_DEALLOC_PD,
				  CX4_DEALLOC_PD_IN_PD, core->pdn);
}

/* Transport domain for TIRs and TISes (PRM 12.3.18). */
int cx4_fw_alloc_td(struct cx4_core *core)
{
	int err;

	static_assert(CX4_ALLOC_TD_OUT_SIZE == CX4_CMD_SIMPLE_SIZE);
	err = cx4_fw_alloc_obj(core, CX4_CMD_ALLOC_TRANSPORT_DOMAIN,
			       CX4_ALLOC_TD_OUT_TRANSPORT_DOMAIN, &core->tdn);
	core->td_alloced = !err;
	return err;
}

int cx4_fw_dealloc_td(struct cx4_core *core)
{
	static_assert(CX4_DEALLOC_TD_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	core->td_alloced = false;
	return cx4_fw_dealloc_obj(core, CX4_CMD_DEALLOC_TRANSPORT_DOMAIN,
				  CX4_DEALLOC_TD_IN_TRANSPORT_DOMAIN,
				  core->tdn);
}

/*
 * The MKey en/ uses as lkey (PRM 6.2, 12.5.1): physical address mode
 * (VA = PA), local read and write, the whole address space (length64,
 * or the largest region log_max_mrw_sz allows), in the core's PD.
 */
int cx4_fw_create_mkey(struct cx4_core *core)
{
	u32 log_mrw = cx4_get(core->caps[CX4_CAPS_GEN_CUR],
			      CX4_CAP_LOG_MAX_MRW_SZ);
	u8 in[CX4_CREATE_MKEY_IN_OFF_MTT] = {};
	u8 out[CX4_CREATE_MKEY_OUT_SIZE] = {};
	u8 *mkc = in + CX4_CREATE_MKEY_IN_OFF_MKC;
	int err;

	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_CREATE_MKEY);
	cx4_set(mkc, CX4_MKC_LR, 1);
	cx4_set(mkc, CX4_MKC_LW, 1);
	cx4_set(mkc, CX4_MKC_ACCESS_MODE, CX4_MKC_ACCESS_MODE_PA);
	cx4_set(mkc, CX4_MKC_QPN, CX4_MKC_QPN_NONE);
	cx4_set(mkc, CX4_MKC_MKEY_7_0, CX4_CORE_MKEY_VARIANT);
	if (log_mrw >= 64)
		cx4_set(mkc, CX4_MKC_LENGTH64, 1);
	else
		cx4_set64(mkc, CX4_MKC_OFF_LEN, 1ULL << log_mrw);
	cx4_set(mkc, CX4_MKC_PD, core->pdn);
	err = cx4_cmd(core, in, out);
	if (err)
		return err;
	core->mkey = cx4_mkey(cx4_get(out, CX4_CREATE_MKEY_OUT_MKEY_INDEX),
			      CX4_CORE_MKEY_VARIANT);
	core->mkey_created = true;
	return 0;
}

int cx4_fw_destroy_mkey(struct cx4_core *core)
{
	u8 out[CX4_DESTROY_MKEY_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_MKEY_IN_SIZE] = {};

	core->mkey_created = false;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_DESTROY_MKEY);
	cx4_set(in, CX4_DESTROY_MKEY_IN_MKEY_INDEX, cx4_mkey_index(core->mkey));
	return cx4_cmd(core, in, out);
}

/* QUERY_VPORT_STATE (PRM 12.16.1) of the own NIC vport: the raw state. */
int cx4_fw_query_vport_state(struct cx4_core *core, u32 *state)
{
	u8 out[CX4_QUERY_VPORT_STATE_OUT_SIZE] = {};
	u8 in[CX4_QUERY_VPORT_STATE_IN_SIZE] = {};
	int err;

	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_QUERY_VPORT_STATE);
	cx4_set(in, CX4_CMD_IN_OP_MOD, CX4_VPORT_OP_MOD_NIC_VPORT);
	err = cx4_cmd(core, in, out);
	if (!err)
		*state = cx4_get(out, CX4_QUERY_VPORT_STATE_OUT_STATE);
	return err;
}

/* The permanent address (Table 19 layout) of NIC vport context @ctx. */
void cx4_fw_nic_vport_mac(const void *ctx, u8 mac[ETH_ALEN])
{
	const u8 *a = (const u8 *)ctx + CX4_NIC_VPORT_OFF_PERMANENT_ADDRESS;
	u32 hi = cx4_get(a, CX4_MAC_ADDR_47_32);
	u32 lo = cx4_get(a, CX4_MAC_ADDR_31_0);

	mac[0] = hi >> 8;
	mac[1] = hi;
	mac[2] = lo >> 24;
	mac[3] = lo >> 16;
	mac[4] = lo >> 8;
	mac[5] = lo;
}

/*
 * QUERY_NIC_VPORT_CONTEXT (PRM 12.16.3) of the own NIC vport, for its
 * permanent address (not checked here).  The output must hold the whole
 * current UC list, so it is sized for the largest one the device allows
 * (log_max_current_uc_list); the list size returned is checked against
 * that.
 */
int cx4_fw_query_nic_vport_mac(struct cx4_core *core, u8 mac[ETH_ALEN])
{
	u32 log_max = cx4_get(core->caps[CX4_CAPS_GEN_CUR],
			      CX4_CAP_LOG_MAX_CURRENT_UC_LIST);
	u8 in[CX4_QUERY_NIC_VPORT_CTX_IN_SIZE] = {};
	u32 len, nlist;
	u8 *out, *ctx;
	int err;

	/* The output must fit a command message (CX4_CMD_MAX_LEN). */
	len = log_max <= CX4_FW_LOG_MAX_UC_LIST ?
	      cx4_query_nic_vport_ctx_out_size(1u << log_max) : U32_MAX;
	if (len > CX4_CMD_MAX_LEN) {
		dev_err(core->dev, "log_max_current_uc_list %u: the list does not fit a %u-byte command output\n",
			log_max, (u32)CX4_CMD_MAX_LEN);
		return -EIO;
	}
	out = kvzalloc(len, GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_QUERY_NIC_VPORT_CONTEXT);
	cx4_set(in, CX4_CMD_IN_OP_MOD, CX4_VPORT_OP_MOD_NIC_VPORT);
	cx4_set(in, CX4_QUERY_NIC_VPORT_CTX_IN_ALLOWED_LIST_TYPE,
		CX4_NIC_VPORT_LIST_UC);
	err = cx4_cmd_exec(core, in, sizeof(in), out, len);
	if (err)
		goto out_free;
	ctx = out + CX4_QUERY_NIC_VPORT_CTX_OUT_OFF_CTX;
	nlist = cx4_get(ctx, CX4_NIC_VPORT_ALLOWED_LIST_SIZE);
	if (nlist > 1u << log_max) {
		dev_err(core->dev, "NIC vport context lists %u addresses, at most %u allowed\n",
			nlist, 1u << log_max);
		err = -EIO;
		goto out_free;
	}
	cx4_fw_nic_vport_mac(ctx, mac);
out_free:
	kvfree(out);
	return err;
}

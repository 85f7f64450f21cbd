// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 HCA capabilities (PRM 12.3.2, 12.3.3): QUERY_HCA_CAP of the general
 * (maximum and current), Ethernet offload and NIC flow table types, kept
 * in core->caps[]; SET_HCA_CAP of the driver's choices.
 */

#include <linux/cache.h>
#include <linux/device.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "core.h"

static_assert(CX4_CAPS_NUM == 4);

/* QUERY_HCA_CAP of @type (current or maximum) into core->caps[@slot]. */
static int cx4_caps_query_one(struct cx4_core *core, enum cx4_cap_slot slot,
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
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_HCA_CAP_OPMOD(type, cur));
	err = cx4_cmd_exec(core, in, sizeof(in), out, CX4_QUERY_HCA_CAP_OUT_SIZE);
	if (!err)
		memcpy(core->caps[slot], out + CX4_HCA_CAP_OFF, CX4_HCA_CAP_SIZE);
	kfree(out);
	return err;
}

/* General capabilities, maximum and current. */
int cx4_caps_query(struct cx4_core *core)
{
	int err;

	err = cx4_caps_query_one(core, CX4_CAPS_GEN_MAX, CX4_CAP_GENERAL, false);
	if (err)
		return err;
	return cx4_caps_query_one(core, CX4_CAPS_GEN_CUR, CX4_CAP_GENERAL, true);
}

/* Ethernet offload and NIC flow table capabilities, when advertised. */
int cx4_caps_query_proto(struct cx4_core *core)
{
	const void *gen = core->caps[CX4_CAPS_GEN_CUR];
	int err;

	if (CX4_GET(CAP, gen, ETH_NET_OFFLOADS)) {
		err = cx4_caps_query_one(core, CX4_CAPS_ETH_CUR,
					 CX4_CAP_ETH_OFFLOAD, true);
		if (err)
			return err;
	}
	if (CX4_GET(CAP, gen, NIC_FLOW_TABLE)) {
		err = cx4_caps_query_one(core, CX4_CAPS_FT_CUR,
					 CX4_CAP_FLOW_TABLE, true);
		if (err)
			return err;
	}
	return 0;
}

void cx4_caps_free(struct cx4_core *core)
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
static void cx4_caps_edit(struct cx4_core *core, void *cap)
{
	const void *max = core->caps[CX4_CAPS_GEN_MAX];

	CX4_SET(CAP, cap, LOG_UAR_PAGE_SZ, PAGE_SHIFT - CX4_PAGE_SHIFT);
	CX4_SET(CAP, cap, CACHE_LINE_128BYTE,
		CX4_GET(CAP, max, CACHE_LINE_128BYTE) &&
		cache_line_size() == 128);
	CX4_SET(CAP, cap, CMDIF_CHECKSUM, CX4_CMDIF_CSUM_DISABLED);
}

/* SET_HCA_CAP (general) and re-read what the device now reports. */
int cx4_caps_set(struct cx4_core *core)
{
	u8 out[CX4_SET_HCA_CAP_OUT_SIZE] = {};
	u32 log_pg_sz;
	u8 *in;
	int err;

	log_pg_sz = CX4_GET(CAP, core->caps[CX4_CAPS_GEN_CUR], LOG_PG_SZ);
	if (log_pg_sz > PAGE_SHIFT) {
		dev_err(core->dev, "device needs %u byte pages, system pages are %lu\n",
			1u << min_t(u32, log_pg_sz, 31), PAGE_SIZE);
		return -EOPNOTSUPP;
	}

	in = kzalloc(CX4_SET_HCA_CAP_IN_SIZE, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 0));
	memcpy(in + CX4_HCA_CAP_OFF, core->caps[CX4_CAPS_GEN_CUR],
	       CX4_HCA_CAP_SIZE);
	cx4_caps_edit(core, in + CX4_HCA_CAP_OFF);
	err = cx4_cmd_exec(core, in, CX4_SET_HCA_CAP_IN_SIZE, out, sizeof(out));
	kfree(in);
	if (err)
		return err;
	return cx4_caps_query_one(core, CX4_CAPS_GEN_CUR, CX4_CAP_GENERAL, true);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 memory keys (PRM 6.2, 12.5): CREATE/DESTROY_MKEY of the core's
 * physical-address MKey, the lkey of en/'s data segments.
 */

#include "core.h"

/*
 * The MKey en/ uses as lkey (PRM 6.2, 12.5.1): physical address mode
 * (VA = PA), local read and write, the whole address space (length64,
 * or the largest region log_max_mrw_sz allows), in the core's PD.
 */
int cx4_mkey_create(struct cx4_core *core)
{
	u32 log_mrw = CX4_GET(CAP, core->caps[CX4_CAPS_GEN_CUR],
			      LOG_MAX_MRW_SZ);
	u8 in[CX4_CREATE_MKEY_IN_OFF_MTT] = {};
	u8 out[CX4_CREATE_MKEY_OUT_SIZE] = {};
	u8 *mkc = CX4_ADDR(CREATE_MKEY_IN, in, MKC);
	int err;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_MKEY);
	CX4_SET(MKC, mkc, LR, 1);
	CX4_SET(MKC, mkc, LW, 1);
	CX4_SET(MKC, mkc, ACCESS_MODE, CX4_MKC_ACCESS_MODE_PA);
	CX4_SET(MKC, mkc, QPN, CX4_MKC_QPN_NONE);
	CX4_SET(MKC, mkc, MKEY_7_0, CX4_CORE_MKEY_VARIANT);
	if (log_mrw >= 64)
		CX4_SET(MKC, mkc, LENGTH64, 1);
	else
		CX4_SET64(MKC, mkc, LEN, 1ULL << log_mrw);
	CX4_SET(MKC, mkc, PD, core->pdn);
	err = cx4_cmd(core, in, out);
	if (err)
		return err;
	core->mkey = cx4_mkey(CX4_GET(CREATE_MKEY_OUT, out, MKEY_INDEX),
			      CX4_CORE_MKEY_VARIANT);
	core->mkey_created = true;
	return 0;
}

int cx4_mkey_destroy(struct cx4_core *core)
{
	u8 out[CX4_DESTROY_MKEY_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_MKEY_IN_SIZE] = {};

	core->mkey_created = false;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DESTROY_MKEY);
	CX4_SET(DESTROY_MKEY_IN, in, MKEY_INDEX, cx4_mkey_index(core->mkey));
	return cx4_cmd(core, in, out);
}

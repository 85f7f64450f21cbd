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

int cx4_mkey_destroy(struct cx4_core *core)
{
	u8 out[CX4_DESTROY_MKEY_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_MKEY_IN_SIZE] = {};

	core->mkey_created = false;
	cx4_set(in, CX4_CMD_IN_OPCODE, CX4_CMD_DESTROY_MKEY);
	cx4_set(in, CX4_DESTROY_MKEY_IN_MKEY_INDEX, cx4_mkey_index(core->mkey));
	return cx4_cmd(core, in, out);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 HCA (PRM 7.1, 8.2, 8.3, 12.3): ENABLE/DISABLE_HCA, INIT/TEARDOWN_HCA,
 * the interface step sequence (QUERY/SET_ISSI), SET_DRIVER_VERSION, and
 * NOP (a command that only completes).
 */

#include "core.h"

static_assert(CX4_DRV_ISSI < CX4_QUERY_ISSI_SUPPORTED_BITS);

int cx4_hca_enable(struct cx4_core *core)
{
	static_assert(CX4_ENABLE_HCA_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_cmd_simple(core, CX4_CMD_ENABLE_HCA);
}

int cx4_hca_disable(struct cx4_core *core)
{
	static_assert(CX4_DISABLE_HCA_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_cmd_simple(core, CX4_CMD_DISABLE_HCA);
}

int cx4_hca_init(struct cx4_core *core)
{
	static_assert(CX4_INIT_HCA_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_cmd_simple(core, CX4_CMD_INIT_HCA);
}

int cx4_hca_teardown(struct cx4_core *core)
{
	u8 out[CX4_TEARDOWN_HCA_OUT_SIZE] = {};
	u8 in[CX4_TEARDOWN_HCA_IN_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_TEARDOWN_HCA);
	CX4_SET(TEARDOWN_HCA_IN, in, PROFILE, CX4_TEARDOWN_GRACEFUL);
	return cx4_cmd(core, in, out);
}

/* Highest ISSI up to ours that the device supports, or -1. */
static int cx4_issi_pick(const u8 *query_out)
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
int cx4_issi_set(struct cx4_core *core)
{
	u8 qout[CX4_QUERY_ISSI_OUT_SIZE] = {};
	u8 qin[CX4_QUERY_ISSI_IN_SIZE] = {};
	u8 out[CX4_SET_ISSI_OUT_SIZE] = {};
	u8 in[CX4_SET_ISSI_IN_SIZE] = {};
	int issi, err;

	CX4_SET(CMD_IN, qin, OPCODE, CX4_CMD_QUERY_ISSI);
	err = __cx4_cmd_exec(core, qin, sizeof(qin), qout, sizeof(qout),
			     CX4_CMD_QUIET_BAD_OP);
	if (err == -EOPNOTSUPP &&
	    CX4_GET(CMD_OUT, qout, STATUS) == CX4_CMD_STAT_BAD_OP) {
		core->issi = 0;
		return 0;
	}
	if (err)
		return err;

	issi = cx4_issi_pick(qout);
	if (issi < 0) {
		dev_err(core->dev, "device supports no ISSI up to %u\n",
			CX4_DRV_ISSI);
		return -EOPNOTSUPP;
	}
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_ISSI);
	CX4_SET(SET_ISSI_IN, in, CURRENT_ISSI, issi);
	err = cx4_cmd(core, in, out);
	if (err)
		return err;
	core->issi = issi;
	return 0;
}

/* SET_DRIVER_VERSION, only when the device asks for it (cap driver_version). */
int cx4_hca_set_driver_version(struct cx4_core *core)
{
	u8 out[CX4_SET_DRIVER_VERSION_OUT_SIZE] = {};
	u8 in[CX4_SET_DRIVER_VERSION_IN_SIZE] = {};

	if (!CX4_GET(CAP, core->caps[CX4_CAPS_GEN_CUR], DRIVER_VERSION))
		return 0;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_DRIVER_VERSION);
	/* Table 190: "OS,driver,main.minor.subminor", NUL included in 64. */
	snprintf((char *)CX4_ADDR(SET_DRIVER_VERSION_IN, in, STR),
		 CX4_DRIVER_VERSION_LEN, "Linux,%s,%u.%03u.%06u",
		 KBUILD_MODNAME, CX4_DRV_VER_MAIN, CX4_DRV_VER_MINOR,
		 CX4_DRV_VER_SUBMINOR);
	return cx4_cmd(core, in, out);
}

/* NOP (PRM 12.18.1): a command that only completes (debugfs storms). */
int cx4_hca_nop(struct cx4_core *core)
{
	static_assert(CX4_NOP_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_cmd_simple(core, CX4_CMD_NOP);
}

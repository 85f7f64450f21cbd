// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 port registers: ACCESS_REGISTER (PRM 12.4.1, Tables 221-224) for
 * en/, which owns the meaning of the registers (en/port.c).  The core
 * only carries them: the command header, op_mod (0 write, 1 read) and
 * register_id, then the register data at CX4_ACCESS_REG_OFF_DATA of both
 * the input and the output.  The argument field stays 0 (no register of
 * chapter 11 defines one).
 */

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/cx4/prm_reg.h>

#include "core.h"

int cx4_core_access_reg(struct cx4_core *core, u16 reg_id, bool write,
			void *data, size_t size)
{
	size_t len = CX4_ACCESS_REG_OFF_DATA + size;
	u8 *in, *out;
	int err;

	if (!size || size > CX4_CORE_REG_MAX_SIZE || size % 4)
		return -EINVAL;
	in = kzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	out = kzalloc(len, GFP_KERNEL);
	if (!out) {
		err = -ENOMEM;
		goto free_in;
	}
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_ACCESS_REG);
	CX4_SET(CMD_IN, in, OP_MOD,
		write ? CX4_ACCESS_REG_WRITE : CX4_ACCESS_REG_READ);
	CX4_SET(ACCESS_REG_IN, in, REGISTER_ID, reg_id);
	memcpy(CX4_ADDR(ACCESS_REG_IN, in, DATA), data, size);
	err = cx4_cmd_exec(core, in, len, out, len);
	if (!err && !write)
		memcpy(data, CX4_ADDR(ACCESS_REG_OUT, out, DATA), size);
	kfree(out);
free_in:
	kfree(in);
	return err;
}

int cx4_core_nop(struct cx4_core *core)
{
	return cx4_hca_nop(core);
}

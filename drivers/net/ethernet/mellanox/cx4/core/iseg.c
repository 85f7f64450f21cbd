// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 initialization segment access (PRM 4.3, Tables 7 and 8): the first
 * bytes of BAR0, big-endian dwords read and written by MMIO.  The bottom
 * of the core with cmd.c: everything above uses it, it uses nothing of
 * cx4's.
 */

#include <linux/io.h>

#include "core.h"

u32 cx4_iseg_get(struct cx4_core *core, u32 fld)
{
	u32 v = ioread32be(core->iseg + CX4_FLD_OFF(fld));

	return (v >> CX4_FLD_LSB(fld)) & cx4_fld_mask(fld);
}

void cx4_iseg_write(struct cx4_core *core, u32 off, u32 val)
{
	iowrite32be(val, core->iseg + off);
}

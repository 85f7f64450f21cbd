// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 protection domain (PRM 12.3.13): ALLOC/DEALLOC_PD of the core's PD.
 */

#include "core.h"

/* Protection domain for the Ethernet objects (PRM 12.3.13). */
int cx4_pd_alloc(struct cx4_core *core)
{
	int err;

	static_assert(CX4_ALLOC_PD_OUT_SIZE == CX4_CMD_SIMPLE_SIZE);
	err = cx4_cmd_alloc_obj(core, CX4_CMD_ALLOC_PD, CX4_ALLOC_PD_OUT_PD,
				&core->pdn);
	core->pd_alloced = !err;
	return err;
}

int cx4_pd_dealloc(struct cx4_core *core)
{
	static_assert(CX4_DEALLOC_PD_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	core->pd_alloced = false;
	return cx4_cmd_dealloc_obj(core, CX4_CMD_DEALLOC_PD,
				   CX4_DEALLOC_PD_IN_PD, core->pdn);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 transport domain (PRM 12.3.18): ALLOC/DEALLOC_TRANSPORT_DOMAIN of
 * the core's TD, the domain of en/'s TIRs and TISes.
 */

#include "core.h"

/* Transport domain for TIRs and TISes (PRM 12.3.18). */
int cx4_td_alloc(struct cx4_core *core)
{
	int err;

	static_assert(CX4_ALLOC_TD_OUT_SIZE == CX4_CMD_SIMPLE_SIZE);
	err = cx4_cmd_alloc_obj(core, CX4_CMD_ALLOC_TRANSPORT_DOMAIN,
				CX4_ALLOC_TD_OUT_TRANSPORT_DOMAIN, &core->tdn);
	core->td_alloced = !err;
	return err;
}

int cx4_td_dealloc(struct cx4_core *core)
{
	static_assert(CX4_DEALLOC_TD_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	core->td_alloced = false;
	return cx4_cmd_dealloc_obj(core, CX4_CMD_DEALLOC_TRANSPORT_DOMAIN,
				   CX4_DEALLOC_TD_IN_TRANSPORT_DOMAIN,
				   core->tdn);
}

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The engine table: each engine defines its hooks (struct cx4dev_engine)
 * next to its code; this file only lists them, in the order the timers
 * fire and objects are released.  Data only: it calls nothing.
 */
#include "cx4dev_int.h"

const struct cx4dev_engine *const cx4dev_engines[CX4DEV_ENGINE_NUM] = {
	[CX4DEV_ENGINE_CMDQ]	= &cx4dev_cmdq_engine,
	[CX4DEV_ENGINE_MKEY]	= &cx4dev_mkey_engine,
	[CX4DEV_ENGINE_CQ]	= &cx4dev_cq_engine,
	[CX4DEV_ENGINE_EQ]	= &cx4dev_eq_engine,
	[CX4DEV_ENGINE_LRO]	= &cx4dev_lro_engine,
};

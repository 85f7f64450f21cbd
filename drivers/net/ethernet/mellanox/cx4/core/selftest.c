// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 core: the interrupt self-test of ethtool -t.
 *
 * Once the control EQ runs, the command interface is in event mode: the
 * device reports each completion with a command interface completion
 * event (PRM 7.14.1, Table 90) on the control EQ, whose MSI-X interrupt
 * wakes the waiter (cmd.c).  A completion the waiter had to find by
 * polling the ownership bit means the event or its interrupt did not
 * arrive (counted in stats.lost_events).
 */

#include "core.h"
#include "cmd.h"

int cx4_core_test_irq(struct cx4_core *core)
{
	struct cx4_cmdq *cmdq = &core->cmdq;
	int events, lost, err;

	if (!READ_ONCE(cmdq->use_events))
		return -EOPNOTSUPP;
	events = atomic_read(&cmdq->stats.events);
	lost = atomic_read(&cmdq->stats.lost_events);
	err = cx4_core_nop(core);
	if (err)
		return err;
	/* Another command's lost event in the meantime also fails the test. */
	if (atomic_read(&cmdq->stats.lost_events) != lost)
		return -EIO;
	return atomic_read(&cmdq->stats.events) != events ? 0 : -EIO;
}

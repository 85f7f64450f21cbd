// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 health poller (PRM 4.3, Table 8: health counter and syndrome).
 *
 * Firmware advances the health counter while it runs and sets the health
 * syndrome when it fails.  A delayed work reads both every
 * CX4_HEALTH_POLL_MS; a non-zero syndrome, or a counter that did not move
 * for CX4_HEALTH_STALL_POLLS polls in a row, means the device is dead:
 * the command interface is stopped (commands in flight and new ones fail
 * at once instead of timing out), and remove resets the function.
 *
 * Recovery (teardown and a new start-up, a devlink health reporter) is not
 * implemented yet: the function stays dead until the driver is unbound.
 */

#include <linux/device.h>
#include <linux/jiffies.h>
#include <linux/workqueue.h>

#include "core.h"

static const char * const cx4_health_names[] = {
	[CX4_HEALTH_FW_INTERNAL_ERR]	= "firmware internal error",
	[CX4_HEALTH_DEAD_IRISC]		= "dead IRISC",
	[CX4_HEALTH_HW_FATAL_ERR]	= "hardware fatal error",
	[CX4_HEALTH_FW_CRC_ERR]		= "firmware CRC error",
	[CX4_HEALTH_ICM_FETCH_PCI_ERR]	= "ICM fetch PCI error",
	[CX4_HEALTH_ICM_PAGE_ERR]	= "ICM page error",
	[CX4_HEALTH_ASYNC_EQ_BUF_OVERRUN] = "asynchronous EQ buffer overrun",
	[CX4_HEALTH_EQ_IN_ERR]		= "EQ in error",
	[CX4_HEALTH_EQ_INV]		= "invalid EQ referenced",
	[CX4_HEALTH_FFSER_ERR]		= "FFSER error",
	[CX4_HEALTH_HIGH_TEMP_ERR]	= "high temperature",
};

static const char *cx4_health_name(u32 syndrome)
{
	if (syndrome < ARRAY_SIZE(cx4_health_names) &&
	    cx4_health_names[syndrome])
		return cx4_health_names[syndrome];
	return "unknown syndrome";
}

/*
 * One poll (no device access; KUnit): true when the device is to be
 * considered dead.  Updates the stall bookkeeping in @h.
 */
bool cx4_health_check(struct cx4_health *h, u32 counter, u32 syndrome)
{
	if (syndrome)
		return true;
	if (counter == h->last_counter) {
		if (++h->stalls >= CX4_HEALTH_STALL_POLLS)
			return true;
	} else {
		h->stalls = 0;
	}
	h->last_counter = counter;
	return false;
}

static void cx4_health_poll(struct work_struct *work)
{
	struct cx4_health *h = container_of(to_delayed_work(work),
					    struct cx4_health, work);
	struct cx4_core *core = container_of(h, struct cx4_core, health);
	u32 syndrome = cx4_iseg_get(core, CX4_INIT_HEALTH_SYNDROME);
	u32 counter = cx4_iseg_get(core, CX4_INIT_HEALTH_COUNTER);

	if (READ_ONCE(h->fatal))
		return;
	if (!cx4_health_check(h, counter, syndrome)) {
		schedule_delayed_work(&h->work,
				      msecs_to_jiffies(CX4_HEALTH_POLL_MS));
		return;
	}
	WRITE_ONCE(h->fatal, true);
	if (syndrome)
		dev_err(core->dev,
			"device failed: health syndrome 0x%x (%s), counter %u; command interface stopped, unbind/rebind to recover\n",
			syndrome, cx4_health_name(syndrome), counter);
	else
		dev_err(core->dev,
			"device failed: health counter stuck at %u for %u ms; command interface stopped, unbind/rebind to recover\n",
			counter, CX4_HEALTH_STALL_POLLS * CX4_HEALTH_POLL_MS);
	cx4_cmdq_stop(core);
}

/* At probe, before any interrupt can kick the poller. */
void cx4_health_init(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;

	INIT_DELAYED_WORK(&h->work, cx4_health_poll);
	spin_lock_init(&h->lock);
	h->running = false;
	h->fatal = false;
}

void cx4_health_start(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;

	h->last_counter = cx4_iseg_get(core, CX4_INIT_HEALTH_COUNTER);
	h->stalls = 0;
	spin_lock_irq(&h->lock);
	h->running = true;
	schedule_delayed_work(&h->work, msecs_to_jiffies(CX4_HEALTH_POLL_MS));
	spin_unlock_irq(&h->lock);
}

void cx4_health_stop(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;

	spin_lock_irq(&h->lock);
	h->running = false;
	spin_unlock_irq(&h->lock);
	cancel_delayed_work_sync(&h->work);
}

/*
 * An interrupt of the control EQ without an EQE: the device signals an
 * internal error (PRM 7.13.9.1).  Poll the health buffer now.
 */
void cx4_health_kick(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;
	unsigned long flags;

	spin_lock_irqsave(&h->lock, flags);
	if (h->running)
		mod_delayed_work(system_wq, &h->work, 0);
	spin_unlock_irqrestore(&h->lock, flags);
}

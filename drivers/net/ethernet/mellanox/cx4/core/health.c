// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 health poller (PRM 4.3, Table 8: health counter and syndrome).
 *
 * Firmware advances the health counter while it runs and sets the health
 * syndrome when it fails.  A delayed work reads both every
 * CX4_HEALTH_POLL_MS; a non-zero syndrome, or a counter that did not move
 * for CX4_HEALTH_STALL_MS, or a command that timed out
 * (cx4_health_cmd_timeout()), or, once probe is done and until remove,
 * a release command the device refused (cx4_health_release_failed()) or
 * a request of the part above (cx4_core_request_recovery()),
 * means the device is dead:
 * the command interface is stopped (commands in flight and new ones fail
 * at once instead of timing out) and recovery is queued.
 *
 * Recovery runs from its own delayed work: the failure is reported to the
 * devlink health reporter (devlink.c), whose recover callback -- or, without
 * devlink, the work itself -- makes one attempt (the recover op main.c
 * gives at probe, cx4_core_recover(): detach
 * en/, tear down and reset the function, probe's sequence again, attach
 * en/).  With devlink's auto-recovery turned off by the operator the
 * function stays dead until "devlink health recover".  A failed attempt, or a
 * device dying again soon after a recovery, counts as a failure; the next
 * attempt waits cx4_health_backoff_ms() and after CX4_RECOVERY_MAX_FAILS
 * failures in a row, the first at least recovery_give_up_ms ago, the
 * driver gives up, saying so.
 *
 * The work needs the device lock (function reset) while remove holds it
 * and cancels the work: it only try-locks, and gives up once remove has
 * set @stopping.
 */

#include <linux/delay.h>
#include <linux/device.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>
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

const char *cx4_health_name(u32 syndrome)
{
	if (syndrome < ARRAY_SIZE(cx4_health_names) &&
	    cx4_health_names[syndrome])
		return cx4_health_names[syndrome];
	return "unknown syndrome";
}

/*
 * One poll at jiffies @now (no device access; KUnit): true when the
 * device is to be considered dead, i.e. a syndrome is set or the counter
 * has not moved for CX4_HEALTH_STALL_MS, however often it was polled.
 * Updates the stall bookkeeping in @h.
 */
bool cx4_health_check(struct cx4_health *h, u32 counter, u32 syndrome,
		      unsigned long now)
{
	if (syndrome)
		return true;
	if (counter != h->last_counter) {
		h->last_counter = counter;
		h->last_change = now;
		return false;
	}
	return time_after_eq(now, h->last_change +
			     msecs_to_jiffies(CX4_HEALTH_STALL_MS));
}

/*
 * Delay before the next recovery attempt after @fails failures in a row:
 * none for the first, then CX4_RECOVERY_DELAY_MS doubling up to
 * CX4_RECOVERY_DELAY_MAX_MS.  No device access (KUnit).
 */
u32 cx4_health_backoff_ms(u32 fails)
{
	if (!fails)
		return 0;
	if (fails - 1 >= 16)
		return CX4_RECOVERY_DELAY_MAX_MS;
	return min_t(u32, CX4_RECOVERY_DELAY_MS << (fails - 1),
		     CX4_RECOVERY_DELAY_MAX_MS);
}

static unsigned int recovery_give_up_ms = CX4_RECOVERY_GIVE_UP_MS;
module_param(recovery_give_up_ms, uint, 0644);
MODULE_PARM_DESC(recovery_give_up_ms,
		 "Keep recovering a dead function at least this long, in ms, before giving up after 5 failures in a row (default 60000)");

/*
 * Give up after @fails failures in a row, the first @failing_ms ago?
 * Only when there were CX4_RECOVERY_MAX_FAILS of them and they span
 * @give_up_ms.  No device access (KUnit).
 */
bool cx4_health_give_up_due(u32 fails, u32 failing_ms, u32 give_up_ms)
{
	return fails >= CX4_RECOVERY_MAX_FAILS && failing_ms >= give_up_ms;
}

/* One more failure in a row; the first starts the give-up clock. */
static void cx4_health_count_fail(struct cx4_health *h)
{
	if (!h->fails++)
		h->failing_since = jiffies;
}

static bool cx4_health_giving_up(const struct cx4_health *h)
{
	return cx4_health_give_up_due(h->fails,
				      jiffies_to_msecs(jiffies - h->failing_since),
				      READ_ONCE(recovery_give_up_ms));
}

/* Queue the next attempt after the back-off (at once to give up). */
static void cx4_health_schedule_recovery(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;
	u32 ms = 0;

	if (!cx4_health_giving_up(h))
		ms = cx4_health_backoff_ms(h->fails);
	if (ms)
		dev_warn(core->dev,
			 "recovery: %u failure(s) in a row, next attempt in %u ms\n",
			 h->fails, ms);
	spin_lock_irq(&h->lock);
	if (!h->stopping)
		queue_delayed_work(system_wq, &h->recover_work,
				   msecs_to_jiffies(ms));
	spin_unlock_irq(&h->lock);
}

/*
 * The device was found dead: count it, stop commands, recover.  @why
 * says how when the syndrome is 0.
 */
static void cx4_health_fatal(struct cx4_core *core, u32 syndrome, u32 counter,
			     const char *why)
{
	struct cx4_health *h = &core->health;
	bool attempting;

	spin_lock_irq(&h->lock);
	WRITE_ONCE(h->fatal, true);
	attempting = h->attempting;
	spin_unlock_irq(&h->lock);
	h->why = syndrome ? "health syndrome set" : why;
	h->syndrome = syndrome;
	h->counter = counter;
	h->fatal_events++;
	h->reported = false;
	if (syndrome)
		dev_err(core->dev,
			"device failed: health syndrome 0x%x (%s), counter %u; command interface stopped, recovering\n",
			syndrome, cx4_health_name(syndrome), counter);
	else
		dev_err(core->dev,
			"device failed: %s (health counter %u); command interface stopped, recovering\n",
			why, counter);
	cx4_cmdq_stop(core);
	/*
	 * Dead during a recovery attempt (its bring-up restarted the
	 * poller): that attempt fails, counts and schedules the next one
	 * (cx4_health_recover() and its caller).
	 */
	if (attempting)
		return;
	/* Dead again soon after a recovery: that recovery did not hold. */
	if (h->recoveries &&
	    time_before(jiffies, h->recovered_at +
			msecs_to_jiffies(CX4_RECOVERY_GRACE_MS)))
		cx4_health_count_fail(h);
	else
		h->fails = 0;
	cx4_health_schedule_recovery(core);
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
	if (READ_ONCE(h->cmd_timeout)) {
		cx4_health_fatal(core, syndrome, counter, "a command timed out");
		return;
	}
	if (READ_ONCE(h->release_failed) && READ_ONCE(h->in_service)) {
		cx4_health_fatal(core, syndrome, counter,
				 "the device refused to release an object");
		return;
	}
	if (READ_ONCE(h->recovery_asked) && READ_ONCE(h->in_service)) {
		cx4_health_fatal(core, syndrome, counter,
				 "the Ethernet part asked for a reset");
		return;
	}
	if (!cx4_health_check(h, counter, syndrome, jiffies)) {
		schedule_delayed_work(&h->work,
				      msecs_to_jiffies(CX4_HEALTH_POLL_MS));
		return;
	}
	cx4_health_fatal(core, syndrome, counter, "health counter stuck");
}

/* The device lock, unless remove (which holds it) wants the work gone. */
static bool cx4_health_lock_device(struct cx4_core *core)
{
	while (!device_trylock(core->dev)) {
		if (READ_ONCE(core->health.stopping))
			return false;
		msleep(20);
	}
	if (READ_ONCE(core->health.stopping)) {
		device_unlock(core->dev);
		return false;
	}
	return true;
}

/* Too many failures: take the function down for good and say so. */
static void cx4_health_give_up(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;

	if (!cx4_health_lock_device(core))
		return;
	dev_err(core->dev,
		"recovery: giving up after %u failures in a row (%u s); the function stays down until the driver is unbound and bound again\n",
		h->fails, jiffies_to_msecs(jiffies - h->failing_since) / 1000);
	h->ops->halt(core);
	WRITE_ONCE(h->gave_up, true);
	device_unlock(core->dev);
}

static void cx4_health_recover_work(struct work_struct *work)
{
	struct cx4_health *h = container_of(to_delayed_work(work),
					    struct cx4_health, recover_work);
	struct cx4_core *core = container_of(h, struct cx4_core, health);
	int err;

	if (cx4_health_giving_up(h)) {
		cx4_health_give_up(core);
		return;
	}
	if (!h->reported) {
		u32 attempts = h->attempts;

		/* devlink recovers through cx4_health_recover() if it may. */
		h->reported = true;
		err = cx4_devlink_report(core, h->why);
		if (!err && h->attempts == attempts) {
			/* Reported, not recovered: auto-recovery is off. */
			dev_warn(core->dev,
				 "recovery: devlink auto-recovery is off; the function stays down until \"devlink health recover\"\n");
			return;
		}
		if (!READ_ONCE(h->fatal) && h->attempts != attempts) {
			cx4_devlink_healthy(core);
			return;
		}
		if (h->attempts != attempts) {
			/* devlink's attempt failed: back off before the next. */
			cx4_health_schedule_recovery(core);
			return;
		}
	}
	/* Recovered meanwhile (e.g. "devlink health recover"). */
	if (!READ_ONCE(h->fatal))
		return;
	err = cx4_health_recover(core);
	if (!err) {
		cx4_devlink_healthy(core);
		return;
	}
	if (err == -ESHUTDOWN)
		return;
	cx4_health_schedule_recovery(core);
}

/*
 * One recovery attempt, from the recovery work or devlink's recover
 * callback (devlink calls it only while the reporter is in error state).
 * Return: 0 once the function is up again, -ESHUTDOWN if remove is under
 * way, else the attempt's error (counted in @fails).
 */
int cx4_health_recover(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;
	bool refailed;
	int err;

	if (!cx4_health_lock_device(core))
		return -ESHUTDOWN;
	h->attempts++;
	dev_warn(core->dev, "recovery: attempt %u (%u failure(s) in a row, %u recoveries so far)\n",
		 h->fails + 1, h->fails, h->recoveries);
	spin_lock_irq(&h->lock);
	h->attempting = true;
	spin_unlock_irq(&h->lock);
	err = h->ops->recover(core);
	/* The bring-up cleared @fatal: set again, the poller saw it die. */
	spin_lock_irq(&h->lock);
	h->attempting = false;
	refailed = h->fatal;
	spin_unlock_irq(&h->lock);
	if (!err && refailed) {
		dev_err(core->dev, "recovery: the device failed again during the attempt\n");
		err = -EIO;
	}
	if (!err) {
		h->recoveries++;
		h->recovered_at = jiffies;
		dev_warn(core->dev, "recovery: done, function up again (%u recoveries)\n",
			 h->recoveries);
	} else {
		cx4_health_count_fail(h);
		/*
		 * Still in need of recovery even if the function came up
		 * (its health poller restarted): the next attempt runs.
		 */
		WRITE_ONCE(h->fatal, true);
	}
	device_unlock(core->dev);
	return err;
}

/* Remove: no recovery runs or is queued once this returns. */
void cx4_health_stop_recovery(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;

	spin_lock_irq(&h->lock);
	h->stopping = true;
	WRITE_ONCE(h->in_service, false);
	spin_unlock_irq(&h->lock);
	cancel_delayed_work_sync(&h->recover_work);
	cx4_health_stop(core);
}

/* At probe, before any interrupt can kick the poller. */
/* The internal error interrupt (eq.c: a control EQ interrupt, no EQE). */
static bool cx4_health_event(struct cx4_eq *eq, const void *eqe)
{
	cx4_health_kick(eq->core);
	return true;
}

static const struct cx4_eq_sub cx4_health_eq_sub = {
	.event = cx4_health_event,
};

void cx4_health_init(struct cx4_core *core, const struct cx4_health_ops *ops)
{
	struct cx4_health *h = &core->health;

	h->ops = ops;
	core->cmdq.timed_out = cx4_health_cmd_timeout;
	core->cmdq.release_refused = cx4_health_release_failed;
	cx4_eq_subscribe(core, CX4_EVENT_INTERNAL_ERROR, &cx4_health_eq_sub);
	INIT_DELAYED_WORK(&h->work, cx4_health_poll);
	INIT_DELAYED_WORK(&h->recover_work, cx4_health_recover_work);
	spin_lock_init(&h->lock);
	h->running = false;
	h->fatal = false;
	h->in_service = false;
}

void cx4_health_start(struct cx4_core *core)
{
	struct cx4_health *h = &core->health;

	h->last_counter = cx4_iseg_get(core, CX4_INIT_HEALTH_COUNTER);
	h->last_change = jiffies;
	WRITE_ONCE(h->cmd_timeout, false);
	WRITE_ONCE(h->release_failed, false);
	WRITE_ONCE(h->recovery_asked, false);
	WRITE_ONCE(h->fatal, false);
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

/*
 * A command timed out (cmd.c): the command interface is stopped and
 * only a function reset brings it back.  The poller, queued now, takes
 * it as the device's death: the usual recovery follows.
 */
void cx4_health_cmd_timeout(struct cx4_core *core)
{
	WRITE_ONCE(core->health.cmd_timeout, true);
	cx4_health_kick(core);
}

/*
 * The device refused a DESTROY_/DEALLOC_/DELETE_ command (cmd.c): it keeps
 * an object the driver no longer tracks, which may stand in the way of
 * what is created next (a level-0 flow table, a CQ it still writes).
 * Only a function reset makes the two agree again.  In service, the
 * poller, queued now, starts the usual recovery, which keeps the netdev
 * and reopens its channels; a device refusing again and again is bounded
 * by recovery's back-off and its giving up (CX4_RECOVERY_MAX_FAILS).
 * During probe (its unwinding included) and remove no recovery runs: the
 * flag makes cx4_core_down() reset the function instead of trusting the
 * graceful teardown, and a probe that still succeeds recovers at once
 * (cx4_health_serve()).
 */
void cx4_health_release_failed(struct cx4_core *core)
{
	WRITE_ONCE(core->health.release_failed, true);
	/* The poller acts on it only in service (kicks order the flags). */
	cx4_health_kick(core);
}

/*
 * en/ lost a queue and could not rebuild its channels (core API): the
 * poller, queued now, starts the usual recovery if in service.
 */
void cx4_core_request_recovery(struct cx4_core *core)
{
	WRITE_ONCE(core->health.recovery_asked, true);
	cx4_health_kick(core);
}

/*
 * Probe is done: from now on a refused release is recovered from, one
 * refused during probe included.
 */
void cx4_health_serve(struct cx4_core *core)
{
	WRITE_ONCE(core->health.in_service, true);
	cx4_health_kick(core);
}

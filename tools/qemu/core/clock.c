/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Bottom layer: the device clock, the health counter that runs on it,
 * and the device's one timer.  The timer is armed
 * for the earliest deadline of the firmware-ready delay and of every
 * engine (cx4dev_engines[], engines.c); on expiry each engine's timer
 * hook runs, in table order.  Calls nothing above log.c: the engines are
 * reached through their hooks only.
 */
#include "cx4dev_int.h"

uint64_t cx4dev_now(struct cx4dev *dev)
{
	return dev->ops->now_ns(dev->opaque);
}

/*
 * The internal timer (7.12.10): a free-running count at
 * CX4DEV_TIMER_KHZ (HCA_CAP device_frequency_khz) of the embedding's
 * clock, so every function of one embedding -- both cabled ports of one
 * QEMU -- shares one time base.  Split so that the product cannot
 * overflow: whole milliseconds times the ticks per millisecond, plus the
 * fraction.
 */
uint64_t cx4dev_internal_timer(struct cx4dev *dev)
{
	uint64_t ns = cx4dev_now(dev);

	return ns / CX4DEV_NS_PER_MS * CX4DEV_TIMER_KHZ +
	       ns % CX4DEV_NS_PER_MS * CX4DEV_TIMER_KHZ / CX4DEV_NS_PER_MS;
}

/* The health counter (init segment 0x1010): ticks since firmware ready. */
uint32_t cx4dev_health_counter(struct cx4dev *dev)
{
	if (dev->health_stopped || dev->initializing)
		return dev->health_frozen;
	return (uint32_t)((cx4dev_now(dev) - dev->health_base) / CX4DEV_HEALTH_TICK_NS) &
	       CX4_MAX(INIT, HEALTH_COUNTER);
}

void cx4dev_timer_update(struct cx4dev *dev)
{
	uint64_t next = CX4DEV_NO_DEADLINE;

	if (dev->initializing)
		next = dev->ready_at;
	for (unsigned i = 0; i < CX4DEV_ENGINE_NUM && !dev->bus_master_off; i++) {
		const struct cx4dev_engine *e = cx4dev_engines[i];
		uint64_t d;

		if (!e->next_deadline)
			continue;
		d = e->next_deadline(dev);
		if (d < next)
			next = d;
	}
	dev->ops->timer_arm(dev->opaque, next);
}

void cx4dev_timer_expired(struct cx4dev *dev)
{
	uint64_t now = cx4dev_now(dev);

	if (dev->initializing && now >= dev->ready_at) {
		dev->initializing = false;
		dev->health_base = now;
		cx4dev_logf(dev, "firmware ready: initializing cleared");
	}
	/* Engines' timed work DMAs (CQEs, EQEs, LRO flushes): it waits. */
	if (!dev->bus_master_off)
		for (unsigned i = 0; i < CX4DEV_ENGINE_NUM; i++)
			if (cx4dev_engines[i]->timer)
				cx4dev_engines[i]->timer(dev, now);
	cx4dev_timer_update(dev);
}

void cx4dev_bus_master_set(struct cx4dev *dev, bool on)
{
	if (dev->bus_master_off == !on)
		return;
	dev->bus_master_off = !on;
	cx4dev_logf(dev, "Bus Master Enable %s", on ? "on" : "off");
	if (on)
		cx4dev_timer_update(dev);
}

/* Free every engine's objects, in table order (device destroy). */
void cx4dev_engines_release(struct cx4dev *dev)
{
	for (unsigned i = 0; i < CX4DEV_ENGINE_NUM; i++)
		if (cx4dev_engines[i]->release)
			cx4dev_engines[i]->release(dev);
}

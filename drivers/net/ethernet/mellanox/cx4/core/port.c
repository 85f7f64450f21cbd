// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 port: the function's NIC vport state and permanent MAC address,
 * read at probe (the last steps of PRM 8.2), and port state change
 * events (PRM 7.13.9.2, Tables 86-88) on the control EQ.
 *
 * The cached link state is written by probe (QUERY_VPORT_STATE) and by
 * the control EQ's interrupt handler; cx4_port.lock serializes the two,
 * so that each change an event brings is logged, counted and notified
 * exactly once and a query answer never overrides a later event.
 * Readers use READ_ONCE() without the lock.
 *
 * Link notifiers (for en/) are an atomic notifier chain: they are called
 * from the control EQ's interrupt handler, once per change of the cached
 * state, outside cx4_port.lock, and must not sleep.  The handler is never
 * re-entered for one IRQ, so notifications arrive in the order of the
 * changes.
 *
 * Sub-type 0x5 of Table 88 says the state changed without saying to
 * what; it is counted and the state is read again with QUERY_VPORT_STATE
 * from a work item (a command needs process context); so is it after a
 * sub-type Table 88 does not list (also rejected as a bad EQE).  The
 * work's answer is applied like an event: counted, logged, notified --
 * from process context, so an event arriving at the same moment may be
 * notified before the work's change it follows.  The work runs only
 * while the control EQ exists (the subscription's start/stop hooks).
 */

#include <linux/device.h>
#include <linux/etherdevice.h>
#include <linux/kernel.h>
#include <linux/workqueue.h>

#include "core.h"

/* --- parsing (no device access; KUnit) ------------------------------------ */

/* What a port state change EQE says, from its sub-type (Table 88). */
enum cx4_port_ev cx4_port_event_parse(const void *eqe)
{
	switch (CX4_GET(EQE, eqe, EVENT_SUB_TYPE)) {
	case CX4_PORT_CHANGE_DOWN:
		return CX4_PORT_EV_DOWN;
	case CX4_PORT_CHANGE_ACTIVE:
		return CX4_PORT_EV_UP;
	case CX4_PORT_CHANGE_OTHER:
		return CX4_PORT_EV_OTHER;
	}
	return CX4_PORT_EV_BAD;
}

/*
 * Is @mac, the permanent address the device reported, usable as the
 * function's address?  Return: 0, or -EINVAL for zero or multicast.
 */
int cx4_port_check_mac(const u8 mac[ETH_ALEN])
{
	return is_valid_ether_addr(mac) ? 0 : -EINVAL;
}

/* --- link state ---------------------------------------------------------- */

static void cx4_port_query_work(struct work_struct *work);

/*
 * Set the cached link state, from an event (@event) or from probe's
 * QUERY_VPORT_STATE.  An event is newer than any query answer, so once
 * one has set the state a query no longer does.  Return: true if the
 * state changed.  Any context; takes cx4_port.lock with interrupts off
 * (the handler also takes it).
 */
static bool cx4_port_set_link(struct cx4_core *core, bool up, bool event)
{
	struct cx4_port *port = &core->port;
	unsigned long flags;
	bool changed = false;

	spin_lock_irqsave(&port->lock, flags);
	if (event || !port->link_from_event) {
		changed = READ_ONCE(port->link_up) != up;
		WRITE_ONCE(port->link_up, up);
		port->link_from_event |= event;
	}
	spin_unlock_irqrestore(&port->lock, flags);
	return changed;
}

/*
 * Before the function comes up again (recovery): the next query answer
 * is believed again, events of the dead function are history.
 */
void cx4_port_forget_events(struct cx4_core *core)
{
	spin_lock_irq(&core->port.lock);
	core->port.link_from_event = false;
	spin_unlock_irq(&core->port.lock);
}

/*
 * A port state change EQE on the control EQ whose port number has been
 * validated (cx4_eqe_classify()).  Interrupt context.
 * Return: false if its sub-type is invalid (the caller rejects it).
 */
/* A new link state from an event or the re-query: count, log, notify. */
static void cx4_port_apply(struct cx4_core *core, u32 port, bool up)
{
	if (!cx4_port_set_link(core, up, true))
		return;
	atomic_inc(up ? &core->port.link_ups : &core->port.link_downs);
	if (__ratelimit(&core->port.link_rs))
		dev_info(core->dev, "port %u: link %s\n", port,
			 up ? "up" : "down");
	atomic_notifier_call_chain(&core->port.notifiers,
				   up ? CX4_LINK_EVENT_UP : CX4_LINK_EVENT_DOWN,
				   core);
}

/* Read the state again from the work item (interrupt context). */
static void cx4_port_requery(struct cx4_core *core)
{
	struct cx4_port *port = &core->port;
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	if (port->query_on)
		queue_work(system_wq, &port->query_work);
	spin_unlock_irqrestore(&port->lock, flags);
}

static void cx4_port_query_work(struct work_struct *work)
{
	struct cx4_port *port = container_of(work, struct cx4_port,
					     query_work);
	struct cx4_core *core = container_of(port, struct cx4_core, port);
	u32 state;

	atomic_inc(&port->requeries);
	if (cx4_vport_query_state(core, &state))
		return;	/* logged by the command layer */
	if (state != CX4_VPORT_STATE_DOWN && state != CX4_VPORT_STATE_UP) {
		cx4_err_rl(core, "QUERY_VPORT_STATE returned state 0x%x, neither down nor up\n",
			   state);
		return;
	}
	cx4_port_apply(core, 1, state == CX4_VPORT_STATE_UP);
}

static void cx4_port_events_enable(struct cx4_core *core)
{
	spin_lock_irq(&core->port.lock);
	core->port.query_on = true;
	spin_unlock_irq(&core->port.lock);
}

/* Before the control EQ goes: no re-query queued or running after this. */
static void cx4_port_events_disable(struct cx4_core *core)
{
	spin_lock_irq(&core->port.lock);
	core->port.query_on = false;
	spin_unlock_irq(&core->port.lock);
	cancel_work_sync(&core->port.query_work);
}

/* Port state change EQEs (eq.c): false for a sub-type Table 88 lacks. */
static bool cx4_port_event(struct cx4_eq *eq, const void *eqe)
{
	struct cx4_core *core = eq->core;
	enum cx4_port_ev ev = cx4_port_event_parse(eqe);
	u32 port = CX4_GET(EQE, eqe, PORT_NUM);

	if (ev == CX4_PORT_EV_BAD) {
		cx4_port_requery(core);
		return false;
	}
	atomic_inc(&core->eqs.port_events);
	if (ev == CX4_PORT_EV_OTHER) {
		atomic_inc(&core->port.other_events);
		dev_dbg(core->dev, "port %u: state change without new state, querying it\n",
			port);
		cx4_port_requery(core);
		return true;
	}
	cx4_port_apply(core, port, ev == CX4_PORT_EV_UP);
	return true;
}

static const struct cx4_eq_sub cx4_port_eq_sub = {
	.event = cx4_port_event,
	.bad_why = "port state change sub-type unknown",
	.start = cx4_port_events_enable,
	.stop = cx4_port_events_disable,
};

/* At probe: locks, work, notifier chain, the port events' subscription. */
void cx4_port_init(struct cx4_core *core)
{
	spin_lock_init(&core->port.lock);
	INIT_WORK(&core->port.query_work, cx4_port_query_work);
	ATOMIC_INIT_NOTIFIER_HEAD(&core->port.notifiers);
	ratelimit_state_init(&core->port.link_rs, DEFAULT_RATELIMIT_INTERVAL,
			     DEFAULT_RATELIMIT_BURST);
	cx4_eq_subscribe(core, CX4_EVENT_PORT_STATE_CHANGE, &cx4_port_eq_sub);
}

/* --- probe queries ------------------------------------------------------- */

/* Link state of the function's own NIC vport. */
static int cx4_port_query_state(struct cx4_core *core)
{
	u32 state;
	int err;

	err = cx4_vport_query_state(core, &state);
	if (err)
		return err;
	if (state != CX4_VPORT_STATE_DOWN && state != CX4_VPORT_STATE_UP) {
		dev_err(core->dev, "QUERY_VPORT_STATE returned state 0x%x, neither down nor up\n",
			state);
		return -EIO;
	}
	cx4_port_set_link(core, state == CX4_VPORT_STATE_UP, false);
	return 0;
}

/* Permanent MAC address; a zero or multicast one fails probe. */
static int cx4_port_query_mac(struct cx4_core *core)
{
	int err;

	err = cx4_vport_query_mac(core, core->port.perm_mac);
	if (err)
		return err;
	if (cx4_port_check_mac(core->port.perm_mac)) {
		dev_err(core->dev, "device reports permanent MAC %pM, not a unicast address\n",
			core->port.perm_mac);
		return -EIO;
	}
	return 0;
}

/*
 * Link state and permanent MAC, once the control EQ exists (port events
 * may already update the state).  Nothing to undo.
 */
int cx4_port_query(struct cx4_core *core)
{
	int err;

	err = cx4_port_query_state(core);
	if (err)
		return err;
	return cx4_port_query_mac(core);
}

/* --- core API (include/linux/cx4/core.h) ------------------------------------ */

void cx4_core_perm_mac(const struct cx4_core *core, u8 mac[ETH_ALEN])
{
	memcpy(mac, core->port.perm_mac, ETH_ALEN);
}

bool cx4_core_link_up(const struct cx4_core *core)
{
	return READ_ONCE(core->port.link_up);
}

int cx4_core_register_link_notifier(struct cx4_core *core,
				    struct notifier_block *nb)
{
	return atomic_notifier_chain_register(&core->port.notifiers, nb);
}

int cx4_core_unregister_link_notifier(struct cx4_core *core,
				      struct notifier_block *nb)
{
	return atomic_notifier_chain_unregister(&core->port.notifiers, nb);
}

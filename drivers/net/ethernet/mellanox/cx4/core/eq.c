// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 event queues (PRM 7.13, 12.6) and the UAR page of their doorbells
 * (PRM 7.2).
 *
 * The core owns one UAR page and these EQs:
 *  - the control EQ on the control vector, mapped to command completions,
 *    page requests, port state changes, CQ errors, internal errors (an
 *    interrupt without EQE, which kicks the health poller) and
 *    temperature warnings when the device has them.  The CREATE_EQ that maps command
 *    completions is posted alone (PRM 7.14.1); once the EQ is armed the
 *    command interface switches to event mode, and back to polling
 *    before the EQ is destroyed;
 *  - one completion EQ per completion vector, for the CQs of en/ (no
 *    asynchronous event is mapped to them).
 *
 * Events by subscription (struct cx4_eq_sub): each validated EQE goes to
 * the handler its owner subscribed for its type -- command completions
 * (cmd.c), page requests (pages.c), port state changes (port.c),
 * completions and CQ errors (cq.c), the internal error interrupt
 * (health.c); this file names none of them.
 *
 * The device is not trusted: an EQE whose type is not one mapped to that
 * EQ, or whose CQ number, port or command vector is out of range, is
 * counted (cx4_eqs.bad_eqes) and logged, and otherwise ignored; so is one
 * its handler refuses (e.g. a port state change of a sub-type Table 88
 * does not list).  On a completion EQ every EQE is a completion event, so
 * a rejected one is also handed to the completion subscriber's @lost hook
 * (cq.c then calls back every CQ of that EQ).  A completion vector's
 * interrupt without an EQE is counted (spurious_comp_irqs) and handled.
 *
 * Completion EQs have a handler of their own, the one per-packet path
 * here (cx4_eq_comp_irq()): each EQE's event type and CQ number are read
 * once and checked (cx4_eqe_comp_cqn()), and a valid one goes straight
 * to the completion subscriber's @comp hook with its CQ number; any
 * other takes the full path above on a copy of the whole EQE.  One RCU
 * read-side section covers each interrupt, not each EQE.
 *
 * Teardown: an EQ whose DESTROY_EQ failed (or was skipped because the
 * device is being reset) keeps its buffer until cx4_eqs_release(), after
 * the function reset: the device may still write it.
 */

#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "../compat.h"
#include "core.h"

/* --- EQE validation (no device access; KUnit) -------------------------- */

enum cx4_eqe_verdict cx4_eqe_classify(const void *eqe,
				      const struct cx4_eqe_limits *lim)
{
	u32 type = CX4_GET(EQE, eqe, EVENT_TYPE);
	u32 port;

	if (!lim->ctrl) {
		if (type != CX4_EVENT_COMPLETION)
			return CX4_EQE_BAD_TYPE;
		return CX4_GET(EQE, eqe, COMP_CQN) < lim->max_cqn ?
		       CX4_EQE_OK_COMP : CX4_EQE_BAD_CQN;
	}
	switch (type) {
	case CX4_EVENT_CMD_COMPLETION:
		return CX4_EQE_OK_CMD;
	case CX4_EVENT_PAGE_REQUEST:
		return CX4_EQE_OK_PAGES;
	case CX4_EVENT_PORT_STATE_CHANGE:
		port = CX4_GET(EQE, eqe, PORT_NUM);
		return port >= 1 && port <= lim->nports ?
		       CX4_EQE_OK_PORT : CX4_EQE_BAD_PORT;
	case CX4_EVENT_CQ_ERROR:
		return CX4_GET(EQE, eqe, CQ_ERR_CQN) < lim->max_cqn ?
		       CX4_EQE_OK_CQ_ERR : CX4_EQE_BAD_CQN;
	case CX4_EVENT_TEMP_WARNING:
		return CX4_EQE_OK_TEMP;
	}
	return CX4_EQE_BAD_TYPE;
}

static const char * const cx4_eqe_bad_names[] = {
	[CX4_EQE_BAD_TYPE] = "event type not mapped to this EQ",
	[CX4_EQE_BAD_CQN] = "CQ number out of range",
	[CX4_EQE_BAD_PORT] = "port number out of range",
};

/* --- doorbells ------------------------------------------------------------ */

static void cx4_eq_doorbell(struct cx4_eq *eq, bool arm)
{
	u32 val = (u32)eq->eqn << CX4_FLD_LSB(CX4_EQ_DB_EQN) |
		  (eq->ci & CX4_MAX(EQ_DB, CI));

	iowrite32be(val, eq->core->eqs.uar +
		    (arm ? CX4_OFF(UAR, EQ_ARM) : CX4_OFF(UAR, EQ_UPDATE)));
}

/* --- event dispatch (interrupt context) --------------------------------- */

/*
 * Count and log a bad EQE.  A completion EQ has only completion events:
 * a bad EQE there was meant for some object of the completion
 * subscriber, which hears of it through its @lost hook.
 */
static void cx4_eq_reject(struct cx4_eq *eq, const u8 *eqe, const char *why)
{
	struct cx4_core *core = eq->core;
	const struct cx4_eq_sub *sub = core->eqs.subs[CX4_EVENT_COMPLETION];

	eq->bad++;
	atomic_inc(&core->eqs.bad_eqes);
	cx4_err_rl(core,
		   "EQ %u: EQE at ci %u rejected (type 0x%x, sub-type 0x%x): %s; %d so far\n",
		   eq->eqn, eq->ci,
		   CX4_GET(EQE, eqe, EVENT_TYPE),
		   CX4_GET(EQE, eqe, EVENT_SUB_TYPE),
		   why ? why : "invalid", atomic_read(&core->eqs.bad_eqes));
	if (eq != &core->eqs.ctrl && sub && sub->lost)
		sub->lost(eq);
}

static void cx4_eq_dispatch(struct cx4_eq *eq, const u8 *eqe)
{
	struct cx4_core *core = eq->core;
	struct cx4_eqe_limits lim = {
		.ctrl = eq == &core->eqs.ctrl,
		.max_cqn = core->eqs.max_cqn,
		.nports = core->eqs.nports,
	};
	enum cx4_eqe_verdict v = cx4_eqe_classify(eqe, &lim);
	const struct cx4_eq_sub *sub;
	u32 type;

	if (v >= CX4_EQE_BAD_TYPE) {
		cx4_eq_reject(eq, eqe, cx4_eqe_bad_names[v]);
		return;
	}
	if (v == CX4_EQE_OK_TEMP) {
		cx4_warn_rl(core, "temperature warning from the device\n");
		return;
	}
	type = CX4_GET(EQE, eqe, EVENT_TYPE);
	sub = type < CX4_EQ_NEVENTS ? core->eqs.subs[type] : NULL;
	if (v == CX4_EQE_OK_COMP && sub && sub->comp)
		sub->comp(eq, CX4_GET(EQE, eqe, COMP_CQN));
	else if (!sub || !sub->event)
		cx4_eq_reject(eq, eqe, "no handler for this event type");
	else if (!sub->event(eq, eqe))
		cx4_eq_reject(eq, eqe, sub->bad_why);
}

/* Tell the device the consumer index every half ring of a long pass. */
static void cx4_eq_consumed(struct cx4_eq *eq, u32 n, u32 nent)
{
	eq->ci++;
	eq->events++;
	/* nent is a power of two: a mask, not a division per EQE. */
	if (n && !(n & (nent / 2 - 1)))
		cx4_eq_doorbell(eq, false);
}

/*
 * Consume the software-owned EQEs (PRM 7.13.2.2), at most one ring's
 * worth per call, updating the consumer index every half ring so that
 * the device never sees the EQ full; the caller re-arms.
 */
static u32 cx4_eq_poll(struct cx4_eq *eq)
{
	u32 nent = 1u << eq->log_size;
	u32 n;

	for (n = 0; n < nent; n++) {
		const u8 *eqe = (u8 *)eq->buf +
				(eq->ci & (nent - 1)) * CX4_EQE_SIZE;
		u8 copy[CX4_EQE_SIZE];

		if (!cx4_eqe_owned_by_sw(eqe, eq->ci, eq->log_size))
			break;
		/* Read the rest of the EQE only after its owner bit. */
		dma_rmb();
		/*
		 * Read once: the device may write the entry again while we
		 * look at it; the checks and the handlers see one snapshot.
		 */
		memcpy(copy, eqe, sizeof(copy));
		cx4_eq_dispatch(eq, copy);
		cx4_eq_consumed(eq, n, nent);
	}
	return n;
}

/* An EQE the completion fast path did not take: the full path, on a copy. */
static noinline void cx4_eq_comp_other(struct cx4_eq *eq, const u8 *eqe)
{
	u8 copy[CX4_EQE_SIZE];

	memcpy(copy, eqe, sizeof(copy));
	cx4_eq_dispatch(eq, copy);
}

/*
 * cx4_eq_poll() for a completion EQ whose subscriber has a @comp hook:
 * a valid completion EQE is judged on its two dwords, read once
 * (cx4_eqe_comp_cqn()), and handed to @comp; any other EQE is copied
 * whole and dispatched as cx4_eq_poll() does (rejected, counted, logged,
 * @lost).  No array here: a stack buffer would be cleared per interrupt
 * (INIT_STACK_ALL_ZERO kernels) and guarded by a stack canary.
 */
static u32 cx4_eq_comp_poll(struct cx4_eq *eq, const struct cx4_eq_sub *sub)
{
	u32 nent = 1u << eq->log_size, max_cqn = eq->core->eqs.max_cqn;
	u32 n;

	for (n = 0; n < nent; n++) {
		const u8 *eqe = (u8 *)eq->buf +
				(eq->ci & (nent - 1)) * CX4_EQE_SIZE;
		u32 cqn;

		if (!cx4_eqe_owned_by_sw(eqe, eq->ci, eq->log_size))
			break;
		/* Read the rest of the EQE only after its owner bit. */
		dma_rmb();
		cqn = cx4_eqe_comp_cqn(eqe, max_cqn);
		if (likely(cqn != CX4_EQE_NO_CQN))
			sub->comp(eq, cqn);
		else
			cx4_eq_comp_other(eq, eqe);
		cx4_eq_consumed(eq, n, nent);
	}
	return n;
}

/* The control EQ's interrupt. */
static irqreturn_t cx4_eq_irq(int irq, void *data)
{
	struct cx4_eq *eq = data;
	struct cx4_core *core = eq->core;
	const struct cx4_eq_sub *sub;
	u32 n = cx4_eq_poll(eq);

	/* Re-arm, also after an empty pass: the EQ is disarmed now. */
	cx4_eq_doorbell(eq, true);
	if (n)
		return IRQ_HANDLED;
	/* No EQE on the control vector: the internal error interrupt. */
	sub = core->eqs.subs[CX4_EVENT_INTERNAL_ERROR];
	if (sub && sub->event)
		sub->event(eq, NULL);
	return IRQ_HANDLED;
}

/* A completion EQ's interrupt (see the comment at the top). */
static irqreturn_t cx4_eq_comp_irq(int irq, void *data)
{
	struct cx4_eq *eq = data;
	const struct cx4_eq_sub *sub =
		eq->core->eqs.subs[CX4_EVENT_COMPLETION];
	u32 n;

	rcu_read_lock();
	n = sub && sub->comp ? cx4_eq_comp_poll(eq, sub) : cx4_eq_poll(eq);
	rcu_read_unlock();
	/* Re-arm, also after an empty pass: the EQ is disarmed now. */
	cx4_eq_doorbell(eq, true);
	/*
	 * An MSI-X vector of our own, nothing shares it: an interrupt
	 * without an EQE is the device's, counted, not IRQ_NONE -- after a
	 * storm of those the kernel would disable the vector, and the EQ's
	 * CQs would never hear of a completion again.
	 */
	if (unlikely(!n))
		eq->spurious++;
	return IRQ_HANDLED;
}

/* --- EQ objects --------------------------------------------------------- */

static int cx4_eq_alloc_buf(struct cx4_core *core, struct cx4_eq *eq,
			    u32 log_size)
{
	u32 i, nent = 1u << log_size;

	eq->log_size = log_size;
	eq->size = ALIGN((size_t)nent * CX4_EQE_SIZE, CX4_PAGE_SIZE);
	eq->buf = dma_alloc_coherent(core->dev, eq->size, &eq->dma,
				     GFP_KERNEL);
	if (!eq->buf)
		return -ENOMEM;
	/* Every EQE starts hardware owned (PRM 12.6.1). */
	for (i = 0; i < nent; i++)
		CX4_SET(EQE, (u8 *)eq->buf + i * CX4_EQE_SIZE, OWNER, 1);
	return 0;
}

static void cx4_eq_free_buf(struct cx4_core *core, struct cx4_eq *eq)
{
	if (!eq->buf)
		return;
	if (!core->dma_unsafe)
		dma_free_coherent(core->dev, eq->size, eq->buf, eq->dma);
	eq->buf = NULL;
}

/* CREATE_EQ of @eq's buffer on MSI-X entry @eq->vec with @events mapped. */
static int cx4_eq_cmd_create(struct cx4_core *core, struct cx4_eq *eq,
			     u64 events, unsigned int flags)
{
	u32 npas = eq->size >> CX4_PAGE_SHIFT;
	u32 len = cx4_create_eq_in_size(npas);
	u8 out[CX4_CREATE_EQ_OUT_SIZE] = {};
	u8 *in, *eqc, *pas;
	u32 i;
	int err;

	in = kvzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_EQ);
	eqc = CX4_ADDR(CREATE_EQ_IN, in, EQC);
	CX4_SET(EQC, eqc, LOG_EQ_SIZE, eq->log_size);
	CX4_SET(EQC, eqc, UAR_PAGE, core->eqs.uarn);
	CX4_SET(EQC, eqc, INTR, eq->vec);
	CX4_SET(EQC, eqc, LOG_PAGE_SIZE, 0);	/* 4 KB pages */
	CX4_SET64(CREATE_EQ_IN, in, EVENT_BITMASK, events);
	pas = CX4_ADDR(CREATE_EQ_IN, in, PAS);
	for (i = 0; i < npas; i++)
		CX4_SET64(PAS, pas + i * CX4_PAS_SIZE, PA,
			  eq->dma + (u64)i * CX4_PAGE_SIZE);
	err = __cx4_cmd_exec(core, in, len, out, sizeof(out), flags);
	kvfree(in);
	if (err)
		return err;
	eq->eqn = CX4_GET(CREATE_EQ_OUT, out, EQ_NUMBER);
	eq->created = true;
	return 0;
}

static int cx4_eq_cmd_destroy(struct cx4_core *core, struct cx4_eq *eq)
{
	u8 out[CX4_DESTROY_EQ_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_EQ_IN_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DESTROY_EQ);
	CX4_SET(DESTROY_EQ_IN, in, EQ_NUMBER, eq->eqn);
	return cx4_cmd(core, in, out);
}

/*
 * Free the IRQ, DESTROY_EQ (unless the device is to be reset anyway) and
 * free the buffer once the device can no longer write it.
 */
static void cx4_eq_destroy(struct cx4_core *core, struct cx4_eq *eq)
{
	if (eq->irq_on) {
		free_irq(eq->irq, eq);
		eq->irq_on = false;
	}
	if (eq->created && !core->needs_reset) {
		if (cx4_eq_cmd_destroy(core, eq))
			core->needs_reset = true;
		else
			eq->created = false;
	}
	if (!eq->created)
		cx4_eq_free_buf(core, eq);
}

/*
 * Allocate, CREATE_EQ, request the IRQ and arm; undone by
 * cx4_eq_destroy().
 */
static int cx4_eq_create(struct cx4_core *core, struct cx4_eq *eq, u16 vec,
			 u32 log_size, u64 events, unsigned int flags)
{
	int err;

	eq->core = core;
	eq->vec = vec;
	eq->ci = 0;
	eq->irq = pci_irq_vector(core->pdev, vec);
	if (eq->irq < 0)
		return eq->irq;
	err = cx4_eq_alloc_buf(core, eq, log_size);
	if (err)
		return err;
	err = cx4_eq_cmd_create(core, eq, events, flags);
	if (err)
		goto err_free_buf;
	err = request_irq(eq->irq,
			  eq == &core->eqs.ctrl ? cx4_eq_irq : cx4_eq_comp_irq,
			  0, core->irqs.names[vec], eq);
	if (err) {
		dev_err(core->dev, "cannot request IRQ %d for EQ %u: %d\n",
			eq->irq, eq->eqn, err);
		goto err_destroy_eq;
	}
	eq->irq_on = true;
	cx4_eq_doorbell(eq, true);
	return 0;

err_destroy_eq:
	cx4_eq_destroy(core, eq);
	return err;
err_free_buf:
	cx4_eq_free_buf(core, eq);
	return err;
}

/* --- all EQs ---------------------------------------------------------------- */

/*
 * The log size of an EQ we want 2^@want entries in, on a function whose
 * EQs hold at most 2^@cap_log (log_max_eq_sz): the request reduced to the
 * cap.  An EQ must hold every event that can be pending at once --
 * command completions, page requests (a burst of them), port, error and
 * CQ error events on the control EQ; an EQE per armed CQ on a completion
 * EQ -- or the device overruns it and goes fatal: below
 * 2^CX4_EQ_MIN_LOG_SIZE entries there is no size that works.
 * Return: the log size, or -EOPNOTSUPP.
 */
int cx4_eq_log_size(u32 want, u32 cap_log)
{
	if (cap_log < CX4_EQ_MIN_LOG_SIZE)
		return -EOPNOTSUPP;
	return min(want, cap_log);
}

/* Said once an EQ is made smaller than we want (issue 19.7). */
static void cx4_eqs_log_clamp(struct cx4_core *core, const char *what,
			      u32 want, int log)
{
	if (log >= 0 && (u32)log < want)
		dev_info(core->dev, "log2 %s EQ entries: %u requested, %d by the device's log_max_eq_sz\n",
			 what, want, log);
}

static u64 cx4_eqs_ctrl_events(struct cx4_core *core)
{
	u64 ev = CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION) |
		 CX4_EVENT_BIT(CX4_EVENT_PAGE_REQUEST) |
		 CX4_EVENT_BIT(CX4_EVENT_INTERNAL_ERROR) |
		 CX4_EVENT_BIT(CX4_EVENT_PORT_STATE_CHANGE) |
		 CX4_EVENT_BIT(CX4_EVENT_CQ_ERROR);

	if (CX4_GET(CAP, core->caps[CX4_CAPS_GEN_CUR], TEMP_WARN_EVENT))
		ev |= CX4_EVENT_BIT(CX4_EVENT_TEMP_WARNING);
	return ev;
}

/* The subscribers' start hooks, by event type. */
static void cx4_eqs_start_subs(struct cx4_core *core)
{
	u32 t;

	for (t = 0; t < CX4_EQ_NEVENTS; t++)
		if (core->eqs.subs[t] && core->eqs.subs[t]->start)
			core->eqs.subs[t]->start(core);
}

/* Their stop hooks, in reverse. */
static void cx4_eqs_stop_subs(struct cx4_core *core)
{
	u32 t = CX4_EQ_NEVENTS;

	while (t--)
		if (core->eqs.subs[t] && core->eqs.subs[t]->stop)
			core->eqs.subs[t]->stop(core);
}

/*
 * The control EQ, then event mode (the command interface is below the
 * EQs: called, not subscribed); undone by cx4_eqs_destroy_ctrl().
 */
static int cx4_eqs_create_ctrl(struct cx4_core *core, u32 log_size)
{
	int err;

	cx4_eqs_start_subs(core);
	err = cx4_eq_create(core, &core->eqs.ctrl, CX4_IRQ_CTRL, log_size,
			    cx4_eqs_ctrl_events(core), CX4_CMD_ALONE);
	if (err) {
		cx4_eqs_stop_subs(core);
		return err;
	}
	cx4_cmdq_use_events(core, true);
	return 0;
}

static void cx4_eqs_destroy_ctrl(struct cx4_core *core)
{
	cx4_eqs_stop_subs(core);
	cx4_cmdq_use_events(core, false);
	cx4_eq_destroy(core, &core->eqs.ctrl);
}

static void cx4_eqs_destroy_comp(struct cx4_core *core, u32 n)
{
	while (n--)
		cx4_eq_destroy(core, &core->eqs.comp[n]);
	core->eqs.ncomp = 0;
}

/*
 * UAR page, control EQ (event mode from then on), one completion EQ per
 * completion vector.  Undone by cx4_eqs_destroy() (+ cx4_eqs_release()).
 */
int cx4_eqs_create(struct cx4_core *core)
{
	struct cx4_eqs *eqs = &core->eqs;
	const void *cap = core->caps[CX4_CAPS_GEN_CUR];
	u32 i, cap_log = CX4_GET(CAP, cap, LOG_MAX_EQ_SZ);
	int err, log_ctrl, log_comp;

	log_ctrl = cx4_eq_log_size(CX4_EQ_CTRL_LOG_SIZE, cap_log);
	log_comp = cx4_eq_log_size(CX4_EQ_COMP_LOG_SIZE, cap_log);
	if (log_ctrl < 0 || log_comp < 0) {
		dev_err(core->dev,
			"EQs of at most 2^%u entries (log_max_eq_sz): cx4 needs 2^%u\n",
			cap_log, CX4_EQ_MIN_LOG_SIZE);
		return -EOPNOTSUPP;
	}
	cx4_eqs_log_clamp(core, "control", CX4_EQ_CTRL_LOG_SIZE, log_ctrl);
	cx4_eqs_log_clamp(core, "completion", CX4_EQ_COMP_LOG_SIZE, log_comp);
	eqs->max_cqn = cx4_max_cqn(cap);
	eqs->nports = CX4_GET(CAP, cap, NUM_PORTS);
	eqs->comp = kcalloc(core->irqs.ncomp, sizeof(*eqs->comp), GFP_KERNEL);
	if (!eqs->comp)
		return -ENOMEM;
	eqs->ncomp_alloc = core->irqs.ncomp;

	err = cx4_uar_create(core);
	if (err)
		goto err_free_comp;
	err = cx4_eqs_create_ctrl(core, log_ctrl);
	if (err)
		goto err_destroy_uar;
	for (i = 0; i < core->irqs.ncomp; i++) {
		err = cx4_eq_create(core, &eqs->comp[i], CX4_IRQ_CTRL + 1 + i,
				    log_comp, 0, 0);
		if (err)
			goto err_destroy_comp;
		eqs->ncomp++;
	}
	return 0;

err_destroy_comp:
	cx4_eqs_destroy_comp(core, eqs->ncomp);
	cx4_eqs_destroy_ctrl(core);
err_destroy_uar:
	cx4_uar_destroy(core);
	/* The buffers of EQs that could not be destroyed stay for release. */
	return err;
err_free_comp:
	kfree(eqs->comp);
	eqs->comp = NULL;
	eqs->ncomp_alloc = 0;
	return err;
}

void cx4_eqs_destroy(struct cx4_core *core)
{
	cx4_eqs_destroy_comp(core, core->eqs.ncomp);
	cx4_eqs_destroy_ctrl(core);
	cx4_uar_destroy(core);
}

/*
 * After the function reset (or when nothing is left): free the EQ
 * buffers the device could still write at cx4_eqs_destroy() time.
 */
void cx4_eqs_release(struct cx4_core *core)
{
	struct cx4_eqs *eqs = &core->eqs;
	u32 i;

	for (i = 0; i < eqs->ncomp_alloc; i++) {
		eqs->comp[i].created = false;
		cx4_eq_free_buf(core, &eqs->comp[i]);
	}
	eqs->ctrl.created = false;
	cx4_eq_free_buf(core, &eqs->ctrl);
	kfree(eqs->comp);
	eqs->comp = NULL;
	eqs->ncomp = 0;
	eqs->ncomp_alloc = 0;
}

/* --- core API: completion vectors and the UAR page -------------------------- */

u32 cx4_core_uarn(const struct cx4_core *core)
{
	return core->eqs.uarn;
}

void __iomem *cx4_core_uar(const struct cx4_core *core)
{
	return core->eqs.uar;
}

u32 cx4_core_num_comp_vectors(const struct cx4_core *core)
{
	return core->eqs.ncomp;
}

int cx4_core_comp_eqn(const struct cx4_core *core, u32 vector)
{
	if (vector >= core->eqs.ncomp)
		return -EINVAL;
	return core->eqs.comp[vector].eqn;
}

int cx4_core_comp_irq(const struct cx4_core *core, u32 vector)
{
	if (vector >= core->eqs.ncomp)
		return -EINVAL;
	return core->eqs.comp[vector].irq;
}

/* --- GEN_EQE (debugfs) --------------------------------------------------------- */

/*
 * GEN_EQE on EQ @index (0: control, 1..: completion EQs) of event @type.
 * @arg goes where the event keeps its object: the CQ number (completion,
 * CQ error), the port (port state change), the vector (command
 * completion), num_pages (page request); for a port state change, bits
 * 7:0 are the port and bits 15:8 the sub-type (0: 0x5).  The tests use
 * it to generate
 * both valid and invalid EQEs.
 */
int cx4_eq_gen_eqe(struct cx4_core *core, u32 index, u32 type, u32 arg)
{
	u8 out[CX4_GEN_EQE_OUT_SIZE] = {};
	u8 in[CX4_GEN_EQE_IN_SIZE] = {};
	u8 *eqe = CX4_ADDR(GEN_EQE_IN, in, EQE);
	struct cx4_eq *eq;

	if (index > core->eqs.ncomp || type > CX4_MAX(EQE, EVENT_TYPE))
		return -EINVAL;
	eq = index ? &core->eqs.comp[index - 1] : &core->eqs.ctrl;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_GEN_EQE);
	CX4_SET(GEN_EQE_IN, in, EQ_NUMBER, eq->eqn);
	CX4_SET(EQE, eqe, EVENT_TYPE, type);
	switch (type) {
	case CX4_EVENT_COMPLETION:
		CX4_SET(EQE, eqe, COMP_CQN, arg);
		break;
	case CX4_EVENT_CQ_ERROR:
		CX4_SET(EQE, eqe, CQ_ERR_CQN, arg);
		break;
	case CX4_EVENT_PORT_STATE_CHANGE:
		CX4_SET(EQE, eqe, EVENT_SUB_TYPE,
			arg >> 8 ? arg >> 8 : CX4_PORT_CHANGE_OTHER);
		CX4_SET(EQE, eqe, PORT_NUM, arg & 0xff);
		break;
	case CX4_EVENT_CMD_COMPLETION:
		CX4_SET(EQE, eqe, CMD_VECTOR, arg);
		break;
	case CX4_EVENT_PAGE_REQUEST:
		CX4_SET(EQE, eqe, PAGES_NUM_PAGES, arg);
		break;
	}
	return cx4_cmd(core, in, out);
}

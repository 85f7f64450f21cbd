// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 completion queues (PRM 7.12, 12.7) for the Ethernet part.
 *
 * A CQ is one DMA-coherent buffer: the ring of 64-byte CQEs (every entry
 * handed over hardware owned, PRM 7.12.3.1) followed by the doorbell
 * record (Table 69).  It is created on the EQ of its completion vector
 * with the core's UAR page, and registered by CQ number so that the EQ
 * handlers can find it: in an xarray (every CQ), and in a table indexed
 * by CQN for the completion path (the CQNs below the table's size,
 * 2^log_max_cq up to CX4_CQS_TABLE_MAX entries; the rare CQN above it
 * is looked up in the xarray):
 *  - completion EQEs (completion EQs, cx4_cqs_comp()) and CQ error EQEs
 *    (control EQ) are looked up by CQN under rcu_read_lock(); a CQN no
 *    CQ is registered under is counted and logged, never dereferenced;
 *  - cx4_cq_destroy() unregisters the CQ after DESTROY_CQ and then waits
 *    for both handlers (synchronize_irq() on the completion and control
 *    vectors) before freeing it, so no callback runs once it returns.
 *
 * Arming (PRM 7.12.4, Tables 14 and 70): cmd_sn is the number of
 * completion events the CQ raised (mod 4); an arm writes cmd_sn, cmd and
 * the consumer counter to the doorbell record, then the same to the UAR
 * CQ doorbell as one 64-bit write (two 32-bit writes, lower address
 * first, where there is no 64-bit MMIO).  The driver keeps only the last
 * arm's cmd_sn and whether an event came since (@armed cleared): the next
 * arm takes the one after the last arm's once the CQ fired -- its event
 * came (however often: a duplicate cannot wrap cmd_sn back to the fired
 * one, which the device ignores), or CQEs were consumed since the arm
 * (a CQE on an armed CQ raises an event, so the CQ has fired and its
 * event is late or went to another CQ's number) -- and the last arm's
 * again otherwise (a re-arm with nothing consumed).
 *
 * Lost events: a completion EQE whose CQ number names no CQ of that EQ
 * (unknown, another EQ's, out of range), whose type is wrong, or that
 * names a CQ not armed since its last event, was meant for some CQ of
 * the EQ -- which one, the driver cannot know.  That CQ stays fired and
 * would never be polled or armed again, so every CQ of the EQ gets its
 * callback (cx4_cqs_kick()): the owners poll, find the CQEs and arm with
 * the next cmd_sn (see above).  Cheap, and harmless to the CQs that lost
 * nothing.  (An event delivered to another armed CQ of the same EQ is
 * not seen as lost; when both CQs have one poller, as en/'s channels do,
 * the arm above still gets it right.)
 *
 * CQE compression (receive CQs, cx4_cq_attr.compress): a session of N
 * completions takes N entries, of which the device writes only the title
 * (first, owner byte last) and the mini CQE arrays (entries 1, 8, 16 ...,
 * owner byte included); the consumer reads them with cx4_cq_peek_at() and
 * hands all N back with cx4_cq_pop_n() (both in include/linux/cx4/cq.h),
 * which restores the entries' owner bits for the next pass.
 *
 * A CQ whose DESTROY_CQ failed (dead device) may still be written by the
 * device: its buffer is kept on a list until cx4_cqs_release(), after the
 * function reset.
 */

#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/io-64-nonatomic-hi-lo.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "../compat.h"
#include "core.h"

/* --- registry and dispatch (no device access; KUnit) -------------------- */

void cx4_cqs_init(struct cx4_cqs *cqs)
{
	mutex_init(&cqs->lock);
	xa_init(&cqs->xa);
	cqs->table = NULL;
	cqs->table_size = 0;
	INIT_LIST_HEAD(&cqs->dead);
	atomic_set(&cqs->unknown_comp, 0);
	atomic_set(&cqs->unknown_err, 0);
	atomic_set(&cqs->wrong_eq, 0);
	cqs->comp_retired = 0;
	atomic_set(&cqs->err_events, 0);
	atomic_set(&cqs->kicks, 0);
}

void cx4_cqs_destroy(struct cx4_cqs *cqs)
{
	WARN(!xa_empty(&cqs->xa), "cx4: CQs still registered\n");
	cx4_cqs_table_destroy(cqs);
	xa_destroy(&cqs->xa);
	mutex_destroy(&cqs->lock);
}

/*
 * The completion path's table for CQNs below @max_cqn (the device's
 * 2^log_max_cq), at most CX4_CQS_TABLE_MAX entries, holding the CQs
 * registered so far.  Only while no EQ exists: the EQ handlers read
 * @table and @table_size without a lock.  Undone by
 * cx4_cqs_table_destroy().
 */
int cx4_cqs_table_create(struct cx4_cqs *cqs, u32 max_cqn)
{
	u32 n = min_t(u32, max_cqn, CX4_CQS_TABLE_MAX);
	struct cx4_cq __rcu **table;
	struct cx4_cq *cq;
	unsigned long i;

	table = kvcalloc(n, sizeof(*table), GFP_KERNEL);
	if (!table)
		return -ENOMEM;
	mutex_lock(&cqs->lock);
	xa_for_each_range(&cqs->xa, i, cq, 0, n - 1)
		RCU_INIT_POINTER(table[i], cq);
	swap(cqs->table, table);
	cqs->table_size = n;
	mutex_unlock(&cqs->lock);
	kvfree(table);
	return 0;
}

/* Once no EQ exists: a CQ still registered stays in the xarray only. */
void cx4_cqs_table_destroy(struct cx4_cqs *cqs)
{
	struct cx4_cq __rcu **table;

	mutex_lock(&cqs->lock);
	table = cqs->table;
	cqs->table = NULL;
	cqs->table_size = 0;
	mutex_unlock(&cqs->lock);
	kvfree(table);
}

/* Make @cq findable by its CQN; -EEXIST if the device reused a live CQN. */
int cx4_cqs_register_locked(struct cx4_cqs *cqs, struct cx4_cq *cq)
{
	int err;

	lockdep_assert_held(&cqs->lock);
	err = xa_insert(&cqs->xa, cq->cqn, cq, GFP_KERNEL);
	if (err)
		return err == -EBUSY ? -EEXIST : err;
	if (cq->cqn < cqs->table_size)
		rcu_assign_pointer(cqs->table[cq->cqn], cq);
	return 0;
}

/*
 * Once it returns, no EQ handler that starts finds @cq; one running may
 * still use it (cx4_cq_destroy() waits for them).
 */
void cx4_cqs_unregister_locked(struct cx4_cqs *cqs, struct cx4_cq *cq)
{
	lockdep_assert_held(&cqs->lock);
	if (xa_cmpxchg(&cqs->xa, cq->cqn, cq, NULL, 0) != cq)
		return;
	if (cq->cqn < cqs->table_size)
		RCU_INIT_POINTER(cqs->table[cq->cqn], NULL);
	cqs->comp_retired += READ_ONCE(cq->comp_events);
}

/*
 * The CQ registered under @cqn, or NULL (RCU read side): by the table
 * when it covers @cqn, else by the xarray.
 */
static struct cx4_cq *cx4_cqs_find(struct cx4_cqs *cqs, u32 cqn)
{
	if (likely(cqn < cqs->table_size))
		return rcu_dereference(cqs->table[cqn]);
	return xa_load(&cqs->xa, cqn);
}

/* Completion events delivered to every CQ since cx4_cqs_init() (debugfs). */
u64 cx4_cqs_comp_events(struct cx4_cqs *cqs)
{
	struct cx4_cq *cq;
	unsigned long i;
	u64 n;

	mutex_lock(&cqs->lock);
	n = cqs->comp_retired;
	xa_for_each(&cqs->xa, i, cq)
		n += READ_ONCE(cq->comp_events);
	mutex_unlock(&cqs->lock);
	return n;
}

/*
 * A completion event for @cq (interrupt context, RCU): the CQ fired (its
 * next arm takes the cmd_sn after the last arm's); then the owner's
 * callback.
 */
static void cx4_cq_event(struct cx4_cq *cq)
{
	WRITE_ONCE(cq->armed, false);
	cq->comp(cq, cq->ctx);
}

/*
 * A completion event of completion EQ @eq_index that reached no CQ of
 * its own (interrupt context): the callback of every CQ of that EQ,
 * since one of them lost its event (see the comment at the top).
 */
void cx4_cqs_kick(struct cx4_cqs *cqs, u32 eq_index)
{
	struct cx4_cq *cq;
	unsigned long i;

	atomic_inc(&cqs->kicks);
	rcu_read_lock();
	xa_for_each(&cqs->xa, i, cq)
		if (cq->vector == eq_index)
			cq->comp(cq, cq->ctx);
	rcu_read_unlock();
}

/*
 * A completion EQE for @cqn on completion EQ @eq_index (interrupt
 * context, in an RCU read-side section: the EQ layer holds one over each
 * interrupt): to the CQ registered under @cqn; one with no CQ of that EQ
 * kicks every CQ of the EQ.  Return: the verdict for the caller to count
 * and log (OK, unknown CQN, or a CQ of another EQ).
 */
static __always_inline enum cx4_cq_verdict
__cx4_cqs_comp(struct cx4_cqs *cqs, u32 cqn, u32 eq_index)
{
	enum cx4_cq_verdict v;
	struct cx4_cq *cq;

	cq = cx4_cqs_find(cqs, cqn);
	if (unlikely(!cq)) {
		atomic_inc(&cqs->unknown_comp);
		v = CX4_CQ_EV_UNKNOWN;
	} else if (unlikely(cq->vector != eq_index)) {
		atomic_inc(&cqs->wrong_eq);
		v = CX4_CQ_EV_WRONG_EQ;
	} else {
		bool armed = READ_ONCE(cq->armed);

		WRITE_ONCE(cq->comp_events, cq->comp_events + 1);
		cx4_cq_event(cq);
		if (likely(armed))
			return CX4_CQ_EV_OK;
		/* Not armed: another CQ's event under a wrong number? */
		v = CX4_CQ_EV_OK;
	}
	cx4_cqs_kick(cqs, eq_index);
	return v;
}

/* The same, called (KUnit); the EQ hook below has it inline. */
enum cx4_cq_verdict cx4_cqs_comp(struct cx4_cqs *cqs, u32 cqn, u32 eq_index)
{
	return __cx4_cqs_comp(cqs, cqn, eq_index);
}

/* A CQ error EQE for @cqn (control EQ, interrupt context). */
enum cx4_cq_verdict cx4_cqs_error(struct cx4_cqs *cqs, u32 cqn, u8 syndrome)
{
	enum cx4_cq_verdict v = CX4_CQ_EV_OK;
	struct cx4_cq *cq;

	rcu_read_lock();
	cq = cx4_cqs_find(cqs, cqn);
	if (!cq) {
		atomic_inc(&cqs->unknown_err);
		v = CX4_CQ_EV_UNKNOWN;
	} else {
		atomic_inc(&cqs->err_events);
		WRITE_ONCE(cq->err_syndrome, syndrome);
		if (cq->error)
			cq->error(cq, cq->ctx, syndrome);
	}
	rcu_read_unlock();
	return v;
}

/* --- EQ subscriptions (interrupt context) --------------------------------- */

/* Log what cx4_cqs_comp() refused (counted there). */
static void __cold cx4_eq_comp_refused(struct cx4_eq *eq, u32 cqn,
				       enum cx4_cq_verdict v)
{
	struct cx4_core *core = eq->core;

	switch (v) {
	case CX4_CQ_EV_OK:
		break;
	case CX4_CQ_EV_UNKNOWN:
		cx4_warn_rl(core,
			    "EQ %u: completion event for CQ 0x%x, which does not exist (%d so far)\n",
			    eq->eqn, cqn,
			    atomic_read(&core->cqs.unknown_comp));
		break;
	case CX4_CQ_EV_WRONG_EQ:
		eq->bad++;
		atomic_inc(&core->eqs.bad_eqes);
		cx4_err_rl(core,
			   "EQ %u: completion event for CQ 0x%x, which reports to another EQ; %d bad EQEs so far\n",
			   eq->eqn, cqn, atomic_read(&core->eqs.bad_eqes));
		break;
	}
}

/*
 * A completion EQE of completion EQ @eq whose type and CQN (below the
 * device's limit) the EQ layer checked, in an RCU read-side section: to
 * the CQ registered under @cqn.  A CQN with no CQ (e.g. an event that
 * raced with cx4_cq_destroy()) is counted and logged; a CQ of another
 * EQ is a bad EQE.  Either way every CQ of this EQ is kicked
 * (cx4_cqs_comp()): one of them lost its event.
 */
static void cx4_eq_comp(struct cx4_eq *eq, u32 cqn)
{
	struct cx4_core *core = eq->core;
	enum cx4_cq_verdict v;

	v = __cx4_cqs_comp(&core->cqs, cqn, eq - core->eqs.comp);
	if (unlikely(v != CX4_CQ_EV_OK))
		cx4_eq_comp_refused(eq, cqn, v);
}

static void cx4_eq_cq_error(struct cx4_eq *eq, const u8 *eqe)
{
	struct cx4_core *core = eq->core;
	u32 cqn = CX4_GET(EQE, eqe, CQ_ERR_CQN);
	u8 syndrome = CX4_GET(EQE, eqe, CQ_ERR_SYNDROME);

	if (cx4_cqs_error(&core->cqs, cqn, syndrome) == CX4_CQ_EV_OK)
		cx4_warn_rl(core, "CQ 0x%x error, syndrome 0x%x\n", cqn,
			    syndrome);
	else
		cx4_warn_rl(core,
			    "CQ error event (syndrome 0x%x) for CQ 0x%x, which does not exist (%d so far)\n",
			    syndrome, cqn, atomic_read(&core->cqs.unknown_err));
}

/* The CQ table's subscriptions (eq.c dispatches to them). */
static bool cx4_cqs_error_event(struct cx4_eq *eq, const void *eqe)
{
	cx4_eq_cq_error(eq, eqe);
	return true;
}

/* A completion EQE eq.c rejected: some CQ of @eq lost its event. */
static void cx4_cqs_comp_lost(struct cx4_eq *eq)
{
	struct cx4_core *core = eq->core;

	cx4_cqs_kick(&core->cqs, eq - core->eqs.comp);
}

static const struct cx4_eq_sub cx4_cqs_comp_sub = {
	.comp = cx4_eq_comp,
	.lost = cx4_cqs_comp_lost,
};

static const struct cx4_eq_sub cx4_cqs_error_sub = {
	.event = cx4_cqs_error_event,
};

void cx4_cqs_subscribe(struct cx4_core *core)
{
	cx4_eq_subscribe(core, CX4_EVENT_COMPLETION, &cx4_cqs_comp_sub);
	cx4_eq_subscribe(core, CX4_EVENT_CQ_ERROR, &cx4_cqs_error_sub);
}

/* --- ring (no device access; KUnit) --------------------------------------- */

/* Hand every CQE to hardware (PRM 7.12.3.1), with the invalid opcode. */
void cx4_cq_ring_init(void *ring, u32 log_size)
{
	u32 i, nent = 1u << log_size;

	for (i = 0; i < nent; i++) {
		u8 *cqe = (u8 *)ring + i * CX4_CQE_SIZE;

		CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_INVALID);
		CX4_SET(CQE, cqe, OWNER, 1);
	}
}

/*
 * The doorbell dword of an arm (Table 14 first dword, Table 70 at 04h),
 * built with shifts: it runs once per arm.
 */
u32 cx4_cq_arm_dword(u32 sn, u32 ci, bool solicited)
{
	u32 cmd = solicited ? CX4_CQ_DB_CMD_ARM_SOLICITED :
			      CX4_CQ_DB_CMD_ARM_NEXT;

	/* Table 14's first dword: same bits as Table 70's dword at 04h. */
	static_assert(CX4_FLD_OFF(CX4_CQ_DB_CMD_SN) == 0 &&
		      CX4_FLD_OFF(CX4_CQ_DB_CMD) == 0 &&
		      CX4_FLD_OFF(CX4_CQ_DB_CQ_CI) == 0 &&
		      CX4_FLD_OFF(CX4_CQ_DBR_CMD_SN) == 4 &&
		      CX4_FLD_LSB(CX4_CQ_DB_CMD_SN) ==
		      CX4_FLD_LSB(CX4_CQ_DBR_CMD_SN) &&
		      CX4_FLD_LSB(CX4_CQ_DB_CQ_CI) ==
		      CX4_FLD_LSB(CX4_CQ_DBR_ARM_CI));
	return (sn & CX4_MAX(CQ_DB, CMD_SN)) << CX4_FLD_LSB(CX4_CQ_DB_CMD_SN) |
	       cmd << CX4_FLD_LSB(CX4_CQ_DB_CMD) |
	       (ci & CX4_MAX(CQ_DB, CQ_CI)) << CX4_FLD_LSB(CX4_CQ_DB_CQ_CI);
}

/* --- core API: arming (polling is inline: include/linux/cx4/cq.h) ---------- */

/*
 * The cmd_sn of the next arm of @cq (no device access; KUnit): the last
 * arm's while the CQ is armed with nothing consumed since, the one after
 * it once the CQ fired (see the comment at the top).
 */
u8 cx4_cq_next_sn(const struct cx4_cq *cq)
{
	if (READ_ONCE(cq->armed) && cq->ring.ci == cq->arm_ci)
		return cq->last_arm_sn;
	return (cq->last_arm_sn + 1) & CX4_MAX(CQ_DBR, CMD_SN);
}

/*
 * The bookkeeping of an arm of @cq (no device access; KUnit): its cmd_sn
 * becomes the last arm's.  A re-arm with nothing consumed keeps it: when
 * an event was lost and this arm took the next cmd_sn (CQEs consumed),
 * the one before is the one the CQ fired with, and going back to it
 * would make the arm after the next event reuse the cmd_sn that event
 * fired with -- an arm the device ignores for good.
 * Return: the arm doorbell dword.
 */
u32 cx4_cq_arm_prepare(struct cx4_cq *cq)
{
	u8 sn = cx4_cq_next_sn(cq);

	cq->last_arm_sn = sn;
	cq->arm_ci = cq->ring.ci;
	WRITE_ONCE(cq->armed, true);
	return cx4_cq_arm_dword(sn, cq->ring.ci, false);
}

/*
 * Does an arm of @cq change anything (no device access; KUnit)?  Not
 * while it is armed with nothing consumed since: no event came, so the
 * device still holds that arm, and the arm would repeat its cmd_sn and
 * consumer counter (cx4_cq_next_sn()).  Had the CQ fired with its event
 * lost, the repeated cmd_sn would be ignored as well: it is the CQEs
 * consumed since (ci moved) that make the next arm count.  The idle CQs
 * of a channel (TX on a receiving CPU) cost no doorbell this way.
 */
bool cx4_cq_arm_needed(const struct cx4_cq *cq)
{
	return !READ_ONCE(cq->armed) || cq->ring.ci != cq->arm_ci;
}

void cx4_cq_arm(struct cx4_cq *cq)
{
	u32 dw;

	if (!cx4_cq_arm_needed(cq))
		return;
	dw = cx4_cq_arm_prepare(cq);

	WRITE_ONCE(cq->ring.dbr[CX4_CQ_DBR_ARM_IDX], cpu_to_be32(dw));
	/* The doorbell record is visible before the doorbell rings. */
	wmb();
	iowrite64be((u64)dw << 32 | cq->cqn,
		    cq->core->eqs.uar + CX4_OFF(UAR, CQ_DB));
}

u32 cx4_cq_cqn(const struct cx4_cq *cq)
{
	return cq->cqn;
}

/* --- commands --------------------------------------------------------------- */

static int cx4_cq_cmd_create(struct cx4_core *core, struct cx4_cq *cq,
			     const struct cx4_cq_attr *attr, u32 eqn)
{
	u32 npas = DIV_ROUND_UP(cq->ring_size, CX4_PAGE_SIZE);
	u32 len = cx4_create_cq_in_size(npas);
	u8 out[CX4_CREATE_CQ_OUT_SIZE] = {};
	u8 *in, *cqc, *pas;
	u32 i;
	int err;

	if (len > CX4_CMD_MAX_LEN)
		return -EINVAL;
	in = kvzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_CQ);
	cqc = CX4_ADDR(CREATE_CQ_IN, in, CQC);
	CX4_SET(CQC, cqc, CQE_SZ, CX4_CQC_CQE_SZ_64);
	if (attr->compress) {
		CX4_SET(CQC, cqc, CQE_COMPRESSION_EN, 1);
		CX4_SET(CQC, cqc, MINI_CQE_RES_FORMAT, CX4_MINI_CQE_FMT_HASH);
	}
	CX4_SET(CQC, cqc, LOG_CQ_SIZE, cq->ring.log_size);
	CX4_SET(CQC, cqc, UAR_PAGE, core->eqs.uarn);
	CX4_SET(CQC, cqc, CQ_PERIOD, attr->moder_usecs);
	CX4_SET(CQC, cqc, CQ_MAX_COUNT, attr->moder_frames);
	CX4_SET(CQC, cqc, CQ_PERIOD_MODE, attr->moder_from_cqe ?
		CX4_CQC_PERIOD_UPON_CQE : CX4_CQC_PERIOD_UPON_EVENT);
	CX4_SET(CQC, cqc, C_EQN, eqn);
	CX4_SET(CQC, cqc, LOG_PAGE_SIZE, 0);	/* 4 KB pages */
	CX4_SET64(CQC, cqc, DBR_ADDR, cq->dma + cq->ring_size);
	pas = CX4_ADDR(CREATE_CQ_IN, in, PAS);
	for (i = 0; i < npas; i++)
		CX4_SET64(PAS, pas + i * CX4_PAS_SIZE, PA,
			  cq->dma + (u64)i * CX4_PAGE_SIZE);
	err = cx4_cmd_exec(core, in, len, out, sizeof(out));
	kvfree(in);
	if (err)
		return err;
	cq->cqn = CX4_GET(CREATE_CQ_OUT, out, CQN);
	return 0;
}

static int cx4_cq_cmd_destroy(struct cx4_core *core, u32 cqn)
{
	u8 out[CX4_DESTROY_CQ_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_CQ_IN_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DESTROY_CQ);
	CX4_SET(DESTROY_CQ_IN, in, CQN, cqn);
	return cx4_cmd(core, in, out);
}

int cx4_cq_moderate(struct cx4_cq *cq, u16 usecs, u16 frames)
{
	u8 in[CX4_MODIFY_CQ_IN_SIZE] = {};
	u8 out[CX4_MODIFY_CQ_OUT_SIZE] = {};
	u8 *cqc = CX4_ADDR(MODIFY_CQ_IN, in, CQC);

	if (usecs > CX4_MAX(CQC, CQ_PERIOD))
		return -EINVAL;
	if (!CX4_GET(CAP, cq->core->caps[CX4_CAPS_GEN_CUR], CQ_MODERATION))
		return -EOPNOTSUPP;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_CQ);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_MODIFY_CQ_MODIFY);
	CX4_SET(MODIFY_CQ_IN, in, CQN, cq->cqn);
	CX4_SET(MODIFY_CQ_IN, in, FIELD_SELECT,
		CX4_MODIFY_CQ_SEL_CQ_PERIOD | CX4_MODIFY_CQ_SEL_CQ_MAX_COUNT);
	CX4_SET(CQC, cqc, CQ_PERIOD, usecs);
	CX4_SET(CQC, cqc, CQ_MAX_COUNT, frames);
	return cx4_cmd(cq->core, in, out);
}

/* --- create / destroy ------------------------------------------------------- */

static int cx4_cq_check_attr(struct cx4_core *core,
			     const struct cx4_cq_attr *attr)
{
	const void *cap = core->caps[CX4_CAPS_GEN_CUR];
	u32 max_log = min_t(u32, CX4_GET(CAP, cap, LOG_MAX_CQ_SZ),
			    CX4_CQ_MAX_LOG_SIZE);

	if (!attr->comp || attr->vector >= core->eqs.ncomp ||
	    attr->log_cqe_cnt > max_log ||
	    attr->moder_usecs > CX4_MAX(CQC, CQ_PERIOD))
		return -EINVAL;
	if ((attr->moder_usecs || attr->moder_frames) &&
	    !CX4_GET(CAP, cap, CQ_MODERATION))
		return -EOPNOTSUPP;
	if (attr->compress && !CX4_GET(CAP, cap, CQE_COMPRESSION))
		return -EOPNOTSUPP;
	if (attr->moder_from_cqe &&
	    !CX4_GET(CAP, cap, CQ_PERIOD_START_FROM_CQE))
		return -EOPNOTSUPP;
	return 0;
}

static void cx4_cq_free(struct cx4_core *core, struct cx4_cq *cq)
{
	if (!core->dma_unsafe)
		dma_free_coherent(core->dev, cq->size, cq->ring.buf, cq->dma);
	kfree(cq);
}

struct cx4_cq *cx4_cq_create(struct cx4_core *core,
			     const struct cx4_cq_attr *attr)
{
	struct cx4_cqs *cqs = &core->cqs;
	struct cx4_cq *cq;
	bool keep = false;
	int err, eqn;

	err = cx4_cq_check_attr(core, attr);
	if (err)
		return ERR_PTR(err);
	eqn = cx4_core_comp_eqn(core, attr->vector);
	cq = kzalloc(sizeof(*cq), GFP_KERNEL);
	if (!cq)
		return ERR_PTR(-ENOMEM);
	cq->core = core;
	cq->vector = attr->vector;
	cq->comp = attr->comp;
	cq->error = attr->error;
	cq->ctx = attr->ctx;
	cq->ring.log_size = attr->log_cqe_cnt;
	/* Created fired, no event yet: the first arm's cmd_sn is 0. */
	cq->last_arm_sn = CX4_MAX(CQ_DBR, CMD_SN);
	cq->ring_size = (size_t)CX4_CQE_SIZE << cq->ring.log_size;
	cq->size = PAGE_ALIGN(cq->ring_size + CX4_CQ_DBR_SIZE);
	cq->ring.buf = dma_alloc_coherent(core->dev, cq->size, &cq->dma,
					  GFP_KERNEL);
	if (!cq->ring.buf) {
		err = -ENOMEM;
		goto err_free_cq;
	}
	cq->ring.dbr = (__be32 *)((u8 *)cq->ring.buf + cq->ring_size);
	cx4_cq_ring_init(cq->ring.buf, cq->ring.log_size);

	mutex_lock(&cqs->lock);
	err = cx4_cq_cmd_create(core, cq, attr, eqn);
	if (err)
		goto err_unlock;
	/*
	 * A CQN beyond the EQ handlers' range is not one of ours: the
	 * device has a CQ on our buffer under that number, destroy it.
	 */
	if (cq->cqn >= core->eqs.max_cqn) {
		dev_err(core->dev, "CREATE_CQ returned CQ number 0x%x, limit 0x%x\n",
			cq->cqn, core->eqs.max_cqn);
		err = -EIO;
		goto err_destroy_cq;
	}
	err = cx4_cqs_register_locked(cqs, cq);
	if (err) {
		/*
		 * The number of a live CQ: DESTROY_CQ would take that one
		 * down.  The device may be writing either: keep the buffer
		 * until the function reset.
		 */
		dev_err(core->dev, "CREATE_CQ returned CQ 0x%x, already in use; keeping its buffer until the function is reset\n",
			cq->cqn);
		keep = true;
		goto err_unlock;
	}
	mutex_unlock(&cqs->lock);
	return cq;

err_destroy_cq:
	if (cx4_cq_cmd_destroy(core, cq->cqn))
		keep = true;
err_unlock:
	/* After a timeout the device may own the CQ: keep the buffer. */
	if (err == -ETIMEDOUT)
		keep = true;
	if (keep) {
		core->needs_reset = true;
		list_add(&cq->dead_node, &cqs->dead);
	}
	mutex_unlock(&cqs->lock);
	if (keep)
		return ERR_PTR(err);
	dma_free_coherent(core->dev, cq->size, cq->ring.buf, cq->dma);
err_free_cq:
	kfree(cq);
	return ERR_PTR(err);
}

void cx4_cq_destroy(struct cx4_cq *cq)
{
	struct cx4_core *core = cq->core;
	struct cx4_cqs *cqs = &core->cqs;
	int err;

	mutex_lock(&cqs->lock);
	err = cx4_cq_cmd_destroy(core, cq->cqn);
	cx4_cqs_unregister_locked(cqs, cq);
	if (err) {
		core->needs_reset = true;
		list_add(&cq->dead_node, &cqs->dead);
	}
	mutex_unlock(&cqs->lock);
	/* No handler still runs with @cq (see the comment at the top). */
	synchronize_irq(core->eqs.comp[cq->vector].irq);
	synchronize_irq(core->eqs.ctrl.irq);
	if (!err)
		cx4_cq_free(core, cq);
}

/*
 * After the function reset: free the CQs whose DESTROY_CQ failed (the
 * device may have written them until then).
 */
void cx4_cqs_release(struct cx4_core *core)
{
	struct cx4_cq *cq, *tmp;

	mutex_lock(&core->cqs.lock);
	list_for_each_entry_safe(cq, tmp, &core->cqs.dead, dead_node) {
		list_del(&cq->dead_node);
		cx4_cq_free(core, cq);
	}
	mutex_unlock(&core->cqs.lock);
}

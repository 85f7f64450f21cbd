/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 core internals, shared by the core sources and the KUnit tests; the
 * Ethernet part uses include/linux/cx4/core.h only.
 */
#ifndef _CX4_CORE_CORE_H
#define _CX4_CORE_CORE_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/if_ether.h>
#include <linux/interrupt.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/ratelimit.h>
#include <linux/spinlock.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>
#include <linux/cx4/core.h>
#include <linux/cx4/cq.h>
#include <linux/cx4/prm_pci.h>
#include <linux/cx4/prm_tpt.h>

#include "cmd.h"

/* Interface step sequence ID this driver implements (PRM 7.1). */
#define CX4_DRV_ISSI		1

/* SET_DRIVER_VERSION number (Table 190): main.minor(3).subminor(6). */
#define CX4_DRV_VER_MAIN	0
#define CX4_DRV_VER_MINOR	1
#define CX4_DRV_VER_SUBMINOR	0

/* Bound of the wait for the initialization segment's "initializing". */
#define CX4_INIT_WAIT_MS	10000

/* Pages given or requested by one MANAGE_PAGES (eight mailbox blocks). */
#define CX4_PAGES_PER_CMD	512
/* More outstanding firmware pages than this (4 GB) is not believed. */
#define CX4_PAGES_MAX		BIT(20)

/* Pages per MANAGE_PAGES answering a page request (64 mailbox blocks). */
#define CX4_PAGES_PER_EVENT	4096

/*
 * EQ sizes (log2 of entries), bounded by the cap log_max_eq_sz; a
 * function whose EQs cannot hold the minimum is refused (cx4_eq_log_size()).
 */
#define CX4_EQ_CTRL_LOG_SIZE	7
#define CX4_EQ_COMP_LOG_SIZE	10
#define CX4_EQ_MIN_LOG_SIZE	6
/* Index of the control vector; completion vectors follow. */
#define CX4_IRQ_CTRL		0
#define CX4_IRQ_NAME_LEN	32

/* Variant byte (mkey[7:0]) of the core's PA MKey. */
#define CX4_CORE_MKEY_VARIANT	0xc4

/*
 * Health poller: period, and how long the counter may stand still before
 * the device counts as dead.  Time, not polls: an internal error
 * interrupt polls at once (cx4_health_kick()), and a storm of them must
 * not turn a few quick polls into a stall.  The PRM gives the counter no
 * rate; firmware advances it well within a second.
 */
#define CX4_HEALTH_POLL_MS	1000
#define CX4_HEALTH_STALL_MS	3000
/*
 * Recovery: the first attempt at once; after each failure (an attempt
 * failing, or the device dying again within CX4_RECOVERY_GRACE_MS of a
 * recovery) the delay doubles from CX4_RECOVERY_DELAY_MS up to
 * CX4_RECOVERY_DELAY_MAX_MS; after CX4_RECOVERY_MAX_FAILS failures in a
 * row spanning at least the module parameter recovery_give_up_ms
 * (CX4_RECOVERY_GIVE_UP_MS) the driver gives up (unbind/rebind to
 * retry).  Time as well as count: a device that misbehaves for a quarter
 * of a minute (the five back-offs take 15 s) and then works again must
 * get its function back.
 */
#define CX4_RECOVERY_DELAY_MS		1000
#define CX4_RECOVERY_DELAY_MAX_MS	30000
#define CX4_RECOVERY_MAX_FAILS		5
#define CX4_RECOVERY_GIVE_UP_MS		60000
#define CX4_RECOVERY_GRACE_MS		30000

struct pci_dev;
struct dentry;
struct devlink;
struct devlink_health_reporter;

/*
 * Bookkeeping of the 4 KB pages given to the device, indexed by DMA
 * address >> CX4_PAGE_SHIFT.  Each entry is the struct page backing it.
 */
struct cx4_pages {
	/*
	 * Serializes giving and taking pages: bookkeeping changes and the
	 * MANAGE_PAGES commands that go with them.  (The xarray has its own
	 * internal lock; this one keeps @npages and the device's view in step.)
	 */
	struct mutex lock;
	struct xarray tree;
	u32 npages;		/* pages the device holds */
	u32 bad_returns;	/* returned addresses that were never given */
	/*
	 * Page request events (PRM 7.13.10.2): the control EQ's handler
	 * adds each event's signed num_pages to @request (saturating, see
	 * cx4_pages_request_add()) and queues @work on @wq, which takes the
	 * sum.  @ev_lock protects @request and @ev_on, cleared at teardown
	 * before the work is flushed, so no work is queued after that.
	 */
	spinlock_t ev_lock;
	bool ev_on;
	s32 request;
	struct work_struct work;
	struct workqueue_struct *wq;
	atomic_t events;	/* page request events received */
	atomic_t alloc_fails;	/* requests answered with ALLOCATION_FAIL */
	atomic_t fail_next;	/* debugfs: fail that many page allocations */
};

/* MSI-X vectors: CX4_IRQ_CTRL for the control EQ, then one per comp EQ. */
struct cx4_irqs {
	u32 nvec;
	u32 ncomp;
	char (*names)[CX4_IRQ_NAME_LEN];
};

/*
 * An event queue.  @ci and the event counters are only touched by the
 * EQ's interrupt handler (never re-entered for one IRQ) or with the IRQ
 * freed; debugfs reads the counters without a lock (READ_ONCE).
 */
struct cx4_eq {
	struct cx4_core *core;
	void *buf;
	dma_addr_t dma;
	size_t size;
	u32 log_size;
	u32 ci;
	u8 eqn;
	u16 vec;
	int irq;
	bool created;		/* CREATE_EQ succeeded, DESTROY_EQ not yet */
	bool irq_on;
	u64 events;		/* EQEs consumed */
	u64 spurious;		/* interrupts without an EQE (completion EQs) */
	u64 bad;		/* EQEs rejected (also in cx4_eqs.bad_eqes) */
};

/*
 * Events by subscription: the EQ layer (eq.c) validates each EQE
 * (cx4_eqe_classify()) and hands it to the handler subscribed for its
 * event type; it names none of them.  Owners subscribe with
 * cx4_eq_subscribe() while no EQ exists (probe, bring-up).
 * @event: the EQ's interrupt handler calls it with the EQE (NULL for the
 *	internal error interrupt, which has no EQE); false means the EQE is
 *	bad: eq.c counts it and logs @bad_why
 * @comp: only for CX4_EVENT_COMPLETION, in place of @event: a completion
 *	EQE of completion EQ @eq, its CQ number @cqn checked below the
 *	device's limit (cx4_eqe_comp_cqn()); interrupt context, in an RCU
 *	read-side section (one over each interrupt)
 * @lost: optional, interrupt context: an EQE of completion EQ @eq that
 *	eq.c rejected (a completion EQ has no other events, so one meant for
 *	an object of this subscriber is lost); only for CX4_EVENT_COMPLETION
 * @start: optional, process context: before the control EQ is created
 *	(events may arrive from then on)
 * @stop: optional, process context: before the control EQ is destroyed;
 *	no work of the owner is queued or running once it returns
 */
struct cx4_eq_sub {
	bool (*event)(struct cx4_eq *eq, const void *eqe);
	void (*comp)(struct cx4_eq *eq, u32 cqn);
	const char *bad_why;
	void (*lost)(struct cx4_eq *eq);
	void (*start)(struct cx4_core *core);
	void (*stop)(struct cx4_core *core);
};

/* Event types a handler can subscribe to (PRM Table 81 types < this). */
#define CX4_EQ_NEVENTS		0x20

struct cx4_eqs {
	/*
	 * Handlers by event type.  Written only while no EQ exists (so no
	 * lock: the EQ interrupt handlers, which read it, cannot run).
	 */
	const struct cx4_eq_sub *subs[CX4_EQ_NEVENTS];
	void __iomem *uar;	/* the core's UAR page (EQ doorbells) */
	u32 uarn;
	bool uar_alloced;
	struct cx4_eq ctrl;
	struct cx4_eq *comp;
	u32 ncomp;		/* completion EQs created */
	u32 ncomp_alloc;	/* entries of @comp */
	u32 max_cqn;		/* 1 << log_max_cq: completion cqn bound */
	u32 nports;
	atomic_t bad_eqes;	/* EQEs failing validation, all EQs */
	atomic_t port_events;
};

/* Verdict on one EQE (cx4_eqe_classify()). */
enum cx4_eqe_verdict {
	CX4_EQE_OK_CMD,
	CX4_EQE_OK_PAGES,
	CX4_EQE_OK_COMP,
	CX4_EQE_OK_PORT,
	CX4_EQE_OK_CQ_ERR,
	CX4_EQE_OK_WQ,
	CX4_EQE_OK_TEMP,
	CX4_EQE_BAD_TYPE,	/* unknown, or not mapped to this EQ */
	CX4_EQE_BAD_CQN,
	CX4_EQE_BAD_PORT,
};

/*
 * Subscribe @sub to events of @type (see struct cx4_eq_sub); the same
 * subscription again is harmless.  Only while no EQ exists.
 */
static inline void cx4_eq_subscribe(struct cx4_core *core, u8 type,
				    const struct cx4_eq_sub *sub);

/*
 * The CQ numbers a completion or CQ error EQE may name: below
 * 2^log_max_cq of the general capabilities @gen (a 24-bit field).
 */
static inline u32 cx4_max_cqn(const void *gen)
{
	return 1u << min_t(u32, CX4_GET(CAP, gen, LOG_MAX_CQ), 24);
}

/* cx4_eqe_comp_cqn(): not a completion EQE of a CQ number in range. */
#define CX4_EQE_NO_CQN		U32_MAX

/* The dword of @eqe that holds field @f, read once (host order). */
static inline u32 cx4_eqe_dw_once(const void *eqe, u32 f)
{
	const __be32 *p = (const __be32 *)((const u8 *)eqe + CX4_FLD_OFF(f));

	return be32_to_cpu(READ_ONCE(*p));
}

/* Field @f of @dw, the dword holding it. */
static inline u32 cx4_eqe_dw_get(u32 dw, u32 f)
{
	return (dw >> CX4_FLD_LSB(f)) & cx4_fld_mask(f);
}

/*
 * The CQ number of EQE @eqe on a completion EQ (no device access; KUnit):
 * its CQN if it is a completion event (PRM Table 79) naming a CQ below
 * @max_cqn, else CX4_EQE_NO_CQN.  Reads the two dwords it needs (event
 * type, CQ number) once each, without copying the EQE: the CQN checked
 * is the CQN returned, though the device may rewrite the entry.
 */
static inline u32 cx4_eqe_comp_cqn(const void *eqe, u32 max_cqn)
{
	const u32 type_f = CX4_FIELD(EQE, EVENT_TYPE);
	const u32 cqn_f = CX4_FIELD(EQE, COMP_CQN);
	u32 type = cx4_eqe_dw_get(cx4_eqe_dw_once(eqe, type_f), type_f);
	u32 cqn = cx4_eqe_dw_get(cx4_eqe_dw_once(eqe, cqn_f), cqn_f);

	if (type != CX4_EVENT_COMPLETION || cqn >= max_cqn)
		return CX4_EQE_NO_CQN;
	return cqn;
}

/*
 * Is the EQE at consumer counter @ci of a ring of 2^@log_size entries
 * software owned (PRM 7.13.2.1)?  Reads the owner byte once.
 */
static inline bool cx4_eqe_owned_by_sw(const void *eqe, u32 ci, u32 log_size)
{
	u8 owner = READ_ONCE(((const u8 *)eqe)[CX4_EQE_OFF_OWNER_BYTE]) & 1;

	return owner == cx4_owner_bit(ci, log_size);
}

/*
 * A completion queue (cq.c).  @ring is what the hot-path API of
 * include/linux/cx4/cq.h sees (its inlines find it at the start of the
 * CQ); @ring.ci, @arm_ci and @last_arm_sn are only used by the one
 * poller (cx4_cq_peek/pop/update_ci/arm); @armed is set by the poller's
 * arm and cleared by the EQ handler that delivers the CQ's events,
 * WRITE_ONCE/READ_ONCE on both sides.
 */
struct cx4_cq {
	struct cx4_cq_ring ring;	/* first: cx4_cq_ring() */
	struct cx4_core *core;
	void (*comp)(struct cx4_cq *cq, void *ctx);
	void (*error)(struct cx4_cq *cq, void *ctx, u8 syndrome);
	void *ctx;
	dma_addr_t dma;
	size_t ring_size;
	size_t size;
	u32 vector;
	u32 cqn;
	u32 arm_ci;		/* @ring.ci at the last arm */
	u8 last_arm_sn;		/* cmd_sn of the last arm */
	bool armed;		/* armed, no event since */
	u8 err_syndrome;	/* last CQ error event (debugfs) */
	/*
	 * Completion events delivered to this CQ: written only by the
	 * handler of its EQ's vector, which never runs on two CPUs at once,
	 * so no shared cache line is written per event.
	 */
	u64 comp_events;
	struct list_head dead_node;	/* on cx4_cqs.dead */
};

static_assert(offsetof(struct cx4_cq, ring) == 0);

/* What a CQ event lookup found (cx4_cqs_comp(), cx4_cqs_error()). */
enum cx4_cq_verdict {
	CX4_CQ_EV_OK,
	CX4_CQ_EV_UNKNOWN,	/* no CQ registered under that number */
	CX4_CQ_EV_WRONG_EQ,	/* the CQ reports to another EQ */
};

/* Most entries of the completion path's CQ table (32 KB of pointers). */
#define CX4_CQS_TABLE_MAX	4096

struct cx4_cqs {
	/*
	 * Serializes CQ creation and destruction: a CQ number is registered
	 * and unregistered together with its CREATE_CQ / DESTROY_CQ, so the
	 * device cannot hand out a number still registered.  Also protects
	 * @dead and the entries of @table.  The EQ handlers only read @xa
	 * and @table's entries (RCU).
	 */
	struct mutex lock;
	struct xarray xa;	/* every registered CQ, by CQN */
	/*
	 * The same for the CQNs below @table_size, indexed: the completion
	 * path's lookup (cx4_cqs_table_create(); @table and @table_size
	 * change only while no EQ exists).
	 */
	struct cx4_cq __rcu **table;
	u32 table_size;
	struct list_head dead;	/* DESTROY_CQ failed: freed after reset */
	atomic_t unknown_comp;	/* completion EQEs for no registered CQ */
	atomic_t unknown_err;	/* CQ error EQEs for no registered CQ */
	atomic_t wrong_eq;	/* completion EQEs on the wrong EQ */
	u64 comp_retired;	/* comp_events of unregistered CQs (@lock) */
	atomic_t err_events;	/* CQ error events delivered */
	atomic_t kicks;		/* lost events: every CQ of an EQ called */
};

/* What the dispatcher needs to judge an EQE. */
struct cx4_eqe_limits {
	bool ctrl;		/* the control EQ (else a completion EQ) */
	u32 max_cqn;
	u32 nports;
};

/* What a port state change EQE says (cx4_port_event_parse()). */
enum cx4_port_ev {
	CX4_PORT_EV_DOWN,
	CX4_PORT_EV_UP,
	CX4_PORT_EV_OTHER,	/* sub-type 0x5: changed, new state not given */
	CX4_PORT_EV_BAD,	/* sub-type not in Table 88 */
};

/* The function's NIC vport: permanent MAC, link state, link notifiers. */
struct cx4_port {
	/*
	 * Serializes changes of @link_up and @link_from_event (probe's
	 * QUERY_VPORT_STATE and the control EQ's interrupt handler), so that
	 * each change is counted, logged and notified once.  Taken with
	 * interrupts off outside the handler.  Readers use READ_ONCE()
	 * without it.
	 */
	spinlock_t lock;
	bool link_up;
	bool link_from_event;	/* an event set @link_up: queries don't */
	bool query_on;		/* @query_work may be queued (also @lock) */
	struct work_struct query_work;	/* QUERY_VPORT_STATE after 0x5 */
	u8 perm_mac[ETH_ALEN];	/* set at probe, then read only */
	/* Rate limit of link up/down messages (own lock). */
	struct ratelimit_state link_rs;
	/* Atomic chain (own lock, RCU): called from the control EQ handler. */
	struct atomic_notifier_head notifiers;
	atomic_t link_ups;	/* link up changes seen in events */
	atomic_t link_downs;	/* link down changes seen in events */
	atomic_t other_events;	/* sub-type 0x5 events */
	atomic_t requeries;	/* QUERY_VPORT_STATE from @query_work */
};

/*
 * What a recovery does to the function, given by main.c at probe so that
 * health.c calls nothing above it.  Both are called with the device lock
 * held: @recover makes one attempt (0 once the function is up again),
 * @halt takes the function down for good.
 */
struct cx4_health_ops {
	int (*recover)(struct cx4_core *core);
	void (*halt)(struct cx4_core *core);
};

struct cx4_health {
	const struct cx4_health_ops *ops;	/* set at probe */
	struct delayed_work work;
	/*
	 * Recovery (health.c): @recover_work tears the function down and
	 * brings it up again, with the device lock held; it is queued by
	 * the poller once the device is dead, after a delay that grows with
	 * each failure (@fails in a row).  @lock also protects @stopping,
	 * set at remove before the work is cancelled, so that it is not
	 * queued again, and @attempting, set while a recovery attempt runs:
	 * the poller its bring-up restarts may find the device dead again,
	 * and then leaves the counting and the next attempt to the attempt
	 * (the two read each other's flag under @lock).  The other fields
	 * are written by the two works and read locklessly by
	 * diagnose/debugfs.
	 */
	struct delayed_work recover_work;
	bool stopping;
	bool attempting;
	bool reported;		/* this failure was reported to devlink */
	bool gave_up;
	u32 fails;		/* failed recoveries in a row */
	unsigned long failing_since;	/* jiffies of the first of them */
	u32 recoveries;		/* successful recoveries */
	u32 attempts;		/* recovery attempts */
	u32 fatal_events;	/* times the device was found dead */
	u32 syndrome;		/* health syndrome when last found dead */
	u32 counter;		/* health counter when last found dead */
	unsigned long recovered_at;	/* jiffies of the last recovery */
	/*
	 * Protects @running against kicks from the control EQ's interrupt
	 * handler (an internal error interrupt), so that no poll is queued
	 * once cx4_health_stop() has started.
	 */
	spinlock_t lock;
	bool running;
	u32 last_counter;	/* poll work only */
	unsigned long last_change;	/* poll work only: jiffies it moved */
	bool cmd_timeout;	/* set by cx4_health_cmd_timeout() */
	/*
	 * Set by cx4_health_release_failed() since the function last came
	 * up: the device keeps an object the driver lost track of.  Recovered
	 * from only while @in_service (probe done, remove not begun); probe's
	 * unwinding and remove reset the function instead (cx4_core_down()).
	 */
	bool release_failed;
	/*
	 * Set by cx4_core_request_recovery() since the function last came
	 * up; acted on, like @release_failed, only while @in_service.
	 */
	bool recovery_asked;
	bool in_service;
	bool fatal;
	const char *why;	/* what made it fatal, for devlink */
};

/* The debugfs "cq" test hook's CQ (debugfs.c). */
struct cx4_test_cq {
	/*
	 * Serializes the hook's operations, so that it is the CQ's one
	 * poller; the callbacks only touch the atomics.
	 */
	struct mutex lock;
	struct cx4_cq *cq;
	atomic_t comps;		/* completion callbacks */
	atomic_t errors;	/* CQ error callbacks */
	atomic_t syndrome;	/* syndrome of the last CQ error */
	u32 polled;		/* CQEs consumed */
	u32 last_wqe;		/* wqe_counter of the last CQE consumed */
};

enum cx4_cap_slot {
	CX4_CAPS_GEN_CUR,
	CX4_CAPS_GEN_MAX,
	CX4_CAPS_ETH_CUR,
	CX4_CAPS_FT_CUR,
	CX4_CAPS_NUM,
};

struct cx4_core {
	struct pci_dev *pdev;
	struct device *dev;
	void __iomem *iseg;		/* initialization segment (BAR0) */
	struct cx4_fw_version fw;
	u16 cmdif_rev;
	u16 issi;
	struct cx4_cmdq cmdq;
	struct cx4_pages pages;
	struct cx4_irqs irqs;
	struct cx4_eqs eqs;
	struct cx4_cqs cqs;
	struct cx4_health health;
	struct cx4_port port;
	u32 pdn;
	u32 tdn;
	u32 mkey;		/* PA MKey for en/ (cx4_core_lkey()) */
	bool pd_alloced;
	bool td_alloced;
	bool mkey_created;
	struct dentry *debugfs;
	struct cx4_test_cq test_cq;
	struct devlink *devlink;
	struct devlink_health_reporter *reporter;
	struct devlink_port *dl_port;	/* the physical port (devlink.c) */
	/*
	 * Serializes bringing the function up and down (probe, remove,
	 * health recovery) with the debugfs hooks and devlink dev info,
	 * which use what it brings up; @up says whether it is up.  Taken
	 * after the device lock and after the devlink instance lock.
	 */
	struct mutex up_lock;
	bool up;
	struct cx4_adev *adev;	/* auxiliary device (adev.c), NULL when none */
	/*
	 * Rate limit of this function's reports of device misbehaviour and
	 * failed commands (cx4_err_rl() and friends): per function, so that
	 * one function's storm does not hide another's first reports.  Has
	 * its own lock.
	 */
	struct ratelimit_state log_rs;
	/* CX4_HCA_CAP_SIZE bytes each, NULL when not queried/supported. */
	void *caps[CX4_CAPS_NUM];
	/*
	 * A teardown step failed (or the device hung): the remaining graceful
	 * steps are skipped and the function is reset before its DMA memory is
	 * freed.  Only touched from probe and remove, and set (under
	 * @kept_lock) by cx4_core_keep_dma().
	 */
	bool needs_reset;
	/* Protects @kept: what cx4_core_keep_dma() holds until the reset. */
	struct mutex kept_lock;
	struct list_head kept;
	/*
	 * The function could not be reset: DMA memory the device may still
	 * write is leaked rather than freed.
	 */
	bool dma_unsafe;
};

static inline void cx4_eq_subscribe(struct cx4_core *core, u8 type,
				    const struct cx4_eq_sub *sub)
{
	if (!WARN_ON(type >= CX4_EQ_NEVENTS))
		core->eqs.subs[type] = sub;
}

/* Rate-limited logging through @core->log_rs (see struct cx4_core). */
#define cx4_log_rl(level, core, fmt, ...)				\
	do {								\
		struct cx4_core *__rl_core = (core);			\
									\
		if (__ratelimit(&__rl_core->log_rs))			\
			dev_##level(__rl_core->dev, fmt, ##__VA_ARGS__); \
	} while (0)
#define cx4_err_rl(core, fmt, ...)	cx4_log_rl(err, core, fmt, ##__VA_ARGS__)
#define cx4_warn_rl(core, fmt, ...)	cx4_log_rl(warn, core, fmt, ##__VA_ARGS__)

/* iseg.c: initialization segment access (MMIO, big-endian dwords). */
u32 cx4_iseg_get(struct cx4_core *core, u32 fld);
void cx4_iseg_write(struct cx4_core *core, u32 off, u32 val);
struct ptp_system_timestamp;
/* Tries of the race-free timer read before giving up (iseg.c). */
#define CX4_TIMER_READ_TRIES	3
u64 cx4_timer_read_halves(u32 (*read)(void *ctx, bool high), void *ctx,
			  struct ptp_system_timestamp *sts);
u32 cx4_timer_khz(u32 mhz, u32 khz);

/* pages.c */
void cx4_pages_init(struct cx4_pages *pages);
void cx4_pages_destroy(struct cx4_pages *pages);
int cx4_pages_track_locked(struct cx4_pages *pages, u64 dma,
			   struct page *page);
struct page *cx4_pages_lookup_locked(struct cx4_pages *pages, u64 dma);
struct page *cx4_pages_untrack_locked(struct cx4_pages *pages, u64 dma);
int cx4_pages_check_request(const struct cx4_pages *pages, s32 num);
s32 cx4_pages_request_add(s32 pending, s32 num);
int cx4_pages_satisfy(struct cx4_core *core, u16 op_mod);
int cx4_pages_reclaim_all(struct cx4_core *core);
void cx4_pages_release_all(struct cx4_core *core);

int cx4_pages_wq_create(struct cx4_core *core);
void cx4_pages_wq_destroy(struct cx4_core *core);
void cx4_pages_request(struct cx4_core *core, s32 num);

/* irq.c: MSI-X vectors. */
int cx4_irqs_create(struct cx4_core *core);
void cx4_irqs_destroy(struct cx4_core *core);

/* eq.c: UAR page, EQs, event dispatch. */
int cx4_eq_log_size(u32 want, u32 cap_log);
int cx4_eqs_create(struct cx4_core *core);
void cx4_eqs_destroy(struct cx4_core *core);
void cx4_eqs_release(struct cx4_core *core);
int cx4_eq_gen_eqe(struct cx4_core *core, u32 index, u32 type, u32 arg);
enum cx4_eqe_verdict cx4_eqe_classify(const void *eqe,
				      const struct cx4_eqe_limits *lim);

/* cq.c: completion queues. */
void cx4_cqs_init(struct cx4_cqs *cqs);
void cx4_cqs_destroy(struct cx4_cqs *cqs);
int cx4_cqs_table_create(struct cx4_cqs *cqs, u32 max_cqn);
void cx4_cqs_table_destroy(struct cx4_cqs *cqs);
int cx4_cqs_register_locked(struct cx4_cqs *cqs, struct cx4_cq *cq);
void cx4_cqs_unregister_locked(struct cx4_cqs *cqs, struct cx4_cq *cq);
u64 cx4_cqs_comp_events(struct cx4_cqs *cqs);
void cx4_cqs_subscribe(struct cx4_core *core);
enum cx4_cq_verdict cx4_cqs_comp(struct cx4_cqs *cqs, u32 cqn, u32 eq_index);
enum cx4_cq_verdict cx4_cqs_error(struct cx4_cqs *cqs, u32 cqn, u8 syndrome);
void cx4_cqs_kick(struct cx4_cqs *cqs, u32 eq_index);
u8 cx4_cq_next_sn(const struct cx4_cq *cq);
u32 cx4_cq_arm_prepare(struct cx4_cq *cq);
bool cx4_cq_arm_needed(const struct cx4_cq *cq);
void cx4_cqs_release(struct cx4_core *core);
void cx4_cq_ring_init(void *ring, u32 log_size);
u32 cx4_cq_arm_dword(u32 sn, u32 ci, bool solicited);

/* port.c: vport state, permanent MAC, port state change events. */
void cx4_port_init(struct cx4_core *core);
int cx4_port_query(struct cx4_core *core);
void cx4_port_forget_events(struct cx4_core *core);
enum cx4_port_ev cx4_port_event_parse(const void *eqe);
int cx4_port_check_mac(const u8 mac[ETH_ALEN]);

/* adev.c: the auxiliary device the parts above the core bind to. */
int cx4_adev_create(struct cx4_core *core);
void cx4_adev_destroy(struct cx4_core *core);
bool cx4_adev_bound(struct cx4_core *core);
void cx4_adev_suspend(struct cx4_core *core);
int cx4_adev_resume(struct cx4_core *core);
void cx4_adev_unbind(struct cx4_core *core);
int cx4_adev_bind(struct cx4_core *core);

/* main.c: the PCI driver (module.c). */
int cx4_core_register(void);
void cx4_core_unregister(void);

/* health.c */
void cx4_health_init(struct cx4_core *core, const struct cx4_health_ops *ops);
void cx4_health_stop_recovery(struct cx4_core *core);
int cx4_health_recover(struct cx4_core *core);
u32 cx4_health_backoff_ms(u32 fails);
bool cx4_health_give_up_due(u32 fails, u32 failing_ms, u32 give_up_ms);
const char *cx4_health_name(u32 syndrome);
void cx4_health_start(struct cx4_core *core);
void cx4_health_stop(struct cx4_core *core);
void cx4_health_kick(struct cx4_core *core);
void cx4_health_cmd_timeout(struct cx4_core *core);
void cx4_health_release_failed(struct cx4_core *core);
void cx4_health_serve(struct cx4_core *core);
bool cx4_health_check(struct cx4_health *h, u32 counter, u32 syndrome,
		      unsigned long now);

/* devlink.c (stubs without CONFIG_NET_DEVLINK) */
#if IS_ENABLED(CONFIG_NET_DEVLINK)
int cx4_devlink_create(struct cx4_core *core);
void cx4_devlink_unregister(struct cx4_core *core);
void cx4_devlink_destroy(struct cx4_core *core);
int cx4_devlink_report(struct cx4_core *core, const char *msg);
void cx4_devlink_healthy(struct cx4_core *core);
#else
static inline int cx4_devlink_create(struct cx4_core *core)
{
	return 0;
}

static inline void cx4_devlink_unregister(struct cx4_core *core)
{
}

static inline void cx4_devlink_destroy(struct cx4_core *core)
{
}

/* No reporter: the caller recovers by itself. */
static inline int cx4_devlink_report(struct cx4_core *core, const char *msg)
{
	return -EOPNOTSUPP;
}

static inline void cx4_devlink_healthy(struct cx4_core *core)
{
}
#endif

/* debugfs.c */
void cx4_debugfs_init(void);
void cx4_debugfs_exit(void);
void cx4_debugfs_create(struct cx4_core *core);
void cx4_debugfs_destroy(struct cx4_core *core);
void cx4_debugfs_drop_cq(struct cx4_core *core);

/* hca.c: the HCA's life (PRM 8.2, 8.3), ISSI, driver version, NOP. */
int cx4_hca_enable(struct cx4_core *core);
int cx4_hca_disable(struct cx4_core *core);
int cx4_hca_init(struct cx4_core *core);
int cx4_hca_teardown(struct cx4_core *core);
int cx4_issi_set(struct cx4_core *core);
int cx4_hca_set_driver_version(struct cx4_core *core);
int cx4_hca_nop(struct cx4_core *core);

/* caps.c: HCA capabilities in core->caps[]. */
int cx4_caps_query(struct cx4_core *core);
int cx4_caps_set(struct cx4_core *core);
int cx4_caps_query_proto(struct cx4_core *core);
void cx4_caps_free(struct cx4_core *core);

/* uar.c: the core's UAR page (core->eqs.uar, .uarn). */
int cx4_uar_create(struct cx4_core *core);
void cx4_uar_destroy(struct cx4_core *core);

/* pd.c, td.c, mkey.c: the objects the core keeps for en/. */
int cx4_pd_alloc(struct cx4_core *core);
int cx4_pd_dealloc(struct cx4_core *core);
int cx4_td_alloc(struct cx4_core *core);
int cx4_td_dealloc(struct cx4_core *core);
int cx4_mkey_create(struct cx4_core *core);
int cx4_mkey_destroy(struct cx4_core *core);

/* vport.c: the NIC vport queries of probe. */
int cx4_vport_query_state(struct cx4_core *core, u32 *state);
void cx4_vport_mac(const void *ctx, u8 mac[ETH_ALEN]);
int cx4_vport_query_mac(struct cx4_core *core, u8 mac[ETH_ALEN]);

#endif /* _CX4_CORE_CORE_H */

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * cx4dev internals shared by the core's files.  Not for the embedding.
 */
#ifndef CX4DEV_INT_H
#define CX4DEV_INT_H

#include <linux/cx4/prm_pci.h>
#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_swif.h>
#include <linux/cx4/prm_tpt.h>

#include "cx4dev.h"
#include "syndrome.h"

#define CX4DEV_FW_MAJOR		12
#define CX4DEV_FW_MINOR		28
#define CX4DEV_FW_SUBMINOR	2006

#define CX4DEV_LOG_CMDQ_SIZE	5	/* 32 entries */
#define CX4DEV_LOG_CMDQ_STRIDE	6	/* 64 bytes */
#define CX4DEV_CMDQ_ENTRIES	(1u << CX4DEV_LOG_CMDQ_SIZE)
#define CX4DEV_CMDQ_STRIDE	(1u << CX4DEV_LOG_CMDQ_STRIDE)

/* Longest command input or output the model accepts (delivery check). */
#define CX4DEV_MAX_CMD_LEN	(CX4_CMDQ_INLINE_SIZE + 2048u * CX4_MBOX_DATA_SIZE)

#define CX4DEV_HEALTH_TICK_NS	100000000ull	/* health counter period */
#define CX4DEV_NS_PER_MS	1000000ull
/*
 * Internal timer frequency (HCA_CAP device_frequency_khz; ConnectX-4's
 * 156.25 MHz): not 1 GHz, so that a driver taking timer ticks for
 * nanoseconds is caught.  device_frequency_mhz says 156 (whole MHz).
 */
#define CX4DEV_TIMER_KHZ	156250ull

/* Debug control page: last 4 KB of BAR0. */
#define CX4DEV_CTL_BASE		(CX4_BAR0_SIZE - 0x1000u)
#define CX4DEV_CTL_SIZE		0x1000u

/*
 * UAR area (PRM 7.2.1): the first 1 MB << HCA_CAP.uar_sz (3: 8 MB) of
 * BAR0, UAR index n at n * UAR page size.  The pages under the
 * initialization segment, the MSI-X table and the PBA (BAR0 0x0-0x3fff)
 * are never handed out by ALLOC_UAR.
 */
#define CX4DEV_UAR_AREA_SIZE	(8u << 20)
#define CX4DEV_UAR_RESERVED	0x4000u
#define CX4DEV_UAR_MAX		(CX4DEV_UAR_AREA_SIZE >> CX4_UAR_PAGE_SHIFT)

#define CX4DEV_MAX_EQ		32	/* 1 << HCA_CAP.log_max_eq */
#define CX4DEV_NO_EQ		0xff
#define CX4DEV_NUM_EVENTS	64	/* event bitmask width */

/* A field descriptor @f of a layout embedded at byte @base of another. */
#define CX4DEV_AT(base, f)	((f) + ((uint32_t)(base) << 12))
/* A 64-bit field @f (CX4_FLD64) as its two dwords, at byte offset @base. */
#define CX4DEV_AT64(base, f)	CX4DEV_AT(base, CX4_FLD64_HI(f)), CX4DEV_AT(base, CX4_FLD64_LO(f))

#define CX4DEV_MAX_CQ		4096	/* model limit (log_max_cq is 24) */

/* MKeys (PRM 6): model limits and the reserved LKey (PRM 6.3). */
#define CX4DEV_MAX_MKEY		4096	/* model limit (log_max_mkey is 24) */
#define CX4DEV_FIRST_MKEY	2	/* index 1 is the reserved LKey's */
#define CX4DEV_RESD_LKEY	0x00000100u	/* index 1, variant 0 */
#define CX4DEV_MAX_MKEY_OCTWORDS (1u << 20)	/* 2 M MTT entries */
#define CX4DEV_MAX_LOG_ENTITY_SIZE 30

/* NIC vport (PRM 7.3): lists indexed by enum cx4_nic_vport_list_type. */
#define CX4DEV_VPORT_NLISTS	3
#define CX4DEV_VPORT_MIN_MTU	64
#define CX4DEV_VPORT_MAX_MTU	10240
#define CX4DEV_MAX_MSIX		2048	/* PCI limit on MSI-X table size */

/* A memory key (context Table 9, MTT entries Table 11). */
struct cx4dev_mkey {
	uint8_t access_mode;		/* enum cx4_mkc_access_mode */
	uint8_t variant;		/* mkey[7:0] */
	bool free, umr_en, rw, rr, lw, lr, length64, pg_access;
	uint32_t pd;
	uint64_t start;
	uint64_t len;
	uint32_t octwords;		/* translations_octword_size */
	uint32_t log_entity_size;
	uint32_t nmtt;			/* room: octwords * 2 */
	uint32_t nmtt_valid;		/* delivered by CREATE_MKEY */
	uint64_t *mtt;			/* raw entries (ptag | wr_en | rd_en) */
};

/* NIC vport settings (MODIFY_NIC_VPORT_CONTEXT, MODIFY_VPORT_STATE). */
struct cx4dev_vport {
	bool admin_up;
	bool promisc_uc, promisc_mc, promisc_all;
	uint32_t mtu;
	uint32_t n[CX4DEV_VPORT_NLISTS];
	uint64_t *list[CX4DEV_VPORT_NLISTS];	/* Table 19 / Table 17 entries */
};

/* Physical port settings (port registers, PRM 11.1; reg.c). */
/* PPLM speed groups: 10G/40G, 25G, 50G, 56G, 100G (reg.c). */
#define CX4DEV_FEC_GROUPS	5

struct cx4dev_port {
	uint32_t admin_mtu;		/* PMTU */
	uint32_t proto_admin;		/* PTYS eth_proto_admin */
	uint32_t admin_status;		/* PAOS, enum cx4_paos_status */
	uint32_t pptx, pprx, pfctx, pfcrx;	/* PFCC */
	uint32_t stall_minor, stall_crit;
	bool up_once_failed;		/* PAOS up once: cable lost, down until written */
	bool an_disable;		/* PTYS an_disable_admin (beyond rev 0.40) */
	uint8_t fec_admin[CX4DEV_FEC_GROUPS];	/* PPLM fec_override_admin_* (0: auto) */
};

/* Capability types the model knows, as indexes into the caps arrays. */
enum cx4dev_cap_idx {
	CX4DEV_CAPI_GENERAL,
	CX4DEV_CAPI_ETH,
	CX4DEV_CAPI_FLOW,
	CX4DEV_CAPI_NUM,
};

/* HCA state machine of PRM 8.2 / 8.3. */
enum cx4dev_hca_state {
	CX4DEV_ST_DISABLED	= 1u << 0,	/* after reset / DISABLE_HCA */
	CX4DEV_ST_ENABLED	= 1u << 1,	/* ENABLE_HCA done */
	CX4DEV_ST_INITIALIZED	= 1u << 2,	/* INIT_HCA done */
	CX4DEV_ST_TORN_DOWN	= 1u << 3,	/* TEARDOWN_HCA done */
};
#define CX4DEV_ST_ANY		0xfu
#define CX4DEV_ST_UP		(CX4DEV_ST_ENABLED | CX4DEV_ST_INITIALIZED | CX4DEV_ST_TORN_DOWN)

/* One command in flight: entry image, assembled input, output buffer. */
/* What a hostile command answer does (cx4dev_cmd.hostile; hostile.c). */
enum cx4dev_hostile_cmd_kind {
	CX4DEV_HCMD_DS,		/* delivery error instead of execution */
	CX4DEV_HCMD_ID,		/* object id of a create/alloc output */
	CX4DEV_HCMD_FIELD,	/* any output dword: counts, states, register answers */
	CX4DEV_HCMD_EARLY,	/* ownership back before the output is written */
	CX4DEV_HCMD_NUM,
};

struct cx4dev_cmd {
	unsigned slot;
	uint64_t entry_addr;
	uint8_t entry[CX4_CMDQ_ENTRY_SIZE];
	uint8_t token;
	uint32_t in_len;
	uint32_t out_len;
	uint8_t *in;
	uint8_t *out;
	/* Output mailbox chain, validated before execution. */
	uint32_t n_out_mbox;
	uint64_t *out_mbox_addr;
	uint8_t (*out_mbox_ctrl)[CX4_MBOX_SIZE - CX4_MBOX_OFF_CTRL];
	uint16_t opcode;
	uint16_t op_mod;
	/* Result of execution. */
	uint8_t status;
	uint32_t syndrome;
	bool knob_hit;
	bool no_event;		/* no command completion event (PRM 12.6.1) */
	uint8_t hostile;	/* hostile answer to give (hostile.c), 0 none */
};

enum cx4dev_slot_state {
	CX4DEV_SLOT_IDLE,
	CX4DEV_SLOT_DELAYED,	/* validated, executes at deadline */
	CX4DEV_SLOT_HUNG,	/* never completes (fault knob) */
};

struct cx4dev_slot {
	enum cx4dev_slot_state state;
	uint64_t deadline;
	struct cx4dev_cmd *cmd;
};

/* Pages the driver gave the device: sorted array of physical addresses. */
struct cx4dev_set {
	uint64_t *v;
	size_t n;
	size_t cap;
};

/* Event queue (PRM 7.13, context Table 93). */
struct cx4dev_eq {
	bool valid;
	bool armed;
	bool ec;
	bool oi;
	uint8_t status;			/* enum cx4_eqc_status */
	uint32_t log_size;
	uint32_t log_page_size;
	uint32_t uar;
	uint32_t intr;
	uint32_t cc;			/* consumer counter (24 bits) */
	uint32_t pc;			/* producer counter (24 bits) */
	uint64_t bitmask;
	uint32_t npas;
	uint64_t *pas;
};

/* An open CQE compression session (cq_comp.c). */
#define CX4DEV_CQZ_MAX		64	/* completions per session */
#define CX4DEV_CQZ_TIMEOUT_NS	20000ull	/* written at the latest after 20 us */
struct cx4dev_cqz {
	uint32_t n;			/* completions collected */
	uint8_t title[CX4_CQE_SIZE];	/* the first one */
	uint8_t mini[CX4DEV_CQZ_MAX * CX4_MINI_CQE_SIZE];
};

/* Completion queue (PRM 7.12, context Table 75). */
struct cx4dev_cq {
	uint8_t status;			/* enum cx4_cqc_status */
	uint8_t st;			/* enum cx4_cqc_st */
	bool cc;			/* collapsed */
	bool oi;
	uint32_t log_size;
	uint32_t log_page_size;
	uint32_t uar;
	uint32_t c_eqn;
	uint32_t cq_period;
	uint32_t cq_max_count;
	uint32_t period_mode;
	bool scqe_break;		/* scqe_break_moderation_en */
	uint64_t period_start;		/* cq_period timer start (7.13.14) */
	uint64_t mod_deadline;		/* pending moderated event due, 0 none */
	uint32_t ci;			/* consumer counter last seen (24 bits) */
	uint32_t pc;			/* producer counter (24 bits) */
	uint32_t last_notified;		/* producer counter at the last event */
	uint32_t last_solicit;		/* producer counter after the last SE CQE */
	bool solicit_pending;		/* an SE CQE since the last event */
	int fired_sn;			/* cmd_sn of the arm that fired, -1 none */
	uint32_t armed_sn;
	uint64_t dbr;
	uint32_t npas;
	uint64_t *pas;
	bool comp;			/* cqe_compression_en */
	uint32_t mini_fmt;		/* mini_cqe_res_format */
	struct cx4dev_cqz *z;		/* compression session, NULL until needed */
	uint64_t z_deadline;		/* session to be written, 0 none */
	uint32_t hostile_extra;		/* extra CQEs hostile mode posted to it */
};

/* Hostile-device mode (hostile.c). */
#define CX4DEV_HOSTILE_FAKED	16	/* faked object ids remembered */
#define CX4DEV_HOSTILE_ZOMBIES	8	/* objects DMAed after a failed DESTROY / hang */

struct cx4dev_hostile_zombie {
	uint32_t kind;			/* DESTROY_CQ / DESTROY_EQ opcode, 0 hung command */
	uint32_t id;			/* cqn, eqn or cmdq slot */
	uint64_t addr;
	uint32_t len;
};

struct cx4dev_hostile {
	uint32_t mask;			/* enum cx4dev_hostile_action bits */
	uint32_t seed;
	uint64_t rng;			/* xorshift64* state */
	uint32_t one_in[CX4DEV_HOSTILE_NUM];	/* 1 in N, 0 = default */
	uint64_t hits;
	uint64_t hits_by[CX4DEV_HOSTILE_NUM];
	uint64_t dma_faults;
	uint64_t excused;		/* guest errors excused as reactions */
	uint64_t log_dropped;
	uint64_t log_window;
	uint32_t log_lines;
	uint32_t log_window_dropped;
	bool excusing;			/* guest errors now are reactions */
	bool in_extra;			/* writing an extra CQE */
	bool in_dma;			/* cx4dev_hostile_dma() running */
	/* Since the last reset: */
	bool cmd_tainted;		/* a command answer was faked */
	bool lost_objects;		/* objects orphaned: a release failed, an id faked */
	bool in_use_ok;			/* this command's BAD_RES_STATE is a reaction */
	bool missing_ok;		/* this command's BAD_RESOURCE is a reaction */
	bool pages_tainted;		/* page requests / counts were faked */
	bool cqe_tainted;		/* CQEs were mutated or made up */
	uint32_t faked[CX4DEV_HOSTILE_FAKED];
	uint32_t nfaked;
	bool faked_zero;		/* an id was faked as 0 */
	/* Double fetch: a CQE to rewrite after its owner bit flipped. */
	bool refetch_want;		/* for the next CQE written to refetch_want_cqn */
	uint32_t refetch_want_cqn;
	bool refetch;
	uint32_t refetch_cqn;
	uint32_t refetch_pc;
	uint64_t refetch_tick;		/* ticks when it was written */
	uint64_t ticks;			/* doorbell writes seen while a rewrite waits */
	uint64_t refetch_addr;
	uint8_t refetch_cqe[CX4_CQE_SIZE];
	struct cx4dev_hostile_zombie zombie[CX4DEV_HOSTILE_ZOMBIES];
	uint32_t nzombie;
};

struct cx4dev_caps {
	uint8_t max[CX4DEV_CAPI_NUM][CX4_HCA_CAP_SIZE];
	uint8_t cur[CX4DEV_CAPI_NUM][CX4_HCA_CAP_SIZE];
};

struct cx4dev {
	const struct cx4dev_ops *ops;
	void *opaque;
	struct cx4dev_config cfg;

	/* Initialization segment: image refreshed on every read. */
	uint8_t iseg[CX4_INIT_SEG_SIZE];
	bool initializing;
	uint64_t ready_at;
	uint64_t cmdq_addr;
	bool cmdq_valid;		/* both address halves written */
	bool cmdq_h_written;		/* high half written, low pending */
	uint32_t cmdq_h;

	/* Health: counter runs from health_base while not stopped. */
	uint64_t health_base;
	bool health_stopped;
	uint32_t health_frozen;
	uint8_t health_syndrome;

	/* Command queue. */
	struct cx4dev_slot slots[CX4DEV_CMDQ_ENTRIES];

	/* HCA. */
	enum cx4dev_hca_state state;
	uint16_t issi;
	bool init_pages_queried;
	char driver_version[CX4_DRIVER_VERSION_LEN + 1];
	struct cx4dev_caps caps;
	struct cx4dev_set pages;

	/* Objects (PRM 12.3.13-19) and event queues (PRM 7.13, 12.6). */
	struct cx4dev_set uars;
	struct cx4dev_set pds;
	struct cx4dev_set tds;
	struct cx4dev_eq eqs[CX4DEV_MAX_EQ];
	uint8_t event_eq[CX4DEV_NUM_EVENTS];	/* event type -> EQ, CX4DEV_NO_EQ */
	struct cx4dev_cq **cqs;		/* indexed by CQ number, NULL = free */
	uint32_t ncq_slots;
	uint32_t cq_db_hi[CX4DEV_UAR_MAX];	/* first dword of a CQ doorbell */
	bool cq_db_hi_valid[CX4DEV_UAR_MAX];
	int64_t pages_delta;		/* page-request knob: regular target delta */
	bool page_req_armed;		/* PRM 7.13.10.2: re-armed by MANAGE_PAGES */
	bool page_req_pending;
	int64_t page_req_sent;		/* pages the outstanding event asked for (> 0) */
	bool port_up;			/* the cable (QEMU link status, LINK knob) */
	bool peer_signal;		/* the far end transmits (cx4dev_peer_signal) */
	bool port_signal;		/* this end transmits, as last told (ops->port_signal) */
	bool port_oper;			/* operational: cable, far end, PAOS admin (reg.c) */
	struct cx4dev_mkey **mkeys;	/* indexed by MKey index, NULL = free */
	uint32_t nmkey_slots;
	struct cx4dev_vport vport;
	struct cx4dev_eth *eth;		/* Ethernet datapath (eth.h) */
	uint16_t int_mod[CX4DEV_MAX_MSIX];	/* CONFIG_INT_MODERATION min_delay */

	/* Fault injection. */
	struct cx4dev_knobs knobs;
	bool knob_hit_since_reset;
	bool bus_master_off;		/* cx4dev_bus_master_set() */
	uint32_t expect_errors;		/* next N guest errors are expected */

	/* Counters. */
	uint64_t guest_errors;
	uint64_t expected_errors;
	uint64_t model_limitations;	/* cx4dev_limitation(): not guest errors */
	uint64_t commands;
	uint64_t knob_hits;
	uint64_t dma_faults;		/* cx4dev_dma_fault() */
	uint64_t dma_probe_addr;	/* debug page DMA_PROBE_HI:LO */
	uint64_t eqes;
	uint64_t cqz_sessions;		/* compressed CQEs (title) written */
	uint64_t cqz_cqes;		/* completions in them */
	uint16_t ctl_cqe_count;		/* wqe_counter of debug-page CQEs */
	uint32_t sq_stall_held;		/* SQ engine runs held by the SQ_STALL knob */
	uint64_t cmd_trace_seq;		/* cmd-trace line number (trace.c) */
	struct cx4dev_port port;	/* port registers (reg.c) */
	struct cx4dev_hostile hostile;	/* hostile-device mode (hostile.c) */
	struct {
		uint32_t space, counter, sem, addr;
	} vsc;				/* PCI vendor-specific capability (vsc.c) */
};

/* log.c */
void cx4dev_logf(struct cx4dev *dev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void cx4dev_guest_error(struct cx4dev *dev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void cx4dev_log_error_count(struct cx4dev *dev);
const char *cx4dev_opcode_name(uint16_t opcode);
const char *cx4dev_status_name(uint8_t status);
const char *cx4dev_delivery_name(uint8_t ds);
const char *cx4dev_state_name(enum cx4dev_hca_state st);

/*
 * Beyond rev 0.40, needed by mlx5_core: asynchronous event types that
 * ConnectX-4 firmware defines for QPs, SRQs and the NIC vport (path
 * migration 0x01/0x07, communication established 0x02, SQ drained 0x03,
 * WQ catastrophic 0x05, NIC vport change 0x0d, WQ invalid request 0x10,
 * WQ access error 0x11, SRQ catastrophic 0x12, SRQ limit 0x14) and that
 * mlx5_core always maps.  CREATE_EQ accepts them; the model never posts them
 * (no QPs or SRQs; vport change events not modelled).
 */
#define CX4DEV_EVENTS_BEYOND_040 \
	(CX4_EVENT_BIT(0x01) | CX4_EVENT_BIT(0x02) | CX4_EVENT_BIT(0x03) | \
	 CX4_EVENT_BIT(0x05) | CX4_EVENT_BIT(0x07) | CX4_EVENT_BIT(0x0d) | \
	 CX4_EVENT_BIT(0x10) | CX4_EVENT_BIT(0x11) | CX4_EVENT_BIT(0x12) | \
	 CX4_EVENT_BIT(0x14))

/* reg.c: ACCESS_REGISTER and the port registers. */
void cx4dev_port_reset(struct cx4dev *dev);
bool cx4dev_port_oper_up(const struct cx4dev *dev);
uint32_t cx4dev_port_oper_status(const struct cx4dev *dev);
void cx4dev_port_update(struct cx4dev *dev);
void cx4dev_port_cable(struct cx4dev *dev, bool up);
const char *cx4dev_reg_name(uint32_t id);
uint8_t cx4dev_exec_access_reg(struct cx4dev *dev, struct cx4dev_cmd *cmd);

/* vsc.c */
void cx4dev_vsc_reset(struct cx4dev *dev);

/* trace.c */
void cx4dev_cmd_trace(struct cx4dev *dev, const struct cx4dev_cmd *cmd, uint8_t ds);

/*
 * An engine's hooks.  The device walks cx4dev_engines[] (engines.c) for
 * the timer, teardown and object counts instead of calling each engine by
 * name, so that engines sit above clock.c and dev.c never names them.
 * Any hook may be NULL.
 */
struct cx4dev_engine {
	const char *name;
	void (*release)(struct cx4dev *dev);		/* free every object */
	size_t (*count)(const struct cx4dev *dev);	/* objects in use */
	uint64_t (*next_deadline)(const struct cx4dev *dev);
	void (*timer)(struct cx4dev *dev, uint64_t now);
};

/* engines.c: every engine, in walk order (timers, release). */
enum cx4dev_engine_id {
	CX4DEV_ENGINE_CMDQ,
	CX4DEV_ENGINE_MKEY,
	CX4DEV_ENGINE_CQ,
	CX4DEV_ENGINE_EQ,
	CX4DEV_ENGINE_LRO,
	CX4DEV_ENGINE_NUM
};
extern const struct cx4dev_engine *const cx4dev_engines[CX4DEV_ENGINE_NUM];
extern const struct cx4dev_engine cx4dev_cmdq_engine, cx4dev_mkey_engine, cx4dev_cq_engine,
	cx4dev_eq_engine, cx4dev_lro_engine;

/* clock.c: bottom layer, the device clock and timer */
uint64_t cx4dev_now(struct cx4dev *dev);
uint64_t cx4dev_internal_timer(struct cx4dev *dev);
void cx4dev_timer_update(struct cx4dev *dev);
void cx4dev_engines_release(struct cx4dev *dev);
uint32_t cx4dev_health_counter(struct cx4dev *dev);

/* cmdq.c */
void cx4dev_cmdq_doorbell(struct cx4dev *dev, uint32_t bits);
void cx4dev_cmdq_timer(struct cx4dev *dev, uint64_t now, uint64_t *next);
void cx4dev_cmdq_reset(struct cx4dev *dev);
unsigned cx4dev_cmdq_busy(const struct cx4dev *dev);
void cx4dev_cmd_free(struct cx4dev_cmd *cmd);

/* cmd_init.c */
void cx4dev_cmd_execute(struct cx4dev *dev, struct cx4dev_cmd *cmd);
void cx4dev_hca_reset(struct cx4dev *dev);

/* set.c */
void cx4dev_set_init(struct cx4dev_set *s);
void cx4dev_set_fini(struct cx4dev_set *s);
void cx4dev_set_clear(struct cx4dev_set *s);
bool cx4dev_set_has(const struct cx4dev_set *s, uint64_t v);
int cx4dev_set_add(struct cx4dev_set *s, uint64_t v);
void cx4dev_set_del(struct cx4dev_set *s, uint64_t v);
uint64_t cx4dev_set_pop(struct cx4dev_set *s);
int cx4dev_set_alloc(struct cx4dev_set *s, uint32_t min, uint32_t max, uint32_t *id);

/* pages.c: page ownership and accounting */
int cx4dev_page_fill(struct cx4dev *dev, uint64_t pa);
int cx4dev_page_verify(struct cx4dev *dev, uint64_t pa, uint32_t *bad_off);
int64_t cx4dev_pages_total(const struct cx4dev *dev);
int64_t cx4dev_pages_target(const struct cx4dev *dev);
int64_t cx4dev_pages_needed(const struct cx4dev *dev, uint16_t op_mod);
int64_t cx4dev_pages_allowance(const struct cx4dev *dev);
size_t cx4dev_pages_spare(const struct cx4dev *dev);

/* caps.c */
void cx4dev_caps_init(struct cx4dev *dev);
int cx4dev_cap_index(uint32_t type);
bool cx4dev_cap_type_enabled(const struct cx4dev *dev, int idx);
uint8_t cx4dev_cmdif_checksum(const struct cx4dev *dev);
uint32_t cx4dev_set_hca_cap(struct cx4dev *dev, const uint8_t *cap, const char **why);

/* obj.c: object numbers, ALLOC/DEALLOC of UAR, PD, transport domain. */
uint32_t cx4dev_uar_shift(const struct cx4dev *dev);
void cx4dev_uar_write32(struct cx4dev *dev, uint64_t off, uint32_t val);
void cx4dev_objects_release(struct cx4dev *dev, const char *why, bool is_error);
uint8_t cx4dev_exec_alloc_uar(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_dealloc_uar(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_alloc_pd(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_dealloc_pd(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_alloc_td(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_dealloc_td(struct cx4dev *dev, struct cx4dev_cmd *cmd);

/* eq.c: event queues, EQ doorbells, events. */
void cx4dev_eqs_reset(struct cx4dev *dev);
size_t cx4dev_eqs_count(const struct cx4dev *dev);
void cx4dev_eq_doorbell(struct cx4dev *dev, uint32_t uar, bool arm, uint32_t val);
bool cx4dev_event(struct cx4dev *dev, uint8_t type, uint8_t sub_type, const uint8_t *data);
void cx4dev_cmd_event(struct cx4dev *dev, struct cx4dev_cmd *cmd);
void cx4dev_internal_error(struct cx4dev *dev, uint8_t syndrome, const char *why);
void cx4dev_page_request(struct cx4dev *dev, int32_t n);
void cx4dev_page_request_delta(struct cx4dev *dev, int32_t n, const char *who);
void cx4dev_pages_rearm(struct cx4dev *dev);
void cx4dev_port_event(struct cx4dev *dev, bool up);
uint64_t cx4dev_eq_bytes(const struct cx4dev_eq *eq);
uint64_t cx4dev_eq_addr(const struct cx4dev_eq *eq, uint64_t off);
bool cx4dev_eq_post(struct cx4dev *dev, unsigned eqn, uint8_t *eqe);
/*
 * A QUERY_EQ/CQ/SQ/RQ answer's PAS list, as far as the output length
 * reaches (those queries are for debugging; a short buffer is no error).
 */
static inline void cx4dev_out_pas(struct cx4dev_cmd *cmd, uint32_t off0,
				  const uint64_t *pas, uint32_t npas)
{
	for (uint32_t i = 0; i < npas; i++) {
		uint32_t off = off0 + i * CX4_PAS_SIZE;

		if (off + CX4_PAS_SIZE > cmd->out_len)
			break;
		cx4_set64(cmd->out, off, pas[i]);
	}
}

uint8_t cx4dev_queue_pas(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint32_t npas,
			 uint32_t log_page_size, uint64_t bytes, uint64_t *pas,
			 const uint32_t syn[3]);

/* eq_cmd.c: the EQ commands */
uint8_t cx4dev_exec_create_eq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_eq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_eq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_gen_eqe(struct cx4dev *dev, struct cx4dev_cmd *cmd);

/* cq.c: completion queues, CQ doorbells, completion events. */
void cx4dev_cqs_reset(struct cx4dev *dev);
size_t cx4dev_cqs_count(const struct cx4dev *dev);
bool cx4dev_cq_uses(const struct cx4dev *dev, uint32_t uar, uint32_t eqn);
void cx4dev_cq_doorbell(struct cx4dev *dev, uint32_t uar, uint32_t hi, uint32_t lo);
void cx4dev_cq_error_knob(struct cx4dev *dev, uint32_t val);
uint64_t cx4dev_cq_next_deadline(const struct cx4dev *dev);
void cx4dev_cq_timer(struct cx4dev *dev, uint64_t now);
uint8_t cx4dev_exec_create_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_cq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
int cx4dev_cq_entry_write(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq, uint32_t idx,
			  const uint8_t *bytes);
void cx4dev_cq_write(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq, const uint8_t *in,
		     uint32_t nent);

/* cq_comp.c: CQE compression sessions. */
void cx4dev_cqz_close(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq);
bool cx4dev_cqz_add(struct cx4dev *dev, uint32_t cqn, struct cx4dev_cq *cq, const uint8_t *cqe);

/* mkey.c: memory keys, reserved LKey, address translation. */
void cx4dev_mkeys_reset(struct cx4dev *dev);
size_t cx4dev_mkeys_count(const struct cx4dev *dev);
bool cx4dev_mkey_uses_pd(const struct cx4dev *dev, uint32_t pd);
uint64_t cx4dev_mkey_translate(struct cx4dev *dev, uint32_t lkey, uint32_t pd, uint64_t va,
			       uint64_t len, bool write, uint64_t *pa, const char **why);
uint8_t cx4dev_exec_create_mkey(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_mkey(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_mkey(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_special_contexts(struct cx4dev *dev, struct cx4dev_cmd *cmd);

/* vport.c: NIC vport state and context, interrupt moderation. */
void cx4dev_vport_reset(struct cx4dev *dev);
uint8_t cx4dev_exec_query_vport_state(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_vport_state(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_nic_vport_ctx(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_nic_vport_ctx(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_config_int_moderation(struct cx4dev *dev, struct cx4dev_cmd *cmd);

/* log.c */
uint8_t cx4dev_reject(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t status,
		      uint32_t syndrome, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
uint8_t cx4dev_limitation(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t status,
			  uint32_t syndrome, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* knob.c: the command knobs */
enum cx4dev_knob_action {
	CX4DEV_KNOB_NONE,
	CX4DEV_KNOB_FAIL,
	CX4DEV_KNOB_DELAY,
	CX4DEV_KNOB_HANG,
};
enum cx4dev_knob_action cx4dev_knob_classify(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					     uint64_t *delay_ns);
bool cx4dev_out_patch_offset_ok(uint32_t off);
void cx4dev_knob_out_patch(struct cx4dev *dev, struct cx4dev_cmd *cmd);

/* ctl.c: the debug control page */
uint32_t cx4dev_ctl_read(struct cx4dev *dev, uint32_t off);
void cx4dev_ctl_write(struct cx4dev *dev, uint32_t off, uint32_t val);

/* hostile.c: hostile-device mode (Documentation/device-model.md). */
void cx4dev_hostile_init(struct cx4dev *dev);
void cx4dev_hostile_reset(struct cx4dev *dev);
bool cx4dev_hostile_ctl_read(struct cx4dev *dev, uint32_t off, uint32_t *val);
bool cx4dev_hostile_ctl_write(struct cx4dev *dev, uint32_t off, uint32_t val);
bool cx4dev_hostile_cmd_excused(const struct cx4dev *dev, const struct cx4dev_cmd *cmd);
bool cx4dev_hostile_in_use_excused(const struct cx4dev *dev, const struct cx4dev_cmd *cmd);
bool cx4dev_hostile_missing_excused(const struct cx4dev *dev, const struct cx4dev_cmd *cmd);
bool cx4dev_hostile_db_excused(const struct cx4dev *dev, uint32_t uar, uint32_t val);
void cx4dev_hostile_cqe(struct cx4dev *dev, uint32_t cqn, uint8_t *cqe);
bool cx4dev_hostile_cqe_written(struct cx4dev *dev, uint32_t cqn, const struct cx4dev_cq *cq,
				uint32_t pc, uint64_t addr, const uint8_t *cqe,
				uint8_t extra[CX4_CQE_SIZE]);
bool cx4dev_hostile_cqe_dma_fault(struct cx4dev *dev, uint64_t addr);
void cx4dev_hostile_eqe(struct cx4dev *dev, unsigned eqn, uint8_t *eqe);
bool cx4dev_hostile_cmd_ds(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t *ds);
void cx4dev_hostile_cmd_out(struct cx4dev *dev, struct cx4dev_cmd *cmd);
bool cx4dev_hostile_cmd_early(struct cx4dev *dev, struct cx4dev_cmd *cmd);
void cx4dev_hostile_cmd_failed(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool hung);
void cx4dev_hostile_caps(struct cx4dev *dev);
void cx4dev_hostile_tick(struct cx4dev *dev);

/* Field helpers on command buffers. */
static inline uint32_t cx4dev_in_get(const struct cx4dev_cmd *cmd, uint32_t f)
{
	return cx4_get(cmd->in, f);
}

/* Ethernet datapath (objects, steering, queue engines). */
#include "eth.h"

#endif /* CX4DEV_INT_H */

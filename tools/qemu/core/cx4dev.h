/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * cx4dev: emulated ConnectX-4 function, QEMU-free core.
 *
 * The core knows nothing about QEMU.  The embedding (the QEMU glue in
 * cx4_qemu.c, or the host unit tests) hands it a struct cx4dev_ops with
 * DMA, interrupt, timer, clock and log callbacks, forwards BAR0 MMIO
 * accesses and timer expiries to it, and calls cx4dev_reset() on reset
 * and PCIe FLR.  Everything the device exchanges with the driver is laid
 * out with the PRM accessors of include/linux/cx4/.
 */
#ifndef CX4DEV_H
#define CX4DEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* timer_arm() deadline meaning "no timer needed": cancel the timer. */
#define CX4DEV_NO_DEADLINE	UINT64_MAX

struct cx4dev_ops {
	/* Device reads/writes guest memory; return 0 on success, <0 on error. */
	int (*dma_read)(void *opaque, uint64_t addr, void *buf, size_t len);
	int (*dma_write)(void *opaque, uint64_t addr, const void *buf, size_t len);
	void (*msix_notify)(void *opaque, unsigned vector);
	/* Send one Ethernet frame on the port (send queue engine, eth_tx.c). */
	void (*transmit)(void *opaque, const void *frame, size_t len);
	/* (Re)arm the single device timer at @deadline_ns, or cancel it. */
	void (*timer_arm)(void *opaque, uint64_t deadline_ns);
	/* Current time of the clock timer_arm() deadlines refer to. */
	uint64_t (*now_ns)(void *opaque);
	/* One trace line, without a trailing newline. */
	void (*log)(void *opaque, const char *line);
	/*
	 * Optional: the port starts (@on) or stops transmitting a signal on
	 * its cable -- its cable is in and PAOS enables it.  The embedding
	 * passes it to the function at the cable's far end, if there is one,
	 * with cx4dev_peer_signal(), so that both ends lose the link when
	 * one is disabled or unplugged.  May be called from any entry point
	 * (a PAOS write, a reset, cx4dev_link_set(), cx4dev_peer_signal()).
	 */
	void (*port_signal)(void *opaque, bool on);
};

/*
 * Fault-injection knobs (README "Fault injection").  Settable at creation
 * (device properties), at run time through cx4dev_knobs_set() and from
 * the guest through the debug control page.
 */
struct cx4dev_knobs {
	uint32_t fail_nth;	/* fail the Nth command from now; 0 = off */
	uint32_t fail_opcode;	/* fail the next command with this opcode; 0 = off */
	uint32_t fail_opcode_count; /* so many such commands fail; 0, 1 = one */
	uint32_t fail_status;	/* status for injected failures; 0 = INTERNAL_ERR */
	uint32_t fail_syndrome;	/* syndrome for injected failures; 0 = default */
	uint32_t delay_ms;	/* completion delay for matching commands */
	uint32_t delay_opcode;	/* opcode to delay; 0 = any */
	uint32_t delay_count;	/* commands to delay; 0 = off, ~0 = all */
	uint32_t hang_opcode;	/* never complete the next such command; 0 = off, 0xffff = any */
	uint32_t drop_cmd_events; /* drop the next N command completion events */
	/* Queue knobs (rec), CX4DEV_WQ_KNOB_* encoding: */
	uint32_t wq_error;	/* the next WQE of this SQ/RQ completes in error, queue to ERR */
	uint32_t wq_error_syndrome; /* its error CQE syndrome (Table 74); 0 = LOCAL_LENGTH_ERR */
	uint32_t sq_stall;	/* this SQ consumes nothing until released */
	/*
	 * Output patch (one-shot): one dword of the output of the next
	 * command with this opcode that succeeds is overwritten; the model
	 * keeps what it really did (an object under its real number).
	 */
	uint32_t out_patch_opcode; /* 0 = off; reads 0 once it fired */
	uint32_t out_patch_op_mod; /* bit 31: match op_mod 15:0 too; 0 = any op_mod */
	uint32_t out_patch_offset; /* byte offset of the dword in the output, 4-aligned, >= 8 */
	uint32_t out_patch_value;  /* the new bits */
	uint32_t out_patch_mask;   /* bits replaced; 0 = the whole dword */
	uint32_t out_patch_skip;   /* matching commands let through first (counts down) */
};

/* out_patch_op_mod: match the op_mod in bits 15:0. */
#define CX4DEV_OUT_PATCH_MATCH_OP_MOD	(1u << 31)

/* wq_error / sq_stall: bit 31 on, bit 30 RQ (wq_error only), 23:0 queue number. */
#define CX4DEV_WQ_KNOB_ON	(1u << 31)
#define CX4DEV_WQ_KNOB_RQ	(1u << 30)
#define CX4DEV_WQ_KNOB_QN	0xffffffu	/* any queue (prm-offsets: ok, a knob value) */

/* Features that can be switched off (property caps-off=...). */
enum cx4dev_cap_off {
	CX4DEV_OFF_DRIVER_VERSION	= 1u << 0,
	CX4DEV_OFF_ETH_NET_OFFLOADS	= 1u << 1,
	CX4DEV_OFF_NIC_FLOW_TABLE	= 1u << 2,
	CX4DEV_OFF_CSUM			= 1u << 3,
	CX4DEV_OFF_LRO			= 1u << 4,
	CX4DEV_OFF_VLAN			= 1u << 5,
	CX4DEV_OFF_LSO			= 1u << 6,
	CX4DEV_OFF_RSS			= 1u << 7,
	CX4DEV_OFF_CMDIF_CHECKSUM	= 1u << 8,
	/* not a feature: every size limit the driver reads at its minimum */
	CX4DEV_OFF_LOG_MAX		= 1u << 9,
	CX4DEV_OFF_CQ_MODERATION	= 1u << 10,
	CX4DEV_OFF_ALL			= (1u << 11) - 1,
};

/* Features beyond rev 0.40 that can be switched on (property caps-on=...). */
enum cx4dev_cap_on {
	CX4DEV_ON_CQE_COMPRESSION	= 1u << 0,
	CX4DEV_ON_ALL			= (1u << 1) - 1,
};

struct cx4dev_config {
	bool lx;			/* ConnectX-4 Lx flavour */
	bool debug_ctl;			/* BAR0 debug control page enabled */
	bool trace_cmds;		/* one log line per executed command */
	uint32_t init_delay_ms;		/* time the initializing bit stays set */
	uint32_t boot_pages;		/* QUERY_PAGES boot */
	uint32_t init_pages;		/* QUERY_PAGES init */
	uint32_t regular_pages;		/* QUERY_PAGES regular (after INIT_HCA) */
	uint32_t msix_vectors;
	uint32_t caps_off;		/* enum cx4dev_cap_off mask */
	uint32_t caps_on;		/* enum cx4dev_cap_on mask */
	uint8_t mac[6];			/* port permanent MAC address */
	struct cx4dev_knobs knobs;
	bool cmd_trace;			/* "cmd-trace" lines (trace.c) */
	char fn_id[32];			/* function name in cmd-trace lines */
	uint32_t hostile;		/* hostile-device mode: action mask, 0 = off */
	uint32_t hostile_seed;		/* its seed */
};

/*
 * Hostile-device mode actions (Documentation/device-model.md,
 * "Hostile-device mode"): bit (1 << action) of the hostile mask.
 */
enum cx4dev_hostile_action {
	CX4DEV_HOSTILE_CQE,		/* CQE fields mutated, rewritten after ownership */
	CX4DEV_HOSTILE_CQE_EXTRA,	/* CQEs for unposted/duplicate/out-of-order WQEs */
	CX4DEV_HOSTILE_EQE,		/* EQE fields mutated */
	CX4DEV_HOSTILE_CMD,		/* command outputs, early ownership, delivery errors */
	CX4DEV_HOSTILE_CAPS,		/* capabilities at their limits (QUERY_HCA_CAP) */
	CX4DEV_HOSTILE_STORM,		/* spurious MSI-X on every vector */
	CX4DEV_HOSTILE_PAGES,		/* page request sequences */
	CX4DEV_HOSTILE_ZOMBIE,		/* DMA after a failed DESTROY or a hang */
	CX4DEV_HOSTILE_NUM,
};

enum cx4dev_reset_kind {
	CX4DEV_RESET_SYSTEM,		/* machine/bus reset */
	CX4DEV_RESET_FLR,		/* PCIe function level reset */
};

/* Counters readable from the host and from the debug control page. */
enum cx4dev_counter {
	CX4DEV_CNT_GUEST_ERRORS,
	CX4DEV_CNT_COMMANDS,
	CX4DEV_CNT_PAGES_OWNED,
	CX4DEV_CNT_KNOB_HITS,
	CX4DEV_CNT_EXPECTED_ERRORS,
	CX4DEV_CNT_EQES,		/* EQEs written to guest memory */
	CX4DEV_CNT_EQS,			/* EQs in use */
	CX4DEV_CNT_CQS,			/* CQs in use */
	CX4DEV_CNT_DMA_FAULTS,		/* DMAs the bus refused (no IOMMU mapping) */
	CX4DEV_CNT_HOSTILE_HITS,	/* hostile actions taken */
	CX4DEV_CNT_HOSTILE_DMA_FAULTS,	/* hostile DMAs that failed */
	CX4DEV_CNT_HOSTILE_EXCUSED,	/* guest errors excused as reactions */
	CX4DEV_CNT_MODEL_LIMITATIONS,	/* requests refused because the model lacks them */
};

struct cx4dev;

void cx4dev_config_init(struct cx4dev_config *cfg);
/* Parse "a,b,c" feature names into a cx4dev_cap_off mask; <0 on error. */
int cx4dev_parse_caps_off(const char *list, uint32_t *mask, char *err, size_t errlen);
int cx4dev_parse_caps_on(const char *list, uint32_t *mask, char *err, size_t errlen);

struct cx4dev *cx4dev_create(const struct cx4dev_ops *ops, void *opaque,
			     const struct cx4dev_config *cfg);
void cx4dev_destroy(struct cx4dev *dev);
void cx4dev_reset(struct cx4dev *dev, enum cx4dev_reset_kind kind);

/* BAR0 accesses; values are the big-endian bytes at [off, off + size). */
uint64_t cx4dev_mmio_read(struct cx4dev *dev, uint64_t off, unsigned size);
void cx4dev_mmio_write(struct cx4dev *dev, uint64_t off, uint64_t val, unsigned size);

void cx4dev_timer_expired(struct cx4dev *dev);

/*
 * Bus Master Enable (PCI command register) as the embedding sees it; on
 * at creation.  While it is off the device starts no DMA of its own:
 * received frames are dropped (rx_no_bus_master) and the engines' timed
 * work waits.  A driver that turns it off to quiesce the function before
 * a reset makes no mistake; DMA it asks for anyway (a doorbell) is still
 * refused by the embedding.
 */
void cx4dev_bus_master_set(struct cx4dev *dev, bool on);

/* Port receive path (eth_rx.c): steering, RSS, scatter, receive CQEs. */
bool cx4dev_can_receive(struct cx4dev *dev);
size_t cx4dev_receive(struct cx4dev *dev, const void *frame, size_t len);

void cx4dev_knobs_set(struct cx4dev *dev, const struct cx4dev_knobs *knobs);
/* Hostile-device mode: action mask, seed (restarts the sequence, clears its counters). */
void cx4dev_hostile_set(struct cx4dev *dev, uint32_t mask, uint32_t seed);
void cx4dev_knobs_get(const struct cx4dev *dev, struct cx4dev_knobs *knobs);
uint64_t cx4dev_counter(const struct cx4dev *dev, enum cx4dev_counter which);

/*
 * Event knobs (README "Fault injection"), also reachable through the
 * debug control page.  Page request: @n > 0 the device wants n more
 * pages, @n < 0 it gives n back.  Link: 0 down, 1 up, 2 flap (down, up).
 * Internal error: health syndrome @syndrome, health counter stops.
 */
void cx4dev_request_pages(struct cx4dev *dev, int32_t n);
void cx4dev_link_set(struct cx4dev *dev, uint32_t how);
/*
 * The far end of the port's cable starts (@on) or stops transmitting
 * (its ops->port_signal): the link is operational only while it does.
 * Without a far end (nothing calls this) the port sees a signal.
 */
void cx4dev_peer_signal(struct cx4dev *dev, bool on);
void cx4dev_fatal_error(struct cx4dev *dev, uint8_t syndrome);

/*
 * Post one 64-byte CQE (the caller's bytes; the device sets owner and
 * signature) to CQ @cqn, as the datapath will: 0 if written, <0 if the
 * CQ does not exist, is in error or overran.
 */
int cx4dev_cqe_post(struct cx4dev *dev, uint32_t cqn, const uint8_t *cqe);

/*
 * The glue reports every DMA the bus refused (no IOMMU mapping for the
 * address, or no memory there): a guest error, whatever the device was
 * doing, since the driver told the device to use that address.  Counted
 * apart as well (CX4DEV_CNT_DMA_FAULTS, debug page dma_faults).
 */
void cx4dev_dma_fault(struct cx4dev *dev, bool write, uint64_t addr, size_t len);

/*
 * PCI vendor-specific capability (beyond PRM rev 0.40): dword registers at
 * @off (4..0x14) from the capability; the glue forwards config accesses.
 */
#define CX4DEV_VSC_SIZE		0x18
uint32_t cx4dev_vsc_read(struct cx4dev *dev, uint32_t off);
void cx4dev_vsc_write(struct cx4dev *dev, uint32_t off, uint32_t val);

#endif /* CX4DEV_H */

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * cx4dev internals shared by the core's files.  Not for the embedding.
 */
#ifndef CX4DEV_INT_H
#define CX4DEV_INT_H

#include <linux/cx4/prm_pci.h>
#include <linux/cx4/prm_cmd.h>

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

/* Debug control page: last 4 KB of BAR0. */
#define CX4DEV_CTL_BASE		(CX4_BAR0_SIZE - 0x1000u)
#define CX4DEV_CTL_SIZE		0x1000u

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
struct cx4dev_pages {
	uint64_t *pa;
	size_t n;
	size_t cap;
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
	struct cx4dev_pages pages;

	/* Fault injection. */
	struct cx4dev_knobs knobs;
	bool knob_hit_since_reset;
	uint32_t expect_errors;		/* next N guest errors are expected */

	/* Counters. */
	uint64_t guest_errors;
	uint64_t expected_errors;
	uint64_t commands;
	uint64_t knob_hits;
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

/* dev.c */
uint64_t cx4dev_now(struct cx4dev *dev);
void cx4dev_timer_update(struct cx4dev *dev);

/* cmdq.c */
void cx4dev_cmdq_doorbell(struct cx4dev *dev, uint32_t bits);
void cx4dev_cmdq_timer(struct cx4dev *dev, uint64_t now, uint64_t *next);
void cx4dev_cmdq_reset(struct cx4dev *dev);
unsigned cx4dev_cmdq_busy(const struct cx4dev *dev);
void cx4dev_cmd_free(struct cx4dev_cmd *cmd);

/* cmd_init.c */
void cx4dev_cmd_execute(struct cx4dev *dev, struct cx4dev_cmd *cmd);
void cx4dev_hca_reset(struct cx4dev *dev);

/* pages.c */
void cx4dev_pages_init(struct cx4dev_pages *p);
void cx4dev_pages_fini(struct cx4dev_pages *p);
bool cx4dev_pages_owned(const struct cx4dev_pages *p, uint64_t pa);
int cx4dev_pages_add(struct cx4dev_pages *p, uint64_t pa);
uint64_t cx4dev_pages_pop(struct cx4dev_pages *p);
void cx4dev_pages_remove(struct cx4dev_pages *p, uint64_t pa);
void cx4dev_pages_clear(struct cx4dev_pages *p);
int cx4dev_page_fill(struct cx4dev *dev, uint64_t pa);
int cx4dev_page_verify(struct cx4dev *dev, uint64_t pa, uint32_t *bad_off);

/* caps.c */
void cx4dev_caps_init(struct cx4dev *dev);
int cx4dev_cap_index(uint32_t type);
bool cx4dev_cap_type_enabled(const struct cx4dev *dev, int idx);
uint8_t cx4dev_cmdif_checksum(const struct cx4dev *dev);
uint32_t cx4dev_set_hca_cap(struct cx4dev *dev, const uint8_t *cap, const char **why);

/* fault.c */
enum cx4dev_knob_action {
	CX4DEV_KNOB_NONE,
	CX4DEV_KNOB_FAIL,
	CX4DEV_KNOB_DELAY,
	CX4DEV_KNOB_HANG,
};
enum cx4dev_knob_action cx4dev_knob_classify(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					     uint64_t *delay_ns);
uint32_t cx4dev_ctl_read(struct cx4dev *dev, uint32_t off);
void cx4dev_ctl_write(struct cx4dev *dev, uint32_t off, uint32_t val);

/* Field helpers on command buffers. */
static inline uint32_t cx4dev_in_get(const struct cx4dev_cmd *cmd, uint32_t f)
{
	return cx4_get(cmd->in, f);
}

#endif /* CX4DEV_INT_H */

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Fake host for the cx4dev unit tests: guest memory is a malloc'd array
 * at a high guest-physical base, the clock is manual, MSI-X, DMA writes
 * and log lines are captured.  On top of it, a minimal "driver" that
 * posts commands the way the PRM describes (entry, mailbox chains,
 * signatures) so tests can corrupt any part before ringing the doorbell.
 */
#ifndef CX4_FAKEHOST_H
#define CX4_FAKEHOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cx4dev.h"

#define FH_MEM_BASE	0x123400000ull	/* above 4 GB: exercises cmdq_phy_addr[63:32] */
#define FH_MEM_SIZE	(16u << 20)
#define FH_MAX_MBOX	16
#define FH_MAX_WRITES	4096
#define FH_MAX_TX	64	/* transmitted frames kept */

struct fh {
	uint8_t *mem;
	uint64_t brk;			/* bump allocator, guest physical */
	uint64_t now;
	uint64_t deadline;		/* last timer_arm() */
	char **lines;
	size_t nlines;
	unsigned msix_count;
	unsigned msix_last;		/* vector of the last MSI-X message */
	unsigned msix_vec[256];		/* messages per vector */
	/* Addresses of single-byte DMA writes, in order (status bytes). */
	uint64_t byte_writes[FH_MAX_WRITES];
	size_t n_byte_writes;
	struct cx4dev *dev;
	/* Report refused DMAs to the core, as the QEMU glue does. */
	bool report_dma_faults;
	/* Frames the device transmitted (ops->transmit), oldest first. */
	uint8_t *tx[FH_MAX_TX];
	size_t tx_len[FH_MAX_TX];
	size_t n_tx;
	uint64_t tx_ns;			/* the clock advances so much per frame sent */
	uint64_t cmdq;
	uint8_t next_token;
	/* DMA touching [hole, hole + hole_len) fails, as an IOMMU unmap would. */
	uint64_t hole;
	uint64_t hole_len;
	unsigned hole_faults;
	/* The far end of the port's cable (fh_cable): gets ops->port_signal. */
	struct fh *cable;
	unsigned n_signal;		/* ops->port_signal calls */
	bool signal;			/* the last one's value */
};

/* Where a posted command lives in guest memory. */
struct fh_post {
	unsigned slot;
	uint64_t entry;
	uint64_t in_mb[FH_MAX_MBOX];
	uint32_t n_in;
	uint64_t out_mb[FH_MAX_MBOX];
	uint32_t n_out;
	uint32_t out_len;
	uint8_t token;
};

/* Result of a completed command as the driver sees it. */
struct fh_result {
	bool done;			/* ownership back to SW */
	uint8_t ds;			/* delivery status */
	uint8_t status;			/* command status (valid if ds == 0) */
	uint32_t syndrome;
	uint8_t out[0x2000];
	bool sig_ok;			/* entry + output mailbox signatures valid */
};

struct fh *fh_new(const struct cx4dev_config *cfg);
void fh_free(struct fh *fh);
/* Cable the ports of @a and @b (NULL @b: unplug @a's far end), as the glue does. */
void fh_cable(struct fh *a, struct fh *b);
void *fh_ptr(struct fh *fh, uint64_t gpa);
uint64_t fh_alloc(struct fh *fh, size_t size, size_t align);
void fh_advance(struct fh *fh, uint64_t ns);
void fh_dump_log(const struct fh *fh);
/* Forget the captured transmitted frames. */
void fh_tx_clear(struct fh *fh);
bool fh_log_has(const struct fh *fh, const char *needle);
long fh_last_error_count(const struct fh *fh);

uint32_t fh_rd32(struct fh *fh, uint64_t off);
void fh_wr32(struct fh *fh, uint64_t off, uint32_t val);

/* BAR 0 offset of UAR page @uar (the page size of the current caps, 7.2.2). */
uint64_t fh_uar_off(struct fh *fh, uint32_t uar);
/* EQ doorbell of UAR @uar (PRM Table 13): update the consumer index, and @arm. */
void fh_eq_db(struct fh *fh, uint32_t uar, uint32_t eqn, uint32_t ci, bool arm);

/* Wait for initializing to clear, set the cmdq address. */
void fh_boot(struct fh *fh);

void fh_post(struct fh *fh, struct fh_post *p, unsigned slot, const void *in, uint32_t in_len,
	     uint32_t out_len);
void fh_ring(struct fh *fh, uint32_t bits);
void fh_collect(struct fh *fh, const struct fh_post *p, struct fh_result *r);
/* Ring @p's slot, then collect it. */
void fh_ring_collect(struct fh *fh, const struct fh_post *p, struct fh_result *r);
/* Post on slot 0, ring, collect. */
void fh_exec(struct fh *fh, const void *in, uint32_t in_len, uint32_t out_len,
	     struct fh_result *r);

/* The command status; 0xff without a clean completion (ownership, delivery). */
uint8_t fh_status(const struct fh_result *r);
/* fh_exec, then fh_status. */
uint8_t fh_run(struct fh *fh, const void *in, uint32_t in_len, uint32_t out_len,
	       struct fh_result *r);

/* Convenience: build and run simple commands; return command status. */
uint8_t fh_simple(struct fh *fh, uint16_t opcode, uint16_t op_mod, struct fh_result *r);
/* fh_simple(@op) must succeed; returns output field @f (an object number). */
uint32_t fh_simple_out(struct fh *fh, uint16_t op, uint32_t f);
/* A 16-byte command: @opcode, @op_mod and up to two fields (0: none). */
uint8_t fh_cmd16(struct fh *fh, uint16_t opcode, uint16_t op_mod, uint32_t f1, uint32_t v1,
		 uint32_t f2, uint32_t v2, uint32_t out_len, struct fh_result *r);
uint8_t fh_give_pages(struct fh *fh, uint32_t n, uint64_t *pas, struct fh_result *r);
uint8_t fh_take_pages(struct fh *fh, uint32_t n, struct fh_result *r);
int32_t fh_query_pages(struct fh *fh, uint16_t op_mod);
/* QUERY_HCA_CAP + SET_HCA_CAP with cmdif_checksum 3 (enabled); 0 on success. */
int fh_enable_cmdif_checksum(struct fh *fh);
/* Full bring-up up to and including INIT_HCA; returns 0 on success. */
int fh_bringup(struct fh *fh);
/*
 * fh_new(@cfg) (NULL: the default configuration with the debug control
 * page) and fh_bringup(); a failed bring-up fails the running test.
 */
struct fh *fh_new_up(const struct cx4dev_config *cfg);

/*
 * Debug control page registers, at the offsets Documentation/device-model.md
 * gives (written out here, not taken from cx4dev_ctl.h, so that the tests
 * check the model's register map against the documented one).
 */
#define CTL_MAGIC		0x000
#define CTL_VERSION		0x004
#define CTL_GUEST_ERRORS	0x008
#define CTL_COMMANDS		0x00c
#define CTL_PAGES_OWNED		0x010
#define CTL_KNOB_HITS		0x014
#define CTL_EXPECTED_ERRORS	0x018
#define CTL_RESET_COUNTERS	0x01c
#define CTL_EXPECT_ERRORS	0x020
#define CTL_MODEL_LIMITATIONS	0x024
#define CTL_CAPS_OFF		0x028
#define CTL_CAPS_ON		0x02c
#define CTL_DMA_PROBE_HI	0x030
#define CTL_DMA_PROBE		0x034
#define CTL_DMA_FAULTS		0x038
#define CTL_FAIL_NTH		0x040
#define CTL_FAIL_OPCODE		0x044
#define CTL_FAIL_STATUS		0x048
#define CTL_FAIL_SYNDROME	0x04c
#define CTL_DELAY_MS		0x050
#define CTL_DELAY_OPCODE	0x054
#define CTL_DELAY_COUNT		0x058
#define CTL_HANG_OPCODE		0x05c
#define CTL_OUT_PATCH_OPCODE	0x060
#define CTL_OUT_PATCH_OP_MOD	0x064
#define CTL_OUT_PATCH_OFFSET	0x068
#define CTL_OUT_PATCH_VALUE	0x06c
#define CTL_OUT_PATCH_MASK	0x070	/* prm-offsets: ok, a register offset */
#define CTL_OUT_PATCH_SKIP	0x074
#define CTL_HEALTH_SYNDROME	0x080
#define CTL_HEALTH_STOP		0x084
#define CTL_INTERNAL_ERROR	0x088
#define CTL_PAGE_REQUEST	0x0a0
#define CTL_DROP_CMD_EVENTS	0x0a4
#define CTL_LINK		0x0a8
#define CTL_CQ_ERROR		0x0b0
#define CTL_CQE_POST		0x0b4
#define CTL_WQ_ERROR		0x0c0
#define CTL_WQ_ERROR_SYNDROME	0x0c4
#define CTL_SQ_STALL		0x0c8
#define CTL_SQ_STALL_HELD	0x0cc
#define CTL_CHAN_SQS		0x0e0	/* SQs in RDY */
#define CTL_CHAN_RQS		0x0e4	/* RQs in RDY */
#define CTL_CHAN_SQ_LOG		0x0e8	/* largest << 16 | smallest */
#define CTL_CHAN_RQ_LOG		0x0ec
#define CTL_CHAN_RX_PERIOD	0x0f0	/* CQ moderation, same packing */
#define CTL_CHAN_RX_COUNT	0x0f4
#define CTL_CHAN_TX_PERIOD	0x0f8
#define CTL_CHAN_TX_COUNT	0x0fc
#define CTL_CHAN_RX_PERIOD_MODE	0x0d0
#define CTL_CHAN_TX_PERIOD_MODE	0x0d4

/* Debug control page register @off (Documentation/device-model.md). */
uint32_t fh_ctl_rd(struct fh *fh, uint32_t off);
void fh_ctl_wr(struct fh *fh, uint32_t off, uint32_t val);

/*
 * A PAS list (entries of PRM Table 139, 8 bytes each) at @pas: @n pages of
 * @page bytes, one after the other from @buf.
 */
void fh_pas_fill(uint8_t *pas, uint32_t n, uint64_t buf, uint64_t page);

/* An EQ as the test driver sees it. */
struct fh_eq {
	uint32_t eqn;
	uint32_t uar;
	uint32_t log_size;
	uint64_t buf;
	uint32_t cc;		/* consumer counter, 24 bits */
};

struct fh_eq_params {
	uint32_t log_size;
	uint32_t log_page_size;
	uint32_t uar;
	uint32_t intr;
	uint64_t mask;
	bool oi;
	int npas;		/* -1: as many as needed */
	uint64_t buf;		/* 0: allocate (and give every EQE to hardware) */
	uint32_t extra;		/* input bytes past the PAS list */
};

void fh_eq_params_init(struct fh_eq_params *p, uint32_t uar, uint32_t log_size, uint64_t mask);
/* CREATE_EQ from @p; @tweak may edit the input first; fills @eq (if any). */
uint8_t fh_eq_create(struct fh *fh, const struct fh_eq_params *p, struct fh_eq *eq,
		     struct fh_result *r, void (*tweak)(uint8_t *in));
/* Next software-owned EQE (PRM 7.13.2), signature checked; NULL if none. */
uint8_t *fh_eq_poll(struct fh *fh, struct fh_eq *eq);

/* A CQ as the test driver sees it. */
struct fh_cq {
	uint32_t cqn;
	uint32_t uar;
	uint32_t log_size;
	uint64_t buf;
	uint64_t dbr;
	uint32_t cc;		/* consumer counter, 24 bits */
};

struct fh_cq_params {
	uint32_t log_size;
	uint32_t uar;
	uint32_t eqn;
	uint32_t cqe_sz;
	bool oi;
	int npas;		/* -1: as many as needed */
	uint64_t dbr;		/* 0: allocate */
	uint32_t period, max_count, period_mode;
	bool scqe_break;
	bool compression;	/* cqe_compression_en ... */
	uint32_t mini_format;	/* ... with this mini_cqe_res_format */
};

void fh_cq_params_init(struct fh_cq_params *p, uint32_t uar, uint32_t eqn, uint32_t log_size);
/* CREATE_CQ from @p; @tweak may edit the input first; fills @cq (if any). */
uint8_t fh_cq_create(struct fh *fh, const struct fh_cq_params *p, struct fh_cq *cq,
		     struct fh_result *r, void (*tweak)(uint8_t *in));
/* Poll for completion (PRM 7.12.3); signature checked; NULL if none. */
uint8_t *fh_cq_poll(struct fh *fh, struct fh_cq *cq);
/*
 * CQ doorbell (PRM Table 14) on @cq's UAR page: arm it with cmd_sn @sn,
 * ARM_NEXT or (@solicited) ARM_SOLICITED, at consumer counter cq->cc; one
 * 64-bit write, or (@split) two 32-bit writes, lower address first.
 */
void fh_cq_db(struct fh *fh, const struct fh_cq *cq, uint32_t sn, bool solicited, bool split);

#endif

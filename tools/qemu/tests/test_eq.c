/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: UAR pages and doorbells, event queues (CREATE/DESTROY/
 * QUERY_EQ, GEN_EQE), EQE ownership and signature, interrupts, events
 * (command completion, page request, port state change, internal error)
 * and the PD / transport domain objects.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_pci.h>
#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_swif.h>

#include "fakehost.h"
#include "syndrome.h"
#include "testutil.h"

#define ALL_ASYNC	(CX4_EVENT_BIT(CX4_EVENT_PORT_STATE_CHANGE) | \
			 CX4_EVENT_BIT(CX4_EVENT_INTERNAL_ERROR) | \
			 CX4_EVENT_BIT(CX4_EVENT_PAGE_REQUEST))

static uint8_t cmd_with_arg(struct fh *fh, uint16_t opcode, uint32_t f, uint32_t val,
			    struct fh_result *r)
{
	return fh_cmd16(fh, opcode, 0, f, val, 0, 0, 16, r);
}

static uint32_t alloc_uar(struct fh *fh)
{
	return fh_simple_out(fh, CX4_CMD_ALLOC_UAR, CX4_ALLOC_UAR_OUT_UAR);
}

static uint8_t create_eq(struct fh *fh, uint32_t uar, uint32_t log_size, uint32_t intr,
			 uint64_t mask, struct fh_eq *eq)
{
	struct fh_eq_params p;
	struct fh_result r;

	fh_eq_params_init(&p, uar, log_size, mask);
	p.intr = intr;
	return fh_eq_create(fh, &p, eq, &r, NULL);
}

static uint8_t *eqe_at(struct fh *fh, const struct fh_eq *eq, uint32_t idx)
{
	return fh_ptr(fh, eq->buf + (uint64_t)idx * CX4_EQE_SIZE);
}

static uint8_t gen_eqe(struct fh *fh, uint32_t eqn, uint8_t type, uint32_t data0,
		       struct fh_result *r)
{
	uint8_t in[CX4_GEN_EQE_IN_SIZE] = { 0 };
	uint8_t *eqe = in + CX4_GEN_EQE_IN_OFF_EQE;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_GEN_EQE);
	CX4_SET(GEN_EQE_IN, in, EQ_NUMBER, eqn);
	CX4_SET(EQE, eqe, EVENT_TYPE, type);
	CX4_SET(EQE, eqe, EVENT_SUB_TYPE, 0x5a);
	cx4_wr32(eqe, CX4_EQE_OFF_EVENT_DATA, data0);
	eqe[CX4_EQE_OFF_OWNER_BYTE] = 1;	/* ignored: the device owns this byte */
	return fh_run(fh, in, sizeof(in), CX4_GEN_EQE_OUT_SIZE, r);
}

/* ---- UAR ---- */

static void test_uar_alloc_and_writes(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_result r;
	uint32_t a = alloc_uar(fh), b = alloc_uar(fh);

	CHECK_EQ(a, 4);			/* BAR0 0x0-0x3fff is never a UAR */
	CHECK_EQ(b, 5);
	CHECK_EQ(ERRORS(fh), 0);
	/* Unallocated UAR page, reserved offset, BlueFlame without an SQ. */
	fh_wr32(fh, fh_uar_off(fh, 9) + CX4_UAR_OFF_EQ_ARM, 0);
	CHECK_EQ(ERRORS(fh), 1);
	fh_wr32(fh, fh_uar_off(fh, a) + 0x44, 0);	/* prm-offsets: ok, reserved on purpose */
	CHECK_EQ(ERRORS(fh), 2);
	cx4dev_mmio_write(fh->dev, fh_uar_off(fh, a) + cx4_uar_bf_off(1, 1), 0, 8);
	CHECK_EQ(ERRORS(fh), 3);
	/* EQ doorbell for an EQ that does not exist; CQ doorbell without CQs. */
	fh_eq_db(fh, a, 3, 0, true);
	CHECK_EQ(ERRORS(fh), 4);
	cx4dev_mmio_write(fh->dev, fh_uar_off(fh, a) + CX4_UAR_OFF_CQ_DB, 7, 8);
	CHECK_EQ(ERRORS(fh), 5);
	CHECK(fh_log_has(fh, "no such CQ"));
	/* DEALLOC_UAR: unknown, twice. */
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DEALLOC_UAR_IN_UAR, 100, &r),
		 CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_UAR_UNKNOWN);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DEALLOC_UAR_IN_UAR, a, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DEALLOC_UAR_IN_UAR, a, &r),
		 CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(fh), 7);
	/* Freed numbers are reused, lowest first. */
	CHECK_EQ(alloc_uar(fh), a);
	/* Reserved input bits. */
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DW(0x0c), 1, &r),	/* prm-offsets: ok */
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_RESERVED_NONZERO);
	CHECK_EQ(fh_last_error_count(fh), 8);
	fh_free(fh);
}

/* ---- CREATE_EQ validation ---- */

static void tweak_status(uint8_t *in)
{
	CX4_SET(EQC, CX4_ADDR(CREATE_EQ_IN, in, EQC), ST, CX4_EQC_ST_ARMED);
}

static void tweak_page_offset(uint8_t *in)
{
	CX4_SET(EQC, CX4_ADDR(CREATE_EQ_IN, in, EQC), PAGE_OFFSET, 1);
}

static void tweak_counter(uint8_t *in)
{
	CX4_SET(EQC, CX4_ADDR(CREATE_EQ_IN, in, EQC), PRODUCER_COUNTER, 3);
}

static void tweak_unaligned(uint8_t *in)
{
	cx4_set64(in, CX4_CREATE_EQ_OFF_PAS, cx4_get64(in, CX4_CREATE_EQ_OFF_PAS) + 0x40);
}

static void tweak_no_dma(uint8_t *in)
{
	cx4_set64(in, CX4_CREATE_EQ_OFF_PAS, 0x1000);
}

static void test_eq_create_errors(void)
{
	struct cx4dev_config cfg;
	struct fh_eq_params p;
	struct fh_result r;
	struct fh *fh;
	uint32_t uar;
	unsigned e = 0;

	/* Before INIT_HCA: state. */
	cx4dev_config_init(&cfg);
	fh = fh_new(&cfg);
	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, NULL), 0);
	fh_eq_params_init(&p, 4, 2, 0);
	CHECK_EQ(fh_eq_create(fh, &p, NULL, &r, NULL), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ALLOC_UAR, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	fh_free(fh);

	fh = fh_new_up(NULL);
	uar = alloc_uar(fh);
#define BAD(st, syn) do { \
	CHECK_STATUS(r, st, syn); \
	CHECK_EQ(ERRORS(fh), ++e); \
} while (0)
	fh_eq_params_init(&p, uar, 23, 0);
	p.buf = fh_alloc(fh, 4096, 4096);
	p.npas = 1;
	fh_eq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_LOG_SIZE);
	fh_eq_params_init(&p, uar, 2, 0);
	fh_eq_create(fh, &p, NULL, &r, tweak_page_offset);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_PAGE_OFFSET);
	fh_eq_create(fh, &p, NULL, &r, tweak_counter);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_COUNTERS);
	fh_eq_create(fh, &p, NULL, &r, tweak_status);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO);
	p.uar = uar + 1;
	fh_eq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_EQ_UAR);
	p.uar = uar;
	p.intr = 64;			/* msix-vectors 64: 0..63 */
	fh_eq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_INTR);
	p.intr = 63;
	p.mask = CX4_EVENT_BIT(CX4_EVENT_COMPLETION);
	fh_eq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_BITMASK);
	p.mask = CX4_EVENT_BIT(0x30);
	fh_eq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_BITMASK);
	p.mask = 0;
	/* 2^12 EQEs of 64 B = 64 pages of 4 KB; give 63. */
	fh_eq_params_init(&p, uar, 12, 0);
	p.npas = 63;
	fh_eq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_EQ_PAS_LEN);
	p.npas = -1;
	p.extra = 8;
	fh_eq_create(fh, &p, NULL, &r, NULL);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);	/* zero bytes past the list are fine */
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_EQ, CX4_DESTROY_EQ_IN_EQ_NUMBER, 0, &r), 0);
	fh_eq_params_init(&p, uar, 2, 0);
	fh_eq_create(fh, &p, NULL, &r, tweak_unaligned);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_PAS_ALIGN);
	fh_eq_create(fh, &p, NULL, &r, tweak_no_dma);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_PAS_BAD);
	/* Larger EQ pages: 2^8 EQEs in one 16 KB page, which must be 16 KB aligned. */
	fh_eq_params_init(&p, uar, 8, 0);
	p.log_page_size = 2;
	CHECK_EQ(fh_eq_create(fh, &p, NULL, &r, NULL), CX4_CMD_STAT_OK);
	p.buf = fh_alloc(fh, 0x8000, 0x4000) + 0x1000;
	fh_eq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_EQ_PAS_ALIGN);
	/* EQEs not handed over with owner 1: guest error, but created. */
	fh_eq_params_init(&p, uar, 2, 0);
	p.buf = fh_alloc(fh, 4096, 4096);
	CHECK_EQ(fh_eq_create(fh, &p, NULL, &r, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(fh), ++e);
	CHECK(fh_log_has(fh, "has owner 0"));
	/* Unknown EQ numbers. */
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_EQ, CX4_DESTROY_EQ_IN_EQ_NUMBER, 9, &r),
		 CX4_CMD_STAT_BAD_RESOURCE);
	BAD(CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_EQ_UNKNOWN);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_QUERY_EQ, CX4_QUERY_EQ_IN_EQ_NUMBER, 1, &r),
		 CX4_CMD_STAT_BAD_OUTPUT_LEN);	/* output_length 16 < 0x110 */
	BAD(CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_OUT_LEN);
	CHECK_EQ(gen_eqe(fh, 31, 0x20, 0, &r), CX4_CMD_STAT_BAD_RESOURCE);
	BAD(CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_EQ_UNKNOWN);
#undef BAD
	fh_free(fh);
}

static void test_eq_limit(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_eq eq;

	for (unsigned i = 0; i < 32; i++) {
		CHECK_EQ(create_eq(fh, uar, 0, i, 0, &eq), CX4_CMD_STAT_OK);
		CHECK_EQ(eq.eqn, i);
	}
	CHECK_EQ(create_eq(fh, uar, 0, 0, 0, &eq), CX4_CMD_STAT_EXCEED_LIM);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_EQS), 32);
	CHECK_EQ(ERRORS(fh), 1);
	/* Reset releases everything (ASan checks nothing leaks). */
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_EQS), 0);
	fh_free(fh);
}

/* ---- EQEs ---- */

static void test_eqe_ownership_wrap(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_result r;
	struct fh_eq eq;

	CHECK_EQ(create_eq(fh, uar, 2, 1, 0, &eq), CX4_CMD_STAT_OK);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	for (uint32_t n = 0; n < 11; n++) {
		uint8_t *e;

		CHECK_EQ(gen_eqe(fh, eq.eqn, 0x20, 0x1000 + n, &r), CX4_CMD_STAT_OK);
		/* Owner of the entry = wrap parity of the producer counter. */
		e = eqe_at(fh, &eq, n & 3);
		CHECK_EQ(CX4_GET(EQE, e, OWNER), (n >> 2) & 1);
		e = fh_eq_poll(fh, &eq);
		CHECK(e != NULL);
		if (!e)
			break;
		CHECK_EQ(CX4_GET(EQE, e, EVENT_TYPE), 0x20);
		CHECK_EQ(CX4_GET(EQE, e, EVENT_SUB_TYPE), 0x5a);
		CHECK_EQ(cx4_rd32(e, CX4_EQE_OFF_EVENT_DATA), 0x1000 + n);
		CHECK(fh_eq_poll(fh, &eq) == NULL);	/* the next one is still HW's */
		fh_eq_db(fh, uar, eq.eqn, eq.cc, false);
	}
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_EQES), 11);
	CHECK_EQ(fh->msix_count, 0);		/* never armed */
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

static void test_eq_arm_interrupt_and_query(void)
{
	static uint8_t in[16];
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_result r;
	struct fh_eq eq;
	const uint8_t *eqc = r.out + CX4_QUERY_EQ_OUT_OFF_EQC;

	CHECK_EQ(create_eq(fh, uar, 3, 7, CX4_EVENT_BIT(CX4_EVENT_PORT_STATE_CHANGE), &eq), 0);
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	CHECK_EQ(fh->msix_count, 0);		/* created fired, not armed */
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	fh_eq_db(fh, uar, eq.eqn, eq.cc, true);	/* consumed all: armed */
	CHECK_EQ(fh->msix_count, 0);
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_EQ);
	CX4_SET(QUERY_EQ_IN, in, EQ_NUMBER, eq.eqn);
	fh_exec(fh, in, sizeof(in), cx4_query_eq_out_size(1), &r);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);
	CHECK_EQ(CX4_GET(EQC, eqc, ST), CX4_EQC_ST_ARMED);
	CHECK_EQ(CX4_GET(EQC, eqc, LOG_EQ_SIZE), 3);
	CHECK_EQ(CX4_GET(EQC, eqc, UAR_PAGE), uar);
	CHECK_EQ(CX4_GET(EQC, eqc, INTR), 7);
	CHECK_EQ(CX4_GET(EQC, eqc, PRODUCER_COUNTER), 1);
	CHECK_EQ(CX4_GET(EQC, eqc, CONSUMER_COUNTER), 1);
	CHECK_EQ(CX4_GET64(QUERY_EQ_OUT, r.out, EVENT_BITMASK),
		 CX4_EVENT_BIT(CX4_EVENT_PORT_STATE_CHANGE));
	CHECK_EQ(cx4_get64(r.out, CX4_QUERY_EQ_OUT_OFF_PAS), eq.buf);
	/* Armed: one interrupt, then disarmed (fired). */
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	CHECK_EQ(fh->msix_count, 1);
	CHECK_EQ(fh->msix_last, 7);
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	CHECK_EQ(fh->msix_count, 1);
	fh_exec(fh, in, sizeof(in), cx4_query_eq_out_size(1), &r);
	CHECK_EQ(CX4_GET(EQC, eqc, ST), CX4_EQC_ST_FIRED);
	CHECK_EQ(CX4_GET(EQC, eqc, PRODUCER_COUNTER), 3);
	/* Arm with unconsumed EQEs: interrupt at once. */
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	fh_eq_db(fh, uar, eq.eqn, eq.cc, true);
	CHECK_EQ(fh->msix_count, 2);
	/* Update-only doorbell never interrupts. */
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	fh_eq_db(fh, uar, eq.eqn, eq.cc, false);
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	CHECK_EQ(fh->msix_count, 2);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

static void test_eq_uar_ownership(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t a = alloc_uar(fh), b = alloc_uar(fh);
	struct fh_result r;
	struct fh_eq eq;

	CHECK_EQ(create_eq(fh, a, 2, 0, 0, &eq), 0);
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	/* Doorbell on a UAR page that does not own the EQ: ignored. */
	fh_eq_db(fh, b, eq.eqn, 0, true);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK(fh_log_has(fh, "does not own the EQ"));
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	CHECK_EQ(fh->msix_count, 0);
	/* Consumer index beyond the producer. */
	fh_eq_db(fh, a, eq.eqn, 3, false);
	CHECK_EQ(ERRORS(fh), 2);
	/* The owning UAR cannot be freed under the EQ. */
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DEALLOC_UAR_IN_UAR, a, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_UAR_IN_USE);
	CHECK_EQ(ERRORS(fh), 3);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_EQ, CX4_DESTROY_EQ_IN_EQ_NUMBER, eq.eqn, &r), 0);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DEALLOC_UAR_IN_UAR, a, &r), 0);
	CHECK_EQ(ERRORS(fh), 3);
	fh_free(fh);
}

static void test_eq_overrun(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_eq_params p;
	struct fh_result r;
	struct fh_eq eq;
	uint32_t h;

	CHECK_EQ(create_eq(fh, uar, 1, 2, CX4_EVENT_BIT(CX4_EVENT_INTERNAL_ERROR), &eq), 0);
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_HEALTH) >> 24, 0);
	/* Third EQE into a full 2-entry EQ: overrun. */
	CHECK_EQ(gen_eqe(fh, eq.eqn, 0x21, 0, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_EQES), 2);
	h = fh_rd32(fh, CX4_INIT_OFF_HEALTH);
	CHECK_EQ(h >> 24, CX4_HEALTH_ASYNC_EQ_BUF_OVERRUN);
	fh_advance(fh, 500ull * 1000 * 1000);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_HEALTH), h);	/* counter stopped */
	/* Internal error interrupt to the EQ mapping it, although not armed. */
	CHECK_EQ(fh->msix_count, 1);
	CHECK_EQ(fh->msix_last, 2);
	/* With overrun ignore, a full EQ just wraps. */
	fh_eq_params_init(&p, uar, 1, 0);
	p.oi = true;
	CHECK_EQ(fh_eq_create(fh, &p, &eq, &r, NULL), 0);
	for (int i = 0; i < 5; i++)
		gen_eqe(fh, eq.eqn, 0x21, 0, &r);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_EQES), 7);
	fh_free(fh);
}

/* ---- events ---- */

static void test_cmd_completion_events(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	uint8_t nop[16] = { 0 };
	struct fh_post p1, p2;
	struct fh_result r;
	struct fh_eq eq, eq2;
	uint8_t *e;

	/* CREATE_EQ mapping command completions while another entry is posted. */
	CX4_SET(CMD_IN, nop, OPCODE, CX4_CMD_NOP);
	fh_post(fh, &p1, 9, nop, sizeof(nop), 16);
	CHECK_EQ(create_eq(fh, uar, 3, 4, CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION), &eq),
		 CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(ERRORS(fh), 1);
	fh_ring(fh, 1u << 9);
	fh_collect(fh, &p1, &r);
	CHECK_STATUS(r, 0, 0);
	/* Now the queue is empty: mapped; no event for the CREATE_EQ itself. */
	CHECK_EQ(create_eq(fh, uar, 3, 4, CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION), &eq), 0);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	fh_eq_db(fh, uar, eq.eqn, 0, true);
	/* Each completion: an EQE whose vector has the slot's bit. */
	fh_post(fh, &p1, 5, nop, sizeof(nop), 16);
	fh_post(fh, &p2, 12, nop, sizeof(nop), 16);
	fh_ring(fh, 1u << 5 | 1u << 12);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, EVENT_TYPE) == CX4_EVENT_CMD_COMPLETION);
	CHECK(e && CX4_GET(EQE, e, CMD_VECTOR) == 1u << 12);	/* highest first */
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, CMD_VECTOR) == 1u << 5);
	CHECK_EQ(fh->msix_count, 1);
	CHECK_EQ(fh->msix_last, 4);
	/* A delivery error completes the entry too: event. */
	fh_post(fh, &p1, 0, nop, sizeof(nop), 16);
	*(uint8_t *)fh_ptr(fh, p1.entry + 1) = 1;		/* reserved entry bits */
	cx4_cmdq_entry_sign(fh_ptr(fh, p1.entry));
	fh_ring(fh, 1);
	fh_collect(fh, &p1, &r);
	CHECK_DS(r, CX4_CMDQ_DS_RESERVED_NOT_ZERO);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, CMD_VECTOR) == 1);
	CHECK_EQ(ERRORS(fh), 2);
	/* Knob: drop the next completion event. */
	fh_ctl_wr(fh, CTL_DROP_CMD_EVENTS, 1);
	fh_simple(fh, CX4_CMD_NOP, 0, NULL);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK(fh_log_has(fh, "knob: command completion event of cmd[0] NOP(0x80d) dropped"));
	fh_simple(fh, CX4_CMD_NOP, 0, NULL);
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	/* Remapping to a new EQ; no event for the CREATE_EQ that remaps. */
	CHECK_EQ(create_eq(fh, uar, 2, 5, CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION), &eq2), 0);
	CHECK(fh_eq_poll(fh, &eq) == NULL && fh_eq_poll(fh, &eq2) == NULL);
	fh_simple(fh, CX4_CMD_NOP, 0, NULL);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK(fh_eq_poll(fh, &eq2) != NULL);
	/* DESTROY_EQ unmaps: no event for it, nor afterwards. */
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_EQ, CX4_DESTROY_EQ_IN_EQ_NUMBER, eq2.eqn, &r),
		 0);
	fh_simple(fh, CX4_CMD_NOP, 0, NULL);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK_EQ(ERRORS(fh), 2);
	fh_free(fh);
}

static void test_page_request_events(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_result r;
	struct fh_eq eq;
	uint8_t *e;
	size_t owned = cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED);

	/* Knob before an EQ maps PAGE_REQUEST: reported when one does. */
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, 2);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 2);
	CHECK_EQ(create_eq(fh, uar, 3, 1, CX4_EVENT_BIT(CX4_EVENT_PAGE_REQUEST), &eq), 0);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, EVENT_TYPE) == CX4_EVENT_PAGE_REQUEST);
	CHECK(e && CX4_GET(EQE, e, PAGES_NUM_PAGES) == 2);
	CHECK_EQ(fh_give_pages(fh, 2, NULL, NULL), 0);
	/* Give N: QUERY_PAGES(regular) rises by N and an event says N. */
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, 5);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 5);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, PAGES_NUM_PAGES) == 5);
	/* Not re-armed before MANAGE_PAGES: the next request waits. */
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, 3);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK_EQ(fh_give_pages(fh, 5, NULL, NULL), 0);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, PAGES_NUM_PAGES) == 3);
	CHECK_EQ(fh_give_pages(fh, 3, NULL, NULL), 0);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED), owned + 10);
	/*
	 * An event stands once sent: the need shrinks (held back) before the
	 * driver answers; its answer is accepted and the next event asks for
	 * the surplus back.
	 */
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, 6);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, PAGES_NUM_PAGES) == 6);
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, (uint32_t)-4);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK_EQ(fh_give_pages(fh, 6, NULL, NULL), 0);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && (int32_t)CX4_GET(EQE, e, PAGES_NUM_PAGES) == -4);
	CHECK_EQ(fh_take_pages(fh, 4, &r), 0);
	CHECK_EQ(CX4_GET(MANAGE_PAGES_OUT, r.out, NUM_ENTRIES), 4);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0);
	CHECK_EQ(ERRORS(fh), 0);
	/* More than requested is still refused. */
	CHECK_EQ(fh_give_pages(fh, 1, NULL, NULL), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 1);
	/* Take N: negative request, pages come back with HCA_RETURN_PAGES. */
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, (uint32_t)-4);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && (int32_t)CX4_GET(EQE, e, PAGES_NUM_PAGES) == -4);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), -4);
	CHECK_EQ(fh_take_pages(fh, 8, &r), 0);
	CHECK_EQ(CX4_GET(MANAGE_PAGES_OUT, r.out, NUM_ENTRIES), 4);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0);
	/* The device never gives back its boot + init pages. */
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, (uint32_t)-1000);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), -8);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

static void test_port_and_internal_error_events(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_eq eq;
	uint8_t *e;
	uint32_t h;

	CHECK_EQ(create_eq(fh, uar, 3, 6, ALL_ASYNC, &eq), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_LINK), 1);		/* link up */
	fh_ctl_wr(fh, CTL_LINK, 2);			/* flap */
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, EVENT_TYPE) == CX4_EVENT_PORT_STATE_CHANGE);
	CHECK(e && CX4_GET(EQE, e, EVENT_SUB_TYPE) == CX4_PORT_CHANGE_DOWN);
	CHECK(e && CX4_GET(EQE, e, PORT_NUM) == 1);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, EVENT_SUB_TYPE) == CX4_PORT_CHANGE_ACTIVE);
	fh_ctl_wr(fh, CTL_LINK, 1);			/* already up: nothing */
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	fh_ctl_wr(fh, CTL_LINK, 0);
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	CHECK_EQ(fh_ctl_rd(fh, CTL_LINK), 0);
	fh_ctl_wr(fh, CTL_LINK, 3);
	CHECK_EQ(ERRORS(fh), 1);
	/* Internal error: health syndrome, counter stops, interrupt, no EQE. */
	fh_advance(fh, 300ull * 1000 * 1000);
	fh_ctl_wr(fh, CTL_INTERNAL_ERROR, CX4_HEALTH_HW_FATAL_ERR);
	h = fh_rd32(fh, CX4_INIT_OFF_HEALTH);
	CHECK_EQ(h >> 24, CX4_HEALTH_HW_FATAL_ERR);
	fh_advance(fh, 300ull * 1000 * 1000);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_HEALTH), h);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK_EQ(fh->msix_count, 1);
	CHECK_EQ(fh->msix_last, 6);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

/* ---- PD, transport domain, teardown ---- */

static void test_pd_td_bookkeeping(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_result r;
	uint32_t pd1, pd2, td;

	CHECK_EQ(fh_simple(fh, CX4_CMD_ALLOC_PD, 0, &r), 0);
	pd1 = CX4_GET(ALLOC_PD_OUT, r.out, PD);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ALLOC_PD, 0, &r), 0);
	pd2 = CX4_GET(ALLOC_PD_OUT, r.out, PD);
	CHECK(pd1 && pd2 && pd1 != pd2);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_PD, CX4_DEALLOC_PD_IN_PD, 0x777, &r),
		 CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PD_UNKNOWN);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_PD, CX4_DEALLOC_PD_IN_PD, pd1, &r), 0);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_PD, CX4_DEALLOC_PD_IN_PD, pd1, &r),
		 CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(fh), 2);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ALLOC_TRANSPORT_DOMAIN, 0, &r), 0);
	td = CX4_GET(ALLOC_TD_OUT, r.out, TRANSPORT_DOMAIN);
	CHECK(td != 0);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_TRANSPORT_DOMAIN,
			      CX4_DEALLOC_TD_IN_TRANSPORT_DOMAIN, td + 1, &r),
		 CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_TD_UNKNOWN);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_TRANSPORT_DOMAIN,
			      CX4_DEALLOC_TD_IN_TRANSPORT_DOMAIN, td, &r), 0);
	CHECK_EQ(ERRORS(fh), 3);
	/* op_mod must be 0. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_ALLOC_PD, 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 4);
	/* pd2 left over: graceful TEARDOWN_HCA releases it, a guest error. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 5);
	CHECK(fh_log_has(fh, "objects leaked by driver: 0 CQ, 0 EQ, 0 UAR, 1 PD, 0 transport domain"));
	fh_free(fh);
}

static void test_panic_teardown_releases_quietly(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint8_t in[16] = { 0 };
	struct fh_result r;
	struct fh_eq eq;

	CHECK_EQ(create_eq(fh, alloc_uar(fh), 4, 0, ALL_ASYNC, &eq), 0);
	fh_simple(fh, CX4_CMD_ALLOC_PD, 0, NULL);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_TEARDOWN_HCA);
	CX4_SET(TEARDOWN_HCA_IN, in, PROFILE, CX4_TEARDOWN_PANIC);
	fh_exec(fh, in, sizeof(in), 16, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_EQS), 0);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

/* The PRM 8.2 / 8.3 life cycle with an event-driven driver: no guest error. */
static void test_eq_lifecycle_clean(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_result r;
	struct fh_eq eq;
	int32_t n;

	CHECK_EQ(create_eq(fh, uar, 4, 0, ALL_ASYNC | CX4_EVENT_BIT(CX4_EVENT_CMD_COMPLETION),
			   &eq), 0);
	fh_eq_db(fh, uar, eq.eqn, 0, true);
	for (int i = 0; i < 40; i++) {		/* more than the EQ holds */
		CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), 0);
		CHECK_EQ(fh->msix_count, (unsigned)i + 1);
		CHECK(fh_eq_poll(fh, &eq) != NULL);
		fh_eq_db(fh, uar, eq.eqn, eq.cc, true);
	}
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_EQ, CX4_DESTROY_EQ_IN_EQ_NUMBER, eq.eqn, &r), 0);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DEALLOC_UAR_IN_UAR, uar, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, NULL), 0);
	n = fh_query_pages(fh, CX4_PAGES_REGULAR);
	CHECK_EQ(fh_take_pages(fh, (uint32_t)-n, NULL), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, NULL), 0);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_last_error_count(fh), 0);
	fh_free(fh);
}

/* ---- CQs ---- */

static uint8_t create_cq(struct fh *fh, uint32_t uar, uint32_t eqn, uint32_t log_size,
			 struct fh_cq *cq)
{
	struct fh_cq_params p;
	struct fh_result r;

	fh_cq_params_init(&p, uar, eqn, log_size);
	return fh_cq_create(fh, &p, cq, &r, NULL);
}

static int post_cqe(struct fh *fh, uint32_t cqn, uint16_t wqe_counter, bool se)
{
	uint8_t cqe[CX4_CQE_SIZE] = { 0 };

	CX4_SET(CQE, cqe, WQE_COUNTER, wqe_counter);
	CX4_SET(CQE, cqe, SE, se);
	return cx4dev_cqe_post(fh->dev, cqn, cqe);
}

static void tweak_cq_counter(uint8_t *in)
{
	CX4_SET(CQC, CX4_ADDR(CREATE_CQ_IN, in, CQC), CONSUMER_COUNTER, 1);
}

/* Compression with an undefined mini CQE format (2). */
static void tweak_cq_compression(uint8_t *in)
{
	CX4_SET(CQC, CX4_ADDR(CREATE_CQ_IN, in, CQC), CQE_COMPRESSION_EN, 1);
	CX4_SET(CQC, CX4_ADDR(CREATE_CQ_IN, in, CQC), MINI_CQE_RES_FORMAT, 2);
}

static void tweak_cq_page_offset(uint8_t *in)
{
	CX4_SET(CQC, CX4_ADDR(CREATE_CQ_IN, in, CQC), PAGE_OFFSET, 2);
}

static void test_cq_create_errors(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_cq_params p;
	struct fh_result r;
	struct fh_eq eq;
	struct fh_cq cq;
	unsigned e = 0;

	CHECK_EQ(create_eq(fh, uar, 2, 0, 0, &eq), 0);
#define BAD(st, syn) do { \
	CHECK_STATUS(r, st, syn); \
	CHECK_EQ(ERRORS(fh), ++e); \
} while (0)
	fh_cq_params_init(&p, uar, eq.eqn, 23);
	p.npas = 1;
	fh_cq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_LOG_SIZE);
	fh_cq_params_init(&p, uar, eq.eqn, 2);
	fh_cq_create(fh, &p, NULL, &r, tweak_cq_page_offset);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_PAGE_OFFSET);
	fh_cq_create(fh, &p, NULL, &r, tweak_cq_counter);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO);
	fh_cq_create(fh, &p, NULL, &r, tweak_cq_compression);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE);
	p.uar = uar + 1;
	fh_cq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_CQ_UAR);
	p.uar = uar;
	p.eqn = eq.eqn + 1;
	fh_cq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_CQ_EQN);
	p.eqn = eq.eqn;
	p.dbr = fh_alloc(fh, 64, 64) + 4;
	fh_cq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_DBR);
	p.dbr = 0;
	fh_cq_params_init(&p, uar, eq.eqn, 8);	/* 16 KB: 4 PAS entries */
	p.npas = 3;
	fh_cq_create(fh, &p, NULL, &r, NULL);
	BAD(CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_CQ_PAS_LEN);
	/* 128-byte CQEs: a model limitation, not a guest error. */
	fh_cq_params_init(&p, uar, eq.eqn, 2);
	p.cqe_sz = CX4_CQC_CQE_SZ_128;
	CHECK_EQ(fh_cq_create(fh, &p, NULL, &r, NULL), CX4_CMD_STAT_BAD_OP);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_NOT_IMPLEMENTED);
	CHECK_EQ(ERRORS(fh), e);
	CHECK_EQ(LIMITS(fh), 1);
	/* A good one pins its EQ and UAR. */
	CHECK_EQ(create_cq(fh, uar, eq.eqn, 2, &cq), 0);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_CQS), 1);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_EQ, CX4_DESTROY_EQ_IN_EQ_NUMBER, eq.eqn, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	BAD(CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_EQ_IN_USE);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DEALLOC_UAR, CX4_DEALLOC_UAR_IN_UAR, uar, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	BAD(CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_UAR_IN_USE);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_CQ, CX4_DESTROY_CQ_IN_CQN, cq.cqn + 1, &r),
		 CX4_CMD_STAT_BAD_RESOURCE);
	BAD(CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_CQ_UNKNOWN);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_CQ, CX4_DESTROY_CQ_IN_CQN, cq.cqn, &r), 0);
	CHECK_EQ(cmd_with_arg(fh, CX4_CMD_DESTROY_EQ, CX4_DESTROY_EQ_IN_EQ_NUMBER, eq.eqn, &r), 0);
#undef BAD
	fh_free(fh);
}

static void test_cq_arm_and_completion_events(void)
{
	static uint8_t in[16];
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	const uint8_t *cqc;
	struct fh_result r;
	struct fh_eq eq;
	struct fh_cq cq;
	uint8_t *e;

	CHECK_EQ(create_eq(fh, uar, 4, 3, 0, &eq), 0);
	fh_eq_db(fh, uar, eq.eqn, 0, true);
	CHECK_EQ(create_cq(fh, uar, eq.eqn, 2, &cq), 0);
	/* Not armed: CQE written, no event. */
	CHECK_EQ(post_cqe(fh, cq.cqn, 1, false), 0);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	/* Arm with the CQE still unconsumed: event at once. */
	fh_cq_db(fh, &cq, 0, false, false);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, EVENT_TYPE) == CX4_EVENT_COMPLETION);
	CHECK(e && CX4_GET(EQE, e, COMP_CQN) == cq.cqn);
	CHECK_EQ(fh->msix_count, 1);
	CHECK_EQ(fh->msix_last, 3);
	e = fh_cq_poll(fh, &cq);
	CHECK(e && CX4_GET(CQE, e, WQE_COUNTER) == 1);
	CHECK(fh_cq_poll(fh, &cq) == NULL);
	/* Same cmd_sn again: already fired, no new notification. */
	fh_cq_db(fh, &cq, 0, false, false);
	post_cqe(fh, cq.cqn, 2, false);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK(fh_cq_poll(fh, &cq) != NULL);
	/* Next cmd_sn: armed; one event for two CQEs. */
	fh_cq_db(fh, &cq, 1, false, false);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	post_cqe(fh, cq.cqn, 3, false);
	post_cqe(fh, cq.cqn, 4, false);
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	CHECK(fh_cq_poll(fh, &cq) != NULL && fh_cq_poll(fh, &cq) != NULL);
	/* ARM_SOLICITED: only an SE CQE fires. */
	fh_cq_db(fh, &cq, 2, true, false);
	post_cqe(fh, cq.cqn, 5, false);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_CQ);
	CX4_SET(QUERY_CQ_IN, in, CQN, cq.cqn);
	fh_exec(fh, in, sizeof(in), cx4_query_cq_out_size(1), &r);
	cqc = r.out + CX4_QUERY_CQ_OUT_OFF_CQC;
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(CX4_GET(CQC, cqc, ST), CX4_CQC_ST_SOLICITED_ARMED);
	CHECK_EQ(CX4_GET(CQC, cqc, PRODUCER_COUNTER), 5);
	CHECK_EQ(CX4_GET(CQC, cqc, C_EQN), eq.eqn);
	CHECK_EQ(CX4_GET64(CQC, cqc, DBR_ADDR), cq.dbr);
	CHECK_EQ(cx4_get64(r.out, CX4_QUERY_CQ_OUT_OFF_PAS), cq.buf);
	post_cqe(fh, cq.cqn, 6, true);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, COMP_CQN) == cq.cqn);
	fh_exec(fh, in, sizeof(in), cx4_query_cq_out_size(1), &r);
	CHECK_EQ(CX4_GET(CQC, cqc, ST), CX4_CQC_ST_FIRED);
	/* Ownership across the wrap (4 entries, 6 written). */
	CHECK(fh_cq_poll(fh, &cq) != NULL);
	e = fh_cq_poll(fh, &cq);
	CHECK(e && CX4_GET(CQE, e, OWNER) == 1 && CX4_GET(CQE, e, WQE_COUNTER) == 6);
	/* The debug page posts CQEs too. */
	fh_cq_db(fh, &cq, 3, false, false);
	fh_ctl_wr(fh, CTL_CQE_POST, cq.cqn);
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	CHECK(fh_cq_poll(fh, &cq) != NULL);
	/* MODIFY_CQ moves completions to another EQ. */
	{
		static uint8_t min[CX4_MODIFY_CQ_IN_SIZE];
		struct fh_eq eq2;

		CHECK_EQ(create_eq(fh, uar, 2, 9, 0, &eq2), 0);
		memset(min, 0, sizeof(min));
		CX4_SET(CMD_IN, min, OPCODE, CX4_CMD_MODIFY_CQ);
		CX4_SET(MODIFY_CQ_IN, min, CQN, cq.cqn);
		CX4_SET(MODIFY_CQ_IN, min, FIELD_SELECT, CX4_MODIFY_CQ_SEL_C_EQN);
		CX4_SET(CQC, CX4_ADDR(MODIFY_CQ_IN, min, CQC), C_EQN, eq2.eqn);
		fh_exec(fh, min, sizeof(min), CX4_MODIFY_CQ_OUT_SIZE, &r);
		CHECK_STATUS(r, 0, 0);
		fh_cq_db(fh, &cq, 0, false, false);
		post_cqe(fh, cq.cqn, 7, false);
		CHECK(fh_eq_poll(fh, &eq) == NULL);
		CHECK(fh_eq_poll(fh, &eq2) != NULL);
		/* cq_period_mode (beyond rev 0.40): 1 read back, 2 refused. */
		CX4_SET(MODIFY_CQ_IN, min, FIELD_SELECT, CX4_MODIFY_CQ_SEL_CQ_PERIOD_MODE);
		CX4_SET(CQC, CX4_ADDR(MODIFY_CQ_IN, min, CQC), CQ_PERIOD_MODE, 1);
		fh_exec(fh, min, sizeof(min), CX4_MODIFY_CQ_OUT_SIZE, &r);
		CHECK_STATUS(r, 0, 0);
		fh_exec(fh, in, sizeof(in), cx4_query_cq_out_size(1), &r);
		CHECK_EQ(CX4_GET(CQC, r.out + CX4_QUERY_CQ_OUT_OFF_CQC, CQ_PERIOD_MODE), 1);
		CX4_SET(CQC, CX4_ADDR(MODIFY_CQ_IN, min, CQC), CQ_PERIOD_MODE, 2);
		fh_exec(fh, min, sizeof(min), CX4_MODIFY_CQ_OUT_SIZE, &r);
		CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_FEATURE);
		CX4_SET(CQC, CX4_ADDR(MODIFY_CQ_IN, min, CQC), CQ_PERIOD_MODE, 0);
		CX4_SET(MODIFY_CQ_IN, min, FIELD_SELECT, 1u << 7);
		fh_exec(fh, min, sizeof(min), CX4_MODIFY_CQ_OUT_SIZE, &r);
		CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CQ_MODIFY_FIELD);
		CX4_SET(CMD_IN, min, OP_MOD, CX4_MODIFY_CQ_RESIZE);
		fh_exec(fh, min, sizeof(min), CX4_MODIFY_CQ_OUT_SIZE, &r);
		CHECK_STATUS(r, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_NOT_IMPLEMENTED);
	}
	CHECK_EQ(ERRORS(fh), 2);
	fh_free(fh);
}

static void test_cq_overrun_and_error_knob(void)
{
	static uint8_t in[16];
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_result r;
	struct fh_eq eq;
	struct fh_cq cq, cq2;
	uint8_t *e;

	CHECK_EQ(create_eq(fh, uar, 3, 1, CX4_EVENT_BIT(CX4_EVENT_CQ_ERROR), &eq), 0);
	CHECK_EQ(create_cq(fh, uar, eq.eqn, 1, &cq), 0);
	CHECK_EQ(create_cq(fh, uar, eq.eqn, 1, &cq2), 0);
	CHECK_EQ(post_cqe(fh, cq.cqn, 0, false), 0);
	CHECK_EQ(post_cqe(fh, cq.cqn, 1, false), 0);
	CHECK_EQ(ERRORS(fh), 0);
	/* Third CQE into a full 2-entry CQ (doorbell record update_ci 0). */
	CHECK(post_cqe(fh, cq.cqn, 2, false) < 0);
	CHECK_EQ(ERRORS(fh), 1);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, EVENT_TYPE) == CX4_EVENT_CQ_ERROR);
	CHECK(e && CX4_GET(EQE, e, CQ_ERR_CQN) == cq.cqn);
	CHECK(e && CX4_GET(EQE, e, CQ_ERR_SYNDROME) == CX4_CQ_ERR_OVERRUN);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_CQ);
	CX4_SET(QUERY_CQ_IN, in, CQN, cq.cqn);
	fh_exec(fh, in, sizeof(in), cx4_query_cq_out_size(1), &r);
	CHECK_EQ(CX4_GET(CQC, CX4_CADDR(QUERY_CQ_OUT, r.out, CQC), STATUS),
		 CX4_CQC_STATUS_CQ_OVERFLOW);
	CHECK(post_cqe(fh, cq.cqn, 3, false) < 0);	/* CQ in error */
	/* Polling frees room: the record's update_ci is what counts. */
	cq2.cc = 0;
	post_cqe(fh, cq2.cqn, 0, false);
	post_cqe(fh, cq2.cqn, 1, false);
	CHECK(fh_cq_poll(fh, &cq2) != NULL);
	CHECK_EQ(post_cqe(fh, cq2.cqn, 2, false), 0);
	/* CQ error knob: access violation on cq2, not a guest error. */
	fh_ctl_wr(fh, CTL_CQ_ERROR, (uint32_t)CX4_CQ_ERR_ACCESS_VIOLATION << 24 | cq2.cqn);
	e = fh_eq_poll(fh, &eq);
	CHECK(e && CX4_GET(EQE, e, CQ_ERR_SYNDROME) == CX4_CQ_ERR_ACCESS_VIOLATION);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

/*
 * OUT_PATCH: one dword of the next CREATE_CQ's answer becomes a live
 * CQ's number; the model keeps the CQ it really created.  Then the op_mod
 * match, a failed command and a too short output left alone, and the
 * offset register's checks.
 */
static void test_cq_out_patch_knob(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_result r;
	struct fh_eq eq;
	struct fh_cq cq0, cq1, cq2;
	uint8_t in[16] = { 0 };

	CHECK_EQ(create_eq(fh, uar, 3, 1, CX4_EVENT_BIT(CX4_EVENT_CQ_ERROR), &eq), 0);
	CHECK_EQ(create_cq(fh, uar, eq.eqn, 1, &cq0), 0);
	fh_ctl_wr(fh, CTL_OUT_PATCH_OPCODE, CX4_CMD_CREATE_CQ);
	fh_ctl_wr(fh, CTL_OUT_PATCH_OFFSET, CX4_FLD_OFF(CX4_CREATE_CQ_OUT_CQN));
	fh_ctl_wr(fh, CTL_OUT_PATCH_VALUE, cq0.cqn);
	fh_ctl_wr(fh, CTL_OUT_PATCH_MASK, CX4_MAX(CREATE_CQ_OUT, CQN));
	/* Another opcode: untouched, still armed. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_OUT_PATCH_OPCODE), CX4_CMD_CREATE_CQ);
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 0);
	CHECK_EQ(create_cq(fh, uar, eq.eqn, 1, &cq1), 0);
	CHECK_EQ(cq1.cqn, cq0.cqn);
	CHECK_EQ(fh_ctl_rd(fh, CTL_OUT_PATCH_OPCODE), 0);	/* one-shot */
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 1);
	CHECK(fh_log_has(fh, "knob: output dword 0x8"));
	/* The device created CQ cq0 + 1: the next one is cq0 + 2. */
	CHECK_EQ(create_cq(fh, uar, eq.eqn, 1, &cq2), 0);
	CHECK_EQ(cq2.cqn, cq0.cqn + 2);

	/*
	 * op_mod matched, one skipped: QUERY_PAGES(boot) passes, the first
	 * (regular) too, the second is patched.
	 */
	fh_ctl_wr(fh, CTL_OUT_PATCH_OPCODE, CX4_CMD_QUERY_PAGES);
	fh_ctl_wr(fh, CTL_OUT_PATCH_OP_MOD, 1u << 31 | CX4_PAGES_REGULAR);
	fh_ctl_wr(fh, CTL_OUT_PATCH_OFFSET, CX4_FLD_OFF(CX4_QUERY_PAGES_OUT_NUM_PAGES));
	fh_ctl_wr(fh, CTL_OUT_PATCH_VALUE, 0x12345);
	fh_ctl_wr(fh, CTL_OUT_PATCH_MASK, 0);		/* the whole dword */
	fh_ctl_wr(fh, CTL_OUT_PATCH_SKIP, 1);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_BOOT), 0);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_OUT_PATCH_SKIP), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_OUT_PATCH_OPCODE), CX4_CMD_QUERY_PAGES);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0x12345);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 2);

	/* A failed command and an output without the dword: left alone. */
	fh_ctl_wr(fh, CTL_OUT_PATCH_OP_MOD, 0);
	fh_ctl_wr(fh, CTL_OUT_PATCH_OPCODE, CX4_CMD_QUERY_PAGES);
	fh_ctl_wr(fh, CTL_FAIL_OPCODE, CX4_CMD_QUERY_PAGES);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_PAGES, CX4_PAGES_REGULAR, &r),
		 CX4_CMD_STAT_INTERNAL_ERR);
	CHECK_EQ(CX4_GET(QUERY_PAGES_OUT, r.out, NUM_PAGES), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_OUT_PATCH_OPCODE), CX4_CMD_QUERY_PAGES);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_PAGES);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_PAGES_REGULAR);
	fh_ctl_wr(fh, CTL_OUT_PATCH_OFFSET, 0x10);
	CHECK_EQ(fh_run(fh, in, sizeof(in), 0x10, &r), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_OUT_PATCH_OPCODE), CX4_CMD_QUERY_PAGES);
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 3);	/* the FAIL_OPCODE hit */
	fh_ctl_wr(fh, CTL_OUT_PATCH_OPCODE, 0);
	CHECK_EQ(ERRORS(fh), 0);

	/* The offset must be a dword after status and syndrome. */
	fh_ctl_wr(fh, CTL_OUT_PATCH_OFFSET, 4);
	fh_ctl_wr(fh, CTL_OUT_PATCH_OFFSET, 0xa);
	CHECK_EQ(ERRORS(fh), 2);
	CHECK_EQ(fh_ctl_rd(fh, CTL_OUT_PATCH_OFFSET), 0x10);

	/* The CQ the driver never learnt goes with the reset, quietly. */
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(ERRORS(fh), 2);
	fh_free(fh);
}

static void test_cq_doorbell_errors(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint32_t a = alloc_uar(fh), b = alloc_uar(fh);
	struct fh_eq eq;
	struct fh_cq cq;

	CHECK_EQ(create_eq(fh, a, 2, 0, 0, &eq), 0);
	CHECK_EQ(create_cq(fh, a, eq.eqn, 2, &cq), 0);
	cq.uar = b;
	fh_cq_db(fh, &cq, 0, false, false);		/* wrong UAR page */
	CHECK_EQ(ERRORS(fh), 1);
	CHECK(fh_log_has(fh, "does not own the CQ"));
	fh_wr32(fh, fh_uar_off(fh, a) + CX4_UAR_OFF_CQ_DB + CX4_FLD_OFF(CX4_CQ_DB_CQN), cq.cqn);
	CHECK_EQ(ERRORS(fh), 2);			/* second dword alone */
	cx4dev_mmio_write(fh->dev, fh_uar_off(fh, a) + CX4_UAR_OFF_CQ_DB,
			  (uint64_t)1 << 62 | cq.cqn, 8);
	CHECK_EQ(ERRORS(fh), 3);			/* reserved bit */
	cq.uar = a;
	cq.cc = 5;
	fh_cq_db(fh, &cq, 0, false, false);		/* beyond the producer */
	CHECK_EQ(ERRORS(fh), 4);
	fh_free(fh);
}

/* PRM 7.13.14: completion event moderation on the device timer. */
static void test_cq_moderation(void)
{
	static uint8_t min[CX4_MODIFY_CQ_IN_SIZE];
	struct fh *fh = fh_new_up(NULL);
	uint32_t uar = alloc_uar(fh);
	struct fh_cq_params p;
	struct fh_result r;
	struct fh_eq eq;
	struct fh_cq cq, cq2;

	CHECK_EQ(create_eq(fh, uar, 4, 0, 0, &eq), 0);
	fh_eq_db(fh, uar, eq.eqn, 0, true);
	/* upon_event, 100 us / 3 CQEs. */
	fh_cq_params_init(&p, uar, eq.eqn, 4);
	p.period = 100;
	p.max_count = 3;
	CHECK_EQ(fh_cq_create(fh, &p, &cq, &r, NULL), 0);
	CHECK(fh_log_has(fh, "moderation 100 us / 3 CQEs"));
	fh_advance(fh, 200000);			/* timer expired, nothing pending */
	fh_cq_db(fh, &cq, 0, false, false);
	post_cqe(fh, cq.cqn, 1, false);		/* timer expired: at once */
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	while (fh_cq_poll(fh, &cq))
		;
	fh_cq_db(fh, &cq, 1, false, false);
	post_cqe(fh, cq.cqn, 2, false);		/* timer restarted at the event */
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	fh_advance(fh, 50000);
	post_cqe(fh, cq.cqn, 3, false);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	fh_advance(fh, 49000);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	fh_advance(fh, 1000);			/* 100 us after the event: fires */
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	while (fh_cq_poll(fh, &cq))
		;
	/* cq_max_count reached before the timer. */
	fh_cq_db(fh, &cq, 2, false, false);
	post_cqe(fh, cq.cqn, 4, false);
	post_cqe(fh, cq.cqn, 5, false);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	post_cqe(fh, cq.cqn, 6, false);
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	fh_advance(fh, 200000);
	CHECK(fh_eq_poll(fh, &eq) == NULL);	/* fired: nothing more */
	while (fh_cq_poll(fh, &cq))
		;
	/* MODIFY_CQ cq_period 0 releases a held-back event at once. */
	fh_cq_db(fh, &cq, 3, false, false);
	post_cqe(fh, cq.cqn, 7, false);		/* idle longer than the period */
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	while (fh_cq_poll(fh, &cq))
		;
	fh_cq_db(fh, &cq, 0, false, false);
	post_cqe(fh, cq.cqn, 8, false);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	memset(min, 0, sizeof(min));
	CX4_SET(CMD_IN, min, OPCODE, CX4_CMD_MODIFY_CQ);
	CX4_SET(MODIFY_CQ_IN, min, CQN, cq.cqn);
	CX4_SET(MODIFY_CQ_IN, min, FIELD_SELECT, CX4_MODIFY_CQ_SEL_CQ_PERIOD);
	fh_exec(fh, min, sizeof(min), CX4_MODIFY_CQ_OUT_SIZE, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK(fh_eq_poll(fh, &eq) != NULL);

	/* upon_cqe with SE breaking moderation. */
	fh_cq_params_init(&p, uar, eq.eqn, 4);
	p.period = 20;
	p.period_mode = 1;
	p.scqe_break = true;
	CHECK_EQ(fh_cq_create(fh, &p, &cq2, &r, NULL), 0);
	fh_cq_db(fh, &cq2, 0, false, false);
	post_cqe(fh, cq2.cqn, 1, false);
	fh_advance(fh, 15000);
	post_cqe(fh, cq2.cqn, 2, false);	/* restarts the timer */
	fh_advance(fh, 15000);
	CHECK(fh_eq_poll(fh, &eq) == NULL);
	fh_advance(fh, 5000);
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	while (fh_cq_poll(fh, &cq2))
		;
	fh_cq_db(fh, &cq2, 1, false, false);
	post_cqe(fh, cq2.cqn, 3, true);		/* solicited: immediate */
	CHECK(fh_eq_poll(fh, &eq) != NULL);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

static const struct test eq_tests[] = {
	T(test_uar_alloc_and_writes),
	T(test_eq_create_errors),
	T(test_eq_limit),
	T(test_eqe_ownership_wrap),
	T(test_eq_arm_interrupt_and_query),
	T(test_eq_uar_ownership),
	T(test_eq_overrun),
	T(test_cmd_completion_events),
	T(test_page_request_events),
	T(test_port_and_internal_error_events),
	T(test_pd_td_bookkeeping),
	T(test_panic_teardown_releases_quietly),
	T(test_eq_lifecycle_clean),
	T(test_cq_create_errors),
	T(test_cq_arm_and_completion_events),
	T(test_cq_overrun_and_error_knob),
	T(test_cq_out_patch_knob),
	T(test_cq_doorbell_errors),
	T(test_cq_moderation),
};
SUITE(eq, eq_tests);

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Fake host and minimal command-posting driver for the cx4dev tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_pci.h>
#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_swif.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "testutil.h"

/*
 * CQ and EQ consumer counters are 24 bits wide (update_ci / consumer_index
 * of the doorbell record and doorbells, PRM 7.12.2 and 7.13.3) and wrap
 * like the device's producer counters.  Rings hold at most 2^22 entries
 * (log_max_cq_sz, log_max_eq_sz), so bit log_size of the 24-bit counter
 * still flips on every pass over the ring: that is the value the owner
 * bit is compared against (PRM 7.12.3.1, 7.13.2.1).  CX4_QUEUE_COUNTER_MASK.
 */

static bool fh_range_ok(uint64_t addr, size_t len)
{
	return addr >= FH_MEM_BASE && len <= FH_MEM_SIZE &&
	       addr - FH_MEM_BASE <= FH_MEM_SIZE - len;
}

/* Device access: in guest memory and not in the unmapped hole. */
static bool fh_dma_ok(struct fh *fh, uint64_t addr, size_t len)
{
	if (fh->hole_len && addr < fh->hole + fh->hole_len && addr + len > fh->hole) {
		fh->hole_faults++;
		return false;
	}
	return fh_range_ok(addr, len);
}

static int fh_dma_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
	struct fh *fh = opaque;

	if (!fh_dma_ok(fh, addr, len)) {
		if (fh->report_dma_faults)
			cx4dev_dma_fault(fh->dev, false, addr, len);
		return -1;
	}
	memcpy(buf, fh->mem + (addr - FH_MEM_BASE), len);
	return 0;
}

static int fh_dma_write(void *opaque, uint64_t addr, const void *buf, size_t len)
{
	struct fh *fh = opaque;

	if (!fh_dma_ok(fh, addr, len)) {
		if (fh->report_dma_faults)
			cx4dev_dma_fault(fh->dev, true, addr, len);
		return -1;
	}
	memcpy(fh->mem + (addr - FH_MEM_BASE), buf, len);
	if (len == 1 && fh->n_byte_writes < FH_MAX_WRITES)
		fh->byte_writes[fh->n_byte_writes++] = addr;
	return 0;
}

static void fh_msix(void *opaque, unsigned vector)
{
	struct fh *fh = opaque;

	fh->msix_count++;
	fh->msix_last = vector;
	if (vector < 256)
		fh->msix_vec[vector]++;
}

static void fh_transmit(void *opaque, const void *frame, size_t len)
{
	struct fh *fh = opaque;
	uint8_t *copy;

	fh->now += fh->tx_ns;
	if (fh->n_tx >= FH_MAX_TX)
		return;
	copy = malloc(len);
	if (!copy)
		abort();
	memcpy(copy, frame, len);
	fh->tx[fh->n_tx] = copy;
	fh->tx_len[fh->n_tx++] = len;
}

void fh_tx_clear(struct fh *fh)
{
	for (size_t i = 0; i < fh->n_tx; i++)
		free(fh->tx[i]);
	fh->n_tx = 0;
}

static void fh_timer_arm(void *opaque, uint64_t deadline)
{
	struct fh *fh = opaque;

	fh->deadline = deadline;
}

static uint64_t fh_now(void *opaque)
{
	struct fh *fh = opaque;

	return fh->now;
}

static void fh_log(void *opaque, const char *line)
{
	struct fh *fh = opaque;
	char **n = realloc(fh->lines, (fh->nlines + 1) * sizeof(*n));

	if (!n)
		abort();
	fh->lines = n;
	fh->lines[fh->nlines++] = strdup(line);
	if (getenv("CX4DEV_TEST_VERBOSE"))
		printf("    | %s\n", line);
}

static void fh_port_signal(void *opaque, bool on)
{
	struct fh *fh = opaque;

	fh->n_signal++;
	fh->signal = on;
	if (fh->cable)
		cx4dev_peer_signal(fh->cable->dev, on);
}

void fh_cable(struct fh *a, struct fh *b)
{
	if (a->cable)
		a->cable->cable = NULL;
	a->cable = b;
	if (b)
		b->cable = a;
}

static const struct cx4dev_ops fh_ops = {
	.dma_read = fh_dma_read,
	.dma_write = fh_dma_write,
	.msix_notify = fh_msix,
	.transmit = fh_transmit,
	.timer_arm = fh_timer_arm,
	.now_ns = fh_now,
	.log = fh_log,
	.port_signal = fh_port_signal,
};

struct fh *fh_new(const struct cx4dev_config *cfg)
{
	struct fh *fh = calloc(1, sizeof(*fh));

	if (!fh)
		abort();
	fh->mem = calloc(1, FH_MEM_SIZE);
	if (!fh->mem)
		abort();
	fh->brk = FH_MEM_BASE;
	fh->now = 1000;
	fh->next_token = 1;
	fh->deadline = CX4DEV_NO_DEADLINE;
	fh->dev = cx4dev_create(&fh_ops, fh, cfg);
	if (!fh->dev)
		abort();
	return fh;
}

void fh_free(struct fh *fh)
{
	if (fh->cable)
		fh_cable(fh, NULL);
	cx4dev_destroy(fh->dev);
	fh_tx_clear(fh);
	for (size_t i = 0; i < fh->nlines; i++)
		free(fh->lines[i]);
	free(fh->lines);
	free(fh->mem);
	free(fh);
}

void *fh_ptr(struct fh *fh, uint64_t gpa)
{
	if (!fh_range_ok(gpa, 1))
		abort();
	return fh->mem + (gpa - FH_MEM_BASE);
}

uint64_t fh_alloc(struct fh *fh, size_t size, size_t align)
{
	uint64_t a = (fh->brk + align - 1) & ~(uint64_t)(align - 1);

	if (!fh_range_ok(a, size))
		abort();
	fh->brk = a + size;
	memset(fh_ptr(fh, a), 0, size);
	return a;
}

/* Advance the clock, firing the device timer as often as it is due. */
void fh_advance(struct fh *fh, uint64_t ns)
{
	uint64_t end = fh->now + ns;

	while (fh->deadline != CX4DEV_NO_DEADLINE && fh->deadline <= end) {
		if (fh->deadline > fh->now)
			fh->now = fh->deadline;
		fh->deadline = CX4DEV_NO_DEADLINE;
		cx4dev_timer_expired(fh->dev);
	}
	fh->now = end;
}

void fh_dump_log(const struct fh *fh)
{
	for (size_t i = 0; i < fh->nlines; i++)
		printf("    | %s\n", fh->lines[i]);
}

bool fh_log_has(const struct fh *fh, const char *needle)
{
	for (size_t i = 0; i < fh->nlines; i++)
		if (strstr(fh->lines[i], needle))
			return true;
	return false;
}

/* The N of the last "cx4: guest_errors=N" line, as the VM runner reads it. */
long fh_last_error_count(const struct fh *fh)
{
	static const char key[] = "cx4: guest_errors=";

	for (size_t i = fh->nlines; i-- > 0;)
		if (!strncmp(fh->lines[i], key, sizeof(key) - 1))
			return strtol(fh->lines[i] + sizeof(key) - 1, NULL, 10);
	return -1;
}

uint32_t fh_rd32(struct fh *fh, uint64_t off)
{
	return (uint32_t)cx4dev_mmio_read(fh->dev, off, 4);
}

void fh_wr32(struct fh *fh, uint64_t off, uint32_t val)
{
	cx4dev_mmio_write(fh->dev, off, val, 4);
}

uint64_t fh_uar_off(struct fh *fh, uint32_t uar)
{
	return (uint64_t)uar << cx4dev_uar_shift(fh->dev);
}

void fh_eq_db(struct fh *fh, uint32_t uar, uint32_t eqn, uint32_t ci, bool arm)
{
	uint8_t db[CX4_EQ_DB_SIZE] = { 0 };

	CX4_SET(EQ_DB, db, EQN, eqn);
	CX4_SET(EQ_DB, db, CI, ci);
	fh_wr32(fh, fh_uar_off(fh, uar) + (arm ? CX4_UAR_OFF_EQ_ARM : CX4_UAR_OFF_EQ_UPDATE),
		cx4_rd32(db, 0));
}

void fh_cq_db(struct fh *fh, const struct fh_cq *cq, uint32_t sn, bool solicited, bool split)
{
	uint64_t off = fh_uar_off(fh, cq->uar) + CX4_UAR_OFF_CQ_DB;
	uint8_t db[CX4_CQ_DB_SIZE] = { 0 };

	CX4_SET(CQ_DB, db, CMD_SN, sn);
	CX4_SET(CQ_DB, db, CMD, solicited ? CX4_CQ_DB_CMD_ARM_SOLICITED : CX4_CQ_DB_CMD_ARM_NEXT);
	CX4_SET(CQ_DB, db, CQ_CI, cq->cc);
	CX4_SET(CQ_DB, db, CQN, cq->cqn);
	if (!split) {
		cx4dev_mmio_write(fh->dev, off, cx4_get64(db, 0), CX4_CQ_DB_SIZE);
		return;
	}
	/* Lower address first (PRM 7.2.2.2). */
	fh_wr32(fh, off, cx4_rd32(db, 0));
	fh_wr32(fh, off + CX4_FLD_OFF(CX4_CQ_DB_CQN), cx4_rd32(db, CX4_FLD_OFF(CX4_CQ_DB_CQN)));
}

void fh_boot(struct fh *fh)
{
	fh->cmdq = fh_alloc(fh, 4096, 4096);
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_H, (uint32_t)(fh->cmdq >> 32));
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_L, (uint32_t)fh->cmdq);
	while (fh_rd32(fh, CX4_INIT_OFF_INITIALIZING) >> 31)
		fh_advance(fh, 10 * 1000 * 1000);
}

/* Build a mailbox chain of @n blocks; data copied from @data (may be NULL). */
static void fh_build_chain(struct fh *fh, uint64_t *mb, uint32_t n, const uint8_t *data,
			   uint32_t data_len, uint8_t token, bool input)
{
	for (uint32_t i = 0; i < n; i++)
		mb[i] = fh_alloc(fh, 1024, 1024);
	for (uint32_t i = 0; i < n; i++) {
		uint8_t *b = fh_ptr(fh, mb[i]);
		uint32_t off = CX4_CMDQ_INLINE_SIZE + i * CX4_MBOX_DATA_SIZE;

		if (data && off < data_len) {
			uint32_t chunk = data_len - off;

			memcpy(b, data + off, chunk > CX4_MBOX_DATA_SIZE ? CX4_MBOX_DATA_SIZE : chunk);
		}
		cx4_set64(b, CX4_MBOX_OFF_NEXT, i + 1 < n ? mb[i + 1] : 0);
		CX4_SET(MBOX, b, BLOCK_NUMBER, i);
		CX4_SET(MBOX, b, TOKEN, token);
		cx4_mbox_sign(b, input);
	}
}

void fh_post(struct fh *fh, struct fh_post *p, unsigned slot, const void *in, uint32_t in_len,
	     uint32_t out_len)
{
	uint8_t *e;

	memset(p, 0, sizeof(*p));
	p->slot = slot;
	p->entry = fh->cmdq + slot * CX4_CMDQ_ENTRY_SIZE;
	p->token = fh->next_token++;
	if (!fh->next_token)
		fh->next_token = 1;
	p->n_in = cx4_mbox_blocks(in_len);
	p->n_out = cx4_mbox_blocks(out_len);
	p->out_len = out_len;
	if (p->n_in > FH_MAX_MBOX || p->n_out > FH_MAX_MBOX)
		abort();
	fh_build_chain(fh, p->in_mb, p->n_in, in, in_len, p->token, true);
	fh_build_chain(fh, p->out_mb, p->n_out, NULL, 0, p->token, false);
	e = fh_ptr(fh, p->entry);
	memset(e, 0, CX4_CMDQ_ENTRY_SIZE);
	CX4_SET(CMDQ, e, TYPE, CX4_CMDQ_TYPE_PCIE);
	CX4_SET(CMDQ, e, INPUT_LENGTH, in_len);
	CX4_SET(CMDQ, e, OUTPUT_LENGTH, out_len);
	memcpy(e + CX4_CMDQ_OFF_IN_INLINE, in, in_len < 16 ? in_len : 16);
	if (p->n_in)
		cx4_set64(e, CX4_CMDQ_OFF_IN_MBOX, p->in_mb[0]);
	if (p->n_out)
		cx4_set64(e, CX4_CMDQ_OFF_OUT_MBOX, p->out_mb[0]);
	CX4_SET(CMDQ, e, TOKEN, p->token);
	CX4_SET(CMDQ, e, OWNERSHIP, CX4_CMDQ_OWNER_HW);
	cx4_cmdq_entry_sign(e);
}

void fh_ring(struct fh *fh, uint32_t bits)
{
	fh_wr32(fh, CX4_INIT_OFF_CMD_DBELL, bits);
}

void fh_collect(struct fh *fh, const struct fh_post *p, struct fh_result *r)
{
	const uint8_t *e = fh_ptr(fh, p->entry);
	uint32_t len = p->out_len < sizeof(r->out) ? p->out_len : sizeof(r->out);

	memset(r, 0, sizeof(*r));
	r->done = CX4_GET(CMDQ, e, OWNERSHIP) == CX4_CMDQ_OWNER_SW;
	r->ds = (uint8_t)CX4_GET(CMDQ, e, STATUS);
	r->sig_ok = cx4_cmdq_entry_sig_ok(e);
	memcpy(r->out, e + CX4_CMDQ_OFF_OUT_INLINE, len < 16 ? len : 16);
	for (uint32_t i = 0; i < p->n_out; i++) {
		const uint8_t *b = fh_ptr(fh, p->out_mb[i]);
		uint32_t off = CX4_CMDQ_INLINE_SIZE + i * CX4_MBOX_DATA_SIZE;

		if (!cx4_mbox_sig_ok(b) || !cx4_mbox_ctrl_sig_ok(b))
			r->sig_ok = false;
		if (off < len) {
			uint32_t chunk = len - off;

			memcpy(r->out + off, b, chunk > CX4_MBOX_DATA_SIZE ? CX4_MBOX_DATA_SIZE : chunk);
		}
	}
	r->status = (uint8_t)CX4_GET(CMD_OUT, r->out, STATUS);
	r->syndrome = CX4_GET(CMD_OUT, r->out, SYNDROME);
}

void fh_ring_collect(struct fh *fh, const struct fh_post *p, struct fh_result *r)
{
	fh_ring(fh, 1u << p->slot);
	fh_collect(fh, p, r);
}

void fh_exec(struct fh *fh, const void *in, uint32_t in_len, uint32_t out_len,
	     struct fh_result *r)
{
	struct fh_post p;

	fh_post(fh, &p, 0, in, in_len, out_len);
	fh_ring_collect(fh, &p, r);
}

uint8_t fh_status(const struct fh_result *r)
{
	return r->done && !r->ds ? r->status : 0xff;
}

uint8_t fh_run(struct fh *fh, const void *in, uint32_t in_len, uint32_t out_len,
	       struct fh_result *r)
{
	fh_exec(fh, in, in_len, out_len, r);
	return fh_status(r);
}

uint8_t fh_simple(struct fh *fh, uint16_t opcode, uint16_t op_mod, struct fh_result *r)
{
	uint8_t in[16] = { 0 };
	struct fh_result tmp;

	if (!r)
		r = &tmp;
	CX4_SET(CMD_IN, in, OPCODE, opcode);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	return fh_run(fh, in, sizeof(in), 16, r);
}

uint32_t fh_simple_out(struct fh *fh, uint16_t op, uint32_t f)
{
	struct fh_result r;

	CHECK_EQ(fh_simple(fh, op, 0, &r), CX4_CMD_STAT_OK);
	return cx4_get(r.out, f);
}

uint8_t fh_cmd16(struct fh *fh, uint16_t opcode, uint16_t op_mod, uint32_t f1, uint32_t v1,
		 uint32_t f2, uint32_t v2, uint32_t out_len, struct fh_result *r)
{
	uint8_t in[16] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, opcode);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	if (f1)
		cx4_set(in, f1, v1);
	if (f2)
		cx4_set(in, f2, v2);
	return fh_run(fh, in, sizeof(in), out_len, r);
}

uint8_t fh_give_pages(struct fh *fh, uint32_t n, uint64_t *pas, struct fh_result *r)
{
	uint32_t len = cx4_manage_pages_size(n);
	uint8_t *in = calloc(1, len);
	struct fh_result tmp;

	if (!in)
		abort();
	if (!r)
		r = &tmp;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MANAGE_PAGES);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_MANAGE_PAGES_ALLOC_SUCCESS);
	CX4_SET(MANAGE_PAGES_IN, in, NUM_ENTRIES, n);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t pa = pas ? pas[i] : fh_alloc(fh, 4096, 4096);

		cx4_set64(in, CX4_MANAGE_PAGES_OFF_PAS + i * CX4_PAS_SIZE, pa);
	}
	fh_exec(fh, in, len, 16, r);
	free(in);
	return fh_status(r);
}

uint8_t fh_take_pages(struct fh *fh, uint32_t n, struct fh_result *r)
{
	uint8_t in[16] = { 0 };
	struct fh_result tmp;

	if (!r)
		r = &tmp;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MANAGE_PAGES);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_MANAGE_PAGES_RETURN);
	CX4_SET(MANAGE_PAGES_IN, in, NUM_ENTRIES, n);
	return fh_run(fh, in, sizeof(in), cx4_manage_pages_size(n), r);
}

int32_t fh_query_pages(struct fh *fh, uint16_t op_mod)
{
	struct fh_result r;

	if (fh_simple(fh, CX4_CMD_QUERY_PAGES, op_mod, &r) != CX4_CMD_STAT_OK)
		return INT32_MIN;
	return (int32_t)CX4_GET(QUERY_PAGES_OUT, r.out, NUM_PAGES);
}

int fh_enable_cmdif_checksum(struct fh *fh)
{
	static uint8_t in[CX4_SET_HCA_CAP_IN_SIZE];
	static struct fh_result r;
	uint8_t q[16] = { 0 };

	CX4_SET(CMD_IN, q, OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, q, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 1));
	fh_exec(fh, q, sizeof(q), CX4_QUERY_HCA_CAP_OUT_SIZE, &r);
	if (!r.done || r.ds || r.status)
		return -1;
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_HCA_CAP);
	memcpy(CX4_ADDR(SET_HCA_CAP_IN, in, CAP), CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), CX4_HCA_CAP_SIZE);
	CX4_SET(CAP, CX4_ADDR(SET_HCA_CAP_IN, in, CAP), CMDIF_CHECKSUM, CX4_CMDIF_CSUM_ENABLED);
	fh_exec(fh, in, sizeof(in), CX4_SET_HCA_CAP_OUT_SIZE, &r);
	return r.done && !r.ds && !r.status ? 0 : -1;
}

int fh_bringup(struct fh *fh)
{
	int32_t n;

	fh_boot(fh);
	if (fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, NULL))
		return -1;
	/* A strict driver: it signs everything and has the device check it. */
	if (fh_enable_cmdif_checksum(fh))
		return -5;
	n = fh_query_pages(fh, CX4_PAGES_BOOT);
	if (n < 0 || (n && fh_give_pages(fh, (uint32_t)n, NULL, NULL)))
		return -2;
	n = fh_query_pages(fh, CX4_PAGES_INIT);
	if (n < 0 || (n && fh_give_pages(fh, (uint32_t)n, NULL, NULL)))
		return -3;
	if (fh_simple(fh, CX4_CMD_INIT_HCA, 0, NULL))
		return -4;
	return 0;
}

struct fh *fh_new_up(const struct cx4dev_config *cfg)
{
	struct cx4dev_config def;
	struct fh *fh;

	if (!cfg) {
		cx4dev_config_init(&def);
		def.debug_ctl = true;
		cfg = &def;
	}
	fh = fh_new(cfg);
	CHECK_EQ(fh_bringup(fh), 0);
	return fh;
}

uint32_t fh_ctl_rd(struct fh *fh, uint32_t off)
{
	return fh_rd32(fh, CX4DEV_CTL_BASE + off);
}

void fh_ctl_wr(struct fh *fh, uint32_t off, uint32_t val)
{
	fh_wr32(fh, CX4DEV_CTL_BASE + off, val);
}

/* ---- queue buffers ---- */

void fh_pas_fill(uint8_t *pas, uint32_t n, uint64_t buf, uint64_t page)
{
	for (uint32_t i = 0; i < n; i++)
		cx4_set64(pas, i * CX4_PAS_SIZE, buf + i * page);
}

/* ---- event queues ---- */

void fh_eq_params_init(struct fh_eq_params *p, uint32_t uar, uint32_t log_size, uint64_t mask)
{
	memset(p, 0, sizeof(*p));
	p->uar = uar;
	p->log_size = log_size;
	p->mask = mask;
	p->npas = -1;
}

uint8_t fh_eq_create(struct fh *fh, const struct fh_eq_params *p, struct fh_eq *eq,
		     struct fh_result *r, void (*tweak)(uint8_t *in))
{
	uint64_t bytes = (uint64_t)CX4_EQE_SIZE << p->log_size;
	uint64_t page = (uint64_t)CX4_PAGE_SIZE << p->log_page_size;
	uint32_t need = (uint32_t)((bytes + page - 1) / page);
	uint32_t npas = p->npas < 0 ? need : (uint32_t)p->npas;
	uint32_t len = cx4_create_eq_in_size(npas) + p->extra;
	uint8_t *in = calloc(1, len);
	uint8_t *eqc = CX4_ADDR(CREATE_EQ_IN, in, EQC);
	uint64_t buf = p->buf ? p->buf : fh_alloc(fh, need * page, page);

	if (!in)
		abort();
	/* PRM 7.13.2.1: every EQE starts out hardware owned (owner 1). */
	if (!p->buf)
		for (uint64_t o = 0; o < bytes; o += CX4_EQE_SIZE)
			*(uint8_t *)fh_ptr(fh, buf + o + CX4_EQE_OFF_OWNER_BYTE) = 1;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_EQ);
	CX4_SET(EQC, eqc, LOG_EQ_SIZE, p->log_size);
	CX4_SET(EQC, eqc, LOG_PAGE_SIZE, p->log_page_size);
	CX4_SET(EQC, eqc, UAR_PAGE, p->uar);
	CX4_SET(EQC, eqc, INTR, p->intr);
	CX4_SET(EQC, eqc, OI, p->oi);
	cx4_set64(in, CX4_CREATE_EQ_OFF_EVENT_BITMASK, p->mask);
	fh_pas_fill(in + CX4_CREATE_EQ_OFF_PAS, npas, buf, page);
	if (tweak)
		tweak(in);
	fh_exec(fh, in, len, CX4_CREATE_EQ_OUT_SIZE, r);
	free(in);
	if (eq) {
		memset(eq, 0, sizeof(*eq));
		eq->eqn = CX4_GET(CREATE_EQ_OUT, r->out, EQ_NUMBER);
		eq->uar = p->uar;
		eq->log_size = p->log_size;
		eq->buf = buf;
	}
	return fh_status(r);
}

uint8_t *fh_eq_poll(struct fh *fh, struct fh_eq *eq)
{
	uint32_t idx = eq->cc & ((1u << eq->log_size) - 1);
	uint8_t *e = fh_ptr(fh, eq->buf + (uint64_t)idx * CX4_EQE_SIZE);

	if (CX4_GET(EQE, e, OWNER) != cx4_owner_bit(eq->cc, eq->log_size))
		return NULL;
	CHECK(cx4_eqe_sig_ok(e, idx));
	eq->cc = (eq->cc + 1) & CX4_QUEUE_COUNTER_MASK;
	return e;
}

/* ---- completion queues ---- */

void fh_cq_params_init(struct fh_cq_params *p, uint32_t uar, uint32_t eqn, uint32_t log_size)
{
	memset(p, 0, sizeof(*p));
	p->uar = uar;
	p->eqn = eqn;
	p->log_size = log_size;
	p->npas = -1;
}

uint8_t fh_cq_create(struct fh *fh, const struct fh_cq_params *p, struct fh_cq *cq,
		     struct fh_result *r, void (*tweak)(uint8_t *in))
{
	uint64_t bytes = (uint64_t)CX4_CQE_SIZE << p->log_size;
	uint32_t need = (uint32_t)((bytes + CX4_PAGE_SIZE - 1) / CX4_PAGE_SIZE);
	uint32_t npas = p->npas < 0 ? need : (uint32_t)p->npas;
	uint32_t len = cx4_create_cq_in_size(npas);
	uint8_t *in = calloc(1, len);
	uint8_t *cqc = CX4_ADDR(CREATE_CQ_IN, in, CQC);
	uint32_t npages = npas > need ? npas : npas ? npas : 1;
	uint64_t buf, dbr;

	if (!in)
		abort();
	if (npages > need)
		npages = need;
	buf = fh_alloc(fh, (uint64_t)npages * CX4_PAGE_SIZE, CX4_PAGE_SIZE);
	dbr = p->dbr ? p->dbr : fh_alloc(fh, 64, 64);
	if (bytes > (uint64_t)npages * CX4_PAGE_SIZE)
		bytes = (uint64_t)npages * CX4_PAGE_SIZE;
	/* Nothing to consume before the device writes (PRM 7.12.3.2). */
	for (uint64_t o = 0; o < bytes; o += CX4_CQE_SIZE)
		CX4_SET(CQE, fh_ptr(fh, buf + o), OPCODE, CX4_CQE_OP_INVALID);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_CQ);
	CX4_SET(CQC, cqc, LOG_CQ_SIZE, p->log_size);
	CX4_SET(CQC, cqc, UAR_PAGE, p->uar);
	CX4_SET(CQC, cqc, C_EQN, p->eqn);
	CX4_SET(CQC, cqc, CQE_SZ, p->cqe_sz);
	CX4_SET(CQC, cqc, OI, p->oi);
	CX4_SET(CQC, cqc, CQ_PERIOD, p->period);
	CX4_SET(CQC, cqc, CQ_MAX_COUNT, p->max_count);
	CX4_SET(CQC, cqc, CQ_PERIOD_MODE, p->period_mode);
	CX4_SET(CQC, cqc, SCQE_BREAK_MODERATION_EN, p->scqe_break);
	CX4_SET(CQC, cqc, CQE_COMPRESSION_EN, p->compression);
	CX4_SET(CQC, cqc, MINI_CQE_RES_FORMAT, p->mini_format);
	CX4_SET64(CQC, cqc, DBR_ADDR, dbr);
	fh_pas_fill(in + CX4_CREATE_CQ_OFF_PAS, npas, buf, CX4_PAGE_SIZE);
	if (tweak)
		tweak(in);
	fh_exec(fh, in, len, CX4_CREATE_CQ_OUT_SIZE, r);
	free(in);
	if (cq) {
		memset(cq, 0, sizeof(*cq));
		cq->cqn = CX4_GET(CREATE_CQ_OUT, r->out, CQN);
		cq->uar = p->uar;
		cq->log_size = p->log_size;
		cq->buf = buf;
		cq->dbr = dbr;
	}
	return fh_status(r);
}

/*
 * PRM 7.12.3.2: the CQE at the consumer counter is new when its owner bit
 * matches the counter's wrap bit and its opcode is not 0xf; consume it and
 * publish the counter in the doorbell record.
 */
uint8_t *fh_cq_poll(struct fh *fh, struct fh_cq *cq)
{
	uint32_t idx = cq->cc & ((1u << cq->log_size) - 1);
	uint8_t *c = fh_ptr(fh, cq->buf + (uint64_t)idx * CX4_CQE_SIZE);

	if (CX4_GET(CQE, c, OWNER) != cx4_owner_bit(cq->cc, cq->log_size) ||
	    CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_INVALID)
		return NULL;
	CHECK(cx4_cqe_sig_ok(c, idx));
	cq->cc = (cq->cc + 1) & CX4_QUEUE_COUNTER_MASK;
	CX4_SET(CQ_DBR, fh_ptr(fh, cq->dbr), UPDATE_CI, cq->cc);
	return c;
}

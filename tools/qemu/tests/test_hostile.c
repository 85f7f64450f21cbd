/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: hostile-device mode (hostile.c, debug control page
 * 0x300-0x35c).  For every action: the same seed gives the same
 * sequence, its mask bit off means no effect, the counters move, and
 * neither the action nor the guest's reasonable reaction to it is a guest
 * error; a failed hostile DMA is a hostile DMA fault.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "syndrome.h"
#include "testutil.h"

#include "ethenv.h"

/* Hostile-mode registers of the debug control page (device-model.md). */
#define CTL_HOSTILE		0x300
#define CTL_HOSTILE_SEED	0x304
#define CTL_HOSTILE_HITS	0x308
#define CTL_HOSTILE_DMA_FAULTS	0x30c
#define CTL_HOSTILE_EXCUSED	0x310
#define CTL_HOSTILE_LOG_DROPPED	0x314
#define CTL_HOSTILE_ONE_IN(a)	(0x320 + 4 * (a))
#define CTL_HOSTILE_HITS_BY(a)	(0x340 + 4 * (a))

/* Action @a fires with probability 1 in @one_in, from @seed; @mask: the actions on. */
static void hostile_set(struct fh *fh, unsigned a, uint32_t one_in, uint32_t seed, uint32_t mask)
{
	fh_ctl_wr(fh, CTL_HOSTILE_ONE_IN(a), one_in);
	fh_ctl_wr(fh, CTL_HOSTILE_SEED, seed);
	fh_ctl_wr(fh, CTL_HOSTILE, mask);
}

/* Action @a alone, firing with probability 1 in @one_in, from @seed. */
static void hostile_on(struct fh *fh, unsigned a, uint32_t seed, uint32_t one_in)
{
	hostile_set(fh, a, one_in, seed, 1u << a);
}

/* FNV-1a over the "hostile:" log lines: the sequence of actions taken. */
static uint64_t hostile_log_hash(const struct fh *fh)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < fh->nlines; i++) {
		if (!strstr(fh->lines[i], "cx4: hostile: "))
			continue;
		for (const char *p = fh->lines[i]; *p; p++)
			h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
	}
	return h;
}

static size_t log_count(const struct fh *fh, const char *needle)
{
	size_t n = 0;

	for (size_t i = 0; i < fh->nlines; i++)
		n += strstr(fh->lines[i], needle) != NULL;
	return n;
}

/* ---- registers, properties ---- */

static void test_hostile_regs(void)
{
	static const uint32_t defaults[CX4DEV_HOSTILE_NUM] = { 32, 32, 32, 16, 2, 64, 64, 4 };
	struct cx4dev_config cfg;
	struct fh *fh = fh_new_up(NULL);

	/* Off by default; defaults readable; nothing hostile in a bring-up. */
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_SEED), 0);
	for (unsigned a = 0; a < CX4DEV_HOSTILE_NUM; a++)
		CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_ONE_IN(a)), defaults[a]);
	CHECK(!fh_log_has(fh, "cx4: hostile: "));
	fh_ctl_wr(fh, CTL_HOSTILE_ONE_IN(3), 5);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_ONE_IN(3)), 5);
	fh_ctl_wr(fh, CTL_HOSTILE_ONE_IN(3), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_ONE_IN(3)), 16);
	/* Undefined action bits: a guest error, mask unchanged. */
	fh_ctl_wr(fh, CTL_HOSTILE, 0x100);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE), 0);
	/* Read-only registers. */
	fh_ctl_wr(fh, CTL_HOSTILE_HITS, 1);
	CHECK_EQ(ERRORS(fh), 2);
	/* A seed write restarts the sequence and clears the counters. */
	hostile_on(fh, CX4DEV_HOSTILE_STORM, 9, 1);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS), 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_STORM)), 1);
	fh_ctl_wr(fh, CTL_HOSTILE_SEED, 9);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_STORM)), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE), 1u << CX4DEV_HOSTILE_STORM);
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 0);
	fh_free(fh);

	/* Device properties hostile= / hostile-seed=. */
	cx4dev_config_init(&cfg);
	cfg.debug_ctl = true;
	cfg.hostile = 0x20;
	cfg.hostile_seed = 7;
	fh = fh_new(&cfg);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE), 0x20);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_SEED), 7);
	CHECK(fh_log_has(fh, "hostile-device mode: mask 0x20 seed 7"));
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_HOSTILE_HITS), 0);
	fh_free(fh);
}

/* ---- cqe: fields mutated, CQE rewritten after the owner bit flipped ---- */

#define NSEND 6

struct cqe_run {
	uint8_t seen[NSEND][CX4_CQE_SIZE];	/* as polled right after the send */
	uint8_t later[NSEND][CX4_CQE_SIZE];	/* after two more doorbells */
	uint64_t log;
	uint32_t hits, errors, knob_hits, rewritten, faults;
};

/* Send NSEND frames, polling each CQE slot; @hole_after: unmap the CQ at the end. */
static void cqe_run(uint32_t mask, uint32_t seed, bool hole_after, struct cqe_run *o)
{
	struct env *e = env_new(true);
	struct fh *fh = e->fh;
	uint8_t f[128];
	uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 10, true);

	memset(o, 0, sizeof(*o));
	if (mask)
		hostile_set(fh, CX4DEV_HOSTILE_CQE, 1, seed, mask);
	for (uint32_t i = 0; i < NSEND; i++) {
		env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
		memcpy(o->seen[i], fh_ptr(fh, e->scq.buf + i * CX4_CQE_SIZE), CX4_CQE_SIZE);
	}
	if (hole_after) {
		fh->hole = e->scq.buf;
		fh->hole_len = CX4_PAGE_SIZE;
	}
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	fh->hole_len = 0;
	for (uint32_t i = 0; i < NSEND; i++)
		memcpy(o->later[i], fh_ptr(fh, e->scq.buf + i * CX4_CQE_SIZE), CX4_CQE_SIZE);
	o->log = hostile_log_hash(fh);
	o->hits = fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_CQE));
	o->errors = (uint32_t)ERRORS(fh);
	o->knob_hits = fh_ctl_rd(fh, CTL_KNOB_HITS);
	o->rewritten = (uint32_t)log_count(fh, "rewritten after ownership");
	o->faults = fh_ctl_rd(fh, CTL_HOSTILE_DMA_FAULTS);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS), o->hits);
	env_free(e);
}

static void test_hostile_cqe(void)
{
	struct cqe_run *base = calloc(4, sizeof(*base)), *a = base + 1, *b = base + 2;
	struct cqe_run *off = base + 3;
	uint32_t changed_later = 0;

	cqe_run(0, 0, false, base);
	cqe_run(1u << CX4DEV_HOSTILE_CQE, 3, false, a);
	cqe_run(1u << CX4DEV_HOSTILE_CQE, 3, false, b);
	/* Every other action on, this one off: CQEs as without hostile mode. */
	cqe_run(~(1u << CX4DEV_HOSTILE_CQE) & 0xffu & ~(1u << CX4DEV_HOSTILE_CQE_EXTRA) &
		~(1u << CX4DEV_HOSTILE_CMD), 3, false, off);
	CHECK(!memcmp(a, b, sizeof(*a)));
	CHECK(memcmp(base->seen, a->seen, sizeof(a->seen)) || memcmp(base->later, a->later,
								       sizeof(a->later)));
	CHECK(!memcmp(base->seen, off->seen, sizeof(off->seen)));
	CHECK_EQ(off->hits, 0);
	CHECK_EQ(a->hits, NSEND);
	CHECK_EQ(a->errors, 0);
	CHECK_EQ(a->knob_hits, 0);
	CHECK_EQ(base->hits, 0);
	/* The double fetch: rewritten while the owner bit stays as written. */
	CHECK(a->rewritten >= 1);
	for (uint32_t i = 0; i < NSEND; i++) {
		if (!memcmp(a->seen[i], a->later[i], CX4_CQE_SIZE))
			continue;
		changed_later++;
		CHECK_EQ(CX4_GET(CQE, a->seen[i], OWNER), CX4_GET(CQE, a->later[i], OWNER));
		CHECK(cx4_cqe_sig_ok(a->later[i], i));
	}
	/* (A rewrite may come during the same send: BlueFlame is many writes.) */
	CHECK(changed_later >= 1 && changed_later <= a->rewritten);
	/* The CQ unmapped before the last rewrite: a hostile DMA fault, no guest error. */
	cqe_run(1u << CX4DEV_HOSTILE_CQE, 3, true, b);
	CHECK_EQ(b->faults, 1);
	CHECK_EQ(b->rewritten, a->rewritten - 1);
	CHECK_EQ(b->errors, 0);
	free(base);
}

/* ---- cqe-extra: CQEs for unposted, duplicate, out-of-order WQEs ---- */

static void extra_run(uint32_t mask, uint32_t seed, uint8_t *cqbuf, uint32_t *errors,
		      uint32_t *excused, uint32_t *hits)
{
	struct env *e = env_new(true);
	struct fh *fh = e->fh;

	if (mask)
		hostile_set(fh, CX4DEV_HOSTILE_CQE_EXTRA, 1, seed, mask);
	/* Never polled: the 32-entry CQ overruns. */
	for (uint32_t i = 0; i < 40; i++)
		fh_ctl_wr(fh, CTL_CQE_POST, e->scq.cqn);
	memcpy(cqbuf, fh_ptr(fh, e->scq.buf), 32 * CX4_CQE_SIZE);
	*errors = (uint32_t)ERRORS(fh);
	*excused = fh_ctl_rd(fh, CTL_HOSTILE_EXCUSED);
	*hits = fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_CQE_EXTRA));
	CHECK_EQ(*excused, cx4dev_counter(fh->dev, CX4DEV_CNT_HOSTILE_EXCUSED));
	CHECK(!*excused || fh_log_has(fh, "guest-error (hostile reaction): CQ"));
	env_free(e);
}

static void test_hostile_cqe_extra(void)
{
	uint8_t *buf = calloc(3, 32 * CX4_CQE_SIZE), *b1 = buf + 32 * CX4_CQE_SIZE;
	uint8_t *b2 = b1 + 32 * CX4_CQE_SIZE, *c;
	uint32_t err, exc, hits, err1, exc1, hits1, wc0, wc1;
	struct env *e;

	/* Without hostile mode the overrun is the driver's: one guest error. */
	extra_run(0, 0, buf, &err, &exc, &hits);
	CHECK_EQ(err, 1);
	CHECK_EQ(exc, 0);
	CHECK_EQ(hits, 0);
	/* With extra CQEs in the CQ it is a reaction: excused. */
	extra_run(1u << CX4DEV_HOSTILE_CQE_EXTRA, 5, b1, &err, &exc, &hits);
	extra_run(1u << CX4DEV_HOSTILE_CQE_EXTRA, 5, b2, &err1, &exc1, &hits1);
	CHECK_EQ(err, 0);
	CHECK_EQ(exc, 1);
	CHECK(hits > 0);
	CHECK(!memcmp(b1, b2, 32 * CX4_CQE_SIZE) && hits == hits1 && exc == exc1);
	CHECK(memcmp(buf, b1, 32 * CX4_CQE_SIZE));
	/* Mask bit off (cqe-extra's neighbours on): the overrun is the driver's again. */
	extra_run(1u << CX4DEV_HOSTILE_EQE | 1u << CX4DEV_HOSTILE_STORM, 5, b2, &err, &exc, &hits);
	CHECK_EQ(err, 1);
	CHECK_EQ(exc, 0);
	CHECK_EQ(hits, 0);
	CHECK(!memcmp(buf, b2, 32 * CX4_CQE_SIZE));

	/* One send: the real CQE, then an extra one with another wqe_counter story. */
	e = env_new(true);
	hostile_on(e->fh, CX4DEV_HOSTILE_CQE_EXTRA, 5, 1);
	{
		uint8_t f[128];
		uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 10, true);

		env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	}
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c != NULL);
	wc0 = c ? CX4_GET(CQE, c, WQE_COUNTER) : 0;
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c != NULL);
	wc1 = c ? CX4_GET(CQE, c, WQE_COUNTER) : 0;
	CHECK_EQ(wc0, 0);
	CHECK(fh_log_has(e->fh, "extra CQE"));
	CHECK(wc1 == wc0 ? fh_log_has(e->fh, "duplicate") :
	      ((wc1 - wc0) & 0xffff) < 0x8000 ? fh_log_has(e->fh, "unposted") :
	      fh_log_has(e->fh, "out-of-order"));
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);
	CHECK_EQ(ERRORS(e->fh), 0);
	/* The next entry unmapped: the real CQE lands, the extra one faults. */
	e->fh->hole = e->scq.buf + 3 * CX4_CQE_SIZE;
	e->fh->hole_len = CX4_CQE_SIZE;
	fh_ctl_wr(e->fh, CTL_CQE_POST, e->scq.cqn);
	e->fh->hole_len = 0;
	CHECK(fh_cq_poll(e->fh, &e->scq) != NULL);
	CHECK(fh_cq_poll(e->fh, &e->scq) == NULL);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_HOSTILE_DMA_FAULTS), 1);
	CHECK(fh_log_has(e->fh, "DMA fault: extra CQE"));
	CHECK_EQ(e->fh->dev->cqs[e->scq.cqn]->status, CX4_CQC_STATUS_OK);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
	free(buf);
}

/* ---- eqe: event fields ---- */

static void eqe_run(uint32_t mask, uint32_t seed, uint8_t *eqbuf, uint32_t *hits,
		    uint32_t *errors)
{
	struct env *e = env_new(true);
	struct fh *fh = e->fh;

	if (mask)
		hostile_set(fh, CX4DEV_HOSTILE_EQE, 1, seed, mask);
	for (uint32_t i = 0; i < 4; i++) {
		/* Arm (ARM_NEXT, cmd_sn i) with everything consumed, then a CQE. */
		fh_cq_db(fh, &e->scq, i & CX4_MAX(CQ_DB, CMD_SN), false, true);
		fh_ctl_wr(fh, CTL_CQE_POST, e->scq.cqn);
		CHECK(fh_cq_poll(fh, &e->scq) != NULL);
	}
	memcpy(eqbuf, fh_ptr(fh, fh->dev->eqs[e->eqn].pas[0]), 4 * CX4_EQE_SIZE);
	*hits = fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_EQE));
	*errors = (uint32_t)ERRORS(fh);
	CHECK_EQ(fh->dev->eqs[e->eqn].pc, 4);
	env_free(e);
}

static void test_hostile_eqe(void)
{
	uint8_t base[4 * CX4_EQE_SIZE], a[4 * CX4_EQE_SIZE], b[4 * CX4_EQE_SIZE];
	uint32_t hits, hits_b, errors;

	eqe_run(0, 0, base, &hits, &errors);
	CHECK_EQ(hits, 0);
	CHECK_EQ(errors, 0);
	for (uint32_t i = 0; i < 4; i++)
		CHECK_EQ(CX4_GET(EQE, base + i * CX4_EQE_SIZE, EVENT_TYPE),
			 CX4_EVENT_COMPLETION);
	eqe_run(1u << CX4DEV_HOSTILE_EQE, 21, a, &hits, &errors);
	eqe_run(1u << CX4DEV_HOSTILE_EQE, 21, b, &hits_b, &errors);
	CHECK_EQ(hits, 4);
	CHECK_EQ(errors, 0);
	CHECK(!memcmp(a, b, sizeof(a)) && hits == hits_b);
	for (uint32_t i = 0; i < 4; i++) {
		const uint8_t *x = base + i * CX4_EQE_SIZE, *y = a + i * CX4_EQE_SIZE;

		/* One field changed; owner and signature still right. */
		CHECK(memcmp(x, y, CX4_EQE_SIZE));
		CHECK_EQ(CX4_GET(EQE, x, OWNER), CX4_GET(EQE, y, OWNER));
		CHECK(cx4_eqe_sig_ok(y, i));
	}
	/* Off (only the caps action on): EQEs as without hostile mode. */
	eqe_run(1u << CX4DEV_HOSTILE_CAPS, 21, b, &hits, &errors);
	CHECK(!memcmp(base, b, sizeof(b)));
}

/* ---- cmd: outputs, early ownership, delivery errors ---- */

#define NCMD 16

struct cmd_run {
	uint8_t ds[NCMD], status[NCMD];
	uint32_t pd[NCMD];
	uint32_t early[NCMD];		/* status byte writes of the command */
	uint64_t log;
	uint32_t hits, npds;
};

static void cmd_run(struct fh *fh, uint32_t mask, uint32_t seed, struct cmd_run *o)
{
	struct fh_result r;
	uint64_t status_byte = fh->cmdq + CX4_CMDQ_OFF_STATUS_BYTE;	/* slot 0 */

	memset(o, 0, sizeof(*o));
	if (mask)
		hostile_set(fh, CX4DEV_HOSTILE_CMD, 1, seed, mask);
	for (uint32_t i = 0; i < NCMD; i++) {
		size_t w = fh->n_byte_writes;

		fh_simple(fh, CX4_CMD_ALLOC_PD, 0, &r);
		CHECK(r.done);
		o->ds[i] = r.ds;
		o->status[i] = r.status;
		o->pd[i] = CX4_GET(ALLOC_PD_OUT, r.out, PD);
		for (size_t k = w; k < fh->n_byte_writes; k++)
			o->early[i] += fh->byte_writes[k] == status_byte;
	}
	fh_ctl_wr(fh, CTL_HOSTILE, 0);
	o->log = hostile_log_hash(fh);
	o->hits = fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_CMD));
	o->npds = (uint32_t)fh->dev->pds.n;
}

/* CREATE_TIS with transport domain 0; the status. */
static uint8_t create_tis_td0(struct fh *fh)
{
	uint8_t in[CX4_CREATE_TIS_IN_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_TIS);
	fh_exec(fh, in, sizeof(in), CX4_CREATE_TIS_OUT_SIZE, &r);
	return r.status;
}

static void test_hostile_cmd(void)
{
	struct cmd_run base, a, b;
	struct fh *fh = fh_new_up(NULL), *fh2 = fh_new_up(NULL);
	struct fh_result r;
	uint32_t nds = 0, nearly = 0, nfake = 0;
	uint8_t in[CX4_CMD_HDR_SIZE];
	uint32_t exc;

	cmd_run(fh, 0, 0, &base);
	for (uint32_t i = 0; i < NCMD; i++) {
		CHECK_EQ(base.ds[i], 0);
		CHECK_EQ(base.early[i], 1);
	}
	CHECK_EQ(base.hits, 0);
	fh_free(fh);
	/* Every other action on, this one off: answers as without hostile mode. */
	fh = fh_new_up(NULL);
	cmd_run(fh, 0xffu & ~(1u << CX4DEV_HOSTILE_CMD), 77, &a);
	CHECK(!memcmp(base.ds, a.ds, sizeof(a.ds)) && !memcmp(base.pd, a.pd, sizeof(a.pd)) &&
	      !memcmp(base.early, a.early, sizeof(a.early)));
	CHECK_EQ(a.hits, 0);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
	fh = fh_new_up(NULL);
	cmd_run(fh, 1u << CX4DEV_HOSTILE_CMD, 77, &a);
	cmd_run(fh2, 1u << CX4DEV_HOSTILE_CMD, 77, &b);
	CHECK(!memcmp(&a, &b, sizeof(a)));
	fh_free(fh2);
	CHECK_EQ(a.hits, NCMD);
	for (uint32_t i = 0; i < NCMD; i++) {
		nds += a.ds[i] != 0;
		nearly += a.early[i] == 2;
		nfake += !a.ds[i] && a.early[i] == 1;
	}
	/* Each kind seen; delivery errors were not executed. */
	CHECK(nds && nearly && nfake);
	CHECK_EQ(nds + nearly + nfake, NCMD);
	CHECK_EQ(a.npds, NCMD - nds);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 0);
	/*
	 * The driver frees what it was told it got: the faked ids are not
	 * there (or were another PD), the rejects are excused; the PDs whose
	 * ids it never learnt leak and TEARDOWN_HCA is excused for them.
	 */
	for (uint32_t i = 0; i < NCMD; i++)
		if (!a.ds[i])
			env_cmd_obj(fh, CX4_CMD_DEALLOC_PD, CX4_DEALLOC_PD_IN_PD, a.pd[i],
				    CX4_DEALLOC_PD_OUT_SIZE, &r);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK(fh_ctl_rd(fh, CTL_HOSTILE_EXCUSED) >= 1);
	/* Only those: a made-up id the model never answered is a guest error. */
	CHECK_EQ(env_cmd_obj(fh, CX4_CMD_DEALLOC_PD, CX4_DEALLOC_PD_IN_PD, 0xabcd,
			     CX4_DEALLOC_PD_OUT_SIZE, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(fh), 1);
	/*
	 * A faked id 0 (seed 77 has one) used as a reference: a CREATE_ that
	 * names a missing object (transport domain 0 of a TIS) is excused;
	 * without the faked 0 it is a guest error.
	 */
	CHECK(fh->dev->hostile.faked_zero);
	exc = fh_ctl_rd(fh, CTL_HOSTILE_EXCUSED);
	CHECK_EQ(create_tis_td0(fh), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_EXCUSED), exc + 1);
	fh2 = fh_new_up(NULL);
	CHECK_EQ(create_tis_td0(fh2), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(fh2), 1);
	fh_free(fh2);
	/* An 8-byte input is not read beyond. */
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DEALLOC_PD);
	fh_exec(fh, in, CX4_CMD_HDR_SIZE, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_IN_LEN);
	CHECK_EQ(ERRORS(fh), 2);
	/* State checks are never excused, not even for TEARDOWN_HCA. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, NULL), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(ERRORS(fh), 3);
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, NULL), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(ERRORS(fh), 4);
	/* A CQ doorbell aimed at the faked UAR 0 lands on the init segment: excused. */
	exc = fh_ctl_rd(fh, CTL_HOSTILE_EXCUSED);
	fh_wr32(fh, CX4_UAR_OFF_CQ_DB, 0x01000000);
	CHECK_EQ(ERRORS(fh), 4);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_EXCUSED), exc + 1);
	fh_free(fh);
}

/*
 * A faked 8-bit id used where the RQ context keeps it, in the top byte of
 * a dword (counter_set_id of ALLOC_Q_COUNTER: make fuzz, seed 5): the
 * rejection of that CREATE_RQ is a reaction, excused.
 */
static void test_hostile_cmd_top_byte(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct cx4dev_hostile *h = &fh->dev->hostile;
	uint8_t in[CX4_CREATE_RQ_IN_SIZE] = { 0 };
	struct cx4dev_cmd cmd = { .in = in, .in_len = sizeof(in),
				  .opcode = CX4_CMD_CREATE_RQ };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_RQ);
	CX4_SET(RQC, in + CX4_CREATE_RQ_IN_OFF_CTX, COUNTER_SET_ID, 0x8b);
	CHECK(!cx4dev_hostile_cmd_excused(fh->dev, &cmd));
	h->cmd_tainted = true;
	CHECK(!cx4dev_hostile_cmd_excused(fh->dev, &cmd));
	h->faked[0] = 0x8b;
	h->nfaked = 1;
	CHECK(cx4dev_hostile_cmd_excused(fh->dev, &cmd));
	fh_free(fh);
}

/*
 * A created object's id faked through its output dword (not its id
 * field): the real object is orphaned and keeps what it uses, so a
 * release that finds it still in use is a reaction (make fuzz seed 8: a
 * CREATE_TIR answered so, then DESTROY_RQT refused: the RQT still had
 * the real TIR).
 */
static void test_hostile_cmd_field_orphan(void)
{
	struct fh *fh = fh_new_up(NULL);
	uint8_t out[CX4_CMD_HDR_SIZE + 4] = { 0 };
	struct cx4dev_cmd create = { .out = out, .out_len = sizeof(out),
				     .opcode = CX4_CMD_CREATE_TIR,
				     .status = CX4_CMD_STAT_OK,
				     .hostile = CX4DEV_HCMD_FIELD };
	struct cx4dev_cmd destroy = { .opcode = CX4_CMD_DESTROY_RQT };

	cx4_wr32(out, CX4_CMD_HDR_SIZE, 7);
	CHECK(!cx4dev_hostile_in_use_excused(fh->dev, &destroy));
	/* The only output dword after the header: the id's. */
	cx4dev_hostile_cmd_out(fh->dev, &create);
	CHECK(cx4_rd32(out, CX4_CMD_HDR_SIZE) != 7);
	CHECK(cx4dev_hostile_in_use_excused(fh->dev, &destroy));
	fh_free(fh);
}

/*
 * A flow group id faked as 0 (CREATE_FLOW_GROUP's output) and then used by
 * SET_FLOW_TABLE_ENTRY: no group 0 in the table, an unknown object, whose
 * rejection is a reaction (CI of 2026-11-28, fuzz seed 1: it was a
 * BAD_PARAM then, counted as a guest error).  Without the faked 0 it stays
 * a guest error.
 */
static void test_hostile_cmd_zero_group(void)
{
	static const uint8_t dmac[6] = { 0x02, 0, 0, 0, 0, 9 };
	struct env *e = env_new(true);
	struct cx4dev_hostile *h = &e->fh->dev->hostile;
	struct fh_result r;
	uint64_t exc;
	uint32_t fg = e->fg;

	CHECK(fg != 0);
	e->fg = 0;
	CHECK_EQ(env_set_fte(e, 1, dmac, e->tir, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_FG_UNKNOWN);
	CHECK_EQ(ERRORS(e->fh), 1);
	h->cmd_tainted = true;
	h->faked_zero = true;
	exc = fh_ctl_rd(e->fh, CTL_HOSTILE_EXCUSED);
	CHECK_EQ(env_set_fte(e, 1, dmac, e->tir, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(e->fh), 1);
	CHECK_EQ(fh_ctl_rd(e->fh, CTL_HOSTILE_EXCUSED), exc + 1);
	e->fg = fg;
	env_free(e);
}

/* ---- caps: capability values at their limits ---- */

static void query_caps(struct fh *fh, bool cur, uint8_t *caps)
{
	uint8_t in[16] = { 0 };
	static struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, cur));
	CHECK_EQ(fh_run(fh, in, sizeof(in), CX4_QUERY_HCA_CAP_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	memcpy(caps, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), CX4_HCA_CAP_SIZE);
}

static void test_hostile_caps(void)
{
	static uint8_t base[CX4_HCA_CAP_SIZE], a[CX4_HCA_CAP_SIZE], b[CX4_HCA_CAP_SIZE];
	static uint8_t max[CX4_HCA_CAP_SIZE];
	struct fh *fh = fh_new_up(NULL), *fh2 = fh_new_up(NULL);
	uint32_t diff = 0;

	query_caps(fh, true, base);
	query_caps(fh, false, max);
	hostile_on(fh, CX4DEV_HOSTILE_CAPS, 4, 1);
	hostile_on(fh2, CX4DEV_HOSTILE_CAPS, 4, 1);
	query_caps(fh, true, a);
	query_caps(fh2, true, b);
	CHECK(!memcmp(a, b, sizeof(a)));
	for (uint32_t i = 0; i < CX4_HCA_CAP_SIZE; i++)
		diff += a[i] != base[i];
	CHECK(diff >= 1 && diff <= 2);
	/* What it reports is what it enforces. */
	CHECK(!memcmp(a, fh->dev->caps.cur[CX4DEV_CAPI_GENERAL], sizeof(a)));
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_CAPS)), 1);
	/* The maximum capabilities are not touched. */
	fh_ctl_wr(fh, CTL_HOSTILE, 0);
	query_caps(fh, false, b);
	CHECK(!memcmp(max, b, sizeof(b)));
	CHECK_EQ(ERRORS(fh), 0);
	/* A reset brings the real capabilities back. */
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK(!memcmp(base, fh->dev->caps.cur[CX4DEV_CAPI_GENERAL], sizeof(base)) ||
	      CX4_GET(CAP, base, CMDIF_CHECKSUM) != CX4_CMDIF_CSUM_INITIAL);
	CHECK_EQ(CX4_GET(CAP, fh->dev->caps.cur[CX4DEV_CAPI_GENERAL], LOG_MAX_CQ),
		 CX4_GET(CAP, base, LOG_MAX_CQ));
	CHECK_EQ(ERRORS(fh), 0);
	/* Mask bit off: untouched. */
	hostile_on(fh2, CX4DEV_HOSTILE_STORM, 4, 1);
	query_caps(fh2, true, b);
	CHECK(!memcmp(a, b, sizeof(b)));
	CHECK_EQ(fh_ctl_rd(fh2, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_CAPS)), 0);
	fh_free(fh);
	fh_free(fh2);
}

/* ---- storm: spurious MSI-X on every vector ---- */

static void test_hostile_storm(void)
{
	struct fh *fh = fh_new_up(NULL), *fh2 = fh_new_up(NULL);
	unsigned before = fh->msix_count, d1, d2;

	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh->msix_count, before);
	hostile_on(fh, CX4DEV_HOSTILE_STORM, 1, 1);
	hostile_on(fh2, CX4DEV_HOSTILE_STORM, 1, 1);
	before = fh->msix_count;
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	d1 = fh->msix_count - before;
	before = fh2->msix_count;
	CHECK_EQ(fh_simple(fh2, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	d2 = fh2->msix_count - before;
	CHECK_EQ(d1, d2);
	CHECK(d1 >= 64 && d1 % 64 == 0);
	for (unsigned v = 0; v < 64; v++)
		CHECK(fh->msix_vec[v] >= 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS), 1);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK(fh_log_has(fh, "spurious MSI-X"));
	/* Off: nothing. */
	fh_ctl_wr(fh, CTL_HOSTILE, 1u << CX4DEV_HOSTILE_PAGES);
	fh_ctl_wr(fh, CTL_HOSTILE_ONE_IN(CX4DEV_HOSTILE_PAGES), 1000000);
	before = fh->msix_count;
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh->msix_count, before);
	fh_free(fh);
	fh_free(fh2);
}

/* ---- pages: page request sequences ---- */

static void pages_run(struct fh *fh, uint32_t mask, int32_t *q)
{
	if (mask)
		hostile_set(fh, CX4DEV_HOSTILE_PAGES, 1, 12, mask);
	for (uint32_t i = 0; i < 6; i++)
		q[i] = fh_query_pages(fh, CX4_PAGES_REGULAR);
}

static void test_hostile_pages(void)
{
	struct fh *fh = fh_new_up(NULL), *fh2 = fh_new_up(NULL), *fh3 = fh_new_up(NULL);
	int32_t base[6], a[6], b[6], need;
	struct fh_result r;
	bool moved = false;

	pages_run(fh3, 0, base);
	pages_run(fh, 1u << CX4DEV_HOSTILE_PAGES, a);
	pages_run(fh2, 1u << CX4DEV_HOSTILE_PAGES, b);
	CHECK(!memcmp(a, b, sizeof(a)));
	for (uint32_t i = 0; i < 6; i++) {
		CHECK_EQ(base[i], 0);
		moved |= a[i] != 0;
	}
	CHECK(moved);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_PAGES)), 6);
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 0);
	CHECK_EQ(ERRORS(fh), 0);
	/*
	 * The driver answers a request the device has changed since: more
	 * pages than now wanted, rejected but excused.
	 */
	fh_ctl_wr(fh, CTL_HOSTILE, 0);
	fh_ctl_wr(fh, CTL_PAGE_REQUEST, 0x80000000u);	/* down to the floor */
	need = fh_query_pages(fh, CX4_PAGES_REGULAR);
	CHECK(need <= 0);
	CHECK_EQ(fh_give_pages(fh, 1, NULL, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_EXCUSED), 1);
	/* Without hostile page requests the same is the driver's fault. */
	CHECK_EQ(fh_give_pages(fh3, 1, NULL, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh3), 1);
	/* Mask bit off (storm and zombie on): no page requests. */
	fh_free(fh2);
	fh2 = fh_new_up(NULL);
	pages_run(fh2, 1u << CX4DEV_HOSTILE_STORM | 1u << CX4DEV_HOSTILE_ZOMBIE, b);
	CHECK(!memcmp(base, b, sizeof(b)));
	CHECK_EQ(fh_ctl_rd(fh2, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_PAGES)), 0);
	fh_free(fh);
	fh_free(fh2);
	fh_free(fh3);
}

/* ---- zombie: DMA after a failed DESTROY or a hang ---- */

static void test_hostile_zombie(void)
{
	struct env *e = env_new(true);
	struct fh *fh = e->fh;
	struct fh_result r;
	struct fh_post p;
	uint8_t in[16] = { 0 };

	hostile_on(fh, CX4DEV_HOSTILE_ZOMBIE, 2, 1);
	/* DESTROY_CQ fails (injected): the device goes on using the CQ. */
	fh_ctl_wr(fh, CTL_FAIL_OPCODE, CX4_CMD_DESTROY_CQ);
	CHECK_EQ(env_cmd_obj(fh, CX4_CMD_DESTROY_CQ, CX4_DESTROY_CQ_IN_CQN, e->rcq.cqn,
			     CX4_DESTROY_CQ_OUT_SIZE, &r), CX4_CMD_STAT_INTERNAL_ERR);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_ZOMBIE)), 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_DMA_FAULTS), 0);
	/* The driver freed (unmapped) it anyway: a hostile DMA fault, once. */
	fh->hole = e->rcq.buf;
	fh->hole_len = CX4_PAGE_SIZE;
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_DMA_FAULTS), 1);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_HOSTILE_DMA_FAULTS), 1);
	CHECK(fh_log_has(fh, "DMA fault: CQ after failed DESTROY_CQ"));
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_DMA_FAULTS), 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_ZOMBIE)), 2);
	fh->hole_len = 0;
	CHECK_EQ(ERRORS(fh), 0);

	/* A hung command: its output mailbox is written on. */
	fh_ctl_wr(fh, CTL_HANG_OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 1));
	fh_post(fh, &p, 5, in, sizeof(in), CX4_QUERY_HCA_CAP_OUT_SIZE);
	fh_ring(fh, 1u << 5);
	fh_collect(fh, &p, &r);
	CHECK(!r.done);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(CX4DEV_HOSTILE_ZOMBIE)), 3);
	fh->hole = p.out_mb[0];
	fh->hole_len = 1024;
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_DMA_FAULTS), 2);
	CHECK(fh_log_has(fh, "output mailbox of a hung command"));
	fh->hole_len = 0;
	CHECK_EQ(ERRORS(fh), 0);
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	env_free(e);

	/* Mask bit off: a failed DESTROY_CQ leaves no zombie. */
	e = env_new(true);
	fh = e->fh;
	hostile_on(fh, CX4DEV_HOSTILE_STORM, 2, 1000000);
	fh_ctl_wr(fh, CTL_FAIL_OPCODE, CX4_CMD_DESTROY_CQ);
	env_cmd_obj(fh, CX4_CMD_DESTROY_CQ, CX4_DESTROY_CQ_IN_CQN, e->rcq.cqn,
		    CX4_DESTROY_CQ_OUT_SIZE, &r);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, NULL), CX4_CMD_STAT_OK);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS), 0);
	CHECK_EQ(fh->dev->hostile.nzombie, 0);
	env_free(e);
}

/* ---- the log stays small ---- */

static void test_hostile_log_rate(void)
{
	struct fh *fh = fh_new_up(NULL);

	hostile_on(fh, CX4DEV_HOSTILE_STORM, 1, 1);
	for (uint32_t i = 0; i < 100; i++)
		fh_simple(fh, CX4_CMD_NOP, 0, NULL);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_HITS), 100);
	CHECK_EQ(log_count(fh, "cx4: hostile: "), 32);
	CHECK_EQ(fh_ctl_rd(fh, CTL_HOSTILE_LOG_DROPPED), 68);
	fh_advance(fh, 1000000000ull);
	fh_simple(fh, CX4_CMD_NOP, 0, NULL);
	CHECK(fh_log_has(fh, "hostile: 68 lines suppressed"));
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

/* ---- everything at once: the model survives its own hostility ---- */

/* Give what QUERY_PAGES(@op_mod) asks, at most 64 pages. */
static void survive_pages(struct fh *fh, uint16_t op_mod)
{
	int32_t n = fh_query_pages(fh, op_mod);

	if (n > 0)
		fh_give_pages(fh, n > 64 ? 64 : (uint32_t)n, NULL, NULL);
	else if (n < 0 && n != INT32_MIN)
		fh_take_pages(fh, n < -64 ? 64 : (uint32_t)-n, NULL);
}

/* A driver that checks nothing and never trusts a count beyond 64. */
static void survive_run(uint32_t seed, uint64_t *hits_by)
{
	struct cx4dev_config cfg;
	struct fh *fh;
	struct fh_result r;
	struct fh_post p;
	struct fh_eq_params eqp;
	struct fh_cq_params cqp;
	struct fh_eq eq;
	struct fh_cq cq;
	uint8_t in[16];
	uint32_t uar, eqn, cqn;
	uint64_t cqbuf, dbr;

	cx4dev_config_init(&cfg);
	cfg.debug_ctl = true;
	cfg.hostile = 0xff;
	cfg.hostile_seed = seed;
	fh = fh_new(&cfg);
	for (unsigned a = 0; a < CX4DEV_HOSTILE_NUM; a++)
		fh_ctl_wr(fh, CTL_HOSTILE_ONE_IN(a), a == CX4DEV_HOSTILE_CAPS ? 1 : 3);
	fh_boot(fh);
	fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, NULL);
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 1));
	fh_run(fh, in, 16, CX4_QUERY_HCA_CAP_OUT_SIZE, &r);
	survive_pages(fh, CX4_PAGES_BOOT);
	survive_pages(fh, CX4_PAGES_INIT);
	fh_simple(fh, CX4_CMD_INIT_HCA, 0, NULL);
	fh_simple(fh, CX4_CMD_ALLOC_UAR, 0, &r);
	uar = CX4_GET(ALLOC_UAR_OUT, r.out, UAR) & 0x7ff;
	fh_eq_params_init(&eqp, uar, 6, CX4_EVENT_BIT(CX4_EVENT_CQ_ERROR) |
			  CX4_EVENT_BIT(CX4_EVENT_PAGE_REQUEST) |
			  CX4_EVENT_BIT(CX4_EVENT_PORT_STATE_CHANGE));
	fh_eq_create(fh, &eqp, &eq, &r, NULL);
	eqn = eq.eqn;
	fh_cq_params_init(&cqp, uar, eqn, 4);
	fh_cq_create(fh, &cqp, &cq, &r, NULL);
	cqn = cq.cqn;
	cqbuf = cq.buf;
	dbr = cq.dbr;
	for (uint32_t i = 0; i < 64; i++) {
		fh_ctl_wr(fh, CTL_CQE_POST, cqn);
		cq.cc++;
		CX4_SET(CQ_DBR, fh_ptr(fh, dbr), UPDATE_CI, cq.cc);
		fh_cq_db(fh, &cq, i & CX4_MAX(CQ_DB, CMD_SN), false, true);
		/* All EQEs consumed (the harness peeks at the producer counter). */
		fh_eq_db(fh, uar, eqn, eqn < CX4DEV_MAX_EQ ? fh->dev->eqs[eqn].pc : 0, true);
		if (i % 8 == 0)
			survive_pages(fh, CX4_PAGES_REGULAR);
		if (i == 20) {
			fh_ctl_wr(fh, CTL_FAIL_OPCODE, CX4_CMD_DESTROY_CQ);
			env_cmd_obj(fh, CX4_CMD_DESTROY_CQ, CX4_DESTROY_CQ_IN_CQN, cqn,
				    CX4_DESTROY_CQ_OUT_SIZE, &r);
		}
		if (i == 30) {
			uint8_t q[16] = { 0 };

			fh_ctl_wr(fh, CTL_HANG_OPCODE, CX4_CMD_QUERY_HCA_CAP);
			CX4_SET(CMD_IN, q, OPCODE, CX4_CMD_QUERY_HCA_CAP);
			CX4_SET(CMD_IN, q, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 1));
			fh_post(fh, &p, 9, q, sizeof(q), CX4_QUERY_HCA_CAP_OUT_SIZE);
			fh_ring(fh, 1u << 9);
		}
		if (i == 40) {
			fh->hole = cqbuf;
			fh->hole_len = CX4_PAGE_SIZE;
		}
	}
	fh->hole_len = 0;
	fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, NULL);
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	fh_advance(fh, 1000000000ull);
	for (unsigned a = 0; a < CX4DEV_HOSTILE_NUM; a++)
		hits_by[a] += fh_ctl_rd(fh, CTL_HOSTILE_HITS_BY(a));
	fh_free(fh);
}

static void test_hostile_survive(void)
{
	uint64_t hits_by[CX4DEV_HOSTILE_NUM] = { 0 };
	int saved = t_failed;

	/* Under ASan/UBSan: any model bug reached by the actions aborts here. */
	for (uint32_t seed = 1; seed <= 24; seed++)
		survive_run(seed, hits_by);
	t_failed = saved;
	for (unsigned a = 0; a < CX4DEV_HOSTILE_NUM; a++)
		CHECK(hits_by[a] > 0);
}

static const struct test hostile_tests[] = {
	T(test_hostile_regs),
	T(test_hostile_cqe),
	T(test_hostile_cqe_extra),
	T(test_hostile_eqe),
	T(test_hostile_cmd),
	T(test_hostile_cmd_top_byte),
	T(test_hostile_cmd_field_orphan),
	T(test_hostile_cmd_zero_group),
	T(test_hostile_caps),
	T(test_hostile_storm),
	T(test_hostile_pages),
	T(test_hostile_zombie),
	T(test_hostile_log_rate),
	T(test_hostile_survive),
};
SUITE(hostile, hostile_tests);

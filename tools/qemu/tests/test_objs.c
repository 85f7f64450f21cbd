/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: memory keys (CREATE/QUERY/DESTROY_MKEY, the reserved LKey,
 * translation), the NIC vport (QUERY/MODIFY_VPORT_STATE, QUERY/MODIFY_
 * NIC_VPORT_CONTEXT) and CONFIG_INT_MODERATION.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_tpt.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "syndrome.h"
#include "testutil.h"

static const uint8_t test_mac[6] = { 0x52, 0x54, 0x00, 0xc4, 0x00, 0x01 };

static struct fh *objs_dev(void)
{
	struct cx4dev_config cfg;

	cx4dev_config_init(&cfg);
	cfg.debug_ctl = true;
	memcpy(cfg.mac, test_mac, sizeof(test_mac));
	return fh_new_up(&cfg);
}

static uint32_t alloc_pd(struct fh *fh)
{
	return fh_simple_out(fh, CX4_CMD_ALLOC_PD, CX4_ALLOC_PD_OUT_PD);
}

/* ---- MKeys ---- */

struct mk_params {
	uint32_t mode;
	uint32_t pd;
	uint64_t start;
	uint64_t len;
	bool len64;
	bool pg_access;
	uint32_t log_es;
	uint32_t octs;
	uint32_t actual;
	uint64_t mtt[16];
	uint32_t lr, lw;
	uint32_t variant;
};

static void mk_params_pa(struct mk_params *p, uint32_t pd, uint64_t start, uint64_t len)
{
	memset(p, 0, sizeof(*p));
	p->mode = CX4_MKC_ACCESS_MODE_PA;
	p->pd = pd;
	p->start = start;
	p->len = len;
	p->lr = 1;
	p->lw = 1;
	p->variant = 0x5a;
}

static uint8_t create_mkey(struct fh *fh, const struct mk_params *p, uint32_t in_len,
			   void (*tweak)(uint8_t *in), struct fh_result *r)
{
	uint8_t in[0x200] = { 0 };
	uint8_t *mkc = in + CX4_CREATE_MKEY_IN_OFF_MKC;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_MKEY);
	CX4_SET(CREATE_MKEY_IN, in, PG_ACCESS, p->pg_access);
	CX4_SET(CREATE_MKEY_IN, in, TRANSLATIONS_OCTWORD_ACTUAL_SIZE, p->actual);
	CX4_SET(MKC, mkc, ACCESS_MODE, p->mode);
	CX4_SET(MKC, mkc, LR, p->lr);
	CX4_SET(MKC, mkc, LW, p->lw);
	CX4_SET(MKC, mkc, QPN, CX4_MKC_QPN_NONE);
	CX4_SET(MKC, mkc, MKEY_7_0, p->variant);
	CX4_SET(MKC, mkc, LENGTH64, p->len64);
	CX4_SET(MKC, mkc, PD, p->pd);
	CX4_SET64(MKC, mkc, START_ADDR, p->start);
	CX4_SET64(MKC, mkc, LEN, p->len);
	CX4_SET(MKC, mkc, TRANSLATIONS_OCTWORD_SIZE, p->octs);
	CX4_SET(MKC, mkc, LOG_ENTITY_SIZE, p->log_es);
	for (uint32_t i = 0; i < 16; i++)
		cx4_set64(in, CX4_CREATE_MKEY_IN_OFF_MTT + i * CX4_MTT_SIZE, p->mtt[i]);
	if (tweak)
		tweak(in);
	return fh_run(fh, in, in_len ? in_len : sizeof(in), CX4_CREATE_MKEY_OUT_SIZE, r);
}

static void test_mkey_pa_query_destroy(void)
{
	struct fh *fh = objs_dev();
	uint32_t pd = alloc_pd(fh);
	struct mk_params p;
	struct fh_result r;
	const char *why;
	uint32_t idx, key;
	uint64_t pa;
	uint8_t *mkc;

	/* Reserved LKey (PRM 6.3): VA = PA for anyone. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_SPECIAL_CONTEXTS, 0, &r), 0);
	CHECK_EQ(CX4_GET(QUERY_SPECIAL_CONTEXTS_OUT, r.out, RESD_LKEY), CX4DEV_RESD_LKEY);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, CX4DEV_RESD_LKEY, 0, 0x1234, 64, true, &pa, &why),
		 64);
	CHECK_EQ(pa, 0x1234);

	mk_params_pa(&p, pd, 0x10000, 0x3000);
	CHECK_EQ(create_mkey(fh, &p, 0, NULL, &r), 0);
	idx = CX4_GET(CREATE_MKEY_OUT, r.out, MKEY_INDEX);
	CHECK(idx >= CX4DEV_FIRST_MKEY);
	key = cx4_mkey(idx, 0x5a);
	CHECK(fh_log_has(fh, "created: PA, pd"));

	/* Translation: bounds, PD, variant, access. */
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0x10100, 0x100, false, &pa, &why), 0x100);
	CHECK_EQ(pa, 0x10100);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0x12f00, 0x200, false, &pa, &why), 0);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd + 1, 0x10000, 1, false, &pa, &why), 0);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key ^ 1, pd, 0x10000, 1, false, &pa, &why), 0);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0xffff, 1, false, &pa, &why), 0);

	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_MKEY, 0, CX4_QUERY_MKEY_IN_MKEY_INDEX, idx, 0, 0,
			  CX4_QUERY_MKEY_OUT_OFF_MTT, &r), 0);
	mkc = r.out + CX4_QUERY_MKEY_OUT_OFF_MKC;
	CHECK_EQ(CX4_GET(MKC, mkc, ACCESS_MODE), CX4_MKC_ACCESS_MODE_PA);
	CHECK_EQ(CX4_GET(MKC, mkc, PD), pd);
	CHECK_EQ(CX4_GET(MKC, mkc, MKEY_7_0), 0x5a);
	CHECK_EQ(CX4_GET(MKC, mkc, LR), 1);
	CHECK_EQ(CX4_GET(MKC, mkc, LW), 1);
	CHECK_EQ(CX4_GET(MKC, mkc, RW), 0);
	CHECK_EQ(CX4_GET(MKC, mkc, QPN), CX4_MKC_QPN_NONE);
	CHECK_EQ(CX4_GET64(MKC, mkc, START_ADDR), 0x10000);
	CHECK_EQ(CX4_GET64(MKC, mkc, LEN), 0x3000);
	CHECK_EQ(ERRORS(fh), 0);

	/* QUERY_MKEY checks. */
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_MKEY, 1, CX4_QUERY_MKEY_IN_MKEY_INDEX, idx, 0, 0,
			  CX4_QUERY_MKEY_OUT_OFF_MTT, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_BAD_OPMOD);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_MKEY, 0, CX4_QUERY_MKEY_IN_MKEY_INDEX, idx,
			  CX4_QUERY_MKEY_IN_PG_ACCESS, 1, CX4_QUERY_MKEY_OUT_OFF_MTT, &r),
			  CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_MKEY_PG_ACCESS);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_MKEY, 0, CX4_QUERY_MKEY_IN_MKEY_INDEX, idx + 7, 0, 0,
			  CX4_QUERY_MKEY_OUT_OFF_MTT, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_MKEY_UNKNOWN);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_MKEY, 0, CX4_QUERY_MKEY_IN_MKEY_INDEX, idx, 0, 0,
			  0x10, &r), CX4_CMD_STAT_BAD_OUTPUT_LEN);
	CHECK_EQ(ERRORS(fh), 4);

	/* A PD with an MKey cannot go. */
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_DEALLOC_PD, 0, CX4_DEALLOC_PD_IN_PD, pd, 0, 0, 16, &r),
		 CX4_CMD_STAT_BAD_RES_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PD_IN_USE);
	CHECK_EQ(ERRORS(fh), 5);

	CHECK_EQ(fh_cmd16(fh, CX4_CMD_DESTROY_MKEY, 0, CX4_DESTROY_MKEY_IN_MKEY_INDEX, idx, 0, 0,
			  16, &r), 0);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0x10100, 1, false, &pa, &why), 0);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_DESTROY_MKEY, 0, CX4_DESTROY_MKEY_IN_MKEY_INDEX, idx, 0, 0,
			  16, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_MKEY_UNKNOWN);
	CHECK_EQ(ERRORS(fh), 6);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_DEALLOC_PD, 0, CX4_DEALLOC_PD_IN_PD, pd, 0, 0, 16, &r), 0);
	/* Special contexts: op_mod none, not before INIT_HCA (checked by the table). */
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_SPECIAL_CONTEXTS, 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_OPMOD_NONZERO);
	CHECK_EQ(ERRORS(fh), 7);
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 7);
	fh_free(fh);
}

static void test_mkey_mtt_translation(void)
{
	struct fh *fh = objs_dev();
	uint32_t pd = alloc_pd(fh);
	struct mk_params p;
	struct fh_result r;
	const char *why;
	uint32_t idx, key;
	uint64_t pa;
	uint8_t in[16] = { 0 };

	/* 3 pages of 4 KB starting 0x800 into the first: va 0x7000800 + 0x2000. */
	mk_params_pa(&p, pd, 0x7000800, 0x2000);
	p.mode = CX4_MKC_ACCESS_MODE_MTT;
	p.log_es = 12;
	p.octs = 4;		/* room for 8 entries */
	p.actual = 2;		/* 4 delivered */
	p.pg_access = true;
	p.mtt[0] = 0xa0000000ull | 3;
	p.mtt[1] = 0xb0000000ull | 1;	/* read only */
	p.mtt[2] = 0xc0000000ull | 3;
	p.mtt[3] = 0xd0000000ull | 3;
	CHECK_EQ(create_mkey(fh, &p, 0, NULL, &r), 0);
	idx = CX4_GET(CREATE_MKEY_OUT, r.out, MKEY_INDEX);
	key = cx4_mkey(idx, p.variant);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0x7000900, 0x1000, true, &pa, &why),
		 0x700);
	CHECK_EQ(pa, 0xa0000900);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0x7001000, 0x10, false, &pa, &why), 0x10);
	CHECK_EQ(pa, 0xb0000000);
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0x7001000, 0x10, true, &pa, &why), 0);
	CHECK(why && strstr(why, "wr_en"));
	CHECK_EQ(cx4dev_mkey_translate(fh->dev, key, pd, 0x7002700, 0x100, true, &pa, &why), 0x100);
	CHECK_EQ(pa, 0xc0000700);

	/* QUERY_MKEY: PAS (access bits stripped) or MTTs, as much as fits. */
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_MKEY);
	CX4_SET(QUERY_MKEY_IN, in, MKEY_INDEX, idx);
	fh_exec(fh, in, 16, cx4_query_mkey_out_size(3), &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(CX4_GET(MKC, CX4_CADDR(QUERY_MKEY_OUT, r.out, MKC), TRANSLATIONS_OCTWORD_SIZE), 4);
	CHECK_EQ(CX4_GET(MKC, CX4_CADDR(QUERY_MKEY_OUT, r.out, MKC), LOG_ENTITY_SIZE), 12);
	CHECK_EQ(cx4_get64(r.out, CX4_QUERY_MKEY_OUT_OFF_MTT + 8), 0xb0000000ull);
	CHECK_EQ(cx4_get64(r.out, CX4_QUERY_MKEY_OUT_OFF_MTT + 24), 0);	/* no room */
	CX4_SET(QUERY_MKEY_IN, in, PG_ACCESS, 1);
	fh_exec(fh, in, 16, cx4_query_mkey_out_size(8), &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(cx4_get64(r.out, CX4_QUERY_MKEY_OUT_OFF_MTT + 8), 0xb0000001ull);
	CHECK_EQ(cx4_get64(r.out, CX4_QUERY_MKEY_OUT_OFF_MTT + 24), 0xd0000003ull);
	CHECK_EQ(cx4_get64(r.out, CX4_QUERY_MKEY_OUT_OFF_MTT + 32), 0);
	CHECK_EQ(ERRORS(fh), 0);

	/* Left at graceful TEARDOWN_HCA: a guest error naming the MKey. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK(fh_log_has(fh, "1 PD, 0 transport domain, 1 MKey"));
	fh_free(fh);
}

static void tweak_mkc_reserved(uint8_t *in)
{
	cx4_set(in + CX4_CREATE_MKEY_IN_OFF_MKC, CX4_FLD(0x08, 0, 0), 1);	/* prm-offsets: ok, reserved */
}

static void tweak_free(uint8_t *in)
{
	CX4_SET(MKC, CX4_ADDR(CREATE_MKEY_IN, in, MKC), FREE, 1);
}

static void tweak_qpn(uint8_t *in)
{
	CX4_SET(MKC, CX4_ADDR(CREATE_MKEY_IN, in, MKC), QPN, 0);
}

#define MK_FAIL(p, len, tw, st, syn, nerr) do { \
	CHECK_EQ(create_mkey(fh, &(p), len, tw, &r), st); \
	CHECK_EQ(r.syndrome, syn); \
	CHECK_EQ(ERRORS(fh), nerr); \
} while (0)

static void test_mkey_create_errors(void)
{
	struct fh *fh = objs_dev();
	uint32_t pd = alloc_pd(fh);
	struct mk_params p, m;
	struct fh_result r;
	unsigned e = 0;

	mk_params_pa(&p, pd, 0x1000, 0x1000);
	m = p;
	m.mode = CX4_MKC_ACCESS_MODE_MTT;
	m.log_es = 12;
	m.octs = 4;
	m.actual = 1;
	m.mtt[0] = 0x40000000;
	m.mtt[1] = 0x40001000;

	/* KLM: model limitation, not a guest error. */
	p.mode = CX4_MKC_ACCESS_MODE_KLM;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ACCESS_MODE, e);
	CHECK(fh_log_has(fh, "model limitation: CREATE_MKEY access_mode KLM"));
	CHECK_EQ(LIMITS(fh), 1);
	p.mode = 3;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ACCESS_MODE, ++e);
	p.mode = CX4_MKC_ACCESS_MODE_PA;
	p.lr = 0;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ACCESS, ++e);
	p.lr = 1;
	MK_FAIL(p, 0, tweak_free, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ACCESS, ++e);
	MK_FAIL(p, 0, tweak_qpn, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_QPN, ++e);
	MK_FAIL(p, 0, tweak_mkc_reserved, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO, ++e);
	p.pd = pd + 1;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_MKEY_PD, ++e);
	p.pd = pd;
	p.len64 = true;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_LENGTH, ++e);
	p.len = 0;			/* length64 alone is fine for PA */
	CHECK_EQ(create_mkey(fh, &p, 0, NULL, &r), 0);
	p.len64 = false;
	p.start = ~0ull - 0xff;
	p.len = 0x200;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_LENGTH, ++e);
	p.start = 0x1000;
	p.octs = 4;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_TRANSLATION, ++e);
	p.octs = 0;
	p.pg_access = true;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_TRANSLATION, ++e);

	/* MTT mode. */
	CHECK_EQ(create_mkey(fh, &m, 0, NULL, &r), 0);
	p = m;
	p.log_es = 11;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ENTITY_SIZE, ++e);
	p = m;
	p.len64 = true;
	p.len = 0;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_LENGTH, ++e);
	p = m;
	p.octs = 0;
	p.actual = 0;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_OCTWORDS, ++e);
	p.octs = 6;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_OCTWORDS, ++e);
	p = m;
	p.len = 0x9000;		/* 9 pages > 8 entries */
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_OCTWORDS, ++e);
	p = m;
	p.actual = 5;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_OCTWORDS, ++e);
	p = m;
	p.actual = 4;
	MK_FAIL(p, cx4_create_mkey_in_size(6), NULL, CX4_CMD_STAT_BAD_INPUT_LEN,
		CX4DEV_SYN_MKEY_MTT_LEN, ++e);
	p = m;
	p.mtt[1] = 0x40001800;
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_MTT_ALIGN, ++e);
	p.mtt[1] = 0x40001001;	/* rd_en without pg_access */
	MK_FAIL(p, 0, NULL, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_MTT_ALIGN, ++e);
	p.pg_access = true;
	CHECK_EQ(create_mkey(fh, &p, 0, NULL, &r), 0);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_GUEST_ERRORS), e);
	/* Panic teardown: released quietly. */
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_TEARDOWN_HCA, 0, CX4_TEARDOWN_HCA_IN_PROFILE,
			  CX4_TEARDOWN_PANIC, 0, 0, 16, &r), 0);
	CHECK_EQ(ERRORS(fh), e);
	CHECK(fh_log_has(fh, "3 MKey"));
	fh_free(fh);
}

/* ---- vport ---- */

static void test_vport_state(void)
{
	struct fh *fh = objs_dev();
	struct fh_result r;

	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_VPORT_STATE, 0, &r), 0);
	CHECK_EQ(CX4_GET(QUERY_VPORT_STATE_OUT, r.out, ADMIN_STATE), CX4_VPORT_STATE_UP);
	CHECK_EQ(CX4_GET(QUERY_VPORT_STATE_OUT, r.out, STATE), CX4_VPORT_STATE_UP);
	/* The link knob drives the operational state. */
	cx4dev_link_set(fh->dev, 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_VPORT_STATE, 0, &r), 0);
	CHECK_EQ(CX4_GET(QUERY_VPORT_STATE_OUT, r.out, STATE), CX4_VPORT_STATE_DOWN);
	cx4dev_link_set(fh->dev, 1);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_MODIFY_VPORT_STATE, 0, CX4_MODIFY_VPORT_STATE_IN_ADMIN_STATE,
			  CX4_VPORT_STATE_DOWN, 0, 0, 16, &r), 0);
	CHECK(fh_log_has(fh, "vport: admin state down (link up)"));
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_VPORT_STATE, 0, &r), 0);
	CHECK_EQ(CX4_GET(QUERY_VPORT_STATE_OUT, r.out, ADMIN_STATE), CX4_VPORT_STATE_DOWN);
	CHECK_EQ(CX4_GET(QUERY_VPORT_STATE_OUT, r.out, STATE), CX4_VPORT_STATE_DOWN);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_MODIFY_VPORT_STATE, 0, CX4_MODIFY_VPORT_STATE_IN_ADMIN_STATE,
			  2, 0, 0, 16, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_ADMIN_STATE);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_VPORT_STATE, 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_BAD_OPMOD);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_MODIFY_VPORT_STATE, 1, CX4_MODIFY_VPORT_STATE_IN_ADMIN_STATE,
			  1, 0, 0, 16, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_BAD_OPMOD);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_MODIFY_VPORT_STATE, 0, CX4_FLD(0x0c, 8, 8), 1, 0, 0, 16, &r),	/* prm-offsets: ok */
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_RESERVED_NONZERO);
	CHECK_EQ(ERRORS(fh), 4);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_MODIFY_VPORT_STATE, 0, CX4_MODIFY_VPORT_STATE_IN_ADMIN_STATE,
			  CX4_VPORT_STATE_UP, 0, 0, 16, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_VPORT_STATE, 0, &r), 0);
	CHECK_EQ(CX4_GET(QUERY_VPORT_STATE_OUT, r.out, STATE), CX4_VPORT_STATE_UP);
	fh_free(fh);
}

static uint64_t mac64(const uint8_t *m)
{
	uint64_t v = 0;

	for (int i = 0; i < 6; i++)
		v = v << 8 | m[i];
	return v;
}

/* MODIFY_NIC_VPORT_CONTEXT with @n list entries from @list. */
static uint8_t modify_nvc(struct fh *fh, uint32_t sel, uint32_t mtu, uint32_t promisc,
			  uint32_t type, uint32_t n, const uint64_t *list, uint32_t len_list,
			  struct fh_result *r)
{
	uint32_t len = cx4_modify_nic_vport_ctx_in_size(len_list);
	uint8_t *in = calloc(1, len);
	uint8_t *ctx = in + CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX;

	if (!in)
		abort();
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_NIC_VPORT_CONTEXT);
	CX4_SET(MODIFY_NIC_VPORT_CTX_IN, in, FIELD_SELECT, sel);
	CX4_SET(NIC_VPORT, ctx, MTU, mtu);
	CX4_SET(NIC_VPORT, ctx, PROMISC_UC, promisc & 1);
	CX4_SET(NIC_VPORT, ctx, PROMISC_MC, (promisc >> 1) & 1);
	CX4_SET(NIC_VPORT, ctx, PROMISC_ALL, (promisc >> 2) & 1);
	CX4_SET(NIC_VPORT, ctx, ALLOWED_LIST_TYPE, type);
	CX4_SET(NIC_VPORT, ctx, ALLOWED_LIST_SIZE, n);
	for (uint32_t i = 0; i < len_list && list; i++)
		cx4_set64(ctx, cx4_nic_vport_list_off(i), list[i]);
	fh_exec(fh, in, len, CX4_MODIFY_NIC_VPORT_CTX_OUT_SIZE, r);
	free(in);
	return fh_status(r);
}

static uint8_t query_nvc(struct fh *fh, uint32_t type, uint32_t nroom, struct fh_result *r)
{
	return fh_cmd16(fh, CX4_CMD_QUERY_NIC_VPORT_CONTEXT, 0,
			CX4_QUERY_NIC_VPORT_CTX_IN_ALLOWED_LIST_TYPE, type, 0, 0,
			cx4_query_nic_vport_ctx_out_size(nroom), r);
}

#define NVC(r)	((r).out + CX4_QUERY_NIC_VPORT_CTX_OUT_OFF_CTX)

static void test_nic_vport_context(void)
{
	struct fh *fh = objs_dev();
	uint64_t uc[3] = { 0x020000000001ull, 0x020000000002ull, 0x525400c40001ull };
	uint64_t mc[2] = { 0x01005e000001ull, 0x333300000001ull };
	uint64_t vl[2] = { 5ull << 32, 4094ull << 32 };
	uint64_t bad[2];
	struct fh_result r;
	unsigned e = 0;

	/* Defaults: permanent MAC from the `mac` property, nothing else. */
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_UC, 0, &r), 0);
	CHECK_EQ(cx4_get64(NVC(r), CX4_NIC_VPORT_OFF_PERMANENT_ADDRESS), mac64(test_mac));
	CHECK_EQ(CX4_GET(MAC_ADDR, NVC(r) + CX4_NIC_VPORT_OFF_PERMANENT_ADDRESS, 47_32),
		 0x5254);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), MTU), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_SIZE), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), PROMISC_ALL), 0);

	/* field_select honoured: only the MTU changes. */
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_MTU, 1522, 7, CX4_NIC_VPORT_LIST_UC, 3,
			    uc, 3, &r), 0);
	CHECK(fh_log_has(fh, "vport: mtu 0 -> 1522"));
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_UC, 0, &r), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), MTU), 1522);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), PROMISC_UC), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_SIZE), 0);
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_PROMISC, 9000, 5, 0, 0, NULL, 0, &r), 0);
	CHECK(fh_log_has(fh, "vport: promiscuous uc 1 mc 0 all 1"));
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_UC, 3, uc, 3, &r), 0);
	CHECK(fh_log_has(fh, "vport: uc list, 3 entries: 02:00:00:00:00:01 02:00:00:00:00:02 "
			 "52:54:00:c4:00:01"));
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_MC, 2, mc, 2, &r), 0);
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_VLAN, 2, vl, 2, &r), 0);
	CHECK(fh_log_has(fh, "vport: vlan list, 2 entries: 5 4094"));
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_UC, 3, &r), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), MTU), 1522);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), PROMISC_UC), 1);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), PROMISC_MC), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), PROMISC_ALL), 1);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_TYPE), CX4_NIC_VPORT_LIST_UC);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_SIZE), 3);
	CHECK_EQ(cx4_get64(NVC(r), cx4_nic_vport_list_off(2)), uc[2]);
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_MC, 2, &r), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_SIZE), 2);
	CHECK_EQ(cx4_get64(NVC(r), cx4_nic_vport_list_off(1)), mc[1]);
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_VLAN, 2, &r), 0);
	CHECK_EQ(CX4_GET(VLAN_ENTRY, NVC(r) + cx4_nic_vport_list_off(1), VLAN), 4094);
	CHECK_EQ(ERRORS(fh), 0);

	/*
	 * Less room than the list (issue 21: mlx5_core's MTU query gives 0x110
	 * bytes, room for none): what fits, allowed_list_size the real size.
	 */
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_UC, 2, &r), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_SIZE), 3);
	CHECK_EQ(cx4_get64(NVC(r), cx4_nic_vport_list_off(0)), uc[0]);
	CHECK_EQ(cx4_get64(NVC(r), cx4_nic_vport_list_off(1)), uc[1]);
	CHECK_EQ(cx4_get64(NVC(r), cx4_nic_vport_list_off(2)), 0);
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_UC, 0, &r), 0);
	CHECK_EQ(cx4_query_nic_vport_ctx_out_size(0), 0x110);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), MTU), 1522);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_SIZE), 3);
	CHECK_EQ(cx4_get64(NVC(r), cx4_nic_vport_list_off(0)), 0);
	/* An output shorter than the context is still refused (layout check). */
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_NIC_VPORT_CONTEXT, 0,
			  CX4_QUERY_NIC_VPORT_CTX_IN_ALLOWED_LIST_TYPE, 0, 0, 0, 0x100, &r),
		 CX4_CMD_STAT_BAD_OUTPUT_LEN);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_OUT_LEN);
	CHECK_EQ(ERRORS(fh), ++e);

	/* Errors: each a guest error, nothing changes. */
	CHECK_EQ(query_nvc(fh, 3, 8, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_LIST_TYPE);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_NIC_VPORT_CONTEXT, 1, 0, 0, 0, 0,
			  cx4_query_nic_vport_ctx_out_size(8), &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_OPMOD_NONZERO);
	e += 2;
	CHECK_EQ(modify_nvc(fh, 1u << 0, 0, 0, 0, 0, NULL, 0, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_FIELD_SELECT);
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_MTU | CX4_MODIFY_NIC_VPORT_SEL_PROMISC,
			    10, 0, 0, 0, NULL, 0, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_MTU);
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_MTU, 10241, 0, 0, 0, NULL, 0, &r),
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0, 3, 0, NULL, 0, &r),
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_LIST_TYPE);
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_VLAN, 257, NULL, 0, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_LIST_SIZE);
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_UC, 3, uc, 2, &r), CX4_CMD_STAT_BAD_INPUT_LEN);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_LIST_IN_LEN);
	e += 6;
	CHECK_EQ(ERRORS(fh), e);
	bad[0] = uc[0];
	bad[1] = mc[0];
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_UC, 2, bad, 2, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_LIST_ENTRY);
	CHECK(fh_log_has(fh, "uc list entry 1 01:00:5e:00:00:01 is a multicast address"));
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_MC, 2, bad, 2, &r), CX4_CMD_STAT_BAD_PARAM);
	bad[1] = bad[0];
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_UC, 2, bad, 2, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK(fh_log_has(fh, "uc list entries 0 and 1 are equal"));
	bad[1] = 1ull << 48;
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_UC, 2, bad, 2, &r), CX4_CMD_STAT_BAD_PARAM);
	bad[1] = 4096ull << 32;
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_VLAN, 2, bad, 2, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_VPORT_LIST_ENTRY);
	e += 5;
	CHECK_EQ(ERRORS(fh), e);
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_UC, 3, &r), 0);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), MTU), 1522);
	CHECK_EQ(CX4_GET(NIC_VPORT, NVC(r), ALLOWED_LIST_SIZE), 3);
	/* Emptying a list. */
	CHECK_EQ(modify_nvc(fh, CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST, 0, 0,
			    CX4_NIC_VPORT_LIST_UC, 0, NULL, 0, &r), 0);
	CHECK_EQ(query_nvc(fh, CX4_NIC_VPORT_LIST_UC, 0, &r), 0);
	/* Settings are not objects: TEARDOWN_HCA is clean, DISABLE_HCA resets them. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), e);
	fh_free(fh);
}

static void test_config_int_moderation(void)
{
	struct fh *fh = objs_dev();
	struct fh_result r;

	CHECK_EQ(fh_cmd16(fh, CX4_CMD_CONFIG_INT_MODERATION, CX4_CONFIG_INT_MOD_WRITE,
			  CX4_CONFIG_INT_MOD_IN_INT_VECTOR, 3, CX4_CONFIG_INT_MOD_IN_MIN_DELAY, 100,
			  16, &r), 0);
	CHECK(fh_log_has(fh, "vector 3: interrupt moderation min_delay 100 us"));
	CHECK_EQ(CX4_GET(CONFIG_INT_MOD_OUT, r.out, MIN_DELAY), 100);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_CONFIG_INT_MODERATION, CX4_CONFIG_INT_MOD_READ,
			  CX4_CONFIG_INT_MOD_IN_INT_VECTOR, 3, 0, 0, 16, &r), 0);
	CHECK_EQ(CX4_GET(CONFIG_INT_MOD_OUT, r.out, MIN_DELAY), 100);
	CHECK_EQ(CX4_GET(CONFIG_INT_MOD_OUT, r.out, INT_VECTOR), 3);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_CONFIG_INT_MODERATION, CX4_CONFIG_INT_MOD_READ,
			  CX4_CONFIG_INT_MOD_IN_INT_VECTOR, 4, 0, 0, 16, &r), 0);
	CHECK_EQ(CX4_GET(CONFIG_INT_MOD_OUT, r.out, MIN_DELAY), 0);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_CONFIG_INT_MODERATION, CX4_CONFIG_INT_MOD_WRITE,
			  CX4_CONFIG_INT_MOD_IN_INT_VECTOR, 64, 0, 0, 16, &r),
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_INT_MOD_VECTOR);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_CONFIG_INT_MODERATION, 2, 0, 0, 0, 0, 16, &r),
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_BAD_OPMOD);
	CHECK_EQ(fh_cmd16(fh, CX4_CMD_CONFIG_INT_MODERATION, CX4_CONFIG_INT_MOD_READ,
			  CX4_CONFIG_INT_MOD_IN_INT_VECTOR, 3, CX4_CONFIG_INT_MOD_IN_MIN_DELAY, 1,
			  16, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_RESERVED_NONZERO);
	CHECK_EQ(ERRORS(fh), 3);
	fh_free(fh);
}

static const struct test objs_tests[] = {
	T(test_mkey_pa_query_destroy),
	T(test_mkey_mtt_translation),
	T(test_mkey_create_errors),
	T(test_vport_state),
	T(test_nic_vport_context),
	T(test_config_int_moderation),
};

SUITE(objs, objs_tests);

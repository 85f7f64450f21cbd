/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests of the cx4dev core, driving it exactly as a driver would,
 * and main() for all the suites.
 * Usage: cx4dev-test [--doc DOC.md] [FILTER]
 *   --doc DOC.md  check DOC.md's syndrome table (device-model.md); a lone
 *                 argument ending in ".md" is taken as DOC.md as well
 *   FILTER        run only the tests whose "suite.test" name contains it
 * Last output line: "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_pci.h>
#include <linux/cx4/prm_cmd.h>

#include "fakehost.h"
#include "syndrome.h"

#include "testutil.h"

int t_failed;
static const char *readme_path;

static struct fh *new_dev(void)
{
	struct cx4dev_config cfg;

	cx4dev_config_init(&cfg);
	return fh_new(&cfg);
}

static void build_simple(uint8_t *in, uint16_t opcode, uint16_t op_mod)
{
	memset(in, 0, 16);
	CX4_SET(CMD_IN, in, OPCODE, opcode);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
}

/* ---- init segment ---- */

static void test_iseg_readout(void)
{
	struct fh *fh = new_dev();
	uint32_t v;

	v = fh_rd32(fh, CX4_INIT_OFF_FW_REV);
	CHECK_EQ(v & 0xffff, 12);
	CHECK_EQ(v >> 16, 28);
	v = fh_rd32(fh, CX4_INIT_OFF_CMDIF_REV);
	CHECK_EQ(v >> 16, CX4_CMD_INTERFACE_REV);
	CHECK_EQ(v & 0xffff, 2006);
	v = fh_rd32(fh, CX4_INIT_OFF_CMDQ_ADDR_L);
	CHECK_EQ((v >> 4) & 0xf, 5);
	CHECK_EQ(v & 0xf, 6);
	v = fh_rd32(fh, CX4_INIT_OFF_INITIALIZING);
	CHECK_EQ(v >> 31, 1);
	CHECK_EQ((v >> 24) & 7, 1);			/* full_driver supported */
	/* Byte and 64-bit accesses see the big-endian layout. */
	CHECK_EQ(cx4dev_mmio_read(fh->dev, CX4_INIT_OFF_FW_REV + 3, 1), 12);
	CHECK_EQ(cx4dev_mmio_read(fh->dev, CX4_INIT_OFF_FW_REV, 8) >> 32,
		 fh_rd32(fh, CX4_INIT_OFF_FW_REV));
	/* Internal timer follows the clock at 156.25 MHz: 6.4 ns a tick. */
	fh->now = 0x123456789ull * 32 / 5;
	CHECK_EQ(fh_rd32(fh, 0x1000), 0x1);
	CHECK_EQ(fh_rd32(fh, 0x1004), 0x23456789);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_last_error_count(fh), 0);
	fh_free(fh);
}

static void test_init_delay_and_health(void)
{
	struct fh *fh = new_dev();
	uint64_t start = fh->now;

	CHECK_EQ(fh->deadline, start + 200ull * 1000 * 1000);
	fh_advance(fh, 199ull * 1000 * 1000);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_INITIALIZING) >> 31, 1);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_HEALTH), 0);
	fh_advance(fh, 1ull * 1000 * 1000);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_INITIALIZING) >> 31, 0);
	CHECK_EQ(fh->deadline, CX4DEV_NO_DEADLINE);
	fh_advance(fh, 350ull * 1000 * 1000);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_HEALTH), 3);	/* syndrome 0, counter 3 */
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

static void test_doorbell_early(void)
{
	struct fh *fh = new_dev();

	/* Doorbell while initializing. */
	fh_ring(fh, 1);
	CHECK_EQ(ERRORS(fh), 1);
	fh_advance(fh, 300ull * 1000 * 1000);
	/* Doorbell before the cmdq address. */
	fh_ring(fh, 1);
	CHECK_EQ(ERRORS(fh), 2);
	/* Low half before high half. */
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_L, 0x1000);
	CHECK_EQ(ERRORS(fh), 3);
	/* log_cmdq_size must be written as 0; nic_interface disabled unsupported. */
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_H, 1);
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_L, 0x1050);
	CHECK_EQ(ERRORS(fh), 4);
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_H, 1);
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_L, 0x1100);
	CHECK_EQ(ERRORS(fh), 5);
	/* Write to a read-only register, odd-sized write, unimplemented offset. */
	fh_wr32(fh, CX4_INIT_OFF_FW_REV, 0);
	cx4dev_mmio_write(fh->dev, CX4_INIT_OFF_CMD_DBELL, 1, 2);
	fh_wr32(fh, 0x10000, 0);
	CHECK_EQ(ERRORS(fh), 8);
	CHECK_EQ(fh_last_error_count(fh), 8);
	CHECK(fh_log_has(fh, "guest-error: init segment: cmdq_phy_addr[31:12] written before"));
	fh_free(fh);
}

/* ---- bring-up ---- */

static void check_general_caps(const uint8_t *c, bool cur)
{
	CHECK_EQ(CX4_GET(CAP, c, LOG_MAX_CQ), 24);
	CHECK_EQ(CX4_GET(CAP, c, LOG_MAX_CQ_SZ), 22);
	CHECK_EQ(CX4_GET(CAP, c, LOG_MAX_EQ), 5);
	CHECK_EQ(CX4_GET(CAP, c, LOG_MAX_EQ_SZ), 22);
	CHECK_EQ(CX4_GET(CAP, c, NUM_PORTS), 1);
	CHECK_EQ(CX4_GET(CAP, c, PORT_TYPE), CX4_PORT_TYPE_ETH);
	CHECK_EQ(CX4_GET(CAP, c, ETH_NET_OFFLOADS), 1);
	CHECK_EQ(CX4_GET(CAP, c, NIC_FLOW_TABLE), 1);
	CHECK_EQ(CX4_GET(CAP, c, CQE_VERSION), 1);
	CHECK_EQ(CX4_GET(CAP, c, DRIVER_VERSION), 1);
	/* Table 145: current starts in initial_state (1), maximum is enabled (3). */
	CHECK_EQ(CX4_GET(CAP, c, CMDIF_CHECKSUM),
		 cur ? CX4_CMDIF_CSUM_INITIAL : CX4_CMDIF_CSUM_ENABLED);
	CHECK_EQ(CX4_GET(CAP, c, LOG_PG_SZ), 12);
	CHECK_EQ(CX4_GET(CAP, c, LOG_MAX_SQ), 24);
	CHECK_EQ(CX4_GET(CAP, c, LOG_MAX_RQT), 20);
	CHECK_EQ(CX4_GET(CAP, c, DEVICE_FREQUENCY_MHZ), 156);
	CHECK_EQ(CX4_GET(CAP, c, DEVICE_FREQUENCY_KHZ), 156250);
}

static void query_cap(struct fh *fh, uint32_t type, bool cur, struct fh_result *r)
{
	uint8_t in[16];

	build_simple(in, CX4_CMD_QUERY_HCA_CAP, CX4_HCA_CAP_OPMOD(type, cur));
	fh_exec(fh, in, sizeof(in), CX4_QUERY_HCA_CAP_OUT_SIZE, r);
}

/* Fields of the general capabilities @g and the values they must hold. */
struct cap_want {
	uint32_t fld, val;
};

#define CHECK_CAPS(g, ...) do { \
	static const struct cap_want want_[] = { __VA_ARGS__ }; \
	for (size_t i_ = 0; i_ < sizeof(want_) / sizeof(want_[0]); i_++) \
		CHECK_EQ(cx4_get(g, want_[i_].fld), want_[i_].val); \
} while (0)

/* A fresh function brought up with caps-off @off: its current general capabilities. */
static const uint8_t *caps_off_bringup(struct fh **fh, const struct cx4dev_config *cfg,
				       uint32_t off, struct fh_result *r)
{
	*fh = fh_new(cfg);
	fh_ctl_wr(*fh, CTL_CAPS_OFF, off);
	CHECK_EQ(fh_bringup(*fh), 0);
	query_cap(*fh, CX4_CAP_GENERAL, true, r);
	return CX4_CADDR(QUERY_HCA_CAP_OUT, r->out, CAP);
}

static uint8_t set_cap(struct fh *fh, const uint8_t *cap, uint16_t op_mod, struct fh_result *r)
{
	static uint8_t in[CX4_SET_HCA_CAP_IN_SIZE];

	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	memcpy(CX4_ADDR(SET_HCA_CAP_IN, in, CAP), cap, CX4_HCA_CAP_SIZE);
	fh_exec(fh, in, sizeof(in), CX4_SET_HCA_CAP_OUT_SIZE, r);
	return r->status;
}

static uint8_t set_driver_version(struct fh *fh, const char *s, struct fh_result *r)
{
	uint8_t in[CX4_SET_DRIVER_VERSION_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_DRIVER_VERSION);
	memcpy(in + CX4_SET_DRIVER_VERSION_OFF_STR, s, strlen(s) > 64 ? 64 : strlen(s));
	fh_exec(fh, in, sizeof(in), CX4_SET_DRIVER_VERSION_OUT_SIZE, r);
	return r->status;
}

static void test_full_bringup(void)
{
	static struct fh_result r;
	static uint8_t cap[CX4_HCA_CAP_SIZE];
	struct fh *fh = new_dev();
	uint8_t in[16];
	uint64_t pas[48];
	int32_t n;
	uint32_t total = 0;

	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_OK);
	CHECK(r.sig_ok);

	/* QUERY_ISSI: output 0x70 = inline + 1 mailbox block. */
	build_simple(in, CX4_CMD_QUERY_ISSI, 0);
	fh_exec(fh, in, 16, CX4_QUERY_ISSI_OUT_SIZE, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK(r.sig_ok);
	CHECK_EQ(CX4_GET(QUERY_ISSI_OUT, r.out, CURRENT_ISSI), 0);
	CHECK_EQ(cx4_get(r.out, cx4_issi_field(0)), 1);
	CHECK_EQ(cx4_get(r.out, cx4_issi_field(1)), 1);
	CHECK_EQ(cx4_get(r.out, cx4_issi_field(2)), 0);

	build_simple(in, CX4_CMD_SET_ISSI, 0);
	CX4_SET(SET_ISSI_IN, in, CURRENT_ISSI, 1);
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, 0, 0);

	n = fh_query_pages(fh, CX4_PAGES_BOOT);
	CHECK_EQ(n, 16);
	for (int i = 0; i < n; i++)
		pas[i] = fh_alloc(fh, 4096, 4096);
	CHECK_EQ(fh_give_pages(fh, (uint32_t)n, pas, &r), CX4_CMD_STAT_OK);
	total += (uint32_t)n;
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED), 16);
	/* The device wrote its pattern into the pages. */
	CHECK(*(uint64_t *)fh_ptr(fh, pas[0]) != 0);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_BOOT), 0);

	/* QUERY_HCA_CAP, max and current, all three types (8 output blocks). */
	for (int cur = 0; cur < 2; cur++) {
		const void *ft;

		query_cap(fh, CX4_CAP_GENERAL, cur, &r);
		CHECK_STATUS(r, 0, 0);
		CHECK(r.sig_ok);
		check_general_caps(CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), cur);
		if (cur)
			memcpy(cap, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), sizeof(cap));
		query_cap(fh, CX4_CAP_ETH_OFFLOAD, cur, &r);
		CHECK_STATUS(r, 0, 0);
		CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), CSUM_CAP), 1);
		CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), LRO_CAP), 1);
		CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), MAX_LSO_CAP), 18);
		CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), RSS_IND_TBL_CAP), 8);
		CHECK_EQ(cx4_rd32(CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), CX4_ETH_CAP_OFF_LRO_TIMER_PERIODS), 8);
		query_cap(fh, CX4_CAP_FLOW_TABLE, cur, &r);
		CHECK_STATUS(r, 0, 0);
		ft = CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP);
		CHECK_EQ(CX4_GET(FT_PROP, CX4_CADDR(FT_CAP, ft, NIC_RX), FT_SUPPORT), 1);
		CHECK_EQ(CX4_GET(FT_PROP, CX4_CADDR(FT_CAP, ft, NIC_TX), FT_SUPPORT), 1);
		CHECK_EQ(CX4_GET(FT_FIELD, CX4_CADDR(FT_PROP, CX4_CADDR(FT_CAP, ft, NIC_RX),
						      FIELD_SUPPORT), OUTER_DMAC), 1);
	}

	/* SET_HCA_CAP: 0x1010 bytes of input = inline + 8 input blocks. */
	CX4_SET(CAP, cap, CACHE_LINE_128BYTE, 0);
	CX4_SET(CAP, cap, LOG_UAR_PAGE_SZ, 0);
	CHECK_EQ(set_cap(fh, cap, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 0), &r), 0);
	CHECK_STATUS(r, 0, 0);
	query_cap(fh, CX4_CAP_GENERAL, true, &r);
	CHECK_EQ(CX4_GET(CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), CACHE_LINE_128BYTE), 0);
	query_cap(fh, CX4_CAP_GENERAL, false, &r);
	CHECK_EQ(CX4_GET(CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), CACHE_LINE_128BYTE), 1);

	n = fh_query_pages(fh, CX4_PAGES_INIT);
	CHECK_EQ(n, 32);
	/* Given in two MANAGE_PAGES commands (PRM 8.2 allows several). */
	for (int i = 0; i < n; i++)
		pas[i] = fh_alloc(fh, 4096, 4096);
	CHECK_EQ(fh_give_pages(fh, 20, pas, &r), 0);
	CHECK_EQ(fh_give_pages(fh, 12, pas + 20, &r), 0);
	total += (uint32_t)n;
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_INIT), 0);

	CHECK_EQ(fh_simple(fh, CX4_CMD_INIT_HCA, 0, &r), 0);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0);
	CHECK_EQ(set_driver_version(fh, "Linux,cx4,1.000.000001", &r), 0);
	CHECK(fh_log_has(fh, "driver version: \"Linux,cx4,1.000.000001\""));

	/* QUERY_ADAPTER: 0x110 bytes of output. */
	build_simple(in, CX4_CMD_QUERY_ADAPTER, 0);
	fh_exec(fh, in, 16, CX4_QUERY_ADAPTER_OUT_SIZE, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(CX4_GET(ADAPTER, CX4_CADDR(QUERY_ADAPTER_OUT, r.out, PARAMS), VSD_VENDOR_ID), 0x15b3);
	CHECK_EQ(CX4_GET(ADAPTER, CX4_CADDR(QUERY_ADAPTER_OUT, r.out, PARAMS), IEEE_VENDOR_ID),
		 0x2c9);
	CHECK(!memcmp(CX4_CADDR(QUERY_ADAPTER_OUT, r.out, PARAMS) + CX4_ADAPTER_OFF_PSID, "MT_", 3));
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), 0);

	/* cmdq address locked while initialized. */
	fh_wr32(fh, CX4_INIT_OFF_CMDQ_ADDR_H, 0);
	CHECK_EQ(ERRORS(fh), 1);

	build_simple(in, CX4_CMD_TEARDOWN_HCA, 0);
	CX4_SET(TEARDOWN_HCA_IN, in, PROFILE, CX4_TEARDOWN_GRACEFUL);
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), -(int32_t)total);
	/* Take in chunks of 20 until none left. */
	for (int guard = 0; guard < 10 && cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED); guard++) {
		CHECK_EQ(fh_take_pages(fh, 20, &r), 0);
		CHECK(r.sig_ok);
		CHECK(CX4_GET(MANAGE_PAGES_OUT, r.out, NUM_ENTRIES) <= 20);
		CHECK_EQ(cx4_get64(r.out, CX4_MANAGE_PAGES_OFF_PAS) & 0xfff, 0);
	}
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED), 0);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_REGULAR), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 1);
	/* Again from scratch after DISABLE_HCA: the device is reusable. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), 0);
	CHECK_EQ(fh_query_pages(fh, CX4_PAGES_BOOT), 16);
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(fh_last_error_count(fh), 1);
	if (t_failed)
		fh_dump_log(fh);
	fh_free(fh);
}

static void test_bringup_zero_errors_with_reset(void)
{
	struct fh *fh = new_dev();
	struct fh_result r;

	CHECK_EQ(fh_bringup(fh), 0);
	CHECK_EQ(set_driver_version(fh, "Linux,cx4,6.012.000117", &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), 0);
	CHECK_EQ(fh_take_pages(fh, 48, &r), 0);
	CHECK_EQ(CX4_GET(MANAGE_PAGES_OUT, r.out, NUM_ENTRIES), 48);
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r), 0);
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_INITIALIZING) >> 31, 1);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_CMDQ_ADDR_H), 0);
	CHECK_EQ(fh_bringup(fh), 0);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_last_error_count(fh), 0);
	fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r);
	fh_take_pages(fh, 48, &r);
	fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

/* ---- delivery errors (Table 96) ---- */

static void post_nop(struct fh *fh, struct fh_post *p, uint32_t out_len)
{
	uint8_t in[16];

	build_simple(in, CX4_CMD_NOP, 0);
	fh_post(fh, p, 0, in, 16, out_len);
}

static void test_bad_entry_signature(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_post p;
	struct fh_result r;
	uint8_t *e;

	post_nop(fh, &p, 16);
	e = fh_ptr(fh, p.entry);
	e[CX4_CMDQ_OFF_SIG_BYTE] ^= 0x10;
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_SIGNATURE_ERR);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK(fh_log_has(fh, "signature"));
	fh_free(fh);
}

static void test_bad_type_and_reserved(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_post p;
	struct fh_result r;
	uint8_t *e;

	post_nop(fh, &p, 16);
	e = fh_ptr(fh, p.entry);
	CX4_SET(CMDQ, e, TYPE, 0x3);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_COMMAND_TYPE);
	CHECK_EQ(ERRORS(fh), 1);

	post_nop(fh, &p, 16);
	e = fh_ptr(fh, p.entry);
	e[0x3e] = 0x5a;		/* reserved bits 15:8 of dword 0x3c */
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_RESERVED_NOT_ZERO);
	CHECK_EQ(ERRORS(fh), 2);

	/* Entry posted with ownership SW: ignored, not touched, counted. */
	post_nop(fh, &p, 16);
	e = fh_ptr(fh, p.entry);
	CX4_SET(CMDQ, e, OWNERSHIP, CX4_CMDQ_OWNER_SW);
	cx4_cmdq_entry_sign(e);
	fh_ring(fh, 1);
	CHECK_EQ(CX4_GET(CMDQ, e, STATUS), 0);
	CHECK_EQ(ERRORS(fh), 3);
	fh_free(fh);
}

static void test_short_lengths(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_post p;
	struct fh_result r;
	uint8_t *e;
	uint8_t in[16];

	post_nop(fh, &p, 16);
	e = fh_ptr(fh, p.entry);
	CX4_SET(CMDQ, e, INPUT_LENGTH, 4);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_INPUT_LEN_ERR);

	post_nop(fh, &p, 16);
	e = fh_ptr(fh, p.entry);
	CX4_SET(CMDQ, e, OUTPUT_LENGTH, 7);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_OUTPUT_LEN_ERR);
	CHECK_EQ(ERRORS(fh), 2);

	/* Command level: lengths too short for the command's layouts. */
	build_simple(in, CX4_CMD_QUERY_HCA_CAP, 0);
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_OUT_LEN);
	build_simple(in, CX4_CMD_NOP, 0);
	fh_exec(fh, in, 8, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_IN_LEN);
	CHECK_EQ(ERRORS(fh), 4);
	fh_free(fh);
}

static void test_mailbox_token_block_sig(void)
{
	static uint8_t in[CX4_SET_HCA_CAP_IN_SIZE];
	struct fh *fh = fh_new_up(NULL);
	struct fh_post p;
	struct fh_result r;
	uint8_t *b;

	/* Input mailbox token mismatch in block 3. */
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_NOP);
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	CHECK_EQ(p.n_in, 8);
	b = fh_ptr(fh, p.in_mb[3]);
	CX4_SET(MBOX, b, TOKEN, p.token ^ 0xff);
	cx4_mbox_sign(b, true);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_TOKEN_ERR);
	CHECK_EQ(ERRORS(fh), 1);

	/* Bad block number in block 2. */
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	b = fh_ptr(fh, p.in_mb[2]);
	CX4_SET(MBOX, b, BLOCK_NUMBER, 7);
	cx4_mbox_sign(b, true);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_BLOCK_NUMBER);
	CHECK_EQ(ERRORS(fh), 2);

	/* Data signature wrong in block 5. */
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	b = fh_ptr(fh, p.in_mb[5]);
	b[100] ^= 1;
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_SIGNATURE_ERR);
	CHECK_EQ(ERRORS(fh), 3);

	/* ctrl_signature wrong in an output block. */
	build_simple(in, CX4_CMD_QUERY_HCA_CAP, 0);
	fh_post(fh, &p, 0, in, 16, CX4_QUERY_HCA_CAP_OUT_SIZE);
	b = fh_ptr(fh, p.out_mb[7]);
	b[CX4_MBOX_OFF_CTRL_SIG_BYTE] ^= 0x40;
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_SIGNATURE_ERR);
	CHECK_EQ(ERRORS(fh), 4);

	/* Output token mismatch. */
	fh_post(fh, &p, 0, in, 16, CX4_QUERY_HCA_CAP_OUT_SIZE);
	b = fh_ptr(fh, p.out_mb[1]);
	CX4_SET(MBOX, b, TOKEN, p.token + 1);
	cx4_mbox_sign(b, false);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_TOKEN_ERR);
	CHECK_EQ(ERRORS(fh), 5);
	/* Nothing executed for any of them. */
	/* bring-up only (incl. QUERY_HCA_CAP + SET_HCA_CAP enabling cmdif_checksum) */
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_COMMANDS), 8);
	fh_free(fh);
}

static void test_mailbox_pointers(void)
{
	static uint8_t in[0x400];
	struct fh *fh = fh_new_up(NULL);
	struct fh_post p;
	struct fh_result r;
	uint8_t *e, *b;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_NOP);
	/* Entry input pointer bits 8:0 set. */
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	e = fh_ptr(fh, p.entry);
	cx4_set64(e, CX4_CMDQ_OFF_IN_MBOX, p.in_mb[0] + 0x100);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_INPUT_POINTER);

	/* Entry output pointer bits 8:0 set. */
	build_simple(in, CX4_CMD_QUERY_ISSI, 0);
	fh_post(fh, &p, 0, in, 16, CX4_QUERY_ISSI_OUT_SIZE);
	e = fh_ptr(fh, p.entry);
	cx4_set64(e, CX4_CMDQ_OFF_OUT_MBOX, p.out_mb[0] + 8);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_OUTPUT_POINTER);

	/* Mailbox next pointer not 1 KB aligned. */
	build_simple(in, CX4_CMD_NOP, 0);
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	b = fh_ptr(fh, p.in_mb[0]);
	cx4_set64(b, CX4_MBOX_OFF_NEXT, p.in_mb[1] + 0x200);
	cx4_mbox_sign(b, true);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_INPUT_POINTER);

	/* Missing output mailbox. */
	build_simple(in, CX4_CMD_QUERY_ISSI, 0);
	fh_post(fh, &p, 0, in, 16, CX4_QUERY_ISSI_OUT_SIZE);
	e = fh_ptr(fh, p.entry);
	cx4_set64(e, CX4_CMDQ_OFF_OUT_MBOX, 0);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_OUTPUT_POINTER);

	/*
	 * Last input block with a non-zero, aligned next pointer: not followed,
	 * not an error (Table 98 "should be 0"; Table 96 pointer errors are
	 * misalignment).  mlx5_core's cached mailbox chains look like this.
	 */
	build_simple(in, CX4_CMD_NOP, 0);
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	b = fh_ptr(fh, p.in_mb[p.n_in - 1]);
	cx4_set64(b, CX4_MBOX_OFF_NEXT, p.in_mb[0]);
	cx4_mbox_sign(b, true);
	fh_ring_collect(fh, &p, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);
	/* ... but a misaligned one still is. */
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	b = fh_ptr(fh, p.in_mb[p.n_in - 1]);
	cx4_set64(b, CX4_MBOX_OFF_NEXT, p.in_mb[0] + 0x100);
	cx4_mbox_sign(b, true);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_INPUT_POINTER);

	/* Pointer outside guest memory. */
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	e = fh_ptr(fh, p.entry);
	cx4_set64(e, CX4_CMDQ_OFF_IN_MBOX, 0x200000);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_INPUT_POINTER);
	CHECK_EQ(ERRORS(fh), 6);
	fh_free(fh);
}

/* ---- command status (Table 128) ---- */

static void test_reserved_and_opmod(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_result r;
	uint8_t in[16];

	build_simple(in, CX4_CMD_SET_ISSI, 0);
	cx4_wr32(in, 0x0c, 1);	/* prm-offsets: ok, a reserved dword on purpose */
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO);
	CHECK(fh_log_has(fh, "guest-error: SET_ISSI: reserved field 0x0c non-zero"));
	build_simple(in, CX4_CMD_NOP, 0);
	cx4_wr32(in, 0x08, 0x80000000);	/* prm-offsets: ok, reserved on purpose */
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO);
	build_simple(in, CX4_CMD_NOP, 0);
	in[2] = 1;	/* reserved bits 15:0 of dword 0 */
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_OPMOD_NONZERO);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_PAGES, 4, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_BAD_OPMOD);
	build_simple(in, CX4_CMD_SET_ISSI, 0);
	CX4_SET(SET_ISSI_IN, in, CURRENT_ISSI, 2);
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_SYS_STATE, CX4DEV_SYN_STATE_INITIALIZED);
	build_simple(in, CX4_CMD_TEARDOWN_HCA, 0);
	CX4_SET(TEARDOWN_HCA_IN, in, PROFILE, 2);
	fh_exec(fh, in, 16, 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TEARDOWN_PROFILE);
	CHECK_EQ(ERRORS(fh), 7);
	fh_free(fh);
}

static void test_unknown_opcode(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_result r;

	/*
	 * An opcode the model does not know (firmware may): BAD_OP, a model
	 * limitation, not a guest error.
	 */
	CHECK_EQ(fh_simple(fh, 0x7777, 0, &r), CX4_CMD_STAT_BAD_OP);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_BAD_OPCODE);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(LIMITS(fh), 1);
	CHECK(fh_log_has(fh, "cx4: model limitation: opcode 0x7777 unknown to the model -> "
			 "BAD_OP syndrome 0xc4010001"));
	/* Known PRM command the model lacks: the same kind of gap. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_CREATE_RMP, 0, &r), CX4_CMD_STAT_BAD_OP);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_NOT_IMPLEMENTED);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(LIMITS(fh), 2);
	CHECK(fh_log_has(fh, "cx4: model_limitations=2"));
	/* Visible on the debug page, never cleared by RESET_COUNTERS. */
	CHECK_EQ(fh_ctl_rd(fh, CTL_MODEL_LIMITATIONS), 2);
	fh_ctl_wr(fh, CTL_RESET_COUNTERS, 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_MODEL_LIMITATIONS), 2);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

static void test_state_rules(void)
{
	struct fh *fh = new_dev();
	struct fh_result r;
	uint8_t in[16];

	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_INIT_HCA, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_STATE_DISABLED);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_PAGES, CX4_PAGES_BOOT, &r),
		 CX4_CMD_STAT_BAD_SYS_STATE);
	/* ISSI negotiation is allowed before ENABLE_HCA. */
	build_simple(in, CX4_CMD_QUERY_ISSI, 0);
	fh_exec(fh, in, 16, CX4_QUERY_ISSI_OUT_SIZE, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_STATE_ENABLED);
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	/* INIT_HCA without pages. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_INIT_HCA, 0, &r), CX4_CMD_STAT_NO_RESOURCES);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGES_MISSING);
	CHECK_EQ(fh_give_pages(fh, 16, NULL, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_INIT_HCA, 0, &r), CX4_CMD_STAT_NO_RESOURCES);
	CHECK_EQ(fh_give_pages(fh, 32, NULL, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_INIT_HCA, 0, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_INIT_HCA, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_STATE_INITIALIZED);
	/* DISABLE_HCA without TEARDOWN_HCA. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_INIT_HCA, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_STATE_TORN_DOWN);
	CHECK_EQ(fh_give_pages(fh, 1, NULL, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	/* Pages leaked at DISABLE_HCA. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGES_LEAKED);
	CHECK_EQ(ERRORS(fh), 11);
	CHECK_EQ(fh_take_pages(fh, 100, &r), 0);
	CHECK_EQ(CX4_GET(MANAGE_PAGES_OUT, r.out, NUM_ENTRIES), 48);
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 11);
	fh_free(fh);
}

static void test_pages_errors(void)
{
	struct fh *fh = new_dev();
	struct fh_result r;
	uint64_t pas[4];

	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), 0);
	for (int i = 0; i < 4; i++)
		pas[i] = fh_alloc(fh, 4096, 4096);
	/* Duplicate inside one list: nothing kept. */
	pas[2] = pas[0];
	CHECK_EQ(fh_give_pages(fh, 3, pas, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGE_DUPLICATE);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED), 0);
	/* Duplicate of an owned page. */
	CHECK_EQ(fh_give_pages(fh, 1, pas, &r), 0);
	CHECK_EQ(fh_give_pages(fh, 1, pas, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGE_DUPLICATE);
	/* Unaligned. */
	pas[1] = fh_alloc(fh, 4096, 4096) + 0x80;
	CHECK_EQ(fh_give_pages(fh, 1, pas + 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGE_UNALIGNED);
	/* Outside guest memory. */
	pas[1] = 0x1000;
	CHECK_EQ(fh_give_pages(fh, 1, pas + 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGE_DMA);
	/* More than requested (boot + init = 48, one owned). */
	CHECK_EQ(fh_give_pages(fh, 48, NULL, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGES_UNREQUESTED);
	CHECK_EQ(fh_give_pages(fh, 0, NULL, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_PAGES_ZERO);
	CHECK_EQ(ERRORS(fh), 6);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED), 1);

	/* Driver scribbles on a page the device owns: caught on return. */
	*(uint32_t *)fh_ptr(fh, pas[0] + 0x234) = 0;
	CHECK_EQ(fh_take_pages(fh, 1, &r), 0);
	CHECK_EQ(CX4_GET(MANAGE_PAGES_OUT, r.out, NUM_ENTRIES), 1);
	CHECK_EQ(cx4_get64(r.out, CX4_MANAGE_PAGES_OFF_PAS), pas[0]);
	CHECK_EQ(ERRORS(fh), 7);
	CHECK(fh_log_has(fh, "modified at offset 0x234"));

	/* Output too short for the number of entries asked for. */
	{
		uint8_t in[16];

		build_simple(in, CX4_CMD_MANAGE_PAGES, CX4_MANAGE_PAGES_RETURN);
		CX4_SET(MANAGE_PAGES_IN, in, NUM_ENTRIES, 4);
		fh_exec(fh, in, 16, 0x20, &r);
		CHECK_STATUS(r, CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_PAGES_OUT_LEN);
		/* input_num_entries beyond input_length. */
		build_simple(in, CX4_CMD_MANAGE_PAGES, CX4_MANAGE_PAGES_ALLOC_SUCCESS);
		CX4_SET(MANAGE_PAGES_IN, in, NUM_ENTRIES, 4);
		fh_exec(fh, in, 16, 16, &r);
		CHECK_STATUS(r, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_PAGES_IN_LEN);
		/* ALLOCATION_FAIL is a legal answer. */
		build_simple(in, CX4_CMD_MANAGE_PAGES, CX4_MANAGE_PAGES_ALLOC_FAIL);
		fh_exec(fh, in, 16, 16, &r);
		CHECK_STATUS(r, 0, 0);
	}
	CHECK_EQ(ERRORS(fh), 9);
	fh_free(fh);
}

static void test_reset_with_pages(void)
{
	struct fh *fh = fh_new_up(NULL);

	CHECK_EQ(ERRORS(fh), 0);
	cx4dev_reset(fh->dev, CX4DEV_RESET_SYSTEM);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK(fh_log_has(fh, "pages leaked by driver"));
	CHECK_EQ(fh_last_error_count(fh), 1);
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED), 0);
	fh_free(fh);
}

static void test_set_hca_cap_errors(void)
{
	static uint8_t cap[CX4_HCA_CAP_SIZE];
	struct fh *fh = new_dev();
	struct fh_result r;
	uint8_t in[16];

	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), 0);
	query_cap(fh, CX4_CAP_GENERAL, true, &r);
	memcpy(cap, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), sizeof(cap));

	CX4_SET(CAP, cap, LOG_UAR_PAGE_SZ, 9);
	set_cap(fh, cap, 0, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SET_CAP_VALUE);
	CX4_SET(CAP, cap, LOG_UAR_PAGE_SZ, 0);
	CX4_SET(CAP, cap, CMDIF_CHECKSUM, 2);
	set_cap(fh, cap, 0, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SET_CAP_VALUE);
	CX4_SET(CAP, cap, CMDIF_CHECKSUM, CX4_CMDIF_CSUM_ENABLED);
	set_cap(fh, cap, 1, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SET_CAP_OPMOD_BIT0);
	set_cap(fh, cap, CX4_HCA_CAP_OPMOD(CX4_CAP_ETH_OFFLOAD, 0), &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SET_CAP_TYPE);
	query_cap(fh, 5, false, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CAP_TYPE);
	CHECK_EQ(ERRORS(fh), 5);

	/* cmdif_checksum disabled: a badly signed entry is then accepted. */
	CX4_SET(CAP, cap, CMDIF_CHECKSUM, CX4_CMDIF_CSUM_DISABLED);
	CHECK_EQ(set_cap(fh, cap, 0, &r), 0);
	{
		struct fh_post p;
		uint8_t *e;

		build_simple(in, CX4_CMD_NOP, 0);
		fh_post(fh, &p, 0, in, 16, 16);
		e = fh_ptr(fh, p.entry);
		e[CX4_CMDQ_OFF_SIG_BYTE] ^= 0xff;
		fh_ring_collect(fh, &p, &r);
		CHECK_STATUS(r, 0, 0);
	}
	/* After QUERY_PAGES(init) SET_HCA_CAP is too late. */
	fh_query_pages(fh, CX4_PAGES_INIT);
	set_cap(fh, cap, 0, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_SYS_STATE, CX4DEV_SYN_SET_CAP_LATE);
	CHECK_EQ(ERRORS(fh), 6);
	fh_free(fh);
}

static void test_driver_version(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_result r;
	char longv[80];

	/*
	 * Strings drivers really send are accepted whatever their form
	 * (firmware does not parse them; issue 21): mlx5_core's kernel
	 * version, short or free-form ones.  Only the PRM's 64-byte limit
	 * (NUL included) is enforced.
	 */
	CHECK_EQ(set_driver_version(fh, "Linux,mlx5_core,6.12.117", &r), 0);
	CHECK(fh_log_has(fh, "driver version: \"Linux,mlx5_core,6.12.117\" (not Table 190's "
			 "OS,driver,M.mmm.ssssss; accepted as firmware does)"));
	CHECK_EQ(set_driver_version(fh, "Linux,cx4,1.0.0", &r), 0);
	CHECK_EQ(set_driver_version(fh, "cx4 1.000.000000", &r), 0);
	memset(longv, 'a', sizeof(longv));
	longv[sizeof(longv) - 1] = 0;
	set_driver_version(fh, longv, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_DRVVER_UNTERMINATED);
	longv[CX4_DRIVER_VERSION_LEN - 1] = 0;		/* 63 characters and the NUL */
	CHECK_EQ(set_driver_version(fh, longv, &r), 0);
	CHECK_EQ(set_driver_version(fh, "Linux,cx4,12.034.000999", &r), 0);
	CHECK(fh_log_has(fh, "driver version: \"Linux,cx4,12.034.000999\""));
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

static void test_caps_off(void)
{
	struct cx4dev_config cfg;
	struct fh *fh;
	struct fh_result r;
	char err[128];
	uint32_t mask;

	CHECK_EQ(cx4dev_parse_caps_off("bogus", &mask, err, sizeof(err)), -1);
	CHECK(strstr(err, "bogus") != NULL);
	CHECK_EQ(cx4dev_parse_caps_off("", &mask, err, sizeof(err)), 0);
	CHECK_EQ(mask, 0);
	cx4dev_config_init(&cfg);
	CHECK_EQ(cx4dev_parse_caps_off("driver_version,eth_net_offloads,nic_flow_table,csum,"
				       "lro,vlan,lso,rss", &cfg.caps_off, err, sizeof(err)), 0);
	cfg.caps_off &= ~(uint32_t)CX4DEV_OFF_ETH_NET_OFFLOADS;
	fh = fh_new(&cfg);
	CHECK_EQ(fh_bringup(fh), 0);
	query_cap(fh, CX4_CAP_GENERAL, false, &r);
	CHECK_EQ(CX4_GET(CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), DRIVER_VERSION), 0);
	CHECK_EQ(CX4_GET(CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), NIC_FLOW_TABLE), 0);
	query_cap(fh, CX4_CAP_ETH_OFFLOAD, true, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), CSUM_CAP), 0);
	CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), LRO_CAP), 0);
	CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), VLAN_CAP), 0);
	CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), MAX_LSO_CAP), 0);
	CHECK_EQ(CX4_GET(ETH_CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), RSS_IND_TBL_CAP), 0);
	query_cap(fh, CX4_CAP_FLOW_TABLE, true, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CAP_TYPE_OFF);
	set_driver_version(fh, "Linux,cx4,1.000.000000", &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_DRVVER_UNSUPPORTED);
	CHECK_EQ(ERRORS(fh), 2);
	fh_free(fh);

	cx4dev_config_init(&cfg);
	cfg.caps_off = CX4DEV_OFF_ETH_NET_OFFLOADS;
	cfg.lx = true;
	fh = fh_new(&cfg);
	CHECK_EQ(fh_bringup(fh), 0);
	query_cap(fh, CX4_CAP_ETH_OFFLOAD, false, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_CAP_TYPE_OFF);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);

	/* log_max: the size limits at their minimum, current and maximum. */
	cx4dev_config_init(&cfg);
	CHECK_EQ(cx4dev_parse_caps_off("log_max", &cfg.caps_off, err, sizeof(err)), 0);
	CHECK_EQ(cfg.caps_off, CX4DEV_OFF_LOG_MAX);
	fh = fh_new(&cfg);
	CHECK_EQ(fh_bringup(fh), 0);
	for (int cur = 0; cur < 2; cur++) {
		const uint8_t *g;

		query_cap(fh, CX4_CAP_GENERAL, cur, &r);
		g = CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP);
		CHECK_CAPS(g, { CX4_CAP_LOG_MAX_CQ_SZ, 6 }, { CX4_CAP_LOG_MAX_WQ_SZ, 6 },
			   { CX4_CAP_LOG_MAX_EQ_SZ, 6 }, { CX4_CAP_LOG_MAX_EQ, 1 },
			   { CX4_CAP_LOG_MAX_CQ, 2 }, { CX4_CAP_LOG_MAX_SQ, 1 },
			   { CX4_CAP_LOG_MAX_RQT_SIZE, 0 }, { CX4_CAP_LOG_MAX_VLAN_LIST, 0 });
	}
	query_cap(fh, CX4_CAP_FLOW_TABLE, true, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK_EQ(CX4_GET(FT_PROP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP) +
			 CX4_FT_CAP_OFF_NIC_RX, LOG_MAX_FT_SIZE), 3);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

/* The caps-off/caps-on properties at run time: taken only while disabled. */
static void test_caps_knobs(void)
{
	struct cx4dev_config cfg;
	struct fh_result r;
	const uint8_t *g;
	struct fh *fh;

	cx4dev_config_init(&cfg);
	cfg.debug_ctl = true;
	fh = fh_new(&cfg);
	fh_ctl_wr(fh, CTL_CAPS_OFF, 1u << 31);		/* no such feature */
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CAPS_OFF), 0);
	fh_ctl_wr(fh, CTL_CAPS_OFF, CX4DEV_OFF_LOG_MAX);
	fh_ctl_wr(fh, CTL_CAPS_ON, CX4DEV_ON_CQE_COMPRESSION);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CAPS_OFF), CX4DEV_OFF_LOG_MAX);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CAPS_ON), CX4DEV_ON_CQE_COMPRESSION);
	CHECK_EQ(fh_bringup(fh), 0);
	query_cap(fh, CX4_CAP_GENERAL, true, &r);
	g = CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP);
	CHECK_EQ(CX4_GET(CAP, g, LOG_MAX_EQ), 1);
	CHECK_EQ(CX4_GET(CAP, g, CQE_COMPRESSION), 1);
	/* Enabled: the same value is no change; another is refused and counted. */
	fh_ctl_wr(fh, CTL_CAPS_OFF, CX4DEV_OFF_LOG_MAX);
	CHECK_EQ(ERRORS(fh), 1);
	fh_ctl_wr(fh, CTL_CAPS_OFF, 0);
	CHECK_EQ(ERRORS(fh), 2);
	CHECK_EQ(fh_ctl_rd(fh, CTL_CAPS_OFF), CX4DEV_OFF_LOG_MAX);
	query_cap(fh, CX4_CAP_GENERAL, true, &r);
	CHECK_EQ(CX4_GET(CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), LOG_MAX_EQ), 1);
	if (t_failed)
		fh_dump_log(fh);
	fh_free(fh);

	/* Disabled again (DISABLE_HCA): taken at once, the defaults are back. */
	fh = fh_new(&cfg);
	fh_ctl_wr(fh, CTL_CAPS_OFF, CX4DEV_OFF_LOG_MAX);
	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_DISABLE_HCA, 0, &r), 0);
	fh_ctl_wr(fh, CTL_CAPS_OFF, 0);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_bringup(fh), 0);
	query_cap(fh, CX4_CAP_GENERAL, true, &r);
	g = CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP);
	CHECK_CAPS(g, { CX4_CAP_LOG_MAX_EQ, 5 }, { CX4_CAP_CQE_COMPRESSION, 0 },
		   { CX4_CAP_CQ_MODERATION, 1 }, { CX4_CAP_CQ_PERIOD_START_FROM_CQE, 1 });
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);

	/* cq_moderation: the moderation capabilities off, nothing else. */
	g = caps_off_bringup(&fh, &cfg, CX4DEV_OFF_CQ_MODERATION, &r);
	/* ... the other CQ capabilities and the sizes stay. */
	CHECK_CAPS(g, { CX4_CAP_CQ_MODERATION, 0 }, { CX4_CAP_CQ_PERIOD_START_FROM_CQE, 0 },
		   { CX4_CAP_CQ_PERIOD_MODE_MODIFY, 0 }, { CX4_CAP_CQ_OI, 1 },
		   { CX4_CAP_LOG_MAX_EQ, 5 });
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

/* ---- knobs ---- */


static void test_knob_fail_nth_and_opcode(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_result r;

	CHECK_EQ(fh_ctl_rd(fh, CTL_MAGIC), 0x43583444);
	CHECK_EQ(fh_ctl_rd(fh, CTL_VERSION), 1);
	fh_ctl_wr(fh, CTL_FAIL_NTH, 3);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), CX4_CMD_STAT_INTERNAL_ERR);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_KNOB_INJECTED);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), 0);
	fh_ctl_wr(fh, CTL_FAIL_OPCODE, CX4_CMD_QUERY_PAGES);
	fh_ctl_wr(fh, CTL_FAIL_STATUS, CX4_CMD_STAT_NO_RESOURCES);
	fh_ctl_wr(fh, CTL_FAIL_SYNDROME, 0xdeadbeef);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), 0);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_PAGES, 1, &r), CX4_CMD_STAT_NO_RESOURCES);
	CHECK_EQ(r.syndrome, 0xdeadbeef);
	CHECK_EQ(fh_simple(fh, CX4_CMD_QUERY_PAGES, 1, &r), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_KNOB_HITS), 2);
	CHECK_EQ(fh_ctl_rd(fh, CTL_PAGES_OWNED), 48);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_GUEST_ERRORS), 0);
	/* Reset with pages after a knob fired: excused. */
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK(fh_log_has(fh, "excused"));
	fh_free(fh);
}

static void test_knob_property(void)
{
	struct cx4dev_config cfg;
	struct fh *fh;
	struct fh_result r;

	cx4dev_config_init(&cfg);
	cfg.knobs.fail_opcode = CX4_CMD_ENABLE_HCA;
	fh = fh_new(&cfg);
	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_INTERNAL_ERR);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);

	/* fail_opcode_count: so many in a row fail, then the knob disarms. */
	cfg.knobs.fail_opcode = CX4_CMD_ENABLE_HCA;
	cfg.knobs.fail_opcode_count = 3;
	fh = fh_new(&cfg);
	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_INTERNAL_ERR);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_INTERNAL_ERR);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_INTERNAL_ERR);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), 0);
	CHECK_EQ(ERRORS(fh), 0);
	/* Control page is off: reads 0, writes are guest errors. */
	CHECK_EQ(fh_ctl_rd(fh, CTL_MAGIC), 0);
	fh_ctl_wr(fh, CTL_FAIL_NTH, 1);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(fh_simple(fh, CX4_CMD_NOP, 0, &r), 0);
	fh_free(fh);
}

static void test_knob_delay_and_order(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_post p0, p1, p2;
	struct fh_result r;
	uint8_t in[16];

	/* Three commands rung at once complete highest index first. */
	build_simple(in, CX4_CMD_NOP, 0);
	fh_post(fh, &p0, 0, in, 16, 16);
	fh_post(fh, &p1, 1, in, 16, 16);
	fh_post(fh, &p2, 2, in, 16, 16);
	fh->n_byte_writes = 0;
	fh_ring(fh, 0x7);
	CHECK_EQ(fh->n_byte_writes, 3);
	CHECK_EQ(fh->byte_writes[0], p2.entry + CX4_CMDQ_OFF_STATUS_BYTE);
	CHECK_EQ(fh->byte_writes[2], p0.entry + CX4_CMDQ_OFF_STATUS_BYTE);

	/* Delay the next NOP by 50 ms: slot 0 completes after slot 1. */
	fh_ctl_wr(fh, CTL_DELAY_MS, 50);
	fh_ctl_wr(fh, CTL_DELAY_OPCODE, CX4_CMD_NOP);
	fh_ctl_wr(fh, CTL_DELAY_COUNT, 1);
	fh_post(fh, &p0, 0, in, 16, 16);
	build_simple(in, CX4_CMD_QUERY_PAGES, CX4_PAGES_REGULAR);
	fh_post(fh, &p1, 1, in, 16, 16);
	fh_ring(fh, 0x1);
	fh_ring(fh, 0x2);
	fh_collect(fh, &p1, &r);
	CHECK(r.done);
	fh_collect(fh, &p0, &r);
	CHECK(!r.done);
	/* Ringing a busy slot is a guest error. */
	fh_ring(fh, 0x1);
	CHECK_EQ(ERRORS(fh), 1);
	fh_advance(fh, 49ull * 1000 * 1000);
	fh_collect(fh, &p0, &r);
	CHECK(!r.done);
	fh_advance(fh, 1ull * 1000 * 1000);
	fh_collect(fh, &p0, &r);
	CHECK_STATUS(r, 0, 0);
	CHECK(r.sig_ok);
	fh_free(fh);
}

static void test_knob_hang(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_post p;
	struct fh_result r;
	uint8_t in[16];

	fh_ctl_wr(fh, CTL_HANG_OPCODE, CX4_CMD_TEARDOWN_HCA);
	build_simple(in, CX4_CMD_TEARDOWN_HCA, 0);
	fh_post(fh, &p, 3, in, 16, 16);
	fh_ring(fh, 1u << 3);
	fh_advance(fh, 10ull * 1000 * 1000 * 1000);
	fh_collect(fh, &p, &r);
	CHECK(!r.done);
	/* The cmdq address cannot move under a HW-owned command. */
	CHECK_EQ(ERRORS(fh), 0);
	/* FLR: the hung command is dropped, pages forgotten (excused). */
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(ERRORS(fh), 0);
	fh_collect(fh, &p, &r);
	CHECK(!r.done);
	CHECK_EQ(fh_bringup(fh), 0);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

/* A dead function (health syndrome, or counter stopped): pages excused. */
static void test_reset_dead_with_pages(void)
{
	struct fh *fh = fh_new_up(NULL);

	fh_ctl_wr(fh, CTL_HEALTH_SYNDROME, CX4_HEALTH_DEAD_IRISC);
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK(fh_log_has(fh, "excused: health syndrome 0x07"));
	CHECK_EQ(cx4dev_counter(fh->dev, CX4DEV_CNT_PAGES_OWNED), 0);
	/* The reset cleared the syndrome: the next leak is blamed again. */
	CHECK_EQ(fh_bringup(fh), 0);
	fh_ctl_wr(fh, CTL_HEALTH_STOP, 1);
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK(fh_log_has(fh, "health counter stopped)"));
	CHECK_EQ(fh_bringup(fh), 0);
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK(fh_log_has(fh, "pages leaked by driver"));
	fh_free(fh);
}

static void test_expect_errors_and_health_knobs(void)
{
	struct fh *fh = fh_new_up(NULL);
	struct fh_result r;

	fh_ctl_wr(fh, CTL_EXPECT_ERRORS, 1);	/* one guest error */
	CHECK_EQ(fh_simple(fh, CX4_CMD_ALLOC_PD, 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(fh_ctl_rd(fh, CTL_EXPECTED_ERRORS), 1);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ALLOC_PD, 1, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 1);
	fh_ctl_wr(fh, CTL_HEALTH_SYNDROME, CX4_HEALTH_FW_INTERNAL_ERR);
	CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_HEALTH) >> 24, CX4_HEALTH_FW_INTERNAL_ERR);
	fh_advance(fh, 500ull * 1000 * 1000);
	fh_ctl_wr(fh, CTL_HEALTH_STOP, 1);
	{
		uint32_t c = fh_rd32(fh, CX4_INIT_OFF_HEALTH) & CX4_MAX(INIT, HEALTH_COUNTER);

		fh_advance(fh, 500ull * 1000 * 1000);
		CHECK_EQ(fh_rd32(fh, CX4_INIT_OFF_HEALTH) & CX4_MAX(INIT, HEALTH_COUNTER), c);
	}
	fh_ctl_wr(fh, CTL_RESET_COUNTERS, 1);
	CHECK_EQ(fh_ctl_rd(fh, CTL_COMMANDS), 0);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

/* ---- documentation ---- */

static void test_readme_syndromes(void)
{
	static char buf[1 << 18];
	FILE *f;
	size_t n;

	if (!readme_path)
		return;
	f = fopen(readme_path, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
#define CHECK_DOC(name, val, st, desc) do { \
	char want[16]; \
	snprintf(want, sizeof(want), "0x%08X", (unsigned)(val)); \
	if (!strstr(buf, want)) { \
		printf("  README lacks syndrome %s (%s)\n", #name, want); \
		t_failed = 1; \
	} \
} while (0);
	CX4DEV_SYNDROMES(CHECK_DOC)
#undef CHECK_DOC
	CHECK(strstr(buf, "cx4: guest_errors=N") != NULL);
}

static const struct test core_tests[] = {
	T(test_iseg_readout),
	T(test_init_delay_and_health),
	T(test_doorbell_early),
	T(test_full_bringup),
	T(test_bringup_zero_errors_with_reset),
	T(test_bad_entry_signature),
	T(test_bad_type_and_reserved),
	T(test_short_lengths),
	T(test_mailbox_token_block_sig),
	T(test_mailbox_pointers),
	T(test_reserved_and_opmod),
	T(test_unknown_opcode),
	T(test_state_rules),
	T(test_pages_errors),
	T(test_reset_with_pages),
	T(test_reset_dead_with_pages),
	T(test_set_hca_cap_errors),
	T(test_driver_version),
	T(test_caps_off),
	T(test_caps_knobs),
	T(test_knob_fail_nth_and_opcode),
	T(test_knob_property),
	T(test_knob_delay_and_order),
	T(test_knob_hang),
	T(test_expect_errors_and_health_knobs),
	T(test_readme_syndromes),
};

SUITE(core, core_tests);

static const struct suite *const suites[] = {
	&core_suite, &eq_suite, &objs_suite, &eth_suite, &mlx5_suite, &counters_suite,
	&lb_suite, &port_suite, &recover_suite, &chan_suite, &hostile_suite, &prm_suite,
	&reg_suite, &ptp_suite,
};

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && !strcmp(s + n - m, tail);
}

static int usage(const char *prog)
{
	fprintf(stderr, "usage: %s [--doc DOC.md] [FILTER]\n", prog);
	return 2;
}

int main(int argc, char **argv)
{
	const char *filter = NULL;
	int passed = 0, failed = 0;
	char name[256];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--doc") && i + 1 < argc)
			readme_path = argv[++i];
		else if (argv[i][0] == '-')
			return usage(argv[0]);
		else if (!readme_path && ends_with(argv[i], ".md"))
			readme_path = argv[i];	/* the old "cx4dev-test README.md" */
		else if (!filter)
			filter = argv[i];
		else
			return usage(argv[0]);
	}
	for (size_t s = 0; s < sizeof(suites) / sizeof(suites[0]); s++) {
		const struct suite *su = suites[s];

		for (size_t i = 0; i < su->count; i++) {
			snprintf(name, sizeof(name), "%s.%s", su->name, su->tests[i].name);
			if (filter && !strstr(name, filter))
				continue;
			t_failed = 0;
			su->tests[i].fn();
			printf("%s %s\n", t_failed ? "FAIL" : "ok  ", name);
			if (t_failed)
				failed++;
			else
				passed++;
		}
	}
	if (filter && !passed && !failed)
		fprintf(stderr, "no test name contains \"%s\"\n", filter);
	printf("%d passed, %d failed\n", passed, failed);
	return failed || (filter && !passed) ? 1 : 0;
}

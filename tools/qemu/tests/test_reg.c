/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: the registers and the command beyond PRM rev 0.40 that
 * mlx5_core uses for operator commands (issue 21): PCAM / MCAM, PMLP and
 * MCIA (the module EEPROM), PDDR (the link-down reason), PPLM (FEC), the
 * PTYS autonegotiation fields, MCQS / MCQI (the firmware version) and
 * QUERY_VNIC_ENV.  Each: a good input answered with the right fields, bad
 * inputs refused with their status and syndrome and counted.
 */
#include <string.h>

#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_reg.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "syndrome.h"
#include "testutil.h"

static struct fh *reg_dev(bool lx)
{
	struct cx4dev_config cfg;

	cx4dev_config_init(&cfg);
	cfg.debug_ctl = true;
	cfg.lx = lx;
	return fh_new_up(&cfg);
}

/* ACCESS_REG of register @id: @size bytes of @data in, @out_size out. */
static uint8_t reg_rw(struct fh *fh, uint16_t op_mod, uint32_t id, const uint8_t *data,
		      uint32_t size, uint32_t out_size, struct fh_result *r)
{
	uint8_t in[CX4_ACCESS_REG_OFF_DATA + CX4_PDDR_SIZE] = { 0 };	/* the largest */

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_ACCESS_REG);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	CX4_SET(ACCESS_REG_IN, in, REGISTER_ID, id);
	memcpy(in + CX4_ACCESS_REG_OFF_DATA, data, size);
	return fh_run(fh, in, CX4_ACCESS_REG_OFF_DATA + size, CX4_ACCESS_REG_OFF_DATA + out_size,
		      r);
}

/* A read of a register @size bytes long. */
static uint8_t reg_rd(struct fh *fh, uint32_t id, const uint8_t *data, uint32_t size,
		      struct fh_result *r)
{
	return reg_rw(fh, CX4_ACCESS_REG_READ, id, data, size, size, r);
}

#define OUT(r)	((r).out + CX4_ACCESS_REG_OFF_DATA)

/* A refused access: its status, syndrome, and one more guest error. */
#define REFUSED(call, st, syn, errs) do { \
	CHECK_EQ(call, st); \
	CHECK_EQ(r.syndrome, syn); \
	CHECK_EQ(ERRORS(fh), ++(errs)); \
} while (0)

static bool cam_bit(const uint8_t *cam, uint32_t n)
{
	return cx4_rd32(cam, cx4_cam_mask_off(n)) >> (n % 32) & 1;
}

static void test_reg_hca_cap_bits(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t in[CX4_CMD_SIMPLE_SIZE] = { 0 };
	struct fh_result r;
	const uint8_t *cap = r.out + CX4_QUERY_HCA_CAP_OUT_OFF_CAP;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, true));
	CHECK_EQ(fh_run(fh, in, sizeof(in), CX4_QUERY_HCA_CAP_OUT_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(CAP, cap, PCAM_REG), 1);
	CHECK_EQ(CX4_GET(CAP, cap, MCAM_REG), 1);
	CHECK_EQ(CX4_GET(CAP, cap, NIC_RECEIVE_STEERING_DISCARD), 1);
	fh_free(fh);
}

static void test_reg_pcam_mcam(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t reg[CX4_PCAM_SIZE] = { 0 };
	struct fh_result r;
	uint64_t errs = 0;

	CHECK_EQ(reg_rd(fh, CX4_REG_PCAM, reg, CX4_PCAM_SIZE, &r), CX4_CMD_STAT_OK);
	/* Bit n is register 0x5000 + n: exactly the implemented ones. */
	CHECK(cam_bit(OUT(r), CX4_REG_PMLP - CX4_PCAM_GROUP_BASE));
	CHECK(cam_bit(OUT(r), CX4_REG_PTYS - CX4_PCAM_GROUP_BASE));
	CHECK(cam_bit(OUT(r), CX4_REG_PPCNT - CX4_PCAM_GROUP_BASE));
	CHECK(cam_bit(OUT(r), CX4_REG_PPLM - CX4_PCAM_GROUP_BASE));
	CHECK(cam_bit(OUT(r), CX4_REG_PDDR - CX4_PCAM_GROUP_BASE));
	CHECK(cam_bit(OUT(r), CX4_REG_PCAM - CX4_PCAM_GROUP_BASE));
	CHECK(!cam_bit(OUT(r), 0x0b));		/* PPTB (buffers): not implemented */
	CHECK_EQ(cx4_rd32(OUT(r), CX4_CAM_OFF_FEATURE_MASK + 12), 0);
	CHECK_EQ(reg_rd(fh, CX4_REG_MCAM, reg, CX4_MCAM_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK(cam_bit(OUT(r), CX4_REG_MCIA - CX4_MCAM_GROUP_BASE));
	CHECK(cam_bit(OUT(r), CX4_REG_MCQS - CX4_MCAM_GROUP_BASE));
	CHECK(cam_bit(OUT(r), CX4_REG_MCQI - CX4_MCAM_GROUP_BASE));
	CHECK(!cam_bit(OUT(r), 0x62));		/* MCC: no firmware update */
	/* Group 2 (0x9100-0x917f): answered, nothing there. */
	CX4_SET(MCAM, reg, ACCESS_REG_GROUP, 2);
	CHECK_EQ(reg_rd(fh, CX4_REG_MCAM, reg, CX4_MCAM_SIZE, &r), CX4_CMD_STAT_OK);
	for (uint32_t n = 0; n < CX4_CAM_MASK_BITS; n++)
		CHECK(!cam_bit(OUT(r), n));
	CHECK_EQ(ERRORS(fh), 0);
	/* PCAM has group 0 only; feature group 0 only; queried, never set. */
	CX4_SET(PCAM, reg, ACCESS_REG_GROUP, 1);
	REFUSED(reg_rd(fh, CX4_REG_PCAM, reg, CX4_PCAM_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	CX4_SET(MCAM, reg, ACCESS_REG_GROUP, 4);
	REFUSED(reg_rd(fh, CX4_REG_MCAM, reg, CX4_MCAM_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	memset(reg, 0, sizeof(reg));
	CX4_SET(PCAM, reg, FEATURE_GROUP, 1);
	REFUSED(reg_rd(fh, CX4_REG_PCAM, reg, CX4_PCAM_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	memset(reg, 0, sizeof(reg));
	REFUSED(reg_rw(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PCAM, reg, CX4_PCAM_SIZE,
		       CX4_PCAM_SIZE, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_QUERY_ONLY, errs);
	/* The masks are output: set in the input they are reserved bits. */
	cx4_wr32(reg, CX4_CAM_OFF_REG_MASK, 1);
	REFUSED(reg_rd(fh, CX4_REG_PCAM, reg, CX4_PCAM_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_RESERVED, errs);
	CHECK_EQ(LIMITS(fh), 0);
	fh_free(fh);
}

static void mcia_req(uint8_t *reg, uint32_t i2c, uint32_t page, uint32_t addr, uint32_t size)
{
	memset(reg, 0, CX4_MCIA_SIZE);
	CX4_SET(MCIA, reg, I2C_DEVICE_ADDRESS, i2c);
	CX4_SET(MCIA, reg, PAGE_NUMBER, page);
	CX4_SET(MCIA, reg, DEVICE_ADDRESS, addr);
	CX4_SET(MCIA, reg, SZ, size);
}

/* The QSFP28 identity page through 48-byte MCIA reads, as mlx5_core reads it. */
static void read_module(struct fh *fh, uint8_t *ee)
{
	uint8_t reg[CX4_MCIA_SIZE];
	struct fh_result r;

	for (uint32_t off = 0; off < 256; off += CX4_MCIA_DATA_MAX) {
		uint32_t n = 256 - off < CX4_MCIA_DATA_MAX ? 256 - off : CX4_MCIA_DATA_MAX;

		mcia_req(reg, CX4_MCIA_I2C_LOW, 0, off, n);
		CHECK_EQ(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_OK);
		CHECK_EQ(CX4_GET(MCIA, OUT(r), STATUS), CX4_MCIA_ST_GOOD);
		memcpy(ee + off, CX4_ADDR(MCIA, OUT(r), DATA), n);
	}
}

static uint8_t sum(const uint8_t *p, uint32_t from, uint32_t to)
{
	uint32_t s = 0;

	while (from < to)
		s += p[from++];
	return (uint8_t)s;
}

static void test_reg_pmlp_mcia(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t reg[CX4_MCIA_SIZE] = { 0 }, ee[256];
	struct fh_result r;
	uint64_t errs = 0;

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CHECK_EQ(reg_rd(fh, CX4_REG_PMLP, reg, CX4_PMLP_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PMLP, OUT(r), WIDTH), 4);
	CHECK_EQ(CX4_GET(PMLP_LANE, CX4_ADDR(PMLP, OUT(r), LANE), MODULE), 0);
	CHECK_EQ(CX4_GET(PMLP_LANE, CX4_ADDR(PMLP, OUT(r), LANE) + 12, TX_LANE), 3);
	read_module(fh, ee);
	CHECK_EQ(ee[CX4_SFF_IDENTIFIER], CX4_SFF_ID_QSFP28);
	CHECK_EQ(ee[CX4_QSFP_UP_IDENTIFIER], CX4_SFF_ID_QSFP28);
	CHECK(!memcmp(ee + CX4_QSFP_VENDOR_NAME, "cx4 model       ", 16));
	CHECK(!memcmp(ee + CX4_QSFP_VENDOR_PN, "CX4-DAC-100G-1M ", 16));
	CHECK_EQ(ee[CX4_QSFP_LEN_COPPER], 1);
	CHECK_EQ(ee[CX4_QSFP_CC_BASE], sum(ee, CX4_QSFP_UP_IDENTIFIER, CX4_QSFP_CC_BASE));
	CHECK_EQ(ee[CX4_QSFP_CC_EXT], sum(ee, CX4_QSFP_EXT_COMPLIANCE, CX4_QSFP_CC_EXT));
	/* No diagnostics address, no page but 00h: the module does not answer. */
	mcia_req(reg, CX4_MCIA_I2C_HIGH, 0, 0, 4);
	CHECK_EQ(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(MCIA, OUT(r), STATUS), CX4_MCIA_ST_I2C_ERROR);
	mcia_req(reg, CX4_MCIA_I2C_LOW, 3, 128, 4);
	CHECK_EQ(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(MCIA, OUT(r), STATUS), CX4_MCIA_ST_I2C_ERROR);
	/* The cable pulled: no module. */
	cx4dev_link_set(fh->dev, 0);
	mcia_req(reg, CX4_MCIA_I2C_LOW, 0, 0, 1);
	CHECK_EQ(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(MCIA, OUT(r), STATUS), CX4_MCIA_ST_NOT_CONNECTED);
	cx4dev_link_set(fh->dev, 1);
	CHECK_EQ(ERRORS(fh), 0);
	/* Bad requests: size, module, the end of the address space, lock bit. */
	mcia_req(reg, CX4_MCIA_I2C_LOW, 0, 0, CX4_MCIA_DATA_MAX + 1);
	REFUSED(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	mcia_req(reg, CX4_MCIA_I2C_LOW, 0, 0, 0);
	REFUSED(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	mcia_req(reg, CX4_MCIA_I2C_LOW, 0, 250, 8);
	REFUSED(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	mcia_req(reg, CX4_MCIA_I2C_LOW, 0, 0, 1);
	CX4_SET(MCIA, reg, MODULE, 1);
	REFUSED(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	mcia_req(reg, CX4_MCIA_I2C_LOW, 0, 0, 1);
	CX4_SET(MCIA, reg, L, 1);
	REFUSED(reg_rd(fh, CX4_REG_MCIA, reg, CX4_MCIA_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_RESERVED, errs);
	/* Writes (module EEPROM, lane mapping) exist in firmware: a limitation. */
	mcia_req(reg, CX4_MCIA_I2C_LOW, 0, 0, 1);
	CHECK_EQ(reg_rw(fh, CX4_ACCESS_REG_WRITE, CX4_REG_MCIA, reg, CX4_MCIA_SIZE,
			CX4_MCIA_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_UNMODELLED);
	CHECK_EQ(ERRORS(fh), errs);
	CHECK_EQ(LIMITS(fh), 1);
	fh_free(fh);
}

static void test_reg_lx_module(void)
{
	struct fh *fh = reg_dev(true);
	uint8_t reg[CX4_MCIA_SIZE] = { 0 }, ee[256];
	struct fh_result r;

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CHECK_EQ(reg_rd(fh, CX4_REG_PMLP, reg, CX4_PMLP_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PMLP, OUT(r), WIDTH), 1);
	read_module(fh, ee);
	CHECK_EQ(ee[CX4_SFF_IDENTIFIER], CX4_SFF_ID_SFP);
	CHECK(!memcmp(ee + CX4_SFP_VENDOR_NAME, "cx4 model       ", 16));
	CHECK(!memcmp(ee + CX4_SFP_VENDOR_PN, "CX4-DAC-25G-1M  ", 16));
	CHECK_EQ(ee[CX4_SFP_CC_BASE], sum(ee, 0, CX4_SFP_CC_BASE));
	CHECK_EQ(ee[CX4_SFP_CC_EXT], sum(ee, CX4_SFP_OPTIONS, CX4_SFP_CC_EXT));
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

static uint32_t pddr_status(struct fh *fh)
{
	uint8_t reg[CX4_PDDR_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CX4_SET(PDDR, reg, PAGE_SELECT, CX4_PDDR_PAGE_TROUBLESHOOTING);
	CHECK_EQ(reg_rd(fh, CX4_REG_PDDR, reg, CX4_PDDR_SIZE, &r), CX4_CMD_STAT_OK);
	return CX4_GET(PDDR, OUT(r), TS_STATUS_OPCODE);
}

static void ptys_write(struct fh *fh, bool an_disable)
{
	uint8_t reg[CX4_PTYS_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CX4_SET(PTYS, reg, PROTO_MASK, CX4_PTYS_PROTO_ETH);
	CX4_SET(PTYS, reg, AN_DISABLE_ADMIN, an_disable);
	CX4_SET(PTYS, reg, ETH_PROTO_ADMIN, CX4_ETH_PROTO_100GBASE_CR4);
	CHECK_EQ(reg_rw(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PTYS, reg, CX4_PTYS_SIZE,
			CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
}

static void test_reg_pddr(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t reg[CX4_PDDR_SIZE] = { 0 };
	struct fh_result r;
	uint64_t errs = 0;

	CHECK_EQ(pddr_status(fh), CX4_PDDR_ST_NONE);
	/* The far end stops transmitting: no partner (forced: in force mode). */
	cx4dev_peer_signal(fh->dev, false);
	CHECK_EQ(pddr_status(fh), CX4_PDDR_ST_AN_NO_PARTNER);
	ptys_write(fh, true);
	CHECK_EQ(pddr_status(fh), CX4_PDDR_ST_FORCE_NO_PARTNER);
	/* The cable pulled comes first. */
	cx4dev_link_set(fh->dev, 0);
	CHECK_EQ(pddr_status(fh), CX4_PDDR_ST_NO_CABLE);
	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CX4_SET(PDDR, reg, PAGE_SELECT, CX4_PDDR_PAGE_TROUBLESHOOTING);
	CHECK_EQ(reg_rd(fh, CX4_REG_PDDR, reg, CX4_PDDR_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK(!memcmp(CX4_ADDR(PDDR, OUT(r), TS_MESSAGE), "Cable is unplugged", 18));
	cx4dev_link_set(fh->dev, 1);
	cx4dev_peer_signal(fh->dev, true);
	CHECK_EQ(pddr_status(fh), CX4_PDDR_ST_NONE);
	CHECK_EQ(ERRORS(fh), 0);
	/* pnat 1 (IB port number) and writes are the guest's mistakes. */
	CX4_SET(PDDR, reg, PNAT, 1);
	REFUSED(reg_rd(fh, CX4_REG_PDDR, reg, CX4_PDDR_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	CX4_SET(PDDR, reg, PNAT, 0);
	REFUSED(reg_rw(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PDDR, reg, CX4_PDDR_SIZE,
		       CX4_PDDR_SIZE, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_QUERY_ONLY, errs);
	/* Another page (operational info): firmware has it, the model not. */
	CX4_SET(PDDR, reg, PAGE_SELECT, 0);
	CHECK_EQ(reg_rd(fh, CX4_REG_PDDR, reg, CX4_PDDR_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_UNMODELLED);
	CHECK_EQ(ERRORS(fh), errs);
	CHECK_EQ(LIMITS(fh), 1);
	fh_free(fh);
}

static void test_reg_ptys_autoneg(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t reg[CX4_PTYS_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CX4_SET(PTYS, reg, PROTO_MASK, CX4_PTYS_PROTO_ETH);
	CHECK_EQ(reg_rd(fh, CX4_REG_PTYS, reg, CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PTYS, OUT(r), AN_DISABLE_CAP), 1);
	CHECK_EQ(CX4_GET(PTYS, OUT(r), AN_DISABLE_ADMIN), 0);
	CHECK_EQ(CX4_GET(PTYS, OUT(r), AN_STATUS), CX4_PTYS_AN_COMPLETE);
	ptys_write(fh, true);
	CHECK_EQ(reg_rd(fh, CX4_REG_PTYS, reg, CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PTYS, OUT(r), AN_DISABLE_ADMIN), 1);
	CHECK_EQ(CX4_GET(PTYS, OUT(r), AN_STATUS), CX4_PTYS_AN_LINK_UP);
	CHECK_EQ(CX4_GET(PTYS, OUT(r), ETH_PROTO_OPER), CX4_ETH_PROTO_100GBASE_CR4);
	cx4dev_link_set(fh->dev, 0);
	CHECK_EQ(reg_rd(fh, CX4_REG_PTYS, reg, CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PTYS, OUT(r), AN_STATUS), CX4_PTYS_AN_LINK_DOWN);
	/* an_disable_cap and an_status are RO: written back, ignored. */
	CX4_SET(PTYS, reg, AN_STATUS, 7);
	CX4_SET(PTYS, reg, AN_DISABLE_CAP, 1);
	CX4_SET(PTYS, reg, ETH_PROTO_ADMIN, CX4_ETH_PROTO_25GBASE_CR);
	CHECK_EQ(reg_rw(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PTYS, reg, CX4_PTYS_SIZE,
			CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
	/* ... and in a read they are reserved. */
	CHECK_EQ(reg_rd(fh, CX4_REG_PTYS, reg, CX4_PTYS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_RESERVED);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

static uint8_t pplm(struct fh *fh, uint8_t *reg, bool write, struct fh_result *r)
{
	CX4_SET(REG, reg, LOCAL_PORT, 1);
	return reg_rw(fh, write ? CX4_ACCESS_REG_WRITE : CX4_ACCESS_REG_READ, CX4_REG_PPLM, reg,
		      CX4_PPLM_SIZE, CX4_PPLM_SIZE, r);
}

static void test_reg_pplm(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t reg[CX4_PPLM_SIZE] = { 0 };
	struct fh_result r;
	uint64_t errs = 0;

	CHECK_EQ(pplm(fh, reg, false, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), CAP_10G_40G), CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_FIRECODE);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), CAP_25G), 7);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), CAP_56G), 0);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), CAP_100G), CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_RS_528);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), ADMIN_100G), 0);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), FEC_MODE_ACTIVE), CX4_PPLM_FEC_RS_528);
	/* Written back as read, with no FEC on 100G. */
	memcpy(reg, OUT(r), CX4_PPLM_SIZE);
	CX4_SET(PPLM, reg, ADMIN_100G, CX4_PPLM_FEC_NONE);
	CHECK_EQ(pplm(fh, reg, true, &r), CX4_CMD_STAT_OK);
	memset(reg, 0, sizeof(reg));
	CHECK_EQ(pplm(fh, reg, false, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), ADMIN_100G), CX4_PPLM_FEC_NONE);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), FEC_MODE_ACTIVE), CX4_PPLM_FEC_NONE);
	/* No link, no FEC. */
	cx4dev_link_set(fh->dev, 0);
	CX4_SET(PPLM, reg, ADMIN_100G, 0);
	CHECK_EQ(pplm(fh, reg, true, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(pplm(fh, reg, false, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), FEC_MODE_ACTIVE), CX4_PPLM_FEC_NONE);
	CHECK_EQ(ERRORS(fh), 0);
	/* A mode outside the capability, two modes, a 56G mode. */
	CX4_SET(PPLM, reg, ADMIN_100G, CX4_PPLM_FEC_FIRECODE);
	REFUSED(pplm(fh, reg, true, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_VALUE, errs);
	CX4_SET(PPLM, reg, ADMIN_100G, 0);
	CX4_SET(PPLM, reg, ADMIN_25G, CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_RS_528);
	REFUSED(pplm(fh, reg, true, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_VALUE, errs);
	CX4_SET(PPLM, reg, ADMIN_25G, 0);
	CX4_SET(PPLM, reg, ADMIN_56G, CX4_PPLM_FEC_NONE);
	REFUSED(pplm(fh, reg, true, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_VALUE, errs);
	/* The per-lane fields of later devices are reserved here. */
	memset(reg, 0, sizeof(reg));
	cx4_wr32(reg, CX4_PPLM_SIZE - 4, 1);
	REFUSED(pplm(fh, reg, true, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_RESERVED, errs);
	fh_free(fh);

	/* The Lx: no 50G or 100G; its 25G link uses RS. */
	fh = reg_dev(true);
	memset(reg, 0, sizeof(reg));
	CHECK_EQ(pplm(fh, reg, false, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), CAP_100G), 0);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), CAP_50G), 0);
	CHECK_EQ(CX4_GET(PPLM, OUT(r), FEC_MODE_ACTIVE), CX4_PPLM_FEC_RS_528);
	fh_free(fh);
}

static uint8_t mcqi(struct fh *fh, uint32_t type, uint32_t off, uint32_t len, uint32_t out_len,
		    struct fh_result *r)
{
	uint8_t reg[CX4_MCQI_SIZE] = { 0 };

	CX4_SET(MCQI, reg, INFO_TYPE, type);
	CX4_SET(MCQI, reg, OFFSET, off);
	CX4_SET(MCQI, reg, DATA_SIZE, len);
	return reg_rw(fh, CX4_ACCESS_REG_READ, CX4_REG_MCQI, reg, CX4_MCQI_SIZE, out_len, r);
}

static void test_reg_mcqs_mcqi(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t reg[CX4_MCQS_SIZE] = { 0 };
	const uint8_t *info;
	struct fh_result r;
	uint64_t errs = 0;

	CHECK_EQ(reg_rd(fh, CX4_REG_MCQS, reg, CX4_MCQS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(MCQS, OUT(r), LAST_INDEX_FLAG), 1);
	CHECK_EQ(CX4_GET(MCQS, OUT(r), IDENTIFIER), CX4_MCQS_ID_BOOT_IMG);
	CHECK_EQ(CX4_GET(MCQS, OUT(r), UPDATE_STATE), CX4_MCQS_UPDATE_IDLE);
	CHECK_EQ(mcqi(fh, CX4_MCQI_INFO_VERSION, 0, CX4_MCQI_VERSION_SIZE,
		      CX4_MCQI_SIZE + CX4_MCQI_VERSION_SIZE, &r), CX4_CMD_STAT_OK);
	info = OUT(r) + CX4_MCQI_OFF_DATA;
	CHECK_EQ(CX4_GET(MCQI, OUT(r), INFO_SIZE), CX4_MCQI_VERSION_SIZE);
	/* The init segment's fw_rev (12.28.2006), as devlink prints it. */
	CHECK_EQ(CX4_GET(MCQI_VERSION, info, VERSION), 12u << 24 | 28u << 16 | 2006);
	CHECK_EQ(CX4_GET(MCQI_VERSION, info, STRING_LENGTH), 10);
	CHECK(!memcmp(info + CX4_MCQI_VERSION_OFF_STRING, "12.28.2006", 11));
	CHECK_EQ(mcqi(fh, CX4_MCQI_INFO_CAPABILITIES, 0, CX4_MCQI_CAP_SIZE,
		      CX4_MCQI_SIZE + CX4_MCQI_CAP_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(MCQI_CAP, OUT(r) + CX4_MCQI_OFF_DATA, SUPPORTED_INFO), 3);
	CHECK_EQ(ERRORS(fh), 0);
	/* Component 1 does not exist; read_pending with nothing pending. */
	CX4_SET(MCQS, reg, COMPONENT_INDEX, 1);
	REFUSED(reg_rd(fh, CX4_REG_MCQS, reg, CX4_MCQS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	REFUSED(mcqi(fh, 5, 0, 4, CX4_MCQI_SIZE + 4, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_REG_VALUE, errs);
	REFUSED(mcqi(fh, CX4_MCQI_INFO_VERSION, 0x70, 0x10, CX4_MCQI_SIZE + 0x10, &r),
		CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_VALUE, errs);
	/* The output must hold data_size bytes after the fixed part. */
	REFUSED(mcqi(fh, CX4_MCQI_INFO_VERSION, 0, CX4_MCQI_VERSION_SIZE, CX4_MCQI_SIZE, &r),
		CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_REG_OUT_LEN, errs);
	memset(reg, 0, sizeof(reg));
	REFUSED(reg_rw(fh, CX4_ACCESS_REG_WRITE, CX4_REG_MCQS, reg, CX4_MCQS_SIZE,
		       CX4_MCQS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_QUERY_ONLY, errs);
	CHECK_EQ(LIMITS(fh), 0);
	fh_free(fh);
}

static uint8_t vnic_env(struct fh *fh, uint16_t op_mod, uint32_t f, uint32_t v,
			struct fh_result *r)
{
	uint8_t in[CX4_QUERY_VNIC_ENV_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_VNIC_ENV);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	if (f)
		cx4_set(in, f, v);
	else
		in[CX4_QUERY_VNIC_ENV_IN_SIZE - 1] = (uint8_t)v;	/* reserved dword */
	return fh_run(fh, in, sizeof(in), CX4_QUERY_VNIC_ENV_OUT_SIZE, r);
}

static void test_query_vnic_env(void)
{
	struct fh *fh = reg_dev(false);
	uint8_t frame[60] = { 0x02, 0, 0, 0, 0, 1, 0x02, 0, 0, 0, 0, 2, 0x08, 0x00 };
	struct fh_result r;
	uint64_t errs = 0;
	const uint8_t *env = r.out + CX4_QUERY_VNIC_ENV_OUT_OFF_ENV;

	CHECK_EQ(vnic_env(fh, 0, 0, 0, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET64(VNIC_ENV, env, NIC_RECEIVE_STEERING_DISCARD), 0);
	/* No flow table yet: a frame from the wire is a steering discard. */
	cx4dev_receive(fh->dev, frame, sizeof(frame));
	CHECK_EQ(vnic_env(fh, 0, 0, 0, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET64(VNIC_ENV, env, NIC_RECEIVE_STEERING_DISCARD), 1);
	CHECK_EQ(CX4_GET64(VNIC_ENV, env, RECEIVE_DISCARD_VPORT_DOWN), 0);
	CHECK_EQ(ERRORS(fh), 0);
	REFUSED(vnic_env(fh, 1, 0, 0, &r), CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD, errs);
	REFUSED(vnic_env(fh, 0, CX4_QUERY_VNIC_ENV_IN_OTHER_VPORT, 1, &r),
		CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_VNIC_ENV_VPORT, errs);
	REFUSED(vnic_env(fh, 0, CX4_QUERY_VNIC_ENV_IN_VPORT_NUMBER, 2, &r),
		CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_VNIC_ENV_VPORT, errs);
	REFUSED(vnic_env(fh, 0, 0, 1, &r), CX4_CMD_STAT_BAD_PARAM,
		CX4DEV_SYN_RESERVED_NONZERO, errs);
	CHECK_EQ(LIMITS(fh), 0);
	fh_free(fh);
}

static const struct test reg_tests[] = {
	T(test_reg_hca_cap_bits),
	T(test_reg_pcam_mcam),
	T(test_reg_pmlp_mcia),
	T(test_reg_lx_module),
	T(test_reg_pddr),
	T(test_reg_ptys_autoneg),
	T(test_reg_pplm),
	T(test_reg_mcqs_mcqi),
	T(test_query_vnic_env),
};

SUITE(reg, reg_tests);

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: the command trace (cmd-trace), ACCESS_REG and the port
 * registers (reg.c), and regressions for what running Debian's mlx5_core
 * on the model found (Documentation/device-model-registers.md, "beyond rev 0.40,
 * needed by mlx5_core").
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_reg.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "syndrome.h"
#include "testutil.h"

static struct fh *mlx5_dev(bool trace)
{
	struct cx4dev_config cfg;

	cx4dev_config_init(&cfg);
	cfg.debug_ctl = true;
	cfg.cmd_trace = trace;
	snprintf(cfg.fn_id, sizeof(cfg.fn_id), "%s", "fnA");
	return fh_new_up(&cfg);
}

static size_t count_lines(const struct fh *fh, const char *needle)
{
	size_t n = 0;

	for (size_t i = 0; i < fh->nlines; i++)
		if (strstr(fh->lines[i], needle))
			n++;
	return n;
}

/* ---- command trace ---- */

static void test_cmd_trace(void)
{
	struct fh *fh = mlx5_dev(true);
	struct fh_post p;
	struct fh_result r;
	uint8_t in[16] = { 0 };
	uint8_t *e;
	size_t before;

	/* Bring-up: every command traced in order, from seq 1. */
	CHECK(fh_log_has(fh, "cx4: cmd-trace fn=fnA seq=1 ENABLE_HCA(0x104) op_mod=0x0 "
			 "status=OK(0x0) syndrome=0x00000000"));
	CHECK(fh_log_has(fh, " INIT_HCA(0x102) op_mod=0x0 status=OK(0x0) syndrome=0x00000000"));
	CHECK(fh_log_has(fh, " QUERY_PAGES(0x107) op_mod=0x1 status=OK(0x0)"));

	/* A failed command: status and syndrome. */
	CX4_SET(CMD_IN, in, OPCODE, 0x7ff);
	before = count_lines(fh, "cmd-trace ");
	fh_exec(fh, in, sizeof(in), 16, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_OP, CX4DEV_SYN_BAD_OPCODE);
	CHECK_EQ(count_lines(fh, "cmd-trace "), before + 1);
	CHECK(fh_log_has(fh, " ?(0x7ff) op_mod=0x0 status=BAD_OP(0x2) syndrome=0xc4010001"));

	/* A delivery failure: the delivery status, opcode from the inline input. */
	memset(in, 0, sizeof(in));
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_NOP);
	CX4_SET(CMD_IN, in, OP_MOD, 0x5);
	fh_post(fh, &p, 0, in, sizeof(in), 16);
	e = fh_ptr(fh, p.entry);
	CX4_SET(CMDQ, e, TYPE, 0x3);
	cx4_cmdq_entry_sign(e);
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_BAD_COMMAND_TYPE);
	CHECK(fh_log_has(fh, " NOP(0x80d) op_mod=0x5 ds=BAD_COMMAND_TYPE(0x10)"));
	CHECK_EQ(count_lines(fh, "cmd-trace "), before + 2);
	CHECK_EQ(ERRORS(fh), 1);	/* the delivery error; 0x7ff is a model limitation */
	CHECK_EQ(LIMITS(fh), 1);

	/* ACCESS_REG lines name the register. */
	memset(in, 0, sizeof(in));
	{
		uint8_t rin[CX4_ACCESS_REG_OFF_DATA + CX4_PMTU_SIZE] = { 0 };

		CX4_SET(CMD_IN, rin, OPCODE, CX4_CMD_ACCESS_REG);
		CX4_SET(CMD_IN, rin, OP_MOD, CX4_ACCESS_REG_READ);
		CX4_SET(ACCESS_REG_IN, rin, REGISTER_ID, CX4_REG_PMTU);
		CX4_SET(REG, rin + CX4_ACCESS_REG_OFF_DATA, LOCAL_PORT, 1);
		fh_exec(fh, rin, sizeof(rin), sizeof(rin), &r);
		CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);
		CHECK(fh_log_has(fh, " ACCESS_REG(0x805) op_mod=0x1 status=OK(0x0) "
				 "syndrome=0x00000000 reg=PMTU(0x5003)"));
	}
	fh_free(fh);

	/* Off by default: no cmd-trace line at all. */
	fh = mlx5_dev(false);
	CHECK_EQ(count_lines(fh, "cmd-trace"), 0);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}


/* ---- ACCESS_REG (PRM 12.4.1) and the port registers (11.1) ---- */

/*
 * Run ACCESS_REG on register @id: @data (@size bytes, may be NULL = zeros)
 * is the register data, the output holds @out_size bytes of register data.
 */
static uint8_t reg_access(struct fh *fh, uint16_t op_mod, uint32_t id, const uint8_t *data,
			  uint32_t size, uint32_t out_size, struct fh_result *r)
{
	uint8_t in[CX4_ACCESS_REG_OFF_DATA + 0x100] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_ACCESS_REG);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	CX4_SET(ACCESS_REG_IN, in, REGISTER_ID, id);
	if (data)
		memcpy(in + CX4_ACCESS_REG_OFF_DATA, data, size);
	return fh_run(fh, in, CX4_ACCESS_REG_OFF_DATA + size, CX4_ACCESS_REG_OFF_DATA + out_size,
		      r);
}

static void reg_port1(uint8_t *reg)
{
	CX4_SET(REG, reg, LOCAL_PORT, 1);
}

#define REG(r)	((r).out + CX4_ACCESS_REG_OFF_DATA)

static void test_access_reg_generic(void)
{
	struct fh *fh = mlx5_dev(false);
	uint8_t reg[0x100] = { 0 };
	uint8_t in[CX4_ACCESS_REG_OFF_DATA + CX4_PMTU_SIZE] = { 0 };
	struct fh_result r;
	uint64_t errs = 0;

	reg_port1(reg);
	/* op_mod 2 is neither write nor read. */
	CHECK_EQ(reg_access(fh, 2, CX4_REG_PMTU, reg, CX4_PMTU_SIZE, CX4_PMTU_SIZE, &r),
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_BAD_OPMOD);
	CHECK_EQ(ERRORS(fh), ++errs);
	/* A register the model lacks: a model limitation, not a guest error. */
	CHECK_EQ(LIMITS(fh), 0);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, 0x5fff, reg, 0x10, 0x10, &r),
		 CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_UNKNOWN);
	CHECK_EQ(ERRORS(fh), errs);
	CHECK_EQ(LIMITS(fh), 1);
	CHECK(fh_log_has(fh, "cx4: model limitation: ACCESS_REG read register_id 0x5fff not "
			 "implemented -> BAD_PARAM syndrome 0xc4200001"));
	CHECK(fh_log_has(fh, "cx4: model_limitations=1"));
	/* local_port 0 and 2: the function has port 1 only. */
	CX4_SET(REG, reg, LOCAL_PORT, 0);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_LOCAL_PORT);
	CX4_SET(REG, reg, LOCAL_PORT, 2);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PMTU, reg, CX4_PMTU_SIZE,
			    CX4_PMTU_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_LOCAL_PORT);
	errs += 2;
	CHECK_EQ(ERRORS(fh), errs);
	reg_port1(reg);
	/* A read carries only index fields: admin_mtu in a read is reserved. */
	CX4_SET(PMTU, reg, ADMIN_MTU, 1500);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PMTU, reg, CX4_PMTU_SIZE,
			    CX4_PMTU_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_RESERVED);
	CHECK_EQ(ERRORS(fh), ++errs);
	CX4_SET(PMTU, reg, ADMIN_MTU, 0);
	/* Reserved bits of a write. */
	cx4_wr32(reg, 0x00, cx4_rd32(reg, 0) | 0x80000000u);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_RESERVED);
	CHECK_EQ(ERRORS(fh), ++errs);
	memset(reg, 0, sizeof(reg));
	reg_port1(reg);
	/* Bytes past the register must be 0. */
	reg[CX4_PMTU_SIZE + 3] = 1;
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PMTU, reg, CX4_PMTU_SIZE + 0x10,
			    CX4_PMTU_SIZE + 0x10, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_RESERVED);
	CHECK_EQ(ERRORS(fh), ++errs);
	reg[CX4_PMTU_SIZE + 3] = 0;
	/* Short write, short read output. */
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PTYS, reg, 0x20, 0x40, &r),
		 CX4_CMD_STAT_BAD_INPUT_LEN);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_IN_LEN);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, 0x100, 0x80, &r),
		 CX4_CMD_STAT_BAD_OUTPUT_LEN);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_OUT_LEN);
	errs += 2;
	/* argument is reserved for every register the model has. */
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_ACCESS_REG);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_ACCESS_REG_READ);
	CX4_SET(ACCESS_REG_IN, in, REGISTER_ID, CX4_REG_PMTU);
	CX4_SET(ACCESS_REG_IN, in, ARGUMENT, 7);
	CX4_SET(REG, in + CX4_ACCESS_REG_OFF_DATA, LOCAL_PORT, 1);
	fh_exec(fh, in, sizeof(in), sizeof(in), &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO);
	CHECK_EQ(ERRORS(fh), ++errs);
	/* A read with only the header (register data reserved, absent) works. */
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_HOST_ENDIANNESS, NULL, 0, 0x10, &r),
		 CX4_CMD_STAT_OK);
	/* ACCESS_REG is not allowed before ENABLE_HCA or after TEARDOWN_HCA. */
	CHECK_EQ(fh_simple(fh, CX4_CMD_TEARDOWN_HCA, 0, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PMTU, reg, CX4_PMTU_SIZE,
			    CX4_PMTU_SIZE, &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(ERRORS(fh), ++errs);
	fh_free(fh);
}

static void test_reg_pmtu_paos(void)
{
	struct fh *fh = mlx5_dev(false);
	uint8_t reg[0x40] = { 0 };
	struct fh_result r;

	reg_port1(reg);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PMTU, reg, CX4_PMTU_SIZE,
			    CX4_PMTU_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(REG, REG(r), LOCAL_PORT), 1);
	CHECK_EQ(CX4_GET(PMTU, REG(r), MAX_MTU), 10240);
	CHECK_EQ(CX4_GET(PMTU, REG(r), ADMIN_MTU), 10240);
	/* Write back what was read (RO fields ignored) with a new admin_mtu. */
	memcpy(reg, REG(r), CX4_PMTU_SIZE);
	CX4_SET(PMTU, reg, ADMIN_MTU, 1522);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PMTU, reg, CX4_PMTU_SIZE,
			    CX4_PMTU_SIZE, &r), CX4_CMD_STAT_OK);
	memset(reg, 0, sizeof(reg));
	reg_port1(reg);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PMTU, reg, CX4_PMTU_SIZE,
			    CX4_PMTU_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PMTU, REG(r), ADMIN_MTU), 1522);
	CHECK_EQ(CX4_GET(PMTU, REG(r), OPER_MTU), 1522);
	CHECK_EQ(ERRORS(fh), 0);
	/* admin_mtu above max_mtu. */
	CX4_SET(PMTU, reg, ADMIN_MTU, 10241);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PMTU, reg, CX4_PMTU_SIZE,
			    CX4_PMTU_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_VALUE);
	CHECK_EQ(ERRORS(fh), 1);

	/* PAOS: up by default; admin down with ase; without ase ignored. */
	memset(reg, 0, sizeof(reg));
	reg_port1(reg);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PAOS, REG(r), ADMIN_STATUS), CX4_PAOS_UP);
	CHECK_EQ(CX4_GET(PAOS, REG(r), OPER_STATUS), CX4_PAOS_UP);
	CX4_SET(PAOS, reg, ADMIN_STATUS, CX4_PAOS_DOWN);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_OK);
	CX4_SET(PAOS, reg, ADMIN_STATUS, 0);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PAOS, REG(r), ADMIN_STATUS), CX4_PAOS_UP);
	CX4_SET(PAOS, reg, ADMIN_STATUS, CX4_PAOS_DOWN);
	CX4_SET(PAOS, reg, ASE, 1);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_OK);
	memset(reg, 0, sizeof(reg));
	reg_port1(reg);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PAOS, REG(r), ADMIN_STATUS), CX4_PAOS_DOWN);
	CHECK_EQ(CX4_GET(PAOS, REG(r), OPER_STATUS), CX4_PAOS_DOWN);
	/* 4 (disabled by system) is the hardware's to set. */
	CX4_SET(PAOS, reg, ADMIN_STATUS, CX4_PAOS_DISABLED);
	CX4_SET(PAOS, reg, ASE, 1);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PAOS, reg, CX4_PAOS_SIZE,
			    CX4_PAOS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_VALUE);
	CHECK_EQ(ERRORS(fh), 2);
	/* DISABLE_HCA-level reset brings the defaults back (port settings are not objects). */
	fh_free(fh);
}

static void test_reg_ptys_pfcc_ppcnt(void)
{
	struct fh *fh = mlx5_dev(false);
	uint8_t reg[0x100] = { 0 };
	struct fh_result r;
	uint32_t cap;

	reg_port1(reg);
	/* PTYS needs proto_mask = Ethernet. */
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PTYS, reg, CX4_PTYS_SIZE,
			    CX4_PTYS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_VALUE);
	CX4_SET(PTYS, reg, PROTO_MASK, CX4_PTYS_PROTO_ETH);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PTYS, reg, CX4_PTYS_SIZE,
			    CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
	cap = CX4_GET(PTYS, REG(r), ETH_PROTO_CAPABILITY);
	CHECK(cap & CX4_ETH_PROTO_100GBASE_CR4);
	CHECK_EQ(CX4_GET(PTYS, REG(r), ETH_PROTO_ADMIN), cap);
	CHECK_EQ(CX4_GET(PTYS, REG(r), ETH_PROTO_OPER), CX4_ETH_PROTO_100GBASE_CR4);
	/* Admin limited to 25G: the link trains to 25GBASE-CR. */
	CX4_SET(PTYS, reg, ETH_PROTO_ADMIN, CX4_ETH_PROTO_25GBASE_CR);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PTYS, reg, CX4_PTYS_SIZE,
			    CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
	CX4_SET(PTYS, reg, ETH_PROTO_ADMIN, 0);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PTYS, reg, CX4_PTYS_SIZE,
			    CX4_PTYS_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PTYS, REG(r), ETH_PROTO_OPER), CX4_ETH_PROTO_25GBASE_CR);
	/* A protocol the port does not have (bit 2, 10GBASE-CX4). */
	CX4_SET(PTYS, reg, ETH_PROTO_ADMIN, CX4_ETH_PROTO_10GBASE_CX4);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PTYS, reg, CX4_PTYS_SIZE,
			    CX4_PTYS_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 2);

	/* PFCC: global pause on, then PFC together with it is refused. */
	memset(reg, 0, sizeof(reg));
	reg_port1(reg);
	CX4_SET(PFCC, reg, PPTX, 1);
	CX4_SET(PFCC, reg, PPRX, 1);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PFCC, reg, CX4_PFCC_SIZE,
			    CX4_PFCC_SIZE, &r), CX4_CMD_STAT_OK);
	memset(reg, 0, sizeof(reg));
	reg_port1(reg);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PFCC, reg, CX4_PFCC_SIZE,
			    CX4_PFCC_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PFCC, REG(r), PPTX), 1);
	CHECK_EQ(CX4_GET(PFCC, REG(r), APRX), 1);
	CX4_SET(PFCC, reg, PPTX, 1);
	CX4_SET(PFCC, reg, PRIO_MASK_TX, 0x01);
	CX4_SET(PFCC, reg, PFCTX, 0x01);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PFCC, reg, CX4_PFCC_SIZE,
			    CX4_PFCC_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 3);

	/* PPCNT: the IEEE 802.3 group reads (zeros), prio_tc checks, group 63. */
	memset(reg, 0, sizeof(reg));
	reg_port1(reg);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, CX4_PPCNT_SIZE,
			    CX4_PPCNT_SIZE, &r), CX4_CMD_STAT_OK);
	CX4_SET(PPCNT, reg, GRP, CX4_PPCNT_GRP_PER_PRIO);
	CX4_SET(PPCNT, reg, PRIO_TC, 7);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, CX4_PPCNT_SIZE,
			    CX4_PPCNT_SIZE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(PPCNT, REG(r), PRIO_TC), 7);
	CX4_SET(PPCNT, reg, PRIO_TC, 8);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, CX4_PPCNT_SIZE,
			    CX4_PPCNT_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CX4_SET(PPCNT, reg, PRIO_TC, 0);
	CX4_SET(PPCNT, reg, GRP, CX4_PPCNT_GRP_ALL);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, CX4_PPCNT_SIZE,
			    CX4_PPCNT_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CX4_SET(PPCNT, reg, CLR, 1);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_PPCNT, reg, CX4_PPCNT_SIZE,
			    CX4_PPCNT_SIZE, &r), CX4_CMD_STAT_OK);
	CX4_SET(PPCNT, reg, GRP, CX4_PPCNT_GRP_PER_RX_BUFFER);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, CX4_PPCNT_SIZE,
			    CX4_PPCNT_SIZE, &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(ERRORS(fh), 6);
	fh_free(fh);
}

/* mlx5_core writes HOST_ENDIANNESS (he = 0) between ENABLE_HCA and INIT_HCA. */
static void test_reg_host_endianness(void)
{
	struct cx4dev_config cfg;
	struct fh *fh;
	uint8_t reg[0x10] = { 0 };
	struct fh_result r;

	cx4dev_config_init(&cfg);
	fh = fh_new(&cfg);
	fh_boot(fh);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_HOST_ENDIANNESS, reg, 0x10, 0x10,
			    &r), CX4_CMD_STAT_BAD_SYS_STATE);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_HOST_ENDIANNESS, reg, 0x10, 0x10,
			    &r), CX4_CMD_STAT_OK);
	/* he = 1 is a model limitation, not a guest error. */
	CX4_SET(HOST_ENDIANNESS, reg, HE, 1);
	CHECK_EQ(reg_access(fh, CX4_ACCESS_REG_WRITE, CX4_REG_HOST_ENDIANNESS, reg, 0x10, 0x10,
			    &r), CX4_CMD_STAT_BAD_PARAM);
	CHECK_EQ(r.syndrome, CX4DEV_SYN_REG_HE);
	CHECK_EQ(ERRORS(fh), 1);
	CHECK_EQ(LIMITS(fh), 1);
	fh_free(fh);
}

/* ---- regressions found by running mlx5_core ---- */

/*
 * ENABLE_HCA / DISABLE_HCA outputs are 12 bytes (Tables 176, 180: status,
 * syndrome, one reserved dword); mlx5_core sends output_length 0xc.  The
 * model used to require 16 and failed mlx5_core's ENABLE_HCA.
 */
static void test_enable_disable_hca_out_len(void)
{
	struct cx4dev_config cfg;
	struct fh *fh;
	uint8_t in[16] = { 0 };
	struct fh_result r;

	cx4dev_config_init(&cfg);
	fh = fh_new(&cfg);
	fh_boot(fh);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_ENABLE_HCA);
	fh_exec(fh, in, sizeof(in), 8, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_OUT_LEN);
	fh_exec(fh, in, sizeof(in), 0xc, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_DISABLE_HCA);
	fh_exec(fh, in, sizeof(in), 0xc, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

/*
 * Table 145: cmdif_checksum 1 is "initial_state": input signatures are
 * not checked, output is signed.  The model used to start in 3 (enabled)
 * and failed mlx5_core's first mailbox command (QUERY_ISSI), whose
 * mailboxes mlx5_core does not sign.
 */
static void test_cmdif_checksum_initial_state(void)
{
	struct cx4dev_config cfg;
	struct fh *fh;
	uint8_t in[16] = { 0 };
	struct fh_post p;
	struct fh_result r;
	uint8_t *b, *e;

	cx4dev_config_init(&cfg);
	fh = fh_new(&cfg);
	fh_boot(fh);
	CHECK_EQ(fh_simple(fh, CX4_CMD_ENABLE_HCA, 0, &r), CX4_CMD_STAT_OK);
	/* Unsigned entry and output mailbox: accepted, the output is signed. */
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_ISSI);
	fh_post(fh, &p, 0, in, sizeof(in), CX4_QUERY_ISSI_OUT_SIZE);
	b = fh_ptr(fh, p.out_mb[0]);
	b[CX4_MBOX_OFF_CTRL_SIG_BYTE] ^= 0x5a;
	e = fh_ptr(fh, p.entry);
	e[CX4_CMDQ_OFF_SIG_BYTE] ^= 0x33;
	fh_ring_collect(fh, &p, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);
	CHECK_EQ(ERRORS(fh), 0);
	/* Once the driver enables checking (3), the same mistake is caught. */
	CHECK_EQ(fh_enable_cmdif_checksum(fh), 0);
	fh_post(fh, &p, 0, in, sizeof(in), CX4_QUERY_ISSI_OUT_SIZE);
	b = fh_ptr(fh, p.out_mb[0]);
	b[CX4_MBOX_OFF_CTRL_SIG_BYTE] ^= 0x5a;
	fh_ring_collect(fh, &p, &r);
	CHECK_DS(r, CX4_CMDQ_DS_SIGNATURE_ERR);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

/*
 * PCI vendor-specific capability (beyond rev 0.40): mlx5_core warns when
 * it is missing.  Semaphore lock/unlock as mlx5_core does it (read free,
 * read counter, write it, read it back), no space supported.
 */
static void test_vsc_gateway(void)
{
	struct cx4dev_config cfg;
	struct fh *fh;
	uint32_t c1, c2;

	cx4dev_config_init(&cfg);
	fh = fh_new(&cfg);
	CHECK_EQ(cx4dev_vsc_read(fh->dev, 0x0c), 0);		/* free */
	c1 = cx4dev_vsc_read(fh->dev, 0x08);
	c2 = cx4dev_vsc_read(fh->dev, 0x08);
	CHECK(c1 && c2 && c1 != c2);				/* unique, never 0 */
	cx4dev_vsc_write(fh->dev, 0x0c, c2);
	CHECK_EQ(cx4dev_vsc_read(fh->dev, 0x0c), c2);		/* we hold it */
	cx4dev_vsc_write(fh->dev, 0x0c, c2 + 1);		/* someone else: no */
	CHECK_EQ(cx4dev_vsc_read(fh->dev, 0x0c), c2);
	/* Select a space: the status bits say "not supported". */
	cx4dev_vsc_write(fh->dev, 0x04, 0xffff0007u);
	CHECK_EQ(cx4dev_vsc_read(fh->dev, 0x04), 0x7);
	CHECK_EQ(cx4dev_vsc_read(fh->dev, 0x14), 0);
	cx4dev_vsc_write(fh->dev, 0x0c, 0);			/* unlock */
	CHECK_EQ(cx4dev_vsc_read(fh->dev, 0x0c), 0);
	/* Held at reset: freed. */
	cx4dev_vsc_write(fh->dev, 0x0c, 5);
	cx4dev_reset(fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(cx4dev_vsc_read(fh->dev, 0x0c), 0);
	CHECK_EQ(ERRORS(fh), 0);
	fh_free(fh);
}

/*
 * mlx5_core's flow-steering tree puts its anchor NIC RX table at level 66
 * (and deeper tables near it), which max_ft_level 64 refused (BAD_PARAM
 * 0xC4150004).  PRM 7.11.3.3: level may not exceed max_ft_level, and
 * levels >= 64 are where multi-path destinations live; the model now
 * offers 64 levels from 64 on (max_ft_level 127), still enforced.
 */
static uint8_t create_ft_level(struct fh *fh, uint32_t level, struct fh_result *r)
{
	uint8_t in[CX4_CREATE_FLOW_TABLE_IN_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_TABLE);
	CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	CX4_SET(FTC, in + CX4_FT_OFF_CTX, LEVEL, level);
	fh_exec(fh, in, sizeof(in), CX4_CREATE_FLOW_TABLE_OUT_SIZE, r);
	return r->status;
}

static void test_ft_level_above_64(void)
{
	struct fh *fh = mlx5_dev(false);
	struct fh_result r;

	CHECK_EQ(create_ft_level(fh, 66, &r), CX4_CMD_STAT_OK);
	CHECK(CX4_GET(CREATE_FLOW_TABLE_OUT, r.out, TABLE_ID) != 0);
	CHECK_EQ(create_ft_level(fh, 127, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(fh), 0);
	/* Beyond max_ft_level: still refused, still a guest error. */
	create_ft_level(fh, 128, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_CTX);
	CHECK_EQ(ERRORS(fh), 1);
	fh_free(fh);
}

static uint8_t ft_cmd(struct fh *fh, uint16_t opcode, uint32_t id, struct fh_result *r)
{
	uint8_t in[CX4_FT_CMD_SIZE] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, opcode);
	CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	CX4_SET(FT_CMD, in, TABLE_ID, id);
	fh_exec(fh, in, sizeof(in), CX4_CMD_SIMPLE_SIZE, r);
	return r->status;
}

/*
 * mlx5_core destroys its last NIC RX table (the anchor) while it is still
 * the root set by SET_FLOW_TABLE_ROOT; the model refused (BAD_RES_STATE
 * 0xC4150006).  12.14.3 asks only for an empty table, 7.11.3.2 says a
 * replaced root is kept until released: destroying the root is allowed
 * and steering falls back to the default root.  Other references still
 * block the destroy.
 */
static void test_destroy_root_ft(void)
{
	struct fh *fh = mlx5_dev(false);
	struct fh_result r;
	uint32_t a, b;

	CHECK_EQ(create_ft_level(fh, 66, &r), CX4_CMD_STAT_OK);
	a = CX4_GET(CREATE_FLOW_TABLE_OUT, r.out, TABLE_ID);
	CHECK_EQ(ft_cmd(fh, CX4_CMD_SET_FLOW_TABLE_ROOT, a, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ft_cmd(fh, CX4_CMD_DESTROY_FLOW_TABLE, a, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ft_cmd(fh, CX4_CMD_DESTROY_FLOW_TABLE, a, &r), CX4_CMD_STAT_BAD_RESOURCE);
	CHECK_EQ(ERRORS(fh), 1);
	/* A root that a miss pointer also references: still refused. */
	CHECK_EQ(create_ft_level(fh, 66, &r), CX4_CMD_STAT_OK);
	a = CX4_GET(CREATE_FLOW_TABLE_OUT, r.out, TABLE_ID);
	{
		uint8_t in[CX4_CREATE_FLOW_TABLE_IN_SIZE] = { 0 };

		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_FLOW_TABLE);
		CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
		CX4_SET(FTC, in + CX4_FT_OFF_CTX, LEVEL, 10);
		CX4_SET(FTC, in + CX4_FT_OFF_CTX, TABLE_MISS_ACTION, CX4_FT_MISS_IDENTIFIED);
		CX4_SET(FTC, in + CX4_FT_OFF_CTX, TABLE_MISS_ID, a);
		fh_exec(fh, in, sizeof(in), CX4_CREATE_FLOW_TABLE_OUT_SIZE, &r);
		CHECK_EQ(r.status, CX4_CMD_STAT_OK);
		b = CX4_GET(CREATE_FLOW_TABLE_OUT, r.out, TABLE_ID);
	}
	CHECK_EQ(ft_cmd(fh, CX4_CMD_SET_FLOW_TABLE_ROOT, a, &r), CX4_CMD_STAT_OK);
	ft_cmd(fh, CX4_CMD_DESTROY_FLOW_TABLE, a, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_FT_IN_USE);
	CHECK_EQ(ERRORS(fh), 2);
	CHECK_EQ(ft_cmd(fh, CX4_CMD_DESTROY_FLOW_TABLE, b, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ft_cmd(fh, CX4_CMD_DESTROY_FLOW_TABLE, a, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(ERRORS(fh), 2);
	fh_free(fh);
}

/*
 * mlx5e refuses to attach ("Max SQ WQEBBs firmware capability: 0, needed
 * 16"): it reads max_wqe_sz_sq (general caps 50h, beyond rev 0.40).
 */
static void test_max_wqe_sz_sq(void)
{
	struct fh *fh = mlx5_dev(false);
	uint8_t in[16] = { 0 };
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_HCA_CAP);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_HCA_CAP_OPMOD(CX4_CAP_GENERAL, 1));
	fh_exec(fh, in, sizeof(in), CX4_QUERY_HCA_CAP_OUT_SIZE, &r);
	CHECK_EQ(r.status, CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(CAP, CX4_CADDR(QUERY_HCA_CAP_OUT, r.out, CAP), MAX_WQE_SZ_SQ), 1024);
	fh_free(fh);
}

/*
 * Issue 21: what mlx5_core sends with the default device properties.
 * SET_DRIVER_VERSION with its kernel-version string, and its MTU query
 * (QUERY_NIC_VPORT_CONTEXT with a 0x110-byte output: the context, no
 * room for the list) while the UC list holds its MAC.
 */
static void test_mlx5_driver_version_and_short_query(void)
{
	struct fh *fh = mlx5_dev(false);
	uint8_t in[CX4_SET_DRIVER_VERSION_IN_SIZE] = { 0 };
	uint8_t min[0x400] = { 0 };
	uint8_t *ctx = min + CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX;
	const char *v = "Linux,mlx5_core,6.12.117";
	struct fh_result r;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_SET_DRIVER_VERSION);
	memcpy(in + CX4_SET_DRIVER_VERSION_OFF_STR, v, strlen(v));
	fh_exec(fh, in, sizeof(in), CX4_SET_DRIVER_VERSION_OUT_SIZE, &r);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);

	CX4_SET(CMD_IN, min, OPCODE, CX4_CMD_MODIFY_NIC_VPORT_CONTEXT);
	CX4_SET(MODIFY_NIC_VPORT_CTX_IN, min, FIELD_SELECT,
		CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST | CX4_MODIFY_NIC_VPORT_SEL_MTU);
	CX4_SET(NIC_VPORT, ctx, MTU, 1522);
	CX4_SET(NIC_VPORT, ctx, ALLOWED_LIST_TYPE, CX4_NIC_VPORT_LIST_UC);
	CX4_SET(NIC_VPORT, ctx, ALLOWED_LIST_SIZE, 1);
	cx4_set64(ctx, cx4_nic_vport_list_off(0), 0x525400123456ull);
	fh_exec(fh, min, cx4_modify_nic_vport_ctx_in_size(1), CX4_MODIFY_NIC_VPORT_CTX_OUT_SIZE,
		&r);
	CHECK_STATUS(r, CX4_CMD_STAT_OK, 0);

	CHECK_EQ(fh_cmd16(fh, CX4_CMD_QUERY_NIC_VPORT_CONTEXT, 0, 0, 0, 0, 0, 0x110, &r),
		 CX4_CMD_STAT_OK);
	CHECK_EQ(CX4_GET(NIC_VPORT, r.out + CX4_QUERY_NIC_VPORT_CTX_OUT_OFF_CTX, MTU), 1522);
	CHECK_EQ(CX4_GET(NIC_VPORT, r.out + CX4_QUERY_NIC_VPORT_CTX_OUT_OFF_CTX,
			 ALLOWED_LIST_SIZE), 1);
	CHECK_EQ(ERRORS(fh), 0);
	CHECK_EQ(LIMITS(fh), 0);
	fh_free(fh);
}

static const struct test mlx5_tests[] = {
	T(test_cmd_trace),
	T(test_access_reg_generic),
	T(test_reg_pmtu_paos),
	T(test_reg_ptys_pfcc_ppcnt),
	T(test_reg_host_endianness),
	T(test_enable_disable_hca_out_len),
	T(test_cmdif_checksum_initial_state),
	T(test_vsc_gateway),
	T(test_ft_level_above_64),
	T(test_destroy_root_ft),
	T(test_max_wqe_sz_sq),
	T(test_mlx5_driver_version_and_short_query),
};
SUITE(mlx5, mlx5_tests);

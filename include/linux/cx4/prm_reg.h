/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * cx4 PRM layouts: chapter 11 (command registers: network port registers)
 * and the ACCESS_REGISTER command that carries them (12.4.1).
 *
 * Register fields are relative to the start of the register data, i.e.
 * to byte CX4_ACCESS_REG_OFF_DATA of the ACCESS_REGISTER input/output.
 * Registers marked "beyond rev 0.40" are not in PRM rev 0.40; they are
 * what a ConnectX-4 firmware implements and mlx5_core uses (see
 * Documentation/device-model.md, "beyond rev 0.40, needed by mlx5_core").
 */
#ifndef _LINUX_CX4_PRM_REG_H
#define _LINUX_CX4_PRM_REG_H

#include <linux/cx4/prm.h>

/* 12.4.1 ACCESS_REGISTER: Tables 221-224. */
#define CX4_ACCESS_REG_IN_REGISTER_ID	CX4_FLD(0x08, 15, 0)
#define CX4_ACCESS_REG_IN_ARGUMENT	CX4_DW(0x0c)
#define CX4_ACCESS_REG_OFF_DATA		0x10	/* register data, in and out */

/* Table 222: op_mod. */
enum cx4_access_reg_op {
	CX4_ACCESS_REG_WRITE	= 0,
	CX4_ACCESS_REG_READ	= 1,
};

/* Table 104: port register IDs. */
enum cx4_reg_id {
	CX4_REG_PMTU		= 0x5003,
	CX4_REG_PTYS		= 0x5004,
	CX4_REG_PAOS		= 0x5006,
	CX4_REG_PFCC		= 0x5007,
	CX4_REG_PPCNT		= 0x5008,
	CX4_REG_HOST_ENDIANNESS	= 0x7004,	/* beyond rev 0.40 */
};

/* Local port field, at the same place in every port register. */
#define CX4_REG_LOCAL_PORT		CX4_FLD(0x00, 23, 16)

/* 11.1.1 PMTU: Tables 105-106. */
#define CX4_PMTU_SIZE			0x10
#define CX4_PMTU_MAX_MTU		CX4_FLD(0x04, 31, 16)
#define CX4_PMTU_ADMIN_MTU		CX4_FLD(0x08, 31, 16)
#define CX4_PMTU_OPER_MTU		CX4_FLD(0x0c, 31, 16)

/* 11.1.2 PTYS: Tables 107-108. */
#define CX4_PTYS_SIZE			0x40
#define CX4_PTYS_PROTO_MASK		CX4_FLD(0x00, 2, 0)
#define CX4_PTYS_ETH_PROTO_CAPABILITY	CX4_DW(0x0c)
#define CX4_PTYS_ETH_PROTO_ADMIN	CX4_DW(0x18)
#define CX4_PTYS_ETH_PROTO_OPER		CX4_DW(0x24)

enum cx4_ptys_proto {
	CX4_PTYS_PROTO_ETH	= 1u << 2,
};

/* Table 108: eth_proto_* bits. */
enum cx4_eth_proto {
	CX4_ETH_PROTO_SGMII		= 1u << 0,
	CX4_ETH_PROTO_1000BASE_KX	= 1u << 1,
	CX4_ETH_PROTO_10GBASE_CX4	= 1u << 2,
	CX4_ETH_PROTO_10GBASE_KX4	= 1u << 3,
	CX4_ETH_PROTO_10GBASE_KR	= 1u << 4,
	CX4_ETH_PROTO_40GBASE_CR4	= 1u << 6,
	CX4_ETH_PROTO_40GBASE_KR4	= 1u << 7,
	CX4_ETH_PROTO_10GBASE_CR	= 1u << 12,
	CX4_ETH_PROTO_10GBASE_SR	= 1u << 13,
	CX4_ETH_PROTO_10GBASE_ER_LR	= 1u << 14,
	CX4_ETH_PROTO_40GBASE_SR4	= 1u << 15,
	CX4_ETH_PROTO_40GBASE_LR4_ER4	= 1u << 16,
	CX4_ETH_PROTO_50GBASE_SR2	= 1u << 18,
	CX4_ETH_PROTO_100GBASE_CR4	= 1u << 20,
	CX4_ETH_PROTO_100GBASE_SR4	= 1u << 21,
	CX4_ETH_PROTO_100GBASE_KR4	= 1u << 22,
	CX4_ETH_PROTO_25GBASE_CR	= 1u << 27,
	CX4_ETH_PROTO_25GBASE_KR	= 1u << 28,
	CX4_ETH_PROTO_25GBASE_SR	= 1u << 29,
	CX4_ETH_PROTO_50GBASE_CR2	= 1u << 30,
	CX4_ETH_PROTO_50GBASE_KR2	= 1u << 31,
};

/* 11.1.3 PAOS: Tables 109-110. */
#define CX4_PAOS_SIZE			0x10
#define CX4_PAOS_ADMIN_STATUS		CX4_FLD(0x00, 11, 8)
#define CX4_PAOS_OPER_STATUS		CX4_FLD(0x00, 3, 0)
#define CX4_PAOS_ASE			CX4_FLD(0x04, 31, 31)

enum cx4_paos_status {
	CX4_PAOS_UP		= 1,
	CX4_PAOS_DOWN		= 2,	/* admin: down by configuration */
	CX4_PAOS_UP_ONCE	= 3,	/* admin only */
	CX4_PAOS_DISABLED	= 4,	/* admin: by system; oper: down by port failure */
};

/* 11.1.4 PFCC: Tables 111-112. */
#define CX4_PFCC_SIZE			0x20
#define CX4_PFCC_PRIO_MASK_TX		CX4_FLD(0x04, 23, 16)
#define CX4_PFCC_PRIO_MASK_RX		CX4_FLD(0x04, 7, 0)
#define CX4_PFCC_PPTX			CX4_FLD(0x08, 31, 31)
#define CX4_PFCC_APTX			CX4_FLD(0x08, 30, 30)
#define CX4_PFCC_PFCTX			CX4_FLD(0x08, 23, 16)
#define CX4_PFCC_FCTX_DISABLED		CX4_FLD(0x08, 8, 8)
#define CX4_PFCC_PPRX			CX4_FLD(0x0c, 31, 31)
#define CX4_PFCC_APRX			CX4_FLD(0x0c, 30, 30)
#define CX4_PFCC_PFCRX			CX4_FLD(0x0c, 23, 16)
#define CX4_PFCC_STALL_MINOR_WATERMARK	CX4_FLD(0x10, 31, 16)
#define CX4_PFCC_STALL_CRIT_WATERMARK	CX4_FLD(0x10, 15, 0)

/* 11.1.5 PPCNT: Tables 113-114; counter groups Tables 115-126. */
#define CX4_PPCNT_SIZE			0x100
#define CX4_PPCNT_GRP			CX4_FLD(0x00, 5, 0)
#define CX4_PPCNT_CLR			CX4_FLD(0x04, 31, 31)
#define CX4_PPCNT_PRIO_TC		CX4_FLD(0x04, 4, 0)
#define CX4_PPCNT_OFF_COUNTER_SET	0x08
#define CX4_PPCNT_COUNTER_SET_SIZE	0xf8

enum cx4_ppcnt_grp {
	CX4_PPCNT_GRP_IEEE_802_3	= 0x00,
	CX4_PPCNT_GRP_RFC_2863		= 0x01,
	CX4_PPCNT_GRP_RFC_2819		= 0x02,
	CX4_PPCNT_GRP_RFC_3635		= 0x03,
	CX4_PPCNT_GRP_PER_PRIO		= 0x10,
	CX4_PPCNT_GRP_PER_TC		= 0x11,
	CX4_PPCNT_GRP_PER_RX_BUFFER	= 0x15,
	CX4_PPCNT_GRP_ALL		= 0x3f,	/* Set() with clr only */
};

/*
 * HOST_ENDIANNESS (beyond rev 0.40): bit 31 of the first dword, "he",
 * written by the driver at start-up; 0 = the big-endian layout of the PRM.
 */
#define CX4_HOST_ENDIANNESS_SIZE	0x10
#define CX4_HOST_ENDIANNESS_HE		CX4_FLD(0x00, 31, 31)

#endif /* _LINUX_CX4_PRM_REG_H */

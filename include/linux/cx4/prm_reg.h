/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * cx4 PRM layouts: chapter 11 (command registers: network port registers)
 * and the ACCESS_REGISTER command that carries them (12.4.1), and the
 * port and management registers beyond rev 0.40 that mlx5_core reads for
 * everyday operator commands (ethtool -m, --show-fec, devlink dev info).
 *
 * Register fields are relative to the start of the register data, i.e.
 * to byte CX4_ACCESS_REG_OFF_DATA of the ACCESS_REGISTER input/output.
 * Registers marked "beyond rev 0.40" are not in PRM rev 0.40; they are
 * what a ConnectX-4 firmware implements and mlx5_core uses (see
 * Documentation/device-model-registers.md, "Beyond rev 0.40, needed by
 * mlx5_core").
 */
#ifndef _LINUX_CX4_PRM_REG_H
#define _LINUX_CX4_PRM_REG_H

#include <linux/cx4/prm.h>

/* 12.4.1 ACCESS_REGISTER: Tables 221-224. */
#define CX4_ACCESS_REG_IN_REGISTER_ID	CX4_FLD(0x08, 15, 0)
#define CX4_ACCESS_REG_IN_ARGUMENT	CX4_DW(0x0c)
#define CX4_ACCESS_REG_OFF_DATA		0x10	/* register data, in and out */
#define CX4_ACCESS_REG_IN_SIZE		CX4_ACCESS_REG_OFF_DATA	/* fixed part */
#define CX4_ACCESS_REG_IN_OFF_DATA	CX4_ACCESS_REG_OFF_DATA
#define CX4_ACCESS_REG_OUT_SIZE		CX4_ACCESS_REG_OFF_DATA	/* fixed part */
#define CX4_ACCESS_REG_OUT_OFF_DATA	CX4_ACCESS_REG_OFF_DATA

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
	/*
	 * Beyond rev 0.40: IDs from the public mlx5 interface definitions
	 * (Linux include/linux/mlx5/driver.h, enum mlx5_reg_*), as facts.
	 */
	CX4_REG_PMLP		= 0x5002,	/* port module to lane mapping */
	CX4_REG_PPLM		= 0x5023,	/* physical port link mode (FEC) */
	CX4_REG_PDDR		= 0x5031,	/* port diagnostics (link-down reason) */
	CX4_REG_PCAM		= 0x507f,	/* port capabilities mask */
	CX4_REG_MCIA		= 0x9014,	/* module (cable) EEPROM access */
	CX4_REG_MCQS		= 0x9060,	/* component (firmware) query status */
	CX4_REG_MCQI		= 0x9061,	/* component (firmware) query info */
	CX4_REG_MCAM		= 0x907f,	/* management capabilities mask */
};

/* Local port field, at the same place in every port register. */
#define CX4_REG_LOCAL_PORT		CX4_FLD(0x00, 23, 16)
#define CX4_REG_SIZE			0x04	/* the dword port registers start with */

/* 11.1.1 PMTU: Tables 105-106. */
#define CX4_PMTU_SIZE			0x10
#define CX4_PMTU_MAX_MTU		CX4_FLD(0x04, 31, 16)
#define CX4_PMTU_ADMIN_MTU		CX4_FLD(0x08, 31, 16)
#define CX4_PMTU_OPER_MTU		CX4_FLD(0x0c, 31, 16)

/* 11.1.2 PTYS: Tables 107-108. */
#define CX4_PTYS_SIZE			0x40
#define CX4_PTYS_PROTO_MASK		CX4_FLD(0x00, 2, 0)
/*
 * Autonegotiation fields, beyond rev 0.40 (reserved in Table 108); bit
 * positions from the public mlx5 ifc layout (struct mlx5_ifc_ptys_reg_bits)
 * as facts: an_disable_admin RW, an_disable_cap RO, an_status RO.
 */
#define CX4_PTYS_AN_DISABLE_ADMIN	CX4_FLD(0x00, 30, 30)
#define CX4_PTYS_AN_DISABLE_CAP		CX4_FLD(0x00, 29, 29)
#define CX4_PTYS_AN_STATUS		CX4_FLD(0x04, 31, 28)
#define CX4_PTYS_ETH_PROTO_CAPABILITY	CX4_DW(0x0c)
#define CX4_PTYS_ETH_PROTO_ADMIN	CX4_DW(0x18)
#define CX4_PTYS_ETH_PROTO_OPER		CX4_DW(0x24)

enum cx4_ptys_proto {
	CX4_PTYS_PROTO_ETH	= 1u << 2,
};

/* PTYS an_status (mlx5 enum mlx5_an_status, a fact). */
enum cx4_ptys_an_status {
	CX4_PTYS_AN_UNAVAILABLE	= 0,
	CX4_PTYS_AN_COMPLETE	= 1,
	CX4_PTYS_AN_FAILED	= 2,
	CX4_PTYS_AN_LINK_UP	= 3,	/* autonegotiation disabled, link up */
	CX4_PTYS_AN_LINK_DOWN	= 4,	/* autonegotiation disabled, link down */
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
	CX4_PPCNT_GRP_PHYS_LAYER	= 0x12,	/* beyond rev 0.40 */
	CX4_PPCNT_GRP_PER_RX_BUFFER	= 0x15,
	CX4_PPCNT_GRP_ALL		= 0x3f,	/* Set() with clr only */
};

/*
 * PPCNT counter sets: offsets of the 64-bit counters (high dword first,
 * cx4_get64()) from CX4_PPCNT_OFF_COUNTER_SET.  Table 116 (IEEE 802.3).
 */
enum cx4_ppcnt_ieee_802_3 {
	CX4_PPCNT_A_FRAMES_TRANSMITTED_OK		= 0x00,
	CX4_PPCNT_A_FRAMES_RECEIVED_OK			= 0x08,
	CX4_PPCNT_A_FRAME_CHECK_SEQUENCE_ERRORS		= 0x10,
	CX4_PPCNT_A_ALIGNMENT_ERRORS			= 0x18,
	CX4_PPCNT_A_OCTETS_TRANSMITTED_OK		= 0x20,
	CX4_PPCNT_A_OCTETS_RECEIVED_OK			= 0x28,
	CX4_PPCNT_A_MULTICAST_FRAMES_XMITTED_OK		= 0x30,
	CX4_PPCNT_A_BROADCAST_FRAMES_XMITTED_OK		= 0x38,
	CX4_PPCNT_A_MULTICAST_FRAMES_RECEIVED_OK	= 0x40,
	CX4_PPCNT_A_BROADCAST_FRAMES_RECEIVED_OK	= 0x48,
	CX4_PPCNT_A_IN_RANGE_LENGTH_ERRORS		= 0x50,
	CX4_PPCNT_A_OUT_OF_RANGE_LENGTH_FIELD		= 0x58,
	CX4_PPCNT_A_FRAME_TOO_LONG_ERRORS		= 0x60,
	CX4_PPCNT_A_SYMBOL_ERROR_DURING_CARRIER		= 0x68,
	CX4_PPCNT_A_MAC_CONTROL_FRAMES_TRANSMITTED	= 0x70,
	CX4_PPCNT_A_MAC_CONTROL_FRAMES_RECEIVED		= 0x78,
	CX4_PPCNT_A_UNSUPPORTED_OPCODES_RECEIVED	= 0x80,
	CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_RECEIVED	= 0x88,
	CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_TRANSMITTED	= 0x90,
};

/* Table 118 (RFC 2863). */
enum cx4_ppcnt_rfc_2863 {
	CX4_PPCNT_IF_IN_OCTETS			= 0x00,
	CX4_PPCNT_IF_IN_UCAST_PKTS		= 0x08,
	CX4_PPCNT_IF_IN_DISCARDS		= 0x10,
	CX4_PPCNT_IF_IN_ERRORS			= 0x18,
	CX4_PPCNT_IF_IN_UNKNOWN_PROTOS		= 0x20,
	CX4_PPCNT_IF_OUT_OCTETS			= 0x28,
	CX4_PPCNT_IF_OUT_UCAST_PKTS		= 0x30,
	CX4_PPCNT_IF_OUT_DISCARDS		= 0x38,
	CX4_PPCNT_IF_OUT_ERRORS			= 0x40,
	CX4_PPCNT_IF_IN_MULTICAST_PKTS		= 0x48,
	CX4_PPCNT_IF_IN_BROADCAST_PKTS		= 0x50,
	CX4_PPCNT_IF_OUT_MULTICAST_PKTS		= 0x58,
	CX4_PPCNT_IF_OUT_BROADCAST_PKTS		= 0x60,
};

/* Table 120 (RFC 2819); the 10 size buckets are consecutive from 0x58. */
enum cx4_ppcnt_rfc_2819 {
	CX4_PPCNT_ETHER_STATS_DROP_EVENTS	= 0x00,
	CX4_PPCNT_ETHER_STATS_OCTETS		= 0x08,
	CX4_PPCNT_ETHER_STATS_PKTS		= 0x10,
	CX4_PPCNT_ETHER_STATS_BROADCAST_PKTS	= 0x18,
	CX4_PPCNT_ETHER_STATS_MULTICAST_PKTS	= 0x20,
	CX4_PPCNT_ETHER_STATS_CRC_ALIGN_ERRORS	= 0x28,
	CX4_PPCNT_ETHER_STATS_UNDERSIZE_PKTS	= 0x30,
	CX4_PPCNT_ETHER_STATS_OVERSIZE_PKTS	= 0x38,
	CX4_PPCNT_ETHER_STATS_FRAGMENTS		= 0x40,
	CX4_PPCNT_ETHER_STATS_JABBERS		= 0x48,
	CX4_PPCNT_ETHER_STATS_COLLISIONS	= 0x50,
	CX4_PPCNT_ETHER_STATS_PKTS64OCTETS	= 0x58,	/* then 65-127 ... 8192-10239 */
};

#define CX4_PPCNT_RFC_2819_NBUCKETS	10
/* Counter of size bucket @i (0: 64 octets ... 9: 8192-10239), 8 bytes each. */
#define CX4_PPCNT_ETHER_STATS_BUCKET(i)	(CX4_PPCNT_ETHER_STATS_PKTS64OCTETS + 8 * (i))

/* Table 122 (RFC 3635). */
enum cx4_ppcnt_rfc_3635 {
	CX4_PPCNT_DOT3STATS_ALIGNMENT_ERRORS	= 0x00,
	CX4_PPCNT_DOT3STATS_FCS_ERRORS		= 0x08,
	CX4_PPCNT_DOT3STATS_SINGLE_COLLISION_FRAMES = 0x10,
	CX4_PPCNT_DOT3STATS_MULTIPLE_COLLISION_FRAMES = 0x18,
	CX4_PPCNT_DOT3STATS_SQE_TEST_ERRORS	= 0x20,
	CX4_PPCNT_DOT3STATS_DEFERRED_TRANSMISSIONS = 0x28,
	CX4_PPCNT_DOT3STATS_LATE_COLLISIONS	= 0x30,
	CX4_PPCNT_DOT3STATS_EXCESSIVE_COLLISIONS = 0x38,
	CX4_PPCNT_DOT3STATS_INTERNAL_MAC_TRANSMIT_ERRORS = 0x40,
	CX4_PPCNT_DOT3STATS_CARRIER_SENSE_ERRORS = 0x48,
	CX4_PPCNT_DOT3STATS_FRAME_TOO_LONG	= 0x50,
	CX4_PPCNT_DOT3STATS_INTERNAL_MAC_RECEIVE_ERRORS = 0x58,
	CX4_PPCNT_DOT3STATS_SYMBOL_ERRORS	= 0x60,
	CX4_PPCNT_DOT3CONTROL_IN_UNKNOWN_OPCODES = 0x68,
	CX4_PPCNT_DOT3IN_PAUSE_FRAMES		= 0x70,
	CX4_PPCNT_DOT3OUT_PAUSE_FRAMES		= 0x78,
};

/* Table 124 (per priority, prio_tc = priority). */
enum cx4_ppcnt_per_prio {
	CX4_PPCNT_PRIO_RX_OCTETS		= 0x00,
	CX4_PPCNT_PRIO_RX_FRAMES		= 0x20,
	CX4_PPCNT_PRIO_TX_OCTETS		= 0x28,
	CX4_PPCNT_PRIO_TX_FRAMES		= 0x48,
	CX4_PPCNT_PRIO_RX_PAUSE			= 0x50,
	CX4_PPCNT_PRIO_RX_PAUSE_DURATION	= 0x58,
	CX4_PPCNT_PRIO_TX_PAUSE			= 0x60,
	CX4_PPCNT_PRIO_TX_PAUSE_DURATION	= 0x68,
	CX4_PPCNT_PRIO_RX_PAUSE_TRANSITION	= 0x70,
	CX4_PPCNT_PRIO_RX_DISCARDS		= 0x78,
};

/*
 * Physical layer counter group (0x12, beyond rev 0.40, read by mlx5_core):
 * time since the last clear (ms, 64 bits), FEC / symbol error counters,
 * then two 32-bit counters.
 */
#define CX4_PPCNT_PHY_TIME_SINCE_LAST_CLEAR	0x00	/* 64 bits */
#define CX4_PPCNT_PHY_LINK_DOWN_EVENTS		CX4_DW(0xc0)
#define CX4_PPCNT_PHY_SUCCESSFUL_RECOVERY_EVENTS CX4_DW(0xc4)

/*
 * HOST_ENDIANNESS (beyond rev 0.40): bit 31 of the first dword, "he",
 * written by the driver at start-up; 0 = the big-endian layout of the PRM.
 */
#define CX4_HOST_ENDIANNESS_SIZE	0x10
#define CX4_HOST_ENDIANNESS_HE		CX4_FLD(0x00, 31, 31)

/*
 * ---- Beyond rev 0.40 ----
 *
 * The registers below are not in PRM rev 0.40.  Their layouts are facts
 * from the public mlx5 interface definitions (Linux 6.12
 * include/linux/mlx5/mlx5_ifc.h: struct mlx5_ifc_<name>_reg_bits; bit
 * offsets converted to dword offset and bits), the register IDs from
 * enum mlx5_reg_*; status and code values where noted.
 */

/* PMLP (0x5002), mlx5_ifc_pmlp_reg_bits: which module lanes the port uses. */
#define CX4_PMLP_SIZE			0x40
#define CX4_PMLP_RXTX			CX4_FLD(0x00, 31, 31)
#define CX4_PMLP_WIDTH			CX4_FLD(0x00, 7, 0)
#define CX4_PMLP_OFF_LANE		0x04	/* 4 lane mappings of a dword each */
#define CX4_PMLP_NLANES			4
/* mlx5_ifc_lane_2_module_mapping_bits, relative to the lane's dword. */
#define CX4_PMLP_LANE_RX_LANE		CX4_FLD(0x00, 27, 24)
#define CX4_PMLP_LANE_TX_LANE		CX4_FLD(0x00, 19, 16)
#define CX4_PMLP_LANE_MODULE		CX4_FLD(0x00, 7, 0)
#define CX4_PMLP_LANE_SIZE		0x04

/* PPLM (0x5023), mlx5_ifc_pplm_reg_bits: FEC capabilities, admin, active. */
#define CX4_PPLM_SIZE			0x50
#define CX4_PPLM_FEC_MODE_ACTIVE	CX4_FLD(0x0c, 23, 0)
/* Per speed group, 4-bit masks of enum cx4_pplm_fec (bits 0-2). */
#define CX4_PPLM_CAP_56G		CX4_FLD(0x10, 19, 16)
#define CX4_PPLM_CAP_100G		CX4_FLD(0x10, 15, 12)
#define CX4_PPLM_CAP_50G		CX4_FLD(0x10, 11, 8)
#define CX4_PPLM_CAP_25G		CX4_FLD(0x10, 7, 4)
#define CX4_PPLM_CAP_10G_40G		CX4_FLD(0x10, 3, 0)
#define CX4_PPLM_ADMIN_56G		CX4_FLD(0x14, 19, 16)
#define CX4_PPLM_ADMIN_100G		CX4_FLD(0x14, 15, 12)
#define CX4_PPLM_ADMIN_50G		CX4_FLD(0x14, 11, 8)
#define CX4_PPLM_ADMIN_25G		CX4_FLD(0x14, 7, 4)
#define CX4_PPLM_ADMIN_10G_40G		CX4_FLD(0x14, 3, 0)

/* FEC modes: bit numbers of the cap/admin/active masks (mlx5e enum, a fact). */
enum cx4_pplm_fec {
	CX4_PPLM_FEC_NONE	= 1u << 0,
	CX4_PPLM_FEC_FIRECODE	= 1u << 1,	/* BASE-R (Clause 74) */
	CX4_PPLM_FEC_RS_528	= 1u << 2,	/* RS(528,514) (Clause 91) */
};

/* PDDR (0x5031), mlx5_ifc_pddr_reg_bits; the troubleshooting page only. */
#define CX4_PDDR_SIZE			0x100
#define CX4_PDDR_PNAT			CX4_FLD(0x00, 15, 14)
#define CX4_PDDR_PAGE_SELECT		CX4_FLD(0x04, 7, 0)
#define CX4_PDDR_OFF_PAGE		0x08
#define CX4_PDDR_PAGE_TROUBLESHOOTING	1
/* mlx5_ifc_pddr_troubleshooting_page_bits, from CX4_PDDR_OFF_PAGE. */
#define CX4_PDDR_TS_GROUP_OPCODE	CX4_FLD(0x08, 15, 0)	/* 0: monitor */
#define CX4_PDDR_TS_STATUS_OPCODE	CX4_FLD(0x0c, 15, 0)
#define CX4_PDDR_OFF_TS_MESSAGE		0x14	/* 59 dwords of ASCII */
#define CX4_PDDR_TS_MESSAGE_LEN		(59 * 4)

/*
 * Monitor status opcodes (the values mlx5e maps to ethtool link_ext_state,
 * drivers/net/ethernet/mellanox/mlx5/core/en_ethtool.c, as facts).
 */
enum cx4_pddr_status_opcode {
	CX4_PDDR_ST_NONE			= 0,
	CX4_PDDR_ST_AN_NO_PARTNER		= 2,
	CX4_PDDR_ST_FORCE_NO_PARTNER		= 36,
	CX4_PDDR_ST_NO_CABLE			= 1024,
};

/*
 * PCAM (0x507f) and MCAM (0x907f), mlx5_ifc_pcam_reg_bits / _mcam_reg_bits:
 * which registers of a group of 128 IDs, and which features, the device
 * has.  Register mask bit n is register (group base + n); bit 127 is the
 * first bit of the first dword (the mask is one big-endian 128-bit field).
 */
#define CX4_PCAM_SIZE			0x50
#define CX4_MCAM_SIZE			0x48
#define CX4_PCAM_FEATURE_GROUP		CX4_FLD(0x00, 23, 16)
#define CX4_PCAM_ACCESS_REG_GROUP	CX4_FLD(0x00, 7, 0)
#define CX4_MCAM_FEATURE_GROUP		CX4_PCAM_FEATURE_GROUP
#define CX4_MCAM_ACCESS_REG_GROUP	CX4_PCAM_ACCESS_REG_GROUP
#define CX4_CAM_OFF_REG_MASK		0x08	/* 16 bytes */
#define CX4_CAM_OFF_FEATURE_MASK	0x28	/* 16 bytes */
#define CX4_CAM_MASK_BITS		128
#define CX4_PCAM_GROUP_BASE		0x5000	/* access_reg_group 0 */
#define CX4_MCAM_GROUP_BASE		0x9000	/* access_reg_group 0 */
#define CX4_MCAM_NGROUPS		4	/* group n: 0x9000 + 0x80 n */
#define CX4_CAM_GROUP_SPAN		0x80

/* Byte offset (from the register start) and bit of register mask bit @n. */
static inline __u32 cx4_cam_mask_off(__u32 n)
{
	return CX4_CAM_OFF_REG_MASK + 4 * (3 - n / 32);
}

/* MCIA (0x9014), mlx5_ifc_mcia_reg_bits: reads of the module EEPROM. */
#define CX4_MCIA_SIZE			0x90
#define CX4_MCIA_L			CX4_FLD(0x00, 31, 31)
#define CX4_MCIA_MODULE			CX4_FLD(0x00, 23, 16)
#define CX4_MCIA_STATUS			CX4_FLD(0x00, 7, 0)
#define CX4_MCIA_I2C_DEVICE_ADDRESS	CX4_FLD(0x04, 31, 24)
#define CX4_MCIA_PAGE_NUMBER		CX4_FLD(0x04, 23, 16)
#define CX4_MCIA_DEVICE_ADDRESS		CX4_FLD(0x04, 15, 0)
#define CX4_MCIA_SZ			CX4_FLD(0x08, 15, 0)
#define CX4_MCIA_OFF_DATA		0x10
#define CX4_MCIA_DATA_MAX		(12 * 4)	/* without MCAM mcia_32dwords */
#define CX4_MCIA_I2C_LOW		0x50	/* SFF-8472 A0h / SFF-8636 */
#define CX4_MCIA_I2C_HIGH		0x51	/* SFF-8472 A2h (diagnostics) */

/* MCIA status (the Linux mlxsw driver's MCIA status values, as facts). */
enum cx4_mcia_status {
	CX4_MCIA_ST_GOOD		= 0x0,
	CX4_MCIA_ST_NOT_CONNECTED	= 0x3,
	CX4_MCIA_ST_I2C_ERROR		= 0x9,
};

/*
 * The module EEPROM bytes MCIA carries (not the PRM: the public SFF
 * specifications, SFF-8636 for QSFP28 with page 00h upper at 128-255,
 * SFF-8472 for SFP28 at I2C address A0h; code values from SFF-8024).
 */
enum cx4_sff_byte {
	CX4_SFF_IDENTIFIER		= 0,	/* both */
	CX4_QSFP_REV_COMPLIANCE		= 1,
	CX4_QSFP_STATUS			= 2,	/* bit 2: flat memory (page 00h only) */
	CX4_QSFP_UP_IDENTIFIER		= 128,
	CX4_QSFP_CONNECTOR		= 130,
	CX4_QSFP_COMPLIANCE		= 131,	/* bit 7: see extended compliance */
	CX4_QSFP_ENCODING		= 139,
	CX4_QSFP_BR_NOMINAL		= 140,	/* 100 Mb/s units, 0xff: see 222 */
	CX4_QSFP_LEN_COPPER		= 146,	/* metres */
	CX4_QSFP_DEVICE_TECH		= 147,
	CX4_QSFP_VENDOR_NAME		= 148,	/* 16 ASCII, space padded */
	CX4_QSFP_VENDOR_PN		= 168,	/* 16 */
	CX4_QSFP_VENDOR_REV		= 184,	/* 2 */
	CX4_QSFP_CC_BASE		= 191,	/* sum of 128-190 */
	CX4_QSFP_EXT_COMPLIANCE		= 192,
	CX4_QSFP_VENDOR_SN		= 196,	/* 16 */
	CX4_QSFP_DATE_CODE		= 212,	/* 8: YYMMDD + lot */
	CX4_QSFP_BR_NOMINAL_250M	= 222,	/* 250 Mb/s units */
	CX4_QSFP_CC_EXT			= 223,	/* sum of 192-222 */
	CX4_SFP_EXT_IDENTIFIER		= 1,
	CX4_SFP_CONNECTOR		= 2,
	CX4_SFP_CABLE_TECH		= 8,	/* bit 2: passive cable */
	CX4_SFP_ENCODING		= 11,
	CX4_SFP_BR_NOMINAL		= 12,	/* 0xff: see 66 */
	CX4_SFP_LEN_COPPER		= 18,
	CX4_SFP_VENDOR_NAME		= 20,	/* 16 */
	CX4_SFP_EXT_COMPLIANCE		= 36,
	CX4_SFP_VENDOR_PN		= 40,	/* 16 */
	CX4_SFP_VENDOR_REV		= 56,	/* 4 */
	CX4_SFP_CABLE_COMPLIANCE	= 60,
	CX4_SFP_CC_BASE			= 63,	/* sum of 0-62 */
	CX4_SFP_OPTIONS			= 64,	/* first of the extended ID bytes */
	CX4_SFP_BR_NOMINAL_250M		= 66,
	CX4_SFP_VENDOR_SN		= 68,	/* 16 */
	CX4_SFP_DATE_CODE		= 84,	/* 8 */
	CX4_SFP_DIAG_MON_TYPE		= 92,	/* bit 6: diagnostics at A2h */
	CX4_SFP_CC_EXT			= 95,	/* sum of 64-94 */
};

/* Bits of the bytes above (SFF-8636 byte 2, SFF-8472 byte 92). */
enum cx4_sff_bit {
	CX4_QSFP_STATUS_FLAT_MEM	= 1u << 2,	/* upper page 00h only */
	CX4_SFP_DIAG_IMPLEMENTED	= 1u << 6,	/* A2h answers */
};

/* SFF-8636 byte 1: revision 2.0 (SFF-8636) or later from this value on. */
#define CX4_QSFP_REV_SFF_8636		0x03
/* Bytes per half page and per I2C address (page 00h lower + upper). */
#define CX4_SFF_HALF_PAGE		128
#define CX4_SFF_PAGE_SIZE		256

enum cx4_sff_code {
	CX4_SFF_ID_SFP			= 0x03,
	CX4_SFF_ID_QSFP			= 0x0c,
	CX4_SFF_ID_QSFP_PLUS		= 0x0d,
	CX4_SFF_ID_QSFP28		= 0x11,
	CX4_SFF_CONN_COPPER_PIGTAIL	= 0x21,
	CX4_SFF_CONN_NONE		= 0x23,	/* no separable connector (DAC) */
	CX4_SFF_ENC_256B257B		= 0x07,
	CX4_SFF_EXT_100G_CR4_25G_CR_CAL	= 0x0b,	/* 100GBASE-CR4 / 25GBASE-CR CA-L */
	CX4_QSFP_TECH_COPPER_UNEQ	= 0xa0,
};

/* MCQS (0x9060), mlx5_ifc_mcqs_reg_bits: the device's firmware components. */
#define CX4_MCQS_SIZE			0x10
#define CX4_MCQS_LAST_INDEX_FLAG	CX4_FLD(0x00, 31, 31)
#define CX4_MCQS_COMPONENT_INDEX	CX4_FLD(0x00, 15, 0)
#define CX4_MCQS_IDENTIFIER		CX4_FLD(0x04, 15, 0)
#define CX4_MCQS_COMPONENT_STATUS	CX4_FLD(0x08, 8, 4)
#define CX4_MCQS_UPDATE_STATE		CX4_FLD(0x08, 3, 0)
#define CX4_MCQS_ID_BOOT_IMG		0x1	/* mlx5 fw.c, a fact */
#define CX4_MCQS_UPDATE_IDLE		0x0

/* MCQI (0x9061), mlx5_ifc_mcqi_reg_bits; the info follows the fixed part. */
#define CX4_MCQI_SIZE			0x18
#define CX4_MCQI_READ_PENDING		CX4_FLD(0x00, 31, 31)
#define CX4_MCQI_COMPONENT_INDEX	CX4_FLD(0x00, 15, 0)
#define CX4_MCQI_INFO_TYPE		CX4_FLD(0x08, 4, 0)
#define CX4_MCQI_INFO_SIZE		CX4_DW(0x0c)
#define CX4_MCQI_OFFSET			CX4_DW(0x10)
#define CX4_MCQI_DATA_SIZE		CX4_FLD(0x14, 15, 0)
#define CX4_MCQI_OFF_DATA		CX4_MCQI_SIZE

enum cx4_mcqi_info_type {
	CX4_MCQI_INFO_CAPABILITIES	= 0x0,
	CX4_MCQI_INFO_VERSION		= 0x1,
};

/* mlx5_ifc_mcqi_cap_bits. */
#define CX4_MCQI_CAP_SIZE		0x14
#define CX4_MCQI_CAP_SUPPORTED_INFO	CX4_DW(0x00)

/* mlx5_ifc_mcqi_version_bits: version = major << 24 | minor << 16 | subminor. */
#define CX4_MCQI_VERSION_SIZE		0x7c
#define CX4_MCQI_VERSION_STRING_LENGTH	CX4_FLD(0x00, 7, 0)
#define CX4_MCQI_VERSION_VERSION	CX4_DW(0x04)
#define CX4_MCQI_VERSION_OFF_STRING	0x20
#define CX4_MCQI_VERSION_STRING_MAX	92

/* The layouts above fit the register bytes they are read from. */
static_assert(CX4_PMLP_OFF_LANE + CX4_PMLP_NLANES * CX4_PMLP_LANE_SIZE <= CX4_PMLP_SIZE,
	      "PMLP lanes");
static_assert(CX4_PDDR_OFF_TS_MESSAGE + CX4_PDDR_TS_MESSAGE_LEN == CX4_PDDR_SIZE,
	      "PDDR troubleshooting page");
static_assert(CX4_CAM_OFF_FEATURE_MASK + 16 <= CX4_MCAM_SIZE, "MCAM masks");
static_assert(CX4_MCIA_OFF_DATA + 0x80 == CX4_MCIA_SIZE, "MCIA: 32 dwords of data");
static_assert(CX4_MCQI_VERSION_OFF_STRING + CX4_MCQI_VERSION_STRING_MAX ==
	      CX4_MCQI_VERSION_SIZE, "MCQI version");

#endif /* _LINUX_CX4_PRM_REG_H */

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PRM chapter 7: software interface.  The UAR page (7.2, Tables 13 and
 * 14), the NIC vport context (7.3, Tables 15-20), work queues, WQE
 * segments and doorbell records (7.4, Tables 21-40), the TIR, TIS, RQ,
 * RQT and SQ contexts (7.5-7.9, Tables 44-62), CQE datapath and error
 * fields (7.12.1.1 and 7.12.7, Tables 67, 68, 73, 74), the CQ doorbell
 * record (7.12.2, Tables 69 and 70), the CQ context (7.12.8, Tables 75 and 76),
 * events and event queues (7.13, Tables
 * 77-94) and the command interface (7.14): command queue entry (Tables
 * 95, 96), mailbox (Tables 97, 98) and the generic command input/output
 * header (Tables 99-102).
 */
#ifndef _LINUX_CX4_PRM_SWIF_H
#define _LINUX_CX4_PRM_SWIF_H

#include <linux/cx4/prm.h>

/*
 * PRM 7.2.2, Table 13: UAR page format.  A UAR page is 4 KB; the CQ
 * doorbell is one 64-bit register, the EQ doorbells are two 32-bit
 * registers (arm, update only), the BlueFlame registers follow at 0x800.
 */
#define CX4_UAR_PAGE_SHIFT		12
#define CX4_UAR_PAGE_SIZE		0x1000
#define CX4_UAR_SIZE			CX4_UAR_PAGE_SIZE
#define CX4_UAR_OFF_CQ_DB		0x20	/* 64 bits: 0x20-0x27 */
#define CX4_UAR_OFF_EQ_ARM		0x40	/* update CI and arm */
#define CX4_UAR_OFF_EQ_UPDATE		0x48	/* update CI only */
#define CX4_UAR_OFF_BF			0x800	/* BlueFlame register 0 */
#define CX4_UAR_BF_BUF_SIZE		0x100	/* one of the even/odd buffers */
#define CX4_UAR_BF_REG_SIZE		0x200	/* an even/odd pair (Table 13) */

/*
 * PRM 7.2.2.1: a send doorbell is the first 8 bytes of the WQE (the
 * control segment's first two dwords, Table 25) written to offset 0 of a
 * BlueFlame buffer; where there is no 64-bit MMIO, as two dwords, the
 * second at CX4_SEND_DB_OFF_DW1 of both.
 */
#define CX4_SEND_DB_SIZE		0x08
#define CX4_SEND_DB_OFF_DW1		0x04

/* Offset of BlueFlame buffer @reg (even or @odd) in the UAR page. */
static inline __u32 cx4_uar_bf_off(__u32 reg, int odd)
{
	return CX4_UAR_OFF_BF + reg * CX4_UAR_BF_REG_SIZE +
	       (odd ? CX4_UAR_BF_BUF_SIZE : 0);
}

/*
 * PRM Table 14: CQ doorbell register, relative to CX4_UAR_OFF_CQ_DB.
 * Table 14 gives the widths (cmd_sn 2 bits, cmd 1 bit, 24-bit cqn and
 * cq_ci); the positions are those of Table 13, identical to the arm dword
 * of the CQ doorbell record (Table 70).
 */
#define CX4_CQ_DB_CMD_SN		CX4_FLD(0x00, 29, 28)
#define CX4_CQ_DB_CMD			CX4_FLD(0x00, 24, 24)
#define CX4_CQ_DB_CQ_CI			CX4_FLD(0x00, 23, 0)
#define CX4_CQ_DB_CQN			CX4_FLD(0x04, 23, 0)
#define CX4_CQ_DB_SIZE			0x08
/* Reserved bits of the doorbell's two dwords (must be zero). */
#define CX4_CQ_DB_RSVD_0		CX4_FLD(0x00, 31, 30)
#define CX4_CQ_DB_RSVD_1		CX4_FLD(0x00, 27, 25)
#define CX4_CQ_DB_RSVD_2		CX4_FLD(0x04, 31, 24)
/* CQ and EQ consumer/producer counters are 24 bits wide (cq_ci, eq ci). */
#define CX4_QUEUE_COUNTER_MASK		0xffffffu

/* Table 14 and Table 70 cmd values. */
enum cx4_cq_db_cmd {
	CX4_CQ_DB_CMD_ARM_NEXT		= 0,	/* solicited or unsolicited */
	CX4_CQ_DB_CMD_ARM_SOLICITED	= 1,
};

/* PRM Table 13: EQ doorbell registers (either of them). */
#define CX4_EQ_DB_EQN			CX4_FLD(0x00, 31, 24)
#define CX4_EQ_DB_CI			CX4_FLD(0x00, 23, 0)
#define CX4_EQ_DB_SIZE			0x04

/*
 * PRM 7.3, Tables 15 and 16: NIC vport context.  The fixed part is 0x100
 * bytes; the allowed address list (Table 19 MAC addresses or Table 17
 * VLANs, 8 bytes each) follows at 0x100.  Table 16 spells the flags
 * promisc_*, Table 15 promise_*; the Table 16 names are used.
 */
#define CX4_NIC_VPORT_CTX_SIZE		0x100
#define CX4_NIC_VPORT_SIZE		CX4_NIC_VPORT_CTX_SIZE
#define CX4_NIC_VPORT_MIN_WQE_INLINE_MODE CX4_FLD(0x00, 26, 24)
#define CX4_NIC_VPORT_MTU		CX4_FLD(0x24, 15, 0)
#define CX4_NIC_VPORT_PROMISC_UC	CX4_FLD(0xf0, 31, 31)
#define CX4_NIC_VPORT_PROMISC_MC	CX4_FLD(0xf0, 30, 30)
#define CX4_NIC_VPORT_PROMISC_ALL	CX4_FLD(0xf0, 29, 29)
#define CX4_NIC_VPORT_ALLOWED_LIST_TYPE	CX4_FLD(0xf0, 26, 24)
#define CX4_NIC_VPORT_ALLOWED_LIST_SIZE	CX4_FLD(0xf0, 11, 0)
#define CX4_NIC_VPORT_OFF_PERMANENT_ADDRESS 0xf4	/* Table 19 */
#define CX4_NIC_VPORT_OFF_ADDRESS_LIST	0x100
#define CX4_NIC_VPORT_LIST_ENTRY_SIZE	0x08

/* Table 16 allowed_list_type values. */
enum cx4_nic_vport_list_type {
	CX4_NIC_VPORT_LIST_UC		= 0,
	CX4_NIC_VPORT_LIST_MC		= 1,
	CX4_NIC_VPORT_LIST_VLAN		= 2,
};

/* Offset of allowed list entry @i in a NIC vport context. */
static inline __u32 cx4_nic_vport_list_off(__u32 i)
{
	return CX4_NIC_VPORT_OFF_ADDRESS_LIST + i * CX4_NIC_VPORT_LIST_ENTRY_SIZE;
}

/* PRM Tables 17 and 18: VLAN list entry. */
#define CX4_VLAN_ENTRY_VLAN		CX4_FLD(0x00, 11, 0)
#define CX4_VLAN_ENTRY_SIZE		CX4_NIC_VPORT_LIST_ENTRY_SIZE

/* PRM Tables 19 and 20: MAC address (8 bytes). */
#define CX4_MAC_ADDR_47_32		CX4_FLD(0x00, 15, 0)
#define CX4_MAC_ADDR_31_0		CX4_DW(0x04)
#define CX4_MAC_ADDR_SIZE		0x08

/*
 * PRM 7.4: work queues.  A send WQE is built of 16-byte octowords
 * ("DS" units) in 64-byte basic blocks (WQEBBs); a receive WQE is a list
 * of 16-byte scatter entries at a fixed power-of-two stride.
 */
#define CX4_WQE_OCTOWORD_SIZE		0x10
#define CX4_SEND_WQEBB_SIZE		0x40
#define CX4_SEND_WQEBB_SHIFT		6

/*
 * PRM 7.4.2, Table 24: doorbell record.  The receive counter is the
 * first dword, the send counter the second; the record is 8 bytes and
 * the WQ context dbr_addr points at its start for both queue types.
 */
#define CX4_WQ_DBR_RCV_COUNTER		CX4_FLD(0x00, 15, 0)
#define CX4_WQ_DBR_SND_COUNTER		CX4_FLD(0x04, 15, 0)
#define CX4_WQ_DBR_SIZE			0x08
#define CX4_WQ_COUNTER_MASK		0xffff	/* counters wrap at 0xffff */
/* Table 24 as an array of big-endian dwords: the index of each counter. */
#define CX4_WQ_DBR_RCV_IDX	(CX4_FLD_OFF(CX4_WQ_DBR_RCV_COUNTER) / 4)
#define CX4_WQ_DBR_SND_IDX	(CX4_FLD_OFF(CX4_WQ_DBR_SND_COUNTER) / 4)

/* PRM 7.4.4.1.1, Tables 25 and 26: send WQE control segment. */
#define CX4_WQE_CTRL_SIZE		0x10
#define CX4_WQE_CTRL_WQE_INDEX		CX4_FLD(0x00, 23, 8)
#define CX4_WQE_CTRL_OPCODE		CX4_FLD(0x00, 7, 0)
#define CX4_WQE_CTRL_SQN		CX4_FLD(0x04, 31, 8)
#define CX4_WQE_CTRL_DS			CX4_FLD(0x04, 5, 0)
#define CX4_WQE_CTRL_SIGNATURE		CX4_FLD(0x08, 31, 24)
#define CX4_WQE_CTRL_FM			CX4_FLD(0x08, 7, 5)
#define CX4_WQE_CTRL_CE			CX4_FLD(0x08, 3, 2)
#define CX4_WQE_CTRL_SE			CX4_FLD(0x08, 1, 1)
#define CX4_WQE_CTRL_IMM		CX4_DW(0x0c)	/* invalidation key / UMR mkey */

/*
 * Table 26 opcodes; LSO (PRM 3.3.2 "Large Send Offload opcode", not
 * listed in Table 26) is 0x0e.
 */
enum cx4_wqe_opcode {
	CX4_WQE_OP_NOP			= 0x00,
	CX4_WQE_OP_SEND			= 0x0a,
	CX4_WQE_OP_LSO			= 0x0e,
	CX4_WQE_OP_UMR			= 0x25,
};

/* Table 26 CE: when a WQE produces a CQE. */
enum cx4_wqe_ce {
	CX4_WQE_CE_CQE_ON_ERR		= 0x0,
	CX4_WQE_CE_CQE_ON_FIRST_ERR	= 0x1,
	CX4_WQE_CE_CQE_ALWAYS		= 0x2,
	CX4_WQE_CE_CQE_AND_EQE		= 0x3,
};

/*
 * PRM 7.4.4.1.2, Tables 27 and 28: Ethernet segment, offsets relative to
 * the segment (which follows the control segment).  The inline headers
 * start at byte 0x0e and continue in the following octowords; the
 * segment's size is cx4_wqe_eth_seg_size().
 */
#define CX4_WQE_ETH_SIZE		0x10	/* fixed part, 2 inline bytes */
#define CX4_WQE_ETH_L4CS		CX4_FLD(0x04, 31, 31)
#define CX4_WQE_ETH_L3CS		CX4_FLD(0x04, 30, 30)
#define CX4_WQE_ETH_MSS			CX4_FLD(0x04, 13, 0)
#define CX4_WQE_ETH_INLINE_HDR_SZ	CX4_FLD(0x0c, 25, 16)
#define CX4_WQE_ETH_OFF_INLINE_HDR	0x0e
#define CX4_WQE_ETH_INLINE_FIRST	2	/* inline bytes in the fixed part */
#define CX4_WQE_ETH_OFF_CS_FLAGS	0x04	/* byte holding l4cs and l3cs */

/* Bits of the cs_flags byte (CX4_WQE_ETH_OFF_CS_FLAGS). */
#define CX4_WQE_ETH_CS_L4		0x80
#define CX4_WQE_ETH_CS_L3		0x40

/* Bytes the Ethernet segment takes with @inline_sz inline header bytes. */
static inline __u32 cx4_wqe_eth_seg_size(__u32 inline_sz)
{
	__u32 rest = inline_sz > CX4_WQE_ETH_INLINE_FIRST ?
		     inline_sz - CX4_WQE_ETH_INLINE_FIRST : 0;

	return CX4_WQE_ETH_SIZE +
	       ((rest + CX4_WQE_OCTOWORD_SIZE - 1) & ~(CX4_WQE_OCTOWORD_SIZE - 1));
}

/* PRM Tables 29 and 30: padding segment (16 reserved bytes). */
#define CX4_WQE_PAD_SIZE		0x10

/*
 * PRM 7.4.4.1.4, Tables 38 and 39: send data segment, memory pointer or
 * inline data (bit 31 of the first dword set).  A byte count of zero in
 * a pointer segment means 2 GB.
 */
#define CX4_WQE_DSEG_SIZE		0x10
#define CX4_WQE_DSEG_INLINE		CX4_FLD(0x00, 31, 31)
#define CX4_WQE_DSEG_BYTE_COUNT		CX4_FLD(0x00, 30, 0)
#define CX4_WQE_DSEG_LKEY		CX4_DW(0x04)
#define CX4_WQE_DSEG_OFF_ADDR		0x08	/* 64 bits, cx4_get64() */
#define CX4_WQE_DSEG_ADDR	CX4_FLD64(CX4_WQE_DSEG_OFF_ADDR)
#define CX4_WQE_DSEG_INLINE_BYTE_COUNT	CX4_FLD(0x00, 9, 0)
#define CX4_WQE_DSEG_OFF_INLINE_DATA	0x04
#define CX4_WQE_DSEG_ZERO_LEN		0x80000000u	/* byte count 0 */

/*
 * PRM 7.4.1.2 (Table 21) and 7.4.4.1.5 (Table 40): receive data segment
 * (scatter entry).  A zero byte count with the LKey 0x100 ends the list
 * (the Null scatter pointer).
 */
#define CX4_RX_DSEG_SIZE		0x10
#define CX4_RX_DSEG_START_PADDING	CX4_FLD(0x00, 31, 31)
#define CX4_RX_DSEG_BYTE_COUNT		CX4_FLD(0x00, 30, 0)
#define CX4_RX_DSEG_LKEY		CX4_DW(0x04)
#define CX4_RX_DSEG_OFF_ADDR		0x08	/* 64 bits, cx4_get64() */
#define CX4_RX_DSEG_ADDR	CX4_FLD64(CX4_RX_DSEG_OFF_ADDR)
#define CX4_RX_DSEG_NULL_LKEY		0x00000100u

/*
 * PRM 7.7, Tables 54 and 55: work queue, embedded in the SQ and RQ
 * contexts (CX4_SQC_OFF_WQ, CX4_RQC_OFF_WQ); offsets relative to it.
 */
#define CX4_WQ_TYPE			CX4_FLD(0x00, 31, 28)
#define CX4_WQ_SIGNATURE		CX4_FLD(0x00, 27, 27)
#define CX4_WQ_END_PADDING_MODE		CX4_FLD(0x00, 26, 25)
#define CX4_WQ_PAGE_OFFSET		CX4_FLD(0x00, 20, 16)
#define CX4_WQ_LWM			CX4_FLD(0x00, 15, 0)
#define CX4_WQ_PD			CX4_FLD(0x08, 23, 0)
#define CX4_WQ_UAR_PAGE			CX4_FLD(0x0c, 23, 0)
#define CX4_WQ_OFF_DBR_ADDR		0x10	/* 64 bits, cx4_get64() */
#define CX4_WQ_DBR_ADDR	CX4_FLD64(CX4_WQ_OFF_DBR_ADDR)
#define CX4_WQ_HW_COUNTER		CX4_DW(0x18)	/* QUERY only */
#define CX4_WQ_SW_COUNTER		CX4_DW(0x1c)	/* QUERY only */
#define CX4_WQ_LOG_WQ_STRIDE		CX4_FLD(0x20, 19, 16)
#define CX4_WQ_LOG_WQ_PG_SZ		CX4_FLD(0x20, 12, 8)
#define CX4_WQ_LOG_WQ_SZ		CX4_FLD(0x20, 4, 0)
#define CX4_WQ_OFF_PAS			0xc0	/* Table 139 PAS entries */
#define CX4_WQ_SIZE			CX4_WQ_OFF_PAS	/* without the PAS */

enum cx4_wq_type {
	CX4_WQ_TYPE_LINKED_LIST		= 0x0,
	CX4_WQ_TYPE_CYCLIC		= 0x1,
};

enum cx4_wq_end_padding_mode {
	CX4_WQ_END_PAD_NONE		= 0x0,
	CX4_WQ_END_PAD_ALIGN		= 0x1,
};

/* SQ and RQ states (Tables 53 and 61 state, MODIFY_SQ/RQ sq/rq_state). */
enum cx4_wq_state {
	CX4_WQ_STATE_RST		= 0x0,
	CX4_WQ_STATE_RDY		= 0x1,
	CX4_WQ_STATE_ERR		= 0x3,
};

/* PRM 7.5, Tables 44 and 45: TIR context. */
#define CX4_TIRC_SIZE			0xf0
#define CX4_TIRC_DISP_TYPE		CX4_FLD(0x04, 31, 28)
#define CX4_TIRC_LRO_TIMEOUT_PERIOD_USECS CX4_FLD(0x10, 27, 12)
#define CX4_TIRC_LRO_ENABLE_MASK	CX4_FLD(0x10, 11, 8)
#define CX4_TIRC_LRO_MAX_MSG_SZ		CX4_FLD(0x10, 7, 0)	/* 256 B units */
#define CX4_TIRC_INLINE_RQN		CX4_FLD(0x1c, 23, 0)
#define CX4_TIRC_RX_HASH_SYMMETRIC	CX4_FLD(0x20, 31, 31)
#define CX4_TIRC_INDIRECT_TABLE		CX4_FLD(0x20, 23, 0)
#define CX4_TIRC_RX_HASH_FN		CX4_FLD(0x24, 31, 28)
#define CX4_TIRC_SELF_LB_EN		CX4_FLD(0x24, 25, 24)
#define CX4_TIRC_TRANSPORT_DOMAIN	CX4_FLD(0x24, 23, 0)
#define CX4_TIRC_OFF_RX_HASH_TOEPLITZ_KEY 0x28
#define CX4_TIRC_RX_HASH_TOEPLITZ_KEY_LEN 40	/* 320 bits */
#define CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER 0x50
#define CX4_TIRC_OFF_RX_HASH_FIELD_SEL_INNER 0x54
/* The same as 32-bit fields, and dword @i of the Toeplitz key. */
#define CX4_TIRC_RX_HASH_FIELD_SEL_OUTER CX4_DW(CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER)
#define CX4_TIRC_RX_HASH_FIELD_SEL_INNER CX4_DW(CX4_TIRC_OFF_RX_HASH_FIELD_SEL_INNER)
#define CX4_TIRC_RX_HASH_KEY_DW(i)	CX4_DW(CX4_TIRC_OFF_RX_HASH_TOEPLITZ_KEY + 4 * (i))
#define CX4_TIRC_LRO_MAX_MSG_SZ_UNIT	256

enum cx4_tir_disp_type {
	CX4_TIR_DISP_DIRECT		= 0x0,
	CX4_TIR_DISP_INDIRECT		= 0x1,
};

/* Table 45 lro_enable_mask bits. */
enum cx4_tir_lro_enable {
	CX4_TIR_LRO_IPV4		= 1u << 0,
	CX4_TIR_LRO_IPV6		= 1u << 1,
};

enum cx4_tir_rx_hash_fn {
	CX4_TIR_HASH_NONE		= 0x0,
	CX4_TIR_HASH_INVERTED_XOR8	= 0x1,
	CX4_TIR_HASH_TOEPLITZ		= 0x2,
};

/* Table 45 self_lb_en bits: self-loopback traffic the TIR accepts. */
enum cx4_tir_self_lb {
	CX4_TIR_SELF_LB_UC		= 1u << 0,
	CX4_TIR_SELF_LB_MC		= 1u << 1,
};

/*
 * PRM Tables 46 and 47: RX hash field selector (one dword, at
 * CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER or _INNER of the TIR context).
 */
#define CX4_HASH_SEL_L3_PROT_TYPE	CX4_FLD(0x00, 31, 31)
#define CX4_HASH_SEL_L4_PROT_TYPE	CX4_FLD(0x00, 30, 30)
#define CX4_HASH_SEL_SELECTED_FIELDS	CX4_FLD(0x00, 29, 0)
#define CX4_HASH_SEL_SIZE		0x04

enum cx4_hash_sel_l3 {
	CX4_HASH_SEL_L3_IPV4		= 0,
	CX4_HASH_SEL_L3_IPV6		= 1,
};

enum cx4_hash_sel_l4 {
	CX4_HASH_SEL_L4_TCP		= 0,
	CX4_HASH_SEL_L4_UDP		= 1,
};

/* Table 47 selected_fields bits. */
enum cx4_hash_sel_field {
	CX4_HASH_FIELD_SRC_IP		= 1u << 0,
	CX4_HASH_FIELD_DST_IP		= 1u << 1,
	CX4_HASH_FIELD_L4_SPORT		= 1u << 2,
	CX4_HASH_FIELD_L4_DPORT		= 1u << 3,
	CX4_HASH_FIELD_IPSEC_SPI	= 1u << 4,
};

/* PRM Table 48: MODIFY_TIR modify_bitmask bits. */
enum cx4_modify_tir_field {
	CX4_MODIFY_TIR_SEL_LRO		= 1u << 0,
	CX4_MODIFY_TIR_SEL_INDIRECT_TABLE = 1u << 1,
	CX4_MODIFY_TIR_SEL_HASH		= 1u << 2,
	CX4_MODIFY_TIR_SEL_SELF_LB_EN	= 1u << 4,
};

/* PRM 7.6, Tables 49 and 50: TIS context. */
#define CX4_TISC_SIZE			0xa0
#define CX4_TISC_PRIO			CX4_FLD(0x00, 19, 16)
#define CX4_TISC_TRANSPORT_DOMAIN	CX4_FLD(0x24, 23, 0)

/* PRM Table 51: MODIFY_TIS modify_bitmask bits. */
enum cx4_modify_tis_field {
	CX4_MODIFY_TIS_SEL_PRIO		= 1u << 0,
};

/* PRM 7.7, Tables 52 and 53: RQ context; the WQ (Table 54) at 0x30. */
#define CX4_RQC_RLKEY			CX4_FLD(0x00, 31, 31)
#define CX4_RQC_VSD			CX4_FLD(0x00, 28, 28)
#define CX4_RQC_MEM_RQ_TYPE		CX4_FLD(0x00, 27, 24)
#define CX4_RQC_STATE			CX4_FLD(0x00, 23, 20)
#define CX4_RQC_FLUSH_IN_ERROR_EN	CX4_FLD(0x00, 18, 18)
#define CX4_RQC_USER_INDEX		CX4_FLD(0x04, 23, 0)
#define CX4_RQC_CQN			CX4_FLD(0x08, 23, 0)
/* Beyond rev 0.40: queue counter set (ALLOC_Q_COUNTER), 0 = none. */
#define CX4_RQC_COUNTER_SET_ID		CX4_FLD(0x0c, 31, 24)
#define CX4_RQC_RMPN			CX4_FLD(0x10, 23, 0)
#define CX4_RQC_OFF_WQ			0x30
#define CX4_RQC_SIZE			(CX4_RQC_OFF_WQ + CX4_WQ_SIZE)

enum cx4_rq_mem_type {
	CX4_RQ_MEM_INLINE		= 0x0,
	CX4_RQ_MEM_RMP			= 0x1,
};

/* PRM Table 56: CREATE_RQ / MODIFY_RQ modify_bitmask bits. */
enum cx4_modify_rq_field {
	CX4_MODIFY_RQ_SEL_VSD		= 1u << 1,
};

/* PRM 7.8, Tables 58 and 59: RQT context; the RQ list at 0xf0. */
#define CX4_RQTC_RQT_MAX_SIZE		CX4_FLD(0x14, 15, 0)
#define CX4_RQTC_RQT_ACTUAL_SIZE	CX4_FLD(0x18, 15, 0)
#define CX4_RQTC_OFF_RQ_NUM		0xf0
#define CX4_RQTC_RQ_NUM_SIZE		0x04
#define CX4_RQTC_RQ_NUM			CX4_FLD(0x00, 23, 0)	/* of one entry */
#define CX4_RQTC_SIZE			CX4_RQTC_OFF_RQ_NUM	/* without the list */

/* Offset of RQ list entry @i in an RQT context. */
static inline __u32 cx4_rqtc_rq_off(__u32 i)
{
	return CX4_RQTC_OFF_RQ_NUM + i * CX4_RQTC_RQ_NUM_SIZE;
}

/* PRM Table 354: MODIFY_RQT modify_bitmask bits. */
enum cx4_modify_rqt_field {
	CX4_MODIFY_RQT_SEL_RQ_LIST	= 1u << 0,
};

/* PRM 7.9, Tables 60 and 61: SQ context; the WQ (Table 54) at 0x30. */
#define CX4_SQC_RLKEY			CX4_FLD(0x00, 31, 31)
#define CX4_SQC_FRE			CX4_FLD(0x00, 29, 29)
#define CX4_SQC_FLUSH_IN_ERROR_EN	CX4_FLD(0x00, 28, 28)
#define CX4_SQC_MIN_WQE_INLINE_MODE	CX4_FLD(0x00, 26, 24)
#define CX4_SQC_STATE			CX4_FLD(0x00, 23, 20)
#define CX4_SQC_USER_INDEX		CX4_FLD(0x04, 23, 0)
#define CX4_SQC_CQN			CX4_FLD(0x08, 23, 0)
#define CX4_SQC_TIS_LST_SZ		CX4_FLD(0x20, 31, 16)
#define CX4_SQC_TIS_NUM_0		CX4_FLD(0x2c, 23, 0)
#define CX4_SQC_OFF_WQ			0x30
#define CX4_SQC_SIZE			(CX4_SQC_OFF_WQ + CX4_WQ_SIZE)

/* PRM Table 62: CREATE_SQ / MODIFY_SQ modify_bitmask bits. */
enum cx4_modify_sq_field {
	CX4_MODIFY_SQ_SEL_RATE_LIMIT_INDEX = 1u << 0,
};

/*
 * PRM 7.9.3.1: inline modes (SQ min_wqe_inline_mode, NIC vport context
 * min_wqe_inline_mode).  Modes 5-7 (inner headers) apply to tunnels.
 */
enum cx4_inline_mode {
	CX4_INLINE_MODE_NONE		= 0,
	CX4_INLINE_MODE_L2		= 1,
	CX4_INLINE_MODE_IP		= 2,
	CX4_INLINE_MODE_TCP_UDP		= 3,
	CX4_INLINE_MODE_INNER_L2	= 5,
	CX4_INLINE_MODE_INNER_IP	= 6,
	CX4_INLINE_MODE_INNER_TCP_UDP	= 7,
};

/* Minimum inline bytes of inline mode L2 for LLC/SNAP frames (7.9.3.1). */
#define CX4_INLINE_L2_LLC_MIN		17

/* HCA_CAP.wqe_inline_mode values (PRM 7.9.3, Table 146). */
enum cx4_cap_wqe_inline_mode {
	CX4_CAP_INLINE_MODE_L2		= 0,
	CX4_CAP_INLINE_MODE_VPORT_CONTEXT = 1,
	CX4_CAP_INLINE_MODE_NOT_REQUIRED = 2,
};

/* PRM 7.12.2, Tables 69 and 70: CQ doorbell record (8 B aligned). */
#define CX4_CQ_DBR_UPDATE_CI		CX4_FLD(0x00, 23, 0)
#define CX4_CQ_DBR_CMD_SN		CX4_FLD(0x04, 29, 28)
#define CX4_CQ_DBR_CMD			CX4_FLD(0x04, 24, 24)
#define CX4_CQ_DBR_ARM_CI		CX4_FLD(0x04, 23, 0)
#define CX4_CQ_DBR_SIZE			0x08
/* Table 69 as an array of big-endian dwords: the update and the arm dword. */
#define CX4_CQ_DBR_CI_IDX	(CX4_FLD_OFF(CX4_CQ_DBR_UPDATE_CI) / 4)
#define CX4_CQ_DBR_ARM_IDX	(CX4_FLD_OFF(CX4_CQ_DBR_ARM_CI) / 4)

/*
 * PRM 7.12.1.1, Tables 67 and 68: the last dword of a 64-byte CQE, the
 * part every completion carries (the rest is per-opcode datapath data).
 */
#define CX4_CQE_SIZE			0x40
#define CX4_CQE_S_WQE_OPCODE		CX4_FLD(0x38, 31, 24)
#define CX4_CQE_WQE_COUNTER		CX4_FLD(0x3c, 31, 16)
#define CX4_CQE_SIGNATURE		CX4_FLD(0x3c, 15, 8)
#define CX4_CQE_OPCODE			CX4_FLD(0x3c, 7, 4)
#define CX4_CQE_FORMAT			CX4_FLD(0x3c, 3, 2)
#define CX4_CQE_SE			CX4_FLD(0x3c, 1, 1)
#define CX4_CQE_OWNER			CX4_FLD(0x3c, 0, 0)
#define CX4_CQE_OFF_SIG_BYTE		0x3e
#define CX4_CQE_OFF_OWNER_BYTE		0x3f

/* Table 68 opcode values. */
enum cx4_cqe_opcode {
	CX4_CQE_OP_REQ			= 0x0,
	CX4_CQE_OP_RESP_SEND		= 0x2,
	CX4_CQE_OP_REQ_ERR		= 0xd,
	CX4_CQE_OP_RESP_ERR		= 0xe,
	CX4_CQE_OP_INVALID		= 0xf,
};

/*
 * PRM 7.12.1.1, Tables 67 and 68: datapath fields of a 64-byte CQE.
 * Table 68 gives widths only; the positions are those of the Table 67
 * layout.  Row 1Ch: l4_ok, l3_ok and l2_ok in its top byte (Table 68
 * order), then ip_frag, l4_hdr_type, l3_hdr_type, ip_ext_opts and cv in
 * the second byte, and the VLAN tag (up, cfi, vid) in the low 16 bits.
 */
#define CX4_CQE_LRO_TIMESTAMP_IS_VALID	CX4_FLD(0x04, 31, 31)
#define CX4_CQE_LRO_TCP_PSH		CX4_FLD(0x04, 30, 30)
#define CX4_CQE_LRO_ABRT		CX4_FLD(0x04, 29, 28)
#define CX4_CQE_LRO_DUP_ACK_CNT		CX4_FLD(0x04, 27, 24)
#define CX4_CQE_LRO_MIN_TTL		CX4_FLD(0x04, 23, 16)
#define CX4_CQE_LRO_TCP_WIN		CX4_FLD(0x04, 15, 0)
#define CX4_CQE_LRO_ACK_SEQ_NUM		CX4_DW(0x08)
#define CX4_CQE_RX_HASH_RESULT		CX4_DW(0x0c)
#define CX4_CQE_RX_HASH_TYPE		CX4_FLD(0x10, 31, 24)
#define CX4_CQE_CHECKSUM		CX4_FLD(0x14, 31, 16)
#define CX4_CQE_L4_OK			CX4_FLD(0x1c, 26, 26)
#define CX4_CQE_L3_OK			CX4_FLD(0x1c, 25, 25)
#define CX4_CQE_L2_OK			CX4_FLD(0x1c, 24, 24)
#define CX4_CQE_IP_FRAG			CX4_FLD(0x1c, 23, 23)
#define CX4_CQE_L4_HDR_TYPE		CX4_FLD(0x1c, 22, 20)
#define CX4_CQE_L3_HDR_TYPE		CX4_FLD(0x1c, 19, 18)
#define CX4_CQE_IP_EXT_OPTS		CX4_FLD(0x1c, 17, 17)
#define CX4_CQE_CV			CX4_FLD(0x1c, 16, 16)
#define CX4_CQE_UP			CX4_FLD(0x1c, 15, 13)
#define CX4_CQE_CFI			CX4_FLD(0x1c, 12, 12)
#define CX4_CQE_VID			CX4_FLD(0x1c, 11, 0)
#define CX4_CQE_VLAN_TCI		CX4_FLD(0x1c, 15, 0)	/* up, cfi, vid */
#define CX4_CQE_LRO_NUM_SEG		CX4_FLD(0x20, 31, 24)
#define CX4_CQE_USER_INDEX		CX4_FLD(0x20, 23, 0)
#define CX4_CQE_BYTE_CNT		CX4_DW(0x2c)
#define CX4_CQE_OFF_TIMESTAMP		0x30	/* 64 bits, cx4_get64() */
#define CX4_CQE_TIMESTAMP	CX4_FLD64(CX4_CQE_OFF_TIMESTAMP)
#define CX4_CQE_LRO_TIMESTAMP_VALUE	CX4_DW(0x30)
#define CX4_CQE_LRO_TIMESTAMP_ECHO	CX4_DW(0x34)
#define CX4_CQE_RX_DROP_COUNTER		CX4_FLD(0x38, 31, 24)	/* responder */
#define CX4_CQE_FLOW_TAG		CX4_FLD(0x38, 23, 0)

/* Table 68 l3_hdr_type. */
enum cx4_cqe_l3_hdr_type {
	CX4_CQE_L3_NONE			= 0x0,
	CX4_CQE_L3_IPV6			= 0x1,
	CX4_CQE_L3_IPV4			= 0x2,
};

/* Table 68 l4_hdr_type. */
enum cx4_cqe_l4_hdr_type {
	CX4_CQE_L4_NONE			= 0x0,
	CX4_CQE_L4_TCP			= 0x1,
	CX4_CQE_L4_UDP			= 0x2,
	CX4_CQE_L4_TCP_EMPTY_ACK	= 0x3,
	CX4_CQE_L4_TCP_ACK		= 0x4,
};

/* Table 68 lro_abrt. */
enum cx4_cqe_lro_abrt {
	CX4_CQE_LRO_ABRT_MAX_PAYLOAD	= 0x0,
	CX4_CQE_LRO_ABRT_TIMEOUT	= 0x1,
	CX4_CQE_LRO_ABRT_EXCEPTION	= 0x2,
};

/*
 * Table 68 rx_hash_type: four 2-bit fields, IP source [1:0], IP
 * destination [3:2], L4 source [5:4], L4 destination [7:6].  Zero means
 * no RX hash was computed (rx_hash_result invalid).
 */
#define CX4_CQE_HASH_IP_SRC_SHIFT	0
#define CX4_CQE_HASH_IP_DST_SHIFT	2
#define CX4_CQE_HASH_L4_SRC_SHIFT	4
#define CX4_CQE_HASH_L4_DST_SHIFT	6
enum cx4_cqe_hash_ip {
	CX4_CQE_HASH_IP_NONE		= 0x0,
	CX4_CQE_HASH_IPV4		= 0x1,
	CX4_CQE_HASH_IPV6		= 0x2,
};

enum cx4_cqe_hash_l4 {
	CX4_CQE_HASH_L4_NONE		= 0x0,
	CX4_CQE_HASH_L4_TCP		= 0x1,
	CX4_CQE_HASH_L4_UDP		= 0x2,
	CX4_CQE_HASH_L4_IPSEC_SPI	= 0x3,
};

/* Table 68 cqe_format. */
enum cx4_cqe_format {
	CX4_CQE_FORMAT_NO_INLINE	= 0x0,
	CX4_CQE_FORMAT_INLINE_32	= 0x1,
	CX4_CQE_FORMAT_INLINE_64	= 0x2,
	CX4_CQE_FORMAT_COMPRESSED	= 0x3,
};

/*
 * PRM 7.12.7, Tables 73 and 74: completion with error CQE (opcode
 * CX4_CQE_OP_REQ_ERR or CX4_CQE_OP_RESP_ERR); wqe_counter, s_wqe_opcode,
 * signature and owner are where a regular CQE has them.
 */
#define CX4_ERR_CQE_WQE_ID		CX4_FLD(0x00, 15, 0)
#define CX4_ERR_CQE_USER_INDEX		CX4_FLD(0x20, 23, 0)
#define CX4_ERR_CQE_BYTE_CNT		CX4_DW(0x2c)
#define CX4_ERR_CQE_VENDOR_ERR_SYNDROME	CX4_FLD(0x34, 15, 8)
#define CX4_ERR_CQE_SYNDROME		CX4_FLD(0x34, 7, 0)
#define CX4_ERR_CQE_SIZE		CX4_CQE_SIZE

/* Table 74 syndrome. */
enum cx4_cqe_err_syndrome {
	CX4_CQE_SYN_LOCAL_LENGTH_ERR	= 0x01,
	CX4_CQE_SYN_LOCAL_PROT_ERR	= 0x04,
	CX4_CQE_SYN_WR_FLUSH_ERR	= 0x05,
	CX4_CQE_SYN_MW_BIND_ERR		= 0x06,
	CX4_CQE_SYN_BAD_RESP_ERR	= 0x10,
	CX4_CQE_SYN_LOCAL_ACCESS_ERR	= 0x11,
	CX4_CQE_SYN_REMOTE_INVAL_REQ_ERR = 0x12,
	CX4_CQE_SYN_REMOTE_ACCESS_ERR	= 0x13,
	CX4_CQE_SYN_REMOTE_OP_ERR	= 0x14,
};

/*
 * CQE compression (CQC cqe_compression_en and mini_cqe_res_format, Table
 * 76; Table 68 cqe_format 3 "compressed CQE").  PRM 0.40 names the two
 * mini CQE formats but not the layout; this is ConnectX-4 firmware's, as
 * Linux mlx5_core decodes it.  A session of N >= 2 completions of one RQ
 * takes N consecutive CQ entries: the first holds the "title" CQE (the
 * first completion's fields, cqe_format 3, byte_cnt = N, wqe_counter of
 * the first; the others follow consecutively), the next entry holds
 * mini CQEs 0-7 and entry 8 * k holds mini CQEs 8k .. 8k + 7 (k >= 1),
 * 8 bytes each, the whole 64-byte entry (no owner byte).  The other
 * entries are not written; software restores their owner bits.
 */
#define CX4_MINI_CQE_SIZE		0x08
#define CX4_MINI_CQE_PER_CQE		(CX4_CQE_SIZE / CX4_MINI_CQE_SIZE)
#define CX4_MINI_CQE_RX_HASH_RESULT	CX4_DW(0x00)		/* format 0 */
#define CX4_MINI_CQE_CHECKSUM		CX4_FLD(0x00, 31, 16)	/* format 1 */
#define CX4_MINI_CQE_STRIDX		CX4_FLD(0x00, 15, 0)	/* format 1, 0 */
#define CX4_MINI_CQE_BYTE_CNT		CX4_DW(0x04)
#define CX4_CQE_FORMAT_COMPRESSED	3
#define CX4_CQE_COMPRESSED_COUNT	CX4_CQE_BYTE_CNT	/* title: N */

/* Entry (from the title) holding mini CQE @i of a compressed session. */
static inline __u32 cx4_mini_cqe_entry(__u32 i)
{
	return i < CX4_MINI_CQE_PER_CQE ? 1 : i & ~(CX4_MINI_CQE_PER_CQE - 1);
}

enum cx4_mini_cqe_res_format {
	CX4_MINI_CQE_FMT_HASH		= 0,
	CX4_MINI_CQE_FMT_CSUM		= 1,
};

/*
 * PRM 7.12.8, Tables 75 and 76: completion queue context.  Table 76
 * places st at "0Ch 11:8", which would overlap uar_page; the layout
 * (Table 75) shows it in dword 00h like the EQ context, which is used.
 */
#define CX4_CQC_SIZE			0x40
#define CX4_CQC_STATUS			CX4_FLD(0x00, 31, 28)
#define CX4_CQC_CQE_SZ			CX4_FLD(0x00, 23, 21)
#define CX4_CQC_CC			CX4_FLD(0x00, 20, 20)
#define CX4_CQC_SCQE_BREAK_MODERATION_EN CX4_FLD(0x00, 18, 18)
#define CX4_CQC_OI			CX4_FLD(0x00, 17, 17)
#define CX4_CQC_CQ_PERIOD_MODE		CX4_FLD(0x00, 16, 15)
#define CX4_CQC_CQE_COMPRESSION_EN	CX4_FLD(0x00, 14, 14)
#define CX4_CQC_MINI_CQE_RES_FORMAT	CX4_FLD(0x00, 13, 12)
#define CX4_CQC_ST			CX4_FLD(0x00, 11, 8)
#define CX4_CQC_PAGE_OFFSET		CX4_FLD(0x08, 11, 6)
#define CX4_CQC_LOG_CQ_SIZE		CX4_FLD(0x0c, 28, 24)
#define CX4_CQC_UAR_PAGE		CX4_FLD(0x0c, 23, 0)
#define CX4_CQC_CQ_PERIOD		CX4_FLD(0x10, 27, 16)
#define CX4_CQC_CQ_MAX_COUNT		CX4_FLD(0x10, 15, 0)
#define CX4_CQC_C_EQN			CX4_FLD(0x14, 7, 0)
#define CX4_CQC_LOG_PAGE_SIZE		CX4_FLD(0x18, 28, 24)
#define CX4_CQC_LAST_NOTIFIED_INDEX	CX4_FLD(0x20, 23, 0)
#define CX4_CQC_LAST_SOLICIT_INDEX	CX4_FLD(0x24, 23, 0)
#define CX4_CQC_CONSUMER_COUNTER	CX4_FLD(0x28, 23, 0)
#define CX4_CQC_PRODUCER_COUNTER	CX4_FLD(0x2c, 23, 0)
#define CX4_CQC_OFF_DBR_ADDR		0x38	/* 64 bits, cx4_get64() */
#define CX4_CQC_DBR_ADDR	CX4_FLD64(CX4_CQC_OFF_DBR_ADDR)
#define CX4_CQ_MAX_LOG_SIZE		22

/* Table 76 cq_period_mode: where the cq_period timer restarts. */
enum cx4_cqc_period_mode {
	CX4_CQC_PERIOD_UPON_EVENT	= 0,
	CX4_CQC_PERIOD_UPON_CQE		= 1,	/* HCA_CAP.cq_period_start_from_cqe */
};

enum cx4_cqc_status {
	CX4_CQC_STATUS_OK		= 0x0,
	CX4_CQC_STATUS_CQ_OVERFLOW	= 0x9,
	CX4_CQC_STATUS_CQ_WRITE_FAIL	= 0xa,
};

enum cx4_cqc_st {
	CX4_CQC_ST_SOLICITED_ARMED	= 0x6,
	CX4_CQC_ST_ARMED		= 0x9,
	CX4_CQC_ST_FIRED		= 0xa,
};

enum cx4_cqc_cqe_sz {
	CX4_CQC_CQE_SZ_64		= 0,
	CX4_CQC_CQE_SZ_128		= 1,
};

/*
 * PRM 7.13.2.2, Tables 77 and 78: event queue entry.  The layout (Table
 * 77) draws event_data at 04h-1Ch, the field descriptions (Table 78) at
 * 20h-38h; both are 224 bits.  The field descriptions are used: event
 * data starts at 0x20 and the event data offsets of Tables 80-92 are
 * relative to it.
 */
#define CX4_EQE_SIZE			0x40
#define CX4_EQE_EVENT_TYPE		CX4_FLD(0x00, 23, 16)
#define CX4_EQE_EVENT_SUB_TYPE		CX4_FLD(0x00, 7, 0)
#define CX4_EQE_OFF_EVENT_DATA		0x20
#define CX4_EQE_EVENT_DATA_SIZE		0x1c
#define CX4_EQE_SIGNATURE		CX4_FLD(0x3c, 15, 8)
#define CX4_EQE_OWNER			CX4_FLD(0x3c, 0, 0)
#define CX4_EQE_OFF_SIG_BYTE		0x3e
#define CX4_EQE_OFF_OWNER_BYTE		0x3f

/* An event data field at offset @off of the event data, in EQE terms. */
#define CX4_EQE_DATA_FLD(off, msb, lsb)	CX4_FLD(CX4_EQE_OFF_EVENT_DATA + (off), msb, lsb)

/* PRM Table 79: event type and coding. */
enum cx4_event_type {
	CX4_EVENT_COMPLETION		= 0x00,
	CX4_EVENT_CQ_ERROR		= 0x04,
	CX4_EVENT_INTERNAL_ERROR	= 0x08,
	CX4_EVENT_PORT_STATE_CHANGE	= 0x09,
	CX4_EVENT_CMD_COMPLETION	= 0x0a,
	CX4_EVENT_PAGE_REQUEST		= 0x0b,
	CX4_EVENT_LAST_WQE_REACHED	= 0x13,
	CX4_EVENT_TEMP_WARNING		= 0x17,
};

/* PRM Tables 80 and 81: completion event data. */
#define CX4_EQE_COMP_CQN		CX4_EQE_DATA_FLD(0x18, 23, 0)

/* PRM Tables 82 and 83: SQ/RQ event data (last WQE reached). */
#define CX4_EQE_WQ_TYPE			CX4_EQE_DATA_FLD(0x14, 31, 24)
#define CX4_EQE_WQ_QN			CX4_EQE_DATA_FLD(0x18, 23, 0)
enum cx4_eqe_wq_type {
	CX4_EQE_WQ_TYPE_RQ		= 1,
	CX4_EQE_WQ_TYPE_SQ		= 2,
};

/* PRM Tables 84 and 85: completion queue error event data. */
#define CX4_EQE_CQ_ERR_CQN		CX4_EQE_DATA_FLD(0x00, 23, 0)
#define CX4_EQE_CQ_ERR_SYNDROME		CX4_EQE_DATA_FLD(0x08, 7, 0)
enum cx4_cq_err_syndrome {
	CX4_CQ_ERR_OVERRUN		= 0x1,
	CX4_CQ_ERR_ACCESS_VIOLATION	= 0x2,
};

/*
 * PRM Tables 86-88: port state change event data and subtypes.  Table
 * 88 lists the subtype encodings 0x1, 0x4 and 0x5 without naming them
 * beyond "the new state is up or down"; cx4 uses 0x1 for down, 0x4 for
 * up (active), and treats 0x5 as a state change to be re-queried.
 */
#define CX4_EQE_PORT_NUM		CX4_EQE_DATA_FLD(0x08, 31, 28)
enum cx4_port_change_subtype {
	CX4_PORT_CHANGE_DOWN		= 0x1,
	CX4_PORT_CHANGE_ACTIVE		= 0x4,
	CX4_PORT_CHANGE_OTHER		= 0x5,
};

/* PRM Tables 89 and 90: command interface completion event data. */
#define CX4_EQE_CMD_VECTOR		CX4_EQE_DATA_FLD(0x00, 31, 0)

/* PRM Tables 91 and 92: pages request event data (num_pages is signed). */
#define CX4_EQE_PAGES_NUM_PAGES		CX4_EQE_DATA_FLD(0x04, 31, 0)

/*
 * PRM 7.12.3.1 and 7.13.2.1: the entry at consumer counter @cc of a ring
 * of 2^@log_size entries is software owned when its owner bit equals bit
 * @log_size of the counter.  Hardware writes the entry at producer
 * counter pc with owner = (pc >> log_size) & 1.
 */
static inline __u32 cx4_owner_bit(__u32 counter, __u32 log_size)
{
	return (counter >> log_size) & 1;
}

/* PRM 7.13.11, Tables 93 and 94: event queue context. */
#define CX4_EQC_SIZE			0x40
#define CX4_EQC_STATUS			CX4_FLD(0x00, 31, 28)
#define CX4_EQC_EC			CX4_FLD(0x00, 18, 18)
#define CX4_EQC_OI			CX4_FLD(0x00, 17, 17)
#define CX4_EQC_ST			CX4_FLD(0x00, 11, 8)
#define CX4_EQC_PAGE_OFFSET		CX4_FLD(0x08, 11, 6)
#define CX4_EQC_LOG_EQ_SIZE		CX4_FLD(0x0c, 28, 24)
#define CX4_EQC_UAR_PAGE		CX4_FLD(0x0c, 23, 0)
#define CX4_EQC_INTR			CX4_FLD(0x14, 7, 0)
#define CX4_EQC_LOG_PAGE_SIZE		CX4_FLD(0x18, 28, 24)
#define CX4_EQC_CONSUMER_COUNTER	CX4_FLD(0x28, 23, 0)
#define CX4_EQC_PRODUCER_COUNTER	CX4_FLD(0x2c, 23, 0)

enum cx4_eqc_status {
	CX4_EQC_STATUS_OK		= 0x0,
	CX4_EQC_STATUS_WRITE_FAILURE	= 0xa,
};

enum cx4_eqc_st {
	CX4_EQC_ST_ARMED		= 0x9,
	CX4_EQC_ST_FIRED		= 0xa,
};

/* PRM Tables 95 and 96: command queue entry. */
#define CX4_CMDQ_ENTRY_SIZE		0x40
#define CX4_CMDQ_SIZE			CX4_CMDQ_ENTRY_SIZE
#define CX4_CMDQ_TYPE			CX4_FLD(0x00, 31, 24)
#define CX4_CMDQ_RSVD_0			CX4_FLD(0x00, 23, 0)	/* must be zero */
#define CX4_CMDQ_INPUT_LENGTH		CX4_DW(0x04)
#define CX4_CMDQ_IN_MBOX_H		CX4_DW(0x08)
#define CX4_CMDQ_IN_MBOX_L		CX4_FLD(0x0c, 31, 9)
#define CX4_CMDQ_OFF_IN_MBOX		0x08
#define CX4_CMDQ_IN_MBOX		CX4_FLD64(CX4_CMDQ_OFF_IN_MBOX)
#define CX4_CMDQ_IN_MBOX_RSVD		CX4_FLD(0x0c, 8, 0)
#define CX4_CMDQ_OFF_IN_INLINE		0x10
#define CX4_CMDQ_OFF_OUT_INLINE		0x20
#define CX4_CMDQ_INLINE_SIZE		0x10
#define CX4_CMDQ_OUT_MBOX_H		CX4_DW(0x30)
#define CX4_CMDQ_OUT_MBOX_L		CX4_FLD(0x34, 31, 9)
#define CX4_CMDQ_OFF_OUT_MBOX		0x30
#define CX4_CMDQ_OUT_MBOX		CX4_FLD64(CX4_CMDQ_OFF_OUT_MBOX)
#define CX4_CMDQ_OUT_MBOX_RSVD		CX4_FLD(0x34, 8, 0)
#define CX4_CMDQ_OUTPUT_LENGTH		CX4_DW(0x38)
#define CX4_CMDQ_TOKEN			CX4_FLD(0x3c, 31, 24)
#define CX4_CMDQ_SIGNATURE		CX4_FLD(0x3c, 23, 16)
#define CX4_CMDQ_RSVD_3C		CX4_FLD(0x3c, 15, 8)	/* must be zero */
#define CX4_CMDQ_STATUS			CX4_FLD(0x3c, 7, 1)
#define CX4_CMDQ_OWNERSHIP		CX4_FLD(0x3c, 0, 0)
/* Byte holding signature, and the byte holding status and ownership. */
#define CX4_CMDQ_OFF_SIG_BYTE		0x3d
#define CX4_CMDQ_OFF_STATUS_BYTE	0x3f

#define CX4_CMDQ_TYPE_PCIE		0x7
#define CX4_CMDQ_OWNER_SW		0
#define CX4_CMDQ_OWNER_HW		1

/* PRM Table 96: command delivery status. */
enum cx4_cmdq_delivery_status {
	CX4_CMDQ_DS_OK			= 0x00,
	CX4_CMDQ_DS_SIGNATURE_ERR	= 0x01,
	CX4_CMDQ_DS_TOKEN_ERR		= 0x02,
	CX4_CMDQ_DS_BAD_BLOCK_NUMBER	= 0x03,
	CX4_CMDQ_DS_BAD_OUTPUT_POINTER	= 0x04,
	CX4_CMDQ_DS_BAD_INPUT_POINTER	= 0x05,
	CX4_CMDQ_DS_INTERNAL_ERR	= 0x06,
	CX4_CMDQ_DS_INPUT_LEN_ERR	= 0x07,
	CX4_CMDQ_DS_OUTPUT_LEN_ERR	= 0x08,
	CX4_CMDQ_DS_RESERVED_NOT_ZERO	= 0x09,
	CX4_CMDQ_DS_BAD_COMMAND_TYPE	= 0x10,
};

/* PRM Tables 97 and 98: command mailbox block. */
#define CX4_MBOX_SIZE			0x240
#define CX4_MBOX_ALIGN			0x400	/* next_pointer holds bits 63:10 */
#define CX4_MBOX_DATA_SIZE		0x200
#define CX4_MBOX_NEXT_H			CX4_DW(0x230)
#define CX4_MBOX_NEXT_L			CX4_FLD(0x234, 31, 10)
#define CX4_MBOX_OFF_NEXT		0x230
#define CX4_MBOX_NEXT			CX4_FLD64(CX4_MBOX_OFF_NEXT)
#define CX4_MBOX_NEXT_RSVD		CX4_FLD(0x234, 9, 0)	/* must be zero */
#define CX4_MBOX_BLOCK_NUMBER		CX4_DW(0x238)
#define CX4_MBOX_TOKEN			CX4_FLD(0x23c, 23, 16)
#define CX4_MBOX_CTRL_SIGNATURE		CX4_FLD(0x23c, 15, 8)
#define CX4_MBOX_SIGNATURE		CX4_FLD(0x23c, 7, 0)
/*
 * Bytes covered by ctrl_signature: the control part after the data
 * (0x200-0x23f), the signature byte counted as zero, so 0x3f bytes.  (The
 * PRM text gives the range relative to a 0x1c0 base in one place and
 * 1d0h in another; the control fields are the ones at 0x230-0x23f.)
 */
#define CX4_MBOX_OFF_CTRL		0x200
#define CX4_MBOX_CTRL_LEN		0x3f
#define CX4_MBOX_OFF_CTRL_SIG_BYTE	0x23e
#define CX4_MBOX_OFF_SIG_BYTE		0x23f

/* PRM Tables 99-102: generic command input and output header. */
#define CX4_CMD_IN_OPCODE		CX4_FLD(0x00, 31, 16)
#define CX4_CMD_IN_OP_MOD		CX4_FLD(0x04, 15, 0)
#define CX4_CMD_OUT_STATUS		CX4_FLD(0x00, 31, 24)
#define CX4_CMD_OUT_SYNDROME		CX4_DW(0x04)
#define CX4_CMD_HDR_SIZE		0x08	/* minimum input/output length */
#define CX4_CMD_IN_SIZE			CX4_CMD_HDR_SIZE
#define CX4_CMD_OUT_SIZE		CX4_CMD_HDR_SIZE

/*
 * XOR of @len bytes; a block is correctly signed when the XOR of all its
 * bytes, signature included, is 0xff (PRM 7.14.1.1.1).
 */
static inline __u8 cx4_xor8(const void *buf, __u32 len)
{
	const __u8 *p = (const __u8 *)buf;
	__u8 x = 0;

	while (len--)
		x ^= *p++;
	return x;
}

/* Signature byte value that makes @buf (with a zero signature) XOR to 0xff. */
static inline __u8 cx4_signature(const void *buf, __u32 len)
{
	return (__u8)~cx4_xor8(buf, len);
}

/* Sign a command queue entry (signature covers the entry only). */
static inline void cx4_cmdq_entry_sign(void *ent)
{
	((__u8 *)ent)[CX4_CMDQ_OFF_SIG_BYTE] = 0;
	((__u8 *)ent)[CX4_CMDQ_OFF_SIG_BYTE] = cx4_signature(ent, CX4_CMDQ_ENTRY_SIZE);
}

/*
 * Sign a mailbox block: ctrl_signature over the control part, then
 * signature over the whole block.  @full is false for output mailboxes,
 * whose data signature the device computes.
 */
static inline void cx4_mbox_sign(void *mbox, int full)
{
	__u8 *b = (__u8 *)mbox;

	b[CX4_MBOX_OFF_CTRL_SIG_BYTE] = 0;
	b[CX4_MBOX_OFF_SIG_BYTE] = 0;
	b[CX4_MBOX_OFF_CTRL_SIG_BYTE] = cx4_signature(b + CX4_MBOX_OFF_CTRL,
						      CX4_MBOX_CTRL_LEN);
	if (full)
		b[CX4_MBOX_OFF_SIG_BYTE] = cx4_signature(b, CX4_MBOX_SIZE);
}

static inline int cx4_cmdq_entry_sig_ok(const void *ent)
{
	return cx4_xor8(ent, CX4_CMDQ_ENTRY_SIZE) == 0xff;
}

static inline int cx4_mbox_ctrl_sig_ok(const void *mbox)
{
	return cx4_xor8((const __u8 *)mbox + CX4_MBOX_OFF_CTRL, CX4_MBOX_CTRL_LEN) == 0xff;
}

static inline int cx4_mbox_sig_ok(const void *mbox)
{
	return cx4_xor8(mbox, CX4_MBOX_SIZE) == 0xff;
}

/* Number of mailbox blocks needed to carry @len bytes of command data. */
static inline __u32 cx4_mbox_blocks(__u32 len)
{
	if (len <= CX4_CMDQ_INLINE_SIZE)
		return 0;
	return (len - CX4_CMDQ_INLINE_SIZE + CX4_MBOX_DATA_SIZE - 1) / CX4_MBOX_DATA_SIZE;
}

/*
 * PRM 9.2.4 and Table 78: an EQE is valid when the XOR of all its bytes,
 * signature included, and of the EQE index is 0xff.  cx4 takes the EQE
 * index as the entry's position in the ring (0 .. size-1) and folds its
 * four bytes into the XOR.
 */
static inline __u8 cx4_eqe_index_xor(__u32 index)
{
	return (__u8)(index ^ (index >> 8) ^ (index >> 16) ^ (index >> 24));
}

static inline void cx4_eqe_sign(void *eqe, __u32 index)
{
	__u8 *b = (__u8 *)eqe;

	b[CX4_EQE_OFF_SIG_BYTE] = 0;
	b[CX4_EQE_OFF_SIG_BYTE] = (__u8)~(cx4_xor8(b, CX4_EQE_SIZE) ^
					  cx4_eqe_index_xor(index));
}

static inline int cx4_eqe_sig_ok(const void *eqe, __u32 index)
{
	return (cx4_xor8(eqe, CX4_EQE_SIZE) ^ cx4_eqe_index_xor(index)) == 0xff;
}

/* Same rule for a 64-byte CQE (Table 68 signature, PRM 9.2.4). */
static inline void cx4_cqe_sign(void *cqe, __u32 index)
{
	cx4_eqe_sign(cqe, index);
}

static inline int cx4_cqe_sig_ok(const void *cqe, __u32 index)
{
	return cx4_eqe_sig_ok(cqe, index);
}

#endif /* _LINUX_CX4_PRM_SWIF_H */

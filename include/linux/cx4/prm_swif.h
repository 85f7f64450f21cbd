/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PRM chapter 7: software interface.  The UAR page (7.2, Tables 13 and
 * 14), the NIC vport context (7.3, Tables 15-20), the CQ doorbell record
 * (7.12.2, Tables 69 and 70), the CQ context (7.12.8, Tables 75 and 76),
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
#define CX4_UAR_OFF_CQ_DB		0x20	/* 64 bits: 0x20-0x27 */
#define CX4_UAR_OFF_EQ_ARM		0x40	/* update CI and arm */
#define CX4_UAR_OFF_EQ_UPDATE		0x48	/* update CI only */
#define CX4_UAR_OFF_BF			0x800	/* BlueFlame register 0 */
#define CX4_UAR_BF_BUF_SIZE		0x100	/* one of the even/odd buffers */
#define CX4_UAR_BF_REG_SIZE		0x200	/* an even/odd pair (Table 13) */

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

/* Table 14 and Table 70 cmd values. */
enum cx4_cq_db_cmd {
	CX4_CQ_DB_CMD_ARM_NEXT		= 0,	/* solicited or unsolicited */
	CX4_CQ_DB_CMD_ARM_SOLICITED	= 1,
};

/* PRM Table 13: EQ doorbell registers (either of them). */
#define CX4_EQ_DB_EQN			CX4_FLD(0x00, 31, 24)
#define CX4_EQ_DB_CI			CX4_FLD(0x00, 23, 0)

/*
 * PRM 7.3, Tables 15 and 16: NIC vport context.  The fixed part is 0x100
 * bytes; the allowed address list (Table 19 MAC addresses or Table 17
 * VLANs, 8 bytes each) follows at 0x100.  Table 16 spells the flags
 * promisc_*, Table 15 promise_*; the Table 16 names are used.
 */
#define CX4_NIC_VPORT_CTX_SIZE		0x100
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

/* PRM Tables 19 and 20: MAC address (8 bytes). */
#define CX4_MAC_ADDR_47_32		CX4_FLD(0x00, 15, 0)
#define CX4_MAC_ADDR_31_0		CX4_DW(0x04)
#define CX4_MAC_ADDR_SIZE		0x08

/* PRM 7.12.2, Tables 69 and 70: CQ doorbell record (8 B aligned). */
#define CX4_CQ_DBR_UPDATE_CI		CX4_FLD(0x00, 23, 0)
#define CX4_CQ_DBR_CMD_SN		CX4_FLD(0x04, 29, 28)
#define CX4_CQ_DBR_CMD			CX4_FLD(0x04, 24, 24)
#define CX4_CQ_DBR_ARM_CI		CX4_FLD(0x04, 23, 0)
#define CX4_CQ_DBR_SIZE			0x08

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
#define CX4_CQ_MAX_LOG_SIZE		22

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
#define CX4_CMDQ_TYPE			CX4_FLD(0x00, 31, 24)
#define CX4_CMDQ_INPUT_LENGTH		CX4_DW(0x04)
#define CX4_CMDQ_IN_MBOX_H		CX4_DW(0x08)
#define CX4_CMDQ_IN_MBOX_L		CX4_FLD(0x0c, 31, 9)
#define CX4_CMDQ_OFF_IN_MBOX		0x08
#define CX4_CMDQ_OFF_IN_INLINE		0x10
#define CX4_CMDQ_OFF_OUT_INLINE		0x20
#define CX4_CMDQ_INLINE_SIZE		0x10
#define CX4_CMDQ_OUT_MBOX_H		CX4_DW(0x30)
#define CX4_CMDQ_OUT_MBOX_L		CX4_FLD(0x34, 31, 9)
#define CX4_CMDQ_OFF_OUT_MBOX		0x30
#define CX4_CMDQ_OUTPUT_LENGTH		CX4_DW(0x38)
#define CX4_CMDQ_TOKEN			CX4_FLD(0x3c, 31, 24)
#define CX4_CMDQ_SIGNATURE		CX4_FLD(0x3c, 23, 16)
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

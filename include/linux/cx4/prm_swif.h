/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PRM chapter 7: software interface.  So far 7.14, the command interface:
 * command queue entry (Tables 95, 96), mailbox (Tables 97, 98) and the
 * generic command input/output header (Tables 99-102).
 */
#ifndef _LINUX_CX4_PRM_SWIF_H
#define _LINUX_CX4_PRM_SWIF_H

#include <linux/cx4/prm.h>

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

#endif /* _LINUX_CX4_PRM_SWIF_H */

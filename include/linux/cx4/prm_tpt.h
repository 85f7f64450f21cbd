/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PRM chapter 6: memory translation and protection.  The MKey context
 * (6.4.1, Tables 9 and 10) and the MTT entry (Tables 11 and 12).
 *
 * An MKey is the 32-bit value (mkey_index << 8 | mkey[7:0]): the device
 * hands out the 24-bit index (CREATE_MKEY), software picks the variant
 * byte in the context.
 */
#ifndef _LINUX_CX4_PRM_TPT_H
#define _LINUX_CX4_PRM_TPT_H

#include <linux/cx4/prm.h>

/* PRM Tables 9 and 10: MKey context (64 bytes). */
#define CX4_MKC_SIZE				0x40
#define CX4_MKC_FREE				CX4_FLD(0x00, 30, 30)
#define CX4_MKC_UMR_EN				CX4_FLD(0x00, 15, 15)
#define CX4_MKC_RW				CX4_FLD(0x00, 13, 13)
#define CX4_MKC_RR				CX4_FLD(0x00, 12, 12)
#define CX4_MKC_LW				CX4_FLD(0x00, 11, 11)
#define CX4_MKC_LR				CX4_FLD(0x00, 10, 10)
#define CX4_MKC_ACCESS_MODE			CX4_FLD(0x00, 9, 8)
#define CX4_MKC_QPN				CX4_FLD(0x04, 31, 8)
#define CX4_MKC_MKEY_7_0			CX4_FLD(0x04, 7, 0)
#define CX4_MKC_LENGTH64			CX4_FLD(0x0c, 31, 31)
#define CX4_MKC_PD				CX4_FLD(0x0c, 23, 0)
#define CX4_MKC_OFF_START_ADDR			0x10	/* 64 bits, cx4_get64() */
#define CX4_MKC_START_ADDR	CX4_FLD64(CX4_MKC_OFF_START_ADDR)
#define CX4_MKC_OFF_LEN				0x18	/* 64 bits, cx4_get64() */
#define CX4_MKC_LEN	CX4_FLD64(CX4_MKC_OFF_LEN)
#define CX4_MKC_TRANSLATIONS_OCTWORD_SIZE	CX4_DW(0x34)
#define CX4_MKC_LOG_ENTITY_SIZE			CX4_FLD(0x38, 4, 0)

/* Table 10: qpn "must be 0xffffffff" (all ones in its 24 bits). */
#define CX4_MKC_QPN_NONE			0xffffff

/* Table 10 access_mode values. */
enum cx4_mkc_access_mode {
	CX4_MKC_ACCESS_MODE_PA		= 0x0,
	CX4_MKC_ACCESS_MODE_MTT		= 0x1,
	CX4_MKC_ACCESS_MODE_KLM		= 0x2,
};

/* Table 10: log_entity_size (MTT page size) must be >= 12. */
#define CX4_MKC_MIN_LOG_ENTITY_SIZE		12
/* Table 10: translations_octword_size must be a multiple of 4. */
#define CX4_MKC_OCTWORD_ALIGN			4
#define CX4_OCTWORD_SIZE			16

/* The MKey built from an index and the context's variant byte. */
static inline __u32 cx4_mkey(__u32 index, __u32 variant)
{
	return index << 8 | (variant & 0xff);
}

static inline __u32 cx4_mkey_index(__u32 mkey)
{
	return mkey >> 8;
}

/* PRM Tables 11 and 12: MTT entry (8 bytes). */
#define CX4_MTT_SIZE				0x08
#define CX4_MTT_PTAG_H				CX4_DW(0x00)
#define CX4_MTT_PTAG_L				CX4_FLD(0x04, 31, 8)
#define CX4_MTT_WR_EN				CX4_FLD(0x04, 1, 1)
#define CX4_MTT_RD_EN				CX4_FLD(0x04, 0, 0)
#define CX4_MTT_ENTRY				CX4_FLD64(0x00)	/* the whole entry */
#define CX4_MTT_PER_OCTWORD			(CX4_OCTWORD_SIZE / CX4_MTT_SIZE)

#endif /* _LINUX_CX4_PRM_TPT_H */

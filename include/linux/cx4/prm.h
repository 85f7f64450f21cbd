/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * cx4 PRM layout accessors.
 *
 * Every structure the device and the driver exchange (initialization
 * segment, command queue entries, mailboxes, command inputs and outputs,
 * contexts) is big-endian and described in the PRM as a table of
 * (dword offset, bit range, name).  This header turns one such table row
 * into one constant, and provides the accessors both the driver and the
 * emulated device use, so that the PRM is transcribed exactly once.
 *
 * It only depends on the uapi types and byte-order helpers, which exist
 * both in the kernel and in user space (linux-libc-dev).
 */
#ifndef _LINUX_CX4_PRM_H
#define _LINUX_CX4_PRM_H

#include <linux/types.h>
#include <asm/byteorder.h>

/*
 * A field descriptor packs the byte offset of the big-endian dword that
 * holds the field and the field's most and least significant bits in that
 * dword, exactly as the PRM's "Field Descriptions" tables give them.
 * Fields wider than 32 bits are described by their upper dword and read
 * with cx4_get64()/cx4_set64().
 */
#define CX4_FLD(off, msb, lsb)	((__u32)(off) << 12 | (__u32)(msb) << 6 | (lsb))
#define CX4_FLD_OFF(f)		((f) >> 12)
#define CX4_FLD_MSB(f)		(((f) >> 6) & 0x3f)
#define CX4_FLD_LSB(f)		((f) & 0x3f)
/* A whole dword at byte offset @off. */
#define CX4_DW(off)		CX4_FLD(off, 31, 0)

/* Mask of a field's width, right-aligned. */
static inline __u32 cx4_fld_mask(__u32 f)
{
	return (__u32)(0xffffffffULL >> (31 - CX4_FLD_MSB(f) + CX4_FLD_LSB(f)));
}

static inline __u32 cx4_rd32(const void *buf, __u32 off)
{
	return __be32_to_cpu(*(const __be32 *)((const __u8 *)buf + off));
}

static inline void cx4_wr32(void *buf, __u32 off, __u32 val)
{
	*(__be32 *)((__u8 *)buf + off) = __cpu_to_be32(val);
}

/* Read the field @f of the layout that starts at @buf. */
static inline __u32 cx4_get(const void *buf, __u32 f)
{
	return (cx4_rd32(buf, CX4_FLD_OFF(f)) >> CX4_FLD_LSB(f)) & cx4_fld_mask(f);
}

/* Write @val into the field @f; bits of @val outside the field are dropped. */
static inline void cx4_set(void *buf, __u32 f, __u32 val)
{
	__u32 mask = cx4_fld_mask(f) << CX4_FLD_LSB(f);
	__u32 dw = cx4_rd32(buf, CX4_FLD_OFF(f));

	dw = (dw & ~mask) | ((val << CX4_FLD_LSB(f)) & mask);
	cx4_wr32(buf, CX4_FLD_OFF(f), dw);
}

/* True if @val does not fit in field @f (used to reject bad input). */
static inline int cx4_fld_overflows(__u32 f, __u64 val)
{
	return val > cx4_fld_mask(f);
}

/* 64-bit quantities: two consecutive big-endian dwords at byte offset @off. */
static inline __u64 cx4_get64(const void *buf, __u32 off)
{
	return (__u64)cx4_rd32(buf, off) << 32 | cx4_rd32(buf, off + 4);
}

static inline void cx4_set64(void *buf, __u32 off, __u64 val)
{
	cx4_wr32(buf, off, (__u32)(val >> 32));
	cx4_wr32(buf, off + 4, (__u32)(val & 0xffffffffu));
}

#endif /* _LINUX_CX4_PRM_H */

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
/* static_assert(): layout checks in the headers, in the kernel and in C11. */
#ifdef __KERNEL__
#include <linux/build_bug.h>
#else
#include <assert.h>
#endif

/*
 * A field descriptor packs the byte offset of the big-endian dword that
 * holds the field and the field's most and least significant bits in that
 * dword, exactly as the PRM's "Field Descriptions" tables give them.
 * Fields wider than 32 bits are described with CX4_FLD64() and read with
 * CX4_GET64()/CX4_SET64() below; cx4_get64()/cx4_set64() on a byte
 * offset remain for tables of offsets (the PPCNT counter sets).
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

/*
 * Layout-checked accessors.
 *
 * A layout is a PRM table: its fields are the constants CX4_<LAYOUT>_<FIELD>,
 * its sub-blocks (contexts, arrays, entries) the byte offsets
 * CX4_<LAYOUT>_OFF_<SUB>, and its length in bytes CX4_<LAYOUT>_SIZE.  The
 * macros below take the layout and the field by name, so a field can only
 * be used on the layout it was transcribed for, and refuse to compile when
 * the field does not lie inside that layout:
 *
 *   CX4_GET(CQC, cqc, LOG_CQ_SIZE)           a field of up to 32 bits
 *   CX4_SET(CQC, cqc, LOG_CQ_SIZE, 10)
 *   CX4_GET64(CQC, cqc, DBR_ADDR)           a 64-bit field (CX4_FLD64())
 *   CX4_SET64(CQC, cqc, DBR_ADDR, dma)
 *   CX4_ADDR(CREATE_CQ_IN, in, CQC)         void * to a sub-block
 *   CX4_CADDR(QUERY_CQ_OUT, out, CQC)       const void * to a sub-block
 *   CX4_OFF(CREATE_CQ_IN, CQC)              a sub-block's byte offset
 *   CX4_MAX(CQC, CQ_PERIOD)                 a field's largest value
 *   CX4_SIZE(CQC)                           the layout's length in bytes
 *
 * The checks are integer constant expressions, so they work the same in the
 * kernel and in host C (the device model): CX4_CHECK_ZERO(cond) is 0 when
 * @cond holds and a negative bit-field width (a compile error) when not.
 * A sub-block may start at the end of the layout's fixed part: that is
 * where the PRM puts trailing arrays (PAS, MTT entries).
 */
#define CX4_CHECK_ZERO(cond)	(0 * (int)sizeof(struct { int:(-!(cond)); }))

/* A 64-bit field: two dwords from byte offset @off, upper dword first. */
#define CX4_FLD64(off)		CX4_FLD(off, 63, 0)
/* The upper and lower dword of a 64-bit field, as 32-bit fields. */
#define CX4_FLD64_HI(f)		CX4_DW(CX4_FLD_OFF(f))
#define CX4_FLD64_LO(f)		CX4_DW(CX4_FLD_OFF(f) + 4)

#define CX4_SIZE(layout)	CX4_##layout##_SIZE

/*
 * The outermost macro pastes the layout and the field into one token
 * (LAYOUT_FIELD, without the CX4_ prefix, so it names no macro) before it
 * passes them on: a field may then share its name with a macro of the
 * system headers (IP_PROTOCOL of <linux/in.h>) without being expanded.
 */
#define CX4_FIELD_(lf, l)						\
	(CX4_##lf +							\
	 CX4_CHECK_ZERO(CX4_FLD_MSB(CX4_##lf) < 32 &&			\
			CX4_FLD_MSB(CX4_##lf) >= CX4_FLD_LSB(CX4_##lf) &&	\
			CX4_FLD_OFF(CX4_##lf) + 4 <= CX4_##l##_SIZE))
#define CX4_FIELD64_OFF_(lf, l)						\
	(CX4_FLD_OFF(CX4_##lf) +					\
	 CX4_CHECK_ZERO(CX4_FLD_MSB(CX4_##lf) == 63 &&			\
			CX4_FLD_OFF(CX4_##lf) + 8 <= CX4_##l##_SIZE))
#define CX4_OFF_(lo, l)							\
	(CX4_##lo + CX4_CHECK_ZERO(CX4_##lo <= CX4_##l##_SIZE))

#define CX4_FIELD(layout, field)	CX4_FIELD_(layout##_##field, layout)
#define CX4_FIELD64_OFF(layout, field)	CX4_FIELD64_OFF_(layout##_##field, layout)
#define CX4_OFF(layout, sub)		CX4_OFF_(layout##_OFF_##sub, layout)

#define CX4_GET(layout, p, field)					\
	cx4_get(p, CX4_FIELD_(layout##_##field, layout))
#define CX4_SET(layout, p, field, v)					\
	cx4_set(p, CX4_FIELD_(layout##_##field, layout), v)
#define CX4_MAX(layout, field)						\
	cx4_fld_mask(CX4_FIELD_(layout##_##field, layout))
#define CX4_GET64(layout, p, field)					\
	cx4_get64(p, CX4_FIELD64_OFF_(layout##_##field, layout))
#define CX4_SET64(layout, p, field, v)					\
	cx4_set64(p, CX4_FIELD64_OFF_(layout##_##field, layout), v)
#define CX4_ADDR(layout, p, sub)					\
	cx4_addr(p, CX4_OFF_(layout##_OFF_##sub, layout))
#define CX4_CADDR(layout, p, sub)					\
	cx4_caddr(p, CX4_OFF_(layout##_OFF_##sub, layout))

/* Functions, not casts, so that a const buffer cannot yield a writable one. */
static inline void *cx4_addr(void *buf, __u32 off)
{
	return (__u8 *)buf + off;
}

static inline const void *cx4_caddr(const void *buf, __u32 off)
{
	return (const __u8 *)buf + off;
}

#endif /* _LINUX_CX4_PRM_H */

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The register table of ACCESS_REG (reg.c): one row per register, its
 * fields with the Access column of their field table, its handler.  The
 * rows of the cable module and firmware component registers live in
 * reg_module.c (cx4dev_module_regs); reg.c owns the rest and the generic
 * checks.
 */
#ifndef CX4DEV_REG_H
#define CX4DEV_REG_H

#include "cx4dev_int.h"

/* The Access column of the register field tables. */
enum cx4dev_reg_acc {
	CX4DEV_ACC_INDEX,	/* selects what is accessed: given on read and write */
	CX4DEV_ACC_OP,		/* operation modifier: given on read and write */
	CX4DEV_ACC_RW,
	CX4DEV_ACC_RO,
	CX4DEV_ACC_WO,
};

struct cx4dev_reg_field {
	uint32_t fld;
	enum cx4dev_reg_acc acc;
};

/* What a write (op_mod 0) of the register does. */
enum cx4dev_reg_writes {
	CX4DEV_REG_WRITABLE,	/* the handler takes it */
	CX4DEV_REG_QUERY_ONLY,	/* firmware has no Set(): a guest error */
	CX4DEV_REG_SET_UNMODELLED,	/* firmware has Set(), the model not: limitation */
};

struct cx4dev_reg_desc {
	uint16_t id;
	const char *name;
	uint32_t size;			/* register data bytes */
	bool port;			/* has local_port at 00h 23:16 */
	enum cx4dev_reg_writes writes;
	const struct cx4dev_reg_field *fields;	/* 0-terminated */
	/* @in: register data of the input; @out: of the output (zeroed). */
	uint8_t (*access)(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			  const uint8_t *in, uint8_t *out);
};

/* Largest register the generic code copies (PPCNT, PDDR). */
#define CX4DEV_REG_MAX_SIZE	0x100

/* One row: the register by its name in prm_reg.h. */
#define CX4DEV_REG(reg, is_port, wr, fl, fn) \
	{ .id = CX4_REG_##reg, .name = #reg, .size = CX4_##reg##_SIZE, .port = is_port, \
	  .writes = wr, .fields = fl, .access = fn }

extern const struct cx4dev_reg_desc cx4dev_module_regs[];
extern const size_t cx4dev_module_nregs;

/* A field value the register does not allow: BAD_PARAM, a guest error. */
static inline uint8_t cx4dev_reg_bad_value(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					   const char *reg, const char *what, uint32_t val)
{
	return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_VALUE,
			     "%s: %s 0x%x", reg, what, val);
}

#endif /* CX4DEV_REG_H */

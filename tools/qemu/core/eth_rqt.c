/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * RQ table (RQT, PRM 7.8) and its commands (PRM 12.12): the RQ list an
 * indirect TIR spreads received packets over.  The object table and
 * references are in eth_obj.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

static bool cx4dev_pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

static void cx4dev_rqt_unref(struct cx4dev *dev, struct cx4dev_rqt *t)
{
	for (uint32_t i = 0; i < t->size; i++) {
		struct cx4dev_rq *rq = cx4dev_rq_get(dev, t->rqn[i]);

		if (rq)
			rq->refs--;
	}
}

/* Validate and install an RQ list from the context @c (size checked). */
static uint8_t cx4dev_rqt_list(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *c,
			       struct cx4dev_rqt *t, uint32_t max)
{
	uint32_t size = CX4_GET(RQTC, c, RQT_ACTUAL_SIZE);
	uint32_t need = cx4_rqt_cmd_size(size), *list;

	if (!cx4dev_pow2(size) || size > max)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQT_SIZE,
				     "rqt_actual_size %u: must be a power of two <= rqt_max_size %u",
				     size, max);
	if (cmd->in_len < need)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_RQT_IN_LEN,
				     "%u RQ entries need input_length >= 0x%x, got 0x%x", size,
				     need, cmd->in_len);
	for (uint32_t off = need; off < cmd->in_len; off++)
		if (cmd->in[off])
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_RESERVED_NONZERO,
					     "reserved byte 0x%x past the RQ list non-zero", off);
	for (uint32_t i = 0; i < size; i++) {
		uint32_t dw = cx4_rd32(c, cx4_rqtc_rq_off(i));
		uint32_t rqn = dw & cx4_fld_mask(CX4_RQTC_RQ_NUM);

		if (dw != rqn)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_RESERVED_NONZERO,
					     "rq_num[%u] 0x%08x has reserved bits set", i, dw);
		if (!cx4dev_rq_get(dev, rqn))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_RQT_RQ,
					     "rq_num[%u] 0x%x is not an existing RQ", i, rqn);
	}
	list = malloc(size * sizeof(*list));
	if (!list)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_RQT_EXHAUSTED,
				     "out of memory");
	for (uint32_t i = 0; i < size; i++) {
		list[i] = CX4_GET(RQTC, c + cx4_rqtc_rq_off(i), RQ_NUM);
		cx4dev_rq_get(dev, list[i])->refs++;
	}
	if (t->rqn) {
		cx4dev_rqt_unref(dev, t);
		free(t->rqn);
	}
	t->rqn = list;
	t->size = size;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_create_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_CREATE_RQT_IN_OFF_CTX;
	int64_t n = cx4dev_eth_slot((void **)dev->eth->rqt, CX4DEV_MAX_RQT);
	uint32_t max = CX4_GET(RQTC, c, RQT_MAX_SIZE);
	uint32_t cap = 1u << CX4_GET(CAP, cx4dev_gcap(dev), LOG_MAX_RQT_SIZE);
	struct cx4dev_rqt *t;
	uint8_t st;

	if (n < 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_RQT_EXHAUSTED,
				     "%u RQTs in use", CX4DEV_MAX_RQT - 1);
	if (!cx4dev_pow2(max) || max > cap)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQT_SIZE,
				     "rqt_max_size %u: must be a power of two <= %u", max, cap);
	t = calloc(1, sizeof(*t));
	if (!t)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_RQT_EXHAUSTED,
				     "out of memory");
	t->max_size = max;
	st = cx4dev_rqt_list(dev, cmd, c, t, max);
	if (st) {
		free(t);
		return st;
	}
	dev->eth->rqt[n] = t;
	CX4_SET(CREATE_RQT_OUT, cmd->out, RQTN, (uint32_t)n);
	return CX4_CMD_STAT_OK;
}

static struct cx4dev_rqt *cx4dev_rqt_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					    uint32_t f, uint32_t *n)
{
	struct cx4dev_rqt *t;

	*n = cx4dev_in_get(cmd, f);
	t = cx4dev_rqt_get(dev, *n);
	if (!t)
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_RQT_UNKNOWN,
			      "rqtn 0x%x does not exist", *n);
	return t;
}

uint8_t cx4dev_exec_modify_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_MODIFY_RQT_IN_OFF_CTX;
	uint64_t mask = CX4_GET64(MODIFY_RQT_IN, cmd->in, BITMASK);
	uint32_t n;
	struct cx4dev_rqt *t = cx4dev_rqt_lookup(dev, cmd, CX4_MODIFY_RQT_IN_RQTN, &n);

	if (!t)
		return cmd->status;
	if (mask != CX4_MODIFY_RQT_SEL_RQ_LIST)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQT_MODIFY_FIELD,
				     "modify_bitmask 0x%llx (must be bit 0, the RQ list)",
				     (unsigned long long)mask);
	if (CX4_GET(RQTC, c, RQT_MAX_SIZE))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQT_MODIFY_FIELD,
				     "rqt_max_size is not modifiable");
	return cx4dev_rqt_list(dev, cmd, c, t, t->max_size);
}

uint8_t cx4dev_exec_destroy_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t n;
	struct cx4dev_rqt *t = cx4dev_rqt_lookup(dev, cmd, CX4_DESTROY_RQT_IN_RQTN, &n);

	if (!t)
		return cmd->status;
	if (t->refs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_RQT_IN_USE,
				     "RQT 0x%x is used by %u TIR(s) (destroy them first)", n,
				     t->refs);
	cx4dev_rqt_unref(dev, t);
	free(t->rqn);
	free(t);
	dev->eth->rqt[n] = NULL;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *c = cmd->out + CX4_QUERY_RQT_OUT_OFF_CTX;
	uint32_t n;
	struct cx4dev_rqt *t = cx4dev_rqt_lookup(dev, cmd, CX4_QUERY_RQT_IN_RQTN, &n);

	if (!t)
		return cmd->status;
	CX4_SET(RQTC, c, RQT_MAX_SIZE, t->max_size);
	CX4_SET(RQTC, c, RQT_ACTUAL_SIZE, t->size);
	/* Entries that fit in the output (output_length bounds the list). */
	for (uint32_t i = 0; i < t->size && cx4_rqt_cmd_size(i + 1) <= cmd->out_len; i++)
		CX4_SET(RQTC, c + cx4_rqtc_rq_off(i), RQ_NUM, t->rqn[i]);
	return CX4_CMD_STAT_OK;
}

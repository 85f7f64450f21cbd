/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Transport interface receive (TIR, PRM 7.5) and its commands (PRM
 * 12.8): direct or RSS dispatch, hash and LRO settings.  The object table
 * and references are in eth_obj.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

static uint8_t cx4dev_tir_hash_check(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				     const uint8_t *c)
{
	uint32_t fn = CX4_GET(TIRC, c, RX_HASH_FN);
	uint32_t sel = cx4_rd32(c, CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER);
	uint32_t fields = sel & cx4_fld_mask(CX4_HASH_SEL_SELECTED_FIELDS);

	if (fn > CX4_TIR_HASH_TOEPLITZ)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_HASH,
				     "rx_hash_fn %u undefined", fn);
	if (fields & ~(uint32_t)(CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_DST_IP |
				 CX4_HASH_FIELD_L4_SPORT | CX4_HASH_FIELD_L4_DPORT |
				 CX4_HASH_FIELD_IPSEC_SPI))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_HASH,
				     "rx_hash_field_selector_outer fields 0x%x: reserved bits",
				     fields);
	if (cx4_rd32(c, CX4_TIRC_OFF_RX_HASH_FIELD_SEL_INNER))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_HASH,
				     "rx_hash_field_selector_inner set: no tunnel offloads");
	if (fn == CX4_TIR_HASH_NONE && (sel || CX4_GET(TIRC, c, RX_HASH_SYMMETRIC)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_HASH,
				     "hash fields / symmetric set with HASH_NONE");
	if (fn != CX4_TIR_HASH_NONE && (CX4_GET(ETH_CAP, cx4dev_ecap(dev), RSS_IND_TBL_CAP) == 0))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_HASH,
				     "RX hash without HCA_CAP.rss_ind_tbl_cap");
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_tir_lro_check(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				    const uint8_t *c)
{
	uint32_t mask = CX4_GET(TIRC, c, LRO_ENABLE_MASK);

	if (!mask && (CX4_GET(TIRC, c, LRO_MAX_MSG_SZ) ||
		      CX4_GET(TIRC, c, LRO_TIMEOUT_PERIOD_USECS)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_LRO,
				     "LRO fields set with lro_enable_mask 0 (reserved)");
	if (!mask)
		return CX4_CMD_STAT_OK;
	if (mask & ~(uint32_t)(CX4_TIR_LRO_IPV4 | CX4_TIR_LRO_IPV6))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_LRO,
				     "lro_enable_mask 0x%x: reserved bits", mask);
	if (!CX4_GET(ETH_CAP, cx4dev_ecap(dev), LRO_CAP))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_LRO,
				     "LRO without HCA_CAP.lro_cap");
	if (!CX4_GET(TIRC, c, LRO_MAX_MSG_SZ))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_LRO,
				     "lro_max_msg_sz 0 with LRO enabled");
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_tir_self_lb_check(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					const uint8_t *c)
{
	uint32_t lb = CX4_GET(TIRC, c, SELF_LB_EN);

	if (((lb & CX4_TIR_SELF_LB_UC) && !CX4_GET(ETH_CAP, cx4dev_ecap(dev), SELF_LB_UC)) ||
	    ((lb & CX4_TIR_SELF_LB_MC) && !CX4_GET(ETH_CAP, cx4dev_ecap(dev), SELF_LB_MC)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_SELF_LB,
				     "self_lb_en 0x%x without HCA_CAP.self_lb_uc/mc", lb);
	return CX4_CMD_STAT_OK;
}

/* Dispatch: direct to an RQ or indirect through an RQT (takes references). */
static uint8_t cx4dev_tir_target(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *c,
				 uint32_t disp, uint32_t *rqn, uint32_t *rqtn)
{
	uint32_t fn = CX4_GET(TIRC, c, RX_HASH_FN);

	if (disp == CX4_TIR_DISP_DIRECT) {
		*rqn = CX4_GET(TIRC, c, INLINE_RQN);
		if (fn != CX4_TIR_HASH_NONE || CX4_GET(TIRC, c, INDIRECT_TABLE))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_DISP,
					     "direct TIR with rx_hash_fn %u / indirect_table "
					     "0x%x (must be HASH_NONE / 0)", fn,
					     CX4_GET(TIRC, c, INDIRECT_TABLE));
		if (!cx4dev_rq_get(dev, *rqn))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TIR_RQ,
					     "inline_rqn 0x%x is not an existing RQ", *rqn);
		return CX4_CMD_STAT_OK;
	}
	*rqtn = CX4_GET(TIRC, c, INDIRECT_TABLE);
	if (disp != CX4_TIR_DISP_INDIRECT || fn == CX4_TIR_HASH_NONE ||
	    CX4_GET(TIRC, c, INLINE_RQN))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_DISP,
				     "disp_type %u with rx_hash_fn %u / inline_rqn 0x%x", disp, fn,
				     CX4_GET(TIRC, c, INLINE_RQN));
	if (!cx4dev_rqt_get(dev, *rqtn))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TIR_RQT,
				     "indirect_table 0x%x is not an existing RQT", *rqtn);
	return CX4_CMD_STAT_OK;
}

static void cx4dev_tir_set_hash(struct cx4dev_tir *t, const uint8_t *c)
{
	t->hash_fn = CX4_GET(TIRC, c, RX_HASH_FN);
	t->hash_symmetric = CX4_GET(TIRC, c, RX_HASH_SYMMETRIC);
	memcpy(t->key, c + CX4_TIRC_OFF_RX_HASH_TOEPLITZ_KEY, sizeof(t->key));
	t->sel_outer = cx4_rd32(c, CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER);
	t->sel_inner = cx4_rd32(c, CX4_TIRC_OFF_RX_HASH_FIELD_SEL_INNER);
}

static void cx4dev_tir_set_lro(struct cx4dev_tir *t, const uint8_t *c)
{
	t->lro_mask = CX4_GET(TIRC, c, LRO_ENABLE_MASK);
	t->lro_timeout = CX4_GET(TIRC, c, LRO_TIMEOUT_PERIOD_USECS);
	t->lro_max_msg = CX4_GET(TIRC, c, LRO_MAX_MSG_SZ);
}

static void cx4dev_tir_ref(struct cx4dev *dev, struct cx4dev_tir *t, int d)
{
	if (t->disp_type == CX4_TIR_DISP_DIRECT)
		cx4dev_rq_get(dev, t->inline_rqn)->refs += d;
	else
		cx4dev_rqt_get(dev, t->rqtn)->refs += d;
}

uint8_t cx4dev_exec_create_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_CREATE_TIR_IN_OFF_CTX;
	int64_t n = cx4dev_eth_slot((void **)dev->eth->tir, CX4DEV_MAX_TIR);
	uint32_t disp = CX4_GET(TIRC, c, DISP_TYPE), rqn = 0, rqtn = 0;
	struct cx4dev_tir *t;
	uint8_t st;

	if (n < 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_TIR_EXHAUSTED,
				     "%u TIRs in use", CX4DEV_MAX_TIR - 1);
	if (!cx4dev_set_has(&dev->tds, CX4_GET(TIRC, c, TRANSPORT_DOMAIN)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TIR_TD,
				     "transport_domain 0x%x not allocated",
				     CX4_GET(TIRC, c, TRANSPORT_DOMAIN));
	st = cx4dev_tir_hash_check(dev, cmd, c);
	if (!st)
		st = cx4dev_tir_lro_check(dev, cmd, c);
	if (!st)
		st = cx4dev_tir_self_lb_check(dev, cmd, c);
	if (!st)
		st = cx4dev_tir_target(dev, cmd, c, disp, &rqn, &rqtn);
	if (st)
		return st;
	t = calloc(1, sizeof(*t));
	if (!t)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_TIR_EXHAUSTED,
				     "out of memory");
	t->disp_type = disp;
	t->inline_rqn = rqn;
	t->rqtn = rqtn;
	cx4dev_tir_set_hash(t, c);
	cx4dev_tir_set_lro(t, c);
	t->self_lb = CX4_GET(TIRC, c, SELF_LB_EN);
	t->td = CX4_GET(TIRC, c, TRANSPORT_DOMAIN);
	cx4dev_tir_ref(dev, t, 1);
	dev->eth->tir[n] = t;
	CX4_SET(CREATE_TIR_OUT, cmd->out, TIRN, (uint32_t)n);
	return CX4_CMD_STAT_OK;
}

static struct cx4dev_tir *cx4dev_tir_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					    uint32_t f, uint32_t *n)
{
	struct cx4dev_tir *t;

	*n = cx4dev_in_get(cmd, f);
	t = cx4dev_tir_get(dev, *n);
	if (!t)
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TIR_UNKNOWN,
			      "tirn 0x%x does not exist", *n);
	return t;
}

uint8_t cx4dev_exec_modify_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_MODIFY_TIR_IN_OFF_CTX;
	uint64_t mask = CX4_GET64(MODIFY_TIR_IN, cmd->in, BITMASK);
	uint64_t known = CX4_MODIFY_TIR_SEL_LRO | CX4_MODIFY_TIR_SEL_INDIRECT_TABLE |
			 CX4_MODIFY_TIR_SEL_HASH | CX4_MODIFY_TIR_SEL_SELF_LB_EN;
	uint32_t n, rqtn;
	struct cx4dev_tir *t = cx4dev_tir_lookup(dev, cmd, CX4_MODIFY_TIR_IN_TIRN, &n);
	uint8_t st = CX4_CMD_STAT_OK;

	if (!t)
		return cmd->status;
	if (mask & ~known || !mask ||
	    ((mask & CX4_MODIFY_TIR_SEL_SELF_LB_EN) &&
	     !CX4_GET(ETH_CAP, cx4dev_ecap(dev), SELF_LB_EN_MODIFIABLE)) ||
	    ((mask & (CX4_MODIFY_TIR_SEL_INDIRECT_TABLE | CX4_MODIFY_TIR_SEL_HASH)) &&
	     t->disp_type != CX4_TIR_DISP_INDIRECT))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_MODIFY_FIELD,
				     "modify_bitmask 0x%llx: undefined bit, or not modifiable on "
				     "this TIR", (unsigned long long)mask);
	if (mask & CX4_MODIFY_TIR_SEL_HASH) {
		st = cx4dev_tir_hash_check(dev, cmd, c);
		if (!st && CX4_GET(TIRC, c, RX_HASH_FN) == CX4_TIR_HASH_NONE)
			st = cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIR_DISP,
					   "HASH_NONE on an indirect TIR");
	}
	if (!st && (mask & CX4_MODIFY_TIR_SEL_LRO))
		st = cx4dev_tir_lro_check(dev, cmd, c);
	if (!st && (mask & CX4_MODIFY_TIR_SEL_SELF_LB_EN))
		st = cx4dev_tir_self_lb_check(dev, cmd, c);
	rqtn = CX4_GET(TIRC, c, INDIRECT_TABLE);
	if (!st && (mask & CX4_MODIFY_TIR_SEL_INDIRECT_TABLE) && !cx4dev_rqt_get(dev, rqtn))
		st = cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TIR_RQT,
				   "indirect_table 0x%x is not an existing RQT", rqtn);
	if (st)
		return st;
	cx4dev_lro_flush_tir(dev, n);	/* 3.3.6.1: sessions end on MODIFY_TIR */
	if (mask & CX4_MODIFY_TIR_SEL_INDIRECT_TABLE) {
		cx4dev_tir_ref(dev, t, -1);
		t->rqtn = rqtn;
		cx4dev_tir_ref(dev, t, 1);
	}
	if (mask & CX4_MODIFY_TIR_SEL_HASH)
		cx4dev_tir_set_hash(t, c);
	if (mask & CX4_MODIFY_TIR_SEL_LRO)
		cx4dev_tir_set_lro(t, c);
	if (mask & CX4_MODIFY_TIR_SEL_SELF_LB_EN)
		t->self_lb = CX4_GET(TIRC, c, SELF_LB_EN);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t n;
	struct cx4dev_tir *t = cx4dev_tir_lookup(dev, cmd, CX4_DESTROY_TIR_IN_TIRN, &n);

	if (!t)
		return cmd->status;
	if (t->refs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_TIR_IN_USE,
				     "TIR 0x%x is a destination of %u flow entries (delete them "
				     "first)", n, t->refs);
	cx4dev_lro_flush_tir(dev, n);
	cx4dev_tir_ref(dev, t, -1);
	free(t);
	dev->eth->tir[n] = NULL;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *c = cmd->out + CX4_QUERY_TIR_OUT_OFF_CTX;
	uint32_t n;
	struct cx4dev_tir *t = cx4dev_tir_lookup(dev, cmd, CX4_QUERY_TIR_IN_TIRN, &n);

	if (!t)
		return cmd->status;
	CX4_SET(TIRC, c, DISP_TYPE, t->disp_type);
	CX4_SET(TIRC, c, LRO_TIMEOUT_PERIOD_USECS, t->lro_timeout);
	CX4_SET(TIRC, c, LRO_ENABLE_MASK, t->lro_mask);
	CX4_SET(TIRC, c, LRO_MAX_MSG_SZ, t->lro_max_msg);
	if (t->disp_type == CX4_TIR_DISP_DIRECT)
		CX4_SET(TIRC, c, INLINE_RQN, t->inline_rqn);
	else
		CX4_SET(TIRC, c, INDIRECT_TABLE, t->rqtn);
	CX4_SET(TIRC, c, RX_HASH_SYMMETRIC, t->hash_symmetric);
	CX4_SET(TIRC, c, RX_HASH_FN, t->hash_fn);
	CX4_SET(TIRC, c, SELF_LB_EN, t->self_lb);
	CX4_SET(TIRC, c, TRANSPORT_DOMAIN, t->td);
	memcpy(c + CX4_TIRC_OFF_RX_HASH_TOEPLITZ_KEY, t->key, sizeof(t->key));
	cx4_wr32(c, CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER, t->sel_outer);
	cx4_wr32(c, CX4_TIRC_OFF_RX_HASH_FIELD_SEL_INNER, t->sel_inner);
	return CX4_CMD_STAT_OK;
}

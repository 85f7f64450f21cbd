/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * SQ and RQ work queues (PRM 7.4, 7.7, 7.9) and their commands (PRM
 * 12.10, 12.11): creation with the WQ context, the RST/RDY/ERR state
 * machine of Figures 16/17 and queries.  The object table and references
 * are in eth_obj.c; the engines that run the queues in eth_tx.c and
 * eth_rx.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

static const uint32_t cx4dev_sq_pas_syn[3] = {
	CX4DEV_SYN_SQ_PAS_LEN, CX4DEV_SYN_SQ_PAS_ALIGN, CX4DEV_SYN_SQ_PAS_BAD
};
static const uint32_t cx4dev_rq_pas_syn[3] = {
	CX4DEV_SYN_RQ_PAS_LEN, CX4DEV_SYN_RQ_PAS_ALIGN, CX4DEV_SYN_RQ_PAS_BAD
};

struct cx4dev_wq_syn {
	uint32_t wq, pd, dbr, cq, uar;
	const uint32_t *pas;
};

static const struct cx4dev_wq_syn cx4dev_sq_syn = {
	.wq = CX4DEV_SYN_SQ_WQ, .pd = CX4DEV_SYN_SQ_PD, .dbr = CX4DEV_SYN_SQ_DBR,
	.cq = CX4DEV_SYN_SQ_CQ, .uar = CX4DEV_SYN_SQ_UAR, .pas = cx4dev_sq_pas_syn
};
static const struct cx4dev_wq_syn cx4dev_rq_syn = {
	.wq = CX4DEV_SYN_RQ_WQ, .pd = CX4DEV_SYN_RQ_PD, .dbr = CX4DEV_SYN_RQ_DBR,
	.cq = CX4DEV_SYN_RQ_CQ, .uar = 0, .pas = cx4dev_rq_pas_syn
};

/* Checks of a WQ (Table 55) and its PAS list; fills @wq. */
static uint8_t cx4dev_wq_create(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *wqc,
				bool sq, struct cx4dev_wq *wq)
{
	const struct cx4dev_wq_syn *syn = sq ? &cx4dev_sq_syn : &cx4dev_rq_syn;
	const uint8_t *g = cx4dev_gcap(dev);
	uint32_t stride = CX4_GET(WQ, wqc, LOG_WQ_STRIDE);
	uint32_t log_sz = CX4_GET(WQ, wqc, LOG_WQ_SZ);
	uint32_t log_pg = CX4_GET(WQ, wqc, LOG_WQ_PG_SZ);
	uint32_t smin = cx4_get(g, sq ? CX4_CAP_LOG_MIN_STRIDE_SZ_SQ : CX4_CAP_LOG_MIN_STRIDE_SZ_RQ);
	uint32_t smax = cx4_get(g, sq ? CX4_CAP_LOG_MAX_STRIDE_SZ_SQ : CX4_CAP_LOG_MAX_STRIDE_SZ_RQ);
	uint32_t max_sz = CX4_GET(CAP, g, LOG_MAX_WQ_SZ);
	uint64_t dbr = CX4_GET64(WQ, wqc, DBR_ADDR);
	uint64_t bytes, page;
	uint32_t npas;
	uint8_t b[CX4_WQ_DBR_SIZE], st;

	if (CX4_GET(WQ, wqc, TYPE) != CX4_WQ_TYPE_CYCLIC || CX4_GET(WQ, wqc, SIGNATURE) ||
	    CX4_GET(WQ, wqc, PAGE_OFFSET) || CX4_GET(WQ, wqc, LWM) ||
	    (sq && CX4_GET(WQ, wqc, END_PADDING_MODE)) ||
	    CX4_GET(WQ, wqc, END_PADDING_MODE) > CX4_WQ_END_PAD_ALIGN ||
	    (sq && stride != CX4_SEND_WQEBB_SHIFT) || stride < smin || stride > smax ||
	    log_sz > max_sz || CX4_GET(WQ, wqc, HW_COUNTER) || CX4_GET(WQ, wqc, SW_COUNTER))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, syn->wq,
				     "wq: type %u (must be cyclic), signature %u, page_offset %u "
				     "(model: 0), lwm %u, end_padding %u, log_wq_stride %u (%u..%u%s),"
				     " log_wq_sz %u (max %u), counters 0x%x/0x%x",
				     CX4_GET(WQ, wqc, TYPE), CX4_GET(WQ, wqc, SIGNATURE),
				     CX4_GET(WQ, wqc, PAGE_OFFSET), CX4_GET(WQ, wqc, LWM),
				     CX4_GET(WQ, wqc, END_PADDING_MODE), stride, smin, smax,
				     sq ? ", SQ: 6" : "", log_sz, max_sz, CX4_GET(WQ, wqc, HW_COUNTER),
				     CX4_GET(WQ, wqc, SW_COUNTER));
	/*
	 * PD 0 is never allocated (ALLOC_PD hands out 1, 2, ...): an RQ may
	 * carry it as "no protection domain" -- no MKey can match it, so such
	 * an RQ can only drop or count frames (mlx5e's drop RQ does this;
	 * real firmware accepts it).  SQs always need an allocated PD.
	 */
	if ((sq || CX4_GET(WQ, wqc, PD)) && !cx4dev_set_has(&dev->pds, CX4_GET(WQ, wqc, PD)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, syn->pd,
				     "wq pd 0x%x not allocated", CX4_GET(WQ, wqc, PD));
	if (sq && !cx4dev_set_has(&dev->uars, CX4_GET(WQ, wqc, UAR_PAGE)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, syn->uar,
				     "wq uar_page %u not allocated", CX4_GET(WQ, wqc, UAR_PAGE));
	if (!sq && CX4_GET(WQ, wqc, UAR_PAGE))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, syn->wq,
				     "RQ wq uar_page must be 0 (no cd_slave)");
	if ((dbr & (CX4_WQ_DBR_SIZE - 1)) || dev->ops->dma_read(dev->opaque, dbr, b, sizeof(b)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, syn->dbr,
				     "dbr_addr 0x%llx not 8-byte aligned or not accessible",
				     (unsigned long long)dbr);
	bytes = 1ull << (log_sz + stride);
	page = (uint64_t)CX4_PAGE_SIZE << log_pg;
	npas = (uint32_t)((bytes + page - 1) / page);
	wq->pas = calloc(npas, sizeof(*wq->pas));
	if (!wq->pas)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, syn->wq, "out of memory");
	st = cx4dev_queue_pas(dev, cmd, npas, log_pg, bytes, wq->pas, syn->pas);
	if (st) {
		free(wq->pas);
		wq->pas = NULL;
		return st;
	}
	wq->npas = npas;
	wq->pd = CX4_GET(WQ, wqc, PD);
	wq->uar = CX4_GET(WQ, wqc, UAR_PAGE);
	wq->log_stride = stride;
	wq->log_size = log_sz;
	wq->log_page_size = log_pg;
	wq->dbr = dbr;
	return CX4_CMD_STAT_OK;
}

/* The WQ context (Table 55) at @wqc and the PAS list at @pas_off of the answer. */
static void cx4dev_wq_query(const struct cx4dev_wq *wq, struct cx4dev_cmd *cmd, uint8_t *wqc,
			    uint32_t pas_off)
{
	CX4_SET(WQ, wqc, TYPE, CX4_WQ_TYPE_CYCLIC);
	CX4_SET(WQ, wqc, PD, wq->pd);
	CX4_SET(WQ, wqc, UAR_PAGE, wq->uar);
	CX4_SET64(WQ, wqc, DBR_ADDR, wq->dbr);
	CX4_SET(WQ, wqc, HW_COUNTER, wq->hw_counter);
	CX4_SET(WQ, wqc, LOG_WQ_STRIDE, wq->log_stride);
	CX4_SET(WQ, wqc, LOG_WQ_PG_SZ, wq->log_page_size);
	CX4_SET(WQ, wqc, LOG_WQ_SZ, wq->log_size);
	cx4dev_out_pas(cmd, pas_off, wq->pas, wq->npas);
}

/* Common checks of the state fields of CREATE_SQ/RQ. */
static bool cx4dev_cq_exists(struct cx4dev *dev, uint32_t cqn)
{
	return cqn < dev->ncq_slots && dev->cqs[cqn];
}

uint8_t cx4dev_exec_create_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_CREATE_SQ_IN_OFF_CTX;
	int64_t n = cx4dev_eth_slot((void **)dev->eth->sq, CX4DEV_MAX_SQ);
	uint32_t mode = CX4_GET(SQC, c, MIN_WQE_INLINE_MODE);
	struct cx4dev_tis *tis;
	struct cx4dev_sq *sq;
	uint8_t st;

	if (n < 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_SQ_EXHAUSTED,
				     "%u SQs in use", CX4DEV_MAX_SQ - 1);
	if (CX4_GET(SQC, c, STATE) != CX4_WQ_STATE_RST)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SQ_STATE,
				     "state %u, must be RST at creation", CX4_GET(SQC, c, STATE));
	if (CX4_GET(SQC, c, FRE))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SQ_WQ,
				     "fre: fast register WQEs not supported");
	if (mode == 4)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SQ_INLINE,
				     "min_wqe_inline_mode 4 is reserved");
	if (!cx4dev_cq_exists(dev, CX4_GET(SQC, c, CQN)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_SQ_CQ,
				     "cqn 0x%x is not an existing CQ", CX4_GET(SQC, c, CQN));
	/*
	 * Table 57: one TIS ("only a single TIS is supported"), or an empty
	 * list (tis_lst_sz 0, tis_num_0 0): an SQ that never sends a frame,
	 * only NOPs (mlx5e's internal control SQ).
	 */
	tis = cx4dev_tis_get(dev, CX4_GET(SQC, c, TIS_NUM_0));
	if (CX4_GET(SQC, c, TIS_LST_SZ) > 1 ||
	    (CX4_GET(SQC, c, TIS_LST_SZ) == 1 && !tis) ||
	    (!CX4_GET(SQC, c, TIS_LST_SZ) && CX4_GET(SQC, c, TIS_NUM_0)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_SQ_TIS,
				     "tis_lst_sz %u (0 or 1), tis_num_0 0x%x %s",
				     CX4_GET(SQC, c, TIS_LST_SZ), CX4_GET(SQC, c, TIS_NUM_0),
				     tis ? "exists" : "does not exist");
	if (!CX4_GET(SQC, c, TIS_LST_SZ))
		tis = NULL;
	sq = calloc(1, sizeof(*sq));
	if (!sq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_SQ_EXHAUSTED,
				     "out of memory");
	st = cx4dev_wq_create(dev, cmd, c + CX4_SQC_OFF_WQ, true, &sq->wq);
	if (st) {
		free(sq);
		return st;
	}
	sq->wq.state = CX4_WQ_STATE_RST;
	sq->wq.rlkey = CX4_GET(SQC, c, RLKEY);
	sq->wq.flush_in_error = CX4_GET(SQC, c, FLUSH_IN_ERROR_EN);
	sq->wq.user_index = CX4_GET(SQC, c, USER_INDEX);
	sq->wq.cqn = CX4_GET(SQC, c, CQN);
	sq->tisn = tis ? CX4_GET(SQC, c, TIS_NUM_0) : 0;
	sq->min_inline = mode;
	if (tis)
		tis->refs++;
	dev->eth->sq[n] = sq;
	CX4_SET(CREATE_SQ_OUT, cmd->out, SQN, (uint32_t)n);
	cx4dev_logf(dev, "SQ 0x%x created: %u WQEBBs, CQ 0x%x, TIS 0x%x, uar %u", (uint32_t)n,
		    1u << sq->wq.log_size, sq->wq.cqn, sq->tisn, sq->wq.uar);
	return CX4_CMD_STAT_OK;
}

/* State machine of Figures 16 and 17; returns a status. */
static uint8_t cx4dev_wq_transition(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				    struct cx4dev_wq *wq, uint32_t cur, uint32_t next, bool sq)
{
	bool ok;

	if (next != CX4_WQ_STATE_RST && next != CX4_WQ_STATE_RDY && next != CX4_WQ_STATE_ERR)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
				     sq ? CX4DEV_SYN_SQ_STATE : CX4DEV_SYN_RQ_STATE,
				     "requested state %u undefined", next);
	ok = cur == wq->state &&
	     (next == CX4_WQ_STATE_RST ||
	      (cur == CX4_WQ_STATE_RST && next == CX4_WQ_STATE_RDY) ||
	      (cur == CX4_WQ_STATE_RDY && (next == CX4_WQ_STATE_RDY || next == CX4_WQ_STATE_ERR)));
	if (!ok)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE_STATE,
				     sq ? CX4DEV_SYN_SQ_TRANSITION : CX4DEV_SYN_RQ_TRANSITION,
				     "%s state %u given as current, actual %u, to %u: not allowed",
				     sq ? "SQ" : "RQ", cur, wq->state, next);
	return CX4_CMD_STAT_OK;
}

/* Apply a validated transition; RST resets the counters (7.9.1, 7.7.1). */
static void cx4dev_wq_apply(struct cx4dev *dev, uint32_t qn, struct cx4dev_wq *wq, uint32_t next,
			    bool sq)
{
	uint32_t prev = wq->state;

	wq->state = next;
	if (next == CX4_WQ_STATE_RST) {
		wq->hw_counter = 0;
		wq->err_cqe_sent = false;
		if (sq)
			cx4dev_sq_stall_reset(dev, qn);
	}
	if (next == CX4_WQ_STATE_ERR && prev != CX4_WQ_STATE_ERR)
		cx4dev_wq_flush(dev, qn, wq, sq);
}

uint8_t cx4dev_exec_modify_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_MODIFY_SQ_IN_OFF_CTX;
	uint64_t mask = CX4_GET64(MODIFY_SQ_IN, cmd->in, BITMASK);
	uint32_t n = cx4dev_in_get(cmd, CX4_MODIFY_SQ_IN_SQN);
	uint32_t next = CX4_GET(SQC, c, STATE);
	struct cx4dev_sq *sq = cx4dev_sq_get(dev, n);
	uint8_t st;

	if (!sq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_SQ_UNKNOWN,
				     "sqn 0x%x does not exist", n);
	if (mask)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_SQ_MODIFY_FIELD,
				     "modify_bitmask 0x%llx (packet pacing not supported)",
				     (unsigned long long)mask);
	st = cx4dev_wq_transition(dev, cmd, &sq->wq, cx4dev_in_get(cmd, CX4_MODIFY_SQ_IN_SQ_STATE),
				  next, true);
	if (st)
		return st;
	cx4dev_wq_apply(dev, n, &sq->wq, next, true);
	if (next == CX4_WQ_STATE_RDY)
		cx4dev_sq_process(dev, n, sq);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t n = cx4dev_in_get(cmd, CX4_DESTROY_SQ_IN_SQN);
	struct cx4dev_sq *sq = cx4dev_sq_get(dev, n);
	struct cx4dev_tis *tis;

	if (!sq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_SQ_UNKNOWN,
				     "sqn 0x%x does not exist", n);
	tis = cx4dev_tis_get(dev, sq->tisn);
	if (tis)
		tis->refs--;
	free(sq->wq.pas);
	free(sq);
	dev->eth->sq[n] = NULL;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *c = cmd->out + CX4_QUERY_SQ_OUT_OFF_CTX;
	uint32_t n = cx4dev_in_get(cmd, CX4_QUERY_SQ_IN_SQN);
	struct cx4dev_sq *sq = cx4dev_sq_get(dev, n);

	if (!sq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_SQ_UNKNOWN,
				     "sqn 0x%x does not exist", n);
	CX4_SET(SQC, c, RLKEY, sq->wq.rlkey);
	CX4_SET(SQC, c, FLUSH_IN_ERROR_EN, sq->wq.flush_in_error);
	CX4_SET(SQC, c, MIN_WQE_INLINE_MODE, sq->min_inline);
	CX4_SET(SQC, c, STATE, sq->wq.state);
	CX4_SET(SQC, c, USER_INDEX, sq->wq.user_index);
	CX4_SET(SQC, c, CQN, sq->wq.cqn);
	CX4_SET(SQC, c, TIS_LST_SZ, sq->tisn ? 1 : 0);
	CX4_SET(SQC, c, TIS_NUM_0, sq->tisn);
	cx4dev_wq_query(&sq->wq, cmd, c + CX4_SQC_OFF_WQ, CX4_QUERY_SQ_OUT_OFF_PAS);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_create_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_CREATE_RQ_IN_OFF_CTX;
	int64_t n = cx4dev_eth_slot((void **)dev->eth->rq, CX4DEV_MAX_RQ);
	struct cx4dev_rq *rq;
	uint8_t st;

	if (n < 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_RQ_EXHAUSTED,
				     "%u RQs in use", CX4DEV_MAX_RQ - 1);
	if (CX4_GET(RQC, c, STATE) != CX4_WQ_STATE_RST)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQ_STATE,
				     "state %u, must be RST at creation", CX4_GET(RQC, c, STATE));
	if (CX4_GET(RQC, c, MEM_RQ_TYPE) != CX4_RQ_MEM_INLINE || CX4_GET(RQC, c, RMPN))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_RQ_TYPE,
				     "mem_rq_type %u / rmpn 0x%x: only inline memory RQs (no RMP "
				     "exists)", CX4_GET(RQC, c, MEM_RQ_TYPE),
				     CX4_GET(RQC, c, RMPN));
	if (!CX4_GET(RQC, c, VSD) && !CX4_GET(ETH_CAP, cx4dev_ecap(dev), VLAN_CAP))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQ_VLAN,
				     "vsd 0 (strip VLANs) without HCA_CAP.vlan_cap");
	if (!cx4dev_cq_exists(dev, CX4_GET(RQC, c, CQN)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_RQ_CQ,
				     "cqn 0x%x is not an existing CQ", CX4_GET(RQC, c, CQN));
	if (CX4_GET(RQC, c, COUNTER_SET_ID) &&
	    !cx4dev_q_counter_valid(dev, CX4_GET(RQC, c, COUNTER_SET_ID)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_QC_UNKNOWN,
				     "counter_set_id %u not allocated (ALLOC_Q_COUNTER)",
				     CX4_GET(RQC, c, COUNTER_SET_ID));
	rq = calloc(1, sizeof(*rq));
	if (!rq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_RQ_EXHAUSTED,
				     "out of memory");
	st = cx4dev_wq_create(dev, cmd, c + CX4_RQC_OFF_WQ, false, &rq->wq);
	if (st) {
		free(rq);
		return st;
	}
	rq->wq.state = CX4_WQ_STATE_RST;
	rq->wq.rlkey = CX4_GET(RQC, c, RLKEY);
	rq->wq.flush_in_error = CX4_GET(RQC, c, FLUSH_IN_ERROR_EN);
	rq->wq.user_index = CX4_GET(RQC, c, USER_INDEX);
	rq->wq.cqn = CX4_GET(RQC, c, CQN);
	rq->vsd = CX4_GET(RQC, c, VSD);
	rq->counter_set_id = CX4_GET(RQC, c, COUNTER_SET_ID);
	if (rq->counter_set_id)
		dev->eth->qc[rq->counter_set_id].refs++;
	dev->eth->rq[n] = rq;
	CX4_SET(CREATE_RQ_OUT, cmd->out, RQN, (uint32_t)n);
	cx4dev_logf(dev, "RQ 0x%x created: %u WQEs of %u bytes, CQ 0x%x%s", (uint32_t)n,
		    1u << rq->wq.log_size, 1u << rq->wq.log_stride, rq->wq.cqn,
		    rq->vsd ? "" : ", VLAN strip");
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_modify_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_MODIFY_RQ_IN_OFF_CTX;
	uint64_t mask = CX4_GET64(MODIFY_RQ_IN, cmd->in, BITMASK);
	uint32_t n = cx4dev_in_get(cmd, CX4_MODIFY_RQ_IN_RQN);
	uint32_t next = CX4_GET(RQC, c, STATE);
	struct cx4dev_rq *rq = cx4dev_rq_get(dev, n);
	uint8_t st;

	if (!rq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_RQ_UNKNOWN,
				     "rqn 0x%x does not exist", n);
	if ((mask & ~(uint64_t)CX4_MODIFY_RQ_SEL_VSD) ||
	    ((mask & CX4_MODIFY_RQ_SEL_VSD) && next == CX4_WQ_STATE_ERR) ||
	    (!(mask & CX4_MODIFY_RQ_SEL_VSD) && CX4_GET(RQC, c, VSD)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQ_MODIFY_FIELD,
				     "modify_bitmask 0x%llx / vsd %u: only bit 1 (vsd), not with "
				     "RDY2ERR", (unsigned long long)mask, CX4_GET(RQC, c, VSD));
	if ((mask & CX4_MODIFY_RQ_SEL_VSD) && !CX4_GET(RQC, c, VSD) &&
	    !CX4_GET(ETH_CAP, cx4dev_ecap(dev), VLAN_CAP))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RQ_VLAN,
				     "vsd 0 (strip VLANs) without HCA_CAP.vlan_cap");
	st = cx4dev_wq_transition(dev, cmd, &rq->wq, cx4dev_in_get(cmd, CX4_MODIFY_RQ_IN_RQ_STATE),
				  next, false);
	if (st)
		return st;
	if (mask & CX4_MODIFY_RQ_SEL_VSD)
		rq->vsd = CX4_GET(RQC, c, VSD);
	if (next != CX4_WQ_STATE_RDY)
		cx4dev_lro_discard(rq);	/* its WQE is flushed or reset */
	cx4dev_wq_apply(dev, n, &rq->wq, next, false);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t n = cx4dev_in_get(cmd, CX4_DESTROY_RQ_IN_RQN);
	struct cx4dev_rq *rq = cx4dev_rq_get(dev, n);

	if (!rq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_RQ_UNKNOWN,
				     "rqn 0x%x does not exist", n);
	if (rq->refs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_RQ_IN_USE,
				     "RQ 0x%x is used by %u TIR/RQT reference(s) (destroy them "
				     "first)", n, rq->refs);
	if (rq->counter_set_id)
		dev->eth->qc[rq->counter_set_id].refs--;
	free(rq->wq.pas);
	free(rq->lro);
	free(rq);
	dev->eth->rq[n] = NULL;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *c = cmd->out + CX4_QUERY_RQ_OUT_OFF_CTX;
	uint32_t n = cx4dev_in_get(cmd, CX4_QUERY_RQ_IN_RQN);
	struct cx4dev_rq *rq = cx4dev_rq_get(dev, n);

	if (!rq)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_RQ_UNKNOWN,
				     "rqn 0x%x does not exist", n);
	CX4_SET(RQC, c, RLKEY, rq->wq.rlkey);
	CX4_SET(RQC, c, VSD, rq->vsd);
	CX4_SET(RQC, c, STATE, rq->wq.state);
	CX4_SET(RQC, c, FLUSH_IN_ERROR_EN, rq->wq.flush_in_error);
	CX4_SET(RQC, c, USER_INDEX, rq->wq.user_index);
	CX4_SET(RQC, c, CQN, rq->wq.cqn);
	CX4_SET(RQC, c, COUNTER_SET_ID, rq->counter_set_id);
	cx4dev_wq_query(&rq->wq, cmd, c + CX4_RQC_OFF_WQ, CX4_QUERY_RQ_OUT_OFF_PAS);
	return CX4_CMD_STAT_OK;
}

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Ethernet transport objects (PRM 7.5-7.9) and their commands (PRM
 * 12.8-12.12): TIS, TIR, RQT, SQ and RQ.
 *
 * Contexts are validated fully at creation; references are counted (an
 * SQ holds its TIS, a TIR its RQ or RQT, an RQT its RQs, a flow entry its
 * TIR) and destroying a referenced object is refused with BAD_RES_STATE.
 * SQ and RQ follow the state machine of Figures 16/17: RST -> RDY, RDY ->
 * RDY, RDY -> ERR, any -> RST; MODIFY gives the current state, a mismatch
 * or another transition is BAD_RESOURCE_STATE.
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

int cx4dev_eth_init(struct cx4dev *dev)
{
	dev->eth = calloc(1, sizeof(*dev->eth));
	return dev->eth ? 0 : -1;
}

void cx4dev_eth_fini(struct cx4dev *dev)
{
	if (!dev->eth)
		return;
	cx4dev_eth_release(dev, "destroy", false);
	free(dev->eth);
	dev->eth = NULL;
}

uint64_t cx4dev_eth_counter(const struct cx4dev *dev, enum cx4dev_eth_cnt which)
{
	return which < CX4DEV_ETH_NUM_CNT ? dev->eth->cnt[which] : 0;
}

uint32_t cx4dev_eth_ctl_read(const struct cx4dev *dev, uint32_t off)
{
	uint32_t i = (off - CX4DEV_CTL_ETH_CNT) / 4;

	if (off < CX4DEV_CTL_ETH_CNT || (off & 3) || i >= CX4DEV_ETH_NUM_CNT)
		return 0;
	return (uint32_t)dev->eth->cnt[i];
}

static const uint8_t *cx4dev_gcap(const struct cx4dev *dev)
{
	return dev->caps.cur[CX4DEV_CAPI_GENERAL];
}

static const uint8_t *cx4dev_ecap(const struct cx4dev *dev)
{
	return dev->caps.cur[CX4DEV_CAPI_ETH];
}

/* Lowest free slot from CX4DEV_FIRST_ETH_OBJ in an object array; -1 if full. */
static int64_t cx4dev_eth_slot(void **tab, uint32_t n)
{
	for (uint32_t i = CX4DEV_FIRST_ETH_OBJ; i < n; i++)
		if (!tab[i])
			return i;
	return -1;
}

#define CX4DEV_GET(tab, n, i)	((i) < (n) ? (tab)[i] : NULL)

struct cx4dev_tir *cx4dev_tir_get(const struct cx4dev *dev, uint32_t tirn)
{
	return CX4DEV_GET(dev->eth->tir, CX4DEV_MAX_TIR, tirn);
}

struct cx4dev_rq *cx4dev_rq_get(const struct cx4dev *dev, uint32_t rqn)
{
	return CX4DEV_GET(dev->eth->rq, CX4DEV_MAX_RQ, rqn);
}

struct cx4dev_sq *cx4dev_sq_get(const struct cx4dev *dev, uint32_t sqn)
{
	return CX4DEV_GET(dev->eth->sq, CX4DEV_MAX_SQ, sqn);
}

struct cx4dev_rqt *cx4dev_rqt_get(const struct cx4dev *dev, uint32_t rqtn)
{
	return CX4DEV_GET(dev->eth->rqt, CX4DEV_MAX_RQT, rqtn);
}

static struct cx4dev_tis *cx4dev_tis_get(const struct cx4dev *dev, uint32_t tisn)
{
	return CX4DEV_GET(dev->eth->tis, CX4DEV_MAX_TIS, tisn);
}

const struct cx4dev_tis *cx4dev_tis_find(const struct cx4dev *dev, uint32_t tisn)
{
	return cx4dev_tis_get(dev, tisn);
}

static size_t cx4dev_count(void **tab, uint32_t n)
{
	size_t c = 0;

	for (uint32_t i = 0; i < n; i++)
		c += tab[i] != NULL;
	return c;
}

size_t cx4dev_eth_objects(const struct cx4dev *dev)
{
	struct cx4dev_eth *e = dev->eth;

	return cx4dev_count((void **)e->tis, CX4DEV_MAX_TIS) +
	       cx4dev_count((void **)e->tir, CX4DEV_MAX_TIR) +
	       cx4dev_count((void **)e->rqt, CX4DEV_MAX_RQT) +
	       cx4dev_count((void **)e->sq, CX4DEV_MAX_SQ) +
	       cx4dev_count((void **)e->rq, CX4DEV_MAX_RQ) + cx4dev_flow_objects(dev) +
	       cx4dev_q_counters_count(dev);
}

/* Release everything (TEARDOWN_HCA, reset); leftovers logged or counted. */
void cx4dev_eth_release(struct cx4dev *dev, const char *why, bool is_error)
{
	struct cx4dev_eth *e = dev->eth;
	size_t n = cx4dev_eth_objects(dev);
	uint32_t i;

	if (n && is_error)
		cx4dev_guest_error(dev, "%s: %zu Ethernet objects (TIS/TIR/RQT/SQ/RQ/flow/Q counter) leaked "
				   "by driver; released", why, n);
	else if (n)
		cx4dev_logf(dev, "%s releases %zu Ethernet objects", why, n);
	cx4dev_flow_release(dev);
	for (i = 0; i < CX4DEV_MAX_TIS; i++) {
		free(e->tis[i]);
		e->tis[i] = NULL;
	}
	for (i = 0; i < CX4DEV_MAX_TIR; i++) {
		free(e->tir[i]);
		e->tir[i] = NULL;
	}
	for (i = 0; i < CX4DEV_MAX_RQT; i++) {
		if (e->rqt[i])
			free(e->rqt[i]->rqn);
		free(e->rqt[i]);
		e->rqt[i] = NULL;
	}
	for (i = 0; i < CX4DEV_MAX_SQ; i++) {
		if (e->sq[i])
			free(e->sq[i]->wq.pas);
		free(e->sq[i]);
		e->sq[i] = NULL;
	}
	for (i = 0; i < CX4DEV_MAX_RQ; i++) {
		if (e->rq[i]) {
			free(e->rq[i]->wq.pas);
			free(e->rq[i]->lro);
		}
		free(e->rq[i]);
		e->rq[i] = NULL;
	}
	cx4dev_q_counters_release(dev);
}

bool cx4dev_eth_uses_cq(const struct cx4dev *dev, uint32_t cqn)
{
	struct cx4dev_eth *e = dev->eth;
	uint32_t i;

	for (i = 0; i < CX4DEV_MAX_SQ; i++)
		if (e->sq[i] && e->sq[i]->wq.cqn == cqn)
			return true;
	for (i = 0; i < CX4DEV_MAX_RQ; i++)
		if (e->rq[i] && e->rq[i]->wq.cqn == cqn)
			return true;
	return false;
}

bool cx4dev_eth_uses_td(const struct cx4dev *dev, uint32_t td)
{
	struct cx4dev_eth *e = dev->eth;
	uint32_t i;

	for (i = 0; i < CX4DEV_MAX_TIS; i++)
		if (e->tis[i] && e->tis[i]->td == td)
			return true;
	for (i = 0; i < CX4DEV_MAX_TIR; i++)
		if (e->tir[i] && e->tir[i]->td == td)
			return true;
	return false;
}

bool cx4dev_eth_uses_pd(const struct cx4dev *dev, uint32_t pd)
{
	struct cx4dev_eth *e = dev->eth;
	uint32_t i;

	for (i = 0; i < CX4DEV_MAX_SQ; i++)
		if (e->sq[i] && e->sq[i]->wq.pd == pd)
			return true;
	for (i = 0; i < CX4DEV_MAX_RQ; i++)
		if (e->rq[i] && e->rq[i]->wq.pd == pd)
			return true;
	return false;
}

bool cx4dev_eth_uses_uar(const struct cx4dev *dev, uint32_t uar)
{
	for (uint32_t i = 0; i < CX4DEV_MAX_SQ; i++)
		if (dev->eth->sq[i] && dev->eth->sq[i]->wq.uar == uar)
			return true;
	return false;
}

/* ---- TIS (PRM 7.6, 12.9) ---- */

static uint8_t cx4dev_tisc_check(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *c,
				 bool create)
{
	if (CX4_GET(TISC, c, PRIO) & 1)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIS_PRIO,
				     "prio 0x%x: bit 0 is reserved (priority in prio[3:1])",
				     CX4_GET(TISC, c, PRIO));
	if (create && !cx4dev_set_has(&dev->tds, CX4_GET(TISC, c, TRANSPORT_DOMAIN)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TIS_TD,
				     "transport_domain 0x%x not allocated",
				     CX4_GET(TISC, c, TRANSPORT_DOMAIN));
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_create_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_CREATE_TIS_IN_OFF_CTX;
	int64_t n = cx4dev_eth_slot((void **)dev->eth->tis, CX4DEV_MAX_TIS);
	struct cx4dev_tis *t;
	uint8_t st;

	if (n < 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_TIS_EXHAUSTED,
				     "%u TISes in use", CX4DEV_MAX_TIS - 1);
	st = cx4dev_tisc_check(dev, cmd, c, true);
	if (st)
		return st;
	t = calloc(1, sizeof(*t));
	if (!t)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES,
				     CX4DEV_SYN_TIS_EXHAUSTED, "out of memory");
	t->prio = CX4_GET(TISC, c, PRIO);
	t->td = CX4_GET(TISC, c, TRANSPORT_DOMAIN);
	dev->eth->tis[n] = t;
	CX4_SET(CREATE_TIS_OUT, cmd->out, TISN, (uint32_t)n);
	return CX4_CMD_STAT_OK;
}

static struct cx4dev_tis *cx4dev_tis_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					    uint32_t f, uint32_t *n)
{
	struct cx4dev_tis *t;

	*n = cx4dev_in_get(cmd, f);
	t = cx4dev_tis_get(dev, *n);
	if (!t)
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TIS_UNKNOWN,
			      "tisn 0x%x does not exist", *n);
	return t;
}

uint8_t cx4dev_exec_modify_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *c = cmd->in + CX4_MODIFY_TIS_IN_OFF_CTX;
	uint64_t mask = CX4_GET64(MODIFY_TIS_IN, cmd->in, BITMASK);
	struct cx4dev_tis *t;
	uint32_t n;
	uint8_t st;

	t = cx4dev_tis_lookup(dev, cmd, CX4_MODIFY_TIS_IN_TISN, &n);
	if (!t)
		return cmd->status;
	if (mask & ~(uint64_t)CX4_MODIFY_TIS_SEL_PRIO)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIS_MODIFY_FIELD,
				     "modify_bitmask 0x%llx (only bit 0, prio)",
				     (unsigned long long)mask);
	if (CX4_GET(TISC, c, TRANSPORT_DOMAIN))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_TIS_MODIFY_FIELD,
				     "transport_domain is not modifiable (Table 51)");
	st = cx4dev_tisc_check(dev, cmd, c, false);
	if (st)
		return st;
	if (mask & CX4_MODIFY_TIS_SEL_PRIO)
		t->prio = CX4_GET(TISC, c, PRIO);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t n;
	struct cx4dev_tis *t = cx4dev_tis_lookup(dev, cmd, CX4_DESTROY_TIS_IN_TISN, &n);

	if (!t)
		return cmd->status;
	if (t->refs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_TIS_IN_USE,
				     "TIS 0x%x is used by %u SQ(s) (destroy them first)", n,
				     t->refs);
	free(t);
	dev->eth->tis[n] = NULL;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *c = cmd->out + CX4_QUERY_TIS_OUT_OFF_CTX;
	uint32_t n;
	struct cx4dev_tis *t = cx4dev_tis_lookup(dev, cmd, CX4_QUERY_TIS_IN_TISN, &n);

	if (!t)
		return cmd->status;
	CX4_SET(TISC, c, PRIO, t->prio);
	CX4_SET(TISC, c, TRANSPORT_DOMAIN, t->td);
	return CX4_CMD_STAT_OK;
}

/* ---- RQT (PRM 7.8, 12.12) ---- */

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

/* ---- TIR (PRM 7.5, 12.8) ---- */

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

/* ---- SQ and RQ work queues (PRM 7.4, 7.7, 7.9, 12.10, 12.11) ---- */

struct cx4dev_wq_syn {
	uint32_t wq, pd, dbr, cq, uar;
	const uint32_t *pas;
};

static const struct cx4dev_wq_syn cx4dev_sq_syn = {
	CX4DEV_SYN_SQ_WQ, CX4DEV_SYN_SQ_PD, CX4DEV_SYN_SQ_DBR, CX4DEV_SYN_SQ_CQ,
	CX4DEV_SYN_SQ_UAR, cx4dev_sq_pas_syn
};
static const struct cx4dev_wq_syn cx4dev_rq_syn = {
	CX4DEV_SYN_RQ_WQ, CX4DEV_SYN_RQ_PD, CX4DEV_SYN_RQ_DBR, CX4DEV_SYN_RQ_CQ, 0,
	cx4dev_rq_pas_syn
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

static void cx4dev_wq_query(const struct cx4dev_wq *wq, uint8_t *wqc, uint8_t *pas,
			    uint32_t room)
{
	CX4_SET(WQ, wqc, TYPE, CX4_WQ_TYPE_CYCLIC);
	CX4_SET(WQ, wqc, PD, wq->pd);
	CX4_SET(WQ, wqc, UAR_PAGE, wq->uar);
	CX4_SET64(WQ, wqc, DBR_ADDR, wq->dbr);
	CX4_SET(WQ, wqc, HW_COUNTER, wq->hw_counter);
	CX4_SET(WQ, wqc, LOG_WQ_STRIDE, wq->log_stride);
	CX4_SET(WQ, wqc, LOG_WQ_PG_SZ, wq->log_page_size);
	CX4_SET(WQ, wqc, LOG_WQ_SZ, wq->log_size);
	for (uint32_t i = 0; i < wq->npas && (i + 1) * CX4_PAS_SIZE <= room; i++)
		cx4_set64(pas, i * CX4_PAS_SIZE, wq->pas[i]);
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
	cx4dev_wq_query(&sq->wq, c + CX4_SQC_OFF_WQ, cmd->out + CX4_QUERY_SQ_OUT_OFF_PAS,
			cmd->out_len - CX4_QUERY_SQ_OUT_OFF_PAS);
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
	cx4dev_wq_query(&rq->wq, c + CX4_RQC_OFF_WQ, cmd->out + CX4_QUERY_RQ_OUT_OFF_PAS,
			cmd->out_len - CX4_QUERY_RQ_OUT_OFF_PAS);
	return CX4_CMD_STAT_OK;
}

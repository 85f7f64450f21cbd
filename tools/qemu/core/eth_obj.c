/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The Ethernet transport objects' table (PRM 7.5-7.9): lookup, counting,
 * release and the "in use by" checks for TIS, TIR, RQT, SQ and RQ.  Each
 * object's commands (PRM 12.8-12.12) are in its own file: eth_tis.c,
 * eth_tir.c, eth_rqt.c, eth_wq.c (SQ and RQ).
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

const uint8_t *cx4dev_gcap(const struct cx4dev *dev)
{
	return dev->caps.cur[CX4DEV_CAPI_GENERAL];
}

const uint8_t *cx4dev_ecap(const struct cx4dev *dev)
{
	return dev->caps.cur[CX4DEV_CAPI_ETH];
}

/* Lowest free slot from CX4DEV_FIRST_ETH_OBJ in an object array; -1 if full. */
int64_t cx4dev_eth_slot(void **tab, uint32_t n)
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

struct cx4dev_tis *cx4dev_tis_get(const struct cx4dev *dev, uint32_t tisn)
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

/*
 * CQ @cqn went to error (PRM 7.12.5, 7.12.1: "transfers the RQ/SQ to the
 * error state"): every SQ and RQ completing to it goes from RDY to ERR
 * and stops; QUERY_SQ/RQ report ERR, MODIFY from ERR to RST and DESTROY
 * work as after any error.  No flush: the CQ takes no more CQEs.  The
 * PRM moves the queue that caused the error; the model moves all of the
 * CQ's queues (the CQ_ERROR knob has no cause, and the others could
 * complete nothing anyway).
 */
void cx4dev_eth_cq_error(struct cx4dev *dev, uint32_t cqn)
{
	struct cx4dev_eth *e = dev->eth;
	uint32_t i;

	for (i = 0; e && i < CX4DEV_MAX_SQ; i++) {
		if (e->sq[i] && e->sq[i]->wq.cqn == cqn && e->sq[i]->wq.state == CX4_WQ_STATE_RDY) {
			e->sq[i]->wq.state = CX4_WQ_STATE_ERR;
			cx4dev_logf(dev, "SQ 0x%x to ERR: its CQ 0x%x is in error", i, cqn);
		}
	}
	for (i = 0; e && i < CX4DEV_MAX_RQ; i++) {
		if (e->rq[i] && e->rq[i]->wq.cqn == cqn && e->rq[i]->wq.state == CX4_WQ_STATE_RDY) {
			cx4dev_lro_discard(e->rq[i]);
			e->rq[i]->wq.state = CX4_WQ_STATE_ERR;
			cx4dev_logf(dev, "RQ 0x%x to ERR: its CQ 0x%x is in error", i, cqn);
		}
	}
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

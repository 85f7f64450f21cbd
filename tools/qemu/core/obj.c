/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Small objects without a context: UARs (PRM 7.2, 12.3.15/16), protection
 * domains (12.3.13/14) and transport domains (12.3.18/19); the UAR pages'
 * MMIO (doorbells, PRM 7.2.2 Table 13).
 *
 * Each kind is a set of numbers with real bookkeeping: freeing a number
 * that is not allocated is BAD_RESOURCE and a guest error.  Objects left
 * at TEARDOWN_HCA or reset are released.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

/* First PD / transport domain number handed out (0 is never used). */
#define CX4DEV_FIRST_ID		1u

/* ---- UAR pages ---- */

/* log2 of the UAR page size: 4 KB << HCA_CAP.log_uar_page_sz (current). */
uint32_t cx4dev_uar_shift(const struct cx4dev *dev)
{
	return CX4_UAR_PAGE_SHIFT +
	       CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], LOG_UAR_PAGE_SZ);
}

static uint32_t cx4dev_uar_first(const struct cx4dev *dev)
{
	uint32_t size = 1u << cx4dev_uar_shift(dev);

	return (CX4DEV_UAR_RESERVED + size - 1) / size;
}

static uint32_t cx4dev_uar_count(const struct cx4dev *dev)
{
	return CX4DEV_UAR_AREA_SIZE >> cx4dev_uar_shift(dev);
}

/* A 32-bit write at @off inside the UAR area (below CX4DEV_UAR_AREA_SIZE). */
void cx4dev_uar_write32(struct cx4dev *dev, uint64_t off, uint32_t val)
{
	uint32_t shift = cx4dev_uar_shift(dev);
	uint32_t uar = (uint32_t)(off >> shift);
	uint32_t reg = (uint32_t)(off & ((1u << shift) - 1));

	if (uar < cx4dev_uar_first(dev) || !cx4dev_set_has(&dev->uars, uar)) {
		cx4dev_guest_error(dev, "UAR %u (BAR0 0x%llx): write 0x%08x to a UAR page that "
				   "is not allocated (ALLOC_UAR)", uar, (unsigned long long)off, val);
		return;
	}
	switch (reg) {
	case CX4_UAR_OFF_EQ_ARM:
		cx4dev_eq_doorbell(dev, uar, true, val);
		return;
	case CX4_UAR_OFF_EQ_UPDATE:
		cx4dev_eq_doorbell(dev, uar, false, val);
		return;
	case CX4_UAR_OFF_CQ_DB:
		/* PRM 7.2.2.2: a 64-bit doorbell may be two writes, low address first. */
		dev->cq_db_hi[uar] = val;
		dev->cq_db_hi_valid[uar] = true;
		return;
	case CX4_UAR_OFF_CQ_DB + 4:
		if (!dev->cq_db_hi_valid[uar]) {
			cx4dev_guest_error(dev, "UAR %u: CQ doorbell second dword (cqn 0x%x) written "
					   "without the first (PRM 7.2.2.2: lower address first)",
					   uar, val);
			return;
		}
		dev->cq_db_hi_valid[uar] = false;
		cx4dev_cq_doorbell(dev, uar, dev->cq_db_hi[uar], val);
		return;
	default:
		break;
	}
	if (reg >= CX4_UAR_OFF_BF && reg < cx4_uar_bf_off(4, 0)) {
		cx4dev_sq_bf_write(dev, uar, reg, val);
		return;
	}
	cx4dev_guest_error(dev, "UAR %u: write 0x%08x to reserved UAR offset 0x%x", uar, val, reg);
}

uint8_t cx4dev_exec_alloc_uar(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id;

	if (cx4dev_set_alloc(&dev->uars, cx4dev_uar_first(dev), cx4dev_uar_count(dev) - 1, &id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_UAR_EXHAUSTED,
				     "all %u UAR pages allocated",
				     cx4dev_uar_count(dev) - cx4dev_uar_first(dev));
	dev->cq_db_hi_valid[id] = false;
	CX4_SET(ALLOC_UAR_OUT, cmd->out, UAR, id);
	return CX4_CMD_STAT_OK;
}

/* Is UAR page @uar the doorbell page of an EQ or a CQ? */
static bool cx4dev_uar_in_use(const struct cx4dev *dev, uint32_t uar)
{
	for (unsigned i = 0; i < CX4DEV_MAX_EQ; i++)
		if (dev->eqs[i].valid && dev->eqs[i].uar == uar)
			return true;
	return cx4dev_cq_uses(dev, uar, UINT32_MAX);
}

uint8_t cx4dev_exec_dealloc_uar(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id = cx4dev_in_get(cmd, CX4_DEALLOC_UAR_IN_UAR);

	if (!cx4dev_set_has(&dev->uars, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_UAR_UNKNOWN,
				     "uar %u is not allocated", id);
	if (cx4dev_eth_uses_uar(dev, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_UAR_IN_USE,
				     "uar %u is still the doorbell page of an SQ", id);
	if (cx4dev_uar_in_use(dev, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_UAR_IN_USE,
				     "uar %u is still the doorbell page of an EQ or CQ "
				     "(destroy it first)", id);
	cx4dev_set_del(&dev->uars, id);
	return CX4_CMD_STAT_OK;
}

/* ---- protection and transport domains ---- */

static uint32_t cx4dev_cap_limit(const struct cx4dev *dev, uint32_t f)
{
	uint32_t log = cx4_get(dev->caps.cur[CX4DEV_CAPI_GENERAL], f);

	return log >= 24 ? CX4_MAX(OBJ_CMD, OBJ_NUM) : (1u << log) - 1 + CX4DEV_FIRST_ID;
}

uint8_t cx4dev_exec_alloc_pd(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id;

	if (cx4dev_set_alloc(&dev->pds, CX4DEV_FIRST_ID,
			       cx4dev_cap_limit(dev, CX4_CAP_LOG_MAX_PD), &id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_PD_EXHAUSTED,
				     "%zu PDs allocated, HCA_CAP.log_max_pd reached", dev->pds.n);
	CX4_SET(ALLOC_PD_OUT, cmd->out, PD, id);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_dealloc_pd(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id = cx4dev_in_get(cmd, CX4_DEALLOC_PD_IN_PD);

	if (!cx4dev_set_has(&dev->pds, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_PD_UNKNOWN,
				     "pd 0x%x is not allocated", id);
	if (cx4dev_eth_uses_pd(dev, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_PD_IN_USE,
				     "pd 0x%x is still the PD of an SQ or RQ", id);
	if (cx4dev_mkey_uses_pd(dev, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_PD_IN_USE,
				     "pd 0x%x is still the PD of an MKey (destroy it first)", id);
	cx4dev_set_del(&dev->pds, id);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_alloc_td(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id;

	if (cx4dev_set_alloc(&dev->tds, CX4DEV_FIRST_ID,
			       cx4dev_cap_limit(dev, CX4_CAP_LOG_MAX_TRANSPORT_DOMAIN), &id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_TD_EXHAUSTED,
				     "%zu transport domains allocated, "
				     "HCA_CAP.log_max_transport_domain reached", dev->tds.n);
	CX4_SET(ALLOC_TD_OUT, cmd->out, TRANSPORT_DOMAIN, id);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_dealloc_td(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id = cx4dev_in_get(cmd, CX4_DEALLOC_TD_IN_TRANSPORT_DOMAIN);

	if (!cx4dev_set_has(&dev->tds, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_TD_UNKNOWN,
				     "transport_domain 0x%x is not allocated", id);
	if (cx4dev_eth_uses_td(dev, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_TD_IN_USE,
				     "transport_domain 0x%x is still used by a TIS or TIR", id);
	cx4dev_set_del(&dev->tds, id);
	return CX4_CMD_STAT_OK;
}

/*
 * Release every object (TEARDOWN_HCA, reset).  @is_error: leftovers are
 * a guest error (graceful TEARDOWN_HCA: PRM 8.3 asks the driver to
 * destroy all resources first); otherwise they are only logged.
 */
void cx4dev_objects_release(struct cx4dev *dev, const char *why, bool is_error)
{
	size_t neq = cx4dev_eqs_count(dev), ncq = cx4dev_cqs_count(dev);
	size_t nmk = cx4dev_mkeys_count(dev);

	if (neq || ncq || nmk || dev->uars.n || dev->pds.n || dev->tds.n) {
		if (is_error)
			cx4dev_guest_error(dev, "%s: objects leaked by driver: %zu CQ, %zu EQ, "
					   "%zu UAR, %zu PD, %zu transport domain, %zu MKey "
					   "(PRM 8.3: destroy all resources first); released",
					   why, ncq, neq, dev->uars.n, dev->pds.n, dev->tds.n, nmk);
		else
			cx4dev_logf(dev, "%s releases %zu CQ, %zu EQ, %zu UAR, %zu PD, %zu "
				    "transport domain, %zu MKey", why, ncq, neq, dev->uars.n,
				    dev->pds.n, dev->tds.n, nmk);
	}
	cx4dev_eth_release(dev, why, is_error);
	cx4dev_mkeys_reset(dev);
	cx4dev_cqs_reset(dev);
	cx4dev_eqs_reset(dev);
	dev->uars.n = 0;
	dev->pds.n = 0;
	dev->tds.n = 0;
	memset(dev->cq_db_hi_valid, 0, sizeof(dev->cq_db_hi_valid));
}

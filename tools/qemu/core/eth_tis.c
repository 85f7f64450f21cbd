/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Transport interface send (TIS, PRM 7.6) and its commands (PRM 12.9).
 * The object table and references are in eth_obj.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

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

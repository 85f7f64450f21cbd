/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * NIC flow tables (PRM 7.11) and their commands (PRM 12.14): tables with
 * levels and miss behaviour, flow groups with match criteria, flow table
 * entries (forward to TIRs or tables, drop, allow, count), flow counters,
 * SET_FLOW_TABLE_ROOT, and the lookup the receive path uses.
 *
 * Rules enforced (7.11.3): one level-0 table per type (the default root),
 * chaining only to tables of a higher level, groups inside the table and
 * not overlapping, match values inside the group's criteria, resources
 * freed in order (entries, groups, tables; counters and TIRs only when
 * no entry uses them).  NIC TX tables are accepted and kept but the
 * transmit path does not consult them.  Default (miss) behaviour of NIC
 * RX: drop (7.11.4.1).
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

#define CX4DEV_FT_TYPES		2

static const uint8_t *cx4dev_ft_props(const struct cx4dev *dev, uint32_t type)
{
	return dev->caps.cur[CX4DEV_CAPI_FLOW] +
	       (type == CX4_FT_TYPE_NIC_RX ? CX4_FT_CAP_OFF_NIC_RX : CX4_FT_CAP_OFF_NIC_TX);
}

static struct cx4dev_ft *cx4dev_ft_get(const struct cx4dev *dev, uint32_t type, uint32_t id)
{
	struct cx4dev_ft *ft = id < CX4DEV_MAX_FT ? dev->eth->ft[id] : NULL;

	return ft && ft->type == type ? ft : NULL;
}

static void cx4dev_fte_free(struct cx4dev *dev, struct cx4dev_fte *e, bool unref)
{
	if (unref) {
		for (uint32_t i = 0; i < e->ndest; i++) {
			uint32_t id = e->dest[i] & CX4_MAX(FLOW_DEST, ID);

			if (e->dest[i] >> 24 == CX4_FLOW_DEST_TIR && cx4dev_tir_get(dev, id))
				cx4dev_tir_get(dev, id)->refs--;
			else if (id < CX4DEV_MAX_FT && dev->eth->ft[id])
				dev->eth->ft[id]->refs--;
		}
		for (uint32_t i = 0; i < e->ncnt; i++)
			dev->eth->fc[e->cnt[i]].refs--;
	}
	free(e->dest);
	free(e->cnt);
	free(e);
}

static void cx4dev_ft_free(struct cx4dev *dev, uint32_t id, bool unref)
{
	struct cx4dev_ft *ft = dev->eth->ft[id];

	for (uint32_t i = 0; i < ft->nfte; i++)
		cx4dev_fte_free(dev, ft->fte[i], unref);
	for (uint32_t i = 0; i < ft->nfg; i++)
		free(ft->fg[i]);
	free(ft->fte);
	free(ft->fg);
	free(ft);
	dev->eth->ft[id] = NULL;
}

void cx4dev_flow_release(struct cx4dev *dev)
{
	for (uint32_t i = 0; i < CX4DEV_MAX_FT; i++)
		if (dev->eth->ft[i])
			cx4dev_ft_free(dev, i, false);
	memset(dev->eth->fc, 0, sizeof(dev->eth->fc));
	memset(dev->eth->root, 0, sizeof(dev->eth->root));
}

size_t cx4dev_flow_objects(const struct cx4dev *dev)
{
	size_t n = 0;

	for (uint32_t i = 0; i < CX4DEV_MAX_FT; i++)
		if (dev->eth->ft[i])
			n += 1 + dev->eth->ft[i]->nfg + dev->eth->ft[i]->nfte;
	for (uint32_t i = 0; i < CX4DEV_MAX_FLOW_COUNTER; i++)
		n += dev->eth->fc[i].valid;
	return n;
}

bool cx4dev_flow_uses_tir(const struct cx4dev *dev, uint32_t tirn)
{
	const struct cx4dev_tir *t = cx4dev_tir_get(dev, tirn);

	return t && t->refs;
}

/* The root of @type: set explicitly, else the level-0 table; 0 = none. */
static uint32_t cx4dev_ft_root(const struct cx4dev *dev, uint32_t type)
{
	if (dev->eth->root[type])
		return dev->eth->root[type];
	for (uint32_t i = 1; i < CX4DEV_MAX_FT; i++)
		if (dev->eth->ft[i] && dev->eth->ft[i]->type == type && !dev->eth->ft[i]->level)
			return i;
	return 0;
}

/* ---- tables (12.14.1-12.14.5) ---- */

static struct cx4dev_ft *cx4dev_ft_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					  uint32_t *id)
{
	uint32_t type = cx4dev_in_get(cmd, CX4_FT_CMD_TABLE_TYPE);
	struct cx4dev_ft *ft;

	*id = cx4dev_in_get(cmd, CX4_FT_CMD_TABLE_ID);
	if (type >= CX4DEV_FT_TYPES) {
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_TYPE,
			      "table_type %u undefined", type);
		return NULL;
	}
	ft = cx4dev_ft_get(dev, type, *id);
	if (!ft)
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_FT_UNKNOWN,
			      "table_id 0x%x is not a flow table of type %u", *id, type);
	return ft;
}

/* Miss action / id of a context for a table of @type at @level. */
static uint8_t cx4dev_ft_miss_check(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				    const uint8_t *ctx, uint32_t type, uint32_t level)
{
	uint32_t act = CX4_GET(FTC, ctx, TABLE_MISS_ACTION);
	uint32_t mid = CX4_GET(FTC, ctx, TABLE_MISS_ID);
	struct cx4dev_ft *m;

	if (act > CX4_FT_MISS_IDENTIFIED || (act == CX4_FT_MISS_DEFAULT && mid))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_CTX,
				     "table_miss_action %u / table_miss_id 0x%x", act, mid);
	if (act != CX4_FT_MISS_IDENTIFIED)
		return CX4_CMD_STAT_OK;
	m = cx4dev_ft_get(dev, type, mid);
	if (!m || m->level <= level)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_MISS,
				     "table_miss_id 0x%x: %s", mid,
				     m ? "level not higher than the table's" : "no such table");
	return CX4_CMD_STAT_OK;
}

static void cx4dev_ft_set_miss(struct cx4dev *dev, struct cx4dev_ft *ft, const uint8_t *ctx)
{
	if (ft->miss_action == CX4_FT_MISS_IDENTIFIED)
		dev->eth->ft[ft->miss_id]->refs--;
	ft->miss_action = CX4_GET(FTC, ctx, TABLE_MISS_ACTION);
	ft->miss_id = CX4_GET(FTC, ctx, TABLE_MISS_ID);
	if (ft->miss_action == CX4_FT_MISS_IDENTIFIED)
		dev->eth->ft[ft->miss_id]->refs++;
}

uint8_t cx4dev_exec_create_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *ctx = cmd->in + CX4_FT_OFF_CTX;
	uint32_t type = cx4dev_in_get(cmd, CX4_FT_CMD_TABLE_TYPE);
	uint32_t level = CX4_GET(FTC, ctx, LEVEL), log_size = CX4_GET(FTC, ctx, LOG_SIZE);
	const uint8_t *p;
	uint32_t id, max_num;
	struct cx4dev_ft *ft;
	uint8_t st;

	if (type >= CX4DEV_FT_TYPES || !CX4_GET(FT_PROP, cx4dev_ft_props(dev, type), FT_SUPPORT))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_TYPE,
				     "table_type %u not supported", type);
	p = cx4dev_ft_props(dev, type);
	max_num = 1u << CX4_GET(FT_PROP, p, LOG_MAX_FT_NUM);
	for (id = 1; id < CX4DEV_MAX_FT && id < max_num && dev->eth->ft[id]; id++)
		;
	if (id >= CX4DEV_MAX_FT || id >= max_num)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_FT_EXHAUSTED,
				     "all flow tables in use");
	if (log_size > CX4_GET(FT_PROP, p, LOG_MAX_FT_SIZE) ||
	    level > CX4_GET(FT_PROP, p, MAX_FT_LEVEL) ||
	    (level == 0 && cx4dev_ft_root(dev, type) && !dev->eth->root[type]))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_CTX,
				     "log_size %u (max %u), level %u (max %u; one level-0 table)",
				     log_size, CX4_GET(FT_PROP, p, LOG_MAX_FT_SIZE), level,
				     CX4_GET(FT_PROP, p, MAX_FT_LEVEL));
	st = cx4dev_ft_miss_check(dev, cmd, ctx, type, level);
	if (st)
		return st;
	ft = calloc(1, sizeof(*ft));
	if (!ft)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_FT_EXHAUSTED,
				     "out of memory");
	ft->type = type;
	ft->level = level;
	ft->log_size = log_size;
	dev->eth->ft[id] = ft;
	cx4dev_ft_set_miss(dev, ft, ctx);
	CX4_SET(CREATE_FLOW_TABLE_OUT, cmd->out, TABLE_ID, id);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_modify_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *ctx = cmd->in + CX4_FT_OFF_CTX;
	uint32_t sel = cx4dev_in_get(cmd, CX4_MODIFY_FLOW_TABLE_IN_FIELD_SELECT), id;
	struct cx4dev_ft *ft = cx4dev_ft_lookup(dev, cmd, &id);
	uint8_t st;

	if (!ft)
		return cmd->status;
	/*
	 * 12.14.2: modify_field_select names the fields to change; bit 0
	 * (table_miss_action / table_miss_id) is the only one defined.  The
	 * context's other fields are not selected and so not read (mlx5_core
	 * leaves level and log_size 0).
	 */
	if (sel != CX4_MODIFY_FT_SEL_MISS)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_MODIFY_FIELD,
				     "modify_field_select 0x%x (only bit 0)", sel);
	st = cx4dev_ft_miss_check(dev, cmd, ctx, ft->type, ft->level);
	if (st)
		return st;
	cx4dev_ft_set_miss(dev, ft, ctx);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id, is_root;
	struct cx4dev_ft *ft = cx4dev_ft_lookup(dev, cmd, &id);

	if (!ft)
		return cmd->status;
	/*
	 * 12.14.3 only asks for an empty table; being the root is no
	 * obstacle (mlx5_core destroys its last table while it is the
	 * root): steering goes back to the default root.
	 */
	is_root = dev->eth->root[ft->type] == id;
	if (ft->nfg || ft->refs != is_root)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_FT_IN_USE,
				     "table 0x%x: %u groups, %u references", id, ft->nfg,
				     ft->refs - is_root);
	if (is_root)
		dev->eth->root[ft->type] = 0;
	if (ft->miss_action == CX4_FT_MISS_IDENTIFIED)
		dev->eth->ft[ft->miss_id]->refs--;
	cx4dev_ft_free(dev, id, true);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *ctx = cmd->out + CX4_FT_OFF_CTX;
	uint32_t id;
	struct cx4dev_ft *ft = cx4dev_ft_lookup(dev, cmd, &id);

	if (!ft)
		return cmd->status;
	CX4_SET(FTC, ctx, TABLE_MISS_ACTION, ft->miss_action);
	CX4_SET(FTC, ctx, LEVEL, ft->level);
	CX4_SET(FTC, ctx, LOG_SIZE, ft->log_size);
	CX4_SET(FTC, ctx, TABLE_MISS_ID, ft->miss_id);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_set_ft_root(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t type = cx4dev_in_get(cmd, CX4_FT_CMD_TABLE_TYPE);
	uint32_t id = cx4dev_in_get(cmd, CX4_FT_CMD_TABLE_ID);
	uint32_t old;

	if (type >= CX4DEV_FT_TYPES)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FT_TYPE,
				     "table_type %u undefined", type);
	if (id && !cx4dev_ft_get(dev, type, id))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_FT_UNKNOWN,
				     "table_id 0x%x is not a flow table of type %u", id, type);
	old = dev->eth->root[type];
	if (old)
		dev->eth->ft[old]->refs--;
	dev->eth->root[type] = id;	/* 0: back to the default (level 0) root */
	if (id)
		dev->eth->ft[id]->refs++;
	return CX4_CMD_STAT_OK;
}

/* ---- groups (12.14.6-12.14.8) ---- */

/* Bits of an outer header match set (Table 409) the model can match. */
static void cx4dev_outer_supported(uint8_t *m)
{
	static const uint32_t f[] = {
		CX4_FTE_SMAC_47_16, CX4_FTE_SMAC_15_0, CX4_FTE_ETHERTYPE, CX4_FTE_DMAC_47_16,
		CX4_FTE_DMAC_15_0, CX4_FTE_FIRST_PRIO, CX4_FTE_FIRST_CFI, CX4_FTE_FIRST_VID,
		CX4_FTE_IP_PROTOCOL, CX4_FTE_IP_DSCP, CX4_FTE_IP_ECN, CX4_FTE_CVLAN_TAG,
		CX4_FTE_SVLAN_TAG, CX4_FTE_FRAG, CX4_FTE_TCP_FLAGS, CX4_FTE_TCP_SPORT,
		CX4_FTE_TCP_DPORT, CX4_FTE_UDP_SPORT, CX4_FTE_UDP_DPORT,
	};

	memset(m, 0, CX4_FTE_MATCH_SET_SIZE);
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		cx4_set(m, f[i], 0xffffffff);
	memset(m + CX4_FTE_OFF_SRC_IP, 0xff, 2 * CX4_FTE_IP_LEN);
}

/* Offset of the first criteria byte the group may not have, or -1. */
static int cx4dev_criteria_bad(const uint8_t *crit, uint32_t enable)
{
	uint8_t sup[CX4_FTE_MATCH_SET_SIZE];

	cx4dev_outer_supported(sup);
	for (uint32_t i = 0; i < CX4_FTE_MATCH_PARAM_SIZE; i++) {
		uint8_t allowed = 0;

		if (i < CX4_FTE_MATCH_SET_SIZE && (enable & CX4_MATCH_OUTER_HEADERS))
			allowed = sup[i];
		if (crit[i] & ~allowed)
			return (int)i;
	}
	return -1;
}

static struct cx4dev_fg *cx4dev_fg_find(const struct cx4dev_ft *ft, uint32_t id, uint32_t *pos)
{
	for (uint32_t i = 0; i < ft->nfg; i++)
		if (ft->fg[i]->id == id) {
			if (pos)
				*pos = i;
			return ft->fg[i];
		}
	return NULL;
}

static struct cx4dev_fg *cx4dev_fg_of_index(const struct cx4dev_ft *ft, uint32_t index)
{
	for (uint32_t i = 0; i < ft->nfg; i++)
		if (index >= ft->fg[i]->start && index <= ft->fg[i]->end)
			return ft->fg[i];
	return NULL;
}

uint8_t cx4dev_exec_create_fg(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *crit = cmd->in + CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA;
	uint32_t start = cx4dev_in_get(cmd, CX4_CREATE_FLOW_GROUP_IN_START_FLOW_INDEX);
	uint32_t end = cx4dev_in_get(cmd, CX4_CREATE_FLOW_GROUP_IN_END_FLOW_INDEX);
	uint32_t enable = cx4dev_in_get(cmd, CX4_CREATE_FLOW_GROUP_IN_MATCH_CRITERIA_ENABLE);
	uint32_t id, nfg = 0;
	struct cx4dev_ft *ft = cx4dev_ft_lookup(dev, cmd, &id);
	struct cx4dev_fg *g, **arr;
	int bad;

	if (!ft)
		return cmd->status;
	for (uint32_t i = 1; i < CX4DEV_MAX_FT; i++)
		nfg += dev->eth->ft[i] ? dev->eth->ft[i]->nfg : 0;
	if (nfg >= CX4DEV_MAX_FG)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_FG_EXHAUSTED,
				     "%u flow groups in use", nfg);
	if (start > end || end >= 1ull << ft->log_size)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FG_RANGE,
				     "flow index range %u..%u, table has %llu flows", start, end,
				     1ull << ft->log_size);
	for (uint32_t i = 0; i < ft->nfg; i++)
		if (start <= ft->fg[i]->end && end >= ft->fg[i]->start)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FG_RANGE,
					     "range %u..%u overlaps group 0x%x (%u..%u)", start,
					     end, ft->fg[i]->id, ft->fg[i]->start, ft->fg[i]->end);
	bad = cx4dev_criteria_bad(crit, enable);
	if ((enable & ~(uint32_t)(CX4_MATCH_OUTER_HEADERS | CX4_MATCH_MISC_PARAMETERS)) ||
	    bad >= 0)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FG_CRITERIA,
				     "match_criteria_enable 0x%x, criteria byte 0x%x not allowed "
				     "(outside the enabled sets or an unsupported field)", enable,
				     bad);
	g = calloc(1, sizeof(*g));
	arr = realloc(ft->fg, (ft->nfg + 1) * sizeof(*arr));
	if (!g || !arr) {
		free(g);
		if (arr)
			ft->fg = arr;
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_FG_EXHAUSTED,
				     "out of memory");
	}
	ft->fg = arr;
	g->id = ++dev->eth->next_fg_id & CX4_MAX(CREATE_FLOW_GROUP_OUT, GROUP_ID);
	if (!g->id)
		g->id = ++dev->eth->next_fg_id & CX4_MAX(CREATE_FLOW_GROUP_OUT, GROUP_ID);
	g->start = start;
	g->end = end;
	g->enable = enable;
	memcpy(g->criteria, crit, sizeof(g->criteria));
	ft->fg[ft->nfg++] = g;
	CX4_SET(CREATE_FLOW_GROUP_OUT, cmd->out, GROUP_ID, g->id);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_fg(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id, gid = cx4dev_in_get(cmd, CX4_FG_CMD_GROUP_ID), pos = 0;
	struct cx4dev_ft *ft = cx4dev_ft_lookup(dev, cmd, &id);
	struct cx4dev_fg *g;

	if (!ft)
		return cmd->status;
	g = cx4dev_fg_find(ft, gid, &pos);
	if (!g)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_FG_UNKNOWN,
				     "group_id 0x%x not in table 0x%x", gid, id);
	for (uint32_t i = 0; i < ft->nfte; i++)
		if (ft->fte[i]->group_id == gid)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE,
					     CX4DEV_SYN_FG_IN_USE, "group 0x%x still has flow %u",
					     gid, ft->fte[i]->index);
	free(g);
	memmove(ft->fg + pos, ft->fg + pos + 1, (ft->nfg - pos - 1) * sizeof(*ft->fg));
	ft->nfg--;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_fg(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id, gid = cx4dev_in_get(cmd, CX4_FG_CMD_GROUP_ID);
	struct cx4dev_ft *ft = cx4dev_ft_lookup(dev, cmd, &id);
	struct cx4dev_fg *g;

	if (!ft)
		return cmd->status;
	g = cx4dev_fg_find(ft, gid, NULL);
	if (!g)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_FG_UNKNOWN,
				     "group_id 0x%x not in table 0x%x", gid, id);
	CX4_SET(QUERY_FLOW_GROUP_OUT, cmd->out, START_FLOW_INDEX, g->start);
	CX4_SET(QUERY_FLOW_GROUP_OUT, cmd->out, END_FLOW_INDEX, g->end);
	CX4_SET(QUERY_FLOW_GROUP_OUT, cmd->out, MATCH_CRITERIA_ENABLE, g->enable);
	memcpy(cmd->out + CX4_QUERY_FLOW_GROUP_OUT_OFF_MATCH_CRITERIA, g->criteria,
	       sizeof(g->criteria));
	return CX4_CMD_STAT_OK;
}

/* ---- entries (12.14.9-12.14.11) ---- */

static struct cx4dev_fte *cx4dev_fte_find(const struct cx4dev_ft *ft, uint32_t index,
					  uint32_t *pos)
{
	uint32_t lo = 0, hi = ft->nfte;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (ft->fte[mid]->index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	*pos = lo;
	return lo < ft->nfte && ft->fte[lo]->index == index ? ft->fte[lo] : NULL;
}

/* Check the action and lists of a flow context; returns a status. */
static uint8_t cx4dev_fte_lists_check(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				      const struct cx4dev_ft *ft, const uint8_t *fc)
{
	const uint8_t *p = cx4dev_ft_props(dev, ft->type);
	uint32_t act = CX4_GET(FLOWC, fc, ACTION);
	uint32_t nd = CX4_GET(FLOWC, fc, DESTINATION_LIST_SIZE);
	uint32_t nc = CX4_GET(FLOWC, fc, FLOW_COUNTER_LIST_SIZE);
	uint32_t excl = act & (CX4_FLOW_ACTION_ALLOW | CX4_FLOW_ACTION_DROP |
			       CX4_FLOW_ACTION_FWD_DEST);
	uint32_t need = cx4_fte_cmd_size(nd + nc), type0 = 0;

	if ((act & ~(uint32_t)(excl | CX4_FLOW_ACTION_COUNT)) || !excl || (excl & (excl - 1)) ||
	    ((act & CX4_FLOW_ACTION_FWD_DEST) ? !nd : nd) ||
	    ((act & CX4_FLOW_ACTION_COUNT) ? !nc : nc) ||
	    nd > 1u << CX4_GET(FT_PROP, p, LOG_MAX_DESTINATION) ||
	    ((act & CX4_FLOW_ACTION_COUNT) && !CX4_GET(FT_PROP, p, FLOW_COUNTER)) ||
	    nc > 1u << CX4_GET(FT_PROP, p, LOG_MAX_FLOW_COUNTER))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_ACTION,
				     "action 0x%x with %u destinations and %u counters (one of "
				     "ALLOW/DROP/FWD_DEST; lists only with FWD_DEST/COUNT)", act,
				     nd, nc);
	if (cmd->in_len < need)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_FTE_IN_LEN,
				     "%u list entries need input_length >= 0x%x, got 0x%x",
				     nd + nc, need, cmd->in_len);
	for (uint32_t i = 0; i < nd; i++) {
		const uint8_t *d = fc + cx4_flowc_dest_off(i);
		uint32_t type = CX4_GET(FLOW_DEST, d, TYPE), id = CX4_GET(FLOW_DEST, d, ID);
		const struct cx4dev_ft *t = cx4dev_ft_get(dev, ft->type, id);
		bool ok = type == CX4_FLOW_DEST_TIR ? cx4dev_tir_get(dev, id) != NULL :
			  type == CX4_FLOW_DEST_FLOW_TABLE && t && t->level > ft->level;

		if (i == 0)
			type0 = type;
		if (!ok || type != type0 || CX4_GET(FLOW_DEST, d, RSVD) ||
		    (type == CX4_FLOW_DEST_TIR && ft->type != CX4_FT_TYPE_NIC_RX))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_DEST,
					     "destination[%u] type %u id 0x%x: unknown, mixed "
					     "types, or table not of a higher level", i, type, id);
	}
	for (uint32_t i = 0; i < nc; i++) {
		const uint8_t *c = fc + cx4_flowc_dest_off(nd + i);
		uint32_t id = CX4_GET(FLOW_COUNTER, c, ENTRY_ID);

		if (CX4_GET(FLOW_COUNTER, c, RSVD_0) || CX4_GET(FLOW_COUNTER, c, RSVD_1) || id >= CX4DEV_MAX_FLOW_COUNTER ||
		    !dev->eth->fc[id].valid)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE,
					     CX4DEV_SYN_FTE_COUNTER,
					     "flow_counter[%u] 0x%x not allocated", i, id);
	}
	for (uint32_t off = need; off < cmd->in_len; off++)
		if (cmd->in[off])
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_RESERVED_NONZERO,
					     "reserved byte 0x%x past the lists non-zero", off);
	return CX4_CMD_STAT_OK;
}

/* Install action and lists from @fc into @e (references taken). */
static int cx4dev_fte_set_lists(struct cx4dev *dev, struct cx4dev_fte *e, const uint8_t *fc)
{
	uint32_t nd = CX4_GET(FLOWC, fc, DESTINATION_LIST_SIZE);
	uint32_t nc = CX4_GET(FLOWC, fc, FLOW_COUNTER_LIST_SIZE);
	uint32_t *d = calloc(nd + 1, sizeof(*d)), *c = calloc(nc + 1, sizeof(*c));

	if (!d || !c) {
		free(d);
		free(c);
		return -1;
	}
	for (uint32_t i = 0; i < nd; i++) {
		const uint8_t *p = fc + cx4_flowc_dest_off(i);
		uint32_t id = CX4_GET(FLOW_DEST, p, ID);

		d[i] = CX4_GET(FLOW_DEST, p, TYPE) << 24 | id;
		if (d[i] >> 24 == CX4_FLOW_DEST_TIR)
			cx4dev_tir_get(dev, id)->refs++;
		else
			dev->eth->ft[id]->refs++;
	}
	for (uint32_t i = 0; i < nc; i++) {
		c[i] = CX4_GET(FLOW_COUNTER, fc + cx4_flowc_dest_off(nd + i), ENTRY_ID);
		dev->eth->fc[c[i]].refs++;
	}
	e->action = CX4_GET(FLOWC, fc, ACTION);
	e->ndest = nd;
	e->ncnt = nc;
	e->dest = d;
	e->cnt = c;
	return 0;
}

static uint8_t cx4dev_fte_modify(struct cx4dev *dev, struct cx4dev_cmd *cmd,
				 struct cx4dev_ft *ft, struct cx4dev_fte *e, const uint8_t *fc)
{
	uint32_t mask = cx4dev_in_get(cmd, CX4_SET_FTE_IN_MODIFY_ENABLE_MASK);
	struct cx4dev_fte tmp;
	uint8_t st;

	if (!mask || (mask & ~0xfu) ||
	    CX4_GET(FLOWC, fc, GROUP_ID) != e->group_id ||
	    memcmp(fc + CX4_FLOWC_OFF_MATCH_VALUE, e->value, sizeof(e->value)))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_MODIFY,
				     "modify_enable_mask 0x%x, or group / match value differ "
				     "from the flow's", mask);
	st = cx4dev_fte_lists_check(dev, cmd, ft, fc);
	if (st)
		return st;
	if (mask & (CX4_SET_FTE_MOD_ACTION | CX4_SET_FTE_MOD_DEST_LIST |
		    CX4_SET_FTE_MOD_FLOW_COUNTERS)) {
		memset(&tmp, 0, sizeof(tmp));
		if (cx4dev_fte_set_lists(dev, &tmp, fc))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES,
					     CX4DEV_SYN_FG_EXHAUSTED, "out of memory");
		/* Drop the old lists' references, keep the new ones. */
		tmp.index = e->index;
		tmp.group_id = e->group_id;
		tmp.flow_tag = e->flow_tag;
		memcpy(tmp.value, e->value, sizeof(tmp.value));
		{
			struct cx4dev_fte *old = malloc(sizeof(*old));

			if (!old)
				return CX4_CMD_STAT_NO_RESOURCES;
			*old = *e;
			*e = tmp;
			cx4dev_fte_free(dev, old, true);
		}
	}
	if (mask & CX4_SET_FTE_MOD_FLOW_TAG)
		e->flow_tag = CX4_GET(FLOWC, fc, FLOW_TAG);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_set_fte(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *fc = cmd->in + CX4_FTE_OFF_FLOW_CTX;
	const uint8_t *val = fc + CX4_FLOWC_OFF_MATCH_VALUE;
	uint32_t index = cx4dev_in_get(cmd, CX4_FTE_CMD_FLOW_INDEX), id, pos;
	struct cx4dev_ft *ft = cx4dev_ft_lookup(dev, cmd, &id);
	struct cx4dev_fte *e, **arr;
	struct cx4dev_fg *g;
	uint8_t st;

	if (!ft)
		return cmd->status;
	if (cmd->op_mod > CX4_SET_FTE_MODIFY)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod %u (0 new, 1 modify)", cmd->op_mod);
	g = cx4dev_fg_of_index(ft, index);
	if (!g)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_INDEX,
				     "flow_index %u is in no group of table 0x%x", index, id);
	/*
	 * A group_id that names no group of the table is an unknown object
	 * (as for DESTROY_/QUERY_FLOW_GROUP); a group that does not hold
	 * flow_index is a bad parameter.
	 */
	if (CX4_GET(FLOWC, fc, GROUP_ID) != g->id &&
	    !cx4dev_fg_find(ft, CX4_GET(FLOWC, fc, GROUP_ID), NULL))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_FG_UNKNOWN,
				     "group_id 0x%x not in table 0x%x",
				     CX4_GET(FLOWC, fc, GROUP_ID), id);
	if (CX4_GET(FLOWC, fc, GROUP_ID) != g->id)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_GROUP,
				     "group_id 0x%x, flow_index %u belongs to group 0x%x",
				     CX4_GET(FLOWC, fc, GROUP_ID), index, g->id);
	if (CX4_GET(FLOWC, fc, FLOW_TAG) &&
	    !CX4_GET(FT_PROP, cx4dev_ft_props(dev, ft->type), FLOW_TAG))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_FLOW_TAG,
				     "flow_tag without the flow_tag property");
	for (uint32_t i = 0; i < CX4_FTE_MATCH_PARAM_SIZE; i++)
		if (val[i] & ~g->criteria[i])
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_MATCH,
					     "match_value byte 0x%x = 0x%02x outside the group's "
					     "criteria 0x%02x", i, val[i], g->criteria[i]);
	e = cx4dev_fte_find(ft, index, &pos);
	if (cmd->op_mod == CX4_SET_FTE_MODIFY) {
		if (!e)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE,
					     CX4DEV_SYN_FTE_UNKNOWN, "flow %u not set", index);
		return cx4dev_fte_modify(dev, cmd, ft, e, fc);
	}
	if (cx4dev_in_get(cmd, CX4_SET_FTE_IN_MODIFY_ENABLE_MASK))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_MODIFY,
				     "modify_enable_mask set with op_mod 0");
	if (e)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_FTE_EXISTS,
				     "flow %u already set (DELETE or op_mod 1 first)", index);
	st = cx4dev_fte_lists_check(dev, cmd, ft, fc);
	if (st)
		return st;
	e = calloc(1, sizeof(*e));
	arr = realloc(ft->fte, (ft->nfte + 1) * sizeof(*arr));
	if (arr)
		ft->fte = arr;
	if (!e || !arr || cx4dev_fte_set_lists(dev, e, fc)) {
		free(e);
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_NO_RESOURCES, CX4DEV_SYN_FG_EXHAUSTED,
				     "out of memory");
	}
	e->index = index;
	e->group_id = g->id;
	e->flow_tag = CX4_GET(FLOWC, fc, FLOW_TAG);
	memcpy(e->value, val, sizeof(e->value));
	memmove(ft->fte + pos + 1, ft->fte + pos, (ft->nfte - pos) * sizeof(*ft->fte));
	ft->fte[pos] = e;
	ft->nfte++;
	return CX4_CMD_STAT_OK;
}

static struct cx4dev_fte *cx4dev_fte_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					    struct cx4dev_ft **ftp, uint32_t *pos)
{
	uint32_t index = cx4dev_in_get(cmd, CX4_FTE_CMD_FLOW_INDEX), id;
	struct cx4dev_fte *e;

	*ftp = cx4dev_ft_lookup(dev, cmd, &id);
	if (!*ftp)
		return NULL;
	e = cx4dev_fte_find(*ftp, index, pos);
	if (!e)
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_FTE_UNKNOWN,
			      "flow %u of table 0x%x not set", index, id);
	return e;
}

uint8_t cx4dev_exec_query_fte(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint8_t *fc = cmd->out + CX4_FTE_OFF_FLOW_CTX;
	struct cx4dev_ft *ft;
	uint32_t pos;
	struct cx4dev_fte *e = cx4dev_fte_lookup(dev, cmd, &ft, &pos);

	if (!e)
		return cmd->status;
	CX4_SET(FLOWC, fc, GROUP_ID, e->group_id);
	CX4_SET(FLOWC, fc, FLOW_TAG, e->flow_tag);
	CX4_SET(FLOWC, fc, ACTION, e->action);
	CX4_SET(FLOWC, fc, DESTINATION_LIST_SIZE, e->ndest);
	CX4_SET(FLOWC, fc, FLOW_COUNTER_LIST_SIZE, e->ncnt);
	memcpy(fc + CX4_FLOWC_OFF_MATCH_VALUE, e->value, sizeof(e->value));
	for (uint32_t i = 0; i < e->ndest + e->ncnt; i++) {
		uint8_t *d = fc + cx4_flowc_dest_off(i);

		if (cx4_fte_cmd_size(i + 1) > cmd->out_len)
			break;
		if (i < e->ndest)
			cx4_wr32(d, 0, e->dest[i]);
		else
			CX4_SET(FLOW_COUNTER, d, ENTRY_ID, e->cnt[i - e->ndest]);
	}
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_delete_fte(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	struct cx4dev_ft *ft;
	uint32_t pos;
	struct cx4dev_fte *e = cx4dev_fte_lookup(dev, cmd, &ft, &pos);

	if (!e)
		return cmd->status;
	cx4dev_fte_free(dev, e, true);
	memmove(ft->fte + pos, ft->fte + pos + 1, (ft->nfte - pos - 1) * sizeof(*ft->fte));
	ft->nfte--;
	return CX4_CMD_STAT_OK;
}

/* ---- counters (12.14.12-12.14.14) ---- */

uint8_t cx4dev_exec_alloc_fc(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t max = CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], MAX_FLOW_COUNTER);

	for (uint32_t i = 1; i < CX4DEV_MAX_FLOW_COUNTER && i <= max; i++) {
		if (dev->eth->fc[i].valid)
			continue;
		memset(&dev->eth->fc[i], 0, sizeof(dev->eth->fc[i]));
		dev->eth->fc[i].valid = true;
		CX4_SET(ALLOC_FLOW_COUNTER_OUT, cmd->out, ID, i);
		return CX4_CMD_STAT_OK;
	}
	return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_FC_EXHAUSTED,
			     "all flow counters allocated");
}

static struct cx4dev_flow_counter *cx4dev_fc_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
						    uint32_t f)
{
	uint32_t id = cx4dev_in_get(cmd, f);

	if (id < CX4DEV_MAX_FLOW_COUNTER && dev->eth->fc[id].valid)
		return &dev->eth->fc[id];
	cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_FC_UNKNOWN,
		      "flow_counter_id 0x%x not allocated", id);
	return NULL;
}

uint8_t cx4dev_exec_dealloc_fc(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	struct cx4dev_flow_counter *c = cx4dev_fc_lookup(dev, cmd, CX4_DEALLOC_FLOW_COUNTER_IN_ID);

	if (!c)
		return cmd->status;
	if (c->refs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RES_STATE, CX4DEV_SYN_FC_IN_USE,
				     "counter used by %u flows", c->refs);
	c->valid = false;
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_fc(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	struct cx4dev_flow_counter *c = cx4dev_fc_lookup(dev, cmd, CX4_QUERY_FLOW_COUNTER_IN_ID);
	uint8_t *s = cmd->out + CX4_QUERY_FLOW_COUNTER_OUT_OFF_STATS;

	if (!c)
		return cmd->status;
	CX4_SET64(TRAFFIC_COUNTER, s, PACKETS, c->packets);
	CX4_SET64(TRAFFIC_COUNTER, s, OCTETS, c->octets);
	if (cx4dev_in_get(cmd, CX4_QUERY_FLOW_COUNTER_IN_CLEAR))
		c->packets = c->octets = 0;
	return CX4_CMD_STAT_OK;
}

/* ---- lookup (7.11.2) ---- */

static bool cx4dev_fte_match(const struct cx4dev_fg *g, const struct cx4dev_fte *e,
			     const uint8_t *pkt)
{
	for (uint32_t i = 0; i < CX4_FTE_MATCH_PARAM_SIZE; i++)
		if ((pkt[i] ^ e->value[i]) & g->criteria[i])
			return false;
	return true;
}

struct cx4dev_steer {
	const uint8_t *match;
	uint32_t len;
	uint32_t *tirs;
	uint32_t max;
	uint32_t n;
};

static void cx4dev_steer_table(struct cx4dev *dev, uint32_t id, struct cx4dev_steer *s,
			       unsigned depth)
{
	struct cx4dev_ft *ft = dev->eth->ft[id];

	if (!ft || depth > 256)
		return;
	for (uint32_t i = 0; i < ft->nfte; i++) {
		struct cx4dev_fte *e = ft->fte[i];
		struct cx4dev_fg *g = cx4dev_fg_find(ft, e->group_id, NULL);

		if (!g || !cx4dev_fte_match(g, e, s->match))
			continue;
		if (e->flow_tag)
			dev->eth->flow_tag = e->flow_tag;
		for (uint32_t c = 0; c < e->ncnt; c++) {
			if (dev->eth->lb_steer) {
				/* Loopback: counted only if a TIR takes the frame. */
				if (dev->eth->lb_nfc < CX4DEV_LB_MAX_FC)
					dev->eth->lb_fc[dev->eth->lb_nfc++] = e->cnt[c];
				continue;
			}
			dev->eth->fc[e->cnt[c]].packets++;
			dev->eth->fc[e->cnt[c]].octets += s->len;
		}
		if (e->action & CX4_FLOW_ACTION_DROP) {
			if (!dev->eth->lb_steer)
				dev->eth->cnt[CX4DEV_ETH_RX_FLOW_DROPS]++;
			return;
		}
		if (e->action & CX4_FLOW_ACTION_ALLOW)
			break;		/* default next step: the table's miss path */
		for (uint32_t d = 0; d < e->ndest; d++) {
			uint32_t did = e->dest[d] & CX4_MAX(FLOW_DEST, ID);

			if (e->dest[d] >> 24 == CX4_FLOW_DEST_FLOW_TABLE)
				cx4dev_steer_table(dev, did, s, depth + 1);
			else if (s->n < s->max)
				s->tirs[s->n++] = did;
		}
		return;
	}
	if (ft->miss_action == CX4_FT_MISS_IDENTIFIED)
		cx4dev_steer_table(dev, ft->miss_id, s, depth + 1);
	else if (!dev->eth->lb_steer)
		dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING]++;	/* default: drop */
}

uint32_t cx4dev_flow_steer(struct cx4dev *dev, const uint8_t *match, uint32_t len,
			   uint32_t *tirs, uint32_t max)
{
	struct cx4dev_steer s = { match, len, tirs, max, 0 };
	uint32_t root = cx4dev_ft_root(dev, CX4_FT_TYPE_NIC_RX);

	if (!root) {
		if (!dev->eth->lb_steer)
			dev->eth->cnt[CX4DEV_ETH_RX_NO_STEERING]++;
		return 0;
	}
	cx4dev_steer_table(dev, root, &s, 0);
	return s.n;
}

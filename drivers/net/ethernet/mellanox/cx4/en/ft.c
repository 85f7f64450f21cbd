// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: NIC RX flow table primitives (PRM 7.11, 12.14) for
 * fs.c (VLAN and L2 tables) and rss.c (traffic-type classifier):
 * match criteria and values from one description (fs.h), flow tables
 * with their groups, entries added, changed in place and deleted.  Below
 * both users; calls only the core.
 */

#include <linux/etherdevice.h>
#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"

/* --- match parameters (pure) ---------------------------------------------- */

void cx4_en_match_criteria(void *param, u32 fields)
{
	u8 *o = CX4_ADDR(FTE_MATCH, param, OUTER);

	if (fields & CX4_EN_M_DMAC)
		eth_broadcast_addr(CX4_ADDR(FTE, o, DMAC));
	if (fields & CX4_EN_M_MCAST)
		o[CX4_OFF(FTE, DMAC)] |= 0x01;
	if (fields & CX4_EN_M_CVLAN)
		CX4_SET(FTE, o, CVLAN_TAG, 1);
	if (fields & CX4_EN_M_VID)
		CX4_SET(FTE, o, FIRST_VID, 0xfff);
	if (fields & CX4_EN_M_ETHERTYPE)
		CX4_SET(FTE, o, ETHERTYPE, 0xffff);
	if (fields & CX4_EN_M_IP_PROTO)
		CX4_SET(FTE, o, IP_PROTOCOL, 0xff);
	if (fields & CX4_EN_M_FRAG)
		CX4_SET(FTE, o, FRAG, 1);
}

void cx4_en_match_value(void *param, const struct cx4_en_match *m)
{
	u8 *o = CX4_ADDR(FTE_MATCH, param, OUTER);

	if (m->fields & CX4_EN_M_DMAC)
		ether_addr_copy(CX4_ADDR(FTE, o, DMAC), m->dmac);
	if (m->fields & CX4_EN_M_MCAST)
		o[CX4_OFF(FTE, DMAC)] |= 0x01;
	if (m->fields & CX4_EN_M_CVLAN)
		CX4_SET(FTE, o, CVLAN_TAG, m->cvlan);
	if (m->fields & CX4_EN_M_VID)
		CX4_SET(FTE, o, FIRST_VID, m->vid);
	if (m->fields & CX4_EN_M_ETHERTYPE)
		CX4_SET(FTE, o, ETHERTYPE, m->ethertype);
	if (m->fields & CX4_EN_M_IP_PROTO)
		CX4_SET(FTE, o, IP_PROTOCOL, m->ip_proto);
	/* CX4_EN_M_FRAG: the value is 0, not a fragment. */
}

/* --- flow table commands ---------------------------------------------------- */

static void cx4_en_ft_addr(void *in, u16 opcode, u32 table_id)
{
	CX4_SET(CMD_IN, in, OPCODE, opcode);
	CX4_SET(FT_CMD, in, TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	CX4_SET(FT_CMD, in, TABLE_ID, table_id);
}

/* A flow table command naming only the table (DESTROY, SET_..._ROOT). */
int cx4_en_ft_simple(struct cx4_en_priv *priv, u16 opcode, u32 id)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_FT_CMD_SIZE] = {};

	cx4_en_ft_addr(in, opcode, id);
	return cx4_cmd(priv->core, in, out);
}

/*
 * CREATE_FLOW_GROUP of flows @start..@end of @ft (PRM Table 408): the
 * input with the match criteria left zero, for the caller to fill (and
 * to set match_criteria_enable); NULL without memory.
 */
static u8 *cx4_en_fg_in_alloc(const struct cx4_en_ft *ft, u32 start, u32 end)
{
	u8 *in = kzalloc(CX4_CREATE_FLOW_GROUP_IN_SIZE, GFP_KERNEL);

	if (!in)
		return NULL;
	cx4_en_ft_addr(in, CX4_CMD_CREATE_FLOW_GROUP, ft->id);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, START_FLOW_INDEX, start);
	CX4_SET(CREATE_FLOW_GROUP_IN, in, END_FLOW_INDEX, end);
	return in;
}

/* Send and free @in (cx4_en_fg_in_alloc()); the group's id in *@group_id. */
static int cx4_en_fg_in_exec(struct cx4_en_priv *priv, u8 *in, u32 *group_id)
{
	u8 out[CX4_CREATE_FLOW_GROUP_OUT_SIZE] = {};
	int err;

	err = cx4_cmd_exec(priv->core, in, CX4_CREATE_FLOW_GROUP_IN_SIZE,
			   out, sizeof(out));
	kfree(in);
	if (!err)
		*group_id = CX4_GET(CREATE_FLOW_GROUP_OUT, out, GROUP_ID);
	return err;
}

static int cx4_en_fg_create(struct cx4_en_priv *priv, struct cx4_en_ft *ft,
			    const struct cx4_en_fg_spec *g)
{
	u8 *in = cx4_en_fg_in_alloc(ft, g->start, g->end);
	int err;

	if (!in)
		return -ENOMEM;
	if (g->fields)
		CX4_SET(CREATE_FLOW_GROUP_IN, in, MATCH_CRITERIA_ENABLE,
			CX4_MATCH_OUTER_HEADERS);
	cx4_en_match_criteria(CX4_ADDR(CREATE_FLOW_GROUP_IN, in, MATCH_CRITERIA),
			      g->fields);
	err = cx4_en_fg_in_exec(priv, in, &ft->group_id[ft->ngroups]);
	if (!err)
		ft->ngroups++;
	return err;
}

static void cx4_en_fg_destroy(struct cx4_en_priv *priv, struct cx4_en_ft *ft,
			      u32 g)
{
	cx4_en_fg_destroy_raw(priv, ft, ft->group_id[g]);
}

/* Destroy the groups and the table of @ft; its entries must be gone. */
void cx4_en_ft_destroy(struct cx4_en_priv *priv, struct cx4_en_ft *ft)
{
	while (ft->ngroups)
		cx4_en_fg_destroy(priv, ft, --ft->ngroups);
	if (ft->created)
		cx4_en_ft_simple(priv, CX4_CMD_DESTROY_FLOW_TABLE, ft->id);
	ft->created = false;
}

/*
 * An empty table of 2^@log_size flows at @level; a frame that matches
 * none of its entries goes on to table @miss_id (identified miss, PRM
 * Table 387), or takes the default miss action when @miss_id is 0.
 */
int cx4_en_ft_create_miss(struct cx4_en_priv *priv, struct cx4_en_ft *ft,
			  u8 level, u8 log_size, u32 miss_id)
{
	u8 out[CX4_CREATE_FLOW_TABLE_OUT_SIZE] = {};
	u8 in[CX4_CREATE_FLOW_TABLE_IN_SIZE] = {};
	void *ftc = CX4_ADDR(CREATE_FLOW_TABLE_IN, in, CTX);
	int err;

	memset(ft, 0, sizeof(*ft));
	cx4_en_ft_addr(in, CX4_CMD_CREATE_FLOW_TABLE, 0);
	CX4_SET(FTC, ftc, TABLE_MISS_ACTION,
		miss_id ? CX4_FT_MISS_IDENTIFIED : CX4_FT_MISS_DEFAULT);
	CX4_SET(FTC, ftc, TABLE_MISS_ID, miss_id);
	CX4_SET(FTC, ftc, LEVEL, level);
	CX4_SET(FTC, ftc, LOG_SIZE, log_size);
	err = cx4_cmd(priv->core, in, out);
	if (err)
		return err;
	ft->id = CX4_GET(CREATE_FLOW_TABLE_OUT, out, TABLE_ID);
	ft->created = true;
	return 0;
}

int cx4_en_ft_create(struct cx4_en_priv *priv, struct cx4_en_ft *ft, u8 level,
		     u8 log_size, const struct cx4_en_fg_spec *groups,
		     u32 ngroups)
{
	u32 i;
	int err;

	if (WARN_ON(ngroups > CX4_EN_FT_MAX_GROUPS))
		return -EINVAL;
	err = cx4_en_ft_create_miss(priv, ft, level, log_size, 0);
	if (err)
		return err;
	for (i = 0; i < ngroups; i++) {
		err = cx4_en_fg_create(priv, ft, &groups[i]);
		if (err) {
			cx4_en_ft_destroy(priv, ft);
			return err;
		}
	}
	return 0;
}

/*
 * The input of SET_FLOW_TABLE_ENTRY with op_mod @op_mod for entry @index
 * of group @group_id, match value left zero: forward to @dest, or drop
 * when @dest is NULL.  A modify (CX4_SET_FTE_MODIFY) changes only the
 * destination list (PRM Table 428).  NULL without memory.
 */
static u8 *cx4_en_fte_in(const struct cx4_en_ft *ft, u32 op_mod, u32 group_id,
			 u32 index, const struct cx4_en_dest *dest)
{
	u8 *in, *flowc, *d;

	in = kzalloc(cx4_fte_cmd_size(1), GFP_KERNEL);
	if (!in)
		return NULL;
	cx4_en_ft_addr(in, CX4_CMD_SET_FLOW_TABLE_ENTRY, ft->id);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	if (op_mod == CX4_SET_FTE_MODIFY)
		CX4_SET(SET_FTE_IN, in, MODIFY_ENABLE_MASK,
			CX4_SET_FTE_MOD_DEST_LIST);
	CX4_SET(FTE_CMD, in, FLOW_INDEX, index);
	flowc = CX4_ADDR(FTE, in, FLOW_CTX);
	CX4_SET(FLOWC, flowc, GROUP_ID, group_id);
	if (!dest) {
		CX4_SET(FLOWC, flowc, ACTION, CX4_FLOW_ACTION_DROP);
		return in;
	}
	CX4_SET(FLOWC, flowc, ACTION, CX4_FLOW_ACTION_FWD_DEST);
	CX4_SET(FLOWC, flowc, DESTINATION_LIST_SIZE, 1);
	d = flowc + cx4_flowc_dest_off(0);
	CX4_SET(FLOW_DEST, d, TYPE, dest->type);
	CX4_SET(FLOW_DEST, d, ID, dest->id);
	return in;
}

/* Execute and free @in (cx4_en_fte_in()); its length follows the action. */
static int cx4_en_fte_exec(struct cx4_en_priv *priv, u8 *in, bool dest)
{
	u8 out[CX4_SET_FTE_OUT_SIZE] = {};
	int err;

	err = cx4_cmd_exec(priv->core, in, cx4_fte_cmd_size(dest ? 1 : 0),
			   out, sizeof(out));
	kfree(in);
	return err;
}

/* Entry @index of @group matching @m, forwarding to @dest. */
static int cx4_en_fte_set(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			  u32 op_mod, u32 group, u32 index,
			  const struct cx4_en_match *m,
			  const struct cx4_en_dest *dest)
{
	u8 *in = cx4_en_fte_in(ft, op_mod, ft->group_id[group], index, dest);

	if (!in)
		return -ENOMEM;
	cx4_en_match_value(CX4_ADDR(FLOWC, CX4_ADDR(FTE, in, FLOW_CTX),
				    MATCH_VALUE), m);
	return cx4_en_fte_exec(priv, in, true);
}

/* A new entry: frames matching @m forward to @dest. */
int cx4_en_fte_add(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
		   u32 group, u32 index, const struct cx4_en_match *m,
		   const struct cx4_en_dest *dest)
{
	return cx4_en_fte_set(priv, ft, CX4_SET_FTE_NEW, group, index, m, dest);
}

void cx4_en_fte_del(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
		    u32 index)
{
	u8 out[CX4_DELETE_FTE_OUT_SIZE] = {};
	u8 in[CX4_DELETE_FTE_IN_SIZE] = {};

	cx4_en_ft_addr(in, CX4_CMD_DELETE_FLOW_TABLE_ENTRY, ft->id);
	CX4_SET(FTE_CMD, in, FLOW_INDEX, index);
	cx4_cmd(priv->core, in, out);
}

/* --- chan: destination change of an existing entry ----------------------- */

/* Entry @index keeps group and match @m; it forwards to @dest from now on. */
int cx4_en_fte_set_dest(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			u32 group, u32 index, const struct cx4_en_match *m,
			const struct cx4_en_dest *dest)
{
	return cx4_en_fte_set(priv, ft, CX4_SET_FTE_MODIFY, group, index, m, dest);
}

/* --- ntuple: groups and entries of raw match parameters ------------------ */

/*
 * A group of flows @start..@end of @ft matching the outer headers under
 * the masks of match parameter @crit (PRM Table 408); its id in
 * *@group_id.
 */
int cx4_en_fg_create_raw(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			 u32 start, u32 end, const void *crit, u32 *group_id)
{
	u8 *in = cx4_en_fg_in_alloc(ft, start, end);

	if (!in)
		return -ENOMEM;
	CX4_SET(CREATE_FLOW_GROUP_IN, in, MATCH_CRITERIA_ENABLE,
		CX4_MATCH_OUTER_HEADERS);
	memcpy(CX4_ADDR(CREATE_FLOW_GROUP_IN, in, MATCH_CRITERIA), crit,
	       CX4_FTE_MATCH_PARAM_SIZE);
	return cx4_en_fg_in_exec(priv, in, group_id);
}

void cx4_en_fg_destroy_raw(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			   u32 group_id)
{
	u8 out[CX4_DESTROY_FLOW_GROUP_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_FLOW_GROUP_IN_SIZE] = {};

	cx4_en_ft_addr(in, CX4_CMD_DESTROY_FLOW_GROUP, ft->id);
	CX4_SET(FG_CMD, in, GROUP_ID, group_id);
	cx4_cmd(priv->core, in, out);
}

/*
 * Entry @index of group @group_id of @ft, match value @value (a match
 * parameter): forward to @dest, or drop when @dest is NULL.  @op_mod
 * CX4_SET_FTE_MODIFY moves an existing forwarding entry to @dest.
 */
int cx4_en_fte_set_raw(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
		       u32 op_mod, u32 group_id, u32 index, const void *value,
		       const struct cx4_en_dest *dest)
{
	u8 *in = cx4_en_fte_in(ft, op_mod, group_id, index, dest);

	if (!in)
		return -ENOMEM;
	memcpy(CX4_ADDR(FLOWC, CX4_ADDR(FTE, in, FLOW_CTX), MATCH_VALUE), value,
	       CX4_FTE_MATCH_PARAM_SIZE);
	return cx4_en_fte_exec(priv, in, dest);
}

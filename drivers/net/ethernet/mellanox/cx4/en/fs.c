// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: NIC RX flow table primitives (PRM 7.11, 12.14) for
 * steering.c (VLAN and L2 tables) and rss.c (traffic-type classifier):
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
	u8 *o = (u8 *)param + CX4_FTE_MATCH_OFF_OUTER;

	if (fields & CX4_EN_M_DMAC)
		eth_broadcast_addr(o + CX4_FTE_OFF_DMAC);
	if (fields & CX4_EN_M_MCAST)
		o[CX4_FTE_OFF_DMAC] |= 0x01;
	if (fields & CX4_EN_M_CVLAN)
		cx4_set(o, CX4_FTE_CVLAN_TAG, 1);
	if (fields & CX4_EN_M_VID)
		cx4_set(o, CX4_FTE_FIRST_VID, 0xfff);
	if (fields & CX4_EN_M_ETHERTYPE)
		cx4_set(o, CX4_FTE_ETHERTYPE, 0xffff);
	if (fields & CX4_EN_M_IP_PROTO)
		cx4_set(o, CX4_FTE_IP_PROTOCOL, 0xff);
	if (fields & CX4_EN_M_FRAG)
		cx4_set(o, CX4_FTE_FRAG, 1);
}

void cx4_en_match_value(void *param, const struct cx4_en_match *m)
{
	u8 *o = (u8 *)param + CX4_FTE_MATCH_OFF_OUTER;

	if (m->fields & CX4_EN_M_DMAC)
		ether_addr_copy(o + CX4_FTE_OFF_DMAC, m->dmac);
	if (m->fields & CX4_EN_M_MCAST)
		o[CX4_FTE_OFF_DMAC] |= 0x01;
	if (m->fields & CX4_EN_M_CVLAN)
		cx4_set(o, CX4_FTE_CVLAN_TAG, m->cvlan);
	if (m->fields & CX4_EN_M_VID)
		cx4_set(o, CX4_FTE_FIRST_VID, m->vid);
	if (m->fields & CX4_EN_M_ETHERTYPE)
		cx4_set(o, CX4_FTE_ETHERTYPE, m->ethertype);
	if (m->fields & CX4_EN_M_IP_PROTO)
		cx4_set(o, CX4_FTE_IP_PROTOCOL, m->ip_proto);
	/* CX4_EN_M_FRAG: the value is 0, not a fragment. */
}

/* --- flow table commands ---------------------------------------------------- */

static void cx4_en_ft_addr(void *in, u16 opcode, u32 table_id)
{
	cx4_set(in, CX4_CMD_IN_OPCODE, opcode);
	cx4_set(in, CX4_FT_CMD_TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, table_id);
}

/* A flow table command naming only the table (DESTROY, SET_..._ROOT). */
int cx4_en_ft_simple(struct cx4_en_priv *priv, u16 opcode, u32 id)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_FT_CMD_SIZE] = {};

	cx4_en_ft_addr(in, opcode, id);
	return cx4_cmd(priv->core, in, out);
}

static int cx4_en_fg_create(struct cx4_en_priv *priv, struct cx4_en_ft *ft,
			    const struct cx4_en_fg_spec *g)
{
	u8 out[CX4_CREATE_FLOW_GROUP_OUT_SIZE] = {};
	u8 *in;
	int err;

	in = kzalloc(CX4_CREATE_FLOW_GROUP_IN_SIZE, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	cx4_en_ft_addr(in, CX4_CMD_CREATE_FLOW_GROUP, ft->id);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_START_FLOW_INDEX, g->start);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_END_FLOW_INDEX, g->end);
	if (g->fields)
		cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_MATCH_CRITERIA_ENABLE,
			CX4_MATCH_OUTER_HEADERS);
	cx4_en_match_criteria(in + CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA,
			      g->fields);
	err = cx4_cmd_exec(priv->core, in, CX4_CREATE_FLOW_GROUP_IN_SIZE,
			   out, sizeof(out));
	kfree(in);
	if (!err)
		ft->group_id[ft->ngroups++] =
			cx4_get(out, CX4_CREATE_FLOW_GROUP_OUT_GROUP_ID);
	return err;
}

static void cx4_en_fg_destroy(struct cx4_en_priv *priv, struct cx4_en_ft *ft,
			      u32 g)
{
	u8 out[CX4_DESTROY_FLOW_GROUP_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_FLOW_GROUP_IN_SIZE] = {};

	cx4_en_ft_addr(in, CX4_CMD_DESTROY_FLOW_GROUP, ft->id);
	cx4_set(in, CX4_FG_CMD_GROUP_ID, ft->group_id[g]);
	cx4_cmd(priv->core, in, out);
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

int cx4_en_ft_create(struct cx4_en_priv *priv, struct cx4_en_ft *ft, u8 level,
		     u8 log_size, const struct cx4_en_fg_spec *groups,
		     u32 ngroups)
{
	u8 out[CX4_CREATE_FLOW_TABLE_OUT_SIZE] = {};
	u8 in[CX4_CREATE_FLOW_TABLE_IN_SIZE] = {};
	void *ftc = in + CX4_FT_OFF_CTX;
	u32 i;
	int err;

	if (WARN_ON(ngroups > CX4_EN_FT_MAX_GROUPS))
		return -EINVAL;
	memset(ft, 0, sizeof(*ft));
	cx4_en_ft_addr(in, CX4_CMD_CREATE_FLOW_TABLE, 0);
	cx4_set(ftc, CX4_FTC_TABLE_MISS_ACTION, CX4_FT_MISS_DEFAULT);
	cx4_set(ftc, CX4_FTC_LEVEL, level);
	cx4_set(ftc, CX4_FTC_LOG_SIZE, log_size);
	err = cx4_cmd(priv->core, in, out);
	if (err)
		return err;
	ft->id = cx4_get(out, CX4_CREATE_FLOW_TABLE_OUT_TABLE_ID);
	ft->created = true;
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
 * SET_FLOW_TABLE_ENTRY with op_mod @op_mod: entry @index of @group matches
 * @m and forwards to @dest.  A modify (CX4_SET_FTE_MODIFY) changes only
 * the destination list (PRM Table 428).
 */
static int cx4_en_fte_set(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			  u32 op_mod, u32 group, u32 index,
			  const struct cx4_en_match *m,
			  const struct cx4_en_dest *dest)
{
	u32 len = cx4_fte_cmd_size(1);
	u8 out[CX4_SET_FTE_OUT_SIZE] = {};
	u8 *in, *flowc, *d;
	int err;

	in = kzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	cx4_en_ft_addr(in, CX4_CMD_SET_FLOW_TABLE_ENTRY, ft->id);
	cx4_set(in, CX4_CMD_IN_OP_MOD, op_mod);
	if (op_mod == CX4_SET_FTE_MODIFY)
		cx4_set(in, CX4_SET_FTE_IN_MODIFY_ENABLE_MASK,
			CX4_SET_FTE_MOD_DEST_LIST);
	cx4_set(in, CX4_FTE_CMD_FLOW_INDEX, index);
	flowc = in + CX4_FTE_OFF_FLOW_CTX;
	cx4_set(flowc, CX4_FLOWC_GROUP_ID, ft->group_id[group]);
	cx4_set(flowc, CX4_FLOWC_ACTION, CX4_FLOW_ACTION_FWD_DEST);
	cx4_set(flowc, CX4_FLOWC_DESTINATION_LIST_SIZE, 1);
	cx4_en_match_value(flowc + CX4_FLOWC_OFF_MATCH_VALUE, m);
	d = flowc + cx4_flowc_dest_off(0);
	cx4_set(d, CX4_FLOW_DEST_TYPE, dest->type);
	cx4_set(d, CX4_FLOW_DEST_ID, dest->id);
	err = cx4_cmd_exec(priv->core, in, len, out, sizeof(out));
	kfree(in);
	return err;
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
	cx4_set(in, CX4_FTE_CMD_FLOW_INDEX, index);
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

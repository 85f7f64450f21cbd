// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: receive steering (PRM 7.11, 12.14).
 *
 * One NIC RX flow table at level 0, made the root with
 * SET_FLOW_TABLE_ROOT, with two flow groups matching the outer
 * destination MAC: the whole address (entries for the interface's own
 * address and broadcast) and only the multicast bit (one entry for all
 * multicast).  Every entry forwards to the direct TIR; frames matching
 * nothing take the table's default miss action (dropped).
 * Teardown resets the root to the default (table_id 0), deletes the
 * entries, then the groups, then the table.
 */

#include <linux/etherdevice.h>
#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"

#define CX4_EN_FT_LOG_SIZE	2	/* 4 entries, CX4_EN_RULE_NUM used */

/* Flow index and group of each rule. */
static const struct {
	u32 index;
	enum cx4_en_fs_group group;
} cx4_en_rules[CX4_EN_RULE_NUM] = {
	[CX4_EN_RULE_UC]	= { 0, CX4_EN_FG_DMAC },
	[CX4_EN_RULE_BCAST]	= { 1, CX4_EN_FG_DMAC },
	[CX4_EN_RULE_MCAST]	= { 2, CX4_EN_FG_MCAST },
};

/* Flow index range of each group. */
static const struct {
	u32 start, end;
} cx4_en_groups[CX4_EN_FG_NUM] = {
	[CX4_EN_FG_DMAC]	= { 0, 1 },
	[CX4_EN_FG_MCAST]	= { 2, 2 },
};

static void cx4_en_ft_addr(void *in, u16 opcode, u32 table_id)
{
	cx4_set(in, CX4_CMD_IN_OPCODE, opcode);
	cx4_set(in, CX4_FT_CMD_TABLE_TYPE, CX4_FT_TYPE_NIC_RX);
	cx4_set(in, CX4_FT_CMD_TABLE_ID, table_id);
}

/* The outer destination MAC of a match set (criteria or value). */
static void cx4_en_set_dmac(void *set, const u8 *mac)
{
	memcpy(set + CX4_FTE_MATCH_OFF_OUTER + CX4_FTE_OFF_DMAC, mac,
	       ETH_ALEN);
}

static int cx4_en_ft_create(struct cx4_en_priv *priv)
{
	u8 out[CX4_CREATE_FLOW_TABLE_OUT_SIZE] = {};
	u8 in[CX4_CREATE_FLOW_TABLE_IN_SIZE] = {};
	void *ftc = in + CX4_FT_OFF_CTX;
	int err;

	cx4_en_ft_addr(in, CX4_CMD_CREATE_FLOW_TABLE, 0);
	cx4_set(ftc, CX4_FTC_TABLE_MISS_ACTION, CX4_FT_MISS_DEFAULT);
	cx4_set(ftc, CX4_FTC_LEVEL, 0);
	cx4_set(ftc, CX4_FTC_LOG_SIZE, CX4_EN_FT_LOG_SIZE);
	err = cx4_cmd(priv->core, in, out);
	if (err)
		return err;
	priv->fs.table_id = cx4_get(out, CX4_CREATE_FLOW_TABLE_OUT_TABLE_ID);
	priv->fs.table_created = true;
	return 0;
}

static int cx4_en_ft_simple(struct cx4_en_priv *priv, u16 opcode, u32 id)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_FT_CMD_SIZE] = {};

	cx4_en_ft_addr(in, opcode, id);
	return cx4_cmd(priv->core, in, out);
}

static int cx4_en_fg_create(struct cx4_en_priv *priv,
			    enum cx4_en_fs_group g)
{
	static const u8 mcast_bit[ETH_ALEN] = { 0x01 };
	u8 out[CX4_CREATE_FLOW_GROUP_OUT_SIZE] = {};
	u8 *in, *criteria;
	int err;

	in = kzalloc(CX4_CREATE_FLOW_GROUP_IN_SIZE, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	cx4_en_ft_addr(in, CX4_CMD_CREATE_FLOW_GROUP, priv->fs.table_id);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_START_FLOW_INDEX,
		cx4_en_groups[g].start);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_END_FLOW_INDEX,
		cx4_en_groups[g].end);
	cx4_set(in, CX4_CREATE_FLOW_GROUP_IN_MATCH_CRITERIA_ENABLE,
		CX4_MATCH_OUTER_HEADERS);
	criteria = in + CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA;
	cx4_en_set_dmac(criteria, g == CX4_EN_FG_MCAST ? mcast_bit :
			(const u8 *)"\xff\xff\xff\xff\xff\xff");
	err = cx4_cmd_exec(priv->core, in, CX4_CREATE_FLOW_GROUP_IN_SIZE,
			   out, sizeof(out));
	kfree(in);
	if (!err)
		priv->fs.group_id[g] = cx4_get(out,
					       CX4_CREATE_FLOW_GROUP_OUT_GROUP_ID);
	return err;
}

static void cx4_en_fg_destroy(struct cx4_en_priv *priv,
			      enum cx4_en_fs_group g)
{
	u8 out[CX4_DESTROY_FLOW_GROUP_OUT_SIZE] = {};
	u8 in[CX4_DESTROY_FLOW_GROUP_IN_SIZE] = {};

	cx4_en_ft_addr(in, CX4_CMD_DESTROY_FLOW_GROUP, priv->fs.table_id);
	cx4_set(in, CX4_FG_CMD_GROUP_ID, priv->fs.group_id[g]);
	cx4_cmd(priv->core, in, out);
}

/* SET_FLOW_TABLE_ENTRY: frames to @dmac forward to the TIR. */
static int cx4_en_rule_add(struct cx4_en_priv *priv, enum cx4_en_fs_rule r,
			   const u8 *dmac)
{
	u32 len = cx4_fte_cmd_size(1);
	u8 out[CX4_SET_FTE_OUT_SIZE] = {};
	u8 *in, *flowc, *dest;
	int err;

	in = kzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	cx4_en_ft_addr(in, CX4_CMD_SET_FLOW_TABLE_ENTRY, priv->fs.table_id);
	cx4_set(in, CX4_CMD_IN_OP_MOD, CX4_SET_FTE_NEW);
	cx4_set(in, CX4_FTE_CMD_FLOW_INDEX, cx4_en_rules[r].index);
	flowc = in + CX4_FTE_OFF_FLOW_CTX;
	cx4_set(flowc, CX4_FLOWC_GROUP_ID,
		priv->fs.group_id[cx4_en_rules[r].group]);
	cx4_set(flowc, CX4_FLOWC_ACTION, CX4_FLOW_ACTION_FWD_DEST);
	cx4_set(flowc, CX4_FLOWC_DESTINATION_LIST_SIZE, 1);
	cx4_en_set_dmac(flowc + CX4_FLOWC_OFF_MATCH_VALUE, dmac);
	dest = flowc + cx4_flowc_dest_off(0);
	cx4_set(dest, CX4_FLOW_DEST_TYPE, CX4_FLOW_DEST_TIR);
	cx4_set(dest, CX4_FLOW_DEST_ID, priv->tirn);
	err = cx4_cmd_exec(priv->core, in, len, out, sizeof(out));
	kfree(in);
	return err;
}

static void cx4_en_rule_del(struct cx4_en_priv *priv, enum cx4_en_fs_rule r)
{
	u8 out[CX4_DELETE_FTE_OUT_SIZE] = {};
	u8 in[CX4_DELETE_FTE_IN_SIZE] = {};

	cx4_en_ft_addr(in, CX4_CMD_DELETE_FLOW_TABLE_ENTRY, priv->fs.table_id);
	cx4_set(in, CX4_FTE_CMD_FLOW_INDEX, cx4_en_rules[r].index);
	cx4_cmd(priv->core, in, out);
}

int cx4_en_fs_create(struct cx4_en_priv *priv)
{
	static const u8 mcast[ETH_ALEN] = { 0x01 };
	const u8 *macs[CX4_EN_RULE_NUM] = {
		[CX4_EN_RULE_UC] = priv->netdev->dev_addr,
		[CX4_EN_RULE_BCAST] = priv->netdev->broadcast,
		[CX4_EN_RULE_MCAST] = mcast,
	};
	int err;

	memset(&priv->fs, 0, sizeof(priv->fs));
	err = cx4_en_ft_create(priv);
	if (err)
		return err;
	for (; priv->fs.groups_created < CX4_EN_FG_NUM;
	     priv->fs.groups_created++) {
		err = cx4_en_fg_create(priv, priv->fs.groups_created);
		if (err)
			goto err_destroy;
	}
	for (; priv->fs.rules_created < CX4_EN_RULE_NUM;
	     priv->fs.rules_created++) {
		err = cx4_en_rule_add(priv, priv->fs.rules_created,
				      macs[priv->fs.rules_created]);
		if (err)
			goto err_destroy;
	}
	err = cx4_en_ft_simple(priv, CX4_CMD_SET_FLOW_TABLE_ROOT,
			       priv->fs.table_id);
	if (err)
		goto err_destroy;
	priv->fs.root_set = true;
	return 0;

err_destroy:
	cx4_en_fs_destroy(priv);
	return err;
}

void cx4_en_fs_destroy(struct cx4_en_priv *priv)
{
	struct cx4_en_fs *fs = &priv->fs;

	/* The root cannot be destroyed: back to the default root first. */
	if (fs->root_set)
		cx4_en_ft_simple(priv, CX4_CMD_SET_FLOW_TABLE_ROOT, 0);
	fs->root_set = false;
	while (fs->rules_created)
		cx4_en_rule_del(priv, --fs->rules_created);
	while (fs->groups_created)
		cx4_en_fg_destroy(priv, --fs->groups_created);
	if (fs->table_created)
		cx4_en_ft_simple(priv, CX4_CMD_DESTROY_FLOW_TABLE,
				 fs->table_id);
	fs->table_created = false;
}

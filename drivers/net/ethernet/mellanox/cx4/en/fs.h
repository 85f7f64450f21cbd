/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: flow steering internals (PRM 7.11, 12.14): the flow
 * table primitives (ft.c) shared by fs.c (L2 and VLAN tables) and rss.c
 * (traffic-type classifier), and what tir.c, rss.c and lro.c share.
 *
 * A match (struct cx4_en_match) names the outer-header fields it uses;
 * the same description gives a flow group's criteria (the fields' full
 * masks) and an entry's match value, so the two cannot disagree.
 */
#ifndef _CX4_EN_FS_H
#define _CX4_EN_FS_H

#include <linux/ethtool.h>
#include <linux/types.h>
#include <linux/cx4/core.h>

#include "en.h"

/* Outer-header fields of a match (fte_match_set_lyr_2_4, PRM Table 409). */
enum cx4_en_match_field {
	CX4_EN_M_DMAC		= 1u << 0,	/* whole destination MAC */
	CX4_EN_M_MCAST		= 1u << 1,	/* the DMAC multicast bit */
	CX4_EN_M_CVLAN		= 1u << 2,	/* cvlan_tag (802.1Q tagged) */
	CX4_EN_M_VID		= 1u << 3,	/* first_vid */
	CX4_EN_M_ETHERTYPE	= 1u << 4,
	CX4_EN_M_IP_PROTO	= 1u << 5,
	CX4_EN_M_FRAG		= 1u << 6,	/* not a fragment */
};

struct cx4_en_match {
	u32 fields;		/* enum cx4_en_match_field bits */
	u8 dmac[ETH_ALEN];
	u16 ethertype;
	u16 vid;
	u8 ip_proto;
	u8 cvlan;		/* value of cvlan_tag */
};

/* A flow group: flow index range and the fields its entries match. */
struct cx4_en_fg_spec {
	u32 start, end;
	u32 fields;
};

/* Where an entry sends its frames (PRM Table 431). */
struct cx4_en_dest {
	u8 type;		/* CX4_FLOW_DEST_TIR or _FLOW_TABLE */
	u32 id;
};

/* Pure: match criteria / value of @m into a match parameter (KUnit). */
void cx4_en_match_criteria(void *param, u32 fields);
void cx4_en_match_value(void *param, const struct cx4_en_match *m);

int cx4_en_ft_create(struct cx4_en_priv *priv, struct cx4_en_ft *ft, u8 level,
		     u8 log_size, const struct cx4_en_fg_spec *groups,
		     u32 ngroups);
void cx4_en_ft_destroy(struct cx4_en_priv *priv, struct cx4_en_ft *ft);
int cx4_en_ft_simple(struct cx4_en_priv *priv, u16 opcode, u32 id);
int cx4_en_fte_add(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
		   u32 group, u32 index, const struct cx4_en_match *m,
		   const struct cx4_en_dest *dest);
void cx4_en_fte_del(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
		    u32 index);
/* chan: change an existing entry's destination in place (FTE modify). */
int cx4_en_fte_set_dest(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			u32 group, u32 index, const struct cx4_en_match *m,
			const struct cx4_en_dest *dest);

/* ntuple: a chained table, groups and entries of raw match parameters. */
int cx4_en_ft_create_miss(struct cx4_en_priv *priv, struct cx4_en_ft *ft,
			  u8 level, u8 log_size, u32 miss_id);
int cx4_en_fg_create_raw(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			 u32 start, u32 end, const void *crit, u32 *group_id);
void cx4_en_fg_destroy_raw(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
			   u32 group_id);
int cx4_en_fte_set_raw(struct cx4_en_priv *priv, const struct cx4_en_ft *ft,
		       u32 op_mod, u32 group_id, u32 index, const void *value,
		       const struct cx4_en_dest *dest);

/*
 * ntuple.c: the ethtool flow rule table (level CX4_EN_NT_LEVEL) between
 * the L2 table and the TTC table.  Pure (KUnit): cx4_en_nt_parse()
 * translates a rule into match criteria and value (two zeroed match
 * parameters) or refuses it (-EINVAL, -EOPNOTSUPP; *@why says why);
 * cx4_en_nt_fields_ok() checks criteria against the device's
 * ft_field_support / ft_field_bitmask_support (PRM Table 153).
 */
#define CX4_EN_L2_LEVEL		1
#define CX4_EN_NT_LEVEL		2
#define CX4_EN_TTC_LEVEL	3
#define CX4_EN_TTC_LOG_SIZE	3	/* one entry per traffic type */

int cx4_en_nt_parse(const struct ethtool_rx_flow_spec *fs, void *crit,
		    void *value, const char **why);
bool cx4_en_nt_fields_ok(const void *crit, const void *full,
			 const void *partial, const char **why);
int cx4_en_nt_action(const struct ethtool_rx_flow_spec *fs, u32 nch,
		     bool *drop, const char **why);
int cx4_en_nt_ctx_tt(const struct ethtool_rx_flow_spec *fs, const char **why);
int cx4_en_nt_loc(u32 loc, const unsigned long *used, u32 max);
int cx4_en_nt_create(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
		     u32 nch, u32 next_id);
void cx4_en_nt_destroy(struct cx4_en_priv *priv);
/* The table L2 entries forward to: the rule table, else the TTC table. */
u32 cx4_en_nt_entry_table(const struct cx4_en_priv *priv);

/*
 * What the hash of an indirect TIR is made of (MODIFY_TIR bitmask bit 2):
 * function, key, fields, and the L3/L4 types of its traffic type.
 */
struct cx4_en_hash {
	const u8 *key;
	u8 fn;			/* enum cx4_tir_hash_fn */
	u8 fields;		/* enum cx4_hash_sel_field */
	u8 l3;			/* enum cx4_hash_sel_l3 */
	u8 l4;			/* enum cx4_hash_sel_l4 */
};

/*
 * tir.c: the TIRs (PRM 7.5, 12.8): direct to one RQ, or indirect over an
 * RQT with hash @h and LRO enable mask @lro (0: off); MODIFY_TIR of the
 * hash or of self_lb_en (unicast loopback, PRM 3.4).
 */
int cx4_en_tir_create_direct(struct cx4_en_priv *priv, u32 rqn, u32 *tirn);
int cx4_en_tir_modify_lro(struct cx4_en_priv *priv, u32 tirn, u8 lro,
			  const struct cx4_en_params *params);
int cx4_en_tir_create_indirect(struct cx4_en_priv *priv, u32 rqtn,
			       const struct cx4_en_hash *h, u8 lro, u32 *tirn);
int cx4_en_tir_modify_hash(struct cx4_en_priv *priv, u32 tirn,
			   const struct cx4_en_hash *h);
int cx4_en_tir_modify_self_lb(struct cx4_en_priv *priv, u32 tirn, bool on);

/*
 * rqt.c: an RQT (PRM 7.8, 12.12) of @size entries, entry i the RQ of
 * channel @indir[i % @indir_size] of @chs (modulo @nch, never 0).
 */
struct cx4_en_rqt_map {
	const u32 *indir;
	u32 indir_size;
	u32 size;
	struct cx4_en_channel **chs;
	u32 nch;
};

int cx4_en_rqt_create(struct cx4_en_priv *priv,
		      const struct cx4_en_rqt_map *map, u32 *rqtn);
int cx4_en_rqt_modify(struct cx4_en_priv *priv, u32 rqtn,
		      const struct cx4_en_rqt_map *map);

/* rss.c: RQT, indirect TIRs and the traffic-type classifier table. */
int cx4_en_rss_create(struct cx4_en_priv *priv, struct cx4_en_channel **chs);
void cx4_en_rss_destroy(struct cx4_en_priv *priv);
void cx4_en_rss_init(struct cx4_en_priv *priv);
u32 cx4_en_rss_rqt_size(struct cx4_en_priv *priv);
struct cx4_en_hash cx4_en_rss_tt_hash(const struct cx4_en_priv *priv,
				      enum cx4_en_tt tt, const u8 *key, u8 fn);
/* Pure (KUnit): ethtool ETH_RSS_HASH_* <-> enum cx4_tir_hash_fn. */
int cx4_en_rss_hfunc(u8 hfunc, u8 cur, u8 *fn);
u8 cx4_en_rss_hfunc_eth(u8 fn);

/*
 * rss_ctx.c: RSS contexts 1 .. CX4_EN_RSS_MAX_CTX - 1.  Pure (KUnit):
 * cx4_en_rss_ctx_limit() (how many the device's RQT/TIR limits hold),
 * cx4_en_rss_indir_max() (the highest channel of a table).  Device
 * objects while the channels are open (fs.c), redirect on a channel
 * switch (channels.c), rx-flow-hash fields (rss.c), the ntuple rules'
 * hold and TIRs (ntuple.c).
 */
u32 cx4_en_rss_ctx_limit(u32 log_max_rqt, u32 log_max_tir, u32 max_channels);
u32 cx4_en_rss_indir_max(const u32 *indir, u32 size);
void cx4_en_rss_ctx_init(struct cx4_en_priv *priv);
void cx4_en_rss_ctx_cleanup(struct cx4_en_priv *priv);
int cx4_en_rss_ctx_open(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
			u32 nch);
void cx4_en_rss_ctx_close(struct cx4_en_priv *priv);
int cx4_en_rss_ctx_redirect(struct cx4_en_priv *priv,
			    struct cx4_en_channel **chs, u32 nch);
int cx4_en_rss_ctx_set_fields(struct cx4_en_priv *priv, enum cx4_en_tt tt,
			      u8 fields);
int cx4_en_rss_ctx_hold(struct cx4_en_priv *priv, u32 id);
void cx4_en_rss_ctx_put(struct cx4_en_priv *priv, u32 id);
u32 cx4_en_rss_ctx_tirn(struct cx4_en_priv *priv, u32 id, enum cx4_en_tt tt);

/*
 * rssx, pure (KUnit): rx-flow-hash.  cx4_en_flow_tt(): the indirect
 * traffic type of an ethtool flow type (FLOW_EXT/MAC_EXT/RSS flags
 * ignored), or -EINVAL.  cx4_en_rxh_to_fields(): the TIR selected_fields
 * (enum cx4_hash_sel_field) of ethtool RXH_* bits for @tt, or -EINVAL
 * when @rxh asks for what the TIR cannot hash on: L2 address, VLAN, L3
 * protocol, discard, or ports on a traffic type without L4 header.
 * cx4_en_fields_to_rxh(): the reverse.
 */
int cx4_en_flow_tt(u32 flow_type);
int cx4_en_rxh_to_fields(enum cx4_en_tt tt, u64 rxh);
u64 cx4_en_fields_to_rxh(u8 fields);

/* lro.c */
u32 cx4_en_lro_max_msg(const struct cx4_en_priv *priv,
		       const struct cx4_en_params *params);
u32 cx4_en_lro_timeout(const struct cx4_en_priv *priv);

#endif /* _CX4_EN_FS_H */

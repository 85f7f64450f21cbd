// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: receive side scaling (PRM 3.3.3, 7.5, 7.8, 12.8,
 * 12.12) and the traffic-type classifier table.
 *
 * One RQT of CX4_EN_RSS_INDIR_SIZE entries (the ethtool indirection
 * table, channel indices mapped to their RQs) and six indirect TIRs
 * hashing with Toeplitz (key from netdev_rss_key_fill() or ethtool -X) or
 * inverted XOR8 (ethtool -X hfunc xor) over the fields of their traffic
 * type, by default:
 *
 *   IPv4/IPv6 TCP, IPv4/IPv6 UDP   source/destination IP and L4 ports
 *   IPv4/IPv6 other                source/destination IP
 *
 * ethtool -N rx-flow-hash picks any subset of those fields per traffic
 * type (rx_hash_field_selector_outer, PRM Table 47).
 *
 * The TTC flow table (level 3, after the ntuple rules) sends each traffic type to its TIR:
 * ethertype + IP protocol + not-a-fragment for TCP/UDP, ethertype for
 * the rest of IP, anything else to the direct TIR of channel 0.  The TCP
 * TIRs carry the LRO settings when LRO is on (lro.c).  Without the
 * device's RSS capability every type goes to the direct TIR.
 *
 * Changes (ethtool -X, -N, new channels) are MODIFY_RQT / MODIFY_TIR on
 * the live objects: the device switches atomically per object, and a
 * failed hash change puts back the old hash on the TIRs already changed.
 *
 * RSS contexts other than this default one (ethtool -X IF context N) are
 * rss_ctx.c's; they hash on the same fields (rx-flow-hash changes all).
 *
 * The offline self-test's loopback (ethtool -t) opens the direct TIR to
 * the function's own unicast frames (self_lb_en, PRM 3.4) while it runs.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"
#include "txrx.h"

/* Default hash fields and TTC match of each traffic type. */
static const struct {
	u8 l3;			/* enum cx4_hash_sel_l3 */
	u8 l4;			/* enum cx4_hash_sel_l4 */
	u32 fields;		/* enum cx4_hash_sel_field */
	u16 ethertype;
	u8 ip_proto;		/* 0: any (L3 group) */
	u8 lro;			/* enum cx4_tir_lro_enable, 0: never */
} cx4_en_tt[CX4_EN_TT_NUM_INDIR] = {
#define CX4_EN_L4_FIELDS (CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_DST_IP | \
			  CX4_HASH_FIELD_L4_SPORT | CX4_HASH_FIELD_L4_DPORT)
#define CX4_EN_L3_FIELDS (CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_DST_IP)
	[CX4_EN_TT_IPV4_TCP] = { CX4_HASH_SEL_L3_IPV4, CX4_HASH_SEL_L4_TCP,
				 CX4_EN_L4_FIELDS, ETH_P_IP, IPPROTO_TCP,
				 CX4_TIR_LRO_IPV4 },
	[CX4_EN_TT_IPV6_TCP] = { CX4_HASH_SEL_L3_IPV6, CX4_HASH_SEL_L4_TCP,
				 CX4_EN_L4_FIELDS, ETH_P_IPV6, IPPROTO_TCP,
				 CX4_TIR_LRO_IPV6 },
	[CX4_EN_TT_IPV4_UDP] = { CX4_HASH_SEL_L3_IPV4, CX4_HASH_SEL_L4_UDP,
				 CX4_EN_L4_FIELDS, ETH_P_IP, IPPROTO_UDP, 0 },
	[CX4_EN_TT_IPV6_UDP] = { CX4_HASH_SEL_L3_IPV6, CX4_HASH_SEL_L4_UDP,
				 CX4_EN_L4_FIELDS, ETH_P_IPV6, IPPROTO_UDP, 0 },
	[CX4_EN_TT_IPV4]     = { CX4_HASH_SEL_L3_IPV4, 0, CX4_EN_L3_FIELDS,
				 ETH_P_IP, 0, 0 },
	[CX4_EN_TT_IPV6]     = { CX4_HASH_SEL_L3_IPV6, 0, CX4_EN_L3_FIELDS,
				 ETH_P_IPV6, 0, 0 },
};

/* --- RQT ----------------------------------------------------------------------- */

/* The default RQT's entries: the indirection table over @chs. */
static struct cx4_en_rqt_map cx4_en_rss_map(struct cx4_en_priv *priv,
					    struct cx4_en_channel **chs,
					    u32 nch)
{
	return (struct cx4_en_rqt_map){
		.indir = priv->fs.rss_indir,
		.indir_size = CX4_EN_RSS_INDIR_SIZE,
		.size = priv->fs.rqt_size,
		.chs = chs,
		.nch = nch,
	};
}

static int cx4_en_rss_rqt_modify(struct cx4_en_priv *priv,
				 struct cx4_en_channel **chs, u32 nch)
{
	struct cx4_en_rqt_map map = cx4_en_rss_map(priv, chs, nch);

	return cx4_en_rqt_modify(priv, priv->fs.rqtn, &map);
}

int cx4_en_rss_redirect(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
			u32 nch)
{
	ASSERT_RTNL();
	if (!priv->fs.rqt_created || !nch)
		return 0;
	return cx4_en_rss_rqt_modify(priv, chs, nch);
}

/* --- TIRs ---------------------------------------------------------------------- */

/* Hash of traffic type @tt with key @key and function @fn (rss_ctx.c too). */
struct cx4_en_hash cx4_en_rss_tt_hash(const struct cx4_en_priv *priv,
				      enum cx4_en_tt tt, const u8 *key, u8 fn)
{
	return (struct cx4_en_hash){ key, fn, priv->fs.rss_fields[tt],
				     cx4_en_tt[tt].l3, cx4_en_tt[tt].l4 };
}

/* The configured hash of traffic type @tt. */
static struct cx4_en_hash cx4_en_hash_cur(const struct cx4_en_priv *priv,
					  enum cx4_en_tt tt)
{
	return cx4_en_rss_tt_hash(priv, tt, priv->fs.rss_key,
				  priv->fs.rss_hfunc);
}

/* Indirect TIR @tt over the RQT, with the configured hash and LRO. */
static int cx4_en_rss_tir_create(struct cx4_en_priv *priv, enum cx4_en_tt tt)
{
	struct cx4_en_hash h = cx4_en_hash_cur(priv, tt);
	u8 lro = priv->params.lro ? cx4_en_tt[tt].lro : 0;

	return cx4_en_tir_create_indirect(priv, priv->fs.rqtn, &h, lro,
					  &priv->fs.tirn[tt]);
}

/*
 * A new key and/or function on every existing TIR, or the configured
 * ones back on all of them.  The configuration is not changed here.
 */
static int cx4_en_rss_set_hash(struct cx4_en_priv *priv, const u8 *key,
			       u8 fn)
{
	struct cx4_en_hash h;
	u32 i;
	int err = 0;

	for (i = 0; i < priv->fs.ntirs; i++) {
		h = cx4_en_hash_cur(priv, i);
		h.key = key;
		h.fn = fn;
		err = cx4_en_tir_modify_hash(priv, priv->fs.tirn[i], &h);
		if (err)
			break;
	}
	if (!err)
		return 0;
	while (i--) {
		h = cx4_en_hash_cur(priv, i);
		cx4_en_tir_modify_hash(priv, priv->fs.tirn[i], &h);
	}
	return err;
}

/* --- traffic-type classifier ----------------------------------------------------- */

enum {
	CX4_EN_TTC_FG_L4,	/* ethertype, IP protocol, not a fragment */
	CX4_EN_TTC_FG_L3,	/* ethertype */
	CX4_EN_TTC_FG_ANY,	/* everything else */
	CX4_EN_TTC_NUM_FG
};

static_assert(CX4_EN_TT_NUM <= (1u << CX4_EN_TTC_LOG_SIZE));

static const struct cx4_en_fg_spec cx4_en_ttc_groups[CX4_EN_TTC_NUM_FG] = {
	[CX4_EN_TTC_FG_L4]  = { 0, 3, CX4_EN_M_ETHERTYPE | CX4_EN_M_IP_PROTO |
				      CX4_EN_M_FRAG },
	[CX4_EN_TTC_FG_L3]  = { 4, 5, CX4_EN_M_ETHERTYPE },
	[CX4_EN_TTC_FG_ANY] = { 6, 6, 0 },
};

/* TTC entry @tt (flow index == traffic type). */
static int cx4_en_ttc_rule_add(struct cx4_en_priv *priv, enum cx4_en_tt tt)
{
	struct cx4_en_dest d = { CX4_FLOW_DEST_TIR, priv->tirn };
	struct cx4_en_match m = {};
	u32 g = CX4_EN_TTC_FG_ANY;

	static_assert(CX4_EN_TT_IPV6_UDP == 3 && CX4_EN_TT_IPV6 == 5 &&
		      CX4_EN_TT_ANY == 6);
	if (tt < CX4_EN_TT_NUM_INDIR) {
		g = cx4_en_tt[tt].ip_proto ? CX4_EN_TTC_FG_L4 : CX4_EN_TTC_FG_L3;
		m.ethertype = cx4_en_tt[tt].ethertype;
		m.ip_proto = cx4_en_tt[tt].ip_proto;
		if (priv->fs.rss)
			d.id = priv->fs.tirn[tt];
	}
	m.fields = cx4_en_ttc_groups[g].fields;
	return cx4_en_fte_add(priv, &priv->fs.ttc, g, tt, &m, &d);
}

/*
 * LRO on the indirect TIRs of the traffic types that aggregate, as @params
 * says (the receive buffers they deliver to); on failure the TIRs changed
 * so far get priv->params' LRO back.
 */
int cx4_en_rss_set_lro(struct cx4_en_priv *priv,
		       const struct cx4_en_params *params)
{
	u32 i;
	int err = 0;

	for (i = 0; i < priv->fs.ntirs && !err; i++)
		if (cx4_en_tt[i].lro)
			err = cx4_en_tir_modify_lro(priv, priv->fs.tirn[i],
						    params->lro ? cx4_en_tt[i].lro : 0,
						    params);
	if (!err)
		return 0;
	for (i--; i-- > 0;)
		if (cx4_en_tt[i].lro)
			cx4_en_tir_modify_lro(priv, priv->fs.tirn[i],
					      priv->params.lro ? cx4_en_tt[i].lro : 0,
					      &priv->params);
	return err;
}

/* --- create / destroy ---------------------------------------------------------- */

void cx4_en_rss_destroy(struct cx4_en_priv *priv)
{
	struct cx4_en_fs *fs = &priv->fs;

	while (fs->ttc_rules)
		cx4_en_fte_del(priv, &fs->ttc, --fs->ttc_rules);
	cx4_en_ft_destroy(priv, &fs->ttc);
	while (fs->ntirs)
		cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR,
				   fs->tirn[--fs->ntirs]);
	if (fs->rqt_created)
		cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_RQT, fs->rqtn);
	fs->rqt_created = false;
}

/* RQT size the device takes: ours, bounded (limits.c); 0: no RSS. */
u32 cx4_en_rss_rqt_size(struct cx4_en_priv *priv)
{
	const void *gen = cx4_core_cap(priv->core, CX4_CAP_GENERAL);
	const void *eth = cx4_core_cap(priv->core, CX4_CAP_ETH_OFFLOAD);
	struct cx4_en_limits lim;

	if (!gen || !eth || !CX4_GET(ETH_CAP, eth, RSS_IND_TBL_CAP))
		return 0;
	cx4_en_limits_get(priv, &lim);
	return 1u << lim.val[CX4_EN_LIM_LOG_RQT];
}

int cx4_en_rss_create(struct cx4_en_priv *priv, struct cx4_en_channel **chs)
{
	struct cx4_en_fs *fs = &priv->fs;
	int err;

	fs->ntirs = 0;
	fs->ttc_rules = 0;
	fs->rqt_created = false;
	fs->rqt_size = cx4_en_rss_rqt_size(priv);
	fs->rss = fs->rqt_size > 0;
	if (!fs->rss)
		netdev_warn_once(priv->netdev,
				 "device without RSS: one receive queue\n");
	if (fs->rss) {
		struct cx4_en_rqt_map map = cx4_en_rss_map(priv, chs,
							   priv->num_channels);

		err = cx4_en_rqt_create(priv, &map, &fs->rqtn);
		if (err)
			return err;
		fs->rqt_created = true;
		for (; fs->ntirs < CX4_EN_TT_NUM_INDIR; fs->ntirs++) {
			err = cx4_en_rss_tir_create(priv, fs->ntirs);
			if (err)
				goto err_destroy;
		}
	}
	err = cx4_en_ft_create(priv, &fs->ttc, CX4_EN_TTC_LEVEL,
			       CX4_EN_TTC_LOG_SIZE, cx4_en_ttc_groups,
			       CX4_EN_TTC_NUM_FG);
	if (err)
		goto err_destroy;
	for (; fs->ttc_rules < CX4_EN_TT_NUM; fs->ttc_rules++) {
		err = cx4_en_ttc_rule_add(priv, fs->ttc_rules);
		if (err)
			goto err_destroy;
	}
	return 0;

err_destroy:
	cx4_en_rss_destroy(priv);
	return err;
}

void cx4_en_rss_init(struct cx4_en_priv *priv)
{
	u32 i;

	netdev_rss_key_fill(priv->fs.rss_key, CX4_EN_RSS_KEY_SIZE);
	for (i = 0; i < CX4_EN_RSS_INDIR_SIZE; i++)
		priv->fs.rss_indir[i] =
			ethtool_rxfh_indir_default(i, priv->num_channels);
	priv->fs.rss_hfunc = CX4_TIR_HASH_TOEPLITZ;
	for (i = 0; i < CX4_EN_TT_NUM_INDIR; i++)
		priv->fs.rss_fields[i] = cx4_en_tt[i].fields;
}

/* --- ethtool ------------------------------------------------------------------- */

u32 cx4_en_get_rxfh_key_size(struct net_device *netdev)
{
	return CX4_EN_RSS_KEY_SIZE;
}

u32 cx4_en_get_rxfh_indir_size(struct net_device *netdev)
{
	return CX4_EN_RSS_INDIR_SIZE;
}

/**
 * cx4_en_rss_hfunc() - the TIR hash function of an ethtool one (pure)
 * @hfunc: ETH_RSS_HASH_TOP, _XOR or _NO_CHANGE
 * @cur: enum cx4_tir_hash_fn kept by _NO_CHANGE
 * @fn: the result
 *
 * Return: 0, or -EOPNOTSUPP for any other function (or several).
 */
int cx4_en_rss_hfunc(u8 hfunc, u8 cur, u8 *fn)
{
	switch (hfunc) {
	case ETH_RSS_HASH_NO_CHANGE:
		*fn = cur;
		return 0;
	case ETH_RSS_HASH_TOP:
		*fn = CX4_TIR_HASH_TOEPLITZ;
		return 0;
	case ETH_RSS_HASH_XOR:
		*fn = CX4_TIR_HASH_INVERTED_XOR8;
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* The ethtool name (ETH_RSS_HASH_*) of TIR hash function @fn (pure). */
u8 cx4_en_rss_hfunc_eth(u8 fn)
{
	return fn == CX4_TIR_HASH_INVERTED_XOR8 ? ETH_RSS_HASH_XOR :
						  ETH_RSS_HASH_TOP;
}

int cx4_en_rss_get(struct net_device *netdev, u32 *indir, u8 *key, u8 *hfunc)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	if (hfunc)
		*hfunc = cx4_en_rss_hfunc_eth(priv->fs.rss_hfunc);
	if (key)
		memcpy(key, priv->fs.rss_key, CX4_EN_RSS_KEY_SIZE);
	if (indir)
		memcpy(indir, priv->fs.rss_indir, sizeof(priv->fs.rss_indir));
	return 0;
}

/* The new indirection table, on the RQT when it exists; else unchanged. */
static int cx4_en_rss_set_indir(struct cx4_en_priv *priv, const u32 *indir)
{
	struct cx4_en_fs *fs = &priv->fs;
	u32 *old;
	int err;

	if (!fs->rqt_created) {
		memcpy(fs->rss_indir, indir, sizeof(fs->rss_indir));
		return 0;
	}
	old = kmemdup(fs->rss_indir, sizeof(fs->rss_indir), GFP_KERNEL);
	if (!old)
		return -ENOMEM;
	memcpy(fs->rss_indir, indir, sizeof(fs->rss_indir));
	err = cx4_en_rss_rqt_modify(priv, priv->channels, priv->num_channels);
	if (err)
		memcpy(fs->rss_indir, old, sizeof(fs->rss_indir));
	kfree(old);
	return err;
}

int cx4_en_rss_set(struct net_device *netdev, const u32 *indir, const u8 *key,
		   u8 hfunc, struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_fs *fs = &priv->fs;
	bool hash;
	u8 fn;
	u32 i;
	int err;

	ASSERT_RTNL();
	err = cx4_en_rss_hfunc(hfunc, fs->rss_hfunc, &fn);
	if (err) {
		NL_SET_ERR_MSG_MOD(extack,
				   "hash function: toeplitz or xor (inverted XOR8)");
		return err;
	}
	if (indir) {
		for (i = 0; i < CX4_EN_RSS_INDIR_SIZE; i++) {
			if (indir[i] >= priv->num_channels) {
				NL_SET_ERR_MSG_MOD(extack,
						   "indirection entry beyond the channels");
				return -EINVAL;
			}
		}
	}
	hash = (key || fn != fs->rss_hfunc) && fs->rqt_created;
	if (hash) {
		err = cx4_en_rss_set_hash(priv, key ? key : fs->rss_key, fn);
		if (err) {
			NL_SET_ERR_MSG_MOD(extack,
					   "device refused the hash key or function");
			return err;
		}
	}
	if (indir) {
		err = cx4_en_rss_set_indir(priv, indir);
		if (err) {
			if (hash)
				cx4_en_rss_set_hash(priv, fs->rss_key,
						    fs->rss_hfunc);
			NL_SET_ERR_MSG_MOD(extack,
					   "device refused the indirection table");
			return err;
		}
	}
	if (key)
		memcpy(fs->rss_key, key, CX4_EN_RSS_KEY_SIZE);
	fs->rss_hfunc = fn;
	return 0;
}

/* --- rx-flow-hash (ethtool -n/-N IF rx-flow-hash TYPE) ----------------------- */

int cx4_en_flow_tt(u32 flow_type)
{
	switch (flow_type & ~(FLOW_EXT | FLOW_MAC_EXT | FLOW_RSS)) {
	case TCP_V4_FLOW:
		return CX4_EN_TT_IPV4_TCP;
	case TCP_V6_FLOW:
		return CX4_EN_TT_IPV6_TCP;
	case UDP_V4_FLOW:
		return CX4_EN_TT_IPV4_UDP;
	case UDP_V6_FLOW:
		return CX4_EN_TT_IPV6_UDP;
	case IPV4_FLOW:
		return CX4_EN_TT_IPV4;
	case IPV6_FLOW:
		return CX4_EN_TT_IPV6;
	default:
		return -EINVAL;
	}
}

/* RXH_* bits <-> selected_fields bits (Table 47). */
static const struct {
	u32 rxh;
	u8 field;
} cx4_en_rxh_map[] = {
	{ RXH_IP_SRC,	CX4_HASH_FIELD_SRC_IP },
	{ RXH_IP_DST,	CX4_HASH_FIELD_DST_IP },
	{ RXH_L4_B_0_1,	CX4_HASH_FIELD_L4_SPORT },
	{ RXH_L4_B_2_3,	CX4_HASH_FIELD_L4_DPORT },
};

u64 cx4_en_fields_to_rxh(u8 fields)
{
	u64 rxh = 0;
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cx4_en_rxh_map); i++)
		if (fields & cx4_en_rxh_map[i].field)
			rxh |= cx4_en_rxh_map[i].rxh;
	return rxh;
}

int cx4_en_rxh_to_fields(enum cx4_en_tt tt, u64 rxh)
{
	u64 ok = cx4_en_tt[tt].ip_proto ?
		 RXH_IP_SRC | RXH_IP_DST | RXH_L4_B_0_1 | RXH_L4_B_2_3 :
		 RXH_IP_SRC | RXH_IP_DST;
	int fields = 0;
	u32 i;

	if (rxh & ~ok)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(cx4_en_rxh_map); i++)
		if (rxh & cx4_en_rxh_map[i].rxh)
			fields |= cx4_en_rxh_map[i].field;
	return fields;
}

/* ETHTOOL_SRXFH (ethtool.c dispatches); RTNL. */
int cx4_en_rss_set_fields(struct cx4_en_priv *priv,
			  const struct ethtool_rxnfc *info)
{
	struct net_device *netdev = priv->netdev;
	struct cx4_en_hash h;
	int tt, fields, err;

	tt = cx4_en_flow_tt(info->flow_type);
	if (tt < 0) {
		netdev_err(netdev, "rx-flow-hash: flow type 0x%x not hashed; tcp4, udp4, tcp6, udp6, ip4 and ip6 are\n",
			   info->flow_type);
		return -EINVAL;
	}
	if ((info->flow_type & FLOW_RSS) && info->rss_context) {
		netdev_err(netdev, "rx-flow-hash: the fields are the device's, set on context 0 for every context\n");
		return -EINVAL;
	}
	fields = cx4_en_rxh_to_fields(tt, info->data);
	if (fields < 0) {
		netdev_err(netdev, "rx-flow-hash: fields 0x%llx not supported for this flow type (IP source/destination%s only)\n",
			   info->data,
			   cx4_en_tt[tt].ip_proto ? ", L4 ports" : "");
		return -EINVAL;
	}
	if (!cx4_en_rss_rqt_size(priv)) {
		netdev_err(netdev, "rx-flow-hash: the device has no RSS\n");
		return -EOPNOTSUPP;
	}
	if (fields == priv->fs.rss_fields[tt])
		return 0;
	if (tt < priv->fs.ntirs) {
		h = cx4_en_hash_cur(priv, tt);
		h.fields = fields;
		err = cx4_en_tir_modify_hash(priv, priv->fs.tirn[tt], &h);
		if (err) {
			netdev_err(netdev, "rx-flow-hash: device refused fields 0x%x: %d\n",
				   fields, err);
			return err;
		}
	}
	/* The fields are the device's: every RSS context hashes on them. */
	err = cx4_en_rss_ctx_set_fields(priv, tt, fields);
	if (err) {
		if (tt < priv->fs.ntirs) {
			h = cx4_en_hash_cur(priv, tt);
			cx4_en_tir_modify_hash(priv, priv->fs.tirn[tt], &h);
		}
		netdev_err(netdev, "rx-flow-hash: device refused fields 0x%x on an RSS context: %d\n",
			   fields, err);
		return err;
	}
	priv->fs.rss_fields[tt] = fields;
	return 0;
}

/* ETHTOOL_GRXFH: the hashed fields of a flow type (ethtool.c dispatches). */
void cx4_en_rss_get_fields(struct cx4_en_priv *priv, struct ethtool_rxnfc *info)
{
	int tt = cx4_en_flow_tt(info->flow_type);

	/* Without RSS everything goes to channel 0: no hash. */
	info->data = tt >= 0 && cx4_en_rss_rqt_size(priv) ?
		     cx4_en_fields_to_rxh(priv->fs.rss_fields[tt]) : 0;
}

/* --- chan: direct TIR re-point on a channel switch ----------------------------- */

/* Does TTC entry @tt forward to the direct TIR (not an indirect one)? */
static bool cx4_en_ttc_is_direct(const struct cx4_en_priv *priv,
				 enum cx4_en_tt tt)
{
	return tt >= CX4_EN_TT_NUM_INDIR || !priv->fs.rss;
}

/* TTC entry @tt (as cx4_en_ttc_rule_add() made it) now to TIR @tirn. */
static int cx4_en_ttc_rule_point(struct cx4_en_priv *priv, enum cx4_en_tt tt,
				 u32 tirn)
{
	struct cx4_en_dest d = { CX4_FLOW_DEST_TIR, tirn };
	struct cx4_en_match m = {};
	u32 g = CX4_EN_TTC_FG_ANY;

	if (tt < CX4_EN_TT_NUM_INDIR) {
		g = cx4_en_tt[tt].ip_proto ? CX4_EN_TTC_FG_L4 : CX4_EN_TTC_FG_L3;
		m.ethertype = cx4_en_tt[tt].ethertype;
		m.ip_proto = cx4_en_tt[tt].ip_proto;
	}
	m.fields = cx4_en_ttc_groups[g].fields;
	return cx4_en_fte_set_dest(priv, &priv->fs.ttc, g, tt, &m, &d);
}

/*
 * cx4_en_ttc_set_direct() - make @tirn the direct TIR of the TTC table
 * @priv: the function, steering created
 * @tirn: the new direct TIR
 *
 * Every TTC entry of the direct TIR is modified in place (no window
 * without an entry), then priv->tirn is @tirn.  On failure the entries
 * already moved are put back and priv->tirn is unchanged.  Under RTNL.
 *
 * Return: 0 or -errno.
 */
int cx4_en_ttc_set_direct(struct cx4_en_priv *priv, u32 tirn)
{
	u32 tt, done;
	int err = 0;

	ASSERT_RTNL();
	for (done = 0; done < priv->fs.ttc_rules; done++) {
		if (!cx4_en_ttc_is_direct(priv, done))
			continue;
		err = cx4_en_ttc_rule_point(priv, done, tirn);
		if (err)
			break;
	}
	if (!err) {
		priv->tirn = tirn;
		return 0;
	}
	for (tt = 0; tt < done; tt++)
		if (cx4_en_ttc_is_direct(priv, tt) &&
		    cx4_en_ttc_rule_point(priv, tt, priv->tirn))
			netdev_err(priv->netdev, "cannot restore TTC entry %u\n",
				   tt);
	return err;
}

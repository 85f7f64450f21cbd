// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: RSS contexts (ethtool -X IF context new|N ...,
 * ethtool -x IF context N; PRM 3.3.3, 7.5, 7.8).
 *
 * Context 0 is the default RSS of rss.c.  Each further context is an RQT
 * of the same size over its own indirection table and six indirect TIRs
 * over that RQT, one per traffic type, with the context's own Toeplitz
 * key and hash function (Toeplitz or inverted XOR8) and the device-wide
 * hash fields of ethtool -N rx-flow-hash.  Nothing steers into a context
 * but ntuple rules naming it (ethtool -N ... context N, ntuple.c): such a
 * rule forwards to the context's TIR of the rule's traffic type.  The
 * context TIRs carry no LRO.
 *
 * The configuration lives until the context is deleted (or the netdev
 * goes); the RQT and TIRs exist while the channels are open, made after
 * the default RSS objects and before the ntuple rules (fs.c).  A change
 * is MODIFY_RQT / MODIFY_TIR on the live objects, put back as far as
 * done when the device refuses part of it.  A channel rebuild (ethtool
 * -L, -G, MTU) re-points every context RQT at the new RQs before the old
 * ones go (channels.c); ethtool -L below a channel some context names is
 * refused (params.c, and the 6.12 ethtool core).  A context an ntuple
 * rule steers into is not deleted (-EBUSY).
 *
 * How many: CX4_EN_RSS_MAX_CTX - 1 at most, fewer when the device's RQT
 * or TIR limits (log_max_rqt, log_max_tir) would not hold them besides
 * the default RSS, the direct TIRs of the channels and of the ntuple
 * queues, each of the latter twice during a channel switch.  Without the
 * device's RSS capability there are none.  Everything runs under RTNL.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"
#include "txrx.h"

/* --- pure (KUnit) ---------------------------------------------------------------- */

/**
 * cx4_en_rss_ctx_limit() - how many RSS contexts the device can hold
 * @log_max_rqt: HCA_CAP log_max_rqt
 * @log_max_tir: HCA_CAP log_max_tir
 * @max_channels: channels the function may open
 *
 * One RQT is the default RSS's; TIRs: the six default indirect ones, the
 * channel-0 direct TIR and its successor during a switch, the self-test's
 * and two per channel for ntuple queues (old and new during a switch).
 *
 * Return: contexts 0 .. CX4_EN_RSS_MAX_CTX - 1.
 */
u32 cx4_en_rss_ctx_limit(u32 log_max_rqt, u32 log_max_tir, u32 max_channels)
{
	u64 rqts = 1ull << min(log_max_rqt, 32u);
	u64 tirs = 1ull << min(log_max_tir, 32u);
	u64 used = CX4_EN_TT_NUM_INDIR + 3 + 2ull * max_channels;
	u64 n = CX4_EN_RSS_MAX_CTX - 1;

	n = min(n, rqts - 1);
	n = min(n, tirs > used ? (tirs - used) / CX4_EN_TT_NUM_INDIR : 0);
	return n;
}

/* The highest channel an indirection table of @size entries names. */
u32 cx4_en_rss_indir_max(const u32 *indir, u32 size)
{
	u32 i, max = 0;

	for (i = 0; i < size; i++)
		max = max(max, indir[i]);
	return max;
}

/* --- device objects -------------------------------------------------------------- */

static struct cx4_en_rqt_map cx4_en_rss_ctx_map(struct cx4_en_priv *priv,
						struct cx4_en_rss_ctx *c,
						struct cx4_en_channel **chs,
						u32 nch)
{
	return (struct cx4_en_rqt_map){
		.indir = c->indir,
		.indir_size = CX4_EN_RSS_INDIR_SIZE,
		.size = priv->fs.rqt_size,
		.chs = chs,
		.nch = nch,
	};
}

static void cx4_en_rss_ctx_objs_destroy(struct cx4_en_priv *priv,
					struct cx4_en_rss_ctx *c)
{
	while (c->ntirs)
		cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR,
				   c->tirn[--c->ntirs]);
	if (c->rqt_created)
		cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_RQT, c->rqtn);
	c->rqt_created = false;
}

/* The RQT of @c over @chs and its TIRs; on failure none of them. */
static int cx4_en_rss_ctx_objs_create(struct cx4_en_priv *priv,
				      struct cx4_en_rss_ctx *c,
				      struct cx4_en_channel **chs, u32 nch)
{
	struct cx4_en_rqt_map map = cx4_en_rss_ctx_map(priv, c, chs, nch);
	struct cx4_en_hash h;
	int err;

	err = cx4_en_rqt_create(priv, &map, &c->rqtn);
	if (err)
		return err;
	c->rqt_created = true;
	for (c->ntirs = 0; c->ntirs < CX4_EN_TT_NUM_INDIR; c->ntirs++) {
		h = cx4_en_rss_tt_hash(priv, c->ntirs, c->key, c->hfunc);
		err = cx4_en_tir_create_indirect(priv, c->rqtn, &h, 0,
						 &c->tirn[c->ntirs]);
		if (err) {
			cx4_en_rss_ctx_objs_destroy(priv, c);
			return err;
		}
	}
	return 0;
}

/**
 * cx4_en_rss_ctx_open() - every context's RQT and TIRs over @chs
 * @priv: the function, default RSS created
 * @chs: the channels being opened
 * @nch: their number
 *
 * Return: 0 or -errno, none created.
 */
int cx4_en_rss_ctx_open(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
			u32 nch)
{
	struct cx4_en_fs *fs = &priv->fs;
	u32 id;
	int err;

	ASSERT_RTNL();
	if (!fs->rss)
		return 0;
	for (id = 1; id < CX4_EN_RSS_MAX_CTX; id++) {
		if (!fs->ctx[id])
			continue;
		err = cx4_en_rss_ctx_objs_create(priv, fs->ctx[id], chs, nch);
		if (err) {
			cx4_en_rss_ctx_close(priv);
			return err;
		}
	}
	fs->ctx_open = true;
	return 0;
}

void cx4_en_rss_ctx_close(struct cx4_en_priv *priv)
{
	u32 id;

	ASSERT_RTNL();
	for (id = 1; id < CX4_EN_RSS_MAX_CTX; id++)
		if (priv->fs.ctx[id])
			cx4_en_rss_ctx_objs_destroy(priv, priv->fs.ctx[id]);
	priv->fs.ctx_open = false;
}

/**
 * cx4_en_rss_ctx_redirect() - every context RQT onto the RQs of @chs
 * @priv: the function
 * @chs: the new channels
 * @nch: their number
 *
 * MODIFY_RQT each (the device switches each table atomically).  On
 * failure the caller redirects them to the running set again.
 *
 * Return: 0 or -errno.
 */
int cx4_en_rss_ctx_redirect(struct cx4_en_priv *priv,
			    struct cx4_en_channel **chs, u32 nch)
{
	struct cx4_en_rqt_map map;
	struct cx4_en_rss_ctx *c;
	u32 id;
	int err;

	ASSERT_RTNL();
	for (id = 1; id < CX4_EN_RSS_MAX_CTX; id++) {
		c = priv->fs.ctx[id];
		if (!c || !c->rqt_created)
			continue;
		map = cx4_en_rss_ctx_map(priv, c, chs, nch);
		err = cx4_en_rqt_modify(priv, c->rqtn, &map);
		if (err)
			return err;
	}
	return 0;
}

/* Hash of every TIR of @c: function @fn, key @key. */
static int cx4_en_rss_ctx_set_hash(struct cx4_en_priv *priv,
				   struct cx4_en_rss_ctx *c, const u8 *key,
				   u8 fn)
{
	struct cx4_en_hash h;
	u32 i;
	int err = 0;

	for (i = 0; i < c->ntirs; i++) {
		h = cx4_en_rss_tt_hash(priv, i, key, fn);
		err = cx4_en_tir_modify_hash(priv, c->tirn[i], &h);
		if (err)
			break;
	}
	if (!err)
		return 0;
	while (i--) {
		h = cx4_en_rss_tt_hash(priv, i, c->key, c->hfunc);
		cx4_en_tir_modify_hash(priv, c->tirn[i], &h);
	}
	return err;
}

/**
 * cx4_en_rss_ctx_set_fields() - rx-flow-hash fields of @tt on every context
 * @priv: the function; priv->fs.rss_fields[@tt] is the old value
 * @tt: the traffic type
 * @fields: its new hash fields
 *
 * On failure the contexts already changed get the old fields back.
 *
 * Return: 0 or -errno.
 */
int cx4_en_rss_ctx_set_fields(struct cx4_en_priv *priv, enum cx4_en_tt tt,
			      u8 fields)
{
	struct cx4_en_rss_ctx *c;
	struct cx4_en_hash h;
	u32 id;
	int err = 0;

	ASSERT_RTNL();
	for (id = 1; id < CX4_EN_RSS_MAX_CTX; id++) {
		c = priv->fs.ctx[id];
		if (!c || tt >= c->ntirs)
			continue;
		h = cx4_en_rss_tt_hash(priv, tt, c->key, c->hfunc);
		h.fields = fields;
		err = cx4_en_tir_modify_hash(priv, c->tirn[tt], &h);
		if (err)
			break;
	}
	if (!err)
		return 0;
	while (--id > 0) {
		c = priv->fs.ctx[id];
		if (!c || tt >= c->ntirs)
			continue;
		h = cx4_en_rss_tt_hash(priv, tt, c->key, c->hfunc);
		cx4_en_tir_modify_hash(priv, c->tirn[tt], &h);
	}
	return err;
}

/* --- ntuple rules into a context -------------------------------------------------- */

static struct cx4_en_rss_ctx *cx4_en_rss_ctx_find(struct cx4_en_priv *priv,
						  u32 id)
{
	return id && id < CX4_EN_RSS_MAX_CTX ? priv->fs.ctx[id] : NULL;
}

/* A rule now steers into context @id: -ENOENT if there is none. */
int cx4_en_rss_ctx_hold(struct cx4_en_priv *priv, u32 id)
{
	struct cx4_en_rss_ctx *c = cx4_en_rss_ctx_find(priv, id);

	if (!c)
		return -ENOENT;
	c->users++;
	return 0;
}

void cx4_en_rss_ctx_put(struct cx4_en_priv *priv, u32 id)
{
	struct cx4_en_rss_ctx *c = cx4_en_rss_ctx_find(priv, id);

	if (c && !WARN_ON(!c->users))
		c->users--;
}

/* The TIR of traffic type @tt of context @id, 0 while it has none. */
u32 cx4_en_rss_ctx_tirn(struct cx4_en_priv *priv, u32 id, enum cx4_en_tt tt)
{
	struct cx4_en_rss_ctx *c = cx4_en_rss_ctx_find(priv, id);

	return c && tt < c->ntirs ? c->tirn[tt] : 0;
}

/* The highest channel a context's table names, or -1 without contexts. */
int cx4_en_rss_ctx_max_queue(const struct cx4_en_priv *priv)
{
	int max = -1;
	u32 id;

	for (id = 1; id < CX4_EN_RSS_MAX_CTX; id++)
		if (priv->fs.ctx[id])
			max = max_t(int, max,
				    cx4_en_rss_indir_max(priv->fs.ctx[id]->indir,
							 CX4_EN_RSS_INDIR_SIZE));
	return max;
}

/* --- ethtool -X IF context new|N ... ---------------------------------------------- */

/*
 * A request's hash function (@hfunc, or @cur for no change) into *@fn,
 * and its table: every entry names an open channel (the core checks it
 * too).
 */
static int cx4_en_rss_ctx_check(struct cx4_en_priv *priv, u8 hfunc, u8 cur,
				const u32 *indir, u8 *fn,
				struct netlink_ext_ack *extack)
{
	int err = cx4_en_rss_hfunc(hfunc, cur, fn);

	if (err) {
		NL_SET_ERR_MSG_MOD(extack,
				   "hash function: toeplitz or xor (inverted XOR8)");
		return err;
	}
	if (indir && cx4_en_rss_indir_max(indir, CX4_EN_RSS_INDIR_SIZE) >=
		     priv->num_channels) {
		NL_SET_ERR_MSG_MOD(extack,
				   "RSS context: indirection entry beyond the channels");
		return -EINVAL;
	}
	return 0;
}

/**
 * cx4_en_rss_ctx_add() - a new RSS context (ethtool -X IF context new)
 * @netdev: the interface
 * @id: its ID, chosen by the ethtool core (1 .. CX4_EN_RSS_MAX_CTX - 1)
 * @indir: its table, or NULL: spread over every channel
 * @key: its key, or NULL: the default context's
 * @hfunc: ETH_RSS_HASH_TOP, _XOR or _NO_CHANGE (Toeplitz)
 * @extack: why it is refused
 *
 * Made in the device now if the channels are open.
 *
 * Return: 0, -EOPNOTSUPP (no RSS, a hash function not offered), -ENOSPC
 * (the device's limit reached), -EINVAL, -EEXIST or -ENOMEM; nothing
 * made on failure.
 */
int cx4_en_rss_ctx_add(struct net_device *netdev, u32 id, const u32 *indir,
		       const u8 *key, u8 hfunc, struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_fs *fs = &priv->fs;
	struct cx4_en_rss_ctx *c;
	u8 fn;
	u32 i;
	int err;

	ASSERT_RTNL();
	if (!fs->max_ctx) {
		NL_SET_ERR_MSG_MOD(extack, "RSS contexts: the device has no RSS");
		return -EOPNOTSUPP;
	}
	if (fs->nctx >= fs->max_ctx) {
		NL_SET_ERR_MSG_MOD(extack,
				   "RSS contexts: the device's limit is reached");
		return -ENOSPC;
	}
	if (!id || id >= CX4_EN_RSS_MAX_CTX) {
		NL_SET_ERR_MSG_MOD(extack, "RSS context: ID out of range");
		return -EINVAL;
	}
	if (fs->ctx[id]) {
		NL_SET_ERR_MSG_MOD(extack, "RSS context: ID taken");
		return -EEXIST;
	}
	err = cx4_en_rss_ctx_check(priv, hfunc, CX4_TIR_HASH_TOEPLITZ, indir,
				   &fn, extack);
	if (err)
		return err;
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	for (i = 0; i < CX4_EN_RSS_INDIR_SIZE; i++)
		c->indir[i] = indir ? indir[i] :
			      ethtool_rxfh_indir_default(i, priv->num_channels);
	memcpy(c->key, key ? key : fs->rss_key, CX4_EN_RSS_KEY_SIZE);
	c->hfunc = fn;
	if (fs->ctx_open) {
		err = cx4_en_rss_ctx_objs_create(priv, c, priv->channels,
						 priv->num_channels);
		if (err) {
			NL_SET_ERR_MSG_MOD(extack,
					   "RSS context: the device refused its RQT or TIRs");
			kfree(c);
			return err;
		}
	}
	fs->ctx[id] = c;
	fs->nctx++;
	return 0;
}

/**
 * cx4_en_rss_ctx_change() - ethtool -X IF context N [weight|equal] [hkey] [hfunc]
 * @netdev: the interface
 * @id: the context
 * @indir: the new table, or NULL: unchanged
 * @key: the new key, or NULL: unchanged
 * @hfunc: the new function, or ETH_RSS_HASH_NO_CHANGE
 * @extack: why it is refused
 *
 * Return: 0 or -errno, the context unchanged.
 */
int cx4_en_rss_ctx_change(struct net_device *netdev, u32 id, const u32 *indir,
			  const u8 *key, u8 hfunc,
			  struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_rss_ctx *c = cx4_en_rss_ctx_find(priv, id);
	u32 old[CX4_EN_RSS_INDIR_SIZE];
	struct cx4_en_rqt_map map;
	bool hash;
	u8 fn;
	int err;

	ASSERT_RTNL();
	if (!c) {
		NL_SET_ERR_MSG_MOD(extack, "RSS context: no such context");
		return -ENOENT;
	}
	err = cx4_en_rss_ctx_check(priv, hfunc, c->hfunc, indir, &fn, extack);
	if (err)
		return err;
	hash = (key || fn != c->hfunc) && c->ntirs;
	if (hash) {
		err = cx4_en_rss_ctx_set_hash(priv, c, key ? key : c->key, fn);
		if (err) {
			NL_SET_ERR_MSG_MOD(extack,
					   "device refused the hash key or function");
			return err;
		}
	}
	if (indir) {
		memcpy(old, c->indir, sizeof(old));
		memcpy(c->indir, indir, sizeof(c->indir));
		if (c->rqt_created) {
			map = cx4_en_rss_ctx_map(priv, c, priv->channels,
						 priv->num_channels);
			err = cx4_en_rqt_modify(priv, c->rqtn, &map);
		}
		if (err) {
			memcpy(c->indir, old, sizeof(c->indir));
			if (hash)
				cx4_en_rss_ctx_set_hash(priv, c, c->key,
							c->hfunc);
			NL_SET_ERR_MSG_MOD(extack,
					   "device refused the indirection table");
			return err;
		}
	}
	if (key)
		memcpy(c->key, key, CX4_EN_RSS_KEY_SIZE);
	c->hfunc = fn;
	return 0;
}

/* The lowest context ID free, 0 when none is (the kernel's ID before 6.8). */
u32 cx4_en_rss_ctx_new_id(const struct cx4_en_priv *priv)
{
	u32 id;

	for (id = 1; id < CX4_EN_RSS_MAX_CTX; id++)
		if (!priv->fs.ctx[id])
			return id;
	return 0;
}

/* ethtool -X IF context N delete: refused while ntuple rules use it. */
int cx4_en_rss_ctx_del(struct net_device *netdev, u32 id,
		       struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_rss_ctx *c = cx4_en_rss_ctx_find(priv, id);

	ASSERT_RTNL();
	if (!c) {
		NL_SET_ERR_MSG_MOD(extack, "RSS context: no such context");
		return -ENOENT;
	}
	if (c->users) {
		NL_SET_ERR_MSG_MOD(extack,
				   "RSS context: ntuple rules steer into it; delete them first");
		return -EBUSY;
	}
	cx4_en_rss_ctx_objs_destroy(priv, c);
	kfree(c);
	priv->fs.ctx[id] = NULL;
	priv->fs.nctx--;
	return 0;
}

/* Table, key and function of context @id (each may be NULL). */
int cx4_en_rss_ctx_read(struct net_device *netdev, u32 id, u32 *indir,
			u8 *key, u8 *hfunc)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_rss_ctx *c = cx4_en_rss_ctx_find(priv, id);

	if (!c)
		return -ENOENT;
	if (indir)
		memcpy(indir, c->indir, sizeof(c->indir));
	if (key)
		memcpy(key, c->key, CX4_EN_RSS_KEY_SIZE);
	if (hfunc)
		*hfunc = cx4_en_rss_hfunc_eth(c->hfunc);
	return 0;
}

/* --- attach / detach --------------------------------------------------------------- */

void cx4_en_rss_ctx_init(struct cx4_en_priv *priv)
{
	const void *gen = cx4_core_cap(priv->core, CX4_CAP_GENERAL);

	priv->fs.max_ctx = 0;
	if (gen && cx4_en_rss_rqt_size(priv))
		priv->fs.max_ctx =
			cx4_en_rss_ctx_limit(CX4_GET(CAP, gen, LOG_MAX_RQT),
					     CX4_GET(CAP, gen, LOG_MAX_TIR),
					     priv->max_channels);
}

/* After the channels closed for good: every context goes. */
void cx4_en_rss_ctx_cleanup(struct cx4_en_priv *priv)
{
	u32 id;

	for (id = 1; id < CX4_EN_RSS_MAX_CTX; id++) {
		kfree(priv->fs.ctx[id]);
		priv->fs.ctx[id] = NULL;
	}
	priv->fs.nctx = 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: transport interface receive objects (PRM 7.5, 12.8;
 * context Table 44).  Direct TIRs deliver to one RQ (channels.c: the
 * default and the loopback target); indirect TIRs hash over an RQT
 * (rss.c: one per traffic type) with a Toeplitz or XOR8 hash, optionally
 * with LRO (lro.c gives the session limits).  MODIFY_TIR changes a live
 * TIR's hash, its LRO or its self-loopback bit.  DESTROY_TIR is obj.c's.
 */

#include <linux/string.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"

static void cx4_en_tir_hash(void *tirc, const struct cx4_en_hash *h)
{
	void *sel = CX4_ADDR(TIRC, tirc, RX_HASH_FIELD_SEL_OUTER);

	CX4_SET(TIRC, tirc, RX_HASH_FN, h->fn);
	memcpy(CX4_ADDR(TIRC, tirc, RX_HASH_TOEPLITZ_KEY), h->key,
	       CX4_EN_RSS_KEY_SIZE);
	CX4_SET(HASH_SEL, sel, L3_PROT_TYPE, h->l3);
	CX4_SET(HASH_SEL, sel, L4_PROT_TYPE, h->l4);
	CX4_SET(HASH_SEL, sel, SELECTED_FIELDS, h->fields);
}

/* LRO of a TIR delivering to receive buffers built for @params. */
static void cx4_en_tir_lro(struct cx4_en_priv *priv, void *tirc, u8 lro,
			   const struct cx4_en_params *params)
{
	if (!lro)
		return;
	CX4_SET(TIRC, tirc, LRO_ENABLE_MASK, lro);
	CX4_SET(TIRC, tirc, LRO_MAX_MSG_SZ, cx4_en_lro_max_msg(priv, params));
	CX4_SET(TIRC, tirc, LRO_TIMEOUT_PERIOD_USECS, cx4_en_lro_timeout(priv));
}

int cx4_en_tir_create_direct(struct cx4_en_priv *priv, u32 rqn, u32 *tirn)
{
	u8 in[CX4_CREATE_TIR_IN_SIZE] = {};
	void *tirc = CX4_ADDR(CREATE_TIR_IN, in, CTX);

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_TIR);
	CX4_SET(TIRC, tirc, DISP_TYPE, CX4_TIR_DISP_DIRECT);
	CX4_SET(TIRC, tirc, INLINE_RQN, rqn);
	CX4_SET(TIRC, tirc, TRANSPORT_DOMAIN, cx4_core_tdn(priv->core));
	return cx4_en_obj_create(priv, in, sizeof(in), tirn);
}

int cx4_en_tir_create_indirect(struct cx4_en_priv *priv, u32 rqtn,
			       const struct cx4_en_hash *h, u8 lro, u32 *tirn)
{
	u8 in[CX4_CREATE_TIR_IN_SIZE] = {};
	u8 out[CX4_CREATE_TIR_OUT_SIZE] = {};
	void *tirc = CX4_ADDR(CREATE_TIR_IN, in, CTX);
	int err;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_TIR);
	CX4_SET(TIRC, tirc, DISP_TYPE, CX4_TIR_DISP_INDIRECT);
	CX4_SET(TIRC, tirc, INDIRECT_TABLE, rqtn);
	CX4_SET(TIRC, tirc, TRANSPORT_DOMAIN, cx4_core_tdn(priv->core));
	cx4_en_tir_hash(tirc, h);
	cx4_en_tir_lro(priv, tirc, lro, &priv->params);
	err = cx4_cmd(priv->core, in, out);
	if (!err)
		*tirn = CX4_GET(CREATE_TIR_OUT, out, TIRN);
	return err;
}

/* A MODIFY_TIR of @tirn changing the @sel fields: its context to fill. */
static void *cx4_en_tir_modify_in(u8 *in, u32 tirn, u64 sel)
{
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_TIR);
	CX4_SET(MODIFY_TIR_IN, in, TIRN, tirn);
	CX4_SET64(MODIFY_TIR_IN, in, BITMASK, sel);
	return CX4_ADDR(MODIFY_TIR_IN, in, CTX);
}

/* MODIFY_TIR: the hash (function, key and fields) of indirect TIR @tirn. */
int cx4_en_tir_modify_hash(struct cx4_en_priv *priv, u32 tirn,
			   const struct cx4_en_hash *h)
{
	u8 in[CX4_MODIFY_TIR_IN_SIZE] = {};
	u8 out[CX4_MODIFY_TIR_OUT_SIZE] = {};

	cx4_en_tir_hash(cx4_en_tir_modify_in(in, tirn, CX4_MODIFY_TIR_SEL_HASH), h);
	return cx4_cmd(priv->core, in, out);
}

/*
 * MODIFY_TIR LRO of @tirn: @lro (enable mask, 0 off) with the session
 * limits of the receive buffers of @params.
 */
int cx4_en_tir_modify_lro(struct cx4_en_priv *priv, u32 tirn, u8 lro,
			  const struct cx4_en_params *params)
{
	u8 in[CX4_MODIFY_TIR_IN_SIZE] = {};
	u8 out[CX4_MODIFY_TIR_OUT_SIZE] = {};

	cx4_en_tir_lro(priv, cx4_en_tir_modify_in(in, tirn, CX4_MODIFY_TIR_SEL_LRO),
		       lro, params);
	return cx4_cmd(priv->core, in, out);
}

/* MODIFY_TIR self_lb_en of @tirn (Table 45 bit 0: unicast). */
int cx4_en_tir_modify_self_lb(struct cx4_en_priv *priv, u32 tirn, bool on)
{
	u8 in[CX4_MODIFY_TIR_IN_SIZE] = {};
	u8 out[CX4_MODIFY_TIR_OUT_SIZE] = {};
	void *tirc = cx4_en_tir_modify_in(in, tirn, CX4_MODIFY_TIR_SEL_SELF_LB_EN);

	CX4_SET(TIRC, tirc, SELF_LB_EN, on ? CX4_TIR_SELF_LB_UC : 0);
	return cx4_cmd(priv->core, in, out);
}

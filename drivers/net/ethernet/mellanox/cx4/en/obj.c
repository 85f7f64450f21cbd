// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: commands common to its device objects (TIS, TIR,
 * SQ, RQ, RQT): CREATE_* returning the new number, DESTROY_* by number,
 * and the SQ/RQ state change (MODIFY_SQ/RQ).  Below channels.c, rss.c
 * and recover.c; calls only the core.
 */

#include <linux/cx4/core.h>

#include "en.h"

/* --- generic object commands --------------------------------------------- */

/* DESTROY_TIS/TIR/SQ/RQ/RQT: the object number at 0x08. */
int cx4_en_obj_destroy(struct cx4_en_priv *priv, u16 opcode, u32 num)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	u8 in[CX4_CMD_SIMPLE_SIZE] = {};

	CX4_SET(CMD_IN, in, OPCODE, opcode);
	CX4_SET(OBJ_CMD, in, OBJ_NUM, num);
	return cx4_cmd(priv->core, in, out);
}

/* CREATE_* with input @in of @len bytes; the new number at 0x08. */
int cx4_en_obj_create(struct cx4_en_priv *priv, const void *in, size_t len,
		      u32 *num)
{
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	int err;

	err = cx4_cmd_exec(priv->core, in, len, out, sizeof(out));
	if (!err)
		*num = CX4_GET(OBJ_CMD, out, OBJ_NUM);
	return err;
}

/*
 * MODIFY_SQ / MODIFY_RQ from state @cur to @next (PRM 7.7.1, 7.9.1);
 * for an RQ, @vsd >= 0 also sets the VLAN stripping disable bit.
 */
int cx4_en_wq_modify(struct cx4_en_priv *priv, bool sq, u32 num, u8 cur,
		     u8 next, int vsd)
{
	u8 in[CX4_MODIFY_SQ_IN_SIZE] = {};
	u8 out[CX4_CMD_SIMPLE_SIZE] = {};
	size_t len;

	static_assert(CX4_MODIFY_SQ_IN_SIZE == CX4_MODIFY_RQ_IN_SIZE);
	if (sq) {
		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_SQ);
		CX4_SET(MODIFY_SQ_IN, in, SQ_STATE, cur);
		CX4_SET(MODIFY_SQ_IN, in, SQN, num);
		CX4_SET(SQC, CX4_ADDR(MODIFY_SQ_IN, in, CTX), STATE, next);
		len = CX4_MODIFY_SQ_IN_SIZE;
	} else {
		CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MODIFY_RQ);
		CX4_SET(MODIFY_RQ_IN, in, RQ_STATE, cur);
		CX4_SET(MODIFY_RQ_IN, in, RQN, num);
		CX4_SET(RQC, CX4_ADDR(MODIFY_RQ_IN, in, CTX), STATE, next);
		if (vsd >= 0) {
			CX4_SET64(MODIFY_RQ_IN, in, BITMASK,
				  CX4_MODIFY_RQ_SEL_VSD);
			CX4_SET(RQC, CX4_ADDR(MODIFY_RQ_IN, in, CTX), VSD, vsd);
		}
		len = CX4_MODIFY_RQ_IN_SIZE;
	}
	return cx4_cmd_exec(priv->core, in, len, out, sizeof(out));
}

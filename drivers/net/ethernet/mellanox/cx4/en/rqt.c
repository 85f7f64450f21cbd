// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: receive queue tables (PRM 7.8, 12.12; context
 * Table 54, CREATE_RQT Table 339, MODIFY_RQT Table 343).
 *
 * An RQT lists the RQs an indirect TIR hashes over.  Its entries come
 * from an ethtool indirection table of channel indices, mapped to the
 * RQs of a channel set; a table made for more channels than are open
 * wraps onto the open ones.  DESTROY_RQT is obj.c's.
 */

#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"
#include "txrx.h"

/* The RQ list of an RQT context from @map (see fs.h). */
static void cx4_en_rqt_fill(void *rqtc, const struct cx4_en_rqt_map *map)
{
	u32 i;

	CX4_SET(RQTC, rqtc, RQT_ACTUAL_SIZE, map->size);
	for (i = 0; i < map->size; i++) {
		u32 ch = map->indir[i % map->indir_size];

		CX4_SET(RQTC, rqtc + cx4_rqtc_rq_off(i), RQ_NUM,
			map->chs[ch % map->nch]->rq.rqn);
	}
}

/*
 * CREATE_RQT (the new table's number into *@rqtn) or MODIFY_RQT of
 * *@rqtn's RQ list: one input layout but for the header fields.
 */
static int cx4_en_rqt_exec(struct cx4_en_priv *priv, u16 opcode,
			   const struct cx4_en_rqt_map *map, u32 *rqtn)
{
	bool create = opcode == CX4_CMD_CREATE_RQT;
	u32 len = cx4_rqt_cmd_size(map->size);
	u8 out[CX4_CREATE_RQT_OUT_SIZE] = {};
	void *rqtc;
	u8 *in;
	int err;

	static_assert(CX4_MODIFY_RQT_OUT_SIZE <= CX4_CREATE_RQT_OUT_SIZE);
	if (!map->nch)
		return -EINVAL;
	in = kzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, opcode);
	if (create) {
		rqtc = CX4_ADDR(CREATE_RQT_IN, in, CTX);
		CX4_SET(RQTC, rqtc, RQT_MAX_SIZE, map->size);
	} else {
		rqtc = CX4_ADDR(MODIFY_RQT_IN, in, CTX);
		CX4_SET(MODIFY_RQT_IN, in, RQTN, *rqtn);
		CX4_SET64(MODIFY_RQT_IN, in, BITMASK,
			  CX4_MODIFY_RQT_SEL_RQ_LIST);
	}
	cx4_en_rqt_fill(rqtc, map);
	err = cx4_cmd_exec(priv->core, in, len, out,
			   create ? CX4_CREATE_RQT_OUT_SIZE :
				    CX4_MODIFY_RQT_OUT_SIZE);
	kfree(in);
	if (!err && create)
		*rqtn = CX4_GET(CREATE_RQT_OUT, out, RQTN);
	return err;
}

int cx4_en_rqt_create(struct cx4_en_priv *priv,
		      const struct cx4_en_rqt_map *map, u32 *rqtn)
{
	return cx4_en_rqt_exec(priv, CX4_CMD_CREATE_RQT, map, rqtn);
}

int cx4_en_rqt_modify(struct cx4_en_priv *priv, u32 rqtn,
		      const struct cx4_en_rqt_map *map)
{
	return cx4_en_rqt_exec(priv, CX4_CMD_MODIFY_RQT, map, &rqtn);
}

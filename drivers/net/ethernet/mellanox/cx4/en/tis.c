// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: the transport interface send object (PRM 7.6;
 * context Table 50, CREATE_TIS Table 298).  One TIS, priority 0 in the
 * core's transport domain, carries every SQ of the netdev (channels.c
 * names it in each SQ context).
 */

#include <linux/cx4/core.h>

#include "en.h"

int cx4_en_tis_create(struct cx4_en_priv *priv)
{
	u8 in[CX4_CREATE_TIS_IN_SIZE] = {};
	void *tisc = CX4_ADDR(CREATE_TIS_IN, in, CTX);

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_CREATE_TIS);
	CX4_SET(TISC, tisc, PRIO, 0);
	CX4_SET(TISC, tisc, TRANSPORT_DOMAIN, cx4_core_tdn(priv->core));
	return cx4_en_obj_create(priv, in, sizeof(in), &priv->tisn);
}

void cx4_en_tis_destroy(struct cx4_en_priv *priv)
{
	cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIS, priv->tisn);
}

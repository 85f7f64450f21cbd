/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: the port registers of PRM chapter 11 (port.c), read
 * and written through the core's ACCESS_REGISTER, and the pure mapping
 * between PTYS protocol bits (Table 108) and ethtool link modes.
 */
#ifndef _CX4_EN_PORT_H
#define _CX4_EN_PORT_H

#include <linux/ethtool.h>
#include <linux/types.h>

struct cx4_en_priv;

/* The function's port, as local_port of every port register. */
#define CX4_EN_LOCAL_PORT	1

/* --- PTYS <-> ethtool (no device access; KUnit) ------------------------- */

/*
 * One PTYS protocol: its Table 108 bit, speed in Mb/s, port type
 * (PORT_DA, PORT_FIBRE, PORT_NONE for backplane) and the ethtool link
 * modes it stands for (one or two; -1 when unused).
 */
struct cx4_en_ptys_proto {
	u32 proto;
	u32 speed;
	u8 port;
	s8 modes[2];
};

extern const struct cx4_en_ptys_proto cx4_en_ptys_protos[];
extern const unsigned int cx4_en_ptys_nprotos;

void cx4_en_ptys_to_modes(u32 protos, unsigned long *modes);
u32 cx4_en_modes_to_ptys(const unsigned long *modes, u32 cap);
bool cx4_en_modes_known(const unsigned long *modes, u32 cap);
u32 cx4_en_ptys_speed(u32 oper);
u8 cx4_en_ptys_port(u32 protos);

/* --- registers (sleep; the caller holds RTNL) ----------------------------- */

struct cx4_en_ptys {
	u32 cap;	/* eth_proto_capability */
	u32 admin;	/* eth_proto_admin */
	u32 oper;	/* eth_proto_oper */
};

struct cx4_en_pause {
	bool rx;	/* pprx */
	bool tx;	/* pptx */
	bool pfc;	/* priority flow control on in either direction */
};

int cx4_en_port_query_ptys(struct cx4_en_priv *priv, struct cx4_en_ptys *p);
int cx4_en_port_set_ptys_admin(struct cx4_en_priv *priv, u32 admin);
int cx4_en_port_query_paos(struct cx4_en_priv *priv, u8 *admin, u8 *oper);
int cx4_en_port_set_paos(struct cx4_en_priv *priv, u8 admin);
int cx4_en_port_retrain(struct cx4_en_priv *priv);
int cx4_en_port_admin(struct cx4_en_priv *priv, bool up);
int cx4_en_port_query_pause(struct cx4_en_priv *priv, struct cx4_en_pause *p);
int cx4_en_port_set_pause(struct cx4_en_priv *priv, bool rx, bool tx);
int cx4_en_port_max_mtu(struct cx4_en_priv *priv, u32 *hw_mtu);
int cx4_en_port_set_mtu(struct cx4_en_priv *priv, u32 hw_mtu);
int cx4_en_port_ppcnt(struct cx4_en_priv *priv, u8 grp, u8 prio, u8 *set);

#endif /* _CX4_EN_PORT_H */

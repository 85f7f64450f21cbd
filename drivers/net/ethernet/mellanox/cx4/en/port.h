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

/* --- registers beyond rev 0.40 (module, FEC, diagnostics; sleep, RTNL) --- */

/* One module EEPROM read through MCIA. */
struct cx4_en_mcia {
	u8 module;	/* PMLP's module of the port */
	u8 i2c;		/* I2C address: 0x50 or 0x51 */
	u8 page;
	u16 addr;	/* byte in the I2C address's 256 */
	u16 len;	/* 1..CX4_MCIA_DATA_MAX */
};

/* PPLM speed groups. */
enum cx4_en_fec_group {
	CX4_EN_FEC_10G_40G,
	CX4_EN_FEC_25G,
	CX4_EN_FEC_50G,
	CX4_EN_FEC_56G,
	CX4_EN_FEC_100G,
	CX4_EN_FEC_GROUPS
};

/* PPLM: masks of enum cx4_pplm_fec. */
struct cx4_en_fec {
	u8 cap[CX4_EN_FEC_GROUPS];	/* fec_override_cap (0: no such speed) */
	u8 admin[CX4_EN_FEC_GROUPS];	/* fec_override_admin (0: auto) */
	u32 active;			/* fec_mode_active */
};

int cx4_en_port_has_reg(struct cx4_en_priv *priv, u16 id);
int cx4_en_port_module(struct cx4_en_priv *priv, u8 *module);
int cx4_en_port_mcia(struct cx4_en_priv *priv, const struct cx4_en_mcia *rd,
		     u8 *data, u8 *status);
int cx4_en_port_query_fec(struct cx4_en_priv *priv, struct cx4_en_fec *f);
int cx4_en_port_set_fec(struct cx4_en_priv *priv, const struct cx4_en_fec *f);
int cx4_en_port_link_down_reason(struct cx4_en_priv *priv, u16 *opcode);

/* --- phy.c: module EEPROM, FEC, link-down reason (pure parts: KUnit) ---- */

/* Where a byte of ethtool's linear module EEPROM layout is. */
struct cx4_en_module_loc {
	u8 i2c;
	u8 page;
	u16 addr;	/* in the I2C address's 256 bytes */
	u16 room;	/* bytes from @addr to the end of its half page */
};

int cx4_en_module_kind(const u8 *id, u8 sfp_diag, u32 *type, u32 *len);
int cx4_en_module_locate(u32 type, u32 off, struct cx4_en_module_loc *loc);
u32 cx4_en_fec_configured(const struct cx4_en_fec *f);
u32 cx4_en_fec_active(u32 pplm_active);
int cx4_en_fec_admin(u32 ethtool_fec, struct cx4_en_fec *f);
int cx4_en_link_ext_state(u16 opcode, struct ethtool_link_ext_state_info *info);

#endif /* _CX4_EN_PORT_H */

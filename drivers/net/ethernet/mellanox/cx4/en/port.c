// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: the port registers of PRM chapter 11, through the
 * core's ACCESS_REGISTER (cx4_core_access_reg()):
 *
 *   PTYS  (11.1.2) protocol capability / admin / oper -> link modes, speed
 *   PAOS  (11.1.3) admin and operational status; a retrain is down then up
 *   PFCC  (11.1.4) global pause (pptx/pprx), PFC left as it is
 *   PMTU  (11.1.1) max_mtu -> the netdev's largest MTU; admin_mtu follows
 *                  the netdev MTU (oversize frames are dropped by the port)
 *   PPCNT (11.1.5) counter groups for ethtool -S (stats.c)
 *
 * The port's admin state follows the netdev: up in ndo_open, down in
 * ndo_stop (cx4_en_port_admin()).
 *
 * Every answer is checked before use (local_port, group, states, bit
 * counts); a bad one is counted in cx4_en_priv.bad_reg_answers, logged
 * (rate-limited) and fails the operation with -EIO.  Callers hold RTNL
 * (ethtool) or run before the netdev is registered (attach), so register
 * read-modify-write sequences are not interleaved.
 *
 * The PTYS <-> ethtool mapping below is pure (KUnit: tests/en_port_test.c).
 * PRM rev 0.40 has no autonegotiation control in PTYS: the port trains to
 * the fastest protocol enabled in eth_proto_admin, which ethtool shows as
 * autonegotiation over the advertised modes.
 */

#include <linux/bitops.h>
#include <linux/ethtool.h>
#include <linux/kernel.h>
#include <linux/linkmode.h>
#include <linux/netdevice.h>
#include <linux/cx4/core.h>
#include <linux/cx4/prm_reg.h>

#include "en.h"
#include "port.h"

/* --- PTYS <-> ethtool link modes ------------------------------------------ */

#define CX4_EN_PROTO(bit, spd, type, m0, m1) \
	{ .proto = CX4_ETH_PROTO_##bit, .speed = (spd), .port = (type), \
	  .modes = { m0, m1 } }

/* Table 108, in bit order. */
const struct cx4_en_ptys_proto cx4_en_ptys_protos[] = {
	CX4_EN_PROTO(SGMII, SPEED_1000, PORT_NONE,
		     ETHTOOL_LINK_MODE_1000baseT_Full_BIT, -1),
	CX4_EN_PROTO(1000BASE_KX, SPEED_1000, PORT_NONE,
		     ETHTOOL_LINK_MODE_1000baseKX_Full_BIT, -1),
	CX4_EN_PROTO(10GBASE_CX4, SPEED_10000, PORT_DA,
		     ETHTOOL_LINK_MODE_10000baseKX4_Full_BIT, -1),
	CX4_EN_PROTO(10GBASE_KX4, SPEED_10000, PORT_NONE,
		     ETHTOOL_LINK_MODE_10000baseKX4_Full_BIT, -1),
	CX4_EN_PROTO(10GBASE_KR, SPEED_10000, PORT_NONE,
		     ETHTOOL_LINK_MODE_10000baseKR_Full_BIT, -1),
	CX4_EN_PROTO(40GBASE_CR4, SPEED_40000, PORT_DA,
		     ETHTOOL_LINK_MODE_40000baseCR4_Full_BIT, -1),
	CX4_EN_PROTO(40GBASE_KR4, SPEED_40000, PORT_NONE,
		     ETHTOOL_LINK_MODE_40000baseKR4_Full_BIT, -1),
	CX4_EN_PROTO(10GBASE_CR, SPEED_10000, PORT_DA,
		     ETHTOOL_LINK_MODE_10000baseCR_Full_BIT, -1),
	CX4_EN_PROTO(10GBASE_SR, SPEED_10000, PORT_FIBRE,
		     ETHTOOL_LINK_MODE_10000baseSR_Full_BIT, -1),
	CX4_EN_PROTO(10GBASE_ER_LR, SPEED_10000, PORT_FIBRE,
		     ETHTOOL_LINK_MODE_10000baseLR_Full_BIT,
		     ETHTOOL_LINK_MODE_10000baseER_Full_BIT),
	CX4_EN_PROTO(40GBASE_SR4, SPEED_40000, PORT_FIBRE,
		     ETHTOOL_LINK_MODE_40000baseSR4_Full_BIT, -1),
	CX4_EN_PROTO(40GBASE_LR4_ER4, SPEED_40000, PORT_FIBRE,
		     ETHTOOL_LINK_MODE_40000baseLR4_Full_BIT, -1),
	CX4_EN_PROTO(50GBASE_SR2, SPEED_50000, PORT_FIBRE,
		     ETHTOOL_LINK_MODE_50000baseSR2_Full_BIT, -1),
	CX4_EN_PROTO(100GBASE_CR4, SPEED_100000, PORT_DA,
		     ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT, -1),
	CX4_EN_PROTO(100GBASE_SR4, SPEED_100000, PORT_FIBRE,
		     ETHTOOL_LINK_MODE_100000baseSR4_Full_BIT, -1),
	CX4_EN_PROTO(100GBASE_KR4, SPEED_100000, PORT_NONE,
		     ETHTOOL_LINK_MODE_100000baseKR4_Full_BIT, -1),
	CX4_EN_PROTO(25GBASE_CR, SPEED_25000, PORT_DA,
		     ETHTOOL_LINK_MODE_25000baseCR_Full_BIT, -1),
	CX4_EN_PROTO(25GBASE_KR, SPEED_25000, PORT_NONE,
		     ETHTOOL_LINK_MODE_25000baseKR_Full_BIT, -1),
	CX4_EN_PROTO(25GBASE_SR, SPEED_25000, PORT_FIBRE,
		     ETHTOOL_LINK_MODE_25000baseSR_Full_BIT, -1),
	CX4_EN_PROTO(50GBASE_CR2, SPEED_50000, PORT_DA,
		     ETHTOOL_LINK_MODE_50000baseCR2_Full_BIT, -1),
	CX4_EN_PROTO(50GBASE_KR2, SPEED_50000, PORT_NONE,
		     ETHTOOL_LINK_MODE_50000baseKR2_Full_BIT, -1),
};

const unsigned int cx4_en_ptys_nprotos = ARRAY_SIZE(cx4_en_ptys_protos);

static bool cx4_en_proto_has_mode(const struct cx4_en_ptys_proto *p,
				  const unsigned long *modes)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(p->modes); i++)
		if (p->modes[i] >= 0 && test_bit(p->modes[i], modes))
			return true;
	return false;
}

/* Set in @modes the link modes of every protocol of @protos (Table 108). */
void cx4_en_ptys_to_modes(u32 protos, unsigned long *modes)
{
	unsigned int i, j;

	for (i = 0; i < cx4_en_ptys_nprotos; i++) {
		const struct cx4_en_ptys_proto *p = &cx4_en_ptys_protos[i];

		if (!(protos & p->proto))
			continue;
		for (j = 0; j < ARRAY_SIZE(p->modes); j++)
			if (p->modes[j] >= 0)
				__set_bit(p->modes[j], modes);
	}
}

/* The protocols of @cap that stand for one of the link modes in @modes. */
u32 cx4_en_modes_to_ptys(const unsigned long *modes, u32 cap)
{
	u32 protos = 0;
	unsigned int i;

	for (i = 0; i < cx4_en_ptys_nprotos; i++) {
		const struct cx4_en_ptys_proto *p = &cx4_en_ptys_protos[i];

		if ((cap & p->proto) && cx4_en_proto_has_mode(p, modes))
			protos |= p->proto;
	}
	return protos;
}

/*
 * Is every link mode of @modes one of the protocols of @cap?  Modes that
 * are not speeds (Autoneg, Pause, Asym_Pause, FIBRE, Backplane) are
 * ignored.
 */
bool cx4_en_modes_known(const unsigned long *modes, u32 cap)
{
	__ETHTOOL_DECLARE_LINK_MODE_MASK(ok);

	linkmode_zero(ok);
	cx4_en_ptys_to_modes(cap, ok);
	__set_bit(ETHTOOL_LINK_MODE_Autoneg_BIT, ok);
	__set_bit(ETHTOOL_LINK_MODE_Pause_BIT, ok);
	__set_bit(ETHTOOL_LINK_MODE_Asym_Pause_BIT, ok);
	__set_bit(ETHTOOL_LINK_MODE_FIBRE_BIT, ok);
	__set_bit(ETHTOOL_LINK_MODE_Backplane_BIT, ok);
	return linkmode_subset(modes, ok);
}

static const struct cx4_en_ptys_proto *cx4_en_ptys_find(u32 proto)
{
	unsigned int i;

	for (i = 0; i < cx4_en_ptys_nprotos; i++)
		if (cx4_en_ptys_protos[i].proto == proto)
			return &cx4_en_ptys_protos[i];
	return NULL;
}

/*
 * Speed of an operational protocol: exactly one known bit, else
 * SPEED_UNKNOWN (no link, or an answer the PRM does not allow).
 */
u32 cx4_en_ptys_speed(u32 oper)
{
	const struct cx4_en_ptys_proto *p;

	if (hweight32(oper) != 1)
		return SPEED_UNKNOWN;
	p = cx4_en_ptys_find(oper);
	return p ? p->speed : SPEED_UNKNOWN;
}

/*
 * Port type of @protos: that of its protocols if they agree (the
 * operational protocol is one), PORT_OTHER if they differ, PORT_NONE
 * for none.
 */
u8 cx4_en_ptys_port(u32 protos)
{
	u8 port = PORT_NONE;
	bool seen = false;
	unsigned int i;

	for (i = 0; i < cx4_en_ptys_nprotos; i++) {
		const struct cx4_en_ptys_proto *p = &cx4_en_ptys_protos[i];

		if (!(protos & p->proto))
			continue;
		if (seen && p->port != port)
			return PORT_OTHER;
		port = p->port;
		seen = true;
	}
	return port;
}

/* --- register access -------------------------------------------------------- */

/* A device answer failed validation: count, log (rate-limited), -EIO. */
static int cx4_en_port_bad(struct cx4_en_priv *priv, const char *reg,
			   const char *what, u32 val)
{
	atomic_inc(&priv->bad_reg_answers);
	if (net_ratelimit())
		netdev_err(priv->netdev, "%s answer rejected: %s 0x%x\n",
			   reg, what, val);
	return -EIO;
}

/*
 * Read register @id of @size bytes; @reg holds its index fields other
 * than local_port (set here) and gets the answer, whose local_port is
 * checked.
 */
static int cx4_en_reg_read(struct cx4_en_priv *priv, u16 id, const char *name,
			   void *reg, size_t size)
{
	u32 port;
	int err;

	CX4_SET(REG, reg, LOCAL_PORT, CX4_EN_LOCAL_PORT);
	err = cx4_core_access_reg(priv->core, id, false, reg, size);
	if (err)
		return err;
	port = CX4_GET(REG, reg, LOCAL_PORT);
	if (port != CX4_EN_LOCAL_PORT)
		return cx4_en_port_bad(priv, name, "local_port", port);
	return 0;
}

static int cx4_en_reg_write(struct cx4_en_priv *priv, u16 id, void *reg,
			    size_t size)
{
	CX4_SET(REG, reg, LOCAL_PORT, CX4_EN_LOCAL_PORT);
	return cx4_core_access_reg(priv->core, id, true, reg, size);
}

int cx4_en_port_query_ptys(struct cx4_en_priv *priv, struct cx4_en_ptys *p)
{
	u8 reg[CX4_PTYS_SIZE] = {};
	u32 mask;
	int err;

	CX4_SET(PTYS, reg, PROTO_MASK, CX4_PTYS_PROTO_ETH);
	err = cx4_en_reg_read(priv, CX4_REG_PTYS, "PTYS", reg, sizeof(reg));
	if (err)
		return err;
	mask = CX4_GET(PTYS, reg, PROTO_MASK);
	if (!(mask & CX4_PTYS_PROTO_ETH))
		return cx4_en_port_bad(priv, "PTYS", "proto_mask without Ethernet",
				       mask);
	p->cap = CX4_GET(PTYS, reg, ETH_PROTO_CAPABILITY);
	p->admin = CX4_GET(PTYS, reg, ETH_PROTO_ADMIN);
	p->oper = CX4_GET(PTYS, reg, ETH_PROTO_OPER);
	if (!p->cap)
		return cx4_en_port_bad(priv, "PTYS", "empty eth_proto_capability",
				       0);
	if (hweight32(p->oper) > 1 || (p->oper & ~p->cap))
		return cx4_en_port_bad(priv, "PTYS",
				       "eth_proto_oper not one capable protocol",
				       p->oper);
	return 0;
}

int cx4_en_port_set_ptys_admin(struct cx4_en_priv *priv, u32 admin)
{
	u8 reg[CX4_PTYS_SIZE] = {};

	CX4_SET(PTYS, reg, PROTO_MASK, CX4_PTYS_PROTO_ETH);
	CX4_SET(PTYS, reg, ETH_PROTO_ADMIN, admin);
	return cx4_en_reg_write(priv, CX4_REG_PTYS, reg, sizeof(reg));
}

int cx4_en_port_query_paos(struct cx4_en_priv *priv, u8 *admin, u8 *oper)
{
	u8 reg[CX4_PAOS_SIZE] = {};
	u32 a, o;
	int err;

	err = cx4_en_reg_read(priv, CX4_REG_PAOS, "PAOS", reg, sizeof(reg));
	if (err)
		return err;
	a = CX4_GET(PAOS, reg, ADMIN_STATUS);
	o = CX4_GET(PAOS, reg, OPER_STATUS);
	if (a < CX4_PAOS_UP || a > CX4_PAOS_DISABLED)
		return cx4_en_port_bad(priv, "PAOS", "admin_status", a);
	if (o != CX4_PAOS_UP && o != CX4_PAOS_DOWN && o != CX4_PAOS_DISABLED)
		return cx4_en_port_bad(priv, "PAOS", "oper_status", o);
	*admin = a;
	*oper = o;
	return 0;
}

/* Set admin_status (with ase, Table 110). */
int cx4_en_port_set_paos(struct cx4_en_priv *priv, u8 admin)
{
	u8 reg[CX4_PAOS_SIZE] = {};

	CX4_SET(PAOS, reg, ADMIN_STATUS, admin);
	CX4_SET(PAOS, reg, ASE, 1);
	return cx4_en_reg_write(priv, CX4_REG_PAOS, reg, sizeof(reg));
}

/*
 * PTYS admin changes take effect at the next link training (PRM 11.1.2
 * note): take the port down and up again (up only while the netdev is
 * running: a stopped netdev keeps its port down).  If up fails, the port
 * is left down and the error returned (logged by the command layer).
 */
int cx4_en_port_retrain(struct cx4_en_priv *priv)
{
	int err;

	err = cx4_en_port_set_paos(priv, CX4_PAOS_DOWN);
	if (err || !netif_running(priv->netdev))
		return err;
	return cx4_en_port_set_paos(priv, CX4_PAOS_UP);
}

/*
 * Port admin state for ndo_open (@up) / ndo_stop: PAOS admin_status up or
 * down.  The operational state and the carrier follow through the port
 * state change event.  Failures are logged here.
 */
int cx4_en_port_admin(struct cx4_en_priv *priv, bool up)
{
	int err;

	err = cx4_en_port_set_paos(priv, up ? CX4_PAOS_UP : CX4_PAOS_DOWN);
	if (err)
		netdev_err(priv->netdev, "cannot set the port admin state %s: %d\n",
			   up ? "up" : "down", err);
	return err;
}

/* PFCC read: global pause and whether PFC is on (Table 112). */
static int cx4_en_port_read_pfcc(struct cx4_en_priv *priv, u8 *reg)
{
	return cx4_en_reg_read(priv, CX4_REG_PFCC, "PFCC", reg, CX4_PFCC_SIZE);
}

int cx4_en_port_query_pause(struct cx4_en_priv *priv, struct cx4_en_pause *p)
{
	u8 reg[CX4_PFCC_SIZE] = {};
	int err;

	err = cx4_en_port_read_pfcc(priv, reg);
	if (err)
		return err;
	p->rx = CX4_GET(PFCC, reg, PPRX);
	p->tx = CX4_GET(PFCC, reg, PPTX);
	p->pfc = CX4_GET(PFCC, reg, PFCTX) || CX4_GET(PFCC, reg, PFCRX);
	return 0;
}

/*
 * Global pause on or off in each direction.  prio_mask_tx/rx stay 0, so
 * the PFC fields are not applied; the stall watermarks and fctx_disabled
 * are written back as read.
 */
int cx4_en_port_set_pause(struct cx4_en_priv *priv, bool rx, bool tx)
{
	u8 cur[CX4_PFCC_SIZE] = {};
	u8 reg[CX4_PFCC_SIZE] = {};
	int err;

	err = cx4_en_port_read_pfcc(priv, cur);
	if (err)
		return err;
	CX4_SET(PFCC, reg, PPTX, tx);
	CX4_SET(PFCC, reg, PPRX, rx);
	CX4_SET(PFCC, reg, FCTX_DISABLED, CX4_GET(PFCC, cur, FCTX_DISABLED));
	CX4_SET(PFCC, reg, STALL_MINOR_WATERMARK,
		CX4_GET(PFCC, cur, STALL_MINOR_WATERMARK));
	CX4_SET(PFCC, reg, STALL_CRIT_WATERMARK,
		CX4_GET(PFCC, cur, STALL_CRIT_WATERMARK));
	return cx4_en_reg_write(priv, CX4_REG_PFCC, reg, sizeof(reg));
}

/*
 * PMTU max_mtu: the largest frame the port takes (the vport MTU's unit:
 * CX4_EN_HW_MTU_OVERHEAD above the IP MTU).  Below the smallest IP MTU
 * plus that overhead it is rejected.
 */
int cx4_en_port_max_mtu(struct cx4_en_priv *priv, u32 *hw_mtu)
{
	u8 reg[CX4_PMTU_SIZE] = {};
	u32 max;
	int err;

	err = cx4_en_reg_read(priv, CX4_REG_PMTU, "PMTU", reg, sizeof(reg));
	if (err)
		return err;
	max = CX4_GET(PMTU, reg, MAX_MTU);
	if (max < cx4_en_hw_mtu(ETH_MIN_MTU))
		return cx4_en_port_bad(priv, "PMTU", "max_mtu", max);
	*hw_mtu = max;
	return 0;
}

/* PMTU admin_mtu: frames larger than @hw_mtu are dropped by the port. */
int cx4_en_port_set_mtu(struct cx4_en_priv *priv, u32 hw_mtu)
{
	u8 reg[CX4_PMTU_SIZE] = {};

	CX4_SET(PMTU, reg, ADMIN_MTU, hw_mtu);
	return cx4_en_reg_write(priv, CX4_REG_PMTU, reg, sizeof(reg));
}

/*
 * One PPCNT counter group (@grp; @prio for the per-priority group, else
 * 0): its counter set, CX4_PPCNT_COUNTER_SET_SIZE bytes, into @set.
 */
int cx4_en_port_ppcnt(struct cx4_en_priv *priv, u8 grp, u8 prio, u8 *set)
{
	u8 *reg;
	u32 got;
	int err;

	reg = kzalloc(CX4_PPCNT_SIZE, GFP_KERNEL);
	if (!reg)
		return -ENOMEM;
	CX4_SET(PPCNT, reg, GRP, grp);
	CX4_SET(PPCNT, reg, PRIO_TC, prio);
	err = cx4_en_reg_read(priv, CX4_REG_PPCNT, "PPCNT", reg, CX4_PPCNT_SIZE);
	if (err)
		goto out;
	got = CX4_GET(PPCNT, reg, GRP);
	if (got != grp) {
		err = cx4_en_port_bad(priv, "PPCNT", "grp", got);
		goto out;
	}
	got = CX4_GET(PPCNT, reg, PRIO_TC);
	if (got != prio) {
		err = cx4_en_port_bad(priv, "PPCNT", "prio_tc", got);
		goto out;
	}
	memcpy(set, CX4_ADDR(PPCNT, reg, COUNTER_SET),
	       CX4_PPCNT_COUNTER_SET_SIZE);
out:
	kfree(reg);
	return err;
}

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
 * and, beyond rev 0.40 (for phy.c: ethtool -m, FEC, link-down reason),
 * PCAM / MCAM (which registers the device has), PMLP (the port's module),
 * MCIA (its EEPROM), PPLM (FEC) and PDDR (troubleshooting page).
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

/* --- registers beyond rev 0.40: capability masks ------------------------------ */

/*
 * The capability-mask registers: PCAM lists the port registers of
 * 0x5000-0x507f (one group), MCAM the management registers from 0x9000 in
 * groups of 0x80; each behind its HCA_CAP bit.
 */
struct cx4_en_cam {
	u16 id;		/* PCAM or MCAM */
	u16 base;	/* first register of group 0 */
	u32 cap;	/* HCA_CAP bit: the device answers it */
	u8 ngroups;
	const char *name;
};

static const struct cx4_en_cam cx4_en_cams[] = {
	{ CX4_REG_PCAM, CX4_PCAM_GROUP_BASE, CX4_CAP_PCAM_REG, 1, "PCAM" },
	{ CX4_REG_MCAM, CX4_MCAM_GROUP_BASE, CX4_CAP_MCAM_REG,
	  CX4_MCAM_NGROUPS, "MCAM" },
};

static const struct cx4_en_cam *cx4_en_cam_of(u16 id, u32 *group, u32 *bit)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cx4_en_cams); i++) {
		const struct cx4_en_cam *c = &cx4_en_cams[i];
		u32 n = id - c->base;

		if (id < c->base || n >= c->ngroups * CX4_CAM_GROUP_SPAN)
			continue;
		*group = n / CX4_CAM_GROUP_SPAN;
		*bit = n % CX4_CAM_GROUP_SPAN;
		return c;
	}
	return NULL;
}

/*
 * Does the device implement register @id?  0 if its HCA_CAP bit is set
 * and its PCAM/MCAM group mask names it; -EOPNOTSUPP if not (or if no
 * capability register covers @id); the read's errno otherwise.
 */
int cx4_en_port_has_reg(struct cx4_en_priv *priv, u16 id)
{
	const void *gen = cx4_core_cap(priv->core, CX4_CAP_GENERAL);
	u8 reg[CX4_PCAM_SIZE] = {};
	const struct cx4_en_cam *c;
	u32 group, bit, got;
	int err;

	BUILD_BUG_ON(CX4_MCAM_SIZE > CX4_PCAM_SIZE);
	c = cx4_en_cam_of(id, &group, &bit);
	if (!c || !gen || !cx4_get(gen, c->cap))
		return -EOPNOTSUPP;
	CX4_SET(PCAM, reg, ACCESS_REG_GROUP, group);
	err = cx4_core_access_reg(priv->core, c->id, false, reg,
				  c->id == CX4_REG_PCAM ? CX4_PCAM_SIZE :
							  CX4_MCAM_SIZE);
	if (err)
		return err;
	got = CX4_GET(PCAM, reg, ACCESS_REG_GROUP);
	if (got != group || CX4_GET(PCAM, reg, FEATURE_GROUP))
		return cx4_en_port_bad(priv, c->name, "access_reg_group", got);
	if (!(cx4_rd32(reg, cx4_cam_mask_off(bit)) & BIT(bit % 32)))
		return -EOPNOTSUPP;
	return 0;
}

/* --- PMLP, MCIA: the port's module and its EEPROM ---------------------------- */

/*
 * The module (cage) of the port: PMLP's lanes, 1 to CX4_PMLP_NLANES, all
 * on one module.
 */
int cx4_en_port_module(struct cx4_en_priv *priv, u8 *module)
{
	u8 reg[CX4_PMLP_SIZE] = {};
	u32 width, i, m = 0;
	int err;

	err = cx4_en_reg_read(priv, CX4_REG_PMLP, "PMLP", reg, sizeof(reg));
	if (err)
		return err;
	width = CX4_GET(PMLP, reg, WIDTH);
	if (!width || width > CX4_PMLP_NLANES)
		return cx4_en_port_bad(priv, "PMLP", "width", width);
	for (i = 0; i < width; i++) {
		const u8 *lane = CX4_CADDR(PMLP, reg, LANE) + i * CX4_PMLP_LANE_SIZE;
		u32 lm = CX4_GET(PMLP_LANE, lane, MODULE);

		if (i && lm != m)
			return cx4_en_port_bad(priv, "PMLP", "lanes on two modules",
					       lm);
		m = lm;
	}
	*module = m;
	return 0;
}

/*
 * One MCIA read of @rd->len (1..CX4_MCIA_DATA_MAX) bytes at @rd->addr of
 * page @rd->page at I2C address @rd->i2c of module @rd->module, within
 * one I2C address's 256 bytes.  On 0, *@status is the module's answer
 * (enum cx4_mcia_status) and, when good, @data holds the bytes.  The
 * answer must echo the request.
 */
int cx4_en_port_mcia(struct cx4_en_priv *priv, const struct cx4_en_mcia *rd,
		     u8 *data, u8 *status)
{
	u8 *reg;
	int err;

	if (!rd->len || rd->len > CX4_MCIA_DATA_MAX ||
	    rd->addr + rd->len > CX4_SFF_PAGE_SIZE)
		return -EINVAL;
	reg = kzalloc(CX4_MCIA_SIZE, GFP_KERNEL);
	if (!reg)
		return -ENOMEM;
	/* MCIA has no local_port: the module field is in its place. */
	CX4_SET(MCIA, reg, MODULE, rd->module);
	CX4_SET(MCIA, reg, I2C_DEVICE_ADDRESS, rd->i2c);
	CX4_SET(MCIA, reg, PAGE_NUMBER, rd->page);
	CX4_SET(MCIA, reg, DEVICE_ADDRESS, rd->addr);
	CX4_SET(MCIA, reg, SZ, rd->len);
	err = cx4_core_access_reg(priv->core, CX4_REG_MCIA, false, reg,
				  CX4_MCIA_SIZE);
	if (err)
		goto out;
	if (CX4_GET(MCIA, reg, MODULE) != rd->module ||
	    CX4_GET(MCIA, reg, I2C_DEVICE_ADDRESS) != rd->i2c ||
	    CX4_GET(MCIA, reg, PAGE_NUMBER) != rd->page ||
	    CX4_GET(MCIA, reg, DEVICE_ADDRESS) != rd->addr ||
	    CX4_GET(MCIA, reg, SZ) != rd->len) {
		err = cx4_en_port_bad(priv, "MCIA", "answer for another read at",
				      CX4_GET(MCIA, reg, DEVICE_ADDRESS));
		goto out;
	}
	*status = CX4_GET(MCIA, reg, STATUS);
	if (*status == CX4_MCIA_ST_GOOD)
		memcpy(data, CX4_ADDR(MCIA, reg, DATA), rd->len);
out:
	kfree(reg);
	return err;
}

/* --- PPLM: forward error correction ------------------------------------------ */

/* Speed groups of PPLM, in the order of enum cx4_en_fec_group. */
static const struct {
	u32 cap;
	u32 admin;
} cx4_en_pplm_groups[CX4_EN_FEC_GROUPS] = {
	[CX4_EN_FEC_10G_40G]	= { CX4_PPLM_CAP_10G_40G, CX4_PPLM_ADMIN_10G_40G },
	[CX4_EN_FEC_25G]	= { CX4_PPLM_CAP_25G, CX4_PPLM_ADMIN_25G },
	[CX4_EN_FEC_50G]	= { CX4_PPLM_CAP_50G, CX4_PPLM_ADMIN_50G },
	[CX4_EN_FEC_56G]	= { CX4_PPLM_CAP_56G, CX4_PPLM_ADMIN_56G },
	[CX4_EN_FEC_100G]	= { CX4_PPLM_CAP_100G, CX4_PPLM_ADMIN_100G },
};

#define CX4_EN_PPLM_MODES \
	(CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_FIRECODE | CX4_PPLM_FEC_RS_528)

/*
 * PPLM read: per speed group the modes the port can be forced to and
 * the forced one (0: the port chooses), and the active mode.  Every
 * admin is 0 or one mode of its capability; active is at most one mode.
 */
int cx4_en_port_query_fec(struct cx4_en_priv *priv, struct cx4_en_fec *f)
{
	u8 reg[CX4_PPLM_SIZE] = {};
	unsigned int g;
	int err;

	err = cx4_en_reg_read(priv, CX4_REG_PPLM, "PPLM", reg, sizeof(reg));
	if (err)
		return err;
	for (g = 0; g < CX4_EN_FEC_GROUPS; g++) {
		u32 cap = cx4_get(reg, cx4_en_pplm_groups[g].cap);
		u32 admin = cx4_get(reg, cx4_en_pplm_groups[g].admin);

		if (cap & ~CX4_EN_PPLM_MODES)
			return cx4_en_port_bad(priv, "PPLM", "fec_override_cap",
					       cap);
		if (hweight32(admin) > 1 || (admin & ~cap))
			return cx4_en_port_bad(priv, "PPLM",
					       "fec_override_admin", admin);
		f->cap[g] = cap;
		f->admin[g] = admin;
	}
	f->active = CX4_GET(PPLM, reg, FEC_MODE_ACTIVE);
	if (hweight32(f->active) > 1 || (f->active & ~CX4_EN_PPLM_MODES))
		return cx4_en_port_bad(priv, "PPLM", "fec_mode_active", f->active);
	return 0;
}

/* PPLM write of every group's fec_override_admin from @f. */
int cx4_en_port_set_fec(struct cx4_en_priv *priv, const struct cx4_en_fec *f)
{
	u8 reg[CX4_PPLM_SIZE] = {};
	unsigned int g;

	for (g = 0; g < CX4_EN_FEC_GROUPS; g++)
		cx4_set(reg, cx4_en_pplm_groups[g].admin, f->admin[g]);
	return cx4_en_reg_write(priv, CX4_REG_PPLM, reg, sizeof(reg));
}

/* --- PDDR: why the link is down ------------------------------------------------ */

/*
 * The monitor opcode of PDDR's troubleshooting page (enum
 * cx4_pddr_status_opcode; 0: no issue observed).
 */
int cx4_en_port_link_down_reason(struct cx4_en_priv *priv, u16 *opcode)
{
	u8 *reg;
	u32 got;
	int err;

	reg = kzalloc(CX4_PDDR_SIZE, GFP_KERNEL);
	if (!reg)
		return -ENOMEM;
	CX4_SET(PDDR, reg, PAGE_SELECT, CX4_PDDR_PAGE_TROUBLESHOOTING);
	err = cx4_en_reg_read(priv, CX4_REG_PDDR, "PDDR", reg, CX4_PDDR_SIZE);
	if (err)
		goto out;
	got = CX4_GET(PDDR, reg, PAGE_SELECT);
	if (got != CX4_PDDR_PAGE_TROUBLESHOOTING ||
	    CX4_GET(PDDR, reg, TS_GROUP_OPCODE)) {
		err = cx4_en_port_bad(priv, "PDDR", "page_select", got);
		goto out;
	}
	*opcode = CX4_GET(PDDR, reg, TS_STATUS_OPCODE);
out:
	kfree(reg);
	return err;
}

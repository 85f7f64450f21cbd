/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * ACCESS_REGISTER (PRM 12.4.1) and the registers behind it: the network
 * port registers of PRM chapter 11 (PMTU, PTYS, PAOS, PFCC, PPCNT), and
 * beyond rev 0.40 HOST_ENDIANNESS (written by mlx5_core at start-up),
 * PPLM (FEC) and the capability masks PCAM / MCAM, computed from the
 * register tables (this file's and reg_module.c's).
 *
 * Table-driven: every register is one row (ID, size, whether it has a
 * local_port, its fields with their Access column, a handler).  The
 * generic part checks, in order: op_mod (0 write, 1 read), register_id,
 * argument (no register defines one: reserved), lengths (a write carries
 * the whole register, a read's output holds it), bytes past the register
 * (reserved), local_port, and the register's reserved bits: on a write
 * every bit outside the fields, on a read every bit outside the Index and
 * OP fields (Table 222: "For read - reserved").  RO fields in a write are
 * ignored (drivers write back what they read).  Then the handler checks
 * the values and reads or writes the port state.
 */
#include <string.h>

#include <linux/cx4/prm_reg.h>

#include "reg.h"

/* Ethernet protocols of the emulated port (Table 108 bits). */
#define CX4DEV_PROTO_CX4 (CX4_ETH_PROTO_100GBASE_CR4 | CX4_ETH_PROTO_100GBASE_SR4 | \
			  CX4_ETH_PROTO_100GBASE_KR4 | CX4_ETH_PROTO_50GBASE_CR2 | \
			  CX4_ETH_PROTO_50GBASE_KR2 | CX4_ETH_PROTO_40GBASE_CR4 | \
			  CX4_ETH_PROTO_40GBASE_KR4 | CX4_ETH_PROTO_40GBASE_SR4 | \
			  CX4_ETH_PROTO_25GBASE_CR | CX4_ETH_PROTO_25GBASE_KR | \
			  CX4_ETH_PROTO_25GBASE_SR | CX4_ETH_PROTO_10GBASE_CR | \
			  CX4_ETH_PROTO_10GBASE_SR | CX4_ETH_PROTO_10GBASE_KR | \
			  CX4_ETH_PROTO_1000BASE_KX)
#define CX4DEV_PROTO_CX4LX (CX4_ETH_PROTO_25GBASE_CR | CX4_ETH_PROTO_25GBASE_KR | \
			    CX4_ETH_PROTO_25GBASE_SR | CX4_ETH_PROTO_10GBASE_CR | \
			    CX4_ETH_PROTO_10GBASE_SR | CX4_ETH_PROTO_10GBASE_KR | \
			    CX4_ETH_PROTO_1000BASE_KX)

#define CX4DEV_PORT_MIN_MTU	64	/* smallest frame */

static uint32_t cx4dev_port_proto_cap(const struct cx4dev *dev)
{
	return dev->cfg.lx ? CX4DEV_PROTO_CX4LX : CX4DEV_PROTO_CX4;
}

void cx4dev_port_reset(struct cx4dev *dev)
{
	memset(&dev->port, 0, sizeof(dev->port));
	dev->port.admin_mtu = CX4DEV_VPORT_MAX_MTU;
	dev->port.admin_status = CX4_PAOS_UP;
	dev->port.proto_admin = cx4dev_port_proto_cap(dev);
	cx4dev_port_update(dev);
}

/*
 * This end transmits: its cable is in and PAOS enables the port ("up
 * once" that failed does not).  What the far end sees of it.
 */
static bool cx4dev_port_transmits(const struct cx4dev *dev)
{
	return dev->port_up && !dev->port.up_once_failed &&
	       (dev->port.admin_status == CX4_PAOS_UP ||
		dev->port.admin_status == CX4_PAOS_UP_ONCE);
}

/*
 * Operational state: the cable (link knob / QEMU link status), the far
 * end's signal (its cable and PAOS, cx4dev_peer_signal) and PAOS
 * admin_status; "up once" that lost the link stays down (port failure)
 * until PAOS is written again.
 */
bool cx4dev_port_oper_up(const struct cx4dev *dev)
{
	return cx4dev_port_transmits(dev) && dev->peer_signal;
}

/* PAOS oper_status (Table 110). */
uint32_t cx4dev_port_oper_status(const struct cx4dev *dev)
{
	if (dev->port.up_once_failed)
		return CX4_PAOS_DISABLED;	/* 4: down by port failure */
	return cx4dev_port_oper_up(dev) ? CX4_PAOS_UP : CX4_PAOS_DOWN;
}

/*
 * Re-evaluate the operational state after a cable or admin change; a
 * change raises a port state change event (PRM 7.13.9.2, sub type 0x1
 * down / 0x4 active) and starts or stops the port's traffic.
 */
void cx4dev_port_update(struct cx4dev *dev)
{
	bool up = cx4dev_port_oper_up(dev), sig = cx4dev_port_transmits(dev);

	if (up != dev->port_oper) {
		dev->port_oper = up;
		if (!up && dev->eth)
			dev->eth->pcnt.link_down_events++;
		cx4dev_port_event(dev, up);
	}
	/*
	 * Tell the far end last, the state above complete: it may answer at
	 * once (its "up once" failing stops its signal), re-entering here.
	 */
	if (sig != dev->port_signal) {
		dev->port_signal = sig;
		cx4dev_logf(dev, "port 1 signal %s", sig ? "on" : "off");
		if (dev->ops->port_signal)
			dev->ops->port_signal(dev->opaque, sig);
	}
}

/* An operational "up once" port losing its link by a failure stays down. */
static void cx4dev_port_link_lost(struct cx4dev *dev)
{
	if (dev->port_oper && dev->port.admin_status == CX4_PAOS_UP_ONCE)
		dev->port.up_once_failed = true;
}

/* The cable (QEMU link status, LINK knob) went up or down. */
void cx4dev_port_cable(struct cx4dev *dev, bool up)
{
	if (up == dev->port_up)
		return;
	cx4dev_logf(dev, "port 1 cable %s", up ? "up" : "down");
	if (!up)
		cx4dev_port_link_lost(dev);
	dev->port_up = up;
	cx4dev_port_update(dev);
}

/* The far end of the cable started or stopped transmitting. */
void cx4dev_peer_signal(struct cx4dev *dev, bool on)
{
	if (on == dev->peer_signal)
		return;
	cx4dev_logf(dev, "port 1 far end signal %s", on ? "on" : "off");
	if (!on)
		cx4dev_port_link_lost(dev);
	dev->peer_signal = on;
	cx4dev_port_update(dev);
}

/* LINK knob and QEMU link status: 0 down, 1 up, 2 flap (down, then up). */
void cx4dev_link_set(struct cx4dev *dev, uint32_t how)
{
	dev->knob_hits++;
	cx4dev_logf(dev, "knob: link %s", how == 0 ? "down" : how == 1 ? "up" : "flap");
	if (how == 0 || how == 2)
		cx4dev_port_cable(dev, false);
	if (how == 1 || how == 2)
		cx4dev_port_cable(dev, true);
}

/* Highest-speed protocol both enabled and supported: what the link trains to. */
static uint32_t cx4dev_port_proto_oper(const struct cx4dev *dev)
{
	uint32_t both = dev->port.proto_admin & cx4dev_port_proto_cap(dev);
	static const uint32_t order[] = {
		CX4_ETH_PROTO_100GBASE_CR4, CX4_ETH_PROTO_100GBASE_SR4, CX4_ETH_PROTO_100GBASE_KR4,
		CX4_ETH_PROTO_50GBASE_CR2, CX4_ETH_PROTO_50GBASE_KR2, CX4_ETH_PROTO_40GBASE_CR4,
		CX4_ETH_PROTO_40GBASE_KR4, CX4_ETH_PROTO_40GBASE_SR4, CX4_ETH_PROTO_25GBASE_CR,
		CX4_ETH_PROTO_25GBASE_KR, CX4_ETH_PROTO_25GBASE_SR, CX4_ETH_PROTO_10GBASE_CR,
		CX4_ETH_PROTO_10GBASE_SR, CX4_ETH_PROTO_10GBASE_KR, CX4_ETH_PROTO_1000BASE_KX,
	};

	if (!cx4dev_port_oper_up(dev))
		return 0;
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (both & order[i])
			return order[i];
	return 0;
}

/* ---- 11.1.1 PMTU ---- */

static uint8_t cx4dev_reg_pmtu(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	if (write) {
		uint32_t mtu = CX4_GET(PMTU, in, ADMIN_MTU);

		if (mtu < CX4DEV_PORT_MIN_MTU || mtu > CX4DEV_VPORT_MAX_MTU)
			return cx4dev_reg_bad_value(dev, cmd, "PMTU", "admin_mtu outside "
						    "64..max_mtu (10240)", mtu);
		if (mtu != dev->port.admin_mtu)
			cx4dev_logf(dev, "port 1: admin_mtu %u", mtu);
		dev->port.admin_mtu = mtu;
		return CX4_CMD_STAT_OK;
	}
	CX4_SET(PMTU, out, MAX_MTU, CX4DEV_VPORT_MAX_MTU);
	CX4_SET(PMTU, out, ADMIN_MTU, dev->port.admin_mtu);
	CX4_SET(PMTU, out, OPER_MTU, dev->port.admin_mtu);
	return CX4_CMD_STAT_OK;
}

/* ---- 11.1.2 PTYS ---- */

/*
 * an_status (beyond rev 0.40): with autonegotiation the link partner's
 * pages are not modelled (eth_proto_lp_advertise reads 0), so a link up
 * reports "complete" and a link down "unavailable"; with it disabled,
 * the forced link's state.
 */
static uint32_t cx4dev_ptys_an_status(const struct cx4dev *dev)
{
	bool up = cx4dev_port_oper_up(dev);

	if (dev->port.an_disable)
		return up ? CX4_PTYS_AN_LINK_UP : CX4_PTYS_AN_LINK_DOWN;
	return up ? CX4_PTYS_AN_COMPLETE : CX4_PTYS_AN_UNAVAILABLE;
}

static uint8_t cx4dev_ptys_write(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *in)
{
	uint32_t admin = CX4_GET(PTYS, in, ETH_PROTO_ADMIN);
	bool an_disable = CX4_GET(PTYS, in, AN_DISABLE_ADMIN);

	if (!admin || (admin & ~cx4dev_port_proto_cap(dev)))
		return cx4dev_reg_bad_value(dev, cmd, "PTYS", "eth_proto_admin empty or "
					    "beyond eth_proto_capability", admin);
	if (admin != dev->port.proto_admin || an_disable != dev->port.an_disable)
		cx4dev_logf(dev, "port 1: eth_proto_admin 0x%08x, autonegotiation %s", admin,
			    an_disable ? "off" : "on");
	dev->port.proto_admin = admin;
	dev->port.an_disable = an_disable;
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_reg_ptys(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	uint32_t mask = CX4_GET(PTYS, in, PROTO_MASK);

	/* Ethernet is the only protocol of the port (HCA_CAP.port_type). */
	if (mask != CX4_PTYS_PROTO_ETH)
		return cx4dev_reg_bad_value(dev, cmd, "PTYS", "proto_mask not Ethernet (0x4)",
					    mask);
	if (write)
		return cx4dev_ptys_write(dev, cmd, in);
	CX4_SET(PTYS, out, AN_DISABLE_ADMIN, dev->port.an_disable);
	CX4_SET(PTYS, out, AN_DISABLE_CAP, 1);
	CX4_SET(PTYS, out, PROTO_MASK, CX4_PTYS_PROTO_ETH);
	CX4_SET(PTYS, out, AN_STATUS, cx4dev_ptys_an_status(dev));
	CX4_SET(PTYS, out, ETH_PROTO_CAPABILITY, cx4dev_port_proto_cap(dev));
	CX4_SET(PTYS, out, ETH_PROTO_ADMIN, dev->port.proto_admin);
	CX4_SET(PTYS, out, ETH_PROTO_OPER, cx4dev_port_proto_oper(dev));
	return CX4_CMD_STAT_OK;
}

/* ---- 11.1.3 PAOS ---- */

static uint8_t cx4dev_reg_paos(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	if (write) {
		uint32_t admin = CX4_GET(PAOS, in, ADMIN_STATUS);

		if (!CX4_GET(PAOS, in, ASE))
			return CX4_CMD_STAT_OK;	/* admin_status only taken with ase */
		/* 4 (disabled by system) cannot be set by software. */
		if (admin < CX4_PAOS_UP || admin > CX4_PAOS_UP_ONCE)
			return cx4dev_reg_bad_value(dev, cmd, "PAOS", "admin_status not 1 (up), "
						    "2 (down) or 3 (up once)", admin);
		if (admin != dev->port.admin_status)
			cx4dev_logf(dev, "port 1: admin_status %u", admin);
		dev->port.admin_status = admin;
		dev->port.up_once_failed = false;	/* an explicit command */
		cx4dev_port_update(dev);
		return CX4_CMD_STAT_OK;
	}
	CX4_SET(PAOS, out, ADMIN_STATUS, dev->port.admin_status);
	CX4_SET(PAOS, out, OPER_STATUS, cx4dev_port_oper_status(dev));
	return CX4_CMD_STAT_OK;
}

/* ---- 11.1.4 PFCC ---- */

static uint8_t cx4dev_reg_pfcc(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	struct cx4dev_port *p = &dev->port;

	if (write) {
		uint32_t mtx = CX4_GET(PFCC, in, PRIO_MASK_TX);
		uint32_t mrx = CX4_GET(PFCC, in, PRIO_MASK_RX);
		uint32_t pfctx = (p->pfctx & ~mtx) | (CX4_GET(PFCC, in, PFCTX) & mtx);
		uint32_t pfcrx = (p->pfcrx & ~mrx) | (CX4_GET(PFCC, in, PFCRX) & mrx);
		uint32_t pptx = CX4_GET(PFCC, in, PPTX), pprx = CX4_GET(PFCC, in, PPRX);
		uint32_t minor = CX4_GET(PFCC, in, STALL_MINOR_WATERMARK);
		uint32_t crit = CX4_GET(PFCC, in, STALL_CRIT_WATERMARK);

		/* Table 112: pfctx and pptx are mutually exclusive; one mechanism per port. */
		if ((pptx && pfctx) || (pprx && pfcrx))
			return cx4dev_reg_bad_value(dev, cmd, "PFCC", "global pause together with "
						    "priority flow control, pfc", pfctx | pfcrx);
		if ((minor && (minor < 0x50 || minor > 0x1f40)) ||
		    (crit && (crit < 0x50 || crit > 0x1f40)))
			return cx4dev_reg_bad_value(dev, cmd, "PFCC", "stall watermark outside "
						    "0x50..0x1f40", minor ? minor : crit);
		if (pptx != p->pptx || pprx != p->pprx || pfctx != p->pfctx || pfcrx != p->pfcrx)
			cx4dev_logf(dev, "port 1: pause tx %u rx %u, pfc tx 0x%02x rx 0x%02x",
				    pptx, pprx, pfctx, pfcrx);
		p->pptx = pptx;
		p->pprx = pprx;
		p->pfctx = pfctx;
		p->pfcrx = pfcrx;
		p->stall_minor = minor;
		p->stall_crit = crit;
		return CX4_CMD_STAT_OK;
	}
	CX4_SET(PFCC, out, PPTX, p->pptx);
	CX4_SET(PFCC, out, APTX, p->pptx);
	CX4_SET(PFCC, out, PFCTX, p->pfctx);
	CX4_SET(PFCC, out, PPRX, p->pprx);
	CX4_SET(PFCC, out, APRX, p->pprx);
	CX4_SET(PFCC, out, PFCRX, p->pfcrx);
	CX4_SET(PFCC, out, STALL_MINOR_WATERMARK, p->stall_minor);
	CX4_SET(PFCC, out, STALL_CRIT_WATERMARK, p->stall_crit);
	return CX4_CMD_STAT_OK;
}

/* ---- 11.1.5 PPCNT ---- */

/*
 * Counter groups of the port, from the datapath's port counters
 * (port_cnt.c); clr (read or write) restarts the group from 0.
 */
static uint8_t cx4dev_reg_ppcnt(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
				const uint8_t *in, uint8_t *out)
{
	uint32_t grp = CX4_GET(PPCNT, in, GRP);
	uint32_t prio_tc = CX4_GET(PPCNT, in, PRIO_TC);
	bool clr = CX4_GET(PPCNT, in, CLR);
	uint32_t max_tc = CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], MAX_TC);

	switch (grp) {
	case CX4_PPCNT_GRP_IEEE_802_3:
	case CX4_PPCNT_GRP_RFC_2863:
	case CX4_PPCNT_GRP_RFC_2819:
	case CX4_PPCNT_GRP_RFC_3635:
	case CX4_PPCNT_GRP_PHYS_LAYER:
		if (prio_tc)
			return cx4dev_reg_bad_value(dev, cmd, "PPCNT", "prio_tc of a group without "
						    "priorities", prio_tc);
		break;
	case CX4_PPCNT_GRP_PER_PRIO:
		if (prio_tc > 7)
			return cx4dev_reg_bad_value(dev, cmd, "PPCNT", "priority above 7", prio_tc);
		break;
	case CX4_PPCNT_GRP_PER_TC:
		if (prio_tc > max_tc)
			return cx4dev_reg_bad_value(dev, cmd, "PPCNT", "traffic class above "
						    "HCA_CAP.max_tc", prio_tc);
		break;
	case CX4_PPCNT_GRP_ALL:
		if (write && clr && !prio_tc)
			break;
		return cx4dev_reg_bad_value(dev, cmd, "PPCNT", "group 63 outside Set() with clr",
					    grp);
	default:
		/* 0x15 (receive buffers) is for switches only. */
		return cx4dev_reg_bad_value(dev, cmd, "PPCNT", "counter group not supported", grp);
	}
	if (clr)
		cx4dev_logf(dev, "port 1: PPCNT group 0x%x counters cleared", grp);
	if (!write) {
		CX4_SET(PPCNT, out, GRP, grp);
		CX4_SET(PPCNT, out, PRIO_TC, prio_tc);
	}
	cx4dev_port_ppcnt(dev, grp, prio_tc, clr,
			  write ? NULL : out + CX4_PPCNT_OFF_COUNTER_SET);
	return CX4_CMD_STAT_OK;
}

/* ---- PPLM (beyond rev 0.40): forward error correction ---- */

/*
 * Per speed group (enum cx4dev_fec_group order = CX4DEV_FEC_GROUPS): the
 * FEC modes the port can be forced to, what it uses when left to choose
 * (admin 0), and the PPLM fields.  10G/40G: none or BASE-R; 25G and 50G
 * (25G lanes): none, BASE-R or RS; 100G: none or RS (Clause 91); 56G: no
 * such protocol.  The Lx has neither 50G nor 100G.
 */
static const struct {
	uint32_t protos, cap, dflt, cap_fld, admin_fld;
} cx4dev_fec_groups[CX4DEV_FEC_GROUPS] = {
	{ CX4_ETH_PROTO_10GBASE_CR | CX4_ETH_PROTO_10GBASE_SR | CX4_ETH_PROTO_10GBASE_KR |
	  CX4_ETH_PROTO_40GBASE_CR4 | CX4_ETH_PROTO_40GBASE_KR4 | CX4_ETH_PROTO_40GBASE_SR4,
	  CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_FIRECODE, CX4_PPLM_FEC_NONE,
	  CX4_PPLM_CAP_10G_40G, CX4_PPLM_ADMIN_10G_40G },
	{ CX4_ETH_PROTO_25GBASE_CR | CX4_ETH_PROTO_25GBASE_KR | CX4_ETH_PROTO_25GBASE_SR,
	  CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_FIRECODE | CX4_PPLM_FEC_RS_528, CX4_PPLM_FEC_RS_528,
	  CX4_PPLM_CAP_25G, CX4_PPLM_ADMIN_25G },
	{ CX4_ETH_PROTO_50GBASE_CR2 | CX4_ETH_PROTO_50GBASE_KR2,
	  CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_FIRECODE | CX4_PPLM_FEC_RS_528, CX4_PPLM_FEC_RS_528,
	  CX4_PPLM_CAP_50G, CX4_PPLM_ADMIN_50G },
	{ 0, 0, 0, CX4_PPLM_CAP_56G, CX4_PPLM_ADMIN_56G },
	{ CX4_ETH_PROTO_100GBASE_CR4 | CX4_ETH_PROTO_100GBASE_SR4 | CX4_ETH_PROTO_100GBASE_KR4,
	  CX4_PPLM_FEC_NONE | CX4_PPLM_FEC_RS_528, CX4_PPLM_FEC_RS_528,
	  CX4_PPLM_CAP_100G, CX4_PPLM_ADMIN_100G },
};

/* The FEC modes of group @g the port supports: none if it has no such protocol. */
static uint32_t cx4dev_fec_cap(const struct cx4dev *dev, unsigned int g)
{
	return (cx4dev_fec_groups[g].protos & cx4dev_port_proto_cap(dev)) ?
	       cx4dev_fec_groups[g].cap : 0;
}

/* fec_mode_active: the FEC of the link's speed; no link (or 1G): no FEC. */
static uint32_t cx4dev_fec_active(const struct cx4dev *dev)
{
	uint32_t oper = cx4dev_port_proto_oper(dev);

	for (unsigned int g = 0; g < CX4DEV_FEC_GROUPS; g++) {
		if (!(oper & cx4dev_fec_groups[g].protos))
			continue;
		return dev->port.fec_admin[g] ? dev->port.fec_admin[g] : cx4dev_fec_groups[g].dflt;
	}
	return CX4_PPLM_FEC_NONE;
}

/* A write: each group's admin is 0 (auto) or one mode of its capability. */
static uint8_t cx4dev_pplm_write(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *in)
{
	uint8_t admin[CX4DEV_FEC_GROUPS];

	for (unsigned int g = 0; g < CX4DEV_FEC_GROUPS; g++) {
		uint32_t a = cx4_get(in, cx4dev_fec_groups[g].admin_fld);

		if ((a & (a - 1)) || (a & ~cx4dev_fec_cap(dev, g)))
			return cx4dev_reg_bad_value(dev, cmd, "PPLM", "fec_override_admin not 0 "
						    "or one mode of fec_override_cap", a);
		admin[g] = (uint8_t)a;
	}
	if (memcmp(admin, dev->port.fec_admin, sizeof(admin)))
		cx4dev_logf(dev, "port 1: FEC admin 10/40G 0x%x 25G 0x%x 50G 0x%x 100G 0x%x",
			    admin[0], admin[1], admin[2], admin[4]);
	memcpy(dev->port.fec_admin, admin, sizeof(admin));
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_reg_pplm(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	if (write)
		return cx4dev_pplm_write(dev, cmd, in);
	for (unsigned int g = 0; g < CX4DEV_FEC_GROUPS; g++) {
		cx4_set(out, cx4dev_fec_groups[g].cap_fld, cx4dev_fec_cap(dev, g));
		cx4_set(out, cx4dev_fec_groups[g].admin_fld, dev->port.fec_admin[g]);
	}
	CX4_SET(PPLM, out, FEC_MODE_ACTIVE, cx4dev_fec_active(dev));
	return CX4_CMD_STAT_OK;
}

/* ---- HOST_ENDIANNESS (beyond rev 0.40) ---- */

static uint8_t cx4dev_reg_host_endianness(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
					  const uint8_t *in, uint8_t *out)
{
	if (write) {
		uint32_t he = CX4_GET(HOST_ENDIANNESS, in, HE);

		if (he) {
			/* Not the driver's fault: the model only has the PRM's layouts. */
			return cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
						 CX4DEV_SYN_REG_HE, "HOST_ENDIANNESS he=1 "
						 "not modelled");
		}
		return CX4_CMD_STAT_OK;
	}
	CX4_SET(HOST_ENDIANNESS, out, HE, 0);
	return CX4_CMD_STAT_OK;
}

/* ---- register table ---- */

static const struct cx4dev_reg_field cx4dev_pmtu_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PMTU_MAX_MTU, CX4DEV_ACC_RO },
	{ CX4_PMTU_ADMIN_MTU, CX4DEV_ACC_RW }, { CX4_PMTU_OPER_MTU, CX4DEV_ACC_RO }, { 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_ptys_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PTYS_PROTO_MASK, CX4DEV_ACC_INDEX },
	{ CX4_PTYS_AN_DISABLE_ADMIN, CX4DEV_ACC_RW }, { CX4_PTYS_AN_DISABLE_CAP, CX4DEV_ACC_RO },
	{ CX4_PTYS_AN_STATUS, CX4DEV_ACC_RO },
	{ CX4_PTYS_ETH_PROTO_CAPABILITY, CX4DEV_ACC_RO },
	{ CX4_PTYS_ETH_PROTO_ADMIN, CX4DEV_ACC_RW }, { CX4_PTYS_ETH_PROTO_OPER, CX4DEV_ACC_RO },
	{ 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_paos_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PAOS_ADMIN_STATUS, CX4DEV_ACC_RW },
	{ CX4_PAOS_OPER_STATUS, CX4DEV_ACC_RO }, { CX4_PAOS_ASE, CX4DEV_ACC_WO }, { 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_pfcc_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PFCC_PRIO_MASK_TX, CX4DEV_ACC_WO },
	{ CX4_PFCC_PRIO_MASK_RX, CX4DEV_ACC_WO }, { CX4_PFCC_PPTX, CX4DEV_ACC_RW },
	{ CX4_PFCC_APTX, CX4DEV_ACC_RO }, { CX4_PFCC_PFCTX, CX4DEV_ACC_RW },
	{ CX4_PFCC_FCTX_DISABLED, CX4DEV_ACC_RW }, { CX4_PFCC_PPRX, CX4DEV_ACC_RW },
	{ CX4_PFCC_APRX, CX4DEV_ACC_RO }, { CX4_PFCC_PFCRX, CX4DEV_ACC_RW },
	{ CX4_PFCC_STALL_MINOR_WATERMARK, CX4DEV_ACC_RW },
	{ CX4_PFCC_STALL_CRIT_WATERMARK, CX4DEV_ACC_RW }, { 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_ppcnt_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PPCNT_GRP, CX4DEV_ACC_INDEX },
	{ CX4_PPCNT_CLR, CX4DEV_ACC_OP }, { CX4_PPCNT_PRIO_TC, CX4DEV_ACC_INDEX }, { 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_pplm_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PPLM_FEC_MODE_ACTIVE, CX4DEV_ACC_RO },
	{ CX4_PPLM_CAP_56G, CX4DEV_ACC_RO }, { CX4_PPLM_CAP_100G, CX4DEV_ACC_RO },
	{ CX4_PPLM_CAP_50G, CX4DEV_ACC_RO }, { CX4_PPLM_CAP_25G, CX4DEV_ACC_RO },
	{ CX4_PPLM_CAP_10G_40G, CX4DEV_ACC_RO }, { CX4_PPLM_ADMIN_56G, CX4DEV_ACC_RW },
	{ CX4_PPLM_ADMIN_100G, CX4DEV_ACC_RW }, { CX4_PPLM_ADMIN_50G, CX4DEV_ACC_RW },
	{ CX4_PPLM_ADMIN_25G, CX4DEV_ACC_RW }, { CX4_PPLM_ADMIN_10G_40G, CX4DEV_ACC_RW }, { 0, 0 }
};
/* The masks are RO data: reserved in the input, as the counter set of PPCNT. */
static const struct cx4dev_reg_field cx4dev_cam_fields[] = {
	{ CX4_PCAM_FEATURE_GROUP, CX4DEV_ACC_INDEX },
	{ CX4_PCAM_ACCESS_REG_GROUP, CX4DEV_ACC_INDEX }, { 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_host_endianness_fields[] = {
	{ CX4_HOST_ENDIANNESS_HE, CX4DEV_ACC_RW }, { 0, 0 }
};

static uint8_t cx4dev_reg_pcam(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out);
static uint8_t cx4dev_reg_mcam(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out);

static const struct cx4dev_reg_desc cx4dev_regs[] = {
	CX4DEV_REG(PMTU, true, CX4DEV_REG_WRITABLE, cx4dev_pmtu_fields, cx4dev_reg_pmtu),
	CX4DEV_REG(PTYS, true, CX4DEV_REG_WRITABLE, cx4dev_ptys_fields, cx4dev_reg_ptys),
	CX4DEV_REG(PAOS, true, CX4DEV_REG_WRITABLE, cx4dev_paos_fields, cx4dev_reg_paos),
	CX4DEV_REG(PFCC, true, CX4DEV_REG_WRITABLE, cx4dev_pfcc_fields, cx4dev_reg_pfcc),
	/* The counter set (08h-FCh) is RO data: reserved in the input. */
	CX4DEV_REG(PPCNT, true, CX4DEV_REG_WRITABLE, cx4dev_ppcnt_fields, cx4dev_reg_ppcnt),
	CX4DEV_REG(PPLM, true, CX4DEV_REG_WRITABLE, cx4dev_pplm_fields, cx4dev_reg_pplm),
	CX4DEV_REG(PCAM, false, CX4DEV_REG_QUERY_ONLY, cx4dev_cam_fields, cx4dev_reg_pcam),
	CX4DEV_REG(MCAM, false, CX4DEV_REG_QUERY_ONLY, cx4dev_cam_fields, cx4dev_reg_mcam),
	CX4DEV_REG(HOST_ENDIANNESS, false, CX4DEV_REG_WRITABLE, cx4dev_host_endianness_fields,
		   cx4dev_reg_host_endianness),
};

static const size_t cx4dev_nregs = sizeof(cx4dev_regs) / sizeof(cx4dev_regs[0]);

static const struct cx4dev_reg_desc *cx4dev_reg_lookup(uint32_t id)
{
	for (size_t i = 0; i < cx4dev_nregs; i++)
		if (cx4dev_regs[i].id == id)
			return &cx4dev_regs[i];
	for (size_t i = 0; i < cx4dev_module_nregs; i++)
		if (cx4dev_module_regs[i].id == id)
			return &cx4dev_module_regs[i];
	return NULL;
}

/* ---- PCAM / MCAM (beyond rev 0.40): which registers the device has ---- */

static void cx4dev_cam_mark(uint8_t *out, const struct cx4dev_reg_desc *regs, size_t n,
			    uint32_t base)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t bit = regs[i].id - base;

		if (regs[i].id < base || bit >= CX4_CAM_MASK_BITS)
			continue;
		cx4_wr32(out, cx4_cam_mask_off(bit),
			 cx4_rd32(out, cx4_cam_mask_off(bit)) | 1u << (bit % 32));
	}
}

/*
 * The register mask of group @group (base @base): every register of the
 * tables in its range, so a register is advertised exactly when it is
 * implemented.  Feature group 0 (enhanced features) has no bit set: the
 * model has none of the features those masks name (mcia_32dwords among
 * them: MCIA moves 12 dwords).
 */
static uint8_t cx4dev_reg_cam(struct cx4dev *dev, struct cx4dev_cmd *cmd, const char *name,
			      const uint8_t *in, uint8_t *out, uint32_t ngroups, uint32_t base)
{
	uint32_t fg = CX4_GET(PCAM, in, FEATURE_GROUP);
	uint32_t group = CX4_GET(PCAM, in, ACCESS_REG_GROUP);

	if (fg)
		return cx4dev_reg_bad_value(dev, cmd, name, "feature_group not 0 (enhanced "
					    "features)", fg);
	if (group >= ngroups)
		return cx4dev_reg_bad_value(dev, cmd, name, "access_reg_group undefined", group);
	CX4_SET(PCAM, out, FEATURE_GROUP, fg);
	CX4_SET(PCAM, out, ACCESS_REG_GROUP, group);
	base += CX4_CAM_GROUP_SPAN * group;
	cx4dev_cam_mark(out, cx4dev_regs, cx4dev_nregs, base);
	cx4dev_cam_mark(out, cx4dev_module_regs, cx4dev_module_nregs, base);
	return CX4_CMD_STAT_OK;
}

static uint8_t cx4dev_reg_pcam(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	(void)write;
	return cx4dev_reg_cam(dev, cmd, "PCAM", in, out, 1, CX4_PCAM_GROUP_BASE);
}

static uint8_t cx4dev_reg_mcam(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	(void)write;
	return cx4dev_reg_cam(dev, cmd, "MCAM", in, out, CX4_MCAM_NGROUPS, CX4_MCAM_GROUP_BASE);
}

const char *cx4dev_reg_name(uint32_t id)
{
	const struct cx4dev_reg_desc *r = cx4dev_reg_lookup(id);

	return r ? r->name : "?";
}

/* Bits of register dword @off that the input may carry. */
static uint32_t cx4dev_reg_allowed_bits(const struct cx4dev_reg_desc *r, uint32_t off, bool write)
{
	uint32_t bits = 0;

	for (const struct cx4dev_reg_field *f = r->fields; f->fld; f++) {
		if (CX4_FLD_OFF(f->fld) != off)
			continue;
		if (!write && f->acc != CX4DEV_ACC_INDEX && f->acc != CX4DEV_ACC_OP)
			continue;
		bits |= cx4_fld_mask(f->fld) << CX4_FLD_LSB(f->fld);
	}
	return bits;
}

/* Bits of register dword @off written as RO fields: ignored in a write. */
static uint32_t cx4dev_reg_ro_bits(const struct cx4dev_reg_desc *r, uint32_t off)
{
	uint32_t bits = 0;

	for (const struct cx4dev_reg_field *f = r->fields; f->fld; f++)
		if (CX4_FLD_OFF(f->fld) == off && f->acc == CX4DEV_ACC_RO)
			bits |= cx4_fld_mask(f->fld) << CX4_FLD_LSB(f->fld);
	return bits;
}

/* A write of a register firmware only queries, or whose Set() the model lacks. */
static uint8_t cx4dev_reg_write_allowed(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					const struct cx4dev_reg_desc *r, bool write)
{
	if (!write || r->writes == CX4DEV_REG_WRITABLE)
		return CX4_CMD_STAT_OK;
	if (r->writes == CX4DEV_REG_QUERY_ONLY)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_QUERY_ONLY,
				     "%s: write of a register that is only queried", r->name);
	return cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_UNMODELLED,
				 "%s write not modelled", r->name);
}

uint8_t cx4dev_exec_access_reg(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t id = cx4dev_in_get(cmd, CX4_ACCESS_REG_IN_REGISTER_ID);
	uint32_t arg = cx4dev_in_get(cmd, CX4_ACCESS_REG_IN_ARGUMENT);
	const struct cx4dev_reg_desc *r = cx4dev_reg_lookup(id);
	bool write = cmd->op_mod == CX4_ACCESS_REG_WRITE;
	uint32_t in_data = cmd->in_len - CX4_ACCESS_REG_OFF_DATA;
	uint8_t reg[CX4DEV_REG_MAX_SIZE] = { 0 };
	uint8_t *out = cmd->out + CX4_ACCESS_REG_OFF_DATA;
	uint8_t st;

	if (cmd->op_mod != CX4_ACCESS_REG_WRITE && cmd->op_mod != CX4_ACCESS_REG_READ)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0 write, 1 read)", cmd->op_mod);
	/* Firmware has many more registers than the model: not the guest's fault. */
	if (!r)
		return cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_UNKNOWN,
					 "ACCESS_REG %s register_id 0x%x not implemented",
					 write ? "write" : "read", id);
	if (arg)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_RESERVED_NONZERO,
				     "%s: argument 0x%x, the register defines none", r->name, arg);
	st = cx4dev_reg_write_allowed(dev, cmd, r, write);
	if (st != CX4_CMD_STAT_OK)
		return st;
	if (in_data < r->size && (write || in_data))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_REG_IN_LEN,
				     "%s: input_length 0x%x, register needs 0x%x", r->name,
				     cmd->in_len, CX4_ACCESS_REG_OFF_DATA + r->size);
	if (!write && cmd->out_len < CX4_ACCESS_REG_OFF_DATA + r->size)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_REG_OUT_LEN,
				     "%s: output_length 0x%x, register needs 0x%x", r->name,
				     cmd->out_len, CX4_ACCESS_REG_OFF_DATA + r->size);
	for (uint32_t off = r->size; off < in_data; off++)
		if (cmd->in[CX4_ACCESS_REG_OFF_DATA + off])
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_REG_RESERVED, "%s: byte 0x%x past the "
					     "register (0x%x bytes) non-zero", r->name, off, r->size);
	if (in_data)
		memcpy(reg, cmd->in + CX4_ACCESS_REG_OFF_DATA, r->size);
	if (r->port && CX4_GET(REG, reg, LOCAL_PORT) != 1)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_REG_LOCAL_PORT,
				     "%s: local_port %u, the function has port 1 only", r->name,
				     CX4_GET(REG, reg, LOCAL_PORT));
	for (uint32_t off = 0; off < r->size; off += 4) {
		uint32_t rsvd = cx4_rd32(reg, off) & ~cx4dev_reg_allowed_bits(r, off, write);

		if (rsvd)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_REG_RESERVED, "%s %s: reserved bits 0x%08x "
					     "of dword 0x%02x non-zero", r->name,
					     write ? "write" : "read", rsvd, off);
		if (write)
			cx4_wr32(reg, off, cx4_rd32(reg, off) & ~cx4dev_reg_ro_bits(r, off));
	}
	st = r->access(dev, cmd, write, reg, out);
	if (st == CX4_CMD_STAT_OK && r->port && !write)
		CX4_SET(REG, out, LOCAL_PORT, 1);
	if (st == CX4_CMD_STAT_OK && dev->cfg.trace_cmds)
		cx4dev_logf(dev, "ACCESS_REG %s %s", write ? "write" : "read", r->name);
	return st;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: the physical side of the port, through registers
 * beyond PRM rev 0.40 (layouts and sources: include/linux/cx4/prm_reg.h):
 *
 *   ethtool -m        PMLP (the port's module) + MCIA (its EEPROM, at most
 *                     CX4_MCIA_DATA_MAX bytes a read, never across a half
 *                     page); SFF-8636/8436 (QSFP) and SFF-8472/8079 (SFP)
 *   --show/set-fec    PPLM (per speed group: capability, forced mode,
 *                     active mode)
 *   link ext state    PDDR's troubleshooting page (why the link is down)
 *
 * Each op first asks the device whether it has the registers (HCA_CAP
 * pcam_reg / mcam_reg, then the PCAM / MCAM masks): -EOPNOTSUPP if not.
 * Register answers are checked in port.c; the pure parts below (module
 * kinds and layout, FEC and link-down mappings) have KUnit tests
 * (tests/en_phy_test.c).  Reference: Documentation/ethtool.md.
 */

#include <linux/ethtool.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/netlink.h>
#include <linux/cx4/prm_reg.h>

#include "en.h"
#include "port.h"

/* --- module kinds and ethtool's linear EEPROM layout (pure) ------------------ */

/* SFF-8024 identifiers cx4 decodes and the ethtool layout of each. */
static const struct {
	u8 id;
	u32 type;
} cx4_en_module_ids[] = {
	{ CX4_SFF_ID_SFP, ETH_MODULE_SFF_8079 },	/* 8472 with A2h */
	{ CX4_SFF_ID_QSFP, ETH_MODULE_SFF_8436 },
	{ CX4_SFF_ID_QSFP_PLUS, ETH_MODULE_SFF_8436 },	/* 8636 from rev 2.0 */
	{ CX4_SFF_ID_QSFP28, ETH_MODULE_SFF_8636 },
};

/*
 * The ethtool module type and EEPROM length of a module whose first
 * bytes (identifier, revision or extended identifier, status) are @id;
 * @sfp_diag is SFF-8472 byte 92 (SFP only).  -EOPNOTSUPP for another
 * identifier (no module type cx4 decodes).
 */
int cx4_en_module_kind(const u8 *id, u8 sfp_diag, u32 *type, u32 *len)
{
	unsigned int i;
	u32 t;

	for (i = 0; i < ARRAY_SIZE(cx4_en_module_ids); i++)
		if (cx4_en_module_ids[i].id == id[CX4_SFF_IDENTIFIER])
			break;
	if (i == ARRAY_SIZE(cx4_en_module_ids))
		return -EOPNOTSUPP;
	t = cx4_en_module_ids[i].type;
	if (t == ETH_MODULE_SFF_8079) {
		if (sfp_diag & CX4_SFP_DIAG_IMPLEMENTED) {
			*type = ETH_MODULE_SFF_8472;
			*len = ETH_MODULE_SFF_8472_LEN;
		} else {
			*type = ETH_MODULE_SFF_8079;
			*len = ETH_MODULE_SFF_8079_LEN;
		}
		return 0;
	}
	if (id[CX4_SFF_IDENTIFIER] == CX4_SFF_ID_QSFP_PLUS &&
	    id[CX4_QSFP_REV_COMPLIANCE] >= CX4_QSFP_REV_SFF_8636)
		t = ETH_MODULE_SFF_8636;
	*type = t;
	/* Flat memory: page 00h only; else upper pages 01h-03h follow. */
	*len = (id[CX4_QSFP_STATUS] & CX4_QSFP_STATUS_FLAT_MEM) ?
	       ETH_MODULE_SFF_8636_LEN : ETH_MODULE_SFF_8636_MAX_LEN;
	return 0;
}

/*
 * Where byte @off of ethtool's linear layout of a module of @type is:
 * SFP: A0h then A2h, 256 bytes each; QSFP: page 00h (256 bytes), then the
 * upper halves of pages 01h, 02h, 03h.  -EINVAL past the layout.
 */
int cx4_en_module_locate(u32 type, u32 off, struct cx4_en_module_loc *loc)
{
	u32 max;

	switch (type) {
	case ETH_MODULE_SFF_8079:
	case ETH_MODULE_SFF_8472:
		max = type == ETH_MODULE_SFF_8472 ? ETH_MODULE_SFF_8472_LEN :
						    ETH_MODULE_SFF_8079_LEN;
		if (off >= max)
			return -EINVAL;
		loc->i2c = off < CX4_SFF_PAGE_SIZE ? CX4_MCIA_I2C_LOW :
						     CX4_MCIA_I2C_HIGH;
		loc->page = 0;
		loc->addr = off % CX4_SFF_PAGE_SIZE;
		break;
	case ETH_MODULE_SFF_8436:
	case ETH_MODULE_SFF_8636:
		if (off >= ETH_MODULE_SFF_8636_MAX_LEN)
			return -EINVAL;
		loc->i2c = CX4_MCIA_I2C_LOW;
		if (off < CX4_SFF_PAGE_SIZE) {
			loc->page = 0;
			loc->addr = off;
		} else {
			off -= CX4_SFF_PAGE_SIZE;
			loc->page = 1 + off / CX4_SFF_HALF_PAGE;
			loc->addr = CX4_SFF_HALF_PAGE + off % CX4_SFF_HALF_PAGE;
		}
		break;
	default:
		return -EINVAL;
	}
	loc->room = (loc->addr < CX4_SFF_HALF_PAGE ? CX4_SFF_HALF_PAGE :
						     CX4_SFF_PAGE_SIZE) - loc->addr;
	return 0;
}

/* --- FEC: PPLM modes <-> ethtool (pure) -------------------------------------- */

static const struct {
	u8 pplm;
	u32 fec;
} cx4_en_fec_modes[] = {
	{ CX4_PPLM_FEC_NONE, ETHTOOL_FEC_OFF },
	{ CX4_PPLM_FEC_FIRECODE, ETHTOOL_FEC_BASER },
	{ CX4_PPLM_FEC_RS_528, ETHTOOL_FEC_RS },
};

/* The ethtool FEC bits of a PPLM mode mask. */
static u32 cx4_en_fec_to_ethtool(u32 pplm)
{
	unsigned int i;
	u32 fec = 0;

	for (i = 0; i < ARRAY_SIZE(cx4_en_fec_modes); i++)
		if (pplm & cx4_en_fec_modes[i].pplm)
			fec |= cx4_en_fec_modes[i].fec;
	return fec;
}

/*
 * Configured encodings: over the speed groups the port has, auto for a
 * group left to the port, else its forced mode.  ETHTOOL_FEC_NONE when the
 * port has no FEC control at all.
 */
u32 cx4_en_fec_configured(const struct cx4_en_fec *f)
{
	unsigned int g;
	u32 fec = 0;

	for (g = 0; g < CX4_EN_FEC_GROUPS; g++) {
		if (!f->cap[g])
			continue;
		fec |= f->admin[g] ? cx4_en_fec_to_ethtool(f->admin[g]) :
				     ETHTOOL_FEC_AUTO;
	}
	return fec ? fec : ETHTOOL_FEC_NONE;
}

/* The active encoding; no mode (no link) is no FEC. */
u32 cx4_en_fec_active(u32 pplm_active)
{
	u32 fec = cx4_en_fec_to_ethtool(pplm_active);

	return fec ? fec : ETHTOOL_FEC_OFF;
}

/*
 * The fec_override_admin of each group for the request @fec: auto leaves
 * every group to the port; one of off, baser, rs forces it on every group
 * that can use it and leaves the others to the port.  -EOPNOTSUPP for
 * anything else (several modes, llrs) or a mode no group has.
 */
int cx4_en_fec_admin(u32 fec, struct cx4_en_fec *f)
{
	bool any = false;
	unsigned int g, i;
	u8 m = 0;

	if (fec == ETHTOOL_FEC_AUTO) {
		memset(f->admin, 0, sizeof(f->admin));
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(cx4_en_fec_modes); i++)
		if (fec == cx4_en_fec_modes[i].fec)
			m = cx4_en_fec_modes[i].pplm;
	if (!m)
		return -EOPNOTSUPP;
	for (g = 0; g < CX4_EN_FEC_GROUPS; g++) {
		f->admin[g] = (f->cap[g] & m) ? m : 0;
		any |= !!f->admin[g];
	}
	return any ? 0 : -EOPNOTSUPP;
}

/* ethtool --set-fec's names of the ethtool FEC bits, for messages. */
static const struct {
	u32 fec;
	const char *name;
} cx4_en_fec_names_tbl[] = {
	{ ETHTOOL_FEC_AUTO, "auto" },
	{ ETHTOOL_FEC_OFF, "off" },
	{ ETHTOOL_FEC_BASER, "baser" },
	{ ETHTOOL_FEC_RS, "rs" },
	{ ETHTOOL_FEC_LLRS, "llrs" },
};

/* "auto off rs" etc.: the names of the bits of @fec, others in hex. */
static void cx4_en_fec_names(u32 fec, char *buf, size_t len)
{
	unsigned int i;
	int n = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(cx4_en_fec_names_tbl); i++) {
		if (!(fec & cx4_en_fec_names_tbl[i].fec))
			continue;
		n += scnprintf(buf + n, len - n, "%s%s", n ? " " : "",
			       cx4_en_fec_names_tbl[i].name);
		fec &= ~cx4_en_fec_names_tbl[i].fec;
	}
	if (fec)
		scnprintf(buf + n, len - n, "%s0x%x", n ? " " : "", fec);
}

/* --- link-down reason: PDDR monitor opcode -> ethtool (pure) ------------------ */

static const struct {
	u16 opcode;
	u8 state;
	u8 substate;	/* 0: none */
} cx4_en_link_down_reasons[] = {
	{ CX4_PDDR_ST_AN_NO_PARTNER, ETHTOOL_LINK_EXT_STATE_AUTONEG,
	  ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED },
	{ CX4_PDDR_ST_FORCE_NO_PARTNER, ETHTOOL_LINK_EXT_STATE_AUTONEG,
	  ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED_FORCE_MODE },
	{ CX4_PDDR_ST_NO_CABLE, ETHTOOL_LINK_EXT_STATE_NO_CABLE, 0 },
};

/* -ENODATA for no issue (0) or an opcode cx4 has no ethtool state for. */
int cx4_en_link_ext_state(u16 opcode, struct ethtool_link_ext_state_info *info)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cx4_en_link_down_reasons); i++) {
		if (cx4_en_link_down_reasons[i].opcode != opcode)
			continue;
		info->link_ext_state = cx4_en_link_down_reasons[i].state;
		info->__link_ext_substate = cx4_en_link_down_reasons[i].substate;
		return 0;
	}
	return -ENODATA;
}

/* --- ethtool -m ----------------------------------------------------------------- */

/* An MCIA status other than good: -EIO, with the reason. */
static int cx4_en_mcia_error(struct cx4_en_priv *priv, u8 status,
			     struct netlink_ext_ack *extack)
{
	switch (status) {
	case CX4_MCIA_ST_NOT_CONNECTED:
		NL_SET_ERR_MSG_MOD(extack, "no module in the port (MCIA: not connected)");
		break;
	case CX4_MCIA_ST_I2C_ERROR:
		NL_SET_ERR_MSG_MOD(extack, "the module does not answer this I2C address or page");
		break;
	default:
		NL_SET_ERR_MSG_MOD(extack, "module EEPROM read failed (MCIA status)");
		break;
	}
	netdev_dbg(priv->netdev, "module EEPROM read: MCIA status 0x%x\n",
		   status);
	return -EIO;
}

/*
 * The port's module, if the device has MCIA (MCAM) and PMLP (PCAM):
 * -EOPNOTSUPP if not.
 */
static int cx4_en_module_of_port(struct cx4_en_priv *priv, u8 *module,
				 struct netlink_ext_ack *extack)
{
	int err;

	err = cx4_en_port_has_reg(priv, CX4_REG_MCIA);
	if (!err)
		err = cx4_en_port_has_reg(priv, CX4_REG_PMLP);
	if (err == -EOPNOTSUPP) {
		NL_SET_ERR_MSG_MOD(extack, "the device has no module access (MCIA, PMLP)");
		return err;
	}
	return err ? err : cx4_en_port_module(priv, module);
}

/*
 * @len bytes from @addr of @page at I2C address @i2c: MCIA reads of at
 * most CX4_MCIA_DATA_MAX bytes, none across a half page.
 */
static int cx4_en_module_read(struct cx4_en_priv *priv, u8 module, u8 i2c,
			      u8 page, u32 addr, u32 len, u8 *data,
			      struct netlink_ext_ack *extack)
{
	struct cx4_en_mcia rd = { .module = module, .i2c = i2c, .page = page };
	u8 status;
	int err;

	if (addr + len > CX4_SFF_PAGE_SIZE)
		return -EINVAL;
	while (len) {
		u32 room = (addr < CX4_SFF_HALF_PAGE ? CX4_SFF_HALF_PAGE :
						       CX4_SFF_PAGE_SIZE) - addr;

		rd.addr = addr;
		rd.len = min3(len, room, (u32)CX4_MCIA_DATA_MAX);
		err = cx4_en_port_mcia(priv, &rd, data, &status);
		if (err)
			return err;
		if (status != CX4_MCIA_ST_GOOD)
			return cx4_en_mcia_error(priv, status, extack);
		addr += rd.len;
		data += rd.len;
		len -= rd.len;
	}
	return 0;
}

/* The ethtool type and length of the port's module (its first bytes). */
static int cx4_en_module_type(struct cx4_en_priv *priv, u8 module, u32 *type,
			      u32 *len)
{
	u8 id[CX4_QSFP_STATUS + 1], diag = 0;
	int err;

	err = cx4_en_module_read(priv, module, CX4_MCIA_I2C_LOW, 0, 0,
				 sizeof(id), id, NULL);
	if (!err && id[CX4_SFF_IDENTIFIER] == CX4_SFF_ID_SFP)
		err = cx4_en_module_read(priv, module, CX4_MCIA_I2C_LOW, 0,
					 CX4_SFP_DIAG_MON_TYPE, 1, &diag, NULL);
	if (err)
		return err;
	err = cx4_en_module_kind(id, diag, type, len);
	if (err)
		netdev_dbg(priv->netdev, "module identifier 0x%02x not decoded\n",
			   id[CX4_SFF_IDENTIFIER]);
	return err;
}

int cx4_en_get_module_info(struct net_device *netdev,
			   struct ethtool_modinfo *mi)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u8 module;
	int err;

	err = cx4_en_module_of_port(priv, &module, NULL);
	if (err)
		return err;
	return cx4_en_module_type(priv, module, &mi->type, &mi->eeprom_len);
}

/* The ioctl path: ethtool's linear layout, piece by piece. */
int cx4_en_get_module_eeprom(struct net_device *netdev,
			     struct ethtool_eeprom *ee, u8 *data)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_module_loc loc;
	u32 type, size, off, left, n;
	u8 module;
	int err;

	err = cx4_en_module_of_port(priv, &module, NULL);
	if (err)
		return err;
	err = cx4_en_module_type(priv, module, &type, &size);
	if (err)
		return err;
	if (ee->offset >= size || ee->len > size - ee->offset)
		return -EINVAL;
	for (off = ee->offset, left = ee->len; left; off += n, left -= n) {
		err = cx4_en_module_locate(type, off, &loc);
		if (err)
			return err;
		n = min_t(u32, left, loc.room);
		err = cx4_en_module_read(priv, module, loc.i2c, loc.page,
					 loc.addr, n, data + (off - ee->offset),
					 NULL);
		if (err)
			return err;
	}
	return 0;
}

/* The netlink path (ethtool -m of ethtool 5.13 and later): one page. */
int cx4_en_get_module_eeprom_by_page(struct net_device *netdev,
				     const struct ethtool_module_eeprom *req,
				     struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u8 module;
	int err;

	if (req->bank) {
		NL_SET_ERR_MSG_MOD(extack, "module memory banks are not supported");
		return -EINVAL;
	}
	if (req->i2c_address != CX4_MCIA_I2C_LOW &&
	    req->i2c_address != CX4_MCIA_I2C_HIGH) {
		NL_SET_ERR_MSG_MOD(extack, "I2C address not 0x50 or 0x51");
		return -EINVAL;
	}
	if (!req->length || req->offset >= CX4_SFF_PAGE_SIZE ||
	    req->length > CX4_SFF_PAGE_SIZE - req->offset) {
		NL_SET_ERR_MSG_MOD(extack, "read past the 256 bytes of a page");
		return -EINVAL;
	}
	err = cx4_en_module_of_port(priv, &module, extack);
	if (err)
		return err;
	err = cx4_en_module_read(priv, module, req->i2c_address, req->page,
				 req->offset, req->length, req->data, extack);
	return err ? err : req->length;
}

/* --- FEC (--show-fec, --set-fec) -------------------------------------------------- */

/*
 * PPLM, if the device has it (PCAM): -EOPNOTSUPP if not, logged for a
 * set only (--set-fec has no extack; --show-fec's "Operation not
 * supported" says it all).
 */
static int cx4_en_fec_query(struct cx4_en_priv *priv, struct cx4_en_fec *f,
			    bool set)
{
	int err;

	err = cx4_en_port_has_reg(priv, CX4_REG_PPLM);
	if (err == -EOPNOTSUPP && set)
		netdev_err(priv->netdev, "FEC: the device has no PPLM register\n");
	return err ? err : cx4_en_port_query_fec(priv, f);
}

int cx4_en_get_fecparam(struct net_device *netdev,
			struct ethtool_fecparam *fp)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_fec f;
	int err;

	err = cx4_en_fec_query(priv, &f, false);
	if (err)
		return err;
	fp->fec = cx4_en_fec_configured(&f);
	fp->active_fec = cx4_en_fec_active(f.active);
	return 0;
}

/* The modes a request may name: auto and those of some speed group. */
static u32 cx4_en_fec_settable(const struct cx4_en_fec *f)
{
	u32 fec = ETHTOOL_FEC_AUTO;
	unsigned int g;

	for (g = 0; g < CX4_EN_FEC_GROUPS; g++)
		fec |= cx4_en_fec_to_ethtool(f->cap[g]);
	return fec;
}

/*
 * Write the new fec_override_admin and retrain the link (like PTYS, PPLM
 * applies at link training); if the retrain fails the old one is
 * written back and the port brought up again.
 */
int cx4_en_set_fecparam(struct net_device *netdev,
			struct ethtool_fecparam *fp)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_fec old, f;
	char want[48], can[48];
	int err;

	err = cx4_en_fec_query(priv, &old, true);
	if (err)
		return err;
	f = old;
	err = cx4_en_fec_admin(fp->fec, &f);
	if (err) {
		cx4_en_fec_names(fp->fec, want, sizeof(want));
		cx4_en_fec_names(cx4_en_fec_settable(&old), can, sizeof(can));
		netdev_err(netdev, "FEC encoding '%s' not supported: one of '%s' (a forced mode applies at the speeds that have it)\n",
			   want, can);
		return err;
	}
	if (!memcmp(f.admin, old.admin, sizeof(f.admin)))
		return 0;
	err = cx4_en_port_set_fec(priv, &f);
	if (err) {
		netdev_err(netdev, "cannot set PPLM fec_override_admin: %d\n", err);
		return err;
	}
	err = cx4_en_port_retrain(priv);
	if (!err)
		return 0;
	netdev_err(netdev, "cannot retrain the link after the FEC change: %d; restoring the previous FEC\n",
		   err);
	if (cx4_en_port_set_fec(priv, &old) ||
	    cx4_en_port_set_paos(priv, CX4_PAOS_UP))
		netdev_err(netdev, "cannot restore the FEC settings\n");
	return err;
}

/* --- link extended state -------------------------------------------------------------- */

/*
 * Why the link is down, from PDDR.  Only asked while the carrier is off;
 * -ENODATA (unknown: ethtool shows no reason, the rest of "ethtool IF"
 * still answers) when the device names none, or its answer is unusable.
 */
int cx4_en_get_link_ext_state(struct net_device *netdev,
			      struct ethtool_link_ext_state_info *info)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u16 opcode;
	int err;

	if (netif_carrier_ok(netdev))
		return -ENODATA;
	err = cx4_en_port_has_reg(priv, CX4_REG_PDDR);
	if (err)
		return err == -EOPNOTSUPP ? err : -ENODATA;
	if (cx4_en_port_link_down_reason(priv, &opcode))
		return -ENODATA;
	return cx4_en_link_ext_state(opcode, info);
}

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Registers beyond PRM rev 0.40 about the port's cable module and the
 * device's firmware, as mlx5_core reads them for operator commands:
 *
 * - PMLP (0x5002): the module lanes the port uses (ethtool -m finds the
 *   module number there);
 * - MCIA (0x9014): the module EEPROM (ethtool -m): a passive copper DAC,
 *   QSFP28 on the ConnectX-4, SFP28 on the Lx, vendor "cx4 model";
 * - PDDR (0x5031): the troubleshooting page, the link-down reason from
 *   the cable state (ethtool's link_ext_state);
 * - MCQS / MCQI (0x9060 / 0x9061): one firmware component, the boot
 *   image, its version = the initialization segment's (devlink dev info).
 *
 * Layouts: include/linux/cx4/prm_reg.h (facts of the public mlx5 ifc).
 * The rows are cx4dev_module_regs; reg.c runs the generic checks and
 * advertises them in MCAM / PCAM.
 */
#include <stdio.h>
#include <string.h>

#include <linux/cx4/prm_reg.h>

#include "reg.h"

/* ---- PMLP ---- */

/* Lanes of the port: 4 (QSFP28, 100G) on the ConnectX-4, 1 (SFP28) on the Lx. */
static uint32_t cx4dev_module_width(const struct cx4dev *dev)
{
	return dev->cfg.lx ? 1 : CX4_PMLP_NLANES;
}

static uint8_t cx4dev_reg_pmlp(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	uint32_t width = cx4dev_module_width(dev);

	(void)cmd;
	(void)write;
	(void)in;
	CX4_SET(PMLP, out, WIDTH, width);
	for (uint32_t i = 0; i < width; i++) {
		uint8_t *lane = CX4_ADDR(PMLP, out, LANE) + i * CX4_PMLP_LANE_SIZE;

		/* Module 0 (the port's only cage), lane i both ways. */
		CX4_SET(PMLP_LANE, lane, RX_LANE, i);
		CX4_SET(PMLP_LANE, lane, TX_LANE, i);
		CX4_SET(PMLP_LANE, lane, MODULE, 0);
	}
	return CX4_CMD_STAT_OK;
}

/* ---- MCIA: the module EEPROM ---- */

#define CX4DEV_SFF_PAGE		256	/* one I2C address: lower + upper page */
#define CX4DEV_SFF_LOWER	128

static void cx4dev_sff_str(uint8_t *ee, uint32_t off, uint32_t len, const char *s)
{
	size_t n = strlen(s);

	memset(ee + off, ' ', len);
	memcpy(ee + off, s, n < len ? n : len);
}

/* SFF check codes: the low 8 bits of the sum of bytes [from, to). */
static uint8_t cx4dev_sff_sum(const uint8_t *ee, uint32_t from, uint32_t to)
{
	uint32_t sum = 0;

	while (from < to)
		sum += ee[from++];
	return (uint8_t)sum;
}

/* Serial number: per function, from its MAC address. */
static void cx4dev_sff_serial(const struct cx4dev *dev, char *sn, size_t len)
{
	const uint8_t *m = dev->cfg.mac;

	snprintf(sn, len, "CX4M%02X%02X%02X", m[3], m[4], m[5]);
}

/* QSFP28 (SFF-8636), flat memory: page 00h lower and upper. */
static void cx4dev_qsfp_image(const struct cx4dev *dev, uint8_t *ee)
{
	char sn[16];

	ee[CX4_SFF_IDENTIFIER] = CX4_SFF_ID_QSFP28;
	ee[CX4_QSFP_REV_COMPLIANCE] = 0x07;		/* SFF-8636 rev 2.5 - 2.8 */
	ee[CX4_QSFP_STATUS] = 0x04;			/* flat memory */
	ee[CX4_QSFP_UP_IDENTIFIER] = CX4_SFF_ID_QSFP28;
	ee[CX4_QSFP_CONNECTOR] = CX4_SFF_CONN_NONE;
	ee[CX4_QSFP_COMPLIANCE] = 0x80;			/* extended, byte 192 */
	ee[CX4_QSFP_ENCODING] = CX4_SFF_ENC_256B257B;
	ee[CX4_QSFP_BR_NOMINAL] = 0xff;
	ee[CX4_QSFP_LEN_COPPER] = 1;
	ee[CX4_QSFP_DEVICE_TECH] = CX4_QSFP_TECH_COPPER_UNEQ;
	cx4dev_sff_str(ee, CX4_QSFP_VENDOR_NAME, 16, "cx4 model");
	cx4dev_sff_str(ee, CX4_QSFP_VENDOR_PN, 16, "CX4-DAC-100G-1M");
	cx4dev_sff_str(ee, CX4_QSFP_VENDOR_REV, 2, "A0");
	ee[CX4_QSFP_CC_BASE] = cx4dev_sff_sum(ee, CX4_QSFP_UP_IDENTIFIER, CX4_QSFP_CC_BASE);
	ee[CX4_QSFP_EXT_COMPLIANCE] = CX4_SFF_EXT_100G_CR4_25G_CR_CAL;
	cx4dev_sff_serial(dev, sn, sizeof(sn));
	cx4dev_sff_str(ee, CX4_QSFP_VENDOR_SN, 16, sn);
	cx4dev_sff_str(ee, CX4_QSFP_DATE_CODE, 8, "261101");
	ee[CX4_QSFP_BR_NOMINAL_250M] = 103;		/* 25.78 Gb/s per lane */
	ee[CX4_QSFP_CC_EXT] = cx4dev_sff_sum(ee, CX4_QSFP_EXT_COMPLIANCE, CX4_QSFP_CC_EXT);
}

/* SFP28 (SFF-8472), address A0h; no diagnostics (no A2h). */
static void cx4dev_sfp_image(const struct cx4dev *dev, uint8_t *ee)
{
	char sn[16];

	ee[CX4_SFF_IDENTIFIER] = CX4_SFF_ID_SFP;
	ee[CX4_SFP_EXT_IDENTIFIER] = 0x04;		/* serial ID module definition */
	ee[CX4_SFP_CONNECTOR] = CX4_SFF_CONN_COPPER_PIGTAIL;
	ee[CX4_SFP_CABLE_TECH] = 0x04;			/* passive cable */
	ee[CX4_SFP_ENCODING] = CX4_SFF_ENC_256B257B;
	ee[CX4_SFP_BR_NOMINAL] = 0xff;
	ee[CX4_SFP_LEN_COPPER] = 1;
	cx4dev_sff_str(ee, CX4_SFP_VENDOR_NAME, 16, "cx4 model");
	ee[CX4_SFP_EXT_COMPLIANCE] = CX4_SFF_EXT_100G_CR4_25G_CR_CAL;
	cx4dev_sff_str(ee, CX4_SFP_VENDOR_PN, 16, "CX4-DAC-25G-1M");
	cx4dev_sff_str(ee, CX4_SFP_VENDOR_REV, 4, "A0");
	ee[CX4_SFP_CABLE_COMPLIANCE] = 0x01;		/* SFF-8431 appendix E */
	ee[CX4_SFP_CC_BASE] = cx4dev_sff_sum(ee, CX4_SFF_IDENTIFIER, CX4_SFP_CC_BASE);
	ee[CX4_SFP_BR_NOMINAL_250M] = 103;
	cx4dev_sff_serial(dev, sn, sizeof(sn));
	cx4dev_sff_str(ee, CX4_SFP_VENDOR_SN, 16, sn);
	cx4dev_sff_str(ee, CX4_SFP_DATE_CODE, 8, "261101");
	ee[CX4_SFP_CC_EXT] = cx4dev_sff_sum(ee, CX4_SFP_OPTIONS, CX4_SFP_CC_EXT);
}

/*
 * The module's answer to an I2C read of @size bytes at @addr of page
 * @page at I2C address @i2c (an MCIA status): only address A0h exists
 * (no diagnostics page), and with flat memory only page 00h: the lower
 * 128 bytes are the same on every page, the upper ones of another page
 * do not answer.
 */
static uint32_t cx4dev_module_read(const struct cx4dev *dev, uint32_t i2c, uint32_t page,
				   uint32_t addr, uint32_t size, uint8_t *data)
{
	uint8_t ee[CX4DEV_SFF_PAGE] = { 0 };

	if (!dev->port_up)
		return CX4_MCIA_ST_NOT_CONNECTED;	/* the cable is pulled */
	if (i2c != CX4_MCIA_I2C_LOW || (page && addr + size > CX4DEV_SFF_LOWER))
		return CX4_MCIA_ST_I2C_ERROR;
	if (dev->cfg.lx)
		cx4dev_sfp_image(dev, ee);
	else
		cx4dev_qsfp_image(dev, ee);
	memcpy(data, ee + addr, size);
	return CX4_MCIA_ST_GOOD;
}

static uint8_t cx4dev_reg_mcia(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	uint32_t module = CX4_GET(MCIA, in, MODULE), size = CX4_GET(MCIA, in, SZ);
	uint32_t addr = CX4_GET(MCIA, in, DEVICE_ADDRESS);
	uint32_t i2c = CX4_GET(MCIA, in, I2C_DEVICE_ADDRESS);
	uint32_t page = CX4_GET(MCIA, in, PAGE_NUMBER);

	(void)write;
	if (module)
		return cx4dev_reg_bad_value(dev, cmd, "MCIA", "module not 0 (PMLP: the port's "
					    "only module)", module);
	if (!size || size > CX4_MCIA_DATA_MAX)
		return cx4dev_reg_bad_value(dev, cmd, "MCIA", "size not 1..48 (12 dwords, no "
					    "MCAM mcia_32dwords)", size);
	if (addr + size > CX4DEV_SFF_PAGE)
		return cx4dev_reg_bad_value(dev, cmd, "MCIA", "device_address + size past the "
					    "256 bytes of an I2C address", addr + size);
	CX4_SET(MCIA, out, MODULE, module);
	CX4_SET(MCIA, out, I2C_DEVICE_ADDRESS, i2c);
	CX4_SET(MCIA, out, PAGE_NUMBER, page);
	CX4_SET(MCIA, out, DEVICE_ADDRESS, addr);
	CX4_SET(MCIA, out, SZ, size);
	CX4_SET(MCIA, out, STATUS, cx4dev_module_read(dev, i2c, page, addr, size,
						      CX4_ADDR(MCIA, out, DATA)));
	return CX4_CMD_STAT_OK;
}

/* ---- PDDR: the link-down reason ---- */

/*
 * Monitor opcode of the troubleshooting page: why the link is down, from
 * what the port knows: its cable, its PAOS, the far end's signal (which
 * autonegotiation, or a forced speed, waits for).
 */
static uint32_t cx4dev_pddr_status(const struct cx4dev *dev, const char **msg)
{
	*msg = "No issue observed";
	if (dev->port_oper)
		return CX4_PDDR_ST_NONE;
	if (!dev->port_up) {
		*msg = "Cable is unplugged";
		return CX4_PDDR_ST_NO_CABLE;
	}
	if (dev->port.admin_status == CX4_PAOS_DOWN) {
		*msg = "Port is administratively down";
		return CX4_PDDR_ST_NONE;
	}
	if (!dev->peer_signal) {
		*msg = "No partner detected";
		return dev->port.an_disable ? CX4_PDDR_ST_FORCE_NO_PARTNER :
		       CX4_PDDR_ST_AN_NO_PARTNER;
	}
	return CX4_PDDR_ST_NONE;
}

static uint8_t cx4dev_reg_pddr(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	uint32_t pnat = CX4_GET(PDDR, in, PNAT), page = CX4_GET(PDDR, in, PAGE_SELECT);
	uint32_t group = CX4_GET(PDDR, in, TS_GROUP_OPCODE);
	const char *msg;

	(void)write;
	if (pnat)
		return cx4dev_reg_bad_value(dev, cmd, "PDDR", "pnat not 0 (local port number)",
					    pnat);
	/* Other pages and opcode groups exist in firmware; the model has one. */
	if (page != CX4_PDDR_PAGE_TROUBLESHOOTING || group)
		return cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					 CX4DEV_SYN_REG_UNMODELLED, "PDDR page_select 0x%x "
					 "group_opcode 0x%x not modelled (troubleshooting page, "
					 "monitor opcodes only)", page, group);
	CX4_SET(PDDR, out, PAGE_SELECT, page);
	CX4_SET(PDDR, out, TS_GROUP_OPCODE, group);
	CX4_SET(PDDR, out, TS_STATUS_OPCODE, cx4dev_pddr_status(dev, &msg));
	memcpy(CX4_ADDR(PDDR, out, TS_MESSAGE), msg, strlen(msg));
	return CX4_CMD_STAT_OK;
}

/* ---- MCQS / MCQI: the firmware component ---- */

/* Component 0, the boot image, the last; nothing pending (update idle). */
static uint8_t cx4dev_reg_mcqs(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	uint32_t idx = CX4_GET(MCQS, in, COMPONENT_INDEX);

	(void)write;
	if (idx)
		return cx4dev_reg_bad_value(dev, cmd, "MCQS", "component_index past the last "
					    "(0, last_index_flag)", idx);
	CX4_SET(MCQS, out, LAST_INDEX_FLAG, 1);
	CX4_SET(MCQS, out, IDENTIFIER, CX4_MCQS_ID_BOOT_IMG);
	CX4_SET(MCQS, out, UPDATE_STATE, CX4_MCQS_UPDATE_IDLE);
	return CX4_CMD_STAT_OK;
}

/* The info of @type in @info (zeroed, CX4_MCQI_VERSION_SIZE bytes); its size. */
static uint32_t cx4dev_mcqi_info(uint32_t type, uint8_t *info)
{
	char ver[CX4_MCQI_VERSION_STRING_MAX];
	int n;

	if (type == CX4_MCQI_INFO_CAPABILITIES) {
		CX4_SET(MCQI_CAP, info, SUPPORTED_INFO, 1u << CX4_MCQI_INFO_CAPABILITIES |
			1u << CX4_MCQI_INFO_VERSION);
		return CX4_MCQI_CAP_SIZE;	/* no update: sizes 0 */
	}
	n = snprintf(ver, sizeof(ver), "%u.%u.%04u", CX4DEV_FW_MAJOR, CX4DEV_FW_MINOR,
		     CX4DEV_FW_SUBMINOR);
	CX4_SET(MCQI_VERSION, info, STRING_LENGTH, (uint32_t)n);
	CX4_SET(MCQI_VERSION, info, VERSION, (uint32_t)CX4DEV_FW_MAJOR << 24 |
		(uint32_t)CX4DEV_FW_MINOR << 16 | CX4DEV_FW_SUBMINOR);
	memcpy(CX4_ADDR(MCQI_VERSION, info, STRING), ver, (size_t)n);
	return CX4_MCQI_VERSION_SIZE;
}

static uint8_t cx4dev_reg_mcqi(struct cx4dev *dev, struct cx4dev_cmd *cmd, bool write,
			       const uint8_t *in, uint8_t *out)
{
	uint32_t type = CX4_GET(MCQI, in, INFO_TYPE), off = CX4_GET(MCQI, in, OFFSET);
	uint32_t len = CX4_GET(MCQI, in, DATA_SIZE), size;
	uint8_t info[CX4_MCQI_VERSION_SIZE] = { 0 };

	(void)write;
	if (CX4_GET(MCQI, in, COMPONENT_INDEX) || CX4_GET(MCQI, in, READ_PENDING))
		return cx4dev_reg_bad_value(dev, cmd, "MCQI", "not the running component 0 "
					    "(component_index, read_pending_component)",
					    CX4_GET(MCQI, in, COMPONENT_INDEX));
	if (type != CX4_MCQI_INFO_CAPABILITIES && type != CX4_MCQI_INFO_VERSION)
		return cx4dev_reg_bad_value(dev, cmd, "MCQI", "info_type not in "
					    "supported_info_bitmask (0, 1)", type);
	size = cx4dev_mcqi_info(type, info);
	if (off > size || len > size - off)
		return cx4dev_reg_bad_value(dev, cmd, "MCQI", "offset + data_size past the "
					    "info", off + len);
	if (cmd->out_len < CX4_ACCESS_REG_OFF_DATA + CX4_MCQI_OFF_DATA + len)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_OUTPUT_LEN, CX4DEV_SYN_REG_OUT_LEN,
				     "MCQI: output_length 0x%x, data_size 0x%x needs 0x%x",
				     cmd->out_len, len, CX4_ACCESS_REG_OFF_DATA +
				     CX4_MCQI_OFF_DATA + len);
	CX4_SET(MCQI, out, INFO_TYPE, type);
	CX4_SET(MCQI, out, INFO_SIZE, size);
	CX4_SET(MCQI, out, OFFSET, off);
	CX4_SET(MCQI, out, DATA_SIZE, len);
	memcpy(out + CX4_MCQI_OFF_DATA, info + off, len);
	return CX4_CMD_STAT_OK;
}

/* ---- the rows ---- */

static const struct cx4dev_reg_field cx4dev_pmlp_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PMLP_RXTX, CX4DEV_ACC_OP },
	{ CX4_PMLP_WIDTH, CX4DEV_ACC_RW }, { 0, 0 }
};
/* The EEPROM bytes (10h-8Fh) are RO data: reserved in the input. */
static const struct cx4dev_reg_field cx4dev_mcia_fields[] = {
	{ CX4_MCIA_MODULE, CX4DEV_ACC_INDEX }, { CX4_MCIA_STATUS, CX4DEV_ACC_RO },
	{ CX4_MCIA_I2C_DEVICE_ADDRESS, CX4DEV_ACC_INDEX },
	{ CX4_MCIA_PAGE_NUMBER, CX4DEV_ACC_INDEX }, { CX4_MCIA_DEVICE_ADDRESS, CX4DEV_ACC_INDEX },
	{ CX4_MCIA_SZ, CX4DEV_ACC_INDEX }, { 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_pddr_fields[] = {
	{ CX4_REG_LOCAL_PORT, CX4DEV_ACC_INDEX }, { CX4_PDDR_PNAT, CX4DEV_ACC_INDEX },
	{ CX4_PDDR_PAGE_SELECT, CX4DEV_ACC_INDEX }, { CX4_PDDR_TS_GROUP_OPCODE, CX4DEV_ACC_INDEX },
	{ 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_mcqs_fields[] = {
	{ CX4_MCQS_COMPONENT_INDEX, CX4DEV_ACC_INDEX }, { 0, 0 }
};
static const struct cx4dev_reg_field cx4dev_mcqi_fields[] = {
	{ CX4_MCQI_READ_PENDING, CX4DEV_ACC_INDEX }, { CX4_MCQI_COMPONENT_INDEX, CX4DEV_ACC_INDEX },
	{ CX4_MCQI_INFO_TYPE, CX4DEV_ACC_INDEX }, { CX4_MCQI_OFFSET, CX4DEV_ACC_INDEX },
	{ CX4_MCQI_DATA_SIZE, CX4DEV_ACC_INDEX }, { 0, 0 }
};

static_assert(CX4_PDDR_SIZE <= CX4DEV_REG_MAX_SIZE && CX4_MCIA_SIZE <= CX4DEV_REG_MAX_SIZE,
	      "ACCESS_REG copies a register into CX4DEV_REG_MAX_SIZE bytes");

/*
 * PMLP and MCIA have a Set() in firmware (lane mapping, module writes):
 * not modelled.  PDDR, MCQS and MCQI are queried only.
 */
const struct cx4dev_reg_desc cx4dev_module_regs[] = {
	CX4DEV_REG(PMLP, true, CX4DEV_REG_SET_UNMODELLED, cx4dev_pmlp_fields, cx4dev_reg_pmlp),
	CX4DEV_REG(PDDR, true, CX4DEV_REG_QUERY_ONLY, cx4dev_pddr_fields, cx4dev_reg_pddr),
	CX4DEV_REG(MCIA, false, CX4DEV_REG_SET_UNMODELLED, cx4dev_mcia_fields, cx4dev_reg_mcia),
	CX4DEV_REG(MCQS, false, CX4DEV_REG_QUERY_ONLY, cx4dev_mcqs_fields, cx4dev_reg_mcqs),
	CX4DEV_REG(MCQI, false, CX4DEV_REG_QUERY_ONLY, cx4dev_mcqi_fields, cx4dev_reg_mcqi),
};

const size_t cx4dev_module_nregs = sizeof(cx4dev_module_regs) / sizeof(cx4dev_module_regs[0]);

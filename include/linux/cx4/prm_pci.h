/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PRM chapter 4: PCI interface -- device IDs and the initialization
 * segment at offset 0 of BAR0 (Tables 1, 7 and 8).
 */
#ifndef _LINUX_CX4_PRM_PCI_H
#define _LINUX_CX4_PRM_PCI_H

#include <linux/cx4/prm.h>

/* PRM Table 1: PCI device IDs. */
#define CX4_PCI_VENDOR_MELLANOX		0x15b3
#define CX4_PCI_DEV_CX4			0x1013
#define CX4_PCI_DEV_CX4_VF		0x1014
#define CX4_PCI_DEV_CX4LX		0x1015
#define CX4_PCI_DEV_CX4LX_VF		0x1016

/* Size of BAR0 on a ConnectX-4 function. */
#define CX4_BAR0_SIZE			(32u << 20)

/* PRM Tables 7 and 8: initialization segment. */
#define CX4_INIT_FW_REV_MINOR		CX4_FLD(0x0000, 31, 16)
#define CX4_INIT_FW_REV_MAJOR		CX4_FLD(0x0000, 15, 0)
#define CX4_INIT_CMD_INTERFACE_REV	CX4_FLD(0x0004, 31, 16)
#define CX4_INIT_FW_REV_SUBMINOR	CX4_FLD(0x0004, 15, 0)
#define CX4_INIT_CMDQ_PHY_ADDR_H	CX4_DW(0x0010)
#define CX4_INIT_CMDQ_PHY_ADDR_L	CX4_FLD(0x0014, 31, 12)
#define CX4_INIT_NIC_INTERFACE		CX4_FLD(0x0014, 9, 8)
#define CX4_INIT_LOG_CMDQ_SIZE		CX4_FLD(0x0014, 7, 4)
#define CX4_INIT_LOG_CMDQ_STRIDE	CX4_FLD(0x0014, 3, 0)
#define CX4_INIT_CMDQ_RSVD		CX4_FLD(0x0014, 11, 10)	/* must be zero */
#define CX4_INIT_CMD_DBELL		CX4_DW(0x0018)
#define CX4_INIT_INITIALIZING		CX4_FLD(0x01fc, 31, 31)
#define CX4_INIT_NIC_INTERFACE_SUPP	CX4_FLD(0x01fc, 26, 24)
#define CX4_INIT_INTERNAL_TIMER_H	CX4_DW(0x1000)
#define CX4_INIT_INTERNAL_TIMER_L	CX4_DW(0x1004)
#define CX4_INIT_CLEAR_INT		CX4_FLD(0x100c, 0, 0)
#define CX4_INIT_HEALTH_SYNDROME	CX4_FLD(0x1010, 31, 24)
#define CX4_INIT_HEALTH_COUNTER		CX4_FLD(0x1010, 23, 0)

/* Byte offsets of the registers the driver accesses with MMIO. */
#define CX4_INIT_OFF_FW_REV		0x0000
#define CX4_INIT_OFF_CMDIF_REV		0x0004
#define CX4_INIT_OFF_CMDQ_ADDR_H	0x0010
#define CX4_INIT_OFF_CMDQ_ADDR_L	0x0014
#define CX4_INIT_OFF_CMD_DBELL		0x0018
#define CX4_INIT_OFF_INITIALIZING	0x01fc
#define CX4_INIT_OFF_HEALTH		0x1010
#define CX4_INIT_SEG_SIZE		0x1014
#define CX4_INIT_SIZE			CX4_INIT_SEG_SIZE

/* The command interface revision this driver and device model speak. */
#define CX4_CMD_INTERFACE_REV		5

enum cx4_nic_interface {
	CX4_NIC_IFC_FULL_DRIVER	= 0,
	CX4_NIC_IFC_DISABLED	= 1,
};

/* PRM Table 8: health_syndrome values. */
enum cx4_health_syndrome {
	CX4_HEALTH_FW_INTERNAL_ERR	= 0x01,
	CX4_HEALTH_DEAD_IRISC		= 0x07,
	CX4_HEALTH_HW_FATAL_ERR		= 0x08,
	CX4_HEALTH_FW_CRC_ERR		= 0x09,
	CX4_HEALTH_ICM_FETCH_PCI_ERR	= 0x0a,
	CX4_HEALTH_ICM_PAGE_ERR		= 0x0b,
	CX4_HEALTH_ASYNC_EQ_BUF_OVERRUN	= 0x0c,
	CX4_HEALTH_EQ_IN_ERR		= 0x0d,
	CX4_HEALTH_EQ_INV		= 0x0e,
	CX4_HEALTH_FFSER_ERR		= 0x0f,
	CX4_HEALTH_HIGH_TEMP_ERR	= 0x10,
};

#endif /* _LINUX_CX4_PRM_PCI_H */

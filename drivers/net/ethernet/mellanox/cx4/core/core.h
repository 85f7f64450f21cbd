/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 core internals, shared by the core sources and the KUnit tests; the
 * Ethernet part uses include/linux/cx4/core.h only.
 */
#ifndef _CX4_CORE_CORE_H
#define _CX4_CORE_CORE_H

#include <linux/bits.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/xarray.h>
#include <linux/cx4/core.h>
#include <linux/cx4/prm_pci.h>

#include "cmd.h"

/* Interface step sequence ID this driver implements (PRM 7.1). */
#define CX4_DRV_ISSI		1

/* SET_DRIVER_VERSION number (Table 190): main.minor(3).subminor(6). */
#define CX4_DRV_VER_MAIN	0
#define CX4_DRV_VER_MINOR	1
#define CX4_DRV_VER_SUBMINOR	0

/* Bound of the wait for the initialization segment's "initializing". */
#define CX4_INIT_WAIT_MS	10000

/* Pages given or requested by one MANAGE_PAGES (eight mailbox blocks). */
#define CX4_PAGES_PER_CMD	512
/* More outstanding firmware pages than this (4 GB) is not believed. */
#define CX4_PAGES_MAX		BIT(20)

struct pci_dev;

/*
 * Bookkeeping of the 4 KB pages given to the device, indexed by DMA
 * address >> CX4_PAGE_SHIFT.  Each entry is the struct page backing it.
 */
struct cx4_pages {
	/*
	 * Serializes giving and taking pages: bookkeeping changes and the
	 * MANAGE_PAGES commands that go with them.  (The xarray has its own
	 * internal lock; this one keeps @npages and the device's view in step.)
	 */
	struct mutex lock;
	struct xarray tree;
	u32 npages;		/* pages the device holds */
	u32 bad_returns;	/* returned addresses that were never given */
};

enum cx4_cap_slot {
	CX4_CAPS_GEN_CUR,
	CX4_CAPS_GEN_MAX,
	CX4_CAPS_ETH_CUR,
	CX4_CAPS_FT_CUR,
	CX4_CAPS_NUM,
};

struct cx4_core {
	struct pci_dev *pdev;
	struct device *dev;
	void __iomem *iseg;		/* initialization segment (BAR0) */
	struct cx4_fw_version fw;
	u16 cmdif_rev;
	u16 issi;
	struct cx4_cmdq cmdq;
	struct cx4_pages pages;
	/* CX4_HCA_CAP_SIZE bytes each, NULL when not queried/supported. */
	void *caps[CX4_CAPS_NUM];
	/*
	 * A teardown step failed (or the device hung): the remaining graceful
	 * steps are skipped and the function is reset before its DMA memory is
	 * freed.  Only touched from probe and remove.
	 */
	bool needs_reset;
	/*
	 * The function could not be reset: DMA memory the device may still
	 * write is leaked rather than freed.
	 */
	bool dma_unsafe;
};

/* Initialization segment access (MMIO, big-endian dwords). */
u32 cx4_iseg_get(struct cx4_core *core, u32 fld);
void cx4_iseg_write(struct cx4_core *core, u32 off, u32 val);

/* pages.c */
void cx4_pages_init(struct cx4_pages *pages);
void cx4_pages_destroy(struct cx4_pages *pages);
int cx4_pages_track_locked(struct cx4_pages *pages, u64 dma,
			   struct page *page);
struct page *cx4_pages_lookup_locked(struct cx4_pages *pages, u64 dma);
struct page *cx4_pages_untrack_locked(struct cx4_pages *pages, u64 dma);
int cx4_pages_check_request(const struct cx4_pages *pages, s32 num);
int cx4_pages_satisfy(struct cx4_core *core, u16 op_mod);
int cx4_pages_reclaim_all(struct cx4_core *core);
void cx4_pages_release_all(struct cx4_core *core);

/* fw.c: typed wrappers for the initialization commands. */
int cx4_fw_enable_hca(struct cx4_core *core);
int cx4_fw_disable_hca(struct cx4_core *core);
int cx4_fw_set_issi(struct cx4_core *core);
int cx4_fw_query_caps(struct cx4_core *core);
int cx4_fw_set_caps(struct cx4_core *core);
int cx4_fw_query_proto_caps(struct cx4_core *core);
void cx4_fw_free_caps(struct cx4_core *core);
int cx4_fw_init_hca(struct cx4_core *core);
int cx4_fw_teardown_hca(struct cx4_core *core);
int cx4_fw_set_driver_version(struct cx4_core *core);

#endif /* _CX4_CORE_CORE_H */

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Page ownership (PRM 12.3.1 / 12.3.2): the set of 4 KB host pages the
 * driver gave the device.  Each page is filled with an address-derived
 * pattern when given and checked when returned, so a driver that frees or
 * reuses a page the device still owns is caught.  And the page accounting
 * the commands and the page request events share: how many pages the
 * device wants in each state.  Calls nothing above the ops.
 */
#include <string.h>

#include "cx4dev_int.h"

#define CX4DEV_PAGE_MAGIC	0xc4c4c4c4c4c4c4c4ull

static void cx4dev_page_pattern(uint64_t pa, uint8_t *buf)
{
	for (uint32_t off = 0; off < CX4_PAGE_SIZE; off += 8)
		cx4_set64(buf, off, (pa + off) ^ CX4DEV_PAGE_MAGIC);
}

int cx4dev_page_fill(struct cx4dev *dev, uint64_t pa)
{
	uint8_t buf[CX4_PAGE_SIZE];

	cx4dev_page_pattern(pa, buf);
	return dev->ops->dma_write(dev->opaque, pa, buf, sizeof(buf));
}

/* 0 if the page still holds its pattern; else -1 and the first bad offset. */
int cx4dev_page_verify(struct cx4dev *dev, uint64_t pa, uint32_t *bad_off)
{
	uint8_t want[CX4_PAGE_SIZE], got[CX4_PAGE_SIZE];

	cx4dev_page_pattern(pa, want);
	if (dev->ops->dma_read(dev->opaque, pa, got, sizeof(got))) {
		*bad_off = 0;
		return -1;
	}
	for (uint32_t off = 0; off < CX4_PAGE_SIZE; off++) {
		if (want[off] != got[off]) {
			*bad_off = off;
			return -1;
		}
	}
	return 0;
}

/* ---- pages accounting (QUERY_PAGES / MANAGE_PAGES / INIT_HCA) ---- */

/* Boot and init pages: what the device holds on to until it is torn down. */
int64_t cx4dev_pages_total(const struct cx4dev *dev)
{
	return (int64_t)dev->cfg.boot_pages + dev->cfg.init_pages;
}

/* Pages the device wants while initialized (page-request knob included). */
int64_t cx4dev_pages_target(const struct cx4dev *dev)
{
	return cx4dev_pages_total(dev) + dev->cfg.regular_pages + dev->pages_delta;
}

/* QUERY_PAGES answer: >0 pages wanted, <0 pages to reclaim. */
int64_t cx4dev_pages_needed(const struct cx4dev *dev, uint16_t op_mod)
{
	int64_t owned = (int64_t)dev->pages.n;
	int64_t want = 0;

	switch (dev->state) {
	case CX4DEV_ST_ENABLED:
		if (op_mod == CX4_PAGES_BOOT)
			want = (int64_t)dev->cfg.boot_pages - owned;
		else if (op_mod == CX4_PAGES_INIT)
			want = cx4dev_pages_total(dev) - owned;
		return want > 0 ? want : 0;
	case CX4DEV_ST_INITIALIZED:
		if (op_mod != CX4_PAGES_REGULAR)
			return 0;
		return cx4dev_pages_target(dev) - owned;
	default:
		return -owned;
	}
}

/* Most pages the driver may still give in the current state. */
int64_t cx4dev_pages_allowance(const struct cx4dev *dev)
{
	int64_t owned = (int64_t)dev->pages.n;

	if (dev->state == CX4DEV_ST_ENABLED)
		return cx4dev_pages_total(dev) - owned;
	/*
	 * A page request the device sent stands: the driver answers the
	 * event it got (MANAGE_PAGES once per event, PRM 7.13.10.2) even if
	 * the device needs fewer pages meanwhile; the next event then asks
	 * for the surplus back.
	 */
	if (dev->state == CX4DEV_ST_INITIALIZED) {
		int64_t need = cx4dev_pages_target(dev) - owned;

		return need > dev->page_req_sent ? need : dev->page_req_sent;
	}
	return 0;
}

/* Pages the device can hand back: all of them unless INIT_HCA is active. */
size_t cx4dev_pages_spare(const struct cx4dev *dev)
{
	int64_t spare = (int64_t)dev->pages.n;

	if (dev->state == CX4DEV_ST_INITIALIZED)
		spare -= cx4dev_pages_target(dev);
	return spare > 0 ? (size_t)spare : 0;
}

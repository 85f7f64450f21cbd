/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Page ownership (PRM 12.3.1 / 12.3.2): the set of 4 KB host pages the
 * driver gave the device.  Each page is filled with an address-derived
 * pattern when given and checked when returned, so a driver that frees or
 * reuses a page the device still owns is caught.
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

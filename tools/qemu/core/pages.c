/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Page ownership (PRM 12.3.1 / 12.3.2): the set of 4 KB host pages the
 * driver gave the device.  Each page is filled with an address-derived
 * pattern when given and checked when returned, so a driver that frees or
 * reuses a page the device still owns is caught.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

#define CX4DEV_PAGE_MAGIC	0xc4c4c4c4c4c4c4c4ull

void cx4dev_pages_init(struct cx4dev_pages *p)
{
	memset(p, 0, sizeof(*p));
}

void cx4dev_pages_fini(struct cx4dev_pages *p)
{
	free(p->pa);
	memset(p, 0, sizeof(*p));
}

void cx4dev_pages_clear(struct cx4dev_pages *p)
{
	p->n = 0;
}

/* Index of the first element >= @pa. */
static size_t cx4dev_pages_lower(const struct cx4dev_pages *p, uint64_t pa)
{
	size_t lo = 0, hi = p->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->pa[mid] < pa)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool cx4dev_pages_owned(const struct cx4dev_pages *p, uint64_t pa)
{
	size_t i = cx4dev_pages_lower(p, pa);

	return i < p->n && p->pa[i] == pa;
}

int cx4dev_pages_add(struct cx4dev_pages *p, uint64_t pa)
{
	size_t i;

	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 64;
		uint64_t *n = realloc(p->pa, cap * sizeof(*n));

		if (!n)
			return -1;
		p->pa = n;
		p->cap = cap;
	}
	i = cx4dev_pages_lower(p, pa);
	memmove(&p->pa[i + 1], &p->pa[i], (p->n - i) * sizeof(*p->pa));
	p->pa[i] = pa;
	p->n++;
	return 0;
}

void cx4dev_pages_remove(struct cx4dev_pages *p, uint64_t pa)
{
	size_t i = cx4dev_pages_lower(p, pa);

	if (i >= p->n || p->pa[i] != pa)
		return;
	memmove(&p->pa[i], &p->pa[i + 1], (p->n - i - 1) * sizeof(*p->pa));
	p->n--;
}

/* Remove and return the highest owned page; the set must not be empty. */
uint64_t cx4dev_pages_pop(struct cx4dev_pages *p)
{
	return p->pa[--p->n];
}

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

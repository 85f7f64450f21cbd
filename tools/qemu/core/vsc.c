/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The PCI vendor-specific capability (beyond PRM rev 0.40): the
 * configuration-space gateway of ConnectX adapters, which mlx5_core looks
 * for at probe and uses for crdump and firmware-reset synchronisation.
 * Registers (dwords, offsets from the capability):
 *
 *   0x04 ctrl:      space 15:0 (RW), status 31:29 (RO: non-zero when the
 *                   selected space exists), size_vld 28 (RO)
 *   0x08 counter:   RO, a new non-zero value on every read
 *   0x0c semaphore: 0 = free; writing a value while free takes it (the
 *                   writer reads its value back), writing 0 frees it
 *   0x10 address, 0x14 data: the window into the selected space
 *
 * The model exposes no space: every space reads status 0 ("not
 * supported"), so a driver finds nothing to dump and leaves the window
 * alone.  The semaphore works as described, so lock/unlock round trips are
 * real.
 */
#include "cx4dev_int.h"

#define CX4DEV_VSC_CTRL		0x04
#define CX4DEV_VSC_COUNTER	0x08
#define CX4DEV_VSC_SEMAPHORE	0x0c
#define CX4DEV_VSC_ADDR		0x10
#define CX4DEV_VSC_DATA		0x14
#define CX4DEV_VSC_SPACE_MASK	0xffffu	/* prm-offsets: ok, PCI config space, not a PRM layout */

void cx4dev_vsc_reset(struct cx4dev *dev)
{
	dev->vsc.space = 0;
	dev->vsc.sem = 0;
	dev->vsc.addr = 0;
	if (!dev->vsc.counter)
		dev->vsc.counter = 1;
}

uint32_t cx4dev_vsc_read(struct cx4dev *dev, uint32_t off)
{
	uint32_t v;

	switch (off) {
	case CX4DEV_VSC_CTRL:
		return dev->vsc.space;		/* status 0: space not supported */
	case CX4DEV_VSC_COUNTER:
		v = dev->vsc.counter++;
		if (!dev->vsc.counter)
			dev->vsc.counter = 1;	/* 0 would read as "free" */
		return v;
	case CX4DEV_VSC_SEMAPHORE:
		return dev->vsc.sem;
	case CX4DEV_VSC_ADDR:
		return dev->vsc.addr;
	default:
		return 0;			/* data: no space behind the window */
	}
}

void cx4dev_vsc_write(struct cx4dev *dev, uint32_t off, uint32_t val)
{
	switch (off) {
	case CX4DEV_VSC_CTRL:
		dev->vsc.space = val & CX4DEV_VSC_SPACE_MASK;
		cx4dev_logf(dev, "VSC: space 0x%x selected: not supported by the model",
			    dev->vsc.space);
		return;
	case CX4DEV_VSC_SEMAPHORE:
		if (!val)
			dev->vsc.sem = 0;
		else if (!dev->vsc.sem)
			dev->vsc.sem = val;
		return;
	case CX4DEV_VSC_ADDR:
		dev->vsc.addr = val;
		return;
	default:
		return;				/* counter RO; data: nothing behind it */
	}
}

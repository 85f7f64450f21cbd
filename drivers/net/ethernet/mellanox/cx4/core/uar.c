// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 UAR pages (PRM 7.2, 12.3.11/12): ALLOC/DEALLOC_UAR, and the core's
 * one UAR page mapped from BAR0 (EQ, CQ and SQ doorbells).
 */

#include <linux/device.h>
#include <linux/pci.h>

#include "core.h"

static int cx4_uar_alloc(struct cx4_core *core, u32 *uarn)
{
	static_assert(CX4_ALLOC_UAR_OUT_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_cmd_alloc_obj(core, CX4_CMD_ALLOC_UAR, CX4_ALLOC_UAR_OUT_UAR,
				 uarn);
}

static int cx4_uar_dealloc(struct cx4_core *core, u32 uarn)
{
	static_assert(CX4_DEALLOC_UAR_IN_SIZE == CX4_CMD_SIMPLE_SIZE);
	return cx4_cmd_dealloc_obj(core, CX4_CMD_DEALLOC_UAR,
				   CX4_DEALLOC_UAR_IN_UAR, uarn);
}

/* --- the core's UAR page ------------------------------------------------ */

/*
 * ALLOC_UAR and map that page of BAR0 (UAR page n at n * UAR page size,
 * the page size being the system page, as set through log_uar_page_sz).
 */
int cx4_uar_create(struct cx4_core *core)
{
	struct cx4_eqs *eqs = &core->eqs;
	u64 off;
	int err;

	err = cx4_uar_alloc(core, &eqs->uarn);
	if (err)
		return err;
	eqs->uar_alloced = true;
	off = (u64)eqs->uarn << PAGE_SHIFT;
	if (!eqs->uarn || off + PAGE_SIZE > pci_resource_len(core->pdev, 0)) {
		dev_err(core->dev, "ALLOC_UAR returned UAR %u, outside BAR0\n",
			eqs->uarn);
		err = -EIO;
		goto err_dealloc_uar;
	}
	eqs->uar = pci_iomap_range(core->pdev, 0, off, PAGE_SIZE);
	if (!eqs->uar) {
		err = -ENOMEM;
		goto err_dealloc_uar;
	}
	return 0;

err_dealloc_uar:
	if (cx4_uar_dealloc(core, eqs->uarn))
		core->needs_reset = true;
	eqs->uar_alloced = false;
	return err;
}

void cx4_uar_destroy(struct cx4_core *core)
{
	struct cx4_eqs *eqs = &core->eqs;

	if (eqs->uar) {
		pci_iounmap(core->pdev, eqs->uar);
		eqs->uar = NULL;
	}
	if (eqs->uar_alloced && !core->needs_reset &&
	    cx4_uar_dealloc(core, eqs->uarn))
		core->needs_reset = true;
	eqs->uar_alloced = false;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 MSI-X vectors (PRM 7.13.12).
 *
 * Vector CX4_IRQ_CTRL serves the control EQ (command completions, page
 * requests, asynchronous events); vectors 1..ncomp serve one completion
 * EQ each.  ncomp is one per online CPU, bounded by the EQs the device
 * has (cap log_max_eq, the control EQ included) and by its MSI-X table.
 * The completion vectors get managed affinity (spread over the CPUs by
 * the IRQ core); the control vector is left to the default affinity.
 *
 * Only the vectors live here; the EQs request and free the IRQs.
 */

#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "../compat.h"
#include "core.h"

/* Completion vectors wanted: online CPUs, EQs beyond the control one. */
static u32 cx4_irqs_wanted(struct cx4_core *core, int table)
{
	u32 log_max_eq = CX4_GET(CAP, core->caps[CX4_CAPS_GEN_CUR], LOG_MAX_EQ);
	u32 eqs = 1u << min_t(u32, log_max_eq, 8);
	u32 n = num_online_cpus();

	if (eqs - 1 < n)
		dev_info(core->dev, "completion EQs: %u requested (online CPUs), %u by the device's log_max_eq\n",
			 n, eqs - 1);
	n = min_t(u32, n, eqs - 1);
	if (table > 1)
		n = min_t(u32, n, table - 1);
	return n;
}

static void cx4_irqs_name(struct cx4_core *core)
{
	const char *bdf = pci_name(core->pdev);
	u32 i;

	snprintf(core->irqs.names[CX4_IRQ_CTRL], CX4_IRQ_NAME_LEN,
		 "cx4-%s-ctrl", bdf);
	for (i = 0; i < core->irqs.ncomp; i++)
		snprintf(core->irqs.names[CX4_IRQ_CTRL + 1 + i],
			 CX4_IRQ_NAME_LEN, "cx4-%s-comp%u", bdf, i);
}

/* Allocate the MSI-X vectors; undone by cx4_irqs_destroy(). */
int cx4_irqs_create(struct cx4_core *core)
{
	struct irq_affinity affd = { .pre_vectors = 1 };
	struct cx4_irqs *irqs = &core->irqs;
	int table, nvec;
	u32 want;

	table = pci_msix_vec_count(core->pdev);
	if (table < 2) {
		dev_err(core->dev, "need at least 2 MSI-X vectors, the device has %d\n",
			table);
		return table < 0 ? table : -ENOSPC;
	}
	want = cx4_irqs_wanted(core, table);
	if (!want) {
		dev_err(core->dev, "device has no EQ for completions (log_max_eq %u)\n",
			CX4_GET(CAP, core->caps[CX4_CAPS_GEN_CUR], LOG_MAX_EQ));
		return -ENOSPC;
	}
	nvec = pci_alloc_irq_vectors_affinity(core->pdev, 2, want + 1,
					      PCI_IRQ_MSIX | PCI_IRQ_AFFINITY,
					      &affd);
	if (nvec < 0) {
		dev_err(core->dev, "cannot allocate MSI-X vectors: %d\n", nvec);
		return nvec;
	}
	irqs->nvec = nvec;
	irqs->ncomp = nvec - 1;
	irqs->names = kcalloc(nvec, sizeof(*irqs->names), GFP_KERNEL);
	if (!irqs->names) {
		pci_free_irq_vectors(core->pdev);
		irqs->nvec = 0;
		irqs->ncomp = 0;
		return -ENOMEM;
	}
	cx4_irqs_name(core);
	return 0;
}

void cx4_irqs_destroy(struct cx4_core *core)
{
	struct cx4_irqs *irqs = &core->irqs;

	if (!irqs->nvec)
		return;
	pci_free_irq_vectors(core->pdev);
	kfree(irqs->names);
	irqs->names = NULL;
	irqs->nvec = 0;
	irqs->ncomp = 0;
}

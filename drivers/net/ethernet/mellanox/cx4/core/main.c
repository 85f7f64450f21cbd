// SPDX-License-Identifier: GPL-2.0
/*
 * cx4: Mellanox ConnectX-4 / ConnectX-4 Lx PCI driver, core.
 *
 * Probe brings the HCA up as PRM 8.2 describes, up to INIT_HCA and
 * SET_DRIVER_VERSION, then attaches what the Ethernet part needs: MSI-X
 * vectors, the UAR page and the EQs (the command interface switches to
 * event mode), the link state and the permanent MAC address (the last
 * steps of 8.2), a protection domain and a transport domain; it starts
 * the health poller last.  Remove takes it all down in reverse and then the
 * HCA as in 8.3.  A failing step undoes every step before it, in reverse
 * order.
 *
 * A device that does not complete a command in time is considered hung:
 * the command interface stops (cmd.c) and, before any DMA memory the
 * device may still write (command queue, mailboxes, firmware pages) is
 * freed, bus mastering is turned off and the function is reset (FLR or
 * whatever reset method the PCI core finds).  If the reset fails that
 * memory is leaked rather than handed back to the allocator.
 */

#include <linux/delay.h>
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "../compat.h"
#include "core.h"

static const struct pci_device_id cx4_pci_ids[] = {
	{ PCI_DEVICE(CX4_PCI_VENDOR_MELLANOX, CX4_PCI_DEV_CX4) },
	{ PCI_DEVICE(CX4_PCI_VENDOR_MELLANOX, CX4_PCI_DEV_CX4_VF) },
	{ PCI_DEVICE(CX4_PCI_VENDOR_MELLANOX, CX4_PCI_DEV_CX4LX) },
	{ PCI_DEVICE(CX4_PCI_VENDOR_MELLANOX, CX4_PCI_DEV_CX4LX_VF) },
	{ }
};
MODULE_DEVICE_TABLE(pci, cx4_pci_ids);

/* --- core API (include/linux/cx4/core.h) -------------------------------- */

struct device *cx4_core_dev(const struct cx4_core *core)
{
	return core->dev;
}

struct devlink_port *cx4_core_devlink_port(const struct cx4_core *core)
{
	return core->dl_port;
}

void cx4_core_fw_version(const struct cx4_core *core,
			 struct cx4_fw_version *ver)
{
	*ver = core->fw;
}

u16 cx4_core_issi(const struct cx4_core *core)
{
	return core->issi;
}

u32 cx4_core_pdn(const struct cx4_core *core)
{
	return core->pdn;
}

u32 cx4_core_tdn(const struct cx4_core *core)
{
	return core->tdn;
}

u32 cx4_core_lkey(const struct cx4_core *core)
{
	return core->mkey;
}

const void *cx4_core_cap(const struct cx4_core *core,
			 enum cx4_hca_cap_type type)
{
	switch (type) {
	case CX4_CAP_GENERAL:
		return core->caps[CX4_CAPS_GEN_CUR];
	case CX4_CAP_ETH_OFFLOAD:
		return core->caps[CX4_CAPS_ETH_CUR];
	case CX4_CAP_FLOW_TABLE:
		return core->caps[CX4_CAPS_FT_CUR];
	}
	return NULL;
}

/* The timer's frequency from the current general caps (iseg.c checks it). */
u32 cx4_core_timer_khz(const struct cx4_core *core)
{
	const void *cap = core->caps[CX4_CAPS_GEN_CUR];

	if (!cap)
		return 0;
	return cx4_timer_khz(CX4_GET(CAP, cap, DEVICE_FREQUENCY_MHZ),
			     CX4_GET(CAP, cap, DEVICE_FREQUENCY_KHZ));
}

/* --- PCI ------------------------------------------------------------------ */

static int cx4_pci_check_bar(struct cx4_core *core)
{
	struct pci_dev *pdev = core->pdev;

	if (!(pci_resource_flags(pdev, 0) & IORESOURCE_MEM) ||
	    pci_resource_len(pdev, 0) < CX4_INIT_SEG_SIZE) {
		dev_err(core->dev, "BAR0 is not a memory BAR of at least 0x%x bytes\n",
			CX4_INIT_SEG_SIZE);
		return -ENODEV;
	}
	return 0;
}

static int cx4_pci_set_dma_mask(struct cx4_core *core)
{
	int err;

	err = dma_set_mask_and_coherent(core->dev, DMA_BIT_MASK(64));
	if (err)
		err = dma_set_mask_and_coherent(core->dev, DMA_BIT_MASK(32));
	if (err)
		dev_err(core->dev, "no usable DMA mask\n");
	return err;
}

static int cx4_pci_enable(struct cx4_core *core)
{
	struct pci_dev *pdev = core->pdev;
	int err;

	err = pci_enable_device(pdev);
	if (err) {
		dev_err(core->dev, "cannot enable PCI device: %d\n", err);
		return err;
	}
	err = cx4_pci_check_bar(core);
	if (err)
		goto err_disable_device;
	err = cx4_pci_set_dma_mask(core);
	if (err)
		goto err_disable_device;
	err = pci_request_regions(pdev, KBUILD_MODNAME);
	if (err) {
		dev_err(core->dev, "cannot request BARs: %d\n", err);
		goto err_disable_device;
	}
	/* PRM 8.1.2: bus mastering before any command. */
	pci_set_master(pdev);
	core->iseg = pci_iomap(pdev, 0, CX4_INIT_SEG_SIZE);
	if (!core->iseg) {
		dev_err(core->dev, "cannot map the initialization segment\n");
		err = -ENOMEM;
		goto err_clear_master;
	}
	return 0;

err_clear_master:
	pci_clear_master(pdev);
	pci_release_regions(pdev);
err_disable_device:
	pci_disable_device(pdev);
	return err;
}

static void cx4_pci_disable(struct cx4_core *core)
{
	struct pci_dev *pdev = core->pdev;

	pci_iounmap(pdev, core->iseg);
	core->iseg = NULL;
	pci_clear_master(pdev);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

/* --- start-up (PRM 8.2) ---------------------------------------------------- */

static int cx4_core_iseg_read(struct cx4_core *core)
{
	core->fw.major = cx4_iseg_get(core, CX4_INIT_FW_REV_MAJOR);
	core->fw.minor = cx4_iseg_get(core, CX4_INIT_FW_REV_MINOR);
	core->fw.subminor = cx4_iseg_get(core, CX4_INIT_FW_REV_SUBMINOR);
	core->cmdif_rev = cx4_iseg_get(core, CX4_INIT_CMD_INTERFACE_REV);
	if (core->cmdif_rev != CX4_CMD_INTERFACE_REV) {
		dev_err(core->dev,
			"command interface revision %u (firmware %u.%u.%u), driver supports %u only\n",
			core->cmdif_rev, core->fw.major, core->fw.minor,
			core->fw.subminor, CX4_CMD_INTERFACE_REV);
		return -EOPNOTSUPP;
	}
	return 0;
}

/* Wait, bounded, for the device to clear "initializing". */
static int cx4_core_wait_ready(struct cx4_core *core)
{
	unsigned int waited;

	for (waited = 0; waited < CX4_INIT_WAIT_MS; waited += 20) {
		if (!cx4_iseg_get(core, CX4_INIT_INITIALIZING))
			return 0;
		msleep(20);
	}
	if (!cx4_iseg_get(core, CX4_INIT_INITIALIZING))
		return 0;
	dev_err(core->dev, "device still initializing after %u ms\n",
		CX4_INIT_WAIT_MS);
	return -ETIMEDOUT;
}

/*
 * Graceful teardown steps (probe unwinding and remove).  Once one fails the
 * device is in an unknown state: the following ones are skipped and the
 * function is reset instead (cx4_core_quiesce()), which also takes back
 * every page.
 */
static void cx4_core_hca_teardown(struct cx4_core *core)
{
	if (!core->needs_reset && cx4_hca_teardown(core))
		core->needs_reset = true;
}

static void cx4_core_pages_reclaim(struct cx4_core *core)
{
	if (!core->needs_reset && cx4_pages_reclaim_all(core))
		core->needs_reset = true;
}

static void cx4_core_hca_disable(struct cx4_core *core)
{
	if (!core->needs_reset && cx4_hca_disable(core))
		core->needs_reset = true;
}

/* ENABLE_HCA ... SET_DRIVER_VERSION; undone by cx4_core_stop(). */
static int cx4_core_start(struct cx4_core *core)
{
	int err;

	err = cx4_hca_enable(core);
	if (err)
		return err;
	err = cx4_issi_set(core);
	if (err)
		goto err_disable_hca;
	err = cx4_pages_satisfy(core, CX4_PAGES_BOOT);
	if (err)
		goto err_reclaim_pages;
	err = cx4_caps_query(core);
	if (err)
		goto err_free_caps;
	err = cx4_caps_set(core);
	if (err)
		goto err_free_caps;
	err = cx4_caps_query_proto(core);
	if (err)
		goto err_free_caps;
	err = cx4_pages_satisfy(core, CX4_PAGES_INIT);
	if (err)
		goto err_free_caps;
	err = cx4_hca_init(core);
	if (err)
		goto err_free_caps;
	err = cx4_hca_set_driver_version(core);
	if (err)
		goto err_teardown_hca;
	return 0;

err_teardown_hca:
	cx4_core_hca_teardown(core);
err_free_caps:
	cx4_caps_free(core);
err_reclaim_pages:
	cx4_core_pages_reclaim(core);
err_disable_hca:
	cx4_core_hca_disable(core);
	return err;
}

/* PRM 8.3: TEARDOWN_HCA, take all pages back, DISABLE_HCA. */
static void cx4_core_stop(struct cx4_core *core)
{
	cx4_core_hca_teardown(core);
	cx4_caps_free(core);
	cx4_core_pages_reclaim(core);
	cx4_core_hca_disable(core);
}

/*
 * If the device hung, kept pages or failed a teardown step, make sure it
 * can no longer write to host memory: bus master off, then reset the
 * function.  Must be called with the device lock held (probe, remove).
 */
static void cx4_core_quiesce(struct cx4_core *core)
{
	int err;

	if (!core->needs_reset && !cx4_cmdq_hung(&core->cmdq) &&
	    !core->pages.npages)
		return;
	dev_warn(core->dev, "resetting the function before freeing its DMA memory\n");
	pci_clear_master(core->pdev);
	err = pci_reset_function_locked(core->pdev);
	if (err) {
		dev_err(core->dev, "function reset failed (%d): leaking its DMA memory\n",
			err);
		core->dma_unsafe = true;
	}
}

void cx4_core_keep_dma(struct cx4_core *core, struct cx4_dma_keep *keep)
{
	mutex_lock(&core->kept_lock);
	list_add_tail(&keep->node, &core->kept);
	core->needs_reset = true;
	mutex_unlock(&core->kept_lock);
}

/* After the function reset: free what cx4_core_keep_dma() held. */
static void cx4_core_release_kept(struct cx4_core *core)
{
	struct cx4_dma_keep *keep, *tmp;
	LIST_HEAD(list);

	mutex_lock(&core->kept_lock);
	list_splice_init(&core->kept, &list);
	mutex_unlock(&core->kept_lock);
	if (!list_empty(&list) && core->dma_unsafe) {
		dev_err(core->dev, "leaking queue memory the device may still access\n");
		return;
	}
	list_for_each_entry_safe(keep, tmp, &list, node) {
		list_del(&keep->node);
		keep->release(keep);
	}
}

/*
 * Undo cx4_cmdq_create() and free the pages and any EQ buffer the device
 * kept, safely if the device hung.
 */
static void cx4_core_cmdq_destroy(struct cx4_core *core)
{
	cx4_core_quiesce(core);
	cx4_core_release_kept(core);
	cx4_cqs_release(core);
	cx4_eqs_release(core);
	cx4_pages_release_all(core);
	cx4_cmdq_destroy(core);
}

/* --- objects for the Ethernet part ------------------------------------------- */

static void cx4_core_pd_dealloc(struct cx4_core *core)
{
	if (core->pd_alloced && !core->needs_reset && cx4_pd_dealloc(core))
		core->needs_reset = true;
	core->pd_alloced = false;
}

static void cx4_core_mkey_destroy(struct cx4_core *core)
{
	if (core->mkey_created && !core->needs_reset &&
	    cx4_mkey_destroy(core))
		core->needs_reset = true;
	core->mkey_created = false;
}

static void cx4_core_td_dealloc(struct cx4_core *core)
{
	if (core->td_alloced && !core->needs_reset && cx4_td_dealloc(core))
		core->needs_reset = true;
	core->td_alloced = false;
}

/*
 * After INIT_HCA: vectors, the CQ table of the completion path, EQs, link
 * state and permanent MAC (nothing to undo), PD, TD, the PA MKey (lkey);
 * undone by cx4_core_detach().
 */
static int cx4_core_attach(struct cx4_core *core)
{
	int err;

	err = cx4_irqs_create(core);
	if (err)
		return err;
	err = cx4_cqs_table_create(&core->cqs,
				   cx4_max_cqn(core->caps[CX4_CAPS_GEN_CUR]));
	if (err)
		goto err_destroy_irqs;
	err = cx4_eqs_create(core);
	if (err)
		goto err_destroy_cq_table;
	err = cx4_port_query(core);
	if (err)
		goto err_destroy_eqs;
	err = cx4_pd_alloc(core);
	if (err)
		goto err_destroy_eqs;
	err = cx4_td_alloc(core);
	if (err)
		goto err_dealloc_pd;
	err = cx4_mkey_create(core);
	if (err)
		goto err_dealloc_td;
	return 0;

err_dealloc_td:
	cx4_core_td_dealloc(core);
err_dealloc_pd:
	cx4_core_pd_dealloc(core);
err_destroy_eqs:
	cx4_eqs_destroy(core);
err_destroy_cq_table:
	cx4_cqs_table_destroy(&core->cqs);
err_destroy_irqs:
	cx4_irqs_destroy(core);
	return err;
}

static void cx4_core_detach(struct cx4_core *core)
{
	cx4_core_mkey_destroy(core);
	cx4_core_td_dealloc(core);
	cx4_core_pd_dealloc(core);
	cx4_eqs_destroy(core);
	cx4_cqs_table_destroy(&core->cqs);
	cx4_irqs_destroy(core);
}

static u32 cx4_core_cap_get(struct cx4_core *core, enum cx4_cap_slot slot,
			    u32 fld)
{
	return core->caps[slot] ? cx4_get(core->caps[slot], fld) : 0;
}

static void cx4_core_log(struct cx4_core *core)
{
	dev_info(core->dev,
		 "firmware %u.%u.%u, cmdif %u, ISSI %u: %u port(s), log max sq/rq/cq/eq %u/%u/%u/%u, eth offloads %s (csum %u vlan %u lro %u lso %u), nic flow table %s, %u pages, %u completion vectors, UAR %u, PD %u, TD %u, lkey 0x%x, MAC %pM, link %s\n",
		 core->fw.major, core->fw.minor, core->fw.subminor,
		 core->cmdif_rev, core->issi,
		 cx4_core_cap_get(core, CX4_CAPS_GEN_CUR, CX4_CAP_NUM_PORTS),
		 cx4_core_cap_get(core, CX4_CAPS_GEN_CUR, CX4_CAP_LOG_MAX_SQ),
		 cx4_core_cap_get(core, CX4_CAPS_GEN_CUR, CX4_CAP_LOG_MAX_RQ),
		 cx4_core_cap_get(core, CX4_CAPS_GEN_CUR, CX4_CAP_LOG_MAX_CQ),
		 cx4_core_cap_get(core, CX4_CAPS_GEN_CUR, CX4_CAP_LOG_MAX_EQ),
		 core->caps[CX4_CAPS_ETH_CUR] ? "yes" : "no",
		 cx4_core_cap_get(core, CX4_CAPS_ETH_CUR, CX4_ETH_CAP_CSUM_CAP),
		 cx4_core_cap_get(core, CX4_CAPS_ETH_CUR, CX4_ETH_CAP_VLAN_CAP),
		 cx4_core_cap_get(core, CX4_CAPS_ETH_CUR, CX4_ETH_CAP_LRO_CAP),
		 cx4_core_cap_get(core, CX4_CAPS_ETH_CUR, CX4_ETH_CAP_MAX_LSO_CAP),
		 core->caps[CX4_CAPS_FT_CUR] ? "yes" : "no",
		 core->pages.npages, core->eqs.ncomp, core->eqs.uarn,
		 core->pdn, core->tdn, core->mkey, core->port.perm_mac,
		 cx4_core_link_up(core) ? "up" : "down");
}

/* --- bringing the function up and down ---------------------------------------- */

/*
 * The function from reset to ready for en/: command queue, start-up (PRM
 * 8.2), vectors, EQs, port, PD, TD, MKey, health poller.  Used by probe
 * and by health recovery; undone by cx4_core_down().  Called with the
 * device lock and core->up_lock held.
 */
static int cx4_core_up(struct cx4_core *core)
{
	int err;

	core->needs_reset = false;
	/* A function reset (recovery) leaves bus mastering off. */
	pci_set_master(core->pdev);
	err = cx4_core_iseg_read(core);
	if (err)
		return err;
	err = cx4_cmdq_create(core);
	if (err)
		return err;
	err = cx4_core_wait_ready(core);
	if (err) {
		/*
		 * The device has the queue's address and may still come
		 * up and use it: reset before the page is freed.
		 */
		core->needs_reset = true;
		goto err_destroy_cmdq;
	}
	err = cx4_core_start(core);
	if (err)
		goto err_destroy_cmdq;
	err = cx4_core_attach(core);
	if (err)
		goto err_stop;
	cx4_health_start(core);
	core->up = true;
	return 0;

err_stop:
	cx4_core_stop(core);
err_destroy_cmdq:
	cx4_core_cmdq_destroy(core);
	return err;
}

/*
 * Everything cx4_core_up() did, in reverse.  With the device dead (health)
 * or a step failing, the remaining graceful steps are skipped and the
 * function is reset before its DMA memory is freed.  Called with the
 * device lock and core->up_lock held.
 */
static void cx4_core_down(struct cx4_core *core)
{
	if (!core->up)
		return;
	core->up = false;
	cx4_health_stop(core);
	/* Dead, or keeping an object the driver lost: reset, no teardown. */
	if (READ_ONCE(core->health.fatal) ||
	    READ_ONCE(core->health.release_failed))
		core->needs_reset = true;
	cx4_debugfs_drop_cq(core);
	cx4_core_detach(core);
	cx4_core_stop(core);
	cx4_core_cmdq_destroy(core);
}

/*
 * The part above the core (en/) back on after a recovery: the bound
 * driver resumes (its netdev kept, with its addresses, routes and
 * memberships); with none bound, one is bound anew.  A driver that cannot
 * resume stays bound and suspended: the attempt counts as failed and
 * health retries after its back-off (the next reset may bring the device
 * back to sense), then gives up and unbinds it (cx4_core_halt()).
 */
static int cx4_core_adev_reattach(struct cx4_core *core, bool was_bound)
{
	int err;

	if (was_bound) {
		dev_warn(core->dev, "recovery: attaching the Ethernet part again (netdev resumed)\n");
		err = cx4_adev_resume(core);
		if (err)
			dev_err(core->dev, "recovery: resuming the netdev failed (%d), it stays suspended\n",
				err);
		return err;
	}
	dev_warn(core->dev, "recovery: attaching the Ethernet part (new netdev)\n");
	err = cx4_adev_bind(core);
	if (err)
		dev_err(core->dev, "recovery: attaching the Ethernet part failed: %d\n",
			err);
	return err;
}

/*
 * One recovery attempt (health.c): en/ suspended (its netdev stays), the
 * function down (reset, the dead device's pages released without
 * MANAGE_PAGES), probe's sequence again, en/ resumed.  Called with the
 * device lock held.
 */
static int cx4_core_recover(struct cx4_core *core)
{
	bool bound;
	int err;

	bound = cx4_adev_bound(core);
	if (bound) {
		dev_warn(core->dev, "recovery: detaching the Ethernet part (netdev kept, queues closed)\n");
		cx4_adev_suspend(core);
	}
	mutex_lock(&core->up_lock);
	if (core->up)
		dev_warn(core->dev, "recovery: tearing the function down and resetting it\n");
	cx4_core_down(core);
	if (core->dma_unsafe) {
		mutex_unlock(&core->up_lock);
		dev_err(core->dev, "recovery: the function could not be reset, cannot bring it up again\n");
		return -EIO;
	}
	dev_warn(core->dev, "recovery: bringing the function up again\n");
	cx4_port_forget_events(core);
	err = cx4_core_up(core);
	mutex_unlock(&core->up_lock);
	if (err) {
		dev_err(core->dev, "recovery: bringing the function up failed: %d\n",
			err);
		return err;
	}
	cx4_core_log(core);
	return cx4_core_adev_reattach(core, bound);
}

/* Health gave up: en/ off, the function down and reset.  Device lock held. */
static void cx4_core_halt(struct cx4_core *core)
{
	cx4_adev_destroy(core);
	mutex_lock(&core->up_lock);
	cx4_core_down(core);
	mutex_unlock(&core->up_lock);
}

/* What health recovery does to the function (health.c calls it). */
static const struct cx4_health_ops cx4_core_health_ops = {
	.recover = cx4_core_recover,
	.halt = cx4_core_halt,
};

static int cx4_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct cx4_core *core;
	int err;

	core = kzalloc(sizeof(*core), GFP_KERNEL);
	if (!core)
		return -ENOMEM;
	core->pdev = pdev;
	core->dev = &pdev->dev;
	ratelimit_state_init(&core->log_rs, DEFAULT_RATELIMIT_INTERVAL,
			     DEFAULT_RATELIMIT_BURST);
	mutex_init(&core->up_lock);
	mutex_init(&core->kept_lock);
	INIT_LIST_HEAD(&core->kept);
	cx4_pages_init(&core->pages);
	cx4_cqs_init(&core->cqs);
	cx4_cqs_subscribe(core);
	mutex_init(&core->test_cq.lock);
	cx4_health_init(core, &cx4_core_health_ops);
	cx4_port_init(core);
	pci_set_drvdata(pdev, core);

	err = cx4_pci_enable(core);
	if (err)
		goto err_free_core;
	err = cx4_pages_wq_create(core);
	if (err)
		goto err_pci_disable;
	mutex_lock(&core->up_lock);
	err = cx4_core_up(core);
	mutex_unlock(&core->up_lock);
	if (err)
		goto err_destroy_pages_wq;
	err = cx4_devlink_create(core);
	if (err)
		goto err_core_down;
	cx4_debugfs_create(core);
	cx4_core_log(core);
	err = cx4_adev_create(core);
	if (err)
		goto err_destroy_debugfs;
	cx4_health_serve(core);
	return 0;

err_destroy_debugfs:
	cx4_debugfs_destroy(core);
	cx4_devlink_destroy(core);
err_core_down:
	cx4_health_stop_recovery(core);
	mutex_lock(&core->up_lock);
	cx4_core_down(core);
	mutex_unlock(&core->up_lock);
err_destroy_pages_wq:
	cx4_pages_wq_destroy(core);
err_pci_disable:
	cx4_pci_disable(core);
err_free_core:
	pci_set_drvdata(pdev, NULL);
	cx4_cqs_destroy(&core->cqs);
	cx4_pages_destroy(&core->pages);
	mutex_destroy(&core->kept_lock);
	mutex_destroy(&core->up_lock);
	kfree(core);
	return err;
}

static void cx4_remove(struct pci_dev *pdev)
{
	struct cx4_core *core = pci_get_drvdata(pdev);

	/* Already taken down by cx4_shutdown(). */
	if (!core)
		return;
	/* No recovery from here on (it would wait for the device lock). */
	cx4_health_stop_recovery(core);
	cx4_devlink_unregister(core);
	/* The netdev first: it is linked to the devlink port. */
	cx4_adev_destroy(core);
	cx4_devlink_destroy(core);
	cx4_debugfs_destroy(core);
	mutex_lock(&core->up_lock);
	cx4_core_down(core);
	mutex_unlock(&core->up_lock);
	cx4_pages_wq_destroy(core);
	cx4_pci_disable(core);
	pci_set_drvdata(pdev, NULL);
	cx4_cqs_destroy(&core->cqs);
	cx4_pages_destroy(&core->pages);
	mutex_destroy(&core->kept_lock);
	mutex_destroy(&core->up_lock);
	kfree(core);
}

/*
 * Reboot, kexec or power-off: the device must stop using host memory and
 * give back its pages before the next kernel owns that memory, so take the
 * function down exactly as remove does.
 */
static void cx4_shutdown(struct pci_dev *pdev)
{
	cx4_remove(pdev);
}

static struct pci_driver cx4_driver = {
	.name		= KBUILD_MODNAME,
	.id_table	= cx4_pci_ids,
	.probe		= cx4_probe,
	.remove		= cx4_remove,
	.shutdown	= cx4_shutdown,
};

/* The PCI driver (module.c registers the parts above it first). */
int cx4_core_register(void)
{
	int err;

	cx4_debugfs_init();
	err = pci_register_driver(&cx4_driver);
	if (err)
		cx4_debugfs_exit();
	return err;
}

void cx4_core_unregister(void)
{
	pci_unregister_driver(&cx4_driver);
	cx4_debugfs_exit();
}

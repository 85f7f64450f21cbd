// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 core: the auxiliary device of each function.
 *
 * The core knows the parts above it (the Ethernet part today, an RDMA
 * part some day) only through the auxiliary bus: each function has one
 * auxiliary device "cx4.eth.<id>" (struct cx4_adev, include/linux/cx4/
 * core.h), added at the end of probe and deleted at the start of remove.
 * Whichever auxiliary driver binds to it -- en/, registered by the same
 * module before the PCI driver, so that it binds during probe -- attaches
 * in its probe and detaches in its remove.  Health recovery reaches the
 * bound driver through its suspend/resume callbacks (its netdev stays);
 * a driver that cannot resume is unbound and bound again.
 *
 * Binding is the core's business only: the driver's sysfs bind/unbind
 * files are suppressed (include/linux/cx4/core.h), so a bound driver
 * always has a function that is up or being recovered.  The callbacks
 * run under the auxiliary device's lock, which also keeps the driver
 * from unbinding meanwhile; it is taken after the PCI device's lock.
 */

#include <linux/auxiliary_bus.h>
#include <linux/device.h>
#include <linux/idr.h>
#include <linux/slab.h>

#include "core.h"

/* Auxiliary device ids, unique among cx4's functions. */
static DEFINE_IDA(cx4_adev_ida);

static void cx4_adev_release(struct device *dev)
{
	struct cx4_adev *cadev = container_of(dev, struct cx4_adev, adev.dev);

	ida_free(&cx4_adev_ida, cadev->adev.id);
	kfree(cadev);
}

/*
 * Add the function's auxiliary device; a registered driver binds to it
 * before this returns.  Return: 0, or -ENODEV when the Ethernet part is
 * built in but did not bind (its probe failed and logged why), or the
 * bus's errno.
 */
int cx4_adev_create(struct cx4_core *core)
{
	struct cx4_adev *cadev;
	int id, err;

	cadev = kzalloc(sizeof(*cadev), GFP_KERNEL);
	if (!cadev)
		return -ENOMEM;
	id = ida_alloc(&cx4_adev_ida, GFP_KERNEL);
	if (id < 0) {
		kfree(cadev);
		return id;
	}
	cadev->core = core;
	cadev->adev.name = CX4_ADEV_ETH;
	cadev->adev.id = id;
	cadev->adev.dev.parent = core->dev;
	cadev->adev.dev.release = cx4_adev_release;
	err = auxiliary_device_init(&cadev->adev);
	if (err) {
		ida_free(&cx4_adev_ida, id);
		kfree(cadev);
		return err;
	}
	err = auxiliary_device_add(&cadev->adev);
	if (err) {
		/* The release callback frees it. */
		auxiliary_device_uninit(&cadev->adev);
		return err;
	}
	core->adev = cadev;
	if (IS_ENABLED(CONFIG_CX4_EN) && !cx4_adev_bound(core)) {
		cx4_adev_destroy(core);
		return -ENODEV;
	}
	return 0;
}

/* Unbind the driver (its remove detaches) and delete the device. */
void cx4_adev_destroy(struct cx4_core *core)
{
	struct cx4_adev *cadev = core->adev;

	if (!cadev)
		return;
	core->adev = NULL;
	auxiliary_device_delete(&cadev->adev);
	auxiliary_device_uninit(&cadev->adev);
}

/* Is a driver bound to the function's auxiliary device? */
bool cx4_adev_bound(struct cx4_core *core)
{
	struct device *dev;
	bool bound;

	if (!core->adev)
		return false;
	dev = &core->adev->adev.dev;
	device_lock(dev);
	bound = !!dev->driver;
	device_unlock(dev);
	return bound;
}

/*
 * Before a recovery takes the function down: the bound driver's suspend
 * callback lets go of the function.
 */
void cx4_adev_suspend(struct cx4_core *core)
{
	const struct auxiliary_driver *drv;
	struct auxiliary_device *adev;

	if (!core->adev)
		return;
	adev = &core->adev->adev;
	device_lock(&adev->dev);
	if (adev->dev.driver) {
		drv = to_auxiliary_drv(adev->dev.driver);
		if (drv->suspend)
			drv->suspend(adev, PMSG_SUSPEND);
	}
	device_unlock(&adev->dev);
}

/*
 * Once the function is up again: the bound driver's resume callback.
 * Return: 0, -ENODEV when no driver is bound, or the callback's errno.
 */
int cx4_adev_resume(struct cx4_core *core)
{
	const struct auxiliary_driver *drv;
	struct auxiliary_device *adev;
	int err = -ENODEV;

	if (!core->adev)
		return -ENODEV;
	adev = &core->adev->adev;
	device_lock(&adev->dev);
	if (adev->dev.driver) {
		drv = to_auxiliary_drv(adev->dev.driver);
		err = drv->resume ? drv->resume(adev) : 0;
	}
	device_unlock(&adev->dev);
	return err;
}

/* Unbind whatever driver is bound (it detaches); the device stays. */
void cx4_adev_unbind(struct cx4_core *core)
{
	if (core->adev)
		device_release_driver(&core->adev->adev.dev);
}

/* Bind a driver again.  Return: 0 once one is bound, else an errno. */
int cx4_adev_bind(struct cx4_core *core)
{
	int ret;

	if (!core->adev)
		return -ENODEV;
	ret = device_attach(&core->adev->adev.dev);
	if (ret < 0)
		return ret;
	/* A failed probe leaves it unbound (and logged why). */
	return cx4_adev_bound(core) ? 0 : -ENODEV;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 devlink instance, "devlink dev info" and the "fw_fatal" health
 * reporter.
 *
 * dev info: the driver name, the running firmware version ("fw",
 * from the initialization segment) and the board's PSID as the fixed
 * "board.id" and "fw.psid", read with QUERY_ADAPTER (PRM 12.3.5) at each
 * request under core->up_lock; a PSID that is empty or not printable
 * ASCII, or asked for while the function is down, is not reported.
 *
 * The health poller (health.c) reports a dead device with
 * devlink_health_report(); devlink then calls the reporter's recover
 * callback (auto-recovery, on by default), which makes one recovery
 * attempt; "devlink health recover" makes one on demand.  Diagnose shows
 * the health syndrome and counter last seen dead, and the recovery
 * bookkeeping.
 *
 * The function's port is a devlink port of the physical flavour, numbered
 * by the PCI function as mlx5_core numbers it, so that the netdev en/
 * links to it (cx4_core_devlink_port()) gets the same phys_port_name
 * ("p0") and udev predictable name (enp1s0np0) under both drivers.
 * Built only with CONFIG_NET_DEVLINK (core.h has stubs).
 */

#include <linux/ctype.h>
#include <linux/device.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <net/devlink.h>

#include "../compat.h"
#include "core.h"

/* The devlink instance's private area holds the core pointer. */
static struct cx4_core *cx4_devlink_core(struct devlink *devlink)
{
	return *(struct cx4_core **)devlink_priv(devlink);
}

/*
 * The PSID of QUERY_ADAPTER into @psid (CX4_ADAPTER_PSID_LEN + 1 bytes):
 * NUL-padded ASCII; -ENODATA if empty or not printable.
 */
static int cx4_devlink_psid(struct cx4_core *core, char *psid)
{
	u8 in[CX4_QUERY_ADAPTER_IN_SIZE] = {};
	unsigned int i;
	u8 *out, *params;
	int err;

	out = kzalloc(CX4_QUERY_ADAPTER_OUT_SIZE, GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_ADAPTER);
	/*
	 * up_lock keeps the command queue alive for the command; while a
	 * recovery runs, after it gave up or on the way out there is none
	 * and the PSID is just not reported.
	 */
	err = mutex_lock_interruptible(&core->up_lock);
	if (err)
		goto out;
	err = core->up ? cx4_cmd_exec(core, in, sizeof(in), out,
				      CX4_QUERY_ADAPTER_OUT_SIZE) : -ENODATA;
	mutex_unlock(&core->up_lock);
	if (err)
		goto out;
	params = CX4_ADDR(QUERY_ADAPTER_OUT, out, PARAMS);
	memcpy(psid, CX4_ADDR(ADAPTER, params, PSID), CX4_ADAPTER_PSID_LEN);
	psid[CX4_ADAPTER_PSID_LEN] = '\0';
	err = psid[0] ? 0 : -ENODATA;
	for (i = 0; psid[i]; i++)
		if (!isprint(psid[i]))
			err = -ENODATA;
out:
	kfree(out);
	return err;
}

static int cx4_devlink_info_get(struct devlink *devlink,
				struct devlink_info_req *req,
				struct netlink_ext_ack *extack)
{
	struct cx4_core *core = cx4_devlink_core(devlink);
	char psid[CX4_ADAPTER_PSID_LEN + 1];
	char ver[32];
	int err;

	err = cx4_devlink_info_driver_name(req, KBUILD_MODNAME);
	if (err)
		return err;
	snprintf(ver, sizeof(ver), "%u.%u.%u", core->fw.major, core->fw.minor,
		 core->fw.subminor);
	err = devlink_info_version_running_put(req,
					       DEVLINK_INFO_VERSION_GENERIC_FW,
					       ver);
	if (err)
		return err;
	err = cx4_devlink_psid(core, psid);
	if (err == -ENODATA)
		return 0;
	if (err) {
		NL_SET_ERR_MSG_MOD(extack, "QUERY_ADAPTER failed");
		return err;
	}
	err = devlink_info_version_fixed_put(req,
					     DEVLINK_INFO_VERSION_GENERIC_BOARD_ID,
					     psid);
	if (err)
		return err;
	return devlink_info_version_fixed_put(req,
					      DEVLINK_INFO_VERSION_GENERIC_FW_PSID,
					      psid);
}

static const struct devlink_ops cx4_devlink_ops = {
	.info_get = cx4_devlink_info_get,
};

static struct cx4_core *cx4_reporter_core(struct devlink_health_reporter *r)
{
	return devlink_health_reporter_priv(r);
}

static int cx4_reporter_recover(struct devlink_health_reporter *reporter,
				void *priv_ctx, struct netlink_ext_ack *extack)
{
	struct cx4_core *core = cx4_reporter_core(reporter);
	int err = cx4_health_recover(core);

	if (err)
		NL_SET_ERR_MSG_MOD(extack, "recovery attempt failed");
	return err;
}

static int cx4_reporter_diagnose(struct devlink_health_reporter *reporter,
				 struct devlink_fmsg *fmsg,
				 struct netlink_ext_ack *extack)
{
	struct cx4_core *core = cx4_reporter_core(reporter);
	struct cx4_health *h = &core->health;

	cx4_fmsg_u32_put(fmsg, "syndrome", READ_ONCE(h->syndrome));
	cx4_fmsg_string_put(fmsg, "syndrome_name",
			    cx4_health_name(READ_ONCE(h->syndrome)));
	cx4_fmsg_u32_put(fmsg, "counter", READ_ONCE(h->counter));
	cx4_fmsg_u32_put(fmsg, "fatal_events", READ_ONCE(h->fatal_events));
	cx4_fmsg_u32_put(fmsg, "recoveries", READ_ONCE(h->recoveries));
	cx4_fmsg_u32_put(fmsg, "attempts", READ_ONCE(h->attempts));
	cx4_fmsg_u32_put(fmsg, "failures_in_a_row", READ_ONCE(h->fails));
	cx4_fmsg_u32_put(fmsg, "dead", READ_ONCE(h->fatal));
	cx4_fmsg_u32_put(fmsg, "gave_up", READ_ONCE(h->gave_up));
	return 0;
}

static const struct devlink_health_reporter_ops cx4_reporter_ops = {
	.name = "fw_fatal",
	.recover = cx4_reporter_recover,
	.diagnose = cx4_reporter_diagnose,
};

/* The function's one port: physical, numbered by its PCI function. */
static int cx4_devlink_port_register(struct cx4_core *core)
{
	struct devlink_port_attrs attrs = {
		.flavour = DEVLINK_PORT_FLAVOUR_PHYSICAL,
		.phys.port_number = PCI_FUNC(core->pdev->devfn),
	};
	struct devlink_port *port;
	int err;

	port = kzalloc(sizeof(*port), GFP_KERNEL);
	if (!port)
		return -ENOMEM;
	devlink_port_attrs_set(port, &attrs);
	err = devlink_port_register(core->devlink, port,
				    attrs.phys.port_number);
	if (err) {
		kfree(port);
		return err;
	}
	core->dl_port = port;
	return 0;
}

static void cx4_devlink_port_unregister(struct cx4_core *core)
{
	devlink_port_unregister(core->dl_port);
	kfree(core->dl_port);
	core->dl_port = NULL;
}

/* At probe, once the function is up; undone by cx4_devlink_destroy(). */
int cx4_devlink_create(struct cx4_core *core)
{
	struct devlink *devlink;
	int err;

	devlink = devlink_alloc(&cx4_devlink_ops, sizeof(core), core->dev);
	if (!devlink)
		return -ENOMEM;
	*(struct cx4_core **)devlink_priv(devlink) = core;
	core->devlink = devlink;
	core->reporter = devlink_health_reporter_create(devlink,
							&cx4_reporter_ops,
							0, core);
	if (IS_ERR(core->reporter)) {
		err = PTR_ERR(core->reporter);
		dev_err(core->dev, "cannot create the devlink health reporter: %d\n",
			err);
		core->reporter = NULL;
		goto err_free_devlink;
	}
	err = cx4_devlink_port_register(core);
	if (err) {
		dev_err(core->dev, "cannot register the devlink port: %d\n", err);
		goto err_destroy_reporter;
	}
	devlink_register(devlink);
	return 0;

err_destroy_reporter:
	devlink_health_reporter_destroy(core->reporter);
	core->reporter = NULL;
err_free_devlink:
	devlink_free(devlink);
	core->devlink = NULL;
	return err;
}

/*
 * Remove, first of all: devlink stops calling into cx4 (dev info, health
 * diagnose and recover; waits for those still running) and the reporter
 * goes.  The port stays while a netdev may be linked to it.
 */
void cx4_devlink_unregister(struct cx4_core *core)
{
	/* The reporter exists exactly while the instance is registered. */
	if (!core->reporter)
		return;
	devlink_unregister(core->devlink);
	devlink_health_reporter_destroy(core->reporter);
	core->reporter = NULL;
}

/* Once the Ethernet part (its netdev) is gone: the port, the instance. */
void cx4_devlink_destroy(struct cx4_core *core)
{
	if (!core->devlink)
		return;
	cx4_devlink_unregister(core);
	cx4_devlink_port_unregister(core);
	devlink_free(core->devlink);
	core->devlink = NULL;
}

/* The device is dead: devlink records it and, if allowed, recovers. */
int cx4_devlink_report(struct cx4_core *core, const char *msg)
{
	if (!core->reporter)
		return -EOPNOTSUPP;
	return devlink_health_report(core->reporter, msg, core);
}

/* Recovered outside devlink's recover callback. */
void cx4_devlink_healthy(struct cx4_core *core)
{
	if (core->reporter)
		devlink_health_reporter_state_update(core->reporter,
						     DEVLINK_HEALTH_REPORTER_STATE_HEALTHY);
}

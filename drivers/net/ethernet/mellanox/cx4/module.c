// SPDX-License-Identifier: GPL-2.0
/*
 * cx4.ko: the module registers its parts bottom-up -- the auxiliary
 * driver of the Ethernet part (en/) first, then the core's PCI driver --
 * so that each function's "cx4.eth" auxiliary device, added at the end of
 * the core's probe, finds its driver there and then: one insmod gives the
 * interfaces.  Unloading goes the other way.  The only file that names
 * both the core and en/.
 */

#include <linux/module.h>

#include "core/core.h"
#include "en/en.h"

static int __init cx4_init(void)
{
	int err;

	if (IS_ENABLED(CONFIG_CX4_EN)) {
		err = cx4_en_register();
		if (err)
			return err;
	}
	err = cx4_core_register();
	if (err && IS_ENABLED(CONFIG_CX4_EN))
		cx4_en_unregister();
	return err;
}
module_init(cx4_init);

static void __exit cx4_exit(void)
{
	cx4_core_unregister();
	if (IS_ENABLED(CONFIG_CX4_EN))
		cx4_en_unregister();
}
module_exit(cx4_exit);

MODULE_DESCRIPTION("Mellanox ConnectX-4 / ConnectX-4 Lx Ethernet driver");
MODULE_LICENSE("GPL");

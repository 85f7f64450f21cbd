/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 compatibility with older kernels.  cx4 builds against Linux 6.12 and
 * 6.1; every shim for an API difference between them lives here, keyed on
 * LINUX_VERSION_CODE, and nowhere else.
 *
 * None is needed so far: everything the core uses exists with the same
 * signature in both.
 */
#ifndef _CX4_COMPAT_H
#define _CX4_COMPAT_H

#include <linux/version.h>

#endif /* _CX4_COMPAT_H */

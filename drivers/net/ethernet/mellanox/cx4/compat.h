/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 compatibility with older kernels.  cx4 builds against Linux 6.12 and
 * 6.1; every shim for an API difference between them lives here, keyed on
 * LINUX_VERSION_CODE, and nowhere else.
 *
 * The page_pool API moved from <net/page_pool.h> to
 * <net/page_pool/helpers.h> (and types.h) in 6.6; en/ includes this
 * file for it.  Kbuild defines CX4_HAVE_PAGE_POOL_HELPERS when the
 * kernel tree has the new header (sparse knows no __has_include).
 */
#ifndef _CX4_COMPAT_H
#define _CX4_COMPAT_H

#include <linux/version.h>

#ifdef CX4_HAVE_PAGE_POOL_HELPERS
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif

#endif /* _CX4_COMPAT_H */

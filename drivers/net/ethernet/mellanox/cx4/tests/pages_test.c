// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: firmware page bookkeeping (core/pages.c) without a device.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/mm.h>

#include "../core/core.h"

struct cx4_test_pages {
	struct cx4_pages pages;
	struct page *a;
	struct page *b;
};

static int cx4_test_pages_init(struct kunit *test)
{
	struct cx4_test_pages *t;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->a = alloc_page(GFP_KERNEL);
	t->b = alloc_page(GFP_KERNEL);
	if (!t->a || !t->b) {
		if (t->a)
			__free_page(t->a);
		if (t->b)
			__free_page(t->b);
		return -ENOMEM;
	}
	cx4_pages_init(&t->pages);
	test->priv = t;
	return 0;
}

static void cx4_test_pages_exit(struct kunit *test)
{
	struct cx4_test_pages *t = test->priv;

	/* Leave nothing for cx4_pages_destroy() to warn about. */
	xa_destroy(&t->pages.tree);
	t->pages.npages = 0;
	cx4_pages_destroy(&t->pages);
	__free_page(t->a);
	__free_page(t->b);
}

static void cx4_test_pages_add_find_remove(struct kunit *test)
{
	struct cx4_test_pages *t = test->priv;
	struct cx4_pages *pages = &t->pages;

	mutex_lock(&pages->lock);
	KUNIT_EXPECT_EQ(test, cx4_pages_track_locked(pages, 0x1000, t->a), 0);
	KUNIT_EXPECT_EQ(test, cx4_pages_track_locked(pages, 0xfffffffff000ull,
						     t->b), 0);
	KUNIT_EXPECT_EQ(test, pages->npages, 2u);

	KUNIT_EXPECT_PTR_EQ(test, cx4_pages_lookup_locked(pages, 0x1000), t->a);
	KUNIT_EXPECT_PTR_EQ(test,
			    cx4_pages_lookup_locked(pages, 0xfffffffff000ull),
			    t->b);
	KUNIT_EXPECT_NULL(test, cx4_pages_lookup_locked(pages, 0x2000));
	KUNIT_EXPECT_NULL(test, cx4_pages_lookup_locked(pages, 0x1008));

	KUNIT_EXPECT_PTR_EQ(test, cx4_pages_untrack_locked(pages, 0x1000), t->a);
	KUNIT_EXPECT_EQ(test, pages->npages, 1u);
	KUNIT_EXPECT_NULL(test, cx4_pages_lookup_locked(pages, 0x1000));
	KUNIT_EXPECT_PTR_EQ(test,
			    cx4_pages_untrack_locked(pages, 0xfffffffff000ull),
			    t->b);
	KUNIT_EXPECT_EQ(test, pages->npages, 0u);
	KUNIT_EXPECT_EQ(test, pages->bad_returns, 0u);
	mutex_unlock(&pages->lock);
}

static void cx4_test_pages_duplicate(struct kunit *test)
{
	struct cx4_test_pages *t = test->priv;
	struct cx4_pages *pages = &t->pages;

	mutex_lock(&pages->lock);
	KUNIT_EXPECT_EQ(test, cx4_pages_track_locked(pages, 0x5000, t->a), 0);
	KUNIT_EXPECT_EQ(test, cx4_pages_track_locked(pages, 0x5000, t->b),
			-EEXIST);
	KUNIT_EXPECT_EQ(test, pages->npages, 1u);
	KUNIT_EXPECT_PTR_EQ(test, cx4_pages_lookup_locked(pages, 0x5000), t->a);
	/* Not 4 KB aligned. */
	KUNIT_EXPECT_EQ(test, cx4_pages_track_locked(pages, 0x5800, t->b),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pages->npages, 1u);
	KUNIT_EXPECT_PTR_EQ(test, cx4_pages_untrack_locked(pages, 0x5000), t->a);
	mutex_unlock(&pages->lock);
}

/* An address the device was never given is counted, not returned. */
static void cx4_test_pages_unknown(struct kunit *test)
{
	struct cx4_test_pages *t = test->priv;
	struct cx4_pages *pages = &t->pages;

	mutex_lock(&pages->lock);
	KUNIT_EXPECT_EQ(test, cx4_pages_track_locked(pages, 0x9000, t->a), 0);
	KUNIT_EXPECT_NULL(test, cx4_pages_untrack_locked(pages, 0xa000));
	KUNIT_EXPECT_EQ(test, pages->bad_returns, 1u);
	KUNIT_EXPECT_NULL(test, cx4_pages_untrack_locked(pages, 0x9004));
	KUNIT_EXPECT_EQ(test, pages->bad_returns, 2u);
	KUNIT_EXPECT_EQ(test, pages->npages, 1u);
	KUNIT_EXPECT_PTR_EQ(test, cx4_pages_untrack_locked(pages, 0x9000), t->a);
	/* Returned twice. */
	KUNIT_EXPECT_NULL(test, cx4_pages_untrack_locked(pages, 0x9000));
	KUNIT_EXPECT_EQ(test, pages->bad_returns, 3u);
	KUNIT_EXPECT_EQ(test, pages->npages, 0u);
	mutex_unlock(&pages->lock);
}

static void cx4_test_pages_request(struct kunit *test)
{
	struct cx4_test_pages *t = test->priv;
	struct cx4_pages *pages = &t->pages;

	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, 0), 0);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, -100), 0);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, 4096), 0);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, CX4_PAGES_MAX), 0);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, CX4_PAGES_MAX + 1),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, S32_MAX), -ERANGE);

	mutex_lock(&pages->lock);
	KUNIT_EXPECT_EQ(test, cx4_pages_track_locked(pages, 0x1000, t->a), 0);
	mutex_unlock(&pages->lock);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, CX4_PAGES_MAX - 1),
			0);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(pages, CX4_PAGES_MAX),
			-ERANGE);
}

/* Page request events add up (signed), saturating both ways. */
static void cx4_test_pages_request_add(struct kunit *test)
{
	struct cx4_pages none = {};	/* no page given: npages 0 */
	s32 p = 0;
	u32 i;

	p = cx4_pages_request_add(p, 100);
	p = cx4_pages_request_add(p, 28);
	KUNIT_EXPECT_EQ(test, p, 128);		/* not overwritten by 28 */
	p = cx4_pages_request_add(p, -200);
	KUNIT_EXPECT_EQ(test, p, -72);
	/* A hostile device cannot overflow the sum. */
	for (i = 0; i < 4; i++)
		p = cx4_pages_request_add(p, S32_MAX);
	KUNIT_EXPECT_EQ(test, p, (s32)CX4_PAGES_MAX + 1);
	KUNIT_EXPECT_EQ(test, cx4_pages_check_request(&none, p), -ERANGE);
	for (i = 0; i < 4; i++)
		p = cx4_pages_request_add(p, S32_MIN);
	KUNIT_EXPECT_EQ(test, p, -(s32)CX4_PAGES_MAX);
	KUNIT_EXPECT_EQ(test, cx4_pages_request_add(S32_MIN, S32_MIN),
			-(s32)CX4_PAGES_MAX);
}

static struct kunit_case cx4_pages_cases[] = {
	KUNIT_CASE(cx4_test_pages_add_find_remove),
	KUNIT_CASE(cx4_test_pages_duplicate),
	KUNIT_CASE(cx4_test_pages_unknown),
	KUNIT_CASE(cx4_test_pages_request),
	KUNIT_CASE(cx4_test_pages_request_add),
	{}
};

static struct kunit_suite cx4_pages_suite = {
	.name = "cx4_pages",
	.init = cx4_test_pages_init,
	.exit = cx4_test_pages_exit,
	.test_cases = cx4_pages_cases,
};

kunit_test_suites(&cx4_pages_suite);

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 firmware pages (PRM 12.3.1 QUERY_PAGES, 12.3.2 MANAGE_PAGES).
 *
 * The device asks for 4 KB pages of host memory for its contexts.  Every
 * page given is recorded by DMA address; a page comes back only through
 * MANAGE_PAGES(HCA_RETURN_PAGES) with an address found in the records, or
 * by cx4_pages_release_all() once the function was reset.
 *
 * Each device page is a whole system page mapped for its first 4 KB.  With
 * PAGE_SIZE == 4 KB (x86) nothing is wasted; with larger system pages the
 * rest of the page is unused (splitting pages is left for later).
 *
 * After INIT_HCA the device asks for pages (or offers some back) with page
 * request events (PRM 7.13.10.2).  The control EQ's handler adds the
 * request to those not answered yet and queues a work item on an ordered
 * workqueue; the work answers with MANAGE_PAGES (give, or take back; one
 * command per CX4_PAGES_PER_EVENT pages, pages->lock taken per command),
 * which also re-arms the event.
 * A page that cannot be allocated is reported with MANAGE_PAGES
 * ALLOCATION_FAIL.
 */

#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "core.h"

/* Extra MANAGE_PAGES rounds allowed when reclaiming makes no progress. */
#define CX4_PAGES_RECLAIM_SLACK	4

static_assert(PAGE_SIZE >= CX4_PAGE_SIZE);
static_assert(CX4_MANAGE_PAGES_OFF_PAS + CX4_PAGES_PER_CMD * CX4_PAS_SIZE <=
	      CX4_CMD_MAX_LEN);
static_assert(CX4_MANAGE_PAGES_OFF_PAS + CX4_PAGES_PER_EVENT * CX4_PAS_SIZE <=
	      CX4_CMD_MAX_LEN);

/* --- bookkeeping (no device access) ------------------------------------ */

void cx4_pages_init(struct cx4_pages *pages)
{
	mutex_init(&pages->lock);
	xa_init(&pages->tree);
	pages->npages = 0;
	pages->bad_returns = 0;
	spin_lock_init(&pages->ev_lock);
	pages->ev_on = false;
	pages->request = 0;
	atomic_set(&pages->events, 0);
	atomic_set(&pages->alloc_fails, 0);
	atomic_set(&pages->fail_next, 0);
}

/* Every page must have been reclaimed or released by now. */
void cx4_pages_destroy(struct cx4_pages *pages)
{
	WARN(pages->npages, "cx4: %u firmware pages still outstanding\n",
	     pages->npages);
	xa_destroy(&pages->tree);
	mutex_destroy(&pages->lock);
}

static bool cx4_pages_addr_ok(u64 dma)
{
	return !(dma & (CX4_PAGE_SIZE - 1)) &&
	       (dma >> CX4_PAGE_SHIFT) <= ULONG_MAX;
}

/* Record @page at @dma: -EINVAL for a bad address, -EEXIST if present. */
int cx4_pages_track_locked(struct cx4_pages *pages, u64 dma,
			   struct page *page)
{
	int err;

	lockdep_assert_held(&pages->lock);
	if (!cx4_pages_addr_ok(dma))
		return -EINVAL;
	err = xa_insert(&pages->tree, dma >> CX4_PAGE_SHIFT, page, GFP_KERNEL);
	if (err == -EBUSY)
		return -EEXIST;
	if (err)
		return err;
	pages->npages++;
	return 0;
}

struct page *cx4_pages_lookup_locked(struct cx4_pages *pages, u64 dma)
{
	lockdep_assert_held(&pages->lock);
	if (!cx4_pages_addr_ok(dma))
		return NULL;
	return xa_load(&pages->tree, dma >> CX4_PAGE_SHIFT);
}

/*
 * Forget the page at @dma and return it; NULL (counted in bad_returns) if
 * no page was given at that address.
 */
struct page *cx4_pages_untrack_locked(struct cx4_pages *pages, u64 dma)
{
	struct page *page = NULL;

	lockdep_assert_held(&pages->lock);
	if (cx4_pages_addr_ok(dma))
		page = xa_erase(&pages->tree, dma >> CX4_PAGE_SHIFT);
	if (!page) {
		pages->bad_returns++;
		return NULL;
	}
	pages->npages--;
	return page;
}

/* Is a QUERY_PAGES request for @num more pages believable? */
int cx4_pages_check_request(const struct cx4_pages *pages, s32 num)
{
	if (num <= 0)
		return 0;
	if ((u32)num > CX4_PAGES_MAX - pages->npages)
		return -ERANGE;
	return 0;
}

/*
 * Pages the device may hold at most: a quarter of RAM (and CX4_PAGES_MAX).
 * A request beyond that is answered ALLOCATION_FAIL rather than letting
 * the device starve the host (real firmware asks for tens of MB).
 */
static bool cx4_pages_over_ram(const struct cx4_pages *pages, s32 num)
{
	u64 ram = (u64)totalram_pages() << (PAGE_SHIFT - CX4_PAGE_SHIFT);

	return num > 0 && pages->npages + (u64)num > ram / 4;
}

/*
 * A page request event's @num (signed: < 0 asks for pages back) on top
 * of the requests not answered yet (@pending): they add up, the PRM's
 * num_pages being what is missing or unneeded at the time of each event.
 * Saturates at CX4_PAGES_MAX + 1 (refused by cx4_pages_check_request())
 * and -CX4_PAGES_MAX (more than the device can hold), so no sequence of
 * events overflows.
 */
s32 cx4_pages_request_add(s32 pending, s32 num)
{
	s64 sum = (s64)pending + num;

	return clamp_t(s64, sum, -(s64)CX4_PAGES_MAX, (s64)CX4_PAGES_MAX + 1);
}

/* --- one page ------------------------------------------------------------ */

/* debugfs fault injection: fail the next fail_next page allocations. */
static bool cx4_pages_inject_fail(struct cx4_pages *pages)
{
	return atomic_add_unless(&pages->fail_next, -1, 0);
}

static int cx4_pages_alloc_one_locked(struct cx4_core *core, u64 *dma_out)
{
	struct page *page;
	dma_addr_t dma;
	int err;

	if (cx4_pages_inject_fail(&core->pages))
		return -ENOMEM;
	/* Fail rather than wake the OOM killer: ALLOCATION_FAIL is an answer. */
	page = alloc_page(GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN);
	if (!page)
		return -ENOMEM;
	dma = dma_map_page(core->dev, page, 0, CX4_PAGE_SIZE,
			   DMA_BIDIRECTIONAL);
	if (dma_mapping_error(core->dev, dma)) {
		err = -ENOMEM;
		goto err_free_page;
	}
	err = cx4_pages_track_locked(&core->pages, dma, page);
	if (err)
		goto err_unmap;
	*dma_out = dma;
	return 0;

err_unmap:
	dma_unmap_page(core->dev, dma, CX4_PAGE_SIZE, DMA_BIDIRECTIONAL);
err_free_page:
	__free_page(page);
	return err;
}

static void cx4_pages_unmap_free(struct cx4_core *core, u64 dma,
				 struct page *page)
{
	dma_unmap_page(core->dev, dma, CX4_PAGE_SIZE, DMA_BIDIRECTIONAL);
	__free_page(page);
}

/* Free a page the device gave back; unknown addresses are only counted. */
static void cx4_pages_free_one_locked(struct cx4_core *core, u64 dma)
{
	struct page *page = cx4_pages_untrack_locked(&core->pages, dma);

	if (!page) {
		cx4_err_rl(core,
			   "device returned page 0x%llx it was never given (%u so far)\n",
			   dma, core->pages.bad_returns);
		return;
	}
	cx4_pages_unmap_free(core, dma, page);
}

/* --- commands -------------------------------------------------------------- */

static int cx4_pages_query(struct cx4_core *core, u16 op_mod, s32 *num)
{
	u8 out[CX4_QUERY_PAGES_OUT_SIZE] = {};
	u8 in[CX4_QUERY_PAGES_IN_SIZE] = {};
	int err;

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_QUERY_PAGES);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	err = cx4_cmd(core, in, out);
	if (err)
		return err;
	*num = (s32)CX4_GET(QUERY_PAGES_OUT, out, NUM_PAGES);
	return 0;
}

/* Tell the device that the pages it needs cannot be given (op_mod 0). */
static void cx4_pages_give_fail(struct cx4_core *core)
{
	u8 out[CX4_MANAGE_PAGES_OFF_PAS] = {};
	u8 in[CX4_MANAGE_PAGES_OFF_PAS] = {};

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MANAGE_PAGES);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_MANAGE_PAGES_ALLOC_FAIL);
	cx4_cmd(core, in, out);
}

static void cx4_pages_free_pas_locked(struct cx4_core *core, const u8 *pas,
				      u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		cx4_pages_free_one_locked(core,
					  CX4_GET64(PAS, pas + i * CX4_PAS_SIZE,
						    PA));
}

/* Allocate @n pages and give them with one MANAGE_PAGES. */
static int cx4_pages_give_batch_locked(struct cx4_core *core, u32 n)
{
	u8 out[CX4_MANAGE_PAGES_OFF_PAS] = {};
	size_t len = cx4_manage_pages_size(n);
	u8 *in, *pas;
	u32 i;
	int err;

	lockdep_assert_held(&core->pages.lock);
	in = kvzalloc(len, GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	pas = CX4_ADDR(MANAGE_PAGES_IN, in, PAS);
	for (i = 0; i < n; i++) {
		u64 dma;

		err = cx4_pages_alloc_one_locked(core, &dma);
		if (err) {
			cx4_pages_free_pas_locked(core, pas, i);
			atomic_inc(&core->pages.alloc_fails);
			cx4_warn_rl(core,
				    "cannot allocate %u pages for the device (%d): reporting ALLOCATION_FAIL\n",
				    n, err);
			cx4_pages_give_fail(core);
			goto out;
		}
		CX4_SET64(PAS, pas + i * CX4_PAS_SIZE, PA, dma);
	}

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MANAGE_PAGES);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_MANAGE_PAGES_ALLOC_SUCCESS);
	CX4_SET(MANAGE_PAGES_IN, in, NUM_ENTRIES, n);
	err = cx4_cmd_exec(core, in, len, out, sizeof(out));
	/*
	 * After a timeout the device may be using the pages: they stay
	 * recorded and are released once the function was reset.
	 */
	if (err && err != -ETIMEDOUT)
		cx4_pages_free_pas_locked(core, pas, n);
out:
	kvfree(in);
	return err;
}

/* Ask the device for up to @n pages back; *@got is how many it returned. */
static int cx4_pages_take_batch_locked(struct cx4_core *core, u32 n, u32 *got)
{
	u8 in[CX4_MANAGE_PAGES_OFF_PAS] = {};
	size_t len = cx4_manage_pages_size(n);
	u32 cnt;
	u8 *out;
	int err;

	lockdep_assert_held(&core->pages.lock);
	out = kvzalloc(len, GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_MANAGE_PAGES);
	CX4_SET(CMD_IN, in, OP_MOD, CX4_MANAGE_PAGES_RETURN);
	CX4_SET(MANAGE_PAGES_IN, in, NUM_ENTRIES, n);
	err = cx4_cmd_exec(core, in, sizeof(in), out, len);
	if (err)
		goto out;

	cnt = CX4_GET(MANAGE_PAGES_OUT, out, NUM_ENTRIES);
	if (cnt > n) {
		core->pages.bad_returns++;
		cx4_err_rl(core,
			   "MANAGE_PAGES returned %u pages, %u requested\n",
			   cnt, n);
		err = -EIO;
		goto out;
	}
	/* pa_l bits 11:0 are reserved (Table 139): ignore them. */
	for (*got = 0; *got < cnt; (*got)++) {
		u8 *pas = CX4_ADDR(MANAGE_PAGES_OUT, out, PAS) +
			  *got * CX4_PAS_SIZE;

		cx4_pages_free_one_locked(core, CX4_GET64(PAS, pas, PA) &
					  ~(u64)CX4_MAX(PAS, RSVD));
	}
out:
	kvfree(out);
	return err;
}

/*
 * QUERY_PAGES(@op_mod) and give what the device asks for (start-up: boot
 * and init pages).  A negative count (pages to reclaim) is left alone here.
 */
int cx4_pages_satisfy(struct cx4_core *core, u16 op_mod)
{
	struct cx4_pages *pages = &core->pages;
	u32 left, n;
	s32 num;
	int err;

	err = cx4_pages_query(core, op_mod, &num);
	if (err)
		return err;
	if (num <= 0)
		return 0;

	mutex_lock(&pages->lock);
	err = cx4_pages_check_request(pages, num);
	if (!err && cx4_pages_over_ram(pages, num))
		err = -ENOMEM;
	if (err) {
		dev_err(core->dev,
			"device asks for %d pages with %u given, not believed\n",
			num, pages->npages);
		goto out;
	}
	for (left = num; left && !err; left -= n) {
		n = min_t(u32, left, CX4_PAGES_PER_CMD);
		err = cx4_pages_give_batch_locked(core, n);
	}
out:
	mutex_unlock(&pages->lock);
	return err;
}

/*
 * Take every recorded page back (PRM 8.3, after TEARDOWN_HCA).  Bounded:
 * gives up when the device returns nothing or after as many rounds as the
 * recorded pages need plus a few.  Returns -EIO if pages remain.
 */
int cx4_pages_reclaim_all(struct cx4_core *core)
{
	struct cx4_pages *pages = &core->pages;
	u32 rounds, got;
	int err = 0;

	mutex_lock(&pages->lock);
	rounds = DIV_ROUND_UP(pages->npages, CX4_PAGES_PER_CMD) +
		 CX4_PAGES_RECLAIM_SLACK;
	while (pages->npages && rounds--) {
		got = 0;
		err = cx4_pages_take_batch_locked(core,
						  min_t(u32, pages->npages,
							CX4_PAGES_PER_CMD),
						  &got);
		if (err || !got)
			break;
	}
	if (pages->npages) {
		dev_err(core->dev, "device kept %u pages\n", pages->npages);
		err = err ?: -EIO;
	}
	mutex_unlock(&pages->lock);
	return err;
}

/*
 * Free every recorded page without asking the device: only after the
 * function was reset, or never given (probe unwinding before any give).
 * With core->dma_unsafe the pages are leaked instead.
 */
void cx4_pages_release_all(struct cx4_core *core)
{
	struct cx4_pages *pages = &core->pages;
	struct page *page;
	unsigned long idx;

	mutex_lock(&pages->lock);
	if (pages->npages && core->dma_unsafe)
		dev_err(core->dev, "leaking %u pages of a hung device\n",
			pages->npages);
	xa_for_each(&pages->tree, idx, page) {
		u64 dma = (u64)idx << CX4_PAGE_SHIFT;

		xa_erase(&pages->tree, idx);
		if (!core->dma_unsafe)
			cx4_pages_unmap_free(core, dma, page);
	}
	pages->npages = 0;
	mutex_unlock(&pages->lock);
}

/* --- page request events ---------------------------------------------------- */

/* Take the requests summed so far (0 once taken). */
static s32 cx4_pages_take_request(struct cx4_pages *pages)
{
	unsigned long flags;
	s32 num;

	spin_lock_irqsave(&pages->ev_lock, flags);
	num = pages->request;
	pages->request = 0;
	spin_unlock_irqrestore(&pages->ev_lock, flags);
	return num;
}

/*
 * One MANAGE_PAGES of an answer: give @n pages, or ask for up to @n back
 * (*@got: how many came).  pages->lock is held for this batch only, so
 * that a large answer does not keep teardown and other users waiting.
 */
static int cx4_pages_answer_batch(struct cx4_core *core, bool give, u32 n,
				  u32 *got)
{
	struct cx4_pages *pages = &core->pages;
	int err = 0;

	mutex_lock(&pages->lock);
	*got = n;
	if (give)
		err = cx4_pages_give_batch_locked(core, n);
	else if (!pages->npages)
		*got = 0;	/* nothing left to take back */
	else
		err = cx4_pages_take_batch_locked(core, min(n, pages->npages),
						  got);
	mutex_unlock(&pages->lock);
	return err;
}

/*
 * Answer the requests summed since the last run: give up to
 * CX4_PAGES_PER_EVENT pages per MANAGE_PAGES, or take back as many.  A
 * reclaim asks for no more than requested and than the device holds,
 * and stops after as many commands as that needs plus a few, or when
 * the device returns nothing.
 */
static void cx4_pages_work(struct work_struct *work)
{
	struct cx4_pages *pages = container_of(work, struct cx4_pages, work);
	struct cx4_core *core = container_of(pages, struct cx4_core, pages);
	s32 num = cx4_pages_take_request(pages);
	u32 left = num < 0 ? -(s64)num : num;
	u32 rounds;
	int err = 0;

	if (!num)
		return;
	if (num > 0) {
		mutex_lock(&pages->lock);
		err = cx4_pages_check_request(pages, num);
		if (!err && cx4_pages_over_ram(pages, num))
			err = -ENOMEM;
		if (err) {
			cx4_err_rl(core,
				   "device asks for %d pages with %u given, not believed\n",
				   num, pages->npages);
			cx4_pages_give_fail(core);
		}
		mutex_unlock(&pages->lock);
		if (err)
			return;
	}
	rounds = DIV_ROUND_UP(left, CX4_PAGES_PER_EVENT) +
		 CX4_PAGES_RECLAIM_SLACK;
	while (left && rounds--) {
		u32 got;

		err = cx4_pages_answer_batch(core, num > 0,
					     min_t(u32, left,
						   CX4_PAGES_PER_EVENT),
					     &got);
		if (err || !got)
			break;	/* failed, or nothing more to return */
		left -= min(got, left);
		cond_resched();
	}
	if (err)
		cx4_err_rl(core,
			   "page request for %d pages failed: %d\n",
			   num, err);
}

/* From the control EQ's handler: the device wants @num pages (< 0: fewer). */
void cx4_pages_request(struct cx4_core *core, s32 num)
{
	struct cx4_pages *pages = &core->pages;
	unsigned long flags;

	atomic_inc(&pages->events);
	spin_lock_irqsave(&pages->ev_lock, flags);
	pages->request = cx4_pages_request_add(pages->request, num);
	if (pages->ev_on)
		queue_work(pages->wq, &pages->work);
	spin_unlock_irqrestore(&pages->ev_lock, flags);
}

static void cx4_pages_events_enable(struct cx4_core *core)
{
	struct cx4_pages *pages = &core->pages;

	spin_lock_irq(&pages->ev_lock);
	pages->ev_on = true;
	spin_unlock_irq(&pages->ev_lock);
}

/* No work is queued after this returns, and none is running. */
static void cx4_pages_events_disable(struct cx4_core *core)
{
	struct cx4_pages *pages = &core->pages;

	spin_lock_irq(&pages->ev_lock);
	pages->ev_on = false;
	spin_unlock_irq(&pages->ev_lock);
	flush_work(&pages->work);
}

/* Page request EQEs (eq.c). */
static bool cx4_pages_event(struct cx4_eq *eq, const void *eqe)
{
	cx4_pages_request(eq->core, (s32)CX4_GET(EQE, eqe, PAGES_NUM_PAGES));
	return true;
}

static const struct cx4_eq_sub cx4_pages_eq_sub = {
	.event = cx4_pages_event,
	.start = cx4_pages_events_enable,
	.stop = cx4_pages_events_disable,
};

/* At probe: the work queue serving page requests, and their subscription. */
int cx4_pages_wq_create(struct cx4_core *core)
{
	struct cx4_pages *pages = &core->pages;

	cx4_eq_subscribe(core, CX4_EVENT_PAGE_REQUEST, &cx4_pages_eq_sub);

	INIT_WORK(&pages->work, cx4_pages_work);
	pages->wq = alloc_ordered_workqueue("cx4-pages-%s", WQ_MEM_RECLAIM,
					    pci_name(core->pdev));
	return pages->wq ? 0 : -ENOMEM;
}

void cx4_pages_wq_destroy(struct cx4_core *core)
{
	destroy_workqueue(core->pages.wq);
	core->pages.wq = NULL;
}

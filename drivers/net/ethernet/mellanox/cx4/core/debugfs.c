// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 debugfs hooks, for the VM tests: /sys/kernel/debug/cx4/<bdf>/
 *
 *   stats      (r)  command interface, EQ, page and health counters,
 *                   one "name value" per line
 *   gen_eqe    (w)  "EQ [TYPE ARG]": GEN_EQE on EQ (0 = the control EQ,
 *                   1.. = completion EQs) an EQE of event TYPE carrying
 *                   ARG (CQ number, port | sub-type << 8, command
 *                   vector or num_pages);
 *                   without TYPE a valid one: a port 1 state change on
 *                   the control EQ, a completion for CQ 0 on the others
 *   nop_storm  (w)  N: issue N NOP commands from work items spread over
 *                   every online CPU, wait for all; fails if any failed
 *   page_alloc_fail (w) N: the next N page allocations for the device
 *                   fail (ALLOCATION_FAIL path)
 *   cq         (rw) one test CQ through the core CQ API; write
 *                   "create VECTOR LOG_SIZE [USECS FRAMES]", "arm",
 *                   "poll" (consume every CQE software owns, update the
 *                   doorbell record), "moderate USECS FRAMES", "destroy";
 *                   read: cqn, callback counts, CQEs consumed
 *   fail_tx_map (rw) en/'s (main.c): N > 0, the Nth frame handed to
 *                   ndo_start_xmit from now fails its DMA mapping
 *
 * Removal waits for a running write (debugfs file references); the hooks
 * that use the function hold core->up_lock and fail with -EAGAIN while it
 * is down, so they never race with a health recovery either.  stats
 * shows the health and recovery counters always, the rest while up.
 */

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "core.h"

/* Work items per online CPU in a NOP storm (more than the queue's slots). */
#define CX4_STORM_PER_CPU	24
#define CX4_STORM_MAX		100000

static struct dentry *cx4_debugfs_root;

static int cx4_debugfs_stats_show(struct seq_file *m, void *unused)
{
	struct cx4_core *core = m->private;
	struct cx4_cmdq_stats *cs = &core->cmdq.stats;
	struct cx4_eqs *eqs = &core->eqs;
	struct cx4_health *h = &core->health;
	u64 n;
	u32 i;

	seq_printf(m, "up %d\n", READ_ONCE(core->up));
	seq_printf(m, "health_fatal %d\n", READ_ONCE(h->fatal));
	seq_printf(m, "health_fatal_events %u\n", READ_ONCE(h->fatal_events));
	seq_printf(m, "health_recoveries %u\n", READ_ONCE(h->recoveries));
	seq_printf(m, "health_attempts %u\n", READ_ONCE(h->attempts));
	seq_printf(m, "health_fails %u\n", READ_ONCE(h->fails));
	seq_printf(m, "health_gave_up %d\n", READ_ONCE(h->gave_up));
	if (mutex_lock_interruptible(&core->up_lock))
		return -EINTR;
	if (!core->up) {
		mutex_unlock(&core->up_lock);
		return 0;
	}
	seq_printf(m, "cmd_events %d\n", atomic_read(&cs->events));
	seq_printf(m, "cmd_lost_events %d\n", atomic_read(&cs->lost_events));
	seq_printf(m, "cmd_spurious %d\n", atomic_read(&cs->spurious));
	seq_printf(m, "cmd_bad_vector %d\n", atomic_read(&cs->bad_vector));
	seq_printf(m, "cmd_event_mode %d\n", READ_ONCE(core->cmdq.use_events));
	seq_printf(m, "bad_eqes %d\n", atomic_read(&eqs->bad_eqes));
	seq_printf(m, "port_events %d\n", atomic_read(&eqs->port_events));
	seq_printf(m, "comp_no_cq %d\n", atomic_read(&core->cqs.unknown_comp));
	seq_printf(m, "cq_err_no_cq %d\n", atomic_read(&core->cqs.unknown_err));
	seq_printf(m, "cq_wrong_eq %d\n", atomic_read(&core->cqs.wrong_eq));
	seq_printf(m, "cq_comp_events %llu\n", cx4_cqs_comp_events(&core->cqs));
	seq_printf(m, "cq_err_events %d\n", atomic_read(&core->cqs.err_events));
	seq_printf(m, "cq_kicks %d\n", atomic_read(&core->cqs.kicks));
	seq_printf(m, "port_link_downs %d\n",
		   atomic_read(&core->port.link_downs));
	seq_printf(m, "port_link_ups %d\n", atomic_read(&core->port.link_ups));
	seq_printf(m, "port_other_events %d\n",
		   atomic_read(&core->port.other_events));
	seq_printf(m, "port_requeries %d\n",
		   atomic_read(&core->port.requeries));
	seq_printf(m, "link_up %d\n", cx4_core_link_up(core));
	seq_printf(m, "eq_ctrl %llu\n", READ_ONCE(eqs->ctrl.events));
	for (i = 0; i < eqs->ncomp; i++)
		seq_printf(m, "eq_comp%u %llu\n", i,
			   READ_ONCE(eqs->comp[i].events));
	for (n = 0, i = 0; i < eqs->ncomp; i++)
		n += READ_ONCE(eqs->comp[i].spurious);
	seq_printf(m, "spurious_comp_irqs %llu\n", n);
	mutex_lock(&core->pages.lock);
	seq_printf(m, "pages %u\n", core->pages.npages);
	seq_printf(m, "pages_bad_returns %u\n", core->pages.bad_returns);
	mutex_unlock(&core->pages.lock);
	seq_printf(m, "page_events %d\n", atomic_read(&core->pages.events));
	seq_printf(m, "page_alloc_fails %d\n",
		   atomic_read(&core->pages.alloc_fails));
	mutex_unlock(&core->up_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(cx4_debugfs_stats);

/*
 * Hooks that use the function hold core->up_lock, so that a recovery
 * does not take it down under them: 0 with the lock held, -EAGAIN when
 * the function is down (a recovery failed or is under way).
 */
static int cx4_debugfs_lock_up(struct cx4_core *core)
{
	if (mutex_lock_interruptible(&core->up_lock))
		return -EINTR;
	if (core->up)
		return 0;
	mutex_unlock(&core->up_lock);
	return -EAGAIN;
}

static int cx4_debugfs_read_u32(const char __user *ubuf, size_t count,
				u32 *val)
{
	return kstrtou32_from_user(ubuf, count, 0, val);
}

static ssize_t cx4_debugfs_gen_eqe_write(struct file *file,
					 const char __user *ubuf,
					 size_t count, loff_t *ppos)
{
	struct cx4_core *core = file->private_data;
	int index, type, arg;
	char buf[48];
	int err, n;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	n = sscanf(buf, "%i %i %i", &index, &type, &arg);
	if (n == 1) {
		type = index ? CX4_EVENT_COMPLETION :
			       CX4_EVENT_PORT_STATE_CHANGE;
		arg = index ? 0 : 1;
	} else if (n != 3) {
		return -EINVAL;
	}
	if (index < 0 || type < 0)
		return -EINVAL;
	err = cx4_debugfs_lock_up(core);
	if (err)
		return err;
	err = cx4_eq_gen_eqe(core, index, type, (u32)arg);
	mutex_unlock(&core->up_lock);
	return err ? err : count;
}

static const struct file_operations cx4_debugfs_gen_eqe_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= cx4_debugfs_gen_eqe_write,
	.llseek	= noop_llseek,
};

struct cx4_storm_item {
	struct work_struct work;
	struct cx4_core *core;
	u32 count;
	atomic_t *failed;
};

static void cx4_storm_work(struct work_struct *work)
{
	struct cx4_storm_item *it = container_of(work, struct cx4_storm_item,
						 work);
	u32 i;

	for (i = 0; i < it->count; i++)
		if (cx4_hca_nop(it->core))
			atomic_inc(it->failed);
}

/* @n NOPs over CX4_STORM_PER_CPU work items on each online CPU. */
static int cx4_debugfs_nop_storm(struct cx4_core *core, u32 n)
{
	u32 nitems = num_online_cpus() * CX4_STORM_PER_CPU;
	struct cx4_storm_item *items;
	atomic_t failed = ATOMIC_INIT(0);
	u32 i = 0, cpu;

	items = kcalloc(nitems, sizeof(*items), GFP_KERNEL);
	if (!items)
		return -ENOMEM;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		u32 k;

		for (k = 0; k < CX4_STORM_PER_CPU && i < nitems; k++, i++) {
			struct cx4_storm_item *it = &items[i];

			INIT_WORK(&it->work, cx4_storm_work);
			it->core = core;
			it->failed = &failed;
			it->count = n / nitems + (i < n % nitems);
			queue_work_on(cpu, system_wq, &it->work);
		}
	}
	cpus_read_unlock();
	nitems = i;
	for (i = 0; i < nitems; i++)
		flush_work(&items[i].work);
	kfree(items);
	if (atomic_read(&failed)) {
		dev_err(core->dev, "nop_storm: %d of %u NOPs failed\n",
			atomic_read(&failed), n);
		return -EIO;
	}
	return 0;
}

static ssize_t cx4_debugfs_nop_storm_write(struct file *file,
					   const char __user *ubuf,
					   size_t count, loff_t *ppos)
{
	struct cx4_core *core = file->private_data;
	u32 n;
	int err;

	err = cx4_debugfs_read_u32(ubuf, count, &n);
	if (err)
		return err;
	if (n > CX4_STORM_MAX)
		return -EINVAL;
	err = cx4_debugfs_lock_up(core);
	if (err)
		return err;
	err = cx4_debugfs_nop_storm(core, n);
	mutex_unlock(&core->up_lock);
	return err ? err : count;
}

static const struct file_operations cx4_debugfs_nop_storm_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= cx4_debugfs_nop_storm_write,
	.llseek	= noop_llseek,
};

static ssize_t cx4_debugfs_page_fail_write(struct file *file,
					   const char __user *ubuf,
					   size_t count, loff_t *ppos)
{
	struct cx4_core *core = file->private_data;
	u32 n;
	int err;

	err = cx4_debugfs_read_u32(ubuf, count, &n);
	if (err)
		return err;
	atomic_set(&core->pages.fail_next, min_t(u32, n, INT_MAX));
	return count;
}

static const struct file_operations cx4_debugfs_page_fail_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= cx4_debugfs_page_fail_write,
	.llseek	= noop_llseek,
};

/* --- cq: a test CQ through the core API -------------------------------- */

static void cx4_test_cq_comp(struct cx4_cq *cq, void *ctx)
{
	struct cx4_test_cq *t = ctx;

	atomic_inc(&t->comps);
}

static void cx4_test_cq_error(struct cx4_cq *cq, void *ctx, u8 syndrome)
{
	struct cx4_test_cq *t = ctx;

	atomic_set(&t->syndrome, syndrome);
	atomic_inc(&t->errors);
}

static int cx4_test_cq_create_locked(struct cx4_core *core, u32 vector,
				     u32 log, u32 usecs, u32 frames)
{
	struct cx4_test_cq *t = &core->test_cq;
	struct cx4_cq_attr attr = {
		.vector = vector,
		.log_cqe_cnt = log,
		.moder_usecs = usecs,
		.moder_frames = frames,
		.comp = cx4_test_cq_comp,
		.error = cx4_test_cq_error,
		.ctx = t,
	};
	struct cx4_cq *cq;

	lockdep_assert_held(&t->lock);
	if (t->cq)
		return -EBUSY;
	if (log > 0xff || usecs > 0xffff || frames > 0xffff)
		return -EINVAL;
	cq = cx4_cq_create(core, &attr);
	if (IS_ERR(cq))
		return PTR_ERR(cq);
	t->cq = cq;
	atomic_set(&t->comps, 0);
	atomic_set(&t->errors, 0);
	atomic_set(&t->syndrome, 0);
	t->polled = 0;
	t->last_wqe = 0;
	return 0;
}

static void cx4_test_cq_destroy_locked(struct cx4_core *core)
{
	struct cx4_test_cq *t = &core->test_cq;

	lockdep_assert_held(&t->lock);
	if (!t->cq)
		return;
	cx4_cq_destroy(t->cq);
	t->cq = NULL;
}

static void cx4_test_cq_poll_locked(struct cx4_test_cq *t)
{
	const void *cqe;

	lockdep_assert_held(&t->lock);
	while ((cqe = cx4_cq_peek(t->cq))) {
		t->last_wqe = CX4_GET(CQE, cqe, WQE_COUNTER);
		t->polled++;
		cx4_cq_pop(t->cq);
	}
	cx4_cq_update_ci(t->cq);
}

static int cx4_test_cq_cmd(struct cx4_core *core, char *buf)
{
	struct cx4_test_cq *t = &core->test_cq;
	u32 a[4] = {};
	char op[12];
	int n, err = 0;

	n = sscanf(buf, "%11s %u %u %u %u", op, &a[0], &a[1], &a[2], &a[3]);
	if (n < 1)
		return -EINVAL;
	mutex_lock(&t->lock);
	if (!strcmp(op, "create") && (n == 3 || n == 5)) {
		err = cx4_test_cq_create_locked(core, a[0], a[1], a[2], a[3]);
	} else if (!strcmp(op, "destroy") && n == 1) {
		cx4_test_cq_destroy_locked(core);
	} else if (!t->cq) {
		err = -ENOENT;
	} else if (!strcmp(op, "arm") && n == 1) {
		cx4_cq_arm(t->cq);
	} else if (!strcmp(op, "poll") && n == 1) {
		cx4_test_cq_poll_locked(t);
	} else if (!strcmp(op, "moderate") && n == 3) {
		err = a[0] > 0xffff || a[1] > 0xffff ? -EINVAL :
		      cx4_cq_moderate(t->cq, a[0], a[1]);
	} else {
		err = -EINVAL;
	}
	mutex_unlock(&t->lock);
	return err;
}

static ssize_t cx4_debugfs_cq_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct cx4_core *core = file_inode(file)->i_private;
	char buf[64];
	int err;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	err = cx4_debugfs_lock_up(core);
	if (err)
		return err;
	err = cx4_test_cq_cmd(core, buf);
	mutex_unlock(&core->up_lock);
	return err ? err : count;
}

static int cx4_debugfs_cq_show(struct seq_file *m, void *unused)
{
	struct cx4_core *core = m->private;
	struct cx4_test_cq *t = &core->test_cq;

	mutex_lock(&t->lock);
	seq_printf(m, "cqn %d\n", t->cq ? (int)cx4_cq_cqn(t->cq) : -1);
	seq_printf(m, "comp %d\n", atomic_read(&t->comps));
	seq_printf(m, "errors %d\n", atomic_read(&t->errors));
	seq_printf(m, "syndrome %d\n", atomic_read(&t->syndrome));
	seq_printf(m, "polled %u\n", t->polled);
	seq_printf(m, "last_wqe %u\n", t->last_wqe);
	seq_printf(m, "ready %d\n", t->cq && cx4_cq_peek(t->cq) ? 1 : 0);
	mutex_unlock(&t->lock);
	return 0;
}

static int cx4_debugfs_cq_open(struct inode *inode, struct file *file)
{
	return single_open(file, cx4_debugfs_cq_show, inode->i_private);
}

static const struct file_operations cx4_debugfs_cq_fops = {
	.owner		= THIS_MODULE,
	.open		= cx4_debugfs_cq_open,
	.read		= seq_read,
	.write		= cx4_debugfs_cq_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* The cx4/ directory, at module load and unload. */
void cx4_debugfs_init(void)
{
	cx4_debugfs_root = debugfs_create_dir(KBUILD_MODNAME, NULL);
}

void cx4_debugfs_exit(void)
{
	debugfs_remove_recursive(cx4_debugfs_root);
	cx4_debugfs_root = NULL;
}

void cx4_debugfs_create(struct cx4_core *core)
{
	struct dentry *d;

	d = debugfs_create_dir(pci_name(core->pdev), cx4_debugfs_root);
	core->debugfs = d;
	debugfs_create_file("stats", 0400, d, core, &cx4_debugfs_stats_fops);
	debugfs_create_file("gen_eqe", 0200, d, core, &cx4_debugfs_gen_eqe_fops);
	debugfs_create_file("nop_storm", 0200, d, core,
			    &cx4_debugfs_nop_storm_fops);
	debugfs_create_file("page_alloc_fail", 0200, d, core,
			    &cx4_debugfs_page_fail_fops);
	debugfs_create_file("cq", 0600, d, core, &cx4_debugfs_cq_fops);
}

struct dentry *cx4_core_debugfs(const struct cx4_core *core)
{
	return core->debugfs;
}

void cx4_debugfs_destroy(struct cx4_core *core)
{
	debugfs_remove_recursive(core->debugfs);
	core->debugfs = NULL;
}

/* Before the function goes down (core->up_lock held): drop the test CQ. */
void cx4_debugfs_drop_cq(struct cx4_core *core)
{
	lockdep_assert_held(&core->up_lock);
	mutex_lock(&core->test_cq.lock);
	cx4_test_cq_destroy_locked(core);
	mutex_unlock(&core->test_cq.lock);
}

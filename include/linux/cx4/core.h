/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 core API: what the Ethernet part (en/) uses of the core.
 *
 * The core owns the PCI function, the command interface and the firmware
 * pages; it brings the HCA up to INIT_HCA at probe.  Everything else is
 * done by issuing commands through cx4_cmd().
 */
#ifndef _LINUX_CX4_CORE_H
#define _LINUX_CX4_CORE_H

#include <linux/auxiliary_bus.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/if_ether.h>
#include <linux/list.h>
#include <linux/types.h>
#include <linux/cx4/prm_cmd.h>

struct cx4_core;
struct dentry;
struct device;
struct devlink_port;
struct notifier_block;

struct cx4_fw_version {
	u16 major;
	u16 minor;
	u16 subminor;
};

/**
 * cx4_cmd_exec() - execute one command and wait for its completion
 * @core: the device
 * @in: command input, laid out as the PRM input structure (big-endian)
 * @in_len: length of @in in bytes
 * @out: buffer for the command output
 * @out_len: length of @out in bytes (the output length given to the device)
 *
 * Sleeps.  A failure is logged with the command name, op_mod, status and
 * syndrome.  @out holds the output header (status, syndrome) even when the
 * command failed.
 *
 * Return: 0, the errno mapped from the command status, -EIO for a
 * delivery error or once the device is considered hung, -ETIMEDOUT if the
 * device did not complete the command in time or before it was declared
 * dead (the command interface then stops).
 */
int cx4_cmd_exec(struct cx4_core *core, const void *in, size_t in_len,
		 void *out, size_t out_len);

/*
 * The usual way to call cx4_cmd_exec(): @in and @out are u8 arrays sized
 * from the layout, e.g. u8 in[CX4_QUERY_PAGES_IN_SIZE] = {};
 */
#define cx4_cmd(core, in, out)						\
	cx4_cmd_exec(core, in, sizeof(in) + __must_be_array(in),	\
		     out, sizeof(out) + __must_be_array(out))

struct device *cx4_core_dev(const struct cx4_core *core);
/*
 * The function's devlink port (physical flavour), for the netdev to link
 * to; NULL without devlink.  Registered from probe to remove.
 */
struct devlink_port *cx4_core_devlink_port(const struct cx4_core *core);
void cx4_core_fw_version(const struct cx4_core *core,
			 struct cx4_fw_version *ver);
/* The ISSI set at start-up (PRM 7.1). */
u16 cx4_core_issi(const struct cx4_core *core);

/* Protection domain and transport domain allocated at probe for en/. */
u32 cx4_core_pdn(const struct cx4_core *core);
u32 cx4_core_tdn(const struct cx4_core *core);
/* The core's UAR page (the uar_page of contexts using its doorbells). */
u32 cx4_core_uarn(const struct cx4_core *core);

/*
 * Completion vectors: one completion EQ each, spread over the CPUs.
 * cx4_core_comp_eqn() is the EQ number a CQ on @vector reports to,
 * cx4_core_comp_irq() its Linux IRQ; both -EINVAL for a bad @vector.
 */
u32 cx4_core_num_comp_vectors(const struct cx4_core *core);
int cx4_core_comp_eqn(const struct cx4_core *core, u32 vector);
int cx4_core_comp_irq(const struct cx4_core *core, u32 vector);

/*
 * Current capabilities of @type (CX4_CAP_GENERAL, CX4_CAP_ETH_OFFLOAD,
 * CX4_CAP_FLOW_TABLE), CX4_HCA_CAP_SIZE bytes to read with cx4_get(), or
 * NULL when the device does not advertise that capability type.
 */
const void *cx4_core_cap(const struct cx4_core *core,
			 enum cx4_hca_cap_type type);

/*
 * The NIC vport's permanent MAC address, read from the device at probe
 * (QUERY_NIC_VPORT_CONTEXT) and checked to be a unicast address.
 */
void cx4_core_perm_mac(const struct cx4_core *core, u8 mac[ETH_ALEN]);

/*
 * The link state: read at probe (QUERY_VPORT_STATE), then updated by port
 * state change events.  Lockless snapshot; may change right after.
 */
bool cx4_core_link_up(const struct cx4_core *core);

/* Actions passed to link notifiers; the data pointer is the core. */
enum cx4_link_event {
	CX4_LINK_EVENT_DOWN,
	CX4_LINK_EVENT_UP,
};

/**
 * cx4_core_register_link_notifier() - be told of link state changes
 * @core: the device
 * @nb: notifier; its callback gets CX4_LINK_EVENT_DOWN or _UP and @core
 *
 * The callback runs in hard interrupt context (the control EQ's handler),
 * once per change of the cached link state, in the order of the changes,
 * with no core lock held; it must not sleep.  Registration and
 * unregistration may sleep and take the chain's own lock; after
 * cx4_core_unregister_link_notifier() returns the callback is no longer
 * running.  Unregister before the core is removed.
 *
 * Return: 0 or a negative errno.
 */
int cx4_core_register_link_notifier(struct cx4_core *core,
				    struct notifier_block *nb);
int cx4_core_unregister_link_notifier(struct cx4_core *core,
				      struct notifier_block *nb);

/*
 * The protection key en/ puts in its data segments (lkey) and in the
 * contexts of its queues: an MKey covering all of memory in PA mode,
 * created by the core when the function is brought up.
 */
u32 cx4_core_lkey(const struct cx4_core *core);

/*
 * The core's UAR page, mapped: SQ doorbells and BlueFlame writes of en/
 * go through it (PRM 7.2).  Valid while the function is up.
 */
void __iomem *cx4_core_uar(const struct cx4_core *core);

/*
 * The function's debugfs directory (/sys/kernel/debug/cx4/<bdf>), for
 * en/'s test hooks; it exists while the Ethernet part is bound (an error
 * pointer or NULL without debugfs: debugfs_create_*() accept either).
 */
struct dentry *cx4_core_debugfs(const struct cx4_core *core);

/* --- Port registers (ACCESS_REGISTER, PRM 12.4.1; layouts prm_reg.h) --- */

/* Largest register cx4_core_access_reg() carries (PPCNT). */
#define CX4_CORE_REG_MAX_SIZE	0x100

/**
 * cx4_core_access_reg() - read or write one register of PRM chapter 11
 * @core: the device
 * @reg_id: register ID (enum cx4_reg_id)
 * @write: true for Set(), false for Query()
 * @data: the register's data, @size bytes, laid out as its PRM table
 * @size: the register's size: a multiple of 4, at most CX4_CORE_REG_MAX_SIZE
 *
 * For a read, @data carries only the register's index fields (local_port,
 * a group, ...; every other bit is reserved in a read and must be 0); on
 * success it holds the register as the device returned it, which the
 * caller validates like any device answer.  For a write, @data is the
 * register to write (RO fields are ignored by the device).  Sleeps.
 *
 * Return: 0, -EINVAL for a bad @size, -ENOMEM, or the command's errno
 * (cx4_cmd_exec()); on failure @data is unchanged.
 */
int cx4_core_access_reg(struct cx4_core *core, u16 reg_id, bool write,
			void *data, size_t size);

/*
 * The command interface answers: a NOP command (PRM 12.18.1) completes.
 * For self-tests.  Sleeps.  Return: 0 or cx4_cmd_exec()'s errno.
 */
int cx4_core_nop(struct cx4_core *core);

/*
 * The device interrupts: a NOP command completes by its completion event
 * on the control EQ (PRM 7.14.1), not found by polling.  For self-tests.
 * Sleeps.  Return: 0; -EOPNOTSUPP before the control EQ exists; -EIO
 * when the completion event did not arrive (or another command's event
 * was lost meanwhile); or cx4_cmd_exec()'s errno.
 */
int cx4_core_test_irq(struct cx4_core *core);

/* --- Internal timer (PRM 7.12.10) -------------------------------------- */

/*
 * The CQE timestamps' clock: its frequency in kHz, 0 if the device gives
 * none or one outside [CX4_TIMER_KHZ_MIN, CX4_TIMER_KHZ_MAX] (1 MHz to
 * 10 GHz); then there is no timer to use.
 */
#define CX4_TIMER_KHZ_MIN	1000
#define CX4_TIMER_KHZ_MAX	10000000
u32 cx4_core_timer_khz(const struct cx4_core *core);
/*
 * The 64-bit timer read from the initialization segment, halves read
 * race-free (7.12.10.2).  @sts (may be NULL) gets the system time just
 * before and after the read of the low half (PTP_SYS_OFFSET_EXTENDED).
 * Any context; three to nine MMIO reads.
 */
struct ptp_system_timestamp;
u64 cx4_core_read_timer(struct cx4_core *core,
			struct ptp_system_timestamp *sts);

/* --- Completion queues (PRM 7.12) -------------------------------------- */

struct cx4_cq;

/**
 * struct cx4_cq_attr - what cx4_cq_create() builds
 * @vector: completion vector (< cx4_core_num_comp_vectors())
 * @log_cqe_cnt: log2 of the number of 64-byte CQEs
 * @moder_usecs: cq_period (0: no time moderation)
 * @moder_frames: cq_max_count (0: no count moderation)
 * @moder_from_cqe: cq_period_mode upon_cqe (the period restarts at every
 *	completion, not at every event): only where
 *	HCA_CAP.cq_period_start_from_cqe is set (-EOPNOTSUPP otherwise)
 * @compress: CQE compression (cqe_compression_en, mini CQEs with the RX
 *	hash result): a receive CQ only, and only where HCA_CAP.cqe_compression
 *	is set (-EOPNOTSUPP otherwise); see cx4_cq_peek_at() (cq.h)
 * @comp: completion event for this CQ; hard interrupt context
 * @error: CQ error event (PRM Table 76 syndrome); hard interrupt context
 * @ctx: passed back to @comp and @error
 */
struct cx4_cq_attr {
	u32 vector;
	u8 log_cqe_cnt;
	u16 moder_usecs;
	u16 moder_frames;
	bool moder_from_cqe;
	bool compress;
	void (*comp)(struct cx4_cq *cq, void *ctx);
	void (*error)(struct cx4_cq *cq, void *ctx, u8 syndrome);
	void *ctx;
};

/*
 * cx4_cq_create() allocates the CQ buffer and doorbell record, creates
 * the CQ (CREATE_CQ) and registers it for event dispatch; the CQ starts
 * disarmed.  cx4_cq_destroy() destroys it (DESTROY_CQ); once it returns
 * no callback of the CQ is running or will run.  Both sleep.
 */
struct cx4_cq *cx4_cq_create(struct cx4_core *core,
			     const struct cx4_cq_attr *attr);
void cx4_cq_destroy(struct cx4_cq *cq);
u32 cx4_cq_cqn(const struct cx4_cq *cq);
/* MODIFY_CQ moderation (cq_period, cq_max_count).  Sleeps. */
int cx4_cq_moderate(struct cx4_cq *cq, u16 usecs, u16 frames);

/*
 * Polling is the hot-path API of include/linux/cx4/cq.h (cx4_cq_peek(),
 * cx4_cq_pop(), cx4_cq_update_ci(), and for CQE compression
 * cx4_cq_peek_at() and cx4_cq_pop_n(); inline), by one poller at a time
 * (NAPI).  cx4_cq_arm(), by that poller, requests an event for the next
 * completion (doorbell record and UAR doorbell with cmd_sn); it rings
 * nothing while the CQ is still armed with nothing consumed since.
 */
void cx4_cq_arm(struct cx4_cq *cq);

/*
 * DMA memory the device may still access: a queue whose DESTROY failed
 * (or could not be sent, the command interface being down) is still the
 * device's.  cx4_core_keep_dma() takes @keep (embedded in whatever holds
 * the memory, referring to nothing the caller frees) and makes the next
 * teardown of the function reset it; after the reset the core calls
 * @release (process context) to free the memory.  A function that could
 * not be reset leaks it.  Any context that may sleep.
 */
struct cx4_dma_keep {
	struct list_head node;
	void (*release)(struct cx4_dma_keep *keep);
};

void cx4_core_keep_dma(struct cx4_core *core, struct cx4_dma_keep *keep);

/*
 * cx4_core_request_recovery() - the function needs a reset
 * @core: the device
 *
 * For a part above the core that lost what only a reset of the function
 * brings back (en/: a queue it could not reset, then channels it could
 * not rebuild).  The core recovers as when the device fails (health
 * recovery: the part suspended, the function reset and brought up
 * again, the part resumed), with the same back-off and the same giving
 * up.  Ignored during probe and remove.  Any context.
 */
void cx4_core_request_recovery(struct cx4_core *core);

/* --- The auxiliary device: how the parts above the core attach ------- */

/*
 * Each function has one auxiliary device "cx4.eth.<id>" (KBUILD_MODNAME
 * "." CX4_ADEV_ETH), parent the PCI device, added once the function is up
 * at the end of probe and deleted at the start of remove (or when health
 * recovery gives up).  The Ethernet part is its auxiliary driver: probe
 * attaches, remove detaches.  Health recovery keeps the driver bound and
 * calls its suspend callback before the function goes down and its resume
 * callback once it is up again (a failed resume: the driver is unbound
 * and bound anew).  Binding is the core's: a driver sets
 * driver.suppress_bind_attrs.  All of these run in process context with
 * the auxiliary device's lock held, and may sleep.
 */
#define CX4_ADEV_ETH	"eth"

struct cx4_adev {
	struct auxiliary_device adev;
	struct cx4_core *core;
};

static inline struct cx4_core *cx4_adev_core(struct auxiliary_device *adev)
{
	return container_of(adev, struct cx4_adev, adev)->core;
}

#endif /* _LINUX_CX4_CORE_H */

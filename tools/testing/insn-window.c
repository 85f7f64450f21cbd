// SPDX-License-Identifier: GPL-2.0
/*
 * insn-window: a QEMU TCG plugin counting the guest instructions executed
 * between two marker instructions, per vCPU, kernel and user apart
 * (tools/testing/bench).
 *
 * The guest opens a window by executing "xchg %bx,%bx" (66 87 db) and
 * closes it with "xchg %cx,%cx" (66 87 c9): both are no-ops that no
 * compiler emits.  They are recognised by their bytes when a block is
 * translated.  At each close one line per vCPU is appended to the output
 * file:
 *
 *   window N vcpu V kernel K user U
 *
 * (N counts closed windows from 0, K and U the instructions executed in
 * the window at kernel addresses -- the upper half -- and below.)  With
 * profile=on each close also lists every kernel block executed in the
 * window, per vCPU that executed it, "pc N 0xADDRESS INSTRUCTIONS V", for
 * attribution to symbols.
 *
 * Counting is per translated block (a block partly executed, cut short by
 * an exception, counts whole: rare in steady state).  The counters are
 * plain adds: QEMU must run one TCG thread (-accel tcg,thread=single, as
 * tools/testing/vm does for Debian's kernels).
 *
 * Arguments: outfile=PATH (required), profile=on|off (default off).
 * Build: cc -shared -fPIC -O2 -I<qemu>/include/qemu
 *        $(pkg-config --cflags glib-2.0) insn-window.c -o insn-window.so
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define IW_MAX_VCPUS 16

/* One translated block. */
struct iw_tb {
	uint64_t pc;
	uint64_t insns;
	bool kernel;
	/* executions in the open window, per vCPU (profile) */
	uint64_t hits[IW_MAX_VCPUS];
};

/*
 * Instructions executed since start, [vCPU][kernel], and their values when
 * the window opened.  One TCG thread: no lock needed for these.
 */
static uint64_t iw_count[IW_MAX_VCPUS][2];
static uint64_t iw_base[IW_MAX_VCPUS][2];
static bool iw_open;
static unsigned int iw_window;
static bool iw_profile;
static FILE *iw_out;
/* Every struct iw_tb (profile only); iw_lock guards it against translation. */
static GPtrArray *iw_tbs;
static GMutex iw_lock;

static const uint8_t iw_mark_open[] = { 0x66, 0x87, 0xdb };
static const uint8_t iw_mark_close[] = { 0x66, 0x87, 0xc9 };

static void iw_tb_exec(unsigned int vcpu, void *udata)
{
	struct iw_tb *tb = udata;

	iw_count[vcpu % IW_MAX_VCPUS][tb->kernel] += tb->insns;
	if (iw_open)
		tb->hits[vcpu % IW_MAX_VCPUS]++;
}

static void iw_window_open(unsigned int vcpu, void *udata)
{
	memcpy(iw_base, iw_count, sizeof(iw_base));
	iw_open = true;
}

static void iw_window_close(unsigned int vcpu, void *udata)
{
	int n = qemu_plugin_n_vcpus();
	int v;
	guint i;

	if (!iw_open)
		return;
	iw_open = false;
	if (n > IW_MAX_VCPUS)
		n = IW_MAX_VCPUS;
	for (v = 0; v < n; v++)
		fprintf(iw_out, "window %u vcpu %d kernel %" PRIu64 " user %" PRIu64 "\n",
			iw_window, v, iw_count[v][1] - iw_base[v][1],
			iw_count[v][0] - iw_base[v][0]);
	g_mutex_lock(&iw_lock);
	for (i = 0; iw_tbs && i < iw_tbs->len; i++) {
		struct iw_tb *tb = g_ptr_array_index(iw_tbs, i);

		for (v = 0; v < IW_MAX_VCPUS; v++) {
			if (tb->hits[v] && tb->kernel)
				fprintf(iw_out, "pc %u 0x%" PRIx64 " %" PRIu64 " %d\n",
					iw_window, tb->pc, tb->hits[v] * tb->insns, v);
			tb->hits[v] = 0;
		}
	}
	g_mutex_unlock(&iw_lock);
	fflush(iw_out);
	iw_window++;
}

static bool iw_is(struct qemu_plugin_insn *insn, const uint8_t *mark)
{
	return qemu_plugin_insn_size(insn) == 3 &&
	       !memcmp(qemu_plugin_insn_data(insn), mark, 3);
}

static void iw_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *ptb)
{
	size_t n = qemu_plugin_tb_n_insns(ptb);
	struct iw_tb *tb = g_new0(struct iw_tb, 1);
	size_t i;

	tb->pc = qemu_plugin_tb_vaddr(ptb);
	tb->insns = n;
	tb->kernel = tb->pc >> 63;
	qemu_plugin_register_vcpu_tb_exec_cb(ptb, iw_tb_exec, QEMU_PLUGIN_CB_NO_REGS, tb);
	if (iw_profile) {
		g_mutex_lock(&iw_lock);
		g_ptr_array_add(iw_tbs, tb);
		g_mutex_unlock(&iw_lock);
	}
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(ptb, i);

		if (iw_is(insn, iw_mark_open))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, iw_window_open,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
		else if (iw_is(insn, iw_mark_close))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, iw_window_close,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
}

static void iw_exit(qemu_plugin_id_t id, void *udata)
{
	fclose(iw_out);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (eq && !strncmp(argv[i], "outfile=", 8)) {
			path = eq + 1;
		} else if (eq && !strncmp(argv[i], "profile=", 8)) {
			if (!qemu_plugin_bool_parse("profile", eq + 1, &iw_profile))
				goto bad;
		} else {
			goto bad;
		}
	}
	if (!path) {
		fprintf(stderr, "insn-window: outfile=PATH is required\n");
		return -1;
	}
	iw_out = fopen(path, "w");
	if (!iw_out) {
		perror(path);
		return -1;
	}
	if (iw_profile)
		iw_tbs = g_ptr_array_new();
	qemu_plugin_register_vcpu_tb_trans_cb(id, iw_tb_trans);
	qemu_plugin_register_atexit_cb(id, iw_exit, NULL);
	return 0;
bad:
	fprintf(stderr, "insn-window: bad argument '%s' (outfile=PATH, profile=on|off)\n",
		argv[i]);
	return -1;
}

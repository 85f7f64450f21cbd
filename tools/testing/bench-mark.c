// SPDX-License-Identifier: GPL-2.0
/*
 * bench-mark: run a command and measure part of it in one window of the
 * insn-window QEMU plugin (tools/testing/insn-window.c); the guest side of
 * tools/testing/bench.
 *
 *   bench-mark [-w FILE:IF:N] [-c FILE:IF]... [-o OUT] COMMAND [ARGS]...
 *
 * Starts COMMAND; opens the window (executes "xchg %bx,%bx") once netdev
 * IF's received packets in FILE (a /proc/PID/net/dev) have grown by N
 * since the start -- the workload is running, its program start is over
 * -- or at once without -w; closes it ("xchg %cx,%cx") when COMMAND has
 * exited, whatever happened to it, so that windows stay numbered in
 * order.  OUT gets, per -c, "IF RXPACKETS TXPACKETS RXBYTES TXBYTES" (the
 * growth inside the window), "usec N" (the window's length) and, per CPU,
 * "cpuN BUSY IDLE" (clock ticks of /proc/stat in the window; idle
 * includes iowait).  Exits
 * with COMMAND's status (127 if it could not be started).  Statically
 * linked: a dynamic program costs a lot more to start under TCG.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BM_MAX 4
#define BM_CPUS 16

struct bm_if {
	char file[256];
	char name[32];
	uint64_t v[4];		/* rx packets, tx packets, rx bytes, tx bytes */
};

static void bm_open(void)
{
	asm volatile(".byte 0x66, 0x87, 0xdb" ::: "memory");
}

static void bm_close(void)
{
	asm volatile(".byte 0x66, 0x87, 0xc9" ::: "memory");
}

/* Reads the counters of b->name from b->file; 0 if found. */
static int bm_read(struct bm_if *b)
{
	char line[512];
	FILE *f = fopen(b->file, "r");
	size_t n = strlen(b->name);
	int ret = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " ");
		uint64_t c[16];

		if (strncmp(p, b->name, n) || p[n] != ':')
			continue;
		if (sscanf(p + n + 1, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64,
			   &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7],
			   &c[8], &c[9]) == 10) {
			b->v[0] = c[1];
			b->v[1] = c[9];
			b->v[2] = c[0];
			b->v[3] = c[8];
			ret = 0;
		}
		break;
	}
	fclose(f);
	return ret;
}

/* FILE:IF[:N] -> b (and *n). */
static int bm_parse(char *arg, struct bm_if *b, uint64_t *n)
{
	char *c1 = strchr(arg, ':'), *c2;

	if (!c1)
		return -1;
	*c1++ = 0;
	c2 = strchr(c1, ':');
	if (c2) {
		*c2++ = 0;
		if (!n)
			return -1;
		*n = strtoull(c2, NULL, 0);
	}
	snprintf(b->file, sizeof(b->file), "%s", arg);
	snprintf(b->name, sizeof(b->name), "%s", c1);
	return 0;
}

/* Busy and idle ticks of every CPU from /proc/stat; the number of CPUs. */
static int bm_stat(uint64_t busy[BM_CPUS], uint64_t idle[BM_CPUS])
{
	char line[512];
	FILE *f = fopen("/proc/stat", "r");
	int n = 0;

	if (!f)
		return 0;
	while (n < BM_CPUS && fgets(line, sizeof(line), f)) {
		uint64_t v[8] = { 0 };
		int cpu;

		if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9')
			continue;
		if (sscanf(line + 3, "%d %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			   " %" SCNu64 " %" SCNu64 " %" SCNu64, &cpu, &v[0], &v[1], &v[2],
			   &v[3], &v[4], &v[5], &v[6], &v[7]) != 9 || cpu != n)
			break;
		idle[n] = v[3] + v[4];
		busy[n] = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
		n++;
	}
	fclose(f);
	return n;
}

static uint64_t bm_usec(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000ull + t.tv_nsec / 1000;
}

int main(int argc, char **argv)
{
	struct bm_if cnt[BM_MAX], w = { 0 }, c0[BM_MAX];
	int ncnt = 0, opt, i, status = 127 << 8, have_w = 0, done = 0;
	const char *out = NULL;
	uint64_t wn = 0, w0 = 0, t0, t1;
	uint64_t busy0[BM_CPUS], idle0[BM_CPUS], busy1[BM_CPUS], idle1[BM_CPUS];
	int ncpu;
	pid_t pid;
	FILE *f;

	while ((opt = getopt(argc, argv, "+w:c:o:")) != -1) {
		switch (opt) {
		case 'w':
			if (bm_parse(optarg, &w, &wn))
				goto usage;
			have_w = 1;
			break;
		case 'c':
			if (ncnt == BM_MAX || bm_parse(optarg, &cnt[ncnt++], NULL))
				goto usage;
			break;
		case 'o':
			out = optarg;
			break;
		default:
			goto usage;
		}
	}
	if (optind >= argc)
		goto usage;
	if (have_w && bm_read(&w)) {
		fprintf(stderr, "bench-mark: no %s in %s\n", w.name, w.file);
		return 127;
	}
	w0 = w.v[0];
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[optind], argv + optind);
		perror(argv[optind]);
		_exit(127);
	}
	/* Wait for the workload to run (or to end). */
	while (have_w && !done) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			done = 1;
		else if (!bm_read(&w) && w.v[0] - w0 >= wn)
			break;
		usleep(5000);
	}
	for (i = 0; i < ncnt; i++)
		bm_read(&cnt[i]);
	memcpy(c0, cnt, sizeof(c0));
	ncpu = bm_stat(busy0, idle0);
	t0 = bm_usec();
	bm_open();
	while (!done && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	bm_close();
	t1 = bm_usec();
	if (bm_stat(busy1, idle1) != ncpu)
		ncpu = 0;
	for (i = 0; i < ncnt; i++)
		bm_read(&cnt[i]);
	if (out) {
		f = fopen(out, "w");
		if (!f) {
			perror(out);
			return 127;
		}
		for (i = 0; i < ncnt; i++)
			fprintf(f, "%s %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
				cnt[i].name, cnt[i].v[0] - c0[i].v[0], cnt[i].v[1] - c0[i].v[1],
				cnt[i].v[2] - c0[i].v[2], cnt[i].v[3] - c0[i].v[3]);
		fprintf(f, "usec %" PRIu64 "\n", t1 - t0);
		for (i = 0; i < ncpu; i++)
			fprintf(f, "cpu%d %" PRIu64 " %" PRIu64 "\n", i, busy1[i] - busy0[i],
				idle1[i] - idle0[i]);
		fclose(f);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
usage:
	fprintf(stderr,
		"usage: bench-mark [-w FILE:IF:N] [-c FILE:IF]... [-o OUT] COMMAND [ARGS]...\n");
	return 2;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4ctl: drive the emulated ConnectX-4's debug control page from inside
 * a guest.  Built by tools/testing/build-cx4ctl (libc only).
 *
 * The page (BAR0 + 0x1fff000, device property debug-ctl=on) is described
 * in Documentation/device-model.md, "Debug control page"; its register
 * map is tools/qemu/core/cx4dev_ctl.h, the one the model uses.  Registers
 * are 32-bit, big-endian like the rest of BAR0.
 *
 *   cx4ctl BDF get NAME...       print registers, one a line (decimal)
 *   cx4ctl BDF set NAME VALUE... write registers in order (VALUE: decimal or 0x..)
 *   cx4ctl BDF dump              print every readable register
 *   cx4ctl list                  print the BDFs of emulated ConnectX-4 functions
 *
 * CX4CTL_SYSFS (default /sys/bus/pci/devices) is the directory holding
 * BDF/vendor, BDF/device and BDF/resource0 (for tools/testing/cx4ctl-test).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../qemu/core/cx4dev_ctl.h"

#define PROG "cx4ctl"

struct reg {
	const char *name;
	uint32_t off;
	uint32_t acc;
};

static const struct reg regs[] = {
#define REG(id, name, off, acc)	{ name, off, acc },
	CX4DEV_CTL_REGS(REG)
#undef REG
};
#define NREGS (sizeof(regs) / sizeof(regs[0]))

static const char usage[] =
	"usage:\n"
	"  cx4ctl BDF get NAME...       print registers, one a line\n"
	"  cx4ctl BDF set NAME VALUE... write registers in order (VALUE: decimal or 0x..)\n"
	"  cx4ctl BDF dump              print every register\n"
	"  cx4ctl list                  print the BDFs of emulated ConnectX-4 functions\n"
	"Registers: Documentation/device-model.md, \"Debug control page\".\n";

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

static void die(const char *fmt, ...)
{
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void die_usage(void) __attribute__((noreturn));

static void die_usage(void)
{
	fputs(usage, stderr);
	exit(1);
}

static const char *sysfs(void)
{
	const char *d = getenv("CX4CTL_SYSFS");

	return d && *d ? d : "/sys/bus/pci/devices";
}

static const struct reg *find_reg(const char *name)
{
	for (size_t i = 0; i < NREGS; i++)
		if (!strcmp(regs[i].name, name))
			return &regs[i];
	return NULL;
}

/* ---- list ---- */

/* DIR/BDF/FILE, first line with surrounding white space removed. */
static void read_attr(const char *bdf, const char *file, char *buf, size_t len)
{
	char path[4096];
	FILE *f;
	size_t n;
	char *s;

	snprintf(path, sizeof(path), "%s/%s/%s", sysfs(), bdf, file);
	f = fopen(path, "r");
	if (!f)
		die("%s: %s", path, strerror(errno));
	n = fread(buf, 1, len - 1, f);
	if (ferror(f))
		die("%s: read error", path);
	fclose(f);
	buf[n] = 0;
	while (n && strchr(" \t\n\r\v\f", buf[n - 1]))
		buf[--n] = 0;
	for (s = buf; *s && strchr(" \t\n\r\v\f", *s); s++)
		;
	memmove(buf, s, strlen(s) + 1);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmd_list(void)
{
	static const char *const ids[] = { "0x1013", "0x1014", "0x1015", "0x1016" };
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	DIR *d = opendir(sysfs());

	if (!d)
		die("%s: %s", sysfs(), strerror(errno));
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			names = realloc(names, cap * sizeof(*names));
			if (!names)
				die("out of memory");
		}
		names[n] = strdup(e->d_name);
		if (!names[n++])
			die("out of memory");
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n; i++) {
		char vendor[64], device[64];

		read_attr(names[i], "vendor", vendor, sizeof(vendor));
		read_attr(names[i], "device", device, sizeof(device));
		if (strcmp(vendor, "0x15b3"))
			continue;
		for (size_t j = 0; j < sizeof(ids) / sizeof(ids[0]); j++)
			if (!strcmp(device, ids[j]))
				printf("%s\n", names[i]);
	}
	return 0;
}

/* ---- the page ---- */

static volatile uint32_t *page;

static void map_page(const char *bdf, int writable)
{
	long psz = sysconf(_SC_PAGESIZE);
	off_t base, delta;
	char path[4096];
	struct stat st;
	void *m;
	int fd;

	if (psz <= 0)
		psz = 4096;
	base = CX4DEV_CTL_PAGE_OFF & ~((off_t)psz - 1);
	delta = CX4DEV_CTL_PAGE_OFF - base;
	snprintf(path, sizeof(path), "%s/%s/resource0", sysfs(), bdf);
	fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_SYNC);
	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	if (fstat(fd, &st))
		die("%s: %s", path, strerror(errno));
	/* A BAR0 too small for the page (sysfs gives resource0 its size). */
	if (S_ISREG(st.st_mode) && st.st_size < (off_t)CX4DEV_CTL_PAGE_OFF + 0x1000)
		die("%s: no debug control page (BAR0 is 0x%llx bytes)", bdf,
		    (unsigned long long)st.st_size);
	m = mmap(NULL, (size_t)delta + 0x1000, writable ? PROT_READ | PROT_WRITE : PROT_READ,
		 MAP_SHARED, fd, base);
	if (m == MAP_FAILED)
		die("%s: mmap: %s", path, strerror(errno));
	close(fd);
	page = (volatile uint32_t *)((char *)m + delta);
}

/* One aligned 32-bit load; the register is big-endian. */
static uint32_t rd(uint32_t off)
{
	uint32_t v = page[off / 4];
	const unsigned char *b = (const unsigned char *)&v;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/*
 * One aligned 32-bit store, exactly once: some registers act on every
 * write (page_request, internal_error, cqe_post).
 */
static void wr(uint32_t off, uint32_t val)
{
	unsigned char b[4] = { (unsigned char)(val >> 24), (unsigned char)(val >> 16),
				(unsigned char)(val >> 8), (unsigned char)val };
	uint32_t be;

	memcpy(&be, b, sizeof(be));
	page[off / 4] = be;
}

static void check_magic(const char *bdf)
{
	if (rd(CX4DEV_CTL_MAGIC) != CX4DEV_CTL_MAGIC_VAL)
		die("%s: no debug control page (debug-ctl=off?)", bdf);
}

/*
 * VALUE as Python's int(VALUE, 0) reads it (what cx4ctl took before it
 * was C): optional sign, 0x / 0o / 0b prefix or decimal without leading
 * zeros, '_' between digits; the low 32 bits (two's complement).
 */
static int parse_value(const char *s, uint32_t *out)
{
	unsigned int base = 10, digits = 0, nonzero = 0;
	int neg = 0, under_ok = 0;
	uint32_t v = 0;

	while (*s && strchr(" \t\n\r\v\f", *s))
		s++;
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (s[0] == '0' && s[1] && strchr("xXoObB", s[1])) {
		base = strchr("xX", s[1]) ? 16 : strchr("oO", s[1]) ? 8 : 2;
		s += 2;
		under_ok = 1;
	}
	for (; *s && !strchr(" \t\n\r\v\f", *s); s++) {
		unsigned int d;

		if (*s == '_') {
			if (!under_ok)
				return -1;
			under_ok = 0;
			continue;
		}
		if (*s >= '0' && *s <= '9')
			d = (unsigned int)(*s - '0');
		else if (*s >= 'a' && *s <= 'z')
			d = (unsigned int)(*s - 'a') + 10;
		else if (*s >= 'A' && *s <= 'Z')
			d = (unsigned int)(*s - 'A') + 10;
		else
			return -1;
		if (d >= base)
			return -1;
		/* Decimal: "0", "00" but not "01". */
		if (base == 10 && digits && !nonzero && d)
			return -1;
		nonzero |= d;
		digits++;
		under_ok = 1;
		v = v * base + d;	/* modulo 2^32: the low 32 bits */
	}
	while (*s && strchr(" \t\n\r\v\f", *s))
		s++;
	if (!digits || *s || !under_ok)	/* no digit, junk, trailing '_' */
		return -1;
	*out = neg ? 0u - v : v;
	return 0;
}

int main(int argc, char **argv)
{
	const char *bdf, *cmd;
	int nargs;

	if (argc == 2 && !strcmp(argv[1], "list"))
		return cmd_list();
	if (argc < 3)
		die_usage();
	bdf = argv[1];
	cmd = argv[2];
	argv += 3;
	nargs = argc - 3;

	if (!strcmp(cmd, "get") && nargs) {
		const struct reg *r[nargs];

		for (int i = 0; i < nargs; i++) {
			r[i] = find_reg(argv[i]);
			if (!r[i])
				die("unknown register '%s' (see cx4ctl BDF dump)", argv[i]);
		}
		map_page(bdf, 0);
		check_magic(bdf);
		for (int i = 0; i < nargs; i++)
			printf("%u\n", rd(r[i]->off));
	} else if (!strcmp(cmd, "set") && nargs && nargs % 2 == 0) {
		const struct reg *r[nargs / 2];
		uint32_t v[nargs / 2];

		for (int i = 0; i < nargs / 2; i++) {
			r[i] = find_reg(argv[2 * i]);
			if (!r[i])
				die("unknown register '%s' (see cx4ctl BDF dump)", argv[2 * i]);
			if (parse_value(argv[2 * i + 1], &v[i]))
				die("%s: bad value '%s' (decimal or 0x..)", argv[2 * i],
				    argv[2 * i + 1]);
		}
		map_page(bdf, 1);
		check_magic(bdf);
		for (int i = 0; i < nargs / 2; i++)
			wr(r[i]->off, v[i]);
	} else if (!strcmp(cmd, "dump")) {
		map_page(bdf, 0);
		check_magic(bdf);
		for (size_t i = 0; i < NREGS; i++)
			if (regs[i].acc & CX4DEV_CTL_RD)
				printf("%-18s 0x%08x\n", regs[i].name, rd(regs[i].off));
	} else {
		die_usage();
	}
	if (fflush(stdout) || ferror(stdout))
		die("write error on stdout");
	return 0;
}

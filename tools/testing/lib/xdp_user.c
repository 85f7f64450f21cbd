// SPDX-License-Identifier: GPL-2.0
/*
 * The user-space side of the map and AF_XDP checks of lib/xdpcheck.sh,
 * built in the guest (gcc -O2 xdp_user.c): raw bpf(2) and the kernel's
 * <linux/if_xdp.h>, no libbpf or libxdp.  Network namespaces are named
 * as ip netns names them (/run/netns/NAME); a socket stays in the
 * namespace it was created in, so one process serves both ports.
 *
 *   map-set PROG_ID devmap|cpumap KEY VALUE
 *	The map of that type the attached program PROG_ID uses: KEY ->
 *	VALUE (u32s).  A devmap's VALUE is an ifindex of the caller's
 *	namespace (run it in the target's), a cpumap's the queue size.
 *
 *   udp TX_NS DST_IP PORT RX_NS RX_PORT N TIMEOUT_MS
 *	A socket bound to RX_PORT in RX_NS; N datagrams "cx4-xdp I" sent
 *	from TX_NS to DST_IP:PORT; counts those arriving at RX_PORT (each
 *	I once) until N have, or TIMEOUT_MS passed, then 300 ms more for
 *	any extra.  Prints "received R"; exit 0 when R == N.
 *
 *   xsk NS IF QUEUES PROG_ID PEER_NS IP N M TIMEOUT_MS
 *	An AF_XDP socket in copy mode (XDP_COPY), a UMEM each, on each
 *	queue 0..QUEUES-1 of IF in NS, put into the XSKMAP of program
 *	PROG_ID at the queue's key; PEER_NS sends N datagrams "cx4-xsk I"
 *	to IP port 7200 (xdp_xsk's port): every one must arrive on a
 *	socket once, whole (RSS picks the queue).  Then M frames are sent
 *	from queue 0's socket (its TX ring: copy mode hands them to the
 *	driver's ndo_start_xmit), IPv4/UDP to the peer port 7201, MACs and
 *	addresses those of a received frame swapped; a socket in PEER_NS
 *	counts them.  Prints what arrived; exit 0 when all match.
 *
 * Every wait is bounded by TIMEOUT_MS.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/if_xdp.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef AF_XDP
#define AF_XDP 44
#endif
#ifndef SOL_XDP
#define SOL_XDP 283
#endif

#define XSK_PORT	7200		/* xdp_progs.c's XSK_PORT */
#define XSK_FRAMES	64
#define XSK_FRAME_SIZE	2048
#define XSK_RING	64		/* entries of each ring */
#define XSK_MAX		32		/* N and M at most: half the frames */

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("xdp_user: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static unsigned long num(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || !*s || *end)
		die("not a number: %s", s);
	return v;
}

static void enter_netns(const char *name)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || setns(fd, CLONE_NEWNET))
		die("cannot enter netns %s: %s", name, strerror(errno));
	close(fd);
}

static int bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* A descriptor of the map of @type program @prog_id uses. */
static int prog_map(unsigned long prog_id, __u32 type)
{
	__u32 ids[16], i;
	struct bpf_prog_info pi;
	struct bpf_map_info mi;
	union bpf_attr a;
	int pfd, mfd;

	memset(&a, 0, sizeof(a));
	a.prog_id = prog_id;
	pfd = bpf(BPF_PROG_GET_FD_BY_ID, &a);
	if (pfd < 0)
		die("program %lu: %s", prog_id, strerror(errno));
	memset(&pi, 0, sizeof(pi));
	pi.nr_map_ids = 16;
	pi.map_ids = (__u64)(unsigned long)ids;
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = pfd;
	a.info.info_len = sizeof(pi);
	a.info.info = (__u64)(unsigned long)&pi;
	if (bpf(BPF_OBJ_GET_INFO_BY_FD, &a))
		die("program %lu: no info: %s", prog_id, strerror(errno));
	close(pfd);
	for (i = 0; i < pi.nr_map_ids && i < 16; i++) {
		memset(&a, 0, sizeof(a));
		a.map_id = ids[i];
		mfd = bpf(BPF_MAP_GET_FD_BY_ID, &a);
		if (mfd < 0)
			die("map %u: %s", ids[i], strerror(errno));
		memset(&mi, 0, sizeof(mi));
		memset(&a, 0, sizeof(a));
		a.info.bpf_fd = mfd;
		a.info.info_len = sizeof(mi);
		a.info.info = (__u64)(unsigned long)&mi;
		if (bpf(BPF_OBJ_GET_INFO_BY_FD, &a))
			die("map %u: no info: %s", ids[i], strerror(errno));
		if (mi.type == type)
			return mfd;
		close(mfd);
	}
	die("program %lu uses no map of type %u", prog_id, type);
	return -1;
}

static void map_update(int fd, __u32 key, __u32 val)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (__u64)(unsigned long)&key;
	a.value = (__u64)(unsigned long)&val;
	a.flags = BPF_ANY;
	if (bpf(BPF_MAP_UPDATE_ELEM, &a))
		die("map update %u -> %u: %s", key, val, strerror(errno));
}

static int cmd_map_set(char **av)
{
	__u32 type;

	if (!strcmp(av[1], "devmap"))
		type = BPF_MAP_TYPE_DEVMAP;
	else if (!strcmp(av[1], "cpumap"))
		type = BPF_MAP_TYPE_CPUMAP;
	else
		die("map-set: unknown map type %s", av[1]);
	map_update(prog_map(num(av[0]), type), num(av[2]), num(av[3]));
	return 0;
}

static int udp_socket(const char *ns, unsigned int port)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	int fd;

	enter_netns(ns);
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		die("socket: %s", strerror(errno));
	sin.sin_port = htons(port);
	if (port && bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		die("bind to port %u in %s: %s", port, ns, strerror(errno));
	return fd;
}

static void udp_send(int fd, const char *ip, unsigned int port,
		     const char *tag, unsigned int n)
{
	struct sockaddr_in to = { .sin_family = AF_INET };
	char buf[64];
	unsigned int i;

	to.sin_port = htons(port);
	if (inet_pton(AF_INET, ip, &to.sin_addr) != 1)
		die("not an IPv4 address: %s", ip);
	for (i = 0; i < n; i++) {
		int len = snprintf(buf, sizeof(buf), "%s %u", tag, i);

		if (sendto(fd, buf, len, 0, (struct sockaddr *)&to,
			   sizeof(to)) != len)
			die("sendto %s:%u: %s", ip, port, strerror(errno));
	}
}

/*
 * Datagrams "TAG I" (I < @n, each once) read from @fd until @n arrived
 * or @deadline, then 300 ms more; the count.  Anything else is fatal.
 */
static unsigned int udp_count(int fd, const char *tag, unsigned int n,
			      long deadline)
{
	unsigned char seen[256] = { 0 };
	unsigned int got = 0, i;
	char buf[2048], want[64];

	if (n > sizeof(seen))
		die("at most %zu datagrams", sizeof(seen));
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long left;
		ssize_t len;

		if (got == n && deadline > now_ms() + 300)
			deadline = now_ms() + 300;
		left = deadline - now_ms();
		if (left <= 0)
			break;
		if (poll(&p, 1, left) <= 0)
			continue;
		len = recv(fd, buf, sizeof(buf) - 1, MSG_DONTWAIT);
		if (len < 0)
			continue;
		buf[len] = 0;
		if (sscanf(buf, "%63s %u", want, &i) != 2 ||
		    strcmp(want, tag) || i >= n || seen[i]++)
			die("unexpected datagram \"%.40s\"", buf);
		got++;
	}
	return got;
}

static int cmd_udp(char **av)
{
	unsigned int n = num(av[5]), got;
	int rx = udp_socket(av[3], num(av[4]));
	int tx = udp_socket(av[0], 0);
	long deadline = now_ms() + num(av[6]);

	udp_send(tx, av[1], num(av[2]), "cx4-xdp", n);
	got = udp_count(rx, "cx4-xdp", n, deadline);
	printf("received %u\n", got);
	return got == n ? 0 : 1;
}

/* One mmap'ed ring of an XDP socket: producer, consumer, entries. */
struct xsk_ring {
	__u32 *prod, *cons;
	void *desc;
	__u32 size;
};

static void xsk_ring_map(int fd, struct xsk_ring *r,
			 const struct xdp_ring_offset *o, off_t pgoff,
			 size_t esize)
{
	size_t len = o->desc + XSK_RING * esize;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_POPULATE, fd, pgoff);

	if (m == MAP_FAILED)
		die("mmap of an XDP ring: %s", strerror(errno));
	r->prod = (__u32 *)(m + o->producer);
	r->cons = (__u32 *)(m + o->consumer);
	r->desc = m + o->desc;
	r->size = XSK_RING;
}

static __u32 ld(__u32 *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void st(__u32 *p, __u32 v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
}

static __u16 ip_csum(const void *p, size_t len)
{
	const __u16 *w = p;
	__u32 s = 0;

	while (len > 1) {
		s += *w++;
		len -= 2;
	}
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return ~s;
}

/* Frame @i to send from the socket: @rx's headers reversed. */
static size_t xsk_build(char *f, const char *rx, unsigned int i)
{
	const struct ethhdr *reth = (const void *)rx;
	const struct iphdr *rip = (const void *)(reth + 1);
	struct ethhdr *eth = (void *)f;
	struct iphdr *ip = (void *)(eth + 1);
	struct udphdr *udp = (void *)(ip + 1);
	char *data = (char *)(udp + 1);
	int len = snprintf(data, 64, "cx4-xsk-tx %u", i);

	memcpy(eth->h_dest, reth->h_source, ETH_ALEN);
	memcpy(eth->h_source, reth->h_dest, ETH_ALEN);
	eth->h_proto = htons(ETH_P_IP);
	memset(ip, 0, sizeof(*ip));
	ip->version = 4;
	ip->ihl = 5;
	ip->tot_len = htons(sizeof(*ip) + sizeof(*udp) + len);
	ip->id = htons(i);
	ip->ttl = 64;
	ip->protocol = IPPROTO_UDP;
	ip->saddr = rip->daddr;
	ip->daddr = rip->saddr;
	ip->check = ip_csum(ip, sizeof(*ip));
	udp->source = htons(XSK_PORT);
	udp->dest = htons(XSK_PORT + 1);
	udp->len = htons(sizeof(*udp) + len);
	udp->check = 0;		/* none: allowed for IPv4 */
	return sizeof(*eth) + sizeof(*ip) + sizeof(*udp) + len;
}

/* A received frame: IPv4/UDP to XSK_PORT, "cx4-xsk I", I < @n; I. */
static unsigned int xsk_frame_check(const char *f, __u32 len, unsigned int n)
{
	const struct ethhdr *eth = (const void *)f;
	const struct iphdr *ip = (const void *)(eth + 1);
	const struct udphdr *udp = (const void *)(ip + 1);
	const char *data = (const char *)(udp + 1);
	size_t hl = sizeof(*eth) + sizeof(*ip) + sizeof(*udp);
	char buf[64] = { 0 }, tag[16];
	unsigned int i;

	/* The wire pads a short frame to 60 bytes: IP's length counts. */
	if (len < hl || len > XSK_FRAME_SIZE || eth->h_proto != htons(ETH_P_IP) ||
	    ip->ihl != 5 || ip->protocol != IPPROTO_UDP ||
	    udp->dest != htons(XSK_PORT) ||
	    ntohs(ip->tot_len) > len - sizeof(*eth) ||
	    ntohs(udp->len) != ntohs(ip->tot_len) - sizeof(*ip) ||
	    ntohs(udp->len) < sizeof(*udp) || ip_csum(ip, sizeof(*ip)))
		die("xsk: unexpected frame of %u bytes", len);
	len = ntohs(udp->len) - sizeof(*udp);
	memcpy(buf, data, len < sizeof(buf) - 1 ? len : sizeof(buf) - 1);
	if (sscanf(buf, "%15s %u", tag, &i) != 2 || strcmp(tag, "cx4-xsk") ||
	    i >= n)
		die("xsk: unexpected payload \"%.40s\"", buf);
	return i;
}

/* An AF_XDP socket with a UMEM of its own. */
struct xsk {
	int fd;
	char *umem;
	struct xsk_ring fill, comp, rx, tx;
};

/* @x on queue @qid of @ifindex, copy mode, in the map @map at @qid. */
static void xsk_open(struct xsk *x, unsigned int ifindex, unsigned int qid,
		     int map)
{
	struct sockaddr_xdp sx = { .sxdp_family = AF_XDP };
	struct xdp_umem_reg reg = { 0 };
	struct xdp_mmap_offsets off;
	socklen_t ol = sizeof(off);
	int ring = XSK_RING, i;

	x->fd = socket(AF_XDP, SOCK_RAW | SOCK_CLOEXEC, 0);
	if (x->fd < 0)
		die("AF_XDP socket: %s", strerror(errno));
	x->umem = mmap(NULL, XSK_FRAMES * XSK_FRAME_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (x->umem == MAP_FAILED)
		die("UMEM: %s", strerror(errno));
	reg.addr = (__u64)(unsigned long)x->umem;
	reg.len = XSK_FRAMES * XSK_FRAME_SIZE;
	reg.chunk_size = XSK_FRAME_SIZE;
	if (setsockopt(x->fd, SOL_XDP, XDP_UMEM_REG, &reg, sizeof(reg)) ||
	    setsockopt(x->fd, SOL_XDP, XDP_UMEM_FILL_RING, &ring, sizeof(ring)) ||
	    setsockopt(x->fd, SOL_XDP, XDP_UMEM_COMPLETION_RING, &ring, sizeof(ring)) ||
	    setsockopt(x->fd, SOL_XDP, XDP_RX_RING, &ring, sizeof(ring)) ||
	    setsockopt(x->fd, SOL_XDP, XDP_TX_RING, &ring, sizeof(ring)) ||
	    getsockopt(x->fd, SOL_XDP, XDP_MMAP_OFFSETS, &off, &ol))
		die("XDP socket options: %s", strerror(errno));
	xsk_ring_map(x->fd, &x->fill, &off.fr, XDP_UMEM_PGOFF_FILL_RING,
		     sizeof(__u64));
	xsk_ring_map(x->fd, &x->comp, &off.cr, XDP_UMEM_PGOFF_COMPLETION_RING,
		     sizeof(__u64));
	xsk_ring_map(x->fd, &x->rx, &off.rx, XDP_PGOFF_RX_RING,
		     sizeof(struct xdp_desc));
	xsk_ring_map(x->fd, &x->tx, &off.tx, XDP_PGOFF_TX_RING,
		     sizeof(struct xdp_desc));
	/* Frames 0..XSK_MAX-1 receive, the others send. */
	for (i = 0; i < XSK_MAX; i++)
		((__u64 *)x->fill.desc)[i] = (__u64)i * XSK_FRAME_SIZE;
	st(x->fill.prod, XSK_MAX);
	sx.sxdp_ifindex = ifindex;
	sx.sxdp_queue_id = qid;
	sx.sxdp_flags = XDP_COPY;
	if (bind(x->fd, (struct sockaddr *)&sx, sizeof(sx)))
		die("bind to queue %u (copy mode): %s", qid, strerror(errno));
	map_update(map, qid, x->fd);
}

/*
 * Frames waiting on @x's RX ring: checked (xsk_frame_check), marked in
 * @seen; the first one copied to @first.  The count.
 */
static unsigned int xsk_rx(struct xsk *x, unsigned int n, unsigned char *seen,
			   char *first, unsigned int got)
{
	__u32 cons = *x->rx.cons, prod = ld(x->rx.prod);
	unsigned int i, k = 0;

	for (; cons != prod; cons++, k++) {
		struct xdp_desc *d =
			&((struct xdp_desc *)x->rx.desc)[cons & (XSK_RING - 1)];
		const char *f = x->umem + d->addr;

		i = xsk_frame_check(f, d->len, n);
		if (seen[i]++)
			die("xsk: datagram %u received twice", i);
		if (!got && !k)
			memcpy(first, f, 128);
	}
	st(x->rx.cons, cons);
	return k;
}

#define XSK_QUEUES	8

static int cmd_xsk(char **av)
{
	unsigned int nq = num(av[2]), n = num(av[6]), m = num(av[7]);
	unsigned int got = 0, done = 0, peer, i, ifindex;
	unsigned char seen[XSK_MAX] = { 0 };
	struct xsk xs[XSK_QUEUES], *x0 = &xs[0];
	struct pollfd p[XSK_QUEUES];
	char first[128] = { 0 };
	int peer_tx, peer_rx, map;
	long deadline;
	__u32 c;

	if (n < 1 || n > XSK_MAX || m > XSK_MAX || nq < 1 || nq > XSK_QUEUES)
		die("xsk: N in 1..%d, M in 0..%d, QUEUES in 1..%d", XSK_MAX,
		    XSK_MAX, XSK_QUEUES);
	map = prog_map(num(av[3]), BPF_MAP_TYPE_XSKMAP);
	peer_rx = udp_socket(av[4], XSK_PORT + 1);
	peer_tx = udp_socket(av[4], 0);
	enter_netns(av[0]);
	ifindex = if_nametoindex(av[1]);
	if (!ifindex)
		die("no interface %s in %s", av[1], av[0]);
	for (i = 0; i < nq; i++) {
		xsk_open(&xs[i], ifindex, i, map);
		p[i].fd = xs[i].fd;
		p[i].events = POLLIN;
	}

	deadline = now_ms() + num(av[8]);
	udp_send(peer_tx, av[5], XSK_PORT, "cx4-xsk", n);
	while (got < n && now_ms() < deadline) {
		poll(p, nq, deadline - now_ms());
		for (i = 0; i < nq; i++)
			got += xsk_rx(&xs[i], n, seen, first, got);
	}
	/* Anything more within 300 ms is an extra (xsk_frame_check). */
	if (got == n) {
		poll(p, nq, 300);
		for (i = 0; i < nq; i++)
			got += xsk_rx(&xs[i], n, seen, first, got);
	}

	/* M frames from queue 0's socket (its frames XSK_MAX and up). */
	for (i = 0; got && i < m; i++) {
		struct xdp_desc *d = &((struct xdp_desc *)x0->tx.desc)[i];

		d->addr = (__u64)(XSK_MAX + i) * XSK_FRAME_SIZE;
		d->len = xsk_build(x0->umem + d->addr, first, i);
		d->options = 0;
	}
	if (got && m)
		st(x0->tx.prod, m);
	while (got && done < m && now_ms() < deadline) {
		if (sendto(x0->fd, NULL, 0, MSG_DONTWAIT, NULL, 0) < 0 &&
		    errno != EAGAIN && errno != EBUSY && errno != ENOBUFS)
			die("xsk: sendto: %s", strerror(errno));
		c = ld(x0->comp.prod);
		done += c - *x0->comp.cons;
		st(x0->comp.cons, c);
		if (done < m)
			usleep(10000);
	}
	peer = got && m ? udp_count(peer_rx, "cx4-xsk-tx", m, deadline) : 0;
	printf("xsk rx %u/%u on %u queue(s), tx %u completed %u, peer received %u\n",
	       got, n, nq, m, done, peer);
	return got == n && done == m && peer == m ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc == 6 && !strcmp(argv[1], "map-set"))
		return cmd_map_set(argv + 2);
	if (argc == 9 && !strcmp(argv[1], "udp"))
		return cmd_udp(argv + 2);
	if (argc == 11 && !strcmp(argv[1], "xsk"))
		return cmd_xsk(argv + 2);
	fprintf(stderr, "usage: see the comment at the top of xdp_user.c\n");
	return 2;
}

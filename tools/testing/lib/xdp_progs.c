// SPDX-License-Identifier: GPL-2.0
/*
 * XDP programs of vmtests/xdp.sh and mlx5_xdp.sh, one section each,
 * built at test time: clang -O2 -target bpf -c xdp_progs.c
 * [-DREDIRECT_IFINDEX=N], loaded with ip link set IF xdpdrv obj FILE sec NAME.
 *
 * xdp_pass     every frame to the stack
 * xdp_drop     every frame dropped
 * xdp_reflect  IPv4 ICMP echo requests answered in place (MACs, IP
 *              addresses swapped, type 0, checksum fixed) and sent back
 *              with XDP_TX; everything else passed
 * xdp_redirect every frame to interface REDIRECT_IFINDEX (bpf_redirect)
 * xdp_bad      an action the kernel does not know (counted as a drop)
 * xdp_devmap   IPv4 UDP to port DEVMAP_PORT: the port rewritten to
 *              DEVMAP_PORT + 1 (checksum updated), the frame redirected
 *              to entry 0 of tx_ports; everything else passed
 * xdp_cpumap   every frame to entry (this CPU ^ 1) of cpus: the
 *              other CPU of a two-CPU machine builds the skb
 * xdp_xsk      IPv4 UDP to port XSK_PORT to the AF_XDP socket of the
 *              receive queue's entry in xsks (passed if none)
 * xdp_tx_udp   IPv4 UDP frames sent back with XDP_TX, MAC addresses
 *              swapped (make bench's XDP_TX row); everything else passed
 *
 * The maps are filled by lib/xdp_user.c (map-set, xsk), which finds
 * them through the attached program's ID: no pinning.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

/* RFC 792's echo header (linux/icmp.h would pull in libc headers). */
struct icmphdr {
	__u8 type;
	__u8 code;
	__sum16 checksum;
	__be16 id;
	__be16 seq;
};

#define ICMP_ECHOREPLY	0
#define ICMP_ECHO	8

#ifndef REDIRECT_IFINDEX
#define REDIRECT_IFINDEX 1
#endif

/* UDP ports of xdp_devmap (and +1, what it rewrites to) and xdp_xsk. */
#define DEVMAP_PORT	7100
#define XSK_PORT	7200

struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} tx_ports SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_CPUMAP);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u32);
} cpus SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_XSKMAP);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u32);
} xsks SEC(".maps");

SEC("xdp_pass")
int xdp_pass_prog(struct xdp_md *ctx)
{
	return XDP_PASS;
}

SEC("xdp_drop")
int xdp_drop_prog(struct xdp_md *ctx)
{
	return XDP_DROP;
}

SEC("xdp_bad")
int xdp_bad_prog(struct xdp_md *ctx)
{
	return XDP_REDIRECT + 7;
}

SEC("xdp_redirect")
int xdp_redirect_prog(struct xdp_md *ctx)
{
	return bpf_redirect(REDIRECT_IFINDEX, 0);
}

/* One's complement sum update for a 16-bit field changing old -> new. */
static __always_inline __u16 csum_replace(__u16 csum, __u16 old, __u16 new)
{
	__u32 s = (__u16)~csum + (__u16)~old + new;

	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return ~s;
}

/* The UDP header of an IPv4 frame without options, or NULL. */
static __always_inline struct udphdr *udp4(void *data, void *end)
{
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);
	struct udphdr *udp = (void *)(ip + 1);

	if ((void *)(udp + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP) ||
	    ip->ihl != 5 || ip->protocol != IPPROTO_UDP)
		return 0;
	return udp;
}

SEC("xdp_devmap")
int xdp_devmap_prog(struct xdp_md *ctx)
{
	struct udphdr *udp = udp4((void *)(long)ctx->data,
				  (void *)(long)ctx->data_end);
	__u16 old, new;

	if (!udp || udp->dest != bpf_htons(DEVMAP_PORT))
		return XDP_PASS;
	old = udp->dest;
	new = bpf_htons(DEVMAP_PORT + 1);
	udp->dest = new;
	/* 0: no checksum (IPv4); a computed 0 is sent as 0xffff. */
	if (udp->check) {
		udp->check = csum_replace(udp->check, old, new);
		if (!udp->check)
			udp->check = 0xffff;
	}
	return bpf_redirect_map(&tx_ports, 0, 0);
}

SEC("xdp_cpumap")
int xdp_cpumap_prog(struct xdp_md *ctx)
{
	return bpf_redirect_map(&cpus, bpf_get_smp_processor_id() ^ 1, 0);
}

SEC("xdp_xsk")
int xdp_xsk_prog(struct xdp_md *ctx)
{
	struct udphdr *udp = udp4((void *)(long)ctx->data,
				  (void *)(long)ctx->data_end);

	if (!udp || udp->dest != bpf_htons(XSK_PORT))
		return XDP_PASS;
	return bpf_redirect_map(&xsks, ctx->rx_queue_index, XDP_PASS);
}

SEC("xdp_reflect")
int xdp_reflect_prog(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct icmphdr *icmp;
	unsigned char mac[ETH_ALEN];
	struct iphdr *ip;
	__u16 old, new;
	__be32 addr;

	if ((void *)(eth + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > end || ip->ihl != 5 ||
	    ip->protocol != IPPROTO_ICMP)
		return XDP_PASS;
	icmp = (void *)(ip + 1);
	if ((void *)(icmp + 1) > end || icmp->type != ICMP_ECHO)
		return XDP_PASS;
	__builtin_memcpy(mac, eth->h_dest, ETH_ALEN);
	__builtin_memcpy(eth->h_dest, eth->h_source, ETH_ALEN);
	__builtin_memcpy(eth->h_source, mac, ETH_ALEN);
	addr = ip->saddr;
	ip->saddr = ip->daddr;
	ip->daddr = addr;
	/* type 8 -> 0: the first 16-bit word (type, code) changes. */
	old = *(__u16 *)icmp;
	icmp->type = ICMP_ECHOREPLY;
	new = *(__u16 *)icmp;
	icmp->checksum = csum_replace(icmp->checksum, old, new);
	return XDP_TX;
}

SEC("xdp_tx_udp")
int xdp_tx_udp_prog(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	unsigned char mac[ETH_ALEN];
	struct iphdr *ip;

	if ((void *)(eth + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > end || ip->protocol != IPPROTO_UDP)
		return XDP_PASS;
	__builtin_memcpy(mac, eth->h_dest, ETH_ALEN);
	__builtin_memcpy(eth->h_dest, eth->h_source, ETH_ALEN);
	__builtin_memcpy(eth->h_source, mac, ETH_ALEN);
	return XDP_TX;
}

char _license[] SEC("license") = "GPL";

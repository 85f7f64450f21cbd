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
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
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

char _license[] SEC("license") = "GPL";

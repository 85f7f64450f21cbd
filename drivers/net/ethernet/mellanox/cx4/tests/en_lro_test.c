// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: LRO header fix-up (PRM 3.3.6.5, 3.3.6.6).  Each case builds the
 * frame the device leaves in memory -- the first segment's headers
 * followed by the payload of every coalesced segment -- and the CQE of
 * the session, then checks that the fixed frame is one valid TCP/IP
 * segment carrying the CQE's values: lengths, TTL / hop limit, ACK,
 * window, PSH, timestamps, IPv4 header checksum and the TCP checksum
 * over the pseudo header and the whole segment.  Malformed frames are
 * refused without a byte written.
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/slab.h>
#include <linux/tcp.h>
#include <net/checksum.h>
#include <net/ip6_checksum.h>
#include <net/tcp.h>

#include "../en/lro.h"
#include <linux/cx4/core.h>

#define T_SEGS		3
#define T_MSS		100
#define T_THL		32	/* TCP header with NOP, NOP, timestamp */

struct cx4_lro_case {
	bool ipv6;
	bool vlan;		/* tag kept in the frame (no stripping) */
	u8 l4_type;		/* CQE l4_hdr_type */
	bool psh;
	bool ts_valid;
};

/* The first segment's headers; returns the L3 offset. */
static u32 cx4_lro_headers(u8 *f, const struct cx4_lro_case *c, u32 *l4)
{
	struct tcphdr *tcp;
	u32 l3 = ETH_HLEN;

	eth_broadcast_addr(f);
	f[0] = 0x02;
	eth_zero_addr(f + ETH_ALEN);
	f[ETH_ALEN] = 0x02;
	if (c->vlan) {
		*(__be16 *)(f + 12) = htons(ETH_P_8021Q);
		*(__be16 *)(f + 14) = htons(7);
		l3 = VLAN_ETH_HLEN;
	}
	*(__be16 *)(f + l3 - 2) = htons(c->ipv6 ? ETH_P_IPV6 : ETH_P_IP);
	if (c->ipv6) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)(f + l3);

		ip6->version = 6;
		ip6->payload_len = htons(T_THL + T_MSS);
		ip6->nexthdr = IPPROTO_TCP;
		ip6->hop_limit = 64;
		ip6->saddr.s6_addr[0] = 0x20;
		ip6->saddr.s6_addr[1] = 0x01;
		ip6->saddr.s6_addr[15] = 1;
		ip6->daddr = ip6->saddr;
		ip6->daddr.s6_addr[15] = 2;
		*l4 = l3 + sizeof(*ip6);
	} else {
		struct iphdr *ip = (struct iphdr *)(f + l3);

		ip->version = 4;
		ip->ihl = 5;
		ip->tot_len = htons(sizeof(*ip) + T_THL + T_MSS);
		ip->id = htons(0x1234);
		ip->ttl = 64;
		ip->protocol = IPPROTO_TCP;
		ip->saddr = htonl(0xc6120001);
		ip->daddr = htonl(0xc6120002);
		ip->check = ip_fast_csum(ip, ip->ihl);
		*l4 = l3 + sizeof(*ip);
	}
	tcp = (struct tcphdr *)(f + *l4);
	tcp->source = htons(40000);
	tcp->dest = htons(5201);
	tcp->seq = htonl(1000);
	tcp->ack_seq = htonl(5);
	tcp->doff = T_THL / 4;
	tcp->ack = 1;
	tcp->window = htons(10);
	tcp->check = htons(0xbeef);	/* as the first segment had it */
	f[*l4 + 20] = TCPOPT_NOP;
	f[*l4 + 21] = TCPOPT_NOP;
	f[*l4 + 22] = TCPOPT_TIMESTAMP;
	f[*l4 + 23] = TCPOLEN_TIMESTAMP;
	put_unaligned(htonl(111), (__be32 *)(f + *l4 + 24));
	put_unaligned(htonl(222), (__be32 *)(f + *l4 + 28));
	return l3;
}

/* The CQE of the session over frame @f of @len bytes (TCP at @l4). */
static void cx4_lro_cqe(u8 *cqe, const u8 *f, u32 len, u32 l4,
			const struct cx4_lro_case *c)
{
	/* The device's sum: TCP header as written plus all payload. */
	u16 sum = (__force u16)~csum_fold(csum_partial(f + l4, len - l4, 0));

	memset(cqe, 0, CX4_CQE_SIZE);
	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_RESP_SEND);
	CX4_SET(CQE, cqe, BYTE_CNT, len);
	CX4_SET(CQE, cqe, LRO_NUM_SEG, T_SEGS);
	CX4_SET(CQE, cqe, L4_HDR_TYPE, c->l4_type);
	CX4_SET(CQE, cqe, CHECKSUM, ntohs((__force __be16)sum));
	CX4_SET(CQE, cqe, LRO_MIN_TTL, 60);
	CX4_SET(CQE, cqe, LRO_TCP_WIN, 0x4321);
	CX4_SET(CQE, cqe, LRO_ACK_SEQ_NUM, 0xa0b0c0d0);
	CX4_SET(CQE, cqe, LRO_TCP_PSH, c->psh);
	if (c->ts_valid) {
		CX4_SET(CQE, cqe, LRO_TIMESTAMP_IS_VALID, 1);
		CX4_SET(CQE, cqe, LRO_TIMESTAMP_VALUE, 333);
		CX4_SET(CQE, cqe, LRO_TIMESTAMP_ECHO, 444);
	}
}

static void cx4_lro_check(struct kunit *test, const struct cx4_lro_case *c)
{
	u32 len, l3, l4, tlen, i;
	struct cx4_en_lro_hdr hdr;
	struct tcphdr *tcp;
	__sum16 sum;
	u8 *f, *cqe;
	bool ack = c->l4_type == CX4_CQE_L4_TCP_ACK ||
		   c->l4_type == CX4_CQE_L4_TCP_EMPTY_ACK;

	f = kunit_kzalloc(test, 512, GFP_KERNEL);
	cqe = kunit_kzalloc(test, CX4_CQE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_NOT_NULL(test, cqe);
	l3 = cx4_lro_headers(f, c, &l4);
	len = l4 + T_THL + T_SEGS * T_MSS;
	for (i = l4 + T_THL; i < len; i++)
		f[i] = (u8)(i * 7 + 3);
	cx4_lro_cqe(cqe, f, len, l4, c);

	/*
	 * Only the headers in the first buffer, the payload in pages after
	 * it (a jumbo receive WQE): the lengths still count all of it.
	 */
	KUNIT_ASSERT_EQ(test, cx4_en_lro_fixup(f, l4 + T_THL, len, cqe, &hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr.l4_off, l4);
	KUNIT_EXPECT_EQ(test, hdr.hdr_len, l4 + T_THL);
	KUNIT_EXPECT_EQ(test, hdr.ipv6, c->ipv6);
	tcp = (struct tcphdr *)(f + l4);
	tlen = len - l4;
	if (c->ipv6) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)(f + l3);

		KUNIT_EXPECT_EQ(test, ntohs(ip6->payload_len), tlen);
		KUNIT_EXPECT_EQ(test, ip6->hop_limit, 60);
		sum = csum_ipv6_magic(&ip6->saddr, &ip6->daddr, tlen,
				      IPPROTO_TCP, csum_partial(tcp, tlen, 0));
		KUNIT_EXPECT_EQ(test, (__force u16)sum, 0);
	} else {
		struct iphdr *ip = (struct iphdr *)(f + l3);

		KUNIT_EXPECT_EQ(test, ntohs(ip->tot_len), len - l3);
		KUNIT_EXPECT_EQ(test, ip->ttl, 60);
		KUNIT_EXPECT_EQ(test, ntohs(ip->id), 0x1234);
		KUNIT_EXPECT_EQ(test, (__force u16)ip_fast_csum(ip, ip->ihl), 0);
		sum = csum_tcpudp_magic(ip->saddr, ip->daddr, tlen, IPPROTO_TCP,
					csum_partial(tcp, tlen, 0));
		KUNIT_EXPECT_EQ(test, (__force u16)sum, 0);
	}
	KUNIT_EXPECT_EQ(test, ntohl(tcp->seq), 1000u);
	KUNIT_EXPECT_EQ(test, ntohs(tcp->window), 0x4321);
	KUNIT_EXPECT_EQ(test, ntohl(tcp->ack_seq), ack ? 0xa0b0c0d0u : 5u);
	KUNIT_EXPECT_EQ(test, (int)tcp->psh, c->psh ? 1 : 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(f + l4 + 24),
			c->ts_valid ? 333u : 111u);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(f + l4 + 28),
			c->ts_valid && ack ? 444u : 222u);
	for (i = l4 + T_THL; i < len; i++)
		KUNIT_EXPECT_EQ(test, f[i], (u8)(i * 7 + 3));
}

static void cx4_test_lro_ipv4(struct kunit *test)
{
	struct cx4_lro_case c = { .l4_type = CX4_CQE_L4_TCP_ACK,
				  .psh = true, .ts_valid = true };

	cx4_lro_check(test, &c);
}

static void cx4_test_lro_ipv4_vlan_no_ack(struct kunit *test)
{
	struct cx4_lro_case c = { .vlan = true, .l4_type = CX4_CQE_L4_TCP };

	cx4_lro_check(test, &c);
}

static void cx4_test_lro_ipv6(struct kunit *test)
{
	struct cx4_lro_case c = { .ipv6 = true,
				  .l4_type = CX4_CQE_L4_TCP_ACK,
				  .ts_valid = true };

	cx4_lro_check(test, &c);
}

static void cx4_test_lro_ipv6_vlan(struct kunit *test)
{
	struct cx4_lro_case c = { .ipv6 = true, .vlan = true,
				  .l4_type = CX4_CQE_L4_TCP_EMPTY_ACK,
				  .psh = true };

	cx4_lro_check(test, &c);
}

/* Frames the device could not have coalesced: refused, untouched. */
static void cx4_test_lro_bad(struct kunit *test)
{
	struct cx4_lro_case c = { .l4_type = CX4_CQE_L4_TCP_ACK };
	struct cx4_en_lro_hdr hdr;
	u8 *f, *copy, *cqe;
	u32 l4, l3, len;

	f = kunit_kzalloc(test, 512, GFP_KERNEL);
	copy = kunit_kzalloc(test, 512, GFP_KERNEL);
	cqe = kunit_kzalloc(test, CX4_CQE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_ASSERT_NOT_NULL(test, cqe);
	l3 = cx4_lro_headers(f, &c, &l4);
	len = l4 + T_THL + T_SEGS * T_MSS;
	cx4_lro_cqe(cqe, f, len, l4, &c);
	memcpy(copy, f, 512);

	/* Truncated inside the Ethernet, IP and TCP headers. */
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, 10, 10, cqe, &hdr), -EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, l3 + 10, l3 + 10, cqe, &hdr), -EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, l4 + 10, l4 + 10, cqe, &hdr), -EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, l4 + T_THL - 1, l4 + T_THL - 1, cqe, &hdr),
			-EINVAL);
	/* The frame is long enough, but its first buffer ends in the TCP header. */
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, l4 + T_THL - 1, len, cqe, &hdr), -EINVAL);
	KUNIT_EXPECT_EQ(test, memcmp(f, copy, 512), 0);
	/* Not TCP. */
	f[l3 + 9] = IPPROTO_UDP;
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, len, len, cqe, &hdr), -EINVAL);
	f[l3 + 9] = IPPROTO_TCP;
	/* Not IP. */
	*(__be16 *)(f + 12) = htons(ETH_P_ARP);
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, len, len, cqe, &hdr), -EINVAL);
	*(__be16 *)(f + 12) = htons(ETH_P_IP);
	/* TCP data offset below the header size. */
	f[l4 + 12] = 0x40;
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, len, len, cqe, &hdr), -EINVAL);
	f[l4 + 12] = copy[l4 + 12];
	/* IPv4 header length below 5 words. */
	f[l3] = 0x44;
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, len, len, cqe, &hdr), -EINVAL);
	f[l3] = copy[l3];
	KUNIT_EXPECT_EQ(test, memcmp(f, copy, 512), 0);
	/* A timestamp option running past the header is left alone. */
	f[l4 + 23] = 40;
	CX4_SET(CQE, cqe, LRO_TIMESTAMP_IS_VALID, 1);
	KUNIT_EXPECT_EQ(test, cx4_en_lro_fixup(f, len, len, cqe, &hdr), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(f + l4 + 24), 111u);
}

static struct kunit_case cx4_en_lro_cases[] = {
	KUNIT_CASE(cx4_test_lro_ipv4),
	KUNIT_CASE(cx4_test_lro_ipv4_vlan_no_ack),
	KUNIT_CASE(cx4_test_lro_ipv6),
	KUNIT_CASE(cx4_test_lro_ipv6_vlan),
	KUNIT_CASE(cx4_test_lro_bad),
	{}
};

static struct kunit_suite cx4_en_lro_suite = {
	.name = "cx4_en_lro",
	.test_cases = cx4_en_lro_cases,
};

kunit_test_suites(&cx4_en_lro_suite);

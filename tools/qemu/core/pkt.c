/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Frame parsing for the datapath: L2 (VLAN tags, LLC), IPv4/IPv6 (options,
 * extension headers, fragments), TCP/UDP; Internet checksums; the flow
 * table match parameters of a frame (Table 407); the Toeplitz hash.
 */
#include <string.h>

#include "cx4dev_int.h"

#define ETH_HLEN	14
#define ETH_P_IPV4	0x0800
#define ETH_P_IPV6	0x86dd
#define ETH_P_8021Q	0x8100
#define ETH_P_8021AD	0x88a8
#define IPPROTO_TCP_	6
#define IPPROTO_UDP_	17

uint32_t cx4dev_csum_add(uint32_t sum, const uint8_t *b, uint32_t len)
{
	uint64_t s = sum;

	for (uint32_t i = 0; i + 1 < len; i += 2)
		s += cx4dev_get_be16(b + i);
	if (len & 1)
		s += (uint32_t)b[len - 1] << 8;
	while (s >> 32)
		s = (s & 0xffffffffu) + (s >> 32);
	return (uint32_t)s;
}

uint16_t cx4dev_csum_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

/* Pseudo header sum for the L4 checksum of @p (L4 length @l4len). */
static uint32_t cx4dev_pseudo(const struct cx4dev_pkt *p, const uint8_t *f, uint32_t l4len)
{
	const uint8_t *ip = f + p->l3_off;
	uint32_t sum;

	if (p->l3 == CX4_CQE_L3_IPV4)
		sum = cx4dev_csum_add(0, ip + 12, 8);
	else
		sum = cx4dev_csum_add(0, ip + 8, 32);
	return sum + p->proto + (l4len & 0xffff) + (l4len >> 16);
}

static void cx4dev_parse_l4(struct cx4dev_pkt *p, const uint8_t *f)
{
	uint32_t end = p->l3_off + p->l3_len, avail = end - p->l4_off;
	const uint8_t *l4 = f + p->l4_off;

	if (p->ip_frag)
		return;
	if (p->proto == IPPROTO_TCP_ && avail >= 20) {
		uint32_t hl = (l4[12] >> 4) * 4u;

		if (hl < 20 || hl > avail)
			return;
		p->l4 = CX4_CQE_L4_TCP;
		p->l4_hlen = hl;
		p->tcp_flags = cx4dev_get_be16(l4 + 12) & 0x1ff;
	} else if (p->proto == IPPROTO_UDP_ && avail >= 8) {
		uint32_t ul = cx4dev_get_be16(l4 + 4);

		if (ul < 8 || ul > avail)
			return;
		p->l4 = CX4_CQE_L4_UDP;
		p->l4_hlen = 8;
	} else {
		return;
	}
	if (p->l4 == CX4_CQE_L4_UDP && !cx4dev_get_be16(l4 + 6))
		p->l4_ok = p->l3 == CX4_CQE_L3_IPV4;	/* no checksum: IPv4 only */
	else
		p->l4_ok = cx4dev_csum_fold(cx4dev_pseudo(p, f, avail) +
					    cx4dev_csum_add(0, l4, avail)) == 0xffff;
}

static void cx4dev_parse_ipv4(struct cx4dev_pkt *p, const uint8_t *f)
{
	const uint8_t *ip = f + p->l3_off;
	uint32_t avail = p->len - p->l3_off, hl, tot;

	if (avail < 20 || ip[0] >> 4 != 4)
		return;
	hl = (ip[0] & 0xf) * 4u;
	tot = cx4dev_get_be16(ip + 2);
	if (hl < 20 || tot < hl || tot > avail)
		return;
	p->l3 = CX4_CQE_L3_IPV4;
	p->l3_hlen = hl;
	p->l3_len = tot;
	p->ip_opts = hl > 20;
	p->ip_frag = (cx4dev_get_be16(ip + 6) & 0x3fff) != 0;
	p->proto = ip[9];
	p->l3_ok = cx4dev_csum_fold(cx4dev_csum_add(0, ip, hl)) == 0xffff;
	p->l4_off = p->l3_off + hl;
	if (p->l3_ok)
		cx4dev_parse_l4(p, f);
}

static void cx4dev_parse_ipv6(struct cx4dev_pkt *p, const uint8_t *f)
{
	const uint8_t *ip = f + p->l3_off;
	uint32_t avail = p->len - p->l3_off, off = 40, nh;

	if (avail < 40 || ip[0] >> 4 != 6 || 40 + cx4dev_get_be16(ip + 4) > avail)
		return;
	p->l3 = CX4_CQE_L3_IPV6;
	p->l3_len = 40 + cx4dev_get_be16(ip + 4);
	nh = ip[6];
	/* Hop-by-hop, routing, fragment, destination options (bounded). */
	for (int n = 0; n < 8 && (nh == 0 || nh == 43 || nh == 44 || nh == 60); n++) {
		if (off + 8 > p->l3_len)
			return;
		p->ip_opts = true;
		if (nh == 44) {
			if (cx4dev_get_be16(ip + off + 2) & 0xfff9)
				p->ip_frag = true;
			nh = ip[off];
			off += 8;
			continue;
		}
		nh = ip[off];
		off += 8u + ip[off + 1] * 8u;
	}
	if (off > p->l3_len)
		return;
	p->l3_hlen = off;
	p->proto = nh;
	p->l3_ok = true;
	p->l4_off = p->l3_off + off;
	cx4dev_parse_l4(p, f);
}

void cx4dev_pkt_parse(struct cx4dev_pkt *p, const uint8_t *f, uint32_t len)
{
	uint32_t off = 12, type;

	memset(p, 0, sizeof(*p));
	p->len = len;
	if (len < ETH_HLEN)
		return;
	type = cx4dev_get_be16(f + off);
	while ((type == ETH_P_8021Q || type == ETH_P_8021AD) && off + 6 <= len && p->nvlan < 2) {
		if (!p->nvlan) {
			p->vlan_tci = cx4dev_get_be16(f + off + 2);
			p->vlan_tpid = type;
		}
		p->nvlan++;
		off += 4;
		type = cx4dev_get_be16(f + off);
	}
	p->l2_len = off + 2;
	p->ethertype = type;
	if (type < 0x600) {
		p->llc = true;
		if (p->l2_len < CX4_INLINE_L2_LLC_MIN)
			p->l2_len = CX4_INLINE_L2_LLC_MIN;
		return;
	}
	p->l3_off = off + 2;
	if (type == ETH_P_IPV4)
		cx4dev_parse_ipv4(p, f);
	else if (type == ETH_P_IPV6)
		cx4dev_parse_ipv6(p, f);
}

void cx4dev_pkt_fill_l3_csum(const struct cx4dev_pkt *p, uint8_t *f)
{
	uint8_t *ip = f + p->l3_off;

	if (p->l3 != CX4_CQE_L3_IPV4)
		return;
	cx4dev_put_be16(ip + 10, 0);
	cx4dev_put_be16(ip + 10, (uint16_t)~cx4dev_csum_fold(cx4dev_csum_add(0, ip, p->l3_hlen)));
}

void cx4dev_pkt_fill_l4_csum(const struct cx4dev_pkt *p, uint8_t *f)
{
	uint32_t l4len = p->l3_off + p->l3_len - p->l4_off;
	uint8_t *l4 = f + p->l4_off, *ck;
	uint16_t v;

	if (p->l4 == CX4_CQE_L4_TCP)
		ck = l4 + 16;
	else if (p->l4 == CX4_CQE_L4_UDP)
		ck = l4 + 6;
	else
		return;
	cx4dev_put_be16(ck, 0);
	v = (uint16_t)~cx4dev_csum_fold(cx4dev_pseudo(p, f, l4len) +
					cx4dev_csum_add(0, l4, l4len));
	if (p->l4 == CX4_CQE_L4_UDP && !v)
		v = 0xffff;
	cx4dev_put_be16(ck, v);
}

void cx4dev_pkt_match(const struct cx4dev_pkt *p, const uint8_t *f, uint8_t *m)
{
	uint8_t *o = m + CX4_FTE_MATCH_OFF_OUTER;

	memset(m, 0, CX4_FTE_MATCH_PARAM_SIZE);
	if (p->len < ETH_HLEN)
		return;
	memcpy(o + CX4_FTE_OFF_DMAC, f, 6);
	memcpy(o + CX4_FTE_OFF_SMAC, f + 6, 6);
	CX4_SET(FTE, o, ETHERTYPE, p->ethertype);
	if (p->nvlan) {
		cx4_set(o, p->vlan_tpid == ETH_P_8021Q ? CX4_FTE_CVLAN_TAG : CX4_FTE_SVLAN_TAG, 1);
		CX4_SET(FTE, o, FIRST_PRIO, p->vlan_tci >> 13);
		CX4_SET(FTE, o, FIRST_CFI, p->vlan_tci >> 12);
		CX4_SET(FTE, o, FIRST_VID, p->vlan_tci);
	}
	if (p->l3 == CX4_CQE_L3_NONE)
		return;
	CX4_SET(FTE, o, IP_PROTOCOL, p->proto);
	CX4_SET(FTE, o, FRAG, p->ip_frag);
	if (p->l3 == CX4_CQE_L3_IPV4) {
		const uint8_t *ip = f + p->l3_off;

		CX4_SET(FTE, o, IP_DSCP, ip[1] >> 2);
		CX4_SET(FTE, o, IP_ECN, ip[1]);
		memcpy(o + CX4_FTE_OFF_SRC_IP + CX4_FTE_OFF_IPV4_IN_IP, ip + 12, 4);
		memcpy(o + CX4_FTE_OFF_DST_IP + CX4_FTE_OFF_IPV4_IN_IP, ip + 16, 4);
	} else {
		const uint8_t *ip = f + p->l3_off;
		uint32_t tc = (cx4dev_get_be16(ip) >> 4) & 0xff;

		CX4_SET(FTE, o, IP_DSCP, tc >> 2);
		CX4_SET(FTE, o, IP_ECN, tc);
		memcpy(o + CX4_FTE_OFF_SRC_IP, ip + 8, 16);
		memcpy(o + CX4_FTE_OFF_DST_IP, ip + 24, 16);
	}
	if (p->l4 == CX4_CQE_L4_TCP) {
		CX4_SET(FTE, o, TCP_SPORT, cx4dev_get_be16(f + p->l4_off));
		CX4_SET(FTE, o, TCP_DPORT, cx4dev_get_be16(f + p->l4_off + 2));
		CX4_SET(FTE, o, TCP_FLAGS, p->tcp_flags);
	} else if (p->l4 == CX4_CQE_L4_UDP) {
		CX4_SET(FTE, o, UDP_SPORT, cx4dev_get_be16(f + p->l4_off));
		CX4_SET(FTE, o, UDP_DPORT, cx4dev_get_be16(f + p->l4_off + 2));
	}
}

/* Toeplitz hash (NDIS RSS): key bits slide over every input bit. */
uint32_t cx4dev_toeplitz(const uint8_t *key, uint32_t keylen, const uint8_t *in, uint32_t len)
{
	uint32_t hash = 0, window;
	uint32_t kbit = 32;

	if (keylen < 4)
		return 0;
	window = cx4dev_get_be32(key);
	for (uint32_t i = 0; i < len; i++) {
		for (int b = 7; b >= 0; b--) {
			uint32_t next = 0;

			if (in[i] >> b & 1)
				hash ^= window;
			if (kbit < keylen * 8)
				next = key[kbit / 8] >> (7 - kbit % 8) & 1;
			window = window << 1 | next;
			kbit++;
		}
	}
	return hash;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: large receive offload (PRM 3.3.6).
 *
 * With NETIF_F_LRO the TCP TIRs (rss.c) get lro_enable_mask, a timeout
 * from the device's supported periods and a maximum message size that
 * fits the receive buffers, which grow to the largest receive WQE (up
 * to 16 KB in order-0 pages) while LRO is on.  The device writes the
 * first segment of a session as it came and appends only the TCP
 * payload of the next ones, over the WQE's scatter entries; the headers
 * (within the first entry) still describe the first segment.  cx4_en_lro_fixup() rewrites them from
 * the CQE (Table 5) -- it trusts nothing: every offset is checked
 * against the frame before it is read or written.
 */

#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/sizes.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <net/checksum.h>
#include <net/ip6_checksum.h>
#include <net/tcp.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"
#include "lro.h"
#include "txrx.h"

#define CX4_EN_LRO_LEN		SZ_16K	/* receive buffers while LRO is on */
#define CX4_EN_LRO_TIMEOUT_US	32	/* wanted session timeout */
#define CX4_EN_LRO_MSG_UNIT	CX4_TIRC_LRO_MAX_MSG_SZ_UNIT

/* --- header fix-up (pure) ------------------------------------------------- */

/* Offset of the TCP timestamp option's TSval in @tcp, or 0 if none. */
static u32 cx4_en_tcp_ts_off(const u8 *tcp, u32 thl)
{
	u32 o = sizeof(struct tcphdr);

	while (o < thl) {
		u8 kind = tcp[o];

		if (kind == TCPOPT_EOL)
			return 0;
		if (kind == TCPOPT_NOP) {
			o++;
			continue;
		}
		if (o + 1 >= thl || tcp[o + 1] < 2 || o + tcp[o + 1] > thl)
			return 0;
		if (kind == TCPOPT_TIMESTAMP && tcp[o + 1] == TCPOLEN_TIMESTAMP)
			return o + 2;
		o += tcp[o + 1];
	}
	return 0;
}

/* The L3 header offset behind the Ethernet header and a kept VLAN tag. */
static int cx4_en_lro_l3(const u8 *f, u32 len, __be16 *proto)
{
	u32 off = ETH_HLEN;

	if (len < ETH_HLEN)
		return -EINVAL;
	*proto = ((const struct ethhdr *)f)->h_proto;
	if (*proto == htons(ETH_P_8021Q)) {
		if (len < VLAN_ETH_HLEN)
			return -EINVAL;
		*proto = ((const struct vlan_ethhdr *)f)->h_vlan_encapsulated_proto;
		off = VLAN_ETH_HLEN;
	}
	return off;
}

/* The TCP/IP header offsets; -EINVAL if any does not fit @len. */
static int cx4_en_lro_parse(u8 *f, u32 len, struct cx4_en_lro_hdr *hdr)
{
	struct tcphdr *tcp;
	__be16 proto;
	int l3 = cx4_en_lro_l3(f, len, &proto);
	u32 thl;

	if (l3 < 0)
		return -EINVAL;
	if (proto == htons(ETH_P_IP)) {
		struct iphdr *ip = (struct iphdr *)(f + l3);

		if (len < l3 + sizeof(*ip) || ip->version != 4 || ip->ihl < 5 ||
		    ip->protocol != IPPROTO_TCP)
			return -EINVAL;
		hdr->l4_off = l3 + ip->ihl * 4;
		hdr->ipv6 = false;
	} else if (proto == htons(ETH_P_IPV6)) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)(f + l3);

		if (len < l3 + sizeof(*ip6) || ip6->version != 6 ||
		    ip6->nexthdr != IPPROTO_TCP)
			return -EINVAL;
		hdr->l4_off = l3 + sizeof(*ip6);
		hdr->ipv6 = true;
	} else {
		return -EINVAL;
	}
	if (len < hdr->l4_off + sizeof(*tcp))
		return -EINVAL;
	tcp = (struct tcphdr *)(f + hdr->l4_off);
	thl = tcp->doff * 4;
	if (thl < sizeof(*tcp) || len < hdr->l4_off + thl)
		return -EINVAL;
	hdr->hdr_len = hdr->l4_off + thl;
	return l3;
}

/* The TCP header fields of Table 5. */
static void cx4_en_lro_fix_tcp(struct tcphdr *tcp, const void *cqe)
{
	u32 l4 = CX4_GET(CQE, cqe, L4_HDR_TYPE);
	bool ack = l4 == CX4_CQE_L4_TCP_EMPTY_ACK || l4 == CX4_CQE_L4_TCP_ACK;
	u32 ts = cx4_en_tcp_ts_off((u8 *)tcp, tcp->doff * 4);

	if (ack) {
		tcp->ack = 1;
		tcp->ack_seq = htonl(CX4_GET(CQE, cqe, LRO_ACK_SEQ_NUM));
	}
	tcp->window = htons(CX4_GET(CQE, cqe, LRO_TCP_WIN));
	if (CX4_GET(CQE, cqe, LRO_TCP_PSH))
		tcp->psh = 1;
	if (ts && CX4_GET(CQE, cqe, LRO_TIMESTAMP_IS_VALID)) {
		__be32 *opt = (__be32 *)((u8 *)tcp + ts);

		put_unaligned(htonl(CX4_GET(CQE, cqe, LRO_TIMESTAMP_VALUE)),
			      opt);
		if (ack)
			put_unaligned(htonl(CX4_GET(CQE, cqe,
						    LRO_TIMESTAMP_ECHO)),
				      opt + 1);
	}
}

int cx4_en_lro_fixup(void *frame, u32 headlen, u32 len, const void *cqe,
		     struct cx4_en_lro_hdr *hdr)
{
	u8 *f = frame;
	int l3 = cx4_en_lro_parse(f, min(headlen, len), hdr);
	u32 ttl = CX4_GET(CQE, cqe, LRO_MIN_TTL);
	struct tcphdr *tcp;
	__wsum sum;
	u32 tlen;

	if (l3 < 0 || len - l3 > U16_MAX + (hdr->ipv6 ? sizeof(struct ipv6hdr) : 0))
		return -EINVAL;
	tcp = (struct tcphdr *)(f + hdr->l4_off);
	tlen = len - hdr->l4_off;
	/*
	 * The CQE sums the TCP header as written plus all payload: take the
	 * old header out, fix it, put the new one in.
	 */
	sum = csum_unfold((__force __sum16)htons(CX4_GET(CQE, cqe, CHECKSUM)));
	sum = csum_sub(sum, csum_partial(tcp, tcp->doff * 4, 0));
	cx4_en_lro_fix_tcp(tcp, cqe);
	tcp->check = 0;
	sum = csum_add(sum, csum_partial(tcp, tcp->doff * 4, 0));
	if (hdr->ipv6) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)(f + l3);

		ip6->payload_len = htons(len - l3 - sizeof(*ip6));
		ip6->hop_limit = ttl;
		tcp->check = csum_ipv6_magic(&ip6->saddr, &ip6->daddr, tlen,
					     IPPROTO_TCP, sum);
	} else {
		struct iphdr *ip = (struct iphdr *)(f + l3);

		ip->tot_len = htons(len - l3);
		ip->ttl = ttl;
		ip->check = 0;
		ip->check = ip_fast_csum(ip, ip->ihl);
		tcp->check = csum_tcpudp_magic(ip->saddr, ip->daddr, tlen,
					       IPPROTO_TCP, sum);
	}
	return 0;
}

/* --- receive path ------------------------------------------------------------- */

bool cx4_en_rx_lro(struct cx4_en_rq *rq, const void *cqe, struct sk_buff *skb)
{
	u32 nseg = CX4_GET(CQE, cqe, LRO_NUM_SEG);
	struct cx4_en_lro_hdr hdr;
	u32 payload;

	if (cx4_en_lro_fixup(skb->data, skb_headlen(skb), skb->len, cqe,
			     &hdr) ||
	    skb->len <= hdr.hdr_len) {
		net_warn_ratelimited("%s: RQ 0x%x: LRO CQE (%u segments) over a frame that is not TCP/IP (%u bytes), dropped\n",
				     netdev_name(rq->netdev), rq->rqn, nseg,
				     skb->len);
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_BAD_CQE, 1);
		return false;
	}
	payload = skb->len - hdr.hdr_len;
	skb_shinfo(skb)->gso_type = hdr.ipv6 ? SKB_GSO_TCPV6 : SKB_GSO_TCPV4;
	skb_shinfo(skb)->gso_size = DIV_ROUND_UP(payload, nseg);
	skb_shinfo(skb)->gso_segs = nseg;
	cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_LRO_PACKETS, 1);
	cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_LRO_BYTES, skb->len);
	return true;
}

/* --- settings ----------------------------------------------------------------- */

/*
 * The frames the receive buffers take: the MTU's, or with LRO on up to
 * CX4_EN_LRO_LEN as far as the largest receive WQE the device allows
 * reaches (13,952 bytes with 4 KB pages and four scatter entries).
 */
u32 cx4_en_rx_buf_len(const struct cx4_en_priv *priv,
		      const struct cx4_en_params *params)
{
	const void *cap = cx4_core_cap(priv->core, CX4_CAP_GENERAL);
	u32 mtu_len = cx4_en_hw_mtu(params->mtu), lro_len;

	if (!params->lro)
		return mtu_len;
	lro_len = cx4_en_rx_max_frame(PAGE_SIZE,
				      cap ? CX4_GET(CAP, cap,
						    LOG_MAX_STRIDE_SZ_RQ) :
					    CX4_EN_RQ_LOG_STRIDE);
	return max(mtu_len, min_t(u32, lro_len, CX4_EN_LRO_LEN));
}

/* lro_max_msg_sz: the IP payload (mode 0) or the frame (mode 1) fits. */
u32 cx4_en_lro_max_msg(const struct cx4_en_priv *priv,
		       const struct cx4_en_params *params)
{
	const void *eth = cx4_core_cap(priv->core, CX4_CAP_ETH_OFFLOAD);
	u32 room = cx4_en_rx_buf_len(priv, params);

	if (eth && CX4_GET(ETH_CAP, eth, LRO_MAX_MSG_SZ_MODE) == 0)
		room -= VLAN_ETH_HLEN + sizeof(struct ipv6hdr);
	return min_t(u32, room / CX4_EN_LRO_MSG_UNIT,
		     CX4_MAX(TIRC, LRO_MAX_MSG_SZ));
}

/*
 * lro_timeout_period_usecs: the largest supported period up to
 * CX4_EN_LRO_TIMEOUT_US, else the smallest one (the periods come from
 * the device: zero and oversized ones are skipped).
 */
u32 cx4_en_lro_timeout(const struct cx4_en_priv *priv)
{
	const u8 *eth = cx4_core_cap(priv->core, CX4_CAP_ETH_OFFLOAD);
	u32 best = 0, smallest = U32_MAX, i;

	for (i = 0; eth && i < CX4_ETH_CAP_LRO_TIMER_PERIODS_N; i++) {
		u32 p = cx4_get(eth, cx4_eth_cap_lro_timer_period(i));

		if (!p || p > CX4_MAX(TIRC, LRO_TIMEOUT_PERIOD_USECS))
			continue;
		smallest = min(smallest, p);
		if (p <= CX4_EN_LRO_TIMEOUT_US)
			best = max(best, p);
	}
	if (best)
		return best;
	return smallest == U32_MAX ? CX4_EN_LRO_TIMEOUT_US : smallest;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: pure WQE building and CQE validation (no device, no
 * skb), shared by tx.c and rx.c and tested by KUnit.
 */

#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/cx4/core.h>

#include "txrx.h"

/*
 * Inline header bytes for the SQ's inline mode (PRM 7.9.3.1): the L2
 * header (with room for one VLAN tag, which also covers the 17 bytes an
 * LLC/SNAP frame needs), up to the end of the IP header (@l3_end, 0 if
 * unknown) or of the L4 header (@l4_end, 0 if unknown); never more than
 * the frame (@len) or CX4_EN_MAX_INLINE.
 */
u32 cx4_en_inline_len(u8 mode, u32 len, u32 l3_end, u32 l4_end)
{
	u32 want = ETH_HLEN + VLAN_HLEN;

	switch (mode) {
	case CX4_INLINE_MODE_NONE:
		return 0;
	case CX4_INLINE_MODE_L2:
		break;
	case CX4_INLINE_MODE_IP:
		want = max(want, l3_end);
		break;
	default:
		want = max3(want, l3_end, l4_end);
		break;
	}
	return min3(want, len, (u32)CX4_EN_MAX_INLINE);
}

/* A big-endian 16-bit field of a frame, at any alignment. */
static u16 cx4_en_be16_at(const u8 *p)
{
	return (u16)p[0] << 8 | p[1];
}

/*
 * The IP header right after the MACs or one 802.1Q tag; IPv4 with its
 * IHL, IPv6 without extension headers (a next header other than TCP or
 * UDP ends the L4 search); TCP with its data offset.  Ends beyond @len
 * are cut by cx4_en_inline_len().
 */
u32 cx4_en_xdp_inline_len(u8 mode, const u8 *data, u32 len)
{
	u32 l3 = ETH_HLEN, l3_end = 0, l4_end = 0;
	u16 proto;
	u8 l4;

	if (mode != CX4_INLINE_MODE_IP && mode != CX4_INLINE_MODE_TCP_UDP)
		return cx4_en_inline_len(mode, len, 0, 0);
	if (len < ETH_HLEN)
		return cx4_en_inline_len(mode, len, 0, 0);
	proto = cx4_en_be16_at(data + 2 * ETH_ALEN);
	if (proto == ETH_P_8021Q && len >= VLAN_ETH_HLEN) {
		proto = cx4_en_be16_at(data + ETH_HLEN + 2);
		l3 = VLAN_ETH_HLEN;
	}
	if (proto == ETH_P_IP && len >= l3 + sizeof(struct iphdr)) {
		l3_end = l3 + (data[l3] & 0xf) * 4;
		l4 = data[l3 + offsetof(struct iphdr, protocol)];
	} else if (proto == ETH_P_IPV6 && len >= l3 + sizeof(struct ipv6hdr)) {
		l3_end = l3 + sizeof(struct ipv6hdr);
		l4 = data[l3 + offsetof(struct ipv6hdr, nexthdr)];
	} else {
		return cx4_en_inline_len(mode, len, 0, 0);
	}
	if (l4 == IPPROTO_TCP && len >= l3_end + sizeof(struct tcphdr))
		l4_end = l3_end + (data[l3_end + 12] >> 4) * 4;
	else if (l4 == IPPROTO_UDP)
		l4_end = l3_end + sizeof(struct udphdr);
	return cx4_en_inline_len(mode, len, l3_end, l4_end);
}

/*
 * The bytes a send counts in txN_bytes and BQL, as mlx5_core counts
 * them: a frame of @len bytes padded to 60 (PRM 3.3.8); cut by LSO into
 * @mss-byte payloads (@mss 0: sent whole), its @ihs header bytes once
 * per segment.  The VLAN tag the device inserts is not counted, nor the
 * padding of a short last segment.  Returns the bytes and sets *@pkts to
 * the wire frames.
 */
u32 cx4_en_tx_bytes(u32 len, u32 ihs, u32 mss, u32 *pkts)
{
	if (!mss || ihs >= len) {
		*pkts = 1;
		return max_t(u32, len, ETH_ZLEN);
	}
	*pkts = DIV_ROUND_UP(len - ihs, mss);
	return len + (*pkts - 1) * ihs;
}

int cx4_en_rq_log_stride(u32 nsegs, u32 log_min, u32 log_max)
{
	u32 log = CX4_EN_RQ_LOG_STRIDE + order_base_2(max(nsegs, 1u));

	log = max(log, log_min);
	if (log > CX4_EN_RQ_MAX_LOG_STRIDE || log > log_max)
		return -EINVAL;
	return log;
}

/* The device's room after the headroom and skb_shared_info of a head. */
static u32 cx4_en_rx_head_len(u32 head_size)
{
	return head_size - CX4_EN_RX_HEADROOM -
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

/*
 * Receive buffers (struct cx4_en_rx_layout): a frame that fits half a
 * page with its headroom and skb_shared_info is one page_pool fragment
 * of just that size, so two or more share a page; a longer one gets a
 * half-page head (its headers and the start of its payload, still
 * built with napi_build_skb()) and as many whole order-0 pages as the
 * rest needs, each a scatter entry of the WQE -- no allocation above
 * order 0 for any MTU, and a short frame at a jumbo MTU costs only the
 * head (the pages it did not reach stay posted).
 */
int cx4_en_rx_layout(u32 frame_len, u32 page_size, u32 log_min, u32 log_max,
		     struct cx4_en_rx_layout *lay)
{
	u32 linear = SKB_DATA_ALIGN(CX4_EN_RX_HEADROOM + frame_len) +
		     SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
	int log;

	lay->seg_size = page_size;
	if (linear <= page_size / 2) {
		lay->head_size = linear;
		lay->nsegs = 1;
	} else {
		lay->head_size = page_size / 2;
		lay->nsegs = 1 + DIV_ROUND_UP(frame_len -
					      cx4_en_rx_head_len(page_size / 2),
					      page_size);
	}
	lay->head_len = cx4_en_rx_head_len(lay->head_size);
	lay->headroom = CX4_EN_RX_HEADROOM;
	lay->buf_len = lay->head_len + (lay->nsegs - 1) * page_size;
	log = cx4_en_rq_log_stride(lay->nsegs, log_min, log_max);
	if (log < 0)
		return log;
	lay->log_stride = log;
	return 0;
}

/*
 * With an XDP program a frame has a page to itself: the program may move
 * its start into XDP_PACKET_HEADROOM bytes (bpf_xdp_adjust_head/meta),
 * XDP_TX sends it from the page, and XDP_REDIRECT puts the xdp_frame
 * there; skb_shared_info stays at the end for an skb built over the page
 * (XDP_PASS).  No scatter entry behind it: cx4 runs no multi-buffer
 * programs.
 */
int cx4_en_rx_layout_xdp(u32 frame_len, u32 page_size, u32 log_min,
			 u32 log_max, struct cx4_en_rx_layout *lay)
{
	u32 room = page_size - XDP_PACKET_HEADROOM -
		   SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
	int log;

	lay->head_size = page_size;
	lay->seg_size = page_size;
	lay->nsegs = 1;
	lay->headroom = XDP_PACKET_HEADROOM;
	lay->head_len = room;
	lay->buf_len = room;
	if (frame_len > room)
		return -EINVAL;
	log = cx4_en_rq_log_stride(1, log_min, log_max);
	if (log < 0)
		return log;
	lay->log_stride = log;
	return 0;
}

/*
 * The frame of an MTU is the MTU plus CX4_EN_HW_MTU_OVERHEAD (Ethernet
 * header, a VLAN tag, FCS): 3,498 bytes with 4 KB pages on x86-64
 * (4,096 - 256 headroom - 320 skb_shared_info - 22).
 */
u32 cx4_en_xdp_max_mtu(u32 page_size)
{
	return page_size - XDP_PACKET_HEADROOM -
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) -
	       CX4_EN_HW_MTU_OVERHEAD;
}

u32 cx4_en_rx_max_frame(u32 page_size, u32 log_max)
{
	u32 log = min_t(u32, log_max, CX4_EN_RQ_MAX_LOG_STRIDE);
	u32 nsegs = log > CX4_EN_RQ_LOG_STRIDE ?
		    1u << (log - CX4_EN_RQ_LOG_STRIDE) : 1;

	return cx4_en_rx_head_len(page_size / 2) + (nsegs - 1) * page_size;
}

/* Headroom as napi_alloc_skb() gives it, the frame, skb_shared_info. */
u32 cx4_en_rx_copy_size(u32 len)
{
	return SKB_DATA_ALIGN(NET_SKB_PAD + NET_IP_ALIGN + len) +
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

/*
 * A receive CQE of a cyclic RQ completes the WQEs in order: its
 * wqe_counter must be the consumer counter @cc of a WQE that is posted
 * (@cc != the producer counter @pc: after a failed refill the slot at
 * @cc may hold no buffer), its byte count within the buffer and at
 * least an Ethernet header, its format uncompressed.  @cqe is the
 * caller's copy, read once from the ring.
 */
enum cx4_en_rx_verdict cx4_en_rx_cqe_check(const void *cqe, u16 cc, u16 pc,
					   u32 buf_len)
{
	u32 op = CX4_GET(CQE, cqe, OPCODE);
	u32 len;

	if (op != CX4_CQE_OP_RESP_SEND && op != CX4_CQE_OP_RESP_ERR)
		return CX4_EN_RX_BAD_OPCODE;
	if (op == CX4_CQE_OP_RESP_SEND &&
	    CX4_GET(CQE, cqe, FORMAT) != CX4_CQE_FORMAT_NO_INLINE)
		return CX4_EN_RX_BAD_OPCODE;
	if ((u16)CX4_GET(CQE, cqe, WQE_COUNTER) != cc || cc == pc)
		return CX4_EN_RX_BAD_COUNTER;
	if (op == CX4_CQE_OP_RESP_ERR)
		return CX4_EN_RX_ERR_CQE;
	len = CX4_GET(CQE, cqe, BYTE_CNT);
	if (len < ETH_HLEN || len > buf_len)
		return CX4_EN_RX_BAD_LEN;
	return CX4_EN_RX_OK;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: XDP's pure parts (en/wqe.c, en/xdp.c, en/stats.c).  The
 * receive buffers with a program -- a page per frame, XDP_PACKET_HEADROOM
 * before it, skb_shared_info after it, one scatter entry -- and the MTU
 * that fits them (3,498 with 4 KB pages on x86-64): the largest MTU's
 * frame fits, one byte more does not; the inline headers of an XDP_TX
 * frame found in the frame (IPv4 with options, IPv6, a VLAN tag, TCP's
 * data offset, never beyond the frame); the XDP SQ's room for a WQE
 * (padding to the ring's edge, full ring, counters across the u16 wrap)
 * and ndo_xdp_xmit's counters under their own seqcount; the counter each
 * verdict moves; the counters' mlx5_core names.
 */

#include <kunit/test.h>
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/skbuff.h>
#include <linux/string.h>

#include "../en/stats.h"
#include "../en/txrx.h"

#define T_SHINFO	SKB_DATA_ALIGN(sizeof(struct skb_shared_info))

static void cx4_test_xdp_layout(struct kunit *test)
{
	struct cx4_en_rx_layout l;
	u32 page, max_frame;

	for (page = 4096; page <= 65536; page *= 2) {
		max_frame = cx4_en_hw_mtu(cx4_en_xdp_max_mtu(page));
		KUNIT_ASSERT_EQ(test, cx4_en_rx_layout_xdp(max_frame, page, 4, 6,
							   &l), 0);
		KUNIT_EXPECT_EQ(test, l.nsegs, 1u);
		KUNIT_EXPECT_EQ(test, l.head_size, page);
		KUNIT_EXPECT_EQ(test, l.headroom, (u32)XDP_PACKET_HEADROOM);
		/* Headroom, the frame and skb_shared_info fill the page. */
		KUNIT_EXPECT_EQ(test, l.headroom + l.head_len + T_SHINFO, page);
		KUNIT_EXPECT_EQ(test, l.buf_len, l.head_len);
		KUNIT_EXPECT_EQ(test, l.head_len, max_frame);
		KUNIT_EXPECT_EQ(test, l.log_stride, 4);
		/* One byte more is refused. */
		KUNIT_EXPECT_EQ(test, cx4_en_rx_layout_xdp(max_frame + 1, page,
							   4, 6, &l), -EINVAL);
	}
	/* A small frame gets the page all the same. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout_xdp(64, 4096, 4, 6, &l), 0);
	KUNIT_EXPECT_EQ(test, l.head_size, 4096u);
	/* The device's minimum stride. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout_xdp(64, 4096, 5, 6, &l), 0);
	KUNIT_EXPECT_EQ(test, l.log_stride, 5);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_layout_xdp(64, 4096, 7, 7, &l),
			-EINVAL);
	/* The documented figure: 4 KB pages, 320-byte skb_shared_info. */
	if (T_SHINFO == 320)
		KUNIT_EXPECT_EQ(test, cx4_en_xdp_max_mtu(4096), 3498u);
	/* Without a program the head keeps NET_SKB_PAD of headroom. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(1522, 4096, 4, 6, &l), 0);
	KUNIT_EXPECT_EQ(test, l.headroom, (u32)CX4_EN_RX_HEADROOM);
}

static void cx4_test_xdp_act_stat(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_act_stat(XDP_DROP, false),
			CX4_EN_RQ_XDP_DROP);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_act_stat(XDP_ABORTED, false),
			CX4_EN_RQ_XDP_DROP);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_act_stat(XDP_TX, true),
			CX4_EN_RQ_XDP_TX_XMIT);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_act_stat(XDP_TX, false),
			CX4_EN_RQ_XDP_DROP);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_act_stat(XDP_REDIRECT, true),
			CX4_EN_RQ_XDP_REDIRECT);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_act_stat(XDP_REDIRECT, false),
			CX4_EN_RQ_XDP_DROP);
	/* A verdict the kernel does not know is a drop. */
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_act_stat(XDP_REDIRECT + 7, false),
			CX4_EN_RQ_XDP_DROP);
}

/* mlx5_core's names: rxN_xdp_* per ring, rx_xdp_* totals (tx_cqe!). */
static void cx4_test_xdp_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, cx4_en_rq_stat_names[CX4_EN_RQ_XDP_DROP],
			   "xdp_drop");
	KUNIT_EXPECT_STREQ(test, cx4_en_rq_stat_names[CX4_EN_RQ_XDP_REDIRECT],
			   "xdp_redirect");
	KUNIT_EXPECT_STREQ(test, cx4_en_rq_stat_names[CX4_EN_RQ_XDP_TX_XMIT],
			   "xdp_tx_xmit");
	KUNIT_EXPECT_STREQ(test, cx4_en_rq_stat_names[CX4_EN_RQ_XDP_TX_CQES],
			   "xdp_tx_cqes");
	KUNIT_EXPECT_STREQ(test, cx4_en_rq_total_name(CX4_EN_RQ_XDP_TX_CQES),
			   "xdp_tx_cqe");
	KUNIT_EXPECT_STREQ(test, cx4_en_rq_total_name(CX4_EN_RQ_XDP_TX_FULL),
			   "xdp_tx_full");
	KUNIT_EXPECT_STREQ(test, cx4_en_rq_total_name(CX4_EN_RQ_XDP_TX_ERR),
			   "xdp_tx_err");
}

/* A frame: MACs, @vlan tag or not, EtherType, an IP and L4 header. */
static u32 cx4_xdp_frame(u8 *f, bool vlan, u16 proto, u8 l4, u8 ihl_doff)
{
	u32 o = 12;

	memset(f, 0, 256);
	if (vlan) {
		f[o++] = 0x81;
		f[o++] = 0x00;
		o += 2;
	}
	f[o++] = proto >> 8;
	f[o++] = proto & 0xff;
	if (proto == ETH_P_IP) {
		f[o] = 0x40 | ihl_doff;
		f[o + 9] = l4;
		o += ihl_doff * 4;
	} else if (proto == ETH_P_IPV6) {
		f[o] = 0x60;
		f[o + 6] = l4;
		o += 40;
	}
	if (l4 == IPPROTO_TCP)
		f[o + 12] = 8 << 4;	/* 32-byte TCP header */
	return o;
}

/* The inline headers of an XDP frame, from the frame's own headers. */
static void cx4_test_xdp_inline(struct kunit *test)
{
	u8 f[256];
	u32 l3;

	/* L2 and none: the skb path's answer, whatever the frame. */
	cx4_xdp_frame(f, false, ETH_P_IP, IPPROTO_TCP, 5);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_L2, f, 200),
			18u);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_NONE, f,
						    200), 0u);
	/* IPv4 TCP: up to the IP header's end, or the TCP header's. */
	l3 = cx4_xdp_frame(f, false, ETH_P_IP, IPPROTO_TCP, 5);
	KUNIT_EXPECT_EQ(test, l3, 34u);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_IP, f, 200),
			34u);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_TCP_UDP, f,
						    200), 66u);
	/* IPv4 options (IHL 7), UDP. */
	cx4_xdp_frame(f, false, ETH_P_IP, IPPROTO_UDP, 7);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_TCP_UDP, f,
						    200), 14u + 28 + 8);
	/* A tag, then IPv6 UDP. */
	cx4_xdp_frame(f, true, ETH_P_IPV6, IPPROTO_UDP, 0);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_TCP_UDP, f,
						    200), 18u + 40 + 8);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_IP, f, 200),
			18u + 40);
	/* Not IP: the L2 header with room for a tag. */
	cx4_xdp_frame(f, false, ETH_P_ARP, 0, 0);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_TCP_UDP, f,
						    60), 18u);
	/* Never more than the frame: a truncated TCP header, a runt. */
	cx4_xdp_frame(f, false, ETH_P_IP, IPPROTO_TCP, 5);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_TCP_UDP, f,
						    40), 34u);
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_TCP_UDP, f,
						    10), 10u);
	/* IHL 15 and TCP data offset 15: within CX4_EN_MAX_INLINE. */
	cx4_xdp_frame(f, false, ETH_P_IP, IPPROTO_TCP, 15);
	f[14 + 60 + 12] = 15 << 4;
	KUNIT_EXPECT_EQ(test, cx4_en_xdp_inline_len(CX4_INLINE_MODE_TCP_UDP, f,
						    256), 14u + 60 + 60);
}

/* XDP SQ room: a WQE, the NOPs to the ring's edge before it, wraps. */
static void cx4_test_xdp_sq_slots(struct kunit *test)
{
	/* Empty ring of 64: a 1- and a 2-WQEBB WQE fit at once. */
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(0, 0, 63, 1), 1u);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(0, 0, 63, 2), 2u);
	/* One WQEBB before the edge: a 2-WQEBB WQE pads it first. */
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(63, 10, 63, 2), 3u);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(63, 0, 63, 1), 1u);
	/* 63 posted: the last WQEBB takes a 1-WQEBB WQE, not a padded one. */
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(63, 0, 63, 2), 0u);
	/* Full (64 posted), and one short of what padding needs. */
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(64, 0, 63, 1), 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(63, 1, 63, 2), 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(63, 2, 63, 2), 3u);
	/* Counters across the u16 wrap. */
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(2, 0xfffe, 63, 1), 1u);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(0x3e, 0xfffe, 63, 1), 0u);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_wqe_slots(0x3d, 0xfffe, 63, 1), 1u);
	/* ndo_xdp_xmit's counters have a writer (and a seqcount) apart. */
	KUNIT_EXPECT_TRUE(test, cx4_en_sq_stat_by_xdp(CX4_EN_SQ_XDP_XMIT));
	KUNIT_EXPECT_TRUE(test, cx4_en_sq_stat_by_xdp(CX4_EN_SQ_XDP_FULL));
	KUNIT_EXPECT_TRUE(test, cx4_en_sq_stat_by_xdp(CX4_EN_SQ_XDP_ERR));
	KUNIT_EXPECT_FALSE(test, cx4_en_sq_stat_by_xdp(CX4_EN_SQ_XDP_CQES));
	KUNIT_EXPECT_FALSE(test, cx4_en_sq_stat_by_xmit(CX4_EN_SQ_XDP_XMIT));
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_total_name(CX4_EN_SQ_XDP_XMIT),
			   "xdp_xmit");
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_stat_names[CX4_EN_SQ_XDP_CQES],
			   "xdp_cqes");
}

static struct kunit_case cx4_en_xdp_cases[] = {
	KUNIT_CASE(cx4_test_xdp_sq_slots),
	KUNIT_CASE(cx4_test_xdp_inline),
	KUNIT_CASE(cx4_test_xdp_layout),
	KUNIT_CASE(cx4_test_xdp_act_stat),
	KUNIT_CASE(cx4_test_xdp_names),
	{}
};

static struct kunit_suite cx4_en_xdp_suite = {
	.name = "cx4_en_xdp",
	.test_cases = cx4_en_xdp_cases,
};

kunit_test_suites(&cx4_en_xdp_suite);

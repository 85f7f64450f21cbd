// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: receive memory (en/wqe.c).  The buffer layout per frame length
 * and page size -- one head fragment, two or more a page, while it fits
 * half a page; a half-page head and whole order-0 pages behind it for
 * jumbo frames; the scatter entries and the WQE stride that go with
 * them, within the device's stride range -- the entries a frame fills,
 * the longest frame a device's WQE takes, and the copy-break decision
 * with the size of a copied frame's fragment.
 */

#include <kunit/test.h>
#include <linux/skbuff.h>

#include "../en/txrx.h"

#define T_SHINFO	SKB_DATA_ALIGN(sizeof(struct skb_shared_info))
#define T_HEAD(sz)	((sz) - CX4_EN_RX_HEADROOM - T_SHINFO)

/* Whatever the layout, these hold. */
static void cx4_rx_layout_sane(struct kunit *test, u32 frame, u32 page,
			       const struct cx4_en_rx_layout *l)
{
	KUNIT_EXPECT_GE(test, l->nsegs, 1u);
	KUNIT_EXPECT_LE(test, l->nsegs, CX4_EN_RX_MAX_SEGS);
	KUNIT_EXPECT_EQ(test, l->seg_size, page);
	KUNIT_EXPECT_LE(test, l->head_size, page / 2);
	KUNIT_EXPECT_EQ(test, l->head_size % SMP_CACHE_BYTES, 0u);
	KUNIT_EXPECT_EQ(test, l->head_len, T_HEAD(l->head_size));
	KUNIT_EXPECT_EQ(test, l->buf_len,
			l->head_len + (l->nsegs - 1) * l->seg_size);
	/* Room for the frame, and not a page more than it needs. */
	KUNIT_EXPECT_GE(test, l->buf_len, frame);
	if (l->nsegs > 1)
		KUNIT_EXPECT_LT(test, l->buf_len - l->seg_size, frame);
	KUNIT_EXPECT_GE(test, 1u << (l->log_stride - CX4_EN_RQ_LOG_STRIDE),
			l->nsegs);
}

/* MTU 1500 and below: one entry, two or more buffers a page. */
static void cx4_test_rx_layout_small(struct kunit *test)
{
	struct cx4_en_rx_layout l;
	u32 frame;

	for (frame = 64; frame <= 1522; frame += 29) {
		KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(frame, 4096, 4, 13, &l), 0);
		cx4_rx_layout_sane(test, frame, 4096, &l);
		KUNIT_EXPECT_EQ(test, l.nsegs, 1u);
		KUNIT_EXPECT_EQ(test, l.log_stride, 4);
		KUNIT_EXPECT_GE(test, 4096 / l.head_size, 2u);
		/* Headroom, the frame cache-aligned, skb_shared_info. */
		KUNIT_EXPECT_EQ(test, l.head_size,
				SKB_DATA_ALIGN(CX4_EN_RX_HEADROOM + frame) +
				T_SHINFO);
	}
	/* A 68-byte MTU's frame: four or more a page. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(90, 4096, 4, 13, &l), 0);
	KUNIT_EXPECT_GE(test, 4096 / l.head_size, 4u);
	/* The device's minimum stride: the entry, then Null entries. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(1522, 4096, 6, 13, &l), 0);
	KUNIT_EXPECT_EQ(test, l.nsegs, 1u);
	KUNIT_EXPECT_EQ(test, l.log_stride, 6);
}

/* The last frame one entry takes, and the first that needs a page. */
static void cx4_test_rx_layout_edge(struct kunit *test)
{
	u32 last = T_HEAD(2048);
	struct cx4_en_rx_layout l;

	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(last, 4096, 4, 13, &l), 0);
	KUNIT_EXPECT_EQ(test, l.nsegs, 1u);
	KUNIT_EXPECT_EQ(test, l.head_size, 2048u);
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(last + 1, 4096, 4, 13, &l), 0);
	cx4_rx_layout_sane(test, last + 1, 4096, &l);
	KUNIT_EXPECT_EQ(test, l.nsegs, 2u);
	KUNIT_EXPECT_EQ(test, l.head_size, 2048u);
	KUNIT_EXPECT_EQ(test, l.log_stride, 5);
}

/* Jumbo frames: order-0 pages behind a half-page head. */
static void cx4_test_rx_layout_jumbo(struct kunit *test)
{
	struct cx4_en_rx_layout l;
	u32 frame;

	/* MTU 9000 (9022-byte frames): head + 2 pages, stride of 4. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(9022, 4096, 4, 13, &l), 0);
	cx4_rx_layout_sane(test, 9022, 4096, &l);
	KUNIT_EXPECT_EQ(test, l.nsegs, 3u);
	KUNIT_EXPECT_EQ(test, l.head_size, 2048u);
	KUNIT_EXPECT_EQ(test, l.log_stride, 6);
	/* The model's largest MTU (10240-byte frames): head + 3 pages. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(10240, 4096, 4, 13, &l), 0);
	KUNIT_EXPECT_EQ(test, l.nsegs, 4u);
	for (frame = 1700; frame <= 13000; frame += 337) {
		KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(frame, 4096, 4, 13, &l), 0);
		cx4_rx_layout_sane(test, frame, 4096, &l);
		KUNIT_EXPECT_EQ(test, l.head_size, 2048u);
	}
	/* A device whose WQEs take two entries at most: refused. */
	KUNIT_EXPECT_EQ(test, cx4_en_rx_layout(9022, 4096, 4, 5, &l), -EINVAL);
	/* More entries than cx4 posts: refused. */
	KUNIT_EXPECT_EQ(test, cx4_en_rx_layout(T_HEAD(2048) + 4 * 4096, 4096,
					       4, 13, &l), -EINVAL);
	/* 64 KB pages: a 9000 MTU fits one entry, several a page. */
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(9022, 65536, 4, 13, &l), 0);
	cx4_rx_layout_sane(test, 9022, 65536, &l);
	KUNIT_EXPECT_EQ(test, l.nsegs, 1u);
	KUNIT_EXPECT_GE(test, 65536 / l.head_size, 5u);
}

/* The entries a frame fills; never more than the WQE has. */
static void cx4_test_rx_segs_used(struct kunit *test)
{
	struct cx4_en_rx_layout l;

	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(9022, 4096, 4, 13, &l), 0);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_segs_used(&l, 60), 1u);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_segs_used(&l, l.head_len), 1u);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_segs_used(&l, l.head_len + 1), 2u);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_segs_used(&l, l.head_len + 4096), 2u);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_segs_used(&l, l.head_len + 4097), 3u);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_segs_used(&l, l.buf_len), l.nsegs);
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(1522, 4096, 4, 13, &l), 0);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_segs_used(&l, l.buf_len), 1u);
}

/* The longest frame of the largest WQE: exactly what the layout takes. */
static void cx4_test_rx_max_frame(struct kunit *test)
{
	u32 max = cx4_en_rx_max_frame(4096, 13);
	struct cx4_en_rx_layout l;

	KUNIT_EXPECT_EQ(test, max, T_HEAD(2048) + 3 * 4096);
	KUNIT_ASSERT_EQ(test, cx4_en_rx_layout(max, 4096, 4, 13, &l), 0);
	KUNIT_EXPECT_EQ(test, l.nsegs, CX4_EN_RX_MAX_SEGS);
	KUNIT_EXPECT_EQ(test, l.buf_len, max);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_layout(max + 1, 4096, 4, 13, &l),
			-EINVAL);
	/* The device allows two entries, or one. */
	KUNIT_EXPECT_EQ(test, cx4_en_rx_max_frame(4096, 5), T_HEAD(2048) + 4096);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_max_frame(4096, 4), T_HEAD(2048));
}

/* Copy-break: short frames within the head only. */
static void cx4_test_rx_copybreak(struct kunit *test)
{
	u32 head = T_HEAD(2048);

	KUNIT_EXPECT_TRUE(test, cx4_en_rx_copybreak(60, head));
	KUNIT_EXPECT_TRUE(test, cx4_en_rx_copybreak(CX4_EN_RX_COPYBREAK, head));
	KUNIT_EXPECT_FALSE(test, cx4_en_rx_copybreak(CX4_EN_RX_COPYBREAK + 1,
						     head));
	KUNIT_EXPECT_FALSE(test, cx4_en_rx_copybreak(1500, head));
	/* A head shorter than the threshold (small MTU): its length bounds. */
	KUNIT_EXPECT_TRUE(test, cx4_en_rx_copybreak(128, 128));
	KUNIT_EXPECT_FALSE(test, cx4_en_rx_copybreak(129, 128));
}

/* A copied frame's fragment: headroom, frame, skb_shared_info, aligned. */
static void cx4_test_rx_copy_size(struct kunit *test)
{
	u32 len;

	for (len = 14; len <= CX4_EN_RX_COPYBREAK; len++) {
		u32 sz = cx4_en_rx_copy_size(len);

		KUNIT_EXPECT_EQ(test, sz % SMP_CACHE_BYTES, 0u);
		KUNIT_EXPECT_GE(test, sz, NET_SKB_PAD + NET_IP_ALIGN + len +
				T_SHINFO);
		KUNIT_EXPECT_LT(test, sz, NET_SKB_PAD + NET_IP_ALIGN + len +
				T_SHINFO + SMP_CACHE_BYTES);
	}
	/* x86-64 (64-byte lines, 320-byte shared info): truesize 768. */
	if (SMP_CACHE_BYTES == 64 && NET_SKB_PAD == 64 && !NET_IP_ALIGN &&
	    T_SHINFO == 320)
		KUNIT_EXPECT_EQ(test, cx4_en_rx_copy_size(106), 512u);
}

static struct kunit_case cx4_en_rx_cases[] = {
	KUNIT_CASE(cx4_test_rx_layout_small),
	KUNIT_CASE(cx4_test_rx_layout_edge),
	KUNIT_CASE(cx4_test_rx_layout_jumbo),
	KUNIT_CASE(cx4_test_rx_segs_used),
	KUNIT_CASE(cx4_test_rx_max_frame),
	KUNIT_CASE(cx4_test_rx_copybreak),
	KUNIT_CASE(cx4_test_rx_copy_size),
	{}
};

static struct kunit_suite cx4_en_rx_suite = {
	.name = "cx4_en_rx",
	.test_cases = cx4_en_rx_cases,
};

kunit_test_suites(&cx4_en_rx_suite);

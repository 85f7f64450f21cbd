// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: en/ send WQE building (inline sizes per inline mode, WQE size in
 * octowords, wire bytes and frames of plain and LSO sends, control
 * segment fields) and the validation of completion
 * fields read from the device (send wqe_counter against the posted
 * range, receive opcode / format / wqe_counter / byte_cnt).
 */

#include <kunit/test.h>
#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/string.h>

#include "../en/txrx.h"

static void cx4_test_inline_len(struct kunit *test)
{
	/* L2: Ethernet header plus one VLAN tag, never beyond the frame. */
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_NONE, 1000, 34, 54), 0);
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_L2, 1000, 34, 54), 18);
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_L2, 15, 0, 0), 15);
	/* IP: through the IP header; L2 at least when it is unknown. */
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_IP, 1000, 34, 54), 34);
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_IP, 1000, 0, 0), 18);
	/* TCP/UDP: through the L4 header. */
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_TCP_UDP, 1000, 54, 86), 86);
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_TCP_UDP, 60, 54, 86), 60);
	/* Capped at what cx4 reserves in a WQE. */
	KUNIT_EXPECT_EQ(test, cx4_en_inline_len(CX4_INLINE_MODE_TCP_UDP, 9000, 54, 400),
			CX4_EN_MAX_INLINE);
}

static void cx4_test_wqe_size(struct kunit *test)
{
	/* ctrl 16 + eth 16 (2 inline bytes in it) + one pointer 16. */
	KUNIT_EXPECT_EQ(test, cx4_en_tx_wqe_size(0, 1), 48);
	KUNIT_EXPECT_EQ(test, cx4_en_tx_wqe_size(2, 1), 48);
	/* 18 inline bytes: 16 more after the first 2 -> one octoword. */
	KUNIT_EXPECT_EQ(test, cx4_en_tx_wqe_size(18, 1), 64);
	KUNIT_EXPECT_EQ(test, cx4_en_tx_wqe_size(19, 2), 96);
	/* The largest WQE cx4 builds fits CX4_EN_MAX_WQEBBS. */
	KUNIT_EXPECT_LE(test, DIV_ROUND_UP(cx4_en_tx_wqe_size(CX4_EN_MAX_INLINE +
							      VLAN_HLEN,
							      CX4_EN_MAX_DSEGS),
					   CX4_SEND_WQEBB_SIZE),
			CX4_EN_MAX_WQEBBS);
}

static void cx4_test_tx_bytes(struct kunit *test)
{
	u32 pkts;

	/* Plain frames: padded to 60, nothing added for a tag. */
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(1514, 54, 0, &pkts), 1514);
	KUNIT_EXPECT_EQ(test, pkts, 1);
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(42, 42, 0, &pkts), 60);
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(58, 14, 0, &pkts), 60);
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(61, 14, 0, &pkts), 61);
	/* LSO: 66 header bytes, 3000 payload by 1448: headers thrice. */
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(3066, 66, 1448, &pkts),
			3066 + 2 * 66);
	KUNIT_EXPECT_EQ(test, pkts, 3);
	/* Exact multiple: no empty last segment. */
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(66 + 2896, 66, 1448, &pkts),
			66 + 2896 + 66);
	KUNIT_EXPECT_EQ(test, pkts, 2);
	/* A short last segment (54 + 2 bytes) is not padded. */
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(54 + 1002, 54, 1000, &pkts),
			1056 + 54);
	KUNIT_EXPECT_EQ(test, pkts, 2);
	/* Headers only: one frame. */
	KUNIT_EXPECT_EQ(test, cx4_en_tx_bytes(66, 66, 1448, &pkts), 66);
	KUNIT_EXPECT_EQ(test, pkts, 1);
}

static void cx4_test_ctrl(struct kunit *test)
{
	u8 ctrl[CX4_WQE_CTRL_SIZE];

	memset(ctrl, 0, sizeof(ctrl));
	cx4_en_wqe_ctrl_build(ctrl, 0xfffe, CX4_WQE_OP_SEND, 0x123456, 5, true);
	/* Byte patterns per Table 25: wqe_index<<8 | opcode, sqn<<8 | ds. */
	KUNIT_EXPECT_EQ(test, ctrl[0], 0x00);
	KUNIT_EXPECT_EQ(test, ctrl[1], 0xff);
	KUNIT_EXPECT_EQ(test, ctrl[2], 0xfe);
	KUNIT_EXPECT_EQ(test, ctrl[3], CX4_WQE_OP_SEND);
	KUNIT_EXPECT_EQ(test, ctrl[4], 0x12);
	KUNIT_EXPECT_EQ(test, ctrl[5], 0x34);
	KUNIT_EXPECT_EQ(test, ctrl[6], 0x56);
	KUNIT_EXPECT_EQ(test, ctrl[7], 5);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, CE),
			CX4_WQE_CE_CQE_ALWAYS);
	cx4_en_wqe_ctrl_build(ctrl, 1, CX4_WQE_OP_NOP, 1, 1, false);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, CE),
			CX4_WQE_CE_CQE_ON_ERR);
	/* Every byte is written: what the ring held before does not stay. */
	memset(ctrl, 0xff, sizeof(ctrl));
	cx4_en_wqe_ctrl_build(ctrl, 2, CX4_WQE_OP_SEND, 0x10, 3, true);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, WQE_INDEX), 2);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, OPCODE), CX4_WQE_OP_SEND);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, SQN), 0x10);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, DS), 3);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, CE),
			CX4_WQE_CE_CQE_ALWAYS);
	KUNIT_EXPECT_EQ(test, ctrl[0], 0);	/* opc_mod */
	KUNIT_EXPECT_EQ(test, ctrl[8], 0);	/* signature */
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, FM), 0);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, SE), 0);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_CTRL, ctrl, IMM), 0);
}

static void cx4_test_tx_wc(struct kunit *test)
{
	struct cx4_en_tx_wqe_info info[8] = {};
	u16 mask = 7;

	/* Posted: WQE at 0xfffe (2 WQEBBs), at 0 (1), at 1 (3); pc = 4. */
	info[0xfffe & mask].num_wqebbs = 2;
	info[0].num_wqebbs = 1;
	info[1].num_wqebbs = 3;
	KUNIT_EXPECT_TRUE(test, cx4_en_tx_wc_valid(0xfffe, 0xfffe, 4, mask, info));
	KUNIT_EXPECT_TRUE(test, cx4_en_tx_wc_valid(0, 0xfffe, 4, mask, info));
	KUNIT_EXPECT_TRUE(test, cx4_en_tx_wc_valid(1, 0xfffe, 4, mask, info));
	/* Inside a WQE, not posted yet, or already completed: rejected. */
	KUNIT_EXPECT_FALSE(test, cx4_en_tx_wc_valid(0xffff, 0xfffe, 4, mask, info));
	KUNIT_EXPECT_FALSE(test, cx4_en_tx_wc_valid(2, 0xfffe, 4, mask, info));
	KUNIT_EXPECT_FALSE(test, cx4_en_tx_wc_valid(4, 0xfffe, 4, mask, info));
	KUNIT_EXPECT_FALSE(test, cx4_en_tx_wc_valid(0xfffd, 0xfffe, 4, mask, info));
	/* Nothing posted. */
	KUNIT_EXPECT_FALSE(test, cx4_en_tx_wc_valid(4, 4, 4, mask, info));
}

/*
 * A send CQE read once: its verdict from the copy, the error CQE copied
 * whole (syndrome), a completion only its last dword.
 */
static void cx4_test_sq_cqe_read(struct kunit *test)
{
	struct cx4_en_tx_wqe_info info[8] = {};
	u8 hw[CX4_CQE_SIZE], cqe[CX4_CQE_SIZE];
	u16 wc = 0;

	info[2].num_wqebbs = 1;
	info[3].num_wqebbs = 1;
	memset(hw, 0, sizeof(hw));
	CX4_SET(ERR_CQE, hw, SYNDROME, 0x5);
	CX4_SET(CQE, hw, OPCODE, CX4_CQE_OP_REQ);
	CX4_SET(CQE, hw, WQE_COUNTER, 3);
	memset(cqe, 0xee, sizeof(cqe));
	KUNIT_EXPECT_EQ(test, cx4_en_sq_cqe_read(hw, cqe, 2, 4, 7, info, &wc),
			CX4_EN_SQ_CQE_REQ);
	KUNIT_EXPECT_EQ(test, wc, 3);
	KUNIT_EXPECT_EQ(test, cqe[0], 0xee);	/* only the last dword read */
	/* Error CQE: copied whole, its syndrome readable. */
	CX4_SET(CQE, hw, OPCODE, CX4_CQE_OP_REQ_ERR);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_cqe_read(hw, cqe, 2, 4, 7, info, &wc),
			CX4_EN_SQ_CQE_ERR);
	KUNIT_EXPECT_EQ(test, CX4_GET(ERR_CQE, cqe, SYNDROME), 0x5);
	/* A receive opcode on a send CQ, a counter of no posted WQE. */
	CX4_SET(CQE, hw, OPCODE, CX4_CQE_OP_RESP_SEND);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_cqe_read(hw, cqe, 2, 4, 7, info, &wc),
			CX4_EN_SQ_CQE_BAD_OP);
	CX4_SET(CQE, hw, OPCODE, CX4_CQE_OP_REQ);
	CX4_SET(CQE, hw, WQE_COUNTER, 4);
	KUNIT_EXPECT_EQ(test, cx4_en_sq_cqe_read(hw, cqe, 2, 4, 7, info, &wc),
			CX4_EN_SQ_CQE_BAD_WC);
	KUNIT_EXPECT_STREQ(test, cx4_en_sq_cqe_bad_why(CX4_EN_SQ_CQE_BAD_WC),
			   "bad wqe_counter");
}

static void cx4_test_rx_cqe(u8 *cqe, u32 op, u32 fmt, u16 wc, u32 len)
{
	memset(cqe, 0, CX4_CQE_SIZE);
	CX4_SET(CQE, cqe, OPCODE, op);
	CX4_SET(CQE, cqe, FORMAT, fmt);
	CX4_SET(CQE, cqe, WQE_COUNTER, wc);
	CX4_SET(CQE, cqe, BYTE_CNT, len);
}

static void cx4_test_rx_check(struct kunit *test)
{
	u8 cqe[CX4_CQE_SIZE];

	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 7, 60);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_OK);
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 0xffff, 1522);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 0xffff, 0, 1522), CX4_EN_RX_OK);
	/* byte_cnt: shorter than an Ethernet header, beyond the buffer. */
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 7, ETH_HLEN - 1);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_LEN);
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 7, 1523);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_LEN);
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 7, 0xffffffff);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_LEN);
	/* wqe_counter must be the consumer counter. */
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 8, 60);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_COUNTER);
	/* Opcodes other than receive and receive error; compressed format. */
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_REQ, 0, 7, 60);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_OPCODE);
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_INVALID, 0, 7, 60);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_OPCODE);
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, CX4_CQE_FORMAT_COMPRESSED, 7, 60);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_OPCODE);
	/* Error CQE: consumed (counter checked), byte_cnt not used. */
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_ERR, 0, 7, 0);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_ERR_CQE);
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_ERR, 0, 9, 0);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 8, 1522), CX4_EN_RX_BAD_COUNTER);
}

/*
 * A CQE naming the consumer counter when nothing is posted (a refill
 * failed: the slot has no buffer) is bad, good or error opcode alike.
 */
static void cx4_test_rx_check_unposted(struct kunit *test)
{
	u8 cqe[CX4_CQE_SIZE];

	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 7, 60);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 7, 1522),
			CX4_EN_RX_BAD_COUNTER);
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_ERR, 0, 7, 0);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 7, 7, 1522),
			CX4_EN_RX_BAD_COUNTER);
	/* Wrap: cc 0xffff with one WQE posted (pc 0) is fine. */
	cx4_test_rx_cqe(cqe, CX4_CQE_OP_RESP_SEND, 0, 0xffff, 60);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 0xffff, 0, 1522),
			CX4_EN_RX_OK);
	KUNIT_EXPECT_EQ(test, cx4_en_rx_cqe_check(cqe, 0xffff, 0xffff, 1522),
			CX4_EN_RX_BAD_COUNTER);
}

/* RQ stride from the device's range: bounded, never trusted. */
static void cx4_test_rq_log_stride(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, 4, 13), 4);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, 0, 13), CX4_EN_RQ_LOG_STRIDE);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, 5, 13), 5);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, CX4_EN_RQ_MAX_LOG_STRIDE, 13),
			CX4_EN_RQ_MAX_LOG_STRIDE);
	/* Above what cx4 accepts: 1024 << 31 would overflow the ring size. */
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, CX4_EN_RQ_MAX_LOG_STRIDE + 1, 31),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, 31, 31), -EINVAL);
	/* Device maximum below the stride needed. */
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, 4, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(1, 5, 4), -EINVAL);
	/* Several scatter entries: a power of two of them, Null-padded. */
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(2, 4, 13), 5);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(3, 4, 13), 6);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(4, 4, 13), 6);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(CX4_EN_RX_MAX_SEGS + 1, 4, 13),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cx4_en_rq_log_stride(3, 4, 5), -EINVAL);
}

static struct kunit_case cx4_en_wqe_cases[] = {
	KUNIT_CASE(cx4_test_inline_len),
	KUNIT_CASE(cx4_test_wqe_size),
	KUNIT_CASE(cx4_test_tx_bytes),
	KUNIT_CASE(cx4_test_ctrl),
	KUNIT_CASE(cx4_test_tx_wc),
	KUNIT_CASE(cx4_test_sq_cqe_read),
	KUNIT_CASE(cx4_test_rx_check),
	KUNIT_CASE(cx4_test_rx_check_unposted),
	KUNIT_CASE(cx4_test_rq_log_stride),
	{}
};

static struct kunit_suite cx4_en_wqe_suite = {
	.name = "cx4_en_wqe",
	.test_cases = cx4_en_wqe_cases,
};

kunit_test_suites(&cx4_en_wqe_suite);

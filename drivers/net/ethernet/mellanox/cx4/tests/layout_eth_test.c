// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: Ethernet datapath PRM layouts (include/linux/cx4/prm_swif.h
 * 7.4-7.12, prm_cmd.h 12.8-12.14): each field lands on the bytes and bits
 * the PRM tables give, and the layouts fit in the commands carrying them.
 * The raw dword reads (cx4_rd32 at a literal offset, marked prm-offsets:
 * ok) are the PRM's own bytes the header fields are checked against.
 */

#include <kunit/test.h>
#include <linux/string.h>
#include <linux/cx4/prm_cmd.h>

/* Contexts inside their commands (Tables 282, 299, 316, 333, 350). */
static_assert(CX4_TIRC_SIZE == 0xf0);			/* 1920 bits */
static_assert(CX4_TISC_SIZE == 0xa0);			/* 1280 bits */
static_assert(CX4_CREATE_TIR_IN_SIZE == 0x110);
static_assert(CX4_SQC_SIZE == 0xf0 && CX4_RQC_SIZE == 0xf0);
static_assert(CX4_CREATE_SQ_IN_OFF_PAS == CX4_QUEUE_OFF_PAS);
static_assert(CX4_CREATE_RQ_IN_OFF_PAS == CX4_QUEUE_OFF_PAS);
static_assert(CX4_QUERY_SQ_OUT_OFF_PAS == CX4_QUEUE_OFF_PAS);
static_assert(CX4_SQC_OFF_WQ + CX4_WQ_OFF_PAS + CX4_OBJ_CMD_OFF_CTX == CX4_QUEUE_OFF_PAS);
/* One RQ list entry: 1952 bits of context at 0x20 (Table 350). */
static_assert(CX4_CREATE_RQT_IN_OFF_CTX + CX4_RQTC_OFF_RQ_NUM + CX4_RQTC_RQ_NUM_SIZE == 0x114);
/* TIR: key, then the two hash selectors. */
static_assert(CX4_TIRC_OFF_RX_HASH_TOEPLITZ_KEY + CX4_TIRC_RX_HASH_TOEPLITZ_KEY_LEN ==
	      CX4_TIRC_OFF_RX_HASH_FIELD_SEL_OUTER);
static_assert(CX4_TIRC_OFF_RX_HASH_FIELD_SEL_INNER + 4 <= CX4_TIRC_SIZE);
/* Flow steering (Tables 383, 405, 427, 429). */
static_assert(CX4_FT_OFF_CTX + CX4_FTC_SIZE == CX4_FT_CMD_SIZE);
static_assert(CX4_FTE_MATCH_OFF_MISC + CX4_FTE_MATCH_SET_SIZE <= CX4_FTE_MATCH_PARAM_SIZE);
static_assert(CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA + CX4_FTE_MATCH_PARAM_SIZE ==
	      0x240);
static_assert(CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_MATCH_PARAM_SIZE <= CX4_FLOWC_OFF_DEST);
/* A flow context with one list entry is 6208 bits (Table 428). */
static_assert(CX4_FLOWC_OFF_DEST + CX4_FLOWC_DEST_SIZE == 0x308);
static_assert(CX4_QUERY_FLOW_COUNTER_OUT_SIZE == 0x20);
/* WQEs and CQEs. */
static_assert(CX4_WQE_CTRL_SIZE + CX4_WQE_ETH_SIZE + CX4_WQE_DSEG_SIZE <= CX4_SEND_WQEBB_SIZE);
static_assert(CX4_SEND_WQEBB_SIZE == 1 << CX4_SEND_WQEBB_SHIFT);
static_assert(CX4_MINI_CQE_PER_CQE * CX4_MINI_CQE_SIZE == CX4_CQE_SIZE);

static void cx4_test_send_wqe(struct kunit *test)
{
	static const u8 want_ctrl[16] = {
		0x00, 0x12, 0x34, 0x0a,	/* wqe_index 0x1234, opcode SEND */
		0x00, 0x01, 0x02, 0x03,	/* sqn 0x000102, ds 3 */
		0x00, 0x00, 0x00, 0x08,	/* ce = CQE always */
		0x00, 0x00, 0x00, 0x00,
	};
	u8 seg[64] = {};

	CX4_SET(WQE_CTRL, seg, WQE_INDEX, 0x1234);
	CX4_SET(WQE_CTRL, seg, OPCODE, CX4_WQE_OP_SEND);
	CX4_SET(WQE_CTRL, seg, SQN, 0x102);
	CX4_SET(WQE_CTRL, seg, DS, 3);
	CX4_SET(WQE_CTRL, seg, CE, CX4_WQE_CE_CQE_ALWAYS);
	KUNIT_EXPECT_EQ(test, memcmp(seg, want_ctrl, sizeof(want_ctrl)), 0);

	/* Ethernet segment: cs_flags byte, mss, inline size and bytes. */
	memset(seg, 0, sizeof(seg));
	CX4_SET(WQE_ETH, seg, L4CS, 1);
	KUNIT_EXPECT_EQ(test, seg[CX4_WQE_ETH_OFF_CS_FLAGS], CX4_WQE_ETH_CS_L4);
	CX4_SET(WQE_ETH, seg, L3CS, 1);
	KUNIT_EXPECT_EQ(test, seg[CX4_WQE_ETH_OFF_CS_FLAGS],
			CX4_WQE_ETH_CS_L4 | CX4_WQE_ETH_CS_L3);
	CX4_SET(WQE_ETH, seg, MSS, 1448);
	KUNIT_EXPECT_EQ(test, seg[6], 1448 >> 8);
	KUNIT_EXPECT_EQ(test, seg[7], 1448 & 0xff);
	CX4_SET(WQE_ETH, seg, INLINE_HDR_SZ, 0x3ff);
	KUNIT_EXPECT_EQ(test, seg[0x0c], 0x03);
	KUNIT_EXPECT_EQ(test, seg[0x0d], 0xff);
	KUNIT_EXPECT_EQ(test, seg[CX4_WQE_ETH_OFF_INLINE_HDR], 0);
	KUNIT_EXPECT_EQ(test, cx4_wqe_eth_seg_size(0), 0x10u);
	KUNIT_EXPECT_EQ(test, cx4_wqe_eth_seg_size(2), 0x10u);
	KUNIT_EXPECT_EQ(test, cx4_wqe_eth_seg_size(3), 0x20u);
	KUNIT_EXPECT_EQ(test, cx4_wqe_eth_seg_size(18), 0x20u);
	KUNIT_EXPECT_EQ(test, cx4_wqe_eth_seg_size(19), 0x30u);

	/* Data segments: pointer and inline. */
	memset(seg, 0, sizeof(seg));
	CX4_SET(WQE_DSEG, seg, BYTE_COUNT, 0x7fffffff);
	KUNIT_EXPECT_EQ(test, seg[0], 0x7f);
	KUNIT_EXPECT_EQ(test, CX4_GET(WQE_DSEG, seg, INLINE), 0u);
	CX4_SET(WQE_DSEG, seg, INLINE, 1);
	KUNIT_EXPECT_EQ(test, seg[0], 0xff);
	CX4_SET(WQE_DSEG, seg, LKEY, 0x100);
	CX4_SET64(WQE_DSEG, seg, ADDR, 0x1122334455667788ull);
	KUNIT_EXPECT_EQ(test, seg[6], 0x01);
	KUNIT_EXPECT_EQ(test, seg[8], 0x11);
	KUNIT_EXPECT_EQ(test, seg[15], 0x88);
	KUNIT_EXPECT_EQ(test, CX4_WQE_DSEG_OFF_INLINE_DATA, 4);
}

static void cx4_test_rx_wqe_and_dbr(struct kunit *test)
{
	u8 seg[16] = {};
	u8 dbr[CX4_WQ_DBR_SIZE] = {};

	CX4_SET(RX_DSEG, seg, START_PADDING, 1);
	KUNIT_EXPECT_EQ(test, seg[0], 0x80);
	CX4_SET(RX_DSEG, seg, BYTE_COUNT, 2048);
	KUNIT_EXPECT_EQ(test, cx4_rd32(seg, 0), 0x80000800u);
	CX4_SET(RX_DSEG, seg, LKEY, CX4_RX_DSEG_NULL_LKEY);
	KUNIT_EXPECT_EQ(test, seg[6], 0x01);

	CX4_SET(WQ_DBR, dbr, RCV_COUNTER, 0xabcd);
	CX4_SET(WQ_DBR, dbr, SND_COUNTER, 0x1234);
	KUNIT_EXPECT_EQ(test, dbr[2], 0xab);
	KUNIT_EXPECT_EQ(test, dbr[3], 0xcd);
	KUNIT_EXPECT_EQ(test, dbr[6], 0x12);
	KUNIT_EXPECT_EQ(test, dbr[7], 0x34);
}

static void cx4_test_queue_contexts(struct kunit *test)
{
	u8 c[CX4_SQC_SIZE] = {};
	u8 *wq = CX4_ADDR(SQC, c, WQ);

	CX4_SET(SQC, c, STATE, CX4_WQ_STATE_ERR);
	KUNIT_EXPECT_EQ(test, c[1], 0x30);
	CX4_SET(SQC, c, MIN_WQE_INLINE_MODE, CX4_INLINE_MODE_TCP_UDP);
	KUNIT_EXPECT_EQ(test, c[0], 0x03);
	CX4_SET(SQC, c, TIS_NUM_0, 0xabcdef);
	KUNIT_EXPECT_EQ(test, c[0x2d], 0xab);
	CX4_SET(SQC, c, TIS_LST_SZ, 1);
	KUNIT_EXPECT_EQ(test, c[0x21], 1);

	CX4_SET(WQ, wq, TYPE, CX4_WQ_TYPE_CYCLIC);
	KUNIT_EXPECT_EQ(test, c[0x30], 0x10);
	CX4_SET(WQ, wq, LOG_WQ_STRIDE, 6);
	CX4_SET(WQ, wq, LOG_WQ_SZ, 10);
	KUNIT_EXPECT_EQ(test, c[0x30 + 0x21], 6);
	KUNIT_EXPECT_EQ(test, c[0x30 + 0x23], 10);
	CX4_SET64(WQ, wq, DBR_ADDR, 0x1000ull);
	KUNIT_EXPECT_EQ(test, c[0x30 + 0x16], 0x10);

	memset(c, 0, sizeof(c));
	CX4_SET(RQC, c, VSD, 1);
	KUNIT_EXPECT_EQ(test, c[0], 0x10);
	CX4_SET(RQC, c, FLUSH_IN_ERROR_EN, 1);
	KUNIT_EXPECT_EQ(test, c[1], 0x04);
	CX4_SET(RQC, c, CQN, 0x42);
	KUNIT_EXPECT_EQ(test, c[0x0b], 0x42);
}

static void cx4_test_tir_tis_rqt(struct kunit *test)
{
	u8 c[CX4_TIRC_SIZE] = {};
	u8 rqt[0x100] = {};

	CX4_SET(TIRC, c, DISP_TYPE, CX4_TIR_DISP_INDIRECT);
	KUNIT_EXPECT_EQ(test, c[4], 0x10);
	CX4_SET(TIRC, c, LRO_ENABLE_MASK, CX4_TIR_LRO_IPV4 | CX4_TIR_LRO_IPV6);
	CX4_SET(TIRC, c, LRO_MAX_MSG_SZ, 0xff);
	KUNIT_EXPECT_EQ(test, c[0x12], 0x03);
	KUNIT_EXPECT_EQ(test, c[0x13], 0xff);
	CX4_SET(TIRC, c, RX_HASH_FN, CX4_TIR_HASH_TOEPLITZ);
	CX4_SET(TIRC, c, SELF_LB_EN, CX4_TIR_SELF_LB_UC);
	KUNIT_EXPECT_EQ(test, c[0x24], 0x21);
	CX4_SET(HASH_SEL, CX4_ADDR(TIRC, c, RX_HASH_FIELD_SEL_OUTER),
		L3_PROT_TYPE, CX4_HASH_SEL_L3_IPV6);
	CX4_SET(HASH_SEL, CX4_ADDR(TIRC, c, RX_HASH_FIELD_SEL_OUTER),
		SELECTED_FIELDS, CX4_HASH_FIELD_SRC_IP | CX4_HASH_FIELD_L4_DPORT);
	KUNIT_EXPECT_EQ(test, cx4_rd32(c, 0x50), 0x80000009u);	/* prm-offsets: ok */

	memset(c, 0, sizeof(c));
	CX4_SET(TISC, c, PRIO, 0xe);
	KUNIT_EXPECT_EQ(test, c[1], 0x0e);
	CX4_SET(TISC, c, TRANSPORT_DOMAIN, 7);
	KUNIT_EXPECT_EQ(test, c[0x27], 7);

	CX4_SET(RQTC, rqt, RQT_MAX_SIZE, 8);
	CX4_SET(RQTC, rqt, RQT_ACTUAL_SIZE, 4);
	CX4_SET(RQTC, rqt + cx4_rqtc_rq_off(3), RQ_NUM, 0x123456);
	KUNIT_EXPECT_EQ(test, rqt[0x17], 8);
	KUNIT_EXPECT_EQ(test, rqt[0x1b], 4);
	KUNIT_EXPECT_EQ(test, cx4_rd32(rqt, 0xfc), 0x123456u);	/* prm-offsets: ok */
}

static void cx4_test_cqe(struct kunit *test)
{
	u8 cqe[CX4_CQE_SIZE] = {};

	CX4_SET(CQE, cqe, L4_OK, 1);
	CX4_SET(CQE, cqe, L3_OK, 1);
	KUNIT_EXPECT_EQ(test, cqe[0x1c], 0x06);
	CX4_SET(CQE, cqe, L4_HDR_TYPE, CX4_CQE_L4_TCP);
	CX4_SET(CQE, cqe, L3_HDR_TYPE, CX4_CQE_L3_IPV4);
	CX4_SET(CQE, cqe, CV, 1);
	KUNIT_EXPECT_EQ(test, cqe[0x1d], 0x19);
	CX4_SET(CQE, cqe, VLAN_TCI, 0xa123);
	KUNIT_EXPECT_EQ(test, CX4_GET(CQE, cqe, UP), 5u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CQE, cqe, VID), 0x123u);
	CX4_SET(CQE, cqe, CHECKSUM, 0xbeef);
	KUNIT_EXPECT_EQ(test, cqe[0x14], 0xbe);
	CX4_SET(CQE, cqe, RX_HASH_TYPE,
		CX4_CQE_HASH_IPV4 << CX4_CQE_HASH_IP_SRC_SHIFT |
		CX4_CQE_HASH_L4_TCP << CX4_CQE_HASH_L4_DST_SHIFT);
	KUNIT_EXPECT_EQ(test, cqe[0x10], 0x41);
	CX4_SET(CQE, cqe, LRO_NUM_SEG, 3);
	CX4_SET(CQE, cqe, USER_INDEX, 0x10203);
	KUNIT_EXPECT_EQ(test, cx4_rd32(cqe, 0x20), 0x03010203u);	/* prm-offsets: ok */
	CX4_SET(CQE, cqe, LRO_TCP_PSH, 1);
	CX4_SET(CQE, cqe, LRO_ABRT, CX4_CQE_LRO_ABRT_TIMEOUT);
	CX4_SET(CQE, cqe, LRO_MIN_TTL, 64);
	KUNIT_EXPECT_EQ(test, cqe[4], 0x50);
	KUNIT_EXPECT_EQ(test, cqe[5], 64);
	CX4_SET(ERR_CQE, cqe, SYNDROME, CX4_CQE_SYN_LOCAL_PROT_ERR);
	CX4_SET(ERR_CQE, cqe, VENDOR_ERR_SYNDROME, 0x77);
	KUNIT_EXPECT_EQ(test, cqe[0x36], 0x77);
	KUNIT_EXPECT_EQ(test, cqe[0x37], 0x04);
	CX4_SET(CQE, cqe, S_WQE_OPCODE, CX4_WQE_OP_LSO);
	CX4_SET(CQE, cqe, FLOW_TAG, 0x55);
	KUNIT_EXPECT_EQ(test, cx4_rd32(cqe, 0x38), 0x0e000055u);	/* prm-offsets: ok */
	KUNIT_EXPECT_EQ(test, cx4_mini_cqe_entry(9), 8u);
}

static void cx4_test_flow_steering(struct kunit *test)
{
	static const u8 mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	u8 cmd[0x400] = {};
	u8 *crit = CX4_ADDR(CREATE_FLOW_GROUP_IN, cmd, MATCH_CRITERIA);
	u8 *mc = CX4_ADDR(FTE_MATCH, crit, OUTER);
	u8 *ctx = CX4_ADDR(CREATE_FLOW_TABLE_IN, cmd, CTX);

	CX4_SET(FT_CMD, cmd, TABLE_TYPE, CX4_FT_TYPE_NIC_TX);
	CX4_SET(FT_CMD, cmd, TABLE_ID, 0x10);
	KUNIT_EXPECT_EQ(test, cmd[0x10], 1);
	KUNIT_EXPECT_EQ(test, cmd[0x17], 0x10);
	CX4_SET(FTC, ctx, TABLE_MISS_ACTION, CX4_FT_MISS_IDENTIFIED);
	CX4_SET(FTC, ctx, LEVEL, 2);
	CX4_SET(FTC, ctx, LOG_SIZE, 10);
	KUNIT_EXPECT_EQ(test, cx4_rd32(cmd, 0x18), 0x0102000au);	/* prm-offsets: ok */

	CX4_SET(CREATE_FLOW_GROUP_IN, cmd, MATCH_CRITERIA_ENABLE,
		CX4_MATCH_OUTER_HEADERS);
	KUNIT_EXPECT_EQ(test, cmd[0x3f], 1);
	CX4_SET(FTE, mc, DMAC_47_16, 0x02112233);
	CX4_SET(FTE, mc, DMAC_15_0, 0x4455);
	KUNIT_EXPECT_EQ(test, memcmp(CX4_ADDR(FTE, mc, DMAC), mac, 6), 0);
	CX4_SET(FTE, mc, ETHERTYPE, 0x86dd);
	KUNIT_EXPECT_EQ(test, mc[6], 0x86);
	CX4_SET(FTE, mc, IP_PROTOCOL, 6);
	CX4_SET(FTE, mc, CVLAN_TAG, 1);
	KUNIT_EXPECT_EQ(test, cx4_rd32(mc, 0x10), 0x06008000u);	/* prm-offsets: ok */
	CX4_SET(FTE, mc, TCP_DPORT, 80);
	CX4_SET(FTE, mc, UDP_SPORT, 53);
	KUNIT_EXPECT_EQ(test, mc[0x17], 80);
	KUNIT_EXPECT_EQ(test, mc[0x1d], 53);
	cx4_wr32(mc, CX4_FTE_OFF_DST_IP + CX4_FTE_OFF_IPV4_IN_IP, 0xc6120001);
	KUNIT_EXPECT_EQ(test, mc[0x3c], 0xc6);

	memset(cmd, 0, sizeof(cmd));
	ctx = CX4_ADDR(FTE, cmd, FLOW_CTX);
	CX4_SET(FTE_CMD, cmd, FLOW_INDEX, 5);
	KUNIT_EXPECT_EQ(test, cmd[0x23], 5);
	CX4_SET(FLOWC, ctx, ACTION,
		CX4_FLOW_ACTION_FWD_DEST | CX4_FLOW_ACTION_COUNT);
	CX4_SET(FLOWC, ctx, DESTINATION_LIST_SIZE, 1);
	CX4_SET(FLOWC, ctx, FLOW_COUNTER_LIST_SIZE, 1);
	CX4_SET(FLOW_DEST, ctx + cx4_flowc_dest_off(0), TYPE,
		CX4_FLOW_DEST_TIR);
	CX4_SET(FLOW_DEST, ctx + cx4_flowc_dest_off(0), ID, 0x21);
	CX4_SET(FLOW_COUNTER, ctx + cx4_flowc_dest_off(1), ENTRY_ID, 0x3);
	KUNIT_EXPECT_EQ(test, ctx[0x0f], 0x0c);
	KUNIT_EXPECT_EQ(test, cx4_rd32(cmd, 0x340), 0x02000021u);	/* prm-offsets: ok */
	KUNIT_EXPECT_EQ(test, cx4_rd32(cmd, 0x348), 0x3u);	/* prm-offsets: ok */
	KUNIT_EXPECT_EQ(test, cx4_fte_cmd_size(2), 0x350u);
}

static struct kunit_case cx4_layout_eth_cases[] = {
	KUNIT_CASE(cx4_test_send_wqe),
	KUNIT_CASE(cx4_test_rx_wqe_and_dbr),
	KUNIT_CASE(cx4_test_queue_contexts),
	KUNIT_CASE(cx4_test_tir_tis_rqt),
	KUNIT_CASE(cx4_test_cqe),
	KUNIT_CASE(cx4_test_flow_steering),
	{}
};

static struct kunit_suite cx4_layout_eth_suite = {
	.name = "cx4_layout_eth",
	.test_cases = cx4_layout_eth_cases,
};

kunit_test_suites(&cx4_layout_eth_suite);

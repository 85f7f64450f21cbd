/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The register map of the debug control page (BAR0 + 0x1fff000, property
 * debug-ctl=on; Documentation/device-model.md, "Debug control page"), the
 * one transcription shared by the model (core/ctl.c and the readers it
 * calls) and the guest tool tools/testing/cx4ctl.c.  Plain C, no
 * includes and no model types, so that the tool builds with libc alone.
 *
 * Registers are 32-bit, big-endian like the rest of BAR0.  Each list
 * entry is X(ID, name, offset, access):
 *   ID      CX4DEV_CTL_<ID> = offset (enum cx4dev_ctl_reg)
 *   name    the register's name for cx4ctl (get, set, dump)
 *   access  CX4DEV_CTL_RO, CX4DEV_CTL_WO or CX4DEV_CTL_RW
 *
 * The order of the lists is the order of `cx4ctl BDF dump`.
 */
#ifndef CX4DEV_CTL_H
#define CX4DEV_CTL_H

#define CX4DEV_CTL_PAGE_OFF	0x1fff000u	/* in BAR0 */
#define CX4DEV_CTL_MAGIC_VAL	0x43583444u	/* "CX4D" */
#define CX4DEV_CTL_VERSION_VAL	1u

#define CX4DEV_CTL_RD		1u
#define CX4DEV_CTL_WR		2u
#define CX4DEV_CTL_RO		CX4DEV_CTL_RD
#define CX4DEV_CTL_WO		CX4DEV_CTL_WR
#define CX4DEV_CTL_RW		(CX4DEV_CTL_RD | CX4DEV_CTL_WR)

/* Status, command knobs, events, queue knobs (core/ctl.c). */
#define CX4DEV_CTL_REGS_MISC(X)							\
	X(MAGIC,		"magic",		0x000, CX4DEV_CTL_RO)	\
	X(VERSION,		"version",		0x004, CX4DEV_CTL_RO)	\
	X(GUEST_ERRORS,		"guest_errors",		0x008, CX4DEV_CTL_RO)	\
	X(COMMANDS,		"commands_executed",	0x00c, CX4DEV_CTL_RO)	\
	X(PAGES_OWNED,		"pages_owned",		0x010, CX4DEV_CTL_RO)	\
	X(KNOB_HITS,		"knob_hits",		0x014, CX4DEV_CTL_RO)	\
	X(EXPECTED_ERRORS,	"expected_errors",	0x018, CX4DEV_CTL_RO)	\
	X(RESET_COUNTERS,	"reset_counters",	0x01c, CX4DEV_CTL_WO)	\
	X(EXPECT_ERRORS,	"expect_errors",	0x020, CX4DEV_CTL_RW)	\
	X(MODEL_LIMITATIONS,	"model_limitations",	0x024, CX4DEV_CTL_RO)	\
	X(CAPS_OFF,		"caps_off",		0x028, CX4DEV_CTL_RW)	\
	X(CAPS_ON,		"caps_on",		0x02c, CX4DEV_CTL_RW)	\
	X(DMA_PROBE_HI,		"dma_probe_hi",		0x030, CX4DEV_CTL_RW)	\
	X(DMA_PROBE,		"dma_probe",		0x034, CX4DEV_CTL_WO)	\
	X(DMA_FAULTS,		"dma_faults",		0x038, CX4DEV_CTL_RO)	\
	X(FAIL_NTH,		"fail_nth",		0x040, CX4DEV_CTL_RW)	\
	X(FAIL_OPCODE,		"fail_opcode",		0x044, CX4DEV_CTL_RW)	\
	X(FAIL_STATUS,		"fail_status",		0x048, CX4DEV_CTL_RW)	\
	X(FAIL_SYNDROME,	"fail_syndrome",	0x04c, CX4DEV_CTL_RW)	\
	X(DELAY_MS,		"delay_ms",		0x050, CX4DEV_CTL_RW)	\
	X(DELAY_OPCODE,		"delay_opcode",		0x054, CX4DEV_CTL_RW)	\
	X(DELAY_COUNT,		"delay_count",		0x058, CX4DEV_CTL_RW)	\
	X(HANG_OPCODE,		"hang_opcode",		0x05c, CX4DEV_CTL_RW)	\
	X(OUT_PATCH_OPCODE,	"out_patch_opcode",	0x060, CX4DEV_CTL_RW)	\
	X(OUT_PATCH_OP_MOD,	"out_patch_op_mod",	0x064, CX4DEV_CTL_RW)	\
	X(OUT_PATCH_OFFSET,	"out_patch_offset",	0x068, CX4DEV_CTL_RW)	\
	X(OUT_PATCH_VALUE,	"out_patch_value",	0x06c, CX4DEV_CTL_RW)	\
	X(OUT_PATCH_MASK,	"out_patch_mask",	0x070, CX4DEV_CTL_RW)	\
	X(OUT_PATCH_SKIP,	"out_patch_skip",	0x074, CX4DEV_CTL_RW)	\
	X(FAIL_OPCODE_COUNT,	"fail_opcode_count",	0x078, CX4DEV_CTL_RW)	\
	X(HEALTH_SYNDROME,	"health_syndrome",	0x080, CX4DEV_CTL_RW)	\
	X(HEALTH_STOP,		"health_stop",		0x084, CX4DEV_CTL_RW)	\
	X(INTERNAL_ERROR,	"internal_error",	0x088, CX4DEV_CTL_WO)	\
	X(PAGE_REQUEST,		"page_request",		0x0a0, CX4DEV_CTL_WO)	\
	X(DROP_CMD_EVENTS,	"drop_cmd_events",	0x0a4, CX4DEV_CTL_RW)	\
	X(LINK,			"link",			0x0a8, CX4DEV_CTL_RW)	\
	X(EQES,			"eqes",			0x0ac, CX4DEV_CTL_RO)	\
	X(CQ_ERROR,		"cq_error",		0x0b0, CX4DEV_CTL_WO)	\
	X(CQE_POST,		"cqe_post",		0x0b4, CX4DEV_CTL_WO)	\
	X(WQ_ERROR,		"wq_error",		0x0c0, CX4DEV_CTL_RW)	\
	X(WQ_ERROR_SYNDROME,	"wq_error_syndrome",	0x0c4, CX4DEV_CTL_RW)	\
	X(SQ_STALL,		"sq_stall",		0x0c8, CX4DEV_CTL_RW)	\
	X(SQ_STALL_HELD,	"sq_stall_held",	0x0cc, CX4DEV_CTL_RO)	\
	/* the channels' view (core/cq.c), beside its array below */	\
	X(CHAN_RX_PERIOD_MODE,	"chan_rx_period_mode",	0x0d0, CX4DEV_CTL_RO)	\
	X(CHAN_TX_PERIOD_MODE,	"chan_tx_period_mode",	0x0d4, CX4DEV_CTL_RO)

/* Port view (core/port_cnt.c). */
#define CX4DEV_CTL_REGS_PORT(X)							\
	X(PORT_STATE,		"port_state",		0x180, CX4DEV_CTL_RO)	\
	X(PORT_MTU,		"port_mtu",		0x184, CX4DEV_CTL_RO)	\
	X(LINK_DOWN_EVENTS,	"link_down_events",	0x188, CX4DEV_CTL_RO)

/*
 * Port counter i (enum cx4dev_pc, low 32 bits, raw: PPCNT clr does not
 * reset it) at CX4DEV_CTL_PORT_CNT + 4 * i (core/port_cnt.c).
 */
#define CX4DEV_CTL_REGS_PORT_CNT(X)							\
	X(PC_TX_FRAMES,		"pc_tx_frames",		0x200, CX4DEV_CTL_RO)	\
	X(PC_TX_OCTETS,		"pc_tx_octets",		0x204, CX4DEV_CTL_RO)	\
	X(PC_TX_UCAST,		"pc_tx_ucast",		0x208, CX4DEV_CTL_RO)	\
	X(PC_TX_MCAST,		"pc_tx_mcast",		0x20c, CX4DEV_CTL_RO)	\
	X(PC_TX_BCAST,		"pc_tx_bcast",		0x210, CX4DEV_CTL_RO)	\
	X(PC_TX_DISCARDS,	"pc_tx_discards",	0x214, CX4DEV_CTL_RO)	\
	X(PC_TX_ERRORS,		"pc_tx_errors",		0x218, CX4DEV_CTL_RO)	\
	X(PC_RX_ALL,		"pc_rx_all",		0x21c, CX4DEV_CTL_RO)	\
	X(PC_RX_ALL_OCTETS,	"pc_rx_all_octets",	0x220, CX4DEV_CTL_RO)	\
	X(PC_RX_OK,		"pc_rx_ok",		0x224, CX4DEV_CTL_RO)	\
	X(PC_RX_OK_OCTETS,	"pc_rx_ok_octets",	0x228, CX4DEV_CTL_RO)	\
	X(PC_RX_UCAST,		"pc_rx_ucast",		0x22c, CX4DEV_CTL_RO)	\
	X(PC_RX_MCAST,		"pc_rx_mcast",		0x230, CX4DEV_CTL_RO)	\
	X(PC_RX_BCAST,		"pc_rx_bcast",		0x234, CX4DEV_CTL_RO)	\
	X(PC_RX_DISCARDS,	"pc_rx_discards",	0x238, CX4DEV_CTL_RO)	\
	X(PC_RX_ERRORS,		"pc_rx_errors",		0x23c, CX4DEV_CTL_RO)	\
	X(PC_RX_TOO_LONG,	"pc_rx_too_long",	0x240, CX4DEV_CTL_RO)	\
	X(PC_RX_UNDERSIZE,	"pc_rx_undersize",	0x244, CX4DEV_CTL_RO)	\
	X(PC_RX_MAC_CTRL,	"pc_rx_mac_ctrl",	0x248, CX4DEV_CTL_RO)	\
	X(PC_RX_PAUSE,		"pc_rx_pause",		0x24c, CX4DEV_CTL_RO)	\
	X(PC_RX_UNSUP_OPCODE,	"pc_rx_unsup_opcode",	0x250, CX4DEV_CTL_RO)	\
	X(PC_RX_64,		"pc_rx_64",		0x254, CX4DEV_CTL_RO)	\
	X(PC_RX_65_127,		"pc_rx_65_127",		0x258, CX4DEV_CTL_RO)	\
	X(PC_RX_128_255,	"pc_rx_128_255",	0x25c, CX4DEV_CTL_RO)	\
	X(PC_RX_256_511,	"pc_rx_256_511",	0x260, CX4DEV_CTL_RO)	\
	X(PC_RX_512_1023,	"pc_rx_512_1023",	0x264, CX4DEV_CTL_RO)	\
	X(PC_RX_1024_1518,	"pc_rx_1024_1518",	0x268, CX4DEV_CTL_RO)	\
	X(PC_RX_1519_2047,	"pc_rx_1519_2047",	0x26c, CX4DEV_CTL_RO)	\
	X(PC_RX_2048_4095,	"pc_rx_2048_4095",	0x270, CX4DEV_CTL_RO)	\
	X(PC_RX_4096_8191,	"pc_rx_4096_8191",	0x274, CX4DEV_CTL_RO)	\
	X(PC_RX_8192_10239,	"pc_rx_8192_10239",	0x278, CX4DEV_CTL_RO)	\
	X(PC_RX_IN_RANGE_LEN,	"pc_rx_in_range_len",	0x27c, CX4DEV_CTL_RO)	\
	X(PC_RX_OUT_OF_RANGE_LEN, "pc_rx_out_of_range_len", 0x280, CX4DEV_CTL_RO)

/*
 * Datapath counter i (enum cx4dev_eth_cnt, low 32 bits) at
 * CX4DEV_CTL_ETH_CNT + 4 * i (core/eth_obj.c).
 */
#define CX4DEV_CTL_REGS_ETH_CNT(X)							\
	X(ETH_TX_PACKETS,	"tx_packets",		0x100, CX4DEV_CTL_RO)	\
	X(ETH_TX_BYTES,		"tx_bytes",		0x104, CX4DEV_CTL_RO)	\
	X(ETH_TX_LSO_SEGMENTS,	"tx_lso_segments",	0x108, CX4DEV_CTL_RO)	\
	X(ETH_TX_CSUM,		"tx_csum",		0x10c, CX4DEV_CTL_RO)	\
	X(ETH_TX_INLINE_DROPS,	"tx_inline_drops",	0x110, CX4DEV_CTL_RO)	\
	X(ETH_TX_ERR_CQES,	"tx_err_cqes",		0x114, CX4DEV_CTL_RO)	\
	X(ETH_RX_PACKETS,	"rx_packets",		0x118, CX4DEV_CTL_RO)	\
	X(ETH_RX_BYTES,		"rx_bytes",		0x11c, CX4DEV_CTL_RO)	\
	X(ETH_RX_NO_STEERING,	"rx_no_steering",	0x120, CX4DEV_CTL_RO)	\
	X(ETH_RX_FLOW_DROPS,	"rx_flow_drops",	0x124, CX4DEV_CTL_RO)	\
	X(ETH_RX_RQ_NOT_READY,	"rx_rq_not_ready",	0x128, CX4DEV_CTL_RO)	\
	X(ETH_RX_OUT_OF_BUFFER,	"rx_out_of_buffer",	0x12c, CX4DEV_CTL_RO)	\
	X(ETH_RX_MTU_DROPS,	"rx_mtu_drops",		0x130, CX4DEV_CTL_RO)	\
	X(ETH_RX_VLAN_STRIPPED,	"rx_vlan_stripped",	0x134, CX4DEV_CTL_RO)	\
	X(ETH_RX_CSUM_OK,	"rx_csum_ok",		0x138, CX4DEV_CTL_RO)	\
	X(ETH_RX_ERR_CQES,	"rx_err_cqes",		0x13c, CX4DEV_CTL_RO)	\
	X(ETH_RX_LRO_SEGMENTS,	"rx_lro_segments",	0x140, CX4DEV_CTL_RO)	\
	X(ETH_RX_LRO_SESSIONS,	"rx_lro_sessions",	0x144, CX4DEV_CTL_RO)	\
	X(ETH_LB_DELIVERED,	"lb_delivered",		0x148, CX4DEV_CTL_RO)	\
	X(ETH_LB_BLOCKED,	"lb_blocked",		0x14c, CX4DEV_CTL_RO)	\
	X(ETH_RX_NO_BUS_MASTER,	"rx_no_bus_master",	0x150, CX4DEV_CTL_RO)

/*
 * The channels' view (core/cq.c): SQs / RQs in RDY; log_wq_sz, CQ
 * cq_period, cq_max_count and cq_period_mode as min | max << 16 over
 * those queues.
 */
#define CX4DEV_CTL_REGS_CHAN(X)							\
	X(CHAN_SQS,		"chan_sqs",		0x0e0, CX4DEV_CTL_RO)	\
	X(CHAN_RQS,		"chan_rqs",		0x0e4, CX4DEV_CTL_RO)	\
	X(CHAN_SQ_LOG,		"chan_sq_log",		0x0e8, CX4DEV_CTL_RO)	\
	X(CHAN_RQ_LOG,		"chan_rq_log",		0x0ec, CX4DEV_CTL_RO)	\
	X(CHAN_RX_PERIOD,	"chan_rx_period",	0x0f0, CX4DEV_CTL_RO)	\
	X(CHAN_RX_COUNT,	"chan_rx_count",	0x0f4, CX4DEV_CTL_RO)	\
	X(CHAN_TX_PERIOD,	"chan_tx_period",	0x0f8, CX4DEV_CTL_RO)	\
	X(CHAN_TX_COUNT,	"chan_tx_count",	0x0fc, CX4DEV_CTL_RO)

/*
 * Hostile-device mode (core/hostile.c; Documentation/device-model.md,
 * "Hostile-device mode"): mask, seed, counters, and per action (in the
 * order of enum cx4dev_hostile_action) its 1-in-N rate and its hits.
 */
#define CX4DEV_CTL_REGS_HOSTILE(X)						\
	X(HOSTILE,              "hostile",              0x300, CX4DEV_CTL_RW)	\
	X(HOSTILE_SEED,         "hostile_seed",         0x304, CX4DEV_CTL_RW)	\
	X(HOSTILE_HITS,         "hostile_hits",         0x308, CX4DEV_CTL_RO)	\
	X(HOSTILE_DMA_FAULTS,   "hostile_dma_faults",   0x30c, CX4DEV_CTL_RO)	\
	X(HOSTILE_EXCUSED,      "hostile_excused",      0x310, CX4DEV_CTL_RO)	\
	X(HOSTILE_LOG_DROPPED,  "hostile_log_dropped",  0x314, CX4DEV_CTL_RO)	\
	X(HOSTILE_ONE_IN_CQE,   "hostile_one_in_cqe",   0x320, CX4DEV_CTL_RW)	\
	X(HOSTILE_ONE_IN_CQE_EXTRA, "hostile_one_in_cqe_extra", 0x324, CX4DEV_CTL_RW)	\
	X(HOSTILE_ONE_IN_EQE,   "hostile_one_in_eqe",   0x328, CX4DEV_CTL_RW)	\
	X(HOSTILE_ONE_IN_CMD,   "hostile_one_in_cmd",   0x32c, CX4DEV_CTL_RW)	\
	X(HOSTILE_ONE_IN_CAPS,  "hostile_one_in_caps",  0x330, CX4DEV_CTL_RW)	\
	X(HOSTILE_ONE_IN_STORM, "hostile_one_in_storm", 0x334, CX4DEV_CTL_RW)	\
	X(HOSTILE_ONE_IN_PAGES, "hostile_one_in_pages", 0x338, CX4DEV_CTL_RW)	\
	X(HOSTILE_ONE_IN_ZOMBIE, "hostile_one_in_zombie", 0x33c, CX4DEV_CTL_RW)	\
	X(HOSTILE_HITS_CQE,     "hostile_hits_cqe",     0x340, CX4DEV_CTL_RO)	\
	X(HOSTILE_HITS_CQE_EXTRA, "hostile_hits_cqe_extra", 0x344, CX4DEV_CTL_RO)	\
	X(HOSTILE_HITS_EQE,     "hostile_hits_eqe",     0x348, CX4DEV_CTL_RO)	\
	X(HOSTILE_HITS_CMD,     "hostile_hits_cmd",     0x34c, CX4DEV_CTL_RO)	\
	X(HOSTILE_HITS_CAPS,    "hostile_hits_caps",    0x350, CX4DEV_CTL_RO)	\
	X(HOSTILE_HITS_STORM,   "hostile_hits_storm",   0x354, CX4DEV_CTL_RO)	\
	X(HOSTILE_HITS_PAGES,   "hostile_hits_pages",   0x358, CX4DEV_CTL_RO)	\
	X(HOSTILE_HITS_ZOMBIE,  "hostile_hits_zombie",  0x35c, CX4DEV_CTL_RO)

/* Every register. */
#define CX4DEV_CTL_REGS(X)		\
	CX4DEV_CTL_REGS_MISC(X)		\
	CX4DEV_CTL_REGS_PORT(X)		\
	CX4DEV_CTL_REGS_PORT_CNT(X)	\
	CX4DEV_CTL_REGS_ETH_CNT(X)	\
	CX4DEV_CTL_REGS_CHAN(X)		\
	CX4DEV_CTL_REGS_HOSTILE(X)

enum cx4dev_ctl_reg {
#define CX4DEV_CTL_ENUM(id, name, off, acc)	CX4DEV_CTL_##id = (off),
	CX4DEV_CTL_REGS(CX4DEV_CTL_ENUM)
#undef CX4DEV_CTL_ENUM
	/* The first register of each array. */
	CX4DEV_CTL_PORT_CNT	= CX4DEV_CTL_PC_TX_FRAMES,
	CX4DEV_CTL_ETH_CNT	= CX4DEV_CTL_ETH_TX_PACKETS,
	CX4DEV_CTL_CHAN		= CX4DEV_CTL_CHAN_SQS,
	CX4DEV_CTL_HOSTILE_ONE_IN = CX4DEV_CTL_HOSTILE_ONE_IN_CQE,
	CX4DEV_CTL_HOSTILE_HITS_BY = CX4DEV_CTL_HOSTILE_HITS_CQE,
	CX4DEV_CTL_HOSTILE_END	= CX4DEV_CTL_HOSTILE_HITS_ZOMBIE + 4,
};

#endif /* CX4DEV_CTL_H */

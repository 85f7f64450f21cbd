// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: software counters (see stats.h): ndo_get_stats64 and
 * ethtool -S, both driven by the tables below.
 *
 * ethtool -S is a list of groups (cx4_en_stats_grps[]), each giving its
 * count, names and values: the per-channel software counters, their
 * device totals (channels in use and those gone), the driver-level
 * counters, the queue counter, then the vport's counters and each PPCNT
 * counter group of the port (PRM 11.1.5) that the device answers.  A
 * device counter that mlx5_core also shows has mlx5_core's name: the
 * name is what monitoring built for mlx5_core reads.  Which groups are
 * shown is decided once, at the first ethtool -S (RTNL held), by reading
 * each group, so that the count stays stable; a later failed read shows
 * zeros for the group.  The names are documented in
 * Documentation/ethtool.md.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/slab.h>

#include <linux/cx4/prm_reg.h>

#include "en.h"
#include "port.h"

/*
 * The per-channel software counters: rx<N>_<name> and tx<N>_<name>, the
 * device totals rx_<name> and tx_<name> (tx_<total name> where the SQ
 * table below gives one).  A counter that means what an mlx5_core
 * counter means has mlx5_core's names, per queue and total; the others
 * (dropped, bad_cqe, doorbells, and csum_partial_wire and
 * tso_wire_bytes, which count wire frames and the headers of every
 * segment where mlx5_core's csum_partial and tso_bytes count sends and
 * payload bytes) are cx4's own (Documentation/ethtool.md).
 */
const char * const cx4_en_rq_stat_names[CX4_EN_RQ_NSTATS] = {
	[CX4_EN_RQ_PACKETS]		= "packets",
	[CX4_EN_RQ_BYTES]		= "bytes",
	[CX4_EN_RQ_CSUM_UNNECESSARY]	= "csum_unnecessary",
	[CX4_EN_RQ_CSUM_NONE]		= "csum_none",
	[CX4_EN_RQ_DROPPED]		= "dropped",
	[CX4_EN_RQ_ALLOC_FAIL]		= "buff_alloc_err",
	[CX4_EN_RQ_ERR_CQE]		= "wqe_err",
	[CX4_EN_RQ_BAD_CQE]		= "bad_cqe",
	[CX4_EN_RQ_LRO_PACKETS]		= "lro_packets",
	[CX4_EN_RQ_LRO_BYTES]		= "lro_bytes",
	[CX4_EN_RQ_VLAN_STRIP]		= "removed_vlan_packets",
	[CX4_EN_RQ_RECOVER]		= "recover",
	[CX4_EN_RQ_XDP_DROP]		= "xdp_drop",
	[CX4_EN_RQ_XDP_REDIRECT]	= "xdp_redirect",
	[CX4_EN_RQ_XDP_TX_XMIT]		= "xdp_tx_xmit",
	[CX4_EN_RQ_XDP_TX_FULL]		= "xdp_tx_full",
	[CX4_EN_RQ_XDP_TX_ERR]		= "xdp_tx_err",
	[CX4_EN_RQ_XDP_TX_CQES]		= "xdp_tx_cqes",
	[CX4_EN_RQ_CQE_COMPRESS_BLKS]	= "cqe_compress_blks",
	[CX4_EN_RQ_CQE_COMPRESS_PKTS]	= "cqe_compress_pkts",
};

/* RQ totals whose name is not rx_<per-queue name> (mlx5_core's). */
static const char * const cx4_en_rq_total_names[CX4_EN_RQ_NSTATS] = {
	[CX4_EN_RQ_XDP_TX_CQES]		= "xdp_tx_cqe",
};

/* The device total of RQ counter @idx is rx_<this>. */
const char *cx4_en_rq_total_name(enum cx4_en_rq_stat idx)
{
	return cx4_en_rq_total_names[idx] ?: cx4_en_rq_stat_names[idx];
}

const char * const cx4_en_sq_stat_names[CX4_EN_SQ_NSTATS] = {
	[CX4_EN_SQ_PACKETS]		= "packets",
	[CX4_EN_SQ_BYTES]		= "bytes",
	[CX4_EN_SQ_CSUM_PARTIAL]	= "csum_partial_wire",
	[CX4_EN_SQ_DOORBELLS]		= "doorbells",
	[CX4_EN_SQ_STOPPED]		= "stopped",
	[CX4_EN_SQ_WAKE]		= "wake",
	[CX4_EN_SQ_DROPPED]		= "dropped",
	[CX4_EN_SQ_ERR_CQE]		= "cqe_err",
	[CX4_EN_SQ_BAD_CQE]		= "bad_cqe",
	[CX4_EN_SQ_TSO_PACKETS]		= "tso_packets",
	[CX4_EN_SQ_TSO_BYTES]		= "tso_wire_bytes",
	[CX4_EN_SQ_VLAN_INSERT]		= "added_vlan_packets",
	[CX4_EN_SQ_RECOVER]		= "recover",
	[CX4_EN_SQ_XDP_XMIT]		= "xdp_xmit",
	[CX4_EN_SQ_XDP_FULL]		= "xdp_full",
	[CX4_EN_SQ_XDP_ERR]		= "xdp_err",
	[CX4_EN_SQ_XDP_CQES]		= "xdp_cqes",
};

/* SQ totals whose name is not tx_<per-queue name> (mlx5_core's). */
static const char * const cx4_en_sq_total_names[CX4_EN_SQ_NSTATS] = {
	[CX4_EN_SQ_STOPPED]		= "queue_stopped",
	[CX4_EN_SQ_WAKE]		= "queue_wake",
	[CX4_EN_SQ_DROPPED]		= "queue_dropped",
};

/* The device total of SQ counter @idx is tx_<this>. */
const char *cx4_en_sq_total_name(enum cx4_en_sq_stat idx)
{
	return cx4_en_sq_total_names[idx] ?: cx4_en_sq_stat_names[idx];
}

const char * const cx4_en_drv_stat_names[CX4_EN_DRV_NSTATS] = {
	[CX4_EN_DRV_BAD_REG_ANSWERS]	= "port_bad_answers",
	[CX4_EN_DRV_QUEUE_RECOVER_FAIL]	= "queue_recover_fail",
	[CX4_EN_DRV_QUEUE_LOST]		= "queue_lost",
};

/*
 * One device counter: its ethtool -S name and where it is in the group's
 * answer.  Names in quotes are mlx5_core's (the same counter under the
 * name its users already read); the bare ones (CX4_EN_PPC) are cx4's
 * own, from the PRM field, for counters mlx5_core does not show.
 */
#define CX4_EN_PPC(nm, o)	{ .name = #nm, .off = (o) }
#define CX4_EN_PPN(nm, o)	{ .name = (nm), .off = (o) }

/* Table 116: Ethernet IEEE 802.3 counters. */
static const struct cx4_en_ppcnt_stat cx4_en_ieee_802_3_stats[] = {
	CX4_EN_PPN("tx_packets_phy", CX4_PPCNT_A_FRAMES_TRANSMITTED_OK),
	CX4_EN_PPN("rx_packets_phy", CX4_PPCNT_A_FRAMES_RECEIVED_OK),
	CX4_EN_PPN("rx_crc_errors_phy", CX4_PPCNT_A_FRAME_CHECK_SEQUENCE_ERRORS),
	CX4_EN_PPC(a_alignment_errors, CX4_PPCNT_A_ALIGNMENT_ERRORS),
	CX4_EN_PPN("tx_bytes_phy", CX4_PPCNT_A_OCTETS_TRANSMITTED_OK),
	CX4_EN_PPN("rx_bytes_phy", CX4_PPCNT_A_OCTETS_RECEIVED_OK),
	CX4_EN_PPN("tx_multicast_phy", CX4_PPCNT_A_MULTICAST_FRAMES_XMITTED_OK),
	CX4_EN_PPN("tx_broadcast_phy", CX4_PPCNT_A_BROADCAST_FRAMES_XMITTED_OK),
	CX4_EN_PPN("rx_multicast_phy", CX4_PPCNT_A_MULTICAST_FRAMES_RECEIVED_OK),
	CX4_EN_PPN("rx_broadcast_phy", CX4_PPCNT_A_BROADCAST_FRAMES_RECEIVED_OK),
	CX4_EN_PPN("rx_in_range_len_errors_phy", CX4_PPCNT_A_IN_RANGE_LENGTH_ERRORS),
	CX4_EN_PPN("rx_out_of_range_len_phy", CX4_PPCNT_A_OUT_OF_RANGE_LENGTH_FIELD),
	CX4_EN_PPN("rx_oversize_pkts_phy", CX4_PPCNT_A_FRAME_TOO_LONG_ERRORS),
	CX4_EN_PPN("rx_symbol_err_phy", CX4_PPCNT_A_SYMBOL_ERROR_DURING_CARRIER),
	CX4_EN_PPN("tx_mac_control_phy", CX4_PPCNT_A_MAC_CONTROL_FRAMES_TRANSMITTED),
	CX4_EN_PPN("rx_mac_control_phy", CX4_PPCNT_A_MAC_CONTROL_FRAMES_RECEIVED),
	CX4_EN_PPN("rx_unsupported_op_phy", CX4_PPCNT_A_UNSUPPORTED_OPCODES_RECEIVED),
	CX4_EN_PPN("rx_pause_ctrl_phy", CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_RECEIVED),
	CX4_EN_PPN("tx_pause_ctrl_phy", CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_TRANSMITTED),
};

/* Table 118: Ethernet RFC 2863 counters. */
static const struct cx4_en_ppcnt_stat cx4_en_rfc_2863_stats[] = {
	CX4_EN_PPC(if_in_octets, CX4_PPCNT_IF_IN_OCTETS),
	CX4_EN_PPC(if_in_ucast_pkts, CX4_PPCNT_IF_IN_UCAST_PKTS),
	CX4_EN_PPN("rx_discards_phy", CX4_PPCNT_IF_IN_DISCARDS),
	CX4_EN_PPC(if_in_errors, CX4_PPCNT_IF_IN_ERRORS),
	CX4_EN_PPC(if_in_unknown_protos, CX4_PPCNT_IF_IN_UNKNOWN_PROTOS),
	CX4_EN_PPC(if_out_octets, CX4_PPCNT_IF_OUT_OCTETS),
	CX4_EN_PPC(if_out_ucast_pkts, CX4_PPCNT_IF_OUT_UCAST_PKTS),
	CX4_EN_PPN("tx_discards_phy", CX4_PPCNT_IF_OUT_DISCARDS),
	CX4_EN_PPN("tx_errors_phy", CX4_PPCNT_IF_OUT_ERRORS),
	CX4_EN_PPC(if_in_multicast_pkts, CX4_PPCNT_IF_IN_MULTICAST_PKTS),
	CX4_EN_PPC(if_in_broadcast_pkts, CX4_PPCNT_IF_IN_BROADCAST_PKTS),
	CX4_EN_PPC(if_out_multicast_pkts, CX4_PPCNT_IF_OUT_MULTICAST_PKTS),
	CX4_EN_PPC(if_out_broadcast_pkts, CX4_PPCNT_IF_OUT_BROADCAST_PKTS),
};

/* Table 120: Ethernet RFC 2819 counters. */
static const struct cx4_en_ppcnt_stat cx4_en_rfc_2819_stats[] = {
	CX4_EN_PPC(ether_drop_events, CX4_PPCNT_ETHER_STATS_DROP_EVENTS),
	CX4_EN_PPC(ether_octets, CX4_PPCNT_ETHER_STATS_OCTETS),
	CX4_EN_PPC(ether_pkts, CX4_PPCNT_ETHER_STATS_PKTS),
	CX4_EN_PPC(ether_broadcast_pkts, CX4_PPCNT_ETHER_STATS_BROADCAST_PKTS),
	CX4_EN_PPC(ether_multicast_pkts, CX4_PPCNT_ETHER_STATS_MULTICAST_PKTS),
	CX4_EN_PPC(ether_crc_align_errors, CX4_PPCNT_ETHER_STATS_CRC_ALIGN_ERRORS),
	CX4_EN_PPN("rx_undersize_pkts_phy", CX4_PPCNT_ETHER_STATS_UNDERSIZE_PKTS),
	CX4_EN_PPC(ether_oversize_pkts, CX4_PPCNT_ETHER_STATS_OVERSIZE_PKTS),
	CX4_EN_PPN("rx_fragments_phy", CX4_PPCNT_ETHER_STATS_FRAGMENTS),
	CX4_EN_PPN("rx_jabbers_phy", CX4_PPCNT_ETHER_STATS_JABBERS),
	CX4_EN_PPC(ether_collisions, CX4_PPCNT_ETHER_STATS_COLLISIONS),
	CX4_EN_PPN("rx_64_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(0)),
	CX4_EN_PPN("rx_65_to_127_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(1)),
	CX4_EN_PPN("rx_128_to_255_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(2)),
	CX4_EN_PPN("rx_256_to_511_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(3)),
	CX4_EN_PPN("rx_512_to_1023_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(4)),
	CX4_EN_PPN("rx_1024_to_1518_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(5)),
	CX4_EN_PPN("rx_1519_to_2047_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(6)),
	CX4_EN_PPN("rx_2048_to_4095_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(7)),
	CX4_EN_PPN("rx_4096_to_8191_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(8)),
	CX4_EN_PPN("rx_8192_to_10239_bytes_phy", CX4_PPCNT_ETHER_STATS_BUCKET(9)),
};

/* Table 122: Ethernet RFC 3635 counters (dot3stats_ shortened to dot3_). */
static const struct cx4_en_ppcnt_stat cx4_en_rfc_3635_stats[] = {
	CX4_EN_PPC(dot3_alignment_errors, CX4_PPCNT_DOT3STATS_ALIGNMENT_ERRORS),
	CX4_EN_PPC(dot3_fcs_errors, CX4_PPCNT_DOT3STATS_FCS_ERRORS),
	CX4_EN_PPC(dot3_single_collision_frames, CX4_PPCNT_DOT3STATS_SINGLE_COLLISION_FRAMES),
	CX4_EN_PPC(dot3_multiple_collision_frames, CX4_PPCNT_DOT3STATS_MULTIPLE_COLLISION_FRAMES),
	CX4_EN_PPC(dot3_sqe_test_errors, CX4_PPCNT_DOT3STATS_SQE_TEST_ERRORS),
	CX4_EN_PPC(dot3_deferred_transmissions, CX4_PPCNT_DOT3STATS_DEFERRED_TRANSMISSIONS),
	CX4_EN_PPC(dot3_late_collisions, CX4_PPCNT_DOT3STATS_LATE_COLLISIONS),
	CX4_EN_PPC(dot3_excessive_collisions, CX4_PPCNT_DOT3STATS_EXCESSIVE_COLLISIONS),
	CX4_EN_PPC(dot3_internal_mac_tx_errors, CX4_PPCNT_DOT3STATS_INTERNAL_MAC_TRANSMIT_ERRORS),
	CX4_EN_PPC(dot3_carrier_sense_errors, CX4_PPCNT_DOT3STATS_CARRIER_SENSE_ERRORS),
	CX4_EN_PPC(dot3_frame_too_long, CX4_PPCNT_DOT3STATS_FRAME_TOO_LONG),
	CX4_EN_PPC(dot3_internal_mac_rx_errors, CX4_PPCNT_DOT3STATS_INTERNAL_MAC_RECEIVE_ERRORS),
	CX4_EN_PPC(dot3_symbol_errors, CX4_PPCNT_DOT3STATS_SYMBOL_ERRORS),
	CX4_EN_PPC(dot3_control_in_unknown_opcodes, CX4_PPCNT_DOT3CONTROL_IN_UNKNOWN_OPCODES),
	CX4_EN_PPC(dot3_in_pause_frames, CX4_PPCNT_DOT3IN_PAUSE_FRAMES),
	CX4_EN_PPC(dot3_out_pause_frames, CX4_PPCNT_DOT3OUT_PAUSE_FRAMES),
};

/*
 * Table 124: Ethernet per priority counters, shown as rx_prio<N>_<name>
 * or tx_prio<N>_<name> (CX4_EN_STAT_TX).
 */
#define CX4_EN_PRIO_RX(nm, o)	{ .name = (nm), .off = (o) }
#define CX4_EN_PRIO_TX(nm, o)	{ .name = (nm), .off = (o), .flags = CX4_EN_STAT_TX }

static const struct cx4_en_ppcnt_stat cx4_en_per_prio_stats[] = {
	CX4_EN_PRIO_RX("bytes", CX4_PPCNT_PRIO_RX_OCTETS),
	CX4_EN_PRIO_RX("packets", CX4_PPCNT_PRIO_RX_FRAMES),
	CX4_EN_PRIO_TX("bytes", CX4_PPCNT_PRIO_TX_OCTETS),
	CX4_EN_PRIO_TX("packets", CX4_PPCNT_PRIO_TX_FRAMES),
	CX4_EN_PRIO_RX("pause", CX4_PPCNT_PRIO_RX_PAUSE),
	CX4_EN_PRIO_RX("pause_duration", CX4_PPCNT_PRIO_RX_PAUSE_DURATION),
	CX4_EN_PRIO_TX("pause", CX4_PPCNT_PRIO_TX_PAUSE),
	CX4_EN_PRIO_TX("pause_duration", CX4_PPCNT_PRIO_TX_PAUSE_DURATION),
	CX4_EN_PRIO_RX("pause_transition", CX4_PPCNT_PRIO_RX_PAUSE_TRANSITION),
	CX4_EN_PRIO_RX("discards", CX4_PPCNT_PRIO_RX_DISCARDS),
};

/*
 * Physical layer counters (0x12, beyond rev 0.40; mlx5_core reads the
 * group at every ethtool -S): the port's operational up -> down
 * transitions, a 32-bit count.
 */
static const struct cx4_en_ppcnt_stat cx4_en_phys_layer_stats[] = {
	{ .name = "link_down_events_phy",
	  .off = CX4_FLD_OFF(CX4_PPCNT_PHY_LINK_DOWN_EVENTS),
	  .flags = CX4_EN_STAT_DW },
};

/*
 * Tables 487-491: QUERY_VPORT_COUNTER output, each a (packets, octets)
 * TRAFFIC_COUNTER; offsets from the start of the command output.
 */
#define CX4_EN_VPP(o)	((o) + CX4_TRAFFIC_COUNTER_OFF_PACKETS)
#define CX4_EN_VPO(o)	((o) + CX4_TRAFFIC_COUNTER_OFF_OCTETS)

static const struct cx4_en_ppcnt_stat cx4_en_vport_stats[] = {
	CX4_EN_PPC(vport_rx_errors_packets, CX4_EN_VPP(CX4_VPORT_CNT_OFF_RX_ERRORS)),
	CX4_EN_PPC(vport_rx_errors_bytes, CX4_EN_VPO(CX4_VPORT_CNT_OFF_RX_ERRORS)),
	CX4_EN_PPC(vport_tx_errors_packets, CX4_EN_VPP(CX4_VPORT_CNT_OFF_TX_ERRORS)),
	CX4_EN_PPC(vport_tx_errors_bytes, CX4_EN_VPO(CX4_VPORT_CNT_OFF_TX_ERRORS)),
	CX4_EN_PPN("rx_vport_broadcast_packets", CX4_EN_VPP(CX4_VPORT_CNT_OFF_RX_BCAST)),
	CX4_EN_PPN("rx_vport_broadcast_bytes", CX4_EN_VPO(CX4_VPORT_CNT_OFF_RX_BCAST)),
	CX4_EN_PPN("tx_vport_broadcast_packets", CX4_EN_VPP(CX4_VPORT_CNT_OFF_TX_BCAST)),
	CX4_EN_PPN("tx_vport_broadcast_bytes", CX4_EN_VPO(CX4_VPORT_CNT_OFF_TX_BCAST)),
	CX4_EN_PPN("rx_vport_unicast_packets", CX4_EN_VPP(CX4_VPORT_CNT_OFF_RX_UCAST)),
	CX4_EN_PPN("rx_vport_unicast_bytes", CX4_EN_VPO(CX4_VPORT_CNT_OFF_RX_UCAST)),
	CX4_EN_PPN("tx_vport_unicast_packets", CX4_EN_VPP(CX4_VPORT_CNT_OFF_TX_UCAST)),
	CX4_EN_PPN("tx_vport_unicast_bytes", CX4_EN_VPO(CX4_VPORT_CNT_OFF_TX_UCAST)),
	CX4_EN_PPN("rx_vport_multicast_packets", CX4_EN_VPP(CX4_VPORT_CNT_OFF_RX_MCAST)),
	CX4_EN_PPN("rx_vport_multicast_bytes", CX4_EN_VPO(CX4_VPORT_CNT_OFF_RX_MCAST)),
	CX4_EN_PPN("tx_vport_multicast_packets", CX4_EN_VPP(CX4_VPORT_CNT_OFF_TX_MCAST)),
	CX4_EN_PPN("tx_vport_multicast_bytes", CX4_EN_VPO(CX4_VPORT_CNT_OFF_TX_MCAST)),
};

#define CX4_EN_PRIO_GRP(p)						\
	{ .name = "per priority", .grp = CX4_PPCNT_GRP_PER_PRIO,	\
	  .prio = (p), .stats = cx4_en_per_prio_stats,			\
	  .n = ARRAY_SIZE(cx4_en_per_prio_stats) }

/*
 * The device counters of ethtool -S, in order: the vport's, then the
 * PPCNT groups, the per priority one once per priority (bit i of
 * cx4_en_priv.ppcnt_grps is entry i).
 */
const struct cx4_en_ppcnt_grp cx4_en_ppcnt_grps[] = {
	{ "vport", CX4_EN_GRP_VPORT, 0, cx4_en_vport_stats,
	  ARRAY_SIZE(cx4_en_vport_stats) },
	{ "IEEE 802.3", CX4_PPCNT_GRP_IEEE_802_3, 0, cx4_en_ieee_802_3_stats,
	  ARRAY_SIZE(cx4_en_ieee_802_3_stats) },
	{ "RFC 2863", CX4_PPCNT_GRP_RFC_2863, 0, cx4_en_rfc_2863_stats,
	  ARRAY_SIZE(cx4_en_rfc_2863_stats) },
	{ "RFC 2819", CX4_PPCNT_GRP_RFC_2819, 0, cx4_en_rfc_2819_stats,
	  ARRAY_SIZE(cx4_en_rfc_2819_stats) },
	{ "RFC 3635", CX4_PPCNT_GRP_RFC_3635, 0, cx4_en_rfc_3635_stats,
	  ARRAY_SIZE(cx4_en_rfc_3635_stats) },
	{ "physical layer", CX4_PPCNT_GRP_PHYS_LAYER, 0,
	  cx4_en_phys_layer_stats, ARRAY_SIZE(cx4_en_phys_layer_stats) },
	CX4_EN_PRIO_GRP(0), CX4_EN_PRIO_GRP(1), CX4_EN_PRIO_GRP(2),
	CX4_EN_PRIO_GRP(3), CX4_EN_PRIO_GRP(4), CX4_EN_PRIO_GRP(5),
	CX4_EN_PRIO_GRP(6), CX4_EN_PRIO_GRP(7),
};

const unsigned int cx4_en_ppcnt_ngrps = ARRAY_SIZE(cx4_en_ppcnt_grps);

/* Consistent snapshot of the @n counters @c guarded by @syncp. */
static void cx4_en_snapshot(const struct u64_stats_sync *syncp,
			    const u64_stats_t *c, unsigned int n, u64 *out)
{
	unsigned int start, i;

	do {
		start = u64_stats_fetch_begin(syncp);
		for (i = 0; i < n; i++)
			out[i] = u64_stats_read(&c[i]);
	} while (u64_stats_fetch_retry(syncp, start));
}

/* An RQ's counters (CX4_EN_RQ_NSTATS of them into @out). */
void cx4_en_rq_stats_read(const struct cx4_en_rq_stats *st, u64 *out)
{
	cx4_en_snapshot(&st->syncp, st->c, CX4_EN_RQ_NSTATS, out);
}

/* An SQ's counters: both writers' seqcounts must hold still. */
void cx4_en_sq_stats_read(const struct cx4_en_sq_stats *st, u64 *out)
{
	unsigned int start, xstart, dstart, i;

	do {
		start = u64_stats_fetch_begin(&st->syncp);
		xstart = u64_stats_fetch_begin(&st->xmit_syncp);
		dstart = u64_stats_fetch_begin(&st->xdp_syncp);
		for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
			out[i] = u64_stats_read(&st->c[i]);
	} while (u64_stats_fetch_retry(&st->syncp, start) ||
		 u64_stats_fetch_retry(&st->xmit_syncp, xstart) ||
		 u64_stats_fetch_retry(&st->xdp_syncp, dstart));
}

struct cx4_en_ch_stats *cx4_en_stats_alloc(u32 nch)
{
	struct cx4_en_ch_stats *st;
	u32 i;

	st = kcalloc(nch, sizeof(*st), GFP_KERNEL);
	if (!st)
		return NULL;
	for (i = 0; i < nch; i++) {
		u64_stats_init(&st[i].rq.syncp);
		u64_stats_init(&st[i].sq.syncp);
		u64_stats_init(&st[i].sq.xmit_syncp);
		u64_stats_init(&st[i].sq.xdp_syncp);
	}
	return st;
}

/* Add channel set @st's counters to @base. */
static void cx4_en_stats_add_ch(struct cx4_en_stats_base *base,
				const struct cx4_en_ch_stats *st)
{
	u64 rq[CX4_EN_RQ_NSTATS], sq[CX4_EN_SQ_NSTATS];
	unsigned int i;

	cx4_en_rq_stats_read(&st->rq, rq);
	cx4_en_sq_stats_read(&st->sq, sq);
	for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
		base->rq[i] += rq[i];
	for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
		base->sq[i] += sq[i];
}

/*
 * cx4_en_stats_fold() - move the counters of departed channels to a base.
 * @base: gets the counters of channels [@from, @to) added
 * @st: the per-channel sets; those of [@from, @to) are zeroed
 * @from: first channel that went away
 * @to: one past the last
 *
 * The channels' queues are gone: nothing writes their sets.  The sum of
 * @base and every set is the same after as before.
 */
void cx4_en_stats_fold(struct cx4_en_stats_base *base,
		       struct cx4_en_ch_stats *st, u32 from, u32 to)
{
	unsigned int i;
	u32 ch;

	for (ch = from; ch < to; ch++) {
		cx4_en_stats_add_ch(base, &st[ch]);
		/* In the writers' place: readers of the set retry (32-bit). */
		u64_stats_update_begin(&st[ch].rq.syncp);
		for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
			u64_stats_set(&st[ch].rq.c[i], 0);
		u64_stats_update_end(&st[ch].rq.syncp);
		u64_stats_update_begin(&st[ch].sq.syncp);
		for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
			u64_stats_set(&st[ch].sq.c[i], 0);
		u64_stats_update_end(&st[ch].sq.syncp);
	}
}

/*
 * Channels [@from, @to) went away (their queues are freed): their
 * counters move to the base, seen in one step by every reader of
 * cx4_en_stats_base_read().  RTNL (the channel count's lock).
 */
void cx4_en_stats_fold_departed(struct cx4_en_priv *priv, u32 from, u32 to)
{
	ASSERT_RTNL();
	if (from >= to)
		return;
	write_seqlock_bh(&priv->stats_lock);
	cx4_en_stats_fold(&priv->stats_base, priv->stats, from, to);
	write_sequnlock_bh(&priv->stats_lock);
}

/*
 * The base plus the counters of channels @from .. max_channels - 1, as
 * of one instant with respect to folds: with @from 0 the device's
 * totals; with @from = num_channels (RTNL held) what the channels in use
 * do not hold (the queue statistics' base).
 */
void cx4_en_stats_base_read(struct cx4_en_priv *priv,
			    struct cx4_en_stats_base *out, u32 from)
{
	unsigned int seq;
	u32 ch;

	do {
		seq = read_seqbegin(&priv->stats_lock);
		*out = priv->stats_base;
		for (ch = from; ch < priv->max_channels; ch++)
			cx4_en_stats_add_ch(out, &priv->stats[ch]);
	} while (read_seqretry(&priv->stats_lock, seq));
}

/*
 * ndo_get_stats64: the device's totals (channels in use and those gone).
 * Drops counted by the stack itself (core stats) are added by
 * dev_get_stats().
 */
void cx4_en_get_stats64(struct net_device *netdev,
			struct rtnl_link_stats64 *s)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_stats_base t;

	cx4_en_stats_base_read(priv, &t, 0);
	s->rx_packets += t.rq[CX4_EN_RQ_PACKETS];
	s->rx_bytes += t.rq[CX4_EN_RQ_BYTES];
	s->rx_dropped += t.rq[CX4_EN_RQ_DROPPED] + t.rq[CX4_EN_RQ_ALLOC_FAIL];
	s->rx_errors += t.rq[CX4_EN_RQ_ERR_CQE] + t.rq[CX4_EN_RQ_BAD_CQE];
	/* Dropped by the device: no receive WQE posted (as of the last read). */
	s->rx_missed_errors += atomic64_read(&priv->oob_total);
	cx4_en_q_counter_refresh(priv);
	s->tx_packets += t.sq[CX4_EN_SQ_PACKETS];
	s->tx_bytes += t.sq[CX4_EN_SQ_BYTES];
	s->tx_dropped += t.sq[CX4_EN_SQ_DROPPED];
	s->tx_errors += t.sq[CX4_EN_SQ_ERR_CQE] + t.sq[CX4_EN_SQ_BAD_CQE];
}

/* --- ethtool -S groups ------------------------------------------------- */

/* One ethtool string (ethtool_puts() of 6.8+, also built on 6.1). */
void cx4_en_puts(u8 **data, const char *str)
{
	strscpy_pad(*data, str, ETH_GSTRING_LEN);
	*data += ETH_GSTRING_LEN;
}

struct cx4_en_stats_grp {
	u32 (*count)(struct cx4_en_priv *priv);
	void (*strings)(struct cx4_en_priv *priv, u8 **data);
	void (*fill)(struct cx4_en_priv *priv, u64 *data);
};

/* Per channel: rx<N>_<counter> then tx<N>_<counter>. */
static u32 cx4_en_sw_count(struct cx4_en_priv *priv)
{
	return priv->num_channels * (CX4_EN_RQ_NSTATS + CX4_EN_SQ_NSTATS);
}

static void cx4_en_sw_strings(struct cx4_en_priv *priv, u8 **data)
{
	unsigned int i;
	u32 ch;

	for (ch = 0; ch < priv->num_channels; ch++) {
		for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
			ethtool_sprintf(data, "rx%u_%s", ch,
					cx4_en_rq_stat_names[i]);
		for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
			ethtool_sprintf(data, "tx%u_%s", ch,
					cx4_en_sq_stat_names[i]);
	}
}

static void cx4_en_sw_fill(struct cx4_en_priv *priv, u64 *data)
{
	u32 ch;

	for (ch = 0; ch < priv->num_channels; ch++) {
		const struct cx4_en_ch_stats *st = &priv->stats[ch];

		cx4_en_rq_stats_read(&st->rq, data);
		data += CX4_EN_RQ_NSTATS;
		cx4_en_sq_stats_read(&st->sq, data);
		data += CX4_EN_SQ_NSTATS;
	}
}

/*
 * The device's totals of every software counter, rx_<c> then tx_<c>
 * (mlx5_core's tx_queue_<c> for stopped, wake and dropped): the
 * channels in use and those gone (what ip -s link sums up).
 */
static u32 cx4_en_tot_count(struct cx4_en_priv *priv)
{
	return CX4_EN_RQ_NSTATS + CX4_EN_SQ_NSTATS;
}

static void cx4_en_tot_strings(struct cx4_en_priv *priv, u8 **data)
{
	unsigned int i;

	for (i = 0; i < CX4_EN_RQ_NSTATS; i++)
		ethtool_sprintf(data, "rx_%s", cx4_en_rq_total_name(i));
	for (i = 0; i < CX4_EN_SQ_NSTATS; i++)
		ethtool_sprintf(data, "tx_%s", cx4_en_sq_total_name(i));
}

static void cx4_en_tot_fill(struct cx4_en_priv *priv, u64 *data)
{
	struct cx4_en_stats_base t;

	cx4_en_stats_base_read(priv, &t, 0);
	memcpy(data, t.rq, sizeof(t.rq));
	memcpy(data + CX4_EN_RQ_NSTATS, t.sq, sizeof(t.sq));
}

static u32 cx4_en_drv_count(struct cx4_en_priv *priv)
{
	return CX4_EN_DRV_NSTATS;
}

static void cx4_en_drv_strings(struct cx4_en_priv *priv, u8 **data)
{
	unsigned int i;

	for (i = 0; i < CX4_EN_DRV_NSTATS; i++)
		cx4_en_puts(data, cx4_en_drv_stat_names[i]);
}

static void cx4_en_drv_fill(struct cx4_en_priv *priv, u64 *data)
{
	data[CX4_EN_DRV_BAD_REG_ANSWERS] = atomic_read(&priv->bad_reg_answers);
	data[CX4_EN_DRV_QUEUE_RECOVER_FAIL] =
		atomic_read(&priv->queue_recover_fails);
	data[CX4_EN_DRV_QUEUE_LOST] = atomic_read(&priv->queues_lost);
}

/*
 * The queue counter set's rx_out_of_buffer (mlx5_core's name: frames the
 * device dropped for want of a posted receive WQE), read now; listed
 * only when the device gave the netdev a set at attach.
 */
static u32 cx4_en_qcnt_count(struct cx4_en_priv *priv)
{
	return priv->q_counter_avail ? 1 : 0;
}

static void cx4_en_qcnt_strings(struct cx4_en_priv *priv, u8 **data)
{
	if (priv->q_counter_avail)
		cx4_en_puts(data, "rx_out_of_buffer");
}

static void cx4_en_qcnt_fill(struct cx4_en_priv *priv, u64 *data)
{
	if (!priv->q_counter_avail)
		return;
	cx4_en_q_counter_update(priv);
	data[0] = atomic64_read(&priv->oob_total);
}

/*
 * Read the counters of group @g into @buf (CX4_EN_GRP_BUF_SIZE bytes):
 * the vport's QUERY_VPORT_COUNTER output or a PPCNT counter set.
 */
static int cx4_en_grp_read(struct cx4_en_priv *priv,
			   const struct cx4_en_ppcnt_grp *g, u8 *buf)
{
	if (g->grp == CX4_EN_GRP_VPORT)
		return cx4_en_vport_counters(priv, buf);
	return cx4_en_port_ppcnt(priv, g->grp, g->prio, buf);
}

/* Set once the PPCNT groups have been probed (in cx4_en_priv.ppcnt_grps). */
#define CX4_EN_PPCNT_PROBED	BIT(31)
static_assert(ARRAY_SIZE(cx4_en_ppcnt_grps) < 31);

/* Which counter groups the device answers: decided once (RTNL held). */
static u32 cx4_en_ppcnt_avail(struct cx4_en_priv *priv)
{
	unsigned int i;
	u8 *set;

	ASSERT_RTNL();
	if (priv->ppcnt_grps & CX4_EN_PPCNT_PROBED)
		return priv->ppcnt_grps;
	/* Decided now even if it fails: the count must not change later. */
	priv->ppcnt_grps = CX4_EN_PPCNT_PROBED;
	set = kmalloc(CX4_EN_GRP_BUF_SIZE, GFP_KERNEL);
	if (!set)
		return priv->ppcnt_grps;
	for (i = 0; i < cx4_en_ppcnt_ngrps; i++) {
		if (cx4_en_grp_read(priv, &cx4_en_ppcnt_grps[i], set))
			netdev_warn(priv->netdev, "%s counters (prio %u) unavailable, not in ethtool -S\n",
				    cx4_en_ppcnt_grps[i].name,
				    cx4_en_ppcnt_grps[i].prio);
		else
			priv->ppcnt_grps |= BIT(i);
	}
	kfree(set);
	return priv->ppcnt_grps;
}

/*
 * The ethtool -S name of counter @s of group @g into @buf
 * (ETH_GSTRING_LEN bytes, zero padded).  Also used by the KUnit tests.
 */
void cx4_en_ppcnt_name(const struct cx4_en_ppcnt_grp *g,
		       const struct cx4_en_ppcnt_stat *s, char *buf)
{
	memset(buf, 0, ETH_GSTRING_LEN);
	if (g->grp == CX4_PPCNT_GRP_PER_PRIO)
		snprintf(buf, ETH_GSTRING_LEN, "%s_prio%u_%s",
			 s->flags & CX4_EN_STAT_TX ? "tx" : "rx", g->prio,
			 s->name);
	else
		strscpy(buf, s->name, ETH_GSTRING_LEN);
}

/* The value of counter @s in the group's answer @set. */
static u64 cx4_en_ppcnt_val(const u8 *set, const struct cx4_en_ppcnt_stat *s)
{
	if (s->flags & CX4_EN_STAT_DW)
		return cx4_rd32(set, s->off);
	return cx4_get64(set, s->off);
}

static u32 cx4_en_ppcnt_count(struct cx4_en_priv *priv)
{
	u32 avail = cx4_en_ppcnt_avail(priv), n = 0;
	unsigned int i;

	for (i = 0; i < cx4_en_ppcnt_ngrps; i++)
		if (avail & BIT(i))
			n += cx4_en_ppcnt_grps[i].n;
	return n;
}

static void cx4_en_ppcnt_strings(struct cx4_en_priv *priv, u8 **data)
{
	u32 avail = cx4_en_ppcnt_avail(priv);
	unsigned int i, j;

	for (i = 0; i < cx4_en_ppcnt_ngrps; i++) {
		const struct cx4_en_ppcnt_grp *g = &cx4_en_ppcnt_grps[i];

		if (!(avail & BIT(i)))
			continue;
		for (j = 0; j < g->n; j++) {
			cx4_en_ppcnt_name(g, &g->stats[j], (char *)*data);
			*data += ETH_GSTRING_LEN;
		}
	}
}

static void cx4_en_ppcnt_fill(struct cx4_en_priv *priv, u64 *data)
{
	u32 avail = cx4_en_ppcnt_avail(priv);
	unsigned int i, j;
	u8 *set;

	set = kmalloc(CX4_EN_GRP_BUF_SIZE, GFP_KERNEL);
	for (i = 0; i < cx4_en_ppcnt_ngrps; i++) {
		const struct cx4_en_ppcnt_grp *g = &cx4_en_ppcnt_grps[i];
		bool ok;

		if (!(avail & BIT(i)))
			continue;
		ok = set && !cx4_en_grp_read(priv, g, set);
		for (j = 0; j < g->n; j++)
			*data++ = ok ? cx4_en_ppcnt_val(set, &g->stats[j]) : 0;
	}
	kfree(set);
}

static const struct cx4_en_stats_grp cx4_en_stats_grps[] = {
	{ cx4_en_sw_count, cx4_en_sw_strings, cx4_en_sw_fill },
	{ cx4_en_tot_count, cx4_en_tot_strings, cx4_en_tot_fill },
	{ cx4_en_drv_count, cx4_en_drv_strings, cx4_en_drv_fill },
	{ cx4_en_qcnt_count, cx4_en_qcnt_strings, cx4_en_qcnt_fill },
	{ cx4_en_ppcnt_count, cx4_en_ppcnt_strings, cx4_en_ppcnt_fill },
};

int cx4_en_stats_count(struct cx4_en_priv *priv)
{
	unsigned int i;
	u32 n = 0;

	for (i = 0; i < ARRAY_SIZE(cx4_en_stats_grps); i++)
		n += cx4_en_stats_grps[i].count(priv);
	return n;
}

void cx4_en_stats_strings(struct cx4_en_priv *priv, u8 *data)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cx4_en_stats_grps); i++)
		cx4_en_stats_grps[i].strings(priv, &data);
}

void cx4_en_stats_fill(struct cx4_en_priv *priv, u64 *data)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cx4_en_stats_grps); i++) {
		cx4_en_stats_grps[i].fill(priv, data);
		data += cx4_en_stats_grps[i].count(priv);
	}
}

/* --- standard groups (ethtool -I -a, ethtool -S --groups ...) ------------ */

/* The RFC 2819 size buckets of the counter set, in order (Table 120). */
static const struct ethtool_rmon_hist_range cx4_en_rmon_ranges[] = {
	{ 64, 64 }, { 65, 127 }, { 128, 255 }, { 256, 511 }, { 512, 1023 },
	{ 1024, 1518 }, { 1519, 2047 }, { 2048, 4095 }, { 4096, 8191 },
	{ 8192, 10239 }, {}
};

static_assert(ARRAY_SIZE(cx4_en_rmon_ranges) - 1 == ETHTOOL_RMON_HIST_MAX);

/*
 * Counter set of PPCNT group @grp in a new buffer (kfree() it), NULL if
 * it cannot be read: the standard groups are then left unset.
 */
static u8 *cx4_en_ppcnt_read(struct cx4_en_priv *priv, u8 grp)
{
	u8 *set;

	set = kmalloc(CX4_PPCNT_COUNTER_SET_SIZE, GFP_KERNEL);
	if (set && cx4_en_port_ppcnt(priv, grp, 0, set)) {
		kfree(set);
		set = NULL;
	}
	return set;
}

/* Pause frames from the IEEE 802.3 group. */
void cx4_en_get_pause_stats(struct net_device *netdev,
			    struct ethtool_pause_stats *st)
{
	u8 *set = cx4_en_ppcnt_read(netdev_priv(netdev),
				    CX4_PPCNT_GRP_IEEE_802_3);

	if (!set)
		return;
	st->tx_pause_frames =
		cx4_get64(set, CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_TRANSMITTED);
	st->rx_pause_frames =
		cx4_get64(set, CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_RECEIVED);
	kfree(set);
}

/* IEEE 802.3 MAC counters (30.3.1.1) of the IEEE 802.3 group, Table 116. */
void cx4_en_get_eth_mac_stats(struct net_device *netdev,
			      struct ethtool_eth_mac_stats *st)
{
	u8 *set = cx4_en_ppcnt_read(netdev_priv(netdev),
				    CX4_PPCNT_GRP_IEEE_802_3);

	if (!set)
		return;
	st->FramesTransmittedOK =
		cx4_get64(set, CX4_PPCNT_A_FRAMES_TRANSMITTED_OK);
	st->FramesReceivedOK = cx4_get64(set, CX4_PPCNT_A_FRAMES_RECEIVED_OK);
	st->FrameCheckSequenceErrors =
		cx4_get64(set, CX4_PPCNT_A_FRAME_CHECK_SEQUENCE_ERRORS);
	st->AlignmentErrors = cx4_get64(set, CX4_PPCNT_A_ALIGNMENT_ERRORS);
	st->OctetsTransmittedOK =
		cx4_get64(set, CX4_PPCNT_A_OCTETS_TRANSMITTED_OK);
	st->OctetsReceivedOK = cx4_get64(set, CX4_PPCNT_A_OCTETS_RECEIVED_OK);
	st->MulticastFramesXmittedOK =
		cx4_get64(set, CX4_PPCNT_A_MULTICAST_FRAMES_XMITTED_OK);
	st->BroadcastFramesXmittedOK =
		cx4_get64(set, CX4_PPCNT_A_BROADCAST_FRAMES_XMITTED_OK);
	st->MulticastFramesReceivedOK =
		cx4_get64(set, CX4_PPCNT_A_MULTICAST_FRAMES_RECEIVED_OK);
	st->BroadcastFramesReceivedOK =
		cx4_get64(set, CX4_PPCNT_A_BROADCAST_FRAMES_RECEIVED_OK);
	st->InRangeLengthErrors =
		cx4_get64(set, CX4_PPCNT_A_IN_RANGE_LENGTH_ERRORS);
	st->OutOfRangeLengthField =
		cx4_get64(set, CX4_PPCNT_A_OUT_OF_RANGE_LENGTH_FIELD);
	st->FrameTooLongErrors =
		cx4_get64(set, CX4_PPCNT_A_FRAME_TOO_LONG_ERRORS);
	kfree(set);
}

/* IEEE 802.3 PHY counters (30.3.2.1): symbol errors, Table 116. */
void cx4_en_get_eth_phy_stats(struct net_device *netdev,
			      struct ethtool_eth_phy_stats *st)
{
	u8 *set = cx4_en_ppcnt_read(netdev_priv(netdev),
				    CX4_PPCNT_GRP_IEEE_802_3);

	if (!set)
		return;
	st->SymbolErrorDuringCarrier =
		cx4_get64(set, CX4_PPCNT_A_SYMBOL_ERROR_DURING_CARRIER);
	kfree(set);
}

/* IEEE 802.3 MAC control counters (30.3.3), Table 116. */
void cx4_en_get_eth_ctrl_stats(struct net_device *netdev,
			       struct ethtool_eth_ctrl_stats *st)
{
	u8 *set = cx4_en_ppcnt_read(netdev_priv(netdev),
				    CX4_PPCNT_GRP_IEEE_802_3);

	if (!set)
		return;
	st->MACControlFramesTransmitted =
		cx4_get64(set, CX4_PPCNT_A_MAC_CONTROL_FRAMES_TRANSMITTED);
	st->MACControlFramesReceived =
		cx4_get64(set, CX4_PPCNT_A_MAC_CONTROL_FRAMES_RECEIVED);
	st->UnsupportedOpcodesReceived =
		cx4_get64(set, CX4_PPCNT_A_UNSUPPORTED_OPCODES_RECEIVED);
	kfree(set);
}

/* RMON: the receive counters of the RFC 2819 group (no transmit buckets). */
void cx4_en_get_rmon_stats(struct net_device *netdev,
			   struct ethtool_rmon_stats *st,
			   const struct ethtool_rmon_hist_range **ranges)
{
	u8 *set = cx4_en_ppcnt_read(netdev_priv(netdev),
				    CX4_PPCNT_GRP_RFC_2819);
	unsigned int i;

	if (!set)
		return;
	st->undersize_pkts = cx4_get64(set, CX4_PPCNT_ETHER_STATS_UNDERSIZE_PKTS);
	st->oversize_pkts = cx4_get64(set, CX4_PPCNT_ETHER_STATS_OVERSIZE_PKTS);
	st->fragments = cx4_get64(set, CX4_PPCNT_ETHER_STATS_FRAGMENTS);
	st->jabbers = cx4_get64(set, CX4_PPCNT_ETHER_STATS_JABBERS);
	for (i = 0; i < ETHTOOL_RMON_HIST_MAX; i++)
		st->hist[i] = cx4_get64(set, CX4_PPCNT_ETHER_STATS_PKTS64OCTETS +
					     8 * i);
	*ranges = cx4_en_rmon_ranges;
	kfree(set);
}

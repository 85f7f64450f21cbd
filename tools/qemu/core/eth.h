/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * cx4dev Ethernet datapath internals: the transport objects of PRM 7.5-7.9
 * (TIS, TIR, RQT, SQ, RQ), the NIC flow tables of PRM 7.11, the queue
 * engines and the offloads.  Included by cx4dev_int.h; all state hangs
 * off struct cx4dev.eth.
 */
#ifndef CX4DEV_ETH_H
#define CX4DEV_ETH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cx4dev_ctl.h"

struct cx4dev;
struct cx4dev_cmd;

/* Model limits on object numbers (the capabilities advertise more). */
#define CX4DEV_MAX_TIS		1024
#define CX4DEV_MAX_TIR		1024
#define CX4DEV_MAX_RQT		256
#define CX4DEV_MAX_SQ		1024
#define CX4DEV_MAX_RQ		1024
#define CX4DEV_MAX_FT		256	/* 1 << FT_PROP.log_max_ft_num */
#define CX4DEV_MAX_FG		4096
#define CX4DEV_MAX_FLOW_COUNTER	4096
#define CX4DEV_FIRST_ETH_OBJ	1	/* object number 0 is never handed out */
#define CX4DEV_MAX_Q_COUNTER	64	/* counter_set_id 1..63 (8-bit field) */
#define CX4DEV_LB_MAX_FC	64	/* flow counters one looped-back frame may hit */

#define CX4DEV_MAX_FRAME	(256u * 1024)	/* 1 << max_lso_cap */
#define CX4DEV_MAX_SEND_WQE	(63u * CX4_WQE_OCTOWORD_SIZE)	/* DS is 6 bits */

/* Transport interface send (PRM 7.6). */
struct cx4dev_tis {
	uint32_t prio;
	uint32_t td;
	uint32_t refs;		/* SQs using it */
};

/* Transport interface receive (PRM 7.5). */
struct cx4dev_tir {
	uint32_t disp_type;
	uint32_t inline_rqn;
	uint32_t rqtn;
	uint32_t hash_fn;
	bool hash_symmetric;
	uint8_t key[CX4_TIRC_RX_HASH_TOEPLITZ_KEY_LEN];
	uint32_t sel_outer;
	uint32_t sel_inner;
	uint32_t lro_mask;
	uint32_t lro_timeout;
	uint32_t lro_max_msg;
	uint32_t self_lb;
	uint32_t td;
	uint32_t refs;		/* flow table entries forwarding to it */
};

/* RQ table (PRM 7.8). */
struct cx4dev_rqt {
	uint32_t max_size;
	uint32_t size;
	uint32_t *rqn;
	uint32_t refs;		/* TIRs using it */
};

/* Work queue part shared by SQs and RQs (PRM 7.4, Table 55). */
struct cx4dev_wq {
	uint32_t state;		/* enum cx4_wq_state */
	bool rlkey;
	bool flush_in_error;
	uint32_t user_index;
	uint32_t cqn;
	uint32_t pd;
	uint32_t uar;
	uint32_t log_stride;
	uint32_t log_size;	/* log2 of the number of strides */
	uint32_t log_page_size;
	uint64_t dbr;
	uint16_t hw_counter;	/* next stride (SQ: WQEBB) the device consumes */
	bool err_cqe_sent;	/* first error CQE written since ERR */
	uint32_t npas;
	uint64_t *pas;
};

struct cx4dev_sq {
	struct cx4dev_wq wq;
	uint32_t tisn;
	uint32_t min_inline;	/* enum cx4_inline_mode */
	uint64_t packets, bytes;
};

/* An LRO session (PRM 3.3.6), one per RQ (eth_lro.c). */
struct cx4dev_lro {
	bool active;
	uint32_t tirn;
	uint8_t key[40];
	uint32_t keylen;
	uint8_t ipfix[40];	/* IP header bytes that must match */
	uint16_t wqe_index;
	uint32_t len;		/* bytes scattered */
	uint32_t l3;
	uint32_t tcp_hlen;
	uint32_t tcp_bytes;	/* TCP header + payload so far */
	uint32_t tcp_sum;
	uint32_t next_seq;
	uint32_t nseg;
	bool ack, psh, has_ts, stripped;
	uint32_t tcp_ecn, ip_ecn;
	uint32_t ack_seq, win, min_ttl, tsval, tsecr;
	uint32_t tci, hash, htype, flow_tag;
	uint64_t deadline;
	uint32_t stride;
	uint8_t wqe[];		/* copy of the session's WQE */
};

/* A received frame as the LRO code sees it (after VLAN stripping). */
struct cx4dev_lro_frame {
	const struct cx4dev_pkt *p;
	const uint8_t *f;
	bool stripped;
	uint32_t tci, hash, htype;
	bool have_wqe;		/* the RQ has a posted WQE */
};

struct cx4dev_rq {
	struct cx4dev_wq wq;
	struct cx4dev_lro *lro;
	bool vsd;		/* VLAN strip disable */
	uint32_t refs;		/* TIRs and RQTs pointing at it */
	uint32_t drops_since_cqe;	/* CQE rx_drop_counter */
	uint32_t counter_set_id;	/* queue counter set, 0 = none */
	uint64_t packets, bytes, out_of_buffer;
};

/* Flow table entry (Tables 429-436). */
struct cx4dev_fte {
	uint32_t index;
	uint32_t group_id;
	uint32_t action;
	uint32_t flow_tag;
	uint32_t ndest;
	uint32_t ncnt;
	uint32_t *dest;		/* (type << 24) | id */
	uint32_t *cnt;
	uint8_t value[CX4_FTE_MATCH_PARAM_SIZE];
};

/* Flow group (Table 405). */
struct cx4dev_fg {
	uint32_t id;
	uint32_t start;
	uint32_t end;
	uint32_t enable;	/* match_criteria_enable */
	uint8_t criteria[CX4_FTE_MATCH_PARAM_SIZE];
};

/* Flow table (Table 387). */
struct cx4dev_ft {
	uint32_t type;
	uint32_t level;
	uint32_t log_size;
	uint32_t miss_action;
	uint32_t miss_id;
	uint32_t refs;		/* entries / miss pointers of other tables, root */
	uint32_t nfg;
	struct cx4dev_fg **fg;
	uint32_t nfte;		/* sorted by index */
	struct cx4dev_fte **fte;
};

struct cx4dev_flow_counter {
	bool valid;
	uint32_t refs;
	uint64_t packets;
	uint64_t octets;
};

/* Queue counter set (ALLOC_Q_COUNTER, beyond rev 0.40; counters.c). */
struct cx4dev_q_counter {
	bool valid;
	uint32_t refs;		/* RQs naming it */
	uint64_t out_of_buffer;
};

/* Vport traffic counters (PRM 12.17, Table 489), index into cx4dev_eth.vc. */
enum cx4dev_vcnt {
	CX4DEV_VC_RX_ERRORS,	/* frames refused by the vport: over the MTU */
	CX4DEV_VC_TX_ERRORS,	/* send WQEs completed in error */
	CX4DEV_VC_RX_BCAST,
	CX4DEV_VC_TX_BCAST,
	CX4DEV_VC_RX_UCAST,
	CX4DEV_VC_TX_UCAST,
	CX4DEV_VC_RX_MCAST,
	CX4DEV_VC_TX_MCAST,
	CX4DEV_VC_NUM,
};

enum cx4dev_cast {
	CX4DEV_CAST_UCAST,
	CX4DEV_CAST_MCAST,
	CX4DEV_CAST_BCAST,
};

struct cx4dev_traffic {
	uint64_t packets;
	uint64_t octets;
};

/* Physical port counters (PPCNT groups; port_cnt.c). */
enum cx4dev_pc {
	CX4DEV_PC_TX_FRAMES,		/* frames put on the wire */
	CX4DEV_PC_TX_OCTETS,		/* their bytes + 4 (FCS) */
	CX4DEV_PC_TX_UCAST,
	CX4DEV_PC_TX_MCAST,
	CX4DEV_PC_TX_BCAST,
	CX4DEV_PC_TX_DISCARDS,		/* sent while the port was not operational */
	CX4DEV_PC_TX_ERRORS,		/* send WQEs completed in error */
	CX4DEV_PC_RX_ALL,		/* every frame from the wire */
	CX4DEV_PC_RX_ALL_OCTETS,
	CX4DEV_PC_RX_OK,		/* passed on by the port */
	CX4DEV_PC_RX_OK_OCTETS,
	CX4DEV_PC_RX_UCAST,		/* of those */
	CX4DEV_PC_RX_MCAST,
	CX4DEV_PC_RX_BCAST,
	CX4DEV_PC_RX_DISCARDS,		/* passed on, steered to no TIR */
	CX4DEV_PC_RX_ERRORS,		/* too long, length errors */
	CX4DEV_PC_RX_TOO_LONG,		/* longer than PMTU oper_mtu (with FCS) */
	CX4DEV_PC_RX_UNDERSIZE,		/* never: short frames count padded */
	CX4DEV_PC_RX_MAC_CTRL,		/* EtherType 0x8808 */
	CX4DEV_PC_RX_PAUSE,		/* opcode 0x0001 */
	CX4DEV_PC_RX_UNSUP_OPCODE,	/* other than PAUSE / PFC */
	CX4DEV_PC_RX_64,		/* RFC 2819 buckets: 10 counters from here */
	CX4DEV_PC_RX_IN_RANGE_LEN = CX4DEV_PC_RX_64 + 10, /* length field != data */
	CX4DEV_PC_RX_OUT_OF_RANGE_LEN,	/* length field 1501..1535 */
	CX4DEV_PC_NUM,
};

enum cx4dev_pp {
	CX4DEV_PP_RX_FRAMES,
	CX4DEV_PP_RX_OCTETS,
	CX4DEV_PP_TX_FRAMES,
	CX4DEV_PP_TX_OCTETS,
	CX4DEV_PP_RX_PAUSE,		/* PFC frames enabling this priority */
	CX4DEV_PP_NUM,
};

#define CX4DEV_PC_NGROUPS	4	/* PPCNT groups 0x0-0x3 */
#define CX4DEV_PC_NPRIO		8

struct cx4dev_port_counters {
	uint64_t c[CX4DEV_PC_NUM];
	uint64_t p[CX4DEV_PC_NPRIO][CX4DEV_PP_NUM];
	uint64_t base[CX4DEV_PC_NGROUPS][CX4DEV_PC_NUM];	/* per group clr */
	uint64_t pbase[CX4DEV_PC_NPRIO][CX4DEV_PP_NUM];
	uint32_t link_down_events;	/* operational up -> down (group 0x12) */
	uint32_t link_down_base;
	uint64_t phy_clear_ns;		/* group 0x12 last clear */
};

/* Datapath counters (cx4dev_eth_counter(), debug control page). */
enum cx4dev_eth_cnt {
	CX4DEV_ETH_TX_PACKETS,		/* frames handed to ops->transmit */
	CX4DEV_ETH_TX_BYTES,
	CX4DEV_ETH_TX_LSO_SEGMENTS,	/* frames produced by LSO */
	CX4DEV_ETH_TX_CSUM,		/* checksums filled in */
	CX4DEV_ETH_TX_INLINE_DROPS,	/* WQEs dropped: inline header too short */
	CX4DEV_ETH_TX_ERR_CQES,		/* error CQEs written for SQs */
	CX4DEV_ETH_RX_PACKETS,		/* frames delivered to an RQ */
	CX4DEV_ETH_RX_BYTES,
	CX4DEV_ETH_RX_NO_STEERING,	/* dropped: link down, no root table, miss */
	CX4DEV_ETH_RX_FLOW_DROPS,	/* dropped by a DROP flow action */
	CX4DEV_ETH_RX_RQ_NOT_READY,	/* dropped: TIR's RQ not in RDY */
	CX4DEV_ETH_RX_OUT_OF_BUFFER,	/* dropped: RQ had no WQE */
	CX4DEV_ETH_RX_MTU_DROPS,	/* dropped: longer than the vport MTU */
	CX4DEV_ETH_RX_VLAN_STRIPPED,
	CX4DEV_ETH_RX_CSUM_OK,		/* CQEs with l4_ok */
	CX4DEV_ETH_RX_ERR_CQES,		/* error CQEs written for RQs */
	CX4DEV_ETH_RX_LRO_SEGMENTS,	/* segments completed through LRO sessions */
	CX4DEV_ETH_RX_LRO_SESSIONS,	/* LRO CQEs with lro_num_seg > 1 */
	CX4DEV_ETH_LB_DELIVERED,	/* sent frames looped back to a local TIR */
	CX4DEV_ETH_LB_BLOCKED,		/* self-loopback refused by a TIR (self_lb_en) */
	CX4DEV_ETH_RX_NO_BUS_MASTER,	/* dropped: Bus Master Enable off */
	CX4DEV_ETH_NUM_CNT,
};

struct cx4dev_eth {
	struct cx4dev_tis *tis[CX4DEV_MAX_TIS];
	struct cx4dev_tir *tir[CX4DEV_MAX_TIR];
	struct cx4dev_rqt *rqt[CX4DEV_MAX_RQT];
	struct cx4dev_sq *sq[CX4DEV_MAX_SQ];
	struct cx4dev_rq *rq[CX4DEV_MAX_RQ];
	struct cx4dev_ft *ft[CX4DEV_MAX_FT];
	struct cx4dev_flow_counter fc[CX4DEV_MAX_FLOW_COUNTER];
	uint32_t next_fg_id;
	uint32_t root[2];	/* SET_FLOW_TABLE_ROOT per type, 0 = the level-0 table */
	uint64_t cnt[CX4DEV_ETH_NUM_CNT];
	uint8_t frame[CX4DEV_MAX_FRAME];	/* TX gather buffer */
	uint8_t seg[CX4DEV_MAX_FRAME];		/* TX segment / RX scratch */
	uint8_t lb[CX4DEV_MAX_FRAME];		/* frame being looped back */
	bool lb_steer;				/* steering a looped-back frame */
	uint32_t lb_nfc;			/* flow counters it hit, pending */
	uint32_t lb_fc[CX4DEV_LB_MAX_FC];
	uint8_t wqe[CX4DEV_MAX_SEND_WQE];	/* send WQE being executed */
	uint32_t flow_tag;			/* tag of the last steering */
	/*
	 * Internal timer (7.12.10) when the frame being received reached the
	 * port, and when the last frame sent was handed to the cable: the
	 * CQE timestamps.  Taken at the hand-over, not when the CQE is
	 * written, so that the model's own DMA time (IOMMU walks, scatter)
	 * adds no jitter to a PTP exchange between two functions.
	 */
	uint64_t rx_ts, tx_ts;
	struct cx4dev_q_counter qc[CX4DEV_MAX_Q_COUNTER];
	struct cx4dev_traffic vc[CX4DEV_VC_NUM];	/* vport counters */
	struct cx4dev_port_counters pcnt;		/* port counters (PPCNT) */
	uint32_t bf_hi[CX4DEV_UAR_MAX];		/* first dword of a send doorbell */
	bool bf_hi_valid[CX4DEV_UAR_MAX];
};

/* eth_obj.c: TIS, TIR, RQT, SQ, RQ objects and commands (PRM 12.8-12.12). */
int cx4dev_eth_init(struct cx4dev *dev);
void cx4dev_eth_fini(struct cx4dev *dev);
void cx4dev_eth_release(struct cx4dev *dev, const char *why, bool is_error);
size_t cx4dev_eth_objects(const struct cx4dev *dev);
bool cx4dev_eth_uses_cq(const struct cx4dev *dev, uint32_t cqn);
void cx4dev_eth_cq_error(struct cx4dev *dev, uint32_t cqn);
bool cx4dev_eth_uses_td(const struct cx4dev *dev, uint32_t td);
bool cx4dev_eth_uses_pd(const struct cx4dev *dev, uint32_t pd);
bool cx4dev_eth_uses_uar(const struct cx4dev *dev, uint32_t uar);
struct cx4dev_tir *cx4dev_tir_get(const struct cx4dev *dev, uint32_t tirn);
struct cx4dev_rq *cx4dev_rq_get(const struct cx4dev *dev, uint32_t rqn);
struct cx4dev_sq *cx4dev_sq_get(const struct cx4dev *dev, uint32_t sqn);
struct cx4dev_rqt *cx4dev_rqt_get(const struct cx4dev *dev, uint32_t rqtn);
const struct cx4dev_tis *cx4dev_tis_find(const struct cx4dev *dev, uint32_t tisn);
/* eth_obj.c, shared by the object files eth_tis/tir/rqt/wq.c */
const uint8_t *cx4dev_gcap(const struct cx4dev *dev);
const uint8_t *cx4dev_ecap(const struct cx4dev *dev);
int64_t cx4dev_eth_slot(void **tab, uint32_t n);
struct cx4dev_tis *cx4dev_tis_get(const struct cx4dev *dev, uint32_t tisn);
uint8_t cx4dev_exec_create_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_tis(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_create_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_tir(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_create_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_rqt(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_create_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_sq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_create_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_rq(struct cx4dev *dev, struct cx4dev_cmd *cmd);

/* flow.c: NIC flow tables, groups, entries, counters (PRM 7.11, 12.14). */
void cx4dev_flow_release(struct cx4dev *dev);
size_t cx4dev_flow_objects(const struct cx4dev *dev);
bool cx4dev_flow_uses_tir(const struct cx4dev *dev, uint32_t tirn);
uint8_t cx4dev_exec_create_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_modify_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_ft(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_set_ft_root(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_create_fg(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_destroy_fg(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_fg(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_set_fte(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_fte(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_delete_fte(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_alloc_fc(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_dealloc_fc(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_fc(struct cx4dev *dev, struct cx4dev_cmd *cmd);
/*
 * Steer a parsed frame (@match: its Table 407 match parameters) through
 * the NIC RX tables from the root; fills @tirs with up to @max TIR numbers
 * and returns how many (0: dropped or missed, counted).
 */
uint32_t cx4dev_flow_steer(struct cx4dev *dev, const uint8_t *match, uint32_t len,
			   uint32_t *tirs, uint32_t max);

/* counters.c: queue counter sets and vport counters. */
bool cx4dev_q_counter_valid(const struct cx4dev *dev, uint32_t id);
size_t cx4dev_q_counters_count(const struct cx4dev *dev);
void cx4dev_q_counters_release(struct cx4dev *dev);
void cx4dev_q_counter_out_of_buffer(struct cx4dev *dev, const struct cx4dev_rq *rq);
uint8_t cx4dev_exec_alloc_q_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_dealloc_q_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_q_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_vport_counter(struct cx4dev *dev, struct cx4dev_cmd *cmd);
uint8_t cx4dev_exec_query_vnic_env(struct cx4dev *dev, struct cx4dev_cmd *cmd);
enum cx4dev_cast cx4dev_frame_cast(const uint8_t *f);
void cx4dev_vport_count(struct cx4dev *dev, bool tx, const uint8_t *f, uint32_t len);
void cx4dev_vport_count_error(struct cx4dev *dev, bool tx, uint32_t len);
uint64_t cx4dev_vport_counter(const struct cx4dev *dev, enum cx4dev_vcnt which, bool octets);

/* port_cnt.c: physical port counters (PPCNT). */
void cx4dev_port_counters_reset(struct cx4dev *dev);
bool cx4dev_port_rx(struct cx4dev *dev, const uint8_t *f, uint32_t len);
void cx4dev_port_rx_discard(struct cx4dev *dev);
void cx4dev_port_tx(struct cx4dev *dev, const uint8_t *f, uint32_t len, bool sent);
void cx4dev_port_tx_error(struct cx4dev *dev);
void cx4dev_port_ppcnt(struct cx4dev *dev, uint32_t grp, uint32_t prio, bool clr, uint8_t *set);
uint64_t cx4dev_port_counter(const struct cx4dev *dev, enum cx4dev_pc idx);
/*
 * Debug control page, port view: CX4DEV_CTL_PORT_STATE (bit 0 operational,
 * 11:8 PAOS admin_status, 19:16 oper_status, bit 31 cable), _PORT_MTU
 * (PMTU admin = oper), _LINK_DOWN_EVENTS, port counter i (enum cx4dev_pc,
 * low 32 bits, not affected by PPCNT clr) at CX4DEV_CTL_PORT_CNT + 4 * i
 * (offsets: cx4dev_ctl.h).
 */
uint32_t cx4dev_port_ctl_read(const struct cx4dev *dev, uint32_t off);

/* pkt.c: frame parsing and checksums. */
struct cx4dev_pkt {
	uint32_t len;
	uint32_t l2_len;	/* through the last EtherType */
	uint32_t ethertype;	/* after the VLAN tags */
	uint32_t nvlan;
	uint32_t vlan_tci;	/* first tag */
	uint32_t vlan_tpid;
	bool llc;		/* 802.3 length field (LLC/SNAP) */
	uint32_t l3;		/* enum cx4_cqe_l3_hdr_type */
	uint32_t l3_off;
	uint32_t l3_hlen;
	uint32_t l3_len;	/* IP total length (header + payload) */
	bool l3_ok;		/* parsed, length sane, IPv4 header checksum good */
	bool ip_frag;
	bool ip_opts;
	uint32_t proto;		/* IP protocol of the L4 header */
	uint32_t l4;		/* enum cx4_cqe_l4_hdr_type basic: NONE, TCP, UDP */
	uint32_t l4_off;
	uint32_t l4_hlen;
	bool l4_ok;		/* TCP/UDP checksum good */
	uint32_t tcp_flags;
};

/* Frame fields are big-endian and not aligned: read and written byte by byte. */
static inline uint32_t cx4dev_get_be16(const uint8_t *b)
{
	return (uint32_t)b[0] << 8 | b[1];
}

static inline uint32_t cx4dev_get_be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static inline void cx4dev_put_be16(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

static inline void cx4dev_put_be32(uint8_t *b, uint32_t v)
{
	cx4dev_put_be16(b, v >> 16);
	cx4dev_put_be16(b + 2, v);
}

void cx4dev_pkt_parse(struct cx4dev_pkt *p, const uint8_t *f, uint32_t len);
/* One's complement 16-bit sum of @len bytes, added to @sum (not folded). */
uint32_t cx4dev_csum_add(uint32_t sum, const uint8_t *b, uint32_t len);
uint16_t cx4dev_csum_fold(uint32_t sum);
/* Fill the IPv4 header / TCP-UDP checksum of a parsed frame. */
void cx4dev_pkt_fill_l3_csum(const struct cx4dev_pkt *p, uint8_t *f);
void cx4dev_pkt_fill_l4_csum(const struct cx4dev_pkt *p, uint8_t *f);
/* Table 407 match parameters of a parsed frame. */
void cx4dev_pkt_match(const struct cx4dev_pkt *p, const uint8_t *f, uint8_t *match);
uint32_t cx4dev_toeplitz(const uint8_t *key, uint32_t keylen, const uint8_t *in, uint32_t len);

/*
 * Debug control page: datapath counter i (enum cx4dev_eth_cnt) at
 * CX4DEV_CTL_ETH_CNT + 4 * i, low 32 bits; 0 elsewhere (cx4dev_ctl.h).
 */
uint32_t cx4dev_eth_ctl_read(const struct cx4dev *dev, uint32_t off);
/* chan: debug page 0x0e0-0x0fc, the channels' view (cq.c) */
uint32_t cx4dev_chan_ctl_read(const struct cx4dev *dev, uint32_t off);
uint64_t cx4dev_eth_counter(const struct cx4dev *dev, enum cx4dev_eth_cnt which);

/* eth_lro.c: LRO sessions. */
bool cx4dev_lro_rx(struct cx4dev *dev, uint32_t tirn, const struct cx4dev_tir *t,
		   struct cx4dev_rq *rq, const struct cx4dev_lro_frame *fr);
void cx4dev_lro_flush(struct cx4dev *dev, struct cx4dev_rq *rq, uint32_t abrt);
void cx4dev_lro_flush_tir(struct cx4dev *dev, uint32_t tirn);

/* The RQ's session ends without a CQE: its WQE is flushed or reset. */
static inline void cx4dev_lro_discard(struct cx4dev_rq *rq)
{
	if (rq->lro)
		rq->lro->active = false;
}

uint64_t cx4dev_lro_next_deadline(const struct cx4dev *dev);
void cx4dev_lro_timer(struct cx4dev *dev, uint64_t now);

/* eth_tx.c / eth_rx.c: queue engines. */
void cx4dev_sq_bf_write(struct cx4dev *dev, uint32_t uar, uint32_t reg, uint32_t val);
void cx4dev_sq_process(struct cx4dev *dev, uint32_t sqn, struct cx4dev_sq *sq);
bool cx4dev_eth_can_receive(struct cx4dev *dev);
size_t cx4dev_eth_receive(struct cx4dev *dev, const uint8_t *frame, size_t len);
void cx4dev_eth_loopback(struct cx4dev *dev, uint32_t td, const uint8_t *f, uint32_t len);

/* eth_ring.c: WQ ring helpers shared by the queue engines. */
int cx4dev_wq_read(struct cx4dev *dev, const struct cx4dev_wq *wq, uint32_t off, void *buf,
		   uint32_t len);
int cx4dev_wq_post_cqe(struct cx4dev *dev, const struct cx4dev_wq *wq, uint8_t *cqe);
int cx4dev_wq_dbr(struct cx4dev *dev, const struct cx4dev_wq *wq, bool sq, uint16_t *ctr);
void cx4dev_wq_err_cqe(struct cx4dev *dev, struct cx4dev_wq *wq, bool sq, uint16_t counter,
		       uint32_t opcode, uint32_t syn, uint32_t vsyn);
void cx4dev_wq_flush(struct cx4dev *dev, uint32_t qn, struct cx4dev_wq *wq, bool sq);

/* eth_tx.c: SQ_STALL selector changes run the SQs it no longer holds. */
void cx4dev_sq_stall_change(struct cx4dev *dev, uint32_t val);
void cx4dev_sq_stall_reset(struct cx4dev *dev, uint32_t sqn);

/* knob.c: queue knobs WQ_ERROR and SQ_STALL (Documentation/device-model.md). */
#define CX4DEV_VSYN_KNOB	0x0e	/* error CQE vendor syndrome of WQ_ERROR */
bool cx4dev_wq_knob_match(uint32_t knob, uint32_t qn);
bool cx4dev_wq_error_armed(const struct cx4dev *dev, bool rq, uint32_t qn);
uint32_t cx4dev_wq_error_fire(struct cx4dev *dev, bool rq, uint32_t qn);
bool cx4dev_sq_stalled(struct cx4dev *dev, uint32_t sqn);
uint32_t cx4dev_sq_stall_set(struct cx4dev *dev, uint32_t val);

#endif /* CX4DEV_ETH_H */

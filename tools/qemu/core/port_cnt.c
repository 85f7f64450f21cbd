/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Physical port counters (PPCNT, PRM 11.1.5): what crosses the emulated
 * port's wire, counted by the datapath, reported through the PPCNT
 * counter groups.  Rules (Documentation/device-model-registers.md,
 * "Port counters"): a frame counts with its 4-byte FCS (the wire has one even
 * though QEMU frames carry none) and at least 64 bytes (short frames are
 * counted padded, as a MAC pads them); received frames longer than the
 * PMTU oper_mtu, MAC control frames (EtherType 0x8808) or frames whose
 * 802.3 length field is out of range or does not match their data are
 * not passed on; loopback frames never cross the wire.
 *
 * Each group (and each priority of the per-priority group) keeps a base
 * per counter: a group reads counter - base, clr sets the base, so
 * clearing one group does not disturb the others.
 */
#include <string.h>

#include <linux/cx4/prm_reg.h>

#include "cx4dev_int.h"

#define ETH_P_8021Q_		0x8100
#define ETH_P_MAC_CONTROL	0x8808
#define MAC_CTRL_PAUSE		0x0001
#define MAC_CTRL_PFC		0x0101
#define CX4DEV_FCS		4

/* One counter of a group: offset in the counter set, raw counter. */
struct cx4dev_pc_map {
	uint16_t off;
	uint16_t idx;
};

static const struct cx4dev_pc_map cx4dev_pc_8023[] = {
	{ CX4_PPCNT_A_FRAMES_TRANSMITTED_OK, CX4DEV_PC_TX_FRAMES },
	{ CX4_PPCNT_A_FRAMES_RECEIVED_OK, CX4DEV_PC_RX_OK },
	{ CX4_PPCNT_A_OCTETS_TRANSMITTED_OK, CX4DEV_PC_TX_OCTETS },
	{ CX4_PPCNT_A_OCTETS_RECEIVED_OK, CX4DEV_PC_RX_OK_OCTETS },
	{ CX4_PPCNT_A_MULTICAST_FRAMES_XMITTED_OK, CX4DEV_PC_TX_MCAST },
	{ CX4_PPCNT_A_BROADCAST_FRAMES_XMITTED_OK, CX4DEV_PC_TX_BCAST },
	{ CX4_PPCNT_A_MULTICAST_FRAMES_RECEIVED_OK, CX4DEV_PC_RX_MCAST },
	{ CX4_PPCNT_A_BROADCAST_FRAMES_RECEIVED_OK, CX4DEV_PC_RX_BCAST },
	{ CX4_PPCNT_A_IN_RANGE_LENGTH_ERRORS, CX4DEV_PC_RX_IN_RANGE_LEN },
	{ CX4_PPCNT_A_OUT_OF_RANGE_LENGTH_FIELD, CX4DEV_PC_RX_OUT_OF_RANGE_LEN },
	{ CX4_PPCNT_A_FRAME_TOO_LONG_ERRORS, CX4DEV_PC_RX_TOO_LONG },
	{ CX4_PPCNT_A_MAC_CONTROL_FRAMES_RECEIVED, CX4DEV_PC_RX_MAC_CTRL },
	{ CX4_PPCNT_A_UNSUPPORTED_OPCODES_RECEIVED, CX4DEV_PC_RX_UNSUP_OPCODE },
	{ CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_RECEIVED, CX4DEV_PC_RX_PAUSE },
	{ 0, CX4DEV_PC_NUM }
};

static const struct cx4dev_pc_map cx4dev_pc_2863[] = {
	{ CX4_PPCNT_IF_IN_OCTETS, CX4DEV_PC_RX_ALL_OCTETS },
	{ CX4_PPCNT_IF_IN_UCAST_PKTS, CX4DEV_PC_RX_UCAST },
	{ CX4_PPCNT_IF_IN_DISCARDS, CX4DEV_PC_RX_DISCARDS },
	{ CX4_PPCNT_IF_IN_ERRORS, CX4DEV_PC_RX_ERRORS },
	{ CX4_PPCNT_IF_OUT_OCTETS, CX4DEV_PC_TX_OCTETS },
	{ CX4_PPCNT_IF_OUT_UCAST_PKTS, CX4DEV_PC_TX_UCAST },
	{ CX4_PPCNT_IF_OUT_DISCARDS, CX4DEV_PC_TX_DISCARDS },
	{ CX4_PPCNT_IF_OUT_ERRORS, CX4DEV_PC_TX_ERRORS },
	{ CX4_PPCNT_IF_IN_MULTICAST_PKTS, CX4DEV_PC_RX_MCAST },
	{ CX4_PPCNT_IF_IN_BROADCAST_PKTS, CX4DEV_PC_RX_BCAST },
	{ CX4_PPCNT_IF_OUT_MULTICAST_PKTS, CX4DEV_PC_TX_MCAST },
	{ CX4_PPCNT_IF_OUT_BROADCAST_PKTS, CX4DEV_PC_TX_BCAST },
	{ 0, CX4DEV_PC_NUM }
};

static const struct cx4dev_pc_map cx4dev_pc_2819[] = {
	{ CX4_PPCNT_ETHER_STATS_OCTETS, CX4DEV_PC_RX_ALL_OCTETS },
	{ CX4_PPCNT_ETHER_STATS_PKTS, CX4DEV_PC_RX_ALL },
	{ CX4_PPCNT_ETHER_STATS_BROADCAST_PKTS, CX4DEV_PC_RX_BCAST },
	{ CX4_PPCNT_ETHER_STATS_MULTICAST_PKTS, CX4DEV_PC_RX_MCAST },
	{ CX4_PPCNT_ETHER_STATS_UNDERSIZE_PKTS, CX4DEV_PC_RX_UNDERSIZE },
	{ CX4_PPCNT_ETHER_STATS_OVERSIZE_PKTS, CX4DEV_PC_RX_TOO_LONG },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(0), CX4DEV_PC_RX_64 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(1), CX4DEV_PC_RX_64 + 1 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(2), CX4DEV_PC_RX_64 + 2 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(3), CX4DEV_PC_RX_64 + 3 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(4), CX4DEV_PC_RX_64 + 4 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(5), CX4DEV_PC_RX_64 + 5 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(6), CX4DEV_PC_RX_64 + 6 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(7), CX4DEV_PC_RX_64 + 7 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(8), CX4DEV_PC_RX_64 + 8 },
	{ CX4_PPCNT_ETHER_STATS_BUCKET(9), CX4DEV_PC_RX_64 + 9 },
	{ 0, CX4DEV_PC_NUM }
};

static const struct cx4dev_pc_map cx4dev_pc_3635[] = {
	{ CX4_PPCNT_DOT3STATS_FRAME_TOO_LONG, CX4DEV_PC_RX_TOO_LONG },
	{ CX4_PPCNT_DOT3CONTROL_IN_UNKNOWN_OPCODES, CX4DEV_PC_RX_UNSUP_OPCODE },
	{ CX4_PPCNT_DOT3IN_PAUSE_FRAMES, CX4DEV_PC_RX_PAUSE },
	{ 0, CX4DEV_PC_NUM }
};

static const struct cx4dev_pc_map cx4dev_pc_prio[] = {
	{ CX4_PPCNT_PRIO_RX_OCTETS, CX4DEV_PP_RX_OCTETS },
	{ CX4_PPCNT_PRIO_RX_FRAMES, CX4DEV_PP_RX_FRAMES },
	{ CX4_PPCNT_PRIO_TX_OCTETS, CX4DEV_PP_TX_OCTETS },
	{ CX4_PPCNT_PRIO_TX_FRAMES, CX4DEV_PP_TX_FRAMES },
	{ CX4_PPCNT_PRIO_RX_PAUSE, CX4DEV_PP_RX_PAUSE },
	{ 0, CX4DEV_PP_NUM }
};

static const struct cx4dev_pc_map *const cx4dev_pc_groups[CX4DEV_PC_NGROUPS] = {
	cx4dev_pc_8023, cx4dev_pc_2863, cx4dev_pc_2819, cx4dev_pc_3635,
};

void cx4dev_port_counters_reset(struct cx4dev *dev)
{
	memset(&dev->eth->pcnt, 0, sizeof(dev->eth->pcnt));
	dev->eth->pcnt.phy_clear_ns = cx4dev_now(dev);
}

/* Priority of a frame: PCP of its first 802.1Q tag, else 0. */
static uint32_t cx4dev_frame_prio(const uint8_t *f, uint32_t len)
{
	if (len >= 16 && cx4dev_get_be16(f + 12) == ETH_P_8021Q_)
		return f[14] >> 5;
	return 0;
}

static void cx4dev_pc_cast(struct cx4dev_port_counters *c, const uint8_t *f, bool tx)
{
	switch (cx4dev_frame_cast(f)) {
	case CX4DEV_CAST_UCAST:
		c->c[tx ? CX4DEV_PC_TX_UCAST : CX4DEV_PC_RX_UCAST]++;
		break;
	case CX4DEV_CAST_MCAST:
		c->c[tx ? CX4DEV_PC_TX_MCAST : CX4DEV_PC_RX_MCAST]++;
		break;
	case CX4DEV_CAST_BCAST:
		c->c[tx ? CX4DEV_PC_TX_BCAST : CX4DEV_PC_RX_BCAST]++;
		break;
	}
}

/* RFC 2819 bucket of a frame of @w bytes (with FCS); -1 above 10239. */
static int cx4dev_pc_bucket(uint32_t w)
{
	static const uint32_t top[CX4_PPCNT_RFC_2819_NBUCKETS] = {
		64, 127, 255, 511, 1023, 1518, 2047, 4095, 8191, 10239
	};

	for (int i = 0; i < CX4_PPCNT_RFC_2819_NBUCKETS; i++)
		if (w <= top[i])
			return i;
	return -1;
}

/* A MAC control frame (counted, consumed by the MAC). */
static void cx4dev_pc_mac_ctrl(struct cx4dev_port_counters *c, const uint8_t *f, uint32_t len)
{
	uint32_t op = len >= 16 ? cx4dev_get_be16(f + 14) : 0;

	c->c[CX4DEV_PC_RX_MAC_CTRL]++;
	if (op == MAC_CTRL_PAUSE) {
		c->c[CX4DEV_PC_RX_PAUSE]++;
	} else if (op == MAC_CTRL_PFC && len >= 18) {
		uint32_t en = cx4dev_get_be16(f + 16) & 0xff;

		for (uint32_t p = 0; p < CX4DEV_PC_NPRIO; p++)
			if (en & (1u << p))
				c->p[p][CX4DEV_PP_RX_PAUSE]++;
	} else {
		c->c[CX4DEV_PC_RX_UNSUP_OPCODE]++;
	}
}

/*
 * IEEE 802.3 length field check of a frame whose Length/Type field (at
 * @off) is a length (< 0x600): the counter of the error, or CX4DEV_PC_NUM
 * if none.  Above 1500 the field is out of range; otherwise the data
 * after it must be as long as the field says, or exactly the 46 bytes of
 * a padded minimum frame (QEMU may also deliver a short frame unpadded:
 * data between the field and 46 bytes is padding in progress, accepted).
 */
static enum cx4dev_pc cx4dev_pc_length_check(const uint8_t *f, uint32_t len, uint32_t off)
{
	uint32_t field = cx4dev_get_be16(f + off), data = len - off - 2;

	if (field >= 0x600)
		return CX4DEV_PC_NUM;
	if (field > 1500)
		return CX4DEV_PC_RX_OUT_OF_RANGE_LEN;
	if (data < field || (data > field && data > 46))
		return CX4DEV_PC_RX_IN_RANGE_LEN;
	return CX4DEV_PC_NUM;
}

/*
 * A frame of @len bytes arrived from the wire (port operational): count
 * it; false if the port does not pass it on (too long for the PMTU or a
 * MAC control frame).
 */
bool cx4dev_port_rx(struct cx4dev *dev, const uint8_t *f, uint32_t len)
{
	struct cx4dev_port_counters *c = &dev->eth->pcnt;
	/* QEMU backends may deliver short frames unpadded: count them padded. */
	uint32_t w = (len < 60 ? 60 : len) + CX4DEV_FCS, prio = cx4dev_frame_prio(f, len);
	int b = cx4dev_pc_bucket(w);

	c->c[CX4DEV_PC_RX_ALL]++;
	c->c[CX4DEV_PC_RX_ALL_OCTETS] += w;
	if (b >= 0)
		c->c[CX4DEV_PC_RX_64 + b]++;
	if (w > dev->port.admin_mtu) {
		c->c[CX4DEV_PC_RX_TOO_LONG]++;
		c->c[CX4DEV_PC_RX_ERRORS]++;
		return false;
	}
	if (len >= 14 && cx4dev_get_be16(f + 12) == ETH_P_MAC_CONTROL) {
		cx4dev_pc_mac_ctrl(c, f, len);
		return false;
	}
	if (len >= 14) {
		uint32_t off = len >= 18 && cx4dev_get_be16(f + 12) == ETH_P_8021Q_ ? 16 : 12;
		enum cx4dev_pc e = cx4dev_pc_length_check(f, len, off);

		if (e != CX4DEV_PC_NUM) {
			c->c[e]++;
			c->c[CX4DEV_PC_RX_ERRORS]++;
			return false;
		}
	}
	c->c[CX4DEV_PC_RX_OK]++;
	c->c[CX4DEV_PC_RX_OK_OCTETS] += w;
	cx4dev_pc_cast(c, f, false);
	c->p[prio][CX4DEV_PP_RX_FRAMES]++;
	c->p[prio][CX4DEV_PP_RX_OCTETS] += w;
	return true;
}

/* A frame passed by the port that no RQ was steered to (if_in_discards). */
void cx4dev_port_rx_discard(struct cx4dev *dev)
{
	dev->eth->pcnt.c[CX4DEV_PC_RX_DISCARDS]++;
}

/* A frame handed to the wire (@sent) or dropped because the port is down. */
void cx4dev_port_tx(struct cx4dev *dev, const uint8_t *f, uint32_t len, bool sent)
{
	struct cx4dev_port_counters *c = &dev->eth->pcnt;
	/* The MAC pads short frames to the 64-byte minimum. */
	uint32_t w = (len < 60 ? 60 : len) + CX4DEV_FCS, prio = cx4dev_frame_prio(f, len);

	if (!sent) {
		c->c[CX4DEV_PC_TX_DISCARDS]++;
		return;
	}
	c->c[CX4DEV_PC_TX_FRAMES]++;
	c->c[CX4DEV_PC_TX_OCTETS] += w;
	cx4dev_pc_cast(c, f, true);
	c->p[prio][CX4DEV_PP_TX_FRAMES]++;
	c->p[prio][CX4DEV_PP_TX_OCTETS] += w;
}

/* A send WQE that failed (if_out_errors). */
void cx4dev_port_tx_error(struct cx4dev *dev)
{
	dev->eth->pcnt.c[CX4DEV_PC_TX_ERRORS]++;
}

/*
 * Fill the counter set @set (CX4_PPCNT_COUNTER_SET_SIZE bytes) of group
 * @grp (priority @prio for the per-priority group); with @clr the group's
 * counters restart from 0 afterwards.  Groups without a table (per
 * traffic class) read 0.
 */
void cx4dev_port_ppcnt(struct cx4dev *dev, uint32_t grp, uint32_t prio, bool clr, uint8_t *set)
{
	struct cx4dev_port_counters *c = &dev->eth->pcnt;

	if (grp == CX4_PPCNT_GRP_ALL) {
		for (uint32_t g = 0; g < CX4DEV_PC_NGROUPS; g++)
			memcpy(c->base[g], c->c, sizeof(c->c));
		memcpy(c->pbase, c->p, sizeof(c->p));
		c->link_down_base = c->link_down_events;
		c->phy_clear_ns = cx4dev_now(dev);
		return;
	}
	if (grp == CX4_PPCNT_GRP_PHYS_LAYER) {
		if (set) {
			cx4_set64(set, CX4_PPCNT_PHY_TIME_SINCE_LAST_CLEAR,
				  (cx4dev_now(dev) - c->phy_clear_ns) / CX4DEV_NS_PER_MS);
			CX4_SET(PPCNT, set, PHY_LINK_DOWN_EVENTS,
				c->link_down_events - c->link_down_base);
		}
		if (clr) {
			c->link_down_base = c->link_down_events;
			c->phy_clear_ns = cx4dev_now(dev);
		}
		return;
	}
	if (grp == CX4_PPCNT_GRP_PER_PRIO && prio < CX4DEV_PC_NPRIO) {
		for (const struct cx4dev_pc_map *m = cx4dev_pc_prio; m->idx < CX4DEV_PP_NUM; m++)
			if (set)
				cx4_set64(set, m->off, c->p[prio][m->idx] - c->pbase[prio][m->idx]);
		if (clr)
			memcpy(c->pbase[prio], c->p[prio], sizeof(c->p[prio]));
		return;
	}
	if (grp >= CX4DEV_PC_NGROUPS)
		return;
	for (const struct cx4dev_pc_map *m = cx4dev_pc_groups[grp]; m->idx < CX4DEV_PC_NUM; m++)
		if (set)
			cx4_set64(set, m->off, c->c[m->idx] - c->base[grp][m->idx]);
	if (clr)
		memcpy(c->base[grp], c->c, sizeof(c->c));
}

uint32_t cx4dev_port_ctl_read(const struct cx4dev *dev, uint32_t off)
{
	uint32_t i = (off - CX4DEV_CTL_PORT_CNT) / 4;

	switch (off) {
	case CX4DEV_CTL_PORT_STATE:
		return (uint32_t)dev->port_oper | dev->port.admin_status << 8 |
		       cx4dev_port_oper_status(dev) << 16 | (uint32_t)dev->port_signal << 29 |
		       (uint32_t)dev->peer_signal << 30 | (uint32_t)dev->port_up << 31;
	case CX4DEV_CTL_PORT_MTU:
		return dev->port.admin_mtu;
	case CX4DEV_CTL_LINK_DOWN_EVENTS:
		return dev->eth->pcnt.link_down_events;
	}
	if (off < CX4DEV_CTL_PORT_CNT || (off & 3) || i >= CX4DEV_PC_NUM)
		return 0;
	return (uint32_t)dev->eth->pcnt.c[i];
}

/* Host view (tests): raw counter @idx. */
uint64_t cx4dev_port_counter(const struct cx4dev *dev, enum cx4dev_pc idx)
{
	return idx < CX4DEV_PC_NUM ? dev->eth->pcnt.c[idx] : 0;
}

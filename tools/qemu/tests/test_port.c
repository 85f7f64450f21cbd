/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: the port's operational state (PAOS admin status and the
 * cable, port state change events, traffic stopping) and the PPCNT
 * counter groups fed by the datapath.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_reg.h>

#include "cx4dev_int.h"
#include "ethenv.h"
#include "syndrome.h"
#include "testutil.h"

/* An EQ of 16 entries mapping the port state change event. */
static void create_port_eq(struct env *e, struct fh_eq *q)
{
	struct fh_eq_params p;
	struct fh_result r;

	fh_eq_params_init(&p, e->uar, 4, CX4_EVENT_BIT(CX4_EVENT_PORT_STATE_CHANGE));
	CHECK_EQ(fh_eq_create(e->fh, &p, q, &r, NULL), CX4_CMD_STAT_OK);
}

/* Sub type of the next port state change EQE, or -1 if none. */
static int next_port_event(struct env *e, struct fh_eq *q)
{
	uint8_t *eqe = fh_eq_poll(e->fh, q);

	if (!eqe)
		return -1;
	CHECK_EQ(CX4_GET(EQE, eqe, EVENT_TYPE), CX4_EVENT_PORT_STATE_CHANGE);
	return (int)CX4_GET(EQE, eqe, EVENT_SUB_TYPE);
}

static uint8_t reg_rw(struct env *e, uint16_t op_mod, uint32_t id, const uint8_t *data,
		      uint32_t size, struct fh_result *r)
{
	uint8_t in[CX4_ACCESS_REG_OFF_DATA + 0x100] = { 0 };

	CX4_SET(CMD_IN, in, OPCODE, CX4_CMD_ACCESS_REG);
	CX4_SET(CMD_IN, in, OP_MOD, op_mod);
	CX4_SET(ACCESS_REG_IN, in, REGISTER_ID, id);
	memcpy(in + CX4_ACCESS_REG_OFF_DATA, data, size);
	return fh_run(e->fh, in, CX4_ACCESS_REG_OFF_DATA + size, CX4_ACCESS_REG_OFF_DATA + size, r);
}

static uint8_t paos_write(struct env *e, uint32_t admin, struct fh_result *r)
{
	uint8_t reg[CX4_PAOS_SIZE] = { 0 };

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CX4_SET(PAOS, reg, ADMIN_STATUS, admin);
	CX4_SET(PAOS, reg, ASE, 1);
	return reg_rw(e, CX4_ACCESS_REG_WRITE, CX4_REG_PAOS, reg, sizeof(reg), r);
}

static uint32_t paos_oper(struct env *e)
{
	uint8_t reg[CX4_PAOS_SIZE] = { 0 };
	struct fh_result r;

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CHECK_EQ(reg_rw(e, CX4_ACCESS_REG_READ, CX4_REG_PAOS, reg, sizeof(reg), &r),
		 CX4_CMD_STAT_OK);
	return CX4_GET(PAOS, r.out + CX4_ACCESS_REG_OFF_DATA, OPER_STATUS);
}

static uint32_t vport_state(struct env *e)
{
	struct fh_result r;

	CHECK_EQ(fh_simple(e->fh, CX4_CMD_QUERY_VPORT_STATE, 0, &r), CX4_CMD_STAT_OK);
	return CX4_GET(QUERY_VPORT_STATE_OUT, r.out, STATE);
}

static void test_paos_port_events(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	struct fh_eq q;
	uint8_t f[128];
	uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 20, true);

	create_port_eq(e, &q);
	CHECK_EQ(paos_oper(e), CX4_PAOS_UP);
	/* Admin down: oper down, one DOWN event, vport down, nothing sent. */
	CHECK_EQ(paos_write(e, CX4_PAOS_DOWN, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(e, &q), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(e, &q), -1);
	CHECK_EQ(paos_oper(e), CX4_PAOS_DOWN);
	CHECK_EQ(vport_state(e), CX4_VPORT_STATE_DOWN);
	fh_tx_clear(e->fh);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK(fh_cq_poll(e->fh, &e->scq) != NULL);	/* completes, dropped */
	CHECK_EQ(e->fh->n_tx, 0);
	CHECK_EQ(cx4dev_port_counter(e->fh->dev, CX4DEV_PC_TX_DISCARDS), 1);
	/* Received frames are not taken either. */
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, env_build_ipv4(f, env_my_mac, 17, 20, true));
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	CHECK_EQ(cx4dev_port_counter(e->fh->dev, CX4DEV_PC_RX_ALL), 0);
	/* Same admin again: no event.  Cable changes while admin down: none. */
	CHECK_EQ(paos_write(e, CX4_PAOS_DOWN, &r), CX4_CMD_STAT_OK);
	cx4dev_link_set(e->fh->dev, 0);
	cx4dev_link_set(e->fh->dev, 1);
	CHECK_EQ(next_port_event(e, &q), -1);
	/* Admin up: ACTIVE event, traffic again. */
	CHECK_EQ(paos_write(e, CX4_PAOS_UP, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(e, &q), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(vport_state(e), CX4_VPORT_STATE_UP);
	cx4dev_receive(e->fh->dev, f, env_build_ipv4(f, env_my_mac, 17, 20, true));
	CHECK(fh_cq_poll(e->fh, &e->rcq) != NULL);
	/* Cable down/up with admin up: DOWN, ACTIVE; link_down_events 2 so far. */
	cx4dev_link_set(e->fh->dev, 2);
	CHECK_EQ(next_port_event(e, &q), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(e, &q), CX4_PORT_CHANGE_ACTIVE);
	/* Up once: the cable going away leaves the port down by port failure. */
	CHECK_EQ(paos_write(e, CX4_PAOS_UP_ONCE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(e, &q), -1);
	cx4dev_link_set(e->fh->dev, 0);
	CHECK_EQ(next_port_event(e, &q), CX4_PORT_CHANGE_DOWN);
	cx4dev_link_set(e->fh->dev, 1);
	CHECK_EQ(next_port_event(e, &q), -1);
	CHECK_EQ(paos_oper(e), CX4_PAOS_DISABLED);
	/*
	 * Debug page port view: not operational, admin 3, oper 4, not
	 * transmitting (bit 29), far end signal (bit 30, nothing cabled),
	 * cable up.
	 */
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_PORT_STATE),
		 0u << 0 | CX4_PAOS_UP_ONCE << 8 | CX4_PAOS_DISABLED << 16 | 0u << 29 | 1u << 30 |
		 1u << 31);
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_LINK_DOWN_EVENTS), 3);
	CHECK_EQ(paos_write(e, CX4_PAOS_UP_ONCE, &r), CX4_CMD_STAT_OK);	/* explicit */
	CHECK_EQ(next_port_event(e, &q), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(paos_oper(e), CX4_PAOS_UP);
	/* Physical layer group: 3 link down events. */
	{
		uint8_t reg[CX4_PPCNT_SIZE] = { 0 };

		CX4_SET(REG, reg, LOCAL_PORT, 1);
		CX4_SET(PPCNT, reg, GRP, CX4_PPCNT_GRP_PHYS_LAYER);
		CHECK_EQ(reg_rw(e, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, sizeof(reg), &r),
			 CX4_CMD_STAT_OK);
		CHECK_EQ(CX4_GET(PPCNT, r.out + CX4_ACCESS_REG_OFF_DATA + CX4_PPCNT_OFF_COUNTER_SET,
				 PHY_LINK_DOWN_EVENTS), 3);
	}
	/* ase 0: admin ignored, no event. */
	{
		uint8_t reg[CX4_PAOS_SIZE] = { 0 };

		CX4_SET(REG, reg, LOCAL_PORT, 1);
		CX4_SET(PAOS, reg, ADMIN_STATUS, CX4_PAOS_DOWN);
		CHECK_EQ(reg_rw(e, CX4_ACCESS_REG_WRITE, CX4_REG_PAOS, reg, sizeof(reg), &r),
			 CX4_CMD_STAT_OK);
		CHECK_EQ(next_port_event(e, &q), -1);
		CHECK_EQ(paos_oper(e), CX4_PAOS_UP);
	}
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

/* Bits 31 cable, 30 far end signal, 29 transmitting, 0 operational of PORT_STATE. */
static uint32_t port_bits(struct env *e)
{
	return fh_ctl_rd(e->fh, CX4DEV_CTL_PORT_STATE) & (7u << 29 | 1u);
}

#define P_OPER	1u
#define P_TX	(1u << 29)
#define P_FAR	(1u << 30)
#define P_CABLE	(1u << 31)

/*
 * Issue 21: two cabled ports.  A port administratively down (PAOS) or
 * unplugged takes the link down at both ends, each with its own port
 * state change event; the link comes back when both ends transmit.
 */
static void test_cable_both_ends(void)
{
	struct env *a = env_new(true), *b = env_new(true);
	struct fh_eq qa, qb;
	struct fh_result r;
	uint8_t f[128];
	uint32_t len = env_build_ipv4(f, env_peer_mac, 17, 20, true);

	fh_cable(a->fh, b->fh);
	create_port_eq(a, &qa);
	create_port_eq(b, &qb);
	CHECK_EQ(port_bits(a), P_CABLE | P_FAR | P_TX | P_OPER);

	/* B admin down: DOWN at both ends; A's port is enabled but not operational. */
	CHECK_EQ(paos_write(b, CX4_PAOS_DOWN, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(a, &qa), -1);
	CHECK_EQ(paos_oper(a), CX4_PAOS_DOWN);
	CHECK_EQ(vport_state(a), CX4_VPORT_STATE_DOWN);
	CHECK_EQ(port_bits(a), P_CABLE | P_TX);
	CHECK_EQ(port_bits(b), P_CABLE | P_FAR);
	CHECK(fh_log_has(a->fh, "cx4: port 1 far end signal off"));
	/* A sends nothing while its link is down. */
	fh_tx_clear(a->fh);
	env_post_send(a, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK(fh_cq_poll(a->fh, &a->scq) != NULL);
	CHECK_EQ(a->fh->n_tx, 0);
	/* B admin up: ACTIVE at both ends. */
	CHECK_EQ(paos_write(b, CX4_PAOS_UP, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(paos_oper(a), CX4_PAOS_UP);

	/* A's cable pulled: both down; B's own cable is still in. */
	cx4dev_link_set(a->fh->dev, 0);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(port_bits(b), P_CABLE | P_TX);
	CHECK_EQ(port_bits(a), P_FAR);
	cx4dev_link_set(a->fh->dev, 1);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_ACTIVE);
	/* A flap: down and up at both ends. */
	cx4dev_link_set(b->fh->dev, 2);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_ACTIVE);

	/* Both admin down, then up one at a time: the link needs both. */
	CHECK_EQ(paos_write(a, CX4_PAOS_DOWN, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(paos_write(b, CX4_PAOS_DOWN, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(paos_write(a, CX4_PAOS_UP, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(a, &qa), -1);
	CHECK_EQ(next_port_event(b, &qb), -1);
	CHECK_EQ(paos_write(b, CX4_PAOS_UP, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_ACTIVE);

	/*
	 * Up once at A: B unplugged is a link failure for A, which stays down
	 * (and stops transmitting) when B's cable is back, so B stays down
	 * too, until A's PAOS is written again.
	 */
	CHECK_EQ(paos_write(a, CX4_PAOS_UP_ONCE, &r), CX4_CMD_STAT_OK);
	cx4dev_link_set(b->fh->dev, 0);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_DOWN);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_DOWN);
	cx4dev_link_set(b->fh->dev, 1);
	CHECK_EQ(next_port_event(a, &qa), -1);
	CHECK_EQ(next_port_event(b, &qb), -1);
	CHECK_EQ(paos_oper(a), CX4_PAOS_DISABLED);
	CHECK_EQ(port_bits(b), P_CABLE | P_TX);
	CHECK_EQ(paos_write(a, CX4_PAOS_UP_ONCE, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(next_port_event(b, &qb), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(fh_ctl_rd(a->fh, CX4DEV_CTL_LINK_DOWN_EVENTS), 5);
	CHECK_EQ(fh_ctl_rd(b->fh, CX4DEV_CTL_LINK_DOWN_EVENTS), 5);

	/* B admin down, then an FLR of B: its PAOS back to up, A's link with it. */
	CHECK_EQ(paos_write(a, CX4_PAOS_UP, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(a, &qa), -1);
	CHECK_EQ(paos_write(b, CX4_PAOS_DOWN, &r), CX4_CMD_STAT_OK);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_DOWN);
	cx4dev_reset(b->fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(next_port_event(a, &qa), CX4_PORT_CHANGE_ACTIVE);
	CHECK_EQ(port_bits(a), P_CABLE | P_FAR | P_TX | P_OPER);
	CHECK_EQ(ERRORS(a->fh), 0);
	CHECK_EQ(ERRORS(b->fh) - 1, 0);		/* the FLR with pages owned */
	env_free(a);
	env_free(b);
}

/* PPCNT group @grp (priority @prio) read, optionally clearing. */
static const uint8_t *ppcnt(struct env *e, uint32_t grp, uint32_t prio, bool clr,
			    struct fh_result *r)
{
	uint8_t reg[CX4_PPCNT_SIZE] = { 0 };

	CX4_SET(REG, reg, LOCAL_PORT, 1);
	CX4_SET(PPCNT, reg, GRP, grp);
	CX4_SET(PPCNT, reg, PRIO_TC, prio);
	CX4_SET(PPCNT, reg, CLR, clr);
	CHECK_EQ(reg_rw(e, CX4_ACCESS_REG_READ, CX4_REG_PPCNT, reg, sizeof(reg), r),
		 CX4_CMD_STAT_OK);
	return r->out + CX4_ACCESS_REG_OFF_DATA + CX4_PPCNT_OFF_COUNTER_SET;
}

#define CNT(set, off)	cx4_get64(set, off)

static void test_ppcnt_datapath(void)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const uint8_t pause[6] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x01 };
	struct env *e = env_new(true);
	struct fh_result r;
	const uint8_t *s;
	uint8_t f[2048];
	uint32_t len;

	/* RX: 3 unicast of 100 bytes (delivered), 1 broadcast (no flow: discard). */
	len = env_build_ipv4(f, env_my_mac, 17, 100 - 42, true);
	CHECK_EQ(len, 100);
	for (int i = 0; i < 3; i++) {
		env_post_recv(e, 2048);
		cx4dev_receive(e->fh->dev, f, len);
	}
	cx4dev_receive(e->fh->dev, f, env_build_ipv4(f, bcast, 17, 20, true));	/* 62 + 4 B */
	/* A 1600-byte frame with PMTU 1522: too long, dropped. */
	{
		uint8_t reg[CX4_PMTU_SIZE] = { 0 };

		CX4_SET(REG, reg, LOCAL_PORT, 1);
		CX4_SET(PMTU, reg, ADMIN_MTU, 1522);
		CHECK_EQ(reg_rw(e, CX4_ACCESS_REG_WRITE, CX4_REG_PMTU, reg, sizeof(reg), &r),
			 CX4_CMD_STAT_OK);
	}
	env_post_recv(e, 2048);
	cx4dev_receive(e->fh->dev, f, env_build_ipv4(f, env_my_mac, 17, 1600 - 42, true));
	CHECK(fh_cq_poll(e->fh, &e->rcq) != NULL);
	CHECK(fh_cq_poll(e->fh, &e->rcq) != NULL);
	CHECK(fh_cq_poll(e->fh, &e->rcq) != NULL);
	CHECK(fh_cq_poll(e->fh, &e->rcq) == NULL);
	/* A PAUSE frame and a PFC frame for priorities 3 and 5. */
	memset(f, 0, 64);
	memcpy(f, pause, 6);
	memcpy(f + 6, env_peer_mac, 6);
	f[12] = 0x88;
	f[13] = 0x08;
	f[15] = 0x01;
	cx4dev_receive(e->fh->dev, f, 60);
	f[14] = 0x01;
	f[17] = 0x28;
	cx4dev_receive(e->fh->dev, f, 60);
	/* TX: 2 unicast (100 B), 1 multicast (70 B) with VLAN prio 5. */
	len = env_build_ipv4(f, env_peer_mac, 17, 100 - 42, true);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	len = env_build_ipv4(f + 4, (const uint8_t *)"\x01\x00\x5e\x00\x00\x01", 17, 70 - 46, true);
	memmove(f, f + 4, 12);
	f[12] = 0x81;
	f[13] = 0x00;
	f[14] = 0xa0;	/* PCP 5, VID 7 */
	f[15] = 0x07;
	len += 4;
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(ERRORS(e->fh), 0);

	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_PORT_CNT + 4 * CX4DEV_PC_RX_OK), 4);
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_PORT_MTU), 1522);
	s = ppcnt(e, CX4_PPCNT_GRP_IEEE_802_3, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_FRAMES_TRANSMITTED_OK), 3);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_OCTETS_TRANSMITTED_OK), 104 + 104 + 74);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_MULTICAST_FRAMES_XMITTED_OK), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_FRAMES_RECEIVED_OK), 4);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_OCTETS_RECEIVED_OK), 3 * 104 + 66);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_BROADCAST_FRAMES_RECEIVED_OK), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_FRAME_TOO_LONG_ERRORS), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_MAC_CONTROL_FRAMES_RECEIVED), 2);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_PAUSE_MAC_CTRL_FRAMES_RECEIVED), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_UNSUPPORTED_OPCODES_RECEIVED), 0);

	s = ppcnt(e, CX4_PPCNT_GRP_RFC_2863, 0, true, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_IN_OCTETS), 3 * 104 + 66 + 1604 + 2 * 64);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_IN_UCAST_PKTS), 3);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_IN_BROADCAST_PKTS), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_IN_DISCARDS), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_IN_ERRORS), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_OUT_UCAST_PKTS), 2);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_OUT_MULTICAST_PKTS), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_OUT_OCTETS), 104 + 104 + 74);
	/* clr: this group restarts, the others keep counting. */
	s = ppcnt(e, CX4_PPCNT_GRP_RFC_2863, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_IN_UCAST_PKTS), 0);
	s = ppcnt(e, CX4_PPCNT_GRP_IEEE_802_3, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_FRAMES_RECEIVED_OK), 4);

	s = ppcnt(e, CX4_PPCNT_GRP_RFC_2819, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_ETHER_STATS_PKTS), 7);
	CHECK_EQ(CNT(s, CX4_PPCNT_ETHER_STATS_OVERSIZE_PKTS), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_ETHER_STATS_PKTS64OCTETS), 2);	/* 2 control (padded) */
	CHECK_EQ(CNT(s, CX4_PPCNT_ETHER_STATS_BUCKET(1)), 4);	/* 65-127 */
	CHECK_EQ(CNT(s, CX4_PPCNT_ETHER_STATS_BUCKET(6)), 1);	/* 1519-2047 */

	s = ppcnt(e, CX4_PPCNT_GRP_RFC_3635, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_DOT3IN_PAUSE_FRAMES), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_DOT3STATS_FRAME_TOO_LONG), 1);

	s = ppcnt(e, CX4_PPCNT_GRP_PER_PRIO, 5, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_TX_FRAMES), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_TX_OCTETS), 74);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_RX_PAUSE), 1);
	s = ppcnt(e, CX4_PPCNT_GRP_PER_PRIO, 3, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_RX_PAUSE), 1);
	s = ppcnt(e, CX4_PPCNT_GRP_PER_PRIO, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_RX_FRAMES), 4);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_TX_FRAMES), 2);

	/* Set() of group 0x3f with clr clears every group. */
	{
		uint8_t reg[CX4_PPCNT_SIZE] = { 0 };

		CX4_SET(REG, reg, LOCAL_PORT, 1);
		CX4_SET(PPCNT, reg, GRP, CX4_PPCNT_GRP_ALL);
		CX4_SET(PPCNT, reg, CLR, 1);
		CHECK_EQ(reg_rw(e, CX4_ACCESS_REG_WRITE, CX4_REG_PPCNT, reg, sizeof(reg), &r),
			 CX4_CMD_STAT_OK);
	}
	s = ppcnt(e, CX4_PPCNT_GRP_IEEE_802_3, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_FRAMES_RECEIVED_OK), 0);
	s = ppcnt(e, CX4_PPCNT_GRP_PER_PRIO, 5, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_TX_FRAMES), 0);
	CHECK_EQ(ERRORS(e->fh), 0);
	/* Raw counters (debug page) ignore clr; an FLR resets them. */
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_PORT_CNT + 4 * CX4DEV_PC_RX_OK), 4);
	cx4dev_reset(e->fh->dev, CX4DEV_RESET_FLR);
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_PORT_CNT + 4 * CX4DEV_PC_RX_OK), 0);
	CHECK_EQ(fh_ctl_rd(e->fh, CX4DEV_CTL_PORT_CNT + 4 * CX4DEV_PC_TX_FRAMES), 0);
	env_free(e);
}

/* A short frame leaves the MAC padded: counted as 64 octets with FCS. */
static void test_ppcnt_tx_short_padded(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	const uint8_t *s;
	uint8_t f[128];
	uint32_t len;

	len = env_build_ipv4(f, env_peer_mac, 17, 0, true);
	CHECK_EQ(len, 42);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 18, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(ERRORS(e->fh), 0);
	s = ppcnt(e, CX4_PPCNT_GRP_IEEE_802_3, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_FRAMES_TRANSMITTED_OK), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_OCTETS_TRANSMITTED_OK), 64);
	s = ppcnt(e, CX4_PPCNT_GRP_PER_PRIO, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_PRIO_TX_OCTETS), 64);
	env_free(e);
}

/*
 * 802.3 length field: a length that does not match the data, or above
 * 1500, is counted and the frame dropped; a padded or exact short LLC
 * frame, and a tagged one with the right length, pass.
 */
static void test_ppcnt_length_errors(void)
{
	struct env *e = env_new(true);
	struct fh_result r;
	const uint8_t *s;
	uint8_t f[256];

	memset(f, 0, sizeof(f));
	memcpy(f, env_my_mac, 6);
	memcpy(f + 6, env_peer_mac, 6);
	f[12] = 0x00;
	f[13] = 100;			/* length 100, 200 bytes of data: error */
	cx4dev_receive(e->fh->dev, f, 214);
	f[13] = 38;			/* length 38, padded to 46: ok */
	cx4dev_receive(e->fh->dev, f, 60);
	cx4dev_receive(e->fh->dev, f, 14 + 2 + 38 - 2);	/* unpadded: ok */
	cx4dev_receive(e->fh->dev, f, 14 + 2 + 30 - 2);	/* truncated: error */
	f[12] = 0x05;
	f[13] = 0xff;			/* 1535: out of range */
	cx4dev_receive(e->fh->dev, f, 100);
	f[12] = 0x81;			/* tagged, length 100 with 100 bytes: ok */
	f[13] = 0x00;
	f[14] = 0x00;
	f[15] = 0x07;
	f[16] = 0x00;
	f[17] = 100;
	cx4dev_receive(e->fh->dev, f, 18 + 100);
	s = ppcnt(e, CX4_PPCNT_GRP_IEEE_802_3, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_IN_RANGE_LENGTH_ERRORS), 2);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_OUT_OF_RANGE_LENGTH_FIELD), 1);
	CHECK_EQ(CNT(s, CX4_PPCNT_A_FRAMES_RECEIVED_OK), 3);
	s = ppcnt(e, CX4_PPCNT_GRP_RFC_2863, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_IF_IN_ERRORS), 3);
	s = ppcnt(e, CX4_PPCNT_GRP_RFC_2819, 0, false, &r);
	CHECK_EQ(CNT(s, CX4_PPCNT_ETHER_STATS_PKTS), 6);
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static const struct test port_tests[] = {
	T(test_paos_port_events),
	T(test_cable_both_ends),
	T(test_ppcnt_datapath),
	T(test_ppcnt_tx_short_padded),
	T(test_ppcnt_length_errors),
};
SUITE(port, port_tests);

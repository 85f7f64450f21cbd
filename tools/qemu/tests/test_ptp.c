/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Unit tests: the internal timer (PRM 7.12.10).  The init segment's
 * internal_timer_h/l count at HCA_CAP device_frequency_khz of the
 * embedding's clock; receive and send CQEs carry the timer at completion
 * (a send CQE: when its frame went to the wire); an LRO session with TCP
 * timestamps carries those instead.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cx4/prm_cmd.h>
#include <linux/cx4/prm_pci.h>

#include "cx4dev_int.h"
#include "fakehost.h"
#include "testutil.h"

#include "ethenv.h"

/* The timer at @ns of the embedding's clock, independently of the core. */
static uint64_t ticks_at(uint64_t ns)
{
	return (uint64_t)((unsigned __int128)ns * CX4DEV_TIMER_KHZ / 1000000u);
}

static uint64_t read_timer(struct fh *fh)
{
	uint64_t h = fh_rd32(fh, CX4_FLD_OFF(CX4_INIT_INTERNAL_TIMER_H));
	uint32_t l = fh_rd32(fh, CX4_FLD_OFF(CX4_INIT_INTERNAL_TIMER_L));

	return h << 32 | l;
}

static void test_ptp_timer(void)
{
	struct env *e = env_new(true);
	struct fh *fh = e->fh;
	uint64_t t0, ns;

	/* The advertised rate is the one the timer runs at. */
	CHECK_EQ(CX4DEV_TIMER_KHZ, 156250);
	t0 = read_timer(fh);
	CHECK_EQ(t0, ticks_at(fh->now));
	fh_advance(fh, 1000000000ull);		/* one second: 156.25 M ticks */
	CHECK_EQ(read_timer(fh) - t0, 156250000ull);
	fh_advance(fh, 64);			/* 64 ns: 10 ticks */
	CHECK_EQ(read_timer(fh) - t0, 156250010ull);
	/* Past 2^32 ticks (27.5 s) the high half counts; days, no overflow. */
	ns = 30ull * 1000000000ull;
	fh->now = ns;
	CHECK_EQ(fh_rd32(fh, CX4_FLD_OFF(CX4_INIT_INTERNAL_TIMER_H)), ticks_at(ns) >> 32);
	CHECK_EQ(fh_rd32(fh, CX4_FLD_OFF(CX4_INIT_INTERNAL_TIMER_L)), (uint32_t)ticks_at(ns));
	ns = 400ull * 86400 * 1000000000ull;	/* 400 days */
	fh->now = ns;
	CHECK_EQ(read_timer(fh), ticks_at(ns));
	CHECK(read_timer(fh) > (1ull << 52));
	/* Read only: a write changes nothing. */
	fh_wr32(fh, CX4_FLD_OFF(CX4_INIT_INTERNAL_TIMER_L), 0);
	CHECK_EQ(read_timer(fh), ticks_at(ns));
	env_free(e);
}

static void test_ptp_cqe_timestamp(void)
{
	struct env *e = env_new(true);
	uint8_t f[256], *c;
	uint32_t len;
	uint64_t at;

	/* Receive: the timer when the frame came in. */
	fh_advance(e->fh, 123456789);
	len = env_build_ipv4(f, env_my_mac, 17, 40, true);
	env_post_recv(e, 2048);
	at = e->fh->now;
	cx4dev_receive(e->fh->dev, f, len);
	c = fh_cq_poll(e->fh, &e->rcq);
	CHECK(c && CX4_GET64(CQE, c, TIMESTAMP) == ticks_at(at));
	/* Send: 5 us pass while the frame goes out; the stamp is from before. */
	fh_advance(e->fh, 1000);
	e->fh->tx_ns = 5000;
	at = e->fh->now;
	len = env_build_ipv4(f, env_peer_mac, 17, 40, true);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	CHECK_EQ(e->fh->n_tx, 1);
	CHECK_EQ(e->fh->now, at + 5000);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET(CQE, c, OPCODE) == CX4_CQE_OP_REQ &&
	      CX4_GET64(CQE, c, TIMESTAMP) == ticks_at(at));
	/* Two frames at different times: different stamps, in order. */
	e->fh->tx_ns = 0;
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	at = e->fh->now;
	fh_advance(e->fh, 1000000);
	env_post_send(e, CX4_WQE_OP_SEND, f, len, 14, 0, 0, CX4DEV_RESD_LKEY, true);
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET64(CQE, c, TIMESTAMP) == ticks_at(at));
	c = fh_cq_poll(e->fh, &e->scq);
	CHECK(c && CX4_GET64(CQE, c, TIMESTAMP) == ticks_at(at + 1000000));
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

/* An LRO session of TCP segments without the timestamp option: the timer at the flush. */
static void test_ptp_lro_timestamp(void)
{
	struct env *e = env_new(true);
	static uint8_t f[2][2048];
	uint8_t *cqe;
	uint64_t t0;

	env_lro_on(e);
	env_post_recv(e, 2048);
	for (int i = 0; i < 2; i++) {
		struct cx4dev_pkt p;
		uint32_t seq = 0x10000000u + 500u * (uint32_t)i;
		uint32_t len = env_build_ipv4(f[i], env_my_mac, 6, 500, true);

		env_tcp_seq(f[i], seq);
		cx4dev_pkt_parse(&p, f[i], len);
		cx4dev_pkt_fill_l4_csum(&p, f[i]);
		cx4dev_receive(e->fh->dev, f[i], len);
	}
	t0 = ticks_at(e->fh->now);
	fh_advance(e->fh, 100000);	/* past the 32 us LRO timer */
	cqe = fh_cq_poll(e->fh, &e->rcq);
	CHECK(cqe && CX4_GET(CQE, cqe, LRO_NUM_SEG) == 2 &&
	      !CX4_GET(CQE, cqe, LRO_TIMESTAMP_IS_VALID));
	CHECK(cqe && CX4_GET64(CQE, cqe, TIMESTAMP) > t0 &&
	      CX4_GET64(CQE, cqe, TIMESTAMP) <= ticks_at(e->fh->now));
	CHECK_EQ(ERRORS(e->fh), 0);
	env_free(e);
}

static const struct test ptp_tests[] = {
	T(test_ptp_timer),
	T(test_ptp_cqe_timestamp),
	T(test_ptp_lro_timestamp),
};
SUITE(ptp, ptp_tests);

/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Check macros and the test table type shared by the unit test files.
 */
#ifndef CX4_TESTUTIL_H
#define CX4_TESTUTIL_H

#include <stddef.h>
#include <stdio.h>

#include "fakehost.h"

extern int t_failed;

#define CHECK(c) do { \
	if (!(c)) { \
		printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c); \
		t_failed = 1; \
	} \
} while (0)

#define CHECK_EQ(a, b) do { \
	unsigned long long _a = (unsigned long long)(a), _b = (unsigned long long)(b); \
	if (_a != _b) { \
		printf("  %s:%d: %s == 0x%llx, expected %s == 0x%llx\n", __FILE__, __LINE__, \
		       #a, _a, #b, _b); \
		t_failed = 1; \
	} \
} while (0)

#define ERRORS(fh) cx4dev_counter((fh)->dev, CX4DEV_CNT_GUEST_ERRORS)
#define LIMITS(fh) cx4dev_counter((fh)->dev, CX4DEV_CNT_MODEL_LIMITATIONS)

/* Expect a completed command with this status and syndrome. */
#define CHECK_STATUS(r, st, syn) do { \
	CHECK((r).done); \
	CHECK_EQ((r).ds, 0); \
	CHECK_EQ((r).status, st); \
	CHECK_EQ((r).syndrome, syn); \
} while (0)

#define CHECK_DS(r, want) do { \
	CHECK((r).done); \
	CHECK_EQ((r).ds, want); \
} while (0)

struct test {
	const char *name;
	void (*fn)(void);
};

#define T(x) { #x, x }

/* A test file's tests; a test's full name is "suite.test". */
struct suite {
	const char *name;
	const struct test *tests;
	size_t count;
};

#define SUITE(sname, arr) \
	const struct suite sname##_suite = { #sname, arr, sizeof(arr) / sizeof((arr)[0]) }

/* test_core.c: command interface, pages, capabilities, knobs. */
extern const struct suite core_suite;
/* test_eq.c: UARs, EQs, events, CQs, PD/TD. */
extern const struct suite eq_suite;
/* test_objs.c: MKeys, NIC vport, interrupt moderation. */
extern const struct suite objs_suite;
/* test_eth.c: Ethernet objects, steering, SQ/RQ engines, offloads. */
extern const struct suite eth_suite;
/* test_mlx5.c: command trace, ACCESS_REG, mlx5_core regressions. */
extern const struct suite mlx5_suite;
/* test_counters.c: queue counter sets, RQ with PD 0, vport counters. */
extern const struct suite counters_suite;
/* test_lb.c: self-loopback (PRM 3.4), CQE compression. */
extern const struct suite lb_suite;
/* test_port.c: PAOS operational state and events, PPCNT counters. */
extern const struct suite port_suite;
/* test_recover.c: queue knobs WQ_ERROR and SQ_STALL, vport MTU on receive. */
extern const struct suite recover_suite;
/* test_chan.c: the channels' view of the debug control page (chan). */
extern const struct suite chan_suite;
/* test_hostile.c: hostile-device mode. */
extern const struct suite hostile_suite;
/* test_prm.c: the layout-checked PRM accessors. */
extern const struct suite prm_suite;
/* test_reg.c: registers and QUERY_VNIC_ENV beyond rev 0.40 (operator commands). */
extern const struct suite reg_suite;
/* test_ptp.c: the internal timer and CQE timestamps (7.12.10). */
extern const struct suite ptp_suite;

#endif

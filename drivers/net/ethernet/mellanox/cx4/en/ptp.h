/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: the PTP hardware clock over the device's internal
 * timer (PRM 7.12.10) and hardware timestamps of the CQEs (ptp.c).
 */
#ifndef _CX4_EN_PTP_H
#define _CX4_EN_PTP_H

#include <linux/ktime.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/seqlock.h>
#include <linux/timecounter.h>
#include <linux/types.h>

struct cx4_core;
struct cx4_en_priv;
struct net_device;
struct netlink_ext_ack;
struct sk_buff;

/* Largest frequency change adjfine accepts, in ppb (5%), and in scaled ppm. */
#define CX4_EN_PTP_MAX_ADJ		50000000
#define CX4_EN_PTP_MAX_SCALED_PPM	((long)CX4_EN_PTP_MAX_ADJ * 65536 / 1000)

struct cx4_en_ptp {
	struct ptp_clock_info info;
	struct ptp_clock *clock;	/* NULL: no PHC (no usable timer) */
	struct cx4_core *core;
	u32 khz;			/* timer frequency, sane (core.h) */
	u32 nominal_mult;		/* @cc.mult at 0 ppb */
	u32 overflow_ms;		/* period of the overflow check */
	/*
	 * @cc (its mult) and @tc: written by the PHC operations and the
	 * overflow work (process context, with interrupts off, so that a
	 * reader on the same CPU cannot spin on an odd count), read by NAPI
	 * and the send completions of any CPU.
	 */
	seqlock_t lock;
	struct cyclecounter cc;
	struct timecounter tc;
	bool suspended;			/* function in recovery: under @lock */
	u64 suspended_ns;		/* the clock when suspended */
};

/* --- pure helpers (KUnit) --------------------------------------------- */

/*
 * The cyclecounter's mult and shift for a timer of @khz kHz: the largest
 * shift that keeps mult (ns per tick << shift) below 2^31, so that
 * adjfine can raise it by CX4_EN_PTP_MAX_ADJ within 32 bits.
 */
void cx4_en_ptp_mult_shift(u32 khz, u32 *mult, u32 *shift);
/* @nominal changed by @scaled_ppm (ppm with a 16-bit fraction). */
u32 cx4_en_ptp_adj_mult(u32 nominal, long scaled_ppm);
/*
 * How often (ms) the timecounter must be read so that the cycles since
 * the last read, times a mult of up to @max_mult, stay within 64 bits:
 * a quarter of the time that takes at @khz, at most an hour.
 */
u32 cx4_en_ptp_overflow_ms(u32 khz, u32 max_mult);
/*
 * An SIOCSHWTSTAMP request checked and normalised: TX off or on, RX none
 * or all (every receive filter but none is widened to all).  -ERANGE
 * for anything else, with a message in @extack.
 */
int cx4_en_hwtstamp_check(int tx_type, int *rx_filter,
			  struct netlink_ext_ack *extack);

/* --- ptp.c --------------------------------------------------------------- */

void cx4_en_ptp_create(struct cx4_en_priv *priv);
void cx4_en_ptp_destroy(struct cx4_en_priv *priv);
void cx4_en_ptp_suspend(struct cx4_en_priv *priv);
void cx4_en_ptp_resume(struct cx4_en_priv *priv);
int cx4_en_ptp_index(const struct cx4_en_priv *priv);
/* A CQE timestamp (timer ticks) as the PHC's time. */
ktime_t cx4_en_ptp_cyc2time(struct cx4_en_ptp *ptp, u64 cycles);
/* The send completion's timestamp to the socket of @skb. */
void cx4_en_ptp_tx_stamp(struct cx4_en_ptp *ptp, struct sk_buff *skb,
			 u64 cycles);

#endif /* _CX4_EN_PTP_H */

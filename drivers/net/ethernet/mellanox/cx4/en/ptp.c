// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: PTP hardware clock and hardware timestamps.
 *
 * The device stamps every CQE with its free-running internal timer
 * (PRM 7.12.10), which counts at HCA_CAP device_frequency; the core reads
 * the timer race-free from the initialization segment.  A cyclecounter
 * over the timer and a timecounter on top make the PHC, in nanoseconds:
 * adjfine changes the cyclecounter's mult, adjtime and settime64 the
 * timecounter.  The overflow check (the PTP core's aux work) reads the
 * timecounter often enough that the ticks since its last read times mult
 * never leave 64 bits.
 *
 * Hardware timestamping (SIOCSHWTSTAMP / ndo_hwtstamp_set, glue in
 * compat.h): TX off or on, RX none or all.  With RX on, every received
 * skb gets the time of its CQE (NAPI reads the switch once per poll);
 * with TX on, a frame that asks (SKBTX_HW_TSTAMP) gets the time of its
 * send CQE back through skb_tstamp_tx().  A device without a sane
 * frequency has no PHC and refuses hardware timestamping.
 */

#include <linux/ethtool.h>
#include <linux/math64.h>
#include <linux/net_tstamp.h>
#include <linux/netdevice.h>
#include <linux/netlink.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/skbuff.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "ptp.h"
#include "../compat.h"

/* --- pure helpers ---------------------------------------------------------- */

void cx4_en_ptp_mult_shift(u32 khz, u32 *mult, u32 *shift)
{
	u32 s = 0;

	/* mult = NSEC_PER_MSEC * 2^s / khz: the largest s with mult < 2^31. */
	while (s < 63 && div_u64((u64)NSEC_PER_MSEC << (s + 1), khz) < BIT(31))
		s++;
	*shift = s;
	*mult = (u32)div_u64((u64)NSEC_PER_MSEC << s, khz);
}

u32 cx4_en_ptp_adj_mult(u32 nominal, long scaled_ppm)
{
	/* ppm << 16: the change is nominal * |scaled_ppm| / (10^6 << 16). */
	u64 diff = mul_u64_u64_div_u64(nominal, abs(scaled_ppm),
				       1000000ULL << 16);

	return scaled_ppm < 0 ? nominal - (u32)diff : nominal + (u32)diff;
}

u32 cx4_en_ptp_overflow_ms(u32 khz, u32 max_mult)
{
	u64 ms = div_u64(div_u64(U64_MAX, max_mult), khz) / 4;

	return ms > 3600 * MSEC_PER_SEC ? 3600 * MSEC_PER_SEC : (u32)ms;
}

int cx4_en_hwtstamp_check(int tx_type, int *rx_filter,
			  struct netlink_ext_ack *extack)
{
	if (tx_type != HWTSTAMP_TX_OFF && tx_type != HWTSTAMP_TX_ON) {
		NL_SET_ERR_MSG_MOD(extack, "TX timestamps: only off and on");
		return -ERANGE;
	}
	if (*rx_filter < HWTSTAMP_FILTER_NONE ||
	    *rx_filter > HWTSTAMP_FILTER_NTP_ALL) {
		NL_SET_ERR_MSG_MOD(extack, "unknown RX timestamp filter");
		return -ERANGE;
	}
	/* The device stamps every CQE: any filter is served by all. */
	if (*rx_filter != HWTSTAMP_FILTER_NONE)
		*rx_filter = HWTSTAMP_FILTER_ALL;
	return 0;
}

/* --- the clock ---------------------------------------------------------------- */

static u64 cx4_en_ptp_read(const struct cyclecounter *cc)
{
	struct cx4_en_ptp *ptp = container_of(cc, struct cx4_en_ptp, cc);

	return cx4_core_read_timer(ptp->core, NULL);
}

ktime_t cx4_en_ptp_cyc2time(struct cx4_en_ptp *ptp, u64 cycles)
{
	unsigned int seq;
	u64 ns;

	do {
		seq = read_seqbegin(&ptp->lock);
		ns = timecounter_cyc2time(&ptp->tc, cycles);
	} while (read_seqretry(&ptp->lock, seq));
	return ns_to_ktime(ns);
}

void cx4_en_ptp_tx_stamp(struct cx4_en_ptp *ptp, struct sk_buff *skb,
			 u64 cycles)
{
	struct skb_shared_hwtstamps hwts = {
		.hwtstamp = cx4_en_ptp_cyc2time(ptp, cycles),
	};

	skb_tstamp_tx(skb, &hwts);
}

static int cx4_en_ptp_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct cx4_en_ptp *ptp = container_of(info, struct cx4_en_ptp, info);
	unsigned long flags;

	write_seqlock_irqsave(&ptp->lock, flags);
	/* The time so far at the old rate, then the new rate. */
	if (!ptp->suspended)
		timecounter_read(&ptp->tc);
	ptp->cc.mult = cx4_en_ptp_adj_mult(ptp->nominal_mult, scaled_ppm);
	write_sequnlock_irqrestore(&ptp->lock, flags);
	return 0;
}

static int cx4_en_ptp_adjtime(struct ptp_clock_info *info, s64 delta)
{
	struct cx4_en_ptp *ptp = container_of(info, struct cx4_en_ptp, info);
	unsigned long flags;

	write_seqlock_irqsave(&ptp->lock, flags);
	if (ptp->suspended)
		ptp->suspended_ns += delta;
	else
		timecounter_adjtime(&ptp->tc, delta);
	write_sequnlock_irqrestore(&ptp->lock, flags);
	return 0;
}

static int cx4_en_ptp_settime64(struct ptp_clock_info *info,
				const struct timespec64 *ts)
{
	struct cx4_en_ptp *ptp = container_of(info, struct cx4_en_ptp, info);
	unsigned long flags;

	write_seqlock_irqsave(&ptp->lock, flags);
	if (ptp->suspended)
		ptp->suspended_ns = timespec64_to_ns(ts);
	else
		timecounter_init(&ptp->tc, &ptp->cc, timespec64_to_ns(ts));
	write_sequnlock_irqrestore(&ptp->lock, flags);
	return 0;
}

static int cx4_en_ptp_gettimex64(struct ptp_clock_info *info,
				 struct timespec64 *ts,
				 struct ptp_system_timestamp *sts)
{
	struct cx4_en_ptp *ptp = container_of(info, struct cx4_en_ptp, info);
	unsigned long flags;
	u64 ns;

	write_seqlock_irqsave(&ptp->lock, flags);
	if (ptp->suspended) {
		/* No timer to read: the clock stands still meanwhile. */
		ptp_read_system_prets(sts);
		ns = ptp->suspended_ns;
		ptp_read_system_postts(sts);
	} else {
		ns = timecounter_cyc2time(&ptp->tc,
					  cx4_core_read_timer(ptp->core, sts));
	}
	write_sequnlock_irqrestore(&ptp->lock, flags);
	*ts = ns_to_timespec64(ns);
	return 0;
}

static int cx4_en_ptp_enable(struct ptp_clock_info *info,
			     struct ptp_clock_request *rq, int on)
{
	return -EOPNOTSUPP;	/* no pins, no PPS, no periodic output */
}

/* The overflow check: a timecounter read; the PTP core's kthread. */
static long cx4_en_ptp_aux_work(struct ptp_clock_info *info)
{
	struct cx4_en_ptp *ptp = container_of(info, struct cx4_en_ptp, info);
	unsigned long flags;

	write_seqlock_irqsave(&ptp->lock, flags);
	if (!ptp->suspended)
		timecounter_read(&ptp->tc);
	write_sequnlock_irqrestore(&ptp->lock, flags);
	return msecs_to_jiffies(ptp->overflow_ms);
}

static const struct ptp_clock_info cx4_en_ptp_info = {
	.owner		= THIS_MODULE,
	.name		= "cx4",
	.max_adj	= CX4_EN_PTP_MAX_ADJ,
	.adjfine	= cx4_en_ptp_adjfine,
	.adjtime	= cx4_en_ptp_adjtime,
	.gettimex64	= cx4_en_ptp_gettimex64,
	.settime64	= cx4_en_ptp_settime64,
	.enable		= cx4_en_ptp_enable,
	.do_aux_work	= cx4_en_ptp_aux_work,
};

/*
 * At attach: a PHC if the device gives a sane timer frequency.  Without
 * one (or if the PTP core refuses) the netdev works without hardware
 * timestamps; the reason is logged.
 */
void cx4_en_ptp_create(struct cx4_en_priv *priv)
{
	struct cx4_en_ptp *ptp = &priv->ptp;
	struct ptp_clock *clock;
	u32 shift;

	seqlock_init(&ptp->lock);
	ptp->core = priv->core;
	ptp->clock = NULL;
	ptp->khz = cx4_core_timer_khz(priv->core);
	if (!ptp->khz) {
		dev_info(cx4_core_dev(priv->core), "no usable device_frequency: no PTP clock, no hardware timestamps\n");
		return;
	}
	cx4_en_ptp_mult_shift(ptp->khz, &ptp->nominal_mult, &shift);
	ptp->overflow_ms =
		cx4_en_ptp_overflow_ms(ptp->khz,
				       cx4_en_ptp_adj_mult(ptp->nominal_mult,
							   CX4_EN_PTP_MAX_SCALED_PPM));
	ptp->cc = (struct cyclecounter) {
		.read	= cx4_en_ptp_read,
		.mask	= CYCLECOUNTER_MASK(64),
		.mult	= ptp->nominal_mult,
		.shift	= shift,
	};
	timecounter_init(&ptp->tc, &ptp->cc, ktime_get_real_ns());
	ptp->info = cx4_en_ptp_info;
	clock = ptp_clock_register(&ptp->info, cx4_core_dev(priv->core));
	if (IS_ERR_OR_NULL(clock)) {
		dev_warn(cx4_core_dev(priv->core), "no PTP clock: %ld\n",
			 PTR_ERR(clock));
		return;
	}
	ptp->clock = clock;
	ptp_schedule_worker(clock, msecs_to_jiffies(ptp->overflow_ms));
	dev_info(cx4_core_dev(priv->core), "PTP clock ptp%d, timer %u kHz\n",
		 ptp_clock_index(clock), ptp->khz);
}

void cx4_en_ptp_destroy(struct cx4_en_priv *priv)
{
	if (!priv->ptp.clock)
		return;
	ptp_clock_unregister(priv->ptp.clock);
	priv->ptp.clock = NULL;
}

/*
 * Recovery: the function resets, its timer may restart.  The clock
 * stands still at the time it had until the function is back, then runs
 * on from there.
 */
void cx4_en_ptp_suspend(struct cx4_en_priv *priv)
{
	struct cx4_en_ptp *ptp = &priv->ptp;
	unsigned long flags;

	if (!ptp->clock)
		return;
	write_seqlock_irqsave(&ptp->lock, flags);
	if (!ptp->suspended) {
		ptp->suspended_ns = timecounter_read(&ptp->tc);
		ptp->suspended = true;
	}
	write_sequnlock_irqrestore(&ptp->lock, flags);
}

void cx4_en_ptp_resume(struct cx4_en_priv *priv)
{
	struct cx4_en_ptp *ptp = &priv->ptp;
	unsigned long flags;

	if (!ptp->clock)
		return;
	write_seqlock_irqsave(&ptp->lock, flags);
	if (ptp->suspended) {
		timecounter_init(&ptp->tc, &ptp->cc, ptp->suspended_ns);
		ptp->suspended = false;
	}
	write_sequnlock_irqrestore(&ptp->lock, flags);
}

int cx4_en_ptp_index(const struct cx4_en_priv *priv)
{
	return priv->ptp.clock ? ptp_clock_index(priv->ptp.clock) : -1;
}

/* --- ethtool -T and SIOC[SG]HWTSTAMP ------------------------------------ */

int cx4_en_get_ts_info(struct net_device *netdev,
		       struct cx4_ethtool_ts_info *info)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	info->so_timestamping = SOF_TIMESTAMPING_TX_SOFTWARE |
				SOF_TIMESTAMPING_RX_SOFTWARE |
				SOF_TIMESTAMPING_SOFTWARE;
	info->phc_index = cx4_en_ptp_index(priv);
	if (info->phc_index < 0)
		return 0;
	info->so_timestamping |= SOF_TIMESTAMPING_TX_HARDWARE |
				 SOF_TIMESTAMPING_RX_HARDWARE |
				 SOF_TIMESTAMPING_RAW_HARDWARE;
	info->tx_types = BIT(HWTSTAMP_TX_OFF) | BIT(HWTSTAMP_TX_ON);
	info->rx_filters = BIT(HWTSTAMP_FILTER_NONE) | BIT(HWTSTAMP_FILTER_ALL);
	return 0;
}

/* RTNL. */
void cx4_en_hwtstamp_get_cfg(struct net_device *netdev, int *tx_type,
			     int *rx_filter)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	*tx_type = priv->hwts_tx ? HWTSTAMP_TX_ON : HWTSTAMP_TX_OFF;
	*rx_filter = priv->hwts_rx ? HWTSTAMP_FILTER_ALL : HWTSTAMP_FILTER_NONE;
}

/*
 * RTNL.  @rx_filter comes back as applied.  The datapath picks the
 * switches up with its next frame (TX) or poll (RX).
 */
int cx4_en_hwtstamp_set_cfg(struct net_device *netdev, int tx_type,
			    int *rx_filter, struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	int err;

	if (!priv->ptp.clock) {
		NL_SET_ERR_MSG_MOD(extack, "no hardware clock (no usable device_frequency)");
		return -EOPNOTSUPP;
	}
	err = cx4_en_hwtstamp_check(tx_type, rx_filter, extack);
	if (err)
		return err;
	/* A compressed completion carries its session's first timestamp. */
	if (*rx_filter != HWTSTAMP_FILTER_NONE && priv->params.rx_cqe_compress) {
		NL_SET_ERR_MSG_MOD(extack, "RX timestamps: private flag rx_cqe_compress is on");
		return -EBUSY;
	}
	WRITE_ONCE(priv->hwts_tx, tx_type == HWTSTAMP_TX_ON);
	WRITE_ONCE(priv->hwts_rx, *rx_filter == HWTSTAMP_FILTER_ALL);
	return 0;
}

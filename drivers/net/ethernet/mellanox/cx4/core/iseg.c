// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 initialization segment access (PRM 4.3, Tables 7 and 8): the first
 * bytes of BAR0, big-endian dwords read and written by MMIO, and the
 * internal timer in it (7.12.10).  The bottom of the core with cmd.c:
 * everything above uses it, it uses nothing of cx4's.
 */

#include <linux/io.h>
#include <linux/ptp_clock_kernel.h>

#include "core.h"

u32 cx4_iseg_get(struct cx4_core *core, u32 fld)
{
	u32 v = ioread32be(core->iseg + CX4_FLD_OFF(fld));

	return (v >> CX4_FLD_LSB(fld)) & cx4_fld_mask(fld);
}

void cx4_iseg_write(struct cx4_core *core, u32 off, u32 val)
{
	iowrite32be(val, core->iseg + off);
}

/*
 * The 64-bit internal timer from its two 32-bit halves (7.12.10.2): high,
 * low, high again; if the high half changed, the low one wrapped in
 * between and the pair does not belong together: read again, at most
 * CX4_TIMER_READ_TRIES times.  Should the high half change every time (a
 * device whose timer runs absurdly fast), the last high half with a low
 * half of 0 is returned: the timer passed that value during the read.
 * @read(@ctx, true) reads the high half, @read(@ctx, false) the low one;
 * @sts (may be NULL) brackets the read of the low half.
 */
u64 cx4_timer_read_halves(u32 (*read)(void *ctx, bool high), void *ctx,
			  struct ptp_system_timestamp *sts)
{
	u32 h1, h2 = read(ctx, true), l;
	int i;

	for (i = 0; i < CX4_TIMER_READ_TRIES; i++) {
		h1 = h2;
		ptp_read_system_prets(sts);
		l = read(ctx, false);
		ptp_read_system_postts(sts);
		h2 = read(ctx, true);
		if (h1 == h2)
			return (u64)h1 << 32 | l;
	}
	return (u64)h2 << 32;
}

static u32 cx4_iseg_timer_half(void *ctx, bool high)
{
	struct cx4_core *core = ctx;

	return cx4_iseg_get(core, high ? CX4_INIT_INTERNAL_TIMER_H :
				   CX4_INIT_INTERNAL_TIMER_L);
}

u64 cx4_core_read_timer(struct cx4_core *core, struct ptp_system_timestamp *sts)
{
	return cx4_timer_read_halves(cx4_iseg_timer_half, core, sts);
}

/*
 * The timer's frequency in kHz from HCA_CAP: device_frequency_khz
 * (beyond rev 0.40) if set, else device_frequency_mhz; 0 if neither is
 * set or the value is outside [CX4_TIMER_KHZ_MIN, CX4_TIMER_KHZ_MAX]
 * (an untrusted device: the conversion to nanoseconds is built for it).
 */
u32 cx4_timer_khz(u32 mhz, u32 khz)
{
	u64 f = khz ? khz : (u64)mhz * 1000;

	if (f < CX4_TIMER_KHZ_MIN || f > CX4_TIMER_KHZ_MAX)
		return 0;
	return (u32)f;
}

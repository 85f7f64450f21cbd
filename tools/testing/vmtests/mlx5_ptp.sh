#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# The device model's internal timer and CQE timestamps cross-checked with
# Debian's mlx5_core (issue 13): ptp.sh's checks (tools/testing/lib/
# ptpcheck.sh) on the two cabled functions under mlx5_core: ethtool -T,
# hwstamp_ctl, phc_ctl set/get/adj and its rate against CLOCK_REALTIME
# (mlx5_core reads device_frequency_khz and internal_timer_h/l), ptp4l
# master and slave with hardware timestamps locked within the same bound.
# Shares mlx5_netdev.sh's VM (same shape): no boot of its own.
# Cost: about 70 s (69 s after zz runs in the same boot, 2026-11-28).
. "$(dirname "$0")/lib.sh"
# shellcheck source=../lib/ptpcheck.sh
. "$(dirname "$0")/../lib/ptpcheck.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"
ptp_check mlx5
pair_cleanup
trap - EXIT
mlx5_remove

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# PTP hardware clock and CQE timestamps (issue 13, item 2), in the shared
# boot of the datapath tests.  The emulated internal timer runs from
# QEMU's virtual clock at device_frequency (156.25 MHz), one time base for
# both cabled functions.
#   1. ethtool -T on both netdevs: hardware TX/RX/raw-clock capabilities, a
#      PHC index, TX modes off/on and RX filters none/all only; the two
#      PHCs differ.
#   2. hwstamp_ctl: a PTP-only RX filter comes back widened to all (1),
#      one-step TX (2) is refused.
#   3. phc_ctl on a's PHC: set then get (the time set, plus the seconds
#      phc_ctl takes); adj +10 s moves it by 10 s; the PHC runs at the
#      rate of CLOCK_REALTIME (PTP_SYS_OFFSET, phc_ctl cmp: the offset
#      drifts by less than 1% of the time between two reads -- a driver
#      that took ticks for nanoseconds would be 84% off); freq +5% makes
#      it run 5% (4-6%) faster, freq 0 stops that again.
#   4. ptp4l (Debian's linuxptp) with hardware timestamps over L2, a master
#      in netns a and a slaveOnly in netns b, Sync and Delay_Req 4 a second
#      (clockcheck off: under TCG the guest's CLOCK_MONOTONIC and the
#      PHCs disagree for short spells): within PTP_WAIT (40) s the slave is
#      locked (servo state s2) with |master offset| <= PTP_BOUND (500 us)
#      for PTP_STEADY (8) Sync intervals in a row.  Measured 2026-11-28
#      (2 cores, tools/testing/lib/ptpcheck.sh): on the stock kernel at
#      host load ~15 locked offsets within +-90 us, path delay 43-53 us;
#      on the KASAN test kernel at load 4-8 (8 runs) within +-190 us,
#      path delay 36-49 us -- QEMU's hand-over of a frame between the two
#      functions on a loaded host (the stamps are taken at the hand-over);
#      mlx5_core on the same model (mlx5_ptp.sh) sees the same figures.  A
#      PHC off by its frequency, or stamps of the wrong CQE or software
#      ones, miss the bound by orders of magnitude (about 1 s offsets with
#      the send CQE's timestamp not copied).
# Cost: 34-41 s in the shared boot (test kernel, 3 runs in a row; most
# of it ptp4l's election and servo settling under TCG, and phc_ctl's
# starts).
. "$(dirname "$0")/lib.sh"
# shellcheck source=../lib/ptpcheck.sh
. "$(dirname "$0")/../lib/ptpcheck.sh"

ptp_check cx4
pair_cleanup
trap - EXIT
rmmod cx4
assert_device_clean

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
#      in netns a and a slaveOnly in netns b, Sync and Announce 4 a second:
#      within PTP_WAIT s the slave is locked (servo state s2) with
#      |master offset| <= PTP_BOUND ns for PTP_STEADY Sync intervals in a
#      row.  The bound is generous: with the stamps taken by the device
#      model the offsets measured on an idle host were within +-15 ns
#      (2026-11-27), the path delay 0-40 ns.
# Cost: about 40 s in the shared boot (most of it ptp4l's election and
# servo settling under TCG).
. "$(dirname "$0")/lib.sh"
# shellcheck source=../lib/ptpcheck.sh
. "$(dirname "$0")/../lib/ptpcheck.sh"

ptp_check cx4

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on --tcg-thread single --timeout 900
# SPDX-License-Identifier: GPL-2.0
#
# Native XDP on cx4 (issue 13, item 1), programs of lib/xdp_progs.c built
# with Debian's clang and attached to port a with ip link set xdpdrv;
# checks in lib/xdpcheck.sh (shared with mlx5_xdp.sh).  With IPv6 off and
# permanent neighbours b sends only its pings, so counters move exactly:
#   1. xdp_pass: 20/20 pings answered; a's rxN_packets move by b's
#      tx_packets, rx_xdp_drop does not.
#   2. xdp_drop (replacing xdp_pass: the program pointer swapped): no
#      reply, rx_xdp_drop (= sum of rxN_xdp_drop) moves by b's tx_packets,
#      nothing reaches the stack.
#   3. an unknown action: dropped, counted in rx_xdp_drop.
#   4. detach: pings answered.
#   5. xdp_reflect (XDP_TX): 20/20 pings answered by the program (a's
#      stack sees nothing); rx_xdp_tx_xmit, rx_xdp_tx_cqe and b's
#      rx_packets move by b's tx_packets (a ping before the window: the
#      next received frame hands over a send's CQE, no event for
#      XDP_TX), and a's completion events by at most one a reply.
#   6. redirect, with a veth pair (vx1 in a's netns, vx0 in netns xsrc):
#      a -> veth, rx_xdp_redirect and vx0's rx_packets move by b's
#      tx_packets; veth -> a (cx4's ndo_xdp_xmit, a with xdp_pass),
#      xsrc's pings to b leave through a's XDP SQ: tx_xdp_xmit,
#      tx_xdp_cqes and b's rx_packets move by vx0's tx_packets.
#   7. limits: with a program MTU 3,499 refused, 3,498 accepted and
#      3,470-byte pings pass; without one MTU 3,499, and then attaching is
#      refused with a message stating 3,498; LRO on refuses a program, a
#      program keeps LRO off.
#   8. ethtool -G and -L with a program attached: traffic passes, the
#      program stays.
#   9. attach, replace, MTU 3000 and back, detach while an iperf3
#      connection b -> a runs (8 Mbit/s): it survives and moves data.
#  10. maps (lib/xdp_user.c fills them): a DEVMAP redirect a -> b -> a
#      (b's ndo_xdp_xmit puts the frames a rewrote back on the cable:
#      exactly 20 datagrams at the rewritten port, a's rx_xdp_redirect
#      and b's tx_xdp_xmit/tx_xdp_cqes +20); a CPUMAP redirect to the
#      other CPU (20/20 pings, rx_xdp_redirect +sent); an AF_XDP socket
#      in copy mode on queue 0 (20 frames received whole, 20 sent from
#      its TX ring through cx4's ndo_start_xmit and received by b).
#  11. an error CQE on the XDP SQ (the WQ_ERROR knob): counted in
#      rx_xdp_tx_err, the channels rebuilt, XDP_TX exact again, no page
#      pool left detached (kmemleak scans after the tests).
# Attach (a channel rebuild) and replace (a pointer swap) are timed.
# One TCG thread (a VM of its own when run alone; make check's VMs have
# one anyway): every native XDP attach and detach updates the BPF XDP
# dispatcher, a static call patched with text_poke_bp(), and QEMU 7.2's
# multi-threaded TCG can run the other vCPU on a stale translation of it
# (tools/testing/vm): a run with a thread per vCPU froze the guest right
# after a detach (2026-11-28, the 6th run; 5 earlier runs passed).
# Cost (2-core machine, 2026-11-28): 210, 180, 205 s in a row with one
# TCG thread, the machine otherwise quiet (fb05733); with a thread per
# vCPU 173 s alone, 311-414 s beside another VM.  Steps 10 and 11
# (xdp_user runs from the host's build, built by build-cx4ctl) add
# 54-86 s: 497, 518, 372 s in a row (each passed) on a machine at load
# 3-7, the map checks 37-58 s, the XDP SQ error 17-28 s of them; a
# 4th run on a quiet machine 166 s, the new checks 32 s (22 + 10).
. "$(dirname "$0")/lib.sh"
# shellcheck source=../lib/xdpcheck.sh
. "$(dirname "$0")/../lib/xdpcheck.sh"

export XDP_CQE_EXACT=1	# cx4 asks for a CQE for every send
xdp_check cx4
xdp_reflect_check sq_error
xdp_redirect_check
xdp_maps_check
xdp_limits cx4 3498
xdp_reconf
xdp_load_check
dp_assert_no_recover "$XNS_A $XA" "$XNS_B $XB"
dp_cleanup
trap - EXIT
rmmod cx4
assert_device_clean
log "XDP on cx4: pass, drop, reflect, redirect both ways, devmap, cpumap, AF_XDP, XDP SQ error, limits, reconfiguration, load"

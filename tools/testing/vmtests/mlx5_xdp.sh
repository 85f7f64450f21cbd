#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# xdp.sh's checks (tools/testing/lib/xdpcheck.sh, the same programs of
# lib/xdp_progs.c) under Debian's mlx5_core on the same emulated device
# (issue 13: the model's XDP-visible behaviour cross-checked): pass,
# drop, an unknown action, reflect (XDP_TX: mlx5e's XDP SQ on the model),
# redirect to and from a veth (mlx5e's ndo_xdp_xmit), a DEVMAP redirect
# a -> b -> a, a CPUMAP redirect, an AF_XDP socket in copy mode (receive
# and send), the MTU limit of a
# program without frags (3,498, as cx4's) and LRO, -G/-L with a program,
# attach/replace/MTU/detach under iperf3.  Counters move by exactly what
# the peer sent, except rx_xdp_tx_cqe and tx_xdp_cqes: mlx5e completes
# several sends a CQE (only 1 <= CQEs <= sends is checked).  Not here:
# xdp.sh's XDP SQ error (the knob's effect on mlx5e is mlx5e's business).  mlx5_core's
# own refusal messages are printed, not matched; its warnings about XDP
# (LRO, MTU) are expected, any other warning fails.
# Shares mlx5_netdev.sh's VM (same shape): no boot of its own.
# Cost: 89 s (2026-11-28, first run, another VM beside it): mlx5e agrees
# with cx4 on every exact count, its MTU limit for a program without
# frags is 3,498 too, rx_xdp_tx_cqe moved 19 for 20 sends.  The map checks
# (devmap, cpumap, AF_XDP) add 7-17 s: 135, 73, 62 s in a row (each
# passed, load 2-6); mlx5e agrees on every exact count, tx_xdp_cqes
# moved 17 for 20 devmap frames.
. "$(dirname "$0")/lib.sh"
# shellcheck source=../lib/xdpcheck.sh
. "$(dirname "$0")/../lib/xdpcheck.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"
dmesg -C
export XDP_LIMIT_MSG=''	# mlx5_core words its refusals its own way
xdp_check mlx5
xdp_reflect_check
xdp_redirect_check
xdp_maps_check
xdp_limits mlx5 3498
xdp_reconf
xdp_load_check
pair_cleanup
trap - EXIT
# mlx5e's warnings about what XDP refuses are expected; any other fails.
xdp_warn=$(dmesg -l emerg,alert,crit,err,warn | grep -F mlx5_core || true)
other=$(grep -viE 'xdp|lro' <<<"$xdp_warn" || true)
[ -z "$other" ] || fail "mlx5_core warnings: $other"
[ -z "$xdp_warn" ] || log "mlx5_core's XDP warnings: $xdp_warn"
dmesg -C
mlx5_remove
log "XDP under mlx5_core: pass, drop, reflect, redirect both ways, devmap, cpumap, AF_XDP, limits, reconfiguration, load"

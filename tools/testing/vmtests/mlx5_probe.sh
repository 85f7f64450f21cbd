#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Debian's own mlx5_core (an independent driver proven on real ConnectX-4
# silicon) on the emulated functions: what it gets through today.
#
# Default device properties (issue 21): mlx5_core's SET_DRIVER_VERSION
# ("Linux,mlx5_core,6.12.117", not Table 190's M.mmm.ssssss form) is
# accepted as firmware accepts it; the test used caps-off=driver_version
# until then.
#
# This test covers mlx5_core's PCI probe alone: both functions bound
# (E-Switch and flow-steering init done, its anchor NIC RX table set as
# root), the Ethernet auxiliary device created but held back
# (drivers_autoprobe 0 on the auxiliary bus), and a clean unbind: every
# page returned, no guest error.  mlx5e itself (netdev, link, traffic,
# ethtool) is mlx5_netdev.sh.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"

dmesg -C
# Held back: see the header (restored once the device is checked).
echo 0 > /sys/bus/auxiliary/drivers_autoprobe
modprobe mlx5_core || fail "modprobe mlx5_core failed"
# Probe is synchronous: modprobe returns after both functions were tried.
dmesg > /tmp/mlx5.dmesg

for f in "${fns[@]}"; do
	fl=$(grep -F "mlx5_core $f: " /tmp/mlx5.dmesg || true)
	[ -n "$fl" ] || fail "$f: mlx5_core never probed it"
	grep -q "firmware version: 12\.28\.2006$" <<< "$fl" ||
		fail "$f: no firmware version line"
	grep -q "E-Switch: Total vports" <<< "$fl" || fail "$f: did not reach E-Switch init"
	# No error/warning line from mlx5_core at all (a failed command
	# prints one through mlx5_cmd_out_err).
	bad=$(dmesg -l emerg,alert,crit,err,warn | grep -F "mlx5_core $f: " || true)
	[ -z "$bad" ] || fail "$f: mlx5_core error/warning lines:
$bad"
	grep -q "mlx5_cmd_out_err" <<< "$fl" && fail "$f: a command failed"
	# The PCI probe completed: bound, with its Ethernet auxiliary device.
	[ -e "/sys/bus/pci/drivers/mlx5_core/$f" ] || fail "$f: mlx5_core not bound"
	eth=$(ls -d "/sys/bus/pci/devices/$f"/mlx5_core.eth.* 2> /dev/null || true)
	[ -n "$eth" ] || fail "$f: no mlx5_core.eth auxiliary device"
	[ ! -e "$eth/driver" ] || fail "$f: $eth bound although held back"
done
grep -F "mlx5_core" /tmp/mlx5.dmesg | grep -q "probe with driver mlx5_core failed" &&
	fail "a mlx5_core probe failed"
# While mlx5_core holds the BAR the debug page cannot be mapped
# (cx4ctl): the device is checked after rmmod.
# Teardown (flow tables, EQs, UAR, TEARDOWN_HCA, pages) completed.
mlx5_remove
echo 1 > /sys/bus/auxiliary/drivers_autoprobe
# Traces: $CX4_OUT has nothing to add, the runner saves cmd-trace-<i>.txt.
log "mlx5_core on $(uname -r): PCI probe completes (mlx5e held back), clean rmmod"

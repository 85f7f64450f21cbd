#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on --dev-prop caps-off=driver_version
# SPDX-License-Identifier: GPL-2.0
#
# Debian's own mlx5_core (an independent driver proven on real ConnectX-4
# silicon) on the emulated functions: what it gets through today.
#
# caps-off=driver_version: mlx5_core's SET_DRIVER_VERSION string
# ("Linux,mlx5_core,6.12.117") breaks the PRM Table 190 format, which the
# model enforces; with the capability off mlx5_core skips the command.
#
# TODAY probe cannot complete: the model has no flow tables yet, and
# mlx5_core's mlx5_load() stops at its first CREATE_FLOW_TABLE (the
# flow-steering anchor table), which gets BAD_OP syndrome 0xc4010002
# ("not implemented by the model").  Up to that point every command must
# succeed and mlx5_core may print no error or warning; it must then unwind
# cleanly: every page returned, no guest error, nothing left bound.  When
# the datapath objects land, extend this test to a completed probe (netdev,
# link, rmmod clean) and drop the expected-stop assertions.
. "$(dirname "$0")/lib.sh"

case $(uname -r) in
*-cx4-test) fail "booted the test kernel, not Debian's" ;;
esac
mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} = 2 ] || fail "expected 2 emulated functions, found ${#fns[@]}"
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"

# What the expected stop looks like, in mlx5_core's own words.
stop_cmd='mlx5_cmd_out_err:[0-9]+:\(pid [0-9]+\): CREATE_FLOW_TABLE\(0x930\) op_mod\(0x0\) failed, status bad operation\(0x2\), syndrome \(0xc4010002\)'
stop_lines=(
	"$stop_cmd"
	'create_anchor_flow_table:[0-9]+:\(pid [0-9]+\): Failed to create last anchor flow table$'
	'mlx5_load:[0-9]+:\(pid [0-9]+\): Failed to init flow steering$'
	'probe_one:[0-9]+:\(pid [0-9]+\): mlx5_init_one failed with error code -22$'
	'probe with driver mlx5_core failed with error -22$'
)

dmesg -C
modprobe mlx5_core || fail "modprobe mlx5_core failed"
# Probe is synchronous: modprobe returns after both functions were tried.
dmesg > /tmp/mlx5.dmesg

for f in "${fns[@]}"; do
	fl=$(grep -F "mlx5_core $f: " /tmp/mlx5.dmesg || true)
	[ -n "$fl" ] || fail "$f: mlx5_core never probed it"
	# Reached: firmware version read, past INIT_HCA and the async EQs
	# (E-Switch init comes after QUERY_HCA_CAP of every type).
	grep -q "firmware version: 12\.28\.2006$" <<< "$fl" ||
		fail "$f: no firmware version line"
	grep -q "E-Switch: Total vports" <<< "$fl" || fail "$f: did not reach E-Switch init"
	for re in "${stop_lines[@]}"; do
		grep -qE "$re" <<< "$fl" || fail "$f: expected stop line missing: $re"
	done
	# No other error/warning line from mlx5_core up to (and around) the stop.
	bad=$(dmesg -l emerg,alert,crit,err,warn | grep -F "mlx5_core $f: " |
		sed 's/^\[[ 0-9.]*\] //; s/^mlx5_core [^ ]* //' || true)
	for re in "${stop_lines[@]}"; do
		bad=$(grep -vE "$re" <<< "$bad" || true)
	done
	[ -z "$bad" ] || fail "$f: unexpected mlx5_core error/warning lines:
$bad"
	# Exactly one failed command: the stop (mlx5_cmd_out_err per failure).
	n=$(grep -c "mlx5_cmd_out_err" <<< "$fl" || true)
	[ "$n" = 1 ] || fail "$f: $n failed commands, expected only CREATE_FLOW_TABLE"
	[ ! -e "/sys/bus/pci/drivers/mlx5_core/$f" ] ||
		fail "$f: bound although probe failed"
done
# The failed probes unwound completely: pages back, no guest error.
assert_device_clean
rmmod mlx5_core || fail "rmmod mlx5_core failed"
assert_device_clean
# Traces: $CX4_OUT has nothing to add, the runner saves cmd-trace-<i>.txt.
log "mlx5_core on $(uname -r): stops at CREATE_FLOW_TABLE (no flow tables yet), clean unwind"

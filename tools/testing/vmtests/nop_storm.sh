#!/bin/bash
# vm: --nics 2 --smp 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Event mode under load: 1000 NOP commands issued from work items on every
# CPU (debugfs nop_storm, more concurrent commands than the queue has
# slots), on both functions at once, all complete; every completion came
# by event (none lost), none rejected.
. "$(dirname "$0")/lib.sh"

n=1000
mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"

insmod "$KO"
declare -A before
for f in "${fns[@]}"; do
	before[$f]=$(ctl_get "$f" commands_executed)
done
pids=()
for f in "${fns[@]}"; do
	echo "$n" > "$(cx4_dbg "$f")/nop_storm" &
	pids+=($!)
done
for p in "${pids[@]}"; do
	wait "$p" || fail "a nop_storm of $n failed"
done
for f in "${fns[@]}"; do
	done_cmds=$(($(ctl_get "$f" commands_executed) - before[$f]))
	[ "$done_cmds" -ge "$n" ] || fail "$f: device executed $done_cmds commands for $n NOPs"
	[ "$(stat_get "$f" cmd_events)" -ge "$n" ] || fail "$f: fewer completion events than NOPs"
	[ "$(stat_get "$f" cmd_lost_events)" = 0 ] || fail "$f: completion events lost"
	[ "$(stat_get "$f" bad_eqes)" = 0 ] || fail "$f: EQEs rejected"
	log "$f: $done_cmds commands, $(stat_get "$f" cmd_events) completion events"
done
rmmod cx4
assert_device_clean
log "$n concurrent NOPs on each of ${#fns[@]} functions"

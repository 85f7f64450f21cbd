#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Dropped command completion events (device knob drop_cmd_events): each
# command whose event is lost still completes -- the waiter re-checks the
# ownership bit -- and the loss is counted and logged with the command's
# name.
. "$(dirname "$0")/lib.sh"

drops=3
mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"

insmod "$KO"
for f in "${fns[@]}"; do
	before=$(dmesg_count "cx4 $f: NOP\\(0x80d\\) in slot [0-9]+: completion event lost")
	ctl_set "$f" reset_counters 1
	ctl_set "$f" drop_cmd_events $drops
	echo 20 > "$(cx4_dbg "$f")/nop_storm" || fail "$f: NOPs failed with dropped events"
	[ "$(ctl_get "$f" knob_hits)" = $drops ] || fail "$f: knob hit $(ctl_get "$f" knob_hits) times"
	[ "$(stat_get "$f" cmd_lost_events)" = $drops ] ||
		fail "$f: $(stat_get "$f" cmd_lost_events) lost events counted, $drops dropped"
	after=$(dmesg_count "cx4 $f: NOP\\(0x80d\\) in slot [0-9]+: completion event lost")
	[ $((after - before)) = $drops ] || fail "$f: $((after - before)) lost events logged"
done
rmmod cx4
assert_device_clean
log "$drops dropped completion events recovered on each of ${#fns[@]} functions"

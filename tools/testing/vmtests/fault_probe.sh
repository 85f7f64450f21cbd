#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on --timeout 1800
# SPDX-License-Identifier: GPL-2.0
#
# Fail every command of probe in turn (and every command of remove, and
# hang one of each): each time the driver must unwind cleanly -- the
# function stays unbound, the device owns no page afterwards, the module
# unloads -- and the next plain probe must work.  The VM runner adds the
# kmemleak, KASAN and lockdep checks and the device's guest-error count.
. "$(dirname "$0")/lib.sh"

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"

set_all() {
	local f
	for f in "${fns[@]}"; do
		ctl_set "$f" "$1" "$2"
	done
}

# Knob hits and executed commands since the last reset, per function.
reset_counters() {
	set_all reset_counters 1
}

# The driver stays loaded while the functions are bound and unbound through
# sysfs: a probe is the same call either way, and loading the module for
# every round cost ~1.5 s of its ~3 under TCG.
fn_bind() {
	echo "$1" > /sys/bus/pci/drivers/cx4/bind
}

fn_unbind() {
	echo "$1" > /sys/bus/pci/drivers/cx4/unbind || fail "unbind $1 failed"
}

bind_all() {
	for f in "${fns[@]}"; do
		fn_bind "$f" || fail "$1: bind $f failed"
		cx4_bound "$f" || fail "$1: $f not bound by a plain probe"
	done
}

unbind_all() {
	for f in "${fns[@]}"; do
		fn_unbind "$f"
	done
}

plain_probe() {
	bind_all "$1"
	unbind_all
	assert_device_clean
}

# The same with the module loaded and unloaded around it.
plain_load() {
	insmod "$KO"
	for f in "${fns[@]}"; do
		cx4_bound "$f" || fail "$1: $f not bound by a plain probe"
	done
	rmmod cx4
	assert_device_clean
}

# How many commands a clean probe and a clean remove issue.
insmod "$KO"
unbind_all
assert_device_clean
reset_counters
bind_all "first probe"
probe_cmds=$(ctl_get "${fns[0]}" commands_executed)
reset_counters
unbind_all
remove_cmds=$(ctl_get "${fns[0]}" commands_executed)
assert_device_clean
log "probe issues $probe_cmds commands, remove $remove_cmds"
[ "$probe_cmds" -ge 10 ] || fail "implausible probe command count $probe_cmds"

# Fail the Nth command of probe.  One is optional: without a queue
# counter set (ALLOC_Q_COUNTER refused) the function comes up, says so,
# and only rx_out_of_buffer goes uncounted.
optional_msg='no queue counter set: rx_out_of_buffer not counted'
optional=0
for ((n = 1; n <= probe_cmds; n++)); do
	before=$(dmesg_count 'cx4 .*failed: INTERNAL_ERR')
	for f in "${fns[@]}"; do
		ctl_set "$f" reset_counters 1 fail_nth "$n"
	done
	for f in "${fns[@]}"; do
		opt0=$(dmesg_count "$optional_msg")
		if fn_bind "$f" 2> /dev/null; then
			[ "$(dmesg_count "$optional_msg")" -gt "$opt0" ] ||
				fail "fail_nth=$n: binding $f succeeded"
			cx4_bound "$f" || fail "fail_nth=$n: $f not bound without its queue counter set"
			fn_unbind "$f"
			optional=$((optional + 1))
		else
			! cx4_bound "$f" || fail "fail_nth=$n: $f bound although a probe command failed"
		fi
		[ "$(ctl_get "$f" knob_hits)" = 1 ] || fail "fail_nth=$n: $f: knob not hit"
	done
	after=$(dmesg_count 'cx4 .*failed: INTERNAL_ERR')
	[ $((after - before)) -ge ${#fns[@]} ] ||
		fail "fail_nth=$n: the failed command was not logged"
	assert_device_clean
done
[ "$optional" = ${#fns[@]} ] ||
	fail "ALLOC_Q_COUNTER refused on $optional function(s), want each of ${#fns[@]} once"
log "probe unwinds cleanly from a failure of each of its $probe_cmds commands (but ALLOC_Q_COUNTER's: the function comes up without the queue counter set)"
plain_probe "after probe faults"

# Fail the Nth command of remove: the function is reset, nothing leaks.
# Each round's bind also proves the previous round left the device usable.
for ((n = 1; n <= remove_cmds; n++)); do
	bind_all "remove round $n (device left unusable?)"
	for f in "${fns[@]}"; do
		ctl_set "$f" reset_counters 1 fail_nth "$n"
	done
	unbind_all
	for f in "${fns[@]}"; do
		[ "$(ctl_get "$f" knob_hits)" = 1 ] || fail "remove fail_nth=$n: $f: knob not hit"
	done
	assert_device_clean
done
plain_probe "after remove faults"
rmmod cx4
assert_device_clean
log "remove survives a failure of each of its $remove_cmds commands"

# A command that never completes: bounded wait, FLR, clean unwind.
before=$(dmesg_count 'cx4 .*resetting the function')
set_all hang_opcode 0x102		# INIT_HCA
insmod "$KO" cmd_timeout_ms=1000
for f in "${fns[@]}"; do
	! cx4_bound "$f" || fail "$f bound although INIT_HCA hung"
done
rmmod cx4
assert_device_clean
after=$(dmesg_count 'cx4 .*resetting the function')
[ $((after - before)) -ge ${#fns[@]} ] || fail "no function reset after a hung INIT_HCA"
plain_load "after hung INIT_HCA"

insmod "$KO" cmd_timeout_ms=1000
set_all hang_opcode 0x103		# TEARDOWN_HCA
rmmod cx4
assert_device_clean
plain_load "after hung TEARDOWN_HCA"
log "hung INIT_HCA and TEARDOWN_HCA end in a function reset and a clean unwind"

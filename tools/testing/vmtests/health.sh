#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on --timeout 900
# SPDX-License-Identifier: GPL-2.0
#
# Health and recovery on one of two functions (the other is not affected):
#  1. an internal error (knob internal_error: health syndrome set, counter
#     stopped, interrupt without EQE) is seen at once and logged with the
#     syndrome; the function is recovered automatically -- each step
#     logged: en/ detached, torn down and reset, brought up, en/ attached
#     -- and works again: commands, a test CQ, page requests (give and
#     take, accounting exact), link changes;
#  2. a stalled health counter (knob health_stop) is detected by the
#     poller and recovered the same way;
#  2b. devlink's fw_fatal reporter: error/recover counts, diagnose; with
#     auto-recovery off the function waits for "devlink health recover";
#  3. a recovery attempt that fails (ENABLE_HCA failed by the device) is
#     retried after a back-off delay;
#  3b. a netdev that cannot resume after a recovery (the device fails the
#     PMTU read of en/'s resume) stays -- same ifindex, no new netdev --,
#     the attempt counts as failed and the next one resumes it;
#  4. a device that dies again right after each recovery is retried with
#     growing delays and then given up on, with a clear message; the
#     function stays down (hooks say so), devlink dev info answers
#     without asking the device, remove and a new probe work.
# Sections 3, 3b and 4 each start from a fresh probe, so that none depends
# on how soon after the one before it runs.
# Zero guest errors throughout (pages of a dead function are not blamed).
. "$(dirname "$0")/lib.sh"

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} = 2 ] || fail "expected 2 emulated functions, found ${#fns[@]}"
sick=${fns[0]} well=${fns[1]}

# Wait (bounded: 90 s of wall time) until "$@" succeeds.
wait_long() {
	WAIT_SECS=90 wait_for "$@"
}

recoveries_are() {
	[ "$(stat_get "$sick" health_recoveries)" = "$1" ] &&
		[ "$(stat_get "$sick" up)" = 1 ]
}

gave_up() {
	[ "$(stat_get "$sick" health_gave_up)" = 1 ]
}

pages_match() {
	[ "$(stat_get "$sick" pages)" = "$(ctl_get "$sick" pages_owned)" ] &&
		[ "$(stat_get "$sick" pages)" = "$1" ]
}

link_is() {
	[ "$(stat_get "$sick" link_up)" = "$1" ]
}

cq_get() {
	awk -v k="$1" '$1 == k { print $2 }' "$(cx4_dbg "$sick")/cq"
}

# A fresh probe of the sick function: its failure streak and counters
# start from zero, so that a section does not depend on how soon after the
# previous one it runs (a death within CX4_RECOVERY_GRACE_MS of a recovery
# counts as that recovery failing).
reprobe() {
	rmmod cx4
	assert_device_clean
	insmod "$KO"
	wait_long up_is 1 || fail "$sick: not up after a new probe"
}

up_is() {
	[ "$(stat_get "$sick" up)" = "$1" ]
}

cq_comp_is() {
	[ "$(cq_get comp)" = "$1" ]
}

# The function works: commands, a CQ with an event, page requests, link.
check_works() {
	local what=$1 base cqn
	echo 50 > "$(cx4_dbg "$sick")/nop_storm" || fail "$what: commands fail"
	echo "create 0 4" > "$(cx4_dbg "$sick")/cq" || fail "$what: no CQ"
	cqn=$(cq_get cqn)
	echo arm > "$(cx4_dbg "$sick")/cq"
	ctl_set "$sick" cqe_post "$cqn"
	wait_long cq_comp_is 1 || fail "$what: no completion event"
	echo destroy > "$(cx4_dbg "$sick")/cq"
	base=$(stat_get "$sick" pages)
	ctl_set "$sick" page_request 100
	wait_long pages_match $((base + 100)) || fail "$what: page give: driver $(stat_get "$sick" pages), device $(ctl_get "$sick" pages_owned), expected $((base + 100))"
	ctl_set "$sick" page_request -100
	wait_long pages_match "$base" || fail "$what: page take: driver $(stat_get "$sick" pages), device $(ctl_get "$sick" pages_owned), expected $base"
	ctl_set "$sick" link 0
	wait_long link_is 0 || fail "$what: link down not seen"
	ctl_set "$sick" link 1
	wait_long link_is 1 || fail "$what: link up not seen"
	[ "$(stat_get "$sick" bad_eqes)" = 0 ] || fail "$what: EQEs rejected"
}

# devlink_kv ARGS...: "devlink -j ARGS" flattened to one KEY=VALUE line
# per scalar (values lower-cased), e.g. "error=2", "syndrome_name=dead irisc".
devlink_kv() {
	devlink -j "$@" | python3 -S -c '
import json, sys
def walk(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if isinstance(v, (dict, list)):
                walk(v)
            else:
                print("%s=%s" % (k, str(v).lower()))
    elif isinstance(o, list):
        for v in o:
            walk(v)
walk(json.load(sys.stdin))'
}

# devlink_expect WHAT KV-LINES KEY=VALUE...: each pair is among the lines.
devlink_expect() {
	local what=$1 lines=$2 kv
	shift 2
	for kv in "$@"; do
		grep -qxF "$kv" <<<"$lines" ||
			fail "$what: expected $kv in: $(tr '\n' ' ' <<<"$lines")"
	done
}

dmesg_has() {
	[ "$(dmesg_count "$1")" -ge 1 ]
}

step_logged() {
	[ "$(dmesg_count "cx4 $sick: recovery: $1")" -ge "$2" ] ||
		fail "recovery step '$1' logged $(dmesg_count "cx4 $sick: recovery: $1") times, expected >= $2"
}

insmod "$KO"
check_works "after probe"

# 1. Health syndrome.
ctl_set "$sick" internal_error 0x07	# DEAD_IRISC
wait_long recoveries_are 1 || fail "$sick: not recovered from the internal error"
[ "$(dmesg_count "cx4 $sick: device failed: health syndrome 0x7 \\(dead IRISC\\)")" = 1 ] ||
	fail "$sick: internal error not logged"
for s in "detaching the Ethernet part" "tearing the function down and resetting it" \
	 "bringing the function up again" "attaching the Ethernet part" "done, function up again"; do
	step_logged "$s" 1
done
[ "$(dmesg_count "cx4 $sick: resetting the function")" -ge 1 ] || fail "$sick: no function reset"
[ "$(dmesg_count "cx4 $sick: firmware ")" = 2 ] || fail "$sick: no new probe summary"
check_works "after recovery from a syndrome"
devlink_expect "$sick: devlink diagnose" \
	"$(devlink_kv health diagnose "pci/$sick" reporter fw_fatal)" \
	syndrome=7 "syndrome_name=dead irisc" recoveries=1 dead=0
echo 50 > "$(cx4_dbg "$well")/nop_storm" || fail "$well: commands fail"
[ "$(stat_get "$well" health_fatal_events)" = 0 ] || fail "$well: declared dead too"
log "syndrome: detected, recovered, the function works again"

# 2. Stalled health counter.
ctl_set "$sick" health_stop 1
wait_long recoveries_are 2 || fail "$sick: not recovered from a stalled counter"
[ "$(dmesg_count "cx4 $sick: device failed: health counter stuck")" = 1 ] ||
	fail "$sick: stalled counter not logged"
check_works "after recovery from a stalled counter"
log "stalled counter: detected, recovered, the function works again"

# 2b. devlink: the fw_fatal reporter counted both errors and recoveries and
# diagnose shows the last failure (step 1's syndrome was checked above).
# With auto-recovery turned off the function stays dead -- the reporter in
# error state -- until "devlink health recover", which brings it back.
dl=pci/$sick
devlink_expect "$sick: devlink health show" \
	"$(devlink_kv health show "$dl" reporter fw_fatal)" \
	reporter=fw_fatal error=2 recover=2 state=healthy auto_recover=true
devlink_expect "$well: devlink health show" \
	"$(devlink_kv health show "pci/$well" reporter fw_fatal)" \
	reporter=fw_fatal error=0 recover=0
devlink_expect "$sick: devlink diagnose" \
	"$(devlink_kv health diagnose "$dl" reporter fw_fatal)" \
	syndrome=0 recoveries=2 dead=0 gave_up=0
devlink health set "$dl" reporter fw_fatal auto_recover false ||
	fail "$sick: cannot turn devlink auto-recovery off"
ctl_set "$sick" internal_error 0x01
wait_long dmesg_has "cx4 $sick: recovery: devlink auto-recovery is off" ||
	fail "$sick: no word that auto-recovery is off"
sleep 2
[ "$(stat_get "$sick" health_recoveries)" = 2 ] ||
	fail "$sick: recovered although devlink auto-recovery is off"
devlink_expect "$sick: devlink health show, auto-recovery off" \
	"$(devlink_kv health show "$dl" reporter fw_fatal)" \
	error=3 recover=2 state=error auto_recover=false
devlink health recover "$dl" reporter fw_fatal || fail "$sick: devlink health recover failed"
recoveries_are 3 || fail "$sick: not up after devlink health recover"
devlink_expect "$sick: devlink health show after recover" \
	"$(devlink_kv health show "$dl" reporter fw_fatal)" recover=3 state=healthy
devlink health set "$dl" reporter fw_fatal auto_recover true ||
	fail "$sick: cannot turn devlink auto-recovery on"
check_works "after devlink health recover"
log "devlink: fw_fatal counts and diagnose; auto-recovery off waits for devlink health recover"

# 3. A recovery attempt fails (the device fails ENABLE_HCA): retried later.
reprobe
ctl_set "$sick" fail_opcode 0x104
ctl_set "$sick" internal_error 0x01
wait_long recoveries_are 1 || fail "$sick: not recovered after a failed attempt"
[ "$(dmesg_count "cx4 $sick: recovery: bringing the function up failed")" = 1 ] ||
	fail "$sick: failed attempt not logged"
[ "$(dmesg_count "cx4 $sick: recovery: .* next attempt in [0-9]+ ms")" -ge 1 ] ||
	fail "$sick: no back-off after the failed attempt"
check_works "after a failed attempt"
log "a failed recovery attempt is retried after a back-off"

# 3b. The resume fails (the first ACCESS_REGISTER after the function is up
# again is en/'s PMTU read): the netdev stays, the next attempt resumes it.
reprobe
ifc=$(netdev_of "$sick") || fail "$sick: no netdev"
idx=$(cat "/sys/class/net/$ifc/ifindex")
ctl_set "$sick" fail_opcode 0x805
ctl_set "$sick" internal_error 0x01
wait_long recoveries_are 1 || fail "$sick: not recovered after a failed resume"
[ "$(dmesg_count "cx4 $sick: recovery: resuming the netdev failed \(-?[0-9]+\), it stays suspended")" = 1 ] ||
	fail "$sick: no failed resume logged"
[ "$(dmesg_count "cx4 $sick: recovery: attaching the Ethernet part \(new netdev\)")" = 0 ] ||
	fail "$sick: a new netdev was attached instead of retrying"
[ "$(cat "/sys/class/net/$ifc/ifindex" 2>/dev/null)" = "$idx" ] ||
	fail "$sick: $ifc (ifindex $idx) did not stay"
check_works "after a failed resume"
log "a netdev that cannot resume stays (ifindex $idx) and the next attempt resumes it"

# 4. Dying again right after each recovery: growing delays, then give up
# after five failures in a row (recovery_give_up_ms=0: without the
# minute they must span by default, which make fuzz relies on).
reprobe
echo 0 > /sys/module/cx4/parameters/recovery_give_up_ms ||
	fail "no module parameter recovery_give_up_ms"
for _ in $(seq 10); do
	gave_up && break
	n=$(stat_get "$sick" health_recoveries)
	ctl_set "$sick" internal_error 0x01
	for _ in $(seq 900); do
		gave_up && break
		[ "$(stat_get "$sick" health_recoveries)" -gt "$n" ] &&
			[ "$(stat_get "$sick" up)" = 1 ] && break
		nap 0.1
	done
done
gave_up || fail "$sick: never gave up on a device that keeps dying"
[ "$(dmesg_count "cx4 $sick: recovery: giving up after 5 failures in a row")" = 1 ] ||
	fail "$sick: giving up not logged"
delays=$(dmesg | grep -oE "cx4 $sick: recovery: [0-9]+ failure\\(s\\) in a row, next attempt in [0-9]+ ms" |
	 grep -oE "[0-9]+ ms" | tr -d ' ms' | tr '\n' ' ')
log "back-off delays: $delays"
# The streak that ended in giving up doubled each time (the sections before
# logged their own single back-offs).
[[ " $delays" == *" 1000 2000 4000 8000 " ]] ||
	fail "$sick: back-off before giving up not 1000 2000 4000 8000 ms: $delays"
[ "$(stat_get "$sick" up)" = 0 ] || fail "$sick: up after giving up"
! echo 1 > "$(cx4_dbg "$sick")/nop_storm" 2>/dev/null || fail "$sick: commands accepted while down"
# devlink dev info of the function given up on (issue 14, finding 5): its
# command queue is gone, so driver and firmware version only, no
# QUERY_ADAPTER (the board id is left out), and no crash.
info=$(devlink dev info "pci/$sick") || fail "$sick: devlink dev info failed after giving up"
grep -q 'driver cx4' <<<"$info" || fail "$sick: devlink dev info without the driver after giving up: $info"
! grep -q 'board.id' <<<"$info" || fail "$sick: devlink dev info asked the device after giving up: $info"
echo 50 > "$(cx4_dbg "$well")/nop_storm" || fail "$well: commands fail"
[ "$(stat_get "$well" health_fatal_events)" = 0 ] || fail "$well: declared dead"

rmmod cx4
assert_device_clean
insmod "$KO"
cx4_bound "$sick" || fail "$sick: not bound again after giving up"
check_works "after a new probe"
rmmod cx4
assert_device_clean
log "a device that keeps dying is given up on after growing delays; rebinding works"

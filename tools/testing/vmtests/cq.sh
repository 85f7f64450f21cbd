#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on --timeout 1200
# SPDX-License-Identifier: GPL-2.0
#
# Completion queues through the core CQ API (debugfs hook "cq"), with CQEs
# posted by the device's debug page (CQE_POST): the completion callback
# fires only once the CQ is armed (at once when CQEs are already waiting,
# PRM 7.12.4), not again until it is re-armed with the next cmd_sn; the
# poller sees exactly the CQEs posted, in order, across ring wraps;
# MODIFY_CQ moderation is accepted; a CQ error event reaches the CQ's
# error callback with its syndrome; completion events for a CQ number no
# CQ has are counted, not delivered; destroying a CQ while CQEs and arms
# keep arriving is safe; every completion vector can carry a CQ.  A
# completion event the device sends under a wrong CQ number or event type
# (hostile-device mode, action eqe, every EQE for a moment) is lost to
# its CQ: every CQ of that EQ is kicked (cq_kicks), so the CQ still gets
# its callback, and it arms again with the right cmd_sn.
. "$(dirname "$0")/lib.sh"

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"
f=${fns[0]}

cq_get() {
	awk -v k="$1" '$1 == k { print $2; found = 1 } END { exit !found }' \
		"$(cx4_dbg "$f")/cq" || fail "no cq field $1"
}

cq_do() {
	echo "$*" > "$(cx4_dbg "$f")/cq" || fail "cq '$*' failed"
}

post() {
	local i
	for i in $(seq "$1"); do
		ctl_set "$f" cqe_post "$cqn"
	done
}

# wait_for (lib.sh) gives up after WAIT_SECS seconds.
WAIT_SECS=5

comp_is() {
	[ "$(cq_get comp)" = "$1" ]
}

errors_is() {
	[ "$(cq_get errors)" = "$1" ]
}

unknown_is() {
	[ "$(stat_get "$f" comp_no_cq)" = "$1" ]
}

insmod "$KO"
cx4_bound "$f" || fail "$f not bound"
ncomp=$(grep -c '^eq_comp' "$(cx4_dbg "$f")/stats")

# An 8-entry CQ on vector 0: starts disarmed.
cq_do create 0 3
cqn=$(cq_get cqn)
[ "$cqn" -ge 0 ] || fail "no CQ number"
log "CQ $cqn created"
post 3
sleep 1
comp_is 0 || fail "completion callback without arm ($(cq_get comp))"
[ "$(cq_get ready)" = 1 ] || fail "posted CQEs not visible to peek"

# Arm with CQEs waiting: event at once.  Nothing more until re-armed.
cq_do arm
wait_for comp_is 1 || fail "no event after arming with CQEs waiting"
cq_do poll
[ "$(cq_get polled)" = 3 ] || fail "polled $(cq_get polled) CQEs, 3 posted"
# The debug page numbers its CQEs from where an earlier test in this VM
# left its count: wqe_counter of the first CQE posted here.
base=$(( $(cq_get last_wqe) - 2 ))
[ "$(cq_get ready)" = 0 ] || fail "CQE left after poll"
post 2
sleep 1
comp_is 1 || fail "event without re-arm ($(cq_get comp))"
cq_do arm		# next cmd_sn, CQEs waiting: event
wait_for comp_is 2 || fail "no event after re-arm"
cq_do poll
cq_do arm		# nothing waiting: armed, no event yet
nap 0.5
comp_is 2 || fail "event with nothing posted"
post 1
wait_for comp_is 3 || fail "no event for a CQE on an armed CQ"
cq_do poll
[ "$(cq_get polled)" = 6 ] || fail "polled $(cq_get polled), 6 posted"

# Wraps of the 8-entry ring, 5 CQEs per round; wqe_counter in order.
# (Each CQE is one cx4ctl run, slow under TCG: the counts stay small.)
for round in $(seq 4); do
	post 5
	cq_do poll
done
[ "$(cq_get polled)" = 26 ] || fail "after wraps: polled $(cq_get polled), 26 posted"
[ "$(cq_get last_wqe)" = $(((base + 25) & 0xffff)) ] ||
	fail "last wqe_counter $(cq_get last_wqe), expected $(((base + 25) & 0xffff)) (first $base)"
log "26 CQEs over 3 ring wraps, 3 events, each only when armed"

# Moderation (MODIFY_CQ) is accepted; with a count of 1 an armed CQ fires.
cq_do moderate 100 1
cq_do arm
post 1
wait_for comp_is 4 || fail "no event with moderation 100 us / 1 CQE"
cq_do poll

# CQ error event to the error callback.
ctl_set "$f" cq_error $(((2 << 24) | cqn))
wait_for errors_is 1 || fail "CQ error callback not called"
[ "$(cq_get syndrome)" = 2 ] || fail "CQ error syndrome $(cq_get syndrome), expected 2"
cq_do destroy
[ "$(cq_get cqn)" = -1 ] || fail "CQ still there after destroy"

# A completion event for a CQ number nobody has: counted, not delivered.
unknown=$(stat_get "$f" comp_no_cq)
echo "1 0 $((cqn + 100))" > "$(cx4_dbg "$f")/gen_eqe" || fail "gen_eqe failed"
wait_for unknown_is $((unknown + 1)) ||
	fail "completion event for an unknown CQ not counted"
[ "$(stat_get "$f" bad_eqes)" = 0 ] || fail "EQEs rejected"

# Destroy while CQEs and arms keep arriving (the device logs CQEs to a
# CQ that is gone; no guest error), five times, on every vector.
for i in $(seq 5); do
	v=$((i % ncomp))
	cq_do create "$v" 6
	cqn=$(cq_get cqn)
	(for _ in $(seq 10); do ctl_set "$f" cqe_post "$cqn"; done) &
	poster=$!
	for _ in $(seq 3); do
		echo arm > "$(cx4_dbg "$f")/cq" 2>/dev/null || true
		echo poll > "$(cx4_dbg "$f")/cq" 2>/dev/null || true
	done
	cq_do destroy
	wait "$poster"
done
[ "$(stat_get "$f" cq_wrong_eq)" = 0 ] || fail "completion events on the wrong EQ"
[ "$(stat_get "$f" bad_eqes)" = 0 ] || fail "EQEs rejected"
log "5 CQs destroyed under load on $ncomp vector(s); $(stat_get "$f" comp_no_cq) late events counted"

# A lost completion event: every EQE mutated (hostile action eqe) while
# one CQE arrives on an armed CQ.  The seed decides the mutation: a CQ
# number no CQ of the EQ has or a wrong type loses the event, and the
# driver kicks the EQ's CQs (the callback comes, cq_kicks moves); one of
# another armed CQ on the EQ (an en/ CQ) takes the event, no callback;
# a sub-type change loses nothing.  Whichever: after a poll the next arm
# must use the next cmd_sn, so the CQ fires again.  Seeds until a kick.
cq_do create 0 3
cqn=$(cq_get cqn)
kicked=0 stolen=0
for seed in 1 2 3 4 5 6 7 8; do
	c=$(cq_get comp)
	k=$(stat_get "$f" cq_kicks)
	cq_do arm
	ctl_set "$f" hostile_one_in_eqe 1
	ctl_set "$f" hostile_seed "$seed"
	ctl_set "$f" hostile 0x04
	ctl_set "$f" cqe_post "$cqn"
	ctl_set "$f" hostile 0
	ctl_set "$f" hostile_one_in_eqe 0
	[ "$(ctl_get "$f" hostile_hits_eqe)" -ge 1 ] || fail "seed $seed: no EQE mutated"
	if wait_for comp_is $((c + 1)); then
		[ "$(stat_get "$f" cq_kicks)" -gt "$k" ] && kicked=$((kicked + 1))
	else
		stolen=$((stolen + 1))
	fi
	cq_do poll
	c=$(cq_get comp)
	cq_do arm
	ctl_set "$f" cqe_post "$cqn"
	wait_for comp_is $((c + 1)) ||
		fail "seed $seed: the CQ never fired again (kicks $(stat_get "$f" cq_kicks), lost events $kicked, taken $stolen)"
	cq_do poll
	[ "$kicked" -ge 1 ] && break
done
[ "$kicked" -ge 1 ] || fail "no seed of 1..$seed lost a completion event"
log "completion events lost to mutated EQEs (seeds 1..$seed): $kicked kicked the EQ's CQs, $stolen taken by another CQ; the CQ fired again each time"

# Leave a CQ for remove to tear down.
cq_do destroy
cq_do create 0 3
rmmod cx4
assert_device_clean
log "CQ create/arm/poll/moderate/error/destroy through the core API"

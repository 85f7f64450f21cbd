#!/bin/bash
# vm: --nics 2 --smp 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# MSI-X vectors and EQs: each function gets a control vector and one
# completion vector per CPU, named cx4-<bdf>-ctrl / cx4-<bdf>-comp<N>;
# events generated on each EQ (GEN_EQE through debugfs gen_eqe) raise that
# EQ's vector in /proc/interrupts and are counted by the driver, with no
# EQE rejected.  Then invalid EQEs (unknown type, event on the wrong kind
# of EQ, port out of range) are each counted and logged, and nothing else
# happens.
. "$(dirname "$0")/lib.sh"

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"
ncpu=$(nproc)
per_eq=5

insmod "$KO"
for f in "${fns[@]}"; do
	cx4_bound "$f" || fail "$f not bound"
	[ "$(stat_get "$f" cmd_event_mode)" = 1 ] || fail "$f: command interface not in event mode"
	ncomp=$(grep -c '^eq_comp' "$(cx4_dbg "$f")/stats")
	[ "$ncomp" = "$ncpu" ] || fail "$f: $ncomp completion EQs for $ncpu CPUs"
	names=("cx4-$f-ctrl")
	for i in $(seq 0 $((ncomp - 1))); do
		names+=("cx4-$f-comp$i")
	done
	for idx in "${!names[@]}"; do
		name=${names[$idx]}
		stat=eq_ctrl
		[ "$idx" = 0 ] || stat=eq_comp$((idx - 1))
		irq_before=$(irq_count "$name")
		[ -n "$irq_before" ] || fail "$f: no IRQ named $name"
		ev_before=$(stat_get "$f" "$stat")
		for _ in $(seq $per_eq); do
			echo "$idx" > "$(cx4_dbg "$f")/gen_eqe" || fail "$f: gen_eqe $idx failed"
		done
		irq_after=$(irq_count "$name")
		ev_after=$(stat_get "$f" "$stat")
		[ $((irq_after - irq_before)) -ge $per_eq ] ||
			fail "$f: $name went from $irq_before to $irq_after interrupts after $per_eq events"
		[ $((ev_after - ev_before)) -ge $per_eq ] ||
			fail "$f: $stat went from $ev_before to $ev_after after $per_eq events"
		log "$name: interrupts $irq_before -> $irq_after, EQEs $ev_before -> $ev_after"
	done
	[ "$(stat_get "$f" bad_eqes)" = 0 ] || fail "$f: EQEs rejected"
	[ "$(stat_get "$f" port_events)" -ge $per_eq ] || fail "$f: port events not seen"
	[ "$(stat_get "$f" comp_no_cq)" -ge $((per_eq * ncomp)) ] ||
		fail "$f: completion events not seen"

	# Device misbehaviour is logged through a per-function rate limit
	# (5 s window, burst 10) that the completion events for unknown CQs
	# above have used: let the window pass so that each bad EQE below
	# must be logged.
	sleep 6
	before=$(dmesg_count "cx4 $f: EQ [0-9]+: .*(rejected|command completion for slots)")
	# (CQ numbers and command vectors cannot be out of range here: the
	# device has 2^24 CQs and 32 command slots; KUnit covers those.)
	bad=(
		"0 0x55 0"		# unknown event type
		"1 0x55 0"		# unknown event type, completion EQ
		"0 0x0 0"		# completion event on the control EQ
		"1 0xa 1"		# command completion on a completion EQ
		"1 0xb 5"		# page request on a completion EQ
		"0 0x9 7"		# port out of range
	)
	for e in "${bad[@]}"; do
		echo "$e" > "$(cx4_dbg "$f")/gen_eqe" || fail "$f: gen_eqe '$e' failed"
	done
	[ "$(stat_get "$f" bad_eqes)" = ${#bad[@]} ] ||
		fail "$f: $(stat_get "$f" bad_eqes) bad EQEs counted, ${#bad[@]} generated"
	after=$(dmesg_count "cx4 $f: EQ [0-9]+: .*(rejected|command completion for slots)")
	[ $((after - before)) = ${#bad[@]} ] || fail "$f: $((after - before)) bad EQEs logged"
	echo 50 > "$(cx4_dbg "$f")/nop_storm" || fail "$f: commands fail after bad EQEs"
done
rmmod cx4
assert_device_clean
for f in "${fns[@]}"; do
	! grep -q "cx4-$f-" /proc/interrupts || fail "$f: IRQs left after rmmod"
done
log "every EQ's vector fires on its events, bad EQEs are rejected, on ${#fns[@]} functions"

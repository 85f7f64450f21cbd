#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Link state and permanent MAC (QUERY_VPORT_STATE, QUERY_NIC_VPORT_CONTEXT
# at probe) and port state change events: each function's one-line probe
# summary shows the device's MAC (the mac property tools/testing/vm
# sets, one per function: lib.sh fn_mac) and link up.  Flapping the link through the debug page's
# LINK register logs link down then link up once each and moves the
# driver's port event counters; link 0 logs down, link 1 up, and the
# cached state follows.  No EQE is rejected.  Sub-type 0x5 (and an
# unknown sub-type, which is rejected) make the driver re-query the state.
# The cable (issue 21): functions 0 and 1 are cabled, so a port that is
# administratively down (ip link set B down: PAOS) or unplugged (LINK 0)
# takes the link down at both ends, each with its port state change event:
# A loses its carrier and gets it back when B is up again.  (The LINK
# flaps of the first part flap the far end too; its counts are relative.)
. "$(dirname "$0")/lib.sh"

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"

link_logs() {
	dmesg_count "cx4 $1: port 1: link $2\$"
}

# $1 function, $2 expected link_up (0/1), $3/$4 expected down/up log counts.
link_settled() {
	[ "$(stat_get "$1" link_up)" = "$2" ] &&
		[ "$(link_logs "$1" down)" = "$3" ] &&
		[ "$(link_logs "$1" up)" = "$4" ]
}

insmod "$KO"
for f in "${fns[@]}"; do
	cx4_bound "$f" || fail "$f not bound"
	MAC=$(fn_mac "$f")
	summary=$(dmesg | grep -E "cx4 $f: firmware .*, MAC " | tail -n 1)
	[ -n "$summary" ] || fail "$f: no probe summary"
	[[ $summary == *", MAC $MAC, link up" ]] ||
		fail "$f: summary does not end with MAC $MAC, link up: $summary"
	[ "$(ctl_get "$f" link)" = 1 ] || fail "$f: device link not up"
	[ "$(stat_get "$f" link_up)" = 1 ] || fail "$f: driver link state not up"
	log "$f: ${summary##*, MAC }"

	down=$(link_logs "$f" down)
	up=$(link_logs "$f" up)
	events=$(stat_get "$f" port_events)
	pdowns=$(stat_get "$f" port_link_downs)
	pups=$(stat_get "$f" port_link_ups)

	ctl_set "$f" link 2
	wait_for link_settled "$f" 1 $((down + 1)) $((up + 1)) ||
		fail "$f: flap: link_up $(stat_get "$f" link_up), $(link_logs "$f" down) down / $(link_logs "$f" up) up logs (had $down / $up)"
	[ "$(stat_get "$f" port_events)" = $((events + 2)) ] ||
		fail "$f: flap: port_events $events -> $(stat_get "$f" port_events)"
	[ "$(stat_get "$f" port_link_downs)" = $((pdowns + 1)) ] || fail "$f: flap: link down not counted"
	[ "$(stat_get "$f" port_link_ups)" = $((pups + 1)) ] || fail "$f: flap: link up not counted"
	log "$f: flap logged down and up, port_events $events -> $((events + 2))"

	ctl_set "$f" link 0
	wait_for link_settled "$f" 0 $((down + 2)) $((up + 1)) ||
		fail "$f: link 0: link_up $(stat_get "$f" link_up), $(link_logs "$f" down) down logs"
	[ "$(ctl_get "$f" link)" = 0 ] || fail "$f: device link not down"
	[ "$(stat_get "$f" port_link_downs)" = $((pdowns + 2)) ] || fail "$f: link 0: down not counted"

	ctl_set "$f" link 1
	wait_for link_settled "$f" 1 $((down + 2)) $((up + 2)) ||
		fail "$f: link 1: link_up $(stat_get "$f" link_up), $(link_logs "$f" up) up logs"
	[ "$(stat_get "$f" port_link_ups)" = $((pups + 2)) ] || fail "$f: link 1: up not counted"
	[ "$(stat_get "$f" port_events)" = $((events + 4)) ] ||
		fail "$f: port_events $events -> $(stat_get "$f" port_events) after 4 changes"
	[ "$(stat_get "$f" bad_eqes)" = 0 ] || fail "$f: EQEs rejected"
	log "$f: link 0 logged down, link 1 logged up"
done

# GEN_EQE through debugfs posts sub-type 0x5 (changed, new state not
# given): counted, the state re-read (still up), nothing rejected.
f=${fns[0]}
other=$(stat_get "$f" port_other_events)
other_counted() {
	[ "$(stat_get "$f" port_other_events)" = $((other + 1)) ]
}
echo "0 0x9 1" > "$(cx4_dbg "$f")/gen_eqe" || fail "$f: gen_eqe failed"
wait_for other_counted || fail "$f: sub-type 0x5 event not counted"
[ "$(stat_get "$f" link_up)" = 1 ] || fail "$f: sub-type 0x5 changed the link state"
[ "$(stat_get "$f" bad_eqes)" = 0 ] || fail "$f: sub-type 0x5 event rejected"

# Sub-type 0x5 makes the driver read the state again (QUERY_VPORT_STATE
# from a work item): a down event the device did not mean (GEN_EQE
# sub-type 0x1 while its link is up) is corrected by a following 0x5.
link_is() {
	[ "$(stat_get "$f" link_up)" = "$1" ]
}
requeried() {
	[ "$(stat_get "$f" port_requeries)" -ge "$1" ] && link_is "$2"
}
req=$(stat_get "$f" port_requeries)
[ "$req" -ge 1 ] || fail "$f: sub-type 0x5 did not re-query the state"
echo "0 0x9 $((0x101))" > "$(cx4_dbg "$f")/gen_eqe" || fail "$f: gen_eqe down failed"
wait_for link_is 0 || fail "$f: generated link down not applied"
[ "$(ctl_get "$f" link)" = 1 ] || fail "$f: device link changed"
echo "0 0x9 1" > "$(cx4_dbg "$f")/gen_eqe" || fail "$f: gen_eqe 0x5 failed"
wait_for requeried $((req + 1)) 1 || fail "$f: 0x5 re-query did not restore link up (requeries $(stat_get "$f" port_requeries), link_up $(stat_get "$f" link_up))"
log "$f: sub-type 0x5 re-queried the vport state: link up again"

# A sub-type Table 88 does not list: rejected (counted once) and re-queried.
echo "0 0x9 $((0x701))" > "$(cx4_dbg "$f")/gen_eqe" || fail "$f: gen_eqe 0x7 failed"
wait_for requeried $((req + 2)) 1 || fail "$f: unknown sub-type not re-queried"
[ "$(stat_get "$f" bad_eqes)" = 1 ] || fail "$f: unknown sub-type: bad_eqes $(stat_get "$f" bad_eqes), expected 1"
[ "$(dmesg_count "cx4 $f: EQ [0-9]+: EQE .* port state change sub-type unknown")" = 1 ] ||
	fail "$f: unknown sub-type not logged"

# --- the cable: both ends lose the link (issue 21) ---
[ ${#fns[@]} -ge 2 ] || fail "the cable section needs two cabled functions"
fa=${fns[0]} fb=${fns[1]}
na=$(netdev_of "$fa") || fail "$fa: no netdev"
nb=$(netdev_of "$fb") || fail "$fb: no netdev"
carrier_of() {
	[ "$(cat "/sys/class/net/$1/carrier" 2> /dev/null)" = "$2" ]
}
# $1 function, $2 counter, $3 value
stat_is() {
	[ "$(stat_get "$1" "$2")" = "$3" ]
}
ip link set "$na" up
ip link set "$nb" up
wait_for carrier_of "$na" 1 || fail "$na: no carrier after up"
wait_for carrier_of "$nb" 1 || fail "$nb: no carrier after up"
adowns=$(stat_get "$fa" port_link_downs)
aups=$(stat_get "$fa" port_link_ups)
abad=$(stat_get "$fa" bad_eqes)	# 1: the unknown sub-type above

# B administratively down: A's port stays enabled but loses the link.
ip link set "$nb" down
wait_for carrier_of "$na" 0 || fail "$na: carrier stays up with $nb (its cabled peer) down"
wait_for stat_is "$fa" port_link_downs $((adowns + 1)) ||
	fail "$fa: no port down event with $nb down (port_link_downs $(stat_get "$fa" port_link_downs), had $adowns)"
st=$(ctl_get "$fa" port_state)
[ $((st & 1)) = 0 ] || fail "$fa: device says operational with $nb down (port_state $st)"
[ $((st >> 8 & 15)) = 1 ] || fail "$fa: PAOS admin_status not up (port_state $st)"
[ $((st >> 30 & 1)) = 0 ] || fail "$fa: far end signal with $nb down (port_state $st)"
log "$nb down (PAOS): $na lost its carrier, $fa counted a port down event"
ip link set "$nb" up
wait_for carrier_of "$na" 1 || fail "$na: no carrier with $nb up again"
wait_for carrier_of "$nb" 1 || fail "$nb: no carrier after up again"
wait_for stat_is "$fa" port_link_ups $((aups + 1)) ||
	fail "$fa: no port up event with $nb up (port_link_ups $(stat_get "$fa" port_link_ups), had $aups)"
log "$nb up: carrier back on both ends"

# B's cable out: both ends down; in: both up.
ctl_set "$fb" link 0
wait_for carrier_of "$na" 0 || fail "$na: carrier stays up with $fb's cable out"
wait_for carrier_of "$nb" 0 || fail "$nb: carrier stays up with its cable out"
[ "$(ctl_get "$fa" link)" = 1 ] || fail "$fa: its own cable went out"
ctl_set "$fb" link 1
wait_for carrier_of "$na" 1 || fail "$na: no carrier with $fb's cable back"
wait_for carrier_of "$nb" 1 || fail "$nb: no carrier with its cable back"
[ "$(stat_get "$fa" bad_eqes)" = "$abad" ] || fail "$fa: EQEs rejected"
log "$fb cable out/in: carrier down and up on both ends"
ip link set "$na" down
ip link set "$nb" down

rmmod cx4
assert_device_clean
log "MAC and link state read at probe, link changes logged once each, on ${#fns[@]} functions; a port down or unplugged takes the link down at both cabled ends"

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# ethtool ntuple flow rules (en/ntuple.c; PRM 7.11): on cx4b (two
# channels) a udp4 rule to queue 1 and one to queue 0 take every flow of
# their destination port, whatever its source port, to that RX queue
# (rxN_packets), an ip4 rule on the protocol (ICMP) takes the pings; a
# drop rule (action -1) drops, each frame counted by the device
# (rx_flow_drops, flow action DROP); ethtool -n lists exactly the rules.  Refused with their errno, nothing added: what cx4 does not
# match (sctp4, ip4 l4data: EOPNOTSUPP), an RSS context that does not
# exist (ENOENT; rules into contexts: rss_ctx.sh), a
# queue beyond the channels and a location beyond the 128-rule table
# (EINVAL), a location taken (EEXIST).  ethtool -L below a rule's queue
# is refused; the rules survive down/up, an MTU change, a ring change
# and -L to one channel (without the queue-1 rule), and keep steering.
# ntuple off keeps the rules but takes them out of the device (the drop
# port passes), refuses new ones, on applies them again.  A rule entry
# or an "ntuple on" the device refuses (fail_opcode knob) leaves no
# group, TIR or entry behind and changes nothing.  Deleting the
# queue-1 rule gives its port back to RSS: its flows spread over both
# queues.  The device counts no guest error.
#
# Bounded by counts: 19 batches of $PER datagrams over $FLOWS flows
# (one of 16 flows) and 20 pings, about 55 ethtool calls.  On the 2-core
# machine (2026-11-27): 87 s alone in its VM (the group 134 s with boot
# and kmemleak), 109 s beside one other VM, 178 s with two others
# running; mostly program starts (ethtool, ip: 0.5-1.4 s each under
# load).
. "$(dirname "$0")/lib.sh"

FLOWS=8 PER=5
N=$((FLOWS * PER))
steer_setup_pair
a=$STEER_A b=$STEER_B fb=$DP_FB
nq=$(nsx cx4b ethtool -S "$b" | grep -cE '^ +rx[0-9]+_packets:')
[ "$nq" = 2 ] || fail "$b: $nq RX queues, the test wants 2 (smp 2)"

nsx cx4b ethtool -k "$b" | grep -qx 'ntuple-filters: on' ||
	fail "$b: ntuple-filters not on (and changeable)"

NT_NS=cx4b NT_IF=$b
nt_drops() {
	ctl_get "$fb" rx_flow_drops
}
nt_sender_start cx4a

dropped() {
	send "$1"
	[ "$DROPS" = "$N" ] && [ $((D0 + D1)) -lt $((N / 4)) ] ||
		fail "$2: port $1: device dropped $DROPS, driver received $((D0 + D1)); want $N dropped"
	log "$2: port $1: $DROPS of $N dropped by the device"
}

# refused ERRTEXT ARGS...: ethtool -N ARGS fails with strerror ERRTEXT
# (ethtool 6.1 exits 0 after some refusals: the message is what counts;
# the rule lists checked after show that nothing was added).
refused() {
	local want=$1 out
	shift
	out=$(nt "$@") || true
	[[ $out == *"$want"* ]] || fail "ethtool -N $*: want '$want', got: $out"
	log "refused ($want): $*"
}

# --- rules steer and drop --------------------------------------------------------
out=$(nt flow-type udp4 dst-ip 198.18.0.2 dst-port 7001 action 1) ||
	fail "udp4 rule to queue 1 refused: $out"
[[ $out == *"Added rule with ID 0"* ]] || fail "first rule not at ID 0: $out"
nt flow-type udp4 dst-port 7002 action 0 loc 5 >/dev/null || fail "rule to queue 0 at loc 5 refused"
nt flow-type udp4 dst-port 7003 action -1 loc 127 >/dev/null || fail "drop rule at loc 127 refused"
rules_are 0 5 127
nsx cx4b ethtool -n "$b" rule 0 | grep -q "Action: Direct to queue 1" ||
	fail "rule 0 does not read back as 'Direct to queue 1'"
nsx cx4b ethtool -n "$b" rule 127 | grep -q "Action: Drop" ||
	fail "rule 127 does not read back as 'Drop'"
on_queue 7001 1 "udp4 rule to queue 1"
on_queue 7002 0 "udp4 rule to queue 0"
dropped 7003 "drop rule"
# ip4 (IP_USER_FLOW): ICMP from cx4a to queue 1.
nt flow-type ip4 src-ip 198.18.0.1 l4proto 1 action 1 loc 20 >/dev/null || true
rules_are 0 5 20 127
read -r q0 q1 < <(nt_rxq)
nsx cx4a busybox ping -c 20 -A -W 5 198.18.0.2 >/dev/null || fail "ping a -> b"
read -r r0 r1 < <(nt_rxq)
[ $((r1 - q1)) -ge 20 ] && [ $((r0 - q0)) -lt 5 ] ||
	fail "ip4 icmp rule: queue 0 got $((r0 - q0)), queue 1 got $((r1 - q1)); want 20 on queue 1"
log "ip4 icmp rule: $((r1 - q1)) pings on queue 1"
nt delete 20 >/dev/null || fail "delete 20 refused"

# --- refused rules ---------------------------------------------------------------
refused "Operation not supported" flow-type ip4 dst-ip 198.18.0.2 l4data 0x1234 action 1
refused "Operation not supported" flow-type sctp4 dst-port 7 action 1
refused "No such file or directory" flow-type udp4 dst-port 7 action 0 context 1
refused "Invalid argument" flow-type udp4 dst-port 7 action 2
refused "Invalid argument" flow-type udp4 dst-port 7 action 0 loc 128
refused "File exists" flow-type udp4 dst-port 7 action 0 loc 5
rules_are 0 5 127

# --- the device refuses: nothing left half made ----------------------------------
# SET_FLOW_TABLE_ENTRY (0x936) failed once by the knob: the rule's flow
# group goes again (else the same rule would then meet an overlapping
# group: a guest error) and so does its hold on the queue's direct TIR
# (else the TIR would outlive its RQ: a guest error at close), the rule
# is not listed; the same rule is taken afterwards.  Then ntuple on with the first entry refused: no
# rule applied, the flag stays off, the next "on" applies them all.
ctl_set "$fb" fail_opcode 0x936
nt flow-type udp4 dst-port 7004 action 1 loc 9 >/dev/null || true
[ "$(ctl_get "$fb" fail_opcode)" = 0 ] || fail "the SET_FLOW_TABLE_ENTRY failure was never injected"
rules_are 0 5 127
nt flow-type udp4 dst-port 7004 action 1 loc 9 >/dev/null || true
rules_are 0 5 9 127
on_queue 7004 1 "after a refused entry, the same rule"
nt delete 9 >/dev/null || fail "delete 9 refused"
dp_features cx4b "$b" ntuple off
ctl_set "$fb" fail_opcode 0x936
nsx cx4b ethtool -K "$b" ntuple on 2>/dev/null || true
[ "$(ctl_get "$fb" fail_opcode)" = 0 ] || fail "the SET_FLOW_TABLE_ENTRY failure was never injected"
# ethtool -k: "off [requested on]"
nsx cx4b ethtool -k "$b" | grep -q '^ntuple-filters: off' ||
	fail "ntuple on with a refused entry: the flag changed"
send 7003
[ "$DROPS" = 0 ] || fail "ntuple on refused, yet the drop rule dropped $DROPS"
# The request stands: off, then on again, to make the stack call in.
dp_features cx4b "$b" ntuple off
dp_features cx4b "$b" ntuple on
dropped 7003 "ntuple on after a refused one"

# --- -L below a rule's queue -------------------------------------------------------
if nsx cx4b ethtool -L "$b" combined 1 2>/tmp/cx4-nt.err; then
	fail "ethtool -L combined 1 accepted with a rule to queue 1"
fi
log "-L combined 1 refused: $(cat /tmp/cx4-nt.err)"
nsx cx4b ethtool -l "$b" | tail -n 2 | grep -q "Combined:.*2" ||
	fail "channel count changed by a refused -L"

# --- the rules survive reconfiguration -----------------------------------------
ip -n cx4b -batch - <<-EOF || fail "$b: down/up failed"
	link set $b down
	link set $b up
EOF
WAIT_SECS=30 wait_for carrier cx4b "$b" || fail "$b: no carrier after up"
rules_are 0 5 127
on_queue 7001 1 "after down/up"
nsx cx4b ip link set "$b" mtu 9000 || fail "$b: MTU 9000 refused"
on_queue 7001 1 "after MTU 9000"
dropped 7003 "after MTU 9000"
nsx cx4b ip link set "$b" mtu 1500 || fail "$b: MTU 1500 refused"
nsx cx4b ethtool -G "$b" rx 512 || fail "$b: ethtool -G rx 512 refused"
on_queue 7001 1 "after -G rx 512"

# --- ntuple off / on ------------------------------------------------------------
dp_features cx4b "$b" ntuple off
rules_are 0 5 127
send 7003
[ "$DROPS" = 0 ] && [ $((D0 + D1)) -ge "$N" ] ||
	fail "ntuple off: port 7003 dropped $DROPS, received $((D0 + D1)); want all received"
log "ntuple off: rules kept, not applied (port 7003 passes)"
refused "Operation not supported" flow-type udp4 dst-port 7 action 0
dp_features cx4b "$b" ntuple on
dropped 7003 "ntuple on again"

# --- delete: the port goes back to RSS; -L with the queue-1 rule gone ------------
out=$(nt delete 0) || fail "delete 0 refused: $out"
rules_are 5 127
FLOWS=16 N=$((16 * PER))
send 7001
[ "$D0" -gt 0 ] && [ "$D1" -gt 0 ] && [ $((D0 + D1)) -ge "$N" ] ||
	fail "after delete: port 7001 queue 0 got $D0, queue 1 got $D1; want RSS over both"
log "after delete: port 7001 spread by RSS: $D0 / $D1"
FLOWS=8 N=$((8 * PER))
nsx cx4b ethtool -L "$b" combined 1 || fail "-L combined 1 refused without a queue-1 rule"
on_queue 7002 0 "one channel"
dropped 7003 "one channel"
nsx cx4b ethtool -L "$b" combined 2 || fail "-L combined 2 refused"
rules_are 5 127
refused "No such file or directory" delete 0
nt delete 5 >/dev/null && nt delete 127 >/dev/null || fail "delete 5, 127 refused"
nsx cx4b ethtool -n "$b" | grep -q "Total 0 rules" || fail "rules left after deleting all"

nt_sender_stop
steer_finish

#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# ntuple.sh's checks against Debian's mlx5_core on the same emulated
# device, where the two drivers are meant to agree: a udp4 rule to queue
# 1 and one to queue 0 take every flow of their port to that RX queue
# (rxN_packets), a drop rule drops (rx_steer_missed_packets, the vNIC
# environment's steering discards), ethtool -n lists the rules, a queue
# beyond the channels is refused with EINVAL, ethtool -L below a rule's
# queue is refused, the rules survive down/up, delete gives the port
# back, a missing rule is ENOENT.  Where mlx5_core answers otherwise
# (documented in Documentation/ethtool.md, "ntuple flow rules") the test
# prints its answer instead of asserting: the ntuple flag (aRFS there,
# off by default), an ip4 rule (both drivers take it), sctp4, a location
# taken (mlx5 replaces the rule) or beyond its table, ntuple off with
# rules, RSS contexts (a context, rules into it, deleting it).  The
# device counts no guest error and no model limitation.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"

FLOWS=8 PER=5
N=$((FLOWS * PER))
dmesg -C
echo 1 > /sys/bus/auxiliary/drivers_autoprobe
pair_up mlx5
a=$PAIR_A b=$PAIR_B
nq=$(nsx mlx5b ethtool -S "$b" | grep -cE '^ +rx[0-9]+_packets:')
[ "$nq" = 2 ] || fail "$b: $nq RX queues, the test wants 2"
log "mlx5: $(nsx mlx5b ethtool -k "$b" | grep ntuple)"

NT_NS=mlx5b NT_IF=$b NT_SETTLE=2
# The drops: mlx5e's vNIC counter of steering discards.
nt_drops() {
	dp_stat mlx5b "$b" rx_steer_missed_packets
}
nt_sender_start mlx5a

# answer ARGS...: what mlx5_core says to ethtool -N ARGS (printed; ethtool
# 6.1 exits 0 after some refusals, its message is the answer).
answer() {
	local out rc=0
	out=$(nt "$@") || rc=$?
	log "mlx5: ethtool -N $*: ${out:-(no message)} (exit $rc)"
}

nt flow-type udp4 dst-ip 198.18.0.2 dst-port 7001 action 1 loc 0 >/dev/null ||
	fail "udp4 rule to queue 1 refused"
nt flow-type udp4 dst-port 7002 action 0 loc 5 >/dev/null || fail "rule to queue 0 refused"
nt flow-type udp4 dst-port 7003 action -1 loc 127 >/dev/null || fail "drop rule refused"
rules_are 0 5 127
on_queue 7001 1 "udp4 rule to queue 1"
on_queue 7002 0 "udp4 rule to queue 0"
send 7003
[ "$DROPS" -ge "$N" ] && [ $((D0 + D1)) -lt $((N / 4)) ] ||
	fail "drop rule: $DROPS steering discards, $((D0 + D1)) received; want $N dropped"
log "drop rule: $DROPS steering discards"

out=$(nt flow-type udp4 dst-port 7 action 2 loc 12) || true
[[ $out == *"Invalid argument"* ]] || fail "queue 2 of 2: $out"
answer flow-type ip4 dst-ip 198.18.0.9 action 1 loc 9
answer flow-type sctp4 dst-port 7 action 1 loc 10
answer flow-type udp4 dst-port 7 action 0 loc 1024
answer flow-type udp4 dst-port 7 action 0 loc 5
answer flow-type udp4 dst-port 7 action 0 context 1 loc 11
log "mlx5 rules now: $(nsx mlx5b ethtool -n "$b" | awk '/^Filter:/ { printf "%s ", $2 }')"
# RSS contexts (checked under cx4 by rss_ctx.sh): mlx5e's answers, printed.
out=$(nsx mlx5b ethtool -X "$b" context new equal 1 2>&1) || true
log "mlx5: ethtool -X context new equal 1: $out"
if [[ $out =~ New\ RSS\ context\ is\ ([0-9]+) ]]; then
	c=${BASH_REMATCH[1]}
	log "mlx5: ethtool -x context $c: $(nsx mlx5b ethtool -x "$b" context "$c" 2>&1 | grep -cE '^ *[0-9]+: +0 +0 +0 +0 +0 +0 +0 +0') table rows of 8 entries all on queue 0 (mlx5e: 256 entries)"
	answer flow-type udp4 dst-port 7004 context "$c" loc 13
	answer flow-type ether proto 0x88b5 context "$c" loc 14
	answer flow-type udp4 dst-port 7 context 9 loc 15
	send 7004
	log "mlx5: port 7004 into context $c: queue 0 got $D0, queue 1 got $D1"
	out=$(nsx mlx5b ethtool -X "$b" context "$c" delete 2>&1) && out="accepted $out"
	log "mlx5: ethtool -X context $c delete with a rule into it: $out"
	nt delete 13 >/dev/null 2>&1 || true
	nt delete 14 >/dev/null 2>&1 || true
	nt delete 15 >/dev/null 2>&1 || true
	nsx mlx5b ethtool -X "$b" context "$c" delete >/dev/null 2>&1 || true
fi
nt delete 9 >/dev/null 2>&1 || true
nt delete 10 >/dev/null 2>&1 || true
nt delete 11 >/dev/null 2>&1 || true
nt delete 5 >/dev/null || fail "delete 5 refused"
nt flow-type udp4 dst-port 7002 action 0 loc 5 >/dev/null || fail "rule to queue 0 refused again"
rules_are 0 5 127

nsx mlx5b ethtool -L "$b" combined 1 2>/dev/null &&
	fail "ethtool -L combined 1 accepted with a rule to queue 1"
ip -n mlx5b -batch - <<-EOF || fail "$b: down/up failed"
	link set $b down
	link set $b up
EOF
WAIT_SECS=30 wait_for carrier mlx5b "$b" || fail "$b: no carrier after up"
rules_are 0 5 127
on_queue 7001 1 "after down/up"
if nsx mlx5b ethtool -K "$b" ntuple off 2>/dev/null; then
	send 7003
	log "mlx5 ntuple off with rules: accepted; port 7003 then: $DROPS discards, $((D0 + D1)) received"
	nsx mlx5b ethtool -K "$b" ntuple on 2>/dev/null || true
else
	log "mlx5 ntuple off with rules: refused"
fi
nt delete 0 >/dev/null || fail "delete 0 refused"
out=$(nt delete 0) || true
[[ $out == *"No such file or directory"* ]] || log "mlx5 delete of a missing rule: $out"
nt delete 5 >/dev/null && nt delete 127 >/dev/null || fail "delete 5, 127 refused"
rules_are

nt_sender_stop
pair_cleanup
# The refusals above are logged by mlx5e as errors: not the driver's fault.
dmesg -C
mlx5_remove

#!/bin/bash
# vm: --nics 2 --smp 4 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# RSS (PRM 3.3.3): with four channels, the receiver's indirect TIRs hash
# with Toeplitz over the configured key and the RQT spreads by the
# indirection table.  A known key is set with ethtool -X; UDP/IPv4,
# UDP/IPv6 and TCP/IPv4 flows are sent one at a time and each must land,
# whole, on the queue tools/testing/lib/rss_check.py computes from the
# key and table read back with ethtool -x, with at least four queues used.
# Then a new key and a table without queue 0 (MODIFY_TIR, MODIFY_RQT on
# the live objects): the flows follow, none reaches queue 0.  ethtool -X
# with an entry beyond the channels is refused.
#
# Hash control (ethtool -N rx-flow-hash, -X hfunc): "udp4 sd" hashes
# only the addresses, so UDP/IPv4 flows differing only in their ports all
# land on the one queue rss_check.py computes from the addresses; "udp6
# sdf" leaves the destination port out; tcp4 keeps its four fields;
# refused selections change nothing.  "hfunc xor" makes every flow land
# on its inverted-XOR8 queue; both settings survive down/up.
#
# msglevel round-trip, and the link/ifup/ifdown messages follow it.
# Self-test (ethtool -t): every test passes online and offline (the
# offline loopback frames arrive on queue 0 through the direct TIR); an
# injected MODIFY_TIR failure fails the loopback test only, dropped
# command completion events fail the interrupt test only.
. "$(dirname "$0")/lib.sh"

CHECK=$(dirname "$0")/../lib/rss_check.py
# Microsoft's RSS verification key.
KEY1=6d:5a:56:da:25:5b:0e:c2:41:67:25:3d:43:a3:8f:b0:d0:ca:2b:cb:ae:7b:30:b4:77:cb:2d:a3:80:30:f2:0c:6a:42:b7:3b:be:ac:01:fa
KEY2=3c:11:a5:07:9e:42:d1:88:5f:60:2b:c4:97:1d:e3:06:7a:b5:48:f2:0d:93:6e:c1:24:58:bb:0f:e7:32:91:4d:a6:1e:05:cc:73:8a:f4:29

steer_setup_pair
a=$STEER_A b=$STEER_B
nq=$(nsx cx4b ethtool -S "$b" | grep -cE '^ +rx[0-9]+_packets:')
[ "$nq" -ge 4 ] || fail "$b: $nq RX queues, the test needs 4 (smp 4)"
nsx cx4b ethtool -x "$b" | grep -q "with $nq RX ring" ||
	fail "$b: ethtool -x does not report $nq rings"

nsx cx4b ethtool -X "$b" hkey "$KEY1" equal "$nq" ||
	fail "$b: ethtool -X hkey refused"
nsx cx4b ethtool -x "$b" | grep -q "${KEY1}" ||
	fail "$b: key not read back"
timeout 600 python3 -S "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:6,udp6:3,tcp4:3 --port-base 20000 --min-queues 4 ||
	fail "RSS does not follow the Toeplitz hash of key 1"
log "12 flows on their Toeplitz queues (key 1, equal table)"

# New key and a table that leaves queue 0 out, while the port is up.
nsx cx4b ethtool -X "$b" hkey "$KEY2" weight 0 1 1 1 ||
	fail "$b: ethtool -X hkey/weight refused"
nsx cx4b ethtool -x "$b" | grep -q "${KEY2}" ||
	fail "$b: key 2 not read back"
timeout 600 python3 -S "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:10,udp6:3,tcp4:3 --port-base 30000 --min-queues 3 \
	--forbid-queue 0 ||
	fail "RSS does not follow key 2 / the new table"
log "16 flows follow the new key and table, none on queue 0"

# Down/up keeps the configuration (built again on open).
nsx cx4b busybox ip link set "$b" down
nsx cx4b busybox ip link set "$b" up
wait_for carrier cx4b "$b" || fail "$b: no carrier after down/up"
nsx cx4b ethtool -x "$b" | grep -q "${KEY2}" ||
	fail "$b: key lost over down/up"
timeout 600 python3 -S "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:6 --port-base 40000 --min-queues 2 --forbid-queue 0 ||
	fail "RSS configuration not restored after down/up"
log "configuration kept over down/up"

# An indirection entry beyond the channels is refused.
if nsx cx4b ethtool -X "$b" equal $((nq + 1)) 2>/dev/null; then
	fail "$b: ethtool -X equal $((nq + 1)) accepted with $nq channels"
fi


# --- hash field selection (ethtool -N rx-flow-hash) ---
fb=$DP_FB
nsb() { nsx cx4b "$@"; }
# The fields ethtool -n lists for flow type $1, as rx-flow-hash letters.
hash_fields() {
	nsb ethtool -n "$b" rx-flow-hash "$1" | awk '
		/^IP SA/ { f = f "s" } /^IP DA/ { f = f "d" }
		/^L4 bytes 0 & 1/ { f = f "f" } /^L4 bytes 2 & 3/ { f = f "n" }
		END { print f }'
}
no_carrier() {
	! carrier "$@"
}
rss_check() {
	timeout 600 python3 -S "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" "$@"
}
# ethtool -N rx-flow-hash $1 $2 must be refused (ethtool 6.1 exits 0 on
# a refused rx-flow-hash: its error message tells).
hash_refused() {
	local out
	out=$(nsb ethtool -N "$b" rx-flow-hash "$1" "$2" 2>&1) || return 0
	grep -q "Cannot change" <<<"$out"
}

nsb ethtool -X "$b" hkey "$KEY1" equal "$nq" || fail "$b: ethtool -X equal refused"
for t in tcp4 udp4 tcp6 udp6; do
	[ "$(hash_fields $t)" = sdfn ] || fail "$b: $t hashes '$(hash_fields $t)', want sdfn"
done
nsb ethtool -N "$b" rx-flow-hash udp4 sd || fail "$b: -N udp4 sd refused"
nsb ethtool -N "$b" rx-flow-hash udp6 sdf || fail "$b: -N udp6 sdf refused"
[ "$(hash_fields udp4)" = sd ] || fail "$b: udp4 reads back '$(hash_fields udp4)'"
[ "$(hash_fields udp6)" = sdf ] || fail "$b: udp6 reads back '$(hash_fields udp6)'"
[ "$(hash_fields tcp4)" = sdfn ] || fail "$b: tcp4 changed to '$(hash_fields tcp4)'"
rss_check --flows udp4:5 --fields udp4:sd --port-base 21000 \
	--min-queues 1 --max-queues 1 ||
	fail "udp4 flows differing in ports only do not share the address-hash queue"
rss_check --flows udp6:5,tcp4:4 --fields udp6:sdf --port-base 22000 \
	--min-queues 3 || fail "udp6 sdf / tcp4 sdfn flows not on their queues"
log "rx-flow-hash: udp4 by addresses only (one queue), udp6 sdf, tcp4 sdfn"

# Refused: L2 address, VLAN, L3 protocol, an unhashed flow type.
for bad in "udp4 m" "tcp4 v" "tcp6 t" "tcp6 r" "sctp4 sd" "ah4 sd"; do
	# shellcheck disable=SC2086
	hash_refused $bad || fail "$b: rx-flow-hash $bad accepted"
done
[ "$(hash_fields udp4)" = sd ] || fail "$b: a refused -N changed udp4"
[ "$(hash_fields tcp6)" = sdfn ] || fail "$b: a refused -N changed tcp6"

# ip4/ip6 (not in ethtool 6.1's rx-flow-hash names): the SIOCETHTOOL
# ioctl.  rxfh_ip get|set ip4|ip6 [RXH bits]: prints the bits, exit 1 if
# refused.
rxfh_ip() {
	nsb python3 -S -c '
import fcntl, socket, struct, sys, ctypes
op, ft = sys.argv[2], {"ip4": 0x10, "ip6": 0x11}[sys.argv[3]]
cmd = 0x29 if op == "get" else 0x2a		# ETHTOOL_GRXFH / SRXFH
data = int(sys.argv[4], 0) if op == "set" else 0
buf = ctypes.create_string_buffer(struct.pack("=IIQ", cmd, ft, data), 256)
ifr = struct.pack("16sP", sys.argv[1].encode(), ctypes.addressof(buf))
try:
    fcntl.ioctl(socket.socket(), 0x8946, ifr)	# SIOCETHTOOL
except OSError as e:
    sys.exit(f"refused: {e}")
print(hex(struct.unpack_from("=IIQ", buf)[2]))
' "$b" "$@"
}
[ "$(rxfh_ip get ip4)" = 0x30 ] || fail "$b: ip4 hashes $(rxfh_ip get ip4), want 0x30 (sd)"
[ "$(rxfh_ip get ip6)" = 0x30 ] || fail "$b: ip6 hashes $(rxfh_ip get ip6), want 0x30 (sd)"
rxfh_ip set ip4 0x10 >/dev/null || fail "$b: ip4 src-only refused"
[ "$(rxfh_ip get ip4)" = 0x10 ] || fail "$b: ip4 reads back $(rxfh_ip get ip4)"
rxfh_ip set ip6 0xf0 >/dev/null 2>&1 && fail "$b: ports accepted for ip6"
[ "$(rxfh_ip get ip6)" = 0x30 ] || fail "$b: a refused ip6 selection changed it"
rxfh_ip set ip4 0x30 >/dev/null || fail "$b: ip4 sd refused"
nsx cx4a busybox ping -c 1 -W 5 198.18.0.2 >/dev/null ||
	fail "no ping after the ip4 hash changes"
log "ip4/ip6 hash fields through the ioctl: sd default, s set, ports refused"
log "unsupported rx-flow-hash selections refused, nothing changed"

# --- hash function (ethtool -X hfunc) ---
nsb ethtool -x "$b" | grep -qE '^\s*toeplitz: on$' || fail "$b: toeplitz not reported"
nsb ethtool -X "$b" hfunc xor || fail "$b: hfunc xor refused"
nsb ethtool -x "$b" | grep -qE '^\s*xor: on$' || fail "$b: xor not read back"
nsb ethtool -x "$b" | grep -qE '^\s*toeplitz: off$' || fail "$b: toeplitz still on"
rss_check --hfunc xor --flows udp4:2,tcp4:6,udp6:2 --fields udp4:sd,udp6:sdf \
	--port-base 23000 --min-queues 3 ||
	fail "flows not on their inverted-XOR8 queues"
log "hfunc xor: flows on their XOR8 queues"

# Both survive down/up (TIRs built again from the configuration).
nsx cx4b busybox ip link set "$b" down
nsx cx4b busybox ip link set "$b" up
wait_for carrier cx4b "$b" || fail "$b: no carrier after down/up"
nsb ethtool -x "$b" | grep -qE '^\s*xor: on$' || fail "$b: hfunc lost over down/up"
[ "$(hash_fields udp4)" = sd ] || fail "$b: udp4 fields lost over down/up"
rss_check --hfunc xor --flows udp4:1,tcp4:4 --fields udp4:sd \
	--port-base 24000 --min-queues 2 ||
	fail "hash function / fields not restored after down/up"
nsb ethtool -X "$b" hfunc toeplitz || fail "$b: hfunc toeplitz refused"
nsb ethtool -N "$b" rx-flow-hash udp4 sdfn || fail "$b: -N udp4 sdfn refused"
nsb ethtool -N "$b" rx-flow-hash udp6 sdfn || fail "$b: -N udp6 sdfn refused"
nsb ethtool -x "$b" | grep -qE '^\s*toeplitz: on$' || fail "$b: toeplitz not back"
[ "$(hash_fields udp4)$(hash_fields udp6)" = sdfnsdfn ] || fail "$b: sdfn not back"
log "hfunc and fields kept over down/up; Toeplitz and sdfn back"

# --- msglevel ---
lvl=$(nsb ethtool "$b" | sed -n 's/.*Current message level: \(0x[0-9a-f]*\).*/\1/p')
[ $((lvl)) = $((0x20c7)) ] || fail "$b: default msglevel $lvl, want 0x20c7"
nsb ethtool -s "$b" msglvl 0x37 || fail "$b: msglvl 0x37 refused"
lvl=$(nsb ethtool "$b" | sed -n 's/.*Current message level: \(0x[0-9a-f]*\).*/\1/p')
[ $((lvl)) = $((0x37)) ] || fail "$b: msglevel reads back $lvl"
up=$(dmesg_count "$b: up, [0-9]+ channels")
nsx cx4b busybox ip link set "$b" down
nsx cx4b busybox ip link set "$b" up
wait_for carrier cx4b "$b" || fail "$b: no carrier after down/up"
[ "$(dmesg_count "$b: up, [0-9]+ channels")" = $((up + 1)) ] ||
	fail "$b: ifup enabled but no 'up' message"
nsb ethtool -s "$b" msglvl ifup off link off || fail "$b: msglvl off refused"
up=$(dmesg_count "$b: up, [0-9]+ channels")
lk=$(dmesg_count "$b: link (up|down)")
ctl_set "$fb" link 0
wait_for no_carrier cx4b "$b" || fail "$b: carrier stays up with the cable out"
ctl_set "$fb" link 1
wait_for carrier cx4b "$b" || fail "$b: no carrier with the cable back"
nsx cx4b busybox ip link set "$b" down
nsx cx4b busybox ip link set "$b" up
wait_for carrier cx4b "$b" || fail "$b: no carrier after down/up"
[ "$(dmesg_count "$b: up, [0-9]+ channels")" = "$up" ] || fail "$b: ifup message with ifup off"
[ "$(dmesg_count "$b: link (up|down)")" = "$lk" ] || fail "$b: link message with link off"
nsb ethtool -s "$b" msglvl link on || fail "$b: msglvl link on refused"
ctl_set "$fb" link 0
wait_for no_carrier cx4b "$b" || fail "$b: carrier stays up with the cable out"
ctl_set "$fb" link 1
wait_for carrier cx4b "$b" || fail "$b: no carrier with the cable back"
[ "$(dmesg_count "$b: link (up|down)")" = $((lk + 2)) ] ||
	fail "$b: link on but $(($(dmesg_count "$b: link (up|down)") - lk)) link messages, want 2"
nsb ethtool -s "$b" msglvl 0x20c7
log "msglevel round-trip; ifup and link messages follow it"

# --- self-test (ethtool -t) ---
# Result of test "$2" in ethtool -t output $1.
st_result() {
	awk -v t="$2" 'index($0, t) == 1 { print $NF }' <<<"$1"
}
out=$(nsb ethtool -t "$b" online) || fail "$b: online self-test failed: $out"
grep -q 'PASS' <<<"$out" || fail "$b: online self-test not PASS: $out"
for t in "command interface" register link interrupt loopback; do
	[ "$(st_result "$out" "$t")" = 0 ] || fail "$b: '$t' not 0 online: $out"
done
rx0=$(dp_stat cx4b "$b" rx0_packets)
out=$(nsb ethtool -t "$b" offline) || fail "$b: offline self-test failed: $out"
for t in "command interface" register link interrupt loopback; do
	[ "$(st_result "$out" "$t")" = 0 ] || fail "$b: '$t' not 0 offline: $out"
done
got=$(( $(dp_stat cx4b "$b" rx0_packets) - rx0 ))
[ "$got" -ge 16 ] || fail "$b: loopback test passed with $got frames on queue 0"
log "self-test passes online and offline ($got loopback frames on queue 0)"

ctl_set "$fb" fail_opcode 0x901	# MODIFY_TIR: self_lb_en
if out=$(nsb ethtool -t "$b" offline); then
	fail "$b: self-test passed with MODIFY_TIR failing: $out"
fi
[ "$(ctl_get "$fb" fail_opcode)" = 0 ] || fail "$b: MODIFY_TIR failure never injected"
[ "$(st_result "$out" loopback)" = 1 ] || fail "$b: loopback not failed: $out"
[ "$(st_result "$out" interrupt)" = 0 ] || fail "$b: interrupt failed too: $out"
ctl_set "$fb" drop_cmd_events 50
out=$(nsb ethtool -t "$b" online) && fail "$b: self-test passed without events: $out"
ctl_set "$fb" drop_cmd_events 0
[ "$(st_result "$out" interrupt)" = 1 ] || fail "$b: interrupt not failed: $out"
[ "$(st_result "$out" "command interface")" = 0 ] ||
	fail "$b: command test failed by lost events: $out"
out=$(nsb ethtool -t "$b" offline) || fail "$b: self-test fails after the knobs: $out"
# The offline test took the link down and up: carrier back at both ends
# and a's neighbour entry fresh before the flows (a frame sent into the
# flap is lost: 7 of a flow's 8 frames arrived in one make check run).
wait_for carrier cx4b "$b" || fail "$b: no carrier after the offline self-test"
wait_for carrier cx4a "$a" || fail "$a: no carrier after b's offline self-test"
WAIT_SECS=20 wait_for nsx cx4a busybox ping -c 1 -W 2 198.18.0.2 >/dev/null ||
	fail "no ping after the offline self-test"
rss_check --flows udp4:4 --port-base 26000 --min-queues 2 ||
	fail "RSS broken after the self-tests"
log "injected failures fail only their test (loopback, interrupt)"

steer_finish
log "RSS spreads by Toeplitz hash and indirection table"

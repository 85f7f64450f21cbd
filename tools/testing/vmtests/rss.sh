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
. "$(dirname "$0")/lib.sh"

CHECK=$(dirname "$0")/../lib/rss_check.py
# Microsoft's RSS verification key.
KEY1=6d:5a:56:da:25:5b:0e:c2:41:67:25:3d:43:a3:8f:b0:d0:ca:2b:cb:ae:7b:30:b4:77:cb:2d:a3:80:30:f2:0c:6a:42:b7:3b:be:ac:01:fa
KEY2=3c:11:a5:07:9e:42:d1:88:5f:60:2b:c4:97:1d:e3:06:7a:b5:48:f2:0d:93:6e:c1:24:58:bb:0f:e7:32:91:4d:a6:1e:05:cc:73:8a:f4:29

steer_setup_pair
a=$STEER_A b=$STEER_B
nq=$(ip netns exec cx4b ethtool -S "$b" | grep -cE '^ +rx[0-9]+_packets:')
[ "$nq" -ge 4 ] || fail "$b: $nq RX queues, the test needs 4 (smp 4)"
ip netns exec cx4b ethtool -x "$b" | grep -q "with $nq RX ring" ||
	fail "$b: ethtool -x does not report $nq rings"

ip netns exec cx4b ethtool -X "$b" hkey "$KEY1" equal "$nq" ||
	fail "$b: ethtool -X hkey refused"
ip netns exec cx4b ethtool -x "$b" | grep -q "${KEY1}" ||
	fail "$b: key not read back"
timeout 600 python3 "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:24,udp6:8,tcp4:8 --port-base 20000 --min-queues 4 ||
	fail "RSS does not follow the Toeplitz hash of key 1"
log "40 flows on their Toeplitz queues (key 1, equal table)"

# New key and a table that leaves queue 0 out, while the port is up.
ip netns exec cx4b ethtool -X "$b" hkey "$KEY2" weight 0 1 1 1 ||
	fail "$b: ethtool -X hkey/weight refused"
ip netns exec cx4b ethtool -x "$b" | grep -q "${KEY2}" ||
	fail "$b: key 2 not read back"
timeout 600 python3 "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:12,udp6:4,tcp4:4 --port-base 30000 --min-queues 3 \
	--forbid-queue 0 ||
	fail "RSS does not follow key 2 / the new table"
log "20 flows follow the new key and table, none on queue 0"

# Down/up keeps the configuration (built again on open).
ip -n cx4b link set "$b" down
ip -n cx4b link set "$b" up
dp_wait dp_carrier cx4b "$b" || fail "$b: no carrier after down/up"
ip netns exec cx4b ethtool -x "$b" | grep -q "${KEY2}" ||
	fail "$b: key lost over down/up"
timeout 600 python3 "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:8 --port-base 40000 --min-queues 2 --forbid-queue 0 ||
	fail "RSS configuration not restored after down/up"
log "configuration kept over down/up"

# An indirection entry beyond the channels is refused.
if ip netns exec cx4b ethtool -X "$b" equal $((nq + 1)) 2>/dev/null; then
	fail "$b: ethtool -X equal $((nq + 1)) accepted with $nq channels"
fi

steer_finish
log "RSS spreads by Toeplitz hash and indirection table"

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on --timeout 900
# SPDX-License-Identifier: GPL-2.0
#
# Reconfiguration while one iperf3 connection runs (a -> b, for as long
# as the changes take): MTU 1500 -> 9000 -> 4000 -> 1500 on both ends,
# feature toggles (tso, tx, rx, rxvlan, txvlan), ip link down/up of a.
# The connection must survive and move data, a fresh bounded run
# afterwards must too, and every rebuilt channel set
# must have been freed (kmemleak, checked by the runner; page_pool and
# pages back: rmmod and assert_device_clean).  A reconfiguration the
# device refuses (CREATE_SQ failed by the fail_opcode knob) must leave
# the old channels running: MTU unchanged, traffic still flowing.
. "$(dirname "$0")/lib.sh"

BB=busybox
dp_pair_up
a=$DP_A b=$DP_B

both() {
	nsx cx4a busybox ip link set "$a" "$@" || fail "$a: ip link set $* failed"
	nsx cx4b busybox ip link set "$b" "$@" || fail "$b: ip link set $* failed"
}

# One TCP connection carries traffic through every reconfiguration: it
# must still be running when they are done (a reset or a stall that
# iperf3 gives up on ends it early), and b must have received data.  Its
# 300 s only bound it: the changes take about a minute under TCG and the
# connection is stopped as soon as they are done.  Paced at 8 Mbit/s: at
# full speed it took the guest's CPU from the reconfigurations (an MTU
# change took 8-9 s instead of about 2).
out=/mnt/out/iperf-long.json
rx0=$(dp_ifstat cx4b "$b" rx_bytes)
timeout 330 busybox nsenter --net=/run/netns/cx4b iperf3 -s -1 -B 198.18.0.2 >/dev/null 2>&1 &
srv=$!
sleep 1
timeout 320 busybox nsenter --net=/run/netns/cx4a iperf3 -c 198.18.0.2 -t 300 -b 8M \
	--connect-timeout 5000 -J >"$out" 2>&1 &
cli=$!
sleep 2

for mtu in 9000 4000 1500; do
	both mtu "$mtu"
	log "MTU $mtu while iperf3 runs"
	sleep 1
done
for f in tso tx rx rxvlan txvlan; do
	dp_features cx4a "$a" "$f" off
	dp_features cx4b "$b" "$f" off
	nap 0.5
	dp_features cx4a "$a" "$f" on
	dp_features cx4b "$b" "$f" on
	log "$f off/on while iperf3 runs"
done
nsx cx4a busybox ip link set "$a" down
sleep 1
nsx cx4a busybox ip link set "$a" up
wait_for carrier cx4a "$a" || fail "$a: no carrier after down/up"
log "down/up while iperf3 runs"

sleep 1
kill -0 "$cli" 2>/dev/null || { cat "$out" >&2; fail "the iperf3 connection ended during the reconfigurations"; }
kill "$cli" "$srv" 2>/dev/null
wait "$cli" "$srv" 2>/dev/null || true
n=$(($(dp_ifstat cx4b "$b" rx_bytes) - rx0))
log "long run: $n bytes received through the reconfigurations"
[ "$n" -gt $((1 << 20)) ] || fail "long run moved only $n bytes"

n=$(dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M)
log "fresh run after: $n bytes"
[ "$n" -gt 65536 ] || fail "traffic did not resume ($n bytes)"

# A refused reconfiguration keeps the old channels: CREATE_SQ (0x904)
# fails once, the MTU change must fail and leave MTU and traffic alone.
ctl_set "$DP_FA" fail_opcode 0x904
if nsx cx4a busybox ip link set "$a" mtu 3000 2>/dev/null; then
	fail "MTU change succeeded although CREATE_SQ failed"
fi
[ "$(ctl_get "$DP_FA" fail_opcode)" = 0 ] || fail "the CREATE_SQ failure was never injected"
mtu=$(ip netns exec cx4a cat "/sys/class/net/$a/mtu")
[ "$mtu" = 1500 ] || fail "$a: MTU $mtu after a failed change"
nsx cx4a $BB ping -A -c 2 -W 5 198.18.0.2 || fail "ping after a failed reconfiguration"
n=$(dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M)
log "failed MTU change left the old channels running ($n bytes after)"

dp_assert_no_recover "cx4a $a" "cx4b $b"
dp_cleanup
rmmod cx4
assert_device_clean
log "reconfiguration under load: traffic resumed, nothing left behind"

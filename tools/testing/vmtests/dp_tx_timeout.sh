#!/bin/bash
# vm: --nics 2 --smp 4 --dev-prop debug-ctl=on --timeout 600
# vmtest: manual
# SPDX-License-Identifier: GPL-2.0
#
# A TX timeout resets only the SQ that stopped (issue 19, item 6), with 4
# channels (the VM shape of en_qstats.sh and ethtool_chan.sh: no boot of
# its own).  Function a's SQ on one ring is found with WQ_ERROR on any
# SQ (the queue it hits reads back; the ring whose recover counter moved
# is its ring).  Then 32 UDP sockets from a (spread over the 4 TX queues
# by their hashes, one datagram each every 20 ms or so) send for 30 s while SQ_STALL holds that SQ:
#   - during the stall (1 s and about 2 s into it, before the 5 s
#     watchdog) the stalled ring's tx_packets stand still and the other
#     rings' grow;
#   - the watchdog names that queue and SQ; only that ring's "recover"
#     counter moves, by 1; one TX timeout; the reset ends the stall (the
#     knob reads 0);
#   - after it, traffic passes and every ring's tx_packets grow.
# Cost: about 130 s in the shared boot.
# NOT PASSING YET (manual, out of the default list): the stall and the
# other rings' traffic are shown (last run: rings 0-2 sent 289/203/228
# completions in the window, the stalled ring 3 none), but the stalled ring
# never fills: the driver never stops that TX queue (tx3_stopped 0, no
# BQL in the test kernel), so the watchdog never fires and the test
# fails at "no recovery in 60 s".  Why the sender's datagrams for that
# queue stop reaching the driver is not understood yet.
. "$(dirname "$0")/lib.sh"

BB=busybox
ON=$((1 << 31)) ANYQ=$((0xffffff))
dp_pair_up
a=$DP_A fa=$DP_FA
nch=$(nsx cx4a ethtool -l "$a" | awk '/^Current/ { on = 1 } on && $1 == "Combined:" { print $2; exit }')
[ "$nch" = 4 ] || fail "$a: $nch channels, want 4"

# ethtool -S of a, one "name value" a line.
stats() {
	nsx cx4a ethtool -S "$a" | awk -F': *' 'NF == 2 { gsub(/ /, "", $1); print $1, $2 }'
}
# Value of counter $2 in snapshot $1.
val() {
	echo "$1" | awk -v k="$2" '$1 == k { print $2 }'
}
recoveries() {
	dmesg_count "$a: channel [0-9]+: SQ 0x[0-9a-f]+ recovery done"
}
# Wait (60 s at most) for more than $1 SQ recovery lines.
wait_recovery() {
	local end=$((SECONDS + 60))
	while [ "$SECONDS" -lt "$end" ]; do
		[ "$(recoveries)" -gt "$1" ] && return 0
		nap 0.2
	done
	return 1
}
# What the stack and the driver say about TX queue $1 of a.
txq_state() {
	local q=/proc/${NS_ANCHOR[cx4a]}/root/sys/class/net/$a/queues/tx-$1 s
	s=$(stats)
	echo "stopped $(val "$s" "tx$1_stopped") wake $(val "$s" "tx$1_wake")" \
		"tx_timeout $(cat "$q/tx_timeout" 2>&1) bql inflight $(cat "$q/byte_queue_limits/inflight" 2>&1)" \
		"limit $(cat "$q/byte_queue_limits/limit" 2>&1)"
}
# The tx ring whose recover counter moved between snapshots $1 and $2;
# fails unless exactly one moved, by exactly 1.
ring_moved() {
	local i n=0 r d
	for ((i = 0; i < nch; i++)); do
		d=$(($(val "$2" "tx${i}_recover") - $(val "$1" "tx${i}_recover")))
		[ "$d" = 0 ] && continue
		n=$((n + 1)) r=$i
		[ "$d" = 1 ] || return 1
	done
	[ "$n" = 1 ] && echo "$r"
}

# --- 1. an SQ and its ring -------------------------------------------------------
s0=$(stats)
rec0=$(recoveries)
ctl_set "$fa" wq_error $((ON | ANYQ)) || fail "cannot arm WQ_ERROR"
nsx cx4a $BB ping -c 1 -W 2 198.18.0.2 >/dev/null || true
wait_recovery "$rec0" || fail "no SQ recovery after WQ_ERROR on any SQ"
sqn=$(printf '0x%x' $(($(ctl_get "$fa" wq_error) & ANYQ)))
s1=$(stats)
ring=$(ring_moved "$s0" "$s1") || fail "WQ_ERROR on SQ $sqn: not one ring recovered once"
log "SQ $sqn is ring $ring's"

# --- 2. stall it under traffic on every queue --------------------------------------
rm -f /tmp/txto.out
busybox nsenter --net=/run/netns/cx4a timeout 90 python3 -S -c '
import errno, socket, time
socks = []
for i in range(32):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    # SO_SNDBUFFORCE: what waits on the stalled ring must outlast the
    # ring (the socket buffer would stop the sender first)
    s.setsockopt(socket.SOL_SOCKET, 32, 4 << 20)
    s.setblocking(False)
    s.connect(("198.18.0.2", 9000 + i))
    socks.append(s)
print("go", flush=True)
end = time.monotonic() + 30
while time.monotonic() < end:
    for s in socks:
        try:
            s.send(bytes(200))
        except OSError as e:
            # b answers port unreachable: connected sockets report it
            if e.errno not in (errno.EAGAIN, errno.ENOBUFS, errno.ECONNREFUSED):
                raise
    time.sleep(0.02)
' > /tmp/txto.out &
flood=$!
started() { [ -s /tmp/txto.out ]; }
WAIT_SECS=30 wait_for started || fail "the UDP flows did not start"
p0=$(stats)
sleep 1
rec0=$(recoveries)
timeouts=$(dmesg_count "$a: TX timeout on queue")
t0=$(stats)
d=$(($(val "$t0" "tx${ring}_packets") - $(val "$p0" "tx${ring}_packets")))
[ "$d" -gt 0 ] || fail "no flow on ring $ring before the stall"
ctl_set "$fa" sq_stall $((ON | sqn)) || fail "cannot arm SQ_STALL"
sleep 1
sa=$(stats)
sleep 1
sb=$(stats)
[ "$(ctl_get "$fa" sq_stall)" != 0 ] && [ "$(recoveries)" = "$rec0" ] ||
	fail "SQ $sqn: reset before the second look (the stall was not held 2 s)"
# Per ring: a loaded TCG guest may starve the sender for a moment, so
# the other rings are judged together in the window, each after it.
moved= others=0
for ((i = 0; i < nch; i++)); do
	d=$(($(val "$sb" "tx${i}_packets") - $(val "$sa" "tx${i}_packets")))
	if [ "$i" = "$ring" ]; then
		[ "$d" = 0 ] || fail "stalled ring $i sent $d packets 1 s into the stall"
	else
		others=$((others + d))
	fi
	moved+="${moved:+ }$d"
done
[ "$others" -gt 0 ] || fail "the other rings sent nothing while SQ $sqn (ring $ring) was stalled"
log "during the stall (from 1 s on) the rings sent: $moved"
wait_recovery "$rec0" || fail "stalled SQ $sqn: no recovery in 60 s (ring $ring: $(txq_state "$ring"))"
s2=$(stats)
[ "$(dmesg_count "$a: TX timeout on queue")" = $((timeouts + 1)) ] ||
	fail "$(($(dmesg_count "$a: TX timeout on queue") - timeouts)) TX timeouts, want 1"
[ "$(dmesg_count "$a: TX timeout on queue $ring: SQ $sqn pc ")" = 1 ] ||
	fail "the TX timeout does not name queue $ring, SQ $sqn"
r=$(ring_moved "$t0" "$s2") || fail "not exactly one ring recovered once after the TX timeout"
[ "$r" = "$ring" ] || fail "the TX timeout reset ring $r, SQ $sqn is ring $ring's"
[ "$(ctl_get "$fa" sq_stall)" = 0 ] || fail "SQ $sqn: the stall outlived the reset"
log "TX timeout on queue $ring: only SQ $sqn was reset"

# --- 3. every queue after it --------------------------------------------------------
sleep 2
s3=$(stats)
for ((i = 0; i < nch; i++)); do
	[ $(($(val "$s3" "tx${i}_packets") - $(val "$s2" "tx${i}_packets"))) -gt 0 ] ||
		fail "ring $i sent nothing after the reset"
done
wait "$flood" || fail "the UDP flows failed"
nsx cx4a $BB ping -c 1 -W 5 198.18.0.2 >/dev/null || fail "ping a -> b after the reset"
[ "$(dmesg_count "$a: TX timeout on queue")" = $((timeouts + 1)) ] || fail "a second TX timeout"
[ "$(dmesg_count 'recovery failed')" = 0 ] || fail "a recovery failed"
dp_cleanup
rmmod cx4
assert_device_clean

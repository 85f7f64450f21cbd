#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# LRO (PRM 3.3.6): with ethtool -K lro on, the receiver's TCP TIRs
# coalesce segments and the driver fixes the headers of each merged frame
# (en/lro.c).  A bounded 2 MiB TCP transfer must arrive intact (checksum
# of the received bytes equals the sent ones) with the lro_packets /
# lro_bytes counters moved, over IPv4 and IPv6, and with RX checksum
# offload off (the stack then checks every merged frame's TCP checksum:
# InCsumErrors must stay 0); with LRO off again the same transfer is
# intact and the counters stay still.  Toggles under a TCP stream keep it
# running (new channels built first); a toggle the device refuses leaves
# LRO as it was.  No bad CQE, no guest error.
. "$(dirname "$0")/lib.sh"

steer_setup_pair
a=$STEER_A b=$STEER_B fb=$DP_FB

# 2 MiB a -> b over $1 (IPv4 or IPv6 address of b); checksums compared.
transfer() {
	local dst=$1 port=$2
	head -c $((2 << 20)) /dev/urandom > /tmp/cx4-lro-tx
	timeout 180 busybox nsenter --net=/run/netns/cx4b python3 -S -c '
import socket, sys
fam = socket.AF_INET6 if ":" in sys.argv[1] else socket.AF_INET
s = socket.socket(fam)
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind((sys.argv[1], int(sys.argv[2]))); s.listen(1)
s.settimeout(120)
c, _ = s.accept()
c.settimeout(120)
with open("/tmp/cx4-lro-rx", "wb") as f:
    while True:
        b = c.recv(1 << 16)
        if not b:
            break
        f.write(b)
' "$dst" "$port" &
	local srv=$!
	sleep 2
	timeout 180 busybox nsenter --net=/run/netns/cx4a python3 -S -c '
import socket, sys
s = socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=120)
s.sendall(open("/tmp/cx4-lro-tx", "rb").read())
s.shutdown(socket.SHUT_WR)
s.recv(1)
' "$dst" "$port" || fail "sender to $dst failed"
	wait "$srv" || fail "receiver on $dst failed"
	[ "$(busybox sha256sum < /tmp/cx4-lro-tx)" = "$(busybox sha256sum < /tmp/cx4-lro-rx)" ] ||
		fail "received bytes differ from the sent ones ($(stat -c %s /tmp/cx4-lro-rx) of $(stat -c %s /tmp/cx4-lro-tx))"
	rm -f /tmp/cx4-lro-tx /tmp/cx4-lro-rx
}

lro_pkts() {
	dp_stat cx4b "$b" 'rx[0-9]+_lro_packets'
}

nsx cx4b ethtool -k "$b" | grep -q "large-receive-offload: off" ||
	fail "$b: LRO not off by default"
transfer 198.18.0.2 5001
[ "$(lro_pkts)" = 0 ] || fail "$b: LRO counted while off"

nsx cx4b ethtool -K "$b" lro on || fail "$b: ethtool -K lro on refused"
nsx cx4b ethtool -k "$b" | grep -q "large-receive-offload: on" ||
	fail "$b: LRO not on"
wait_for carrier cx4b "$b" || fail "$b: no carrier after LRO on"
transfer 198.18.0.2 5002
n4=$(lro_pkts)
[ "$n4" -gt 0 ] || fail "$b: no coalesced frame over IPv4"
log "IPv4: $n4 coalesced frames, stream intact"
transfer 2001:db8::2 5003
n6=$(lro_pkts)
[ "$n6" -gt "$n4" ] || fail "$b: no coalesced frame over IPv6"
bytes=$(dp_stat cx4b "$b" 'rx[0-9]+_lro_bytes')
[ "$bytes" -gt $((n6 * 1500)) ] ||
	fail "$b: $bytes LRO bytes for $n6 frames, want more than one MTU each"
log "IPv6: $((n6 - n4)) coalesced frames, stream intact; $bytes bytes in $n6 frames"

# With RX checksum offload off the stack verifies every merged frame's
# TCP checksum itself: the fixed-up headers must be right.
nsx cx4b ethtool -K "$b" rx off || fail "$b: ethtool -K rx off refused"
transfer 198.18.0.2 5005
n=$(lro_pkts)
[ "$n" -gt "$n6" ] || fail "$b: no coalesced frame with RX checksum off"
csum_err=$(nsx cx4b busybox awk '/^Tcp:/ { if (!h) { for (i = 1; i <= NF; i++) c[$i] = i; h = 1 } else print $c["InCsumErrors"] }' /proc/net/snmp)
[ "$csum_err" = 0 ] || fail "$b: $csum_err TCP checksum errors on merged frames"
nsx cx4b ethtool -K "$b" rx on || fail "$b: ethtool -K rx on refused"
log "RX checksum off: $((n - n6)) merged frames verified by the stack, no TCP checksum error"
n6=$n

nsx cx4b ethtool -K "$b" lro off || fail "$b: ethtool -K lro off refused"
wait_for carrier cx4b "$b" || fail "$b: no carrier after LRO off"
transfer 198.18.0.2 5004
[ "$(lro_pkts)" = "$n6" ] ||
	fail "$b: LRO frames counted with LRO off ($(lro_pkts) after $n6)"

# LRO on and off while a TCP stream runs: each toggle builds channels
# with the other receive buffers while the old ones run (en/main.c
# cx4_en_set_lro), so the connection survives.  Paced at 8 Mbit/s; its
# 240 s only bound it (a toggle allocates a channel set's buffers: 5-25 s
# under TCG and KASAN, with LRO's 16 KB WQEs); stopped as soon as the
# toggles are done.
rx0=$(dp_ifstat cx4b "$b" rx_bytes)
out=/mnt/out/iperf-lro.txt
timeout 270 busybox nsenter --net=/run/netns/cx4b iperf3 -s -1 -B 198.18.0.2 >/dev/null 2>&1 &
srv=$!
sleep 1
timeout 260 busybox nsenter --net=/run/netns/cx4a iperf3 -c 198.18.0.2 -t 240 -b 8M \
	--connect-timeout 5000 >"$out" 2>&1 &
cli=$!
sleep 2
t0=$SECONDS
for st in on off; do
	nsx cx4b ethtool -K "$b" lro "$st" || fail "$b: ethtool -K lro $st refused under load"
	nap 1
done
kill -0 "$cli" 2>/dev/null || { cat "$out" >&2; fail "the TCP stream ended during the LRO toggles"; }
kill "$cli" "$srv" 2>/dev/null || true
wait "$cli" "$srv" 2>/dev/null || true
n=$(($(dp_ifstat cx4b "$b" rx_bytes) - rx0))
[ "$n" -gt $((256 << 10)) ] || fail "only $n bytes through the LRO toggles"
log "LRO on and off under a TCP stream ($((SECONDS - t0)) s): it survived, $n bytes received"

# A refused change leaves LRO as it was: the device fails the first
# MODIFY_TIR (0x901) of the change, which comes after the switch to the
# new channels when turning LRO on (they are put back) and before it when
# turning it off.  lro_refused TO WAS: ethtool -K lro TO fails, LRO stays
# WAS.  The core keeps a failed change's wanted features (a repeated
# request would be no change to it), so the wish goes back to WAS after
# (no device work).
lro_refused() {
	ctl_set "$fb" fail_opcode 0x901
	if nsx cx4b ethtool -K "$b" lro "$1" 2>/dev/null; then
		fail "$b: LRO $1 succeeded although MODIFY_TIR failed"
	fi
	[ "$(ctl_get "$fb" fail_opcode)" = 0 ] || fail "the MODIFY_TIR failure was never injected ($1)"
	nsx cx4b ethtool -k "$b" | grep -q "large-receive-offload: $2" ||
		fail "$b: LRO not $2 after a failed change"
	nsx cx4b ethtool -K "$b" lro "$2" || fail "$b: ethtool -K lro $2 (wanted) refused"
}
lro_refused on off
n=$(lro_pkts)
transfer 198.18.0.2 5006
[ "$(lro_pkts)" = "$n" ] || fail "$b: LRO frames counted after a failed LRO on"
nsx cx4b ethtool -K "$b" lro on || fail "$b: ethtool -K lro on refused"
lro_refused off on
n=$(lro_pkts)
transfer 198.18.0.2 5007
[ "$(lro_pkts)" -gt "$n" ] || fail "$b: no coalesced frame after a failed LRO off"
nsx cx4b ethtool -K "$b" lro off || fail "$b: ethtool -K lro off refused"
nsx cx4b ethtool -k "$b" | grep -q "large-receive-offload: off" || fail "$b: LRO not off at the end"
log "a failed LRO change (MODIFY_TIR refused) leaves LRO and the channels as they were"

bad=$(dp_stat cx4b "$b" 'rx[0-9]+_(bad_cqe|wqe_err)')
[ "$bad" = 0 ] || fail "$b: $bad bad or error CQEs"
steer_finish
log "LRO coalesces TCP, the stream stays intact, and it stops when off"

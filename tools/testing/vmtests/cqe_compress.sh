#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# cx4's receive CQE compression (private flag rx_cqe_compress) on the
# model's compressed sessions (caps_on=cqe_compression set on the debug
# page while no driver has the functions, cleared after rmmod, as
# mlx5_cqe_compress.sh does; the stock kernel's boot): off by default;
# turned on on the running ports
# (a new channel set); TCP both ways intact (iperf3) and 64-byte UDP
# datagrams all delivered (exact count) while rx_cqe_compress_blks/pkts
# grow, per ring and in total, sessions of 2 or more; RX hardware
# timestamps refused while it is on; turned off under a running TCP
# connection, which goes on; then no more sessions; rmmod clean, no guest
# error.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions

# cz_stat NS IF NAME: counter NAME of ethtool -S IF in NS.
cz_stat() {
	ETH_NS=$1 eth_stat "$2" "$3"
}

# cz_flag NS IF: on or off, as ethtool --show-priv-flags says.
cz_flag() {
	nsx "$1" ethtool --show-priv-flags "$2" | sed -n 's/^rx_cqe_compress *: *//p'
}

# cz_set NS IF on|off: the flag set and read back.
cz_set() {
	nsx "$1" ethtool --set-priv-flags "$2" rx_cqe_compress "$3" ||
		fail "$2: rx_cqe_compress $3 refused"
	[ "$(cz_flag "$1" "$2")" = "$3" ] || fail "$2: rx_cqe_compress not $3"
}

caps_load caps_on "$CAPS_CQE_COMPRESSION"

pair_up cx4
trap caps_unload EXIT
a=$PAIR_A b=$PAIR_B
# The model opens a session only while the CQ is not armed (NAPI
# polling, Documentation/device-model.md): with the default CQE-based
# moderation an armed CQ holds a burst's completions back and writes
# them one by one before its event, so the bursts below would never be
# compressed.  Event-based moderation fires at the burst's first frame
# and the rest forms a session while NAPI polls.
for ns_if in "cx4a $a" "cx4b $b"; do
	read -r ns ifc <<< "$ns_if"
	nsx "$ns" ethtool -C "$ifc" cqe-mode-rx off || fail "$ifc: cqe-mode-rx off refused"
done
for ns_if in "cx4a $a" "cx4b $b"; do
	read -r ns ifc <<< "$ns_if"
	[ "$(cz_flag "$ns" "$ifc")" = off ] || fail "$ifc: rx_cqe_compress not off by default"
done
nsx cx4a busybox ping -A -c 20 -W 5 198.18.0.2 > /dev/null || fail "ping a -> b (off)"
[ "$(cz_stat cx4b "$b" rx_cqe_compress_blks)" = 0 ] || fail "$b: sessions with the flag off"

# On, on the running ports.
cz_set cx4a "$a" on
cz_set cx4b "$b" on
WAIT_SECS=30 wait_for carrier cx4a "$a" || fail "$a: no carrier after the switch"
WAIT_SECS=30 wait_for carrier cx4b "$b" || fail "$b: no carrier after the switch"
nsx cx4a busybox ping -A -c 5 -W 5 198.18.0.2 > /dev/null || fail "ping a -> b (on)"
nsx cx4b busybox ping -6 -A -c 5 -W 5 2001:db8::1 > /dev/null || fail "ping -6 b -> a (on)"

# RX hardware timestamps need a CQE of each frame's own: refused.
if nsx cx4b hwstamp_ctl -i "$b" -r 1 > /dev/null 2>&1; then
	fail "$b: RX hardware timestamps accepted with rx_cqe_compress on"
fi

for dir in "" -R; do
	got=$(pair_iperf "$dir")
	[ "$got" -gt 1000000 ] || fail "iperf3 $dir: only $got bytes"
	log "iperf3 ${dir:-a->b}: $got bytes"
done
blks_b=$(cz_stat cx4b "$b" rx_cqe_compress_blks)
pkts_b=$(cz_stat cx4b "$b" rx_cqe_compress_pkts)
blks_a=$(cz_stat cx4a "$a" rx_cqe_compress_blks)
log "after TCP: $b $blks_b sessions, $pkts_b completions; $a $blks_a sessions"
[ "$blks_b" -gt 0 ] || fail "$b: no compressed session in TCP a->b"
[ "$blks_a" -gt 0 ] || fail "$a: no compressed session in TCP b->a"
[ "$pkts_b" -ge $((2 * blks_b)) ] || fail "$b: sessions of fewer than 2 completions"
# Per ring sums to the total (one ring a channel).
sum=0
for q in $(nsx cx4b ethtool -S "$b" | awk -F'[ :]+' '$2 ~ /^rx[0-9]+_cqe_compress_pkts$/ { print $3 }'); do
	sum=$((sum + q))
done
[ "$sum" = "$pkts_b" ] || fail "$b: rxN_cqe_compress_pkts sum $sum, total $pkts_b"
[ "$(cz_stat cx4b "$b" rx_bad_cqe)" = 0 ] || fail "$b: bad CQEs"

# 64-byte UDP in bursts of 32 (UDP GSO: one send, 32 frames behind one
# doorbell), 10 ms apart: every datagram arrives (socket buffer forced).
# Unpaced, the 100 bursts once lost 64 datagrams with none refused by
# the socket: the RQ ran short, as cx4 does not refill it after a poll
# that ends inside a compressed session (en/rx.c; session note 39).
N=3200
p0=$(cz_stat cx4b "$b" rx_cqe_compress_pkts)
read -r got _ errs < <(nsx cx4b python3 -S "$UDP_HOLD" --rcvbuf $((16 << 20)) \
	--gso 32 --pace 0.01 --wait-if "$b" 64 "$N" 5010) || fail "UDP sender/receiver failed"
p1=$(cz_stat cx4b "$b" rx_cqe_compress_pkts)
log "UDP: $got of $N datagrams, $errs refused by the socket, $((p1 - p0)) in compressed sessions"
[ "$got" = "$N" ] || fail "UDP: $got of $N datagrams received"
[ "$((p1 - p0))" -gt 0 ] || fail "UDP: no compressed session"

# Off under a running connection (paced, 8 s), on the receiving port.
nsx cx4b timeout 60 iperf3 -s -1 -B 198.18.0.2 > /dev/null &
srv=$!
WAIT_SECS=10 wait_for iperf_listening cx4b "$srv" || fail "iperf3 server not listening"
nsx cx4a timeout 60 iperf3 -c 198.18.0.2 -t 8 -b 8M -J > /tmp/cz-iperf.json &
cli=$!
nap 3
cz_set cx4b "$b" off
cz_set cx4a "$a" off
wait "$cli" || fail "iperf3 client failed across the switch off"
wait "$srv" || fail "iperf3 server failed across the switch off"
got=$(iperf_bytes /tmp/cz-iperf.json sum_received) || fail "iperf3 output unreadable"
[ "$got" -gt 1000000 ] || fail "iperf3 across the switch off: only $got bytes"
log "iperf3 across the switch off: $got bytes"

# Off: no new session (the totals keep the departed channels' counts).
s0=$(cz_stat cx4b "$b" rx_cqe_compress_blks)
got=$(pair_iperf)
[ "$got" -gt 1000000 ] || fail "iperf3 (off): only $got bytes"
[ "$(cz_stat cx4b "$b" rx_cqe_compress_blks)" = "$s0" ] || fail "$b: sessions after the switch off"
nsx cx4b hwstamp_ctl -i "$b" -r 1 > /dev/null 2>&1 || fail "$b: RX hardware timestamps refused with the flag off"
nsx cx4b hwstamp_ctl -i "$b" -r 0 > /dev/null 2>&1 || true
[ "$(cz_stat cx4b "$b" rx_bad_cqe)" = 0 ] || fail "$b: bad CQEs"
[ "$(cz_stat cx4a "$a" rx_bad_cqe)" = 0 ] || fail "$a: bad CQEs"

pair_cleanup
trap - EXIT
rmmod cx4 || fail "rmmod cx4 failed"
caps_clear
assert_device_clean
log "rx_cqe_compress: $s0 sessions on $b, traffic intact, switched on and off live"

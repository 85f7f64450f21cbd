#!/bin/bash
# vm: --nics 2 --smp 1 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Queue recovery without a reload, driven by the device's queue knobs
# (Documentation/device-model.md, Fault injection), on function a:
#   1. WQ_ERROR on an RQ: the next receive WQE completes with an error
#      CQE (local length error), the RQ goes to ERR;
#   2. WQ_ERROR on an SQ: the next send WQE completes with an error CQE
#      (local protection error), the SQ goes to ERR;
#   3. SQ_STALL on that SQ: it consumes nothing, a UDP burst fills the TX
#      queue, the watchdog calls ndo_tx_timeout, the driver resets the SQ,
#      which ends the stall (the knob reads 0 again).
# After each: the driver logs the recovery of the queue the device hit,
# exactly one ring's "recover" counter (ethtool -S) moved, by exactly 1,
# ping and a short iperf3 pass.  At the end: the same ifindex, no new
# probe, one knob hit per injection, and (runner, assert_device_clean)
# no guest error and no splat.  One vCPU: one channel, so the burst and
# the stalled SQ are the same ring.
. "$(dirname "$0")/lib.sh"

BB=busybox
ON=$((1 << 31)) RQBIT=$((1 << 30)) ANYQ=$((0xffffff))
dp_pair_up
a=$DP_A b=$DP_B fa=$DP_FA
ifindex=$(ip netns exec cx4a cat "/sys/class/net/$a/ifindex")
probes=$(dmesg_count 'cx4 .*: firmware [0-9]')

ip netns exec cx4b $BB ping -c 2 -W 5 198.18.0.1 >/dev/null || fail "ping b -> a"
ip netns exec cx4a $BB ping -c 2 -W 5 198.18.0.2 >/dev/null || fail "ping a -> b"
[ "$(ctl_get "$fa" knob_hits)" = 0 ] || fail "knob hits before any knob"

knob_fired() {
	[ $(($(ctl_get "$fa" wq_error) & ON)) = 0 ]
}

# "rx" or "tx": the per-ring recover counters of a, one "ring value" a line.
ring_recovers() {
	ip netns exec cx4a ethtool -S "$a" |
		awk -v p="$1" '$1 ~ "^"p"[0-9]+_recover:$" {
			r = $1; sub("^"p, "", r); sub("_recover:$", "", r); print r, $2 }'
}

# Compare ring_recovers $1 with the snapshot $2: exactly one ring moved,
# by exactly 1; prints that ring.
one_ring_recovered() {
	local now moved
	now=$(ring_recovers "$1")
	moved=$(join <(echo "$2") <(echo "$now") | awk '$3 != $2 { print $1, $3 - $2 }')
	[ "$(echo "$moved" | awk 'NF { n++ } END { print n + 0 }')" = 1 ] || return 1
	[ "$(echo "$moved" | awk '{ print $2 }')" = 1 ] || return 1
	echo "$moved" | awk '{ print $1 }'
}

# Traffic after a recovery: pings both ways, a 2 s iperf3 b -> a and a -> b.
traffic_ok() {
	local n
	ip netns exec cx4b $BB ping -c 3 -W 5 198.18.0.1 >/dev/null ||
		fail "$1: ping b -> a after the recovery"
	ip netns exec cx4a $BB ping -c 3 -W 5 198.18.0.2 >/dev/null ||
		fail "$1: ping a -> b after the recovery"
	n=$(dp_iperf cx4a 198.18.0.1 cx4b 2)
	[ "$n" -gt 65536 ] || fail "$1: only $n bytes received by $a after the recovery"
	n=$(dp_iperf cx4b 198.18.0.2 cx4a 2)
	[ "$n" -gt 65536 ] || fail "$1: only $n bytes sent by $a after the recovery"
	log "$1: traffic resumed"
}

# --- 1. RQ error CQE ---
snap=$(ring_recovers rx)
[ -n "$snap" ] || fail "$a: no rxN_recover counters in ethtool -S"
err0=$(dp_stat cx4a "$a" 'rx[0-9]+_err_cqe')
ctl_set "$fa" wq_error_syndrome 0x1
ctl_set "$fa" wq_error $((ON | RQBIT | ANYQ))
ip netns exec cx4b $BB ping -c 3 -W 2 198.18.0.1 >/dev/null || true
dp_wait knob_fired || fail "WQ_ERROR on any RQ of $fa never fired"
v=$(ctl_get "$fa" wq_error)
[ $((v & RQBIT)) != 0 ] || fail "WQ_ERROR fired on an SQ ($v)"
rqn=$(printf '0x%x' $((v & ANYQ)))
dp_wait one_ring_recovered rx "$snap" >/dev/null ||
	fail "RQ $rqn: no single rx ring recovered once: $(ring_recovers rx | tr '\n' ' ')"
ring=$(one_ring_recovered rx "$snap")
[ "$(dp_stat cx4a "$a" 'rx[0-9]+_err_cqe')" -gt "$err0" ] || fail "RQ error CQE not counted"
[ "$(dmesg_count "channel $ring: RQ $rqn recovery done")" = 1 ] ||
	fail "no 'channel $ring: RQ $rqn recovery done' line"
log "RQ $rqn (ring $ring): error CQE, recovered"
traffic_ok "RQ error"
[ "$(one_ring_recovered rx "$snap")" = "$ring" ] || fail "RQ recovered more than once"

# --- 2. SQ error CQE ---
snap=$(ring_recovers tx)
[ -n "$snap" ] || fail "$a: no txN_recover counters in ethtool -S"
err0=$(dp_stat cx4a "$a" 'tx[0-9]+_err_cqe')
ctl_set "$fa" wq_error_syndrome 0x4
ctl_set "$fa" wq_error $((ON | ANYQ))
ip netns exec cx4a $BB ping -c 3 -W 2 198.18.0.2 >/dev/null || true
dp_wait knob_fired || fail "WQ_ERROR on any SQ of $fa never fired"
v=$(ctl_get "$fa" wq_error)
[ $((v & RQBIT)) = 0 ] || fail "WQ_ERROR fired on an RQ ($v)"
sqn=$(printf '0x%x' $((v & ANYQ)))
dp_wait one_ring_recovered tx "$snap" >/dev/null ||
	fail "SQ $sqn: no single tx ring recovered once: $(ring_recovers tx | tr '\n' ' ')"
ring=$(one_ring_recovered tx "$snap")
[ "$(dp_stat cx4a "$a" 'tx[0-9]+_err_cqe')" -gt "$err0" ] || fail "SQ error CQE not counted"
[ "$(dmesg_count "channel $ring: SQ $sqn recovery done")" = 1 ] ||
	fail "no 'channel $ring: SQ $sqn recovery done' line"
log "SQ $sqn (ring $ring): error CQE, recovered"
traffic_ok "SQ error"
[ "$(one_ring_recovered tx "$snap")" = "$ring" ] || fail "SQ recovered more than once"

# --- 3. SQ stall -> TX timeout ---
snap=$(ring_recovers tx)
timeouts=$(dmesg_count "$a: TX timeout on queue")
ctl_set "$fa" sq_stall $((ON | sqn))
# A bounded non-blocking UDP burst: the stalled ring's BQL limit or the
# ring fills and the TX queue stops; the rest waits in (or drops from) the qdisc.
ip netns exec cx4a python3 -c '
import errno, socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, 32, 16 << 20)  # SO_SNDBUFFORCE: outlast BQL and the ring
s.setblocking(False)
for i in range(4000):
    try:
        s.sendto(bytes(1200), ("198.18.0.2", 9))
    except OSError as e:
        if e.errno not in (errno.EAGAIN, errno.ENOBUFS):
            raise
'
[ "$(ctl_get "$fa" sq_stall_held)" -gt 0 ] || fail "SQ $sqn: the stall held nothing"
for i in $(seq 300); do
	[ "$(dmesg_count "$a: TX timeout on queue")" -gt "$timeouts" ] && break
	sleep 0.2
done
[ "$(dmesg_count "$a: TX timeout on queue")" = $((timeouts + 1)) ] ||
	fail "stalled SQ $sqn: $(($(dmesg_count "$a: TX timeout on queue") - timeouts)) TX timeouts in 60 s, want 1"
dp_wait one_ring_recovered tx "$snap" >/dev/null ||
	fail "SQ $sqn: no single tx ring recovered once after the TX timeout"
[ "$(ctl_get "$fa" sq_stall)" = 0 ] || fail "SQ $sqn: the stall outlived the SQ reset"
r2=$(one_ring_recovered tx "$snap") ||
	fail "SQ $sqn: the TX timeout recovery was not exactly one: $(ring_recovers tx | tr '\n' ' ')"
[ "$r2" = "$ring" ] || fail "the TX timeout recovered ring $r2, the stalled SQ is ring $ring"
[ "$(dmesg_count "channel $ring: SQ $sqn recovery done")" = 2 ] ||
	fail "not 2 SQ $sqn recovery lines (error CQE, TX timeout)"
log "SQ $sqn (ring $ring): stalled, TX timeout, recovered"
traffic_ok "SQ stall"
[ "$(one_ring_recovered tx "$snap")" = "$ring" ] || fail "SQ recovered more than once after the stall"
[ "$(dmesg_count "$a: TX timeout on queue")" = $((timeouts + 1)) ] || fail "a second TX timeout"

# --- no reload, every injection counted once ---
[ "$(ip netns exec cx4a cat "/sys/class/net/$a/ifindex")" = "$ifindex" ] ||
	fail "$a: ifindex changed: the netdev was re-created"
[ "$(dmesg_count 'cx4 .*: firmware [0-9]')" = "$probes" ] || fail "cx4 probed again"
[ "$(dmesg_count 'recovery failed')" = 0 ] || fail "a recovery failed"
[ "$(ctl_get "$fa" knob_hits)" = 3 ] || fail "knob hits $(ctl_get "$fa" knob_hits), want 3"
[ "$(ctl_get "$fa" guest_errors)" = 0 ] || fail "$fa: guest errors"

dp_cleanup
rmmod cx4
assert_device_clean
log "RQ error, SQ error and SQ stall each recovered once without a reload"

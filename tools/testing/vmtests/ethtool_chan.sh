#!/bin/bash
# vm: --nics 2 --smp 4 --dev-prop debug-ctl=on --timeout 600
# SPDX-License-Identifier: GPL-2.0
#
# Rings, channels and interrupt moderation (ethtool -g/-G, -l/-L,
# -c/-C).  Every setting is read back through ethtool and through the
# device (debug page 0x0e0-0x0fc: RDY SQs/RQs, their log_wq_sz, their
# CQs' cq_period / cq_max_count); traffic flows after each change.
# Invalid values are refused and change nothing; a change the device
# refuses (CREATE_SQ failed by the fail_opcode knob) leaves the old rings
# or channels running.  -L spreads flows over the new queue count
# (rss_check.py: each flow on the queue the Toeplitz hash and the
# rebuilt default table name), and a user RSS table naming a queue that
# would go away blocks -L.  -L re-points steering (MODIFY_RQT, FTE
# modify): a flow table or RQT creation failure armed meanwhile is never hit.  Adaptive moderation (lib/dim) moves the
# device's RX CQ moderation under load and gives way to static values.
# cqe-mode-rx/-tx (where the period restarts: the CQs' cq_period_mode,
# debug page 0x0d0/0x0d4) read back and a failed change keeps the old
# channels and moderation; then, reloaded on a function
# without CQ moderation (caps-off cq_moderation), everything is off and
# moderation requests are refused with the reason.
. "$(dirname "$0")/lib.sh"

set -E
trap 'echo "FAIL: line $LINENO: \"$BASH_COMMAND\" failed" >&2' ERR
CHECK=$(dirname "$0")/../lib/rss_check.py
# Microsoft's RSS verification key: the flows below are chosen so that,
# with it and the default table, they cover every queue (deterministic).
KEY1=6d:5a:56:da:25:5b:0e:c2:41:67:25:3d:43:a3:8f:b0:d0:ca:2b:cb:ae:7b:30:b4:77:cb:2d:a3:80:30:f2:0c:6a:42:b7:3b:be:ac:01:fa
BB=busybox
dp_pair_up
a=$DP_A b=$DP_B fa=$DP_FA fb=$DP_FB

eth() { nsx "$1" ethtool "${@:2}"; }
# Field $3 ("RX:", "Combined:") of ethtool $4 (-g, -l) on $2 in netns $1:
# current setting / pre-set maximum.
cur_field() {
	eth "$1" "$4" "$2" | awk -v k="$3" '/^Current/ { c = 1 } c && $1 == k { print $2; exit }'
}
max_field() {
	eth "$1" "$4" "$2" | awk -v k="$3" '/^Pre-set/ { c = 1 } /^Current/ { c = 0 } c && $1 == k { print $2; exit }'
}
coal() { eth "$1" -c "$2" | awk -v k="$3" '$1 == k { print $2; exit }'; }
adaptive() { eth "$1" -c "$2" | awk '$1 == "Adaptive" && $2 == "RX:" { print $3 }'; }
# min | max << 16, as the device view packs it, for one value.
mm() { echo $(($1 << 16 | $1)); }
expect_dev() {
	local v
	v=$(ctl_get "$1" "$2")
	[ "$v" = "$3" ] || fail "$1: device $2 = $v, want $3 ($4)"
}
# Pings after each change; with "iperf", a short iperf3 run too.
traffic() {
	nsx cx4a $BB ping -A -c 2 -W 5 198.18.0.2 >/dev/null ||
		fail "ping after $1"
	[ "${2:-}" = iperf ] || return 0
	local n
	n=$(dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M)
	[ "$n" -gt 65536 ] || fail "only $n bytes after $1"
}
refused() {
	if eth "${@:2}" 2>/dev/null; then
		fail "ethtool ${*:2} accepted ($1)"
	fi
}

# --- rings -------------------------------------------------------------------
[ "$(cur_field cx4a "$a" RX: -g)" = 1024 ] || fail "$a: default RX ring not 1024"
expect_dev "$fa" chan_rq_log "$(mm 10)" "default RX ring"
expect_dev "$fa" chan_sq_log "$(mm 10)" "default TX ring"
max=$(max_field cx4a "$a" RX: -g)
[ "$max" = 8192 ] || fail "$a: RX ring max $max, want 8192 (2^13)"

eth cx4a -G "$a" rx 256 tx 512 || fail "$a: -G rx 256 tx 512 refused"
[ "$(cur_field cx4a "$a" RX: -g)" = 256 ] || fail "$a: RX ring not 256"
[ "$(cur_field cx4a "$a" TX: -g)" = 512 ] || fail "$a: TX ring not 512"
expect_dev "$fa" chan_rq_log "$(mm 8)" "-G rx 256"
expect_dev "$fa" chan_sq_log "$(mm 9)" "-G tx 512"
traffic "-G rx 256 tx 512" iperf
eth cx4a -G "$a" rx 300 || fail "$a: -G rx 300 refused"
[ "$(cur_field cx4a "$a" RX: -g)" = 512 ] || fail "$a: rx 300 not rounded up to 512"
expect_dev "$fa" chan_rq_log "$(mm 9)" "-G rx 300 (rounded up)"
log "rings: 256/512 and 300 -> 512 read back by ethtool and the device"

refused "below the minimum" cx4a -G "$a" rx 32
refused "above the maximum" cx4a -G "$a" tx 16384
[ "$(cur_field cx4a "$a" RX: -g)" = 512 ] || fail "$a: RX ring changed by a refused -G"
[ "$(cur_field cx4a "$a" TX: -g)" = 512 ] || fail "$a: TX ring changed by a refused -G"
expect_dev "$fa" chan_rq_log "$(mm 9)" "after refused -G"

ctl_set "$fa" fail_opcode 0x904
refused "CREATE_SQ failed" cx4a -G "$a" tx 128
[ "$(ctl_get "$fa" fail_opcode)" = 0 ] || fail "the CREATE_SQ failure was never injected"
[ "$(cur_field cx4a "$a" TX: -g)" = 512 ] || fail "$a: TX ring changed by a failed -G"
expect_dev "$fa" chan_sq_log "$(mm 9)" "after failed -G"
expect_dev "$fa" chan_sqs 4 "after failed -G"
traffic "a failed -G"
log "rings: invalid and failed -G change nothing, traffic flows"

# --- channels ------------------------------------------------------------------
eth cx4b -X "$b" hkey "$KEY1" || fail "$b: -X hkey refused"
[ "$(max_field cx4b "$b" Combined: -l)" = 4 ] || fail "$b: max combined not 4 (smp 4)"
[ "$(cur_field cx4b "$b" Combined: -l)" = 4 ] || fail "$b: combined not 4"
expect_dev "$fb" chan_rqs 4 "4 channels"
# Steering is re-pointed, not rebuilt: a CREATE_FLOW_TABLE (0x930) or
# CREATE_RQT (0x916) failure armed during -L is never hit.
ctl_set "$fb" fail_opcode 0x930
eth cx4b -L "$b" combined 2 || fail "$b: -L combined 2 refused"
[ "$(ctl_get "$fb" fail_opcode)" = $((0x930)) ] || fail "$b: -L rebuilt a flow table"
ctl_set "$fb" fail_opcode 0
[ "$(cur_field cx4b "$b" Combined: -l)" = 2 ] || fail "$b: combined not 2"
expect_dev "$fb" chan_rqs 2 "-L combined 2"
expect_dev "$fb" chan_sqs 2 "-L combined 2"
# real_num_tx_queues: the tx-N kobjects (rx-N need RPS, not in the test kernel)
n=$(ip netns exec cx4b ls "/sys/class/net/$b/queues" | grep -c '^tx-' || true)
[ "$n" = 2 ] || fail "$b: $n TX queues in sysfs after -L 2"
nsx cx4b ethtool -x "$b" | grep -q "with 2 RX ring" ||
	fail "$b: ethtool -x does not report 2 rings"
timeout 120 python3 -S "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:4 --port-base 21000 --min-queues 2 ||
	fail "flows not spread over the 2 new queues"
ctl_set "$fb" fail_opcode 0x916
eth cx4b -L "$b" combined 3 || fail "$b: -L combined 3 refused"
[ "$(ctl_get "$fb" fail_opcode)" = $((0x916)) ] || fail "$b: -L rebuilt the RQT"
ctl_set "$fb" fail_opcode 0
expect_dev "$fb" chan_rqs 3 "-L combined 3"
timeout 120 python3 -S "$CHECK" --send-ns cx4a --recv-ns cx4b --dev "$b" \
	--flows udp4:3 --port-base 23000 --min-queues 3 ||
	fail "flows not spread over the 3 new queues"
traffic "-L combined 3" iperf
log "channels: -L 2 and 3 read back, device RQ/SQ counts follow, flows spread"

refused "0 channels" cx4b -L "$b" combined 0
refused "more than the vectors" cx4b -L "$b" combined 5
# A user table naming queue 2 blocks going to 2 channels.
eth cx4b -X "$b" equal 3 || fail "$b: -X equal 3 refused"
refused "user RSS table uses queue 2" cx4b -L "$b" combined 2
[ "$(cur_field cx4b "$b" Combined: -l)" = 3 ] || fail "$b: combined changed by a refused -L"
expect_dev "$fb" chan_rqs 3 "after refused -L"
eth cx4b -X "$b" default || fail "$b: -X default refused"
ctl_set "$fb" fail_opcode 0x904
refused "CREATE_SQ failed" cx4b -L "$b" combined 4
[ "$(ctl_get "$fb" fail_opcode)" = 0 ] || fail "the CREATE_SQ failure was never injected"
[ "$(cur_field cx4b "$b" Combined: -l)" = 3 ] || fail "$b: combined changed by a failed -L"
expect_dev "$fb" chan_rqs 3 "after failed -L"
n=$(ip netns exec cx4b ls "/sys/class/net/$b/queues" | grep -c '^tx-' || true)
[ "$n" = 3 ] || fail "$b: $n TX queues in sysfs after a failed -L"
nsx cx4a $BB ping -A -c 2 -W 5 198.18.0.2 >/dev/null ||
	fail "ping after a failed -L"
eth cx4b -L "$b" combined 4 || fail "$b: -L combined 4 refused"
expect_dev "$fb" chan_rqs 4 "-L combined 4"
traffic "-L combined 4"
log "channels: invalid, blocked and failed -L change nothing"

# --- moderation ----------------------------------------------------------------
# Defaults (the model has cq_moderation), 6.12 mlx5_core's
# (mlx5_dropin.sh compares): adaptive RX and TX on, starting from (and
# showing as static values) lib/dim's default profiles -- RX CQE-based
# 8 us / 128, TX 8 us / 128 on 6.12 -- which the CQs start with (the
# device's view is not checked here: DIM has moved them with the
# traffic above; the static values are, below).
[ "$(coal cx4a "$a" rx-usecs:)" = 8 ] || fail "$a: default rx-usecs not 8"
[ "$(coal cx4a "$a" rx-frames:)" = 128 ] || fail "$a: default rx-frames not 128"
[ "$(coal cx4a "$a" tx-usecs:)" = 8 ] || fail "$a: default tx-usecs not 8"
[ "$(coal cx4a "$a" tx-frames:)" = 128 ] || fail "$a: default tx-frames not 128"
[ "$(adaptive cx4a "$a")" = on ] || fail "$a: adaptive RX not on by default"
[ "$(eth cx4a -c "$a" | awk '$1 == "Adaptive" && $4 == "TX:" { print $5 }')" = on ] ||
	fail "$a: adaptive TX not on by default"
eth cx4a -C "$a" adaptive-rx off rx-usecs 50 rx-frames 32 adaptive-tx off tx-usecs 20 tx-frames 16 ||
	fail "$a: -C refused"
[ "$(coal cx4a "$a" rx-usecs:)" = 50 ] || fail "$a: rx-usecs not 50"
[ "$(coal cx4a "$a" rx-frames:)" = 32 ] || fail "$a: rx-frames not 32"
[ "$(coal cx4a "$a" tx-usecs:)" = 20 ] || fail "$a: tx-usecs not 20"
[ "$(coal cx4a "$a" tx-frames:)" = 16 ] || fail "$a: tx-frames not 16"
expect_dev "$fa" chan_rx_period "$(mm 50)" "rx-usecs 50"
expect_dev "$fa" chan_rx_count "$(mm 32)" "rx-frames 32"
expect_dev "$fa" chan_tx_period "$(mm 20)" "tx-usecs 20"
expect_dev "$fa" chan_tx_count "$(mm 16)" "tx-frames 16"
traffic "-C" iperf
refused "cq_period is 12 bits" cx4a -C "$a" rx-usecs 5000
refused "cq_max_count is 16 bits" cx4a -C "$a" tx-frames 70000
[ "$(coal cx4a "$a" rx-usecs:)" = 50 ] || fail "$a: rx-usecs changed by a refused -C"
expect_dev "$fa" chan_rx_period "$(mm 50)" "after refused -C"
# New channels (ring change) get the moderation in force.
eth cx4a -G "$a" rx 1024 tx 1024 || fail "$a: -G back to 1024 refused"
expect_dev "$fa" chan_rx_period "$(mm 50)" "CQs built by -G"
expect_dev "$fa" chan_tx_count "$(mm 16)" "CQs built by -G"
log "moderation: -C read back by ethtool and the device, limits enforced"

# Adaptive RX on the receiver: DIM's start profile, then its choices
# under load; off again -> the static values.
eth cx4b -C "$b" rx-usecs 40 rx-frames 8 || fail "$b: -C refused"
eth cx4b -C "$b" adaptive-rx on || fail "$b: adaptive-rx on refused"
[ "$(adaptive cx4b "$b")" = on ] || fail "$b: adaptive RX not reported on"
start=$(ctl_get "$fb" chan_rx_period)
[ "$start" != "$(mm 40)" ] || fail "$b: adaptive-rx on kept the static period"
# The device's RX period is sampled for as long as each transfer runs
# (4 MiB, 2 streams); transfers go on until DIM has moved it, 5 at most.
# Sampling by time next to a timed transfer raced with iperf3's start on
# a slow host: every sample could fall before the traffic.
seen=$(mktemp) nf=$(mktemp) n=0 moved=0
for round in 1 2 3 4 5; do
	( dp_iperf cx4b 198.18.0.2 cx4a 0 -n 4M -P 2 >"$nf" ) &
	load=$!
	while kill -0 "$load" 2>/dev/null; do
		ctl_get "$fb" chan_rx_period >>"$seen"
		nap 0.1
	done
	wait "$load" || fail "iperf3 with adaptive-rx failed (transfer $round)"
	n=$((n + $(cat "$nf")))
	moved=$(grep -cvx "$start" "$seen" || true)
	[ "$moved" = 0 ] || break
done
[ "$n" -gt 65536 ] || fail "only $n bytes with adaptive-rx"
log "adaptive-rx: start period $start, $moved of $(wc -l <"$seen") samples moved in $round transfer(s), $n bytes: $(sort -u "$seen" | tr '\n' ' ')"
rm -f "$seen" "$nf"
[ "$moved" -gt 0 ] || fail "$b: DIM never changed the RX CQ moderation under load"
eth cx4b -C "$b" adaptive-rx off || fail "$b: adaptive-rx off refused"
expect_dev "$fb" chan_rx_period "$(mm 40)" "adaptive-rx off"
expect_dev "$fb" chan_rx_count "$(mm 8)" "adaptive-rx off"
traffic "adaptive-rx off"
log "adaptive moderation: DIM moved the device's RX moderation, static values back"

# --- where the period restarts: ethtool -C cqe-mode-rx / cqe-mode-tx ----------
# mlx5_core's defaults (the model has cq_period_start_from_cqe): the RX
# CQs restart their period at each CQE (cq_period_mode 1), the TX CQs at
# each event (0); ethtool -c shows "CQE mode RX: on  TX: off".  A change
# builds new channels, with any usecs/frames of the same command; a
# CREATE_CQ the device refuses (0x400, fail_opcode) leaves the old ones.
cqe_mode() { eth "$1" -c "$2" | awk '$1 == "CQE" && $2 == "mode" { print $4, $6 }'; }
[ "$(cqe_mode cx4a "$a")" = "on off" ] || fail "$a: CQE mode $(cqe_mode cx4a "$a"), want on off"
expect_dev "$fa" chan_rx_period_mode "$(mm 1)" "cqe-mode-rx on (default)"
expect_dev "$fa" chan_tx_period_mode "$(mm 0)" "cqe-mode-tx off (default)"
eth cx4a -C "$a" cqe-mode-rx off cqe-mode-tx on rx-usecs 60 ||
	fail "$a: -C cqe-mode-rx off cqe-mode-tx on refused"
[ "$(cqe_mode cx4a "$a")" = "off on" ] || fail "$a: CQE mode $(cqe_mode cx4a "$a"), want off on"
expect_dev "$fa" chan_rx_period_mode "$(mm 0)" "cqe-mode-rx off"
expect_dev "$fa" chan_tx_period_mode "$(mm 1)" "cqe-mode-tx on"
expect_dev "$fa" chan_rx_period "$(mm 60)" "rx-usecs 60 with the mode change"
expect_dev "$fa" chan_tx_period "$(mm 20)" "tx-usecs kept by the mode change"
traffic "cqe-mode-rx off, cqe-mode-tx on" iperf
ctl_set "$fa" fail_opcode 0x400
refused "CREATE_CQ failed" cx4a -C "$a" cqe-mode-rx on rx-usecs 70
[ "$(ctl_get "$fa" fail_opcode)" = 0 ] || fail "the CREATE_CQ failure was never injected"
[ "$(cqe_mode cx4a "$a")" = "off on" ] || fail "$a: CQE mode changed by a failed change"
[ "$(coal cx4a "$a" rx-usecs:)" = 60 ] || fail "$a: rx-usecs changed by a failed change"
expect_dev "$fa" chan_rx_period_mode "$(mm 0)" "after a failed cqe-mode-rx on"
expect_dev "$fa" chan_rx_period "$(mm 60)" "after a failed cqe-mode-rx on"
traffic "a failed cqe-mode-rx on"
eth cx4a -C "$a" cqe-mode-rx on cqe-mode-tx off rx-usecs 50 || fail "$a: -C cqe-mode back refused"
[ "$(cqe_mode cx4a "$a")" = "on off" ] || fail "$a: CQE mode $(cqe_mode cx4a "$a") after going back"
expect_dev "$fa" chan_rx_period_mode "$(mm 1)" "cqe-mode-rx on again"
expect_dev "$fa" chan_tx_period_mode "$(mm 0)" "cqe-mode-tx off again"
expect_dev "$fa" chan_rx_period "$(mm 50)" "rx-usecs 50 again"
traffic "cqe-mode-rx on again"
log "cqe-mode-rx/-tx: read back by ethtool and the device, a failed change changes nothing"

dp_assert_no_recover "cx4a $a" "cx4b $b"
dp_cleanup
trap - EXIT
rmmod cx4
assert_device_clean

# --- a device without CQ moderation (caps-off cq_moderation) -------------------
# Everything off by default (-c all 0, no DIM, CQE mode off); moderation
# and a period restarting at each CQE refused with EOPNOTSUPP and the
# reason (extack); traffic flows.
caps_load caps_off "$CAPS_CQ_MODERATION"
dp_pair_up
trap caps_unload EXIT
a=$DP_A
for k in rx-usecs: rx-frames: tx-usecs: tx-frames:; do
	[ "$(coal cx4a "$a" "$k")" = 0 ] || fail "$a: $k $(coal cx4a "$a" "$k") without cq_moderation"
done
[ "$(adaptive cx4a "$a")" = off ] || fail "$a: adaptive RX on without cq_moderation"
[ "$(cqe_mode cx4a "$a")" = "off off" ] || fail "$a: CQE mode $(cqe_mode cx4a "$a") without the capability"
out=$(eth cx4a -C "$a" rx-usecs 8 2>&1) && fail "$a: -C rx-usecs 8 accepted without cq_moderation"
grep -q "no CQ moderation" <<<"$out" || fail "$a: -C refused without the reason: $out"
out=$(eth cx4a -C "$a" cqe-mode-rx on 2>&1) && fail "$a: -C cqe-mode-rx on accepted without the capability"
grep -q "cq_period_start_from_cqe 0" <<<"$out" || fail "$a: cqe-mode-rx refused without the reason: $out"
expect_dev "$DP_FA" chan_rx_period_mode "$(mm 0)" "no cq_period_start_from_cqe"
expect_dev "$DP_FA" chan_rx_period "$(mm 0)" "no cq_moderation"
traffic "no cq_moderation" iperf
log "without cq_moderation: moderation off, -C and cqe-mode-rx refused with the reason, traffic flows"
dp_cleanup
trap - EXIT
rmmod cx4
caps_clear
assert_device_clean
log "rings, channels and moderation: read back, enforced, traffic flows"

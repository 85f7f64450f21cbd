#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Device answers and datapath failures the driver must survive (issue 14),
# on function a of a cabled pair (the VM shape of dp_recover.sh):
#   0. A CQ error event for the RX CQ, then the TX CQ (finding 9; the
#      device's CQ_ERROR knob): the CQ stays in error until destroyed
#      (PRM 7.12.5), so the driver rebuilds the channels (new CQs and
#      queues), counts a recovery on that ring, and traffic passes.
#   0b. A rebuild that fails (CQ_ERROR on the RX CQ, the rebuild's first
#      CREATE_CQ failed by FAIL_OPCODE) leaves the old channel with its CQ
#      in error, which only a function reset cures: the driver asks the
#      core for a recovery (health, the netdev kept), and traffic passes.
#   1. CREATE_CQ answered with the number of a live CQ (finding 7): the
#      device's OUT_PATCH knob rewrites the CQN of the first CREATE_CQ of
#      a ring change (ethtool -G) into the number of the debugfs test CQ.
#      The change is refused with a log line naming the CQ, the old rings
#      keep running, the live CQ is not destroyed (a CQE posted to it is
#      still polled), the next ring change works; the CQ the device
#      really created is left to the function reset at rmmod.
#   2. A TX frame whose DMA mapping fails (finding 14, debugfs
#      fail_tx_map) as the last or a middle frame of a burst sent with
#      xmit_more (a UDP GSO send the stack segments: every segment but
#      the last comes with xmit_more): the frames posted before it are on
#      the wire when the send returns (the device's tx_packets counter),
#      not stranded behind a doorbell nobody rings.
#   3. CREATE_CQ answered with a CQ number beyond the driver's limit
#      (finding 7): the limit is 2^log_max_cq, which the model reports as
#      24 (every 24-bit number fits), so OUT_PATCH lowers log_max_cq to 0
#      in the current capabilities the driver reads at probe; the second
#      CQ (number 1) of ip link up is then beyond it: up fails with a log
#      line, no guest error; after a reload without the knob the pair
#      passes traffic.
# At each rmmod: the device owns no page and counted no guest error.
. "$(dirname "$0")/lib.sh"

BB=busybox
PAIR_PREP=one_channel dp_pair_up
a=$DP_A fa=$DP_FA

ping_both() {
	nsx cx4b $BB ping -c 1 -W 5 198.18.0.1 >/dev/null || fail "$1: ping b -> a"
	nsx cx4a $BB ping -c 1 -W 5 198.18.0.2 >/dev/null || fail "$1: ping a -> b"
}

ping_both "start"

# --- 0. CQ error events ---
# $1 rx/tx, $2 the CQ (a's one channel, TX CQ made first: at the start
# CQs 0 and 1; a rebuild makes the new set beside the old one: 2 and 3),
# $3 the syndrome (1 overrun, 2 access violation).
cq_error_step() {
	local kind=$1 cqn=$2 rec0 n
	rec0=$(dp_stat cx4a "$a" "${kind}0_recover")
	n=$(dmesg_count "channels rebuilt after a CQ error")
	ctl_set "$fa" cq_error $((($3 << 24) | cqn))
	rebuilt() {
		[ "$(dmesg_count "channels rebuilt after a CQ error")" -gt "$n" ]
	}
	WAIT_SECS=30 wait_for rebuilt || fail "${kind^^} CQ $cqn in error: channels not rebuilt"
	[ "$(dmesg_count "channel 0: ${kind^^} CQ $(printf '0x%x' "$cqn") in error")" = 1 ] ||
		fail "no log line naming ${kind^^} CQ $cqn"
	[ "$(dp_stat cx4a "$a" "${kind}0_recover")" = $((rec0 + 1)) ] ||
		fail "${kind}0_recover did not move by 1"
	ping_both "after the ${kind^^} CQ error"
	n=$(iperf_through "$kind")
	[ "$n" -gt 65536 ] || fail "only $n bytes of iperf3 after the ${kind^^} CQ error"
	log "${kind^^} CQ $cqn in error (syndrome $3): channels rebuilt, ${kind}0_recover counted, $n bytes of iperf3"
}
cq_error_step rx 1 1
cq_error_step tx 2 2
[ "$(dmesg_count "recovery failed|rebuild after a CQ error failed")" = 0 ] || fail "a recovery failed"

# --- 0b. A failed rebuild: function recovery ---
# The RX CQ is 1 again: the second rebuild made its CQs in the numbers the
# first had freed.
rec0=$(stat_get "$fa" health_recoveries)
ifindex=$(ip netns exec cx4a cat "/sys/class/net/$a/ifindex")
ctl_set "$fa" fail_opcode 0x400 cq_error $(((1 << 24) | 1))
recovered() {
	[ "$(stat_get "$fa" health_recoveries)" -gt "$rec0" ] && [ "$(stat_get "$fa" up)" = 1 ]
}
WAIT_SECS=60 wait_for recovered || fail "RX CQ in error, rebuild failed: the function was not recovered"
[ "$(ctl_get "$fa" fail_opcode)" = 0 ] || fail "FAIL_OPCODE CREATE_CQ never fired"
[ "$(dmesg_count "channel rebuild after a CQ error failed \(-[0-9]+\), asking for a function recovery")" = 1 ] ||
	fail "no log line for the failed rebuild"
[ "$(dmesg_count "cx4 $fa: device failed: the Ethernet part asked for a reset")" = 1 ] ||
	fail "the health recovery was not the driver's request"
[ "$(stat_get "$fa" health_recoveries)" = $((rec0 + 1)) ] || fail "more than one function recovery"
[ "$(ip netns exec cx4a cat "/sys/class/net/$a/ifindex")" = "$ifindex" ] || fail "$a: netdev re-created"
pings() {
	nsx cx4b $BB ping -c 1 -W 1 198.18.0.1 >/dev/null &&
		nsx cx4a $BB ping -c 1 -W 1 198.18.0.2 >/dev/null
}
WAIT_SECS=20 wait_for pings || fail "no traffic after the function recovery"
log "rebuild after an RX CQ error failed (CREATE_CQ refused): function recovered, netdev kept, traffic passes"

# --- 1. CREATE_CQ answers a live CQ's number ---
cqf=$(cx4_dbg "$fa")/cq
cq_get() {
	awk -v k="$1" '$1 == k { print $2; found = 1 } END { exit !found }' "$cqf" ||
		fail "no cq field $1"
}
echo "create 0 3" > "$cqf" || fail "debugfs test CQ not created"
live=$(cq_get cqn)
hits=$(ctl_get "$fa" knob_hits)
ctl_set "$fa" out_patch_op_mod 0 out_patch_offset 8 out_patch_mask 0xffffff \
	out_patch_value "$live" out_patch_opcode 0x400
if nsx cx4a ethtool -G "$a" rx 512 2>/dev/null; then
	fail "$a: ring change accepted although CREATE_CQ answered live CQ $live"
fi
mapfile -t v < <(ctl_get "$fa" out_patch_opcode knob_hits)
[ "${v[0]}" = 0 ] || fail "OUT_PATCH did not fire"
[ "${v[1]}" = $((hits + 1)) ] || fail "knob hits ${v[1]}, want $((hits + 1))"
[ "$(dmesg_count "CREATE_CQ returned CQ $(printf '0x%x' "$live"), already in use")" = 1 ] ||
	fail "no log line for CREATE_CQ answering live CQ $live"
ctl_set "$fa" cqe_post "$live"
echo poll > "$cqf" || fail "poll of the test CQ failed"
[ "$(cq_get polled)" = 1 ] || fail "live CQ $live: $(cq_get polled) CQEs polled, 1 posted (destroyed?)"
ping_both "after the refused ring change"
nsx cx4a ethtool -G "$a" rx 512 || fail "$a: ring change refused without the knob"
n=$(dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M)
[ "$n" -gt 65536 ] || fail "only $n bytes of iperf3 after the ring change"
echo destroy > "$cqf" || fail "test CQ $live not destroyed"
log "CREATE_CQ answering live CQ $live: ring change refused, CQ $live intact, next change and $n bytes of iperf3 fine"

# --- 2. a TX DMA mapping failure under xmit_more ---
# $1: which frame of an 8-frame burst fails its mapping.  The debugfs
# file is opened here: under ip netns exec /sys is the netns's.
burst() {
	local nth=$1 tx0 drop0 tx1 drop1 fd
	nsx cx4a $BB ping -c 1 -W 5 198.18.0.2 >/dev/null || fail "ping a -> b"
	drop0=$(dp_stat cx4a "$a" 'tx[0-9]+_dropped')
	tx0=$(ctl_get "$fa" tx_packets)
	exec {fd}> "$(cx4_dbg "$fa")/fail_tx_map"
	FD=$fd NTH=$nth ip netns exec cx4a python3 -S -c '
import os, socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(17, 103, 1000)  # SOL_UDP, UDP_SEGMENT: 1000-byte segments
os.write(int(os.environ["FD"]), os.environ["NTH"].encode())
s.sendto(bytes(8000), ("198.18.0.2", 9))
'
	tx1=$(ctl_get "$fa" tx_packets)
	exec {fd}>&-
	drop1=$(dp_stat cx4a "$a" 'tx[0-9]+_dropped')
	[ "$(cat "$(cx4_dbg "$fa")/fail_tx_map")" = 0 ] || fail "fail_tx_map did not fire"
	[ $((drop1 - drop0)) = 1 ] || fail "frame $nth of 8: $((drop1 - drop0)) drops counted, want 1"
	[ $((tx1 - tx0)) -ge 7 ] ||
		fail "frame $nth of 8 failed its mapping: only $((tx1 - tx0)) of the other 7 on the wire"
	log "frame $nth of 8 failed its DMA mapping: dropped, the other 7 on the wire at once"
}
burst 8
burst 4

dp_cleanup
rmmod cx4
assert_device_clean

# --- 3. CREATE_CQ answers a number beyond the limit ---
# HCA_CAP.log_max_cq: output 0x10 (capability) + 0x18, bits 4:0; op_mod 1:
# the current general capabilities, which probe reads twice (before and
# after SET_HCA_CAP) and keeps the second: one skipped.
ctl_set "$fa" out_patch_op_mod $(((1 << 31) | 1)) out_patch_offset 0x28 out_patch_mask 0x1f \
	out_patch_value 0 out_patch_skip 1 out_patch_opcode 0x100
insmod "$KO"
cx4_bound "$fa" || fail "$fa not bound"
na=$(netdev_of "$fa") || fail "$fa: no netdev"
[ "$(ctl_get "$fa" out_patch_opcode)" = 0 ] || fail "OUT_PATCH did not fire at probe"
if ip link set "$na" up 2>/dev/null; then
	fail "$na: up although CREATE_CQ answered a CQ beyond 2^log_max_cq = 1"
fi
[ "$(dmesg_count "CREATE_CQ returned CQ number 0x1, limit 0x1")" = 1 ] ||
	fail "no log line for the CQ number beyond the limit"
rmmod cx4
assert_device_clean
PAIR_PREP=one_channel dp_pair_up
ping_both "after the reload"
log "CREATE_CQ answering CQ 1 beyond the limit 1: up refused; reloaded, traffic passes"

dp_cleanup
rmmod cx4
assert_device_clean

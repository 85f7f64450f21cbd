#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Lifecycle under traffic:
#  1. rmmod while iperf3 runs both ways: it returns, every page comes back;
#  2. CX4_FUZZ_CYCLES (default 3; make fuzz: 200) load / traffic / unload
#     cycles;
#  3. a command that never completes while traffic runs (HANG_OPCODE on
#     QUERY_VPORT_COUNTER, reached through ethtool -S): the command times
#     out (cmd_timeout_ms 2000), the function is recovered by health recovery without a reload
#     (same ifindex), and traffic passes again;
#  4. a release the device refuses (DESTROY_FLOW_TABLE failed by the
#     fail_opcode knob at ip link down): the device keeps a level-0 flow
#     table the driver no longer has, so health recovery resets the
#     function (same ifindex), and up passes traffic again;
#  5. a health recovery (internal error) while the peer floods the
#     function with UDP: en/ closes its queues with the command interface
#     stopped, every DESTROY_SQ/RQ fails and the device keeps receiving
#     into the RQs until the function reset; their pages and rings stay
#     mapped until then (issue 14, finding 4: a device write to an
#     unmapped page is a DMA fault, a guest error); the driver turns bus
#     mastering off before the reset, and the device drops what arrives
#     meanwhile (rx_no_bus_master) instead of reading the RQs' doorbell
#     records (a refused DMA, a guest error); same ifindex, traffic
#     again.
. "$(dirname "$0")/lib.sh"

cycles=${CX4_FUZZ_CYCLES:-3}
BB=busybox

ping_both() {
	busybox nsenter --net=/run/netns/cx4a $BB ping -c 1 -W 3 198.18.0.2 > /dev/null &&
		nsx cx4b $BB ping -c 1 -W 3 198.18.0.1 > /dev/null
}

finish() {
	dp_cleanup
	trap - EXIT
	timeout 120 rmmod cx4 || fail "$1: rmmod failed"
	assert_device_clean
}

# 1. rmmod under load: the netdevs go away under the traffic.
dp_pair_up
timeout 60 busybox nsenter --net=/run/netns/cx4b iperf3 -s -1 -B 198.18.0.2 > /dev/null 2>&1 &
srv=$!
sleep 1
timeout 60 busybox nsenter --net=/run/netns/cx4a iperf3 -c 198.18.0.2 -t 40 --bidir -P 2 > /dev/null 2>&1 &
cli=$!
sleep 4
kill -0 "$cli" 2> /dev/null || fail "iperf3 did not run"
timeout 120 rmmod cx4 || fail "rmmod under load failed"
kill "$cli" "$srv" 2> /dev/null || true
wait "$cli" "$srv" 2> /dev/null || true
dp_cleanup
trap - EXIT
assert_device_clean
log "rmmod under iperf3 load: clean"

# 2. Load / traffic / unload cycles.
for i in $(seq "$cycles"); do
	dp_pair_up > /dev/null
	ping_both || fail "cycle $i: no traffic"
	finish "cycle $i"
done
log "$cycles load/traffic/unload cycles"

# 3. A command that never completes, during traffic.
dp_pair_up
ifindex=$(ip netns exec cx4a cat "/sys/class/net/$DP_A/ifindex")
rec0=$(stat_get "$DP_FA" health_recoveries)
timeout 90 busybox nsenter --net=/run/netns/cx4b iperf3 -s -1 -B 198.18.0.2 > /dev/null 2>&1 &
srv=$!
sleep 1
timeout 80 busybox nsenter --net=/run/netns/cx4a iperf3 -c 198.18.0.2 -t 60 > /dev/null 2>&1 &
cli=$!
sleep 2
echo 2000 > /sys/module/cx4/parameters/cmd_timeout_ms
ctl_set "$DP_FA" hang_opcode 0x770	# QUERY_VPORT_COUNTER
timeout 60 busybox nsenter --net=/run/netns/cx4a ethtool -S "$DP_A" > /dev/null 2>&1 || true
recovered() {
	[ "$(stat_get "$DP_FA" health_recoveries)" -gt "$rec0" ] &&
		[ "$(stat_get "$DP_FA" up)" = 1 ]
}
# back_after_recovery WHAT: after a health recovery, $DP_A kept its
# ifindex, comes up with carrier and passes traffic within 60 s.
back_after_recovery() {
	local now end=$((SECONDS + 60))

	now=$(ip netns exec cx4a cat "/sys/class/net/$DP_A/ifindex" 2> /dev/null || echo gone)
	[ "$now" = "$ifindex" ] || fail "$DP_A: ifindex $ifindex became $now over the recovery"
	nsx cx4a busybox ip link set "$DP_A" up || fail "$DP_A: up failed after the recovery"
	wait_for carrier cx4a "$DP_A" || fail "$DP_A: no carrier after the recovery"
	until ping_both; do
		[ $SECONDS -lt $end ] || fail "no traffic after the recovery from $1"
		sleep 1
	done
}
end=$((SECONDS + 120))
until recovered; do
	[ $SECONDS -lt $end ] || fail "$DP_FA: not recovered 120 s after a hung command"
	sleep 1
done
kill "$cli" "$srv" 2> /dev/null || true
wait "$cli" "$srv" 2> /dev/null || true
[ "$(dmesg_count "cx4 $DP_FA: .*timed out")" -ge 1 ] || fail "$DP_FA: the timeout was not logged"
back_after_recovery "a hung command"
finish "hung command"
log "hung QUERY_VPORT_COUNTER under traffic: timed out, health recovery kept $DP_A, traffic resumed"

# 4. A refused release: only a function reset makes device and driver agree.
dp_pair_up
ifindex=$(ip netns exec cx4a cat "/sys/class/net/$DP_A/ifindex")
rec0=$(stat_get "$DP_FA" health_recoveries)
ctl_set "$DP_FA" fail_opcode 0x931	# DESTROY_FLOW_TABLE
nsx cx4a busybox ip link set "$DP_A" down
# The knob reads 0 once spent; the control page does not answer while the
# recovery resets the function, so ask until it does (bounded).
fail_opcode_spent() {
	[ "$(ctl_get "$DP_FA" fail_opcode 2> /dev/null)" = 0 ]
}
WAIT_SECS=30 wait_for fail_opcode_spent ||
	fail "the DESTROY_FLOW_TABLE failure was never injected"
end=$((SECONDS + 60))
until recovered; do
	[ $SECONDS -lt $end ] || fail "$DP_FA: no recovery 60 s after a refused DESTROY_FLOW_TABLE"
	sleep 1
done
[ "$(dmesg_count "cx4 $DP_FA: device failed: the device refused to release an object")" = 1 ] ||
	fail "$DP_FA: the refused release was not logged"
back_after_recovery "a refused release"
finish "refused release"
log "refused DESTROY_FLOW_TABLE: function reset by health recovery, $DP_A kept, traffic resumed"

# 5. A health recovery under a flood toward the recovering function.
dp_pair_up
ifindex=$(ip netns exec cx4a cat "/sys/class/net/$DP_A/ifindex")
rec0=$(stat_get "$DP_FA" health_recoveries)
faults0=$(ctl_get "$DP_FA" dma_faults)
nobm0=$(ctl_get "$DP_FA" rx_no_bus_master)
tx0=$(dp_ifstat cx4b "$DP_B" tx_packets)
# Non-blocking UDP from b to a for at most 40 s (killed once a recovered).
timeout 40 busybox nsenter --net=/run/netns/cx4b python3 -S -c '
import errno, socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setblocking(False)
while True:
    try:
        s.sendto(bytes(64), ("198.18.0.1", 9))
    except OSError as e:
        if e.errno not in (errno.EAGAIN, errno.ENOBUFS):
            raise
' &
flood=$!
flooding() {
	[ $(($(dp_ifstat cx4b "$DP_B" tx_packets) - tx0)) -gt 1000 ]
}
WAIT_SECS=30 wait_for flooding || fail "$DP_B: the flood did not start"
ctl_set "$DP_FA" internal_error 0x01
end=$((SECONDS + 60))
until recovered; do
	[ $SECONDS -lt $end ] || fail "$DP_FA: not recovered 60 s after an internal error under a flood"
	sleep 1
done
kill "$flood" 2> /dev/null || true
wait "$flood" 2> /dev/null || true
sent=$(($(dp_ifstat cx4b "$DP_B" tx_packets) - tx0))
faults=$(($(ctl_get "$DP_FA" dma_faults) - faults0))
nobm=$(($(ctl_get "$DP_FA" rx_no_bus_master) - nobm0))
[ "$faults" = 0 ] || fail "$DP_FA: $faults device DMAs into memory unmapped before the function reset"
back_after_recovery "an internal error under a flood"
finish "flood recovery"
log "internal error under a UDP flood ($sent frames, $nobm dropped by the device while the driver had bus mastering off): queue memory kept until the reset, $DP_A kept, traffic resumed"

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# RQ error-CQE recovery.  The device model checks its vport MTU against
# the L3 packet (Documentation/device-model.md, Receive path) while cx4
# programs it, like the hardware expects, as the largest L2 frame and
# sizes its receive buffers for that frame; so a frame whose IP packet
# fits the vport MTU but whose frame does not fit the buffer reaches the
# RQ, which the model answers with an error CQE (local length error) and
# RQ to ERR.  The test sends such a frame to a (b at MTU 1600, a 1500:
# vport MTU and buffer 1522; IPv4 ping of 1490 bytes: IP 1518 <= 1522,
# frame 1532 > 1522), with the
# one guest error this costs announced to the device (EXPECT_ERRORS).
# cx4 must count the error CQE, reset the RQ (ERR -> RST -> RDY) from its
# work item without a reload, count the recovery, and receive again.
# If the device drops the frame at the vport instead (rx_mtu_drops: the
# model's MTU check changed), no error CQE can be produced through the
# device and the test says so and stops there.
. "$(dirname "$0")/lib.sh"

BB=busybox
dp_pair_up
a=$DP_A b=$DP_B
err_seen() {
	[ "$(dp_stat cx4a "$a" 'rx[0-9]+_err_cqe')" -gt 0 ]
}
recovered() {
	[ "$(dp_stat cx4a "$a" 'rx[0-9]+_recover')" = 1 ]
}
ip netns exec cx4b $BB ping -c 2 -W 5 198.18.0.1 || fail "ping b -> a"

ip -n cx4b link set "$b" mtu 1600 || fail "$b: MTU 1600"
drops0=$(($(ctl_get "$DP_FA" rx_mtu_drops) + $(ctl_get "$DP_FA" pc_rx_too_long)))
ctl_set "$DP_FA" expect_errors 1
ip netns exec cx4b $BB ping -c 1 -W 2 -s 1490 198.18.0.1 || true

if ! dp_wait err_seen; then
	drops=$(($(ctl_get "$DP_FA" rx_mtu_drops) + $(ctl_get "$DP_FA" pc_rx_too_long) - drops0))
	[ "$drops" -gt 0 ] || fail "$a: oversize frame neither dropped nor an error CQE"
	ctl_set "$DP_FA" expect_errors 0
	log "the device drops the oversize frame at the vport or the port PMTU ($drops): no error CQE to recover from"
	dp_cleanup
	rmmod cx4
	assert_device_clean
	exit 0
fi
[ "$(ctl_get "$DP_FA" expected_errors)" = 1 ] ||
	fail "the device did not report the oversize frame as the one expected error"
dp_wait recovered ||
	fail "$a: RQ not recovered ($(dp_stat cx4a "$a" 'rx[0-9]+_recover') recoveries)"
dmesg | grep -E "RQ 0x[0-9a-f]+ recovery done" || fail "no recovery log line"
log "$a: error CQE counted, RQ reset to ready"

ip -n cx4b link set "$b" mtu 1500 || fail "$b: MTU 1500"
ip netns exec cx4b $BB ping -c 3 -W 5 198.18.0.1 || fail "ping b -> a after the recovery"
ip netns exec cx4b $BB ping -c 2 -W 5 -s 1472 198.18.0.1 || fail "full-size ping after the recovery"
n=$(dp_iperf cx4a 198.18.0.1 cx4b 1)
[ "$n" -gt 65536 ] || fail "only $n bytes received by $a after the recovery"
log "$a receives again after the recovery ($n bytes of iperf3)"
[ "$(dp_stat cx4a "$a" 'rx[0-9]+_recover')" = 1 ] || fail "$a: more recoveries than error CQEs"

dp_cleanup
rmmod cx4
assert_device_clean
log "RQ error CQE recovered without a reload"

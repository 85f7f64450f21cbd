#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Capabilities below the driver's defaults (issue 19, item 7): the model
# reports each size limit the driver reads at its minimum (caps-off=log_max,
# Documentation/device-model.md: EQs and rings of 64, one completion EQ,
# CQ numbers below 4, a one-entry RQT, flow tables of 8 entries, a
# one-entry VLAN list).  Probe must still give two working ports:
#   - one log line per reduced request and function (EQ sizes and count
#     from the core; rings, RQT, L2/VLAN tables, addresses, VIDs from en),
#     each naming the capability;
#   - ethtool -l/-g show 1 channel and rings of at most 64, and the device
#     holds RDY queues of 2^6 (debug page chan_sq_log/chan_rq_log);
#   - ping both ways (IPv4, IPv6) and 4 MB of iperf3 each way (at least 2 MB received by the time the sender is done);
#   - the VLAN filter holds six VIDs (item 5 at the smallest table: 8
#     entries less the untagged and any-VID ones): with 8021q's VID 0 and
#     VID 100 (on both ports), VID 200 (never on b) is dropped by b's
#     device (rx_no_steering moves by 10, b's rings see fewer than 3; other
#     frames, IPv6 neighbour discovery, may still come or be dropped);
#     VIDs 101-105 on b make seven, one more than the table holds: b
#     accepts every VID (one log line), VID 200 reaches b's ring, VID 100
#     pings; removing VID 101 brings the filter back (one line) and VID
#     200 is dropped again.
# The device's guest error count (runner) shows that no request exceeded
# a limit the model enforces.  The functions get the reduced capabilities
# at run time (debug page CAPS_OFF, taken while no driver has them) and
# back after the test, so it shares the default VM (it had a boot of its
# own, about 45 s, before): about 110 s of test.
. "$(dirname "$0")/lib.sh"

BB=busybox
caps_load caps_off "$CAPS_LOG_MAX"
dp_pair_up
trap caps_unload EXIT
a=$DP_A b=$DP_B fa=$DP_FA fb=$DP_FB

# --- one line per reduced request and function -------------------------------
want_line() {
	local n
	n=$(dmesg_count "$1: $2")
	[ "$n" = 1 ] || fail "$1: $n lines '$2', want 1"
}
for f in "$fa" "$fb"; do
	want_line "$f" "log2 control EQ entries: 7 requested, 6 by the device's log_max_eq_sz"
	want_line "$f" "log2 completion EQ entries: 10 requested, 6 by the device's log_max_eq_sz"
	want_line "$f" "completion EQs: 2 requested \\(online CPUs\\), 1 by the device's log_max_eq"
	want_line "$f" "log2 ring entries \\(ethtool -G maximum\\): 13 requested, 6 by the device's log_max_wq_sz"
	want_line "$f" "log2 RSS indirection table entries: 7 requested, 0 by the device's log_max_rqt_size"
	want_line "$f" "log2 L2 flow table entries: 10 requested, 3 by the device's log_max_ft_size"
	want_line "$f" "log2 VLAN flow table entries: 13 requested, 3 by the device's log_max_ft_size"
	want_line "$f" "L2 addresses filtered: 512 requested, 6 by the device's log_max_ft_size"
	want_line "$f" "VLAN IDs filtered: 4096 requested, 6 by the device's log_max_ft_size"
done
log "each reduced request logged once per function"

# --- channels and rings ----------------------------------------------------------
# ethtool -l / -g: the value after "$2" in section "$3" of "ethtool $1".
eth_val() {
	nsx cx4a ethtool "$1" "$a" | awk -v k="$2" -v s="$3" '
		index($0, s) { on = 1 } on && $1 == k { print $2; exit }'
}
[ "$(eth_val -l Combined: "maximums")" = 1 ] || fail "$a: ethtool -l max combined not 1"
[ "$(eth_val -g RX: "maximums")" = 64 ] || fail "$a: ethtool -g max RX not 64"
[ "$(eth_val -g TX: "Current")" = 64 ] || fail "$a: ethtool -g TX not 64"
mapfile -t v < <(ctl_get "$fa" chan_sqs chan_rqs chan_sq_log chan_rq_log)
[ "${v[*]}" = "1 1 $((6 | 6 << 16)) $((6 | 6 << 16))" ] ||
	fail "$fa: device holds SQs/RQs/log sizes ${v[*]}, want one SQ and RQ of 2^6"
log "one channel, rings of 64 (device: ${v[*]})"

# --- traffic ---------------------------------------------------------------------
nsx cx4a $BB ping -c 2 -W 5 198.18.0.2 >/dev/null || fail "ping a -> b"
nsx cx4b $BB ping -c 2 -W 5 198.18.0.1 >/dev/null || fail "ping b -> a"
nsx cx4a $BB ping6 -c 2 -W 5 2001:db8::2 >/dev/null || fail "ping6 a -> b"
n=$(dp_iperf cx4b 198.18.0.2 cx4a 0 -n 4M)
[ "$n" -ge $((2 << 20)) ] || fail "iperf3 a -> b: $n bytes of 4 MB received"
m=$(dp_iperf cx4a 198.18.0.1 cx4b 0 -n 4M)
[ "$m" -ge $((2 << 20)) ] || fail "iperf3 b -> a: $m bytes of 4 MB received"
log "traffic passes: iperf3 $n bytes a -> b, $m bytes b -> a"

# --- a six-VID VLAN table ----------------------------------------------------------
# 8021q (built in) registered VID 0 on b when b came up: one entry.
[ "$(dmesg_count "adding VLAN 0 to HW filter on device $b\$")" -ge 1 ] ||
	fail "$b: 8021q did not register VID 0"
ip -n cx4a -batch - <<-EOF || fail "VLAN 200 on $a"
	link add link $a name v200 type vlan id 200
	addr add 198.19.200.1/24 dev v200
	link set v200 up
	neigh replace 198.19.200.2 lladdr $(ip -n cx4b -br link show "$b" | awk '{ print $3 }') dev v200 nud permanent
EOF
rx_b() {
	dp_stat cx4b "$b" 'rx[0-9]+_packets'
}
# $1 what, $2 pass|drop: 10 frames of VID 200 (never on b) from a to b.
vid200() {
	local r0 d0 r d
	r0=$(rx_b)
	d0=$(ctl_get "$fb" rx_no_steering)
	nsx cx4a $BB ping -c 10 -i 0.1 -W 1 198.19.200.2 >/dev/null 2>&1 || true
	r=$(($(rx_b) - r0))
	d=$(($(ctl_get "$fb" rx_no_steering) - d0))
	vlan_verdict "$1" 200 "$2" "$r" "$d"
}
vid200 "VID 0 only" drop
pair_vlan 100 198.19.100
vid200 "VIDs 0 and 100" drop
[ "$(dmesg_count "$b: .*accepting every VLAN ID")" = 0 ] ||
	fail "$b: fell back with room in its table"
# VIDs 101-105 on b: seven, one more than its table holds.
for vid in 101 102 103 104 105; do
	ip -n cx4b link add link "$b" name "v$vid" type vlan id "$vid" ||
		fail "cannot add VLAN $vid on $b"
done
vid200 "VIDs 0 and 100-105, the table holds six" pass
nsx cx4a $BB ping -c 2 -W 5 198.19.100.2 >/dev/null || fail "ping over VID 100 in the fallback"
[ "$(dmesg_count "$b: 7 VLAN IDs, the device filters 6: accepting every VLAN ID")" = 1 ] ||
	fail "$b: no single line saying it accepts every VID"
ip -n cx4b link del v101 || fail "cannot remove VLAN 101 from $b"
vid200 "VIDs 0, 100 and 102-105" drop
[ "$(dmesg_count "$b: 6 VLAN IDs: filtering again")" = 1 ] ||
	fail "$b: no single line saying it filters again"
nsx cx4a $BB ping -c 2 -W 5 198.19.100.2 >/dev/null || fail "ping over VID 100 after the fallback"
nsx cx4a $BB ping -c 2 -W 5 198.18.0.2 >/dev/null || fail "untagged ping after the fallback"

dp_assert_no_recover "cx4a $a" "cx4b $b"
dp_cleanup
trap - EXIT
rmmod cx4
caps_clear
assert_device_clean
log "minimum capabilities: probe, traffic and the VLAN fallback work"

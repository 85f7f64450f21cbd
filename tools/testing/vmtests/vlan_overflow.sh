#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Thousands of VIDs on a VLAN-aware bridge (issue 19, item 5), on
# Debian's kernel (the test kernel has no bridge; this shares the boot of
# the mlx5_* and stock_kernel tests).  cx4 filters VIDs in its VLAN flow
# table (2^13 entries on a roomy device, as mlx5_core's): every VID fits,
# so the port keeps filtering; the fallback past a smaller table is
# caps_min.sh's.  The cx4 port b is the only port of bridge br0
# (vlan_filtering 1, so the bridge leaves b out of promiscuous mode).
# Frames come from a over VLAN sub-interfaces: VID 100 (configured on b)
# and VID 4094 (never configured on b).  Checked, reading b's rings
# (ethtool -S rx*_packets) and b's port (PPCNT rx_packets_phy): a
# frame at the port but on no ring was dropped by the device's tables:
#   1. VID 100 on b: filtering: VID 100 reaches b's ring, VID 4094 is
#      dropped by the device;
#   2. bridge vlan add vid 2-4093 (with the bridge's VID 1 and the 8021q
#      VID 0: 4094 VIDs), bounded to 180 s: not refused, no fallback
#      ("accepting every VLAN ID"), VID 4094 still dropped by the device,
#      VID 100 still passes;
#   3. bridge vlan del of all but 100 (and 1): VID 4094 dropped, VID 100
#      passes.
# Cost: 31 s in the shared boot (adding the 4092 VIDs took 1 s, removing 2 s).
. "$(dirname "$0")/lib.sh"

BB=busybox
# 8021q first: it registers VID 0 on the ports as they come up.
modprobe 8021q || fail "modprobe 8021q"
dp_pair_up
a=$DP_A b=$DP_B
modprobe bridge || fail "modprobe bridge"
mac_b=$(ip -n cx4b -br link show "$b" | awk '{ print $3 }')

ip -n cx4b -batch - <<-EOF || fail "bridge br0 with $b"
	link add br0 type bridge vlan_filtering 1
	link set $b master br0
	link set br0 up
EOF
nsx cx4b bridge vlan add dev "$b" vid 100 || fail "bridge vlan add vid 100"
for vid in 100 4094; do
	ip -n cx4a -batch - <<-EOF || fail "VLAN $vid on $a"
		link add link $a name v$vid type vlan id $vid
		addr add 198.19.$((vid % 256)).1/24 dev v$vid
		link set v$vid up
		neigh replace 198.19.$((vid % 256)).2 lladdr $mac_b dev v$vid nud permanent
	EOF
done

# b's received frames: "RINGS PORT" (ethtool -S: the rings' rx*_packets
# and the port's PPCNT rx_packets_phy).  While cx4 holds the BAR on
# Debian's kernel the debug page cannot be mapped (cx4ctl), so the
# device's drop is the difference: at the port, not on a ring.
rx_b() {
	nsx cx4b ethtool -S "$b" | awk '
		$1 ~ /^rx[0-9]+_packets:$/ { r += $2 }
		$1 == "rx_packets_phy:" { p = $2 }
		END { print r + 0, p + 0 }'
}
# send WHAT VID pass|drop: 10 frames of VID from a to b's MAC.
send() {
	local r0 p0 r1 p1 r d
	read -r r0 p0 <<<"$(rx_b)"
	nsx cx4a $BB ping -c 10 -i 0.1 -W 1 "198.19.$(($2 % 256)).2" >/dev/null 2>&1 || true
	read -r r1 p1 <<<"$(rx_b)"
	r=$((r1 - r0)) d=$((p1 - p0 - r1 + r0))
	[ $((p1 - p0)) -ge 10 ] || fail "$1: VID $2: only $((p1 - p0)) frames reached b's port"
	vlan_verdict "$1" "$2" "$3" "$r" "$d"
}
# The kernel log lines matching $1 from $b.
lines() {
	dmesg_count "$b: .*$1"
}

send "VID 100 on b" 100 pass
send "VID 100 on b" 4094 drop
[ "$(lines 'accepting every VLAN ID')" = 0 ] || fail "$b: fell back before the table was full"

t0=$SECONDS
nsx cx4b timeout 180 bridge vlan add dev "$b" vid 2-4093 ||
	fail "bridge vlan add vid 2-4093 failed or took over 180 s"
t=$((SECONDS - t0))
[ "$(lines 'accepting every VLAN ID')" = 0 ] || fail "$b: fell back with 4094 VIDs in an 8192-entry table"
log "4094 VIDs on b in $t s: all in the device's VLAN table"
send "4094 VIDs" 4094 drop
send "4094 VIDs" 100 pass

t0=$SECONDS
nsx cx4b timeout 180 bridge vlan del dev "$b" vid 2-99 &&
	nsx cx4b timeout 180 bridge vlan del dev "$b" vid 101-4093 ||
	fail "bridge vlan del failed or took over 180 s"
[ "$(lines 'accepting every VLAN ID|filtering again')" = 0 ] || fail "$b: a fallback line"
log "VIDs removed in $((SECONDS - t0)) s"
send "back to few VIDs" 4094 drop
send "back to few VIDs" 100 pass

nsx cx4b bridge vlan del dev "$b" vid 100 || fail "bridge vlan del vid 100"
ip -n cx4b link del br0 || fail "cannot delete br0"
dp_cleanup
trap - EXIT
rmmod cx4
assert_device_clean

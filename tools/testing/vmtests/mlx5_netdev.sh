#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Debian's mlx5_core with its Ethernet driver (mlx5e) on two cabled
# emulated functions: the netdevs register, get link, ping each other in
# two network namespaces both ways (IPv4 and IPv6), pass a bounded iperf3
# TCP run in each direction, ethtool -i/-k/-g/-l/-x/-S and ip -s link
# answer (-S: the queue counter behind rx_out_of_buffer, the vport
# counters and the PPCNT port counters, which must account for the bytes
# iperf3 moved), an MTU change (mlx5e reads the vport MTU back with a
# QUERY_NIC_VPORT_CONTEXT output too short for its UC list: the model
# answers what fits, issue 21), the cable (b down: a loses its carrier,
# b up: both back), rmmod is clean: every page returned, no guest error,
# no mlx5_core error or warning line.  Default device properties (no
# caps-off, see mlx5_probe.sh), no model limitation.  Operator commands
# (issue 21): ethtool -m (the module EEPROM through PMLP/MCIA), ethtool
# --show-fec / --set-fec (PCAM, PPLM), ethtool -s autoneg off/on (PTYS),
# devlink dev info (fw.version through MCAM/MCQS/MCQI = the init
# segment's), devlink health diagnose of the vnic reporter
# (QUERY_VNIC_ENV), ethtool with the peer down (the link-down reason,
# PDDR; the cable pulled is a host test: the debug page, which pulls it,
# cannot be mapped while mlx5_core holds the BAR).
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"

BB=busybox
dmesg -C
echo 1 > /sys/bus/auxiliary/drivers_autoprobe
pair_up mlx5
a=$PAIR_A b=$PAIR_B

ip netns exec mlx5a ethtool -i "$a" | tee /tmp/mlx5-i
grep -q "^driver: mlx5_core" /tmp/mlx5-i || fail "$a: ethtool -i driver"
grep -q "^firmware-version: 12\.28\.2006" /tmp/mlx5-i || fail "$a: ethtool -i firmware"
grep -q "^bus-info: ${fns[0]}" /tmp/mlx5-i || fail "$a: ethtool -i bus-info"
ip netns exec mlx5a ethtool -k "$a" > /tmp/mlx5-k || fail "$a: ethtool -k"
grep -q "^rx-checksumming: on" /tmp/mlx5-k || fail "$a: rx-checksumming not on"
grep -q "^tx-checksumming: on" /tmp/mlx5-k || fail "$a: tx-checksumming not on"
log "link up on both"

ip netns exec mlx5a $BB ping -c 3 -W 5 198.18.0.2 || fail "IPv4 ping a -> b"
ip netns exec mlx5b $BB ping -c 3 -W 5 198.18.0.1 || fail "IPv4 ping b -> a"
ip netns exec mlx5a $BB ping6 -c 3 -W 5 2001:db8::2 || fail "IPv6 ping a -> b"
ip netns exec mlx5b $BB ping6 -c 3 -W 5 2001:db8::1 || fail "IPv6 ping b -> a"
log "IPv4 and IPv6 pings in both directions"

# The module: a passive copper DAC, QSFP28 (ConnectX-4) or SFP28 (Lx).
lx=false
[ "$(< "/sys/bus/pci/devices/${fns[0]}/device")" = 0x1015 ] && lx=true
ip netns exec mlx5a ethtool -m "$a" > /tmp/mlx5-m || fail "$a: ethtool -m"
if $lx; then
	grep -q "Identifier *: 0x03 (SFP)" /tmp/mlx5-m || fail "$a: ethtool -m identifier not SFP"
	grep -q "Vendor PN *: CX4-DAC-25G-1M" /tmp/mlx5-m || fail "$a: ethtool -m part number"
else
	grep -q "Identifier *: 0x11 (QSFP28)" /tmp/mlx5-m || fail "$a: ethtool -m identifier not QSFP28"
	grep -q "Vendor PN *: CX4-DAC-100G-1M" /tmp/mlx5-m || fail "$a: ethtool -m part number"
fi
grep -q "Vendor name *: cx4 model" /tmp/mlx5-m || fail "$a: ethtool -m vendor name"
grep -q "Length (Copper[^:]*: 1m" /tmp/mlx5-m || fail "$a: ethtool -m cable length"
log "ethtool -m: $(grep -E "Identifier|Vendor (name|PN)" /tmp/mlx5-m | tr -s " \t\n" " ")"

# FEC: RS on the 100G / 25G link when left to the port; off and back
# (ethtool names "off" Off or None).
fec() {
	ip netns exec mlx5a ethtool --show-fec "$a" > /tmp/mlx5-fec || fail "$a: ethtool --show-fec"
	grep -qE "Configured FEC encodings: ($1) *\$" /tmp/mlx5-fec &&
		grep -qE "^Active FEC encoding: ($2) *\$" /tmp/mlx5-fec ||
		fail "$a: FEC not configured $1 / active $2: $(tr '\n' ' ' < /tmp/mlx5-fec)"
}
fec Auto RS
ip netns exec mlx5a ethtool --set-fec "$a" encoding off || fail "$a: --set-fec off refused"
wait_for carrier mlx5a "$a" || fail "$a: no carrier after --set-fec"
fec "Off|None" "Off|None"
ip netns exec mlx5a ethtool --set-fec "$a" encoding auto || fail "$a: --set-fec auto refused"
wait_for carrier mlx5a "$a" || fail "$a: no carrier after --set-fec auto"
fec Auto RS
log "ethtool --show-fec: RS; --set-fec off and auto"

# Autonegotiation off (a forced speed) and back on.
autoneg() {
	ip netns exec mlx5a ethtool -s "$a" autoneg "$1" || fail "$a: ethtool -s autoneg $1 refused"
	wait_for carrier mlx5a "$a" || fail "$a: no carrier after autoneg $1"
	ip netns exec mlx5a ethtool "$a" > /tmp/mlx5-ethtool || fail "$a: ethtool"
	grep -q "Auto-negotiation: $1" /tmp/mlx5-ethtool || fail "$a: autoneg not $1"
}
autoneg off
autoneg on
ip netns exec mlx5a $BB ping -c 1 -W 5 198.18.0.2 || fail "IPv4 ping a -> b after autoneg"
log "ethtool -s autoneg off, on: accepted, link back"

# devlink: the running firmware version is the init segment's (ethtool -i).
fw=$(awk '/^firmware-version:/ { print $2 }' /tmp/mlx5-i)
devlink dev info "pci/${fns[0]}" > /tmp/mlx5-devlink || fail "devlink dev info"
awk -v fw="$fw" '$1 == "running:" { r = 1 } $1 == "stored:" { r = 0 }
	r && $1 == "fw.version" && $2 == fw { ok = 1 } END { exit !ok }' /tmp/mlx5-devlink ||
	fail "devlink dev info: running fw.version is not $fw: $(tr '\n' ' ' < /tmp/mlx5-devlink)"
devlink health diagnose "pci/${fns[0]}" reporter vnic > /tmp/mlx5-vnic ||
	fail "devlink health diagnose vnic"
grep -qE "nic_receive_steering_discard:? [0-9]+" /tmp/mlx5-vnic ||
	fail "vnic reporter: no nic_receive_steering_discard: $(cat /tmp/mlx5-vnic)"
log "devlink dev info: fw.version $fw; vnic reporter: $(tr -s ' \n' ' ' < /tmp/mlx5-vnic)"

# iperf3 TCP, 3 s each way (a -> b, then b -> a with -R), bounded.
for dir in "" -R; do
	got=$(pair_iperf "$dir")
	[ "$got" -gt 0 ] || fail "iperf3 $dir: no bytes received"
	log "iperf3 ${dir:-a->b}: $got bytes"
	[ -n "$dir" ] && rev=$got || fwd=$got
done

# MTU 1600 on both ends (linear receive buffers as for 1500): 1528-byte
# pings pass.
ip -n mlx5a link set "$a" mtu 1600 || fail "$a: MTU 1600 refused"
ip -n mlx5b link set "$b" mtu 1600 || fail "$b: MTU 1600 refused"
wait_for carrier mlx5a "$a" || fail "$a: no carrier after the MTU change"
wait_for carrier mlx5b "$b" || fail "$b: no carrier after the MTU change"
ip netns exec mlx5a $BB ping -c 3 -W 5 -s 1500 198.18.0.2 || fail "1528-byte ping a -> b at MTU 1600"
log "MTU 1600 on both ends, 1528-byte pings pass"

# The cable: b administratively down takes a's link down too.
no_carrier() {
	! carrier "$@"
}
ip -n mlx5b link set "$b" down
wait_for no_carrier mlx5a "$a" || fail "$a: carrier stays up with $b (its cabled peer) down"
# The reason (PDDR): autonegotiation finds no partner.
ip netns exec mlx5a ethtool "$a" > /tmp/mlx5-ethtool || fail "$a: ethtool with the peer down"
grep -q "Link detected: no (Autoneg, No partner detected)" /tmp/mlx5-ethtool ||
	fail "$a: no link-down reason: $(grep Link /tmp/mlx5-ethtool)"
ip -n mlx5b link set "$b" up
wait_for carrier mlx5b "$b" || fail "$b: no carrier after up"
wait_for carrier mlx5a "$a" || fail "$a: no carrier with $b up again"
ip netns exec mlx5a $BB ping -c 3 -W 5 198.18.0.2 || fail "IPv4 ping a -> b after b down/up"
log "$b down: $a lost its carrier (no partner); $b up: both back, pings pass"

for ns_if in "mlx5a $a" "mlx5b $b"; do
	read -r ns ifc <<< "$ns_if"
	for o in -g -l -x; do
		ip netns exec "$ns" ethtool $o "$ifc" > /dev/null || fail "$ifc: ethtool $o"
	done
done

# ethtool -S: the software ring counters moved, the queue counter
# (QUERY_Q_COUNTER) and the vport counters (QUERY_VPORT_COUNTER) answer.
for ns_if in "mlx5a $a" "mlx5b $b"; do
	read -r ns ifc <<< "$ns_if"
	ip netns exec "$ns" ethtool -S "$ifc" > "/tmp/mlx5-S-$ifc" || fail "$ifc: ethtool -S"
	s() {
		awk -v k="$1" '$1 == k":" { print $2; f = 1 } END { exit !f }' "/tmp/mlx5-S-$ifc" ||
			fail "$ifc: no ethtool -S counter $1"
	}
	[ "$(s rx_packets)" -ge 6 ] || fail "$ifc: rx_packets $(s rx_packets) < 6"
	[ "$(s tx_packets)" -ge 6 ] || fail "$ifc: tx_packets $(s tx_packets) < 6"
	s rx_out_of_buffer > /dev/null
	[ "$(s rx_vport_unicast_packets)" -ge 6 ] ||
		fail "$ifc: rx_vport_unicast_packets $(s rx_vport_unicast_packets) < 6"
	[ "$(s tx_vport_unicast_packets)" -ge 6 ] ||
		fail "$ifc: tx_vport_unicast_packets $(s tx_vport_unicast_packets) < 6"
	# PPCNT (802.3 group): the wire carried at least what iperf3 moved.
	[ "$(s rx_bytes_phy)" -ge "$fwd" ] || [ "$(s rx_bytes_phy)" -ge "$rev" ] ||
		fail "$ifc: rx_bytes_phy $(s rx_bytes_phy) below the iperf3 bytes"
	[ "$(s tx_bytes_phy)" -ge "$fwd" ] || [ "$(s tx_bytes_phy)" -ge "$rev" ] ||
		fail "$ifc: tx_bytes_phy $(s tx_bytes_phy) below the iperf3 bytes"
	[ "$(s rx_packets_phy)" -ge "$(s rx_vport_unicast_packets)" ] ||
		fail "$ifc: rx_packets_phy below rx_vport_unicast_packets"
	ip -n "$ns" -s link show "$ifc" | tee /tmp/mlx5-ip-s
	rxp=$(awk '/RX:/ { getline; print $2; exit }' /tmp/mlx5-ip-s)
	[ "$rxp" -ge 6 ] || fail "$ifc: ip -s link RX packets $rxp"
done
log "ethtool -S: ring, queue, vport and port counters"

ip netns exec mlx5a ip link set "$a" down
ip netns exec mlx5b ip link set "$b" down
pair_cleanup
bad=$(dmesg -l emerg,alert,crit,err,warn | grep -F "mlx5_core" || true)
[ -z "$bad" ] || fail "mlx5_core error/warning lines:
$bad"
mlx5_remove
log "mlx5e on $(uname -r): netdevs, link, pings, ethtool, clean rmmod"

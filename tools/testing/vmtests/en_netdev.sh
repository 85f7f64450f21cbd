#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# The Ethernet part's netdev: each function gets exactly one interface,
# with the device's permanent MAC (the mac property tools/testing/vm
# sets, a different one per function: lib.sh fn_mac) as a permanent
# address, ethtool -i naming the driver, the firmware version of the probe
# summary and the function's bus address, the MTU range (68..PMTU max_mtu - 22 = 10218) with
# out-of-range values rejected; up/down; the carrier follows link changes
# made through the debug page's LINK register (down, up, flap), also while
# the interface is down; rmmod removes the interfaces and leaves the
# device clean.
. "$(dirname "$0")/lib.sh"

MAX_MTU=10218	# PMTU max_mtu of the device model (10240) less 22

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"

# wait_for (lib.sh) gives up after WAIT_SECS seconds.
WAIT_SECS=5

sysnet() {
	cat "/sys/class/net/$1/$2"
}

carrier_is() {
	[ "$(sysnet "$1" carrier 2>/dev/null)" = "$2" ]
}

ethtool_link() {
	ethtool "$1" | sed -n 's/^\s*Link detected: //p'
}

insmod "$KO"
declare -A ifname
for f in "${fns[@]}"; do
	cx4_bound "$f" || fail "$f not bound"
	mapfile -t nets < <(ls "/sys/bus/pci/devices/$f/net" 2>/dev/null)
	[ ${#nets[@]} = 1 ] || fail "$f: ${#nets[@]} netdevs (${nets[*]}), want 1"
	n=${nets[0]}
	ifname[$f]=$n
	log "$f: $n"
	MAC=$(fn_mac "$f")

	[ "$(sysnet "$n" address)" = "$MAC" ] ||
		fail "$n: address $(sysnet "$n" address), want $MAC"
	[ "$(sysnet "$n" addr_assign_type)" = 0 ] ||
		fail "$n: address not permanent (addr_assign_type $(sysnet "$n" addr_assign_type))"
	ethtool -P "$n" | grep -qx "Permanent address: $MAC" ||
		fail "$n: ethtool -P: $(ethtool -P "$n")"
	dmesg | grep -qE "cx4 $f $n: MAC $MAC, [0-9]+ channels, MTU 1500 \\(max $MAX_MTU\\), link up" ||
		fail "$n: no attach line with MAC, MTU and link"

	# ethtool -i: driver, firmware version (as in the probe summary), bus.
	fw=$(dmesg | sed -nE "s/.*cx4 $f: firmware ([0-9]+\\.[0-9]+\\.[0-9]+),.*/\\1/p" | tail -n 1)
	[ -n "$fw" ] || fail "$f: no firmware version in the probe summary"
	info=$(ethtool -i "$n")
	grep -qx "driver: cx4" <<<"$info" || fail "$n: ethtool -i: $info"
	grep -qx "firmware-version: $fw" <<<"$info" || fail "$n: ethtool -i firmware (want $fw): $info"
	grep -qx "bus-info: $f" <<<"$info" || fail "$n: ethtool -i bus: $info"

	# MTU range.
	[ "$(sysnet "$n" mtu)" = 1500 ] || fail "$n: MTU $(sysnet "$n" mtu)"
	ip -d link show "$n" | grep -q "minmtu 68 maxmtu $MAX_MTU" ||
		fail "$n: MTU range: $(ip -d link show "$n")"
	ip link set "$n" mtu 9000 || fail "$n: MTU 9000 refused"
	[ "$(sysnet "$n" mtu)" = 9000 ] || fail "$n: MTU 9000 not applied"
	ip link set "$n" mtu $MAX_MTU || fail "$n: MTU $MAX_MTU refused"
	! ip link set "$n" mtu $((MAX_MTU + 1)) 2>/dev/null || fail "$n: MTU above max accepted"
	! ip link set "$n" mtu 67 2>/dev/null || fail "$n: MTU 67 accepted"
	[ "$(sysnet "$n" mtu)" = $MAX_MTU ] || fail "$n: rejected MTU changed the MTU"
	ip link set "$n" mtu 1500

	# Up: carrier from the link state; ethtool agrees.
	ip link set "$n" up
	wait_for carrier_is "$n" 1 || fail "$n: no carrier after up"
	[ "$(ethtool_link "$n")" = yes ] || fail "$n: ethtool link $(ethtool_link "$n")"
	ups=$(sysnet "$n" carrier_up_count)
	downs=$(sysnet "$n" carrier_down_count)

	ctl_set "$f" link 0
	wait_for carrier_is "$n" 0 || fail "$n: carrier stays on after link 0"
	[ "$(ethtool_link "$n")" = "no (No cable)" ] || fail "$n: ethtool link $(ethtool_link "$n") after link 0"
	ctl_set "$f" link 1
	wait_for carrier_is "$n" 1 || fail "$n: carrier stays off after link 1"
	ctl_set "$f" link 2
	flapped() {
		carrier_is "$1" 1 && [ "$(sysnet "$1" carrier_down_count)" = $((downs + 2)) ] &&
			[ "$(sysnet "$1" carrier_up_count)" = $((ups + 2)) ]
	}
	wait_for flapped "$n" ||
		fail "$n: after down, up, flap: carrier $(sysnet "$n" carrier), downs $downs -> $(sysnet "$n" carrier_down_count), ups $ups -> $(sysnet "$n" carrier_up_count)"
	log "$n: carrier followed link 0, 1 and a flap"

	# A link change while the interface is down is seen at the next up.
	ip link set "$n" down
	ctl_set "$f" link 0
	ip link set "$n" up
	wait_for carrier_is "$n" 0 || fail "$n: carrier on although link went down while down"
	ctl_set "$f" link 1
	wait_for carrier_is "$n" 1 || fail "$n: carrier off after link 1"

	# Bounded down/up cycles.
	for i in $(seq 5); do
		ip link set "$n" down
		ip link set "$n" up
	done
	wait_for carrier_is "$n" 1 || fail "$n: no carrier after down/up cycles"
	ethtool -S "$n" | grep -q "rx0_packets:" || fail "$n: ethtool -S has no rx0_packets"
	ip -s link show "$n" > /dev/null || fail "$n: no stats"
done

rmmod cx4
for f in "${fns[@]}"; do
	[ ! -e "/sys/class/net/${ifname[$f]}" ] || fail "${ifname[$f]} still exists after rmmod"
done
assert_device_clean
log "one netdev per function, MAC, MTU range, carrier following the link, on ${#fns[@]} functions"

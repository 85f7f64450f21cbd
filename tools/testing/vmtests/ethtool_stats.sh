#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Port and vport counters, port admin state and the port MTU, on two
# cabled functions in two network namespaces kept quiet (no IPv6, static
# neighbours), so that every counter must move by exactly the frames the
# test sends (raw frames of known sizes, AF_PACKET):
#  - a -> b: unicast frames of 60..9000 bytes (one RFC 2819 size bucket
#    each, jumbo MTU on both ends), broadcast, multicast, 802.1Q priority
#    5, a PAUSE frame.  On a: IEEE 802.3 / RFC 2863 transmit counters,
#    tx_prio0/tx_prio5 counters, vport transmit counters, the netdev's
#    tx_packets (ndo_get_stats64) and the eth-mac standard group.  On b:
#    the receive counters of the same groups, the RFC 2819 buckets (and
#    --groups rmon), pause frames (-I --show-pause, --groups eth-ctrl),
#    rx_packets (ndo_get_stats64) = the vport's received packets;
#  - PMTU: b back to MTU 1500 programs the port's admin MTU (debug view),
#    a 3000-byte frame from a is dropped by b's port and counted in
#    rx_oversize_pkts_phy / ether_oversize_pkts, not received; frames
#    with a bad 802.3 length field counted as length errors (eth-mac too);
#  - link: cable pulled and plugged on both ends (LINK knob): carrier and
#    PAOS oper_status (device view) agree on both ends, link_down_events
#    (and ethtool -S link_down_events_phy, the PPCNT physical layer
#    group) +1; "ip link set down/up" drives PAOS admin_status down/up
#    and the carrier follows;
#  - no port register answer rejected, no guest error, rmmod clean.
. "$(dirname "$0")/lib.sh"

dp_pair_up
A=$DP_A B=$DP_B FA=$DP_FA FB=$DP_FB

quiet_ns() {
	local ns=$1 ifc=$2 peer_ip=$3 peer_mac=$4
	nsx "$ns" sysctl -qw "net.ipv6.conf.$ifc.disable_ipv6=1"
	ip -n "$ns" neigh replace "$peer_ip" lladdr "$peer_mac" dev "$ifc" nud permanent
}
MAC_A=$(ip netns exec cx4a cat "/sys/class/net/$A/address")
MAC_B=$(ip netns exec cx4b cat "/sys/class/net/$B/address")
quiet_ns cx4a "$A" 198.18.0.2 "$MAC_B"
quiet_ns cx4b "$B" 198.18.0.1 "$MAC_A"
for ns_if in "cx4a $A" "cx4b $B"; do
	set -- $ns_if
	nsx "$1" busybox ip link set "$2" mtu 9000 || fail "$2: mtu 9000 refused"
done
wait_for carrier cx4a "$A" || fail "$A: no carrier after mtu 9000"
wait_for carrier cx4b "$B" || fail "$B: no carrier after mtu 9000"
nsx cx4a busybox ping -A -c 2 -W 5 198.18.0.2 > /dev/null || fail "no ping a -> b"
[ "$(ctl_get "$FB" port_mtu)" = 9022 ] || fail "$B: port MTU $(ctl_get "$FB" port_mtu), want 9022"

# All counters of "ethtool -S" of netdev $2 in netns $1, as name=value.
snap() {
	nsx "$1" ethtool -S "$2" | awk -F': *' 'NF == 2 {
		gsub(/^[ \t]+/, "", $1); print $1 "=" $2 }'
}
# Wait until counter $3 of "ethtool -S $2" in netns $1 reads $4 (the
# frames sent have all crossed the wire).
arrived() {
	[ "$(nsx "$1" ethtool -S "$2" | awk -v k="$3:" '$1 == k { print $2 }')" = "$4" ]
}
declare -A A0 B0 A1 B1
load() {
	local -n arr=$1
	local kv
	arr=()
	while IFS= read -r kv; do
		arr[${kv%%=*}]=${kv#*=}
	done < <(snap "$2" "$3")
}
# delta ARRAY_BEFORE ARRAY_AFTER NAME
delta() {
	local -n x=$1 y=$2
	[ -n "${x[$3]}" ] && [ -n "${y[$3]}" ] || fail "no ethtool -S counter $3"
	echo $((y[$3] - x[$3]))
}
# want SIDE NAME EXPECTED
want() {
	local d
	if [ "$1" = a ]; then d=$(delta A0 A1 "$2"); else d=$(delta B0 B1 "$2"); fi
	[ "$d" = "$3" ] || fail "$1: $2 moved by $d, want $3"
}

# Frames a sends: "dst ethertype total_length pcp count" (pcp - : untagged).
BCAST=ff:ff:ff:ff:ff:ff MCAST=01:00:5e:00:00:01 PAUSE=01:80:c2:00:00:01
SPEC="$MAC_B 88b5 60 - 7
$MAC_B 88b5 100 - 5
$MAC_B 88b5 200 - 4
$MAC_B 88b5 400 - 3
$MAC_B 88b5 800 - 2
$MAC_B 88b5 1200 - 2
$MAC_B 88b5 1600 - 1
$MAC_B 88b5 3000 - 1
$MAC_B 88b5 5000 - 1
$MAC_B 88b5 9000 - 1
$BCAST 88b5 80 - 3
$MCAST 88b5 90 - 2
$MAC_B 88b5 120 5 4
$PAUSE 8808 60 - 1"

# send_frames NETNS IFACE: send the frames of a spec read from stdin
# (lib/send_frames.py), print how many were sent.
send_frames() {
	ip netns exec "$1" python3 -S "$(dirname "$0")/../lib/send_frames.py" "$2"
}

# Pings wait for their replies: nothing is in flight now.
load A0 cx4a "$A"
load B0 cx4b "$B"
txp0=$(dp_ifstat cx4a "$A" tx_packets)
brx0=$(dp_ifstat cx4b "$B" rx_packets)
mac0=$(nsx cx4a ethtool -S "$A" --groups eth-mac)
sent=$(send_frames cx4a "$A" <<<"$SPEC") || fail "sending raw frames failed"
[ "$sent" = 37 ] || fail "sent $sent frames, want 37"
wait_for arrived cx4b "$B" ether_pkts $((B0[ether_pkts] + 37)) ||
	fail "$B: the 37 frames did not all arrive"
load A1 cx4a "$A"
load B1 cx4b "$B"
txp1=$(dp_ifstat cx4a "$A" tx_packets)
brx1=$(dp_ifstat cx4b "$B" rx_packets)
mac1=$(nsx cx4a ethtool -S "$A" --groups eth-mac)

# Expected from $SPEC: frames, octets (with the 4-byte FCS), casts (MC
# counts the PAUSE frame on transmit; the receiving port consumes it).
read -r TOT OCT UC MC BC P5 < <(awk -v mb="$MAC_B" '
	{ t += $5; o += $5 * ($3 + 4)
	  if ($1 == "ff:ff:ff:ff:ff:ff") b += $5; else if ($1 == mb) u += $5; else m += $5
	  if ($4 == 5) p5 += $5 }
	END { print t, o, u, m, b, p5 }' <<<"$SPEC")
[ "$TOT $UC $MC $BC $P5" = "37 31 3 3 4" ] || fail "spec arithmetic: $TOT $UC $MC $BC $P5"
log "[${SECONDS}s] sent $TOT frames, $OCT octets: $UC unicast, $MC multicast (1 PAUSE), $BC broadcast, $P5 at priority 5"

# --- transmit side (a) ---
want a tx_packets_phy "$TOT"
want a tx_bytes_phy "$OCT"
want a tx_multicast_phy "$MC"
want a tx_broadcast_phy "$BC"
want a if_out_octets "$OCT"
want a if_out_ucast_pkts "$UC"
want a if_out_multicast_pkts "$MC"
want a if_out_broadcast_pkts "$BC"
want a tx_discards_phy 0
want a tx_errors_phy 0
want a tx_prio5_packets "$P5"
want a tx_prio5_bytes $((P5 * 124))
want a tx_prio0_packets $((TOT - P5))
want a tx_vport_unicast_packets "$UC"
want a tx_vport_multicast_packets "$MC"
want a tx_vport_broadcast_packets "$BC"
want a vport_tx_errors_packets 0
[ $((txp1 - txp0)) = "$TOT" ] || fail "$A: tx_packets (ndo_get_stats64) +$((txp1 - txp0)), want $TOT"
m0=$(sed -n 's/.*FramesTransmittedOK: //p' <<<"$mac0")
m1=$(sed -n 's/.*FramesTransmittedOK: //p' <<<"$mac1")
[ -n "$m0" ] && [ $((m1 - m0)) = "$TOT" ] ||
	fail "$A: eth-mac FramesTransmittedOK $m0 -> $m1, want +$TOT: $mac1"
grep -qE "OctetsTransmittedOK: ${A1[tx_bytes_phy]}$" <<<"$mac1" ||
	fail "$A: eth-mac octets differ from tx_bytes_phy: $mac1"
log "[${SECONDS}s] $A: IEEE 802.3, RFC 2863, per priority, vport, ndo_get_stats64 and eth-mac transmit counters moved by exactly what was sent"

# --- receive side (b) ---
want b ether_pkts "$TOT"
want b ether_octets "$OCT"
want b rx_packets_phy $((TOT - 1))
want b rx_bytes_phy $((OCT - 64))
want b rx_broadcast_phy "$BC"
want b rx_multicast_phy $((MC - 1))
want b if_in_ucast_pkts "$UC"
want b if_in_broadcast_pkts "$BC"
want b if_in_multicast_pkts $((MC - 1))
want b ether_broadcast_pkts "$BC"
want b ether_multicast_pkts $((MC - 1))
want b rx_mac_control_phy 1
want b rx_pause_ctrl_phy 1
want b dot3_in_pause_frames 1
want b rx_oversize_pkts_phy 0
want b if_in_errors 0
want b rx_prio5_packets "$P5"
want b rx_prio0_packets $((TOT - P5 - 1))
want b vport_rx_errors_packets 0
# 60, 80 (bcast), 90 (mcast), 100, 120 (+4 tag: 124) ... with FCS.
want b rx_64_bytes_phy $((7 + 1))
want b rx_65_to_127_bytes_phy $((5 + 3 + 2 + 4))
want b rx_128_to_255_bytes_phy 4
want b rx_256_to_511_bytes_phy 3
want b rx_512_to_1023_bytes_phy 2
want b rx_1024_to_1518_bytes_phy 2
want b rx_1519_to_2047_bytes_phy 1
want b rx_2048_to_4095_bytes_phy 1
want b rx_4096_to_8191_bytes_phy 1
want b rx_8192_to_10239_bytes_phy 1
# What the port steered to the vport is what the driver received.
vrx=0
for k in unicast multicast broadcast; do
	vrx=$((vrx + $(delta B0 B1 "rx_vport_${k}_packets")))
done
[ $((brx1 - brx0)) = "$vrx" ] && [ "$vrx" -gt 0 ] ||
	fail "$B: rx_packets (ndo_get_stats64) +$((brx1 - brx0)), vport rx packets +$vrx"
out=$(nsx cx4b ethtool -S "$B" --groups rmon) || fail "$B: --groups rmon failed"
for kv in "Pkts65to127Octets ${B1[rx_65_to_127_bytes_phy]}" "Pkts8192to10239Octets ${B1[rx_8192_to_10239_bytes_phy]}" \
	  "OversizePkts ${B1[ether_oversize_pkts]}"; do
	set -- $kv
	grep -qE "etherStats$1: $2$" <<<"$out" || fail "$B: rmon etherStats$1 is not $2: $out"
done
out=$(nsx cx4b ethtool -I --show-pause "$B") || fail "$B: -I --show-pause failed"
grep -qE "rx_pause_frames: ${B1[rx_pause_ctrl_phy]}$" <<<"$out" ||
	fail "$B: rx_pause_frames is not ${B1[rx_pause_ctrl_phy]}: $out"
out=$(nsx cx4b ethtool -S "$B" --groups eth-ctrl) || fail "$B: --groups eth-ctrl failed"
grep -qE "MACControlFramesReceived: ${B1[rx_mac_control_phy]}$" <<<"$out" ||
	fail "$B: eth-ctrl MACControlFramesReceived: $out"
out=$(nsx cx4b ethtool -S "$B" --groups eth-phy) || fail "$B: --groups eth-phy failed"
grep -qE "SymbolErrorDuringCarrier: 0$" <<<"$out" || fail "$B: eth-phy: $out"
log "[${SECONDS}s] $B: receive counters, the 10 RFC 2819 buckets (and rmon), pause (-I, eth-ctrl) moved by exactly what was sent"

# --- PMTU: b back to 1500, a's 3000-byte frame dropped by b's port ---
nsx cx4b busybox ip link set "$B" mtu 1500 || fail "$B: mtu 1500 refused"
[ "$(ctl_get "$FB" port_mtu)" = 1522 ] || fail "$B: port MTU $(ctl_get "$FB" port_mtu) after mtu 1500, want 1522"
wait_for carrier cx4b "$B" || fail "$B: no carrier after mtu 1500"
load B0 cx4b "$B"
rxp0=$(dp_ifstat cx4b "$B" rx_packets)
# Also two 802.3 length-field frames: length 100 with 200 bytes of data,
# and length 1535 (above 1500): counted as length errors, dropped.
sent=$(send_frames cx4a "$A" <<<"$MAC_B 88b5 3000 - 1
$MAC_B 88b5 1518 - 1
$MAC_B 0064 214 - 1
$MAC_B 05ff 100 - 1") || fail "sending raw frames failed"
[ "$sent" = 4 ] || fail "sent $sent frames, want 4"
wait_for arrived cx4b "$B" ether_pkts $((B0[ether_pkts] + 4)) ||
	fail "$B: the 4 frames did not all arrive"
load B1 cx4b "$B"
want b rx_oversize_pkts_phy 1
want b ether_oversize_pkts 1
want b dot3_frame_too_long 1
want b rx_in_range_len_errors_phy 1
want b rx_out_of_range_len_phy 1
want b if_in_errors 3
want b ether_pkts 4
want b rx_packets_phy 1
want b rx_2048_to_4095_bytes_phy 1
want b rx_1519_to_2047_bytes_phy 1
want b rx_128_to_255_bytes_phy 1
want b rx_65_to_127_bytes_phy 1
out=$(nsx cx4b ethtool -S "$B" --groups eth-mac) || fail "$B: --groups eth-mac failed"
grep -qE "InRangeLengthErrors: ${B1[rx_in_range_len_errors_phy]}$" <<<"$out" &&
	grep -qE "OutOfRangeLengthField: ${B1[rx_out_of_range_len_phy]}$" <<<"$out" &&
	grep -qE "FrameTooLongErrors: ${B1[rx_oversize_pkts_phy]}$" <<<"$out" ||
	fail "$B: eth-mac length errors differ from ethtool -S: $out"
[ $(($(dp_ifstat cx4b "$B" rx_packets) - rxp0)) = 1 ] || fail "$B: the oversize frame was received"
nsx cx4a busybox ping -A -c 2 -W 5 198.18.0.2 > /dev/null || fail "no ping after mtu 1500"
log "[${SECONDS}s] $B: mtu 1500 -> port admin MTU 1522; a 3000-byte frame dropped and counted, a 1518-byte one received; 802.3 length errors counted"

# --- link: cable out and in on both ends ---
# Port view of function $1 in one debug page read: "operational PAOS-admin
# PAOS-oper link_down_events".
state() {
	local v d
	read -r v d < <("$CTL" "$1" dump | awk '$1 == "port_state" { v = $2 }
		$1 == "link_down_events" { d = $2 } END { print v, d }')
	echo "$((v & 1)) $(((v >> 8) & 15)) $(((v >> 16) & 15)) $((d))"
}
lde_a=$(state "$FA" | cut -d" " -f4)
lde_b=$(state "$FB" | cut -d" " -f4)
# ethtool -S link_down_events_phy: the physical layer group's count.
ldp() { nsx "$1" ethtool -S "$2" | awk '$1 == "link_down_events_phy:" { print $2 }'; }
ldp_a=$(ldp cx4a "$A") ldp_b=$(ldp cx4b "$B")
[ -n "$ldp_a" ] && [ -n "$ldp_b" ] || fail "no ethtool -S link_down_events_phy"
ctl_set "$FA" link 0
ctl_set "$FB" link 0
wait_for eval '! carrier cx4a "$A"' || fail "$A: carrier on with the cable out"
wait_for eval '! carrier cx4b "$B"' || fail "$B: carrier on with the cable out"
[ "$(state "$FA")" = "0 1 2 $((lde_a + 1))" ] || fail "$A: port state $(state "$FA") with the cable out"
[ "$(state "$FB")" = "0 1 2 $((lde_b + 1))" ] || fail "$B: port state $(state "$FB") with the cable out"
ld=$(nsx cx4a ethtool "$A" | sed -n 's/^[[:space:]]*Link detected: //p')
[ "$ld" = "no (No cable)" ] || fail "$A: Link detected '$ld' with the cable out"
ctl_set "$FA" link 1
ctl_set "$FB" link 1
wait_for carrier cx4a "$A" || fail "$A: no carrier with the cable back"
wait_for carrier cx4b "$B" || fail "$B: no carrier with the cable back"
[ "$(state "$FA")" = "1 1 1 $((lde_a + 1))" ] || fail "$A: port state $(state "$FA") with the cable back"
[ "$(state "$FB")" = "1 1 1 $((lde_b + 1))" ] || fail "$B: port state $(state "$FB") with the cable back"
nsx cx4a busybox ping -A -c 2 -W 5 198.18.0.2 > /dev/null || fail "no ping with the cable back"
[ "$(ldp cx4a "$A") $(ldp cx4b "$B")" = "$((ldp_a + 1)) $((ldp_b + 1))" ] ||
	fail "link_down_events_phy $ldp_a $ldp_b -> $(ldp cx4a "$A") $(ldp cx4b "$B"), want +1 each"
log "[${SECONDS}s] cable out/in on both ends: carrier and PAOS oper agree, link_down_events (and ethtool -S link_down_events_phy) +1"

# --- admin: ip link set down/up drives PAOS admin_status ---
nsx cx4a busybox ip link set "$A" down
[ "$(state "$FA")" = "0 2 2 $((lde_a + 2))" ] ||
	fail "$A: port state $(state "$FA") after link down, want admin/oper down"
nsx cx4a busybox ip link set "$A" up || fail "$A: up failed"
wait_for carrier cx4a "$A" || fail "$A: no carrier after link up"
[ "$(state "$FA")" = "1 1 1 $((lde_a + 2))" ] || fail "$A: port state $(state "$FA") after link up"
nsx cx4a busybox ping -A -c 2 -W 5 198.18.0.2 > /dev/null || fail "no ping after link down/up"
log "[${SECONDS}s] $A: ip link set down/up -> PAOS admin and oper down/up, carrier follows"

# --- out of buffer: frames the device drops for want of a receive WQE ---
# b posts no receive WQE (debugfs fail_rx_alloc) with 64-entry rings: of
# 300 frames a sends, those beyond b's posted WQEs are dropped by the
# device and counted in b's queue counter set: ethtool -S rx_out_of_buffer
# (mlx5_core's name) and ip -s link rx_missed_errors move by exactly the
# device's count, received + dropped = sent.  Then the refill resumes.
eth_b() { nsx cx4b ethtool "$@"; }
eth_b -G "$B" rx 64 || fail "$B: -G rx 64 refused"
wait_for carrier cx4b "$B" || fail "$B: no carrier after -G"
nsx cx4a busybox ping -A -c 2 -W 5 198.18.0.2 > /dev/null || fail "no ping after -G rx 64"
oob() { nsx cx4b ethtool -S "$B" | awk '$1 == "rx_out_of_buffer:" { print $2 }'; }
missed_is() { [ "$(dp_ifstat cx4b "$B" rx_missed_errors)" = "$1" ]; }
o0=$(oob) d0=$(ctl_get "$FB" rx_out_of_buffer) r0=$(dp_ifstat cx4b "$B" rx_packets)
[ -n "$o0" ] || fail "$B: no rx_out_of_buffer in ethtool -S"
echo 1 > "$(cx4_dbg "$FB")/fail_rx_alloc"
sent=$(send_frames cx4a "$A" <<<"$MAC_B 88b5 60 - 300") || fail "sending 300 frames failed"
[ "$sent" = 300 ] || fail "sent $sent frames, want 300"
got_all() {
	[ $(($(ctl_get "$FB" rx_out_of_buffer) - d0 + $(dp_ifstat cx4b "$B" rx_packets) - r0)) -ge 300 ]
}
wait_for got_all || fail "$B: of 300 frames, $(($(ctl_get "$FB" rx_out_of_buffer) - d0)) dropped and $(($(dp_ifstat cx4b "$B" rx_packets) - r0)) received"
drop=$(($(ctl_get "$FB" rx_out_of_buffer) - d0))
[ "$drop" -gt 0 ] || fail "$B: no frame dropped for want of a WQE"
[ $(($(oob) - o0)) = "$drop" ] || fail "$B: rx_out_of_buffer moved by $(($(oob) - o0)), the device dropped $drop"
wait_for missed_is $((o0 + drop)) || fail "$B: rx_missed_errors $(dp_ifstat cx4b "$B" rx_missed_errors), want $((o0 + drop))"
echo 0 > "$(cx4_dbg "$FB")/fail_rx_alloc"
nsx cx4a busybox ping -A -c 2 -W 5 198.18.0.2 > /dev/null || fail "no ping after the refill resumed"
eth_b -G "$B" rx 1024 || fail "$B: -G rx 1024 refused"
[ "$(oob)" = $((o0 + drop)) ] || fail "$B: rx_out_of_buffer $(oob) after -G, want $((o0 + drop))"
log "[${SECONDS}s] $B: $drop of 300 frames dropped without a receive WQE: rx_out_of_buffer and rx_missed_errors +$drop, as the device counted"

[ "$(nsx cx4a ethtool -S "$A" | awk '$1 == "port_bad_answers:" { print $2 }')" = 0 ] ||
	fail "$A: port register answers rejected"
dp_cleanup
trap - EXIT
rmmod cx4
assert_device_clean
log "[${SECONDS}s] port/vport counters exact, PMTU drop counted, link and admin state on the emulated port"

#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Counter names users already read (issue 19): the same frames through
# Debian's mlx5_core and then through cx4, on the same two cabled
# emulated functions, in two quiet network namespaces (no IPv6, static
# neighbours).  a sends raw frames of known sizes (unicast to b in every
# RFC 2819 bucket up to 1518 bytes, broadcast, multicast, a PAUSE frame,
# a 3000-byte frame b's port drops as too long, a unicast frame to a MAC
# nobody has, which b's steering drops), then, for the software counters,
# 4 raw frames through VLAN 100 (a's device inserts the tag, b's strips
# it: tx/rx<N>_added/removed_vlan_packets) and 5 UDP datagrams to an
# address b does not have (b's device verifies their checksums:
# rx<N>_csum_unnecessary; b's stack drops them without an answer;
# mlx5_core's rx_no_csum_complete flag on, else it hands IP frames up
# as CHECKSUM_COMPLETE where cx4 says CHECKSUM_UNNECESSARY); every
# ethtool -S name that both drivers show must move by the same amount
# under both, on a and on b.  The queue a frame takes depends on the
# sending CPU and on each driver's RSS: the per-queue rx<N>_* and
# tx<N>_* counters are compared by their sums over queues.  The names
# the issue lists (port, vport, drop and per-queue counters) and the
# software counters cx4 shares with mlx5_core must be among the shared
# ones, the VLAN and checksum counters must have moved by what was
# sent, and at least 20 of the shared names must have moved: a test
# where nothing moved or nothing is shared cannot pass.  No difference
# is allowed: tx_bytes and tx<N>_bytes with the device inserting VLAN
# tags included (neither driver counts the inserted tag).
# Prints mlx5_core's whole list and the names only one driver has.
# Shares mlx5_netdev.sh's VM (same shape): no boot of its own.
# Cost (2-core machine, alone): 33 s after mlx5_dropin in the shared boot
# (mlx5_core's modules already read), about 80 s as the boot's first test;
# the VLAN and UDP frames add 3-7 s per driver (49-53 s in all after a
# boot of its own, 2026-11-28, machine at load 16).
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"

# Names the issue quotes, read by node exporter, ethq and dashboards.
MUST="rx_out_of_buffer rx_discards_phy rx_packets_phy tx_bytes_phy
rx_crc_errors_phy link_down_events_phy rx_vport_unicast_packets
rx0_packets rx_packets tx_packets"
# cx4's software counters with mlx5_core's names (per queue and totals).
SW="rx0_packets rx0_bytes rx0_csum_unnecessary rx0_csum_none rx0_buff_alloc_err
rx0_wqe_err rx0_lro_packets rx0_lro_bytes rx0_removed_vlan_packets rx0_recover
tx0_packets tx0_bytes tx0_stopped tx0_wake tx0_dropped tx0_cqe_err
tx0_tso_packets tx0_added_vlan_packets tx0_recover rx_bytes rx_csum_unnecessary
rx_csum_none rx_buff_alloc_err rx_wqe_err rx_lro_packets rx_lro_bytes
rx_removed_vlan_packets rx_recover tx_bytes tx_queue_stopped tx_queue_wake
tx_queue_dropped tx_cqe_err tx_tso_packets tx_added_vlan_packets tx_recover"
# "side name delta" each driver must show for the VLAN and UDP frames.
MOVES="a txQ_added_vlan_packets 4
a tx_added_vlan_packets 4
b rxQ_removed_vlan_packets 4
b rx_removed_vlan_packets 4
b rxQ_csum_unnecessary 5
b rx_csum_unnecessary 5"

# snap NETNS IFACE: "name value" per ethtool -S counter, the per-queue
# rx<N>_<c> and tx<N>_<c> folded into one "rxQ_<c>" or "txQ_<c>" sum.
snap() {
	nsx "$1" ethtool -S "$2" | awk -F': *' 'NR > 1 && NF == 2 {
		gsub(/^[ \t]+/, "", $1)
		if ($1 ~ /^[rt]x[0-9]+_/) { n = $1; sub(/x[0-9]+_/, "xQ_", n); q[n] += $2; next }
		print $1, $2 }
		END { for (n in q) print n, q[n] }'
}

# counter FILE NAME: the value of NAME in a snap file.
counter() {
	awk -v k="$2" '$1 == k { print $2; f = 1 } END { exit !f }' "$1"
}

# b has seen every frame: the port received the frames it does not drop
# by length, and the driver delivered what the port steered to the vport.
settled() {
	local drv=$1 rx vrx k
	snap "${drv}b" "$PAIR_B" > "/tmp/cnt-$drv-b-1"
	rx=$(($(counter "/tmp/cnt-$drv-b-1" rx_packets_phy) -
	      $(counter "/tmp/cnt-$drv-b-0" rx_packets_phy)))
	[ "$rx" = "$RX_OK" ] || return 1
	vrx=0
	for k in unicast multicast broadcast; do
		vrx=$((vrx + $(counter "/tmp/cnt-$drv-b-1" "rx_vport_${k}_packets") -
		       $(counter "/tmp/cnt-$drv-b-0" "rx_vport_${k}_packets")))
	done
	[ $(($(counter "/tmp/cnt-$drv-b-1" rx_packets) -
	     $(counter "/tmp/cnt-$drv-b-0" rx_packets))) = "$vrx" ] || return 1
	snap "${drv}a" "$PAIR_A" > "/tmp/cnt-$drv-a-1"
	[ $(($(counter "/tmp/cnt-$drv-a-1" tx_packets) -
	     $(counter "/tmp/cnt-$drv-a-0" tx_packets))) = "$SENT" ]
}

# Raw frames from a spec on stdin (lib/send_frames.py; PCP "-": untagged).
SEND=$(dirname "$0")/../lib/send_frames.py

# run DRV: the pair under driver DRV (mlx5 or cx4), the frames sent, the
# counters of both ends before and after in /tmp/cnt-DRV-{a,b}-{0,1}.
run() {
	local drv=$1 mac_a mac_b sent t0 sw
	pair_up "$drv"
	mac_a=$(ip netns exec "${drv}a" cat "/sys/class/net/$PAIR_A/address")
	mac_b=$(ip netns exec "${drv}b" cat "/sys/class/net/$PAIR_B/address")
	nsx "${drv}a" sysctl -qw "net.ipv6.conf.$PAIR_A.disable_ipv6=1"
	nsx "${drv}b" sysctl -qw "net.ipv6.conf.$PAIR_B.disable_ipv6=1"
	ip -n "${drv}a" neigh replace 198.18.0.2 lladdr "$mac_b" dev "$PAIR_A" nud permanent
	ip -n "${drv}b" neigh replace 198.18.0.1 lladdr "$mac_a" dev "$PAIR_B" nud permanent
	# a sends the 3000-byte frame (MTU 9000); b's port (MTU 1500) drops it.
	ip -n "${drv}a" link set "$PAIR_A" mtu 9000 || fail "$drv: $PAIR_A: MTU 9000 refused"
	wait_for carrier "${drv}a" "$PAIR_A" || fail "$drv: $PAIR_A: no carrier after the MTU change"
	# VLAN 100 on both ends (no IPv6 on them), a's route to 198.18.0.3
	# (an address b does not have) through b's MAC.
	t0=$SECONDS
	nsx "${drv}a" sysctl -qw net.ipv6.conf.default.disable_ipv6=1
	nsx "${drv}b" sysctl -qw net.ipv6.conf.default.disable_ipv6=1
	ip -n "${drv}a" link add link "$PAIR_A" name v100 up type vlan id 100 ||
		fail "$drv: $PAIR_A: no VLAN 100"
	ip -n "${drv}b" link add link "$PAIR_B" name v100 up type vlan id 100 ||
		fail "$drv: $PAIR_B: no VLAN 100"
	ip -n "${drv}a" neigh replace 198.18.0.3 lladdr "$mac_b" dev "$PAIR_A" nud permanent
	if [ "$drv" = mlx5 ]; then
		nsx mlx5b ethtool --set-priv-flags "$PAIR_B" rx_no_csum_complete on ||
			fail "mlx5: $PAIR_B: cannot set rx_no_csum_complete"
	fi
	sw=$((SECONDS - t0))
	nsx "${drv}a" busybox ping -A -c 2 -W 5 198.18.0.2 > /dev/null || fail "$drv: no ping a -> b"
	nsx "${drv}a" ethtool -S "$PAIR_A" | awk -F': *' 'NR > 1 && NF == 2 {
		gsub(/^[ \t]+/, "", $1); print $1 }' > "/tmp/cnt-$drv-names"
	log "[${SECONDS}s] $drv: pair up, quiet, a at MTU 9000, VLAN 100 on both"
	snap "${drv}a" "$PAIR_A" > "/tmp/cnt-$drv-a-0"
	snap "${drv}b" "$PAIR_B" > "/tmp/cnt-$drv-b-0"
	# "dst ethertype size pcp count": 25 frames, 23 of them received OK by
	# b's port (not the PAUSE frame, which the MAC consumes, nor the
	# 3000-byte one; the unknown unicast is, then steering drops it).
	sent=$(ip netns exec "${drv}a" python3 -S "$SEND" "$PAIR_A" <<-EOF
		$mac_b 88b5 60 - 4
		$mac_b 88b5 100 - 3
		$mac_b 88b5 200 - 2
		$mac_b 88b5 400 - 2
		$mac_b 88b5 800 - 2
		$mac_b 88b5 1514 - 1
		ff:ff:ff:ff:ff:ff 88b5 80 - 3
		01:00:5e:00:00:01 88b5 90 - 2
		02:00:00:00:00:99 88b5 70 - 2
		01:80:c2:00:00:01 8808 60 - 1
		$mac_b 88b5 3000 - 1
		$mac_b 88b5 64 - 2
	EOF
	) || fail "$drv: sending raw frames failed"
	[ "$sent" = "$SENT_RAW" ] || fail "$drv: sent $sent frames, want $SENT_RAW"
	t0=$SECONDS
	sent=$(ip netns exec "${drv}a" python3 -S "$SEND" v100 <<< "$mac_b 88b5 100 - 4") ||
		fail "$drv: sending through VLAN 100 failed"
	[ "$sent" = 4 ] || fail "$drv: sent $sent frames through VLAN 100, want 4"
	sent=$(nsx "${drv}a" python3 -S -c "$UDP_PY") || fail "$drv: sending UDP failed"
	[ "$sent" = 5 ] || fail "$drv: sent $sent UDP datagrams, want 5"
	COST_SW="$COST_SW $drv $((sw + SECONDS - t0)) s"
	wait_for settled "$drv" || fail "$drv: the frames did not all arrive: $(counter "/tmp/cnt-$drv-b-1" rx_packets_phy) rx_packets_phy"
	log "[${SECONDS}s] $drv: $SENT frames sent and counted"
	pair_cleanup
	trap - EXIT
}
UDP_PY='import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
print(sum(s.sendto(bytes(100), ("198.18.0.3", 9)) == 100 for _ in range(5)))'
# 25 raw frames (23 received OK by b's port), 4 through VLAN 100, 5 UDP.
SENT_RAW=25 SENT=34 RX_OK=32 COST_SW=

dmesg -C
echo 1 > /sys/bus/auxiliary/drivers_autoprobe
run mlx5
mlx5_remove
run cx4
rmmod cx4 || fail "rmmod cx4 failed"
assert_device_clean

# The snapshots side by side, one line per counter of either driver:
# "side name mlx5-delta cx4-delta" ("-" for a driver without the name).
for side in a b; do
	for drv in mlx5 cx4; do
		awk -v s="$side" -v d="$drv" 'NR == FNR { v0[$1] = $2; next }
			($1 in v0) { print s, d, $1, $2 - v0[$1] }' \
			"/tmp/cnt-$drv-$side-0" "/tmp/cnt-$drv-$side-1"
	done
done | awk '{ k = $1 " " $3; n[k] = 1; v[k " " $2] = $4 }
	END { for (k in n) print k, (k " mlx5" in v ? v[k " mlx5"] : "-"),
				  (k " cx4" in v ? v[k " cx4"] : "-") }' | sort > /tmp/cnt-side

log "mlx5_core's ethtool -S names ($(awk '$1 == "a" && $3 != "-"' /tmp/cnt-side | wc -l), rxQ_<c>, txQ_<c>: the sums of rx<N>_<c>, tx<N>_<c>):"
awk '$1 == "a" && $3 != "-" { printf "%s ", $2 }' /tmp/cnt-side | fold -s -w 100
echo
log "names only mlx5_core has: $(awk '$1 == "a" && $4 == "-" { printf "%s ", $2 }' /tmp/cnt-side)"
log "names only cx4 has: $(awk '$1 == "a" && $3 == "-" { printf "%s ", $2 }' /tmp/cnt-side)"
for n in $MUST $SW; do
	grep -qx -- "$n" /tmp/cnt-mlx5-names || fail "$n is not shown by mlx5_core"
	grep -qx -- "$n" /tmp/cnt-cx4-names || fail "$n is not shown by cx4"
done
while read -r side n d; do
	awk -v s="$side" -v n="$n" -v d="$d" '$1 == s && $2 == n && $3 == d && $4 == d { f = 1 }
		END { exit !f }' /tmp/cnt-side ||
		fail "$side $n moved by $(awk -v s="$side" -v n="$n" '$1 == s && $2 == n { print $3 "/" $4 }' \
			/tmp/cnt-side) (mlx5_core/cx4), want $d"
done <<< "$MOVES"
log "VLAN and UDP frames (cost:$COST_SW): every software counter in MOVES moved as sent under both"
read -r nshared moved < <(awk '$3 != "-" && $4 != "-" { n++; if ($3 != 0) m++ }
	END { print n + 0, m + 0 }' /tmp/cnt-side)
log "$nshared shared counters compared on a and b, $moved of them moved under mlx5_core (side name mlx5_core/cx4):"
awk '$3 != "-" && $4 != "-" && ($3 != 0 || $4 != 0) { printf "%s %s %s/%s  ", $1, $2, $3, $4 }' \
	/tmp/cnt-side | fold -s -w 100
echo
bad=$(awk '$3 != "-" && $4 != "-" && $3 != $4 {
		printf "\n  %s %s: mlx5_core +%s, cx4 +%s", $1, $2, $3, $4 }' /tmp/cnt-side)
[ -z "$bad" ] || fail "shared names that moved differently:$bad"
[ "$moved" -ge 20 ] || fail "only $moved shared counters moved"
log "every shared ethtool -S name moved by the same amount under mlx5_core and cx4 (tx bytes of tagged frames included)"

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on --timeout 900
# SPDX-License-Identifier: GPL-2.0
#
# iperf3 TCP in both directions at once (two connections, one each way,
# each bounded: 512 KB) with
# every offload on, then with each one off in turn: tso, tx checksum, rx
# checksum, and on a
# VLAN sub-interface rxvlan and txvlan.  For every run: the bytes iperf3
# moved are cross-checked with the interface counters of both ends
# (at least the payload; at most 4x + 1 MB: headers and retransmissions
# of frames a loaded TCG guest dropped), the driver's TX and RX byte
# counters must equal the device's (exactly, but for the VLAN tags the
# device inserted, which the driver does not count: mlx5_core's
# tx_bytes), and the offload being tested must have been
# used when on and not used when off (per-ring counters).
. "$(dirname "$0")/lib.sh"

dp_pair_up
a=$DP_A b=$DP_B
# The VLAN sub-interfaces get no IPv6 (set before they come up): no
# tagged MLD or router solicitation goes out during the untagged runs,
# whose TX bytes must match the device's exactly.
nsx cx4a sysctl -qw net.ipv6.conf.default.disable_ipv6=1
nsx cx4b sysctl -qw net.ipv6.conf.default.disable_ipv6=1
pair_vlan 200 198.19.200
nsx cx4a busybox ping -A -c 2 -W 5 198.19.200.2 || fail "VLAN ping"

# The driver's TX and RX bytes must move exactly as the device's (32-bit
# device counters): every frame the device sent or delivered was
# accounted once, with LSO segments and padding as on the wire.  One
# exception: a VLAN tag the device inserts is on the wire but not in the
# driver's TX bytes (mlx5_core's semantics), so with txvlan on the
# device's TX bytes run ahead by 1 to 4 bytes per driver TX frame
# (a tag adds 4, less when it fills a frame's padding) and the offset
# moves by that.
# Both counters run from different origins (the device's from its last
# reset, the driver's from the netdev's creation; an earlier test in the
# same boot moves the former only), so the offset between them is taken
# once at the start and must never change.  Read when the link is quiet:
# the device counter read before and after the driver's must not have
# moved (a neighbour probe or a TCP teardown frame may still be in flight
# just after a run).  A real mismatch never settles and fails after 10 s.
# quiet_bytes NS IF FN tx|rx -> "DRIVER DEVICE"; 1 if it never settles.
quiet_bytes() {
	local drv d0 d1
	for _ in $(seq 50); do
		d0=$(ctl_get "$3" "${4}_bytes")
		drv=$(dp_stat "$1" "$2" "${4}[0-9]+_bytes")
		d1=$(ctl_get "$3" "${4}_bytes")
		[ "$d0" = "$d1" ] && { echo "$drv $d1"; return 0; }
		nap 0.2
	done
	echo "$2: $4 bytes never settle (device $d0 then $d1)" >&2
	return 1
}
declare -A dev_offset=() dev_pkts=()
dev_base() { # dev_base NS IF FN: the device-minus-driver offsets, mod 2^32
	local dir drv dev q
	for dir in tx rx; do
		q=$(quiet_bytes "$@" "$dir") || fail "$2: no quiet $dir counters"
		read -r drv dev <<<"$q"
		dev_offset[$2.$dir]=$(((dev - drv) & 0xffffffff))
	done
	dev_pkts[$2]=$(dp_stat "$1" "$2" 'tx[0-9]+_packets')
}
# dev_tx_check NS IF FN TAGS: TAGS "tags" when the device inserted VLAN
# tags in this run (the TX offset must grow, by at most 4 per frame),
# "-" when not (exact).
dev_tx_check() {
	local dir drv dev extra q pkts tags=$4
	pkts=$(($(dp_stat "$1" "$2" 'tx[0-9]+_packets') - dev_pkts[$2]))
	for dir in tx rx; do
		for _ in $(seq 50); do
			q=$(quiet_bytes "$1" "$2" "$3" "$dir") || fail "$2: no quiet $dir counters"
			read -r drv dev <<<"$q"
			extra=$(((dev - drv - dev_offset[$2.$dir]) & 0xffffffff))
			[ "$extra" = 0 ] && [ "$dir.$tags" != tx.tags ] && continue 2
			if [ "$dir.$tags" = tx.tags ] && [ "$extra" -gt 0 ] &&
				[ "$extra" -le $((4 * pkts)) ]; then
				log "  $2: device tx bytes +$extra over the driver's: the tags inserted in $pkts frames"
				dev_offset[$2.tx]=$(((dev_offset[$2.tx] + extra) & 0xffffffff))
				continue 2
			fi
			nap 0.2
		done
		fail "$2: $dir bytes: driver $drv + offset ${dev_offset[$2.$dir]} + $extra != device $dev (low 32 bits; tags: $tags, $pkts frames)"
	done
	dev_pkts[$2]=$(dp_stat "$1" "$2" 'tx[0-9]+_packets')
}

# Snapshot of both ends' ethtool -S, one "name value" a line, names
# prefixed a_ / b_.
snap() {
	{
		nsx cx4a ethtool -S "$a" | awk -F': *' 'NR > 1 { gsub(/ /, "", $1); print "a_" $1, $2 }'
		nsx cx4b ethtool -S "$b" | awk -F': *' 'NR > 1 { gsub(/ /, "", $1); print "b_" $1, $2 }'
	} >"$1"
}

# Sum of the counters matching regex $2 (both ends) in snapshot $1.
ssum() {
	awk -v k="$2" '$1 ~ "^[ab]_"k"$" { s += $2 } END { print s + 0 }' "$1"
}

# esum SNAPSHOT END REGEX: the same for one end (a or b).
esum() {
	awk -v k="$3" -v e="$2" '$1 ~ "^"e"_"k"$" { s += $2 } END { print s + 0 }' "$1"
}

PAD_SLACK=$((32 * 18))

# run NAME ADDR "REGEX=on|off...": one iperf3 connection each way at once,
# 512 KB each (not --bidir: it ends when its first direction has its count,
# and under load the other one may not have started yet): a -> b to ADDR,
# b's address, and b -> a to the same address ending in 1 instead of 2.
# Both directions' bytes are checked against the interface counters;
# every REGEX'd counter (summed over both ends) must have moved (on) or
# not (off).
run() {
	local name=$1 addr=$2 specs=$3 srv_a srv_b cli rc=0 nab nba
	local atx arx btx brx spec re want used addr_a=${2%2}1 tags sa sb
	snap /tmp/s0
	atx=$(dp_ifstat cx4a "$a" tx_bytes) arx=$(dp_ifstat cx4a "$a" rx_bytes)
	btx=$(dp_ifstat cx4b "$b" tx_bytes) brx=$(dp_ifstat cx4b "$b" rx_bytes)
	timeout 60 busybox nsenter --net=/run/netns/cx4b iperf3 -s -1 -B "$addr" >/dev/null 2>&1 &
	srv_b=$!
	timeout 60 busybox nsenter --net=/run/netns/cx4a iperf3 -s -1 -B "$addr_a" >/dev/null 2>&1 &
	srv_a=$!
	sleep 1
	timeout 55 busybox nsenter --net=/run/netns/cx4b iperf3 -c "$addr_a" -n 512K \
		--connect-timeout 5000 -J >/tmp/iperf-ba.json 2>&1 &
	cli=$!
	timeout 55 busybox nsenter --net=/run/netns/cx4a iperf3 -c "$addr" -n 512K \
		--connect-timeout 5000 -J >/tmp/iperf-ab.json 2>&1 || rc=$?
	wait "$cli" || rc=$?
	wait "$srv_a" "$srv_b" || true
	[ "$rc" = 0 ] || { cat /tmp/iperf-ab.json /tmp/iperf-ba.json >&2; fail "$name: iperf3 failed ($rc)"; }
	nab=$(iperf_bytes /tmp/iperf-ab.json sum_received) &&
		nba=$(iperf_bytes /tmp/iperf-ba.json sum_received) ||
		{ cat /tmp/iperf-ab.json /tmp/iperf-ba.json >&2; fail "$name: iperf3 output unreadable"; }
	nap 0.5
	atx=$(($(dp_ifstat cx4a "$a" tx_bytes) - atx))
	arx=$(($(dp_ifstat cx4a "$a" rx_bytes) - arx))
	btx=$(($(dp_ifstat cx4b "$b" tx_bytes) - btx))
	brx=$(($(dp_ifstat cx4b "$b" rx_bytes) - brx))
	snap /tmp/s1
	log "$name: iperf3 a->b $nab bytes, b->a $nba; $a tx +$atx rx +$arx, $b tx +$btx rx +$brx"
	[ "$nab" -gt 32768 ] || fail "$name: only $nab bytes moved a -> b"
	[ "$nba" -gt 32768 ] || fail "$name: only $nba bytes moved b -> a"
	[ "$atx" -ge "$nab" ] && [ "$brx" -ge "$nab" ] ||
		fail "$name: a->b payload $nab > $a sent $atx or $b received $brx"
	[ "$btx" -ge "$nba" ] && [ "$arx" -ge "$nba" ] ||
		fail "$name: b->a payload $nba > $b sent $btx or $a received $arx"
	# Headers, ACKs, and retransmissions of what a loaded guest dropped.
	[ "$atx" -le $((4 * (nab + nba) + (1 << 20))) ] &&
		[ "$btx" -le $((4 * (nab + nba) + (1 << 20))) ] ||
		fail "$name: $atx / $btx bytes sent for $((nab + nba)) of payload"
	# A tag the device inserted is in the receiver's bytes when its
	# device does not strip it (rxvlan off), not in the sender's.
	tags=- sa=0 sb=0
	if [[ " $specs " = *" $INS=on "* ]]; then
		tags=tags
		sa=$((4 * ($(esum /tmp/s1 a 'tx[0-9]+_packets') - $(esum /tmp/s0 a 'tx[0-9]+_packets'))))
		sb=$((4 * ($(esum /tmp/s1 b 'tx[0-9]+_packets') - $(esum /tmp/s0 b 'tx[0-9]+_packets'))))
	fi
	# A frame shorter than 60 bytes (ARP 42, a tagged ARP 46) is counted
	# as sent by its length and as received padded to 60 (the wire's
	# minimum): up to 32 such frames in a run (ARP probes), 18 bytes each.
	# A frame counted twice (at least 60 bytes, an MTU's with iperf3)
	# still shows.
	[ "$brx" -le $((atx + sa + PAD_SLACK)) ] && [ "$arx" -le $((btx + sb + PAD_SLACK)) ] ||
		fail "$name: more received than sent ($brx > $atx + $sa or $arx > $btx + $sb, + $PAD_SLACK for padding)"
	for spec in $specs; do
		re=${spec%=*} want=${spec#*=}
		used=$(($(ssum /tmp/s1 "$re") - $(ssum /tmp/s0 "$re")))
		log "  $re +$used (want $want)"
		if [ "$want" = on ]; then
			[ "$used" -gt 0 ] || fail "$name: $re not used"
		else
			[ "$used" = 0 ] || fail "$name: $re moved by $used while off"
		fi
	done
	dev_tx_check cx4a "$a" "$DP_FA" "$tags"
	dev_tx_check cx4b "$b" "$DP_FB" "$tags"
}

dev_base cx4a "$a" "$DP_FA"
dev_base cx4b "$b" "$DP_FB"

feat() {
	dp_features cx4a "$a" "$@"
	dp_features cx4b "$b" "$@"
}

TSO='tx[0-9]+_tso_packets' TXCS='tx[0-9]+_csum_partial_wire'
RXCS='rx[0-9]+_csum_unnecessary' INS='tx[0-9]+_added_vlan_packets'
STRIP='rx[0-9]+_removed_vlan_packets'

run "all on" 198.18.0.2 "$TSO=on $TXCS=on $RXCS=on"
run "all on, IPv6" 2001:db8::2 "$TSO=on $TXCS=on $RXCS=on"
feat tso off
run "tso off" 198.18.0.2 "$TSO=off $TXCS=on"
feat tx off
run "tx csum off" 198.18.0.2 "$TSO=off $TXCS=off $RXCS=on"
feat tx on tso on rx off
run "rx csum off" 198.18.0.2 "$TSO=on $RXCS=off"
feat rx on
run "vlan, all on" 198.19.200.2 "$INS=on $STRIP=on $TSO=on"
feat rxvlan off
run "rxvlan off" 198.19.200.2 "$INS=on $STRIP=off"
feat rxvlan on txvlan off
run "txvlan off" 198.19.200.2 "$INS=off $STRIP=on"
feat txvlan on

for ns_if in "cx4a $a" "cx4b $b"; do
	read -r ns ifc <<<"$ns_if"
	bad=$(dp_stat "$ns" "$ifc" '(rx|tx)[0-9]+_(bad_cqe|wqe_err|cqe_err|recover)')
	[ "$bad" = 0 ] || fail "$ifc: $bad bad/error CQEs or recoveries"
done
dp_cleanup
rmmod cx4
assert_device_clean
log "iperf3 both ways with each offload on and off, counters consistent"

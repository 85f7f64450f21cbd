#!/bin/bash
# vm: --nics 2 --smp 4 --dev-prop debug-ctl=on --timeout 600
# SPDX-License-Identifier: GPL-2.0
#
# Queue statistics and queue/NAPI objects over the netdev netlink family
# (lib/netdev_nl.py, no ynl), checked by lib/qstats_check.py on both
# ends of two cabled functions (4 channels each; the VM shape of
# rss.sh and ethtool_chan.sh, one boot): every RX/TX queue
# linked to its channel's NAPI, every NAPI naming the IRQ of its
# completion vector (/proc/interrupts cx4-BDF-compN, msi_irqs); the
# device-scope qstats equal the ethtool -S totals and ip -s link, each
# queue's equal its channel's ethtool -S counters.  Counters are read
# with both cables pulled (no frame in or out) until two reads agree.
# After bounded TCP traffic both ways, then after ethtool -L combined 1
# (the departed queues' counts move to the base, exactly), -L combined 4
# (new queues count from zero), an MTU change and a ring change (-G):
# device totals unchanged, objects relinked.  Then traffic again, and a
# health recovery of one function: objects and sums hold after it.
. "$(dirname "$0")/lib.sh"

CHECK=$(dirname "$0")/../lib/qstats_check.py
dp_pair_up
a=$DP_A b=$DP_B fa=$DP_FA fb=$DP_FB

# qcheck NS IF BDF CHANNELS TAG [qstats_check.py options]: the checks,
# the state saved as /tmp/qs-IF-TAG for a later --prev.
qcheck() {
	local ns=$1 ifc=$2 bdf=$3 nch=$4 tag=$5
	shift 5
	ip netns exec "$ns" timeout 120 python3 -S "$CHECK" "$ifc" "$bdf" "$nch" \
		--save "/tmp/qs-$ifc-$tag" "$@" || fail "$ifc: queue statistics or objects wrong ($tag)"
}

# both_check CHANNELS TAG PREV-TAG|- [options]: qcheck on both ends,
# against the state saved as PREV-TAG unless "-".
both_check() {
	local nch=$1 tag=$2 prev=$3 ns_if ns ifc bdf p
	shift 3
	for ns_if in "cx4a $a $fa" "cx4b $b $fb"; do
		read -r ns ifc bdf <<<"$ns_if"
		p=()
		[ "$prev" = - ] || p=(--prev "/tmp/qs-$ifc-$prev")
		qcheck "$ns" "$ifc" "$bdf" "$nch" "$tag" "${p[@]}" "$@"
	done
}

# Bounded TCP both ways, four flows (spread over the queues by RSS/XPS).
traffic() {
	dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M -P 4 > /dev/null
	dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M -P 4 -R > /dev/null
}

cable() {
	ctl_set "$fa" link "$1"
	ctl_set "$fb" link "$1"
	if [ "$1" = 1 ]; then
		WAIT_SECS=30 wait_for carrier cx4a "$a" || fail "$a: no carrier with the cable in"
		WAIT_SECS=30 wait_for carrier cx4b "$b" || fail "$b: no carrier with the cable in"
	else
		wait_for eval '! carrier cx4a "$a"' || fail "$a: carrier with the cable out"
		wait_for eval '! carrier cx4b "$b"' || fail "$b: carrier with the cable out"
	fi
}

# both_ethtool OPTION ARGS...: ethtool OPTION IF ARGS... on both netdevs.
both_ethtool() {
	nsx cx4a ethtool "$1" "$a" "${@:2}" || fail "$a: ethtool $*"
	nsx cx4b ethtool "$1" "$b" "${@:2}" || fail "$b: ethtool $*"
}

[ "$(nsx cx4a ethtool -l "$a" | awk '/^Combined/ { n = $2 } END { print n }')" = 4 ] ||
	fail "$a: not 4 channels (smp 4)"
traffic
cable 0
both_check 4 t1 - --min 100
log "[${SECONDS}s] after traffic: 4 queue pairs, NAPIs and IRQs, device = ethtool = ip -s link"

both_ethtool -L combined 1
both_check 1 l1 t1
log "[${SECONDS}s] -L combined 1: queues 1-3 folded into the base, totals unchanged"
both_ethtool -L combined 4
both_check 4 l4 l1
log "[${SECONDS}s] -L combined 4: new queues from zero, totals unchanged"
nsx cx4a busybox ip link set "$a" mtu 4000 || fail "$a: MTU 4000 refused"
nsx cx4b busybox ip link set "$b" mtu 4000 || fail "$b: MTU 4000 refused"
both_check 4 mtu l4
log "[${SECONDS}s] MTU 4000: NAPIs relinked, counters unchanged"
both_ethtool -G rx 256 tx 256
both_check 4 ring mtu
log "[${SECONDS}s] -G rx/tx 256: NAPIs relinked, counters unchanged"

cable 1
traffic
cable 0
both_check 4 t2 - --min 200
log "[${SECONDS}s] traffic again: per-queue sums plus base = device totals"

# Health recovery of a's function: the netdev is kept, its channels are
# rebuilt on the recovered function (IRQs requested anew).
resumed() {
	dmesg_count "$a: resumed after the function's recovery"
}
res0=$(resumed)
ctl_set "$fa" internal_error 0x07
recovered() {
	[ "$(stat_get "$fa" health_recoveries)" = 1 ] && [ "$(stat_get "$fa" up)" = 1 ] &&
		[ "$(resumed)" -gt "$res0" ]
}
WAIT_SECS=90 wait_for recovered || fail "$fa: not recovered from the internal error"
cable 0
qcheck cx4a "$a" "$fa" 4 health
log "[${SECONDS}s] after health recovery: objects and sums hold on $a"

# Cables back in: the next test in this VM starts with the link up.
cable 1
dp_cleanup
trap - EXIT
rmmod cx4
assert_device_clean
rm -f /tmp/qs-*
log "queue statistics and queue/NAPI objects consistent throughout"

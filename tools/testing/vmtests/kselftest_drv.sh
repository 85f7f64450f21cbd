#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# The kernel's own NIC driver selftests (tools/testing/selftests/drivers/
# net of the 6.12 source tree, run in place, read-only) on Debian's 6.12
# kernel, against cx4 and then against Debian's mlx5_core on the same two
# cabled emulated ports: function 0's netdev in the init netns is the
# device under test (NETIF), function 1's in a netns the remote end
# (REMOTE_TYPE=netns), as the selftests' README describes.  Debian's
# kernel, not the test kernel: the selftests read what distribution
# kernels have (queues.py counts the queues/rx-N sysfs objects, which
# need CONFIG_RPS).  Every cx4 case must end as EXPECT says ("ok": passed,
# a skip fails here), and no case may pass under mlx5_core and not under
# cx4; both drivers' verdicts are printed side by side.
#
# Cost (2-core machine, alone): about 120 s in the stock-kernel VM.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
KSFT=${CX4_KSRC:?CX4_KSRC: the 6.12 source tree (tools/testing/vmtest sets it)}/tools/testing/selftests/drivers/net
[ -f "$KSFT/stats.py" ] || fail "no driver selftests under $KSFT"
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"
SCRIPTS="ping queues stats"

# script.case verdict: what each cx4 case must end as.
declare -A EXPECT=(
	[ping.test_v4]=ok
	[ping.test_v6]=ok
	[ping.test_tcp]=ok
	[queues.get_queues]=ok
	[queues.addremove_queues]=ok
	[stats.check_pause]=ok
	[stats.check_fec]=ok
	[stats.pkt_byte_sum]=ok
	[stats.qstat_by_ifindex]=ok
	[stats.check_down]=ok
)

# ksft_pair DRV: DRV's netdevs, a in the init netns (198.18.0.1,
# 2001:db8::1), b in netns ksftb (.2, ::2), both up with carrier.
ksft_pair() {
	local a b
	a=$(netdev_of "${fns[0]}") || fail "$1: ${fns[0]}: no netdev"
	b=$(netdev_of "${fns[1]}") || fail "$1: ${fns[1]}: no netdev"
	ip -batch - <<-EOF || fail "$1: cannot move $b into netns ksftb"
		netns add ksftb
		link set $b netns ksftb
	EOF
	ns_anchor ksftb
	busybox sysctl -qw "net.ipv6.conf.$a.keep_addr_on_down=1" || fail "$a: keep_addr_on_down"
	ip -batch - <<-EOF || fail "$a: addresses or up failed"
		addr add 198.18.0.1/24 dev $a
		addr add 2001:db8::1/64 dev $a nodad
		link set $a up
	EOF
	pair_addr ksftb "$b" 2
	WAIT_SECS=30 wait_for carrier_init "$a" || fail "$1: $a: no carrier"
	WAIT_SECS=30 wait_for carrier ksftb "$b" || fail "$1: $b: no carrier"
	KSFT_IF=$a
	log "$1: $a (${fns[0]}, the device under test) <-> $b (${fns[1]}, netns ksftb, the remote)"
}

carrier_init() {
	[ "$(cat "/sys/class/net/$1/carrier" 2>/dev/null)" = 1 ]
}

ksft_unpair() {
	ns_anchors_stop
	ip netns del ksftb 2>/dev/null || true
}

# ksft_run DRV: every case of $SCRIPTS on KSFT_IF; its verdicts into
# VERDICT[DRV:script.case] ("ok", "not ok", "skip", "xfail").
declare -A VERDICT=()
re='^(not )?ok [0-9]+ ([A-Za-z0-9_]+)[.]([A-Za-z0-9_]+)( # (SKIP|XFAIL))?'
ksft_run() {
	local t out line v
	for t in $SCRIPTS; do
		out=$(cd /tmp && NETIF=$KSFT_IF LOCAL_V4=198.18.0.1 REMOTE_V4=198.18.0.2 \
			LOCAL_V6=2001:db8::1 REMOTE_V6=2001:db8::2 \
			REMOTE_TYPE=netns REMOTE_ARGS=ksftb PYTHONDONTWRITEBYTECODE=1 \
			timeout 300 python3 "$KSFT/$t.py" 2>&1) || true
		echo "$out" | busybox sed "s/^/  $1: /"
		while IFS= read -r line; do
			[[ $line =~ $re ]] || continue
			v=ok
			[ -z "${BASH_REMATCH[1]}" ] || v="not ok"
			case ${BASH_REMATCH[5]} in
			SKIP) v=skip ;;
			XFAIL) v=xfail ;;
			esac
			VERDICT[$1:${BASH_REMATCH[2]}.${BASH_REMATCH[3]}]=$v
		done <<< "$out"
	done
}

trap 'ksft_unpair' EXIT
insmod "$KO" || fail "insmod cx4 failed"
ksft_pair cx4
ksft_run cx4
ksft_unpair
rmmod cx4 || fail "rmmod cx4 failed"
assert_device_clean

echo 1 > /sys/bus/auxiliary/drivers_autoprobe
modprobe mlx5_core || fail "modprobe mlx5_core failed"
WAIT_SECS=30 wait_for has_netdev "${fns[0]}" || fail "${fns[0]}: mlx5e registered no netdev"
WAIT_SECS=30 wait_for has_netdev "${fns[1]}" || fail "${fns[1]}: mlx5e registered no netdev"
ksft_pair mlx5
ksft_run mlx5
ksft_unpair
dmesg -C
mlx5_remove

bad=0
printf '# %-28s %-8s %s\n' case cx4 mlx5_core
keys=$({
	for key in "${!VERDICT[@]}"; do echo "${key#*:}"; done
	printf '%s\n' "${!EXPECT[@]}"
} | sort -u)
for key in $keys; do
	c=${VERDICT[cx4:$key]:-(not run)} m=${VERDICT[mlx5:$key]:-(not run)}
	printf '# %-28s %-8s %s\n' "$key" "$c" "$m"
	if [ "$c" != "${EXPECT[$key]:-}" ]; then
		echo "# $key: cx4 $c, want ${EXPECT[$key]:-(a case this test does not know)}"
		bad=$((bad + 1))
	elif [ "$m" = ok ] && [ "$c" != ok ]; then
		echo "# $key: passes under mlx5_core, not under cx4"
		bad=$((bad + 1))
	fi
done
[ "$bad" = 0 ] || fail "$bad selftest case(s) did not end as expected"
log "cx4: every driver selftest case ended as expected"

#!/bin/bash
# vm: --nics 2 --smp 4 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# The kernel's own NIC driver selftests (tools/testing/selftests/drivers/
# net of the 6.12 source the test kernel is built from, run in place,
# read-only) against cx4 on the two cabled emulated ports: function 0's
# netdev in the init netns is the device under test (NETIF), function 1's
# in netns cx4b is the remote end (REMOTE_TYPE=netns), as the selftests'
# README describes.  Each selftest case must end as EXPECT below says:
# "ok" (passed; a skip is a failure here), or "xfail" / "skip" where the
# case does not apply to this device (said why next to it).  A case the
# table does not name, or a "not ok", fails the test.
#
# Cost (2-core machine, alone): about 90 s in the smp-4 VM.
. "$(dirname "$0")/lib.sh"

KSFT=${CX4_KSRC:?CX4_KSRC: the 6.12 source tree (tools/testing/vmtest sets it)}/tools/testing/selftests/drivers/net
[ -f "$KSFT/stats.py" ] || fail "no driver selftests under $KSFT"

# script.case verdict: what each case must end as.
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

insmod "$KO" || fail "insmod failed"
trap pair_cleanup EXIT
mapfile -t fns < <(cx4_functions)
a=$(netdev_of "${fns[0]}") || fail "${fns[0]}: no netdev"
b=$(netdev_of "${fns[1]}") || fail "${fns[1]}: no netdev"
ip -batch - <<-EOF || fail "cannot move $b into netns cx4b"
	netns add cx4b
	link set $b netns cx4b
EOF
ns_anchor cx4b
busybox sysctl -qw "net.ipv6.conf.$a.keep_addr_on_down=1" || fail "$a: keep_addr_on_down"
ip -batch - <<-EOF || fail "$a: addresses or up failed"
	addr add 198.18.0.1/24 dev $a
	addr add 2001:db8::1/64 dev $a nodad
	link set $a up
EOF
pair_addr cx4b "$b" 2
WAIT_SECS=30 wait_for carrier cx4b "$b" || fail "$b: no carrier"
log "$a (${fns[0]}, the device under test) <-> $b (${fns[1]}, netns cx4b, the remote)"

export NETIF=$a LOCAL_V4=198.18.0.1 REMOTE_V4=198.18.0.2 \
	LOCAL_V6=2001:db8::1 REMOTE_V6=2001:db8::2 \
	REMOTE_TYPE=netns REMOTE_ARGS=cx4b PYTHONDONTWRITEBYTECODE=1

# KTAP result lines of lib/py/ksft.py: "[not ]ok N SCRIPT.CASE[ # SKIP|XFAIL ...]".
re='^(not )?ok [0-9]+ ([A-Za-z0-9_]+)[.]([A-Za-z0-9_]+)( # (SKIP|XFAIL))?'
declare -A seen=()
bad=0
for t in ping queues stats; do
	out=$(cd /tmp && timeout 300 python3 "$KSFT/$t.py" 2>&1) || true
	echo "$out" | busybox sed "s/^/  /"
	while IFS= read -r line; do
		[[ $line =~ $re ]] || continue
		v=ok
		[ -z "${BASH_REMATCH[1]}" ] || v="not ok"
		case ${BASH_REMATCH[5]} in
		SKIP) v=skip ;;
		XFAIL) v=xfail ;;
		esac
		key=${BASH_REMATCH[2]}.${BASH_REMATCH[3]}
		seen[$key]=$v
		if [ "${EXPECT[$key]:-}" != "$v" ]; then
			echo "# $key: $v, want ${EXPECT[$key]:-(a case this test does not know)}"
			bad=$((bad + 1))
		fi
	done <<< "$out"
done
for key in "${!EXPECT[@]}"; do
	[ -n "${seen[$key]:-}" ] || { echo "# $key: did not run"; bad=$((bad + 1)); }
done
[ "$bad" = 0 ] || fail "$bad selftest case(s) did not end as expected"
log "${#seen[@]} driver selftest cases ended as expected"

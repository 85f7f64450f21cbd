# SPDX-License-Identifier: GPL-2.0
# Guest-side helpers for the VM tests (sourced).  $1 of every test is the
# path of cx4.ko built against the running test kernel.
set -euo pipefail

KO=${1:?usage: $0 path/to/cx4.ko}
CTL=${CX4CTL:?CX4CTL: path of the compiled cx4ctl (tools/testing/build-cx4ctl)}

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

log() {
	echo "# $*"
}

# BDFs of the emulated functions, e.g. 0000:00:03.0.
cx4_functions() {
	"$CTL" list
}

cx4_bound() {
	[ -e "/sys/bus/pci/drivers/cx4/$1" ]
}

ctl_get() {
	"$CTL" "$1" get "$2"
}

ctl_set() {
	"$CTL" "$1" set "$2" "$3"
}

# Every function: the device owns no page and counted no guest error.
assert_device_clean() {
	local f n
	for f in $(cx4_functions); do
		n=$(ctl_get "$f" pages_owned)
		[ "$n" = 0 ] || fail "$f: device still owns $n pages"
		n=$(ctl_get "$f" guest_errors)
		[ "$n" = 0 ] || fail "$f: device counted $n guest errors"
	done
}

# Number of kernel log lines matching an extended regex.
dmesg_count() {
	dmesg | grep -cE "$1" || true
}

# The driver's debugfs directory of function $1.
cx4_dbg() {
	echo "/sys/kernel/debug/cx4/$1"
}

# A counter from the driver's debugfs stats of function $1.
stat_get() {
	awk -v k="$2" '$1 == k { print $2; found = 1 } END { exit !found }' \
		"$(cx4_dbg "$1")/stats" || fail "$1: no driver counter $2"
}

# Interrupts of the IRQ named $1, summed over the CPUs (empty if none).
irq_count() {
	awk -v n="$1" '$NF == n {
		s = 0
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++)
			s += $i
		print s
	}' /proc/interrupts
}

# --- eth (ethtool, port registers) ---------------------------------------

# The link modes ethtool lists under "$2" (e.g. "Supported link modes")
# for interface $1 (run through $ETH_NS if set), one per line, sorted.
eth_modes() {
	${ETH_NS:+ip netns exec "$ETH_NS"} ethtool "$1" | awk -v k="$2:" '
		index($0, k) { on = 1; sub(".*" k, ""); }
		on && /:/ && !index($0, k) { exit }
		on { for (i = 1; i <= NF; i++) if ($i != "Not" && $i != "reported") print $i }
	' | sort
}

# The value of "KEY: value" in "ethtool $1" (through $ETH_NS if set).
eth_field() {
	${ETH_NS:+ip netns exec "$ETH_NS"} ethtool "$1" |
		sed -n "s/^[[:space:]]*$2: //p"
}

# One counter of "ethtool -S $1" (through $ETH_NS if set); fails if absent.
eth_stat() {
	${ETH_NS:+ip netns exec "$ETH_NS"} ethtool -S "$1" |
		awk -v k="$2:" '$1 == k { print $2; found = 1 } END { exit !found }' ||
		fail "$1: no ethtool -S counter $2"
}

# --- steer: two cabled ports in two namespaces (rss.sh, filter.sh, lro.sh) ---

# dp_pair_up (below), then one ping each way.  Sets STEER_A and STEER_B.
steer_setup_pair() {
	dp_pair_up
	STEER_A=$DP_A STEER_B=$DP_B
	ip netns exec cx4a busybox ping -c 1 -W 5 198.18.0.2 >/dev/null ||
		fail "IPv4 ping a -> b"
	ip netns exec cx4a busybox ping6 -c 1 -W 5 2001:db8::2 >/dev/null ||
		fail "IPv6 ping a -> b"
}

# Tear down the pair, unload cx4 and check the device is clean.
steer_finish() {
	dp_cleanup
	trap - EXIT
	rmmod cx4
	assert_device_clean
}

# --- dp: datapath helpers: two cabled functions, one netns each ---------

# Retry "$@" up to 100 times, 0.1 s apart.
dp_wait() {
	local i
	for i in $(seq 100); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

dp_carrier() {
	[ "$(ip netns exec "$1" cat "/sys/class/net/$2/carrier" 2>/dev/null)" = 1 ]
}

dp_cleanup() {
	ip netns del cx4a 2>/dev/null || true
	ip netns del cx4b 2>/dev/null || true
}

# Load cx4, move the netdevs of the first two functions into netns cx4a
# and cx4b (DP_A, DP_B) with 198.18.0.1/24 / 2001:db8::1/64 and .2/::2,
# bring them up and wait for carrier.  Installs dp_cleanup on EXIT.
dp_pair_up() {
	local fns
	mapfile -t fns < <(cx4_functions)
	[ ${#fns[@]} -ge 2 ] || fail "need two emulated functions, have ${#fns[@]}"
	trap dp_cleanup EXIT
	insmod "$KO"
	DP_A=$(ls "/sys/bus/pci/devices/${fns[0]}/net") || fail "${fns[0]}: no netdev"
	DP_B=$(ls "/sys/bus/pci/devices/${fns[1]}/net") || fail "${fns[1]}: no netdev"
	DP_FA=${fns[0]} DP_FB=${fns[1]}
	ip netns add cx4a
	ip netns add cx4b
	ip link set "$DP_A" netns cx4a
	ip link set "$DP_B" netns cx4b
	ip -n cx4a addr add 198.18.0.1/24 dev "$DP_A"
	ip -n cx4b addr add 198.18.0.2/24 dev "$DP_B"
	# Keep the IPv6 addresses over down/up (the default drops them).
	ip netns exec cx4a sysctl -qw "net.ipv6.conf.$DP_A.keep_addr_on_down=1"
	ip netns exec cx4b sysctl -qw "net.ipv6.conf.$DP_B.keep_addr_on_down=1"
	ip -n cx4a addr add 2001:db8::1/64 dev "$DP_A" nodad
	ip -n cx4b addr add 2001:db8::2/64 dev "$DP_B" nodad
	ip -n cx4a link set "$DP_A" up || fail "$DP_A: up failed"
	ip -n cx4b link set "$DP_B" up || fail "$DP_B: up failed"
	dp_wait dp_carrier cx4a "$DP_A" || fail "$DP_A: no carrier"
	dp_wait dp_carrier cx4b "$DP_B" || fail "$DP_B: no carrier"
	log "$DP_A (${fns[0]}, netns cx4a) <-> $DP_B (${fns[1]}, netns cx4b)"
}

# Sum of the ethtool -S counters of netdev $2 in netns $1 whose names
# match the extended regex $3 (anchored), e.g. 'tx[0-9]+_bytes'.
dp_stat() {
	ip netns exec "$1" ethtool -S "$2" |
		awk -v k="$3" '$1 ~ "^"k":$" { s += $2 } END { print s + 0 }'
}

# No ring of any "NETNS NETDEV" argument saw a bad CQE or needed a recovery.
dp_assert_no_recover() {
	local ns_if ns ifc bad
	for ns_if in "$@"; do
		read -r ns ifc <<<"$ns_if"
		bad=$(dp_stat "$ns" "$ifc" '(rx|tx)[0-9]+_(bad_cqe|recover)')
		[ "$bad" = 0 ] || fail "$ifc: $bad bad CQEs or recoveries"
	done
}

# Interface counter $3 (rx_bytes, tx_packets...) of netdev $2 in netns $1.
dp_ifstat() {
	ip netns exec "$1" cat "/sys/class/net/$2/statistics/$3"
}

# ethtool -K of netdev $2 in netns $1: dp_features NS IF FEATURE on|off...
dp_features() {
	local ns=$1 ifc=$2
	shift 2
	ip netns exec "$ns" ethtool -K "$ifc" "$@" || fail "$ifc: ethtool -K $* failed"
}

# Bounded iperf3 run: server in netns $1 on address $2, client in netns
# $3 for $4 seconds (0: the client args bound it, e.g. -n 2M; 60 s at
# most), extra client args after.  Prints the bytes the server received;
# fails when the run fails.
dp_iperf() {
	local sns=$1 addr=$2 cns=$3 secs=$4 out srv rc=0 t=()
	shift 4
	[ "$secs" = 0 ] && secs=60 || t=(-t "$secs")
	out=$(mktemp)
	timeout $((secs + 30)) ip netns exec "$sns" iperf3 -s -1 -B "$addr" \
		>/dev/null 2>&1 &
	srv=$!
	sleep 1
	timeout $((secs + 25)) ip netns exec "$cns" iperf3 -c "$addr" "${t[@]}" \
		--connect-timeout 5000 -J "$@" >"$out" 2>&1 || rc=$?
	wait "$srv" || true
	if [ "$rc" != 0 ]; then
		cat "$out" >&2
		rm -f "$out"
		fail "iperf3 to $addr ($*) failed ($rc)"
	fi
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
e = r["end"]
print(int((e.get("sum_received") or e["sum"])["bytes"]))
' "$out" || { cat "$out" >&2; rm -f "$out"; fail "iperf3 output unreadable"; }
	rm -f "$out"
}

# SPDX-License-Identifier: GPL-2.0
# Guest-side helpers for the VM tests (sourced).  $1 of every test is the
# path of cx4.ko built against the running test kernel.
set -euo pipefail

KO=${1:?usage: $0 path/to/cx4.ko}
CTL=${CX4CTL:?CX4CTL: path of the compiled cx4ctl (tools/testing/build-cx4ctl)}

# Starting a program is what the tests spend most of their time on: under
# TCG with KASAN a dynamically linked one (GNU grep, awk, sleep, bash -c)
# costs 0.25-0.35 s before it does anything, a statically linked one
# (busybox, cx4ctl) 0.06 s.  So the text tools are busybox's applets, and
# the helpers below read files with the shell's own read where they can.
awk() { busybox awk "$@"; }
grep() { busybox grep "$@"; }
sed() { busybox sed "$@"; }
head() { busybox head "$@"; }
tail() { busybox tail "$@"; }
tr() { busybox tr "$@"; }
cut() { busybox cut "$@"; }
wc() { busybox wc "$@"; }
sort() { busybox sort "$@"; }
seq() { busybox seq "$@"; }
cat() { busybox cat "$@"; }
sleep() { busybox sleep "$@"; }
# kmod's insmod and rmmod are dynamically linked too: busybox's cost 0.5 s
# less a call, and every test loads and unloads the driver.
insmod() { busybox insmod "$@"; }
rmmod() { busybox rmmod "$@"; }

# nsx NS CMD...: CMD in network namespace NS.  busybox nsenter only joins
# the namespace; "ip netns exec" also starts ip (linked against six
# libraries: ~0.5 s under TCG and KASAN) and remounts /sys.  So under nsx
# /sys is still the root namespace's: a netdev moved to NS is not in
# /sys/class/net there (read NS's sysfs with ns_read, or run a program that
# needs it with ip netns exec).  A command put in the background whose PID
# is used is spelt out (busybox nsenter --net=/run/netns/NS CMD &): a
# shell function in the background is a subshell with a PID of its own.
nsx() {
	busybox nsenter --net="/run/netns/$1" -- "${@:2}"
}

# nap SECS: a pause without starting a program (a read that times out on
# a pipe nobody writes to), for polling loops.
exec {NAP_FD}<> <(:)
nap() {
	read -rt "$1" -u "$NAP_FD" _ || true
}

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

# fn_mac F: the permanent MAC tools/testing/vm gives function F (the
# I-th of cx4_functions, in bus order): 02:c4:00:12:34:(56 + I).
fn_mac() {
	local f i=0
	for f in $(cx4_functions); do
		[ "$f" != "$1" ] || { printf '02:c4:00:12:34:%02x\n' $((0x56 + i)); return 0; }
		i=$((i + 1))
	done
	fail "fn_mac: no function $1"
}

# mlx5_remove: rmmod mlx5_ib (if loaded) and mlx5_core: every function
# in fns unbound, no mlx5_core error or warning line, the device clean.
mlx5_remove() {
	local f bad
	rmmod mlx5_ib 2> /dev/null || true
	rmmod mlx5_core || fail "rmmod mlx5_core failed"
	for f in "${fns[@]}"; do
		[ ! -e "/sys/bus/pci/drivers/mlx5_core/$f" ] || fail "$f: still bound after rmmod"
	done
	bad=$(dmesg -l emerg,alert,crit,err,warn | grep -F "mlx5_core" || true)
	[ -z "$bad" ] || fail "mlx5_core error/warning lines at rmmod:
$bad"
	assert_device_clean
}

# For the tests of Debian's own kernel: fail on the test kernel; set fns
# to the two emulated functions.
stock_kernel_functions() {
	case $(uname -r) in
	*-cx4-test) fail "booted the test kernel, not Debian's" ;;
	esac
	mapfile -t fns < <(cx4_functions)
	[ ${#fns[@]} = 2 ] || fail "expected 2 emulated functions, found ${#fns[@]}"
}

cx4_bound() {
	[ -e "/sys/bus/pci/drivers/cx4/$1" ]
}

# ctl_get BDF NAME...: the device registers, one a line.
ctl_get() {
	"$CTL" "$1" get "${@:2}"
}

# ctl_set BDF NAME VALUE...: write the registers in order.
ctl_set() {
	"$CTL" "$1" set "${@:2}"
}

# Capabilities at run time (debug page CAPS_OFF / CAPS_ON: the device
# properties caps-off / caps-on, Documentation/device-model.md), taken
# only while no driver has the function.  caps_load REG MASK: every
# function offers the next driver to load REG = MASK (caps_off bit 9:
# log_max, bit 10: cq_moderation; caps_on bit 0: cqe_compression), with caps_unload as the EXIT
# trap; caps_clear: REG back to 0 once the driver is unloaded.
CAPS_LOG_MAX=$((1 << 9))
CAPS_CQ_MODERATION=$((1 << 10))
CAPS_CQE_COMPRESSION=1
caps_load() {
	local f
	CAPS_REG=$1
	for f in $(cx4_functions); do
		ctl_set "$f" "$1" "$2" || fail "$f: cannot set $1"
		[ "$(ctl_get "$f" "$1")" = "$2" ] || fail "$f: $1 not taken"
	done
}

caps_clear() {
	local f
	for f in $(cx4_functions); do
		ctl_set "$f" "$CAPS_REG" 0 || fail "$f: cannot clear $CAPS_REG"
		[ "$(ctl_get "$f" "$CAPS_REG")" = 0 ] || fail "$f: $CAPS_REG not cleared"
	done
}

# EXIT trap of a test that used caps_load: netns gone, drivers unloaded,
# the register cleared (best effort: the test has failed already).
caps_unload() {
	local f m
	pair_cleanup
	for m in cx4 mlx5_ib mlx5_core; do
		rmmod "$m" 2> /dev/null || true
	done
	for f in $(cx4_functions); do
		ctl_set "$f" "$CAPS_REG" 0 || true
	done
}

# Every function: the device owns no page and counted no guest error.
assert_device_clean() {
	local f v
	for f in $(cx4_functions); do
		mapfile -t v < <(ctl_get "$f" pages_owned guest_errors model_limitations)
		[ "${v[0]}" = 0 ] || fail "$f: device still owns ${v[0]} pages"
		[ "${v[1]}" = 0 ] || fail "$f: device counted ${v[1]} guest errors"
		[ "${v[2]}" = 0 ] ||
			fail "$f: device met ${v[2]} model limitations (requests it does not implement)"
	done
}

# Number of kernel log lines matching an extended regex.
dmesg_count() {
	busybox dmesg | grep -cE "$1" || true
}

# The driver's debugfs directory of function $1.
cx4_dbg() {
	echo "/sys/kernel/debug/cx4/$1"
}

# A counter from the driver's debugfs stats of function $1 (read by the
# shell itself: starting a program costs ~0.2 s under TCG and KASAN).
stat_get() {
	local k v
	while read -r k v; do
		if [ "$k" = "$2" ]; then
			echo "$v"
			return 0
		fi
	done < "/sys/kernel/debug/cx4/$1/stats"
	fail "$1: no driver counter $2"
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
	${ETH_NS:+busybox nsenter --net=/run/netns/"$ETH_NS"} ethtool "$1" | awk -v k="$2:" '
		index($0, k) { on = 1; sub(".*" k, ""); }
		on && /:/ && !index($0, k) { exit }
		on { for (i = 1; i <= NF; i++) if ($i != "Not" && $i != "reported") print $i }
	' | sort
}

# The value of "KEY: value" in "ethtool $1" (through $ETH_NS if set).
eth_field() {
	${ETH_NS:+busybox nsenter --net=/run/netns/"$ETH_NS"} ethtool "$1" |
		sed -n "s/^[[:space:]]*$2: //p"
}

# One counter of "ethtool -S $1" (through $ETH_NS if set); fails if absent.
eth_stat() {
	${ETH_NS:+busybox nsenter --net=/run/netns/"$ETH_NS"} ethtool -S "$1" |
		awk -v k="$2:" '$1 == k { print $2; found = 1 } END { exit !found }' ||
		fail "$1: no ethtool -S counter $2"
}

# --- steer: two cabled ports in two namespaces (rss.sh, filter.sh, lro.sh) ---

# dp_pair_up (below), then one ping each way.  Sets STEER_A and STEER_B.
steer_setup_pair() {
	dp_pair_up
	STEER_A=$DP_A STEER_B=$DP_B
	nsx cx4a busybox ping -c 1 -W 5 198.18.0.2 >/dev/null ||
		fail "IPv4 ping a -> b"
	nsx cx4a busybox ping6 -c 1 -W 5 2001:db8::2 >/dev/null ||
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

# Retry "$@" every 0.1 s for up to WAIT_SECS seconds (default 10) of wall
# time, however long each try takes (a try is slow under TCG and KASAN).
wait_for() {
	local end=$((SECONDS + ${WAIT_SECS:-10}))
	while :; do
		"$@" && return 0
		[ "$SECONDS" -lt "$end" ] || return 1
		nap 0.1
	done
}

# The (first) netdev of PCI function $1; status 1 and nothing if none.
netdev_of() {
	local n
	n=$(ls "/sys/bus/pci/devices/$1/net" 2>/dev/null | head -n 1)
	[ -n "$n" ] && echo "$n"
}

has_netdev() {
	netdev_of "$1" >/dev/null
}

# Network namespaces whose sysfs the shell reads itself: NS_ANCHOR[NS] is
# a process parked in netns NS, in the mount namespace "ip netns exec"
# gives it (with NS's /sys), so that /proc/PID/root/sys/class/net/... is
# NS's view -- instead of "ip netns exec NS cat FILE", two programs.
declare -A NS_ANCHOR=()

# ns_anchor NS: park the anchor (it waits for the test to end, at most an
# hour) and wait until it is inside.
ns_anchor() {
	local pid comm
	ip netns exec "$1" busybox sleep 3600 &
	pid=$!
	for _ in {1..100}; do
		read -r comm < "/proc/$pid/comm" || fail "anchor of netns $1 died"
		if [ "$comm" = busybox ] || [ "$comm" = sleep ]; then
			NS_ANCHOR[$1]=$pid
			return 0
		fi
		nap 0.05
	done
	fail "netns $1: the anchor never got in"
}

# ns_anchors_stop: end every anchor (before deleting the namespaces).
ns_anchors_stop() {
	local pid
	for pid in "${NS_ANCHOR[@]}"; do
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
	NS_ANCHOR=()
}

# ns_read NS FILE: the first line of /sys FILE (a path below /sys) as netns
# NS sees it; status 1 if it cannot be read.
ns_read() {
	local v pid=${NS_ANCHOR[$1]:-}
	if [ -n "$pid" ]; then
		read -r v < "/proc/$pid/root/sys/$2" 2>/dev/null || return 1
	else
		v=$(ip netns exec "$1" busybox cat "/sys/$2" 2>/dev/null) || return 1
	fi
	echo "$v"
}

# Carrier of netdev $2 in netns $1.
carrier() {
	[ "$(ns_read "$1" "class/net/$2/carrier")" = 1 ]
}

pair_cleanup() {
	local ns
	ns_anchors_stop
	for ns in cx4a cx4b mlx5a mlx5b; do
		ip netns del "$ns" 2>/dev/null || true
	done
}

dp_cleanup() {
	pair_cleanup
}

# pair_up DRIVER: load DRIVER (cx4: insmod $KO; mlx5: modprobe mlx5_core
# and wait for mlx5e's netdevs), move the netdevs of the first two
# functions into netns <driver>a and <driver>b (PAIR_A, PAIR_B in
# PAIR_NSA, PAIR_NSB; functions PAIR_FA, PAIR_FB) with 198.18.0.1/24 /
# 2001:db8::1/64 and .2/::2, bring them up and wait for carrier.
# PAIR_PREP, if set, names a function run on each netdev before it moves
# (settings to make while it is down).  Installs pair_cleanup on EXIT.
pair_up() {
	local drv=$1 fns
	mapfile -t fns < <(cx4_functions)
	[ ${#fns[@]} -ge 2 ] || fail "need two emulated functions, have ${#fns[@]}"
	PAIR_NSA=${drv}a PAIR_NSB=${drv}b PAIR_FA=${fns[0]} PAIR_FB=${fns[1]}
	trap pair_cleanup EXIT
	case $drv in
	cx4) insmod "$KO" ;;
	mlx5)
		modprobe mlx5_core || fail "modprobe mlx5_core failed"
		WAIT_SECS=30 wait_for has_netdev "$PAIR_FA" || fail "$PAIR_FA: mlx5e registered no netdev"
		WAIT_SECS=30 wait_for has_netdev "$PAIR_FB" || fail "$PAIR_FB: mlx5e registered no netdev"
		;;
	*) fail "pair_up: unknown driver $drv" ;;
	esac
	PAIR_A=$(netdev_of "$PAIR_FA") || fail "$PAIR_FA: no netdev"
	PAIR_B=$(netdev_of "$PAIR_FB") || fail "$PAIR_FB: no netdev"
	if [ -n "${PAIR_PREP:-}" ]; then
		"$PAIR_PREP" "$PAIR_A"
		"$PAIR_PREP" "$PAIR_B"
	fi
	# One ip for several commands (-batch): each start of ip costs ~0.3 s.
	ip -batch - <<-EOF || fail "cannot move $PAIR_A, $PAIR_B into netns $PAIR_NSA, $PAIR_NSB"
		netns add $PAIR_NSA
		netns add $PAIR_NSB
		link set $PAIR_A netns $PAIR_NSA
		link set $PAIR_B netns $PAIR_NSB
	EOF
	ns_anchor "$PAIR_NSA"
	ns_anchor "$PAIR_NSB"
	pair_addr "$PAIR_NSA" "$PAIR_A" 1
	pair_addr "$PAIR_NSB" "$PAIR_B" 2
	WAIT_SECS=30 wait_for carrier "$PAIR_NSA" "$PAIR_A" || fail "$PAIR_A: no carrier"
	WAIT_SECS=30 wait_for carrier "$PAIR_NSB" "$PAIR_B" || fail "$PAIR_B: no carrier"
	log "$PAIR_A ($PAIR_FA, netns $PAIR_NSA) <-> $PAIR_B ($PAIR_FB, netns $PAIR_NSB)"
}

# pair_iperf [-R]: after pair_up, a bounded iperf3 TCP run of 3 s from
# PAIR_NSA to PAIR_NSB (-R: back); client and server must both succeed.
# Prints the bytes received.
pair_iperf() {
	local dir=${1:-} srv
	busybox nsenter --net=/run/netns/"$PAIR_NSB" timeout 60 iperf3 -s -1 -B 198.18.0.2 > /dev/null &
	srv=$!
	WAIT_SECS=10 wait_for iperf_listening "$PAIR_NSB" "$srv" ||
		fail "iperf3 server in $PAIR_NSB not listening after 10 s"
	nsx "$PAIR_NSA" timeout 60 iperf3 -c 198.18.0.2 -t 3 ${dir:+"$dir"} -J \
		> /tmp/pair-iperf.json || fail "iperf3 $dir failed"
	wait "$srv" || fail "iperf3 server $dir failed"
	iperf_bytes /tmp/pair-iperf.json sum_received || fail "iperf3 $dir: output unreadable"
}

# pair_addr NS IF N: 198.18.0.N/24 and 2001:db8::N/64 on IF in NS, IPv6
# addresses kept over down/up (the default drops them), IF up.
pair_addr() {
	nsx "$1" busybox sysctl -qw "net.ipv6.conf.$2.keep_addr_on_down=1" ||
		fail "$2: cannot set keep_addr_on_down"
	ip -n "$1" -batch - <<-EOF || fail "$2: addresses or up failed"
		addr add 198.18.0.$3/24 dev $2
		addr add 2001:db8::$3/64 dev $2 nodad
		link set $2 up
	EOF
}

# pair_vlan VID NET4 [NET6]: after pair_up, a VLAN VID netdev "vVID" on
# both ports (NET4.1/24 and NET6::1/64 on PAIR_A's side, .2 on PAIR_B's),
# up.  E.g. pair_vlan 100 198.19.100 2001:db8:100.
pair_vlan() {
	local vid=$1 net4=$2 net6=${3:-} ns_if ns ifc n
	for ns_if in "$PAIR_NSA $PAIR_A 1" "$PAIR_NSB $PAIR_B 2"; do
		read -r ns ifc n <<<"$ns_if"
		ip -n "$ns" -batch - <<-EOF || fail "$ifc: VLAN $vid set-up failed"
			link add link $ifc name v$vid type vlan id $vid
			addr add $net4.$n/24 dev v$vid
			${net6:+addr add $net6::$n/64 dev v$vid nodad}
			link set v$vid up
		EOF
	done
}

# Dumps of the netdev netlink family without ynl (lib/netdev_nl.py).
NETDEV_NL=$(dirname "$0")/../lib/netdev_nl.py
# UDP datagrams held unread on a socket, then counted (lib/udp_hold.py).
UDP_HOLD=$(dirname "$0")/../lib/udp_hold.py

# pools_gone NS: netlink lists no page pool in netns NS.
pools_gone() {
	[ -z "$(nsx "$1" python3 -S "$NETDEV_NL" page-pools)" ]
}

# one_channel IF: a PAIR_PREP for the tests that want every queue of a
# function on one ring (dp_recover.sh, untrusted.sh) without a VM of
# their own with one vCPU.
one_channel() {
	ethtool -L "$1" combined 1 || fail "$1: ethtool -L combined 1 refused"
}

# pair_up cx4, with the names the datapath tests use (DP_A, DP_B, DP_FA, DP_FB).
dp_pair_up() {
	pair_up cx4
	DP_A=$PAIR_A DP_B=$PAIR_B DP_FA=$PAIR_FA DP_FB=$PAIR_FB
}

# Sum of the ethtool -S counters of netdev $2 in netns $1 whose names
# match the extended regex $3 (anchored), e.g. 'tx[0-9]+_bytes'.
dp_stat() {
	nsx "$1" ethtool -S "$2" |
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
	ns_read "$1" "class/net/$2/statistics/$3" || fail "$2: no counter $3 in netns $1"
}

# ethtool -K of netdev $2 in netns $1: dp_features NS IF FEATURE on|off...
dp_features() {
	local ns=$1 ifc=$2
	shift 2
	nsx "$ns" ethtool -K "$ifc" "$@" || fail "$ifc: ethtool -K $* failed"
}

# iperf_listening NETNS PID: a TCP socket listens on iperf3's port 5201
# in NETNS, while the server PID runs (else no wait for it).
iperf_listening() {
	kill -0 "$2" 2>/dev/null || return 0
	[ -n "$(nsx "$1" ss -Hltn 'sport = :5201')" ]
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
	timeout $((secs + 30)) busybox nsenter --net=/run/netns/"$sns" iperf3 -s -1 -B "$addr" \
		>/dev/null 2>&1 &
	srv=$!
	# The client starts once the server listens (not after a fixed
	# sleep: under load a second was once too short, "Connection
	# refused"); at most 10 s.
	if ! WAIT_SECS=10 wait_for iperf_listening "$sns" "$srv"; then
		kill "$srv" 2>/dev/null
		wait "$srv" || true
		rm -f "$out"
		fail "iperf3 server in $sns not listening on $addr port 5201 after 10 s"
	fi
	timeout $((secs + 25)) busybox nsenter --net=/run/netns/"$cns" iperf3 -c "$addr" "${t[@]}" \
		--connect-timeout 5000 -J "$@" >"$out" 2>&1 || rc=$?
	wait "$srv" || true
	if [ "$rc" != 0 ]; then
		cat "$out" >&2
		rm -f "$out"
		fail "iperf3 to $addr ($*) failed ($rc)"
	fi
	iperf_bytes "$out" sum_received || iperf_bytes "$out" sum ||
		{ cat "$out" >&2; rm -f "$out"; fail "iperf3 output unreadable"; }
	rm -f "$out"
}

# A bounded 1 MB iperf3 through cx4a's RX queue (rx: cx4b sends to
# 198.18.0.1) or its TX queue (tx: cx4a sends to 198.18.0.2), the pair of
# dp_pair_up; prints the bytes received.
iperf_through() {
	if [ "$1" = rx ]; then
		dp_iperf cx4a 198.18.0.1 cx4b 0 -n 1M
	else
		dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M
	fi
}

# iperf_bytes FILE KEY: "bytes" of the object KEY (sum_received, sum,
# sum_received_bidir_reverse) of the "end" section of iperf3 -J output
# FILE, matched by the shell (a python3 start costs ~1.5 s here).
iperf_bytes() {
	local j re
	j=$(< "$1")
	[[ $j == *'"end":'* ]] || return 1
	j=${j#*'"end":'}
	re="\"$2\":[[:space:]]*\\{[^}]*\"bytes\":[[:space:]]*([0-9]+)"
	[[ $j =~ $re ]] || return 1
	echo "${BASH_REMATCH[1]}"
}

# stock_kernel_check VER: what an operator does with `make && insmod` on
# Debian's kernel VER (booted with --kernel stock-VER; KO built against its
# headers).  Three rounds: insmod binds every function to the PCI driver,
# its Ethernet auxiliary device to cx4's auxiliary driver and gives it a
# netdev; rmmod leaves the device clean.  Then two cabled ports pass an
# IPv4 and an IPv6 ping each way.
stock_kernel_check() {
	local ver=$1 f i a
	stock_kernel_functions
	case $(uname -r) in
	"$ver".* | "$ver"-*) ;;
	*) fail "booted $(uname -r), not Debian's $ver" ;;
	esac
	for i in 1 2 3; do
		insmod "$KO" || fail "round $i: insmod failed on $(uname -r)"
		for f in "${fns[@]}"; do
			cx4_bound "$f" || fail "round $i: $f not bound on $(uname -r)"
			a=$(ls -d "/sys/bus/pci/devices/$f/cx4.eth".* 2>/dev/null | head -n 1)
			[ -n "$a" ] || fail "round $i: $f has no auxiliary device cx4.eth.*"
			[ "$(basename "$(readlink "$a/driver")")" = "cx4.eth" ] ||
				fail "round $i: ${a##*/} not bound to cx4's auxiliary driver"
			has_netdev "$f" || fail "round $i: $f has no netdev"
		done
		rmmod cx4 || fail "round $i: rmmod failed"
		assert_device_clean
	done
	pair_up cx4
	nsx "$PAIR_NSA" busybox ping -c 1 -W 5 198.18.0.2 > /dev/null ||
		fail "ping a -> b on $(uname -r)"
	nsx "$PAIR_NSB" busybox ping -c 1 -W 5 198.18.0.1 > /dev/null ||
		fail "ping b -> a on $(uname -r)"
	nsx "$PAIR_NSA" busybox ping -6 -c 1 -W 5 2001:db8::2 > /dev/null ||
		fail "ping -6 a -> b on $(uname -r)"
	nsx "$PAIR_NSB" busybox ping -6 -c 1 -W 5 2001:db8::1 > /dev/null ||
		fail "ping -6 b -> a on $(uname -r)"
	# No HCA_CAP.cqe_compression by default: the private flag is refused.
	if nsx "$PAIR_NSA" ethtool --set-priv-flags "$PAIR_A" rx_cqe_compress on 2> /dev/null; then
		fail "rx_cqe_compress accepted without the capability"
	fi
	busybox dmesg | grep -qF "$PAIR_A: rx_cqe_compress: the device does not offer CQE compression" ||
		fail "no log line for the refused rx_cqe_compress"
	pair_cleanup
	trap - EXIT
	rmmod cx4 || fail "rmmod after traffic failed"
	assert_device_clean
	log "insmod, auxiliary bind, netdevs, pings, rmmod on Debian $(uname -r)"
}

# --- ntuple steering checks (ntuple.sh, mlx5_ntuple.sh) ---------------------
# The test sets NT_NS and NT_IF (the receiving netns and netdev, which has
# two RX queues), FLOWS and PER (N = FLOWS * PER datagrams a batch) and
# defines nt_drops: what the device's drop actions took so far.

# nt_sender_start SRC_NS: one python3 sender in netns SRC_NS for the whole
# test (a python3 start costs ~2 s): a line "DPORT FLOWS PER" sends PER
# datagrams on each of FLOWS flows (a new socket, so a new source port,
# each) to 198.18.0.2 DPORT and answers "sent".  Bounded by 900 s.
nt_sender_start() {
	local fifo=/tmp/nt-$1
	mkfifo "$fifo.in" "$fifo.out"
	busybox nsenter --net="/run/netns/$1" timeout 900 python3 -S -c '
import socket, sys
with open(sys.argv[1]) as cmds, open(sys.argv[2], "w") as done:
    for line in cmds:
        port, flows, per = (int(x) for x in line.split())
        for _ in range(flows):
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            for _ in range(per):
                s.sendto(b"n" * 32, ("198.18.0.2", port))
            s.close()
        done.write("sent\n")
        done.flush()
' "$fifo.in" "$fifo.out" &
	exec {NT_SEND_IN}> "$fifo.in" {NT_SEND_OUT}< "$fifo.out"
	rm -f "$fifo.in" "$fifo.out"
}

nt_sender_stop() {
	exec {NT_SEND_IN}>&-
}

# nt_rxq: "RX0 RX1" packets of NT_IF's queues from one ethtool -S, read by
# the shell (a program start costs 0.5-1 s here).
nt_rxq() {
	local k v r0=0 r1=0
	while read -r k v; do
		case $k in
		rx0_packets:) r0=$v ;;
		rx1_packets:) r1=$v ;;
		esac
	done < <(nsx "$NT_NS" ethtool -S "$NT_IF")
	echo "$r0 $r1"
}

# send PORT: a batch to PORT; sets D0, D1 (what queues 0 and 1 of NT_IF
# received meanwhile) and DROPS (what the device's drop actions took).
send() {
	local ack q0 q1 r0 r1 dr
	read -r q0 q1 < <(nt_rxq)
	dr=$(nt_drops)
	echo "$1 $FLOWS $PER" >&"$NT_SEND_IN"
	read -r -t 60 -u "$NT_SEND_OUT" ack && [ "$ack" = sent ] ||
		fail "sending to port $1 failed"
	nap "${NT_SETTLE:-1}"
	read -r r0 r1 < <(nt_rxq)
	D0=$((r0 - q0)) D1=$((r1 - q1))
	DROPS=$(($(nt_drops) - dr))
}

# on_queue PORT Q WHAT: every datagram to PORT lands on queue Q (the
# other queue may see a little ARP/ND noise, less than N/4).
on_queue() {
	local got other
	send "$1"
	if [ "$2" = 0 ]; then got=$D0 other=$D1; else got=$D1 other=$D0; fi
	[ "$got" -ge "$N" ] && [ "$other" -lt $((N / 4)) ] ||
		fail "$3: port $1: queue 0 got $D0, queue 1 got $D1; want all $N on queue $2"
	log "$3: port $1: $got of $N on queue $2"
}

# nt ARGS...: ethtool -N on NT_IF; prints ethtool's output.
nt() {
	nsx "$NT_NS" ethtool -N "$NT_IF" "$@" 2>&1
}

# rules_are ID...: ethtool -n lists exactly these rule IDs.
rules_are() {
	local out ids want
	out=$(nsx "$NT_NS" ethtool -n "$NT_IF")
	ids=$(echo "$out" | awk '/^Filter:/ { print $2 }' | sort -n | tr '\n' ' ')
	want=
	[ $# = 0 ] || want=$(printf '%s\n' "$@" | sort -n | tr '\n' ' ')
	[ "$ids" = "$want" ] || fail "ethtool -n lists rules '$ids', want '$want'"
	echo "$out" | grep -q "Total $# rules" || fail "ethtool -n: not 'Total $# rules': $out"
}

# vlan_verdict WHAT VID pass|drop R D: after 10 frames of VID were sent to
# b, R reached b's rings and D were dropped by b's device.  pass: all 10
# on the rings (other frames -- ND, IGMP, frames while the tables change --
# may be dropped); drop: fewer than 3 on the rings, at least 10 dropped.
vlan_verdict() {
	if [ "$3" = pass ]; then
		[ "$4" -ge 10 ] ||
			fail "$1: VID $2 not accepted ($4 frames on b's rings, $5 dropped by b's device)"
	else
		[ "$4" -lt 3 ] && [ "$5" -ge 10 ] ||
			fail "$1: VID $2 not filtered ($4 frames on b's rings, $5 dropped by b's device)"
	fi
	log "$1: VID $2 $3 ($4 frames on b's rings, $5 dropped by b's device)"
}

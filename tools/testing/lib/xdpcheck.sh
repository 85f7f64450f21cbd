# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# xdp_check DRIVER (cx4 or mlx5): the XDP checks of vmtests/xdp.sh and
# vmtests/mlx5_xdp.sh on the two cabled functions under DRIVER, with the
# programs of lib/xdp_progs.c (built here with Debian's clang) attached
# to port a (netns DRIVERa) in native mode (ip link set IF xdpdrv).
# Sourced after vmtests/lib.sh.  What is checked is in xdp.sh.
#
# Counting: IPv6 is off on both ports and each side has the other's MAC
# as a permanent neighbour, so that the only frames b sends while a
# check runs are its pings: every counter of a must move by exactly what
# b's tx_packets moved (and by at least the pings).

XDP_SRC=$(dirname "${BASH_SOURCE[0]}")/xdp_progs.c
XDP_OBJ=/tmp/xdp_progs.o

# xdp_build OBJ [IFINDEX]: the programs, xdp_redirect sending to IFINDEX.
xdp_build() {
	clang -O2 -g -target bpf -I/usr/include/x86_64-linux-gnu \
		${2:+-DREDIRECT_IFINDEX=$2} -c "$XDP_SRC" -o "$1" ||
		fail "cannot build $XDP_SRC (clang, libbpf-dev: tools/testing/setup)"
}

# xdp_set NS IF SEC [OBJ]: attach (or replace) program SEC natively;
# prints what ip said.  Returns ip's status.
xdp_set() {
	ip -force -n "$1" link set dev "$2" xdpdrv obj "${4:-$XDP_OBJ}" sec "$3" 2>&1
}

# xdp_id NS IF: the ID of IF's native XDP program, empty if none.
xdp_id() {
	ip -n "$1" -d link show dev "$2" |
		sed -n 's/.*prog\/xdp id \([0-9]*\).*/\1/p' | head -n 1
}

# xdp_attach NS IF SEC: xdp_set that must succeed and leave a program.
xdp_attach() {
	local out
	out=$(xdp_set "$@") || fail "$2: cannot attach $3: $out"
	[ -n "$(xdp_id "$1" "$2")" ] || fail "$2: no program after attaching $3"
}

xdp_detach() {
	ip -n "$1" link set dev "$2" xdpdrv off || fail "$2: cannot detach XDP"
	[ -z "$(xdp_id "$1" "$2")" ] || fail "$2: a program is left after detach"
}

# xdp_quiet NS IF PEER_NS PEER_IF: IPv6 off, permanent neighbours.
xdp_quiet() {
	local ns=$1 ifc=$2 pns=$3 pif=$4 mac pmac
	nsx "$ns" busybox sysctl -qw "net.ipv6.conf.$ifc.disable_ipv6=1"
	nsx "$pns" busybox sysctl -qw "net.ipv6.conf.$pif.disable_ipv6=1"
	mac=$(ns_read "$ns" "class/net/$ifc/address")
	pmac=$(ns_read "$pns" "class/net/$pif/address")
	ip -n "$pns" neigh replace 198.18.0.1 lladdr "$mac" dev "$pif" nud permanent ||
		fail "$pif: permanent neighbour failed"
	ip -n "$ns" neigh replace 198.18.0.2 lladdr "$pmac" dev "$ifc" nud permanent ||
		fail "$ifc: permanent neighbour failed"
}

# xdp_snap: counters of a (XA_*) and b (XB_*) into the named array $1.
# shellcheck disable=SC2154 # keys of the associative array named by $1
xdp_snap() {
	local -n s=$1
	local st
	st=$(nsx "$XNS_A" ethtool -S "$XA")
	s[b_tx]=$(dp_ifstat "$XNS_B" "$XB" tx_packets)
	s[b_rx]=$(dp_ifstat "$XNS_B" "$XB" rx_packets)
	s[a_tx]=$(dp_ifstat "$XNS_A" "$XA" tx_packets)
	s[drop]=$(awk '$1 == "rx_xdp_drop:" { print $2 }' <<<"$st")
	s[drop_q]=$(awk '$1 ~ /^rx[0-9]+_xdp_drop:$/ { n += $2 } END { print n + 0 }' <<<"$st")
	s[redir]=$(awk '$1 == "rx_xdp_redirect:" { print $2 }' <<<"$st")
	s[txx]=$(awk '$1 == "rx_xdp_tx_xmit:" { print $2 }' <<<"$st")
	s[txx_q]=$(awk '$1 ~ /^rx[0-9]+_xdp_tx_xmit:$/ { n += $2 } END { print n + 0 }' <<<"$st")
	s[txcqe]=$(awk '$1 == "rx_xdp_tx_cqe:" { print $2 }' <<<"$st")
	s[xmit]=$(awk '$1 == "tx_xdp_xmit:" { print $2 }' <<<"$st")
	s[xmit_cqe]=$(awk '$1 == "tx_xdp_cqes:" { print $2 }' <<<"$st")
	s[rx_q]=$(awk '$1 ~ /^rx[0-9]+_packets:$/ { n += $2 } END { print n + 0 }' <<<"$st")
	[ -n "${s[drop]}" ] || fail "$XA: no rx_xdp_drop in ethtool -S"
	[ "${s[drop]}" = "${s[drop_q]}" ] ||
		fail "$XA: rx_xdp_drop ${s[drop]} != sum of rxN_xdp_drop ${s[drop_q]}"
}

# xdp_ping N [WAIT]: N pings from b to a, 10 a second; prints the replies.
# iputils' ping by its path: busybox nsenter would run busybox's applet.
XDP_PING=$(command -v ping)
xdp_ping() {
	local out
	# A ping without replies exits 1: only its count matters here.
	out=$(nsx "$XNS_B" "$XDP_PING" -q -n -c "$1" -i 0.1 -w "${2:-5}" 198.18.0.1) || true
	sed -n 's/.*, \([0-9][0-9]*\) received.*/\1/p' <<<"$out"
}

# xdp_round N [W]: N pings from b with W s to wait, between two snapshots
# c0 and c1; got = the replies, sent = what b sent meanwhile.
xdp_round() {
	xdp_snap c0
	got=$(xdp_ping "$@")
	xdp_snap c1
	sent=$(xdp_moved b_tx c0 c1)
}

# xdp_ms T0 T1: milliseconds between two $EPOCHREALTIME readings.
xdp_ms() {
	local a=${1/./} b=${2/./}
	echo $(((10#$b - 10#$a) / 1000))
}

# xdp_moved NAME BEFORE AFTER: AFTER[NAME] - BEFORE[NAME].
xdp_moved() {
	local -n x=$2 y=$3
	echo $((${y[$1]} - ${x[$1]}))
}

xdp_check() {
	local drv=$1 got sent t0 t1 t2
	local -A c0 c1
	command -v clang > /dev/null || fail "no clang (tools/testing/setup)"
	pair_up "$drv"
	XNS_A=$PAIR_NSA XNS_B=$PAIR_NSB XA=$PAIR_A XB=$PAIR_B
	xdp_quiet "$XNS_A" "$XA" "$XNS_B" "$XB"
	xdp_build "$XDP_OBJ"
	[ "$(xdp_ping 3)" = 3 ] || fail "no ping before XDP"

	# 1. pass: every frame to the stack, counted as received.  What an
	# attach (new buffers and XDP SQs: a channel rebuild) and a
	# replacement (the pointer) take, as ip sees it.
	t0=$EPOCHREALTIME
	xdp_attach "$XNS_A" "$XA" xdp_pass
	t1=$EPOCHREALTIME
	xdp_attach "$XNS_A" "$XA" xdp_pass
	t2=$EPOCHREALTIME
	log "attach $(xdp_ms "$t0" "$t1") ms, replace $(xdp_ms "$t1" "$t2") ms (ip, program load included)"
	xdp_round 20
	[ "$got" = 20 ] || fail "xdp_pass: $got of 20 replies"
	[ "$sent" -ge 20 ] || fail "xdp_pass: b sent $sent frames"
	[ "$(xdp_moved rx_q c0 c1)" = "$sent" ] ||
		fail "xdp_pass: a received $(xdp_moved rx_q c0 c1) frames of $sent"
	[ "$(xdp_moved drop c0 c1)" = 0 ] || fail "xdp_pass: rx_xdp_drop moved"
	log "xdp_pass: $got/20 replies, rxN_packets +$sent = b's tx_packets"

	# 2. drop (a replacement: same buffers, the pointer swapped).
	xdp_attach "$XNS_A" "$XA" xdp_drop
	xdp_round 10 3
	[ "$got" = 0 ] || fail "xdp_drop: $got replies"
	[ "$sent" -ge 10 ] || fail "xdp_drop: b sent $sent frames"
	[ "$(xdp_moved drop c0 c1)" = "$sent" ] ||
		fail "xdp_drop: rx_xdp_drop +$(xdp_moved drop c0 c1), b sent $sent"
	[ "$(xdp_moved rx_q c0 c1)" = 0 ] || fail "xdp_drop: frames reached the stack"
	[ "$(xdp_moved a_tx c0 c1)" = 0 ] || fail "xdp_drop: a answered"
	log "xdp_drop: 0/10 replies, rx_xdp_drop +$sent = b's tx_packets"

	# 3. an unknown action: dropped, counted as a drop.
	xdp_attach "$XNS_A" "$XA" xdp_bad
	xdp_round 5 2
	if [ "$got" != 0 ] || [ "$sent" -lt 5 ] ||
	   [ "$(xdp_moved drop c0 c1)" != "$sent" ]; then
		fail "xdp_bad: $got replies, rx_xdp_drop +$(xdp_moved drop c0 c1), b sent $sent"
	fi
	log "unknown action: dropped and counted ($sent)"

	# 4. detach: the stack again.
	xdp_detach "$XNS_A" "$XA"
	[ "$(xdp_ping 10)" = 10 ] || fail "no ping after detach"
	log "detached: pings answered"
}

# xdp_limits DRIVER MAX_MTU: the MTU limit both ways, LRO refused.
xdp_limits() {
	local max=$2 out
	xdp_attach "$XNS_A" "$XA" xdp_pass
	if nsx "$XNS_A" busybox ip link set "$XA" mtu $((max + 1)) 2>/dev/null; then
		fail "$XA: MTU $((max + 1)) accepted with a program attached"
	fi
	nsx "$XNS_A" busybox ip link set "$XA" mtu "$max" ||
		fail "$XA: MTU $max refused with a program attached"
	nsx "$XNS_B" busybox ip link set "$XB" mtu "$max" || fail "$XB: MTU $max"
	nsx "$XNS_B" "$XDP_PING" -q -c 2 -i 0.2 -w 5 -s $((max - 28)) -M 'do' 198.18.0.1 > /dev/null ||
		fail "$max-byte pings through xdp_pass failed"
	xdp_detach "$XNS_A" "$XA"
	nsx "$XNS_A" busybox ip link set "$XA" mtu $((max + 1)) ||
		fail "$XA: MTU $((max + 1)) refused without a program"
	if out=$(xdp_set "$XNS_A" "$XA" xdp_pass); then
		fail "$XA: program attached at MTU $((max + 1))"
	fi
	# XDP_LIMIT_MSG: what the refusal must say (empty: only printed).
	if [ -n "${XDP_LIMIT_MSG-at most $max}" ]; then
		grep -q "${XDP_LIMIT_MSG-at most $max}" <<<"$out" ||
			fail "$XA: refusal does not state the limit: $out"
	fi
	log "MTU limit $max: $out"
	nsx "$XNS_A" busybox ip link set "$XA" mtu 1500 || fail "$XA: MTU 1500"
	nsx "$XNS_B" busybox ip link set "$XB" mtu 1500 || fail "$XB: MTU 1500"
	if nsx "$XNS_A" ethtool -k "$XA" | grep -q '^large-receive-offload: off$'; then
		dp_features "$XNS_A" "$XA" lro on
		if out=$(xdp_set "$XNS_A" "$XA" xdp_pass); then
			fail "$XA: program attached with LRO on"
		fi
		log "LRO on: $out"
		dp_features "$XNS_A" "$XA" lro off
		xdp_attach "$XNS_A" "$XA" xdp_pass
		nsx "$XNS_A" ethtool -K "$XA" lro on > /dev/null 2>&1 || true
		nsx "$XNS_A" ethtool -k "$XA" | grep -q '^large-receive-offload: off' ||
			fail "$XA: LRO turned on with a program attached"
		# The wish is kept: LRO comes on with the detach.
		xdp_detach "$XNS_A" "$XA"
		nsx "$XNS_A" ethtool -k "$XA" | grep -q '^large-receive-offload: on' ||
			fail "$XA: LRO asked for while a program ran is not on after detach"
		dp_features "$XNS_A" "$XA" lro off
		log "LRO: refused with a program, held off while one runs, on after detach"
	fi
}

# xdp_reconf: ring and channel changes with a program attached.
xdp_reconf() {
	local ch
	xdp_attach "$XNS_A" "$XA" xdp_pass
	nsx "$XNS_A" ethtool -G "$XA" rx 256 tx 256 || fail "$XA: -G with XDP"
	[ "$(xdp_ping 5)" = 5 ] || fail "no ping after -G with XDP"
	ch=$(nsx "$XNS_A" ethtool -l "$XA" | awk '/^Combined:/ { n = $2 } END { print n }')
	nsx "$XNS_A" ethtool -L "$XA" combined 1 || fail "$XA: -L 1 with XDP"
	[ "$(xdp_ping 5)" = 5 ] || fail "no ping after -L 1 with XDP"
	nsx "$XNS_A" ethtool -L "$XA" combined "$ch" || fail "$XA: -L $ch with XDP"
	[ -n "$(xdp_id "$XNS_A" "$XA")" ] || fail "$XA: program lost by -G/-L"
	[ "$(xdp_ping 5)" = 5 ] || fail "no ping after -L $ch with XDP"
	nsx "$XNS_A" ethtool -G "$XA" rx 1024 tx 1024 || fail "$XA: -G back"
	xdp_detach "$XNS_A" "$XA"
	log "-G and -L with a program attached: traffic through"
}

# xdp_reflect_check: XDP_TX.  b's pings are answered by the program on
# a (MACs and addresses swapped, echo reply), not by a's stack: every
# request comes back, a's stack sees none, rx_xdp_tx_xmit moves by b's
# tx_packets; XDP_CQE_EXACT=1 (one CQE a send): so does rx_xdp_tx_cqe.
xdp_reflect_check() {
	local got sent n
	local -A c0 c1
	xdp_attach "$XNS_A" "$XA" xdp_reflect
	xdp_snap c0
	got=$(xdp_ping 20)
	nap 0.5
	xdp_snap c1
	sent=$(xdp_moved b_tx c0 c1)
	[ "$got" = 20 ] || fail "xdp_reflect: $got of 20 replies"
	[ "$sent" -ge 20 ] || fail "xdp_reflect: b sent $sent frames"
	[ "$(xdp_moved txx c0 c1)" = "$sent" ] ||
		fail "xdp_reflect: rx_xdp_tx_xmit +$(xdp_moved txx c0 c1), b sent $sent"
	[ "${c1[txx]}" = "${c1[txx_q]}" ] || fail "rx_xdp_tx_xmit != sum of rxN_xdp_tx_xmit"
	[ "$(xdp_moved b_rx c0 c1)" = "$sent" ] ||
		fail "xdp_reflect: b received $(xdp_moved b_rx c0 c1) of $sent"
	[ "$(xdp_moved rx_q c0 c1)" = 0 ] || fail "xdp_reflect: a's stack saw frames"
	[ "$(xdp_moved drop c0 c1)" = 0 ] || fail "xdp_reflect: rx_xdp_drop moved"
	n=$(xdp_moved txcqe c0 c1)
	if [ "${XDP_CQE_EXACT:-0}" = 1 ]; then
		[ "$n" = "$sent" ] || fail "xdp_reflect: rx_xdp_tx_cqe +$n, $sent sent"
	else
		if [ "$n" -lt 1 ] || [ "$n" -gt "$sent" ]; then
			fail "xdp_reflect: rx_xdp_tx_cqe +$n"
		fi
	fi
	xdp_detach "$XNS_A" "$XA"
	log "xdp_reflect: $got/20 replies from the program, rx_xdp_tx_xmit +$sent, rx_xdp_tx_cqe +$n"
}

# xdp_redirect_check: a veth pair, vx1 in a's netns, vx0 in netns xsrc.
#   a -> veth: the program on a redirects every frame to vx1 (xdp_pass
#   on vx0 lets veth take them): b's pings arrive at vx0, none at a's
#   stack; rx_xdp_redirect moves by b's tx_packets, vx0's rx_packets too.
#   veth -> a (a's ndo_xdp_xmit): the program on vx1 redirects to a,
#   which has xdp_pass attached; xsrc's pings to b (permanent neighbour:
#   b's MAC) leave through a's XDP SQ: tx_xdp_xmit and b's rx_packets
#   move by vx0's tx_packets (XDP_CQE_EXACT=1: tx_xdp_cqes too).
# shellcheck disable=SC2034 # c0, c1 are read through xdp_moved's namerefs
xdp_redirect_check() {
	local got sent n vx1 aix bmac amac out
	local -A c0 c1
	ip netns add xsrc || fail "netns xsrc"
	ip -n "$XNS_A" link add vx1 type veth peer name vx0 netns xsrc || fail "veth"
	nsx xsrc busybox sysctl -qw net.ipv6.conf.vx0.disable_ipv6=1
	nsx "$XNS_A" busybox sysctl -qw net.ipv6.conf.vx1.disable_ipv6=1
	ip -n "$XNS_A" link set vx1 up || fail "vx1 up"
	ip -n xsrc addr add 198.18.0.3/24 dev vx0 || fail "vx0 address"
	ip -n xsrc link set vx0 up || fail "vx0 up"
	vx1=$(ns_read "$XNS_A" class/net/vx1/ifindex)
	aix=$(ns_read "$XNS_A" "class/net/$XA/ifindex")
	bmac=$(ns_read "$XNS_B" "class/net/$XB/address")
	amac=$(ns_read "$XNS_A" "class/net/$XA/address")
	xdp_build /tmp/xdp_to_veth.o "$vx1"
	xdp_build /tmp/xdp_to_a.o "$aix"

	# a -> veth
	xdp_attach xsrc vx0 xdp_pass
	out=$(xdp_set "$XNS_A" "$XA" xdp_redirect /tmp/xdp_to_veth.o) ||
		fail "$XA: cannot attach xdp_redirect: $out"
	xdp_snap c0
	c0[v_rx]=$(dp_ifstat xsrc vx0 rx_packets)
	got=$(xdp_ping 10 3)
	xdp_snap c1
	c1[v_rx]=$(dp_ifstat xsrc vx0 rx_packets)
	sent=$(xdp_moved b_tx c0 c1)
	[ "$sent" -ge 10 ] || fail "redirect a->veth: b sent $sent"
	[ "$(xdp_moved redir c0 c1)" = "$sent" ] ||
		fail "redirect a->veth: rx_xdp_redirect +$(xdp_moved redir c0 c1), b sent $sent"
	[ "$(xdp_moved v_rx c0 c1)" = "$sent" ] ||
		fail "redirect a->veth: vx0 received $(xdp_moved v_rx c0 c1) of $sent"
	[ "$(xdp_moved rx_q c0 c1)" = 0 ] || fail "redirect a->veth: a's stack saw frames"
	log "redirect a -> veth: rx_xdp_redirect +$sent, vx0 rx_packets +$sent"

	# veth -> a (ndo_xdp_xmit)
	xdp_attach "$XNS_A" "$XA" xdp_pass
	out=$(xdp_set "$XNS_A" vx1 xdp_redirect /tmp/xdp_to_a.o) ||
		fail "vx1: cannot attach xdp_redirect: $out"
	ip -n xsrc neigh replace 198.18.0.2 lladdr "$bmac" dev vx0 nud permanent ||
		fail "xsrc: neighbour"
	ip -n "$XNS_B" neigh replace 198.18.0.3 lladdr "$amac" dev "$XB" nud permanent ||
		fail "$XB: neighbour"
	xdp_snap c0
	c0[v_tx]=$(dp_ifstat xsrc vx0 tx_packets)
	nsx xsrc "$XDP_PING" -q -n -c 10 -i 0.1 -w 3 198.18.0.2 > /dev/null || true
	nap 0.5
	xdp_snap c1
	c1[v_tx]=$(dp_ifstat xsrc vx0 tx_packets)
	sent=$(xdp_moved v_tx c0 c1)
	[ "$sent" -ge 10 ] || fail "redirect veth->a: vx0 sent $sent"
	[ "$(xdp_moved xmit c0 c1)" = "$sent" ] ||
		fail "redirect veth->a: tx_xdp_xmit +$(xdp_moved xmit c0 c1), vx0 sent $sent"
	[ "$(xdp_moved b_rx c0 c1)" = "$sent" ] ||
		fail "redirect veth->a: b received $(xdp_moved b_rx c0 c1) of $sent"
	n=$(xdp_moved xmit_cqe c0 c1)
	if [ "${XDP_CQE_EXACT:-0}" = 1 ]; then
		[ "$n" = "$sent" ] || fail "redirect veth->a: tx_xdp_cqes +$n, $sent sent"
	fi
	log "redirect veth -> a (ndo_xdp_xmit): tx_xdp_xmit +$sent, b rx_packets +$sent, tx_xdp_cqes +$n"
	ip -n "$XNS_A" link set dev vx1 xdpdrv off || true
	ip -n "$XNS_A" link del vx1 || fail "veth del"
	ip netns del xsrc
	xdp_detach "$XNS_A" "$XA"
	[ "$(xdp_ping 5)" = 5 ] || fail "no ping after the redirect checks"
}

# xdp_load_check: attach, replace, an MTU change with the program and
# detach while a paced iperf3 connection b -> a runs: it must survive
# all of it and move data; a fresh bounded run after must too.
xdp_load_check() {
	local out=/tmp/xdp-iperf.json srv cli n rx0
	rx0=$(dp_ifstat "$XNS_A" "$XA" rx_bytes)
	# 300 s only bound it: it is stopped once the changes are done (a
	# 120 s bound was once too short beside another VM: the five
	# changes took longer).
	timeout 330 busybox nsenter --net=/run/netns/"$XNS_A" iperf3 -s -1 -B 198.18.0.1 >/dev/null 2>&1 &
	srv=$!
	WAIT_SECS=10 wait_for iperf_listening "$XNS_A" "$srv" || fail "iperf3 server not listening"
	timeout 320 busybox nsenter --net=/run/netns/"$XNS_B" iperf3 -c 198.18.0.1 -t 300 -b 8M \
		--connect-timeout 5000 -J >"$out" 2>&1 &
	cli=$!
	nap 2
	xdp_attach "$XNS_A" "$XA" xdp_pass
	nap 1
	xdp_attach "$XNS_A" "$XA" xdp_pass	# a replacement
	nap 1
	nsx "$XNS_A" busybox ip link set "$XA" mtu 3000 || fail "$XA: MTU 3000 with XDP under load"
	nap 1
	nsx "$XNS_A" busybox ip link set "$XA" mtu 1500 || fail "$XA: MTU 1500 with XDP under load"
	nap 1
	xdp_detach "$XNS_A" "$XA"
	nap 1
	kill -0 "$cli" 2>/dev/null || { cat "$out" >&2; fail "iperf3 ended during attach/detach"; }
	kill "$cli" "$srv" 2>/dev/null || true
	wait "$cli" "$srv" 2>/dev/null || true
	n=$(($(dp_ifstat "$XNS_A" "$XA" rx_bytes) - rx0))
	[ "$n" -gt $((1 << 20)) ] || fail "iperf3 moved only $n bytes through attach/detach"
	log "attach/replace/MTU/detach under iperf3 (8 Mbit/s): $n bytes received"
	n=$(dp_iperf "$XNS_A" 198.18.0.1 "$XNS_B" 0 -n 1M)
	[ "$n" -gt 65536 ] || fail "no traffic after the load checks ($n bytes)"
}

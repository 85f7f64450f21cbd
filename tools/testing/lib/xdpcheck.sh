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
# One awk over a's ethtool -S: under TCG each start of a program costs.
# shellcheck disable=SC2154 # keys of the associative array named by $1
xdp_snap() {
	local -n s=$1
	local k v
	s[b_tx]=$(dp_ifstat "$XNS_B" "$XB" tx_packets)
	s[b_rx]=$(dp_ifstat "$XNS_B" "$XB" rx_packets)
	s[a_tx]=$(dp_ifstat "$XNS_A" "$XA" tx_packets)
	while read -r k v; do
		s["$k"]=$v
	done < <(nsx "$XNS_A" ethtool -S "$XA" | awk '
		{ sub(/^ +/, ""); n = $1; sub(/:$/, "", n) }
		n == "rx_xdp_drop" { print "drop", $2 }
		n ~ /^rx[0-9]+_xdp_drop$/ { dq += $2 }
		n == "rx_xdp_redirect" { print "redir", $2 }
		n == "rx_xdp_tx_xmit" { print "txx", $2 }
		n ~ /^rx[0-9]+_xdp_tx_xmit$/ { xq += $2 }
		n == "rx_xdp_tx_cqe" { print "txcqe", $2 }
		n == "rx_xdp_tx_err" { print "txerr", $2 }
		n == "tx_xdp_xmit" { print "xmit", $2 }
		n == "tx_xdp_cqes" { print "xmit_cqe", $2 }
		n ~ /^rx[0-9]+_packets$/ { rq += $2 }
		END { print "drop_q", dq + 0; print "txx_q", xq + 0; print "rx_q", rq + 0 }')
	[ -n "${s[drop]:-}" ] || fail "$XA: no rx_xdp_drop in ethtool -S"
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

# xdp_reflect_round WHAT: with xdp_reflect attached to a, 20 pings from
# b answered by the program (MACs and addresses swapped, echo reply),
# not by a's stack: every request comes back, a's stack sees none,
# rx_xdp_tx_xmit moves by b's tx_packets, rx_xdp_tx_err does not;
# XDP_CQE_EXACT=1 (cx4: one CQE a send): so does rx_xdp_tx_cqe; and a's
# function takes at most one completion event a reply (the request's;
# none of its own for the send), plus 5 for whatever else a handles.
# The XDP SQ's CQ raises no event for XDP_TX: the next frame received
# hands over the CQEs of the sends before it.  So one ping first, which
# hands over whatever earlier sends left (after a channel rebuild, the
# requests queued meanwhile were answered in one poll: several), and
# the window then ends with one send pending as it starts.
xdp_reflect_round() {
	local what=$1 got sent n ev0 ev1
	local -A c0 c1
	xdp_ping 1 > /dev/null
	[ "${XDP_CQE_EXACT:-0}" != 1 ] || ev0=$(stat_get "$PAIR_FA" cq_comp_events)
	xdp_snap c0
	got=$(xdp_ping 20)
	nap 0.5
	xdp_snap c1
	[ "${XDP_CQE_EXACT:-0}" != 1 ] || ev1=$(stat_get "$PAIR_FA" cq_comp_events)
	sent=$(xdp_moved b_tx c0 c1)
	[ "$got" = 20 ] || fail "$what: $got of 20 replies"
	[ "$sent" -ge 20 ] || fail "$what: b sent $sent frames"
	[ "$(xdp_moved txx c0 c1)" = "$sent" ] ||
		fail "$what: rx_xdp_tx_xmit +$(xdp_moved txx c0 c1), b sent $sent"
	[ "${c1[txx]}" = "${c1[txx_q]}" ] || fail "rx_xdp_tx_xmit != sum of rxN_xdp_tx_xmit"
	[ "$(xdp_moved b_rx c0 c1)" = "$sent" ] ||
		fail "$what: b received $(xdp_moved b_rx c0 c1) of $sent"
	[ "$(xdp_moved rx_q c0 c1)" = 0 ] || fail "$what: a's stack saw frames"
	[ "$(xdp_moved drop c0 c1)" = 0 ] || fail "$what: rx_xdp_drop moved"
	[ "$(xdp_moved txerr c0 c1)" = 0 ] || fail "$what: rx_xdp_tx_err moved"
	n=$(xdp_moved txcqe c0 c1)
	if [ "${XDP_CQE_EXACT:-0}" = 1 ]; then
		[ "$n" = "$sent" ] ||
			fail "$what: rx_xdp_tx_cqe +$n, $sent sent (before: rx_xdp_tx_cqe ${c0[txcqe]}, rx_xdp_tx_xmit ${c0[txx]}; after: ${c1[txcqe]}, ${c1[txx]})"
		[ $((ev1 - ev0)) -le $((sent + 5)) ] ||
			fail "$what: $((ev1 - ev0)) completion events for $sent replies"
	else
		if [ "$n" -lt 1 ] || [ "$n" -gt "$sent" ]; then
			fail "$what: rx_xdp_tx_cqe +$n"
		fi
	fi
	log "$what: $got/20 replies from the program, rx_xdp_tx_xmit +$sent, rx_xdp_tx_cqe +$n${ev0:+, $((ev1 - ev0)) completion events}"
}

# xdp_reflect_check [sq_error]: XDP_TX (xdp_reflect_round); with
# sq_error, xdp_sq_error_check while xdp_reflect is attached.
xdp_reflect_check() {
	xdp_attach "$XNS_A" "$XA" xdp_reflect
	xdp_reflect_round xdp_reflect
	[ "${1:-}" != sq_error ] || xdp_sq_error_check
	xdp_detach "$XNS_A" "$XA"
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

# The user-space side of the map checks (lib/xdp_user.c), built on the
# host beside cx4ctl (build-cx4ctl): a compiler in the VM takes 18-27 s.
XDP_USER=$(dirname "$CTL")/xdp_user

# xdp_snap_b NAME: b's XDP transmit counters (ethtool -S) into array NAME.
# shellcheck disable=SC2154 # keys of the associative array named by $1
xdp_snap_b() {
	local -n s=$1
	local k v
	while read -r k v; do
		s["$k"]=$v
	done < <(nsx "$XNS_B" ethtool -S "$XB" | awk '
		$1 == "tx_xdp_xmit:" { print "xmit", $2 }
		$1 == "tx_xdp_cqes:" { print "xmit_cqe", $2 }')
	[ -n "${s[xmit]:-}" ] || fail "$XB: no tx_xdp_xmit in ethtool -S"
}

# xdp_maps_check: redirects through the three map types.
#   devmap (port a -> port b -> the wire -> port a): xdp_devmap on a
#   rewrites UDP port 7100 to 7101 (checksum updated) and redirects to
#   entry 0 of its DEVMAP, port b (filled in b's netns: an entry is an
#   ifindex of the updater's netns); b (xdp_pass attached: its XDP SQ)
#   sends them with its ndo_xdp_xmit back over the cable to a, whose
#   program passes port 7101.  20 datagrams from b to a:7100: a socket on
#   a:7101 gets exactly the 20; rx_xdp_redirect of a and tx_xdp_xmit of
#   b (XDP_CQE_EXACT=1: tx_xdp_cqes too) move by 20, a's rxN_packets by
#   the 20 passed, b's tx_packets by its 20 datagrams.
#   cpumap: xdp_cpumap sends every frame to the CPUMAP entry of the other
#   CPU, whose kthread builds the skbs: 20/20 pings answered by a's stack,
#   rx_xdp_redirect moves by b's tx_packets, the driver passes nothing.
#   AF_XDP, copy mode: xdp_xsk redirects UDP to port 7200 to the XSKMAP
#   entry of the receive queue, an XDP_COPY socket bound to each queue
#   of a (xdp_user xsk): they receive b's 20 datagrams, each once and
#   whole, then queue 0's sends 20 frames from its TX ring (copy mode:
#   through the driver's ndo_start_xmit) that a socket on b receives;
#   rx_xdp_redirect moves by 20, a's tx_packets by 20, b's rx_packets
#   by 20.
# shellcheck disable=SC2034 # c0, c1, d0, d1 are read through xdp_moved's namerefs
xdp_maps_check() {
	local id out sent got nq n t0=$SECONDS
	local -A c0 c1 d0 d1
	[ -x "$XDP_USER" ] || fail "no $XDP_USER (tools/testing/build-cx4ctl builds it)"

	# devmap
	xdp_attach "$XNS_B" "$XB" xdp_pass
	xdp_attach "$XNS_A" "$XA" xdp_devmap
	id=$(xdp_id "$XNS_A" "$XA")
	nsx "$XNS_B" "$XDP_USER" map-set "$id" devmap 0 "$(ns_read "$XNS_B" "class/net/$XB/ifindex")" ||
		fail "devmap: cannot set entry 0 to $XB"
	xdp_snap c0
	xdp_snap_b d0
	out=$("$XDP_USER" udp "$XNS_B" 198.18.0.1 7100 "$XNS_A" 7101 20 5000) ||
		fail "devmap a -> b -> a: $out of 20 datagrams at port 7101"
	xdp_snap c1
	xdp_snap_b d1
	sent=$(xdp_moved b_tx c0 c1)
	[ "$sent" = 20 ] || fail "devmap: b sent $sent frames for 20 datagrams"
	[ "$(xdp_moved redir c0 c1)" = 20 ] ||
		fail "devmap: a's rx_xdp_redirect +$(xdp_moved redir c0 c1), 20 sent"
	[ "$(xdp_moved xmit d0 d1)" = 20 ] ||
		fail "devmap: b's tx_xdp_xmit +$(xdp_moved xmit d0 d1), 20 redirected"
	n=$(xdp_moved xmit_cqe d0 d1)
	if [ "${XDP_CQE_EXACT:-0}" = 1 ]; then
		[ "$n" = 20 ] || fail "devmap: b's tx_xdp_cqes +$n, 20 sent"
	elif [ "$n" -lt 1 ] || [ "$n" -gt 20 ]; then
		fail "devmap: b's tx_xdp_cqes +$n"
	fi
	[ "$(xdp_moved rx_q c0 c1)" = 20 ] ||
		fail "devmap: a passed $(xdp_moved rx_q c0 c1) frames, 20 came back"
	[ "$(xdp_moved drop c0 c1)" = 0 ] || fail "devmap: rx_xdp_drop moved"
	[ "$(xdp_moved a_tx c0 c1)" = 0 ] || fail "devmap: a sent frames"
	log "devmap a -> b -> a: $out of 20 at port 7101, a rx_xdp_redirect +20, b tx_xdp_xmit +20 (cqes +$n)"
	xdp_detach "$XNS_B" "$XB"

	# cpumap
	xdp_attach "$XNS_A" "$XA" xdp_cpumap
	id=$(xdp_id "$XNS_A" "$XA")
	for n in 0 1; do
		"$XDP_USER" map-set "$id" cpumap "$n" 64 || fail "cpumap: cannot set entry $n"
	done
	xdp_round 20
	[ "$got" = 20 ] || fail "cpumap: $got of 20 replies"
	[ "$sent" -ge 20 ] || fail "cpumap: b sent $sent frames"
	[ "$(xdp_moved redir c0 c1)" = "$sent" ] ||
		fail "cpumap: rx_xdp_redirect +$(xdp_moved redir c0 c1), b sent $sent"
	[ "$(xdp_moved rx_q c0 c1)" = 0 ] || fail "cpumap: the driver passed frames itself"
	[ "$(xdp_moved drop c0 c1)" = 0 ] || fail "cpumap: rx_xdp_drop moved"
	log "cpumap: $got/20 replies through the other CPU, rx_xdp_redirect +$sent"

	# AF_XDP, copy mode, a socket on every queue
	nq=$(nsx "$XNS_A" ethtool -l "$XA" | awk '/^Combined:/ { n = $2 } END { print n }')
	xdp_attach "$XNS_A" "$XA" xdp_xsk
	id=$(xdp_id "$XNS_A" "$XA")
	xdp_snap c0
	out=$("$XDP_USER" xsk "$XNS_A" "$XA" "$nq" "$id" "$XNS_B" 198.18.0.1 20 20 10000) ||
		fail "AF_XDP copy mode: $out"
	xdp_snap c1
	[ "$(xdp_moved b_tx c0 c1)" = 20 ] || fail "AF_XDP: b sent $(xdp_moved b_tx c0 c1) frames"
	[ "$(xdp_moved redir c0 c1)" = 20 ] ||
		fail "AF_XDP: rx_xdp_redirect +$(xdp_moved redir c0 c1), 20 sent"
	[ "$(xdp_moved a_tx c0 c1)" = 20 ] ||
		fail "AF_XDP: a's tx_packets +$(xdp_moved a_tx c0 c1), 20 sent from the socket"
	[ "$(xdp_moved b_rx c0 c1)" = 20 ] ||
		fail "AF_XDP: b received $(xdp_moved b_rx c0 c1) frames, 20 sent from the socket"
	[ "$(xdp_moved rx_q c0 c1)" = 0 ] || fail "AF_XDP: a's stack saw frames"
	log "AF_XDP copy mode: $out; rx_xdp_redirect +20, a tx_packets +20"
	xdp_detach "$XNS_A" "$XA"
	[ "$(xdp_ping 5)" = 5 ] || fail "no ping after the map checks"
	log "map checks: $((SECONDS - t0)) s"
}

# xdp_sq_error_check (cx4: the device's WQ_ERROR knob), with xdp_reflect
# attached to a (xdp_reflect_check sq_error): the next WQE of any SQ of
# a fails (error CQE, syndrome 0x4, the SQ to ERR); a's stack sends
# nothing, so that is the XDP SQ of the channel b's pings reach.  Pings
# (until 5 replies, 3 s at most): the driver counts the error CQE and
# the flushes after it in rx_xdp_tx_err, logs the XDP SQ the knob
# names, and rebuilds the channels.  Then xdp_reflect_round: every ping
# answered again, exact counts, no error; no page pool left detached
# with pages in flight (kmemleak scans after the tests).
# shellcheck disable=SC2034 # c0, c1 are read through xdp_moved's namerefs
xdp_sq_error_check() {
	local fa=$PAIR_FA hits r0 q got sent err rx t0=$SECONDS
	local -A c0 c1
	hits=$(ctl_get "$fa" knob_hits)
	r0=$(dmesg_count "$XA: channels rebuilt after")
	xdp_snap c0
	ctl_set "$fa" wq_error_syndrome 0x4 wq_error $(((1 << 31) | 0xffffff)) ||
		fail "cannot arm WQ_ERROR"
	got=$(xdp_ping 5 3)
	WAIT_SECS=30 wait_for xdp_rebuilt "$r0" || fail "XDP SQ error: no channel rebuild in 30 s"
	xdp_snap c1
	sent=$(xdp_moved b_tx c0 c1)
	q=$(printf '0x%x' $(($(ctl_get "$fa" wq_error) & 0xffffff)))
	[ "$(ctl_get "$fa" knob_hits)" = $((hits + 1)) ] || fail "WQ_ERROR: not one knob hit"
	[ "$(dmesg_count "$XA: XDP SQ $q: error CQE syndrome 0x4 ")" = 1 ] ||
		fail "no error CQE line for XDP SQ $q (the SQ the knob hit)"
	[ "$(dmesg_count "$XA: channel [0-9]+: XDP SQ in error")" -ge 1 ] ||
		fail "no 'XDP SQ in error' line"
	# Each request b sent was answered (b_rx), or its reply failed
	# (rx_xdp_tx_err: the error CQE, then flushes), or was lost in the
	# rebuild: answered + failed <= sent, and at least one failed.
	err=$(xdp_moved txerr c0 c1) rx=$(xdp_moved b_rx c0 c1)
	[ "$err" -ge 1 ] || fail "XDP SQ error: rx_xdp_tx_err did not move"
	[ "$((rx + err))" -le "$sent" ] ||
		fail "XDP SQ error: $rx replies and $err failed sends for $sent requests"
	log "XDP SQ $q error CQE: b sent $sent requests, $rx answered (ping: $got), rx_xdp_tx_err +$err, channels rebuilt"
	xdp_reflect_round "xdp_reflect after the XDP SQ error"
	WAIT_SECS=10 wait_for xdp_pools_attached "$XNS_A" ||
		fail "page pools left detached: $(nsx "$XNS_A" python3 -S "$NETDEV_NL" page-pools)"
	log "XDP SQ error check: $((SECONDS - t0)) s"
}

# xdp_rebuilt N: the kernel log has more than N channel rebuilds of a.
xdp_rebuilt() {
	[ "$(dmesg_count "$XA: channels rebuilt after")" -gt "$1" ]
}

# xdp_pools_attached NS: no page pool of NS is detached (pages in flight).
xdp_pools_attached() {
	! nsx "$1" python3 -S "$NETDEV_NL" page-pools | grep -q detach-time
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

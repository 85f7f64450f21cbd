#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# The operator's tour (issue 21): one list of everyday commands driven
# through Debian's mlx5_core and then through cx4, on Debian's 6.12
# kernel and the same emulated device with its default properties, so
# that both drivers are held to one device.  Per driver, on a's netdev
# (b, cabled to it, is the peer): ring sizes (-G), channels (-L),
# moderation (-C), timestamping (-T), the RSS table (-X equal 1, default),
# pause (-A), autonegotiation off/on (-s; cx4 only advertises: its
# refusal is checked and printed), -S, -m, --show-fec, the peer
# taken down (a's carrier and `ethtool a` say so) and back, devlink dev
# info and the diagnose of every health reporter; a ping after every
# change.  Each step must succeed and read back what was set under both
# drivers; `devlink dev reload` is mlx5_core's only (cx4 has no reload:
# printed).  The device counts no guest error and no model limitation
# (vmtest asserts both after the test).  A table of both drivers' steps
# ends the output.
#
# Cost (2-core machine, alone): about 150 s in the stock-kernel VM.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"
BB=busybox
declare -A STEP=()
STEPS=""

# step NAME RESULT: record a step's outcome for the table.
step() {
	STEP[$DRV:$1]=$2
	[[ " $STEPS " == *" $1 "* ]] || STEPS+=" $1"
}

e() {
	nsx "$NS" ethtool "$@"
}

ping_ok() {
	nsx "$NS" $BB ping -c 2 -W 5 198.18.0.2 > /dev/null || fail "$DRV: ping after $1"
}

up_again() {
	WAIT_SECS=30 wait_for carrier "$NS" "$A" || fail "$DRV: $A: no carrier after $1"
	ping_ok "$1"
}

# current WHAT FIELD: the "Current" value of FIELD in ethtool WHAT's output.
current() {
	e "$1" "$A" | awk -v f="$2:" '/^Current/ { c = 1 } c && $1 == f { print $2; exit }'
}

tour() {
	local rx tx ch out r
	DRV=$1 NS=${1}a A=$PAIR_A

	rx=$(current -g RX) tx=$(current -g TX)
	e -G "$A" rx 512 tx 512 || fail "$DRV: -G rx 512 tx 512"
	[ "$(current -g RX) $(current -g TX)" = "512 512" ] || fail "$DRV: -g does not read 512 512"
	up_again "-G"
	e -G "$A" rx "$rx" tx "$tx" || fail "$DRV: -G back to $rx $tx"
	up_again "-G back"
	step ring "ok ($rx/$tx -> 512/512 -> back)"

	ch=$(current -l Combined)
	e -L "$A" combined 1 || fail "$DRV: -L combined 1"
	[ "$(current -l Combined)" = 1 ] || fail "$DRV: -l does not read 1"
	up_again "-L 1"
	e -L "$A" combined "$ch" || fail "$DRV: -L back to $ch"
	up_again "-L back"
	step channels "ok ($ch -> 1 -> $ch)"

	e -C "$A" adaptive-rx off rx-usecs 8 rx-frames 16 || fail "$DRV: -C"
	out=$(e -c "$A")
	grep -q "^rx-usecs: *8$" <<< "$out" && grep -q "^rx-frames: *16$" <<< "$out" &&
		grep -q "^Adaptive RX: *off" <<< "$out" || fail "$DRV: -c does not read back: $out"
	e -C "$A" adaptive-rx on || fail "$DRV: -C adaptive-rx on"
	ping_ok "-C"
	step coalesce ok

	e -T "$A" > /dev/null || fail "$DRV: -T"
	step timestamping "ok ($(e -T "$A" | awk '/^Capabilities:/ { c = 1; next }
		/^[^\t ]/ { c = 0 } c { n++ } END { print n + 0 }') capabilities)"

	e -X "$A" equal 1 || fail "$DRV: -X equal 1"
	r=$(e -x "$A" | awk '$1 ~ /^[0-9]+:$/ { for (i = 2; i <= NF; i++) if ($i != 0) n++ } END { print n + 0 }')
	[ "$r" = 0 ] || fail "$DRV: -x after -X equal 1: $r entries not 0"
	ping_ok "-X equal 1"
	e -X "$A" default || fail "$DRV: -X default"
	step rss ok

	e -A "$A" rx off tx off || fail "$DRV: -A rx off tx off"
	out=$(e -a "$A")
	grep -q "^RX:[[:space:]]*off" <<< "$out" && grep -q "^TX:[[:space:]]*off" <<< "$out" ||
		fail "$DRV: -a does not read off: $out"
	e -A "$A" rx on tx on || fail "$DRV: -A rx on tx on"
	up_again "-A"
	step pause ok

	if [ "$DRV" = cx4 ]; then
		# cx4 only advertises (Documentation/ethtool.md): refused, unchanged.
		out=$(e -s "$A" autoneg off 2>&1) &&
			fail "cx4: autoneg off accepted: update this test and ethtool.md"
		e "$A" | grep -q "Auto-negotiation: on" || fail "$DRV: autoneg not on after the refusal"
		ping_ok "a refused autoneg off"
		step autoneg "not offered (off: ${out##*: })"
	else
		e -s "$A" autoneg off || fail "$DRV: -s autoneg off"
		up_again "autoneg off"
		e "$A" | grep -q "Auto-negotiation: off" || fail "$DRV: autoneg not off"
		e -s "$A" autoneg on || fail "$DRV: -s autoneg on"
		up_again "autoneg on"
		step autoneg ok
	fi

	r=$(e -S "$A" | grep -c ':') || true
	[ "$r" -gt 10 ] || fail "$DRV: -S: $r counters"
	step stats "ok ($r counters)"
	e -m "$A" | grep -q "Vendor name *: cx4 model" || fail "$DRV: -m"
	step module ok
	out=$(e --show-fec "$A") || fail "$DRV: --show-fec"
	step fec "ok ($(awk -F': ' '/^Active/ { print $2 }' <<< "$out"))"

	ip -n "${DRV}b" link set "$PAIR_B" down
	WAIT_SECS=30 wait_for no_carrier "$NS" "$A" || fail "$DRV: carrier stays up with the peer down"
	out=$(e "$A" | grep "Link detected")
	[[ $out == *"Link detected: no"* ]] || fail "$DRV: ethtool with the peer down: $out"
	ip -n "${DRV}b" link set "$PAIR_B" up
	up_again "the peer up"
	step peer_down "ok (${out#*: })"

	devlink dev info "pci/$PAIR_FA" > /dev/null || fail "$DRV: devlink dev info"
	step devlink_info ok
	# (devlink 6.1's "health show" takes a device only with a reporter.)
	r=$(devlink health show | awk -v d="pci/$PAIR_FA:" '
		/^[a-z]+\// { on = ($1 == d) } on && $1 == "reporter" { print $2 }')
	[ -n "$r" ] || fail "$DRV: no devlink health reporter"
	# A reporter without a diagnose op (mlx5_core's fw_fatal) answers
	# EOPNOTSUPP: listed as such; any other failure fails.
	local rep names=""
	for rep in $r; do
		if out=$(devlink health diagnose "pci/$PAIR_FA" reporter "$rep" 2>&1); then
			names+="$rep "
		elif [[ $out == *"Operation not supported"* ]]; then
			names+="$rep(no diagnose) "
		else
			fail "$DRV: devlink health diagnose reporter $rep: $out"
		fi
	done
	step health_diagnose "ok ($names)"
}

no_carrier() {
	! carrier "$@"
}

echo 1 > /sys/bus/auxiliary/drivers_autoprobe
dmesg -C
pair_up mlx5
tour mlx5
# devlink dev reload: the netdevs come back (in the init netns, where
# devlink lives); a's returns to its netns and passes traffic.
devlink dev reload "pci/$PAIR_FA" || fail "mlx5: devlink dev reload"
WAIT_SECS=60 wait_for has_netdev "$PAIR_FA" || fail "mlx5: no netdev after reload"
A=$(netdev_of "$PAIR_FA")
ip link set "$A" netns mlx5a || fail "mlx5: cannot move $A back into mlx5a"
pair_addr mlx5a "$A" 1
PAIR_A=$A
up_again "devlink dev reload"
step reload ok
pair_cleanup
bad=$(dmesg -l emerg,alert,crit,err,warn | grep -F "mlx5_core" || true)
[ -z "$bad" ] || fail "mlx5_core error/warning lines:
$bad"
mlx5_remove

pair_up cx4
tour cx4
out=$(devlink dev reload "pci/$PAIR_FA" 2>&1) && fail "cx4: devlink dev reload accepted: update this test"
step reload "not offered (${out##*: })"
pair_cleanup
rmmod cx4 || fail "rmmod cx4 failed"
assert_device_clean

printf '# %-16s %-36s %s\n' step mlx5_core cx4
for s in $STEPS; do
	printf '# %-16s %-36s %s\n' "$s" "${STEP[mlx5:$s]:-}" "${STEP[cx4:$s]:-}"
done
log "the operator's tour passed under mlx5_core and cx4"

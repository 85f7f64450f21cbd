#!/bin/bash
# vm: --nics 2 --smp 4 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# RSS contexts (en/rss_ctx.c; PRM 3.3.3, 7.5, 7.8) and ntuple rules into
# them (en/ntuple.c).  On cx4b (four channels) context A spreads over
# queues 0-1 (equal 2) and context B over queues 2-3 (weight 0 0 1 1),
# each with its own key (B with hfunc xor); ethtool -x reads each back.
# A udp4 rule sends port 7101 into A, another port 7102 into B: 16
# flows to each port land only on that context's queues
# (rxN_packets), both of its queues used.  Live changes: A's table to
# queue 3 only (MODIFY_RQT) and the flows follow; rx-flow-hash reaches
# the contexts' TIRs (udp4 "sd": one queue for every port of 7102).
# Refused with their errno, nothing changed: deleting B while a rule
# uses it (EBUSY), an ether rule into a context (EOPNOTSUPP), a rule
# into a context that does not exist (ENOENT), hfunc crc32 (EOPNOTSUPP),
# a table beyond the channels, ethtool -L below a channel B names; the
# device refusing CREATE_TIR (the new context's RQT goes again, no
# context) or MODIFY_RQT (table, key and function as before).  The
# contexts survive -G, an MTU change, down/up and -L 2 then 4 (B moved
# onto 0-1 first) and keep steering.  15 contexts at most; the 16th is
# refused.  Deleting rules and contexts gives the ports back to the
# default RSS; no guest error, no object left (a context RQT or TIR
# outliving its RQs would be a guest error at rmmod).
#
# Bounded by counts: 13 batches of 16 flows x 4 datagrams, about 75
# ethtool calls.  Cost on the 2-core machine (2026-11-27), beside other
# agents' VMs: 284 s and 248 s in its VM (two runs), 410 s for the
# vmtest run with the boot (7 min 10 s with the module build); mostly
# program starts (ethtool, ip: 0.5-1.5 s each under load).
. "$(dirname "$0")/lib.sh"

FLOWS=16 PER=4
N=$((FLOWS * PER))
steer_setup_pair
a=$STEER_A b=$STEER_B fb=$DP_FB
nq=$(nsx cx4b ethtool -S "$b" | grep -cE '^ +rx[0-9]+_packets:')
[ "$nq" = 4 ] || fail "$b: $nq RX queues, the test wants 4 (smp 4)"
: "$a"

KEYA=6d:5a:56:da:25:5b:0e:c2:41:67:25:3d:43:a3:8f:b0:d0:ca:2b:cb:ae:7b:30:b4:77:cb:2d:a3:80:30:f2:0c:6a:42:b7:3b:be:ac:01:fa
KEYB=3c:11:a5:07:9e:42:d1:88:5f:60:2b:c4:97:1d:e3:06:7a:b5:48:f2:0d:93:6e:c1:24:58:bb:0f:e7:32:91:4d:a6:1e:05:cc:73:8a:f4:29

# One sender in cx4a for the whole test (lib.sh, as ntuple.sh's).
nt_sender_start cx4a

# rxq: "RX0 RX1 RX2 RX3" packets of cx4b's queues from one ethtool -S.
rxq() {
	local k v r0=0 r1=0 r2=0 r3=0
	while read -r k v; do
		case $k in
		rx0_packets:) r0=$v ;;
		rx1_packets:) r1=$v ;;
		rx2_packets:) r2=$v ;;
		rx3_packets:) r3=$v ;;
		esac
	done < <(nsx cx4b ethtool -S "$b")
	echo "$r0 $r1 $r2 $r3"
}

# send PORT: $N datagrams over $FLOWS flows to PORT; D[q]: what queue q
# of cx4b received meanwhile.
send() {
	local ack q r i
	read -r -a q < <(rxq)
	echo "$1 $FLOWS $PER" >&"$NT_SEND_IN"
	read -r -t 60 -u "$NT_SEND_OUT" ack && [ "$ack" = sent ] ||
		fail "sending to port $1 failed"
	nap 1
	read -r -a r < <(rxq)
	for i in 0 1 2 3; do
		D[i]=$((r[i] - q[i]))
	done
}

# on_queues PORT "Q..." WHAT: every datagram to PORT lands on queues Q...
# (the others see less than N/8 of ARP/ND noise), and each of them gets
# some when there are several (16 flows all hashing to one of two queues:
# 2^-15).
on_queues() {
	local want=" $2 " got=0 other=0 i
	send "$1"
	for i in 0 1 2 3; do
		if [[ $want == *" $i "* ]]; then
			got=$((got + D[i]))
			[ "${D[i]}" -gt 0 ] || [ "$(echo "$2" | wc -w)" = 1 ] ||
				fail "$3: port $1: queue $i of '$2' got nothing (${D[*]})"
		else
			other=$((other + D[i]))
		fi
	done
	[ "$got" -ge "$N" ] && [ "$other" -lt $((N / 8)) ] ||
		fail "$3: port $1: queues 0-3 got ${D[*]}; want all $N on '$2'"
	log "$3: port $1: ${D[*]} on queues 0-3"
}

# refused ERRTEXT CMD ARGS...: the ethtool call fails with strerror ERRTEXT.
refused() {
	local want=$1 out
	shift
	out=$(nsx cx4b ethtool "$@" 2>&1) && [[ $out != *"$want"* ]] &&
		fail "ethtool $* accepted: $out"
	[[ $out == *"$want"* ]] || fail "ethtool $*: want '$want', got: $out"
	log "refused ($want): ethtool $*"
}

# new_ctx ARGS...: ethtool -X context new ARGS; prints the new ID.
new_ctx() {
	local out
	out=$(nsx cx4b ethtool -X "$b" context new "$@" 2>&1) ||
		fail "ethtool -X context new $*: $out"
	[[ $out =~ New\ RSS\ context\ is\ ([0-9]+) ]] ||
		fail "ethtool -X context new $*: no ID in: $out"
	echo "${BASH_REMATCH[1]}"
}

# table_is CTX "Q...": ethtool -x context CTX names exactly queues Q...
table_is() {
	local out qs ctx=(context "$1")
	[ "$1" = 0 ] && ctx=()	# ethtool 6.1 refuses "context 0"
	out=$(nsx cx4b ethtool -x "$b" "${ctx[@]}") ||
		fail "ethtool -x context $1 failed"
	qs=$(echo "$out" | awk '/^ *[0-9]+:/ { for (i = 2; i <= NF; i++) print $i }' |
		sort -un | tr '\n' ' ')
	[ "$qs" = "$2 " ] || fail "context $1 names queues '$qs', want '$2'"
}

# --- two contexts over disjoint queues, rules into them ---------------------------
refused "No such file or directory" -x "$b" context 1
A=$(new_ctx equal 2 hkey "$KEYA")
B=$(new_ctx weight 0 0 1 1 hkey "$KEYB" hfunc xor)
[ "$A" != "$B" ] && [ "$A" -gt 0 ] && [ "$B" -gt 0 ] || fail "context IDs '$A' '$B'"
table_is "$A" "0 1"
table_is "$B" "2 3"
outa=$(nsx cx4b ethtool -x "$b" context "$A")
outb=$(nsx cx4b ethtool -x "$b" context "$B")
[[ $outa == *"$KEYA"* && $outb == *"$KEYB"* ]] || fail "context keys not read back"
echo "$outa" | grep -qE '^ *toeplitz: on' && echo "$outb" | grep -qE '^ *xor: on' ||
	fail "context hash functions not read back: $outa / $outb"
table_is 0 "0 1 2 3"
nsx cx4b ethtool -x "$b" | grep -q "$KEYA" && fail "context A's key on the default context"

nsx cx4b ethtool -N "$b" flow-type udp4 dst-port 7101 context "$A" loc 1 >/dev/null ||
	fail "rule into context $A refused"
nsx cx4b ethtool -N "$b" flow-type udp4 dst-port 7102 context "$B" loc 2 >/dev/null ||
	fail "rule into context $B refused"
nsx cx4b ethtool -n "$b" rule 2 | grep -q "RSS Context ID: $B" ||
	fail "rule 2 does not read back into context $B: $(nsx cx4b ethtool -n "$b" rule 2)"
on_queues 7101 "0 1" "context $A"
on_queues 7102 "2 3" "context $B"

# --- bad input, refused, nothing changed -----------------------------------------
refused "Device or resource busy" -X "$b" context "$B" delete
refused "Operation not supported" -N "$b" flow-type ether proto 0x88b5 context "$A"
refused "No such file or directory" -N "$b" flow-type udp4 dst-port 7103 context 9
refused "Operation not supported" -X "$b" context "$A" hfunc crc32
if nsx cx4b ethtool -X "$b" context "$A" equal 5 2>/dev/null; then
	fail "context table over 5 queues accepted with 4 channels"
fi
refused "Invalid argument" -L "$b" combined 3
nsx cx4b ethtool -l "$b" | tail -n 2 | grep -q "Combined:.*4" ||
	fail "channel count changed by a refused -L"
nsx cx4b ethtool -n "$b" | grep -q "Total 2 rules" || fail "rules added by refusals"
table_is "$A" "0 1"

# The device refuses: CREATE_TIR of a new context (its RQT goes again),
# MODIFY_RQT of a change with a new key (the TIRs get the old key back).
ctl_set "$fb" fail_opcode 0x900
if nsx cx4b ethtool -X "$b" context new equal 2 2>/dev/null; then
	fail "context new accepted with CREATE_TIR failing"
fi
[ "$(ctl_get "$fb" fail_opcode)" = 0 ] || fail "the CREATE_TIR failure was never injected"
refused "No such file or directory" -x "$b" context 3
ctl_set "$fb" fail_opcode 0x917
if nsx cx4b ethtool -X "$b" context "$A" weight 0 1 hkey "$KEYB" 2>/dev/null; then
	fail "context change accepted with MODIFY_RQT failing"
fi
[ "$(ctl_get "$fb" fail_opcode)" = 0 ] || fail "the MODIFY_RQT failure was never injected"
table_is "$A" "0 1"
nsx cx4b ethtool -x "$b" context "$A" | grep -q "$KEYA" || fail "context $A lost its key"
on_queues 7101 "0 1" "after refused changes"

# --- live changes ----------------------------------------------------------------
nsx cx4b ethtool -X "$b" context "$A" weight 0 0 0 1 || fail "context $A: weight 0 0 0 1 refused"
table_is "$A" "3"
on_queues 7101 "3" "context $A changed live"
nsx cx4b ethtool -X "$b" context "$A" equal 2 || fail "context $A: equal 2 refused"
# rx-flow-hash is the device's: udp4 on addresses only puts every flow
# of a context on one queue (of 2-3: which one, the XOR8 hash says).
nsx cx4b ethtool -N "$b" rx-flow-hash udp4 sd || fail "rx-flow-hash udp4 sd refused"
send 7102
[ $((D[2] + D[3])) -ge "$N" ] && { [ "${D[2]}" -lt $((N / 8)) ] || [ "${D[3]}" -lt $((N / 8)) ]; } ||
	fail "udp4 sd: context $B spread ${D[*]}; want one of queues 2-3"
log "udp4 sd: context $B: ${D[*]}"
nsx cx4b ethtool -N "$b" rx-flow-hash udp4 sdfn || fail "rx-flow-hash udp4 sdfn refused"

# --- reconfiguration ----------------------------------------------------------------
nsx cx4b ethtool -G "$b" rx 512 || fail "$b: ethtool -G rx 512 refused"
on_queues 7102 "2 3" "after -G rx 512"
nsx cx4b ip link set "$b" mtu 9000 || fail "$b: MTU 9000 refused"
on_queues 7101 "0 1" "after MTU 9000"
nsx cx4b ip link set "$b" mtu 1500 || fail "$b: MTU 1500 refused"
ip -n cx4b -batch - <<-EOF || fail "$b: down/up failed"
	link set $b down
	link set $b up
EOF
WAIT_SECS=30 wait_for carrier cx4b "$b" || fail "$b: no carrier after up"
table_is "$B" "2 3"
on_queues 7102 "2 3" "after down/up"
nsx cx4b ethtool -X "$b" context "$B" weight 1 || fail "context $B: weight 1 refused"
nsx cx4b ethtool -L "$b" combined 2 || fail "-L combined 2 refused with contexts on 0-1"
on_queues 7102 "0" "two channels"
on_queues 7101 "0 1" "two channels"
nsx cx4b ethtool -L "$b" combined 4 || fail "-L combined 4 refused"
nsx cx4b ethtool -X "$b" context "$B" weight 0 0 1 1 || fail "context $B back to 2-3 refused"
on_queues 7102 "2 3" "four channels again"

# --- limits ---------------------------------------------------------------------------
made=()
for i in $(seq 3 15); do
	made+=("$(new_ctx equal 4)")
done
if out=$(nsx cx4b ethtool -X "$b" context new equal 4 2>&1); then
	fail "a 16th RSS context accepted: $out"
fi
log "16th context refused: $out"
for c in "${made[@]}"; do
	nsx cx4b ethtool -X "$b" context "$c" delete || fail "delete context $c refused"
done

# --- delete: back to the default RSS, nothing left ------------------------------
nsx cx4b ethtool -N "$b" delete 2 || fail "delete rule 2 refused"
nsx cx4b ethtool -X "$b" context "$B" delete || fail "delete context $B refused"
refused "No such file or directory" -x "$b" context "$B"
nsx cx4b ethtool -N "$b" delete 1 && nsx cx4b ethtool -X "$b" context "$A" delete ||
	fail "delete rule 1 / context $A refused"
nsx cx4b ethtool -n "$b" | grep -q "Total 0 rules" || fail "rules left"
send 7101
used=0
for i in 0 1 2 3; do
	[ "${D[i]}" -gt 0 ] && used=$((used + 1))
done
[ "$used" -ge 3 ] || fail "after delete: port 7101 on ${D[*]}; want the default RSS over 4 queues"
log "after delete: default RSS: ${D[*]}"

nt_sender_stop
steer_finish

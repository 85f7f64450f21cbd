#!/bin/bash
# vm: --kernel stock-6.1 --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# RSS contexts on bookworm's own kernel (6.1), whose ethtool core hands
# them to get_rxfh_context/set_rxfh_context (6.12's context ops:
# rss_ctx.sh): a new context weighted all on queue 1, ethtool -x shows
# its table, an ntuple rule steers every flow of a port into it (all on
# queue 1, where the default RSS spreads them over both), ethtool -L
# below the queue it names and deleting it while the rule uses it are
# refused, then the rule and the context go and the ID is free again.
# In the 6.1 boot (~20 s); the device counts no guest error.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
case $(uname -r) in
6.1.* | 6.1-*) ;;
*) fail "booted $(uname -r), not Debian's 6.1" ;;
esac

FLOWS=16 PER=3
N=$((FLOWS * PER))
pair_up cx4
b=$PAIR_B
nq=$(nsx cx4b ethtool -S "$b" | grep -cE '^ +rx[0-9]+_packets:')
[ "$nq" = 2 ] || fail "$b: $nq RX queues, the test wants 2"
NT_NS=cx4b NT_IF=$b
nt_drops() { echo 0; }
nt_sender_start cx4a

xb() { nsx cx4b ethtool -X "$b" "$@" 2>&1; }

# A context all on queue 1: each table entry names queue 1.
out=$(xb context new weight 0 1) || fail "ethtool -X context new refused: $out"
[[ $out =~ New\ RSS\ context\ is\ ([0-9]+) ]] || fail "ethtool -X context new: '$out'"
c=${BASH_REMATCH[1]}
[ "$c" -gt 0 ] || fail "context new gave ID $c"
read -r n bad < <(nsx cx4b ethtool -x "$b" context "$c" |
	awk '/^ *[0-9]+:/ { for (i = 2; i <= NF; i++) { n++; if ($i != 1) bad++ } }
	     END { print n + 0, bad + 0 }')
[ "$n" -gt 0 ] && [ "$bad" = 0 ] ||
	fail "ethtool -x context $c: $bad of $n entries not on queue 1"
log "context $c: $n entries, all on queue 1"

# The default RSS spreads a port's 16 flows over both queues (all on one:
# 2 in 65536); a rule into the context takes them all to queue 1.
send 7010
[ "$D0" -gt 0 ] && [ "$D1" -gt 0 ] ||
	fail "default RSS: queue 0 got $D0, queue 1 got $D1; want both some"
out=$(nt flow-type udp4 dst-port 7011 context "$c" loc 3) ||
	fail "rule into context $c refused: $out"
on_queue 7011 1 "udp4 rule into context $c"

out=$(nsx cx4b ethtool -L "$b" combined 1 2>&1) &&
	fail "ethtool -L combined 1 accepted with context $c on queue 1"
log "ethtool -L combined 1 refused: ${out:-(no message)}"
out=$(xb context "$c" delete) &&
	fail "context $c deleted while a rule steers into it"
log "context $c in use, delete refused: ${out:-(no message)}"

nt delete 3 > /dev/null || fail "deleting rule 3 failed"
out=$(xb context "$c" delete) || fail "context $c delete refused: $out"
nsx cx4b ethtool -x "$b" context "$c" > /dev/null 2>&1 &&
	fail "ethtool -x context $c answers after the delete"
out=$(xb context new equal 2) || fail "context new after the delete: $out"
[[ $out =~ New\ RSS\ context\ is\ $c ]] || fail "the freed ID $c not given again: '$out'"
xb context "$c" delete > /dev/null || fail "second delete of context $c refused"

nt_sender_stop
pair_cleanup
trap - EXIT
rmmod cx4 || fail "rmmod failed"
assert_device_clean
log "RSS contexts through get/set_rxfh_context on Debian $(uname -r)"

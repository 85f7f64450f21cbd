#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# A TX timeout resets only the SQ that stopped (issue 19, item 6), in the
# shared boot of the datapath tests (2 vCPUs: 2 channels; any count up to
# one per vCPU works).  Each of a's TX queues gets one UDP flow of its
# own: XPS maps CPU i to TX queue i only and flow i's sender is pinned to
# CPU i (its socket unconnected, so every datagram picks its queue by
# XPS), and b's address is a permanent neighbour entry on a (an ARP
# probe picked for the stalled queue would stop the flows of every
# queue: see below).  Nothing is judged against the watchdog's clock (a
# loaded TCG guest can take seconds for one ethtool -S):
#   1. Function a's SQ on one ring is found with WQ_ERROR on any SQ (the
#      queue it hits reads back; the ring whose recover counter moved is
#      its ring); every ring sends.
#   2. SQ_STALL holds that SQ.  For 1 s the stalled ring completes nothing
#      and every other ring sends (its TX queue is not stopped yet: no
#      watchdog can fire).  Then a burst pinned to its CPU fills its ring.
#   3. The driver stopped that TX queue (the ring's "stopped" counter);
#      the watchdog fires once, on that queue; the driver logs the TX
#      timeout of that queue and SQ only and resets that SQ only: only
#      that ring's "recover" counter moves, by 1, and the queue's
#      tx_timeout (sysfs) by 1; the reset ends the stall (the knob reads
#      0); no channel rebuild, no failed or lost queue; every other ring
#      sent until the reset.
#   4. After it every ring sends, the recovered one too; a ping passes;
#      the netdev was never closed: same ifindex, same addresses, no
#      carrier change.
# Why the earlier version of this test never saw a TX timeout: its flows
# were spread by socket hash and its neighbour entry was dynamic.  During
# the stall the entry went stale and the kernel's unicast ARP probe for
# 198.18.0.2 can pick the stalled queue; unanswered, the entry fails and
# every flow's datagrams wait for ARP in the neighbour queue (3 kept, the
# rest dropped): nothing more reached the driver, the stalled ring never
# filled, the queue never stopped and the watchdog had nothing to see.
# Cost: 160-301 s in the shared boot (5 runs in a row, 2026-11-27, on a
# host at load 5-11: two or three other VMs): most of it is ethtool -S,
# python and the watchdog's 5-10 s under the guest's own UDP flows.
. "$(dirname "$0")/lib.sh"

BB=busybox
ON=$((1 << 31)) ANYQ=$((0xffffff))
dp_pair_up
a=$DP_A b=$DP_B fa=$DP_FA
nch=$(nsx cx4a ethtool -l "$a" | awk '/^Current/ { on = 1 } on && $1 == "Combined:" { print $2; exit }')
ncpu=$(grep -c '^processor' /proc/cpuinfo)
[ "$nch" -ge 2 ] && [ "$nch" -le "$ncpu" ] ||
	fail "$a: $nch channels, want 2 to $ncpu (one flow per CPU)"

# ethtool -S of a, one "name value" a line.
stats() {
	nsx cx4a ethtool -S "$a" | awk -F': *' 'NF == 2 { gsub(/ /, "", $1); print $1, $2 }'
}
# Value of counter $2 in snapshot $1 (fails without it).
val() {
	local v
	v=$(echo "$1" | awk -v k="$2" '$1 == k { print $2 }')
	[ -n "$v" ] || fail "no counter $2"
	echo "$v"
}
# How far counter $3 moved from snapshot $1 to $2.
moved() {
	echo $(($(val "$2" "$3") - $(val "$1" "$3")))
}
# tx_packets moved per ring from snapshot $1 to $2, space separated.
ring_moves() {
	local i m=
	for ((i = 0; i < nch; i++)); do
		m+="${m:+ }$(moved "$1" "$2" "tx${i}_packets")"
	done
	echo "$m"
}
recoveries() {
	dmesg_count "$a: channel [0-9]+: SQ 0x[0-9a-f]+ recovery done"
}
# More SQ recovery lines than $1.
recovered_since() {
	[ "$(recoveries)" -gt "$1" ]
}
# The driver's TX timeout lines.
timeouts() {
	dmesg_count "$a: TX timeout on queue"
}
# The tx ring whose recover counter moved between snapshots $1 and $2;
# fails unless exactly one moved, by exactly 1.
ring_moved() {
	local i n=0 r d
	for ((i = 0; i < nch; i++)); do
		d=$(moved "$1" "$2" "tx${i}_recover")
		[ "$d" = 0 ] && continue
		n=$((n + 1)) r=$i
		[ "$d" = 1 ] || return 1
	done
	[ "$n" = 1 ] && echo "$r"
}
# What stays while the netdev is not closed: ifindex, addresses, carrier changes.
netdev_id() {
	echo "ifindex $(ns_read cx4a "class/net/$a/ifindex")" \
		"carrier_changes $(ns_read cx4a "class/net/$a/carrier_changes")" \
		"$(ip -n cx4a -o addr show dev "$a" | awk '{ print $3, $4 }' | sort | tr '\n' ' ')"
}
# The tx_timeout count of a's TX queue $1 (sysfs).
txq_timeouts() {
	ns_read cx4a "class/net/$a/queues/tx-$1/tx_timeout" || echo "?"
}

# --- set-up: one queue per CPU, b's address resolved for good ---------------------
bmac=$(ns_read cx4b "class/net/$b/address") || fail "$b: no address"
xps=
for ((i = 0; i < nch; i++)); do
	xps+="echo $((1 << i)) > /sys/class/net/$a/queues/tx-$i/xps_cpus && "
done
ip netns exec cx4a $BB sh -c "${xps}true" || fail "$a: cannot set the XPS maps"
ip -n cx4a neigh replace 198.18.0.2 lladdr "$bmac" nud permanent dev "$a" ||
	fail "$a: cannot make 198.18.0.2 a permanent neighbour"
nsx cx4a $BB ping -c 1 -W 5 198.18.0.2 >/dev/null || fail "ping a -> b"
id0=$(netdev_id)

# --- 1. an SQ and its ring ----------------------------------------------------------
s0=$(stats)
fails0=$s0
rec0=$(recoveries)
ctl_set "$fa" wq_error $((ON | ANYQ)) || fail "cannot arm WQ_ERROR"
nsx cx4a $BB ping -c 1 -W 2 198.18.0.2 >/dev/null || true
WAIT_SECS=60 wait_for recovered_since "$rec0" ||
	fail "no SQ recovery after WQ_ERROR on any SQ"
sqn=$(printf '0x%x' $(($(ctl_get "$fa" wq_error) & ANYQ)))
s1=$(stats)
ring=$(ring_moved "$s0" "$s1") || fail "WQ_ERROR on SQ $sqn: not one ring recovered once"
log "SQ $sqn is ring $ring's"

# --- 2. a flow per queue; stall the SQ, fill its ring -------------------------------
rm -f /tmp/txto.out /tmp/txto.stop
# Flow i: 200-byte datagrams every 10 ms from CPU i to port 9000 + i,
# until /tmp/txto.stop exists (300 s at most: a loaded TCG guest is
# slow).  b answers port unreachable (rate limited); unconnected sockets
# do not see it.
timeout 330 ip netns exec cx4a python3 -S -c '
import errno, os, socket, sys, time
kids = []
for i in range(int(sys.argv[1])):
    pid = os.fork()
    if pid:
        kids.append(pid)
        continue
    os.sched_setaffinity(0, {i})
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setblocking(False)
    end = time.monotonic() + 300
    while time.monotonic() < end and not os.path.exists("/tmp/txto.stop"):
        try:
            s.sendto(bytes(200), ("198.18.0.2", 9000 + i))
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ENOBUFS):
                os._exit(1)
        time.sleep(0.01)
    os._exit(0)
print("go", flush=True)
bad = 0
for pid in kids:
    bad |= os.waitpid(pid, 0)[1]
sys.exit(1 if bad else 0)
' "$nch" > /tmp/txto.out &
flows=$!
stop_flows() {
	touch /tmp/txto.stop
	wait "$flows"
}
started() { [ -s /tmp/txto.out ]; }
WAIT_SECS=30 wait_for started || fail "the UDP flows did not start"
p0=$(stats)
sleep 1
p1=$(stats)
before=$(ring_moves "$p0" "$p1")
for d in $before; do
	[ "$d" -gt 0 ] || fail "a ring sent nothing before the stall (per ring: $before)"
done
log "before the stall the rings sent: $before"

rec0=$(recoveries)
to0=$(timeouts)
txto0=$(txq_timeouts "$ring")
ctl_set "$fa" sq_stall $((ON | sqn)) || fail "cannot arm SQ_STALL"
t0=$(stats)
sleep 1
sa=$(stats)
# The flow alone takes 10 s at least to fill the ring: its queue runs, so
# the watchdog cannot have fired.
if [ "$(ctl_get "$fa" sq_stall)" = 0 ] || recovered_since "$rec0"; then
	fail "SQ $sqn: reset before the ring filled (the stall was not held)"
fi
during=$(ring_moves "$t0" "$sa")
read -r -a d <<<"$during"
for ((i = 0; i < nch; i++)); do
	if [ "$i" = "$ring" ]; then
		[ "${d[i]}" = 0 ] || fail "stalled ring $i sent ${d[i]} packets during the stall"
	else
		[ "${d[i]}" -gt 0 ] || fail "ring $i sent nothing while ring $ring was stalled (per ring: $during)"
	fi
done
log "ring $ring stalled; meanwhile the rings sent: $during"
# More than the ring holds, from the stalled queue's CPU; the socket
# buffer holds them all (SO_SNDBUFFORCE), the qdisc keeps the rest.
ip netns exec cx4a python3 -S -c '
import errno, os, socket, sys
os.sched_setaffinity(0, {int(sys.argv[1])})
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, 32, 16 << 20)
s.setblocking(False)
for i in range(1200):
    try:
        s.sendto(bytes(200), ("198.18.0.2", 9100))
    except OSError as e:
        if e.errno not in (errno.EAGAIN, errno.ENOBUFS):
            raise
' "$ring" || fail "the burst on ring $ring failed"

# --- 3. the watchdog and the reset of that SQ only ---------------------------------
WAIT_SECS=60 wait_for recovered_since "$rec0" ||
	fail "stalled SQ $sqn: no recovery in 60 s"
s2=$(stats)
[ "$(moved "$t0" "$s2" "tx${ring}_stopped")" -gt 0 ] ||
	fail "ring $ring: the burst did not stop its TX queue"
# Up to the reset (and a moment after it) the other rings went on.
until=$(ring_moves "$sa" "$s2")
read -r -a d <<<"$until"
for ((i = 0; i < nch; i++)); do
	[ "$i" = "$ring" ] || [ "${d[i]}" -gt 0 ] ||
		fail "ring $i sent nothing while ring $ring waited for the watchdog (per ring: $until)"
done
log "until the reset the rings sent: $until"
[ "$(timeouts)" = $((to0 + 1)) ] || fail "$(($(timeouts) - to0)) TX timeout lines, want 1"
[ "$(dmesg_count "$a: TX timeout on queue $ring: SQ $sqn pc 0x[0-9a-f]+ cc 0x[0-9a-f]+, nothing sent for [0-9]+ ms: resetting the SQ")" = 1 ] ||
	fail "the TX timeout does not name queue $ring, SQ $sqn"
[ "$(dmesg_count "$a: NETDEV WATCHDOG: .*transmit queue $ring timed out")" = 1 ] ||
	fail "the watchdog did not report queue $ring once"
[ "$(txq_timeouts "$ring")" = $((txto0 + 1)) ] ||
	fail "tx-$ring/tx_timeout went from $txto0 to $(txq_timeouts "$ring"), want +1"
r=$(ring_moved "$t0" "$s2") || fail "not exactly one ring recovered once after the TX timeout"
[ "$r" = "$ring" ] || fail "the TX timeout reset ring $r, SQ $sqn is ring $ring's"
[ "$(dmesg_count "$a: channel $ring: SQ $sqn recovery done")" = 2 ] ||
	fail "not 2 'channel $ring: SQ $sqn recovery done' lines (WQ_ERROR, TX timeout)"
[ "$(ctl_get "$fa" sq_stall)" = 0 ] || fail "SQ $sqn: the stall outlived the reset"
log "TX timeout on queue $ring: only SQ $sqn was reset"

# --- 4. every queue after it, the same netdev ---------------------------------------
sleep 1
s3=$(stats)
sleep 2
s4=$(stats)
after=$(ring_moves "$s3" "$s4")
for d in $after; do
	[ "$d" -gt 0 ] || fail "a ring sent nothing after the reset (per ring: $after)"
done
log "after the reset the rings sent: $after"
stop_flows || fail "the UDP flows failed"
nsx cx4a $BB ping -c 1 -W 5 198.18.0.2 >/dev/null || fail "ping a -> b after the reset"
[ "$(timeouts)" = $((to0 + 1)) ] || fail "a second TX timeout"
for c in queue_recover_fail queue_lost; do
	[ "$(moved "$fails0" "$s4" "$c")" = 0 ] || fail "$c moved"
done
[ "$(dmesg_count "$a: (channels rebuilt|channel rebuild|.*recovery failed)")" = 0 ] ||
	fail "a channel rebuild or a failed recovery"
id1=$(netdev_id)
[ "$id1" = "$id0" ] || fail "$a was closed or re-created: '$id0' before, '$id1' after"
log "$a kept: $id1"
dp_cleanup
rmmod cx4
assert_device_clean

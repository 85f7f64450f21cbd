#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Receive filtering by the flow tables (PRM 7.11): the L2 table passes the
# interface's own address, broadcast and its unicast/multicast lists,
# everything when promiscuous; the VLAN table passes untagged frames and
# the registered VIDs, every VID when rx-vlan-filter is off.  Frames are
# sent from cx4a; what cx4b's driver received (rx<N>_packets) tells
# whether the device steered or dropped them.  Checked: a foreign
# unicast MAC is dropped unless promiscuous; a multicast group is
# received after a join and dropped after the leave; a MAC address
# change moves the filter; a VLAN sub-interface passes traffic with
# filtering on while an unregistered VID is dropped, and passes with
# filtering off.
. "$(dirname "$0")/lib.sh"

N=40
steer_setup_pair
a=$STEER_A b=$STEER_B

rx_b() {
	dp_stat cx4b "$b" 'rx[0-9]+_packets'
}

# One sender in cx4a for the whole test (a python3 start costs ~2 s under
# TCG): it reads "DST COUNT" lines from one FIFO, sends COUNT datagrams to
# DST port 9999 and answers "sent" on the other.
mkfifo /tmp/cx4-filter.in /tmp/cx4-filter.out
busybox nsenter --net=/run/netns/cx4a timeout 600 python3 -S -c '
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
with open(sys.argv[1]) as cmds, open(sys.argv[2], "w") as done:
    for line in cmds:
        dst, n = line.split()
        for _ in range(int(n)):
            s.sendto(b"f" * 32, (dst, 9999))
        done.write("sent\n")
        done.flush()
' /tmp/cx4-filter.in /tmp/cx4-filter.out &
sender=$!
exec {SEND_IN}> /tmp/cx4-filter.in {SEND_OUT}< /tmp/cx4-filter.out
rm -f /tmp/cx4-filter.in /tmp/cx4-filter.out

# Send $N UDP datagrams from cx4a to $1 (port 9999), bounded.
send_udp() {
	local ack
	echo "$1 $N" >&"$SEND_IN"
	read -r -t 60 -u "$SEND_OUT" ack && [ "$ack" = sent ] ||
		fail "sending to $1 failed"
	sleep 1
}

# $1: description; $2: "pass" or "drop"; $3: destination; the rest: a
# command to run first.  b's receive count must move by >= N (pass) or
# by less than N/4 (drop; ARP/ND and the like may still come).
expect() {
	local what=$1 verdict=$2 dst=$3 before after d
	before=$(rx_b)
	send_udp "$dst"
	after=$(rx_b)
	d=$((after - before))
	if [ "$verdict" = pass ]; then
		[ "$d" -ge "$N" ] || fail "$what: $d of $N frames received, want all"
	else
		[ "$d" -lt $((N / 4)) ] || fail "$what: $d of $N frames received, want none"
	fi
	log "$what: $verdict ($d frames reached $b)"
}

# --- foreign unicast ---------------------------------------------------------
mac_b=$(ip -n cx4b -br link show "$b" | awk '{ print $3 }')
ip -n cx4a neigh replace 198.18.0.2 lladdr 02:00:00:00:99:99 dev "$a" nud permanent
expect "foreign unicast" drop 198.18.0.2
ip -n cx4b link set "$b" promisc on
sleep 1		# ndo_set_rx_mode runs in a work item
expect "foreign unicast, promiscuous" pass 198.18.0.2
ip -n cx4b link set "$b" promisc off
sleep 1
expect "foreign unicast, promiscuous off again" drop 198.18.0.2
ip -n cx4a neigh replace 198.18.0.2 lladdr "$mac_b" dev "$a" nud permanent
expect "own unicast" pass 198.18.0.2

# --- MAC address change --------------------------------------------------------
ip -n cx4b link set "$b" address 02:00:00:00:0b:02 || fail "$b: MAC change refused"
expect "old address after the change" drop 198.18.0.2
ip -n cx4a neigh replace 198.18.0.2 lladdr 02:00:00:00:0b:02 dev "$a" nud permanent
expect "new address" pass 198.18.0.2
ip -n cx4a neigh del 198.18.0.2 dev "$a"
nsx cx4a busybox ping -c 1 -W 5 198.18.0.2 >/dev/null ||
	fail "ping after the MAC change"

# --- multicast join / leave ------------------------------------------------------
GRP=239.1.2.3
ip -n cx4a route add 239.0.0.0/8 dev "$a"
expect "multicast group not joined" drop "$GRP"
timeout 60 busybox nsenter --net=/run/netns/cx4b python3 -S -c '
import socket, struct, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("0.0.0.0", 9999))
s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
             struct.pack("4s4s", socket.inet_aton(sys.argv[1]),
                         socket.inet_aton("198.18.0.2")))
open("/tmp/cx4-joined", "w").close()
s.settimeout(15)
n = 0
try:
    while n < int(sys.argv[2]):
        s.recv(100)
        n += 1
except socket.timeout:
    pass
print(n)
' "$GRP" "$N" > /tmp/cx4-mcast &
rcv=$!
wait_for test -e /tmp/cx4-joined || fail "receiver did not join"
sleep 1		# the join reaches the L2 table through the rx-mode work
expect "multicast group joined" pass "$GRP"
wait "$rcv" || fail "multicast receiver failed"
got=$(cat /tmp/cx4-mcast)
[ "$got" = "$N" ] || fail "multicast receiver got $got of $N datagrams"
rm -f /tmp/cx4-joined /tmp/cx4-mcast
sleep 1		# socket closed: group left
expect "multicast group left" drop "$GRP"
ip -n cx4b link set "$b" allmulticast on
sleep 1
expect "multicast group, allmulti" pass "$GRP"
ip -n cx4b link set "$b" allmulticast off
sleep 1
expect "multicast group, allmulti off" drop "$GRP"

# --- VLAN filtering ----------------------------------------------------------------
nsx cx4b ethtool -k "$b" | grep -q "rx-vlan-filter: on" ||
	fail "$b: rx-vlan-filter not on by default"
ip -n cx4a link add link "$a" name "$a.100" type vlan id 100
ip -n cx4b link add link "$b" name "$b.100" type vlan id 100
ip -n cx4a addr add 198.19.100.1/24 dev "$a.100"
ip -n cx4b addr add 198.19.100.2/24 dev "$b.100"
nsx cx4a busybox ip link set "$a.100" up
nsx cx4b busybox ip link set "$b.100" up
nsx cx4a busybox ping -A -c 3 -W 5 198.19.100.2 ||
	fail "ping over VLAN 100 with filtering on"
expect "VLAN 100 (registered)" pass 198.19.100.2
# VID 200 exists on cx4a only.
ip -n cx4a link add link "$a" name "$a.200" type vlan id 200
ip -n cx4a addr add 198.19.200.1/24 dev "$a.200"
nsx cx4a busybox ip link set "$a.200" up
ip -n cx4a neigh replace 198.19.200.2 lladdr 02:00:00:00:0b:02 dev "$a.200" nud permanent
expect "VLAN 200 (not registered)" drop 198.19.200.2
nsx cx4b ethtool -K "$b" rx-vlan-filter off ||
	fail "$b: rx-vlan-filter off refused"
expect "VLAN 200, filtering off" pass 198.19.200.2
nsx cx4a busybox ping -A -c 2 -W 5 198.19.100.2 ||
	fail "ping over VLAN 100 with filtering off"
nsx cx4b ethtool -K "$b" rx-vlan-filter on ||
	fail "$b: rx-vlan-filter on refused"
expect "VLAN 200, filtering on again" drop 198.19.200.2
nsx cx4a busybox ping -A -c 2 -W 5 198.19.100.2 ||
	fail "ping over VLAN 100 after filtering back on"
ip -n cx4b link del "$b.100"
expect "VLAN 100 after its sub-interface is gone" drop 198.19.100.2

exec {SEND_IN}>&- {SEND_OUT}<&-
wait "$sender" || fail "the sender failed"
steer_finish
log "L2 and VLAN filtering follow the interface"

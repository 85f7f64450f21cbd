#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Wire checks on a capture of the cable (QEMU filter-dump of function 0:
# tools/testing/vmtest captures it in every VM, /mnt/out/cx4-0.pcap; this
# test checks the frames appended while it runs): with TSO, TX checksum and VLAN insert/strip on,
# bounded iperf3 TCP runs over IPv4, IPv6 and a VLAN sub-interface (id
# 100, both directions), UDP and small pings; then tools/testing/lib/
# wirecheck.py checks every frame: IP/TCP/UDP/ICMP checksums right, no IP
# packet above the MTU, TCP segments without sequence holes, 802.1Q tag
# 100 on exactly the VLAN's frames.  LSO and VLAN insertion must have been
# used (driver and device counters).  A copy of the capture with one TCP
# payload byte flipped must fail the check (the checker can fail).
. "$(dirname "$0")/lib.sh"

BB=busybox
VMPCAP=/mnt/out/cx4-0.pcap
PCAP=/mnt/out/dp_wire.pcap
CHECK=$(dirname "$0")/../lib/wirecheck.py

# The VM's capture holds the earlier tests' frames: this test's start
# after the 24-byte pcap header (the cable is quiet between tests).
[ -s "$VMPCAP" ] || fail "no capture at $VMPCAP (vmtest --dump-nic 0)"
off=$(stat -c %s "$VMPCAP")
dp_pair_up
a=$DP_A b=$DP_B
dp_features cx4a "$a" tso on tx on rx on rxvlan on txvlan on
dp_features cx4b "$b" tso on tx on rx on rxvlan on txvlan on
pair_vlan 100 198.19.100 2001:db8:100

nsx cx4a $BB ping -A -c 2 -W 5 198.18.0.2 || fail "IPv4 ping"
nsx cx4a $BB ping -A -c 2 -W 5 -s 1 198.18.0.2 || fail "short IPv4 ping"
nsx cx4a $BB ping6 -A -c 2 -W 5 2001:db8::2 || fail "IPv6 ping"
nsx cx4a $BB ping -A -c 2 -W 5 198.19.100.2 || fail "VLAN ping"
nsx cx4b $BB ping6 -A -c 2 -W 5 2001:db8:100::1 || fail "VLAN IPv6 ping"

tso0=$(dp_stat cx4a "$a" 'tx[0-9]+_tso_packets')
seg0=$(ctl_get "$DP_FA" tx_lso_segments)
n=$(dp_iperf cx4b 198.18.0.2 cx4a 0 -n 1M)
log "IPv4 a -> b: $n bytes"
n=$(dp_iperf cx4b 2001:db8::2 cx4a 0 -n 1M)
log "IPv6 a -> b: $n bytes"
n=$(dp_iperf cx4b 198.19.100.2 cx4a 0 -n 1M)
log "VLAN a -> b: $n bytes"
n=$(dp_iperf cx4a 2001:db8:100::1 cx4b 0 -n 1M)
log "VLAN IPv6 b -> a: $n bytes"
n=$(dp_iperf cx4b 198.18.0.2 cx4a 0 -u -b 20M -l 1200 -n 512K)
log "UDP a -> b: $n bytes"

tso=$(($(dp_stat cx4a "$a" 'tx[0-9]+_tso_packets') - tso0))
seg=$((($(ctl_get "$DP_FA" tx_lso_segments) - seg0) & 0xffffffff))
vins=$(dp_stat cx4a "$a" 'tx[0-9]+_added_vlan_packets')
vstrip=$(dp_stat cx4b "$b" 'rx[0-9]+_removed_vlan_packets')
log "$a: $tso LSO WQEs -> $seg device segments; $vins tags inserted; $b stripped $vstrip"
[ "$tso" -gt 0 ] || fail "$a: TSO never used"
[ "$seg" -gt "$tso" ] || fail "device cut $seg segments from $tso LSO WQEs"
[ "$vins" -gt 0 ] || fail "$a: no VLAN tag inserted"
[ "$vstrip" -gt 0 ] || fail "$b: no VLAN tag stripped"

sleep 1
{ head -c 24 "$VMPCAP"; tail -c +$((off + 1)) "$VMPCAP"; } > "$PCAP"
[ "$(stat -c %s "$PCAP")" -gt 24 ] || fail "nothing captured at $VMPCAP"
log "capture: $(stat -c %s "$PCAP") bytes"
timeout 300 python3 -S "$CHECK" --mtu 1500 --min-tcp-data 2000 --min-tagged 500 \
	--vlan 198.19.100.0/24=100 --vlan 2001:db8:100::/64=100 \
	--untagged 198.18.0.0/24 --untagged 2001:db8::/64 "$PCAP" ||
	fail "wire check of $PCAP"

# The checker must catch a wrong checksum: flip one payload byte of the
# first full-size TCP segment in a copy that ends with that frame (the
# checker's second pass then reads a few frames, not the whole run:
# Python under TCG and KASAN takes about a minute per 10 MB).
bad=/mnt/out/corrupt.pcap
python3 -S - "$PCAP" "$bad" <<'EOF'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
off = 24
while off + 16 <= len(d):
    incl = struct.unpack("<I", d[off + 8:off + 12])[0]
    if incl > 1000 and d[off + 16 + 12:off + 16 + 14] == b"\x08\x00" \
       and d[off + 16 + 23] == 6:
        d[off + 16 + 900] ^= 0x5a
        del d[off + 16 + incl:]
        break
    off += 16 + incl
else:
    sys.exit("no TCP frame to corrupt")
open(sys.argv[2], "wb").write(d)
EOF
if timeout 300 python3 -S "$CHECK" --mtu 1500 "$bad" 2>/dev/null; then
	fail "wire check passed a capture with a corrupted TCP segment"
fi
rm -f "$bad" "$PCAP"
log "the wire check rejects a corrupted segment"

dp_cleanup
rmmod cx4
assert_device_clean
log "LSO segments, device checksums and VLAN tags correct on the wire"

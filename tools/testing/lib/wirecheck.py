#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Wire checks on a capture of an emulated cable (QEMU filter-dump pcap).

usage: wirecheck.py [options] FILE.pcap

Every frame is parsed (Ethernet, up to two VLAN tags, IPv4/IPv6, TCP,
UDP, ICMP/ICMPv6) and checked:
  - the IPv4 header checksum and every TCP/UDP/ICMP checksum are right
    (the device fills them in for checksum offload and for each LSO
    segment; software ones must be right too);
  - no IP packet is longer than --mtu;
  - per TCP flow, no data segment starts beyond the highest sequence
    number sent so far (LSO segments are consecutive: a hole means the
    device cut the payload wrong); retransmissions are counted;
  - with --vlan NET=VID, every IPv4/IPv6 frame from or to NET carries
    exactly one 802.1Q tag with VID; with --untagged NET, none of the
    frames from or to NET carries a tag.
It prints counters and exits 1 on the first kinds of errors (all are
listed, at most 20 each), or when fewer than --min-tcp-data TCP data
segments were seen (a check that saw nothing must fail).
Standard library only.
"""

import argparse
import ipaddress
import struct
import sys

ETH_P_IP, ETH_P_IPV6, ETH_P_8021Q, ETH_P_8021AD = 0x0800, 0x86DD, 0x8100, 0x88A8
PROTO_ICMP, PROTO_TCP, PROTO_UDP, PROTO_ICMPV6 = 1, 6, 17, 58


def csum(data, init=0):
    """Internet checksum (RFC 1071) of @data folded with @init."""
    if len(data) % 2:
        data += b"\0"
    s = init + sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return s


def read_pcap(path):
    """Yield (frame number, bytes) of a libpcap file of Ethernet frames."""
    with open(path, "rb") as f:
        hdr = f.read(24)
        if len(hdr) < 24:
            raise ValueError("short pcap header")
        magic = struct.unpack("<I", hdr[:4])[0]
        if magic in (0xA1B2C3D4, 0xA1B23C4D):
            end = "<"
        elif magic in (0xD4C3B2A1, 0x4D3CB2A1):
            end = ">"
        else:
            raise ValueError("not a pcap file (magic 0x%08x)" % magic)
        linktype = struct.unpack(end + "I", hdr[20:24])[0]
        if linktype != 1:
            raise ValueError("link type %d is not Ethernet" % linktype)
        n = 0
        while True:
            rec = f.read(16)
            if len(rec) < 16:
                return
            _, _, incl, orig = struct.unpack(end + "IIII", rec)
            data = f.read(incl)
            n += 1
            if len(data) < incl:
                return
            if incl < orig:
                raise ValueError("frame %d truncated by the capture (%d of %d)"
                                 % (n, incl, orig))
            yield n, data


class Checker:
    def __init__(self, mtu, vlans, untagged):
        self.mtu = mtu
        self.vlans = vlans  # [(network, vid)]
        self.untagged = untagged  # [network]
        self.errors = {}
        self.c = dict(frames=0, tagged=0, ipv4=0, ipv6=0, tcp=0, tcp_data=0,
                      udp=0, icmp=0, retrans=0, max_ip_len=0)
        self.flows = {}  # (src, dst, sport, dport) -> highest end seq

    def err(self, kind, n, msg):
        lst = self.errors.setdefault(kind, [])
        if len(lst) < 20:
            lst.append("frame %d: %s" % (n, msg))
        else:
            lst.append(None)

    def l4(self, n, proto, src, dst, seg, pseudo):
        if proto == PROTO_TCP:
            self.c["tcp"] += 1
            if len(seg) < 20:
                return self.err("tcp", n, "short TCP header")
            hl = (seg[12] >> 4) * 4
            if hl < 20 or hl > len(seg):
                return self.err("tcp", n, "bad TCP data offset %d" % hl)
            if csum(seg, pseudo) != 0xFFFF:
                self.err("tcp_csum", n, "TCP checksum 0x%04x wrong (%s -> %s)"
                         % (struct.unpack("!H", seg[16:18])[0], src, dst))
            sport, dport, seq = struct.unpack("!HHI", seg[:8])
            plen = len(seg) - hl
            flags = seg[13]
            key = (src, dst, sport, dport)
            if flags & 0x02:  # SYN: the flow starts at seq + 1
                self.flows[key] = (seq + 1) & 0xFFFFFFFF
                return None
            if not plen:
                return None
            self.c["tcp_data"] += 1
            hi = self.flows.get(key)
            if hi is None:
                self.flows[key] = (seq + plen) & 0xFFFFFFFF
                return None
            d = (seq - hi) & 0xFFFFFFFF
            if d == 0:
                self.flows[key] = (seq + plen) & 0xFFFFFFFF
            elif d < 0x80000000:
                self.err("tcp_seq", n, "%s:%d -> %s:%d seq %u leaves a hole "
                         "after %u" % (src, sport, dst, dport, seq, hi))
                self.flows[key] = (seq + plen) & 0xFFFFFFFF
            else:
                self.c["retrans"] += 1
                end = (seq + plen - hi) & 0xFFFFFFFF
                if end and end < 0x80000000:
                    self.flows[key] = (seq + plen) & 0xFFFFFFFF
            return None
        if proto == PROTO_UDP:
            self.c["udp"] += 1
            if len(seg) < 8:
                return self.err("udp", n, "short UDP header")
            ck = struct.unpack("!H", seg[6:8])[0]
            if (ck or pseudo is None) and csum(seg, pseudo or 0) != 0xFFFF:
                self.err("udp_csum", n, "UDP checksum 0x%04x wrong" % ck)
            return None
        if proto == PROTO_ICMP or proto == PROTO_ICMPV6:
            self.c["icmp"] += 1
            if csum(seg, pseudo if proto == PROTO_ICMPV6 else 0) != 0xFFFF:
                self.err("icmp_csum", n, "ICMP checksum wrong")
        return None

    def frame(self, n, f):
        self.c["frames"] += 1
        if len(f) < 14:
            return self.err("eth", n, "frame of %d bytes" % len(f))
        off, etype, tags = 12, struct.unpack("!H", f[12:14])[0], []
        while etype in (ETH_P_8021Q, ETH_P_8021AD) and off + 6 <= len(f):
            tags.append((etype, struct.unpack("!H", f[off + 2:off + 4])[0] & 0xFFF))
            off += 4
            etype = struct.unpack("!H", f[off:off + 2])[0]
        off += 2
        if tags:
            self.c["tagged"] += 1
        ip = f[off:]
        if etype == ETH_P_IP:
            self.c["ipv4"] += 1
            if len(ip) < 20 or ip[0] >> 4 != 4:
                return self.err("ipv4", n, "bad IPv4 header")
            ihl = (ip[0] & 15) * 4
            tot = struct.unpack("!H", ip[2:4])[0]
            if ihl < 20 or tot < ihl or tot > len(ip):
                return self.err("ipv4", n, "IPv4 lengths ihl %d total %d, %d "
                                "bytes" % (ihl, tot, len(ip)))
            if csum(ip[:ihl]) != 0xFFFF:
                self.err("ipv4_csum", n, "IPv4 header checksum 0x%04x wrong"
                         % struct.unpack("!H", ip[10:12])[0])
            src, dst = ipaddress.ip_address(ip[12:16]), ipaddress.ip_address(ip[16:20])
            ln, proto = tot, ip[9]
            frag = struct.unpack("!H", ip[6:8])[0] & 0x3FFF
            seg = ip[ihl:tot]
            pseudo = csum(ip[12:20] + struct.pack("!BBH", 0, proto, len(seg)))
            if frag:
                seg = None
        elif etype == ETH_P_IPV6:
            self.c["ipv6"] += 1
            if len(ip) < 40 or ip[0] >> 4 != 6:
                return self.err("ipv6", n, "bad IPv6 header")
            pl = struct.unpack("!H", ip[4:6])[0]
            if 40 + pl > len(ip):
                return self.err("ipv6", n, "IPv6 payload length %d, %d bytes"
                                % (pl, len(ip) - 40))
            src, dst = ipaddress.ip_address(ip[8:24]), ipaddress.ip_address(ip[24:40])
            ln, proto, seg = 40 + pl, ip[6], ip[40:40 + pl]
            pseudo = csum(ip[8:40] + struct.pack("!IxxxB", pl, proto))
            if proto not in (PROTO_TCP, PROTO_UDP, PROTO_ICMPV6):
                seg = None  # extension headers: not followed
        else:
            return None
        self.c["max_ip_len"] = max(self.c["max_ip_len"], ln)
        if ln > self.mtu:
            self.err("mtu", n, "IP packet of %d bytes > MTU %d" % (ln, self.mtu))
        want = [vid for net, vid in self.vlans
                if src.version == net.version and (src in net or dst in net)]
        got = [vid for t, vid in tags if t == ETH_P_8021Q]
        if want and (len(tags) != 1 or got != want[:1]):
            self.err("vlan", n, "%s -> %s tags %s, want one 802.1Q tag %d"
                     % (src, dst, tags, want[0]))
        elif tags and any(src.version == net.version and (src in net or dst in net)
                          for net in self.untagged):
            self.err("vlan", n, "%s -> %s tagged %s, want none" % (src, dst, tags))
        if seg is not None:
            self.l4(n, proto, src, dst, seg, pseudo)
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pcap")
    ap.add_argument("--mtu", type=int, default=1500, help="largest IP packet")
    ap.add_argument("--vlan", action="append", default=[], metavar="NET=VID",
                    help="frames from/to NET carry 802.1Q tag VID")
    ap.add_argument("--untagged", action="append", default=[], metavar="NET",
                    help="frames from/to NET carry no tag")
    ap.add_argument("--min-tcp-data", type=int, default=1,
                    help="TCP data segments the capture must hold")
    ap.add_argument("--min-tagged", type=int, default=0,
                    help="tagged frames the capture must hold")
    a = ap.parse_args()
    vlans = []
    for v in a.vlan:
        net, vid = v.split("=")
        vlans.append((ipaddress.ip_network(net), int(vid)))
    chk = Checker(a.mtu, vlans, [ipaddress.ip_network(u) for u in a.untagged])
    try:
        for n, f in read_pcap(a.pcap):
            chk.frame(n, f)
    except (OSError, ValueError) as e:
        print("wirecheck: %s: %s" % (a.pcap, e), file=sys.stderr)
        return 1
    print("wirecheck: %s: %s" % (a.pcap, " ".join("%s=%d" % kv for kv in chk.c.items())))
    bad = False
    for kind, lst in chk.errors.items():
        more = lst.count(None)
        print("wirecheck: %d %s error(s)%s" % (len(lst), kind,
              " (first 20 shown)" if more else ""), file=sys.stderr)
        for m in lst:
            if m:
                print("wirecheck:   " + m, file=sys.stderr)
        bad = True
    if chk.c["tcp_data"] < a.min_tcp_data:
        print("wirecheck: %d TCP data segments, want >= %d"
              % (chk.c["tcp_data"], a.min_tcp_data), file=sys.stderr)
        bad = True
    if chk.c["tagged"] < a.min_tagged:
        print("wirecheck: %d tagged frames, want >= %d"
              % (chk.c["tagged"], a.min_tagged), file=sys.stderr)
        bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

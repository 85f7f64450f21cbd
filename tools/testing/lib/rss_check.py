#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""RSS check for vmtests/rss.sh (runs in the guest's root namespace).

Reads the receiver's RSS configuration back (ethtool -x: Toeplitz key and
indirection table), then sends flows one at a time from the sender
namespace -- UDP over IPv4 and IPv6 and TCP over IPv4, each from its own
source port -- and after each flow reads the receiver's per-queue
rx<N>_packets counters.  Every flow must have landed, whole, on one queue,
and that queue must be indir[toeplitz(key, src ip, dst ip, sport, dport)
% table size], the NDIS computation of PRM 3.3.3.  Prints one line per
flow; exits 1 on the first mismatch or when fewer than --min-queues (or
more than --max-queues) queues received a flow.

--fields KIND:LETTERS hashes only the fields named with ethtool's
rx-flow-hash letters (s src IP, d dst IP, f src port, n dst port) for
that kind; --hfunc xor computes the device's inverted XOR8 instead of
Toeplitz: the XOR of the selected bytes with the low log2(table size)
bits inverted.
"""
import argparse
import ctypes
import fcntl
import ipaddress
import os
import re
import socket
import struct
import subprocess
import sys
import time

SENDER = r'''
import socket, sys
for line in sys.stdin:
    kind, src, dst, sport, dport, count = line.split()
    sport, dport, count = int(sport), int(dport), int(count)
    fam = socket.AF_INET6 if ":" in dst else socket.AF_INET
    if kind == "udp":
        s = socket.socket(fam, socket.SOCK_DGRAM)
        s.bind((src, sport))
        for _ in range(count):
            s.sendto(b"x" * 64, (dst, dport))
        s.close()
    else:
        s = socket.socket(fam, socket.SOCK_STREAM)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.settimeout(10)
        s.bind((src, sport))
        s.connect((dst, dport))
        for _ in range(count):
            s.sendall(b"y" * 100)
            s.recv(1)
        s.close()
    print("done", flush=True)
'''

# TCP echo of one byte per message, so each message is its own segment.
SERVER = r'''
import socket, sys, threading
fam = socket.AF_INET6 if ":" in sys.argv[1] else socket.AF_INET
ls = socket.socket(fam, socket.SOCK_STREAM)
ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
ls.bind((sys.argv[1], int(sys.argv[2])))
ls.listen(16)
ls.settimeout(300)
def serve(c):
    c.settimeout(20)
    try:
        while True:
            b = c.recv(100)
            if not b:
                break
            c.sendall(b"k")
    except OSError:
        pass
    c.close()
while True:
    c, _ = ls.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
'''


def toeplitz(key, data):
    k = int.from_bytes(key, "big")
    klen = len(key) * 8
    h = 0
    for i, byte in enumerate(data):
        for b in range(8):
            if byte & (0x80 >> b):
                h ^= (k >> (klen - 32 - (i * 8 + b))) & 0xFFFFFFFF
    return h


def xor8(data, table_size):
    h = 0
    for byte in data:
        h ^= byte
    return h ^ ((table_size - 1) & 0xFF)


def hash_input(fields, src, dst, sport, dport):
    """Selected fields in the device's order: src IP, dst IP, ports."""
    data = b""
    if "s" in fields:
        data += ipaddress.ip_address(src).packed
    if "d" in fields:
        data += ipaddress.ip_address(dst).packed
    if "f" in fields:
        data += sport.to_bytes(2, "big")
    if "n" in fields:
        data += dport.to_bytes(2, "big")
    return data


def netns(ns):
    """The prefix that runs a program in netns ns: busybox nsenter joins
    the namespace only; ip netns exec would start ip as well (~0.5 s under
    the guest's TCG and KASAN)."""
    return ["busybox", "nsenter", f"--net=/run/netns/{ns}", "--"]


def nsrun(ns, *cmd):
    return subprocess.run([*netns(ns), *cmd], check=True,
                          capture_output=True, text=True, timeout=60).stdout


def read_rss(ns, dev):
    out = nsrun(ns, "ethtool", "-x", dev)
    indir, key, in_key = [], None, False
    for line in out.splitlines():
        m = re.match(r"\s*\d+:\s+([\d\s]+)$", line)
        if m and key is None and not in_key:
            indir += [int(x) for x in m.group(1).split()]
        elif line.startswith("RSS hash key"):
            in_key = True
        elif in_key and re.match(r"^[0-9a-f]{2}(:[0-9a-f]{2})+$", line.strip()):
            key = bytes(int(x, 16) for x in line.strip().split(":"))
            in_key = False
    if not indir or key is None:
        sys.exit("cannot parse ethtool -x output:\n" + out)
    return key, indir


# SIOCETHTOOL commands and sizes (include/uapi/linux/ethtool.h, sockios.h).
SIOCETHTOOL = 0x8946
ETHTOOL_GDRVINFO, ETHTOOL_GSTRINGS, ETHTOOL_GSTATS = 0x03, 0x1b, 0x1d
ETH_SS_STATS, ETH_GSTRING_LEN = 1, 32
DRVINFO_SIZE, DRVINFO_N_STATS = 196, 180
CLONE_NEWNET = 0x40000000


class NsStats:
    """ethtool -S of one netdev in a named netns, read by ioctl.

    A socket opened inside the namespace (setns there and back) answers
    SIOCETHTOOL for that namespace's netdevs: each read is one system
    call instead of starting ip(8) and ethtool(8) under the guest's TCG.
    """

    def __init__(self, ns, dev):
        libc = ctypes.CDLL(None, use_errno=True)
        here = os.open("/proc/self/ns/net", os.O_RDONLY)
        there = os.open(f"/run/netns/{ns}", os.O_RDONLY)
        try:
            if libc.setns(there, CLONE_NEWNET):
                raise OSError(ctypes.get_errno(), f"setns {ns}")
            try:
                self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            finally:
                if libc.setns(here, CLONE_NEWNET):
                    raise OSError(ctypes.get_errno(), "setns back")
        finally:
            os.close(here)
            os.close(there)
        self.dev = dev.encode()

    def _ioctl(self, buf):
        ifr = struct.pack("16sP", self.dev, ctypes.addressof(buf))
        fcntl.ioctl(self.sock, SIOCETHTOOL, ifr.ljust(40, b"\0"))

    def names(self):
        info = ctypes.create_string_buffer(DRVINFO_SIZE)
        struct.pack_into("I", info, 0, ETHTOOL_GDRVINFO)
        self._ioctl(info)
        n = struct.unpack_from("I", info, DRVINFO_N_STATS)[0]
        buf = ctypes.create_string_buffer(12 + n * ETH_GSTRING_LEN)
        struct.pack_into("III", buf, 0, ETHTOOL_GSTRINGS, ETH_SS_STATS, 0)
        self._ioctl(buf)
        n = struct.unpack_from("I", buf, 8)[0]
        raw = buf.raw[12:12 + n * ETH_GSTRING_LEN]
        return [raw[i:i + ETH_GSTRING_LEN].split(b"\0")[0].decode()
                for i in range(0, len(raw), ETH_GSTRING_LEN)]

    def read(self):
        """{name: value}; the names are read again each time, so a
        channel count change between reads is seen."""
        names = self.names()
        buf = ctypes.create_string_buffer(8 + 8 * len(names))
        struct.pack_into("II", buf, 0, ETHTOOL_GSTATS, len(names))
        self._ioctl(buf)
        n = min(struct.unpack_from("I", buf, 4)[0], len(names))
        vals = struct.unpack_from(f"{n}Q", buf, 8)
        return dict(zip(names, vals))


def rx_queues(stats):
    q = {}
    for name, val in stats.read().items():
        m = re.fullmatch(r"rx(\d+)_packets", name)
        if m:
            q[int(m.group(1))] = val
    return q


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--send-ns", required=True)
    ap.add_argument("--recv-ns", required=True)
    ap.add_argument("--dev", required=True, help="receiver netdev")
    ap.add_argument("--flows", default="udp4:24,udp6:8,tcp4:8")
    ap.add_argument("--port-base", type=int, default=20000)
    ap.add_argument("--count", type=int, default=8)
    ap.add_argument("--min-queues", type=int, default=4)
    ap.add_argument("--max-queues", type=int, default=0)
    ap.add_argument("--fields", default="",
                    help="KIND:LETTERS,... hashed fields (default sdfn)")
    ap.add_argument("--hfunc", choices=("toeplitz", "xor"),
                    default="toeplitz")
    ap.add_argument("--forbid-queue", type=int, action="append", default=[])
    a = ap.parse_args()

    fields = {k: "sdfn" for k in ("udp4", "udp6", "tcp4", "tcp6")}
    for spec in filter(None, a.fields.split(",")):
        kind, letters = spec.split(":")
        fields[kind] = letters
    key, indir = read_rss(a.recv_ns, a.dev)
    stats = NsStats(a.recv_ns, a.dev)
    print(f"{a.hfunc} key {key.hex()} table {len(indir)} entries, "
          f"queues in it {sorted(set(indir))}, fields {fields}")
    addrs = {"4": ("198.18.0.1", "198.18.0.2"),
             "6": ("2001:db8::1", "2001:db8::2")}
    srv = {}
    for fam in "46":
        srv[fam] = subprocess.Popen(
            [*netns(a.recv_ns), "timeout", "300", "python3", "-S",
             "-c", SERVER, addrs[fam][1], "9998"])
    time.sleep(1.5)
    snd = subprocess.Popen([*netns(a.send_ns), "timeout",
                            "300", "python3", "-S", "-c", SENDER],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True)
    used, port, bad = set(), a.port_base, 0
    try:
        for spec in a.flows.split(","):
            kind, n = spec.split(":")
            proto, fam = kind[:3], kind[3]
            src, dst = addrs[fam]
            dport = 9999 if proto == "udp" else 9998
            for _ in range(int(n)):
                port += 1
                data = hash_input(fields[kind], src, dst, port, dport)
                if a.hfunc == "xor":
                    h = xor8(data, len(indir))
                else:
                    h = toeplitz(key, data)
                want = indir[h % len(indir)]
                before = rx_queues(stats)
                snd.stdin.write(f"{proto} {src} {dst} {port} {dport} "
                                f"{a.count}\n")
                snd.stdin.flush()
                if snd.stdout.readline().strip() != "done":
                    sys.exit(f"sender failed on flow {kind} port {port}")
                deadline = time.time() + 10
                while True:
                    after = rx_queues(stats)
                    delta = {q: after[q] - before.get(q, 0) for q in after}
                    if sum(delta.values()) >= a.count or time.time() > deadline:
                        break
                    time.sleep(0.05)
                got = max(delta, key=delta.get)
                ok = (got == want and delta[want] >= a.count and
                      all(v < a.count // 2 for q, v in delta.items()
                          if q != want) and want not in a.forbid_queue)
                print(f"{'ok ' if ok else 'BAD'} {kind} sport {port}: "
                      f"hash {h:08x} -> entry {h % len(indir)} -> queue "
                      f"{want}; per-queue deltas {delta}")
                bad += not ok
                used.add(got)
    finally:
        snd.stdin.close()
        snd.wait(timeout=30)
        for p in srv.values():
            p.terminate()	# timeout(1) passes it on to the server
            p.wait()
    print(f"{len(used)} queues received flows: {sorted(used)}")
    if bad:
        sys.exit(f"{bad} flows not on their {a.hfunc} queue")
    if len(used) < a.min_queues:
        sys.exit(f"flows spread over {len(used)} queues, want >= "
                 f"{a.min_queues}")
    if a.max_queues and len(used) > a.max_queues:
        sys.exit(f"flows spread over {len(used)} queues, want <= "
                 f"{a.max_queues}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Send raw Ethernet frames on one interface; print how many were sent.

    send_frames.py IFACE < SPEC

Each SPEC line: DST ETHERTYPE SIZE PCP COUNT -- DST a MAC address,
ETHERTYPE in hex, SIZE the frame's length without FCS, PCP "-" for an
untagged frame or 0-7 for an 802.1Q tag (VID 7) with that priority,
COUNT the copies.  A MAC control frame (8808) carries opcode 1 (PAUSE).
The source address is IFACE's own.  Run it in IFACE's namespace.
"""
import socket
import struct
import sys


def mac(text):
    return bytes.fromhex(text.replace(":", ""))


def main():
    ifc = sys.argv[1]
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.bind((ifc, 0))
    with open(f"/sys/class/net/{ifc}/address") as f:
        src = f.read().strip()
    sent = 0
    for line in sys.stdin.read().split("\n"):
        if not line.strip():
            continue
        dst, et, size, pcp, count = line.split()
        et, size, count = int(et, 16), int(size), int(count)
        hdr = mac(dst) + mac(src)
        if pcp != "-":
            hdr += struct.pack("!HH", 0x8100, int(pcp) << 13 | 7)
        hdr += struct.pack("!H", et)
        body = struct.pack("!H", 1) if et == 0x8808 else b""
        frame = hdr + body + bytes(size - len(hdr) - len(body))
        assert len(frame) == size
        for _ in range(count):
            sent += s.send(frame) and 1
    print(sent)


if __name__ == "__main__":
    main()

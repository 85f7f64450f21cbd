#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Dump objects of the kernel's "netdev" generic netlink family.

    netdev_nl.py page-pools|queues|napis
    netdev_nl.py qstats [--queue] [--ifindex N]

prints one line per object, its attributes as name=value (the names of
include/uapi/linux/netdev.h, lower case), in the caller's network
namespace.  qstats is qstats-get: one line per netdev with its totals
(device scope), or with --queue one per queue (queue-type 0 RX, 1 TX);
only the statistics the driver reports are printed; --ifindex asks for
one netdev.  The VM tests use it where ynl (Python with the YAML spec
parsed at every start) costs seconds under TCG.  Only what the tests
read is decoded: integer attributes; others are skipped.
"""
import os
import socket
import struct
import sys

NETLINK_GENERIC = 16
GENL_ID_CTRL = 0x10
CTRL_CMD_GETFAMILY = 3
CTRL_ATTR_FAMILY_ID = 1
CTRL_ATTR_FAMILY_NAME = 2
NLM_F_REQUEST, NLM_F_DUMP = 0x1, 0x300
NLMSG_ERROR, NLMSG_DONE = 2, 3
NLA_TYPE_MASK = 0x3fff

# command, attribute names by number (netdev.h, Linux 6.12)
OBJECTS = {
    "page-pools": (5, {1: "id", 2: "ifindex", 3: "napi-id", 4: "inflight",
                       5: "inflight-mem", 6: "detach-time"}),
    "queues": (10, {1: "id", 2: "ifindex", 3: "type", 4: "napi-id"}),
    "napis": (11, {1: "ifindex", 2: "id", 3: "irq", 4: "pid"}),
    "qstats": (12, {1: "ifindex", 2: "queue-type", 3: "queue-id",
                    **{n: name for n, name in enumerate((
                        "rx-packets", "rx-bytes", "tx-packets", "tx-bytes",
                        "rx-alloc-fail", "rx-hw-drops", "rx-hw-drop-overruns",
                        "rx-csum-complete", "rx-csum-unnecessary",
                        "rx-csum-none", "rx-csum-bad", "rx-hw-gro-packets",
                        "rx-hw-gro-bytes", "rx-hw-gro-wire-packets",
                        "rx-hw-gro-wire-bytes", "rx-hw-drop-ratelimits",
                        "tx-hw-drops", "tx-hw-drop-errors", "tx-csum-none",
                        "tx-needs-csum", "tx-hw-gso-packets",
                        "tx-hw-gso-bytes", "tx-hw-gso-wire-packets",
                        "tx-hw-gso-wire-bytes", "tx-hw-drop-ratelimits",
                        "tx-stop", "tx-wake"), start=8)}}),
}
# qstats-get request attributes
QSTATS_IFINDEX, QSTATS_SCOPE, QSTATS_SCOPE_QUEUE = 1, 4, 1


def attrs(buf):
    """(type, payload) of each attribute in @buf."""
    off = 0
    while off + 4 <= len(buf):
        length, kind = struct.unpack_from("HH", buf, off)
        if length < 4:
            break
        yield kind & NLA_TYPE_MASK, buf[off + 4:off + length]
        off += (length + 3) & ~3


def request(sock, kind, flags, cmd, payload=b""):
    msg = struct.pack("BBH", cmd, 1, 0) + payload
    sock.send(struct.pack("IHHII", 16 + len(msg), kind, flags, 1, 0) + msg)


def replies(sock):
    """Generic netlink payloads (after the genl header) until DONE."""
    while True:
        data = sock.recv(1 << 16)
        off = 0
        while off + 16 <= len(data):
            length, kind = struct.unpack_from("IH", data, off)
            if length < 16:
                sys.exit("netdev_nl: malformed reply")
            if kind == NLMSG_DONE:
                # A dump that failed says why in its DONE message.
                err = (struct.unpack_from("i", data, off + 16)[0]
                       if length >= 20 else 0)
                if err < 0:
                    sys.exit(f"netdev_nl: {os.strerror(-err)}")
                return
            if kind == NLMSG_ERROR:
                err = struct.unpack_from("i", data, off + 16)[0]
                if err:
                    sys.exit(f"netdev_nl: {os.strerror(-err)}")
                return
            yield data[off + 20:off + length]
            off += (length + 3) & ~3


def family_id(sock):
    name = b"netdev\0"
    nla = struct.pack("HH", 4 + len(name), CTRL_ATTR_FAMILY_NAME) + name
    request(sock, GENL_ID_CTRL, NLM_F_REQUEST, CTRL_CMD_GETFAMILY,
            nla.ljust((len(nla) + 3) & ~3, b"\0"))
    for msg in replies(sock):
        for kind, val in attrs(msg):
            if kind == CTRL_ATTR_FAMILY_ID:
                return struct.unpack_from("H", val)[0]
        break
    sys.exit("netdev_nl: no netdev family")


def u32_attr(kind, value):
    return struct.pack("HHI", 8, kind, value)


def dump(what, payload=b""):
    cmd, names = OBJECTS[what]
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_GENERIC)
    sock.bind((0, 0))
    fid = family_id(sock)
    request(sock, fid, NLM_F_REQUEST | NLM_F_DUMP, cmd, payload)
    out = []
    for msg in replies(sock):
        obj = {}
        for kind, val in attrs(msg):
            if kind in names and len(val) in (4, 8):
                obj[names[kind]] = int.from_bytes(val, sys.byteorder)
        out.append(obj)
    return out


def qstats_request(args):
    """The qstats-get attributes of the command line's options."""
    payload = b""
    while args:
        opt = args.pop(0)
        if opt == "--queue":
            payload += u32_attr(QSTATS_SCOPE, QSTATS_SCOPE_QUEUE)
        elif opt == "--ifindex" and args and args[0].isdigit():
            payload += u32_attr(QSTATS_IFINDEX, int(args.pop(0)))
        else:
            sys.exit("usage: netdev_nl.py qstats [--queue] [--ifindex N]")
    return payload


def main():
    args = sys.argv[1:]
    if not args or args[0] not in OBJECTS or (args[0] != "qstats" and
                                               len(args) != 1):
        sys.exit(f"usage: netdev_nl.py {'|'.join(OBJECTS)}")
    what = args.pop(0)
    payload = qstats_request(args) if what == "qstats" else b""
    for obj in dump(what, payload):
        print(" ".join(f"{k}={v}" for k, v in obj.items()))


if __name__ == "__main__":
    main()

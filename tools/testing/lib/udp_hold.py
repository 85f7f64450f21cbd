#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Hold UDP datagrams unread on a receiving socket, then account for them.

Run in the receiver's network namespace.  Binds DST:PORT, has COUNT
datagrams of SIZE bytes sent to it from the sender's namespace (a second
python3 entered with busybox nsenter), waits for them, then prints one
line:

    RECEIVED QUEUED_BYTES RCVBUF_ERRORS

RECEIVED: datagrams read back after the wait; QUEUED_BYTES: the socket's
rx_queue in /proc/net/udp before reading (what the socket was charged,
the sum of the datagrams' truesize); RCVBUF_ERRORS: how much Udp
RcvbufErrors grew (datagrams the socket refused for lack of buffer).

Options: --gso K sends K datagrams at a time (UDP_SEGMENT: the stack
cuts them, the driver sends them as one burst); --rcvbuf B forces the receive buffer (SO_RCVBUFFORCE) so that
nothing is refused; --pace S sleeps S seconds between datagrams;
--wait-if IF waits (at most 20 s) until IF's rx_packets grew by COUNT
instead of one second.  Every loop is bounded.
"""
import argparse
import socket
import subprocess
import time

SO_RCVBUFFORCE = 33


def udp_counter(name):
    rows = [line.split() for line in open("/proc/net/snmp")
            if line.startswith("Udp:")][:2]
    return int(rows[1][rows[0].index(name)])


def rx_packets(ifname):
    # /proc/net/dev is this namespace's view (sysfs is the init one's).
    for line in open("/proc/net/dev"):
        name, _, vals = line.partition(":")
        if name.strip() == ifname:
            return int(vals.split()[1])
    raise SystemExit("no %s in /proc/net/dev" % ifname)


def queued_bytes(port):
    suffix = ":%04X" % port
    for line in open("/proc/net/udp").readlines()[1:]:
        fields = line.split()
        if fields[1].endswith(suffix):
            return int(fields[4].split(":")[1], 16)
    return 0


def send(args):
    # --gso K: K datagrams a send (UDP_SEGMENT, 103): the stack segments
    # them and the driver gets them in one burst.
    k = args.gso or 1
    sender = ("import socket, time\n"
              "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
              "if %d > 1: s.setsockopt(socket.IPPROTO_UDP, 103, %d)\n"
              "for i in range(%d):\n"
              "    s.sendto(bytes(%d), (%r, %d))\n"
              "    if %r: time.sleep(%r)\n"
              % (k, args.size, args.count // k, args.size * k, args.dst,
                 args.port, args.pace > 0, args.pace))
    subprocess.run(["busybox", "nsenter", "--net=/run/netns/" + args.sender,
                    "python3", "-S", "-c", sender], check=True, timeout=120)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("size", type=int)
    p.add_argument("count", type=int)
    p.add_argument("port", type=int)
    p.add_argument("--dst", default="198.18.0.2")
    p.add_argument("--sender", default="cx4a", help="sender's netns")
    p.add_argument("--rcvbuf", type=int, default=0)
    p.add_argument("--pace", type=float, default=0)
    p.add_argument("--wait-if")
    p.add_argument("--gso", type=int, default=0,
                   help="datagrams a send (UDP GSO); COUNT a multiple")
    args = p.parse_args()

    errors0 = udp_counter("RcvbufErrors")
    if args.wait_if:
        packets0 = rx_packets(args.wait_if)
    r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    if args.rcvbuf:
        r.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, args.rcvbuf)
    r.bind((args.dst, args.port))
    send(args)
    if args.wait_if:
        end = time.monotonic() + 20
        while (rx_packets(args.wait_if) - packets0 < args.count and
               time.monotonic() < end):
            time.sleep(0.1)
        time.sleep(0.2)
    else:
        time.sleep(1)
    queued = queued_bytes(args.port)
    errors = udp_counter("RcvbufErrors") - errors0
    r.setblocking(False)
    got = 0
    try:
        for _ in range(args.count):
            r.recv(65536)
            got += 1
    except BlockingIOError:
        pass
    print(got, queued, errors)


if __name__ == "__main__":
    main()

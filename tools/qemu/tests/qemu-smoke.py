#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause
"""Smoke test of the cx4 QEMU glue through the qtest protocol (no guest).

    tests/qemu-smoke.py [QEMU_BINARY]   (default: tools/testing/build-qemu --print-binary)

Programs BAR0 through config space, reads the init segment, waits for
`initializing` to clear, runs ENABLE_HCA and QUERY_ISSI (one output
mailbox) from memory written over qtest, triggers an FLR, and checks the
device log ends with "cx4: guest_errors=0".  Prints "N passed, N failed".
"""
import os
import struct
import subprocess
import sys
import tempfile

CFG_DEV = 3
BAR = 0xC0000000
CMDQ = 0x100000
MBOX_OUT = 0x101000

checks = [0, 0]


def check(cond, what):
    checks[0 if cond else 1] += 1
    print(("ok   " if cond else "FAIL ") + what)


class QTest:
    def __init__(self, qemu, log):
        self.p = subprocess.Popen(
            [qemu, "-M", "q35", "-accel", "qtest", "-qtest", "stdio", "-display", "none",
             "-nodefaults", "-m", "64",
             "-device", "cx4,addr=%d.0,log=%s,init-delay-ms=100" % (CFG_DEV, log)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        while True:
            r = self.p.stdout.readline().strip()
            if r.startswith("OK") or r.startswith("FAIL") or r.startswith("ERR"):
                return r

    def cfg_addr(self, reg):
        self.cmd("outl 0xcf8 0x%x" % (0x80000000 | CFG_DEV << 11 | reg))

    def cfg_rd(self, reg):
        self.cfg_addr(reg & ~3)
        return int(self.cmd("inl 0xcfc").split()[1], 16)

    def cfg_wr(self, reg, val):
        self.cfg_addr(reg & ~3)
        self.cmd("outl 0xcfc 0x%x" % val)

    # Device registers are big-endian: swap what a little-endian CPU sees.
    def rd_be(self, off):
        v = int(self.cmd("readl 0x%x" % (BAR + off)).split()[1], 16)
        return struct.unpack(">I", struct.pack("<I", v))[0]

    def wr_be(self, off, val):
        v = struct.unpack("<I", struct.pack(">I", val))[0]
        self.cmd("writel 0x%x 0x%x" % (BAR + off, v))

    def mem_wr(self, addr, data):
        self.cmd("write 0x%x 0x%x 0x%s" % (addr, len(data), data.hex()))

    def mem_rd(self, addr, n):
        r = self.cmd("read 0x%x 0x%x" % (addr, n)).split()[1]
        return bytes.fromhex(r[2:])

    def close(self):
        self.p.stdin.close()
        self.p.terminate()
        self.p.wait(timeout=10)


def xor8(b):
    x = 0
    for c in b:
        x ^= c
    return x


def entry(token, inline_in, in_len, out_len, out_mbox=0):
    e = bytearray(64)
    e[0] = 0x7
    struct.pack_into(">I", e, 0x04, in_len)
    e[0x10:0x10 + len(inline_in)] = inline_in
    struct.pack_into(">Q", e, 0x30, out_mbox)
    struct.pack_into(">I", e, 0x38, out_len)
    e[0x3c] = token
    e[0x3f] = 1
    e[0x3d] = (~xor8(e)) & 0xff
    return bytes(e)


def out_mbox(token):
    b = bytearray(0x240)
    b[0x23d] = token
    b[0x23e] = (~xor8(b[0x200:0x23f])) & 0xff
    return bytes(b)


def run_cmd(q, token, opcode, out_len, mbox=0):
    inline = struct.pack(">II", opcode << 16, 0) + bytes(8)
    if mbox:
        q.mem_wr(mbox, out_mbox(token))
    q.mem_wr(CMDQ, entry(token, inline, 16, out_len, mbox))
    q.wr_be(0x18, 1)
    e = q.mem_rd(CMDQ, 64)
    return e


def main():
    qemu = sys.argv[1] if len(sys.argv) > 1 else subprocess.check_output(
        [os.path.join(os.path.dirname(__file__), "../../testing/build-qemu"),
         "--print-binary"], text=True).strip()
    log = tempfile.NamedTemporaryFile(prefix="cx4-smoke-", suffix=".log", delete=False).name
    q = QTest(qemu, log)
    try:
        idv = q.cfg_rd(0)
        check(idv == 0x101315B3, "vendor/device 15b3:1013 (got 0x%08x)" % idv)
        check(q.cfg_rd(0x08) >> 8 == 0x020000, "class Ethernet")
        q.cfg_wr(0x10, BAR | 0xC)
        q.cfg_wr(0x14, 0)
        check(q.cfg_rd(0x10) & 0xF == 0xC, "BAR0 64-bit prefetchable")
        q.cfg_wr(0x04, 0x6)                      # memory + bus master
        fw = q.rd_be(0x0)
        check(fw == (28 << 16 | 12), "fw_rev 12.28 (0x%08x)" % fw)
        check(q.rd_be(0x4) >> 16 == 5, "cmd_interface_rev 5")
        check(q.rd_be(0x1FC) >> 31 == 1, "initializing after reset")
        q.wr_be(0x10, 0)
        q.wr_be(0x14, CMDQ)
        q.cmd("clock_step 150000000")
        check(q.rd_be(0x1FC) >> 31 == 0, "initializing cleared after delay")
        e = run_cmd(q, 0x11, 0x104, 16)
        check(e[0x3F] == 0 and e[0x20] == 0, "ENABLE_HCA completed OK")
        e = run_cmd(q, 0x12, 0x10A, 0x70, MBOX_OUT)
        mb = q.mem_rd(MBOX_OUT, 0x240)
        check(e[0x3F] == 0 and e[0x20] == 0 and xor8(mb) == 0xFF and mb[0x5F] & 3 == 3,
              "QUERY_ISSI via output mailbox (ISSI 0,1, signed)")
        # FLR: PCIe capability at 0x60, DEVCTL at +8, bit 15.
        devctl = q.cfg_rd(0x68) & 0xFFFF
        q.cfg_wr(0x68, devctl | 0x8000)
        check(q.rd_be(0x1FC) >> 31 == 1 or q.cfg_rd(0x04) & 0x6 == 0, "FLR resets the device")
    finally:
        q.close()
    lines = [ln for ln in open(log) if ln.startswith("cx4: guest_errors=")]
    check(bool(lines) and lines[-1].strip() == "cx4: guest_errors=0",
          "log ends with cx4: guest_errors=0 (%s)" % (lines[-1].strip() if lines else "none"))
    check(any("FLR" in ln for ln in open(log)), "FLR logged")
    if checks[1]:
        sys.stdout.write(open(log).read())
    os.unlink(log)
    print("%d passed, %d failed" % (checks[0], checks[1]))
    return 1 if checks[1] else 0


if __name__ == "__main__":
    sys.exit(main())

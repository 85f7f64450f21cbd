#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check a cx4 netdev's queue statistics and queue/NAPI objects.

    qstats_check.py IF BDF CHANNELS [--min N] [--save FILE] [--prev FILE]

Run in IF's network namespace (BDF: its PCI function) while IF is up and
quiesced (its cable pulled: no frame in or out), so that no counter
moves: the reads are repeated until two in a row agree.  Reads the
netdev netlink family through netdev_nl.py (queue-get, napi-get,
qstats-get), ethtool -S and the interface statistics, and checks:

  objects: CHANNELS RX and CHANNELS TX queues, RX and TX queue i linked
    to one NAPI, a different one per i; the netdev's NAPIs are exactly
    those; each names an IRQ of the function (msi_irqs) whose
    /proc/interrupts name is completion vector i's, cx4-BDF-comp<i>;
  statistics: the device scope (the driver's base plus its queues) has
    every field cx4 reports, each equal to the ethtool -S totals
    (rx_<c>, tx_<c>) and, for packets and bytes, to the interface
    statistics (ip -s link); queue i's fields equal ethtool -S
    rx<i>_<c> / tx<i>_<c>; base = device - queues is never negative;
  --min N: at least N packets each way (traffic was counted);
  --prev FILE (a --save of the same quiesced netdev before a change):
    device totals unchanged; after fewer channels the departed queues'
    counts are in the base and the remaining queues unchanged; after
    more, the new queues count from zero and the base is unchanged.
"""
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netdev_nl  # noqa: E402

# qstats field: the cx4 counters (ethtool -S rx<i>_<c> / tx<i>_<c>,
# totals rx_<c> / tx_<c>, or tx_<TX_TOTAL[c]>) it sums
FIELDS = {
    "rx-packets": ("rx", ["packets"]),
    "rx-bytes": ("rx", ["bytes"]),
    "rx-alloc-fail": ("rx", ["buff_alloc_err", "dropped"]),
    "rx-csum-unnecessary": ("rx", ["csum_unnecessary"]),
    "rx-csum-none": ("rx", ["csum_none"]),
    "tx-packets": ("tx", ["packets"]),
    "tx-bytes": ("tx", ["bytes"]),
    "tx-needs-csum": ("tx", ["csum_partial_wire"]),
    "tx-hw-gso-packets": ("tx", ["tso_packets"]),
    "tx-hw-gso-wire-bytes": ("tx", ["tso_wire_bytes"]),
    "tx-stop": ("tx", ["stopped"]),
    "tx-wake": ("tx", ["wake"]),
}
# TX totals named apart from their per-queue counter (mlx5_core's names)
TX_TOTAL = {"stopped": "queue_stopped", "wake": "queue_wake",
            "dropped": "queue_dropped"}
# device-only qstats field (base, no queue): the device counter of
# ethtool -S it equals, listed when the device has the counter
DEV_FIELDS = {"rx-hw-drop-overruns": "rx_out_of_buffer"}
# interface statistics (sysfs) that must equal a qstats field
IFSTATS = {"rx_packets": "rx-packets", "rx_bytes": "rx-bytes",
           "tx_packets": "tx-packets", "tx_bytes": "tx-bytes"}

errors = []


def check(ok, msg):
    if not ok:
        errors.append(msg)


def ethtool_stats(ifname):
    """The software counters of ethtool -S: rx<N>_*, tx<N>_*, rx_*, tx_*,
    and rx_out_of_buffer; not the port's and vport's counters, which
    have mlx5_core's rx_/tx_ names too (*_phy, rx_vport_*, rx_prio<N>_*)
    and move with what only the device sees."""
    out = subprocess.run(["ethtool", "-S", ifname], capture_output=True,
                         text=True, check=True).stdout
    stats = {}
    for line in out.splitlines()[1:]:
        name, _, val = line.strip().rpartition(": ")
        if (re.match(r"(rx|tx)[0-9]*_", name) and val.isdigit() and
                not re.search(r"_phy$|^(rx|tx)_(vport|prio[0-9]+)_", name)):
            stats[name] = int(val)
    return stats


def snapshot(ifname, ifindex):
    """Every counter source once (queue lines keyed "rx0", "tx0", ...)."""
    ifs = {k: int(open(f"/sys/class/net/{ifname}/statistics/{k}").read())
           for k in IFSTATS}
    dev = [o for o in netdev_nl.dump("qstats", netdev_nl.u32_attr(
        netdev_nl.QSTATS_IFINDEX, ifindex))]
    queues = {}
    for o in netdev_nl.dump("qstats", netdev_nl.u32_attr(
            netdev_nl.QSTATS_IFINDEX, ifindex) + netdev_nl.u32_attr(
            netdev_nl.QSTATS_SCOPE, netdev_nl.QSTATS_SCOPE_QUEUE)):
        kind = "rx" if o.pop("queue-type") == 0 else "tx"
        queues[f"{kind}{o.pop('queue-id')}"] = {
            k: v for k, v in o.items() if k != "ifindex"}
    return {"ethtool": ethtool_stats(ifname), "if": ifs,
            "dev": dev[0] if len(dev) == 1 else {"lines": len(dev)},
            "queues": queues}


def stable(ifname, ifindex):
    prev = snapshot(ifname, ifindex)
    for _ in range(10):
        cur = snapshot(ifname, ifindex)
        if cur == prev:
            return cur
        prev = cur
        time.sleep(1)
    sys.exit(f"{ifname}: counters still moving after 10 reads (not quiesced)")


def check_objects(ifname, ifindex, bdf, nch):
    queues = [o for o in netdev_nl.dump("queues")
              if o.get("ifindex") == ifindex]
    napis = {o["id"]: o for o in netdev_nl.dump("napis")
             if o.get("ifindex") == ifindex}
    msi = set(int(n) for n in os.listdir(f"/sys/bus/pci/devices/{bdf}/msi_irqs"))
    irq_name = {}
    for line in open("/proc/interrupts"):
        f = line.split()
        if f and f[0].endswith(":") and f[0][:-1].isdigit():
            irq_name[int(f[0][:-1])] = f[-1]
    link = {}
    for q in queues:
        kind = "rx" if q.get("type") == 0 else "tx"
        check("napi-id" in q, f"{ifname}: {kind} queue {q.get('id')} has no NAPI")
        link[(kind, q.get("id"))] = q.get("napi-id")
    for kind in ("rx", "tx"):
        ids = sorted(i for k, i in link if k == kind)
        check(ids == list(range(nch)),
              f"{ifname}: {kind} queues {ids}, want 0..{nch - 1}")
    used = []
    for i in range(nch):
        nid = link.get(("rx", i))
        check(nid is not None and nid == link.get(("tx", i)),
              f"{ifname}: queue pair {i}: RX NAPI {nid}, TX NAPI {link.get(('tx', i))}")
        used.append(nid)
        napi = napis.get(nid)
        if napi is None:
            errors.append(f"{ifname}: queue {i} names NAPI {nid}, not listed")
            continue
        irq = napi.get("irq")
        want = f"cx4-{bdf}-comp{i}"
        check(irq in msi, f"{ifname}: NAPI {nid} IRQ {irq} not an MSI-X IRQ of {bdf} {sorted(msi)}")
        check(irq_name.get(irq) == want,
              f"{ifname}: NAPI {nid} of queue {i}: IRQ {irq} is {irq_name.get(irq)}, want {want}")
    check(len(set(used)) == nch, f"{ifname}: queue NAPIs {used} not one per channel")
    check(set(napis) == set(used),
          f"{ifname}: NAPIs listed {sorted(napis)}, queues name {sorted(used)}")
    return {i: (used[i], napis.get(used[i], {}).get("irq")) for i in range(nch)}


def check_stats(ifname, snap, nch):
    eth, dev, queues = snap["ethtool"], snap["dev"], snap["queues"]
    dev_only = {f: c for f, c in DEV_FIELDS.items() if c in eth}
    want_dev = set(FIELDS) | set(dev_only)
    check(set(dev) == want_dev | {"ifindex"},
          f"{ifname}: device qstats {sorted(dev)}, want {sorted(want_dev)}")
    for field, c in dev_only.items():
        check(dev.get(field) == eth[c],
              f"{ifname}: {field}: device {dev.get(field)}, ethtool -S {c} {eth[c]}")
    nq = sum(1 for k in eth if k.startswith("rx") and k.endswith("_packets")
             and k[2:-8].isdigit())
    check(nq == nch, f"{ifname}: ethtool -S lists {nq} channels, want {nch}")
    want_q = {f"{d}{i}" for d in ("rx", "tx") for i in range(nch)}
    check(set(queues) == want_q,
          f"{ifname}: qstats queues {sorted(queues)}, want {sorted(want_q)}")
    base = {}
    for field, (d, names) in FIELDS.items():
        tot = sum(eth.get(f"{d}_{TX_TOTAL.get(n, n) if d == 'tx' else n}", -1)
                  for n in names)
        check(dev.get(field) == tot,
              f"{ifname}: {field}: device {dev.get(field)}, ethtool -S totals {tot}")
        qsum = 0
        for i in range(nch):
            q = queues.get(f"{d}{i}", {})
            want = sum(eth.get(f"{d}{i}_{n}", -1) for n in names)
            check(q.get(field) == want,
                  f"{ifname}: {field} queue {i}: {q.get(field)}, ethtool -S {want}")
            qsum += q.get(field, 0)
        base[field] = dev.get(field, 0) - qsum
        check(base[field] >= 0, f"{ifname}: {field}: queues sum {qsum} > device {dev.get(field)}")
    for k, field in IFSTATS.items():
        check(snap["if"][k] == dev.get(field),
              f"{ifname}: {k} {snap['if'][k]} (ip -s link), {field} {dev.get(field)}")
    return base


def check_prev(ifname, snap, base, nch, prev):
    pn, dev, queues = prev["channels"], snap["dev"], snap["queues"]
    for field, (d, _) in FIELDS.items():
        check(dev.get(field) == prev["dev"].get(field),
              f"{ifname}: {field}: device {prev['dev'].get(field)} -> {dev.get(field)} while quiesced")
        gone = sum(prev["queues"].get(f"{d}{i}", {}).get(field, 0)
                   for i in range(nch, pn))
        check(base[field] == prev["base"][field] + gone,
              f"{ifname}: {field}: base {prev['base'][field]} -> {base[field]}, departed queues held {gone}")
        for i in range(nch):
            was = prev["queues"].get(f"{d}{i}", {}).get(field, 0) if i < pn else 0
            now = queues.get(f"{d}{i}", {}).get(field)
            check(now == was, f"{ifname}: {field} queue {i}: {was} -> {now}"
                  + ("" if i < pn else " (a new queue counts from zero)"))


def main():
    args = sys.argv[1:]
    if len(args) < 3 or not args[2].isdigit():
        sys.exit(__doc__)
    ifname, bdf, nch = args[0], args[1], int(args[2])
    opts = dict(zip(args[3::2], args[4::2]))
    ifindex = int(open(f"/sys/class/net/{ifname}/ifindex").read())
    snap = stable(ifname, ifindex)
    objs = check_objects(ifname, ifindex, bdf, nch)
    base = check_stats(ifname, snap, nch)
    if "--min" in opts:
        n = int(opts["--min"])
        for field in ("rx-packets", "tx-packets"):
            check(snap["dev"].get(field, 0) >= n,
                  f"{ifname}: {field} {snap['dev'].get(field)}, want >= {n}")
    if "--prev" in opts:
        with open(opts["--prev"]) as f:
            check_prev(ifname, snap, base, nch, json.load(f))
    if errors:
        print("\n".join(f"FAIL: {e}" for e in errors), file=sys.stderr)
        sys.exit(1)
    if "--save" in opts:
        with open(opts["--save"], "w") as f:
            json.dump({"channels": nch, "dev": snap["dev"], "base": base,
                       "queues": snap["queues"]}, f)
    print(f"{ifname}: {nch} queue pairs, NAPI/IRQ "
          + " ".join(f"{i}:{n}/{q}" for i, (n, q) in objs.items())
          + f"; rx {snap['dev'].get('rx-packets')} tx {snap['dev'].get('tx-packets')}"
          + f" packets, base rx {base['rx-packets']} tx {base['tx-packets']}")


if __name__ == "__main__":
    main()

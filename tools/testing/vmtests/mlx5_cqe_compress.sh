#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# CQE compression checked by an independent decoder: with
# caps_on=cqe_compression (HCA_CAP.cqe_compression, beyond rev 0.40; set on
# the debug page while no driver has the functions, so the test shares the
# stock kernel's VM, and cleared after rmmod) Debian's
# mlx5e turns rx_cqe_compress on (slow PCIe link heuristic; the test also
# sets it) and decodes the model's title CQE + mini CQE arrays.  An iperf3
# TCP run each way must move data (a wrong byte count or WQE counter in a
# decoded completion corrupts or stalls the stream), mlx5e must have
# decoded compressed sessions (rx_cqe_compress_blks/pkts), pings work,
# rmmod is clean, no guest error.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions

BB=busybox

# rx_cqe_compress on while the netdev is still down, in the init netns.
cqe_compress_on() {
	ethtool --set-priv-flags "$1" rx_cqe_compress on || fail "$1: rx_cqe_compress"
	ethtool --show-priv-flags "$1" | grep -q "rx_cqe_compress *: on" ||
		fail "$1: rx_cqe_compress not on"
}

caps_load caps_on "$CAPS_CQE_COMPRESSION"

dmesg -C
echo 1 > /sys/bus/auxiliary/drivers_autoprobe
PAIR_PREP=cqe_compress_on pair_up mlx5
trap caps_unload EXIT
a=$PAIR_A b=$PAIR_B
ip netns exec mlx5a $BB ping -c 3 -W 5 198.18.0.2 || fail "ping a -> b"
ip netns exec mlx5b $BB ping -c 3 -W 5 198.18.0.1 || fail "ping b -> a"

for dir in "" -R; do
	got=$(pair_iperf "$dir")
	[ "$got" -gt 1000000 ] || fail "iperf3 $dir: only $got bytes"
	log "iperf3 ${dir:-a->b}: $got bytes"
done

blks=0
for ns_if in "mlx5a $a" "mlx5b $b"; do
	read -r ns ifc <<< "$ns_if"
	ip netns exec "$ns" ethtool -S "$ifc" > "/tmp/mlx5-S-$ifc" || fail "$ifc: ethtool -S"
	n=$(awk '$1 == "rx_cqe_compress_blks:" { print $2 }' "/tmp/mlx5-S-$ifc")
	p=$(awk '$1 == "rx_cqe_compress_pkts:" { print $2 }' "/tmp/mlx5-S-$ifc")
	log "$ifc: $n compressed sessions, $p completions in them"
	[ "${p:-0}" -ge "$((2 * ${n:-0}))" ] || fail "$ifc: sessions of fewer than 2 completions"
	blks=$((blks + ${n:-0}))
done
[ "$blks" -gt 0 ] || fail "mlx5e decoded no compressed CQE"

pair_cleanup
rmmod mlx5_ib 2> /dev/null || true
rmmod mlx5_core || fail "rmmod mlx5_core failed"
trap - EXIT
caps_clear
# mlx5e warns once per netdev that it turns rxhash off while CQE
# compression is on (mini CQEs carry the checksum, not the hash): expected.
bad=$(dmesg -l emerg,alert,crit,err,warn | grep -F "mlx5_core" |
	grep -vF "Disabling rxhash, not supported when CQE compress is active" || true)
[ -z "$bad" ] || fail "mlx5_core error/warning lines:
$bad"
assert_device_clean
log "mlx5e decoded the model's compressed CQEs: $blks sessions, traffic intact"

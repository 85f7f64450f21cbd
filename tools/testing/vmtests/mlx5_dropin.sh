#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# cx4 as a drop-in for mlx5_core (issue 19): the same two emulated
# functions under Debian's mlx5_core, then under cx4 (built against
# Debian's headers), must look the same to what names interfaces and
# what operators read: the devlink port (index, flavour, port number),
# the netdev's phys_port_name, phys_switch_id and phys_port_id, and
# udev's predictable names (udevadm test-builtin net_id: ID_NET_NAME_*);
# and what ethtool -c and the private flag both have answer (interrupt
# moderation defaults, adaptive RX/TX, CQE mode RX/TX; rx_cqe_compress).
# Shares mlx5_netdev.sh's VM (same shape): no boot of its own.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
modinfo mlx5_core > /dev/null || fail "no mlx5_core module for $(uname -r)"

# describe BDF: one "BDF key=value" line per name a user or tool reads.
describe() {
	local f=$1 n a v
	n=$(netdev_of "$f") || fail "$f: no netdev"
	for a in phys_port_name phys_switch_id phys_port_id; do
		v=$(cat "/sys/class/net/$n/$a" 2> /dev/null) || v="(none)"
		echo "$f $a=$v"
	done
	v=$(udevadm test-builtin net_id "/sys/class/net/$n" 2>&1) ||
		echo "$f udevadm: $v"
	sed -n "s/^\(ID_NET_NAME_[A-Z]*=.*\)/$f \1/p" <<< "$v"
	# The netdev's port: its attributes compared, its handle only shown.
	# mlx5e's port is on the devlink instance of its auxiliary device
	# (auxiliary/mlx5_core.eth.N/65535), cx4's on the PCI function's
	# (pci/BDF/0): a known difference (Documentation/ethtool.md).
	v=$(devlink port show 2>&1) || echo "$f devlink: $v"
	echo "# devlink port show: $v" >&2
	v=$(grep -F " netdev $n " <<< "$v") || v="(no port with netdev $n)"
	echo "# $f devlink port handle: ${v%%: *}" >&2
	v=${v#*: }
	echo "$f devlink_port=${v/ netdev $n/}"
	# Interrupt moderation as ethtool -c shows it (every field, n/a
	# included) and the private flag both drivers have.  (mlx5_core also
	# lists rx_cqe_moder and tx_cqe_moder, both off here although its
	# CQE mode RX is on; cx4 has that switch only as cqe-mode-rx/tx.)
	ethtool -c "$n" | sed -n "s/^\([A-Za-z].*[^ ]\) *$/$f coalesce \1/p" | grep -v "parameters for"
	ethtool --show-priv-flags "$n" |
		awk -F: -v f="$f" '{ k = $1; gsub(/ /, "", k); v = $2; gsub(/ /, "", v) }
			k == "rx_cqe_compress" { print f, "priv_flag", k "=" v }'
}

dmesg -C
echo 1 > /sys/bus/auxiliary/drivers_autoprobe
modprobe mlx5_core || fail "modprobe mlx5_core failed"
for f in "${fns[@]}"; do
	WAIT_SECS=30 wait_for has_netdev "$f" || fail "$f: mlx5e registered no netdev"
done
for f in "${fns[@]}"; do describe "$f"; done > /tmp/dropin-mlx5
mlx5_remove

insmod "$KO" || fail "insmod cx4 failed"
for f in "${fns[@]}"; do
	WAIT_SECS=30 wait_for has_netdev "$f" || fail "$f: cx4 registered no netdev"
done
for f in "${fns[@]}"; do describe "$f"; done > /tmp/dropin-cx4
rmmod cx4 || fail "rmmod cx4 failed"
assert_device_clean

log "mlx5_core:"
cat /tmp/dropin-mlx5
log "cx4:"
cat /tmp/dropin-cx4
grep -q "ID_NET_NAME_PATH=" /tmp/dropin-mlx5 || fail "no udev path name under mlx5_core"
grep -q "devlink_port=type eth" /tmp/dropin-mlx5 || fail "no devlink port with the netdev under mlx5_core"
grep -q "priv_flag rx_cqe_compress=" /tmp/dropin-mlx5 || fail "no rx_cqe_compress under mlx5_core"
grep -q "coalesce rx-usecs:" /tmp/dropin-mlx5 || fail "no rx-usecs in mlx5_core's ethtool -c"
diff -u /tmp/dropin-mlx5 /tmp/dropin-cx4 ||
	fail "cx4 differs from mlx5_core in the names above"
log "devlink port, phys_port_name/switch_id/port_id, udev names, ethtool -c and the shared private flags: same under mlx5_core and cx4"

# SPDX-License-Identifier: GPL-2.0
# Guest-side helpers for the VM tests (sourced).  $1 of every test is the
# path of cx4.ko built against the running test kernel.
set -euo pipefail

KO=${1:?usage: $0 path/to/cx4.ko}
CTL=$(dirname "${BASH_SOURCE[0]}")/../cx4ctl

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

log() {
	echo "# $*"
}

# BDFs of the emulated functions, e.g. 0000:00:03.0.
cx4_functions() {
	"$CTL" list
}

cx4_bound() {
	[ -e "/sys/bus/pci/drivers/cx4/$1" ]
}

ctl_get() {
	"$CTL" "$1" get "$2"
}

ctl_set() {
	"$CTL" "$1" set "$2" "$3"
}

# Every function: the device owns no page and counted no guest error.
assert_device_clean() {
	local f n
	for f in $(cx4_functions); do
		n=$(ctl_get "$f" pages_owned)
		[ "$n" = 0 ] || fail "$f: device still owns $n pages"
		n=$(ctl_get "$f" guest_errors)
		[ "$n" = 0 ] || fail "$f: device counted $n guest errors"
	done
}

# Number of kernel log lines matching an extended regex.
dmesg_count() {
	dmesg | grep -cE "$1" || true
}

# The driver's debugfs directory of function $1.
cx4_dbg() {
	echo "/sys/kernel/debug/cx4/$1"
}

# A counter from the driver's debugfs stats of function $1.
stat_get() {
	awk -v k="$2" '$1 == k { print $2; found = 1 } END { exit !found }' \
		"$(cx4_dbg "$1")/stats" || fail "$1: no driver counter $2"
}

# Interrupts of the IRQ named $1, summed over the CPUs (empty if none).
irq_count() {
	awk -v n="$1" '$NF == n {
		s = 0
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++)
			s += $i
		print s
	}' /proc/interrupts
}

# --- eth (ethtool, port registers) ---------------------------------------

# The link modes ethtool lists under "$2" (e.g. "Supported link modes")
# for interface $1 (run through $ETH_NS if set), one per line, sorted.
eth_modes() {
	${ETH_NS:+ip netns exec "$ETH_NS"} ethtool "$1" | awk -v k="$2:" '
		index($0, k) { on = 1; sub(".*" k, ""); }
		on && /:/ && !index($0, k) { exit }
		on { for (i = 1; i <= NF; i++) if ($i != "Not" && $i != "reported") print $i }
	' | sort
}

# The value of "KEY: value" in "ethtool $1" (through $ETH_NS if set).
eth_field() {
	${ETH_NS:+ip netns exec "$ETH_NS"} ethtool "$1" |
		sed -n "s/^[[:space:]]*$2: //p"
}

# One counter of "ethtool -S $1" (through $ETH_NS if set); fails if absent.
eth_stat() {
	${ETH_NS:+ip netns exec "$ETH_NS"} ethtool -S "$1" |
		awk -v k="$2:" '$1 == k { print $2; found = 1 } END { exit !found }' ||
		fail "$1: no ethtool -S counter $2"
}

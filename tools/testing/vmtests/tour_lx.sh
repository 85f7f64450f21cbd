#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop lx=on --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# tour on the ConnectX-4 Lx flavour (15b3:1015): same expectations.
set -euo pipefail
for f in /sys/bus/pci/devices/*; do
	[ "$(< "$f/vendor")" = 0x15b3 ] || continue
	[ "$(< "$f/device")" = 0x1015 ] || { echo "FAIL: $f is not a ConnectX-4 Lx" >&2; exit 1; }
done
exec "$(dirname "$0")/tour.sh" "$@"

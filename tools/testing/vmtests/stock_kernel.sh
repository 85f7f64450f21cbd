#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# cx4 built against Debian's linux-headers-6.12 loads on Debian's own
# linux-image-6.12 and probes and removes the emulated functions cleanly:
# what an operator does with `make && insmod`.
. "$(dirname "$0")/lib.sh"

stock_kernel_functions
for i in 1 2 3; do
	insmod "$KO"
	for f in "${fns[@]}"; do
		cx4_bound "$f" || fail "round $i: $f not bound on $(uname -r)"
	done
	rmmod cx4
	assert_device_clean
done
log "probe/remove on Debian $(uname -r)"

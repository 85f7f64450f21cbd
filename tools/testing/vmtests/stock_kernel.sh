#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# cx4 built against Debian's linux-headers-6.12 on Debian's own
# linux-image-6.12: insmod alone binds (PCI, auxiliary bus, netdev), pings
# pass, rmmod leaves the device clean (lib.sh: stock_kernel_check).
. "$(dirname "$0")/lib.sh"

stock_kernel_check 6.12

#!/bin/bash
# vm: --kernel stock-6.1 --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# The same on bookworm's own kernel: cx4 built against linux-headers-6.1
# (linux-headers-amd64) on linux-image-6.1 (linux-image-amd64).
. "$(dirname "$0")/lib.sh"

stock_kernel_check 6.1

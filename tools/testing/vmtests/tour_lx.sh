#!/bin/bash
# vm: --kernel stock --nics 2 --dev-prop lx=on --dev-prop cmd-trace=on --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# tour on the ConnectX-4 Lx flavour (15b3:1015): same expectations.
exec "$(dirname "$0")/../lib/lx-exec" "$(dirname "$0")/tour.sh" "$@"

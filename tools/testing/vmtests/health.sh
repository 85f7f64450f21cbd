#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Health: an internal error raised by the device (knob internal_error:
# health syndrome set, counter stopped, interrupt without EQE) is seen by
# the driver at once and logged with the syndrome; commands then fail fast
# instead of timing out; remove resets the function and nothing leaks.
# The other function is not affected.
. "$(dirname "$0")/lib.sh"

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} = 2 ] || fail "expected 2 emulated functions, found ${#fns[@]}"
sick=${fns[0]} well=${fns[1]}

insmod "$KO"
ctl_set "$sick" internal_error 0x07	# DEAD_IRISC
for _ in $(seq 100); do
	[ "$(stat_get "$sick" health_fatal)" = 1 ] && break
	sleep 0.05
done
[ "$(stat_get "$sick" health_fatal)" = 1 ] || fail "$sick: internal error not detected"
[ "$(dmesg_count "cx4 $sick: device failed: health syndrome 0x7 \\(dead IRISC\\)")" = 1 ] ||
	fail "$sick: internal error not logged"
start=$(date +%s%N)
! echo 4 > "$(cx4_dbg "$sick")/nop_storm" 2>/dev/null || fail "$sick: commands still succeed"
ms=$((($(date +%s%N) - start) / 1000000))
[ "$ms" -lt 5000 ] || fail "$sick: failing commands took $ms ms"
echo 50 > "$(cx4_dbg "$well")/nop_storm" || fail "$well: commands fail"
[ "$(stat_get "$well" health_fatal)" = 0 ] || fail "$well: declared dead too"
before=$(dmesg_count "cx4 $sick: resetting the function")
rmmod cx4
[ "$(dmesg_count "cx4 $sick: resetting the function")" -gt "$before" ] ||
	fail "$sick: not reset at remove"
assert_device_clean
insmod "$KO"
cx4_bound "$sick" || fail "$sick: not bound again after the reset"
rmmod cx4
assert_device_clean
log "internal error detected, commands failed in $ms ms, function reset at remove"

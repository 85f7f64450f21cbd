#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Probe and remove cx4 on two emulated ConnectX-4 functions 10 times (every
# other VM test loads and unloads it too): every probe reaches INIT_HCA
# (the one-line summary is logged), every remove gives back every page,
# and the device counts no guest error.
. "$(dirname "$0")/lib.sh"

rounds=10
mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} = 2 ] || fail "expected 2 emulated functions, found ${#fns[@]}"

before=$(dmesg_count 'cx4 .*: firmware ')
for i in $(seq "$rounds"); do
	insmod "$KO"
	for f in "${fns[@]}"; do
		cx4_bound "$f" || fail "round $i: $f not bound after insmod"
		[ "$(ctl_get "$f" pages_owned)" -gt 0 ] ||
			fail "round $i: $f owns no pages after probe"
	done
	rmmod cx4
	assert_device_clean
done
after=$(dmesg_count 'cx4 .*: firmware ')
[ $((after - before)) = $((rounds * 2)) ] ||
	fail "expected $((rounds * 2)) probe summaries, saw $((after - before))"
log "$rounds probe/remove rounds on ${#fns[@]} functions"

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Page request events: storms of "give me N pages" and "take N back" from
# the device (debug page knob page_request) are served by the driver's
# work item; afterwards the device owns exactly the pages the driver
# counts (debugfs stats "pages"), and exactly the expected number.  A page
# allocation failure (debugfs page_alloc_fail) is reported to the device
# with MANAGE_PAGES ALLOCATION_FAIL and logged, and the next request still
# balances.
. "$(dirname "$0")/lib.sh"

mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} -ge 1 ] || fail "no emulated function"

# Wait until device and driver agree on @want pages (event + work are async).
settle() {
	local f=$1 want=$2 i dev drv
	for i in $(seq 200); do
		dev=$(ctl_get "$f" pages_owned)
		drv=$(stat_get "$f" pages)
		[ "$dev" = "$want" ] && [ "$drv" = "$want" ] && return 0
		nap 0.05
	done
	fail "$f: device owns $dev pages, driver counts $drv, expected $want"
}

insmod "$KO"
RANDOM=4
for f in "${fns[@]}"; do
	base=$(ctl_get "$f" pages_owned)
	[ "$(stat_get "$f" pages)" = "$base" ] || fail "$f: driver and device disagree at probe"
	extra=0
	# Bursts of requests, each answered while the next ones arrive.
	for burst in $(seq 6); do
		for i in $(seq 4); do
			if [ $(((burst + i) % 3)) = 0 ]; then
				d=$((-(RANDOM % 1500)))
			else
				d=$((RANDOM % 1200 + 1))
			fi
			ctl_set "$f" page_request "$d"
			extra=$((extra + d))
			[ "$extra" -ge 0 ] || extra=0	# boot/init pages stay
		done
		settle "$f" $((base + extra))
	done
	log "$f: 24 page requests served, $((base + extra)) pages owned"

	before=$(dmesg_count 'cx4 .*ALLOCATION_FAIL')
	echo 1 > "$(cx4_dbg "$f")/page_alloc_fail"
	ctl_set "$f" page_request 10
	for _ in $(seq 100); do
		[ "$(stat_get "$f" page_alloc_fails)" -ge 1 ] && break
		nap 0.05
	done
	[ "$(stat_get "$f" page_alloc_fails)" = 1 ] || fail "$f: allocation failure not reported"
	[ "$(dmesg_count 'cx4 .*ALLOCATION_FAIL')" -gt "$before" ] || fail "$f: allocation failure not logged"
	settle "$f" $((base + extra))
	# The device still needs those 10: the next request gives them all.
	ctl_set "$f" page_request 1
	extra=$((extra + 11))
	settle "$f" $((base + extra))
	log "$f: allocation failure reported, then $((base + extra)) pages owned"

	ctl_set "$f" page_request -100000
	settle "$f" "$base"
done
rmmod cx4
assert_device_clean
log "page accounting exact on ${#fns[@]} functions"

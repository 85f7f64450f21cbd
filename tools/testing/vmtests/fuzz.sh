#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on --append panic_on_warn=1 --timeout 900
# SPDX-License-Identifier: GPL-2.0
#
# A hostile device cannot crash, corrupt or stall cx4.  For each seed
# (CX4_FUZZ_SEEDS, default "1 2 3"; `make fuzz` runs many) both functions
# turn hostile (Documentation/device-model.md, "Hostile-device mode":
# mutated and made-up CQEs and EQEs, faked command answers and delivery
# errors, lowered capabilities, interrupt storms, odd page requests, DMA
# after a failed DESTROY) for CX4_FUZZ_SECS seconds (default 10) while
#   - TCP and UDP traffic runs between the two cabled ports, and
#   - a loop changes channels, rings, coalescing, MTU and link state and
#     reads ethtool -S and devlink dev info,
# with page allocations of atomic context failed at random
# (fail_page_alloc) and panic_on_warn set.  Then the device behaves again,
# and within 120 s the interfaces must pass traffic both ways (kept
# working, or recovered by themselves: queue or health recovery), rmmod
# must succeed and every page must come back.  The runner adds: no kernel
# splat (KASAN, lockdep, hung task, WARN = panic), no guest error the
# hostile mode does not excuse, every device DMA inside the driver's
# mappings (strict IOMMU).  The device must also never have DMAed into
# memory the driver had already unmapped (hostile_dma_faults = 0: the
# driver keeps what the device may still write until the function reset).
#
# Before the seeds, a focused check (issue 14, finding 13): an interrupt
# storm on every vector (hostile action storm at every doorbell) under
# traffic must not make the health poller declare the device dead.
#
# In make check with seeds 1 2 3, 10 s each, CX4_FUZZ_MASK 0xef (every
# action but caps); `make fuzz` runs many seeds with 0xff.  In make check
# since 2026-11-27, after five runs in a row passed (134-422 s on the
# loaded 2-core machine) with the last cause below fixed: a CQE the
# device wrote with opcode 0xf ("not written yet" to the PRM's poll)
# held its RX CQ for good (core/cq.c cx4_cq_ring_ready()).  Before that,
# five runs on that tree: four passed, one failed so.  Earlier, eight
# runs, one VM at a time on the shared 2-core machine:
# five passed (155 and 175 s before the cuts below, then 133, 125 and
# 89 s), three failed: cx4ctl read the debug page while a health
# recovery reset the function (fixed here: ctl_sure_get), a faked
# transport domain 0 used by CREATE_TIS counted as a guest error (fixed
# in the model), and an RQ recovery that failed (MODIFY_RQ delivery
# error) was never retried: the RQ stayed down, no traffic for 120 s
# (fixed in the driver since: a failed queue reset is tried again after
# a back-off, then the channels are rebuilt, then the function is
# recovered; dp_recover.sh and untrusted.sh test it).  A health recovery that runs while the device is still
# hostile may fail to resume the netdev (a faked answer; capabilities
# lowered below the rings in use): the netdev stays, suspended, and the
# next attempt follows.  Its own VM (panic_on_warn on the command line):
# a WARN ends the VM, which would fail every test sharing it.
. "$(dirname "$0")/lib.sh"

seeds=${CX4_FUZZ_SEEDS:-1 2 3}
secs=${CX4_FUZZ_SECS:-10}
mask=${CX4_FUZZ_MASK:-0xef}
fpa=/sys/kernel/debug/fail_page_alloc
BB=busybox

[ "$(cat /proc/sys/kernel/panic_on_warn)" = 1 ] || fail "panic_on_warn is not set"
[ -d "$fpa" ] || fail "no $fpa (test kernel without CONFIG_FAIL_PAGE_ALLOC)"

# Fail 1 % of the page allocations that cannot sleep (the RX refill's),
# quietly; none of the ones that can (the shell's, 9p's).
page_faults() {
	if [ "$1" = on ]; then
		echo 0 > "$fpa/verbose"
		echo Y > "$fpa/ignore-gfp-wait"
		echo 1 > "$fpa/interval"
		echo -1 > "$fpa/times"
		echo 1 > "$fpa/probability"
	else
		echo 0 > "$fpa/probability"
	fi
}

hostile_on() { # hostile_on SEED MASK: both functions (the seed resets the counters)
	local f
	for f in "$DP_FA" "$DP_FB"; do
		ctl_set "$f" hostile_seed "$1"
		ctl_set "$f" hostile "$2"
	done
}

# The debug page of a function the driver may be resetting (a health
# recovery the device caused just before it behaved again): in reset the
# BAR reads all ones, so cx4ctl refuses ("no debug control page") or a
# read or write falls into the reset.  ctl_sure_get BDF NAME...: the
# values, read between two good reads of the magic register, retried for
# up to 10 s.
ctl_magic=$((0x43583444))
ctl_sure_get() {
	local out
	for _ in {1..50}; do
		if out=$("$CTL" "$1" get magic "${@:2}" magic 2> /dev/null) &&
		   [ "${out%%$'\n'*}" = "$ctl_magic" ] && [ "${out##*$'\n'}" = "$ctl_magic" ]; then
			out=${out#*$'\n'}
			printf '%s\n' "${out%$'\n'*}"
			return 0
		fi
		nap 0.2
	done
	fail "$1: debug control page unreadable for 10 s"
}

hostile_off() {
	local f v
	for f in "$DP_FA" "$DP_FB"; do
		for _ in {1..50}; do
			ctl_set "$f" hostile 0 2> /dev/null || true
			v=$(ctl_sure_get "$f" hostile) || exit 1
			[ "$v" != 0 ] || continue 2
		done
		fail "$f: hostile mode still on"
	done
}

# Traffic for $secs: bounded iperf3 runs (TCP and UDP) back to back; a
# failure is expected while the device misbehaves and is not fatal.
load() {
	local end=$((SECONDS + secs))
	set +e
	while [ $SECONDS -lt $end ]; do
		timeout 15 busybox nsenter --net=/run/netns/cx4b iperf3 -s -1 -B 198.18.0.2 > /dev/null 2>&1 &
		nap 0.5
		timeout 12 busybox nsenter --net=/run/netns/cx4a iperf3 -c 198.18.0.2 -n 1M \
			--connect-timeout 2000 > /dev/null 2>&1
		timeout 12 busybox nsenter --net=/run/netns/cx4a iperf3 -c 198.18.0.2 -u -b 5M -l 400 -n 200K \
			--connect-timeout 2000 > /dev/null 2>&1
		wait
	done
}

# Reconfiguration and monitoring for $secs, failures expected.
admin() {
	local end=$((SECONDS + secs)) i=0 ns ifc
	set +e
	while [ $SECONDS -lt $end ]; do
		i=$((i + 1))
		for ns in "cx4a $DP_A" "cx4b $DP_B"; do
			read -r ns ifc <<< "$ns"
			case $((i % 6)) in
			0) timeout 20 busybox nsenter --net=/run/netns/"$ns" ethtool -L "$ifc" combined $((i % 2 + 1)) ;;
			1) timeout 20 busybox nsenter --net=/run/netns/"$ns" ethtool -G "$ifc" rx $((256 << (i % 2))) ;;
			2) timeout 20 busybox nsenter --net=/run/netns/"$ns" ethtool -C "$ifc" rx-usecs $((i % 3 * 8)) ;;
			3) timeout 20 ip -n "$ns" link set "$ifc" mtu $((1500 + i % 2 * 2500)) ;;
			4) timeout 20 ip -n "$ns" link set "$ifc" down
			   timeout 20 ip -n "$ns" link set "$ifc" up ;;
			5) timeout 20 busybox nsenter --net=/run/netns/"$ns" ethtool -S "$ifc" ;;
			esac
		done > /dev/null 2>&1
		timeout 20 devlink dev info "pci/$DP_FA" > /dev/null 2>&1
		timeout 20 devlink health show > /dev/null 2>&1
	done
}

# Both ends up, at MTU 1500, and passing IPv4 both ways.
# stall_report: what a stalled pair looks like (for the failure's log):
# the rings' counters that moved, the device's drops for want of a WQE and
# its channels, the driver's core counters, the vectors' interrupts.
stall_report() {
	local ns_if ns ifc f
	for ns_if in "cx4a $DP_A" "cx4b $DP_B"; do
		read -r ns ifc <<< "$ns_if"
		echo "# $ifc: $(nsx "$ns" ethtool -S "$ifc" 2> /dev/null |
			busybox awk '$1 ~ /^(rx|tx)[0-9]*_/ && $2 != 0 { printf "%s%s ", $1, $2 }')"
	done
	for f in "$DP_FA" "$DP_FB"; do
		echo "# $f device: $(ctl_sure_get "$f" rx_out_of_buffer chan_rqs chan_sqs | tr '\n' ' ')"
		echo "# $f driver: $(busybox awk '$2 != 0 { printf "%s %s, ", $1, $2 }' \
			"/sys/kernel/debug/cx4/$f/stats" 2> /dev/null)"
	done
	busybox grep cx4 /proc/interrupts | busybox sed 's/^/# /'
}

works() {
	ip -n cx4a link set "$DP_A" mtu 1500 up 2> /dev/null &&
		ip -n cx4b link set "$DP_B" mtu 1500 up 2> /dev/null &&
		busybox nsenter --net=/run/netns/cx4a $BB ping -c 1 -W 2 198.18.0.2 > /dev/null 2>&1 &&
		nsx cx4b $BB ping -c 1 -W 2 198.18.0.1 > /dev/null 2>&1
}

# Finding 13: spurious interrupts are no stall.  One doorbell in 16 of
# the pings fires 1-4 MSI-X messages on every vector with no EQE behind
# them.  (Not 1 in 1: each interrupt's EQ re-arm is a doorbell too, and
# the storms would feed themselves.)  The control vector's kick the
# health poller, the completion vectors' are handled and counted.
dp_pair_up
f0=$(($(stat_get "$DP_FA" health_fatal_events) + $(stat_get "$DP_FB" health_fatal_events)))
for f in "$DP_FA" "$DP_FB"; do
	ctl_set "$f" hostile_one_in_storm 16
	ctl_set "$f" hostile_seed 1
	ctl_set "$f" hostile 0x20
done
nsx cx4a $BB ping -c 50 -i 0.1 -W 1 198.18.0.2 > /dev/null 2>&1 || true
hostile_off
storms=0
for f in "$DP_FA" "$DP_FB"; do
	storms=$((storms + $(ctl_get "$f" hostile_hits_storm)))
	ctl_set "$f" hostile_one_in_storm 0
done
[ "$storms" -ge 5 ] || fail "only $storms interrupt storms: the check proved nothing"
f1=$(($(stat_get "$DP_FA" health_fatal_events) + $(stat_get "$DP_FB" health_fatal_events)))
[ "$f1" = "$f0" ] || fail "an interrupt storm made the health poller declare a device dead"
sp=$(($(stat_get "$DP_FA" spurious_comp_irqs) + $(stat_get "$DP_FB" spurious_comp_irqs)))
[ "$sp" -gt 0 ] || fail "no spurious completion interrupt counted"
works || fail "no traffic after the interrupt storms"
log "$storms interrupt storms on every vector under traffic ($sp spurious completion interrupts): no false fatal"

# The first seed runs on the pair of the storm check (its rmmod checks
# both), each later one on a fresh load of the driver.
hits=0 fresh=""
for seed in $seeds; do
	[ -z "$fresh" ] || dp_pair_up
	fresh=1
	log "seed $seed: hostile (mask $mask) for ${secs}s under traffic and reconfiguration"
	page_faults on
	hostile_on "$seed" "$mask"
	load &
	lp=$!
	admin &
	ap=$!
	# Hostile for $secs exactly; the loops then end their last round
	# with the device behaving.
	nap "$secs"
	hostile_off
	page_faults off
	wait "$lp" "$ap"
	n=0 dma=0 exc=0
	for f in "$DP_FA" "$DP_FB"; do
		v=$(ctl_sure_get "$f" hostile_hits hostile_dma_faults hostile_excused) || exit 1
		read -r -d '' h d e <<< "$v" || true
		n=$((n + h))
		dma=$((dma + d))
		exc=$((exc + e))
	done
	hits=$((hits + n))
	log "seed $seed: $n hostile actions, $exc driver reactions excused, $dma late device DMAs"
	[ "$dma" = 0 ] || fail "seed $seed: the device DMAed $dma times into memory the driver had unmapped"
	end=$((SECONDS + 120))
	until works; do
		if [ $SECONDS -ge $end ]; then
			stall_report
			fail "seed $seed: no traffic 120 s after the device behaved again ($(dmesg | grep -E 'cx4 .*(gave up|recover)' | tail -n 3))"
		fi
		sleep 2
	done
	log "seed $seed: traffic both ways again after $((SECONDS - end + 120)) s"
	dp_cleanup
	trap - EXIT
	timeout 120 rmmod cx4 || fail "seed $seed: rmmod failed"
	assert_device_clean
done
[ "$hits" -gt 0 ] || fail "the device never acted hostile: the test proved nothing"
# An interrupt without an EQE is handled: the kernel never disables a vector.
[ "$(dmesg_count 'irq [0-9]+: nobody cared')" = 0 ] || fail "the kernel disabled a cx4 vector (spurious interrupts returned IRQ_NONE)"
log "hostile device, seeds $seeds: no crash, no stall, recovered, clean rmmod"

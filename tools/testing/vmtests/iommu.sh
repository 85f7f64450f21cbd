#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# Every VM test runs behind QEMU's intel-iommu with the guest in strict
# mode (tools/testing/vm --iommu strict, the default): a device access
# outside the driver's DMA mappings is refused by the IOMMU, which the
# device model counts as a guest error, so the test that caused it fails.
# This test shows the check cannot pass vacuously: the IOMMU is on and
# strict for every emulated function, and a device read of an address the
# driver never mapped (1 MiB: RAM, so it would succeed without an IOMMU)
# is refused by the IOMMU (a DMAR fault in the kernel log) and counted by
# the device (dma_faults, and a guest error unless announced).
. "$(dirname "$0")/lib.sh"

probe=0x100000
mapfile -t fns < <(cx4_functions)
[ ${#fns[@]} = 2 ] || fail "expected 2 emulated functions, found ${#fns[@]}"
ls -d /sys/class/iommu/dmar* > /dev/null 2>&1 || fail "no DMAR unit: the VM has no IOMMU"
for f in "${fns[@]}"; do
	t=$(cat "/sys/bus/pci/devices/$f/iommu_group/type" 2> /dev/null) ||
		fail "$f: in no IOMMU group"
	# DMA: translated, strict invalidation; DMA-FQ would be lazy.
	[ "$t" = DMA ] || fail "$f: IOMMU domain type '$t', not strict 'DMA'"
done

insmod "$KO"	# bus mastering on: the device may DMA
f=${fns[0]}
faults=$(ctl_get "$f" dma_faults)
expected=$(ctl_get "$f" expected_errors)
ctl_set "$f" expect_errors 1
ctl_set "$f" dma_probe_hi 0
ctl_set "$f" dma_probe "$probe"
[ "$(ctl_get "$f" dma_faults)" = $((faults + 1)) ] ||
	fail "$f: a DMA read at $probe was not refused"
[ "$(ctl_get "$f" expected_errors)" = $((expected + 1)) ] ||
	fail "$f: the refused DMA was not counted as a guest error"
ctl_set "$f" expect_errors 0
wait_for grep -q "DMAR: .*fault addr $probe" "$CX4_KMSG" ||
	fail "no DMAR fault logged for $probe: refused by something else than the IOMMU"
rmmod cx4
assert_device_clean
log "strict IOMMU on ${#fns[@]} functions; an unmapped DMA is refused and counted"

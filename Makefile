# SPDX-License-Identifier: GPL-2.0
#
# cx4 -- out-of-tree build and the project's test entry points.
#
#   make                 build cx4.ko against KDIR
#   make compat          W=1 builds against Debian's 6.12 and 6.1 headers
#   make check           everything CI runs (see README)
#   make demo            boot a VM with two emulated ConnectX-4 ports, load cx4
#   make fuzz            the hostile-device fuzz test over many seeds
#   make bench           cx4 against mlx5_core on the emulated device (~7 min)
#   make dkms            a DKMS package, cx4-dkms_<version>_all.deb
#
# KDIR defaults to the running kernel's build tree, else Debian's 6.12 headers.

KDIR ?= $(firstword $(wildcard /lib/modules/$(shell uname -r)/build) \
		    $(wildcard /usr/src/linux-headers-6.12*-amd64))
REPO := $(CURDIR)
KMAKE = $(MAKE) -C $(KDIR) M=$(REPO) CONFIG_CX4=m CONFIG_CX4_EN=y

all: modules

modules:
	@test -n "$(KDIR)" || { echo "no kernel build dir: set KDIR= or run tools/testing/setup"; exit 1; }
	$(KMAKE) W=$(or $(W),1) modules

clean: dkms-clean
	$(MAKE) -C tools/qemu clean

# The module's build products only (DKMS's CLEAN: its tree has no tools/).
dkms-clean:
	@test -z "$(KDIR)" || $(KMAKE) clean

# A Debian package for DKMS in $(DKMS_OUT) (default: here).
DKMS_OUT ?= .
dkms:
	tools/dkms/mkdeb $(DKMS_OUT)

# W=1 builds against every supported Debian kernel; zero warnings allowed.
compat:
	tools/testing/compat

setup:
	tools/testing/setup

check:
	tools/testing/check

kunit:
	tools/testing/kunit

devtest:
	$(MAKE) -C tools/qemu test

vmtest:
	tools/testing/vmtest

# The hostile-device fuzz test over many seeds and the lifecycle test over
# many load/unload cycles (not part of make check):
# make fuzz [SEEDS=N] [FUZZ_SECS=S] [CYCLES=N]
SEEDS ?= 30
FUZZ_SECS ?= 20
CYCLES ?= 200
fuzz:
	CX4_FUZZ_SEEDS="$$(seq -s ' ' 1 $(SEEDS))" CX4_FUZZ_SECS=$(FUZZ_SECS) CX4_FUZZ_MASK=0xff \
		CX4_FUZZ_CYCLES=$(CYCLES) tools/testing/vmtest \
		--timeout $$(( $(SEEDS) * ($(FUZZ_SECS) + 150) + $(CYCLES) * 10 + 300 )) fuzz lifecycle

demo:
	tools/testing/demo

# cx4 side by side with Debian's mlx5_core (Documentation/performance.md;
# not part of make check).
bench:
	tools/testing/bench

.PHONY: all modules clean dkms-clean dkms compat setup check kunit devtest vmtest fuzz demo bench

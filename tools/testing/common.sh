# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the tools/testing scripts (sourced, not run).

CX4_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CX4_CACHE=${CX4_CACHE:-/var/cache/cx4}

# Debian kernel header trees the project builds against.
cx4_headers() {
	local v=$1
	ls -d /usr/src/linux-headers-"$v"[.-]*-amd64 2>/dev/null | sort -V | tail -n 1
}

# cx4_kbuild KDIR OUTDIR [make args...]: build cx4.ko out of tree in OUTDIR,
# a private copy of the sources, so builds for several kernels never mix
# objects and the work tree stays clean.
cx4_kbuild() {
	local kdir=$1 out=$2
	shift 2
	mkdir -p "$out"
	# By content, without copying mtimes: a changed file gets a new mtime
	# here, so make rebuilds it even if the source is older than the
	# object left from an earlier build.
	# Build products of an in-tree `make` (objects, .mod lists, symbol
	# lists) are not sources: copied, they would confuse this build.
	rsync -rl --checksum --delete --exclude '*.o' --exclude '*.ko' --exclude '.*.cmd' \
		--exclude '*.mod' --exclude '*.mod.c' --exclude modules.order \
		--exclude Module.symvers \
		"$CX4_TOP/Kbuild" "$CX4_TOP/drivers" "$CX4_TOP/include" "$out/" ||
		return 1
	make -s -C "$kdir" M="$out" CONFIG_CX4=m CONFIG_CX4_EN=y -j"$(nproc)" "$@" modules
}

# Directory holding checkpatch.pl and its data files (extracted once from
# Debian's linux-source package).
cx4_kernel_scripts() {
	local tarball dir
	tarball=$(ls /usr/src/linux-source-6.12.tar.xz 2>/dev/null) || return 1
	dir=$CX4_CACHE/checkpatch-$(stat -c %Y "$tarball")
	if [ ! -x "$dir/scripts/checkpatch.pl" ]; then
		mkdir -p "$dir"
		tar -xJf "$tarball" -C "$dir" --strip-components=1 \
			linux-source-6.12/scripts/checkpatch.pl \
			linux-source-6.12/scripts/spelling.txt \
			linux-source-6.12/scripts/const_structs.checkpatch >&2 || return 1
	fi
	echo "$dir"
}

# The project's own C sources and headers (what style checks cover).
cx4_sources() {
	cd "$CX4_TOP" && git ls-files --cached --others --exclude-standard \
		'drivers/*.c' 'drivers/*.h' 'include/*.h'
}

# Build (if needed) the test kernel and cx4.ko against it; print the
# module's path.  The path is outside /tmp so the guest, which sees the
# host's root over 9p but has its own /tmp, can load it.
cx4_test_module() {
	local kdir out
	"$CX4_TOP/tools/testing/build-kernel" >&2 || return 1
	kdir=$("$CX4_TOP/tools/testing/build-kernel" --print-kdir) || return 1
	out=${CX4_BUILD:-$CX4_CACHE/build}/test
	cx4_kbuild "$kdir" "$out" W=1 >&2 || return 1
	echo "$out/drivers/net/ethernet/mellanox/cx4/cx4.ko"
}

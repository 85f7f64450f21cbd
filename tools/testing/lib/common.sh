# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034 # variables for the scripts sourcing this
#
# Helpers shared by the tools/testing scripts.  Source it; do not run it.

CX4_KVER=${CX4_KVER:-6.12}
CX4_CACHE=${CX4_CACHE:-/var/cache/cx4}
CX4_TESTING_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CX4_REPO=$(cd "$CX4_TESTING_DIR/../.." && pwd)
CX4_TOP=$CX4_REPO	# the older name
CX4_JOBS=${CX4_JOBS:-$(nproc)}
# Module builds (test, stock, sparse, compat) of this clone: one directory
# per clone path, so two clones (worktrees) never build over each other.
CX4_BUILD=${CX4_BUILD:-$CX4_CACHE/build/$(printf %s "$CX4_REPO" | md5sum | cut -c1-12)}

cx4_die() {
	echo "${0##*/}: error: $*" >&2
	exit 1
}

cx4_log() {
	echo "${0##*/}: $*" >&2
}

# cx4_hash STRING... -> short sha256 of the arguments (one per line).
cx4_hash() {
	printf '%s\n' "$@" | sha256sum | cut -c1-16
}

cx4_pkg_version() {
	dpkg-query -W -f='${Version}' "$1" 2>/dev/null ||
		cx4_die "package $1 is not installed (run tools/testing/setup)"
}

# Run a command niced.  Builds are long and the machine is shared.
cx4_nice() {
	nice -n 10 "$@"
}

# cx4_linux_src -> prints the path of the pristine extracted
# linux-source-$CX4_KVER tree, extracting it on first use.  Treat the
# result as read-only: the test kernel is built from it with O=.
cx4_linux_src() {
	local ver tarball dir tmp
	ver=$(cx4_pkg_version "linux-source-$CX4_KVER")
	tarball=/usr/src/linux-source-$CX4_KVER.tar.xz
	[ -f "$tarball" ] || cx4_die "$tarball missing (run tools/testing/setup)"
	dir=$CX4_CACHE/src/linux-source-$ver
	if [ ! -f "$dir/.cx4-extracted" ]; then
		cx4_log "extracting $tarball into $dir"
		mkdir -p "$CX4_CACHE/src"
		tmp=$(mktemp -d "$CX4_CACHE/src/.extract.XXXXXX")
		cx4_nice tar -C "$tmp" -xf "$tarball"
		rm -rf "$dir"
		mv "$tmp/linux-source-$CX4_KVER" "$dir"
		rmdir "$tmp"
		touch "$dir/.cx4-extracted"
	fi
	echo "$dir"
}

# cx4_verify_config FRAGMENT DOTCONFIG -> fails loudly when a setting of
# FRAGMENT did not survive olddefconfig.
cx4_verify_config() {
	local frag=$1 dotconfig=$2 line sym want have bad=0
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			sym=${line%%=*}
			want=${line#*=}
			;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			want=n
			;;
		*) continue ;;
		esac
		have=$(grep -E "^$sym=" "$dotconfig" | tail -n1 | cut -d= -f2- || true)
		[ -n "$have" ] || have=n
		if [ "$want" != "$have" ]; then
			echo "config: $sym: fragment wants '$want', got '$have'" >&2
			bad=1
		fi
	done < "$frag"
	[ "$bad" = 0 ] || cx4_die "config fragment $frag did not fully apply (missing dependency?)"
}

# cx4_help: print the calling script's header comment (its usage).
cx4_help() {
	sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"
}

# cx4_prune DIR KEEP: delete the keyed entries DIR/<key> (with their
# DIR/<key>.lock) other than KEEP that nobody used for 7 days and that
# no one holds locked.  The lock file's mtime is the "last used" time.
cx4_prune() {
	local dir=$1 keep=$2 lock entry
	for lock in "$dir"/*.lock; do
		[ -e "$lock" ] || continue
		entry=${lock%.lock}
		[ "${entry##*/}" != "$keep" ] || continue
		[ -n "$(find "$lock" -maxdepth 0 -mtime +7)" ] || continue
		# shellcheck disable=SC2094 # the lock file, not data
		(
			flock -n 8 || exit 0
			cx4_log "pruning unused $entry"
			rm -rf "$entry"
			rm -f "$lock"
		) 8>> "$lock"

	done
}

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
		"$CX4_REPO/Kbuild" "$CX4_REPO/drivers" "$CX4_REPO/include" "$out/" ||
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
	cd "$CX4_REPO" && git ls-files --cached --others --exclude-standard \
		'drivers/*.c' 'drivers/*.h' 'include/*.h'
}

# Build (if needed) the test kernel and cx4.ko against it; print the
# module's path.  The path is outside /tmp so the guest, which sees the
# host's root over 9p but has its own /tmp, can load it.
cx4_test_module() {
	local kdir out
	"$CX4_REPO/tools/testing/build-kernel" >&2 || return 1
	kdir=$("$CX4_REPO/tools/testing/build-kernel" --print-kdir) || return 1
	out=$CX4_BUILD/test
	cx4_kbuild "$kdir" "$out" W=1 >&2 || return 1
	echo "$out/drivers/net/ethernet/mellanox/cx4/cx4.ko"
}

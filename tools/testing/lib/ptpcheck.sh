# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# ptp_check DRIVER (cx4 or mlx5): the PTP checks of vmtests/ptp.sh and
# vmtests/mlx5_ptp.sh on the two cabled functions under DRIVER (see
# ptp.sh for what is checked).  Sourced after vmtests/lib.sh.

ptp_check() {
	PTP_BOUND=${PTP_BOUND:-500000}	# ns (see ptp.sh)
	PTP_STEADY=${PTP_STEADY:-8}	# Sync intervals in a row within the bound
	PTP_WAIT=${PTP_WAIT:-40}	# s, for the lock and the steady state

	command -v ptp4l > /dev/null || fail "no ptp4l (apt-get install linuxptp; tools/testing/setup)"
	pair_up "$1"
	A=$PAIR_A B=$PAIR_B

	# phc_of NETNS IF: the PHC index ethtool -T shows, checking the rest.
	phc_of() {
		local t idx
		t=$(nsx "$1" ethtool -T "$2") || fail "$2: ethtool -T failed"
		for c in hardware-transmit hardware-receive hardware-raw-clock; do
			grep -q "^[[:space:]]*$c" <<<"$t" || fail "$2: ethtool -T lacks $c: $t"
		done
		idx=$(awk -F': ' '/PTP Hardware Clock/ { print $2 }' <<<"$t")
		case $idx in
		'' | none | *[!0-9]*) fail "$2: no PHC index in ethtool -T: $t" ;;
		esac
		# Modes: exactly off/on and none/all.
		awk '/Transmit Timestamp Modes/ { s = 1; next } /Receive Filter Modes/ { s = 2; next }
		     s && NF { m[s] = m[s] " " $1 } END { print m[1] "|" m[2] }' <<<"$t" |
			grep -qx ' off on| none all' || fail "$2: ethtool -T modes: $t"
		echo "$idx"
	}

	PA=$(phc_of "$PAIR_NSA" "$A") || exit 1
	PB=$(phc_of "$PAIR_NSB" "$B") || exit 1
	[ "$PA" != "$PB" ] || fail "both netdevs show PHC $PA"
	[ -c "/dev/ptp$PA" ] || fail "no /dev/ptp$PA"
	log "ethtool -T: $A ptp$PA, $B ptp$PB"

	# 2. SIOCSHWTSTAMP through hwstamp_ctl (ndo_hwtstamp_set or ndo_eth_ioctl).
	out=$(nsx "$PAIR_NSA" hwstamp_ctl -i "$A" -t 1 -r 12 2>&1) || fail "hwstamp_ctl -t 1 -r 12: $out"
	sed -n '/new settings/,$p' <<<"$out" | grep -qx "rx_filter 1" ||
		fail "RX filter 12 not widened to all: $out"
	if out=$(nsx "$PAIR_NSA" hwstamp_ctl -i "$A" -t 2 -r 1 2>&1); then
		fail "one-step TX accepted: $out"
	fi
	nsx "$PAIR_NSA" hwstamp_ctl -i "$A" -t 0 -r 0 > /dev/null || fail "hwstamp_ctl off refused"

	# 3. phc_ctl: set, get, adj, the rate against CLOCK_REALTIME, freq.
	DEV=/dev/ptp$PA
	# phc_get: the PHC's seconds (integer part of "clock time is S.N").
	phc_get() {
		phc_ctl "$DEV" get 2>&1 | sed -n 's/.*clock time is \([0-9]*\)\..*/\1/p'
	}
	# phc_cmp: the PHC's offset from CLOCK_REALTIME in ns (phc_ctl cmp).
	phc_cmp() {
		phc_ctl "$DEV" cmp 2>&1 | sed -n 's/.*offset from CLOCK_REALTIME is \(-\{0,1\}[0-9]*\)ns.*/\1/p'
	}
	now_ns() { date +%s%N; }

	phc_ctl "$DEV" set 1000000 > /dev/null || fail "phc_ctl set failed"
	t=$(phc_get)
	if [ -z "$t" ] || [ "$t" -lt 1000000 ] || [ "$t" -gt 1000010 ]; then
		fail "set 1000000, get $t"
	fi
	phc_ctl "$DEV" adj 10 > /dev/null || fail "phc_ctl adj failed"
	t2=$(phc_get)
	if [ -z "$t2" ] || [ $((t2 - t)) -lt 10 ] || [ $((t2 - t)) -gt 20 ]; then
		fail "adj 10: $t -> $t2"
	fi
	phc_ctl "$DEV" set > /dev/null || fail "phc_ctl set (to CLOCK_REALTIME) failed"

	# rate: the PHC's drift against CLOCK_REALTIME over
	# ~3 s, in % of the time passed (x100 for integer arithmetic: 100 = 1%).
	rate() {
		local o1 o2 w1 w2 d
		o1=$(phc_cmp)
		w1=$(now_ns)
		nap 3
		o2=$(phc_cmp)
		w2=$(now_ns)
		if [ -z "$o1" ] || [ -z "$o2" ]; then
			fail "phc_ctl cmp gave no offset"
		fi
		d=$(((o2 - o1) * 10000 / (w2 - w1)))
		d=${d#-}
		echo "$d"
	}
	r=$(rate) || exit 1
	[ "$r" -lt 100 ] || fail "PHC runs ${r}/100 % off CLOCK_REALTIME (not 1 s a second)"
	phc_ctl "$DEV" freq 50000000 > /dev/null || fail "phc_ctl freq +5% failed"
	r5=$(rate) || exit 1
	phc_ctl "$DEV" freq 0 > /dev/null || fail "phc_ctl freq 0 failed"
	if [ "$r5" -lt 400 ] || [ "$r5" -gt 600 ]; then
		fail "freq +5%: PHC ${r5}/100 % off CLOCK_REALTIME"
	fi
	r0=$(rate) || exit 1
	[ "$r0" -lt 100 ] || fail "freq 0: PHC still ${r0}/100 % off"
	log "phc_ctl: set/get/adj ok; rate off by ${r}/100 %, ${r5}/100 % at freq +5%, ${r0}/100 % after freq 0"

	# 4. ptp4l master (a) and slave (b), hardware timestamps, L2.  A TX
	# timestamp may take up to 1 s (tx_timestamp_timeout, default 1 ms):
	# under TCG on a loaded 2-core host the send completion's interrupt
	# and NAPI poll were once 100 ms late (cx4 on the KASAN test kernel);
	# a timestamp that never comes still times out and fails below.
	CONF=/tmp/ptp.conf
	cat > "$CONF" <<-EOF
	[global]
	logSyncInterval -2
	logAnnounceInterval -2
	logMinDelayReqInterval -2
	announceReceiptTimeout 10
	tx_timestamp_timeout 1000
	summary_interval -2
	sanity_freq_limit 0
	EOF
	SLOG=/tmp/ptp4l-b.log MLOG=/tmp/ptp4l-a.log
	busybox nsenter --net="/run/netns/$PAIR_NSA" -- timeout $((PTP_WAIT + 10)) \
		ptp4l -f "$CONF" -i "$A" -2 -H -m -q --uds_address=/tmp/ptp4l-a \
		--priority1 100 > "$MLOG" 2>&1 &
	MPID=$!
	busybox nsenter --net="/run/netns/$PAIR_NSB" -- timeout $((PTP_WAIT + 10)) \
		ptp4l -f "$CONF" -i "$B" -2 -H -m -q -s --uds_address=/tmp/ptp4l-b \
		> "$SLOG" 2>&1 &
	SPID=$!
	# Called twice (after the lock, and by the EXIT trap): under set -e
	# a kill or wait of ptp4l instances already gone must not fail.
	ptp_stop() {
		kill "$MPID" "$SPID" 2>/dev/null || true
		wait "$MPID" "$SPID" 2>/dev/null || true
	}
	trap 'ptp_stop; pair_cleanup' EXIT

	# steady: PTP_STEADY "master offset N s2" lines in a row with |N| <= bound.
	steady() {
		awk -v b="$PTP_BOUND" -v n="$PTP_STEADY" '
			/master offset/ {
				for (i = 1; i < NF; i++) if ($i == "offset") o = $(i + 1)
				s = ($0 ~ / s2 /)
				if (o < 0) o = -o
				run = (s && o <= b) ? run + 1 : 0
				if (run >= n) { ok = 1; exit }
			}
			END { exit !ok }' "$SLOG"
	}
	start=$SECONDS
	until steady; do
		[ $((SECONDS - start)) -lt "$PTP_WAIT" ] || {
			tail -n 30 "$SLOG" >&2
			echo "--- master:" >&2
			tail -n 10 "$MLOG" >&2
			fail "ptp4l: no $PTP_STEADY syncs in a row locked within $PTP_BOUND ns in $PTP_WAIT s"
		}
		kill -0 "$SPID" 2>/dev/null || { cat "$SLOG" >&2; fail "slave ptp4l exited"; }
		nap 1
	done
	took=$((SECONDS - start))
	ptp_stop
	grep -q "assuming the grand master role\|LISTENING to MASTER\|to MASTER on" "$MLOG" ||
		{ cat "$MLOG" >&2; fail "ptp4l on $A never became master"; }
	! grep -q "timed out while polling for tx timestamp\|FAULTY" "$SLOG" "$MLOG" ||
		{ grep "timed out\|FAULTY" "$SLOG" "$MLOG" >&2; fail "ptp4l: missing TX timestamps or a faulty port"; }
	offs=$(awk '/master offset/ && / s2 / { for (i = 1; i < NF; i++) if ($i == "offset") print $(i + 1) }' \
		"$SLOG" | tail -n "$PTP_STEADY" | tr '\n' ' ')
	delay=$(awk '/path delay/ { for (i = 1; i < NF; i++) if ($i == "delay") d = $(i + 1) } END { print d }' \
		"$SLOG")
	log "ptp4l: locked within $PTP_BOUND ns after ${took} s; last offsets (ns): $offs; path delay $delay ns"
}

#!/bin/bash
# vm: --nics 2 --dev-prop debug-ctl=on
# SPDX-License-Identifier: GPL-2.0
#
# ethtool and devlink on two cabled functions, each in its own network
# namespace, checked against what the device model's port registers
# report (tools/qemu/core/reg.c; the driver caches none of them, so every
# ethtool read below is a fresh PTYS/PAOS/PFCC/PPCNT read of the device):
#  - ksettings: the ConnectX-4 model's 15 protocols (100G CR4/SR4/KR4,
#    50G CR2/KR2, 40G CR4/KR4/SR4, 25G CR/KR/SR, 10G CR/SR/KR, 1000 KX)
#    supported and advertised, 100000Mb/s full duplex on direct-attach
#    copper (the fastest advertised protocol is the operational one);
#  - advertise 25GBase-CR only, then "speed 40000": read back, speed
#    follows, link and pings survive the retrain; restored afterwards;
#  - invalid sets (a mode the port lacks, autoneg off, half duplex, a
#    speed it has no mode for) fail with the driver's message and change
#    nothing;
#  - pause: rx/tx round-trip through PFCC, pause autoneg refused;
#  - -S: per-channel software counters move with N pings; the PPCNT
#    IEEE 802.3 / RFC 2863 / RFC 2819 counters are listed, and so are the
#    standard pause (-I -a) and RMON (--groups rmon) statistics.  The
#    port's transmit counters (tx_packets_phy, tx_prio0_packets,
#    tx_vport_*_packets summed) move by exactly the frames the driver
#    completed (tx<N>_packets, same ethtool -S snapshot), at least N; no
#    PPCNT counter goes backwards (exact moves for frames of known sizes:
#    ethtool_stats.sh);
#  - -r (link retrain) and -t (command interface, register access, link)
#    pass; -t fails its link test (only) while the cable is out;
#  - -m (PMLP + MCIA; netlink, and ioctl for whole dumps, the two
#    compared byte for byte): identifier, vendor
#    name, part number, serial (CX4M + the MAC's last 3 bytes), length,
#    as mlx5_netdev.sh requires of mlx5_core; fails "no module" with
#    the cable out;
#  - --show-fec / --set-fec (PPLM) round trip, unsupported modes refused;
#  - the link-down reason (PDDR): "No cable" with the cable out,
#    "Autoneg, No partner detected" with the peer port down;
#  - devlink dev info: driver, running fw = ethtool -i, board.id.
# No guest error counted by the device, rmmod leaves it clean.
. "$(dirname "$0")/lib.sh"

BB=busybox
N=20

# ethtool link-mode bit numbers (include/uapi/linux/ethtool.h).
mask() {
	local m=0 b
	for b in "$@"; do
		m=$((m | (1 << b)))
	done
	printf '0x%x' "$m"
}
M_1000KX=17 M_10KR=19 M_40KR4=23 M_40CR4=24 M_40SR4=25
M_25CR=31 M_25KR=32 M_25SR=33 M_50CR2=34 M_50KR2=35
M_100KR4=36 M_100SR4=37 M_100CR4=38 M_10CR=42 M_10SR=43
ALL=$(mask $M_1000KX $M_10KR $M_40KR4 $M_40CR4 $M_40SR4 $M_25CR $M_25KR $M_25SR \
	$M_50CR2 $M_50KR2 $M_100KR4 $M_100SR4 $M_100CR4 $M_10CR $M_10SR)
MODES_ALL="1000baseKX/Full
10000baseCR/Full
10000baseKR/Full
10000baseSR/Full
100000baseCR4/Full
100000baseKR4/Full
100000baseSR4/Full
25000baseCR/Full
25000baseKR/Full
25000baseSR/Full
40000baseCR4/Full
40000baseKR4/Full
40000baseSR4/Full
50000baseCR2/Full
50000baseKR2/Full"
MODES_ALL=$(sort <<<"$MODES_ALL")

# Function DP_FA's netdev a in netns cx4a, cabled to b in cx4b; carrier on both.
dp_pair_up
a=$DP_A
ping_ok() {
	nsx cx4a $BB ping -A -c "${1:-2}" -W 5 198.18.0.2 > /dev/null
}
ping_ok || fail "no ping before the ethtool changes"

ea() {
	nsx cx4a ethtool "$@"
}
export ETH_NS=cx4a

# Output checks by the shell itself (a grep started costs 0.3-0.6 s in
# the guest).  has TEXT ERE: a line of TEXT matches ERE (short texts).
has() {
	local l
	while IFS= read -r l; do
		[[ $l =~ $2 ]] && return 0
	done <<<"$1"
	return 1
}

# count TEXT ERE: the number of lines of TEXT that match ERE.
count() {
	local l n=0
	while IFS= read -r l; do
		[[ $l =~ $2 ]] && n=$((n + 1))
	done <<<"$1"
	echo "$n"
}

# fields TEXT: the "KEY: value" lines of TEXT (ethtool's output) into
# F[KEY]=value, both trimmed; one pass, then plain comparisons.
declare -A F
fields() {
	local l k v
	F=()
	while IFS= read -r l; do
		[[ $l == *:* ]] || continue
		k=${l%%:*} v=${l#*:}
		k=${k#"${k%%[![:space:]]*}"} k=${k%"${k##*[![:space:]]}"}
		v=${v#"${v%%[![:space:]]*}"} v=${v%"${v##*[![:space:]]}"}
		F[$k]=$v
	done <<<"$1"
}

# link_detected: prints ethtool's "Link detected" of $a.
link_detected() {
	fields "$(ea "$a")"
	echo "${F[Link detected]-}"
}

# hex_lines TEXT: the "0xOOOO: bytes" lines of an ethtool hex dump in
# TEXT, blanks squeezed to one space, into HEX.
hex_lines() {
	local l w
	HEX=
	while IFS= read -r l; do
		[[ $l =~ ^0x[0-9a-f]{4}: ]] || continue
		read -ra w <<<"$l"
		HEX+="${w[*]}"$'\n'
	done <<<"$1"
}

# --- ksettings as the device reports them -----------------------------------
[ "$(eth_modes "$a" "Supported link modes")" = "$MODES_ALL" ] ||
	fail "$a: supported modes: $(eth_modes "$a" "Supported link modes" | tr '\n' ' ')"
[ "$(eth_modes "$a" "Advertised link modes")" = "$MODES_ALL" ] ||
	fail "$a: advertised modes: $(eth_modes "$a" "Advertised link modes" | tr '\n' ' ')"
[ "$(eth_field "$a" Speed)" = 100000Mb/s ] || fail "$a: speed $(eth_field "$a" Speed)"
[ "$(eth_field "$a" Duplex)" = Full ] || fail "$a: duplex $(eth_field "$a" Duplex)"
[ "$(eth_field "$a" Port)" = "Direct Attach Copper" ] || fail "$a: port $(eth_field "$a" Port)"
[ "$(eth_field "$a" "Supports auto-negotiation")" = Yes ] || fail "$a: autoneg not supported"
[ "$(eth_field "$a" "Auto-negotiation")" = on ] || fail "$a: autoneg $(eth_field "$a" "Auto-negotiation")"
[ "$(eth_field "$a" "Link detected")" = yes ] || fail "$a: no link"
log "$a: 15 modes supported and advertised, 100000Mb/s full, DA"

# --- advertised modes round-trip, speed follows -------------------------------
ea -s "$a" advertise "$(mask $M_25CR)" || fail "$a: advertise 25000baseCR refused"
[ "$(eth_modes "$a" "Advertised link modes")" = "25000baseCR/Full" ] ||
	fail "$a: advertised after set: $(eth_modes "$a" "Advertised link modes" | tr '\n' ' ')"
[ "$(eth_modes "$a" "Supported link modes")" = "$MODES_ALL" ] || fail "$a: supported changed"
wait_for carrier cx4a "$a" || fail "$a: no carrier after the retrain"
[ "$(eth_field "$a" Speed)" = 25000Mb/s ] || fail "$a: speed $(eth_field "$a" Speed), want 25000Mb/s"
ping_ok || fail "no ping at 25G"
ea -s "$a" speed 40000 || fail "$a: speed 40000 refused"
[ "$(eth_modes "$a" "Advertised link modes" | tr '\n' ' ')" = \
  "40000baseCR4/Full 40000baseKR4/Full 40000baseSR4/Full " ] ||
	fail "$a: advertised after speed 40000: $(eth_modes "$a" "Advertised link modes" | tr '\n' ' ')"
wait_for carrier cx4a "$a" || fail "$a: no carrier after speed 40000"
[ "$(eth_field "$a" Speed)" = 40000Mb/s ] || fail "$a: speed $(eth_field "$a" Speed), want 40000Mb/s"
log "$a: advertise 25000baseCR -> 25000Mb/s; speed 40000 -> the 3 40G modes, 40000Mb/s"

# --- invalid sets: refused with a message, nothing changed -----------------------
before=$(eth_modes "$a" "Advertised link modes")
refused() {
	local what=$1 msg=$2 n
	shift 2
	n=$(dmesg_count "$msg")
	! ea -s "$a" "$@" 2>/dev/null || fail "$a: $what accepted"
	[ "$(dmesg_count "$msg")" -gt "$n" ] || fail "$a: $what: no driver message '$msg'"
	[ "$(eth_modes "$a" "Advertised link modes")" = "$before" ] || fail "$a: $what changed advertised modes"
	[ "$(eth_field "$a" Speed)" = 40000Mb/s ] || fail "$a: $what changed the speed"
}
refused "1000baseT/Full (bit 5)" "include modes the port does not support" advertise 0x20
refused "autoneg off" "autoneg off not supported" autoneg off speed 25000 duplex full
refused "half duplex" "duplex 0 not supported" duplex half
refused "speed 56000" "no supported link mode advertised" speed 56000
ping_ok || fail "no ping after the refused sets"
log "$a: 4 invalid sets refused with a message, settings unchanged"

ea -s "$a" advertise "$ALL" || fail "$a: advertise all refused"
[ "$(eth_modes "$a" "Advertised link modes")" = "$MODES_ALL" ] || fail "$a: restore failed"
wait_for carrier cx4a "$a" || fail "$a: no carrier after restoring"
[ "$(eth_field "$a" Speed)" = 100000Mb/s ] || fail "$a: speed $(eth_field "$a" Speed) after restoring"

# --- pause (PFCC) -----------------------------------------------------------------
pause() {
	ea -a "$a" | awk '$1 == "RX:" { rx = $2 } $1 == "TX:" { tx = $2 }
		$1 == "Autonegotiate:" { an = $2 } END { print an, rx, tx }'
}
[ "$(pause)" = "off off off" ] || fail "$a: initial pause $(pause)"
ea -A "$a" rx on tx on || fail "$a: pause on refused"
[ "$(pause)" = "off on on" ] || fail "$a: pause after rx/tx on: $(pause)"
ea -A "$a" rx off || fail "$a: rx pause off refused"
[ "$(pause)" = "off off on" ] || fail "$a: pause after rx off: $(pause)"
! ea -A "$a" autoneg on 2>/dev/null || fail "$a: pause autoneg accepted"
[ "$(pause)" = "off off on" ] || fail "$a: refused pause autoneg changed pause: $(pause)"
[ "$(dmesg_count "$a: pause autonegotiation not supported")" -ge 1 ] ||
	fail "$a: no message for pause autoneg"
ea -A "$a" tx off || fail "$a: tx pause off refused"
[ "$(pause)" = "off off off" ] || fail "$a: pause after tx off: $(pause)"
ping_ok || fail "no ping after the pause changes"
log "$a: pause rx/tx round-trip, autoneg refused"

# --- counters -----------------------------------------------------------------------
sw_sum() {
	ea -S "$a" | awk -v k="$1" '$1 ~ "^"k":$" { s += $2 } END { print s + 0 }'
}
# Port transmit counters vs the driver's completions, in one snapshot:
# their difference must not change (every completed frame left the port).
tx_gap() {
	ea -S "$a" | awk '$1 ~ /^tx[0-9]+_packets:$/ { sw += $2 }
		$1 == "tx_packets_phy:" { p = $2 }
		$1 == "tx_prio0_packets:" { q = $2 }
		$1 ~ /^tx_vport_(unicast|multicast|broadcast)_packets:$/ { v += $2 }
		END { print p - sw, q - sw, v - sw }'
}
gap_is() {
	[ "$(tx_gap)" = "$1" ]
}
tx0=$(sw_sum 'tx[0-9]+_packets')
rx0=$(sw_sum 'rx[0-9]+_packets')
declare -A ppc0
PPCNT_TX="tx_packets_phy if_out_ucast_pkts"
for c in $PPCNT_TX rx_packets_phy if_in_octets ether_pkts \
	 rx_64_bytes_phy rx_8192_to_10239_bytes_phy \
	 tx_pause_ctrl_phy; do
	ppc0[$c]=$(eth_stat "$a" "$c")
done
[ "$(eth_stat "$a" port_bad_answers)" = 0 ] || fail "$a: port register answers rejected"
# A frame in flight shows in one counter before the other: take two equal
# readings in a row.
gap_stable() {
	gap0=$(tx_gap)
	gap_is "$gap0"
}
wait_for gap_stable || fail "$a: tx counters keep moving: $(tx_gap)"
ping_ok $N || fail "$N pings failed"
tx1=$(sw_sum 'tx[0-9]+_packets')
rx1=$(sw_sum 'rx[0-9]+_packets')
[ $((tx1 - tx0)) -ge $N ] || fail "$a: software tx packets $tx0 -> $tx1 after $N pings"
[ $((rx1 - rx0)) -ge $N ] || fail "$a: software rx packets $rx0 -> $rx1 after $N pings"
moved=0
for c in "${!ppc0[@]}"; do
	v=$(eth_stat "$a" "$c")
	[ "$v" -ge "${ppc0[$c]}" ] || fail "$a: PPCNT $c went back: ${ppc0[$c]} -> $v"
	[ "$v" = "${ppc0[$c]}" ] || moved=$((moved + 1))
done
wait_for gap_is "$gap0" ||
	fail "$a: port/vport tx counters minus driver tx packets: $gap0 before $N pings, $(tx_gap) after"
for c in $PPCNT_TX; do
	v=$(eth_stat "$a" "$c")
	d=$((v - ${ppc0[$c]}))
	[ "$d" -ge $N ] || fail "$a: PPCNT $c moved by $d for $N pings"
done
# Standard groups from PPCNT: pause frames (IEEE 802.3), RMON (RFC 2819).
out=$(ea -I -a "$a") || fail "$a: ethtool -I -a failed"
grep -qE "tx_pause_frames: [0-9]+" <<<"$out" && grep -qE "rx_pause_frames: [0-9]+" <<<"$out" ||
	fail "$a: no pause statistics: $out"
out=$(ea -S "$a" --groups rmon) || fail "$a: ethtool -S --groups rmon failed"
grep -qE "etherStatsUndersizePkts: [0-9]+" <<<"$out" &&
	grep -qE "etherStatsPkts65to127Octets: [0-9]+" <<<"$out" ||
	fail "$a: no RMON statistics: $out"
log "$a: software counters +$((tx1 - tx0)) tx / +$((rx1 - rx0)) rx for $N pings; port and vport tx counters moved exactly as the driver's; $moved PPCNT counters moved"

# --- link retrain, self-test ------------------------------------------------------------
ea -r "$a" || fail "$a: ethtool -r failed"
wait_for carrier cx4a "$a" || fail "$a: no carrier after ethtool -r"
ping_ok || fail "no ping after ethtool -r"
out=$(ea -t "$a") || fail "$a: ethtool -t failed: $out"
grep -q "The test result is PASS" <<<"$out" || fail "$a: self-test: $out"
for t in "command interface" "register access" "link"; do
	grep -qE "^$t \\(online\\)[[:space:]]+0$" <<<"$out" || fail "$a: self-test '$t': $out"
done
ctl_set "$DP_FA" link 0
wait_for eval "! carrier cx4a $a" || fail "$a: carrier stays on with the cable out"
out=$(ea -t "$a") || true
grep -q "The test result is FAIL" <<<"$out" || fail "$a: self-test passed with the cable out: $out"
grep -qE "^link \\(online\\)[[:space:]]+1$" <<<"$out" || fail "$a: link test did not fail: $out"
grep -qE "^register access \\(online\\)[[:space:]]+0$" <<<"$out" || fail "$a: register test failed: $out"
# The link-down reason (PDDR) and the module (MCIA: not connected).
ld=$(link_detected)
[ "$ld" = "no (No cable)" ] || fail "$a: cable out: Link detected '$ld'"
! out=$(ea -m "$a" 2>&1) || fail "$a: ethtool -m passed with the cable out: $out"
has "$out" "no module in the port" || fail "$a: ethtool -m with the cable out: $out"
ctl_set "$DP_FA" link 1
wait_for carrier cx4a "$a" || fail "$a: no carrier after link 1"
ea -t "$a" > /dev/null || fail "$a: self-test fails after the cable is back"
log "$a: ethtool -r, and ethtool -t passes (link test fails with the cable out)"

# --- module EEPROM, FEC, link-down reason (PMLP/MCIA, PPLM, PDDR) -------------
# Each ethtool started costs ~1 s in the guest: one of each kind, the
# output checked by the shell itself (has, hex_lines).
# What mlx5_netdev.sh requires of mlx5_core on the same model.
if [ "$(< "/sys/bus/pci/devices/$DP_FA/device")" = 0x1015 ]; then
	id="0x03 (SFP)" id_hex=03 pn=CX4-DAC-25G-1M vname=0x0010 half=0
else
	id="0x11 (QSFP28)" id_hex=11 pn=CX4-DAC-100G-1M vname=0x0090 half=128
fi
# The serial: CX4M + the last 3 bytes of the port's MAC (the netdev's
# address: nothing here changes it from the permanent one).
mac=$(ns_read cx4a "class/net/$a/address") || fail "$a: no address"
mac=${mac//:/}
sn=CX4M${mac:6:6}
sn=${sn^^}
# Decoded (netlink: get_module_eeprom_by_page).
out=$(ea -m "$a") || fail "$a: ethtool -m failed"
fields "$out"
[ "${F[Identifier]-}" = "$id" ] || fail "$a: ethtool -m: identifier, want $id: $out"
[ "${F[Vendor name]-}" = "cx4 model" ] || fail "$a: ethtool -m: vendor name: $out"
[ "${F[Vendor PN]-}" = "$pn" ] || fail "$a: ethtool -m: part number, want $pn: $out"
[ "${F[Vendor SN]-}" = "$sn" ] || fail "$a: ethtool -m: serial, want $sn: $out"
# "Length (Copper or Active cable)" (SFF-8636), "Length (Copper)" (SFF-8079).
len=
for k in "${!F[@]}"; do
	[[ $k != "Length (Copper"* ]] || len=${F[$k]}
done
[ "$len" = 1m ] || fail "$a: ethtool -m: cable length '$len': $out"
# The whole hex dump, which ethtool asks by ioctl (get_module_info +
# get_module_eeprom): 256 bytes of page 00h (flat memory / no A2h), in
# ethtool's linear layout = the two half pages read by netlink (a page
# argument: ethtool dumps it in hex; 3 MCIA reads each, 48 + 48 + 32),
# byte for byte.
out=$(ea -m "$a" hex on) || fail "$a: ethtool -m hex on failed"
hex_lines "$out"
ioctl=$HEX
has "$ioctl" "^0x0000: $id_hex " && has "$ioctl" "^0x00f0: " ||
	fail "$a: ethtool -m hex on: $out"
lines=${ioctl//[^$'\n']/}
[ ${#lines} = 16 ] || fail "$a: ethtool -m hex on: ${#lines} lines of 16 bytes, want 16: $out"
out=$(ea -m "$a" page 0 offset 0 length 128 && ea -m "$a" page 0 offset 128 length 128) ||
	fail "$a: ethtool -m page 0 failed"
hex_lines "$out"
[ "$HEX" = "$ioctl" ] || fail "$a: ethtool -m: ioctl and netlink bytes differ: ioctl $ioctl netlink $HEX"
# The vendor name, in the half page at $half.
has "$HEX" "^$vname: .*63 78 34 20 6d 6f 64 65 6c" || fail "$a: ethtool -m page 0 offset $half: $HEX"
log "$a: ethtool -m: identifier $id_hex, vendor cx4 model, PN $pn, SN $sn; ioctl and netlink bytes agree"

# FEC: the port's choice at 100G is RS; off, rs, baser (not at 100G: RS
# stays active) and back to auto; each change retrains the link.
fec_is() {
	local out
	out=$(ea --show-fec "$a") || fail "$a: ethtool --show-fec failed"
	fields "$out"
	# "Supported/Configured FEC encodings" (ethtool 6.1), or without the
	# "Supported/".
	[[ ${F[Supported/Configured FEC encodings]-${F[Configured FEC encodings]-}} =~ ^($1)$ ]] &&
		[[ ${F[Active FEC encoding]-} =~ ^($2)$ ]] ||
		fail "$a: FEC not configured $1 / active $2: $out"
}
set_fec() {
	ea --set-fec "$a" encoding "$@" || fail "$a: --set-fec $* refused"
	wait_for carrier cx4a "$a" || fail "$a: no carrier after --set-fec $*"
}
# The driver's messages for the refused modes (one grep for both).
fec_refusals() {
	busybox dmesg | grep -E "$a: FEC encoding '(llrs|auto rs)' not supported" || true
}
fec_is Auto RS
set_fec off
fec_is "Off|None" "Off|None"
set_fec rs
fec_is "Auto RS" RS
set_fec baser
msgs0=$(fec_refusals)
for bad in llrs "auto rs"; do
	! ea --set-fec "$a" encoding $bad 2>/dev/null || fail "$a: --set-fec $bad accepted"
done
msgs1=$(fec_refusals)
for bad in llrs "auto rs"; do
	[ "$(count "$msgs1" "'$bad'")" -gt "$(count "$msgs0" "'$bad'")" ] ||
		fail "$a: --set-fec $bad: no driver message"
done
# baser took, and the refused requests changed nothing.
fec_is "Auto BaseR" RS
set_fec auto
fec_is Auto RS
ping_ok || fail "no ping after the FEC changes"
log "$a: FEC auto (RS active), off, rs, baser, auto round trip; llrs and 'auto rs' refused"

# The peer down: no partner (what mlx5_core shows too).
nsx cx4b busybox ip link set "$DP_B" down || fail "$DP_B: down failed"
wait_for eval "! carrier cx4a $a" || fail "$a: carrier stays on with $DP_B down"
ld=$(link_detected)
[ "$ld" = "no (Autoneg, No partner detected)" ] || fail "$a: peer down: Link detected '$ld'"
nsx cx4b busybox ip link set "$DP_B" up || fail "$DP_B: up failed"
wait_for carrier cx4a "$a" || fail "$a: no carrier with $DP_B up again"
ld=$(link_detected)
[ "$ld" = yes ] || fail "$a: Link detected '$ld'"
ping_ok || fail "no ping after $DP_B down/up"
log "$a: Link detected: no (No cable) with the cable out, no (Autoneg, No partner detected) with $DP_B down"

# --- driver info, devlink ------------------------------------------------------------
fw=$(ea -i "$a" | sed -n 's/^firmware-version: //p')
[ -n "$fw" ] || fail "$a: no firmware version in ethtool -i"
info=$(devlink dev info "pci/$DP_FA") || fail "devlink dev info failed"
grep -qE "^[[:space:]]*driver cx4$" <<<"$info" || fail "devlink: no driver: $info"
running=$(awk '/running:/ { r = 1; next } /fixed:|stored:/ { r = 0 }
	r && $1 == "fw" { print $2 }' <<<"$info")
[ "$running" = "$fw" ] || fail "devlink running fw '$running', ethtool -i says $fw: $info"
grep -qE "^[[:space:]]*board.id MT_[0-9]+$" <<<"$info" || fail "devlink: no board.id: $info"
log "devlink dev info: driver cx4, running fw $fw, $(grep -o 'board.id .*' <<<"$info")"

[ "$(eth_stat "$a" port_bad_answers)" = 0 ] || fail "$a: port register answers rejected"
unset ETH_NS
dp_cleanup
rmmod cx4
assert_device_clean
log "ethtool ksettings, pause, -S, -r, -t and devlink dev info on the emulated port"

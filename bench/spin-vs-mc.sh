#!/usr/bin/env bash
# SPIN vs mc on Dijkstra's K-state token ring (central daemon, every one of
# the K^N configurations is a possible start).  See bench/README.md.
#
#   bench/spin-vs-mc.sh [N [K]]        or   N=8 K=6 bench/spin-vs-mc.sh
#
# Env knobs: OUT (work dir, kept for the logs and the counterexample trail),
# DEPTH (pan -m), W (pan -w), MEMLIM_MB (pan -DMEMLIM).
set -euo pipefail

N=${1:-${N:-8}}
K=${2:-${K:-8}}
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$BENCH")
OUT=${OUT:-$(mktemp -d "/tmp/spin-vs-mc.N$N.K$K.XXXXXX")}
mkdir -p "$OUT"

die() { echo "spin-vs-mc: FATAL: $*" >&2; exit 2; }
[[ $N =~ ^[0-9]+$ && $K =~ ^[0-9]+$ && $N -ge 2 && $K -ge 2 ]] || die "need integers N>=2, K>=2 (got N=$N K=$K)"
(( K <= 256 )) || die "K must fit in a Promela byte"

# ---------------------------------------------------------------- tools
apt_install() {	# the bench machine is a fresh Debian box where we are root
	[[ -n ${APT_UPDATED:-} ]] || { apt-get update -qq; APT_UPDATED=1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
command -v spin >/dev/null || apt_install spin
[[ -x /usr/bin/time ]] || apt_install time
command -v gcc >/dev/null || apt_install gcc

# --------------------------------------------------------------- model
# Promela cannot unroll "for each machine" into separate transitions, so the
# per-machine parts of the template are generated here.
gen_model() {
	local i v PRIVSUM='(x[0] == x[N-1])' INIT='' MOVES
	for ((i = 1; i < N; i++)); do PRIVSUM+=" + (x[$i] != x[$((i-1))])"; done
	for ((i = 0; i < N; i++)); do
		INIT+=$'\t\tif\n'
		for ((v = 0; v < K; v++)); do INIT+=$'\t\t:: x['$i'] = '$v$'\n'; done
		INIT+=$'\t\tfi;\n'
	done
	MOVES=$'\t:: d_step { x[0] == x[N-1] -> x[0] = (x[0] + 1) % K }'
	for ((i = 1; i < N; i++)); do
		MOVES+=$'\n\t:: d_step { x['$i'] != x['$((i-1))'] -> x['$i'] = x['$((i-1))'] }'
	done
	# ENVIRON, not awk -v, so the values arrive verbatim (no escape processing).
	PRIVSUM=$PRIVSUM INIT=${INIT%$'\n'} MOVES=$MOVES awk -v n="$N" -v k="$K" '
		$0 == "@INIT@"  { print ENVIRON["INIT"]; next }
		$0 == "@MOVES@" { print ENVIRON["MOVES"]; next }
		{ gsub(/@N@/, n); gsub(/@K@/, k); gsub(/@PRIVSUM@/, ENVIRON["PRIVSUM"]); print }
	' "$BENCH/spin/dijkstra.pml.in"
}

# ---------------------------------------------------------------- sizes
CONFIGS=$(awk -v n="$N" -v k="$K" 'BEGIN { printf "%.0f", k ^ n }')
# Hash table: about one slot per state.  Bigger tables only cost cache misses
# here, smaller ones long chains.  Above 2^30 slots the table alone is 8 GB.
if [[ -z ${W:-} ]]; then
	W=$(awk -v c="$CONFIGS" 'BEGIN { w = 0; while (2 ^ w <= c) w++; print (w < 18 ? 18 : (w > 30 ? 30 : w)) }')
fi
# The DFS here stays shallow (depth 71 / 122 for N=K=8: a start plus its
# run to the legitimate set); 1e5 is ample at ~5 MB of stack, and truncation
# is detected below anyway.
DEPTH=${DEPTH:-100000}
# Let pan stop cleanly with "reached -DMEMLIM bound" before the kernel's OOM
# killer would; leave 10% of what is free for the rest of the machine.
MEMLIM_MB=${MEMLIM_MB:-$(awk '/MemAvailable/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)}

# Exact search (no BITSTATE / HC / COLLAPSE: COLLAPSE measured 2x slower and
# bigger on this 12-byte vector).  NOREDUCE: one process, so partial-order
# reduction cannot prune anything.  NOFAIR: we never ask for -f.
# NOBOUNDCHECK: every array index in the model is a constant.
CFLAGS=(-O2 -DMEMLIM="$MEMLIM_MB" -DNOREDUCE -DNOFAIR -DNOBOUNDCHECK)

# --------------------------------------------------------------- SPIN
cd "$OUT"
gen_model > dijkstra.pml
t0=$(date +%s.%N)
spin -a dijkstra.pml > spin-a.log 2>&1 || { cat spin-a.log; die "spin -a failed"; }
gcc "${CFLAGS[@]}" -DSAFETY -DNOCLAIM -o pan-enumerate pan.c 2> gcc-enumerate.log || { cat gcc-enumerate.log; die "gcc failed"; }
gcc "${CFLAGS[@]}" -o pan-cycle pan.c 2> gcc-cycle.log || { cat gcc-cycle.log; die "gcc failed"; }
BUILD_S=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')

# run_pan MODE ARGS...: leaves MODE.log and MODE.time ("secs rss_kb")
run_pan() {
	local mode=$1; shift
	echo "running: $OUT/pan-$mode $*" >&2
	/usr/bin/time -f '%e %M' -o "$mode.time" "./pan-$mode" "$@" > "$mode.log" 2>&1 || true
	# A truncated or memory-starved search would make the numbers meaningless.
	if grep -qE 'max search depth too small|out of memory|reached -DMEMLIM bound|VECTORSZ' "$mode.log"; then
		grep -v '^Depth=' "$mode.log" >&2
		die "pan ($mode) did not complete an exact search; see $OUT/$mode.log"
	fi
	grep -q 'errors:' "$mode.log" || { cat "$mode.log" >&2; die "pan ($mode) crashed"; }
}
stored() { awk '/states, stored/ { print $1; exit }' "$1.log"; }

# enumerate: plain reachability.  Any error (e.g. an invalid end state =
# a configuration with no privileged machine) means the model is wrong.
run_pan enumerate -m"$DEPTH" -w"$W"
grep -q 'errors: 0' enumerate.log || { grep -v '^Depth=' enumerate.log >&2; die "enumerate reported errors"; }
[[ $(stored enumerate) == $((CONFIGS + 1)) ]] ||
	echo "spin-vs-mc: WARNING: SPIN stored $(stored enumerate) states, expected K^N+1 = $((CONFIGS + 1))" >&2

# cycle: -a looks for an accepting cycle of the never claim, i.e. an infinite
# daemon run that never reaches a legitimate configuration.
run_pan cycle -a -m"$DEPTH" -w"$W"
if grep -q 'acceptance cycle' cycle.log; then
	SPIN_CONV=violated
elif grep -q 'errors: 0' cycle.log; then
	SPIN_CONV=holds
else
	grep -v '^Depth=' cycle.log >&2; die "cycle run reported an unexpected error"
fi

# ----------------------------------------------------------------- mc
MC_STATUS=skipped MC_S=- MC_KB=- MC_STATES=-
if (cd "$ROOT" && go build -o /tmp/mc-bench ./cmd/mc) > mc-build.log 2>&1; then
	echo "running: /tmp/mc-bench check dijkstra --param n=$N --param K=$K ..." >&2
	rc=0
	/usr/bin/time -f '%e %M' -o mc.time /tmp/mc-bench check dijkstra --param n="$N" --param K="$K" \
		--daemon central --fairness unfair --check closure,convergence,worst-case --json > mc.log 2>&1 || rc=$?
	read -r MC_S MC_KB < <(tail -n1 mc.time)
	case $rc in
		0) MC_STATUS=holds ;;
		1) MC_STATUS=violated ;;
		*) MC_STATUS="error(rc=$rc)"; echo "spin-vs-mc: mc failed, see $OUT/mc.log" >&2 ;;
	esac
	# The only numeric "states" field of the JSON is stats.states (trace states are arrays).
	MC_STATES=$(grep -oE '"states": [0-9]+' mc.log | head -1 | tr -dc '0-9')
	MC_STATES=${MC_STATES:--}
else
	echo "spin-vs-mc: mc did not build (see $OUT/mc-build.log); skipping mc" >&2
fi

# --------------------------------------------------------------- table
ratio() {	# SPIN seconds / mc seconds
	awk -v s="$1" -v m="$MC_S" 'BEGIN { if (m == "-") print "-"; else if (m + 0 == 0) print "n/a"; else printf "%.2f", s / m }'
}
# tail: on a non-zero exit, time puts "Command exited..." on a line before.
read -r E_S E_KB < <(tail -n1 enumerate.time)
read -r C_S C_KB < <(tail -n1 cycle.time)
echo
echo "Dijkstra K-state ring, N=$N K=$K, central daemon, $CONFIGS initial configurations"
echo "SPIN $(spin -V | awk '{print $3}'), pan -w$W -m$DEPTH, gcc ${CFLAGS[*]}; pan build ${BUILD_S}s (not timed below)"
printf '%-5s %-22s %9s %10s %12s %-14s %s\n' tool mode seconds peak_RSS states result spin/mc
printf '%-5s %-22s %9s %10s %12s %-14s %s\n' spin "enumerate (safety)" "$E_S" "$((E_KB / 1024)) MB" "$(stored enumerate)" reachable "$(ratio "$E_S")"
printf '%-5s %-22s %9s %10s %12s %-14s %s\n' spin "cycle (-a, <>legit)" "$C_S" "$((C_KB / 1024)) MB" "$(stored cycle)" "$SPIN_CONV" "$(ratio "$C_S")"
if [[ $MC_KB == - ]]; then MC_RSS=-; else MC_RSS="$((MC_KB / 1024)) MB"; fi
printf '%-5s %-22s %9s %10s %12s %-14s %s\n' mc "closure,conv,worst" "$MC_S" "$MC_RSS" "$MC_STATES" "$MC_STATUS" ""
echo "logs: $OUT  (replay a SPIN counterexample: cd $OUT && spin -t -p dijkstra.pml)"

# Both tools decide convergence of the same model: a disagreement is a bug.
if [[ $MC_STATUS == holds || $MC_STATUS == violated ]] && [[ $MC_STATUS != "$SPIN_CONV" ]]; then
	echo "spin-vs-mc: DISAGREE: SPIN says convergence $SPIN_CONV, mc says $MC_STATUS" >&2
	exit 3
fi

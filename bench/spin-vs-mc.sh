#!/usr/bin/env bash
# SPIN vs mc on Dijkstra's K-state token ring (central daemon, every one of the K^N
# configurations a possible start), interleaved, several runs, medians and ratios.
# See bench/README.md.
#
#   bench/spin-vs-mc.sh                 N = 7 and 8 (K = N), RUNS=3
#   bench/spin-vs-mc.sh 8               one size
#   RUNS=5 K=6 bench/spin-vs-mc.sh 8    K = N-2: does not stabilize
#
# Env knobs: RUNS, K (default N), OUT (work dir, kept for the logs and any counterexample
# trail), DEPTH (pan -m), W (pan -w), MEMLIM_MB (pan -DMEMLIM), MC (an mc binary instead of
# building ./cmd/mc).
set -euo pipefail

SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(7 8)
RUNS=${RUNS:-3}
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$BENCH")
OUT=${OUT:-$(mktemp -d /tmp/spin-vs-mc.XXXXXX)}
mkdir -p "$OUT"

die() { echo "spin-vs-mc: FATAL: $*" >&2; exit 2; }
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer"

# ---------------------------------------------------------------- tools
apt_install() {	# the bench machine is a fresh Debian box where we are root
	[[ -n ${APT_UPDATED:-} ]] || { apt-get update -qq; APT_UPDATED=1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
command -v spin >/dev/null || apt_install spin
[[ -x /usr/bin/time ]] || apt_install time
command -v gcc >/dev/null || apt_install gcc
MC=${MC:-$OUT/mc}
if [[ $MC == "$OUT/mc" ]]; then
	(cd "$ROOT" && go build -o "$MC" ./cmd/mc) || die "go build ./cmd/mc failed"
fi

# --------------------------------------------------------------- model
# Promela cannot unroll "for each machine" into separate transitions, so the per-machine
# parts of the template are generated here.
gen_model() {	# N K
	local n=$1 k=$2 i v PRIVSUM='(x[0] == x[N-1])' INIT='' MOVES
	for ((i = 1; i < n; i++)); do PRIVSUM+=" + (x[$i] != x[$((i-1))])"; done
	for ((i = 0; i < n; i++)); do
		INIT+=$'\t\tif\n'
		for ((v = 0; v < k; v++)); do INIT+=$'\t\t:: x['$i'] = '$v$'\n'; done
		INIT+=$'\t\tfi;\n'
	done
	MOVES=$'\t:: d_step { x[0] == x[N-1] -> x[0] = (x[0] + 1) % K }'
	for ((i = 1; i < n; i++)); do
		MOVES+=$'\n\t:: d_step { x['$i'] != x['$((i-1))'] -> x['$i'] = x['$((i-1))'] }'
	done
	# ENVIRON, not awk -v, so the values arrive verbatim (no escape processing).
	PRIVSUM=$PRIVSUM INIT=${INIT%$'\n'} MOVES=$MOVES awk -v n="$n" -v k="$k" '
		$0 == "@INIT@"  { print ENVIRON["INIT"]; next }
		$0 == "@MOVES@" { print ENVIRON["MOVES"]; next }
		{ gsub(/@N@/, n); gsub(/@K@/, k); gsub(/@PRIVSUM@/, ENVIRON["PRIVSUM"]); print }
	' "$BENCH/spin/dijkstra.pml.in"
}

# build_pan DIR N K: the two verifiers of one size (not timed).
build_pan() {
	local dir=$1 n=$2 k=$3 configs w
	configs=$(awk -v n="$n" -v k="$k" 'BEGIN { printf "%.0f", k ^ n }')
	# Hash table: about one slot per state; bigger tables only cost cache misses here,
	# smaller ones long chains. Above 2^30 slots the table alone is 8 GB.
	w=${W:-$(awk -v c="$configs" 'BEGIN { w = 0; while (2 ^ w <= c) w++; print (w < 18 ? 18 : (w > 30 ? 30 : w)) }')}
	# Exact search (no BITSTATE / HC / COLLAPSE: COLLAPSE measured 2x slower and bigger on
	# this 12-byte vector). NOREDUCE: one process, nothing for partial order to prune.
	# NOFAIR: we never ask for -f. NOBOUNDCHECK: every array index is a constant. MEMLIM:
	# pan stops cleanly before the kernel's OOM killer would.
	local memlim=${MEMLIM_MB:-$(awk '/MemAvailable/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)}
	local cflags=(-O2 -DMEMLIM="$memlim" -DNOREDUCE -DNOFAIR -DNOBOUNDCHECK)
	mkdir -p "$dir"
	(
		cd "$dir"
		gen_model "$n" "$k" >dijkstra.pml
		spin -a dijkstra.pml >spin-a.log 2>&1 || { cat spin-a.log; die "spin -a failed"; }
		gcc "${cflags[@]}" -DSAFETY -DNOCLAIM -o pan-enumerate pan.c 2>gcc.log || { cat gcc.log; die "gcc failed"; }
		gcc "${cflags[@]}" -o pan-cycle pan.c 2>>gcc.log || { cat gcc.log; die "gcc failed"; }
	)
	echo "$w $configs"
}

# ------------------------------------------------------------ one run
# Each run leaves NAME.I.log and NAME.I.time ("wall rss_kb") in the size's directory and
# prints "wall rss_kb states verdict".
run_pan() {	# DIR MODE I W
	local dir=$1 mode=$2 i=$3 w=$4 log=$1/$2.$3
	local args=(-m"${DEPTH:-100000}" -w"$w")
	[[ $mode == cycle ]] && args=(-a "${args[@]}")
	(cd "$dir" && /usr/bin/time -f '%e %M' -o "$log.time" "./pan-$mode" "${args[@]}" >"$log.log" 2>&1) || true
	# A truncated or memory-starved search would make the numbers meaningless.
	if grep -qE 'max search depth too small|out of memory|reached -DMEMLIM bound|VECTORSZ' "$log.log"; then
		die "pan ($mode) did not complete an exact search; see $log.log"
	fi
	grep -q 'errors:' "$log.log" || die "pan ($mode) crashed; see $log.log"
	local verdict=reachable
	if [[ $mode == cycle ]]; then
		if grep -q 'acceptance cycle' "$log.log"; then verdict=violated
		elif grep -q 'errors: 0' "$log.log"; then verdict=holds
		else die "pan (cycle) reported an unexpected error; see $log.log"; fi
	else
		grep -q 'errors: 0' "$log.log" || die "pan (enumerate) reported errors: the model is wrong; see $log.log"
	fi
	echo "$(tail -n1 "$log.time") $(awk '/states, stored/ { print $1; exit }' "$log.log") $verdict"
}

run_mc() {	# DIR MODE I N K
	local dir=$1 mode=$2 i=$3 n=$4 k=$5 log=$1/$2.$3 extra=() rc=0
	[[ $mode == mc-hashed ]] && extra=(--hashed)
	/usr/bin/time -f '%e %M' -o "$log.time" "$MC" check dijkstra -p n="$n" -p K="$k" --daemon central \
		--fairness unfair --check closure,convergence,worst-case "${extra[@]}" --json >"$log.log" 2>"$log.err" || rc=$?
	local verdict
	case $rc in
		0) verdict=holds ;;
		1) verdict=violated ;;
		*) die "mc failed (exit $rc); see $log.err" ;;
	esac
	local states explore
	states=$(grep -oE '"states": [0-9]+' "$log.log" | head -1 | tr -dc '0-9')
	explore=$(grep -oE '"explore_seconds": [0-9.e+-]+' "$log.log" | head -1 | awk '{ print $2 }' || true)
	echo "$(tail -n1 "$log.time") $states $verdict ${explore:--}"
}

# --------------------------------------------------------------- table
# median of the numbers on stdin, "-" for none (a time too short to measure gives none).
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.10g\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
num() { if [[ $2 == - ]]; then echo -; else printf "$1" "$2"; fi; }	# FORMAT VALUE
col() { awk -v c="$1" '{ print $c }'; }	# column c of every line on stdin

MODES=(spin-enumerate spin-cycle mc-dense mc-hashed)
echo "SPIN $(spin -V | awk '{ print $3 }'), gcc -O2; mc $("$MC" --version | awk '{ print $NF }'); $RUNS runs of each, interleaved; logs in $OUT"
for n in "${SIZES[@]}"; do
	k=${K:-$n}
	[[ $n =~ ^[0-9]+$ && $k =~ ^[0-9]+$ && $n -ge 2 && $k -ge 2 && $k -le 256 ]] || die "need integers N>=2, 2<=K<=256 (got N=$n K=$k)"
	dir=$OUT/n$n.K$k
	read -r w configs < <(build_pan "$dir" "$n" "$k")
	for i in $(seq "$RUNS"); do
		for mode in "${MODES[@]}"; do
			echo "run $i/$RUNS: $mode n=$n K=$k" >&2
			case $mode in
				spin-*) run_pan "$dir" "${mode#spin-}" "$i" "$w" ;;
				mc-*) run_mc "$dir" "$mode" "$i" "$n" "$k" ;;
			esac >>"$dir/$mode.rows"
		done
	done
	echo
	echo "Dijkstra K-state ring, n=$n, K=$k, central daemon, $configs initial configurations (pan -w$w)"
	printf '%-15s %9s %9s %12s %-10s %12s %13s\n' run "median s" "MiB" states verdict "states/s" "spin enum s / this"
	# The ratios are taken run by run (run i of SPIN's enumeration over run i of this), then
	# their median: interleaved pairs see the same machine load.
	for mode in "${MODES[@]}"; do
		rows=$dir/$mode.rows
		secs=$(col 1 <"$rows" | median)
		mib=$(col 2 <"$rows" | median | awk '{ printf "%.0f", $1 / 1024 }')
		states=$(col 3 <"$rows" | head -1)
		verdict=$(col 4 <"$rows" | sort -u | paste -sd/)
		# The rate of an exploration: SPIN's whole run, mc's hashed exploration phase when
		# it reports one, else its whole run (the dense store has no separate exploration).
		rate=$(paste <(col 1 <"$rows") <(col 5 <"$rows") | awk -v s="$states" '{ t = ($2 != "" && $2 != "-") ? $2 : $1; if (t > 0) printf "%.0f\n", s / t }' | median)
		ratio=$(paste <(col 1 <"$dir/spin-enumerate.rows") <(col 1 <"$rows") | awk '$2 > 0 { printf "%.2f\n", $1 / $2 }' | median)
		printf '%-15s %9s %9s %12s %-10s %12s %13s\n' "$mode" "$(num %.2f "$secs")" "$mib" "$states" "$verdict" \
			"$(num %.0f "$rate")" "$(num %.2f "$ratio")"
	done
	# Both tools decide convergence of the same model: a disagreement is a bug.
	spin_says=$(col 4 <"$dir/spin-cycle.rows" | sort -u)
	for mode in mc-dense mc-hashed; do
		mc_says=$(col 4 <"$dir/$mode.rows" | sort -u)
		[[ $mc_says == "$spin_says" ]] || { echo "spin-vs-mc: DISAGREE: SPIN says convergence $spin_says, $mode says $mc_says" >&2; exit 3; }
	done
done

#!/usr/bin/env bash
# NuSMV 2.6 vs mc's symbolic engine on Dijkstra's K-state token ring (central daemon,
# every configuration initial, K = N). See bench/nusmv/README.md.
#
#   bench/nusmv/compare.sh 8 9 10          3 interleaved runs of each tool per size
#   bench/nusmv/compare.sh -r 1 11 12      one run each
#
# Options: -r RUNS (default 3); -s STYLE, the NuSMV formulation passed to dijkstra.py
# (disj, the default and the fastest measured, assign or trans); -k keeps the work
# directory (the models, order files and logs).
# NuSMV comes from $NUSMV or PATH; this script never downloads or builds it.
# Exit code: 0 = done and every worst case agrees; 2 = usage, NuSMV missing or a NuSMV
# run that did not finish; 3 = NuSMV and mc disagree on the worst case.
set -euo pipefail

usage() { echo "usage: bench/nusmv/compare.sh [-r RUNS] [-s disj|assign|trans] [-k] N..." >&2; exit 2; }
die() { echo "compare.sh: $*" >&2; exit 2; }

RUNS=3 STYLE=disj KEEP=
while getopts r:s:kh opt; do
	case $opt in
		r) RUNS=$OPTARG ;;
		s) STYLE=$OPTARG ;;
		k) KEEP=1 ;;
		*) usage ;;
	esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] || usage
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer"
[[ $STYLE =~ ^(disj|assign|trans)$ ]] || die "STYLE must be disj, assign or trans"
for n in "$@"; do [[ $n =~ ^[0-9]+$ && $n -ge 2 ]] || die "N must be an integer >= 2 (got $n)"; done

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

NUSMV=${NUSMV:-$(command -v NuSMV || true)}
if [[ -z $NUSMV || ! -x $NUSMV ]]; then
	cat >&2 <<-'EOF'
	compare.sh: NuSMV not found (set NUSMV=/path/to/NuSMV or put NuSMV on PATH).
	  Get NuSMV 2.6.0 from https://nusmv.fbk.eu (binary releases for Linux, or the source
	  tarball, built with cmake; it bundles CUDD 2.4.1.1 and fetches MiniSat at build time).
	  This script does not download or build it.
	EOF
	exit 2
fi
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (Debian: apt-get install time)"
command -v python3 >/dev/null || die "python3 is missing"

TMP=$(mktemp -d /tmp/nusmv-vs-mc.XXXXXX)
if [[ -n $KEEP ]]; then echo "work directory: $TMP" >&2; else trap 'rm -rf "$TMP"' EXIT; fi

# mc is built once; if that fails every mc row says so and NuSMV is still measured.
MC=$TMP/mc MC_BUILD=ok
(cd "$ROOT" && go build -o "$MC" ./cmd/mc) >"$TMP/go-build.log" 2>&1 || MC_BUILD=failed

# The worst case, in steps, from mc's output on stdin (empty if there is none). mc prints
# it on a line with "worst case" (or "worst-case") and "steps", e.g.
# "worst case   38 moves, 38 steps": take the first integer after "steps", else the one
# right before it, else the first after "worst case". Change only this when mc's output does.
mc_worst_case() {
	local line
	line=$(grep -iE 'worst[- ]case' | grep -i steps | head -n1) || true
	if [[ $line =~ steps[^0-9]*([0-9][0-9,]*) ]] || [[ $line =~ ([0-9][0-9,]*)\ +steps ]] ||
		[[ $line =~ [Ww]orst[-\ ]case[^0-9]*([0-9][0-9,]*) ]]; then
		echo "${BASH_REMATCH[1]//,/}"
	fi
}

# NuSMV's "-- the result of MAX [ TRUE , legit ]  is 75" ("infinity" when some run never
# stabilizes), from its output on stdin.
nusmv_worst_case() { sed -nE 's/^-- the result of MAX .* is ([0-9]+|infinity|undefined).*/\1/p' | head -n1; }

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.10g\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mib() { awk '{ printf "%.0f\n", $1 / 1024 }'; }	# KiB -> MiB

NUSMV_ARGS=(-dcx)	# no counterexample traces; dynamic reordering is off by default
version=$({ "$NUSMV" -h 2>&1 || true; } | grep -m1 -o 'NuSMV [0-9][0-9.]*' || true)
echo "${version:-NuSMV} ($NUSMV): NuSMV ${NUSMV_ARGS[*]} -i ring.ord ring.smv  [dijkstra.py N N --style $STYLE --order ring.ord]"
echo "mc: mc check dijkstra -p n=N -p K=N --engine symbolic  [go build ./cmd/mc: $MC_BUILD]"
echo "$RUNS run(s) of each per size, interleaved; wall seconds are medians, MiB the largest peak RSS"
echo
printf '%4s %10s %9s %10s %9s %9s %7s  %s\n' n "NuSMV s" "NuSMV MB" "mc s" "mc MB" "mc/NuSMV" worst check

status=0
for n in "$@"; do
	d=$TMP/n$n
	mkdir -p "$d"
	python3 "$HERE/dijkstra.py" "$n" "$n" --style "$STYLE" --order "$d/ring.ord" >"$d/ring.smv"
	mc_rc=0
	[[ $MC_BUILD == ok ]] || mc_rc=build
	: >"$d/nusmv.rows"
	: >"$d/mc.rows"
	for i in $(seq "$RUNS"); do
		echo "n=$n run $i/$RUNS: NuSMV" >&2
		/usr/bin/time -f '%e %M' -o "$d/nusmv.$i.time" "$NUSMV" "${NUSMV_ARGS[@]}" -i "$d/ring.ord" "$d/ring.smv" \
			>"$d/nusmv.$i.log" 2>&1 || die "NuSMV failed on n=$n (exit $?); see $d/nusmv.$i.log (use -k to keep it)"
		w=$(nusmv_worst_case <"$d/nusmv.$i.log")
		[[ -n $w ]] || die "no COMPUTE result in NuSMV's output for n=$n; see $d/nusmv.$i.log (use -k)"
		# For K = N both specifications hold (closure, convergence).
		[[ $(grep -c '^-- specification .* is true' "$d/nusmv.$i.log") -eq 2 ]] ||
			echo "compare.sh: n=$n: NuSMV did not find both specifications true" >&2
		echo "$(tail -n1 "$d/nusmv.$i.time") $w" >>"$d/nusmv.rows"
		[[ $mc_rc == 0 ]] || continue
		echo "n=$n run $i/$RUNS: mc" >&2
		(cd "$ROOT" && /usr/bin/time -f '%e %M' -o "$d/mc.$i.time" "$MC" check dijkstra -p n="$n" -p K="$n" \
			--engine symbolic >"$d/mc.$i.log" 2>&1) || { mc_rc=$?; continue; }
		echo "$(tail -n1 "$d/mc.$i.time") $(mc_worst_case <"$d/mc.$i.log")" >>"$d/mc.rows"
	done
	nu_s=$(awk '{ print $1 }' "$d/nusmv.rows" | median)
	nu_mb=$(awk '{ print $2 }' "$d/nusmv.rows" | sort -g | tail -n1 | mib)
	nu_w=$(awk '{ print $3 }' "$d/nusmv.rows" | sort -u | paste -sd/)
	if [[ $mc_rc != 0 ]]; then
		if [[ $mc_rc == build ]]; then why="go build ./cmd/mc failed; -k keeps $TMP/go-build.log"; else why="exit $mc_rc"; fi
		printf '%4s %10.2f %9s %10s %9s %9s %7s  mc: failed (%s)\n' "$n" "$nu_s" "$nu_mb" - - - "$nu_w" "$why"
		continue
	fi
	mc_s=$(awk '{ print $1 }' "$d/mc.rows" | median)
	mc_mb=$(awk '{ print $2 }' "$d/mc.rows" | sort -g | tail -n1 | mib)
	mc_w=$(awk '{ print $3 }' "$d/mc.rows" | sort -u | paste -sd/)
	# Ratio per interleaved pair (same machine load), then the median.
	ratio=$(paste -d' ' "$d/nusmv.rows" "$d/mc.rows" | awk '$1 > 0 { printf "%.3f\n", $4 / $1 }' | median)
	if [[ -z $mc_w ]]; then check="mc printed no worst case"; status=3
	elif [[ $mc_w == "$nu_w" ]]; then check=ok
	else check="DISAGREE: mc says $mc_w"; status=3; fi
	printf '%4s %10.2f %9s %10.2f %9s %9.2f %7s  %s\n' "$n" "$nu_s" "$nu_mb" "$mc_s" "$mc_mb" "$ratio" "$nu_w" "$check"
done
exit $status

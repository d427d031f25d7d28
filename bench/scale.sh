#!/usr/bin/env bash
# How one mc command scales with its workers: it runs `mc ARGS... --workers w` with
# GOMAXPROCS=w for w = 1, 2, 4, ... up to the machine's cores (nproc, which is also run when
# it is not a power of two), RUNS times each, the worker counts in turn (1 2 4 ... 1 2 4 ...)
# so that every count sees the same load, and prints per count the median wall and CPU
# seconds, the speed-up and the efficiency against one worker, and the serial fraction s
# that Amdahl's law, T(w) = T(1) (s + (1 - s)/w), fits to all the medians by least squares.
#
#   bench/scale.sh check dijkstra -p n=8 -p K=8 --check closure,convergence,worst-case
#   RUNS=5 MAXW=8 bench/scale.sh check arvy -p n=5 -p newparent=any --store memory
#   MC=/path/to/mc bench/scale.sh ...     (default: ./cmd/mc built into $OUT)
#
# Every run's JSON verdict and figures must be the same for every worker count (results never
# depend on the number of workers): the script exits 1 when they differ, 2 when a run fails.
set -euo pipefail

[[ $# -gt 0 ]] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${RUNS:-3}
MAXW=${MAXW:-$(nproc)}
OUT=${OUT:-$(mktemp -d /tmp/mc-scale.XXXXXX)}
[[ -x /usr/bin/time ]] || { echo "scale.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
MC=${MC:-}
if [[ -z $MC ]]; then
	MC=$OUT/mc
	(cd "$ROOT" && go build -o "$MC" ./cmd/mc)
fi

counts=()
for ((w = 1; w <= MAXW; w *= 2)); do counts+=("$w"); done
[[ ${counts[-1]} -eq $MAXW ]] || counts+=("$MAXW")

# once W I: one timed run; appends "wall cpu" to $OUT/w$W.times and keeps its figures.
once() {
	local w=$1 i=$2 log=$OUT/w$1.$2
	set +e
	GOMAXPROCS=$w /usr/bin/time -f '%e %U %S' -o "$log.time" "$MC" "${ARGS[@]}" --workers "$w" --json >"$log.json" 2>"$log.err"
	local code=$?
	set -e
	if ((code > 1)); then
		echo "scale.sh: $MC ${ARGS[*]} --workers $w exited $code:" >&2
		cat "$log.err" >&2
		exit 2
	fi
	awk '{printf "%s %.2f\n", $1, $2 + $3}' "$log.time" >>"$OUT/w$w.times"
	# the figures that must not depend on the workers: verdicts, counts, worst cases
	jq -c '{verdict, checks: [.checks[]? | {name, verdict, detail}], stats: (.stats | {states, transitions, initial_states}), metrics: (.metrics | del(.seconds, .explore_seconds, .analyse_seconds))}' \
		"$log.json" >"$log.figures" 2>/dev/null || cp "$log.json" "$log.figures"
}

ARGS=("$@")
for ((i = 0; i < RUNS; i++)); do
	for w in "${counts[@]}"; do once "$w" "$i" >/dev/null; done
done

for w in "${counts[@]}"; do
	for ((i = 0; i < RUNS; i++)); do
		if ! cmp -s "$OUT/w1.0.figures" "$OUT/w$w.$i.figures"; then
			echo "scale.sh: the figures at $w workers (run $i) differ from 1 worker's:" >&2
			diff "$OUT/w1.0.figures" "$OUT/w$w.$i.figures" >&2 || true
			exit 1
		fi
	done
done

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "mc ${ARGS[*]}  ($RUNS runs a count, $(nproc) cores)"
printf '%8s %9s %9s %9s %11s\n' workers "wall s" "cpu s" speed-up efficiency
t1=$(cut -d' ' -f1 "$OUT/w1.times" | median)
for w in "${counts[@]}"; do
	wall=$(cut -d' ' -f1 "$OUT/w$w.times" | median)
	cpu=$(cut -d' ' -f2 "$OUT/w$w.times" | median)
	echo "$w $wall $cpu $t1"
done | awk '{sp = $4 / $2; printf "%8d %9.2f %9.2f %8.2fx %10.0f%%\n", $1, $2, $3, sp, 100 * sp / $1
	if ($1 > 1) { x = $4 * (1 - 1 / $1); y = $2 - $4 / $1; sxy += x * y; sxx += x * x } }
	END { if (sxx > 0) printf "serial fraction (Amdahl, least squares): %.3f\n", sxy / sxx }'
echo "logs in $OUT"

#!/usr/bin/env bash
# The language against Go: Dijkstra's K-state ring written in mc's language
# (examples/protocols/dijkstra.gcl, compiled to closures when mc reads it) beside the same ring
# written in Go (models/dijkstra), K = n, under one daemon, closure + convergence + worst case.
# The two runs alternate, RUNS times each (5 by default), so both see the same machine load.
#
#   bench/lang.sh                    n = 8 under the central daemon
#   bench/lang.sh 6 7 8              several sizes
#   DAEMON=distributed bench/lang.sh 6
#
# Prints, per n, the median wall seconds of each, the median of the pair-by-pair ratios
# language/Go, and whether the figures (states, transitions, worst-case moves and steps, the
# verdicts) are identical. Exit code: 0 = identical, 3 = they differ, 2 = a run failed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$(mktemp -d /tmp/mc-lang.XXXXXX)}
RUNS=${RUNS:-5}
DAEMON=${DAEMON:-central}
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(8)
MC=${MC:-$OUT/mc}
[[ -x $MC ]] || (cd "$ROOT" && go build -o "$MC" ./cmd/mc)
cd "$ROOT"

status=0
printf '%-3s %-9s %10s %10s %8s  %s\n' n daemon "Go s" "lang s" ratio figures
for n in "${SIZES[@]}"; do
	for r in $(seq "$RUNS"); do
		for which in go lang; do
			model=dijkstra
			[[ $which == lang ]] && model=examples/protocols/dijkstra.gcl
			start=$(date +%s%N)
			code=0
			"$MC" check "$model" -p n="$n" -p K="$n" --daemon "$DAEMON" --json >"$OUT/$which-$n-$r.json" || code=$?
			(( code <= 1 )) || { echo "mc check $model failed (exit $code) for n=$n" >&2; exit 2; }
			echo $(( $(date +%s%N) - start )) >"$OUT/$which-$n-$r.ns"
		done
	done
	python3 - "$OUT" "$n" "$RUNS" "$DAEMON" <<'PY' || status=3
import json, statistics, sys
out, n, runs, daemon = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def secs(which, r): return int(open(f"{out}/{which}-{n}-{r}.ns").read()) / 1e9
def figures(which, r):
    j = json.load(open(f"{out}/{which}-{n}-{r}.json"))
    s, m = j["stats"], j.get("metrics", {})
    return (s["states"], s["transitions"], m.get("worst_case_moves"), m.get("worst_case_steps"),
            tuple((c["name"], c["verdict"]) for c in j["checks"]))
go = [secs("go", r) for r in range(1, runs + 1)]
lang = [secs("lang", r) for r in range(1, runs + 1)]
ratio = statistics.median(l / g for g, l in zip(go, lang))
same = all(figures("go", r) == figures("lang", r) for r in range(1, runs + 1))
print(f"{n:<3} {daemon:<9} {statistics.median(go):10.3f} {statistics.median(lang):10.3f} {ratio:8.2f}  "
      f"{'identical' if same else 'DIFFER'} {figures('go', 1)[:4]}")
sys.exit(0 if same else 1)
PY
done
exit $status

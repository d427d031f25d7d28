#!/usr/bin/env bash
# shards.sh: a run whole, then as shards run a few at a time and merged (issue 40,
# docs/CLUSTER.md): the merge must print the whole's figures; prints each shard's time.
# JOB=lek (the default): a simulation of LE(k), k = 1, n = 20, every repair, one
# whole-process fault, back at the start, 100,000 runs. JOB=dijkstra: mc check of Dijkstra's
# ring n = 9, K = 9 (387 million configurations), invariant, deadlock and closure, each
# shard a range of the universe. 8 shards of one worker each, 4 at a time.
#
#   bench/shards.sh                      # RUNS=100000 SHARDS=8 AT_ONCE=4
#   RUNS=2000 bench/shards.sh            # a quick look
#   JOB=dijkstra bench/shards.sh         # the checks of one model, configuration by configuration
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$(mktemp -d /tmp/mc-shards.XXXXXX)}
RUNS=${RUNS:-100000}
SHARDS=${SHARDS:-8}
AT_ONCE=${AT_ONCE:-4}
[[ -x /usr/bin/time ]] || { echo "shards.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
(cd "$ROOT" && go build -o "$OUT/mc" ./cmd/mc)
echo "shards.sh: at $(git -C "$ROOT" rev-parse --short HEAD), output in $OUT" >&2
case ${JOB:-lek} in
lek) ARGS=(simulate lek -p n=20 -p k=1 -p strand=delete -p probeend=wait -p report=stop -p returned=rest
	-p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query
	--faults 1 --end start --runs "$RUNS" --seed 1 --max-steps 100000) ;;
dijkstra) ARGS=(check dijkstra -p n=9 -p K=9 --check invariant,deadlock,closure) ;;
*) echo "shards.sh: JOB is lek or dijkstra" >&2; exit 2 ;;
esac
/usr/bin/time -f "whole, 2 workers: %e s wall, %U+%S s CPU, %M KB" -o "$OUT/whole.time" \
	"$OUT/mc" "${ARGS[@]}" --workers 2 >"$OUT/whole.out" || true
start=$(date +%s.%N)
seq 0 $((SHARDS - 1)) | xargs -P "$AT_ONCE" -I{} /usr/bin/time -f "shard {}: %e s wall, %U+%S s CPU" \
	-o "$OUT/shard-{}.time" "$OUT/mc" "${ARGS[@]}" --workers 1 --shard "{}/$SHARDS" --part-out "$OUT/part-{}.json" 2>/dev/null || true
end=$(date +%s.%N)
"$OUT/mc" merge "$OUT"/part-*.json >"$OUT/merged.out" || true
cat "$OUT/whole.time" "$OUT"/shard-*.time
echo "shards, $AT_ONCE at a time: $(echo "$end - $start" | bc) s wall"
if diff <(grep -v '^  time ' "$OUT/whole.out") <(grep -v '^  time ' "$OUT/merged.out"); then
	echo "the merge prints the whole run's figures:"
	grep -v '^  time ' "$OUT/merged.out"
else
	echo "shards.sh: the merge differs from the whole run" >&2
	exit 1
fi

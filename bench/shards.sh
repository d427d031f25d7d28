#!/usr/bin/env bash
# shards.sh: a simulation whole, then as shards run a few at a time and merged (issue 40,
# docs/CLUSTER.md): the merge must print the whole's figures; prints each shard's time.
# Defaults: LE(k), k = 1, n = 20, every repair, one whole-process fault, back at the start,
# 100,000 runs, 8 shards of one worker each, 4 at a time.
#
#   bench/shards.sh                      # RUNS=100000 SHARDS=8 AT_ONCE=4
#   RUNS=2000 bench/shards.sh            # a quick look
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$(mktemp -d /tmp/mc-shards.XXXXXX)}
RUNS=${RUNS:-100000}
SHARDS=${SHARDS:-8}
AT_ONCE=${AT_ONCE:-4}
[[ -x /usr/bin/time ]] || { echo "shards.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
(cd "$ROOT" && go build -o "$OUT/mc" ./cmd/mc)
echo "shards.sh: at $(git -C "$ROOT" rev-parse --short HEAD), output in $OUT" >&2
ARGS=(simulate lek -p n=20 -p k=1 -p strand=delete -p probeend=wait -p report=stop -p returned=rest
	-p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query
	--faults 1 --end start --runs "$RUNS" --seed 1 --max-steps 100000)
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
	echo "the merge prints the whole simulation's figures:"
	grep -v '^  time ' "$OUT/merged.out"
else
	echo "shards.sh: the merge differs from the whole simulation" >&2
	exit 1
fi

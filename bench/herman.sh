#!/usr/bin/env bash
# Herman's ring: mc's exact expected steps beside an independent solver's (bench/herman.py,
# exact fractions in Python, no code shared with mc), with the time each takes. PRISM and
# Storm are not packaged for our machines; this is the oracle in their place.
#
#   bench/herman.sh                 N = 3 5 7 9 11
#   bench/herman.sh 13              one size (the Python solver takes about 5 minutes)
#   SYMMETRY=rotation bench/herman.sh 13 15   mc on one state per rotation orbit
#
# Prints, per N, the worst and the average expected steps from each, the seconds each took,
# and whether they agree. Exit code: 0 = they agree on every N, 3 = they disagree, 2 = a
# tool failed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$(mktemp -d /tmp/mc-herman.XXXXXX)}
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(3 5 7 9 11)
MC=${MC:-$OUT/mc}
[[ -x $MC ]] || (cd "$ROOT" && go build -o "$MC" ./cmd/mc)
SYM=()
[[ -n ${SYMMETRY:-} ]] && SYM=(--symmetry "$SYMMETRY")

status=0
printf '%-4s %-8s %-10s %-10s %9s  %s\n' N tool worst average seconds "exact values"
for n in "${SIZES[@]}"; do
	start=$(date +%s%N)
	python3 "$ROOT/bench/herman.py" "$n" >"$OUT/py-$n.txt" || { echo "herman.py failed for N=$n" >&2; exit 2; }
	py_s=$(( ($(date +%s%N) - start) / 1000000 ))
	start=$(date +%s%N)
	"$MC" check herman -p n="$n" "${SYM[@]}" --check expected-time --json >"$OUT/mc-$n.json" || { echo "mc failed for N=$n" >&2; exit 2; }
	mc_s=$(( ($(date +%s%N) - start) / 1000000 ))
	python3 - "$n" "$OUT/py-$n.txt" "$OUT/mc-$n.json" "$py_s" "$mc_s" <<'PY' || status=3
import json, sys
from fractions import Fraction
n, py_file, mc_file, py_s, mc_s = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]) / 1000, int(sys.argv[5]) / 1000
fields = dict(kv.split("=", 1) for kv in open(py_file).read().split()[1:])
py = (Fraction(fields["worst"]), Fraction(fields["average"]))
steps = json.load(open(mc_file))["expected"]["steps"]
mc = (Fraction(steps["worst"]["exact"]), Fraction(steps["average"]["exact"]))
for tool, (w, a), secs in (("python", py, py_s), ("mc", mc, mc_s)):
    print(f"{n:<4} {tool:<8} {float(w):<10.6g} {float(a):<10.6g} {secs:9.2f}  {w} ; {a}")
agree = py == mc
print(f"{n:<4} {'agree' if agree else 'DISAGREE'}")
sys.exit(0 if agree else 1)
PY
done
exit $status

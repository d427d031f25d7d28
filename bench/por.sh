#!/usr/bin/env bash
# por.sh: the partial-order reduction (--reduce por) against the plain run, on the library's
# silent protocols under the central daemon, RUNS times each (default 3), interleaved.
#
#   bench/por.sh                       # the table of docs/PERFORMANCE.md
#   RUNS=1 bench/por.sh mis.gcl -p n=12 --check recovery --faults 3   # one run of your own
#
# Per run and way, the states and transitions mc reports, the median wall and CPU seconds
# (from /usr/bin/time), and whether the verdicts and worst cases of the reduced run are the
# plain run's. Exit 3 if one is not.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
work=$(mktemp -d /tmp/mc-por.XXXXXX)
trap 'rm -rf "$work"' EXIT
go build -o "$work/mc" ./cmd/mc
[ -x /usr/bin/time ] || { echo "por.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
status=0

# figures: what the reduction must keep (verdicts, worst cases), from the JSON
figures() { grep -o '"verdict": "[a-z]*"\|"worst_case_moves": [0-9]*\|"recovery_[a-z_]*": [0-9]*' "$1" | tr '\n' ' '; }
count() { grep -o "\"$2\": [0-9]*" "$1" | head -1 | grep -o '[0-9]*$'; }

one() { # the run's arguments
  local name="$*"
  for way in none por; do : >"$work/$way.times"; done
  for _ in $(seq "$runs"); do
    for way in none por; do
      /usr/bin/time -f "%e %U %S" -o "$work/t" "$work/mc" check "$@" --reduce "$way" --json >"$work/$way.json" 2>/dev/null || true
      awk '{print $1, $2 + $3}' "$work/t" >>"$work/$way.times"
    done
  done
  local same=same
  [ "$(figures "$work/none.json")" = "$(figures "$work/por.json")" ] || { same=DIFFERENT; status=3; }
  for way in none por; do
    read -r wall cpu < <(sort -n "$work/$way.times" | awk '{w[NR]=$1; c[NR]=$2} END {print w[int((NR+1)/2)], c[int((NR+1)/2)]}')
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$way" \
      "$(count "$work/$way.json" states)" "$(count "$work/$way.json" transitions)" "$wall" "$cpu" "$same"
  done
}

echo "| run | reduce | states | transitions | wall s | CPU s | verdicts, worst cases |"
echo "|---|---|---|---|---|---|---|"
if [ $# -gt 0 ]; then
  one "$@"
  exit $status
fi
for p in "colouring.gcl -p n=8" "mis.gcl -p n=12" "matching.gcl -p n=8" "bfs.gcl -p n=6"; do
  # shellcheck disable=SC2086
  one examples/protocols/$p --check deadlock,closure,convergence,worst-case
  # shellcheck disable=SC2086
  one examples/protocols/$p --check recovery --faults 3
done
exit $status

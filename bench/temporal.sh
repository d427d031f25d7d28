#!/usr/bin/env bash
# temporal.sh: the temporal check's cost, against the fixed check that decides the same
# question, on Dijkstra's ring (examples/protocols/dijkstra.gcl) from every configuration,
# RUNS times each (default 3), interleaved.
#
#   bench/temporal.sh             # the table of docs/PERFORMANCE.md, n = 6 and 7
#   bench/temporal.sh 8           # one size
#   bench/temporal.sh 10 12       # past EXPLICIT_MAX (default 8): the symbolic engine alone
#
# Per size: convergence (the fixed check) against "always eventually L" unfair and "eventually
# always L" under weak fairness (the temporal check), and nostarve from every configuration
# (n parts), on the explicit engine and on the symbolic one (--engine symbolic); the median
# wall and CPU seconds (/usr/bin/time) and the verdicts, which must agree (exit 3 if not). No peer runs here: SPIN and NuSMV are not packaged on the project's
# machines (bench/spin-vs-mc.sh installs SPIN where it can).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(6 7)
work=$(mktemp -d /tmp/mc-temporal.XXXXXX)
trap 'rm -rf "$work"' EXIT
go build -o "$work/mc" ./cmd/mc
[ -x /usr/bin/time ] || { echo "temporal.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
file=$work/dijkstra.gcl
sed 's/^check .*$//' examples/protocols/dijkstra.gcl >"$file"
cat >>"$file" <<'GCL'
let legit = count(q in procs : enabled(q)) == 1
property conv : always eventually legit
property stays under weak : eventually always legit
property nostarve_all : forall q in procs : always eventually enabled(q)
GCL
status=0
# verdicts NAME...: the verdicts of a run's JSON, by check name
verdicts() { python3 -c 'import json, sys; print(", ".join(c["name"] + " " + c["verdict"] for c in json.load(open(sys.argv[1]))["checks"]))' "$1"; }
echo "| n | check | wall s | CPU s | verdicts |"
echo "|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  declare -A times=()
  ways=(convergence temporal symbolic)
  [ "$n" -le "${EXPLICIT_MAX:-8}" ] || ways=(symbolic)
  for _ in $(seq "$runs"); do
    for way in "${ways[@]}"; do
      args=(--check "$way")
      [ "$way" != symbolic ] || args=(--check temporal --engine symbolic)
      /usr/bin/time -f "%e %U %S" -o "$work/t" "$work/mc" check "$file" -p n="$n" -p K="$n" "${args[@]}" --json >"$work/$way.json" 2>/dev/null || true
      times[$way]+="$(awk '{print $1, $2 + $3}' "$work/t")"$'\n'
    done
  done
  for way in "${ways[@]}"; do
    read -r wall cpu < <(printf '%s' "${times[$way]}" | sort -n | awk 'NF {w[++k]=$1; c[k]=$2} END {print w[int((k+1)/2)], c[int((k+1)/2)]}')
    printf '| %s | %s | %s | %s | %s |\n' "$n" "$way" "$wall" "$cpu" "$(verdicts "$work/$way.json")"
  done
  if [ "${#ways[@]}" -gt 1 ]; then
    conv=$(verdicts "$work/convergence.json" | grep -o 'convergence [a-z]*' | cut -d' ' -f2)
    temporal=$(verdicts "$work/temporal.json" | grep -o 'temporal conv [a-z]*' | cut -d' ' -f3)
    [ -n "$conv" ] && [ "$conv" = "$temporal" ] || { echo "temporal.sh: n=$n: convergence $conv, always eventually L $temporal" >&2; status=3; }
    [ "$(verdicts "$work/temporal.json")" = "$(verdicts "$work/symbolic.json")" ] || { echo "temporal.sh: n=$n: the engines disagree" >&2; status=3; }
  fi
  unset times
done
exit $status

#!/usr/bin/env bash
# stores.sh: one model under each store of mc check, timed, with the results compared.
#
#   bench/stores.sh                                  # ssarrow, path of 3 (19.3 M states)
#   bench/stores.sh ssarrow -p n=3 -p init=0         # any mc check arguments
#
# Prints a row per store: wall seconds and peak RSS (from /usr/bin/time), the store mc
# reports, the states moved beyond memory, and whether the JSON (timings and store bookkeeping
# aside) is the one of the in-memory run. Set MEM (default 2GiB) for the budget of the disk
# stores; files go to a fresh directory under /tmp, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(ssarrow -p n=3)
mem=${MEM:-2GiB}
work=$(mktemp -d /tmp/mc-stores.XXXXXX)
trap 'rm -rf "$work"' EXIT
go build -o "$work/mc" ./cmd/mc
[ -x /usr/bin/time ] || { echo "stores.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

strip() { grep -v '"seconds"\|"explore_seconds"\|per_second\|peak_memory\|"checkpoint"\|"resumed"\|"store"\|spilled\|collision' "$1"; }

run() { # name, then the extra flags
  local name=$1; shift
  local code=0
  /usr/bin/time -f "%e %M" -o "$work/$name.time" "$work/mc" check "${args[@]}" --json "$@" \
    >"$work/$name.json" 2>"$work/$name.err" || code=$?
  read -r secs kb <"$work/$name.time"
  local store spilled same
  store=$(grep -o '"store": "[^"]*"' "$work/$name.json" | cut -d'"' -f4 || true)
  spilled=$(grep -o '"spilled_states": [0-9]*' "$work/$name.json" | grep -o '[0-9]*$' || echo 0)
  same=$( (cmp -s <(strip "$work/memory.json") <(strip "$work/$name.json") && echo same) || echo DIFFERENT)
  printf '%-8s exit %d %9.1f s %8d MiB  %-12s %12s moved to disk   %s\n' \
    "$name" "$code" "$secs" $((kb / 1024)) "$store" "$spilled" "$same"
}

echo "mc check ${args[*]}   (--mem $mem for the disk stores)"
run memory --store memory
run auto --store auto --mem "$mem"
run disk --store disk --dir "$work/disk" --mem "$mem"
run badger --store badger --dir "$work/badger" --mem "$mem"

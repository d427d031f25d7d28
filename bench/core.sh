#!/usr/bin/env bash
# The core figures of mc, before and after a change: the same runs with two builds, in turn
# (A B A B ...), medians of each and the ratio after/before pair by pair. See bench/README.md.
#
#   bench/core.sh BEFORE [AFTER]      revisions (default AFTER: the working tree)
#   RUNS=5 bench/core.sh HEAD~3
#   ONLY=n8 bench/core.sh HEAD~3      one run: n8, n9 or ssarrow3
#
# Runs: Dijkstra n=8, K=8 (closure, convergence, worst case: the dense store), n=9, K=9 (dense),
# and ssarrow -p n=3 (19.3 M states, hashed). Each figure is wall seconds, CPU seconds and peak
# RSS from /usr/bin/time; the machine is shared and noisy, so quote medians and ratios.
set -euo pipefail

BEFORE=${1:?usage: bench/core.sh BEFORE [AFTER]}
AFTER=${2:-}
RUNS=${RUNS:-3}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$(mktemp -d /tmp/mc-core.XXXXXX)}
[[ -x /usr/bin/time ]] || { echo "core.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

# build REV DEST: mc at a revision (a worktree of it), or the working tree when REV is empty.
build() {
	local rev=$1 dest=$2
	if [[ -z $rev ]]; then
		(cd "$ROOT" && go build -o "$dest" ./cmd/mc)
		return
	fi
	local tree="$OUT/tree-$(basename "$dest")"
	git -C "$ROOT" worktree add --detach --force "$tree" "$rev" >/dev/null 2>&1
	(cd "$tree" && go build -o "$dest" ./cmd/mc)
	git -C "$ROOT" worktree remove --force "$tree"
}
build "$BEFORE" "$OUT/mc-before"
build "$AFTER" "$OUT/mc-after"

declare -A RUN=(
	[n8]="check dijkstra -p n=8 -p K=8 --check closure,convergence,worst-case"
	[n9]="check dijkstra -p n=9 -p K=9"
	[ssarrow3]="check ssarrow -p n=3"
)
names=(n8 n9 ssarrow3)
[[ -n ${ONLY:-} ]] && names=("$ONLY")

# once BIN NAME I: one timed run; prints "wall cpu rss_kb exit".
once() {
	local bin=$1 name=$2 i=$3 log="$OUT/$2.$(basename "$1").$3"
	set +e
	/usr/bin/time -f '%e %U %S %M' -o "$log.time" "$bin" ${RUN[$name]} --json >"$log.json" 2>"$log.err"
	local code=$?
	set -e
	read -r wall user sys rss <"$log.time"
	echo "$wall $(echo "$user + $sys" | bc) $rss $code"
}

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

printf '%-9s %10s %10s %9s %9s %10s %10s %8s\n' run "before s" "after s" "before cpu" "after cpu" "before MiB" "after MiB" "ratio"
for name in "${names[@]}"; do
	: >"$OUT/$name.pairs"
	for i in $(seq "$RUNS"); do
		read -r bw bc br bx <<<"$(once "$OUT/mc-before" "$name" "$i")"
		read -r aw ac ar ax <<<"$(once "$OUT/mc-after" "$name" "$i")"
		[[ $bx == "$ax" ]] || echo "core.sh: $name: exit $bx before, $ax after" >&2
		echo "$bw $aw $bc $ac $br $ar $(echo "scale=4; $aw / $bw" | bc)" >>"$OUT/$name.pairs"
	done
	col() { awk -v c="$1" '{print $c}' "$OUT/$name.pairs" | median; }
	printf '%-9s %10.2f %10.2f %9.2f %9.2f %10.0f %10.0f %8.3f\n' "$name" "$(col 1)" "$(col 2)" "$(col 3)" "$(col 4)" \
		"$(echo "$(col 5) / 1024" | bc)" "$(echo "$(col 6) / 1024" | bc)" "$(col 7)"
	# The runs must agree on everything but the timings (keys sorted where jq is at hand).
	strip() {
		if command -v jq >/dev/null; then
			jq -S 'del(.stats.seconds, .stats.explore_seconds, .stats.states_per_second, .stats.peak_memory_bytes)' "$1"
		else
			grep -v '"seconds"\|"explore_seconds"\|"states_per_second"\|"peak_memory_bytes"' "$1"
		fi
	}
	if ! diff <(strip "$OUT/$name.mc-before.1.json") <(strip "$OUT/$name.mc-after.1.json") >/dev/null; then
		echo "core.sh: $name: the JSON differs between the builds (see $OUT)" >&2
	fi
done
echo "logs in $OUT"

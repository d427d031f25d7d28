#!/usr/bin/env bash
# testtime.sh: what the test suite costs, in CPU-seconds (load does not change them much, as it
# does wall seconds), against the budget of README ("Tests").
#
#   bench/testtime.sh            # the default tier: go test ./...        (budget 240, 90 a package)
#   bench/testtime.sh -short     # the short tier:   go test -short ./... (budget 60)
#   MC_LONG=1 bench/testtime.sh  # the long tier (no budget)
#
# Runs go test once, uncached (-count=1), with -json, each test binary under a wrapper that
# records its CPU time. Prints the whole command's CPU time (compiling and linking included,
# from a warm build cache unless it is cold), each package's (its test binary alone), the 20
# slowest tests (wall seconds, top-level tests), and which budget is passed. Extra arguments go
# to go test (packages, -run). Exit 1 when over the budget.
set -euo pipefail

if [ "${1:-}" = "--wrap" ]; then # as go test's -exec, in the package's directory: run the test binary, add its CPU time
	shift
	"$@" && code=0 || code=$?
	times >"$TESTTIME_CPU.$$" # in this shell: a subshell would not see its children
	echo "$PWD $(tail -1 "$TESTTIME_CPU.$$" | sed 's/m/ /g; s/s//g' | awk '{print $1*60+$2, $3*60+$4}')" >>"$TESTTIME_CPU"
	rm -f "$TESTTIME_CPU.$$"
	exit "$code"
fi

cd "$(dirname "$0")/.."
short=false
for a in "$@"; do [ "$a" = "-short" ] && short=true; done
budget=240 pkgBudget=90
$short && budget=60
[ -n "${MC_LONG:-}" ] && [ "$MC_LONG" != 0 ] && budget=0 pkgBudget=0
[ $# -eq 0 ] || [ "${!#}" = "-short" ] && set -- "$@" ./...

work=$(mktemp -d /tmp/mc-testtime.XXXXXX)
trap 'rm -rf "$work"' EXIT
export TESTTIME_CPU=$work/cpu
: >"$TESTTIME_CPU"
root=$PWD
code=0
start=$SECONDS
go test -count=1 -json -exec "$root/bench/testtime.sh --wrap" "$@" >"$work/json" || code=$?
times >"$work/times"
total=$(tail -1 "$work/times" | sed 's/m/ /g; s/s//g' | awk '{printf "%.1f", $1*60+$2+$3*60+$4}')

echo "go test $* : $total CPU-seconds in all (user+sys, compiling included), $((SECONDS - start)) s of wall time, exit $code"
echo
echo "CPU-seconds per package (the test binary):"
sed "s#^$root/##; s#^$root\$#.#" "$TESTTIME_CPU" | awk '{printf "%8.1f  %s\n", $2+$3, $1}' | sort -rn | tee "$work/pkgs"
echo
echo "the 20 slowest tests (wall seconds):"
grep -E '"Action":"(pass|fail)","Package":"[^"]*","Test":"[^"/]*","Elapsed"' "$work/json" |
	sed -E 's/.*"Package":"github.com\/mc-checker\/mc\/?([^"]*)","Test":"([^"]*)","Elapsed":([0-9.]+).*/\3 \1 \2/' |
	sort -rn | head -20 | awk '{printf "%8.2f  %s %s\n", $1, ($2 == "" ? "." : $2), $3}'
if [ "$code" != 0 ]; then # what failed: tests, packages, builds
	grep -E '"Action":"(fail|build-fail)"' "$work/json" | sed -E 's/.*"Package":"([^"]*)"(,"Test":"([^"]*)")?.*/FAIL: \1 \3/' | head -20
	grep -vE '^\{' "$work/json" | head -20 || true
fi

over=0
if [ "$budget" != 0 ]; then
	echo
	if awk -v t="$total" -v b="$budget" 'BEGIN { exit !(t > b) }'; then
		echo "over the budget: $total > $budget CPU-seconds"
		over=1
	else
		echo "within the budget: $total ≤ $budget CPU-seconds"
	fi
	if ! $short; then
		while read -r cpu pkg; do
			if awk -v c="$cpu" -v b="$pkgBudget" 'BEGIN { exit !(c > b) }'; then
				echo "over the budget: $pkg takes $cpu > $pkgBudget CPU-seconds"
				over=1
			fi
		done <"$work/pkgs"
	fi
fi
[ "$code" = 0 ] || exit "$code"
exit "$over"

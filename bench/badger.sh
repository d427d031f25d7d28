#!/usr/bin/env bash
# badger.sh: what the badger store (--store badger) costs a build. Builds ./cmd/mc from an
# empty build cache twice, with badger and without it (go build -tags nobadger), and prints
# for each the CPU-seconds and wall seconds of the build, the modules it needs beyond mc, and
# the binary's size. The module cache is left as it is: downloading is not timed (on a fresh
# machine each module is one more download; the count says how many).
#
#   bench/badger.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/mc-badger.XXXXXX)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
TIMEFORMAT='%R %U %S'
printf '%-10s %12s %8s %8s %12s\n' build CPU-seconds wall modules 'binary MiB'
for tags in badger nobadger; do
	flag=""
	[ "$tags" = nobadger ] && flag="-tags=nobadger"
	{ time GOCACHE="$work/cache-$tags" go build $flag -o "$work/mc-$tags" ./cmd/mc; } 2>"$work/time-$tags"
	read -r wall user sys <"$work/time-$tags"
	modules=$(go list $flag -deps -f '{{if .Module}}{{.Module.Path}}{{end}}' ./cmd/mc | sort -u | grep -vc '^github.com/mc-checker/mc$')
	size=$(wc -c <"$work/mc-$tags")
	awk -v t="$tags" -v u="$user" -v s="$sys" -v w="$wall" -v m="$modules" -v b="$size" \
		'BEGIN { printf "%-10s %12.1f %8.1f %8d %12.1f\n", t, u+s, w, m, b/1048576 }'
done

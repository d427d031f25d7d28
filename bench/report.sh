#!/usr/bin/env bash
# bench/report.sh: how fast mc's HTML report opens (issue 19's target: under one second).
#
# Builds two reports and opens each RUNS times (5 by default) in headless Chromium:
#   witness  the worst-case witness of Dijkstra's ring, n = 6, K = 6 (mc check --report)
#   long     a 10^5-step simulation trace (colouring on the 5-ring livelocks under the
#            synchronous daemon: mc simulate --dir, then mc replay --report), summarised
# For each it prints the file's size, the time mc took to write it, and the medians of what
# the page itself records on <body>: data-ready, the milliseconds from the browser asking for
# the page to its first configuration drawn (parsing the file, its data and its script), and
# data-script, the part its script took. Chromium's own start is not counted.
# Chromium comes from PATH (chromium, chromium-browser, google-chrome) or $CHROMIUM;
# .ci/install-chromium installs Debian's. mc is built from the checkout unless $MC is set.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
OUT=${OUT:-$(mktemp -d /tmp/report-bench.XXXXXX)}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$CHROMIUM" ]; then
	echo "report.sh: no Chromium (run .ci/install-chromium, or set CHROMIUM)" >&2
	exit 2
fi
if [ -z "${MC:-}" ]; then
	MC=$OUT/mc
	go build -o "$MC" ./cmd/mc
fi

seconds() { # seconds COMMAND...: runs it, prints its wall time in seconds
	local start end
	start=$(date +%s.%N)
	"$@" >/dev/null 2>&1 || true # a violated or unstabilized run exits 1 or 3: the report is still written
	end=$(date +%s.%N)
	echo "$end - $start" | bc
}

median() { sort -n | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

open_page() { # open_page FILE: prints "ready script" in milliseconds
	"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$OUT/profile" --dump-dom "file://$1" 2>/dev/null |
		sed -n 's/.*data-script="\([0-9]*\)" data-ready="\([0-9]*\)".*/\2 \1/p'
}

witness=$(seconds "$MC" check dijkstra -p n=6 -p K=6 --report "$OUT/witness.html")
"$MC" simulate examples/protocols/colouring.gcl --daemon sd --runs 1 --seed 1 --max-steps 100000 --dir "$OUT/sim" >/dev/null || true
long=$(seconds "$MC" replay "$OUT/sim/run-0.json" --report "$OUT/long.html")

printf '%-8s %10s %10s %12s %12s\n' page bytes "write s" "ready ms" "script ms"
for page in witness long; do
	file=$OUT/$page.html
	: >"$OUT/$page.times"
	for _ in $(seq "$RUNS"); do
		open_page "$file" >>"$OUT/$page.times"
	done
	ready=$(cut -d' ' -f1 "$OUT/$page.times" | median)
	script=$(cut -d' ' -f2 "$OUT/$page.times" | median)
	write=$witness
	[ "$page" = long ] && write=$long
	printf '%-8s %10s %10.2f %12s %12s\n' "$page" "$(stat -c %s "$file")" "$write" "$ready" "$script"
done
echo "(medians of $RUNS opens; files in $OUT)"

#!/usr/bin/env bash
# spin-temporal.sh: mc's temporal check against SPIN's LTL model checking on Dijkstra's
# K-state ring (K = N), every one of the K^N configurations a start, central daemon (one
# machine a step), interleaved, RUNS times each (default 3): medians and ratios of CPU seconds.
#
#   bench/spin-temporal.sh            N = 6 and 7
#   bench/spin-temporal.sh 5          one size
#
# Three properties, each checked alone by each tool (docs/PERFORMANCE.md, "Temporal
# properties"):
#   conv      always eventually L                    SPIN: [] <> L
#   stays     eventually always L, weakly fair       SPIN: <> [] L with pan -f
#   nostarve  every machine privileged infinitely    SPIN: the conjunction of [] <> priv(i)
#             often (N parts)
# SPIN runs each machine as a Promela process (so pan -f is weak fairness per machine, as
# mc's `under weak`), moving with a d_step; pan is compiled once with gcc -O2 (not timed).
# mc runs the explicit engine and the symbolic one. Every verdict must agree (exit 3 if not).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(6 7)
apt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }
command -v spin >/dev/null || apt_install spin
[ -x /usr/bin/time ] || apt_install time
work=$(mktemp -d /tmp/mc-spin-temporal.XXXXXX)
trap 'rm -rf "$work"' EXIT
go build -o "$work/mc" ./cmd/mc

# promela N K PROPERTY: the ring and one LTL property
promela() {
	local n=$1 k=$2 prop=$3 i v privs="(x[0] == x[N-1])" ltl=""
	for ((i = 1; i < n; i++)); do privs+=" + (x[$i] != x[$((i-1))])"; done
	echo "#define N $n"
	echo "#define K $k"
	echo "byte x[N]; bool ready;"
	echo "#define legit (($privs) == 1)"
	echo "proctype Bottom() { do :: d_step { x[0] == x[N-1] -> x[0] = (x[0] + 1) % K } od }"
	echo "proctype Other(byte i) { do :: d_step { x[i] != x[i-1] -> x[i] = x[i-1] } od }"
	echo "init { atomic {"
	for ((i = 0; i < n; i++)); do
		printf '\tif'
		for ((v = 0; v < k; v++)); do printf ' :: x[%d] = %d' "$i" "$v"; done
		printf ' fi;\n'
	done
	printf '\trun Bottom();'
	for ((i = 1; i < n; i++)); do printf ' run Other(%d);' "$i"; done
	printf '\n\tready = true } }\n'
	case $prop in
	conv) echo 'ltl p { [] <> (!ready || legit) }' ;;
	stays) echo 'ltl p { <> [] (ready && legit) }' ;;
	nostarve)
		ltl="[] <> (!ready || x[0] == x[N-1])"
		for ((i = 1; i < n; i++)); do ltl+=" && [] <> (!ready || x[$i] != x[$((i-1))])"; done
		echo "ltl p { $ltl }" ;;
	esac
}

# gcl PROPERTY: dijkstra.gcl with that one property
gcl() {
	sed 's/^check .*$//; /^property /d' examples/protocols/dijkstra.gcl
	case $1 in
	conv) echo 'property conv : always eventually count(q in procs : enabled(q)) == 1' ;;
	stays) echo 'property stays under weak : eventually always count(q in procs : enabled(q)) == 1' ;;
	nostarve) echo 'property nostarve : forall q in procs : always eventually enabled(q)' ;;
	esac
}

# cpu LOG: user + system seconds of a /usr/bin/time -f "%U %S" log
cpu() { awk '{ print $1 + $2 }' "$1"; }
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "SPIN $(spin -V | awk '{ print $3 }') (pan, gcc -O2) against mc, $runs runs each, interleaved; CPU seconds"
echo
echo "| n | property | SPIN s | mc explicit s | mc symbolic s | SPIN / explicit | SPIN / symbolic | verdict |"
echo "|---|---|---|---|---|---|---|---|"
status=0
for n in "${sizes[@]}"; do
	for prop in conv stays nostarve; do
		dir=$work/$n.$prop
		mkdir -p "$dir"
		(cd "$dir" && promela "$n" "$n" "$prop" >ring.pml && spin -a ring.pml >/dev/null && gcc -O2 -DMEMLIM=8192 -DNFAIR=$((n + 2)) -o pan pan.c 2>/dev/null)
		# a hash table of about two slots a reachable state (K^N configurations, a few each)
		w=$(awk -v c="$n" 'BEGIN { w = 0; while (2 ^ w <= 4 * c ^ c) w++; print (w < 18 ? 18 : (w > 30 ? 30 : w)) }')
		gcl "$prop" >"$dir/ring.gcl"
		fair=()
		[ "$prop" != stays ] || fair=(-f)
		: >"$dir/spin" >"$dir/explicit" >"$dir/symbolic"
		for _ in $(seq "$runs"); do
			(cd "$dir" && /usr/bin/time -f "%U %S" -o t ./pan -a "${fair[@]}" -m1000000 -w"$w" >pan.log 2>&1 || true)
			cpu "$dir/t" >>"$dir/spin"
			for engine in explicit symbolic; do
				/usr/bin/time -f "%U %S" -o "$dir/t" "$work/mc" check "$dir/ring.gcl" -p n="$n" -p K="$n" --check temporal --engine "$engine" >"$dir/$engine.log" 2>&1 || true
				cpu "$dir/t" >>"$dir/$engine"
			done
		done
		! grep -qE 'max search depth too small|out of memory|reached -DMEMLIM bound' "$dir/pan.log" || { echo "spin-temporal: pan's search was cut short, see $dir/pan.log" >&2; exit 2; }
		grep -q 'errors:' "$dir/pan.log" || { echo "spin-temporal: pan failed, see $dir/pan.log" >&2; cat "$dir/pan.log" >&2; exit 2; }
		spin=holds
		grep -q 'errors: 0' "$dir/pan.log" || spin=violated
		explicit=$(grep -o 'temporal [a-z]* *[a-z]*' "$dir/explicit.log" | awk '{ print $3 }')
		symbolic=$(grep -o 'temporal [a-z]* *[a-z]*' "$dir/symbolic.log" | awk '{ print $3 }')
		[ "$spin" = "$explicit" ] && [ "$spin" = "$symbolic" ] || { echo "spin-temporal: n=$n $prop: SPIN $spin, mc $explicit and $symbolic" >&2; status=3; }
		s=$(median <"$dir/spin"); e=$(median <"$dir/explicit"); y=$(median <"$dir/symbolic")
		printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$prop" "$s" "$e" "$y" \
			"$(awk -v a="$s" -v b="$e" 'BEGIN { printf (b > 0 ? "%.1f" : "-"), a / b }')" \
			"$(awk -v a="$s" -v b="$y" 'BEGIN { printf (b > 0 ? "%.1f" : "-"), a / b }')" "$spin"
	done
done
exit $status

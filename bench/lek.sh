#!/usr/bin/env bash
# LE(k)'s recovery figures for docs/LEK.md and docs/PERFORMANCE.md, with the repairs of every
# finding (the readings in REPAIRED; EXTRA adds more, e.g. EXTRA="-p order=any"). Each line of
# the summary is one run: its command, its verdict line, states, wall seconds and peak RSS.
#
#   bench/lek.sh exhaustive   every single-variable fault (queries whole), synchronous daemon:
#                             k=1 at n=15..26 (the rounds table), k=2 at n=37, 38
#   bench/lek.sh printed      the same at n=19, 20 with the text as printed
#   bench/lek.sh small        every whole-process fault on the seven small-domain variables
#                             (vote, rumor, denials, status, flags), k=1 at n=19, 20,
#                             synchronous daemon (about 4 minutes and 12 GB each)
#   bench/lek.sh simulate     seeded runs with whole-process faults back to the start:
#                             k=1..3 at n=18k+1, 18k+2, central daemon, random and postponing
#                             schedulers (RUNS runs each, default 100000)
#   ONLY="19 20" bench/lek.sh exhaustive    only these n (k=1)
#   KS="1 2" RUNS=1000 bench/lek.sh simulate  only these k, this many runs
set -euo pipefail

WHAT=${1:?usage: bench/lek.sh exhaustive|printed|small|simulate}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$(mktemp -d /tmp/mc-lek.XXXXXX)}
RUNS=${RUNS:-100000}
REPAIRED=(-p strand=delete -p probeend=wait -p report=stop -p returned=rest -p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query)
# shellcheck disable=SC2206 # EXTRA is a list of words
REPAIRED+=(${EXTRA:-})
[[ -x /usr/bin/time ]] || { echo "lek.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
(cd "$ROOT" && go build -o "$OUT/mc" ./cmd/mc)
echo "lek.sh: $WHAT at $(git -C "$ROOT" rev-parse --short HEAD), output in $OUT" >&2

# run NAME ARGS...: one mc run, its output in $OUT/NAME.out, a summary line on stdout.
run() {
	local name=$1
	shift
	/usr/bin/time -f "%e s, %M KB" -o "$OUT/$name.time" "$OUT/mc" "$@" >"$OUT/$name.out" 2>&1 || true
	printf '%s | mc %s\n  %s\n  %s\n  %s\n' "$name" "$*" \
		"$(grep -E '^  recovery  |stabilized' "$OUT/$name.out" | head -1 | tr -s ' ' | cut -c1-200)" \
		"$(grep -E '^  explored|^  rounds|^  steps' "$OUT/$name.out" | tr -s ' ' | paste -sd';' | cut -c1-200)" \
		"$(cat "$OUT/$name.time")"
}

check() { # n k [readings...]
	local n=$1 k=$2
	shift 2
	run "$WHAT-k$k-n$n" check lek -p n="$n" -p k="$k" "$@" --daemon synchronous --check recovery \
		--faults 1 --fault-scope variable --end start --mem 16GiB
}

case $WHAT in
exhaustive)
	for n in ${ONLY:-15 16 17 18 19 20 21 22 23 24 25 26}; do check "$n" 1 "${REPAIRED[@]}"; done
	[[ -n ${ONLY:-} ]] || for n in 37 38; do check "$n" 2 "${REPAIRED[@]}"; done
	;;
printed)
	for n in 19 20; do check "$n" 1; done
	;;
small)
	for n in ${ONLY:-19 20}; do
		run "small-k1-n$n" check lek -p n="$n" "${REPAIRED[@]}" --daemon synchronous --check recovery --faults 1 \
			--fault-vars vote --fault-vars rumor --fault-vars Ldeny --fault-vars Rdeny --fault-vars status \
			--fault-vars Lflag --fault-vars Rflag --end start --mem 16GiB
	done
	;;
simulate)
	for k in ${KS:-1 2 3}; do
		for n in $((18 * k + 1)) $((18 * k + 2)); do
			for sched in random postpone; do
				run "sim-k$k-n$n-$sched" simulate lek -p n="$n" -p k="$k" "${REPAIRED[@]}" --faults "$k" \
					--end start --scheduler "$sched" --runs "$RUNS" --seed 1 --max-steps 100000
			done
		done
	done
	;;
*)
	echo "lek.sh: exhaustive, printed, small or simulate, not $WHAT" >&2
	exit 2
	;;
esac

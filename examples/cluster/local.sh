#!/usr/bin/env bash
# One machine, no scheduler: a simulation in 8 shards, 4 at a time (xargs -P), each writing
# its part, then the merge, which prints what the simulation unsharded prints
# (docs/CLUSTER.md). GNU parallel does the same: parallel -j 4 "$MC" simulate … --shard {}/8 …
#
#   examples/cluster/local.sh [MC] [DIR]     # MC: the mc binary (default: mc on PATH); DIR: the parts
set -euo pipefail
MC=${1:-mc}
DIR=${2:-parts}
mkdir -p "$DIR"
# A shard exits with its own runs' verdict (1 or 3 when a run fails): the merge decides, and
# names the shards whose part is missing.
seq 0 7 | xargs -P 4 -I{} "$MC" simulate herman -p n=7 --runs 80000 --seed 1 \
	--shard {}/8 --part-out "$DIR/part-{}.json" || true
"$MC" merge "$DIR"/part-*.json

#!/usr/bin/env bash
# Submits a run to Slurm from the directory that is to hold its parts: a job array of SHARDS
# tasks (slurm-shard.sh), and the merge (slurm-merge.sh), which starts when every task has
# succeeded. Options given to this script go to both sbatch calls (`--partition=long`,
# `--mem=8G`). Prints the two job ids.
set -euo pipefail
export GAME=${GAME:-forty-thieves}
export SEEDS=${SEEDS:-0..100000}
export SHARDS=${SHARDS:-100}
export MAX_NODES=${MAX_NODES:-10000000}
export TABLE_MIB=${TABLE_MIB:-2048}
here=$(dirname "$0")
mkdir -p parts logs
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" "$@" "$here/slurm-shard.sh")
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes "$@" \
    "$here/slurm-merge.sh")
echo "$array $merge"

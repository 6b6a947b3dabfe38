#!/usr/bin/env bash
#SBATCH --job-name=patience-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=4G
#SBATCH --output=logs/merge.out
# The merge of the parts, after every shard succeeded; it fails (exit 1), naming them, when
# shards lack deals.
set -euo pipefail
rm -f "$GAME.csv"
patience merge parts --seeds "$SEEDS" --shards "$SHARDS" --csv "$GAME.csv"

#!/usr/bin/env bash
#SBATCH --job-name=patience-shard
#SBATCH --cpus-per-task=8
#SBATCH --mem=20G
#SBATCH --output=logs/shard-%a.out
# One shard of a Slurm job array: array task K runs --shard K/SHARDS and writes parts/part-K.csv.
# SHARDS is fixed by the submission (slurm-submit.sh), not read from SLURM_ARRAY_TASK_COUNT, so
# that a failed task submitted again alone (`sbatch --array=K`) is still shard K of SHARDS.
set -euo pipefail
patience winrate "$GAME" --seeds "$SEEDS" --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" \
    --threads "$SLURM_CPUS_PER_TASK" --max-nodes "$MAX_NODES" --table-mib "$TABLE_MIB" \
    --quiet --csv "parts/part-$SLURM_ARRAY_TASK_ID.csv" --resume

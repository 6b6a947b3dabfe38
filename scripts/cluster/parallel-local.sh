#!/usr/bin/env bash
# A run cut into SHARDS parts on this machine with GNU parallel: JOBS shards at a time, one
# thread each; a part per shard in parts/, then the parts merged into GAME.csv. Run it again
# after an interruption: parallel's joblog runs only the shards that failed or never ran, and
# winrate --resume continues each one's part from its last row.
set -euo pipefail
GAME=${GAME:-forty-thieves}
SEEDS=${SEEDS:-0..10000}
SHARDS=${SHARDS:-100}
JOBS=${JOBS:-$(nproc)}
MAX_NODES=${MAX_NODES:-10000000}
TABLE_MIB=${TABLE_MIB:-2048}
mkdir -p parts
seq 0 $((SHARDS - 1)) | parallel --jobs "$JOBS" --joblog parts/joblog --resume-failed \
    patience winrate "$GAME" --seeds "$SEEDS" --shard "{}/$SHARDS" --threads 1 \
    --max-nodes "$MAX_NODES" --table-mib "$TABLE_MIB" --quiet \
    --csv "parts/part-{}.csv" --resume ">" "parts/part-{}.txt"
rm -f "$GAME.csv"
patience merge parts --seeds "$SEEDS" --shards "$SHARDS" --csv "$GAME.csv"

#!/usr/bin/env bash
# The same run over several machines with GNU parallel and ssh: HOSTS lists them, one a line,
# as `CORES/user@host` (this machine too, if it is to work: as `localhost`), each reachable by
# ssh without a password and with `patience` and rsync on its PATH. Each
# shard runs in a directory of its own on the remote machine (--workdir ...); its part goes
# there first (to continue it: --resume) and comes back when the shard ends, so the parts and
# the joblog stay on this machine. Run it again after an interruption: only the shards that
# failed or never ran start again.
set -euo pipefail
GAME=${GAME:-forty-thieves}
SEEDS=${SEEDS:-0..100000}
SHARDS=${SHARDS:-1000}
HOSTS=${HOSTS:-hosts}
MAX_NODES=${MAX_NODES:-10000000}
TABLE_MIB=${TABLE_MIB:-2048}
mkdir -p parts
for k in $(seq 0 $((SHARDS - 1))); do
    # A part that does not exist yet is sent empty: winrate --resume starts it.
    [ -e "parts/part-$k.csv" ] || : > "parts/part-$k.csv"
done
seq 0 $((SHARDS - 1)) | parallel --sshloginfile "$HOSTS" --joblog parts/joblog --resume-failed \
    --workdir ... --transferfile "parts/part-{}.csv" --return "parts/part-{}.csv" --cleanup \
    patience winrate "$GAME" --seeds "$SEEDS" --shard "{}/$SHARDS" --threads 1 \
    --max-nodes "$MAX_NODES" --table-mib "$TABLE_MIB" --quiet \
    --csv "parts/part-{}.csv" --resume ">" "/dev/null"
rm -f "$GAME.csv"
patience merge parts --seeds "$SEEDS" --shards "$SHARDS" --csv "$GAME.csv"

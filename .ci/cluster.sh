#!/usr/bin/env bash
# CI: the recipes of docs/cluster.md, run as the page shows them (scripts/cluster/), against GNU
# parallel and a live single-node Slurm on localhost (munged, slurmctld and slurmd started here
# from a short slurm.conf, stopped by pid on exit, failure included). Checks: the merged parts
# equal the unsharded run row for row (`patience compare`: identical), a killed shard finished
# with --resume merges to the same result, a part given twice makes `merge` exit 2.
# Installs parallel and Slurm with apt-get when they are missing (as root, on CI's machine).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
t0=$(date +%s)

# The game and the seeds of every run here: small, and slow enough (about 50 ms a deal) for a
# task to be killed midway.
export GAME=forty-thieves SEEDS=0..120 SHARDS=4 MAX_NODES=100000 TABLE_MIB=64
DEALS=120

export PATH="$PATH:/usr/sbin"
missing=0
for tool in parallel sbatch slurmctld slurmd munged sshd ssh rsync; do
    command -v "$tool" >/dev/null || missing=1
done
if [ "$missing" = 1 ]; then
    echo "== apt-get install parallel slurmctld slurmd slurm-client munge openssh-server rsync"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        parallel slurmctld slurmd slurm-client munge openssh-server openssh-client rsync
fi

echo "== the binary (the test build of README's cargo test)"
(cd "$repo" && cargo test --test it --no-run --quiet)
export PATH="$repo/target/debug:$PATH"
command -v patience

work=$(mktemp -d)
export PARALLEL_HOME="$work/.parallel"
mkdir -p "$PARALLEL_HOME"
touch "$PARALLEL_HOME/will-cite"

# The daemons started here, by their pid files; stopped by pid on any exit.
pidfiles=("$work/sshd/sshd.pid" "$work/slurm-daemons/slurmd.pid"
    "$work/slurm-daemons/slurmctld.pid" "$work/slurm-daemons/munge/munged.pid")
stop_daemons() {
    local status=$? f pid
    for f in "${pidfiles[@]}"; do
        pid=$(cat "$f" 2>/dev/null) || continue
        kill "$pid" 2>/dev/null || true
    done
    for f in "${pidfiles[@]}"; do
        pid=$(cat "$f" 2>/dev/null) || continue
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" || true; fi
    done
    if [ "$status" != 0 ]; then
        for f in "$work"/sshd/sshd.log "$work"/slurm-daemons/log/*.log "$work"/slurm/logs/*; do
            [ -e "$f" ] && { echo "--- $f"; tail -n 40 "$f"; }
        done
    fi
    rm -rf "$work"
}
trap stop_daemons EXIT

fail() {
    echo "cluster: FAILED: $*" >&2
    exit 1
}

# Checks that result file $2 holds the same rows as $1 (all but `seconds`), and that
# `patience compare` calls all $DEALS identical.
same_as_whole() {
    local a=$1 b=$2 text
    text=$(patience compare "$a" "$b") || fail "compare $a $b: $text"
    echo "$text" | grep -F "identical results (verdict, moves and nodes): $DEALS of $DEALS" ||
        fail "$b differs from $a: $text"
    echo "$text" | grep -F "A: $a: $GAME (" | grep -qF ", thoughtful, $DEALS rows" || fail "$text"
    echo "$text" | grep -F "B: $b: $GAME (" | grep -qF ", thoughtful, $DEALS rows" || fail "$text"
    diff <(cut -d, -f1-6,8- "$a" | sort) <(cut -d, -f1-6,8- "$b" | sort) ||
        fail "$b's rows differ from $a's"
}

# Runs `patience ...`, expecting exit status $1; prints what it said.
expect_status() {
    local want=$1 got=0
    shift
    "$@" >"$work/out.txt" 2>&1 || got=$?
    cat "$work/out.txt"
    [ "$got" = "$want" ] || fail "$* exited with $got, expected $want"
}

echo "== the unsharded run"
cd "$work"
patience winrate "$GAME" --seeds "$SEEDS" --max-nodes "$MAX_NODES" --table-mib "$TABLE_MIB" \
    --quiet --csv whole.csv
[ "$(($(wc -l <whole.csv) - 1))" = "$DEALS" ] || fail "whole.csv lacks rows"

echo "== GNU parallel on one machine (scripts/cluster/parallel-local.sh)"
mkdir "$work/parallel" && cd "$work/parallel"
JOBS=2 bash "$repo/scripts/cluster/parallel-local.sh"
same_as_whole ../whole.csv "$GAME.csv"
[ "$(ls parts/part-*.csv | wc -l)" = "$SHARDS" ] || fail "not $SHARDS parts"
# Run again: the joblog says every shard succeeded, so none runs again.
before=$(cat parts/joblog)
JOBS=2 bash "$repo/scripts/cluster/parallel-local.sh"
[ "$before" = "$(cat parts/joblog)" ] || fail "shards ran again after they succeeded"
same_as_whole ../whole.csv "$GAME.csv"

echo "== GNU parallel over ssh (scripts/cluster/parallel-ssh.sh): two hosts, one sshd on 127.0.0.1"
sshd="$work/sshd"
mkdir -p "$sshd" /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$sshd/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$sshd/id"
cp "$sshd/id.pub" "$sshd/authorized_keys"
cat >"$sshd/sshd_config" <<EOF
Port 2222
ListenAddress 127.0.0.1
HostKey $sshd/host_key
PidFile $sshd/sshd.pid
AuthorizedKeysFile $sshd/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
EOF
cat >"$sshd/ssh_config" <<EOF
Host node1 node2
    HostName 127.0.0.1
    Port 2222
    IdentityFile $sshd/id
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
    BatchMode yes
EOF
/usr/sbin/sshd -f "$sshd/sshd_config" -E "$sshd/sshd.log" || fail "sshd did not start"
for i in $(seq 50); do
    ssh -F "$sshd/ssh_config" node1 true 2>/dev/null && break
    [ "$i" = 50 ] && fail "no ssh to 127.0.0.1:2222: $(cat "$sshd/sshd.log")"
    sleep 0.1
done
mkdir "$work/ssh" && cd "$work/ssh"
printf '1/node1\n1/node2\n' >hosts
# The two hosts are this machine: parallel's ssh reads the config above, and the remote PATH
# is this one's (where the binary is).
PARALLEL_SSH="ssh -F $sshd/ssh_config" PARALLEL="--env PATH" \
    bash "$repo/scripts/cluster/parallel-ssh.sh"
same_as_whole ../whole.csv "$GAME.csv"
grep -q node2 parts/joblog || fail "no shard ran on node2: $(cat parts/joblog)"

echo "== a single-node Slurm on localhost"
slurm="$work/slurm-daemons"
mkdir -p "$slurm/state" "$slurm/spool" "$slurm/log" "$slurm/munge"
chmod 700 "$slurm/munge"
cat >"$slurm/slurm.conf" <<EOF
ClusterName=ci
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$slurm/munge/munge.socket
StateSaveLocation=$slurm/state
SlurmdSpoolDir=$slurm/spool
SlurmctldPidFile=$slurm/slurmctld.pid
SlurmdPidFile=$slurm/slurmd.pid
SlurmctldLogFile=$slurm/log/slurmctld.log
SlurmdLogFile=$slurm/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=ci Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$slurm/slurm.conf"
head -c 1024 /dev/urandom >"$slurm/munge/munge.key"
chmod 600 "$slurm/munge/munge.key"


daemons_failed() {
    echo "--- the daemons' logs:" >&2
    tail -n 40 "$slurm"/log/*.log >&2 || true
    fail "$*"
}
/usr/sbin/munged --force --key-file="$slurm/munge/munge.key" \
    --socket="$slurm/munge/munge.socket" --pid-file="$slurm/munge/munged.pid" \
    --log-file="$slurm/log/munged.log" --seed-file="$slurm/munge/munge.seed" ||
    daemons_failed "munged did not start"
/usr/sbin/slurmctld -f "$SLURM_CONF" || daemons_failed "slurmctld did not start"
/usr/sbin/slurmd -f "$SLURM_CONF" -N localhost || daemons_failed "slurmd did not start"
for i in $(seq 100); do
    [ "$(sinfo -h -n localhost -o %t 2>/dev/null)" = idle ] && break
    [ "$i" = 100 ] && daemons_failed "the node is not idle after 20 s: $(sinfo 2>&1)"
    sleep 0.2
done
sinfo

# Waits for job $1 to leave the queue; prints its final state.
wait_job() {
    for _ in $(seq 1200); do
        squeue -h -j "$1" 2>/dev/null | grep -q . || break
        sleep 0.25
    done
    squeue -h -j "$1" 2>/dev/null | grep -q . && fail "job $1 still queued after 300 s"
    scontrol show job "$1" | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2
}

# The sbatch options the CI node needs (the scripts ask for a larger node).
small=(--cpus-per-task=1 --mem=100M)

echo "== a Slurm job array and its merge (scripts/cluster/slurm-submit.sh)"
mkdir "$work/slurm" && cd "$work/slurm"
read -r array merge < <(bash "$repo/scripts/cluster/slurm-submit.sh" "${small[@]}")
echo "array $array, merge $merge"
state=$(wait_job "$merge")
[ "$state" = COMPLETED ] || fail "the merge job ended $state: $(cat logs/merge.out)"
cat logs/merge.out
same_as_whole ../whole.csv "$GAME.csv"

echo "== a killed task, submitted again alone, and the merge after it"
rm -rf parts logs "$GAME.csv"
read -r array merge < <(bash "$repo/scripts/cluster/slurm-submit.sh" "${small[@]}")
# Task 2 is cancelled (SIGTERM, then SIGKILL) once it has finished a few deals.
for i in $(seq 1200); do
    [ -e parts/part-2.csv ] && [ "$(wc -l <parts/part-2.csv)" -ge 4 ] && break
    [ "$i" = 1200 ] && fail "task 2 wrote no rows in 60 s"
    sleep 0.05
done
scancel "${array}_2"
state=$(wait_job "$merge")
[ "$state" = CANCELLED ] || fail "the merge job ended $state, expected CANCELLED (its dependency failed)"
[ "$(wait_job "${array}_2")" = CANCELLED ] || fail "task 2 was not cancelled"
rows=$(($(wc -l <parts/part-2.csv) - 1))
[ "$rows" -lt $((DEALS / SHARDS)) ] ||
    fail "task 2 finished its $rows deals before it was cancelled: give it more deals"
echo "task 2 cancelled with $rows of $((DEALS / SHARDS)) rows"
expect_status 1 patience merge parts --seeds "$SEEDS" --shards "$SHARDS"
grep -F "shard 2/4 (parts/part-2.csv) lacks" "$work/out.txt" || fail "merge did not name shard 2"
# docs/cluster.md's commands for a failed task.
again=$(sbatch --parsable --array=2 "${small[@]}" "$repo/scripts/cluster/slurm-shard.sh")
merge=$(sbatch --parsable --dependency=afterok:"$again" "${small[@]}" \
    "$repo/scripts/cluster/slurm-merge.sh")
state=$(wait_job "$merge")
[ "$state" = COMPLETED ] || fail "the merge job ended $state: $(cat logs/merge.out)"
cat logs/merge.out
same_as_whole ../whole.csv "$GAME.csv"

echo "== a part given twice"
cp parts/part-1.csv parts/part-1-again.csv
expect_status 2 patience merge parts --seeds "$SEEDS" --shards "$SHARDS"
grep -F "both hold shard 1/4" "$work/out.txt" || fail "merge did not name the part given twice"

echo "== cluster recipes: all checks passed in $(($(date +%s) - t0)) s"

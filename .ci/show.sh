#!/usr/bin/env bash
# What the replay tests (tests/it/show.rs) need, on a fresh Debian machine: Debian's chromium
# (driven headless by node through playwright-core, tests/browser, installed from its lock
# file) and tmux (the terminal replay). Under CI=true those tests fail when any is missing.
# The pages' screenshots are left in target/show-screenshots/ (CI's artifact).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v tmux >/dev/null || missing+=(tmux)
if ((${#missing[@]})); then
    echo "== apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
fi
chromium --version
tmux -V
echo "== npm ci --prefix tests/browser"
npm ci --prefix tests/browser --no-audit --no-fund

#!/usr/bin/env bash
# The Python package (python/): its lints, then `pip install ./python` into a fresh virtual
# environment (maturin, the build backend, comes from PyPI) and its pytest suite.
# Needs python3 with venv and pip, besides the Rust toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
echo "== the Python package (.ci/python.sh)"
echo "== cargo clippy -p patience-python -- -D warnings"
cargo clippy -p patience-python --all-targets -- -D warnings
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
py="$work/venv/bin/python"
echo "== pip install ./python (and pytest, pandas)"
"$py" -m pip install --quiet --disable-pip-version-check pytest pandas
"$py" -m pip install --quiet --disable-pip-version-check ./python
echo "== pytest python/tests"
# From the repository's root, so that `import patience` is the installed package, not the
# sources in python/patience.
status=0
"$py" -m pytest -p no:cacheprovider -q python/tests || status=$?
if [ "$status" -eq 5 ]; then
    echo "error: pytest collected no tests from python/tests" >&2
    exit 1
fi
echo "== python: $((SECONDS - start)) s"
exit "$status"

#!/usr/bin/env python3
"""Tables of the last `cargo bench` run, read from criterion's files under target/criterion.

    python3 benches/summary.py [TARGET_DIR]

For each bench group (rows: the games), the median time per element, from criterion's
estimate of the time per iteration and the group's throughput (elements per iteration):
ns per position, move or key for the `engine` groups, and M nodes per second for the
`solve` and `dfs` groups. Markdown, for docs/performance.md.
"""
import json
import os
import sys

ENGINE = ["generate", "apply+undo", "prune", "dead-end", "key", "key-turned-over",
          "table-insert", "table-probe"]
SOLVE = ["solve", "dfs"]
GAMES = ["stonewall", "lucky-piles", "napoleons-shoulder", "flower-garden", "wildflower",
         "lucky-thirteen", "luckier-thirteen", "napoleons-square", "forty-thieves",
         "klondike", "klondike-draw3", "lucky-piles-same-suit"]


def read(root, group, game):
    d = os.path.join(root, group, game, "new")
    try:
        with open(os.path.join(d, "benchmark.json")) as f:
            elements = json.load(f)["throughput"]["Elements"]
        with open(os.path.join(d, "estimates.json")) as f:
            ns = json.load(f)["median"]["point_estimate"]
    except (OSError, KeyError, TypeError):
        return None
    return ns / elements


def main():
    root = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "target", "criterion")
    print("ns per element (generate, prune, dead-end, key: per position; apply+undo: per move;"
          " table: per key)\n")
    print("| game | " + " | ".join(ENGINE) + " |")
    print("|---" * (len(ENGINE) + 1) + "|")
    for g in GAMES:
        cells = [read(root, grp, g) for grp in ENGINE]
        print(f"| {g} | " + " | ".join("" if c is None else f"{c:.0f}" for c in cells) + " |")
    print("\nM nodes per second (solve: the default schedule; dfs: the depth-first search alone)\n")
    print("| game | " + " | ".join(SOLVE) + " |")
    print("|---" * (len(SOLVE) + 1) + "|")
    for g in GAMES:
        cells = [read(root, grp, g) for grp in SOLVE]
        print(f"| {g} | " + " | ".join("" if c is None else f"{1e3 / c:.2f}" for c in cells)
              + " |")


if __name__ == "__main__":
    main()

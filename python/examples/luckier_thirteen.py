"""Reproduces a row of docs/results.md from Python: Luckier Thirteen, thoughtful play, seeds
0..999 at the default budget (10,000,000 nodes a deal), in the table "Seeds 0..999 at the
default budget": 952 won, 48 lost, 0 unknown, 95.20%, 95% interval [93.69%, 96.36%].

Every deal is decided well inside the budget, so the row does not depend on the machine; it
takes seconds. Run: `python examples/luckier_thirteen.py [SEEDS]` (SEEDS: how many, 1000 for
the row). With pandas installed it also shows the rows' median nodes per verdict.
"""

import math
import sys

import patience


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def row(game: str = "luckier-thirteen", seeds: int = 1000) -> dict:
    """The summary row of `patience winrate GAME --seeds 0..SEEDS` computed from the rows."""
    rows = patience.winrate(game, seeds=range(seeds))
    won = sum(r["verdict"] == "solved" for r in rows)
    lost = sum(r["verdict"] == "unsolvable" for r in rows)
    unknown = len(rows) - won - lost
    low, _ = wilson(won, len(rows))
    _, high = wilson(won + unknown, len(rows))
    return {
        "game": game,
        "deals": len(rows),
        "won": won,
        "lost": lost,
        "unknown": unknown,
        "win rate": (won / len(rows), (won + unknown) / len(rows)),
        "95% interval": (low, high),
        "rows": rows,
    }


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    r = row(seeds=seeds)
    rate_low, rate_high = r["win rate"]
    rate = f"{100 * rate_low:.2f}%"
    if r["unknown"]:
        rate += f" .. {100 * rate_high:.2f}%"
    low, high = r["95% interval"]
    print("| game | won | lost | unknown | win rate | 95% interval |")
    print(
        f"| Luckier Thirteen | {r['won']} | {r['lost']} | {r['unknown']} | {rate} "
        f"| [{100 * low:.2f}%, {100 * high:.2f}%] |"
    )
    if seeds == 1000:
        print("docs/results.md: | Luckier Thirteen | 952 | 48 | 0 | 95.20% | [93.69%, 96.36%] |")
    try:
        import pandas
    except ImportError:
        return
    df = pandas.DataFrame(r["rows"])
    print(df.groupby("verdict")["nodes"].median())


if __name__ == "__main__":
    main()

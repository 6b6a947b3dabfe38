"""A published catalogue's grades against a stronger player (docs/difficulty.md, "Napoleon's
Shoulder's published grades, against four games a deal"): for the deals of a study made with `examples/grade_study.rs
... --strong-games G` (several games a deal, so each deal's result is a share won, not a coin),
Spearman's rho between the catalogue's score (`batch::grade::score`: the lost share of the
planner's games, with its estimate as one game more, ties broken by the thoughtful nodes) and
the share the stronger player won; the
share won in each grade of the catalogue; and very easy against very hard. Nothing here is
fitted: the grades are the catalogue's own.

usage: python3 examples/grade_check.py CATALOGUE.csv STUDY.csv"""
import csv, math, sys

from spearman import spearman

GRADES = ["very-easy", "easy", "medium", "hard", "very-hard"]


def lost_share(r):
    """`batch::grade::lost_share` of a row with planner games (thousandths)."""
    plays, won = int(r["plays"]), int(r["plays_won"]) + (r["hidden"] == "won")
    games = plays + 1
    if r["chance"]:
        w, of = 1000 * won + round(min(max(float(r["chance"]), 0.0), 1.0) * 1000), games + 1
    else:
        w, of = 1000 * won, games
    return 1000 - (2 * w + of) // (2 * of)


NODE_SCALE = 10**12  # `batch::grade::NODE_SCALE`


def score(r):
    """`batch::grade::score` of such a row: the lost share, then the thoughtful nodes."""
    return lost_share(r) * NODE_SCALE + min(int(r["nodes"]), NODE_SCALE - 1)


cat = {int(r["seed"]): r for r in csv.DictReader(open(sys.argv[1]))}
study = list(csv.DictReader(open(sys.argv[2])))
rows = []
for s in study:
    r = cat[int(s["seed"])]
    if r["verdict"] != "solved" or not r["plays"]:
        continue
    rows.append((score(r), r["grade"], int(s["strong_won"]) / int(s["strong_games"]),
                 int(r["nodes"]), int(r["moves"]), lost_share(r)))

games = {int(s["strong_games"]) for s in study}
print(f"deals: {len(rows)}; stronger player's games a deal: {sorted(games)}; "
      f"share won overall {sum(x[2] for x in rows) / len(rows):.3f}")
print(f"rho (score, share won): {spearman([x[0] for x in rows], [x[2] for x in rows]):+.3f}")
# The row's other columns, for comparison (higher = harder).
for name, k in (("share lost alone", 5), ("thoughtful nodes", 3), ("solution length", 4)):
    print(f"rho ({name}, share won): {spearman([x[k] for x in rows], [x[2] for x in rows]):+.3f}")
per = {}
for g in GRADES:
    part = [x[2] for x in rows if x[1] == g]
    per[g] = sum(part) / len(part) if part else float("nan")
    print(f"  {g:10} {len(part):4} deals, share won {per[g]:.3f}")
if per["very-hard"] > 0:
    print(f"very easy / very hard: {per['very-easy'] / per['very-hard']:.2f}")


def ceiling(wins, n):
    """The best very easy / very hard any grade could show against this player: each deal's
    true chance p modelled as Beta(a, b), fitted by moments to the deals' wins of n games
    (Var(k/n) = Var(p) (1 - 1/n) + (m - m^2) / n), then the mean p of the easiest fifth of
    that distribution over that of the hardest. None where the fit fails (no spread left)."""
    if n < 2 or len(wins) < 2:
        return None
    shares = [k / n for k in wins]
    m = sum(shares) / len(shares)
    v = sum((x - m) ** 2 for x in shares) / (len(shares) - 1)
    vp = (v - (m - m * m) / n) / (1 - 1 / n)
    if vp <= 0 or m * (1 - m) <= vp:
        return None
    c = m * (1 - m) / vp - 1
    a, b = m * c, (1 - m) * c
    # The Beta density on a fine grid (its ends integrable for any a, b > 0).
    g = 100_000
    xs = [(i + 0.5) / g for i in range(g)]
    w = [math.exp((a - 1) * math.log(x) + (b - 1) * math.log(1 - x)) for x in xs]
    total = sum(w)
    low = high = low_w = high_w = 0.0
    seen = 0.0
    for x, wx in zip(xs, w):
        if seen < 0.2 * total:
            low, low_w = low + wx * x, low_w + wx
        if seen >= 0.8 * total:
            high, high_w = high + wx * x, high_w + wx
        seen += wx
    return a, b, low / low_w, high / high_w


if len(games) == 1:
    (n,) = games
    c = ceiling([int(s["strong_won"]) for s in study], n)
    if c and c[2] > 0:
        print(f"ceiling (true chances as Beta({c[0]:.2f}, {c[1]:.2f})): hardest fifth {c[2]:.3f}, "
              f"easiest {c[3]:.3f}, {c[3] / c[2]:.2f} times")

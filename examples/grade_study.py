"""The grade study's analysis (docs/difficulty.md, "Does the grade predict a player?"): which
measure of a catalogue row, with the K planner games of `examples/grade_study.rs`, predicts the
stronger planner's result? Spearman's rho on each half of the deals (even and odd seeds), and
the stronger planner's win rate in each of five grades on the odd half, the thresholds being
the even half's quintiles.

usage: python3 examples/grade_study.py CATALOGUE.csv STUDY.csv CARDS [FIT_CATALOGUE.csv FIT_STUDY.csv]
(CARDS: the game's number of cards, 52 or 104, for the length term.) With the FIT files (a study
of other deals), the measure chosen, (games won + chance) / (games + 1), is confirmed: the
thresholds are the FIT deals' quintiles, and rho and the win rate per grade are those of all
the deals of the first two files."""
import csv, sys

from spearman import spearman

cards = int(sys.argv[3])

def score(r):
    """The grade's score (batch::grade::score), in points; None where not gradable."""
    if r["verdict"] != "solved" or not r["narrow"] or not r["moves"]:
        return None
    n, u, c, m = int(r["narrow"]), int(r["undecided"] or 0), int(r["choices"] or 0), int(r["moves"])
    if 2 * u > c:
        return None
    s = n + m / cards
    if r["hidden_by"] == "planner":
        if r["chance"]:
            s += 1 - float(r["chance"])
        s += 1 if r["hidden"] == "lost" else 0
    return s

def load(cat_path, study_path):
    """The winnable deals of a catalogue with their study row, as dicts of the measures."""
    cat = {int(r["seed"]): r for r in csv.DictReader(open(cat_path))}
    study = {int(r["seed"]): r for r in csv.DictReader(open(study_path))}
    rows = []
    for seed, s in sorted(study.items()):
        r = cat.get(seed)
        if r is None or r["verdict"] != "solved":
            continue
        k, kw = int(s["k"]), int(s["k_won"])
        rows.append({
            "seed": seed,
            # With several strong games a deal (`--strong-games`), the share of them won.
            "won": int(s["strong_won"]) / int(s.get("strong_games") or 1),
            "score": score(r),
            "share": kw / k,
            "kw": kw, "k": k, "hw": 1 if r["hidden"] == "won" else 0,
            "chance": float(r["chance"]) if r["chance"] else None,
            "narrow": int(r["narrow"] or 0),
            "length": int(r["moves"]) / cards,
            "hidden_lost": 1 if r["hidden"] == "lost" else 0,
        })

    return rows


rows = load(sys.argv[1], sys.argv[2])

def measure(name, f):
    out = []
    for half in (0, 1):
        part = [x for x in rows if x["seed"] % 2 == half and f(x) is not None]
        if len(part) < 5:
            out.append(("-", len(part)))
            continue
        out.append((spearman([f(x) for x in part], [x["won"] for x in part]), len(part)))
    return out

def five(f, fit, test):
    """Thresholds at the fit half's quintiles; the test half's win rate per grade."""
    vals = sorted(f(x) for x in fit if f(x) is not None)
    if len(vals) < 10:
        return None
    t = [vals[min(len(vals) - 1, int(q * len(vals)))] for q in (0.2, 0.4, 0.6, 0.8)]
    grades = [[] for _ in range(5)]
    for x in test:
        v = f(x)
        if v is None:
            continue
        g = sum(v > ti for ti in t)
        grades[g].append(x["won"])
    return [(sum(g) / len(g) if g else float("nan"), len(g)) for g in grades]

cands = {
    "-(kw+chance)/(K+1)": lambda x: -(x["kw"] + (x["chance"] or 0)) / (x["k"] + 1),
    "-(kw+hw)/(K+1)": lambda x: -(x["kw"] + x["hw"]) / (x["k"] + 1),
    "-(kw+hw+chance)/(K+2)": lambda x: -(x["kw"] + x["hw"] + (x["chance"] or 0)) / (x["k"] + 2),
    "-(kw+hw+chance)/(K+2)+len/40": lambda x: -(x["kw"] + x["hw"] + (x["chance"] or 0)) / (x["k"] + 2) + x["length"] / 40,

    "score (today's grade)": lambda x: x["score"],
    "-share of K cheap games won": lambda x: -x["share"],
    "-catalogue chance": lambda x: None if x["chance"] is None else -x["chance"],
    "narrow": lambda x: x["narrow"],
    "length": lambda x: x["length"],
    "-share - chance/2": lambda x: -x["share"] - (x["chance"] or 0) / 2,
    "-share + length/10": lambda x: -x["share"] + x["length"] / 10,
}
print(f"winnable deals studied: {len(rows)}; strong player won {sum(x['won'] for x in rows)}")
for name, f in cands.items():
    (r0, n0), (r1, n1) = measure(name, f)
    fmt = lambda r: r if isinstance(r, str) else f"{r:+.3f}"
    fit = [x for x in rows if x["seed"] % 2 == 0]
    test = [x for x in rows if x["seed"] % 2 == 1]
    g = five(f, fit, test)
    gtxt = " ".join(f"{w:.2f}({n})" for w, n in g) if g else "-"
    print(f"{name:32} rho even {fmt(r0)} (n={n0})  odd {fmt(r1)} (n={n1})  odd-half win rate by grade: {gtxt}")

if len(sys.argv) > 5:
    fit = load(sys.argv[4], sys.argv[5])
    for name in ("score (today's grade)", "-(kw+hw+chance)/(K+2)"):
        f = cands[name]
        both = [x for x in rows if f(x) is not None]
        r = spearman([f(x) for x in both], [x["won"] for x in both])
        g = five(f, fit, rows)
        print(f"{name}: on {len(both)} deals (thresholds from {len(fit)} others): rho {r:+.3f}; "
              "won per grade: " + " ".join(f"{w:.2f}({n})" for w, n in g))

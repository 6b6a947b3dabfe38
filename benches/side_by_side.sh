#!/usr/bin/env bash
# Times patience against lonelybot (vuonghy2442/lonelybot, its CLI `lonecli`) on the same
# Klondike deals, in one interleaved run.
#
#   benches/side_by_side.sh [--batch] LONECLI PATIENCE [FIRST_SEED] [DEALS] [CPU] [DRAW] [-- PATIENCE_SOLVE_ARGS...]
#
#   LONECLI   path to a release build of lonelybot's `lonecli` (built outside this repository;
#             nothing of it is kept here)
#   PATIENCE  path to a release build of our `patience`
#   FIRST_SEED, DEALS  lonelybot's `default` seeds FIRST_SEED..FIRST_SEED+DEALS (0 and 100)
#   CPU       the core both are pinned to with `taskset -c` (0)
#   DRAW      3 (klondike-draw3, the default) or 1 (klondike)
#   --batch   afterwards, each in one process on the same core, the same deals: ours by the
#             example `deal_batch` built beside PATIENCE (`cargo build --release --example
#             deal_batch`: the converted deal files solved one after another by one solver, as
#             a `winrate --threads 1` worker solves its seeds) and `lonecli rate default FIRST
#             DRAW` (it runs on without end, so it is stopped after DEALS deals, its CPU time
#             read when the last one is printed)
#   after `--`: extra arguments for `patience solve` (e.g. `--max-nodes 20000000`)
#
# For each seed: `lonecli print default N` gives lonelybot's deal as JSON (Solvitaire's shape:
# piles bottom card first, the stock's last card turned first); it becomes our deal file by
# dropping its empty `foundation` list and naming the variant. Then, deal by deal, one process
# per deal, each pinned to the same core, the two alternate who goes first:
#   lonecli solve default N DRAW               (thoughtful, no budget)
#   patience solve VARIANT --deal FILE --json  (thoughtful, the default budget)
# and the wall time and the CPU time (user + system) of each process are taken.
#
# The orientation of the converted deals is checked, not assumed: every lonelybot solution (its
# standard move list: `=` a turn of the stock, `CARD:FROM▸TO`) is translated into our move
# tokens, tracking the cards, and replayed by `patience check` on the converted deal; every
# solution of ours is replayed too; and the verdicts are compared. A lonelybot solution that
# does not replay, or a deal won by one and proved lost by the other, stops the script with
# exit status 1 after the summary.
#
# Prints one line per deal and the totals with the ratio. Needs python3 and taskset.
set -euo pipefail

POS=()
BATCH=0
while [[ $# -gt 0 && $1 != "--" ]]; do
    if [[ $1 == "--batch" ]]; then
        BATCH=1
    else
        POS+=("$1")
    fi
    shift
done
[[ ${1:-} == "--" ]] && shift
if [[ ${#POS[@]} -lt 2 || ${#POS[@]} -gt 6 ]]; then
    sed -n '2,17p' "$0" >&2
    exit 2
fi
LONECLI=${POS[0]}
PATIENCE=${POS[1]}
FIRST=${POS[2]:-0}
DEALS=${POS[3]:-100}
CPU=${POS[4]:-0}
DRAW=${POS[5]:-3}
[[ $DRAW == 1 || $DRAW == 3 ]] || { echo "error: DRAW must be 1 or 3, not $DRAW" >&2; exit 2; }
for bin in "$LONECLI" "$PATIENCE"; do
    [[ -x $bin ]] || { echo "error: $bin is not an executable" >&2; exit 2; }
done
command -v taskset >/dev/null || { echo "error: taskset is needed (util-linux)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

exec python3 - "$LONECLI" "$PATIENCE" "$FIRST" "$DEALS" "$CPU" "$WORK" "$DRAW" "$BATCH" "$@" <<'PY'
import csv, json, os, re, signal, subprocess, sys, time

lonecli, patience, first, deals, cpu, work, draw, batch = sys.argv[1:9]
extra = sys.argv[9:]
first, deals, draw, batch = int(first), int(deals), int(draw), batch == "1"
VARIANT = "klondike-draw3" if draw == 3 else "klondike"

def run(args):
    """Runs one pinned process: (stdout, exit code, wall seconds, CPU seconds)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(["taskset", "-c", cpu] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return out, p.returncode, wall, ru.ru_utime + ru.ru_stime

def convert(text):
    """lonelybot's `print` JSON -> our deal file (docs/formats.md)."""
    d = json.loads(text)
    assert all(f == [] for f in d.get("foundation", [])), "a deal starts with empty foundations"
    assert d.get("waste", []) == [], "a deal starts with an empty waste"
    return {"variant": VARIANT, "tableau piles": d["tableau piles"], "stock": d["stock"],
            "waste": []}

SUITS = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}

def card(tok):
    """`10♣` -> `10C`; a deal token `10c` -> `10C`."""
    if tok[-1] in SUITS:
        return tok[:-1] + SUITS[tok[-1]]
    return tok[:-1] + tok[-1].upper()

def translate(deal, standard):
    """lonelybot's standard move list -> our move tokens, on `deal`, tracking every card.
    Raises AssertionError where a move does not fit the deal (a wrong orientation)."""
    piles = [[card(c) for c in p] for p in deal["tableau piles"]]
    stock = [card(c) for c in deal["stock"]]   # last card: the next turned
    waste = []                                 # last card: the top
    found = [None] * 4                         # the suit of each foundation
    out = []

    def foundation(suit, ace):
        if suit not in found:
            assert ace, f"no foundation holds {suit}"
            found[found.index(None)] = suit
        return found.index(suit) + 1

    for tok in standard.split():
        if tok == "=":
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop())
                out.append("S>W")
            else:
                assert waste, "a turn with no talon"
                stock, waste = waste[::-1], []
                out.append("W>S")
            continue
        m = re.fullmatch(r"(.+):(.)▸(.)", tok)
        assert m, f"unknown move {tok!r}"
        c, src, dst = card(m.group(1)), m.group(2), m.group(3)
        if src == "D":
            assert waste and waste[-1] == c, f"{tok}: the waste's top is {waste[-1:]}"
            waste.pop()
            src_tok, cards = "W", [c]
        elif src in SUITS:
            f = foundation(SUITS[src], False)
            src_tok, cards = f"F{f}", [c]
        else:
            pile = piles[int(src) - 1]
            assert c in pile, f"{tok}: {c} is not in pile {src}"
            i = pile.index(c)
            cards = pile[i:]
            del pile[i:]
            src_tok = f"T{src}"
        if dst in SUITS:
            assert len(cards) == 1
            out.append(f"{src_tok}>F{foundation(SUITS[dst], c.startswith('A'))}")
        else:
            piles[int(dst) - 1].extend(cards)
            n = len(cards)
            out.append(f"{src_tok}>T{dst}" + (f"x{n}" if n > 1 else ""))
    return out

def lonelybot_result(out):
    if "Solvable in" in out:
        lines = out.splitlines()
        i = next(k for k, l in enumerate(lines) if l.startswith("Solvable in"))
        # the native list, then the standard one (`=` and CARD:FROM▸TO), each after a blank line
        standard = next(l for l in lines[i + 1:] if "▸" in l or l.strip().startswith("="))
        return "solved", standard
    if "Impossible" in out:
        return "unsolvable", None
    return "unknown", None

rows = []
bad = []
for k, seed in enumerate(range(first, first + deals)):
    text, rc, _, _ = run([lonecli, "print", "default", str(seed)])
    assert rc == 0, f"lonecli print default {seed} failed"
    deal = convert(text)
    path = os.path.join(work, f"{seed}.json")
    with open(path, "w") as f:
        json.dump(deal, f)
    lb_cmd = [lonecli, "solve", "default", str(seed), str(draw)]
    pt_cmd = [patience, "solve", VARIANT, "--deal", path, "--json"] + extra
    order = [("lb", lb_cmd), ("pt", pt_cmd)]
    if k % 2:
        order.reverse()
    res = {}
    for who, cmd in order:
        res[who] = run(cmd)
    lb_out, _, lb_wall, lb_cpu = res["lb"]
    pt_out, pt_rc, pt_wall, pt_cpu = res["pt"]
    lb_verdict, standard = lonelybot_result(lb_out)
    pt = json.loads(pt_out)
    pt_verdict = pt["verdict"]
    # The orientation check: each solution replays on the converted deal.
    notes = []
    if standard is not None:
        try:
            moves = translate(deal, standard)
        except AssertionError as e:
            moves = None
            notes.append(f"lonelybot's solution does not fit the converted deal: {e}")
        if moves is not None:
            mpath = os.path.join(work, f"{seed}.lb.moves")
            with open(mpath, "w") as f:
                f.write(" ".join(moves) + "\n")
            out, rc, _, _ = run([patience, "check", VARIANT, "--deal", path, mpath])
            if rc != 0:
                notes.append(f"lonelybot's solution, translated, does not win here: {out.strip()}")
    if pt_verdict == "solved":
        rpath = os.path.join(work, f"{seed}.pt.json")
        with open(rpath, "w") as f:
            f.write(pt_out)
        out, rc, _, _ = run([patience, "check", VARIANT, "--deal", path, rpath])
        if rc != 0:
            notes.append(f"our solution does not replay: {out.strip()}")
    if {lb_verdict, pt_verdict} == {"solved", "unsolvable"}:
        notes.append(f"verdicts contradict: lonelybot {lb_verdict}, patience {pt_verdict}")
    if notes:
        bad.append((seed, notes))
    rows.append((seed, lb_verdict, lb_wall, lb_cpu, pt_verdict, pt.get("nodes", 0), pt_wall, pt_cpu))
    print(f"seed {seed:4}  lonelybot {lb_verdict:10} {lb_wall:8.3f} s   "
          f"patience {pt_verdict:10} {pt['nodes']:>10} nodes {pt_wall:8.3f} s"
          + ("   " + "; ".join(notes) if notes else ""), flush=True)

def total(i):
    return sum(r[i] for r in rows)

lb_wall, lb_cpu, pt_wall, pt_cpu = total(2), total(3), total(6), total(7)
count = lambda i, v: sum(1 for r in rows if r[i] == v)
replayed = sum(1 for r in rows if r[1] == "solved") - sum(
    1 for s, n in bad if any(x.startswith("lonelybot's solution") for x in n))
print()
print(f"deals: lonelybot default seeds {first}..{first + deals - 1}, Klondike draw {draw}, "
      f"one process per deal, both pinned to core {cpu}, interleaved")
print(f"lonelybot: {count(1, 'solved')} solved, {count(1, 'unsolvable')} unsolvable, "
      f"{count(1, 'unknown')} other; {lb_wall:.2f} s wall, {lb_cpu:.2f} s CPU")
print(f"patience:  {count(4, 'solved')} solved, {count(4, 'unsolvable')} unsolvable, "
      f"{count(4, 'unknown')} unknown; {pt_wall:.2f} s wall, {pt_cpu:.2f} s CPU, "
      f"{total(5)} nodes ({total(5) / max(pt_cpu, 1e-9) / 1e6:.2f} M nodes per CPU second)")
print(f"ratio patience / lonelybot: {pt_wall / lb_wall:.2f} (wall), {pt_cpu / max(lb_cpu, 1e-9):.2f} (CPU)")
print(f"orientation: {replayed} of {count(1, 'solved')} lonelybot solutions replay on the "
      f"converted deals; verdicts agree wherever both decided: "
      f"{'yes' if not any('contradict' in x for _, n in bad for x in n) else 'NO'}")
unknown_here = [r[0] for r in rows if r[1] in ("solved", "unsolvable") and r[4] == "unknown"]
print(f"decided by lonelybot, unknown here: {' '.join(map(str, unknown_here)) or 'none'}")

def cpu_of(pid):
    """User + system CPU seconds of a running process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

if batch:
    print()
    csv_path = os.path.join(work, "batch.csv")
    deal_batch = os.path.join(os.path.dirname(patience), "examples", "deal_batch")
    assert os.access(deal_batch, os.X_OK), f"{deal_batch}: build it with --example deal_batch"
    files = [os.path.join(work, f"{seed}.json") for seed in range(first, first + deals)]
    out, rc, wall, pt_batch = run([deal_batch, VARIANT, csv_path] + files)
    assert rc == 0, f"deal_batch exited {rc}"
    with open(csv_path) as f:
        verdicts = [r["verdict"] for r in csv.DictReader(f)]
    n = {v: verdicts.count(v) for v in ("solved", "unsolvable", "unknown")}
    print(f"batch patience: deal_batch {VARIANT} on lonelybot's seeds {first}..{first + deals} "
          f"(its deals): {n['solved']} solved, {n['unsolvable']} unsolvable, {n['unknown']} "
          f"unknown; {wall:.2f} s wall, {pt_batch:.2f} s CPU, {len(verdicts) / max(pt_batch, 1e-9):.1f} deals "
          f"per CPU second")
    t0 = time.perf_counter()
    p = subprocess.Popen(["taskset", "-c", cpu, lonecli, "rate", "default", str(first),
                          str(draw)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True)
    results, lb_batch = [], None
    for line in p.stdout:
        m = re.match(r"Run \S+ (\w+):", line)
        if m:
            results.append(m.group(1))
            if len(results) == deals:
                lb_batch = cpu_of(p.pid)
                wall = time.perf_counter() - t0
                break
    p.send_signal(signal.SIGKILL)
    p.wait()
    assert lb_batch is not None, "lonecli rate stopped early"
    n = {v: results.count(v) for v in ("Solved", "Unsolvable", "Terminated")}
    print(f"batch lonelybot: rate default {first} {draw}, stopped after {deals} deals "
          f"(its seeds): {n['Solved']} solved, {n['Unsolvable']} unsolvable, "
          f"{len(results) - n['Solved'] - n['Unsolvable']} other; {wall:.2f} s wall, "
          f"{lb_batch:.2f} s CPU, {deals / max(lb_batch, 1e-9):.1f} deals per CPU second")
    print(f"batch ratio patience / lonelybot (CPU): {pt_batch / max(lb_batch, 1e-9):.2f}")

if bad:
    print()
    for seed, notes in bad:
        print(f"seed {seed}: " + "; ".join(notes))
    sys.exit(1)
PY

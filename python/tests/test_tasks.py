"""The tasks both faces share: the Python package takes or refuses the deal files of
tests/data/deals as the `patience` command does, with the same reason (tests/it/tasks.rs holds
the command to the same table). Where a `patience` binary is at hand (`PATIENCE_BIN`, else the
repository's target/debug or target/release), each answer is also compared with the command's:
a solve's verdict, moves, nodes and text, a hint's move and counts.
"""

import csv
import json
import os
import pathlib
import subprocess

import pytest

import patience

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEALS = ROOT / "tests" / "data" / "deals"
MAX_NODES = 2000
SAMPLES = 4
SAMPLE_NODES = 300


def cases():
    with open(DEALS / "cases.csv", newline="") as f:
        return [(r["file"], r["game"], r["refusal"]) for r in csv.DictReader(f)]


def command():
    """The `patience` binary to compare with, or None."""
    given = os.environ.get("PATIENCE_BIN")
    if given:
        return given
    for build in ("debug", "release"):
        path = ROOT / "target" / build / "patience"
        if path.is_file():
            return str(path)
    return None


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True)


def untimed(text):
    """A solve's text without the timings: the counters' line cut at its first parenthesis."""
    return [line.split(" (")[0] if line.startswith("nodes ") else line for line in text.splitlines()]


def test_the_table_has_good_and_bad_deals():
    refusals = [r for _, _, r in cases()]
    assert any(r == "" for r in refusals) and any(r != "" for r in refusals)


@pytest.mark.parametrize("file,game,refusal", cases())
def test_solve_check_and_play_take_or_refuse_a_deal_file_as_the_command(file, game, refusal):
    text = (DEALS / file).read_text()
    tasks = [
        lambda: patience.solve(text, game=game, max_nodes=MAX_NODES),
        lambda: patience.check(text, ["T2>F1"], game=game),
        lambda: patience.play(text, game=game, max_nodes=MAX_NODES),
    ]
    if refusal:
        for task in tasks:
            with pytest.raises(patience.DealError) as e:
                task()
            assert str(e.value) == refusal
    else:
        s, c, p = (task() for task in tasks)
        assert s.verdict in ("solved", "unsolvable", "unknown")
        assert c["moves"] == 1
        assert p["won"] == s.solved and p["nodes"] == s.nodes
    cli = command()
    if cli is None:
        return
    out = run(cli, "solve", game, "--deal", str(DEALS / file), "--max-nodes", str(MAX_NODES), "--json")
    if refusal:
        assert out.returncode == 2
        assert out.stderr.strip() == f"error: {DEALS / file}: {refusal}"
    else:
        answer = json.loads(out.stdout)
        assert (answer["verdict"], answer["moves"], answer["nodes"]) == (s.verdict, s.moves, s.nodes)
        # The text is the command's, but for the timings of the counters' line.
        text = run(cli, "solve", game, "--deal", str(DEALS / file), "--max-nodes", str(MAX_NODES))
        assert untimed(text.stdout) == untimed(str(s))


@pytest.mark.parametrize("file,game,refusal", cases())
def test_hint_gives_the_command_hint_or_refuses_as_it(file, game, refusal):
    # hint reads a deal file as a position (unknown cards written ??), so a deal it refuses is
    # "not a legal ... position" where solve's is "not a legal ... deal": the two faces agree.
    def hint():
        text = (DEALS / file).read_text()
        return patience.hint(text, game=game, samples=SAMPLES, sample_nodes=SAMPLE_NODES)

    cli = command()
    if cli is None:
        pytest.skip("no patience binary")
    budget = ["--samples", str(SAMPLES), "--sample-nodes", str(SAMPLE_NODES)]
    out = run(cli, "hint", game, "--deal", str(DEALS / file), *budget)
    if refusal:
        with pytest.raises(patience.DealError) as e:
            hint()
        assert out.returncode == 2
        assert out.stderr.strip() == f"error: {DEALS / file}: {e.value}"
        return
    h = hint()
    lines = out.stdout.splitlines()
    if h["move"] is None:
        assert out.returncode == 1
        assert any(line == f"no move to recommend: {h['resign']}" for line in lines)
    else:
        assert out.returncode == 0
        assert any(line.startswith(f"best move: {h['move']}  ") for line in lines)
    if h["unknown_cards"]:
        wins = f"from here: {h['sample_wins']} of {h['samples']} fill-ins won by the solver, {h['sample_unknown']} unknown"
        assert any(line.startswith(wins) for line in lines)


def test_a_solve_result_for_another_deal_is_refused_as_the_command_refuses_it():
    one = patience.deal("stonewall", seed=1)
    result = patience.solve("stonewall", seed=2, max_nodes=MAX_NODES).to_dict()
    # The result names its seed: another seed is refused before the cards are compared.
    with pytest.raises(patience.MovesError, match="the solve result is for seed 2, the deal is seed 1"):
        patience.check(one, json.dumps(result))
    # Without the seeds, the cards of the result's deal are compared with the deal given.
    result.pop("seed")
    result["deal"] = patience.deal("stonewall", seed=2)
    bare = {k: v for k, v in one.items() if k != "seed"}
    with pytest.raises(patience.MovesError, match="the solve result is for another deal than the deal given: T1 is "):
        patience.check(bare, json.dumps(result))

"""The tasks both faces share: the Python package takes or refuses the deal files of
tests/data/deals as the `patience` command does, with the same reason (tests/it/tasks.rs holds
the command to the same table). Where a `patience` binary is at hand (`PATIENCE_BIN`, else the
repository's target/debug or target/release), each answer is also compared with the command's.
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


def test_the_table_has_good_and_bad_deals():
    refusals = [r for _, _, r in cases()]
    assert any(r == "" for r in refusals) and any(r != "" for r in refusals)


@pytest.mark.parametrize("file,game,refusal", cases())
def test_solve_and_check_take_or_refuse_a_deal_file_as_the_command(file, game, refusal):
    text = (DEALS / file).read_text()
    if refusal:
        with pytest.raises(patience.DealError) as e:
            patience.solve(text, game=game, max_nodes=MAX_NODES)
        assert str(e.value) == refusal
        with pytest.raises(patience.DealError) as e:
            patience.check(text, ["T2>F1"], game=game)
        assert str(e.value) == refusal
    else:
        s = patience.solve(text, game=game, max_nodes=MAX_NODES)
        assert s.verdict in ("solved", "unsolvable", "unknown")
        assert patience.check(text, ["T2>F1"], game=game)["moves"] == 1
    cli = command()
    if cli is None:
        return
    out = subprocess.run(
        [cli, "solve", game, "--deal", str(DEALS / file), "--max-nodes", str(MAX_NODES), "--json"],
        capture_output=True,
        text=True,
    )
    if refusal:
        assert out.returncode == 2
        assert out.stderr.strip() == f"error: {DEALS / file}: {refusal}"
    else:
        answer = json.loads(out.stdout)
        assert (answer["verdict"], answer["nodes"]) == (s.verdict, s.nodes)


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

"""The Python package against the command's answers.

The pinned values were computed once with the command line (`patience solve GAME --seed 1
--max-nodes 200000 --json`, `patience winrate ... --csv`); the package must give the same.
"""

import hashlib
import os
import signal
import threading

import pytest

import patience

MAX_NODES = 200_000

# (game, verdict, moves, nodes, limit, sha256 of the moves joined by blanks, first 16 digits)
# of `patience solve GAME --seed 1 --max-nodes 200000 --json`.
GOLDEN = [
    ("stonewall", "solved", 120, 1366, None, "ccff672f8a596b54"),
    ("lucky-piles", "solved", 115, 17839, None, "d57ccd02d8d217e2"),
    ("napoleons-shoulder", "solved", 960, 18152, None, "8b7e02667d1d782e"),
    ("flower-garden", "solved", 157, 8154, None, "716c173c695f802f"),
    ("wildflower", "solved", 138, 2233, None, "0e1ef3c7c834608e"),
    ("lucky-thirteen", "unsolvable", 0, 0, None, "e3b0c44298fc1c14"),
    ("luckier-thirteen", "solved", 78, 80, None, "42f284a6b9680ef8"),
    ("napoleons-square", "unknown", 0, 200000, "nodes", "e3b0c44298fc1c14"),
    ("forty-thieves", "unknown", 0, 200000, "nodes", "e3b0c44298fc1c14"),
    ("klondike", "solved", 182, 91, None, "cee8a7fcdc7479a0"),
    ("klondike-draw3", "solved", 148, 219, None, "83a3954f67d30428"),
    ("lucky-piles-same-suit", "solved", 104, 645, None, "c1fb82cbef81d37e"),
]

# `patience winrate stonewall --seeds 0..19 --max-nodes 100000 --csv FILE`: (seed, verdict,
# moves, nodes, limit), in seed order.
STONEWALL_ROWS = [
    (0, "solved", 119, 5759, None),
    (1, "solved", 120, 1366, None),
    (2, "unsolvable", None, 0, None),
    (3, "unsolvable", None, 0, None),
    (4, "unsolvable", None, 0, None),
    (5, "solved", 85, 18044, None),
    (6, "unsolvable", None, 3333, None),
    (7, "unsolvable", None, 268, None),
    (8, "unsolvable", None, 4396, None),
    (9, "unsolvable", None, 1719, None),
    (10, "unsolvable", None, 0, None),
    (11, "unsolvable", None, 0, None),
    (12, "unknown", None, 100000, "nodes"),
    (13, "solved", 94, 2690, None),
    (14, "solved", 94, 45862, None),
    (15, "unsolvable", None, 0, None),
    (16, "solved", 121, 921, None),
    (17, "unsolvable", None, 0, None),
    (18, "solved", 106, 236, None),
]

# `patience winrate klondike --seeds 0..4 --knowledge hidden --samples 4 --sample-nodes 300
# --max-nodes 20000 --csv FILE`: (seed, verdict, moves, nodes).
KLONDIKE_HIDDEN_ROWS = [
    (0, "solved", 169, 48021),
    (1, "solved", 182, 49473),
    (2, "unsolvable", None, 0),
    (3, "solved", 163, 49931),
]

# `patience winrate klondike --seeds 1..7 --pysol --max-nodes 20000 --csv FILE` (PySolFC's
# game numbers start at 1).
KLONDIKE_PYSOL_ROWS = [
    (1, "solved", 177, 58),
    (2, "solved", 157, 68),
    (3, "solved", 144, 80),
    (4, "solved", 210, 94),
    (5, "solved", 220, 112),
    (6, "solved", 234, 112),
]

STONEWALL_RULES = """\
id = "my-stonewall"
name = "My Stonewall"
decks = 1
piles = [6, 6, 6, 6, 6, 6]
face_down = "odd"
sight = "faces"
reserve = 16
build = "down-alt-colour"
moves = "runs"
spaces = "any"
"""


def moves_digest(moves):
    return hashlib.sha256(" ".join(moves).encode()).hexdigest()[:16]


def test_variants_lists_every_game_in_order():
    games = patience.variants()
    assert [g["id"] for g in games] == [g[0] for g in GOLDEN]
    assert games[0]["name"] == "Stonewall"
    assert "16 open reserve" in games[0]["summary"]


def test_deal_equals_the_command_deal_file():
    d = patience.deal("stonewall", seed=1)
    assert d["variant"] == "stonewall"
    assert d["seed"] == 1
    assert d["tableau piles"][0] == ["7h", "4H", "9c", "8S", "Jc", "3C"]
    assert d["reserve"][:3] == ["7D", "KC", "3D"]
    assert len(d["reserve"]) == 16


def test_deal_of_a_pysol_number():
    d = patience.deal("klondike", pysol=1)
    assert d["tableau piles"][0] == ["QH"]
    assert d["tableau piles"][6][-1] == "AS"
    assert d["waste"] == ["4H"]
    assert len(d["stock"]) == 23


@pytest.mark.parametrize("game,verdict,n_moves,nodes,limit,digest", GOLDEN)
def test_solve_equals_the_command_json(game, verdict, n_moves, nodes, limit, digest):
    s = patience.solve(game, seed=1, max_nodes=MAX_NODES)
    assert (s.variant, s.seed, s.verdict) == (game, 1, verdict)
    assert len(s.moves) == n_moves
    assert s.nodes == nodes
    assert s.limit == limit
    assert moves_digest(s.moves) == digest
    assert s.solved == (verdict == "solved")
    result = s.to_dict()
    assert result["verdict"] == verdict and result["nodes"] == nodes
    assert result["max_nodes"] == MAX_NODES
    if verdict == "solved":
        assert patience.check(s.deal, s.moves)["won"]


def test_solve_prints_a_verified_solution():
    # `patience solve stonewall --seed 1` (default limits): 105 moves, 12237 nodes; the text is
    # the command's, the counters and the pruning line included.
    text = str(patience.solve("stonewall", seed=1))
    lines = text.splitlines()
    assert lines[0] == "solved in 105 moves (verified by replay)"
    assert lines[1].split() == ["1.", "T2>F1", "AS", "to", "the", "foundation"]
    assert lines[2].split() == ["2.", "R6>F2", "AD", "to", "the", "foundation"]
    assert len(lines) == 1 + 105 + 2
    assert lines[-2].startswith("nodes 12237 (")
    assert lines[-1].startswith("pruning on: ")
    assert "verdict='solved'" in repr(patience.solve("stonewall", seed=1))


def test_solve_a_deal_given_as_a_dict_or_json_text():
    import json

    d = patience.deal("stonewall", seed=1)
    by_dict = patience.solve(d, max_nodes=MAX_NODES)
    by_text = patience.solve(json.dumps(d), max_nodes=MAX_NODES)
    assert by_dict.moves == by_text.moves == patience.solve("stonewall", seed=1, max_nodes=MAX_NODES).moves
    # Without its variant, the deal needs game=.
    del d["variant"]
    assert patience.solve(d, game="stonewall").verdict == "solved"
    with pytest.raises(patience.BadInputError, match="names no variant"):
        patience.solve(d)


def test_a_rules_file_is_a_game(tmp_path):
    path = tmp_path / "my-stonewall.toml"
    path.write_text(STONEWALL_RULES)
    s = patience.solve(str(path), seed=1, max_nodes=MAX_NODES)
    # `patience solve FILE --seed 1 --max-nodes 200000 --json` gives the built-in game's answer.
    assert (s.variant, s.verdict, len(s.moves), s.nodes) == ("my-stonewall", "solved", 120, 1366)
    assert moves_digest(s.moves) == "ccff672f8a596b54"
    rows = patience.winrate(str(path), seeds=range(1, 3), max_nodes=MAX_NODES)
    assert [(r["variant"], r["seed"], r["verdict"]) for r in rows] == [
        ("my-stonewall", 1, "solved"),
        ("my-stonewall", 2, "unsolvable"),
    ]


def test_check_says_won_not_won_or_the_illegal_move():
    s = patience.solve("stonewall", seed=1)
    won = patience.check("stonewall", s.moves, seed=1)
    assert won["won"] and won["legal"] and won["text"] == "won"
    assert patience.check("stonewall", s, seed=1)["won"]
    part = patience.check("stonewall", s.moves[:2], seed=1)
    assert not part["won"] and part["legal"]
    assert part["text"] == "not won: 2 of 52 cards on the foundations after 2 moves"
    bad = patience.check("stonewall", "T2>F1 T2>F1", seed=1)
    assert not bad["legal"] and bad["illegal_move"] == 2
    assert bad["text"].startswith("illegal move 2 (T2>F1): ")


def test_hint_gives_a_move_and_its_estimate():
    h = patience.hint("klondike", pysol=1, samples=8, sample_nodes=300)
    assert h["unknown_cards"] == 21
    assert h["move"] == h["plan"][0] == h["choices"][0]["move"]
    assert 0.0 <= h["chance"] <= 1.0
    assert h["samples"] == 8
    # The same position as a deal with its unseen cards written ??.
    d = patience.deal("klondike", pysol=1)
    seen = {
        "variant": "klondike",
        "tableau piles": [["??"] * (len(p) - 1) + [p[-1]] for p in d["tableau piles"]],
        # Klondike's stock may be looked through: its cards are seen, only their order matters.
        "stock": d["stock"],
        "waste": d["waste"],
    }
    again = patience.hint(seen, samples=8, sample_nodes=300, planner_seed=0)
    assert again["unknown_cards"] == 21
    assert again["move"] is not None


def test_play_thoughtful_and_hidden():
    t = patience.play("stonewall", seed=1)
    assert t["knowledge"] == "thoughtful" and t["won"] and len(t["moves"]) == 105
    h = patience.play(
        "klondike", seed=0, knowledge="hidden", samples=4, sample_nodes=300, max_nodes=20000
    )
    assert h["knowledge"] == "hidden"
    assert h["won"] == (h["outcome"] == "won")
    assert h["decisions"] > 0
    if h["won"]:
        assert patience.check("klondike", h["moves"], seed=0)["won"]


def test_winrate_rows_equal_the_command_csv():
    rows = patience.winrate("stonewall", seeds=range(0, 19), max_nodes=100_000, threads=2)
    got = [(r["seed"], r["verdict"], r["moves"], r["nodes"], r["limit"]) for r in rows]
    assert got == STONEWALL_ROWS
    assert all(r["knowledge"] == "thoughtful" and r["source"] is None for r in rows)
    # The keys are the CSV header's columns, in its order, `solution` included.
    assert all(list(r) == patience.HEADER.split(",") for r in rows)
    assert all((r["solution"] is not None) == (r["verdict"] == "solved") for r in rows)
    assert all(len(r["solution"].split(" ")) == r["moves"] for r in rows if r["solution"])
    # A win puts every card up; a deal lost before the first move got none up.
    assert all(r["cards_up"] == 52 for r in rows if r["verdict"] == "solved")
    assert any(r["cards_up"] == 0 for r in rows if r["verdict"] == "unsolvable")


def test_winrate_does_not_depend_on_the_thread_count():
    one = patience.winrate("stonewall", seeds=[18, 3, 5], max_nodes=100_000, threads=1)
    two = patience.winrate("stonewall", seeds=[18, 3, 5], max_nodes=100_000, threads=2)
    strip = lambda rows: [{k: v for k, v in r.items() if k != "seconds"} for r in rows]
    assert strip(one) == strip(two)
    assert [r["seed"] for r in one] == [3, 5, 18]


def test_winrate_hidden_rows_equal_the_command_csv():
    rows = patience.winrate(
        "klondike", seeds=range(4), knowledge="hidden", samples=4, sample_nodes=300,
        max_nodes=20000,
    )
    got = [(r["seed"], r["verdict"], r["moves"], r["nodes"]) for r in rows]
    assert got == KLONDIKE_HIDDEN_ROWS
    assert all((r["samples"], r["sample_nodes"], r["planner"]) == (4, 300, 15) for r in rows)
    assert all(r["cards_up"] is None for r in rows)


def test_winrate_of_pysol_numbers():
    rows = patience.winrate("klondike", seeds=range(1, 7), pysol=True, max_nodes=20000)
    assert [(r["seed"], r["verdict"], r["moves"], r["nodes"]) for r in rows] == KLONDIKE_PYSOL_ROWS
    assert all(r["source"] == "pysol" for r in rows)


def test_winrate_takes_pysol_numbers_past_2_pow_64_to_10_pow_20():
    # PySolFC's numbers go to 10**20: each row is the deal `solve(pysol=N)` gives.
    top = 10**20
    rows = patience.winrate("stonewall", seeds=[2**64, top], pysol=True, max_nodes=20000)
    assert [r["seed"] for r in rows] == [2**64, top]
    for r in rows:
        alone = patience.solve("stonewall", pysol=r["seed"], max_nodes=20000)
        assert (r["verdict"], r["nodes"]) == (alone.verdict, alone.nodes)
    # A range past the last number ends at it; a number past it is refused in one line.
    assert [r["seed"] for r in patience.winrate("stonewall", seeds=range(top, top + 5), pysol=True, max_nodes=1)] == [top]
    with pytest.raises(patience.BadInputError, match="a PySolFC game number is a whole number from 1 to"):
        patience.winrate("stonewall", seeds=[top + 1], pysol=True)
    with pytest.raises(patience.BadInputError, match="a seed is a whole number from 0 to"):
        patience.winrate("stonewall", seeds=[2**64])


def test_winrate_as_a_dataframe():
    pandas = pytest.importorskip("pandas")
    df = patience.winrate("stonewall", seeds=range(0, 5), max_nodes=100_000, dataframe=True)
    assert isinstance(df, pandas.DataFrame)
    assert list(df["verdict"]) == [r[1] for r in STONEWALL_ROWS[:5]]


@pytest.mark.parametrize(
    "call,error,message",
    [
        (
            lambda: patience.solve("nope", seed=1),
            patience.UnknownGameError,
            'unknown variant "nope" (known variants: stonewall, lucky-piles, ',
        ),
        (lambda: patience.solve("stonewall"), patience.BadInputError, "pass seed="),
        (lambda: patience.solve("stonewall", seed=-1), patience.BadInputError, "a seed is a whole number"),
        (lambda: patience.solve("stonewall", seed=1, max_nodes=0), patience.BadInputError, "max_nodes must be at least 1"),
        (lambda: patience.solve("stonewall", seed=1, timeout=-2.0), patience.BadInputError, "timeout must be a number of seconds above 0"),
        (lambda: patience.deal("luckier-thirteen", pysol=1), patience.BadInputError, "PySolFC has no Luckier Thirteen"),
        (lambda: patience.solve('{"tableau piles": 3}', game="stonewall"), patience.DealError, "deal file: "),
        (lambda: patience.solve({"variant": "stonewall", "tableau piles": [["AS"]]}), patience.DealError, "not a legal Stonewall deal: "),
        (lambda: patience.solve(dict(patience.deal("stonewall", seed=1), **{"tableau piles": [["7H", "4H", "9c", "8S", "Jc", "3C"]] + patience.deal("stonewall", seed=1)["tableau piles"][1:]})), patience.DealError, "not a legal Stonewall deal: T1, card 1 from the bottom: 7H lies face up below a face-down card (card 5), but a card is turned up only when it is uncovered"),
        (lambda: patience.check("stonewall", "T2>F9", seed=1), patience.MovesError, "move list: move 1 (T2>F9): Stonewall has no F9 (its places are T1..T6, R1..R16, F1..F4)"),
        (lambda: patience.check("stonewall", "hello", seed=1), patience.MovesError, "move list: move 1"),
        (lambda: patience.winrate("stonewall", seeds=range(5, 5)), patience.BadInputError, "holds no seed"),
        (lambda: patience.winrate("stonewall", seeds=range(3), knowledge="magic"), patience.BadInputError, 'knowledge must be "thoughtful" or "hidden"'),
        (lambda: patience.winrate("luckier-thirteen", seeds=range(3), pysol=True), patience.BadInputError, "pysol: PySolFC has no Luckier Thirteen: its deals have no PySolFC game number"),
        (lambda: patience.play("klondike", seed=1, knowledge="hidden", samples=0), patience.BadInputError, "samples must be from 1 to 1024"),
    ],
)
def test_bad_input_raises_the_library_message(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, patience.PatienceError)
    text = str(info.value)
    assert message in text
    assert "\n" not in text


def test_a_bad_rules_file_raises_its_message(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('id = "bad"\ndecks = 3\n')
    with pytest.raises(patience.RulesFileError) as info:
        patience.solve(str(path), seed=1)
    assert str(info.value) == (
        f"{path}: key `build`: missing: a rules file without `extends` gives every key but "
        "`name` and `stock`"
    )
    with pytest.raises(patience.RulesFileError, match="cannot read it"):
        patience.solve(str(tmp_path / "missing.toml"), seed=1)


def test_ctrl_c_cancels_a_long_winrate_cleanly():
    # A run far too long to finish; SIGINT arrives while it runs, as Ctrl-C in a notebook. It
    # is sent again every half second until the call ends: in CI a lone SIGINT was once never
    # seen by the interpreter (the call waited on, undisturbed), which is the signal's delivery,
    # not the cancel this test is about.
    # A process started in the background by a shell without job control inherits SIGINT
    # ignored, and Python then installs no handler for it: the test gives it Python's own.
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    done = threading.Event()

    def press():
        while not done.wait(0.5 if press.sent else 1.0):
            press.sent += 1
            os.kill(os.getpid(), signal.SIGINT)

    press.sent = 0
    sender = threading.Thread(target=press)
    sender.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            patience.winrate("forty-thieves", seeds=range(0, 2**64 - 1), max_nodes=10**9, threads=2)
    finally:
        # No SIGINT from the sender may land after the call: ignored while it stops.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        done.set()
        sender.join()
        signal.signal(signal.SIGINT, handler)
    # The package works on after the interruption.
    assert patience.solve("stonewall", seed=1).verdict == "solved"


def test_the_example_reproduces_its_results_row():
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parent.parent / "examples" / "luckier_thirteen.py"
    spec = importlib.util.spec_from_file_location("luckier_thirteen", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    r = example.row(seeds=1000)
    # docs/results.md, "Seeds 0..999 at the default budget": 952 | 48 | 0 | [93.69%, 96.36%].
    assert (r["won"], r["lost"], r["unknown"]) == (952, 48, 0)
    low, high = r["95% interval"]
    assert (round(100 * low, 2), round(100 * high, 2)) == (93.69, 96.36)

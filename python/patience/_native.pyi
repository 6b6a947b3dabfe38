"""Types of the Rust extension behind ``import patience``."""

from typing import Any, Iterable, Literal, Optional, Union

import pandas

Deal = dict[str, Any]
"""A deal file's object (docs/formats.md, "Deal files"): ``variant``, ``seed``, ``tableau
piles`` (bottom card first; ``7h`` face down, ``7H`` face up, ``??`` unknown), ``reserve``,
``stock``, ``waste``, ``foundations``."""

GameOrDeal = Union[str, Deal, "Solution"]
"""A game (a built-in id from ``variants()``, or the path of a rules file ending in ``.toml``,
with ``seed=`` or ``pysol=``), or a deal: a deal file's object, its JSON text, or a
``Solution`` (the deal it solved). A deal without ``variant`` needs ``game=``."""

Moves = Union[list[str], str, "Solution"]
"""A move list: tokens (``["T3>F1", "S>W"]``), a text of them (or the JSON of a solve
result), or a ``Solution`` (its moves)."""

Knowledge = Literal["thoughtful", "hidden"]

# The result CSV's header (docs/formats.md): its columns are the keys of a `winrate` row.
HEADER: str

class PatienceError(Exception):
    """The base of every error of the package; its text is the library's one-line message."""

class BadInputError(PatienceError):
    """An argument the library refuses: a number out of range, a missing seed."""

class UnknownGameError(BadInputError):
    """A game id that is neither built in nor a rules file (a path ending in ``.toml``)."""

class RulesFileError(BadInputError):
    """A rules file that cannot be read or is refused."""

class DealError(BadInputError):
    """A deal that is not a legal deal of its game, or a deal file that cannot be read."""

class MovesError(BadInputError):
    """A move list that cannot be read, or that belongs to another game or deal."""

class SolverError(PatienceError):
    """The solver failed for a reason other than a limit."""

class Solution:
    """The thoughtful verdict of one deal and the search's counters (``solve``).

    ``print(solution)`` shows what ``patience solve`` prints: the solution move by move with
    each move in words, the search's counters and the pruning rules it used; every solution
    was replayed by the independent rules check before it is returned."""

    variant: str
    """The game's id."""
    seed: Optional[int]
    """The deal's seed (``None`` for a deal given as a deal file or a PySolFC number)."""
    verdict: Literal["solved", "unsolvable", "unknown"]
    """``solved`` (with moves), ``unsolvable`` (every reachable position searched) or
    ``unknown`` (a limit stopped the search first)."""
    moves: list[str]
    """The solution's move tokens (empty unless solved)."""
    nodes: int
    """Nodes searched."""
    limit: Optional[Literal["nodes", "time", "cancelled"]]
    """The limit that stopped an ``unknown`` search, else ``None``."""
    seconds: float
    """Wall-clock seconds of the search."""
    table_positions: int
    """Positions in the search's table at the end."""
    @property
    def solved(self) -> bool:
        """True when the verdict is ``solved``."""
    @property
    def deal(self) -> Deal:
        """The deal that was solved, as a deal file's object."""
    def to_dict(self) -> dict[str, Any]:
        """The solve result of docs/formats.md (what ``patience solve --json`` prints)."""

def variants() -> list[dict[str, str]]:
    """The built-in games, in the order of ``patience variants``: dicts with ``id``, ``name``
    and ``summary``."""

def deal(game: str, seed: Optional[int] = None, pysol: Optional[int] = None) -> Deal:
    """The deal of a game (an id or a rules file's path) for ``seed`` (a pure function of game
    and seed) or for PySolFC's game number ``pysol``, as a deal file's object."""

def solve(
    game_or_deal: GameOrDeal,
    seed: Optional[int] = None,
    *,
    pysol: Optional[int] = None,
    game: Optional[str] = None,
    max_nodes: int = 10_000_000,
    timeout: Optional[float] = None,
    table_mib: int = 2048,
) -> Solution:
    """Solves one deal with every card known (thoughtful play), as ``patience solve``.

    ``max_nodes`` bounds the search (deterministic), ``timeout`` (seconds) too (not
    deterministic), ``table_mib`` its table's memory. The GIL is released while it runs;
    Ctrl-C stops it and raises ``KeyboardInterrupt``.

    >>> print(patience.solve("stonewall", seed=1))
    solved in 105 moves (verified by replay)
      1. T2>F1     AS to the foundation
    ...
    nodes 12308 (...), ... s, table ... positions (... MiB), deepest path ...
    pruning on: ..."""

def check(
    deal: GameOrDeal,
    moves: Moves,
    *,
    seed: Optional[int] = None,
    pysol: Optional[int] = None,
    game: Optional[str] = None,
) -> dict[str, Any]:
    """Replays a move list from a deal with nothing but the game's rules, as
    ``patience check``: a dict with ``won``, ``legal``, ``illegal_move`` (1-based, or
    ``None``), ``moves``, ``on_foundations``, ``cards`` and ``text`` (the command's line:
    ``won``, ``not won: ...`` or ``illegal move N (TOKEN): why``). A move naming a place the
    game does not have, or a solve result of another game or seed, raises ``MovesError``."""

def hint(
    position: GameOrDeal,
    seed: Optional[int] = None,
    *,
    pysol: Optional[int] = None,
    game: Optional[str] = None,
    samples: int = 128,
    sample_nodes: int = 2000,
    planner_seed: Optional[int] = None,
    top: int = 5,
) -> dict[str, Any]:
    """The move with the best estimated chance in hidden play, as ``patience hint``: from a
    position whose unknown cards are written ``??`` (a deal), or from the start of a game's
    deal as a person sees it (``seed=`` or ``pysol=``).

    A dict with ``move`` (``None`` when the planner resigns, then ``resign`` says why),
    ``plan``, ``chance``, ``unknown_cards``, ``samples``, ``sample_wins``,
    ``sample_unknown`` and ``choices`` (the best plan for each of the ``top`` first moves:
    ``move``, ``chance``, ``tries``, ``plan``)."""

def play(
    game_or_deal: GameOrDeal,
    seed: Optional[int] = None,
    *,
    pysol: Optional[int] = None,
    game: Optional[str] = None,
    knowledge: Knowledge = "thoughtful",
    samples: int = 128,
    sample_nodes: int = 2000,
    max_nodes: int = 10_000_000,
    timeout: Optional[float] = None,
    table_mib: int = 2048,
) -> dict[str, Any]:
    """One deal played to its end, as ``patience play``: thoughtful (the solver's line) or
    hidden (the planner sees only what a person sees, and plays from the first decision).

    A dict with ``knowledge``, ``won``, ``outcome`` (in words), ``moves``, ``decisions`` and
    ``nodes``. A game that hides no card is played thoughtfully either way."""

def winrate(
    game: str,
    seeds: Iterable[int],
    *,
    knowledge: Knowledge = "thoughtful",
    pysol: bool = False,
    max_nodes: int = 10_000_000,
    timeout: Optional[float] = None,
    table_mib: int = 2048,
    samples: int = 128,
    sample_nodes: int = 2000,
    threads: Optional[int] = None,
    dataframe: bool = False,
) -> Union[list[dict[str, Any]], "pandas.DataFrame"]:
    """Solves (or, with ``knowledge="hidden"``, plays) the deals of ``seeds`` in parallel on
    the Rust thread pool with the GIL released, as ``patience winrate --csv``.

    One row per deal in the order of the seeds: a dict whose keys are the result CSV's columns,
    in the order of ``HEADER`` (docs/formats.md, "Result CSV"; an empty cell is ``None``;
    ``seconds`` is a number). ``dataframe=True`` returns a pandas DataFrame of the rows.
    ``pysol=True`` takes the seeds as PySolFC's game numbers. A ``range`` is walked lazily. The rows do not depend on
    ``threads`` (default: one per core). Ctrl-C stops the run cleanly and raises
    ``KeyboardInterrupt``."""

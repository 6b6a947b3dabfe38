"""Solve, check and play patience (solitaire) deals, and measure win rates, from Python.

The functions are the Rust library's (``patience._native``): ``variants``, ``deal``,
``solve``, ``check``, ``hint``, ``play`` and ``winrate``; ``HEADER`` is the result CSV's
header, whose columns are the keys of a ``winrate`` row. Errors raise ``PatienceError`` or
one of its subclasses, with the library's one-line message. Ctrl-C stops a long call
cleanly and raises ``KeyboardInterrupt``.
"""

from ._native import (
    HEADER,
    BadInputError,
    DealError,
    MovesError,
    PatienceError,
    RulesFileError,
    Solution,
    SolverError,
    UnknownGameError,
    check,
    deal,
    hint,
    play,
    solve,
    variants,
    winrate,
)

__all__ = [
    "HEADER",
    "BadInputError",
    "DealError",
    "MovesError",
    "PatienceError",
    "RulesFileError",
    "Solution",
    "SolverError",
    "UnknownGameError",
    "check",
    "deal",
    "hint",
    "play",
    "solve",
    "variants",
    "winrate",
]

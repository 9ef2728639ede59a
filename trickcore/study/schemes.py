"""The exact-bid scoring schemes the book compares, and their names in its tables.

>>> [scheme_name(s) for s in SCHEMES[:2]]
['tricks + 10 if exact', '10 + tricks if exact, else 0']
"""

from __future__ import annotations

from trickcore.rules import Ruleset, Scoring, with_options
from trickcore.rules.registry import get_variant

__all__ = ["SCHEMES", "scheme_name", "scheme_rules"]

#: The exact-bid scoring schemes compared in the book, in the order its tables use.
SCHEMES: tuple[Scoring, ...] = (Scoring.COMMON, Scoring.SIMPLE, Scoring.TEN_PLUS_ZERO_AVAILABLE,
                                Scoring.BONUS_ONLY, Scoring.TEN_PER_BID, Scoring.SQUARES)


_SCHEME_NAMES = {
    Scoring.COMMON: "tricks + 10 if exact",
    Scoring.SIMPLE: "10 + tricks if exact, else 0",
    Scoring.TEN_PLUS_ZERO_AVAILABLE: "as simple, a made zero 5 + h",
    Scoring.BONUS_ONLY: "10 if exact, else 0",
    Scoring.TEN_PER_BID: "10 a trick bid if exact",
    Scoring.SQUARES: "10 + bid² if exact, else −miss²",
}


def scheme_name(scheme: Scoring) -> str:
    """A short description of an exact-bid scoring scheme, for tables and legends.

    >>> scheme_name(Scoring.SQUARES)
    '10 + bid² if exact, else −miss²'
    """
    return _SCHEME_NAMES[scheme]


def scheme_rules(scheme: Scoring) -> Ruleset:
    """Pagat's Oh Hell scored by ``scheme``.

    >>> scheme_rules(Scoring.SQUARES).scoring is Scoring.SQUARES
    True
    """
    return with_options(get_variant("oh-hell"), {"scoring": scheme.value})

"""The exact-bid scoring schemes the book compares, and their names in its tables.

>>> [scheme_name(s) for s in SCHEMES[:2]]
['tricks + 10 if exact', '10 + tricks if exact, else 0']
"""

from __future__ import annotations

from trickcore.i18n import _
from trickcore.rules import Ruleset, Scoring, ScoringRule, with_options
from trickcore.rules.registry import get_variant
from trickcore.rules.scoring import scheme_rule, scoring_name

__all__ = ["SCHEMES", "scheme_label", "scheme_name", "scheme_rules"]

#: The exact-bid scoring schemes compared in the book, in the order its tables use.
SCHEMES: tuple[Scoring, ...] = (Scoring.COMMON, Scoring.SIMPLE, Scoring.TEN_PLUS_ZERO_AVAILABLE,
                                Scoring.BONUS_ONLY, Scoring.TEN_PER_BID, Scoring.SQUARES)


def scheme_name(scheme: Scoring | ScoringRule) -> str:
    """A short description of an exact-bid scoring scheme, for tables and legends (in English:
    the caller translates it), from :mod:`trickcore.rules.scoring`.

    >>> scheme_name(Scoring.SQUARES)
    '10 + bid² if exact, else −miss²'
    >>> from trickcore.rules import parse_scoring
    >>> scheme_name(parse_scoring("exact=10,bid-squared=1,off=-10"))
    'exact: 10 + b²; miss: −10d'
    """
    return scoring_name(scheme_rule(scheme))


def scheme_label(scheme: Scoring | ScoringRule) -> str:
    """:func:`scheme_name` in the reader's language, from the one catalogue that words the
    scoring rules (``trickcore``'s): the book's tables, its quizzes and the figures say it alike.

    >>> from trickcore.i18n import language
    >>> with language("fr"):
    ...     scheme_label(Scoring.COMMON)
    'plis + 10 si exacte'
    """
    return _(scheme_name(scheme))


def scheme_rules(scheme: Scoring | ScoringRule) -> Ruleset:
    """Pagat's Oh Hell scored by ``scheme``.

    >>> scheme_rules(Scoring.SQUARES).scoring is Scoring.SQUARES
    True
    """
    return with_options(get_variant("oh-hell"), {"scoring": scheme})

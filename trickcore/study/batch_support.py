"""What the batch path (:mod:`trickcore.study.batch`) can play, and where its trump card lies.

Plain Python: the batch module asks these questions before it touches numpy.

>>> from trickcore.rules.registry import get_variant
>>> turn_position(get_variant("oh-hell"), 4, 10), turn_position(get_variant("oh-well"), 4, 10)
(40, 39)
"""

from __future__ import annotations

import dataclasses

from trickcore.cards.packs import Pack
from trickcore.engine.trumps import Turn, deal_trumps
from trickcore.errors import RulesetError
from trickcore.i18n import _
from trickcore.rules import BiddingKind, Ruleset, Scoring, TrumpMethod, scoring_rule
from trickcore.rules.registry import get_variant

__all__ = ["NUMPY_MISSING", "SCHEMES", "TRUMP_METHODS", "batch_ruleset", "check_ruleset",
           "turn_position"]

#: What the batch path says when numpy is missing.
NUMPY_MISSING = (
    "trickcore.study.batch needs numpy, which is not installed: pip install numpy"
    " (the rest of trickcore is pure Python and does not need it)"
)

#: The named scoring schemes the batch path scores (it scores any house scoring too).
SCHEMES = (Scoring.COMMON, Scoring.SIMPLE, Scoring.TEN_PLUS_ZERO_AVAILABLE, Scoring.BONUS_ONLY,
           Scoring.TEN_PER_BID, Scoring.SQUARES)
#: The ways of choosing trumps the batch path plays.
TRUMP_METHODS = (TrumpMethod.TURN_NEXT, TrumpMethod.TOP_OF_STOCK, TrumpMethod.DEALERS_LAST,
                 TrumpMethod.NONE)


def turn_position(ruleset: Ruleset, players: int, hand_size: int) -> int:
    """Where the trump card lies in the shuffled pack (-1: no trump card), as the engine's
    :func:`~trickcore.engine.trumps.deal_trumps` says the deal turns it."""
    turn = deal_trumps(ruleset, players=players, hand_size=hand_size).turn
    dealt = players * hand_size
    return {Turn.NONE: -1, Turn.DEALERS_LAST: dealt - 1, Turn.NEXT_CARD: dealt}[turn]


def check_ruleset(ruleset: Ruleset, players: int, hand_size: int) -> None:
    """Refuse, with a :class:`~trickcore.errors.RulesetError`, what the batch path cannot play."""
    if ruleset.bidding is not BiddingKind.EXACT:
        raise RulesetError(_("the batch path plays the Oh Hell family only, not {name}").format(
                               name=ruleset.name))
    if ruleset.pack is not Pack.STANDARD_52:  # one pack: two packs are refused too
        raise RulesetError(_("the batch path plays the 52-card pack only"))
    if ruleset.trump_method not in TRUMP_METHODS:
        raise RulesetError(
            _("the batch path does not choose trumps by {value}").format(
                value=ruleset.trump_method.value)
        )
    if scoring_rule(ruleset).basis != "bid":
        raise RulesetError(_("the batch path does not score {value}").format(
                               value=ruleset.scoring.value))
    ruleset.check_players(players)
    available = ruleset.live_cards(players)
    if hand_size < 1 or players * hand_size > available:
        raise RulesetError(
            _("{hand_size} cards to {players} players: a hand is 1 to {value} cards").format(
                hand_size=hand_size, players=players, value=available // players)
        )


def batch_ruleset(ruleset: Ruleset | None, hook: bool | None, *, players: int, hand_size: int,
                  n_hands: int, chunk_size: int, dealer: int | None) -> Ruleset:
    """The rules :func:`~trickcore.study.batch.simulate_random_hands` plays (pagat's Oh Hell by
    default, with ``hook`` when given), once its arguments are checked.

    >>> batch_ruleset(None, False, players=4, hand_size=10, n_hands=1, chunk_size=1,
    ...               dealer=None).hook
    False
    """
    if ruleset is None:
        ruleset = get_variant("oh-hell")
    if hook is not None and hook != ruleset.hook:
        ruleset = dataclasses.replace(ruleset, hook=hook)
    check_ruleset(ruleset, players, hand_size)
    if n_hands < 0:
        raise ValueError(_("n_hands must be 0 or more, not {n_hands}").format(n_hands=n_hands))
    if chunk_size < 1:
        raise ValueError(_("chunk_size must be 1 or more, not {chunk_size}").format(
                             chunk_size=chunk_size))
    if dealer is not None and not 0 <= dealer < players:
        raise ValueError(_("dealer must be a seat from 0 to {value}, not {dealer}").format(
                             value=players - 1, dealer=dealer))
    return ruleset

"""How a deal's state is put together from its parts, and how its end is scored.

:class:`~trickcore.engine.state.HandState` keeps the documented API; the work of starting a deal
(the slots filled, then the bidding, exchange, trick play and scorer that the ruleset calls for)
and of scoring its end is done here, in two calls.  Every deal runs both, so the compiled build
(``setup.py``) compiles this module with mypyc: the parts are then built and the exact bids
looked up without a Python attribute look-up per slot.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("oh-hell-4-2718")
>>> type(state._bidding).__name__, type(state._play).__name__
('ExactBidding', 'TrickPlay')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from trickcore.cards import TrumpContext
from trickcore.engine.auction import Auction
from trickcore.engine.bidding import ExactBidding, exact_points
from trickcore.engine.contract_play import ContractPlay
from trickcore.engine.core import StateCore
from trickcore.engine.events import BIDDING, PLAYING, Event, HandScored
from trickcore.engine.kitty import Exchange
from trickcore.engine.play import TrickPlay
from trickcore.engine.scoring import BID_SCORER, CONTRACT_SCORER, points_table
from trickcore.rules import BiddingKind, Ruleset, Scoring

if TYPE_CHECKING:
    from trickcore.engine.dealing import Deal
    from trickcore.engine.state import HandState

__all__ = ["finish_deal", "start_deal"]

#: Builds a named tuple from a tuple of all its fields, without the Python-level ``__new__``.
_new_tuple: Final[Any] = tuple.__new__

_NONE: Final = BiddingKind.NONE
_EXACT: Final = BiddingKind.EXACT
_AUCTION: Final = BiddingKind.AUCTION
_TRICK_DIFFERENCE: Final = Scoring.TRICK_DIFFERENCE


class _Plan:
    """What :func:`start_deal` reads of one ruleset, read once (rulesets are frozen): the
    player counts it allows, its kind of bidding, whether it deals a kitty, whether the hook
    binds, and its trump contexts by trump (``int(suit) + 1``; 0: no trump), filled as met."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.players: tuple[int, ...] = tuple(ruleset.players)
        self.kind: BiddingKind = ruleset.bidding
        self.kitty: bool = ruleset.deals_kitty
        self.hook: bool = ruleset.hook_applies
        self.exact_scores: bool = ruleset.scoring is not _TRICK_DIFFERENCE
        self.contexts: list[TrumpContext | None] = [None] * 5


#: The plans of :func:`start_deal`, by ruleset identity (each keeps its ruleset, so an identity
#: is never reused while its plan is kept).
_PLANS: Final[dict[int, _Plan]] = {}


def _plan(ruleset: Ruleset) -> _Plan:
    plan = _PLANS.get(id(ruleset))
    if plan is None or plan.ruleset is not ruleset:
        if len(_PLANS) >= 64:  # rulesets made on the fly: keep a few
            _PLANS.clear()
        plan = _PLANS[id(ruleset)] = _Plan(ruleset)
    return plan


def start_deal(state: HandState, ruleset: Ruleset, deal: Deal) -> None:
    """Fill a new ``state``'s slots for ``deal`` under ``ruleset`` and give it its parts."""
    plan = _plan(ruleset)
    players = deal.players
    if players not in plan.players:
        ruleset.check_players(players)  # raises, naming the player counts allowed
    kind = plan.kind
    core: StateCore = state
    # every slot but the parts: ruleset, deal, players, hands, events, points, made, to_act
    # (eldest), phase (no bidding: play at once) and auction
    core._fill(ruleset, deal, PLAYING if kind is _NONE else BIDDING, kind is _AUCTION)
    trump = deal.trump
    slot = 0 if trump is None else int(trump) + 1
    context = plan.contexts[slot]
    if context is None:
        context = plan.contexts[slot] = ruleset.trump_context(trump)
    if kind is _AUCTION:
        auction = Auction(state)
        core._bidding = core._auction = auction
        if plan.kitty:
            core._exchange = Exchange(state, auction)
        core._play = ContractPlay(state, context, auction)
        core._scorer = CONTRACT_SCORER
    else:
        if kind is _EXACT:
            core._bidding = ExactBidding(state, plan.hook)
        core._play = TrickPlay(state, context)
        core._scorer = BID_SCORER


def finish_deal(state: HandState) -> Event:
    """Score the deal that has just ended: set its ``points`` and ``made``, and return the
    :class:`~trickcore.engine.events.HandScored` event (the caller moves the phase on and logs
    it)."""
    core: StateCore = state
    ruleset = core.ruleset
    bidding = core._bidding
    tricks_won = core._play.tricks_won
    points: list[int] | None = None
    made: bool | None = None
    if core._scorer is BID_SCORER and bidding is not None and _plan(ruleset).exact_scores:
        # exact bids, each seat's points looked up in the ruleset's table (as BidScorer does)
        points = exact_points(points_table(ruleset), bidding.bids, tricks_won,
                              core.deal.hand_size)
    if points is None:
        points, made = core._scorer.score(state)
    scored = tuple(points)
    core.points = scored
    core.made = made
    event: Event = _new_tuple(HandScored, (tuple(tricks_won), scored))
    return event

"""Scoring of one deal, and the settlement of a finished match: pure functions over numbers.

>>> from trickcore.rules.registry import get_variant
>>> deal_points(get_variant("oh-hell"), bids=[3, 3, 0], tricks=[3, 2, 0], hand_size=5)
[13, 2, 10]
>>> settle(get_variant("oh-pshaw"), [50, 40, 30])
[50, -10, -40]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from trickcore.arguments import typed
from trickcore.engine.bidding import exact_points
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.events import Trick
from trickcore.i18n import _
from trickcore.rules import Ruleset, Stakes, scoring_rule

__all__ = [
    "BID_SCORER",
    "CONTRACT_SCORER",
    "BidScorer",
    "ContractScorer",
    "PlayedDeal",
    "deal_points",
    "exact_bid_points",
    "five_hundred_points",
    "settle",
    "winners_of",
]


class PlayedDeal(Protocol):
    """What the scorers read of a deal (a :class:`~trickcore.engine.state.HandState` has all of it)."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def bids(self) -> list[int | None]: ...
    @property
    def tricks(self) -> list[Trick]: ...
    @property
    def tricks_won(self) -> list[int]: ...
    @property
    def revokes(self) -> list[int]: ...
    @property
    def contract(self) -> Call | None: ...
    @property
    def contractor(self) -> int | None: ...
    @property
    def partner(self) -> int | None: ...
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def contract_side(self) -> tuple[int, ...]: ...


def exact_bid_points(ruleset: Ruleset, bid: int, tricks: int, hand_size: int) -> int:
    """One seat's points for a deal under the ruleset's scheme (its
    :func:`~trickcore.rules.scoring_rule`).

    >>> from trickcore.rules.registry import get_variant
    >>> import dataclasses
    >>> from trickcore.rules import Scoring
    >>> r = dataclasses.replace(get_variant("oh-hell"), scoring=Scoring.TEN_PLUS_ZERO_AVAILABLE)
    >>> exact_bid_points(r, 0, 0, 7), exact_bid_points(r, 4, 4, 7), exact_bid_points(r, 4, 3, 7)
    (12, 14, 0)
    """
    rule = scoring_rule(ruleset)
    if rule.basis != "bid":
        raise ValueError(_("{scheme} does not score bids").format(scheme=ruleset.scoring))
    return rule.points(bid=bid, tricks=tricks, hand_size=hand_size)


@typed
def deal_points(
    ruleset: Ruleset,
    *,
    bids: Sequence[int | None],
    tricks: Sequence[int],
    hand_size: int,
    revokes: Sequence[int] = (),
) -> list[int]:
    """Every seat's points for a deal.

    For Humbug (trick difference), each revoke in ``revokes`` (the offending seats) first moves
    ``revoke_penalty_tricks`` of the offender's tricks to the opponent; a revoker cannot hand
    over more tricks than they hold (the sources are silent; this is the engine's reading).

    >>> from trickcore.rules.registry import get_variant
    >>> deal_points(get_variant("humbug"), bids=[None, None], tricks=[17, 9], hand_size=26)
    [8, -8]
    >>> deal_points(get_variant("humbug"), bids=[None, None], tricks=[14, 12], hand_size=26,
    ...             revokes=[0])
    [-4, 4]
    """
    rule = scoring_rule(ruleset)
    if rule.basis == "difference":
        t = list(tricks)
        for seat in revokes:
            moved = min(ruleset.revoke_penalty_tricks, t[seat])
            t[seat] -= moved
            t[1 - seat] += moved
        return [rule.trick * (t[0] - t[1]), rule.trick * (t[1] - t[0])]
    out = []
    for bid, took in zip(bids, tricks, strict=True):
        if bid is None:
            raise ValueError(_("every seat must have bid before the deal is scored"))
        out.append(exact_bid_points(ruleset, bid, took, hand_size))
    return out


def winners_of(totals: Sequence[int]) -> list[int]:
    """The seats with the highest total (ties share the win)."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


@typed
def settle(ruleset: Ruleset, totals: Sequence[int]) -> list[int] | None:
    """Net units won (+) or paid (-) by each seat under the ruleset's stakes; ``None`` if none.

    * hard score: the winner(s) add ``hard_score_bonus``, then each pair settles its difference
      at ``stake_rate``: seat *i* nets ``rate * (n * s_i - sum(s))``;
    * differences: the same without the bonus;
    * pool: everyone antes ``pool_ante``; the winners share the pool (any indivisible remainder
      stays in the pool, so the nets can sum below zero);
    * trick difference (Humbug): the totals already are the trick differences.

    >>> from trickcore.rules.registry import get_variant
    >>> settle(get_variant("oh-well"), [30, 20, 10]), settle(get_variant("oh-hell"), [30, 20, 10])
    ([30, 0, -30], None)
    """
    stakes = ruleset.stakes
    if stakes is Stakes.NONE:
        return None
    n = len(totals)
    rate = ruleset.stake_rate
    scores = list(totals)
    if stakes is Stakes.TRICK_DIFFERENCE:
        return [rate * s for s in scores]
    winners = winners_of(scores)
    if stakes is Stakes.POOL:
        pool = ruleset.pool_ante * n
        share = pool // len(winners)
        return [share - ruleset.pool_ante if s in winners else -ruleset.pool_ante
                for s in range(n)]
    if stakes is Stakes.HARD_SCORE:
        for seat in winners:
            scores[seat] += ruleset.hard_score_bonus
    total = sum(scores)
    return [rate * (n * s - total) for s in scores]


def five_hundred_points(state: PlayedDeal) -> tuple[list[int], bool | None]:
    """Every seat's points for a Five Hundred deal, and whether the contract was made.

    * A trick contract made (the contractor's side takes at least the tricks bid) scores its
      value, or ``slam_value`` if all the tricks were taken and the contract is worth less;
      failed, it loses its value (Québec: the value goes to each other side instead).
    * Misère and the nullo calls succeed when the contractor (both partners in double nullo)
      take no trick; hi-lo when the contractor takes exactly five.  The defenders score nothing.
    * In a trick contract every defending side scores ``defender_trick_points`` a trick.
    * With a called partner (five-hand) each partner scores half the value.
    * Partners carry equal points; with no partnerships each defender scores their own tricks.
    * No contract: nothing, unless everyone passed and the hand was played at no trumps, when
      each side scores 10 a trick.
    """
    r = state.ruleset
    n = state.players
    points = [0] * n
    tricks = state.tricks_won

    def side_tricks(side: tuple[int, ...]) -> int:
        return sum(tricks[s] for s in side)

    call, contractor = state.contract, state.contractor
    if call is None or contractor is None:
        if state.tricks:  # all passed and played at no trumps
            for side in state.sides:
                for seat in side:
                    points[seat] = 10 * side_tricks(side)
        return points, None
    team = state.contract_side
    taken = side_tricks(team)
    value = call.value(r)
    if call.loses_tricks:
        made = taken == 0
    elif call.kind is CallKind.HI_LO:
        made = tricks[contractor] == 5
    else:
        made = taken >= call.tricks
        if made and taken == state.hand_size and 0 < value < r.slam_value:
            value = r.slam_value
    share = value // 2 if state.partner is not None and r.called_partner_half else value
    if made:
        for seat in team:
            points[seat] = share
    elif r.failed_contract_to_opponents:
        for side in state.sides:
            if contractor not in side:
                for seat in side:
                    points[seat] += value
    else:
        for seat in team:
            points[seat] = -share
    if call.kind is CallKind.TRICKS:
        for side in state.sides:
            if contractor in side:
                continue
            for seat in side:
                points[seat] += r.defender_trick_points * side_tricks(side)
    return points, made


# The scorers: the part of a deal that turns its tricks into points ------------------------------


class BidScorer:
    """Scores exact bids (the Oh Hell family) or the trick difference (Humbug): ``deal_points``."""

    __slots__ = ()

    def score(self, deal: PlayedDeal) -> tuple[list[int], bool | None]:
        """Every seat's points; no contract, so nothing is made or lost as a side."""
        ruleset = deal.ruleset
        if scoring_rule(ruleset).basis == "difference":
            points = deal_points(ruleset, bids=deal.bids, tricks=deal.tricks_won,
                                 hand_size=deal.hand_size, revokes=deal.revokes)
            return points, None
        # deal_points for exact bids, each seat's points looked up in the ruleset's table
        table = points_table(ruleset)
        bids, tricks, hand_size = deal.bids, deal.tricks_won, deal.hand_size
        looked_up = exact_points(table, bids, tricks, hand_size)
        if looked_up is not None:
            return looked_up, None
        points = deal_points(ruleset, bids=bids, tricks=tricks, hand_size=hand_size)
        for bid, took, value in zip(bids, tricks, points, strict=True):
            if bid is not None and 0 <= bid < 1024 and 0 <= took < 1024 and 0 <= hand_size < 1024:
                table[bid << 20 | took << 10 | hand_size] = value
        return points, None


#: :func:`exact_bid_points` by ruleset identity (rulesets are frozen), then by
#: ``bid << 20 | tricks << 10 | hand_size``: a few hundred small numbers per ruleset at most.
_POINTS: dict[int, tuple[Ruleset, dict[int, int]]] = {}


def points_table(ruleset: Ruleset) -> dict[int, int]:
    """The exact-bid points worked out so far under ``ruleset`` (by ``bid << 20 | tricks << 10 |
    hand_size``), which :class:`BidScorer` fills and the deal's end looks up."""
    entry = _POINTS.get(id(ruleset))
    if entry is None or entry[0] is not ruleset:
        if len(_POINTS) >= 64:  # rulesets made on the fly: keep a few
            _POINTS.clear()
        entry = _POINTS[id(ruleset)] = (ruleset, {})
    return entry[1]


class ContractScorer:
    """Scores a Five Hundred contract: :func:`five_hundred_points`."""

    __slots__ = ()

    def score(self, deal: PlayedDeal) -> tuple[list[int], bool | None]:
        """Every seat's points, and whether the contract was made."""
        return five_hundred_points(deal)


#: The scorers hold nothing of a deal: one of each serves every deal.
BID_SCORER = BidScorer()
CONTRACT_SCORER = ContractScorer()

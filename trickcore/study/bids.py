"""Bids: the tricks a hand takes in Oh Hell, by what it holds, and the bid that scores best.

Seeded deals are played by the heuristic bot (and, when asked, each seat's hand is solved with
every hand open); the rows give trick distributions, make rates and the best bid under each
scoring scheme.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from trickcore.cards import Rank
from trickcore.engine.dealing import Deal, deal_cards, rng_for
from trickcore.engine.events import Phase
from trickcore.engine.scoring import exact_bid_points
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import Ruleset, Scoring
from trickcore.rules.registry import get_variant
from trickcore.solver import position_from_deal, solve
from trickcore.study.schemes import SCHEMES, scheme_rules
from trickcore.study.stats import Estimate, proportion

__all__ = ["SeatDeal", "best_bids", "make_rates", "oh_hell_deals", "seat_rows",
           "trick_distribution"]


class SeatDeal(NamedTuple):
    """One seat in one Oh Hell deal played by heuristic bots.

    ``position`` counts from eldest (0, who bids and leads first) to the dealer
    (``players - 1``).  ``wanted`` is the heuristic's bid before the hook; ``forbidden`` the bid
    the hook forbade (dealer only, else ``None``).  ``perfect`` is the most tricks the seat can
    be sure of with every hand open and all the others playing against it (the solver), when
    asked for.
    """

    deal: int
    hand_size: int
    players: int
    position: int
    trumps: int
    aces: int
    bid: int
    wanted: int
    forbidden: int | None
    tricks: int
    points: int
    perfect: int | None


def _features(state: HandState, seat: int) -> tuple[int, int]:
    hand = state.deal.hands[seat]
    trumps = 0
    if state.deal.trump is not None:
        trumps = (hand & (0xFFFF << (16 * int(state.deal.trump)))).bit_count()
    aces = sum(1 for s in range(4) if hand >> (s * 16 + Rank.ACE) & 1)
    return trumps, aces


def oh_hell_deals(hand_size: int, *, players: int = 4, deals: int = 500, seed: int = 0,
                  ruleset: Ruleset | None = None, perfect: bool = False,
                  bot: Bot | None = None) -> list[SeatDeal]:
    """Play ``deals`` seeded Oh Hell deals of ``hand_size`` cards with the heuristic bot in
    every seat (or ``bot``) and return one :class:`SeatDeal` per seat and deal.

    With ``perfect``, each seat's hand is also solved with every hand open, that seat against
    all the others (:func:`trickcore.solver.solve`): keep the hands small (up to 6 cards).

    >>> rows = oh_hell_deals(3, deals=20, seed=1, perfect=True)
    >>> len(rows), sum(r.tricks for r in rows) == 20 * 3
    (80, True)
    >>> all(r.perfect is not None and 0 <= r.perfect <= 3 for r in rows)
    True
    """
    rules = ruleset if ruleset is not None else get_variant("oh-hell")
    heuristic = HeuristicBot()
    player: Bot = bot if bot is not None else heuristic
    out = []
    for d in range(deals):
        deal = deal_cards(rules, players=players, dealer=d % players, hand_size=hand_size,
                          rng=rng_for(rules.key, players, seed, "analysis-bids", hand_size, d))
        out.extend(seat_rows(rules, deal, d, heuristic, player, perfect=perfect))
    return out


def seat_rows(rules: Ruleset, deal: Deal, number: int, heuristic: HeuristicBot, player: Bot, *,
              perfect: bool = False) -> list[SeatDeal]:
    """Play one deal with ``player`` in every seat (``heuristic`` says what each seat wanted to
    bid) and return its :class:`SeatDeal` rows, numbered ``number``, as :func:`oh_hell_deals`
    does for each of its deals.

    >>> rules = get_variant("oh-hell")
    >>> deal = deal_cards(rules, players=4, dealer=0, hand_size=2, rng=rng_for("x", 4, 1))
    >>> rows = seat_rows(rules, deal, 0, HeuristicBot(), HeuristicBot())
    >>> len(rows), sum(r.tricks for r in rows)
    (4, 2)
    """
    players = deal.players
    hand_size = deal.hand_size
    out = []
    state = HandState(rules, deal)
    wanted = [0] * players
    forbidden: list[int | None] = [None] * players
    while state.phase is not Phase.DONE:
        seat = state.to_act
        assert seat is not None
        if state.phase is Phase.BIDDING:
            wanted[seat] = heuristic.wanted_bid(state, seat)
            forbidden[seat] = state.hook_forbids
        choice = player(state)
        state.apply(getattr(choice, "action", choice))
    solved: list[int | None] = [None] * players
    if perfect:
        start = position_from_deal(deal)
        solved = [solve(start, side=seat, all_best=False).tricks for seat in range(players)]
    assert state.points is not None
    for seat in range(players):
        trumps, aces = _features(state, seat)
        bid = state.bids[seat]
        assert bid is not None
        out.append(SeatDeal(number, hand_size, players, (seat - deal.eldest) % players, trumps,
                            aces, bid, wanted[seat], forbidden[seat], state.tricks_won[seat],
                            state.points[seat], solved[seat]))
    return out


def _tricks_by(rows: Iterable[SeatDeal], key: Callable[[SeatDeal], Any],
               value: Callable[[SeatDeal], int | None]) -> tuple[dict[Any, list[int]], int]:
    """Tricks (``value``) grouped by ``key``, and the largest hand size among the rows."""
    groups: dict[Any, list[int]] = {}
    size = 0
    for row in rows:
        v = value(row)
        if v is None:
            continue
        size = max(size, row.hand_size)
        groups.setdefault(key(row), []).append(v)
    return groups, size


def trick_distribution(rows: Iterable[SeatDeal], key: Callable[[SeatDeal], Any], *,
                       value: Callable[[SeatDeal], int | None] = lambda r: r.tricks,
                       min_count: int = 1) -> dict[Any, list[float]]:
    """For each value of ``key`` (say, the trumps held), the share of seats that took
    0, 1, 2, ... tricks (``value`` picks the tricks: heuristic play by default).  Keys held by
    fewer than ``min_count`` rows are left out.

    >>> rows = [SeatDeal(0, 2, 4, 0, 1, 0, 1, 1, None, 1, 11, None),
    ...         SeatDeal(0, 2, 4, 1, 1, 0, 1, 1, None, 0, 0, None)]
    >>> trick_distribution(rows, key=lambda r: r.trumps)
    {1: [0.5, 0.5, 0.0]}
    """
    groups, size = _tricks_by(rows, key, value)
    return {k: [vals.count(t) / len(vals) for t in range(size + 1)]
            for k, vals in sorted(groups.items()) if len(vals) >= min_count}


def make_rates(rows: Iterable[SeatDeal]) -> dict[int, Estimate]:
    """How often a bid of k is made (exactly), for each bid k that was made at least once.

    >>> rows = [SeatDeal(0, 2, 4, 0, 1, 0, 1, 1, None, 1, 11, None)] * 3
    >>> make_rates(rows)[1].probability
    1.0
    """
    made: Counter[int] = Counter()
    total: Counter[int] = Counter()
    for row in rows:
        total[row.bid] += 1
        made[row.bid] += row.bid == row.tricks
    return {b: proportion(made[b], total[b]) for b in sorted(total)}


def best_bids(rows: Iterable[SeatDeal], key: Callable[[SeatDeal], Any], *,
              schemes: Sequence[Scoring] = SCHEMES,
              value: Callable[[SeatDeal], int | None] = lambda r: r.tricks,
              min_count: int = 1) -> dict[Any, dict[Scoring, tuple[int, float]]]:
    """The best bid for a kind of hand under each scoring scheme, by expected score.

    For each value of ``key`` (for example the number of trumps), the tricks such hands took
    give a distribution; the expected score of bidding b is the average of ``points(b, t)``
    over it, and the best bid is the b with the highest (ties go to the lower bid).  Returns
    ``{key: {scheme: (best bid, its expected score)}}`` for the keys with at least
    ``min_count`` rows.

    >>> rows = [SeatDeal(0, 2, 4, 0, 1, 0, 1, 1, None, t, 0, None) for t in (0, 1, 1, 2)]
    >>> best = best_bids(rows, key=lambda r: r.trumps)
    >>> best[1][Scoring.COMMON], best[1][Scoring.SQUARES]
    ((1, 6.0), (1, 5.0))
    """
    groups, size = _tricks_by(rows, key, value)
    out: dict[Any, dict[Scoring, tuple[int, float]]] = {}
    for k, tricks in sorted(groups.items()):
        if len(tricks) < min_count:
            continue
        counts = Counter(tricks)
        n = len(tricks)
        out[k] = {}
        for scheme in schemes:
            rules = scheme_rules(scheme)
            scores = [sum(c * exact_bid_points(rules, b, t, size) for t, c in counts.items()) / n
                      for b in range(size + 1)]
            best = max(range(size + 1), key=lambda b: (scores[b], -b))
            out[k][scheme] = (best, scores[best])
    return out

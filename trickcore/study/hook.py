"""The hook and the seats: what the hook forbids the dealer and what it costs, played by the
heuristic bots (each deal twice, hook on and off), exactly for random bids, and by random play
(the numpy batch path, imported only by the functions that need it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from trickcore.engine.dealing import Deal, deal_cards, rng_for
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, play_deal
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import Ruleset, with_options
from trickcore.rules.registry import get_variant
from trickcore.study.stats import Z95, Estimate, MeanEstimate, mean_estimate, proportion

__all__ = [
    "HookDeal",
    "HookSummary",
    "hook_active_random",
    "hook_deal",
    "hook_study",
    "hook_summary",
    "random_hook_cost",
    "random_seat_points",
]


class HookDeal(NamedTuple):
    """One deal played twice by heuristic bots, with the hook and without it.

    ``forbidden`` is the dealer's forbidden bid (``None``: the others bid more than the hand,
    so the hook forbade nothing); ``binds`` is True when the dealer wanted exactly that bid.
    Points are by position, eldest first and dealer last.
    """

    hand_size: int
    players: int
    forbidden: int | None
    wanted: int
    binds: bool
    hooked: tuple[int, ...]
    free: tuple[int, ...]
    dealer_made_hooked: bool
    dealer_made_free: bool


def _play_positions(rules: Ruleset, deal: Deal, bot: Bot) -> tuple[HandState, tuple[int, ...]]:
    state = HandState(rules, deal)
    play_deal(state, [bot] * deal.players)
    assert state.points is not None
    n = deal.players
    return state, tuple(state.points[(deal.eldest + p) % n] for p in range(n))


def hook_deal(hooked: Ruleset, free: Ruleset, deal: Deal, bot: HeuristicBot) -> HookDeal:
    """Play one deal with ``bot`` in every seat under ``hooked`` and again under ``free`` (the
    same rules without the hook), as :func:`hook_study` does for each of its deals.

    >>> hooked = get_variant("oh-hell")
    >>> deal = deal_cards(hooked, players=4, dealer=3, hand_size=2, rng=rng_for("x", 4, 1))
    >>> row = hook_deal(hooked, with_options(hooked, {"hook": False}), deal, HeuristicBot())
    >>> row.hand_size, len(row.hooked), len(row.free)
    (2, 4, 4)
    """
    players = deal.players
    state = HandState(hooked, deal)
    forbidden = None
    wanted = 0
    while state.phase is Phase.BIDDING:
        if state.to_act == deal.dealer:
            forbidden = state.hook_forbids
            wanted = bot.wanted_bid(state, deal.dealer)
        state.apply(bot(state).action)
    play_deal(state, [bot] * players)
    assert state.points is not None
    on = tuple(state.points[(deal.eldest + p) % players] for p in range(players))
    off_state, off = _play_positions(free, deal, bot)
    return HookDeal(deal.hand_size, players,
                    forbidden, wanted, wanted == forbidden, on, off,
                    bool(state.bid_made(deal.dealer)), bool(off_state.bid_made(deal.dealer)))


def hook_study(hand_sizes: Iterable[int], *, players: int = 4, deals: int = 200,
               seed: int = 0) -> list[HookDeal]:
    """Play each seeded deal twice with heuristic bots, hook on and off (pagat's Oh Hell).

    >>> rows = hook_study([3], deals=20, seed=1)
    >>> len(rows), all(r.forbidden is not None for r in rows if r.binds)
    (20, True)
    """
    hooked = get_variant("oh-hell")
    free = with_options(hooked, {"hook": False})
    bot = HeuristicBot()
    out = []
    for h in hand_sizes:
        for d in range(deals):
            deal = deal_cards(hooked, players=players, dealer=d % players, hand_size=h,
                              rng=rng_for(hooked.key, players, seed, "analysis-hook", h, d))
            out.append(hook_deal(hooked, free, deal, bot))
    return out


class HookSummary(NamedTuple):
    """The hook at one hand size (from :func:`hook_study`): how often it forbade the dealer a
    bid, how often the very bid the dealer wanted, what it cost the dealer a deal (points
    without the hook less points with it, same cards), and the dealer's make rates."""

    hand_size: int
    active: Estimate
    binds: Estimate
    cost: MeanEstimate
    others_gain: MeanEstimate
    dealer_made_hooked: Estimate
    dealer_made_free: Estimate


def hook_summary(rows: Iterable[HookDeal]) -> dict[int, HookSummary]:
    """Summarise :func:`hook_study` by hand size.

    >>> summary = hook_summary(hook_study([2], deals=30, seed=1))
    >>> s = summary[2]
    >>> s.active.trials, s.binds.hits <= s.active.hits
    (30, True)
    """
    groups: dict[int, list[HookDeal]] = {}
    for row in rows:
        groups.setdefault(row.hand_size, []).append(row)
    out = {}
    for h, rs in sorted(groups.items()):
        n = len(rs)
        out[h] = HookSummary(
            h,
            proportion(sum(r.forbidden is not None for r in rs), n),
            proportion(sum(r.binds for r in rs), n),
            mean_estimate(r.free[-1] - r.hooked[-1] for r in rs),
            mean_estimate(sum(r.hooked[:-1]) - sum(r.free[:-1]) for r in rs),
            proportion(sum(r.dealer_made_hooked for r in rs), n),
            proportion(sum(r.dealer_made_free for r in rs), n))
    return out


def hook_active_random(hand_size: int, players: int = 4) -> Fraction:
    """The exact chance that the hook forbids the dealer some bid when the others bid at
    random (each uniformly from 0 to the hand size): the others' bids total at most the hand.

    >>> hook_active_random(1, 4)     # the three others' bids (0 or 1 each) total 0 or 1
    Fraction(1, 2)
    """
    h = hand_size
    ways = [1]  # ways[s]: bid sequences so far totalling s
    for _ in range(players - 1):
        nxt = [0] * (len(ways) + h)
        for s, w in enumerate(ways):
            for b in range(h + 1):
                nxt[s + b] += w
        ways = nxt
    return Fraction(sum(ways[: h + 1]), (h + 1) ** (players - 1))


def random_seat_points(hand_sizes: Iterable[int], *, players: int = 4, hands: int = 100_000,
                       seed: int = 0, hook: bool = True,
                       ruleset: Ruleset | None = None) -> dict[int, list[MeanEstimate]]:
    """Random play (numpy batch): each position's mean points a deal, eldest first, dealer
    last, for each hand size.  Needs numpy.

    >>> pts = random_seat_points([1], hands=20_000, seed=1)
    >>> len(pts[1]), pts[1][-1].mean < pts[1][0].mean     # the hooked dealer does worse
    (4, True)
    """
    from trickcore.study.batch import seat_means, simulate_random_hands

    out = {}
    for h in hand_sizes:
        result = simulate_random_hands(hands, players=players, hand_size=h, hook=hook,
                                       seed=seed * 1000 + h, dealer=players - 1, ruleset=ruleset)
        out[h] = [MeanEstimate(mean, se, hands, mean - Z95 * se, mean + Z95 * se)
                  for mean, se in seat_means(result)]
    return out


def random_hook_cost(hand_sizes: Iterable[int], *, players: int = 4, hands: int = 50_000,
                     seed: int = 0) -> dict[int, MeanEstimate]:
    """Random play (numpy batch): the dealer's mean points a deal without the hook less with
    it, by hand size (two independent samples of ``hands`` deals each).  Needs numpy.

    >>> cost = random_hook_cost([1], hands=20_000, seed=1)
    >>> cost[1].low > 0
    True
    """
    sizes = list(hand_sizes)
    hooked = random_seat_points(sizes, players=players, hands=hands, seed=seed, hook=True)
    free = random_seat_points(sizes, players=players, hands=hands, seed=seed + 1, hook=False)
    out = {}
    for h in sizes:
        a, b = hooked[h][-1], free[h][-1]
        mean = b.mean - a.mean
        se = math.hypot(a.standard_error, b.standard_error)
        out[h] = MeanEstimate(mean, se, hands, mean - Z95 * se, mean + Z95 * se)
    return out

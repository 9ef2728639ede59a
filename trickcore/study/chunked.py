"""The studies behind the numbers pages, cut into chunks that run anywhere, and their exact merge.

A study is a function that plays (or deals) ``count`` deals, numbered from ``first``, with one
seeded generator, and returns what it saw as counts and sums of integers, nested in dicts and
lists (JSON as it is).  Two such results :func:`merge` exactly, by adding integers, so the
counts of a whole run do not depend on where or in what order its chunks ran.  The estimates of
the pages follow from the counts: :func:`~trickcore.study.stats.proportion` for a count out of
a total, :func:`~trickcore.study.stats.mean_from_sums` for a mean from a sum and a sum of
squares.

:mod:`trickcore.study.runner` runs a study in chunks (one process, local processes or a Dask
cluster); this module holds only the studies and the arithmetic.

>>> sorted(STUDIES)
['bids', 'five-hundred-contracts', 'holdings', 'hook', 'humbug-perfect']
>>> merge({"deals": 2, "tricks": [1, 1]}, {"deals": 3, "tricks": [0, 2, 1]})
{'deals': 5, 'tricks': [1, 3, 1]}
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from trickcore.cards import JOKER_INDEX, Suit
from trickcore.engine.dealing import deal_cards
from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import with_options
from trickcore.rules.registry import get_variant
from trickcore.study.bids import seat_rows
from trickcore.study.five_hundred import five_hundred_deal
from trickcore.study.holdings import top_trump_mask, trump_mask
from trickcore.study.hook import hook_deal
from trickcore.study.humbug import whole_deal
from trickcore.study.stats import mean_from_sums as mean_from_sums  # it lived here before stats.py

__all__ = ["STUDIES", "Counts", "Study", "chunk_rng", "get_study", "merge"]

#: A study's result: integers, in lists (indexed by a count) and dicts (keyed by a name).
Counts = dict[str, Any]


def merge(a: Any, b: Any) -> Any:
    """Add two results of the same study: integers add, lists add place by place (the shorter
    padded with zeros), dicts add key by key (a key in one only is kept as it is).

    >>> merge({"a": {"x": 1}, "n": [2]}, {"a": {"y": 4}, "n": [1, 5]})
    {'a': {'x': 1, 'y': 4}, 'n': [3, 5]}
    """
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for key, value in b.items():
            out[key] = merge(out[key], value) if key in out else value
        return dict(sorted(out.items()))
    if isinstance(a, list) and isinstance(b, list):
        longer, shorter = (a, b) if len(a) >= len(b) else (b, a)
        return [merge(x, shorter[i]) if i < len(shorter) else x for i, x in enumerate(longer)]
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    raise TypeError(_("cannot merge {one} with {other}").format(
                        one=type(a).__name__, other=type(b).__name__))


def chunk_rng(study: str, seed: int, index: int) -> random.Random:
    """The generator of one chunk: a function of the study, the seed and the chunk's index only.

    >>> chunk_rng("hook", 1, 7).random() == chunk_rng("hook", 1, 7).random()
    True
    """
    return random.Random(f"trickcore-study/{study}/{seed}/{index}")


def _bump(counts: list[int], k: int) -> None:
    counts[k] += 1


# hook: each deal played twice by heuristic bots, hook on and off --------------------------------

HOOK_SIZES = tuple(range(1, 11))


def _hook(rng: random.Random, first: int, count: int) -> Counts:
    hooked = get_variant("oh-hell")
    free = with_options(hooked, {"hook": False})
    bot = HeuristicBot()
    out: Counts = {}
    for g in range(first, first + count):
        size = HOOK_SIZES[g % len(HOOK_SIZES)]
        deal = deal_cards(hooked, players=4, dealer=g // len(HOOK_SIZES) % 4, hand_size=size,
                          rng=rng)
        row = hook_deal(hooked, free, deal, bot)
        c = out.setdefault(str(size), dict.fromkeys(
            ("deals", "active", "binds", "cost_sum", "cost_squares", "others_gain_sum",
             "others_gain_squares", "dealer_made_hooked", "dealer_made_free"), 0))
        cost = row.free[-1] - row.hooked[-1]
        gain = sum(row.hooked[:-1]) - sum(row.free[:-1])
        c["deals"] += 1
        c["active"] += row.forbidden is not None
        c["binds"] += row.binds
        c["cost_sum"] += cost
        c["cost_squares"] += cost * cost
        c["others_gain_sum"] += gain
        c["others_gain_squares"] += gain * gain
        c["dealer_made_hooked"] += row.dealer_made_hooked
        c["dealer_made_free"] += row.dealer_made_free
    return out


# bids: tricks taken by what a hand holds, make rates by bid -------------------------------------

BID_SIZES = (3, 5, 7, 10)


def _bids(rng: random.Random, first: int, count: int) -> Counts:
    rules = get_variant("oh-hell")
    bot = HeuristicBot()
    out: Counts = {}
    for g in range(first, first + count):
        size = BID_SIZES[g % len(BID_SIZES)]
        deal = deal_cards(rules, players=4, dealer=g // len(BID_SIZES) % 4, hand_size=size,
                          rng=rng)
        c = out.setdefault(str(size), {"seats": 0, "tricks_by_trumps": {},
                                       "tricks_by_aces": {}, "bids": {},
                                       "points_by_position": [0] * 4})
        for row in seat_rows(rules, deal, g, bot, bot):
            c["seats"] += 1
            for key, held in (("tricks_by_trumps", row.trumps), ("tricks_by_aces", row.aces)):
                _bump(c[key].setdefault(str(held), [0] * (size + 1)), row.tricks)
            made_total = c["bids"].setdefault(str(row.bid), [0, 0])
            made_total[0] += row.bid == row.tricks
            made_total[1] += 1
            c["points_by_position"][row.position] += row.points
    return out


# holdings: trumps in a hand, Humbug's trump split, the Five Hundred joker and bowers -------------

HOLDING_KINDS = ("oh_hell_5", "oh_hell_10", "humbug", "five_hundred")


def _holdings(rng: random.Random, first: int, count: int) -> Counts:
    oh_hell = get_variant("oh-hell")
    humbug = get_variant("humbug")
    five = get_variant("five-hundred")
    top = top_trump_mask(five, Suit.HEARTS)
    red = trump_mask(five, Suit.HEARTS)
    joker = 1 << JOKER_INDEX
    out: Counts = {}
    for g in range(first, first + count):
        kind = HOLDING_KINDS[g % len(HOLDING_KINDS)]
        if kind == "humbug":
            deal = deal_cards(humbug, players=2, dealer=1, hand_size=26, rng=rng)
            assert deal.trump is not None
            suit = 0xFFFF << (16 * int(deal.trump))
            diff = (deal.hands[1] & suit).bit_count() - (deal.hands[0] & suit).bit_count()
            _bump(out.setdefault("humbug_difference", [0] * 14), (diff + 13) // 2)
        elif kind == "five_hundred":
            deal = deal_cards(five, players=4, dealer=3, hand_size=10, rng=rng)
            hand = deal.hands[0]
            kitty = sum(c.bit for c in deal.kitty)
            c = out.setdefault("five_hundred", dict.fromkeys(
                ("deals", "joker_in_hand", "joker_in_kitty", "top_in_hand", "top_in_kitty"), 0))
            c["deals"] += 1
            c["joker_in_hand"] += bool(hand & joker)
            c["joker_in_kitty"] += bool(kitty & joker)
            c["top_in_hand"] += bool(hand & top)
            c["top_in_kitty"] += bool(kitty & top)
            _bump(out.setdefault("five_hundred_red_trumps", [0] * 11), (hand & red).bit_count())
        else:
            size = 5 if kind == "oh_hell_5" else 10
            deal = deal_cards(oh_hell, players=4, dealer=3, hand_size=size, rng=rng)
            assert deal.trump is not None
            held = (deal.hands[0] & (0xFFFF << (16 * int(deal.trump)))).bit_count()
            _bump(out.setdefault(f"{kind}_trumps", [0] * (size + 1)), held)
    return out


# five-hundred-contracts: contracts, make rates with and without the kitty -----------------------


def _five_hundred(rng: random.Random, first: int, count: int) -> Counts:
    rules = get_variant("five-hundred")
    bot = HeuristicBot()
    out: Counts = {"deals": 0, "passed": 0, "contracts": {}, "holdings": {},
                   "longest": [0] * 11}
    for g in range(first, first + count):
        deal = deal_cards(rules, players=4, dealer=g % 4, hand_size=10, rng=rng)
        row = five_hundred_deal(rules, deal, bot)
        out["deals"] += 1
        for length in row.longest:
            out["longest"][length] += 1
        if row.contract is None:
            out["passed"] += 1
            continue
        c = out["contracts"].setdefault(row.contract, dict.fromkeys(
            ("deals", "made", "made_without_kitty", "points_sum", "points_squares",
             "points_without_kitty_sum", "points_without_kitty_squares"), 0))
        c["deals"] += 1
        c["made"] += bool(row.made)
        c["made_without_kitty"] += bool(row.made_without_kitty)
        c["points_sum"] += row.points
        c["points_squares"] += row.points * row.points
        c["points_without_kitty_sum"] += row.points_without_kitty
        c["points_without_kitty_squares"] += row.points_without_kitty ** 2
        if row.kind == "tricks" and row.trumps_kept > 0:
            label = "with_joker" if row.joker else "without_joker"
            made_total = out["holdings"].setdefault(label, {}).setdefault(
                str(row.trumps_kept), [0, 0])
            made_total[0] += bool(row.made)
            made_total[1] += 1
    return out


@dataclasses.dataclass(frozen=True)
class Study:
    """One study: its name, the deals in a chunk (fixed, so that chunk ``i`` always holds the
    same deals), what a deal is, the function that runs a chunk, and about how many seconds a
    chunk takes on one core (measured; the runner groups chunks into tasks of about a second by
    it, which changes how the work is shared out, never the result).

    ``run(rng, first, count)`` deals (or plays) items ``first`` to ``first + count - 1`` with
    the chunk's generator and returns their counts.  Your own study is one of these (made
    most easily by :func:`~trickcore.deal_study` or
    :func:`~trickcore.match_study`), passed to
    :func:`~trickcore.run_study` in place of a name.  ``definition`` names what
    the function computes (its module and name, and its settings): it goes into a cache
    directory's manifest, so that another definition under the same name is never resumed.
    ``fields`` gives a one-line meaning of each count, for the result's explanation; ``unit``
    names an item (``"deals"`` or ``"games"``).

    >>> hook = STUDIES["hook"]
    >>> hook.name, hook.chunk_size, hook.unit
    ('hook', 100, 'deals')
    """

    name: str
    chunk_size: int
    what: str
    run: Callable[[random.Random, int, int], Counts]
    seconds: float = 0.1
    definition: str = ""
    fields: tuple[tuple[str, str], ...] = ()
    unit: str = "deals"


# humbug-perfect: whole Humbug deals solved exactly, and the bots against perfect play ---------


def _humbug_perfect(rng: random.Random, first: int, count: int) -> Counts:
    humbug = get_variant("humbug")
    out: Counts = {}
    for g in range(first, first + count):
        deal = deal_cards(humbug, players=2, dealer=1, hand_size=26, rng=rng)
        out[f"{g:07d}"] = whole_deal(deal)
    return {"deals": out}


STUDIES: dict[str, Study] = {s.name: s for s in (
    Study("hook", 100, "pagat's Oh Hell, four players, 1 to 10 cards in turn, each deal played"
          " by heuristic bots with the hook and again without it", _hook, 0.1),
    Study("bids", 200, "pagat's Oh Hell, four players, 3, 5, 7 and 10 cards in turn, played by"
          " heuristic bots: tricks by trumps and aces held, make rates by bid", _bids, 0.1),
    Study("holdings", 20_000, "a deal of 5 and of 10 cards of pagat's Oh Hell (eldest's"
          " trumps), a Humbug deal (the trump split) and a four-hand Five Hundred deal (joker,"
          " bowers, trumps), in turn", _holdings, 0.25),
    Study("five-hundred-contracts", 50, "four-hand Five Hundred played by heuristic bots, each"
          " contract again without the kitty", _five_hundred, 0.15),
    Study("humbug-perfect", 1, "a whole Humbug deal solved exactly with each player on lead,"
          " then the heuristic and Monte Carlo bots in each seat against perfect play (one deal"
          " to a chunk: a deal takes seconds)", _humbug_perfect, 30.0),
)}


def get_study(name: str | Study) -> Study:
    """The study called ``name`` (a :class:`Study` is itself); an unknown name is a
    :class:`~trickcore.errors.TrickcoreError`.

    >>> get_study("hook").chunk_size
    100
    >>> get_study("hooks")
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: unknown study 'hooks'; the studies are: bids, five-hundred-contracts, holdings, hook, humbug-perfect
    """
    if isinstance(name, Study):
        return name
    try:
        return STUDIES[name]
    except (KeyError, TypeError):
        raise TrickcoreError(_("unknown study {name!r}; the studies are: {value}").format(
                                 name=name, value=', '.join(sorted(STUDIES)))) from None

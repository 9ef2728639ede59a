"""A study's result, explained: a one-line meaning of each count, and estimates with intervals.

A study returns integer counts (so that chunks add exactly); a reader wants what they estimate.
:func:`estimates` reads the counts by their shape: a count beside the number of items it is out
of (``deals``, ``seats``, ``games``) is a proportion with its 95% Wilson interval; a ``X_sum``
beside ``X_squares`` is a mean with its 95% interval; a list of counts is a distribution (each
place's share, with its interval); a ``[made, total]`` pair is a proportion.  :data:`FIELDS`
gives the meaning of each count of the book's studies, and a study of your own brings its own
(:attr:`~trickcore.study.chunked.Study.fields`).

>>> counts = {"3": {"deals": 200, "binds": 50, "cost_sum": 40, "cost_squares": 400}}
>>> [(r["field"], r["kind"], round(r["estimate"], 2)) for r in estimates(counts)]
[('3/binds', 'proportion', 0.25), ('3/cost', 'mean', 0.2)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from trickcore.study.stats import mean_from_sums, proportion

__all__ = ["FIELDS", "TOTALS", "estimates", "field_meanings"]

#: The counts an item count is out of, in the order they are looked for.
TOTALS = ("deals", "seats", "games", "bids_total")

#: Lists of ``[made, total]`` pairs, by the key that holds them.
PAIRS = ("bids", "with_joker", "without_joker")

_HOOK = {
    "deals": "deals of this hand size (the key: cards each)",
    "active": "deals in which the hook forbade the dealer a bid",
    "binds": "deals in which the hook forbade the dealer the bid it wanted",
    "cost_sum": "the dealer's points without the hook less with it, summed (with cost_squares:"
                " the mean cost of the hook to the dealer)",
    "cost_squares": "the sum of the squares of that cost (for its interval)",
    "others_gain_sum": "the other seats' points with the hook less without it, summed",
    "others_gain_squares": "the sum of the squares of that gain (for its interval)",
    "dealer_made_hooked": "deals in which the dealer made the bid, with the hook",
    "dealer_made_free": "deals in which the dealer made the bid, without the hook",
}
_BIDS = {
    "seats": "seat-deals of this hand size (the key: cards each)",
    "tricks_by_trumps": "by trumps held (the key): how many seats took 0, 1, 2... tricks",
    "tricks_by_aces": "by aces held (the key): how many seats took 0, 1, 2... tricks",
    "bids": "by bid (the key): [bids made exactly, bids]",
    "points_by_position": "points summed by position, 0 the first to bid",
}
_HOLDINGS = {
    "oh_hell_5_trumps": "5-card Oh Hell hands with 0, 1, 2... trumps",
    "oh_hell_10_trumps": "10-card Oh Hell hands with 0, 1, 2... trumps",
    "humbug_difference": "Humbug deals by the trump split, from dealer 13 short to 13 ahead"
                         " (place i: the dealer holds 2i - 13 more trumps)",
    "five_hundred_red_trumps": "Five Hundred hands with 0, 1, 2... trumps of hearts",
    "five_hundred": "four-hand Five Hundred deals, hearts trumps: the joker and the bowers",
    "deals": "four-hand Five Hundred deals looked at",
    "joker_in_hand": "deals with the joker in eldest's hand",
    "joker_in_kitty": "deals with the joker in the kitty",
    "top_in_hand": "deals with the joker or a bower in eldest's hand",
    "top_in_kitty": "deals with the joker or a bower in the kitty",
}
_CONTRACTS = {
    "deals": "deals played (in a contract: deals with that contract)",
    "contracts": "by contract (the key, as 7H): how the deals with it went",
    "holdings": "contracts in trumps by the joker held: by trumps kept, [made, contracts]",
    "passed": "deals in which all four passed",
    "longest": "hands by the length of their longest suit",
    "made": "contracts made",
    "made_without_kitty": "contracts that would have been made without the kitty",
    "points_sum": "the contractor's side's points, summed (with points_squares: the mean)",
    "points_squares": "the sum of the squares of those points",
    "points_without_kitty_sum": "the same points without the kitty, summed",
    "points_without_kitty_squares": "the sum of their squares",
    "with_joker": "contracts in trumps with the joker: by trumps kept, [made, contracts]",
    "without_joker": "contracts in trumps without the joker: by trumps kept, [made, contracts]",
}
_HUMBUG = {
    "deals": "each deal by its number: its record, solved exactly",
    "trumps": "the trumps each seat holds",
    "eldest_lead": "tricks eldest takes with perfect play, eldest on lead",
    "dealer_lead": "tricks eldest takes with perfect play, the dealer on lead",
    "heuristic": "tricks the heuristic bot takes in each seat against perfect play",
    "montecarlo": "tricks the Monte Carlo bot takes in each seat against perfect play",
}

#: The meaning of each count of the book's studies, by study and key.
FIELDS: dict[str, dict[str, str]] = {"hook": _HOOK, "bids": _BIDS, "holdings": _HOLDINGS,
                                     "five-hundred-contracts": _CONTRACTS,
                                     "humbug-perfect": _HUMBUG}


def field_meanings(study: Any) -> dict[str, str]:
    """The one-line meaning of each count of ``study`` (a name, or a study of your own).

    >>> field_meanings("hook")["binds"]
    'deals in which the hook forbade the dealer the bid it wanted'
    """
    from trickcore.study.chunked import get_study

    spec = get_study(study)
    return dict(spec.fields) if spec.fields else dict(FIELDS.get(spec.name, {}))


def _record(field: str, kind: str, estimate: float, low: float, high: float, n: int,
            count: int | float, meanings: Mapping[str, str], key: str) -> dict[str, Any]:
    return {"field": field, "kind": kind, "estimate": estimate, "low": low, "high": high,
            "n": n, "count": count, "meaning": meanings.get(key, "")}


def _share(path: str, key: str, hits: int, n: int, meanings: Mapping[str, str]) -> dict[str, Any]:
    e = proportion(hits, n)
    return _record(path, "proportion", e.probability, e.low, e.high, n, hits, meanings, key)


def estimates(counts: Any, meanings: Mapping[str, str] | None = None,
              path: str = "") -> list[dict[str, Any]]:
    """The estimates the counts make, one record each (``field``, ``kind``, ``estimate``,
    ``low``, ``high`` (95%), ``n``, ``count``, ``meaning``), in the counts' order."""
    meanings = meanings or {}
    out: list[dict[str, Any]] = []
    if not isinstance(counts, dict):
        return out
    n = next((counts[t] for t in TOTALS if isinstance(counts.get(t), int) and counts[t] > 0),
             None)
    for key, value in counts.items():
        here = f"{path}/{key}" if path else key
        if isinstance(value, dict):
            if key in PAIRS:
                for k, pair in value.items():
                    if (isinstance(pair, list) and len(pair) == 2 and pair[1] > 0
                            and 0 <= pair[0] <= pair[1]):
                        out.append(_share(f"{here}/{k}", key, pair[0], pair[1], meanings))
            else:
                out += estimates(value, meanings, here)
        elif isinstance(value, list) and value and all(isinstance(v, int) for v in value):
            whole = sum(value)
            if whole > 0 and all(v >= 0 for v in value):
                out += [_share(f"{here}/{i}", key, v, whole, meanings)
                        for i, v in enumerate(value)]
        elif isinstance(value, int) and not isinstance(value, bool):
            if key in TOTALS or key.endswith("_squares") or n is None:
                continue
            if key.endswith("_sum"):
                squares = counts.get(key[:-4] + "_squares")
                if isinstance(squares, int):
                    m = mean_from_sums(n, value, squares)
                    out.append(_record(here[:-4], "mean", m.mean, m.low, m.high, n, value,
                                       meanings, key))
                continue
            if 0 <= value <= n:
                out.append(_share(here, key, value, n, meanings))
    return [r for r in out if not math.isnan(r["estimate"])]

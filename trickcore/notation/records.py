"""Game records: a whole match as JSON, written and checked by the engine.

The format (``trickcore-record/1``) is documented in ``docs/records.md``.  :func:`match_record`
writes one; :func:`replay_record` reads one back, replays every bid and card through the engine
and raises :class:`~trickcore.errors.RecordError` at the first thing that is malformed or
illegal, naming the deal, the step and the rule.

>>> from trickcore.rules.registry import get_variant
>>> from trickcore.players.random import RandomBot
>>> from trickcore.engine.match import Match
>>> match = Match(get_variant("oh-pshaw"), players=3, seed=5)
>>> match.play([RandomBot(seed=s) for s in range(3)])
>>> record = match_record(match)
>>> from trickcore.notation.replay import replay_record
>>> record["format"], record["variant"], len(record["deals"])
('trickcore-record/1', 'oh-pshaw', 15)
>>> replay_record(record).totals == match.totals
True
>>> record["deals"][0]["bids"][0]["bid"] = 7
>>> replay_record(record)
Traceback (most recent call last):
...
trickcore.errors.RecordError: deal 1, bid 1 (seat 2): seat 2 may not bid 7: a bid is from 0 to the 1 tricks in the deal [rule: bid-range]
"""


from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from trickcore.arguments import typed
from trickcore.cards import COPY_OFFSET, JOKER_INDEX, Card, Pack, cards_of
from trickcore.engine.calls import CallKind
from trickcore.engine.events import Phase
from trickcore.engine.match import Match, register_record_writer
from trickcore.engine.state import HandState
from trickcore.rules import BiddingKind, Partnership, Ruleset, get_variant, options_of

__all__ = ["FORMAT", "card_code", "match_record", "write_record"]

FORMAT = "trickcore-record/1"


def card_code(card: Card, ruleset: Ruleset) -> str:
    """A card's code in a record: with two jokers the higher is written ``JK1``."""
    if card.index == JOKER_INDEX and ruleset.deck is Pack.QUEBEC_46:
        return "JK1"
    return card.code


def _pack_order(card: Card) -> tuple[int, int]:
    """Index order, with a second copy (two packs) just after its first copy."""
    return (card.index - COPY_OFFSET, 1) if card.copy else (card.index, 0)


def _deal_record(match: Match, index: int, state: HandState) -> dict[str, Any]:
    deal = state.deal
    n = match.players
    r = match.ruleset

    def codes(cards: Iterable[Card]) -> list[str]:
        return [card_code(c, r) for c in cards]

    bids: list[dict[str, Any]] = []
    if state.auction:
        bids = [{"seat": seat, "bid": call.code(r)} for seat, call in state.calls]
    elif r.bidding is not BiddingKind.NONE:
        for seat in state.bid_order:
            if state.bids[seat] is not None:
                bids.append({"seat": seat, "bid": state.bids[seat]})
    tricks = []
    for trick in state.tricks:
        entry: dict[str, Any] = {
            "leader": trick.leader,
            "cards": codes(trick.cards),
            "winner": trick.winner,
        }
        clockwise = [(trick.leader + i) % n for i in range(len(trick.cards))]
        if trick.by and list(trick.by) != clockwise:
            entry["by"] = list(trick.by)
        if r.table_piles:
            entry["from"] = list(trick.sources)
        if trick.joker_suit is not None:
            entry["joker_suit"] = trick.joker_suit.letter
        tricks.append(entry)
    if state.current.cards:  # the trick in progress: no winner yet
        partial = state.current
        entry = {"leader": partial.leader, "cards": codes(partial.cards), "winner": None}
        if r.table_piles:
            entry["from"] = list(partial.sources)
        if partial.joker_suit is not None:
            entry["joker_suit"] = partial.joker_suit.letter
        tricks.append(entry)
    trump = state.trump if state.auction else deal.trump
    out: dict[str, Any] = {
        "dealer": deal.dealer,
        "hand_size": deal.hand_size,
        "hands": [codes(sorted(cards_of(deal.hands[s]), key=_pack_order)) for s in range(n)],
        "turn_up": deal.turn_up.code if deal.turn_up is not None else None,
        "trump": trump.letter if trump is not None else None,
        "bids": bids,
        "announcement": state.announcement,
        "tricks": tricks,
        "tricks_won": list(state.tricks_won),
        "points": list(state.points) if state.points is not None else None,
        "totals": match.totals_after(index) if state.points is not None else None,
    }
    if state.revokes:
        out["revokes"] = list(state.revokes)
    if state.auction:
        contract = None
        if state.contract is not None:
            contract = {"seat": state.contractor, "bid": state.contract.code(r)}
        out.update({
            "kitty": codes(deal.kitty),
            "contract": contract,
            "discards": codes(state.discards),
            "joker_suit": state.joker_suit.letter if state.joker_suit is not None else None,
            "sides": [list(side) for side in state.sides],
            "made": state.made,
        })
        if state.contract is not None and state.contract.kind is CallKind.DOUBLE_NULLO:
            out["partner_discards"] = codes(state.partner_discards)
        if r.partnership is Partnership.CALLED:
            out["called_card"] = (card_code(state.called_card, r)
                                  if state.called_card is not None else None)
            out["partner"] = state.partner
        # A deal stopped before a step is taken leaves the step's field out (null would say
        # "alone" or "no suit named").
        if state.phase is Phase.CALL:
            del out["called_card"], out["partner"]
        if state.phase is Phase.JOKER:
            del out["joker_suit"]
        if r.table_piles:
            out["table"] = [[codes(pile) for pile in piles] for piles in deal.table]
        if r.dead_hand:
            out["dead"] = codes(deal.dead)
    return out


@typed
def match_record(match: Match) -> dict[str, Any]:
    """The record of a match (finished or not) as a JSON-ready dict.

    >>> from trickcore.players.heuristic import HeuristicBot
    >>> match = Match(get_variant("humbug"), players=2, seed=4)
    >>> match.play([HeuristicBot(), HeuristicBot()])
    >>> record = match_record(match)
    >>> record["variant"], record["players"], record["seed"], len(record["deals"])
    ('humbug', 2, 4, 1)
    >>> record["result"]
    {'totals': [2, -2], 'winners': [0], 'settlement': [2, -2]}
    """
    base = get_variant(match.ruleset.key)
    return {
        "format": FORMAT,
        "variant": match.ruleset.key,
        "players": match.players,
        "seed": match.seed,
        "options": options_of(match.ruleset, base),
        "deals": [_deal_record(match, i, s) for i, s in enumerate(match.deals)],
        "result": {
            "totals": match.totals,
            "winners": match.winners,
            "settlement": match.settlement,
        } if match.is_over else None,
    }


@typed
def write_record(match: Match) -> str:
    """The record as one line of JSON.

    >>> from trickcore.players.heuristic import HeuristicBot
    >>> match = Match(get_variant("humbug"), players=2, seed=4)
    >>> match.play([HeuristicBot(), HeuristicBot()])
    >>> write_record(match)[:60]
    '{"format": "trickcore-record/1", "variant": "humbug", "playe'
    """
    return json.dumps(match_record(match), separators=(", ", ": "))


register_record_writer(match_record)

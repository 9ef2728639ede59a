"""Humbug with perfect play: endings of seeded deals solved exactly, with the lead and without;
and whole deals solved exactly, with the bots playing against perfect play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from trickcore.cards import cards_of
from trickcore.engine.dealing import Deal, deal_cards, rng_for
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, play_deal
from trickcore.i18n import _
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.montecarlo import MonteCarloBot
from trickcore.rules.registry import get_variant
from trickcore.solver import Memory, PerfectBot, Position, position_from_deal, solve

__all__ = ["WHOLE_DEAL_BOTS", "HumbugEnding", "WholeDeal", "humbug_study", "whole_deal",
           "whole_deals"]


class HumbugEnding(NamedTuple):
    """One Humbug deal: heuristic play for the first tricks, then the rest solved exactly.

    Seat 0 is eldest (the non-dealer, who leads first), seat 1 the dealer.  ``trumps_dealt``
    and ``trumps_left`` are each seat's trumps at the deal and at the start of the ending;
    ``first_half`` the tricks each took in heuristic play; ``leader`` the seat on lead in the
    ending; ``ending`` eldest's tricks in the ending with best play on both sides, and
    ``ending_other_lead`` the same with the other seat on lead (same cards).
    """

    trumps_dealt: tuple[int, int]
    trumps_left: tuple[int, int]
    first_half: tuple[int, int]
    leader: int
    ending: int
    ending_other_lead: int
    tricks_left: int

    @property
    def lead_value(self) -> int:
        """Tricks the lead is worth, in the ending, to the seat that has it: its tricks on lead
        less its tricks with the other seat on lead (same cards, best play)."""
        if self.leader == 0:
            return self.ending - self.ending_other_lead
        return self.ending_other_lead - self.ending

    @property
    def eldest_total(self) -> int:
        """Eldest's tricks over the whole deal (heuristic first half, perfect ending)."""
        return self.first_half[0] + self.ending


def humbug_study(*, deals: int = 200, seed: int = 0, tricks_left: int = 13,
                 ending: str = "play") -> list[HumbugEnding]:
    """Seeded Humbug endings of ``tricks_left`` tricks, each solved exactly
    (:func:`trickcore.solver.solve`) twice: with its leader on lead, and with the other seat.

    A whole 26-trick deal takes the solver far too long for a page built in a minute, so the
    endings are made one of two ways:

    * ``ending="play"``: the heuristic bot plays the first tricks for both players; the ending
      is what is left, and its leader is whoever won the last trick;
    * ``ending="random"``: each player keeps ``tricks_left`` of their 26 dealt cards, chosen at
      random (as if the others had been played), and eldest (seat 0) leads.

    >>> rows = humbug_study(deals=3, seed=1, tricks_left=6)
    >>> [0 <= r.ending <= 6 for r in rows], sum(rows[0].first_half)
    ([True, True, True], 20)
    >>> rows = humbug_study(deals=3, seed=1, tricks_left=6, ending="random")
    >>> {r.leader for r in rows}, {r.first_half for r in rows}
    ({0}, {(0, 0)})
    """
    if ending not in ("play", "random"):
        raise ValueError(_("ending must be 'play' or 'random', not {ending!r}").format(
                             ending=ending))
    rules = get_variant("humbug")
    bot = HeuristicBot()
    out = []
    for d in range(deals):
        deal = deal_cards(rules, players=2, dealer=1, hand_size=26,
                          rng=rng_for(rules.key, 2, seed, "analysis-humbug", d))
        assert deal.trump is not None
        suit = 0xFFFF << (16 * int(deal.trump))
        if ending == "play":
            state = HandState(rules, deal)
            while len(state.tricks) < 26 - tricks_left:
                state.apply(bot(state).action)
            hands = list(state.hands)
            leader = state.leader
            first = (state.tricks_won[0], state.tricks_won[1])
        else:
            rng = random.Random(f"trickcore/analysis-humbug-random/{seed}/{d}")
            hands = [sum(c.bit for c in rng.sample(cards_of(h), tricks_left))
                     for h in deal.hands]
            leader = 0
            first = (0, 0)
        sides = ((0,), (1,))
        value = solve(Position(hands, deal.trump, leader, sides=sides), side=0,
                      all_best=False).tricks
        other = solve(Position(hands, deal.trump, 1 - leader, sides=sides), side=0,
                      all_best=False).tricks
        out.append(HumbugEnding(
            ((deal.hands[0] & suit).bit_count(), (deal.hands[1] & suit).bit_count()),
            ((hands[0] & suit).bit_count(), (hands[1] & suit).bit_count()),
            first, leader, value, other, tricks_left))
    return out


#: The bots :func:`whole_deal` sets against perfect play, by name, each made afresh for every
#: game.  Every card is known in Humbug and the heuristic rollout is deterministic, so each of
#: the Monte Carlo bot's samples would play the same rollouts: one sample gives the same choices.
_WHOLE_DEAL_BOTS: dict[str, Callable[[], Bot]] = {
    "heuristic": HeuristicBot,
    "montecarlo": lambda: MonteCarloBot(samples=1),
}
#: Their names, in the order of the records.
WHOLE_DEAL_BOTS = tuple(_WHOLE_DEAL_BOTS)


def whole_deal(deal: Deal) -> dict[str, Any]:
    """One whole Humbug deal (two hands of 26) solved exactly, and the bots against perfect play.

    Seat 0 is eldest, who leads; seat 1 the dealer.  The record, integers only (so that a
    study's chunks merge exactly):

    * ``trumps``: each seat's trumps as dealt;
    * ``eldest_lead``: eldest's tricks with best play on both sides;
    * ``dealer_lead``: eldest's tricks with best play when the dealer leads instead (same
      cards), so ``eldest_lead - dealer_lead`` is what the lead is worth to eldest;
    * for each bot of :data:`WHOLE_DEAL_BOTS`, ``[eldest's tricks when the bot plays eldest
      against perfect play, the dealer's tricks when the bot plays the dealer against perfect
      play]``: with ``eldest_lead``, how many tricks the bot gives away to a perfect opponent.

    One :class:`~trickcore.solver.Memory` serves every search of the deal.

    >>> from trickcore.engine.dealing import deal_cards, rng_for
    >>> rules = get_variant("humbug")
    >>> deal = deal_cards(rules, players=2, dealer=1, hand_size=6, rng=rng_for("humbug", 2, 1, "d"))
    >>> record = whole_deal(deal)
    >>> sorted(record)
    ['dealer_lead', 'eldest_lead', 'heuristic', 'montecarlo', 'trumps']
    >>> record["heuristic"][0] <= record["eldest_lead"] <= 6 - record["heuristic"][1]
    True
    """
    if deal.players != 2 or deal.dealer != 1 or deal.trump is None:
        raise ValueError(_("a whole Humbug deal has two hands, seat 1 dealing, and trumps"))
    rules = get_variant("humbug")
    memory = Memory()
    sides = ((0,), (1,))
    opening = position_from_deal(deal, sides=sides)
    eldest = solve(opening, side=0, all_best=False, memory=memory).tricks
    other = Position(deal.hands, deal.trump, 1, sides=sides)
    dealer_lead = solve(other, side=0, all_best=False, memory=memory).tricks
    suit = 0xFFFF << (16 * int(deal.trump))
    record: dict[str, Any] = {
        "trumps": [(h & suit).bit_count() for h in deal.hands],
        "eldest_lead": eldest,
        "dealer_lead": dealer_lead,
    }
    perfect = PerfectBot(memory)
    for name in WHOLE_DEAL_BOTS:
        tricks = []
        for seat in (0, 1):
            seats: list[Bot] = [perfect, perfect]
            seats[seat] = _WHOLE_DEAL_BOTS[name]()
            state = play_deal(HandState(rules, deal), seats)
            tricks.append(state.tricks_won[seat])
        record[name] = tricks
    return record


class WholeDeal(NamedTuple):
    """One whole Humbug deal of a ``humbug-perfect`` study (see :func:`whole_deal`), read back.

    Seat 0 is eldest, who leads, seat 1 the dealer; ``bots`` maps each bot's name to its
    tricks ``(as eldest, as dealer)`` against a perfect opponent.
    """

    number: int
    trumps: tuple[int, int]
    eldest_lead: int
    dealer_lead: int
    bots: dict[str, tuple[int, int]]

    @property
    def margin(self) -> int:
        """Eldest's tricks less the dealer's, with best play on both sides."""
        return 2 * self.eldest_lead - 26

    @property
    def lead_value(self) -> int:
        """Tricks the lead is worth to eldest: eldest's tricks on lead less eldest's tricks
        when the dealer leads the same cards."""
        return self.eldest_lead - self.dealer_lead

    @property
    def trump_difference(self) -> int:
        """Eldest's trumps less the dealer's, as dealt."""
        return self.trumps[0] - self.trumps[1]

    def loss(self, bot: str, seat: int) -> int:
        """Tricks ``bot`` gave away, playing ``seat`` against perfect play: the seat's tricks
        with best play on both sides less the bot's."""
        best = self.eldest_lead if seat == 0 else 26 - self.eldest_lead
        return best - self.bots[bot][seat]


def whole_deals(result: Mapping[str, Any]) -> list[WholeDeal]:
    """The deals of a ``humbug-perfect`` study's JSON (``trickcore study humbug-perfect
    --json``), in order.

    >>> deals = whole_deals({"study": "humbug-perfect", "counts": {"deals": {"0000000": {
    ...     "trumps": [6, 7], "eldest_lead": 12, "dealer_lead": 12, "heuristic": [9, 11],
    ...     "montecarlo": [7, 10]}}}})
    >>> d = deals[0]
    >>> d.margin, d.lead_value, d.trump_difference, d.loss("heuristic", 0), d.loss("heuristic", 1)
    (-2, 0, -1, 3, 3)
    """
    if result.get("study") != "humbug-perfect":
        raise ValueError(_("not the result of a humbug-perfect study"))
    out = []
    for key, r in sorted(result["counts"]["deals"].items()):
        out.append(WholeDeal(int(key), (r["trumps"][0], r["trumps"][1]), r["eldest_lead"],
                             r["dealer_lead"],
                             {name: (r[name][0], r[name][1]) for name in WHOLE_DEAL_BOTS}))
    return out

"""Humbug with perfect play: endings of seeded deals solved exactly, with the lead and without.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from trickcore.cards import cards_of
from trickcore.engine.dealing import deal_cards, rng_for
from trickcore.engine.state import HandState
from trickcore.i18n import _
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules.registry import get_variant
from trickcore.solver import Position, solve

__all__ = ["HumbugEnding", "humbug_study"]


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

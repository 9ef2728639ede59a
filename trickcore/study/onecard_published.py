"""Why pjt33's published expected scores for five to seven players differ from ours.

pjt33's program (github.com/pjt33/oh_hell_analysis, ``one_card_analysis.py``) stores a bid
rule as a threshold, the first card (best first) on which the player bids 0, so it writes a
threshold of 0 for two different things: "no deal leads to these bids" and "bid 0 on every card,
never 1".  The second happens for real: after a player who bids 1 only on the top trump has bid
1, that trump is gone, and the next players rightly never bid 1.  The program skips every bid
sequence with a 0 in it, so those deals drop out of both the total and the count, and its
averages are over the deals that remain.  With three or four players no deal is dropped; with
five, six and seven a few are, which moves some scores in the second decimal (for six players,
eldest's 8.3138 is published as 8.32; for seven, the next seat's 9.4895 as 9.50).

:func:`pjt33_program_expected` recomputes the model of
:func:`~trickcore.study.onecard.analyse_one_card` (``pjt33=True``) bid sequence by bid sequence,
with and without the deals the program drops, so that both readings come from one computation.

>>> reading = pjt33_program_expected(6)
>>> f"{float(reading.all_deals[0]):.4f} {float(reading.program[0]):.4f}"
'8.3138 8.3215'
>>> f"{reading.dropped / reading.total:.3%} of the deals dropped"
'0.119% of the deals dropped'
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from typing import NamedTuple

from trickcore.cards import cards_of
from trickcore.study.onecard import (
    PACK_MASK,
    RANKS,
    analyse_one_card,
    beaters,
    injective,
    score,
)

__all__ = ["Pjt33Reading", "pjt33_program_expected"]


class Pjt33Reading(NamedTuple):
    """Each seat's expected score over every deal, and over the deals pjt33's program keeps."""

    all_deals: tuple[Fraction, ...]
    """Every deal counted (what :func:`~trickcore.study.onecard.analyse_one_card` gives)."""
    program: tuple[Fraction, ...]
    """The deals pjt33's program keeps: the figures it published, before rounding."""
    dropped: int
    """The weighted deals the program leaves out (with eldest's card in 25 kinds, a trump
    weighs three)."""
    total: int
    """All weighted deals."""


@functools.cache
def pjt33_program_expected(players: int) -> Pjt33Reading:
    """Expected scores under pjt33's model (ace turned, hooked dealer, tricks + 10), counted
    over every deal and over the deals pjt33's program keeps (see the module docstring)."""
    analysis = analyse_one_card(players, "AS", pjt33=True)
    turn = analysis.turn_up
    trump = analysis.trump
    assert turn is not None
    assert trump is not None
    universe = PACK_MASK & ~turn.bit
    heavy = sum(1 << (int(trump) * 16 + r) for r in RANKS) & universe
    suit_mask = [sum(1 << (s * 16 + r) for r in RANKS) & universe for s in range(4)]
    cards = cards_of(universe)
    top = max((c for c in cards if c.suit == trump), key=lambda c: c.index)
    totals = {True: [0] * players, False: [0] * players}
    deals = {True: 0, False: 0}
    for bids in itertools.product((0, 1), repeat=players):
        rules = [analysis.rule(bids[:seat]) for seat in range(players)]
        sets = [sum(c.bit for c in cards if rule.bid(c) == bids[seat]) if rule.possible else 0
                for seat, rule in enumerate(rules)]
        # A player before the dealer bids 1 holding only the top trump: the program drops it.
        dropped = any(bids[seat] == 1 and {c for c in rules[seat].one if c.suit == trump} == {top}
                      for seat in range(players - 1))
        wins = [0] * players
        for seat in range(players):
            for card in cards_of(sets[seat]):
                ok = universe & ~beaters(card, trump) & ~card.bit
                others = [s & ok for s in sets]
                if seat == 0:
                    wins[0] += (3 if card.bit & heavy else 1) * injective(others[1:])
                    continue
                if card.suit != trump:
                    assert card.suit is not None
                    others[0] &= suit_mask[card.suit]
                rest = [others[0], *others[1:seat], *others[seat + 1:]]
                wins[seat] += injective(rest, heavy, 2)
        count = sum(wins)
        for keep in (True, False):
            if keep and dropped:
                continue
            deals[keep] += count
            for seat in range(players):
                won, lost = score("common", bids[seat], 1), score("common", bids[seat], 0)
                totals[keep][seat] += won * wins[seat] + lost * (count - wins[seat])
    return Pjt33Reading(
        tuple(Fraction(t, deals[False]) for t in totals[False]),
        tuple(Fraction(t, deals[True]) for t in totals[True]),
        deals[False] - deals[True],
        deals[False],
    )

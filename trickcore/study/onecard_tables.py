"""The one-card round for the book's tables (:mod:`trickcore.study.onecard` does the work): one
row per player count, with and without the hook, and each seat's best bid in words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from fractions import Fraction

from trickcore.cards import Card, rank_symbol
from trickcore.i18n import _, format_decimal, format_percent
from trickcore.study.holdings import hypergeometric
from trickcore.study.onecard import OneCardAnalysis, analyse_one_card

__all__ = ["OneCardRow", "one_card_rules", "one_card_summary", "relevantmisc_example",
           "turned_card_outcomes", "turned_card_rows"]


def relevantmisc_example() -> Fraction:
    """relevantmisc's one-card example: you lead the 5♦ with four players, spades always
    trumps and no card turned, so 22 of the 51 unseen cards beat it (13 spades and 9 higher
    diamonds) and the three other cards must all come from the 29 that do not.

    >>> p = relevantmisc_example()
    >>> p, round(float(p), 4)
    (Fraction(522, 2975), 0.1755)
    """
    return hypergeometric(51, 22, 3)[0]


@dataclasses.dataclass(frozen=True)
class OneCardRow:
    """The one-card round for one player count (from :func:`trickcore.study.onecard.analyse_one_card`).

    Seats run from eldest (0) to the dealer (``players - 1``).
    """

    players: int
    hooked: OneCardAnalysis
    free: OneCardAnalysis

    @property
    def eldest_lowest_trump(self) -> Card | None:
        """The lowest trump on which eldest bids 1 (before any bid is known)."""
        return self.hooked.rule(()).lowest_trump(self.hooked.trump)

    @property
    def eldest_side_cards(self) -> list[Card]:
        """The side-suit cards (one suit shown) on which eldest bids 1."""
        rule = self.hooked.rule(())
        return sorted((c for c in rule.one if c.suit != self.hooked.trump and c in rule.win),
                      key=lambda c: -c.index)

    @property
    def hook_cost(self) -> Fraction:
        """What the hook costs the dealer in expected points a round."""
        return self.free.expected[-1] - self.hooked.expected[-1]


def one_card_summary(players: Iterable[int] = range(3, 8), *, turn_up: str = "AS",
                     scheme: str = "common") -> list[OneCardRow]:
    """The one-card round solved exactly for each player count, with and without the hook.

    >>> rows = one_card_summary([3])
    >>> row = rows[0]
    >>> row.eldest_lowest_trump, [round(float(x), 2) for x in row.hooked.expected]
    (Card('2S'), [7.03, 9.19, 4.46])
    >>> round(float(row.hook_cost), 2)
    4.86
    """
    return [OneCardRow(n, analyse_one_card(n, turn_up, hook=True, scheme=scheme),
                       analyse_one_card(n, turn_up, hook=False, scheme=scheme))
            for n in players]


def one_card_rules(analysis: OneCardAnalysis) -> list[tuple[str, str, str, str]]:
    """The best bid of every seat after every sequence of earlier bids, as words for a table:
    ``(seat, bids before, "bid 1 holding ...", what the hook forbids)``.

    >>> from trickcore.study.onecard import analyse_one_card
    >>> one_card_rules(analyse_one_card(3))[0]
    ('eldest', '(none)', 'any trump, or a side Q or higher', '')
    """
    trump = analysis.trump
    out = []
    for previous, rule in analysis.rules.items():
        if not rule.possible:
            continue
        seat = rule.seat
        name = (_("eldest") if seat == 0 else _("dealer") if seat == analysis.players - 1
                else _("seat {number}").format(number=seat + 1))
        low = rule.lowest_trump(trump)
        side = [c for c in rule.one if c.suit != trump and c in rule.win]
        parts = []
        if low is not None:
            ranks = [c.rank for c in rule.win if c.suit == trump and c.rank is not None]
            if low.rank == min(ranks):
                parts.append(_("any trump"))
            elif low.rank == max(ranks):
                parts.append(_("only {card}, the top trump").format(card=low.symbol))
            else:
                parts.append(_("{card} or a higher trump").format(card=low.symbol))
        if side:
            lowest = min(side, key=lambda c: c.index)
            assert lowest.rank is not None
            # With no trumps every suit is a side suit: the card is just "a Q or higher".
            said = _("a {rank} or higher") if trump is None else _("a side {rank} or higher")
            parts.append(said.format(rank=rank_symbol(lowest.rank)))
        words = _(", or ").join(parts) if parts else _("never")
        before = ", ".join(str(b) for b in previous) if previous else _("(none)")
        forbidden = ("" if rule.forbidden is None
                     else _("may not bid {bid}").format(bid=rule.forbidden))
        out.append((name, before, words, forbidden))
    return out


def turned_card_outcomes(players: int, turn_ups: Iterable[str], *, hook: bool = True) -> int:
    """How many different answers (every seat's expected points and chance of making its bid,
    exactly) the one-card round has over the turned cards ``turn_ups``.  One trick is won by
    the highest card of the suit led or the highest trump, so only the order of the cards in
    play matters: whichever card is turned, the other twelve trumps keep their order, and the
    turned card's suit only renames the suits.  The answer is 1.

    >>> turned_card_outcomes(4, ["AS", "7S", "2S", "TH"])
    1
    """
    return len({(tuple(a.expected), tuple(a.made))
                for a in (analyse_one_card(players, card, hook=hook) for card in turn_ups)})


def turned_card_rows(players: Iterable[int] = range(3, 8), *, turn_up: str = "AS",
                     hook: bool = True) -> list[list[str]]:
    """The one-card round with a card turned for trumps (any card: see
    :func:`turned_card_outcomes`) and with no trumps (no card turned), by player count: eldest's
    rule for bidding 1, each seat's chance of making its bid and its expected points (eldest
    first, the dealer last).

    >>> for row in turned_card_rows([3]):
    ...     print(row[:3], row[4])
    ['3', 'any card turned', 'any trump, or a side Q or higher'] 7.03 9.19 4.46
    ['3', 'none', 'any card'] 8.60 9.02 1.20
    """
    out = []
    for n in players:
        for label, card in ((_("any card turned"), turn_up), (_("none"), None)):
            a = analyse_one_card(n, card, hook=hook)
            words = one_card_rules(a)[0][2]
            if card is None and words == _("a {rank} or higher").format(rank="2"):
                words = _("any card")
            out.append([str(n), label, words,
                        " ".join(format_percent(float(x), 0) for x in a.made),
                        " ".join(format_decimal(float(x), 2) for x in a.expected)])
    return out

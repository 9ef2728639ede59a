"""A hand's review as values (:class:`Outlook`, :class:`CardReview`, :class:`Review`, which
:mod:`trickcore.study.review` works out and re-exports) and its sentences, in the current
language."""

from __future__ import annotations

import dataclasses

from trickcore.cards import Card
from trickcore.i18n import _, ngettext

__all__ = ["CardReview", "Outlook", "Review", "card_reason", "range_words", "verdict"]


def range_words(outlook: Outlook) -> str:
    """The student's reach in words: "at least 2 if you push, at most 4 if you duck"."""
    if outlook.fewest is None:
        return ngettext("at most {most} trick", "at most {most} tricks", outlook.most).format(
            most=outlook.most)
    return _("at least {most} if you push, at most {fewest} if you duck").format(
        fewest=outlook.fewest, most=outlook.most)


def card_reason(card: CardReview) -> str:
    """Why this card kept or lost, in a sentence a student understands."""
    code, goal, target = card.card.code, card.goal, card.target
    lost = ngettext("{cost} trick", "{cost} tricks", card.cost).format(cost=card.cost)
    if goal == "bid":
        if card.keeps:
            if card.after.missed_by == 0:
                return _("{card} keeps your bid of {bid} in reach: with every hand open you "
                         "could still take {reach}.").format(card=code, bid=target,
                                                            reach=range_words(card.after))
            if card.before.missed_by:
                return _("{card} costs nothing more: your bid of {bid} was already out of "
                         "reach.").format(card=code, bid=target)
            return _("{card} was not the problem: with every hand open you can take "
                     "{reach} from here, so your bid of {bid} is out of reach.").format(
                         card=code, reach=range_words(card.after), bid=target)
        return _("{card} costs {lost} against your bid of {bid}: with every hand open you "
                 "could now take {reach}.").format(card=code, bid=target, lost=lost,
                                                  reach=range_words(card.after))
    if goal in ("misere", "stop-misere"):
        if card.keeps:
            return ngettext("{card} keeps the misère where it was: the contractor can hold "
                            "themself to {fewest} trick.",
                            "{card} keeps the misère where it was: the contractor can hold "
                            "themself to {fewest} tricks.",
                            card.after.fewest or 0).format(  # known in misère outlooks
                                card=code, fewest=card.after.fewest)
        if goal == "misere":
            return _("{card} lets the defenders force {lost} on you: the misère can no longer "
                     "be made.").format(card=code, lost=lost)
        return _("{card} lets the contractor escape: the misère can now be made.").format(
            card=code)
    alone = goal == "most"  # Humbug, or a game without bids: the student's own tricks
    if card.keeps:
        if alone:
            return ngettext("{card} is a best card: you can still take {most} trick.",
                            "{card} is a best card: you can still take {most} tricks.",
                            card.after.most).format(card=code, most=card.after.most)
        return ngettext("{card} is a best card: your side can still take {most} trick.",
                        "{card} is a best card: your side can still take {most} tricks.",
                        card.after.most).format(card=code, most=card.after.most)
    better = ", ".join(c.code for c in card.best[:3])
    most = ngettext("{most} trick", "{most} tricks", card.after.most).format(
        most=card.after.most)
    sentence = (_("{card} costs {lost}: you can now take {most}, not {before}; {better} "
                  "would have kept them.") if alone else
                _("{card} costs {lost}: your side can now take {most}, not {before}; "
                  "{better} would have kept them.")).format(card=code, lost=lost, most=most,
                                                            before=card.before.most,
                                                            better=better)
    if card.before.missed_by == 0 < card.after.missed_by:
        if goal == "contract":
            sentence += " " + _("The contract of {bid} can no longer be made.").format(bid=target)
        elif goal == "beat":
            sentence += " " + _("The contract can no longer be beaten.")
    return sentence


def verdict(review: Review) -> str:
    """The whole review in a sentence."""
    if review.unsupported:
        return review.unsupported
    slip = review.first_slip
    if slip is None:
        first = review.cards[0] if review.cards else None
        if first is not None and first.before.missed_by:
            return _("With every hand open the goal was out of reach from your first card; "
                     "none of your cards made it worse.")
        return _("Every one of your cards kept the best result open. Well played!")
    said = ngettext("Your first slip was {card} in trick {trick}: it cost {cost} trick.",
                    "Your first slip was {card} in trick {trick}: it cost {cost} tricks.",
                    slip.cost).format(card=slip.card.code, trick=slip.trick, cost=slip.cost)
    if review.cards[0].before.missed_by:  # out of reach already, and then further away
        return _("With every hand open the goal was out of reach from your first card.") + (
            " " + said)
    return said


@dataclasses.dataclass(frozen=True)
class Outlook:
    """What the student's side can reach from one moment of the hand, tricks already won
    included: ``most`` it can force, ``fewest`` it can hold itself to (only where the goal
    needs it, else ``None``), and ``missed_by``: how many tricks the goal is out of reach by
    (0: still in reach)."""

    most: int
    fewest: int | None
    missed_by: int


@dataclasses.dataclass(frozen=True)
class CardReview:
    """One of the student's cards: ``step`` is its place in the hand's card order (0-based),
    ``trick`` its trick (1-based); ``best`` the cards that kept the most at that moment."""

    step: int
    trick: int
    card: Card
    before: Outlook
    after: Outlook
    best: tuple[Card, ...]
    cost: int
    goal: str
    target: int | None

    @property
    def keeps(self) -> bool:
        """True when the card lost nothing."""
        return self.cost == 0

    @property
    def reason(self) -> str:
        """Why, in a sentence (in the current language)."""
        return card_reason(self)


@dataclasses.dataclass(frozen=True)
class Review:
    """The review of one seat's play of a hand.

    ``plays`` is the hand's card order as ``(seat, card)``; ``line`` a double-dummy line of
    play from ``line_start`` (an index into ``plays``: the first slip, or 0), ``hands`` each
    seat's cards at the start of play.  ``goal`` is ``"bid"`` (Oh Hell), ``"contract"``,
    ``"beat"`` (a Five Hundred defender), ``"misere"``, ``"stop-misere"`` or ``"most"``."""

    seat: int
    goal: str
    target: int | None
    cards: tuple[CardReview, ...]
    plays: tuple[tuple[int, Card], ...]
    hands: tuple[int, ...]
    line_start: int
    line: tuple[tuple[int, Card], ...]
    unsupported: str | None = None

    @property
    def first_slip(self) -> CardReview | None:
        """The first card that lost something (``None``: every card kept)."""
        return next((c for c in self.cards if not c.keeps), None)

    @property
    def lost(self) -> int:
        """Tricks lost in all, card by card."""
        return sum(c.cost for c in self.cards)

    @property
    def summary(self) -> str:
        """The whole review in a sentence (in the current language)."""
        return verdict(self)

"""The sentences of a hand's review (:mod:`trickcore.study.review`), in the current language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.i18n import _, ngettext

if TYPE_CHECKING:
    from trickcore.study.review import CardReview, Outlook, Review

__all__ = ["card_reason", "range_words", "verdict"]


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
            if card.after.fewest is None:
                return _("{card}: this part of the hand is too big to work out here.").format(
                    card=code)
            return ngettext("{card} keeps the misère where it was: the contractor can hold "
                            "themself to {fewest} trick.",
                            "{card} keeps the misère where it was: the contractor can hold "
                            "themself to {fewest} tricks.", card.after.fewest).format(
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

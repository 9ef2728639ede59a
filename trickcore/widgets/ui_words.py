"""The demos' words: their catalogue, suits and calls, numbers, and a refusal in a sentence.

A refused bid, call or card is said in a sentence for the reader (the demos' tooltips and
messages).

The engine refuses an illegal action with a precise exception: its ``rule`` (``"follow-suit"``,
``"hook"``, ``"outbid"``...) and ``seat``, and a message in the engine's shorthand ("seat 3 may
not play TD").  The demos word it for a person from the rule and the state, never from the
message, which is kept only for a rule this module does not word.  The reader is "you".

>>> import trickcore as tc
>>> rules = tc.get_variant("oh-hell")
>>> state = tc.HandState(rules, tc.deal_from_hands(rules, ["AS 2D", "KS 3D", "QS 4D"],
...                                                dealer=2, turn_up="2H"))
>>> for bid in (1, 0):
...     _ = state.bid(bid)
>>> try:
...     state.bid(1)
... except tc.IllegalBidError as error:
...     print(refusal(error, state, 1))
The hook: the bids may not add up to 2, so you cannot bid 1.
"""

from __future__ import annotations

import re

from trickcore.cards import Card, Suit, suit_name
from trickcore.display.seats import seat_label
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.events import phase_name
from trickcore.engine.state import HandState
from trickcore.errors import IllegalActionError
from trickcore.i18n import N_, catalogue, format_decimal, format_percent, get_language

__all__ = ["call_label", "percent", "refusal", "suit_one", "suit_words", "ui",
           "whole"]

#: The widgets' and figures' own catalogue (domain ``trickcore_ui``).
ui = catalogue("trickcore_ui")
_ = ui.gettext

#: Rules refused the same way whatever the state.
_FIXED = {
    "passed": N_("You have passed: you may not call again in this auction."),
    "dealer-must-bid": N_("Everyone else passed, so you, the dealer, must bid."),
    "misere-timing": N_("Misère may be called only over a seven."),
    "open-misere-timing": N_("Open misère may be called only after an eight."),
    "inkle": N_("Only the first two players may inkle, on their first call."),
    "discard-count": N_("Discard as many cards as you took from the kitty."),
}

#: The calls that are not a number of tricks, as a button says them.
_CALLS = {CallKind.PASS: N_("Pass"), CallKind.MISERE: N_("Misère"),
          CallKind.OPEN_MISERE: N_("Open misère"), CallKind.NULLO: N_("nullo"),
          CallKind.OPEN_NULLO: N_("open nullo"), CallKind.HI_LO: N_("hi lo"),
          CallKind.DOUBLE_NULLO: N_("double nullo")}

#: A seat by its number in the engine's shorthand ("seat 3 may not play TD").
_SEAT_NUMBER = re.compile(r"\b(?:seat|[Ll]a place) (\d)\b")  # English or French


def suit_words(suit: Suit) -> str:
    """A suit in words, plural: ``hearts`` (French ``cœur``)."""
    return suit_name(suit)


def suit_one(suit: Suit) -> str:
    """A suit in words, singular: ``heart``."""
    return suit_name(suit, singular=True)


def call_label(call: int | Call) -> str:
    """A bid or call as a button says it: ``2``, ``7♥``, ``7NT``, ``Misère``, ``Pass``."""
    if isinstance(call, int):
        return str(call)
    if call.kind is CallKind.TRICKS:
        assert call.denomination is not None
        suit = call.denomination.suit
        return f"{call.tricks}{suit.symbol}" if suit is not None else _("{tricks}NT").format(
            tricks=call.tricks)
    return _(_CALLS.get(call.kind, call.kind.value.replace("-", " ")))


def _cards(cards: list[Card]) -> str:
    names = [_("the {card}").format(card=card.symbol) for card in cards]
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def refusal(error: IllegalActionError, state: HandState, action: object) -> str:
    """Why ``action`` was refused, in a sentence; ``state`` is the state it was refused in."""
    rule = error.rule
    if rule in _FIXED:
        return _(_FIXED[rule])
    if rule == "follow-suit":
        followers = [card for card in state.legal_plays if isinstance(card, Card)]
        return _("You must follow suit: you hold {cards}.").format(cards=_cards(followers))
    if rule == "hook" and isinstance(action, int):
        return _("The hook: the bids may not add up to {tricks}, so you cannot bid {bid}.").format(
            tricks=state.hand_size, bid=action)
    if rule == "bid-range" and isinstance(action, int):
        return _("A bid is from 0 to the {tricks} tricks of the deal, so you cannot bid"
                 " {bid}.").format(tricks=state.hand_size, bid=action)
    if rule == "outbid" and state.high is not None:
        high: int | Call = state.high[1]
        return _("In {game} you must outbid {call}.").format(game=state.ruleset.title,
                                                              call=call_label(high))
    if rule == "not-held":
        if state.ruleset.table_piles and isinstance(action, Card):
            if state.to_act_source == "table":
                return _("You play from your table now, and the {card} is not there.").format(
                    card=action.symbol)
            return _("You play from your hand now, and the {card} is not there.").format(
                card=action.symbol)
        return _("You do not hold that card.")
    if rule == "phase":
        return _("Not now: the deal is in its {phase} phase.").format(
            phase=phase_name(state.phase))
    # The engine's shorthand names a seat by its number: the reader sees its player's name.
    message = _SEAT_NUMBER.sub(lambda m: seat_label(int(m.group(1))), str(error))
    return message[:1].upper() + message[1:] + "."


def percent(fraction: float, places: int = 0) -> str:
    """A share as a percentage in the reader's way: ``25%``, in French ``25 %`` (with a narrow
    no-break space) and a decimal comma.

    >>> percent(0.25), percent(0.125, 1)
    ('25%', '12.5%')
    """
    if get_language() == "en":
        return f"{fraction:.{places}%}"
    return format_percent(fraction, places)


def whole(number: int) -> str:
    """A whole number with its thousands grouped in the reader's way: ``1,500``, ``1 500``."""
    if get_language() == "en":
        return f"{number:,}"
    return format_decimal(number, 0)

"""A refused bid, call or card, in a sentence for the reader (the demos' tooltips and messages).

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

from trickcore.cards import Card
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.state import HandState
from trickcore.errors import IllegalActionError

__all__ = ["call_label", "refusal"]

#: Rules refused the same way whatever the state.
_FIXED = {
    "passed": "You have passed: you may not call again in this auction.",
    "dealer-must-bid": "Everyone else passed, so you, the dealer, must bid.",
    "misere-timing": "Misère may be called only over a seven.",
    "open-misere-timing": "Open misère may be called only after an eight.",
    "inkle": "Only the first two players may inkle, on their first call.",
    "discard-count": "Discard as many cards as you took from the kitty.",
}


def call_label(call: int | Call) -> str:
    """A bid or call as a button says it: ``2``, ``7♥``, ``7NT``, ``Misère``, ``Pass``."""
    if isinstance(call, int):
        return str(call)
    if call.kind is CallKind.TRICKS:
        assert call.denomination is not None
        suit = call.denomination.suit
        return f"{call.tricks}{suit.symbol if suit is not None else 'NT'}"
    return {CallKind.PASS: "Pass", CallKind.MISERE: "Misère",
            CallKind.OPEN_MISERE: "Open misère"}.get(call.kind, call.kind.value.replace("-", " "))


def _cards(cards: list[Card]) -> str:
    names = [f"the {card.symbol}" for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def refusal(error: IllegalActionError, state: HandState, action: object) -> str:
    """Why ``action`` was refused, in a sentence; ``state`` is the state it was refused in."""
    rule = error.rule
    if rule in _FIXED:
        return _FIXED[rule]
    if rule == "follow-suit":
        followers = [card for card in state.legal_plays if isinstance(card, Card)]
        return f"You must follow suit: you hold {_cards(followers)}."
    if rule == "hook" and isinstance(action, int):
        return (f"The hook: the bids may not add up to {state.hand_size},"
                f" so you cannot bid {action}.")
    if rule == "bid-range" and isinstance(action, int):
        return (f"A bid is from 0 to the {state.hand_size} tricks of the deal,"
                f" so you cannot bid {action}.")
    if rule == "outbid" and state.high is not None:
        high: int | Call = state.high[1]
        return f"In {state.ruleset.name} you must outbid {call_label(high)}."
    if rule == "not-held":
        if state.ruleset.table_piles and isinstance(action, Card):
            where = "your table" if state.to_act_source == "table" else "your hand"
            return f"You play from {where} now, and the {action.symbol} is not there."
        return "You do not hold that card."
    if rule == "phase":
        return f"Not now: the deal is in its {state.phase.value} phase."
    message = str(error)
    return message[:1].upper() + message[1:] + "."

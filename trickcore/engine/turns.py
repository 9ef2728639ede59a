"""Turns: asking a bot for each move of a deal, checked, with its reason.

A bot is any callable that takes a :class:`~trickcore.engine.state.HandState` (whose ``to_act`` is the
bot's seat) and returns an action, or a :class:`Choice` with a reason a person can read.

>>> from trickcore.players.random import RandomBot
>>> from trickcore.notation.codes import state_from_code
>>> play_deal(state_from_code("humbug-2-7"), [RandomBot(seed=1), RandomBot(seed=2)]).is_over
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from trickcore.cards import Card
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.errors import CardCodeError, IllegalActionError

__all__ = ["Bot", "Choice", "bot_action", "play_deal"]


class Choice:
    """A bot's decision: the action and a short reason a person can read.

    A bot may return a plain action instead; :func:`bot_action` wraps it in a ``Choice``.

    >>> choice = Choice(3, "three sure tricks")
    >>> choice.action, choice.reason
    (3, 'three sure tricks')
    """

    __slots__ = ("action", "reason")

    def __init__(self, action: Any, reason: str = "") -> None:
        self.action = action
        self.reason = reason

    def __repr__(self) -> str:
        return f"Choice({self.action!r}, {self.reason!r})"


#: A bot is any callable that takes the state (with ``to_act`` its seat) and returns an action
#: (a bid or a card) or a :class:`Choice`.
Bot = Callable[[HandState], Any]


def bot_action(bot: Bot, state: HandState) -> Choice:
    """Ask ``bot`` for its move and check it, with a clear error if it is not legal.

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.engine.dealing import deal_from_hands
    >>> state = HandState(get_variant("oh-hell"),
    ...     deal_from_hands(get_variant("oh-hell"), [["AS"], ["KS"], ["QS"]], dealer=2, turn_up="2H"))
    >>> bot_action(lambda s: 5, state)
    Traceback (most recent call last):
    ...
    trickcore.errors.IllegalBidError: the bot for seat 0 chose 5, which is not legal: seat 0 may not bid 5: a bid is from 0 to the 1 tricks in the deal. The legal choices were: 0, 1
    """
    answer = bot(state)
    choice = answer if isinstance(answer, Choice) else Choice(answer)
    if isinstance(choice.action, str) and state.phase is Phase.PLAYING:
        with contextlib.suppress(CardCodeError):  # check() below reports a bad code
            choice = Choice(Card.parse(choice.action), choice.reason)
    try:
        state.check(choice.action)
    except IllegalActionError as error:
        legal = ", ".join(str(a) for a in state.legal_actions)
        raise type(error)(
            f"the bot for seat {state.to_act} chose {choice.action}, which is not legal:"
            f" {error}. The legal choices were: {legal}",
            rule=error.rule, seat=error.seat,
        ) from None
    return choice


def play_deal(state: HandState, bots: Sequence[Bot]) -> HandState:
    """Play ``state`` to the end, asking ``bots[seat]`` for every move.  Returns ``state``.

    >>> from trickcore.players.random import RandomBot
    >>> from trickcore.engine.dealing import deal_from_hands
    >>> from trickcore.rules.registry import get_variant
    >>> rules = get_variant("oh-hell")
    >>> state = HandState(rules, deal_from_hands(rules, ["AS KS", "QS JS", "TS 9S"], dealer=2,
    ...                                          turn_up="2H"))
    >>> play_deal(state, [RandomBot(seed=s) for s in range(3)]).is_over
    True
    >>> state.tricks_won
    [2, 0, 0]
    """
    while state.phase is not Phase.DONE:
        seat = state.to_act
        assert seat is not None
        choice = bot_action(bots[seat], state)
        state.apply(choice.action)
    return state

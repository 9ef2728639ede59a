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

from trickcore.arguments import given, instance, sequence, typed
from trickcore.cards import Card
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.errors import CardCodeError, IllegalActionError
from trickcore.i18n import _

__all__ = ["Bot", "Choice", "bot_action", "play_deal"]


class Choice:
    """A bot's decision: the action, a short reason a person can read, and, as data, what the
    bot wanted when a rule forbade it.

    ``wanted`` is the action the bot would have taken had no rule stood in the way, and
    ``forbidden`` the option of the rule that forbade it (``"hook"``: the dealer may not bid
    what makes the bids add up to the tricks); both are ``None`` when the bot did what it
    wanted.  Test these rather than the reason's words, which are in the reader's language.
    A bot may return a plain action instead; :func:`bot_action` wraps it in a ``Choice``.

    >>> choice = Choice(3, "three sure tricks")
    >>> choice.action, choice.reason, choice.forbidden
    (3, 'three sure tricks', None)
    >>> hooked = Choice(2, "...; the hook forbids 3: bid 2", wanted=3, forbidden="hook")
    >>> hooked.forbidden == "hook", hooked.wanted
    (True, 3)
    """

    __slots__ = ("action", "forbidden", "reason", "wanted")

    def __init__(self, action: Any, reason: str = "", *, wanted: Any = None,
                 forbidden: str | None = None) -> None:
        self.action = action
        self.reason = reason
        self.wanted = wanted
        self.forbidden = forbidden

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON-ready data (cards as their codes).

        >>> Choice(2, "bid 2", wanted=3, forbidden="hook").to_json()
        {'action': 2, 'reason': 'bid 2', 'wanted': 3, 'forbidden': 'hook'}
        """
        def plain(value: Any) -> Any:
            return value.code if isinstance(value, Card) else value

        return {"action": plain(self.action), "reason": self.reason,
                "wanted": plain(self.wanted), "forbidden": self.forbidden}

    def __repr__(self) -> str:
        more = "" if self.forbidden is None and self.wanted is None else (
            f", wanted={self.wanted!r}, forbidden={self.forbidden!r}")
        return f"Choice({self.action!r}, {self.reason!r}{more})"


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
    if not isinstance(state, HandState):
        instance(state, "state", HandState, "a HandState (state_from_code('oh-hell-4-2718'))")
    if not callable(bot):
        raise TypeError(_("bot should be a bot (a function of a HandState), not {given}").format(
            given=given(bot)))
    answer = bot(state)
    choice = answer if isinstance(answer, Choice) else Choice(answer)
    if isinstance(choice.action, str) and state.phase is Phase.PLAYING:
        with contextlib.suppress(CardCodeError):  # check() below reports a bad code
            choice = Choice(Card.parse(choice.action), choice.reason, wanted=choice.wanted,
                            forbidden=choice.forbidden)
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


@typed
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
    sequence(bots, "bots", at_least=state.players, wanted="one bot for each seat")
    while state.phase is not Phase.DONE:
        seat = state.to_act
        assert seat is not None
        choice = bot_action(bots[seat], state)
        state.apply(choice.action)
    return state

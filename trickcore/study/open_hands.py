"""What each seat of a played deal could take with every hand open: the double-dummy solver, run
seat by seat within a node budget and a time budget.

The teacher's class results (:mod:`trickcore.widgets.class_codes`) ask it of every deal a class
played; the answer is plain data (tricks, or why there are none), which the page words.

>>> from trickcore.players.heuristic import HeuristicBot
>>> from trickcore.engine.turns import play_deal
>>> from trickcore.notation import state_from_code
>>> state = state_from_code("oh-hell-4-2718-6")
>>> _ = play_deal(state, [HeuristicBot()] * 4)
>>> state.hand_size, open_hands_tricks(state)
(5, [1, 0, 2, 1])
>>> open_hands_tricks(state, budget=1)
[None, None, None, None]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from trickcore.cards import mask_of
from trickcore.engine.state import HandState
from trickcore.errors import BudgetExceededError
from trickcore.solver import Position, solve

__all__ = ["DD_BUDGET", "Deadline", "Unsolved", "open_hands_tricks", "played_hands"]

#: The solver's budget per seat (trick starts searched): over it, the seat is "not solved".
DD_BUDGET = 50_000

#: Why a deal has no answer: no card was played, or the time budget ran out first.
Unsolved = Literal["nothing played", "out of time"]


class Deadline:
    """A time budget: ``seconds`` from now, by ``clock`` (:func:`time.monotonic`; a test gives a
    clock of its own, which counts the work instead of the time).

    >>> ticks = iter(range(10))
    >>> deadline = Deadline(3, clock=lambda: next(ticks))  # each reading: a second later
    >>> deadline.left(), deadline.over, deadline.over
    (2, False, True)
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.clock = clock
        self.end = clock() + seconds

    def left(self) -> float:
        """The seconds left (0 or less once the time is spent)."""
        return self.end - self.clock()

    @property
    def over(self) -> bool:
        """True once the time is spent."""
        return self.left() <= 0


def played_hands(state: HandState) -> list[int]:
    """Each seat's cards at the start of play (after any kitty exchange): the cards it played,
    as masks."""
    hands = [0] * state.players
    for trick in state.tricks:
        seats = trick.by or tuple((trick.leader + i) % state.players
                                  for i in range(len(trick.cards)))
        for seat, card in zip(seats, trick.cards, strict=False):
            hands[seat] |= mask_of([card])
    return hands


def open_hands_tricks(state: HandState, budget: int = DD_BUDGET,
                      deadline: Deadline | None = None) -> list[int | None] | Unsolved:
    """What each seat (with its partners, if any) could take with every hand open, from the
    start of play; None for a seat over ``budget``; :data:`Unsolved` if no card was played or
    ``deadline`` comes first.  A deal the solver cannot take raises its
    :class:`~trickcore.errors.TrickcoreError`."""
    if not state.tricks:
        return "nothing played"
    trump = state.trump
    sides = state.sides if state.auction else None
    position = Position(played_hands(state), trump, state.tricks[0].leader, (), sides,
                        state.ruleset.trump_context(trump))
    out: list[int | None] = []
    for seat in range(state.players):
        left = None if deadline is None else deadline.left()
        if left is not None and left <= 0:
            return "out of time"
        try:
            out.append(solve(position, seat, all_best=False, max_nodes=budget,
                             timeout=left).tricks)
        except BudgetExceededError:
            if deadline is not None and deadline.over:
                return "out of time"
            out.append(None)
    return out

"""What each seat of a played deal could take with every hand open: the double-dummy solver, run
for every seat of every deal a class played, each distinct deal once.

The teacher's class results (:mod:`trickcore.widgets.class_codes`) ask it of every deal a class
played; the answer is plain data (tricks per seat, or why there are none), which the page words.

What keeps it cheap (:func:`solve_deals`):

- a deal is its :class:`~trickcore.solver.Position` at the start of play (:func:`deal_key`): thirty
  students who played one deal, whatever their seats and cards, make one deal to solve;
- with two sides (Humbug's two hands, Five Hundred's partnerships) one search answers both: the
  other side takes the rest of the tricks; every seat alone against the rest (Oh Hell) takes one
  search per seat;
- the searches share one :class:`~trickcore.solver.Memory` (Humbug's deals of a trump suit meet the
  same positions);
- the deals go smallest first (fewest cards, then fewest seats), so that if the time guard ever
  stops the work, the deals left are the biggest few, and the page says so.

No node budget: every deal is solved.  The only bound is an overall time guard
(:data:`TIME_GUARD` seconds), a last resort against a machine far slower than any the page was
measured on; a deal it stops is said to be "not reached", never given a guessed answer.

>>> from trickcore.players.heuristic import HeuristicBot
>>> from trickcore.engine.turns import play_deal
>>> from trickcore.notation import state_from_code
>>> state = state_from_code("oh-hell-4-2718-6")
>>> _ = play_deal(state, [HeuristicBot()] * 4)
>>> state.hand_size, open_hands_tricks(state)
(5, [1, 0, 2, 1])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Literal

from trickcore.cards import mask_of
from trickcore.engine.state import HandState
from trickcore.errors import BudgetExceededError
from trickcore.solver import Memory, Position, solve

__all__ = ["TIME_GUARD", "Deadline", "DealAnswer", "Unsolved", "deal_key",
           "open_hands_position", "open_hands_tricks", "played_hands", "solve_deals"]

#: The last-resort time guard for one paste's solving (seconds).
TIME_GUARD = 120.0

#: Why a deal has no answer: no card was played, or the time guard stopped the work first.
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


def open_hands_position(state: HandState) -> Position | None:
    """The deal at the start of play, every hand open (None if no card was played)."""
    if not state.tricks:
        return None
    trump = state.trump
    sides = state.sides if state.auction else None
    return Position(played_hands(state), trump, state.tricks[0].leader, (), sides,
                    state.ruleset.trump_context(trump))


def deal_key(state: HandState) -> Hashable:
    """What makes two played deals one deal to solve: the rules, the trumps, the sides, the
    leader and the hands at the start of play (students on one deal share it whatever their
    seats and their play, unless a kitty exchange or a contract made their hands differ)."""
    hands = tuple(played_hands(state))
    sides = state.sides if state.auction else None
    leader = state.tricks[0].leader if state.tricks else -1
    return (state.ruleset, state.trump, sides, leader, hands)


@dataclass
class DealAnswer:
    """One distinct deal: a state that played it, the rows that share it, and the answer:
    tricks per seat (each seat's side's most tricks with every hand open), or why none."""

    state: HandState
    rows: list[int] = field(default_factory=list)
    tricks: list[int] | Unsolved | Exception | None = None
    seconds: float = 0.0


def _searches(position: Position) -> list[tuple[int, ...]]:
    """The sides to search: one when there are two sides (the other takes the rest), else each."""
    if len(position.sides) == 2:
        return [position.sides[0]]
    return list(position.sides)


def open_hands_tricks(state: HandState, deadline: Deadline | None = None,
                      memory: Memory | None = None) -> list[int] | Unsolved:
    """What each seat (with its partners, if any) could take with every hand open, from the
    start of play; :data:`Unsolved` if no card was played or ``deadline`` comes first.  A deal
    the solver cannot take raises its :class:`~trickcore.errors.TrickcoreError`."""
    position = open_hands_position(state)
    if position is None:
        return "nothing played"
    total = position.tricks_left
    by_side: dict[tuple[int, ...], int] = {}
    for side in _searches(position):
        left = None if deadline is None else deadline.left()
        if left is not None and left <= 0:
            return "out of time"
        try:
            by_side[side] = solve(position, side, all_best=False, timeout=left,
                                  memory=memory).tricks
        except BudgetExceededError:
            return "out of time"
    if len(position.sides) == 2:
        first, second = position.sides
        by_side[second] = total - by_side[first]
    return [by_side[position.side_of(seat)] for seat in range(state.players)]


def _size(answer: DealAnswer) -> tuple[int, int]:
    return (answer.state.hand_size, answer.state.players)


def solve_deals(states: Iterable[HandState], deadline: Deadline | None = None,
                memory: Memory | None = None) -> list[DealAnswer]:
    """Every distinct deal among ``states`` (one per row, in order), solved once for every seat,
    smallest deals first, within ``deadline`` if given; in the order the deals were first met.
    ``rows`` holds the indices of the states that share each deal.

    >>> solve_deals([])
    []
    """
    deals: dict[Hashable, DealAnswer] = {}
    for index, state in enumerate(states):
        deals.setdefault(deal_key(state), DealAnswer(state)).rows.append(index)
    memory = memory if memory is not None else Memory()
    for answer in sorted(deals.values(), key=_size):
        started = time.perf_counter()
        try:
            answer.tricks = open_hands_tricks(answer.state, deadline, memory)
        except Exception as error:  # a forged deal (or the solver's limits): that deal's only
            answer.tricks = error
        answer.seconds = time.perf_counter() - started
    return list(deals.values())

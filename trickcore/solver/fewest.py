"""The fewest tricks a seat can hold itself to: :func:`solve_fewest`.

Oh Hell's exact bids and Five Hundred's misère need the other end of a seat's range: not the
most tricks it can force against everyone (:func:`~trickcore.solve`) but the fewest it
can hold itself down to while every other seat plays to give it tricks.  The same general
search answers it (in C or WebAssembly where the build has them, see
:mod:`~trickcore.solver.native`) in its *fewest mode*: the seat's tricks count, the seat
minimises and every other seat maximises (:class:`~trickcore.solver.numbering._Compiled` with
``counted``).  The general search runs even for two hands (Humbug's flat search has no such
mode).
"""

from __future__ import annotations

from trickcore.arguments import given, instance
from trickcore.cards import cards_of
from trickcore.i18n import _
from trickcore.solver.memory import Memory
from trickcore.solver.numbering import _Compiled
from trickcore.solver.positions import Position, PositionError
from trickcore.solver.result import Result, _check_limits, _root_cards, _run
from trickcore.solver.search import _Search

__all__ = ["solve_fewest"]


def solve_fewest(position: Position, seat: int, *, all_best: bool = True,
                 max_nodes: int | None = None, timeout: float | None = None,
                 lowest_first: bool = False, cards: bool = True,
                 memory: Memory | None = None, limit: int | None = None) -> Result:
    """The fewest tricks ``seat`` can hold itself to from ``position`` (the current trick
    counted) when every other seat plays to give it tricks, and the cards that achieve it.

    The :class:`~trickcore.Result`'s ``tricks`` is that number and its ``side`` is
    ``(seat,)``; ``best_cards`` are the cards of the seat to move that achieve it: for ``seat``
    itself, every card that keeps it down to ``tricks``; for any other seat, every card that
    forces ``tricks`` on it.  ``all_best``, ``max_nodes``, ``timeout`` and ``lowest_first`` are
    as in :func:`~trickcore.solve`; with ``cards=False`` no best card is looked for
    (``best_cards`` is empty: the count alone is quicker).  ``memory`` (a
    :class:`~trickcore.solver.memory.Memory`) keeps the search and its table for the next call: give
    the same one to every call on the positions of one hand (a review).  ``limit`` stops the
    count there: ``tricks`` is then the fewest or ``limit``, whichever is smaller, so a caller
    that only asks whether the seat can hold itself to ``limit - 1`` or fewer (a bot weighing a
    bid it must not overshoot) is spared the searches above it; it counts the tricks alone, so
    it goes with ``cards=False``.

    >>> from trickcore.cards import mask_of, parse_cards
    >>> hands = [mask_of(parse_cards(h)) for h in ("AS 2H", "KS 3H", "QS 4H")]
    >>> p = Position(hands, trump=None, leader=1)
    >>> r = solve_fewest(p, 0)   # the ace of spades is a sure trick: seat 0 takes at least one
    >>> r.tricks, [c.code for c in r.best_cards], r.side
    (1, ['KS', '3H'], (0,))
    >>> r = solve_fewest(Position(hands, trump=None, leader=0), 0)
    >>> r.tricks, [c.code for c in r.best_cards]   # leading the heart, seat 0 still wins AS
    (1, ['AS', '2H'])
    >>> hands = [mask_of(parse_cards(h)) for h in ("AS KS", "2S 3S", "4S 5S")]
    >>> fewest = Position(hands, trump=None, leader=0)   # seat 0 takes both tricks whatever
    >>> solve_fewest(fewest, 0).tricks, solve_fewest(fewest, 0, cards=False, limit=1).tricks
    (2, 1)
    >>> solve_fewest(p, 3)
    Traceback (most recent call last):
    ...
    trickcore.solver.positions.PositionError: seat: 3 is not a seat of the position
    """
    instance(position, "position", Position, "a Position (Position.from_json(...))")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < position.players:
        raise PositionError(_("seat: {seat} is not a seat of the position").format(
            seat=given(seat).split(" (")[0]))
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise PositionError(_("limit must be a whole number of tricks, 0 or more, not "
                                  "{limit}").format(limit=given(limit)))
        if cards:
            raise PositionError(_("limit counts the tricks alone: give cards=False with it"))
    mover = position.to_move
    left = position.tricks_left
    if left == 0:
        return Result(0, [], 0, (seat,), mover, 0)
    _check_limits(max_nodes, timeout)
    others = [s for s in range(position.players) if s != seat]
    compiled = _Compiled(position, others, counted=seat)
    key = (position.players, compiled.trump, seat)
    kept = memory.searches.get(key) if memory is not None else None
    if isinstance(kept, _Search) and kept.reroot(compiled):
        search = kept
    else:
        search = _Search(compiled, general=True)
        if memory is not None:
            memory.searches[key] = search
    search.set_budget(max_nodes, timeout)  # a kept search's old budget goes
    leader = position.leader
    played = list(compiled.table)
    # "can the others give the seat need tricks?", from need 1 up (the fewest is mostly small)
    value = 0
    top = left if limit is None else min(left, limit)
    while value < top and search.test(leader, played, value + 1):
        value += 1
    if not cards:
        return Result(value, [], search.nodes, (seat,), mover, left)
    hand, reps = _root_cards(compiled, search, mover, lowest_first)
    best_mask = 0
    for card in reps:
        if mover == seat:  # keeps the seat down to value: the others cannot give it one more
            good = not search.test(leader, played, value + 1, first=card)
        else:  # gives the seat value tricks whatever it does
            good = search.test(leader, played, value, first=card)
        if good:
            for c in _run(hand, card):
                best_mask |= 1 << compiled.to_card[c]
            if not all_best:
                break
    best = sorted(cards_of(best_mask), key=lambda c: (c.index >> 4, -c.index))
    return Result(value, best, search.nodes, (seat,), mover, left)

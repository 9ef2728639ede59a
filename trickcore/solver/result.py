"""What the solver answers: :func:`solve` (the most tricks a side can take, and the cards that
take them), :class:`Result`, and :func:`solve_humbug_deal` for a whole Humbug deal."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from trickcore.arguments import instance, typed
from trickcore.cards import CARDS, Card, cards_of
from trickcore.engine.dealing import Deal
from trickcore.i18n import _
from trickcore.progress import Progress
from trickcore.solver.memory import Memory
from trickcore.solver.numbering import _SUIT_BLOCKS, _bits, _Compiled
from trickcore.solver.positions import Position, PositionError, position_from_deal
from trickcore.solver.search import _Search

if TYPE_CHECKING:
    from trickcore.progress import Progress

__all__ = ["Result", "solve", "solve_humbug_deal"]


@dataclasses.dataclass(frozen=True)
class Result:
    """What :func:`solve` found.

    ``tricks``: the most tricks ``side`` can be sure of from here, counting the current trick;
    ``best_cards``: every card the seat to move can play that keeps to that number (for a
    seat of the other side: every card that holds ``side`` to it; with ``all_best=False``, one
    such card and its equivalents); ``nodes``: trick starts searched (transposition-table hits
    included).

    >>> from trickcore.cards import Suit, mask_of, parse_cards
    >>> hands = [mask_of(parse_cards(h)) for h in ("AS KS", "QS JS")]
    >>> result = solve(Position(hands, trump=Suit.HEARTS, leader=0))
    >>> result.tricks, result.tricks_left
    (2, 2)
    """

    tricks: int
    best_cards: Sequence[Card]
    nodes: int
    side: tuple[int, ...] = ()
    to_move: int = 0
    tricks_left: int = 0

    def __post_init__(self) -> None:
        # a tuple, so that what a caller does to the cards it is given changes no result
        object.__setattr__(self, "best_cards", tuple(self.best_cards))
        object.__setattr__(self, "side", tuple(self.side))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "tricks": self.tricks,
            "best_cards": [c.code for c in self.best_cards],
            "side": list(self.side),
            "to_move": self.to_move,
            "tricks_left": self.tricks_left,
            "nodes": self.nodes,
        }


def solve(position: Position, side: int | Sequence[int] | None = None, *,
          all_best: bool = True, max_nodes: int | None = None,
          timeout: float | None = None, memory: Memory | None = None,
          lowest_first: bool = False, progress: Progress | bool | None = False) -> Result:
    """The most tricks a side can take from ``position`` with best play all round, and the
    cards that achieve it.

    ``side`` is a seat (its side in ``position.sides`` is meant) or a tuple of seats; by
    default the side of the seat to move.  Every seat not on ``side`` plays against it.
    With ``all_best=False`` only one best card is looked for (much faster on big deals).

    ``max_nodes`` (trick starts) and ``timeout`` (seconds) bound the search: when either is
    spent it raises :class:`~trickcore.errors.BudgetExceededError` and gives no answer, since
    a partial search is not exact.

    ``memory`` (a :class:`~trickcore.solver.memory.Memory`) keeps what the search learnt for
    the next call: give the same one to every call on the positions of one game.
    ``lowest_first`` tries the cards from the lowest rank up (then by suit), so that with
    ``all_best=False`` the card found is the lowest best card, whatever order the search
    prefers.

    ``progress`` shows how far a long solve has got (a whole deal of many cards): True for a
    bar (on standard error, or a widget in a notebook), None for one only where a person is
    watching (``trickcore.progress.wanted``), or a function called as
    ``progress(done, total)`` with the searches done: the first finds the count, then one a
    card of the seat to move.  Off by default, since bots and reviews solve many small
    positions.

    >>> from trickcore.cards import mask_of, parse_cards
    >>> # A simple squeeze: South (seat 2) cashes the ace of spades and West (seat 3), who
    >>> # guards both red suits, must unguard one; any other lead takes only two tricks.
    >>> p = Position.from_json({
    ...     "hands": [["QH", "AD", "2D"], ["4C", "5C", "6C"], ["AS", "3H", "3D"],
    ...               ["KH", "KD", "QD"]],
    ...     "trump": None, "leader": 2, "sides": [[0, 2], [1, 3]]})
    >>> r = solve(p)
    >>> r.tricks, [c.code for c in r.best_cards]
    (3, ['AS'])
    >>> solve(p, side=1).tricks   # East-West, with South to play, make nothing
    0
    """
    instance(position, "position", Position, "a Position (Position.from_json(...))")
    side_seats = _side_seats(position, side)
    if position.tricks_left == 0:
        return Result(0, [], 0, tuple(sorted(side_seats)), position.to_move, 0)
    _check_limits(max_nodes, timeout)
    compiled = _Compiled(position, side_seats)
    search = _Search(compiled, memory=memory)
    if max_nodes is not None or timeout is not None:
        search.set_budget(max_nodes, timeout)
    leader = position.leader
    played = list(compiled.table)
    left = position.tricks_left
    report, close = _progress(progress, position)
    # MTD(f)-style: start from a quick greedy play-out's count and step to the exact value
    value = _greedy(position, side_seats)
    if search.test(leader, played, value):
        while value < left and search.test(leader, played, value + 1):
            value += 1
    else:
        value -= 1
        while not search.test(leader, played, value):
            value -= 1
    mover = position.to_move
    hand, reps = _root_cards(compiled, search, mover, lowest_first)
    searches = 1 + len(reps)
    report(1, searches)
    best_mask = 0
    maximiser = mover in side_seats
    for done, card in enumerate(reps, 2):
        if maximiser:
            good = search.test(leader, played, value, first=card)
        else:
            good = not search.test(leader, played, value + 1, first=card)
        report(done, searches)
        if good:
            for c in _run(hand, card):  # the whole run of equivalent cards
                best_mask |= 1 << compiled.to_card[c]
            if not all_best:
                break
    report(searches, searches)
    close()
    best = sorted(cards_of(best_mask), key=lambda c: (c.index >> 4, -c.index))
    return Result(value, best, search.nodes, tuple(sorted(side_seats)), mover, left)


def _progress(progress: Progress | bool | None,
              position: Position) -> tuple[Progress, Callable[[], None]]:
    """The solve's ``(report, close)``: its total starts as a guess (the count, then each card
    of the hand to move) until the search knows which cards are really different."""
    from trickcore.progress import progress_callback

    report, close = progress_callback(progress, _("solve"), None, unit=_("searches"))
    report(0, 1 + bin(position.hands[position.to_move]).count("1"))
    return report, close


def _check_limits(max_nodes: int | None, timeout: float | None) -> None:
    """A search's budget is positive numbers (or None), else :class:`PositionError`."""
    for name, limit in (("max_nodes", max_nodes), ("timeout", timeout)):
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int | float)
                                  or not limit > 0):
            raise PositionError(_("{name} must be a positive number, not {limit!r}").format(
                                    name=name, limit=limit))


def _root_cards(compiled: _Compiled, search: _Search, mover: int,
                lowest_first: bool) -> tuple[int, list[int]]:
    """The mover's hand (the solver's numbering) and its legal cards at the root, one of each
    run of equivalent cards, in the order to test them: from the lowest up with
    ``lowest_first``, else the search's best lead first."""
    hand = compiled.root_hands[mover]
    played = compiled.table
    legal = (hand & _SUIT_BLOCKS[played[0] >> 5] or hand) if played else hand
    reps = _bits(legal & ~(hand << 1))
    if lowest_first:
        # a run of equivalent cards is as low as its lowest card by rank: with Five Hundred's
        # bowers a run's ranks are not in the order of its power (the left bower J sits
        # between the ace and the right bower)
        to_card = compiled.to_card
        reps.sort(key=lambda c: min(low_first(CARDS[to_card[r]]) for r in _run(hand, c)))
    else:
        hint = search.root_hint(mover) if not played else -1  # at a trick start the mover leads
        if hint in reps:
            reps.remove(hint)
            reps.insert(0, hint)
    return hand, reps


def low_first(card: Card) -> tuple[int, int]:
    """The order of ``lowest_first``: by rank (a joker, which has none, last), then by index."""
    return (1 << 8 if card.rank is None else int(card.rank), card.index)


def _run(hand: int, card: int) -> range:
    """The run of equivalent cards of ``hand`` (the solver's numbering) from ``card`` up."""
    top = card
    while hand >> (top + 1) & 1:
        top += 1
    return range(card, top + 1)


def _side_seats(position: Position, side: int | Sequence[int] | None) -> tuple[int, ...]:
    if side is None:
        return position.side_of(position.to_move)
    if isinstance(side, int):
        if not 0 <= side < position.players:
            raise PositionError(_("side: seat {side} is not in the position").format(side=side))
        return position.side_of(side)
    seats = tuple(side)
    if not seats or any(not 0 <= s < position.players for s in seats):
        raise PositionError(_("side: {seats} is not a set of seats of the position").format(
                                seats=list(seats)))
    return seats


def _greedy(position: Position, side: Sequence[int]) -> int:
    """The side's tricks when every seat plays a simple rule (cash a card that no other
    seat can beat, else lead low from the longest suit; follow by winning as cheaply as
    possible unless a friend is winning, else play low): only a first guess for the search."""
    ctx = position.context
    n = position.players
    power = ctx.power
    suit_of = ctx.suit_index
    masks = ctx.suit_masks
    hands = list(position.hands)
    leader = position.leader
    trick = [c.index for c in position.played]
    won = 0
    friends = set(side)
    while True:
        while len(trick) < n:
            seat = (leader + len(trick)) % n
            hand = hands[seat]
            legal = (hand & masks[suit_of[trick[0]]] or hand) if trick else hand
            cards = [c.index for c in cards_of(legal)]
            if not trick:
                others = 0
                for i in range(n):
                    if i != seat:
                        others |= hands[i]
                tops = [c for c in cards if not any(
                    suit_of[o.index] == suit_of[c] and power[o.index] > power[c]
                    for o in cards_of(others & masks[suit_of[c]]))]
                pick = (max(tops, key=power.__getitem__) if tops else
                        min(cards, key=lambda c: (-(hand & masks[suit_of[c]]).bit_count(),
                                                  power[c])))
            else:
                ahead = (leader + ctx.winner_index(trick)) % n
                winners = [c for c in cards
                           if ctx.winner_index([*trick, c]) == len(trick)]
                if winners and (ahead in friends) != (seat in friends):
                    pick = min(winners, key=power.__getitem__)
                else:
                    pick = min(cards, key=power.__getitem__)
            trick.append(pick)
            hands[seat] ^= 1 << pick
        leader = (leader + ctx.winner_index(trick)) % n
        won += leader in friends
        trick = []
        if not hands[leader]:
            return won


@typed
def solve_humbug_deal(deal: Deal, *, all_best: bool = False,
                      progress: Progress | bool | None = False) -> Result:
    """Solve a whole Humbug deal (two hands of 26, trumps from the dealer's last card): the
    tricks eldest (the non-dealer, who leads) takes with best play on both sides, and one best
    opening lead (every best lead with ``all_best``, which takes a good deal longer).
    ``progress`` is as in :func:`solve`.

    >>> from trickcore.engine.dealing import deal_cards, rng_for
    >>> from trickcore.rules.registry import get_variant
    >>> rules = get_variant("humbug")
    >>> deal = deal_cards(rules, players=2, dealer=1, hand_size=4, rng=rng_for("humbug", 2, 1, "d"))
    >>> r = solve_humbug_deal(deal)
    >>> 0 <= r.tricks <= 4, r.side
    (True, (0,))
    """
    instance(deal, "deal", Deal, "a Deal (state.deal)")
    if deal.players != 2:
        raise PositionError(_("a Humbug deal has 2 hands, not {players}").format(
                                players=deal.players))
    return solve(position_from_deal(deal, sides=((0,), (1,))), all_best=all_best,
                 progress=progress)

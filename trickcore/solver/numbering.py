"""The solver's own numbering of the cards, and the transposition table its searches share.

Each suit (the *effective* suit: Five Hundred's left bower and joker belong to trumps) is a
block of 32 bits, ordered by power; when a trick ends its cards are squeezed out of their
blocks, so a hand is always written in *relative* ranks (see :mod:`trickcore.solver`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from trickcore.cards import cards_of
from trickcore.errors import BudgetExceededError
from trickcore.i18n import _
from trickcore.solver.positions import Position

#: No node limit: a count the search never reaches.
_NO_LIMIT = 1 << 62
#: With a timeout, the clock is read every this many trick starts.
_TIME_CHECK = 2048

_BLOCK = 32
_BLOCK_MASK = (1 << _BLOCK) - 1
_KEY_BITS = 4 * _BLOCK  # one hand in the solver's numbering


def _key(leader: int, hands: Sequence[int]) -> int:
    """A position packed into one integer (the transposition table's key)."""
    key = leader
    for h in hands:
        key = (key << _KEY_BITS) | h
    return key


class _Compiled:
    """A position in the solver's own numbering (see the module docstring)."""

    def __init__(self, position: Position, side_seats: Iterable[int], *,
                 counted: int | None = None) -> None:
        ctx = position.context
        present = 0
        for h in position.hands:
            present |= h
        for c in position.played:
            present |= c.bit
        by_suit: list[list[int]] = [[], [], [], []]
        for card in cards_of(present):
            by_suit[ctx.suit_index[card.index]].append(card.index)
        to_internal: dict[int, int] = {}
        #: internal position -> card index
        self.to_card: dict[int, int] = {}
        for s, members in enumerate(by_suit):
            members.sort(key=lambda i: ctx.power[i])
            for order, idx in enumerate(members):
                to_internal[idx] = s * _BLOCK + order
                self.to_card[s * _BLOCK + order] = idx

        def convert(mask: int) -> int:
            out = 0
            for card in cards_of(mask):
                out |= 1 << to_internal[card.index]
            return out

        self.root_hands = [convert(h) for h in position.hands]
        self.table = [to_internal[c.index] for c in position.played]
        self.trump = -1 if position.trump is None else int(position.trump)
        side = set(side_seats)
        #: 1 for the seats that maximise (the side that wants the tricks counted)
        self.is_max = [1 if s in side else 0 for s in range(position.players)]
        #: 1 for the seats whose tricks count: the side itself, or with ``counted`` (the fewest
        #: mode, see :func:`~trickcore.solver.fewest.solve_fewest`) that seat alone, which then
        #: minimises while every other seat maximises
        self.counts = list(self.is_max)
        if counted is not None:
            self.is_max = [0 if s == counted else 1 for s in range(position.players)]
            self.counts = [1 if s == counted else 0 for s in range(position.players)]


_SUIT_BLOCKS = tuple(_BLOCK_MASK << (_BLOCK * s) for s in range(4))
#: bits strictly above each internal position within its suit block
_ABOVE = tuple(_SUIT_BLOCKS[c // _BLOCK] & ~((2 << c) - 1) for c in range(4 * _BLOCK))
#: each internal position and the bits above it within its suit block
_AT_LEAST = tuple(_ABOVE[c] | (1 << c) for c in range(4 * _BLOCK))


def _beats(card: int, best: int, trump: int) -> bool:
    if card >> 5 == best >> 5:
        return card > best
    return card >> 5 == trump


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _squeeze(hand: int, card: int) -> int:
    """Take the position ``card`` out of its suit block: the cards above move down one."""
    hi = hand & _ABOVE[card]
    return (hand ^ hi) | (hi >> 1) if hi else hand


#: (leader, cards already played to the trick, need, first card or -1) -> made?
_Test = Callable[[int, list[int], int, int], bool]


class _Table:
    """The transposition table that the zero-window searches over one compiled position share,
    and the count of trick starts searched."""

    def __init__(self, compiled: _Compiled, max_entries: int = 10_000_000,
                 tt: dict[int, int] | None = None) -> None:
        self.c = compiled
        self.max_entries = max_entries
        self.counter = [0]
        #: the node count at which the budget is looked at next (see :meth:`budget`)
        self.check_at = [_NO_LIMIT]
        self.max_nodes: int | None = None
        self.deadline: float | None = None
        self.started = time.monotonic()
        #: packed position (see _key) -> packed lower bound, upper bound and best lead + 1
        #: (the general search keys its entries by the suit lengths, a region of the cards
        #: and who holds them: see :mod:`trickcore.solver.search`)
        self.tt: dict[int, int] = {} if tt is None else tt
        #: (leader, suit lengths) -> the card regions the table holds entries for
        self.regions: dict[int, list[int]] = {}
        #: leader -> the best lead found at the root, for searches whose table is not read
        #: with the root's plain key
        self.root_leads: dict[int, int] = {}

    def set_budget(self, max_nodes: int | None, timeout: float | None) -> None:
        """Stop the search (:class:`~trickcore.errors.BudgetExceededError`) after
        ``max_nodes`` trick starts or ``timeout`` seconds from now (``None``: no limit)."""
        self.started = time.monotonic()
        self.max_nodes = max_nodes
        self.deadline = None if timeout is None else self.started + timeout
        self._next_check()

    def _next_check(self) -> None:
        at = self.counter[0] + _TIME_CHECK if self.deadline is not None else _NO_LIMIT
        if self.max_nodes is not None:
            at = min(at, self.max_nodes)
        self.check_at[0] = at

    def budget(self) -> None:
        """The search reached ``check_at``: raise if the budget is spent, else go on."""
        nodes = self.counter[0]
        seconds = time.monotonic() - self.started
        if self.max_nodes is not None and nodes >= self.max_nodes:
            raise BudgetExceededError(
                _("the search stopped after {nodes:,} trick starts (the budget is {max_nodes:,} "
                  "nodes) before it had an exact answer").format(
                    nodes=nodes, max_nodes=self.max_nodes),
                nodes=nodes, seconds=seconds)
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise BudgetExceededError(
                _("the search stopped after {seconds:.1f} seconds ({nodes:,} trick starts) before "
                  "it had an exact answer").format(seconds=seconds, nodes=nodes), nodes=nodes, seconds=seconds)
        self._next_check()

    @property
    def nodes(self) -> int:
        """Trick starts searched so far."""
        return self.counter[0]

    def store(self, key: int, lo: int, hi: int, best: int) -> None:
        """Keep the bounds ``lo`` and ``hi`` and the best lead ``best`` (-1: none) for ``key``."""
        tt = self.tt
        if len(tt) >= self.max_entries and key not in tt:
            tt.clear()  # a cache: forgetting costs time, never correctness
        tt[key] = lo | (hi << 6) | ((best + 1) << 12)

    def root_hint(self, leader: int) -> int:
        """The best lead the table holds for the root position (-1: none)."""
        if leader in self.root_leads:
            return self.root_leads[leader]
        entry = self.tt.get(_key(leader, self.c.root_hands))
        return -1 if entry is None else (entry >> 12) - 1

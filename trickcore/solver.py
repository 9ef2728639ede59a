"""An exact perfect-information ("double-dummy") solver for trick-taking positions.

Every hand is open.  One *side* (one seat, or a partnership) tries to take as many of the
remaining tricks as it can; every other seat plays against it, as one coalition.  That is exact
for two players (Humbug) and for two partnerships (bridge-shaped deals, four-hand Five Hundred);
for Oh Hell it answers "how many tricks can this seat be sure of if everyone else plays to stop
it", which is the right question for a seat that needs tricks, but not a model of n selfish
players.

>>> from trickcore.cards import Suit, mask_of, parse_cards
>>> hands = [mask_of(parse_cards(h)) for h in ("AS KS", "QS 2H", "3S 4H")]
>>> result = solve(Position(hands, trump=Suit.HEARTS, leader=0))
>>> result.tricks, [c.code for c in result.best_cards]
(1, ['AS', 'KS'])

Seat 0 makes one trick: the second spade is ruffed by seat 1 and overruffed by seat 2, who
are one coalition.

How it works.  Cards are renumbered inside the solver so that each suit (the *effective* suit:
Five Hundred's left bower and joker belong to trumps) is a block of 32 bits, ordered by power.
When a trick ends its cards are squeezed out of their blocks, so a hand is always written in
*relative* ranks: positions that differ only in which small cards have gone are one position.
The search is a zero-window alpha-beta ("can the side take at least *t* tricks?"), started at
the count of a quick greedy play-out and stepped one trick at a time to the exact value
(MTD(f)), with

- a transposition table at the start of every trick, keyed by the leader and the relative-rank
  hands, holding a lower and an upper bound on the side's tricks and the best lead found (it is
  a cache: past ten million positions it is emptied and refilled);
- equivalent-card pruning: cards adjacent in a hand (no card still in play between them; the
  cards already played are gaps) are one move;
- sure-trick bounds at the start of every trick: the leader's winners from the top of each
  suit, cashable before an opponent can ruff; the run of top trumps one seat holds; and with
  two hands, every trump not matched by a higher trump of the other hand (a trump loses only to
  a higher trump in the same trick, and each trump beats at most one);
- move ordering: the table's move, then cashing winners, then low leads; following, the
  cheapest card that beats the trick so far (unless a friend is winning), else the lowest.

Two hands (Humbug) get their own search, one flat call per trick with the hands passed as
arguments; any other number of seats goes card by card.

What is covered: any number of seats from 2 to 10 with equal hands, a trump suit or no trump,
any partition of the seats into sides, and any :class:`~trickcore.trumps.TrumpContext` whose
cards all belong to a suit: Five Hundred's bowers, the joker as the best trump, the odd fours
(pass the context), and at no trump a joker whose suit has been named (``joker_suit``).  Not covered: a suitless joker at no trump
(its holder names the suit it calls for when leading it, and some rules restrict when it may be
played), two-hand Five Hundred's table piles, revokes and claims.  Misère is covered by solving
for the defenders (the contractor wants none of the tricks).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trickcore.cards import CARDS, Card, Suit, cards_of, mask_of
from trickcore.errors import CardCodeError, TrickcoreError
from trickcore.trumps import TrumpContext, trump_context

if TYPE_CHECKING:
    from trickcore.dealing import Deal

__all__ = [
    "Position",
    "PositionError",
    "Result",
    "brute_force",
    "position_from_deal",
    "solve",
    "solve_humbug_deal",
]

_BLOCK = 32
_BLOCK_MASK = (1 << _BLOCK) - 1
_MAX_PLAYERS = 10
_KEY_BITS = 4 * _BLOCK  # one hand in the solver's numbering


def _key(leader: int, hands: Sequence[int]) -> int:
    """A position packed into one integer (the transposition table's key)."""
    key = leader
    for h in hands:
        key = (key << _KEY_BITS) | h
    return key


class PositionError(TrickcoreError):
    """A position the solver cannot accept.

    ``illegal`` is True when the position is well formed but breaks a rule (a card played in
    the current trick fails to follow suit while its player still holds that suit); the
    command line then exits 1 rather than 2.
    """

    def __init__(self, message: str, *, illegal: bool = False) -> None:
        super().__init__(message)
        self.illegal = illegal


def _default_sides(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple((s,) for s in range(players))


@dataclasses.dataclass(frozen=True, init=False)
class Position:
    """A position with every hand open: the cards each seat still holds and the trick so far.

    ``hands`` are card masks (see :mod:`trickcore.cards`), one per seat; ``played`` the cards
    already played to the current trick, starting with ``leader``'s and going clockwise
    (seat numbers increase); ``sides`` a partition of the seats into sides (by default every
    seat is a side of its own).  ``context`` decides suits and powers; by default it is the
    plain ``trump_context(trump)``.  Seats that have played to the current trick hold one card
    fewer than the others.

    >>> from trickcore.cards import parse_cards, mask_of
    >>> p = Position([mask_of(parse_cards("AS 2H")), mask_of(parse_cards("KH"))], trump=None,
    ...              leader=1, played=parse_cards("QH"))
    >>> p.to_move, p.tricks_left, p.players
    (0, 2, 2)
    >>> Position([mask_of(parse_cards("AS 2H")), mask_of(parse_cards("KS 3S"))], trump=None,
    ...          leader=1, played=parse_cards("QH"))
    Traceback (most recent call last):
    ...
    trickcore.solver.PositionError: seat 1 plays QH to the current trick but holds 2 cards: it should hold one fewer than the seats still to play (2)
    """

    hands: tuple[int, ...]
    trump: Suit | None
    leader: int
    played: tuple[Card, ...]
    sides: tuple[tuple[int, ...], ...]
    context: TrumpContext

    def __init__(
        self,
        hands: Sequence[int],
        trump: Suit | None,
        leader: int = 0,
        played: Sequence[Card] = (),
        sides: Sequence[Sequence[int]] | None = None,
        context: TrumpContext | None = None,
    ) -> None:
        object.__setattr__(self, "hands", tuple(int(h) for h in hands))
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "played", tuple(played))
        n = len(self.hands)
        object.__setattr__(
            self, "sides",
            _default_sides(n) if sides is None else tuple(tuple(side) for side in sides))
        if context is None:
            context = trump_context(trump)
        object.__setattr__(self, "context", context)
        self._validate()

    # Derived facts ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.played)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, counting the current one."""
        return self.hands[self.to_move].bit_count()

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The side (tuple of seats) that ``seat`` belongs to."""
        for side in self.sides:
            if seat in side:
                return side
        raise PositionError(f"seat {seat} is on no side")  # pragma: no cover - validated

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` still holds."""
        return cards_of(self.hands[seat])

    # Validation ------------------------------------------------------------------------------

    def _validate(self) -> None:
        n = self.players
        if not 2 <= n <= _MAX_PLAYERS:
            raise PositionError(f"a position needs 2 to {_MAX_PLAYERS} hands, not {n}")
        if not 0 <= self.leader < n:
            raise PositionError(f"the leader must be a seat from 0 to {n - 1}, not {self.leader}")
        if len(self.played) >= n:
            raise PositionError(f"{len(self.played)} cards played to the current trick: a trick"
                                f" has only {n}")
        ctx = self.context
        if ctx.trump != self.trump:
            raise PositionError("the trump context is for a different trump suit")
        seen = 0
        for seat, hand in enumerate(self.hands):
            if hand < 0 or hand >> len(CARDS):
                raise PositionError(f"seat {seat}'s hand is not a card mask")
            if seen & hand:
                dup = cards_of(seen & hand)[0]
                raise PositionError(f"{dup} is dealt twice")
            seen |= hand
        for card in self.played:
            if seen & card.bit:
                raise PositionError(f"{card} is both played to the current trick and held")
            seen |= card.bit
        for card in cards_of(seen):
            if ctx.suit_index[card.index] < 0:
                raise PositionError(
                    f"{card} has no suit at no trump: the solver needs the joker's suit named"
                    " (a TrumpContext with joker_suit)")
        played_by = {(self.leader + i) % n: card for i, card in enumerate(self.played)}
        size = self.hands[(self.leader + len(self.played)) % n].bit_count()
        for seat, hand in enumerate(self.hands):
            expect = size - (1 if seat in played_by else 0)
            if hand.bit_count() != expect:
                if seat in played_by:
                    raise PositionError(
                        f"seat {seat} plays {played_by[seat]} to the current trick but holds"
                        f" {hand.bit_count()} cards: it should hold one fewer than the seats"
                        f" still to play ({size})")
                raise PositionError(
                    f"unequal hands: seat {seat} holds {hand.bit_count()} cards, expected"
                    f" {expect}")
        if self.played:
            led = ctx.suit_index[self.played[0].index]
            for i, card in enumerate(self.played[1:], start=1):
                seat = (self.leader + i) % n
                if ctx.suit_index[card.index] != led and self.hands[seat] & ctx.suit_masks[led]:
                    held = " ".join(c.code for c in cards_of(self.hands[seat]
                                                              & ctx.suit_masks[led]))
                    raise PositionError(
                        f"seat {seat} may not play {card}: they must follow"
                        f" {Suit(led).name.lower()} (they hold {held})", illegal=True)
        members = sorted(s for side in self.sides for s in side)
        if members != list(range(n)) or any(not side for side in self.sides):
            raise PositionError(f"sides must split the seats 0 to {n - 1} into non-empty groups,"
                                f" each seat once, not {[list(s) for s in self.sides]}")

    # JSON ------------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Position:
        """Read a position from JSON (a string or a decoded object).

        Keys: ``hands`` (lists of card codes, one per seat), ``trump`` (a suit letter, or
        ``null`` for no trump), ``leader`` (default 0), ``played`` (the current trick's cards,
        from the leader), ``sides`` (optional lists of seats), ``variant`` (optional: a
        Five Hundred variant gives bowers and the joker as top trump, and its partnerships
        by default) and ``joker_suit`` (optional: the suit named for the joker at no trump).

        >>> p = Position.from_json('{"hands": [["AS", "KH"], ["QS", "2H"]], "trump": "H"}')
        >>> p.trump, p.leader, p.to_move
        (<Suit.HEARTS: 1>, 0, 0)
        >>> Position.from_json({"hands": [["AS"], ["AS"]], "trump": None})
        Traceback (most recent call last):
        ...
        trickcore.solver.PositionError: AS is dealt twice
        """
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise PositionError(f"the position is not valid JSON: {error.msg} (line"
                                    f" {error.lineno}, column {error.colno})") from None
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object with 'hands' and 'trump'")
        unknown = set(data) - {"hands", "trump", "leader", "played", "sides", "variant",
                               "joker_suit"}
        if unknown:
            raise PositionError(f"unknown key(s) in the position: {', '.join(sorted(unknown))}")
        if "hands" not in data:
            raise PositionError("the position has no 'hands'")
        raw_hands = data["hands"]
        if not isinstance(raw_hands, list) or not all(isinstance(h, list) for h in raw_hands):
            raise PositionError("'hands' must be a list of lists of card codes")
        hands: list[int] = []
        for seat, raw in enumerate(raw_hands):
            cards = _cards_from(raw, f"seat {seat}'s hand")
            mask = mask_of(cards)
            if mask.bit_count() != len(cards):
                dup = next(c for c in cards if cards.count(c) > 1)
                raise PositionError(f"{dup} is dealt twice")
            hands.append(mask)
        trump_raw = data.get("trump")
        trump: Suit | None
        if trump_raw is None or (isinstance(trump_raw, str) and trump_raw.upper() in ("NT", "N")):
            trump = None
        elif isinstance(trump_raw, str):
            trump = Suit.parse(trump_raw)
        else:
            raise PositionError("'trump' must be a suit letter (S, H, D, C) or null for no trump")
        leader = data.get("leader", 0)
        if not isinstance(leader, int) or isinstance(leader, bool):
            raise PositionError("'leader' must be a seat number")
        played = _cards_from(data.get("played", []), "'played'")
        if len(set(played)) != len(played):
            raise PositionError("a card is played twice to the current trick")
        sides_raw = data.get("sides")
        sides: list[list[int]] | None = None
        if sides_raw is not None:
            if not isinstance(sides_raw, list) or not all(
                isinstance(side, list) and all(isinstance(s, int) and not isinstance(s, bool)
                                               for s in side) for side in sides_raw):
                raise PositionError("'sides' must be a list of lists of seat numbers")
            sides = sides_raw
        bowers = False
        variant = data.get("variant")
        if variant is not None:
            from trickcore.rules import Partnership
            from trickcore.variants import get_variant

            if not isinstance(variant, str):
                raise PositionError("'variant' must be a variant name")
            ruleset = get_variant(variant)
            bowers = ruleset.family == "five-hundred"
            if (sides is None and ruleset.partnership is Partnership.ALTERNATE
                    and len(hands) in (4, 6)):
                sides = [list(range(0, len(hands), 2)), list(range(1, len(hands), 2))]
        joker_raw = data.get("joker_suit")
        joker_suit = None
        if joker_raw is not None:
            if not isinstance(joker_raw, str):
                raise PositionError("'joker_suit' must be a suit letter")
            joker_suit = Suit.parse(joker_raw)
        context = trump_context(trump, bowers=bowers, joker_suit=joker_suit)
        return cls(hands, trump, leader, played, sides, context)

    def to_json(self) -> dict[str, Any]:
        """The position as a JSON-ready object (as :meth:`from_json` reads it).

        >>> Position.from_json({"hands": [["AS"], ["2S"]], "trump": "S"}).to_json()["hands"]
        [['AS'], ['2S']]
        """
        return {
            "hands": [[c.code for c in cards_of(h)] for h in self.hands],
            "trump": None if self.trump is None else self.trump.letter,
            "leader": self.leader,
            "played": [c.code for c in self.played],
            "sides": [list(s) for s in self.sides],
        }


def _cards_from(raw: object, what: str) -> list[Card]:
    if not isinstance(raw, list):
        raise PositionError(f"{what} must be a list of card codes")
    out = []
    for item in raw:
        if not isinstance(item, str):
            raise CardCodeError(f"{item!r} in {what} is not a card code: expected a string"
                                " such as 'AS'")
        out.append(Card.parse(item))
    return out


@dataclasses.dataclass(frozen=True)
class Result:
    """What :func:`solve` found.

    ``tricks``: the most tricks ``side`` can be sure of from here, counting the current trick;
    ``best_cards``: every card the seat to move can play that keeps to that number (for a
    seat of the other side: every card that holds ``side`` to it; with ``all_best=False``, one
    such card and its equivalents); ``nodes``: trick starts searched (transposition-table hits
    included).
    """

    tricks: int
    best_cards: list[Card]
    nodes: int
    side: tuple[int, ...] = ()
    to_move: int = 0
    tricks_left: int = 0

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


# The search ---------------------------------------------------------------------------------


class _Compiled:
    """A position in the solver's own numbering (see the module docstring)."""

    def __init__(self, position: Position, side_seats: Iterable[int]) -> None:
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
        self.is_max = [1 if s in side else 0 for s in range(position.players)]


_SUIT_BLOCKS = tuple(_BLOCK_MASK << (_BLOCK * s) for s in range(4))
#: bits strictly above each internal position within its suit block
_ABOVE = tuple(_SUIT_BLOCKS[c // _BLOCK] & ~((2 << c) - 1) for c in range(4 * _BLOCK))


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


class _Search:
    """Zero-window searches ("can the side make ``need`` tricks?") over a compiled position,
    sharing one transposition table."""

    def __init__(self, compiled: _Compiled, *, general: bool = False,
                 max_entries: int = 10_000_000) -> None:
        self.c = compiled
        self.max_entries = max_entries
        self.counter = [0]
        #: packed position (see _key) -> packed lower bound, upper bound and best lead + 1
        self.tt: dict[int, int] = {}
        if len(compiled.root_hands) == 2 and not general:
            self._test = self._build_two()
        else:
            self._test = self._build_general()

    @property
    def nodes(self) -> int:
        """Trick starts searched so far."""
        return self.counter[0]

    def test(self, leader: int, played: list[int], need: int, first: int = -1) -> bool:
        """Can the side make ``need`` tricks from the compiled position (``first``: the card the
        seat to move must play)?"""
        return self._test(leader, played, need, first)

    def _store(self, key: int, lo: int, hi: int, best: int) -> None:
        tt = self.tt
        if len(tt) >= self.max_entries and key not in tt:
            tt.clear()  # a cache: forgetting costs time, never correctness
        tt[key] = lo | (hi << 6) | ((best + 1) << 12)

    def root_hint(self, leader: int) -> int:
        """The best lead the table holds for the root position (-1: none)."""
        entry = self.tt.get(_key(leader, self.c.root_hands))
        return -1 if entry is None else (entry >> 12) - 1

    # Any number of seats ---------------------------------------------------------------------

    def _build_general(self) -> _Test:
        root = self.c.root_hands
        hands = list(root)
        is_max = self.c.is_max
        trump = self.c.trump
        n = len(hands)
        last = n - 1
        tt = self.tt
        above = _ABOVE
        blocks = _SUIT_BLOCKS
        trump_block = blocks[trump] if trump >= 0 else 0
        foes_of = [[o for o in range(n) if is_max[o] != is_max[s]] for s in range(n)]
        table: list[int] = []
        counter = self.counter
        chosen = [-1]
        store = self._store

        def quick_tricks(leader: int) -> int:
            """Tricks the leader can cash from the top before the other side can ruff."""
            hand = hands[leader]
            others = 0
            for i in range(n):
                if i != leader:
                    others |= hands[i]
            total = 0
            for s in range(4):
                shift = s * _BLOCK
                mine = (hand >> shift) & _BLOCK_MASK
                if not mine:
                    continue
                run = mine.bit_length() - ((others >> shift) & _BLOCK_MASK).bit_length()
                if run <= 0:
                    continue
                if s != trump and trump >= 0:
                    block = blocks[s]
                    for f in foes_of[leader]:
                        hf = hands[f]
                        if hf & trump_block:
                            length = (hf & block).bit_count()
                            if length < run:
                                run = length
                total += run
            return total

        def top_trumps() -> tuple[int, int]:
            """(seat, length) of the run of top trumps one seat holds (each wins a trick)."""
            if trump < 0:
                return -1, 0
            everything = 0
            for h in hands:
                everything |= h
            allt = everything & trump_block
            if not allt:
                return -1, 0
            top = allt.bit_length() - 1
            for i in range(n):
                mine = hands[i] & trump_block
                if mine >> top & 1:
                    low = max((allt & ~mine).bit_length(), trump * _BLOCK)
                    return i, top + 1 - low
            return -1, 0  # pragma: no cover

        def last_trick(leader: int) -> int:
            best = hands[leader].bit_length() - 1
            seat = leader
            for k in range(1, n):
                s = (leader + k) % n
                card = hands[s].bit_length() - 1
                if _beats(card, best, trump):
                    best, seat = card, s
            return seat

        def finish(winner: int, need: int, left: int) -> bool:
            """The trick on the table is complete: squeeze its cards out and go on."""
            saved = hands[:]
            played = table[:]
            for card in sorted(played, reverse=True):
                hi_mask = above[card]
                for i in range(n):
                    x = hands[i]
                    hi = x & hi_mask
                    if hi:
                        hands[i] = (x ^ hi) | (hi >> 1)
            del table[:]
            result = start(winner, need - is_max[winner], left - 1)
            table[:] = played
            hands[:] = saved
            return result

        def start(leader: int, need: int, left: int) -> bool:
            if need <= 0:
                return True
            if need > left:
                return False
            counter[0] += 1
            if left == 1:
                return is_max[last_trick(leader)] == 1
            key = leader
            for h in hands:
                key = (key << _KEY_BITS) | h
            entry = tt.get(key)
            if entry is not None:
                lo, hi, best = entry & 63, (entry >> 6) & 63, (entry >> 12) - 1
                if lo >= need:
                    return True
                if hi < need:
                    return False
            else:
                best = -1
                qt = quick_tricks(leader)
                seat, run = top_trumps()
                lo, hi = 0, left
                if is_max[leader]:
                    lo = qt
                else:
                    hi = left - qt
                if seat >= 0:
                    if is_max[seat]:
                        lo = max(lo, run)
                    else:
                        hi = min(hi, left - run)
                if lo >= need or hi < need:
                    store(key, lo, hi, -1)
                    return lo >= need
            result = move(leader, 0, need, left, 0, leader, best)
            if result:
                lo = need
            else:
                hi = need - 1
            entry = tt.get(key)
            if entry is not None:  # deeper searches may have stored this key meanwhile
                lo = max(lo, entry & 63)
                hi = min(hi, (entry >> 6) & 63)
            store(key, lo, hi, chosen[0] if chosen[0] >= 0 else best)
            return result

        def order_moves(reps: int, turn: int, win: int, win_seat: int, seat: int, hint: int,
                        hand: int, following: bool) -> list[int]:
            if not reps & (reps - 1):
                return [reps.bit_length() - 1]
            if turn == 0:
                # leads: the hint, then cards whose run reaches the top of a suit, then low
                everything = 0
                for h in hands:
                    everything |= h
                others = everything & ~hand
                tops = []
                rest = []
                for card in _bits(reps):
                    if others & above[card]:
                        rest.append(card)
                    else:
                        tops.append(card)
                rest.sort(key=lambda c: c & 31)
                ordered = tops + rest
                if hint >= 0 and reps >> hint & 1:
                    ordered.remove(hint)
                    ordered.insert(0, hint)
                return ordered
            friend = is_max[win_seat] == is_max[seat]
            if following:
                if friend or win >> 5 != (reps.bit_length() - 1) >> 5:
                    return _bits(reps)
                higher = reps & above[win]
                return _bits(higher) + _bits(reps ^ higher)
            trumps = reps & trump_block
            plain = sorted(_bits(reps ^ trumps), key=lambda c: c & 31)
            if friend or not trumps:
                return plain + _bits(trumps)
            winning = trumps & above[win] if win >> 5 == trump else trumps
            return _bits(winning) + plain + _bits(trumps ^ winning)

        def move(leader: int, turn: int, need: int, left: int, win: int, win_seat: int,
                 hint: int) -> bool:
            """The seat ``turn`` places after ``leader`` chooses a card."""
            seat = (leader + turn) % n
            hand = hands[seat]
            following = False
            if turn:
                legal = hand & blocks[table[0] >> 5]
                if legal:
                    following = True
                else:
                    legal = hand
            else:
                legal = hand
            reps = legal & ~(hand << 1)
            maximiser = is_max[seat] == 1
            for card in order_moves(reps, turn, win, win_seat, seat, hint, hand, following):
                hands[seat] = hand ^ (1 << card)
                table.append(card)
                if turn == 0 or _beats(card, win, trump):
                    new_win, new_seat = card, seat
                else:
                    new_win, new_seat = win, win_seat
                if turn == last:
                    result = finish(new_seat, need, left)
                else:
                    result = move(leader, turn + 1, need, left, new_win, new_seat, -1)
                table.pop()
                hands[seat] = hand
                if result == maximiser:
                    if turn == 0:
                        chosen[0] = card
                    return result
            if turn == 0:
                chosen[0] = -1
            return not maximiser

        def test(leader: int, played: list[int], need: int, first: int) -> bool:
            hands[:] = root
            table[:] = played
            turn = len(played)
            left = hands[(leader + turn) % n].bit_count()
            if need <= 0:
                return True
            if need > left:
                return False
            if turn == 0 and first < 0:
                return start(leader, need, left)
            win, win_seat = -1, leader
            for i, card in enumerate(played):
                if i == 0 or _beats(card, win, trump):
                    win, win_seat = card, (leader + i) % n
            if first < 0:
                return move(leader, turn, need, left, win, win_seat, -1)
            seat = (leader + turn) % n
            hand = hands[seat]
            hands[seat] = hand ^ (1 << first)
            table.append(first)
            if turn == 0 or _beats(first, win, trump):
                win, win_seat = first, seat
            if turn == last:
                result = finish(win_seat, need, left)
            else:
                result = move(leader, turn + 1, need, left, win, win_seat, -1)
            table.pop()
            hands[seat] = hand
            return result

        return test

    # Two seats (Humbug) ----------------------------------------------------------------------

    def _build_two(self) -> _Test:
        """The same search written out for two hands: one call per trick, hands passed as
        arguments, and a stronger bound on trumps.

        With two hands, a trump loses only to a higher trump of the other hand played to the
        same trick, and each trump can beat only one: so a hand is sure of as many trump tricks
        as it has trumps left over after matching each of them, from the top, with a higher
        trump of the other hand.
        """
        h0_root, h1_root = self.c.root_hands
        is_max = self.c.is_max
        trump = self.c.trump
        blocks = _SUIT_BLOCKS
        tblock = blocks[trump] if trump >= 0 else 0
        above = _ABOVE
        tt = self.tt
        counter = self.counter
        store = self._store

        def cashable(lead_hand: int, other: int, opposed: bool) -> int:
            """Side-suit tricks the leader cashes from the top before the other can ruff."""
            total = 0
            can_ruff = opposed and trump >= 0 and other & tblock
            for s in range(4):
                if s == trump:
                    continue
                shift = s * _BLOCK
                mine = (lead_hand >> shift) & _BLOCK_MASK
                if not mine:
                    continue
                theirs = (other >> shift) & _BLOCK_MASK
                run = mine.bit_length() - theirs.bit_length()
                if run <= 0:
                    continue
                if can_ruff:
                    length = theirs.bit_count()
                    if length < run:
                        run = length
                total += run
            return total

        def trump_tricks(lead_hand: int, other: int) -> tuple[int, int]:
            """Trump tricks each hand is sure of (see the docstring above)."""
            lt = lead_hand & tblock
            both = lt | (other & tblock)
            lfree = ffree = lsafe = fsafe = 0
            while both:
                top = 1 << (both.bit_length() - 1)
                both ^= top
                if lt & top:
                    if ffree:
                        ffree -= 1
                    else:
                        lsafe += 1
                    lfree += 1
                else:
                    if lfree:
                        lfree -= 1
                    else:
                        fsafe += 1
                    ffree += 1
            return lsafe, fsafe

        def after(h0: int, h1: int, leader: int, lead: int, reply: int, need: int,
                  left: int) -> bool:
            """The trick (lead, reply) is complete; hands no longer hold those cards."""
            follower = 1 - leader
            if reply >> 5 == lead >> 5:
                winner = follower if reply > lead else leader
            else:
                winner = follower if reply >> 5 == trump else leader
            a, b = (lead, reply) if lead > reply else (reply, lead)
            h0 = _squeeze(_squeeze(h0, a), b)
            h1 = _squeeze(_squeeze(h1, a), b)
            return start(h0, h1, winner, need - is_max[winner], left - 1)

        def start(h0: int, h1: int, leader: int, need: int, left: int) -> bool:
            if need <= 0:
                return True
            if need > left:
                return False
            counter[0] += 1
            if leader:
                lead_hand, other = h1, h0
            else:
                lead_hand, other = h0, h1
            follower = 1 - leader
            lmax = is_max[leader]
            fmax = is_max[follower]
            if left == 1:
                lc = lead_hand.bit_length() - 1
                fc = other.bit_length() - 1
                win_f = fc > lc if fc >> 5 == lc >> 5 else fc >> 5 == trump
                return (fmax if win_f else lmax) == 1
            key = (((leader << _KEY_BITS) | h0) << _KEY_BITS) | h1
            entry = tt.get(key)
            if entry is not None:
                lo, hi, best = entry & 63, (entry >> 6) & 63, (entry >> 12) - 1
                if lo >= need:
                    return True
                if hi < need:
                    return False
            else:
                best = -1
                if lmax == fmax:  # one side holds both hands
                    lo = hi = left if lmax else 0
                else:
                    lsure = cashable(lead_hand, other, True)
                    fsure = 0
                    if trump >= 0:
                        lsafe, fsure = trump_tricks(lead_hand, other)
                        lsure += lsafe
                    if lmax:
                        lo, hi = lsure, left - fsure
                    else:
                        lo, hi = fsure, left - lsure
                if lo >= need or hi < need:
                    store(key, lo, hi, -1)
                    return lo >= need
            # leads: the table's move, then cards whose run reaches the top, then low cards
            reps = lead_hand & ~(lead_hand << 1)
            leads = []
            if best >= 0 and reps >> best & 1:
                leads.append(best)
                reps ^= 1 << best
            rest = []
            while reps:
                low = reps & -reps
                c = low.bit_length() - 1
                reps ^= low
                if other & above[c]:
                    rest.append(c)
                else:
                    leads.append(c)
            if rest:
                rest.sort(key=lambda c: c & 31)
                leads += rest
            lwant = lmax == 1
            fwant = fmax == 1
            opposed = lwant != fwant
            result = not lwant
            chosen = -1
            for lead in leads:
                lead_after = lead_hand ^ (1 << lead)
                lb = lead >> 5
                follow = other & blocks[lb]
                replies: list[int] = []
                if follow:
                    freps = follow & ~(other << 1)
                    if opposed:  # the cheapest card that wins, then the lowest
                        order = freps & above[lead]
                        rest_mask = freps ^ order
                    else:
                        order, rest_mask = freps, 0
                    while order:
                        low = order & -order
                        replies.append(low.bit_length() - 1)
                        order ^= low
                    while rest_mask:
                        low = rest_mask & -rest_mask
                        replies.append(low.bit_length() - 1)
                        rest_mask ^= low
                else:
                    freps = other & ~(other << 1)
                    trumps = freps & tblock
                    plain = _bits(freps ^ trumps)
                    plain.sort(key=lambda c: c & 31)
                    # ruff low first against the leader; discard low first for a friend
                    replies = _bits(trumps) + plain if opposed else plain + _bits(trumps)
                fres = not fwant
                for reply in replies:
                    other_after = other ^ (1 << reply)
                    win_f = reply > lead if reply >> 5 == lb else reply >> 5 == trump
                    if lead > reply:
                        a, b = lead, reply
                    else:
                        a, b = reply, lead
                    m = above[a]
                    x = lead_after & m
                    new_l = (lead_after ^ x) | (x >> 1) if x else lead_after
                    x = other_after & m
                    new_f = (other_after ^ x) | (x >> 1) if x else other_after
                    m = above[b]
                    x = new_l & m
                    if x:
                        new_l = (new_l ^ x) | (x >> 1)
                    x = new_f & m
                    if x:
                        new_f = (new_f ^ x) | (x >> 1)
                    if leader:
                        new_h0, new_h1 = new_f, new_l
                    else:
                        new_h0, new_h1 = new_l, new_f
                    if win_f:
                        r = start(new_h0, new_h1, follower, need - fmax, left - 1)
                    else:
                        r = start(new_h0, new_h1, leader, need - lmax, left - 1)
                    if r == fwant:
                        fres = r
                        break
                if fres == lwant:
                    result = fres
                    chosen = lead
                    break
            if result:
                lo = need
            else:
                hi = need - 1
            entry = tt.get(key)
            if entry is not None:
                lo = max(lo, entry & 63)
                hi = min(hi, (entry >> 6) & 63)
                if chosen < 0:
                    chosen = (entry >> 12) - 1
            store(key, lo, hi, chosen)
            return result

        def follow_all(h0: int, h1: int, leader: int, lead: int, need: int, left: int) -> bool:
            """The lead is on the table (already out of its hand); the follower chooses."""
            follower = 1 - leader
            other = h1 if leader == 0 else h0
            legal = other & blocks[lead >> 5] or other
            want = is_max[follower] == 1
            for reply in _bits(legal & ~(other << 1)):
                if follower:
                    r = after(h0, h1 ^ (1 << reply), leader, lead, reply, need, left)
                else:
                    r = after(h0 ^ (1 << reply), h1, leader, lead, reply, need, left)
                if r == want:
                    return r
            return not want

        def test(leader: int, played: list[int], need: int, first: int) -> bool:
            h0, h1 = h0_root, h1_root
            seat = (leader + len(played)) % 2
            left = (h1 if seat else h0).bit_count()
            if need <= 0:
                return True
            if need > left:
                return False
            if not played:
                if first < 0:
                    return start(h0, h1, leader, need, left)
                if leader:
                    h1 ^= 1 << first
                else:
                    h0 ^= 1 << first
                return follow_all(h0, h1, leader, first, need, left)
            lead = played[0]
            if first < 0:
                return follow_all(h0, h1, leader, lead, need, left)
            if seat:
                h1 ^= 1 << first
            else:
                h0 ^= 1 << first
            return after(h0, h1, leader, lead, first, need, left)

        return test


def solve(position: Position, side: int | Sequence[int] | None = None, *,
          all_best: bool = True) -> Result:
    """The most tricks a side can take from ``position`` with best play all round, and the
    cards that achieve it.

    ``side`` is a seat (its side in ``position.sides`` is meant) or a tuple of seats; by
    default the side of the seat to move.  Every seat not on ``side`` plays against it.
    With ``all_best=False`` only one best card is looked for (much faster on big deals).

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
    side_seats = _side_seats(position, side)
    if position.tricks_left == 0:
        return Result(0, [], 0, tuple(sorted(side_seats)), position.to_move, 0)
    compiled = _Compiled(position, side_seats)
    search = _Search(compiled)
    leader = position.leader
    played = list(compiled.table)
    left = position.tricks_left
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
    hand = compiled.root_hands[mover]
    if played:
        follow = hand & _SUIT_BLOCKS[compiled.table[0] >> 5]
        legal = follow or hand
    else:
        legal = hand
    reps = _bits(legal & ~(hand << 1))
    hint = search.root_hint(leader) if not played else -1
    if hint in reps:
        reps.remove(hint)
        reps.insert(0, hint)
    best_mask = 0
    maximiser = mover in side_seats
    for card in reps:
        if maximiser:
            good = search.test(leader, played, value, first=card)
        else:
            good = not search.test(leader, played, value + 1, first=card)
        if good:
            # the whole run of equivalent cards
            run = card
            while hand >> (run + 1) & 1:
                run += 1
            for c in range(card, run + 1):
                best_mask |= 1 << compiled.to_card[c]
            if not all_best:
                break
    best = sorted(cards_of(best_mask), key=lambda c: (c.index >> 4, -c.index))
    return Result(value, best, search.nodes, tuple(sorted(side_seats)), mover, left)


def _side_seats(position: Position, side: int | Sequence[int] | None) -> tuple[int, ...]:
    if side is None:
        return position.side_of(position.to_move)
    if isinstance(side, int):
        if not 0 <= side < position.players:
            raise PositionError(f"side: seat {side} is not in the position")
        return position.side_of(side)
    seats = tuple(side)
    if not seats or any(not 0 <= s < position.players for s in seats):
        raise PositionError(f"side: {list(seats)} is not a set of seats of the position")
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


def position_from_deal(deal: Deal, context: TrumpContext | None = None,
                       sides: Sequence[Sequence[int]] | None = None) -> Position:
    """The opening position of a dealt hand: eldest (left of the dealer) leads.

    >>> from trickcore.dealing import deal_from_hands
    >>> from trickcore.variants import get_variant
    >>> deal = deal_from_hands(get_variant("oh-hell"), [["AS"], ["KS"], ["2H"]], dealer=2,
    ...                        turn_up="9H")
    >>> position_from_deal(deal).leader
    0
    """
    return Position(deal.hands, deal.trump, deal.eldest, (), sides, context)


def solve_humbug_deal(deal: Deal, *, all_best: bool = False) -> Result:
    """Solve a whole Humbug deal (two hands of 26, trumps from the dealer's last card): the
    tricks eldest (the non-dealer, who leads) takes with best play on both sides, and one best
    opening lead (every best lead with ``all_best``, which takes a good deal longer).

    >>> from trickcore.dealing import deal_cards, rng_for
    >>> from trickcore.variants import get_variant
    >>> rules = get_variant("humbug")
    >>> deal = deal_cards(rules, players=2, dealer=1, hand_size=4, rng=rng_for("humbug", 2, 1, "d"))
    >>> r = solve_humbug_deal(deal)
    >>> 0 <= r.tricks <= 4, r.side
    (True, (0,))
    """
    if deal.players != 2:
        raise PositionError(f"a Humbug deal has 2 hands, not {deal.players}")
    return solve(position_from_deal(deal, sides=((0,), (1,))), all_best=all_best)


def brute_force(position: Position, side: int | Sequence[int] | None = None) -> int:
    """The side's best trick count by plain minimax over every legal card (no pruning, no
    table): slow, and independent of :func:`solve`'s machinery, for checking it.

    >>> from trickcore.cards import mask_of, parse_cards
    >>> brute_force(Position([mask_of(parse_cards("AS 2H")), mask_of(parse_cards("KS 3H"))],
    ...                      trump=None))
    1
    """
    if side is None:
        seats = set(position.side_of(position.to_move))
    elif isinstance(side, int):
        seats = set(position.side_of(side))
    else:
        seats = set(side)
    ctx = position.context
    n = position.players
    hands = list(position.hands)

    def play(leader: int, trick: list[int]) -> int:
        seat = (leader + len(trick)) % n
        if len(trick) == n:
            winner = (leader + ctx.winner_index(trick)) % n
            gained = 1 if winner in seats else 0
            if hands[winner] == 0:
                return gained
            return gained + play(winner, [])
        hand = hands[seat]
        legal = hand
        if trick:
            follow = hand & ctx.suit_masks[ctx.suit_index[trick[0]]]
            legal = follow or hand
        values = []
        for card in cards_of(legal):
            hands[seat] = hand ^ card.bit
            values.append(play(leader, [*trick, card.index]))
            hands[seat] = hand
        return max(values) if seat in seats else min(values)

    if position.tricks_left == 0:
        return 0
    return play(position.leader, [c.index for c in position.played])

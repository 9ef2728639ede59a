"""Positions for the solver: every hand open, the trick so far, and the sides.

:class:`Position` checks what it is given (equal hands, no card twice, the current trick
following suit) and reads and writes the JSON that ``trickcore solve`` takes;
:func:`position_from_deal` starts one from a dealt hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from trickcore.arguments import instance, typed
from trickcore.cards import (
    CARDS,
    COPY_OFFSET,
    Card,
    Suit,
    cards_of,
    mask_of,
    pack_cards,
    pack_mask,
)
from trickcore.cards.ranking import TrumpContext, trump_context
from trickcore.engine.dealing import Deal  # (the checks at the door need them at run time)
from trickcore.errors import CardCodeError, TrickcoreError
from trickcore.files import load_json
from trickcore.i18n import _
from trickcore.rules import Ruleset

__all__ = ["Position", "PositionError", "opening_position", "position_from_deal"]

_MAX_PLAYERS = 10


#: How deeply a position's JSON may nest (its sides are lists in a list: three levels).
MAX_POSITION_DEPTH = 8


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
    trickcore.solver.positions.PositionError: seat 1 plays QH to the current trick but holds 2 cards: it should hold one fewer than the seats still to play (2)
    """

    hands: tuple[int, ...]
    trump: Suit | None
    leader: int
    played: tuple[Card, ...]
    sides: tuple[tuple[int, ...], ...]
    context: TrumpContext

    @typed
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
        raise PositionError(_("seat {seat} is on no side").format(seat=seat))  # pragma: no cover - validated

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` still holds."""
        return cards_of(self.hands[seat])

    # Validation ------------------------------------------------------------------------------

    def _validate(self) -> None:
        n = self.players
        if not 2 <= n <= _MAX_PLAYERS:
            raise PositionError(_("a position needs 2 to {max_players} hands, not {n}").format(
                                    max_players=_MAX_PLAYERS, n=n))
        if not 0 <= self.leader < n:
            raise PositionError(_("the leader must be a seat from 0 to {value}, not {leader}").format(
                                    value=n - 1, leader=self.leader))
        if len(self.played) >= n:
            raise PositionError(_("{count} cards played to the current trick: a trick has only {n}").format(
                                    count=len(self.played), n=n))
        ctx = self.context
        if ctx.trump != self.trump:
            raise PositionError(_("the trump context is for a different trump suit"))
        seen = 0
        for seat, hand in enumerate(self.hands):
            if hand < 0 or hand >> len(CARDS):
                raise PositionError(_("seat {seat}'s hand is not a card mask").format(seat=seat))
            if hand >> COPY_OFFSET:  # two packs: not modelled (yet)
                raise PositionError(_("seat {seat} holds a second copy of a card: the solver does "
                                      "not solve games with two packs (identical cards)").format(
                                        seat=seat))
            if seen & hand:
                dup = cards_of(seen & hand)[0]
                raise PositionError(_("{dup} is dealt twice").format(dup=dup))
            seen |= hand
        for card in self.played:
            if card.copy:
                raise PositionError(_("{card} is a second copy: the solver does not solve games "
                                      "with two packs (identical cards)").format(
                                        card=card))
            if seen & card.bit:
                raise PositionError(_("{card} is both played to the current trick and held").format(
                                        card=card))
            seen |= card.bit
        for card in cards_of(seen):
            if ctx.suit_index[card.index] < 0:
                raise PositionError(
                    _("{card} has no suit at no trumps: the solver does not model the suitless "
                      "joker (when it may be played or led); name its suit ('joker_suit', a "
                      "TrumpContext with joker_suit)").format(card=card))
        played_by = {(self.leader + i) % n: card for i, card in enumerate(self.played)}
        size = self.hands[(self.leader + len(self.played)) % n].bit_count()
        for seat, hand in enumerate(self.hands):
            expect = size - (1 if seat in played_by else 0)
            if hand.bit_count() != expect:
                if seat in played_by:
                    raise PositionError(
                        _("seat {seat} plays {played_by} to the current trick but holds {value} "
                          "cards: it should hold one fewer than the seats still to play ({size})").format(
                            seat=seat, played_by=played_by[seat], value=hand.bit_count(), size=size))
                raise PositionError(
                    _("unequal hands: seat {seat} holds {value} cards, expected {expect}").format(
                        seat=seat, value=hand.bit_count(), expect=expect))
        if self.played:
            led = ctx.suit_index[self.played[0].index]
            for i, card in enumerate(self.played[1:], start=1):
                seat = (self.leader + i) % n
                if ctx.suit_index[card.index] != led and self.hands[seat] & ctx.suit_masks[led]:
                    held = " ".join(c.code for c in cards_of(self.hands[seat]
                                                              & ctx.suit_masks[led]))
                    raise PositionError(
                        _("seat {seat} may not play {card}: they must follow {value} (they hold "
                          "{held})").format(
                            seat=seat, card=card, value=Suit(led).name.lower(), held=held), illegal=True)
        members = sorted(s for side in self.sides for s in side)
        if members != list(range(n)) or any(not side for side in self.sides):
            raise PositionError(_("sides must split the seats 0 to {value} into non-empty groups, "
                                  "each seat once, not {value2}").format(
                                    value=n - 1, value2=[list(s) for s in self.sides]))

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
        trickcore.solver.positions.PositionError: AS is dealt twice
        """
        if isinstance(data, str):
            data = load_json(data, what=_("the position"), max_depth=MAX_POSITION_DEPTH,
                             error=PositionError)
        if not isinstance(data, Mapping):
            raise PositionError(_("a position must be a JSON object with 'hands' and 'trump'"))
        unknown = set(data) - {"hands", "trump", "leader", "played", "sides", "variant",
                               "joker_suit"}
        if unknown:
            raise PositionError(_("unknown key(s) in the position: {value}").format(
                                    value=', '.join(sorted(unknown))))
        if "hands" not in data:
            raise PositionError(_("the position has no 'hands'"))
        raw_hands = data["hands"]
        if not isinstance(raw_hands, list) or not all(isinstance(h, list) for h in raw_hands):
            raise PositionError(_("'hands' must be a list of lists of card codes"))
        hands: list[int] = []
        for seat, raw in enumerate(raw_hands):
            cards = _cards_from(raw, f"seat {seat}'s hand")
            mask = mask_of(cards)
            if mask.bit_count() != len(cards):
                dup = next(c for c in cards if cards.count(c) > 1)
                raise PositionError(_("{dup} is dealt twice").format(dup=dup))
            hands.append(mask)
        trump_raw = data.get("trump")
        trump: Suit | None
        if trump_raw is None or (isinstance(trump_raw, str) and trump_raw.upper() in ("NT", "N")):
            trump = None
        elif isinstance(trump_raw, str) and len(trump_raw) <= _LONGEST_CODE:
            trump = Suit.parse(trump_raw)
        else:
            raise PositionError(_("'trump' must be a suit letter (S, H, D, C) or null for no trump"))
        leader = data.get("leader", 0)
        if not isinstance(leader, int) or isinstance(leader, bool):
            raise PositionError(_("'leader' must be a seat number"))
        played = _cards_from(data.get("played", []), "'played'")
        if len(set(played)) != len(played):
            raise PositionError(_("a card is played twice to the current trick"))
        sides_raw = data.get("sides")
        sides: list[list[int]] | None = None
        if sides_raw is not None:
            if not isinstance(sides_raw, list) or not all(
                isinstance(side, list) and all(isinstance(s, int) and not isinstance(s, bool)
                                               for s in side) for side in sides_raw):
                raise PositionError(_("'sides' must be a list of lists of seat numbers"))
            sides = sides_raw
        ruleset: Ruleset | None = None
        variant = data.get("variant")
        if variant is not None:
            from trickcore.rules import Partnership
            from trickcore.rules.registry import get_variant

            if not isinstance(variant, str) or len(variant) > 60:
                raise PositionError(_("'variant' must be a variant name"))
            ruleset = get_variant(variant)
            if (sides is None and ruleset.partnership is Partnership.ALTERNATE
                    and len(hands) in (4, 6)):
                sides = [list(range(0, len(hands), 2)), list(range(1, len(hands), 2))]
        joker_raw = data.get("joker_suit")
        joker_suit = None
        if joker_raw is not None:
            if not isinstance(joker_raw, str) or len(joker_raw) > _LONGEST_CODE:
                raise PositionError(_("'joker_suit' must be a suit letter"))
            joker_suit = Suit.parse(joker_raw)
        if ruleset is not None and ruleset.table_piles:
            raise PositionError(_("{name} is not solved: the solver does not model the table "
                                  "piles (face-down cards turned up as play goes on)").format(
                                    name=ruleset.name))
        if ruleset is not None:  # a named game: its own pack's cards, none other
            pack = ruleset.pack
            foreign = [card for card in [*cards_of(mask_of_all(hands)), *played]
                       if not card.bit & pack_mask(pack)]
            if foreign:
                raise PositionError(_("{card} is not in the {size}-card pack of {game}").format(
                                        card=foreign[0], size=len(pack_cards(pack)),
                                        game=ruleset.title))
        if ruleset is None:
            context = trump_context(trump, joker_suit=joker_suit)
        else:  # the game's own ranking: Five Hundred's bowers and joker
            context = ruleset.trump_context(trump, joker_suit=joker_suit)
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


def mask_of_all(masks: list[int]) -> int:
    """The union of card masks."""
    union = 0
    for mask in masks:
        union |= mask
    return union


#: The longest card code, suit or call read (``JK1``, ``10S``, ``NT``); a longer text is quoted
#: cut short in the error.
_LONGEST_CODE = 4


class _Quoted(str):
    """A text an error quotes as it is (``{item!r}`` of an already shortened repr)."""

    def __repr__(self) -> str:
        return str(self)


def _cards_from(raw: object, what: str) -> list[Card]:
    if not isinstance(raw, list):
        raise PositionError(_("{what} must be a list of card codes").format(what=what))
    out = []
    for item in raw:
        if not isinstance(item, str) or len(item) > _LONGEST_CODE:
            shown = repr(item)
            raise CardCodeError(_("{item!r} in {what} is not a card code: expected a string such "
                                  "as 'AS'").format(
                                    item=_Quoted(shown[:20] + "..." if len(shown) > 20 else shown),
                                    what=what))
        out.append(Card.parse(item))
    return out


@typed
def position_from_deal(deal: Deal, context: TrumpContext | None = None,
                       sides: Sequence[Sequence[int]] | None = None) -> Position:
    """The opening position of a dealt hand: eldest (left of the dealer) leads.

    >>> from trickcore.engine.dealing import deal_from_hands
    >>> from trickcore.rules.registry import get_variant
    >>> deal = deal_from_hands(get_variant("oh-hell"), [["AS"], ["KS"], ["2H"]], dealer=2,
    ...                        turn_up="9H")
    >>> position_from_deal(deal).leader
    0
    """
    instance(deal, "deal", Deal, "a Deal (state.deal)")
    if deal.table:
        raise PositionError(_("a deal with table piles (two-hand Five Hundred) is not solved: the "
                              "solver does not model the face-down cards turned up as play goes on"))
    return Position(deal.hands, deal.trump, deal.eldest, (), sides, context)


@typed
def opening_position(ruleset: Ruleset, deal: Deal) -> Position:
    """The opening position of a deal of ``ruleset`` (what ``trickcore solve CODE`` solves):
    the cards as dealt, trumps as the deal fixes them and ranked as the game ranks them, eldest
    on lead, and the game's partnerships as sides (else every seat is a side).  A game whose
    trumps are named in an auction (Five Hundred) has no opening position before its contract.

    >>> from trickcore.engine.match import Match
    >>> from trickcore.rules.registry import get_variant
    >>> humbug = get_variant("humbug")
    >>> p = opening_position(humbug, Match(humbug, 2, 1).make_deal(0))
    >>> p.players, p.tricks_left, p.leader, p.sides
    (2, 26, 1, ((0,), (1,)))
    >>> five_hundred = get_variant("five-hundred")
    >>> opening_position(five_hundred, Match(five_hundred, 4, 2).make_deal(0))
    Traceback (most recent call last):
    ...
    trickcore.solver.positions.PositionError: trumps are named in the auction in Five Hundred, so a deal has no position to solve before its contract; give a JSON position (hands, trump, leader)
    """
    instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'))")
    instance(deal, "deal", Deal, "a Deal (state.deal)")
    from trickcore.rules import BiddingKind, Partnership

    if ruleset.bidding is BiddingKind.AUCTION:
        raise PositionError(_("trumps are named in the auction in {name}, so a deal has no "
                              "position to solve before its contract; give a JSON position "
                              "(hands, trump, leader)").format(
                                name=ruleset.name))
    n = deal.players
    sides: list[list[int]] | None = None
    if ruleset.partnership is Partnership.ALTERNATE and n in (4, 6):
        sides = [list(range(0, n, 2)), list(range(1, n, 2))]
    return position_from_deal(deal, ruleset.trump_context(deal.trump), sides)

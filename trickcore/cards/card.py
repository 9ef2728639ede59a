"""Cards, suits and ranks: :class:`Card` objects, interned, one per card index.

A card's *index* is ``suit * 16 + rank position``, with the jokers at 64 and 65 (see
:mod:`trickcore.cards`).  Games played with two packs hold two identical copies of some cards:
the second copy of a card is its own card object, at ``66 + suit * 16 + rank position``, with the
same rank, suit and code (``copy`` is 1), so that a card-set mask keeps one bit per physical card.

>>> Card.parse("TH"), Card.of(Rank.ACE, Suit.SPADES).index
(Card('TH'), 15)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import ClassVar

from trickcore.arguments import given, instance
from trickcore.errors import CardCodeError
from trickcore.i18n import N_, _
from trickcore.notebook import html_of

__all__ = [
    "CARDS",
    "COPY_OFFSET",
    "JOKER",
    "JOKER2_INDEX",
    "JOKER_HIGH",
    "JOKER_INDEX",
    "JOKER_LOW",
    "Card",
    "Hand",
    "Rank",
    "Suit",
    "TrueIntEnum",
    "format_cards",
    "parse_cards",
]


class TrueIntEnum(enum.IntEnum):
    """An :class:`~enum.IntEnum` whose every member is true and reads as itself.

    A plain ``IntEnum`` member is its number: the one numbered 0 is false, so ``if suit:`` or
    ``suit or default`` would treat spades (or a two) as "no suit", and ``str()`` gives ``"0"``.
    Here every member is true (test for "none" with ``is None``); ``str()`` and an f-string
    give the member's own words (each subclass's :meth:`__str__`), and a format spec still
    formats the number (``f"{suit:d}"``, ``int(suit)``).  The numbers themselves are unchanged:
    card indexes, the C searches and the records use them.

    >>> bool(Suit.SPADES), bool(Rank.TWO), int(Suit.SPADES), f"{Suit.SPADES:d}"
    (True, True, 0, '0')
    """

    def __bool__(self) -> bool:
        return True

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else format(self.value, spec)


class Suit(TrueIntEnum):
    """The four suits, in the order S H D C used by card codes.

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.is_red, Suit.parse("♣")
    ('H', '♥', True, <Suit.CLUBS: 3>)

    A suit is true, spades too (its number is 0), and reads as its symbol, the same in English
    and French (``trickcore.cards.suit_name()`` gives it in words, in the reader's language):

    >>> bool(Suit.SPADES), str(Suit.SPADES), f"trumps: {Suit.DIAMONDS}", Suit.SPADES.value
    (True, '♠', 'trumps: ♦', 0)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    def __str__(self) -> str:
        return self.symbol

    @property
    def letter(self) -> str:
        """The one-letter code: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self.value]

    @property
    def symbol(self) -> str:
        """The suit symbol, ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self.value]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs are black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (where a 500 left bower comes from).

        >>> Suit.SPADES.partner
        <Suit.CLUBS: 3>
        """
        return _PARTNER_SUIT[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter or symbol.

        >>> Suit.parse("h")
        <Suit.HEARTS: 1>
        """
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol, suit.name):
                return suit
        raise CardCodeError(_("{text!r} is not a suit: expected one of S, H, D, C").format(
                                text=text))


_PARTNER_SUIT = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


class Rank(TrueIntEnum):
    """Ranks in their natural order, lowest first.

    The value is the rank's position inside a suit (0 to 15), which is also its bit offset.
    ``ELEVEN``, ``TWELVE`` and ``THIRTEEN`` exist only in six-hand Five Hundred packs.

    >>> Rank.TEN.code, Rank.ACE > Rank.KING, Card.parse("QS").rank >= Rank.QUEEN
    ('T', True, True)

    A rank is true, the two too (its number is 0), and reads as a card's corner shows it in
    English, ``10`` for the ten (``trickcore.cards.rank_name()`` gives it in words):

    >>> bool(Rank.TWO), str(Rank.TWO), str(Rank.TEN), f"{Rank.QUEEN} high"
    (True, '2', '10', 'Q high')
    """

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    ELEVEN = 9
    TWELVE = 10
    THIRTEEN = 11
    JACK = 12
    QUEEN = 13
    KING = 14
    ACE = 15

    def __str__(self) -> str:
        return "10" if self is Rank.TEN else self.code

    @property
    def code(self) -> str:
        """The rank's code: ``2``-``9``, ``T``, ``11``, ``12``, ``13``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CODES[self.value]


_RANK_CODES = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")
_RANK_BY_CODE: dict[str, Rank] = {code: Rank(i) for i, code in enumerate(_RANK_CODES)}
_RANK_BY_CODE["10"] = Rank.TEN
# The face cards' letters on screen (French: V, D, R, A); codes keep J, Q, K, A.
_FACE_LETTERS: dict[Rank, str] = {Rank.JACK: N_("J"), Rank.QUEEN: N_("Q"), Rank.KING: N_("K"),
                                  Rank.ACE: N_("A")}

#: Index of the (higher) joker and of the second joker.
JOKER_INDEX = 64
JOKER2_INDEX = 65
#: The second copy of a card (two packs) is at its index plus this.
COPY_OFFSET = 66
_CARD_COUNT = 2 * COPY_OFFSET - 2  # the jokers have no second copy


class Card:
    """One playing card.  Cards are interned: build them with :meth:`parse` or :meth:`of`.

    >>> c = Card.of(Rank.QUEEN, Suit.HEARTS)
    >>> c, c.rank, c.suit.symbol, c.index
    (Card('QH'), <Rank.QUEEN: 13>, '♥', 29)
    >>> JOKER.is_joker, JOKER.suit
    (True, None)

    A second copy (two packs) is another card of the same rank, suit and code:

    >>> two = Card.parse("2S").twin
    >>> two, two.copy, two.index, two == Card.parse("2S"), two.twin is Card.parse("2S")
    (Card('2S'), 1, 66, False, True)
    """

    __slots__ = ("code", "copy", "index", "rank", "suit")
    _all: ClassVar[list[Card]] = []

    index: int
    rank: Rank | None
    suit: Suit | None
    code: str
    copy: int

    def __init__(self, index: int) -> None:
        if Card._all and len(Card._all) >= _CARD_COUNT:
            raise TypeError(_("cards are interned: use Card.parse, Card.of or Card.from_index"))
        self.index = index
        self.copy = 1 if index >= COPY_OFFSET else 0
        if index >= COPY_OFFSET:
            base = index - COPY_OFFSET
            self.rank = Rank(base & 15)
            self.suit = Suit(base >> 4)
            self.code = self.rank.code + self.suit.letter
        elif index >= JOKER_INDEX:
            self.rank = None
            self.suit = None
            self.code = "JK" if index == JOKER_INDEX else "JK2"
        else:
            self.rank = Rank(index & 15)
            self.suit = Suit(index >> 4)
            self.code = self.rank.code + self.suit.letter

    # Construction -------------------------------------------------------------------------

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this engine index."""
        if not 0 <= index < _CARD_COUNT:
            raise CardCodeError(_("{index} is not a card index (0-{value})").format(
                                    index=index, value=_CARD_COUNT - 1))
        return CARDS[index]

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit."""
        return CARDS[suit * 16 + rank]

    @staticmethod
    def parse(code: str | Card) -> Card:
        """Read a card code such as ``AS``, ``TH``, ``10H``, ``11D`` or ``JK``.

        Case and surrounding spaces are ignored; an unknown code raises
        :class:`~trickcore.errors.CardCodeError` naming it.
        """
        if isinstance(code, Card):
            return code
        if not isinstance(code, str):
            raise CardCodeError(_("{code!r} is not a card code: expected a string such as 'AS'").format(
                                    code=code))
        text = code.strip().upper()
        if text in ("JK", "JK1", "JOKER"):
            return CARDS[JOKER_INDEX]
        if text == "JK2":
            return CARDS[JOKER2_INDEX]
        rank = _RANK_BY_CODE.get(text[:-1])
        suit_index = "SHDC".find(text[-1:]) if text else -1
        if rank is None or suit_index < 0 or len(text) < 2:
            raise CardCodeError(
                _("{code!r} is not a card code: expected a rank (2-9, T or 10, 11, 12, 13, J, Q, "
                  "K, A) then a suit (S, H, D, C), or JK, JK1, JK2").format(
                    code=code)
            )
        return CARDS[suit_index * 16 + rank]

    # Properties ---------------------------------------------------------------------------

    @property
    def is_joker(self) -> bool:
        """True for either joker."""
        return JOKER_INDEX <= self.index < COPY_OFFSET

    @property
    def twin(self) -> Card | None:
        """The other copy of this card in a game with two packs (``None`` for a joker)."""
        if self.index >= COPY_OFFSET:
            return CARDS[self.index - COPY_OFFSET]
        if self.index >= JOKER_INDEX:
            return None
        return CARDS[self.index + COPY_OFFSET]

    @property
    def bit(self) -> int:
        """The card's bit in a card-set mask."""
        return 1 << self.index

    @property
    def symbol(self) -> str:
        """The card as people read it, with a suit symbol: ``Q♥``, ``10♠``, ``Jkr``.

        The rank letters are the reader's language (French ``D♥``, ``V♠``); the code is not.
        """
        if self.rank is None or self.suit is None:
            return _("Jkr") if self.index == JOKER_INDEX else _("Jk2")
        face = _FACE_LETTERS.get(self.rank)
        rank = ("10" if self.rank is Rank.TEN else self.rank.code) if face is None else _(face)
        return rank + self.suit.symbol

    # Dunder -------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def _repr_html_(self) -> str | None:
        return html_of(self)


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(_CARD_COUNT))
Card._all = list(CARDS)
#: The joker (Five Hundred); with two jokers, the higher one.  ``JOKER is Card.parse("JK")``.
JOKER = CARDS[JOKER_INDEX]
JOKER_HIGH = JOKER
JOKER_LOW = CARDS[JOKER2_INDEX]


class Hand(list[Card]):
    """A list of cards that shows as cards in a notebook.

    >>> hand = Hand(parse_cards("AS TD"))
    >>> hand, str(hand)
    ([Card('AS'), Card('TD')], 'AS TD')
    """

    def __str__(self) -> str:
        return format_cards(self)

    def _repr_html_(self) -> str | None:
        return html_of(self)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards, from a string split on spaces or commas, or from an iterable.

    >>> parse_cards("AS, 10d jk")
    [Card('AS'), Card('TD'), Card('JK')]
    """
    if isinstance(text, str):
        items: list[str | Card] = list(text.replace(",", " ").split())
    elif isinstance(text, Iterable) and not isinstance(text, Card):
        items = list(text)
    else:
        raise CardCodeError(_("{text} is not a list of cards").format(text=given(text)))
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    """Card codes joined by spaces.

    >>> format_cards(parse_cards("AS 2C"))
    'AS 2C'
    """
    codes = []
    for card in cards:
        if not isinstance(card, Card):
            instance(card, "cards", Card, "a list of Card values (parse_cards('AS KH') reads codes)")
        codes.append(card.code)
    return " ".join(codes)

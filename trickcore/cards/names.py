"""Cards, ranks and suits in words, in the reader's language (English by default, French).

Card codes (``QS``, ``TH``, ``JK``) never change with the language; the words and the rank
letters people read do: French writes R, D, V (roi, dame, valet) for K, Q, J.

>>> from trickcore.cards import Card, Suit
>>> card_name(Card.parse("TH")), card_name(Card.parse("QS"), article=True)
('10 of hearts', 'the queen of spades')
>>> from trickcore import i18n
>>> with i18n.language("fr"):
...     card_name(Card.parse("TH"), article=True), card_name(Card.parse("AC"), article=True)
...     Card.parse("QS").symbol, suit_name(Suit.DIAMONDS), rank_name(Card.parse("JD").rank)
('le 10 de cœur', 'l’as de trèfle')
('D♠', 'carreau', 'valet')
"""

from __future__ import annotations

from trickcore.cards.card import JOKER_INDEX, Card, Rank, Suit
from trickcore.i18n import N_, _

__all__ = ["card_name", "rank_name", "rank_symbol", "suit_name"]

_SUITS = {Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
          Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs")}
_SUIT = {Suit.SPADES: N_("spade"), Suit.HEARTS: N_("heart"),
         Suit.DIAMONDS: N_("diamond"), Suit.CLUBS: N_("club")}
_RANKS = {Rank.ACE: N_("ace"), Rank.KING: N_("king"), Rank.QUEEN: N_("queen"),
          Rank.JACK: N_("jack")}
# The face cards' names with their suit, bare and with the article (French: la dame, l'as).
_NAMED = {Rank.ACE: (N_("ace of {suit}"), N_("the ace of {suit}")),
          Rank.KING: (N_("king of {suit}"), N_("the king of {suit}")),
          Rank.QUEEN: (N_("queen of {suit}"), N_("the queen of {suit}")),
          Rank.JACK: (N_("jack of {suit}"), N_("the jack of {suit}"))}


def suit_name(suit: Suit, *, singular: bool = False) -> str:
    """The suit in words: ``"hearts"`` (``"heart"`` with ``singular``); French ``"cœur"``.

    >>> suit_name(Suit.CLUBS), suit_name(Suit.CLUBS, singular=True)
    ('clubs', 'club')
    """
    return _((_SUIT if singular else _SUITS)[suit])


def rank_name(rank: Rank | None) -> str:
    """The rank in words: ``"queen"``, ``"10"`` (French ``"dame"``); ``"joker"`` for ``None``.

    >>> rank_name(Rank.QUEEN), rank_name(Rank.TEN), rank_name(Rank.ELEVEN)
    ('queen', '10', '11')
    """
    if rank is None:
        return _("joker")
    word = _RANKS.get(rank)
    if word is not None:
        return _(word)
    return "10" if rank is Rank.TEN else rank.code


def rank_symbol(rank: Rank) -> str:
    """The rank as a card shows it: ``Q``, ``10`` (French ``D``, ``10``).

    >>> rank_symbol(Rank.KING), rank_symbol(Rank.TEN)
    ('K', '10')
    """
    return Card.of(rank, Suit.SPADES).symbol[:-1]


def card_name(card: Card, *, article: bool = False) -> str:
    """The card in words, for people and screen readers: ``"10 of hearts"``, ``"joker"``;
    with ``article``: ``"the 10 of hearts"`` (French ``"le 10 de cœur"``, ``"la dame de pique"``).

    >>> card_name(Card.parse("JK")), card_name(Card.parse("JK2"), article=True)
    ('joker', 'the second joker')
    """
    if card.rank is None or card.suit is None:
        if card.index == JOKER_INDEX:
            return _("the joker") if article else _("joker")
        return _("the second joker") if article else _("second joker")
    suit = suit_name(card.suit, singular=False)
    named = _NAMED.get(card.rank)
    if named is not None:
        return _(named[1] if article else named[0]).format(suit=suit)
    rank = rank_name(card.rank)
    if article:
        return _("the {rank} of {suit}").format(rank=rank, suit=suit)
    return _("{rank} of {suit}").format(rank=rank, suit=suit)

"""The Foundations chapter: the packs laid out suit by suit, the trump order under a trump
suit, and one trick explained."""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.cards import Card, Rank, Suit, parse_cards
from trickcore.cards.packs import Pack, pack_cards
from trickcore.cards.ranking import TrumpContext
from trickcore.display import COLOUR_ORDER, play_html

from trickbook.i18n import N_, _, suit_word
from trickbook.parts import (
    PLAYER_NAMES,
    _table,
    cards_row,
)
from trickbook.render import example, html, macro, paragraph, sentence

__all__ = [
    "FIVE_HUNDRED_PACKS",
    "PACK_52",
    "explain_trick",
    "pack_table",
    "trump_order",
]


_STANDARD_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                   Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)


def _suit_cards(suit: Suit, lowest: Rank) -> list[Card]:
    ranks = [r for r in _STANDARD_RANKS if r >= lowest]
    return [Card.of(r, suit) for r in ranks]


def _standard(lowest: Rank) -> list[Card]:
    return [c for s in COLOUR_ORDER for c in _suit_cards(s, lowest)]


#: The standard 52-card pack, one suit after another, highest card first.
PACK_52: tuple[Card, ...] = tuple(_standard(Rank.TWO))

#: The Five Hundred packs described in the Foundations chapter (docs/rules.md 3.1), card by card.
#: They are the engine's own packs (:func:`trickcore.cards.packs.pack_cards`), so that the book and
#: the engine cannot disagree about what is in a pack.
FIVE_HUNDRED_PACKS: dict[str, list[Card]] = {
    N_("43-card pack (four players, Australian standard)"): list(pack_cards(Pack.FIVE_HUNDRED_43)),
    N_("45-card pack (four players, American)"): list(pack_cards(Pack.FIVE_HUNDRED_45)),
    N_("33-card pack (three players)"): list(pack_cards(Pack.FIVE_HUNDRED_33)),
    N_("53-card pack (five players)"): list(pack_cards(Pack.FIVE_HUNDRED_53)),
    N_("63-card pack (six players)"): list(pack_cards(Pack.FIVE_HUNDRED_63)),
}


#: The captions the pages give :func:`pack_table` (besides the names of
#: :data:`FIVE_HUNDRED_PACKS`), so that the catalogue has them: a caption is shown translated.
PAGE_CAPTIONS = (N_("The standard pack"), N_("The three-hand pack"), N_("The four-hand pack"),
                 N_("The six-hand pack"), N_("The six-hand pack from two ordinary packs"),
                 N_("The Québec pack"))


def pack_table(cards: Sequence[Card], caption: str) -> str:
    """A pack laid out one suit per row, with a count per row.

    ``caption`` is shown in the reader's language when the catalogue has it.

    >>> "52 cards" in pack_table(_standard(Rank.TWO), "The 52-card pack")
    True
    """
    rows = []
    for suit in COLOUR_ORDER:
        in_suit = [c for c in cards if c.suit is suit]
        if in_suit:
            rows.append([f"{suit.symbol} {suit_word(suit)}", cards_row(in_suit),
                         str(len(in_suit))])
    jokers = [c for c in cards if c.is_joker]
    if jokers:
        rows.append([_("joker"), cards_row(jokers), str(len(jokers))])
    head = [_("Suit"), _("Cards, highest first"), _("Count")]
    return _table(_("{caption}: {n} cards").format(caption=_(caption), n=len(cards)), head, rows,
                  cls="tc-pack")


def trump_order(cards: Sequence[Card], trump: Suit | None, *, bowers: bool = True) -> str:
    """The cards that are trumps when ``trump`` is the trump suit, from the best down.

    Uses the engine's :class:`~trickcore.cards.ranking.TrumpContext`, so the order shown is the order
    the engine plays by.

    >>> pack = FIVE_HUNDRED_PACKS["43-card pack (four players, Australian standard)"]
    >>> trump_order(pack, Suit.HEARTS).count("tc-card ")
    13
    """
    ctx = TrumpContext(trump, bowers=bowers)
    if trump is None:
        return ""
    trumps = [c for c in cards if ctx.is_trump(c)]
    trumps.sort(key=lambda c: ctx.power[c.index], reverse=True)
    note = _("{n} trumps").format(n=len(trumps))
    return str(macro("parts.html", "cards_note", html(cards_row(trumps, sort=False)), note))


def explain_trick(codes: str, trump: str | None = None, *, bowers: bool = False) -> str:
    """One trick, its cards in the order played, and which card wins and why.

    Uses the engine's :class:`~trickcore.cards.ranking.TrumpContext`.

    >>> "A♠ is the highest spade" in explain_trick("5S AS 2D")
    True
    """
    cards = parse_cards(codes)
    suit = Suit.parse(trump) if trump else None
    ctx = TrumpContext(suit, bowers=bowers)
    winner = ctx.winner(cards)
    played = " ".join(play_html(PLAYER_NAMES[i], c) for i, c in enumerate(cards))
    if suit is not None:
        trumps = sentence(_("With {suit} are trumps: {played}"),
                          suit=f"{suit.symbol} {suit_word(suit)}", played=html(played))
    else:
        trumps = sentence(_("With no trumps: {played}"), played=html(played))
    won = sentence(_("{player} wins: {why}."), player=PLAYER_NAMES[winner],
                   why=ctx.why(cards, winner))
    return example(paragraph(trumps), paragraph(won, "tc-won"))

"""The Foundations chapter: the packs laid out suit by suit, the trump order under a trump
suit, and one trick explained."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from trickcore import VARIANTS, get_variant
from trickcore.cards import Card, Rank, Suit, parse_cards
from trickcore.cards.names import rank_symbol
from trickcore.cards.packs import Pack, pack_cards
from trickcore.cards.ranking import TrumpContext
from trickcore.display import COLOUR_ORDER, play_html
from trickcore.rules import Ruleset

from trickbook.i18n import N_, _, and_words, count, suit_word, title
from trickbook.parts import (
    PLAYER_NAMES,
    _table,
    cards_row,
)
from trickbook.render import example, html, macro, paragraph, sentence

__all__ = [
    "PACK_52",
    "explain_trick",
    "five_hundred_games",
    "five_hundred_packs",
    "five_hundred_packs_table",
    "pack_contents",
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

#: The captions the pages give :func:`pack_table`, so that the catalogue has them: a caption is
#: shown translated.
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

    >>> pack = pack_cards(get_variant("five-hundred").deck)
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


def _suits_word(suits: Sequence[Suit]) -> str:
    return _("every suit") if len(suits) == 4 else and_words([suit_word(s) for s in suits])


_EXTRA_RANKS = (Rank.ELEVEN, Rank.TWELVE, Rank.THIRTEEN)


def pack_contents(cards: Sequence[Card]) -> str:
    """What a pack is made from, in words, read from its cards: which ranks each suit keeps,
    the extra 11s, 12s and 13s, and the jokers.  Each card is in the pack once (a pack made
    of two packs is not described here) and each suit runs from the ace down without a gap, as
    every pack of the engine does; any other set of cards is refused (:class:`ValueError`).

    >>> from trickcore.cards.packs import pack_cards
    >>> pack_contents(pack_cards(Pack.FIVE_HUNDRED_43))
    'hearts and diamonds ace down to 4, spades and clubs ace down to 5, and a joker'
    >>> pack_contents(pack_cards(Pack.FIVE_HUNDRED_63))
    'the full 52, extra 11s and 12s in every suit, extra 13s in hearts and diamonds, and a joker'
    """
    if len({c.code for c in cards}) != len(cards):
        raise ValueError("pack_contents describes a pack with each card once")
    lowest: dict[Rank, list[Suit]] = {}
    for suit in COLOUR_ORDER:
        held = [c.rank for c in cards if c.suit is suit and c.rank is not None
                and c.rank not in _EXTRA_RANKS]
        if held:
            low = min(held)
            if set(held) != {r for r in _STANDARD_RANKS if r >= low}:
                raise ValueError(f"pack_contents describes suits without gaps, not {held}")
            lowest.setdefault(low, []).append(suit)
    parts = []
    if list(lowest) == [Rank.TWO] and len(lowest[Rank.TWO]) == 4:
        parts.append(_("the full 52"))
    else:
        for rank, suits in sorted(lowest.items()):
            parts.append(_("{suits} ace down to {rank}").format(
                suits=_suits_word(suits), rank=rank_symbol(rank)))
    extras: dict[tuple[Suit, ...], list[Rank]] = {}
    for rank in _EXTRA_RANKS:
        having = tuple(s for s in COLOUR_ORDER if any(c.rank is rank and c.suit is s
                                                      for c in cards))
        if having:
            extras.setdefault(having, []).append(rank)
    for having, extra in extras.items():
        named = and_words([_("{rank}s").format(rank=rank_symbol(r)) for r in extra])
        if len(having) == 4:
            parts.append(_("extra {ranks} in every suit").format(ranks=named))
        else:
            parts.append(_("extra {ranks} in {suits}").format(ranks=named,
                                                              suits=_suits_word(having)))
    jokers = sum(c.is_joker for c in cards)
    if jokers:
        parts.append(_("a joker") if jokers == 1 else _("two jokers"))
    return and_words(parts, serial=True)


def five_hundred_games(forms: Iterable[Ruleset] = ()) -> list[Ruleset]:
    """The games of the Five Hundred pages: the registry's games with an auction, then each of
    ``forms`` (the book's other forms of the game,
    :data:`trickbook.five_hundred_answers.FIVE_HUNDRED_FORMS`) whose pack none has yet.

    >>> [len(pack_cards(r.deck)) for r in five_hundred_games()][:3]
    [43, 43, 33]
    """
    games = [r for r in map(get_variant, VARIANTS) if r.bids_a_contract]
    decks = {r.deck for r in games}
    for form in forms:
        if form.deck not in decks:
            games.append(form)
            decks.add(form.deck)
    return games


def five_hundred_packs(forms: Iterable[Ruleset] = ()) -> list[tuple[str, list[Card]]]:
    """Each pack of :func:`five_hundred_games`, once, with the games that use it as its
    caption: the engine's own cards, so that a page and the engine cannot disagree about what
    is in a pack.

    >>> caption, cards = five_hundred_packs()[0]
    >>> caption, len(cards)
    ('Five Hundred and Two-hand Five Hundred', 43)
    """
    games: dict[Pack, list[str]] = {}
    for ruleset in five_hundred_games(forms):
        games.setdefault(ruleset.deck, []).append(title(ruleset))
    return [(and_words(names), list(pack_cards(deck))) for deck, names in games.items()]


def five_hundred_packs_table(forms: Iterable[Ruleset] = ()) -> str:
    """Five Hundred's packs, one row for each of :func:`five_hundred_games`: players, pack, kitty
    and what the pack is made from are the engine's.

    >>> table = five_hundred_packs_table()
    >>> "Québec Five Hundred" in table and "two jokers" in table
    True
    """
    rows = []
    for ruleset in five_hundred_games(forms):
        cards = pack_cards(ruleset.deck)
        players = ruleset.players[0]
        size = count(len(cards), "card").replace(" ", "\u00a0")  # "43 cards" on one line
        rows.append([title(ruleset), str(players), size, str(ruleset.kitty_size(players)),
                     pack_contents(cards)])
    head = [_("Form of the game"), _("Players"), _("Pack"), _("Kitty"), _("Made from")]
    return _table(_("The Five Hundred packs"), head, rows, cls="tc-packs")

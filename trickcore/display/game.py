"""The game as HTML: deals, tricks, the state of a deal in progress, table piles.

:func:`deal_html`, :func:`trick_html` and :func:`state_html` are what a notebook shows for a
:class:`~trickcore.engine.dealing.Deal`, a :class:`~trickcore.engine.events.Trick` and a
:class:`~trickcore.engine.state.HandState`.  The smaller pieces (one card and who played it, the cards
of a trick with their players, a row of table piles) are shared by the book and the demos.

>>> from trickcore.cards import parse_cards
>>> from trickcore.engine.events import Trick
>>> trick = Trick(leader=1, cards=tuple(parse_cards("5S AS")))
>>> print(trick_plays_html(trick, 4, name=lambda seat: f"seat {seat}"))
<span class="tc-play">seat 1 <span class="tc-card tc-s" style="color:#1a1a1a" role="img" aria-label="5 of spades">5♠</span></span> <span class="tc-play">seat 2 <span class="tc-card tc-s" style="color:#1a1a1a" role="img" aria-label="ace of spades">A♠</span></span>
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable

from trickcore.cards import Card, suit_name
from trickcore.display.cards import STYLE, back_html, card_html, cards_html
from trickcore.display.seats import seat_label
from trickcore.engine.dealing import Deal
from trickcore.engine.events import TABLE, Trick
from trickcore.engine.state import HandState
from trickcore.i18n import _, ngettext

__all__ = [
    "cards_each",
    "deal_html",
    "piles_html",
    "play_html",
    "state_html",
    "trick_html",
    "trick_line_html",
    "trick_plays_html",
]

def cards_each(hand_size: int) -> str:
    """``1 card each``, ``7 cards each``.

    >>> cards_each(1), cards_each(7)
    ('1 card each', '7 cards each')
    """
    return ngettext("{count} card each", "{count} cards each", hand_size).format(count=hand_size)


def trick_html(trick: Trick, *, four_colour: bool | None = None) -> str:
    """A trick in play order, naming who led and who won."""
    inner = "".join(card_html(c, four_colour=four_colour) for c in trick.cards)
    won = (_(" won by {seat}: {reason}").format(seat=seat_label(trick.winner),
                                                 reason=html.escape(trick.reason))
           if trick.winner is not None else "")
    led = _("led by {seat}").format(seat=seat_label(trick.leader))
    return (f'{STYLE}<div class="tc-row"><span class="tc-label">{led}'
            f"</span>{inner}{won}</div>")


def state_html(state: HandState, *, four_colour: bool | None = None) -> str:
    """A deal in progress: trump, every seat's cards, bids and tricks, and the trick on the table."""
    trump = state.trump
    turn = state.deal.turn_up
    head = (_("Trumps: {symbol} {suit}").format(symbol=trump.symbol, suit=suit_name(trump))
            if trump is not None else _("No trumps"))
    if turn is not None:
        head += _(" (turned: {card})").format(card=card_html(turn, four_colour=four_colour))
    rows = ["<p>" + _("{game}, {cards}, dealer {dealer}.").format(
        game=state.ruleset.title, cards=cards_each(state.hand_size),
        dealer=seat_label(state.dealer)) + f" {head}</p>"]
    for seat in range(state.players):
        bid = state.bids[seat]
        label = seat_label(seat) + (_(" bid {bid}").format(bid=bid) if bid is not None else "")
        label += _(", won {tricks}").format(tricks=state.tricks_won[seat])
        rows.append(cards_html(state.hand(seat), label=label, four_colour=four_colour))
    if state.current.cards:
        rows.append(trick_html(state.current, four_colour=four_colour))
    return STYLE + "".join(rows)


def deal_html(deal: Deal, *, four_colour: bool | None = None) -> str:
    """A deal as dealt: every seat's cards, the turn-up and trumps, the kitty if any."""
    rows = ["<p>" + _("Dealer: {dealer}; {cards}.").format(
        dealer=seat_label(deal.dealer), cards=cards_each(deal.hand_size))]
    if deal.turn_up is not None:
        rows.append(_(" Turned up: {card}").format(
            card=card_html(deal.turn_up, four_colour=four_colour)))
    if deal.trump is not None:
        rows.append(_(" Trumps: {symbol} {suit}.").format(symbol=deal.trump.symbol,
                                                          suit=suit_name(deal.trump)))
    rows.append("</p>")
    for seat in range(deal.players):
        rows.append(cards_html(deal.hand(seat), label=seat_label(seat), four_colour=four_colour))
    if deal.kitty:
        rows.append(cards_html(deal.kitty, label=_("Kitty"), four_colour=four_colour))
    return STYLE + "".join(rows)


def play_html(who: str, card: Card, *, note: str = "", four_colour: bool | None = None) -> str:
    """One card and who played it, kept together: ``Ann 10♥``, with ``note`` (text) after the
    card, such as ``" calling for spades"``."""
    return (f'<span class="tc-play">{html.escape(who)} {card_html(card, four_colour=four_colour)}'
            f"{html.escape(note)}</span>")


def trick_plays_html(trick: Trick, players: int, *, name: Callable[[int], str],
                     four_colour: bool | None = None) -> str:
    """The cards of a trick in the order played, each after the ``name`` of its player."""
    return " ".join(play_html(name(seat), card, four_colour=four_colour)
                    for seat, card in zip(trick.seats(players), trick.cards, strict=True))


def trick_line_html(trick: Trick, players: int, *, four_colour: bool | None = None,
                    reader: int | None = None) -> str:
    """The cards of a trick on one line, as the demos show it: ``Ben: 5♠ · You: A♠`` (the
    ``reader``'s seat is "You"), saying which cards came from the table and the suit the joker
    was led as."""
    parts = []
    for i, (seat, card) in enumerate(zip(trick.seats(players), trick.cards, strict=True)):
        shown = card_html(card, four_colour=four_colour)
        if trick.sources and trick.sources[i] == TABLE:
            parts.append(_("{seat} from the table: {card}").format(seat=seat_label(seat, reader),
                                                                    card=shown))
        else:
            parts.append(_("{seat}: {card}").format(seat=seat_label(seat, reader), card=shown))
    if trick.joker_suit is not None:
        parts.append(_("(the joker was led as a {suit})").format(
            suit=suit_name(trick.joker_suit, singular=True)))
    return " · ".join(parts)


def piles_html(piles: Iterable[tuple[Card | None, bool]], *, label: str,
               four_colour: bool | None = None) -> str:
    """A row of table piles (two-hand Five Hundred): each pile is its face-up card (``None``
    when the pile is empty) and whether a face-down card lies under it."""
    parts = []
    for top, covered in piles:
        if top is None:
            parts.append("<em>" + _("empty") + "</em>")
            continue
        shown = card_html(top, four_colour=four_colour)
        parts.append(shown + back_html(_("one face-down card under it")) if covered else shown)
    pile = _("pile {number}")
    row = " | ".join(f'<span role="group" aria-label="{pile.format(number=i + 1)}">{p}</span>'
                     for i, p in enumerate(parts))
    return (f'<div class="tc-row"><span class="tc-label">{html.escape(label)}</span>'
            f"{row}</div>")

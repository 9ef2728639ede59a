"""HTML for cards, hands, tricks and deals, so that they show as cards in a notebook.

Suits always carry their symbol, so colour is never the only cue.  The default is the two-colour
pack (black spades and clubs, red hearts and diamonds); :func:`set_four_colour` switches to the
four-colour pack (spades black, hearts red, diamonds blue, clubs green), which is easier to read
for many colour-blind readers.

>>> from trickcore.cards import Card
>>> print(card_html(Card.parse("TH")))
<span class="tc-card tc-h" style="color:#c0001a" role="img" aria-label="10 of hearts">10♥</span>
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING

from trickcore.cards import Card, Suit

if TYPE_CHECKING:
    from trickcore.dealing import Deal
    from trickcore.state import HandState, Trick

__all__ = [
    "card_html",
    "card_name",
    "cards_html",
    "deal_html",
    "set_four_colour",
    "state_html",
    "suit_colour",
    "trick_html",
]

_TWO_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c0001a", Suit.DIAMONDS: "#c0001a",
               Suit.CLUBS: "#1a1a1a"}
_FOUR_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c0001a", Suit.DIAMONDS: "#0050b0",
                Suit.CLUBS: "#00703c"}
_settings = {"four_colour": False}

_RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
_SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}

_STYLE = (
    "<style>.tc-card{display:inline-block;min-width:2.2em;padding:.15em .3em;margin:.1em;"
    "border:1px solid #888;border-radius:.3em;background:#fff;font:600 1em/1.3 sans-serif;"
    "text-align:center}.tc-row{margin:.2em 0}.tc-label{display:inline-block;min-width:6em;"
    "font:0.9em sans-serif}</style>"
)


def set_four_colour(on: bool = True) -> None:
    """Use the four-colour pack (``True``) or the usual two colours (``False``) from now on."""
    _settings["four_colour"] = on


def card_name(card: Card) -> str:
    """The card in words, for screen readers: ``"10 of hearts"``, ``"joker"``."""
    if card.rank is None or card.suit is None:
        return "joker" if card.code == "JK" else "second joker"
    rank = card.rank.code
    return f"{_RANK_WORDS.get(rank, rank)} of {_SUIT_WORDS[card.suit]}"


def suit_colour(card: Card, four_colour: bool | None = None) -> str:
    """The colour a card is drawn in (the joker is purple), as a CSS hex colour.

    >>> suit_colour(Card.parse("4D")), suit_colour(Card.parse("4D"), four_colour=True)
    ('#c0001a', '#0050b0')
    """
    four = _settings["four_colour"] if four_colour is None else four_colour
    if card.suit is None:
        return "#6a1b9a"
    return (_FOUR_COLOUR if four else _TWO_COLOUR)[card.suit]


def card_html(card: Card, *, four_colour: bool | None = None) -> str:
    """One card as an HTML span with its suit symbol, colour and an accessible name."""
    colour = suit_colour(card, four_colour)
    cls = "tc-jk" if card.suit is None else "tc-" + card.suit.letter.lower()
    return (
        f'<span class="tc-card {cls}" style="color:{colour}" role="img"'
        f' aria-label="{html.escape(card_name(card))}">{html.escape(card.symbol)}</span>'
    )


def cards_html(cards: Iterable[Card], *, label: str = "", four_colour: bool | None = None) -> str:
    """A row of cards, sorted by suit and rank (high first), with an optional label."""
    ordered = sorted(cards, key=lambda c: (c.index >> 4, -(c.index & 15)))
    inner = "".join(card_html(c, four_colour=four_colour) for c in ordered)
    lab = f'<span class="tc-label">{html.escape(label)}</span>' if label else ""
    return f'<div class="tc-row">{lab}{inner or "<em>no cards</em>"}</div>'


def trick_html(trick: Trick, *, four_colour: bool | None = None) -> str:
    """A trick in play order, naming who led and who won."""
    inner = "".join(card_html(c, four_colour=four_colour) for c in trick.cards)
    won = f" won by seat {trick.winner}: {html.escape(trick.reason)}" if trick.winner is not None else ""
    return (f'{_STYLE}<div class="tc-row"><span class="tc-label">led by seat {trick.leader}'
            f"</span>{inner}{won}</div>")


def state_html(state: HandState, *, four_colour: bool | None = None) -> str:
    """A deal in progress: trump, every seat's cards, bids and tricks, and the trick on the table."""
    trump = state.trump
    turn = state.deal.turn_up
    head = f"Trumps: {trump.symbol} {_SUIT_WORDS[trump]}" if trump is not None else "No trumps"
    if turn is not None:
        head += f" (turned: {card_html(turn, four_colour=four_colour)})"
    rows = [f"<p>{state.ruleset.name}, {state.hand_size} cards each, dealer seat {state.dealer}."
            f" {head}</p>"]
    for seat in range(state.players):
        bid = state.bids[seat]
        label = f"Seat {seat}" + (f" bid {bid}" if bid is not None else "")
        label += f", won {state.tricks_won[seat]}"
        rows.append(cards_html(state.hand(seat), label=label, four_colour=four_colour))
    if state.current.cards:
        rows.append(trick_html(state.current, four_colour=four_colour))
    return _STYLE + "".join(rows)


def deal_html(deal: Deal, *, four_colour: bool | None = None) -> str:
    """A deal as dealt: every seat's cards, the turn-up and trumps, the kitty if any."""
    rows = [f"<p>Dealer: seat {deal.dealer}; {deal.hand_size} cards each."]
    if deal.turn_up is not None:
        rows.append(f" Turned up: {card_html(deal.turn_up, four_colour=four_colour)}")
    if deal.trump is not None:
        rows.append(f" Trumps: {deal.trump.symbol} {_SUIT_WORDS[deal.trump]}.")
    rows.append("</p>")
    for seat in range(deal.players):
        rows.append(cards_html(deal.hand(seat), label=f"Seat {seat}", four_colour=four_colour))
    if deal.kitty:
        rows.append(cards_html(deal.kitty, label="Kitty", four_colour=four_colour))
    return _STYLE + "".join(rows)


def _register() -> None:
    from trickcore.cards import Hand
    from trickcore.dealing import Deal
    from trickcore.notebook import register_html
    from trickcore.state import HandState, Trick

    register_html(Card, card_html)
    register_html(Hand, cards_html)
    register_html(Deal, deal_html)
    register_html(Trick, trick_html)
    register_html(HandState, state_html)


_register()

"""Cards as HTML: one card, a row of cards, face-down backs, and the words and colours they use.

Suits always carry their symbol, so colour is never the only cue.  The default is the two-colour
pack (black spades and clubs, red hearts and diamonds); :func:`set_four_colour` switches to the
four-colour pack (spades black, hearts red, diamonds blue, clubs green), which is easier to read
for many colour-blind readers.

>>> print(card_html(Card.parse("TH")))
<span class="tc-card tc-h" style="color:#c0001a" role="img" aria-label="10 of hearts">10♥</span>
>>> print(cards_html(Card.parse(c) for c in ("2D", "AS")))
<div class="tc-row"><span class="tc-card tc-s" style="color:#1a1a1a" role="img" aria-label="ace of spades">A♠</span><span class="tc-card tc-d" style="color:#c0001a" role="img" aria-label="2 of diamonds">2♦</span></div>
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

from trickcore.cards import COPY_OFFSET, Card, Suit
from trickcore.cards.names import card_name as _card_name
from trickcore.i18n import _, ngettext

__all__ = [
    "COLOUR_ORDER",
    "STYLE",
    "SUIT_WORDS",
    "back_html",
    "backs_html",
    "card_css",
    "card_html",
    "card_name",
    "cards_html",
    "colour_order",
    "set_four_colour",
    "suit_colour",
    "suit_order",
]

_TWO_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c0001a", Suit.DIAMONDS: "#c0001a",
               Suit.CLUBS: "#1a1a1a"}
_FOUR_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c0001a", Suit.DIAMONDS: "#0050b0",
                Suit.CLUBS: "#00703c"}
_JOKER_COLOUR = "#6a1b9a"
_settings = {"four_colour": False}

#: Each suit's name in English words: ``SUIT_WORDS[Suit.HEARTS] == "hearts"`` (in the reader's
#: language: :func:`trickcore.cards.suit_name`).
SUIT_WORDS: dict[Suit, str] = {Suit.SPADES: "spades", Suit.HEARTS: "hearts",
                               Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}

#: Suits in the order a row shows them when colours alternate (black, red, black, red).
COLOUR_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)

_CARD_CSS = (
    ".tc-card{display:inline-block;min-width:2.2em;padding:.15em .3em;margin:.1em;"
    "border:1px solid #888;border-radius:.3em;background:#fff;font:600 1em/1.3 sans-serif;"
    "text-align:center}"
)
_BACK_CSS = (".tc-back{background:repeating-linear-gradient(45deg,#335 0 4px,#557 4px"
             " 8px);color:#fff}")


def card_css(*, label_width: str = "6em", backs: bool = False) -> str:
    """The CSS rules (no ``<style>`` tag) for cards, rows and row labels; with ``backs``, also
    the face-down card's pattern.  ``label_width`` is the least width of a row's label."""
    return (_CARD_CSS + (_BACK_CSS if backs else "") + ".tc-row{margin:.2em 0}"
            f".tc-label{{display:inline-block;min-width:{label_width};padding-right:.4em;"
            "font:0.9em sans-serif}")


#: The ``<style>`` element that the notebook HTML of deals, tricks and states starts with.
STYLE = f"<style>{card_css()}</style>"


def set_four_colour(on: bool = True) -> None:
    """Use the four-colour pack (``True``) or the usual two colours (``False``) from now on."""
    _settings["four_colour"] = on


def card_name(card: Card, *, article: bool = False) -> str:
    """The card in words, for screen readers: ``"10 of hearts"``, ``"joker"``, in the reader's
    language (French ``"10 de cœur"``; with ``article``, ``"le 10 de cœur"``).

    >>> from trickcore import i18n
    >>> with i18n.language("fr"):
    ...     card_name(Card.parse("QS")), card_name(Card.parse("TH"), article=True)
    ('dame de pique', 'le 10 de cœur')
    """
    return _card_name(card, article=article)


def suit_colour(card: Card, four_colour: bool | None = None) -> str:
    """The colour a card is drawn in (the joker is purple), as a CSS hex colour.

    >>> suit_colour(Card.parse("4D")), suit_colour(Card.parse("4D"), four_colour=True)
    ('#c0001a', '#0050b0')
    """
    four = _settings["four_colour"] if four_colour is None else four_colour
    if card.suit is None:
        return _JOKER_COLOUR
    return (_FOUR_COLOUR if four else _TWO_COLOUR)[card.suit]


def card_html(card: Card, *, four_colour: bool | None = None) -> str:
    """One card as an HTML span with its suit symbol, colour and an accessible name."""
    colour = suit_colour(card, four_colour)
    cls = "tc-jk" if card.suit is None else "tc-" + card.suit.letter.lower()
    return (
        f'<span class="tc-card {cls}" style="color:{colour}" role="img"'
        f' aria-label="{html.escape(card_name(card))}">{html.escape(card.symbol)}</span>'
    )


def suit_order(card: Card) -> tuple[int, int]:
    """Sort key: suit by suit (♠ ♥ ♦ ♣, jokers last), high cards first.

    >>> [c.code for c in sorted(map(Card.parse, ("2C", "JK", "AD", "KS")), key=suit_order)]
    ['KS', 'AD', '2C', 'JK']

    A second copy (two packs) sorts beside its first copy.
    """
    index = card.index - COPY_OFFSET if card.copy else card.index
    return index >> 4, -(index & 15)


def colour_order(card: Card) -> tuple[int, int]:
    """Sort key: jokers first, then ♠ ♥ ♣ ♦ (the colours alternate), high cards first.

    >>> [c.code for c in sorted(map(Card.parse, ("2C", "JK", "AD", "KS")), key=colour_order)]
    ['JK', 'KS', '2C', 'AD']
    """
    if card.suit is None:
        return (-1, 0)
    return (COLOUR_ORDER.index(card.suit), -int(card.rank) if card.rank is not None else 0)


def cards_html(cards: Iterable[Card], *, label: str = "", four_colour: bool | None = None,
               order: Callable[[Card], Any] | None = suit_order, inline: bool = False) -> str:
    """A row of cards, sorted by ``order`` (:func:`suit_order` by default; ``None`` keeps the
    order given), with an optional label.

    The row is a block (``<div class="tc-row">``) to stand on a line of its own, or, with
    ``inline``, a span (``<span class="tc-hand">``) to sit in a sentence or a table cell.

    >>> print(cards_html([], inline=True))
    <span class="tc-none">no cards</span>
    """
    items = sorted(cards, key=order) if order is not None else list(cards)
    inner = "".join(card_html(c, four_colour=four_colour) for c in items)
    lab = f'<span class="tc-label">{html.escape(label)}</span>' if label else ""
    none = html.escape(_("no cards"))
    if inline:
        if not items:
            return f'{lab}<span class="tc-none">{none}</span>'
        return f'<span class="tc-hand">{lab}{inner}</span>'
    return f'<div class="tc-row">{lab}{inner or f"<em>{none}</em>"}</div>'


def back_html(label: str | None = None) -> str:
    """One face-down card: hidden from screen readers, or an image named ``label``."""
    speech = ('aria-hidden="true"' if label is None
              else f'role="img" aria-label="{html.escape(label)}"')
    return f'<span class="tc-card tc-back" {speech}>&nbsp;</span>'


def backs_html(count: int, *, label: str = "") -> str:
    """A row of ``count`` face-down cards, spoken as a count (after the label, if any).

    >>> print(backs_html(1, label="kitty"))
    <div class="tc-row" role="img" aria-label="kitty: 1 face-down card"><span class="tc-label">kitty</span><span class="tc-card tc-back" aria-hidden="true">&nbsp;</span></div>
    """
    words = ngettext("{count} face-down card", "{count} face-down cards", count).format(
        count=count)
    backs = back_html() * count
    lab = f'<span class="tc-label">{html.escape(label)}</span>' if label else ""
    spoken = html.escape(_("{label}: {words}").format(label=label, words=words) if label
                         else words)
    empty = "<em>" + html.escape(_("no cards")) + "</em>"
    return (f'<div class="tc-row" role="img" aria-label="{spoken}">'
            f"{lab}{backs or empty}</div>")

"""Card faces as inline SVG: a rounded card, the rank in two corners, a large suit symbol.

The faces and the suit symbols are the project's own drawing (simple paths written here, no
third-party card art and no font for the suits), so they scale to any size and read at phone
size.  The colours are the ones :func:`~trickcore.display.cards.suit_colour` gives (two or four
colours); the two jokers differ (a filled star and "Jkr", an open star and "Jk2").  Each face
is an image with a name for screen readers, in the reader's language.

>>> from trickcore.cards import Card
>>> svg = card_svg(Card.parse("QS"))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'aria-label="queen of spades"' in svg
(True, True)
>>> 'role="img"' in back_svg("kitty"), face_data_uri(Card.parse("2H")).startswith("data:image/svg+xml,")
(True, True)
"""

from __future__ import annotations

import html

from trickcore.cards import JOKER_INDEX, Card, Suit
from trickcore.display.cards import card_name, suit_colour

__all__ = ["SUIT_PATHS", "back_svg", "card_svg", "face_data_uri", "suit_svg"]

#: Each suit as an SVG path in a 100 × 100 box (the project's own drawing).
SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: ("M50 92C22 68 4 52 6 30C8 12 30 4 42 16C46 20 49 25 50 30C51 25 54 20 58 16"
                  "C70 4 92 12 94 30C96 52 78 68 50 92Z"),
    Suit.DIAMONDS: "M50 4L88 50L50 96L12 50Z",
    Suit.SPADES: ("M50 4C30 30 6 44 6 64C6 80 24 88 38 78C40 76 43 73 45 70C44 80 40 88 32 96"
                  "H68C60 88 56 80 55 70C57 73 60 76 62 78C76 88 94 80 94 64C94 44 70 30 50 4Z"),
    Suit.CLUBS: ("M50 6A20 20 0 1 0 50 46A20 20 0 1 0 50 6Z"
                 "M28 36A20 20 0 1 0 28 76A20 20 0 1 0 28 36Z"
                 "M72 36A20 20 0 1 0 72 76A20 20 0 1 0 72 36Z"
                 "M57 36H43C44 72 40 86 32 96H68C60 86 56 72 57 36Z"),
}
_STAR = "M50 6L61 38H95L67 58L78 92L50 71L22 92L33 58L5 38H39Z"
_W, _H = 60, 84  # the card's box (a card is 5:7)
_NS = 'xmlns="http://www.w3.org/2000/svg"'


def _index(card: Card) -> str:
    """The rank as a corner shows it: ``Q``, ``10`` (French ``D``), ``Jkr``, ``Jk2``."""
    symbol = card.symbol
    return symbol if card.suit is None else symbol[: -len(card.suit.symbol)]


def suit_svg(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    """A suit symbol as an SVG ``<path>`` in a ``size`` square at ``(x, y)``.

    >>> suit_svg(Suit.DIAMONDS, 0, 0, 10, "#c0001a")
    '<path transform="translate(0 0) scale(0.1)" fill="#c0001a" d="M50 4L88 50L50 96L12 50Z"/>'
    """
    scale = f"{size / 100:g}"
    return (f'<path transform="translate({x:g} {y:g}) scale({scale})" fill="{html.escape(colour)}"'
            f' d="{SUIT_PATHS[suit]}"/>')


def _corner(card: Card, colour: str) -> str:
    index = html.escape(_index(card))
    size = 15 if len(index) < 3 else 11
    text = (f'<text x="4" y="16" font-family="Arial,Helvetica,sans-serif" font-weight="700"'
            f' font-size="{size}" fill="{colour}">{index}</text>')
    if card.suit is not None:
        text += suit_svg(card.suit, 4.5, 19, 11, colour)
    return text


def card_svg(card: Card, *, four_colour: bool | None = None, width: str | None = None,
             name: str | None = None) -> str:
    """``card``'s face as an inline ``<svg>`` image named for screen readers.

    ``width`` sets the drawn width (a CSS length; the height follows), ``name`` replaces the
    spoken name (the card's name in the reader's language, :func:`card_name`).

    >>> from trickcore import i18n
    >>> with i18n.language("fr"):
    ...     'aria-label="dame de pique"' in card_svg(Card.parse("QS"))
    True
    """
    colour = suit_colour(card, four_colour)
    label = html.escape(card_name(card) if name is None else name)
    size = f' width="{html.escape(width)}"' if width else ""
    if card.suit is None:
        star = _STAR
        fill = colour if card.index == JOKER_INDEX else "none"
        middle = (f'<path transform="translate(12 22) scale(0.36)" fill="{fill}"'
                  f' stroke="{colour}" stroke-width="6" d="{star}"/>')
    else:
        middle = suit_svg(card.suit, 15, 27, 30, colour)
    corner = _corner(card, colour)
    return (f'<svg {_NS} viewBox="0 0 {_W} {_H}"{size} role="img" aria-label="{label}"'
            f' class="tc-face">'
            f'<rect x="0.75" y="0.75" width="{_W - 1.5}" height="{_H - 1.5}" rx="5"'
            ' fill="#fff" stroke="#777" stroke-width="1.5"/>'
            f'{corner}{middle}<g transform="rotate(180 {_W / 2:g} {_H / 2:g})">{corner}</g>'
            "</svg>")


def back_svg(label: str | None = None, *, width: str | None = None) -> str:
    """A face-down card: hidden from screen readers, or an image named ``label``.

    >>> 'aria-hidden="true"' in back_svg()
    True
    """
    speech = ('aria-hidden="true"' if label is None
              else f'role="img" aria-label="{html.escape(label)}"')
    size = f' width="{html.escape(width)}"' if width else ""
    return (f'<svg {_NS} viewBox="0 0 {_W} {_H}"{size} {speech} class="tc-face tc-face-back">'
            '<defs><pattern id="tcb" width="6" height="6" patternUnits="userSpaceOnUse"'
            ' patternTransform="rotate(45)"><rect width="3" height="6" fill="#557"/></pattern>'
            "</defs>"
            f'<rect x="0.75" y="0.75" width="{_W - 1.5}" height="{_H - 1.5}" rx="5"'
            ' fill="#335" stroke="#222" stroke-width="1.5"/>'
            f'<rect x="5" y="5" width="{_W - 10}" height="{_H - 10}" rx="3" fill="url(#tcb)"/>'
            "</svg>")


def face_data_uri(card: Card, *, four_colour: bool | None = None) -> str:
    """``card``'s face as a ``data:`` URI, for a CSS background (a button shows only text).

    The same picture as :func:`card_svg`, written shorter (the corner and the suit drawn once
    and reused, no name: the button carries it), since a hand sends one for each card."""
    colour = suit_colour(card, four_colour)
    index = html.escape(_index(card))
    size = 15 if len(index) < 3 else 11
    if card.suit is None:
        fill = colour if card.index == JOKER_INDEX else "none"
        pip, middle = "", (f'<path transform="translate(12 22) scale(0.36)" fill="{fill}"'
                           f' stroke="{colour}" stroke-width="6" d="{_STAR}"/>')
    else:
        pip = f'<path id="p" d="{SUIT_PATHS[card.suit]}"/>'
        middle = '<use href="#p" transform="translate(15 27) scale(.3)"/>'
        pip = (f"<defs>{pip}</defs>")
    corner = (f'<g id="c"><text x="4" y="16" font-family="Arial,sans-serif" font-weight="700"'
              f' font-size="{size}">{index}</text>'
              + ('<use href="#p" transform="translate(4.5 19) scale(.11)"/>' if pip else "")
              + "</g>")
    svg = (f'<svg {_NS} viewBox="0 0 {_W} {_H}" fill="{colour}">{pip}'
           f'<rect x=".75" y=".75" width="{_W - 1.5}" height="{_H - 1.5}" rx="5" fill="#fff"'
           f' stroke="#777" stroke-width="1.5"/>{corner}{middle}'
           f'<use href="#c" transform="rotate(180 {_W / 2:g} {_H / 2:g})"/></svg>')
    return "data:image/svg+xml," + _quote(svg)


#: The bytes a face's data address keeps as they are: urllib.parse.quote's unreserved
#: characters and `` =:/,;()`` (urllib.parse itself costs the live table's start).
_KEPT = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~ =:/,;()")


def _quote(text: str) -> str:
    """``text`` percent-encoded as ``urllib.parse.quote(text, safe=" =:/,;()")`` does.

    >>> _quote('<a b="#c">é')
    '%3Ca b=%22%23c%22%3E%C3%A9'
    """
    return "".join(chr(b) if b in _KEPT else f"%{b:02X}" for b in text.encode("utf-8"))

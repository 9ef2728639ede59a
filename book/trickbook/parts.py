"""The small parts every page builder uses: the players' names, a table, a row of cards,
counting words, and the values and meanings of the ruleset's options."""

from __future__ import annotations

import enum
import html
from collections.abc import Iterable, Iterator, Sequence

from trickcore.cards import Card
from trickcore.display import SEAT_NAMES, cards_html, colour_order, table_html
from trickcore.rules import (
    ScoringRule,
    option_docs,
)

from trickbook.i18n import N_, _, and_words, count, is_french, ordinal
from trickbook.render import macro

__all__ = [
    "PLAYER_NAMES",
    "TIMELINE",
    "cards_row",
]


class _Timeline(tuple[tuple[int, str], ...]):
    """Dated events whose labels are read in the reader's language each time they are listed."""

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return ((year, _(label)) for year, label in super().__iter__())


#: Dated events for the book's timeline (year, what happened), as dated by the sources in
#: docs/rules.md: The Sporting Magazine (1793), pagat's Five Hundred history, and Wikipedia's
#: summaries of the Oh Hell books.  A date the sources give loosely says so in its label
#: (Westall's "around 1930"; Walker Ultimate's 2005 rests on one unreliable scraped text).  The
#: labels come in the reader's language.  A book's year is that of the edition the sources cite,
#: not the year the game it describes began, and its label says so.
TIMELINE: tuple[tuple[int, str], ...] = _Timeline((
    (1793, N_("Humbug in The Sporting Magazine, London")),
    (1896, N_("Five Hundred rules in the 'Bijou' pack (USA)")),
    (1906, N_("the Avondale score table for Five Hundred")),
    (1930, N_("Oh! Well described by B. C. Westall, about this year")),
    (1939, N_("Phillips and Westall's book")),
    (2005, N_("Walker Ultimate 500, said to date from this year")),
    (2008, N_("Parlett's book (2008 edition), the source of British Oh Hell")),
    (2011, N_("Arnold's book (2011), the source of Contract Whist")),
))

#: Names for the seats in worked examples: seat 0 is Ann, seat 1 Ben, and so on clockwise.  They
#: are the display layer's names (:data:`trickcore.display.SEAT_NAMES`), so that the pages, the
#: demos and a notebook's output call a seat the same.
PLAYER_NAMES: tuple[str, ...] = SEAT_NAMES

def _e(text: object) -> str:
    return html.escape(str(text))


def _table(caption: str, head: Sequence[str], rows: Iterable[Sequence[str]], *,
           cls: str = "") -> str:
    """A table in a horizontally scrollable region that keyboard users can reach; its headers
    and cells are HTML already (:func:`trickcore.display.table_html`)."""
    return table_html(caption, head, rows, escape=False, cls=cls)


def cards_row(cards: Iterable[Card], *, sort: bool = True,
              four_colour: bool | None = None) -> str:
    """Cards side by side, to sit in a sentence or a table cell: sorted with the colours
    alternating (♠ ♥ ♣ ♦, the joker first), high first, unless ``sort`` is false
    (:func:`trickcore.display.cards_html`).

    >>> from trickcore.cards import parse_cards
    >>> cards_row(parse_cards("2D AS")).count("tc-card ")
    2
    """
    return cards_html(cards, order=colour_order if sort else None, inline=True,
                      four_colour=four_colour)


def _count(n: int, word: str) -> str:
    return count(n, word)


def _hand_sizes_text(sizes: Sequence[int]) -> str:
    return ", ".join(map(str, sizes))


def _ordinal(n: int) -> str:
    return ordinal(n)


def _and(names: Sequence[str]) -> str:
    return and_words(names)


def _field_docs() -> dict[str, str]:
    """The one-line meaning of each :class:`Ruleset` field (kept as data in the ruleset), in the
    reader's language."""
    return {name: doc.replace("``", "") for name, doc in option_docs(translated=True).items()}


def _value_html(value: object) -> str:
    """An option's value in a table cell: an engine value (``after-7``) is code, and a French
    page marks it as code (it is what a notebook passes to ``with_options``), not English."""
    if isinstance(value, enum.Enum | ScoringRule) and is_french():
        return str(macro("parts.html", "code", _value_text(value)))
    return _e(_value_text(value))


def _value_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, tuple):
        if not value:
            return _("none")
        if all(isinstance(p, tuple) and len(p) == 2 for p in value):
            return ", ".join(_("{n} players: {value}").format(n=a, value=b) for a, b in value)
        return ", ".join(map(str, value))
    return str(value)

"""The page builders' words in the reader's language: the ``trickbook`` catalogue.

Every sentence, header and label the page builders write goes through :func:`_` (or
:func:`ngettext` for a count), looked up in ``book/trickbook/locale/<lang>/LC_MESSAGES/
trickbook.po`` in trickcore's current language (:func:`trickcore.i18n.get_language`, set by
``TRICKCORE_LANG`` or :func:`trickcore.i18n.language`).  English is the source language.

>>> from trickcore.i18n import language
>>> with language("fr"):
...     _("The score for this deal"), count(2, "deal"), ordinal(1), and_words(["Ann", "Ben"])
('Le score de cette donne', '2 donnes', '1er', 'Ann et Ben')
>>> count(1, "trick"), ordinal(13), number(0.75, 2)
('1 trick', '13th', '0.75')
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from trickcore import i18n as _core
from trickcore.cards import Card, Suit
from trickcore.i18n import N_, catalogue, format_decimal, format_percent, get_language
from trickcore.rules import Ruleset

__all__ = [
    "LOCALE_DIR",
    "N_",
    "_",
    "and_words",
    "card_symbol",
    "count",
    "is_french",
    "ngettext",
    "number",
    "or_words",
    "ordinal",
    "percent",
    "source",
    "suit_word",
    "title",
]

#: Where the page builders' catalogue lives.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
_CATALOGUE = catalogue("trickbook", LOCALE_DIR)


def _(message: str) -> str:
    """``message`` in the current language (itself in English)."""
    return _CATALOGUE.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for ``n``, in the current language."""
    return _CATALOGUE.ngettext(singular, plural, n)


def is_french() -> bool:
    """True when the pages are being written in French."""
    return get_language() == "fr"


def count(n: int, word: str) -> str:
    """``n`` and a noun (``deal``, ``card``, ``trick`` or ``pile``), singular or plural."""
    if word == "deal":
        text = ngettext("{n} deal", "{n} deals", n)
    elif word == "card":
        text = ngettext("{n} card", "{n} cards", n)
    elif word == "trick":
        text = ngettext("{n} trick", "{n} tricks", n)
    else:
        raise ValueError(f"no counted word {word!r}")
    return text.format(n=n)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``13th``; in French ``1er``, ``2e``, ``13e``."""
    if is_french():
        return "1er" if n == 1 else f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def and_words(names: Sequence[str], *, serial: bool = False) -> str:
    """``Ann, Ben and Cleo`` (``Ann, Ben et Cleo``); with ``serial``, for items that hold an
    "and" themselves, ``a, b, and c`` in English (French has no serial comma)."""
    if len(names) <= 1:
        return "".join(names)
    if serial and len(names) > 2:
        return _("{first}, and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    return ", ".join(names[:-1]) + _(" and ") + names[-1]


def or_words(names: Sequence[str]) -> str:
    """``a or b`` (``a ou b``)."""
    return _(" or ").join(names)


_SUIT_WORDS = {Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
               Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs")}
_SUIT_WORD = {Suit.SPADES: N_("spade"), Suit.HEARTS: N_("heart"),
              Suit.DIAMONDS: N_("diamond"), Suit.CLUBS: N_("club")}


def suit_word(suit: Suit, *, plural: bool = True) -> str:
    """The suit's name: ``hearts`` (``cœur``), or ``heart`` with ``plural=False``."""
    return _((_SUIT_WORDS if plural else _SUIT_WORD)[suit])


_FRENCH_RANKS = str.maketrans({"K": "R", "Q": "D", "J": "V"})


def card_symbol(card: Card) -> str:
    """A card as the text shows it: ``Q♥``, ``10♠``; in French ``D♥`` (Roi, Dame, Valet).

    The card's code (``QH``) never changes; only the letter a reader sees does.
    """
    text = card.symbol
    if is_french() and not card.is_joker:
        text = text.translate(_FRENCH_RANKS)
    return text


#: The names of the book's own forms of Five Hundred (trickbook.five_hundred_answers), which
#: the engine's catalogue does not know, for this one.
FORM_NAMES = (N_("American Five Hundred"), N_("American Five Hundred with split colours"),
              N_("Walker Ultimate 500"), N_("Québec Five Hundred with the misère calls"))


def title(ruleset: Ruleset) -> str:
    """A variant's name for people, in the reader's language (``Ruleset.title`` where the
    engine has it: ``Cinq cents`` for ``Five Hundred``; the book's forms from this catalogue).

    >>> from trickbook.five_hundred_answers import FIVE_HUNDRED_FORMS
    >>> from trickcore.i18n import language
    >>> with language("fr"):
    ...     title(FIVE_HUNDRED_FORMS["american"])
    'Cinq cents américain'
    """
    shown = getattr(ruleset, "title", None)
    return _(shown if isinstance(shown, str) else ruleset.name)


def source(ruleset: Ruleset) -> str:
    """The rule book a variant follows, in the reader's language (the registry's sources are
    trickcore's words, in its catalogue; a book's own form may have its source in this one).

    >>> from trickcore.i18n import language
    >>> from trickcore.rules.registry import get_variant
    >>> with language("fr"):
    ...     source(get_variant("contract-whist"))
    'Arnold, 2011 (d’après Wikipédia)'
    """
    text = ruleset.source
    if not text:
        return text  # an empty message would translate to the catalogue's header
    shown = _core._(text)
    return shown if shown != text else _(text)


def number(value: float, places: int) -> str:
    """A decimal number in the reader's way (``0.75``, ``0,75``)."""
    return format_decimal(value, places)


def percent(fraction: float, places: int = 1) -> str:
    """A percentage in the reader's way (``12.5%``, ``12,5 %``)."""
    return format_percent(fraction, places)

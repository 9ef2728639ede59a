"""Messages for people, in the reader's language: English by default, French on request.

Every sentence trickcore writes for a person (the rules in words, an error's message, a bot's
reason, a widget's label, the command line's help and output) goes through a catalogue here.
The catalogues are standard gettext files: ``trickcore/locale/<lang>/LC_MESSAGES/<domain>.po``,
compiled to ``.mo`` beside them by ``scripts/compile_catalogues.py`` (a unit test checks that
every ``.mo`` matches its ``.po``).  English is the source language, so it needs no catalogue.

The language comes from ``TRICKCORE_LANG`` (``fr``, ``fr_CA.UTF-8``, ``en``...) when trickcore
is imported, and :func:`set_language` changes it for the whole process.  Exception types,
record fields, card codes and deal codes never change with the language.

>>> from trickcore import i18n
>>> with i18n.language("fr"):
...     i18n.get_language(), i18n.format_decimal(0.25, 2)
('fr', '0,25')
>>> i18n.format_decimal(1234.5, 1, language="en")
'1,234.5'
>>> i18n.set_language("de")
Traceback (most recent call last):
...
trickcore.i18n.UnknownLanguageError: 'de' is not a language trickcore speaks: expected one of en, fr
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "Catalogue",
    "UnknownLanguageError",
    "_",
    "catalogue",
    "format_decimal",
    "format_percent",
    "get_language",
    "language",
    "ngettext",
    "normalize_language",
    "pgettext",
    "set_language",
]

#: The languages trickcore speaks; the first is the source language of every message.
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"
#: Where trickcore's own catalogues live.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


#: The longest locale name read (``fr_CA.UTF-8@euro`` is 16 characters).
_MAX_LOCALE_NAME = 64


class UnknownLanguageError(ValueError, LookupError):
    """A language code that trickcore has no catalogue for."""


def normalize_language(code: str) -> str | None:
    """The language of a locale name (``fr_CA.UTF-8`` -> ``fr``), or None if trickcore lacks it
    (or ``code`` is not text, or is not a locale name at all).

    >>> normalize_language("fr_CA.UTF-8"), normalize_language("EN"), normalize_language("de")
    ('fr', 'en', None)
    >>> normalize_language(b"fr"), normalize_language("fr\\x00"), normalize_language(3)
    (None, None, None)
    """
    if not isinstance(code, str) or len(code) > _MAX_LOCALE_NAME or not code.isprintable():
        return None
    base = code.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def _language_from_environment() -> str:
    return normalize_language(os.environ.get("TRICKCORE_LANG", "")) or DEFAULT_LANGUAGE


_current = _language_from_environment()


def get_language() -> str:
    """The language of trickcore's messages now: ``"en"`` or ``"fr"``.

    >>> import trickcore as tc
    >>> with language("fr"):
    ...     tc.get_language()
    'fr'
    """
    return _current


def set_language(code: str | None = None) -> str:
    """Speak ``code`` from now on (``None``: ``TRICKCORE_LANG`` again); returns the language.

    Raises :class:`~trickcore.i18n.UnknownLanguageError` (and changes nothing) for a language
    without a catalogue, and for anything that is not a locale name (bytes, a number, text with
    a control character).

    >>> import trickcore as tc
    >>> tc.set_language("fr_CA"), tc.get_language()
    ('fr', 'fr')
    >>> tc.set_language("en")
    'en'
    """
    global _current
    if code is None:
        _current = _language_from_environment()
        return _current
    chosen = normalize_language(code)
    if chosen is None:
        try:
            shown = repr(code)
        except ValueError:  # a whole number of more than 4,300 digits
            shown = f"a {type(code).__name__} too long to show"
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise UnknownLanguageError(
            f"{shown} is not a language trickcore speaks: expected one of {', '.join(LANGUAGES)}"
        )
    _current = chosen
    return _current


@contextmanager
def language(code: str) -> Iterator[str]:
    """Speak ``code`` inside a ``with`` block, then the language before it."""
    before = _current
    chosen = set_language(code)
    try:
        yield chosen
    finally:
        set_language(before)


_cache: dict[tuple[str, str, str], _gettext.NullTranslations] = {}


def _translations(domain: str, localedir: Path, lang: str) -> _gettext.NullTranslations:
    key = (domain, str(localedir), lang)
    found = _cache.get(key)
    if found is None:
        if lang == DEFAULT_LANGUAGE:
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(domain, localedir, languages=[lang], fallback=True)
        _cache[key] = found
    return found


class Catalogue:
    """One gettext domain, looked up in the current language at every call.

    >>> ui = catalogue("trickcore")
    >>> ui.gettext("no such message")
    'no such message'
    """

    __slots__ = ("domain", "localedir")

    def __init__(self, domain: str, localedir: Path | str = LOCALE_DIR) -> None:
        self.domain = domain
        self.localedir = Path(localedir)

    def gettext(self, message: str) -> str:
        """``message`` in the current language (itself where the catalogue lacks it)."""
        return _translations(self.domain, self.localedir, _current).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n``, in the current language."""
        return _translations(self.domain, self.localedir, _current).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in ``context`` (for a word with two meanings), in the current language."""
        return _translations(self.domain, self.localedir, _current).pgettext(context, message)


def catalogue(domain: str, localedir: Path | str = LOCALE_DIR) -> Catalogue:
    """The catalogue of ``domain`` (a page builder passes its own ``localedir``)."""
    return Catalogue(domain, localedir)


_core = Catalogue("trickcore")
#: ``_("...")``: a message of trickcore's own catalogue in the current language.
_: Callable[[str], str] = _core.gettext
ngettext: Callable[[str, str, int], str] = _core.ngettext
#: ``pgettext("phase", "joker")``: a word with two meanings, told apart by its context.
pgettext: Callable[[str, str], str] = _core.pgettext


def N_(message: str) -> str:
    """Mark a message for the catalogue without translating it yet (for module constants).

    Translate it where it is shown: ``_(CONSTANT)``.
    """
    return message


def format_decimal(value: float, places: int, *, language: str | None = None) -> str:
    """``value`` with ``places`` decimals, in the reader's way of writing numbers.

    French writes a decimal comma and groups thousands with a narrow no-break space.

    >>> format_decimal(-12345.678, 2, language="fr")
    '-12\\u202f345,68'
    >>> format_decimal(3, 0, language="fr")
    '3'
    """
    lang = _current if language is None else (normalize_language(language) or DEFAULT_LANGUAGE)
    text = f"{value:,.{places}f}"
    if lang == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


def format_percent(fraction: float, places: int = 1, *, language: str | None = None) -> str:
    """``fraction`` as a percentage: ``12.5%`` in English, ``12,5 %`` in French.

    >>> format_percent(0.125, language="fr"), format_percent(0.125, language="en")
    ('12,5\\u202f%', '12.5%')
    """
    lang = _current if language is None else (normalize_language(language) or DEFAULT_LANGUAGE)
    number = format_decimal(100 * fraction, places, language=lang)
    return f"{number}\u202f%" if lang == "fr" else f"{number}%"

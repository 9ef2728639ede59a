"""Options: change a ruleset's rules by name, with values as Python or as text (the command line),
and read each rule's one-line meaning, kept as data with its field.

>>> from trickcore.rules.registry import get_variant
>>> with_options(get_variant("oh-hell"), {"hook": "false"}).hook
False
>>> option_doc("target")
'The score that ends a ``target`` game.'
"""

from __future__ import annotations

import dataclasses
import enum
import reprlib
from collections.abc import Mapping
from typing import Any

from trickcore.arguments import given, instance
from trickcore.errors import RulesetError, UnknownOptionError
from trickcore.files import load_json
from trickcore.i18n import _
from trickcore.rules.enums import Scoring
from trickcore.rules.ruleset import Ruleset
from trickcore.rules.scoring import ScoringRule, parse_scoring

__all__ = ["FIVE_HUNDRED_OPTIONS", "family_options", "option_doc", "option_docs",
           "option_family", "option_names", "options_of", "with_options"]

_NOT_OPTIONS = frozenset({"key", "name", "family", "aliases", "source"})


def option_doc(name: str, *, translated: bool = False) -> str:
    """The one-line meaning of a :class:`Ruleset` field (an option, or ``key``, ``name``, ...).

    The meaning is kept in English, the source text; with ``translated`` it comes in the
    reader's language (:mod:`trickcore.i18n`), for a page or a table that shows it to people.

    >>> option_doc("hook")
    'The dealer may not bid the number that makes the bids total the hand size.'
    >>> from trickcore import i18n
    >>> with i18n.language("fr"):
    ...     option_doc("deck", translated=True), option_doc("deck")
    ('Le jeu de cartes.', 'The pack.')
    """
    for field in dataclasses.fields(Ruleset):
        if field.name == name:
            return _meaning(field, translated)
    raise UnknownOptionError(_("{name!r} is not a field of Ruleset").format(name=name))


def option_docs(*, translated: bool = False) -> dict[str, str]:
    """Every :class:`Ruleset` field's one-line meaning, in field order (in English, or with
    ``translated`` in the reader's language, as :func:`option_doc`)."""
    return {field.name: _meaning(field, translated) for field in dataclasses.fields(Ruleset)}


def _meaning(field: dataclasses.Field[Any], translated: bool) -> str:
    doc: str = field.metadata.get("doc", "")
    # An empty message would translate to the catalogue's header.
    return _(doc) if translated and doc else doc


def option_family(name: str) -> str:
    """The family that alone uses an option (``"five-hundred"``), or "" for every family.

    >>> option_family("six_bids"), option_family("target")
    ('five-hundred', '')
    """
    for field in dataclasses.fields(Ruleset):
        if field.name == name and name not in _NOT_OPTIONS:
            family: str = field.metadata.get("family", "")
            return family
    raise UnknownOptionError(_("{name!r} is not an option").format(name=name))


def family_options(family: str) -> tuple[str, ...]:
    """The options only ``family`` uses, in the order of their definitions.

    >>> family_options("five-hundred")[:3]
    ('dead_hand', 'table_piles', 'two_hand_form')
    """
    return tuple(f.name for f in dataclasses.fields(Ruleset)
                 if f.metadata.get("family", "") == family and f.name not in _NOT_OPTIONS)


def option_names() -> tuple[str, ...]:
    """The names that :func:`with_options` accepts (every rule field of :class:`Ruleset`).

    >>> option_names()[:4], "key" in option_names()
    (('players', 'deck', 'cards_removed', 'schedule'), False)
    """
    return tuple(f.name for f in dataclasses.fields(Ruleset) if f.name not in _NOT_OPTIONS)


#: The options that only Five Hundred uses (:func:`family_options`).
FIVE_HUNDRED_OPTIONS = frozenset(family_options("five-hundred"))

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlevel = 3


class _Shown:
    """A value as an error message quotes it (``{value!r}``): cut short, never deeply nested
    (a value from the command line or a record may be long, or nest a thousand levels)."""

    def __init__(self, value: Any) -> None:
        self.text = given(value).rsplit(" (", 1)[0] if isinstance(value, int) else _REPR.repr(value)

    def __repr__(self) -> str:
        return self.text


def _shown(value: Any) -> _Shown:
    return _Shown(value)


#: The largest number a per-player-count table or a player count may hold (no pack has more
#: cards): larger values are refused before any arithmetic is done with them.
_MAX_TABLE_NUMBER = 1_000
#: The longest text option (a trick call such as ``10NT``, a joker's name) and the most entries
#: of a trump rotation.
_MAX_TEXT = 40
#: The longest value an option is read from (a list of hand sizes is a few hundred characters).
MAX_OPTION_CHARS = 2_000


def _whole(value: Any) -> int | None:
    """``value`` as a whole number from 0 to ``_MAX_TABLE_NUMBER``: an int (not a bool) or
    digits as text (a JSON object's keys); None for anything else (a float, null, NaN...)."""
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) <= 4:
        value = int(value.strip())
    if type(value) is not int or not 0 <= value <= _MAX_TABLE_NUMBER:
        return None
    return value


def _count_table(pairs: list[tuple[Any, Any]]) -> tuple[tuple[int, int], ...] | None:
    """``(players, number)`` pairs as whole numbers, sorted (None if one is not one)."""
    out = []
    for count, number in pairs:
        n, v = _whole(count), _whole(number)
        if n is None or v is None or isinstance(number, str):
            return None
        out.append((n, v))
    return tuple(sorted(out))


def _scoring(value: Any) -> Any:
    """A ``scoring`` value: a scheme's name, a house scoring (its text form, a mapping of its
    numbers or a :class:`ScoringRule`)."""
    if isinstance(value, ScoringRule | Scoring):
        return value
    if isinstance(value, str):
        try:
            return Scoring(value.strip().lower())
        except ValueError:
            if "=" in value:
                return parse_scoring(value)
        choices = ", ".join(member.value for member in Scoring)
        raise RulesetError(_("option scoring: {value!r} is not one of {choices}, nor a house "
                             "scoring such as exact=10,trick=1,off=-1").format(
                                 value=_shown(value), choices=choices))
    if isinstance(value, Mapping) and 0 < len(value) <= 20:
        terms = [f"{k}={v}" for k, v in value.items() if isinstance(k, str) and type(v) is int]
        if len(terms) == len(value):
            return parse_scoring(",".join(terms))
    raise RulesetError(_("option scoring: expected a scheme's name or a house scoring such as "
                         "exact=10,trick=1,off=-1, got {value!r}").format(value=_shown(value)))


def _convert(field: dataclasses.Field[Any], value: Any) -> Any:
    name = field.name
    default = field.default
    if name == "scoring":
        return _scoring(value)
    if isinstance(value, str) and isinstance(default, bool):
        lowered = value.strip().lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RulesetError(_("option {name}: expected true or false, got {value!r}").format(
                               name=name, value=_shown(value)))
    if isinstance(value, str) and not isinstance(default, str | enum.Enum):
        text = value.strip()
        try:  # bounded before it is parsed: a value is a few words or numbers
            value = load_json(text, what=_("option {name}").format(name=name),
                              max_bytes=MAX_OPTION_CHARS, max_depth=8, error=RulesetError)
        except RulesetError as error:  # not JSON, too long, too deep
            if len(text) > MAX_OPTION_CHARS:
                raise error from None
            if isinstance(default, tuple):
                value = text.replace(",", " ").split()
            else:
                raise RulesetError(_("option {name}: cannot read {value!r}").format(
                                       name=name, value=_shown(value))) from None
    if isinstance(default, enum.Enum):
        enum_type = type(default)
        try:
            return enum_type(str(value) if isinstance(value, int) else value)
        except ValueError:
            choices = ", ".join(member.value for member in enum_type)
            raise RulesetError(_("option {name}: {value!r} is not one of {choices}").format(
                                   name=name, value=_shown(value), choices=choices)) from None
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesetError(_("option {name}: expected true or false, got {value!r}").format(
                                   name=name, value=_shown(value)))
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(_("option {name}: expected a whole number, got {value!r}").format(
                                   name=name, value=_shown(value)))
        return value
    if name in ("cards_removed", "hand_sizes"):
        pairs: list[tuple[Any, Any]] | None = None
        if isinstance(value, Mapping):
            pairs = list(value.items())
        elif isinstance(value, list | tuple) and all(
            isinstance(p, list | tuple) and len(p) == 2 for p in value
        ):
            pairs = [(a, b) for a, b in value]
        table = None if pairs is None else _count_table(pairs)
        if table is None:
            raise RulesetError(_("option {name}: expected a mapping of player counts to whole "
                                 "numbers, e.g. {{\"6\": 8}}").format(name=name))
        return table
    if name == "players":
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if isinstance(value, list | tuple) and value and all(
            type(v) is int and 0 <= v <= _MAX_TABLE_NUMBER for v in value
        ):
            return tuple(sorted(set(value)))
        raise RulesetError(_("option players: expected a list of player counts, got {value!r}").format(
                               value=_shown(value)))
    if isinstance(default, str):
        if not isinstance(value, str):
            raise RulesetError(_("option {name}: expected text, got {value!r}").format(
                                   name=name, value=_shown(value)))
        if len(value) > _MAX_TEXT:
            raise RulesetError(_("option {name}: expected at most {most} characters, got "
                                 "{count:,}").format(name=name, most=_MAX_TEXT, count=len(value)))
        return value
    if name == "trump_rotation":
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if (isinstance(value, list | tuple) and len(value) <= _MAX_TEXT
                and all(isinstance(v, str) and len(v) <= 2 for v in value)):
            return tuple(v.upper() for v in value)
        raise RulesetError(_("option trump_rotation: expected a list such as S H D C NT"))
    raise RulesetError(_("option {name}: cannot be set").format(name=name))  # pragma: no cover


def with_options(ruleset: Ruleset, options: Mapping[str, Any]) -> Ruleset:
    """A copy of ``ruleset`` with some rules changed, values given as Python or as text.

    Text values are read as the command line gives them (``"false"``, ``"12"``,
    ``'{"6": 8}'``).  An unknown option raises :class:`UnknownOptionError` listing the valid
    names; a value that does not fit raises :class:`RulesetError`.

    >>> from trickcore.rules.registry import get_variant
    >>> with_options(get_variant("oh-hell"), {"scoring": "simple"}).scoring
    <Scoring.SIMPLE: 'simple'>
    >>> with_options(get_variant("oh-hell"), {"hooks": True})
    Traceback (most recent call last):
    ...
    trickcore.errors.UnknownOptionError: 'hooks' is not an option; did you mean 'hook'? The options are: players, deck, cards_removed, ...
    """
    instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'), say)")
    fields = {f.name: f for f in dataclasses.fields(Ruleset) if f.name not in _NOT_OPTIONS}
    changes: dict[str, Any] = {}
    if not isinstance(options, Mapping):
        raise RulesetError(_("options must be a mapping of option names to values, not "
                             "{value!r}").format(value=_shown(options)))
    for raw_name, value in options.items():
        name = raw_name.replace("-", "_") if isinstance(raw_name, str) else ""
        if name not in fields:
            if not isinstance(raw_name, str):
                raise UnknownOptionError(_("{raw_name!r} is not an option name: an option is "
                                           "named by text").format(raw_name=_shown(raw_name)))
            import difflib  # only to suggest a name: it costs the live table's start

            close = difflib.get_close_matches(name, list(fields), n=1)
            hint = _("; did you mean {name!r}?").format(name=close[0]) if close else "."
            raise UnknownOptionError(
                _("{raw_name!r} is not an option{hint} The options are: {value}").format(
                    raw_name=raw_name, hint=hint, value=', '.join(fields))
            )
        changes[name] = _convert(fields[name], value)
    # Per-player-count tables change only the counts given, and forget counts that can no
    # longer play.
    players = changes.get("players", ruleset.players)
    for table in ("hand_sizes", "cards_removed"):
        merged = {n: v for n, v in getattr(ruleset, table) if n in players}
        merged.update(dict(changes.get(table, ())))
        changes[table] = tuple(sorted(merged.items()))
    return dataclasses.replace(ruleset, **changes)


def _jsonable(value: Any) -> Any:
    if isinstance(value, enum.Enum | ScoringRule):
        return value.value
    if isinstance(value, tuple):
        if value and all(isinstance(p, tuple) and len(p) == 2 for p in value):
            return {str(a): b for a, b in value}
        return [_jsonable(v) for v in value]
    return value


def options_of(ruleset: Ruleset, base: Ruleset) -> dict[str, Any]:
    """The options in which ``ruleset`` differs from ``base``, as JSON-ready values.

    ``with_options(base, options_of(r, base)) == r`` for every ruleset ``r`` built from ``base``.
    """
    out: dict[str, Any] = {}
    for name in option_names():
        value = getattr(ruleset, name)
        if value != getattr(base, name):
            out[name] = (list(ruleset.rotation_codes) if name == "trump_rotation"
                         else _jsonable(value))
    return out

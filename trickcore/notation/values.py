"""The values a game record may hold: whole numbers that are whole numbers, short plain text.

A record is JSON, and JSON would let ``15.0`` or ``true`` stand where a count belongs (Python
finds ``15.0 == 15`` and ``True == 1``); :func:`check_values` refuses them before the replay
compares anything, as it refuses numbers and texts too large for any record to need.

>>> check_values({"deals": [{"dealer": 1, "tricks_won": [3, 2.0]}]})
Traceback (most recent call last):
...
trickcore.errors.RecordError: deals, 1, tricks_won, 2: 2.0 is not a whole number (a record counts in whole numbers)
>>> check_values({"deals": [{"winner": True}]})
Traceback (most recent call last):
...
trickcore.errors.RecordError: deals, 1, winner: true stands where a number or a name belongs (only 'made' and the options are true or false)
>>> check_values({"deals": [{"tricks": [{"winner": "1\\n2"}]}]})
Traceback (most recent call last):
...
trickcore.errors.RecordError: deals, 1, tricks, 1, winner: a text holding the control character U+000A, which no record holds
"""

from __future__ import annotations

import unicodedata
from typing import Any

from trickcore.errors import RecordError
from trickcore.i18n import _

__all__ = ["MAX_RECORD_DEPTH", "MAX_RECORD_INT", "MAX_RECORD_TEXT", "check_values"]

#: How deeply a record's JSON may nest (records nest 5 deep; Python's parser gives up near 1000).
MAX_RECORD_DEPTH = 50

#: The largest whole number a record may hold (a seed of 63 bits; every count is far smaller).
MAX_RECORD_INT = 2**63 - 1
#: The longest text a record may hold (a variant's key, a card or call code, an option's value).
MAX_RECORD_TEXT = 200
#: The keys whose values are true or false: a deal's ``made``, and every option (whose values
#: ``with_options`` checks one by one).
_BOOLEAN_KEYS = frozenset({"made", "options"})
#: The bidirectional controls, which reorder the text around them on screen.
_BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _control(text: str) -> str | None:
    """The first character of ``text`` that no record holds (a line break, a tab or another
    control, a line or paragraph separator, a bidirectional control), as ``U+XXXX``; else None.

    >>> _control("JK1"), _control("7S\\n"), _control("A\\u202eB")
    (None, 'U+000A', 'U+202E')
    """
    for char in text:
        if char in _BIDI or unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return f"U+{ord(char):04X}"
    return None


def _where(path: tuple[Any, ...]) -> str:
    return ", ".join(str(p + 1) if isinstance(p, int) else
                     (str(p)[:40] if _control(str(p)) is None else "?") for p in path) or "record"


def _refuse_controls(where: tuple[Any, ...], text: str) -> None:
    found = _control(text)
    if found is not None:
        raise RecordError(_("{where}: a text holding the control character {code}, which no "
                            "record holds").format(where=_where(where), code=found))


def check_values(data: Any) -> None:
    """Raise :class:`~trickcore.errors.RecordError` at the first value no record holds: a
    fractional number (or ``NaN``, an infinity), a boolean outside ``made`` and the options,
    a whole number beyond 63 bits, a text (or a key) over ``MAX_RECORD_TEXT`` characters.
    Iterative, so any depth is safe (the record's depth is bounded before this is called)."""
    stack: list[tuple[Any, tuple[Any, ...], bool]] = [(data, (), False)]
    while stack:
        item, path, booleans = stack.pop()
        if len(path) >= MAX_RECORD_DEPTH:
            raise RecordError(_("the record nests deeper than {max_record_depth} levels").format(
                                  max_record_depth=MAX_RECORD_DEPTH))
        if isinstance(item, bool):
            if not booleans:
                raise RecordError(_("{where}: {value} stands where a number or a name belongs "
                                    "(only 'made' and the options are true or false)").format(
                                      where=_where(path), value=str(item).lower()))
        elif isinstance(item, float):
            raise RecordError(_("{where}: {value} is not a whole number (a record counts in "
                                "whole numbers)").format(where=_where(path), value=item))
        elif isinstance(item, int):
            if abs(item) > MAX_RECORD_INT:
                raise RecordError(_("{where}: a number of {digits} digits is larger than any "
                                    "record holds").format(where=_where(path),
                                                           digits=len(str(abs(item)))))
        elif isinstance(item, str):
            if len(item) > MAX_RECORD_TEXT:
                raise RecordError(_("{where}: a text of {count:,} characters is longer than any "
                                    "record holds ({most})").format(
                                      where=_where(path), count=len(item), most=MAX_RECORD_TEXT))
            _refuse_controls(path, item)
        elif isinstance(item, dict):
            for key, value in item.items():
                if isinstance(key, str) and len(key) > MAX_RECORD_TEXT:
                    raise RecordError(_("{where}: a key of {count:,} characters is longer than "
                                        "any record holds ({most})").format(
                                          where=_where(path), count=len(key),
                                          most=MAX_RECORD_TEXT))
                if isinstance(key, str):
                    _refuse_controls((*path, key), key)
                stack.append((value, (*path, key), booleans or key in _BOOLEAN_KEYS))
        elif isinstance(item, list | tuple):
            stack.extend((value, (*path, i), booleans) for i, value in enumerate(item))

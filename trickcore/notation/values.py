"""The values a game record may hold: whole numbers that are whole numbers, text of a sane length.

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
"""

from __future__ import annotations

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


def _where(path: tuple[Any, ...]) -> str:
    return ", ".join(str(p + 1) if isinstance(p, int) else str(p)[:40] for p in path) or "record"


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
        elif isinstance(item, dict):
            for key, value in item.items():
                if isinstance(key, str) and len(key) > MAX_RECORD_TEXT:
                    raise RecordError(_("{where}: a key of {count:,} characters is longer than "
                                        "any record holds ({most})").format(
                                          where=_where(path), count=len(key),
                                          most=MAX_RECORD_TEXT))
                stack.append((value, (*path, key), booleans or key in _BOOLEAN_KEYS))
        elif isinstance(item, list | tuple):
            stack.extend((value, (*path, i), booleans) for i, value in enumerate(item))

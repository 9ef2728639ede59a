"""One pasted line of a class's results: a result code, with the student's name before or after it.

A class sends its codes through a chat, a form or a shared document, and each student's line often
carries a name: ``Alice: TT2-...``, ``Alice - TT2-...``, ``Alice<TAB>TT2-...`` (a spreadsheet's
columns), ``TT2-... (Chloé)``, ``TT2-... [Chloé]``, ``TT2-..., Chloé``, or a chat's own
``[10:32] Alice: TT2-...``.  :func:`split_result_line` finds the code (from ``TTn-`` to the first
character a code cannot hold) and takes the rest, on one side of it, as the name:

- the separators around a name are dropped (spaces and tabs, ``: - – — , ; | =``), and the
  brackets or quotes around it (``( ) [ ] { } « » " "`` ...), and a chat's time stamp
  before it (``[10:32]``, ``10:32:05``);
- whatever a name holds is kept as text (accents, any script); invisible control characters are
  dropped, runs of spaces become one, and the name is written in Unicode's composed form (NFC);
- a name longer than :data:`MAX_NAME_CHARS` characters is cut there, and ``…`` marks the cut.

A line with text on both sides of its code, with two codes, or with a name and no code is refused,
saying so (:class:`ResultLineError`); a line with no name is a code alone, as before.  Nothing
here is markup: the page that shows a name escapes it.

>>> split_result_line("Alice: TT2-humbug-2-7.AQID")
ResultLine(name='Alice', code='TT2-humbug-2-7.AQID')
>>> split_result_line("TT2-humbug-2-7.AQID (Chloé)")
ResultLine(name='Chloé', code='TT2-humbug-2-7.AQID')
>>> split_result_line("TT2-humbug-2-7.AQID").name is None
True
>>> split_result_line("Alice:")
Traceback (most recent call last):
...
trickcore.notation.result_lines.ResultLineError: 'Alice:' has no result code: a result code starts with TT2- (a name alone is not a result)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from trickcore.errors import ResultCodeError
from trickcore.i18n import _
from trickcore.notation.result_codes import VERSION, ClassResult, decode_result

__all__ = ["MAX_NAME_CHARS", "ResultLine", "ResultLineError", "read_result_line",
           "split_result_line"]

#: The longest name kept (characters, after tidying): a longer one is cut there and ends in "…".
MAX_NAME_CHARS = 40

#: A code's start: ``TT`` and a version number, then ``-`` (not inside a longer word).
_START = re.compile(r"(?<![A-Za-z0-9])[Tt][Tt][0-9]{1,4}-")
#: What a code may hold after its start (URL-safe base64, a deal code and the dot between).
_CODE_CHARS = re.compile(r"[A-Za-z0-9._-]*")
#: The separators between a name and its code.
_SEPARATORS = " \t:-\u2013\u2014,;|=\u00a0\u202f\u2009"
#: Pairs of brackets or quotes around a name.
_PAIRS = {"(": ")", "[": "]", "{": "}", "\u00ab": "\u00bb", '"': '"', "'": "'",
          "\u201c": "\u201d", "\u2018": "\u2019", "\uff08": "\uff09", "\u3010": "\u3011"}
#: A chat's time stamp before the name: ``[10:32]``, ``10:32:05``, ``(10:32)``.
_STAMP = re.compile(r"^[\[(]?[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?[\])]?\s*")
#: How much of a refused line its error repeats.
_SHOWN = 40


class ResultLineError(ResultCodeError):
    """A pasted line that is not a result code with, at most, a name on one side of it."""

    reason = "line"


@dataclass(frozen=True)
class ResultLine:
    """A pasted line, split: the student's name (None if the line had none) and the code."""

    name: str | None
    code: str


def _cut(text: str) -> str:
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "..."


def _tidy(text: str) -> str:
    """The name as shown: controls dropped, spaces collapsed, composed (NFC), cut at
    :data:`MAX_NAME_CHARS` (with ``…`` at the cut)."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or not unicodedata.category(ch).startswith("C"))
    text = " ".join(text.split())
    if len(text) > MAX_NAME_CHARS:
        text = text[:MAX_NAME_CHARS - 1].rstrip() + "\u2026"
    return text


def _name(text: str, before: bool) -> str:
    """What is left of the text beside a code once its separators, brackets and time stamp go."""
    text = text.strip(_SEPARATORS + "\r\n\f\v")
    if before:
        text = _STAMP.sub("", text).strip(_SEPARATORS)
    while len(text) >= 2 and _PAIRS.get(text[0]) == text[-1]:
        text = text[1:-1].strip(_SEPARATORS)
    return _tidy(text)


def split_result_line(line: str) -> ResultLine:
    """The name (or None) and the code of one pasted line; :class:`ResultLineError` if the line
    has no code, two codes, or text on both sides of its code.  A line without ``TTn-`` but all in
    a code's characters (``hello``, ``TX2-abc``) is left to :func:`decode_result`, which says
    what is wrong with it as a code.

    >>> split_result_line("[10:32] Zoë Ødegård — tt2-humbug-2-7.AQID")
    ResultLine(name='Zoë Ødegård', code='tt2-humbug-2-7.AQID')
    >>> split_result_line("TT2-humbug-2-7.AQID\\t李小龍").name
    '李小龍'
    >>> split_result_line("Alice TT2-a.AQID Bob")
    Traceback (most recent call last):
    ...
    trickcore.notation.result_lines.ResultLineError: this line has text on both sides of its result code ('Alice' and 'Bob'): put the name on one side only
    """
    text = str(line).strip()
    found = _START.search(text)
    if found is None:
        if _CODE_CHARS.fullmatch(text) or not text:
            return ResultLine(None, text)  # a code spoilt, or a word: decode_result says why
        raise ResultLineError(_(
            "{text!r} has no result code: a result code starts with {version}- (a name alone"
            " is not a result)").format(text=_cut(text), version=VERSION))
    rest = _CODE_CHARS.match(text, found.end())
    end = found.end() if rest is None else rest.end()
    code, head, tail = text[found.start():end], text[:found.start()], text[end:]
    if _START.search(tail):
        raise ResultLineError(_("this line has two result codes: put each code on a line of"
                                " its own"))
    before, after = _name(head, True), _name(tail, False)
    if before and after:
        raise ResultLineError(_(
            "this line has text on both sides of its result code ({before!r} and {after!r}):"
            " put the name on one side only").format(before=_cut(before), after=_cut(after)))
    return ResultLine(before or after or None, code)


def read_result_line(line: str) -> tuple[str | None, ClassResult]:
    """The name on a pasted line (or None) and its code read (:func:`decode_result`, whose
    errors it raises, as it does :class:`ResultLineError`)."""
    parts = split_result_line(line)
    return parts.name, decode_result(parts.code)

"""Reading and writing files as the tools people trust do: one home for each of these habits.

- :func:`write_atomic`: every file trickcore writes goes to a temporary file beside it, which
  then replaces the old one, so a failure part-way (a full disk, an interrupt) leaves the old
  file whole and no half-written one.
- :func:`decode_text`: input read as UTF-8 past a byte-order mark; any newline convention (the
  readers split lines with :meth:`str.splitlines`, which knows them all).
- :func:`load_json`: JSON bounded in size and in depth *before* it is parsed, so a file of
  100,000 nested arrays is one line of refusal, not a :class:`RecursionError`.

>>> load_json('\\ufeff{"a": [1, 2]}', what="the manifest")
{'a': [1, 2]}
>>> load_json("[" * 100_000 + "]" * 100_000, what="the manifest")
Traceback (most recent call last):
...
trickcore.errors.TrickcoreError: the manifest nests deeper than 64 levels
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from trickcore.errors import TrickcoreError
from trickcore.i18n import _

__all__ = ["MAX_JSON_BYTES", "MAX_JSON_DEPTH", "decode_text", "json_depth", "load_json",
           "write_atomic"]

#: The largest JSON text read by default (a study's manifest or chunk is a few kilobytes).
MAX_JSON_BYTES = 16_000_000
#: The deepest JSON read by default (a record nests about eight levels).
MAX_JSON_DEPTH = 64

_BOM = "\ufeff"
#: A JSON string (its brackets are no nesting), or one bracket.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def decode_text(data: bytes | str) -> str:
    """``data`` as text: UTF-8 (raising :class:`UnicodeDecodeError`), without a leading
    byte-order mark.

    >>> decode_text(b"\\xef\\xbb\\xbfTT2-abc\\r\\nTT2-def\\r"), decode_text("\\ufeffx")
    ('TT2-abc\\r\\nTT2-def\\r', 'x')
    """
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    return text[1:] if text.startswith(_BOM) else text


def json_depth(text: str) -> int:
    """How deeply the JSON ``text`` nests, found without parsing it (brackets inside strings
    do not count).

    >>> json_depth('{"a": [[1], "[[["]}'), json_depth("3")
    (3, 0)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(0, *itertools.accumulate(map(_STEP.__getitem__, brackets)))


def load_json(data: bytes | str, *, what: str, max_bytes: int = MAX_JSON_BYTES,
              max_depth: int = MAX_JSON_DEPTH,
              error: type[TrickcoreError] = TrickcoreError) -> Any:
    """The JSON value of ``data``, refused with one line (an ``error``, which names ``what``)
    when it is over ``max_bytes``, nests deeper than ``max_depth``, is not UTF-8 or is not
    JSON.  A byte-order mark is skipped.

    >>> load_json(b"[1, 2", what="the chunk")
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: the chunk is not valid JSON: Expecting ',' delimiter: line 1 column 6 (char 5)
    """
    if len(data) > max_bytes:
        raise error(_("{what} is too large: over {most:,} bytes").format(what=what,
                                                                          most=max_bytes))
    try:
        text = decode_text(data)
    except UnicodeDecodeError as problem:
        raise error(_("{what} is not UTF-8 text (byte {byte})").format(
            what=what, byte=problem.start)) from None
    if json_depth(text) > max_depth:
        raise error(_("{what} nests deeper than {depth} levels").format(what=what,
                                                                         depth=max_depth))
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(_("{what} is not valid JSON: {why}").format(what=what,
                                                                why=problem)) from None
    except (ValueError, RecursionError) as problem:  # an integer of more than 4,300 digits
        raise error(_("{what} is not valid JSON: {why}").format(
            what=what, why=str(problem).split(";")[0])) from None


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through a temporary file in the same
    folder, flushed to the disk and then renamed over ``path``: a failure at any point leaves
    the old file as it was (and no temporary file).  Raises :class:`OSError`.

    A new file gets the permissions an ordinary one would (``0o666`` less the umask); a
    replaced one keeps its own.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "result.json", '{"ok": 1}\\n')
    >>> (folder / "result.json").read_text(), sorted(p.name for p in folder.iterdir())
    ('{"ok": 1}\\n', ['result.json'])
    """
    target = Path(path)
    body = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                     suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(body)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's umask (read from /proc where there is one: setting it to read it back
    would race with other threads)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    return 0o022

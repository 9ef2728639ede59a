"""Result codes: a finished hand as a short text a student sends to the teacher (no server).

A result code is the hand's game record (``trickcore-record/1``, the match up to and including
the hand) and the seat the student played, as compact JSON, compressed with zlib, followed by a
CRC-32 checksum, written in the URL-safe base64 alphabet (``A-Z a-z 0-9 - _``) after a version
prefix: ``TT1-...``.  Reading one back checks everything: the prefix, the alphabet, the
checksum, the size (a code and what it unpacks to are bounded), and the record itself, replayed
through the engine by :func:`~trickcore.notation.replay.replay_record`.

>>> from trickcore.players.heuristic import HeuristicBot
>>> from trickcore.notation.codes import match_from_code
>>> match = match_from_code("humbug-2-7")
>>> match.play([HeuristicBot(), HeuristicBot()])
>>> code = encode_result(match, seat=1)
>>> code[:4], len(code) < 1000
('TT1-', True)
>>> result = decode_result(code)
>>> result.seat, result.deal_code, result.state.tricks_won == match.deals[-1].tricks_won
(1, 'humbug-2-7', True)
>>> decode_result(code[:-3] + ("AAA" if code[-3:] != "AAA" else "BBB"))
Traceback (most recent call last):
...
trickcore.notation.result_codes.ChecksumError: the result code's checksum does not match: a character was changed or lost (copy the whole code again)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.errors import CardCodeError, RecordError, ResultCodeError
from trickcore.i18n import _
from trickcore.notation.codes import deal_code
from trickcore.notation.records import match_record
from trickcore.notation.replay import MAX_RECORD_DEPTH, _depth, replay_record

__all__ = [
    "MAX_RESULT_CODE_CHARS",
    "MAX_RESULT_PAYLOAD_BYTES",
    "VERSION",
    "BadAlphabetError",
    "ChecksumError",
    "ClassResult",
    "NotARecordError",
    "TooLongError",
    "VersionError",
    "decode_result",
    "encode_result",
]

#: The prefix of every code this module writes.
VERSION = "TT1"
#: The longest code read (a whole 4-player Oh Hell match of 13 deals takes about 3,500).
MAX_RESULT_CODE_CHARS = 12_000
#: The most a code may unpack to (bounds a "zip bomb").
MAX_RESULT_PAYLOAD_BYTES = 200_000

_PREFIX = re.compile(r"^([A-Za-z]{2})([0-9]{1,4})-")
_BODY = re.compile(r"[A-Za-z0-9_-]*")


class BadAlphabetError(ResultCodeError):
    """A code that is not ``TTn-`` followed by URL-safe base64 (or is cut too short)."""

    reason = "malformed"


class VersionError(ResultCodeError):
    """A code of a version this trickcore does not read."""

    reason = "version"


class ChecksumError(ResultCodeError):
    """A code whose checksum does not match: a character was changed or lost."""

    reason = "checksum"


class TooLongError(ResultCodeError):
    """A code (or what it unpacks to) over the size limits."""

    reason = "length"


class NotARecordError(ResultCodeError):
    """A code whose contents are not a finished hand's record the engine accepts."""

    reason = "record"


@dataclass(frozen=True)
class ClassResult:
    """One decoded result: the match replayed up to the student's hand, and their seat."""

    match: Match
    seat: int
    record: dict[str, Any]

    @property
    def state(self) -> HandState:
        """The student's hand: the last deal of the record."""
        return self.match.deals[-1]

    @property
    def deal_number(self) -> int:
        """The hand's deal number in its match (1-based)."""
        return len(self.match.deals)

    @property
    def deal_code(self) -> str | None:
        """The hand's deal code (None for a record without a seed)."""
        seed = self.match.seed
        if seed is None:
            return None
        try:
            return deal_code(self.match.ruleset.key, self.match.players, seed, self.deal_number)
        except CardCodeError:
            return None


def _checksum(data: bytes) -> bytes:
    return zlib.crc32(data).to_bytes(4, "big")


def encode_result(match: Match, seat: int) -> str:
    """The result code of ``match``'s last deal (finished), played by the student at ``seat``.

    >>> from trickcore.notation.codes import match_from_code
    >>> encode_result(match_from_code("humbug-2-7"), 0)
    Traceback (most recent call last):
    ...
    trickcore.errors.ResultCodeError: no result code: the match has no finished deal yet
    """
    if not match.deals or not match.deals[-1].is_over:
        raise ResultCodeError(_("no result code: the match has no finished deal yet"))
    if type(seat) is not int or not 0 <= seat < match.players:
        raise ResultCodeError(_("no result code: seat {seat!r} is not a seat of the table").format(
                                  seat=seat))
    payload = {"seat": seat, "record": match_record(match)}
    text = json.dumps(payload, separators=(",", ":")).encode()
    packed = zlib.compress(text, 9)
    body = base64.urlsafe_b64encode(packed + _checksum(packed)).decode().rstrip("=")
    code = f"{VERSION}-{body}"
    if len(code) > MAX_RESULT_CODE_CHARS or len(text) > MAX_RESULT_PAYLOAD_BYTES:
        raise TooLongError(_("no result code: the record is too long ({count:,} characters, the "
                             "limit is {max_result_code_chars:,})").format(
                               count=len(code), max_result_code_chars=MAX_RESULT_CODE_CHARS))
    return code


def _unpack(code: object) -> bytes:
    """The JSON bytes inside a code, after every check but the record's."""
    if not isinstance(code, str):
        raise BadAlphabetError(_("{code!r} is not a result code: expected text such as TT1-eNq...").format(
                                   code=code))
    text = "".join(code.split())  # a chat or a form may wrap a long code over lines
    if len(text) > MAX_RESULT_CODE_CHARS:
        raise TooLongError(_("the result code is too long: {count:,} characters, the limit is "
                             "{max_result_code_chars:,}").format(
                               count=len(text), max_result_code_chars=MAX_RESULT_CODE_CHARS))
    found = _PREFIX.match(text)
    if found is None:
        shown = text[:12] + ("..." if len(text) > 12 else "")
        raise BadAlphabetError(_("{shown!r} is not a result code: a result code starts with "
                                 "{version}-").format(
                                   shown=shown, version=VERSION))
    if found.group(1).upper() != VERSION[:2]:
        raise BadAlphabetError(_("{value!r} is not a result code: a result code starts with "
                                 "{version}-").format(
                                   value=found.group(0), version=VERSION))
    if found.group(0)[:-1].upper() != VERSION:
        raise VersionError(_("{value!r} is not a result code version this trickcore reads: "
                             "expected {version}-...").format(
                               value=found.group(0)[:-1], version=VERSION))
    body = text[found.end():]
    valid = _BODY.match(body)
    if valid is None or valid.end() != len(body):
        where = 0 if valid is None else valid.end()
        raise BadAlphabetError(_("the result code has a character that cannot be in one: {body!r} "
                                 "(a code uses only letters, digits, - and _)").format(
                                   body=body[where]))
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise BadAlphabetError(_("the result code is cut short: a character was lost (copy the "
                                 "whole code again)")) from None
    if len(raw) < 5:
        raise BadAlphabetError(_("the result code is cut short: copy the whole code again"))
    packed, check = raw[:-4], raw[-4:]
    if _checksum(packed) != check:
        raise ChecksumError(_("the result code's checksum does not match: a character was changed "
                              "or lost (copy the whole code again)"))
    unpacker = zlib.decompressobj()
    try:
        data = unpacker.decompress(packed, MAX_RESULT_PAYLOAD_BYTES)
    except zlib.error as error:
        raise NotARecordError(_("the result code does not hold a record: {error}").format(
                                  error=error)) from None
    if unpacker.unconsumed_tail:
        raise TooLongError(_("the result code unpacks to more than {max_result_payload_bytes:,} "
                             "bytes").format(
                               max_result_payload_bytes=MAX_RESULT_PAYLOAD_BYTES))
    return data


def decode_result(code: str) -> ClassResult:
    """Read a result code back, checking it and replaying its record through the engine.

    Each problem has its own exception (all are :class:`~trickcore.errors.ResultCodeError`):

    >>> decode_result("hello")
    Traceback (most recent call last):
    ...
    trickcore.notation.result_codes.BadAlphabetError: 'hello' is not a result code: a result code starts with TT1-
    >>> decode_result("TT1-" + "A" * 20_000)
    Traceback (most recent call last):
    ...
    trickcore.notation.result_codes.TooLongError: the result code is too long: 20,004 characters, the limit is 12,000
    >>> import base64, zlib
    >>> packed = zlib.compress(b'{"seat": 0, "record": {}}')
    >>> body = base64.urlsafe_b64encode(packed + zlib.crc32(packed).to_bytes(4, "big"))
    >>> decode_result("TT1-" + body.decode().rstrip("="))
    Traceback (most recent call last):
    ...
    trickcore.notation.result_codes.NotARecordError: the result code's record is refused: unknown record format None; expected 'trickcore-record/1'
    """
    data = _unpack(code)
    try:
        payload = json.loads(data)
    except (ValueError, RecursionError):
        raise NotARecordError(_("the result code does not hold a record: its contents are not JSON")) from None
    if not isinstance(payload, Mapping) or set(payload) != {"seat", "record"}:
        raise NotARecordError(_("the result code does not hold a record: expected the seat and "
                                "the record"))
    record, seat = payload["record"], payload["seat"]
    try:
        if _depth(record) > MAX_RECORD_DEPTH:
            raise RecordError(_("the record nests deeper than {max_record_depth} levels").format(
                                  max_record_depth=MAX_RECORD_DEPTH))
        match = replay_record(record)
    except RecordError as error:
        raise NotARecordError(_("the result code's record is refused: {error}").format(error=error)) from None
    except RecursionError:
        raise NotARecordError(_("the result code's record nests too deeply")) from None
    if not match.deals or not match.deals[-1].is_over:
        raise NotARecordError(_("the result code's record has no finished hand"))
    if type(seat) is not int or not 0 <= seat < match.players:
        raise NotARecordError(_("the result code names seat {seat!r}, not a seat of its "
                                "{players}-player table").format(
                                  seat=seat, players=match.players))
    return ClassResult(match, seat, dict(record))

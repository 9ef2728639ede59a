"""Result codes: a finished hand as a short text a student sends to the teacher (no server).

A result code names the hand by its deal code and lists the student's seat and every choice of
the hand (each bid, call, discard and card, as its place among the legal choices at that
moment), closed with a CRC-32 checksum in the URL-safe base64 alphabet
(``A-Z a-z 0-9 - _``): ``TT2-oh-hell-4-2718-6.AQMC...``.  A 4-player hand of ten cards takes
about 90 characters, a whole Humbug deal about 100, and the teacher can read the deal at a
glance.  Reading one back checks everything: the prefix, the alphabet, the checksum, the deal
code, and each choice, replayed through the engine.

A hand that its deal code does not rebuild (a match without a seed, a ruleset with house
options, or a Five Hundred deal after a redeal) gets the older, longer form ``TT1-...``: the
whole match's game record (``trickcore-record/1``) up to the hand, compressed with zlib, replayed
by :func:`~trickcore.notation.replay.replay_record`.  Both forms are read.

>>> from trickcore.players.heuristic import HeuristicBot
>>> from trickcore.notation.codes import match_from_code
>>> match = match_from_code("humbug-2-7")
>>> match.play([HeuristicBot(), HeuristicBot()])
>>> code = encode_result(match, seat=1)
>>> code[:15], len(code) < 120
('TT2-humbug-2-7.', True)
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

from trickcore.cards import Card, Suit
from trickcore.engine.calls import Call
from trickcore.engine.events import (
    HAND,
    BidMade,
    CardPlayed,
    DiscardChosen,
    Discarded,
    JokerNamed,
    PartnerCalled,
)
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.errors import CardCodeError, RecordError, ResultCodeError, TrickcoreError
from trickcore.files import load_json
from trickcore.i18n import _
from trickcore.notation.codes import deal_code, read_deal_code, state_from_code
from trickcore.notation.records import card_code, match_record
from trickcore.notation.replay import MAX_RECORD_DEPTH, _depth, replay_record
from trickcore.rules import get_variant

__all__ = [
    "MAX_RESULT_CODE_CHARS",
    "MAX_RESULT_PAYLOAD_BYTES",
    "RECORD_VERSION",
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

#: The prefix of the short codes this module writes (a deal code and the hand's choices).
VERSION = "TT2"
#: The prefix of the long form: the whole match's record (written when no deal code fits).
RECORD_VERSION = "TT1"
_VERSIONS = (VERSION, RECORD_VERSION)
#: The longest code read (a whole 4-player Oh Hell match of 13 deals takes about 3,500).
MAX_RESULT_CODE_CHARS = 12_000
#: The most a code may unpack to (bounds a "zip bomb").
MAX_RESULT_PAYLOAD_BYTES = 200_000

_PREFIX = re.compile(r"^([A-Za-z]{2})([0-9]{1,4})-")
_BODY = re.compile(r"[A-Za-z0-9_-]*")
_DEAL_PART = re.compile(r"[A-Za-z0-9-]{1,60}")
#: The ``format`` of a short code's contents (:attr:`ClassResult.record`).
SHORT_FORMAT = "trickcore-result/2"


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
    """One decoded result: the student's hand (finished), their seat, and its deal code.

    ``record`` is what the code holds, as JSON-ready data: for a short code the deal code, the
    seat and the hand's choices in words; for a long one the match's game record.  ``match`` is
    the match replayed up to the hand (long codes only: a short code holds just the hand).
    """

    state: HandState
    seat: int
    deal_code: str | None
    record: dict[str, Any]
    match: Match | None = None

    @property
    def deal_number(self) -> int:
        """The hand's deal number in its match (1-based)."""
        if self.match is not None:
            return len(self.match.deals)
        return 1 if self.deal_code is None else read_deal_code(self.deal_code)[0].deal


def _checksum(data: bytes) -> bytes:
    return zlib.crc32(data).to_bytes(4, "big")


def _code_of_match(match: Match) -> str | None:
    """The deal code of the match's last deal (None for a match without a seed, or one with
    house options, which a deal code does not name)."""
    seed = match.seed
    if seed is None or match.ruleset != get_variant(match.ruleset.key):
        return None
    try:
        return deal_code(match.ruleset, match.players, seed, len(match.deals))
    except CardCodeError:
        return None


def _event_actions(state: HandState) -> list[Any] | None:
    """The actions that made ``state``'s events, in order, each as :meth:`HandState.apply`
    takes it (None if one cannot be told from its event)."""
    actions: list[Any] = []
    chosen: list[Card] = []
    for event in state.events:
        if isinstance(event, BidMade):
            actions.append(event.bid)
        elif isinstance(event, DiscardChosen):
            chosen.append(event.card)
            actions.append(event.card)
        elif isinstance(event, Discarded):
            rest = list(event.cards)
            for card in chosen:
                if card in rest:
                    rest.remove(card)
            if len(rest) != len(event.cards) - len(chosen):
                return None
            actions.extend(rest)
            chosen = []
        elif isinstance(event, PartnerCalled):
            actions.append(event.card)
        elif isinstance(event, JokerNamed):
            actions.append(event.suit)
        elif isinstance(event, CardPlayed):
            if event.revoke or event.source != HAND:
                return None
            actions.append(event.card if event.joker_suit is None
                           else (event.card, event.joker_suit))
    return actions


def _choice_index(legal: tuple[Any, ...], action: Any) -> int:
    """The place of ``action`` among the legal choices (-1 if it is not one of them)."""
    for index, choice in enumerate(legal):
        if choice == action:
            return index
    if isinstance(action, tuple):  # a suitless joker led naming a suit
        return -1
    for index, choice in enumerate(legal):  # the other copy of a card (two packs)
        if isinstance(choice, Card) and isinstance(action, Card) and choice.code == action.code:
            return index
    return -1


def _plain(state: HandState) -> list[Any]:
    """The state's events but the discards chosen one at a time (a discard made at once has
    none: the replay chooses the same cards one by one)."""
    return [event for event in state.events if not isinstance(event, DiscardChosen)]


def _short_code(match: Match, seat: int) -> str | None:
    """The short code of the match's last deal, or None when its deal code does not rebuild
    the hand exactly (then the long form is written)."""
    code = _code_of_match(match)
    if code is None:
        return None
    played = match.deals[-1]
    try:
        state = state_from_code(code)
    except TrickcoreError:
        return None
    if state.deal.hands != played.deal.hands or state.deal.dealer != played.deal.dealer:
        return None
    actions = _event_actions(played)
    if actions is None:
        return None
    choices = bytearray([seat])
    try:
        for action in actions:
            index = _choice_index(state.legal_actions, action)
            if not 0 <= index < 256:
                return None
            choices.append(index)
            state.apply(state.legal_actions[index])
    except TrickcoreError:
        return None
    if not state.is_over or _plain(state) != _plain(played):
        return None
    body = bytes(choices)
    check = _checksum(code.encode() + body)
    return f"{VERSION}-{code}.{base64.urlsafe_b64encode(body + check).decode().rstrip('=')}"


def encode_result(match: Match, seat: int, *, full: bool = False) -> str:
    """The result code of ``match``'s last deal (finished), played by the student at ``seat``.

    The short form (``TT2-``) when the hand's deal code rebuilds it; the long form (``TT1-``,
    the whole match's record) otherwise, or when ``full`` asks for it.

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
    if not full:
        short = _short_code(match, seat)
        if short is not None:
            return short
    payload = {"seat": seat, "record": match_record(match)}
    text = json.dumps(payload, separators=(",", ":")).encode()
    packed = zlib.compress(text, 9)
    body = base64.urlsafe_b64encode(packed + _checksum(packed)).decode().rstrip("=")
    code = f"{RECORD_VERSION}-{body}"
    if len(code) > MAX_RESULT_CODE_CHARS or len(text) > MAX_RESULT_PAYLOAD_BYTES:
        raise TooLongError(_("no result code: the record is too long ({count:,} characters, the "
                             "limit is {max_result_code_chars:,})").format(
                               count=len(code), max_result_code_chars=MAX_RESULT_CODE_CHARS))
    return code


def _split(code: object) -> tuple[str, str]:
    """The code's version (``TT1`` or ``TT2``) and the text after its prefix, once the prefix
    and the length are checked."""
    if not isinstance(code, str):
        raise BadAlphabetError(_("{code!r} is not a result code: expected text such as TT2-oh-hell-4-2718.AQ...").format(
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
    version = found.group(0)[:-1].upper()
    if version not in _VERSIONS:
        raise VersionError(_("{value!r} is not a result code version this trickcore reads: "
                             "expected {version}-...").format(
                               value=found.group(0)[:-1], version=VERSION))
    return version, text[found.end():]


def _bad_character(body: str, pattern: re.Pattern[str]) -> BadAlphabetError | None:
    """The error for the first character of ``body`` outside ``pattern`` (None if none)."""
    valid = pattern.match(body)
    if valid is not None and valid.end() == len(body):
        return None
    where = 0 if valid is None else valid.end()
    return BadAlphabetError(_("the result code has a character that cannot be in one: {body!r} "
                              "(a code uses only letters, digits, - and _)").format(
                                body=body[where]))


def _base64(body: str) -> bytes:
    """The bytes of a code's base64 part, at least five of them (else the code is cut short)."""
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise BadAlphabetError(_("the result code is cut short: a character was lost (copy the "
                                 "whole code again)")) from None
    if len(raw) < 5:
        raise BadAlphabetError(_("the result code is cut short: copy the whole code again"))
    return raw


def _unpack(body: str) -> bytes:
    """The JSON bytes inside a long code's body, after every check but the record's."""
    error = _bad_character(body, _BODY)
    if error is not None:
        raise error
    raw = _base64(body)
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


def _action_data(action: Any, state: HandState) -> Any:
    """An action as JSON-ready data: a bid, or a call's, card's or suit's code (None: no card,
    no suit; a suitless joker led naming a suit: the card's code and the suit's letter)."""
    ruleset = state.ruleset
    if isinstance(action, Card):
        return card_code(action, ruleset)
    if isinstance(action, Call):
        return action.code(ruleset)
    if isinstance(action, Suit):
        return action.letter
    if isinstance(action, tuple):
        return [_action_data(part, state) for part in action]
    return action


def _decode_short(body: str) -> ClassResult:
    """Read a short code's body (``DEAL-CODE.BASE64``) and replay the hand it names."""
    if "." not in body:
        raise BadAlphabetError(_("the result code is cut short: copy the whole code again"))
    code, rest = body.split(".", 1)
    for part, pattern in ((code, _DEAL_PART), (rest, _BODY)):
        error = _bad_character(part, pattern)
        if error is not None:
            raise error
    code = code.lower()
    raw = _base64(rest)
    choices, check = raw[:-4], raw[-4:]
    if _checksum(code.encode() + choices) != check:
        raise ChecksumError(_("the result code's checksum does not match: a character was changed "
                              "or lost (copy the whole code again)"))
    try:
        state = state_from_code(code)
    except TrickcoreError as error:  # a deal code refused, whichever rule it breaks
        raise NotARecordError(_("the result code's deal is refused: {error}").format(
                                  error=error)) from None
    seat = choices[0]
    if not 0 <= seat < state.players:
        raise NotARecordError(_("the result code names seat {seat!r}, not a seat of its "
                                "{players}-player table").format(
                                  seat=seat, players=state.players))
    taken: list[Any] = []
    for number, index in enumerate(choices[1:], start=1):
        legal = () if state.is_over else state.legal_actions
        if index >= len(legal):
            raise NotARecordError(_("the result code's choice {number} is not a legal one").format(
                                      number=number))
        taken.append(_action_data(legal[index], state))
        try:
            state.apply(legal[index])
        except TrickcoreError:  # a legal choice is always taken; never a traceback if not
            raise NotARecordError(_("the result code's choice {number} is not a legal one").format(
                                      number=number)) from None
    if not state.is_over:
        raise NotARecordError(_("the result code's record has no finished hand"))
    record = {"format": SHORT_FORMAT, "deal_code": code, "seat": seat, "choices": taken}
    return ClassResult(state, seat, code, record)


def decode_result(code: str) -> ClassResult:
    """Read a result code back, checking it and replaying its record through the engine.

    Each problem has its own exception (all are :class:`~trickcore.errors.ResultCodeError`):

    >>> decode_result("hello")
    Traceback (most recent call last):
    ...
    trickcore.notation.result_codes.BadAlphabetError: 'hello' is not a result code: a result code starts with TT2-
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
    version, body = _split(code)
    if version == VERSION:
        return _decode_short(body)
    data = _unpack(body)
    try:
        payload = load_json(data, what=_("its contents"), max_depth=MAX_RECORD_DEPTH + 1)
    except TrickcoreError as error:  # not JSON, or nested past any record
        raise NotARecordError(_("the result code does not hold a record: {error}").format(
                                  error=error)) from None
    if not isinstance(payload, Mapping) or set(payload) != {"seat", "record"}:
        raise NotARecordError(_("the result code does not hold a record: expected the seat and "
                                "the record"))
    record, seat = payload["record"], payload["seat"]
    try:
        if _depth(record) > MAX_RECORD_DEPTH:
            raise RecordError(_("the record nests deeper than {max_record_depth} levels").format(
                                  max_record_depth=MAX_RECORD_DEPTH))
        match = replay_record(record)
    except TrickcoreError as error:  # the record's error, or any rule the replay met
        raise NotARecordError(_("the result code's record is refused: {error}").format(error=error)) from None
    except RecursionError:
        raise NotARecordError(_("the result code's record nests too deeply")) from None
    if not match.deals or not match.deals[-1].is_over:
        raise NotARecordError(_("the result code's record has no finished hand"))
    if type(seat) is not int or not 0 <= seat < match.players:
        raise NotARecordError(_("the result code names seat {seat!r}, not a seat of its "
                                "{players}-player table").format(
                                  seat=seat, players=match.players))
    return ClassResult(match.deals[-1], seat, _code_of_match(match), dict(record), match)

"""A forged or damaged result code is a ResultCodeError, never another exception,
and reading one costs a bounded amount of work."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trickcore as tc
from trickcore.engine.turns import play_deal
from trickcore.errors import ResultCodeError
from trickcore.notation.result_codes import (
    NotARecordError,
    decode_result,
    encode_result,
)
from trickcore.players.random import RandomBot

CONFIGS = [("oh-hell", 4), ("humbug", 2), ("five-hundred", 4), ("five-hundred-2", 2),
           ("five-hundred-5", 5), ("up-and-down-the-river", 4)]


def _played(variant: str, players: int, seed: int) -> tc.Match:
    match = tc.Match(tc.get_variant(variant), players, seed)
    play_deal(match.next_deal(), [RandomBot(seed=seed + s) for s in range(players)])
    return match


CODES = {(key, full): encode_result(_played(key, n, 3), 0, full=full)
         for key, n in CONFIGS for full in (False, True)}
RECORDS = {key: _played(key, n, 3).record() for key, n in CONFIGS}


def _long(payload: Any) -> str:
    """A long code holding ``payload`` (any JSON), with a valid checksum."""
    packed = zlib.compress(json.dumps(payload).encode())
    body = base64.urlsafe_b64encode(packed + zlib.crc32(packed).to_bytes(4, "big"))
    return "TT1-" + body.decode().rstrip("=")


def _short(deal_code: str, choices: bytes) -> str:
    """A short code naming ``deal_code`` with the choices ``choices``, checksum valid."""
    check = zlib.crc32(deal_code.lower().encode() + choices).to_bytes(4, "big")
    return f"TT2-{deal_code}.{base64.urlsafe_b64encode(choices + check).decode().rstrip('=')}"


def _read(code: str) -> None:
    """Decode ``code``: a valid result, or a ResultCodeError; anything else fails the test."""
    try:
        result = decode_result(code)
    except ResultCodeError as error:
        message = str(error)
    else:
        message = ""
    if message:
        assert "\n" not in message
        return
    assert result.state.is_over
    assert 0 <= result.seat < result.state.players


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."


@settings(max_examples=150, deadline=None)
@given(code=st.sampled_from(sorted(CODES.values())), data=st.data())
def test_mutated_codes_are_read_or_refused(code: str, data: st.DataObject) -> None:
    """Flip, drop, insert characters, cut, and splice two codes."""
    kind = data.draw(st.sampled_from(["flip", "drop", "insert", "cut", "splice"]))
    at = data.draw(st.integers(0, len(code) - 1))
    if kind == "flip":
        code = code[:at] + data.draw(st.sampled_from(ALPHABET)) + code[at + 1:]
    elif kind == "drop":
        code = code[:at] + code[at + 1:]
    elif kind == "insert":
        code = code[:at] + data.draw(st.sampled_from(ALPHABET)) + code[at:]
    elif kind == "cut":
        code = code[:at]
    else:
        other = data.draw(st.sampled_from(sorted(CODES.values())))
        code = code[:at] + other[data.draw(st.integers(0, len(other) - 1)):]
    _read(code)


JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from([10**30, -(10**30)]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
    st.sampled_from(["AS", "JK", "JK1", "10NT", "pass", "7S", "S", "NT", "misere", "XX"]),
    st.just([]), st.just({}), st.just([[4, None]]), st.just({"4": 1.5}),
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out.extend(_paths(value, (*prefix, index)))
    return out


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return copy


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(RECORDS)), data=st.data())
def test_forged_long_codes_with_a_valid_checksum(key: str, data: st.DataObject) -> None:
    """A record with one value changed to anything JSON can hold, packed with a valid checksum."""
    record = RECORDS[key]
    path = data.draw(st.sampled_from(_paths(record)))
    forged = _replace(record, path, data.draw(JSON_LEAVES))
    _read(_long({"seat": data.draw(st.sampled_from([0, 1, -1, 1.0, True, None, 10**9])),
                 "record": forged}))


@settings(max_examples=150, deadline=None)
@given(deal_code=st.one_of(
           st.sampled_from(["oh-hell-4-2718-3", "humbug-2-7", "five-hundred-4-1",
                            "five-hundred-2-9-2", "oh-hell-99-1", "oh-hell-4-1-999999",
                            "oh-hell-4-" + "9" * 50, "nosuch-4-1", "oh-hell-0-1", "a-1-1"]),
           st.from_regex(r"[a-z0-9-]{1,40}", fullmatch=True)),
       choices=st.binary(min_size=1, max_size=300))
def test_forged_short_codes_with_a_valid_checksum(deal_code: str, choices: bytes) -> None:
    _read(_short(deal_code, choices))


@pytest.mark.parametrize("key", ["five-hundred", "oh-hell"])
@pytest.mark.parametrize("options", [
    {"hand_sizes": [[4, None]]}, {"hand_sizes": {"4": 1.5}}, {"hand_sizes": {"4": True}},
    {"players": [10**9]}, {"fixed_deals": 10**9}, {"max_deals": 1.0}, {"hook": "maybe"},
    {"table_piles": 1}, {"schedule": "up-down"}, {"trump_method": 5}, [1, 2], "x",
])
def test_forged_options_are_a_result_code_error(options: Any, key: str) -> None:
    """The tables and values that crashed the teacher's Class results page."""
    record = json.loads(json.dumps(RECORDS[key]))
    record["options"] = options
    with pytest.raises(NotARecordError):
        decode_result(_long({"seat": 0, "record": record}))


def test_a_code_asking_for_a_huge_table_is_refused_at_once() -> None:
    """Huge player counts, deal numbers and deal counts are refused before any work is done."""
    for code in ("oh-hell-100000000-1", "oh-hell-4-1-100000000", "oh-hell-4-" + "9" * 60):
        with pytest.raises(ResultCodeError):
            decode_result(_short(code, b"\x00" * 8))
    record = json.loads(json.dumps(RECORDS["oh-hell"]))
    record.update(players=10**12)
    with pytest.raises(NotARecordError):
        decode_result(_long({"seat": 0, "record": record}))
    record = json.loads(json.dumps(RECORDS["oh-hell"]))
    record["deals"] = record["deals"] * 5000
    with pytest.raises(ResultCodeError):
        decode_result(_long({"seat": 0, "record": record}))

"""Result codes (trickcore.notation.result_codes): a finished hand, compressed and checksummed."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trickcore as tc
from trickcore.cli import main
from trickcore.engine.turns import play_deal
from trickcore.errors import ResultCodeError
from trickcore.notation.result_codes import (
    MAX_RESULT_CODE_CHARS,
    MAX_RESULT_PAYLOAD_BYTES,
    BadAlphabetError,
    ChecksumError,
    NotARecordError,
    TooLongError,
    VersionError,
    decode_result,
    encode_result,
)
from trickcore.players.random import RandomBot

CONFIGS = [("oh-hell", 4), ("oh-pshaw", 3), ("contract-whist", 5), ("humbug", 2),
           ("five-hundred", 4), ("five-hundred-3", 3), ("up-and-down-the-river", 4)]


def played(variant: str, players: int, seed: int, deals: int) -> tc.Match:
    match = tc.Match(tc.get_variant(variant), players, seed)
    bots = [RandomBot(seed=seed + s) for s in range(players)]
    for _ in range(deals):
        if match.is_over:
            break
        play_deal(match.next_deal(), bots)
    return match


def pack(payload: bytes, version: str = "TT1") -> str:
    packed = zlib.compress(payload)
    body = base64.urlsafe_b64encode(packed + zlib.crc32(packed).to_bytes(4, "big"))
    return f"{version}-{body.decode().rstrip('=')}"


@settings(max_examples=40, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), deals=st.integers(1, 3),
       seat=st.integers(0, 7))
def test_round_trip(config: tuple[str, int], seed: int, deals: int, seat: int) -> None:
    variant, players = config
    match = played(variant, players, seed, deals)
    seat %= players
    code = encode_result(match, seat)
    assert code.startswith("TT1-")
    assert len(code) <= MAX_RESULT_CODE_CHARS
    assert set(code[4:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    result = decode_result(code)
    assert result.seat == seat
    assert result.record == tc.match_record(match)
    assert result.match.totals == match.totals
    assert result.state.tricks_won == match.deals[-1].tricks_won
    assert result.deal_code == tc.deal_code(variant, players, seed, len(match.deals))
    # wrapped over lines by a chat, it still reads
    assert decode_result("\n".join(code[i:i + 60] for i in range(0, len(code), 60))).seat == seat


def test_every_changed_character_is_caught() -> None:
    code = encode_result(played("humbug", 2, 5, 1), 0)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(4, len(code), 7):
        other = alphabet[(alphabet.index(code[i]) + 1) % 64]
        with pytest.raises(ResultCodeError):
            decode_result(code[:i] + other + code[i + 1:])


def test_errors_each_have_their_reason() -> None:
    code = encode_result(played("oh-hell", 4, 3, 1), 1)
    cases = [
        ("hello", BadAlphabetError),
        ("TT1-abc*def", BadAlphabetError),
        ("TT1-A", BadAlphabetError),
        ("TT2-" + code[4:], VersionError),
        (code[:-2] + ("AA" if code[-2:] != "AA" else "BB"), ChecksumError),
        ("TT1-" + "A" * (MAX_RESULT_CODE_CHARS + 1), TooLongError),
        (pack(b" " * (MAX_RESULT_PAYLOAD_BYTES + 10)), TooLongError),
        (pack(b"not json"), NotARecordError),
        (pack(b"[1, 2]"), NotARecordError),
        (pack(json.dumps({"seat": 0, "record": {"format": "nope"}}).encode()), NotARecordError),
    ]
    for text, error in cases:
        with pytest.raises(error) as caught:
            decode_result(text)
        assert caught.value.reason == error.reason
    assert {e.reason for _, e in cases} == {"malformed", "version", "checksum", "length",
                                            "record"}


def test_a_changed_record_is_refused_by_the_record_checker() -> None:
    match = played("oh-hell", 4, 8, 1)
    record = tc.match_record(match)
    record["deals"][0]["tricks_won"] = [9, 9, 9, 9]
    with pytest.raises(NotARecordError, match="record is refused"):
        decode_result(pack(json.dumps({"seat": 0, "record": record}).encode()))
    good = {"seat": 7, "record": tc.match_record(match)}
    with pytest.raises(NotARecordError, match="seat 7"):
        decode_result(pack(json.dumps(good).encode()))


def test_an_unfinished_hand_has_no_code() -> None:
    match = tc.match_from_code("humbug-2-7")
    match.next_deal()
    with pytest.raises(ResultCodeError):
        encode_result(match, 0)
    with pytest.raises(ResultCodeError):
        encode_result(played("humbug", 2, 7, 1), 2)


def test_the_command_line_reads_codes(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code = encode_result(played("humbug", 2, 5, 1), 1)
    assert main(["result-code", code]) == 0
    out = capsys.readouterr().out
    assert out.startswith("line 1: deal humbug-2-5, played from seat 1 (Ben)")
    path = tmp_path / "codes.txt"
    path.write_text(f"{code}\n\nTT1-broken\n", encoding="utf-8")
    assert main(["result-code", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out.count("line 1:") == 1
    assert captured.err.startswith("trickcore result-code: line 3: ")
    assert len(captured.err.strip().splitlines()) == 1
    assert main(["result-code", "--record", code]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "humbug"

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
    SHORT_FORMAT,
    BadAlphabetError,
    ChecksumError,
    NotARecordError,
    TooLongError,
    VersionError,
    decode_result,
    encode_result,
)
from trickcore.players.random import RandomBot
from trickcore.rules import with_options

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


def plain(state: tc.HandState) -> list[Any]:
    """The events of a hand, but the discards chosen one at a time (a replay chooses them so)."""
    return [e for e in state.events if type(e).__name__ != "DiscardChosen"]


def pack(payload: bytes, version: str = "TT1") -> str:
    packed = zlib.compress(payload)
    body = base64.urlsafe_b64encode(packed + zlib.crc32(packed).to_bytes(4, "big"))
    return f"{version}-{body.decode().rstrip('=')}"


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@settings(max_examples=40, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), deals=st.integers(1, 3),
       seat=st.integers(0, 7))
def test_round_trip(config: tuple[str, int], seed: int, deals: int, seat: int) -> None:
    variant, players = config
    match = played(variant, players, seed, deals)
    seat %= players
    hand = match.deals[-1]
    code = encode_result(match, seat)
    the_deal = tc.deal_code(variant, players, seed, len(match.deals))
    assert len(code) <= MAX_RESULT_CODE_CHARS
    result = decode_result(code)
    if code.startswith("TT2-"):
        # the short form: the deal code, then the seat and the hand's choices in base64
        deal_part, _, rest = code[4:].partition(".")
        assert deal_part == the_deal
        assert set(rest) <= set(ALPHABET)
        assert len(code) < 160
        assert result.record["format"] == SHORT_FORMAT
        assert result.match is None
    else:
        # the long form, only where the deal code does not rebuild the hand (a Five Hundred
        # deal after one was thrown in: the dealer moved on)
        assert code.startswith("TT1-")
        assert variant.startswith("five-hundred")
        assert result.record == tc.match_record(match)
        assert result.match is not None
        assert result.match.totals == match.totals
    assert result.seat == seat
    assert plain(result.state) == plain(hand)
    assert result.state.tricks_won == hand.tricks_won
    assert result.state.points == hand.points
    assert result.deal_code == the_deal
    # wrapped over lines by a chat, it still reads
    assert decode_result("\n".join(code[i:i + 60] for i in range(0, len(code), 60))).seat == seat
    # the long form can always be asked for, and reads to the same hand
    full = decode_result(encode_result(match, seat, full=True))
    assert full.record == tc.match_record(match)
    assert plain(full.state) == plain(hand)


def test_a_short_code_is_short_and_names_its_deal() -> None:
    match = played("oh-hell", 4, 2718, 1)
    code = encode_result(match, 2)
    assert code.startswith("TT2-oh-hell-4-2718.")
    # a deal code, the seat, 4 bids, 4 x 10 cards and a checksum: under a hundred characters
    assert match.deals[-1].hand_size == 10
    assert len(code) < 100
    result = decode_result(code)
    hand = match.deals[-1]
    assert result.record["choices"][:4] == [hand.bids[s] for s in hand.bid_order]
    assert decode_result(code.upper()[:4] + code[4:].replace("oh-hell", "OH-HELL", 1)).seat == 2
    humbug = encode_result(played("humbug", 2, 5, 1), 1)
    assert humbug.startswith("TT2-humbug-2-5.")
    assert len(humbug) < 110


def test_the_short_code_replays_every_choice() -> None:
    match = played("five-hundred", 4, 11, 1)
    code = encode_result(match, 0)
    assert code.startswith("TT2-")
    deal_part, _, rest = code[4:].partition(".")
    raw = base64.urlsafe_b64decode(rest + "=" * (-len(rest) % 4))
    body = raw[:-4]

    def short(choices: bytes, deal: str = deal_part) -> str:
        check = zlib.crc32(deal.encode() + choices).to_bytes(4, "big")
        return f"TT2-{deal}.{base64.urlsafe_b64encode(choices + check).decode().rstrip('=')}"

    assert decode_result(short(body)).state.points == match.deals[-1].points
    with pytest.raises(NotARecordError, match="choice 1 is not a legal one"):
        decode_result(short(bytes([0, 250]) + body[2:]))
    with pytest.raises(NotARecordError, match="no finished hand"):
        decode_result(short(body[:-3]))
    with pytest.raises(NotARecordError, match=f"choice {len(body)} is not a legal one"):
        decode_result(short(body + b"\x00"))
    with pytest.raises(NotARecordError, match="seat 9"):
        decode_result(short(bytes([9]) + body[1:]))
    with pytest.raises(NotARecordError, match="deal is refused"):
        decode_result(short(body, "oh-hell-9-1"))


def test_house_options_get_the_long_form() -> None:
    rules = with_options(tc.get_variant("humbug"), {"revokes_allowed": True})
    match = tc.Match(rules, 2, 5)
    play_deal(match.next_deal(), [RandomBot(seed=1), RandomBot(seed=2)])
    code = encode_result(match, 0)
    assert code.startswith("TT1-")
    assert decode_result(code).record == tc.match_record(match)


def test_every_changed_character_is_caught() -> None:
    match = played("humbug", 2, 5, 1)
    for code in (encode_result(match, 0), encode_result(match, 0, full=True)):
        start = code.index(".") + 1 if code.startswith("TT2-") else 4
        for i in range(start, len(code), 7):
            other = ALPHABET[(ALPHABET.index(code[i]) + 1) % 64]
            with pytest.raises(ResultCodeError):
                decode_result(code[:i] + other + code[i + 1:])
    # a changed deal code is caught by the checksum too
    code = encode_result(match, 0)
    with pytest.raises(ChecksumError):
        decode_result(code.replace("humbug-2-5.", "humbug-2-6.", 1))


def test_errors_each_have_their_reason() -> None:
    code = encode_result(played("oh-hell", 4, 3, 1), 1, full=True)
    cases = [
        ("hello", BadAlphabetError),
        ("TT1-abc*def", BadAlphabetError),
        ("TT1-A", BadAlphabetError),
        ("TT9-" + code[4:], VersionError),
        ("TT2-oh-hell-4-3", BadAlphabetError),
        ("TT2-oh-hell-4-3.ab*c", BadAlphabetError),
        (code[:-2] + ("AA" if code[-2:] != "AA" else "BB"), ChecksumError),
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
    assert json.loads(capsys.readouterr().out)["deal_code"] == "humbug-2-5"
    # lines as a class pastes them, a name beside the code, as the class board reads them
    path.write_text(f"Alice: {code}\n{code} (Chloé)\n[10:32] Bob <b>x</b> — {code}\nAlice:\n",
                    encoding="utf-8")
    assert main(["result-code", str(path)]) == 2
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].startswith("line 1: deal humbug-2-5, played from seat 1 (Ben)")
    assert lines[0].endswith("; sent by Alice")
    assert lines[1].endswith("; sent by Chloé")
    assert lines[2].endswith("; sent by Bob <b>x</b>")  # text, as typed: a terminal shows no markup
    assert captured.err.startswith("trickcore result-code: line 4: 'Alice:' has no result code")
    assert main(["result-code", f"Alice: {code}"]) == 0
    assert capsys.readouterr().out.strip().endswith("; sent by Alice")
    assert main(["result-code", "--record", encode_result(played("humbug", 2, 5, 1), 1, full=True)]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "humbug"

"""Our own hostile round, beyond the review's cases: more counts and sizes, streams in other
shapes, and the immutable objects still pickled and copied whole."""

from __future__ import annotations

import copy
import io
import math
import pickle
from pathlib import Path

import pytest

import trickcore as tc
from trickcore.cli import main
from trickcore.errors import ArgumentError
from trickcore.notation.result_codes import encode_result
from trickcore.study.stats import mean_from_sums, proportion

OH_HELL = tc.get_variant("oh-hell")


@pytest.mark.parametrize(("call", "kind", "word"), [
    (lambda: list(tc.generate(OH_HELL, players=4, max_tries=0)), ArgumentError, "max_tries"),
    (lambda: list(tc.generate(OH_HELL, players=4, hand_size=0)), ArgumentError, "hand_size"),
    (lambda: tc.estimate(OH_HELL, players=4, event=None), TypeError, "event"),  # type: ignore[arg-type]
    (lambda: proportion(5, 4), ArgumentError, "hits"),
    (lambda: proportion(1, 4, z=math.nan), ArgumentError, "z"),
    (lambda: proportion(1, 0), ArgumentError, "trials"),
    (lambda: mean_from_sums(0, 0, 0), ArgumentError, "n"),
    (lambda: tc.cards_of(-1), ArgumentError, "mask"),
    (lambda: tc.cards_of(1 << 200), ArgumentError, "bit 200"),
    (lambda: tc.format_cards(["AS"]), TypeError, "Card"),  # type: ignore[list-item]
    (lambda: tc.MonteCarloBot(seed=[1]), TypeError, "seed"),  # type: ignore[arg-type]
    (lambda: tc.bot_action(tc.HeuristicBot(), "oh-hell-4-1"), TypeError, "HandState"),  # type: ignore[arg-type]
    (lambda: tc.bot_action(3, tc.state_from_code("oh-hell-4-1")), TypeError, "bot"),  # type: ignore[arg-type]
    (lambda: tc.solve(tc.state_from_code("humbug-2-1")), TypeError, "Position"),  # type: ignore[arg-type]
    (lambda: tc.opening_position(OH_HELL, "oh-hell-4-1"), TypeError, "Deal"),  # type: ignore[arg-type]
    (lambda: tc.get_variant(10 ** 5000), TypeError, "5,001 digits"),  # type: ignore[arg-type]
    (lambda: tc.Match(OH_HELL, 4).make_deal(True), TypeError, "bool"),
])
def test_more_arguments_refused_at_the_door(call: object, kind: type[Exception],
                                            word: str) -> None:
    with pytest.raises(kind) as caught:
        call()  # type: ignore[operator]
    assert "\n" not in str(caught.value)
    assert word in str(caught.value)


def test_a_match_played_to_a_target_has_no_last_deal_but_no_negative_one() -> None:
    match = tc.Match(tc.get_variant("five-hundred"), 4, seed=1)
    assert match.make_deal(500).hand_size == 10  # deals go on until someone reaches the target
    with pytest.raises(ArgumentError, match="at least 0"):
        match.make_deal(-1)


def test_the_trump_context_is_pickled_and_copied_whole() -> None:
    state = tc.state_from_code("five-hundred-4-7")
    context = state.context
    for again in (pickle.loads(pickle.dumps(context)), copy.copy(context),
                  copy.deepcopy(context)):
        assert again == context
        assert again.power == context.power
        with pytest.raises(AttributeError):
            again.trump = None  # type: ignore[misc]


def test_a_match_is_pickled_and_copied_with_its_deals() -> None:
    match = tc.Match(OH_HELL, 4, seed=2)
    tc.play_deal(match.next_deal(), [tc.HeuristicBot()] * 4)
    for again in (pickle.loads(pickle.dumps(match)), copy.copy(match)):
        assert again == match
        assert again.deals is not match.deals
        assert again.totals == match.totals


def test_result_codes_from_standard_input_past_a_bom(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    match = tc.Match(OH_HELL, 4, seed=9)
    tc.play_deal(match.next_deal(), [tc.HeuristicBot()] * 4)
    code = encode_result(match, seat=2)
    stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + code.encode() + b"\r\n\r\n"))
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["result-code", "-"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("line 1: deal oh-hell-4-9")


def test_many_records_in_cr_newlines_are_each_checked(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    records = []
    for seed in range(3):
        match = tc.Match(tc.get_variant("humbug"), 2, seed=seed)
        match.play([tc.HeuristicBot()] * 2)
        records.append(tc.write_record(match))
    path = tmp_path / "records.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "\r".join(records).encode() + b"\r")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == ["record 1", "record 2", "record 3"]


def test_a_study_out_that_is_a_file_is_one_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "not-a-folder"
    out.write_text("x")
    assert main(["study", "bids", "--deals", "400", "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert out.read_text() == "x"

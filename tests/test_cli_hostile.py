"""The command line never prints a traceback, and every input has a bounded cost."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from trickcore.cli import MAX_INPUT_BYTES, MAX_RECORDS, SHOWN_ERRORS, main
from trickcore.engine.match import Match
from trickcore.notation.records import match_record
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.random import RandomBot
from trickcore.rules.registry import get_variant


def _record(key: str = "humbug", seed: int = 4) -> dict[str, Any]:
    ruleset = get_variant(key)
    players = ruleset.players[0]
    match = Match(ruleset, players, seed)
    match.play([RandomBot(seed=s) for s in range(players)] if key != "humbug"
               else [HeuristicBot(), HeuristicBot()])
    return match_record(match)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, err


def _write(tmp_path: pathlib.Path, content: bytes | str | dict[str, Any]) -> str:
    path = tmp_path / "input.json"
    if isinstance(content, dict):
        content = json.dumps(content)
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return str(path)


def _with(change: Any, key: str = "humbug") -> dict[str, Any]:
    record = _record(key)
    change(record)
    return record


MALFORMED: list[tuple[str, Any, str]] = [
    ("not-utf8", b"\xff\xfe{}", "not UTF-8"),
    ("deep", "[" * 100_000 + "]" * 100_000, "nests deeper"),
    ("deep-but-parsable", "[" * 200 + "]" * 200, "nests deeper"),
    ("long-int", '{"format": "trickcore-record/1", "players": ' + "9" * 5000 + "}",
     "4300 digits"),
    ("result-0", _with(lambda r: r.update(result=0)), "result: should be an object"),
    ("result-no-totals", _with(lambda r: r["result"].pop("totals")), "'totals' is missing"),
    ("table-int", _with(lambda r: r["deals"][0].update(table=[5, 5]), "five-hundred-2"),
     "table piles should be a list"),
    ("table-cards-int", _with(lambda r: r["deals"][0].update(table=[[5], [5]]),
                              "five-hundred-2"), "not a list of cards"),
    ("huge-fixed-deals", _with(lambda r: r.update(options={"fixed_deals": 100_000_000})),
     "fixed_deals is at most"),
]


@pytest.mark.parametrize(("name", "content", "why"), MALFORMED, ids=[m[0] for m in MALFORMED])
@pytest.mark.parametrize("command", ["check", "solve"])
def test_malformed_input_is_one_line_and_exit_2(
        capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, command: str, name: str,
        content: Any, why: str) -> None:
    code, err = _run(capsys, command, _write(tmp_path, content))
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    if command == "check" or name in ("not-utf8", "long-int"):
        assert why in err


def test_dev_zero_is_refused_as_too_large(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("check", "solve"):
        code, err = _run(capsys, command, "/dev/zero")
        assert code == 2
        assert f"over {MAX_INPUT_BYTES:,} bytes" in err


@pytest.mark.parametrize(("name", "change", "why"), [
    ("wrong-points", lambda r: r["deals"][0].update(points=None), "points"),
    ("missing-points", lambda r: r["deals"][0].pop("points"), "points"),
    ("missing-winner", lambda r: r["deals"][0]["tricks"][3].update(winner=None),
     "trick-winner"),
    ("no-winner-key", lambda r: r["deals"][0]["tricks"][0].pop("winner"), "trick-winner"),
    ("result-winners", lambda r: r["result"].update(winners=[1]), "winners"),
])
def test_check_refuses_wrong_scores_and_winners(
        capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, name: str, change: Any,
        why: str) -> None:
    code, err = _run(capsys, "check", _write(tmp_path, _with(change)))
    assert code == 1
    assert why in err


def test_error_lists_stop_after_a_few_lines_with_a_count(
        capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    code, err = _run(capsys, "check", _write(tmp_path, "{}\n" * 1000))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == SHOWN_ERRORS + 1
    assert lines[-1] == f"trickcore check: ... and {1000 - SHOWN_ERRORS:,} more records refused"


def test_too_many_records_are_refused_at_once(
        capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    code, err = _run(capsys, "check", _write(tmp_path, "{}\n" * (MAX_RECORDS + 1)))
    assert code == 2
    assert f"the limit is {MAX_RECORDS:,}" in err


def test_a_long_option_value_is_cut_to_one_short_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(capsys, "rules", "oh-hell", "--option", "target=1" + "0" * 5000)
    assert code == 2
    assert len(err) < 500
    assert "option target is too large" in err  # refused by its length, before it is read


def test_play_refuses_a_huge_deal_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(capsys, "play", "oh-hell", "--option", "schedule=fixed", "--option",
                     "fixed_deals=100000000")
    assert code == 2
    assert "fixed_deals is at most 1,000" in err


FULL_DEAL = {  # thirteen cards each, four hands: far more than these budgets allow
    "hands": [["4C", "QS", "6S", "AD", "6C", "TC", "8S", "TD", "KC", "9H", "5S", "3C", "8D"],
              ["QD", "2S", "KH", "JC", "JS", "4D", "7C", "7H", "QC", "5C", "7S", "5D", "9C"],
              ["JH", "QH", "4S", "3S", "8C", "3H", "AC", "3D", "2H", "AH", "2D", "KD", "4H"],
              ["KS", "TH", "9D", "JD", "5H", "6H", "TS", "6D", "7D", "8H", "AS", "9S", "2C"]],
    "trump": "S", "leader": 0, "sides": [[0, 2], [1, 3]],
}


@pytest.mark.parametrize("budget", [["--max-nodes", "20000"], ["--timeout", "0.5"]])
def test_solve_stops_at_its_budget_with_exit_3_and_no_answer(
        capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, budget: list[str]) -> None:
    import time

    start = time.monotonic()
    code = main(["solve", _write(tmp_path, FULL_DEAL), *budget])
    out, err = capsys.readouterr()
    assert code == 3
    assert out == ""
    assert err.startswith("trickcore solve: no answer: the search stopped after")
    assert len(err.strip().splitlines()) == 1
    assert time.monotonic() - start < 20


def test_solve_budget_from_python_raises_and_a_sufficient_one_answers() -> None:
    from trickcore.errors import BudgetExceededError
    from trickcore.solver import Position, solve

    position = Position.from_json(FULL_DEAL)
    with pytest.raises(BudgetExceededError) as caught:
        solve(position, max_nodes=5000)
    assert caught.value.nodes == 5000
    with pytest.raises(BudgetExceededError):
        solve(position, timeout=0.2)
    small = Position.from_json({"hands": [["AS", "KH"], ["QS", "2H"]], "trump": "H"})
    assert solve(small, max_nodes=1000, timeout=10).tricks == solve(small).tricks
    with pytest.raises(Exception, match="positive number"):
        solve(small, max_nodes=0)


def test_play_refuses_more_games_than_check_reads(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(capsys, "play", "humbug", "--games", str(10**9))
    assert code == 2
    assert f"from 1 to {MAX_RECORDS:,}" in err


# Every hostile argument is one line and a non-zero exit -------------------------------------------

@pytest.mark.parametrize(("argv", "why"), [
    (["play", "oh-hell", "--seed", "abc"], "invalid int value"),
    (["play", "oh-hell", "--seed", "1e3"], "invalid int value"),
    (["play", "oh-hell", "--games", "x"], "invalid int value"),
    (["play", "oh-hell", "--players", "1" + "0" * 30], "players, not 1000"),
    (["play", "oh-hell", "--players", "-4"], "players, not -4"),
    (["play", "oh-hell", "--seed", str(2**63)], "--seed must be from"),
    (["play", "oh-hell", "--seed", str(2**63 - 2), "--games", "3"], "--seed must be from"),
    (["play", "oh-hell", "--games", "0"], "--games must be from 1"),
    (["rules", "oh-hell", "--players", "10000000"], "players, not 10000000"),
    (["rules", "oh-hell", "--option"], "expected one argument"),
    (["rules", "oh-hell", "--option", "=3"], "is not an option"),
    (["solve", "oh-hell-4-1", "--max-nodes", "-1"], "positive number"),
    (["solve", "oh-hell-4-1", "--timeout", "nan"], "positive number"),
    (["analyse", "one-card", "--players", "100000"], "3 to 7 players"),
    (["nosuch"], "invalid choice"),
    ([], "required"),
])
def test_hostile_arguments_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        why: str) -> None:
    code, err = _run(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert why in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("position", "why"), [
    ({"hands": [["2S"], ["3S"], ["4S"], ["5S"]], "trump": "S", "variant": "five-hundred"},
     "2S is not in the 43-card pack of Five Hundred"),
    ({"hands": [["JK"], ["3S"]], "trump": "S", "variant": "humbug"},
     "JK is not in the 52-card pack"),
    ({"hands": [["AS", "5S"], ["AS", "3S"]], "trump": "S"}, "AS is dealt twice"),
    ({"hands": [["AS", "KS"], ["3S"]], "trump": "S"}, "unequal hands"),
    ({"hands": [["AS"], ["3S"]], "trump": "S", "played": ["AS"]}, "both played"),
    ({"hands": [["AS"]] * 500, "trump": "S"}, "2 to 10 hands"),
    ({"hands": [["AS"], ["3S"]], "trump": "S", "leader": 10**30}, "leader must be a seat"),
    ({"hands": [["AS"], ["3S"]], "trump": "S" * 10_000}, "'trump' must be a suit letter"),
    ({"hands": [["AS"], ["3S"]], "trump": "S", "variant": "x" * 10_000}, "must be a variant name"),
    ({"hands": [["AS"], ["3" * 10_000]], "trump": "S"}, "not a card code"),
    ({"hands": [["AS"], [3]], "trump": "S"}, "not a card code"),
])
def test_solve_refuses_bad_positions_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, position: dict[str, Any],
        why: str) -> None:
    code, err = _run(capsys, "solve", _write(tmp_path, position))
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert why in err

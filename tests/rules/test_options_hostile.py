"""Hostile option values and unplayable option combinations are refused by
``with_options`` (``validate``) in one line; every combination accepted plays to the end and
its record is accepted by ``check``."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from option_combos import option_values, play_bounded, round_trip

from trickcore.cli import main
from trickcore.errors import RulesetError, TrickcoreError, UnknownOptionError
from trickcore.rules import VARIANTS, option_names, with_options
from trickcore.rules.registry import get_variant

HOSTILE: list[Any] = [
    None, True, False, 0, -1, 1.5, 15.0, math.nan, math.inf, -math.inf, 10**100, -(10**100),
    "", "x", "null", "NaN", "Infinity", "-Infinity", "1e400", "15.0", "true", "9" * 5000,
    "[" * 3000 + "]" * 3000, [], {}, [None], [[4, None]], [[4, "5"]], [[None, 4]], [[4]],
    [[4, 5, 6]], {"4": None}, {"4": 1.5}, {"4": True}, {"x": 3}, {"4": [1]}, {"4": math.nan},
    {"4": math.inf}, {"4": 10**100}, {"-4": 3}, [1e9], [10**9], [True], ["4"], [[[]]],
    '[[4, null]]', '{"4": 1.5}', '{"4": NaN}', '{"4": Infinity}', '{"4": true}', '[1e9]',
    b"fr", object(),
]


def _one_line_refusal(error: Exception) -> None:
    assert isinstance(error, RulesetError | UnknownOptionError), repr(error)
    message = str(error)
    assert message
    assert "\n" not in message
    assert len(message) < 600


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(sorted(VARIANTS)), name=st.sampled_from(option_names()),
       value=st.sampled_from(HOSTILE))
def test_hostile_option_values_are_refused_in_one_line(key: str, name: str, value: Any) -> None:
    base = get_variant(key)
    try:
        ruleset = with_options(base, {name: value})
    except TrickcoreError as error:
        _one_line_refusal(error)
        return
    # Accepted: then it is a real value of the option's type, within its range.
    value = getattr(ruleset, name)
    assert not isinstance(value, float)
    if isinstance(value, tuple):
        assert all(type(v) in (int, str) or isinstance(v, tuple) for v in value)


@pytest.mark.parametrize("options", [
    "x", None, 3, [("hook", True)], {3: True}, {None: 1}, {b"hook": True},
])
def test_options_that_are_not_a_mapping_of_names(options: Any) -> None:
    with pytest.raises(TrickcoreError) as caught:
        with_options(get_variant("oh-hell"), options)
    _one_line_refusal(caught.value)


@pytest.mark.parametrize(("key", "options", "why"), [
    ("oh-hell", {"hand_sizes": "[[4, null]]"}, "expected a mapping of player counts"),
    ("oh-hell", {"hand_sizes": {"4": 1.5}}, "expected a mapping of player counts"),
    ("oh-hell", {"hand_sizes": [[4, True]]}, "expected a mapping of player counts"),
    ("oh-hell", {"cards_removed": {"4": 60}}, "cards_removed leaves no card"),
    ("oh-hell", {"players": "[1e9]"}, "expected a list of player counts"),
    ("oh-hell", {"players": "[]"}, "expected a list of player counts"),
    ("oh-hell", {"target": "15.0"}, "expected a whole number"),
    ("five-hundred-2", {"table_piles": 1}, "table_piles is 5"),
    ("five-hundred-2", {"table_piles": -1}, "table_piles is 5"),
    ("five-hundred", {"schedule": "up"}, "the schedule is fixed"),
    ("five-hundred", {"game_end": "fixed-deals"}, "game_end target"),
    ("five-hundred-3", {"trump_method": "dealers-last"}, "trump_method is none"),
])
def test_unplayable_values_and_combinations_are_refused(key: str, options: dict[str, Any],
                                                        why: str) -> None:
    with pytest.raises(RulesetError, match=why) as caught:
        with_options(get_variant(key), options)
    _one_line_refusal(caught.value)


@pytest.mark.parametrize(("argv", "why"), [
    (["rules", "oh-hell", "--option", "hand_sizes=[[4, null]]"], "player counts"),
    (["play", "oh-hell", "--option", "hand_sizes=[[4, null]]"], "player counts"),
    (["play", "five-hundred-2", "--option", "table_piles=1"], "table_piles"),
    (["play", "five-hundred", "--option", "schedule=up"], "schedule is fixed"),
    (["play", "oh-hell", "--option", "players=[" + "9" * 5000 + "]"], "players"),
    (["play", "oh-hell", "--option", "target=" + "[" * 5000], "target"),
    (["rules", "oh-hell", "--option", "hand_sizes={\"4\": NaN}"], "player counts"),
])
def test_the_command_line_refuses_them_in_one_line(capsys: pytest.CaptureFixture[str],
                                                   argv: list[str], why: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert why in captured.err
    assert "Traceback" not in captured.err


@st.composite
def _combination(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    key = draw(st.sampled_from(sorted(VARIANTS)))
    values = option_values(get_variant(key))
    names = draw(st.lists(st.sampled_from(sorted(values)), min_size=1, max_size=3, unique=True))
    return key, {name: draw(st.sampled_from(values[name])) for name in names}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combination=_combination(), seed=st.integers(0, 1000), data=st.data())
def test_every_accepted_combination_plays_and_checks(combination: tuple[str, dict[str, Any]],
                                                     seed: int, data: st.DataObject) -> None:
    """Draw option combinations; each one ``validate`` accepts plays a whole match with random
    bots (bounded) whose record ``check`` accepts; each refusal is one line."""
    key, options = combination
    try:
        ruleset = with_options(get_variant(key), options)
    except TrickcoreError as error:
        _one_line_refusal(error)
        return
    players = data.draw(st.sampled_from(ruleset.players))
    round_trip(play_bounded(ruleset, players, seed))


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # readouterr() resets it
@given(key=st.sampled_from(sorted(VARIANTS)), name=st.sampled_from(option_names()),
       text=st.one_of(st.sampled_from([v for v in HOSTILE if isinstance(v, str)]),
                      st.text(max_size=30)))
def test_hostile_option_text_on_the_command_line(capsys: pytest.CaptureFixture[str], key: str,
                                                 name: str, text: str) -> None:
    """``trickcore rules KEY --option NAME=TEXT``: the rules, or exit 2 with one line."""
    code = main(["rules", key, "--option", f"{name}={text}"])
    captured = capsys.readouterr()
    if code == 0:
        assert captured.err == ""
        return
    assert code == 2
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err

"""A house-ruled deal travels in its code, or deal_code refuses it in one line.

The issue's case: ``up-down`` is Oh Hell's schedule changed; its fourth deal has 4 cards, and
its code must say so (the code without the option names the standard match, 7 cards).
"""

from __future__ import annotations

import dataclasses

import pytest

import trickcore as tc
from trickcore.errors import CardCodeError
from trickcore.notation.codes import house_options, read_deal_code


def test_a_changed_schedule_travels_in_the_code() -> None:
    house = tc.with_options(tc.get_variant("oh-hell"), {"schedule": "up-down"})
    code = tc.deal_code(house, 4, 2026, deal=4)
    assert code == "oh-hell-4-2026-4~schedule=up-down"
    state = tc.state_from_code(code)
    assert state.ruleset == house
    assert state.hand_size == tc.Match(house, 4, 2026).make_deal(3).hand_size == 4
    assert tc.state_from_code("oh-hell-4-2026-4").hand_size == 7  # old codes read as before
    assert tc.match_from_code(code).ruleset == house
    assert house_options(read_deal_code(code)[1]) == (("schedule", "up-down"),)
    assert tc.parse_deal_code(code) == ("oh-hell", 4, 2026, 4)


@pytest.mark.parametrize("options", [{"hook": False}, {"scoring": "simple", "exact_bonus": 5},
                                     {"hook": "false", "schedule": "down-up", "target": 150}])
def test_every_short_option_round_trips(options: dict[str, object]) -> None:
    house = tc.with_options(tc.get_variant("oh-hell"), options)
    code = tc.deal_code(house, 5, 7, deal=2)
    _parsed, ruleset = read_deal_code(code)
    assert ruleset == house
    assert tc.deal_code(ruleset, 5, 7, deal=2) == code  # one code for one ruleset
    assert tc.state_from_code(code).deal == tc.Match(house, 5, 7).make_deal(1)


def test_the_variants_own_rules_keep_the_short_code() -> None:
    for key in tc.variant_keys():
        rules = tc.get_variant(key)
        assert "~" not in tc.deal_code(rules, rules.players[0], 1)


def test_a_rule_a_code_cannot_hold_is_refused_in_one_line() -> None:
    rules = tc.get_variant("oh-hell")
    house = dataclasses.replace(rules, hand_sizes=((3, 9), (4, 9), (5, 9), (6, 8), (7, 7)))
    with pytest.raises(CardCodeError, match=r"^no deal code for these house rules: hand_sizes is"
                       r" .*which a code cannot hold; share a game record instead") as error:
        tc.deal_code(house, 4, 1)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(("code", "why"), [
    ("oh-hell-4-1~hooks=false", "'hooks' is not an option"),
    ("oh-hell-4-1~hook", "each house option after ~ is NAME=VALUE"),
    ("oh-hell-4-1~hook=maybe", "hook"),
])
def test_a_bad_house_option_in_a_code_is_one_line(code: str, why: str) -> None:
    with pytest.raises(CardCodeError) as error:
        tc.state_from_code(code)
    assert why in str(error.value)
    assert str(error.value).startswith(f"{code!r} is not a deal code: ")


def test_a_long_house_code_is_pasted_into_the_demo_as_it_was_written() -> None:
    from trickcore.widgets.demo_model import DealSetup

    house = tc.with_options(tc.get_variant("up-and-down-the-river"),
                            {"hook": False, "scoring": "simple", "exact_bonus": 5,
                             "schedule": "down-up", "target": 150})
    code = tc.deal_code(house, 7, 999_999_999_999, deal=12)
    assert len(code) > 60  # longer than any plain code
    setup = DealSetup.from_code(code)
    assert setup.ruleset == house
    assert setup.code == code


def test_the_code_length_bound_is_the_engines_in_both_directions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from trickcore.notation import codes

    with pytest.raises(CardCodeError, match="at most 600 characters, and this text has 2,000"):
        read_deal_code("oh-hell-4-1~" + "x" * 1988)
    house = tc.with_options(tc.get_variant("oh-hell"), {"schedule": "up-down", "target": 150})
    written = tc.deal_code(house, 4, 1)
    monkeypatch.setattr(codes, "MAX_DEAL_CODE_CHARS", len(written) - 1)
    with pytest.raises(CardCodeError, match="share the game's record instead"):
        tc.deal_code(house, 4, 1)  # never a code that could not be read back
    monkeypatch.setattr(codes, "MAX_DEAL_CODE_CHARS", len(written))
    assert tc.deal_code(house, 4, 1) == written

"""Scoring has one home, trickcore/rules/scoring.py (a ScoringRule of numbers, the named
schemes as presets), which the engine, the numpy batch, the studies and the tests' oracle all
read; a house scoring is one with_options value, from Python and the command line."""

from __future__ import annotations

import dataclasses
import json
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import expected_points

import trickcore as tc
from trickcore import i18n
from trickcore.cli import main
from trickcore.engine.scoring import exact_bid_points
from trickcore.errors import RulesetError
from trickcore.rules import (
    PRESETS,
    Scoring,
    ScoringRule,
    ZeroBid,
    get_variant,
    options_of,
    parse_scoring,
    scoring_rule,
    with_options,
)
from trickcore.rules.describe import describe
from trickcore.rules.scoring import scoring_name, scoring_sentence, scoring_summary
from trickcore.study.batch import simulate_random_hands
from trickcore.study.schemes import scheme_name

OH_HELL = get_variant("oh-hell")

#: The named schemes as docs/rules.md section 1.4 states them, by name: the presets' numbers must
#: give the same points (this is the one place a scheme is still written by name, as a check).
RULES_MD = {
    Scoring.SIMPLE: lambda b, t, h, x: x + t if b == t else 0,
    Scoring.COMMON: lambda b, t, h, x: t + (x if b == t else 0),
    Scoring.TEN_PLUS_ZERO_AVAILABLE: lambda b, t, h, x: (5 + h if b == 0 else x + t) if b == t else 0,
    Scoring.BONUS_ONLY: lambda b, t, h, x: x if b == t else 0,
    Scoring.TEN_PER_BID: lambda b, t, h, x: 10 * b if b == t else 0,
    Scoring.SQUARES: lambda b, t, h, x: x + b * b if b == t else -((b - t) ** 2),
}
ZERO = {ZeroBid.FIVE: lambda h: 5, ZeroBid.TEN: lambda h: 10, ZeroBid.FIVE_PLUS_HAND: lambda h: 5 + h}


@pytest.mark.parametrize("scheme", list(RULES_MD))
@pytest.mark.parametrize("bonus", [0, 5, 10])
@pytest.mark.parametrize("zero_bid", list(ZeroBid))
def test_the_presets_numbers_give_the_rules_md_points(scheme: Scoring, bonus: int,
                                                      zero_bid: ZeroBid) -> None:
    ruleset = dataclasses.replace(OH_HELL, scoring=scheme, exact_bonus=bonus, zero_bid=zero_bid)
    for h in range(1, 8):
        for b in range(h + 1):
            for t in range(h + 1):
                want = RULES_MD[scheme](b, t, h, bonus)
                if b == t == 0 and zero_bid is not ZeroBid.SCHEME:
                    want = ZERO[zero_bid](h)
                assert exact_bid_points(ruleset, b, t, h) == want, (b, t, h)
                assert expected_points(ruleset, b, t, h) == want, (b, t, h)


def test_the_issue_s_house_scorings_can_be_said() -> None:
    squares = with_options(OH_HELL, {"scoring": "exact=10,bid-squared=1"})
    per_off = with_options(OH_HELL, {"scoring": "exact=10, off=-10"})
    variant = with_options(OH_HELL, {"scoring": "trick=1,exact=10,off=-1"})
    assert [exact_bid_points(squares, 3, t, 7) for t in (3, 2)] == [19, 0]
    assert [exact_bid_points(per_off, 3, t, 7) for t in (3, 1, 6)] == [10, -20, -30]
    assert [exact_bid_points(variant, 3, t, 7) for t in (3, 1, 6)] == [13, -1, 3]


def test_the_largest_exact_bonus_still_scores() -> None:
    """``exact_bonus`` may be as large as any number option; the batch's 32-bit points hold the
    largest score any rule can make."""
    ruleset = with_options(OH_HELL, {"scoring": "squares", "exact_bonus": 1_000_000})
    assert exact_bid_points(ruleset, 10, 10, 10) == 1_000_100
    hostile = ScoringRule(exact=10**6, trick=1000, exact_trick=1000, bid=1000, bid_squared=1000)
    assert hostile.points(bid=52, tricks=52, hand_size=52) < 2**31 - 1
    assert ScoringRule(off=-1000, off_squared=-1000, trick=-1000).points(
        bid=52, tricks=0, hand_size=52) > -(2**31)
    batch = simulate_random_hands(50, seed=1, ruleset=ruleset, hand_size=10)
    for i in range(50):
        assert batch.points[i].tolist() == [
            expected_points(ruleset, int(b), int(t), 10)
            for b, t in zip(batch.bids[i], batch.tricks[i], strict=True)]


def test_a_named_scheme_stays_the_enum_and_is_recorded_by_name() -> None:
    squares = with_options(OH_HELL, {"scoring": "squares"})
    assert squares.scoring is Scoring.SQUARES
    assert squares.scoring == Scoring.SQUARES
    assert options_of(squares, OH_HELL) == {"scoring": "squares"}
    assert scoring_rule(squares) == PRESETS[Scoring.SQUARES].rule


@pytest.mark.parametrize("value", [
    "exact=10,off=-1,trick=1", {"trick": 1, "exact": 10, "off": -1},
    ScoringRule(trick=1, exact=10, off=-1),
])
def test_a_house_scoring_from_text_a_mapping_or_a_value(value: object) -> None:
    ruleset = with_options(OH_HELL, {"scoring": value})
    assert ruleset.scoring == ScoringRule(trick=1, exact=10, off=-1)
    assert options_of(ruleset, OH_HELL) == {"scoring": "trick=1,exact=10,off=-1"}
    assert with_options(OH_HELL, options_of(ruleset, OH_HELL)) == ruleset


REFUSED = [
    ("exact=10,off=-1e9", "expected name=number"),
    ("off=-99999", "off is at most 1,000 in size, not -99,999"),
    ("exact=1000001", "exact is at most 1,000,000 in size, not 1,000,001"),
    # a long number is refused for its size, not as junk, and not repeated whole
    ("exact=1000000000", "exact is at most 1,000,000 in size, not 1,000,000,000"),
    ("off=-" + "9" * 150, "off is at most 1,000 in size, not -999,999,999,999,999…"),
    ("exact=" + "9" * 5000, "at most 200 characters"),
    ("junk", "is not one of simple, common"),
    ("exact=1,exact=2", "exact is given twice"),
    ("bonus=3", "bonus is not one of trick"),
    ("zero-hand=1", "zero-hand needs zero"),
    ("exact=10,,off=1", "expected name=number"),
    ("exact=nan", "expected name=number"),
    ("exact=10;import os", "expected name=number"),
    ("", "is not one of simple"),
]


@pytest.mark.parametrize(("text", "message"), REFUSED)
def test_junk_huge_and_hostile_scorings_are_refused(text: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message) as info:
        with_options(OH_HELL, {"scoring": text})
    assert "\n" not in str(info.value)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(("key", "options", "message"), [
    ("humbug", {"scoring": "exact=10"}, "a house scoring scores exact bids"),
    ("five-hundred", {"scoring": "exact=10"}, "scores by the Avondale table"),
    ("oh-hell", {"scoring": "exact=10", "exact_bonus": 5}, "a house scoring states its own"),
    ("oh-hell", {"scoring": {"exact": 10.5}}, "expected a scheme's name or a house scoring"),
    ("oh-hell", {"scoring": 7}, "expected a scheme's name or a house scoring"),
])
def test_a_house_scoring_where_it_cannot_score_is_refused(key: str, options: dict[str, object],
                                                          message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        with_options(get_variant(key), options)


@pytest.mark.parametrize("text", ["off=99999", "junk", "exact=1,exact=2", "x" * 10_000])
@pytest.mark.parametrize("command", ["rules", "play"])
def test_the_command_line_refuses_a_bad_scoring_in_one_line(
        capsys: pytest.CaptureFixture[str], command: str, text: str) -> None:
    code = main([command, "oh-hell", "--option", f"scoring={text}"])
    out = capsys.readouterr()
    assert code != 0
    assert out.out == ""
    assert len(out.err.strip().splitlines()) == 1
    assert "Traceback" not in out.err


def test_play_record_and_check_a_house_scored_match(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: pathlib.Path) -> None:
    assert main(["play", "oh-hell", "--players", "4", "--seed", "3",
                 "--option", "scoring=exact=10,bid-squared=1,off=-10"]) == 0
    text = capsys.readouterr().out
    record = json.loads(text)
    assert record["options"] == {"scoring": "exact=10,bid-squared=1,off=-10"}
    match = tc.replay_record(record)
    rule = ScoringRule(exact=10, bid_squared=1, off=-10)
    for state in match.deals:
        want = [rule.points(bid=b, tricks=t, hand_size=state.hand_size)
                for b, t in zip(state.bids, state.tricks_won, strict=True) if b is not None]
        assert list(state.points or ()) == want
        assert list(state.points or ()) == [expected_points(match.ruleset, b, t, state.hand_size)
                                      for b, t in zip(state.bids, state.tricks_won, strict=True)
                                      if b is not None]
    path = tmp_path / "house.json"
    path.write_text(text)
    assert main(["check", str(path)]) == 0
    assert "every bid, card, trick winner and score agrees" in capsys.readouterr().out
    # Scored by another house rule, the same record is refused at the first deal's points.
    record["options"]["scoring"] = "exact=10,bid-squared=1,off=-11"
    path.write_text(json.dumps(record))
    assert main(["check", str(path)]) != 0
    assert "[rule: scoring]" in capsys.readouterr().err


def test_rules_word_a_house_scoring_in_english_and_french(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "oh-hell", "--option", "scoring=trick=1,exact=10,off=-1"]) == 0
    line = [x for x in capsys.readouterr().out.splitlines() if x.startswith("Scoring:")]
    # the letters the rule uses are named, and only those (no b here)
    assert line == ["Scoring: an exact bid scores t + 10 and a missed bid t − d (t: the tricks"
                    " taken, d: the tricks off)."]
    ruleset = with_options(OH_HELL, {"scoring": "exact=10,off=-10,zero=5,zero-hand=1"})
    with i18n.language("fr"):
        french = describe(ruleset)
        summary = scoring_summary(scoring_rule(ruleset))
    assert ("Marque\u202f: une annonce exacte rapporte 10 et une annonce ratée −10d\u202f; un zéro"
            " réussi rapporte 5 + h (d\u202f: l’écart, h\u202f: le nombre de cartes en main).") in french
    assert summary == "exacte\u202f: 10\u202f; sinon\u202f: −10d\u202f; zéro\u202f: 5 + h"
    assert scoring_summary(scoring_rule(ruleset)) == "exact: 10; miss: −10d; zero: 5 + h"


def test_named_schemes_keep_their_words() -> None:
    """Every named scheme's words, built from its preset, are the ones printed before."""
    rule = scoring_rule(dataclasses.replace(OH_HELL, scoring=Scoring.SQUARES, exact_bonus=5))
    assert scoring_sentence(rule) == "an exact bid b scores 5 + b²; a miss by d tricks loses d²"
    assert scoring_summary(rule) == "exact: 5 + bid²; miss: minus the square of the error"
    ten_per_bid = dataclasses.replace(OH_HELL, scoring=Scoring.TEN_PER_BID, exact_bonus=5)
    assert scoring_summary(scoring_rule(ten_per_bid)) == "exact: 10 a trick bid; miss: 0"
    # Every named preset is found back from its numbers and printed by its own name, no two
    # alike; the others are worded from their numbers.
    named = {s: p.name for s, p in PRESETS.items() if p.name}
    assert named, "no preset has a name"
    assert {s: scheme_name(s) for s in named} == named
    assert len(set(named.values())) == len(named)
    assert all(scheme_name(s) for s in PRESETS if s not in named)
    assert scoring_name(ScoringRule(trick=1, exact=10, off=-1)) == "exact: t + 10; miss: t − d"


RULES = st.builds(
    ScoringRule,
    trick=st.integers(-20, 20), exact_trick=st.integers(-20, 20), exact=st.integers(0, 1000),
    bid=st.integers(-20, 20), bid_squared=st.integers(-5, 5), off=st.integers(-1000, 20),
    off_squared=st.integers(-20, 5), zero=st.none() | st.integers(-1000, 1000),
).flatmap(lambda r: st.just(r) if r.zero is None else st.builds(
    dataclasses.replace, st.just(r), zero_hand=st.integers(-20, 20)))


@given(rule=RULES)
def test_the_text_form_round_trips(rule: ScoringRule) -> None:
    assert parse_scoring(rule.text) == rule
    assert with_options(OH_HELL, {"scoring": rule.text}).scoring == rule


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule=RULES, seed=st.integers(0, 2**32 - 1), players=st.integers(3, 7),
       hand_size=st.integers(1, 7), hook=st.booleans())
def test_engine_batch_and_oracle_agree_on_house_scorings(rule: ScoringRule, seed: int,
                                                         players: int, hand_size: int,
                                                         hook: bool) -> None:
    ruleset = with_options(OH_HELL, {"scoring": rule.text, "hook": hook})
    batch = simulate_random_hands(12, players=players, hand_size=hand_size, seed=seed,
                                  ruleset=ruleset, keep_plays=True)
    for i in range(batch.n_hands):
        engine = batch.replay(i)  # the engine plays the same hand and scores it itself
        oracle = [expected_points(ruleset, int(b), int(t), hand_size)
                  for b, t in zip(batch.bids[i], batch.tricks[i], strict=True)]
        assert list(engine.points or ()) == batch.points[i].tolist() == oracle


@pytest.mark.parametrize("options", [{"scoring": "exact=10,off=-10"},
                                     {"scoring": "trick=1,exact=10,off=-1", "zero_bid": "5+h"}])
def test_whole_matches_with_bots_score_by_the_house_rule(options: dict[str, str]) -> None:
    ruleset = with_options(OH_HELL, options)
    match = tc.Match(ruleset, 4, seed=11)
    match.play([tc.HeuristicBot() for _ in range(4)])
    totals = [0] * 4
    for state in match.deals:
        points = [expected_points(ruleset, b, t, state.hand_size)
                  for b, t in zip(state.bids, state.tricks_won, strict=True) if b is not None]
        assert list(state.points or ()) == points
        totals = [a + b for a, b in zip(totals, points, strict=True)]
    assert match.totals == totals
    replayed = tc.replay_record(json.loads(json.dumps(match.record())))
    assert replayed.ruleset == ruleset
    assert replayed.totals == match.totals
    assert [d.points for d in replayed.deals] == [d.points for d in match.deals]

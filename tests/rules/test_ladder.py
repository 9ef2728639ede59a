"""Five Hundred's ladder as data: each option puts each call where docs/rules.md says, and the engine,
the rules in words and the book all follow the ladder."""

from __future__ import annotations

import pytest
from support500 import start

import trickcore as tc
from trickcore.engine.calls import Call, allowed_calls, calls_in_order
from trickcore.rules.describe import describe
from trickcore.rules.ladder import ABOVE, BELOW, TOP, Place, Timing, ladder_of


def rules(key: str = "five-hundred", **options: object) -> tc.Ruleset:
    return tc.with_options(tc.get_variant(key), options)


def neighbours(ruleset: tc.Ruleset, code: str) -> tuple[str, str]:
    """The allowed calls just below and just above ``code`` ("" past either end)."""
    codes = [r.code for r in ruleset.ladder.allowed]
    i = codes.index(code)
    return (codes[i - 1] if i else "", codes[i + 1] if i + 1 < len(codes) else "")


# Where each special call stands under each option (docs/rules.md 3.2, D12, D13, D22, D28).
@pytest.mark.parametrize(("options", "code", "between", "timing"), [
    ({}, "misere", ("7NT", "8S"), Timing.OVER_A_SEVEN),
    ({"misere_beats_eight_spades": True}, "misere", ("8S", "8C"), Timing.OVER_A_SEVEN),
    ({"misere_timing": "any-time"}, "misere", ("7NT", "8S"), Timing.ANY_TIME),
    ({}, "open-misere", ("10D", "10H"), Timing.ANY_TIME),
    ({"open_misere": "after-8"}, "open-misere", ("10H", "10NT"), Timing.AFTER_AN_EIGHT),
    ({"misere_timing": "any-time", "misere_outbid_by": "8NT"}, "misere", ("8H", "8NT"),
     Timing.ANY_TIME),
    ({"split_colours": True}, "nullo", ("7C", "7D"), Timing.ANY_TIME),
    ({"split_colours": True}, "open-nullo", ("8C", "8D"), Timing.ANY_TIME),
    ({"split_colours": True}, "hi-lo", ("9C", "9D"), Timing.ANY_TIME),
    ({"split_colours": True}, "double-nullo", ("10C", "10D"), Timing.ANY_TIME),
])
def test_each_option_places_its_call(options: dict[str, object], code: str,
                                     between: tuple[str, str], timing: Timing) -> None:
    ruleset = rules(**options)
    assert neighbours(ruleset, code) == between
    assert ruleset.ladder.rung(code).timing is timing
    below, above = (Call.parse(c).rank(ruleset) for c in between)
    assert below < Call.parse(code).rank(ruleset) < above


def test_quebec_places_its_misères_even_while_they_are_off() -> None:
    quebec = tc.get_variant("five-hundred-quebec")
    assert [r.code for r in quebec.ladder.special] == []
    assert quebec.ladder.rung("misere").place == Place(BELOW, "8NT")
    assert quebec.ladder.rung("open-misere").place == Place(BELOW, "10NT")
    on = rules("five-hundred-quebec", misere_timing="any-time", open_misere="any-time")
    assert neighbours(on, "misere") == ("8H", "8NT")
    assert neighbours(on, "open-misere") == ("10H", "10NT")
    assert Call.parse("misere").value(on) == 500
    assert Call.parse("open-misere").value(on) == 1000


def test_the_special_calls_follow_the_value_options() -> None:
    house = rules(misere_value=230, open_misere_value=430)
    assert [(r.code, r.value) for r in house.ladder.special] == [("misere", 230),
                                                                  ("open-misere", 430)]


def test_six_level_calls_under_inkles_and_split_colours_are_not_contracts() -> None:
    for ruleset in (rules(six_bids="inkles"), rules(split_colours=True)):
        assert not ruleset.ladder.rung("6NT").contract
        assert ruleset.ladder.rung("7S").contract
        assert ruleset.ladder.contracts == len(ruleset.ladder.allowed) - 5
    assert rules(six_bids="inkles").ladder.rung("6H").timing is Timing.FIRST_TWO
    assert rules().ladder.contracts == 27


def test_a_place_at_the_top_outranks_ten_no_trumps() -> None:
    top = Place(TOP)
    assert top.rank > Place(ABOVE, "10H").rank > rules().ladder.rank("10H")
    assert top.level == 10
    assert top.words() == "above every other call, 10NT included"


def test_two_calls_in_one_gap_rank_alike() -> None:
    # misère just below 10H shares open misère's gap (10♦ to 10♥): neither outbids the other.
    shared = rules(misere_timing="any-time", misere_outbid_by="10H")
    assert Call.parse("misere").rank(shared) == Call.parse("open-misere").rank(shared)


def test_the_engine_lists_the_ladder() -> None:
    for ruleset in (rules(), rules(split_colours=True), tc.get_variant("five-hundred-quebec")):
        assert [str(c) for c in calls_in_order(ruleset)] == [r.code for r in
                                                            ruleset.ladder.rungs]
        assert [str(c) for c in allowed_calls(ruleset)] == [r.code for r in
                                                           ruleset.ladder.allowed]
        assert ladder_of(ruleset) == ruleset.ladder


def test_refusals_name_the_rule_from_the_ladder() -> None:
    state = start(rules(), dealer=0, seed=3)
    with pytest.raises(tc.IllegalBidError, match="misère may be called only over a seven"):
        state.bid("misere")
    with pytest.raises(tc.IllegalBidError, match="only called with the split-colours"):
        state.bid("nullo")


@pytest.mark.parametrize(("options", "words"), [
    ({}, "ranks between 7NT and 8♠ and may be called only over a seven"),
    ({"misere_beats_eight_spades": True}, "ranks between 8♠ and 8♣"),
    ({"open_misere": "after-8"}, "only after an eight has been bid; it ranks between 10♥ and 10NT"),
    ({"split_colours": True}, "hi-lo (350: take exactly five tricks, partner sits out) ranks"
                              " between 9♣ and 9♦"),
])
def test_the_rules_in_words_say_where_the_ladder_puts_each_call(options: dict[str, object],
                                                                words: str) -> None:
    assert words in describe(rules(**options))

"""Every public function checks its arguments at the door: a count is a whole number in range,
an index is inside what it indexes, a value is of the type wanted, and the refusal says what was
given and what is wanted, on one line, with nothing changed."""

from __future__ import annotations

import math
from typing import Any

import pytest

import trickcore as tc
from trickcore import arguments
from trickcore.errors import ArgumentError, ArgumentIndexError, TrickcoreError

OH_HELL = tc.get_variant("oh-hell")


def _refusal(call: Any, kind: type[Exception], *words: str) -> str:
    with pytest.raises(kind) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    return message


# The helpers, one per kind of argument -----------------------------------------------------

@pytest.mark.parametrize("value", [True, False, 4.0, 4.5, math.nan, math.inf, -math.inf, "4",
                                   None, [4], 4 + 0j])
def test_a_count_is_a_whole_number(value: object) -> None:
    _refusal(lambda: arguments.count(value, "deals"), TypeError, "deals", "whole number",
             type(value).__name__)


def test_a_count_out_of_range_names_the_range() -> None:
    _refusal(lambda: arguments.count(0, "deals"), ArgumentError, "at least 1", "not 0")
    _refusal(lambda: arguments.count(9, "seat", low=0, high=3), ArgumentError, "0 to 3")
    huge = 10 ** 100_000  # str() of it would raise: the message gives its length
    _refusal(lambda: arguments.count(huge, "seat", low=0, high=3), ArgumentError, "100,001 digits")
    assert arguments.count(3, "deals") == 3


def test_numpy_integers_are_counts() -> None:
    numpy = pytest.importorskip("numpy")
    assert arguments.count(numpy.int64(5), "deals") == 5
    assert type(arguments.count(numpy.int64(5), "deals")) is int


def test_an_index_has_no_negative_form() -> None:
    _refusal(lambda: arguments.index(-1, "deal", 19, "the match has 19 deals"),
             ArgumentIndexError, "0 to 18", "has 19 deals", "not -1")
    _refusal(lambda: arguments.index(0, "deal", 0, "the match has 0 deals"), ArgumentIndexError)
    assert issubclass(ArgumentIndexError, IndexError)
    assert arguments.index(18, "deal", 19, "") == 18


def test_a_hostile_repr_does_not_hide_the_complaint() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    _refusal(lambda: arguments.count(Hostile(), "deals"), TypeError, "Hostile")
    long = "x" * 10_000
    assert len(_refusal(lambda: arguments.count(long, "deals"), TypeError)) < 200


# The review's examples -------------------------------------------------------------------

def test_generate_count_zero_is_refused_at_once() -> None:
    _refusal(lambda: list(tc.generate(OH_HELL, players=4, count=0)), ArgumentError, "count")
    _refusal(lambda: list(tc.generate(OH_HELL, players=4, count=2.0)), TypeError, "count")


def test_estimate_trials_zero_is_refused_at_once() -> None:
    dealt: list[object] = []
    _refusal(lambda: tc.estimate(OH_HELL, players=4, event=dealt.append, trials=0),
             ArgumentError, "trials")
    assert dealt == []  # refused before a deal was dealt


@pytest.mark.parametrize("players", [0, -1, True, 4.0, 10 ** 5000], ids=["0", "-1", "True", "4.0", "huge"])
def test_players_zero_is_refused(players: object) -> None:
    with pytest.raises((TrickcoreError, TypeError)) as caught:
        list(tc.generate(OH_HELL, players=players, count=1))  # type: ignore[arg-type]
    assert "players" in str(caught.value) or "Oh Hell" in str(caught.value)
    with pytest.raises((TrickcoreError, TypeError)):
        tc.Match(OH_HELL, players)  # type: ignore[arg-type]


@pytest.mark.parametrize("samples", [0, -1, 2.5, True])
def test_monte_carlo_samples_are_a_count(samples: object) -> None:
    with pytest.raises((ArgumentError, TypeError)) as caught:
        tc.MonteCarloBot(samples=samples)  # type: ignore[arg-type]
    assert "samples" in str(caught.value)


@pytest.mark.parametrize("deals", [4.5, math.nan, math.inf, -1, "5"])
def test_play_deals_deals_is_a_count(deals: object) -> None:
    with pytest.raises((ArgumentError, TypeError)) as caught:
        tc.play_deals(OH_HELL, [tc.RandomBot()], players=4, deals=deals)  # type: ignore[arg-type]
    assert "deals" in str(caught.value)


def test_play_deals_zero_deals_is_an_empty_result() -> None:
    assert tc.play_deals(OH_HELL, [tc.RandomBot()], players=4, deals=0).deals == 0


def test_deal_cards_hand_size_zero_is_refused() -> None:
    rng = tc.rng_for("oh-hell", 4, 1, "deal", 0)
    _refusal(lambda: tc.deal_cards(OH_HELL, players=4, dealer=0, hand_size=0, rng=rng),
             ArgumentError, "hand_size")
    _refusal(lambda: tc.deal_cards(OH_HELL, players=4, dealer=10 ** 5000, hand_size=5, rng=rng),
             TrickcoreError, "dealer")


def test_make_deal_has_no_negative_index() -> None:
    match = tc.Match(OH_HELL, 4, seed=1)
    _refusal(lambda: match.make_deal(-1), ArgumentIndexError, "has 19 deals", "not -1")
    _refusal(lambda: match.make_deal(19), ArgumentIndexError, "0 to 18")
    assert match.make_deal(18).hand_size == match.schedule[18]


def test_play_deal_with_too_few_bots() -> None:
    state = tc.Match(OH_HELL, 4, seed=1).next_deal()
    before = state.copy()
    _refusal(lambda: tc.play_deal(state, [tc.RandomBot()]), ArgumentError, "bots", "4", "not 1")
    assert state == before
    _refusal(lambda: tc.play_deal(state, tc.RandomBot()), TypeError, "bots")  # type: ignore[arg-type]


def test_a_name_where_a_ruleset_belongs() -> None:
    _refusal(lambda: tc.Match("oh-hell", 4), TypeError,  # type: ignore[arg-type]
             "ruleset should be a Ruleset", "'oh-hell' (a str)", "get_variant")


def test_mask_of_card_codes_says_what_it_wants() -> None:
    _refusal(lambda: tc.mask_of(["AS", "KH"]), TypeError,  # type: ignore[list-item]
             "Card", "'AS' (a str)", "parse_cards")
    _refusal(lambda: tc.mask_of([3]), TypeError, "3 (an int)")  # type: ignore[list-item]
    assert tc.mask_of(tc.parse_cards("2S 3S")) == 3


def test_a_short_result_code_cannot_name_the_seat_past_the_last() -> None:
    from trickcore.notation import result_codes

    match = tc.Match(OH_HELL, 4, seed=5)
    tc.play_deal(match.next_deal(), [tc.HeuristicBot()] * 4)
    for seat in range(4):  # every seat of the table is read back...
        code = result_codes._short_code(match, seat)
        assert code is not None
        assert result_codes.decode_result(code).seat == seat
    past = result_codes._short_code(match, 4)  # ...and the seat one past the last is not
    assert past is not None
    _refusal(lambda: result_codes.decode_result(past), result_codes.NotARecordError,
             "seat 4", "4-player table")


def test_a_class_link_seat_of_a_hundred_thousand_digits() -> None:
    from trickcore.widgets.class_link import class_link_arguments, parse_seat

    _refusal(lambda: parse_seat("9" * 100_000, 4), TrickcoreError, "no seat")
    args, note = class_link_arguments("play_demo", {}, "oh-hell-4-99-3", "7" * 100_000)
    assert args["code"] == "oh-hell-4-99-3"
    assert "seat" not in args
    assert note is not None
    assert "seat" in note


def test_play_demo_past_the_last_deal() -> None:
    pytest.importorskip("ipywidgets")
    from trickcore.widgets.hand_view import play_demo

    _refusal(lambda: play_demo(deal=20), ArgumentError, "has 19 deals", "not 20")
    _refusal(lambda: play_demo(deal=0), ArgumentError, "deal")
    assert play_demo(deal=19) is not None

"""The rules in words match what the engine does."""

from __future__ import annotations

import json
import pathlib

import pytest

from trickcore.cli import main
from trickcore.engine.auction import fixed_sides
from trickcore.engine.dealing import rng_for
from trickcore.engine.events import Phase
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.engine.turns import bot_action, play_deal
from trickcore.errors import IllegalBidError, RulesetError
from trickcore.players.random import RandomBot
from trickcore.rules import with_options
from trickcore.rules.describe import describe
from trickcore.rules.registry import get_variant
from trickcore.solver import Position, PositionError, position_from_deal, solve


@pytest.mark.parametrize(("extra", "sides", "words"), [
    ({}, ((0, 2, 4), (1, 3, 5)), "Two sides of three in alternate seats"),
    ({"partnership": "three-pairs"}, ((0, 3), (1, 4), (2, 5)),
     "three sides of two, each with the player opposite"),
])
def test_six_hand_sides_in_words_match_the_engine(extra: dict[str, str],
                                                  sides: tuple[tuple[int, ...], ...],
                                                  words: str) -> None:
    ruleset = with_options(get_variant("five-hundred-6"), extra)
    assert fixed_sides(ruleset, 6) == sides
    text = describe(ruleset, 6)
    assert words in text
    if not extra:
        assert "opposite" not in text


def test_four_hand_partners_sit_opposite() -> None:
    ruleset = get_variant("five-hundred")
    assert fixed_sides(ruleset, 4) == ((0, 2), (1, 3))
    assert "partners sit opposite each other" in describe(ruleset, 4)


@pytest.mark.parametrize(("extra", "words"), [
    ({}, "names any card but the joker and the two bowers"),
    ({"called_card": "not-joker"}, "names any card but the joker (a bower may be named)"),
    ({"called_card": "no-trump"}, "names any card but the joker and the trumps"),
])
def test_called_card_text_follows_the_option(extra: dict[str, str], words: str) -> None:
    text = describe(with_options(get_variant("five-hundred-5"), extra), 5)
    assert words in text
    assert "may not name a card they hold" in text


def test_called_card_text_says_an_own_card_means_alone() -> None:
    ruleset = with_options(get_variant("five-hundred-5"), {"call_own_card_alone": "true"})
    assert "Naming a card the contractor holds or discarded means playing alone" in describe(
        ruleset, 5)


@pytest.mark.parametrize("key", ["oh-hell", "five-hundred", "five-hundred-2", "humbug"])
def test_revokes_allowed_only_with_a_penalty_a_source_gives(key: str) -> None:
    base = get_variant(key)
    options: dict[str, object] = {"revokes_allowed": True}
    if key == "humbug":
        options["revoke_penalty_tricks"] = 0
    with pytest.raises(RulesetError, match="revokes_allowed"):
        with_options(base, options)


def test_revoke_penalty_only_with_trick_difference_scoring() -> None:
    with pytest.raises(RulesetError, match="revoke_penalty_tricks is Humbug's penalty"):
        with_options(get_variant("oh-hell"), {"revoke_penalty_tricks": 3, "players": (2,)})


def test_humbug_revokes_carry_the_three_trick_penalty() -> None:
    ruleset = with_options(get_variant("humbug"), {"revokes_allowed": True})
    assert ruleset.revoke_penalty_tricks == 3
    assert "costs the offender 3 tricks, handed to the opponent" in describe(ruleset)


def test_cli_refuses_revokes_outside_humbug_in_one_line(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    code = main(["play", "five-hundred", "--option", "revokes_allowed=true", "--seed", "1",
                 "--bots", "random"])
    err = capsys.readouterr().err.strip()
    assert code != 0
    assert len(err.splitlines()) == 1
    assert "revokes_allowed" in err


def test_solver_refuses_two_hand_five_hundred_positions() -> None:
    data = {"variant": "five-hundred-2", "hands": [["AS"], ["KS"]], "trump": "S"}
    with pytest.raises(PositionError, match="does not model the table piles"):
        Position.from_json(data)


def test_solver_refuses_a_deal_with_table_piles() -> None:
    deal = Match(get_variant("five-hundred-2"), 2, seed=1).make_deal(0)
    assert deal.table
    with pytest.raises(PositionError, match="table piles"):
        position_from_deal(deal)


def test_solver_refuses_the_suitless_joker_at_no_trumps() -> None:
    data = {"variant": "five-hundred", "hands": [["JK", "AS"], ["KS", "QS"], ["5H", "6H"],
                                                 ["7H", "8H"]], "trump": None}
    with pytest.raises(PositionError, match="JK has no suit at no trumps: the solver does not model the suitless joker"):
        Position.from_json(data)
    named = Position.from_json({**data, "joker_suit": "S"})
    assert solve(named, 0).tricks == 2


def test_cli_solve_refuses_the_suitless_joker_in_one_line(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"variant": "five-hundred", "trump": "NT",
                                "hands": [["JK"], ["KS"], ["5H"], ["6H"]]}))
    code = main(["solve", str(path)])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert len(err.splitlines()) == 1
    assert "no suit at no trumps" in err


QUEBEC_MISERE = {"misere_timing": "any-time", "open_misere": "any-time"}


def _quebec_after(calls: list[str], seed: int = 3) -> HandState:
    ruleset = with_options(get_variant("five-hundred-quebec"), QUEBEC_MISERE)
    state = Match(ruleset, 4, seed).next_deal()
    for call in calls:
        state.bid(call)
    return state


@pytest.mark.parametrize(("over", "allowed"), [("8S", False), ("8H", False), ("8NT", True),
                                               ("9S", True)])
def test_quebec_petite_misere_only_8nt_or_higher_outbids_it(over: str, allowed: bool) -> None:
    state = _quebec_after(["misere"])
    assert state.can_bid(over) is allowed
    if not allowed:
        with pytest.raises(IllegalBidError, match="does not outrank misere"):
            state.bid(over)


@pytest.mark.parametrize(("over", "allowed"), [("10H", False), ("10NT", True)])
def test_quebec_grosse_misere_only_10nt_outbids_it(over: str, allowed: bool) -> None:
    state = _quebec_after(["open-misere"])
    assert state.can_bid(over) is allowed


def test_quebec_misere_may_be_called_over_an_eight_below_8nt() -> None:
    assert _quebec_after(["8H"]).can_bid("misere")
    assert not _quebec_after(["8NT"]).can_bid("misere")


@pytest.mark.parametrize(("call", "value"), [("misere", 500), ("open-misere", 1000)])
def test_quebec_misere_scores_its_own_value(call: str, value: int) -> None:
    for seed in range(40):
        state = _quebec_after([call, "pass", "pass", "pass"], seed=seed)
        if state.phase is not Phase.DISCARD:
            continue
        play_deal(state, [RandomBot(rng=rng_for("q", 4, seed, "bot", s)) for s in range(4)])
        assert sorted({abs(p) for p in state.points}) == [0, value]
        return
    pytest.fail("no seed gave the misère to the caller")


def test_quebec_grosse_misere_is_open_from_the_first_lead() -> None:
    for seed in range(40):
        state = _quebec_after(["open-misere", "pass", "pass", "pass"], seed=seed)
        if state.phase is not Phase.DISCARD:
            continue
        bots = [RandomBot(rng=rng_for("q", 4, seed, "bot", s)) for s in range(4)]
        while state.phase is not Phase.PLAYING:
            state.apply(bot_action(bots[state.to_act], state).action)
        assert state.exposed == [state.contractor]
        return
    pytest.fail("no seed gave the open misère to the caller")


def test_quebec_has_no_slam_value_and_says_its_misere_ladder() -> None:
    quebec = get_variant("five-hundred-quebec")
    assert quebec.slam_value == 0
    text = describe(quebec, 4)
    assert "at least 250" not in text
    assert "misère (500) ranks just below 8NT and open misère (1000) just below 10NT" in text
    on = describe(with_options(quebec, QUEBEC_MISERE), 4)
    assert "Misère (500: lose every trick, playing alone) ranks just below 8NT" in on
    assert "face up from the first lead" in on


@pytest.mark.parametrize(("options", "words"), [
    ({"misere_outbid_by": "11NT"}, "misere_outbid_by must be a trick call"),
    ({"misere_outbid_by": "8NT", "misere_beats_eight_spades": True}, "would place it too"),
    ({"misere_outbid_by": "9S", "open_misere_outbid_by": "9S"}, "same place"),
])
def test_misere_places_are_checked(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesetError, match=words):
        with_options(get_variant("five-hundred"), options)

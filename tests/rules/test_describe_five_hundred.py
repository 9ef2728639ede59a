"""The Five Hundred rules text says what the engine does.

``trickcore rules <variant>`` is generated from the ruleset (trickcore/rules/describe.py); these
tests tie the numbers and claims of that text to the engine's scoring of real played deals and
to its game-end rule, in English and in French, so that the words cannot drift from the play.
"""

from __future__ import annotations

import re

import pytest

import trickcore as tc
from trickcore import i18n
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.match import five_hundred_end
from trickcore.rules import with_options
from trickcore.rules.describe import describe, rule_lines

FIVE_HUNDRED = ("five-hundred", "five-hundred-2", "five-hundred-3", "five-hundred-5",
                "five-hundred-6", "five-hundred-quebec")


def played(key: str, seed: int, extra: dict[str, str] | None = None) -> tc.HandState:
    """The first deal of a match of ``key`` with ``seed``, played out by the heuristic bots."""
    ruleset = tc.get_variant(key)
    if extra:
        ruleset = with_options(ruleset, extra)
    n = ruleset.players[0]
    state = tc.Match(ruleset, n, seed).next_deal()
    tc.play_deal(state, [tc.HeuristicBot() for _ in range(n)])
    return state


def deals_with_a_partner(extra: dict[str, str] | None = None) -> list[tc.HandState]:
    """Five-hand deals (seeds 1-12) in which a partner was called for a trick contract."""
    out = [played("five-hundred-5", seed, extra) for seed in range(1, 13)]
    return [s for s in out if s.partner is not None and s.contract is not None
            and s.contract.kind is CallKind.TRICKS]


def test_five_hand_text_gives_the_partners_share_the_engine_scores() -> None:
    text = describe(tc.get_variant("five-hundred-5"), 5)
    found = re.search(r"half of that value \((\d+) for 8♠\)", text)
    assert found is not None
    share = int(found.group(1))
    assert share == Call.parse("8S").value() // 2
    deals = deals_with_a_partner()
    assert {s.made for s in deals} == {True, False}  # both outcomes are checked
    for state in deals:
        assert state.points is not None
        assert state.contract is not None
        assert state.contractor is not None
        assert state.partner is not None
        half = state.contract.value(state.ruleset) // 2
        sign = 1 if state.made else -1
        assert state.points[state.contractor] == state.points[state.partner] == sign * half


def test_five_hand_full_shares_are_worded_and_scored() -> None:
    extra = {"called_partner_half": "false"}
    text = describe(with_options(tc.get_variant("five-hundred-5"), extra), 5)
    assert "each of the two partners wins or loses the whole value" in text
    for state in deals_with_a_partner(extra):
        assert state.points is not None
        assert state.contract is not None
        assert state.contractor is not None
        assert state.partner is not None
        whole = state.contract.value(state.ruleset)
        assert abs(state.points[state.contractor]) == abs(state.points[state.partner]) == whole


def test_a_failed_contract_costs_what_the_text_says() -> None:
    # Four-hand: the text says a failed contract loses its value; a played failure does.
    assert "a failed contract loses its value" in describe(tc.get_variant("five-hundred"), 4)
    failures = [s for s in (played("five-hundred", seed) for seed in range(1, 40))
                if s.made is False and s.contract is not None
                and s.contract.kind is CallKind.TRICKS]
    assert failures
    for state in failures:
        assert state.points is not None
        assert state.contract is not None
        assert state.contractor is not None
        assert state.points[state.contractor] == -state.contract.value(state.ruleset)


def test_quebec_text_and_engine_give_a_failed_contract_to_the_other_side() -> None:
    text = describe(tc.get_variant("five-hundred-quebec"), 4)
    assert "a failed contract gives its value to the other side" in text
    failures = [s for s in (played("five-hundred-quebec", seed) for seed in range(1, 40))
                if s.made is False and s.contract is not None]
    assert failures
    for state in failures:
        assert state.points is not None
        assert state.contract is not None
        assert state.contractor is not None
        assert state.points[state.contractor] == 0
        other = (state.contractor + 1) % 4
        assert state.points[other] == (state.contract.value(state.ruleset)
                                       + 10 * (state.tricks_won[other]
                                               + state.tricks_won[(other + 2) % 4]))


@pytest.mark.parametrize("key", FIVE_HUNDRED)
def test_the_end_of_game_scores_in_the_text_are_the_rulesets(key: str) -> None:
    ruleset = tc.get_variant(key)
    last = rule_lines(ruleset, ruleset.players[0])[-1]
    assert str(ruleset.target) in last
    if ruleset.failed_contract_to_opponents:
        # Québec: nothing is ever subtracted, so the text names no losing score...
        assert f"-{ruleset.target}" not in last
        assert "Scores never go down" in last
    else:
        assert f"-{ruleset.target} or below" in last


def test_quebec_scores_never_go_down_so_only_reaching_the_target_ends_the_game() -> None:
    ruleset = tc.get_variant("five-hundred-quebec")
    match = tc.Match(ruleset, 4, 3)
    match.play([tc.HeuristicBot() for _ in range(4)])
    assert all(p >= 0 for deal in match.deals for p in deal.points or ())
    end = five_hundred_end(ruleset, match.deals, 4)
    assert end is not None  # the game ended by its rule, not by the cap on deals
    index, winners = end
    assert index == len(match.deals) - 1
    assert all(match.totals[s] >= ruleset.target for s in winners)


def test_a_five_hand_player_at_minus_the_target_ends_the_game() -> None:
    # The text: "a player at -500 or below loses, which ends the game, and the best total among
    # the others wins". Play matches until one ends that way, and check the engine agrees.
    ruleset = tc.get_variant("five-hundred-5")
    assert "a player at -500 or below loses, which ends the game" in describe(ruleset, 5)
    for seed in range(1, 40):
        match = tc.Match(ruleset, 5, seed)
        match.play([tc.HeuristicBot() for _ in range(5)])
        if min(match.totals) <= -ruleset.target:
            out = [s for s in range(5) if match.totals[s] <= -ruleset.target]
            rest = [s for s in range(5) if s not in out]
            best = max(match.totals[s] for s in rest)
            assert match.winners == [s for s in rest if match.totals[s] == best]
            return
    pytest.fail("no five-hand match in seeds 1-39 ended with a player at -500")


@pytest.mark.parametrize(("key", "words"), [
    ("five-hundred-2", "The two players play against each other."),
    ("five-hundred-3", "for each hand the others ally against the contractor"),
])
def test_who_plays_with_whom_fits_the_number_of_players(key: str, words: str) -> None:
    ruleset = tc.get_variant(key)
    text = describe(ruleset, ruleset.players[0])
    assert words in text
    if key == "five-hundred-2":
        assert "ally" not in text


def test_two_jokers_are_named_in_the_trump_order() -> None:
    assert "the two jokers are the highest trumps" in describe(
        tc.get_variant("five-hundred-quebec"), 4)
    assert "the joker is the highest trump" in describe(tc.get_variant("five-hundred"), 4)


@pytest.mark.parametrize("key", FIVE_HUNDRED)
def test_the_french_rules_text_is_all_translated(key: str) -> None:
    ruleset = tc.get_variant(key)
    english = rule_lines(ruleset, ruleset.players[0])
    with i18n.language("fr"):
        french = rule_lines(ruleset, ruleset.players[0])
    assert len(french) == len(english)
    for en, fr in zip(english[1:], french[1:], strict=True):
        assert en != fr, en
    # The numbers are the same in both languages (the French writes 10SA for 10NT).
    digits = [re.findall(r"-?\d+", line) for line in english]
    assert digits == [re.findall(r"-?\d+", line) for line in french]


@pytest.mark.parametrize(("held", "named"), [("JK", True), ("JK2", False)])
def test_only_the_higher_quebec_joker_may_be_named_as_the_text_says(held: str,
                                                                     named: bool) -> None:
    from support500 import build_deal, discard_keeping, win_auction

    ruleset = tc.get_variant("five-hundred-quebec")
    assert "only the higher one may be named" in describe(ruleset, 4)
    other = "JK2" if held == "JK" else "JK"
    state = tc.HandState(ruleset, build_deal(ruleset, {0: held, 1: other}, dealer=3, seed=2))
    win_auction(state, 0, "7NT")
    discard_keeping(state, keep=held)
    assert (state.phase is tc.Phase.JOKER) is named

"""Random play of every Five Hundred form, checked against the second reading of the rules.

For each registry key (and a set of options) whole matches are played by seeded bots:
``trickcore.RandomBot`` (which bids high, so matches are short) and a cautious random bidder (so
that matches run long and every contract comes up).  For every position the cards are accounted
for; for every record ``check_record`` replays the auction, the discards, the partner call, the
joker, every card (following suit under bowers and the joker rules, the two-hand order of play),
every trick winner, the points by the Avondale table, the totals, the dealer rotation and the end
of the game, without asking the engine; the engine must then replay its own record, also after a
JSON round trip.
"""

from __future__ import annotations

import collections
import json
from typing import Any

import pytest
from support500 import (
    FORMS,
    all_cards_of,
    bots,
    check_record,
    expected_pack,
)

import trickcore as tc

RANDOM_MATCHES = 30
CAUTIOUS_MATCHES = 10

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("five-hundred", {"contractor_leads": False}),
    ("five-hundred", {"all_pass": "redeal"}),
    ("five-hundred", {"all_pass": "dealer-must-bid"}),
    ("five-hundred", {"deck": "43-odd-fours"}),
    ("five-hundred", {"deck": "45"}),
    ("five-hundred", {"split_colours": True}),
    ("five-hundred", {"auction_rounds": "single", "six_bids": "inkles"}),
    ("five-hundred", {"misere_timing": "any-time", "misere_beats_eight_spades": True}),
    ("five-hundred", {"open_misere": "after-8"}),
    ("five-hundred", {"win_rule": "walker-ultimate"}),
    ("five-hundred", {"joker_rule": "new-zealand"}),
    ("five-hundred", {"joker_rule": "wikipedia"}),
    ("five-hundred", {"slam_value": 0, "misere_ends_at_first_trick": False}),
    ("five-hundred-3", {"deck": "45", "dead_hand": True}),
    ("five-hundred-2", {"two_hand_form": "seed"}),
    ("five-hundred-2", {"table_piles": 0, "dead_hand": True, "deck": "33"}),
    ("five-hundred-6", {"deck": "65"}),
    ("five-hundred-6", {"partnership": "three-pairs"}),
    ("five-hundred-5", {"called_partner_half": False, "called_card": "not-joker"}),
    ("five-hundred-quebec", {"high_joker": "black"}),
]


def play_checked(ruleset: tc.Ruleset, seed: int, kind: str) -> tc.Match:
    """Play a whole match, checking after every action that every card is accounted for."""
    n = ruleset.players[0]
    pack = sorted(expected_pack(ruleset.deck.value))
    match = tc.Match(ruleset, n, seed)
    players = bots(kind, n, seed)
    while not match.is_over:
        state = match.next_deal()
        deal = state.deal
        dealt = [c.code for s in range(n) for c in deal.hand(s)] + [c.code for c in deal.kitty]
        dealt += [c.code for piles in deal.table for pile in piles for c in pile]
        dealt += [c.code for c in deal.dead]
        assert sorted(dealt) == pack
        while not state.is_over:
            assert state.legal_actions, state
            assert state.to_act is not None
            choice = players[state.to_act](state)
            state.apply(choice.action)
            assert sorted(all_cards_of(state)) == pack
        assert state.points is not None
        assert len(state.points) == n
        for side in state.sides:
            assert len({state.points[s] for s in side}) == 1
    return match


def check_match(match: tc.Match) -> list[dict[str, Any]]:
    record = match.record()
    text = tc.write_record(match)
    assert json.loads(text) == record
    facts = check_record(json.loads(text))
    again = tc.read_record(text)
    assert again.totals == match.totals
    assert again.winners == match.winners
    assert again.record() == record
    return facts


@pytest.mark.parametrize("key", list(FORMS))
def test_random_bots_every_form(key: str) -> None:
    ruleset = tc.get_variant(key)
    for seed in range(RANDOM_MATCHES):
        match = play_checked(ruleset, seed, "random")
        assert match.winners
        check_match(match)


@pytest.mark.parametrize("key", list(FORMS))
def test_cautious_bots_every_form(key: str) -> None:
    ruleset = tc.get_variant(key)
    seen: collections.Counter[str] = collections.Counter()
    for seed in range(CAUTIOUS_MATCHES):
        match = play_checked(ruleset, seed, "cautious")
        for facts in check_match(match):
            call = facts["contract"][1] if facts["contract"] else "none"
            seen[call] += 1
            if facts["ended_early"]:
                seen["ended-early"] += 1
            if facts["joker_leads"]:
                seen["joker-lead"] += 1
            if facts.get("partner") is not None:
                seen["called-partner"] += 1
            if facts["made"] and call[0].isdigit() and sum(
                    facts["tricks_won"][s] for side in facts["sides"]
                    if facts["contract"][0] in side for s in side) == 10:
                seen["slam"] += 1
    assert seen["none"] > 0  # some deals are thrown in
    assert len(seen) >= 12
    if key == "five-hundred-5":
        assert seen["called-partner"] > 0
    if key == "five-hundred":
        assert seen["misere"] > 0


@pytest.mark.slow
@pytest.mark.parametrize(("key", "options"), OPTIONS,
                         ids=[f"{k}-{'-'.join(map(str, o.values()))}" for k, o in OPTIONS])
def test_random_bots_with_options(key: str, options: dict[str, Any]) -> None:
    ruleset = tc.with_options(tc.get_variant(key), options)
    for seed in range(6):
        for kind in ("random", "cautious"):
            check_match(play_checked(ruleset, seed, kind))


def test_all_pass_no_trump_tricks_random() -> None:
    """Everyone passes now and then with the cautious bidder: those deals are played at no trumps,
    each side scoring 10 a trick (partners carry equal points)."""
    ruleset = tc.with_options(tc.get_variant("five-hundred"), {"all_pass": "no-trump-tricks"})
    for seed in range(6):
        check_match(play_checked(ruleset, seed, "cautious"))


def test_seeded_matches_repeat_exactly() -> None:
    for key in FORMS:
        ruleset = tc.get_variant(key)
        first = play_checked(ruleset, 3, "cautious").record()
        second = play_checked(ruleset, 3, "cautious").record()
        assert first == second

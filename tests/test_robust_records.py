"""Issue 16: records of unfinished deals round-trip; check refuses what is malformed."""

from __future__ import annotations

import json

import pytest

from trickcore.engine.dealing import rng_for
from trickcore.engine.events import DiscardChosen, Phase
from trickcore.engine.match import Match
from trickcore.engine.turns import bot_action
from trickcore.notation.records import match_record, write_record
from trickcore.notation.replay import read_record
from trickcore.players.random import RandomBot
from trickcore.rules import with_options
from trickcore.rules.registry import get_variant

STOPS = (Phase.BIDDING, Phase.DISCARD, Phase.CALL, Phase.JOKER)


@pytest.mark.parametrize(("key", "options"), [
    ("five-hundred", {}), ("five-hundred", {"split_colours": "true"}), ("five-hundred-2", {}),
    ("five-hundred-3", {}), ("five-hundred-5", {}), ("five-hundred-6", {}),
    ("five-hundred-quebec", {}),
])
def test_records_stopped_at_every_exchange_step_round_trip(key: str,
                                                           options: dict[str, str]) -> None:
    ruleset = with_options(get_variant(key), options)
    players = ruleset.players[0]
    seen: set[Phase] = set()
    for seed in range(25):
        match = Match(ruleset, players, seed)
        bots = [RandomBot(rng=rng_for(key, players, seed, "bot", s)) for s in range(players)]
        for _ in range(3):
            if match.is_over:
                break
            state = match.next_deal()
            while not state.is_over:
                if state.phase in STOPS:
                    seen.add(state.phase)
                    again = read_record(write_record(match)).deals[-1]
                    assert again.phase is state.phase
                    assert again.to_act == state.to_act
                    assert again.events == [e for e in state.events
                                            if not isinstance(e, DiscardChosen)]
                state.apply(bot_action(bots[state.to_act], state).action)  # type: ignore[index]
    assert Phase.DISCARD in seen
    if key == "five-hundred-5":
        assert Phase.CALL in seen
    if key in ("five-hundred", "five-hundred-quebec"):
        assert Phase.JOKER in seen


def test_a_record_stopped_at_the_partner_call_invents_no_call() -> None:
    ruleset = get_variant("five-hundred-5")
    for seed in range(60):
        match = Match(ruleset, 5, seed)
        state = match.next_deal()
        while state.phase is Phase.BIDDING:
            state.bid(state.legal_bids[-1] if not state.calls else "pass")
        if state.phase is not Phase.DISCARD:
            continue
        state.discard(list(state.legal_actions[:state.discard_count]))
        if state.phase is Phase.CALL:
            record = match_record(match)
            assert "called_card" not in record["deals"][0]
            again = read_record(json.dumps(record)).deals[0]
            assert again.phase is Phase.CALL
            assert again.called_card is None
            return
    pytest.fail("no deal reached the partner call")


@pytest.mark.parametrize("seed", ["abc", 1.5, True, b"1"], ids=repr)
def test_a_match_seed_is_a_whole_number(seed: object) -> None:
    from trickcore.errors import RulesetError

    with pytest.raises(RulesetError, match="seed is a whole number"):
        Match(get_variant("oh-hell"), 4, seed)  # type: ignore[arg-type]


def test_a_deal_of_a_foreign_size_is_refused() -> None:
    from trickcore.engine.dealing import deal_from_hands
    from trickcore.errors import RulesetError

    ruleset = get_variant("oh-hell")
    match = Match(ruleset, 4, 1)
    three = deal_from_hands(ruleset, [["AS", "2H"], ["KS", "3D"], ["QS", "4C"]], dealer=2,
                            turn_up="9H")
    with pytest.raises(RulesetError, match="not 2 to 3"):
        match.next_deal(three)
    assert match.deals == []


@pytest.mark.parametrize(("args", "why"), [
    (("oh-hell", 4, -1), "seed -1"), (("oh-hell", 4, 10**12), "seed"),
    (("oh-hell", 9, 5), "not 9"), (("oh-hell", 4, 5, 0), "numbered from 1"),
    (("oh-hell", 4, 5, 99999), "has 19 deals"), (("five-hundred", 4, 5, 201), "at most 200"),
    (("oh-hell", 4, 1.5), "whole number"),
])
def test_deal_code_never_makes_a_code_the_parser_refuses(args: tuple[object, ...],
                                                         why: str) -> None:
    from trickcore.errors import CardCodeError
    from trickcore.notation.codes import deal_code

    with pytest.raises(CardCodeError, match=why):
        deal_code(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(("code", "why"), [
    ("oh-hell-4-5-99999", "has 19 deals"), ("five-hundred-4-5-9999", "at most 200 deals"),
    ("oh-hell-\u0664-\u0665", "expected VARIANT"), ("oh-hell-4-\u0665", "expected VARIANT"),
    ("oh-hell-4-5-" + "9" * 20, "expected VARIANT"),
])
def test_deal_codes_name_the_right_problem(code: str, why: str) -> None:
    from trickcore.errors import CardCodeError
    from trickcore.notation.codes import parse_deal_code

    with pytest.raises(CardCodeError, match=why):
        parse_deal_code(code)


def test_every_code_deal_code_makes_parses_back() -> None:
    from trickcore.notation.codes import deal_code, parse_deal_code
    from trickcore.rules.registry import VARIANTS

    for key, ruleset in VARIANTS.items():
        for players in ruleset.players:
            last = len(ruleset.hand_sequence(players))
            for deal in {1, last, min(last, ruleset.max_deals)}:
                code = deal_code(ruleset, players, 999_999_999_999, deal)
                assert parse_deal_code(code).deal == deal, key


@pytest.mark.parametrize("joker_rule", ["pagat", "new-zealand"])
def test_a_joker_named_at_no_trumps_is_in_the_record_and_checked(joker_rule: str) -> None:
    """The suit named for the joker (by the contractor, or when a suitless joker is led) is in
    the record, and a record that leaves it out is refused."""
    import random

    from trickcore.errors import RecordError

    ruleset = with_options(get_variant("five-hundred"), {"joker_rule": joker_rule})
    named_by_contractor = led_named = 0
    for seed in range(300):
        rng = random.Random(seed)
        match = Match(ruleset, 4, seed)
        state = match.next_deal()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions))
        record = match_record(match)
        deal = record["deals"][0]
        if deal.get("joker_suit") is not None:
            named_by_contractor += 1
            deal.pop("joker_suit")
            with pytest.raises(RecordError, match="joker phase"):
                read_record(json.dumps(record))
            continue
        led = [t for t in deal["tricks"] if t.get("joker_suit")]
        if led:
            led_named += 1
            led[0].pop("joker_suit")
            with pytest.raises(RecordError, match="name a suit"):
                read_record(json.dumps(record))
    assert led_named > 0
    if joker_rule == "pagat":
        assert named_by_contractor > 0

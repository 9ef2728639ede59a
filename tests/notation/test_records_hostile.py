"""Records of unfinished deals round-trip; check refuses what is malformed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from trickcore.engine.dealing import rng_for
from trickcore.engine.events import DiscardChosen, Phase
from trickcore.engine.match import Match
from trickcore.engine.turns import bot_action
from trickcore.errors import RulesetError
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


# Integers are integers, texts are short, and a problem is one line, exit 2 -----------------------

def _humbug_record() -> dict[str, Any]:
    match = Match(get_variant("humbug"), 2, 4)
    match.play([RandomBot(seed=1), RandomBot(seed=2)])
    return match_record(match)


def _set(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(record))
    node: Any = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return copy


DISGUISED = [
    (("players",), 2.0, "not a whole number"),
    (("seed",), 4.0, "not a whole number"),
    (("deals", 0, "dealer"), True, "stands where a number"),
    (("deals", 0, "tricks", 0, "winner"), 1.0, "not a whole number"),
    (("deals", 0, "tricks", 0, "winner"), True, "stands where a number"),
    (("deals", 0, "tricks", 0, "leader"), False, "stands where a number"),
    (("deals", 0, "tricks_won"), [15.0, 0.0], "not a whole number"),
    (("deals", 0, "points"), [True, False], "stands where a number"),
    (("deals", 0, "totals"), [1e300, 0], "not a whole number"),
    (("result", "winners"), [0.0], "not a whole number"),
    (("result", "totals"), [2**64, 0], "larger than any record holds"),
    (("seed",), -(2**70), "larger than any record holds"),
    (("variant",), "humbug" * 1000, "longer than any record holds"),
    (("deals", 0, "hands", 0, 0), "A" * 300, "longer than any record holds"),
    (("deals", 0, "tricks", 0, "x" * 300), 1, "longer than any record holds"),
    # a text with a line break or a bidirectional control would split or reorder the message
    (("deals", 0, "tricks", 0, "winner"), "1\n2", "control character U\\+000A"),
    (("deals", 0, "hands", 0, 0), "A\u202eS", "control character U\\+202E"),
    (("deals", 0, "tricks", 0, "x\ny"), 1, "control character U\\+000A"),
]


@pytest.mark.parametrize(("path", "value", "why"), DISGUISED)
def test_counts_in_disguise_are_refused(path: tuple[Any, ...], value: Any, why: str) -> None:
    """15.0 and true were accepted where counts belong (Python finds 15.0 == 15, True == 1)."""
    from trickcore.errors import RecordError

    record = _set(_humbug_record(), path, value)
    with pytest.raises(RecordError, match=why) as caught:
        read_record(json.dumps(record))
    assert not caught.value.illegal
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("path", "value", "why"), [
    *DISGUISED[:4], (("deals", 0, "tricks_won"), "[NaN, Infinity]", "not a whole number")])
def test_check_refuses_them_in_one_line_with_exit_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Any, path: tuple[Any, ...], value: Any,
        why: str) -> None:
    from trickcore.cli import main

    text = json.dumps(_set(_humbug_record(), path, "@@"))
    text = text.replace('"@@"', value if isinstance(value, str) else json.dumps(value))
    file = tmp_path / "record.json"
    file.write_text(text)
    assert main(["check", str(file)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert why in err


def test_a_record_play_writes_is_never_refused_by_these_checks() -> None:
    for key in ("humbug", "five-hundred-2", "oh-pshaw"):
        ruleset = get_variant(key)
        n = ruleset.players[0]
        match = Match(ruleset, n, 2**63 - 1)
        match.play([RandomBot(seed=s) for s in range(n)])
        assert read_record(write_record(match)).totals == match.totals
    with pytest.raises(RulesetError, match="63 bits"):
        Match(get_variant("humbug"), 2, 2**63)

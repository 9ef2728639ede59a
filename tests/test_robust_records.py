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

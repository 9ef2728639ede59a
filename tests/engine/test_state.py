"""HandState by composition: the phase table, the parts each ruleset calls for, copies, and the
variant looked up once at the edge (deal codes, records)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trickcore as tc
import trickcore.notation.codes as codes_module
import trickcore.notation.replay as replay_module
from trickcore.engine.auction import Auction
from trickcore.engine.bidding import ExactBidding
from trickcore.engine.contract_play import ContractPlay
from trickcore.engine.kitty import Exchange
from trickcore.engine.play import TrickPlay
from trickcore.engine.state import PHASES, HandState, Phase


def test_the_phase_table_covers_every_phase() -> None:
    assert set(PHASES) == set(Phase)
    assert PHASES[Phase.DONE].follows == frozenset()
    for rule in PHASES.values():
        assert rule.follows <= set(Phase) - {Phase.BIDDING}


def test_a_phase_change_the_table_does_not_allow_is_refused() -> None:
    state = tc.state_from_code("oh-hell-4-2718")
    with pytest.raises(AssertionError, match="bidding phase cannot lead to call"):
        state._enter(Phase.CALL)
    assert state.phase is Phase.BIDDING


@pytest.mark.parametrize(("code", "bidding", "exchange", "play"), [
    ("oh-hell-4-2718", ExactBidding, type(None), TrickPlay),
    ("humbug-2-7", type(None), type(None), TrickPlay),
    ("five-hundred-4-99", Auction, Exchange, ContractPlay),
    ("five-hundred-2-2-7", Auction, Exchange, ContractPlay),
])
def test_the_ruleset_decides_the_parts(code: str, bidding: type, exchange: type,
                                       play: type) -> None:
    state = tc.state_from_code(code)
    assert type(state._bidding) is bidding
    assert type(state._exchange) is exchange
    assert type(state._play) is play
    assert state.phase is (Phase.PLAYING if bidding is type(None) else Phase.BIDDING)


def test_games_without_a_part_read_as_before() -> None:
    humbug = tc.state_from_code("humbug-2-7")
    assert humbug.bids == [None, None]
    assert humbug.legal_bids == ()
    assert humbug.calls == []
    assert humbug.sides == ((0,), (1,))
    assert humbug.active == (0, 1)
    assert humbug.table_up == [0, 0]
    assert humbug.exposed == []
    assert humbug.kitty == ()
    assert humbug.hook_forbids is None
    assert humbug.partner_revealed is True
    assert humbug.covered_table_cards() == ()
    assert humbug.team_of(1) == (1,)
    with pytest.raises(tc.IllegalBidError, match="no bid can be made now: the deal is in the"
                                                 " playing phase"):
        humbug.bid(3)


def _play_out(state: tc.HandState, seed: int) -> tc.HandState:
    bots = [tc.RandomBot(seed=seed + s) for s in range(state.players)]
    return tc.play_deal(state, bots)


@pytest.mark.parametrize("code", ["oh-hell-4-2718", "oh-pshaw-3-5-4", "humbug-2-7",
                                  "five-hundred-4-99", "five-hundred-2-2-7",
                                  "five-hundred-5-5-3", "five-hundred-6-6-1"])
def test_a_copy_is_independent_and_plays_the_same(code: str) -> None:
    state = tc.state_from_code(code)
    rng = random.Random(5)
    for _ in range(7):  # into the bidding, the exchange or the play
        if state.is_over:
            break
        choice = tc.RandomBot(rng=rng)(state)
        state.apply(choice.action)
    before = (state.phase, list(state.hands), list(state.events), state.to_act,
              list(state.table_up), state.covered_table_cards())
    twin = state.copy()
    _play_out(twin, 3)
    assert twin.is_over
    assert (state.phase, list(state.hands), list(state.events), state.to_act,
            list(state.table_up), state.covered_table_cards()) == before
    again = _play_out(state.copy(), 3)
    assert again.events == twin.events
    assert again.points == twin.points


def test_two_hand_face_down_cards_are_read_and_set_through_the_state() -> None:
    state = tc.state_from_code("five-hundred-2-2-7")
    covered = state.covered_table_cards()
    assert len(covered) == 10
    seat, up = covered[0]
    down = state.face_down(seat, up)
    assert down is not None
    assert down.bit & ~state.table_up[seat]
    other = state.face_down(*covered[1])
    assert other is not None
    world = state.copy()
    world.set_face_down(seat, up, other)
    assert world.face_down(seat, up) is other
    assert state.face_down(seat, up) is down
    with pytest.raises(ValueError, match="does not cover"):
        world.set_face_down(seat, down, other)
    with pytest.raises(ValueError, match="only two-hand"):
        tc.state_from_code("oh-hell-4-2718").set_face_down(0, up, down)


def _count_lookups(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[str]:
    seen: list[str] = []
    real = module.get_variant

    def counting(name: str) -> tc.Ruleset:
        seen.append(name)
        return real(name)

    monkeypatch.setattr(module, "get_variant", counting)
    return seen


@pytest.mark.parametrize("code", ["oh-hell-4-2718", "oh-hell-4-2718-5", "five-hundred-2-2-5"])
def test_a_deal_code_looks_its_variant_up_once(monkeypatch: pytest.MonkeyPatch,
                                                code: str) -> None:
    seen = _count_lookups(monkeypatch, codes_module)
    state = tc.state_from_code(code)
    assert len(seen) == 1
    tc.match_from_code(code)
    assert len(seen) == 2
    parsed, ruleset = codes_module.read_deal_code(code)
    assert ruleset is state.ruleset
    assert parsed == tc.parse_deal_code(code)


def test_a_record_looks_its_variant_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    match = tc.Match(tc.get_variant("oh-pshaw"), players=3, seed=5)
    match.play([tc.RandomBot(seed=s) for s in range(3)])
    record = match.record()
    seen = _count_lookups(monkeypatch, replay_module)
    assert tc.replay_record(record).totals == match.totals
    assert seen == ["oh-pshaw"]


def test_match_record_is_the_notation_writer() -> None:
    match = tc.match_from_code("humbug-2-4")
    match.play([tc.HeuristicBot(), tc.HeuristicBot()])
    assert match.record() == tc.match_record(match)


def test_hand_state_is_the_public_class() -> None:
    assert HandState is tc.HandState

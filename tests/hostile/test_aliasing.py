"""No aliasing in the public API: every list, dict or set a public object hands out is a copy
or cannot be changed, so what a caller does to it leaves the object as it was
(tests/engine/test_state_hostile.py checks the hand state's own lists; this is every public
object's)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest

import trickcore as tc
from trickcore.players.random import RandomBot


def _halfway_match(key: str = "oh-hell", players: int = 4) -> tc.Match:
    match = tc.Match(tc.get_variant(key), players, seed=3)
    bots = [RandomBot(seed=s) for s in range(players)]
    tc.play_deal(match.next_deal(), bots)
    if match.is_over:  # one deal can end a game of Five Hundred
        return match
    state = match.next_deal()
    for _ in range(players + 2):
        state.apply(bots[state.to_act](state).action)  # type: ignore[index]
    return match


def _finished_match(key: str = "humbug", players: int = 2) -> tc.Match:
    match = tc.Match(tc.get_variant(key), players, seed=4)
    match.play([tc.HeuristicBot()] * players)
    return match


def _results() -> tc.Results:
    return tc.play_deals(tc.get_variant("oh-hell"), [tc.RandomBot(seed=1), tc.HeuristicBot()],
                         players=4, deals=8, hand_size=3)


def _position() -> tc.Position:
    return tc.Position.from_json({"hands": [["AS", "KS", "QH"], ["2S", "3H", "4H"],
                                            ["5S", "6H", "7D"]], "trump": None})


OBJECTS: dict[str, Callable[[], Any]] = {
    "match": _halfway_match,
    "finished match": _finished_match,
    "five hundred match": lambda: _halfway_match("five-hundred", 4),
    "state": lambda: _halfway_match().deals[-1],
    "deal": lambda: _halfway_match().deals[-1].deal,
    "ruleset": lambda: tc.get_variant("five-hundred"),
    "context": lambda: _halfway_match().deals[-1].context,
    "results": _results,
    "position": _position,
    "result": lambda: tc.solve(_position()),
    "deal code": lambda: tc.parse_deal_code("oh-hell-4-2718-3"),
}


def _public(thing: Any) -> dict[str, Any]:
    found = {}
    for name in dir(thing):
        if name.startswith("_"):
            continue
        try:
            value = getattr(thing, name)
        except Exception:
            continue
        if not callable(value) or isinstance(value, (list, dict, set)):
            found[name] = value
    return found


def _snapshot(thing: Any) -> dict[str, str]:
    return {name: repr(value) for name, value in _public(thing).items()}


def _vandalise(value: Any) -> bool:
    """Do to ``value`` what a caller might; True if it could be changed at all."""
    if isinstance(value, list):
        value.append(None)
        value.reverse()
        value.clear()
        return True
    if isinstance(value, dict):
        value["vandal"] = None
        value.clear()
        return True
    if isinstance(value, set):
        value.add("vandal")
        value.clear()
        return True
    if isinstance(value, tuple):
        return any([_vandalise(item) for item in value])
    return False


@pytest.mark.parametrize("kind", sorted(OBJECTS))
def test_what_a_public_object_hands_out_cannot_change_it(kind: str) -> None:
    thing = OBJECTS[kind]()
    before = _snapshot(thing)
    for name, value in _public(thing).items():
        _vandalise(value)
        assert _snapshot(thing) == before, f"{kind}.{name} is the object's own"


def test_reversing_a_match_s_deals_leaves_its_record() -> None:
    match = _finished_match("oh-hell", 4)
    record = tc.write_record(match)
    deals = match.deals
    with contextlib.suppress(AttributeError):  # immutable: as good
        deals.reverse()  # type: ignore[attr-defined]
    assert tc.write_record(match) == record
    assert tc.read_record(record).totals == match.totals


def test_a_match_s_deals_can_still_be_set_from_a_copy() -> None:
    match = _finished_match("humbug", 2)
    other = tc.Match(match.ruleset, 2, seed=match.seed)
    given = list(match.deals)
    other.deals = given  # type: ignore[assignment]
    given.clear()
    assert len(other.deals) == len(match.deals)
    assert other.totals == match.totals


def test_the_trump_context_is_immutable() -> None:
    context = _halfway_match().deals[-1].context
    trump = context.trump
    with pytest.raises(AttributeError):
        context.trump = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        context.power = ()  # type: ignore[misc]
    assert context.trump == trump


def test_a_record_is_a_fresh_dict_each_time() -> None:
    match = _finished_match()
    first = tc.match_record(match)
    first["deals"].clear()
    first.clear()
    assert tc.match_record(match)["deals"]

"""What the state hands out cannot change it; copies and pickles are independent and
equal; a language setting of any type is refused clearly."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

import trickcore as tc
from trickcore import i18n
from trickcore.engine.turns import play_deal
from trickcore.i18n import UnknownLanguageError
from trickcore.notation.result_codes import encode_result
from trickcore.players.random import RandomBot

CONFIGS = [("oh-hell", 4), ("oh-pshaw", 3), ("humbug", 2), ("five-hundred", 4),
           ("five-hundred-2", 2), ("five-hundred-5", 5), ("up-and-down-the-river", 6)]
COLLECTIONS = ["events", "bids", "calls", "passed", "tricks", "tricks_won", "revokes",
               "table_up", "exposed", "hands", "points", "sides", "active", "kitty", "discards",
               "legal_actions", "legal_bids", "legal_plays", "current"]


def _bots(n: int) -> list[RandomBot]:
    return [RandomBot(seed=7 + s) for s in range(n)]


def _halfway(key: str, n: int, seed: int = 3) -> tc.Match:
    """A match with one finished deal and the next one half played."""
    match = tc.Match(tc.get_variant(key), n, seed)
    bots = _bots(n)
    play_deal(match.next_deal(), bots)
    if not match.is_over:
        state = match.next_deal()
        for _ in range(state.hand_size * n // 2 + n):
            if state.is_over:
                break
            state.apply(bots[state.to_act](state).action)  # type: ignore[index]
    return match


def _snapshot(state: tc.HandState) -> Any:
    return ([repr(getattr(state, name, None)) for name in COLLECTIONS]
            + [state.phase, state.to_act, repr(state.hand(0))])


def _vandalise(value: Any) -> None:
    """Everything a caller might do to a list it was given."""
    if isinstance(value, list):
        if value and isinstance(value[0], int) and not isinstance(value[0], bool):
            value[0] += 7
        value.append(None)
        value.reverse()
        value.clear()


@pytest.mark.parametrize(("key", "n"), CONFIGS)
def test_what_the_state_returns_cannot_change_it(key: str, n: int) -> None:
    for state in _halfway(key, n).deals:
        before = _snapshot(state)
        for name in COLLECTIONS:
            _vandalise(getattr(state, name, None))
        won = state.tricks_won
        won[0] += 7  # once, this changed the state's own count
        assert _snapshot(state) == before
        with pytest.raises(TypeError):
            state.hands[0] = 0  # type: ignore[index]


def test_the_tricks_won_setter_takes_a_copy() -> None:
    state = _halfway("oh-hell", 4).deals[0]
    given = [1, 2, 3, 4]
    state.tricks_won = given
    given[0] = 99
    assert state.tricks_won == [1, 2, 3, 4]


COPIES: list[Callable[[Any], Any]] = [copy.copy, copy.deepcopy,
                                       lambda x: pickle.loads(pickle.dumps(x))]


@pytest.mark.parametrize("copier", COPIES, ids=["copy", "deepcopy", "pickle"])
@pytest.mark.parametrize(("key", "n"), CONFIGS)
def test_copies_and_pickles_are_equal_and_independent(key: str, n: int,
                                                      copier: Callable[[Any], Any]) -> None:
    match = _halfway(key, n)
    record = match.record()
    twin = copier(match)
    assert twin == match
    assert twin.record() == record
    assert encode_result(twin if twin.current is None else _finished(copier(match)), 0)
    for state in match.deals:
        assert copier(state) == state
    if twin.current is not None:
        play_deal(twin.current, _bots(n))
        assert twin != match
    assert match.record() == record  # playing on the copy left the original as it was
    if match.current is not None:
        assert match.current.to_act is not None


def _finished(match: tc.Match) -> tc.Match:
    if match.current is not None:
        play_deal(match.current, _bots(match.players))
    return match


def test_a_copy_gives_the_same_result_code() -> None:
    match = tc.Match(tc.get_variant("oh-hell"), 4, 2718)
    play_deal(match.next_deal(), _bots(4))
    for copier in COPIES:
        assert encode_result(copier(match), 1) == encode_result(match, 1)


@pytest.mark.parametrize("code", [3, 3.0, b"fr", bytearray(b"fr"), "fr\x00", "", " ", "x" * 10_000,
                                  "\u202efr", ["fr"], {"fr": 1}, object(), True, "zz"])
def test_any_language_setting_is_refused_clearly(code: Any) -> None:
    before = i18n.get_language()
    with pytest.raises(UnknownLanguageError) as caught:
        i18n.set_language(code)
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200
    with pytest.raises(UnknownLanguageError), i18n.language(code):
        pass  # pragma: no cover - never entered
    assert i18n.get_language() == before


@pytest.mark.parametrize("junk", ["zz", "fr\x01", "x" * 5000, "-", "..", "fr_FR.UTF-8@x" * 50])
def test_junk_in_trickcore_lang_falls_back_to_english(junk: str) -> None:
    env = {**os.environ, "TRICKCORE_LANG": junk}
    run = subprocess.run([sys.executable, "-c", "import trickcore as tc; print(tc.get_language())"],
                         env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0
    assert run.stdout.strip() == "en"
    assert run.stderr == ""


@pytest.mark.parametrize("seat", [4, -1, 10**9, "0", None, True, 1.0])
@pytest.mark.parametrize("method", ["hand", "table", "team_of", "known_team"])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: Any, method: str) -> None:
    """``hand(-1)`` gave the last seat's cards and ``hand(9)`` an IndexError from inside."""
    from trickcore.errors import SeatError

    state = _halfway("oh-hell", 4).deals[0]
    with pytest.raises(SeatError, match="is not a seat of this 4-player table"):
        getattr(state, method)(seat)

"""``HandState.seats_to_play``: the seats still to play to the trick in progress, the seat to
act first, as the completed trick's record then shows them (a misère partner sitting out,
two-hand Five Hundred's hand and table cards, and the plain trick of the Oh Hell family)."""

from __future__ import annotations

import pytest

import trickcore as tc
from trickcore.engine.events import Phase
from trickcore.engine.turns import bot_action


@pytest.mark.parametrize("code", ["five-hundred-4-76", "five-hundred-2-2-90",
                                  "five-hundred-3-3-177", "five-hundred-quebec-4-4",
                                  "oh-hell-4-7-5", "humbug-2-5"])
def test_the_seats_to_play_are_the_trick_s_seats(code: str) -> None:
    state = tc.state_from_code(code)
    bot = tc.HeuristicBot()
    seen: list[tuple[int, int, tuple[int, ...]]] = []
    while not state.is_over:
        if state.phase is Phase.PLAYING:
            to_play = state.seats_to_play
            assert to_play[0] == state.to_act
            seen.append((len(state.tricks), len(state.current.cards), to_play))
        state.apply(bot_action(bot, state).action)
    assert seen
    for trick, played, to_play in seen:
        if trick < len(state.tricks):
            assert tuple(state.tricks[trick].seats(state.players)[played:]) == to_play

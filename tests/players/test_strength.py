"""The bots' strengths: each plays whole hands legally in every family, the same
choices every time, and the strong bot beats the beginner on a fixed set of seeded deals."""

from __future__ import annotations

import pytest

from trickcore.engine.turns import bot_action
from trickcore.errors import RulesetError
from trickcore.players.montecarlo import MonteCarloBot
from trickcore.players.random import RandomBot
from trickcore.players.strength import STRENGTHS, StrengthBot, check_strength
from trickcore.widgets.demo_model import DealSetup

FAMILIES = [("oh-hell", 4, 6), ("five-hundred", 4, 1), ("humbug", 2, 1)]


def _play(key: str, players: int, seed: int, deal: int, mine: str, others: str) -> list[int]:
    """Points of a whole hand: seat 0 at strength ``mine``, every other seat at ``others``;
    ``bot_action`` raises if any bot chooses an illegal action."""
    setup = DealSetup(key, players, seed, deal)
    state = setup.state
    me, them = StrengthBot(mine, setup.code), StrengthBot(others, setup.code)
    while not state.is_over:
        state.apply(bot_action(me if state.to_act == 0 else them, state).action)
    assert state.points is not None
    return list(state.points)


@pytest.mark.parametrize(("key", "players", "deal"), FAMILIES)
@pytest.mark.parametrize("strength", STRENGTHS)
def test_each_strength_plays_whole_hands_legally(key: str, players: int, deal: int,
                                                 strength: str) -> None:
    for seed in (3, 4):
        points = _play(key, players, seed, deal, strength, strength)
        assert len(points) == players
        # The same deal at the same strength is played the same way (seeded per decision).
        assert _play(key, players, seed, deal, strength, strength) == points


def test_the_bot_of_each_strength_is_the_one_named() -> None:
    setup = DealSetup("oh-hell", 4, 5, 2)
    state = setup.state
    assert isinstance(StrengthBot("beginner", setup.code).bot(state), RandomBot)
    assert isinstance(StrengthBot("strong", setup.code).bot(state), MonteCarloBot)
    assert StrengthBot("standard", setup.code)(state).action == \
        StrengthBot("standard", setup.code).heuristic(state).action
    # Different moves of a deal draw different seeds; the same move the same seed.
    bot = StrengthBot("beginner", setup.code)
    later = state.copy()
    later.apply(bot(later).action)
    assert bot.seed(state) != bot.seed(later)
    assert bot.seed(state) == StrengthBot("beginner", setup.code).seed(state.copy())
    with pytest.raises(RulesetError, match="beginner, standard or strong"):
        check_strength("expert")


@pytest.mark.parametrize(("key", "players", "deal", "deals", "margin"), [
    # Measured on seeds 1-20 (5 cards, standard bots around): beginner 2.45, strong 7.05 points
    # a hand (Oh Hell); beginner -272.5, strong 76.5 (Five Hundred); -4.5 and 6.2 (Humbug).
    ("oh-hell", 4, 6, 20, 2.0),
    ("five-hundred", 4, 1, 12, 100.0),
    ("humbug", 2, 1, 12, 4.0),
])
def test_strong_beats_beginner_on_average(key: str, players: int, deal: int, deals: int,
                                          margin: float) -> None:
    """The same seat of the same deals, the other seats standard: the strong bot scores more
    than the beginner by a clear margin (the seeds are fixed: no luck of the draw)."""
    beginner = [_play(key, players, seed, deal, "beginner", "standard")[0]
                for seed in range(1, deals + 1)]
    strong = [_play(key, players, seed, deal, "strong", "standard")[0]
              for seed in range(1, deals + 1)]
    assert sum(strong) / deals > sum(beginner) / deals + margin

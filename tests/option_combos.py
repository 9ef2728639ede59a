"""Option combinations for the hostile-input tests: values to draw for each option, and a
bounded match played with random bots under a ruleset (tests/rules/test_options_hostile.py)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from trickcore.engine.dealing import rng_for
from trickcore.engine.match import Match
from trickcore.engine.turns import bot_action
from trickcore.notation.records import write_record
from trickcore.notation.replay import read_record
from trickcore.players.random import RandomBot
from trickcore.rules import Ruleset, option_names

#: The most actions a bounded match may take (a 200-deal target game of 13-card hands is
#: about 11,000): a match that needs more is one the bots cannot finish.
MAX_ACTIONS = 40_000

_INTS: dict[str, list[int]] = {
    "fixed_deals": [1, 2, 3], "max_deals": [1, 2, 5], "target": [1, 30, 100, 500],
    "table_piles": [0, 1, 2, 5, 6], "packs": [1, 2], "max_start": [0, 1, 3, 7],
    "revoke_penalty_tricks": [0, 1, 3], "exact_bonus": [0, 10], "stake_rate": [0, 1, 2],
    "hard_score_bonus": [0, 10], "pool_ante": [0, 1], "misere_value": [0, 250],
    "open_misere_value": [0, 500], "slam_value": [0, 250], "defender_trick_points": [0, 10],
}
_TEXTS: dict[str, list[str]] = {
    "high_joker": ["coloured", "black", "black-and-white"],
    "misere_outbid_by": ["", "8NT", "7S", "10NT"],
    "open_misere_outbid_by": ["", "10NT", "9H"],
}


def option_values(ruleset: Ruleset) -> dict[str, list[Any]]:
    """For each option, the values a test draws from (as Python values)."""
    fields = {f.name: f for f in dataclasses.fields(Ruleset)}
    out: dict[str, list[Any]] = {}
    for name in option_names():
        default = fields[name].default
        if isinstance(default, enum.Enum):
            out[name] = [member.value for member in type(default)]
        elif isinstance(default, bool):
            out[name] = [True, False]
        elif name in _INTS:
            out[name] = _INTS[name]
        elif name in _TEXTS:
            out[name] = _TEXTS[name]
        elif name == "players":
            out[name] = [[2], [3], [4], [5], [6], [2, 3], [3, 4, 5], [7, 8]]
        elif name in ("hand_sizes", "cards_removed"):
            out[name] = [{n: v} for n in ruleset.players for v in (0, 1, 2, 5, 10, 13)]
        elif name == "trump_rotation":
            out[name] = [["S", "H", "D", "C", "NT"], ["NT"], []]
    return out


def play_bounded(ruleset: Ruleset, players: int, seed: int) -> Match:
    """A whole match with random bots; AssertionError if it takes over ``MAX_ACTIONS``."""
    match = Match(ruleset, players, seed)
    bots = [RandomBot(rng=rng_for(ruleset.key, players, seed, "bot", s)) for s in range(players)]
    actions = 0
    while not match.is_over:
        state = match.next_deal()
        while not state.is_over:
            state.apply(bot_action(bots[state.to_act], state).action)  # type: ignore[index]
            actions += 1
            assert actions <= MAX_ACTIONS, f"the bots cannot finish: {ruleset!r}"
    return match


def round_trip(match: Match) -> None:
    """The match's record is read back by ``check`` with the same totals."""
    again = read_record(write_record(match))
    assert again.totals == match.totals
    assert again.winners == match.winners

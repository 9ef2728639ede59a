"""Bots by strength, for a student who chooses how hard the table plays.

* ``"beginner"``: :class:`~trickcore.players.random.RandomBot`, a random legal move;
* ``"standard"``: :class:`~trickcore.players.heuristic.HeuristicBot`, the rules of thumb;
* ``"strong"``: :class:`~trickcore.players.montecarlo.MonteCarloBot` with a fixed budget of
  :data:`STRONG_SAMPLES` sampled deals per decision (a count, not a time: the same choice on
  every machine).  In Five Hundred it bids, takes the kitty and calls as the heuristic bot
  does, and plays its cards by simulation.

:class:`StrengthBot` draws its generator afresh for each decision from the deal's code, the
strength and how far the deal has gone, so a deal replayed (undo, "start again", another
machine) gets the same moves, and a change of strength applies from the next move.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("oh-hell-4-2718-3")
>>> [StrengthBot(s, "oh-hell-4-2718-3")(state).action for s in STRENGTHS] == [
...     StrengthBot(s, "oh-hell-4-2718-3")(state).action for s in STRENGTHS]
True
"""

from __future__ import annotations

import zlib

from trickcore.arguments import typed
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, Choice
from trickcore.errors import RulesetError
from trickcore.i18n import _
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.montecarlo import MonteCarloBot
from trickcore.players.random import RandomBot

__all__ = ["DEFAULT_STRENGTH", "STRENGTHS", "STRONG_SAMPLES", "StrengthBot", "check_strength"]

#: The strengths, weakest first.
STRENGTHS = ("beginner", "standard", "strong")
DEFAULT_STRENGTH = "standard"
#: Sampled deals per decision of the strong bot: one decision at the first trick of a 10-card,
#: 4-player Oh Hell deal takes well under a second in the browser (bench/bench_bots.py).
STRONG_SAMPLES = 16


def check_strength(strength: object) -> str:
    """``strength`` if it is one of :data:`STRENGTHS`.

    >>> check_strength("strong")
    'strong'
    >>> check_strength("expert")
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: the bots' strength is beginner, standard or strong, not 'expert'
    """
    if strength not in STRENGTHS:
        raise RulesetError(_("the bots' strength is beginner, standard or strong, not {strength}")
                           .format(strength=repr(strength)))
    return str(strength)


class StrengthBot:
    """The bot of ``strength`` for the deal named ``key`` (its deal code), seeded per decision.

    ``"strong"`` costs a hundred times the standard bot's time and more: bench/bench_ladder.py
    measured 17 s a four-hand Five Hundred game, 23 to 33 s a whole Oh Hell match and about
    1 s a Humbug game (the C engine, on a busy two-core machine), and how much stronger it is.

    >>> from trickcore.notation.codes import state_from_code
    >>> state = state_from_code("humbug-2-7")
    >>> StrengthBot("strong", "humbug-2-7")(state).action in state.legal_plays
    True
    """

    @typed
    def __init__(self, strength: str, key: str, *, samples: int = STRONG_SAMPLES) -> None:
        self.strength = check_strength(strength)
        self.key = key
        self.samples = samples
        self.heuristic = HeuristicBot()

    def seed(self, state: HandState) -> int:
        """The seed of the decision at ``state``: the deal, the strength, the moves made."""
        return zlib.crc32(f"{self.key}|{self.strength}|{len(state.events)}".encode())

    def bot(self, state: HandState) -> Bot:
        """The bot that makes the decision at ``state``."""
        if self.strength == "beginner":
            return RandomBot(self.seed(state))
        if self.strength == "strong":
            return MonteCarloBot(self.samples, seed=self.seed(state))
        return self.heuristic

    def __call__(self, state: HandState) -> Choice:
        answer = self.bot(state)(state)
        return answer if isinstance(answer, Choice) else Choice(answer)

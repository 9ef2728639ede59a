"""Players: bots that choose a move for the seat to act, each with a reason.

:mod:`~trickcore.players.random` (:class:`RandomBot`), :mod:`~trickcore.players.heuristic`
(:class:`HeuristicBot`, the Oh Hell family and Humbug), :mod:`~trickcore.players.heuristic500`
(:class:`FiveHundredHeuristic`, which :class:`HeuristicBot` calls for Five Hundred) and
:mod:`~trickcore.players.montecarlo` (:class:`MonteCarloBot`); :mod:`~trickcore.players.strength`
(:class:`StrengthBot`: one of them by the strength a student chooses).  A bot is any callable
(:data:`Bot`) that takes the state and returns an action or a :class:`Choice`.

>>> from trickcore.notation.codes import state_from_code
>>> HeuristicBot()(state_from_code("five-hundred-4-99")).action.label
'6♠'
"""

from trickcore.engine.turns import Bot, Choice
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.heuristic500 import FiveHundredHeuristic
from trickcore.players.montecarlo import MonteCarloBot, sample_world, shown_voids
from trickcore.players.random import RandomBot
from trickcore.players.strength import STRENGTHS, StrengthBot

__all__ = [
    "STRENGTHS",
    "Bot",
    "Choice",
    "FiveHundredHeuristic",
    "HeuristicBot",
    "MonteCarloBot",
    "RandomBot",
    "StrengthBot",
    "sample_world",
    "shown_voids",
]

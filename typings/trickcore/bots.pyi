"""Type stub for the old path ``trickcore.bots``, now ``trickcore.players``.

Only for mypy, until nothing imports ``trickcore.bots`` any more (trickcore._moved answers it
at run time)."""

from trickcore.players import (
    Bot as Bot,
    Choice as Choice,
    FiveHundredHeuristic as FiveHundredHeuristic,
    HeuristicBot as HeuristicBot,
    MonteCarloBot as MonteCarloBot,
    RandomBot as RandomBot,
    sample_world as sample_world,
    shown_voids as shown_voids,
)

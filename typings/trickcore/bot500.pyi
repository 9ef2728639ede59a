"""Type stub for the old path ``trickcore.bot500``, now ``trickcore.players.heuristic500``.

Only for mypy, until nothing imports ``trickcore.bot500`` any more (trickcore._moved answers it
at run time)."""

from trickcore.players.heuristic500 import (
    FiveHundredHeuristic as FiveHundredHeuristic,
)

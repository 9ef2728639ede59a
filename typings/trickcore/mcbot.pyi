"""Type stub for the old path ``trickcore.mcbot``, now ``trickcore.players.montecarlo``.

Only for mypy, until nothing imports ``trickcore.mcbot`` any more (trickcore._moved answers it
at run time)."""

from trickcore.players.montecarlo import (
    MonteCarloBot as MonteCarloBot,
    sample_world as sample_world,
    shown_voids as shown_voids,
)

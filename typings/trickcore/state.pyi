"""Type stub for the old path ``trickcore.state``, now ``trickcore.engine.state``.

Only for mypy, until nothing imports ``trickcore.state`` any more (trickcore._moved answers it
at run time)."""

from trickcore.engine.state import (
    Announced as Announced,
    BidMade as BidMade,
    CardPlayed as CardPlayed,
    ContractSet as ContractSet,
    DealView as DealView,
    Discarded as Discarded,
    Event as Event,
    HAND as HAND,
    HandScored as HandScored,
    HandState as HandState,
    JokerNamed as JokerNamed,
    PHASES as PHASES,
    PartnerCalled as PartnerCalled,
    Phase as Phase,
    PhaseRule as PhaseRule,
    TABLE as TABLE,
    Trick as Trick,
    TrickWon as TrickWon,
)

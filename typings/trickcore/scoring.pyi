"""Type stub for the old path ``trickcore.scoring``, now ``trickcore.engine.scoring``.

Only for mypy, until nothing imports ``trickcore.scoring`` any more (trickcore._moved answers it
at run time)."""

from trickcore.engine.scoring import (
    BID_SCORER as BID_SCORER,
    BidScorer as BidScorer,
    CONTRACT_SCORER as CONTRACT_SCORER,
    ContractScorer as ContractScorer,
    PlayedDeal as PlayedDeal,
    deal_points as deal_points,
    exact_bid_points as exact_bid_points,
    five_hundred_points as five_hundred_points,
    settle as settle,
    winners_of as winners_of,
)

"""Type stub for the old path ``trickcore.codes``, now ``trickcore.notation.codes``.

Only for mypy, until nothing imports ``trickcore.codes`` any more (trickcore._moved answers it
at run time)."""

from trickcore.notation.codes import (
    DealCode as DealCode,
    deal_code as deal_code,
    match_from_code as match_from_code,
    parse_deal_code as parse_deal_code,
    read_deal_code as read_deal_code,
    state_from_code as state_from_code,
)

"""Type stub for the old path ``trickcore.records``, now ``trickcore.notation``.

Only for mypy, until nothing imports ``trickcore.records`` any more (trickcore._moved answers it
at run time)."""

from trickcore.notation import (
    DealCode as DealCode,
    FORMAT as FORMAT,
    card_code as card_code,
    deal_code as deal_code,
    match_from_code as match_from_code,
    match_record as match_record,
    parse_deal_code as parse_deal_code,
    read_deal_code as read_deal_code,
    read_record as read_record,
    replay_record as replay_record,
    state_from_code as state_from_code,
    write_record as write_record,
)

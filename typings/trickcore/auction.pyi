"""Type stub for the old path ``trickcore.auction``, now ``trickcore.engine.calls``.

Only for mypy, until nothing imports ``trickcore.auction`` any more (trickcore._moved answers it
at run time)."""

from trickcore.engine.calls import (
    ALONE_KINDS as ALONE_KINDS,
    Call as Call,
    CallKind as CallKind,
    Denomination as Denomination,
    LOSING_KINDS as LOSING_KINDS,
    OPEN_KINDS as OPEN_KINDS,
    australian_ladder as australian_ladder,
    avondale as avondale,
    calls_in_order as calls_in_order,
    check_call as check_call,
)

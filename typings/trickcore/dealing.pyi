"""Type stub for the old path ``trickcore.dealing``, now ``trickcore.engine.dealing``.

Only for mypy, until nothing imports ``trickcore.dealing`` any more (trickcore._moved answers it
at run time)."""

from trickcore.engine.dealing import (
    Deal as Deal,
    STANDARD_52 as STANDARD_52,
    choose_first_dealer as choose_first_dealer,
    deal_cards as deal_cards,
    deal_from_hands as deal_from_hands,
    rng_for as rng_for,
    turn_up_required as turn_up_required,
)

"""Type stub for the old path ``trickcore.variants``, now ``trickcore.rules.registry``.

Only for mypy, until nothing imports ``trickcore.variants`` any more (trickcore._moved answers it
at run time)."""

from trickcore.rules.registry import (
    BRITISH_OH_HELL as BRITISH_OH_HELL,
    CONTRACT_WHIST as CONTRACT_WHIST,
    FIVE_HUNDRED as FIVE_HUNDRED,
    FIVE_HUNDRED_2 as FIVE_HUNDRED_2,
    FIVE_HUNDRED_3 as FIVE_HUNDRED_3,
    FIVE_HUNDRED_5 as FIVE_HUNDRED_5,
    FIVE_HUNDRED_6 as FIVE_HUNDRED_6,
    FIVE_HUNDRED_QUEBEC as FIVE_HUNDRED_QUEBEC,
    HUMBUG as HUMBUG,
    OH_HELL as OH_HELL,
    OH_PSHAW as OH_PSHAW,
    OH_WELL as OH_WELL,
    UP_AND_DOWN_THE_RIVER as UP_AND_DOWN_THE_RIVER,
    VARIANTS as VARIANTS,
    get_variant as get_variant,
    variant_keys as variant_keys,
)

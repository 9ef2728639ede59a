"""The registry of variants: each one a :class:`~trickcore.rules.Ruleset` value, no logic.

The rulesets are defined by family (:mod:`~trickcore.rules.oh_hell`,
:mod:`~trickcore.rules.humbug`, :mod:`~trickcore.rules.five_hundred`); this module lists them
in book order and finds one by key, name or alias.

>>> get_variant("Nomination Whist").key
'contract-whist'
>>> [v.key for v in VARIANTS.values()][:3]
['oh-well', 'contract-whist', 'up-and-down-the-river']
>>> get_variant("oh hel")
Traceback (most recent call last):
...
trickcore.errors.UnknownVariantError: unknown variant 'oh hel'; did you mean 'oh-hell'? The variants are: oh-well, contract-whist, up-and-down-the-river, oh-pshaw, british-oh-hell, oh-hell, humbug, five-hundred, five-hundred-2, five-hundred-3, five-hundred-5, five-hundred-6, five-hundred-quebec
"""

from __future__ import annotations

import re

from trickcore.arguments import typed
from trickcore.errors import UnknownVariantError
from trickcore.i18n import _
from trickcore.rules.five_hundred import (
    FIVE_HUNDRED,
    FIVE_HUNDRED_2,
    FIVE_HUNDRED_3,
    FIVE_HUNDRED_5,
    FIVE_HUNDRED_6,
    FIVE_HUNDRED_QUEBEC,
)
from trickcore.rules.humbug import HUMBUG
from trickcore.rules.oh_hell import (
    BRITISH_OH_HELL,
    CONTRACT_WHIST,
    OH_HELL,
    OH_PSHAW,
    OH_WELL,
    UP_AND_DOWN_THE_RIVER,
)
from trickcore.rules.ruleset import Ruleset

__all__ = [
    "BRITISH_OH_HELL",
    "CONTRACT_WHIST",
    "FIVE_HUNDRED",
    "FIVE_HUNDRED_2",
    "FIVE_HUNDRED_3",
    "FIVE_HUNDRED_5",
    "FIVE_HUNDRED_6",
    "FIVE_HUNDRED_QUEBEC",
    "HUMBUG",
    "OH_HELL",
    "OH_PSHAW",
    "OH_WELL",
    "UP_AND_DOWN_THE_RIVER",
    "VARIANTS",
    "get_variant",
    "variant_keys",
]

#: Every variant by key, in the order the book presents them.
VARIANTS: dict[str, Ruleset] = {
    r.key: r
    for r in (OH_WELL, CONTRACT_WHIST, UP_AND_DOWN_THE_RIVER, OH_PSHAW, BRITISH_OH_HELL, OH_HELL,
              HUMBUG, FIVE_HUNDRED, FIVE_HUNDRED_2, FIVE_HUNDRED_3, FIVE_HUNDRED_5,
              FIVE_HUNDRED_6, FIVE_HUNDRED_QUEBEC)
}


def _normal(name: str) -> str:
    return re.sub(r"[\s_]+", "-", name.strip().lower())


_ALIASES: dict[str, str] = {}
for _ruleset in VARIANTS.values():
    for _name in (_ruleset.key, _ruleset.name, *_ruleset.aliases):
        _ALIASES[_normal(_name)] = _ruleset.key


def variant_keys() -> tuple[str, ...]:
    """The registry keys, in book order.

    >>> keys = variant_keys()
    >>> keys[:3], keys == tuple(VARIANTS)
    (('oh-well', 'contract-whist', 'up-and-down-the-river'), True)
    """
    return tuple(VARIANTS)


@typed
def get_variant(name: str) -> Ruleset:
    """Find a variant by key, name or alias (case, spaces and underscores do not matter).

    >>> get_variant("OH_HELL").name
    'Oh Hell!'
    """
    if not isinstance(name, str):
        raise UnknownVariantError(
            _("a variant is named by text, not {name!r}. The variants are: {value}").format(
                name=name, value=', '.join(VARIANTS))
        )
    key = _ALIASES.get(_normal(name))
    if key is None:
        import difflib  # only to suggest a name: it costs the live table's start in the browser

        close = difflib.get_close_matches(_normal(name), list(VARIANTS), n=1)
        hint = _("; did you mean {name!r}?").format(name=close[0]) if close else "."
        raise UnknownVariantError(
            _("unknown variant {name!r}{hint} The variants are: {value}").format(
                name=name, hint=hint, value=', '.join(VARIANTS))
        )
    return VARIANTS[key]

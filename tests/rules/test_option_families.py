"""Each option says, with its definition, which family alone uses it; validation, the book's
Five Hundred table and the lists of options all follow that one home."""

from __future__ import annotations

import pytest
from option_combos import option_values

import trickcore as tc
from trickcore.rules import FIVE_HUNDRED_OPTIONS, family_options, option_family, option_names

from trickbook.five_hundred import FIVE_HUNDRED_OPTION_ORDER


@pytest.mark.parametrize("name", family_options("five-hundred"))
def test_a_five_hundred_option_is_refused_in_another_family(name: str) -> None:
    five_hundred = tc.get_variant("five-hundred")
    default = getattr(tc.get_variant("oh-hell"), name)
    other = [v for v in option_values(five_hundred)[name] if v != default]
    assert other, name
    with pytest.raises(tc.RulesetError, match=f"the option {name} applies only to Five Hundred"):
        tc.with_options(tc.get_variant("oh-hell"), {name: other[0]})


def test_the_lists_come_from_the_definitions() -> None:
    assert set(family_options("five-hundred")) == FIVE_HUNDRED_OPTIONS
    assert all(option_family(name) == "five-hundred" for name in FIVE_HUNDRED_OPTIONS)
    assert {name for name in option_names() if option_family(name)} == FIVE_HUNDRED_OPTIONS
    names = list(option_names())
    listed = [n for n in FIVE_HUNDRED_OPTION_ORDER if n in FIVE_HUNDRED_OPTIONS]
    assert listed == sorted(listed, key=names.index)  # the book keeps the engine's order
    assert set(FIVE_HUNDRED_OPTION_ORDER) - FIVE_HUNDRED_OPTIONS == {"players", "deck", "target"}
    assert set(FIVE_HUNDRED_OPTION_ORDER) >= FIVE_HUNDRED_OPTIONS


def test_a_general_option_belongs_to_every_family() -> None:
    assert option_family("hook") == ""
    with pytest.raises(tc.UnknownOptionError):
        option_family("family")

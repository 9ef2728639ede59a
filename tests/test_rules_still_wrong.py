"""Issue 16, "Rules that are still wrong": the rules in words match what the engine does."""

from __future__ import annotations

import pytest

from trickcore.engine.auction import fixed_sides
from trickcore.rules import with_options
from trickcore.rules.describe import describe
from trickcore.rules.registry import get_variant


@pytest.mark.parametrize(("extra", "sides", "words"), [
    ({}, ((0, 2, 4), (1, 3, 5)), "Two sides of three in alternate seats"),
    ({"partnership": "three-pairs"}, ((0, 3), (1, 4), (2, 5)),
     "three sides of two, each with the player opposite"),
])
def test_six_hand_sides_in_words_match_the_engine(extra: dict[str, str],
                                                  sides: tuple[tuple[int, ...], ...],
                                                  words: str) -> None:
    ruleset = with_options(get_variant("five-hundred-6"), extra)
    assert fixed_sides(ruleset, 6) == sides
    text = describe(ruleset, 6)
    assert words in text
    if not extra:
        assert "opposite" not in text


def test_four_hand_partners_sit_opposite() -> None:
    ruleset = get_variant("five-hundred")
    assert fixed_sides(ruleset, 4) == ((0, 2), (1, 3))
    assert "partners sit opposite each other" in describe(ruleset, 4)


@pytest.mark.parametrize(("extra", "words"), [
    ({}, "names any card but the joker and the two bowers"),
    ({"called_card": "not-joker"}, "names any card but the joker (a bower may be named)"),
    ({"called_card": "no-trump"}, "names any card but the joker and the trumps"),
])
def test_called_card_text_follows_the_option(extra: dict[str, str], words: str) -> None:
    text = describe(with_options(get_variant("five-hundred-5"), extra), 5)
    assert words in text
    assert "may not name a card they hold" in text


def test_called_card_text_says_an_own_card_means_alone() -> None:
    ruleset = with_options(get_variant("five-hundred-5"), {"call_own_card_alone": "true"})
    assert "Naming a card the contractor holds or discarded means playing alone" in describe(
        ruleset, 5)

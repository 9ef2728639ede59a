"""The engine's one answer to "how does deal k get its trumps", which the dealing, the book's
schedule table and the batch path all ask."""

from __future__ import annotations

import json

import pytest

import trickcore as tc
from trickcore.engine.dealing import deal_cards, rng_for
from trickcore.engine.trumps import Turn, deal_trumps, no_trump_deals
from trickcore.rules import options_of
from trickcore.study.batch_support import turn_position

ROTATION = {"trump_method": "fixed-rotation", "trump_rotation": "H NT S"}


def rules(key: str, **options: object) -> tc.Ruleset:
    return tc.with_options(tc.get_variant(key), options)


def test_a_rotation_names_each_deal_s_trump_in_turn() -> None:
    ruleset = rules("oh-hell", **ROTATION)
    sizes = ruleset.hand_sequence(4)
    expected = [(tc.Suit.HEARTS, None, tc.Suit.SPADES)[k % 3] for k in range(len(sizes))]
    got = [deal_trumps(ruleset, players=4, hand_size=h, deal_index=k).suit
           for k, h in enumerate(sizes)]
    assert got == expected
    assert no_trump_deals(ruleset, 4) == tuple(k for k in range(len(sizes)) if k % 3 == 1)
    for k, h in enumerate(sizes[:4]):
        deal = deal_cards(ruleset, players=4, dealer=0, hand_size=h,
                          rng=rng_for(ruleset.key, 4, 1, "deal", k), deal_index=k)
        assert deal.trump == expected[k]
        assert deal.turn_up is None


def test_no_trump_deals_by_the_largest_size_and_by_no_card_to_turn() -> None:
    pshaw = tc.get_variant("oh-pshaw")  # 4 x 13: nothing left to turn
    assert no_trump_deals(pshaw, 4) == (12,)
    largest = rules("oh-hell", largest_deals_no_trump=True)
    sizes = largest.hand_sequence(4)
    assert no_trump_deals(largest, 4) == tuple(k for k, h in enumerate(sizes) if h == max(sizes))
    assert no_trump_deals(tc.get_variant("oh-hell"), 4) == ()



def test_each_no_trump_deal_says_why() -> None:
    from trickcore.engine.trumps import NoTrump

    def why(ruleset: tc.Ruleset, size: int, k: int = 0) -> NoTrump | None:
        return deal_trumps(ruleset, players=4, hand_size=size, deal_index=k).no_trump

    assert why(tc.get_variant("oh-pshaw"), 13) is NoTrump.NO_CARD_LEFT
    assert why(tc.get_variant("oh-pshaw"), 12) is None
    assert why(rules("oh-hell", largest_deals_no_trump=True), 10) is NoTrump.LARGEST_DEAL
    assert why(rules("oh-hell", **ROTATION), 9, 1) is NoTrump.ROTATION
    assert why(rules("oh-hell", **ROTATION), 9, 2) is None
    assert why(rules("oh-hell", trump_method="none"), 5) is NoTrump.GAME
    assert why(tc.get_variant("five-hundred"), 10) is None

def test_a_contract_names_five_hundred_s_trumps() -> None:
    how = deal_trumps(tc.get_variant("five-hundred"), players=4, hand_size=10)
    assert how.by_contract
    assert not how.at_no_trump
    assert how.turn is Turn.NONE
    assert no_trump_deals(tc.get_variant("five-hundred"), 4) == ()


@pytest.mark.parametrize(("key", "options", "size", "position"), [
    ("oh-hell", {}, 10, 40),
    ("oh-well", {}, 10, 39),  # the dealer's last card
    ("oh-pshaw", {}, 13, -1),  # nothing left to turn
    ("oh-hell", {"largest_deals_no_trump": True}, 10, -1),
    ("oh-hell", {"largest_deals_no_trump": True}, 9, 36),
])
def test_the_batch_path_finds_the_card_the_engine_turns(key: str, options: dict[str, object],
                                                        size: int, position: int) -> None:
    ruleset = rules(key, **options)
    assert turn_position(ruleset, 4, size) == position
    deal = deal_cards(ruleset, players=4, dealer=0, hand_size=size, rng=rng_for(key, 4, 2, "d"))
    assert (deal.turn_up is None) == (position == -1)


def test_a_rotation_is_written_as_codes_and_read_back_as_suits() -> None:
    ruleset = rules("oh-hell", **ROTATION)
    written = json.loads(json.dumps(options_of(ruleset, tc.get_variant("oh-hell"))))
    assert written["trump_rotation"] == ["H", "NT", "S"]
    again = tc.with_options(tc.get_variant("oh-hell"), written)
    assert again == ruleset
    assert again.trump_rotation == (tc.Suit.HEARTS, None, tc.Suit.SPADES)

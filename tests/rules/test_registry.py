"""The variant registry, ruleset validation and options."""

from __future__ import annotations

import dataclasses

import pytest
from support import CONFIGS, KEYS, config_id

import trickcore as tc
from trickcore.rules import options_of


def test_the_registry_keeps_each_family_together_in_book_order() -> None:
    """Each family's variants side by side, the Oh Hell family first and Humbug next (the
    book's order), ahead of any other family; each under its own key."""
    keys = tc.variant_keys()
    assert tuple(tc.VARIANTS) == keys
    assert len(set(keys)) == len(keys)
    for key in keys:
        assert tc.get_variant(key).key == key
    families = [tc.get_variant(k).family for k in keys]
    runs = [f for i, f in enumerate(families) if i == 0 or families[i - 1] != f]
    assert len(runs) == len(set(runs)), f"a family is split: {runs}"
    assert runs[:2] == ["oh-hell", "humbug"]
    assert keys[: len(KEYS)] == KEYS


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("nomination-whist", "contract-whist"),
        ("Nomination Whist", "contract-whist"),
        ("nomination_whist", "contract-whist"),
        ("CONTRACT WHIST", "contract-whist"),
        ("Oh Hell!", "oh-hell"),
        ("OH_HELL", "oh-hell"),
        ("Oh! Well", "oh-well"),
        ("Up and Down the River", "up-and-down-the-river"),
        ("Humbug", "humbug"),
    ],
)
def test_aliases_and_names(name: str, key: str) -> None:
    assert tc.get_variant(name) is tc.VARIANTS[key]


def test_every_alias_finds_its_variant() -> None:
    for key, ruleset in tc.VARIANTS.items():
        if key not in KEYS:
            continue
        for alias in (ruleset.name, *ruleset.aliases):
            assert tc.get_variant(alias).key == key


@pytest.mark.parametrize("name", ["bridge", "whist", "", "oh hel"])
def test_unknown_variant_lists_the_keys(name: str) -> None:
    with pytest.raises(tc.UnknownVariantError) as info:
        tc.get_variant(name)
    message = str(info.value)
    assert repr(name) in message
    for key in tc.variant_keys():
        assert key in message
    assert isinstance(info.value, LookupError)
    assert isinstance(info.value, tc.TrickcoreError)


def test_unknown_variant_suggests_a_close_key() -> None:
    with pytest.raises(tc.UnknownVariantError, match="did you mean 'oh-pshaw'"):
        tc.get_variant("oh-pshw")


@pytest.mark.parametrize("key", KEYS)
def test_rulesets_are_frozen(key: str) -> None:
    ruleset = tc.get_variant(key)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.hook = not ruleset.hook  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.players = (2,)  # type: ignore[misc]
    hash(ruleset)  # frozen dataclasses are hashable


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_player_count_fits_the_pack(config: tuple[str, int]) -> None:
    key, n = config
    ruleset = tc.get_variant(key)
    size = ruleset.max_hand_size(n)
    assert size >= 1
    assert n * size <= 52 - ruleset.removed(n)
    assert max(ruleset.hand_sequence(n)) == size


@pytest.mark.parametrize("key", KEYS)
def test_player_counts_outside_the_range_are_refused(key: str) -> None:
    ruleset = tc.get_variant(key)
    for n in (1, 2, 3, 8, 9):
        if n in ruleset.players:
            continue
        with pytest.raises(tc.RulesetError, match=f"not {n}"):
            ruleset.hand_sequence(n)
        with pytest.raises(tc.RulesetError, match=f"not {n}"):
            tc.Match(ruleset, n, seed=1)


# Contradictory rulesets ------------------------------------------------------------------------


def test_ten_cards_to_six_players_is_refused() -> None:
    with pytest.raises(tc.RulesetError) as info:
        tc.with_options(tc.get_variant("oh-hell"), {"hand_sizes": {"6": 10}})
    message = str(info.value)
    assert "6 players" in message
    assert "10 cards each need 60 cards" in message
    assert "52" in message


def test_too_many_cards_after_removal_is_refused() -> None:
    # Oh! Well sets 4 cards aside with 6 players: 48 remain, not enough for 6 x 9.
    with pytest.raises(tc.RulesetError, match="54 cards, but only 48 remain after 4"):
        tc.with_options(tc.get_variant("oh-well"), {"hand_sizes": {"6": 9}})


def test_fixed_rotation_needs_a_rotation() -> None:
    with pytest.raises(tc.RulesetError, match="trump_rotation"):
        tc.with_options(tc.get_variant("contract-whist"), {"trump_method": "fixed-rotation"})


def test_rotation_without_fixed_rotation_is_refused() -> None:
    with pytest.raises(tc.RulesetError, match="only used with trump_method fixed-rotation"):
        tc.with_options(tc.get_variant("contract-whist"), {"trump_rotation": "S H"})


def test_bad_rotation_entry_lists_the_choices() -> None:
    with pytest.raises(tc.RulesetError, match="S, H, D, C or NT") as info:
        tc.with_options(
            tc.get_variant("contract-whist"),
            {"trump_method": "fixed-rotation", "trump_rotation": "S X"},
        )
    assert "'X'" in str(info.value)


def test_oh_pshaw_four_players_needs_no_trump_when_no_card() -> None:
    with pytest.raises(tc.RulesetError) as info:
        tc.with_options(tc.get_variant("oh-pshaw"), {"no_trump_when_no_card": False})
    message = str(info.value)
    assert "4 players" in message
    assert "13-card deal leaves no card to turn" in message
    # With three players a card is always left over (45 of 52 dealt), so it is fine.
    three = tc.with_options(
        tc.get_variant("oh-pshaw"), {"players": [3], "no_trump_when_no_card": False}
    )
    assert three.no_trump_when_no_card is False


def test_unknown_option_lists_the_choices() -> None:
    with pytest.raises(tc.UnknownOptionError) as info:
        tc.with_options(tc.get_variant("oh-hell"), {"hooks": True})
    message = str(info.value)
    assert "'hooks' is not an option" in message
    assert "did you mean 'hook'" in message
    for name in tc.option_names():
        assert name in message
    assert isinstance(info.value, LookupError)


def test_fields_that_are_not_options() -> None:
    for name in ("key", "name", "family", "aliases", "source", "deck_size"):
        assert name not in tc.option_names()
        with pytest.raises(tc.UnknownOptionError):
            tc.with_options(tc.get_variant("oh-hell"), {name: "x"})


@pytest.mark.parametrize(
    ("option", "value", "choices"),
    [
        ("scoring", "blob", "simple, common, ten-plus-zero-available, bonus-only"),
        ("trump_method", "cut", "turn-next, top-of-stock, dealers-last, fixed-rotation, none"),
        ("first_dealer", "youngest", "random, high-card, low-card, first-jack"),
        ("schedule", "sideways", "fixed, down-up, up, up-down, down"),
        ("zero_bid", "7", "scheme, 5, 10, 5+h"),
        ("stakes", "chips", "none, hard-score, differences, pool, trick-difference"),
    ],
)
def test_bad_enum_value_lists_the_choices(option: str, value: str, choices: str) -> None:
    with pytest.raises(tc.RulesetError) as info:
        tc.with_options(tc.get_variant("oh-hell"), {option: value})
    message = str(info.value)
    assert option in message
    assert repr(value) in message
    assert choices in message


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"hook": "maybe"}, "expected true or false"),
        ({"target": "a lot"}, "cannot read"),
        ({"target": 1.5}, "expected a whole number"),
        ({"target": True}, "expected a whole number"),
        ({"target": 0}, "target and max_deals must be positive"),
        ({"exact_bonus": -1}, "cannot be negative"),
        ({"hand_sizes": "[1, 2, 3]"}, "expected a mapping of player counts"),
        ({"players": "[3, 1]"}, "2 or more"),
        ({"revoke_penalty_tricks": 3}, "two players only"),
        ({"bidding": "none"}, "need bidding"),
        ({"bidding": "none", "hook": False}, "scores by trick difference"),
        ({"hand_sizes": {"9": 5}}, "9 players, who cannot play"),
    ],
)
def test_bad_option_values_say_why(options: dict[str, object], fragment: str) -> None:
    with pytest.raises(tc.RulesetError, match=fragment):
        tc.with_options(tc.get_variant("oh-hell"), options)


# Options as text -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [("false", False), ("False", False), ("no", False), ("off", False), ("0", False),
     ("true", True), ("yes", True), ("1", True), (True, True), (False, False)],
)
def test_boolean_text(text: object, value: bool) -> None:
    ruleset = tc.with_options(tc.get_variant("oh-hell"), {"hook": text})
    assert ruleset.hook is value


def test_mapping_text() -> None:
    ruleset = tc.with_options(tc.get_variant("oh-hell"), {"hand_sizes": '{"6": 7}'})
    # A per-player-count table changes only the counts given.
    assert ruleset.hand_sizes == ((3, 10), (4, 10), (5, 10), (6, 7), (7, 7))
    assert ruleset.max_hand_size(6) == 7
    same = tc.with_options(tc.get_variant("oh-hell"), {"hand_sizes": {6: 7}})
    assert same == ruleset
    pairs = tc.with_options(tc.get_variant("oh-hell"), {"hand_sizes": [[6, 7]]})
    assert pairs == ruleset


def test_rotation_text() -> None:
    ruleset = tc.with_options(
        tc.get_variant("contract-whist"),
        {"trump-method": "fixed-rotation", "trump_rotation": "S H D C NT"},
    )
    assert ruleset.trump_method is tc.TrumpMethod.FIXED_ROTATION
    # Read once into suits (None: no trumps); records write the codes back.
    S = tc.Suit
    assert ruleset.trump_rotation == (S.SPADES, S.HEARTS, S.DIAMONDS, S.CLUBS, None)
    assert ruleset.rotation_codes == ("S", "H", "D", "C", "NT")
    assert options_of(ruleset, tc.get_variant("contract-whist"))["trump_rotation"] == [
        "S", "H", "D", "C", "NT"]
    lower = tc.with_options(
        tc.get_variant("contract-whist"),
        {"trump_method": "fixed-rotation", "trump_rotation": "s,h,d,c,nt"},
    )
    assert lower == ruleset
    listed = tc.with_options(
        tc.get_variant("contract-whist"),
        {"trump_method": "fixed-rotation", "trump_rotation": ["S", "H", "D", "C", "NT"]},
    )
    assert listed == ruleset


def test_rotation_is_followed_deal_by_deal() -> None:
    ruleset = tc.with_options(
        tc.get_variant("contract-whist"),
        {"trump_method": "fixed-rotation", "trump_rotation": "S H D C NT"},
    )
    match = tc.Match(ruleset, 4, seed=3)
    trumps = [match.make_deal(i).trump for i in range(7)]
    S, H, D, C = tc.Suit
    assert trumps == [S, H, D, C, None, S, H]


def test_numbers_enums_and_players_as_text() -> None:
    base = tc.get_variant("oh-pshaw")
    ruleset = tc.with_options(
        base, {"target": "150", "scoring": "common", "players": "[4, 3]", "stake_rate": 2}
    )
    assert ruleset.target == 150
    assert ruleset.scoring is tc.Scoring.COMMON
    assert ruleset.players == (3, 4)
    assert ruleset.stake_rate == 2
    assert base.target == 100  # the registry value is untouched
    only_three = tc.with_options(base, {"players": 3})
    assert only_three.players == (3,)


def test_with_options_returns_a_new_ruleset_and_leaves_the_registry_alone() -> None:
    pagat = tc.get_variant("oh-hell")
    no_hook = tc.with_options(pagat, {"hook": False})
    assert no_hook.hook is False
    assert pagat.hook is True
    assert tc.get_variant("oh-hell").hook is True
    assert tc.with_options(pagat, {}) == pagat


@pytest.mark.parametrize("key", KEYS)
def test_options_of_round_trips(key: str) -> None:
    from trickcore.rules import options_of

    base = tc.get_variant(key)
    assert options_of(base, base) == {}
    changed = tc.with_options(base, {"stake_rate": 3, "may_view_last_trick": True})
    options = options_of(changed, base)
    assert tc.with_options(base, options) == changed


def test_hand_sequences_of_every_variant() -> None:
    seq = {key: {n: tc.get_variant(key).hand_sequence(n) for n in tc.get_variant(key).players}
           for key in KEYS}
    down_up_10 = (*range(10, 0, -1), *range(2, 11))
    assert seq["oh-hell"] == {
        3: down_up_10, 4: down_up_10, 5: down_up_10,
        6: (*range(8, 0, -1), *range(2, 9)), 7: (*range(7, 0, -1), *range(2, 8)),
    }
    for n in range(3, 8):
        assert seq["contract-whist"][n] == (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
    assert seq["oh-pshaw"] == {3: tuple(range(1, 16)), 4: tuple(range(1, 14)),
                               5: tuple(range(1, 11)), 6: tuple(range(1, 9)),
                               7: tuple(range(1, 8))}
    assert seq["british-oh-hell"] == {n: tuple(range(1, 52 // n + 1)) for n in range(3, 8)}
    # A target game repeats one fixed size.
    assert seq["oh-well"] == {3: (17,), 4: (13,), 5: (10,), 6: (8,), 7: (7,)}
    assert seq["up-and-down-the-river"][4] == down_up_10
    assert seq["up-and-down-the-river"][5] == down_up_10
    assert seq["humbug"] == {2: (26,)}


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        ("fixed", (13,)),
        ("down-up", (*range(13, 0, -1), *range(2, 14))),
        ("up", tuple(range(1, 14))),
        ("up-down", (*range(1, 14), *range(12, 0, -1))),
        ("down", tuple(range(13, 0, -1))),
    ],
)
def test_schedules(schedule: str, expected: tuple[int, ...]) -> None:
    ruleset = tc.with_options(tc.get_variant("british-oh-hell"), {"schedule": schedule})
    assert ruleset.hand_sequence(4) == expected


def test_fixed_deals_count() -> None:
    ruleset = tc.with_options(
        tc.get_variant("british-oh-hell"), {"schedule": "fixed", "fixed_deals": 3}
    )
    assert ruleset.hand_sequence(5) == (10, 10, 10)


def test_the_ruleset_docstring_lists_each_field_once() -> None:
    doc = tc.Ruleset.__doc__ or ""
    assert doc.count("The fields, with their defaults:") == 1
    for field in dataclasses.fields(tc.Ruleset):
        assert doc.count(f"- ``{field.name}``") == 1, field.name

"""Card codes, interning, masks and the HTML view of a card."""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest
from support import PACK, RANKS, SUITS

import trickcore as tc
from trickcore import display
from trickcore.cards import CARDS, SUIT_MASKS, iter_mask
from trickcore.engine.calls import Denomination

RANK_CODES = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")
ALL_CODES = [r + s for s in SUITS for r in RANK_CODES] + ["JK", "JK2"]


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_round_trips(code: str) -> None:
    card = tc.Card.parse(code)
    assert card.code == code
    assert str(card) == code
    assert repr(card) == f"Card({code!r})"
    assert tc.Card.parse(str(card)) is card
    assert tc.Card.parse(code.lower()) is card
    assert tc.Card.parse(f"  {code.lower()} ") is card
    assert tc.Card.from_index(card.index) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_there_are_66_distinct_cards() -> None:
    cards = {tc.Card.parse(code) for code in ALL_CODES}
    assert len(cards) == 66
    assert sorted(c.index for c in cards) == list(range(66))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("10H", "TH"),
        ("10h", "TH"),
        ("th", "TH"),
        ("11H", "11H"),
        ("12s", "12S"),
        ("13d", "13D"),
        ("JK", "JK"),
        ("jk1", "JK"),
        ("joker", "JK"),
        ("JK2", "JK2"),
        ("jk2", "JK2"),
        ("as", "AS"),
        ("qC", "QC"),
    ],
)
def test_input_spellings(text: str, code: str) -> None:
    assert tc.Card.parse(text).code == code


def test_ranks_and_suits_of_parsed_cards() -> None:
    queen = tc.Card.parse("QH")
    assert queen.rank is tc.Rank.QUEEN
    assert queen.suit is tc.Suit.HEARTS
    assert queen == tc.Card.of(tc.Rank.QUEEN, tc.Suit.HEARTS)
    ten = tc.Card.parse("10S")
    assert (ten.rank, ten.suit, ten.symbol) == (tc.Rank.TEN, tc.Suit.SPADES, "10♠")
    assert tc.JOKER.is_joker
    assert tc.JOKER.suit is None
    assert tc.JOKER.rank is None
    assert not queen.is_joker
    # The eleven, twelve and thirteen sit between the ten and the jack.
    assert tc.Rank.TEN < tc.Rank.ELEVEN < tc.Rank.TWELVE < tc.Rank.THIRTEEN < tc.Rank.JACK


def test_interning() -> None:
    assert tc.Card.parse("AS") is tc.Card.parse("as")
    assert tc.Card.parse("10D") is tc.Card.parse("TD")
    assert tc.Card.parse("JK1") is tc.JOKER
    card = tc.Card.parse("7C")
    assert tc.Card.parse(card) is card
    with pytest.raises(TypeError, match="interned"):
        tc.Card(3)


@pytest.mark.parametrize(
    "code",
    ["ZZ", "", "  ", "A", "S", "1H", "0S", "14S", "1X", "AX", "10", "JK3", "ASS", "TT", "10HH",
     "H10", "🂡"],
)
def test_bad_codes_name_the_code(code: str) -> None:
    with pytest.raises(tc.CardCodeError) as info:
        tc.Card.parse(code)
    assert repr(code) in str(info.value)
    assert "not a card code" in str(info.value)


@pytest.mark.parametrize("value", [5, None, 2.0, b"AS"])
def test_non_strings_are_not_card_codes(value: object) -> None:
    with pytest.raises(tc.CardCodeError, match="not a card code"):
        tc.Card.parse(value)  # type: ignore[arg-type]


def test_card_code_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="'ZZ'"):
        tc.Card.parse("ZZ")


def test_bad_index() -> None:
    # 66-129 are the second copies of the suited cards (two packs); 130 is no card
    assert tc.Card.from_index(66) is tc.Card.parse("2S").twin
    with pytest.raises(tc.CardCodeError, match="130"):
        tc.Card.from_index(130)
    with pytest.raises(tc.CardCodeError):
        tc.Card.from_index(-1)


def test_parse_and_format_lists() -> None:
    cards = tc.parse_cards("AS, 10d jk  2c")
    assert [c.code for c in cards] == ["AS", "TD", "JK", "2C"]
    assert tc.format_cards(cards) == "AS TD JK 2C"
    assert tc.parse_cards(["as", tc.Card.parse("KH")]) == tc.parse_cards("AS KH")
    assert tc.parse_cards("") == []
    with pytest.raises(tc.CardCodeError, match="'QX'"):
        tc.parse_cards("AS QX")


@pytest.mark.parametrize(("text", "suit"), [("s", tc.Suit.SPADES), ("♥", tc.Suit.HEARTS),
                                            ("diamonds", tc.Suit.DIAMONDS), ("C", tc.Suit.CLUBS)])
def test_suit_parse(text: str, suit: tc.Suit) -> None:
    assert tc.Suit.parse(text) is suit


def test_bad_suit() -> None:
    with pytest.raises(tc.CardCodeError, match="'X' is not a suit"):
        tc.Suit.parse("X")


def test_suit_properties() -> None:
    assert [s.letter for s in tc.Suit] == list(SUITS)
    assert [s.symbol for s in tc.Suit] == list("♠♥♦♣")
    assert [s.is_red for s in tc.Suit] == [False, True, True, False]
    assert {s: s.partner for s in tc.Suit} == {
        tc.Suit.SPADES: tc.Suit.CLUBS,
        tc.Suit.CLUBS: tc.Suit.SPADES,
        tc.Suit.HEARTS: tc.Suit.DIAMONDS,
        tc.Suit.DIAMONDS: tc.Suit.HEARTS,
    }


# Masks ---------------------------------------------------------------------------------------


def test_mask_of_and_cards_of_round_trip() -> None:
    cards = tc.parse_cards("2C AS KH TD JK")
    mask = tc.mask_of(cards)
    assert mask == sum(c.bit for c in cards)
    assert bin(mask).count("1") == 5
    assert tc.cards_of(mask) == sorted(cards)
    assert [c.code for c in tc.cards_of(mask)] == ["AS", "KH", "TD", "2C", "JK"]
    assert list(iter_mask(mask)) == [c.index for c in sorted(cards)]
    assert tc.cards_of(0) == []
    assert tc.mask_of([]) == 0


def test_mask_of_the_pack() -> None:
    mask = tc.mask_of(PACK)
    assert bin(mask).count("1") == 52
    assert tc.cards_of(mask) == list(PACK)
    for card in PACK:
        assert card.bit == 1 << card.index
        assert mask & card.bit


def test_suit_masks_hold_exactly_their_suit() -> None:
    for suit in tc.Suit:
        in_suit = [c for c in CARDS if c.bit & SUIT_MASKS[suit]]
        assert all(c.suit is suit for c in in_suit)
        assert len(in_suit) == 16
    assert not any(tc.JOKER.bit & m for m in SUIT_MASKS)


def test_cards_order_by_index() -> None:
    codes = [c.code for c in sorted(tc.parse_cards("AC 2S KS 3H"))]
    assert codes == ["2S", "KS", "3H", "AC"]
    assert [rank + "S" for rank in RANKS] == [c.code for c in PACK[:13]]


# HTML ----------------------------------------------------------------------------------------


@pytest.fixture
def restore_colours() -> Iterator[None]:
    saved = dict(display._settings)
    yield
    display._settings.clear()
    display._settings.update(saved)


@pytest.mark.parametrize(
    ("code", "symbol", "label"),
    [("TH", "♥", "10 of hearts"), ("AS", "♠", "ace of spades"), ("QD", "♦", "queen of diamonds"),
     ("2C", "♣", "2 of clubs")],
)
@pytest.mark.usefixtures("restore_colours")
def test_repr_html_has_symbol_and_aria_label(code: str, symbol: str, label: str) -> None:
    display.set_four_colour(False)
    html = tc.Card.parse(code)._repr_html_()
    assert symbol in html
    assert f'aria-label="{label}"' in html
    assert 'role="img"' in html


@pytest.mark.usefixtures("restore_colours")
def test_joker_html_is_named() -> None:
    assert 'aria-label="joker"' in tc.JOKER._repr_html_()


@pytest.mark.usefixtures("restore_colours")
def test_four_colour_changes_the_diamonds_only_from_red() -> None:
    diamond = tc.Card.parse("KD")
    heart = tc.Card.parse("KH")
    display.set_four_colour(False)
    two = diamond._repr_html_()
    two_heart = heart._repr_html_()
    display.set_four_colour(True)
    four = diamond._repr_html_()
    four_heart = heart._repr_html_()
    assert two != four
    assert "#c0001a" in two  # red in the usual pack
    assert "#c0001a" not in four
    assert two_heart == four_heart  # hearts stay red
    assert "♦" in four
    assert 'aria-label="king of diamonds"' in four
    # An explicit argument overrides the setting.
    assert display.card_html(diamond, four_colour=False) == two


def test_four_colour_setting_is_restored() -> None:
    # Runs after the tests above in file order: the fixture put the default back.
    assert display._settings["four_colour"] is False


# Suits, ranks and denominations are values, never "nothing" -------------------------------------
ENUMS = (tc.Suit, tc.Rank, Denomination)


@pytest.mark.parametrize("member", [m for enum in ENUMS for m in enum], ids=repr)
def test_every_member_is_true_and_keeps_its_number(member: tc.Suit | tc.Rank | Denomination) -> None:
    """``if suit:`` and ``suit or default`` treat every member as a value: the one numbered 0
    (spades, the two) too.  Its number, which card indexes, records and the C searches use, is
    unchanged, and a format spec still gives it."""
    assert bool(member) is True
    assert (member or None) is member
    assert int(member) == member.value
    assert f"{member:d}" == str(member.value)
    assert type(member)(member.value) is member
    assert pickle.loads(pickle.dumps(member)) is member


def test_a_suit_reads_as_its_symbol_and_a_rank_as_its_corner() -> None:
    assert [str(s) for s in tc.Suit] == ["♠", "♥", "♦", "♣"]
    assert [f"{s}" for s in tc.Suit] == [s.symbol for s in tc.Suit]
    assert [str(r) for r in tc.Rank] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "Q", "K", "A"]
    assert [str(d) for d in Denomination] == [d.symbol for d in Denomination]
    for card in CARDS[:64]:  # every rank of every suit, in English
        assert card.rank is not None
        assert card.suit is not None
        assert f"{card.rank}{card.suit}" == card.symbol

"""The SVG card faces: well-formed, coloured, named in the reader's language, for every pack."""

from __future__ import annotations

import urllib.parse
import xml.etree.ElementTree as ET

import pytest

from trickcore import i18n
from trickcore.cards import Card, Pack, pack_cards
from trickcore.display.faces import back_svg, card_svg, face_data_uri

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("pack", list(Pack))
def test_every_card_of_every_pack_is_a_well_formed_named_image(pack: Pack) -> None:
    seen = set()
    for card in pack_cards(pack):
        root = ET.fromstring(card_svg(card))
        assert root.tag == f"{SVG}svg"
        assert root.get("role") == "img"
        assert root.get("aria-label")
        seen.add(card_svg(card) if card.copy == 0 else None)
    firsts = [c for c in pack_cards(pack) if c.copy == 0]
    assert len(seen - {None}) == len(firsts)  # every card (and each joker) drawn differently


def test_two_jokers_differ_in_picture_and_name() -> None:
    one, two = Card.parse("JK1"), Card.parse("JK2")
    assert card_svg(one) != card_svg(two)
    assert ET.fromstring(card_svg(one)).get("aria-label") == "joker"
    assert ET.fromstring(card_svg(two)).get("aria-label") == "second joker"


def test_colours_two_and_four() -> None:
    diamond = Card.parse("4D")
    assert "#c0001a" in card_svg(diamond, four_colour=False)
    assert "#0050b0" in card_svg(diamond, four_colour=True)
    assert "#0050b0" not in card_svg(diamond, four_colour=False)
    assert "#00703c" in card_svg(Card.parse("9C"), four_colour=True)


def test_names_in_english_and_french() -> None:
    queen = Card.parse("QS")
    assert ET.fromstring(card_svg(queen)).get("aria-label") == "queen of spades"
    with i18n.language("fr"):
        root = ET.fromstring(card_svg(queen))
        assert root.get("aria-label") == "dame de pique"
        texts = [t.text for t in root.iter(f"{SVG}text")]
        assert texts == ["D", "D"]  # the French index, in both corners


def test_names_and_sizes_are_escaped() -> None:
    svg = card_svg(Card.parse("AS"), name='<b>"x"</b>', width='3em"onload="x')
    root = ET.fromstring(svg)
    assert root.get("aria-label") == '<b>"x"</b>'
    assert "onload" not in root.attrib
    back = ET.fromstring(back_svg('a"<b>'))
    assert back.get("aria-label") == 'a"<b>'
    assert ET.fromstring(back_svg()).get("aria-hidden") == "true"


def test_data_uri_round_trips() -> None:
    uri = face_data_uri(Card.parse("10H"))
    assert "#" not in uri
    assert '"' not in uri
    svg = urllib.parse.unquote(uri.removeprefix("data:image/svg+xml,"))
    root = ET.fromstring(svg)
    assert root.get("fill") == "#c0001a"
    assert [t.text for t in root.iter(f"{SVG}text")] == ["10"]  # drawn once, used twice
    assert len(uri) < 1000  # a hand sends one for each card

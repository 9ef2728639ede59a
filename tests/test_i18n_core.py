"""trickcore's core in French (issue 15): card names, the rules in words, errors, the CLI.

English stays the default (tests/test_outputs_golden.py pins it); these tests check that the
French path gives French words while codes, exception types and state do not change.
"""

from __future__ import annotations

import pytest

from trickcore import i18n
from trickcore.cards import Card, Rank, Suit, card_name, rank_name, suit_name
from trickcore.display.cards import card_html, cards_html
from trickcore.display.seats import seat_label, seats_label


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    i18n.set_language("en")


def test_card_names_in_french() -> None:
    with i18n.language("fr"):
        assert card_name(Card.parse("10H"), article=True) == "le 10 de cœur"
        assert card_name(Card.parse("QS"), article=True) == "la dame de pique"
        assert card_name(Card.parse("JD")) == "valet de carreau"
        assert card_name(Card.parse("KC"), article=True) == "le roi de trèfle"
        assert card_name(Card.parse("AS"), article=True).startswith("l")
        assert card_name(Card.parse("JK"), article=True) == "le joker"
        assert [suit_name(s) for s in Suit] == ["pique", "cœur", "carreau", "trèfle"]
        assert rank_name(Rank.ACE) == "as"
        assert [Card.parse(c).symbol for c in ("KS", "QH", "JD", "AC", "TS")] == [
            "R♠", "D♥", "V♦", "A♣", "10♠"]
        html = card_html(Card.parse("QH"))
        assert 'aria-label="dame de cœur"' in html
        assert ">D♥<" in html
        assert "aucune carte" in cards_html([], inline=True)
        assert seat_label(1, reader=1) == "Vous"
        assert seats_label((0, 2)) == "Ann et Cleo"


def test_card_codes_and_english_do_not_change() -> None:
    with i18n.language("fr"):
        queen = Card.parse("QS")
        assert queen.code == "QS"
        assert str(queen) == "QS"
        assert Card.parse("10H").code == "TH"
    assert queen.symbol == "Q♠"
    assert card_name(Card.parse("TH")) == "10 of hearts"
    assert card_name(Card.parse("QS"), article=True) == "the queen of spades"
    assert seat_label(1, reader=1) == "You"

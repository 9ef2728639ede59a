"""trickcore's core in French (issue 15): card names, the rules in words, errors, the CLI.

English stays the default (tests/test_outputs_golden.py pins it); these tests check that the
French path gives French words while codes, exception types and state do not change.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from trickcore import i18n
from trickcore.cards import Card, Rank, Suit, card_name, rank_name, suit_name
from trickcore.display.cards import card_html, cards_html
from trickcore.display.seats import seat_label, seats_label
from trickcore.rules.describe import describe
from trickcore.rules.registry import VARIANTS, get_variant


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


# The rules in words ----------------------------------------------------------------------------

#: Words that give away an English sentence left in the French text (whole words: "suit" is
#: French too, and "pli suivant" is no English).
ENGLISH_TELLS = ("the", "and", "tricks?", "bids?", "hands?", "players?", "scores?", "deals?",
                 "with", "cards?", "must", "may", "each", "suits", "of", "is", "trumps?", "when",
                 "leads?", "dealer", "kitty")
_TELLS = re.compile(r"\b(" + "|".join(ENGLISH_TELLS) + r")\b", re.IGNORECASE)


def _english_left(text: str, *allowed: str) -> list[str]:
    """The tell-tale English words in ``text`` once the names it may quote are taken out."""
    for name in allowed:
        text = text.replace(name, "")
    return _TELLS.findall(text)


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_the_rules_of_every_variant_in_french(key: str) -> None:
    ruleset = get_variant(key)
    for players in (None, *ruleset.players):
        english = describe(ruleset, players)
        with i18n.language("fr"):
            french = describe(ruleset, players)
        assert french.strip()
        assert french != english
        assert len(french.splitlines()) == len(english.splitlines())
        # The variant's own name (a proper name with no French form, e.g. "Up and Down the
        # River"), its key, a cited title and the options' identifiers stay as they are.
        assert _english_left(french, ruleset.name, ruleset.key, "The Sporting Magazine",
                             "misere_timing", "open_misere", "revokes_allowed") == [], french
    assert describe(ruleset) == english_before[key]


english_before = {key: describe(get_variant(key)) for key in VARIANTS}


def test_variant_titles_in_french() -> None:
    with i18n.language("fr"):
        assert get_variant("five-hundred").title == "Cinq cents"
        assert get_variant("five-hundred-quebec").title == "Cinq cents québécois"
        assert get_variant("oh-hell").title == "Oh Hell!"
        assert get_variant("five-hundred").name == "Five Hundred"  # what records keep
    assert get_variant("five-hundred").title == "Five Hundred"


def test_cli_rules_in_french() -> None:
    env = {**os.environ, "TRICKCORE_LANG": "fr"}
    done = subprocess.run([sys.executable, "-m", "trickcore", "rules", "oh-hell"], env=env,
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "pli" in done.stdout
    assert "donneur" in done.stdout
    assert _english_left(done.stdout, "Oh Hell!") == []
    with i18n.language("fr"):
        assert done.stdout.strip() == describe(get_variant("oh-hell"))

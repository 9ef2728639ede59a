"""Five Hundred's packs table (Foundations) is drawn from the engine: one row for each of the
registry's Five Hundred games, and what each pack is made from read from its own cards."""

from __future__ import annotations

import html
import re

import pytest

from trickcore import VARIANTS, get_variant
from trickcore.cards import Rank
from trickcore.cards.packs import Pack, pack_cards
from trickcore.i18n import language

import trickbook
from trickbook.five_hundred_answers import FIVE_HUNDRED_FORMS

EXTRA = (Rank.ELEVEN, Rank.TWELVE, Rank.THIRTEEN)
NBSP = "\u00a0"  # a pack's size keeps its number and its word on one line
SINGLE = [p for p in Pack if len({c.code for c in pack_cards(p)}) == len(pack_cards(p))]


def _rows(table: str) -> list[list[str]]:
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table)[1:]:
        rows.append([html.unescape(re.sub(r"<[^>]+>", "", cell))
                     for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)])
    return rows


def test_every_five_hundred_game_has_its_row() -> None:
    rows = {row[0]: row for row in _rows(trickbook.five_hundred_packs_table(
        FIVE_HUNDRED_FORMS.values()))}
    assert rows["American Five Hundred"][2:4] == [f"45{NBSP}cards", "5"]  # a form with its own pack
    games = [get_variant(k) for k in VARIANTS if get_variant(k).family == "five-hundred"]
    assert len(games) >= 6
    for ruleset in games:
        row = rows[ruleset.name]
        players = ruleset.players[0]
        cards = pack_cards(ruleset.deck)
        assert row[1:4] == [str(players), f"{len(cards)}{NBSP}cards", str(ruleset.kitty_size(players))]
        assert row[4] == trickbook.pack_contents(cards)
    assert "two jokers" in rows["Québec Five Hundred"][4]  # the row the hand-kept table lacked


def test_each_pack_has_its_own_description() -> None:
    """Two packs with different cards are never described alike, and dropping any one card
    of a pack changes what is said (or, where it leaves a gap in a suit, is refused)."""
    said = {p: trickbook.pack_contents(pack_cards(p)) for p in SINGLE}
    contents = {p: frozenset(c.code for c in pack_cards(p)) for p in SINGLE}
    for p in SINGLE:
        for q in SINGLE:
            if contents[p] != contents[q]:
                assert said[p] != said[q], (p, q)
    for pack in (Pack.FIVE_HUNDRED_43, Pack.FIVE_HUNDRED_63, Pack.QUEBEC_46):
        cards = list(pack_cards(pack))
        for card in cards:
            rest = [c for c in cards if c != card]
            if card.is_joker or card.rank in EXTRA:
                assert trickbook.pack_contents(rest) != said[pack], (pack, card)
                continue
            try:
                described = trickbook.pack_contents(rest)
            except ValueError:  # a suit with a gap is not described at all
                continue
            assert described != said[pack], (pack, card)

def test_a_pack_of_two_packs_is_refused() -> None:
    with pytest.raises(ValueError, match="each card once"):
        trickbook.pack_contents(pack_cards(Pack.STANDARD_104))


def test_the_table_in_french() -> None:
    with language("fr"):
        rows = {row[0]: row for row in _rows(trickbook.five_hundred_packs_table())}
    assert rows["Cinq cents québécois"][2:] == [f"46{NBSP}cartes", "6",
                                               "chaque couleur de l’as au 4 et deux jokers"]

"""The book's tables ask the engine what it knows (no-trump deals, the ladder, the options)
instead of working it out again."""

from __future__ import annotations

import re

import trickcore as tc

from trickbook.five_hundred import ladder_table
from trickbook.tables import schedule_table


def _no_trump_cell(html: str) -> str:
    """The last cell of the schedule's first row: its no-trump deals."""
    row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", html, re.S)
    assert row is not None
    return re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)[-1]


def test_the_schedule_names_a_rotation_s_no_trump_deals() -> None:
    rotation = tc.with_options(tc.get_variant("oh-hell"),
                               {"trump_method": "fixed-rotation", "trump_rotation": "H NT S",
                                "players": [4]})
    cell = _no_trump_cell(schedule_table(rotation))
    assert "2nd" in cell
    assert "5th" in cell
    assert "1st" not in cell
    assert "3rd" not in cell


def test_the_ladder_table_shows_a_call_the_options_move() -> None:
    html = ladder_table(tc.with_options(tc.get_variant("five-hundred"),
                                        {"misere_beats_eight_spades": True}))
    assert html.index("8♠") < html.index("misère") < html.index("8♣")
    assert "between 8♠ and 8♣" in html

"""The French hand demos speak to the reader as "vous" with a verb that agrees.

The seat label "Vous" is never put into a third-person French sentence ("Vous a distribué"):
the reader's own lines have their own messages ("Vous avez distribué").  And Undo says what it
undoes ("Annuler" alone is ambiguous).
"""

from __future__ import annotations

import re

import pytest

from trickcore import i18n
from trickcore.widgets.demo_model import MatchSheet
from trickcore.widgets.match_html import past_text, sheet_html, total_text

pytest.importorskip("ipywidgets")

#: "Vous" (the reader) with a third-person verb.
THIRD_PERSON = re.compile(r"\bvous (a|prend|joue|mène|gagne|distribue|entame|fait|tient|"
                          r"est|perd|annonce|passe)\b", re.IGNORECASE)


@pytest.mark.parametrize("variant", ["oh-hell", "five-hundred"])
def test_the_score_sheet_says_vous_avez_distribue(variant: str) -> None:
    sheet = MatchSheet(variant, 4, 7)
    sheet.play_to_end()
    match = sheet.match
    with i18n.language("fr"):
        for reader in range(4):
            text = (sheet_html(match, reader=reader) + total_text(match, reader=reader)
                    + past_text([match], reader=reader))
            assert not THIRD_PERSON.search(text), THIRD_PERSON.findall(text)
            dealt = [s for s in match.deals if s.is_over and s.dealer == reader]
            assert dealt
            assert "Vous avez distribué" in text
            assert "Vous a distribué" not in text


def test_undo_says_what_it_undoes_in_french() -> None:
    from trickcore.widgets import play_demo

    with i18n.language("fr"):
        demo = play_demo("oh-hell", seed=3)
        assert demo.undo_button.description == "Annuler le dernier coup"
        assert demo.undo_button.tooltip


def test_the_call_to_beat_is_named_in_french() -> None:
    from trickcore.widgets import bid_demo

    with i18n.language("fr"):
        demo = bid_demo("five-hundred", seed=5)
        state = demo.state
        assert state.high is not None
        prompt = demo.prompt_html.value
        assert "L'enchère à battre" in prompt
        assert "place" not in prompt
        assert not THIRD_PERSON.search(prompt)

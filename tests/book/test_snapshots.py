"""The demo snapshots drawn when the book is built (book/_ext/snapshots.py), from a real demo's
widget state: what the widget manager would draw, its cards and buttons, the printable copy,
and the pages it must leave alone."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
import snapshots  # book/_ext/snapshots.py

pytestmark = pytest.mark.pure_only

ipywidgets = pytest.importorskip("ipywidgets")


def _state(demo: Any) -> dict[str, Any]:
    """The saved state of ``demo`` and every widget it shows, as a notebook keeps it."""
    from ipywidgets.embed import dependency_state

    return {"version_major": 2, "version_minor": 0,
            "state": dependency_state(demo, drop_defaults=True)}


def _page(model_id: str) -> str:
    view = html.escape(json.dumps({"version_major": 2, "version_minor": 0,
                                   "model_id": model_id}), quote=False)
    return ('<p>Before</p><div class="cell_output docutils container">'
            f'<script type="{snapshots.VIEW_MIME}">{view}</script></div>'
            '<p>The live demo below</p>')


def test_a_play_demo_is_drawn_as_the_manager_draws_it() -> None:
    from trickcore.widgets import play_demo

    demo = play_demo(code="oh-hell-4-2718-4")
    saved = _state(demo)
    assert snapshots.drawable(saved["state"], demo.model_id)
    body = snapshots.snapshot_page(_page(demo.model_id), saved)
    assert body is not None
    assert snapshots.VIEW_MIME not in body  # nothing left for the manager to draw
    assert 'class="cell_output docutils container tt-widget-snapshot"' in body
    drawn = body.split('<div class="tt-print-static">')[0]
    cards = re.findall(r'<button class="[^"]*tt-card-button', drawn)
    assert len(cards) == len(demo.card_buttons) > 0
    assert drawn.count('class="tt-felt') == 1
    assert ">Hint</button>" in drawn
    for code, button in demo.card_buttons.items():
        assert f'title="{html.escape(button.tooltip)}"' in drawn, code
    # An enabled bid is drawn enabled (said to do nothing), a refused one disabled.
    assert any(not b.disabled for b in demo.bid_buttons.values())
    assert 'aria-disabled="true">' in drawn
    # Every menu and field has a name a screen reader says (a title alone is not a label).
    fields = re.findall(r"<(?:select|input|textarea)\b[^>]*>", drawn)
    assert fields
    for field in fields:
        assert re.search(r'aria-label="[^"]+"', field), field
    # The printable copy: the felt and the prompt, never a button.
    printed = body.split('<div class="tt-print-static">')[1]
    assert "tt-felt" in printed
    assert "<button" not in printed
    assert body.startswith("<p>Before</p>")
    assert body.endswith("<p>The live demo below</p>")


def test_text_the_demo_shows_is_escaped_where_it_is_text() -> None:
    models = {"b": {"model_name": "ButtonModel",
                    "state": {"description": "<img src=x onerror=alert(1)>",
                              "tooltip": '"><script>'}},
              "t": {"model_name": "TextModel", "state": {"value": "<b>", "placeholder": '"'}}}
    drawn = snapshots.draw(models, "IPY_MODEL_b") + snapshots.draw(models, "t")
    assert "<img" not in drawn
    assert "<script>" not in drawn
    assert 'value="&lt;b&gt;"' in drawn


def test_a_page_with_a_widget_it_cannot_draw_is_left_alone() -> None:
    slider = ipywidgets.IntSlider(value=3)
    box = ipywidgets.VBox([ipywidgets.HTML("<p>n</p>"), slider])
    saved = _state(box)
    assert not snapshots.drawable(saved["state"], box.model_id)
    assert snapshots.snapshot_page(_page(box.model_id), saved) is None
    assert snapshots.snapshot_page("<p>No demo</p>", saved) is None
    assert snapshots.snapshot_page(_page("not-a-model"), saved) is None

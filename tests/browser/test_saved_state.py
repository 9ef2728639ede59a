"""A page that keeps saved widget state (one whose snapshot could not be drawn when the book was
built) still has it drawn by the site's own copy of the widget manager.

The site serves the manager without the bundle's last lines, which drew every saved state on the
page as soon as the file was loaded (scripts/vendor_assets.py): lazy-widgets.js draws it itself,
after running the manager one module a task.  This page is written next to the built site for
the test, with the state ipywidgets saves for one button, and removed after it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import SITE

pytestmark = pytest.mark.browser

PAGE = "_saved-state-test.html"


def saved_page() -> str:
    import ipywidgets
    from ipywidgets.embed import embed_data

    button = ipywidgets.Button(description="Saved <b>button</b>")
    data = embed_data(views=[button])
    state = json.dumps(data["manager_state"]).replace("</", "<\\/")
    (view,) = data["view_specs"]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape("Saved state")}</title>
<link rel="icon" href="data:,">
<script src="_static/widgets/lazy-widgets.js"></script></head>
<body><p>A demo whose snapshot was not drawn:</p>
<div class="cell_output"><script type="application/vnd.jupyter.widget-view+json">
{json.dumps(view)}</script></div>
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
</body></html>
"""


@pytest.fixture
def saved_state_page() -> Iterator[str]:
    path = SITE / PAGE
    path.write_text(saved_page(), encoding="utf-8")
    try:
        yield PAGE
    finally:
        path.unlink()


def test_saved_state_is_drawn(page: Any, site_url: str, saved_state_page: str) -> None:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning")
            else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(site_url + saved_state_page, wait_until="load")
    button = page.locator(".widget-subarea button.jupyter-button")
    button.wait_for(timeout=60_000)
    # The description is text, never markup.
    assert button.inner_text() == "Saved <b>button</b>"
    assert page.locator(".widget-subarea b").count() == 0
    assert not problems, problems

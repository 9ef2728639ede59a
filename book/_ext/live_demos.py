"""The "Play it live" demos: the live table, with JupyterLite as "Open as a notebook".

``{live-demo}`` draws a demo of :mod:`trickcore.widgets` live in the page, with no JupyterLab
around it::

    ```{live-demo} play_demo
    :variant: oh-hell
    :players: 4
    :seed: 2718
    :deal: 4
    ```

In the teacher edition (the environment variable ``BOOK_EDITION=teacher``), the hand demos
get ``teacher=True``: the "Show all hands (teacher)" toggle.  The student edition (the default)
never has it.  Every demo also starts on a class link's deal (``?deal=CODE&seat=N`` in the
page's URL: the page script passes them, as data, to Python, which checks them).

It writes the section's root element (a "Play it live" button, a progress bar, a status line
and an "Open as a notebook" link to the same demo in JupyterLite's REPL) and adds
``widgets/live-table.js`` (``scripts/live_table.js``) to the page, which boots the site's
Pyodide in a Web Worker when the demo comes near the screen (or on the click, with the
browser's data saver on), builds the demo there, and draws it in the page on the click.  The element names the wheels to load from
``lite/pypi/`` (the ones ``scripts/build_lite.py`` put in ``lite/wheels/``).

A hand demo's start takes the whole window (the table mode: the felt, the prompt and the
reader's controls on one screen, the other tools in its menu; ``scripts/live_table.js`` and
``live-demos.css``).  The demo snapshots of every page are drawn here when the page is written
(``book/_ext/snapshots.py``), so that nothing moves under the reader's pointer as they load.

jupyterlite-sphinx (which still builds the JupyterLite site) also adds a Google Fonts style
sheet to every page.  The book loads nothing from outside the site (``offline_site`` fails the
build on it), so this extension drops that style sheet before the page is written.
"""

from __future__ import annotations

import html
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import quote

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from trickcore.display import SEAT_NAMES

sys.path.insert(0, str(Path(__file__).resolve().parent))
import snapshots  # book/_ext/snapshots.py, beside this extension

_REMOTE_FONT = "fonts.googleapis.com"
_ROOT_CLASS = "tt-live-table"
_MANAGER_JS = "widgets/lazy-widgets.js"
#: The demos with teacher-only controls, given ``teacher=True`` when ``BOOK_EDITION=teacher``.
_TEACHER_DEMOS = ("play_demo", "bid_demo")
#: The wheels the live table loads besides Pyodide's own traitlets (by name prefix).
_WHEELS = ("comm-", "ipywidgets-", "jupyterlab_widgets-", "trickcore-")


def _wheels(srcdir: Path) -> list[str]:
    found = sorted(p.name for p in (srcdir / "lite" / "wheels").glob("*.whl"))
    names = [name for name in found if name.startswith(_WHEELS)]
    if len(names) != len(_WHEELS):
        raise RuntimeError("live-demo: lite/wheels/ lacks a wheel; run `make lite` first"
                           f" (found {found})")
    return names


def demo_options(demo: str, options: Mapping[str, Any],
                 environ: Mapping[str, str]) -> dict[str, Any]:
    """The demo's keyword arguments: its options, and ``teacher=True`` for a hand demo in the
    teacher edition (``BOOK_EDITION=teacher``), which gives it the teacher's controls."""
    out = dict(options)
    if demo in _TEACHER_DEMOS and environ.get("BOOK_EDITION") == "teacher":
        out["teacher"] = True
    return out


#: The demo section's own words in each language of the book.
_WORDS = {
    "en": {"start": "Play it live", "notebook": "Open as a notebook",
           "starting": "Starting the live demo", "projector": "Projector view",
           "projector_title": "Show this demo alone, full screen, with large cards (Esc leaves)"},
    "fr": {"start": "Jouer en direct", "notebook": "Ouvrir dans un notebook",
           "starting": "Démarrage de la démo en direct", "projector": "Vue projecteur",
           "projector_title": "Afficher cette démo seule, en plein écran, avec de grandes cartes"
                              " (Échap pour quitter)"},
}


class LiveDemo(SphinxDirective):
    """A trickcore demo, live in the page (see the module's docstring)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "variant": directives.unchanged_required,
        "players": directives.positive_int,
        "seed": directives.nonnegative_int,
        "deal": directives.positive_int,
        "code": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        demo = self.arguments[0]
        if demo not in ("play_demo", "bid_demo", "deal_demo", "score_sheet", "bid_chances_demo",
                        "hook_effect_demo", "class_results"):
            raise self.error(f"live-demo: unknown demo {demo!r}")
        options = demo_options(demo, self.options, os.environ)
        arguments = dict(options)
        lite = "../" * self.env.docname.count("/") + "lite/"
        call = ", ".join([json.dumps(arguments.pop("variant"))] if "variant" in arguments
                         else [])
        call = ", ".join(filter(None, [call, *(f"{k}={v!r}" for k, v in arguments.items())]))
        words = _WORDS.get(self.config.language, _WORDS["en"])
        # The French edition's notebook speaks French too (trickcore.set_language).
        language = ("import trickcore\ntrickcore.set_language('fr')\n"
                    if self.config.language == "fr" else "")
        code = (f"%pip install trickcore ipywidgets\n{language}"
                f"from trickcore.widgets import {demo}\n{demo}({call})")
        notebook = f"{lite}repl/index.html?kernel=python&toolbar=1&code={quote(code)}"
        attributes = {
            "class": _ROOT_CLASS,
            "data-live-state": "idle",
            "data-live-demo": demo,
            "data-live-args": json.dumps(options),
            "data-live-lite": lite,
            "data-live-wheels": json.dumps(_wheels(Path(self.env.srcdir))),
            # The seats' names, for the line a class link writes above the demo ("Cleo's seat").
            "data-live-seats": json.dumps(list(SEAT_NAMES)),
        }
        opening = " ".join(f'{k}="{html.escape(v)}"' for k, v in attributes.items())
        markup = (
            f"<div {opening}>\n"
            '<div class="tt-live-bar">'
            f'<button type="button" class="tt-live-start">{words["start"]}</button> '
            # In the page from the start (projector.js only gives it its click): a button added
            # by script once the page is ready made the bar wrap on a phone and pushed the demo
            # under a reader who had opened the page at its "Play it" section.
            f'<button type="button" class="tt-projector-button"'
            f' title="{html.escape(words["projector_title"])}">{words["projector"]}</button> '
            f'<a class="tt-live-notebook" href="{html.escape(notebook)}">{words["notebook"]}</a>'
            "</div>\n"
            f'<progress class="tt-live-progress" aria-label="{words["starting"]}" hidden>'
            "</progress>\n"
            '<p class="tt-live-status" role="status" aria-live="polite"></p>\n'
            '<div class="tt-live-area"></div>\n'
            "</div>\n"
        )
        return [nodes.raw("", markup, format="html")]


def _saved_state(scripts: list[Any]) -> tuple[Any, dict[str, Any]] | None:
    """The page's saved widget state (myst-nb's script, with its entry in ``scripts``)."""
    for script in scripts:
        attributes = getattr(script, "attributes", None) or {}
        if attributes.get("type") == snapshots.STATE_MIME and attributes.get("body"):
            try:
                return script, json.loads(attributes["body"])
            except ValueError:
                return None
    return None


def _draw_snapshots(app: Sphinx, context: dict[str, Any]) -> None:
    """The page's demo snapshots drawn now (book/_ext/snapshots.py), and the saved state and
    the widget manager's loader, which would draw them in the browser, left out."""
    scripts = context.get("script_files")
    found = _saved_state(scripts) if scripts is not None else None
    if found is None or "body" not in context:
        return
    script, saved = found
    drawn = snapshots.snapshot_page(context["body"], saved)
    if drawn is None:
        return
    context["body"] = drawn
    scripts[:] = [s for s in scripts if s is not script and not str(
        getattr(s, "filename", s) or "").endswith(_MANAGER_JS)]
    app.add_css_file("widgets/widgets-static.css")


def _page_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: Any) -> None:
    css = context.get("css_files")
    if css is not None:
        css[:] = [c for c in css if _REMOTE_FONT not in str(getattr(c, "filename", c) or "")]
    _draw_snapshots(app, context)
    if _ROOT_CLASS in context.get("body", ""):
        # The live table draws with the widget manager that lazy-widgets.js loads; myst-nb adds
        # that loader only to pages with a demo snapshot (saved widget state).
        scripts = context.get("script_files") or []
        if not any(str(getattr(s, "filename", s) or "").endswith(_MANAGER_JS) for s in scripts):
            app.add_js_file(_MANAGER_JS)
        app.add_js_file("widgets/live-table.js")
        app.add_js_file("widgets/projector.js")  # the projector view (scripts/projector.js)
        app.add_css_file("projector.css")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("live-demo", LiveDemo)
    # Before offline_site's check (priority 900), which reports any outside asset.
    app.connect("html-page-context", _page_assets, priority=800)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

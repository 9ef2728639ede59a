"""Keep the "Play it live" demos (jupyterlite-sphinx) inside the site.

jupyterlite-sphinx adds a Google Fonts style sheet (the "Vibur" face of its "Try it" button) to
every page.  The book loads nothing from outside the site (``offline_site`` fails the build on
it), so this extension drops that style sheet before the page is written; the button is styled
by ``live-demos.css`` instead (``scripts/live_demos.css``, copied by
``scripts/vendor_assets.py``).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

_REMOTE_FONT = "fonts.googleapis.com"


def _drop_remote_font(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                      doctree: Any) -> None:
    css = context.get("css_files")
    if css is not None:
        css[:] = [c for c in css if _REMOTE_FONT not in str(getattr(c, "filename", c) or "")]


def setup(app: Sphinx) -> dict[str, Any]:
    # Before offline_site's check (priority 900), which reports any outside asset.
    app.connect("html-page-context", _drop_remote_font, priority=800)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

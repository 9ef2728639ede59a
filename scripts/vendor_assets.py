"""Copy the browser assets the book serves itself from node_modules/ into _vendor/.

Run after ``npm ci``; ``make book`` does both.  Sphinx then copies _vendor/ into the site's
``_static/``, so no page loads anything from outside the site:

* ``_vendor/widgets/``: ``embed-amd.js`` (and its icon fonts) from ``@jupyter-widgets/html-manager``
  and ``require.js`` from ``requirejs``, for pages that embed widget state, and
  ``widgets-static.css`` (the widgets' own style sheets, for the demo snapshots drawn when the
  book is built), ``lazy-widgets.js`` (from ``scripts/``), which loads those two only when a demo comes near
  the screen, and ``live-table.js``, the live demos (``live-demos.css``, also from ``scripts/``,
  styles the demo sections), and ``projector.js`` with ``projector.css``, their projector view;
* ``_vendor/mathjax/``: MathJax 3's ``tex-chtml.js`` with the components it loads on demand
  and its web fonts.

_vendor/ is generated: it is rebuilt from scratch on every run and is not kept in git.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "_vendor"


def copy(source: Path, target: Path) -> None:
    if not source.exists():
        sys.exit(f"vendor_assets: {source.relative_to(ROOT)} is missing; run `npm ci` first")
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target)
    else:
        shutil.copy2(source, target)


#: The copy of the widget manager the site serves differs from the package's in three places,
#: each checked to occur exactly once, so that a new version of the package fails here rather than
#: on a page:
#:
#: * Saved widget state is checked with Ajv, made with Ajv's defaults, whose "strictTypes" check
#:   logs a console warning about the widget-state schema itself on every page that draws a
#:   saved demo: that one check is turned off (the state is still validated).
#: * The manager module compiles the same two schemas when it is loaded and throws the result
#:   away: those compiles are dropped.  With the rest of the module's first run they were one
#:   task of 0.4 to 0.6 s on the page's thread (more on a busy machine), during which the page
#:   could not scroll while the live table was getting ready.
#: * The bundle's last lines draw every saved widget state on the page as soon as the file is
#:   loaded, which runs the whole manager (all its modules' first runs) in that one task.
#:   lazy-widgets.js loads the modules one task each instead, and draws saved state itself, only
#:   on a page that has some (RENDER_SAVED_STATE).
RENDER_SAVED_STATE = (
    '(()=>{"use strict";window.require(["@jupyter-widgets/html-manager/dist/libembed-amd"],'
    '(function(e){"complete"===document.readyState?e.renderWidgets():'
    'window.addEventListener("load",(function(){e.renderWidgets()}))}))})();')
WIDGET_MANAGER_EDITS = {
    "k=new(w()),E=k.compile(y)": "k=new(w())({strictTypes:!1}),E=k.compile(y)",
    "gt=new(ht());gt.compile(At),gt.compile(pt);": "gt=null;",
    RENDER_SAVED_STATE: "",
}


def edit_widget_manager(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for original, served in WIDGET_MANAGER_EDITS.items():
        if text.count(original) != 1:
            sys.exit(f"vendor_assets: {path.name} changed: no {original!r} (WIDGET_MANAGER_EDITS)")
        text = text.replace(original, served)
    path.write_text(text, encoding="utf-8")


#: The widgets' own style sheets, in the order the widget manager applies them, for the demo
#: snapshots drawn when the book is built (book/_ext/snapshots.py): the colours and the
#: JupyterLab variables, Lumino's base rules and the controls'.  Their @import lines are left
#: out (each file is here already; the one to a web font host would leave the site).
WIDGET_CSS = ("materialcolors.css", "labvariables.css", "lumino.css", "widgets-base.css")


def static_widget_css(folder: Path, target: Path) -> None:
    parts = []
    for name in WIDGET_CSS:
        source = folder / name
        if not source.exists():
            sys.exit(f"vendor_assets: {source.relative_to(ROOT)} is missing; run `npm ci` first")
        text = source.read_text(encoding="utf-8")
        parts.append("\n".join(line for line in text.splitlines()
                               if not line.lstrip().startswith("@import")))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(parts), encoding="utf-8")


def main() -> None:
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    widgets = MODULES / "@jupyter-widgets" / "html-manager" / "dist"
    copy(widgets / "embed-amd.js", VENDOR / "widgets" / "embed-amd.js")
    edit_widget_manager(VENDOR / "widgets" / "embed-amd.js")
    for font in widgets.iterdir():
        if font.suffix in (".woff2", ".woff", ".ttf", ".eot", ".svg"):
            copy(font, VENDOR / "widgets" / font.name)
            # The bundled widget modules ask for their icon fonts next to their RequireJS
            # module names (lazy-widgets.js sets RequireJS's base to _static/widgets/).
            if font.suffix in (".woff2", ".woff", ".ttf"):
                for where in ("@jupyter-widgets/html-manager/dist", "@jupyter-widgets"):
                    copy(font, VENDOR / "widgets" / where / font.name)
    copy(MODULES / "requirejs" / "require.js", VENDOR / "widgets" / "require.js")
    static_widget_css(MODULES / "@jupyter-widgets" / "controls" / "css",
                      VENDOR / "widgets" / "widgets-static.css")
    copy(ROOT / "scripts" / "lazy_widgets.js", VENDOR / "widgets" / "lazy-widgets.js")
    copy(ROOT / "scripts" / "live_table.js", VENDOR / "widgets" / "live-table.js")
    copy(ROOT / "scripts" / "live_demos.css", VENDOR / "live-demos.css")
    copy(ROOT / "scripts" / "projector.js", VENDOR / "widgets" / "projector.js")
    copy(ROOT / "scripts" / "projector.css", VENDOR / "projector.css")
    mathjax = MODULES / "mathjax" / "es5"
    copy(mathjax / "tex-chtml.js", VENDOR / "mathjax" / "tex-chtml.js")
    for part in ("a11y", "ui", "input/tex/extensions", "output/chtml/fonts/woff-v2",
                 "adaptors"):
        copy(mathjax / part, VENDOR / "mathjax" / part)
    copy(mathjax / "sre", VENDOR / "mathjax" / "sre")
    size = sum(f.stat().st_size for f in VENDOR.rglob("*") if f.is_file())
    print(f"vendor_assets: {VENDOR.relative_to(ROOT)}/ holds {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()

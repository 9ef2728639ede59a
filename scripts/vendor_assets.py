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


#: The widget manager checks saved widget state with Ajv (in two places of the bundle), made
#: with Ajv's defaults, whose "strictTypes" check logs a console warning about the widget-state
#: schema itself on every page that draws a demo.  The copy served by the site turns that one
#: check off (the state is still validated).
AJV_DEFAULTS = {"k=new(w()),E=k.compile(y)": "k=new(w())({strictTypes:!1}),E=k.compile(y)",
                "gt=new(ht());gt.compile(At)": "gt=new(ht())({strictTypes:!1});gt.compile(At)"}


def quiet_schema_check(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for default, quiet in AJV_DEFAULTS.items():
        if text.count(default) != 1:
            sys.exit(f"vendor_assets: {path.name} changed: no {default!r} (AJV_DEFAULTS)")
        text = text.replace(default, quiet)
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
    quiet_schema_check(VENDOR / "widgets" / "embed-amd.js")
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

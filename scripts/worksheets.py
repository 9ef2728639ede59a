"""Print the worksheets to A4 PDFs: a student sheet and a teacher's answer key for each.

``make worksheets`` runs this after ``make book`` (the student edition, ``_build/html/``) and
``make teacher`` (the teacher edition, ``_build/teacher/``).  Each worksheet is a page of the book
(``book/worksheets/*.md``): the student edition prints the sheet (exercises, no solutions) and
the teacher edition the answer key (the same page with its solutions).  Debian's Chromium,
driven by Playwright, opens each page from a local server, as a printer sees it (the print style
sheet in ``book/_assets/taking-tricks.css``) and prints it with ``page.pdf``.

The PDFs go to ``_build/worksheets/``: ``NAME-student.pdf`` and ``NAME-answers.pdf``, and the
French edition's (``_build/html/fr/``, ``_build/teacher/fr/``) to ``_build/worksheets/fr/``, with
``worksheets.json``, what each printed page held (exercises, solutions) and its page count.  Before
printing, each page is checked: the student sheet holds its exercises and no solution, the
answer key a solution for every exercise.  An edition that is not built is named, with the
command that builds it, and the script exits 1 after printing what it can.

    python scripts/worksheets.py [--out DIR] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import re
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "_build" / "worksheets"
CHROMIUM = Path("/usr/bin/chromium")
# As in the browser tests: no request may leave the machine.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

#: The worksheets: output name -> the page (under book/) that holds it.
SHEETS = {
    "foundations": "book/worksheets/worksheet-foundations",
    "oh-hell": "book/worksheets/worksheet-oh-hell",
    "humbug": "book/worksheets/worksheet-humbug",
    "five-hundred": "book/worksheets/worksheet-five-hundred",
}


class Edition(NamedTuple):
    """One edition of the book, and what its printout of a worksheet is: its name (student or
    teacher), where it is built, the file name's ending, the command that builds it, and its
    language (a French edition's PDFs go into ``fr/``)."""

    name: str
    site: Path
    suffix: str
    make: str
    language: str = "en"


EDITIONS = (
    Edition("student", ROOT / "_build" / "html", "student", "make book"),
    Edition("teacher", ROOT / "_build" / "teacher", "answers", "make teacher"),
    Edition("student", ROOT / "_build" / "html" / "fr", "student", "make book", "fr"),
    Edition("teacher", ROOT / "_build" / "teacher" / "fr", "answers", "make teacher", "fr"),
)

#: A4 in PDF points (1/72 inch), as Chromium writes it: 210 mm x 297 mm.
A4 = (595.28, 841.89)
FOOTER = ('<div style="width:100%;font-size:8px;color:#444;padding:0 13mm;'
          'display:flex;justify-content:space-between;font-family:sans-serif">'
          '<span>Taking Tricks{colon} {title}</span>'
          '<span>page <span class="pageNumber"></span> {of} <span class="totalPages"></span>'
          "</span></div>")
#: The footer's words in each language (French sets a narrow no-break space before a colon).
FOOTER_WORDS = {"en": {"colon": ":", "of": "of"}, "fr": {"colon": "\u202f:", "of": "sur"}}


def pdf_pages(data: bytes) -> list[tuple[float, float]]:
    """The width and height (points) of each page of a PDF written by Chromium.

    Chromium writes every page object in the clear (``/Type /Page`` with its ``/MediaBox``),
    so they can be read without a PDF library.

    >>> pdf_pages(b"%PDF-1.4 1 0 obj <</Type /Page /Resources <</Font 4 0 R>> "
    ...           b"/MediaBox [0 0 595.92 842.88]>> endobj")
    [(595.92, 842.88)]
    """
    pages = []
    for found in re.finditer(rb"/Type\s*/Page(?![a-zA-Z])(.*?)endobj", data, re.S):
        box = re.search(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)",
                        found.group(1))
        if box is None:
            raise ValueError("a page without a /MediaBox")
        x0, y0, x1, y1 = (float(v) for v in box.groups())
        pages.append((round(x1 - x0, 2), round(y1 - y0, 2)))
    return pages


def is_a4(size: tuple[float, float]) -> bool:
    """Whether a page size (points) is A4 (within 2 points, the rounding of mm to points).

    >>> is_a4((594.96, 841.92)), is_a4((612, 792))
    (True, False)
    """
    return abs(size[0] - A4[0]) <= 2 and abs(size[1] - A4[1]) <= 2


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve a built edition on 127.0.0.1 while the block runs; yields its address."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _check(page: Any, edition: Edition, name: str) -> dict[str, int]:
    """The sheet holds its exercises; the answer key a solution for each, the sheet none."""
    exercises = page.locator(".exercise").count()
    solutions = page.locator(".solution").count()
    if exercises == 0:
        raise SystemExit(f"worksheets: {name} ({edition.name}) has no exercises")
    if edition.name == "student" and solutions:
        raise SystemExit(f"worksheets: {name} (student) shows {solutions} solutions")
    if edition.name == "teacher" and solutions < exercises:
        raise SystemExit(f"worksheets: {name} (teacher) has {exercises} exercises but"
                         f" {solutions} solutions")
    return {"exercises": exercises, "solutions": solutions}


def print_edition(browser: Any, edition: Edition, names: Sequence[str],
                  out: Path) -> dict[Path, dict[str, int]]:
    """Print the worksheets ``names`` of one edition; the PDFs written, with what each page
    held (exercises, solutions) and its number of pages."""
    written = {}
    folder = out / edition.language if edition.language != "en" else out
    folder.mkdir(parents=True, exist_ok=True)
    with serve(edition.site) as url:
        context = browser.new_context(viewport={"width": 1100, "height": 1400})
        try:
            page = context.new_page()
            for name in names:
                address = url + SHEETS[name] + ".html"
                response = page.goto(address, wait_until="load")
                if response is None or not response.ok:
                    raise SystemExit(f"worksheets: {address} is missing from the {edition.name}"
                                     f" edition: run `{edition.make}`")
                page.emulate_media(media="print")
                page.evaluate("document.fonts.ready.then(() => true)")
                counts = _check(page, edition, name)
                title = page.title().split("\u2014")[0].split(" | ")[0].strip()
                target = folder / f"{name}-{edition.suffix}.pdf"
                footer = FOOTER.format(title=title.replace("<", "&lt;"),
                                       **FOOTER_WORDS[edition.language])
                page.pdf(path=str(target), format="A4", print_background=True,
                         margin={"top": "14mm", "bottom": "16mm", "left": "13mm",
                                 "right": "13mm"},
                         display_header_footer=True, header_template="<span></span>",
                         footer_template=footer)
                pages = pdf_pages(target.read_bytes())
                shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
                print(f"worksheets: {shown}: {len(pages)} A4 page"
                      f"{'s' if len(pages) != 1 else ''}, {target.stat().st_size / 1000:.0f} kB")
                written[target] = {**counts, "pages": len(pages)}
        finally:
            context.close()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PDFs go")
    parser.add_argument("--only", nargs="+", choices=sorted(SHEETS), default=list(SHEETS),
                        help="print only these worksheets")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"worksheets: {CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    missing = [e for e in EDITIONS if not (e.site / "index.html").is_file()]
    for edition in missing:
        print(f"worksheets: the {edition.name} edition ({edition.language}) is not built"
              f" ({edition.site.relative_to(ROOT)}"
              f"/index.html is missing): run `{edition.make}` first; its PDFs are skipped",
              file=sys.stderr)
    from playwright.sync_api import sync_playwright

    start = time.perf_counter()
    written: dict[Path, dict[str, int]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        try:
            for edition in EDITIONS:
                if edition not in missing:
                    written.update(print_edition(browser, edition, args.only, args.out))
        finally:
            browser.close()
    manifest = args.out / "worksheets.json"
    old = json.loads(manifest.read_text(encoding="utf-8")) if manifest.is_file() else {}
    old.update({path.relative_to(args.out).as_posix(): seen for path, seen in written.items()})
    manifest.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"worksheets: {len(written)} PDFs in {time.perf_counter() - start:.1f} s"
          f" ({sum(p.stat().st_size for p in written) / 1000:.0f} kB)")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

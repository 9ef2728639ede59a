"""The built book in a real browser: every page of the table of contents.

Each page must load with no console error, no failed request and no request to any host but
127.0.0.1; every image must load and have alt text; the worked examples must show cards; axe-core
must find no serious or critical accessibility violation; a rules page must weigh well under
2 MB on its first screen (its live demo, far below, has not started its runtime).  A sample of
French pages goes through the same checks.  A screenshot of every page is saved in ``_build/screenshots/`` for people to look at.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
import yaml
from shots import record

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def toc_pages() -> list[str]:
    """Every page in _toc.yml, as a path relative to the site root (``book/intro.html``)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            if "file" in entry:
                files.append(entry["file"])
            walk(entry.get("sections", []))

    for part in toc.get("parts", []):
        walk(part.get("chapters", []))
    walk(toc.get("chapters", []))
    return [f"{name}.html" for name in files]


PAGES = toc_pages()
#: The rules pages: one per variant (and the Five Hundred joker page), each with a worked example.
RULES_PAGES = [p for p in PAGES
               if re.search(r"book/((oh-hell|five-hundred)/(?!index)[^/]+|humbug)\.html$", p)]
LIMIT = 2_000_000
#: A sample of the French edition, one page of each kind, in the same checks.
FRENCH = ["fr/book/intro.html", "fr/book/foundations/tricks.html", "fr/book/oh-hell/oh-hell.html",
          "fr/book/humbug.html", "fr/book/five-hundred/quebec.html",
          "fr/book/numbers/hook-and-seats.html", "fr/book/experiment/api.html",
          "fr/book/worksheets/worksheet-oh-hell.html"]


class Visit:
    """What happened while a page loaded: console errors, failures, foreign hosts, bytes."""

    def __init__(self, page: Any, url: str) -> None:
        self.errors: list[str] = []
        self.failed: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[Any] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        page.on("response", self._response)
        page.on("request", self._request)
        page.goto(url, wait_until="networkidle")

    def _request(self, request: Any) -> None:
        self.requests.append(request)
        if urlparse(request.url).hostname != "127.0.0.1" and not request.url.startswith(
            ("data:", "blob:", "about:")
        ):
            self.foreign.append(request.url)

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url} (HTTP {response.status})")

    def transferred(self, exclude: str | None = None) -> int:
        """Bytes received for the page and everything it loaded (headers and bodies), but for
        addresses containing ``exclude``."""
        total = 0
        for request in self.requests:
            if request.url.startswith(("data:", "blob:")) or (exclude and exclude in request.url):
                continue
            sizes = request.sizes()
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total


@pytest.mark.parametrize("path", PAGES + FRENCH)
def test_page_loads_cleanly_and_is_accessible(page: Any, site_url: str, screenshots: Path,
                                              axe_source: str, path: str) -> None:
    """One visit for both (each page was loaded twice, once per check): the load, then
    axe-core on the page as loaded."""
    visit = Visit(page, site_url + path)
    assert page.title(), f"{path} has no title"
    assert not visit.errors, f"console errors on {path}: {visit.errors}"
    assert not visit.failed, f"failed requests on {path}: {visit.failed}"
    assert not visit.foreign, f"{path} requested other hosts: {visit.foreign}"
    images = page.eval_on_selector_all(
        "main img",
        "imgs => imgs.map(i => ({src: i.src, ok: i.complete && i.naturalWidth > 0,"
        " alt: (i.getAttribute('alt') || '').trim()}))",
    )
    for image in images:
        assert image["ok"], f"{path}: image {image['src']} did not load"
        assert image["alt"], f"{path}: image {image['src']} has no alt text"
    name = path.removesuffix(".html").replace("/", "__")
    page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)
    page.add_script_tag(content=axe_source)
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"
    )
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not serious, f"{path}: {json.dumps(serious, indent=1)}"


@pytest.mark.parametrize("path", RULES_PAGES)
def test_worked_example_shows_cards(page: Any, site_url: str, path: str) -> None:
    page.goto(site_url + path, wait_until="networkidle")
    example = page.locator(".tc-example")
    assert example.count() >= 2, f"{path}: the worked example is missing"
    cards = page.locator(".tc-example .tc-card")
    assert cards.count() >= 8, f"{path}: the worked example shows too few cards"
    jokers = page.eval_on_selector_all(  # Five Hundred's jokers have no suit, but a name
        ".tc-example .tc-card.tc-jk", "cards => cards.map(c => c.getAttribute('aria-label'))")
    assert set(jokers) <= {"joker", "second joker"}, f"{path}: a joker without its name"
    first = page.locator(".tc-example .tc-card:not(.tc-jk)").first
    assert first.is_visible()
    assert re.fullmatch(r"(ace|king|queen|jack|\d+) of (spades|hearts|diamonds|clubs)",
                        first.get_attribute("aria-label") or ""), "cards need a spoken name"
    assert re.search(r"[♠♥♦♣]", first.inner_text()), "cards must show their suit symbol"
    assert page.get_by_text("The score for this deal").count() == 1


@pytest.mark.parametrize("path", [*RULES_PAGES, "fr/book/five-hundred/quebec.html"])
def test_rules_page_weighs_under_2_mb(page: Any, site_url: str, screenshots: Path,
                                      path: str) -> None:
    """A reader who opens a rules page and reads its first screen loads well under 2 MB.

    A live demo starts its runtime (Pyodide, 15 MB) only when it comes near the screen
    (live-table.js): one far below the first screen must not have started; one near it may
    have, and its runtime (under lite/) is then weighed apart from the page."""
    visit = Visit(page, site_url + path)
    tables = page.eval_on_selector_all(
        ".tt-live-table", "roots => roots.map(r => ({early: r.hasAttribute('data-live-early'),"
        " below: r.getBoundingClientRect().top / innerHeight}))")
    far = [t for t in tables if t["below"] > 3]
    assert not any(t["early"] for t in far), f"{path}: a demo far below started its runtime"
    runtime = [r for r in visit.requests if "/lite/" in r.url]
    if not any(t["early"] for t in tables):
        assert not runtime, f"{path}: the live runtime loaded with no demo near the screen"
    total = visit.transferred(exclude="/lite/")
    record(screenshots / "page-weights.json", path, total)
    assert total < LIMIT, f"{path} transferred {total:,} bytes (limit {LIMIT:,})"


def test_four_colour_switch(page: Any, site_url: str) -> None:
    page.goto(site_url + "book/foundations/pack.html", wait_until="networkidle")
    diamond = page.locator(".tc-pack .tc-card.tc-d").first
    red = diamond.evaluate("e => getComputedStyle(e).color")
    switch = page.get_by_role("button", name="Four-colour suits")
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    assert diamond.evaluate("e => getComputedStyle(e).color") == "rgb(0, 80, 176)" != red
    page.reload(wait_until="networkidle")  # the choice is remembered
    assert diamond.evaluate("e => getComputedStyle(e).color") == "rgb(0, 80, 176)"


def test_built_pages_load_nothing_from_outside(site_url: str) -> None:
    site = ROOT / "_build" / "html"
    remote = re.compile(r"<(?:script|link|img|iframe)[^>]+(?:src|href)=[\"']((?:https?:)?//[^\"']+)")
    found = {}
    for html in site.rglob("*.html"):
        hits = remote.findall(html.read_text(encoding="utf-8"))
        if hits:
            found[str(html.relative_to(site))] = hits
    assert not found, f"pages that reference outside assets: {found}"

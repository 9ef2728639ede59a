"""The French edition (issue 15): every page in French, and the way between the two languages.

* Every page of the table of contents (and of the teacher edition's "For teachers" part) exists
  in ``fr/`` of its edition, as ``<html lang="fr">``, with no English left where a reader looks
  (``french_text.py``: prose, labels, alt text and the demo snapshots; code and the
  bibliography aside).
* The language switch leads to the same page in the other language and back, keeping the class
  link's ``?deal=&seat=`` and the fragment.
* A French live demo plays a whole hand in French, from a class link.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from french_text import english_left, english_names
from shots import shot
from test_book_site import toc_pages
from test_live_table import to_the_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
TEACHER_SITE = ROOT / "_build" / "teacher"
PAGES = toc_pages()
TEACHER_PAGES = sorted(
    f"book/teachers/{p.stem}.html" for p in (ROOT / "book" / "teachers").glob("*.md"))
LIVE_TIMEOUT = 150_000


def _lang(html: str) -> str | None:
    found = re.search(r"<html[^>]*\blang=\"([^\"]+)\"", html)
    return found.group(1) if found else None


@pytest.mark.parametrize(("site", "pages"), [(SITE, PAGES), (TEACHER_SITE, PAGES + TEACHER_PAGES)],
                         ids=["student", "teacher"])
def test_every_page_is_in_french(site: Path, pages: list[str]) -> None:
    missing = [p for p in pages if not (site / "fr" / p).is_file()]
    assert not missing, f"pages missing from {site.name}/fr: {missing}"
    english = [p for p in pages if _lang((site / "fr" / p).read_text(encoding="utf-8")) != "fr"]
    assert not english, f"French pages not marked lang=fr: {english}"
    assert _lang((site / PAGES[0]).read_text(encoding="utf-8")) == "en"


@pytest.mark.parametrize(("site", "pages"), [(SITE, PAGES), (TEACHER_SITE, PAGES + TEACHER_PAGES)],
                         ids=["student", "teacher"])
def test_no_english_is_left_on_a_french_page(site: Path, pages: list[str]) -> None:
    names = english_names()
    left = {p: english_left((site / "fr" / p).read_text(encoding="utf-8"), names)
            for p in pages}
    left = {p: texts for p, texts in left.items() if texts}
    report = "\n".join(f"{p}: {texts[:5]}" for p, texts in sorted(left.items()))
    assert not left, f"English on {len(left)} French page(s):\n{report}"


def test_the_french_catalogues_name_every_page() -> None:
    """Each page of both editions has its catalogue (a page without one would stay English)."""
    catalogues = ROOT / "locales" / "fr" / "LC_MESSAGES"
    missing = [p for p in PAGES + TEACHER_PAGES
               if not (catalogues / p.replace(".html", ".po")).is_file()]
    assert not missing, f"pages without a French catalogue: {missing}"


def test_the_language_switch_keeps_the_class_link(page: Any, site_url: str,
                                                   screenshots: Path) -> None:
    query = "?deal=oh-hell-4-3&seat=2"
    page.goto(f"{site_url}book/oh-hell/oh-hell.html{query}#play-it", wait_until="load")
    switch = page.locator("a.tt-language-switch")
    assert switch.inner_text() == "Français"
    assert switch.get_attribute("hreflang") == "fr"
    switch.click()
    page.wait_for_load_state("load")
    assert page.url == f"{site_url}fr/book/oh-hell/oh-hell.html{query}#play-it"
    assert page.locator("html").get_attribute("lang") == "fr"
    page.screenshot(path=str(screenshots / "french-switch.png"))
    back = page.locator("a.tt-language-switch")
    assert back.inner_text() == "English"
    back.click()
    page.wait_for_load_state("load")
    assert page.url == f"{site_url}book/oh-hell/oh-hell.html{query}#play-it"


def test_the_switch_works_on_every_kind_of_page(page: Any, site_url: str) -> None:
    for path in ("book/intro.html", "book/foundations/glossary.html", "book/humbug.html",
                 "book/five-hundred/quebec.html", "book/numbers/one-card.html"):
        page.goto(f"{site_url}fr/{path}", wait_until="load")
        target = page.locator("a.tt-language-switch").get_attribute("href") or ""
        assert target == f"{site_url}{path}", path
        page.goto(target, wait_until="load")
        assert page.locator("html").get_attribute("lang") == "en"


#: An enabled control of the live table that acts in the game: a bid (a number) or a card.
PLAYABLE = """(element) => {
  const area = document.querySelector('.tt-live-area');
  return area.contains(element) && element.matches('button.widget-button:not([disabled]):not(.tt-unplayable)')
    && (/^\\d+$/.test(element.textContent.trim())
        || /^Jouer (le |la |l’|l').*(pique|cœur|carreau|trèfle|joker)/.test(element.title || ''));
}"""


def test_a_french_live_demo_plays_a_hand(page: Any, site_url: str, screenshots: Path) -> None:
    page.goto(f"{site_url}fr/book/oh-hell/oh-hell.html?deal=oh-hell-4-3&seat=0",
              wait_until="load")
    live = page.locator(".tt-live-table[data-live-demo='play_demo']")
    live.get_by_role("button", name="Jouer en direct").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    to_the_page(page)
    area = live.locator(".tt-live-area")
    assert area.locator("[data-deal-code='oh-hell-4-3']").count() == 1
    for _ in range(40):
        controls = [b for b in area.locator("button.widget-button:not([disabled]):not(.tt-unplayable)").all()
                    if b.evaluate(PLAYABLE)]
        if not controls:
            break
        controls[0].click()
        page.wait_for_function(
            "() => !document.querySelector('.tt-live-table[data-live-busy]')", timeout=20_000)
    text = area.inner_text()
    shot(page, live, screenshots / "french-live-hand.png")
    assert re.search(r"TT\d-", text), "the hand did not finish with a result code"
    left = english_left(area.evaluate("e => e.outerHTML"))
    assert not left, f"English in the French live demo: {left[:8]}"

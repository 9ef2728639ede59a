"""English left on a French page: what a reader sees, outside code, that is still English.

A page of the French edition is read as a reader meets it: the text of the page (its prose,
tables, captions, notes, the navigation and the footer), the words of its images, buttons and
labels (``alt``, ``title``, ``aria-label``), and the labels of its demo snapshots (the saved
widget state that the page draws).  Code (``pre``, ``code``, the code cells' sources, math) and
the bibliography are left out: code is not translated, and a cited work keeps its title.

A sentence is English when it holds one of :data:`ENGLISH` as a word: words common in English and
absent from French.  A name that stays English on French pages (a game, a book, a club) is
listed in ``english_names.txt`` beside this file, and taken out first.

    python tests/browser/french_text.py [SITE]   # every French page of a built site, and a count
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from bs4 import BeautifulSoup, Comment, Tag

HERE = Path(__file__).resolve().parent
#: Words that are common in English and are not French words (not page, score or suit,
#: which French has too).
ENGLISH = frozenset([
    "the", "and", "with", "which", "this", "that", "from", "when", "where", "player", "players",
    "trick", "tricks", "bids", "hand", "hands", "deals", "each", "every", "would", "should",
    "their", "there", "is", "are", "was", "were", "has", "have", "you", "your", "what", "who",
    "why", "how", "of", "to", "for", "wins", "takes", "next", "dealer", "dealt", "follow",
    "trumps", "shows", "show", "loading", "click", "press", "its", "it", "toggle", "sidebar",
    "search",
])
#: A word, or a Python name (``with_options``, ``trickcore.Card.of``), which is code, not English.
_WORD = re.compile(r"[A-Za-z_]\w*(?:\.\w+)*(?:'[a-z]+)?")
#: A deal code (``up-and-down-the-river-4-5-4``): code, however English its variant's key reads.
_DEAL_CODE = re.compile(r"\b[a-z]+(?:-[a-z]+)*-[0-9]{1,2}-[0-9]{1,12}(?:-[0-9]{1,12})?\b")
#: Elements whose text is code, or a cited work's own words.
SKIPPED = ("pre", "code", "kbd", "samp", "script", "style", "math", "svg", "noscript",
           ".cell_input", ".highlight", ".math", ".MathJax", ".bibliography", ".citation",
           ".bibtex-citation",
           "div.docutils.container.bibliography", "[lang='en']", ".sig", "dt.sig")
ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")
_WIDGET_KEYS = ("description", "value", "tooltip", "placeholder", "_options_labels",
                "description_tooltip")


def english_names() -> list[str]:
    """The names that stay English on French pages, longest first."""
    lines = (HERE / "english_names.txt").read_text(encoding="utf-8").splitlines()
    names = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    return sorted(names, key=len, reverse=True)


def english_words(text: str, names: list[str]) -> list[str]:
    """The English words of ``text`` once the English names are taken out.

    >>> english_words("Le pli de Ann : the trick", ["Up and Down the River"])
    ['the', 'trick']
    >>> english_words("Up and Down the River se joue à quatre", ["Up and Down the River"])
    []
    >>> english_words("Voir trickcore.with_options et with_options : of the trick.", [])
    ['of', 'the', 'trick']
    >>> english_words("p. ex. up-and-down-the-river-4-5-4", [])  # a deal code is code
    []
    """
    for name in names:
        text = text.replace(name, " ")
    text = _DEAL_CODE.sub(" ", text)
    return [w for w in _WORD.findall(text) if w.lower() in ENGLISH]  # a name never is


def _widget_strings(state: object) -> Iterator[str]:
    if isinstance(state, dict):
        for key, value in state.items():
            if key in _WIDGET_KEYS:
                if isinstance(value, str):
                    yield BeautifulSoup(value, "html.parser").get_text(" ")
                elif isinstance(value, list):
                    yield from (str(v) for v in value if isinstance(v, str))
            elif isinstance(value, dict | list):
                yield from _widget_strings(value)
    elif isinstance(state, list):
        for item in state:
            yield from _widget_strings(item)


def reader_texts(html: str) -> Iterator[str]:
    """The pieces of text a reader meets on a page (see the module's docstring)."""
    soup = BeautifulSoup(html, "html.parser")
    for script in soup.select('script[type="application/vnd.jupyter.widget-state+json"]'):
        try:
            yield from _widget_strings(json.loads(script.string or "{}"))
        except json.JSONDecodeError:
            continue
    for selector in SKIPPED:
        for element in soup.select(selector):
            element.decompose()
    body = soup.body or soup
    for element in body.find_all(True):
        if not isinstance(element, Tag):
            continue
        for attribute in ATTRIBUTES:
            value = element.get(attribute)
            if isinstance(value, str) and value.strip():
                yield value
    for block in body.find_all(["p", "li", "td", "th", "h1", "h2", "h3", "h4", "caption",
                                "figcaption", "dt", "dd", "span", "a", "div", "button",
                                "label", "summary"]):
        own = "".join(t for t in block.find_all(string=True, recursive=False)
                      if not isinstance(t, Comment))
        if own.strip():
            yield own


def english_left(html: str, names: list[str] | None = None) -> list[str]:
    """Each piece of a page's text that still holds English words, shortened to 120 characters."""
    names = english_names() if names is None else names
    found = []
    for text in reader_texts(html):
        words = english_words(text, names)
        if words:
            found.append(" ".join(text.split())[:120])
    return found


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else HERE.parents[1] / "_build" / "html"
    names = english_names()
    total = 0
    for path in sorted((site / "fr" / "book").rglob("*.html")):
        left = english_left(path.read_text(encoding="utf-8"), names)
        total += len(left)
        if left:
            print(f"{path.relative_to(site)}: {len(left)}")
            for text in left[:8]:
                print(f"    {text}")
    print(f"{total} piece(s) of English text", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

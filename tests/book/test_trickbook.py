"""The book's page builders live in book/trickbook, outside the engine.

trickcore had a ``pages`` module that built the book's HTML and shipped in the wheel; it is now
the ``trickbook`` package beside the pages that use it.  These tests check that the move is
complete (no ``trickcore.pages``, no way back from trickcore to trickbook, every page imports
``trickbook``) and that trickbook draws its cards and tables through :mod:`trickcore.display`.
Its doctests run too (``book/trickbook`` is in pytest's ``testpaths``).
"""

from __future__ import annotations

import ast
import fnmatch
import html
import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from trickcore import display
from trickcore.cards import parse_cards
from trickcore.display import COLOUR_ORDER

import trickbook

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
TRICKCORE = ROOT / "trickcore"
BOOK = ROOT / "book"


def test_trickcore_has_no_pages_module() -> None:
    assert not (TRICKCORE / "pages.py").exists()
    assert importlib.util.find_spec("trickcore.pages") is None
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("trickcore.pages")


def test_the_wheel_holds_trickcore_only() -> None:
    # The wheel holds the packages that match [tool.setuptools.packages.find] include, found
    # from the project's root as setuptools finds them (folders with an __init__.py whose
    # parents are packages too); book/ is no package, so book/trickbook is not among them.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert include == ["trickcore*"]
    packages = []
    for top in (d for d in ROOT.iterdir() if (d / "__init__.py").exists()):
        for init in top.rglob("__init__.py"):
            folder = init.parent.relative_to(ROOT)
            if all((ROOT / Path(*folder.parts[:i]) / "__init__.py").exists()
                   for i in range(1, len(folder.parts) + 1)):
                packages.append(".".join(folder.parts))
    shipped = [p for p in packages if any(fnmatch.fnmatch(p, pat) for pat in include)]
    assert "trickcore" in shipped
    assert "trickcore.display" in shipped
    assert not [p for p in shipped if "trickbook" in p or p.endswith("pages")]
    assert Path(trickbook.__file__).resolve().parent == BOOK / "trickbook"


def _imported_modules(path: Path) -> set[str]:
    """Every module an import statement in ``path`` names, at any depth (functions too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_nothing_in_trickcore_imports_trickbook() -> None:
    offenders = [str(path.relative_to(ROOT)) for path in sorted(TRICKCORE.rglob("*.py"))
                 if any(name.split(".")[0] == "trickbook" for name in _imported_modules(path))]
    assert offenders == []


def test_importing_all_of_trickcore_does_not_load_trickbook() -> None:
    code = ("import pkgutil, importlib, sys, trickcore\n"
            "for m in pkgutil.walk_packages(trickcore.__path__, 'trickcore.'):\n"
            "    if not m.name.endswith('__main__'):\n"
            "        importlib.import_module(m.name)\n"
            "print(sorted(n for n in sys.modules if n.split('.')[0] == 'trickbook'))")
    env = {**os.environ, "PYTHONPATH": str(BOOK)}  # trickbook could be imported, but is not
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    assert out.stdout.strip() == "[]"


def test_every_book_page_imports_the_page_builders_from_trickbook() -> None:
    pages = sorted(BOOK.rglob("*.md"))
    using = [p for p in pages if "trickbook." in p.read_text(encoding="utf-8")]
    assert len(using) > 20
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "trickcore.pages" not in text, page
        assert "from trickcore import pages" not in text, page
    for page in using:  # the page builders come from trickbook, by one import or another
        text = page.read_text(encoding="utf-8")
        assert "import trickbook\n" in text or re.search(r"^from trickbook(\.\w+)* import ",
                                                          text, re.M), page


def test_trickbook_exports_what_trickcore_pages_did() -> None:
    """Everything the old ``trickcore.pages`` gave the pages is still there (the package may
    give more: a new page builder needs no change here)."""
    assert set(trickbook.__all__) >= {
        "FIVE_HUNDRED_OPTION_ORDER", "JOKER_DEMO_HANDS", "JOKER_DEMO_KITTY",
        "PACK_52", "PLAYER_NAMES", "TIMELINE", "FiveHundredExample", "WorkedExample",
        "avondale_table", "call_text", "cards_row", "claims", "comparison_table", "deal_layout_table",
        "explain_trick", "five_hundred_options_table", "forms_table", "game_length_table",
        "game_table", "joker_rules_html", "ladder_table", "options_table", "pack_table",
        "players_text", "points_comparison_table", "registry_table", "rules_list",
        "schedule_table", "scoring_table", "special_scores_table", "trump_order",
        "worked_example"}
    assert all(hasattr(trickbook, name) for name in trickbook.__all__)


def test_a_five_hundred_deal_gets_the_five_hundred_header() -> None:
    """The pack page's deal once got the Oh Hell header: "Dev bids first and leads to the first
    trick. This game has no trumps"; in that deal the contractor Ann leads and hearts are trumps."""
    from trickbook.answers import deal_html

    shown = deal_html("five-hundred-4-2")
    assert "calls first" in shown
    assert "Kitty" in shown
    assert "bids first and leads" not in shown
    assert "no trumps" not in shown
    assert "bids first and leads to the first trick" in deal_html("oh-hell-4-7-5")
    with pytest.raises(TypeError, match="FiveHundredExample"):
        trickbook.WorkedExample("five-hundred", players=4, seed=2)



@pytest.mark.parametrize(("options", "deal", "words"), [
    # The rotation's second entry is no trumps: the header once said no card was left over.
    ({"trump_method": "fixed-rotation", "trump_rotation": "H NT"}, 1,
     "The trump rotation makes this deal one without trumps."),
    ({"trump_method": "fixed-rotation", "trump_rotation": "H NT"}, 0, "Trumps are ♥ hearts."),
    # The schedule's largest deal (the first of Oh Hell's 10 down to 1) at no trumps.
    ({"largest_deals_no_trump": True}, 0,
     "This is the largest deal of the schedule, which the rules play without trumps."),
    ({"trump_method": "none"}, 2, "This game has no trumps."),
])
def test_a_deal_s_header_gives_the_engine_s_reason_for_its_trumps(
        options: dict[str, object], deal: int, words: str) -> None:
    from trickcore.engine.trumps import deal_trumps
    from trickcore.rules import with_options
    from trickcore.rules.registry import get_variant

    ruleset = with_options(get_variant("oh-hell"), options)
    example = trickbook.WorkedExample(ruleset, players=4, seed=5, deal=deal)
    shown = example.deal_html()
    assert words in shown
    how = deal_trumps(ruleset, players=4, hand_size=example.state.deal.hand_size,
                      deal_index=deal)
    assert (example.state.deal.trump is None) == how.at_no_trump

def test_trickbook_files_are_short() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in (BOOK / "trickbook").glob("*.py")}
    assert max(sizes.values()) < 500, sizes


def test_a_row_of_cards_is_drawn_by_display() -> None:
    cards = parse_cards("2D JK AS 3C")
    row = trickbook.cards_row(cards)
    assert row == display.cards_html(cards, order=display.colour_order, inline=True)
    # Colours alternate (spades, hearts, clubs, diamonds), the joker first, high cards first.
    assert COLOUR_ORDER[2].letter == "C"
    assert [row.index(display.card_html(c)) for c in parse_cards("JK AS 3C 2D")] == sorted(
        row.index(display.card_html(c)) for c in cards)
    assert trickbook.cards_row([]) == '<span class="tc-none">no cards</span>'


def test_the_comparison_says_what_each_deal_gives_out_besides_the_hands() -> None:
    """The side-by-side table's Deals row once said only the hands: two-hand Five Hundred's
    ten table cards a player (five piles, one card face down under one face up) were missing.
    Whatever the rules text says a deal gives out besides the hands, the row says too."""
    from trickcore.rules.describe import deal_extras
    from trickcore.rules.registry import VARIANTS

    from trickbook import comparison_table

    for key, ruleset in VARIANTS.items():
        for extra in deal_extras(ruleset):
            row = next(r for r in comparison_table([key]).split("<tr") if ">Deals<" in r)
            assert html.escape(extra) in row, (key, extra)
    assert any(deal_extras(r) for r in VARIANTS.values())

"""What the pages say happens in their seeded deals, replayed through the engine.

A page that tells a deal in its own sentences (who leads, what is called, who wins which trick,
what is scored) states the facts those sentences rest on in a hidden
``trickbook.claims("CODE", '''...''')`` cell (:mod:`trickbook.deal_claims`).  Here every claim
of every page is replayed; every page that shows a seeded deal must carry claims about it; and
a claim moved to another seed, or replayed with other bots, is shown to fail, so that a change
to a bot, a seed or a rule that makes a page's story false fails this file.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from trickcore import RandomBot, TrickcoreError, parse_deal_code

import trickbook.answer_args as answer_args
from trickbook.deal_claims import ClaimError, claims, page_claims, parse
from trickbook.five_hundred_answers import FIVE_HUNDRED_FORMS

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
PAGES = sorted(p for p in BOOK.rglob("*.md") if "_ext" not in p.parts)

#: A worked example built on a page: the class, the variant (a registry key or one of the
#: book's named forms, by its variable), the players, the seed and the deal's index.
EXAMPLE = re.compile(r"(?:FiveHundredExample|WorkedExample)\(\s*(?P<rules>\"[^\"]+\"|\w+),"
                     r"\s*players=(?P<players>\d+),\s*seed=(?P<seed>\d+)"
                     r"(?:,\s*deal=(?P<deal>\d+))?")
DEAL_HTML = re.compile(r"deal_html\(\"(?P<code>[^\"]+)\"\)")
FORM_VARIABLE = re.compile(r"^(?P<name>\w+) = FIVE_HUNDRED_FORMS\[\"(?P<form>[^\"]+)\"\]", re.M)


def _key(code: str) -> tuple[str, int, int, int]:
    """A deal code reduced to (rules, players, seed, deal number), whichever way it is written
    (``five-hundred-4-8`` and ``five-hundred-4-8-1`` are the same deal)."""
    for form in sorted(FIVE_HUNDRED_FORMS, key=len, reverse=True):
        rest = code.removeprefix(form + "-")
        if rest != code and re.fullmatch(r"\d+-\d+(-\d+)?", rest):
            numbers = [int(n) for n in rest.split("-")] + [1]
            return form, numbers[0], numbers[1], numbers[2]
    parsed = parse_deal_code(code)
    return parsed.variant, parsed.players, parsed.seed, parsed.deal


def shown_deals(source: str) -> set[tuple[str, int, int, int]]:
    """The seeded deals a page builds a worked example of, or draws for its exercises."""
    forms = {m["name"]: m["form"] for m in FORM_VARIABLE.finditer(source)}
    found = set()
    for match in EXAMPLE.finditer(source):
        rules = match["rules"].strip('"')
        rules = forms.get(rules, rules)
        found.add((rules, int(match["players"]), int(match["seed"]),
                   int(match["deal"] or 0) + 1))
    found |= {_key(m["code"]) for m in DEAL_HTML.finditer(source)}
    return found


def all_claims() -> list[tuple[str, str]]:
    return [(str(p.relative_to(BOOK)), c.question + " | " + c.test + " | " + c.expected)
            for p in PAGES for c in page_claims(p.read_text("utf-8"))]


def _page(name: str) -> str:
    return (BOOK / name).read_text("utf-8")


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(BOOK)))
def test_every_claim_on_the_page_holds(path: Path) -> None:
    failures = [f"{c.code}: {f}" for c in page_claims(path.read_text("utf-8"))
                if (f := c.failure()) is not None]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("path", [p for p in PAGES if shown_deals(p.read_text("utf-8"))],
                         ids=lambda p: str(p.relative_to(BOOK)))
def test_every_deal_a_page_shows_carries_claims(path: Path) -> None:
    """A deal shown without claims could be told wrongly and nothing would notice.  Where a
    deal is played by the page's own bots (the American nullo), its claims give the calls as
    ``bids=``, so the deal is still the one named."""
    source = path.read_text("utf-8")
    claimed = {_key(c.code) for c in page_claims(source)}
    missing = shown_deals(source) - claimed
    assert not missing, f"{path.relative_to(BOOK)} shows {sorted(missing)} with no claims"


@pytest.mark.parametrize("path", [p for p in PAGES if "### The first three tricks"
                                  in p.read_text("utf-8")],
                         ids=lambda p: str(p.relative_to(BOOK)))
def test_a_heading_over_three_tricks_has_a_deal_of_more(path: Path) -> None:
    """"The first three tricks" and then "The rest of the deal" are true only of a deal of more
    than three tricks (a lost misère may stop after one or two)."""
    counts = [int(c.expected) for c in page_claims(path.read_text("utf-8"))
              if c.kind == "trick-count"]
    assert counts, f"{path.relative_to(BOOK)} claims no trick-count under its heading"
    assert all(n > 3 for n in counts[:1])


def test_the_pages_make_claims() -> None:
    """The scan finds the pages' claims (a broken pattern would find none and pass)."""
    found = all_claims()
    assert len(found) > 100
    assert any("five-hundred-3-3-177" in text for _page_name, text in found)


def test_a_claim_moved_to_another_seed_fails() -> None:
    """The three-hand page's story, told over seed 178 instead of 177, is false somewhere."""
    told = page_claims(_page("five-hundred/three-hand.md"))
    assert told
    assert all(c.failure() is None for c in told)
    moved = [dataclasses.replace(c, code=c.code.replace("-177", "-178")) for c in told
             if c.code.endswith("-177")]
    assert any(c.failure() is not None for c in moved)


def test_a_claim_replayed_with_other_bots_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """With random bots in place of the book's heuristic ones, the stories no longer hold:
    the claims depend on the bots' play, as the pages' sentences do."""
    pages = ["five-hundred/three-hand.md", "oh-hell/oh-hell.md", "humbug.md"]
    told = [c for page in pages for c in page_claims(_page(page))]

    class Random(RandomBot):
        def __init__(self) -> None:
            super().__init__(seed=5)

    monkeypatch.setattr(answer_args, "HeuristicBot", Random)
    assert sum(c.failure() is not None for c in told) > len(told) // 4


def test_a_false_claim_stops_the_page() -> None:
    with pytest.raises(ClaimError, match="the page says 'Ann', the engine says 'Ben'"):
        claims("five-hundred-3-3-177", "trick-leader 1: Ann")
    with pytest.raises(ClaimError, match="absent"):
        claims("five-hundred-3-3-177", "hand Ann excludes: Jkr")


@pytest.mark.parametrize("text", ["", "trick-leader 1", "colour: red"])
def test_a_malformed_claim_is_a_clear_error(text: str) -> None:
    with pytest.raises(ClaimError):
        parse("five-hundred-3-3-177", text)


def test_a_claim_about_a_deal_that_is_not_there_fails() -> None:
    with pytest.raises(ClaimError, match=r"not a deal code|unknown variant"):
        claims("no-such-game-4-1", "trick-leader 1: Ann")
    with pytest.raises(ClaimError, match="10 tricks, not 11"):
        claims("five-hundred-3-3-177", "trick-winner 11: Ann")


def test_the_deal_key_reads_both_spellings() -> None:
    assert _key("five-hundred-4-8") == _key("five-hundred-4-8-1")
    assert _key("american-split-4-375") == ("american-split", 4, 375, 1)
    with pytest.raises(TrickcoreError):
        _key("nothing")

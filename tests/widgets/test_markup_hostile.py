"""Nothing a user types, pastes or puts in a URL reaches the page as markup,
and the class results read each pasted line on its own, within caps and a time budget.

The widgets are driven as a reader drives them (a deal code typed into the field, codes pasted
into the class results, a class link's values), then every HTML the demo shows is read back.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.display import neutral, shown
from trickcore.display.safe import BIDI_CONTROLS
from trickcore.engine.turns import play_deal
from trickcore.errors import CardCodeError
from trickcore.i18n import language
from trickcore.notation import encode_result, match_from_code
from trickcore.players.heuristic import HeuristicBot
from trickcore.study import open_hands
from trickcore.widgets import (
    bid_demo,
    class_codes,
    class_results,
    deal_demo,
    page_runner,
    play_demo,
)
from trickcore.widgets.class_codes import MAX_CHARS, MAX_LINES, Deadline, read_results
from trickcore.widgets.demo_model import MAX_DEAL_CODE_CHARS, DealSetup

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

#: What a hostile reader pastes: markup that would run, a URL that would run, a quote that
#: would close an attribute, the bidi controls, and a very long text.
HOSTILE = [
    "<img src=x onerror=alert(document.domain)>",
    "<script>window.__pwned=1</script>",
    "javascript:alert(1)",
    '"><svg onload=alert(1)>',
    "'><svg/onload=alert(1)>",
    "oh-hell-4-\u202e8172-2",
    "\u2066<b>\u2069\u200f\u061c",
    "<img src=x onerror=alert(1)>" * 4000,  # about 100 kB
]
#: The elements no hostile input may create.
TAGS = {"img", "script", "svg", "iframe", "object", "embed"}


def html_values(widget: Any) -> Iterator[str]:
    """The value of every HTML widget inside ``widget``."""
    if isinstance(widget, widgets.HTML):
        yield widget.value
    for child in getattr(widget, "children", ()):
        yield from html_values(child)


class _Elements(HTMLParser):
    """The elements of an HTML text, and any ``on...`` attribute or ``javascript:`` address."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.handlers: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = " ".join(value or "" for name, value in attrs if name == "class").split()
        own_face = tag == "svg" and "tc-face" in classes  # display.faces draws these
        self.tags.append("svg (a card face)" if own_face else tag)
        self.handlers += [f"{name}={value}" for name, value in attrs
                          if name.startswith("on") or "javascript:" in (value or "").lower()]


def assert_no_markup(widget: Any, *, allowed: frozenset[str] = frozenset()) -> None:
    """No element a hostile input could make, no event handler, no bidi control, and nothing
    the size of the 100 kB paste, in anything the demo shows."""
    for value in html_values(widget):
        parsed = _Elements()
        parsed.feed(value)
        assert not (TAGS - allowed) & set(parsed.tags), (parsed.tags, value[:300])
        assert not parsed.handlers, parsed.handlers
        assert not BIDI_CONTROLS & set(value), value[:300]
        assert HOSTILE[-1][:20_000] not in html.unescape(value)  # the 100 kB paste is not
        # repeated whole (the card faces of a hand, sent as data, may make a long value)


# The helper ---------------------------------------------------------------------------------


@pytest.mark.slow
@given(st.text(max_size=300), st.integers(min_value=1, max_value=120))
def test_shown_is_text_only(text: str, longest: int) -> None:
    out = shown(text, longest)
    assert not set("<>\"'") & set(out)
    assert not BIDI_CONTROLS & set(out)
    plain = neutral(text, longest)
    assert len(plain) <= 8 * longest + 1  # each character at most "[U+XXXX]", then "…"
    assert plain.endswith("…") == (len(text) > longest)


@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E,
                                      blacklist_characters="<>&\"'"), max_size=80))
def test_plain_text_is_shown_as_it_is(text: str) -> None:
    assert shown(text) == text


def test_a_bidi_control_is_shown_by_name() -> None:
    assert shown("abc\u202etxt.exe") == "abc[U+202E]txt.exe"
    for char in BIDI_CONTROLS:
        assert f"[U+{ord(char):04X}]" == neutral(char)


# The demos' deal-code fields -----------------------------------------------------------------


@pytest.mark.parametrize("make", [deal_demo, play_demo, bid_demo], ids=["deal", "play", "bid"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hostile_deal_code_is_refused_as_text(make: Any, lang: str) -> None:
    with language(lang):
        demo = make()
        code = demo.setup.code if hasattr(demo, "setup") else demo.session.code
        for text in HOSTILE:
            demo.code_input.value = text
            said = demo.message_html.value
            assert said, text[:40]
            assert 'color:#a00000' in said  # a refusal, and the deal is kept
            assert (demo.setup.code if hasattr(demo, "setup") else demo.session.code) == code
            assert_no_markup(demo)
            demo.code_input.value = ""
        demo.code_input.value = HOSTILE[0]
        assert "&lt;img src=x onerror=alert(document.domain)&gt;" in demo.message_html.value
        demo.code_input.value = ""
        demo.code_input.value = HOSTILE[5]  # written out, by the helper or the parser's repr
        assert any(name in demo.message_html.value for name in ("[U+202E]", "\\u202e"))


def test_a_long_paste_is_refused_unread() -> None:
    with pytest.raises(CardCodeError, match=f"at most {MAX_DEAL_CODE_CHARS} characters"):
        DealSetup.from_code("oh-hell-4-2718 " + "x" * MAX_DEAL_CODE_CHARS)
    demo = deal_demo()
    demo.code_input.value = HOSTILE[-1]
    assert "this text has 112,000" in demo.message_html.value
    assert "<img" not in demo.message_html.value


# Class links --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hostile_class_link_is_said_as_text(lang: str) -> None:
    page = json.dumps({"variant": "oh-hell", "players": 4, "seed": 2718, "deal": 4})
    page_runner.install(lambda kind, text, buffers: None)
    try:
        with language(lang):
            for text in HOSTILE:
                for link in ({"deal": text}, {"seat": text}, {"deal": "oh-hell-4-1", "seat": text}):
                    page_runner.start("play_demo", page, json.dumps(link))
                    demo = page_runner._shown[-1]
                    assert demo.session.code in ("oh-hell-4-2718-4", "oh-hell-4-1")
                    assert "tt-link-note" in demo.message_html.value
                    assert_no_markup(demo)
            sheet = json.dumps({"variant": "oh-hell", "players": 4, "seed": 2718})
            page_runner.start("score_sheet", sheet, json.dumps({"deal": HOSTILE[3]}))
            assert_no_markup(page_runner._shown[-1])
    finally:
        page_runner.uninstall()


# The class results ---------------------------------------------------------------------------


def played(code: str, seat: int, deals: int) -> str:
    match = match_from_code(code)
    for _ in range(deals):
        play_deal(match.next_deal(), [HeuristicBot()] * match.players)
    return encode_result(match, seat)


@pytest.fixture(scope="module")
def good_codes() -> Iterator[list[str]]:
    """A whole Humbug deal takes minutes in the pure-Python search: the page's last-resort
    guard is cut short while these run (the deals it stops are said to be not reached)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(class_codes, "TIME_BUDGET", 8.0)
        yield [played("oh-hell-4-2718-10", 1, 10), played("humbug-2-7", 0, 1)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hostile_lines_are_listed_as_text(lang: str, good_codes: list[str]) -> None:
    with language(lang):
        hostile = [text[:10_000] for text in HOSTILE]
        demo = class_results("\n".join([good_codes[0], *hostile, good_codes[1]]))
        assert len(demo.results.good) == 2
        assert [bad.line for bad in demo.results.bad] == list(range(2, 2 + len(hostile)))
        assert_no_markup(demo, allowed=frozenset({"svg"}))
        problems = demo.problems_html.value
        assert "<code>&lt;img src=x onerr</code>" in problems
        assert "[U+202E]" in problems
        assert "[U+2066]" in problems
        assert problems.count("<li>") == len(hostile)


def test_one_line_that_breaks_anything_is_that_lines_problem(
        good_codes: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a forged code makes the engine raise, inside reading or tabulating it, the
    other lines are read."""
    real = class_codes.decode_result

    def forged(line: str) -> Any:
        if line == "TT2-forged":
            raise IndexError("list index out of range")
        if line == "TT2-forged-table":
            result = real(good_codes[0])
            return type(result)(result.state, 99, result.deal_code, result.record)  # no seat 99
        return real(line)

    monkeypatch.setattr(class_codes, "decode_result", forged)
    results = read_results("\n".join([good_codes[0], "TT2-forged", "TT2-forged-table",
                                      good_codes[1]]))
    assert [good.line for good in results.good] == [1, 4]
    assert [bad.line for bad in results.bad] == [2, 3]
    assert "could not be replayed (list index out of range)" in results.bad[0].reason


def test_a_deal_the_solver_cannot_take_is_that_deals_problem(
        good_codes: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = open_hands.open_hands_tricks

    def solver(state: Any, deadline: Any = None, memory: Any = None) -> Any:
        if state.players == 2:
            raise RecursionError("maximum recursion depth exceeded")
        return real(state, deadline, memory)

    monkeypatch.setattr(open_hands, "open_hands_tricks", solver)
    demo = class_results("\n".join(good_codes))
    rows = demo.open_hands_html.value.split("<tr>")[2:]
    assert len(rows) == 2
    assert "Ann" in rows[0]
    assert "not solved" not in rows[0]
    assert "not solved: maximum recursion depth exceeded" in rows[1]


@pytest.mark.parametrize(("text", "said"), [
    ("TT2-x\n" * (MAX_LINES + 1), f"has {MAX_LINES + 1} lines"),
    ("x" * (MAX_CHARS + 1), "has 500,001 characters"),
])
def test_a_paste_over_the_caps_is_refused_in_one_line(text: str, said: str) -> None:
    results = read_results(text)
    assert results.refused is not None
    assert said in results.refused
    assert "at most" in results.refused
    assert results.good == results.bad == []
    demo = class_results(text)
    assert said in demo.summary_html.value
    assert demo.summary_html.value.count("<p") == 1
    assert demo.problems_html.value == demo.table_html.value == ""
    assert demo.codes_input.value == text  # nothing lost: the paste is still there


def test_just_under_the_caps_is_read() -> None:
    results = read_results("TT2-x\n\n" * MAX_LINES)
    assert results.refused is None
    assert len(results.bad) == MAX_LINES


def test_the_lines_after_the_time_budget_are_said_not_read(good_codes: list[str]) -> None:
    """A clock that moves one second each time it is read: the work is counted, not timed."""
    ticks = iter(range(10_000))
    deadline = Deadline(4, clock=lambda: next(ticks))
    lines = ["junk"] * 3 + [good_codes[0]] * 5
    results = read_results("\n".join(lines), deadline)
    assert [bad.line for bad in results.bad] == [1, 2, 3]
    assert results.unread == [4, 5, 6, 7, 8]
    demo = class_results()
    ticks = iter(range(10_000))
    demo.seconds, demo.clock = 4, lambda: next(ticks)
    demo.codes_input.value = "\n".join(lines)
    demo.show()
    assert "Lines 4 to 8 were not read: the page's 4 seconds ran out first" in (
        demo.problems_html.value)


def test_the_deals_after_the_time_budget_are_said_not_solved(good_codes: list[str]) -> None:
    ticks = iter(range(10_000))
    demo = class_results()
    demo.seconds, demo.clock = 4, lambda: next(ticks)  # reading takes 3 "seconds"
    demo.codes_input.value = "\n".join(good_codes)
    demo.show()
    assert len(demo.results.good) == 2
    rows = demo.open_hands_html.value.split("<tr>")[2:]
    assert "not reached: the page&#x27;s time ran out" in rows[-1]

"""The hand-worth chart (plotting.worth) and the play demo's panel (widgets.worth_view)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from trickcore.errors import TrickcoreError
from trickcore.i18n import language
from trickcore.plotting.worth import worth_alt, worth_svg
from trickcore.study.worth import Worth, wilson
from trickcore.widgets import worth_view
from trickcore.widgets.hand_view import bid_demo, play_demo
from trickcore.widgets.worth_view import WorthPanel, worth_sentence

SVG = "{http://www.w3.org/2000/svg}"
WORTH = Worth(0, 10, (0, 0, 0, 5, 40, 90, 50, 15, 0, 0, 0), 200, 200, "double-dummy", 1, False,
              None)


def _bars(root: ET.Element) -> list[ET.Element]:
    return [r for r in root.iter(SVG + "rect") if r.get("class") == "tc-bar"]


def test_the_chart_parses_with_alt_text_and_the_bid_marked() -> None:
    root = ET.fromstring(worth_svg(WORTH, bid=4))
    assert root.get("role") == "img"
    alt = root.get("aria-label") or ""
    assert alt.startswith("Tricks this hand took over 200 deals (double-dummy play)")
    assert "Bid: 4." in alt
    assert "5 tricks: 45%" in alt
    assert root.find(SVG + "desc") is not None
    assert root.find(SVG + "desc").text == alt
    assert "What this hand is worth" in (root.find(SVG + "title").text or "")
    texts = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text"))
    assert "your bid: 4" in texts
    assert "bid" in texts.split("4", 1)[1]
    assert "mean: 5.2 tricks" in texts
    # the bid's bar has its own fill (colour and hatch), the other bars share one
    fills = {r.get("fill") for r in _bars(root)}
    assert len(fills) == 2
    # an error bar for every bar drawn (a count never met still has a Wilson interval above 0)
    assert len([p for p in root.iter(SVG + "path") if p.get("class") == "tc-errorbar"]) == \
        len(_bars(root))
    assert float(root.get("viewBox", "").split()[2]) <= 375  # a phone's width at its size


def test_the_error_bars_are_the_wilson_intervals() -> None:
    root = ET.fromstring(worth_svg(WORTH))
    low, high = wilson(90, 200)
    alt = root.get("aria-label") or ""
    assert f"5 tricks: 45% (95% interval {low:.0%} to {high:.0%})" in alt


def test_without_a_bid_nothing_is_marked() -> None:
    svg = worth_svg(WORTH)
    assert "your bid" not in svg
    assert "Bid:" not in svg


def test_the_chart_and_sentence_in_french() -> None:
    with language("fr"):
        svg = worth_svg(WORTH, bid=4)
        sentence = worth_sentence(WORTH)
    assert "votre annonce\u202f: 4" in svg
    assert "Ce que vaut cette main" in svg
    assert "Sur 200 donnes" in sentence
    assert "\u202f;" in sentence


def test_the_sentence() -> None:
    assert worth_sentence(WORTH) == ("Over 200 deals of the cards you cannot see, this hand "
                                     "took 5 tricks most often; 4 to 6 in 9 deals out of 10.")
    short = Worth(0, 10, (0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0), 3, 200, "bots", 1, False, None)
    assert "The time was up after 3 of 200 deals." in worth_sentence(short)
    exact = Worth(1, 26, (0,) * 13 + (1,) + (0,) * 13, 1, 1, "bots", 1, True, None)
    assert worth_sentence(exact) == ("Every card is known in this deal: played by the bots, "
                                     "this hand takes 13 tricks.")
    assert "exact" in worth_alt(exact)


def test_the_button_is_there_before_bidding_and_gone_after_with_the_bid_marked() -> None:
    demo = play_demo(code="oh-hell-4-2718-8")
    panel = demo.worth_panel
    assert panel.box in demo.children
    assert panel.button.layout.display == ""
    assert not panel.button.disabled
    assert panel.answer_html.value == ""  # nothing is worked out before the reader asks
    panel.method.value = "bots"
    panel.button.click()
    answer = panel.answer_html.value
    assert 'data-worth-state="ready"' in answer
    assert "<svg" in answer
    assert "Over 200 deals" in answer
    assert "your bid" not in answer
    bid = next(b for b, button in demo.bid_buttons.items() if not button.disabled)
    demo.bid_buttons[bid].click()
    assert panel.button.layout.display == "none"
    assert panel.button.disabled
    assert f"your bid: {bid}" in panel.answer_html.value  # kept, with the bid marked
    demo.restart_button.click()  # the same cards again: the same answer, no bid yet
    assert panel.button.layout.display == ""
    assert "<svg" in panel.answer_html.value
    assert "your bid" not in panel.answer_html.value
    demo.seat_dropdown.value = (demo.play.seat + 1) % 4  # another seat: another hand
    assert panel.answer_html.value == ""
    assert panel.button.layout.display == ""


def test_the_bidding_demo_and_humbug_have_it_too() -> None:
    assert bid_demo(code="oh-hell-4-2718-9").worth_panel.button.layout.display == ""
    humbug = play_demo(code="humbug-2-7")
    assert humbug.worth_panel.button.layout.display == ""  # before the first card
    humbug.worth_panel.method.value = "bots"
    humbug.worth_panel.button.click()
    assert "Every card is known" in humbug.worth_panel.answer_html.value


def test_a_refusal_is_shown_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> Worth:
        raise TrickcoreError('<img src=x onerror="alert(1)">')

    monkeypatch.setattr(worth_view, "hand_worth", refuse)
    panel = WorthPanel()
    demo = play_demo(code="oh-hell-4-2718-8")
    panel.show(demo.session)
    panel.press(demo.session)
    assert "<img" not in panel.answer_html.value
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in panel.answer_html.value


def test_the_panel_in_french_has_no_english_left() -> None:
    with language("fr"):
        demo = play_demo(code="oh-hell-4-2718-8")
        demo.worth_panel.method.value = "bots"
        demo.worth_panel.button.click()
        panel = demo.worth_panel
        words = [panel.button.description, panel.button.tooltip, panel.method.description,
                 *[label for label, _value in panel.method.options],
                 *panel.method.tooltips, re.sub(r"<[^>]+>", " ", panel.answer_html.value)]
    text = re.sub(r"<style>.*?</style>", " ", " ".join(words), flags=re.S)
    english = re.findall(r"\b(deals?|tricks?|hand|bid|bots|the|over|mean|share)\b", text)
    assert not english, english


def test_double_dummy_by_default_only_with_a_compiled_solver(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from trickcore.solver import native

    monkeypatch.setattr(native, "enabled", lambda: False, raising=True)
    if hasattr(native, "backend"):
        monkeypatch.delattr(native, "backend")
    assert worth_view.default_method() == "bots"
    assert WorthPanel().method.value == "bots"
    monkeypatch.setattr(native, "enabled", lambda: True)
    assert worth_view.default_method() == "double-dummy"
    for backend, method in (("wasm", "double-dummy"), ("native", "double-dummy"),
                            ("python", "bots")):
        monkeypatch.setattr(native, "backend", lambda b=backend: b, raising=False)
        assert worth_view.default_method() == method


def test_five_hundred_says_which_trumps_were_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worth_view, "SAMPLES", 2)
    demo = play_demo("five-hundred", seed=3)
    demo.worth_panel.method.value = "double-dummy"
    demo.worth_panel.button.click()
    answer = demo.worth_panel.answer_html.value
    assert "Over 2 deals" in answer
    assert "Played with spades as trumps, your side the contractor; the kitty stays unseen." \
        in answer

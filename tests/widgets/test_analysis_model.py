"""The live analyses of "The numbers": their models (trickcore.widgets.analysis_model) against the
study functions they stand on, and their ipywidgets views."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from trickcore.errors import TrickcoreError
from trickcore.study.bids import make_rates, oh_hell_deals
from trickcore.study.hook import hook_active_random, hook_study, hook_summary
from trickcore.widgets import page_runner
from trickcore.widgets.analysis_model import HOOK_HAND_SIZES, BidChances, HookEffect


def test_bid_chances_are_the_shares_of_the_matching_hands() -> None:
    model = BidChances(hand_size=4, trumps=2, position=3, deals=60, seed=5)
    rows = [r for r in oh_hell_deals(4, players=4, deals=60, seed=5)
            if r.trumps == 2 and r.position == 3]
    assert rows
    assert model.matching() == rows
    counts = Counter(r.tricks for r in rows)
    took = model.took()
    assert list(took) == [0, 1, 2, 3, 4]
    assert [e.hits for e in took.values()] == [counts[k] for k in range(5)]
    assert sum(e.probability for e in took.values()) == pytest.approx(1)
    assert model.made() == make_rates(rows)


def test_the_answer_and_the_alt_text_give_the_numbers() -> None:
    model = BidChances(hand_size=3, trumps=1, deals=40, seed=1)
    took = model.took()
    best = max(took, key=lambda k: took[k].probability)
    assert f"{took[best].probability:.0%}" in model.sentence()
    assert f"A bid of {best} is the likeliest" in model.sentence()
    root = ET.fromstring(model.svg(backend="svg"))
    assert root.get("aria-label") == model.alt()
    assert all(f"{k}: {e.probability:.0%}" in model.alt() for k, e in took.items())


def test_no_matching_hand_is_said_in_words() -> None:
    model = BidChances(hand_size=7, trumps=7, aces=4, deals=5, seed=1)
    assert model.took() == {}
    assert model.sentence().startswith("No hand like that came up in 5 deals")
    assert ET.fromstring(model.svg(backend="svg")).get("role") == "img"


def test_the_same_seed_gives_the_same_figure() -> None:
    one = BidChances(hand_size=3, deals=30, seed=9).svg(backend="svg")
    assert one == BidChances(hand_size=3, deals=30, seed=9).svg(backend="svg")
    assert one != BidChances(hand_size=3, deals=30, seed=10).svg(backend="svg")


@pytest.mark.parametrize("choice", [dict(hand_size=9, trumps=1, aces=None, position=None),
                                    dict(hand_size=3, trumps=4, aces=None, position=None),
                                    dict(hand_size=3, trumps=1, aces=5, position=None),
                                    dict(hand_size=3, trumps=1, aces=None, position=4)])
def test_a_choice_that_cannot_be_held_is_refused_and_changes_nothing(
        choice: dict[str, int | None]) -> None:
    model = BidChances(hand_size=5, trumps=2, deals=5)
    before = (model.hand_size, model.trumps, model.aces, model.position)
    with pytest.raises(TrickcoreError):
        model.choose(**choice)  # type: ignore[arg-type]
    assert (model.hand_size, model.trumps, model.aces, model.position) == before


def test_the_hook_effect_is_the_hook_study() -> None:
    model = HookEffect(players=5, deals=6, seed=4)
    assert model.summary() == hook_summary(hook_study(HOOK_HAND_SIZES, players=5, deals=6,
                                                      seed=4))
    assert model.random() == {h: hook_active_random(h, 5) for h in HOOK_HAND_SIZES}
    with pytest.raises(TrickcoreError):
        model.choose(players=9)
    assert model.players == 5
    assert "With 5 players" in model.sentence()


def test_the_views_redraw_when_a_control_changes() -> None:
    from trickcore.widgets import bid_chances_demo, hook_effect_demo

    demo = bid_chances_demo(hand_size=5, trumps=1, deals=30)
    first = demo.figure.value
    chosen = [b.description for b in demo.trumps.buttons if b.disabled]
    assert chosen == ["1"]  # the chosen option cannot be chosen again
    demo.trumps.buttons[3].click()
    assert demo.model.trumps == 3
    assert demo.figure.value != first
    assert "Trumps: <b>3</b>" in demo.trumps.caption.value
    shown = demo.figure.value
    demo.trumps.buttons[3].click()  # disabled now: nothing happens
    assert demo.figure.value == shown
    assert "3 trumps" in demo.answer.value
    demo.size.pick(3)  # the trumps offered follow the hand size
    assert [b.description for b in demo.trumps.buttons] == ["0", "1", "2", "3"]
    assert demo.model.hand_size == 3
    seed, shown = demo.model.seed, demo.figure.value
    demo.again.click()
    assert demo.model.seed == seed + 1
    assert demo.model.matching() == [r for r in oh_hell_deals(3, deals=30, seed=seed + 1)
                                     if r.trumps == demo.model.trumps]
    assert demo.figure.value != shown
    hook = hook_effect_demo(deals=3)
    before = hook.figure.value
    hook.players.pick(6)
    assert hook.figure.value != before
    assert "6 players" in hook.answer.value


def test_the_live_page_can_start_the_analyses() -> None:
    sent: list[tuple[str, dict[str, object]]] = []
    page_runner.install(lambda kind, text, _buffers: sent.append((kind, json.loads(text))))
    try:
        for demo in ("bid_chances_demo", "hook_effect_demo"):
            model_id = page_runner.start(demo, json.dumps({"deals": 4}))
            assert any(m["comm_id"] == model_id for _, m in sent)
    finally:
        page_runner.uninstall()

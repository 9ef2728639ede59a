"""The hand demos name every seat by its player's name, never "seat 1".

A whole hand of every variant is driven through :class:`HandDemo` (the first legal bid, call,
discard or card each time, a refused action and a hint now and then), in English and in French,
and every text the demo shows at every step (HTML values, button descriptions and tooltips) is
checked for a seat said by its number.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import trickcore as tc
from trickcore import i18n
from trickcore.engine.events import Phase
from trickcore.widgets.demo_model import code_for
from trickcore.widgets.demos import HandDemo

pytest.importorskip("ipywidgets")

SEAT_NUMBER = re.compile(r"\b(seat|siège|place)\s*\d", re.IGNORECASE)


def _widgets(root: Any) -> Iterator[Any]:
    yield root
    for child in getattr(root, "children", ()):
        yield from _widgets(child)


def _texts(demo: HandDemo) -> list[str]:
    out = []
    for widget in _widgets(demo):
        for attr in ("description", "tooltip", "placeholder", "value"):
            value = getattr(widget, attr, None)
            if isinstance(value, str) and value.strip():
                out.append(value)
    # The pooled buttons not on screen now were on screen before: check them too.
    for pool in (demo.bid_buttons, demo.call_buttons, demo.card_buttons):
        for button in pool.values():
            out.extend([button.description, button.tooltip or ""])
    return out


def _check(demo: HandDemo, seen: list[str]) -> None:
    for text in _texts(demo):
        if SEAT_NUMBER.search(text):
            seen.append(text)


def _refused(demo: HandDemo) -> None:
    """Click one button the engine refuses now (a disabled call, bid or card), if any."""
    for pool in (demo.call_buttons, demo.bid_buttons, demo.card_buttons):
        for button in pool.values():
            if button.disabled or "tt-unplayable" in button._dom_classes:
                button.click()
                return


def _step(demo: HandDemo) -> None:
    state = demo.state
    if state.phase is Phase.BIDDING:
        options = [o for o in demo.session.bid_options() if o.legal]
        bid = options[0].bid
        key = str(bid) if state.auction else bid
        (demo.call_buttons if state.auction else demo.bid_buttons)[key].click()
    elif state.phase is Phase.DISCARD:
        for card in demo.session.discard_choices()[: state.discard_count]:
            demo.discard_toggles[card.code].value = True
        demo.discard_button.click()
    elif state.phase is Phase.CALL:
        demo.partner_button.click()
    elif state.phase is Phase.JOKER:
        next(iter(demo.joker_buttons.values())).click()
    else:
        option = next(o for o in demo.session.card_options() if o.playable)
        demo.card_buttons[option.card.code].click()
        if demo._pending_joker is not None:
            next(iter(demo.lead_suit_buttons.values())).click()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("key", tuple(tc.VARIANTS))
def test_no_text_names_a_seat_by_its_number(key: str, language: str) -> None:
    counts = tc.get_variant(key).players
    players = 4 if 4 in counts else counts[0]
    seen: list[str] = []
    with i18n.language(language):
        for seat in (0, 1):
            demo = HandDemo(code_for(key, players, 5), seat=seat)
            _check(demo, seen)
            for number in range(400):
                if demo.session.finished:
                    break
                if number % 3 == 0:
                    _refused(demo)
                    _check(demo, seen)
                if number % 5 == 1:
                    demo.hint_button.click()
                    _check(demo, seen)
                before = len(demo.state.events)
                _step(demo)
                _check(demo, seen)
                assert len(demo.state.events) > before or demo.state.phase is Phase.PLAY
            assert demo.session.finished
            _check(demo, seen)
    assert not seen, sorted(set(seen))[:10]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_refusal_the_demos_do_not_word_names_the_seat(language: str) -> None:
    from trickcore.errors import IllegalActionError
    from trickcore.widgets.ui_words import refusal

    state = tc.state_from_code(code_for("oh-hell", 4, 5))
    with i18n.language(language):
        said = "la place 2 a déjà joué" if language == "fr" else "seat 2 has already played"
        error = IllegalActionError(said, rule="no-such-rule", seat=2)
        text = refusal(error, state, None)
    assert not SEAT_NUMBER.search(text), text
    assert text.startswith("Cleo"), text

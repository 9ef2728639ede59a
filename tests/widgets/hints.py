"""Driving a hand demo through its own controls, as a reader who does what the hint says."""

from __future__ import annotations

from typing import Any

from trickcore.engine.events import Phase
from trickcore.widgets.demos import HandDemo


def take_hint(demo: HandDemo) -> None:
    """Tap what the hint says for the reader's seat, through the demo's buttons."""
    state = demo.state
    choice = demo.session.hint()
    assert choice is not None
    action = choice.action
    if state.phase is Phase.BIDDING:
        key = str(action) if state.auction else action
        pool: dict[Any, Any] = demo.call_buttons if state.auction else demo.bid_buttons
        assert not pool[key].disabled
        pool[key].click()
    elif state.phase is Phase.DISCARD:
        for card in action:
            demo.discard_toggles[card.code].value = True
        demo.discard_button.click()
    elif state.phase is Phase.CALL:
        demo.partner_dropdown.value = None if action is None else action.code
        demo.partner_button.click()
    elif state.phase is Phase.JOKER:
        demo.joker_buttons["none" if action is None else action.letter].click()
    elif isinstance(action, tuple):
        demo.card_buttons[action[0].code].click()
        demo.lead_suit_buttons[action[1].letter].click()
    else:
        assert not demo.card_buttons[action.code].disabled
        demo.card_buttons[action.code].click()

"""Bots' decisions are data as well as words: what the bot wanted and the rule that forbade it.

A count made from the decisions (how often the hook stops the dealer) is the same in every
language; made from the reason's English words it would be 0 in French.
"""

from __future__ import annotations

import trickcore as tc
from trickcore.engine.dealing import deal_cards, rng_for


def _dealer_choices(language: str, deals: int = 300) -> list[tc.Choice]:
    rules = tc.get_variant("oh-hell")
    bot = tc.HeuristicBot()
    out = []
    previous = tc.get_language()
    tc.set_language(language)
    try:
        for d in range(deals):
            deal = deal_cards(rules, players=4, dealer=d % 4, hand_size=1 + d % 10,
                              rng=rng_for("decisions", 4, d, "deal", 0))
            state = tc.HandState(rules, deal)
            while state.to_act != state.dealer:
                state.apply(bot(state).action)
            out.append(bot(state))
    finally:
        tc.set_language(previous)
    return out


def test_the_hook_is_data_in_every_language() -> None:
    english = _dealer_choices("en")
    french = _dealer_choices("fr")
    hooked = [c for c in english if c.forbidden == "hook"]
    assert 10 < len(hooked) < len(english)
    assert [c.forbidden for c in french] == [c.forbidden for c in english]
    assert [c.wanted for c in french] == [c.wanted for c in english]
    for choice in english:
        assert (choice.forbidden == "hook") == ("the hook forbids" in choice.reason)
        if choice.forbidden is None:
            assert choice.wanted is None
        else:
            assert choice.wanted != choice.action
    assert not any("the hook forbids" in c.reason for c in french)  # the old trap


def test_a_hooked_choice_wanted_the_forbidden_bid() -> None:
    rules = tc.get_variant("oh-hell")
    bot = tc.HeuristicBot()
    for d in range(200):
        deal = deal_cards(rules, players=4, dealer=d % 4, hand_size=1 + d % 10,
                          rng=rng_for("decisions", 4, d, "deal", 0))
        state = tc.HandState(rules, deal)
        while state.to_act != state.dealer:
            state.apply(bot(state).action)
        choice = bot(state)
        if choice.forbidden == "hook":
            assert choice.wanted not in state.legal_bids
            assert choice.action in state.legal_bids
            assert tc.bot_action(bot, state).forbidden == "hook"  # kept through the check
            assert choice.to_json()["wanted"] == choice.wanted

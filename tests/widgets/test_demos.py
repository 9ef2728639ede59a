"""The widget demos, driven through their public widgets without a browser.

Each test builds a demo, sets values and clicks buttons as a reader would, and checks two
things: what the demo shows (cards, reasons, scores) and what the engine did (the state changed
exactly as the action says, or not at all when the action was not allowed).
"""

from __future__ import annotations

import html
import inspect
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import pytest

import trickcore as tc
from trickcore.display import card_name, seat_label, seats_label
from trickcore.engine.auction import fixed_sides
from trickcore.engine.events import CardPlayed, Phase
from trickcore.notation.result_codes import decode_result
from trickcore.widgets import bid_demo, deal_demo, play_demo, score_sheet
from trickcore.widgets.demo_model import DealSetup, HandSession, MatchSheet, code_for
from trickcore.widgets.demos import HandDemo
from trickcore.widgets.ui_words import refusal

from .hints import take_hint

ALL_KEYS = tuple(tc.VARIANTS)
FIVE_HUNDRED_KEYS = tuple(k for k in ALL_KEYS if tc.get_variant(k).family == "five-hundred")


def _players(key: str) -> int:
    counts = tc.get_variant(key).players
    return 4 if 4 in counts else counts[0]


def _label(card: tc.Card) -> str:
    return f'aria-label="{html.escape(card_name(card))}"'


def _snapshot(state: tc.HandState) -> tuple[Any, ...]:
    return (state.phase, state.to_act, list(state.hands), list(state.bids), len(state.events),
            list(state.calls), list(state.table_up), state.discards)


def _widgets(root: Any) -> Iterator[Any]:
    yield root
    for child in getattr(root, "children", ()):
        yield from _widgets(child)


def _follow_hints(demo: HandDemo, limit: int = 600) -> None:
    """Play the reader's seat through the UI, always doing what the hint says."""
    for _ in range(limit):
        if demo.session.finished:
            return
        take_hint(demo)
    raise AssertionError("the deal did not finish")


def _first_code(key: str, players: int, test: Callable[[tc.HandState], bool],
                seeds: range = range(1, 400), deal: int = 1) -> str:
    for seed in seeds:
        code = code_for(key, players, seed, deal)
        if test(tc.state_from_code(code)):
            return code
    raise AssertionError(f"no seed of {key} passes the test")


# Layering --------------------------------------------------------------------------------------


def test_engine_and_models_do_not_import_ipywidgets() -> None:
    code = ("import sys, trickcore, trickcore.widgets.demo_model, trickcore.widgets.hand_html;"
            " print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_button_has_a_label_and_a_tooltip() -> None:
    demos = [deal_demo("five-hundred"), bid_demo("five-hundred"), play_demo("five-hundred-2"),
             bid_demo("oh-hell", seed=3), play_demo("humbug"), score_sheet("oh-hell")]
    count = 0
    for demo in demos:
        for widget in _widgets(demo):
            if isinstance(widget, ipywidgets.Button | ipywidgets.ToggleButton):
                assert widget.description.strip(), widget
                assert (widget.tooltip or "").strip(), widget.description
                count += 1
            if isinstance(widget, ipywidgets.Dropdown | ipywidgets.Text |
                          ipywidgets.BoundedIntText):
                assert widget.description, widget
    assert count > 50


# Deal demo -------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ALL_KEYS)
def test_deal_demo_shows_every_card_and_a_code_that_round_trips(key: str) -> None:
    demo = deal_demo(key, seed=11)
    state = demo.state
    shown = demo.hands_html.value
    for seat in range(state.players):
        for card in state.hand(seat):
            assert _label(card) in shown
    assert DealSetup.from_code(demo.setup.code) == demo.setup
    assert tc.state_from_code(demo.setup.code).hands == state.hands
    assert demo.setup.code in demo.code_html.value
    assert 'aria-current="true"' in demo.schedule_html.value
    if state.deal.turn_up is not None:
        assert "turned up" in shown
        assert _label(state.deal.turn_up) in shown
    if state.kitty:
        assert demo.reveal_kitty.layout.display is None
        assert "kitty, face down" in shown
        assert not any(_label(c) in shown for c in state.kitty)
        demo.reveal_kitty.value = True
        assert all(_label(c) in demo.hands_html.value for c in state.kitty)
    else:
        assert demo.reveal_kitty.layout.display == "none"
    if state.ruleset.table_piles:
        assert "table piles of Ann" in shown
        for seat in range(state.players):
            for card in state.table(seat):
                assert _label(card) in shown


@pytest.mark.parametrize("key", ALL_KEYS)
@pytest.mark.parametrize("deal", [1, 2])
def test_deal_codes_round_trip(key: str, deal: int) -> None:
    players = tc.get_variant(key).players[-1]
    deal = min(deal, DealSetup(key, players, 31415).max_deal())
    code = code_for(key, players, 31415, deal)
    parsed = tc.parse_deal_code(code)
    assert tuple(parsed) == (key, players, 31415, deal)
    assert DealSetup.from_code(code) == DealSetup(key, players, 31415, deal)


def test_deal_demo_controls_redeal() -> None:
    demo = deal_demo("oh-hell", players=4, seed=2718)
    first = demo.state.hands
    demo.seed.value = 2719
    assert demo.setup.code == "oh-hell-4-2719"
    assert demo.state.hands != first
    assert demo.state.hands == tc.state_from_code("oh-hell-4-2719").hands
    demo.deal_number.value = 3
    assert demo.setup.code == "oh-hell-4-2719-3"
    assert demo.state.hand_size == 8
    assert re.search(r'<li class="tc-now" aria-current="true">Deal 3: 8 cards, \w+ deals</li>',
                     demo.schedule_html.value)
    demo.variant.value = "humbug"
    assert list(demo.players.options) == [2]
    assert demo.setup.code == "humbug-2-2719"
    assert demo.state.hand_size == 26
    demo.variant.value = "five-hundred-5"
    assert demo.players.value == 5
    assert demo.setup.variant == "five-hundred-5"
    assert len(demo.state.kitty) == 3


def test_deal_demo_new_shuffle_changes_the_seed() -> None:
    demo = deal_demo("oh-hell", seed=1)
    demo.new_seed_button.click()
    assert demo.setup.seed == demo.seed.value
    assert demo.setup.code == code_for("oh-hell", 4, demo.seed.value)


def test_deal_demo_loads_a_pasted_code() -> None:
    demo = deal_demo("oh-hell", seed=1)
    demo.code_input.value = "  Contract-Whist-5-7-2 "
    demo.load_button.click()
    assert demo.setup == DealSetup("contract-whist", 5, 7, 2)
    assert (demo.variant.value, demo.players.value, demo.seed.value, demo.deal_number.value) == (
        "contract-whist", 5, 7, 2)
    assert demo.state.hands == tc.state_from_code("contract-whist-5-7-2").hands
    before = demo.setup
    demo.code_input.value = "oh-hell-9-1"
    demo.load_button.click()
    assert demo.setup == before
    assert "not a deal code" in demo.message_html.value


def test_four_colour_toggle_recolours_the_cards() -> None:
    demo = deal_demo("oh-hell", seed=5)
    assert "#0050b0" not in demo.hands_html.value
    demo.four_colour.value = True
    assert "#0050b0" in demo.hands_html.value
    assert "#00703c" in demo.hands_html.value
    assert "♦" in demo.hands_html.value  # the symbols stay


# Bidding: the Oh Hell family -------------------------------------------------------------------


def test_hook_sentence_and_forbidden_bid() -> None:
    demo = bid_demo(code="oh-hell-4-2718-9")
    state = demo.state
    assert state.to_act == state.dealer == demo.session.seat
    forbidden = state.hook_forbids
    assert forbidden == 1
    sentence = demo.hook_html.value
    assert "The hook binds" in sentence
    assert "a bid of 1" in sentence
    button = demo.bid_buttons[forbidden]
    assert button.disabled
    assert button.tooltip.endswith(
        f"The hook: the bids may not add up to {demo.state.hand_size}, so you cannot bid 1.")
    before = _snapshot(state)
    button.click()  # a disabled button does nothing, even when clicked from code
    assert _snapshot(demo.state) == before
    assert demo.session.act(forbidden) is not None  # and the model refuses it too
    assert _snapshot(demo.state) == before
    # The bots' reasons are shown.
    for move in demo.session.moves:
        assert html.escape(move.reason) in demo.log_html.value
    demo.bid_buttons[2].click()
    assert demo.state.bids[demo.session.seat] == 2
    assert demo.state.phase is Phase.PLAYING
    assert demo.session.finished
    assert "The bidding is over" in demo.prompt_html.value
    assert all(b.disabled for b in demo.bid_buttons.values())


def test_no_hook_sentence_for_a_seat_the_hook_does_not_bind() -> None:
    demo = bid_demo(code="oh-hell-4-2718-9", seat=1)
    assert demo.state.to_act == 1
    assert demo.hook_html.value == ""
    assert [b for b, w in demo.bid_buttons.items() if not w.disabled] == [0, 1, 2]


def test_oh_pshaw_announces_over_under_or_even() -> None:
    demo = bid_demo("oh-pshaw", players=4, seed=2, deal=5)
    legal = [b for b, w in demo.bid_buttons.items() if not w.disabled]
    assert legal == list(demo.state.legal_bids)
    demo.bid_buttons[legal[-1]].click()
    word = demo.state.announcement
    assert word in ("over", "under", "even")
    assert f"the bidding is {word}" in demo.prompt_html.value


@pytest.mark.parametrize("key", [k for k in ALL_KEYS if tc.get_variant(k).family == "oh-hell"])
def test_bid_buttons_are_the_engine_s_legal_bids(key: str) -> None:
    demo = bid_demo(key, seed=4, deal=2)
    state = demo.state
    enabled = sorted(b for b, w in demo.bid_buttons.items() if not w.disabled)
    assert enabled == sorted(state.legal_bids)
    assert sorted(demo.bid_buttons) == list(range(state.hand_size + 1))


# Bidding: Five Hundred -------------------------------------------------------------------------


@pytest.mark.parametrize("key", FIVE_HUNDRED_KEYS)
def test_ladder_enables_only_legal_calls(key: str) -> None:
    demo = bid_demo(key, seed=5)
    state = demo.state
    # A refused call stays tappable (a finger cannot hover) but is marked tt-unplayable.
    enabled = {c for c, w in demo.call_buttons.items() if "tt-unplayable" not in w._dom_classes}
    assert enabled == {str(c) for c in state.legal_bids}
    assert not any(w.disabled for w in demo.call_buttons.values())
    for call, widget in demo.call_buttons.items():
        if "tt-unplayable" in widget._dom_classes:
            with pytest.raises(tc.IllegalBidError) as error:
                state.check_bid(call)
            assert refusal(error.value, state, call) in widget.tooltip
    has_misere = tc.get_variant(key).misere_timing.value != "not-allowed"
    assert ("misere" in demo.call_buttons) == has_misere
    refused = next(c for c, w in demo.call_buttons.items() if "tt-unplayable" in w._dom_classes)
    before = (len(state.events), list(state.calls))
    demo.call_buttons[refused].click()
    assert (len(demo.state.events), list(demo.state.calls)) == before
    assert "not allowed now" in demo.message_html.value
    if state.high is not None:
        # The call to beat is outlined, not styled like a recommended (primary/info) button.
        high = demo.call_buttons[str(state.high[1])]
        assert "tt-call-high" in high._dom_classes
        assert high.button_style == ""
        assert sum("tt-call-high" in w._dom_classes for w in demo.call_buttons.values()) == 1
        assert "The call to beat" in demo.prompt_html.value
        assert f"by {seat_label(state.high[0], demo.session.seat, capital=False)}" in (
            demo.prompt_html.value)


def test_five_hundred_contract_kitty_and_discards() -> None:
    demo = bid_demo("five-hundred", seed=5)
    seat = demo.session.seat
    demo.call_buttons["10NT"].click()
    state = demo.state
    assert state.contractor == seat
    assert state.phase is Phase.DISCARD
    for card in state.kitty:
        assert _label(card) in demo.table_html.value  # the contractor sees the kitty
    assert demo.discard_button.disabled
    chosen = [c for c in state.hand(seat) if not c.is_joker][:2]
    for card in chosen:
        demo.discard_toggles[card.code].value = True
    assert demo.discard_button.disabled
    assert "2 chosen" in demo.prompt_html.value
    before = _snapshot(state)
    demo.discard_button.click()
    assert _snapshot(demo.state) == before
    third = next(c for c in state.hand(seat) if not c.is_joker and c not in chosen)
    demo.discard_toggles[third.code].value = True
    assert not demo.discard_button.disabled
    demo.discard_button.click()
    assert set(demo.state.discards) == {*chosen, third}
    assert demo.state.phase in (Phase.JOKER, Phase.PLAYING)


def test_five_hundred_naming_the_joker_and_leading_it() -> None:
    def joker_with_dealer(state: tc.HandState) -> bool:
        return tc.JOKER in state.hand(state.dealer)

    code = _first_code("five-hundred", 4, joker_with_dealer)
    demo = play_demo(code=code)
    demo.call_buttons["10NT"].click()
    state = demo.state
    keep = [c for c in state.hand(demo.session.seat) if not c.is_joker][:3]
    for card in keep:
        demo.discard_toggles[card.code].value = True
    demo.discard_button.click()
    assert demo.state.phase is Phase.JOKER
    assert set(demo.joker_buttons) == {"none", "S", "H", "D", "C"}
    demo.undo_button.click()
    assert demo.state.phase is Phase.DISCARD
    for card in keep:
        demo.discard_toggles[card.code].value = True
    demo.discard_button.click()
    demo.joker_buttons["none"].click()
    assert demo.state.phase is Phase.PLAYING
    assert demo.state.joker_suit is None
    # The contractor leads; the suitless joker must name the suit it leads as.
    assert demo.state.to_act == demo.session.seat
    demo.card_buttons["JK"].click()
    assert demo.state.current.cards == ()  # nothing played until a suit is named
    assert set(demo.lead_suit_buttons) == {s.letter for s in demo.state.joker_names(tc.JOKER)}
    demo.lead_suit_buttons["H"].click()
    first = next(e for e in demo.state.events if isinstance(e, CardPlayed))
    assert first.card == tc.JOKER
    assert first.joker_suit == tc.Suit.HEARTS


def test_five_hand_partner_call() -> None:
    demo = bid_demo("five-hundred-5", seed=3)
    demo.call_buttons["10NT"].click()
    state = demo.state
    seat = demo.session.seat
    for card in [c for c in state.hand(seat) if not c.is_joker][:3]:
        demo.discard_toggles[card.code].value = True
    demo.discard_button.click()
    assert demo.state.phase is Phase.CALL
    values = [v for _, v in demo.partner_dropdown.options]
    assert values[0] is None
    assert values[1:] == [c.code for c in demo.state.legal_partner_calls if c is not None]
    target = tc.Card.parse(values[1])
    demo.partner_dropdown.value = target.code
    demo.partner_button.click()
    assert demo.state.called_card == target
    holder = next((s for s in range(5) if target in demo.state.hand(s)), None)
    assert demo.state.partner == (holder if holder != seat else None)
    assert "Partner called" in demo.table_html.value


# Playing ---------------------------------------------------------------------------------------


def test_play_demo_cards_reasons_trick_hint_and_undo() -> None:
    demo = play_demo(code="oh-hell-4-2718-3", seat=1)
    seat = demo.session.seat
    # Bid, then reach a trick where the reader must follow suit.
    demo.bid_buttons[demo.session.hint().action].click()  # type: ignore[union-attr]
    assert demo.state.phase is Phase.PLAYING
    found = False
    for _ in range(8):
        state = demo.state
        legal = set(state.legal_plays)
        illegal = [c for c in state.hand(seat) if c not in legal]
        for card in state.hand(seat):
            button = demo.card_buttons[card.code]
            assert not button.disabled  # a card that cannot be played stays tappable
            assert ("tt-unplayable" in button._dom_classes) == (card not in legal)
            if card in legal:
                assert button.tooltip == f"Play the {card_name(card)}"
        if illegal:
            card = illegal[0]
            with pytest.raises(tc.IllegalPlayError) as error:
                state.check_play(card)
            reason = refusal(error.value, state, card)
            assert reason in demo.card_buttons[card.code].tooltip
            assert html.escape(reason) in demo.why_html.value
            before = _snapshot(state)
            demo.card_buttons[card.code].click()
            assert _snapshot(demo.state) == before
            assert html.escape(reason) in demo.message_html.value  # the tap says why
            assert demo.session.act(card) is not None
            assert _snapshot(demo.state) == before
            found = True
        # Hint: the heuristic bot's choice and reason, not played.
        before = _snapshot(state)
        demo.hint_button.click()
        choice = demo.session.hint()
        assert choice is not None
        assert html.escape(choice.reason) in demo.hint_html.value
        assert _snapshot(demo.state) == before
        # Undo restores the state exactly.
        events = len(state.events)
        tricks_before = len(state.tricks)
        demo.card_buttons[choice.action.code].click()
        assert demo.state.events[events] == CardPlayed(seat, choice.action)
        after = demo.state
        if len(after.tricks) > tricks_before:  # the reader's card finished a trick
            trick = after.tricks[-1]
            winner = seat_label(trick.winner, seat, capital=False)
            assert f"Won by <b>{winner}</b>: {html.escape(trick.reason)}" in (
                demo.trick_html.value)
        demo.undo_button.click()
        assert _snapshot(demo.state) == before
        demo.card_buttons[choice.action.code].click()
        if found:
            break
    assert found


def test_play_a_whole_deal_and_score_it() -> None:
    demo = play_demo(code="oh-hell-4-2718-5", seat=2)
    _follow_hints(demo)
    state = demo.state
    assert state.is_over
    assert state.points is not None
    shown = demo.score_html.value
    assert "Points by the rules of Oh Hell!" in shown
    assert "The deal is over" in demo.prompt_html.value
    for seat in range(4):
        assert f"<td>{state.points[seat]:+d}</td>" in shown
        assert f"<td>{state.bids[seat]}</td><td>{state.tricks_won[seat]}</td>" in shown
    assert all(b.disabled for b in demo.card_buttons.values())
    assert demo.hint_button.disabled
    assert not demo.next_button.disabled
    demo.next_button.click()
    assert demo.session.code == "oh-hell-4-2718-6"
    assert demo.state.phase is Phase.BIDDING


def test_humbug_shows_both_hands_open() -> None:
    demo = play_demo("humbug", seed=7)
    state = demo.state
    assert demo.bid_buttons == {}
    other = 1 - demo.session.seat
    for card in state.hand(other):
        assert _label(card) in demo.table_html.value
    assert "face-down" not in demo.table_html.value
    _follow_hints(demo)
    assert demo.state.points is not None
    assert sum(demo.state.tricks_won) == 26


def test_other_hands_are_face_down_until_the_teacher_shows_them() -> None:
    demo = play_demo("oh-hell", seed=7, teacher=True)
    other = (demo.session.seat + 1) % 4
    hidden = demo.state.hand(other)
    assert not any(_label(c) in demo.table_html.value for c in hidden)
    demo.show_all.value = True
    assert all(_label(c) in demo.table_html.value for c in hidden)


def test_two_hand_table_piles_and_play_source() -> None:
    demo = play_demo("five-hundred-2", seed=5)
    for _ in range(40):
        if demo.state.phase is Phase.PLAYING and demo.session.waiting:
            break
        choice = demo.session.hint()
        assert choice is not None
        assert demo.session.act(choice.action) is None
        demo.refresh()
    state = demo.state
    seat = demo.session.seat
    assert "your table piles" in demo.table_html.value
    assert f"table piles of {seat_label(1 - seat)}" in demo.table_html.value
    source = state.to_act_source
    assert f"You play from your {source} now" in demo.prompt_html.value
    table_cards = state.table(seat)
    assert table_cards
    for card in table_cards:
        assert card.code in demo.card_buttons
    legal = set(state.legal_plays)
    for card in [*state.hand(seat), *table_cards]:
        assert ("tt-unplayable" in demo.card_buttons[card.code]._dom_classes) == (
            card not in legal)
    other_source = table_cards if source == "hand" else state.hand(seat)
    assert "is not there" in demo.card_buttons[other_source[0].code].tooltip
    _follow_hints(demo)
    assert demo.state.is_over


@pytest.mark.parametrize("key", ALL_KEYS)
def test_every_variant_plays_out_through_the_ui(key: str) -> None:
    demo = play_demo(key, seed=9)
    _follow_hints(demo)
    assert demo.state.is_over
    assert "The deal is over" in demo.prompt_html.value
    assert "Points by the rules" in demo.score_html.value


def test_restart_and_load_a_code_in_the_play_demo() -> None:
    demo = play_demo(code="oh-hell-4-2718-9")
    demo.bid_buttons[0].click()
    assert demo.undo_button.disabled is False
    demo.restart_button.click()
    assert demo.state.phase is Phase.BIDDING
    assert demo.undo_button.disabled
    demo.code_input.value = "humbug-2-3"
    demo.load_button.click()
    assert demo.session.code == "humbug-2-3"
    assert demo.state.players == 2
    demo.code_input.value = "nonsense"
    demo.load_button.click()
    assert demo.session.code == "humbug-2-3"
    assert "not a deal code" in demo.message_html.value


def test_session_refuses_out_of_turn_and_after_the_end() -> None:
    session = HandSession("oh-hell-4-2718-9", seat=0, stop_at_play=True)
    assert session.act(0) is None
    assert session.finished
    assert session.act(0) == "the deal is over"
    assert session.hint() is None


# Score sheet -----------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["oh-hell", "humbug", "five-hundred", "oh-pshaw"])
def test_score_sheet_fills_in_deal_by_deal(key: str) -> None:
    sheet = score_sheet(key, seed=3)
    match = sheet.sheet.match
    sheet.step_button.click()
    assert len(match.deals) == 1
    assert match.deals[0].is_over
    first = match.deals[0]
    assert first.points is not None
    assert f"{first.points[0]:+d} → <b>{match.totals_after(0)[0]}</b>" in sheet.sheet_html.value
    if first.ruleset.family == "oh-hell":
        made = "made ✓" if first.bids[0] == first.tricks_won[0] else "missed ✗"
        assert f"bid {first.bids[0]}, won {first.tricks_won[0]}" in sheet.sheet_html.value
        assert made in sheet.sheet_html.value
    sheet.end_button.click()
    assert match.is_over
    assert "The match is over" in sheet.sheet_html.value
    names = seats_label(match.winners)
    assert names in sheet.sheet_html.value
    assert sheet.step_button.disabled
    assert sheet.end_button.disabled
    deals = len(match.deals)
    sheet.step_button.click()
    assert len(match.deals) == deals
    sheet.restart_button.click()
    assert sheet.sheet.match.deals == []
    assert not sheet.step_button.disabled


def test_match_sheet_matches_a_plain_match() -> None:
    sheet = MatchSheet("contract-whist", 4, 7)
    sheet.play_to_end()
    plain = tc.Match(tc.get_variant("contract-whist"), 4, 7)
    plain.play([tc.HeuristicBot()] * 4)
    assert sheet.match.totals == plain.totals
    assert sheet.match.winners == plain.winners


def test_the_variant_is_resolved_once_at_the_edge() -> None:
    """Asking a demo for a variant by name looks it up at the edge and reads no deal code; the
    ruleset is handed on from there (it used to be looked up eight times)."""
    from trickcore.notation import codes
    from trickcore.rules import registry

    # (unwrapped: a function checked at the door shares its wrapper's code with the others)
    watched = {inspect.unwrap(registry.get_variant).__code__: "get_variant",
               inspect.unwrap(codes.parse_deal_code).__code__: "parse_deal_code",
               inspect.unwrap(codes.read_deal_code).__code__: "read_deal_code"}
    calls: dict[str, int] = {}

    def profile(frame: Any, event: str, _arg: object) -> None:
        if event == "call" and frame.f_code in watched:
            calls[watched[frame.f_code]] = calls.get(watched[frame.f_code], 0) + 1

    sys.setprofile(profile)
    try:
        demo = bid_demo("oh-hell")
        _follow_hints(demo)
        demo.next_button.click()
        demo.restart_button.click()
    finally:
        sys.setprofile(None)
    # One look-up at the edge; the deal codes are written from the ruleset, with no look-up.
    assert calls == {"get_variant": 1}
    assert demo.session.setup.deal == 2
    assert demo.session.setup.ruleset is tc.get_variant("oh-hell")


def test_score_shows_a_sides_points_once() -> None:
    """Partners score as a side: its points appear once, on its first seat's row."""
    from trickcore.engine.turns import play_deal
    from trickcore.players.heuristic import HeuristicBot
    from trickcore.widgets.hand_html import score_html

    state = tc.state_from_code("five-hundred-4-8-1")
    play_deal(state, [HeuristicBot() for _ in range(4)])
    assert state.sides == ((0, 2), (1, 3))
    assert state.points is not None
    html_text = score_html(state, 0)
    for side in state.sides:
        assert html_text.count(f"{state.points[side[0]]:+d}<") == 1
        partner = "you" if side[0] == 0 else seat_label(side[0])
        assert f"with {partner}" in html_text


# Seats, a whole match, undo -----------------------------------------------------------------


def _finish_deal(demo: HandDemo) -> int:
    """Play the reader's seat by the hints (the heuristic bot's choices) to the end of the
    deal, through the demo's own handlers; how many actions it took."""
    actions = 0
    while not demo.session.finished:
        choice = demo.session.hint()
        assert choice is not None
        demo._act(choice.action)
        actions += 1
    return actions


def test_seats_have_the_pages_names_and_the_reader_is_you() -> None:
    from trickcore.display import SEAT_NAMES

    assert SEAT_NAMES == ("Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal")
    demo = play_demo("oh-hell", players=4, seed=2718)  # the dealer's seat by default
    dealer = demo.state.dealer
    assert demo.session.seat == dealer
    shown = demo.table_html.value + demo.title_html.value
    assert "You (dealer)" in shown
    assert f"{SEAT_NAMES[dealer]}'s seat" in demo.title_html.value
    for seat in range(4):
        if seat != dealer:
            assert SEAT_NAMES[seat] in shown
    assert "Seat 0" not in shown
    assert "seat 0" not in shown
    # Text output (a notebook's HTML of a state) names the seats too.
    state_html = tc.display.state_html(demo.state)
    assert all(name in state_html for name in SEAT_NAMES[:4])
    assert "Seat" not in state_html


def test_the_student_picks_the_seat_before_acting() -> None:
    demo = play_demo("oh-hell", players=4, seed=2718)
    state = demo.state
    labels = dict((seat, label) for label, seat in demo.seat_dropdown.options)
    assert labels[state.dealer] == f"{seat_label(state.dealer)} (deals, bids last)"
    first = (state.dealer + 1) % 4
    assert labels[first] == f"{seat_label(first)} (bids first)"
    assert not demo.seat_dropdown.disabled
    demo.seat_dropdown.value = first  # one choice acts at once: the deal starts again there
    assert demo.session.seat == first
    assert demo.session.waiting
    assert demo.state.bids == [None] * 4
    assert f"{seat_label(state.dealer)} (dealer)" in demo.table_html.value
    assert demo.seat_dropdown.value == first
    # Once you have acted, the seat is fixed for this deal (the control is disabled).
    demo.bid_buttons[next(b for b, w in demo.bid_buttons.items() if not w.disabled)].click()
    assert demo.seat_dropdown.disabled
    demo.seat_dropdown.value = (first + 1) % 4  # even set from code, it changes nothing
    assert demo.session.seat == first
    # The seat stays yours deal after deal, while the dealer moves on.
    _finish_deal(demo)
    demo.next_button.click()
    assert demo.session.seat == first
    assert demo.session.setup.deal == 2
    assert not demo.seat_dropdown.disabled


@pytest.mark.parametrize("demo_for", [play_demo, bid_demo])
def test_seat_is_a_clean_argument(demo_for: Callable[..., HandDemo]) -> None:
    demo = demo_for("five-hundred", seed=8, seat=1)
    assert demo.session.seat == 1
    for bad in (4, -1, True, "1", 1.0):
        with pytest.raises(tc.RulesetError, match=r"seat is a whole number from 0 \(Ann\) to 3"):
            demo_for("five-hundred", seed=8, seat=bad)


@pytest.mark.parametrize(("key", "players", "seed"), [
    ("contract-whist", 3, 5),   # Oh Hell family: a fixed schedule
    ("oh-well", 4, 3),          # Oh Hell family: to a target score
    ("five-hundred", 4, 8),     # Five Hundred: the win rule, partners as a side
    ("humbug", 2, 7),           # Humbug: every deal is a game
])
def test_a_whole_match_deal_after_deal(key: str, players: int, seed: int) -> None:
    """The reader plays the heuristic bot's choices at their seat through a whole match; the
    match is then the engine's own match of heuristic bots, deal for deal and point for point."""
    demo = play_demo(key, players=players, seed=seed)
    reference = tc.Match(tc.get_variant(key), players, seed)
    reference.play([tc.HeuristicBot()] * players)
    deals = 0
    while True:
        assert demo.next_button.disabled  # the deal is not finished: next cannot act
        _finish_deal(demo)
        deals += 1
        assert not demo.next_button.disabled
        match = demo.play.match()
        assert match.totals == reference.totals_after(deals - 1)
        total = demo.match_html.value
        assert "Match total." in total
        assert not re.search(r"\b1 (deals|points)\b", total)
        if demo.play.match_over:
            break
        assert "ahead" in total or "level" in total or "share the lead" in total
        demo.next_button.click()
        assert demo.session.setup.deal == deals + 1
    assert deals == len(reference.deals)
    assert match.is_over
    assert match.winners == reference.winners
    assert "The match is over" in demo.match_html.value
    winners = [s for side in fixed_sides(match.ruleset, players) if side[0] in match.winners
               for s in side]
    assert seats_label(winners, demo.session.seat) in demo.match_html.value
    # A side's total appears once per row: one column per side.
    sides = fixed_sides(match.ruleset, players)
    assert demo.match_html.value.count("<th scope=\"col\">") == 1 + len(sides)
    # After the match, Next deal starts a new match with the next shuffle (Humbug: a new game).
    assert "new match" in demo.next_button.tooltip
    demo.next_button.click()
    assert demo.session.setup.code == code_for(key, players, seed + 1)
    assert demo.session.seat == demo.play.seat
    assert "1 match finished so far" in demo.match_html.value


def test_humbug_next_deal_goes_on_game_after_game() -> None:
    demo = play_demo("humbug", players=2, seed=7, seat=1)
    codes = []
    for _ in range(3):
        codes.append(demo.session.code)
        _finish_deal(demo)
        assert not demo.next_button.disabled
        demo.next_button.click()
    assert codes == ["humbug-2-7", "humbug-2-8", "humbug-2-9"]
    assert demo.session.seat == 1
    assert "3 matches finished so far" in demo.match_html.value
    past = demo.play.past
    settled = sum(m.settlement[1] for m in past if m.settlement is not None)
    assert f"You {settled:+d}" in demo.match_html.value


def test_a_later_deal_is_practice_on_its_own_and_no_one_is_credited() -> None:
    """A deal named after the first is played on its own (it was joined as
    a match whose first 3 deals the bots had played, their points credited)."""
    demo = play_demo(code="contract-whist-3-5-4")
    assert demo.play.practice
    assert "Practice: deal 4 of the match, on its own" in demo.title_html.value
    _finish_deal(demo)
    assert demo.play.match().deals == []
    assert demo.play.match().totals == [0, 0, 0]
    assert "Match total" not in demo.match_html.value
    assert "no match score" in demo.match_html.value
    # The result code names deal 4 and reads back to the deal the reader played.
    code = demo.result_html.value.split('data-result-code="')[1].split('"')[0]
    assert code.startswith("TT2-contract-whist-3-5-4.")
    read = decode_result(code)
    assert (read.deal_code, read.seat, read.deal_number) == ("contract-whist-3-5-4",
                                                             demo.session.seat, 4)
    assert read.state.points == demo.state.points
    assert read.state.deal.hands == demo.state.deal.hands


def test_one_click_undo_takes_back_the_last_action_even_the_last_card() -> None:
    demo = play_demo("humbug", players=2, seed=7)
    _finish_deal(demo)
    assert "The match is over" in demo.match_html.value
    last = demo.session.moves[-1]
    assert not demo.undo_button.disabled
    demo.undo_button.click()  # one click: the deal is open again and the total is gone
    assert not demo.state.is_over
    assert demo.session.waiting
    assert "Match total" not in demo.match_html.value
    assert demo.next_button.disabled
    assert last not in demo.session.moves[-1:]


def test_deal_code_enter_plays_it_and_examples_are_the_pages_own_game() -> None:
    for key, players in (("humbug", 2), ("five-hundred", 4), ("oh-hell", 4)):
        for demo in (deal_demo(key, players=players, seed=7),
                     play_demo(key, players=players, seed=7)):
            assert demo.code_input.continuous_update is False  # the value comes on Enter
            assert demo.code_input.placeholder == f"e.g. {code_for(key, players, 7)}"
    demo = deal_demo("humbug", players=2, seed=7)
    demo.code_input.value = "oh-hell-4-2718-3"  # what the front end sends on Enter
    assert demo.setup.code == "oh-hell-4-2718-3"
    assert demo.variant.value == "oh-hell"
    assert "Loaded deal code" in demo.message_html.value
    demo.code_input.value = "not a code"
    assert demo.setup.code == "oh-hell-4-2718-3"
    assert demo.message_html.value
    play = play_demo("humbug", players=2, seed=7)
    play.code_input.value = "five-hundred-4-8-2"
    assert play.session.code == "five-hundred-4-8-2"


def test_score_sheet_counts_a_side_once_and_says_one_deal() -> None:
    sheet = score_sheet("five-hundred", players=4, seed=8)
    assert "No deal played yet" in sheet.sheet_html.value
    sheet.step_button.click()
    shown = sheet.sheet_html.value
    assert "After 1 deal:" in shown
    assert "Ann and Cleo" in shown
    assert "Ben and Dev" in shown
    assert shown.count("<th scope=\"col\">") == 1 + 2


@pytest.mark.parametrize("key", ALL_KEYS)
def test_next_deal_goes_on_in_every_game(key: str) -> None:
    """Every variant (every Oh Hell schedule, Humbug, each Five Hundred): two deals played at
    one seat, with "next deal" between them, keep the engine's match totals."""
    from trickcore.widgets.match_play import MatchPlay

    players = _players(key)
    play = MatchPlay(DealSetup(key, players, 5))
    references: dict[int, tc.Match] = {}
    for _ in range(2):
        assert not play.can_next
        while not play.session.finished:
            choice = play.session.hint()
            assert choice is not None
            assert play.session.act(choice.action) is None
        assert play.can_next
        seed, index = play.setup.seed, play.setup.deal - 1
        if seed not in references:
            references[seed] = tc.Match(tc.get_variant(key), players, seed)
            references[seed].play([tc.HeuristicBot()] * players)
        reference = references[seed]
        assert play.match().totals == reference.totals_after(index)
        assert play.match_over == (index + 1 == len(reference.deals))
        assert play.next_deal()
        # Humbug: a match is one deal, so "next deal" starts the next match (the next seed).
        assert (play.setup.seed, play.setup.deal) in ((seed, index + 2), (seed + 1, 1))
    assert play.session.seat == play.seat_choice


def test_the_hand_shows_once_in_every_phase_and_a_dimmed_tap_says_why() -> None:
    demo = bid_demo(code="oh-hell-4-2718-9")
    seat = demo.session.seat
    hand = demo.state.hand(seat)
    shown_cards = [demo.card_buttons[c.code] for c in hand]
    assert all(not b.disabled and "tt-unplayable" in b._dom_classes for b in shown_cards)
    assert all(f"tt-face-{c.code}" in demo.card_buttons[c.code]._dom_classes for c in hand)
    assert "tt-face-" + hand[0].code in demo.hand_style.value
    for card in hand:  # the table draws the reader's seat in words only
        assert f'aria-label="{card_name(card)}"' not in demo.table_html.value
    before = _snapshot(demo.state)
    shown_cards[0].click()
    assert _snapshot(demo.state) == before
    assert "once the bidding is over" in demo.message_html.value

"""Five Hundred records: golden records of seeded and constructed deals, and tampered records.

The golden files in ``tests/data/golden500/`` are made by ``tests/make_golden500.py`` from the
table ``GOLDEN500``; each must be reproduced byte for byte, replay through the engine, pass the
second reading of the rules, and show what it was chosen for.  Tampered records must be refused
with ``RecordError``: ``illegal`` True when the record is well formed but breaks a rule, False
when it cannot be read.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from support500 import (
    AVONDALE,
    GOLDEN500,
    GOLDEN_DIR,
    bots,
    build_deal,
    check_record,
    discard_keeping,
    golden_text,
    shows,
    tamper,
    win_auction,
)

import trickcore as tc

FOUR = tc.get_variant("five-hundred")


def golden(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN_DIR / name).read_text(encoding="utf-8"))
    return data


# --- golden records ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "how", "what"), GOLDEN500, ids=[g[0] for g in GOLDEN500])
def test_golden_record_is_reproduced_exactly(name: str, how: Any, what: str) -> None:
    stored = (GOLDEN_DIR / name).read_text(encoding="utf-8")
    assert golden_text(how) == stored


@pytest.mark.parametrize(("name", "how", "what"), GOLDEN500, ids=[g[0] for g in GOLDEN500])
def test_golden_record_replays_and_shows_its_point(name: str, how: Any, what: str) -> None:
    record = golden(name)
    assert shows(record, what)
    check_record(record)
    match = tc.replay_record(record)
    assert match.totals == (record["result"]["totals"] if record["result"] else
                            record["deals"][-1]["totals"])
    assert match.record() == record


def test_golden_misere() -> None:
    deal = golden("four-hand-misere.json")["deals"][0]
    seat = deal["contract"]["seat"]
    partner = (seat + 2) % 4
    assert deal["contract"]["bid"] == "misere"
    assert deal["made"] is True
    assert len(deal["tricks"]) == 10
    assert all(len(t["cards"]) == 3 for t in deal["tricks"])
    assert deal["tricks_won"][seat] == deal["tricks_won"][partner] == 0
    assert deal["points"][seat] == deal["points"][partner] == 250
    assert deal["points"][(seat + 1) % 4] == 0
    assert any("by" in t for t in deal["tricks"])  # the partner's turn is skipped


def test_golden_open_misere() -> None:
    deal = golden("four-hand-open-misere.json")["deals"][0]
    assert deal["contract"]["bid"] == "open-misere"
    assert all(len(t["cards"]) == 3 for t in deal["tricks"])
    seat = deal["contract"]["seat"]
    assert deal["points"][seat] == (500 if deal["made"] else -500)


def test_golden_slams() -> None:
    for name in ("four-hand-slam.json", "four-hand-slam-constructed.json"):
        deal = golden(name)["deals"][0]
        seat = deal["contract"]["seat"]
        assert deal["made"] is True
        assert deal["tricks_won"][seat] + deal["tricks_won"][(seat + 2) % 4] == 10
        value = AVONDALE[deal["contract"]["bid"]]
        assert deal["points"][seat] == (250 if value < 250 else value)


def test_golden_joker_led_at_no_trumps_with_a_named_suit() -> None:
    for name in ("four-hand-joker-lead.json", "four-hand-joker-lead-constructed.json"):
        deal = golden(name)["deals"][0]
        assert deal["trump"] is None
        led = [t for t in deal["tricks"] if t.get("joker_suit")]
        assert len(led) == 1
        assert led[0]["cards"][0] == "JK"
        assert led[0]["winner"] == led[0]["leader"]


def test_golden_two_hand() -> None:
    deal = golden("two-hand.json")["deals"][0]
    assert len(deal["table"]) == 2
    assert all(len(piles) == 5 for piles in deal["table"])
    assert all(len(t["cards"]) == 4 for t in deal["tricks"])
    assert all(len(t["from"]) == 4 for t in deal["tricks"])
    assert deal["tricks"][0]["from"] == ["hand", "hand", "table", "table"]


def test_golden_five_hand_called_partner() -> None:
    deal = golden("five-hand-called-partner.json")["deals"][0]
    seat, partner = deal["contract"]["seat"], deal["partner"]
    assert deal["called_card"] in deal["hands"][partner] or deal["called_card"] in deal["kitty"]
    assert sorted([seat, partner]) in deal["sides"]
    assert deal["points"][seat] == deal["points"][partner]


def test_golden_quebec_writes_jk1() -> None:
    text = (GOLDEN_DIR / "quebec.json").read_text(encoding="utf-8")
    assert '"JK1"' in text
    assert '"JK"' not in text


def test_golden_match_ends_by_the_rules() -> None:
    record = golden("four-hand-match.json")
    assert record["result"]["winners"]
    last = record["deals"][-1]
    assert last["made"] is not None


# --- tampering -------------------------------------------------------------------------------------


def refused(record: dict[str, Any], change: Callable[[dict[str, Any]], None], *,
            illegal: bool = True, rule: str | None = None) -> tc.RecordError:
    bad = tamper(record, change)
    with pytest.raises(tc.RecordError) as info:
        tc.replay_record(bad)
    assert info.value.illegal is illegal, str(info.value)
    if rule is not None:
        assert f"[rule: {rule}]" in str(info.value), str(info.value)
    return info.value


def test_untouched_golden_records_replay() -> None:
    for name, _how, _what in GOLDEN500:
        tc.replay_record(golden(name))


def test_tamper_illegal_discard_not_held() -> None:
    record = golden("four-hand-slam.json")
    deal = record["deals"][0]
    seat = deal["contract"]["seat"]
    other = deal["hands"][(seat + 1) % 4][0]

    def change(r: dict[str, Any]) -> None:
        r["deals"][0]["discards"][0] = other

    error = refused(record, change, rule="not-held")
    assert error.step == "discards"


def test_tamper_illegal_discard_count() -> None:
    record = golden("four-hand-slam.json")
    refused(record, lambda r: r["deals"][0]["discards"].pop(), rule="discard-count")


def test_tamper_unknown_call_is_malformed() -> None:
    record = golden("four-hand-match.json")

    def change(r: dict[str, Any]) -> None:
        r["deals"][0]["bids"][0]["bid"] = "11S"

    error = refused(record, change, illegal=False)
    assert "call-code" in str(error)


def test_tamper_call_out_of_turn_or_too_low() -> None:
    record = golden("four-hand-joker-lead.json")
    refused(record, lambda r: r["deals"][0]["bids"][1].__setitem__("bid", "6S"), rule="outbid")
    refused(record, lambda r: r["deals"][0]["bids"][1].__setitem__("seat", 3),
            rule="bidding-order")
    refused(record, lambda r: r["deals"][0]["bids"].append({"seat": 3, "bid": "7S"}))


def test_tamper_wrong_contract() -> None:
    record = golden("four-hand-joker-lead.json")
    refused(record, lambda r: r["deals"][0].__setitem__("contract", {"seat": 3, "bid": "7NT"}),
            rule="auction")
    refused(record, lambda r: r["deals"][0].__setitem__("contract", {"seat": 1, "bid": "6NT"}),
            rule="auction")


def test_tamper_wrong_points_and_totals() -> None:
    record = golden("four-hand-joker-lead.json")
    refused(record, lambda r: r["deals"][0]["points"].__setitem__(0, 60), rule="scoring")
    refused(record, lambda r: r["deals"][0]["totals"].__setitem__(1, 0), rule="scoring")
    refused(record, lambda r: r["deals"][0].__setitem__("tricks_won", [6, 3, 0, 1]),
            rule="scoring")


def test_tamper_wrong_result() -> None:
    record = golden("four-hand-match.json")
    winners = record["result"]["winners"]
    other = [1, 3] if winners == [0, 2] else [0, 2]
    refused(record, lambda r: r["result"].__setitem__("winners", other))


def test_tamper_wrong_joker_lead_name() -> None:
    record = golden("four-hand-joker-lead.json")
    tricks = record["deals"][0]["tricks"]
    index = next(i for i, t in enumerate(tricks) if t.get("joker_suit"))
    led_before = tricks[0]["cards"][0][-1]  # a suit led earlier

    def name_led_suit(r: dict[str, Any]) -> None:
        r["deals"][0]["tricks"][index]["joker_suit"] = led_before

    refused(record, name_led_suit, rule="joker-name")

    def no_name(r: dict[str, Any]) -> None:
        del r["deals"][0]["tricks"][index]["joker_suit"]

    refused(record, no_name, rule="joker-name")


def test_tamper_joker_named_without_the_joker() -> None:
    record = golden("four-hand-joker-lead.json")  # the contractor does not hold the joker
    refused(record, lambda r: r["deals"][0].__setitem__("joker_suit", "H"), rule="phase")


def bower_match() -> tc.Match:
    """Spades are trumps; seat 1's only trump is the JC, which it must play to the AS lead."""
    match = tc.Match(FOUR, 4, seed=502)
    hand1 = "JC 5C 6C 7C 5H 6H 7H 8H 9H 5D"
    state = match.next_deal(build_deal(FOUR, {0: "AS KS QS", 1: hand1}, kitty="4H 4D TD",
                                       dealer=3, seed=502))
    win_auction(state, 0, "7S")
    discard_keeping(state, "AS KS QS")
    state.play("AS")
    assert [c.code for c in state.legal_plays] == ["JC"]
    state.play("JC")
    tc.play_deal(state, bots("random", 4, 502))
    return match


def test_tamper_a_card_not_following_suit_under_bowers() -> None:
    record = bower_match().record()
    check_record(record)
    tricks = record["deals"][0]["tricks"]
    assert tricks[0]["cards"][:2] == ["AS", "JC"]
    later, pos = next((i, t["cards"].index("5C")) for i, t in enumerate(tricks) if "5C" in t["cards"])

    def swap(r: dict[str, Any]) -> None:  # seat 1 "follows" with a club: not a spade
        t = r["deals"][0]["tricks"]
        t[0]["cards"][1] = "5C"
        t[later]["cards"][pos] = "JC"

    error = refused(record, swap, rule="follow-suit")
    assert error.step == "trick 1, card 2"


def test_tamper_trick_winner_in_a_full_trick() -> None:
    record = golden("four-hand-joker-lead.json")
    trick = record["deals"][0]["tricks"][0]
    refused(record, lambda r: r["deals"][0]["tricks"][0].__setitem__(
        "winner", (trick["winner"] + 1) % 4), rule="trick-winner")


def test_tamper_trick_winner_in_a_misere_trick() -> None:
    """Three cards to a trick while the partner sits out: the winner is still checked."""
    record = golden("four-hand-misere.json")
    trick = record["deals"][0]["tricks"][0]
    others = [s for s in range(4) if s != trick["winner"]]
    refused(record, lambda r: r["deals"][0]["tricks"][0].__setitem__("winner", others[0]),
            rule="trick-winner")


def test_tamper_trick_winner_in_a_two_hand_trick() -> None:
    """Four cards from two players: the winner is still checked."""
    record = golden("two-hand.json")
    trick = record["deals"][0]["tricks"][0]
    refused(record, lambda r: r["deals"][0]["tricks"][0].__setitem__(
        "winner", 1 - trick["winner"]), rule="trick-winner")


def test_tamper_made_flag() -> None:
    record = golden("four-hand-slam.json")
    refused(record, lambda r: r["deals"][0].__setitem__("made", False))


def test_tamper_trump_field() -> None:
    record = golden("four-hand-slam.json")
    trump = record["deals"][0]["trump"]
    refused(record, lambda r: r["deals"][0].__setitem__("trump", "S" if trump != "S" else "H"))


def test_tamper_sides() -> None:
    record = golden("four-hand-slam.json")
    refused(record, lambda r: r["deals"][0].__setitem__("sides", [[0, 1], [2, 3]]),
            rule="sides")


def test_tamper_two_hand_sources() -> None:
    record = golden("two-hand.json")
    refused(record, lambda r: r["deals"][0]["tricks"][0].__setitem__(
        "from", ["hand", "table", "hand", "table"]), rule="order-of-play")


def test_tamper_two_hand_table_pile_face_down_card_played() -> None:
    record = golden("two-hand.json")
    deal = record["deals"][0]
    first_table = deal["tricks"][0]["cards"][2]  # the contractor's first table card
    seat = deal["tricks"][0]["leader"]
    pile = next(i for i, p in enumerate(deal["table"][seat]) if p[1] == first_table)

    def flip(r: dict[str, Any]) -> None:  # the card played was face down
        p = r["deals"][0]["table"][seat][pile]
        p[0], p[1] = p[1], p[0]

    refused(record, flip, rule="not-held")


def test_tamper_misere_order_of_play() -> None:
    record = golden("four-hand-misere.json")
    deal = record["deals"][0]
    index = next(i for i, t in enumerate(deal["tricks"]) if "by" in t)
    refused(record, lambda r: r["deals"][0]["tricks"][index].__setitem__("by", [0, 1, 2]))


def test_tamper_called_partner() -> None:
    record = golden("five-hand-called-partner.json")
    deal = record["deals"][0]
    wrong = next(s for s in range(5) if s not in (deal["partner"], deal["contract"]["seat"]))
    refused(record, lambda r: r["deals"][0].__setitem__("partner", wrong), rule="called-partner")
    refused(record, lambda r: r["deals"][0].__setitem__("called_card", "JK"),
            rule="called-card")


def test_tamper_dealer_rotation() -> None:
    record = golden("four-hand-match.json")
    second = record["deals"][1]["dealer"]
    refused(record, lambda r: r["deals"][1].__setitem__("dealer", (second + 1) % 4),
            rule="dealer-rotation")


def test_tamper_kitty_size() -> None:
    record = golden("four-hand-slam.json")
    error = refused(record, lambda r: r["deals"][0]["kitty"].pop())
    assert error.step == "hands"


def test_tamper_turn_up_on_a_five_hundred_deal() -> None:
    """Five Hundred turns no card for trumps: a record that says it did is wrong."""
    record = golden("four-hand-slam.json")
    with pytest.raises(tc.RecordError):
        tc.replay_record(tamper(record, lambda r: r["deals"][0].__setitem__("turn_up", "AS")))

"""Game records: golden files, replay, and tampered records that must be refused.

The golden records in ``tests/data/golden/`` pin the exact output of a few seeded matches.  If
an intended change alters them (the shuffle, the first-dealer draw, a bot, the format),
regenerate them on purpose with ``.venv/bin/python tests/make_golden.py``.
"""

from __future__ import annotations

import copy
import json
import pathlib
from collections.abc import Callable
from typing import Any

import pytest
from support import (
    GOLDEN,
    GOLDEN_DIR,
    dump_record,
    golden_text,
    played_match,
    suit_of,
    trick_winner,
)

import trickcore as tc

Record = dict[str, Any]


@pytest.mark.parametrize(("name", "key", "players", "seed", "kind"), GOLDEN,
                         ids=[g[0].removesuffix(".json") for g in GOLDEN])
def test_golden_record_is_reproduced(name: str, key: str, players: int, seed: int,
                                     kind: str) -> None:
    stored_text = (GOLDEN_DIR / name).read_text(encoding="utf-8")
    stored = json.loads(stored_text)
    record = played_match(key, players, seed, kind).record()
    assert record == stored, f"{name} changed; run tests/make_golden.py if this is intended"
    assert golden_text(key, players, seed, kind) == stored_text
    replayed = tc.replay_record(stored)
    assert replayed.totals == stored["result"]["totals"]
    assert replayed.record() == stored


def test_golden_files_are_exactly_the_listed_ones() -> None:
    assert sorted(p.name for p in GOLDEN_DIR.glob("*.json")) == sorted(g[0] for g in GOLDEN)


def fresh(key: str = "contract-whist", players: int = 3, seed: int = 1,
          kind: str = "heuristic") -> Record:
    return played_match(key, players, seed, kind).record()


def test_record_fields() -> None:
    record = fresh()
    assert list(record) == ["format", "variant", "players", "seed", "options", "deals", "result"]
    assert record["format"] == "trickcore-record/1"
    deal = record["deals"][0]
    for field in ("dealer", "hand_size", "hands", "turn_up", "trump", "bids", "announcement",
                  "tricks", "tricks_won", "points", "totals"):
        assert field in deal
    assert "revokes" not in deal
    assert set(record["result"]) == {"totals", "winners", "settlement"}
    assert tc.write_record(played_match("contract-whist", 3, 1, "heuristic")) == json.dumps(
        record, separators=(", ", ": ")
    )


def test_written_record_reads_back() -> None:
    match = played_match("oh-hell", 4, 6, "random")
    text = tc.write_record(match)
    assert "\n" not in text
    assert tc.read_record(text).totals == match.totals
    assert tc.read_record(dump_record(match.record())).totals == match.totals


def test_unfinished_match_record_replays() -> None:
    match = tc.Match(tc.get_variant("oh-hell"), 4, seed=2)
    bots = [tc.RandomBot(seed=s) for s in range(4)]
    for _ in range(3):
        tc.play_deal(match.next_deal(), bots)
    state = match.next_deal()
    for _ in range(7):  # four bids and three cards of the fourth deal
        state.apply(bots[state.to_act](state).action)  # type: ignore[index]
    record = match.record()
    assert record["result"] is None
    last = record["deals"][-1]
    assert last["points"] is None
    assert last["totals"] is None
    replayed = tc.replay_record(record)
    assert not replayed.is_over
    assert len(replayed.deals) == 4
    assert replayed.record() == record


def test_unfinished_record_keeps_the_trick_in_progress() -> None:
    match = tc.Match(tc.get_variant("oh-hell"), 4, seed=2)
    state = match.next_deal()
    bot = tc.HeuristicBot()
    for _ in range(4 + 4 + 2):  # the bids, one whole trick and two cards of the next
        state.apply(bot(state).action)
    assert len(state.current.cards) == 2
    replayed = tc.replay_record(json.loads(json.dumps(match.record())))
    assert replayed.deals[0].current.cards == state.current.cards
    assert replayed.deals[0].hands == state.hands


def test_record_keeps_options_and_revokes() -> None:
    ruleset = tc.with_options(tc.get_variant("humbug"), {"revokes_allowed": True})
    match = tc.Match(ruleset, 2, seed=0)
    seat0 = [r + s for s in "SH" for r in "23456789TJQKA" if r + s != "2S"] + ["2D"]
    seat1 = ["2S"] + [r + s for s in "DC" for r in "23456789TJQKA" if r + s != "2D"]
    state = match.next_deal(tc.deal_from_hands(ruleset, [seat0, seat1], dealer=1, turn_up="2C"))
    state.play("AS")
    state.play("3C")  # a revoke: seat 1 holds the 2S
    while not state.is_over:
        state.play(state.legal_plays[0])
    record = match.record()
    assert record["options"] == {"revokes_allowed": True}
    assert record["deals"][0]["revokes"] == [1]
    replayed = tc.replay_record(json.loads(json.dumps(record)))
    assert replayed.totals == match.totals
    assert replayed.deals[0].revokes == [1]
    # Without the option the same record breaks the follow-suit rule.
    record["options"] = {}
    with pytest.raises(tc.RecordError, match=r"deal 1, trick 1.*\[rule: follow-suit\]") as info:
        tc.replay_record(record)
    assert info.value.illegal


# Tampering -----------------------------------------------------------------------------------


def find_follow_swap(record: Record) -> tuple[int, int, int, int, int]:
    """A deal, two tricks t < u and positions i, j such that the seat that followed suit with
    card i of trick t played card j of trick u from another suit: swapping them makes the
    player fail to follow suit in trick t."""
    n = record["players"]
    for d, deal in enumerate(record["deals"]):
        tricks = deal["tricks"]
        for t, trick in enumerate(tricks):
            led = trick["cards"][0][-1]
            for i in range(1, n):
                code = trick["cards"][i]
                if code[-1] != led:
                    continue
                seat = (trick["leader"] + i) % n
                for u in range(t + 1, len(tricks)):
                    later = tricks[u]
                    j = (seat - later["leader"]) % n
                    if later["cards"][j][-1] != led:
                        return d, t, i, u, j
    raise AssertionError("no follow-suit swap in this record")


def no_follow(record: Record) -> int:
    d, t, i, u, j = find_follow_swap(record)
    tricks = record["deals"][d]["tricks"]
    tricks[t]["cards"][i], tricks[u]["cards"][j] = tricks[u]["cards"][j], tricks[t]["cards"][i]
    return d


def hook_bid(record: Record) -> int:
    for d, deal in enumerate(record["deals"]):
        *others, last = deal["bids"]
        assert last["seat"] == deal["dealer"]
        forbidden = deal["hand_size"] - sum(b["bid"] for b in others)
        if 0 <= forbidden <= deal["hand_size"]:
            last["bid"] = forbidden
            return d
    raise AssertionError("no deal where the hook bites")


def wrong_winner(record: Record) -> int:
    trick = record["deals"][1]["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % record["players"]
    return 1


def wrong_points(record: Record) -> int:
    record["deals"][2]["points"][0] += 1
    return 2


def wrong_totals(record: Record) -> int:
    record["deals"][3]["totals"][1] += 5
    return 3


def wrong_dealer(record: Record) -> int:
    deal = record["deals"][4]
    deal["dealer"] = (deal["dealer"] + 1) % record["players"]
    return 4


def wrong_trump(record: Record) -> int:
    deal = record["deals"][0]
    deal["trump"] = next(s for s in "SHDC" if s != deal["trump"])
    return 0


def duplicate_card(record: Record) -> int:
    hands = record["deals"][5]["hands"]
    hands[1][0] = hands[0][0]
    return 5


def wrong_leader(record: Record) -> int:
    trick = record["deals"][0]["tricks"][1]
    trick["leader"] = (trick["leader"] + 1) % record["players"]
    return 0


def bid_out_of_turn(record: Record) -> int:
    bids = record["deals"][6]["bids"]
    bids[0]["seat"], bids[1]["seat"] = bids[1]["seat"], bids[0]["seat"]
    return 6


def wrong_hand_size(record: Record) -> int:
    deal = record["deals"][7]
    for hand in deal["hands"]:
        hand.pop()
    deal["hand_size"] -= 1
    return 7


def wrong_tricks_won(record: Record) -> int:
    record["deals"][8]["tricks_won"].reverse()
    record["deals"][8]["tricks_won"][0] += 1
    return 8


ILLEGAL: dict[str, tuple[Callable[[Record], int], str]] = {
    "card-not-following-suit": (no_follow, "follow-suit"),
    "hook-forbidden-bid": (hook_bid, "hook"),
    "wrong-trick-winner": (wrong_winner, "trick-winner"),
    "wrong-points": (wrong_points, "scoring"),
    "wrong-totals": (wrong_totals, "scoring"),
    "wrong-dealer-rotation": (wrong_dealer, "dealer-rotation"),
    "wrong-trump": (wrong_trump, "trump"),
    "duplicate-card": (duplicate_card, ""),
    "wrong-leader": (wrong_leader, "lead"),
    "bid-out-of-turn": (bid_out_of_turn, "bidding-order"),
    "wrong-hand-size": (wrong_hand_size, "schedule"),
    "wrong-tricks-won": (wrong_tricks_won, "scoring"),
}


@pytest.mark.parametrize("mutation", list(ILLEGAL))
def test_tampered_record_is_illegal(mutation: str) -> None:
    mutate, rule = ILLEGAL[mutation]
    record = fresh()
    tc.replay_record(copy.deepcopy(record))  # the untouched record is legal
    deal = mutate(record)
    with pytest.raises(tc.RecordError) as info:
        tc.replay_record(record)
    error = info.value
    message = str(error)
    assert error.illegal is True, message
    assert error.deal == deal, message
    assert message.startswith(f"deal {deal + 1}"), message
    assert "[rule: " in message, message
    if rule:
        assert f"[rule: {rule}]" in message, message
    assert "\n" not in message


def test_duplicate_card_names_the_card() -> None:
    record = fresh()
    card = record["deals"][5]["hands"][0][0]
    duplicate_card(record)
    with pytest.raises(tc.RecordError, match=f"deal 6.*{card}") as info:
        tc.replay_record(record)
    assert info.value.illegal


def test_wrong_announcement_is_illegal() -> None:
    record = fresh("oh-pshaw", 4, 2, "random")
    deal = record["deals"][3]
    deal["announcement"] = {"over": "under", "under": "even", "even": "over"}[deal["announcement"]]
    with pytest.raises(tc.RecordError, match=r"^deal 4, announcement.*\[rule: over-under\]") \
            as info:
        tc.replay_record(record)
    assert info.value.illegal


def test_wrong_result_is_illegal() -> None:
    record = fresh()
    record["result"]["settlement"] = [1, 2, 3]
    record["result"]["totals"][0] += 1
    with pytest.raises(tc.RecordError, match=r"^result: totals") as info:
        tc.replay_record(record)
    assert info.value.illegal
    assert info.value.step == "result"


def test_extra_deal_after_the_end_is_illegal() -> None:
    record = fresh("humbug", 2, 3, "heuristic")
    record["deals"].append(copy.deepcopy(record["deals"][0]))
    with pytest.raises(tc.RecordError, match=r"^deal 2: the match was already over") as info:
        tc.replay_record(record)
    assert info.value.illegal


def test_claimed_revoke_that_did_not_happen_is_refused() -> None:
    record = fresh("humbug", 2, 3, "heuristic")
    assert "revokes" not in record["deals"][0]  # nobody revoked in the first deal
    tc.replay_record(copy.deepcopy(record))  # and the record as played is accepted
    record["deals"][0]["revokes"] = [0]
    with pytest.raises(tc.RecordError) as info:
        tc.replay_record(record)
    # The first deal, and what is wrong in it: its revokes, claimed for seat 0, none played.
    assert str(info.value) == ("deal 1, revokes: the record says [0], the plays give []"
                               " [rule: revoke]")
    assert (info.value.deal, info.value.step, info.value.illegal) == (0, "revokes", True)


def drop_turn_up(record: Record) -> int:
    """Make a deal claim no trumps by leaving out its turn-up, choosing a deal whose trick
    winners would be the same without trumps (so only the missing turn-up gives it away)."""
    n = record["players"]
    for d, deal in enumerate(record["deals"]):
        if all(t["winner"] == (t["leader"] + trick_winner(tc.parse_cards(t["cards"]), None)) % n
               for t in deal["tricks"]):
            deal["turn_up"] = None
            deal["trump"] = None
            return d
    raise AssertionError("no suitable deal")


@pytest.mark.parametrize(("key", "players", "seed"), [("oh-hell", 4, 1), ("oh-well", 4, 1),
                                                      ("humbug", 2, 1)])
def test_missing_turn_up_is_illegal(key: str, players: int, seed: int) -> None:
    # Oh Hell leaves cards over, so one must be turned; Oh! Well and Humbug always turn the
    # dealer's last card.  A record without a turn-up cannot be a game of these rules.
    record = fresh(key, players, seed, "heuristic")
    deal = drop_turn_up(record)
    with pytest.raises(tc.RecordError) as info:
        tc.replay_record(record)
    assert info.value.illegal
    assert info.value.deal == deal
    assert "[rule: trump]" in str(info.value)


def test_humbug_record_tampering() -> None:
    record = fresh("humbug", 2, 3, "heuristic")
    deal = no_follow(record)
    with pytest.raises(tc.RecordError, match=r"\[rule: follow-suit\]") as info:
        tc.replay_record(record)
    assert info.value.illegal
    assert info.value.deal == deal


# Malformed records (not illegal: exit 2 on the command line) ----------------------------------


def bad_code_in_hand(record: Record) -> str:
    record["deals"][0]["hands"][0][0] = "ZZ"
    return "deal 1"


def bad_code_in_trick(record: Record) -> str:
    record["deals"][1]["tricks"][2]["cards"][1] = "ZZ"
    return "deal 2, trick 3"


def unknown_variant(record: Record) -> str:
    record["variant"] = "five-hundred-and-one"
    return "unknown variant 'five-hundred-and-one'"


def missing_hands(record: Record) -> str:
    del record["deals"][0]["hands"]
    return "deal 1: the field 'hands' is missing"


def missing_players(record: Record) -> str:
    del record["players"]
    return "the field 'players' is missing"


def wrong_type(record: Record) -> str:
    record["deals"][2]["dealer"] = "north"
    return "deal 3: 'dealer' should be int"


def wrong_format(record: Record) -> str:
    record["format"] = "trickcore-record/0"
    return "unknown record format 'trickcore-record/0'"


def unknown_option(record: Record) -> str:
    record["options"] = {"hooks": False}
    return "'hooks' is not an option"


def missing_result(record: Record) -> str:
    record["result"] = None
    return "the match is over but the record gives no result"


MALFORMED: dict[str, Callable[[Record], str]] = {
    "unknown-card-code-in-hand": bad_code_in_hand,
    "unknown-card-code-in-trick": bad_code_in_trick,
    "unknown-variant": unknown_variant,
    "missing-field-in-deal": missing_hands,
    "missing-field-at-top": missing_players,
    "wrong-type": wrong_type,
    "wrong-format": wrong_format,
    "unknown-option": unknown_option,
    "missing-result": missing_result,
}


@pytest.mark.parametrize("mutation", list(MALFORMED))
def test_malformed_record_is_not_illegal(mutation: str) -> None:
    record = fresh()
    fragment = MALFORMED[mutation](record)
    with pytest.raises(tc.RecordError) as info:
        tc.replay_record(record)
    assert info.value.illegal is False, str(info.value)
    assert fragment in str(info.value)


def test_unknown_card_code_names_the_code() -> None:
    record = fresh()
    bad_code_in_trick(record)
    with pytest.raises(tc.RecordError, match="'ZZ' is not a card code") as info:
        tc.replay_record(record)
    assert info.value.deal == 1


@pytest.mark.parametrize("text", ["{", "", "[1, 2", "not json", '{"format": '])
def test_malformed_json(text: str) -> None:
    with pytest.raises(tc.RecordError, match="not valid JSON") as info:
        tc.read_record(text)
    assert info.value.illegal is False


@pytest.mark.parametrize("data", [[], "record", 3, None])
def test_a_record_is_an_object(data: object) -> None:
    with pytest.raises(tc.RecordError, match="JSON object") as info:
        tc.replay_record(data)
    assert info.value.illegal is False


# The command line's use of records ------------------------------------------------------------


def run_check(tmp_path: pathlib.Path, text: str, capsys: pytest.CaptureFixture[str]
              ) -> tuple[int, str, str]:
    from trickcore.cli import main

    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_check_legal_record(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_check(tmp_path, json.dumps(fresh()), capsys)
    assert code == 0
    assert out.startswith("Legal:")
    assert err == ""


def test_check_illegal_record(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = fresh()
    hook_bid(record)
    code, out, err = run_check(tmp_path, json.dumps(record), capsys)
    assert code == 1
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "deal " in err
    assert "[rule: hook]" in err


@pytest.mark.parametrize("text", ["{", json.dumps({"format": "trickcore-record/1"})])
def test_check_malformed_record(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                                text: str) -> None:
    code, out, err = run_check(tmp_path, text, capsys)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


def test_check_missing_file(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from trickcore.cli import main

    assert main(["check", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_check_golden_files(capsys: pytest.CaptureFixture[str]) -> None:
    from trickcore.cli import main

    for name, *_ in GOLDEN:
        assert main(["check", str(GOLDEN_DIR / name)]) == 0
    out = capsys.readouterr().out
    assert out.count("Legal:") == len(GOLDEN)


def test_follow_swap_helper_really_breaks_follow_suit() -> None:
    record = fresh()
    d, t, i, _u, _j = find_follow_swap(record)
    trick = record["deals"][d]["tricks"][t]
    assert suit_of(tc.Card.parse(trick["cards"][i])) == trick["cards"][0][-1]

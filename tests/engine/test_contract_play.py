"""Five Hundred play: the kitty, misère and open misère, the opening lead, the joker at no trumps
(pagat, Wikipedia and New Zealand readings), the five-hand partner call, two-hand table piles and
six-hand misère (docs/rules.md 3.4, 3.5, 3.7; facts 56, 57, 59-61)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from support500 import (
    Power,
    build_deal,
    call_trump,
    code_set,
    codes,
    discard_keeping,
    find_playout,
    pack_codes,
    rules,
    snapshot,
    start,
    to_play,
    win_auction,
)

import trickcore as tc
from trickcore.cards import Suit

FOUR = tc.get_variant("five-hundred")
JK = tc.JOKER


def refused(state: tc.HandState, action: Any, rule: str, *, how: str = "apply") -> None:
    """The action is refused with an error naming ``rule`` and the seat, changing nothing."""
    before = snapshot(state)
    seat = state.to_act
    method = getattr(state, how)
    args = action if how != "apply" and isinstance(action, tuple) else (action,)
    with pytest.raises(tc.IllegalActionError) as info:
        method(*args)
    assert info.value.rule == rule, str(info.value)
    assert info.value.seat == seat
    assert snapshot(state) == before


def play_trick(state: tc.HandState, *cards: str) -> None:
    for card in cards:
        state.play(card)


def play_lowest(state: tc.HandState, count: int) -> None:
    for _ in range(count):
        state.play(state.legal_plays[0])


# --- the kitty ---------------------------------------------------------------------------------


def test_contractor_takes_the_kitty_and_must_discard_as_many() -> None:
    state = start(FOUR, seed=11)
    dealt = code_set(state.hand(2))
    win_auction(state, 2, "7H")
    assert state.phase is tc.Phase.DISCARD
    assert state.to_act == 2
    assert code_set(state.hand(2)) == dealt | code_set(state.kitty)
    assert len(state.hand(2)) == 13
    assert state.discard_count == 3
    assert code_set(state.legal_actions) == code_set(state.hand(2))
    kitty = codes(state.kitty)
    state.discard([kitty[0], *sorted(dealt)[:2]])  # a kitty card may go straight back
    assert len(state.hand(2)) == 10
    assert codes(state.discards) == [kitty[0], *sorted(dealt)[:2]]
    assert state.phase is tc.Phase.PLAYING
    assert state.to_act == 2  # the contractor leads


@pytest.mark.parametrize(
    ("cards", "rule"),
    [(lambda h: h[:2], "discard-count"), (lambda h: h[:4], "discard-count"),
     (lambda h: [h[0]] * 3, "discard-count"), (lambda h: [], "discard-count"),
     (lambda h: [*h[:2], "ZZ"], "card-code")],
)
def test_wrong_discards_are_refused(cards: Callable[[list[str]], list[str]], rule: str) -> None:
    state = start(FOUR, seed=12)
    win_auction(state, 0, "7H")
    refused(state, cards(codes(state.hand(0))), rule)
    refused(state, cards(codes(state.hand(0))), rule, how="discard")


def test_discarding_a_card_not_held_is_refused() -> None:
    state = start(FOUR, seed=13)
    win_auction(state, 0, "7H")
    other = codes(state.hand(1))[0]
    refused(state, [*codes(state.hand(0))[:2], other], "not-held")
    with pytest.raises(tc.IllegalActionError) as info:
        state.check([*codes(state.hand(0))[:2], other])
    assert info.value.rule == "not-held"


def test_check_and_apply_agree_on_a_discard_given_as_one_string() -> None:
    """``check`` must raise exactly when ``apply`` would (HandState.check's contract)."""
    state = start(FOUR, seed=14)
    win_auction(state, 0, "7H")
    text = " ".join(codes(state.hand(0))[:3])
    state.check(text)  # apply(text) is accepted, so check(text) must be too
    state.apply(text)
    assert state.phase is tc.Phase.PLAYING


def test_discard_out_of_phase_is_refused() -> None:
    state = start(FOUR, seed=15)
    refused(state, codes(state.hand(0))[:3], "phase", how="discard")
    win_auction(state, 0, "7H")
    discard_keeping(state)
    refused(state, codes(state.hand(0))[:3], "phase", how="discard")


@pytest.mark.parametrize(("key", "options", "kitty"),
                         [("five-hundred", {"deck": "45"}, 5), ("five-hundred-quebec", {}, 6),
                          ("five-hundred-6", {"deck": "65"}, 5)])
def test_bigger_kitties(key: str, options: dict[str, Any], kitty: int) -> None:
    state = start(rules(key, **options), seed=16)
    win_auction(state, 1, "7S")
    assert state.discard_count == kitty
    assert len(state.hand(1)) == 10 + kitty
    refused(state, codes(state.hand(1))[:3], "discard-count")
    discard_keeping(state)
    assert len(state.hand(1)) == 10


# --- misère ------------------------------------------------------------------------------------


def misere_state(ruleset: tc.Ruleset = FOUR, call: str = "misere",
                 fixed: dict[int, str] | None = None, kitty: str | None = None,
                 seed: int = 20) -> tc.HandState:
    """Seat 0 wins the auction with misère (over seat 1's 7S) or open misère; dealer seat n-1
    is replaced by dealer 0 so that seat 1 opens."""
    n = ruleset.players[0]
    state = tc.HandState(ruleset, build_deal(ruleset, fixed, kitty=kitty, dealer=0, seed=seed))
    assert n > 2
    win_auction(state, 0, call, before=["7S"] if call == "misere" else [])
    return state


def test_misere_partner_sits_out_three_card_tricks() -> None:
    state = misere_state()
    to_play(state)
    partner_hand = code_set(state.hand(2))
    assert state.active == (0, 1, 3)
    done = find_playout(state, lambda s: len(s.tricks) >= 3)
    assert all(len(t.cards) == 3 for t in done.tricks)
    assert all(2 not in t.seats(4) for t in done.tricks)
    assert code_set(done.hand(2)) == partner_hand
    assert done.tricks_won[2] == 0


def test_six_hand_misere_both_partners_sit_out() -> None:
    ruleset = tc.get_variant("five-hundred-6")
    state = misere_state(ruleset)
    to_play(state)
    assert state.active == (0, 1, 3, 5)
    done = find_playout(state, lambda s: len(s.tricks) >= 2)
    assert all(len(t.cards) == 4 for t in done.tricks)
    assert all(not {2, 4} & set(t.seats(6)) for t in done.tricks)


def test_five_hand_misere_alone_against_four_no_partner_call() -> None:
    ruleset = tc.get_variant("five-hundred-5")
    state = misere_state(ruleset)
    discard_keeping(state)
    assert state.phase is not tc.Phase.CALL
    to_play(state)
    assert state.active == (0, 1, 2, 3, 4)
    done = find_playout(state, lambda s: True)
    assert all(len(t.cards) == 5 for t in done.tricks)


def test_misere_ends_at_the_contractors_first_trick() -> None:
    # seat 0 leads the AS; the joker is with the partner, who sits out: nobody can beat it
    state = misere_state(fixed={0: "AS KS QS JS TS 9S 8S 7S 6S 5S", 2: "JK"},
                         kitty="4H 5H 6H")
    to_play(state, keep="AS KS QS JS TS 9S 8S 7S 6S 5S")
    play_lowest(state, 0)
    state.play("AS")
    play_lowest(state, 2)
    assert state.tricks[0].winner == 0
    assert state.phase is tc.Phase.DONE
    assert len(state.tricks) == 1
    assert state.made is False
    assert state.points == (-250, 0, -250, 0)


def test_misere_played_out_when_it_does_not_end_at_first_trick_option() -> None:
    ruleset = rules(misere_ends_at_first_trick=False)
    state = misere_state(ruleset, fixed={0: "AS KS QS JS TS 9S 8S 7S 6S 5S", 2: "JK"},
                         kitty="4H 5H 6H")
    to_play(state, keep="AS KS QS JS TS 9S 8S 7S 6S 5S")
    state.play("AS")
    play_lowest(state, 2)
    assert state.phase is tc.Phase.PLAYING
    done = find_playout(state, lambda s: True)
    assert len(done.tricks) == 10
    assert done.points == (-250, 0, -250, 0)


def test_misere_made_scores_250_and_nothing_for_the_defenders() -> None:
    low = "4H 5H 6H 7H 4D 5D 6D 7D 5S 5C"
    state = misere_state(fixed={0: low}, seed=21)
    to_play(state, keep=low)
    done = find_playout(state, lambda s: s.made)
    assert len(done.tricks) == 10
    assert done.tricks_won[0] == 0
    assert done.points == (250, 0, 250, 0)


def test_open_misere_hand_exposed_after_the_first_trick() -> None:
    state = misere_state(call="open-misere")
    to_play(state)
    assert state.exposed == []
    play_lowest(state, 2)
    assert state.exposed == []
    play_lowest(state, 1)
    assert len(state.tricks) == 1
    assert state.exposed == [0]


def test_open_misere_first_call_partner_sits_out() -> None:
    state = start(FOUR, seed=22)
    state.bid("open-misere")
    while state.phase is tc.Phase.BIDDING:
        state.bid("pass")
    assert state.contractor == 0
    assert state.active == (0, 1, 3)


# --- split colours: nullo, hi-lo, double nullo --------------------------------------------------

SPLIT = rules(split_colours=True)


def test_double_nullo_partner_takes_the_discards_and_both_play() -> None:
    state = start(SPLIT, seed=3)
    win_auction(state, 1, "double-nullo")
    assert state.active == (0, 1, 2, 3)
    passed_on = discard_keeping(state)
    assert state.phase is tc.Phase.DISCARD
    assert state.to_act == 3
    assert set(passed_on) <= code_set(state.hand(3))
    assert len(state.hand(3)) == 13
    assert state.discard_count == 3
    again = discard_keeping(state)
    assert codes(state.partner_discards) == again
    assert state.phase is tc.Phase.PLAYING
    assert state.to_act == 1
    lost = find_playout(state, lambda s: s.tricks_won[3] > 0)
    assert lost.phase is tc.Phase.DONE
    assert lost.tricks_won[1] + lost.tricks_won[3] == 1  # it ends at the side's first trick
    assert lost.points == (0, -450, 0, -450)


def test_hi_lo_partner_sits_out_exactly_five() -> None:
    state = start(SPLIT, seed=3)
    win_auction(state, 1, "hi-lo", before=["9C"])
    to_play(state)
    assert state.active == (0, 1, 2)
    assert state.trump is None
    made = find_playout(state, lambda s: s.tricks_won[1] == 5)
    assert made.points == (0, 350, 0, 350)
    assert len(made.tricks) == 10
    failed = find_playout(state, lambda s: s.tricks_won[1] == 6)
    assert failed.points == (0, -350, 0, -350)


def test_open_nullo_exposed_after_the_first_trick() -> None:
    state = start(SPLIT, seed=4)
    win_auction(state, 2, "open-nullo", before=["8C"])
    to_play(state)
    assert state.active == (1, 2, 3)
    assert state.exposed == []
    play_lowest(state, 3)
    assert len(state.tricks) == 1
    assert state.exposed == [2]


# --- the opening lead ---------------------------------------------------------------------------


def test_the_contractor_leads() -> None:
    state = start(FOUR, seed=23)
    win_auction(state, 2, "7C")
    to_play(state)
    assert state.to_act == state.leader == 2


def test_eldest_leads_option() -> None:
    ruleset = rules(contractor_leads=False)
    state = start(ruleset, seed=23)  # dealer 3: eldest is seat 0
    win_auction(state, 2, "7C")
    to_play(state)
    assert state.to_act == 0


def test_eldest_leads_option_skips_a_partner_sitting_out() -> None:
    ruleset = rules(contractor_leads=False)
    state = tc.HandState(ruleset, build_deal(ruleset, dealer=3, seed=24))
    win_auction(state, 2, "misere", before=["7S"])  # seat 0 (eldest) is seat 2's partner
    to_play(state)
    assert state.to_act == 1


# --- the joker at no trumps: pagat (facts 59-61) ---------------------------------------------------

NT_HAND0 = "JK AD 5S 6S 7S 8S 9S 5C 6C 7C"  # seat 0, the contractor


def nt_state(fixed: dict[int, str], keep: str, call: str = "7NT", joker: str | None = None,
             ruleset: tc.Ruleset = FOUR, kitty: str = "4H 4D 5D", seed: int = 30,
             before: tuple[str, ...] = ()) -> tc.HandState:
    state = tc.HandState(ruleset, build_deal(ruleset, fixed, kitty=kitty,
                                             dealer=0 if before else 3, seed=seed))
    win_auction(state, 0, call, before=list(before))
    discard_keeping(state, keep)
    if state.phase is tc.Phase.JOKER:
        state.name_joker(joker)
    return state


def test_contractor_holding_the_joker_may_name_its_suit() -> None:
    state = tc.HandState(FOUR, build_deal(FOUR, {0: NT_HAND0}, kitty="4H 4D 5D", seed=30))
    win_auction(state, 0, "7NT")
    discard_keeping(state, NT_HAND0)
    assert state.phase is tc.Phase.JOKER
    assert state.to_act == 0
    assert state.legal_joker_names == (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    refused(state, "X", "suit")
    state.name_joker("D")
    assert state.joker_suit is Suit.DIAMONDS
    assert state.phase is tc.Phase.PLAYING


def test_no_joker_step_without_the_joker_or_with_trumps() -> None:
    state = nt_state({1: "JK"}, keep="")
    assert state.phase is tc.Phase.PLAYING
    state = tc.HandState(FOUR, build_deal(FOUR, {0: NT_HAND0}, kitty="4H 4D 5D", seed=30))
    win_auction(state, 0, "7S")
    discard_keeping(state, NT_HAND0)
    assert state.phase is tc.Phase.PLAYING


def test_fact_59_named_joker_is_the_highest_diamond() -> None:
    hand1 = "KD QD 5H 6H 7H 8H 9H TH JH QH"
    state = nt_state({0: NT_HAND0, 1: hand1}, keep=NT_HAND0, joker="D")
    assert state.joker_names(JK) == ()  # named already: it leads as a diamond
    refused(state, ("JK", "C"), "joker-name")
    state.play("JK")
    assert codes(state.legal_plays) == ["QD", "KD"]  # diamonds must follow the joker
    state.play("KD")
    play_lowest(state, 2)
    assert state.tricks[0].winner == 0
    assert state.tricks[0].joker_suit is None


def test_named_joker_follows_its_suit_only() -> None:
    # seat 0 names hearts: the joker is then a heart, the highest, and only a heart
    hand0 = "JK 8H 5S 6S 7S 8S 9S 5C 6C 7C"  # no diamond
    hand1 = "AS AD KD QD 6H 7H 9H TH JH QH"
    state = nt_state({0: hand0, 1: hand1}, keep=hand0, joker="H", kitty="4D 5D 6D")
    play_trick(state, "5S", "AS")
    play_lowest(state, 2)
    assert state.tricks[0].winner == 1
    state.play("AD")
    play_lowest(state, 2)
    assert len(state.legal_plays) == 9  # void in diamonds: the joker may be thrown...
    state.play("JK")
    assert state.tricks[-1].winner == 1  # ...and loses: it is a heart
    state.play("QH")
    play_lowest(state, 2)
    assert codes(state.legal_plays) == ["8H"]


def test_named_joker_must_follow_its_suit() -> None:
    hand0 = "JK 8H 5S 6S 7S 8S 9S 5C 6C 7C"
    hand1 = "AS AD KD QD 6H 7H 9H TH JH QH"
    state = nt_state({0: hand0, 1: hand1}, keep=hand0, joker="H", kitty="4D 5D 6D")
    play_trick(state, "5S", "AS")
    play_lowest(state, 2)
    state.play("QH")
    play_lowest(state, 2)
    assert codes(state.legal_plays) == ["8H", "JK"]
    state.play("JK")
    assert state.tricks[-1].winner == 0  # the highest heart


def test_fact_59_unnamed_joker_only_when_void() -> None:
    hand1 = "JK KD 5H 6H 7H 8H 9H TH JH QH"
    state = nt_state({0: "AD KS QS 5S 6S 7S 8S 9S 5C 6C", 1: hand1},
                     keep="AD KS QS 5S 6S 7S 8S 9S 5C 6C")
    state.play("AD")
    assert "JK" not in codes(state.legal_plays)
    refused(state, "JK", "follow-suit")
    state.play("KD")
    play_lowest(state, 2)
    state.play("KS")  # seat 1 has no spade: the joker may be played, or not (no trumps)
    legal = codes(state.legal_plays)
    assert "JK" in legal
    assert len(legal) == 9
    state.play("JK")
    play_lowest(state, 2)
    assert state.tricks[-1].winner == 1  # the unnamed joker beats everything


def test_contractor_who_names_nothing_keeps_a_suitless_joker() -> None:
    state = nt_state({0: NT_HAND0}, keep=NT_HAND0, joker=None)
    assert state.joker_suit is None
    assert state.joker_names(JK) == (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def test_joker_lead_name_checks_through_play() -> None:
    hand1 = "JK AD 5H 6H 7H 8H 9H TH JH QH"  # seat 1 wins a diamond, then leads the joker
    state = nt_state({0: "KD KS QS 5S 6S 7S 8S 9S 5C 6C", 1: hand1},
                     keep="KD KS QS 5S 6S 7S 8S 9S 5C 6C")
    play_trick(state, "KD", "AD")
    play_lowest(state, 2)
    assert state.to_act == 1
    assert state.joker_names(JK) == (Suit.SPADES, Suit.HEARTS, Suit.CLUBS)
    refused(state, "JK", "joker-name")  # a suit must be named
    refused(state, ("JK", "D"), "joker-name")  # diamonds were led
    refused(state, ("5H", "S"), "joker-name")  # only the joker names a suit
    state.play("JK", "S")
    assert state.led_suit is Suit.SPADES
    assert code_set(state.legal_plays) <= {c for c in codes(state.hand(2)) if c.endswith("S")} \
        or not any(c.endswith("S") for c in codes(state.hand(2)))
    play_lowest(state, 3)
    trick = state.tricks[-1]
    assert trick.winner == 1
    assert trick.joker_suit is Suit.SPADES


def _walk(ruleset: tc.Ruleset, call: str, want: Callable[[tc.HandState], bool],
          seeds: int = 400, joker: str | None = None) -> tc.HandState:
    """The first position met while random bots play random deals (seat 0 contracting ``call``,
    naming the joker ``joker`` if asked) at which ``want`` holds."""
    for seed in range(seeds):
        state = tc.HandState(ruleset, build_deal(ruleset, dealer=0 if call == "misere" else 3,
                                                 seed=seed))
        win_auction(state, 0, call, before=["7S"] if call == "misere" else [])
        discard_keeping(state)
        if state.phase is tc.Phase.JOKER:
            state.name_joker(joker)
        rng = random.Random(seed)
        while not state.is_over:
            if want(state):
                return state
            card = rng.choice(state.legal_plays)
            names = state.joker_names(card)
            state.play(card, rng.choice(names) if names else None)
    raise AssertionError("no such position")


def _free_joker_to_lead(state: tc.HandState) -> bool:
    return (state.phase is tc.Phase.PLAYING and not state.current.cards
            and JK in state.hand(state.to_act)  # type: ignore[arg-type]
            and state.joker_suit is None)


def _suits_led(state: tc.HandState) -> set[Suit]:
    return {t.joker_suit or t.context.suit_of(t.cards[0]) for t in state.tricks}  # type: ignore[union-attr]


def test_fact_60_no_joker_lead_after_all_four_suits_except_to_the_last_trick() -> None:
    state = _walk(FOUR, "7NT", lambda s: _free_joker_to_lead(s) and len(_suits_led(s)) == 4
                  and len(s.tricks) < 9 and len(s.hand(s.to_act)) > 1)  # type: ignore[arg-type]
    assert JK not in state.legal_plays
    assert state.legal_joker_leads() == ()
    refused(state, "JK", "joker-lead")
    last = _walk(FOUR, "7NT", lambda s: _free_joker_to_lead(s) and len(s.tricks) == 9
                 and len(_suits_led(s)) == 4)
    assert last.legal_plays == (JK,)
    assert last.joker_names(JK) == ()
    last.play("JK")
    assert last.tricks[-1].winner == last.tricks[-1].leader


def test_fact_59_misere_void_player_must_play_the_joker() -> None:
    state = _walk(FOUR, "misere", lambda s: bool(s.current.cards) and JK in s.hand(s.to_act)
                  and s.led_suit is not None and not any(  # type: ignore[arg-type]
                      s.context.suit_of(c) == s.led_suit for c in s.hand(s.to_act))  # type: ignore[arg-type]
                  and len(s.hand(s.to_act)) > 1)  # type: ignore[arg-type]
    assert state.legal_plays == (JK,)
    other = next(c for c in state.hand(state.to_act) if c is not JK)  # type: ignore[arg-type]
    refused(state, other, "joker-misere")


def test_fact_61_misere_contractor_with_an_unnamed_joker_loses() -> None:
    hand0 = "JK 4H 5H 6H 7H 8H 4D 5D 6D 7D"  # no spade, no club
    hand1 = "AH AS KS QS JS TS 9S 8S 7S 6S"
    hand3 = "KH 5S 5C 6C 7C 8C 9C TC JC QC"
    state = tc.HandState(FOUR, build_deal(FOUR, {0: hand0, 1: hand1, 3: hand3},
                                          kitty="8D 9D TD", dealer=0, seed=31))
    win_auction(state, 0, "misere", before=["7S"])
    state.discard(["8D", "9D", "TD"])
    assert state.phase is tc.Phase.JOKER
    state.name_joker(None)
    play_trick(state, "4H", "AH", "KH")
    assert state.tricks[-1].winner == 1
    state.play("AS")
    state.play("5S")
    assert state.legal_plays == (JK,)
    state.play("JK")
    assert state.tricks[-1].winner == 0
    assert state.phase is tc.Phase.DONE
    assert state.points == (-250, 0, -250, 0)


def test_misere_contractor_who_names_the_joker_may_throw_it_when_void() -> None:
    hand0 = "JK 4H 5H 6H 7H 8H 4D 5D 6D 7D"
    hand1 = "AH AS KS QS JS TS 9S 8S 7S 6S"
    hand3 = "KH 5S 5C 6C 7C 8C 9C TC JC QC"
    state = tc.HandState(FOUR, build_deal(FOUR, {0: hand0, 1: hand1, 3: hand3},
                                          kitty="8D 9D TD", dealer=0, seed=31))
    win_auction(state, 0, "misere", before=["7S"])
    state.discard(["8D", "9D", "TD"])
    state.name_joker("H")
    play_trick(state, "4H", "AH", "KH")
    state.play("AS")
    state.play("5S")
    assert len(state.legal_plays) == 9  # void in spades: anything, the joker (a heart) too
    state.play("JK")
    assert state.tricks[-1].winner == 1
    assert state.phase is tc.Phase.PLAYING


# --- the joker: the Wikipedia and New Zealand readings ---------------------------------------------


def test_wikipedia_joker_no_naming_step_no_lead_name_not_obligatory() -> None:
    ruleset = rules(joker_rule="wikipedia")
    state = tc.HandState(ruleset, build_deal(ruleset, {0: NT_HAND0}, kitty="4H 4D 5D", seed=30))
    win_auction(state, 0, "7NT")
    discard_keeping(state, NT_HAND0)
    assert state.phase is tc.Phase.PLAYING
    assert state.joker_names(JK) == ()
    refused(state, ("JK", "S"), "joker-name")
    state = _walk(ruleset, "misere", lambda s: bool(s.current.cards) and JK in s.hand(
        s.to_act) and s.led_suit is not None and not any(  # type: ignore[arg-type]
            s.context.suit_of(c) == s.led_suit for c in s.hand(s.to_act))  # type: ignore[arg-type]
        and len(s.hand(s.to_act)) > 1)  # type: ignore[arg-type]
    assert JK in state.legal_plays
    assert len(state.legal_plays) > 1  # not obligatory


def _shown_void(state: tc.HandState) -> bool:
    """The seat to act holds the joker, is void in the suit led, and showed that void earlier
    by playing another card (not the joker) to a trick of that suit."""
    seat = state.to_act
    led = state.led_suit
    if seat is None or not state.current.cards or led is None or JK not in state.hand(seat):
        return False
    if any(state.context.suit_of(c) == led for c in state.hand(seat)):
        return False
    for trick in state.tricks:
        if (trick.joker_suit or trick.context.suit_of(trick.cards[0])) is not led:  # type: ignore[union-attr]
            continue
        mine = trick.cards[trick.seats(state.players).index(seat)]
        if mine is not JK and state.context.suit_of(mine) is not led:
            return True
    return False


def test_wikipedia_joker_no_reneging_after_showing_a_void() -> None:
    """JokerRule.WIKIPEDIA documents "no reneging: never after showing a void in the suit led"
    (docs/rules.md 3.5, Wikipedia).  A player who discarded on a suit may not later play the joker
    to that suit."""
    state = _walk(rules(joker_rule="wikipedia"), "7NT", _shown_void)
    assert JK not in state.legal_plays


def test_new_zealand_joker_name_any_suit_lead_it_after_four_suits() -> None:
    ruleset = rules(joker_rule="new-zealand")
    state = _walk(ruleset, "7NT", lambda s: _free_joker_to_lead(s) and len(_suits_led(s)) == 4
                  and len(s.tricks) < 9)
    assert JK in state.legal_plays
    assert state.joker_names(JK) == tuple(Suit)
    led = state.tricks[0].context.suit_of(state.tricks[0].cards[0])  # type: ignore[union-attr]
    state.play("JK", led.letter)  # type: ignore[union-attr]
    assert state.led_suit is led


def test_new_zealand_joker_not_obligatory_in_misere_nor_playable_holding_the_suit() -> None:
    ruleset = rules(joker_rule="new-zealand")
    state = _walk(ruleset, "misere", lambda s: bool(s.current.cards) and JK in s.hand(
        s.to_act) and s.led_suit is not None and not any(  # type: ignore[arg-type]
            s.context.suit_of(c) == s.led_suit for c in s.hand(s.to_act))  # type: ignore[arg-type]
        and len(s.hand(s.to_act)) > 1)  # type: ignore[arg-type]
    assert JK in state.legal_plays
    assert len(state.legal_plays) > 1
    state = _walk(ruleset, "7NT", lambda s: bool(s.current.cards) and JK in s.hand(
        s.to_act) and s.led_suit is not None and any(  # type: ignore[arg-type]
            s.context.suit_of(c) == s.led_suit for c in s.hand(s.to_act)))  # type: ignore[arg-type]
    assert JK not in state.legal_plays


# --- five-hand: the called partner ----------------------------------------------------------------

FIVE = tc.get_variant("five-hundred-5")


def five_state(call: str = "8H", seed: int = 40, ruleset: tc.Ruleset = FIVE,
               fixed: dict[int, str] | None = None, keep: str = "") -> tc.HandState:
    state = tc.HandState(ruleset, build_deal(ruleset, fixed, seed=seed))
    win_auction(state, 0, call)
    discard_keeping(state, keep)
    return state


def test_five_hand_partner_call_after_the_discard() -> None:
    state = five_state()
    assert state.phase is tc.Phase.CALL
    assert state.to_act == 0
    calls = state.legal_partner_calls
    assert calls[0] is None
    named = {c.code for c in calls[1:]}  # type: ignore[union-attr]
    own = code_set(state.hand(0)) | code_set(state.discards)
    assert not named & own
    assert not named & {"JK", "JH", "JD"}
    assert named | own | {"JK", "JH", "JD"} == set(pack_codes(FIVE))


@pytest.mark.parametrize("card", ["JK", "JH", "JD"])
def test_five_hand_joker_and_bowers_may_not_be_called(card: str) -> None:
    state = five_state(fixed={1: "JK JH JD"})
    refused(state, card, "called-card")
    refused(state, card, "called-card", how="call_partner")


def test_five_hand_own_card_may_not_be_called_and_codes_are_checked() -> None:
    state = five_state()
    refused(state, codes(state.hand(0))[0], "called-card")
    refused(state, codes(state.discards)[0], "called-card")
    refused(state, "1Z", "card-code")


def test_five_hand_jacks_may_be_called_at_no_trumps() -> None:
    state = five_state(call="8NT", fixed={1: "JH JD JS JC"})
    named = {c.code for c in state.legal_partner_calls if c is not None}
    assert {"JH", "JD", "JS", "JC"} <= named
    assert "JK" not in named


def test_five_hand_called_card_options() -> None:
    state = five_state(ruleset=rules("five-hundred-5", called_card="not-joker"),
                       fixed={1: "JK JH JD AH"})
    named = {c.code for c in state.legal_partner_calls if c is not None}
    assert {"JH", "JD", "AH"} <= named
    assert "JK" not in named
    state = five_state(ruleset=rules("five-hundred-5", called_card="no-trump"),
                       fixed={1: "JK JH JD AH AS"})
    named = {c.code for c in state.legal_partner_calls if c is not None}
    assert not {"JH", "JD", "AH", "JK"} & named
    assert "AS" in named


def test_five_hand_called_partner_becomes_a_side() -> None:
    state = five_state(fixed={3: "AS"})
    state.call_partner("AS")
    assert state.called_card is tc.Card.parse("AS")
    assert state.partner == 3
    assert sorted(map(sorted, state.sides)) == [[0, 3], [1], [2], [4]]
    assert state.contract_side == (0, 3)
    assert state.phase is tc.Phase.PLAYING
    assert state.active == (0, 1, 2, 3, 4)


def test_five_hand_playing_alone() -> None:
    state = five_state()
    state.call_partner(None)
    assert state.partner is None
    assert state.contract_side == (0,)
    assert state.phase is tc.Phase.PLAYING


def test_five_hand_calling_own_card_to_play_alone_option() -> None:
    state = five_state(ruleset=rules("five-hundred-5", call_own_card_alone=True))
    own = codes(state.hand(0))[0]
    state.call_partner(own)
    assert state.partner is None
    assert state.contract_side == (0,)


def test_five_hand_alone_at_no_trumps_with_the_joker_reaches_the_play() -> None:
    """Alone (no partner called) at no trumps, holding the joker: after naming it, play starts.
    (The CALL step must not come back after the JOKER step.)"""
    state = five_state(call="8NT", fixed={0: "JK"}, keep="JK")
    assert state.phase is tc.Phase.CALL
    state.call_partner(None)
    assert state.phase is tc.Phase.JOKER
    state.name_joker("S")
    assert state.phase is tc.Phase.PLAYING
    assert state.to_act == 0


def test_five_hand_partner_at_no_trumps_with_the_joker_reaches_the_play() -> None:
    state = five_state(call="8NT", fixed={0: "JK", 2: "AS"}, keep="JK")
    state.call_partner("AS")
    assert state.phase is tc.Phase.JOKER
    state.name_joker(None)
    assert state.phase is tc.Phase.PLAYING
    assert [type(e).__name__ for e in state.events].count("PartnerCalled") == 1


# --- two-hand (pagat: Corino and Rigal) ------------------------------------------------------------

TWO = tc.get_variant("five-hundred-2")


def two_state(seed: int = 50, call: str = "7S") -> tc.HandState:
    state = tc.HandState(TWO, build_deal(TWO, dealer=1, seed=seed))
    win_auction(state, 0, call)
    return state


def test_two_hand_kitty_goes_to_the_hand_not_the_table() -> None:
    state = two_state()
    assert len(state.hand(0)) == 13
    table_card = codes(state.table(0))[0]
    refused(state, [*codes(state.hand(0))[:2], table_card], "not-held")
    discard_keeping(state)
    assert len(state.hand(0)) == 10
    assert len(state.table(0)) == 5


def expected_order(leader: int, source: str) -> list[tuple[int, str]]:
    """docs/rules.md 3.7.1: the fixed order of a two-hand trick."""
    other = 1 - leader
    if source == "table":
        return [(leader, "table"), (other, "table"), (leader, "hand"), (other, "hand")]
    return [(leader, "hand"), (other, "hand"), (leader, "table"), (other, "table")]


@pytest.mark.parametrize("seed", range(6))
def test_two_hand_order_of_play_and_turning_up(seed: int) -> None:
    state = two_state(seed=seed, call="misere" if seed == 5 else "7S")
    to_play(state, joker="S")
    rng = random.Random(seed)
    under = [{up.code: down.code for down, up in piles} for piles in state.deal.table]
    up = [code_set(state.table(s)) for s in range(2)]
    order = expected_order(0, "hand")  # the contractor leads from hand
    while not state.is_over:
        turn = len(state.current.cards)
        seat, source = order[turn]
        assert (state.to_act, state.to_act_source) == (seat, source)
        assert code_set(state.table(0)) == up[0]
        assert code_set(state.table(1)) == up[1]
        legal = state.legal_plays
        held = up[seat] if source == "table" else code_set(state.hand(seat))
        assert code_set(legal) <= held
        card = rng.choice(legal)
        names = state.joker_names(card)
        state.play(card, rng.choice(names) if names else None)
        if source == "table":
            up[seat].discard(card.code)
        if turn == 3:
            trick = state.tricks[-1]
            assert len(trick.cards) == 4
            assert list(trick.sources) == [s for _, s in order]
            assert trick.seats(2) == [s for s, _ in order]
            for (s, src), played in zip(order, trick.cards, strict=True):
                if src == "table" and played.code in under[s]:
                    up[s].add(under[s].pop(played.code))  # turned up after the trick
            named = state.joker_suit.letter if state.joker_suit is not None else None
            power = Power(call_trump(str(state.contract)), named)
            lead_name = trick.joker_suit.letter if trick.joker_suit is not None else None
            pos = power.winner(codes(trick.cards), lead_name)
            assert trick.winner == order[pos][0]
            order = expected_order(trick.winner, order[pos][1])
    assert len(state.tricks) == 10 or state.contract.loses_tricks  # type: ignore[union-attr]


def test_two_hand_a_face_down_card_is_not_playable_until_the_trick_ends() -> None:
    state = two_state(seed=51)
    discard_keeping(state)
    state.play(state.legal_plays[0])
    state.play(state.legal_plays[0])
    assert state.to_act_source == "table"
    card = state.legal_plays[0]
    down = next(d for d, u in state.deal.table[0] if u is card)
    state.play(card)
    assert down not in state.table(0)
    state.play(state.legal_plays[0])
    assert down in state.table(0)


def test_two_hand_misere_is_played_with_four_card_tricks() -> None:
    state = two_state(seed=52, call="misere")
    to_play(state)
    assert state.active == (0, 1)
    done = find_playout(state, lambda s: True)
    assert all(len(t.cards) == 4 for t in done.tricks)


# --- six-hand and three-hand ------------------------------------------------------------------------


def test_six_hand_sides_of_three() -> None:
    state = start(tc.get_variant("five-hundred-6"), seed=60)
    win_auction(state, 3, "7D")
    assert sorted(map(sorted, state.sides)) == [[0, 2, 4], [1, 3, 5]]
    to_play(state)
    done = find_playout(state, lambda s: True)
    assert all(len(t.cards) == 6 for t in done.tricks)


def test_six_hand_three_sides_of_two_option() -> None:
    ruleset = rules("five-hundred-6", partnership="three-pairs")
    state = tc.HandState(ruleset, build_deal(ruleset, dealer=0, seed=61))
    win_auction(state, 2, "misere", before=["7S"])
    assert sorted(map(sorted, state.sides)) == [[0, 3], [1, 4], [2, 5]]
    assert state.active == (0, 1, 2, 3, 4)


def test_three_hand_contractor_alone_against_two() -> None:
    state = start(tc.get_variant("five-hundred-3"), seed=62)
    win_auction(state, 1, "7H")
    assert sorted(map(sorted, state.sides)) == [[0], [1], [2]]
    assert state.contract_side == (1,)
    to_play(state)
    done = find_playout(state, lambda s: True)
    assert all(len(t.cards) == 3 for t in done.tricks)


# --- copies -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["five-hundred", "five-hundred-2", "five-hundred-5"])
def test_a_copy_is_independent_in_every_phase(key: str) -> None:
    ruleset = tc.get_variant(key)
    state = tc.Match(ruleset, ruleset.players[0], seed=80).next_deal()
    players = [tc.RandomBot(seed=s) for s in range(state.players)]
    while not state.is_over:
        before = snapshot(state)
        tc.play_deal(state.copy(), [tc.RandomBot(seed=9) for _ in range(state.players)])
        assert snapshot(state) == before
        state.apply(players[state.to_act](state).action)  # type: ignore[index]

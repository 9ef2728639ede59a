"""The review of a played hand (trickcore.study.review) against answers known by hand or by
plain minimax (trickcore.solver.brute_force and a minimax of the ducking game below)."""

from __future__ import annotations

import itertools

import pytest

from trickcore.cards import CARDS, cards_of, mask_of, parse_cards
from trickcore.engine.dealing import deal_from_hands
from trickcore.engine.state import HandState
from trickcore.engine.turns import play_deal
from trickcore.i18n import language
from trickcore.notation import state_from_code
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules.registry import get_variant
from trickcore.solver import Position, brute_force, solve_fewest
from trickcore.study.review import Outlook, review_hand


def _fewest_brute(position: Position, seat: int) -> int:
    """The fewest tricks ``seat`` can hold itself to, every other seat giving it tricks: plain
    minimax over every legal card."""
    ctx, n, hands = position.context, position.players, list(position.hands)

    def play(leader: int, trick: list[int]) -> int:
        if len(trick) == n:
            winner = (leader + ctx.winner_index(trick)) % n
            gained = int(winner == seat)
            return gained if hands[winner] == 0 else gained + play(winner, [])
        mover = (leader + len(trick)) % n
        hand = hands[mover]
        legal = hand
        if trick:
            legal = hand & ctx.suit_masks[ctx.suit_index[trick[0]]] or hand
        values = []
        for card in cards_of(legal):
            hands[mover] = hand ^ card.bit
            values.append(play(leader, [*trick, card.index]))
            hands[mover] = hand
        return min(values) if mover == seat else max(values)

    return play(position.leader, [c.index for c in position.played])


def _oh_hell(hands: list[str], bids: list[int], turn_up: str = "2D") -> HandState:
    rules = get_variant("oh-hell")
    state = HandState(rules, deal_from_hands(rules, hands, dealer=len(hands) - 1,
                                             turn_up=turn_up))
    for bid in bids:
        state.bid(bid)
    return state


def test_fewest_matches_minimax_on_random_small_deals() -> None:
    rules = get_variant("oh-hell")
    from trickcore.engine.dealing import deal_cards, rng_for
    from trickcore.solver import position_from_deal
    for seed, players in itertools.product(range(6), (3, 4)):
        deal = deal_cards(rules, players=players, dealer=0, hand_size=4,
                          rng=rng_for("review", players, seed, "d"))
        position = position_from_deal(deal)
        for seat in range(players):
            assert solve_fewest(position, seat).tricks == _fewest_brute(position, seat)


def test_oh_hell_bid_range_and_the_slip_known_by_hand() -> None:
    # No trumps in play (diamonds turned, nobody holds one).  Seat 0 bid 0 with AS 2H:
    # ducking the heart lead keeps it at 0 tricks (2H under 3H), the ace of spades is then
    # a sure trick whatever... so seat 0 must hold AS to the end.  Seat 0 leads.
    state = _oh_hell(["AS 2H", "KS 3H", "QS 4H"], [0, 1, 0])
    position = Position(state.hands, state.trump, 0, context=state.context)
    assert _fewest_brute(position, 0) == 1  # AS wins a spade trick whatever seat 0 does
    state.play("AS")  # seat 0 leads the ace: a trick it did not want
    for card in ("KS", "QS", "2H", "3H", "4H"):
        state.play(card)
    review = review_hand(state, 0)
    assert review.goal == "bid"
    assert review.target == 0
    first = review.cards[0]
    # before the ace: at least 0 if it pushes (it can be held to 0? no: AS is a sure trick)
    assert first.before == Outlook(most=1, fewest=1, missed_by=1)
    assert first.keeps  # the bid of 0 was out of reach from the deal: the ace cost nothing
    assert "already out of reach" in first.reason


def test_oh_hell_a_card_that_loses_the_bid() -> None:
    # Seat 0 bid 1 holding AS 2S against KS 3S and QS 4S; seat 0 leads.  Leading the ace makes
    # a trick and 2S then loses: one trick, the bid.  Leading 2S loses it (KS or QS wins,
    # every seat follows), and AS wins the second: one trick too.  Both keep.
    state = _oh_hell(["AS 2S", "KS 3S", "QS 4S"], [1, 0, 0])
    state.play("2S")
    state.play("KS")
    state.play("4S")
    state.play("3S")
    state.play("QS")
    state.play("AS")
    review = review_hand(state, 0)
    assert [c.keeps for c in review.cards] == [True, True]
    assert review.first_slip is None
    # Seat 1 bid 0 with KS 3S: playing KS under nothing... its KS won trick 1: brute force
    review1 = review_hand(state, 1)
    ks = review1.cards[0]
    assert ks.card.code == "KS"
    assert not ks.keeps
    assert ks.cost == 1
    assert ks.before.fewest == 0
    assert ks.after.fewest == 1
    assert review1.first_slip is ks
    assert "against your bid of 0" in ks.reason


def test_humbug_cards_match_brute_force() -> None:
    rules = get_variant("humbug")
    state = HandState(rules, deal_from_hands(rules, ["AS KH 2D 3C", "QS AH 3D 4C"], dealer=1,
                                             turn_up="3D"))
    play_deal(state, [HeuristicBot()] * 2)
    review = review_hand(state, 0)
    assert review.goal == "most"
    assert len(review.cards) == 4
    hands = list(review.hands)
    trick: list[int] = []
    leader = state.tricks[0].leader
    won = 0
    for step, (seat, card) in enumerate(review.plays):
        position = Position(hands, state.trump, leader, [CARDS[i] for i in trick],
                            context=state.context)
        if seat == 0:
            mine = next(c for c in review.cards if c.step == step)
            assert mine.before.most == won + brute_force(position, 0)
        hands[seat] ^= card.bit
        trick.append(card.index)
        if len(trick) == 2:
            leader = (leader + state.context.winner_index(trick)) % 2
            won += leader == 0
            trick = []
    assert review.lost == review.cards[0].before.most - state.tricks_won[0]
    # the best line replays from the slip (or the start) to the end of the hand
    assert len(review.line) == len(review.plays) - review.line_start


def test_humbug_first_slip_known_by_hand() -> None:
    # Seat 0 holds AS QS, seat 1 KS and the trump 2D; seat 0 leads.
    rules = get_variant("humbug")
    state = HandState(rules, deal_from_hands(rules, ["AS QS", "KS 2D"], dealer=1,
                                             turn_up="2D"))
    state.play("QS")   # KS wins, then 2D is led and AS is discarded: 0 tricks (AS first: 1,
    state.play("KS")   # then QS is ruffed)
    state.play("2D")
    state.play("AS")
    review = review_hand(state, 0)
    slip = review.first_slip
    assert slip is not None
    assert slip.card.code == "QS"
    assert slip.cost == 1
    assert slip.before.most == 1
    assert slip.after.most == 0
    assert [c.code for c in slip.best] == ["AS"]
    assert review.line[0][1].code == "AS"
    with language("fr"):
        assert "pli" in slip.reason
        assert "QS" in slip.reason
        assert "faute" in review.summary


def test_five_hundred_cards_agree_with_brute_force_in_the_last_tricks() -> None:
    state = state_from_code("five-hundred-4-5-1")
    play_deal(state, [HeuristicBot()] * 4)
    for seat in range(4):
        review = review_hand(state, seat)
        assert review.unsupported is None
        assert review.goal in ("contract", "beat")
        assert review.target is not None
        assert len(review.cards) == 10
        side = next(sd for sd in state.sides if seat in sd)
        for card in review.cards[-3:]:
            start = card.step - card.step % 4
            hands = [0] * 4
            for s, c in review.plays[card.step:]:
                hands[s] |= c.bit
            trick = [c for _s, c in review.plays[start:card.step]]
            leader = review.plays[start][0]
            position = Position(hands, state.trump, leader, trick, sides=state.sides,
                                context=state.context)
            won = sum(t.winner in side for t in state.tricks[:start // 4])
            assert card.before.most == won + brute_force(position, seat)
            # keeps exactly when the card is one of the brute-force best
            hands[seat] ^= card.card.bit
            after = Position(hands, state.trump, leader, [*trick, card.card], sides=state.sides,
                             context=state.context) if len(trick) < 3 else None
            if after is not None:
                assert card.keeps == (won + brute_force(after, seat) == card.before.most)


def test_unsupported_is_a_sentence_not_a_failure() -> None:
    state = state_from_code("five-hundred-4-5-1")
    review = review_hand(state, 0)  # still in the auction: nothing to review
    assert review.cards == ()
    assert review.unsupported or review.summary


@pytest.mark.parametrize(("lang", "word"), [("en", "trick"), ("fr", "pli")])
def test_reason_sentences_in_both_languages(lang: str, word: str) -> None:
    state = _oh_hell(["AS 2S", "KS 3S", "QS 4S"], [1, 0, 0])
    for card in ("2S", "KS", "4S", "3S", "QS", "AS"):
        state.play(card)
    review = review_hand(state, 1)
    with language(lang):
        assert word in review.cards[0].reason
        assert review.summary
    assert mask_of(parse_cards("KS 3S")) == review.hands[1]


def test_two_hand_five_hundred_is_not_reviewed_and_says_why() -> None:
    state = state_from_code("five-hundred-2-2-1")
    play_deal(state, [HeuristicBot()] * 2)
    review = review_hand(state, 0)
    assert review.cards == ()
    assert review.unsupported is not None
    assert "table cards are not solved" in review.unsupported
    with language("fr"):
        french = review_hand(state, 0)
    assert french.unsupported is not None
    assert "ne sont pas résolues" in french.unsupported


def test_verdict_says_when_the_goal_was_out_of_reach_before_the_first_slip() -> None:
    """A bid already out of reach at the first card, then a card that puts it further away:
    the verdict says both (the heuristic bots' 5-card hand of oh-hell-4-1-6, seat 0)."""
    from trickcore.study.review_words import verdict

    state = state_from_code("oh-hell-4-1-6")
    play_deal(state, [HeuristicBot()] * 4)
    found = review_hand(state, 0)
    assert found.cards[0].before.missed_by > 0
    slip = found.first_slip
    assert slip is not None
    said = verdict(found)
    assert said.startswith("With every hand open the goal was out of reach from your first card.")
    assert f"Your first slip was {slip.card.code} in trick {slip.trick}" in said
    with language("fr"):
        assert verdict(found).startswith("Toutes les mains ouvertes, le but était hors de portée")


def test_a_misere_is_reviewed_with_fewest_known_at_every_card() -> None:
    """Five Hundred's misère (the heuristic bots' deal five-hundred-4-33-1): every active seat
    reviewed, the contractor's ``fewest`` known before and after every card (no budget: the
    old search gave up early in the hand and the best line then had no card), and in the last
    tricks equal to the plain minimax."""
    state = state_from_code("five-hundred-4-33-1")
    play_deal(state, [HeuristicBot()] * 4)
    contractor = state.contractor
    assert contractor is not None
    active = list(state.active)
    for seat in active:
        review = review_hand(state, seat)
        assert review.unsupported is None
        assert review.goal == ("misere" if seat == contractor else "stop-misere")
        assert len(review.line) == len(review.plays) - review.line_start
        for card in review.cards:
            assert card.before.fewest is not None
            assert card.after.fewest is not None
        for card in review.cards[-2:]:
            n = len(active)
            start = card.step - card.step % n
            hands = [0] * n
            for s, c in review.plays[card.step:]:
                hands[active.index(s)] |= c.bit
            trick = [c for _s, c in review.plays[start:card.step]]
            position = Position(hands, state.trump, active.index(review.plays[start][0]), trick,
                                context=state.context)
            won = sum(t.winner == contractor for t in state.tricks[:start // n])
            assert card.before.fewest == won + _fewest_brute(position, active.index(contractor))

"""The expert bot: exact solves of sampled worlds, legal everywhere, repeatable, and right where
only one card keeps the goal."""

from __future__ import annotations

import random

import pytest

import trickcore as tc
from trickcore.engine.calls import CallKind
from trickcore.errors import ArgumentError
from trickcore.players.montecarlo import sample_world
from trickcore.solver import Memory, PerfectBot, Position, solve
from trickcore.study.expert import ExpertBot, _goal, _score, equal_cards


def _late(key: str, players: int, seed: int, left: int) -> tc.HandState:
    """A seeded deal played by the heuristic bot until the seat to act holds ``left`` cards or
    fewer in the play (small endings keep the pure-Python solver quick)."""
    state = tc.Match(tc.get_variant(key), players, seed).next_deal()
    bot = tc.HeuristicBot()
    while not state.is_over and not (state.phase is tc.Phase.PLAYING
                                     and state.hands[state.to_act or 0].bit_count() <= left):
        state.apply(bot(state).action)
    return state


@pytest.mark.parametrize(("key", "players"), [
    ("oh-hell", 3), ("oh-hell", 4), ("oh-pshaw", 5), ("contract-whist", 4),
    ("five-hundred", 4), ("five-hundred-3", 3), ("five-hundred-5", 5), ("five-hundred-6", 6),
    ("five-hundred-quebec", 4), ("five-hundred-2", 2), ("humbug", 2)])
def test_every_choice_is_legal(key: str, players: int) -> None:
    """Every seat played by the expert from five cards out, over several deals; bot_action
    checks each choice against the rules."""
    assert key in tc.variant_keys()
    for seed in range(4):
        state = _late(key, players, seed, left=5)
        bot = ExpertBot(samples=3, seed=seed)
        while not state.is_over:
            choice = tc.bot_action(bot, state)
            assert choice.reason
            state.apply(choice.action)
        assert state.points is not None


def _same(one: tc.Choice, other: tc.Choice) -> bool:
    return (one.action, one.reason) == (other.action, other.reason)


def _reasons(state: tc.HandState, samples: int = 3) -> list[str]:
    """The expert's reasons for every card from ``state`` to the end, each choice checked."""
    bot = ExpertBot(samples=samples, seed=1)
    reasons = []
    while not state.is_over:
        choice = tc.bot_action(bot, state)
        reasons.append(choice.reason)
        state.apply(choice.action)
    return reasons


def test_misere_is_played_by_both_sides() -> None:
    """Three-hand misère (a seeded deal): the contractor keeps clear of tricks, the defenders
    try to force one on it."""
    state = _late("five-hundred-3", 3, 26, left=5)
    contract = state.contract
    assert contract is not None
    assert contract.kind is CallKind.MISERE
    reasons = " ".join(_reasons(state))
    assert "keeps the misère free of tricks" in reasons
    assert "keeps a trick forced on the misère" in reasons


def test_a_suitless_joker_still_out_goes_to_the_monte_carlo_bot() -> None:
    """Four-hand misère, the joker unnamed and not yet played: the solver cannot place it, so
    every card the expert weighs is the Monte Carlo bot's (an average of points)."""
    state = _late("five-hundred", 4, 33, left=5)
    contract = state.contract
    assert contract is not None
    assert contract.kind is CallKind.MISERE
    assert state.joker_suit is None
    weighed = [r for r in _reasons(state) if "only legal choice" not in r]
    assert weighed
    assert all("averaged" in r and "points" in r for r in weighed)


def test_no_trumps_with_the_joker_named_and_a_hand_every_seat_passed() -> None:
    # the joker's suit named at no trumps: the solver takes it
    state = _late("five-hundred-3", 3, 282, left=5)
    contract = state.contract
    assert contract is not None
    assert contract.trump is None
    assert state.joker_suit is not None
    assert any("contract of 6 tricks" in r for r in _reasons(state))
    # no contract, played at no trumps: each seat takes what tricks it can
    rules = tc.with_options(tc.get_variant("five-hundred-3"), {"all_pass": "no-trump-tricks"})
    state = tc.Match(rules, 3, 69).next_deal()
    bot = tc.HeuristicBot()
    while not (state.phase is tc.Phase.PLAYING and state.hands[state.to_act or 0].bit_count() <= 4):
        state.apply(bot(state).action)
    assert state.contract is None
    assert any("tricks on average" in r for r in _reasons(state))


@pytest.mark.parametrize(("key", "players"), [("oh-hell", 4), ("five-hundred", 4),
                                              ("five-hundred-3", 3), ("five-hundred-5", 5)])
def test_equal_cards_score_alike_in_every_world(key: str, players: int) -> None:
    """The expert solves one card of each group of equal cards: each card of a group, solved
    on its own, scores the same in sampled worlds."""
    rng = random.Random(3)
    groups_seen = 0
    for seed in range(6):
        state = _late(key, players, seed, left=6)
        bot = tc.HeuristicBot()
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            options = list(state.legal_plays)
            groups = equal_cards(state, seat, options)
            assert sorted(i for group in groups for i in group) == list(range(len(options)))
            for group in (g for g in groups if len(g) > 1):
                groups_seen += 1
                world = sample_world(state, seat, rng)
                scores = set()
                for i in group:
                    trial = world.copy()
                    trial.play(options[i])
                    scores.add(_score(trial, seat, _goal(state, seat), Memory()))
                assert len(scores) == 1
            state.apply(bot(state).action)
    assert groups_seen >= 5


def test_the_other_phases_are_the_monte_carlo_bots() -> None:
    """Five Hundred's calls and exchange: the Monte Carlo bot's, with the same samples and
    seed (Oh Hell's bids are the expert's own: the tests below)."""
    for key, players in (("five-hundred", 4),):
        state = tc.Match(tc.get_variant(key), players, seed=4).next_deal()
        expert, montecarlo = ExpertBot(samples=2, seed=5), tc.MonteCarloBot(samples=2, seed=5)
        while not state.is_over and state.phase is not tc.Phase.PLAYING:
            choice = expert(state)
            assert _same(choice, montecarlo(state))
            state.apply(choice.action)


def test_the_same_seed_gives_the_same_choices() -> None:
    def choices(seed: int) -> list[tuple[str, str]]:
        out = []
        for key, players in (("oh-hell", 4), ("five-hundred", 4)):
            state = _late(key, players, 2, left=4)
            bot = ExpertBot(samples=4, seed=seed)
            while not state.is_over:
                choice = bot(state)
                out.append((str(choice.action), choice.reason))
                state.apply(choice.action)
        return out

    assert choices(7) == choices(7)


def test_humbug_is_the_perfect_bot() -> None:
    for seed in range(3):
        state = _late("humbug", 2, seed, left=6)
        expert, perfect = ExpertBot(samples=2, seed=1), PerfectBot()
        while not state.is_over:
            choice = expert(state)
            assert _same(choice, perfect(state))
            state.apply(choice.action)


def test_oh_hell_it_ducks_now_to_win_the_last_trick_with_its_sure_winner() -> None:
    """Seat 0 bid one trick and has none; hearts are trumps.  Spades are led (K♠, 5♠) and it
    holds A♥ and 2♣.  Ruffing now takes a trick, but then it must lead the 2♣, which wins too
    when the others hold no club (as here): two tricks.  Throwing the 2♣ loses this trick and
    the A♥, the top trump, takes the last one whatever the others hold: exactly one."""
    rules = tc.get_variant("british-oh-hell")
    deal = tc.deal_from_hands(rules, ["AH 2C", "KS 5D", "5S 6D"], dealer=0, turn_up="9H")
    state = tc.HandState(rules, deal)
    for bid in (0, 0, 1):  # seats 1, 2, then the dealer
        state.bid(bid)
    state.play("KS")
    state.play("5S")
    assert state.to_act == 0
    assert {c.code for c in state.legal_plays} == {"AH", "2C"}
    for seed in range(3):
        choice = ExpertBot(samples=8, seed=seed)(state)
        assert choice.action == tc.Card.parse("2C")
        assert "in 8 of 8 sampled deals" in choice.reason
    # The card that takes the trick in sight makes two tricks here.
    greedy = state.copy()
    greedy.play("AH")
    while not greedy.is_over:
        greedy.apply(greedy.legal_plays[0])
    assert greedy.tricks_won[0] == 2
    # And the expert's card makes the bid.
    ducked = state.copy()
    ducked.play("2C")
    while not ducked.is_over:
        ducked.apply(ducked.legal_plays[0])
    assert ducked.tricks_won[0] == 1


def _contract_tricks_after(state: tc.HandState, card: tc.Card) -> int:
    """The contractor's side's tricks with ``card`` played and best play after, every hand open
    (four-hand: everyone plays)."""
    trial = state.copy()
    trial.play(card)
    side = trial.contract_side
    won = sum(trial.tricks_won[s] for s in side)
    if trial.is_over:
        return won
    trick = trial.current
    position = Position(trial.hands, trial.trump, trick.leader, trick.cards,
                        context=trial.context)
    return won + solve(position, side, all_best=False).tricks


def test_five_hundred_it_finds_the_card_that_makes_the_contract() -> None:
    """A seeded four-hand deal (7♥, the heuristic bot at every seat) with two tricks to go: of
    Q♠ and Q♣ only Q♣ makes the contract with the real hands, and the heuristic bot plays Q♠."""
    state = tc.Match(tc.get_variant("five-hundred"), 4, seed=17).next_deal()
    bot = tc.HeuristicBot()
    while not (state.phase is tc.Phase.PLAYING and len(state.tricks) == 8
               and not state.current.cards):
        state.apply(bot(state).action)
    while state.to_act not in state.contract_side:
        state.apply(bot(state).action)
    contract = state.contract
    assert contract is not None
    assert contract.kind is CallKind.TRICKS
    assert contract.tricks == 7
    queens = {c.code: c for c in state.legal_plays}
    assert set(queens) == {"QS", "QC"}
    assert _contract_tricks_after(state, queens["QC"]) >= 7 > _contract_tricks_after(
        state, queens["QS"])
    assert bot(state).action == queens["QS"]
    choice = ExpertBot(samples=8, seed=1)(state)
    assert choice.action == queens["QC"]
    assert "contract of 7 tricks" in choice.reason


@pytest.mark.parametrize(("samples", "seed", "error"), [
    (0, 0, ArgumentError), (-3, 0, ArgumentError), (2.0, 0, TypeError), (True, 0, TypeError),
    ("8", 0, TypeError), (4, 1.5, TypeError), (4, None, TypeError)])
def test_arguments_are_checked(samples: object, seed: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        ExpertBot(samples=samples, seed=seed)  # type: ignore[arg-type]


def _opening(hands: list[str], dealer: int, bids: tuple[int, ...] = ()) -> tc.HandState:
    """A deal of pagat's Oh Hell (the hook) of ``hands``, hearts trumps, ``bids`` made."""
    from trickcore.engine.dealing import deal_from_hands

    rules = tc.get_variant("oh-hell")
    state = tc.HandState(rules, deal_from_hands(rules, hands, dealer=dealer, turn_up="9H"))
    for bid in bids:
        state.bid(bid)
    return state


def test_an_oh_hell_bid_is_the_count_the_seat_can_steer_to() -> None:
    """Eldest holds the two top trumps: it takes both tricks whatever the others hold, and can
    take neither fewer nor more, so 2 is in reach in every world and nothing else is."""
    state = _opening(["AH KH", "2S 3S", "4C 5C"], dealer=2)
    choice = ExpertBot(samples=6, seed=3)(state)
    assert choice.action == 2
    assert choice.reason.startswith("bid 2: it is in reach with best play in 6 of 6")


def test_the_hooked_dealer_bids_nearest_the_forbidden_count() -> None:
    """The dealer holds the two top trumps after bids of 0 and 0: the hook forbids 2, so it
    bids the legal count nearest what it will take."""
    state = _opening(["AH KH", "2S 3S", "4C 5C"], dealer=0, bids=(0, 0))
    assert 2 not in state.legal_bids
    choice = ExpertBot(samples=6, seed=3)(state)
    assert choice.action == 1
    assert "in 0 of 6" in choice.reason


def test_a_lone_legal_bid_is_said_so() -> None:
    state = _opening(["AH", "2S", "4C"], dealer=0, bids=(0, 0))
    assert state.legal_bids == (0,)
    choice = ExpertBot(samples=2)(state)
    assert (choice.action, choice.reason) == (0, "bid 0: the only legal bid")


def test_expert_bids_are_legal_and_repeat_from_a_seed() -> None:
    """Whole Oh Hell auctions, pagat's hook included: every bid legal, the same from a seed."""
    def bids(seed: int) -> list[int]:
        out = []
        for deal in range(4):
            rules = tc.get_variant("oh-hell")
            state = tc.HandState(rules, tc.Match(rules, 3, seed=11).make_deal(deal + 7))
            bot = ExpertBot(samples=3, seed=seed)
            while state.phase is tc.Phase.BIDDING:
                choice = bot(state)
                assert choice.action in state.legal_bids
                out.append(int(choice.action))
                state.apply(choice.action)
        return out

    assert bids(5) == bids(5)

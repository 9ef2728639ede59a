"""Two packs: identical cards (docs/rules.md fact 58 and D5).

Six-hand Five Hundred without a special pack (``packs=2``: the 52 and a joker with the 2s, 3s
and red 4s of a second pack) and Up and Down the River for 6 to 8 players from two packs
(``packs=2``, ``max_start``).  A second copy of a card is a card of its own (same rank, suit and
code), so that masks keep one bit per physical card; of two identical cards in one trick the
first played wins.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

import trickcore as tc
from trickcore.cards import Card, Hand, Pack, pack_cards
from trickcore.engine.dealing import deal_cards, deal_from_hands, rng_for
from trickcore.notation.replay import replay_record
from trickcore.solver.positions import PositionError, position_from_deal

RIVER = "up-and-down-the-river"
SIX = "five-hundred-6"


def two_packs(key: str, **options: object) -> tc.Ruleset:
    return tc.with_options(tc.get_variant(key), {"packs": 2, **options})


def random_match(rules: tc.Ruleset, players: int, seed: int, deals: int = 3) -> tc.Match:
    match = tc.Match(rules, players, seed=seed)
    bots = [tc.RandomBot(seed=seed * 10 + s) for s in range(players)]
    for _ in range(deals):
        if match.is_over:
            break
        tc.play_deal(match.next_deal(), bots)
    return match


# The packs ----------------------------------------------------------------------------------


def test_six_hand_two_pack_composition() -> None:
    """The 52 and a joker, with the 2s, 3s and red 4s of a second pack: 63 cards."""
    cards = pack_cards(Pack.FIVE_HUNDRED_63_TWO_PACKS)
    assert len(cards) == 63 == two_packs(SIX).deck_size
    assert len(set(cards)) == 63  # 63 physical cards, each its own object
    counts = Counter(c.code for c in cards)
    twice = sorted(code for code, n in counts.items() if n == 2)
    assert twice == sorted(["2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C", "4H", "4D"])
    assert set(counts.values()) == {1, 2}
    standard = {c.code for c in pack_cards(Pack.STANDARD_52)}
    assert set(counts) == standard | {"JK"}
    assert not any(c.rank in (tc.Rank.ELEVEN, tc.Rank.TWELVE, tc.Rank.THIRTEEN) for c in cards)
    rules = two_packs(SIX)
    assert rules.kitty_size(6) == 3
    assert rules.max_hand_size(6) == 10


def test_two_standard_packs() -> None:
    cards = pack_cards(Pack.STANDARD_104)
    assert len(set(cards)) == 104
    assert Counter(c.code for c in cards) == Counter(
        {c.code: 2 for c in pack_cards(Pack.STANDARD_52)})
    for card in cards:
        assert card.twin is not None
        assert card.twin.twin is card
        assert (card.rank, card.suit, card.code) == (card.twin.rank, card.twin.suit,
                                                    card.twin.code)


def test_a_code_names_the_first_copy() -> None:
    two = Card.parse("2S")
    assert two.copy == 0
    assert two.twin is not None
    assert two.twin.copy == 1
    assert Card.parse(two.twin.code) is two
    assert repr(two.twin) == "Card('2S')"
    assert two.twin.symbol == "2♠"
    assert tc.JOKER.twin is None


# Fact 58: the first of two identical cards wins ----------------------------------------------


def test_first_of_two_identical_cards_wins_constructed_trick() -> None:
    """docs/rules.md fact 58, in a trick played through the engine: both kings of hearts fall; the
    first one played wins, whichever copy it is."""
    rules = two_packs(RIVER)
    for first_copy in (0, 1):
        king = Card.parse("KH")
        assert king.twin is not None
        kings = (king, king.twin) if first_copy == 0 else (king.twin, king)
        hands = [[Card.parse("2C")], [Card.parse("5H")], [kings[0]], [kings[1]]]
        deal = deal_from_hands(rules, hands, dealer=0, turn_up="9D")  # eldest: seat 1
        state = tc.HandState(rules, deal)
        for _ in range(4):
            state.bid(state.legal_bids[0])
        for seat in (1, 2, 3, 0):
            state.play(state.hand(seat)[0])
        trick = state.tricks[0]
        assert [c.code for c in trick.cards] == ["5H", "KH", "KH", "2C"]
        assert trick.winner == 2  # the first king played


def test_first_of_two_identical_trumps_wins_under_bowers() -> None:
    """Six-hand Five Hundred's own ranking (bowers, joker): two 3s of trumps, no higher trump."""
    rules = two_packs(SIX)
    ctx = rules.trump_context(tc.Suit.DIAMONDS)
    three = Card.parse("3D")
    assert three.twin is not None
    for a, b in ((three, three.twin), (three.twin, three)):
        cards = [Card.parse("AS"), a, b, Card.parse("KS"), Card.parse("2S"), Card.parse("QS")]
        assert ctx.winner(cards) == 1
    # the 4 of the other red suit is no trump here: the 3s still win
    four = Card.parse("4H")
    assert ctx.winner([four, three.twin, three, four.twin]) == 1


@pytest.mark.parametrize(("key", "players"), [(RIVER, 6), (RIVER, 8), (SIX, 6)])
def test_first_of_two_identical_cards_wins_in_played_tricks(key: str, players: int) -> None:
    """Every trick of random matches in which the winning card's twin also fell: the winner
    played the earlier of the two.  (In six-hand the doubled cards are 2s, 3s and red 4s,
    which seldom win: there it is enough that pairs fell and none won out of turn.)"""
    rules = two_packs(key)
    pairs = won = 0
    for seed in range(8):
        match = random_match(rules, players, seed)
        for state in match.deals:
            for trick in state.tricks:
                by = list(trick.by) or [(trick.leader + i) % players for i in range(players)]
                win = trick.cards[by.index(trick.winner)]
                pairs += sum(1 for c in trick.cards if c.copy and c.twin in trick.cards)
                twin = win.twin
                if twin is not None and twin in trick.cards:
                    assert trick.cards.index(win) < trick.cards.index(twin)
                    won += 1
    assert pairs > 0
    assert won > 0 or key == SIX


# Up and Down the River for 6 to 8 players -----------------------------------------------------


@pytest.mark.parametrize("players", [6, 7, 8])
def test_river_two_packs_ten_one_ten(players: int) -> None:
    rules = two_packs(RIVER)
    expected = tuple(range(10, 0, -1)) + tuple(range(2, 11))  # 10-1-10 (docs/rules.md D5)
    assert rules.hand_sequence(players) == expected
    match = tc.Match(rules, players, seed=11)
    bots = [tc.RandomBot(seed=s) for s in range(players)]
    sizes = []
    while not match.is_over:
        state = match.next_deal()
        deal = state.deal
        sizes.append(deal.hand_size)
        dealt = 0
        for mask in deal.hands:
            assert mask.bit_count() == deal.hand_size
            assert not dealt & mask  # every physical card once
            dealt |= mask
        assert deal.turn_up is not None
        assert not deal.turn_up.bit & dealt
        assert len(deal.stock) == 104 - players * deal.hand_size
        tc.play_deal(state, bots)
    assert tuple(sizes) == expected


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_river_one_pack_is_as_before(players: int) -> None:
    """One pack: the start is capped by the pack (10, 10, 8, 7, 6), as before."""
    rules = tc.get_variant(RIVER)
    start = min(10, 52 // players)
    assert rules.hand_sequence(players)[0] == start
    assert rules.pack is Pack.STANDARD_52


def test_max_start() -> None:
    assert two_packs(RIVER, max_start=8).hand_sequence(7)[:2] == (8, 7)
    river = tc.get_variant(RIVER)
    # a cap above what one pack allows changes nothing
    assert tc.with_options(river, {"max_start": 12}).hand_sequence(6)[0] == 8
    assert tc.with_options(tc.get_variant("oh-hell"), {"max_start": 5}).hand_sequence(4) == (
        5, 4, 3, 2, 1, 2, 3, 4, 5)


def test_same_seed_same_deal_with_one_pack() -> None:
    """packs=1 (the default) deals exactly as before; packs=2 deals differently."""
    river = tc.get_variant(RIVER)
    one = tc.with_options(river, {"packs": 1})
    assert one == river
    a = tc.Match(river, 5, seed=3).make_deal(0)
    b = tc.Match(one, 5, seed=3).make_deal(0)
    assert a == b
    assert tc.Match(two_packs(RIVER), 5, seed=3).make_deal(0) != a


# Records, codes and checks -----------------------------------------------------------------


@pytest.mark.parametrize(("key", "players"), [(RIVER, 6), (RIVER, 7), (RIVER, 8), (SIX, 6)])
def test_record_round_trip(key: str, players: int) -> None:
    rules = two_packs(key)
    match = random_match(rules, players, seed=2)
    text = tc.write_record(match)
    record = json.loads(text)
    assert record["options"]["packs"] == 2
    back = replay_record(record)
    assert back.totals == match.totals
    def dealt(m: tc.Match) -> list[tuple[object, ...]]:  # a record keeps no stock
        return [(s.deal.hands, s.deal.turn_up, s.deal.kitty) for s in m.deals]

    assert dealt(back) == dealt(match)
    assert tc.write_record(back) == text


def test_deal_rebuilt_from_codes_is_the_deal() -> None:
    rules = two_packs(SIX)
    for seed in range(5):
        deal = deal_cards(rules, players=6, dealer=seed % 6, hand_size=10,
                          rng=rng_for(rules.key, 6, seed, "deal", 0))
        codes = [[c.code for c in deal.hand(s)] for s in range(6)]
        again = deal_from_hands(rules, codes, dealer=deal.dealer,
                                kitty=[c.code for c in deal.kitty])
        assert again == deal


def test_check_cli_passes_two_pack_records(tmp_path: object) -> None:
    from pathlib import Path
    assert isinstance(tmp_path, Path)
    for key, players in ((RIVER, 8), (SIX, 6)):
        path = tmp_path / f"{key}.json"
        path.write_text(tc.write_record(random_match(two_packs(key), players, seed=4)))
        done = subprocess.run([sys.executable, "-m", "trickcore", "check", str(path)],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.startswith("Legal:")


def test_a_third_copy_is_refused() -> None:
    rules = two_packs(RIVER)
    record = json.loads(tc.write_record(random_match(rules, 6, seed=1, deals=1)))
    hands = record["deals"][0]["hands"]
    code = next(c for c in hands[0] if c in hands[1] or hands[0].count(c) == 2)
    hands[2][0] = code  # three of a card that two packs hold twice
    with pytest.raises(tc.RecordError):
        replay_record(record)


def test_playing_a_code_plays_the_copy_held() -> None:
    rules = two_packs(RIVER)
    two = Card.parse("2S")
    assert two.twin is not None
    deal = deal_from_hands(rules, [["2S", "2S"], ["3C", "4C"], ["5C", "6C"], ["7C", "8C"]],
                           dealer=3, turn_up="9H")
    assert deal.hands[0] == two.bit | two.twin.bit
    state = tc.HandState(rules, deal)
    for _ in range(4):
        state.bid(0 if state.to_act != 3 else state.legal_bids[-1])
    assert state.legal_plays == (two,)  # one choice for two identical cards
    assert state.hand(0) == [two, two.twin]  # the hand shows both
    assert state.play(two.twin).card is two  # holding both, the first copy is played
    for _seat in (1, 2, 3):
        state.play(state.legal_plays[0])
    assert state.tricks[0].winner == 0
    assert state.play("2S").card is two.twin  # then the copy left
    # a seat holding only the second copy plays it by its code
    deal = deal_from_hands(rules, [["AS", "2S"], ["2S", "4S"], ["5S", "6S"], ["7S", "8S"]],
                           dealer=0, turn_up="9H")
    assert deal.hands[1] & two.twin.bit
    state = tc.HandState(rules, deal)
    for _ in range(4):
        state.bid(state.legal_bids[0])
    assert state.play(Card.parse("2S")).card is two.twin


def test_six_hand_discards_name_both_copies() -> None:
    """In the discard phase "2H 2H" discards both copies of a two held."""
    rules = two_packs(SIX)
    for seed in range(200):
        match = tc.Match(rules, 6, seed=seed)
        state = match.next_deal()
        rng = random.Random(seed)
        while state.phase is tc.Phase.BIDDING:
            state.apply(rng.choice(state.legal_actions))
        if state.phase is not tc.Phase.DISCARD:
            continue
        seat = state.to_act
        assert seat is not None
        held = state.hand(seat)
        pairs = [c for c in held if c.copy == 0 and c.twin in held]
        if not pairs:
            continue
        other = next(c for c in held if c.code != pairs[0].code)
        event = state.discard([pairs[0].code, pairs[0].code, other.code])
        assert set(event.cards) == {pairs[0], pairs[0].twin, other}
        return
    pytest.fail("no contractor held a pair in 200 deals")


# Refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "options", "words"), [
    ("oh-hell", {"packs": 2}, "no source plays this game with two packs"),
    ("humbug", {"packs": 2}, "no source plays this game with two packs"),
    ("five-hundred", {"packs": 2}, "no source plays this game with two packs"),
    ("five-hundred-6", {"packs": 2, "deck": "65"}, "only the 63-card pack"),
    (RIVER, {"packs": 3}, "packs must be 1 or 2"),
    (RIVER, {"deck": "104"}, "use the 52-card pack"),
    ("five-hundred-6", {"deck": "63-two-packs"}, "made with packs=2"),
    ("five-hundred", {"max_start": 8}, "max_start applies only to the Oh Hell family"),
    (RIVER, {"max_start": -1}, "max_start cannot be negative"),
])
def test_refused_options(key: str, options: dict[str, object], words: str) -> None:
    with pytest.raises(tc.RulesetError, match=words):
        tc.with_options(tc.get_variant(key), options)


def test_cli_refuses_two_packs_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "trickcore", "play", "oh-hell", "--option",
                           "packs=2", "--bots", "random"], capture_output=True, text=True,
                          check=False)
    assert done.returncode != 0
    assert "two packs" in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_solver_refuses_two_pack_positions() -> None:
    rules = two_packs(RIVER)
    for seed in range(50):
        deal = deal_cards(rules, players=8, dealer=0, hand_size=10,
                          rng=rng_for(rules.key, 8, seed, "deal", 0))
        if any(mask >> tc.cards.COPY_OFFSET for mask in deal.hands):
            with pytest.raises(PositionError, match="two packs"):
                position_from_deal(deal)
            return
    pytest.fail("no deal held a second copy")


@pytest.mark.parametrize(("key", "players"), [(RIVER, 7), (SIX, 6)])
def test_monte_carlo_bot_plays_two_packs(key: str, players: int) -> None:
    """The Monte Carlo bot samples worlds over physical cards: it plays two-pack deals."""
    match = tc.Match(two_packs(key), players, seed=1)
    bots: list[tc.Bot] = [tc.MonteCarloBot(4, seed=s) if s == 0 else tc.HeuristicBot()
                          for s in range(players)]
    state = match.next_deal()
    tc.play_deal(state, bots)
    assert state.phase is tc.Phase.DONE


def test_display_shows_both_copies() -> None:
    two = Card.parse("2S")
    assert two.twin is not None
    hand = Hand([two, two.twin, Card.parse("AS")])
    assert str(hand) == "2S 2S AS"
    html = hand._repr_html_()
    assert html is not None
    assert html.count("2♠") == 2


def test_batch_path_refuses_two_packs() -> None:
    from trickcore.study.batch_support import check_ruleset
    check_ruleset(tc.get_variant(RIVER), 6, 8)
    with pytest.raises(tc.RulesetError, match="52-card pack only"):
        check_ruleset(two_packs(RIVER), 6, 10)

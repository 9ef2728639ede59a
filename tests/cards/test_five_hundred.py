"""Five Hundred cards: the packs, the big-pack ranks, card codes, and card power under a contract.

docs/rules.md 3.0 and 3.1; conformance facts 38-45 and 64.  Expected packs and orders are written out
by hand in ``support500``; positions are played through :class:`HandState`.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support500 import (
    FORMS,
    Power,
    build_deal,
    code_set,
    codes,
    expected_pack,
    rules,
    start,
    to_play,
    win_auction,
)

import trickcore as tc
from trickcore.cards import Rank, Suit
from trickcore.cards.packs import Pack, pack_cards, pack_mask
from trickcore.cards.ranking import trump_context

FOUR = tc.get_variant("five-hundred")

# --- the packs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pack", "size"),
    [("43", 43), ("45", 45), ("43-odd-fours", 43), ("33", 33), ("53", 53), ("63", 63),
     ("65", 65), ("46", 46)],
)
def test_every_pack_has_exactly_its_cards(pack: str, size: int) -> None:
    cards = pack_cards(Pack(pack))
    assert len(cards) == size
    assert len(set(cards)) == size
    assert code_set(cards) == expected_pack(pack)
    assert pack_mask(Pack(pack)) == sum(c.bit for c in cards)


def test_fact_38_the_43_card_pack() -> None:
    cards = code_set(pack_cards(Pack.FIVE_HUNDRED_43))
    for suit in "HD":
        assert {c for c in cards if c.endswith(suit)} == {r + suit for r in "AKQJT98765" + "4"}
    for suit in "SC":
        assert {c for c in cards if c.endswith(suit)} == {r + suit for r in "AKQJT98765"}
    assert "JK" in cards
    assert not {"4S", "4C", "2H", "3D"} & cards


def test_fact_39_the_45_card_pack_all_suits_ace_to_four() -> None:
    cards = code_set(pack_cards(Pack.FIVE_HUNDRED_45))
    assert {c for c in cards if c.startswith("4")} == {"4S", "4H", "4D", "4C"}
    assert not any(c[0] in "23" for c in cards)


def test_fact_40_the_33_card_pack_lowest_card_is_the_seven() -> None:
    cards = code_set(pack_cards(Pack.FIVE_HUNDRED_33))
    assert {c[:-1] for c in cards if c != "JK"} == set("AKQJT987")


def test_fact_41_and_42_five_and_six_hand_packs() -> None:
    assert len(pack_cards(Pack.FIVE_HUNDRED_53)) == 53
    six = code_set(pack_cards(Pack.FIVE_HUNDRED_63))
    assert {"11S", "12S", "11C", "12C", "11H", "12H", "13H", "11D", "12D", "13D"} <= six
    assert not {"13S", "13C"} & six
    assert {"13S", "13C"} <= code_set(pack_cards(Pack.FIVE_HUNDRED_65))


def test_fact_64_quebec_pack_has_two_jokers() -> None:
    cards = code_set(pack_cards(Pack.QUEBEC_46))
    assert {"JK", "JK2"} <= cards
    assert len(cards) == 46
    assert not any(c[0] in "23" for c in cards if not c.startswith("JK"))


def test_odd_fours_pack_drops_the_four_of_spades_and_the_four_of_diamonds() -> None:
    cards = code_set(pack_cards(Pack.FIVE_HUNDRED_ODD_FOURS))
    assert {c for c in cards if c.startswith("4")} == {"4H", "4C"}


@pytest.mark.parametrize(
    ("key", "pack", "kitty"),
    [("five-hundred", "43", 3), ("five-hundred-2", "43", 3), ("five-hundred-3", "33", 3),
     ("five-hundred-5", "53", 3), ("five-hundred-6", "63", 3), ("five-hundred-quebec", "46", 6)],
)
def test_each_form_uses_its_pack_and_kitty(key: str, pack: str, kitty: int) -> None:
    ruleset = tc.get_variant(key)
    n = FORMS[key]
    assert ruleset.players == (n,)
    assert ruleset.deck.value == pack
    assert ruleset.max_hand_size(n) == 10
    assert ruleset.kitty_size(n) == kitty
    deal = tc.deal_cards(ruleset, players=n, dealer=0, hand_size=10,
                         rng=tc.rng_for(key, n, 1, "deal", 0))
    assert [len(deal.hand(s)) for s in range(n)] == [10] * n
    assert len(deal.kitty) == kitty
    table = [c for piles in deal.table for pile in piles for c in pile]
    every = [c for s in range(n) for c in deal.hand(s)] + list(deal.kitty) + table + list(deal.dead)
    assert sorted(codes(every)) == sorted(expected_pack(pack))


@pytest.mark.parametrize(
    ("key", "options", "kitty"),
    [("five-hundred", {"deck": "45"}, 5), ("five-hundred-6", {"deck": "65"}, 5),
     ("five-hundred-3", {"deck": "43", "dead_hand": True}, 3),
     ("five-hundred-3", {"deck": "45", "dead_hand": True}, 5),
     ("five-hundred-2", {"table_piles": 0, "dead_hand": True, "deck": "33"}, 3),
     ("five-hundred", {"deck": "43-odd-fours"}, 3)],
)
def test_optional_packs_and_dead_hands(key: str, options: dict[str, object], kitty: int) -> None:
    ruleset = rules(key, **options)
    n = ruleset.players[0]
    assert ruleset.kitty_size(n) == kitty
    deal = tc.deal_cards(ruleset, players=n, dealer=0, hand_size=10,
                         rng=tc.rng_for(key, n, 2, "deal", 0))
    assert len(deal.kitty) == kitty
    assert len(deal.dead) == (10 if ruleset.dead_hand else 0)
    every = [c for s in range(n) for c in deal.hand(s)] + list(deal.kitty) + list(deal.dead)
    assert sorted(codes(every)) == sorted(expected_pack(ruleset.deck.value))


def test_two_hand_deal_ten_in_hand_and_five_piles_each_fact_57() -> None:
    ruleset = tc.get_variant("five-hundred-2")
    deal = tc.deal_cards(ruleset, players=2, dealer=1, hand_size=10,
                         rng=tc.rng_for("five-hundred-2", 2, 3, "deal", 0))
    assert [len(deal.hand(s)) for s in range(2)] == [10, 10]
    assert [len(piles) for piles in deal.table] == [5, 5]
    assert all(len(pile) == 2 for piles in deal.table for pile in piles)
    assert len(deal.kitty) == 3
    state = tc.HandState(ruleset, deal)
    for seat in range(2):  # only the top card of each pile is face up
        assert code_set(state.table(seat)) == {up.code for _down, up in deal.table[seat]}


# --- ranks and card codes ------------------------------------------------------------------------


def test_eleven_twelve_thirteen_rank_between_ten_and_jack() -> None:
    assert Rank.TEN < Rank.ELEVEN < Rank.TWELVE < Rank.THIRTEEN < Rank.JACK < Rank.QUEEN
    ctx = trump_context(None)
    order = ["AH", "KH", "QH", "JH", "13H", "12H", "11H", "TH", "9H"]
    cards = [tc.Card.parse(c) for c in order]
    assert sorted(cards, key=lambda c: ctx.power[c.index], reverse=True) == cards


def test_six_hand_ranks_at_no_trumps_and_in_trumps() -> None:
    ruleset = tc.get_variant("five-hundred-6")
    state = start(ruleset, {0: "13H 12H 11H TH 9H 8H 7H 6H 5H 4H",
                            1: "JH 3H 2H 2S 3S 4S 5S 6S 7S 8S"}, kitty="QH KH AH", seed=4)
    win_auction(state, 0, "6NT")
    state.discard(["4H", "5H", "6H"])
    if state.phase is tc.Phase.JOKER:
        state.name_joker(None)
    state.play("13H")
    assert codes(state.legal_plays) == ["2H", "3H", "JH"]
    state.play("JH")
    for _ in range(4):  # seats 2-5 hold no heart
        state.play(state.legal_plays[0])
    assert state.tricks[0].winner == 1  # at no trumps the jack beats the 13
    hearts = trump_context(Suit.HEARTS, bowers=True)
    order = ["JK", "JH", "JD", "AH", "KH", "QH", "13H", "12H", "11H", "TH", "9H", "2H"]
    cards = [tc.Card.parse(c) for c in order]
    assert sorted(cards, key=lambda c: hearts.power[c.index], reverse=True) == cards


@pytest.mark.parametrize("code", ["11H", "12S", "13D", "11C", "JK", "JK2", "TH", "AS"])
def test_card_codes_round_trip(code: str) -> None:
    card = tc.Card.parse(code)
    assert card.code == code
    assert tc.Card.parse(card.code) is card
    assert tc.Card.parse(code.lower()) is card


def test_joker_codes() -> None:
    assert tc.Card.parse("JK1") is tc.Card.parse("JK") is tc.JOKER
    assert tc.Card.parse("JK2") is not tc.JOKER
    assert tc.Card.parse("JK2").is_joker
    assert tc.Card.parse("11h") is tc.Card.parse("11H")
    assert tc.Card.parse("10H").code == "TH"
    assert tc.Card.parse("11H").rank is Rank.ELEVEN


@pytest.mark.parametrize("bad", ["14H", "1H", "JK3", "11X", "11", ""])
def test_bad_codes_are_refused(bad: str) -> None:
    with pytest.raises(tc.CardCodeError):
        tc.Card.parse(bad)


@pytest.mark.parametrize("pack", list(Pack))
def test_every_card_of_every_pack_round_trips(pack: Pack) -> None:
    for card in pack_cards(pack):
        # a second copy (two packs) has its first copy's code, which names the first copy
        first = card.twin if card.copy else card
        assert tc.Card.parse(card.code) is first


def test_quebec_records_write_the_higher_joker_jk1() -> None:
    from trickcore.notation.records import card_code

    quebec = tc.get_variant("five-hundred-quebec")
    assert card_code(tc.JOKER, quebec) == "JK1"
    assert card_code(tc.Card.parse("JK2"), quebec) == "JK2"
    assert card_code(tc.JOKER, tc.get_variant("five-hundred")) == "JK"


# --- card power under a trump contract -----------------------------------------------------------


def _trump_order(trump: Suit, pack: Pack, odd_fours: bool = False) -> list[str]:
    ctx = trump_context(trump, bowers=True, odd_fours=odd_fours)
    trumps = [c for c in pack_cards(pack) if ctx.is_trump(c)]
    return codes(sorted(trumps, key=lambda c: ctx.power[c.index], reverse=True))


def test_fact_43_hearts_trump_order_thirteen_trumps() -> None:
    assert _trump_order(Suit.HEARTS, Pack.FIVE_HUNDRED_43) == [
        "JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H", "6H", "5H", "4H"]


def test_fact_43_spades_twelve_trumps() -> None:
    assert _trump_order(Suit.SPADES, Pack.FIVE_HUNDRED_43) == [
        "JK", "JS", "JC", "AS", "KS", "QS", "TS", "9S", "8S", "7S", "6S", "5S"]


def test_with_spades_trumps_clubs_have_nine_cards() -> None:
    ctx = trump_context(Suit.SPADES, bowers=True)
    clubs = [c for c in pack_cards(Pack.FIVE_HUNDRED_43) if ctx.suit_of(c) is Suit.CLUBS]
    assert code_set(clubs) == {"AC", "KC", "QC", "TC", "9C", "8C", "7C", "6C", "5C"}


def test_left_bower_wins_over_the_ace_of_trumps_in_play() -> None:
    ruleset = tc.get_variant("five-hundred")
    state = start(ruleset, {0: "AH KH JH JK", 1: "JD 5S 6S 7S 8S 9S 5C 6C 7C 8C",
                            2: "6H", 3: "7H"}, seed=1)
    win_auction(state, 0, "7H")
    to_play(state, keep="AH KH JH JK")
    state.play("AH")
    assert codes(state.legal_plays) == ["JD"]  # seat 1's only trump is the left bower
    state.play("JD")
    state.play(state.legal_plays[0])
    state.play(state.legal_plays[0])
    assert state.tricks[0].winner == 1


def test_fact_44_jack_of_clubs_only_club_means_void_in_clubs() -> None:
    ruleset = tc.get_variant("five-hundred")
    hand1 = "JC 5H 6H 7H 8H 9H 5D 6D 7D 8D"  # no spade; the JC is its only "club"
    state = start(ruleset, {0: "AC KC QC AS", 1: hand1}, kitty="4H 4D TD", seed=2)
    win_auction(state, 0, "7S")
    to_play(state, keep="AC KC QC AS")
    state.play("AC")  # clubs led
    assert code_set(state.legal_plays) == set(hand1.split())
    state.play("5H")  # a discard is legal: void in clubs


def test_fact_44_jack_of_clubs_must_be_played_when_it_is_the_only_trump() -> None:
    ruleset = tc.get_variant("five-hundred")
    hand1 = "JC 5C 6C 7C 5H 6H 7H 8H 9H 5D"
    state = start(ruleset, {0: "AS KS QS", 1: hand1}, kitty="4H 4D TD", seed=3)
    win_auction(state, 0, "7S")
    to_play(state, keep="AS KS QS")
    state.play("AS")  # spades led
    assert codes(state.legal_plays) == ["JC"]
    before = state.current
    with pytest.raises(tc.IllegalPlayError) as info:
        state.play("5C")
    assert info.value.rule == "follow-suit"
    assert info.value.seat == 1
    assert state.current == before


def test_fact_45_no_trumps_jacks_are_natural_no_bowers() -> None:
    ruleset = tc.get_variant("five-hundred")
    state = start(ruleset, {0: "AS KS QS 5C", 1: "JS 6S", 2: "JC 7S", 3: "8S"},
                  kitty="4H 4D TD", seed=5)
    win_auction(state, 0, "7NT")
    to_play(state, keep="AS KS QS 5C")
    assert state.phase is tc.Phase.PLAYING
    state.play("QS")
    assert "JS" in codes(state.legal_plays)
    assert "6S" in codes(state.legal_plays)
    state.play("JS")
    assert "JC" not in codes(state.legal_plays)  # the JC is a club: seat 2 must follow spades
    state.play("7S")
    state.play(state.legal_plays[0])
    assert state.tricks[0].winner == 0  # Q beats J at no trumps


def test_misere_jacks_are_natural() -> None:
    ruleset = tc.get_variant("five-hundred")
    state = start(ruleset, {0: "JC 5S", 1: "AC KC 5H 6H 7H 8H 9H TH 5D 6D",
                            3: "QC 9C 8C 7C 6C 5C TD 9D 8D 7D"}, kitty="4H 4D JD", dealer=0,
                  seed=6)
    win_auction(state, 0, "misere", before=["7S"])
    to_play(state, keep="JC 5S")
    state.play("JC")  # the jack of clubs is a club at misère, ranked below the queen
    assert codes(state.legal_plays) == ["KC", "AC"]
    state.play("KC")
    state.play("9C")
    assert state.tricks[0].winner == 1


@pytest.mark.parametrize(
    ("trump", "four"), [(Suit.SPADES, "4C"), (Suit.DIAMONDS, "4H"), (Suit.HEARTS, "4H"),
                        (Suit.CLUBS, "4C")],
)
def test_odd_fours_the_four_of_the_trump_colour_is_the_lowest_trump(trump: Suit, four: str) -> None:
    order = _trump_order(trump, Pack.FIVE_HUNDRED_ODD_FOURS, odd_fours=True)
    assert len(order) == 13
    assert order[-1] == four
    assert order[:3] == ["JK", "J" + trump.letter, "J" + trump.partner.letter]


def test_odd_fours_in_play_the_four_of_clubs_follows_spades() -> None:
    ruleset = rules("five-hundred", deck="43-odd-fours")
    hand1 = "4C 5C 6C 7C 5H 6H 7H 8H 9H 5D"  # its only "spade" is the 4C
    state = start(ruleset, {0: "JK JS JC AS KS QS AC", 1: hand1}, kitty="4H 6D 7D", seed=7)
    win_auction(state, 0, "7S")
    to_play(state, keep="JK JS JC AS KS QS AC")
    state.play("AS")
    assert codes(state.legal_plays) == ["4C"]
    state.play("4C")
    state.play(state.legal_plays[0])
    state.play(state.legal_plays[0])
    assert state.tricks[0].winner == 0
    state.play("AC")  # the 4C is gone; clubs are led
    assert "4C" not in codes(state.hand(1))


def test_odd_fours_at_no_trumps_the_four_is_natural() -> None:
    ruleset = rules("five-hundred", deck="43-odd-fours")
    state = start(ruleset, {0: "AC", 1: "4C 5S"}, kitty="4H 6D 7D", seed=8)
    win_auction(state, 0, "7NT")
    to_play(state, keep="AC")
    state.play("AC")
    # The 4C is a club at no trumps (not the odd four of a trump colour): seat 1 must follow
    # clubs, the 4C among them, and its 5S is refused.
    clubs = code_set(c for c in state.hand(1) if c.code.endswith("C"))
    assert "4C" in clubs
    assert code_set(state.legal_plays) == clubs
    assert not state.can_play("5S")
    state.play("4C")
    for _ in range(2):
        state.play(state.legal_plays[0])
    context = state.tricks[0].context
    assert context is not None
    assert context.trump is None
    assert context.suit_of(tc.parse_cards("4C")[0]) is Suit.CLUBS


def test_quebec_higher_joker_beats_the_lower_in_trumps() -> None:
    ruleset = tc.get_variant("five-hundred-quebec")
    state = start(ruleset, {0: "JK2 AH", 1: "JK 5S 6S 7S 8S 9S 5C 6C 7C 8C", 2: "JH", 3: "JD"},
                  seed=9)
    win_auction(state, 0, "7H")
    to_play(state, keep="JK2 AH")
    state.play("JK2")
    for _ in range(3):
        state.play(state.legal_plays[0])
    assert state.tricks[0].winner == 1
    assert state.tricks[0].cards[1] is tc.JOKER


def test_quebec_higher_joker_beats_the_lower_at_no_trumps() -> None:
    ruleset = tc.get_variant("five-hundred-quebec")
    state = start(ruleset, {0: "JK2 AS", 1: "JK 5H 6H 7H 8H 9H 5D 6D 7D 8D"}, seed=10)
    win_auction(state, 0, "7NT")
    to_play(state, keep="JK2 AS")  # seat 0 holds only the lower joker: nothing to name
    assert state.phase is tc.Phase.PLAYING
    assert state.joker_names(tc.Card.parse("JK2")) == (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS,
                                                        Suit.CLUBS)
    state.play("JK2", "S")  # the lower joker, led, calls for spades
    assert "JK" in codes(state.legal_plays)  # seat 1 has no spade
    state.play("JK")
    state.play(state.legal_plays[0])
    state.play(state.legal_plays[0])
    assert state.tricks[0].winner == 1


def test_quebec_record_code_for_the_lower_joker() -> None:
    assert tc.Card.parse("JK2").code == "JK2"


# --- prepared deals ---------------------------------------------------------------------------------


def _pack_split(key: str) -> tuple[list[list[str]], list[str]]:
    ruleset = tc.get_variant(key)
    deal = build_deal(ruleset, seed=70)
    return [codes(deal.hand(s)) for s in range(ruleset.players[0])], codes(deal.kitty)


def test_prepared_deal_must_be_the_whole_pack_with_the_right_kitty() -> None:
    hands, kitty = _pack_split("five-hundred")
    tc.deal_from_hands(FOUR, hands, dealer=0, kitty=kitty)
    with pytest.raises(tc.RulesetError):
        tc.deal_from_hands(FOUR, hands, dealer=0, kitty=kitty[:2])
    with pytest.raises(tc.RulesetError):
        tc.deal_from_hands(FOUR, hands, dealer=0, kitty=[*kitty[:2], hands[0][0]])
    with pytest.raises(tc.CardCodeError):
        tc.deal_from_hands(FOUR, hands, dealer=0, kitty=[*kitty[:2], "4S"])  # not in the 43


def test_prepared_two_hand_deal_needs_its_table_piles() -> None:
    ruleset = tc.get_variant("five-hundred-2")
    deal = build_deal(ruleset, seed=71, dealer=1)
    hands = [codes(deal.hand(s)) for s in range(2)]
    table = [[codes(pile) for pile in piles] for piles in deal.table]
    again = tc.deal_from_hands(ruleset, hands, dealer=1, kitty=codes(deal.kitty), table=table)
    assert again.table == deal.table
    with pytest.raises(tc.RulesetError):
        tc.deal_from_hands(ruleset, hands, dealer=1, kitty=codes(deal.kitty))
    short = [table[0][:4], table[1]]
    with pytest.raises(tc.RulesetError):
        tc.deal_from_hands(ruleset, hands, dealer=1,
                           kitty=codes(deal.kitty) + list(table[0][4]), table=short)


def test_rulesets_refuse_impossible_five_hundred_tables() -> None:
    with pytest.raises(tc.RulesetError):
        rules("five-hundred", players=[6], hand_sizes={"6": 10})  # 60 cards from 43
    with pytest.raises(tc.RulesetError):
        rules("five-hundred", table_piles=5)
    with pytest.raises(tc.RulesetError):
        rules("five-hundred-3", partnership="called")
    with pytest.raises(tc.RulesetError):
        rules("five-hundred-quebec", high_joker="red")


# --- the engine's card power against the second reading, on random tricks ------------------------

PACKS = [Pack.FIVE_HUNDRED_43, Pack.FIVE_HUNDRED_ODD_FOURS, Pack.FIVE_HUNDRED_63, Pack.QUEBEC_46]


@settings(max_examples=400, deadline=None)
@given(pack=st.sampled_from(PACKS), trump=st.sampled_from([None, "S", "H", "D", "C"]),
       named=st.sampled_from([None, "S", "H", "D", "C"]), data=st.data())
def test_trick_winner_agrees_with_the_second_reading(
    pack: Pack, trump: str | None, named: str | None, data: st.DataObject
) -> None:
    cards = data.draw(st.lists(st.sampled_from(pack_cards(pack)), min_size=2, max_size=6,
                               unique=True))
    odd = pack is Pack.FIVE_HUNDRED_ODD_FOURS
    named = named if trump is None else None
    oracle = Power(trump, named, odd_fours=odd)
    lead_name = None
    if oracle.suit(cards[0].code) is None:  # a suitless joker led names a suit
        lead_name = data.draw(st.sampled_from(["S", "H", "D", "C"]))
    ctx = trump_context(None if trump is None else Suit.parse(trump), bowers=True,
                        joker_suit=None if named is None else Suit.parse(named), odd_fours=odd)
    led = None if lead_name is None else int(Suit.parse(lead_name))
    assert ctx.winner_index([c.index for c in cards], led) == oracle.winner(
        [c.code for c in cards], lead_name)
    for card in cards:
        expected = oracle.suit(card.code)
        assert ctx.suit_of(card) == (None if expected is None else Suit.parse(expected))

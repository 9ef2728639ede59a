"""The book's general statements, checked over every variant of the registry they speak of.

A sentence of the glossary or Foundations that says "every game", "always", "the highest" or
"the only" either holds for every variant (checked here with the engine's own ranking, packs,
schedules and scoring) or says where it does not; each test names the sentence it holds to.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

import trickcore as tc
from trickcore.cards.packs import pack_cards
from trickcore.engine.calls import Call, CallKind, Denomination
from trickcore.rules.registry import get_variant, variant_keys

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

BOOK = Path(__file__).resolve().parents[2] / "book"
GLOSSARY = (BOOK / "foundations" / "glossary.md").read_text("utf-8")
KEYS = variant_keys()
FIVE_HUNDRED = [k for k in KEYS if get_variant(k).family == "five-hundred"]
OTHERS = [k for k in KEYS if k not in FIVE_HUNDRED]


def _cards(key: str) -> list[tc.Card]:
    return list(pack_cards(get_variant(key).pack))


def _above_ace(key: str, trump: tc.Suit | None, suit: tc.Suit) -> set[str]:
    """The cards that beat the ace of ``suit`` when ``suit`` is led, ``trump`` being trumps."""
    context = get_variant(key).trump_context(trump)
    cards = _cards(key)
    ace = next(c for c in cards if c.suit == suit and c.rank is tc.Rank.ACE)
    beaten = []
    for card in cards:
        if card == ace:
            continue
        if context.winner([ace, card]) == 1:
            beaten.append(card.symbol)
    return set(beaten)


def test_the_glossary_says_where_the_ace_is_not_the_highest() -> None:
    assert "Oh Hell family and Humbug" in GLOSSARY
    assert "the joker (in Québec, both jokers) and the two\n  bowers rank above the ace of trumps" \
        in GLOSSARY


@pytest.mark.parametrize("key", OTHERS)
def test_the_ace_is_the_highest_of_its_suit_outside_five_hundred(key: str) -> None:
    for trump in [None, *tc.Suit]:
        for suit in tc.Suit:
            above = _above_ace(key, trump, suit)
            if trump is None or suit == trump:
                assert not above, (key, trump, suit)
            else:  # only a trump beats it, never a card of its own suit
                assert all(s.endswith(trump.symbol) for s in above), (key, trump, suit, above)


@pytest.mark.parametrize("key", FIVE_HUNDRED)
def test_in_five_hundred_the_jokers_and_bowers_beat_the_ace_of_trumps(key: str) -> None:
    jokers = {c.symbol for c in _cards(key) if c.is_joker}
    assert jokers
    assert (len(jokers) == 2) == (key == "five-hundred-quebec")
    for trump in tc.Suit:
        partner = {tc.Suit.SPADES: "♣", tc.Suit.CLUBS: "♠", tc.Suit.HEARTS: "♦",
                   tc.Suit.DIAMONDS: "♥"}[trump]
        assert _above_ace(key, trump, trump) == jokers | {f"J{trump.symbol}", f"J{partner}"}
        for suit in tc.Suit:
            if suit != trump:  # a plain suit's ace loses only to trumps (the joker among them)
                context = get_variant(key).trump_context(trump)
                assert all(context.is_trump(c) for c in _cards(key)
                           if c.symbol in _above_ace(key, trump, suit))
    # At no trumps the joker beats every card, the aces included.
    for suit in tc.Suit:
        assert jokers <= _above_ace(key, None, suit)


def test_the_suit_sizes_the_glossary_gives() -> None:
    """"thirteen each in the standard pack. The Five Hundred packs have from eight to sixteen"."""
    sizes = {key: Counter(c.suit for c in _cards(key) if not c.is_joker) for key in KEYS}
    for key in OTHERS:
        assert set(sizes[key].values()) == {13}
    fewest = min(min(s.values()) for k, s in sizes.items() if k in FIVE_HUNDRED)
    most = max(max(s.values()) for k, s in sizes.items() if k in FIVE_HUNDRED)
    assert (fewest, most) == (8, 16)
    assert "from eight to sixteen" in GLOSSARY


def test_only_the_six_hand_pack_has_eleven_to_thirteen() -> None:
    """"The six-hand Five Hundred pack adds 11, 12 and 13 between the 10 and the jack"."""
    numbered = {key for key in KEYS
                if any(c.rank in (tc.Rank.ELEVEN, tc.Rank.TWELVE, tc.Rank.THIRTEEN)
                       for c in _cards(key))}
    assert numbered == {"five-hundred-6"}
    order = [r for r in tc.Rank]
    assert order.index(tc.Rank.TEN) < order.index(tc.Rank.ELEVEN) < order.index(
        tc.Rank.THIRTEEN) < order.index(tc.Rank.JACK)


def _played(key: str, seed: int) -> tc.HandState:
    ruleset = get_variant(key)
    players = min(ruleset.players) if key != "five-hundred" else 4
    state = tc.HandState(ruleset, tc.Match(ruleset, players, seed).make_deal(0))
    tc.play_deal(state, [tc.HeuristicBot()] * players)
    return state


@pytest.mark.parametrize("key", KEYS)
def test_a_deal_has_as_many_tricks_as_cards_in_a_hand_but_where_the_glossary_says(
        key: str) -> None:
    """"hand size ... also the number of tricks in the deal. Two exceptions: two-hand Five
    Hundred ... plays two cards to every trick, and a Five Hundred misère or nullo stops at the
    first trick its contractor takes"."""
    ruleset = get_variant(key)
    for seed in range(12):
        state = _played(key, seed)
        losing = state.contract is not None and state.contract.loses_tricks
        if losing and not state.made:  # it stops at the first trick the contract side takes
            side = state.contract_side
            assert sum(state.tricks_won[s] for s in side) == 1, (key, seed)
            assert state.tricks[-1].winner in side, (key, seed)
        elif state.contract is not None or ruleset.family != "five-hundred":
            assert len(state.tricks) == state.hand_size, (key, seed)
        for trick in state.tricks:
            each = 2 if ruleset.table_piles else 1
            assert len(trick.cards) == each * len(state.active), (key, seed)


@pytest.mark.parametrize("key", KEYS)
def test_the_deal_passes_to_the_left_and_play_goes_clockwise(key: str) -> None:
    """"The turn to deal passes to the left after each deal" and "Play always moves clockwise,
    and the winner of each trick leads to the next one"."""
    ruleset = get_variant(key)
    players = min(ruleset.players)
    match = tc.Match(ruleset, players, 3)
    first = match.dealer_for(0)
    for index in range(1, 4):  # Humbug's match is one deal, but the rule is the same
        assert match.dealer_for(index) == (first + index) % players
    state = _played(key, 3)
    for before, after in itertools.pairwise(state.tricks):
        assert after.leader == before.winner
    for trick in state.tricks:
        seats = trick.seats(state.players)
        active = [s for s in seats if s in state.active]
        assert active == seats
        steps = {(b - a) % state.players for a, b in itertools.pairwise(seats)}
        if len(state.active) < state.players:  # a misère partner sits out: the turn skips them
            assert steps <= {1, 2}, (key, seats)
        else:
            assert steps == {1}, (key, seats)


def test_no_suit_outranks_another_in_play_but_the_auction_orders_them() -> None:
    """Foundations: "In play no suit is better than another in itself ... the Five Hundred
    auction ranks calls of the same number of tricks: spades, clubs, diamonds, hearts, then no
    trumps"."""
    for key in KEYS:
        context = get_variant(key).trump_context(None)
        aces = [c for c in _cards(key) if c.rank is tc.Rank.ACE]
        assert len({context.power[c.index] for c in aces}) == 1, key
    order = [Denomination.SPADES, Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS,
             Denomination.NO_TRUMPS]
    for key in FIVE_HUNDRED:
        ruleset = get_variant(key)
        ranks = [Call(CallKind.TRICKS, 7, d).rank(ruleset) for d in order]
        assert ranks == sorted(ranks), key
    text = (BOOK / "foundations" / "pack.md").read_text("utf-8")
    assert "spades, clubs, diamonds, hearts, then no trumps" in text


@pytest.mark.parametrize("revoker_tricks", range(3, 27))
def test_a_revoke_shrinks_a_humbug_lead_by_six(revoker_tricks: int) -> None:
    """Humbug: "the revoker's lead shrinks by six: a lead of fewer than six tricks turns into a
    loss, and a lead of exactly six into a draw"."""
    rules = get_variant("humbug")
    other = 26 - revoker_tricks
    clean = tc.deal_points(rules, bids=[None, None], tricks=[revoker_tricks, other],
                           hand_size=26)
    revoked = tc.deal_points(rules, bids=[None, None], tricks=[revoker_tricks, other],
                             hand_size=26, revokes=[0])
    assert revoked[0] == clean[0] - 6
    lead = revoker_tricks - other
    if 0 < lead < 6:
        assert revoked[0] < 0
    if lead == 6:
        assert list(revoked) == [0, 0]
    text = (BOOK / "humbug.md").read_text("utf-8")
    assert "a lead of fewer than six tricks turns into a loss" in text


QUIZZES = BOOK / "quizzes"


def _feedback(name: str, answer: str, french: bool = False) -> str:
    """The feedback of one answer of a quiz (``answer`` as it is written in the quiz file)."""
    path = QUIZZES / "fr" / f"{name}.json" if french else QUIZZES / f"{name}.json"
    for question in json.loads(path.read_text("utf-8")):
        for given in question["answers"]:
            if given["answer"] == answer:
                return str(given["feedback"])
    raise LookupError((name, answer))


def _question(name: str, index: int) -> str:
    return str(json.loads((QUIZZES / f"{name}.json").read_text("utf-8"))[index]["question"])


def test_the_pack_quiz_says_which_cards_beat_the_ace() -> None:
    """The pack quiz once said "in every game of this book the ace ranks above the king" and
    stopped there; Five Hundred's trump suit has the joker and both bowers above its ace (as
    the tests above check with the engine's ranking), and the quiz now says so."""
    english = _feedback("pack", "The ace")
    assert "Five Hundred's trump suit" in english
    assert "joker" in english
    assert "two jacks of its colour" in english
    french = _feedback("pack", "L’as", french=True)
    assert "atout du Cinq cents" in french
    assert "joker" in french
    assert "deux valets de sa teinte" in french
    for key in FIVE_HUNDRED:
        jokers = {c.symbol for c in _cards(key) if c.is_joker}
        above = _above_ace(key, tc.Suit.HEARTS, tc.Suit.HEARTS)
        assert above - jokers == {"J♥", "J♦"}, key


@pytest.mark.parametrize("key", KEYS)
def test_eldest_leads_the_first_trick_but_the_contractor_in_five_hundred(key: str) -> None:
    """The tricks quiz: eldest "leads to the first trick only, and in Five Hundred not even
    that: the contractor leads it"."""
    assert "the contractor leads it" in _feedback("tricks", "The player on the dealer's left")
    assert "c’est le preneur qui l’entame" in _feedback(
        "tricks", "Le joueur à gauche du donneur", french=True)
    for seed in range(6):
        state = _played(key, seed)
        if not state.tricks:  # everyone passed: thrown in
            continue
        if get_variant(key).family == "five-hundred":
            assert state.tricks[0].leader == state.contractor, (key, seed)
        else:
            eldest = (state.deal.dealer + 1) % state.players
            assert state.tricks[0].leader == eldest, (key, seed)


def test_a_failed_contract_costs_its_value_but_not_in_quebec() -> None:
    """The scoring quiz asks about four-hand Five Hundred as pagat gives it, where a failed
    contract loses its value, and says that in the Québec form the value goes to the other side
    instead, nothing taken off."""
    assert "Four-hand Five Hundred, as pagat gives it" in _question("scoring", 3)
    assert "Québec form nothing is taken off" in _feedback(
        "scoring", "It loses the value of the contract")
    seen = set()
    for key in ("five-hundred", "five-hundred-quebec"):
        for seed in range(200):
            state = _played(key, seed)
            if state.contract is None or state.made:
                continue
            side = state.contract_side
            value = state.contract.value(state.ruleset)
            points = state.points
            if key == "five-hundred":
                assert all(points[s] == -value for s in side), (key, seed)
            else:
                assert all(points[s] == 0 for s in side), (key, seed)
                assert all(points[s] >= value for s in range(state.players) if s not in side)
            seen.add(key)
            break
    assert seen == {"five-hundred", "five-hundred-quebec"}



def _words(text: str) -> str:
    return " ".join(text.split())


FOUNDATIONS = BOOK / "foundations"


@pytest.mark.parametrize("key", FIVE_HUNDRED)
def test_a_joker_named_at_no_trumps_is_only_the_highest_of_its_suit(key: str) -> None:
    """Glossary (*ace*, *no trumps*) and Foundations, *Who wins a trick without trumps*: at no
    trumps the joker beats every card "unless the contractor has named a suit for it: it is then
    the highest card of that suit" (so it loses a trick led in another suit)."""
    for text in (GLOSSARY, (FOUNDATIONS / "tricks.md").read_text("utf-8")):
        assert "unless the contractor has named a suit for it" in _words(text)
    ruleset = get_variant(key)
    cards = _cards(key)
    jokers = [c for c in cards if c.is_joker]
    plain = ruleset.trump_context(None)
    higher = jokers[0] if len(jokers) == 1 else jokers[plain.winner(jokers)]
    for named in tc.Suit:
        context = ruleset.trump_context(None, joker_suit=named)
        for led in tc.Suit:
            ace = next(c for c in cards if c.suit == led and c.rank is tc.Rank.ACE)
            assert plain.winner([ace, higher]) == 1, (key, led)
            assert context.winner([ace, higher]) == (1 if led == named else 0), (key, named, led)


@pytest.mark.parametrize("key", KEYS)
def test_eldest_bids_first_where_there_is_bidding(key: str) -> None:
    """Glossary, *eldest*: "who bids first (Humbug has no bidding)"."""
    assert "who bids first (Humbug has no bidding)" in _words(GLOSSARY)
    ruleset = get_variant(key)
    players = min(ruleset.players) if key != "five-hundred" else 4
    for seed in range(4):
        state = tc.HandState(ruleset, tc.Match(ruleset, players, seed).make_deal(0))
        eldest = (state.deal.dealer + 1) % players
        if key == "humbug":
            assert state.phase == "playing", seed
            assert state.to_act == eldest, seed
        else:
            assert state.to_act == eldest, (key, seed)


def test_in_a_misere_the_contractors_partner_sits_out() -> None:
    """Glossary, *trick*, and Foundations, *What a trick is*: "in a Five Hundred misère the
    contractor's partner sits out", so a trick has one card fewer than there are players."""
    assert "in a Five Hundred misère the contractor's partner sits out" in _words(GLOSSARY)
    assert "in a misère the contractor's partner sits out" in _words(
        (FOUNDATIONS / "tricks.md").read_text("utf-8"))
    ruleset = get_variant("five-hundred")
    for seed in range(200):
        state = tc.HandState(ruleset, tc.Match(ruleset, 4, seed).make_deal(0))
        tc.play_deal(state, [tc.HeuristicBot()] * 4)
        if state.contract is not None and state.contract.loses_tricks:
            break
    else:
        pytest.fail("no misère in 200 deals")
    partner = (state.contractor + 2) % 4
    assert partner not in state.active
    assert len(state.active) == 3
    for trick in state.tricks:
        assert len(trick.cards) == 3
        assert partner not in trick.seats(4)


def test_five_hundred_scoring_as_the_foundations_page_gives_it() -> None:
    """Foundations, *Scoring a contract*: "all ten tricks score at least 250"; "in the five-hand
    game a called partner and the contractor each win or lose half the value"; misère "wins or
    loses 250 (500 for open misère)", the other side scoring nothing; in Québec "there is no
    slam bonus, and misère, if the table allows it, is worth 500 (1000 open)". Bidding: "Most
    forms of Five Hundred also have ... misère"."""
    scoring = _words((FOUNDATIONS / "scoring.md").read_text("utf-8"))
    assert "all ten tricks score at least 250" in scoring
    assert "a called partner and the contractor each win or lose half the value" in scoring
    assert "there is no slam bonus, and misère, if the table allows it, is worth 500 (1000 open)" \
        in scoring
    assert "Most forms of Five Hundred also have a special bid, **misère**" in _words(
        (FOUNDATIONS / "bidding.md").read_text("utf-8"))
    misere, open_misere = Call.parse("misere"), Call.parse("open-misere")
    for key in FIVE_HUNDRED:
        ruleset = get_variant(key)
        if key == "five-hundred-quebec":
            assert ruleset.slam_value == 0
            assert (misere.value(ruleset), open_misere.value(ruleset)) == (500, 1000)
            assert not misere.rung(ruleset).allowed
        else:
            assert ruleset.slam_value == 250, key
            assert misere.value(ruleset) == 250, key
            assert open_misere.value(ruleset) == 500, key
            assert misere.rung(ruleset).allowed, key
    five = get_variant("five-hundred-5")
    for seed in range(40):
        state = tc.HandState(five, tc.Match(five, 5, seed).make_deal(0))
        tc.play_deal(state, [tc.HeuristicBot()] * 5)
        if state.contract is None or state.partner is None or state.contract.loses_tricks:
            continue
        value = state.contract.value(five)
        tricks = sum(state.tricks_won[s] for s in state.contract_side)
        if state.made and tricks == 10:
            value = max(value, five.slam_value)
        half = value // 2 if state.made else -(value // 2)
        assert state.points[state.contractor] == state.points[state.partner] == half, seed
        break
    else:
        pytest.fail("no called partner in 40 five-hand deals")

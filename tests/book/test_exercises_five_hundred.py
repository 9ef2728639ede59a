"""The Five Hundred pages' exercises: every page ends with at least three, and every
``{answer}`` on them matches the engine, replayed here without trickbook.answers.

Each answer is computed a second way: the deal is rebuilt from its code through
:class:`trickcore.Match`, played by the heuristic bots move by move, and the fact is read off the
moves; rule facts (values, scores, trump counts, kitty chances) are worked out from the rules
catalogue's formulas and from dealt cards.  The sentences of the solutions that state a fact of
their own (the kitty held no spade, the called card is the one Ann must play...) are checked
against the deal too.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest

from trickcore import Card, HeuristicBot, Match, Phase, Ruleset, Suit, bot_action, get_variant
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.events import Trick
from trickcore.engine.state import HandState
from trickcore.notation.codes import parse_deal_code

from trickbook.answers import AnswerError, answer
from trickbook.five_hundred_answers import FIVE_HUNDRED_FORMS
from trickbook.parts import PLAYER_NAMES

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

BOOK = Path(__file__).resolve().parents[2] / "book"
PAGES = sorted((BOOK / "five-hundred").glob("*.md"))
ROLE = re.compile(r"\{answer\}`([^`]*)`")
EXERCISE = re.compile(r"^:::\{exercise\}\n:label: (\S+)$", re.MULTILINE)
SOLUTION = re.compile(r"^:::\{solution\} (\S+)$", re.MULTILINE)


def _roles(page: Path) -> list[str]:
    return ROLE.findall(page.read_text(encoding="utf-8"))


ALL_ROLES = sorted({(page.stem, text) for page in PAGES for text in _roles(page)})


def test_the_chapter_has_its_ten_pages() -> None:
    assert {p.stem for p in PAGES} == {
        "index", "four-hand", "two-hand", "three-hand", "five-hand", "six-hand",
        "no-trump-joker", "american", "walker-ultimate", "quebec"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_page_ends_with_three_exercises_and_their_solutions(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert headings[-1] == "Exercises"
    section = text[text.rindex("\n## Exercises"):]
    labels = EXERCISE.findall(section)
    assert len(labels) >= 3
    assert SOLUTION.findall(section) == labels
    slug = "five-hundred-index" if page.stem == "index" else page.stem
    assert labels == [f"ex-{slug}-{n}" for n in range(1, len(labels) + 1)]
    assert "seat 0" not in section.lower()
    assert "seat 1" not in section.lower()


def test_the_pages_use_every_kind_of_question() -> None:
    kinds = {text.split()[0] for _, text in ALL_ROLES}
    for wanted in ("trick-winner", "legal", "calls", "may-call", "points", "contract-score",
                   "kitty", "joker-in-kitty", "kitty-trumps"):
        assert wanted in kinds


# An independent replay ---------------------------------------------------------------------------


@dataclass
class Replay:
    """A deal played by the bots from its code, with what each step showed."""

    state: HandState
    legal: dict[tuple[int, int], tuple[Card, ...]] = field(default_factory=dict)
    dealt: list[tuple[Card, ...]] = field(default_factory=list)


def _rules_and_deal(code: str) -> tuple[Ruleset, int, int, int]:
    for name, ruleset in FIVE_HUNDRED_FORMS.items():
        if code.startswith(name + "-"):
            numbers = [int(p) for p in code[len(name) + 1:].split("-")] + [1]
            return ruleset, numbers[0], numbers[1], numbers[2]
    parsed = parse_deal_code(code)
    return get_variant(parsed.variant), parsed.players, parsed.seed, parsed.deal


def replay(code: str, bids: list[str] | None = None) -> Replay:
    ruleset, players, seed, number = _rules_and_deal(code)
    state = HandState(ruleset, Match(ruleset, players, seed).make_deal(number - 1))
    played = Replay(state, dealt=[tuple(state.hand(s)) for s in range(players)])
    wanted = list(bids or [])
    while not state.is_over:
        if state.phase is Phase.PLAYING:
            played.legal[(len(state.tricks) + 1, len(state.current.cards) + 1)] = \
                tuple(state.legal_plays)
        if state.phase is Phase.BIDDING and wanted:
            state.bid(wanted.pop(0))
        else:
            state.apply(bot_action(HeuristicBot(), state).action)
    return played


def seat(name: str) -> int:
    return PLAYER_NAMES.index(name)


def symbols(cards: tuple[Card, ...] | list[Card]) -> set[str]:
    return {c.symbol for c in cards}


def trick_text(trick: Trick, players: int) -> str:
    return ", ".join(f"{PLAYER_NAMES[s]} {c.symbol}"
                     for s, c in zip(trick.seats(players), trick.cards, strict=True))


def after_calls(code: str, bids: list[str]) -> HandState:
    ruleset, players, seed, number = _rules_and_deal(code)
    state = HandState(ruleset, Match(ruleset, players, seed).make_deal(number - 1))
    for bid in bids:
        state.bid(bid)
    return state


def pack_facts(ruleset: Ruleset) -> tuple[list[Card], int]:
    """The whole pack and the kitty size, read off a dealt deal (hands, table cards, kitty)."""
    players = ruleset.players[0] if len(ruleset.players) == 1 else 4
    state = HandState(ruleset, Match(ruleset, players, 0).make_deal(0))
    cards = [c for s in range(players) for c in state.hand(s)]
    cards += [c for piles in state.deal.table for pile in piles for c in pile]
    cards += [*state.kitty, *state.deal.dead]
    return cards, len(state.kitty)


def avondale(call: Call) -> int:
    """The rules catalogue's formula (docs/rules.md 3.3): 40 + 20*s + 100*(tricks - 6)."""
    assert call.denomination is not None
    return 40 + 20 * call.denomination.value + 100 * (call.tricks - 6)


def expected_value(ruleset: Ruleset, call: Call) -> int:
    if call.kind is CallKind.TRICKS:
        return avondale(call)
    return {CallKind.MISERE: ruleset.misere_value, CallKind.OPEN_MISERE: ruleset.open_misere_value,
            CallKind.NULLO: 150, CallKind.OPEN_NULLO: 250, CallKind.HI_LO: 350,
            CallKind.DOUBLE_NULLO: 450}[call.kind]


def rules_of(name: str) -> Ruleset:
    return FIVE_HUNDRED_FORMS[name] if name in FIVE_HUNDRED_FORMS else get_variant(name)


def options(words: list[str]) -> tuple[list[str], list[str]]:
    bids = next((w.split("=", 1)[1].split(",") for w in words if w.startswith("bids=")), [])
    return [w for w in words if "=" not in w], [b for b in bids if b]


def expected(text: str) -> str | None:
    """The answer worked out again; ``None`` for the kinds checked in their own test below."""
    kind, *rest = text.split()
    words, bids = options(rest)
    if kind in ("trick-winner", "trick", "trick-reason"):
        played = replay(words[0])
        trick = played.state.tricks[int(words[1]) - 1]
        if kind == "trick":
            return trick_text(trick, played.state.players)
        if kind == "trick-reason":
            assert trick.winner is not None
            winners = [c for c, s in zip(trick.cards, trick.seats(played.state.players),
                                         strict=True) if s == trick.winner]
            reason = answer(text)
            assert any(c.symbol in reason or (c.is_joker and "joker" in reason) for c in winners)
            return None
        return PLAYER_NAMES[trick.winner or 0]
    if kind == "legal":
        played = replay(words[0])
        return " ".join(sorted(symbols(played.legal[(int(words[1]), int(words[2]))])))
    if kind in ("points", "tricks", "side-tricks", "hand", "trumps-held"):
        played = replay(words[0])
        who = seat(words[1])
        if kind == "points":
            assert played.state.points is not None
            return str(played.state.points[who])
        if kind == "tricks":
            return str(played.state.tricks_won[who])
        if kind == "side-tricks":
            side = next(s for s in played.state.sides if who in s)
            return str(sum(played.state.tricks_won[s] for s in side))
        if kind == "hand":
            return " ".join(sorted(symbols(played.dealt[who])))
        contract = played.state.contract
        assert contract is not None
        assert contract.trump is not None
        context = played.state.ruleset.trump_context(contract.trump)
        return str(sum(context.is_trump(c) for c in played.dealt[who]))
    if kind in ("contract", "contractor", "kitty", "discards", "called-card", "partner"):
        played = replay(words[0], bids)
        state = played.state
        assert state.contract is not None
        assert state.contractor is not None
        if kind == "contract":
            return state.contract.label
        if kind == "contractor":
            return PLAYER_NAMES[state.contractor]
        if kind in ("kitty", "discards"):
            return " ".join(sorted(symbols(state.kitty if kind == "kitty" else state.discards)))
        if kind == "called-card":
            assert state.called_card is not None
            return state.called_card.symbol
        assert state.partner is not None
        return PLAYER_NAMES[state.partner]
    if kind in ("calls", "may-call", "to-call"):
        state = after_calls(words[0], bids)
        if kind == "to-call":
            return PLAYER_NAMES[state.to_act or 0]
        if kind == "may-call":
            return "yes" if state.can_bid(words[1]) else None
        top = Call.parse(words[1]).rank(state.ruleset) if len(words) > 1 else 10**6
        legal = [c for c in state.legal_bids if c.rank(state.ruleset) <= top]
        return str(len(legal))
    if kind == "value":
        return str(expected_value(rules_of(words[0]), Call.parse(words[1])))
    if kind == "outranks":
        ruleset = rules_of(words[0])
        return "yes" if Call.parse(words[1]).rank(ruleset) > Call.parse(words[2]).rank(ruleset) \
            else "no"
    if kind in ("contract-score", "defence-score"):
        ruleset, call, taken = rules_of(words[0]), Call.parse(words[1]), int(words[2])
        value = expected_value(ruleset, call)
        made = taken >= call.tricks
        if made and taken == 10 and value < ruleset.slam_value:
            value = ruleset.slam_value
        if kind == "contract-score":
            return str(value if made else 0 if ruleset.failed_contract_to_opponents else -value)
        gift = value if not made and ruleset.failed_contract_to_opponents else 0
        return str(10 * (10 - taken) + gift)
    if kind in ("trump-count", "kitty-trumps", "joker-in-kitty"):
        if kind == "kitty-trumps" and len(words) == 2:
            played = replay(words[0])
            contract = played.state.contract
            assert contract is not None
            assert contract.trump is not None
            ruleset, suit = played.state.ruleset, contract.trump
            held = sum(ruleset.trump_context(suit).is_trump(c) for c in played.dealt[seat(words[1])])
        else:
            ruleset = rules_of(words[0])
            suit = Suit.parse(words[1]) if len(words) > 1 else Suit.SPADES
            held = int(words[2]) if len(words) > 2 else 0
        pack, kitty = pack_facts(ruleset)
        trumps = sum(ruleset.trump_context(suit).is_trump(c) for c in pack)
        if kind == "trump-count":
            return str(trumps)
        if kind == "kitty-trumps":
            return f"{kitty * (trumps - held) / (len(pack) - 10):.2f}"
        jokers = sum(c.is_joker for c in pack)
        none = Fraction(1)
        for i in range(kitty):
            none *= Fraction(len(pack) - jokers - i, len(pack) - i)
        chance = 1 - none
        return f"{chance.numerator}/{chance.denominator}, about {float(chance):.0%}"
    if kind in ("total", "game-winner"):
        ruleset, players, seed, number = _rules_and_deal(words[0])
        match = Match(ruleset, players, seed)
        match.play([HeuristicBot()] * players)
        if kind == "total":
            return str(sum(d.points[seat(words[1])] for d in match.deals[:number]
                           if d.points is not None))
        assert len(match.deals) == number
        return " and ".join(PLAYER_NAMES[s] for s in match.winners)
    raise AssertionError(f"no independent check for the kind {kind!r}")


@pytest.mark.parametrize(("page", "text"), ALL_ROLES, ids=[f"{p}:{t}" for p, t in ALL_ROLES])
def test_each_answer_matches_an_independent_replay(page: str, text: str) -> None:
    given = answer(text)
    assert given
    kind = text.split()[0]
    wanted = expected(text)
    if wanted is None:
        if kind == "may-call":
            assert given.startswith("no (")
            assert "seat" not in given
        return
    if kind in ("legal", "hand", "kitty", "discards"):
        assert " ".join(sorted(given.split())) == wanted
    elif kind == "calls":
        assert len(given.split(", ")) == int(wanted)
    else:
        assert given == wanted


# The facts the solutions state in words ----------------------------------------------------------


def test_four_hand_facts() -> None:
    played = replay("five-hundred-4-8")
    state = played.state
    second = state.tricks[1]
    # Cleo's J♣ is her last spade: the only card she may play.
    assert played.legal[(2, 2)] == (Card.parse("JC"),)
    assert {c.code for c in second.cards} >= {"JS", "JC", "AS"}
    # Ben's trumps and the kitty's: "not a single spade".
    spades = state.ruleset.trump_context(Suit.SPADES)
    assert not any(spades.is_trump(c) for c in state.kitty)
    assert Card.parse("JC") not in played.dealt[seat("Ben")]


def test_two_three_and_five_hand_facts() -> None:
    two = replay("five-hundred-2-2-3").state
    assert two.contract == Call.parse("6C")
    assert two.contractor == seat("Ann")
    assert two.tricks[0].cards[0] == Card.parse("AC")
    three = replay("five-hundred-3-3-177").state
    assert three.contract is not None
    assert three.contract.kind is CallKind.MISERE
    # Ben plays low to the second trick with Cleo still to play, and takes none of the ten
    assert len(three.tricks) == 10
    assert three.tricks_won[seat("Ben")] == 0
    assert three.made
    five = replay("five-hundred-5-5-1")
    assert five.legal[(3, 3)] == (five.state.called_card,)
    assert five.state.tricks[2].cards[0] == Card.parse("JC")
    assert not five.state.made


def test_walker_ultimate_facts() -> None:
    walker = FIVE_HUNDRED_FORMS["walker-ultimate"]
    match = Match(walker, 4, 11)
    match.play([HeuristicBot()] * 4)
    eighth = match.deals[7]
    assert eighth.made
    assert eighth.contractor in (seat("Ann"), seat("Cleo"))
    assert match.totals_after(7)[seat("Ann")] > 500
    # Eight tricks in defence would have taken Ann and Cleo to exactly 1000 on the last deal.
    assert match.totals_after(14)[seat("Ann")] + 80 == 1000
    assert answer("defence-score walker-ultimate 7D 2") == "80"
    assert answer("contract-score walker-ultimate 7D 2").startswith("-")
    # The four-hand game with the same seed ends at the eighth deal.
    four = Match(get_variant("five-hundred"), 4, 11)
    four.play([HeuristicBot()] * 4)
    assert len(four.deals) == 8


def test_quebec_facts() -> None:
    state = replay("five-hundred-quebec-4-4").state
    assert not state.made
    ann = state.points[seat("Ann")] if state.points else None
    assert ann == avondale(Call.parse("7C")) + 10 * (state.tricks_won[0] + state.tricks_won[2])
    assert math.isclose(1 - math.comb(44, 6) / math.comb(46, 6), 17 / 69)


def test_the_form_codes_name_the_pages_deals() -> None:
    # The American page's worked example and the Walker page's last deal are these codes.
    american = FIVE_HUNDRED_FORMS["american"]
    deal = Match(american, 4, 1).make_deal(0)
    assert replay("american-4-1").dealt[0] == tuple(HandState(american, deal).hand(0))
    assert answer("contract walker-ultimate-4-11-16") == answer("contract five-hundred-4-11-16")



def test_joker_facts() -> None:
    # No-trump joker page: Ben names the joker a club and leads it.
    nt = replay("five-hundred-4-1799").state
    assert nt.joker_suit is Suit.CLUBS
    assert nt.tricks[0].leader == seat("Ben")
    assert nt.tricks[0].cards[0].is_joker
    # Québec: Dev leads the lower joker and Cleo's higher joker takes it.
    quebec = replay("five-hundred-quebec-4-4").state
    first = quebec.tricks[0]
    jokers = [c for c in first.cards if c.is_joker]
    assert len(jokers) == 2
    assert first.cards[0].symbol == "Jk2"
    assert first.winner == seat("Cleo")


@pytest.mark.parametrize("text", [
    "value five-hundred 11S", "value oh-hell 7H", "value five-hundred pass",
    "outranks american-split nullo", "contract oh-hell-4-2718", "contract five-hundred-4-8 8",
    "calls five-hundred-4-8 bids=6H,7S,pass,pass,7H,pass", "may-call five-hundred-4-8 12S",
    "contract-score five-hundred 7H 11", "kitty-trumps five-hundred-4-1799 Ben",
    "trump-count five-hundred X", "total walker-ultimate-4-11-40 Ann",
    "game-winner walker-ultimate-4-11-15", "side-tricks american-4-1 Eve",
    "discards five-hundred-3-3-999999999999999",
])
def test_a_bad_five_hundred_answer_is_a_clear_error(text: str) -> None:
    with pytest.raises(AnswerError, match=re.escape(text.split(" ")[0])):
        answer(text)

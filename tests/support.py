"""Helpers shared by the test modules.

The rules here are written again from docs/rules.md, independently of the engine: the trick winner,
the scoring formulas and the legality of a play are recomputed from card codes, so that the
tests compare the engine with a second reading of the rules rather than with itself.
"""

from __future__ import annotations

import json
import pathlib
import random
from collections.abc import Iterable, Sequence
from typing import Any

import trickcore as tc
from trickcore.rules import scoring_rule

RANKS = "23456789TJQKA"
SUITS = "SHDC"

#: The 52-card pack in the engine's index order (spades, hearts, diamonds, clubs; 2 up to A).
PACK: tuple[tc.Card, ...] = tuple(tc.Card.parse(r + s) for s in SUITS for r in RANKS)

#: The families this suite covers (Five Hundred has its own tests).
FAMILIES = ("oh-hell", "humbug")

#: The registry keys of the Oh Hell family and Humbug, in registry order.
KEYS: tuple[str, ...] = tuple(k for k in tc.variant_keys() if tc.get_variant(k).family in FAMILIES)

#: Every (variant key, player count) pair of those variants.
CONFIGS: list[tuple[str, int]] = [(key, n) for key in KEYS for n in tc.get_variant(key).players]


def config_id(config: tuple[str, int]) -> str:
    return f"{config[0]}-{config[1]}p"


def rank_of(card: tc.Card) -> int:
    """0 for a two up to 12 for an ace."""
    return RANKS.index(card.code[0])


def suit_of(card: tc.Card) -> str:
    return card.code[-1]


def trick_winner(cards: Sequence[tc.Card], trump: str | None) -> int:
    """Position of the winning card: the highest trump, else the highest card of the suit led."""
    led = suit_of(cards[0])

    def key(pos: int) -> tuple[int, int]:
        card = cards[pos]
        if trump is not None and suit_of(card) == trump:
            return (2, rank_of(card))
        if suit_of(card) == led:
            return (1, rank_of(card))
        return (0, 0)

    return max(range(len(cards)), key=key)


def expected_points(ruleset: tc.Ruleset, bid: int, took: int, hand_size: int) -> int:
    """One seat's points in an exact-bid game (docs/rules.md section 1.4), worked out here from the
    numbers of the ruleset's scoring (:func:`trickcore.rules.scoring_rule`, the value every
    scorer reads), not by the engine's arithmetic.  tests/rules/test_scoring.py checks the named
    schemes' numbers against docs/rules.md's formulas."""
    rule = scoring_rule(ruleset)
    assert rule.basis == "bid", rule
    off = abs(bid - took)
    if off == 0 and bid == 0 and rule.zero is not None:
        return rule.zero + rule.zero_hand * hand_size
    if off == 0:
        return (rule.exact + rule.trick * took + rule.exact_trick * took + rule.bid * bid
                + rule.bid_squared * bid**2)
    return rule.trick * took + rule.off * off + rule.off_squared * off**2


def humbug_points(tricks: Sequence[int], revokes: Iterable[int], penalty: int) -> list[int]:
    """Humbug: each revoke hands `penalty` of the revoker's tricks over; then the difference."""
    t = list(tricks)
    for seat in revokes:
        moved = min(penalty, t[seat])
        t[seat] -= moved
        t[1 - seat] += moved
    return [t[0] - t[1], t[1] - t[0]]


def bots_for(kind: str, players: int, seed: int) -> list[tc.Bot]:
    if kind == "random":
        return [tc.RandomBot(seed=seed * 100 + s) for s in range(players)]
    return [tc.HeuristicBot() for _ in range(players)]


def played_match(key: str, players: int, seed: int, kind: str) -> tc.Match:
    match = tc.Match(tc.get_variant(key), players, seed)
    match.play(bots_for(kind, players, seed))
    return match


def snapshot(state: tc.HandState) -> tuple[Any, ...]:
    """Everything a failed action must leave unchanged."""
    return (
        tuple(state.hands),
        tuple(state.bids),
        tuple(state.tricks),
        tuple(state.tricks_won),
        tuple(state.events),
        state.phase,
        state.to_act,
        state.leader,
        state.current,
        state.points,
        state.announcement,
        tuple(state.revokes),
        tuple(state.legal_bids),
        tuple(state.legal_plays),
    )


def random_steps(state: tc.HandState, rng: random.Random, steps: int) -> None:
    """Make up to `steps` random legal moves (fewer if the deal ends first)."""
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions))


def play_script(state: tc.HandState, bids: Sequence[int], cards: Sequence[str] = ()) -> None:
    """Bid `bids` in bidding order, then play `cards` in play order."""
    for bid in bids:
        state.bid(bid)
    for code in cards:
        state.play(code)


def play_out(state: tc.HandState, choose: Any = None) -> tc.HandState:
    """Play the deal to its end, each seat playing its highest legal card (or `choose`)."""
    while not state.is_over:
        if state.phase is tc.Phase.BIDDING:
            state.bid(state.legal_bids[0])
            continue
        legal = state.legal_plays
        card = choose(state) if choose is not None else max(legal, key=rank_of)
        state.play(card)
    return state


def eldest_takes(
    ruleset: tc.Ruleset, players: int, hand_size: int, tricks: int, *, dealer: int = 0
) -> tc.Deal:
    """A no-trump deal in which eldest takes exactly `tricks` tricks when played by
    :func:`eldest_policy`.

    Eldest holds the `tricks` top spades, the 2 of hearts and low diamonds; the next seat holds
    the top hearts; every other seat holds clubs, high diamonds and low spades.  Eldest cashes
    the spades, then leads the 2 of hearts; the heart hand wins it and every later trick.
    """
    assert 0 <= tricks <= hand_size <= 12
    assert players >= 3
    eldest = (dealer + 1) % players
    top_spades = [r + "S" for r in reversed(RANKS)][:tricks]
    losers = (["2H", *[r + "D" for r in RANKS][:hand_size - tricks - 1]]) if tricks < hand_size \
        else []
    high_hearts = [r + "H" for r in reversed(RANKS)][:hand_size]
    used = set(top_spades + losers + high_hearts)
    fillers = [r + s for s in "CDS" for r in RANKS if r + s not in used]
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[eldest] = top_spades + losers
    hands[(eldest + 1) % players] = high_hearts
    for i in range(2, players):
        hands[(eldest + i) % players] = fillers[:hand_size]
        fillers = fillers[hand_size:]
    return tc.deal_from_hands(ruleset, hands, dealer=dealer, turn_up=None)


def eldest_policy(state: tc.HandState) -> tc.Card:
    """Lead spades while you have them, then hearts; otherwise play your highest legal card."""
    legal = state.legal_plays
    if not state.current.cards:
        for suit in "SH":
            in_suit = [c for c in legal if suit_of(c) == suit]
            if in_suit:
                return max(in_suit, key=rank_of)
    return max(legal, key=rank_of)


def eldest_score(
    ruleset: tc.Ruleset, players: int, hand_size: int, bid: int, took: int, *, dealer: int = 0
) -> tc.HandState:
    """Play a deal in which eldest bids `bid` and takes `took`; the others bid what they may."""
    state = tc.HandState(ruleset, eldest_takes(ruleset, players, hand_size, took, dealer=dealer))
    eldest = (dealer + 1) % players
    assert state.to_act == eldest
    state.bid(bid)
    while state.phase is tc.Phase.BIDDING:
        state.bid(state.legal_bids[0])
    play_out(state, eldest_policy)
    assert state.tricks_won[eldest] == took
    return state


class KnownOrder(random.Random):
    """A generator that puts the 52-card pack in a chosen order, however the engine shuffles:
    with ``shuffle`` or by sorting on one ``random()`` key per card.

    ``order[k]`` is the position in :data:`PACK` (the engine's index order) of the k-th card
    from the top.  With it a test knows the shuffled pack without copying the engine's shuffle.
    """

    def __init__(self, order: Sequence[int]) -> None:
        super().__init__(0)
        assert sorted(order) == list(range(len(order)))
        self.order = list(order)
        position = {card: pos for pos, card in enumerate(order)}
        self.keys = [(position[i] + 0.5) / len(order) for i in range(len(order))]
        self.calls = 0

    def random(self) -> float:
        key = self.keys[self.calls % len(self.keys)]
        self.calls += 1
        return key

    def shuffle(self, x: Any) -> None:
        x[:] = [x[i] for i in self.order]

    @property
    def pack(self) -> list[tc.Card]:
        """The pack in the order this generator produces, top card first."""
        return [PACK[i] for i in self.order]


def known_order(seed: int) -> KnownOrder:
    order = list(range(52))
    random.Random(seed).shuffle(order)
    return KnownOrder(order)


#: The tests' data (tests/data/), wherever the test that reads it lives.
DATA = pathlib.Path(__file__).resolve().parent / "data"
#: Where the golden records are (tests/make_golden.py writes them).
GOLDEN_DIR = DATA / "golden"

#: The golden records: (file name, variant, players, seed, bots).
GOLDEN: list[tuple[str, str, int, int, str]] = [
    ("contract-whist-3p-seed1-heuristic.json", "contract-whist", 3, 1, "heuristic"),
    ("oh-pshaw-4p-seed2-random.json", "oh-pshaw", 4, 2, "random"),
    ("humbug-seed3-heuristic.json", "humbug", 2, 3, "heuristic"),
    ("oh-well-4p-seed4-heuristic.json", "oh-well", 4, 4, "heuristic"),
]


def _is_flat(value: Any) -> bool:
    """True for a value that fits on one line: no object holding objects or lists of them."""
    if isinstance(value, dict):
        return all(not isinstance(v, dict) and not (isinstance(v, list) and any(
            isinstance(x, dict) for x in v)) for v in value.values())
    if isinstance(value, list):
        return not any(isinstance(x, dict) for x in value)
    return True


def dump_record(value: Any, indent: int = 0) -> str:
    """JSON laid out for people: one line per trick, per bid and per flat field."""
    if _is_flat(value):
        return json.dumps(value, ensure_ascii=False)
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dump_record(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dump_record(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def golden_text(key: str, players: int, seed: int, kind: str) -> str:
    """The golden record of a match, as stored: laid-out JSON with a final newline."""
    record = played_match(key, players, seed, kind).record()
    return dump_record(record) + "\n"

"""Five Hundred test helpers, and a second, independent reading of the rules (docs/rules.md section 3).

Nothing here asks the engine how a card ranks, which suit it belongs to, who won a trick or what a
deal scores: packs, ladders, trick winners, following suit, the joker's rules and the Avondale
table are written again from docs/rules.md, working on card codes.  The Five Hundred tests import these
helpers; tests/test_support500.py checks the oracle itself on cases taken straight from docs/rules.md.
"""

from __future__ import annotations

import copy
import json
import pathlib
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import trickcore as tc
from trickcore.engine.turns import Choice

# ---------------------------------------------------------------------------------------------
# Forms, packs and the Avondale table, written out by hand

#: The six Five Hundred forms of the registry and their player counts.
FORMS: dict[str, int] = {
    "five-hundred": 4,
    "five-hundred-2": 2,
    "five-hundred-3": 3,
    "five-hundred-5": 5,
    "five-hundred-6": 6,
    "five-hundred-quebec": 4,
}

SUITS = "SHDC"
#: Ranks low to high as printed on the cards; 11, 12 and 13 sit between the 10 and the jack.
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")
PARTNER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}
STD = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def _suit_cards(suit: str, ranks: Iterable[str]) -> list[str]:
    return [r + suit for r in ranks]


def expected_pack(name: str) -> set[str]:
    """The exact cards of a pack, from the table in docs/rules.md 3.1 (codes, ``JK``/``JK2``)."""
    from_four = STD[2:]
    from_five = STD[3:]
    cards: list[str] = []
    if name == "43":  # facts 38: red A-4, black A-5, one joker
        for s in SUITS:
            cards += _suit_cards(s, from_four if s in "HD" else from_five)
        return {*cards, "JK"}
    if name == "43-odd-fours":  # 4S and 4D out instead of the black 4s
        for s in SUITS:
            cards += _suit_cards(s, from_four if s in "HC" else from_five)
        return {*cards, "JK"}
    if name == "45":  # fact 39
        for s in SUITS:
            cards += _suit_cards(s, from_four)
        return {*cards, "JK"}
    if name == "33":  # fact 40: A K Q J 10 9 8 7
        for s in SUITS:
            cards += _suit_cards(s, STD[5:])
        return {*cards, "JK"}
    if name == "53":  # fact 41
        for s in SUITS:
            cards += _suit_cards(s, STD)
        return {*cards, "JK"}
    if name == "63":  # fact 42: 11s and 12s of all suits, 13s of the red suits
        for s in SUITS:
            cards += _suit_cards(s, (*STD, "11", "12", *(("13",) if s in "HD" else ())))
        return {*cards, "JK"}
    if name == "65":
        for s in SUITS:
            cards += _suit_cards(s, (*STD, "11", "12", "13"))
        return {*cards, "JK"}
    if name == "46":  # fact 64: 52 less the 2s and 3s, two jokers
        for s in SUITS:
            cards += _suit_cards(s, from_four)
        return {*cards, "JK", "JK2"}
    raise AssertionError(name)


#: The Avondale schedule, copied cell by cell from docs/rules.md 3.3 (not from the formula).
AVONDALE: dict[str, int] = {}
for _tricks, _row in zip(range(6, 11), (
    (40, 60, 80, 100, 120),
    (140, 160, 180, 200, 220),
    (240, 260, 280, 300, 320),
    (340, 360, 380, 400, 420),
    (440, 460, 480, 500, 520),
), strict=True):
    for _den, _value in zip(("S", "C", "D", "H", "NT"), _row, strict=True):
        AVONDALE[f"{_tricks}{_den}"] = _value
SPECIAL_VALUES = {"misere": 250, "open-misere": 500, "nullo": 150, "open-nullo": 250,
                  "hi-lo": 350, "double-nullo": 450}
LOSING = {"misere", "open-misere", "nullo", "open-nullo", "double-nullo"}
ALONE = {"misere", "open-misere", "nullo", "open-nullo", "hi-lo"}
OPEN = {"open-misere", "open-nullo"}

#: The Australian ladder (27 contracts, lowest first), as docs/rules.md 3.2 lists it.
AUSTRALIAN_LADDER: tuple[str, ...] = (
    "6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT", "misere",
    "8S", "8C", "8D", "8H", "8NT", "9S", "9C", "9D", "9H", "9NT",
    "10S", "10C", "10D", "open-misere", "10H", "10NT",
)


def ladder_for(ruleset: tc.Ruleset) -> list[str]:
    """Every call the ruleset allows, in rank order: docs/rules.md 3.2's trick calls, and each special
    call put where the ruleset's ladder places it (just above or just below a trick call, or at
    the top).  The ladder's data is read, never its ranks: the order is built here."""
    calls = [c for c in AUSTRALIAN_LADDER if c not in ("misere", "open-misere")]
    for rung in ruleset.ladder.rungs:
        if rung.place is None or not rung.allowed:
            continue
        if rung.place.side == "top":
            calls.append(rung.code)
        else:
            at = calls.index(rung.place.anchor)
            calls.insert(at + 1 if rung.place.side == "above" else at, rung.code)
    return calls


def call_value(call: str, ruleset: tc.Ruleset) -> int:
    """docs/rules.md's Avondale value of a trick call; a special call's value as the ruleset sets it."""
    return AVONDALE[call] if call in AVONDALE else ruleset.ladder.rung(call).value


def call_timing(call: str, ruleset: tc.Ruleset) -> str:
    """When the ruleset's ladder says the call may be made (``any-time``, ``over-a-seven``...)."""
    return ruleset.ladder.rung(call).timing.value


def call_tricks(call: str) -> int | None:
    return int(call[:-2] if call.endswith("NT") else call[:-1]) if call in AVONDALE else None


def call_trump(call: str) -> str | None:
    """The trump suit a call names (None at no trumps and for the special calls)."""
    if call not in AVONDALE or call.endswith("NT"):
        return None
    return call[-1]


def normal_call(code: str) -> str:
    """Record codes to ladder names: ``inkle-H`` is the six-level call ``6H``."""
    return "6" + code[6:] if code.startswith("inkle-") else code


# ---------------------------------------------------------------------------------------------
# Card power: following suit and trick winners under bowers and jokers


def split(code: str) -> tuple[str | None, str | None]:
    """(rank, suit) of a code; (None, None) for a joker."""
    if code.startswith("JK"):
        return None, None
    return code[:-1], code[-1]


def is_high_joker(code: str) -> bool:
    return code in ("JK", "JK1")


class Power:
    """Suits and ranks of cards under one contract (a second reading of docs/rules.md 3.0 and 3.5).

    ``trump`` is a suit letter or None (no trumps, misère, no contract).  ``named`` is the suit
    the contractor named for the (higher) joker at no trumps.  ``odd_fours``: the 4 of the trump
    colour's other suit is the lowest trump.
    """

    def __init__(self, trump: str | None, named: str | None = None, odd_fours: bool = False):
        self.trump = trump
        self.named = named if trump is None else None
        self.odd_fours = odd_fours

    def suit(self, code: str) -> str | None:
        rank, suit = split(code)
        if rank is None:
            if self.trump is not None:
                return self.trump
            return self.named if is_high_joker(code) else None
        left = self.trump is not None and suit == PARTNER_SUIT[self.trump]
        if left and (rank == "J" or (self.odd_fours and rank == "4")):
            return self.trump
        return suit

    def key(self, code: str) -> int:
        """Power inside its own suit (higher wins)."""
        rank, suit = split(code)
        if rank is None:
            return 1000 if is_high_joker(code) else 999
        if self.trump is not None and rank == "J":
            if suit == self.trump:
                return 998
            if suit == PARTNER_SUIT[self.trump]:
                return 997
        if self.trump is not None and self.odd_fours and rank == "4" \
                and suit == PARTNER_SUIT[self.trump]:
            return -1
        return RANK_ORDER.index(rank)

    def winner(self, cards: Sequence[str], lead_name: str | None = None) -> int:
        """Position of the winning card (``lead_name``: the suit named when a joker was led)."""
        if self.trump is None:
            free = [i for i, c in enumerate(cards) if c.startswith("JK") and self.suit(c) is None]
            if free:  # an unnamed joker at no trumps wins; with two, the higher
                return max(free, key=lambda i: self.key(cards[i]))
        led = lead_name if lead_name is not None else self.suit(cards[0])
        trumps = [i for i, c in enumerate(cards) if self.trump and self.suit(c) == self.trump]
        pool = trumps or [i for i, c in enumerate(cards) if self.suit(c) == led]
        return max(pool, key=lambda i: self.key(cards[i]))


def power_for(ruleset: tc.Ruleset, contract: str | None, named: str | None) -> Power:
    trump = call_trump(contract) if contract else None
    return Power(trump, named, odd_fours=ruleset.deck.value == "43-odd-fours")


# ---------------------------------------------------------------------------------------------
# Building positions


def codes(cards: Iterable[tc.Card]) -> list[str]:
    return [c.code for c in cards]


def code_set(cards: Iterable[tc.Card]) -> set[str]:
    return {c.code for c in cards}


def rules(key: str = "five-hundred", **options: Any) -> tc.Ruleset:
    return tc.with_options(tc.get_variant(key), options) if options else tc.get_variant(key)


def pack_codes(ruleset: tc.Ruleset) -> list[str]:
    """The engine's pack for a ruleset, as codes (checked against expected_pack elsewhere)."""
    from trickcore.cards.packs import pack_cards

    return [c.code for c in pack_cards(ruleset.deck)]


def build_deal(
    ruleset: tc.Ruleset,
    fixed: Mapping[int, str] | None = None,
    *,
    kitty: str | None = None,
    dealer: int | None = None,
    seed: int = 0,
    players: int | None = None,
) -> tc.Deal:
    """A deal in which the seats of ``fixed`` hold (at least) the given cards, the kitty is
    ``kitty`` if given, and the other cards are shared out at random from ``seed``."""
    n = players or ruleset.players[0]
    size = ruleset.max_hand_size(n)
    if dealer is None:
        dealer = n - 1  # eldest is seat 0
    hands: list[list[str]] = [[] for _ in range(n)]
    for seat, text in (fixed or {}).items():
        hands[seat] = text.split()
    kit = kitty.split() if kitty else []
    given = [c for h in hands for c in h] + kit
    assert len(given) == len(set(given)), f"a card is given twice: {given}"
    used = set(given)
    rest = [c for c in pack_codes(ruleset) if c not in used]
    random.Random(seed).shuffle(rest)
    for seat in range(n):
        need = size - len(hands[seat])
        assert need >= 0, f"seat {seat} holds too many cards"
        hands[seat] += rest[:need]
        rest = rest[need:]
    table: list[list[list[str]]] = []
    for _seat in range(n if ruleset.table_piles else 0):
        piles = []
        for _ in range(ruleset.table_piles):
            piles.append(rest[:2])
            rest = rest[2:]
        table.append(piles)
    dead: list[str] = []
    if ruleset.dead_hand:
        dead, rest = rest[:size], rest[size:]
    if not kit:
        kit, rest = rest, []
    assert not rest, rest
    return tc.deal_from_hands(ruleset, [" ".join(h) for h in hands], dealer=dealer,
                              kitty=" ".join(kit), table=table, dead=" ".join(dead))


def start(ruleset: tc.Ruleset, fixed: Mapping[int, str] | None = None, **kw: Any) -> tc.HandState:
    return tc.HandState(ruleset, build_deal(ruleset, fixed, **kw))


def auction(state: tc.HandState, calls: Iterable[str]) -> tc.HandState:
    """Make the calls in turn; afterwards everyone still bidding passes."""
    for call in calls:
        state.bid(call)
    while state.phase is tc.Phase.BIDDING:
        state.bid("pass")
    return state


def win_auction(state: tc.HandState, seat: int, call: str, before: Sequence[str] = ()) -> None:
    """Seat ``seat`` ends up with ``call``: the calls in ``before`` come first (made by whoever
    is to act), then everyone passes until ``seat`` calls, then everyone else passes."""
    for c in before:
        state.bid(c)
    while state.to_act != seat:
        state.bid("pass")
    state.bid(call)
    while state.phase is tc.Phase.BIDDING:
        state.bid("pass")
    assert state.contractor == seat, (state.contractor, seat)


def discard_keeping(state: tc.HandState, keep: str = "") -> list[str]:
    """The contractor discards as many cards as the kitty held, never one of ``keep``."""
    seat = state.to_act
    assert seat is not None
    keeps = set(keep.split())
    spare = [c for c in codes(state.hand(seat)) if c not in keeps]
    chosen = spare[: state.discard_count]
    state.discard(chosen)
    return chosen


def to_play(state: tc.HandState, *, keep: str = "", partner: str | None = None,
            joker: str | None = None) -> tc.HandState:
    """From the discard phase to the first lead: discard (keeping ``keep``), call ``partner``
    (five-hand), name the joker ``joker`` if asked."""
    if state.phase is tc.Phase.DISCARD:
        discard_keeping(state, keep)
    if state.phase is tc.Phase.CALL:
        state.call_partner(partner)
    if state.phase is tc.Phase.JOKER:
        state.name_joker(joker)
    return state


def snapshot(state: tc.HandState) -> tuple[Any, ...]:
    """Everything a refused action must leave unchanged."""
    return (
        tuple(state.hands), tuple(state.calls), tuple(state.passed), state.high,
        state.contract, state.contractor, state.kitty, state.discards, state.called_card,
        state.partner, state.joker_suit, state.sides, state.active, tuple(state.exposed),
        state.made, tuple(state.table_up), tuple(state.tricks), tuple(state.tricks_won),
        tuple(state.events), state.phase, state.to_act, state.leader, state.current,
        state.points, state.legal_actions, state.to_act_source, state.trump,
    )


# ---------------------------------------------------------------------------------------------
# Bots


class CautiousBot:
    """Random legal play, but a shy bidder: passes often and otherwise makes one of the lowest
    legal calls, so that matches last many deals and every kind of contract comes up."""

    def __init__(self, seed: int, pass_rate: float = 0.55, spread: int = 4) -> None:
        self.rng = random.Random(seed)
        self.inner = tc.RandomBot(rng=self.rng)
        self.pass_rate = pass_rate
        self.spread = spread

    def __call__(self, state: tc.HandState) -> Any:
        if state.phase is tc.Phase.BIDDING:
            legal = state.legal_bids
            calls = [c for c in legal if not c.is_pass]
            if legal[0].is_pass and (not calls or self.rng.random() < self.pass_rate):
                return Choice(legal[0], "pass")
            return Choice(self.rng.choice(calls[: self.spread]), "a low call")
        return self.inner(state)


def bots(kind: str, players: int, seed: int) -> list[Any]:
    if kind == "random":
        return [tc.RandomBot(seed=seed * 100 + s) for s in range(players)]
    if kind == "cautious":
        return [CautiousBot(seed * 100 + s) for s in range(players)]
    raise AssertionError(kind)


def playout(state: tc.HandState, seed: int) -> tc.HandState:
    """A copy of ``state`` played to the end by random bots."""
    out = state.copy()
    tc.play_deal(out, [tc.RandomBot(seed=seed * 10 + s) for s in range(out.players)])
    return out


def find_playout(state: tc.HandState, want: Any, tries: int = 3000) -> tc.HandState:
    """The first random playout (by seed) for which ``want(final_state)`` holds."""
    for seed in range(tries):
        done = playout(state, seed)
        if want(done):
            return done
    raise AssertionError("no playout found")


# ---------------------------------------------------------------------------------------------
# Cards accounted for


def unseen_cards(state: tc.HandState) -> list[str]:
    """Every card of the deal that is not in a completed trick, as codes (with repeats, if
    the engine ever held one card in two places)."""
    played = {c for t in state.tricks for c in t.cards}
    out: list[str] = []
    for seat in range(state.players):
        out += codes(state.hand(seat))
        out += codes(state.table(seat))
    for piles in state.deal.table:
        out += [down.code for down, up in piles if up not in played]  # still face down
    out += codes(state.current.cards)
    out += codes(state.discards)
    out += codes(state.deal.dead)
    if state.contract is None:
        out += codes(state.kitty)
    return out


def all_cards_of(state: tc.HandState) -> list[str]:
    played = [c.code for t in state.tricks for c in t.cards]
    return played + unseen_cards(state)


# ---------------------------------------------------------------------------------------------
# The record checker: a whole match record replayed by the second reading of the rules


class Oracle(AssertionError):
    """The record breaks the test's reading of the rules."""


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise Oracle(message)


def _sides(ruleset: tc.Ruleset, n: int, contractor: int | None,
           partner: int | None) -> list[list[int]]:
    kind = ruleset.partnership.value
    if kind == "alternate":
        return [list(range(0, n, 2)), list(range(1, n, 2))]
    if kind == "three-pairs":
        return [[0, 3], [1, 4], [2, 5]]
    if kind == "called" and contractor is not None and partner is not None:
        team = sorted((contractor, partner))
        return [team, *([s] for s in range(n) if s not in team)]
    return [[s] for s in range(n)]


def _side_of(sides: list[list[int]], seat: int) -> list[int]:
    return next(side for side in sides if seat in side)


def check_auction(ruleset: tc.Ruleset, n: int, dealer: int,
                  bids: list[dict[str, Any]]) -> tuple[int, str] | None:
    """Check the calls of one deal; return (contractor, call) or None when thrown in."""
    ladder = ladder_for(ruleset)
    single = ruleset.auction_rounds.value == "single"
    passed = [False] * n
    high: tuple[int, str] | None = None
    seat = (dealer + 1) % n
    made: list[int] = []
    for i, entry in enumerate(bids):
        _need(entry["seat"] == seat, f"call {i}: seat {entry['seat']} called out of turn")
        call = normal_call(entry["bid"])
        if call != "pass":
            _need(call in ladder, f"call {call} is not on this ladder")
            if high is not None:
                _need(ladder.index(call) > ladder.index(high[1]),
                      f"{call} does not outrank {high[1]}")
            timing = call_timing(call, ruleset)
            if timing == "over-a-seven":
                _need(high is not None and call_tricks(high[1]) == 7,
                      f"{call} needs a seven to beat")
            if timing == "after-an-eight":
                _need(any((call_tricks(normal_call(b["bid"])) or 0) >= 8 for b in bids[:i]),
                      f"{call} needs an earlier eight")
            if timing == "first-two":
                _need(seat in ((dealer + 1) % n, (dealer + 2) % n) and seat not in made,
                      "only the first two may inkle")
            high = (seat, call)
            made.append(seat)
        else:
            passed[seat] = True
        if single:
            if i == n - 1:
                _need(i == len(bids) - 1, "one round only")
                break
            seat = (seat + 1) % n
            continue
        live = [s for s in range(n) if not passed[s]]
        if not live or (high is not None and len(live) == 1):
            _need(i == len(bids) - 1, "calls after the auction ended")
            break
        seat = (seat + 1) % n
        while passed[seat]:
            seat = (seat + 1) % n
    else:
        raise Oracle("the auction never ended")
    if high is None:
        return None
    if not ruleset.ladder.rung(high[1]).contract:
        return None
    return high


def check_deal(ruleset: tc.Ruleset, n: int, data: dict[str, Any]) -> dict[str, Any]:
    """Check one deal of a record against the second reading; returns facts about it."""
    pack = expected_pack(ruleset.deck.value)
    quebec = ruleset.deck.value == "46"

    def norm(code: str) -> str:
        return "JK" if code == "JK1" else code

    hands = [[norm(c) for c in h] for h in data["hands"]]
    kitty = [norm(c) for c in data["kitty"]]
    table = [[[norm(c) for c in pile] for pile in piles] for piles in data.get("table") or []]
    dead = [norm(c) for c in data.get("dead") or []]
    every = [c for h in hands for c in h] + kitty + [c for p in table for q in p for c in q] + dead
    _need(sorted(every) == sorted(pack), "hands, kitty, table and dead hand are not the pack")
    _need(all(len(h) == ruleset.max_hand_size(n) for h in hands), "hand sizes")
    _need(len(kitty) == {"46": 6, "45": 5, "65": 5}.get(ruleset.deck.value, 3), "kitty size")
    if ruleset.table_piles:
        _need(all(len(p) == ruleset.table_piles for p in table), "table piles")
    if quebec:
        _need("JK1" in [c for h in data["hands"] for c in h] + data["kitty"]
              + [c for p in data.get("table") or [] for q in p for c in q], "JK1 is written JK1")
    dealer = data["dealer"]
    high = check_auction(ruleset, n, dealer, data["bids"])
    facts: dict[str, Any] = {"contract": high, "ended_early": False, "joker_leads": [],
                             "made": None, "partner": None, "tricks_won": [0] * n,
                             "sides": _sides(ruleset, n, None, None)}
    if high is None:
        _need(data["contract"] is None, "no contract")
        no_trump_tricks = ruleset.all_pass.value == "no-trump-tricks"
        if not no_trump_tricks:
            _need(not data["tricks"] and data["points"] == [0] * n, "thrown in: no play, no points")
            _need(data["made"] is None, "made is null when thrown in")
            return facts
    contractor, call = high if high is not None else (None, None)
    if high is not None:
        _need(data["contract"] == {"seat": contractor, "bid": data["bids"][
            max(i for i, b in enumerate(data["bids"]) if b["bid"] != "pass")]["bid"]},
            f"contract {data['contract']}")
    holding = [set(h) for h in hands]
    discards = [norm(c) for c in data["discards"]]
    if contractor is not None:
        pool = holding[contractor] | set(kitty)
        _need(len(discards) == len(kitty) and len(set(discards)) == len(kitty),
              "discard as many as the kitty")
        _need(set(discards) <= pool, "discards must be held")
        holding[contractor] = pool - set(discards)
    else:
        _need(discards == [], "no discards without a contract")
    # the partner call (five-hand)
    partner = None
    called = data.get("called_card")
    power = power_for(ruleset, call, None)
    if ruleset.partnership.value == "called" and call is not None and call not in ALONE:
        if called is not None:
            rank, _ = split(called)
            _need(rank is not None, "the joker may not be called")
            rule = ruleset.called_card.value
            if rule == "not-joker-or-bower":
                _need(not (rank == "J" and power.suit(called) == power.trump and power.trump),
                      "a bower may not be called")
            if rule == "no-trump":
                _need(power.trump is None or power.suit(called) != power.trump,
                      "a trump may not be called")
            _need(called not in holding[contractor] and called not in discards,
                  "the contractor's own card")
            partner = next(s for s in range(n) if called in holding[s])
        _need(data.get("partner") == partner, "partner is the called card's holder")
    else:
        _need(called is None, "no partner call here")
    sides = _sides(ruleset, n, contractor, partner)
    _need(sorted(map(sorted, data["sides"])) == sorted(map(sorted, sides)),
          f"sides {data['sides']} != {sides}")
    facts["sides"] = sides
    if call == "double-nullo":  # the partner takes the caller's discards and discards as many
        mate = next(s for s in _side_of(sides, contractor) if s != contractor)
        again = [norm(c) for c in data["partner_discards"]]
        pool = holding[mate] | set(discards)
        _need(len(set(again)) == len(again) == len(kitty) and set(again) <= pool,
              "the partner's discards")
        holding[mate] = pool - set(again)
    # the joker's suit at no trumps (pagat)
    named = data["joker_suit"]
    if named is not None:
        # Two-hand: the contractor also holds the cards face up on their table.
        table_up = {norm(p[1]) for p in (table[contractor] if table else [])}
        _need(call is not None and call_trump(call) is None and call != "hi-lo"
              and ("JK" in holding[contractor] or "JK" in table_up)
              and ruleset.joker_rule.value == "pagat", "the joker is named only by its holder")
    power = power_for(ruleset, call, named)
    # who plays
    team = _side_of(sides, contractor) if contractor is not None else []
    out = set(team) - {contractor} if call in ALONE else set()
    active = [s for s in range(n) if s not in out]
    facts["sitting_out"] = sorted(out)
    up = [set(p[1] for p in piles) for piles in table]
    under = [{p[1]: p[0] for p in piles} for piles in table]
    if contractor is not None and ruleset.contractor_leads:
        leader = contractor
    else:
        leader = (dealer + 1) % n
        while leader not in active:
            leader = (leader + 1) % n
    source = "hand"
    suits_led: set[str] = set()
    tricks_won = [0] * n
    misere = call in LOSING
    hand_size = ruleset.max_hand_size(n)
    total = hand_size
    ended_early = False
    for t, trick in enumerate(data["tricks"]):
        _need(not ended_early, "tricks after the misère was lost")
        _need(trick["leader"] == leader, f"trick {t}: leader")
        if ruleset.table_piles:
            other = 1 - leader
            if ruleset.two_hand_form.value == "pagat":
                first, second = ("table", "hand") if source == "table" else ("hand", "table")
                order = [(leader, first), (other, first), (leader, second), (other, second)]
            else:
                ring = [(0, "hand"), (1, "hand"), (0, "table"), (1, "table")]
                k = ring.index((leader, source))
                order = ring[k:] + ring[:k]
        else:
            order = [((leader + i) % n, "hand") for i in range(n)]
            order = [o for o in order if o[0] in active]
        cards = [norm(c) for c in trick["cards"]]
        _need(len(cards) == len(order), f"trick {t}: {len(cards)} cards")
        by = trick.get("by", [(leader + i) % n for i in range(len(cards))])
        _need(by == [o[0] for o in order], f"trick {t}: order of play {by}")
        if ruleset.table_piles:
            _need(trick["from"] == [o[1] for o in order], f"trick {t}: sources")
        lead_name = trick.get("joker_suit")
        led: str | None = None
        for k, ((seat, src), card) in enumerate(zip(order, cards, strict=True)):
            held = up[seat] if src == "table" else holding[seat]
            _need(card in held, f"trick {t}: seat {seat} does not hold {card} ({src})")
            free_joker = card.startswith("JK") and power.suit(card) is None
            if k == 0:
                if free_joker and ruleset.joker_rule.value == "pagat":
                    unled = [s for s in SUITS if s not in suits_led]
                    if unled:
                        _need(lead_name in unled, f"trick {t}: the joker must name an unled suit")
                    else:
                        only_jokers = all(c.startswith("JK") for c in held)
                        _need(t == total - 1 or only_jokers,
                              f"trick {t}: the joker led after all four suits")
                        _need(lead_name is None, "no suit to name")
                else:
                    _need(lead_name is None or free_joker, "only a free joker names a suit")
                led = lead_name if lead_name is not None else power.suit(card)
                if led is not None:
                    suits_led.add(led)
            elif led is not None:
                follow = {c for c in held if power.suit(c) == led}
                if follow:
                    _need(card in follow, f"trick {t}: seat {seat} must follow {led} with"
                                          f" {sorted(follow)}, not {card}")
                elif misere and ruleset.joker_rule.value == "pagat":
                    jokers = {c for c in held if c.startswith("JK") and power.suit(c) is None}
                    if jokers:
                        _need(card in jokers, f"trick {t}: the joker must be played in misère")
            held.discard(card)
        pos = power.winner(cards, lead_name)
        winner = order[pos][0]
        _need(trick["winner"] == winner, f"trick {t}: winner {trick['winner']} != {winner}")
        tricks_won[winner] += 1
        if ruleset.table_piles:
            for (seat, src), card in zip(order, cards, strict=True):
                if src == "table" and card in under[seat]:
                    up[seat].add(under[seat].pop(card))
            source = order[pos][1]
        leader = winner
        if misere and ruleset.misere_ends_at_first_trick and (
            winner == contractor or (call == "double-nullo" and winner in team)
        ):
            ended_early = True
    if not ended_early:
        _need(len(data["tricks"]) == total, "every trick is played")
    _need(data["tricks_won"] == tricks_won, "tricks_won")
    facts["tricks_won"] = tricks_won
    facts["ended_early"] = ended_early
    # points
    points = [0] * n
    made: bool | None = None
    if call is None:
        for side in sides:  # all passed, played at no trumps: 10 a trick to each side
            for seat in side:
                points[seat] = 10 * sum(tricks_won[s] for s in side)
    else:
        value = call_value(call, ruleset)
        taken = sum(tricks_won[s] for s in team)
        if call in LOSING:
            made = taken == 0
        elif call == "hi-lo":
            made = tricks_won[contractor] == 5
        else:
            tricks = call_tricks(call)
            assert tricks is not None
            made = taken >= tricks
            if made and taken == hand_size and value < ruleset.slam_value:
                value = ruleset.slam_value
        share = value // 2 if partner is not None and ruleset.called_partner_half else value
        if made:
            for s in team:
                points[s] = share
        elif ruleset.failed_contract_to_opponents:
            for s in range(n):
                if s not in team:
                    points[s] = value
        else:
            for s in team:
                points[s] = -share
        if call in AVONDALE:
            for side in sides:
                if contractor not in side:
                    for s in side:
                        points[s] += 10 * sum(tricks_won[x] for x in side)
    _need(data["made"] == made, f"made {data['made']} != {made}")
    _need(data["points"] == points, f"points {data['points']} != {points}")
    for side in sides:
        _need(len({points[s] for s in side}) == 1, "partners carry equal points")
    facts["points"] = points
    facts["made"] = made
    facts["partner"] = partner
    facts["named"] = named
    facts["joker_leads"] = [t.get("joker_suit") for t in data["tricks"] if t.get("joker_suit")]
    return facts


def game_end(ruleset: tc.Ruleset, n: int, per_deal: list[tuple[list[int], list[int], bool]]
             ) -> tuple[int, list[int]] | None:
    """Where a match ends: per deal (points, contract side, made).  docs/rules.md 3.6."""
    totals = [0] * n
    target = ruleset.target
    for i, (points, team, made) in enumerate(per_deal):
        totals = [a + b for a, b in zip(totals, points, strict=True)]
        side = team if made else []
        rule = ruleset.win_rule.value
        if rule == "walker-ultimate":
            winners = [s for s in side if totals[s] == target]
            losers = [s for s in range(n) if totals[s] >= 2 * target or totals[s] <= -target]
        elif rule == "contract-only":
            winners = [s for s in side if totals[s] >= target]
            losers = [s for s in range(n) if totals[s] <= -target]
        else:
            reached = [s for s in range(n) if totals[s] >= target]
            winners = [s for s in reached if s in side]
            if not winners and reached:
                best = max(totals[s] for s in reached)
                winners = [s for s in reached if totals[s] == best]
            losers = [s for s in range(n) if totals[s] <= -target]
        if winners:
            return i, sorted(winners)
        if losers:
            rest = [s for s in range(n) if s not in losers]
            best = max(totals[s] for s in rest) if rest else 0
            return i, [s for s in rest if totals[s] == best]
    return None


def check_record(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Check a whole Five Hundred record; returns the facts of each deal."""
    ruleset = tc.with_options(tc.get_variant(record["variant"]), record["options"])
    n = record["players"]
    all_facts = []
    totals = [0] * n
    per_deal = []
    dealer = record["deals"][0]["dealer"] if record["deals"] else 0
    redeals = 0
    for i, data in enumerate(record["deals"]):
        _need(data["dealer"] == dealer, f"deal {i}: dealer {data['dealer']} != {dealer}")
        facts = check_deal(ruleset, n, data)
        all_facts.append(facts)
        if data["points"] is not None:
            totals = [a + b for a, b in zip(totals, data["points"], strict=True)]
            _need(data["totals"] == totals, f"deal {i}: totals")
        team = (_side_of(facts["sides"], facts["contract"][0])
                if facts.get("contract") else [])
        per_deal.append((data["points"], team, bool(facts.get("made"))))
        end = game_end(ruleset, n, per_deal)
        if end is not None:
            _need(i == len(record["deals"]) - 1, "deals after the game ended")
        if ruleset.all_pass.value == "redeal" and facts["contract"] is None and redeals < 2:
            redeals += 1
        else:
            dealer, redeals = (dealer + 1) % n, 0
    end = game_end(ruleset, n, per_deal)
    if record["result"] is not None:
        _need(end is not None or len(per_deal) >= ruleset.max_deals, "a result before the end")
        _need(record["result"]["totals"] == totals, "result totals")
        if end is not None:
            _need(record["result"]["winners"] == end[1],
                  f"winners {record['result']['winners']} != {end[1]}")
    return all_facts


# ---------------------------------------------------------------------------------------------
# Golden records (tests/data/golden500/)

GOLDEN_DIR = pathlib.Path(__file__).parent / "data" / "golden500"


def dump(value: Any, indent: int = 0) -> str:
    """JSON laid out for people: one line per trick, per call and per flat field."""
    def flat(v: Any) -> bool:
        if isinstance(v, dict):
            return all(not isinstance(x, dict) and not (isinstance(x, list) and any(
                isinstance(y, dict) for y in x)) for x in v.values())
        if isinstance(v, list):
            return not any(isinstance(x, dict) for x in v)
        return True

    if flat(value):
        return json.dumps(value, ensure_ascii=False)
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dump(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dump(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def seeded_deal(key: str, seed: int, kind: str, options: Mapping[str, Any] | None = None,
                deals: int = 1) -> tc.Match:
    """The first ``deals`` deals of a seeded match, played by bots (0: the whole match)."""
    ruleset = tc.with_options(tc.get_variant(key), dict(options or {}))
    n = ruleset.players[0]
    match = tc.Match(ruleset, n, seed)
    players = bots(kind, n, seed)
    if deals == 0:
        match.play(players)
        return match
    for _ in range(deals):
        if match.is_over:
            break
        tc.play_deal(match.next_deal(), players)
    return match


def slam_match() -> tc.Match:
    """A constructed deal: seat 0 holds ten hearts, trumps, so 7H is a slam however it is played
    (the defenders hold no trump: every heart lead wins)."""
    ruleset = tc.get_variant("five-hundred")
    match = tc.Match(ruleset, 4, seed=500)
    deal = build_deal(ruleset, {0: "JK JH JD AH KH QH TH 9H 8H 7H"}, dealer=3, seed=500)
    state = match.next_deal(deal)
    win_auction(state, 0, "7H")
    discard_keeping(state, "JK JH JD AH KH QH TH 9H 8H 7H")
    tc.play_deal(state, bots("random", 4, 500))
    return match


def joker_lead_match() -> tc.Match:
    """A constructed deal at no trumps: seat 1 (a defender) holds the joker, leads a spade to
    trick 2 after winning trick 1, then leads the joker naming a suit not yet led."""
    ruleset = tc.get_variant("five-hundred")
    match = tc.Match(ruleset, 4, seed=501)
    deal = build_deal(ruleset, {0: "5S 6S 7S 8S 9S TS 5C 6C 7C 8C",
                                1: "JK AS KS QS JS AH KH QH AD KD",
                                2: "4H 5H 6H 7H 8H 9H TH 4D 5D 6D"},
                      kitty="JH JD AC", dealer=3, seed=501)
    state = match.next_deal(deal)
    win_auction(state, 0, "6NT")
    state.discard(["JH", "JD", "AC"])
    state.play("5S")  # trick 1: seat 1 wins with the ace
    state.play("AS")
    state.play("4H")
    rest = state.hand(3)
    state.play(next((c for c in rest if c.code.endswith("S")), rest[0]))
    assert state.tricks[-1].winner == 1
    state.play("JK", "C")  # clubs have not been led; spades have
    tc.play_deal(state, bots("random", 4, 501))
    return match


#: (file, how it is made, what it must show).  ``how`` is a seeded deal (key, seed, bots,
#: options, number of deals; 0 = the whole match) or the name of a constructed-deal function.
#: The seeds were found by ``make_golden500.py --search``.
GOLDEN500: list[tuple[str, Any, str]] = [
    ("four-hand-misere.json", ("five-hundred", 224, "cautious", {}, 1), "misere-made"),
    ("four-hand-open-misere.json", ("five-hundred", 0, "random", {}, 1), "open-misere"),
    ("four-hand-slam.json", ("five-hundred", 234, "cautious", {}, 1), "slam"),
    ("four-hand-slam-constructed.json", "slam_match", "slam"),
    ("four-hand-joker-lead.json", ("five-hundred", 43, "cautious", {}, 1), "joker-lead"),
    ("four-hand-joker-lead-constructed.json", "joker_lead_match", "joker-lead"),
    ("four-hand-match.json", ("five-hundred", 2, "cautious", {}, 0), "match"),
    ("two-hand.json", ("five-hundred-2", 0, "cautious", {}, 1), "two-hand"),
    ("five-hand-called-partner.json", ("five-hundred-5", 0, "cautious", {}, 1), "called"),
    ("three-hand.json", ("five-hundred-3", 0, "cautious", {}, 1), "three-hand"),
    ("six-hand.json", ("five-hundred-6", 0, "cautious", {}, 1), "six-hand"),
    ("quebec.json", ("five-hundred-quebec", 0, "cautious", {}, 1), "quebec"),
]

CONSTRUCTED = {"slam_match": slam_match, "joker_lead_match": joker_lead_match}


def golden_match(how: Any) -> tc.Match:
    if isinstance(how, str):
        return CONSTRUCTED[how]()
    key, seed, kind, options, deals = how
    return seeded_deal(key, seed, kind, options, deals)


def golden_text(how: Any) -> str:
    return dump(golden_match(how).record()) + "\n"


def shows(record: dict[str, Any], what: str) -> bool:
    """Does the record show what its golden file is for?"""
    deals = record["deals"]
    if what == "misere-made":
        return any(d["contract"] and d["contract"]["bid"] == "misere" and d["made"]
                   for d in deals)
    if what in ("misere", "open-misere"):  # with some play after the first trick
        return any(d["contract"] and d["contract"]["bid"] == what and len(d["tricks"]) >= 3
                   for d in deals)
    if what == "slam":
        return any(d["contract"] and d["made"] and d["contract"]["bid"] in AVONDALE
                   and sum(d["tricks_won"][s] for side in d["sides"]
                           if d["contract"]["seat"] in side for s in side) == 10
                   for d in deals)
    if what == "joker-lead":
        return any(d["contract"] and d["trump"] is None and any(
            t.get("joker_suit") for t in d["tricks"]) for d in deals)
    if what == "match":
        return record["result"] is not None and len(deals) > 3
    if what == "called":
        return any(d.get("called_card") and d.get("partner") is not None
                   and any(d["called_card"] in t["cards"] for t in d["tricks"]) for d in deals)
    if what in ("two-hand", "three-hand", "six-hand", "quebec"):
        return any(d["contract"] and d["tricks"] for d in deals)
    raise AssertionError(what)


def tamper(record: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    change(out)
    return out

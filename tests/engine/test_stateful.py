"""Stateful property tests: Hypothesis plays a match of every variant and player count (and
the option sets of tests/invariants.py) one action at a time.

The rules of the machine: a random legal action (from ``legal_actions``, which must list only
actions ``apply`` accepts); a random illegal action (out of phase, a card not held or not
playable, a bad bid or call, a malformed code, a wrong number of discards), which must raise a
:class:`~trickcore.errors.TrickcoreError` and leave the whole state as it was; an undo to a
``HandState.copy()`` taken earlier, which must offer the same legal actions and, replayed, reach
the same state; a record round-trip of the match so far (finished or not); the next deal, and a
next deal asked for too early.  The invariants of tests/invariants.py are checked after every
step.

The normal run is short (a few seconds a family); ``HYPOTHESIS_PROFILE=soak`` runs many more
and longer matches.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from invariants import (
    CardLedger,
    check_match,
    check_record,
    check_state,
    ruleset_of,
    snapshot,
    tables,
)

import trickcore as tc
from trickcore.cards import Card, Suit
from trickcore.engine.events import Phase

#: (max_examples, stateful_step_count) per profile: the normal run, and the long one.
PROFILES = {"default": (25, 80), "soak": (1000, 200)}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
EXAMPLES, STEPS = PROFILES.get(PROFILE, PROFILES["default"])
SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
                    derandomize=PROFILE != "soak",  # the normal run is the same every time
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example])

FAMILIES = ("oh-hell", "humbug", "five-hundred")
TABLES = {family: [t for t in tables() if ruleset_of(t).family == family] for family in FAMILIES}

#: The whole pack the engine knows (52 cards and the jokers).
EVERY_CARD: tuple[Card, ...] = tuple(Card.parse(r + s) for s in "SHDC" for r in "23456789TJQKA")
#: Strings that are neither a card, a bid nor a call.
MALFORMED = ("", "ZZ", "QQ", "1X", "AAS", "XS", "11NT", "-1S", "NTNT", "?", "pass pass", "7", "♠")


def _jokers(state: tc.HandState) -> list[Card]:
    masks = [*state.hands, *state.table_up]
    found: list[Card] = []
    for mask in masks:
        found += [c for c in tc.cards_of(mask) if c.is_joker]
    found += [c for c in state.deal.kitty if c.is_joker]
    return found


def illegal_candidates(state: tc.HandState) -> list[Any]:
    """Actions ``apply`` must refuse in this state, each one illegal by construction."""
    legal = state.legal_actions
    phase = state.phase
    seat = state.to_act
    held = list(state.hand(seat)) if seat is not None else []
    out: list[Any] = list(MALFORMED)
    out += [i for i in (-2, -1, *range(state.hand_size + 3), 11, 10**6) if i not in legal]
    out += [True, False, 1.5, [], {}]
    if None not in legal:
        out.append(None)
    # with two packs a card's code (its first copy) stands for the copy the seat holds
    cards = [c for c in (*EVERY_CARD, *_jokers(state)) if c not in legal and c.twin not in legal]
    if phase is Phase.PLAYING and state.ruleset.revokes_allowed:  # any held card may be played
        cards = [c for c in cards if c not in held]
    out += cards
    if not (phase is Phase.BIDDING and state.auction):  # there a card code is a call code
        out += [c.code for c in cards if not c.is_joker]
    out += [s for s in Suit if s not in legal]
    for card in [*held[:3], *_jokers(state)]:
        out += [(card, s) for s in (*Suit, None, "X")
                if (card, s) not in legal and not (s is None and card in legal)]
    if phase is Phase.DISCARD:
        count = state.discard_count
        if len(held) > count:
            out.append(held[:count + 1])
        out.append(held[:count - 1] if count > 1 else [])
        out.append([*held[:count - 1],
                    *[c for c in EVERY_CARD if c not in held and c.twin not in held][:1]])
        if held[0].twin not in held:  # else "2S 2S" names both copies (two packs)
            out.append([held[0]] * count if count > 1 else [held[0], held[0]])
    elif held:
        out.append([held[0]])
    return out


class MatchMachine(RuleBasedStateMachine):
    """One match of one table, played, refused, undone and recorded at random."""

    TABLES: ClassVar[list[tuple[str, dict[str, Any], int]]] = []
    #: What the runs did: actions per phase, undos, records, deals (the test checks the reach).
    SEEN: ClassVar[Counter[str]] = Counter()

    def __init__(self) -> None:
        super().__init__()
        self.match: tc.Match | None = None
        self.history: list[tuple[tc.HandState, tuple[Any, ...], Any]] = []

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        table = data.draw(st.sampled_from(self.TABLES), label="table")
        seed = data.draw(st.integers(0, 2**40), label="seed")
        self.match = tc.Match(ruleset_of(table), table[2], seed)
        self._deal()

    def _deal(self) -> None:
        assert self.match is not None
        self.state = self.match.next_deal()
        self.ledger = CardLedger(self.state)
        self.history = []

    @precondition(lambda self: self.match is not None and not self.state.is_over)
    @rule(data=st.data(), count=st.integers(1, 30))
    def legal_actions(self, data: st.DataObject, count: int) -> None:
        """Up to ``count`` legal actions (fewer if the deal ends), each one undoable."""
        for _ in range(count):
            if self.state.is_over:
                return
            actions = self.state.legal_actions
            action = data.draw(st.sampled_from(actions), label="legal")
            self.history.append((self.state.copy(), actions, action))
            self.SEEN[f"legal {self.state.phase.value}"] += 1
            self.state.apply(action)
            check_state(self.state, self.ledger)

    @precondition(lambda self: self.match is not None)
    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        state = self.state
        action = data.draw(st.sampled_from(illegal_candidates(state)), label="illegal")
        self.SEEN[f"illegal {state.phase.value}"] += 1
        before = snapshot(state)
        with pytest.raises(tc.TrickcoreError):
            state.check(action)
        assert snapshot(state) == before, f"check({action!r}) changed the state"
        with pytest.raises(tc.TrickcoreError):
            state.apply(action)
        assert snapshot(state) == before, f"a refused {action!r} changed the state"

    @precondition(lambda self: self.match is not None and bool(self.history))
    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        assert self.match is not None
        i = data.draw(st.integers(max(0, len(self.history) - 8), len(self.history) - 1),
                      label="undo to")
        saved, actions, _ = self.history[i]
        restored = saved.copy()
        assert restored.legal_actions == actions, "an undone state offers other actions"
        replay = saved.copy()
        for _, _, action in self.history[i:]:
            replay.apply(action)
        assert snapshot(replay) == snapshot(self.state), "replayed, the undone actions differ"
        self.match.deals = (*self.match.deals[:-1], restored)
        self.state = restored
        self.ledger = CardLedger(restored)
        del self.history[i:]
        self.SEEN["undo"] += 1

    @precondition(lambda self: self.match is not None)
    @rule()
    def record_round_trip(self) -> None:
        assert self.match is not None
        check_record(self.match)
        self.SEEN["record finished" if self.match.is_over else "record unfinished"] += 1

    @precondition(lambda self: self.match is not None and self.state.is_over
                  and not self.match.is_over)
    @rule()
    def next_deal(self) -> None:
        self._deal()
        self.SEEN["next deal"] += 1

    @precondition(lambda self: self.match is not None
                  and (not self.state.is_over or self.match.is_over))
    @rule()
    def next_deal_refused(self) -> None:
        assert self.match is not None
        deals = list(self.match.deals)
        with pytest.raises(tc.TrickcoreError):
            self.match.next_deal()
        assert self.match.deals == deals

    @invariant()
    def deal_and_match_invariants(self) -> None:
        if self.match is not None:
            check_state(self.state, self.ledger)
            check_match(self.match)


@pytest.mark.parametrize("family", FAMILIES)
def test_matches_stateful(family: str) -> None:
    seen: Counter[str] = Counter()
    machine = type(f"MatchMachine_{family}", (MatchMachine,),
                   {"TABLES": TABLES[family], "SEEN": seen})
    run_state_machine_as_test(machine, settings=SETTINGS)
    # The runs reached every kind of step (and Five Hundred its auction and kitty).
    reach = {"legal playing", "illegal playing", "illegal done", "undo", "record unfinished"}
    if family == "five-hundred":
        reach |= {"legal bidding", "illegal bidding", "legal discard"}
    assert reach <= set(seen), (family, dict(seen))


#: The tables dealt from two packs (identical cards), run on their own so that each is reached.
TWO_PACK_TABLES = [t for t in tables() if t[1].get("packs") == 2]


def test_two_pack_matches_stateful() -> None:
    seen: Counter[str] = Counter()
    machine = type("MatchMachine_two_packs", (MatchMachine,),
                   {"TABLES": TWO_PACK_TABLES, "SEEN": seen})
    run_state_machine_as_test(machine, settings=SETTINGS)
    assert {"legal playing", "illegal playing", "undo", "record unfinished"} <= set(seen)
    assert {("up-and-down-the-river", 8), ("five-hundred-6", 6)} <= {
        (t[0], t[2]) for t in TWO_PACK_TABLES}


def test_every_table_is_covered() -> None:
    """The families split the tables: every variant and player count is drawn from."""
    covered = {(t[0], t[2]) for family in FAMILIES for t in TABLES[family]}
    assert covered == {(k, n) for k in tc.variant_keys() for n in tc.get_variant(k).players}

"""A Monte Carlo bot: deal the unseen cards many ways, play each choice out, keep the best.

For a decision the bot samples *worlds*: the cards it cannot see (the other hands, and in
two-hand Five Hundred the face-down table cards) are shuffled and dealt out again consistently
with what it knows (its own cards, every card played or face up, and the suits other players
have shown they are void in).  In each world it tries every legal choice and plays the rest of
the deal out with a fast *rollout* bot (by default :class:`~trickcore.players.heuristic.HeuristicBot`), and
keeps the choice with the best average score for its side.  Humbug needs no sampling: both
hands are known.

It plays every variant.  Oh Hell bids are chosen the same way (each legal bid is tried in the
sampled worlds); in Five Hundred the auction, the discards, the partner call and the joker's
suit come from the heuristic bot, and the card play from the simulation.

>>> from trickcore.rules.registry import get_variant
>>> from trickcore.engine.match import Match
>>> from trickcore.players.heuristic import HeuristicBot
>>> match = Match(get_variant("oh-hell"), players=3, seed=3)
>>> state = match.next_deal()
>>> bot = MonteCarloBot(samples=4, seed=1)
>>> choice = bot(state)
>>> choice.action in state.legal_bids, choice.reason.startswith("bid")
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from trickcore import arguments
from trickcore.cards import Card, cards_of, pack_mask
from trickcore.engine.events import HAND, Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, Choice
from trickcore.i18n import _, format_decimal
from trickcore.players.heuristic import HeuristicBot

__all__ = ["MonteCarloBot", "sample_world", "shown_voids"]


def shown_voids(state: HandState) -> list[int]:
    """Per seat, a bit per suit index the seat is known to lack (it failed to follow it)."""
    voids = [0] * state.players
    suit_index = state.context.suit_index
    tricks = [*state.tricks, state.current]
    for trick in tricks:
        if len(trick.cards) < 2:
            continue
        led = int(trick.joker_suit) if trick.joker_suit is not None else suit_index[
            trick.cards[0].index]
        if led < 0:
            continue
        seats = trick.seats(state.players)
        for card, seat, source in zip(trick.cards[1:], seats[1:],
                                      (trick.sources or (HAND,) * len(trick.cards))[1:],
                                      strict=False):
            if source == HAND and suit_index[card.index] != led:
                voids[seat] |= 1 << led
    return voids


def _visible(state: HandState, seat: int) -> int:
    """Cards ``seat`` can see or account for: its own, the played, the face-up, its discards."""
    seen = state.hands[seat]
    for trick in state.tricks:
        for card in trick.cards:
            seen |= card.bit
    for card in state.current.cards:
        seen |= card.bit
    for s in range(state.players):
        seen |= state.table_up[s]
    for s in state.exposed:
        seen |= state.hands[s]
    if seat == state.contractor:
        for card in state.discards:
            seen |= card.bit
    if state.ruleset.open_hands:
        for s in range(state.players):
            seen |= state.hands[s]
    if state.deal.turn_up is not None:
        seen |= state.deal.turn_up.bit
    return seen


def sample_world(state: HandState, seat: int, rng: random.Random, tries: int = 50) -> HandState:
    """A copy of ``state`` with the cards ``seat`` cannot see dealt again at random.

    Each other hand keeps its size and gets no card of a suit its owner has shown void in
    (if the constraints cannot be met in ``tries`` shuffles, the voids are relaxed).
    """
    world = state.copy()
    if state.ruleset.open_hands:
        return world
    seen = _visible(state, seat)
    pack = pack_mask(state.ruleset.pack)
    exposed = set(state.exposed)
    slots: list[tuple[str, int, int]] = []  # (kind, owner, count): hands and face-down cards
    for s in range(state.players):
        if s != seat and s not in exposed and state.hands[s]:
            slots.append(("hand", s, state.hands[s].bit_count()))
    hidden_downs = state.covered_table_cards()  # two-hand: face-down cards under face-up ones
    pool = cards_of(pack & ~seen)
    voids = shown_voids(state)
    suit_index = state.context.suit_index
    for attempt in range(tries + 1):
        rng.shuffle(pool)
        assignment: dict[int, int] = {}
        rest = list(pool)
        ok = True
        for _kind, owner, count in sorted(slots, key=lambda t: -voids[t[1]].bit_count()):
            chosen = 0
            keep = []
            for card in rest:
                s = suit_index[card.index]
                if chosen.bit_count() < count and (attempt == tries or s < 0
                                               or not voids[owner] & (1 << s)):
                    chosen |= card.bit
                else:
                    keep.append(card)
            if chosen.bit_count() < count:
                ok = False
                break
            assignment[owner] = chosen
            rest = keep
        if ok:
            for owner, mask in assignment.items():
                world.set_hand(owner, mask)
            for (owner, up), card in zip(hidden_downs, rest, strict=False):
                world.set_face_down(owner, up, card)
            return world
    return world  # pragma: no cover - the last attempt ignores voids and always fits


def _side_points(state: HandState, seat: int) -> float:
    points = state.points or ()
    return float(points[seat]) if points else 0.0


class MonteCarloBot:
    """Chooses by sampling hidden cards and playing each legal choice out.

    ``samples`` worlds per decision; ``rollout`` plays the rest of each world (default
    :class:`~trickcore.players.heuristic.HeuristicBot`); ``seed`` makes the bot repeatable.

    >>> from trickcore.notation.codes import state_from_code
    >>> state = state_from_code("oh-hell-4-2718-10")   # a one-card deal
    >>> MonteCarloBot(samples=8, seed=1)(state)
    Choice(0, 'bid 0: it averaged 6.6 points over 8 sampled deals; next best 1 4.1')
    """

    def __init__(self, samples: int = 20, *, seed: int = 0,
                 rollout: Bot | None = None) -> None:
        self.samples = arguments.count(samples, "samples")
        self.rng = random.Random(arguments.count(seed, "seed", low=None))
        self.rollout: Bot = rollout if rollout is not None else HeuristicBot()
        self.heuristic = HeuristicBot()

    def __call__(self, state: HandState) -> Choice:
        phase = state.phase
        if phase is Phase.PLAYING:
            return self._choose(state, self._play_options(state), "play")
        if phase is Phase.BIDDING and not state.auction:
            return self._choose(state, list(state.legal_bids), "bid")
        choice = self.heuristic(state)
        return Choice(choice.action, _("(heuristic) {reason}").format(reason=choice.reason))

    def _play_options(self, state: HandState) -> list[Any]:
        options: list[Any] = []
        for card in state.legal_plays:
            names = state.joker_names(card)
            if names:
                options.extend((card, suit) for suit in names)
            else:
                options.append(card)
        return options

    def _playout(self, world: HandState, seat: int) -> float:
        bots = [self.rollout] * world.players
        while not world.is_over:
            answer = bots[world.to_act](world)  # type: ignore[index]
            world.apply(answer.action if isinstance(answer, Choice) else answer)
        return _side_points(world, seat)

    def _choose(self, state: HandState, options: Sequence[Any], verb: str) -> Choice:
        seat = state.to_act
        assert seat is not None
        if len(options) == 1:
            return Choice(options[0], _("{action}: the only legal choice").format(
                action=_action(verb, options[0])))
        totals = [0.0] * len(options)
        # Open hands (Humbug): every world is the deal itself, so one playout per choice tells
        # all when the rollout is the (deterministic) heuristic bot.
        samples = 1 if state.ruleset.open_hands and isinstance(self.rollout, HeuristicBot) \
            else self.samples
        for _sample in range(samples):
            world = sample_world(state, seat, self.rng)
            for i, option in enumerate(options):
                trial = world.copy()
                trial.apply(option)
                totals[i] += self._playout(trial, seat)
        means = [t / samples for t in totals]
        # Ties (equal cards, or rollouts that cannot tell them apart) go to the heuristic's
        # choice, then to the earlier option.
        preferred = self.heuristic(state).action
        order = sorted(range(len(options)),
                       key=lambda i: (-means[i], options[i] != preferred, i))
        best = order[0]
        runner = _("; next best {option} {mean}").format(
            option=_name(options[order[1]]), mean=format_decimal(means[order[1]], 1)) if len(
            order) > 1 else ""
        return Choice(options[best], _("{action}: it averaged {mean} points over {samples}"
                                       " sampled deals{runner}").format(
            action=_action(verb, options[best]), mean=format_decimal(means[best], 1),
            samples=samples, runner=runner))


def _action(verb: str, option: Any) -> str:
    """``bid 3``, ``play Q♠`` in the reader's language."""
    if verb == "bid":
        return _("bid {option}").format(option=_name(option))
    return _("play {option}").format(option=_name(option))


def _name(option: Any) -> str:
    if isinstance(option, tuple):
        card, suit = option
        return _("{card} calling {suit}").format(card=card.symbol, suit=suit.symbol)
    if isinstance(option, Card):
        return option.symbol
    return str(option)


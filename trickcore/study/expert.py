"""An expert card player: sample the hidden cards, solve every sample exactly, keep the best card.

This is perfect-information Monte Carlo, as the bridge program GIB played.  For a card to play
the bot deals the cards it cannot see again, many ways, consistently with what it knows
(:func:`~trickcore.players.montecarlo.sample_world`: its own cards, every card played or face
up, the suits other seats have shown void in).  In each sampled *world* every hand is open, so
for each legal card the exact solver (:mod:`trickcore.solver`) says what the seat's goal comes
to after that card with best play from there on; the card that reaches the goal in the most
worlds is played.  The goal:

- **Oh Hell family**: the seat's exact bid.  After a card the solver gives the seat's *range*:
  ``most``, the tricks it can force while every other seat plays to hold it down
  (:func:`~trickcore.solver.solve`), and ``fewest``, the tricks it can hold itself down to while
  every other seat plays to give it tricks (:func:`~trickcore.solver.solve_fewest`), each
  counted with the tricks it has already won.  A card *keeps the bid* in a world when the bid
  lies in ``[fewest, most]``.  The solver plays the other seats as one coalition against the
  seat, which no table of selfish players does: inside the range the bid is not promised (the
  others could still steer the seat off an exact count), but outside it the coalition can stop
  the bid whatever the seat does.  Ties go to the card whose range lies nearest the bid, summed
  over the worlds (below the bid by the tricks short; above it the count stops at one over).
- **Five Hundred**: the contract.  The contractor's side counts its tricks (:func:`solve` for
  the side, the defenders a coalition: exact for two partnerships), a card keeping the
  contract when the side can still take the contract's tricks; a defender's card keeps the
  defence when the defenders (every active seat off the contractor's side, one coalition) can
  still take enough to beat it.  Misère and nullo: the contractor wants no trick
  (:func:`solve_fewest` for the contractor), a defender wants to give it one.  Ties go to the
  card with more tricks for the seat's side.  With no contract (an auction every seat passed,
  played out) the seat's side takes as many tricks as it can.  In five-hand, a seat that does
  not know who holds the called card takes the called card's holder in each world as the
  contractor's partner.
- **Humbug**: both hands are open, so nothing is sampled:
  :class:`~trickcore.solver.bot.PerfectBot` plays.

An Oh Hell bid is chosen the same way: in each sampled world the solver gives the tricks the
seat can force and the tricks it can hold itself to over the whole hand, and the legal bid
that lies between them in the most worlds is bid (``ExpertBot._bid``; the hook is respected).

Left to the Monte Carlo bot (:class:`~trickcore.players.montecarlo.MonteCarloBot`, with the same
sample count and seed), exactly as it would decide them: the other decisions outside the card
play (Five Hundred's calls, kitty discards, partner call and joker's suit from the heuristic
bot, and the bids of two-pack tables), and the card play of the deals the solver does not take: two-hand
Five Hundred's face-down table cards, a suitless joker still in play at no trumps, double nullo
and hi-lo.  The bot is deterministic from its seed: a fixed number of worlds a decision, never a
time budget, so the same seed gives the same card on every machine.  Cards that are one card in
every world the seat can imagine (:func:`equal_cards`) are solved once.  Of cards that score
alike it plays the heuristic bot's, else the lowest.

The bot sits here, above both the players and the solver, because the package rules keep those
two apart (neither imports the other).

Seat 0 has bid one trick and has none; hearts are trumps, spades are led and it holds the ace
of trumps and the two of clubs.  Ruffing takes a trick but leaves it the club to lead, a second
trick wherever nobody else holds a club; throwing the club keeps the ace for the last trick,
which it takes whatever the others hold:

>>> from trickcore.engine.dealing import deal_from_hands
>>> from trickcore.rules.registry import get_variant
>>> rules = get_variant("british-oh-hell")
>>> deal = deal_from_hands(rules, ["AH 2C", "KS 5D", "5S 6D"], dealer=0, turn_up="9H")
>>> state = HandState(rules, deal)
>>> for bid in (0, 0, 1):
...     _ = state.bid(bid)
>>> _ = state.play("KS"), state.play("5S")
>>> ExpertBot(samples=8, seed=1)(state).reason
'play 2♣: it keeps the bid of 1 in reach in 8 of 8 sampled deals; next best A♥ in 6'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from trickcore import arguments
from trickcore.cards import Card, cards_of, pack_mask
from trickcore.engine.calls import LOSING_KINDS, CallKind
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import Choice
from trickcore.i18n import _, format_decimal
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.montecarlo import MonteCarloBot, sample_world
from trickcore.solver import Memory, PerfectBot, Position, PositionError, solve, solve_fewest
from trickcore.solver.result import low_first

__all__ = ["ExpertBot", "equal_cards"]

#: Contracts whose play the solver is not asked about (the review leaves them out too).
_UNSOLVED = frozenset({CallKind.DOUBLE_NULLO, CallKind.HI_LO})


class _Goal(NamedTuple):
    """What the seat plays for: ``kind`` is ``"bid"``, ``"most"``, ``"contract"``, ``"beat"``,
    ``"misere"`` or ``"stop-misere"``; ``target`` the bid or the contract's tricks."""

    kind: str
    target: int


class _Score(NamedTuple):
    """One card in one world: whether it keeps the goal, and a number to break ties (more is
    better)."""

    keeps: bool
    margin: int


class ExpertBot:
    """Plays the card that keeps the seat's goal in the most of ``samples`` sampled worlds,
    each solved exactly (see the module's description for the goal and what is left to
    :class:`~trickcore.players.montecarlo.MonteCarloBot`); ``seed`` makes it repeatable.

    >>> ExpertBot(samples=0)
    Traceback (most recent call last):
    ...
    trickcore.errors.ArgumentError: samples should be at least 1, not 0
    """

    def __init__(self, samples: int = 16, *, seed: int = 0) -> None:
        self.samples = arguments.count(samples, "samples")
        seed = arguments.count(seed, "seed", low=None)
        self.rng = random.Random(seed)
        self.montecarlo = MonteCarloBot(samples=self.samples, seed=seed)
        self.heuristic = HeuristicBot()
        self.perfect = PerfectBot()

    def __call__(self, state: HandState) -> Choice:
        if (state.phase is Phase.BIDDING and not state.auction and state.ruleset.packs == 1
                and not state.ruleset.open_hands):
            return self._bid(state)
        if state.phase is not Phase.PLAYING:
            return self.montecarlo(state)
        if state.ruleset.open_hands and state.players == 2:
            return self.perfect(state)
        seat = state.to_act
        assert seat is not None
        if not _solvable(state, seat):
            return self.montecarlo(state)
        options = list(state.legal_plays)
        if len(options) == 1:
            return Choice(options[0], _("{action}: the only legal choice").format(
                action=_play(options[0])))
        goal = _goal(state, seat)
        try:
            return self._choose(state, seat, goal, options)
        except PositionError:  # pragma: no cover - _solvable keeps such deals out
            return self.montecarlo(state)

    def _bid(self, state: HandState) -> Choice:
        """The Oh Hell bid that is in reach in the most sampled worlds.

        In each world every hand is open and the solver gives two counts for the whole hand,
        eldest leading: ``most``, the tricks the seat can force while the other seats, as one
        coalition, hold it down, and ``fewest``, the tricks it can hold itself to while they
        push tricks on it.  Where ``fewest <= most`` the seat can steer itself to any bid
        between them (the coalition can stop it only outside); where ``fewest > most`` the
        others decide, and the bid of ``most`` and the one over are counted in reach (the
        fewest search stops one over, as in the card play).  Ties go to the bid nearer those
        ranges, summed over the worlds, then to the heuristic bot's bid, then to the lower.
        Only legal bids are weighed, so the hook is respected.
        """
        seat = state.to_act
        assert seat is not None
        legal = [int(b) for b in state.legal_bids]
        if len(legal) == 1:
            return Choice(legal[0], _("bid {bid}: the only legal bid").format(bid=legal[0]))
        kept = dict.fromkeys(legal, 0)
        distance = dict.fromkeys(legal, 0)
        memory = Memory()
        leader = state.leader  # before the play, the seat that will lead the first trick
        for _sample in range(self.samples):
            world = sample_world(state, seat, self.rng)
            position = Position([world.hands[s] for s in range(world.players)], world.trump,
                                leader, (), context=world.context)
            most = solve(position, seat, all_best=False).tricks
            fewest = solve_fewest(position, seat, cards=False, limit=most + 1,
                                  memory=memory).tricks
            low, high = min(fewest, most), max(fewest, most)
            for bid in legal:
                kept[bid] += low <= bid <= high
                distance[bid] += max(0, low - bid, bid - high)
        preferred = self.heuristic(state).action
        order = sorted(legal, key=lambda b: (-kept[b], distance[b], b != preferred, b))
        best, runner = order[0], order[1]
        return Choice(best, _("bid {bid}: it is in reach with best play in {count} of "
                              "{samples} sampled deals; next best {other} in {other_count}")
                      .format(bid=best, count=kept[best], samples=self.samples, other=runner,
                              other_count=kept[runner]))

    def _choose(self, state: HandState, seat: int, goal: _Goal,
                options: Sequence[Card]) -> Choice:
        kept = [0] * len(options)
        margins = [0] * len(options)
        memory = Memory()  # the fewest searches of one decision share what they learn
        groups = equal_cards(state, seat, options)
        for _sample in range(self.samples):
            world = sample_world(state, seat, self.rng)
            for group in groups:  # one card of each group is solved: the others do the same
                trial = world.copy()
                trial.play(options[group[0]])
                score = _score(trial, seat, goal, memory)
                for i in group:
                    kept[i] += score.keeps
                    margins[i] += score.margin
        preferred = self.heuristic(state).action
        order = sorted(range(len(options)), key=lambda i: (
            -kept[i], -margins[i], options[i] != preferred, low_first(options[i])))
        best, runner = order[0], order[1]
        if goal.kind == "most":
            return Choice(options[best], _(
                "{action}: it takes {mean} tricks on average over {samples} sampled deals; "
                "next best {option} {other}").format(
                    action=_play(options[best]),
                    mean=format_decimal(margins[best] / self.samples, 1), samples=self.samples,
                    option=options[runner].symbol,
                    other=format_decimal(margins[runner] / self.samples, 1)))
        return Choice(options[best], _reason(goal).format(
            action=_play(options[best]), bid=goal.target, count=kept[best],
            samples=self.samples, option=options[runner].symbol, other=kept[runner]))


def equal_cards(state: HandState, seat: int, options: Sequence[Card]) -> list[list[int]]:
    """The options (indices) in groups that are one card in every world ``seat`` can imagine:
    cards of one suit with no card between them that may still be played (every card between
    is in a completed trick, or is ``seat``'s own discard).  The solver treats such cards as one move, so
    solving one of each group is enough.

    >>> from trickcore.engine.dealing import deal_from_hands
    >>> from trickcore.rules.registry import get_variant
    >>> rules = get_variant("oh-hell")
    >>> state = HandState(rules, deal_from_hands(rules, ["KS QS 10S", "AS 2H 3H", "2S 4H 5H"],
    ...                                          dealer=2, turn_up="9D"))
    >>> for bid in (0, 1, 0):
    ...     _ = state.bid(bid)
    >>> equal_cards(state, 0, state.legal_plays)   # the jack of spades is still out
    [[0], [1, 2]]
    """
    context = state.context
    power, suit_index = context.power, context.suit_index
    # Cards out of play, as the seat knows: those of completed tricks (the current trick's
    # cards still decide who wins it) and its own discards.
    gone = 0
    for trick in state.tricks:
        for card in trick.cards:
            gone |= card.bit
    if seat == state.contractor:
        for card in state.discards:
            gone |= card.bit
    out = pack_mask(state.ruleset.pack) & ~gone & ~state.hands[seat]
    groups: list[list[int]] = []
    order = sorted(range(len(options)),
                   key=lambda i: (suit_index[options[i].index], power[options[i].index]))
    for i in order:
        card = options[i]
        if groups:
            last = options[groups[-1][-1]]
            suit = suit_index[card.index]
            if suit == suit_index[last.index] and not any(
                    suit_index[c.index] == suit and power[last.index] < power[c.index]
                    < power[card.index] for c in cards_of(out)):
                groups[-1].append(i)
                continue
        groups.append([i])
    return groups


def _reason(goal: _Goal) -> str:
    """The reason's words for ``goal`` (fields: action, bid, count, samples, option, other)."""
    if goal.kind == "bid":
        return _("{action}: it keeps the bid of {bid} in reach in {count} of {samples} sampled "
                 "deals; next best {option} in {other}")
    if goal.kind == "contract":
        return _("{action}: it keeps the contract of {bid} tricks in reach in {count} of "
                 "{samples} sampled deals; next best {option} in {other}")
    if goal.kind == "beat":
        return _("{action}: it keeps the defence able to beat the contract of {bid} tricks in "
                 "{count} of {samples} sampled deals; next best {option} in {other}")
    if goal.kind == "misere":
        return _("{action}: it keeps the misère free of tricks in {count} of {samples} sampled "
                 "deals; next best {option} in {other}")
    return _("{action}: it keeps a trick forced on the misère in {count} of {samples} sampled "
             "deals; next best {option} in {other}")


def _play(card: Card) -> str:
    return _("play {option}").format(option=card.symbol)


def _solvable(state: HandState, seat: int) -> bool:
    """Whether the solver takes this deal's card play, judged from what ``seat`` knows."""
    if state.deal.table:  # two-hand Five Hundred: face-down cards turn up as play goes on
        return False
    contract = state.contract
    if contract is not None and contract.kind in _UNSOLVED:
        return False
    if state.ruleset.packs != 1:  # identical cards: the solver takes one pack
        return False
    # A suitless joker (at no trumps, its suit not named) that may still be played: any such
    # card not yet played and not among the discards the seat made itself.
    out = 0
    for trick in [*state.tricks, state.current]:
        for card in trick.cards:
            out |= card.bit
    if seat == state.contractor:
        for card in state.discards:
            out |= card.bit
    suit_index = state.context.suit_index
    return all(suit_index[card.index] >= 0
               for card in cards_of(pack_mask(state.ruleset.pack) & ~out))


def _goal(state: HandState, seat: int) -> _Goal:
    """What ``seat`` plays for in this deal."""
    if state.auction:
        contract = state.contract
        if contract is None or state.contractor is None:
            return _Goal("most", 0)
        if contract.kind in LOSING_KINDS:
            return _Goal("misere" if seat == state.contractor else "stop-misere", 0)
        side = _contract_side(state, seat)
        return _Goal("contract" if seat in side else "beat", contract.tricks)
    bid = state.bids[seat]
    return _Goal("most", 0) if bid is None else _Goal("bid", bid)


def _contract_side(world: HandState, seat: int) -> tuple[int, ...]:
    """The contractor's side in ``world`` as ``seat`` can tell it: with a called card (five-hand)
    whoever played or holds it in this world, so that a seat that cannot see it takes each
    sampled holder in turn; else the fixed partnership."""
    contractor = world.contractor
    assert contractor is not None
    card = world.called_card
    if card is None:
        return world.contract_side
    holder = None
    for trick in [*world.tricks, world.current]:
        for by, played in zip(trick.seats(world.players), trick.cards, strict=False):
            if played == card:
                holder = by
    if holder is None:
        holder = next((s for s in range(world.players) if world.hands[s] & card.bit), None)
    if holder is None or holder == contractor:
        return (contractor,)
    return tuple(sorted((contractor, holder)))


def _position(trial: HandState) -> tuple[Position | None, dict[int, int]]:
    """The position left in ``trial`` over the seats that play (a misère's partners sit out),
    and each of those seats' number in it; ``None`` when no trick is left to play."""
    active = tuple(trial.active)
    compact = {s: i for i, s in enumerate(active)}
    if trial.is_over or not any(trial.hands[s] for s in active):
        return None, compact
    trick = trial.current
    position = Position([trial.hands[s] for s in active], trial.trump, compact[trick.leader],
                        trick.cards, context=trial.context)
    return position, compact


def _score(trial: HandState, seat: int, goal: _Goal, memory: Memory) -> _Score:
    """How the card just played in ``trial`` (a sampled world) serves ``seat``'s goal, with best
    play from here on."""
    position, compact = _position(trial)
    won = trial.tricks_won
    kind, target = goal
    if kind in ("misere", "stop-misere"):
        contractor = trial.contractor
        assert contractor is not None
        taken = won[contractor]
        if position is not None and not taken:
            # one trick decides a misère: the count stops there
            taken += solve_fewest(position, compact[contractor], cards=False, limit=1,
                                  memory=memory).tricks
        if kind == "misere":
            return _Score(taken == 0, -taken)
        return _Score(taken > 0, taken)
    if kind == "bid":
        taken = won[seat]
        if taken > target or position is None:  # nothing left to change: the count is final
            return _Score(taken == target, -abs(taken - target))
        most = taken + solve(position, compact[seat], all_best=False).tricks
        if most < target:
            return _Score(False, most - target)
        # whether the seat can hold itself to the bid is all that counts: past one trick over
        # it the count stops (the searches above it are the dearest)
        fewest = taken + solve_fewest(position, compact[seat], cards=False,
                                      limit=target - taken + 1, memory=memory).tricks
        return _Score(fewest <= target, min(0, target - fewest))
    if kind == "most":
        side = [s for s in trial.team_of(seat) if s in compact]
    else:
        contract_side = _contract_side(trial, seat)
        if kind == "contract":
            side = [s for s in contract_side if s in compact]
        else:
            side = [s for s in compact if s not in contract_side]
    taken = sum(won[s] for s in side)
    if position is not None:
        taken += solve(position, tuple(compact[s] for s in side), all_best=False).tricks
    if kind == "contract":
        return _Score(taken >= target, taken)
    if kind == "beat":
        return _Score(taken > trial.hand_size - target, taken)
    return _Score(False, taken)

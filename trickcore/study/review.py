"""Review a played hand against double-dummy play of the same deal: for each of a student's
cards, whether it kept the goal in reach, what it cost, why, the first slip and a best line.

Every hand is open and every other seat plays its best against the student's goal.  The goal:

- **Oh Hell**: the student's exact bid.  The solver is exact for one side against a coalition,
  so a bid is judged by the student's *range*: ``most``, the tricks the student can force with
  everyone else playing to hold them down (:func:`~trickcore.solver.solve`), and ``fewest``, the
  tricks the student can hold themself down to with everyone else playing to give them tricks
  (:func:`~trickcore.solver.solve_fewest`, the same exact search in its fewest mode, with no
  budget: both are known at every card).  "The bid can still be made" reads: the bid lies in
  ``[fewest, most]``.  That is necessary (outside it the coalition stops the bid whatever the
  student does) but not a promise (the others could still steer the student off an exact count
  inside it); a card that pushes the bid out of the range, or further out, loses.
- **Five Hundred**: the contract.  The contractor's side needs its bid tricks; a defender's card
  is judged by whether the contract can still be beaten; both by their side's tricks.  In
  misère (and nullo) the contractor wants no trick: ``fewest`` is the contractor's.
- **Humbug** (and any hand with no bid): whole-deal perfect play, the tricks the student's side
  can take.

A card *keeps* when it loses nothing against that measure, and *loses* otherwise; its cost is in
tricks.  Positions the solver does not take (a suitless joker at no trump, two-hand Five
Hundred's table piles, double nullo and hi-lo) give a review whose ``unsupported`` says why.

>>> from trickcore.engine.dealing import deal_from_hands
>>> from trickcore.rules.registry import get_variant
>>> rules = get_variant("humbug")
>>> state = HandState(rules, deal_from_hands(rules, ["AS QS", "KS 2D"], dealer=1, turn_up="2D"))
>>> for card in ("QS", "KS", "2D", "AS"):
...     _ = state.play(card)
>>> review = review_hand(state, seat=0)
>>> [(c.card.code, c.before.most, c.after.most, c.keeps) for c in review.cards]
[('QS', 1, 0, False), ('AS', 0, 0, True)]
>>> review.summary
'Your first slip was QS in trick 1: it cost 1 trick.'
>>> [f"{seat}:{card.code}" for seat, card in review.line]
['0:AS', '1:KS', '0:QS', '1:2D']
"""

from __future__ import annotations

from collections.abc import Iterator

from trickcore.cards import CARDS, Card, mask_of
from trickcore.cards.masks import iter_mask
from trickcore.engine.calls import CallKind
from trickcore.engine.state import HandState
from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.solver import Position, solve, solve_fewest
from trickcore.solver.memory import Memory
from trickcore.solver.result import low_first
from trickcore.study.review_words import CardReview, Outlook, Review

__all__ = ["CardReview", "Outlook", "Review", "review_hand"]

def _plays(state: HandState) -> list[tuple[int, Card, int | None]]:
    """The cards played, in order, as (seat, card, winner of the trick or None)."""
    out: list[tuple[int, Card, int | None]] = []
    tricks = list(state.tricks)
    if state.current.cards and (not tricks or state.current is not tricks[-1]):
        tricks.append(state.current)
    for trick in tricks:
        seats = trick.by or tuple(trick.seats(state.players))
        for seat, card in zip(seats, trick.cards, strict=False):
            out.append((seat, card, trick.winner))
    return out


def _goal(state: HandState, seat: int) -> tuple[str, int | None, tuple[int, ...], int]:
    """The goal's name, its target, the judged side (seats) and the seat whose ``fewest``
    counts (or -1)."""
    if state.auction:
        contract, contractor = state.contract, state.contractor
        if contract is None or contractor is None:
            return "most", None, next(s for s in state.sides if seat in s), -1
        if contract.kind in (CallKind.DOUBLE_NULLO, CallKind.HI_LO):
            raise TrickcoreError(_("the review does not judge double nullo or hi-lo"))
        with_contractor = next(s for s in state.sides if contractor in s)
        if contract.kind != CallKind.TRICKS:
            return ("misere" if seat == contractor else "stop-misere"), 0, (contractor,), contractor
        if seat in with_contractor:
            return "contract", contract.tricks, with_contractor, -1
        return "beat", contract.tricks, next(s for s in state.sides if seat in s), -1
    bid = state.bids[seat] if seat < len(state.bids) else None
    if bid is None:
        return "most", None, (seat,), -1
    return "bid", bid, (seat,), seat


class _Judge:
    """Outlooks of the positions of one hand, each position solved once."""

    def __init__(self, goal: str, target: int | None, side: tuple[int, ...],
                 fewest_seat: int, total: int) -> None:
        self.goal, self.target, self.side, self.fewest_seat = goal, target, side, fewest_seat
        self.total = total
        self.memory = Memory()
        self.cache: dict[tuple[int, ...], tuple[Outlook, tuple[Card, ...]]] = {}

    def outlook(self, position: Position, won: int, key: tuple[int, ...],
                all_best: bool = True) -> tuple[Outlook, tuple[Card, ...]]:
        """The outlook (``won``: tricks the judged side has taken) and the best cards."""
        if key in self.cache and (self.cache[key][1] or not all_best):
            return self.cache[key]
        goal, target = self.goal, self.target
        best: tuple[Card, ...] = ()
        most = won
        if goal not in ("misere", "stop-misere") and position.tricks_left:
            r = solve(position, self.side, all_best=all_best, memory=self.memory,
                      lowest_first=True)
            most, best = won + r.tricks, tuple(r.best_cards)
        fewest = None
        if self.fewest_seat >= 0:
            r = solve_fewest(position, self.fewest_seat, all_best=all_best, lowest_first=True,
                             cards=goal != "bid",  # a bid is judged on the counts alone
                             memory=self.memory)
            fewest = won + r.tricks
            if goal != "bid":
                best = tuple(r.best_cards)
        missed = 0
        if goal == "bid" and target is not None:
            missed = max(0, target - most, -1 if fewest is None else fewest - target)
        elif goal == "contract" and target is not None:
            missed = max(0, target - most)
        elif goal == "beat" and target is not None:
            missed = max(0, (self.total - target + 1) - most)
        elif goal == "misere" and fewest is not None:
            missed = fewest
        elif goal == "stop-misere" and fewest is not None:
            missed = max(0, 1 - fewest)
        out = (Outlook(most, fewest, missed), best)
        self.cache[key] = out
        return out


def review_hand(state: HandState, seat: int) -> Review:
    """Review ``seat``'s cards in ``state`` (a hand being played, or finished)."""
    plays = _plays(state)
    try:
        goal, target, side, fewest_seat = _goal(state, seat)
        active = tuple(state.active) if state.auction else tuple(range(state.players))
        if seat not in active:
            raise TrickcoreError(_("you sit this hand out"))
        if state.deal.table:
            raise TrickcoreError(_("two-hand Five Hundred's table cards are not solved"))
        start = [0] * state.players
        for s, card, _w in plays:
            start[s] |= card.bit
        for s in active:
            start[s] |= state.hands[s]
        return _review(state, seat, plays, start, active, goal, target, side, fewest_seat)
    except TrickcoreError as error:
        why = str(error)
        hands = tuple(mask_of([c for s2, c, _w in plays if s2 == s]) for s in range(state.players))
        return Review(seat, "most", None, (), tuple((s, c) for s, c, _w in plays), hands, 0, (),
                      unsupported=_("This hand cannot be reviewed: {why}.").format(why=why))


def _positions(state: HandState, plays: list[tuple[int, Card, int | None]], start: list[int],
               active: tuple[int, ...], side: tuple[int, ...]
               ) -> Iterator[tuple[int, Position, int]]:
    """Before each card (and after the last): its step, the position over the active seats and
    the tricks the judged side has won."""
    n = len(active)
    compact = {s: i for i, s in enumerate(active)}
    hands = [start[s] for s in active]
    won = 0
    trick: list[Card] = []
    leader = compact[plays[0][0]] if plays else compact[state.current.leader]
    context = state.context
    for step in range(len(plays) + 1):
        if step == len(plays) and not state.tricks and not plays:
            return
        yield step, Position(hands, state.trump, leader, trick, context=context), won
        if step == len(plays):
            return
        s, card, winner = plays[step]
        hands[compact[s]] ^= card.bit
        trick.append(card)
        if len(trick) == n:
            win = (winner if winner is not None
                   else active[(leader + context.winner_index([c.index for c in trick])) % n])
            won += win in side
            leader, trick = compact[win], []


def _review(state: HandState, seat: int, plays: list[tuple[int, Card, int | None]],
            start: list[int], active: tuple[int, ...], goal: str, target: int | None,
            side: tuple[int, ...], fewest_seat: int) -> Review:
    compact = {s: i for i, s in enumerate(active)}
    csides = tuple(compact[s] for s in side if s in compact)
    total = start[active[0]].bit_count()
    positions = list(_positions(state, plays, start, active, side))
    judge = _Judge(goal, target, csides, compact[fewest_seat] if fewest_seat >= 0 else -1, total)
    cards: list[CardReview] = []
    for step, (s, card, _w) in enumerate(plays):
        if s != seat:
            continue
        _s, before_pos, won = positions[step]
        _s2, after_pos, won_after = positions[step + 1]
        before, best = judge.outlook(before_pos, won, (step,))
        if goal in ("most", "contract", "beat") and card in best:
            after = Outlook(before.most, None, before.missed_by)
        else:
            after, _b = judge.outlook(after_pos, won_after, (step + 1,), all_best=False)
        if goal in ("most", "contract", "beat"):
            cost = max(0, before.most - after.most)
        else:
            cost = max(0, after.missed_by - before.missed_by)
        cards.append(CardReview(step, step // len(active) + 1, card, before, after, best, cost,
                                goal, target))
    slip = next((c for c in cards if c.cost), None)
    line_start = slip.step if slip is not None else 0
    line = _best_line(judge, positions[line_start][1], positions[line_start][2], active,
                      compact[seat], csides) if plays else ()
    return Review(seat, goal, target, tuple(cards), tuple((s, c) for s, c, _w in plays),
                  tuple(start), line_start, line)


def _best_line(judge: _Judge, position: Position, won: int, active: tuple[int, ...],
               student: int, side: tuple[int, ...]) -> tuple[tuple[int, Card], ...]:
    """Play ``position`` out double-dummy: every card the lowest of the best for its seat
    (Oh Hell: the student keeps the bid as near the range as it can, the others push it out)."""
    line: list[tuple[int, Card]] = []
    hands, trick, leader = list(position.hands), list(position.played), position.leader
    ctx, n = position.context, position.players
    while any(hands):
        pos = Position(hands, position.trump, leader, trick, context=ctx)
        mover = pos.to_move
        key = (-1 - len(line), *hands, leader)
        if judge.goal == "bid":
            choice = _bid_choice(judge, pos, won, mover, student, side, key)
        else:
            _o, best = judge.outlook(pos, won, key, all_best=False)
            choice = min(best, key=low_first)
        line.append((active[mover], choice))
        hands[mover] ^= choice.bit
        trick.append(choice)
        if len(trick) == n:
            leader = (leader + ctx.winner_index([c.index for c in trick])) % n
            won += leader in side
            trick = []
    return tuple(line)


def _bid_choice(judge: _Judge, pos: Position, won: int, mover: int, student: int,
                side: tuple[int, ...], key: tuple[int, ...]) -> Card:
    """Oh Hell's line: the card after which the bid is nearest (student) or farthest (the
    others) from the student's range, the lowest of equals."""
    hand = pos.hands[mover]
    legal = hand
    if pos.played:
        legal = hand & pos.context.suit_masks[pos.context.suit_index[pos.played[0].index]] or hand
    scored = []
    for index in iter_mask(legal):
        card = CARDS[index]
        hands = list(pos.hands)
        hands[mover] ^= card.bit
        trick, leader, gain = [*pos.played, card], pos.leader, 0
        if len(trick) == pos.players:
            leader = (leader + pos.context.winner_index([c.index for c in trick])) % pos.players
            gain, trick = int(leader in side), []
        after = Position(hands, pos.trump, leader, trick, context=pos.context)
        outlook, _b = judge.outlook(after, won + gain, (*key, index), all_best=False)
        sign = 1 if mover == student else -1
        scored.append((sign * outlook.missed_by, low_first(card), card))
    return min(scored)[2]

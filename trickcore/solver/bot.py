"""A bot that plays perfectly where every card is known (Humbug), and the position of a state.
"""

from __future__ import annotations

from trickcore.arguments import typed
from trickcore.engine.events import Phase, phase_name
from trickcore.engine.state import HandState
from trickcore.engine.turns import Choice
from trickcore.i18n import _
from trickcore.solver.memory import Memory
from trickcore.solver.positions import Position, PositionError
from trickcore.solver.result import low_first, solve

__all__ = ["PerfectBot", "position_from_state"]


@typed
def position_from_state(state: HandState) -> Position:
    """The position of a deal being played, every hand open: the cards each seat holds, the
    trick so far, the deal's trump ranking; every seat a side of its own.

    >>> from trickcore.engine.dealing import deal_from_hands
    >>> from trickcore.rules.registry import get_variant
    >>> rules = get_variant("humbug")
    >>> state = HandState(rules, deal_from_hands(rules, ["AS 2H", "KS 3H"], dealer=1,
    ...                                          turn_up="3H"))
    >>> _ = state.play("2H")
    >>> p = position_from_state(state)
    >>> p.leader, [c.code for c in p.played], p.to_move, p.tricks_left
    (0, ['2H'], 1, 2)
    """
    if state.phase is not Phase.PLAYING:
        raise PositionError(_("only a deal in its play has a position to solve (this one is in "
                              "the {phase} phase)").format(phase=phase_name(state.phase)))
    if state.deal.table:
        raise PositionError(_("a deal with table piles (two-hand Five Hundred) is not solved: the "
                              "solver does not model the face-down cards turned up as play goes on"))
    trick = state.current
    return Position(state.hands, state.deal.trump, trick.leader, trick.cards,
                    context=state.context)


class PerfectBot:
    """Plays a card that keeps the most tricks for its seat, with best play on both sides.

    Of the best cards it plays the lowest (by rank, then suit).  Exact, so only for deals whose
    every card is known to both players: Humbug.  It keeps a
    :class:`~trickcore.solver.memory.Memory` for all its turns of a deal, so after its first
    turn the next ones are quick, and empties it when a new deal starts (so a bot that plays
    many deals does not grow without end).  Given a ``memory``, it uses that one and never
    empties it: the caller shares it with other solves and decides when to forget.

    >>> from trickcore.engine.dealing import deal_cards, rng_for
    >>> from trickcore.rules.registry import get_variant
    >>> rules = get_variant("humbug")
    >>> deal = deal_cards(rules, players=2, dealer=1, hand_size=6, rng=rng_for("humbug", 2, 1, "d"))
    >>> state = HandState(rules, deal)
    >>> choice = PerfectBot()(state)
    >>> choice.action in state.legal_plays, choice.reason.startswith("best play")
    (True, True)
    """

    def __init__(self, memory: Memory | None = None) -> None:
        self.memory = Memory() if memory is None else memory
        self._owned = memory is None
        self._deal: object = None

    def __call__(self, state: HandState) -> Choice:
        """The lowest best card for the seat to act, with the tricks it keeps as the reason."""
        seat = state.to_act
        if seat is None or state.players != 2:
            raise PositionError(_("the perfect bot plays two-hand deals (Humbug), in their play"))
        if self._owned and state.deal is not self._deal:
            self.memory.clear()
            self._deal = state.deal
        # Always seat 0's tricks (the same table for both seats: two hands share the tricks,
        # so the cards that hold seat 0 to its most are seat 1's best), and the lowest best
        # card: a choice that does not depend on the order the search prefers
        result = solve(position_from_state(state), side=0, all_best=False, memory=self.memory,
                       lowest_first=True)
        card = min(result.best_cards, key=low_first)  # the lowest of its run
        tricks = result.tricks if seat == 0 else result.tricks_left - result.tricks
        return Choice(card, _("best play: {card} keeps {tricks} of the {left} tricks left").format(
                                card=card.code, tricks=tricks, left=result.tricks_left))

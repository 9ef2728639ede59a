"""A plain minimax over every legal card, for checking :func:`trickcore.solver.solve`."""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.arguments import typed
from trickcore.cards import cards_of
from trickcore.solver.positions import Position

__all__ = ["brute_force"]


@typed
def brute_force(position: Position, side: int | Sequence[int] | None = None) -> int:
    """The side's best trick count by plain minimax over every legal card (no pruning, no
    table): slow, and independent of :func:`solve`'s machinery, for checking it.

    >>> from trickcore.cards import mask_of, parse_cards
    >>> brute_force(Position([mask_of(parse_cards("AS 2H")), mask_of(parse_cards("KS 3H"))],
    ...                      trump=None))
    1
    """
    if side is None:
        seats = set(position.side_of(position.to_move))
    elif isinstance(side, int):
        seats = set(position.side_of(side))
    else:
        seats = set(side)
    ctx = position.context
    n = position.players
    hands = list(position.hands)

    def play(leader: int, trick: list[int]) -> int:
        seat = (leader + len(trick)) % n
        if len(trick) == n:
            winner = (leader + ctx.winner_index(trick)) % n
            gained = 1 if winner in seats else 0
            if hands[winner] == 0:
                return gained
            return gained + play(winner, [])
        hand = hands[seat]
        legal = hand
        if trick:
            follow = hand & ctx.suit_masks[ctx.suit_index[trick[0]]]
            legal = follow or hand
        values = []
        for card in cards_of(legal):
            hands[seat] = hand ^ card.bit
            values.append(play(leader, [*trick, card.index]))
            hands[seat] = hand
        return max(values) if seat in seats else min(values)

    if position.tricks_left == 0:
        return 0
    return play(position.leader, [c.index for c in position.played])

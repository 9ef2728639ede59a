"""The order in which the general search tries a seat's cards in its fewest mode, and a bound
of that mode.

In the fewest mode (see :func:`~trickcore.solver.fewest.solve_fewest`) the counted seat wants to
lose tricks and every other seat wants to give them to it, so the usual order (cash winners,
win cheaply against an opponent) is upside down.  This order only orders: every card is still
tried, so it changes the count of trick starts, never an answer.  The C search
(``core/general_core.c``, ``order_fewest``) orders the same way, card for card.
"""

from __future__ import annotations

from trickcore.solver.numbering import _ABOVE, _SUIT_BLOCKS, _beats, _bits


def high_trumps(hands: list[int], counts: list[int], trump: int) -> tuple[int, int]:
    """The most trumps one seat not counted holds above every trump of the counted seats (all
    its trumps when they hold none): each takes a trick from them, one a trick (a seat plays
    one card to a trick), whoever wants the trick; and the card the count rests on (the
    counted seats' best trump, or none: the suit lengths say the rest).  ``trump`` >= 0."""
    block = _SUIT_BLOCKS[trump]
    mine = 0
    for i, hand in enumerate(hands):
        if counts[i]:
            mine |= hand & block
    top = mine.bit_length() - 1
    over = _ABOVE[top] if mine else block
    most = 0
    for i, hand in enumerate(hands):
        if not counts[i]:
            most = max(most, (hand & over).bit_count())
    return most, (1 << top) if mine else 0


def order_fewest(reps: int, turn: int, win: int, win_seat: int, seat: int, hint: int,
                 following: bool, hands: list[int], is_max: list[int], counts: list[int],
                 trump: int) -> list[int]:
    """The cards ``reps`` (one of each run) of ``seat``, the ``turn``-th to play to the trick
    (``win``: the card winning it, held by ``win_seat``), in the order to try them:

    - the counted seat (a minimiser) leads first the cards another hand can beat, highest
      first (shedding them while it is safe); following, it ducks as high as it can, and wins (when it must) with its highest;
    - another seat leads first into the counted seat's suits, its shortest first (the hardest
      to duck in), lowest first; following, while
      the trick is the counted seat's or the counted seat is still to play, it plays low
      (void: it discards its highest cards before it ruffs, ruffing low); once the trick is
      lost to the counted seat, it sheds its highest cards.

    On lead, ``hint`` (the table's move, -1: none) comes first.
    """
    n = len(hands)
    cards = _bits(reps)  # ascending: suit by suit, low to high
    if not is_max[seat]:
        if turn == 0:
            others = 0
            for i in range(n):
                if i != seat:
                    others |= hands[i]
            cards.sort(key=lambda c: (0 if others & _ABOVE[c] else 1, -(c & 31)))
        else:
            lose = [c for c in cards if not _beats(c, win, trump)]
            wins = [c for c in cards if _beats(c, win, trump)]
            cards = lose[::-1] + wins[::-1]
    elif turn == 0:
        counted = 0
        for i in range(n):
            if counts[i]:
                counted |= hands[i]
        cards.sort(key=lambda c: ((counted & _SUIT_BLOCKS[c >> 5]).bit_count() or 99, c & 31))
    else:
        later = 0
        for k in range(turn + 1, n):
            later |= counts[(seat + k - turn) % n]
        if counts[win_seat] or later:
            if not following:
                trumps = [c for c in cards if c >> 5 == trump]
                plain = [c for c in cards if c >> 5 != trump]
                cards = plain[::-1] + trumps
        else:
            cards.reverse()
    if turn == 0 and hint >= 0 and reps >> hint & 1:
        cards.remove(hint)
        cards.insert(0, hint)
    return cards

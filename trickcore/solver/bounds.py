"""The general search's sure-trick bounds (:mod:`trickcore.solver.search`, and the same in
``core/general_core.c``): the quick tricks of the side on lead, a run of top trumps, and the cards
a bound that settles a test rests on (partition search).

Hands are in the solver's numbering (:mod:`trickcore.solver.numbering`: a suit a block of 32 bits,
its cards squeezed to the lowest positions at a trick start); ``trump`` is a suit's number or -1.
"""

from __future__ import annotations

from trickcore.solver.numbering import _BLOCK, _BLOCK_MASK, _SUIT_BLOCKS


def quick_tricks(hands: list[int], leader: int, trump: int, friends_of: list[list[int]],
                 foes_of: list[list[int]]) -> tuple[int, int, int, list[int]]:
    """Tricks the leader's side can cash from the top before the other side can ruff: the
    leader's own, or a partner's after a lead to one of the partner's suits; the seat that cashes
    them, the suit the leader reaches the partner in (-1 for the leader's own) and that seat's
    tricks suit by suit."""
    runs = cashable(hands, leader, trump, foes_of[leader])
    total = sum(runs)
    who, entry = leader, -1
    lead_hand = hands[leader]
    for f in friends_of[leader]:
        fruns = cashable(hands, f, trump, foes_of[f])
        theirs = sum(fruns)
        if theirs > total:
            for s in range(4):
                if fruns[s] and lead_hand & _SUIT_BLOCKS[s]:
                    total, who, entry, runs = theirs, f, s, fruns
                    break
    return total, who, entry, runs


def cashable(hands: list[int], leader: int, trump: int, foes: list[int]) -> list[int]:
    """Tricks ``leader`` can cash from the top on lead before a foe can ruff, suit by suit (0
    where none)."""
    hand = hands[leader]
    others = 0
    for i, h in enumerate(hands):
        if i != leader:
            others |= h
    trump_block = _SUIT_BLOCKS[trump] if trump >= 0 else 0
    runs = [0, 0, 0, 0]
    for s in range(4):
        shift = s * _BLOCK
        mine = (hand >> shift) & _BLOCK_MASK
        if not mine:
            continue
        theirs = ((others >> shift) & _BLOCK_MASK).bit_length()
        run = mine.bit_length() - theirs
        if run <= 0:
            continue
        if s != trump and trump >= 0:
            block = _SUIT_BLOCKS[s]
            for f in foes:
                hf = hands[f]
                if hf & trump_block:
                    length = (hf & block).bit_count()
                    if length < run:
                        run = length
        if run > 0:
            runs[s] = run
    return runs


def quick_rel(hands: list[int], who: int, entry: int, runs: list[int], want: int) -> int:
    """The cards ``want`` of the quick tricks rest on: they come from the entry suit first, then
    suit by suit, and in each suit they need only that ``who`` holds the top cards that take them
    (nothing where no other hand has the suit: the suit lengths, in the table's key, say so)."""
    others = 0
    for i, h in enumerate(hands):
        if i != who:
            others |= h
    rel = 0
    order = [entry] if entry >= 0 else []
    order += [s for s in range(4) if s != entry]
    for s in order:
        if want <= 0:
            break
        if not runs[s]:
            continue
        take = min(runs[s], want)
        want -= take
        if others & _SUIT_BLOCKS[s]:
            rel |= 1 << ((hands[who] & _SUIT_BLOCKS[s]).bit_length() - take)
    return rel


def top_trumps(hands: list[int], trump: int) -> tuple[int, int, int, bool]:
    """(seat, length) of the run of top trumps one seat holds (each wins a trick, whoever wants
    it), the run's top card, and whether no other hand holds a trump; seat -1 for none."""
    if trump < 0:
        return -1, 0, 0, False
    trump_block = _SUIT_BLOCKS[trump]
    everything = 0
    for h in hands:
        everything |= h
    allt = everything & trump_block
    if not allt:
        return -1, 0, 0, False
    top = allt.bit_length() - 1
    for i, h in enumerate(hands):
        mine = h & trump_block
        if mine >> top & 1:
            theirs = (allt & ~mine).bit_length()
            low = max(theirs, trump * _BLOCK)
            return i, top + 1 - low, top, not theirs
    return -1, 0, 0, False  # pragma: no cover

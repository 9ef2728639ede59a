"""Humbug's search: two hands, one method call per trick, every position packed in one small int.

The same zero-window search as :mod:`trickcore.solver.search`, with a stronger bound on trumps.
It numbers the cards in blocks of 16 bits a suit (the general search's blocks are 32 bits), so a
hand, and a position's transposition-table key, fit in one machine word: compiled with mypyc
(``setup.py``), the search runs on native integers.  A suit may hold at most 13 of the
position's cards (``fits``): the key keeps each suit in 14 bits (see :meth:`_TwoHand.canon`),
the side suits in a canonical order, since swapping two of them changes no position's value.

``_twohand.c`` is this search written in C, step for step (:mod:`trickcore.solver.native`):
change the two together; ``tests/solver/test_native.py`` fails on any difference in the trick
starts visited.
"""

from __future__ import annotations

from typing import Final

from trickcore.solver.numbering import _BLOCK, _Table

#: Bits per suit in this search's numbering: position ``p`` is suit ``p >> 4``, rank ``p & 15``.
_SHIFT: Final = 4
_RANK_MASK: Final = 0xFFFF
_BLOCKS: Final[list[int]] = [_RANK_MASK << (16 * s) for s in range(4)]
#: bits strictly above each position within its suit block
_ABOVE: Final[list[int]] = [_BLOCKS[c >> _SHIFT] & ~((2 << c) - 1) for c in range(64)]
#: the lowest bit of each block: adding it to a suit's cards (always its lowest positions, the
#: hands being squeezed) sets the bit just above them, which marks the suit's length
_ONES: Final = 1 | 1 << 16 | 1 << 32 | 1 << 48
#: most cards of one suit this numbering takes
MAX_SUIT: Final = 13


def _count16(x: int) -> int:
    """The number of bits set in ``x``, below ``1 << 16`` (compiled, native arithmetic, where
    ``int.bit_count`` is a method call)."""
    x -= (x >> 1) & 0x5555
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return (x + (x >> 8)) & 0x1F


def fits(hands: list[int]) -> bool:
    """True when no suit holds more than :data:`MAX_SUIT` of these cards (the general search's
    numbering, 32 bits a suit)."""
    present = 0
    for h in hands:
        present |= h
    return all(((present >> (_BLOCK * s)) & 0xFFFFFFFF).bit_count() <= MAX_SUIT
               for s in range(4))


def _to16(position: int) -> int:
    return (position >> 5) << _SHIFT | (position & 31)


def _to32(position: int) -> int:
    return (position >> _SHIFT) << 5 | (position & 15)


def _hand16(mask: int) -> int:
    out = 0
    for s in range(4):
        out |= ((mask >> (_BLOCK * s)) & _RANK_MASK) << (16 * s)
    return out


def _squeeze(hand: int, card: int) -> int:
    """Take the position ``card`` out of its suit block: the cards above move down one."""
    hi = hand & _ABOVE[card]
    return (hand ^ hi) | (hi >> 1) if hi else hand


class _TwoHand:
    """The search written out for two hands: one call per trick, hands passed as arguments, and
    a stronger bound on trumps.

    With two hands, a trump loses only to a higher trump of the other hand played to the same
    trick, and each trump can beat only one: so a hand is sure of as many trump tricks as it
    has trumps left over after matching each of them, from the top, with a higher trump of the
    other hand.
    """

    def __init__(self, table: _Table) -> None:
        c = table.c
        self.table = table
        self.h0 = _hand16(c.root_hands[0])
        self.h1 = _hand16(c.root_hands[1])
        self.trump: int = c.trump
        self.tblock: int = _BLOCKS[c.trump] if c.trump >= 0 else 0
        self.max0: int = c.is_max[0]
        self.max1: int = c.is_max[1]
        self.tt: dict[int, int] = table.tt
        self.max_entries: int = table.max_entries
        self.nodes: int = 0
        self.check_at: int = 0
        sides = [s for s in range(4) if s != c.trump]
        #: the suits other than trumps, which are interchangeable: the key lists them in a
        #: canonical order (see :meth:`canon`)
        self.sides: list[int] = sides
        self.sa, self.sb, self.sc = sides[0], sides[1], sides[2]

    # The bounds --------------------------------------------------------------------------------

    def cashable(self, lead_hand: int, other: int) -> int:
        """Side-suit tricks the leader cashes from the top before the other can ruff."""
        total = 0
        trump = self.trump
        can_ruff = trump >= 0 and other & self.tblock != 0
        for s in range(4):
            if s == trump:
                continue
            shift = s * 16
            mine = (lead_hand >> shift) & _RANK_MASK
            if not mine:
                continue
            theirs = (other >> shift) & _RANK_MASK
            run = mine.bit_length() - theirs.bit_length()
            if run <= 0:
                continue
            if can_ruff:
                length = _count16(theirs)
                if length < run:
                    run = length
            total += run
        return total

    def trump_tricks(self, lead_hand: int, other: int) -> tuple[int, int]:
        """Trump tricks each hand is sure of (see the class docstring)."""
        tblock = self.tblock
        lt = lead_hand & tblock
        both = lt | (other & tblock)
        lfree = ffree = lsafe = fsafe = 0
        while both:
            top = 1 << (both.bit_length() - 1)
            both ^= top
            if lt & top:
                if ffree:
                    ffree -= 1
                else:
                    lsafe += 1
                lfree += 1
            else:
                if lfree:
                    lfree -= 1
                else:
                    fsafe += 1
                ffree += 1
        return lsafe, fsafe

    # The search --------------------------------------------------------------------------------

    def canon(self, h0: int, h1: int, leader: int) -> tuple[int, int]:
        """The table key of a trick start, and the order of its suits in the key.

        Suits other than trumps are interchangeable, so a position and the same position with
        two side suits swapped have the same value: the key lists each suit's length mark and
        hand-0 cards (14 bits) with the side suits sorted, highest first, then trumps and the
        leader.  The order (``perm``, 2 bits a slot) maps a slot back to its suit.
        """
        a = ((h0 | h1) + _ONES) | h0
        trump = self.trump
        if trump >= 0:
            sa, sb, sc = self.sa, self.sb, self.sc
            fa = (a >> (16 * sa)) & _RANK_MASK
            fb = (a >> (16 * sb)) & _RANK_MASK
            fc = (a >> (16 * sc)) & _RANK_MASK
            if fa < fb:
                fa, fb, sa, sb = fb, fa, sb, sa
            if fb < fc:
                fb, fc, sb, sc = fc, fb, sc, sb
                if fa < fb:
                    fa, fb, sa, sb = fb, fa, sb, sa
            ft = (a >> (16 * trump)) & _RANK_MASK
            return (fa | fb << 14 | fc << 28 | ft << 42 | leader << 56,
                    sa | sb << 2 | sc << 4 | trump << 6)
        fields = sorted(((a >> (16 * s)) & _RANK_MASK, -s) for s in range(4))
        key = leader << 56
        perm = 0
        for i in range(4):
            f, minus = fields[3 - i]
            key |= f << (14 * i)
            perm |= -minus << (2 * i)
        return key, perm

    def store(self, key: int, lo: int, hi: int, best: int) -> None:
        """Keep the bounds and the best lead (-1: none) for ``key``."""
        tt = self.tt
        if len(tt) >= self.max_entries and key not in tt:
            tt.clear()  # a cache: forgetting costs time, never correctness
        tt[key] = lo | (hi << 6) | ((best + 1) << 12)

    def budget(self) -> None:
        """The count reached ``check_at``: let the table raise if its budget is spent."""
        table = self.table
        table.counter[0] = self.nodes
        table.budget()
        self.check_at = table.check_at[0]

    def after(self, h0: int, h1: int, leader: int, lead: int, reply: int, need: int,
              left: int) -> bool:
        """The trick (lead, reply) is complete; the hands no longer hold those cards."""
        trump = self.trump
        if reply >> _SHIFT == lead >> _SHIFT:
            winner = 1 - leader if reply > lead else leader
        else:
            winner = 1 - leader if reply >> _SHIFT == trump else leader
        if lead > reply:
            a, b = lead, reply
        else:
            a, b = reply, lead
        h0 = _squeeze(_squeeze(h0, a), b)
        h1 = _squeeze(_squeeze(h1, a), b)
        won = self.max1 if winner else self.max0
        return self.start(h0, h1, winner, need - won, left - 1)

    def start(self, h0: int, h1: int, leader: int, need: int, left: int) -> bool:
        """Can the side make ``need`` of the ``left`` tricks, ``leader`` to lead?"""
        if need <= 0:
            return True
        if need > left:
            return False
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.budget()
        trump = self.trump
        if leader:
            lead_hand, other = h1, h0
            lmax, fmax = self.max1, self.max0
        else:
            lead_hand, other = h0, h1
            lmax, fmax = self.max0, self.max1
        follower = 1 - leader
        if left == 1:
            lc = lead_hand.bit_length() - 1
            fc = other.bit_length() - 1
            win_f = fc > lc if fc >> _SHIFT == lc >> _SHIFT else fc >> _SHIFT == trump
            return (fmax if win_f else lmax) == 1
        key, perm = self.canon(h0, h1, leader)
        tt = self.tt
        entry = tt.get(key, -1)
        lo = hi = 0
        if entry >= 0:
            lo, hi, best = entry & 63, (entry >> 6) & 63, (entry >> 12) - 1
            if best >= 0:  # from its slot in the key to its suit here
                best = ((perm >> (2 * (best >> _SHIFT))) & 3) << _SHIFT | (best & 15)
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            best = -1
            if lmax == fmax:  # one side holds both hands
                lo = hi = left if lmax else 0
            else:
                lsure = self.cashable(lead_hand, other)
                fsure = 0
                if trump >= 0:
                    lsafe, fsure = self.trump_tricks(lead_hand, other)
                    lsure += lsafe
                if lmax:
                    lo, hi = lsure, left - fsure
                else:
                    lo, hi = fsure, left - lsure
            if lo >= need or hi < need:
                self.store(key, lo, hi, -1)
                return lo >= need
        tblock = self.tblock
        # leads: the table's move, then cards whose run reaches the top, then low cards (of
        # suits the follower is short in first), then leads the follower ruffs
        reps = lead_hand & ~(lead_hand << 1)
        leads: list[int] = []
        if best >= 0 and reps >> best & 1:
            leads.append(best)
            reps ^= 1 << best
        rest: list[int] = []
        ruffed: list[int] = []
        ruffs = trump >= 0 and other & tblock != 0
        while reps:
            low = reps & -reps
            c = low.bit_length() - 1
            reps ^= low
            if ruffs and c >> _SHIFT != trump and not other & _BLOCKS[c >> _SHIFT]:
                ruffed.append(c)  # the follower ruffs it: tried last
            elif other & _ABOVE[c]:
                rest.append(c)
            else:
                leads.append(c)
        if rest:
            # low cards of suits the follower is short in and the leader long in: each card
            # under its sort key (rank, less the leader's length, plus four times the
            # follower's), ties in card order, as one integer
            if len(rest) > 1:
                for i in range(len(rest)):
                    c = rest[i]
                    shift = (c >> _SHIFT) * 16
                    rest[i] = ((c & 15) - _count16((lead_hand >> shift) & _RANK_MASK)
                               + 4 * _count16((other >> shift) & _RANK_MASK) + 64) << 6 | c
                rest.sort()
                for c in rest:
                    leads.append(c & 63)
            else:
                leads.append(rest[0])
        if ruffed:
            leads += ruffed
        lwant = lmax == 1
        fwant = fmax == 1
        opposed = lwant != fwant
        result = not lwant
        chosen = -1
        for lead in leads:
            lead_after = lead_hand ^ (1 << lead)
            lb = lead >> _SHIFT
            follow = other & _BLOCKS[lb]
            replies: list[int] = []
            if follow:
                freps = follow & ~(other << 1)
                if opposed:  # the cheapest card that wins, then the lowest
                    order = freps & _ABOVE[lead]
                    rest_mask = freps ^ order
                else:
                    order, rest_mask = freps, 0
                while order:
                    low = order & -order
                    replies.append(low.bit_length() - 1)
                    order ^= low
                while rest_mask:
                    low = rest_mask & -rest_mask
                    replies.append(low.bit_length() - 1)
                    rest_mask ^= low
            else:
                freps = other & ~(other << 1)
                trumps = freps & tblock
                plain_mask = freps ^ trumps
                plain: list[int] = []
                while plain_mask:
                    low = plain_mask & -plain_mask
                    plain.append(low.bit_length() - 1)
                    plain_mask ^= low
                if len(plain) > 1:  # low first, from long suits first, ties in card order
                    for i in range(len(plain)):
                        c = plain[i]
                        plain[i] = ((c & 15) - 2 * _count16((other >> ((c >> _SHIFT) * 16))
                                                            & _RANK_MASK) + 64) << 6 | c
                    plain.sort()
                    for i in range(len(plain)):
                        plain[i] &= 63
                ruff: list[int] = []
                while trumps:
                    low = trumps & -trumps
                    ruff.append(low.bit_length() - 1)
                    trumps ^= low
                # ruff low first against the leader; discard low first for a friend
                replies = ruff + plain if opposed else plain + ruff
            fres = not fwant
            for reply in replies:
                other_after = other ^ (1 << reply)
                win_f = reply > lead if reply >> _SHIFT == lb else reply >> _SHIFT == trump
                if lead > reply:
                    a, b = lead, reply
                else:
                    a, b = reply, lead
                m = _ABOVE[a]
                x = lead_after & m
                new_l = (lead_after ^ x) | (x >> 1) if x else lead_after
                x = other_after & m
                new_f = (other_after ^ x) | (x >> 1) if x else other_after
                m = _ABOVE[b]
                x = new_l & m
                if x:
                    new_l = (new_l ^ x) | (x >> 1)
                x = new_f & m
                if x:
                    new_f = (new_f ^ x) | (x >> 1)
                if leader:
                    new_h0, new_h1 = new_f, new_l
                else:
                    new_h0, new_h1 = new_l, new_f
                if win_f:
                    r = self.start(new_h0, new_h1, follower, need - fmax, left - 1)
                else:
                    r = self.start(new_h0, new_h1, leader, need - lmax, left - 1)
                if r == fwant:
                    fres = r
                    break
            if fres == lwant:
                result = fres
                chosen = lead
                break
        if result:
            lo = need
        else:
            hi = need - 1
        if entry >= 0:  # (no position below this one can have its key: it has fewer cards)
            lo = max(lo, entry & 63)
            hi = min(hi, (entry >> 6) & 63)
            if chosen < 0:
                chosen = best
        if chosen >= 0:  # from its suit here to its slot in the key
            suit = chosen >> _SHIFT
            slot = 0
            while (perm >> (2 * slot)) & 3 != suit:
                slot += 1
            chosen = slot << _SHIFT | (chosen & 15)
        self.store(key, lo, hi, chosen)
        return result

    def follow_all(self, h0: int, h1: int, leader: int, lead: int, need: int,
                   left: int) -> bool:
        """The lead is on the table (already out of its hand); the follower chooses."""
        follower = 1 - leader
        other = h1 if leader == 0 else h0
        legal = other & _BLOCKS[lead >> _SHIFT] or other
        want = (self.max1 if follower else self.max0) == 1
        reps = legal & ~(other << 1)
        while reps:
            low = reps & -reps
            reply = low.bit_length() - 1
            reps ^= low
            if follower:
                r = self.after(h0, h1 ^ (1 << reply), leader, lead, reply, need, left)
            else:
                r = self.after(h0 ^ (1 << reply), h1, leader, lead, reply, need, left)
            if r == want:
                return r
        return not want

    def test(self, leader: int, played: list[int], need: int, first: int) -> bool:
        """The search's entry point (:data:`~trickcore.solver.numbering._Test`): positions in
        the general numbering in, the answer out; the table's node count kept up to date."""
        table = self.table
        self.nodes = table.counter[0]
        self.check_at = table.check_at[0]
        try:
            return self._test(leader, [_to16(p) for p in played], need,
                              _to16(first) if first >= 0 else -1)
        finally:
            table.counter[0] = self.nodes

    def _test(self, leader: int, played: list[int], need: int, first: int) -> bool:
        h0, h1 = self.h0, self.h1
        seat = (leader + len(played)) % 2
        left = (h1 if seat else h0).bit_count()
        if need <= 0:
            return True
        if need > left:
            return False
        if not played:
            if first < 0:
                made = self.start(h0, h1, leader, need, left)
                key, perm = self.canon(h0, h1, leader)
                entry = self.tt.get(key, -1)
                if entry >= 0 and entry >> 12:
                    b = (entry >> 12) - 1
                    lead = ((perm >> (2 * (b >> _SHIFT))) & 3) << _SHIFT | (b & 15)
                    self.table.root_leads[leader] = _to32(lead)
                return made
            if leader:
                h1 ^= 1 << first
            else:
                h0 ^= 1 << first
            return self.follow_all(h0, h1, leader, first, need, left)
        lead = played[0]
        if first < 0:
            return self.follow_all(h0, h1, leader, lead, need, left)
        if seat:
            h1 ^= 1 << first
        else:
            h0 ^= 1 << first
        return self.after(h0, h1, leader, lead, first, need, left)


def build_two(table: _Table) -> _TwoHand:
    """The two-hand search over ``table``'s compiled position (whose suits must :func:`fit
    <fits>`)."""
    return _TwoHand(table)

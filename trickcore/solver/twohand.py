"""Humbug's search: two hands, written out flat, one call per trick with the hands as arguments.

The same zero-window search as :mod:`trickcore.solver.search`, with a stronger bound on trumps.
"""

from __future__ import annotations

from trickcore.solver.numbering import (
    _ABOVE,
    _BLOCK,
    _BLOCK_MASK,
    _KEY_BITS,
    _SUIT_BLOCKS,
    _bits,
    _squeeze,
    _Table,
    _Test,
)


def build_two(table: _Table) -> _Test:
    """The same search written out for two hands: one call per trick, hands passed as
    arguments, and a stronger bound on trumps.

    With two hands, a trump loses only to a higher trump of the other hand played to the
    same trick, and each trump can beat only one: so a hand is sure of as many trump tricks
    as it has trumps left over after matching each of them, from the top, with a higher
    trump of the other hand.
    """
    h0_root, h1_root = table.c.root_hands
    is_max = table.c.is_max
    trump = table.c.trump
    blocks = _SUIT_BLOCKS
    tblock = blocks[trump] if trump >= 0 else 0
    above = _ABOVE
    tt = table.tt
    counter = table.counter
    check_at = table.check_at
    budget = table.budget
    store = table.store

    def cashable(lead_hand: int, other: int, opposed: bool) -> int:
        """Side-suit tricks the leader cashes from the top before the other can ruff."""
        total = 0
        can_ruff = opposed and trump >= 0 and other & tblock
        for s in range(4):
            if s == trump:
                continue
            shift = s * _BLOCK
            mine = (lead_hand >> shift) & _BLOCK_MASK
            if not mine:
                continue
            theirs = (other >> shift) & _BLOCK_MASK
            run = mine.bit_length() - theirs.bit_length()
            if run <= 0:
                continue
            if can_ruff:
                length = theirs.bit_count()
                if length < run:
                    run = length
            total += run
        return total

    def trump_tricks(lead_hand: int, other: int) -> tuple[int, int]:
        """Trump tricks each hand is sure of (see the docstring above)."""
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

    def after(h0: int, h1: int, leader: int, lead: int, reply: int, need: int,
              left: int) -> bool:
        """The trick (lead, reply) is complete; hands no longer hold those cards."""
        follower = 1 - leader
        if reply >> 5 == lead >> 5:
            winner = follower if reply > lead else leader
        else:
            winner = follower if reply >> 5 == trump else leader
        a, b = (lead, reply) if lead > reply else (reply, lead)
        h0 = _squeeze(_squeeze(h0, a), b)
        h1 = _squeeze(_squeeze(h1, a), b)
        return start(h0, h1, winner, need - is_max[winner], left - 1)

    def start(h0: int, h1: int, leader: int, need: int, left: int) -> bool:
        if need <= 0:
            return True
        if need > left:
            return False
        counter[0] += 1
        if counter[0] >= check_at[0]:
            budget()
        if leader:
            lead_hand, other = h1, h0
        else:
            lead_hand, other = h0, h1
        follower = 1 - leader
        lmax = is_max[leader]
        fmax = is_max[follower]
        if left == 1:
            lc = lead_hand.bit_length() - 1
            fc = other.bit_length() - 1
            win_f = fc > lc if fc >> 5 == lc >> 5 else fc >> 5 == trump
            return (fmax if win_f else lmax) == 1
        key = (((leader << _KEY_BITS) | h0) << _KEY_BITS) | h1
        entry = tt.get(key)
        if entry is not None:
            lo, hi, best = entry & 63, (entry >> 6) & 63, (entry >> 12) - 1
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            best = -1
            if lmax == fmax:  # one side holds both hands
                lo = hi = left if lmax else 0
            else:
                lsure = cashable(lead_hand, other, True)
                fsure = 0
                if trump >= 0:
                    lsafe, fsure = trump_tricks(lead_hand, other)
                    lsure += lsafe
                if lmax:
                    lo, hi = lsure, left - fsure
                else:
                    lo, hi = fsure, left - lsure
            if lo >= need or hi < need:
                store(key, lo, hi, -1)
                return lo >= need
        # leads: the table's move, then cards whose run reaches the top, then low cards (of
        # suits the follower is short in first), then leads the follower ruffs
        reps = lead_hand & ~(lead_hand << 1)
        leads = []
        if best >= 0 and reps >> best & 1:
            leads.append(best)
            reps ^= 1 << best
        rest = []
        ruffed = []
        ruffs = trump >= 0 and other & tblock
        while reps:
            low = reps & -reps
            c = low.bit_length() - 1
            reps ^= low
            if ruffs and c >> 5 != trump and not other & blocks[c >> 5]:
                ruffed.append(c)  # the follower ruffs it: tried last
            elif other & above[c]:
                rest.append(c)
            else:
                leads.append(c)
        if rest:
            # low cards of suits the follower is short in and the leader long in
            rest.sort(key=lambda c: (c & 31) - (lead_hand & blocks[c >> 5]).bit_count()
                      + 4 * (other & blocks[c >> 5]).bit_count())
            leads += rest
        if ruffed:
            leads += ruffed
        lwant = lmax == 1
        fwant = fmax == 1
        opposed = lwant != fwant
        result = not lwant
        chosen = -1
        for lead in leads:
            lead_after = lead_hand ^ (1 << lead)
            lb = lead >> 5
            follow = other & blocks[lb]
            replies: list[int] = []
            if follow:
                freps = follow & ~(other << 1)
                if opposed:  # the cheapest card that wins, then the lowest
                    order = freps & above[lead]
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
                plain = _bits(freps ^ trumps)
                plain.sort(key=lambda c: (c & 31) - 2 * (other & blocks[c >> 5]).bit_count())
                # ruff low first against the leader; discard low first for a friend
                replies = _bits(trumps) + plain if opposed else plain + _bits(trumps)
            fres = not fwant
            for reply in replies:
                other_after = other ^ (1 << reply)
                win_f = reply > lead if reply >> 5 == lb else reply >> 5 == trump
                if lead > reply:
                    a, b = lead, reply
                else:
                    a, b = reply, lead
                m = above[a]
                x = lead_after & m
                new_l = (lead_after ^ x) | (x >> 1) if x else lead_after
                x = other_after & m
                new_f = (other_after ^ x) | (x >> 1) if x else other_after
                m = above[b]
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
                    r = start(new_h0, new_h1, follower, need - fmax, left - 1)
                else:
                    r = start(new_h0, new_h1, leader, need - lmax, left - 1)
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
        entry = tt.get(key)
        if entry is not None:
            lo = max(lo, entry & 63)
            hi = min(hi, (entry >> 6) & 63)
            if chosen < 0:
                chosen = (entry >> 12) - 1
        store(key, lo, hi, chosen)
        return result

    def follow_all(h0: int, h1: int, leader: int, lead: int, need: int, left: int) -> bool:
        """The lead is on the table (already out of its hand); the follower chooses."""
        follower = 1 - leader
        other = h1 if leader == 0 else h0
        legal = other & blocks[lead >> 5] or other
        want = is_max[follower] == 1
        for reply in _bits(legal & ~(other << 1)):
            if follower:
                r = after(h0, h1 ^ (1 << reply), leader, lead, reply, need, left)
            else:
                r = after(h0 ^ (1 << reply), h1, leader, lead, reply, need, left)
            if r == want:
                return r
        return not want

    def test(leader: int, played: list[int], need: int, first: int) -> bool:
        h0, h1 = h0_root, h1_root
        seat = (leader + len(played)) % 2
        left = (h1 if seat else h0).bit_count()
        if need <= 0:
            return True
        if need > left:
            return False
        if not played:
            if first < 0:
                return start(h0, h1, leader, need, left)
            if leader:
                h1 ^= 1 << first
            else:
                h0 ^= 1 << first
            return follow_all(h0, h1, leader, first, need, left)
        lead = played[0]
        if first < 0:
            return follow_all(h0, h1, leader, lead, need, left)
        if seat:
            h1 ^= 1 << first
        else:
            h0 ^= 1 << first
        return after(h0, h1, leader, lead, first, need, left)

    return test


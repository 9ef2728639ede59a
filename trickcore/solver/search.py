"""The general search: card by card, for any number of seats, sharing one transposition table.

Two hands (Humbug) get their own flat search (:mod:`trickcore.solver.twohand`) unless the general
one is asked for.  Where the build has them, both searches run in C instead, step for step the
same (:mod:`trickcore.solver.native`): change a search and its C translation (``_general.c``,
``_twohand.c``) together; ``tests/solver/test_native.py`` fails on any difference in the trick
starts visited.
"""

from __future__ import annotations

from trickcore.solver.bounds import quick_rel, quick_tricks, top_trumps
from trickcore.solver.fewest_order import high_trumps, order_fewest
from trickcore.solver.memory import Memory
from trickcore.solver.native import (
    NativeTest,
    enabled,
    general_fits,
    general_reroot,
    general_search,
    new_table,
    two_hand,
)
from trickcore.solver.numbering import (
    _ABOVE,
    _AT_LEAST,
    _BLOCK,
    _KEY_BITS,
    _SUIT_BLOCKS,
    _beats,
    _bits,
    _Compiled,
    _Table,
    _Test,
)
from trickcore.solver.twohand import build_two, fits


class _Search(_Table):
    """Zero-window searches ("can the side make ``need`` tricks?") over a compiled position,
    sharing one transposition table."""

    def __init__(self, compiled: _Compiled, *, general: bool = False,
                 max_entries: int = 10_000_000, memory: Memory | None = None) -> None:
        # the two-hand search counts the maximisers' tricks: the fewest mode is the general one's
        two = (len(compiled.root_hands) == 2 and not general and fits(compiled.root_hands)
               and compiled.counts == compiled.is_max)
        in_c = two and enabled()
        super().__init__(compiled, max_entries,
                         memory.table(compiled.trump, compiled.is_max)
                         if memory is not None and two and not in_c else None)
        self._test: _Test
        self._two = two  # reroot moves a general search only
        self._root: list[int] = []  # the Python general search's root hands, and their count
        self._root_left = [0]
        #: the same search as twohand.py or _build_general, in C (trickcore.solver.native)
        self._in_c: NativeTest | None = None
        if in_c:
            table = (memory.native_table(compiled.trump, compiled.is_max) if memory is not None
                     else new_table())
            self._in_c = two_hand(table, list(compiled.root_hands), compiled.trump,
                                  list(compiled.is_max), max_entries)
        elif two:
            self._test = build_two(self).test
        elif enabled() and general_fits(compiled.root_hands):
            self._in_c = general_search(list(compiled.root_hands), compiled.trump,
                                        list(compiled.is_max), max_entries,
                                        counts=list(compiled.counts))
        else:
            self._test = self._build_general()

    def test(self, leader: int, played: list[int], need: int, first: int = -1) -> bool:
        """Can the side make ``need`` tricks from the compiled position (``first``: the card the
        seat to move must play)?"""
        if self._in_c is not None:
            return self._in_c(self, leader, played, need, first)
        return self._test(leader, played, need, first)

    def reroot(self, compiled: _Compiled) -> bool:
        """Move this search (a general one, of the same seats, trumps and sides) to the root of
        ``compiled``, its table kept: the entries, at trick starts in relative ranks, hold for
        any root.  False (nothing done) where a new search of ``compiled`` would not be the same
        kind of search (two-hand, or in C where this one is not)."""
        if self._two or (self._in_c is not None) != (
                enabled() and general_fits(compiled.root_hands)):
            return False
        self.c = compiled
        self.counter[0] = 0
        self.root_leads.clear()
        if self._in_c is not None:
            general_reroot(self._in_c, list(compiled.root_hands))
        else:
            self._root[:] = compiled.root_hands
            self._root_left[0] = compiled.root_hands[0].bit_count()
        return True

    def _build_general(self) -> _Test:
        """The search card by card, for any number of seats.  ``is_max``: who maximises;
        ``counts``: whose tricks count (see _Compiled); quick tricks only where they agree."""
        root = self._root = list(self.c.root_hands)  # reroot changes it in place
        hands = list(root)
        is_max = self.c.is_max
        counts = self.c.counts
        bounds = counts == is_max
        trump = self.c.trump
        n = len(hands)
        last = n - 1
        tt = self.tt
        above = _ABOVE
        blocks = _SUIT_BLOCKS
        trump_block = blocks[trump] if trump >= 0 else 0
        lane = (1 << _KEY_BITS) - 1
        # each position's bits above it within its suit, in every hand's lane
        lanes_above = [sum(m << (_KEY_BITS * i) for i in range(n)) for m in above]
        foes_of = [[o for o in range(n) if is_max[o] != is_max[s]] for s in range(n)]
        friends_of = [[o for o in range(n) if o != s and is_max[o] == is_max[s]]
                      for s in range(n)]
        table: list[int] = []
        counter = self.counter
        check_at = self.check_at
        budget = self.budget
        chosen = [-1]
        rel = [0]
        at_least = _AT_LEAST
        b0, b1, b2, b3 = blocks
        regions = self.regions
        root_leads = self.root_leads
        root_left = self._root_left = [root[0].bit_count()]
        max_entries = self.max_entries

        def last_trick(leader: int) -> int:
            """The seat that takes the last trick; leaves in ``rel[0]`` the winning card if it
            beat another card of its suit (its rank mattered), else nothing."""
            best = hands[leader].bit_length() - 1
            seat = leader
            cards = [best]
            for k in range(1, n):
                s = (leader + k) % n
                card = hands[s].bit_length() - 1
                cards.append(card)
                if _beats(card, best, trump):
                    best, seat = card, s
            rel[0] = 0
            for card in cards:
                if card != best and card >> 5 == best >> 5:
                    rel[0] = 1 << best
                    break
            return seat

        def closure(mask: int) -> int:
            """The region a result holds for: in each suit with a card that mattered
            (``mask``), every card from the lowest such card up, taken down over the rest of
            its holder's run (no run of equivalent cards straddles the region's edge)."""
            region = 0
            for s in range(4):
                m = mask & blocks[s]
                if m:
                    p = (m & -m).bit_length() - 1
                    floor = s * _BLOCK
                    for h in hands:
                        if h >> p & 1:
                            while p > floor and h >> (p - 1) & 1:
                                p -= 1
                            break
                    region |= at_least[p]
            return region

        def finish(winner: int, need: int, left: int, win: int) -> bool:
            """The trick on the table is complete: squeeze its cards out and go on (all the
            hands at once, packed into one integer, one lane of _KEY_BITS bits a hand)."""
            saved = hands[:]
            played = table[:]
            packed = 0
            for h in saved:
                packed = (packed << _KEY_BITS) | h
            for card in sorted(played, reverse=True):
                hi = packed & lanes_above[card]
                if hi:
                    packed = (packed ^ hi) | (hi >> 1)
            for i in range(last, -1, -1):
                hands[i] = packed & lane
                packed >>= _KEY_BITS
            table.clear()
            result = start(winner, need - counts[winner], left - 1)
            table[:] = played
            hands[:] = saved
            # the cards the answer rests on, back in this trick's numbering, and the winning
            # card if it beat another card of its suit
            cr = rel[0]
            ranked = False
            for card in sorted(played):
                if cr:
                    x = cr & at_least[card]
                    if x:
                        cr = (cr ^ x) | (x << 1)
                if card != win and card >> 5 == win >> 5:
                    ranked = True
            rel[0] = cr | (1 << win) if ranked else cr
            return result

        def start(leader: int, need: int, left: int) -> bool:
            """Can the side make ``need`` of the ``left`` tricks from this trick start?
            Leaves in ``rel[0]`` the cards whose ranks the answer rests on: it holds for every
            position with the same leader and suit lengths whose cards, suit by suit from the
            lowest of those up, lie in the same hands (partition search)."""
            if need <= 0:
                rel[0] = 0
                return True
            if need > left:
                rel[0] = 0
                return False
            counter[0] += 1
            if counter[0] >= check_at[0]:
                budget()
            if left == 1:
                return counts[last_trick(leader)] == 1
            lengths = leader
            for h in hands:
                lengths = ((lengths << 20) | (h & b0).bit_count() | (h & b1).bit_count() << 5
                           | (h & b2).bit_count() << 10 | (h & b3).bit_count() << 15)
            best = -1
            seen = regions.get(lengths)
            if seen is not None:
                for region in seen:
                    key = (lengths << _KEY_BITS) | region
                    for h in hands:
                        key = (key << _KEY_BITS) | (h & region)
                    entry = tt.get(key)
                    if entry is not None:
                        if entry & 63 >= need:
                            rel[0] = region
                            return True
                        if (entry >> 6) & 63 < need:
                            rel[0] = region
                            return False
                        if best < 0:
                            best = (entry >> 12) - 1
            # bounds from the quick tricks of the side on lead (not in the fewest mode), from a
            # run of top trumps (sure tricks, whoever wants them) and, in the fewest mode, from
            # the others' trumps over all the counted seat's; a bound that settles the test
            # rests only on the cards of the tricks it needs
            qt, qwho, qentry, qruns = (quick_tricks(hands, leader, trump, friends_of, foes_of)
                                       if bounds else (0, leader, -1, [0] * 4))
            seat, run, ttop, talone = top_trumps(hands, trump)
            lo, hi = 0, left
            lo_from = hi_from = 0  # each bound from: 0 quick tricks, 1 top trumps, 2 high trumps
            if is_max[leader]:
                lo = qt
            else:
                hi = left - qt
            if seat >= 0:
                if counts[seat]:
                    if run > lo:
                        lo, lo_from = run, 1
                elif left - run < hi:
                    hi, hi_from = left - run, 1
            mrel = 0
            if not bounds and trump >= 0:  # the others' trumps over all the counted seat's
                most, mrel = high_trumps(hands, counts, trump)
                if left - most < hi:
                    hi, hi_from = left - most, 2
            if lo >= need or hi < need:
                yes = lo >= need
                want = need if yes else left - need + 1  # the tricks the bound needs
                source = lo_from if yes else hi_from
                if source == 0:
                    rel[0] = quick_rel(hands, qwho, qentry, qruns, want)
                elif source == 1:
                    rel[0] = 0 if talone else 1 << (ttop - want + 1)
                else:
                    rel[0] = mrel
                return yes
            result = move(leader, 0, need, left, 0, leader, best)
            region = closure(rel[0])
            rel[0] = region
            move_found = chosen[0] if chosen[0] >= 0 else best
            if left == root_left[0]:
                root_leads[leader] = move_found
            key = (lengths << _KEY_BITS) | region
            for h in hands:
                key = (key << _KEY_BITS) | (h & region)
            if result:
                lo, hi = need, left
            else:
                lo, hi = 0, need - 1
            entry = tt.get(key)
            if entry is not None:  # a bound on the same region is known
                lo = max(lo, entry & 63)
                hi = min(hi, (entry >> 6) & 63)
            else:
                if len(tt) >= max_entries:
                    tt.clear()  # a cache: forgetting costs time, never correctness
                    regions.clear()
                known = regions.get(lengths)
                if known is None:
                    regions[lengths] = [region]
                elif region not in known:
                    known.append(region)
            tt[key] = lo | (hi << 6) | ((move_found + 1) << 12)
            rel[0] = region
            return result

        def order_moves(reps: int, turn: int, win: int, win_seat: int, seat: int, hint: int,
                        hand: int, following: bool) -> list[int]:
            if not reps & (reps - 1):
                return [reps.bit_length() - 1]
            if turn == 0:
                # leads, by a score: cash a winner; else lead to a partner's winner; avoid
                # suits an opponent ruffs; low cards first within a suit
                friends = 0
                foes = 0
                foe_hands = []
                mine = is_max[seat]
                for i in range(n):
                    if i != seat:
                        if is_max[i] == mine:
                            friends |= hands[i]
                        else:
                            foes |= hands[i]
                            foe_hands.append(hands[i])
                others = friends | foes
                scored = []
                for card in _bits(reps):
                    block = blocks[card >> 5]
                    # cash a sure winner first, then lead towards a friend's best card; a trump
                    # after every other suit no foe can ruff, a suit a foe ruffs last of all
                    if not others & above[card]:
                        score = 110 + (card & 31)
                    else:
                        top = (others & block).bit_length() - 1
                        score = 100 if friends >> top & 1 else (
                            20 if hands[(seat + 1) % n] >> top & 1 else 0)
                        score -= card & 31
                    if card >> 5 == trump:
                        score -= 250
                    if trump >= 0 and card >> 5 != trump:
                        for fh in foe_hands:
                            if not fh & block and fh & trump_block:
                                score -= 400  # last of all: a foe ruffs it
                                break
                    scored.append((score, card))
                scored.sort(reverse=True)
                ordered = [c for _, c in scored]
                if hint >= 0 and reps >> hint & 1:
                    ordered.remove(hint)
                    ordered.insert(0, hint)
                return ordered
            friend = is_max[win_seat] == is_max[seat]
            if following:
                if friend or win >> 5 != (reps.bit_length() - 1) >> 5:
                    return _bits(reps)
                higher = reps & above[win]
                if turn < last:
                    # a card that also beats every card still to come in this suit, else low
                    later = 0
                    for k in range(turn + 1, n):
                        later |= hands[(seat + k - turn) % n]
                    top = (later & blocks[win >> 5]).bit_length() - 1
                    safe = higher & above[top] if top >= 0 else higher
                    if safe:
                        low = safe & -safe
                        rest = _bits(reps ^ low)
                        return [low.bit_length() - 1, *rest]
                    if higher and turn == last - 1:
                        # one hand still to come: first the cheapest card that wins for now
                        low = higher & -higher
                        return [low.bit_length() - 1, *_bits(reps ^ low)]
                    return _bits(reps)
                return _bits(higher) + _bits(reps ^ higher)
            trumps = reps & trump_block
            plain = sorted(_bits(reps ^ trumps),
                           key=lambda c: (c & 31) - 3 * (hand & blocks[c >> 5]).bit_count())
            if friend or not trumps:
                return plain + _bits(trumps)
            winning = trumps & above[win] if win >> 5 == trump else trumps
            return _bits(winning) + plain + _bits(trumps ^ winning)

        def move(leader: int, turn: int, need: int, left: int, win: int, win_seat: int,
                 hint: int) -> bool:
            """The seat ``turn`` places after ``leader`` chooses a card."""
            seat = (leader + turn) % n
            hand = hands[seat]
            following = False
            if turn:
                legal = hand & blocks[table[0] >> 5]
                if legal:
                    following = True
                else:
                    legal = hand
            else:
                legal = hand
            reps = legal & ~(hand << 1)
            maximiser = is_max[seat] == 1
            if not reps & (reps - 1):
                ordered = [reps.bit_length() - 1]
            elif not bounds:  # the fewest mode: its own order
                ordered = order_fewest(reps, turn, win, win_seat, seat, hint, following, hands,
                                       is_max, counts, trump)
            elif following and (is_max[win_seat] == is_max[seat] or win >> 5 != table[0] >> 5):
                ordered = _bits(reps)  # a friend wins, or the trick is ruffed: low first
            else:
                ordered = order_moves(reps, turn, win, win_seat, seat, hint, hand, following)
            at_last = turn == last
            node_rel = 0
            for card in ordered:
                hands[seat] = hand ^ (1 << card)
                table.append(card)
                if turn == 0 or (card > win if card >> 5 == win >> 5 else card >> 5 == trump):
                    new_win, new_seat = card, seat
                else:
                    new_win, new_seat = win, win_seat
                if at_last:
                    result = finish(new_seat, need, left, new_win)
                else:
                    result = move(leader, turn + 1, need, left, new_win, new_seat, -1)
                table.pop()
                hands[seat] = hand
                if result == maximiser:
                    if turn == 0:
                        chosen[0] = card
                    return result  # rel[0]: this card's
                node_rel |= rel[0]
            if turn == 0:
                chosen[0] = -1
            rel[0] = node_rel
            return not maximiser

        def test(leader: int, played: list[int], need: int, first: int) -> bool:
            hands[:] = root
            table[:] = played
            turn = len(played)
            left = hands[(leader + turn) % n].bit_count()
            if need <= 0:
                return True
            if need > left:
                return False
            if turn == 0 and first < 0:
                return start(leader, need, left)
            win, win_seat = -1, leader
            for i, card in enumerate(played):
                if i == 0 or _beats(card, win, trump):
                    win, win_seat = card, (leader + i) % n
            if first < 0:
                return move(leader, turn, need, left, win, win_seat, -1)
            seat = (leader + turn) % n
            hand = hands[seat]
            hands[seat] = hand ^ (1 << first)
            table.append(first)
            if turn == 0 or _beats(first, win, trump):
                win, win_seat = first, seat
            if turn == last:
                result = finish(win_seat, need, left, win)
            else:
                result = move(leader, turn + 1, need, left, win, win_seat, -1)
            table.pop()
            hands[seat] = hand
            return result

        return test


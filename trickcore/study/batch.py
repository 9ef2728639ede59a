"""Batch simulation: many complete random Oh Hell hands at once, vectorised with numpy.

:func:`simulate_random_hands` deals, bids and plays ``n_hands`` hands of an exact-bid game (by
default pagat's Oh Hell: the dealer is hooked, the card after the deal is turned for trumps,
common scoring) with every seat choosing uniformly at random among its legal actions, the way
:class:`~trickcore.players.random.RandomBot` does in the pure-Python engine.  It plays all the hands of a
chunk together: one numpy step per card played, not one Python step per hand, which makes it
tens of times faster than the engine.  The engine remains the reference; a :class:`BatchResult`
can hand any of its deals back to it (:meth:`BatchResult.replay`).

This module needs numpy; ``import trickcore`` does not import it, and the rest of trickcore
works without numpy.

How a hand is played here, exactly as the engine's rules say:

* **Deal.** Each hand shuffles the 52-card pack by sorting one random key per card (58 random
  bits; :func:`~trickcore.engine.dealing.deal_cards` sorts random doubles in the same way) and deals
  one card at a time from eldest, the seat left of the dealer.  The next card is turned for
  trumps (or, by the ruleset's ``trump_method``, the top of the stock, the dealer's own last
  card, or none); no card is left to turn when the whole pack is dealt, and the hand is played
  at no trump.
* **Bids.** Every seat, eldest first, bids uniformly among its legal bids: ``0`` to the hand
  size, except that the hooked dealer never bids the number that would make the bids total the
  hand size.
* **Play.** Eldest leads the first trick, the winner of each trick leads the next.  Each seat
  plays a card chosen uniformly among its legal cards (those of the suit led if it has any,
  else any card).  Exactly uniform: it draws a whole number uniformly below
  ``lcm(1, 2, ..., max(13, hand size))`` (``numpy.random.Generator.integers``, which is exact),
  takes its remainder ``r`` modulo the number ``c`` of legal cards (exactly uniform, as ``c``
  divides the bound) and plays the ``r``-th legal card in index order.  The highest trump wins
  the trick, else the highest card of the suit led.
* **Score.** Points follow the ruleset's scoring (every exact-bid scheme, house scorings and
  ``zero_bid``).

Hands are bitmasks over trickcore card indices (``suit * 16 + rank position``, see
:mod:`trickcore.cards`), in ``numpy.uint64``; ``int(result.hands[i, seat])`` is the same mask
as ``Deal.hands[seat]``.

>>> result = simulate_random_hands(2000, seed=1)
>>> result.bids.shape, result.tricks.shape, result.points.shape, result.trump.shape
((2000, 4), (2000, 4), (2000, 4), (2000,))
>>> bool((result.tricks.sum(axis=1) == 10).all()), bool((result.bids.sum(axis=1) != 10).all())
(True, True)
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import TYPE_CHECKING, Any

from trickcore.i18n import _
from trickcore.rules import GameEnd, Ruleset, scoring_rule
from trickcore.study.batch_support import NUMPY_MISSING, batch_ruleset, turn_position

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from trickcore.engine.dealing import Deal
    from trickcore.engine.state import HandState

__all__ = ["BatchResult", "random_match_totals", "seat_means", "simulate_random_hands"]

#: Hands per chunk: small enough that a chunk's arrays stay in the CPU caches.
DEFAULT_CHUNK = 16384


def _check_numpy() -> None:
    """Raise a clear :class:`ImportError` when numpy is missing."""
    try:
        import numpy  # noqa: F401
    except ImportError as exc:  # pragma: no cover - numpy is installed in the dev environment
        raise ImportError(NUMPY_MISSING) from exc


@dataclasses.dataclass(frozen=True, eq=False)
class BatchResult:
    """What :func:`simulate_random_hands` played: one row per hand, one column per seat.

    Seats are absolute (0 to ``players - 1``), as in :class:`~trickcore.engine.state.HandState`.
    The play arrays are there only with ``keep_plays=True`` (else ``None``):
    ``plays[i, t, j]`` is the card index played ``j``-th to trick ``t`` of hand ``i``, by seat
    ``(leaders[i, t] + j) % players``; ``winners[i, t]`` is the seat that won the trick.
    """

    ruleset: Ruleset
    """The rules played (with the ``hook`` given to :func:`simulate_random_hands`)."""
    players: int
    hand_size: int
    dealer: NDArray[np.int8]
    """``(n,)``: the dealer of each hand."""
    hands: NDArray[np.uint64]
    """``(n, players)``: the cards dealt to each seat, as bitmasks of card indices."""
    turn_up: NDArray[np.int8]
    """``(n,)``: the card index turned for trumps, or -1 when none was turned."""
    trump: NDArray[np.int8]
    """``(n,)``: the trump suit (0-3, as :class:`~trickcore.cards.Suit`), or -1 at no trump."""
    bids: NDArray[np.int8]
    """``(n, players)``: each seat's bid."""
    tricks: NDArray[np.int8]
    """``(n, players)``: tricks taken by each seat."""
    points: NDArray[np.int32]
    """``(n, players)``: each seat's points for the deal under the ruleset's scheme."""
    plays: NDArray[np.uint8] | None = None
    """``(n, hand_size, players)``: card indices in play order within each trick."""
    leaders: NDArray[np.int8] | None = None
    """``(n, hand_size)``: the seat that led each trick."""
    winners: NDArray[np.int8] | None = None
    """``(n, hand_size)``: the seat that won each trick."""

    @property
    def n_hands(self) -> int:
        """The number of hands played."""
        return int(self.bids.shape[0])

    def deal(self, i: int) -> Deal:
        """Hand ``i``'s deal as a :class:`~trickcore.engine.dealing.Deal` (without the stock).

        >>> result = simulate_random_hands(3, seed=2)
        >>> deal = result.deal(1)
        >>> deal.dealer, [len(deal.hand(s)) for s in range(4)]
        (1, [10, 10, 10, 10])
        """
        from trickcore.cards import CARDS, cards_of
        from trickcore.engine.dealing import deal_from_hands

        turn = int(self.turn_up[i])
        return deal_from_hands(
            self.ruleset,
            [cards_of(int(mask)) for mask in self.hands[i]],
            dealer=int(self.dealer[i]),
            turn_up=CARDS[turn] if turn >= 0 else None,
        )

    def replay(self, i: int) -> HandState:
        """Play hand ``i`` again through the pure-Python engine, bid by bid and card by card.

        The engine checks every action (the hook, following suit) and scores the deal, so
        ``replay(i).tricks_won`` and ``.points`` must equal row ``i`` of :attr:`tricks` and
        :attr:`points`.  Needs ``keep_plays=True``.

        >>> result = simulate_random_hands(5, seed=3, keep_plays=True)
        >>> state = result.replay(4)
        >>> list(state.points) == result.points[4].tolist()
        True
        """
        from trickcore.cards import CARDS
        from trickcore.engine.state import HandState

        if self.plays is None:
            raise ValueError(_("replay needs the plays: simulate with keep_plays=True"))
        deal = self.deal(i)
        state = HandState(self.ruleset, deal)
        eldest = (deal.dealer + 1) % self.players
        for k in range(self.players):
            state.bid(int(self.bids[i, (eldest + k) % self.players]))
        for trick in self.plays[i]:
            for card in trick:
                state.play(CARDS[int(card)])
        return state


@functools.cache
def _tables() -> tuple[NDArray[np.uint64], NDArray[np.uint8], NDArray[np.uint64]]:
    """The pack's card indices, the select table and the suit masks (built once)."""
    import numpy as np

    ranks = [*range(9), 12, 13, 14, 15]
    pack = np.array([s * 16 + r for s in range(4) for r in ranks], dtype=np.uint64)
    # select[w * 16 + k]: the bit position of the k-th lowest set bit of the 16-bit word w.
    words = np.arange(1 << 16, dtype=np.uint32)[:, None]
    bits = (words >> np.arange(16, dtype=np.uint32)) & 1
    select = np.argsort(1 - bits, axis=1, kind="stable").astype(np.uint8).ravel()
    suit_masks = np.array([0xFFFF << (16 * s) for s in range(4)], dtype=np.uint64)
    return pack, select, suit_masks


def _select(
    x: NDArray[np.uint64], r: NDArray[np.unsignedinteger[Any]], select: NDArray[np.uint8],
    row4: NDArray[np.intp],
) -> NDArray[np.uint8]:
    """The card index of the ``r``-th lowest set bit (from 0) of each mask in ``x``.

    ``row4`` is ``4 * arange(len(x))``.
    """
    import numpy as np

    # The four 16-bit suit words of each mask (word s holds suit s).
    words = x.astype("<u8", copy=False).view("<u2")
    counts = np.bitwise_count(words).reshape(-1, 4)
    c0, c1, c2 = counts[:, 0], counts[:, 1], counts[:, 2]
    s2 = c0 + c1
    past1 = r >= c0
    past2 = r >= s2
    past3 = r >= s2 + c2
    # r among the cards of its suit
    within = r - past1 * c0 - past2 * c1 - past3 * c2
    suit = past1.view(np.uint8) + past2.view(np.uint8) + past3.view(np.uint8)
    word = words.take(row4 + suit)
    position = select.take((word.astype(np.uint32) << 4) + within)
    out: NDArray[np.uint8] = (suit << 4) + position
    return out


def _play_chunk(
    rng: np.random.Generator,
    n: int,
    players: int,
    hand_size: int,
    hook: bool,
    turn_at: int,
    keep_plays: bool,
) -> dict[str, NDArray[Any]]:
    """Deal, bid and play ``n`` hands; seats relative to the dealer (0 is eldest)."""
    import numpy as np

    pack, select, suit_masks = _tables()
    p, h = players, hand_size
    dealt = p * h
    rows = np.arange(n, dtype=np.intp)
    row4 = rows * 4

    # Shuffle: sort 58 random bits per card, with the card's index in the low 6 bits (they
    # break ties, which are vanishingly rare).  Card i of the shuffled pack goes to relative
    # seat i % p.
    keys = rng.integers(0, 1 << 58, size=(n, 52), dtype=np.uint64)
    keys <<= np.uint64(6)
    keys |= pack
    keys.sort(axis=1)
    keys &= np.uint64(63)
    cards = keys[:, : max(dealt, turn_at + 1)].astype(np.uint8)
    del keys
    one = np.uint64(1)
    rel_hands = np.zeros((n, p), dtype=np.uint64)
    for i in range(dealt):
        rel_hands[:, i % p] |= one << cards[:, i].astype(np.uint64)
    if turn_at >= 0:
        turn_up = cards[:, turn_at].astype(np.int8)
        trump = turn_up >> 4
    else:
        turn_up = np.full(n, -1, dtype=np.int8)
        trump = turn_up.copy()
    trump_key = np.where(trump >= 0, trump, 4).astype(np.uint8)  # 4: matches no suit

    # Bids: eldest first; the dealer (relative seat p - 1) last.
    bids = np.empty((n, p), dtype=np.int8)
    bids[:, : p - 1] = rng.integers(0, h + 1, size=(n, p - 1), dtype=np.int8)
    if hook:
        forbidden = h - bids[:, : p - 1].sum(axis=1, dtype=np.int64)
        binds = forbidden >= 0
        r = rng.integers(0, np.where(binds, h, h + 1))
        bids[:, p - 1] = r + (binds & (r >= forbidden))
    else:
        bids[:, p - 1] = rng.integers(0, h + 1, size=n, dtype=np.int8)

    # Play.  held.ravel()[seat * n + row] is the cards left in that seat's hand.
    held = np.ascontiguousarray(rel_hands.T)
    flat = held.ravel()
    tricks = np.zeros(p * n, dtype=np.int8)
    leader = np.zeros(n, dtype=np.intp)
    # offsets[j][leader]: where the seat j places after the leader sits in ``flat``
    offsets = [((np.arange(p) + j) % p * n).astype(np.intp) for j in range(p)]
    plays = np.empty((n, h, p), dtype=np.uint8) if keep_plays else None
    leaders = np.empty((n, h), dtype=np.int8) if keep_plays else None
    winners = np.empty((n, h), dtype=np.int8) if keep_plays else None
    # lcm(1, 2, ..., h): every possible number of legal cards divides it (12,252,240 for h up
    # to 18, so uint32 is enough for any hand of 4 or more players).
    span = math.lcm(*range(1, max(h, 13) + 1))
    span_type = np.uint32 if span < 1 << 32 else np.uint64
    for t in range(h):
        left = h - t
        # One uniform number below ``span`` per play: its remainder modulo the number of legal
        # cards is exactly uniform, as that number divides ``span``.
        spans = rng.integers(0, span, size=(p, n), dtype=span_type)
        # The lead: any card.
        at = offsets[0].take(leader) + rows
        hand = flat.take(at)
        card = _select(hand, spans[0] % left, select, row4)
        flat[at] = hand ^ (one << card.astype(np.uint64))
        led = card >> 4
        follow = suit_masks.take(led)
        best = (card & 15) | 16 | ((led == trump_key).view(np.uint8) << 5)
        best_pos = np.zeros(n, dtype=np.intp)
        if plays is not None:
            plays[:, t, 0] = card
        for j in range(1, p):
            at = offsets[j].take(leader) + rows
            hand = flat.take(at)
            legal = hand & follow
            count = np.bitwise_count(legal)
            void = count == 0
            legal = np.where(void, hand, legal)
            count = np.where(void, np.uint8(left), count)
            card = _select(legal, spans[j] % count, select, row4)
            flat[at] = hand ^ (one << card.astype(np.uint64))
            suit = card >> 4
            key = ((card & 15) | ((suit == led).view(np.uint8) << 4)
                   | ((suit == trump_key).view(np.uint8) << 5))
            better = key > best
            best = np.maximum(best, key)
            best_pos = np.where(better, j, best_pos)
            if plays is not None:
                plays[:, t, j] = card
        winner = (leader + best_pos) % p
        tricks[winner * n + rows] += 1
        if leaders is not None and winners is not None:
            leaders[:, t] = leader
            winners[:, t] = winner
        leader = winner

    out: dict[str, NDArray[Any]] = {
        "hands": rel_hands, "turn_up": turn_up, "trump": trump, "bids": bids,
        "tricks": np.ascontiguousarray(tricks.reshape(p, n).T),
    }
    if plays is not None and leaders is not None and winners is not None:
        out.update(plays=plays, leaders=leaders, winners=winners)
    return out


def _points(
    ruleset: Ruleset, bids: NDArray[np.int8], tricks: NDArray[np.int8], hand_size: int
) -> NDArray[np.int32]:
    """Every seat's points under the ruleset's scoring, computed from the numbers of its
    :func:`~trickcore.rules.scoring_rule` (as :func:`~trickcore.engine.scoring.exact_bid_points`)."""
    import numpy as np

    rule = scoring_rule(ruleset)
    b = bids.astype(np.int32)
    t = tricks.astype(np.int32)
    d = np.abs(b - t)
    made = d == 0
    exact = rule.exact + (rule.trick + rule.exact_trick) * t + rule.bid * b + rule.bid_squared * b * b
    missed = rule.trick * t + rule.off * d + rule.off_squared * d * d
    points = np.where(made, exact, missed)
    if rule.zero is not None:
        points = np.where(made & (b == 0), rule.zero + rule.zero_hand * hand_size, points)
    out: NDArray[np.int32] = points.astype(np.int32)
    return out


def simulate_random_hands(
    n_hands: int,
    *,
    players: int = 4,
    hand_size: int = 10,
    hook: bool | None = None,
    seed: int = 0,
    ruleset: Ruleset | None = None,
    dealer: int | None = None,
    keep_plays: bool = False,
    chunk_size: int = DEFAULT_CHUNK,
) -> BatchResult:
    """Play ``n_hands`` complete random hands of an exact-bid game, vectorised with numpy.

    * ``ruleset``: the rules (default: pagat's Oh Hell, ``get_variant("oh-hell")``).  Any ruleset
      of the Oh Hell family with the 52-card pack, trumps turned (next card, top of stock or the
      dealer's last card) or none, and any exact-bid scoring (the named schemes, a house
      scoring, ``zero_bid`` too).
    * ``hook``: whether the dealer is hooked; ``None`` (the default) takes the ruleset's
      (on in pagat's Oh Hell).  :attr:`BatchResult.ruleset` records the rules as played.
    * ``dealer``: ``None`` (the default) rotates the deal: hand ``i`` is dealt by seat
      ``i % players``.  A seat number makes that seat deal every hand.
    * ``seed``: seeds one :class:`numpy.random.Generator` (PCG64).  The same arguments give the
      same hands; changing ``chunk_size`` (hands played together) changes the random stream.
    * ``keep_plays``: also return every card played, the trick leaders and winners.

    Every choice is uniform among the legal ones, so the hands are distributed as those of the
    engine played by :class:`~trickcore.players.random.RandomBot`.

    >>> result = simulate_random_hands(4, seed=7, keep_plays=True)
    >>> result.dealer.tolist(), result.hand_size, result.plays.shape
    ([0, 1, 2, 3], 10, (4, 10, 4))
    >>> [int(x) for x in result.tricks.sum(axis=1)]
    [10, 10, 10, 10]
    >>> from trickcore.engine.scoring import exact_bid_points
    >>> all(result.points[i, s] == exact_bid_points(result.ruleset, result.bids[i, s],
    ...     result.tricks[i, s], 10) for i in range(4) for s in range(4))
    True
    >>> simulate_random_hands(1, players=4, hand_size=14)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: 14 cards to 4 players: a hand is 1 to 13 cards
    """
    _check_numpy()
    import numpy as np

    ruleset = batch_ruleset(ruleset, hook, players=players, hand_size=hand_size,
                            n_hands=n_hands, chunk_size=chunk_size, dealer=dealer)

    p, h = players, hand_size
    turn_at = turn_position(ruleset, p, h)
    rng = np.random.default_rng(seed)
    if dealer is None:
        dealers = (np.arange(n_hands) % p).astype(np.int8)
    else:
        dealers = np.full(n_hands, dealer, dtype=np.int8)

    hands = np.empty((n_hands, p), dtype=np.uint64)
    turn_up = np.empty(n_hands, dtype=np.int8)
    trump = np.empty(n_hands, dtype=np.int8)
    bids = np.empty((n_hands, p), dtype=np.int8)
    tricks = np.empty((n_hands, p), dtype=np.int8)
    points = np.empty((n_hands, p), dtype=np.int32)
    plays = np.empty((n_hands, h, p), dtype=np.uint8) if keep_plays else None
    leaders = np.empty((n_hands, h), dtype=np.int8) if keep_plays else None
    winners = np.empty((n_hands, h), dtype=np.int8) if keep_plays else None
    for start in range(0, n_hands, chunk_size):
        stop = min(start + chunk_size, n_hands)
        part = _play_chunk(rng, stop - start, p, h, ruleset.hook, turn_at, keep_plays)
        # seats[k, s]: the relative seat (0 = eldest, p - 1 = dealer) of seat s in hand k
        shift = dealers[start:stop, None].astype(np.intp) + 1
        seats = (np.arange(p) - shift) % p
        hands[start:stop] = np.take_along_axis(part["hands"], seats, axis=1)
        bids[start:stop] = np.take_along_axis(part["bids"], seats, axis=1)
        tricks[start:stop] = np.take_along_axis(part["tricks"], seats, axis=1)
        points[start:stop] = _points(ruleset, bids[start:stop], tricks[start:stop], h)
        turn_up[start:stop] = part["turn_up"]
        trump[start:stop] = part["trump"]
        if plays is not None and leaders is not None and winners is not None:
            # relative seat q is absolute seat (dealer + 1 + q) % p
            plays[start:stop] = part["plays"]
            leaders[start:stop] = (part["leaders"] + shift) % p
            winners[start:stop] = (part["winners"] + shift) % p
    return BatchResult(
        ruleset=ruleset, players=p, hand_size=h, dealer=dealers, hands=hands, turn_up=turn_up,
        trump=trump, bids=bids, tricks=tricks, points=points,
        plays=plays, leaders=leaders, winners=winners,
    )


# Summaries for the studies (trickcore.study.hook and .matches) ------------------------------


def seat_means(result: BatchResult) -> list[tuple[float, float]]:
    """Each seat's mean points a deal in ``result``, and the standard error of that mean.

    >>> means = seat_means(simulate_random_hands(2000, seed=1, dealer=3))
    >>> len(means), means[3][0] < means[0][0]     # the hooked dealer does worse
    (4, True)
    """
    import numpy as np

    pts = result.points.astype(np.float64)
    se = pts.std(axis=0, ddof=1) / math.sqrt(result.n_hands)
    return [(float(pts[:, s].mean()), float(se[s])) for s in range(result.players)]


def random_match_totals(ruleset: Ruleset, *, players: int, matches: int,
                        seed: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """Whole matches with every choice random: each match's final totals by seat (seat 0 the
    first dealer; the deal passes left) and the deals it lasted.  Deal ``i`` of every match is
    played from the seed ``seed + i``; a game to a target is played deal after deal until
    someone reaches it (or the ruleset's ``max_deals``).

    >>> from trickcore.rules.registry import get_variant
    >>> totals, deals = random_match_totals(get_variant("oh-hell"), players=4, matches=3, seed=1)
    >>> len(totals), deals
    (3, [19, 19, 19])
    """
    import numpy as np

    schedule = ruleset.hand_sequence(players)
    target = ruleset.game_end is GameEnd.TARGET
    totals = np.zeros((matches, players), dtype=np.int64)
    done = np.zeros(matches, dtype=bool)
    lengths = np.zeros(matches, dtype=np.int64)
    index = 0
    while True:
        h = schedule[index % len(schedule)]
        # the seat (dealer + 1 + q) % players is position q + 1 places left of the first dealer
        result = simulate_random_hands(matches, players=players, hand_size=h,
                                       dealer=index % players, seed=seed + index,
                                       ruleset=ruleset)
        live = ~done
        totals[live] += result.points[live]
        lengths[live] += 1
        index += 1
        if target:
            done |= totals.max(axis=1) >= ruleset.target
            if done.all() or index >= ruleset.max_deals:
                break
        elif index == len(schedule):
            break
    return [tuple(int(x) for x in row) for row in totals], [int(x) for x in lengths]

"""What is this hand worth?  The tricks a hand takes over deals of the cards its holder cannot see.

Before bidding, a seat sees its own hand, the card turned for trumps (where one is turned) and
the bids made before its turn; nothing else.  :func:`sample_deals` deals the cards it cannot
see (the other hands, the stock, Five Hundred's kitty, a dead hand) again at random, each
place keeping its size, from one seeded :class:`random.Random`: the seat's own cards and the
turned card never go anywhere else.  :func:`hand_worth` plays each sampled deal out and counts
the tricks the seat (with its partner, where the game has partnerships) takes:

- ``"double-dummy"``: every hand open, the seat's side against everyone else with best play
  on both sides (:func:`~trickcore.solver.solve`): the most tricks the hand can be sure of
  when the cards lie that way.  The bids already made are not used to guess where the cards
  lie: every consistent deal counts the same.
- ``"bots"``: the heuristic bots bid and play every seat (the bids already made are kept; the
  seat bids ``bid`` where it is legal, else what the bot bids).

Humbug deals all 52 cards, so the other hand is known: there is one deal, the answer is exact
(``exact`` is True) and the error bars are nil.  Five Hundred names trumps in its auction, so the
double-dummy count needs the suit the seat considers naming (``trump``; by default its longest
suit, bowers counted): the seat's side is taken to be the contractor, who leads (or eldest, as
the rules say); the kitty stays out of play, unseen.

The answer, a :class:`Worth`, holds the distribution (``counts[t]``: deals in which the seat took
``t`` tricks), its mean with a 95 % normal interval (mean ± 1.96 s/√N), and for each bar its
share of the deals with a 95 % **Wilson score interval** (:func:`wilson`), which stays inside
0 to 1 and is sensible for small counts.  ``samples`` is N, the deals actually played: with a
time budget (``seconds``) sampling stops at the deadline, and the deals used are always the
first N of the seed's sequence, so a seed with its N gives the same answer on any machine.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("oh-hell-4-2718-8")      # 3 cards each
>>> worth = hand_worth(state, samples=20, seed=1)
>>> worth.samples, sum(worth.counts), worth.method, len(worth.counts) == state.hand_size + 1
(20, 20, 'double-dummy', True)
>>> worth == hand_worth(state, samples=20, seed=1)
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Literal

from trickcore.cards import Suit, cards_of
from trickcore.engine.dealing import Deal
from trickcore.engine.events import BidMade, Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, bot_action
from trickcore.errors import BudgetExceededError, TrickcoreError
from trickcore.i18n import _, format_decimal
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import BiddingKind, Partnership, Ruleset
from trickcore.solver import Memory, Position, opening_position, solve
from trickcore.study import stats

__all__ = ["METHODS", "Worth", "WorthError", "hand_worth", "likely_range", "normal_interval",
           "sample_deals", "seen_mask", "wilson"]

Method = Literal["double-dummy", "bots"]
#: The ways a sampled deal is played out.
METHODS: tuple[Method, ...] = ("double-dummy", "bots")
#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054


class WorthError(TrickcoreError):
    """The hand cannot be valued this way (a method or a deal the analysis does not cover)."""


def wilson(count: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share ``count / n`` (95 % by default;
    :func:`trickcore.study.stats.wilson`, with no deals the whole of 0 to 1):

    centre = (p + z²/2n) / (1 + z²/n), half-width = z/(1 + z²/n) · √(p(1 − p)/n + z²/4n²).

    >>> low, high = wilson(3, 10)
    >>> round(low, 4), round(high, 4)
    (0.1078, 0.6032)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    return stats.wilson(count, n, z)


def normal_interval(counts: Sequence[int], z: float = Z95) -> tuple[float, float, float]:
    """The mean of a distribution (``counts[t]``: how often ``t``) and its normal interval,
    mean ± z·s/√N with the sample standard deviation s (the mean itself when N < 2).

    >>> normal_interval([0, 2, 2])        # values 1, 1, 2, 2: mean 1.5, s 0.577
    (1.5, 0.9342, 2.0658)
    """
    n = sum(counts)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(t * c for t, c in enumerate(counts)) / n
    if n < 2:
        return mean, mean, mean
    variance = sum(c * (t - mean) ** 2 for t, c in enumerate(counts)) / (n - 1)
    half = z * math.sqrt(variance / n)
    return mean, round(mean - half, 4), round(mean + half, 4)


def likely_range(counts: Sequence[int], share: float = 0.9) -> tuple[int, int]:
    """The narrowest run of trick counts holding at least ``share`` of the deals (the one with
    the most deals, then the lowest, among equals).

    >>> likely_range([1, 5, 30, 50, 12, 2])
    (2, 4)
    >>> likely_range([0, 0, 7])
    (2, 2)
    """
    n = sum(counts)
    need = share * n - 1e-9
    best: tuple[int, int, int] | None = None  # width, -mass, low
    for low in range(len(counts)):
        mass = 0
        for high in range(low, len(counts)):
            mass += counts[high]
            if mass >= need:
                key = (high - low, -mass, low)
                if best is None or key < best:
                    best = key
                break
    if best is None:
        return 0, 0
    return best[2], best[2] + best[0]


@dataclasses.dataclass(frozen=True)
class Worth:
    """The tricks a hand took over sampled deals (see the module's documentation).

    ``counts[t]`` deals out of ``samples`` gave the seat ``t`` tricks (``t`` from 0 to the
    hand size); ``shares`` are the same as fractions, ``intervals`` their 95 % Wilson
    intervals; ``mean`` with ``mean_low`` to ``mean_high`` its 95 % normal interval.
    ``requested`` is the N asked for (``samples`` is smaller when the time ran out);
    ``exact`` is True when the deal is known (Humbug); ``trump`` is the trump suit played
    (``None``: no trumps).
    """

    seat: int
    hand_size: int
    counts: tuple[int, ...]
    samples: int
    requested: int
    method: Method
    seed: int
    exact: bool
    trump: Suit | None
    seconds: float = dataclasses.field(default=0.0, compare=False)
    interval: str = "95% Wilson score interval per bar; 95% normal interval for the mean"

    @property
    def shares(self) -> tuple[float, ...]:
        """Each trick count's share of the deals."""
        n = self.samples
        return tuple(c / n if n else 0.0 for c in self.counts)

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """Each share's 95 % Wilson interval (the share itself when the answer is exact)."""
        if self.exact:
            return tuple((s, s) for s in self.shares)
        return tuple(wilson(c, self.samples) for c in self.counts)

    @property
    def mean(self) -> float:
        """The mean number of tricks."""
        return normal_interval(self.counts)[0]

    @property
    def mean_low(self) -> float:
        """The low end of the mean's 95 % interval."""
        return self.mean if self.exact else normal_interval(self.counts)[1]

    @property
    def mean_high(self) -> float:
        """The high end of the mean's 95 % interval."""
        return self.mean if self.exact else normal_interval(self.counts)[2]

    @property
    def most_often(self) -> int:
        """The trick count met most often (the lowest among equals)."""
        return max(range(len(self.counts)), key=lambda t: (self.counts[t], -t))

    @property
    def likely(self) -> tuple[int, int]:
        """The narrowest run of trick counts met in at least 9 deals out of 10."""
        return likely_range(self.counts)


def seen_mask(deal: Deal, seat: int) -> int:
    """The cards ``seat`` sees before bidding: its hand and the card turned for trumps."""
    seen = deal.hands[seat]
    if deal.turn_up is not None:
        seen |= deal.turn_up.bit
    return seen


def sample_deals(deal: Deal, seat: int, rng: random.Random, count: int) -> list[Deal]:
    """``count`` deals like ``deal`` as ``seat`` sees it before bidding: its own hand and the
    turned card where they are, every other card dealt again at random among the places it
    cannot see (each other hand, the kitty, the stock, a dead hand keeps its size; a turned
    card that belongs to a hand, as in Humbug's dealer's last card, stays in it).

    >>> from trickcore.notation.codes import state_from_code
    >>> deal = state_from_code("oh-hell-4-2718-8").deal
    >>> deals = sample_deals(deal, 0, random.Random(1), 3)
    >>> all(d.hands[0] == deal.hands[0] and d.turn_up == deal.turn_up for d in deals)
    True
    """
    if deal.table:
        raise WorthError(_("a deal with table piles (two-hand Five Hundred) is not valued: its "
                           "face-down cards are turned up as play goes on"))
    seen = seen_mask(deal, seat)
    fixed = [hand & seen if s != seat else hand for s, hand in enumerate(deal.hands)]
    sizes = [(hand & ~seen).bit_count() if s != seat else 0
             for s, hand in enumerate(deal.hands)]
    pool_mask = 0
    for s, hand in enumerate(deal.hands):
        if s != seat:
            pool_mask |= hand & ~seen
    piles = (deal.kitty, deal.stock, deal.dead)
    for pile in piles:
        for card in pile:
            if not card.bit & seen:
                pool_mask |= card.bit
    pool = cards_of(pool_mask)
    out = []
    for _i in range(count):
        rng.shuffle(pool)
        at = 0
        hands = list(fixed)
        for s, size in enumerate(sizes):
            for card in pool[at:at + size]:
                hands[s] |= card.bit
            at += size
        new_piles = []
        for pile in piles:
            made = []
            for card in pile:
                if card.bit & seen:
                    made.append(card)
                else:
                    made.append(pool[at])
                    at += 1
            new_piles.append(tuple(made))
        out.append(dataclasses.replace(deal, hands=tuple(hands), kitty=new_piles[0],
                                       stock=new_piles[1], dead=new_piles[2]))
    return out


def _sides(ruleset: Ruleset, players: int, seat: int) -> tuple[int, ...]:
    if ruleset.partnership is Partnership.ALTERNATE and players in (4, 6):
        return tuple(range(seat % 2, players, 2))
    return (seat,)


def default_trump(ruleset: Ruleset, hand: int) -> Suit:
    """The suit a seat would name by length (bowers and joker counted with it), ties to the
    higher suit."""
    def length(suit: Suit) -> int:
        return (hand & ruleset.trump_context(suit).suit_masks[int(suit)]).bit_count()
    return max(Suit, key=lambda s: (length(s), int(s)))


def _position(ruleset: Ruleset, deal: Deal, seat: int, trump: Suit | None) -> Position:
    """The opening position to solve: as dealt, or in an auction game with ``trump`` named by
    ``seat`` as contractor (who leads, or eldest, as the rules say)."""
    if ruleset.bidding is not BiddingKind.AUCTION:
        return opening_position(ruleset, deal)
    leader = seat if ruleset.contractor_leads else deal.eldest
    sides = None
    if ruleset.partnership is Partnership.ALTERNATE and deal.players in (4, 6):
        sides = [list(range(0, deal.players, 2)), list(range(1, deal.players, 2))]
    return Position(deal.hands, trump, leader, (), sides, ruleset.trump_context(trump))


def _bot_tricks(state: HandState, deal: Deal, seat: int, bid: int | None, bot: Bot) -> int:
    """Play ``deal`` out by ``bot`` at every seat, the bids made in ``state`` kept."""
    world = HandState(state.ruleset, deal)
    for event in state.events:
        if isinstance(event, BidMade):
            world.apply(event.bid)
    while world.phase is not Phase.DONE:
        to_act = world.to_act
        assert to_act is not None
        if (to_act == seat and bid is not None and world.phase is Phase.BIDDING
                and not world.auction and world.can_bid(bid)):
            world.apply(bid)
            continue
        world.apply(bot_action(bot, world).action)
    return sum(world.tricks_won[s] for s in _sides(state.ruleset, state.players, seat))


def hand_worth(state: HandState, seat: int | None = None, *, samples: int = 200,
               seed: int = 0, method: Method = "double-dummy", seconds: float | None = None,
               bid: int | None = None, trump: Suit | None = None, bot: Bot | None = None,
               clock: Callable[[], float] = time.monotonic) -> Worth:
    """The tricks ``seat`` (default: the seat to act) takes over ``samples`` deals of the cards
    it cannot see, each played out by ``method``; sampling stops when ``seconds`` have gone
    (``samples`` in the answer is then the N used, at least 1: the first deal is always played
    out; a later deal that cannot be solved in the time left is dropped, not counted).  ``seed`` seeds the sampling;
    ``bid`` is the bid the seat makes in the bots' play-out; ``trump`` the suit it names in an
    auction game (double-dummy only); ``bot`` the bot of the play-out (the heuristic bot).
    """
    if method not in METHODS:
        raise WorthError(_("method is one of {methods}, not {method!r}").format(
            methods=", ".join(METHODS), method=method))
    if seat is None:
        seat = state.to_act if state.to_act is not None else state.dealer
    ruleset, deal = state.ruleset, state.deal
    start = clock()
    counts = [0] * (deal.hand_size + 1)
    named: Suit | None = None
    if ruleset.bidding is BiddingKind.AUCTION and method == "double-dummy":
        named = trump if trump is not None else default_trump(ruleset, deal.hands[seat])
    elif ruleset.bidding is not BiddingKind.AUCTION:
        named = deal.trump
    if ruleset.open_hands:  # every card is seen: one deal, exact
        if method == "double-dummy":
            try:
                took = solve(opening_position(ruleset, deal), side=seat, all_best=False,
                             timeout=seconds).tricks
            except BudgetExceededError as error:
                raise WorthError(_("the exact answer takes longer than {seconds} s with this "
                                   "build's solver: try the bots").format(
                                     seconds=format_decimal(seconds or 0, 0))) from error
        else:
            took = _bot_tricks(state, deal, seat, bid, bot or HeuristicBot())
        counts[took] += 1
        return Worth(seat, deal.hand_size, tuple(counts), 1, 1, method, seed, True, named,
                     clock() - start)
    rng = random.Random(seed)
    memory = Memory()  # kept from deal to deal (two-hand positions use it)
    player = bot or HeuristicBot()
    used = 0
    for sampled in sample_deals(deal, seat, rng, samples):
        if method == "double-dummy":
            position = _position(ruleset, sampled, seat, named)
            # after the first deal, a deal that cannot be solved in the time left is not counted
            left = None if seconds is None or not used else seconds - (clock() - start)
            try:
                took = solve(position, side=seat, all_best=False, memory=memory,
                             timeout=left).tricks
            except BudgetExceededError:
                break
        else:
            took = _bot_tricks(state, sampled, seat, bid, player)
        counts[took] += 1
        used += 1
        if seconds is not None and clock() - start >= seconds:
            break
    return Worth(seat, deal.hand_size, tuple(counts), used, samples, method, seed, False, named,
                 clock() - start)

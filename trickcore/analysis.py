"""The numbers behind the games: exact probabilities and seeded simulations, with error bars.

This module feeds the book's part "The numbers".  Each analysis is a function that returns
plain data (fractions, counts, estimates with their 95% intervals); the matching plots are in
:mod:`trickcore.plotting`.  Two kinds of answer:

* **Exact** answers are counted, not sampled, and come back as :class:`fractions.Fraction`:
  hypergeometric holdings (how many trumps a hand holds, where the Five Hundred joker and bowers
  lie, Humbug's dealer advantage).  They use the standard library only.
* **Simulated** answers come from seeded deals played by the engine's bots, or from the numpy
  batch simulator for random play (:mod:`trickcore.batch`; numpy is imported only inside the
  functions that need it).  Every simulated number carries its standard error or a 95% interval,
  and the same arguments always give the same numbers.

>>> from fractions import Fraction
>>> trumps_in_hand(1)                     # one card, after a card is turned for trumps
[Fraction(13, 17), Fraction(4, 17)]
>>> humbug_trumps().mean_advantage        # the dealer's extra trumps in Humbug, on average
Fraction(13, 17)
"""

from __future__ import annotations

import dataclasses
import html
import math
import statistics
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from trickcore.bots import HeuristicBot
from trickcore.cards import JOKER_INDEX, Card, Rank, Suit
from trickcore.dealing import Deal, deal_cards, rng_for
from trickcore.decks import Pack, pack_mask
from trickcore.match import Bot, Match, play_deal
from trickcore.rules import GameEnd, Ruleset, Scoring, with_options
from trickcore.scoring import exact_bid_points, winners_of
from trickcore.state import HandState, Phase
from trickcore.study.stats import Estimate, wilson
from trickcore.trumps import trump_context
from trickcore.variants import get_variant

if TYPE_CHECKING:
    from trickcore.study.onecard import OneCardAnalysis

__all__ = [
    "FIVE_HUNDRED_FORMS",
    "OH_HELL_FAMILY",
    "SCHEMES",
    "BotRow",
    "ContractSummary",
    "FiveHundredDeal",
    "HookDeal",
    "HookSummary",
    "HumbugEnding",
    "HumbugTrumps",
    "MatchResult",
    "MeanEstimate",
    "OneCardRow",
    "PackHoldings",
    "ScoringStudy",
    "SeatDeal",
    "SeatSummary",
    "best_bids",
    "bot_comparison",
    "contract_summary",
    "five_hundred_holdings",
    "five_hundred_study",
    "heuristic_matches",
    "holding_make_rates",
    "hook_active_random",
    "hook_study",
    "hook_summary",
    "html_table",
    "humbug_study",
    "humbug_trumps",
    "hypergeometric",
    "make_rates",
    "mean_by",
    "mean_estimate",
    "mean_of",
    "oh_hell_deals",
    "one_card_rules",
    "one_card_summary",
    "proportion",
    "random_hook_cost",
    "random_matches",
    "random_seat_points",
    "relevantmisc_example",
    "scheme_name",
    "scoring_study",
    "seat_summary",
    "simulate_five_hundred_holdings",
    "simulate_five_hundred_lengths",
    "simulate_humbug_trumps",
    "simulate_trumps_in_hand",
    "trick_distribution",
    "trumps_in_hand",
]

#: The exact-bid scoring schemes compared in the book, in the order its tables use.
SCHEMES: tuple[Scoring, ...] = (Scoring.COMMON, Scoring.SIMPLE, Scoring.TEN_PLUS_ZERO_AVAILABLE,
                                Scoring.BONUS_ONLY, Scoring.TEN_PER_BID, Scoring.SQUARES)

#: The Oh Hell family's registry keys, in book order.
OH_HELL_FAMILY: tuple[str, ...] = ("oh-well", "contract-whist", "up-and-down-the-river",
                                   "oh-pshaw", "british-oh-hell", "oh-hell")

_SCHEME_NAMES = {
    Scoring.COMMON: "tricks + 10 if exact",
    Scoring.SIMPLE: "10 + tricks if exact, else 0",
    Scoring.TEN_PLUS_ZERO_AVAILABLE: "as simple, a made zero 5 + h",
    Scoring.BONUS_ONLY: "10 if exact, else 0",
    Scoring.TEN_PER_BID: "10 a trick bid if exact",
    Scoring.SQUARES: "10 + bid² if exact, else −miss²",
}

_Z95 = 1.959964


def scheme_name(scheme: Scoring) -> str:
    """A short description of an exact-bid scoring scheme, for tables and legends.

    >>> scheme_name(Scoring.SQUARES)
    '10 + bid² if exact, else −miss²'
    """
    return _SCHEME_NAMES[scheme]


# Estimates ------------------------------------------------------------------------------------


def proportion(hits: int, trials: int, z: float = _Z95) -> Estimate:
    """A simulated probability with its standard error and Wilson interval (95% by default).

    >>> e = proportion(30, 100)
    >>> e.probability, round(e.low, 3), round(e.high, 3)
    (0.3, 0.219, 0.396)
    """
    p = hits / trials
    low, high = wilson(hits, trials, z)
    return Estimate(hits, trials, p, math.sqrt(p * (1 - p) / trials), low, high)


class MeanEstimate(NamedTuple):
    """A simulated mean with its standard error and a normal 95% interval.

    >>> m = mean_estimate([1, 2, 3, 4])
    >>> m.mean, m.n, round(m.standard_error, 3)
    (2.5, 4, 0.645)
    """

    mean: float
    standard_error: float
    n: int
    low: float
    high: float


def mean_estimate(values: Iterable[float], z: float = _Z95) -> MeanEstimate:
    """The mean of ``values`` with its standard error (``nan`` for fewer than two values)."""
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        return MeanEstimate(math.nan, math.nan, 0, math.nan, math.nan)
    mean = statistics.fmean(data)
    se = statistics.stdev(data) / math.sqrt(n) if n > 1 else math.nan
    return MeanEstimate(mean, se, n, mean - z * se, mean + z * se)


def html_table(caption: str, headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """An accessible HTML table (caption, column and row headers) in a scrollable region that
    keyboard users can reach, styled like the book's other tables; show it with
    ``IPython.display.HTML``.

    >>> print(html_table("Two", ["a", "b"], [[1, "x<y"]]))
    <div class="tc-scroll" role="region" tabindex="0" aria-label="Two"><table class="tc-table"><caption>Two</caption><thead><tr><th scope="col">a</th><th scope="col">b</th></tr></thead><tbody><tr><th scope="row">1</th><td>x&lt;y</td></tr></tbody></table></div>
    """
    head = "".join(f'<th scope="col">{html.escape(str(h))}</th>' for h in headers)
    body = []
    for row in rows:
        first, *rest = (html.escape(str(c)) for c in row)
        body.append(f'<tr><th scope="row">{first}</th>'
                    + "".join(f"<td>{c}</td>" for c in rest) + "</tr>")
    label = html.escape(caption)
    return (f'<div class="tc-scroll" role="region" tabindex="0" aria-label="{label}">'
            f'<table class="tc-table"><caption>{label}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")


# 1. Exact holdings ----------------------------------------------------------------------------


def hypergeometric(population: int, successes: int, draws: int) -> list[Fraction]:
    """P(exactly k of the ``successes`` special cards among ``draws`` cards), k = 0..draws.

    The draws are made without replacement from ``population`` cards; impossible counts get 0.

    >>> [str(p) for p in hypergeometric(4, 2, 2)]
    ['1/6', '2/3', '1/6']
    >>> sum(hypergeometric(52, 13, 13))
    Fraction(1, 1)
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(f"cannot draw {draws} cards with {successes} special from {population}")
    total = math.comb(population, draws)
    return [Fraction(math.comb(successes, k) * math.comb(population - successes, draws - k), total)
            for k in range(draws + 1)]


def mean_of(pmf: Sequence[Fraction]) -> Fraction:
    """The mean of a distribution on 0, 1, 2, ... given as a list of probabilities.

    >>> mean_of(hypergeometric(51, 12, 10))
    Fraction(40, 17)
    """
    return sum((k * p for k, p in enumerate(pmf)), Fraction(0))


def trumps_in_hand(hand_size: int, *, players: int = 4,
                   holds_turn_up: bool = False) -> list[Fraction]:
    """P(a hand of ``hand_size`` cards holds k trumps), k = 0..hand_size: 52-card pack, a card
    turned for trumps.

    The turned card shows one trump, so the other 12 are among the 51 cards a player cannot
    see, and a hand is ``hand_size`` of those 51.  With ``holds_turn_up`` the hand is the
    dealer's in a game where the dealer's own last card is turned (Oh! Well, Humbug): it holds
    that trump and ``hand_size - 1`` of the other 51 cards.  ``players`` only checks that the
    deal fits the pack.

    >>> [str(p) for p in trumps_in_hand(2)]
    ['247/425', '156/425', '22/425']
    >>> trumps_in_hand(2, holds_turn_up=True)[0], str(trumps_in_hand(2, holds_turn_up=True)[1])
    (Fraction(0, 1), '13/17')
    """
    if hand_size < 1 or players < 2:
        raise ValueError("a hand has at least one card and a deal at least two players")
    if players * hand_size > (52 if holds_turn_up else 51):
        raise ValueError(f"{players} hands of {hand_size} do not fit the pack with a card turned")
    if holds_turn_up:
        return [Fraction(0), *hypergeometric(51, 12, hand_size - 1)]
    return hypergeometric(51, 12, hand_size)


@dataclasses.dataclass(frozen=True)
class HumbugTrumps:
    """Trumps in a Humbug deal: two hands of 26, the dealer's last card turned for trumps.

    ``eldest[k]`` and ``dealer[k]`` are the chances of holding k trumps; ``difference[d]`` the
    chance that the dealer holds d more trumps than eldest (always odd: 13 trumps split between
    two hands).
    """

    eldest: list[Fraction]
    dealer: list[Fraction]
    difference: dict[int, Fraction]

    @property
    def mean_advantage(self) -> Fraction:
        """The dealer's extra trumps on average."""
        return sum((d * p for d, p in self.difference.items()), Fraction(0))

    @property
    def dealer_more(self) -> Fraction:
        """The chance that the dealer holds more trumps than eldest."""
        return sum((p for d, p in self.difference.items() if d > 0), Fraction(0))


def humbug_trumps() -> HumbugTrumps:
    """The exact trump holdings of a Humbug deal (the dealer holds the turned card).

    Eldest's 26 cards are 26 of the 51 cards other than the turned one, 12 of them trumps;
    the dealer holds the rest, so with eldest at k trumps the dealer has 13 - k.

    >>> h = humbug_trumps()
    >>> str(h.dealer_more), round(float(h.dealer_more), 4)
    ('1686937/2817274', 0.5988)
    >>> mean_of(h.eldest), mean_of(h.dealer)
    (Fraction(104, 17), Fraction(117, 17))
    """
    eldest = hypergeometric(51, 12, 26)[:13]
    dealer = [Fraction(0)] * 14
    difference: dict[int, Fraction] = {}
    for k, p in enumerate(eldest):
        dealer[13 - k] += p
        difference[13 - 2 * k] = p
    return HumbugTrumps(eldest, dealer, dict(sorted(difference.items())))


#: The Five Hundred forms: (label, variant key, options); together they use every 500 pack.
FIVE_HUNDRED_FORMS: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    ("Four-hand", "five-hundred", ()),
    ("Two-hand", "five-hundred-2", ()),
    ("Three-hand", "five-hundred-3", ()),
    ("Five-hand", "five-hundred-5", ()),
    ("Six-hand", "five-hundred-6", ()),
    ("Québec", "five-hundred-quebec", ()),
    ("Four-hand, 45 cards", "five-hundred", (("deck", "45"),)),
    ("Four-hand, odd fours", "five-hundred", (("deck", "43-odd-fours"),)),
    ("Six-hand, 65 cards", "five-hundred-6", (("deck", "65"),)),
)


def _form_ruleset(key: str, options: Sequence[tuple[str, str]]) -> Ruleset:
    rules = get_variant(key)
    return with_options(rules, dict(options)) if options else rules


@dataclasses.dataclass(frozen=True)
class PackHoldings:
    """Where the best Five Hundred cards lie, exactly, for one form of the game.

    A "top trump" is a joker or a bower (the jack of trumps and the other jack of its colour):
    three cards, four in Québec's two-joker pack.  Counts of trumps are for hearts as trumps
    (a red suit) and spades (a black suit); a hand is one player's ten cards.
    """

    label: str
    ruleset: Ruleset
    cards: int
    players: int
    hand_size: int
    kitty: int
    jokers: int
    top_trumps: int
    trumps_red: int
    trumps_black: int
    joker_in_hand: Fraction
    """The (best) joker is in one given hand; the same as for any other named card."""
    joker_in_kitty: Fraction
    top_in_hand: Fraction
    """At least one top trump in one given hand."""
    top_in_kitty: Fraction
    """At least one top trump in the kitty."""
    trump_length_red: list[Fraction]
    trump_length_black: list[Fraction]

    @property
    def pack(self) -> Pack:
        """The pack.

        >>> five_hundred_holdings()[2].pack.value
        '33'
        """
        return self.ruleset.deck


def _top_trump_mask(pack: Pack, trump: Suit) -> int:
    ctx = trump_context(trump, bowers=True)
    right = Card.of(Rank.JACK, trump).bit
    left = Card.of(Rank.JACK, trump.partner).bit
    jokers = (1 << JOKER_INDEX) | (1 << (JOKER_INDEX + 1))
    return (right | left | jokers) & pack_mask(pack) & ctx.suit_masks[int(trump)]


def _trump_mask(pack: Pack, trump: Suit) -> int:
    ctx = trump_context(trump, bowers=True, odd_fours=pack is Pack.FIVE_HUNDRED_ODD_FOURS)
    return ctx.suit_masks[int(trump)] & pack_mask(pack)


def five_hundred_holdings() -> list[PackHoldings]:
    """Exact chances for the joker, the bowers and the kitty in every Five Hundred form.

    Every named card is equally likely to be anywhere, so one given hand holds the joker with
    chance ``hand / cards`` and the kitty with ``kitty / cards``; "at least one top trump" is a
    hypergeometric count.

    >>> four = five_hundred_holdings()[0]
    >>> four.label, four.cards, four.kitty, str(four.joker_in_kitty), four.trumps_red
    ('Four-hand', 43, 3, '3/43', 13)
    >>> str(four.top_in_kitty)
    '2461/12341'
    """
    out = []
    for label, key, options in FIVE_HUNDRED_FORMS:
        rules = _form_ruleset(key, options)
        players = rules.players[0]
        cards = rules.deck_size
        hand = rules.max_hand_size(players)
        kitty = rules.kitty_size(players)
        jokers = (pack_mask(rules.deck) >> JOKER_INDEX).bit_count()
        top = _top_trump_mask(rules.deck, Suit.HEARTS).bit_count()
        red = _trump_mask(rules.deck, Suit.HEARTS).bit_count()
        black = _trump_mask(rules.deck, Suit.SPADES).bit_count()
        out.append(PackHoldings(
            label=label, ruleset=rules, cards=cards, players=players, hand_size=hand,
            kitty=kitty, jokers=jokers, top_trumps=top, trumps_red=red, trumps_black=black,
            joker_in_hand=Fraction(hand, cards), joker_in_kitty=Fraction(kitty, cards),
            top_in_hand=1 - hypergeometric(cards, top, hand)[0],
            top_in_kitty=1 - hypergeometric(cards, top, kitty)[0],
            trump_length_red=hypergeometric(cards, red, hand),
            trump_length_black=hypergeometric(cards, black, hand),
        ))
    return out


# 1b. The same, simulated with the engine's dealer ------------------------------------------------


def simulate_trumps_in_hand(hand_size: int, *, players: int = 4, deals: int = 10_000,
                            seed: int = 0, holds_turn_up: bool = False) -> list[Estimate]:
    """Deal ``deals`` hands with the engine and count trumps: one estimate per k = 0..hand_size.

    Eldest's hand is counted in pagat's Oh Hell (the card after the deal is turned); with
    ``holds_turn_up``, the dealer's hand in Oh! Well (the dealer's last card is turned).

    >>> est = simulate_trumps_in_hand(3, deals=2000, seed=1)
    >>> exact = trumps_in_hand(3)
    >>> all(e.low <= p <= e.high for e, p in zip(est, exact))
    True
    """
    rules = get_variant("oh-well" if holds_turn_up else "oh-hell")
    rng = rng_for(rules.key, players, seed, "analysis-trumps", hand_size)
    counts = [0] * (hand_size + 1)
    dealer = players - 1
    seat = dealer if holds_turn_up else 0
    for _ in range(deals):
        deal = deal_cards(rules, players=players, dealer=dealer, hand_size=hand_size, rng=rng)
        assert deal.trump is not None
        counts[(deal.hands[seat] & (0xFFFF << (16 * int(deal.trump)))).bit_count()] += 1
    return [proportion(c, deals) for c in counts]


def simulate_humbug_trumps(*, deals: int = 10_000,
                           seed: int = 0) -> tuple[dict[int, Estimate], MeanEstimate]:
    """Deal Humbug with the engine: the chance of each dealer-minus-eldest trump difference,
    and the mean difference.

    >>> diffs, mean = simulate_humbug_trumps(deals=2000, seed=1)
    >>> mean.low < 13 / 17 < mean.high, len(diffs), sum(e.hits for e in diffs.values())
    (True, 14, 2000)
    """
    rules = get_variant("humbug")
    rng = rng_for(rules.key, 2, seed, "analysis-humbug-trumps")
    values = []
    for _ in range(deals):
        deal = deal_cards(rules, players=2, dealer=1, hand_size=26, rng=rng)
        assert deal.trump is not None
        suit = 0xFFFF << (16 * int(deal.trump))
        values.append((deal.hands[1] & suit).bit_count() - (deal.hands[0] & suit).bit_count())
    counts = Counter(values)
    return ({d: proportion(counts[d], deals) for d in range(-13, 14, 2)},
            mean_estimate(values))


def simulate_five_hundred_holdings(form: PackHoldings, *, deals: int = 10_000,
                                   seed: int = 0) -> dict[str, Estimate]:
    """Deal one Five Hundred form with the engine and count the same events as
    :class:`PackHoldings` (hearts as trumps for the top trumps): keys ``joker_in_hand``,
    ``joker_in_kitty``, ``top_in_hand`` and ``top_in_kitty``.

    >>> four = five_hundred_holdings()[0]
    >>> sim = simulate_five_hundred_holdings(four, deals=2000, seed=1)
    >>> sim["joker_in_kitty"].low < 3 / 43 < sim["joker_in_kitty"].high
    True
    """
    rules = form.ruleset
    n = form.players
    rng = rng_for(rules.key, n, seed, "analysis-500", rules.deck.value)
    joker = 1 << JOKER_INDEX
    top = _top_trump_mask(rules.deck, Suit.HEARTS)
    hits = Counter[str]()
    for _ in range(deals):
        deal = deal_cards(rules, players=n, dealer=n - 1, hand_size=form.hand_size, rng=rng)
        hand = deal.hands[0]
        kitty = sum(c.bit for c in deal.kitty)
        hits["joker_in_hand"] += bool(hand & joker)
        hits["joker_in_kitty"] += bool(kitty & joker)
        hits["top_in_hand"] += bool(hand & top)
        hits["top_in_kitty"] += bool(kitty & top)
    return {key: proportion(hits[key], deals)
            for key in ("joker_in_hand", "joker_in_kitty", "top_in_hand", "top_in_kitty")}


def simulate_five_hundred_lengths(form: PackHoldings, *, deals: int = 10_000,
                                  seed: int = 0) -> dict[str, list[Estimate]]:
    """Deal one Five Hundred form and count trump lengths in one hand (the joker and both
    bowers counted as trumps): ``"red"`` with hearts as trumps, ``"black"`` with spades, and
    ``"longest"`` the hand's longest suit counted that way (the suit a bidder would choose).
    One estimate per length 0 to 10.

    >>> four = five_hundred_holdings()[0]
    >>> sim = simulate_five_hundred_lengths(four, deals=2000, seed=1)
    >>> sum(e.hits for e in sim["longest"]), all(
    ...     e.low <= p <= e.high for e, p in zip(sim["red"], four.trump_length_red))
    (2000, True)
    """
    rules = form.ruleset
    n = form.players
    rng = rng_for(rules.key, n, seed, "analysis-500-lengths", rules.deck.value)
    masks = {suit: _trump_mask(rules.deck, suit) for suit in Suit}
    counts: dict[str, list[int]] = {k: [0] * (form.hand_size + 1)
                                    for k in ("red", "black", "longest")}
    for _ in range(deals):
        hand = deal_cards(rules, players=n, dealer=n - 1, hand_size=form.hand_size,
                          rng=rng).hands[0]
        counts["red"][(hand & masks[Suit.HEARTS]).bit_count()] += 1
        counts["black"][(hand & masks[Suit.SPADES]).bit_count()] += 1
        counts["longest"][max((hand & m).bit_count() for m in masks.values())] += 1
    return {k: [proportion(c, deals) for c in v] for k, v in counts.items()}


# 2. The one-card round (trickcore.onecard does the work) ------------------------------------------


def relevantmisc_example() -> Fraction:
    """relevantmisc's one-card example: you lead the 5♦ with four players, spades always
    trumps and no card turned, so 22 of the 51 unseen cards beat it (13 spades and 9 higher
    diamonds) and the three other cards must all come from the 29 that do not.

    >>> p = relevantmisc_example()
    >>> p, round(float(p), 4)
    (Fraction(522, 2975), 0.1755)
    """
    return hypergeometric(51, 22, 3)[0]


@dataclasses.dataclass(frozen=True)
class OneCardRow:
    """The one-card round for one player count (from :func:`trickcore.onecard.analyse_one_card`).

    Seats run from eldest (0) to the dealer (``players - 1``).
    """

    players: int
    hooked: OneCardAnalysis
    free: OneCardAnalysis

    @property
    def eldest_lowest_trump(self) -> Card | None:
        """The lowest trump on which eldest bids 1 (before any bid is known)."""
        return self.hooked.rule(()).lowest_trump(self.hooked.trump)

    @property
    def eldest_side_cards(self) -> list[Card]:
        """The side-suit cards (one suit shown) on which eldest bids 1."""
        rule = self.hooked.rule(())
        return sorted((c for c in rule.one if c.suit != self.hooked.trump and c in rule.win),
                      key=lambda c: -c.index)

    @property
    def hook_cost(self) -> Fraction:
        """What the hook costs the dealer in expected points a round."""
        return self.free.expected[-1] - self.hooked.expected[-1]


def one_card_summary(players: Iterable[int] = range(3, 8), *, turn_up: str = "AS",
                     scheme: str = "common") -> list[OneCardRow]:
    """The one-card round solved exactly for each player count, with and without the hook.

    >>> rows = one_card_summary([3])
    >>> row = rows[0]
    >>> row.eldest_lowest_trump, [round(float(x), 2) for x in row.hooked.expected]
    (Card('2S'), [7.03, 9.19, 4.46])
    >>> round(float(row.hook_cost), 2)
    4.86
    """
    from trickcore.study.onecard import analyse_one_card

    return [OneCardRow(n, analyse_one_card(n, turn_up, hook=True, scheme=scheme),
                       analyse_one_card(n, turn_up, hook=False, scheme=scheme))
            for n in players]


def one_card_rules(analysis: OneCardAnalysis) -> list[tuple[str, str, str, str]]:
    """The best bid of every seat after every sequence of earlier bids, as words for a table:
    ``(seat, bids before, "bid 1 holding ...", what the hook forbids)``.

    >>> from trickcore.study.onecard import analyse_one_card
    >>> one_card_rules(analyse_one_card(3))[0]
    ('eldest', '(none)', 'any trump, or a side Q or higher', '')
    """
    trump = analysis.trump
    out = []
    for previous, rule in analysis.rules.items():
        if not rule.possible:
            continue
        seat = rule.seat
        name = ("eldest" if seat == 0 else "dealer" if seat == analysis.players - 1
                else f"seat {seat + 1}")
        low = rule.lowest_trump(trump)
        side = [c for c in rule.one if c.suit != trump and c in rule.win]
        parts = []
        if low is not None:
            ranks = [c.rank for c in rule.win if c.suit == trump and c.rank is not None]
            if low.rank == min(ranks):
                parts.append("any trump")
            elif low.rank == max(ranks):
                parts.append(f"only {low.symbol}, the top trump")
            else:
                parts.append(f"{low.symbol} or a higher trump")
        if side:
            lowest = min(side, key=lambda c: c.index)
            assert lowest.rank is not None
            parts.append(f"a side {lowest.rank.code if lowest.rank is not Rank.TEN else '10'}"
                         " or higher")
        words = ", or ".join(parts) if parts else "never"
        before = ", ".join(str(b) for b in previous) if previous else "(none)"
        forbidden = "" if rule.forbidden is None else f"may not bid {rule.forbidden}"
        out.append((name, before, words, forbidden))
    return out


# 3. Bids: tricks taken given the hand ------------------------------------------------------------


class SeatDeal(NamedTuple):
    """One seat in one Oh Hell deal played by heuristic bots.

    ``position`` counts from eldest (0, who bids and leads first) to the dealer
    (``players - 1``).  ``wanted`` is the heuristic's bid before the hook; ``forbidden`` the bid
    the hook forbade (dealer only, else ``None``).  ``perfect`` is the most tricks the seat can
    be sure of with every hand open and all the others playing against it (the solver), when
    asked for.
    """

    deal: int
    hand_size: int
    players: int
    position: int
    trumps: int
    aces: int
    bid: int
    wanted: int
    forbidden: int | None
    tricks: int
    points: int
    perfect: int | None


def _features(state: HandState, seat: int) -> tuple[int, int]:
    hand = state.deal.hands[seat]
    trumps = 0
    if state.deal.trump is not None:
        trumps = (hand & (0xFFFF << (16 * int(state.deal.trump)))).bit_count()
    aces = sum(1 for s in range(4) if hand >> (s * 16 + Rank.ACE) & 1)
    return trumps, aces


def oh_hell_deals(hand_size: int, *, players: int = 4, deals: int = 500, seed: int = 0,
                  ruleset: Ruleset | None = None, perfect: bool = False,
                  bot: Bot | None = None) -> list[SeatDeal]:
    """Play ``deals`` seeded Oh Hell deals of ``hand_size`` cards with the heuristic bot in
    every seat (or ``bot``) and return one :class:`SeatDeal` per seat and deal.

    With ``perfect``, each seat's hand is also solved with every hand open, that seat against
    all the others (:func:`trickcore.solver.solve`): keep the hands small (up to 6 cards).

    >>> rows = oh_hell_deals(3, deals=20, seed=1, perfect=True)
    >>> len(rows), sum(r.tricks for r in rows) == 20 * 3
    (80, True)
    >>> all(r.perfect is not None and 0 <= r.perfect <= 3 for r in rows)
    True
    """
    rules = ruleset if ruleset is not None else get_variant("oh-hell")
    heuristic = HeuristicBot()
    player: Bot = bot if bot is not None else heuristic
    solve: Callable[..., Any] | None = None
    position_from_deal: Callable[..., Any] | None = None
    if perfect:
        from trickcore.solver import position_from_deal, solve
    out = []
    for d in range(deals):
        deal = deal_cards(rules, players=players, dealer=d % players, hand_size=hand_size,
                          rng=rng_for(rules.key, players, seed, "analysis-bids", hand_size, d))
        state = HandState(rules, deal)
        wanted = [0] * players
        forbidden: list[int | None] = [None] * players
        while state.phase is not Phase.DONE:
            seat = state.to_act
            assert seat is not None
            if state.phase is Phase.BIDDING:
                wanted[seat] = heuristic.wanted_bid(state, seat)
                forbidden[seat] = state.hook_forbids
            choice = player(state)
            state.apply(getattr(choice, "action", choice))
        solved = [None] * players
        if perfect and solve is not None and position_from_deal is not None:
            start = position_from_deal(deal)
            solved = [solve(start, side=seat, all_best=False).tricks for seat in range(players)]
        assert state.points is not None
        for seat in range(players):
            trumps, aces = _features(state, seat)
            bid = state.bids[seat]
            assert bid is not None
            out.append(SeatDeal(d, hand_size, players, (seat - deal.eldest) % players, trumps,
                                aces, bid, wanted[seat], forbidden[seat], state.tricks_won[seat],
                                state.points[seat], solved[seat]))
    return out


def _tricks_by(rows: Iterable[SeatDeal], key: Callable[[SeatDeal], Any],
               value: Callable[[SeatDeal], int | None]) -> tuple[dict[Any, list[int]], int]:
    """Tricks (``value``) grouped by ``key``, and the largest hand size among the rows."""
    groups: dict[Any, list[int]] = {}
    size = 0
    for row in rows:
        v = value(row)
        if v is None:
            continue
        size = max(size, row.hand_size)
        groups.setdefault(key(row), []).append(v)
    return groups, size


def trick_distribution(rows: Iterable[SeatDeal], key: Callable[[SeatDeal], Any], *,
                       value: Callable[[SeatDeal], int | None] = lambda r: r.tricks,
                       min_count: int = 1) -> dict[Any, list[float]]:
    """For each value of ``key`` (say, the trumps held), the share of seats that took
    0, 1, 2, ... tricks (``value`` picks the tricks: heuristic play by default).  Keys held by
    fewer than ``min_count`` rows are left out.

    >>> rows = [SeatDeal(0, 2, 4, 0, 1, 0, 1, 1, None, 1, 11, None),
    ...         SeatDeal(0, 2, 4, 1, 1, 0, 1, 1, None, 0, 0, None)]
    >>> trick_distribution(rows, key=lambda r: r.trumps)
    {1: [0.5, 0.5, 0.0]}
    """
    groups, size = _tricks_by(rows, key, value)
    return {k: [vals.count(t) / len(vals) for t in range(size + 1)]
            for k, vals in sorted(groups.items()) if len(vals) >= min_count}


def mean_by(rows: Iterable[Any], key: Callable[[Any], Any],
            value: Callable[[Any], float | None]) -> dict[Any, MeanEstimate]:
    """The mean of ``value`` for each value of ``key`` (rows whose value is ``None`` are left
    out), in key order.

    >>> means = mean_by([1, 2, 3, 4], key=lambda x: x % 2, value=lambda x: x)
    >>> {k: (m.mean, m.n) for k, m in means.items()}
    {0: (3.0, 2), 1: (2.0, 2)}
    """
    groups: dict[Any, list[float]] = {}
    for row in rows:
        v = value(row)
        if v is not None:
            groups.setdefault(key(row), []).append(v)
    return {k: mean_estimate(vals) for k, vals in sorted(groups.items())}


def make_rates(rows: Iterable[SeatDeal]) -> dict[int, Estimate]:
    """How often a bid of k is made (exactly), for each bid k that was made at least once.

    >>> rows = [SeatDeal(0, 2, 4, 0, 1, 0, 1, 1, None, 1, 11, None)] * 3
    >>> make_rates(rows)[1].probability
    1.0
    """
    made: Counter[int] = Counter()
    total: Counter[int] = Counter()
    for row in rows:
        total[row.bid] += 1
        made[row.bid] += row.bid == row.tricks
    return {b: proportion(made[b], total[b]) for b in sorted(total)}


def _scheme_rules(scheme: Scoring) -> Ruleset:
    return with_options(get_variant("oh-hell"), {"scoring": scheme.value})


def best_bids(rows: Iterable[SeatDeal], key: Callable[[SeatDeal], Any], *,
              schemes: Sequence[Scoring] = SCHEMES,
              value: Callable[[SeatDeal], int | None] = lambda r: r.tricks,
              min_count: int = 1) -> dict[Any, dict[Scoring, tuple[int, float]]]:
    """The best bid for a kind of hand under each scoring scheme, by expected score.

    For each value of ``key`` (for example the number of trumps), the tricks such hands took
    give a distribution; the expected score of bidding b is the average of ``points(b, t)``
    over it, and the best bid is the b with the highest (ties go to the lower bid).  Returns
    ``{key: {scheme: (best bid, its expected score)}}`` for the keys with at least
    ``min_count`` rows.

    >>> rows = [SeatDeal(0, 2, 4, 0, 1, 0, 1, 1, None, t, 0, None) for t in (0, 1, 1, 2)]
    >>> best = best_bids(rows, key=lambda r: r.trumps)
    >>> best[1][Scoring.COMMON], best[1][Scoring.SQUARES]
    ((1, 6.0), (1, 5.0))
    """
    groups, size = _tricks_by(rows, key, value)
    out: dict[Any, dict[Scoring, tuple[int, float]]] = {}
    for k, tricks in sorted(groups.items()):
        if len(tricks) < min_count:
            continue
        counts = Counter(tricks)
        n = len(tricks)
        out[k] = {}
        for scheme in schemes:
            rules = _scheme_rules(scheme)
            scores = [sum(c * exact_bid_points(rules, b, t, size) for t, c in counts.items()) / n
                      for b in range(size + 1)]
            best = max(range(size + 1), key=lambda b: (scores[b], -b))
            out[k][scheme] = (best, scores[best])
    return out


# 4. The hook and the seats -------------------------------------------------------------------------


class HookDeal(NamedTuple):
    """One deal played twice by heuristic bots, with the hook and without it.

    ``forbidden`` is the dealer's forbidden bid (``None``: the others bid more than the hand,
    so the hook forbade nothing); ``binds`` is True when the dealer wanted exactly that bid.
    Points are by position, eldest first and dealer last.
    """

    hand_size: int
    players: int
    forbidden: int | None
    wanted: int
    binds: bool
    hooked: tuple[int, ...]
    free: tuple[int, ...]
    dealer_made_hooked: bool
    dealer_made_free: bool


def _play_positions(rules: Ruleset, deal: Deal, bot: Bot) -> tuple[HandState, tuple[int, ...]]:
    state = HandState(rules, deal)
    play_deal(state, [bot] * deal.players)
    assert state.points is not None
    n = deal.players
    return state, tuple(state.points[(deal.eldest + p) % n] for p in range(n))


def hook_study(hand_sizes: Iterable[int], *, players: int = 4, deals: int = 200,
               seed: int = 0) -> list[HookDeal]:
    """Play each seeded deal twice with heuristic bots, hook on and off (pagat's Oh Hell).

    >>> rows = hook_study([3], deals=20, seed=1)
    >>> len(rows), all(r.forbidden is not None for r in rows if r.binds)
    (20, True)
    """
    hooked = get_variant("oh-hell")
    free = with_options(hooked, {"hook": False})
    bot = HeuristicBot()
    out = []
    for h in hand_sizes:
        for d in range(deals):
            deal = deal_cards(hooked, players=players, dealer=d % players, hand_size=h,
                              rng=rng_for(hooked.key, players, seed, "analysis-hook", h, d))
            state = HandState(hooked, deal)
            forbidden = None
            wanted = 0
            while state.phase is Phase.BIDDING:
                if state.to_act == deal.dealer:
                    forbidden = state.hook_forbids
                    wanted = bot.wanted_bid(state, deal.dealer)
                state.apply(bot(state).action)
            play_deal(state, [bot] * players)
            assert state.points is not None
            on = tuple(state.points[(deal.eldest + p) % players] for p in range(players))
            off_state, off = _play_positions(free, deal, bot)
            out.append(HookDeal(h, players, forbidden, wanted, wanted == forbidden, on, off,
                                bool(state.bid_made(deal.dealer)),
                                bool(off_state.bid_made(deal.dealer))))
    return out


class HookSummary(NamedTuple):
    """The hook at one hand size (from :func:`hook_study`): how often it forbade the dealer a
    bid, how often the very bid the dealer wanted, what it cost the dealer a deal (points
    without the hook less points with it, same cards), and the dealer's make rates."""

    hand_size: int
    active: Estimate
    binds: Estimate
    cost: MeanEstimate
    others_gain: MeanEstimate
    dealer_made_hooked: Estimate
    dealer_made_free: Estimate


def hook_summary(rows: Iterable[HookDeal]) -> dict[int, HookSummary]:
    """Summarise :func:`hook_study` by hand size.

    >>> summary = hook_summary(hook_study([2], deals=30, seed=1))
    >>> s = summary[2]
    >>> s.active.trials, s.binds.hits <= s.active.hits
    (30, True)
    """
    groups: dict[int, list[HookDeal]] = {}
    for row in rows:
        groups.setdefault(row.hand_size, []).append(row)
    out = {}
    for h, rs in sorted(groups.items()):
        n = len(rs)
        out[h] = HookSummary(
            h,
            proportion(sum(r.forbidden is not None for r in rs), n),
            proportion(sum(r.binds for r in rs), n),
            mean_estimate(r.free[-1] - r.hooked[-1] for r in rs),
            mean_estimate(sum(r.hooked[:-1]) - sum(r.free[:-1]) for r in rs),
            proportion(sum(r.dealer_made_hooked for r in rs), n),
            proportion(sum(r.dealer_made_free for r in rs), n))
    return out


def hook_active_random(hand_size: int, players: int = 4) -> Fraction:
    """The exact chance that the hook forbids the dealer some bid when the others bid at
    random (each uniformly from 0 to the hand size): the others' bids total at most the hand.

    >>> hook_active_random(1, 4)     # the three others' bids (0 or 1 each) total 0 or 1
    Fraction(1, 2)
    """
    h = hand_size
    ways = [1]  # ways[s]: bid sequences so far totalling s
    for _ in range(players - 1):
        nxt = [0] * (len(ways) + h)
        for s, w in enumerate(ways):
            for b in range(h + 1):
                nxt[s + b] += w
        ways = nxt
    return Fraction(sum(ways[: h + 1]), (h + 1) ** (players - 1))


def random_seat_points(hand_sizes: Iterable[int], *, players: int = 4, hands: int = 100_000,
                       seed: int = 0, hook: bool = True,
                       ruleset: Ruleset | None = None) -> dict[int, list[MeanEstimate]]:
    """Random play (numpy batch): each position's mean points a deal, eldest first, dealer
    last, for each hand size.  Needs numpy.

    >>> pts = random_seat_points([1], hands=20_000, seed=1)
    >>> len(pts[1]), pts[1][-1].mean < pts[1][0].mean     # the hooked dealer does worse
    (4, True)
    """
    import numpy as np

    from trickcore.study.batch import simulate_random_hands

    out = {}
    for h in hand_sizes:
        result = simulate_random_hands(hands, players=players, hand_size=h, hook=hook,
                                       seed=seed * 1000 + h, dealer=players - 1, ruleset=ruleset)
        pts = result.points.astype(np.float64)
        sd = pts.std(axis=0, ddof=1)
        se = sd / math.sqrt(hands)
        out[h] = [MeanEstimate(float(pts[:, s].mean()), float(se[s]), hands,
                               float(pts[:, s].mean() - _Z95 * se[s]),
                               float(pts[:, s].mean() + _Z95 * se[s])) for s in range(players)]
    return out


def random_hook_cost(hand_sizes: Iterable[int], *, players: int = 4, hands: int = 50_000,
                     seed: int = 0) -> dict[int, MeanEstimate]:
    """Random play (numpy batch): the dealer's mean points a deal without the hook less with
    it, by hand size (two independent samples of ``hands`` deals each).  Needs numpy.

    >>> cost = random_hook_cost([1], hands=20_000, seed=1)
    >>> cost[1].low > 0
    True
    """
    sizes = list(hand_sizes)
    hooked = random_seat_points(sizes, players=players, hands=hands, seed=seed, hook=True)
    free = random_seat_points(sizes, players=players, hands=hands, seed=seed + 1, hook=False)
    out = {}
    for h in sizes:
        a, b = hooked[h][-1], free[h][-1]
        mean = b.mean - a.mean
        se = math.hypot(a.standard_error, b.standard_error)
        out[h] = MeanEstimate(mean, se, hands, mean - _Z95 * se, mean + _Z95 * se)
    return out


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """Whole matches of one variant: final totals by position, position 0 the first dealer.

    ``totals[m][p]`` is match m's final total for the seat p places left of the first dealer;
    ``deals[m]`` the number of deals it lasted.
    """

    variant: str
    players: int
    how: str
    totals: list[tuple[int, ...]]
    deals: list[int]


class SeatSummary(NamedTuple):
    """One position over many matches: share of wins (ties split) and mean total against the
    table's mean total, each with its 95% interval."""

    position: int
    wins: MeanEstimate
    edge: MeanEstimate


def seat_summary(result: MatchResult) -> list[SeatSummary]:
    """Each position's share of the wins (ties split) and its edge over the table average.

    >>> r = MatchResult("oh-hell", 2, "test", [(10, 5), (3, 8), (7, 7)], [1, 1, 1])
    >>> [round(s.wins.mean, 3) for s in seat_summary(r)]
    [0.5, 0.5]
    """
    n = result.players
    wins: list[list[float]] = [[] for _ in range(n)]
    edge: list[list[float]] = [[] for _ in range(n)]
    for totals in result.totals:
        top = winners_of(totals)
        mean = sum(totals) / n
        for p in range(n):
            wins[p].append(1 / len(top) if p in top else 0.0)
            edge[p].append(totals[p] - mean)
    return [SeatSummary(p, mean_estimate(wins[p]), mean_estimate(edge[p])) for p in range(n)]


def heuristic_matches(variant: str, *, players: int = 4, matches: int = 200, seed: int = 0,
                      bot: Bot | None = None) -> MatchResult:
    """Play whole seeded matches of a variant with one bot (heuristic by default) in every
    seat.

    >>> r = heuristic_matches("oh-hell", matches=3, seed=1)
    >>> len(r.totals), r.deals
    (3, [19, 19, 19])
    """
    rules = get_variant(variant)
    player: Bot = bot if bot is not None else HeuristicBot()
    totals = []
    lengths = []
    seeds = rng_for(rules.key, players, seed, "analysis-matches")
    for _ in range(matches):
        match = Match(rules, players, seed=seeds.randrange(2**31))
        match.play([player] * players)
        first = match.first_dealer
        final = match.totals
        totals.append(tuple(final[(first + p) % players] for p in range(players)))
        lengths.append(len(match.deals))
    return MatchResult(rules.key, players, "heuristic", totals, lengths)


def random_matches(variant: str, *, players: int = 4, matches: int = 20_000,
                   seed: int = 0) -> MatchResult:
    """Whole matches with every choice random (numpy batch): deals of the schedule, the deal
    passing left, position 0 the first dealer.  A game to a target (Oh! Well) is played deal
    after deal until someone reaches it.  Needs numpy.

    >>> r = random_matches("oh-well", matches=200, seed=1)
    >>> min(max(t) for t in r.totals) >= 100, len(r.deals)
    (True, 200)
    """
    import numpy as np

    from trickcore.study.batch import simulate_random_hands

    rules = get_variant(variant)
    schedule = rules.hand_sequence(players)
    target = rules.game_end is GameEnd.TARGET
    # each variant its own random stream (the same seed gives independent samples)
    base = seed * 10_007 + zlib.crc32(rules.key.encode()) % 1_000_003 * 1_000
    totals = np.zeros((matches, players), dtype=np.int64)
    done = np.zeros(matches, dtype=bool)
    lengths = np.zeros(matches, dtype=np.int64)
    index = 0
    while True:
        h = schedule[index % len(schedule)]
        # the seat (dealer + 1 + q) % players is position q + 1 places left of the first dealer
        result = simulate_random_hands(matches, players=players, hand_size=h,
                                       dealer=index % players, seed=base + index,
                                       ruleset=rules)
        live = ~done
        totals[live] += result.points[live]
        lengths[live] += 1
        index += 1
        if target:
            done |= totals.max(axis=1) >= rules.target
            if done.all() or index >= rules.max_deals:
                break
        elif index == len(schedule):
            break
    return MatchResult(rules.key, players, "random",
                       [tuple(int(x) for x in row) for row in totals],
                       [int(x) for x in lengths])


# 5. Scoring ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ScoringStudy:
    """Whole heuristic matches of pagat's Oh Hell, scored under every scheme.

    The bots bid and play the same way whatever the scheme (they do not read the score), so one
    set of matches is scored six ways: ``totals[scheme][m]`` is match m's final totals.
    ``exact[h]`` counts (bids made, bids) by hand size.
    """

    players: int
    totals: dict[Scoring, list[tuple[int, ...]]]
    exact: dict[int, tuple[int, int]]

    def margins(self, scheme: Scoring) -> list[int]:
        """The winner's lead over the runner-up in each match.

        >>> ScoringStudy(3, {Scoring.COMMON: [(50, 40, 45)]}, {}).margins(Scoring.COMMON)
        [5]
        """
        out = []
        for totals in self.totals[scheme]:
            top = sorted(totals, reverse=True)
            out.append(top[0] - top[1])
        return out

    def same_winner(self, scheme: Scoring, other: Scoring = Scoring.COMMON) -> Estimate:
        """How often ``scheme`` crowns the same winner(s) as ``other``.

        >>> study = ScoringStudy(2, {Scoring.COMMON: [(5, 4), (1, 3)],
        ...                          Scoring.SQUARES: [(5, 9), (1, 3)]}, {})
        >>> study.same_winner(Scoring.SQUARES).probability
        0.5
        """
        pairs = zip(self.totals[scheme], self.totals[other], strict=True)
        same = sum(winners_of(a) == winners_of(b) for a, b in pairs)
        return proportion(same, len(self.totals[scheme]))


def scoring_study(*, players: int = 4, matches: int = 300, seed: int = 0,
                  variant: str = "oh-hell") -> ScoringStudy:
    """Play whole matches with heuristic bots and score every deal under each scheme.

    >>> study = scoring_study(matches=3, seed=1)
    >>> len(study.totals[Scoring.SQUARES]), study.exact[10][1]
    (3, 24)
    """
    rules = get_variant(variant)
    bot = HeuristicBot()
    per_scheme = {s: _scheme_rules(s) for s in SCHEMES}
    totals: dict[Scoring, list[tuple[int, ...]]] = {s: [] for s in SCHEMES}
    exact: dict[int, list[int]] = {}
    seeds = rng_for(rules.key, players, seed, "analysis-scoring")
    for _ in range(matches):
        match = Match(rules, players, seed=seeds.randrange(2**31))
        match.play([bot] * players)
        sums = {s: [0] * players for s in SCHEMES}
        for state in match.deals:
            h = state.hand_size
            tally = exact.setdefault(h, [0, 0])
            for seat in range(players):
                bid = state.bids[seat]
                assert bid is not None
                took = state.tricks_won[seat]
                tally[0] += bid == took
                tally[1] += 1
                for s in SCHEMES:
                    sums[s][seat] += exact_bid_points(per_scheme[s], bid, took, h)
        for s in SCHEMES:
            totals[s].append(tuple(sums[s]))
    return ScoringStudy(players, totals, {h: (m, n) for h, (m, n) in sorted(exact.items())})


# 6. Five Hundred --------------------------------------------------------------------------------------


class FiveHundredDeal(NamedTuple):
    """One Five Hundred deal played by heuristic bots, and again without the kitty.

    ``contract`` is the call's code (``"7H"``, ``"misere"``) or ``None`` when all passed.
    Trump counts are for the contract's trump suit (bowers and joker included), in the
    contractor's ten dealt cards (``trumps_dealt``) and after the exchange (``trumps_kept``).
    ``made_without_kitty`` and ``points_without_kitty`` come from playing the same auction's
    contract again with the contractor discarding the kitty unseen (keeping the dealt hand).
    ``longest`` is, for each seat, its longest suit counting the joker and both bowers as
    trumps of that suit.
    """

    contract: str | None
    kind: str | None
    value: int
    made: bool | None
    points: int
    trumps_dealt: int
    trumps_kept: int
    joker: bool
    made_without_kitty: bool | None
    points_without_kitty: int
    longest: tuple[int, ...]


def _effective_length(hand: int, pack: Pack, suit: Suit) -> int:
    return (hand & _trump_mask(pack, suit)).bit_count()


def five_hundred_study(*, deals: int = 1000, seed: int = 0,
                       variant: str = "five-hundred") -> list[FiveHundredDeal]:
    """Play seeded Five Hundred deals with heuristic bots in every seat; each contract is also
    played a second time with the contractor keeping the dealt ten cards (discarding the kitty
    unseen), which measures what the kitty is worth.

    >>> rows = five_hundred_study(deals=10, seed=1)
    >>> len(rows), all(len(r.longest) == 4 for r in rows)
    (10, True)
    """
    rules = get_variant(variant)
    n = rules.players[0]
    bot = HeuristicBot()
    pack = rules.deck
    out = []
    for d in range(deals):
        deal = deal_cards(rules, players=n, dealer=d % n, hand_size=rules.max_hand_size(n),
                          rng=rng_for(rules.key, n, seed, "analysis-500", d))
        longest = tuple(max(_effective_length(deal.hands[s], pack, suit) for suit in Suit)
                        for s in range(n))
        state = HandState(rules, deal)
        while state.phase is Phase.BIDDING:
            state.apply(bot(state).action)
        if state.contract is None or state.contractor is None:
            if not state.is_over:
                play_deal(state, [bot] * n)
            out.append(FiveHundredDeal(None, None, 0, None, 0, 0, 0, False, None, 0, longest))
            continue
        contract = state.contract
        contractor = state.contractor
        without = state.copy()
        play_deal(state, [bot] * n)
        without.discard(without.kitty)
        play_deal(without, [bot] * n)
        trump = contract.trump
        kept = _kept(state, contractor)
        dealt = deal.hands[contractor]
        assert state.points is not None
        assert without.points is not None
        out.append(FiveHundredDeal(
            contract.code(rules), contract.kind.value, contract.value(rules), state.made,
            state.points[contractor],
            0 if trump is None else _effective_length(dealt, pack, trump),
            0 if trump is None else _effective_length(kept, pack, trump),
            bool(kept >> JOKER_INDEX & 1), without.made, without.points[contractor], longest))
    return out


class ContractSummary(NamedTuple):
    """One Five Hundred contract over the deals of :func:`five_hundred_study` that ended in it:
    how often it was made (with the kitty, and again without it) and the contractor's mean
    points each way."""

    contract: str
    value: int
    deals: int
    made: Estimate
    made_without_kitty: Estimate
    points: MeanEstimate
    points_without_kitty: MeanEstimate


def contract_summary(rows: Iterable[FiveHundredDeal], *, variant: str = "five-hundred",
                     min_count: int = 1) -> list[ContractSummary]:
    """Make rates and mean points per contract, lowest contract on the ladder first (contracts
    reached fewer than ``min_count`` times are left out).

    >>> rows = five_hundred_study(deals=20, seed=1)
    >>> summary = contract_summary(rows)
    >>> sum(c.deals for c in summary) == sum(r.contract is not None for r in rows)
    True
    """
    from trickcore.auction import Call

    rules = get_variant(variant)
    groups: dict[str, list[FiveHundredDeal]] = {}
    for row in rows:
        if row.contract is not None:
            groups.setdefault(row.contract, []).append(row)
    out = []
    for code, rs in sorted(groups.items(), key=lambda kv: Call.parse(kv[0]).rank(rules)):
        if len(rs) < min_count:
            continue
        n = len(rs)
        out.append(ContractSummary(
            code, rs[0].value, n, proportion(sum(bool(r.made) for r in rs), n),
            proportion(sum(bool(r.made_without_kitty) for r in rs), n),
            mean_estimate(r.points for r in rs), mean_estimate(r.points_without_kitty for r in rs)))
    return out


def holding_make_rates(rows: Iterable[FiveHundredDeal]) -> dict[str, dict[int, Estimate]]:
    """Suit contracts only: the make rate by the contractor's trumps after the exchange (the
    joker and bowers counted), separately for hands with and without the joker.

    >>> rates = holding_make_rates(five_hundred_study(deals=20, seed=1))
    >>> sorted(rates)
    ['with the joker', 'without the joker']
    """
    groups: dict[str, dict[int, list[bool]]] = {"with the joker": {}, "without the joker": {}}
    for row in rows:
        if row.kind != "tricks" or row.trumps_kept == 0:
            continue
        label = "with the joker" if row.joker else "without the joker"
        groups[label].setdefault(row.trumps_kept, []).append(bool(row.made))
    return {label: {k: proportion(sum(v), len(v)) for k, v in sorted(by.items())}
            for label, by in groups.items()}


def _kept(state: HandState, seat: int) -> int:
    """The ten cards ``seat`` played with: what it was dealt, plus the kitty and minus the
    discards when it was the contractor."""
    dealt = state.deal.hands[seat]
    if seat != state.contractor:
        return dealt
    kept = dealt | sum(c.bit for c in state.kitty)
    return kept & ~sum(c.bit for c in state.discards)


# 7. Humbug ----------------------------------------------------------------------------------------------


class HumbugEnding(NamedTuple):
    """One Humbug deal: heuristic play for the first tricks, then the rest solved exactly.

    Seat 0 is eldest (the non-dealer, who leads first), seat 1 the dealer.  ``trumps_dealt``
    and ``trumps_left`` are each seat's trumps at the deal and at the start of the ending;
    ``first_half`` the tricks each took in heuristic play; ``leader`` the seat on lead in the
    ending; ``ending`` eldest's tricks in the ending with best play on both sides, and
    ``ending_other_lead`` the same with the other seat on lead (same cards).
    """

    trumps_dealt: tuple[int, int]
    trumps_left: tuple[int, int]
    first_half: tuple[int, int]
    leader: int
    ending: int
    ending_other_lead: int
    tricks_left: int

    @property
    def lead_value(self) -> int:
        """Tricks the lead is worth, in the ending, to the seat that has it: its tricks on lead
        less its tricks with the other seat on lead (same cards, best play)."""
        if self.leader == 0:
            return self.ending - self.ending_other_lead
        return self.ending_other_lead - self.ending

    @property
    def eldest_total(self) -> int:
        """Eldest's tricks over the whole deal (heuristic first half, perfect ending)."""
        return self.first_half[0] + self.ending


def humbug_study(*, deals: int = 200, seed: int = 0, tricks_left: int = 13,
                 ending: str = "play") -> list[HumbugEnding]:
    """Seeded Humbug endings of ``tricks_left`` tricks, each solved exactly
    (:func:`trickcore.solver.solve`) twice: with its leader on lead, and with the other seat.

    A whole 26-trick deal takes the solver far too long for a page built in a minute, so the
    endings are made one of two ways:

    * ``ending="play"``: the heuristic bot plays the first tricks for both players; the ending
      is what is left, and its leader is whoever won the last trick;
    * ``ending="random"``: each player keeps ``tricks_left`` of their 26 dealt cards, chosen at
      random (as if the others had been played), and eldest (seat 0) leads.

    >>> rows = humbug_study(deals=3, seed=1, tricks_left=6)
    >>> [0 <= r.ending <= 6 for r in rows], sum(rows[0].first_half)
    ([True, True, True], 20)
    >>> rows = humbug_study(deals=3, seed=1, tricks_left=6, ending="random")
    >>> {r.leader for r in rows}, {r.first_half for r in rows}
    ({0}, {(0, 0)})
    """
    import random

    from trickcore.cards import cards_of
    from trickcore.solver import Position, solve

    if ending not in ("play", "random"):
        raise ValueError(f"ending must be 'play' or 'random', not {ending!r}")
    rules = get_variant("humbug")
    bot = HeuristicBot()
    out = []
    for d in range(deals):
        deal = deal_cards(rules, players=2, dealer=1, hand_size=26,
                          rng=rng_for(rules.key, 2, seed, "analysis-humbug", d))
        assert deal.trump is not None
        suit = 0xFFFF << (16 * int(deal.trump))
        if ending == "play":
            state = HandState(rules, deal)
            while len(state.tricks) < 26 - tricks_left:
                state.apply(bot(state).action)
            hands = list(state.hands)
            leader = state.leader
            first = (state.tricks_won[0], state.tricks_won[1])
        else:
            rng = random.Random(f"trickcore/analysis-humbug-random/{seed}/{d}")
            hands = [sum(c.bit for c in rng.sample(cards_of(h), tricks_left))
                     for h in deal.hands]
            leader = 0
            first = (0, 0)
        sides = ((0,), (1,))
        value = solve(Position(hands, deal.trump, leader, sides=sides), side=0,
                      all_best=False).tricks
        other = solve(Position(hands, deal.trump, 1 - leader, sides=sides), side=0,
                      all_best=False).tricks
        out.append(HumbugEnding(
            ((deal.hands[0] & suit).bit_count(), (deal.hands[1] & suit).bit_count()),
            ((hands[0] & suit).bit_count(), (hands[1] & suit).bit_count()),
            first, leader, value, other, tricks_left))
    return out


# 8. Bots against each other -------------------------------------------------------------------------


class BotRow(NamedTuple):
    """One bot's results in :func:`bot_comparison`."""

    game: str
    bot: str
    seats: int
    accuracy: Estimate
    points: MeanEstimate


def bot_comparison(variant: str, bots: Mapping[str, Bot], *, players: int | None = None,
                   deals: int = 100, seed: int = 0,
                   hand_size: int | None = None) -> list[BotRow]:
    """Seat the bots round the table (each in turn in every position; see
    :func:`trickcore.experiment.play_deals`) and return each bot's bid accuracy and points.

    >>> from trickcore.bots import RandomBot
    >>> rows = bot_comparison("oh-hell", {"heuristic": HeuristicBot(), "random": RandomBot(1)},
    ...                       players=4, deals=40, hand_size=3, seed=1)
    >>> [r.bot for r in rows], rows[0].accuracy.trials
    (['heuristic', 'random'], 80)
    """
    from trickcore.study.experiment import play_deals

    rules = get_variant(variant)
    results = play_deals(rules, dict(bots), players=players, deals=deals, seed=seed,
                         hand_size=hand_size)
    out = []
    for name in results.bots:
        rows = [r for r in results.rows if r.bot == name]
        judged = [r.made for r in rows if r.made is not None]
        game = rules.name if hand_size is None else f"{rules.name}, {hand_size} cards"
        out.append(BotRow(game, name, len(rows), proportion(sum(judged), len(judged)),
                          mean_estimate(r.points for r in rows)))
    return out

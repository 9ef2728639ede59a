"""Exact holdings and their simulated counterparts: how many trumps a hand holds, Humbug's
dealer advantage, where the Five Hundred joker and bowers lie.

Exact answers are counted, not sampled, and come back as :class:`fractions.Fraction`
(hypergeometric counts, the standard library only); the simulated ones deal with the engine
and carry 95% intervals.

>>> trumps_in_hand(1)                     # one card, after a card is turned for trumps
[Fraction(13, 17), Fraction(4, 17)]
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from trickcore.cards import JOKER_INDEX, Card, Rank, Suit
from trickcore.cards.packs import Pack, pack_mask
from trickcore.engine.dealing import deal_cards, rng_for
from trickcore.i18n import _
from trickcore.rules import Ruleset, with_options
from trickcore.rules.registry import get_variant
from trickcore.study.stats import Estimate, MeanEstimate, mean_estimate, proportion

__all__ = [
    "FIVE_HUNDRED_FORMS",
    "HumbugTrumps",
    "PackHoldings",
    "five_hundred_holdings",
    "humbug_trumps",
    "hypergeometric",
    "mean_of",
    "simulate_five_hundred_holdings",
    "simulate_five_hundred_lengths",
    "simulate_humbug_trumps",
    "simulate_trumps_in_hand",
    "top_trump_mask",
    "trump_mask",
    "trumps_in_hand",
]


def hypergeometric(population: int, successes: int, draws: int) -> list[Fraction]:
    """P(exactly k of the ``successes`` special cards among ``draws`` cards), k = 0..draws.

    The draws are made without replacement from ``population`` cards; impossible counts get 0.

    >>> [str(p) for p in hypergeometric(4, 2, 2)]
    ['1/6', '2/3', '1/6']
    >>> sum(hypergeometric(52, 13, 13))
    Fraction(1, 1)
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(_("cannot draw {draws} cards with {successes} special from {population}").format(
                             draws=draws, successes=successes, population=population))
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
        raise ValueError(_("a hand has at least one card and a deal at least two players"))
    if players * hand_size > (52 if holds_turn_up else 51):
        raise ValueError(_("{players} hands of {hand_size} do not fit the pack with a card turned").format(
                             players=players, hand_size=hand_size))
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


def top_trump_mask(ruleset: Ruleset, trump: Suit) -> int:
    """The jokers and bowers of the ruleset's pack with ``trump`` as trumps.

    >>> from trickcore.rules.registry import get_variant
    >>> top_trump_mask(get_variant("five-hundred"), Suit.HEARTS).bit_count()  # joker, two bowers
    3
    """
    ctx = ruleset.trump_context(trump)
    right = Card.of(Rank.JACK, trump).bit
    left = Card.of(Rank.JACK, trump.partner).bit
    jokers = (1 << JOKER_INDEX) | (1 << (JOKER_INDEX + 1))
    return (right | left | jokers) & pack_mask(ruleset.deck) & ctx.suit_masks[int(trump)]


def trump_mask(ruleset: Ruleset, trump: Suit) -> int:
    """Every card of the ruleset's pack that is a trump when ``trump`` is named (Five Hundred:
    the joker, both bowers and, in the odd-fours pack, the odd four).

    >>> from trickcore.rules.registry import get_variant
    >>> trump_mask(get_variant("five-hundred"), Suit.HEARTS).bit_count()
    13
    """
    ctx = ruleset.trump_context(trump)
    return ctx.suit_masks[int(trump)] & pack_mask(ruleset.deck)


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
        top = top_trump_mask(rules, Suit.HEARTS).bit_count()
        red = trump_mask(rules, Suit.HEARTS).bit_count()
        black = trump_mask(rules, Suit.SPADES).bit_count()
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


# The same, simulated with the engine's dealer ---------------------------------------------------


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
    for _deal in range(deals):
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
    for _deal in range(deals):
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
    top = top_trump_mask(rules, Suit.HEARTS)
    hits = Counter[str]()
    for _deal in range(deals):
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
    masks = {suit: trump_mask(rules, suit) for suit in Suit}
    counts: dict[str, list[int]] = {k: [0] * (form.hand_size + 1)
                                    for k in ("red", "black", "longest")}
    for _deal in range(deals):
        hand = deal_cards(rules, players=n, dealer=n - 1, hand_size=form.hand_size,
                          rng=rng).hands[0]
        counts["red"][(hand & masks[Suit.HEARTS]).bit_count()] += 1
        counts["black"][(hand & masks[Suit.SPADES]).bit_count()] += 1
        counts["longest"][max((hand & m).bit_count() for m in masks.values())] += 1
    return {k: [proportion(c, deals) for c in v] for k, v in counts.items()}

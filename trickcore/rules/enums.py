"""The choices a ruleset makes, each an enum whose values are the names used in options and records.

>>> Schedule("down-up") is Schedule.DOWN_UP, BiddingKind.AUCTION.value
(True, 'auction')
"""

from __future__ import annotations

import enum

__all__ = [
    "AllPass",
    "AuctionRounds",
    "BiddingKind",
    "CalledCard",
    "FirstDealer",
    "GameEnd",
    "JokerRule",
    "MatchEnd",
    "MisereTiming",
    "OpenMisere",
    "Partnership",
    "Schedule",
    "Scoring",
    "SixBids",
    "Stakes",
    "TrumpMethod",
    "TwoHandForm",
    "WinRule",
    "ZeroBid",
]


class Schedule(enum.StrEnum):
    """How the hand size changes from deal to deal (``h`` is the size for the player count).

    >>> from trickcore.rules.registry import get_variant
    >>> get_variant("oh-pshaw").schedule, Schedule("down-up") is Schedule.DOWN_UP
    (<Schedule.UP: 'up'>, True)
    """

    FIXED = "fixed"
    """Every deal has ``h`` cards."""
    DOWN_UP = "down-up"
    """``h, h-1, ..., 1, ..., h-1, h`` (pagat Oh Hell, Up and Down the River, 7-1-7)."""
    UP = "up"
    """``1, 2, ..., h`` (Oh Pshaw, British Oh Hell)."""
    UP_DOWN = "up-down"
    """``1, 2, ..., h, ..., 2, 1``."""
    DOWN = "down"
    """``h, h-1, ..., 1``."""


class TrumpMethod(enum.StrEnum):
    """How the trump suit of a deal is chosen.

    >>> from trickcore.rules.registry import get_variant
    >>> get_variant("humbug").trump_method
    <TrumpMethod.DEALERS_LAST: 'dealers-last'>
    """

    TURN_NEXT = "turn-next"
    """The next card after the deal is turned; it is not played."""
    TOP_OF_STOCK = "top-of-stock"
    """The undealt cards form a stock and its top card is turned; it is not played."""
    DEALERS_LAST = "dealers-last"
    """The dealer's own last card is turned and stays in the dealer's hand."""
    FIXED_ROTATION = "fixed-rotation"
    """Trumps follow an agreed order, deal by deal (``trump_rotation``)."""
    NONE = "none"
    """Every deal is played at no trump."""


class FirstDealer(enum.StrEnum):
    """How the first dealer is chosen (the draw is made with the match's seeded generator).

    >>> from trickcore.rules.registry import get_variant
    >>> get_variant("contract-whist").first_dealer
    <FirstDealer.FIRST_JACK: 'first-jack'>
    """

    RANDOM = "random"
    HIGH_CARD = "high-card"
    """Each player draws a card; the highest deals (ties draw again)."""
    LOW_CARD = "low-card"
    """Each player draws a card; the lowest deals (ties draw again)."""
    FIRST_JACK = "first-jack"
    """Cards are dealt face up round the table; the first player to receive a jack deals."""


class BiddingKind(enum.StrEnum):
    """What, if anything, players bid.

    >>> from trickcore.rules.registry import get_variant
    >>> [get_variant(key).bidding.value for key in ("oh-hell", "humbug", "five-hundred")]
    ['exact', 'none', 'auction']
    """

    EXACT = "exact"
    """Each player bids once the exact number of tricks they will take (the Oh Hell family)."""
    NONE = "none"
    """No bidding: play starts at once (Humbug)."""
    AUCTION = "auction"
    """Players bid for a contract on a ladder; the highest bidder names trumps (Five Hundred)."""


class Partnership(enum.StrEnum):
    """Who plays with whom (Five Hundred)."""

    NONE = "none"
    """Everyone for themselves; in Five Hundred the others ally against the contractor."""
    ALTERNATE = "alternate"
    """Two sides, alternate seats: 0 2 against 1 3 (four players), 0 2 4 against 1 3 5 (six)."""
    THREE_PAIRS = "three-pairs"
    """Six players in three sides of two: each seat with the one opposite."""
    CALLED = "called"
    """The contractor calls a partner by naming a card (five players)."""


class AuctionRounds(enum.StrEnum):
    """How long the auction runs."""

    UNTIL_PASSED = "until-passed"
    """Round and round until all but one have passed; a pass is final (Australian)."""
    SINGLE = "single"
    """One call each (American)."""


class SixBids(enum.StrEnum):
    """What a six-level call is."""

    CONTRACTS = "contracts"
    """A real contract, worth 40 to 120 (Australian)."""
    INKLES = "inkles"
    """An inkle: a signal only; only the first two callers may inkle; 7♠ is the least contract."""


class MisereTiming(enum.StrEnum):
    """When misère may be called."""

    AFTER_SEVEN = "after-7"
    """Only when the bid to beat is a seven (pagat)."""
    ANY_TIME = "any-time"
    """Whenever it outranks the bid to beat, even as the first call."""
    NOT_ALLOWED = "not-allowed"


class OpenMisere(enum.StrEnum):
    """Whether and where open misère may be called."""

    ANY_TIME = "any-time"
    """At any time, even first; it ranks between 10♦ and 10♥ (pagat)."""
    AFTER_EIGHT = "after-8"
    """Only after an eight has been bid; only 10NT beats it (the seed's reading)."""
    NOT_ALLOWED = "not-allowed"


class AllPass(enum.StrEnum):
    """What happens when nobody bids."""

    THROW_IN = "throw-in"
    """The cards are thrown in and the deal passes to the left (pagat)."""
    REDEAL = "redeal"
    """The same dealer deals again; after two redeals the deal passes to the left."""
    NO_TRUMP_TRICKS = "no-trump-tricks"
    """The hand is played at no trumps without the kitty, eldest leading; 10 a trick each."""
    DEALER_MUST_BID = "dealer-must-bid"
    """The dealer may not pass when everyone else has."""


class JokerRule(enum.StrEnum):
    """The joker at no trumps and misère (docs/rules.md 3.5)."""

    PAGAT = "pagat"
    """The contractor may name its suit; else suitless, played only when void (and must be in
    misère), led only to name a suit not yet led, never led after all four suits have been led
    except to the last trick."""
    WIKIPEDIA = "wikipedia"
    """The only trump, suitless, played only when void; no reneging: never after showing a void
    in the suit led."""
    NEW_ZEALAND = "new-zealand"
    """Never obligatory; lead it and name any suit; not played while holding the suit led."""


class TwoHandForm(enum.StrEnum):
    """Two-hand Five Hundred's order of play with the table piles."""

    PAGAT = "pagat"
    """Corino and Rigal: the four cards of a trick come in a fixed order from hand and table."""
    SEED = "seed"
    """Own hand and table hand play in turn as four seats; the winning position leads."""


class CalledCard(enum.StrEnum):
    """Which cards a five-hand contractor may name to call a partner."""

    NOT_JOKER_OR_BOWER = "not-joker-or-bower"
    NOT_JOKER = "not-joker"
    NO_TRUMP = "no-trump"
    """No trump at all (nor the joker)."""


class WinRule(enum.StrEnum):
    """How a Five Hundred game is won."""

    CONTRACT_ONLY = "contract-only"
    """Reach the target by making a contract (pagat); ≤ −target loses."""
    ANY = "any"
    """Reach the target in any way; if both sides do at once, the contractors win."""
    WALKER_ULTIMATE = "walker-ultimate"
    """Reach exactly the target by making a contract; twice the target or ≤ −target loses."""


class Scoring(enum.StrEnum):
    """How a deal scores, per seat (``b`` bid, ``t`` tricks taken, ``h`` hand size).

    >>> from trickcore.rules import with_options
    >>> from trickcore.rules.registry import get_variant
    >>> with_options(get_variant("oh-hell"), {"scoring": "squares"}).scoring
    <Scoring.SQUARES: 'squares'>
    """

    SIMPLE = "simple"
    """Simple, Blob or Blackout: ``10 + t`` for an exact bid, else 0."""
    COMMON = "common"
    """``t`` for everyone, plus 10 for an exact bid."""
    TEN_PLUS_ZERO_AVAILABLE = "ten-plus-zero-available"
    """Exact: ``10 + t``, but a made zero scores ``5 + h``; a miss scores 0."""
    BONUS_ONLY = "bonus-only"
    """Exact: the bonus only (10); a miss scores 0 (British Oh Hell)."""
    TEN_PER_BID = "ten-per-bid"
    """Exact: 10 for each trick bid (a made zero scores the ``zero_bid`` value, 0 by default)."""
    SQUARES = "squares"
    """Exact: ``10 + b*b``; a miss loses ``(b - t)**2``."""
    TRICK_DIFFERENCE = "trick-difference"
    """Two players, no bidding: each scores their tricks less the opponent's (Humbug)."""
    AVONDALE = "avondale"
    """Five Hundred: the contract's Avondale value won or lost, 10 a trick to the defenders."""


class ZeroBid(enum.StrEnum):
    """What a made bid of zero ("None") scores, where it differs from the scheme (Oh Pshaw).

    >>> from trickcore.rules import with_options
    >>> from trickcore.rules.registry import get_variant
    >>> with_options(get_variant("oh-pshaw"), {"zero_bid": "5+h"}).zero_bid
    <ZeroBid.FIVE_PLUS_HAND: '5+h'>
    """

    SCHEME = "scheme"
    """As the scoring scheme says."""
    FIVE = "5"
    TEN = "10"
    FIVE_PLUS_HAND = "5+h"
    """5 plus the number of tricks in the deal."""


class GameEnd(enum.StrEnum):
    """When a match ends.

    >>> from trickcore.rules.registry import get_variant
    >>> oh_well = get_variant("oh-well")
    >>> oh_well.game_end, oh_well.target
    (<GameEnd.TARGET: 'target'>, 100)
    """

    FIXED_DEALS = "fixed-deals"
    """After the schedule's deals (or ``fixed_deals`` deals of a fixed size)."""
    TARGET = "target"
    """At the end of the deal in which someone reaches ``target`` points."""


class MatchEnd(enum.StrEnum):
    """What ends a match, as the engine applies it (derived from the ruleset: see
    :attr:`trickcore.Ruleset.match_end`).

    >>> from trickcore.rules.registry import get_variant
    >>> [get_variant(k).match_end.value for k in ("oh-hell", "oh-well", "five-hundred")]
    ['fixed-deals', 'target', 'win-rule']
    """

    FIXED_DEALS = "fixed-deals"
    """The schedule's deals are played."""
    TARGET = "target"
    """Someone reaches ``target`` points (or ``max_deals`` deals are played)."""
    WIN_RULE = "win-rule"
    """Five Hundred: a side wins or loses by ``win_rule`` (or ``max_deals`` deals are played)."""


class Stakes(enum.StrEnum):
    """How the final scores are settled for money or counters (see :func:`~trickcore.settle`).

    >>> from trickcore.rules.registry import get_variant
    >>> get_variant("oh-pshaw").stakes
    <Stakes.HARD_SCORE: 'hard-score'>
    """

    NONE = "none"
    HARD_SCORE = "hard-score"
    """The winner adds ``hard_score_bonus``, then every pair settles its difference."""
    DIFFERENCES = "differences"
    """Every pair settles the difference of their scores at ``stake_rate``."""
    POOL = "pool"
    """Everyone antes ``pool_ante``; the winners share the pool."""
    TRICK_DIFFERENCE = "trick-difference"
    """Humbug: the winner collects ``stake_rate`` per trick of difference."""

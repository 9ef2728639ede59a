"""Rulesets: every variant is one frozen, validated value of :class:`Ruleset`.

A ruleset names each rule that differs between the games of a family: how many cards each
deal has, how trumps are chosen, whether the dealer is hooked, how a deal scores, when the game
ends and how it is settled.  One engine (:mod:`trickcore.state`, :mod:`trickcore.match`) plays
every ruleset; there is no class per game.  Change a rule with :func:`dataclasses.replace` or
:func:`with_options`; a combination that cannot be played is refused when it is built.

>>> from trickcore.variants import get_variant
>>> pagat = get_variant("oh-hell")
>>> pagat.hand_sequence(4)
(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
>>> no_hook = with_options(pagat, {"hook": False})
>>> no_hook.hook, pagat.hook
(False, True)
>>> with_options(pagat, {"hand_sizes": {"6": 10}})
Traceback (most recent call last):
...
trickcore.errors.RulesetError: Oh Hell! with 6 players: 10 cards each need 60 cards, but the pack holds only 52
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from typing import Any

from trickcore.cards import Suit
from trickcore.decks import Pack, pack_cards
from trickcore.errors import RulesetError, UnknownOptionError
from trickcore.trumps import TrumpContext, trump_context

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
    "Ruleset",
    "Schedule",
    "Scoring",
    "SixBids",
    "Stakes",
    "TrumpMethod",
    "TwoHandForm",
    "WinRule",
    "ZeroBid",
    "option_doc",
    "option_docs",
    "option_names",
    "options_of",
    "with_options",
]


class Schedule(enum.StrEnum):
    """How the hand size changes from deal to deal (``h`` is the size for the player count).

    >>> from trickcore.variants import get_variant
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

    >>> from trickcore.variants import get_variant
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

    >>> from trickcore.variants import get_variant
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

    >>> from trickcore.variants import get_variant
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
    """The joker at no trumps and misère (RULES.md 3.5)."""

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

    >>> from trickcore.variants import get_variant
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

    >>> from trickcore.variants import get_variant
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

    >>> from trickcore.variants import get_variant
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
    :attr:`Ruleset.match_end`).

    >>> from trickcore.variants import get_variant
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

    >>> from trickcore.variants import get_variant
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


_ROTATION_ENTRIES = ("S", "H", "D", "C", "NT")

#: Options that only Five Hundred uses.
FIVE_HUNDRED_OPTIONS = frozenset({
    "dead_hand", "table_piles", "two_hand_form", "partnership", "auction_rounds", "six_bids",
    "misere_timing", "misere_beats_eight_spades", "open_misere", "split_colours",
    "newcastle_rebid", "all_pass", "contractor_leads", "joker_rule", "high_joker",
    "called_card", "call_own_card_alone", "called_partner_half", "misere_value",
    "open_misere_value", "slam_value", "defender_trick_points", "win_rule",
    "failed_contract_to_opponents", "misere_ends_at_first_trick",
})


def option(default: Any, doc: str) -> Any:
    """A :class:`Ruleset` field with a default and its one-line meaning, kept as data in the
    field's metadata (``dataclasses.fields(Ruleset)``; see :func:`option_doc`)."""
    return dataclasses.field(default=default, metadata={"doc": doc})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Ruleset:
    """One variant's rules, as data.  Build variants with :func:`dataclasses.replace`.

    Every field has a one-line meaning below; the defaults are the common rules of the Oh Hell
    family.  ``__post_init__`` refuses combinations that cannot be played.

    >>> import dataclasses
    >>> from trickcore.variants import get_variant
    >>> pagat = get_variant("oh-hell")
    >>> blob = dataclasses.replace(pagat, scoring=Scoring.SIMPLE, hook=False)
    >>> blob.scoring.value, blob.hook, pagat.hook
    ('simple', False, True)
    >>> dataclasses.replace(pagat, bidding=BiddingKind.NONE)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Oh Hell!: the hook and over/under need bidding
    """

    key: str = dataclasses.field(metadata={"doc": "Registry key, e.g. ``\"oh-hell\"``."})
    name: str = dataclasses.field(metadata={"doc": "Display name, e.g. ``\"Oh Hell!\"``."})
    family: str = option("oh-hell", "``\"oh-hell\"``, ``\"humbug\"`` or ``\"five-hundred\"``.")
    aliases: tuple[str, ...] = option((), "Other names that find this ruleset in the registry.")
    source: str = option("", "The rule book this ruleset follows.")
    players: tuple[int, ...] = option((3, 4, 5, 6, 7), "The player counts the ruleset supports.")
    deck: Pack = option(Pack.STANDARD_52, "The pack.")
    cards_removed: tuple[tuple[int, int], ...] = option(
        (),
        "``(players, count)`` pairs: cards set aside from the bottom of the pack before dealing.",
    )
    schedule: Schedule = option(Schedule.DOWN_UP, "How the hand size changes from deal to deal.")
    hand_sizes: tuple[tuple[int, int], ...] = option(
        (),
        "``(players, size)`` pairs: the largest (or fixed) hand size. Missing counts use all the"
        " cards: ``(pack - removed) // players``.",
    )
    fixed_deals: int = option(
        1,
        "Number of deals when the schedule is ``fixed`` and the game ends after fixed deals.",
    )
    trump_method: TrumpMethod = option(
        TrumpMethod.TURN_NEXT,
        "How each deal's trump suit is chosen.",
    )
    no_trump_when_no_card: bool = option(
        True,
        "A deal that leaves no card to turn is played at no trump (else such a deal is refused).",
    )
    largest_deals_no_trump: bool = option(
        False,
        "pagat variation: the deals of the largest size are played at no trump.",
    )
    trump_rotation: tuple[str, ...] = option(
        (),
        "With ``fixed-rotation``: the agreed order, from ``S H D C NT`` (no default: by"
        " agreement).",
    )
    first_dealer: FirstDealer = option(
        FirstDealer.RANDOM,
        "How the first dealer is chosen; the deal then passes to the left.",
    )
    ace_low_in_draw: bool = option(
        False,
        "In the draw for the first dealer, the ace counts low (18th-century custom).",
    )
    bidding: BiddingKind = option(BiddingKind.EXACT, "What players bid.")
    hook: bool = option(
        False,
        "The dealer may not bid the number that makes the bids total the hand size.",
    )
    announce_over_under: bool = option(
        False,
        "After the dealer's bid, \"over\", \"under\" or \"even\" is announced (Oh Pshaw).",
    )
    simultaneous_bids: bool = option(
        False,
        "Bids are shown at once with fists (a table custom: nobody sees the others' bids).",
    )
    scoring: Scoring = option(Scoring.COMMON, "How each deal scores.")
    exact_bonus: int = option(10, "The bonus for an exact bid.")
    zero_bid: ZeroBid = option(
        ZeroBid.SCHEME,
        "What a made bid of zero scores, where it differs from the scheme.",
    )
    game_end: GameEnd = option(GameEnd.FIXED_DEALS, "When the match ends.")
    target: int = option(100, "The score that ends a ``target`` game.")
    max_deals: int = option(
        200,
        "A ``target`` game also ends after this many deals (so that it always ends).",
    )
    stakes: Stakes = option(Stakes.NONE, "How the final scores are settled.")
    stake_rate: int = option(1, "Units paid per point (or per trick in Humbug).")
    hard_score_bonus: int = option(10, "The winner's extra points before a hard-score settlement.")
    pool_ante: int = option(1, "Each player's stake in a pool game.")
    revokes_allowed: bool = option(
        False,
        "A player may fail to follow suit; the revoke is penalised when the deal ends.",
    )
    revoke_penalty_tricks: int = option(0, "Tricks a revoker hands to the opponent (Humbug: 3).")
    may_view_last_trick: bool = option(
        False,
        "Players may look back at the last trick (Humbug, 1793).",
    )
    open_hands: bool = option(
        False,
        "Every player knows every hand (Humbug: the whole pack is dealt to two players).",
    )

    # Five Hundred ---------------------------------------------------------------------------
    dead_hand: bool = option(
        False,
        "A hand is dealt face down and never used (three-hand with a big pack, two-hand).",
    )
    table_piles: int = option(
        0,
        "Two-hand: piles of two cards (one down, one up) dealt to each player's table.",
    )
    two_hand_form: TwoHandForm = option(
        TwoHandForm.PAGAT,
        "Two-hand: the order of play between hand and table cards.",
    )
    partnership: Partnership = option(Partnership.NONE, "Who plays with whom.")
    auction_rounds: AuctionRounds = option(AuctionRounds.UNTIL_PASSED, "How long the auction runs.")
    six_bids: SixBids = option(
        SixBids.CONTRACTS,
        "Whether six-level calls are contracts or inkles.",
    )
    misere_timing: MisereTiming = option(MisereTiming.AFTER_SEVEN, "When misère may be called.")
    misere_beats_eight_spades: bool = option(
        False,
        "Misère ranks above 8♠ (it is worth more), instead of between 7NT and 8♠.",
    )
    open_misere: OpenMisere = option(
        OpenMisere.ANY_TIME,
        "Whether and where open misère may be called.",
    )
    split_colours: bool = option(
        False,
        "Add nullo (150), open nullo (250), hi-lo (350) and double nullo (450), each between the"
        " black and red calls of its level; no timing limits; a contract needs seven or more.",
    )
    newcastle_rebid: bool = option(
        False,
        "Newcastle (NSW): a player who has bid and not passed may always bid again. Under the"
        " default auction (a pass is final and it ends when all but one have passed) a player's"
        " turn never comes round without an intervening call, so this only matters with house"
        " rules.",
    )
    all_pass: AllPass = option(AllPass.THROW_IN, "What happens when nobody bids.")
    contractor_leads: bool = option(True, "The contractor leads to the first trick (else eldest).")
    joker_rule: JokerRule = option(JokerRule.PAGAT, "The joker at no trumps and misère.")
    high_joker: str = option(
        "coloured",
        "With two jokers: which one is JK1, the higher (Québec seed: the coloured one).",
    )
    called_card: CalledCard = option(
        CalledCard.NOT_JOKER_OR_BOWER,
        "Five-hand: which cards may be named to call a partner.",
    )
    call_own_card_alone: bool = option(
        False,
        "Five-hand variation: naming a card the contractor holds or discarded means playing alone.",
    )
    called_partner_half: bool = option(
        True,
        "Five-hand: with a called partner each partner scores half the contract (else full).",
    )
    misere_value: int = option(250, "Misère's value.")
    open_misere_value: int = option(500, "Open misère's value.")
    slam_value: int = option(
        250,
        "Taking all ten tricks scores this when the contract is worth less (0: no slam rule).",
    )
    defender_trick_points: int = option(
        10,
        "Points to the defenders for each trick they take in a trick contract.",
    )
    win_rule: WinRule = option(
        WinRule.CONTRACT_ONLY,
        "How the game is won (``target`` is the winning score; ``-target`` loses).",
    )
    failed_contract_to_opponents: bool = option(
        False,
        "Québec: a failed contract's value goes to the other side and nothing is subtracted.",
    )
    misere_ends_at_first_trick: bool = option(
        True,
        "A misère (or nullo) ends as soon as the contractor takes a trick.",
    )

    # Validation ---------------------------------------------------------------------------

    def __post_init__(self) -> None:
        def fail(message: str) -> None:
            raise RulesetError(f"{self.name}: {message}")

        if not self.players or any(n < 2 for n in self.players):
            fail(f"player counts must be 2 or more, got {self.players}")
        five_hundred = self.family == "five-hundred"
        if five_hundred != (self.bidding is BiddingKind.AUCTION):
            fail("Five Hundred, and only Five Hundred, bids in an auction")
        if five_hundred != (self.scoring is Scoring.AVONDALE):
            fail("Five Hundred, and only Five Hundred, scores by the Avondale table")
        if not five_hundred:
            for field in dataclasses.fields(self):
                if field.name in FIVE_HUNDRED_OPTIONS and getattr(self, field.name) != field.default:
                    fail(f"the option {field.name} applies only to Five Hundred")
        if not five_hundred and self.deck is not Pack.STANDARD_52:
            fail("the Oh Hell family and Humbug use the 52-card pack")
        if five_hundred and self.deck is Pack.STANDARD_52:
            fail("Five Hundred needs a pack with a joker")
        if self.partnership is Partnership.THREE_PAIRS and self.players != (6,):
            fail("three sides of two need six players")
        if self.partnership is Partnership.ALTERNATE and any(n % 2 for n in self.players):
            fail("two sides in alternate seats need an even number of players")
        if self.partnership is Partnership.CALLED and any(n < 4 for n in self.players):
            fail("calling a partner needs at least four players")
        if self.table_piles and self.players != (2,):
            fail("table piles are for two players")
        for label, pairs in (("cards_removed", self.cards_removed), ("hand_sizes", self.hand_sizes)):
            seen = [n for n, _ in pairs]
            if len(seen) != len(set(seen)):
                fail(f"{label} names a player count twice")
            for n, value in pairs:
                if n not in self.players:
                    fail(f"{label} gives a value for {n} players, who cannot play")
                if value < 0:
                    fail(f"{label} for {n} players is negative")
        if self.fixed_deals < 1:
            fail("fixed_deals must be at least 1")
        if self.target < 1 or self.max_deals < 1:
            fail("target and max_deals must be positive")
        if self.high_joker not in ("coloured", "black", "black-and-white"):
            fail(f"high_joker must be coloured, black or black-and-white, not {self.high_joker!r}")
        if self.exact_bonus < 0 or self.stake_rate < 0 or self.pool_ante < 0:
            fail("bonus, stake rate and ante cannot be negative")
        if self.revoke_penalty_tricks < 0:
            fail("revoke_penalty_tricks cannot be negative")
        if self.trump_method is TrumpMethod.FIXED_ROTATION:
            if not self.trump_rotation:
                fail("fixed-rotation trumps need an agreed trump_rotation, e.g. S H D C NT")
            bad = [t for t in self.trump_rotation if t not in _ROTATION_ENTRIES]
            if bad:
                fail(f"trump_rotation entries must be S, H, D, C or NT, not {bad}")
        elif self.trump_rotation:
            fail("trump_rotation is only used with trump_method fixed-rotation")
        if self.bidding is BiddingKind.NONE:
            if self.hook or self.announce_over_under:
                fail("the hook and over/under need bidding")
            if self.scoring is not Scoring.TRICK_DIFFERENCE:
                fail("a game without bidding scores by trick difference")
        elif self.scoring is Scoring.TRICK_DIFFERENCE:
            fail("trick-difference scoring is for games without bidding")
        if self.scoring is Scoring.TRICK_DIFFERENCE and self.players != (2,):
            fail("trick-difference scoring is for two players")
        if (self.stakes is Stakes.TRICK_DIFFERENCE) != (self.scoring is Scoring.TRICK_DIFFERENCE):
            fail("trick-difference stakes go with trick-difference scoring")
        if self.revoke_penalty_tricks and self.players != (2,):
            fail("the revoke penalty transfers tricks to the one opponent: two players only")
        for n in self.players:
            self._check_count(n)

    def _check_count(self, n: int) -> None:
        available = self.deck_size - self.removed(n)
        size = self.max_hand_size(n)
        where = f"{self.name} with {n} players"
        if size < 1:
            raise RulesetError(f"{where}: the hand size must be at least 1")
        if self.family == "five-hundred":
            if size != 10:
                raise RulesetError(f"{where}: Five Hundred deals ten cards each, not {size}")
            kitty = self.kitty_size(n)
            if kitty < 1:
                raise RulesetError(
                    f"{where}: {n} hands of {size}"
                    + (f", {2 * self.table_piles} table cards each" if self.table_piles else "")
                    + (" and a dead hand" if self.dead_hand else "")
                    + f" need more than the {self.deck_size} cards of the {self.deck.value}-card"
                    " pack, leaving no kitty"
                )
            return
        if n * size > available:
            pack = "the pack holds only" if not self.removed(n) else "only"
            extra = "" if not self.removed(n) else f" remain after {self.removed(n)} are removed"
            raise RulesetError(
                f"{where}: {size} cards each need {n * size} cards, but {pack} {available}{extra}"
            )
        turns = self.trump_method in (TrumpMethod.TURN_NEXT, TrumpMethod.TOP_OF_STOCK)
        if turns and not self.no_trump_when_no_card and n * size == available:
            raise RulesetError(
                f"{where}: the {size}-card deal leaves no card to turn for trumps;"
                " allow no_trump_when_no_card or deal fewer cards"
            )

    # Derived facts --------------------------------------------------------------------------

    @property
    def deals_kitty(self) -> bool:
        """True when a deal leaves a kitty (Five Hundred), with any table piles and dead hand,
        and turns no card for trumps: the auction's contract names them."""
        return self.family == "five-hundred"

    @property
    def match_end(self) -> MatchEnd:
        """What ends a match: the schedule, a target score, or Five Hundred's ``win_rule``."""
        if self.family == "five-hundred":
            return MatchEnd.WIN_RULE
        return MatchEnd.TARGET if self.game_end is GameEnd.TARGET else MatchEnd.FIXED_DEALS

    def trump_context(self, trump: Suit | None, *, joker_suit: Suit | None = None) -> TrumpContext:
        """The ranking of the cards under ``trump`` in this game: Five Hundred's bowers, the
        joker and the odd fours included.

        >>> from trickcore.cards import Card, Suit
        >>> from trickcore.variants import get_variant
        >>> get_variant("five-hundred").trump_context(Suit.SPADES).is_trump(Card.parse("JC"))
        True
        >>> get_variant("oh-hell").trump_context(Suit.SPADES).is_trump(Card.parse("JC"))
        False
        """
        if self.family != "five-hundred":
            return trump_context(trump)
        if trump is None:
            return trump_context(None, joker_suit=joker_suit)
        return trump_context(trump, bowers=True, odd_fours=self.deck is Pack.FIVE_HUNDRED_ODD_FOURS)

    @property
    def deck_size(self) -> int:
        """Cards in the pack."""
        return len(pack_cards(self.deck))

    def kitty_size(self, players: int) -> int:
        """Five Hundred: the cards left for the kitty after hands, table piles and dead hand."""
        h = self.max_hand_size(players)
        used = players * h + players * 2 * self.table_piles + (h if self.dead_hand else 0)
        return self.deck_size - used

    def removed(self, players: int) -> int:
        """Cards set aside before the deal for this player count."""
        return dict(self.cards_removed).get(players, 0)

    def max_hand_size(self, players: int) -> int:
        """The largest (or fixed) hand size for this player count."""
        sizes = dict(self.hand_sizes)
        if players in sizes:
            return sizes[players]
        return (self.deck_size - self.removed(players)) // players

    def hand_sequence(self, players: int) -> tuple[int, ...]:
        """The hand size of each deal, in order.

        For a ``target`` game with a fixed size this is one deal's size: the match repeats it.

        >>> from trickcore.variants import get_variant
        >>> get_variant("contract-whist").hand_sequence(5)
        (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
        """
        self.check_players(players)
        h = self.max_hand_size(players)
        if self.schedule is Schedule.FIXED:
            count = 1 if self.game_end is GameEnd.TARGET else self.fixed_deals
            return (h,) * count
        if self.schedule is Schedule.UP:
            return tuple(range(1, h + 1))
        if self.schedule is Schedule.DOWN:
            return tuple(range(h, 0, -1))
        if self.schedule is Schedule.UP_DOWN:
            return tuple(range(1, h + 1)) + tuple(range(h - 1, 0, -1))
        return tuple(range(h, 0, -1)) + tuple(range(2, h + 1))

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesetError` unless this many can play."""
        if players not in self.players:
            counts = ", ".join(map(str, self.players))
            raise RulesetError(f"{self.name} is for {counts} players, not {players}")


# Options -------------------------------------------------------------------------------------

_NOT_OPTIONS = frozenset({"key", "name", "family", "aliases", "source"})


def option_doc(name: str) -> str:
    """The one-line meaning of a :class:`Ruleset` field (an option, or ``key``, ``name``, ...).

    >>> option_doc("hook")
    'The dealer may not bid the number that makes the bids total the hand size.'
    """
    for field in dataclasses.fields(Ruleset):
        if field.name == name:
            doc: str = field.metadata.get("doc", "")
            return doc
    raise UnknownOptionError(f"{name!r} is not a field of Ruleset")


def option_docs() -> dict[str, str]:
    """Every :class:`Ruleset` field's one-line meaning, in field order."""
    return {field.name: field.metadata.get("doc", "") for field in dataclasses.fields(Ruleset)}


def _fields_section() -> str:
    lines = ["", "", "    The fields, with their defaults:", ""]
    for field in dataclasses.fields(Ruleset):
        value = field.default.value if isinstance(field.default, enum.Enum) else field.default
        default = "" if value is dataclasses.MISSING else f" (default ``{value!r}``)"
        lines.append(f"    - ``{field.name}``{default}: {field.metadata.get('doc', '')}")
    return "\n".join(lines) + "\n"


Ruleset.__doc__ = (Ruleset.__doc__ or "").rstrip() + _fields_section()


def option_names() -> tuple[str, ...]:
    """The names that :func:`with_options` accepts (every rule field of :class:`Ruleset`).

    >>> len(option_names()), option_names()[:4]
    (55, ('players', 'deck', 'cards_removed', 'schedule'))
    """
    return tuple(f.name for f in dataclasses.fields(Ruleset) if f.name not in _NOT_OPTIONS)


def _convert(field: dataclasses.Field[Any], value: Any) -> Any:
    name = field.name
    default = field.default
    if isinstance(value, str) and isinstance(default, bool):
        lowered = value.strip().lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RulesetError(f"option {name}: expected true or false, got {value!r}")
    if isinstance(value, str) and not isinstance(default, str | enum.Enum):
        text = value.strip()
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            if isinstance(default, tuple):
                value = text.replace(",", " ").split()
            else:
                raise RulesetError(f"option {name}: cannot read {value!r}") from None
    if isinstance(default, enum.Enum):
        enum_type = type(default)
        try:
            return enum_type(str(value) if isinstance(value, int) else value)
        except ValueError:
            choices = ", ".join(member.value for member in enum_type)
            raise RulesetError(f"option {name}: {value!r} is not one of {choices}") from None
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesetError(f"option {name}: expected true or false, got {value!r}")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(f"option {name}: expected a whole number, got {value!r}")
        return value
    if name in ("cards_removed", "hand_sizes"):
        if isinstance(value, Mapping):
            try:
                return tuple(sorted((int(k), int(v)) for k, v in value.items()))
            except (TypeError, ValueError):
                pass
        elif isinstance(value, list | tuple) and all(
            isinstance(p, list | tuple) and len(p) == 2 for p in value
        ):
            return tuple(sorted((int(a), int(b)) for a, b in value))
        raise RulesetError(f'option {name}: expected a mapping of player counts, e.g. {{"6": 8}}')
    if name == "players":
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if isinstance(value, list | tuple) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return tuple(sorted(set(value)))
        raise RulesetError(f"option players: expected a list of player counts, got {value!r}")
    if isinstance(default, str):
        if not isinstance(value, str):
            raise RulesetError(f"option {name}: expected text, got {value!r}")
        return value
    if name == "trump_rotation":
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return tuple(v.upper() for v in value)
        raise RulesetError("option trump_rotation: expected a list such as S H D C NT")
    raise RulesetError(f"option {name}: cannot be set")  # pragma: no cover


def with_options(ruleset: Ruleset, options: Mapping[str, Any]) -> Ruleset:
    """A copy of ``ruleset`` with some rules changed, values given as Python or as text.

    Text values are read as the command line gives them (``"false"``, ``"12"``,
    ``'{"6": 8}'``).  An unknown option raises :class:`UnknownOptionError` listing the valid
    names; a value that does not fit raises :class:`RulesetError`.

    >>> from trickcore.variants import get_variant
    >>> with_options(get_variant("oh-hell"), {"scoring": "simple"}).scoring
    <Scoring.SIMPLE: 'simple'>
    >>> with_options(get_variant("oh-hell"), {"hooks": True})
    Traceback (most recent call last):
    ...
    trickcore.errors.UnknownOptionError: 'hooks' is not an option; did you mean 'hook'? The options are: players, deck, cards_removed, ...
    """
    import difflib

    fields = {f.name: f for f in dataclasses.fields(Ruleset) if f.name not in _NOT_OPTIONS}
    changes: dict[str, Any] = {}
    for raw_name, value in options.items():
        name = raw_name.replace("-", "_")
        if name not in fields:
            close = difflib.get_close_matches(name, list(fields), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "."
            raise UnknownOptionError(
                f"{raw_name!r} is not an option{hint} The options are: {', '.join(fields)}"
            )
        changes[name] = _convert(fields[name], value)
    # Per-player-count tables change only the counts given, and forget counts that can no
    # longer play.
    players = changes.get("players", ruleset.players)
    for table in ("hand_sizes", "cards_removed"):
        merged = {n: v for n, v in getattr(ruleset, table) if n in players}
        merged.update(dict(changes.get(table, ())))
        changes[table] = tuple(sorted(merged.items()))
    return dataclasses.replace(ruleset, **changes)


def _jsonable(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        if value and all(isinstance(p, tuple) and len(p) == 2 for p in value):
            return {str(a): b for a, b in value}
        return [_jsonable(v) for v in value]
    return value


def options_of(ruleset: Ruleset, base: Ruleset) -> dict[str, Any]:
    """The options in which ``ruleset`` differs from ``base``, as JSON-ready values.

    ``with_options(base, options_of(r, base)) == r`` for every ruleset ``r`` built from ``base``.
    """
    out: dict[str, Any] = {}
    for name in option_names():
        value = getattr(ruleset, name)
        if value != getattr(base, name):
            out[name] = _jsonable(value)
    return out

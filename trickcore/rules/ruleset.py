"""The :class:`Ruleset`: one frozen, keyword-only value per variant, validated when it is built.

Each field is a rule with a default (the common rules of the Oh Hell family) and a one-line
meaning kept as data in the field's metadata (:func:`option`).  The ruleset also answers the
questions the engine asks of it (:attr:`Ruleset.deals_kitty`, :attr:`Ruleset.match_end`,
:meth:`Ruleset.trump_context`, the hand sizes), so that no code outside :mod:`trickcore.rules`
needs to know which family a game belongs to.

>>> from trickcore.rules.registry import get_variant
>>> get_variant("oh-hell").hand_sequence(3)[:3], get_variant("five-hundred").deals_kitty
((10, 9, 8), True)
"""


from __future__ import annotations

import dataclasses
import enum
import functools
from typing import Any

from trickcore.arguments import count, shown, typed
from trickcore.cards import Pack, Suit, TrumpContext, pack_cards, trump_context
from trickcore.errors import RulesetError
from trickcore.i18n import N_, _
from trickcore.rules.enums import (
    AllPass,
    AuctionRounds,
    BiddingKind,
    CalledCard,
    FirstDealer,
    GameEnd,
    JokerRule,
    MatchEnd,
    MisereTiming,
    OpenMisere,
    Partnership,
    Schedule,
    Scoring,
    SixBids,
    Stakes,
    TrumpMethod,
    TwoHandForm,
    WinRule,
    ZeroBid,
)
from trickcore.rules.ladder import Ladder, ladder_of
from trickcore.rules.scoring import ScoringRule
from trickcore.rules.validate import parse_rotation, validate

__all__ = ["Ruleset", "option"]


def option(default: Any, doc: str, *, family: str = "") -> Any:
    """A :class:`Ruleset` field with a default, its one-line meaning and the family that alone
    uses it ("": every family), kept as data in the field's metadata
    (``dataclasses.fields(Ruleset)``; see :func:`~trickcore.rules.options.option_doc` and
    :func:`~trickcore.rules.options.family_options`).  The fields' order is the options' order
    everywhere they are listed."""
    return dataclasses.field(default=default, metadata={"doc": doc, "family": family})


def option_500(default: Any, doc: str) -> Any:
    """An :func:`option` that only Five Hundred uses."""
    return option(default, doc, family="five-hundred")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Ruleset:
    """One variant's rules, as data.  Build variants with :func:`dataclasses.replace`.

    Every field has a one-line meaning below; the defaults are the common rules of the Oh Hell
    family.  ``__post_init__`` refuses combinations that cannot be played.

    >>> import dataclasses
    >>> from trickcore.rules.registry import get_variant
    >>> pagat = get_variant("oh-hell")
    >>> blob = dataclasses.replace(pagat, scoring=Scoring.SIMPLE, hook=False)
    >>> blob.scoring.value, blob.hook, pagat.hook
    ('simple', False, True)
    >>> dataclasses.replace(pagat, bidding=BiddingKind.NONE)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Oh Hell!: the hook and over/under need bidding
    """

    key: str = dataclasses.field(metadata={"doc": N_("Registry key, e.g. ``\"oh-hell\"``.")})
    name: str = dataclasses.field(metadata={"doc": N_("Display name, e.g. ``\"Oh Hell!\"``.")})
    family: str = option("oh-hell", N_("``\"oh-hell\"``, ``\"humbug\"`` or ``\"five-hundred\"``."))
    aliases: tuple[str, ...] = option((), N_("Other names that find this ruleset in the registry."))
    source: str = option("", N_("The rule book this ruleset follows."))
    players: tuple[int, ...] = option((3, 4, 5, 6, 7), N_("The player counts the ruleset supports."))
    deck: Pack = option(Pack.STANDARD_52, N_("The pack."))
    cards_removed: tuple[tuple[int, int], ...] = option(
        (),
        N_("``(players, count)`` pairs: cards set aside from the bottom of the pack before dealing."),
    )
    schedule: Schedule = option(Schedule.DOWN_UP, N_("How the hand size changes from deal to deal."))
    hand_sizes: tuple[tuple[int, int], ...] = option(
        (),
        N_("``(players, size)`` pairs: the largest (or fixed) hand size. Missing counts use all the"
           " cards: ``(pack - removed) // players``."),
    )
    fixed_deals: int = option(
        1,
        N_("Number of deals when the schedule is ``fixed`` and the game ends after fixed deals."),
    )
    trump_method: TrumpMethod = option(
        TrumpMethod.TURN_NEXT,
        N_("How each deal's trump suit is chosen."),
    )
    no_trump_when_no_card: bool = option(
        True,
        N_("A deal that leaves no card to turn is played at no trump (else such a deal is refused)."),
    )
    largest_deals_no_trump: bool = option(
        False,
        N_("pagat variation: the deals of the largest size are played at no trump."),
    )
    trump_rotation: tuple[Suit | None, ...] = option(
        (),
        N_("With ``fixed-rotation``: the agreed order, from ``S H D C NT`` (no default: by"
           " agreement)."),
    )
    first_dealer: FirstDealer = option(
        FirstDealer.RANDOM,
        N_("How the first dealer is chosen; the deal then passes to the left."),
    )
    ace_low_in_draw: bool = option(
        False,
        N_("In the draw for the first dealer, the ace counts low (18th-century custom)."),
    )
    bidding: BiddingKind = option(BiddingKind.EXACT, N_("What players bid."))
    hook: bool = option(
        False,
        N_("The dealer may not bid the number that makes the bids total the hand size."),
    )
    announce_over_under: bool = option(
        False,
        N_("After the dealer's bid, \"over\", \"under\" or \"even\" is announced (Oh Pshaw)."),
    )
    simultaneous_bids: bool = option(
        False,
        N_("Bids are shown at once with fists: nobody sees the others' bids and nobody bids"
           " last, so there is no hook."),
    )
    scoring: Scoring | ScoringRule = option(Scoring.COMMON, N_("How each deal scores."))
    exact_bonus: int = option(10, N_("The bonus for an exact bid."))
    zero_bid: ZeroBid = option(
        ZeroBid.SCHEME,
        N_("What a made bid of zero scores, where it differs from the scheme."),
    )
    game_end: GameEnd = option(GameEnd.FIXED_DEALS, N_("When the match ends."))
    target: int = option(100, N_("The score that ends a ``target`` game."))
    max_deals: int = option(
        200,
        N_("A ``target`` game also ends after this many deals (so that it always ends)."),
    )
    stakes: Stakes = option(Stakes.NONE, N_("How the final scores are settled."))
    stake_rate: int = option(1, N_("Units paid per point (or per trick in Humbug)."))
    hard_score_bonus: int = option(10, N_("The winner's extra points before a hard-score settlement."))
    pool_ante: int = option(1, N_("Each player's stake in a pool game."))
    revokes_allowed: bool = option(
        False,
        N_("A player may fail to follow suit, penalised when the deal ends (Humbug only: no other"
           " source gives a revoke penalty)."),
    )
    revoke_penalty_tricks: int = option(0, N_("Tricks a revoker hands to the opponent (Humbug: 3)."))
    may_view_last_trick: bool = option(
        False,
        N_("Players may look back at the last trick (Humbug, 1793)."),
    )
    open_hands: bool = option(
        False,
        N_("Every player knows every hand (Humbug: the whole pack is dealt to two players)."),
    )
    packs: int = option(
        1,
        N_("Ordinary packs the cards come from: 2 gives Up and Down the River 104 cards (every card"
           " twice), and six-hand Five Hundred its 63 cards without a special pack; of two"
           " identical cards in one trick the first played wins."),
    )
    max_start: int = option(
        0,
        N_("The largest hand (the first deal of a down-up schedule) is at most this many cards;"
           " 0: as hand_sizes and the pack allow."),
    )

    # Five Hundred ---------------------------------------------------------------------------
    dead_hand: bool = option_500(
        False,
        N_("A hand is dealt face down and never used (three-hand with a big pack, two-hand)."),
    )
    table_piles: int = option_500(
        0,
        N_("Two-hand: piles of two cards (one down, one up) dealt to each player's table."),
    )
    two_hand_form: TwoHandForm = option_500(
        TwoHandForm.PAGAT,
        N_("Two-hand: the order of play between hand and table cards."),
    )
    partnership: Partnership = option_500(Partnership.NONE, N_("Who plays with whom."))
    auction_rounds: AuctionRounds = option_500(AuctionRounds.UNTIL_PASSED, N_("How long the auction runs."))
    six_bids: SixBids = option_500(
        SixBids.CONTRACTS,
        N_("Whether six-level calls are contracts or inkles."),
    )
    misere_timing: MisereTiming = option_500(MisereTiming.AFTER_SEVEN, N_("When misère may be called."))
    misere_beats_eight_spades: bool = option_500(
        False,
        N_("Misère ranks above 8♠ (it is worth more), instead of between 7NT and 8♠."),
    )
    open_misere: OpenMisere = option_500(
        OpenMisere.ANY_TIME,
        N_("Whether and where open misère may be called."),
    )
    open_misere_shown_at_start: bool = option_500(
        False,
        N_("Open misère is played with the hand face up from the first lead (Québec's grosse"
           " misère), not from the end of the first trick."),
    )
    misere_outbid_by: str = option_500(
        "",
        N_("The lowest trick call that outbids misère, which ranks just below it (Québec: 8NT);"
           " empty: as misere_beats_eight_spades says."),
    )
    open_misere_outbid_by: str = option_500(
        "",
        N_("The lowest trick call that outbids open misère, which ranks just below it (Québec:"
           " 10NT); empty: as open_misere says."),
    )
    split_colours: bool = option_500(
        False,
        N_("Add nullo (150), open nullo (250), hi-lo (350) and double nullo (450), each between the"
           " black and red calls of its level; no timing limits; a contract needs seven or more."),
    )
    newcastle_rebid: bool = option_500(
        False,
        N_("Newcastle (NSW): a player who has bid and not passed may always bid again. Under the"
           " default auction (a pass is final and it ends when all but one have passed) a player's"
           " turn never comes round without an intervening call, so this only matters with house"
           " rules."),
    )
    all_pass: AllPass = option_500(AllPass.THROW_IN, N_("What happens when nobody bids."))
    contractor_leads: bool = option_500(True, N_("The contractor leads to the first trick (else eldest)."))
    joker_rule: JokerRule = option_500(JokerRule.PAGAT, N_("The joker at no trumps and misère."))
    high_joker: str = option_500(
        "coloured",
        N_("With two jokers: which one is JK1, the higher (Québec seed: the coloured one)."),
    )
    called_card: CalledCard = option_500(
        CalledCard.NOT_JOKER_OR_BOWER,
        N_("Five-hand: which cards may be named to call a partner."),
    )
    call_own_card_alone: bool = option_500(
        False,
        N_("Five-hand variation: naming a card the contractor holds or discarded means playing alone."),
    )
    called_partner_half: bool = option_500(
        True,
        N_("Five-hand: with a called partner each partner scores half the contract (else full)."),
    )
    misere_value: int = option_500(250, N_("Misère's value."))
    open_misere_value: int = option_500(500, N_("Open misère's value."))
    slam_value: int = option_500(
        250,
        N_("Taking all ten tricks scores this when the contract is worth less (0: no slam rule)."),
    )
    defender_trick_points: int = option_500(
        10,
        N_("Points to the defenders for each trick they take in a trick contract."),
    )
    win_rule: WinRule = option_500(
        WinRule.CONTRACT_ONLY,
        N_("How the game is won (``target`` is the winning score; ``-target`` loses)."),
    )
    failed_contract_to_opponents: bool = option_500(
        False,
        N_("Québec: a failed contract's value goes to the other side and nothing is subtracted."),
    )
    misere_ends_at_first_trick: bool = option_500(
        True,
        N_("A misère (or nullo) ends as soon as the contractor takes a trick."),
    )

    def __post_init__(self) -> None:
        # A rotation may be given as codes (S H D C NT): it is held as suits, None for no
        # trumps, read here once.
        object.__setattr__(self, "trump_rotation", parse_rotation(self))
        validate(self)  # refuse a combination that cannot be played

    # Derived facts --------------------------------------------------------------------------

    @property
    def title(self) -> str:
        """The variant's name for people, in the reader's language (``Cinq cents`` for
        ``Five Hundred``); ``name`` itself, what records keep, never changes."""
        return _(self.name) if self.name else self.name

    @property
    def deals_kitty(self) -> bool:
        """True when a deal leaves a kitty (Five Hundred), with any table piles and dead hand,
        and turns no card for trumps: the auction's contract names them."""
        return self.family == "five-hundred"

    @functools.cached_property
    def ladder(self) -> Ladder:
        """Five Hundred's calls in order, each with its value, when it may be called and where
        it ranks (:mod:`trickcore.rules.ladder`), derived once from the options.

        >>> from trickcore.rules.registry import get_variant
        >>> [r.code for r in get_variant("five-hundred").ladder.allowed][-3:]
        ['open-misere', '10H', '10NT']
        """
        return ladder_of(self)

    @property
    def rotation_codes(self) -> tuple[str, ...]:
        """``trump_rotation`` as records and the rules write it: ``("H", "D", "NT")``.

        >>> from trickcore.rules.registry import get_variant
        >>> from trickcore.rules.options import with_options
        >>> r = with_options(get_variant("oh-hell"), {"trump_method": "fixed-rotation",
        ...                                          "trump_rotation": "s h nt"})
        >>> r.trump_rotation, r.rotation_codes
        ((<Suit.SPADES: 0>, <Suit.HEARTS: 1>, None), ('S', 'H', 'NT'))
        """
        return tuple("NT" if suit is None else suit.letter for suit in self.trump_rotation)

    def live_cards(self, players: int) -> int:
        """The cards left to deal from once the rule's cards are set aside for this player
        count (``cards_removed``).

        >>> from trickcore.rules.registry import get_variant
        >>> get_variant("oh-well").live_cards(6), get_variant("oh-well").live_cards(4)
        (48, 52)
        """
        return self.deck_size - self.removed(players)

    @property
    def bids_a_contract(self) -> bool:
        """True when the players bid in an auction for a contract that names trumps, scores its
        value and wins by the ``win_rule`` (Five Hundred), rather than bidding tricks to take
        under a trump the deal turns up."""
        return self.family == "five-hundred"

    @property
    def hook_applies(self) -> bool:
        """True when the hook binds the dealer: it needs a dealer who bids last, which
        simultaneous bids do away with.

        >>> from trickcore.rules.registry import get_variant
        >>> from trickcore.rules.options import with_options
        >>> pagat = get_variant("oh-hell")
        >>> pagat.hook_applies, with_options(pagat, {"simultaneous_bids": True}).hook_applies
        (True, False)
        """
        return self.hook and not self.simultaneous_bids

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
        >>> from trickcore.rules.registry import get_variant
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
    def pack(self) -> Pack:
        """The cards dealt: ``deck``, or with ``packs=2`` the same made from two packs.

        >>> from trickcore.rules.registry import get_variant
        >>> from trickcore.rules.options import with_options
        >>> river = get_variant("up-and-down-the-river")
        >>> river.pack.value, with_options(river, {"packs": 2}).pack.value
        ('52', '104')
        """
        if self.packs == 2:
            return _TWO_PACKS[self.deck]
        return self.deck

    @property
    def deck_size(self) -> int:
        """Cards in the pack."""
        return len(pack_cards(self.pack))

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
        size = sizes[players] if players in sizes else self.live_cards(players) // players
        return min(size, self.max_start) if self.max_start else size

    def hand_sequence(self, players: int) -> tuple[int, ...]:
        """The hand size of each deal, in order.

        For a ``target`` game with a fixed size this is one deal's size: the match repeats it.

        >>> from trickcore.rules.registry import get_variant
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
        count(players, "players", low=None)  # whole; the range is the rules'
        if players not in self.players:
            counts = ", ".join(map(str, self.players))
            raise RulesetError(_("{game} is for {counts} players, not {players}").format(
                game=self.title, counts=counts, players=shown(players)))



#: What ``packs=2`` makes of a deck (validation refuses any other).
_TWO_PACKS = {Pack.STANDARD_52: Pack.STANDARD_104,
              Pack.FIVE_HUNDRED_63: Pack.FIVE_HUNDRED_63_TWO_PACKS}


def _fields_section() -> str:
    lines = ["", "", "    The fields, with their defaults:", ""]
    for field in dataclasses.fields(Ruleset):
        value = field.default.value if isinstance(field.default, enum.Enum) else field.default
        default = "" if value is dataclasses.MISSING else f" (default ``{value!r}``)"
        lines.append(f"    - ``{field.name}``{default}: {field.metadata.get('doc', '')}")
    return "\n".join(lines) + "\n"


Ruleset.__doc__ = (Ruleset.__doc__ or "").rstrip() + _fields_section()
# Each field's value is checked against its annotation before the rules are validated (an
# option of the wrong type is a TypeError that names it, not a failure deep in validation).
Ruleset.__init__ = typed(Ruleset.__init__)  # type: ignore[method-assign]

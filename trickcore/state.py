"""One deal as a state machine: bid, play, score.

A :class:`HandState` starts from a :class:`~trickcore.dealing.Deal` and moves through explicit
phases.  Every action has a check (``check_bid``/``check_play``, which raise a specific error
naming the rule and the seat), a test (``can_bid``/``can_play``) and an apply (``bid``/``play``,
which return the event they caused).  A failed action changes nothing.  ``legal_bids`` and
``legal_plays`` are computed from the current state each time they are read.

>>> from trickcore.cards import Card
>>> from trickcore.dealing import deal_from_hands
>>> from trickcore.variants import get_variant
>>> rules = get_variant("oh-hell")
>>> deal = deal_from_hands(rules, [["AS", "2H"], ["KS", "3D"], ["QS", "4C"]], dealer=2,
...                        turn_up="9H")
>>> state = HandState(rules, deal)
>>> state.phase, state.to_act, state.legal_bids
(<Phase.BIDDING: 'bidding'>, 0, (0, 1, 2))
>>> _ = state.bid(1); _ = state.bid(0)
>>> state.legal_bids   # the hook: the dealer may not bid 1, which would make the total 2
(0, 2)
>>> state.bid(1)
Traceback (most recent call last):
...
trickcore.errors.IllegalBidError: seat 2 may not bid 1: the hook forbids the dealer a bid that makes the total equal the 2 tricks
>>> _ = state.bid(0)
>>> [c.code for c in state.legal_plays]
['AS', '2H']
>>> _ = state.play(Card.parse("AS"))
>>> [c.code for c in state.legal_plays]      # seat 1 must follow spades
['KS']
>>> state.play("3D")
Traceback (most recent call last):
...
trickcore.errors.IllegalPlayError: seat 1 may not play 3D: they must follow spades (they hold KS)
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Iterable
from typing import Any, NamedTuple

from trickcore.auction import ALONE_KINDS, OPEN_KINDS, Call, CallKind, calls_in_order, check_call
from trickcore.cards import (
    CARDS,
    JOKER_INDEX,
    Card,
    Hand,
    Rank,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
)
from trickcore.dealing import Deal
from trickcore.decks import Pack, pack_cards, pack_mask
from trickcore.errors import CardCodeError, IllegalActionError, IllegalBidError, IllegalPlayError
from trickcore.notebook import html_of
from trickcore.rules import (
    AllPass,
    AuctionRounds,
    BiddingKind,
    CalledCard,
    JokerRule,
    Partnership,
    Ruleset,
    SixBids,
    TwoHandForm,
)
from trickcore.scoring import deal_points, five_hundred_points
from trickcore.trumps import TrumpContext, trump_context

__all__ = [
    "HAND",
    "TABLE",
    "Announced",
    "BidMade",
    "CardPlayed",
    "ContractSet",
    "Discarded",
    "Event",
    "HandScored",
    "HandState",
    "JokerNamed",
    "PartnerCalled",
    "Phase",
    "Trick",
    "TrickWon",
]


class Phase(enum.StrEnum):
    """The phases of a deal, in order (a game skips the ones it does not have).

    >>> [phase.value for phase in Phase]
    ['bidding', 'discard', 'call', 'joker', 'playing', 'done']
    """

    BIDDING = "bidding"
    DISCARD = "discard"
    """Five Hundred: the contractor, holding the kitty, discards as many cards."""
    CALL = "call"
    """Five-hand Five Hundred: the contractor calls a partner by naming a card (or plays alone)."""
    JOKER = "joker"
    """Five Hundred at no trumps or misère: the contractor may name the joker's suit."""
    PLAYING = "playing"
    DONE = "done"


HAND = "hand"
TABLE = "table"


class Trick(NamedTuple):
    """A completed (or, while playing, partial) trick: the leader and the cards in play order.

    ``winner`` is the winning seat once the trick is complete; ``reason`` says why it won.
    ``by`` gives the seat that played each card where that is not simply clockwise from the
    leader (Five Hundred with a player sitting out, two-hand table cards); ``sources`` says
    whether each card came from the hand or the table (two-hand); ``joker_suit`` is the suit
    named when the joker was led.

    >>> from trickcore.trumps import TrumpContext
    >>> trick = Trick(leader=1, cards=tuple(parse_cards("5S AS 2H")), winner=3,
    ...               context=TrumpContext(Suit.HEARTS))
    >>> trick.seats(4), trick.reason
    ([1, 2, 3], '2♥ is the only trump')
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None
    context: TrumpContext | None = None
    by: tuple[int, ...] = ()
    sources: tuple[str, ...] = ()
    joker_suit: Suit | None = None

    @property
    def reason(self) -> str:
        """Why the winner won, in words (empty while the trick is incomplete)."""
        if self.winner is None or self.context is None or not self.cards:
            return ""
        position = self.context.winner_index([c.index for c in self.cards],
                                             _led_index(self.joker_suit))
        return self.context.why(self.cards, position, led=self.joker_suit)

    def seats(self, players: int) -> list[int]:
        """The seat that played each card."""
        if self.by:
            return list(self.by)
        return [(self.leader + i) % players for i in range(len(self.cards))]

    def _repr_html_(self) -> str | None:
        return html_of(self)


def _led_index(suit: Suit | None) -> int | None:
    return None if suit is None else int(suit)


# Events: one frozen record per thing that happened --------------------------------------------


class BidMade(NamedTuple):
    """A seat bid: a number of tricks (Oh Hell) or a call in the auction (Five Hundred)."""

    seat: int
    bid: int | Call


class Announced(NamedTuple):
    """After the last bid: "over", "under" or "even" (Oh Pshaw)."""

    announcement: str
    total: int


class ContractSet(NamedTuple):
    """The auction ended: ``call`` by ``seat`` is the contract (``None``: everyone passed)."""

    seat: int | None
    call: Call | None


class Discarded(NamedTuple):
    """A seat discarded cards after taking the kitty (or its partner's discards)."""

    seat: int
    cards: tuple[Card, ...]


class PartnerCalled(NamedTuple):
    """Five-hand: the contractor named a card to call a partner (``None``: plays alone)."""

    seat: int
    card: Card | None


class JokerNamed(NamedTuple):
    """The contractor named the joker's suit at no trumps or misère (``None``: no suit)."""

    seat: int
    suit: Suit | None


class CardPlayed(NamedTuple):
    """A seat played a card.  ``revoke`` is True when it failed to follow suit (Humbug only)."""

    seat: int
    card: Card
    revoke: bool = False
    source: str = HAND
    joker_suit: Suit | None = None


class TrickWon(NamedTuple):
    """A trick was completed and won."""

    trick: Trick


class HandScored(NamedTuple):
    """The deal ended: tricks taken and points scored, one value per seat."""

    tricks_won: tuple[int, ...]
    points: tuple[int, ...]


Event = (BidMade | Announced | ContractSet | Discarded | PartnerCalled | JokerNamed | CardPlayed
         | TrickWon | HandScored)

_SUIT_PLURALS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                 Suit.CLUBS: "clubs"}


class HandState:
    """The state of one deal.  Create it from a ruleset and a deal; then bid and play.

    Attributes worth reading: ``phase``, ``to_act`` (the seat whose turn it is, ``None`` when
    done), ``bids`` (per seat, ``None`` until made; Oh Hell), ``calls`` (the auction so far;
    Five Hundred), ``contract`` and ``contractor``, ``hands`` (bitmasks of cards still held),
    ``table_up`` (two-hand face-up table cards), ``current`` (the trick being played),
    ``tricks`` (completed), ``tricks_won``, ``points`` (after the deal), ``events``,
    ``announcement``.

    >>> from trickcore.codes import state_from_code
    >>> state = state_from_code("oh-hell-4-2718")   # the same as HandState(rules, deal)
    >>> state.phase.value, state.to_act, state.legal_bids[:3]
    ('bidding', 1, (0, 1, 2))
    >>> state.apply(2)
    BidMade(seat=1, bid=2)
    >>> state.bids, state.to_act
    ([None, 2, None, None], 2)
    """

    __slots__ = (
        "_by",
        "_current_cards",
        "_follow",
        "_lead_name",
        "_led",
        "_order",
        "_shown_void",
        "_sources",
        "_suit_index",
        "_suits_led",
        "_turn",
        "_under",
        "active",
        "announcement",
        "auction",
        "bid_order",
        "bids",
        "called_card",
        "calls",
        "context",
        "contract",
        "contractor",
        "deal",
        "discards",
        "events",
        "exposed",
        "hands",
        "high",
        "joker_suit",
        "kitty",
        "leader",
        "made",
        "partner",
        "partner_discards",
        "passed",
        "phase",
        "players",
        "points",
        "revokes",
        "ruleset",
        "sides",
        "table_up",
        "to_act",
        "tricks",
        "tricks_won",
    )

    def __init__(self, ruleset: Ruleset, deal: Deal) -> None:
        ruleset.check_players(deal.players)
        self.ruleset = ruleset
        self.deal = deal
        self.players = n = deal.players
        self.hands: list[int] = list(deal.hands)
        eldest = (deal.dealer + 1) % n
        self.bid_order: tuple[int, ...] = tuple((eldest + i) % n for i in range(n))
        self.bids: list[int | None] = [None] * n
        self.tricks_won: list[int] = [0] * n
        self.tricks: list[Trick] = []
        self.revokes: list[int] = []
        self.leader = eldest
        self._current_cards: list[int] = []
        self.events: list[Event] = []
        self.points: tuple[int, ...] | None = None
        self.announcement: str | None = None
        self.to_act: int | None = eldest
        # Five Hundred -------------------------------------------------------------------
        self.auction = ruleset.bidding is BiddingKind.AUCTION
        self.calls: list[tuple[int, Call]] = []
        self.passed: list[bool] = [False] * n
        self.high: tuple[int, Call] | None = None
        self.contract: Call | None = None
        self.contractor: int | None = None
        self.kitty: tuple[Card, ...] = deal.kitty
        self.discards: tuple[Card, ...] = ()
        self.partner_discards: tuple[Card, ...] = ()
        self.called_card: Card | None = None
        self.partner: int | None = None
        self.joker_suit: Suit | None = None
        self.sides: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(n))
        self.active: tuple[int, ...] = tuple(range(n))
        self.exposed: list[int] = []
        self.made: bool | None = None
        self.table_up: list[int] = [0] * n
        self._under: list[dict[int, Card]] = [{} for _ in deal.table]
        for seat, piles in enumerate(deal.table):
            for down, up in piles:
                self.table_up[seat] |= up.bit
                self._under[seat][up.index] = down
        self._order: list[tuple[int, str]] | None = None
        self._turn = 0
        self._led = -1
        self._suits_led = 0
        self._lead_name: Suit | None = None
        self._sources: list[str] = []
        self._by: list[int] = []
        self._shown_void: list[int] = [0] * n  # suits each seat has failed to follow
        self._set_context(trump_context(deal.trump))
        if ruleset.bidding is BiddingKind.NONE:
            self.phase = Phase.PLAYING
        else:
            self.phase = Phase.BIDDING

    def _set_context(self, context: TrumpContext) -> None:
        self.context = context
        self._suit_index = context.suit_index
        self._follow = context.suit_masks

    # Reading the state ------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, which is the number of tricks in the deal."""
        return self.deal.hand_size

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        return self.deal.dealer

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` at no trump (or before a Five Hundred contract)."""
        return self.context.trump

    @property
    def is_over(self) -> bool:
        """True when the deal has been played out and scored."""
        return self.phase is Phase.DONE

    def hand(self, seat: int) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand(cards_of(self.hands[seat]))

    def table(self, seat: int) -> list[Card]:
        """Two-hand Five Hundred: ``seat``'s face-up table cards."""
        return cards_of(self.table_up[seat])

    @property
    def to_act_source(self) -> str:
        """Where the seat to act plays from: ``"hand"``, or ``"table"`` (two-hand)."""
        if self._order is not None and self.phase is Phase.PLAYING:
            return self._order[self._turn][1]
        return HAND

    @property
    def current(self) -> Trick:
        """The trick in progress (possibly empty)."""
        return Trick(self.leader, tuple(CARDS[i] for i in self._current_cards),
                     by=tuple(self._by), sources=tuple(self._sources),
                     joker_suit=self._lead_name)

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, or ``None`` before the lead."""
        if not self._current_cards:
            return None
        led = self._led if self._order is not None else self._suit_index[self._current_cards[0]]
        return None if led < 0 else Suit(led)

    def copy(self) -> HandState:
        """An independent copy (for undo, search and what-if questions)."""
        new = copy.copy(self)
        for name in ("hands", "bids", "tricks_won", "tricks", "revokes", "_current_cards",
                     "events", "calls", "passed", "exposed", "table_up", "_sources", "_by",
                     "_shown_void"):
            setattr(new, name, list(getattr(self, name)))
        new._under = [dict(d) for d in self._under]
        if self._order is not None:
            new._order = list(self._order)
        return new

    # Bidding: dispatch ----------------------------------------------------------------------

    @property
    def legal_bids(self) -> tuple[Any, ...]:
        """The bids the seat to act may make now (empty outside the bidding).

        Oh Hell: whole numbers of tricks.  Five Hundred: :class:`~trickcore.auction.Call`
        values, pass first, then the calls in ladder order.
        """
        if self.phase is not Phase.BIDDING:
            return ()
        if self.auction:
            return tuple(c for c in [Call(CallKind.PASS), *calls_in_order(self.ruleset)]
                         if self._call_problem(c) is None)
        h = self.deal.hand_size
        forbidden = self._hook_forbidden()
        return tuple(b for b in range(h + 1) if b != forbidden)

    def check_bid(self, bid: int | Call | str) -> None:
        """Raise :class:`IllegalBidError` unless the seat to act may make ``bid`` now."""
        seat = self.to_act
        if self.phase is not Phase.BIDDING:
            raise IllegalBidError(
                f"no bid can be made now: the deal is in the {self.phase.value} phase",
                rule="phase", seat=seat,
            )
        if self.auction:
            try:
                call = Call.parse(bid)  # type: ignore[arg-type]
            except CardCodeError as error:
                raise IllegalBidError(str(error), rule="call-code", seat=seat) from None
            problem = self._call_problem(call)
            if problem is not None:
                raise IllegalBidError(problem[1], rule=problem[0], seat=seat)
            return
        self._check_exact_bid(bid)

    def can_bid(self, bid: int | Call | str) -> bool:
        """True when :meth:`check_bid` would accept ``bid``."""
        try:
            self.check_bid(bid)
        except IllegalBidError:
            return False
        return True

    def bid(self, bid: int | Call | str) -> BidMade:
        """The seat to act bids (a number of tricks; in Five Hundred a call such as ``"7H"``)."""
        self.check_bid(bid)
        if self.auction:
            return self._make_call(Call.parse(bid))  # type: ignore[arg-type]
        assert isinstance(bid, int)
        seat = self.to_act
        assert seat is not None
        self.bids[seat] = bid
        event = BidMade(seat, bid)
        self.events.append(event)
        if seat == self.deal.dealer:
            self._end_bidding()
        else:
            self.to_act = (seat + 1) % self.players
        return event

    # Exact bidding (the Oh Hell family) ---------------------------------------------------

    def _hook_forbidden(self) -> int | None:
        """The bid the hook forbids the seat to act, if any."""
        if not self.ruleset.hook or self.to_act != self.deal.dealer:
            return None
        h = self.deal.hand_size
        made = sum(b for b in self.bids if b is not None)
        forbidden = h - made
        return forbidden if 0 <= forbidden <= h else None

    @property
    def hook_forbids(self) -> int | None:
        """The bid the hook forbids the seat to act now (``None`` if the hook does not bind)."""
        return self._hook_forbidden() if self.phase is Phase.BIDDING and not self.auction else None

    def _check_exact_bid(self, bid: object) -> None:
        seat = self.to_act
        if isinstance(bid, bool) or not isinstance(bid, int):
            raise IllegalBidError(
                f"seat {seat}'s bid must be a whole number of tricks, not {bid!r}",
                rule="bid-range", seat=seat,
            )
        h = self.deal.hand_size
        if not 0 <= bid <= h:
            raise IllegalBidError(
                f"seat {seat} may not bid {bid}: a bid is from 0 to the {h} tricks in the deal",
                rule="bid-range", seat=seat,
            )
        if bid == self._hook_forbidden():
            raise IllegalBidError(
                f"seat {seat} may not bid {bid}: the hook forbids the dealer a bid that makes"
                f" the total equal the {h} tricks",
                rule="hook", seat=seat,
            )

    def _end_bidding(self) -> None:
        if self.ruleset.announce_over_under:
            total = sum(b for b in self.bids if b is not None)
            h = self.deal.hand_size
            word = "over" if total > h else "under" if total < h else "even"
            self.announcement = word
            self.events.append(Announced(word, total))
        self.phase = Phase.PLAYING
        self.leader = self.to_act = (self.deal.dealer + 1) % self.players

    # The auction (Five Hundred) -----------------------------------------------------------

    def _call_problem(self, call: Call) -> tuple[str, str] | None:
        seat = self.to_act
        assert seat is not None
        return check_call(self.ruleset, call, seat=seat, calls=self.calls, passed=self.passed,
                          high=self.high, dealer=self.deal.dealer)

    def _make_call(self, call: Call) -> BidMade:
        seat = self.to_act
        assert seat is not None
        n = self.players
        self.calls.append((seat, call))
        event = BidMade(seat, call)
        self.events.append(event)
        if call.is_pass:
            self.passed[seat] = True
        else:
            self.high = (seat, call)
        if self.ruleset.auction_rounds is AuctionRounds.SINGLE:
            if len(self.calls) == n:
                self._end_auction()
            else:
                self.to_act = (seat + 1) % n
            return event
        live = [s for s in range(n) if not self.passed[s]]
        if (self.high is not None and len(live) == 1) or not live:
            self._end_auction()
            return event
        nxt = (seat + 1) % n
        while self.passed[nxt]:
            nxt = (nxt + 1) % n
        self.to_act = nxt
        return event

    def _end_auction(self) -> None:
        r = self.ruleset
        high = self.high
        too_low = high is not None and high[1].kind is CallKind.TRICKS and high[1].tricks == 6 and (
            r.six_bids is SixBids.INKLES or r.split_colours)
        if high is None or too_low:
            self.events.append(ContractSet(None, None))
            if r.all_pass is AllPass.NO_TRUMP_TRICKS:
                self.sides = self._sides_for(self.bid_order[0])
                self._start_play(self.bid_order[0])
            else:
                self._score()
            return
        seat, call = high
        self.contract, self.contractor = call, seat
        self.events.append(ContractSet(seat, call))
        self._set_context(trump_context(call.trump, bowers=True,
                                        odd_fours=r.deck is Pack.FIVE_HUNDRED_ODD_FOURS))
        self.sides = self._sides_for(seat)
        if call.kind in ALONE_KINDS:
            team = self._side_of(seat)
            self.active = tuple(s for s in range(self.players) if s == seat or s not in team)
        self.hands[seat] |= mask_of(self.kitty)
        self.phase = Phase.DISCARD
        self.to_act = seat

    def _sides_for(self, contractor: int) -> tuple[tuple[int, ...], ...]:
        n = self.players
        kind = self.ruleset.partnership
        if kind is Partnership.ALTERNATE:
            return (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
        if kind is Partnership.THREE_PAIRS:
            return ((0, 3), (1, 4), (2, 5))
        return tuple((s,) for s in range(n))

    def known_team(self, seat: int) -> tuple[int, ...]:
        """The partners ``seat`` knows it has now.

        Five-hand: the called card's holder knows at once; the others, the contractor
        included, learn who it is only when the card is played.
        """
        team = self.team_of(seat)
        if self.partner is None or self.called_card is None or self.partner_revealed:
            return team
        if seat == self.partner:
            return team
        return (seat,)

    @property
    def partner_revealed(self) -> bool:
        """Five-hand: True once the called card has been played (or there is no partner)."""
        if self.partner is None or self.called_card is None:
            return True
        return any(self.called_card in trick.cards for trick in self.tricks) or (
            self.called_card.index in self._current_cards)

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side by the fixed partnerships (five-hand: only after the call).

        >>> from trickcore.variants import get_variant
        >>> from trickcore.match import Match
        >>> Match(get_variant("five-hundred"), 4, seed=1).next_deal().team_of(1)
        (1, 3)
        """
        if self.contractor is not None:
            return self._side_of(seat)
        return next(side for side in self._sides_for(seat) if seat in side)

    def _side_of(self, seat: int) -> tuple[int, ...]:
        for side in self.sides:
            if seat in side:
                return side
        return (seat,)  # pragma: no cover

    # After the auction: discards, partner call, joker ---------------------------------------

    @property
    def discard_count(self) -> int:
        """How many cards the seat to act must discard now (0 outside the discard phase)."""
        return len(self.kitty) if self.phase is Phase.DISCARD else 0

    def check_discard(self, cards: Iterable[Card | str]) -> list[Card]:
        """Raise :class:`IllegalActionError` unless the seat to act may discard ``cards``."""
        seat = self.to_act
        if self.phase is not Phase.DISCARD:
            raise IllegalActionError(f"no discard now: the deal is in the {self.phase.value}"
                                     " phase", rule="phase", seat=seat)
        assert seat is not None
        try:
            chosen = parse_cards(cards)
        except CardCodeError as error:
            raise IllegalActionError(str(error), rule="card-code", seat=seat) from None
        need = len(self.kitty)
        mask = mask_of(chosen)
        if len(chosen) != need or bin(mask).count("1") != need:
            raise IllegalActionError(
                f"seat {seat} must discard exactly {need} different cards, not {len(chosen)}",
                rule="discard-count", seat=seat,
            )
        if mask & ~self.hands[seat]:
            bad = " ".join(c.code for c in cards_of(mask & ~self.hands[seat]))
            raise IllegalActionError(f"seat {seat} may not discard {bad}: they do not hold it",
                                     rule="not-held", seat=seat)
        return chosen

    def discard(self, cards: Iterable[Card | str]) -> Discarded:
        """The seat to act discards cards (as many as the kitty held)."""
        chosen = self.check_discard(cards)
        seat = self.to_act
        assert seat is not None
        assert self.contract is not None
        assert self.contractor is not None
        self.hands[seat] &= ~mask_of(chosen)
        event = Discarded(seat, tuple(chosen))
        self.events.append(event)
        if seat == self.contractor and self.contract.kind is CallKind.DOUBLE_NULLO:
            self.discards = tuple(chosen)
            partner = next(s for s in self._side_of(seat) if s != seat)
            self.hands[partner] |= mask_of(chosen)
            self.to_act = partner
            return event
        if seat == self.contractor:
            self.discards = tuple(chosen)
        else:
            self.partner_discards = tuple(chosen)
        self._after_discards()
        return event

    def _after_discards(self) -> None:
        """Go on to the next step after the exchange: the partner call, the joker, the play."""
        assert self.contract is not None
        assert self.contractor is not None
        c = self.contractor
        done = {type(e) for e in self.events}
        if (self.ruleset.partnership is Partnership.CALLED
                and self.contract.kind not in ALONE_KINDS and PartnerCalled not in done):
            self.phase = Phase.CALL
            self.to_act = c
            return
        # Two-hand: the joker may lie face up on the contractor's table as well.
        joker = (self.hands[c] | self.table_up[c]) & (1 << JOKER_INDEX)
        # Hi-lo is played like no trumps with the joker the only trump: it is never named.
        if (self.contract.trump is None and joker and self.ruleset.joker_rule is JokerRule.PAGAT
                and self.contract.kind is not CallKind.HI_LO and JokerNamed not in done):
            self.phase = Phase.JOKER
            self.to_act = c
            return
        lead = c if self.ruleset.contractor_leads else self.bid_order[0]
        while lead not in self.active:
            lead = (lead + 1) % self.players
        self._start_play(lead)

    @property
    def legal_partner_calls(self) -> tuple[Card | None, ...]:
        """Five-hand: the cards the contractor may name (``None`` first: play alone)."""
        if self.phase is not Phase.CALL:
            return ()
        out: list[Card | None] = [None]
        out += [c for c in pack_cards(self.ruleset.deck) if self._partner_problem(c) is None]
        return tuple(out)

    def _partner_problem(self, card: Card) -> tuple[str, str] | None:
        c = self.contractor
        assert c is not None
        rule = self.ruleset.called_card
        if card.is_joker:
            return "called-card", "the joker may not be named"
        is_trump = self.context.is_trump(card)
        if rule is CalledCard.NOT_JOKER_OR_BOWER and is_trump and card.rank is Rank.JACK:
            return "called-card", f"{card} is a bower, which may not be named"
        if rule is CalledCard.NO_TRUMP and is_trump:
            return "called-card", f"{card} is a trump, which may not be named"
        own = card in self.discards or bool(self.hands[c] & card.bit)
        if own and not self.ruleset.call_own_card_alone:
            return "called-card", f"{card} is the contractor's own card"
        if not card.bit & pack_mask(self.ruleset.deck):
            return "called-card", f"{card} is not in the pack"
        return None

    def check_partner_call(self, card: Card | str | None) -> Card | None:
        """Raise :class:`IllegalActionError` unless the contractor may name ``card`` now."""
        seat = self.to_act
        if self.phase is not Phase.CALL:
            raise IllegalActionError(f"no partner can be called now: the deal is in the"
                                     f" {self.phase.value} phase", rule="phase", seat=seat)
        if card is None:
            return None
        try:
            named = Card.parse(card)
        except CardCodeError as error:
            raise IllegalActionError(str(error), rule="card-code", seat=seat) from None
        problem = self._partner_problem(named)
        if problem is not None:
            raise IllegalActionError(f"seat {seat} may not name {named}: {problem[1]}",
                                     rule=problem[0], seat=seat)
        return named

    def call_partner(self, card: Card | str | None) -> PartnerCalled:
        """Five-hand: the contractor names a card; its holder is the partner (``None``: alone)."""
        named = self.check_partner_call(card)
        seat = self.to_act
        assert seat is not None
        self.called_card = named
        holder = None
        if named is not None:
            holder = next((s for s in range(self.players) if self.hands[s] & named.bit), None)
        if holder is not None and holder != seat:
            self.partner = holder
            team = (seat, holder)
            self.sides = (tuple(sorted(team)),
                          *((s,) for s in range(self.players) if s not in team))
        event = PartnerCalled(seat, named)
        self.events.append(event)
        self._after_discards()
        return event

    @property
    def legal_joker_names(self) -> tuple[Suit | None, ...]:
        """While naming the joker: ``None`` (no suit) and the four suits."""
        if self.phase is not Phase.JOKER:
            return ()
        return (None, *Suit)

    def check_joker_name(self, suit: Suit | str | None) -> Suit | None:
        """Raise :class:`IllegalActionError` unless the joker may be named ``suit`` now."""
        seat = self.to_act
        if self.phase is not Phase.JOKER:
            raise IllegalActionError(f"the joker cannot be named now: the deal is in the"
                                     f" {self.phase.value} phase", rule="phase", seat=seat)
        if suit is None:
            return None
        try:
            return Suit.parse(suit) if isinstance(suit, str) else Suit(suit)
        except (CardCodeError, ValueError):
            raise IllegalActionError(f"{suit!r} is not a suit: expected S, H, D or C",
                                     rule="suit", seat=seat) from None

    def name_joker(self, suit: Suit | str | None) -> JokerNamed:
        """The contractor names the joker's suit at no trumps or misère (``None``: no suit)."""
        named = self.check_joker_name(suit)
        seat = self.to_act
        assert seat is not None
        self.joker_suit = named
        if named is not None:
            self._set_context(trump_context(None, joker_suit=named))
        event = JokerNamed(seat, named)
        self.events.append(event)
        self._after_discards()
        return event

    # Playing ------------------------------------------------------------------------------

    def _start_play(self, leader: int) -> None:
        self.phase = Phase.PLAYING
        if self.auction:
            self._order = self._trick_order(leader, HAND)
        self._turn = 0
        self.leader = self.to_act = leader

    def _trick_order(self, leader: int, source: str) -> list[tuple[int, str]]:
        n = self.players
        if not self.ruleset.table_piles:
            seats = [(leader + i) % n for i in range(n)]
            return [(s, HAND) for s in seats if s in self.active]
        other = 1 - leader
        if self.ruleset.two_hand_form is TwoHandForm.SEED:
            ring = [(0, HAND), (1, HAND), (0, TABLE), (1, TABLE)]
            start = ring.index((leader, source))
            return ring[start:] + ring[:start]
        first, second = (TABLE, HAND) if source == TABLE else (HAND, TABLE)
        return [(leader, first), (other, first), (leader, second), (other, second)]

    def _source_mask(self, seat: int, source: str) -> int:
        return self.table_up[seat] if source == TABLE else self.hands[seat]

    def _no_trump_joker(self) -> int:
        """The bits of jokers that are suitless now (no trumps and not named)."""
        if self.context.trump is not None:
            return 0
        mask = 0
        for j in (JOKER_INDEX, JOKER_INDEX + 1):
            if self._suit_index[j] < 0:
                mask |= 1 << j
        return mask

    def _legal_mask(self, seat: int) -> int:
        if self._order is None:
            hand = self.hands[seat]
            if self._current_cards:
                led = self._suit_index[self._current_cards[0]]
                if led >= 0:
                    follow = hand & self._follow[led]
                    if follow:
                        return follow
            return hand
        return self._legal_mask_general(seat, self._order[self._turn][1])

    def _legal_mask_general(self, seat: int, source: str) -> int:
        cards = self._source_mask(seat, source)
        jokers = self._no_trump_joker() & cards
        rule = self.ruleset.joker_rule
        if not self._current_cards:
            if jokers and rule is JokerRule.PAGAT and self._suits_led == 0b1111 and (
                len(self.tricks) + 1 < self.hand_size
            ) and cards & ~jokers:
                return cards & ~jokers
            return cards
        led = self._led
        if led < 0:
            return cards
        follow = cards & self._follow[led]
        if follow:
            return follow
        if (jokers and rule is JokerRule.PAGAT and self.contract is not None
                and self.contract.loses_tricks):
            return jokers  # pagat: void in misère, the joker must be played
        if (jokers and rule is JokerRule.WIKIPEDIA and self._shown_void[seat] & (1 << led)
                and cards & ~jokers):
            return cards & ~jokers  # no reneging: not after showing a void in this suit
        return cards

    @property
    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to act may play now, in index order (empty outside play)."""
        if self.phase is not Phase.PLAYING:
            return ()
        if self._order is None:  # the common case, inlined for speed
            mask = self.hands[self.to_act]  # type: ignore[index]
            current = self._current_cards
            if current:
                led = self._suit_index[current[0]]
                if led >= 0:
                    mask = mask & self._follow[led] or mask
        else:
            mask = self._legal_mask(self.to_act)  # type: ignore[arg-type]
        out = []
        while mask:
            low = mask & -mask
            out.append(CARDS[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def legal_joker_leads(self) -> tuple[Suit, ...]:
        """The suits that may be named when leading a suitless joker now (empty: name none)."""
        if self.phase is not Phase.PLAYING or self._current_cards or not self.auction:
            return ()
        rule = self.ruleset.joker_rule
        if rule is JokerRule.WIKIPEDIA:
            return ()
        if rule is JokerRule.NEW_ZEALAND:
            return tuple(Suit)
        return tuple(s for s in Suit if not self._suits_led & (1 << s))

    def check_play(self, card: Card | str, joker_suit: Suit | str | None = None) -> None:
        """Raise :class:`IllegalPlayError` unless the seat to act may play ``card`` now.

        Where the ruleset allows revokes (Humbug with ``revokes_allowed``), a card that fails to
        follow suit is accepted; it is penalised when the deal is scored.  Leading a suitless
        joker (Five Hundred at no trumps) may need ``joker_suit``, the suit it calls for.
        """
        seat = self.to_act
        try:
            card = Card.parse(card)
        except CardCodeError as error:
            raise IllegalPlayError(str(error), rule="card-code", seat=seat) from None
        if self.phase is not Phase.PLAYING:
            raise IllegalPlayError(
                f"no card can be played now: the deal is in the {self.phase.value} phase",
                rule="phase", seat=seat,
            )
        assert seat is not None
        source = self.to_act_source
        bit = 1 << card.index
        if not self._source_mask(seat, source) & bit:
            where = "on their table face up" if source == TABLE else "in their hand"
            raise IllegalPlayError(f"seat {seat} may not play {card}: they do not hold it {where}",
                                   rule="not-held", seat=seat)
        self._check_joker_name(card, joker_suit)
        if self._legal_mask(seat) & bit or self.ruleset.revokes_allowed:
            return
        if self._order is not None and not self._current_cards:
            raise IllegalPlayError(
                f"seat {seat} may not lead the joker now: all four suits have been led, and"
                " the joker may then be led only to the last trick",
                rule="joker-lead", seat=seat,
            )
        led = self.led_suit
        assert led is not None
        follow = self._source_mask(seat, source) & self._follow[led]
        if not follow:
            raise IllegalPlayError(
                f"seat {seat} may not play {card}: void in {_SUIT_PLURALS[led]} in misère,"
                " they must play the joker",
                rule="joker-misere", seat=seat,
            )
        held = " ".join(c.code for c in cards_of(follow))
        raise IllegalPlayError(
            f"seat {seat} may not play {card}: they must follow {_SUIT_PLURALS[led]}"
            f" (they hold {held})",
            rule="follow-suit", seat=seat,
        )

    def _check_joker_name(self, card: Card, joker_suit: Suit | str | None) -> None:
        seat = self.to_act
        naming = (not self._current_cards and self._order is not None
                  and bool(self._no_trump_joker() & card.bit))
        if not naming:
            if joker_suit is not None:
                raise IllegalPlayError(f"a suit is named only when leading a suitless joker,"
                                       f" not with {card}", rule="joker-name", seat=seat)
            return
        allowed = self.legal_joker_leads()
        if joker_suit is None:
            if allowed:
                names = ", ".join(s.letter for s in allowed)
                raise IllegalPlayError(f"seat {seat} leads the joker and must name a suit: one"
                                       f" of {names}", rule="joker-name", seat=seat)
            return
        try:
            suit = Suit.parse(joker_suit) if isinstance(joker_suit, str) else Suit(joker_suit)
        except (CardCodeError, ValueError):
            raise IllegalPlayError(f"{joker_suit!r} is not a suit", rule="joker-name",
                                   seat=seat) from None
        if suit not in allowed:
            why = ("that suit has already been led" if allowed or
                   self.ruleset.joker_rule is JokerRule.PAGAT else "no suit is named here")
            raise IllegalPlayError(f"seat {seat} may not name {_SUIT_PLURALS[suit]} for the"
                                   f" joker: {why}", rule="joker-name", seat=seat)

    def can_play(self, card: Card | str, joker_suit: Suit | str | None = None) -> bool:
        """True when :meth:`check_play` would accept ``card``."""
        try:
            self.check_play(card, joker_suit)
        except IllegalPlayError:
            return False
        return True

    def play(self, card: Card | str, joker_suit: Suit | str | None = None) -> CardPlayed:
        """The seat to act plays ``card``.  Completing a trick also records a
        :class:`~trickcore.state.TrickWon`.

        ``joker_suit`` names the suit called for when leading a suitless joker (Five Hundred).
        """
        if self._order is not None:
            return self._play_general(card, joker_suit)
        if card.__class__ is not Card or joker_suit is not None:
            self.check_play(card, joker_suit)
            card = Card.parse(card)
        assert isinstance(card, Card)
        seat = self.to_act
        bit = 1 << card.index
        legal = 0
        if self.phase is Phase.PLAYING and seat is not None:
            hand = self.hands[seat]
            legal = hand
            current = self._current_cards
            if current:
                led = self._suit_index[current[0]]
                if led >= 0:
                    legal = hand & self._follow[led] or hand
        if not legal & bit:
            self.check_play(card)  # raises, or accepts a revoke the rules allow
        assert seat is not None
        revoke = not legal & bit
        self.hands[seat] ^= bit
        self._current_cards.append(card.index)
        event = CardPlayed(seat, card, revoke)
        self.events.append(event)
        if revoke:
            self.revokes.append(seat)
        if len(self._current_cards) == self.players:
            self._finish_trick()
        else:
            self.to_act = (seat + 1) % self.players
        return event

    def _play_general(self, card: Card | str, joker_suit: Suit | str | None) -> CardPlayed:
        self.check_play(card, joker_suit)
        card = Card.parse(card)
        seat = self.to_act
        assert seat is not None
        assert self._order is not None
        source = self._order[self._turn][1]
        named: Suit | None = None
        if joker_suit is not None:
            named = Suit.parse(joker_suit) if isinstance(joker_suit, str) else Suit(joker_suit)
        revoke = not self._legal_mask(seat) & card.bit
        if source == TABLE:
            self.table_up[seat] &= ~card.bit
        else:
            self.hands[seat] &= ~card.bit
        if not self._current_cards:
            s = self._suit_index[card.index]
            self._led = int(named) if named is not None else s
            self._lead_name = named
            if self._led >= 0:
                self._suits_led |= 1 << self._led
        elif self._led >= 0 and self._suit_index[card.index] != self._led:
            self._shown_void[seat] |= 1 << self._led
        self._current_cards.append(card.index)
        self._sources.append(source)
        self._by.append(seat)
        event = CardPlayed(seat, card, revoke, source, named)
        self.events.append(event)
        if revoke:
            self.revokes.append(seat)
        self._turn += 1
        if self._turn == len(self._order):
            self._finish_trick()
        else:
            self.to_act = self._order[self._turn][0]
        return event

    def _finish_trick(self) -> None:
        indices = self._current_cards
        if self._order is None:
            pos = self.context.winner_index(indices)
            winner = (self.leader + pos) % self.players
            cards = tuple(CARDS[i] for i in indices)
            trick = Trick(self.leader, cards, winner, self.context)
        else:
            pos = self.context.winner_index(indices, self._led if self._led >= 0 else None)
            winner = self._by[pos]
            cards = tuple(CARDS[i] for i in indices)
            trick = Trick(self.leader, cards, winner, self.context, tuple(self._by),
                          tuple(self._sources), self._lead_name)
        self.tricks.append(trick)
        self.tricks_won[winner] += 1
        self.events.append(TrickWon(trick))
        self._current_cards = []
        if self._order is not None:
            won_from = self._sources[pos]
            for seat, source, idx in zip(self._by, self._sources, indices, strict=True):
                if source == TABLE:
                    down = self._under[seat].pop(idx, None)
                    if down is not None:
                        self.table_up[seat] |= down.bit
            self._sources = []
            self._by = []
            self._lead_name = None
            self._led = -1
            self._order = self._trick_order(winner, won_from)
            self._turn = 0
            if (self.contract is not None and self.contract.kind in OPEN_KINDS
                    and self.contractor is not None and self.contractor not in self.exposed):
                self.exposed.append(self.contractor)
            if self._misere_lost(winner):
                self._score()
                return
        self.leader = self.to_act = winner
        if len(self.tricks) == self.deal.hand_size:
            self._score()

    def _misere_lost(self, winner: int) -> bool:
        contract = self.contract
        return (contract is not None and contract.loses_tricks
                and self.ruleset.misere_ends_at_first_trick
                and winner in self._side_of(self.contractor)  # type: ignore[arg-type]
                and (winner == self.contractor or contract.kind is CallKind.DOUBLE_NULLO))

    def _score(self) -> None:
        if self.auction:
            points, made = five_hundred_points(self)
            self.made = made
        else:
            points = deal_points(
                self.ruleset,
                bids=self.bids,
                tricks=self.tricks_won,
                hand_size=self.deal.hand_size,
                revokes=self.revokes,
            )
        self.points = tuple(points)
        self.phase = Phase.DONE
        self.to_act = None
        self.events.append(HandScored(tuple(self.tricks_won), self.points))

    def bid_made(self, seat: int) -> bool | None:
        """Whether ``seat`` made its bid: exactly (Oh Hell), or its side's contract (Five
        Hundred); ``None`` until the deal is over, or where nothing was bid."""
        if not self.is_over:
            return None
        if self.auction:
            return self.made if seat in self.contract_side else None
        bid = self.bids[seat]
        return None if bid is None else bid == self.tricks_won[seat]

    @property
    def contract_side(self) -> tuple[int, ...]:
        """The contractor's side (with a called partner, both); empty without a contract."""
        if self.contractor is None:
            return ()
        return self._side_of(self.contractor)

    # Generic actions ------------------------------------------------------------------------

    @property
    def legal_actions(self) -> tuple[Any, ...]:
        """The legal choices of the seat to act in this phase.

        Bids while bidding, cards while playing, partner cards (or ``None``) while calling, suits
        (or ``None``) while naming the joker.  Discards are chosen as a set: see
        :attr:`discard_count`; this gives the cards that may be discarded.
        """
        phase = self.phase
        if phase is Phase.BIDDING:
            return self.legal_bids
        if phase is Phase.PLAYING:
            return self.legal_plays
        if phase is Phase.CALL:
            return self.legal_partner_calls
        if phase is Phase.JOKER:
            return self.legal_joker_names
        if phase is Phase.DISCARD:
            assert self.to_act is not None
            return tuple(cards_of(self.hands[self.to_act]))
        return ()

    def joker_names(self, card: Card) -> tuple[Suit, ...]:
        """The suits that may be named if ``card`` is led now (empty: it names no suit)."""
        if (self.phase is Phase.PLAYING and not self._current_cards and self._order is not None
                and self._no_trump_joker() & card.bit):
            return self.legal_joker_leads()
        return ()

    def check(self, action: Any) -> None:
        """Raise the specific error :meth:`apply` would raise for ``action``; change nothing."""
        phase = self.phase
        if phase is Phase.BIDDING:
            if isinstance(action, Card) or (isinstance(action, str) and not self.auction):
                raise IllegalBidError(f"seat {self.to_act} must bid now, not play {action}",
                                      rule="phase", seat=self.to_act)
            self.check_bid(action)
        elif phase is Phase.DISCARD:
            self.check_discard([action] if isinstance(action, Card) else action)
        elif phase is Phase.CALL:
            self.check_partner_call(action)
        elif phase is Phase.JOKER:
            self.check_joker_name(action)
        elif isinstance(action, tuple) and len(action) == 2:
            self.check_play(action[0], action[1])
        elif isinstance(action, int | Call) and not isinstance(action, Card):
            raise IllegalPlayError(f"no bid can be made now: the deal is in the {phase.value}"
                                   " phase", rule="phase", seat=self.to_act)
        else:
            self.check_play(action)

    def apply(self, action: Any) -> Event:
        """Take the action the phase needs: a bid or call, a card (or ``(card, suit)`` to lead a
        suitless joker naming a suit), a list of discards, a partner card, a joker suit."""
        phase = self.phase
        if phase is Phase.BIDDING:
            if isinstance(action, Card) or (isinstance(action, str) and not self.auction):
                raise IllegalBidError(
                    f"seat {self.to_act} must bid now, not play {action}", rule="phase",
                    seat=self.to_act,
                )
            return self.bid(action)
        if phase is Phase.DISCARD:
            return self.discard([action] if isinstance(action, Card) else action)
        if phase is Phase.CALL:
            return self.call_partner(action)
        if phase is Phase.JOKER:
            return self.name_joker(action)
        if isinstance(action, tuple) and len(action) == 2:
            return self.play(action[0], action[1])
        if isinstance(action, int | Call) and not isinstance(action, Card):
            raise IllegalPlayError(
                f"no bid can be made now: the deal is in the {phase.value} phase",
                rule="phase", seat=self.to_act,
            )
        return self.play(action)

    # Display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        trump = self.trump.letter if self.trump is not None else "NT"
        return (
            f"<HandState {self.ruleset.key} {self.players}p h={self.hand_size} trump={trump}"
            f" {self.phase.value} to_act={self.to_act}>"
        )

    def _repr_html_(self) -> str | None:
        return html_of(self)

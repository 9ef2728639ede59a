"""One deal as a state machine: bid, play, score.

A :class:`HandState` starts from a :class:`~trickcore.engine.dealing.Deal` and moves through explicit
phases (:data:`PHASES` says which phase may follow which, and what action each one takes).
Every action has a check (``check_bid``/``check_play``, which raise a specific error naming the
rule and the seat), a test (``can_bid``/``can_play``) and an apply (``bid``/``play``, which
return the event they caused).  A failed action changes nothing.  ``legal_bids`` and
``legal_plays`` are computed from the current state each time they are read.

The state holds the cards, the phase, the seat to act and the events, and hands each action to a
part that the ruleset calls for: the bidding (:class:`~trickcore.engine.bidding.ExactBidding`,
or the :class:`~trickcore.engine.auction.Auction`; Humbug has none), the exchange after the
auction (:class:`~trickcore.engine.kitty.Exchange`), the trick play
(:class:`~trickcore.engine.play.TrickPlay`, or
:class:`~trickcore.engine.contract_play.ContractPlay` to a contract) and the scorer
(:mod:`trickcore.engine.scoring`).  What it shows is read through
:class:`~trickcore.engine.view.DealView`.

>>> from trickcore.cards import Card
>>> from trickcore.engine.dealing import deal_from_hands
>>> from trickcore.rules.registry import get_variant
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

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from trickcore.arguments import typed
from trickcore.cards import JOKER_INDEX, Card, Suit, TrumpContext
from trickcore.engine.assembly import finish_deal, start_deal
from trickcore.engine.bidding import bid_of, legal_bids_of
from trickcore.engine.calls import Call
from trickcore.engine.contract_play import ContractPlay
from trickcore.engine.dealing import Deal
from trickcore.engine.events import (
    BIDDING,
    HAND,
    TABLE,
    Announced,
    BidMade,
    CardPlayed,
    ContractSet,
    DiscardChosen,
    Discarded,
    Event,
    HandScored,
    JokerNamed,
    PartnerCalled,
    Phase,
    Trick,
    TrickWon,
    phase_name,
    wrong_phase,
)
from trickcore.engine.kitty import Exchange
from trickcore.engine.play import legal_plays_of, play_of
from trickcore.engine.view import DealView
from trickcore.errors import IllegalActionError, IllegalBidError, IllegalPlayError
from trickcore.i18n import N_, _
from trickcore.rules import Ruleset

_compiled: type[_native.method] | None
try:  # the compiled build: calls of bid and play run compiled code (see engine/_native.c)
    import trickcore.engine._native_c as _native
    _compiled = _native.method
except ImportError:  # the pure build: the methods as written
    _compiled = None

#: Builds a named tuple from a tuple of all its fields, without the Python-level ``__new__``.
_new_tuple: Any = tuple.__new__

__all__ = [
    "HAND",
    "PHASES",
    "TABLE",
    "Announced",
    "BidMade",
    "CardPlayed",
    "ContractSet",
    "DealView",
    "DiscardChosen",
    "Discarded",
    "Event",
    "HandScored",
    "HandState",
    "JokerNamed",
    "PartnerCalled",
    "Phase",
    "PhaseRule",
    "Trick",
    "TrickWon",
]


class HandState(DealView):
    """The state of one deal.  Create it from a ruleset and a deal; then bid and play.

    Attributes worth reading: ``phase``, ``to_act`` (the seat whose turn it is, ``None`` when
    done), ``bids`` (per seat, ``None`` until made; Oh Hell), ``calls`` (the auction so far;
    Five Hundred), ``contract`` and ``contractor``, ``hands`` (bitmasks of cards still held),
    ``table_up`` (two-hand face-up table cards), ``current`` (the trick being played),
    ``tricks`` (completed), ``tricks_won``, ``points`` (after the deal), ``events``,
    ``announcement``.

    >>> from trickcore.notation.codes import state_from_code
    >>> state = state_from_code("oh-hell-4-2718")   # the same as HandState(rules, deal)
    >>> state.phase.value, state.to_act, state.legal_bids[:3]
    ('bidding', 1, (0, 1, 2))
    >>> state.apply(2)
    BidMade(seat=1, bid=2)
    >>> state.bids, state.to_act
    ([None, 2, None, None], 2)
    """

    __slots__ = ()

    @typed
    def __init__(self, ruleset: Ruleset, deal: Deal) -> None:
        start_deal(self, ruleset, deal)  # the slots, and the parts the ruleset calls for

    def __copy__(self) -> HandState:  # copy.copy and copy.deepcopy: independent, as copy()
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        return self.copy()

    def copy(self) -> HandState:
        """An independent copy (for undo, search and what-if questions)."""
        new = HandState.__new__(HandState)
        new.ruleset = self.ruleset
        new.deal = self.deal
        new.players = self.players
        new._hands = list(self._hands)
        new._log, new._events = list(self._log), list(self._events)
        new.points = self.points
        new.made = self.made
        new.to_act = self.to_act
        new.phase = self.phase
        new.auction = self.auction
        new._scorer = self._scorer
        auction = self._auction
        new._auction = None if auction is None else auction.copy_for(new)
        bidding = self._bidding
        new._bidding = (new._auction if bidding is auction
                        else None if bidding is None else bidding.copy_for(new))
        new._exchange = None if self._exchange is None else self._exchange.copy_for(new)
        new._play = self._play.copy_for(new)
        return new

    # Phases: the parts move the deal on, as PHASES allows ------------------------------------

    def _enter(self, phase: Phase) -> None:
        if phase not in PHASES[self.phase].follows:
            raise AssertionError(f"the {self.phase.value} phase cannot lead to {phase.value}")
        self.phase = phase

    def _start_play(self, leader: int) -> None:
        self._enter(Phase.PLAYING)
        self._play.start(leader)

    def _set_context(self, context: TrumpContext) -> None:
        self._play.set_context(context)

    def _finish(self) -> None:
        scored = finish_deal(self)  # points and made set
        self._enter(Phase.DONE)
        self.to_act = None
        self._log.append(scored)

    def _wrong_phase(self, error: type[IllegalActionError], what: str) -> IllegalActionError:
        return wrong_phase(error, what, self.phase, self.to_act)

    # Bidding --------------------------------------------------------------------------------

    if TYPE_CHECKING:
        @property
        def legal_bids(self) -> tuple[Any, ...]: ...
    else:  # a property over a plain function: one call less on the hot path
        legal_bids = property(legal_bids_of, doc="""The bids the seat to act may make now (empty
        outside the bidding).

        Oh Hell: whole numbers of tricks.  Five Hundred: :class:`~trickcore.engine.calls.Call`
        values, pass first, then the calls in ladder order.
        """)

    def check_bid(self, bid: int | Call | str) -> None:
        """Raise :class:`IllegalBidError` unless the seat to act may make ``bid`` now."""
        bidding = self._bidding
        if bidding is None or self.phase is not BIDDING:
            raise self._wrong_phase(IllegalBidError, N_("no bid can be made now"))
        bidding.check(bid)

    def can_bid(self, bid: int | Call | str) -> bool:
        """True when :meth:`check_bid` would accept ``bid``."""
        try:
            self.check_bid(bid)
        except IllegalBidError:
            return False
        return True

    def bid(self, bid: int | Call | str) -> BidMade:
        """The seat to act bids (a number of tricks; in Five Hundred a call such as ``"7H"``)."""
        return bid_of(self, bid)

    if _compiled is not None and not TYPE_CHECKING:
        bid = _compiled(bid, bid_of)

    # After the auction: discards, partner call, joker ---------------------------------------

    def _exchange_in(self, phase: Phase, what: str) -> Exchange:
        exchange = self._exchange
        if exchange is None or self.phase is not phase:
            raise self._wrong_phase(IllegalActionError, what)
        return exchange

    @property
    def discard_count(self) -> int:
        """How many cards the seat to act must discard now (0 outside the discard phase)."""
        exchange = self._exchange
        return exchange.remaining if exchange is not None and self.phase is Phase.DISCARD else 0

    def check_discard(self, cards: Iterable[Card | str]) -> list[Card]:
        """Raise :class:`IllegalActionError` unless the seat to act may discard ``cards``."""
        return self._exchange_in(Phase.DISCARD, N_("no discard now")).check_discard(cards)

    def discard(self, cards: Iterable[Card | str]) -> Discarded:
        """The seat to act discards cards (as many as the kitty held, with any chosen one at
        a time before: see :meth:`choose_discard`)."""
        return self._exchange_in(Phase.DISCARD, N_("no discard now")).discard(cards)

    def check_discard_choice(self, card: Card | str) -> Card:
        """Raise :class:`IllegalActionError` unless ``card`` may be chosen to discard now."""
        return self._exchange_in(Phase.DISCARD, N_("no discard now")).check_choice(card)

    def choose_discard(self, card: Card | str) -> DiscardChosen | Discarded:
        """Discard step by step: choose one card; the last one chosen discards them all."""
        return self._exchange_in(Phase.DISCARD, N_("no discard now")).choose(card)

    @property
    def legal_partner_calls(self) -> tuple[Card | None, ...]:
        """Five-hand: the cards the contractor may name (``None`` first: play alone)."""
        exchange = self._exchange
        if exchange is None or self.phase is not Phase.CALL:
            return ()
        return exchange.legal_partner_calls()

    def check_partner_call(self, card: Card | str | None) -> Card | None:
        """Raise :class:`IllegalActionError` unless the contractor may name ``card`` now."""
        exchange = self._exchange_in(Phase.CALL, N_("no partner can be called now"))
        return exchange.check_partner_call(card)

    def call_partner(self, card: Card | str | None) -> PartnerCalled:
        """Five-hand: the contractor names a card; its holder is the partner (``None``: alone)."""
        return self._exchange_in(Phase.CALL, N_("no partner can be called now")).call_partner(card)

    @property
    def legal_joker_names(self) -> tuple[Suit | None, ...]:
        """While naming the joker: ``None`` (no suit) and the four suits."""
        if self.phase is not Phase.JOKER:
            return ()
        return (None, *Suit)

    def check_joker_name(self, suit: Suit | str | None) -> Suit | None:
        """Raise :class:`IllegalActionError` unless the joker may be named ``suit`` now."""
        exchange = self._exchange_in(Phase.JOKER, N_("the joker cannot be named now"))
        return exchange.check_joker_name(suit)

    def name_joker(self, suit: Suit | str | None) -> JokerNamed:
        """The contractor names the joker's suit at no trumps or misère (``None``: no suit)."""
        return self._exchange_in(Phase.JOKER, N_("the joker cannot be named now")).name_joker(suit)

    # Playing ------------------------------------------------------------------------------

    if TYPE_CHECKING:
        @property
        def legal_plays(self) -> tuple[Card, ...]: ...
    else:  # a property over a plain function: one call less on the hot path
        legal_plays = property(legal_plays_of, doc="""The cards the seat to act may play now, in
        index order (empty outside play).""")

    def legal_joker_leads(self) -> tuple[Suit, ...]:
        """The suits that may be named when leading a suitless joker now (empty: name none)."""
        return self._play.legal_joker_leads()

    def joker_names(self, card: Card) -> tuple[Suit, ...]:
        """The suits that may be named if ``card`` is led now (empty: it names no suit)."""
        return self._play.joker_names(card)

    def check_play(self, card: Card | str, joker_suit: Suit | str | None = None) -> None:
        """Raise :class:`IllegalPlayError` unless the seat to act may play ``card`` now.

        Where the ruleset allows revokes (Humbug with ``revokes_allowed``), a card that fails to
        follow suit is accepted; it is penalised when the deal is scored.  Leading a suitless
        joker (Five Hundred at no trumps) may need ``joker_suit``, the suit it calls for.
        """
        self._play.check_play(card, joker_suit)

    def can_play(self, card: Card | str, joker_suit: Suit | str | None = None) -> bool:
        """True when :meth:`check_play` would accept ``card``."""
        try:
            self._play.check_play(card, joker_suit)
        except IllegalPlayError:
            return False
        return True

    def play(self, card: Card | str, joker_suit: Suit | str | None = None) -> CardPlayed:
        """The seat to act plays ``card``.  Completing a trick also records a
        :class:`~trickcore.engine.events.TrickWon`.

        ``joker_suit`` names the suit called for when leading a suitless joker (Five Hundred).
        """
        return self._play.play(card, joker_suit)

    if _compiled is not None and not TYPE_CHECKING:
        play = _compiled(play, play_of)

    def set_hand(self, seat: int, mask: int) -> None:
        """Give ``seat`` the cards ``mask`` (a guess at hidden cards, as a bot's sampled world
        makes one on a copy of the state; never on a deal being played)."""
        self._hands[seat] = mask

    def set_face_down(self, seat: int, up: Card, down: Card) -> None:
        """Two-hand Five Hundred: put ``down`` under ``seat``'s face-up ``up`` (a guess at the
        hidden cards, as a bot's sampled world makes one)."""
        play = self._play
        if not isinstance(play, ContractPlay):
            raise ValueError(_("only two-hand Five Hundred has face-down table cards"))
        play.set_face_down(seat, up, down)

    # Generic actions ------------------------------------------------------------------------

    @property
    def legal_actions(self) -> tuple[Any, ...]:
        """The legal choices of the seat to act in this phase, each one :meth:`apply` accepts
        as it is.

        Bids while bidding; cards while playing (a suitless joker led as ``(card, suit)``, one
        pair for each suit it may call for); partner cards (or ``None``) while calling; suits
        (or ``None``) while naming the joker; while discarding, the cards that may be chosen
        one at a time (``apply(card)``; :attr:`discard_count` more are needed, and a list of
        that many discards them at once).
        """
        return PHASES[self.phase].legal(self)

    def check(self, action: Any) -> None:
        """Raise the specific error :meth:`apply` would raise for ``action``; change nothing."""
        PHASES[self.phase].check(self, action)

    def apply(self, action: Any) -> Event:
        """Take the action the phase needs: a bid or call, a card (or ``(card, suit)`` to lead a
        suitless joker naming a suit), a list of discards or one card chosen to discard, a
        partner card, a joker suit."""
        return PHASES[self.phase].apply(self, action)


# The phase table: what each phase takes, and which phases may follow it ------------------------


class PhaseRule(NamedTuple):
    """One phase of a deal: the action it takes, the phases that may follow, and how the
    generic ``legal_actions``, ``check`` and ``apply`` of :class:`HandState` handle it."""

    takes: str
    follows: frozenset[Phase]
    legal: Callable[[HandState], tuple[Any, ...]]
    check: Callable[[HandState, Any], object]
    apply: Callable[[HandState, Any], Event]


def _not_a_card(state: HandState, action: Any) -> None:
    if isinstance(action, Card) or (isinstance(action, str) and not state.auction):
        raise IllegalBidError(_("seat {seat} must bid now, not play {action}").format(
            seat=state.to_act, action=action), rule="phase", seat=state.to_act)


def _check_bid(state: HandState, action: Any) -> None:
    _not_a_card(state, action)
    state.check_bid(action)


def _apply_bid(state: HandState, action: Any) -> Event:
    _not_a_card(state, action)
    return state.bid(action)


def _one_card(action: Any) -> bool:
    """True for one card (chosen to discard step by step) rather than a list of them."""
    return isinstance(action, Card) or (
        isinstance(action, str) and len(action.replace(",", " ").split()) == 1)


def _check_discard(state: HandState, action: Any) -> object:
    if _one_card(action):
        return state.check_discard_choice(action)
    return state.check_discard(action)


def _apply_discard(state: HandState, action: Any) -> Event:
    if _one_card(action):
        return state.choose_discard(action)
    return state.discard(action)


def _card_and_suit(state: HandState, action: Any) -> tuple[Any, Any]:
    """A card, or a ``(card, suit)`` pair; a bid here is refused as out of phase."""
    if isinstance(action, tuple) and len(action) == 2:
        return action[0], action[1]
    if isinstance(action, int | Call) and not isinstance(action, Card):
        raise IllegalPlayError(_("no bid can be made now: the deal is in the {value} phase").format(
                                   value=phase_name(state.phase)), rule="phase", seat=state.to_act)
    return action, None


def _check_play(state: HandState, action: Any) -> None:
    state.check_play(*_card_and_suit(state, action))


def _apply_play(state: HandState, action: Any) -> Event:
    return state.play(*_card_and_suit(state, action))


def _discardable(state: HandState) -> tuple[Card, ...]:
    exchange = state._exchange
    assert exchange is not None
    return exchange.choices()


def _playable(state: HandState) -> tuple[Any, ...]:
    """The cards that may be played, a suitless joker led as one ``(card, suit)`` per suit."""
    plays = state.legal_plays
    if not plays or plays[-1].index < JOKER_INDEX:  # jokers (and second copies) are last
        return plays
    out: list[Any] = []
    for card in plays:
        names = state.joker_names(card) if card.is_joker else ()
        if names:
            out += [(card, suit) for suit in names]
        else:
            out.append(card)
    return tuple(out)


#: Which phase follows which, and what each one takes.  Bidding ends in play (exact bids, or
#: an auction everyone passed and plays at no trumps), in the exchange (a contract), or at once
#: (thrown in); the exchange may pass through the partner call and the joker's suit; the double
#: nullo partner's discard stays in the discard phase.
PHASES: dict[Phase, PhaseRule] = {
    Phase.BIDDING: PhaseRule(
        "a bid or call", frozenset({Phase.PLAYING, Phase.DISCARD, Phase.DONE}),
        lambda state: state.legal_bids, _check_bid, _apply_bid,
    ),
    Phase.DISCARD: PhaseRule(
        "cards to discard", frozenset({Phase.CALL, Phase.JOKER, Phase.PLAYING}),
        _discardable, _check_discard, _apply_discard,
    ),
    Phase.CALL: PhaseRule(
        "a card to call a partner", frozenset({Phase.JOKER, Phase.PLAYING}),
        lambda state: state.legal_partner_calls,
        lambda state, action: state.check_partner_call(action),
        lambda state, action: state.call_partner(action),
    ),
    Phase.JOKER: PhaseRule(
        "the joker's suit", frozenset({Phase.PLAYING}),
        lambda state: state.legal_joker_names,
        lambda state, action: state.check_joker_name(action),
        lambda state, action: state.name_joker(action),
    ),
    Phase.PLAYING: PhaseRule(
        "a card", frozenset({Phase.DONE}), _playable, _check_play, _apply_play,
    ),
    Phase.DONE: PhaseRule(
        "nothing", frozenset(),
        lambda state: (), _check_play, _apply_play,
    ),
}

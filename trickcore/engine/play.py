"""Trick play: the trick in progress, who must follow what, and who wins.

The part of a :class:`~trickcore.engine.state.HandState` that plays the cards.  :class:`TrickPlay` is
plain whist play (the Oh Hell family, Humbug): every seat plays in turn from its hand, clockwise
from the leader; a seat must follow the suit led if it can (Humbug may allow a revoke, penalised
when the deal is scored); the highest trump, else the highest card of the suit led, wins, and the
winner leads next.  Five Hundred plays to a contract, with more to it
(:class:`~trickcore.engine.contract_play.ContractPlay`).

>>> from trickcore.cards import Card
>>> from trickcore.engine.dealing import deal_from_hands
>>> from trickcore.engine.state import HandState
>>> from trickcore.rules.registry import get_variant
>>> rules = get_variant("oh-hell")
>>> state = HandState(rules, deal_from_hands(rules, ["AS 2D", "KS 3D", "QS 4D"], dealer=2,
...                                          turn_up="2H"))
>>> for bid in (1, 0, 0):
...     _ = state.bid(bid)
>>> _ = state.play("AS")
>>> state.led_suit, [c.code for c in state.legal_plays]
(<Suit.SPADES: 0>, ['KS'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from trickcore.cards import (
    CARDS,
    COPY_OFFSET,
    Card,
    Suit,
    TrumpContext,
    cards_of,
    held_copy,
    one_of_each,
    suit_name,
)
from trickcore.cards.winner import winner_position
from trickcore.engine.core import StateCore, mypyc_attr
from trickcore.engine.events import (
    HAND,
    PLAYING,
    TABLE,
    CardPlayed,
    Event,
    Trick,
    TrickWon,
    phase_name,
)
from trickcore.errors import CardCodeError, IllegalPlayError
from trickcore.i18n import _

if TYPE_CHECKING:
    from trickcore.engine.state import HandState

__all__ = ["TrickPlay", "legal_plays_of", "play_of"]

#: Builds a named tuple from a tuple of all its fields, without the Python-level ``__new__``
#: (the events of the hot path: every field given, in order).
_new_tuple: Any = tuple.__new__

#: The plain card-played events met so far (seat, card of one pack, no revoke, from the hand),
#: at ``seat << 7 | card index`` for the first 16 seats: events are immutable, so one of each
#: serves every deal (at most one per seat and card, a few hundred in all).
_PLAYED: Final[list[CardPlayed | None]] = [None] * (16 << 7)

# The names the hot path reads, as final names: compiled, they are C statics rather than
# look-ups in the module's namespace.
_CARDS: Final = CARDS
_CARD: Final = Card
_PLAY: Final = PLAYING
_HAND: Final = HAND
_CARD_PLAYED: Final = CardPlayed
_COPY_OFFSET: Final = COPY_OFFSET


def _native_cards_of() -> Callable[[int, tuple[Card, ...]], tuple[Card, ...] | None] | None:
    try:  # the compiled build: a card set's cards listed in C (engine/_native.c)
        # compiled, mypyc binds an imported name as a module global: hence one used nowhere else
        import trickcore.engine._native_c as engine_c
    except ImportError:  # the pure build
        return None
    return engine_c.cards_of


_cards_of: Final = _native_cards_of()


def legal_plays_of(state: StateCore) -> tuple[Card, ...]:
    """The cards the seat to act may play now, in index order (empty outside play): what
    ``HandState.legal_plays`` reads (plain trick play inline, the fast path of every deal)."""
    if state.phase is not _PLAY:
        return ()
    play = state._play
    if type(play) is not TrickPlay:
        return play.legal_plays()
    # _follow_suit, inline: one call less on every card of every deal
    seat = state.to_act
    assert seat is not None
    mask = play._hands[seat]
    cards = play.cards
    if cards:
        led = play.suit_index[cards[0]]
        if led >= 0:
            mask = mask & play.follow[led] or mask
    if _cards_of is not None:  # the compiled build: in C, for masks of 64 bits
        found = _cards_of(mask, _CARDS)
        if found is not None:
            return found
    out = []
    all_cards = _CARDS
    if mask >> 62:  # a card of index 62 or more: compiled, a boxed integer
        if mask >> _COPY_OFFSET:  # two packs: one of two identical cards
            mask = one_of_each(mask)
        # The cards in two parts, each a small (unboxed) integer for one pack: index 31 and up
        # (from the high part), after those below 31.
        high = mask >> 31
        mask &= 0x7FFFFFFF
        while mask:
            low = mask & -mask
            out.append(all_cards[low.bit_length() - 1])
            mask ^= low
        while high:
            low = high & -high
            out.append(all_cards[low.bit_length() + 30])
            high ^= low
        return tuple(out)
    while mask:
        low = mask & -mask
        out.append(all_cards[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def play_of(state: StateCore, card: Card | str, joker_suit: Suit | str | None = None
            ) -> CardPlayed:
    """The seat to act plays ``card``: what ``HandState.play`` does, compiled (the compiled
    build calls it for ``state.play``: see ``engine/_native.c``)."""
    return state._play.play(card, joker_suit)


def _follow_suit(state: HandState, play: TrickPlay) -> tuple[Card, ...]:
    """The cards of the seat to act that follow the suit led (any card if it cannot): trick
    play's one legal-card rule, for :func:`legal_plays_of` and :meth:`TrickPlay.legal_plays`."""
    mask = state._hands[state.to_act]  # type: ignore[index]
    cards = play.cards
    if cards:
        led = play.suit_index[cards[0]]
        if led >= 0:
            mask = mask & play.follow[led] or mask
    if mask >> COPY_OFFSET:  # two packs: one of two identical cards
        mask = one_of_each(mask)
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


@mypyc_attr(serializable=True)  # compiled, a state still pickles, as in the pure build
class TrickPlay:
    """The tricks of one deal, played clockwise by every seat from its hand.

    ``leader`` leads the trick in progress, whose card indices are ``cards``; ``tricks`` are the
    completed tricks, ``tricks_won`` the count per seat and ``revokes`` the seats that failed to
    follow where the rules allowed it.  ``context`` is the trump ranking (``suit_index`` and
    ``follow``, its suit of each card and its suit masks, are kept at hand for speed).

    A completed trick is kept as one integer, 8 bits a field: the leader, the winner, then the
    card indices in the order played (no object for the garbage collector to follow); it
    becomes a :class:`~trickcore.engine.events.Trick` only when ``tricks`` is read (``_done``
    holds both kinds; its first ``_built`` entries are tricks already), and its
    :class:`~trickcore.engine.events.TrickWon` event is built when the state's events are read.
    ``cards`` is the same list from trick to trick.
    """

    __slots__ = ("_built", "_core", "_done", "_hand_size", "_hands", "_log", "_players",
                 "_power", "_trump", "cards", "context", "follow", "leader", "revokes", "state",
                 "suit_index", "tricks_won")

    def __init__(self, state: HandState, context: TrumpContext) -> None:
        self.state = state
        # The same state, as its compiled storage: the hot path reads and writes its phase and
        # seat to act there (compiled, a field of a C structure, not a Python attribute).
        self._core: StateCore = state
        core: StateCore = state
        # The state's own hands and log lists (never rebound), its player count and hand size,
        # kept here too for the hot path.
        self._hands: list[int] = core._hands
        self._log: list[Event | int] = core._log
        players = core.players
        self._players: int = players
        deal = core.deal
        self._hand_size: int = deal.hand_size
        self.leader = (deal.dealer + 1) % players  # eldest
        self.cards: list[int] = []
        self._done: list[Trick | int] = []
        self._built = 0
        self.tricks_won: list[int] = [0] * players
        self.revokes: list[int] = []
        self.set_context(context)

    def copy_for(self, state: HandState) -> TrickPlay:
        """This part as it stands, for a copy of its deal."""
        new = TrickPlay(state, self.context)  # not __new__ (compiled, it runs __init__)
        self._copy_into(new, state)
        return new

    def _copy_into(self, new: TrickPlay, state: HandState) -> None:
        new.state = state
        new._core = state
        new._hands = state._hands
        new._log = state._log
        new._players = state.players
        new._hand_size = self._hand_size
        new.leader = self.leader
        new.cards = list(self.cards)
        new._done = list(self._done)
        new._built = self._built
        new.tricks_won = list(self.tricks_won)
        new.revokes = list(self.revokes)
        new.context = self.context
        new.suit_index = self.suit_index
        new.follow = self.follow
        new._power = self._power
        new._trump = self._trump

    def set_context(self, context: TrumpContext) -> None:
        """Play under another trump ranking from now on (the contract's, or a named joker's)."""
        if self._done:
            self._build_tricks()  # the tricks already won keep the ranking they were won under
        self.context = context
        self.suit_index = context.suit_index
        self.follow = context.suit_masks
        self._power: tuple[int, ...] = context.power
        self._trump: int = context.trump_index

    def start(self, leader: int) -> None:
        """The first trick: ``leader`` leads."""
        self.leader = self._core.to_act = leader

    # Reading ------------------------------------------------------------------------------------

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order (the same list each time)."""
        if self._built < len(self._done):
            self._build_tricks()
        return cast("list[Trick]", self._done)

    def _build_tricks(self) -> None:
        done = self._done
        context = self.context
        for k in range(self._built, len(done)):
            entry = done[k]
            if not isinstance(entry, Trick):  # packed by finish_trick
                cards = tuple([CARDS[entry >> shift & 255]
                               for shift in range(16, 16 + 8 * self._players, 8)])
                done[k] = Trick(entry & 255, cards, entry >> 8 & 255, context)
        self._built = len(done)

    def trick_won(self, number: int) -> TrickWon:
        """The event of the ``number``-th completed trick (0-based)."""
        return TrickWon(self.tricks[number])

    def current(self) -> Trick:
        """The trick in progress (possibly empty)."""
        return Trick(self.leader, tuple([CARDS[i] for i in self.cards]))

    def led(self) -> int:
        """The suit index led to the trick in progress (-1: none, or a suitless card)."""
        return self.suit_index[self.cards[0]] if self.cards else -1

    def source(self) -> str:
        """Where the seat to act plays from."""
        return HAND

    def held(self, seat: int, source: str) -> int:
        """The cards ``seat`` may play from ``source``."""
        return self.state._hands[seat]

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play to the trick in progress, as a mask."""
        hand = self.state._hands[seat]
        if self.cards:
            led = self.suit_index[self.cards[0]]
            if led >= 0:
                follow = hand & self.follow[led]
                if follow:
                    return follow
        return hand

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to act may play, in index order (the phase is the state's)."""
        return _follow_suit(self.state, self)

    def legal_joker_leads(self) -> tuple[Suit, ...]:
        """The suits that may be named when leading a suitless joker now (none here)."""
        return ()

    def joker_names(self, card: Card) -> tuple[Suit, ...]:
        """The suits that may be named if ``card`` is led now (none here)."""
        return ()

    # Checking -----------------------------------------------------------------------------------

    def check_play(self, card: Card | str, joker_suit: Suit | str | None = None) -> Card:
        """Raise :class:`~trickcore.errors.IllegalPlayError` unless the seat to act may play
        ``card`` now (a revoke the ruleset allows is accepted); return the card played, the
        copy the seat holds where two packs give it two identical cards."""
        state = self.state
        seat = state.to_act
        try:
            card = Card.parse(card)
        except CardCodeError as error:
            raise IllegalPlayError(str(error), rule="card-code", seat=seat) from None
        if state.phase is not PLAYING:
            raise IllegalPlayError(
                _("no card can be played now: the deal is in the {value} phase").format(
                    value=phase_name(state.phase)),
                rule="phase", seat=seat,
            )
        assert seat is not None
        source = self.source()
        held = self.held(seat, source)
        card = held_copy(card, held)
        bit = 1 << card.index
        if not held & bit:
            why = (_("seat {seat} may not play {card}: they do not hold it on their table face up")
                   if source == TABLE else
                   _("seat {seat} may not play {card}: they do not hold it in their hand"))
            raise IllegalPlayError(why.format(seat=seat, card=card), rule="not-held", seat=seat)
        self.check_joker_name(card, joker_suit)
        if self.legal_mask(seat) & bit or state.ruleset.revokes_allowed:
            return card
        self.refuse(seat, card, held)
        raise AssertionError("refuse raises")  # pragma: no cover

    def check_joker_name(self, card: Card, joker_suit: Suit | str | None) -> None:
        """Raise unless ``joker_suit`` may go with ``card`` (here: only ``None``)."""
        if joker_suit is not None:
            raise IllegalPlayError(_("a suit is named only when leading a suitless joker, not "
                                     "with {card}").format(
                                       card=card), rule="joker-name", seat=self.state.to_act)

    def refuse(self, seat: int, card: Card, held: int) -> None:
        """Raise the error for a held card that may not be played: it does not follow suit."""
        led = Suit(self.led())
        follow = held & self.follow[led]
        codes = " ".join(c.code for c in cards_of(follow))
        raise IllegalPlayError(
            _("seat {seat} may not play {card}: they must follow {suit} (they hold {codes})").format(
                seat=seat, card=card, suit=suit_name(led), codes=codes),
            rule="follow-suit", seat=seat,
        )

    # Playing ------------------------------------------------------------------------------------

    def play(self, card: Card | str, joker_suit: Suit | str | None = None) -> CardPlayed:
        """The seat to act plays ``card``; the last card of a trick completes it."""
        state = self._core
        seat = state.to_act
        if (type(card) is _CARD and joker_suit is None and state.phase is _PLAY
                and seat is not None):
            # The fast path: a card object (of one pack, or a first copy: an index below
            # COPY_OFFSET) that the seat to act holds and that follows suit (or the seat
            # cannot follow).
            index = card.index
            hands = self._hands
            hand = hands[seat]
            cards = self.cards
            legal = hand
            if cards:
                led = self.suit_index[cards[0]]
                if led >= 0:
                    legal = hand & self.follow[led] or hand
            if index < _COPY_OFFSET and legal >> index & 1:
                hands[seat] = hand ^ (1 << index)
                cards.append(index)
                if seat < 16:
                    key = seat << 7 | index
                    shared = _PLAYED[key]
                    if shared is None:
                        shared = _PLAYED[key] = _new_tuple(_CARD_PLAYED,
                                                           (seat, card, False, _HAND, None))
                    event: CardPlayed = shared
                else:
                    event = _new_tuple(_CARD_PLAYED, (seat, card, False, _HAND, None))
                self._log.append(event)
                players = self._players
                if len(cards) == players:
                    self.finish_trick()
                else:
                    state.to_act = (seat + 1) % players
                return event
        return self._play_checked(card, joker_suit)

    def _play_checked(self, card: Card | str, joker_suit: Suit | str | None) -> CardPlayed:
        """:meth:`play` for what its fast path leaves: codes, a suit named, a second copy, a
        card not held or not following suit (refused, or a revoke the rules allow), the wrong
        phase."""
        state = self.state
        if card.__class__ is not Card or joker_suit is not None:
            card = self.check_play(card, joker_suit)
        assert isinstance(card, Card)
        seat = state.to_act
        if card.copy:  # two packs: holding both copies, the first is played
            card = self.check_play(card)
        bit = 1 << card.index
        cards = self.cards
        legal = 0
        if state.phase is PLAYING and seat is not None:
            hand = state._hands[seat]
            legal = hand
            if cards:
                led = self.suit_index[cards[0]]
                if led >= 0:
                    legal = hand & self.follow[led] or hand
        if not legal & bit:
            # raises, or accepts a revoke the rules allow, or finds the copy held (two packs)
            card = self.check_play(card)
            bit = 1 << card.index
        assert seat is not None
        revoke = not legal & bit
        state._hands[seat] ^= bit
        cards.append(card.index)
        event: CardPlayed = _new_tuple(CardPlayed, (seat, card, revoke, HAND, None))
        state._log.append(event)
        if revoke:
            self.revokes.append(seat)
        if len(cards) == state.players:
            self.finish_trick()
        else:
            state.to_act = (seat + 1) % state.players
        return event

    def finish_trick(self) -> None:
        """Complete the trick in progress: record it; its winner leads next (or the deal ends)."""
        state = self._core
        indices = self.cards
        leader = self.leader
        suit_index = self.suit_index  # the context's winner_index, called directly
        position = winner_position(suit_index, self._power, self._trump, suit_index[indices[0]],
                                   indices)
        winner = (leader + position) % self._players
        done = self._done
        self._log.append(~len(done))  # the TrickWon event, built when the events are read
        packed = leader | winner << 8
        shift = 16
        for index in indices:
            packed |= index << shift
            shift += 8
        done.append(packed)
        self.tricks_won[winner] += 1
        indices.clear()  # the next trick's
        self.leader = state.to_act = winner
        if len(done) == self._hand_size:
            self.state._finish()

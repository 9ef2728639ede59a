"""The demos' models in plain Python: a deal set up, a hand played at one seat, a match sheet.

No widgets here, so the logic behind the demos can be tested alone.

Each demo has a small model that holds an engine object and asks the engine every rules question
(what is legal, why not, who won the trick, how many points).  The views
(:mod:`~trickcore.widgets.deal_view`, :mod:`~trickcore.widgets.hand_view`,
:mod:`~trickcore.widgets.sheet_view`) only draw a model and pass clicks to it.

* :class:`DealSetup`: variant, players, seed and deal number; its deal code and its deal.
* :class:`HandSession`: one deal played by a reader at one seat, heuristic bots at the others,
  with an undo stack of :meth:`HandState.copy <trickcore.engine.state.HandState.copy>` snapshots.
* :class:`MatchSheet`: a whole match played by bots, one deal at a time.

The variant is resolved once, where it comes in (a deal code, a demo's argument, a control):
its :class:`~trickcore.rules.Ruleset` is kept in the :class:`DealSetup` (or the match) and
handed on from there, not looked up again by name.

>>> session = HandSession("oh-hell-4-2718-9", seat=0)
>>> session.state.phase.value, session.waiting
('bidding', True)
>>> [option.bid for option in session.bid_options() if option.legal]   # the hook forbids 1
[0, 2]
>>> session.act(5)
'A bid is from 0 to the 2 tricks of the deal, so you cannot bid 5.'
>>> session.act(2) is None, session.state.bids[0]
(True, 2)
>>> session.undo(), session.state.bids[0]
(True, None)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any

from trickcore.arguments import count
from trickcore.cards import Card, Suit
from trickcore.display.seats import seat_label
from trickcore.engine.calls import Call, CallKind, calls_in_order
from trickcore.engine.events import HAND, TABLE, Announced, Phase, phase_name
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, Choice, bot_action, play_deal
from trickcore.errors import IllegalActionError, TrickcoreError
from trickcore.i18n import N_, ngettext
from trickcore.notation.codes import MAX_DEAL_CODE_CHARS, deal_code, read_deal_code
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import BiddingKind, GameEnd, Ruleset
from trickcore.rules.registry import get_variant
from trickcore.widgets.ui_words import refusal, ui

__all__ = [
    "MAX_DEAL_CODE_CHARS",
    "BidOption",
    "CardOption",
    "DealSetup",
    "HandSession",
    "MatchSheet",
    "Move",
    "ScheduleRow",
    "code_for",
    "default_seat",
    "open_hands",
]

_ = ui.gettext
#: Oh Pshaw's announcement after the bidding, in words.
_ANNOUNCEMENTS = {"over": N_("over"), "under": N_("under"), "even": N_("even")}

# Deal setup -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ScheduleRow:
    """One deal of the match schedule: its number (from 1), cards each and dealer."""

    number: int
    hand_size: int
    dealer: int


@dataclasses.dataclass(frozen=True)
class DealSetup:
    """Which deal to show: a variant key, a player count, a seed and a deal number (from 1).

    >>> setup = DealSetup("oh-hell", 4, 2718, 3)
    >>> setup.code
    'oh-hell-4-2718-3'
    >>> DealSetup.from_code(setup.code) == setup
    True
    >>> setup.state.hand_size
    8
    >>> setup.ruleset.name, setup.at(4).ruleset is setup.ruleset
    ('Oh Hell!', True)

    ``ruleset`` is the variant's :class:`~trickcore.rules.Ruleset`: looked up once when the
    setup is made, or given (``rules=``, as :meth:`of` and :meth:`at` do) and not looked up.
    """

    variant: str
    players: int
    seed: int
    deal: int = 1
    _: dataclasses.KW_ONLY
    rules: dataclasses.InitVar[Ruleset | None] = None
    ruleset: Ruleset = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self, rules: Ruleset | None) -> None:
        ruleset = rules if rules is not None else get_variant(self.variant)
        ruleset.check_players(self.players)
        if ruleset.game_end is GameEnd.TARGET:  # played to a target score: no last deal
            count(self.deal, "deal")
        else:
            deals = len(ruleset.hand_sequence(self.players))
            count(self.deal, "deal", high=deals, has=ngettext(
                "the match has {count} deal", "the match has {count} deals", deals).format(
                    count=deals))
        object.__setattr__(self, "ruleset", ruleset)

    @classmethod
    def of(cls, ruleset: Ruleset, players: int, seed: int, deal: int = 1) -> DealSetup:
        """The setup of a deal of a variant already resolved to its ruleset.

        >>> DealSetup.of(get_variant("humbug"), 2, 7).code
        'humbug-2-7'
        """
        return cls(ruleset.key, players, seed, deal, rules=ruleset)

    @classmethod
    def from_code(cls, code: str) -> DealSetup:
        """The setup a deal code names (raises :class:`~trickcore.errors.CardCodeError`).

        A text longer than :data:`MAX_DEAL_CODE_CHARS` is refused before it is read, and the
        refusal does not repeat it.

        >>> DealSetup.from_code("x" * 1000)
        Traceback (most recent call last):
        ...
        trickcore.errors.CardCodeError: a deal code has at most 600 characters, and this text has 1,000: paste the code alone
        """
        parsed, ruleset = read_deal_code(code)
        return cls(parsed.variant, parsed.players, parsed.seed, parsed.deal, rules=ruleset)

    def at(self, deal: int) -> DealSetup:
        """The same match at deal number ``deal`` (the same ruleset: nothing is looked up)."""
        return DealSetup(self.variant, self.players, self.seed, deal, rules=self.ruleset)

    @functools.cached_property
    def code(self) -> str:
        """The deal code, short and copyable: ``VARIANT-PLAYERS-SEED[-DEAL]``."""
        return deal_code(self.ruleset, self.players, self.seed, self.deal)

    @property
    def state(self) -> HandState:
        """A fresh state of this deal, as the engine deals it from the code (as
        :func:`~trickcore.notation.codes.state_from_code` does, without reading the code again)."""
        match = Match(self.ruleset, self.players, self.seed)
        return HandState(self.ruleset, match.make_deal(self.deal - 1))

    @property
    def repeats(self) -> bool:
        """True when the schedule repeats until a target score (not a fixed number of deals)."""
        return self.ruleset.game_end is GameEnd.TARGET

    def schedule(self) -> list[ScheduleRow]:
        """The deals of the match as the engine schedules them (at least up to this deal)."""
        match = Match(self.ruleset, self.players, self.seed)
        count = len(match.schedule)
        if self.repeats:
            count = max(count, self.deal)
        return [ScheduleRow(i + 1, match.hand_size_for(i), match.dealer_for(i))
                for i in range(count)]

    def max_deal(self) -> int:
        """The largest deal number a code may name for this variant and player count."""
        ruleset = self.ruleset
        if ruleset.game_end is GameEnd.FIXED_DEALS:
            return len(ruleset.hand_sequence(self.players))
        return ruleset.max_deals


def code_for(variant: str, players: int, seed: int, deal: int = 1) -> str:
    """The engine's deal code (:func:`~trickcore.notation.codes.deal_code`).

    >>> code_for("five-hundred-2", 2, 5), code_for("oh-hell", 4, 5)
    ('five-hundred-2-2-5', 'oh-hell-4-5')
    """
    return deal_code(variant, players, seed, deal)


def open_hands(state: HandState) -> bool:
    """True when every hand is seen by everyone: Humbug deals the whole pack to two players."""
    return state.ruleset.open_hands


def default_seat(state: HandState) -> int:
    """The reader's seat when none is chosen: the dealer, who bids last and meets the hook;
    without bidding, the player who leads first."""
    if state.ruleset.bidding is BiddingKind.NONE:
        return state.deal.eldest
    return state.dealer


# One deal against bots ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Move:
    """Something a seat did: the phase, the action and the reason (a bot's or the reader's)."""

    seat: int
    phase: Phase
    action: Any
    reason: str
    by_reader: bool


@dataclasses.dataclass(frozen=True)
class BidOption:
    """A bid or call the reader could be offered, with the engine's verdict on it."""

    bid: int | Call
    legal: bool
    reason: str
    """Empty when legal; otherwise the engine's message saying why not."""


@dataclasses.dataclass(frozen=True)
class CardOption:
    """A card the reader holds (in hand, or face up on the table), and whether it may be played."""

    card: Card
    source: str
    playable: bool
    reason: str
    """Empty when it may be played; otherwise the engine's message (from ``check_play``)."""
    joker_suits: tuple[Suit, ...] = ()
    """Suits one of which must be named if this card is led now (the suitless joker)."""


class HandSession:
    """One deal: the reader acts for ``seat``; a heuristic bot acts for every other seat.

    ``code`` is a deal code, or the :class:`DealSetup` it names (then nothing is read again).

    Bots move at once whenever it is not the reader's turn.  ``stop_at_play`` ends the session
    when the bidding (and, in Five Hundred, the kitty, partner call and joker) is done: the
    bidding demo uses it.  Every reader action goes through :meth:`act`, which asks the engine
    first and changes nothing if the engine refuses; :meth:`undo` goes back one reader action.
    """

    def __init__(self, code: str | DealSetup, *, seat: int | None = None,
                 stop_at_play: bool = False, bot: Bot | None = None) -> None:
        self.setup = code if isinstance(code, DealSetup) else DealSetup.from_code(code)
        self.state: HandState = self.setup.state
        if seat is None:
            seat = default_seat(self.state)
        if not 0 <= seat < self.state.players:
            raise TrickcoreError(_("seat must be from 0 to {last}, not {seat}").format(
                last=self.state.players - 1, seat=seat))
        self.seat = seat
        self.stop_at_play = stop_at_play
        self.bot: Bot = bot if bot is not None else HeuristicBot()
        self.adviser = HeuristicBot()
        self.moves: list[Move] = []
        self._history: list[tuple[HandState, int]] = []
        self._advance()

    @property
    def code(self) -> str:
        """The deal code of this deal."""
        return self.setup.code

    @property
    def finished(self) -> bool:
        """True when nothing is left to do (the deal is over, or the bidding demo is done)."""
        return self.state.is_over or (self.stop_at_play and self.state.phase is Phase.PLAYING)

    @property
    def waiting(self) -> bool:
        """True when it is the reader's turn."""
        return not self.finished and self.state.to_act == self.seat

    @property
    def can_undo(self) -> bool:
        """True when there is a reader action to take back."""
        return bool(self._history)

    def _advance(self) -> None:
        state = self.state
        while not self.finished and state.to_act != self.seat:
            seat = state.to_act
            assert seat is not None
            phase = state.phase
            choice = bot_action(self.bot, state)
            state.apply(choice.action)
            self.moves.append(Move(seat, phase, choice.action, choice.reason, False))

    def act(self, action: Any) -> str | None:
        """The reader takes ``action`` (a bid or call, a list of discards, a partner card or
        ``None``, a joker suit or ``None``, a card, or ``(card, suit)`` to lead the joker).

        Returns ``None`` when done, else the reason it was refused; a refused action changes
        nothing.
        """
        if not self.waiting:
            return _("it is not your turn") if not self.finished else _("the deal is over")
        try:
            self.state.check(action)
        except IllegalActionError as error:
            return refusal(error, self.state, action)
        self._history.append((self.state.copy(), len(self.moves)))
        phase = self.state.phase
        self.state.apply(action)
        self.moves.append(Move(self.seat, phase, action, "", True))
        self._advance()
        return None

    def undo(self) -> bool:
        """Take back the reader's last action (and the bots' answers to it)."""
        if not self._history:
            return False
        self.state, count = self._history.pop()
        del self.moves[count:]
        return True

    def hint(self) -> Choice | None:
        """What the heuristic bot would do in the reader's place, with its reason."""
        if not self.waiting:
            return None
        return bot_action(self.adviser, self.state.copy())

    # Questions the views ask ------------------------------------------------------------

    def bid_options(self) -> list[BidOption]:
        """Every bid the game knows (Oh Hell: 0 to the hand size; Five Hundred: pass and the
        ladder), each with the engine's verdict for the seat to act."""
        state = self.state
        if state.phase is not Phase.BIDDING:
            return []
        if not state.auction:
            candidates: list[int | Call] = list(range(state.hand_size + 1))
        else:
            candidates = [Call(CallKind.PASS), *calls_in_order(state.ruleset)]
        legal = set(state.legal_bids)
        out = []
        for bid in candidates:
            if bid in legal:
                out.append(BidOption(bid, True, ""))
                continue
            try:
                state.check_bid(bid)
            except IllegalActionError as error:
                if error.rule == "not-allowed":
                    continue  # a call this game does not have at all
                out.append(BidOption(bid, False, refusal(error, state, bid)))
        return out

    def hook_sentence(self) -> str | None:
        """When the hook binds the seat to act: which bid it forbids and why, in words."""
        state = self.state
        forbidden = state.hook_forbids
        if forbidden is None:
            return None
        others = sum(b for b in state.bids if b is not None)
        try:
            state.check_bid(forbidden)
        except IllegalActionError as error:
            why = " " + refusal(error, state, forbidden)
        else:  # pragma: no cover - the engine forbids what hook_forbids names
            why = ""
        return _("The hook binds: the other bids add up to {others}, so a bid of {forbidden}"
                 " would make the total equal the {tricks} tricks, and everyone could then make"
                 " their bid. The hook forbids it, so at least one player will miss.").format(
            others=others, forbidden=forbidden, tricks=state.hand_size) + why

    def announcement(self) -> str | None:
        """After the bidding in Oh Pshaw: "over", "under" or "even", with the total."""
        for event in self.state.events:
            if isinstance(event, Announced):
                return _("The bids add up to {total} for {tricks} tricks: the bidding is"
                         " {announcement}.").format(
                    total=event.total, tricks=self.state.hand_size,
                    announcement=_(_ANNOUNCEMENTS.get(event.announcement, event.announcement)))
        return None

    def card_options(self) -> list[CardOption]:
        """The reader's cards in hand (and face up on the table), each with the engine's verdict.

        Outside the reader's turn to play, every card is shown as not playable now.
        """
        state = self.state
        seat = self.seat
        playing = self.waiting and state.phase is Phase.PLAYING
        legal = set(state.legal_plays) if playing else set()
        source_now = state.to_act_source if playing else HAND
        out = []
        sources: list[tuple[str, list[Card]]] = [(HAND, state.hand(seat))]
        if state.ruleset.table_piles:
            sources.append((TABLE, state.table(seat)))
        for source, cards in sources:
            for card in cards:
                if not playing:
                    out.append(CardOption(card, source, False, _not_now(self)))
                    continue
                if card in legal and source == source_now:
                    out.append(CardOption(card, source, True, "", state.joker_names(card)))
                    continue
                try:
                    state.check_play(card)
                except IllegalActionError as error:
                    out.append(CardOption(card, source, False, refusal(error, state, card)))
                else:  # a revoke the rules allow: playable, and penalised at the end
                    out.append(CardOption(card, source, True, ""))
        return out

    def discard_choices(self) -> list[Card]:
        """The cards the reader may discard from (their hand with the kitty in it)."""
        if not self.waiting or self.state.phase is not Phase.DISCARD:
            return []
        return list(self.state.legal_actions)

    def check_discards(self, cards: Sequence[Card]) -> str | None:
        """The engine's objection to discarding ``cards`` now (``None``: they may go)."""
        try:
            self.state.check_discard(cards)
        except IllegalActionError as error:
            return refusal(error, self.state, cards)
        return None


def _not_now(session: HandSession) -> str:
    state = session.state
    if state.is_over:
        return _("the deal is over")
    if state.phase is not Phase.PLAYING:
        return _("no card can be played now: the deal is in the {phase} phase").format(
            phase=phase_name(state.phase))
    assert state.to_act is not None
    return _("it is {name}'s turn to play, not yours").format(name=seat_label(state.to_act))


# A whole match by bots ------------------------------------------------------------------------


class MatchSheet:
    """A whole match played deal by deal by heuristic bots, for the score sheet.

    ``variant`` is a variant's name or key, or its :class:`~trickcore.rules.Ruleset`.

    >>> sheet = MatchSheet("oh-hell", 4, 2718)
    >>> sheet.step(), len(sheet.match.deals)
    (True, 1)
    >>> sheet.play_to_end(); sheet.match.is_over, len(sheet.match.deals)
    (True, 19)
    """

    def __init__(self, variant: str | Ruleset, players: int, seed: int,
                 bots: Sequence[Bot] | None = None) -> None:
        ruleset = variant if isinstance(variant, Ruleset) else get_variant(variant)
        self.match = Match(ruleset, players, seed)
        self.bots: list[Bot] = list(bots) if bots is not None else [HeuristicBot()] * players

    @functools.cached_property
    def code(self) -> str:
        """The code of the match's first deal (variant, players and seed)."""
        return code_for(self.match.ruleset.key, self.match.players, self.match.seed)

    def step(self) -> bool:
        """Play the next deal to the end.  False (and nothing done) when the match is over."""
        if self.match.is_over:
            return False
        play_deal(self.match.current or self.match.next_deal(), self.bots)
        return True

    def play_to_end(self) -> None:
        """Play every remaining deal."""
        while self.step():
            pass

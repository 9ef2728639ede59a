"""A whole match for the reader: deal after deal at the seat they chose, against the bots.

:class:`MatchPlay` holds the deal being played (a
:class:`~trickcore.widgets.demo_model.HandSession`) and the match around it: the deals finished
before it, the running totals, and whether the match is over by its ruleset's
:attr:`~trickcore.Ruleset.match_end` (a fixed number of deals, a target score, or Five Hundred's
win rule).  The engine's :class:`~trickcore.engine.match.Match` answers
every one of those questions; nothing is decided here.

A game starts at its start: a demo named at deal 1 is a fresh match, every score at 0.  A demo
named at a later deal (a deal code, a class link, a page's example) plays that deal as a
*practice* hand on its own: no match score, nothing credited to anyone before the reader acts;
"next deal" goes on to the next deal as practice, and :meth:`MatchPlay.start_match` starts the
whole match from deal 1.  When the match is over, "next deal" starts a new match with the next seed (Humbug,
whose every deal is a match, goes on deal after deal that way); the finished matches are kept, so
the demo can say who has won how many.

>>> play = MatchPlay(DealSetup.from_code("humbug-2-7"), seat=1)
>>> play.seat, play.session.waiting
(1, True)
>>> play.can_next
False
>>> later = MatchPlay(DealSetup.from_code("oh-hell-4-2718-4"))
>>> later.practice, later.match().totals
(True, [0, 0, 0, 0])
>>> later.start_match(); later.practice, later.setup.code
(False, 'oh-hell-4-2718')
"""

from __future__ import annotations

from trickcore.display import SEAT_NAMES
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, play_deal
from trickcore.errors import RulesetError
from trickcore.notation.codes import MAX_CODE_SEED as MAX_SEED  # deal codes hold 12 digits
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.strength import DEFAULT_STRENGTH, StrengthBot, check_strength
from trickcore.rules import BiddingKind
from trickcore.widgets.demo_model import DealSetup, HandSession, default_seat
from trickcore.widgets.ui_words import ui

__all__ = ["MAX_SEED", "MatchPlay", "check_seat", "seat_roles"]

_ = ui.gettext


def check_seat(seat: object, players: int) -> int | None:
    """``seat`` if it is a seat of a ``players``-seat table (or ``None``: the default seat).

    >>> check_seat(3, 4), check_seat(None, 4)
    (3, None)
    >>> check_seat(4, 4)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: seat is a whole number from 0 (Ann) to 3 (Dev) for 4 players, not 4
    """
    if seat is None:
        return None
    if type(seat) is not int or not 0 <= seat < players:
        raise RulesetError(_("seat is a whole number from 0 ({first}) to {last} ({name}) for"
                             " {players} players, not {seat}").format(
            first=SEAT_NAMES[0], last=players - 1, name=SEAT_NAMES[players - 1], players=players,
            seat=repr(seat)))
    return seat


def seat_roles(state: HandState) -> dict[int, str]:
    """What each seat does first in this deal, for the seat picker: who deals (and so bids last),
    who bids first, or, with no bidding, who leads first.

    >>> seat_roles(DealSetup.from_code("oh-hell-4-2718").state)
    {0: 'deals, bids last', 1: 'bids first'}
    >>> seat_roles(DealSetup.from_code("humbug-2-7").state)
    {0: 'deals', 1: 'leads first'}
    """
    bidding = state.ruleset.bidding is not BiddingKind.NONE
    roles = {state.dealer: _("deals, bids last") if bidding else _("deals")}
    first = state.to_act
    if first is not None and first != state.dealer:
        roles[first] = _("bids first") if bidding else _("leads first")
    return roles


class MatchPlay:
    """The reader plays ``seat`` (``None``: the dealer, or the first to lead) deal after deal.

    ``stop_at_play`` makes it the bidding demo: each deal stops when the bidding is done, and no
    scores are kept.  ``bot`` plays the other seats; by default the bot of ``strength``
    (:data:`~trickcore.players.strength.STRENGTHS`: ``"standard"``, the heuristic bot, unless
    the reader chooses another with :meth:`set_strength`).
    """

    def __init__(self, setup: DealSetup, *, seat: int | None = None,
                 stop_at_play: bool = False, bot: Bot | None = None,
                 strength: str = DEFAULT_STRENGTH) -> None:
        self.seat_choice = check_seat(seat, setup.players)
        self.stop_at_play = stop_at_play
        self.fixed_bot = bot
        self.strength = check_strength(strength)
        self.past: list[Match] = []
        """The matches finished before this one (Humbug: one deal each)."""
        self._start(setup)
        self.seat_choice = self.session.seat  # the reader keeps this seat as the deal moves on

    def _start(self, setup: DealSetup) -> None:
        self.first = setup
        self.practice = not self.stop_at_play and setup.deal > 1
        """True for a deal played on its own (named at a deal after the first): no match score."""
        self._played: list[HandState] = []  # the reader's finished deals before this one
        self._session(setup)

    def _bot(self, setup: DealSetup) -> Bot:
        if self.fixed_bot is not None:
            return self.fixed_bot
        # The deal's name seeds the bots (the code's parts: a house ruleset may have no code).
        return StrengthBot(self.strength,
                           f"{setup.variant}-{setup.players}-{setup.seed}-{setup.deal}")

    def _session(self, setup: DealSetup) -> None:
        self.session = HandSession(setup, seat=self.seat_choice, stop_at_play=self.stop_at_play,
                                   bot=self._bot(setup))

    @property
    def bot(self) -> Bot:
        """The bot playing the other seats in this deal."""
        return self.session.bot

    def set_strength(self, strength: str) -> None:
        """Play the other seats at ``strength`` from their next move on."""
        self.strength = check_strength(strength)
        self.session.bot = self._bot(self.setup)

    # What is asked ----------------------------------------------------------------------

    @property
    def setup(self) -> DealSetup:
        """The deal being played."""
        return self.session.setup

    @property
    def seat(self) -> int:
        """The reader's seat in this deal."""
        return self.session.seat

    @property
    def deals_played(self) -> int:
        """How many deals of this match the reader has finished and gone on from."""
        return len(self._played)

    @property
    def seat_open(self) -> bool:
        """True while the reader may still pick another seat: they have not acted in this deal."""
        return not self.session.finished and not any(m.by_reader for m in self.session.moves)

    def seat_choices(self) -> list[tuple[int, str]]:
        """The seats of this deal, each with its name and what it does first."""
        fresh = self.setup.state
        roles = seat_roles(fresh)
        return [(s, SEAT_NAMES[s] + (f" ({roles[s]})" if s in roles else ""))
                for s in range(fresh.players)]

    def match(self) -> Match:
        """The match so far: the reader's deals before this one, and this one once it is
        finished.  A practice hand has no match: an empty one (every total 0)."""
        ruleset = self.setup.ruleset
        match = Match(ruleset, self.setup.players, self.first.seed)
        if self.practice:
            return match
        state = self.session.state
        match.deals = [*self._played, *([state] if state.is_over else [])]
        return match

    def record(self) -> Match:
        """The match whose last deal is this one, for its result code.  In a practice hand the
        deals before it are played by the heuristic bots here, only so that the record is a
        whole match up to this deal (a long code holds it): they are never shown or scored."""
        if not self.practice:
            return self.match()
        setup = self.setup
        match = Match(setup.ruleset, setup.players, setup.seed)
        bots = [HeuristicBot()] * setup.players
        for _deal in range(setup.deal - 1):
            play_deal(match.next_deal(), bots)
        match.deals = (*match.deals, self.session.state)
        return match

    @property
    def match_over(self) -> bool:
        """True when this deal is finished and it ended the match (never in the bidding demo,
        nor in a practice hand)."""
        if self.stop_at_play or self.practice or not self.session.finished:
            return False
        return self.match().is_over or self.setup.deal >= self.setup.max_deal()

    @property
    def can_next(self) -> bool:
        """True when "next deal" can act: this deal is finished."""
        return self.session.finished

    # What the reader does -----------------------------------------------------------------

    def choose_seat(self, seat: int) -> bool:
        """Sit at ``seat`` and deal this deal again (only before the reader has acted in it)."""
        seat_ = check_seat(seat, self.setup.players)
        if not self.seat_open or seat_ is None:
            return False
        self.seat_choice = seat_
        self._session(self.setup)
        return True

    def restart(self) -> None:
        """Deal this deal again from the start, at the same seat."""
        self._session(self.setup)

    def start_match(self) -> None:
        """Start the whole match of this deal from deal 1, every score at 0."""
        self.past = []
        self._start(self.setup.at(1))

    def load(self, setup: DealSetup) -> None:
        """Start a new match at the deal ``setup`` names (a deal code)."""
        if self.seat_choice is not None and self.seat_choice >= setup.players:
            self.seat_choice = None
        self.past = []
        self._start(setup)
        self.seat_choice = self.session.seat

    def next_deal(self) -> bool:
        """Go on to the next deal; after the last deal of a match, to a new match (the next
        seed).  False (and nothing done) while this deal is not finished."""
        if not self.can_next:
            return False
        setup = self.setup
        if self.practice and setup.deal >= setup.max_deal():  # the last deal: now the match
            self.start_match()
            return True
        if self.match_over or (self.stop_at_play and setup.deal >= setup.max_deal()):
            if not self.stop_at_play:
                self.past.append(self.match())
            self._start(DealSetup.of(setup.ruleset, setup.players, (setup.seed + 1) % MAX_SEED))
            return True
        if not self.stop_at_play and not self.practice:
            self._played.append(self.session.state)
        self._session(setup.at(setup.deal + 1))
        return True

    def default_seat(self) -> int:
        """The seat the reader gets when they choose none (the dealer, or the first to lead)."""
        return default_seat(self.setup.state)

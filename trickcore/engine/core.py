"""The storage of a deal's state: the slots :class:`~trickcore.engine.view.DealView` reads.

:class:`StateCore` holds the data of a :class:`~trickcore.engine.state.HandState` (the cards, the
phase, the seat to act, the events and the parts the ruleset calls for) and nothing else: no
methods, no documented API.  The compiled build (``setup.py``) compiles this module with mypyc,
so that the compiled parts of the engine (the bidding, the trick play) read and write the
state's phase, seat to act and hands as fields of a C structure rather than through Python's
attribute look-up; :class:`~trickcore.engine.view.DealView` and
:class:`~trickcore.engine.state.HandState`, which carry the documented API, stay interpreted
subclasses of it (their docstrings and the library's own errors stay as they are; calls of
``bid`` and ``play`` go straight to compiled code, see ``engine/_native.c``).  In the pure
package it is a plain class with slots, as ``DealView`` was.

>>> from trickcore.notation.codes import state_from_code
>>> isinstance(state_from_code("oh-hell-4-2718"), StateCore)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:  # mypyc reads this decorator when it compiles; the program needs none of it
    from mypy_extensions import mypyc_attr
except ImportError:  # no mypy here (the pure package, Pyodide)
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls

if TYPE_CHECKING:
    from trickcore.engine.auction import Auction
    from trickcore.engine.bidding import Bidding
    from trickcore.engine.dealing import Deal
    from trickcore.engine.events import Event, Phase
    from trickcore.engine.kitty import Exchange
    from trickcore.engine.play import TrickPlay
    from trickcore.engine.scoring import BidScorer, ContractScorer
    from trickcore.rules import Ruleset

__all__ = ["StateCore", "mypyc_attr"]


@mypyc_attr(allow_interpreted_subclasses=True)
class StateCore:
    """The slots of a deal's state (see :mod:`trickcore.engine.core`)."""

    __slots__ = ("_auction", "_bidding", "_events", "_exchange", "_hands", "_log", "_play", "_scorer",
                 "auction", "deal", "made", "phase", "players", "points", "ruleset",
                 "to_act")

    ruleset: Ruleset
    deal: Deal
    players: int
    _hands: list[int]
    _log: list[Event | int]
    _events: list[Event]
    points: tuple[int, ...] | None
    made: bool | None
    to_act: int | None
    phase: Phase
    auction: bool
    _auction: Auction | None
    _bidding: Bidding | None
    _exchange: Exchange | None
    _play: TrickPlay
    _scorer: BidScorer | ContractScorer

    def _fill(self, ruleset: Ruleset, deal: Deal, phase: Phase, auction: bool) -> None:
        """Fill the slots of a new deal, but for its parts (the bidding, exchange and play,
        and the scorer, which ``HandState`` adds): compiled, one call rather than a Python
        attribute write per slot."""
        self.ruleset = ruleset
        self.deal = deal
        players = deal.players
        self.players = players
        self._hands = list(deal.hands)
        self._log = []
        self._events = []
        self.points = None
        self.made = None
        self.to_act = (deal.dealer + 1) % players  # eldest
        self.phase = phase
        self.auction = auction
        self._auction = None
        self._bidding = None
        self._exchange = None

"""What every kind of ``{answer}`` shares: the error, the arguments, and the replay of a deal.

The kinds of answer are written by family (:mod:`trickbook.answers` for any deal,
:mod:`trickbook.five_hundred_answers` for the auction and the kitty); each family's module
builds on this one and lists its kinds in a dict, and :mod:`trickbook.answers` puts the
families together in ``KINDS``.  No family's module changes another's.

>>> args = AnswerArgs(["oh-hell-4-2718-5", "Ann", "bids=0"])
>>> args.words, args.options
(['oh-hell-4-2718-5', 'Ann'], {'bids': ['0']})
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from trickcore import (
    Bot,
    Card,
    HandState,
    HeuristicBot,
    Phase,
    TrickcoreError,
    bot_action,
    state_from_code,
)
from trickcore.display import colour_order

from trickbook.i18n import card_symbol
from trickbook.parts import PLAYER_NAMES

__all__ = [
    "DEAL_SOURCES",
    "AnswerArgs",
    "AnswerError",
    "Kind",
    "Position",
    "cards_text",
    "replay",
    "seat_of",
]


class AnswerError(ValueError):
    """An ``{answer}`` that cannot be computed: an unknown kind, a bad deal code or argument."""


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as a reader sees them in the book's text: rank and suit symbol, in the order of
    the book's hand diagrams (the colours alternating, ♠ ♥ ♣ ♦, high first).

    >>> from trickcore import parse_cards
    >>> cards_text(parse_cards("2C TH AS 3S"))
    'A♠ 3♠ 10♥ 2♣'
    """
    return " ".join(card_symbol(card) for card in sorted(cards, key=colour_order))


def seat_of(name: str, players: int) -> int:
    """The seat of a player named as on the pages (Ann, Ben, ...; any letter case).

    >>> seat_of("cleo", 4)
    2
    >>> seat_of("Eve", 4)
    Traceback (most recent call last):
    ...
    trickbook.answer_args.AnswerError: no player 'Eve' at a table of 4: the players are Ann, Ben, Cleo, Dev
    """
    names = [n.lower() for n in PLAYER_NAMES[:players]]
    if name.lower() not in names:
        raise AnswerError(f"no player {name!r} at a table of {players}: the players are"
                          f" {', '.join(PLAYER_NAMES[:players])}")
    return names.index(name.lower())


def _bid(text: str) -> int | str:
    return int(text) if text.isdigit() else text


class Position:
    """A point in a deal: the stop condition for :func:`replay`, in the reader's terms."""

    def __init__(self, trick: int, card: int = 1) -> None:
        if trick < 1 or card < 1:
            raise AnswerError("tricks and cards in a trick count from 1")
        self.trick = trick
        self.card = card

    def reached(self, state: HandState) -> bool:
        """True when the ``card``-th card of trick ``trick`` is the next to be played."""
        return (state.phase is Phase.PLAYING and len(state.tricks) == self.trick - 1
                and len(state.current.cards) == self.card - 1)


#: Where a deal code that the engine's registry does not know may come from: each function
#: returns the deal as dealt, or ``None`` if the code is not one of its own.  The Five Hundred
#: answers add the book's named forms (``american-4-1``) here.
DEAL_SOURCES: list[Callable[[str], HandState | None]] = []


def _start(code: str) -> HandState:
    """The deal ``code`` as dealt: a registry deal code, or one a :data:`DEAL_SOURCES` knows."""
    try:
        for source in DEAL_SOURCES:
            state = source(code)
            if state is not None:
                return state
        return state_from_code(code)
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None


def replay(code: str, *, bids: Sequence[int | str] = (), plays: Sequence[str] = (),
           until: Callable[[HandState], bool] | None = None,
           bots: Sequence[Bot] | None = None) -> HandState:
    """The deal ``code`` after the given first ``bids`` and ``plays``, the bots making every
    other move, up to the point where ``until`` is true (or to the end of the deal).

    >>> state = replay("oh-hell-4-2718-5", bids=[0], until=Position(1).reached)
    >>> state.bids[1], len(state.tricks)
    (0, 0)
    """
    state = _start(code)
    chosen = list(bots) if bots is not None else [HeuristicBot()] * state.players
    wanted_bids, wanted_plays = list(bids), [Card.parse(p) for p in plays]
    while not state.is_over and not (until is not None and until(state)):
        if state.phase is Phase.BIDDING and wanted_bids:
            action: object = wanted_bids.pop(0)
        elif state.phase is Phase.PLAYING and wanted_plays:
            action = wanted_plays.pop(0)
        else:
            seat = state.to_act
            assert seat is not None
            action = bot_action(chosen[seat], state).action
        try:
            state.apply(action)
        except TrickcoreError as error:
            raise AnswerError(f"in deal {code}: {error}") from None
    if wanted_bids or wanted_plays:
        raise AnswerError(f"in deal {code}: {len(wanted_bids) + len(wanted_plays)} of the given"
                          " bids and plays were not made before the point asked about")
    return state


class AnswerArgs:
    """The arguments of one answer: the positional words and the ``key=value`` options."""

    def __init__(self, words: list[str]) -> None:
        self.words = [w for w in words if "=" not in w]
        self.options: dict[str, list[str]] = {}
        for word in words:
            if "=" in word:
                key, _, value = word.partition("=")
                if key not in ("bids", "plays"):
                    raise AnswerError(f"unknown option {key!r}: the options are bids= and plays=")
                self.options[key] = [v for v in value.split(",") if v]

    def count(self, n: int, usage: str) -> None:
        if len(self.words) != n:
            raise AnswerError(f"expected {usage}")

    def number(self, index: int, what: str) -> int:
        word = self.words[index]
        if not word.isdigit():
            raise AnswerError(f"{what} {word!r} is not a whole number")
        return int(word)

    def state(self, until: Callable[[HandState], bool] | None = None) -> HandState:
        return replay(self.words[0], bids=[_bid(b) for b in self.options.get("bids", [])],
                      plays=self.options.get("plays", []), until=until)


#: A kind of answer: what it is (for docs/EXERCISES.md), and the function that computes it.
Kind = tuple[str, Callable[[AnswerArgs], str]]

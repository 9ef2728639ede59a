"""The engine's exceptions.

Every error is a :class:`ValueError` subclass with a message that says what was expected.  An
action that raises one leaves the game state exactly as it was.
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "ArgumentIndexError",
    "CardCodeError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "RecordError",
    "ResultCodeError",
    "RulesetError",
    "SeatError",
    "TrickcoreError",
    "UnknownOptionError",
    "UnknownVariantError",
]


class TrickcoreError(ValueError):
    """Base class of every trickcore error: catch it to catch them all.

    >>> import trickcore as tc
    >>> try:
    ...     tc.get_variant("no such game")
    ... except tc.TrickcoreError as error:
    ...     print(type(error).__name__)
    UnknownVariantError
    """


class CardCodeError(TrickcoreError):
    """A card code (or suit, or deal code) that cannot be read.

    >>> from trickcore.cards import Card
    >>> Card.parse("ZZ")
    Traceback (most recent call last):
    ...
    trickcore.errors.CardCodeError: 'ZZ' is not a card code: expected a rank (2-9, T or 10, 11, 12, 13, J, Q, K, A) then a suit (S, H, D, C), or JK, JK1, JK2
    """


class RulesetError(TrickcoreError):
    """A ruleset that contradicts itself, or an option value that is out of range.

    >>> import trickcore as tc
    >>> tc.Match(tc.get_variant("humbug"), players=3)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Humbug is for 2 players, not 3
    """


class UnknownVariantError(TrickcoreError, LookupError):
    """A variant key or alias that is not in the registry.  The message lists the variants.

    >>> import trickcore as tc
    >>> tc.get_variant("whist")
    Traceback (most recent call last):
    ...
    trickcore.errors.UnknownVariantError: unknown variant 'whist'. The variants are: oh-well, contract-whist, up-and-down-the-river, oh-pshaw, british-oh-hell, oh-hell, humbug, five-hundred, five-hundred-2, five-hundred-3, five-hundred-5, five-hundred-6, five-hundred-quebec
    """


class UnknownOptionError(TrickcoreError, LookupError):
    """An option name that the ruleset does not have.  The message lists the options.

    >>> import trickcore as tc
    >>> tc.with_options(tc.get_variant("oh-hell"), {"trumps": "none"})
    Traceback (most recent call last):
    ...
    trickcore.errors.UnknownOptionError: 'trumps' is not an option. The options are: players, deck, cards_removed, schedule, hand_sizes, fixed_deals, trump_method, ...
    """


class SeatError(TrickcoreError, IndexError):
    """A seat number that is not a seat of the table (asking for its hand, its side...).

    >>> import trickcore as tc
    >>> tc.state_from_code("oh-hell-4-2718").hand(9)
    Traceback (most recent call last):
    ...
    trickcore.errors.SeatError: 9 is not a seat of this 4-player table: seats are 0 to 3
    """


class IllegalActionError(TrickcoreError):
    """An action that the rules do not allow now.

    ``rule`` is a short name of the rule that was broken (``"hook"``, ``"follow-suit"``, ...)
    and ``seat`` the seat that tried the action.

    >>> import trickcore as tc
    >>> state = tc.state_from_code("oh-hell-4-2718")
    >>> try:
    ...     state.play("AS")
    ... except tc.IllegalActionError as error:
    ...     print(f"{error} [rule {error.rule}, seat {error.seat}]")
    no card can be played now: the deal is in the bidding phase [rule phase, seat 1]
    """

    def __init__(self, message: str, *, rule: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.seat = seat


class IllegalBidError(IllegalActionError):
    """A bid the rules forbid (out of range, out of turn, or forbidden by the hook).

    >>> import trickcore as tc
    >>> tc.state_from_code("oh-hell-4-2718").bid(11)
    Traceback (most recent call last):
    ...
    trickcore.errors.IllegalBidError: seat 1 may not bid 11: a bid is from 0 to the 10 tricks in the deal
    """


class IllegalPlayError(IllegalActionError):
    """A card the rules forbid (not held, out of turn, or failing to follow suit).

    >>> import trickcore as tc
    >>> rules = tc.get_variant("oh-hell")
    >>> state = tc.HandState(rules, tc.deal_from_hands(rules, ["AS 2D", "KS 3D", "QS 4D"],
    ...                                                dealer=2, turn_up="2H"))
    >>> for bid in (1, 0, 0):
    ...     _ = state.bid(bid)
    >>> state.play("2D")
    CardPlayed(seat=0, card=Card('2D'), revoke=False, source='hand', joker_suit=None)
    >>> state.play("KS")
    Traceback (most recent call last):
    ...
    trickcore.errors.IllegalPlayError: seat 1 may not play KS: they must follow diamonds (they hold 3D)
    """


class RecordError(TrickcoreError):
    """A game record that is malformed, or that the rules do not allow when replayed.

    ``deal`` is the 0-based deal index and ``step`` a short description of where it went wrong.
    ``illegal`` is True when the record is well formed but breaks a rule (the command line then
    exits 1 rather than 2).

    >>> import trickcore as tc
    >>> tc.read_record("{}")
    Traceback (most recent call last):
    ...
    trickcore.errors.RecordError: unknown record format None; expected 'trickcore-record/1'
    """

    def __init__(
        self, message: str, *, deal: int | None = None, step: str | None = None,
        illegal: bool = False,
    ) -> None:
        super().__init__(message)
        self.deal = deal
        self.step = step
        self.illegal = illegal


class BudgetExceededError(TrickcoreError):
    """A search stopped at its budget (``max_nodes`` trick starts, or ``timeout`` seconds)
    before it had an exact answer; no partial answer is given.

    ``nodes`` is how many trick starts were searched, ``seconds`` how long it ran.

    >>> from trickcore.solver import Position, solve
    >>> position = Position.from_json({"hands": [["AS", "KS", "QH"], ["2S", "3H", "4H"],
    ...                                          ["5S", "6H", "7D"]], "trump": None})
    >>> solve(position, max_nodes=1)
    Traceback (most recent call last):
    ...
    trickcore.errors.BudgetExceededError: the search stopped after 1 trick starts (the budget is 1 nodes) before it had an exact answer
    """

    def __init__(self, message: str, *, nodes: int, seconds: float) -> None:
        super().__init__(message)
        self.nodes = nodes
        self.seconds = seconds


class ResultCodeError(TrickcoreError):
    """A class result code (``TT2-...`` or ``TT1-...``) that cannot be read.

    ``reason`` names what is wrong: ``"malformed"``, ``"version"``, ``"checksum"``, ``"length"``
    or ``"record"``; :mod:`trickcore.notation.result_codes` raises one subclass per reason.

    >>> from trickcore.notation.result_codes import decode_result
    >>> decode_result("TT9-abc")
    Traceback (most recent call last):
    ...
    trickcore.notation.result_codes.VersionError: 'TT9' is not a result code version this trickcore reads: expected TT2-...
    """

    reason = "malformed"


class ArgumentError(TrickcoreError):
    """An argument of the right type but out of its range: a count of 0 where one or more is
    needed, a list too short (:mod:`trickcore.arguments` makes these checks).

    >>> import trickcore as tc
    >>> tc.MonteCarloBot(samples=0)
    Traceback (most recent call last):
    ...
    trickcore.errors.ArgumentError: samples should be at least 1, not 0
    """


class ArgumentIndexError(ArgumentError, IndexError):
    """An index outside what it indexes (a deal of a match, a seat, a demo's deal); no
    negative index counts from the end.

    >>> import trickcore as tc
    >>> tc.Match(tc.get_variant("oh-hell"), 4, seed=1).make_deal(-1)
    Traceback (most recent call last):
    ...
    trickcore.errors.ArgumentIndexError: deal should be from 0 to 18 (the match has 19 deals), not -1
    """

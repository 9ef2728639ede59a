"""The engine's exceptions.

Every error is a :class:`ValueError` subclass with a message that says what was expected.  An
action that raises one leaves the game state exactly as it was.
"""

from __future__ import annotations

__all__ = [
    "CardCodeError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "RecordError",
    "RulesetError",
    "TrickcoreError",
    "UnknownOptionError",
    "UnknownVariantError",
]


class TrickcoreError(ValueError):
    """Base class of every trickcore error."""


class CardCodeError(TrickcoreError):
    """A card code (or suit, or deal code) that cannot be read."""


class RulesetError(TrickcoreError):
    """A ruleset that contradicts itself, or an option value that is out of range."""


class UnknownVariantError(TrickcoreError, LookupError):
    """A variant key or alias that is not in the registry."""


class UnknownOptionError(TrickcoreError, LookupError):
    """An option name that the ruleset does not have."""


class IllegalActionError(TrickcoreError):
    """An action that the rules do not allow now.

    ``rule`` is a short name of the rule that was broken (``"hook"``, ``"follow-suit"``, ...)
    and ``seat`` the seat that tried the action.
    """

    def __init__(self, message: str, *, rule: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.seat = seat


class IllegalBidError(IllegalActionError):
    """A bid the rules forbid (out of range, out of turn, or forbidden by the hook)."""


class IllegalPlayError(IllegalActionError):
    """A card the rules forbid (not held, out of turn, or failing to follow suit)."""


class RecordError(TrickcoreError):
    """A game record that is malformed, or that the rules do not allow when replayed.

    ``deal`` is the 0-based deal index and ``step`` a short description of where it went wrong.
    ``illegal`` is True when the record is well formed but breaks a rule (the command line then
    exits 1 rather than 2).
    """

    def __init__(
        self, message: str, *, deal: int | None = None, step: str | None = None,
        illegal: bool = False,
    ) -> None:
        super().__init__(message)
        self.deal = deal
        self.step = step
        self.illegal = illegal

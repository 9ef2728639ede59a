"""Five Hundred's auction: calls, the bidding ladder, the Avondale values and who may bid what.

A call is written as in records: ``"pass"``, ``"6S"`` ... ``"10NT"`` (tricks then ``S C D H NT``),
``"misere"``, ``"open-misere"``, and, with the split-colours option, ``"nullo"``,
``"open-nullo"``, ``"hi-lo"`` and ``"double-nullo"``.  In American play a six-level call is an
*inkle*, written ``"inkle-H"`` (``"6H"`` is read as the same call there).

The ladder is the order in which calls outrank each other.  Australian (pagat) order, lowest
first: 6♠ 6♣ 6♦ 6♥ 6NT 7♠ ... 7NT, misère, 8♠ ... 10♦, open misère, 10♥, 10NT: 27 contracts.
Ranking follows the rule, not the value: misère (250) sits below 8♠ (240).

>>> Call.parse("7NT").value(), Call.parse("misere").value(), Call.parse("8S").value()
(220, 250, 240)
>>> ladder = [str(c) for c in australian_ladder()]
>>> len(ladder), ladder[9:12], ladder[-3:]
(27, ['7NT', 'misere', '8S'], ['open-misere', '10H', '10NT'])
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from trickcore.cards import Suit
from trickcore.cards.card import TrueIntEnum
from trickcore.errors import CardCodeError
from trickcore.i18n import N_, _
from trickcore.rules import AllPass, AuctionRounds, Partnership, Ruleset
from trickcore.rules.ladder import Ladder, Rung, Timing
from trickcore.rules.registry import get_variant
from trickcore.rules.scoring import avondale_value

__all__ = [
    "ALONE_KINDS",
    "LOSING_KINDS",
    "OPEN_KINDS",
    "Call",
    "CallKind",
    "Denomination",
    "allowed_calls",
    "australian_ladder",
    "avondale",
    "call_of",
    "calls_in_order",
    "check_call",
    "has_one_partner",
    "timing_met",
]

#: The rules a call's value and rank follow when no ruleset is given: four-hand pagat.
_FOUR_HAND = get_variant("five-hundred")


class Denomination(TrueIntEnum):
    """Trump denominations in bidding order: ♠ < ♣ < ♦ < ♥ < no trumps.

    Every denomination is true, spades too, and reads as its symbol:

    >>> bool(Denomination.SPADES), str(Denomination.SPADES), f"{Denomination.NO_TRUMPS}"
    (True, '♠', 'NT')
    """

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMPS = 4

    def __str__(self) -> str:
        return self.symbol

    @property
    def code(self) -> str:
        """``S``, ``C``, ``D``, ``H`` or ``NT``."""
        return ("S", "C", "D", "H", "NT")[self.value]

    @property
    def symbol(self) -> str:
        """``♠``, ``♣``, ``♦``, ``♥`` or ``NT``."""
        return ("♠", "♣", "♦", "♥", "NT")[self.value]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` at no trumps."""
        return (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)[self.value]

    @classmethod
    def parse(cls, text: str) -> Denomination:
        """Read ``S C D H NT`` (case-insensitive)."""
        codes = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": 4, "N": 4}
        value = codes.get(text.strip().upper())
        if value is None:
            raise CardCodeError(_("{text!r} is not a denomination: expected S, C, D, H or NT").format(
                                    text=text))
        return cls(value)


class CallKind(enum.StrEnum):
    """What kind of call a player makes."""

    PASS = "pass"
    TRICKS = "tricks"
    """A number of tricks with a denomination (or, American, a six-level inkle)."""
    MISERE = "misere"
    OPEN_MISERE = "open-misere"
    NULLO = "nullo"
    OPEN_NULLO = "open-nullo"
    HI_LO = "hi-lo"
    DOUBLE_NULLO = "double-nullo"


#: Calls played to lose every trick, the contractor (or, double nullo, the side) alone.
LOSING_KINDS = frozenset({CallKind.MISERE, CallKind.OPEN_MISERE, CallKind.NULLO,
                          CallKind.OPEN_NULLO, CallKind.DOUBLE_NULLO})
#: Calls played with the contractor's hand exposed after the first trick.
OPEN_KINDS = frozenset({CallKind.OPEN_MISERE, CallKind.OPEN_NULLO})
#: Calls in which the contractor's partner(s) sit out.
ALONE_KINDS = frozenset({CallKind.MISERE, CallKind.OPEN_MISERE, CallKind.NULLO,
                         CallKind.OPEN_NULLO, CallKind.HI_LO})
_SPECIAL = {k.value: k for k in CallKind if k not in (CallKind.PASS, CallKind.TRICKS)}


def avondale(tricks: int, denomination: Denomination) -> int:
    """The Avondale value of a contract: ``40 + 20*s + 100*(tricks - 6)``
    (:func:`trickcore.rules.scoring.avondale_value`).

    >>> avondale(6, Denomination.SPADES), avondale(10, Denomination.NO_TRUMPS)
    (40, 520)
    """
    return avondale_value(tricks, denomination.value)


class Call(NamedTuple):
    """One call in the auction.

    >>> call = Call.parse("7H")
    >>> call.tricks, call.trump, call.value(), str(call)
    (7, <Suit.HEARTS: 1>, 200, '7H')
    """

    kind: CallKind
    tricks: int = 0
    denomination: Denomination | None = None

    @classmethod
    def parse(cls, text: str | Call) -> Call:
        """Read a call as records write it.

        >>> Call.parse("10nt"), Call.parse("pass").kind, Call.parse("inkle-H").tricks
        (Call(kind=<CallKind.TRICKS: 'tricks'>, tricks=10, denomination=<Denomination.NO_TRUMPS: 4>), <CallKind.PASS: 'pass'>, 6)
        >>> Call.parse("11S")
        Traceback (most recent call last):
        ...
        trickcore.errors.CardCodeError: '11S' is not a call: expected pass, 6S ... 10NT (S C D H NT), misere, open-misere, nullo, open-nullo, hi-lo, double-nullo or inkle-S ... inkle-NT
        """
        if isinstance(text, Call):
            return cls._checked(text)
        if not isinstance(text, str):
            raise CardCodeError(_("{text!r} is not a call: expected a string such as '7H'").format(
                                    text=text))
        key = text.strip().lower().replace("è", "e").replace("_", "-").replace(" ", "-")
        if key == "pass":
            return cls(CallKind.PASS)
        if key in _SPECIAL:
            return cls(_SPECIAL[key])
        try:
            if key.startswith("inkle-"):
                return cls(CallKind.TRICKS, 6, Denomination.parse(key[6:]))
            digits = key[:2] if key[:2] == "10" else key[:1]
            tricks = int(digits)
            if 6 <= tricks <= 10 and len(key) > len(digits):
                return cls(CallKind.TRICKS, tricks, Denomination.parse(key[len(digits):]))
        except (ValueError, CardCodeError):
            pass
        raise CardCodeError(
            _("{text!r} is not a call: expected pass, 6S ... 10NT (S C D H NT), misere, "
              "open-misere, nullo, open-nullo, hi-lo, double-nullo or inkle-S ... inkle-NT").format(
                text=text)
        )

    @classmethod
    def _checked(cls, call: Call) -> Call:
        """``call`` if it is one the game knows (6 to 10 tricks with a denomination, or a
        special call with neither); raise :class:`~trickcore.errors.CardCodeError` if not.

        >>> Call.parse(Call(CallKind.TRICKS, 11, Denomination.NO_TRUMPS))
        Traceback (most recent call last):
        ...
        trickcore.errors.CardCodeError: 11 tricks is not a call: a call is of 6 to 10 tricks with S, C, D, H or NT
        """
        kind, tricks, denomination = call
        if not isinstance(kind, CallKind):
            raise CardCodeError(_("{kind!r} is not a kind of call").format(kind=kind))
        if kind is CallKind.TRICKS:
            if (type(tricks) is not int or not 6 <= tricks <= 10
                    or not isinstance(denomination, Denomination)):
                if isinstance(denomination, Denomination):
                    why = _("{tricks!r} tricks is not a call: a call is of 6 to 10 tricks with S,"
                            " C, D, H or NT")
                else:
                    why = _("{tricks!r} tricks with {denomination!r} is not a call: a call is of 6"
                            " to 10 tricks with S, C, D, H or NT")
                raise CardCodeError(why.format(tricks=tricks, denomination=denomination))
        elif tricks != 0 or type(tricks) is not int or denomination is not None:
            raise CardCodeError(_("{value} takes no tricks or denomination, not {tricks!r} and "
                                  "{denomination!r}").format(
                                    value=kind.value, tricks=tricks, denomination=denomination))
        return call

    def __str__(self) -> str:
        if self.kind is CallKind.TRICKS:
            assert self.denomination is not None
            return f"{self.tricks}{self.denomination.code}"
        return self.kind.value

    def code(self, ruleset: Ruleset | None = None) -> str:
        """The call as records write it (six-level calls are inkles in American play)."""
        if (self.kind is CallKind.TRICKS and ruleset is not None
                and ruleset.ladder.rung(str(self)).inkle):
            assert self.denomination is not None
            return f"inkle-{self.denomination.code}"
        return str(self)

    @property
    def label(self) -> str:
        """The call for people: ``7♥``, ``10NT``, ``misère``, ``pass``.

        >>> Call.parse("7H").label, Call.parse("open-misere").label
        ('7♥', 'open misère')
        """
        if self.kind is CallKind.TRICKS:
            assert self.denomination is not None
            return f"{self.tricks}{self.denomination.symbol}"
        return self.kind.value.replace("-", " ").replace("misere", "misère")

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.kind is CallKind.PASS

    @property
    def trump(self) -> Suit | None:
        """The trump suit the call names (``None`` for no trumps and the special calls)."""
        return self.denomination.suit if self.denomination is not None else None

    @property
    def loses_tricks(self) -> bool:
        """True for misère and the nullo calls: the contractor must lose every trick."""
        return self.kind in LOSING_KINDS

    def value(self, ruleset: Ruleset | None = None) -> int:
        """The call's score value, from the ruleset's ladder (Avondale for tricks; four-hand
        pagat's values without a ruleset).

        >>> Call.parse("misere").value(), Call.parse("10NT").value()
        (250, 520)
        """
        if self.kind is CallKind.PASS:
            return 0
        return _ladder(ruleset).rung(str(self)).value

    def rank(self, ruleset: Ruleset | None = None) -> int:
        """Position on the ruleset's ladder (higher outranks lower; two calls that share a
        place rank alike); passes rank 0.  Without a ruleset, four-hand pagat's ladder.

        >>> from trickcore.rules import with_options
        >>> from trickcore.rules.registry import get_variant
        >>> quebec = with_options(get_variant("five-hundred-quebec"), {"misere_timing": "any-time"})
        >>> [c.code(quebec) for c in sorted(map(Call.parse, ["8H", "8NT", "misere"]),
        ...                                 key=lambda c: c.rank(quebec))]
        ['8H', 'misere', '8NT']
        """
        if self.kind is CallKind.PASS:
            return 0
        return _ladder(ruleset).rung(str(self)).rank

    def rung(self, ruleset: Ruleset | None = None) -> Rung:
        """The call's rung on the ruleset's ladder: value, rank, timing, whether allowed."""
        return _ladder(ruleset).rung(str(self))


def _ladder(ruleset: Ruleset | None) -> Ladder:
    return (ruleset if ruleset is not None else _FOUR_HAND).ladder


def call_of(rung: Rung) -> Call:
    """The :class:`Call` a rung of the ladder stands for."""
    if rung.denomination is None:
        return Call(_SPECIAL[rung.code])
    return Call(CallKind.TRICKS, rung.tricks, Denomination(rung.denomination))


def australian_ladder() -> list[Call]:
    """The 27 contracts of the Australian ladder (four-hand pagat's), lowest first."""
    return [call_of(rung) for rung in _FOUR_HAND.ladder.allowed]


def check_call(
    ruleset: Ruleset,
    call: Call,
    *,
    seat: int,
    calls: list[tuple[int, Call]],
    passed: list[bool],
    high: tuple[int, Call] | None,
    dealer: int,
    explain: bool = True,
) -> tuple[str, str] | None:
    """Why ``seat`` may not make ``call`` now, as ``(rule, message)``; ``None`` if it may.

    ``calls`` are the calls made so far (seat, call) in order, ``passed`` who has passed for
    good, ``high`` the highest call so far.  With ``explain=False`` the message is left empty
    (the legal calls are listed without writing a sentence for each refused one).
    """
    def no(rule: str, why: str, **values: object) -> tuple[str, str]:
        if not explain:
            return rule, ""
        return rule, _("seat {seat} may not call {call}: {why}").format(
            seat=seat, call=call.code(ruleset), why=_(why).format(**values))

    if passed[seat] and ruleset.auction_rounds is AuctionRounds.UNTIL_PASSED:
        return no("passed", N_("a player who has passed may not call again"))
    if call.is_pass:
        n = len(passed)
        others_passed = sum(passed) == n - 1 and not passed[seat]
        if (ruleset.all_pass is AllPass.DEALER_MUST_BID and seat == dealer and high is None
                and others_passed):
            return no("dealer-must-bid", N_("everyone else passed, so the dealer must bid"))
        return None
    rung = call.rung(ruleset)
    if not rung.allowed:
        return no("not-allowed", rung.refusal, kind=call.kind.value)
    if call.kind is CallKind.DOUBLE_NULLO and not has_one_partner(ruleset, len(passed)):
        return no("double-nullo-partner", N_("double nullo is played by the caller and one"
                                             " fixed partner, and this table has none"))
    if not timing_met(rung.timing, seat=seat, calls=calls, high=high, dealer=dealer,
                      players=len(passed)):
        rule = "inkle" if rung.inkle else f"{call.kind.value}-timing"
        return no(rule, rung.timing.refusal, call=rung.label)
    if high is not None and rung.rank <= high[1].rank(ruleset):
        return no("outbid", N_("it does not outrank {call}"), call=high[1].code(ruleset))
    return None


def timing_met(timing: Timing, *, seat: int, calls: list[tuple[int, Call]],
               high: tuple[int, Call] | None, dealer: int, players: int) -> bool:
    """True when a call of this :class:`~trickcore.rules.ladder.Timing` may be made now:
    ``calls`` are the calls so far (seat, call), ``high`` the one to beat."""
    if timing is Timing.OVER_A_SEVEN:
        return high is not None and high[1].kind is CallKind.TRICKS and high[1].tricks == 7
    if timing is Timing.AFTER_AN_EIGHT:
        return any(c.kind is CallKind.TRICKS and c.tricks >= 8 for _seat, c in calls)
    if timing is Timing.FIRST_TWO:
        first_two = {(dealer + 1) % players, (dealer + 2) % players}
        return seat in first_two and all(s != seat for s, _call in calls)
    return True


def has_one_partner(ruleset: Ruleset, players: int) -> bool:
    """True when every seat has exactly one fixed partner, as double nullo needs.

    Double nullo is a call for a pair: the caller hands the discards to *the* partner, and
    both must lose every trick.  With no fixed partner (two, three and five hands) or sides of
    three (six hands in alternate seats) the call cannot be played, so it is refused.

    >>> from trickcore.rules.registry import get_variant
    >>> [has_one_partner(get_variant(k), n) for k, n in
    ...  (("five-hundred", 4), ("five-hundred-5", 5), ("five-hundred-6", 6))]
    [True, False, False]
    """
    kind = ruleset.partnership
    return (kind is Partnership.THREE_PAIRS
            or (kind is Partnership.ALTERNATE and players == 4))


def calls_in_order(ruleset: Ruleset) -> list[Call]:
    """Every call the ruleset knows, lowest first (pass not included), those it refuses too:
    the ruleset's ladder (:attr:`~trickcore.rules.Ruleset.ladder`)."""
    return [call_of(rung) for rung in ruleset.ladder.rungs]


def allowed_calls(ruleset: Ruleset) -> list[Call]:
    """The calls the ruleset allows at all, lowest first (whether one may be made now also
    depends on the auction: :func:`check_call`).

    >>> [str(c) for c in allowed_calls(get_variant("five-hundred-2"))][9:12]
    ['7NT', 'misere', '8S']
    """
    return [call_of(rung) for rung in ruleset.ladder.allowed]

"""Five Hundred's ladder as data: every call a ruleset knows, its value, when it may be called
and where it ranks.

The ladder is derived once from a ruleset's options (:func:`ladder_of`, read as
:attr:`Ruleset.ladder <trickcore.rules.Ruleset.ladder>`), and everything that needs the order
of the calls reads it: the engine's auction (:func:`trickcore.engine.calls.check_call`), the
rules in words (:mod:`trickcore.rules.describe`), the book's tables and the tests' second
reading.  The trick calls ``6S`` ... ``10NT`` stand in their natural order (♠ < ♣ < ♦ < ♥ < NT
at each level); each special call has a :class:`Place` beside one of them, or at the top.

>>> from trickcore.rules.registry import get_variant
>>> ladder = get_variant("five-hundred").ladder
>>> [r.code for r in ladder.allowed][9:12], ladder.rung("misere").place.words()
(['7NT', 'misere', '8S'], 'between 7NT and 8♠')
>>> ladder.rung("misere").value, ladder.rung("misere").timing.value
(250, 'over-a-seven')

Changing where a call ranks is one entry in a table below: open misère above 10NT is
``OpenMisere.ANY_TIME``'s timing with ``Place(TOP)``.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING

from trickcore.i18n import N_, _
from trickcore.rules.enums import MisereTiming, OpenMisere, SixBids
from trickcore.rules.scoring import avondale_value

if TYPE_CHECKING:
    from trickcore.rules.ruleset import Ruleset

__all__ = ["ABOVE", "BELOW", "DENOMINATIONS", "SPECIAL_CALLS", "TOP", "TRICK_CALLS", "Ladder",
           "Place", "Rung", "Timing", "call_label", "ladder_of"]

#: The denominations in bidding order, as call codes write them.
DENOMINATIONS = ("S", "C", "D", "H", "NT")
_SYMBOLS = ("♠", "♣", "♦", "♥", "NT")
#: The 25 trick calls in their natural order, lowest first.
TRICK_CALLS = tuple(f"{t}{d}" for t in range(6, 11) for d in DENOMINATIONS)
_NATURAL = {code: i for i, code in enumerate(TRICK_CALLS, start=1)}


class Timing(enum.StrEnum):
    """When a call may be made, beyond outranking the call to beat."""

    ANY_TIME = "any-time"
    """Whenever it outranks the call to beat, even as the first call."""
    OVER_A_SEVEN = "over-a-seven"
    """Only when the call to beat is a seven (pagat's misère)."""
    AFTER_AN_EIGHT = "after-an-eight"
    """Only once somebody has called eight or more (the seed's open misère)."""
    FIRST_TWO = "first-two"
    """Only by the first two players, on their first call (American inkles)."""

    @property
    def words(self) -> str:
        """When the call may be made, for a sentence of the rules: ``at any time``."""
        return _(_TIMING_WORDS[self][0])

    @property
    def short_words(self) -> str:
        """The same in a few words, for a table: ``any time``."""
        return _(_TIMING_WORDS[self][1])

    @property
    def refusal(self) -> str:
        """Why a call is refused when its timing is not met (``{call}``: the call)."""
        return _TIMING_WORDS[self][2]


_TIMING_WORDS = {
    Timing.ANY_TIME: (N_("at any time"), N_("any time"), ""),
    Timing.OVER_A_SEVEN: (N_("only over a seven"), N_("over a seven"),
                          N_("{call} may be called only over a seven")),
    Timing.AFTER_AN_EIGHT: (N_("only after an eight has been bid"), N_("after an eight"),
                            N_("{call} may be called only after an eight")),
    Timing.FIRST_TWO: (N_("only by the first two players, on their first call"),
                       N_("first two players only"),
                       N_("only the first two players may inkle, on their first call")),
}

#: Sides of a :class:`Place`.
ABOVE, BELOW, TOP = "above", "below", "top"


def call_label(code: str) -> str:
    """A call code as people read it, in the reader's language: ``7♥``, ``10NT`` (French
    ``10SA``), ``misère``.

    >>> call_label("7H"), call_label("10NT"), call_label("open-misere")
    ('7♥', '10NT', 'open misère')
    """
    if code in _NATURAL:
        den = (_NATURAL[code] - 1) % 5
        return code[:-2 if den == 4 else -1] + (_("NT") if den == 4 else _SYMBOLS[den])
    return _(SPECIAL_CALLS[code][0])


@dataclasses.dataclass(frozen=True)
class Place:
    """Where a special call ranks: just ``above`` or just ``below`` a trick call, or at the
    ``top`` of the ladder.

    >>> Place(BELOW, "8NT").words(), Place(TOP).words()
    ('just below 8NT (only 8NT or a higher call outbids it)', 'above every other call, 10NT included')
    """

    side: str
    anchor: str = ""

    @property
    def rank(self) -> int:
        """The place as a number: a trick call ranks twice its natural position, a special
        call one more (above) or one less (below); two calls in one gap rank alike."""
        if self.side == TOP:
            return 2 * len(TRICK_CALLS) + 1
        return 2 * _NATURAL[self.anchor] + (1 if self.side == ABOVE else -1)

    @property
    def level(self) -> int:
        """The number of tricks of the highest trick call below this place."""
        below = (len(TRICK_CALLS) if self.side == TOP else
                 _NATURAL[self.anchor] - (self.side == BELOW))
        code = TRICK_CALLS[below - 1]
        return int(code[:-2] if code.endswith("NT") else code[:-1])

    def words(self) -> str:
        """Where the call ranks, for a sentence of the rules (``between 7NT and 8♠``)."""
        if self.side == BELOW:
            return _("just below {call} (only {call} or a higher call outbids it)").format(
                call=call_label(self.anchor))
        return self.short_words()

    def short_words(self) -> str:
        """Where the call ranks, in a few words: ``just below 8NT``, ``between 7NT and 8♠``."""
        if self.side == TOP:
            return _("above every other call, 10NT included")
        if self.side == BELOW:
            return _("just below {call}").format(call=call_label(self.anchor))
        i = _NATURAL[self.anchor]
        if i == len(TRICK_CALLS):
            return _("above every other call, 10NT included")
        return _("between {low} and {high}").format(low=call_label(self.anchor),
                                                    high=call_label(TRICK_CALLS[i]))


#: The special calls: name for people, what the contract is, and why it is refused when the
#: ruleset does not allow it.
SPECIAL_CALLS = {
    "misere": (N_("misère"), N_("lose every trick, playing alone"),
               N_("misère is not allowed in this game")),
    "open-misere": (N_("open misère"), N_("as misère, with the hand shown"),
                    N_("open misère is not allowed in this game")),
    "nullo": (N_("nullo"), N_("lose every trick, partner sits out"),
              N_("{kind} is only called with the split-colours option")),
    "open-nullo": (N_("open nullo"), N_("nullo with the hand shown after the first trick"),
                   N_("{kind} is only called with the split-colours option")),
    "hi-lo": (N_("hi-lo"), N_("take exactly five tricks, partner sits out"),
              N_("{kind} is only called with the split-colours option")),
    "double-nullo": (N_("double nullo"), N_("both partners must lose every trick"),
                     N_("{kind} is only called with the split-colours option")),
}

#: Split colours: each call's value and the black call of its level it ranks just above.
_SPLIT_COLOURS = {"nullo": (150, "7C"), "open-nullo": (250, "8C"), "hi-lo": (350, "9C"),
                  "double-nullo": (450, "10C")}
#: Misère's timing, by the option that says when it may be called.
_MISERE_TIMING = {MisereTiming.AFTER_SEVEN: Timing.OVER_A_SEVEN,
                  MisereTiming.ANY_TIME: Timing.ANY_TIME,
                  MisereTiming.NOT_ALLOWED: Timing.ANY_TIME}
#: Open misère's timing and place, by the option that says whether and where it is called.
_OPEN_MISERE = {OpenMisere.ANY_TIME: (Timing.ANY_TIME, Place(ABOVE, "10D")),
                OpenMisere.AFTER_EIGHT: (Timing.AFTER_AN_EIGHT, Place(ABOVE, "10H")),
                OpenMisere.NOT_ALLOWED: (Timing.ANY_TIME, Place(ABOVE, "10D"))}


@dataclasses.dataclass(frozen=True)
class Rung:
    """One call on the ladder: its code (as records write it, six-level calls as ``6H``),
    its value, when it may be called and where it ranks."""

    code: str
    value: int
    rank: int
    """Higher outranks lower; two calls in one gap rank alike (neither outbids the other)."""
    level: int
    """The number of tricks of the call, or of the highest trick call below a special one."""
    tricks: int = 0
    denomination: int | None = None
    """0 to 4 (♠ ♣ ♦ ♥ NT) for a trick call; None for a special call."""
    timing: Timing = Timing.ANY_TIME
    allowed: bool = True
    refusal: str = ""
    """Why the call is refused in this game (``{kind}``: its code), when it is not allowed."""
    contract: bool = True
    """False for a six-level call that only opens the bidding or signals (inkles)."""
    place: Place | None = None
    """Where a special call ranks (None for a trick call)."""

    @property
    def inkle(self) -> bool:
        """True for an inkle (American six-level calls): a signal, never a contract, made
        only by the first two players, each on their first turn.

        >>> from trickcore.rules import with_options
        >>> from trickcore.rules.registry import get_variant
        >>> american = with_options(get_variant("five-hundred"), {"six_bids": "inkles"})
        >>> american.ladder.rung("6H").inkle, get_variant("five-hundred").ladder.rung("6H").inkle
        (True, False)
        """
        return self.timing is Timing.FIRST_TWO

    @property
    def label(self) -> str:
        """The call as people read it: ``7♥``, ``misère``."""
        return call_label(self.code)

    @property
    def meaning(self) -> str:
        """What a special call's contract is, in words ("" for a trick call)."""
        return _(SPECIAL_CALLS[self.code][1]) if self.code in SPECIAL_CALLS else ""


@dataclasses.dataclass(frozen=True)
class Ladder:
    """Every call a ruleset knows, lowest first: those it allows and those it refuses."""

    rungs: tuple[Rung, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_code", {r.code: r for r in self.rungs})

    def rung(self, code: str) -> Rung:
        """The rung of a call code (six-level calls as ``6H``); KeyError if there is none."""
        by_code: dict[str, Rung] = self.__dict__["_by_code"]
        return by_code[code]

    def rank(self, code: str) -> int:
        """A call's rank (``pass``: 0)."""
        return 0 if code == "pass" else self.rung(code).rank

    @property
    def allowed(self) -> tuple[Rung, ...]:
        """The calls this game allows, lowest first."""
        return tuple(r for r in self.rungs if r.allowed)

    @property
    def contracts(self) -> int:
        """How many of the allowed calls are contracts."""
        return sum(r.contract for r in self.allowed)

    @property
    def special(self) -> tuple[Rung, ...]:
        """The special calls this game allows (misère, nullo ...), lowest first."""
        return tuple(r for r in self.allowed if r.place is not None)


def ladder_of(r: Ruleset) -> Ladder:
    """The ladder a ruleset's options make: the one place that reads them.

    >>> from trickcore.rules.registry import get_variant
    >>> quebec = get_variant("five-hundred-quebec").ladder
    >>> quebec.rung("misere").allowed, quebec.rung("misere").place
    (False, Place(side='below', anchor='8NT'))
    """
    six_contract = r.six_bids is SixBids.CONTRACTS and not r.split_colours
    rungs = []
    for i, code in enumerate(TRICK_CALLS, start=1):
        tricks, den = 6 + (i - 1) // 5, (i - 1) % 5
        six = tricks == 6
        rungs.append(Rung(code, avondale_value(tricks, den), 2 * i, tricks, tricks, den,
                          Timing.FIRST_TWO if six and r.six_bids is SixBids.INKLES
                          else Timing.ANY_TIME,
                          contract=not six or six_contract))
    misere_place = (Place(BELOW, r.misere_outbid_by) if r.misere_outbid_by else
                    Place(ABOVE, "8S") if r.misere_beats_eight_spades else Place(ABOVE, "7NT"))
    open_timing, open_place = _OPEN_MISERE[r.open_misere]
    if r.open_misere_outbid_by:
        open_place = Place(BELOW, r.open_misere_outbid_by)
    specials = [
        ("misere", r.misere_value, _MISERE_TIMING[r.misere_timing], misere_place,
         not r.split_colours and r.misere_timing is not MisereTiming.NOT_ALLOWED),
        ("open-misere", r.open_misere_value, open_timing, open_place,
         not r.split_colours and r.open_misere is not OpenMisere.NOT_ALLOWED),
        *((code, value, Timing.ANY_TIME, Place(ABOVE, black), r.split_colours)
          for code, (value, black) in _SPLIT_COLOURS.items()),
    ]
    for code, value, timing, place, allowed in specials:
        rungs.append(Rung(code, value, place.rank, place.level, timing=timing, allowed=allowed,
                          refusal="" if allowed else SPECIAL_CALLS[code][2], place=place))
    return Ladder(tuple(sorted(rungs, key=lambda rung: rung.rank)))

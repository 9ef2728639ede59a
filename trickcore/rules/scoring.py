"""Scoring as data: a :class:`ScoringRule` of a few numbers, the named schemes as presets built
from them, and the words for any rule, named or a house rule.

A deal scores each seat from its bid ``b``, the tricks it took ``t``, the tricks it was off
``d = |b - t|`` and the hand size ``h``.  A house scoring is one option value in a short text
form (:func:`parse_scoring`), which the engine, the numpy batch, the studies and the tests' oracle
all read through :func:`scoring_rule`:

>>> rule = parse_scoring("exact=10, trick=1, off=-1")
>>> rule.points(bid=3, tricks=3, hand_size=5), rule.points(bid=3, tricks=1, hand_size=5)
(13, -1)
>>> rule.text
'trick=1,exact=10,off=-1'
>>> PRESETS[Scoring.SQUARES].rule.text
'exact=10,bid-squared=1,off-squared=-1'
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import TYPE_CHECKING, Literal

from trickcore.errors import RulesetError
from trickcore.i18n import N_, _
from trickcore.rules.enums import Scoring, ZeroBid

if TYPE_CHECKING:
    from trickcore.rules.ruleset import Ruleset

__all__ = [
    "MAX_CONSTANT",
    "MAX_POINTS",
    "PRESETS",
    "Preset",
    "ScoringRule",
    "avondale_value",
    "parse_scoring",
    "scheme_rule",
    "scoring_name",
    "scoring_rule",
    "scoring_sentence",
    "scoring_summary",
    "zero_bid_sentence",
]

#: The largest size of a number a scoring rule multiplies (by the tricks, the bid or the tricks
#: off, or their squares): with :data:`MAX_CONSTANT`, a bound on every score a deal can make.
MAX_POINTS = 1_000
#: The largest size of a constant (the exact bonus, a made zero): as large as ``exact_bonus``
#: may be (:data:`trickcore.rules.validate.MAX_NUMBER`).
MAX_CONSTANT = 1_000_000
#: The longest text form :func:`parse_scoring` reads.
_MAX_TEXT = 200

Basis = Literal["bid", "difference", "contract"]


@dataclasses.dataclass(frozen=True, kw_only=True)
class ScoringRule:
    """How a deal scores, per seat, as numbers (``b`` bid, ``t`` taken, ``d`` off, ``h`` hand).

    An exact bid (``b == t``) scores ``exact + (trick + exact_trick)*t + bid*b + bid_squared*b²``,
    or ``zero + zero_hand*h`` for a made zero when ``zero`` is set; a missed bid scores
    ``trick*t + off*d + off_squared*d²``.  ``basis`` is ``"difference"`` for Humbug (each scores
    ``trick`` times their tricks less the opponent's) and ``"contract"`` for Five Hundred (the
    Avondale table, kept with the calls).

    >>> ScoringRule(exact=10, bid_squared=1).points(bid=3, tricks=3, hand_size=7)
    19
    >>> ScoringRule(off=10**6)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: scoring: off is at most 1,000 in size, not 1,000,000
    """

    trick: int = 0
    exact_trick: int = 0
    exact: int = 0
    bid: int = 0
    bid_squared: int = 0
    off: int = 0
    off_squared: int = 0
    zero: int | None = None
    zero_hand: int = 0
    basis: Basis = "bid"

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.name == "basis":
                if value not in ("bid", "difference", "contract"):
                    raise RulesetError(_("scoring: basis is bid, difference or contract, not "
                                         "{value!r}").format(value=str(value)[:40]))
                continue
            if value is None and field.name == "zero":
                continue
            if type(value) is not int:
                raise RulesetError(_("scoring: {name} must be a whole number, not "
                                     "{value!r}").format(name=field.name, value=str(value)[:40]))
            most = MAX_CONSTANT if field.name in ("exact", "zero") else MAX_POINTS
            if abs(value) > most:
                shown = f"{value:,}"
                raise RulesetError(_("scoring: {name} is at most {most:,} in size, not "
                                     "{value}").format(name=field.name, most=most,
                                                       value=shown[:20] + "…" * (len(shown) > 20)))
        if self.zero is None and self.zero_hand:
            raise RulesetError(_("scoring: zero-hand needs zero (what a made zero scores)"))

    def points(self, *, bid: int, tricks: int, hand_size: int) -> int:
        """One seat's points for a deal scored on its bid (``basis == "bid"``)."""
        if bid == tricks:
            if bid == 0 and self.zero is not None:
                return self.zero + self.zero_hand * hand_size
            return (self.exact + (self.trick + self.exact_trick) * tricks + self.bid * bid
                    + self.bid_squared * bid * bid)
        off = abs(bid - tricks)
        return self.trick * tricks + self.off * off + self.off_squared * off * off

    @property
    def text(self) -> str:
        """The short text form, which :func:`parse_scoring` reads back (numbers that are 0 are
        left out; a rule of zeros is ``exact=0``).

        >>> parse_scoring(ScoringRule(exact=10, off=-10).text) == ScoringRule(exact=10, off=-10)
        True
        """
        terms = []
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.name != "basis" and value:
                terms.append(f"{field.name.replace('_', '-')}={value}")
            elif field.name == "zero" and value == 0:
                terms.append("zero=0")
        if self.basis != "bid":
            terms.insert(0, self.basis)
        return ",".join(terms) or "exact=0"

    def __str__(self) -> str:
        return self.text

    @property
    def value(self) -> str:
        """The option's value, as a record keeps it: :attr:`text` (as an enum's ``value``)."""
        return self.text


_KEYS = ("trick", "exact_trick", "exact", "bid", "bid_squared", "off", "off_squared", "zero",
         "zero_hand")
#: A term: the whole number may be long (the text is at most 200 characters); ScoringRule says
#: how large each may be.
_TERM = re.compile(r"\s*([a-z_-]+)\s*=\s*([+\-−]?\d+)\s*")


def parse_scoring(text: str) -> ScoringRule:
    """A house scoring read from its short text form: ``name=number`` terms, comma separated.

    The names are ``trick`` (each trick taken, made or missed), ``exact-trick`` (each trick
    taken, only when exact), ``exact`` (the bonus for an exact bid), ``bid`` (each trick bid,
    when exact), ``bid-squared`` (times the bid squared, when exact), ``off`` (each trick off, on
    a miss: negative to lose), ``off-squared`` (times the tricks off squared), ``zero`` (what a
    made zero scores instead) and ``zero-hand`` (plus this for each card in the hand).  Every
    number is a whole number of at most 1,000 in size (``exact`` and ``zero``: 1,000,000).

    >>> parse_scoring("exact=10,bid-squared=1").points(bid=4, tricks=4, hand_size=7)
    26
    >>> parse_scoring("exact=10,off=-10").points(bid=4, tricks=2, hand_size=7)
    -20
    >>> parse_scoring("exact=10,exact=5")
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: scoring 'exact=10,exact=5': exact is given twice
    >>> parse_scoring("bonus=10")
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: scoring 'bonus=10': bonus is not one of trick, exact-trick, exact, bid, bid-squared, off, off-squared, zero, zero-hand
    """
    shown = text[:60] + ("..." if len(text) > 60 else "")
    if len(text) > _MAX_TEXT:
        raise RulesetError(_("scoring: a house scoring is at most {most} characters, not "
                             "{count:,}").format(most=_MAX_TEXT, count=len(text)))
    values: dict[str, int] = {}
    for term in text.split(","):
        found = _TERM.fullmatch(term.lower())
        if found is None:
            raise RulesetError(_("scoring {text!r}: expected name=number terms such as "
                                 "exact=10,trick=1,off=-1, or a scheme's name").format(text=shown))
        key = found.group(1).replace("-", "_")
        if key not in _KEYS:
            raise RulesetError(_("scoring {text!r}: {name} is not one of {names}").format(
                text=shown, name=found.group(1),
                names=", ".join(k.replace("_", "-") for k in _KEYS)))
        if key in values:
            raise RulesetError(_("scoring {text!r}: {name} is given twice").format(
                text=shown, name=found.group(1)))
        values[key] = int(found.group(2).replace("−", "-"))
    zero = values.pop("zero", None)
    try:
        get = values.get
        return ScoringRule(trick=get("trick", 0), exact_trick=get("exact_trick", 0),
                           exact=get("exact", 0), bid=get("bid", 0),
                           bid_squared=get("bid_squared", 0), off=get("off", 0),
                           off_squared=get("off_squared", 0), zero=zero,
                           zero_hand=get("zero_hand", 0))
    except RulesetError as error:
        raise RulesetError(_("scoring {text!r}: {error}").format(
            text=shown, error=str(error).removeprefix("scoring: "))) from None


@dataclasses.dataclass(frozen=True)
class Preset:
    """A named scheme: its :class:`ScoringRule` (with the usual bonus of 10, which the ruleset's
    ``exact_bonus`` replaces) and its words as the book has always printed them: ``sentence``
    for the rules in words, ``summary`` for a table of rules and ``name`` for a study's tables
    and legends (English msgids; ``{bonus}`` stands for the exact bonus)."""

    rule: ScoringRule
    sentence: str
    summary: str
    name: str = ""


#: The named schemes (:class:`~trickcore.rules.enums.Scoring`), each built from the numbers.
PRESETS: dict[Scoring, Preset] = {
    Scoring.SIMPLE: Preset(
        ScoringRule(exact=10, exact_trick=1),
        N_("an exact bid scores {bonus} plus the tricks taken; a missed bid scores 0"),
        N_("exact bid: {bonus} + tricks; miss: 0"),
        N_("10 + tricks if exact, else 0")),
    Scoring.COMMON: Preset(
        ScoringRule(trick=1, exact=10),
        N_("every trick taken scores 1, and an exact bid adds {bonus}"),
        N_("1 a trick, +{bonus} for an exact bid"),
        N_("tricks + 10 if exact")),
    Scoring.TEN_PLUS_ZERO_AVAILABLE: Preset(
        ScoringRule(exact=10, exact_trick=1, zero=5, zero_hand=1),
        N_("an exact bid scores {bonus} plus the tricks taken, a made zero scores 5 plus the"
           " tricks in the deal; a missed bid scores 0"),
        N_("exact: {bonus} + tricks (zero: 5 + hand size); miss: 0"),
        N_("as simple, a made zero 5 + h")),
    Scoring.BONUS_ONLY: Preset(
        ScoringRule(exact=10),
        N_("an exact bid scores {bonus}; the tricks themselves score nothing"),
        N_("exact bid: the bonus only; miss: 0"),
        N_("10 if exact, else 0")),
    Scoring.TEN_PER_BID: Preset(
        ScoringRule(bid=10),
        N_("an exact bid scores 10 for each trick bid; a missed bid scores 0"),
        N_("exact: 10 a trick bid; miss: 0"),
        N_("10 a trick bid if exact")),
    Scoring.SQUARES: Preset(
        ScoringRule(exact=10, bid_squared=1, off_squared=-1),
        N_("an exact bid b scores {bonus} + b²; a miss by d tricks loses d²"),
        N_("exact: {bonus} + bid²; miss: minus the square of the error"),
        N_("10 + bid² if exact, else −miss²")),
    Scoring.TRICK_DIFFERENCE: Preset(
        ScoringRule(trick=1, basis="difference"),
        N_("the player with more tricks wins the difference"),
        N_("the difference in tricks")),
    Scoring.AVONDALE: Preset(
        ScoringRule(basis="contract"),
        "",
        N_("contract value from the Avondale schedule; opponents {defenders} a trick")),
}

def avondale_value(tricks: int, denomination: int) -> int:
    """Five Hundred's contract value (the Avondale table): ``40 + 20*s + 100*(tricks - 6)``,
    ``s`` the denomination's rank from 0 (spades) to 4 (no trumps).

    >>> avondale_value(6, 0), avondale_value(8, 0), avondale_value(10, 4)
    (40, 240, 520)
    """
    return 40 + 20 * denomination + 100 * (tricks - 6)


#: What ``zero_bid`` makes a made zero score (``zero``, ``zero_hand``), and its sentence.
_ZERO_RULES = {
    ZeroBid.FIVE: (5, 0, N_("A made bid of zero scores 5.")),
    ZeroBid.TEN: (10, 0, N_("A made bid of zero scores 10.")),
    ZeroBid.FIVE_PLUS_HAND: (5, 1, N_("A made bid of zero scores 5 plus the tricks in the deal.")),
}


def zero_bid_sentence(zero_bid: ZeroBid) -> str:
    """What a ``zero_bid`` option says, as a sentence in the reader's language ("" for the
    scheme's own).

    >>> zero_bid_sentence(ZeroBid.FIVE_PLUS_HAND)
    'A made bid of zero scores 5 plus the tricks in the deal.'
    """
    return _(_ZERO_RULES[zero_bid][2]) if zero_bid is not ZeroBid.SCHEME else ""


@functools.lru_cache(maxsize=256)
def scheme_rule(scheme: Scoring | ScoringRule, exact_bonus: int = 10,
                zero_bid: ZeroBid = ZeroBid.SCHEME) -> ScoringRule:
    """The numbers of a ``scoring`` option: a named scheme's preset with ``exact_bonus`` in place
    of its bonus of 10 (a house rule keeps its own), and a made zero as ``zero_bid`` says.

    >>> scheme_rule(Scoring.COMMON, 5)
    ScoringRule(trick=1, exact_trick=0, exact=5, bid=0, bid_squared=0, off=0, off_squared=0, zero=None, zero_hand=0, basis='bid')
    >>> scheme_rule(Scoring.SIMPLE, zero_bid=ZeroBid.FIVE_PLUS_HAND).text
    'exact-trick=1,exact=10,zero=5,zero-hand=1'
    """
    if isinstance(scheme, ScoringRule):
        rule = scheme
    else:
        rule = PRESETS[scheme].rule
        if rule.exact:
            rule = dataclasses.replace(rule, exact=exact_bonus)
    if zero_bid is not ZeroBid.SCHEME:
        zero, per_card = _ZERO_RULES[zero_bid][:2]
        rule = dataclasses.replace(rule, zero=zero, zero_hand=per_card)
    return rule


def scoring_rule(ruleset: Ruleset) -> ScoringRule:
    """The one value every scorer reads: the ruleset's ``scoring`` with its ``exact_bonus`` and
    ``zero_bid``.

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.rules.options import with_options
    >>> scoring_rule(get_variant("british-oh-hell")).text
    'exact=10'
    >>> scoring_rule(with_options(get_variant("oh-hell"), {"scoring": "exact=10,off=-10"})).off
    -10
    """
    return scheme_rule(ruleset.scoring, ruleset.exact_bonus, ruleset.zero_bid)


def _preset_of(rule: ScoringRule) -> tuple[Preset, int] | None:
    """The named scheme whose words fit ``rule`` (any exact bonus in place of 10), and the bonus."""
    for preset in PRESETS.values():
        if preset.rule == rule or (preset.rule.exact and rule.exact
                                   and dataclasses.replace(rule, exact=10) == preset.rule):
            return preset, rule.exact
    return None


def _expression(terms: list[tuple[int, str]]) -> str:
    """``[(10, ""), (1, "b²"), (-1, "d")]`` as ``10 + b² − d``; ``0`` when every number is 0."""
    out = ""
    for coefficient, symbol in terms:
        if not coefficient:
            continue
        size = abs(coefficient)
        piece = str(size) if not symbol or size != 1 else ""
        piece += symbol
        if not out:
            out = ("−" if coefficient < 0 else "") + piece
        else:
            out += (" − " if coefficient < 0 else " + ") + piece
    return out or "0"


def _made(rule: ScoringRule) -> str:
    return _expression([(rule.trick + rule.exact_trick, "t"), (rule.exact, ""), (rule.bid, "b"),
                        (rule.bid_squared, "b²")])


def _missed(rule: ScoringRule) -> str:
    return _expression([(rule.trick, "t"), (rule.off, "d"), (rule.off_squared, "d²")])


def _zero(rule: ScoringRule) -> str:
    return _expression([(rule.zero or 0, ""), (rule.zero_hand, "h")])


def scoring_sentence(rule: ScoringRule) -> str:
    """The rule in a sentence, in the reader's language, as the rules in words say it: a named
    scheme in its own words, any other from its numbers.

    >>> scoring_sentence(scheme_rule(Scoring.COMMON, 5))
    'every trick taken scores 1, and an exact bid adds 5'
    >>> scoring_sentence(parse_scoring("exact=10,trick=1,off=-1"))
    'an exact bid scores t + 10 and a missed bid t − d (t: the tricks taken, d: the tricks off)'
    >>> from trickcore import i18n
    >>> with i18n.language("fr"):
    ...     print(scoring_sentence(parse_scoring("exact=10,bid-squared=1")))
    une annonce exacte rapporte 10 + b² et une annonce ratée 0 (b : l’annonce)
    """
    found = _preset_of(rule)
    if found is not None and found[0].sentence:
        return _(found[0].sentence).format(bonus=found[1])
    text = _("an exact bid scores {made} and a missed bid {missed}").format(
        made=_made(rule), missed=_missed(rule))
    if rule.zero is not None:
        text += _("; a made zero scores {zero}").format(zero=_zero(rule))
    letters = [_("b: the bid") if rule.bid or rule.bid_squared else "",
               _("t: the tricks taken") if rule.trick or rule.exact_trick else "",
               _("d: the tricks off") if rule.off or rule.off_squared else "",
               _("h: the hand size") if rule.zero_hand else ""]
    named = ", ".join(letter for letter in letters if letter)
    return text + (_(" ({letters})").format(letters=named) if named else "")


def scoring_summary(rule: ScoringRule, *, defenders: int = 10) -> str:
    """The rule in a few words for a table of rules, in the reader's language (``defenders``:
    what Five Hundred's defenders score a trick, its ``defender_trick_points``).

    >>> scoring_summary(scheme_rule(Scoring.SQUARES, 5))
    'exact: 5 + bid²; miss: minus the square of the error'
    >>> scoring_summary(parse_scoring("exact=10,off=-10,zero=5"))
    'exact: 10; miss: −10d; zero: 5'
    """
    found = _preset_of(rule)
    if found is not None:
        return _(found[0].summary).format(bonus=found[1], defenders=defenders)
    text = _("exact: {made}; miss: {missed}").format(made=_made(rule), missed=_missed(rule))
    if rule.zero is not None:
        text += _("; zero: {zero}").format(zero=_zero(rule))
    return text


def scoring_name(rule: ScoringRule) -> str:
    """A short English name for a study's tables and legends (the caller translates it): a
    named scheme's own, any other the words of :func:`scoring_summary` in English.

    >>> scoring_name(PRESETS[Scoring.SQUARES].rule), scoring_name(parse_scoring("bid=10,off=-10"))
    ('10 + bid² if exact, else −miss²', 'exact: 10b; miss: −10d')
    """
    found = _preset_of(rule)
    if found is not None and found[0].name and found[0].rule == rule:
        return found[0].name
    text = f"exact: {_made(rule)}; miss: {_missed(rule)}"
    return text + (f"; zero: {_zero(rule)}" if rule.zero is not None else "")

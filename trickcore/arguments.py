"""Checks of a public function's arguments, made at the door: one helper per kind of argument.

Every public function of trickcore hands its arguments to these before it uses them, so a count
that is not a whole number, an index outside what it indexes or a value of the wrong type is
refused at once, with a message that names the argument, what was given and what is wanted,
and nothing has changed.  A value of the wrong *type* raises :class:`TypeError`; a value of the
right type out of its range raises :class:`~trickcore.errors.ArgumentError` (an index out of
range :class:`~trickcore.errors.ArgumentIndexError`, which is also an :class:`IndexError`).

>>> from trickcore.arguments import count, index, instance
>>> count(3, "deals")
3
>>> count(4.5, "deals")
Traceback (most recent call last):
...
TypeError: deals should be a whole number (an int), not 4.5 (a float)
>>> count(0, "samples")
Traceback (most recent call last):
...
trickcore.errors.ArgumentError: samples should be at least 1, not 0
>>> index(20, "deal", 19, "the demo has 19 deals")
Traceback (most recent call last):
...
trickcore.errors.ArgumentIndexError: deal should be from 0 to 18 (the demo has 19 deals), not 20
>>> instance("4", "players", int, "a whole number")
Traceback (most recent call last):
...
TypeError: players should be a whole number, not '4' (a str)
"""

from __future__ import annotations

import functools
import inspect
import math
import operator
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from trickcore.errors import ArgumentError, ArgumentIndexError
from trickcore.i18n import _

__all__ = ["count", "given", "index", "instance", "number", "sequence", "shown", "typed"]

T = TypeVar("T")

#: The most characters of a given value a message quotes.
_QUOTED = 40
#: Whole numbers of more bits than this (about 77 digits) are described by their length
#: (str() of a huge int is slow, and Python refuses it past 4,300 digits).
_BITS = 256


def given(value: object) -> str:
    """A short description of ``value`` for a message: its repr (cut short) and its type.

    >>> given("oh-hell"), given(True), given(10 ** 100)
    ("'oh-hell' (a str)", 'True (a bool)', 'a whole number of 101 digits (an int)')
    """
    kind = type(value).__name__
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > _BITS:
        return _("a whole number of {digits:,} digits (an int)").format(digits=_digits(value))
    try:
        text = repr(value)
    except Exception:
        text = "<?>"
    text = " ".join(text.split())
    if len(text) > _QUOTED:
        text = text[:_QUOTED - 1] + "…"
    if kind[:1].lower() in "aeiou":
        return _("{text} (an {kind})").format(text=text, kind=kind)
    return _("{text} (a {kind})").format(text=text, kind=kind)


def shown(value: int) -> str:
    """A whole number for a message: its digits, or how many digits it has when it is long."""
    return str(value) if value.bit_length() <= _BITS else _(
        "a whole number of {digits:,} digits").format(digits=_digits(value))


def _digits(value: int) -> int:
    """How many decimal digits ``value`` has (without str(), which refuses long ones)."""
    digits = math.floor((abs(value).bit_length() - 1) * math.log10(2)) + 1
    return int(digits + (abs(value) >= 10 ** digits))


def count(value: object, name: str, *, low: int | None = 1, high: int | None = None,
          has: str | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (``None``: no bound that way).

    A bool, a float (even 4.0, NaN or an infinity), a string... raise :class:`TypeError`; a
    whole number out of range raises :class:`~trickcore.errors.ArgumentError`.  Integer types
    other than :class:`int` (numpy's) are accepted through :func:`operator.index`.  ``has``
    says what bounds the range, in words (``"the match has 19 deals"``).

    >>> count(0, "deals", low=0), count(True, "deals")
    Traceback (most recent call last):
    ...
    TypeError: deals should be a whole number (an int), not True (a bool)
    >>> count(10 ** 5000, "seat", low=0, high=3)
    Traceback (most recent call last):
    ...
    trickcore.errors.ArgumentError: seat should be from 0 to 3, not a whole number of 5,001 digits
    """
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(_("{name} should be a whole number (an int), not {given}").format(
            name=name, given=given(value)))
    number = operator.index(value)  # type: ignore[arg-type]
    if (low is not None and number < low) or (high is not None and number > high):
        if low is None:
            message = _("{name} should be at most {high}, not {value}")
        elif high is None:
            message = _("{name} should be at least {low}, not {value}")
        elif high == low:
            message = _("{name} should be {low}, not {value}")
        else:
            message = _("{name} should be from {low} to {high}, not {value}")
        if has is not None:
            message = message.replace("{name}", "{name} ({has})", 1)
        raise ArgumentError(message.format(name=name, low=low, high=high, value=shown(number),
                                           has=has))
    return number


def index(value: object, name: str, length: int, has: str) -> int:
    """``value`` as an index of something of ``length`` items (0 to ``length - 1``; no
    negative index counts from the end).  ``has`` says what is indexed and how many it holds
    (``"the match has 19 deals"``).

    >>> index(-1, "deal", 19, "the match has 19 deals")
    Traceback (most recent call last):
    ...
    trickcore.errors.ArgumentIndexError: deal should be from 0 to 18 (the match has 19 deals), not -1
    """
    number = count(value, name, low=None)
    if not 0 <= number < length:
        if length == 0:
            raise ArgumentIndexError(_("there is no {name} to choose ({has}), not {value}").format(
                name=name, has=has, value=shown(number)))
        raise ArgumentIndexError(_("{name} should be from 0 to {last} ({has}), not {value}").format(
            name=name, last=length - 1, has=has, value=shown(number)))
    return number


def instance(value: object, name: str, kind: type[T] | tuple[type, ...], wanted: str) -> T:
    """``value`` itself when it is an instance of ``kind``; else :class:`TypeError` that says
    what was given and what is ``wanted`` (in words: ``"a Ruleset (get_variant('oh-hell'))"``).

    >>> instance(["AS"], "cards", (list, tuple), "a list of cards")
    ['AS']
    """
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and int in kinds:  # True is an int to Python, not to a reader
        raise TypeError(_("{name} should be {wanted}, not {given}").format(
            name=name, wanted=wanted, given=given(value)))
    if not isinstance(value, kind):
        raise TypeError(_("{name} should be {wanted}, not {given}").format(
            name=name, wanted=wanted, given=given(value)))
    return value  # type: ignore[return-value]


def number(value: object, name: str, *, low: float, high: float | None = None,
           above: bool = False) -> float:
    """``value`` as a finite real number from ``low`` (more than ``low`` when ``above``) to
    ``high``: seconds, a fraction.  A bool, NaN, an infinity or a string is refused.

    >>> number(float("nan"), "timeout", low=0, above=True)
    Traceback (most recent call last):
    ...
    trickcore.errors.ArgumentError: timeout should be a finite number more than 0, not nan
    """
    if isinstance(value, bool) or (not isinstance(value, (int, float)) and not hasattr(
            type(value), "__float__")):
        raise TypeError(_("{name} should be a number, not {given}").format(
            name=name, given=given(value)))
    real = float(value)  # type: ignore[arg-type]
    if isinstance(value, int):
        real = float(value) if value.bit_length() < 1000 else math.copysign(math.inf, value)
    too_low = real <= low if above else real < low
    if not math.isfinite(real) or too_low or (high is not None and real > high):
        if high is None:
            message = (_("{name} should be a finite number more than {low}, not {value}") if above
                       else _("{name} should be a finite number of at least {low}, not {value}"))
        else:
            message = _("{name} should be a finite number from {low} to {high}, not {value}")
        raise ArgumentError(message.format(name=name, low=low, high=high,
                                           value=shown(value) if isinstance(value, int)
                                           else repr(real)))
    return real


def sequence(value: object, name: str, *, at_least: int, wanted: str) -> Sequence[Any]:
    """``value`` as a sequence (a list or a tuple...; not a string) of at least ``at_least``
    items: :class:`TypeError` for anything else, :class:`~trickcore.errors.ArgumentError` when
    it is too short.

    >>> sequence([1], "bots", at_least=3, wanted="one bot a seat")
    Traceback (most recent call last):
    ...
    trickcore.errors.ArgumentError: bots should hold at least 3 items (one bot a seat), not 1
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(_("{name} should be a list ({wanted}), not {given}").format(
            name=name, wanted=wanted, given=given(value)))
    if len(value) < at_least:
        raise ArgumentError(_("{name} should hold at least {least} items ({wanted}), not "
                              "{count}").format(name=name, least=at_least, wanted=wanted,
                                                count=len(value)))
    return value


#: What a whole number, a real number and a text are called in a refusal.
_WORDS = {int: "a whole number (an int)", float: "a number", str: "a text (a str)",
          bool: "True or False", bytes: "bytes"}
#: The checks of each function :func:`typed` wraps, worked out at its first call.
_PLANS: dict[Callable[..., Any], list[tuple[str, tuple[type, ...], str]] | None] = {}


def _kinds(hint: Any) -> tuple[type, ...] | None:
    """The classes a value of annotation ``hint`` may be an instance of (``None``: any)."""
    origin = typing.get_origin(hint)
    if hint is Any or isinstance(hint, typing.TypeVar) or origin is typing.Literal:
        return None
    if origin in (typing.Union, types.UnionType):
        found: list[type] = []
        for member in typing.get_args(hint):
            kinds = _kinds(member)
            if kinds is None:
                return None
            found.extend(kinds)
        return tuple(found)
    if hint is None or hint is type(None):
        return (type(None),)
    target = origin if origin is not None else hint
    if hint is float:
        return (int, float)
    if not isinstance(target, type) or getattr(target, "_is_protocol", False):
        return None
    try:
        isinstance(None, target)
    except TypeError:
        return None
    return (target,)


def _wanted(kinds: tuple[type, ...]) -> str:
    names = [_WORDS.get(kind) or ("None" if kind is type(None) else
                                  f"a {getattr(kind, '__name__', kind)}") for kind in kinds]
    return _(" or ").join(dict.fromkeys(names))


def _plan(function: Callable[..., Any]) -> list[tuple[str, tuple[type, ...], str]] | None:
    plan = []
    namespace = dict(getattr(function, "__globals__", {}))
    for name, written in inspect.get_annotations(function).items():
        try:  # one by one: a hint only a type checker can read (TYPE_CHECKING) is not checked
            hint = eval(written, namespace) if isinstance(written, str) else written
            kinds = _kinds(hint)
        except Exception:  # a NameError, or a hint of no class
            continue
        if name != "return" and kinds is not None:
            plan.append((name, kinds, _wanted(kinds)))
    return plan


F = TypeVar("F", bound=Callable[..., Any])


def typed(function: F) -> F:
    """Check every argument of ``function`` against its annotation before it runs: a value of
    another type is a :class:`TypeError` that names the argument, what was given and what is
    wanted.  An ``int`` is never a bool, a ``float`` is an int or a float; containers are
    checked by their kind (a ``Sequence[Card]`` is a sequence), protocols and ``Any`` not at
    all.  For the public functions that people call, not the engine's inner loops.

    >>> @typed
    ... def deal_again(ruleset: str, players: int, seed: int | None = None) -> None:
    ...     pass
    >>> deal_again("oh-hell", True)
    Traceback (most recent call last):
    ...
    TypeError: deal_again(): players should be a whole number (an int), not True (a bool)
    """
    signature = inspect.signature(function)

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        plan = _PLANS.get(function, ())
        if plan == ():
            plan = _PLANS[function] = _plan(function)
        if plan:
            try:
                bound = signature.bind(*args, **kwargs).arguments
            except TypeError:
                return function(*args, **kwargs)  # Python's own complaint about the call
            for name, kinds, wanted in plan:
                if name not in bound:
                    continue
                value = bound[name]
                if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds
                                                    and int in kinds):
                    raise TypeError(_("{function}(): {name} should be {wanted}, not {given}")
                                    .format(function=function.__qualname__.removesuffix(".__init__"), name=name,
                                            wanted=wanted, given=given(value)))
        return function(*args, **kwargs)

    return checked  # type: ignore[return-value]

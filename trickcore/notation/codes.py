"""Deal codes: a short, copyable name for a seeded deal that a teacher can put on the board.

A code is ``VARIANT-PLAYERS-SEED`` with an optional ``-DEAL`` (1-based), for example
``oh-hell-4-2718`` (the first deal of that match) or ``five-hundred-4-99-3`` (its third deal).
The same code gives the same cards on every machine.

A house-ruled ruleset (made with :func:`~trickcore.rules.with_options`) travels in its code:
each option that differs from the variant's follows, after a ``~``, as ``NAME=VALUE``
(``oh-hell-4-2026-4~schedule=up-down~hook=false``), in the order of
:func:`~trickcore.rules.option_names`, with the values that ``with_options`` reads (``true`` and
``false``, whole numbers, an option type's value).  An option whose value is a table (a scoring
table, a list of hand sizes) has no short form: :func:`deal_code` refuses it in one line, and a
game record (:func:`~trickcore.notation.records.write_record`) carries it instead.  A code with
no ``~`` names the variant's own rules, as before.

>>> code = deal_code("oh-hell", 4, 2718)
>>> code
'oh-hell-4-2718'
>>> parse_deal_code(code)
DealCode(variant='oh-hell', players=4, seed=2718, deal=1)
>>> state = state_from_code("contract-whist-5-7-2")
>>> state.hand_size, state.players
(6, 5)
>>> house = with_options(get_variant("oh-hell"), {"schedule": "up-down"})
>>> deal_code(house, 4, 2026, deal=4)
'oh-hell-4-2026-4~schedule=up-down'
>>> state_from_code("oh-hell-4-2026-4~schedule=up-down").hand_size
4
>>> parse_deal_code("oh-hell-9-1")
Traceback (most recent call last):
...
trickcore.errors.CardCodeError: 'oh-hell-9-1' is not a deal code: Oh Hell! is for 3, 4, 5, 6, 7 players, not 9
"""

from __future__ import annotations

import re
from typing import NamedTuple

from trickcore.arguments import typed
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.errors import CardCodeError, TrickcoreError
from trickcore.i18n import _, format_decimal, ngettext
from trickcore.rules import GameEnd, Ruleset, get_variant, with_options
from trickcore.rules.options import options_of
from trickcore.rules.registry import VARIANTS

__all__ = [
    "MAX_CODE_SEED",
    "MAX_DEAL_CODE_CHARS",
    "OPTION_SEPARATOR",
    "DealCode",
    "deal_code",
    "house_options",
    "match_from_code",
    "parse_deal_code",
    "read_deal_code",
    "state_from_code",
]

#: The largest seed a deal code holds (twelve digits).
MAX_CODE_SEED = 10**12 - 1

#: The longest deal code, house options and all: a code is for pasting and reading aloud, so a
#: text longer than this is refused before it is read, and no longer code is ever written (a
#: ruleset changed that much travels as a record instead).
MAX_DEAL_CODE_CHARS = 600

# ASCII digits only (``\d`` would take Arabic-Indic and other digits); a deal number of any
# up to 12 digits is read, so that one too large is refused for what it is.
_CODE_WITH_DEAL = re.compile(r"^\s*([a-z][a-z0-9-]*?)-([0-9]{1,2})-([0-9]{1,12})-([0-9]{1,12})\s*$")
_CODE_FIRST_DEAL = re.compile(r"^\s*([a-z][a-z0-9-]*?)-([0-9]{1,2})-([0-9]{1,12})\s*$")


#: What comes before each house option in a deal code.
OPTION_SEPARATOR = "~"

_VALUE = re.compile(r"[a-z0-9][a-z0-9_.+-]*")


class DealCode(NamedTuple):
    """The parts of a deal code (its house options, if any, are in the ruleset that
    ``read_deal_code`` returns: ``house_options`` lists them).

    >>> parse_deal_code("oh-hell-4-2718-3")
    DealCode(variant='oh-hell', players=4, seed=2718, deal=3)
    >>> house_options(read_deal_code("oh-hell-4-2718-3~hook=false")[1])
    (('hook', 'false'),)
    """

    variant: str
    players: int
    seed: int
    deal: int = 1


def _option_text(name: str, value: object) -> str | None:
    """An option's value as a code writes it, or ``None`` when it has no short form."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and _VALUE.fullmatch(value):
        return value
    return None


def house_options(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """The options in which ``ruleset`` differs from its variant, as a code writes them; a
    :class:`~trickcore.errors.CardCodeError` for one that has no short form.

    >>> house_options(with_options(get_variant("oh-hell"), {"hook": False, "exact_bonus": 5}))
    (('hook', 'false'), ('exact_bonus', '5'))
    """
    base = VARIANTS.get(ruleset.key)
    if base is None or ruleset is base or ruleset == base:
        return ()
    out = []
    for name, value in options_of(ruleset, base).items():
        text = _option_text(name, value)
        if text is None:
            raise CardCodeError(_("no deal code for these house rules: {name} is {value!r}, which"
                                  " a code cannot hold; share a game record instead"
                                  " (write_record)").format(name=name, value=value))
        out.append((name, text))
    return tuple(out)


def deal_code(variant: str | Ruleset, players: int, seed: int, deal: int = 1) -> str:
    """The code of deal ``deal`` (1-based) of the match ``variant``/``players``/``seed``.

    ``variant`` is a name (looked up in the registry) or a ruleset already resolved.  A code
    that :func:`parse_deal_code` would refuse is never made: the same error is raised here.

    >>> deal_code("Oh Hell!", 4, 2718, deal=3), deal_code("humbug", 2, 7)
    ('oh-hell-4-2718-3', 'humbug-2-7')
    >>> deal_code("oh-hell", 4, -1)
    Traceback (most recent call last):
    ...
    trickcore.errors.CardCodeError: no deal code for seed -1: a code's seed is 0 to 999999999999
    """
    ruleset = variant if isinstance(variant, Ruleset) else get_variant(variant)
    for name, value in (("player count", players), ("seed", seed), ("deal", deal)):
        if type(value) is not int:
            raise CardCodeError(_("no deal code for {name} {value!r}: it is a whole number").format(
                                    name=name, value=value))
    if not 0 <= seed <= MAX_CODE_SEED:
        raise CardCodeError(_("no deal code for seed {seed}: a code's seed is 0 to 999999999999").format(
                                seed=seed))
    base = f"{ruleset.key}-{players}-{seed}"
    code = base if deal == 1 else f"{base}-{deal}"
    problem = _problem(ruleset, players, deal)  # the parser's own checks
    if problem is not None:
        raise CardCodeError(_("no deal code {code}: {problem}").format(code=code, problem=problem))
    code += "".join(f"{OPTION_SEPARATOR}{k}={v}" for k, v in house_options(ruleset))
    if len(code) > MAX_DEAL_CODE_CHARS:
        raise CardCodeError(_("no deal code for {variant}: its house options make a code of {count}"
                              " characters, more than {limit}; share the game's record"
                              " instead").format(variant=ruleset.key, count=format_decimal(len(code), 0),
                                                 limit=MAX_DEAL_CODE_CHARS))
    return code


@typed
def parse_deal_code(code: str) -> DealCode:
    """Read a deal code, checking the variant, the player count and the deal number.

    A variant key may end in a number (``five-hundred-2``), so a code can be read two ways;
    the reading whose variant accepts the player count wins.

    >>> parse_deal_code("five-hundred-2-2-5")
    DealCode(variant='five-hundred-2', players=2, seed=5, deal=1)
    >>> parse_deal_code("humbug-2-1-2")
    Traceback (most recent call last):
    ...
    trickcore.errors.CardCodeError: 'humbug-2-1-2' is not a deal code: Humbug with 2 players has 1 deal
    """
    return read_deal_code(code)[0]


def read_deal_code(code: str) -> tuple[DealCode, Ruleset]:
    """The code's parts and its variant's :class:`~trickcore.rules.Ruleset`, read once: pass
    the ruleset on rather than looking the variant up again.

    >>> parsed, ruleset = read_deal_code("oh-pshaw-3-5-2")
    >>> parsed.deal, ruleset.name
    (2, 'Oh Pshaw')
    """
    if not isinstance(code, str):
        raise CardCodeError(_("{code!r} is not a deal code: expected text such as oh-hell-4-2718").format(
                                code=code))
    if len(code) > MAX_DEAL_CODE_CHARS:
        raise CardCodeError(_("a deal code has at most {limit} characters, and this text has"
                              " {count}: paste the code alone").format(
            limit=MAX_DEAL_CODE_CHARS, count=format_decimal(len(code), 0)))
    text, *house = code.lower().strip().split(OPTION_SEPARATOR)
    parsed, ruleset = _read_plain(code, text)
    if not house:
        return parsed, ruleset
    options: dict[str, str] = {}
    for item in house:
        name, equals, value = item.partition("=")
        if not equals or not name or not value:
            raise CardCodeError(_("{code!r} is not a deal code: each house option after ~ is"
                                  " NAME=VALUE, not {item!r}").format(code=code, item=item))
        options[name] = value
    try:
        changed = with_options(ruleset, options)
    except TrickcoreError as error:
        raise CardCodeError(_("{code!r} is not a deal code: {problem}").format(
            code=code, problem=error)) from None
    problem = _problem(changed, parsed.players, parsed.deal)
    if problem is not None:
        raise CardCodeError(_("{code!r} is not a deal code: {problems}").format(
            code=code, problems=problem))
    return parsed, changed


def _read_plain(code: str, text: str) -> tuple[DealCode, Ruleset]:
    """The code's variant, players, seed and deal (``text``: the code before any ``~``)."""
    problems: list[str] = []
    for pattern in (_CODE_FIRST_DEAL, _CODE_WITH_DEAL):
        found = pattern.match(text)
        if found is None:
            continue
        variant, players, seed = found.group(1), int(found.group(2)), int(found.group(3))
        number = int(found.group(4)) if pattern is _CODE_WITH_DEAL else 1
        try:
            ruleset = get_variant(variant)
        except TrickcoreError as error:
            problems.append(str(error))  # a reading with an unknown variant explains least
            continue
        problem = _problem(ruleset, players, number)
        if problem is not None:
            problems.insert(0, problem)
            continue
        return DealCode(ruleset.key, players, seed, number), ruleset
    if not problems:
        raise CardCodeError(_("{code!r} is not a deal code: expected VARIANT-PLAYERS-SEED[-DEAL], "
                              "for example oh-hell-4-2718").format(
                                code=code))
    raise CardCodeError(_("{code!r} is not a deal code: {problems}").format(
                            code=code, problems=problems[0]))


def _problem(ruleset: Ruleset, players: int, number: int) -> str | None:
    """Why deal ``number`` of a ``players``-player match of ``ruleset`` has no code."""
    try:
        ruleset.check_players(players)
    except TrickcoreError as error:
        return str(error)
    if number < 1:
        return _("deals are numbered from 1")
    schedule = ruleset.hand_sequence(players)
    if ruleset.game_end is GameEnd.FIXED_DEALS and number > len(schedule):
        return ngettext("{game} with {players} players has {count} deal",
                        "{game} with {players} players has {count} deals", len(schedule)).format(
                            game=ruleset.title, players=players, count=len(schedule))
    if number > ruleset.max_deals:
        return _("a match of {game} lasts at most {most} deals, not {number}").format(
            game=ruleset.title, most=ruleset.max_deals, number=number)
    return None


@typed
def match_from_code(code: str) -> Match:
    """A new match for the code's variant, players and seed (no deal made yet).

    >>> match = match_from_code("oh-hell-4-2718-5")
    >>> match.ruleset.key, match.players, match.seed, len(match.deals)
    ('oh-hell', 4, 2718, 0)
    """
    parsed, ruleset = read_deal_code(code)
    return Match(ruleset, parsed.players, parsed.seed)


@typed
def state_from_code(code: str) -> HandState:
    """The deal a code names, ready to bid and play.

    Its dealer and hand size follow the match schedule, as if the earlier deals had been
    thrown in (in Five Hundred with redeals the dealer assumes no deal was passed out).

    >>> state = state_from_code("humbug-2-7")
    >>> state.players, state.hand_size, state.phase.value
    (2, 26, 'playing')
    """
    parsed, ruleset = read_deal_code(code)
    match = Match(ruleset, parsed.players, parsed.seed)
    return HandState(ruleset, match.make_deal(parsed.deal - 1))

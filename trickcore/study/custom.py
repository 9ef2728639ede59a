"""Your own study, on the same runner as the book's: a function of a deal, or of a match.

Write a function that looks at one deal (or one played match) and returns what it saw as
counts: a dict of whole numbers (``True`` counts as 1), dicts and lists of them.
:func:`deal_study` and :func:`match_study` make a :class:`~trickcore.study.chunked.Study` of it,
which :func:`~trickcore.study.runner.run_study` runs in seeded chunks: on one process, on local
processes (``jobs=``) or on Dask (``scheduler=``), resumable, and the same to the last digit
however it is shared out.  To run on other processes the function must be defined at the top
level of a module or script (or a notebook); a lambda is refused in one line.

>>> import trickcore as tc
>>> from trickcore.study.runner import run_study
>>> def trumps(deal):
...     held = sum(card.suit == deal.trump for card in tc.cards_of(deal.hands[0]))
...     return {"deals": 1, "three_or_more": held >= 3}
>>> study = deal_study("trumps", trumps, tc.get_variant("oh-hell"), players=4, hand_size=10)
>>> run = run_study(study, deals=200, seed=1, cache=False)
>>> run.counts["deals"], 0 < run.counts["three_or_more"] < 200
(200, True)
>>> run_study(study, deals=200, seed=1, cache=False, jobs=1).dumps() == run.dumps()
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from trickcore.arguments import typed
from trickcore.engine.dealing import Deal, deal_cards
from trickcore.engine.match import Match
from trickcore.engine.turns import Bot, play_deal
from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.rules import Ruleset
from trickcore.rules.options import options_of
from trickcore.rules.registry import get_variant
from trickcore.study.chunked import STUDIES, Counts, Study, merge

__all__ = ["DealQuestion", "MatchQuestion", "counts_of", "deal_study", "match_study"]

#: ``question(deal) -> counts``: what one deal shows.
DealQuestion = Callable[[Deal], Mapping[str, Any]]
#: ``question(match) -> counts``: what one finished match shows.
MatchQuestion = Callable[[Match], Mapping[str, Any]]


def counts_of(value: Any, where: str = "the result") -> Any:
    """``value`` as counts: booleans become 0 and 1; anything but whole numbers, lists and dicts
    with text keys is refused in one line.

    >>> counts_of({"made": True, "tricks": [0, 2]})
    {'made': 1, 'tricks': [0, 2]}
    >>> counts_of({"mean": 0.5})
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: a study's counts are whole numbers (in dicts and lists), but the result['mean'] is 0.5: count the cases and divide afterwards
    """
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Mapping):
        return {str(k): counts_of(v, f"{where}[{k!r}]") for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [counts_of(v, f"{where}[{i}]") for i, v in enumerate(value)]
    raise TrickcoreError(_("a study's counts are whole numbers (in dicts and lists), but {where}"
                           " is {value!r}: count the cases and divide afterwards").format(
                               where=where, value=value))


def _definition(function: Callable[..., Any], settings: str) -> str:
    """What the study computes: the function's module and name, a digest of its code (so that
    an edited function is never resumed from a cache of the old one) and its settings."""
    code = getattr(function, "__code__", None)
    digest = hashlib.sha256(repr((code.co_code, code.co_consts, code.co_names)).encode()
                            ).hexdigest()[:12] if code is not None else "?"
    name = getattr(function, "__qualname__", type(function).__name__)
    return f"{getattr(function, '__module__', '?')}.{name} {digest} {settings}"


def _rules(rules: Ruleset | str) -> Ruleset:
    return get_variant(rules) if isinstance(rules, str) else rules


def _settings(rules: Ruleset, **more: Any) -> str:
    options = options_of(rules, get_variant(rules.key))
    return " ".join([rules.key, *(f"{k}={v}" for k, v in sorted(options.items())),
                     *(f"{k}={v}" for k, v in more.items())])


@dataclasses.dataclass(frozen=True)
class _DealChunk:
    """A chunk of a deal study: deals ``first`` on, dealt from the chunk's generator."""

    question: DealQuestion
    rules: Ruleset
    players: int
    hand_size: int | None

    def __call__(self, rng: random.Random, first: int, count: int) -> Counts:
        out: Counts = {}
        size = self.hand_size or self.rules.max_hand_size(self.players)
        for g in range(first, first + count):
            deal = deal_cards(self.rules, players=self.players, dealer=g % self.players,
                              hand_size=size, rng=rng)
            out = merge(out, counts_of(self.question(deal), f"{_name(self.question)}(deal)"))
        return out


def _name(function: Any) -> str:
    return str(getattr(function, "__name__", type(function).__name__))


def _check_name(name: str) -> str:
    if not isinstance(name, str) or not name or name in STUDIES:
        raise TrickcoreError(_("a study of your own needs a name of its own, not {name!r} (the"
                               " book's studies are {names})").format(
                                   name=name, names=", ".join(sorted(STUDIES))))
    return name


@typed
def deal_study(name: str, question: DealQuestion, rules: Ruleset | str, *, players: int,
               hand_size: int | None = None, chunk_size: int = 1000,
               fields: Mapping[str, str] | None = None, seconds: float = 0.1) -> Study:
    """A study that deals ``players`` hands of ``hand_size`` cards (the largest the pack allows
    by default) of ``rules``, the dealer turning one seat each deal, and adds up
    ``question(deal)`` over the deals.  ``fields`` gives a one-line meaning of each count;
    ``chunk_size`` deals make a chunk (fixed: it decides which cards each deal gets, so the same
    seed with another chunk size deals other cards); ``seconds`` is about how long a chunk
    takes (it only decides how chunks are grouped into tasks).

    >>> import trickcore as tc
    >>> deal_study("hook", lambda deal: {}, tc.get_variant("oh-hell"), players=4)
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: a study of your own needs a name of its own, not 'hook' (the book's studies are bids, five-hundred-contracts, holdings, hook, humbug-perfect)
    """
    ruleset = _rules(rules)
    ruleset.check_players(players)
    return Study(_check_name(name), chunk_size, _("deals of {game}, {players} players").format(
                     game=ruleset.title, players=players),
                 _DealChunk(question, ruleset, players, hand_size), seconds,
                 _definition(question, _settings(ruleset, players=players, hand_size=hand_size)),
                 tuple((fields or {}).items()), "deals")


@dataclasses.dataclass(frozen=True)
class _MatchChunk:
    """A chunk of a match study: matches ``first`` on, each from its own seed."""

    question: MatchQuestion
    rules: Ruleset
    players: int
    bots: tuple[Bot, ...]
    name: str

    def __call__(self, rng: random.Random, first: int, count: int) -> Counts:
        out: Counts = {}
        for _g in range(first, first + count):
            match = Match(self.rules, self.players, seed=rng.randrange(10**12))
            while not match.is_over:
                play_deal(match.next_deal(), self.bots)
            out = merge(out, counts_of(self.question(match), f"{_name(self.question)}(match)"))
        return out


@typed
def match_study(name: str, question: MatchQuestion, rules: Ruleset | str,
                bots: Sequence[Bot], *, players: int | None = None, chunk_size: int = 10,
                fields: Mapping[str, str] | None = None, seconds: float = 0.5) -> Study:
    """A study that plays whole matches of ``rules`` with ``bots`` (one per seat) and adds up
    ``question(match)`` over them.  The bots must keep no state from move to move for the
    result to be the same however the matches are shared out; to compare bots, with seats and
    partnerships rotated and win rates with intervals, use
    :func:`~trickcore.play_matches`.

    >>> import trickcore as tc
    >>> def dealer_wins(match):
    ...     return {"matches": 1, "first_dealer_won": match.dealer_for(0) in match.winners}
    >>> study = match_study("dealer", dealer_wins, "humbug", [tc.HeuristicBot()] * 2)
    >>> from trickcore.study.runner import run_study
    >>> run_study(study, deals=4, seed=1, cache=False).counts["matches"]
    4
    """
    ruleset = _rules(rules)
    count = players if players is not None else len(bots)
    ruleset.check_players(count)
    if len(bots) != count:
        raise TrickcoreError(_("a match of {players} players needs {players} bots, not"
                               " {count}").format(players=count, count=len(bots)))
    names = ",".join(_name(b) for b in bots)
    return Study(_check_name(name), chunk_size, _("matches of {game}, {players} players").format(
                     game=ruleset.title, players=count),
                 _MatchChunk(question, ruleset, count, tuple(bots), name), seconds,
                 _definition(question, _settings(ruleset, players=count, bots=names)),
                 tuple((fields or {}).items()), "games")

"""Bots against bots over whole games: win rates and points with 95% intervals.

:func:`play_matches` plays ``games`` whole matches of a variant with a line-up of bots, turning
the line-up one seat each game (so every bot sits everywhere, deals first and, in a partnership
game, partners each seat in turn), on the study runner: chunked, seeded, on local processes
(``jobs=``) or Dask (``scheduler=``), and the same to the last digit however it is shared.
A bot is named by its strength (``"beginner"``, ``"standard"``, ``"strong"``:
:mod:`trickcore.players.strength`, made afresh for each deal and seeded by it) or given as a bot
that keeps no state from move to move.  ``trickcore games`` is its command line.

>>> import trickcore as tc
>>> result = play_matches("humbug", {"standard": "standard", "beginner": "beginner"},
...                       games=20, seed=1, cache=False)
>>> [s.bot for s in result.standings], result.games
(['standard', 'beginner'], 20)
>>> s = result.standings[0]
>>> s.wins.low <= s.wins.mean <= s.wins.high, s.fair_share
(True, 0.5)
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from trickcore.arguments import instance
from trickcore.engine.match import Match
from trickcore.engine.turns import Bot, play_deal
from trickcore.errors import RulesetError, TrickcoreError
from trickcore.i18n import _
from trickcore.notation.codes import deal_code
from trickcore.players.strength import STRENGTHS, StrengthBot
from trickcore.rules import Ruleset
from trickcore.rules.registry import get_variant
from trickcore.study.chunked import Counts, Study, merge
from trickcore.study.custom import _definition, _settings
from trickcore.study.runner import StudyRun, records_frame, run_study
from trickcore.study.stats import MeanEstimate, mean_from_sums, wilson

__all__ = ["GAME_FIELDS", "MatchesResult", "Standing", "play_matches"]

#: A win shared by several winners is split between them, in whole units: this many make one
#: win (the least common multiple of 1 to 7, the most winners a game can have).
WIN_UNITS = 420

#: The meaning of each count of a games run, per bot.
GAME_FIELDS = {
    "games": "games the bot played (in at least one seat)",
    "seats": "seat-games it played (a bot holding two seats counts two a game)",
    "win_units_sum": f"its share of the wins, in 1/{WIN_UNITS}ths of a game (a win shared by k"
                     " winners counts 1/k), summed over the games",
    "win_units_squares": "the sum of the squares of each game's share (for its interval)",
    "points_sum": "its seats' final totals, added up over the games",
    "points_squares": "the sum of the squares of each game's total over its seats",
}

#: A bot in a line-up: a strength's name or a bot.
BotSpec = str | Bot


class Standing(NamedTuple):
    """One bot's results in :func:`play_matches`, with 95% intervals.

    >>> result = play_matches("humbug", ["standard", "beginner"], games=10, seed=1, cache=False)
    >>> standing = result.standings[0]
    >>> standing.bot, standing.games, standing.seats, standing.fair_share
    ('standard', 10, 1, 0.5)
    """

    bot: str
    """The bot's name."""
    games: int
    """Games it played."""
    seats: int
    """Seats it held each game."""
    wins: MeanEstimate
    """Its share of the games won (a shared win split between the winners), with its 95% Wilson
    interval (the share counted as wins out of the games)."""
    fair_share: float
    """The share of the wins it would have if every seat won as often: its seats / the seats."""
    points: MeanEstimate
    """Its final total a game (a seat's, or a partnership's), with its interval."""


def _lineup(bots: Mapping[str, BotSpec] | Sequence[BotSpec]) -> list[tuple[str, BotSpec]]:
    if isinstance(bots, Mapping):
        items = [(str(k), v) for k, v in bots.items()]
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        items = [(v if isinstance(v, str) else getattr(v, "__name__", type(v).__name__), v)
                 for v in bots]
    else:
        raise TrickcoreError(_("bots must be a list or a dict of name: bot, not {bots!r}").format(
            bots=bots))
    if not items:
        raise TrickcoreError(_("play_matches needs at least one bot"))
    for name, spec in items:
        if isinstance(spec, str) and spec not in STRENGTHS:
            raise TrickcoreError(_("{name!r}: {spec!r} is not a bot strength; the strengths are"
                                   " {strengths}").format(name=name, spec=spec,
                                                          strengths=", ".join(STRENGTHS)))
        if not isinstance(spec, str) and not callable(spec):
            raise TrickcoreError(_("{name!r} is {spec!r}, which is not a bot").format(
                name=name, spec=spec))
    return items


@dataclasses.dataclass(frozen=True)
class _GamesChunk:
    """Games ``first`` on: game ``g`` seats the line-up turned ``g`` places."""

    rules: Ruleset
    players: int
    lineup: tuple[tuple[str, BotSpec], ...]

    def __call__(self, rng: random.Random, first: int, count: int) -> Counts:
        out: Counts = {}
        k = len(self.lineup)
        for g in range(first, first + count):
            seed = rng.randrange(10**12)
            seated = [self.lineup[(s + g) % k] for s in range(self.players)]
            match = Match(self.rules, self.players, seed=seed)
            while not match.is_over:
                state = match.next_deal()
                code = f"{self.rules.key}-{self.players}-{seed}-{len(match.deals)}"
                bots = [spec if not isinstance(spec, str) else StrengthBot(spec, f"{code}|{s}")
                        for s, (_name, spec) in enumerate(seated)]
                play_deal(state, bots)
            out = merge(out, _game_counts(match, seated))
        return out


def _game_counts(match: Match, seated: Sequence[tuple[str, BotSpec]]) -> Counts:
    winners = match.winners
    totals = match.totals
    out: Counts = {}
    for name in dict.fromkeys(n for n, _spec in seated):
        seats = [s for s, (n, _spec) in enumerate(seated) if n == name]
        won = sum(s in winners for s in seats) * WIN_UNITS // max(len(winners), 1)
        points = sum(totals[s] for s in seats)
        out[name] = {"games": 1, "seats": len(seats), "win_units_sum": won,
                     "win_units_squares": won * won, "points_sum": points,
                     "points_squares": points * points}
    return out


@dataclasses.dataclass(frozen=True)
class MatchesResult:
    """What :func:`play_matches` played, and each bot's :class:`Standing`.

    >>> result = play_matches("humbug", ["standard", "beginner"], games=10, seed=1, cache=False)
    >>> result.games, result.bots, [r["bot"] for r in result.records()]
    (10, ('standard', 'beginner'), ['standard', 'beginner'])
    """

    variant: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    run: StudyRun = dataclasses.field(repr=False)

    @property
    def standings(self) -> list[Standing]:
        """Each bot's win rate and points, in line-up order."""
        out = []
        for name in self.bots:
            c = self.run.counts[name]
            n, per = c["games"], c["seats"] // max(c["games"], 1)
            w = mean_from_sums(n, c["win_units_sum"], c["win_units_squares"])
            p = mean_from_sums(n, c["points_sum"], c["points_squares"])
            share = w.mean / WIN_UNITS
            low, high = wilson(share * n, n)  # bounded by 0 and 1, even for 20 wins in 20
            wins = MeanEstimate(share, w.standard_error / WIN_UNITS, n, low, high)
            points = MeanEstimate(p.mean / per, p.standard_error / per, n, p.low / per,
                                  p.high / per)
            out.append(Standing(name, n, per, wins, per / self.players, points))
        return out

    @property
    def cost_per_game(self) -> float:
        """CPU seconds of play a game (over every process; not part of the counts)."""
        return self.run.seconds / self.games

    def separated(self, first: str, second: str) -> bool | None:
        """True when ``first`` wins more than ``second`` and the 95% intervals do not overlap,
        False when the other way round, None when they overlap."""
        a, b = (next(s for s in self.standings if s.bot == name) for name in (first, second))
        if a.wins.low > b.wins.high:
            return True
        if b.wins.low > a.wins.high:
            return False
        return None

    def records(self) -> list[dict[str, Any]]:
        """One record (a dict) per bot: its name, games, seats, win rate with its 95%
        interval, fair share, points a game with its interval, and the cost per game."""
        return [{"bot": s.bot, "games": s.games, "seats": s.seats, "win_rate": s.wins.mean,
                 "win_low": s.wins.low, "win_high": s.wins.high, "fair_share": s.fair_share,
                 "points": s.points.mean, "points_low": s.points.low,
                 "points_high": s.points.high, "seconds_per_game": self.cost_per_game}
                for s in self.standings]

    def to_pandas(self) -> Any:
        """:meth:`records` as a pandas DataFrame (``pip install trickcore[pandas]``)."""
        return records_frame(self.records())

    def to_json(self) -> dict[str, Any]:
        """The counts (the same bytes however the games were shared), the meaning of each
        count and the standings."""
        return {**self.run.to_json(), "variant": self.variant, "players": self.players,
                "fields": dict(GAME_FIELDS), "standings": [
                    {k: v for k, v in r.items() if k != "seconds_per_game"}
                    for r in self.records()]}

    def table(self) -> str:
        """The standings as plain text."""
        lines = [_("{games} games of {variant}, {players} players, seed {seed}; {cost:.3g} s of"
                   " play a game").format(games=self.games, variant=self.variant,
                                          players=self.players, seed=self.seed,
                                          cost=self.cost_per_game),
                 f"{_('bot'):<12} {_('wins (95% interval)'):<24} {_('fair'):>5}  "
                 f"{_('points a game (95% interval)')}"]
        for s in self.standings:
            lines.append(f"{s.bot:<12} {s.wins.mean:6.1%} ({s.wins.low:.1%} to "
                         f"{s.wins.high:.1%})  {s.fair_share:5.0%}  {s.points.mean:8.1f} "
                         f"({s.points.low:.1f} to {s.points.high:.1f})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def play_matches(rules: Ruleset | str, bots: Mapping[str, BotSpec] | Sequence[BotSpec], *,
                 games: int = 100, players: int | None = None, seed: int = 0, jobs: int = 1,
                 scheduler: str | None = None, out: str | os.PathLike[str] | None = None,
                 cache: bool = True, progress: Any = None,
                 chunk_size: int = 2) -> MatchesResult:
    """Play ``games`` whole matches of ``rules`` with ``bots`` and return each bot's win rate
    and points a game with 95% intervals (:class:`MatchesResult`).

    ``bots`` is a dict of name to bot (a strength's name, or a bot that keeps no state), or a
    list of them, one entry per place in the line-up; the line-up's length must divide the seats
    (two bots at a four-seat table hold two seats each, and are partners where the game has
    partnerships).  Game ``g`` seats the line-up turned ``g`` places.  ``players`` defaults to
    the variant's smallest table.  ``jobs``, ``scheduler``, ``out``, ``cache`` and ``progress``
    are as for :func:`~trickcore.run_study` (the cache and the bar count games).

    >>> play_matches("five-hundred", ["strong", "standard", "beginner"], games=3)
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: 3 bots cannot share 4 seats evenly: give 1, 2 or 4 bots (a bot may appear more than once in a list)
    """
    ruleset = get_variant(rules) if isinstance(rules, str) else instance(
        rules, "rules", Ruleset, "a Ruleset or a variant's name ('oh-hell')")
    n = players if players is not None else ruleset.players[0]
    try:
        ruleset.check_players(n)
    except RulesetError as error:
        raise TrickcoreError(str(error)) from None
    lineup = _lineup(bots)
    if n % len(lineup):
        fits = ", ".join(str(d) for d in range(1, n + 1) if n % d == 0)
        raise TrickcoreError(_("{k} bots cannot share {n} seats evenly: give {fits} bots (a bot"
                               " may appear more than once in a list)").format(
                                   k=len(lineup), n=n, fits=_(" or ").join(fits.rsplit(", ", 1))))
    deal_code(ruleset.key, n, 0)  # the variant plays at this table
    names = ",".join(f"{name}={spec if isinstance(spec, str) else type(spec).__name__}"
                     for name, spec in lineup)
    chunk = _GamesChunk(ruleset, n, tuple(lineup))
    study = Study(f"games-{ruleset.key}-{n}", chunk_size,
                  _("whole matches of {game}, {players} players").format(game=ruleset.title,
                                                                          players=n),
                  chunk, 1.0, _definition(_GamesChunk.__call__, _settings(ruleset, players=n,
                                                                          bots=names)),
                  tuple(GAME_FIELDS.items()), "games")
    run = run_study(study, deals=games, seed=seed, jobs=jobs, scheduler=scheduler, out=out,
                    cache=cache, progress=progress)
    order = tuple(dict.fromkeys(name for name, _spec in lineup))
    return MatchesResult(ruleset.key, n, games, seed, order, run)

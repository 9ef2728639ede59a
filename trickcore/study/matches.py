"""Whole matches: where the seats stand after a match (heuristic and random play), the scoring
schemes compared on the same matches, and bots compared round the table.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from trickcore.engine.dealing import rng_for
from trickcore.engine.match import Match
from trickcore.engine.scoring import exact_bid_points, winners_of
from trickcore.engine.turns import Bot
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import Scoring
from trickcore.rules.registry import get_variant
from trickcore.study.experiment import play_deals, side_units
from trickcore.study.schemes import SCHEMES, scheme_rules
from trickcore.study.stats import Estimate, MeanEstimate, mean_estimate, proportion

__all__ = [
    "OH_HELL_FAMILY",
    "BotRow",
    "MatchResult",
    "ScoringStudy",
    "SeatSummary",
    "bot_comparison",
    "bot_table_rows",
    "bot_verdict",
    "heuristic_matches",
    "random_matches",
    "scoring_study",
    "seat_summary",
]

#: The Oh Hell family's registry keys, in book order.
OH_HELL_FAMILY: tuple[str, ...] = ("oh-well", "contract-whist", "up-and-down-the-river",
                                   "oh-pshaw", "british-oh-hell", "oh-hell")


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """Whole matches of one variant: final totals by position, position 0 the first dealer.

    ``totals[m][p]`` is match m's final total for the seat p places left of the first dealer;
    ``deals[m]`` the number of deals it lasted.
    """

    variant: str
    players: int
    how: str
    totals: list[tuple[int, ...]]
    deals: list[int]


class SeatSummary(NamedTuple):
    """One position over many matches: share of wins (ties split) and mean total against the
    table's mean total, each with its 95% interval."""

    position: int
    wins: MeanEstimate
    edge: MeanEstimate


def seat_summary(result: MatchResult) -> list[SeatSummary]:
    """Each position's share of the wins (ties split) and its edge over the table average.

    >>> r = MatchResult("oh-hell", 2, "test", [(10, 5), (3, 8), (7, 7)], [1, 1, 1])
    >>> [round(s.wins.mean, 3) for s in seat_summary(r)]
    [0.5, 0.5]
    """
    n = result.players
    wins: list[list[float]] = [[] for _ in range(n)]
    edge: list[list[float]] = [[] for _ in range(n)]
    for totals in result.totals:
        top = winners_of(totals)
        mean = sum(totals) / n
        for p in range(n):
            wins[p].append(1 / len(top) if p in top else 0.0)
            edge[p].append(totals[p] - mean)
    return [SeatSummary(p, mean_estimate(wins[p]), mean_estimate(edge[p])) for p in range(n)]


def heuristic_matches(variant: str, *, players: int = 4, matches: int = 200, seed: int = 0,
                      bot: Bot | None = None) -> MatchResult:
    """Play whole seeded matches of a variant with one bot (heuristic by default) in every
    seat.

    >>> r = heuristic_matches("oh-hell", matches=3, seed=1)
    >>> len(r.totals), r.deals
    (3, [19, 19, 19])
    """
    rules = get_variant(variant)
    player: Bot = bot if bot is not None else HeuristicBot()
    totals = []
    lengths = []
    seeds = rng_for(rules.key, players, seed, "analysis-matches")
    for _ in range(matches):
        match = Match(rules, players, seed=seeds.randrange(2**31))
        match.play([player] * players)
        first = match.first_dealer
        final = match.totals
        totals.append(tuple(final[(first + p) % players] for p in range(players)))
        lengths.append(len(match.deals))
    return MatchResult(rules.key, players, "heuristic", totals, lengths)


def random_matches(variant: str, *, players: int = 4, matches: int = 20_000,
                   seed: int = 0) -> MatchResult:
    """Whole matches with every choice random (numpy batch): deals of the schedule, the deal
    passing left, position 0 the first dealer.  A game to a target (Oh! Well) is played deal
    after deal until someone reaches it.  Needs numpy.

    >>> r = random_matches("oh-well", matches=200, seed=1)
    >>> min(max(t) for t in r.totals) >= 100, len(r.deals)
    (True, 200)
    """
    from trickcore.study.batch import random_match_totals

    rules = get_variant(variant)
    # each variant its own random stream (the same seed gives independent samples)
    base = seed * 10_007 + zlib.crc32(rules.key.encode()) % 1_000_003 * 1_000
    totals, lengths = random_match_totals(rules, players=players, matches=matches, seed=base)
    return MatchResult(rules.key, players, "random", totals, lengths)


# Scoring ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ScoringStudy:
    """Whole heuristic matches of pagat's Oh Hell, scored under every scheme.

    The bots bid and play the same way whatever the scheme (they do not read the score), so one
    set of matches is scored six ways: ``totals[scheme][m]`` is match m's final totals.
    ``exact[h]`` counts (bids made, bids) by hand size.
    """

    players: int
    totals: dict[Scoring, list[tuple[int, ...]]]
    exact: dict[int, tuple[int, int]]

    def margins(self, scheme: Scoring) -> list[int]:
        """The winner's lead over the runner-up in each match.

        >>> ScoringStudy(3, {Scoring.COMMON: [(50, 40, 45)]}, {}).margins(Scoring.COMMON)
        [5]
        """
        out = []
        for totals in self.totals[scheme]:
            top = sorted(totals, reverse=True)
            out.append(top[0] - top[1])
        return out

    def same_winner(self, scheme: Scoring, other: Scoring = Scoring.COMMON) -> Estimate:
        """How often ``scheme`` crowns the same winner(s) as ``other``.

        >>> study = ScoringStudy(2, {Scoring.COMMON: [(5, 4), (1, 3)],
        ...                          Scoring.SQUARES: [(5, 9), (1, 3)]}, {})
        >>> study.same_winner(Scoring.SQUARES).probability
        0.5
        """
        pairs = zip(self.totals[scheme], self.totals[other], strict=True)
        same = sum(winners_of(a) == winners_of(b) for a, b in pairs)
        return proportion(same, len(self.totals[scheme]))


def scoring_study(*, players: int = 4, matches: int = 300, seed: int = 0,
                  variant: str = "oh-hell") -> ScoringStudy:
    """Play whole matches with heuristic bots and score every deal under each scheme.

    >>> study = scoring_study(matches=3, seed=1)
    >>> len(study.totals[Scoring.SQUARES]), study.exact[10][1]
    (3, 24)
    """
    rules = get_variant(variant)
    bot = HeuristicBot()
    per_scheme = {s: scheme_rules(s) for s in SCHEMES}
    totals: dict[Scoring, list[tuple[int, ...]]] = {s: [] for s in SCHEMES}
    exact: dict[int, list[int]] = {}
    seeds = rng_for(rules.key, players, seed, "analysis-scoring")
    for _ in range(matches):
        match = Match(rules, players, seed=seeds.randrange(2**31))
        match.play([bot] * players)
        sums = {s: [0] * players for s in SCHEMES}
        for state in match.deals:
            h = state.hand_size
            tally = exact.setdefault(h, [0, 0])
            for seat in range(players):
                bid = state.bids[seat]
                assert bid is not None
                took = state.tricks_won[seat]
                tally[0] += bid == took
                tally[1] += 1
                for s in SCHEMES:
                    sums[s][seat] += exact_bid_points(per_scheme[s], bid, took, h)
        for s in SCHEMES:
            totals[s].append(tuple(sums[s]))
    return ScoringStudy(players, totals, {h: (m, n) for h, (m, n) in sorted(exact.items())})


# Bots against each other -----------------------------------------------------------------------


class BotRow(NamedTuple):
    """One bot's results in :func:`bot_comparison`: ``seats`` counts the seat-deals it played;
    ``accuracy`` and ``points`` count each side once a deal (one bid a seat in the Oh Hell
    family, one contract and one score a partnership in Five Hundred)."""

    game: str
    bot: str
    seats: int
    accuracy: Estimate
    points: MeanEstimate


def bot_comparison(variant: str, bots: Mapping[str, Bot], *, players: int | None = None,
                   deals: int = 100, seed: int = 0,
                   hand_size: int | None = None) -> list[BotRow]:
    """Seat the bots round the table (each in turn in every position; see
    :func:`trickcore.study.experiment.play_deals`) and return each bot's bid accuracy and points,
    counting each side once a deal (:func:`~trickcore.study.experiment.side_units`).

    >>> from trickcore.players.random import RandomBot
    >>> rows = bot_comparison("oh-hell", {"heuristic": HeuristicBot(), "random": RandomBot(1)},
    ...                       players=4, deals=40, hand_size=3, seed=1)
    >>> [r.bot for r in rows], rows[0].accuracy.trials
    (['heuristic', 'random'], 80)

    In Five Hundred a bot's two seats are partners: one auction, one contract, one score.

    >>> rows = bot_comparison("five-hundred", {"a": HeuristicBot(), "b": HeuristicBot()},
    ...                       deals=6, seed=1)
    >>> sum(r.accuracy.trials for r in rows) <= 6, [r.points.n for r in rows]
    (True, [6, 6])
    """
    rules = get_variant(variant)
    results = play_deals(rules, dict(bots), players=players, deals=deals, seed=seed,
                         hand_size=hand_size)
    out = []
    for name in results.bots:
        rows = [r for r in results.rows if r.bot == name]
        units = side_units(rows)
        judged = [made for made, _ in units if made is not None]
        game = rules.name if hand_size is None else f"{rules.name}, {hand_size} cards"
        out.append(BotRow(game, name, len(rows), proportion(sum(judged), len(judged)),
                          mean_estimate(points for _, points in units)))
    return out


def _points_cell(points: MeanEstimate) -> str:
    return f"{points.mean:.1f}\u00a0±\u00a0{1.96 * points.standard_error:.1f}"


def bot_table_rows(rows: Sequence[BotRow]) -> list[list[str]]:
    """The table of the bots page: game, bot, seat-deals, bids made (with its 95% interval and
    the number of bids), points a deal (± a 95% margin).

    >>> from trickcore.study.stats import mean_estimate, proportion
    >>> bot_table_rows([BotRow("Oh Hell!", "h", 8, proportion(3, 8), mean_estimate([5, 7]))])[0]
    ['Oh Hell!', 'h', '8', '38% (14% to 69%) of 8', '6.0\xa0±\xa02.0']
    """
    return [[r.game, r.bot, str(r.seats),
             f"{r.accuracy.probability:.0%} ({r.accuracy.low:.0%} to {r.accuracy.high:.0%})"
             f" of {r.accuracy.trials}", _points_cell(r.points)] for r in rows]


def bot_verdict(first: BotRow, second: BotRow) -> str:
    """What the points of two bots in one game say: which scores more, if their 95% intervals
    do not overlap, else that the sample cannot tell them apart.  The numbers are the table's.

    >>> from trickcore.study.stats import mean_estimate
    >>> a = BotRow("g", "A", 4, proportion(1, 2), mean_estimate([10, 11, 10, 11]))
    >>> b = BotRow("g", "B", 4, proportion(1, 2), mean_estimate([1, 2, 1, 2]))
    >>> bot_verdict(a, b)
    'the A bot scores more (10.5 against 1.5 points a deal) and the 95% intervals do not overlap'
    """
    for win, lose in ((first, second), (second, first)):
        if win.points.low > lose.points.high:
            return (f"the {win.bot} bot scores more ({win.points.mean:.1f} against"
                    f" {lose.points.mean:.1f} points a deal) and the 95% intervals do not"
                    " overlap")
    return (f"the 95% intervals overlap ({first.points.mean:.1f} and {second.points.mean:.1f}"
            " points a deal), so this sample cannot tell the bots apart")

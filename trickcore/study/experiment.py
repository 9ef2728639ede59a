"""Experiments with bots: seat them at a table, play many deals, and compare them.

:func:`play_deals` seats a line-up of bots (yours and the built-in ones), plays as many deals as
you ask for and returns :class:`Results`: one :class:`SeatResult` row per seat and deal, and a
:meth:`Results.summary` per bot with its bid accuracy and mean points, each with its error.
Everything is seeded, so an experiment run twice gives the same numbers.

>>> import trickcore as tc
>>> helper = tc.HeuristicBot()
>>> def bid_one(state):
...     if state.phase is tc.Phase.BIDDING and not state.auction:
...         return min(state.legal_bids, key=lambda bid: abs(bid - 1))
...     return helper(state)          # everything else: the heuristic bot decides
>>> results = play_deals(tc.get_variant("oh-hell"),
...                      {"bid one": bid_one, "heuristic": tc.HeuristicBot()},
...                      players=4, deals=200, seed=1)
>>> results.bots, len(results.rows)
(('bid one', 'heuristic'), 800)
>>> summary = results.summary()
>>> summary["heuristic"].accuracy > summary["bid one"].accuracy
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from trickcore import arguments
from trickcore.arguments import typed
from trickcore.engine.dealing import deal_cards, rng_for
from trickcore.engine.events import Phase
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, bot_action
from trickcore.errors import IllegalActionError, RulesetError
from trickcore.i18n import _
from trickcore.rules import BiddingKind, Ruleset
from trickcore.study.stats import wilson

__all__ = ["BotSummary", "Results", "SeatResult", "play_deals"]

#: The groupings that :meth:`Results.summary` knows, besides the bot.
GROUPS = ("hand_size", "seat", "dealer")


class SeatResult(NamedTuple):
    """What happened to one seat in one deal of :func:`play_deals`.

    >>> row = SeatResult(deal=0, seat=2, bot="mine", hand_size=10, dealer=False, bid=3,
    ...                  tricks=3, made=True, points=13)
    >>> row.made, row.points
    (True, 13)
    """

    deal: int
    """The deal's number in the experiment, from 0."""
    seat: int
    """The seat (0 to players - 1)."""
    bot: str
    """The name of the bot that played the seat."""
    hand_size: int
    """Cards dealt to each seat (the number of tricks)."""
    dealer: bool
    """True when this seat dealt (in the Oh Hell family the dealer bids last and is hooked)."""
    bid: int | str | None
    """Oh Hell: the tricks bid.  Five Hundred: the contract (as ``"7H"``) for the contractor's
    side, else ``None``.  ``None`` where nothing is bid (Humbug)."""
    tricks: int
    """Tricks the seat took."""
    made: bool | None
    """Whether the bid (or the side's contract) was made; ``None`` when the seat had none."""
    points: int
    """Points the seat scored for the deal."""
    side: tuple[int, ...] = ()
    """The seats of this seat's side in the deal (Five Hundred's partners score together);
    the seat alone where there are no partnerships.  Empty means the seat alone."""


def side_units(rows: Sequence[SeatResult]) -> list[tuple[bool | None, float]]:
    """One ``(made, points)`` per side and deal among ``rows``: partners share one contract and
    one score, so counting each of their seats would count one auction twice and make the
    intervals too narrow.  ``points`` is the side's points a seat (the mean over its seats in
    ``rows``); ``made`` is ``None`` when the side had no bid.

    >>> rows = [SeatResult(0, s, "b", 10, s == 3, "7H" if s % 2 == 0 else None, 0,
    ...                    True if s % 2 == 0 else None, 140 if s % 2 == 0 else 0,
    ...                    side=(s % 2, s % 2 + 2)) for s in range(4)]
    >>> side_units(rows)
    [(True, 140.0), (None, 0.0)]
    """
    groups: dict[tuple[int, tuple[int, ...]], list[SeatResult]] = {}
    for row in rows:
        groups.setdefault((row.deal, row.side or (row.seat,)), []).append(row)
    from statistics import fmean  # here: importing it costs the live table's start in the browser

    return [(rs[0].made, fmean(r.points for r in rs)) for rs in groups.values()]


class BotSummary(NamedTuple):
    """One bot's results in :meth:`Results.summary`, with 95% intervals.

    ``accuracy`` is the share of bids made (made exactly, in the Oh Hell family; contracts made,
    in Five Hundred), with its Wilson interval ``accuracy_low`` to ``accuracy_high``; it is
    ``nan`` when the bot never bid.  ``mean_points`` is the average score per deal and
    ``points_error`` its standard error (1.96 of them either side make a 95% interval).

    >>> s = BotSummary("mine", seats=100, bids=100, made=40, accuracy=0.4, accuracy_low=0.31,
    ...                accuracy_high=0.5, mean_points=7.5, points_error=0.3)
    >>> f"{s.bot}: {s.accuracy:.0%} of bids made, {s.mean_points} points a deal"
    'mine: 40% of bids made, 7.5 points a deal'
    """

    bot: str
    seats: int
    """Seat-deals played (a bot that holds two seats counts two a deal)."""
    bids: int
    """Bids that could be made or missed: one a seat and deal in the Oh Hell family, one a side
    and deal (the contract) in Five Hundred."""
    made: int
    """Bids made."""
    accuracy: float
    accuracy_low: float
    accuracy_high: float
    mean_points: float
    points_error: float


def _summarise(name: str, rows: Sequence[SeatResult]) -> BotSummary:
    units = side_units(rows)
    judged = [made for made, _ in units if made is not None]
    made = sum(judged)
    if judged:
        accuracy = made / len(judged)
        low, high = wilson(made, len(judged))
    else:
        accuracy = low = high = math.nan
    points = [p for _, p in units]
    import statistics  # here: importing it costs the live table's start in the browser

    mean = statistics.fmean(points) if points else math.nan
    error = statistics.stdev(points) / math.sqrt(len(points)) if len(points) > 1 else math.nan
    return BotSummary(name, len(rows), len(judged), made, accuracy, low, high, mean, error)


class Results:
    """What :func:`play_deals` played: the rows, and summaries per bot.

    ``rows`` holds one :class:`SeatResult` per seat and deal, in play order; ``bots`` the bot
    names in line-up order; ``ruleset``, ``players`` and ``deals`` say what was played.

    >>> import trickcore as tc
    >>> results = play_deals(tc.get_variant("contract-whist"), [tc.HeuristicBot()] * 4,
    ...                      deals=20, seed=3)
    >>> results.bots, results.deals, len(results.rows)
    (('HeuristicBot',), 20, 80)
    >>> print(results)  # doctest: +ELLIPSIS
    20 deals of Contract Whist, 4 players
    bot           seat-deals  bids made              mean points
    HeuristicBot          80  ...
    """

    def __init__(self, ruleset: Ruleset, players: int, bots: Sequence[str],
                 rows: Sequence[SeatResult]) -> None:
        self.ruleset = ruleset
        self.players = players
        self.bots: tuple[str, ...] = tuple(bots)
        self.rows: tuple[SeatResult, ...] = tuple(rows)  # a tuple: no caller can change it

    @property
    def deals(self) -> int:
        """The number of deals played."""
        return len({row.deal for row in self.rows})

    def summary(self, by: str | None = None) -> dict[Any, BotSummary]:
        """A :class:`BotSummary` per bot, or per bot and ``by`` (``"hand_size"``, ``"seat"`` or
        ``"dealer"``), keyed by the bot's name or by ``(name, value)``.

        >>> import trickcore as tc
        >>> results = play_deals(tc.get_variant("oh-hell"), [tc.HeuristicBot()] * 4,
        ...                      deals=19, seed=5)
        >>> sorted(results.summary(by="hand_size"))[:3]
        [('HeuristicBot', 1), ('HeuristicBot', 2), ('HeuristicBot', 3)]
        >>> results.summary(by="size")
        Traceback (most recent call last):
        ...
        ValueError: cannot summarise by 'size': expected None (per bot) or one of hand_size, seat, dealer
        """
        if by is not None and by not in GROUPS:
            raise ValueError(_("cannot summarise by {by!r}: expected None (per bot) or one of "
                               "{value}").format(
                                 by=by, value=', '.join(GROUPS)))
        groups: dict[Any, list[SeatResult]] = {}
        for row in self.rows:
            key: Any = row.bot if by is None else (row.bot, getattr(row, by))
            groups.setdefault(key, []).append(row)
        order = {name: i for i, name in enumerate(self.bots)}

        def sort_key(key: Any) -> tuple[int, Any]:
            return (order[key], 0) if by is None else (order[key[0]], key[1])

        return {key: _summarise(key if by is None else key[0], groups[key])
                for key in sorted(groups, key=sort_key)}

    def table(self) -> str:
        """The per-bot summary as a plain-text table."""
        lines = [f"{'bot':<12}  {'seat-deals':>10}  {'bids made':<21}  mean points"]
        for s in self.summary().values():
            if s.bids:
                made = f"{s.accuracy:.1%} ({s.accuracy_low:.1%}-{s.accuracy_high:.1%})"
            else:
                made = "no bids"
            error = "" if math.isnan(s.points_error) else f" ± {1.96 * s.points_error:.2f}"
            lines.append(f"{s.bot:<12}  {s.seats:>10}  {made:<21}  {s.mean_points:.2f}{error}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"{self.deals} deals of {self.ruleset.name}, {self.players} players\n{self.table()}"

    def __repr__(self) -> str:
        return f"<Results: {self.deals} deals of {self.ruleset.key}, bots {list(self.bots)}>"


def bot_name(bot: Bot) -> str:
    """A bot's name for the results: a function's name, else its class name.

    >>> import trickcore as tc
    >>> def mine(state): ...
    >>> bot_name(mine), bot_name(tc.RandomBot(seed=1))
    ('mine', 'RandomBot')
    """
    name = getattr(bot, "__name__", None)
    return name if isinstance(name, str) else type(bot).__name__


def _lineup(bots: Mapping[str, Bot] | Sequence[Bot]) -> list[tuple[str, Bot]]:
    if isinstance(bots, Mapping):
        lineup = [(str(name), bot) for name, bot in bots.items()]
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        lineup = [(bot_name(bot), bot) for bot in bots]
    else:
        raise TypeError(_("bots must be a list of bots or a dict of name: bot, not {bots!r}").format(
                            bots=bots))
    if not lineup:
        raise ValueError(_("play_deals needs at least one bot"))
    for name, bot in lineup:
        if not callable(bot):
            raise TypeError(
                _("{name!r} is {bot!r}, which is not a bot: a bot is a function (or an object "
                  "with __call__) that takes the state and returns its move").format(
                    name=name, bot=bot)
            )
    return lineup


def _player_count(ruleset: Ruleset, players: int | None, bots: object) -> int:
    if players is None:
        if len(ruleset.players) == 1:
            return ruleset.players[0]
        if isinstance(bots, Sequence) and len(bots) in ruleset.players:
            return len(bots)
        counts = ", ".join(map(str, ruleset.players))
        raise RulesetError(_("{name} is for {counts} players: say how many with players=...").format(
                               name=ruleset.name, counts=counts))
    ruleset.check_players(players)
    return players


def _states(ruleset: Ruleset, players: int, deals: int, seed: int,
            hand_size: int | None) -> Iterator[tuple[HandState, str]]:
    """``deals`` fresh deals, each with a few words saying where it came from."""
    if hand_size is not None:
        largest = ruleset.max_hand_size(players)
        # with a kitty, the hands have one size: the kitty is what the pack has left
        if ruleset.deals_kitty and hand_size != largest:
            raise RulesetError(_("{name} deals {largest} cards each with {players} players, not "
                                 "{hand_size}").format(
                                   name=ruleset.name, largest=largest, players=players, hand_size=hand_size))
        if not 1 <= hand_size <= largest:
            raise RulesetError(_("{name} with {players} players deals 1 to {largest} cards each, "
                                 "not {hand_size}").format(
                                   name=ruleset.name, players=players, largest=largest, hand_size=hand_size))
        for d in range(deals):
            deal = deal_cards(ruleset, players=players, dealer=d % players,
                              hand_size=hand_size, deal_index=d,
                              rng=rng_for(ruleset.key, players, seed, "play_deals", d))
            yield HandState(ruleset, deal), (f"deal {d + 1} of {deals} ({hand_size} cards"
                                             f" each, seed {seed})")
        return
    seeds = rng_for(ruleset.key, players, seed, "play_deals", "matches")
    made = 0
    while made < deals:
        match = Match(ruleset, players, seed=seeds.randrange(2**31))
        while made < deals and not match.is_over:
            state = match.next_deal()
            yield state, f"deal {len(match.deals)} of the match with seed {match.seed}"
            made += 1


@typed
def play_deals(
    ruleset: Ruleset,
    bots: Mapping[str, Bot] | Sequence[Bot],
    *,
    players: int | None = None,
    deals: int = 1000,
    seed: int = 0,
    hand_size: int | None = None,
) -> Results:
    """Play ``deals`` deals with a line-up of bots and return the :class:`Results`.

    ``bots`` is a dict of name to bot, or a list of bots (named by
    :func:`~trickcore.study.experiment.bot_name`; bots of the same name are counted together).  The
    line-up sits round the table from the player left of the dealer (who bids first) to the
    dealer (who bids last), and turns one place each deal: in deal ``d`` the seat ``p`` places
    after the dealer's left is played by bot ``(p + d) % len(bots)``.  So every bot bids first,
    bids last and deals in turn.  With two bots at a four-seat table each holds two seats; give
    four bots (``[mine, h, h, h]``) to play one seat against three.

    Deals follow the ruleset's schedule, match after match (each from a seed drawn from
    ``seed``); give ``hand_size`` to deal that many cards every time instead.  ``players``
    may be left out when the ruleset (or the length of ``bots``) decides it.

    A bot that makes an illegal move stops the experiment with the engine's error, which names
    the deal, the seat and the move, and lists the legal choices.

    >>> import trickcore as tc
    >>> results = play_deals(tc.get_variant("oh-hell"), {"random": tc.RandomBot(seed=1),
    ...                      "heuristic": tc.HeuristicBot()}, players=4, deals=50, hand_size=5)
    >>> {row.hand_size for row in results.rows}, results.deals
    ({5}, 50)
    >>> play_deals(tc.get_variant("oh-hell"), [tc.HeuristicBot()], deals=1)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Oh Hell! is for 3, 4, 5, 6, 7 players: say how many with players=...
    """
    arguments.instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'), say)")
    arguments.count(deals, "deals", low=0)
    lineup = _lineup(bots)
    n = _player_count(ruleset, players, bots)
    k = len(lineup)
    rows: list[SeatResult] = []
    for d, (state, where) in enumerate(_states(ruleset, n, deals, seed, hand_size)):
        eldest = (state.dealer + 1) % n
        seated = [lineup[((s - eldest) % n + d) % k] for s in range(n)]
        while state.phase is not Phase.DONE:
            seat = state.to_act
            assert seat is not None
            name, bot = seated[seat]
            try:
                choice = bot_action(bot, state)
            except IllegalActionError as error:
                raise type(error)(f"{name!r} in {where}: {error}", rule=error.rule,
                                  seat=error.seat) from None
            except Exception as error:
                error.add_note(f"(raised by the bot {name!r} for seat {seat}, in {where})")
                raise
            state.apply(choice.action)
        rows.extend(_rows(state, d, seated))
    return Results(ruleset, n, list(dict.fromkeys(name for name, _ in lineup)), rows)


def _rows(state: HandState, d: int, seated: Sequence[tuple[str, Bot]]) -> Iterator[SeatResult]:
    points = state.points or (0,) * state.players
    contract = state.contract.code(state.ruleset) if state.contract is not None else None
    side = state.contract_side
    sides = {seat: members for members in state.sides for seat in members}
    for seat in range(state.players):
        bid: int | str | None
        if state.ruleset.bidding is BiddingKind.EXACT:
            bid = state.bids[seat]
        else:
            bid = contract if seat in side else None
        yield SeatResult(d, seat, seated[seat][0], state.hand_size, seat == state.dealer, bid,
                         state.tricks_won[seat], state.bid_made(seat), points[seat],
                         sides.get(seat, (seat,)))

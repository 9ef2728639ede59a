"""The strength ladder: the three bot levels against each other in every family, with 95% intervals.

For Oh Hell (pagat's, four players), Humbug and four-hand Five Hundred it plays whole matches of
each pair of strengths (:mod:`trickcore.players.strength`: beginner, standard, strong) with
:func:`trickcore.study.games.play_matches`: two bots at the table, each holding half the seats
(partners in Five Hundred), the line-up turned one seat each game.  For each pair it prints the
games, each side's share of the wins with its 95% interval, whether the intervals separate the
two, the points a game, and the CPU seconds of play a game (the strong bot's cost).  The game
counts are fixed by the script (``--scale`` multiplies them); the strong bot is slow, so its
pairs get fewer games.

Run: ``python bench/bench_ladder.py [--jobs 2] [--scale 1] [--json bench/ladder.json]``
``--from-json FILE`` prints an earlier run's rows again.
(``PYTHONPATH=build/native`` or ``build/compiled`` runs it on the C engine, which the Monte Carlo
bot's playouts use: ``python scripts/build_native.py build/native`` builds it in seconds).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import trickcore as tc
from trickcore.study.games import play_matches
from trickcore.study.stats import wilson

#: (variant, players, first bot, second bot, games)
PAIRS = (
    ("humbug", 2, "standard", "beginner", 400),
    ("humbug", 2, "strong", "standard", 200),
    ("humbug", 2, "strong", "beginner", 100),
    ("oh-hell", 4, "standard", "beginner", 200),
    ("oh-hell", 4, "strong", "standard", 40),
    ("oh-hell", 4, "strong", "beginner", 20),
    ("five-hundred", 4, "standard", "beginner", 400),
    ("five-hundred", 4, "strong", "standard", 40),
    ("five-hundred", 4, "strong", "beginner", 20),
)


def verdict(separated: bool | None, first: str, second: str) -> str:
    if separated is None:
        return "intervals overlap: not told apart"
    return f"{first if separated else second} wins more (intervals apart)"


def line(row: dict[str, Any]) -> str:
    """One pair as the script prints it: the win shares with 95% Wilson intervals (the share
    counted as wins out of the games), the points, the cost and the verdict."""
    games = row["games"]
    shares = []
    for key in ("first", "second"):
        share = row[f"{key}_wins"][0]
        low, high = wilson(share * games, games)
        shares.append((share, low, high))
    (a, a_low, a_high), (b, b_low, b_high) = shares
    apart = True if a_low > b_high else False if b_low > a_high else None
    first, second = row["first"], row["second"]
    return (f"{row['variant']:13} {first:>8} v {second:<8} {games:4} games  "
            f"{first} {a:6.1%} ({a_low:.1%} to {a_high:.1%})  "
            f"{second} {b:6.1%} ({b_low:.1%} to {b_high:.1%})  "
            f"points {row['first_points']:.1f} v {row['second_points']:.1f}  "
            f"{row['seconds_per_game']:.3g} s a game  [{verdict(apart, first, second)}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    parser.add_argument("--from-json", type=Path, help="print the rows of an earlier run")
    args = parser.parse_args()
    if args.from_json:
        data = json.loads(args.from_json.read_text())
        print(f"# {tc.BuildInfo(**data['build']).describe()}; jobs {data['jobs']}")
        for row in data["rows"]:
            print(line(row))
        return
    info = tc.build_info()
    print(f"# {info.describe()}; jobs {args.jobs}")
    rows: list[dict[str, Any]] = []
    for variant, players, first, second, games in PAIRS:
        count = max(2, round(games * args.scale))
        started = time.perf_counter()
        result = play_matches(variant, {first: first, second: second}, games=count,
                              players=players, seed=args.seed, jobs=args.jobs, cache=False,
                              progress=False)
        wall = time.perf_counter() - started
        a, b = result.standings
        row = {"variant": variant, "players": players, "games": count, "first": first,
               "second": second,
               "first_wins": [a.wins.mean, a.wins.low, a.wins.high],
               "second_wins": [b.wins.mean, b.wins.low, b.wins.high],
               "first_points": a.points.mean, "second_points": b.points.mean,
               "separated": result.separated(first, second),
               "seconds_per_game": result.cost_per_game, "wall_seconds": wall}
        rows.append(row)
        print(line(row), flush=True)
    if args.json:
        args.json.write_text(json.dumps({"build": info._asdict(), "jobs": args.jobs,
                                         "seed": args.seed, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()

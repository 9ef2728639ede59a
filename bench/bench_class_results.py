"""Benchmark: the teacher's Class results page, reading and solving a class's
pasted result codes as the page does (:func:`trickcore.widgets.class_codes.read_results`, then
:func:`~trickcore.widgets.class_codes.solve_class`).

Two pastes, each line with a student's name (``Student 7: TT2-...``):

- ``different``: 60 different deals at their largest: 48 four-player 10-card Oh Hell deals, 4
  three-player and 4 five-player 10-card deals, 2 six-player 8-card and 2 seven-player 7-card
  deals (Oh Hell's biggest for 6 and 7 players: 52 cards); the targets in the browser: 20 s;
- ``one-deal``: 30 students on one 4-player 10-card deal, each playing it their own way (random
  bots, seeded by the student's number, at the student's seat); the target in the browser: 3 s;
- ``humbug`` (with ``--humbug``): whole Humbug deals (two hands of 26), one search each.

Each paste is timed as read (decode and replay every line) and solved (every seat of every
distinct deal), and the slowest deal is named.  Which search ran is printed
(``trickcore.solver.native.enabled()``): run it in the pure build and with the C searches
(``PYTHONPATH=build/native``, from ``scripts/build_native.py``, or ``build/compiled``).

Run: ``python bench/bench_class_results.py [--only different|one-deal] [--humbug N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from trickcore.engine.turns import play_deal
from trickcore.notation import encode_result, match_from_code, parse_deal_code
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.random import RandomBot
from trickcore.solver import native
from trickcore.widgets.class_codes import Deadline, read_results, solve_class


def result_code(code: str, seat: int, seed: int | None = None) -> str:
    """The result code of deal ``code`` played by heuristic bots (random ones, seeded, if
    ``seed`` is given), sent by the student at ``seat``."""
    players = parse_deal_code(code).players
    match = match_from_code(code)
    bots: list[Any] = ([HeuristicBot()] * players if seed is None
                       else [RandomBot(seed=seed * 10 + s) for s in range(players)])
    for _ in range(parse_deal_code(code).deal):
        play_deal(match.next_deal(), bots)
    return encode_result(match, seat)


def different_deals() -> list[str]:
    codes = [f"oh-hell-4-{seed}-1" for seed in range(1, 49)]
    codes += [f"oh-hell-3-{seed}-1" for seed in range(1, 5)]
    codes += [f"oh-hell-5-{seed}-1" for seed in range(1, 5)]
    codes += [f"oh-hell-6-{seed}-1" for seed in range(1, 3)]
    codes += [f"oh-hell-7-{seed}-1" for seed in range(1, 3)]
    return [f"Student {n}: {result_code(code, n % parse_deal_code(code).players)}"
            for n, code in enumerate(codes, start=1)]


def one_deal() -> list[str]:
    return [f"Student {n}: {result_code('oh-hell-4-2718-1', n % 4, seed=n)}"
            for n in range(1, 31)]


def humbug(count: int) -> list[str]:
    return [f"Student {n}: {result_code(f'humbug-2-{n}', n % 2)}" for n in range(1, count + 1)]


def run(name: str, lines: list[str]) -> dict[str, Any]:
    started = time.perf_counter()
    results = read_results("\n".join(lines), Deadline(3600))
    read = time.perf_counter() - started
    solve_class(results, Deadline(3600))
    total = time.perf_counter() - started
    slowest = max(results.deals, key=lambda d: d.seconds)
    unsolved = [d for d in results.deals if not isinstance(d.tricks, list)]
    by_size: dict[str, float] = {}
    for deal in results.deals:
        size = f"{deal.state.players}p-{deal.state.hand_size}c"
        by_size[size] = round(by_size.get(size, 0.0) + deal.seconds, 3)
    return {"paste": name, "by_size": by_size, "lines": len(lines), "read": len(results.good),
            "deals": len(results.deals), "unsolved": len(unsolved),
            "read_s": round(read, 3), "solve_s": round(total - read, 3),
            "total_s": round(total, 3), "slowest_deal": slowest.state.ruleset.key + "-"
            + f"{slowest.state.players}p-{slowest.state.hand_size}c",
            "slowest_s": round(slowest.seconds, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("different", "one-deal"))
    parser.add_argument("--humbug", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    if args.only in (None, "one-deal"):
        rows.append(run("30 students on one deal", one_deal()))
    if args.only in (None, "different"):
        rows.append(run("60 different deals", different_deals()))
    if args.humbug:
        rows.append(run(f"{args.humbug} whole Humbug deals", humbug(args.humbug)))
    search = "C" if native.enabled() else "pure Python"
    if args.json:
        print(json.dumps({"search": search, "rows": rows}, indent=1))
        return
    print(f"search: {search}")
    for row in rows:
        print(f"{row['paste']}: {row['read']}/{row['lines']} lines read in {row['read_s']} s,"
              f" {row['deals']} distinct deals solved in {row['solve_s']} s"
              f" ({row['unsolved']} unsolved), total {row['total_s']} s;"
              f" slowest deal {row['slowest_deal']} {row['slowest_s']} s")
        print("  solving time by deal size:", ", ".join(
            f"{size} {seconds} s" for size, seconds in row["by_size"].items()))


if __name__ == "__main__":
    main()

"""Benchmark: trickcore's numpy batch path against OpenSpiel's C++ ``evaluate_bots`` loop.

Both play complete random 4-player, 10-card Oh Hell hands: trickcore with
:func:`trickcore.study.batch.simulate_random_hands` (pagat Oh Hell: the hook, the next card turned for
trumps, every bid and card uniform among the legal ones, common scoring), OpenSpiel with
``oh_hell(players=4,num_tricks_fixed=10)`` and four uniform random bots, one C++
``pyspiel.evaluate_bots`` call per hand (see ``openspiel_peer.py``).  The goal is at least
twice OpenSpiel's rate.

Each side's rate is the best of ``--repeats`` runs.  The batch is timed after one small warm-up
call (which builds its 1 MiB select table once per process, about 0.1 s).  Peak memory:
``tracemalloc`` peak for the batch (numpy reports its array allocations to it) in a separate run
of the same size; growth of the process's peak RSS for OpenSpiel, whose C++ heap ``tracemalloc``
cannot see.

Run: ``python bench/bench_batch.py [--hands N] [--openspiel-hands M] [--repeats R] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from trickcore.study.batch import simulate_random_hands

sys.path.insert(0, str(Path(__file__).resolve().parent))
import openspiel_peer


def batch_rate(n_hands: int, seed: int, keep_plays: bool = False) -> dict[str, float]:
    start = time.perf_counter()
    result = simulate_random_hands(n_hands, seed=seed, keep_plays=keep_plays)
    seconds = time.perf_counter() - start
    assert int(result.tricks.sum()) == 10 * n_hands
    assert bool((result.bids.sum(axis=1) != 10).all())
    return {"hands": n_hands, "seconds": seconds, "hands_per_second": n_hands / seconds}


def batch_peak_mib(n_hands: int, seed: int, keep_plays: bool = False) -> float:
    tracemalloc.start()
    simulate_random_hands(n_hands, seed=seed, keep_plays=keep_plays)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def best_of(fn: Any, n_hands: int, seed: int, repeats: int, **kw: Any) -> dict[str, float]:
    runs = [fn(n_hands, seed + r, **kw) for r in range(repeats)]
    return max(runs, key=lambda r: r["hands_per_second"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200_000, help="batch hands per run")
    parser.add_argument("--openspiel-hands", type=int, default=20_000,
                        help="OpenSpiel hands per run (its rate does not depend on the count)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)

    simulate_random_hands(1000, seed=0)  # warm-up: numpy import paths, the select table
    results: dict[str, Any] = {"hands": args.hands, "repeats": args.repeats}
    ours = best_of(batch_rate, args.hands, args.seed, args.repeats)
    with_plays = best_of(batch_rate, args.hands, args.seed, args.repeats, keep_plays=True)
    results["batch"] = ours
    results["batch_keep_plays"] = with_plays
    results["batch_peak_mib"] = batch_peak_mib(args.hands, args.seed)
    results["batch_keep_plays_peak_mib"] = batch_peak_mib(args.hands, args.seed, True)
    try:
        results["openspiel_version"] = openspiel_peer.openspiel_version()
        cpp = best_of(openspiel_peer.openspiel_evaluate_bots, args.openspiel_hands, args.seed,
                      args.repeats)
        results["openspiel_evaluate_bots"] = cpp
        results["ratio_vs_evaluate_bots"] = ours["hands_per_second"] / cpp["hands_per_second"]
        results["ratio_keep_plays_vs_evaluate_bots"] = (
            with_plays["hands_per_second"] / cpp["hands_per_second"])
    except RuntimeError as error:  # OpenSpiel not installed
        results["openspiel_error"] = str(error)

    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"Random 4-player 10-card Oh Hell hands with the hook, best of {args.repeats} runs")
    rows = [(f"trickcore batch (numpy), {args.hands:,} hands", ours["hands_per_second"],
             f"peak traced memory {results['batch_peak_mib']:,.1f} MiB"),
            ("  the same, keeping every card played", with_plays["hands_per_second"],
             f"peak traced memory {results['batch_keep_plays_peak_mib']:,.1f} MiB")]
    if "openspiel_evaluate_bots" in results:
        cpp = results["openspiel_evaluate_bots"]
        rows.append((f"OpenSpiel {results['openspiel_version']} evaluate_bots (C++),"
                     f" {args.openspiel_hands:,} hands", cpp["hands_per_second"],
                     f"peak RSS growth {cpp['maxrss_delta_kib']:,.0f} KiB"))
    for name, rate, memory in rows:
        print(f"  {name:<52}{rate:>10,.0f} hands/s   {memory}")
    if "openspiel_evaluate_bots" in results:
        print(f"  ratio batch / OpenSpiel evaluate_bots: {results['ratio_vs_evaluate_bots']:.2f}x"
              " (goal: 2x)")
        print("  ratio batch keeping the plays / OpenSpiel evaluate_bots:"
              f" {results['ratio_keep_plays_vs_evaluate_bots']:.2f}x")
    else:
        print(f"  OpenSpiel not available: {results['openspiel_error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

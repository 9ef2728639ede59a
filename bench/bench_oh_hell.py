"""Benchmark: complete random 4-player, 10-card Oh Hell hands with the hook.

trickcore plays them through its public API (deal, ``legal_bids``/``bid``,
``legal_plays``/``play``), choosing uniformly at random with a seeded generator; in the same run
OpenSpiel plays ``oh_hell(players=4,num_tricks_fixed=10)`` by its Python loop and by the C++
``evaluate_bots`` path (see ``openspiel_peer.py``).  The script prints hands per second, the
ratios, and peak memory (``tracemalloc`` peak for trickcore's Python objects in a separate,
shorter run; the growth of the process's peak RSS for OpenSpiel).

Run: ``make bench`` or ``python bench/bench_oh_hell.py [--hands N] [--repeats R] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import trickcore as tc

sys.path.insert(0, str(Path(__file__).resolve().parent))
import openspiel_peer


def play_random_hands(n_hands: int, seed: int) -> int:
    """Play ``n_hands`` random hands through the public API; return the tricks played."""
    rules = tc.get_variant("oh-hell")  # pagat Oh Hell: the hook is on
    rng = random.Random(seed)
    choice = rng.choice
    bidding, playing = tc.Phase.BIDDING, tc.Phase.PLAYING
    tricks = 0
    for i in range(n_hands):
        deal = tc.deal_cards(rules, players=4, dealer=i % 4, hand_size=10, rng=rng)
        state = tc.HandState(rules, deal)
        while state.phase is bidding:
            state.bid(choice(state.legal_bids))
        while state.phase is playing:
            state.play(choice(state.legal_plays))
        tricks += len(state.tricks)
    return tricks


def trickcore_rate(n_hands: int, seed: int) -> dict[str, float]:
    start = time.perf_counter()
    tricks = play_random_hands(n_hands, seed)
    seconds = time.perf_counter() - start
    assert tricks == 10 * n_hands
    return {"hands": n_hands, "seconds": seconds, "hands_per_second": n_hands / seconds}


def trickcore_peak_kib(n_hands: int, seed: int) -> float:
    tracemalloc.start()
    play_random_hands(n_hands, seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def best_of(fn: Any, n_hands: int, seed: int, repeats: int) -> dict[str, float]:
    runs = [fn(n_hands, seed + r) for r in range(repeats)]
    return max(runs, key=lambda r: r["hands_per_second"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)

    results: dict[str, Any] = {"hands": args.hands, "repeats": args.repeats}
    ours = best_of(trickcore_rate, args.hands, args.seed, args.repeats)
    results["trickcore"] = ours
    results["trickcore_peak_kib"] = trickcore_peak_kib(min(args.hands, 1000), args.seed)
    try:
        results["openspiel_version"] = openspiel_peer.openspiel_version()
        loop = best_of(openspiel_peer.openspiel_python_loop, args.hands, args.seed, args.repeats)
        cpp = best_of(openspiel_peer.openspiel_evaluate_bots, args.hands, args.seed, args.repeats)
        results["openspiel_python_loop"] = loop
        results["openspiel_evaluate_bots"] = cpp
        results["ratio_vs_python_loop"] = ours["hands_per_second"] / loop["hands_per_second"]
        results["ratio_vs_evaluate_bots"] = ours["hands_per_second"] / cpp["hands_per_second"]
    except RuntimeError as error:  # OpenSpiel not installed
        results["openspiel_error"] = str(error)

    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"Random 4-player 10-card Oh Hell hands with the hook, best of {args.repeats} runs"
          f" of {args.hands} hands")
    print(f"  trickcore (public API)      {ours['hands_per_second']:10,.0f} hands/s"
          f"   peak traced memory {results['trickcore_peak_kib']:,.0f} KiB")
    if "openspiel_python_loop" in results:
        loop, cpp = results["openspiel_python_loop"], results["openspiel_evaluate_bots"]
        print(f"  OpenSpiel {results['openspiel_version']} Python loop  "
              f"{loop['hands_per_second']:10,.0f} hands/s   peak RSS growth"
              f" {loop['maxrss_delta_kib']:,.0f} KiB")
        print(f"  OpenSpiel evaluate_bots (C++){cpp['hands_per_second']:10,.0f} hands/s   peak"
              f" RSS growth {cpp['maxrss_delta_kib']:,.0f} KiB")
        print(f"  ratio trickcore / OpenSpiel Python loop:   {results['ratio_vs_python_loop']:.2f}x")
        print(f"  ratio trickcore / OpenSpiel evaluate_bots: {results['ratio_vs_evaluate_bots']:.2f}x")
    else:
        print(f"  OpenSpiel not available: {results['openspiel_error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

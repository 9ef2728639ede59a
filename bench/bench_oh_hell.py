"""Benchmark: complete random 4-player, 10-card Oh Hell hands with the hook.

trickcore plays them through its public API (deal, ``legal_bids``/``bid``,
``legal_plays``/``play``), choosing uniformly at random with a seeded generator; in the same run
OpenSpiel plays ``oh_hell(players=4,num_tricks_fixed=10)`` by two Python loops (chance nodes
sampled through ``chance_outcomes()``; and the fastest honest loop, ``random.choice`` over
``legal_actions()`` at every node, chance included) and by the C++ ``evaluate_bots`` path (see
``openspiel_peer.py``).  The script prints hands per second, the
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
        results["openspiel_uniform_chance_nodes_checked"] = openspiel_peer.check_uniform_chance()
        loop = best_of(openspiel_peer.openspiel_python_loop, args.hands, args.seed, args.repeats)
        uniform = best_of(openspiel_peer.openspiel_python_loop_uniform, args.hands, args.seed,
                          args.repeats)
        cpp = best_of(openspiel_peer.openspiel_evaluate_bots, args.hands, args.seed, args.repeats)
        results["openspiel_python_loop"] = loop
        results["openspiel_python_loop_uniform"] = uniform
        results["openspiel_evaluate_bots"] = cpp
        results["ratio_vs_python_loop"] = ours["hands_per_second"] / loop["hands_per_second"]
        results["ratio_vs_python_loop_uniform"] = (ours["hands_per_second"]
                                                   / uniform["hands_per_second"])
        results["ratio_vs_evaluate_bots"] = ours["hands_per_second"] / cpp["hands_per_second"]
    except RuntimeError as error:  # OpenSpiel not installed
        results["openspiel_error"] = str(error)

    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"Random 4-player 10-card Oh Hell hands with the hook, best of {args.repeats} runs"
          f" of {args.hands} hands")
    rows = [("trickcore, public API", ours,
             f"peak traced memory {results['trickcore_peak_kib']:,.0f} KiB")]
    if "openspiel_python_loop" in results:
        version = results["openspiel_version"]
        for label, key in ((f"OpenSpiel {version}, Python loop, chance_outcomes()",
                            "openspiel_python_loop"),
                           (f"OpenSpiel {version}, Python loop, random.choice everywhere",
                            "openspiel_python_loop_uniform"),
                           (f"OpenSpiel {version}, evaluate_bots (C++)",
                            "openspiel_evaluate_bots")):
            peer = results[key]
            rows.append((label, peer, f"peak RSS growth {peer['maxrss_delta_kib']:,.0f} KiB"))
    for label, rate, memory in rows:
        print(f"  {label:<58}{rate['hands_per_second']:10,.0f} hands/s   {memory}")
    if "openspiel_python_loop" in results:
        for label, key in (("Python loop, chance_outcomes()", "ratio_vs_python_loop"),
                           ("Python loop, random.choice everywhere",
                            "ratio_vs_python_loop_uniform"),
                           ("evaluate_bots (C++)", "ratio_vs_evaluate_bots")):
            print(f"  ratio trickcore / OpenSpiel {label + ':':<40}{results[key]:.2f}x")
    else:
        print(f"  OpenSpiel not available: {results['openspiel_error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

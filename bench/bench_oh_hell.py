"""Benchmark: complete random 4-player, 10-card Oh Hell hands with the hook.

trickcore plays them through its public API (deal, ``legal_bids``/``bid``,
``legal_plays``/``play``), choosing uniformly at random with a seeded generator; in the same run
OpenSpiel plays ``oh_hell(players=4,num_tricks_fixed=10)`` by its fastest honest Python loop
(``random.choice`` over ``legal_actions()`` at every node, chance included), by the loop that
samples chance nodes through ``chance_outcomes()``, and by the C++ ``evaluate_bots`` path (see
``openspiel_peer.py``).

trickcore and the fastest loop run alternately, ``--repeats`` times each after one untimed warm-up
run each, so that both see the same load; each pair gives a ratio, and the script prints the
median ratio and its spread, by wall-clock time and by CPU time (``time.process_time()``,
which other programs on a shared machine disturb far less).  It also prints which build of trickcore ran (pure Python, or the
mypyc-compiled modules of ``make compiled``), the import time of ``import trickcore`` in a fresh
interpreter, and peak memory (``tracemalloc`` peak for trickcore's Python objects in a separate,
shorter run; the growth of the process's peak RSS for OpenSpiel).

Run: ``make bench`` or ``python bench/bench_oh_hell.py [--hands N] [--repeats R] [--json]``;
``PYTHONPATH=build/compiled`` runs it against the compiled build.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import trickcore as tc
import trickcore.engine.play

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
        tricks += sum(state.tricks_won)  # the peer builds no trick records either
    return tricks


def trickcore_rate(n_hands: int, seed: int) -> dict[str, float]:
    cpu = time.process_time()
    start = time.perf_counter()
    tricks = play_random_hands(n_hands, seed)
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    assert tricks == 10 * n_hands
    return {"hands": n_hands, "seconds": seconds, "hands_per_second": n_hands / seconds,
            "cpu_seconds": cpu_seconds, "hands_per_cpu_second": n_hands / cpu_seconds}


def trickcore_peak_kib(n_hands: int, seed: int) -> float:
    tracemalloc.start()
    play_random_hands(n_hands, seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def build() -> str:
    """Which build of trickcore this process runs: ``"compiled"`` (mypyc) or ``"pure"``."""
    return "pure" if (trickcore.engine.play.__file__ or "").endswith(".py") else "compiled"


def import_ms(runs: int = 5) -> list[float]:
    """Milliseconds for ``import trickcore`` in fresh interpreters (this one's sys.path; ``-P``:
    not the working directory, which may hold the sources)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    code = "import time; t = time.perf_counter(); import trickcore; print(time.perf_counter() - t)"
    out = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-P", "-c", code], env=env, capture_output=True,
                              text=True, check=True)
        out.append(1000 * float(done.stdout))
    return sorted(out)


def best_of(fn: Any, n_hands: int, seed: int, repeats: int) -> dict[str, float]:
    runs = [fn(n_hands, seed + r) for r in range(repeats)]
    return max(runs, key=lambda r: r["hands_per_second"])


def side_by_side(n_hands: int, seed: int, repeats: int) -> dict[str, Any]:
    """trickcore and OpenSpiel's fastest Python loop, alternately, ``repeats`` times each,
    after one untimed warm-up run of each (each side's first run otherwise also pays for
    filling its caches and warming its code, which the runs after it do not)."""
    warm = min(n_hands, 500)
    trickcore_rate(warm, seed - 1)
    openspiel_peer.openspiel_python_loop_uniform(warm, seed - 1)
    ours, peer = [], []
    for r in range(repeats):
        ours.append(trickcore_rate(n_hands, seed + r))
        peer.append(openspiel_peer.openspiel_python_loop_uniform(n_hands, seed + r))
    out: dict[str, Any] = {"trickcore": ours, "openspiel_python_loop_uniform": peer}
    for clock, key in (("wall", "hands_per_second"), ("cpu", "hands_per_cpu_second")):
        ratios = sorted(a[key] / b[key] for a, b in zip(ours, peer, strict=True))
        out[f"ratios_{clock}"] = ratios
        out[f"ratio_{clock}_median"] = statistics.median(ratios)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)

    results: dict[str, Any] = {"hands": args.hands, "repeats": args.repeats, "build": build(),
                               "python": sys.version.split()[0]}
    results["import_ms"] = import_ms()
    try:
        results["openspiel_version"] = openspiel_peer.openspiel_version()
        results["openspiel_uniform_chance_nodes_checked"] = openspiel_peer.check_uniform_chance()
        results["side_by_side"] = side_by_side(args.hands, args.seed, args.repeats)
        few = max(1, args.repeats // 2)
        results["openspiel_python_loop"] = best_of(openspiel_peer.openspiel_python_loop,
                                                   args.hands, args.seed, few)
        results["openspiel_evaluate_bots"] = best_of(openspiel_peer.openspiel_evaluate_bots,
                                                     args.hands, args.seed, few)
    except RuntimeError as error:  # OpenSpiel not installed
        results["openspiel_error"] = str(error)
        results["side_by_side"] = {"trickcore": [trickcore_rate(args.hands, args.seed + r)
                                                 for r in range(args.repeats)]}
    results["trickcore_peak_kib"] = trickcore_peak_kib(min(args.hands, 1000), args.seed)

    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    sbs = results["side_by_side"]
    print(f"Random 4-player 10-card Oh Hell hands with the hook: trickcore ({results['build']}"
          f" build, Python {results['python']}), {args.repeats} runs of {args.hands} hands")
    imp = results["import_ms"]
    print(f"  import trickcore: {statistics.median(imp):.0f} ms (median of {len(imp)} fresh"
          f" interpreters, {imp[0]:.0f} to {imp[-1]:.0f})")
    print(f"  trickcore peak traced memory: {results['trickcore_peak_kib']:,.0f} KiB")

    def spread(runs: list[dict[str, float]], key: str) -> str:
        rates = sorted(r[key] for r in runs)
        return f"{statistics.median(rates):10,.0f}  ({rates[0]:,.0f} to {rates[-1]:,.0f})"

    rows = [("trickcore, public API", sbs["trickcore"])]
    if "openspiel_python_loop_uniform" in sbs:
        rows.append((f"OpenSpiel {results['openspiel_version']}, random.choice everywhere",
                     sbs["openspiel_python_loop_uniform"]))
    print(f"  {'hands/s, median (range)':<52}{'wall clock':>28}{'CPU time':>30}")
    for label, runs in rows:
        print(f"  {label:<52}{spread(runs, 'hands_per_second'):>28}"
              f"{spread(runs, 'hands_per_cpu_second'):>30}")
    if "openspiel_error" in results:
        print(f"  OpenSpiel not available: {results['openspiel_error']}")
        return 0
    for clock in ("wall", "cpu"):
        ratios = sbs[f"ratios_{clock}"]
        print(f"  ratio trickcore / OpenSpiel's fastest Python loop, {clock:>4}: median"
              f" {sbs[f'ratio_{clock}_median']:.2f}x, runs {', '.join(f'{r:.2f}' for r in ratios)}")
    for label, key in (("Python loop, chance_outcomes()", "openspiel_python_loop"),
                       ("evaluate_bots (C++)", "openspiel_evaluate_bots")):
        peer = results[key]
        print(f"  OpenSpiel {label:<40} best {peer['hands_per_second']:10,.0f} hands/s,"
              f" peak RSS growth {peer['maxrss_delta_kib']:,.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

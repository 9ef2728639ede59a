"""Benchmark the exact solver against DDS, and solve a whole Humbug deal.

    python bench/bench_solver.py [--sizes 5,8,10,13] [--per-size 100] [--big 10] [--seed 0]
                                 [--humbug-deals 20] [--humbug-seed 0] [--no-humbug]

1. Bridge endings: for each size in ``--sizes`` (cards per hand), ``--per-size`` random deals
   (``--big`` of them from 10 cards up; 13 is a whole deal) (a
   shuffled 52-card pack, the first 4 x size cards dealt round the table), a random
   denomination (one of the four suits or no trump) and a random leader.  Each ending is
   solved by trickcore (North-South against East-West, the side to lead maximising) and by DDS
   through endplay's ``solve_board`` (which scores every card of the hand on lead).  The
   number of tricks and the set of best cards must agree on every ending, or the benchmark
   stops with exit code 1.  DDS solves all the endings of a size first, then trickcore: each in
   its own loop, warm (interleaved, trickcore's tables evicted DDS's from the caches).  It
   prints the mean time per ending for each and the ratio of the totals (wall clock, and CPU
   time in brackets), then the goals below against the CPU ratio (the wall clock moves
   with other work on the machine): 13-card deals within 20x DDS, 10-card endings within 4x
   (the same endings, solved by both in the same run).
2. Humbug: ``--humbug-deals`` whole deals (26 cards each, trumps from the dealer's last card),
   dealt by the engine from seeds ``--humbug-seed`` on, each solved exactly (eldest's tricks
   and a best opening lead): the median and the largest time (goal: median under 10 s, none
   over 30 s).
3. Peak memory: the process's peak resident set after each part (the transposition table is
   the solver's only large structure), and for each size the largest memory one trickcore solve
   allocated (``tracemalloc``, which sees the C searches' tables: their bindings allocate through
   ``PyMem_RawMalloc``).

endplay is a benchmark-only dependency (``requirements-bench.txt``).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
import tracemalloc

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

import trickcore as tc
import trickcore.solver.twohand as twohand
from trickcore.cards import mask_of
from trickcore.solver import Position, native, solve, solve_humbug_deal

PACK = [tc.Card.parse(r + s) for s in "SHDC" for r in "23456789TJQKA"]


def pbn(hands: list[list[tc.Card]]) -> str:
    """North, East, South, West in PBN (suits S H D C, high cards first)."""
    return "N:" + " ".join(
        ".".join("".join(c.code[0] for c in sorted(h, key=lambda c: -c.index) if c.suit == s)
                 for s in tc.Suit)
        for h in hands)


def ending(rng: random.Random, size: int) -> tuple[list[list[tc.Card]], tc.Suit | None, int]:
    pack = PACK[:]
    rng.shuffle(pack)
    hands = [pack[i * size:(i + 1) * size] for i in range(4)]
    trump = rng.choice([None, *tc.Suit])
    return hands, trump, rng.randrange(4)


def peak_mib() -> float:
    """The process's peak resident set so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


#: The goals: cards a hand -> the most trickcore may take, in multiples of DDS's time
GOALS = {13: 20.0, 10: 4.0}


def bench_endings(sizes: list[int], per_size: int, big: int, seed: int) -> bool:
    print(f"Bridge endings: {per_size} per size ({big} from 10 cards up), seed {seed};"
          " trickcore vs DDS (endplay solve_board), tricks and best cards compared")
    print("Times are wall-clock means per ending (CPU time in brackets: other work on the machine"
          " slows the wall clock).")
    print(f"{'cards':>5} {'endings':>7} {'agree':>6} {'trickcore ms':>20} {'DDS ms':>16}"
          f" {'ratio':>12} {'nodes':>8} {'MiB':>6}")
    ok = True
    ratios: dict[int, tuple[float, float, float, float]] = {}
    for size in sizes:
        count = big if size >= 10 else per_size
        rng = random.Random(f"bench-solver/{seed}/{size}")
        ours = theirs = ours_cpu = theirs_cpu = 0.0
        nodes = 0
        agree = 0
        table_peak = 0
        endings = [ending(rng, size) for _ in range(count)]
        # DDS solves all the endings, then trickcore does: each side runs its own loop, its
        # caches and memory warm (interleaved, trickcore's big tables pushed DDS's out of the
        # caches and slowed it by up to 2x, which flattered trickcore)
        answers = []
        for hands, trump, leader in endings:
            deal = Deal(pbn(hands))
            deal.first = Player(leader)
            deal.trump = Denom.nt if trump is None else Denom(int(trump))
            t, c = time.perf_counter(), time.process_time()
            scores = list(solve_board(deal))
            theirs += time.perf_counter() - t
            theirs_cpu += time.process_time() - c
            best = max(v for _, v in scores)
            answers.append((best, {c.rank.name[1] + c.suit.name[0].upper()
                                   for c, v in scores if v == best}))
        for i, ((hands, trump, leader), (best, dds_cards)) in enumerate(
                zip(endings, answers, strict=True)):
            position = Position([mask_of(h) for h in hands], trump, leader,
                                sides=[[0, 2], [1, 3]])
            tracemalloc.start()
            t, c = time.perf_counter(), time.process_time()
            result = solve(position)
            ours += time.perf_counter() - t
            ours_cpu += time.process_time() - c
            table_peak = max(table_peak, tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
            nodes += result.nodes
            if result.tricks == best and {c.code for c in result.best_cards} == dds_cards:
                agree += 1
            else:
                ok = False
                print(f"  DISAGREE size {size} ending {i}: {pbn(hands)} trump {trump}"
                      f" leader {leader}: trickcore {result.tricks}"
                      f" {sorted(c.code for c in result.best_cards)}, DDS {best}"
                      f" {sorted(dds_cards)}")
        timing = (f"{1000 * ours / count:9.2f} ({1000 * ours_cpu / count:8.2f})"
                  f" {1000 * theirs / count:7.3f} ({1000 * theirs_cpu / count:6.3f})")
        ratio = f"{ours / theirs:5.0f} ({ours_cpu / theirs_cpu:4.0f})"
        print(f"{size:>5} {count:>7} {agree:>6} {timing} {ratio:>12} {nodes // count:>8}"
              f" {table_peak / 2**20:6.1f}", flush=True)
        ratios[size] = (ours_cpu / count, theirs_cpu / count, ours_cpu / theirs_cpu,
                        table_peak / 2**20)
    print("(MiB: the most one trickcore solve of the size allocated, its table included)")
    for size, goal in GOALS.items():
        if size in ratios:
            ours_s, theirs_s, times, mib = ratios[size]
            print(f"{size}-card {'deals' if size == 13 else 'endings'}: trickcore"
                  f" {1000 * ours_s:.1f} ms, DDS {1000 * theirs_s:.2f} ms a deal (CPU):"
                  f" {times:.1f}x DDS, goal within {goal:.0f}x:"
                  f" {'met' if times <= goal else 'NOT met'}; {mib:.1f} MiB at most")
    print(f"peak memory after the endings: {peak_mib():.0f} MiB (the process: trickcore, DDS"
          " and Python)")
    return ok


def bench_humbug(seed: int, deals: int) -> None:
    rules = tc.get_variant("humbug")
    print(f"Humbug: {deals} whole deals (26 cards each), seeds {seed} to {seed + deals - 1}")
    walls = []
    cpus = []
    for s in range(seed, seed + deals):
        deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=26,
                             rng=tc.rng_for("humbug", 2, s, "deal", 0))
        t = time.perf_counter()
        cpu = time.process_time()
        result = solve_humbug_deal(deal)
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - cpu)
        trumps = "none" if deal.trump is None else deal.trump.symbol
        print(f"  seed {s}: trumps {trumps}; eldest (seat {deal.eldest}) takes {result.tricks}"
              f" of 26 with best play on both sides; a best lead:"
              f" {' '.join(c.code for c in result.best_cards)} ({result.nodes:,} trick starts,"
              f" {walls[-1]:.1f} s, CPU {cpus[-1]:.1f} s)", flush=True)
    print(f"Humbug median {statistics.median(walls):.1f} s (CPU {statistics.median(cpus):.1f} s),"
          f" largest {max(walls):.1f} s (CPU {max(cpus):.1f} s) over {deals} deals;"
          f" peak memory {peak_mib():.0f} MiB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5,8,10,13",
                        help="cards per hand, comma-separated (default 5,8,10,13)")
    parser.add_argument("--per-size", type=int, default=100)
    parser.add_argument("--big", type=int, default=10,
                        help="endings per size from 10 cards up (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--humbug-seed", type=int, default=0)
    parser.add_argument("--humbug-deals", type=int, default=20)
    parser.add_argument("--no-humbug", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    build = "pure Python" if (twohand.__file__ or "").endswith(".py") else "compiled (mypyc)"
    if native.enabled():
        build = "in C (the core in trickcore/solver/core/, CPython bindings _twohand.c, _general.c)"
    print(f"trickcore {tc.__file__.rsplit('/', 2)[0]}: the solver's searches {build}")
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    ok = bench_endings(sizes, args.per_size, args.big, args.seed)
    if not args.no_humbug:
        bench_humbug(args.humbug_seed, args.humbug_deals)
    print(f"total {time.perf_counter() - start:.1f} s")
    if not ok:
        print("trickcore and DDS disagree: see above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

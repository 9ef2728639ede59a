"""Benchmark the exact solver against DDS, and solve a whole Humbug deal.

    python bench/bench_solver.py [--per-size 250] [--seed 0] [--humbug-seed 0] [--no-humbug]

1. Bridge endings: for each size from 5 to 8 cards per hand, ``--per-size`` random deals (a
   shuffled 52-card pack, the first 4 x size cards dealt round the table), a random
   denomination (one of the four suits or no trump) and a random leader.  Each ending is
   solved by trickcore (North-South against East-West, the side to lead maximising) and by DDS
   through endplay's ``solve_board`` (which scores every card of the hand on lead).  The
   number of tricks and the set of best cards must agree on every ending, or the benchmark
   stops with exit code 1.  It prints the mean time per ending for each and the ratio.
2. Humbug: one whole deal (26 cards each, trumps from the dealer's last card), dealt by the
   engine from ``--humbug-seed``, solved exactly: eldest's tricks and a best opening lead.

endplay is a benchmark-only dependency (``requirements-bench.txt``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

import trickcore as tc
from trickcore.cards import mask_of
from trickcore.solver import Position, solve, solve_humbug_deal

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


def bench_endings(per_size: int, seed: int) -> bool:
    print(f"Bridge endings: {per_size} per size, seed {seed}; trickcore vs DDS (endplay"
          " solve_board), tricks and best cards compared")
    print("Times are wall-clock means per ending (CPU time in brackets: other work on the machine"
          " slows the wall clock).")
    print(f"{'cards':>5} {'endings':>7} {'agree':>6} {'trickcore ms':>20} {'DDS ms':>16}"
          f" {'ratio':>12} {'nodes':>8}")
    ok = True
    for size in range(5, 9):
        rng = random.Random(f"bench-solver/{seed}/{size}")
        ours = theirs = ours_cpu = theirs_cpu = 0.0
        nodes = 0
        agree = 0
        for i in range(per_size):
            hands, trump, leader = ending(rng, size)
            deal = Deal(pbn(hands))
            deal.first = Player(leader)
            deal.trump = Denom.nt if trump is None else Denom(int(trump))
            t, c = time.perf_counter(), time.process_time()
            scores = list(solve_board(deal))
            theirs += time.perf_counter() - t
            theirs_cpu += time.process_time() - c
            best = max(v for _, v in scores)
            dds_cards = {c.rank.name[1] + c.suit.name[0].upper() for c, v in scores if v == best}
            position = Position([mask_of(h) for h in hands], trump, leader,
                                sides=[[0, 2], [1, 3]])
            t, c = time.perf_counter(), time.process_time()
            result = solve(position)
            ours += time.perf_counter() - t
            ours_cpu += time.process_time() - c
            nodes += result.nodes
            if result.tricks == best and {c.code for c in result.best_cards} == dds_cards:
                agree += 1
            else:
                ok = False
                print(f"  DISAGREE size {size} ending {i}: {pbn(hands)} trump {trump}"
                      f" leader {leader}: trickcore {result.tricks}"
                      f" {sorted(c.code for c in result.best_cards)}, DDS {best}"
                      f" {sorted(dds_cards)}")
        timing = (f"{1000 * ours / per_size:9.2f} ({1000 * ours_cpu / per_size:8.2f})"
                  f" {1000 * theirs / per_size:7.3f} ({1000 * theirs_cpu / per_size:6.3f})")
        ratio = f"{ours / theirs:5.0f} ({ours_cpu / theirs_cpu:4.0f})"
        print(f"{size:>5} {per_size:>7} {agree:>6} {timing} {ratio:>12} {nodes // per_size:>8}")
    return ok


def bench_humbug(seed: int) -> None:
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=26,
                         rng=tc.rng_for("humbug", 2, seed, "deal", 0))
    t = time.perf_counter()
    cpu = time.process_time()
    result = solve_humbug_deal(deal)
    elapsed = time.perf_counter() - t
    cpu = time.process_time() - cpu
    trumps = "none" if deal.trump is None else deal.trump.symbol
    print(f"Humbug, seed {seed}: trumps {trumps}; eldest"
          f" (seat {deal.eldest}) takes {result.tricks} of 26 tricks with best play on both"
          f" sides; a best lead: {' '.join(c.code for c in result.best_cards)}"
          f" ({result.nodes:,} trick starts searched, {elapsed:.1f} s, CPU {cpu:.1f} s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--humbug-seed", type=int, default=0)
    parser.add_argument("--no-humbug", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    ok = bench_endings(args.per_size, args.seed)
    if not args.no_humbug:
        bench_humbug(args.humbug_seed)
    print(f"total {time.perf_counter() - start:.1f} s")
    if not ok:
        print("trickcore and DDS disagree: see above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The soak: random whole matches of every variant, checked after every action (``make soak``).

Matches are numbered 0, 1, 2, ...; match ``k`` is played on table ``k % len(TABLES)`` (every
variant at every player count, and a few option combinations: tests/invariants.py) with match
seed ``base + k``, and its actions are drawn from ``legal_actions`` by ``random.Random`` seeded
with the same number.  After every action the deal's invariants are checked (each card in
exactly one place, trick counts, phase and seat to act, points only when done); after every
deal its points and the match's totals; once per match the record of the unfinished match,
and at the end the record of the finished one, must round-trip (written, read back and
replayed as ``trickcore check`` does, written again: the same text).

    python scripts/soak.py --deals 1000000            # all cores, base seed 0
    python scripts/soak.py --replay 12345             # replay match 12345 alone, with a traceback

The counts of deals, actions, matches and violations are printed with the time; the exit
status is 1 if any invariant was broken (each violation is printed with its match number, so
``--replay`` repeats it exactly).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from invariants import (
    CardLedger,
    check_match,
    check_record,
    check_state,
    ruleset_of,
    table_id,
    tables,
)

import trickcore as tc

TABLES = tables()
#: Matches per task sent to a worker process.
CHUNK = 40
#: Violations a worker reports in full (the rest are counted).
SHOWN = 20


class Tally(NamedTuple):
    deals: int
    actions: int
    matches: int
    violations: int
    messages: list[str]


def play_match(k: int, base: int) -> tuple[int, int]:
    """Play match ``k`` checking every invariant; return (deals, actions).  Raises on a
    violation (AssertionError) or on any error the engine should not raise."""
    table = TABLES[k % len(TABLES)]
    seed = base + k
    rng = random.Random(seed)
    match = tc.Match(ruleset_of(table), table[2], seed)
    stop_deal, stop_action = rng.randrange(3), rng.randrange(40)
    deals = actions = 0
    while not match.is_over:
        state = match.next_deal()
        ledger = CardLedger(state)
        choices = state.legal_actions
        check_state(state, ledger, choices)
        done = 0
        while not state.is_over:
            if deals == stop_deal and done == stop_action:
                check_record(match)  # an unfinished match round-trips too
            state.apply(rng.choice(choices))
            done += 1
            choices = state.legal_actions
            check_state(state, ledger, choices)
        deals += 1
        actions += done
        check_match(match)
    check_record(match)
    return deals, actions


def run_chunk(start: int, stop: int, base: int) -> Tally:
    deals = actions = violations = 0
    messages: list[str] = []
    for k in range(start, stop):
        try:
            d, a = play_match(k, base)
        except Exception as error:
            violations += 1
            if len(messages) < SHOWN:
                table = TABLES[k % len(TABLES)]
                messages.append(f"match {k} ({table_id(table)}, seed {base + k}):"
                                f" {type(error).__name__}: {error}")
            continue
        deals += d
        actions += a
    return Tally(deals, actions, stop - start, violations, messages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000,
                        help="play whole matches until at least this many deals (1,000,000)")
    parser.add_argument("--seed", type=int, default=0, help="the base seed (0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (one per core)")
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="start no new matches after this long (the counts say how far it got)")
    parser.add_argument("--replay", type=int, metavar="K",
                        help="play match K alone, in this process, and show any traceback")
    args = parser.parse_args(argv)
    if args.replay is not None:
        table = TABLES[args.replay % len(TABLES)]
        print(f"match {args.replay}: {table_id(table)}, seed {args.seed + args.replay}")
        deals, actions = play_match(args.replay, args.seed)
        print(f"no violation: {deals} deals, {actions} actions")
        return 0

    print(f"soak: {args.deals:,} deals over {len(TABLES)} tables, base seed {args.seed},"
          f" {args.workers} workers, {CHUNK} matches per task", flush=True)
    began = time.monotonic()
    total = Tally(0, 0, 0, 0, [])
    next_match = 0
    pending: set[Future[Tally]] = set()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        while True:
            late = args.max_seconds is not None and time.monotonic() - began > args.max_seconds
            while total.deals < args.deals and not late and len(pending) < 2 * args.workers:
                pending.add(pool.submit(run_chunk, next_match, next_match + CHUNK, args.seed))
                next_match += CHUNK
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                part = future.result()
                total = Tally(total.deals + part.deals, total.actions + part.actions,
                              total.matches + part.matches,
                              total.violations + part.violations,
                              total.messages + part.messages)
                for message in part.messages:
                    print("VIOLATION", message, flush=True)
            if total.matches % (CHUNK * 250) < CHUNK:
                print(f"  {total.deals:,} deals, {total.matches:,} matches,"
                      f" {time.monotonic() - began:,.0f} s", flush=True)
    elapsed = time.monotonic() - began
    if total.deals < args.deals:
        print(f"STOPPED EARLY at --max-seconds {args.max_seconds}: {total.deals:,} of"
              f" {args.deals:,} deals")
    print(f"deals {total.deals:,}  actions {total.actions:,}  matches {total.matches:,}"
          f" (0 to {next_match - 1})  violations {total.violations:,}")
    print(f"time {elapsed:,.1f} s ({total.deals / elapsed:,.0f} deals/s)")
    if total.violations:
        print("replay one with: python scripts/soak.py --seed"
              f" {args.seed} --replay K", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # pragma: no cover
        traceback.print_exc()
        sys.exit(130)

"""Benchmark: how long each bot strength takes per decision (the play demo's "Bots" control).

For the three strengths of :mod:`trickcore.players.strength` (beginner: random; standard: the
heuristic; strong: Monte Carlo with ``STRONG_SAMPLES`` sampled deals) it times one decision at
the bidding and one at the first trick of 10-card, 4-player Oh Hell deals (the heaviest demo
decision: eleven bids, ten cards), and the mean per decision over whole hands of Oh Hell,
Humbug and Five Hundred.  The budget is a count of samples, not a time: the choices are the same
on every machine, and the times here say whether the browser (Pyodide, about twice as slow as
CPython) still answers within a second.

Run: ``python bench/bench_bots.py [--deals N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from trickcore.engine.events import Phase
from trickcore.engine.turns import bot_action
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.strength import STRENGTHS, STRONG_SAMPLES, StrengthBot
from trickcore.widgets.demo_model import DealSetup

GAMES = (("oh-hell", 4), ("humbug", 2), ("five-hundred", 4))


def first_trick(seed: int, strength: str) -> tuple[float, float]:
    """Seconds for the bid of the first bidder and for the first lead of a 10-card deal."""
    setup = DealSetup("oh-hell", 4, seed, 1)
    state = setup.state
    assert state.hand_size == 10
    bot = StrengthBot(strength, setup.code)
    start = time.perf_counter()
    bot_action(bot, state.copy())
    bid = time.perf_counter() - start
    heuristic = HeuristicBot()
    while state.phase is not Phase.PLAYING:
        state.apply(bot_action(heuristic, state).action)
    start = time.perf_counter()
    bot_action(bot, state.copy())
    return bid, time.perf_counter() - start


def whole_hands(key: str, players: int, strength: str, deals: int) -> float:
    """Mean seconds per decision over ``deals`` whole hands played by ``strength`` at every seat."""
    decisions, seconds = 0, 0.0
    for seed in range(1, deals + 1):
        setup = DealSetup(key, players, seed, 1)
        state, bot = setup.state, StrengthBot(strength, setup.code)
        while not state.is_over:
            start = time.perf_counter()
            choice = bot_action(bot, state)
            seconds += time.perf_counter() - start
            state.apply(choice.action)
            decisions += 1
    return seconds / decisions


def run(deals: int) -> dict[str, Any]:
    """Every measurement, as JSON-ready data."""
    out: dict[str, Any] = {"strong_samples": STRONG_SAMPLES, "strengths": {}}
    for strength in STRENGTHS:
        times = [first_trick(seed, strength) for seed in range(1, deals + 1)]
        out["strengths"][strength] = {
            "oh_hell_10_card_bid_max_s": max(b for b, _ in times),
            "oh_hell_10_card_first_lead_max_s": max(p for _, p in times),
            "mean_per_decision_s": {key: whole_hands(key, players, strength, deals)
                                    for key, players in GAMES},
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5, help="deals per measurement")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    result = run(args.deals)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"strong bot: {result['strong_samples']} sampled deals per decision")
    for strength, row in result["strengths"].items():
        means = ", ".join(f"{k} {v * 1000:.2f} ms" for k, v in row["mean_per_decision_s"].items())
        print(f"{strength:9} 10-card Oh Hell: bid max {row['oh_hell_10_card_bid_max_s']:.3f} s,"
              f" first lead max {row['oh_hell_10_card_first_lead_max_s']:.3f} s;"
              f" per decision over whole hands: {means}")


if __name__ == "__main__":
    main()

"""OpenSpiel peers for the Oh Hell benchmark.

Three ways of playing complete random Oh Hell hands with OpenSpiel (``pip install open_spiel``,
see ``requirements-bench.txt``), to compare trickcore's throughput against:

* :func:`openspiel_python_loop` drives ``pyspiel`` state by state from Python, the way a
  Python user of OpenSpiel would (one Python-to-C++ call per action), sampling chance nodes
  through ``chance_outcomes()``.
* :func:`openspiel_python_loop_uniform` is OpenSpiel's fastest honest Python loop:
  ``random.choice(state.legal_actions())`` at every node, chance nodes included. Every chance
  node of ``oh_hell`` is uniform over its legal outcomes (:func:`check_uniform_chance` checks
  it), so the hands have the same distribution.
* :func:`openspiel_evaluate_bots` hands each whole game to the C++ ``evaluate_bots`` loop with
  uniform random bots: close to OpenSpiel's pure C++ speed.

The game is ``oh_hell(players=4,num_tricks_fixed=10)``: 4 players, the default 52-card deck
(``num_suits=4``, ``num_cards_per_suit=13``), 10 tricks per hand. Its chance nodes are: the
number of tricks (one outcome when fixed), the dealer (4 outcomes), one node per card dealt
(40), and the trump card; then 4 bids and 40 card plays, 87 actions in all.

Each function returns ``{"hands", "seconds", "hands_per_second", "cpu_seconds",
"hands_per_cpu_second", "maxrss_delta_kib"}`` (CPU time, ``time.process_time()``, is measured by
:func:`openspiel_python_loop_uniform`, the peer of the side-by-side runs). The timing covers only
playing (the import and ``load_game`` happen before the clock starts).
``maxrss_delta_kib`` is the growth of the process's peak resident set size
(``getrusage(RUSAGE_SELF).ru_maxrss``) over the run, in KiB: ``tracemalloc`` cannot see the
C++ heap. It is usually 0, since random play allocates nothing that lives long.

Run ``python bench/openspiel_peer.py [--hands N] [--seed S]`` to print every rate. The module
imports ``pyspiel`` lazily, so it can be imported (e.g. by ``bench/bench_oh_hell.py``) without
OpenSpiel installed; the functions then raise :class:`RuntimeError`.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import random
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

GAME_STRING = "oh_hell(players=4,num_tricks_fixed=10)"
"""OpenSpiel game string: 4 players, 52 cards (the defaults), 10 tricks."""

EXPECTED_PARAMETERS = {
    "players": 4,
    "num_suits": 4,
    "num_cards_per_suit": 13,
    "num_tricks_fixed": 10,
}

_SEED_MODULUS = 2**31 - 1  # OpenSpiel takes C++ ``int`` seeds.


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError(
            "OpenSpiel is not installed: pip install -r requirements-bench.txt"
        ) from exc
    return pyspiel


def openspiel_version() -> str:
    """The installed ``open_spiel`` distribution's version, or ``"not installed"``."""
    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def load_game() -> Any:
    """Load the benchmark game and check that its parameters are what we compare against."""
    game = _pyspiel().load_game(GAME_STRING)
    params = game.get_parameters()
    wrong = {k: params.get(k) for k, v in EXPECTED_PARAMETERS.items() if params.get(k) != v}
    if wrong or game.num_players() != 4:
        raise RuntimeError(f"unexpected OpenSpiel oh_hell parameters: {wrong} in {params}")
    return game


def _maxrss_kib() -> int:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss // 1024 if sys.platform == "darwin" else rss  # bytes on macOS, KiB on Linux


def _result(n_hands: int, seconds: float, rss_before: int, cpu_seconds: float = 0.0
            ) -> dict[str, float]:
    return {
        "hands": n_hands,
        "seconds": seconds,
        "hands_per_second": n_hands / seconds if seconds > 0 else float("inf"),
        "cpu_seconds": cpu_seconds,
        "hands_per_cpu_second": n_hands / cpu_seconds if cpu_seconds > 0 else float("inf"),
        "maxrss_delta_kib": _maxrss_kib() - rss_before,
    }


def openspiel_python_loop(n_hands: int, seed: int) -> dict[str, float]:
    """Play ``n_hands`` random hands by stepping ``pyspiel`` states from Python.

    Chance nodes are sampled from ``state.chance_outcomes()`` and player nodes pick
    uniformly from ``state.legal_actions()``, both with one ``random.Random(seed)``.
    """
    game = load_game()
    rng = random.Random(seed)
    choice = rng.choice
    choices = rng.choices
    rss_before = _maxrss_kib()
    start = time.perf_counter()
    for _ in range(n_hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                action = choices(actions, probs)[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
    seconds = time.perf_counter() - start
    return _result(n_hands, seconds, rss_before)


def check_uniform_chance(n_hands: int = 20, seed: int = 0) -> int:
    """Play ``n_hands`` random hands and check that every chance node's outcomes are its legal
    actions, all equally likely; returns the chance nodes checked."""
    game = load_game()
    rng = random.Random(seed)
    nodes = 0
    for _ in range(n_hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                if list(actions) != list(state.legal_actions()) or max(probs) - min(probs) > 1e-12:
                    raise RuntimeError(f"a non-uniform chance node: {state.chance_outcomes()}")
                nodes += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return nodes


def openspiel_python_loop_uniform(n_hands: int, seed: int) -> dict[str, float]:
    """Play ``n_hands`` random hands from Python, picking every action, chance included, by
    ``random.choice(state.legal_actions())`` with one ``random.Random(seed)``."""
    game = load_game()
    rng = random.Random(seed)
    choice = rng.choice
    rss_before = _maxrss_kib()
    cpu = time.process_time()
    start = time.perf_counter()
    for _ in range(n_hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
    seconds = time.perf_counter() - start
    return _result(n_hands, seconds, rss_before, time.process_time() - cpu)


def openspiel_evaluate_bots(n_hands: int, seed: int) -> dict[str, float]:
    """Play ``n_hands`` random hands, each by one call to C++ ``pyspiel.evaluate_bots``.

    ``evaluate_bots`` samples chance nodes itself (``std::mt19937`` seeded by its ``seed``
    argument, one per game here) and plays the state to the end in place. The four uniform
    random bots are made once and keep their own RNG state across games.
    """
    pyspiel = _pyspiel()
    game = load_game()
    bots = [
        pyspiel.make_uniform_random_bot(p, (seed * 4 + p + 1) % _SEED_MODULUS) for p in range(4)
    ]
    evaluate_bots = pyspiel.evaluate_bots
    rss_before = _maxrss_kib()
    start = time.perf_counter()
    for i in range(n_hands):
        state = game.new_initial_state()
        evaluate_bots(state, bots, (seed * 1_000_003 + i) % _SEED_MODULUS)
    seconds = time.perf_counter() - start
    if n_hands and not state.is_terminal():  # pragma: no cover - sanity check
        raise RuntimeError("evaluate_bots returned before the end of the game")
    return _result(n_hands, seconds, rss_before)


PEERS: dict[str, Callable[[int, int], dict[str, float]]] = {
    "openspiel_python_loop": openspiel_python_loop,
    "openspiel_python_loop_uniform": openspiel_python_loop_uniform,
    "openspiel_evaluate_bots": openspiel_evaluate_bots,
}
"""The peers by name, for ``bench/bench_oh_hell.py``."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="hands per peer (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"OpenSpiel {openspiel_version()}, game {GAME_STRING}")
    for name, peer in PEERS.items():
        r = peer(args.hands, args.seed)
        print(
            f"{name:<30} {int(r['hands']):>7} hands {r['seconds']:8.3f} s "
            f"{r['hands_per_second']:10.1f} hands/s  maxrss +{int(r['maxrss_delta_kib'])} KiB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Golden outputs that pin what users see, recorded before the engine was restructured (issue 12).

    .venv/bin/python tests/outputs_golden.py write    # record (only on purpose)
    .venv/bin/python tests/outputs_golden.py check    # compare, print the first differences

The outputs are produced only through what users touch: the command line (``trickcore variants``,
``rules``, ``play``, ``analyse one-card``, ``solve``), the top-level ``trickcore`` names, and the
notebook representations (``_repr_html_``).  So the same script runs on the code before and after
a restructuring, and ``tests/test_outputs_golden.py`` fails on any byte that changed.

What is recorded (``tests/data/outputs/``):

- ``records.jsonl.gz``: 2,000+ match records, every variant at every player count, bots mixed
  (heuristic and seeded random), written with ``write_record``;
- ``rules.json.gz``: ``trickcore variants`` and ``trickcore rules KEY [--players N]`` for every variant
  and player count;
- ``onecard.json.gz``: ``trickcore analyse one-card --json`` for 3 to 7 players, with and without the
  hook, and the ``--pjt33`` readings;
- ``solver.json.gz``: ``trickcore solve --json`` of 120 seeded positions (Oh Hell, bridge-shaped
  partnerships, Humbug endings, Five Hundred with bowers);
- ``html.json.gz``: the notebook HTML of cards, hands, deals, tricks and states mid-deal.

Pytest imports this module for its doctests only; the work is guarded by ``__main__``.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import json
import pathlib
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import trickcore as tc

DATA = pathlib.Path(__file__).parent / "data" / "outputs"

#: Seeds per (variant, player count): enough for 2,000+ records over the 13 variants.
SEEDS_PER_CONFIG = 56


def _cli(*argv: str, stdin: str | None = None) -> str:
    """Run ``trickcore ARGV`` in this process; its standard output, the exit code appended."""
    from trickcore.cli import main

    out = io.StringIO()
    old_stdin = sys.stdin
    try:
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = main(list(argv))
    finally:
        sys.stdin = old_stdin
    return out.getvalue() + f"[exit {code}]\n"


def configs() -> Iterator[tuple[str, int]]:
    """Every (variant key, player count) in registry order."""
    for key in tc.variant_keys():
        for players in tc.get_variant(key).players:
            yield key, players


def record_texts() -> Iterator[tuple[str, str]]:
    """(name, record text) of every golden match."""
    for key, players in configs():
        rules = tc.get_variant(key)
        for seed in range(SEEDS_PER_CONFIG):
            kind = ("heuristic", "random", "mixed")[seed % 3]
            bots: list[tc.Bot]
            if kind == "heuristic":
                bots = [tc.HeuristicBot() for _ in range(players)]
            elif kind == "random":
                bots = [tc.RandomBot(seed=seed * 10 + s) for s in range(players)]
            else:
                bots = [tc.HeuristicBot() if s % 2 else tc.RandomBot(seed=seed + s)
                        for s in range(players)]
            # Long schedules are cut short so that the whole set stays quick to replay.
            match = tc.Match(rules, players, seed=seed)
            limit = 3 if rules.bidding is not tc.BiddingKind.NONE else 1
            for _ in range(limit):
                if match.is_over:
                    break
                tc.play_deal(match.next_deal(), bots)
            yield f"{key}-{players}p-seed{seed}-{kind}", tc.write_record(match)


def rules_texts() -> dict[str, str]:
    out = {"variants": _cli("variants")}
    for key in tc.variant_keys():
        out[f"rules {key}"] = _cli("rules", key)
        for players in tc.get_variant(key).players:
            out[f"rules {key} --players {players}"] = _cli("rules", key, "--players", str(players))
    return out


def onecard_texts() -> dict[str, str]:
    out = {}
    for players in range(3, 8):
        for extra in ((), ("--no-hook",), ("--pjt33",), ("--no-trump",)):
            argv = ("analyse", "one-card", "--players", str(players), "--json", *extra)
            out[" ".join(argv)] = _cli(*argv)
        out[f"analyse one-card --players {players}"] = _cli(
            "analyse", "one-card", "--players", str(players))
    return out


def _positions() -> Iterator[tuple[str, dict[str, Any]]]:
    rng = random.Random("trickcore outputs golden / solver")
    suits = "SHDC"
    ranks = "23456789TJQKA"
    for i in range(120):
        kind = ("oh-hell", "bridge", "humbug", "five-hundred")[i % 4]
        players = {"oh-hell": rng.choice((3, 4, 5)), "bridge": 4, "humbug": 2,
                   "five-hundred": 4}[kind]
        size = {"oh-hell": rng.randint(2, 5), "bridge": rng.randint(3, 6),
                "humbug": rng.randint(4, 9), "five-hundred": rng.randint(3, 5)}[kind]
        pack = [r + s for s in suits
                for r in (ranks[3:] if kind == "five-hundred" else ranks)]
        rng.shuffle(pack)
        hands = [pack[p * size:(p + 1) * size] for p in range(players)]
        trump = rng.choice(["S", "H", "D", "C", None])
        position: dict[str, Any] = {"hands": hands, "trump": trump,
                                    "leader": rng.randrange(players)}
        if kind in ("bridge", "five-hundred"):
            position["sides"] = [[0, 2], [1, 3]]
        if kind == "five-hundred" and trump is not None:
            position["variant"] = "five-hundred"
        yield f"{i:03d}-{kind}", position


def solver_texts() -> dict[str, str]:
    out = {}
    for name, position in _positions():
        text = json.dumps(position)
        out[name] = _cli("solve", "-", "--json", stdin=text)
    return out


def html_texts() -> dict[str, str]:
    out: dict[str, str] = {}
    for code in ("AS", "TH", "JK", "11D", "JK2"):
        out[f"card {code}"] = tc.Card.parse(code)._repr_html_()
    from trickcore.cards import Hand

    out["hand"] = Hand(tc.parse_cards("AS KD TH 2C JK"))._repr_html_()
    for code in ("oh-hell-4-2718", "humbug-2-7", "five-hundred-4-5", "contract-whist-5-7-2",
                 "five-hundred-2-2-3", "five-hundred-5-5-11", "five-hundred-6-6-4"):
        state = tc.state_from_code(code)
        out[f"deal {code}"] = state.deal._repr_html_()
        out[f"state {code} start"] = state._repr_html_()
        bot = tc.HeuristicBot()
        steps = 0
        while not state.is_over and steps < 9:
            state.apply(tc.bot_action(bot, state).action)
            steps += 1
        out[f"state {code} after {steps}"] = state._repr_html_()
        out[f"state {code} repr"] = repr(state)
        if state.tricks:
            out[f"trick {code}"] = state.tricks[0]._repr_html_()
    return out


SECTIONS: dict[str, Callable[[], dict[str, str]]] = {
    "rules": rules_texts,
    "onecard": onecard_texts,
    "solver": solver_texts,
    "html": html_texts,
}


def write() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({"name": n, "record": t}) for n, t in record_texts()]
    with gzip.GzipFile(DATA / "records.jsonl.gz", "wb", mtime=0) as fh:
        fh.write(("\n".join(lines) + "\n").encode())
    print(f"records: {len(lines)}")
    for name, make in SECTIONS.items():
        with gzip.GzipFile(DATA / f"{name}.json.gz", "wb", mtime=0) as fh:
            fh.write(json.dumps(make(), indent=1, ensure_ascii=False).encode())
        print(f"{name}: written")


def stored_records() -> dict[str, str]:
    with gzip.open(DATA / "records.jsonl.gz", "rt", encoding="utf-8") as fh:
        return {row["name"]: row["record"] for row in map(json.loads, fh)}


def stored(section: str) -> dict[str, str]:
    with gzip.open(DATA / f"{section}.json.gz", "rt", encoding="utf-8") as fh:
        data: dict[str, str] = json.load(fh)
    return data


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check() -> int:
    bad = 0
    want = stored_records()
    got = dict(record_texts())
    for name in want.keys() | got.keys():
        if want.get(name) != got.get(name):
            bad += 1
            if bad <= 5:
                print(f"record differs: {name}")
    for section, make in SECTIONS.items():
        old, new = stored(section), make()
        for name in old.keys() | new.keys():
            if old.get(name) != new.get(name):
                bad += 1
                if bad <= 10:
                    print(f"{section} differs: {name}")
    print(f"{len(want)} records and {len(SECTIONS)} sections compared: {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "write":
        write()
    else:
        sys.exit(check())

"""Golden outputs that pin what users see, byte for byte, one file per variant.

    .venv/bin/python tests/outputs_golden.py write               # record every file (on purpose only)
    .venv/bin/python tests/outputs_golden.py write humbug html   # record those variants' or sections' files
    .venv/bin/python tests/outputs_golden.py check [NAME ...]    # compare, print the first differences

The outputs are produced only through what users touch: the command line (``trickcore variants``,
``rules``, ``play``, ``analyse one-card``, ``solve``), the top-level ``trickcore`` names, and the
notebook representations (``_repr_html_``).  So the same script runs on the code before and after
a restructuring, and ``tests/test_outputs_golden.py`` fails on any byte that changed.

What is recorded (``tests/data/outputs/``), each file plain text or JSON lines (one
``{"name": ..., "output": ...}`` a line) that a reviewer can read in a diff:

- for each variant of the registry, ``records/KEY.jsonl``: its match records at every player
  count, ``SEEDS_PER_CONFIG`` a count, bots mixed (heuristic and seeded random), written with
  ``write_record``; and ``rules/KEY.txt``: ``trickcore rules KEY`` and ``trickcore rules KEY
  --players N`` for each of its player counts, each output after its ``$ trickcore ...`` line.
  A new variant adds its two files (``write KEY``); the test of a variant without them fails
  saying so;
- for the package as a whole: ``variants.txt`` (``trickcore variants``); ``onecard.jsonl``
  (``trickcore analyse one-card --json`` for 3 to 7 players, with and without the hook, and the
  ``--pjt33`` readings); ``solver.jsonl`` (``trickcore solve --json`` of 120 seeded positions:
  Oh Hell, bridge-shaped partnerships, Humbug endings, Five Hundred with bowers); ``html.jsonl``
  (the notebook HTML of cards, hands, deals, tricks and states mid-deal).

Pytest imports this module for its doctests only; the work is guarded by ``__main__``.
"""

from __future__ import annotations

import contextlib
import io
import json
import pathlib
import random
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

import trickcore as tc

DATA = pathlib.Path(__file__).parent / "data" / "outputs"

ROOT = DATA.parents[2]
#: The command that records the files (then the names: variant keys or whole-package sections).
RECORD = ".venv/bin/python tests/outputs_golden.py write"

#: Seeds per (variant, player count): every count of every variant is played this many times.
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


def configs(key: str | None = None) -> Iterator[tuple[str, int]]:
    """Every (variant key, player count) in registry order (of one variant: ``key``)."""
    for each in tc.variant_keys() if key is None else (key,):
        for players in tc.get_variant(each).players:
            yield each, players


def record_texts(only: str | None = None) -> Iterator[tuple[str, str]]:
    """(name, record text) of every golden match (of one variant: ``only``)."""
    for key, players in configs(only):
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


def rules_texts(key: str) -> dict[str, str]:
    """``trickcore rules KEY``, alone and for each player count."""
    out = {f"rules {key}": _cli("rules", key)}
    for players in tc.get_variant(key).players:
        out[f"rules {key} --players {players}"] = _cli("rules", key, "--players", str(players))
    return out


def variants_texts() -> dict[str, str]:
    return {"variants": _cli("variants")}


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


#: The files of each variant: section -> (the outputs of one variant, the file's form).
PER_VARIANT: dict[str, tuple[Callable[[str], dict[str, str]], str]] = {
    "records": (lambda key: dict(record_texts(key)), "jsonl"),
    "rules": (rules_texts, "txt"),
}
#: The files of the whole package: section -> (its outputs, the file's form).
SECTIONS: dict[str, tuple[Callable[[], dict[str, str]], str]] = {
    "variants": (variants_texts, "txt"),
    "onecard": (onecard_texts, "jsonl"),
    "solver": (solver_texts, "jsonl"),
    "html": (html_texts, "jsonl"),
}

#: A command's line before its output, in a plain text file.
_COMMAND = re.compile(r"^\$ trickcore (.+)\n", re.M)


def path_of(section: str, key: str | None = None) -> pathlib.Path:
    """The file of a section (of one variant's section: ``key``).

    >>> path_of("rules", "humbug").relative_to(DATA).as_posix(), path_of("html").name
    ('rules/humbug.txt', 'html.jsonl')
    """
    if key is None:
        return DATA / f"{section}.{SECTIONS[section][1]}"
    return DATA / section / f"{key}.{PER_VARIANT[section][1]}"


def dumps(outputs: dict[str, str], form: str) -> str:
    """Outputs as a file's text: JSON lines, or each command's line and its output.

    >>> text = dumps({"rules x": "Two lines\\n[exit 0]\\n"}, "txt")
    >>> text, loads(text, "txt") == {"rules x": "Two lines\\n[exit 0]\\n"}
    ('$ trickcore rules x\\nTwo lines\\n[exit 0]\\n', True)
    """
    if form == "jsonl":
        return "".join(json.dumps({"name": name, "output": text}, ensure_ascii=False) + "\n"
                       for name, text in outputs.items())
    for name, text in outputs.items():  # each output must come back whole
        if _COMMAND.search(text) or not text.endswith("\n"):
            raise ValueError(f"{name}: this output cannot be stored as plain text")
    return "".join(f"$ trickcore {name}\n{text}" for name, text in outputs.items())


def loads(text: str, form: str) -> dict[str, str]:
    """A file's text as its outputs, by name (the inverse of :func:`dumps`)."""
    if form == "jsonl":
        return {row["name"]: row["output"] for row in map(json.loads, text.splitlines())}
    parts = _COMMAND.split(text)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def made(section: str, key: str | None = None) -> dict[str, str]:
    """The outputs of a section as the code makes them now."""
    return PER_VARIANT[section][0](key) if key is not None else SECTIONS[section][0]()


def stored(section: str, key: str | None = None) -> dict[str, str] | None:
    """The recorded outputs of a section, or ``None`` if its file is missing."""
    path = path_of(section, key)
    if not path.exists():
        return None
    form = SECTIONS[section][1] if key is None else PER_VARIANT[section][1]
    return loads(path.read_text(encoding="utf-8"), form)


def missing(section: str, key: str | None = None) -> str:
    """The one line that says a file is missing and how to record it."""
    path = path_of(section, key).relative_to(ROOT)
    return f"{path} is missing: record it with {RECORD} {key or section}"


def stale_files() -> list[pathlib.Path]:
    """The recorded files of a variant that is no longer in the registry."""
    keys = set(tc.variant_keys())
    return sorted(path for section in PER_VARIANT for path in (DATA / section).glob("*")
                  if path.stem not in keys)


def _files(names: list[str]) -> list[tuple[str, str | None]]:
    """(section, key or None) of the files that ``names`` (variant keys or sections) select."""
    unknown = [n for n in names if n not in SECTIONS and n not in tc.variant_keys()]
    if unknown:
        raise SystemExit(f"not a variant key nor a section ({', '.join(SECTIONS)}): "
                         f"{', '.join(unknown)}")
    chosen = names or [*SECTIONS, *tc.variant_keys()]
    return [(n, None) if n in SECTIONS else (section, n)
            for n in chosen for section in ((n,) if n in SECTIONS else PER_VARIANT)]


def write(names: list[str]) -> None:
    for section, key in _files(names):
        path = path_of(section, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        outputs = made(section, key)
        form = SECTIONS[section][1] if key is None else PER_VARIANT[section][1]
        path.write_text(dumps(outputs, form), encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(outputs)} outputs")
    for path in stale_files() if not names else []:
        path.unlink()
        print(f"{path.relative_to(ROOT)}: deleted (no such variant)")


def check(names: list[str]) -> int:
    bad = 0
    for section, key in _files(names):
        old, new = stored(section, key), made(section, key)
        if old is None:
            bad += 1
            print(missing(section, key))
            continue
        for name in old.keys() | new.keys():
            if old.get(name) != new.get(name):
                bad += 1
                if bad <= 10:
                    print(f"{path_of(section, key).relative_to(ROOT)} differs: {name}")
    for path in stale_files() if not names else []:
        bad += 1
        print(f"{path.relative_to(ROOT)}: no such variant")
    print(f"{len(_files(names))} files compared: {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    command, *args = sys.argv[1:] or ["check"]
    if command == "write":
        write(args)
    else:
        sys.exit(check(args))

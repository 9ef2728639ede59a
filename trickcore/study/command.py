"""``trickcore study NAME``: the command line of :func:`trickcore.study.runner.run_study`.

:func:`add_parser` adds the subcommand to ``trickcore``'s parser and :func:`command` runs it;
the runner (and Dask, for ``--scheduler``) is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from trickcore import interrupts
from trickcore.errors import TrickcoreError
from trickcore.files import write_atomic
from trickcore.i18n import _, format_decimal

__all__ = ["TerminalProgress", "add_games_parser", "add_parser", "command", "default_out",
           "games_command"]

from trickcore.progress import TerminalProgress as TerminalProgress
from trickcore.study.runner import default_out as default_out


def _fields_epilog() -> str:
    from trickcore.study.explain import FIELDS

    lines = [_("What each count means (--json gives them too, with estimates and 95% intervals"
               " beside the counts):")]
    for study, fields in sorted(FIELDS.items()):
        lines.append(f"  {study}:")
        lines += [f"    {key}: {_(meaning)}" for key, meaning in fields.items()]
    return "\n".join(lines)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``study`` to ``trickcore``'s subcommands."""
    from trickcore.study.chunked import STUDIES

    study = sub.add_parser(
        "study", help=_("run a study of the numbers pages in chunks (one process, local"
        " processes or a Dask cluster); interrupted runs resume"),
        epilog=_fields_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    study.add_argument("name", choices=sorted(STUDIES))
    # Numbers are read as text and checked by the runner: a bad one is one line, not a usage.
    study.add_argument("--deals", default="10000", help=_("deals to play (at most a billion)"))
    study.add_argument("--seed", default="0")
    study.add_argument("--jobs", default="1", help=_("run the chunks in N local processes"))
    study.add_argument("--chunks-per-task", metavar="N", help=_("send the chunks out N at a"
                       " time (default: about a second of work a task); never changes the"
                       " result"))
    study.add_argument("--scheduler", metavar="ADDRESS", help=_("run the chunks on a Dask cluster"
                       " (tcp://host:port, or local:N to start N local workers); needs"
                       " trickcore[cluster]"))
    _common(study)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", metavar="DIR", help=_("keep finished chunks here (default:"
                        " trickcore-studies/NAME-N-deals-seed-S); the same command resumes"))
    parser.add_argument("--no-cache", action="store_true", help=_("keep and read back nothing:"
                        " run every chunk (run_study(..., cache=False))"))
    parser.add_argument("--quiet", action="store_true", help=_("no progress bar (there is none"
                        " in CI or when standard error is not a terminal either)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON: the"
                        " counts, the meaning of each, and the estimates with 95%% intervals"))


def command(args: argparse.Namespace) -> int:
    """Run ``trickcore study``; returns the exit code (130 when interrupted)."""
    from trickcore.study.runner import MAX_DEALS, _whole, run_study

    deals = _whole(args.deals, "--deals", 1, MAX_DEALS)
    seed = _whole(args.seed, "--seed", -(2**63), 2**63 - 1)
    out = Path(args.out) if args.out else default_out(args.name, deals, seed)
    start = time.perf_counter()
    try:
        run = run_study(args.name, deals=deals, seed=seed, jobs=args.jobs,
                        scheduler=args.scheduler, out=out, cache=not args.no_cache,
                        progress=False if args.quiet else None,
                        per_task=args.chunks_per_task,
                        notice=lambda line: print("trickcore study: " + line, file=sys.stderr))
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or kill (interrupts.Terminated)
        print("\n" + _("trickcore study: interrupted; the finished chunks are in {out}, run the"
                       " same command to resume").format(out=out), file=sys.stderr)
        return interrupts.exit_code(interrupt)
    except OSError as error:
        raise TrickcoreError(_("cannot use {out}: {error}").format(
            out=out, error=error.strerror or error)) from None  # a scheduler's error names it
    text = json.dumps(run.explained(), sort_keys=True)
    if not args.no_cache:
        try:
            write_atomic(out / "result.json", text + "\n")
        except OSError as error:
            raise TrickcoreError(_("cannot write {path}: {reason}").format(
                path=out / "result.json", reason=error.strerror or error)) from None
    if args.json:
        print(text)
    else:
        resumed = (_(", {count} read back from {out}").format(count=run.resumed, out=out)
                   if run.resumed else "")
        print(_("{study}: {deals:,} deals, seed {seed}, {chunks} chunks of {size}{resumed};"
                " {seconds} s; {busy} s in chunks. Result: {result}").format(
            study=run.study, deals=run.deals, seed=run.seed, chunks=run.chunks,
            size=run.chunk_size, resumed=resumed,
            seconds=format_decimal(time.perf_counter() - start, 1),
            busy=format_decimal(sum(run.task_seconds), 1),
            result=_("not kept (--no-cache)") if args.no_cache else out / "result.json"))
    return 0


def add_games_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``games`` (bots against bots, :func:`~trickcore.study.games.play_matches`)."""
    from trickcore.study.games import GAME_FIELDS

    epilog = "\n".join([_("What each count of --json means (per bot):"),
                        *(f"  {k}: {_(v)}" for k, v in GAME_FIELDS.items())])
    games = sub.add_parser(
        "games", help=_("bots against bots over whole games, seats and partnerships turned:"
                        " win rates and points with 95%% intervals"),
        epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    games.add_argument("variant")
    games.add_argument("--bots", default="standard,beginner", help=_("the line-up, by strength:"
                       " beginner, standard or strong, comma-separated (default"
                       " standard,beginner); its length must divide the seats"))
    games.add_argument("--players", type=int)
    games.add_argument("--games", default="100", help=_("whole matches to play"))
    games.add_argument("--seed", default="0")
    games.add_argument("--jobs", default="1", help=_("play in N local processes"))
    games.add_argument("--scheduler", metavar="ADDRESS", help=_("play on a Dask cluster"))
    games.add_argument("--option", action="append", metavar="KEY=VALUE",
                       help=_("change a rule, e.g. --option hook=false (repeatable)"))
    _common(games)


def games_command(args: argparse.Namespace) -> int:
    """Run ``trickcore games``; returns the exit code."""
    from trickcore.rules import with_options
    from trickcore.rules.registry import get_variant
    from trickcore.study.games import play_matches
    from trickcore.study.runner import MAX_DEALS, _whole

    options: dict[str, str] = {}
    for item in args.option or []:
        if "=" not in item:
            raise TrickcoreError(_("--option needs KEY=VALUE, got {item!r}").format(item=item))
        key, value = item.split("=", 1)
        options[key.strip()] = value
    rules = with_options(get_variant(args.variant), options)
    games = _whole(args.games, "--games", 1, MAX_DEALS)
    seed = _whole(args.seed, "--seed", -(2**63), 2**63 - 1)
    lineup = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players if args.players is not None else rules.players[0]
    out = Path(args.out) if args.out else default_out(f"games-{rules.key}-{players}", games, seed)
    try:
        result = play_matches(rules, lineup if len(set(lineup)) < len(lineup)
                              else {b: b for b in lineup}, games=games, players=players,
                              seed=seed, jobs=args.jobs, scheduler=args.scheduler, out=out,
                              cache=not args.no_cache, progress=False if args.quiet else None)
    except KeyboardInterrupt as interrupt:
        print("\n" + _("trickcore games: interrupted; the finished games are in {out}, run the"
                       " same command to resume").format(out=out), file=sys.stderr)
        return interrupts.exit_code(interrupt)
    if args.json:
        print(json.dumps(result.to_json(), sort_keys=True))
    else:
        print(result.table())
    return 0

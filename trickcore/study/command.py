"""``trickcore study NAME``: the command line of :func:`trickcore.study.runner.run_study`.

:func:`add_parser` adds the subcommand to ``trickcore``'s parser and :func:`command` runs it;
the runner (and Dask, for ``--scheduler``) is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from trickcore.errors import TrickcoreError
from trickcore.i18n import _, format_decimal

__all__ = ["TerminalProgress", "add_parser", "command", "default_out"]

def default_out(name: str, deals: int, seed: int) -> Path:
    """Where a run keeps its chunks when no ``--out`` is given: one directory per study, deals
    and seed, under ``trickcore-studies`` in the current directory.

    >>> default_out("hook", 1000, 1).as_posix()
    'trickcore-studies/hook-1000-deals-seed-1'
    """
    return Path("trickcore-studies") / f"{name}-{deals}-deals-seed-{seed}"


class TerminalProgress:
    """A one-line progress bar for a terminal: chunks done, a bar, the time so far and the
    time left at the rate so far.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = TerminalProgress("hook", out, width=10)
    >>> bar(0, 4); bar(2, 4)
    >>> out.getvalue().split("\\r")[-1].split("  ")[:3]
    ['hook', '[#####.....]', '2/4 chunks']
    """

    def __init__(self, label: str, stream: TextIO, width: int = 30) -> None:
        self.label = label
        self.stream = stream
        self.width = width
        self.start = time.monotonic()
        self.first: int | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
        elapsed = time.monotonic() - self.start
        filled = self.width * done // max(total, 1)
        ran = done - self.first
        left = f"{elapsed / ran * (total - done):.0f} s left" if ran else ""
        self.stream.write(f"\r{self.label}  [{'#' * filled}{'.' * (self.width - filled)}]  "
                          f"{done}/{total} chunks  {elapsed:.0f} s  {left}  ")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``study`` to ``trickcore``'s subcommands."""
    from trickcore.study.chunked import STUDIES

    study = sub.add_parser(
        "study", help=_("run a study of the numbers pages in chunks (one process, local"
        " processes or a Dask cluster); interrupted runs resume"))
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
    study.add_argument("--out", metavar="DIR", help=_("keep finished chunks here (default:"
                       " trickcore-studies/NAME-N-deals-seed-S); the same command resumes"))
    study.add_argument("--json", action="store_true", help=_("print the result as JSON"))


def command(args: argparse.Namespace) -> int:
    """Run ``trickcore study``; returns the exit code (130 when interrupted)."""
    from trickcore.study.runner import MAX_DEALS, _whole, run_study

    deals = _whole(args.deals, "--deals", 1, MAX_DEALS)
    seed = _whole(args.seed, "--seed", -(2**63), 2**63 - 1)
    out = Path(args.out) if args.out else default_out(args.name, deals, seed)
    progress = TerminalProgress(args.name, sys.stderr) if sys.stderr.isatty() else None
    start = time.perf_counter()
    try:
        run = run_study(args.name, deals=deals, seed=seed, jobs=args.jobs,
                        scheduler=args.scheduler, out=out, progress=progress,
                        per_task=args.chunks_per_task,
                        notice=lambda line: print("trickcore study: " + line, file=sys.stderr))
    except KeyboardInterrupt:
        print("\n" + _("trickcore study: interrupted; the finished chunks are in {out}, run the"
                       " same command to resume").format(out=out), file=sys.stderr)
        return 130
    except OSError as error:
        raise TrickcoreError(_("cannot use {out}: {error}").format(
            out=out, error=error.strerror or error)) from None
    text = run.dumps()
    try:
        (out / "result.json").write_text(text + "\n")
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
            busy=format_decimal(sum(run.task_seconds), 1), result=out / "result.json"))
    return 0

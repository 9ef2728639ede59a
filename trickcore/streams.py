"""The standard streams as the command line meets them: closed, full, or not UTF-8.

- :func:`tolerant_output`: standard output and error write a character their encoding cannot
  hold (French's narrow no-break space on a Latin-1 terminal, "Québec" on an ASCII one) as a
  replacement character, never an exception.
- :func:`closed_stream`: a one-line complaint when a command's standard input or output was
  closed (``trickcore play >&-``), so that nothing is written nowhere with exit 0.
- :func:`flush_output`: the output flushed at the end, a failure (a full disk, ``/dev/full``)
  becoming one line and a non-zero exit rather than a traceback at the interpreter's exit.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TextIO

from trickcore.i18n import _

__all__ = ["closed_stream", "flush_output", "silence_stdout", "tolerant_output"]


def tolerant_output() -> None:
    """Have ``sys.stdout`` and ``sys.stderr`` replace what their encoding cannot write."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None or getattr(stream, "errors", None) not in ("strict", None):
            continue
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError, AttributeError):
                reconfigure(errors="replace")


def closed_stream(command: str, *, reads_stdin: bool) -> str | None:
    """The line to print when a stream ``command`` needs is closed; ``None`` when all are open."""
    if sys.stdout is None:
        return _("trickcore {command}: standard output is closed: there is nowhere to write the"
                 " output (give a file with > FILE)").format(command=command)
    if reads_stdin and sys.stdin is None:
        return _("trickcore {command}: standard input is closed: there is nothing to read (give"
                 " a file, or pipe one in)").format(command=command)
    return None


def silence_stdout() -> None:
    """Point standard output's file descriptor at the null device, so that the interpreter's
    last flush of what is left in its buffer (after a write failed) does not fail again."""
    stream: TextIO | None = sys.stdout
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)


def flush_output() -> OSError | None:
    """Flush standard output; the error when it cannot be written (``None``: it was)."""
    if sys.stdout is None:
        return None
    try:
        sys.stdout.flush()
    except OSError as error:
        silence_stdout()
        return error
    return None

"""Run tasks in local worker processes, and the traps of doing so caught in one line each.

Python starts each worker process afresh and has it import the main script, so a script that
starts a run with ``jobs`` > 1 at its top level, outside ``if __name__ == "__main__":``, would
start the run again in every worker: :func:`check_main_guard` refuses that before any process
starts, naming the script.  A study of your own must reach the workers by name: a function
defined at the top level of a module or script (not a lambda, nor one defined inside another
function); :func:`check_sendable` says so in one line.  In a notebook, whose functions no
worker can import, the workers are forked from the notebook's process, and so inherit them.
"""

from __future__ import annotations

import ast
import concurrent.futures
import contextlib
import itertools
import multiprocessing
import pickle
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.interrupts import signals_held

__all__ = ["check_main_guard", "check_sendable", "interactive_main", "run_local"]

T = TypeVar("T")
R = TypeVar("R")

#: Tasks per worker handed out at a time, so that a long run holds no list of its tasks.
TASKS_PER_WORKER = 4


def _ignore_interrupts() -> None:  # pragma: no cover - runs in the worker processes
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def interactive_main() -> bool:
    """True in a notebook or the interactive interpreter: a ``__main__`` with no file."""
    return not hasattr(sys.modules.get("__main__"), "__file__")


def _script_line(frame: FrameType | None) -> tuple[str, int] | None:
    """The main script's file and line when the call chain starts at its top level."""
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__main__":
            return frame.f_code.co_filename, frame.f_lineno
        frame = frame.f_back
    return None


def _is_main_test(node: ast.expr) -> bool:
    """``__name__ == "__main__"`` (either way round)."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1
            and isinstance(node.ops[0], ast.Eq)):
        return False
    sides = [node.left, *node.comparators]
    names = [s for s in sides if isinstance(s, ast.Name) and s.id == "__name__"]
    mains = [s for s in sides if isinstance(s, ast.Constant) and s.value == "__main__"]
    return len(names) == 1 and len(mains) == 1


def guarded(source: str, line: int) -> bool:
    """True when ``line`` of the script ``source`` runs only under ``if __name__ ==
    "__main__":`` (or the source cannot be read: then nothing is refused).

    >>> script = "import x\\nif __name__ == '__main__':\\n    x.run()\\nx.run()\\n"
    >>> guarded(script, 3), guarded(script, 4)
    (True, False)
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_main_test(node.test) and node.body:
            end = node.body[-1].end_lineno or node.body[-1].lineno
            if node.body[0].lineno <= line <= end:
                return True
    return False


def check_main_guard(what: str, frame: FrameType | None = None) -> None:
    """Refuse to start worker processes from a script's top level, in one line.

    ``what`` names the call (``"run_study(jobs=2)"``).  In a notebook, ``python -c`` or a
    script's guarded code this does nothing.

    >>> check_main_guard("run_study(jobs=2)")   # a doctest's code is not the main script
    """
    if interactive_main():
        return
    main_file = getattr(sys.modules["__main__"], "__file__", None)
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        # a worker importing the script: stop it quietly (the parent explains)
        raise SystemExit(1)
    found = _script_line(frame if frame is not None else sys._getframe(1))
    if found is None or main_file is None:
        return
    filename, line = found
    if Path(filename).resolve() != Path(main_file).resolve():
        return
    try:
        source = Path(filename).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return
    if guarded(source, line):
        return
    raise TrickcoreError(_(
        "{what} is called at the top level of {script} (line {line}): each worker process starts"
        " by importing the script, so put the call under `if __name__ == \"__main__\":` (or run"
        " with one process)").format(what=what, script=Path(filename).name, line=line))


def check_sendable(thing: Any, what: str) -> None:
    """Refuse in one line what cannot go to a worker process (a lambda, a nested function)."""
    try:
        pickle.dumps(thing)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise TrickcoreError(_(
            "{what} cannot be sent to other processes ({error}): define its functions at the"
            " top level of a module or script (not a lambda, nor inside another function), or"
            " run with one process").format(what=what, error=str(error).split("\n")[0]))\
            from None


def run_local(function: Callable[[T], R], todo: Iterator[T], jobs: int,
              finished: Callable[[R], None]) -> None:
    """Run ``function`` on each task of ``todo`` in ``jobs`` processes, handing each result to
    ``finished`` as it comes, with at most a few tasks per process out at a time."""
    methods = multiprocessing.get_all_start_methods()
    if interactive_main() and "fork" in methods:
        method = "fork"  # the notebook's own functions, inherited by the workers
    else:
        method = "forkserver" if "forkserver" in methods else "spawn"
    context = multiprocessing.get_context(method)
    pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context,
                                                  initializer=_ignore_interrupts)
    try:
        # The first tasks start the workers, one at a time: a Ctrl-C waits until each is
        # started and recorded, so that the clean-up below stops every one of them.
        with signals_held():
            running = {pool.submit(function, t)
                       for t in itertools.islice(todo, TASKS_PER_WORKER * jobs)}
        while running:
            ready, running = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in ready:
                finished(future.result())
                running |= {pool.submit(function, t) for t in itertools.islice(todo, 1)}
    except concurrent.futures.process.BrokenProcessPool:
        _stop(pool)
        raise TrickcoreError(_(
            "a worker process stopped before its work was done (killed, or out of memory);"
            " run again with fewer processes")) from None
    except BaseException:  # Ctrl-C, kill (interrupts.Terminated), an error in a task
        _stop(pool)
        raise
    pool.shutdown()


#: How long a worker asked to stop (SIGTERM) has before it is killed.
_GRACE_SECONDS = 1.0


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop the pool's workers now, not when their tasks end: a worker ignores Ctrl-C (the
    parent decides), and one left running would hold the terminal's pipe open (``| tee``
    would wait) and keep the interpreter's exit waiting on the pool.  What the workers were
    doing is lost; what they finished is already kept."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(_GRACE_SECONDS)
            if process.is_alive():
                process.kill()
                process.join(_GRACE_SECONDS)

"""Run a study's chunks on a Dask distributed cluster (``pip install trickcore[cluster]``).

The only module of trickcore that imports Dask, and only when a run asks for a scheduler: the
engine, the other studies and the book never need it (an import contract says so).
"""

from __future__ import annotations

import itertools
import logging
import tempfile
import warnings
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from trickcore.errors import TrickcoreError
from trickcore.i18n import _

__all__ = ["local_workers", "run_on_dask"]

#: Seconds to wait for a scheduler given by its address before saying it cannot be reached.
CONNECT_SECONDS = 10

T = TypeVar("T")
R = TypeVar("R")


def local_workers(scheduler: str) -> int | None:
    """The number of workers of a ``local:N`` scheduler, or ``None`` for an address.

    >>> local_workers("local:4"), local_workers("tcp://10.0.0.1:8786")
    (4, None)
    >>> local_workers("local:none")
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: --scheduler local:N needs a number of workers N >= 1, not 'none'
    """
    if not scheduler.startswith("local:"):
        return None
    count = scheduler.removeprefix("local:")
    if not count.isdigit() or int(count) < 1:
        raise TrickcoreError(_("--scheduler local:N needs a number of workers N >= 1, not "
                               "{count!r}").format(count=count))
    return int(count)


def run_on_dask(function: Callable[[T], R], tasks: Iterator[T], scheduler: str,
                finished: Callable[[R], None], window: int = 64) -> None:
    """Run ``function`` on each of ``tasks`` on the cluster at ``scheduler`` (or on a new local
    cluster for ``local:N``, one single-threaded worker process each) and hand each result to
    ``finished`` as it arrives.  At most ``window`` tasks are out at a time: the next is taken
    from ``tasks`` when one comes back, so that a long run never holds all of its tasks.  The
    workers need trickcore installed at the same version."""
    workers = local_workers(scheduler)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise TrickcoreError(_("--scheduler needs Dask: pip install 'trickcore[cluster]'")) from None
    if workers is None:
        try:
            client = Client(scheduler, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            why = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise TrickcoreError(_("cannot reach the Dask scheduler at {address}: {why} (give"
                                   " tcp://host:port, or local:N for N local workers)").format(
                                       address=scheduler, why=why[:160])) from None
        with client:
            _drain(client, function, tasks, finished, window)
        return
    # No dashboard; the scheduler's small HTTP server on a free port (not 8787, which another
    # cluster on this machine may hold: Dask would warn and move).  Scratch space in a folder of
    # this run's own, removed after it: Dask's shared one under /tmp is scanned for other runs'
    # leftovers first, and when that takes over a second on a busy machine Dask warns about
    # network file systems, which a local cluster on a local disk is not (the tests make every
    # warning an error, and a reader would be sent looking for a problem they do not have).
    with tempfile.TemporaryDirectory(prefix="trickcore-dask-") as scratch:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Creating scratch directories is taking",
                                    category=UserWarning)
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                local_directory=scratch,
                scheduler_kwargs={"dashboard_address": ":0", "local_directory": scratch},
                silence_logs=logging.ERROR)
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            _drain(client, function, tasks, finished, window)


def _drain(client: Any, function: Callable[[T], R], tasks: Iterator[T],
           finished: Callable[[R], None], window: int) -> None:
    from distributed import as_completed

    running = {client.submit(function, task, pure=False)
               for task in itertools.islice(tasks, max(window, 1))}
    queue = as_completed(running)  # type: ignore[no-untyped-call]
    try:
        for future in queue:
            running.discard(future)
            finished(future.result())
            for task in itertools.islice(tasks, 1):
                new = client.submit(function, task, pure=False)
                running.add(new)
                queue.add(new)  # type: ignore[no-untyped-call]
    except BaseException:
        client.cancel(list(running))
        raise

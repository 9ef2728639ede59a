"""Run a study in chunks: in this process, in local processes, or on a Dask cluster.

The deals of a run are cut into chunks of the study's fixed size; chunk ``i`` holds deals
``i * size`` to ``(i + 1) * size - 1`` and draws them from a generator seeded by the study, the
seed and ``i`` alone (:func:`~trickcore.study.chunked.chunk_rng`).  Each chunk's counts are
integers and :func:`~trickcore.study.chunked.merge` adds them, so the result is the same bit for
bit wherever the chunks ran and in whatever order they finished.

A chunk is the unit of seeding, not of work: the runner sends consecutive chunks in groups, one
:class:`Task` each, of about a second of work (from the study's measured cost), so that a
scheduler's overhead per task stays small next to the work.  How the chunks are grouped changes
neither which cards are dealt nor the result.  The chunks and the tasks are planned lazily, so a
run of a billion deals (:data:`MAX_DEALS`, the most a run accepts) holds no list of them.

With a cache directory, each task is written there as it finishes (next to a manifest naming
the format, trickcore's version, the study, the deals and the seed, which every task file
repeats, with a checksum); running the same study again with the same directory loads the
tasks already done and runs only the others.  A task file that is damaged, or belongs to another
run, is named, set aside (renamed ``*.damaged``) and run again; it is never added in.

>>> run = run_study("holdings", deals=40, seed=1)
>>> run.chunks, run.counts["five_hundred"]["deals"]
(1, 10)
>>> run_study("holdings", deals=40, seed=1).to_json() == run.to_json()
True
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import itertools
import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, overload

from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.study.cache import CACHE_FORMAT, Notice, StudyCache, TaskResult
from trickcore.study.chunked import Counts, chunk_rng, get_study, merge

__all__ = ["CACHE_FORMAT", "MAX_DEALS", "MAX_TASKS", "TASK_SECONDS", "ChunkResult", "ChunkTask",
           "Plan", "StudyRun", "Task", "TaskResult", "chunks_per_task", "plan", "run_chunk",
           "run_study", "run_task", "tasks"]

#: The most deals a run accepts: the billion of the cluster page's estimate.  More would be
#: weeks of work on a large cluster, and is far more likely a slip of the keyboard.
MAX_DEALS = 10**9

#: The most tasks a run is cut into: past it the tasks grow, so that a run's bookkeeping (task
#: files, times) stays bounded however many deals it has.
MAX_TASKS = 100_000

#: The work a task is given, in seconds on one core, when the run is long enough to share it.
TASK_SECONDS = 1.0

#: Tasks per worker that a run keeps, when it can, so that the workers finish together.
_TASKS_PER_WORKER = 4

#: Workers assumed for a cluster given by its address (the runner cannot count them ahead).
_REMOTE_WORKERS = 64

#: ``progress(done, total)``: chunks done and in all; called at the start and after every task.
Progress = Callable[[int, int], None]


class ChunkTask(NamedTuple):
    """One chunk: the study, the run's seed, the chunk's index and its deals."""

    study: str
    seed: int
    chunk: int
    first: int
    deals: int


class ChunkResult(NamedTuple):
    """What a chunk found, and how long it took (seconds, on the machine that ran it)."""

    chunk: int
    counts: Counts
    seconds: float


class Task(NamedTuple):
    """Chunks ``start`` to ``stop - 1`` of a run of ``deals`` deals, run one after the other by
    one worker."""

    study: str
    seed: int
    deals: int
    start: int
    stop: int


class Plan(Sequence[ChunkTask]):
    """The chunks of a run, worked out when asked for: fixed size, the last one shorter when the
    deals do not fill it.  It holds three numbers, however many chunks there are.

    >>> [(t.chunk, t.first, t.deals) for t in plan("hook", 250, 1)]
    [(0, 0, 100), (1, 100, 100), (2, 200, 50)]
    >>> len(plan("hook", 10**12, 1)), plan("hook", 10**12, 1)[-1].first
    (10000000000, 999999999900)
    """

    def __init__(self, study: str, deals: int, seed: int) -> None:
        self.study = study
        self.deals = deals
        self.seed = seed
        self.size = get_study(study).chunk_size

    def __len__(self) -> int:
        return -(-self.deals // self.size)

    @overload
    def __getitem__(self, index: int) -> ChunkTask: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ChunkTask]: ...

    def __getitem__(self, index: int | slice) -> ChunkTask | Sequence[ChunkTask]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError(index)
        first = i * self.size
        return ChunkTask(self.study, self.seed, i, first, min(self.size, self.deals - first))

    def __iter__(self) -> Iterator[ChunkTask]:
        return (self[i] for i in range(len(self)))


def plan(study: str, deals: int, seed: int) -> Plan:
    """The chunks of a run (a lazy sequence: see :class:`Plan`)."""
    return Plan(study, deals, seed)


def chunks_per_task(study: str, deals: int, workers: int) -> int:
    """How many chunks a task gets: about :data:`TASK_SECONDS` of work, fewer when the run is
    too short to give every worker a few tasks, more when the run would need more than
    :data:`MAX_TASKS` tasks.

    >>> chunks_per_task("hook", 400_000, 16), chunks_per_task("hook", 400, 2)
    (10, 1)
    >>> chunks_per_task("hook", 10**9, 2)
    100
    """
    spec = get_study(study)
    chunks = len(plan(study, deals, 0))
    per = max(1, math.ceil(TASK_SECONDS / spec.seconds))
    per = min(per, max(1, chunks // (_TASKS_PER_WORKER * max(workers, 1))))
    return max(per, math.ceil(chunks / MAX_TASKS))


def tasks(study: str, deals: int, seed: int, per: int,
          done: Sequence[tuple[int, int]] = ()) -> Iterator[Task]:
    """The tasks of a run, ``per`` chunks each, made as they are asked for; the chunk ranges in
    ``done`` (sorted, not overlapping) are skipped.

    >>> [(t.start, t.stop) for t in tasks("hook", 1000, 1, 3, done=[(2, 4)])]
    [(0, 2), (4, 7), (7, 10)]
    """
    n = len(plan(study, deals, seed))
    at = 0
    for start, stop in [*done, (n, n)]:
        for first in range(at, start, per):
            yield Task(study, seed, deals, first, min(first + per, start))
        at = max(at, stop)


def run_chunk(task: ChunkTask) -> ChunkResult:
    """Run one chunk (in whatever process or machine received it).

    >>> counts = run_chunk(ChunkTask("holdings", 1, 0, 0, 8)).counts   # 2 deals of each kind
    >>> sum(counts["humbug_difference"]), counts["five_hundred"]["deals"]
    (2, 2)
    """
    start = time.perf_counter()
    counts = get_study(task.study).run(chunk_rng(task.study, task.seed, task.chunk), task.first,
                                       task.deals)
    return ChunkResult(task.chunk, counts, time.perf_counter() - start)


def run_task(task: Task) -> TaskResult:
    """Run a task's chunks one after the other and add up their counts.

    >>> run_task(Task("hook", 1, 250, 1, 3)).counts == merge(
    ...     run_chunk(plan("hook", 250, 1)[1]).counts, run_chunk(plan("hook", 250, 1)[2]).counts)
    True
    """
    start = time.perf_counter()
    chunks = plan(task.study, task.deals, task.seed)
    counts: Counts = {}
    for i in range(task.start, task.stop):
        counts = merge(counts, run_chunk(chunks[i]).counts)
    return TaskResult(task.start, task.stop, counts, time.perf_counter() - start)


@dataclasses.dataclass(frozen=True)
class StudyRun:
    """A finished run: the merged counts, and the time each task took (not part of the JSON,
    which depends only on the study, the deals and the seed)."""

    study: str
    deals: int
    seed: int
    chunk_size: int
    chunks: int
    counts: Counts
    task_seconds: tuple[float, ...] = dataclasses.field(compare=False)
    """The seconds of each task, in the order they finished (those read back included)."""
    resumed: int = dataclasses.field(default=0, compare=False)
    """Chunks read back from the cache directory instead of run."""
    chunks_per_task: int = dataclasses.field(default=1, compare=False)
    """The chunks a task was given in this run."""
    set_aside: tuple[str, ...] = dataclasses.field(default=(), compare=False)
    """The task files of the cache found damaged or foreign, renamed ``*.damaged`` and run
    again."""
    task_chunks: tuple[int, ...] = dataclasses.field(default=(), compare=False)
    """The chunks of each task, in the order of :attr:`task_seconds`."""

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {"study": self.study, "deals": self.deals, "seed": self.seed,
                "chunk_size": self.chunk_size, "chunks": self.chunks, "counts": self.counts}

    def dumps(self) -> str:
        """The result as a JSON string, keys sorted: equal runs give equal strings."""
        return json.dumps(self.to_json(), sort_keys=True)


def _ignore_interrupts() -> None:  # pragma: no cover - runs in the worker processes
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_local(todo: Iterator[Task], jobs: int,
               finished: Callable[[TaskResult], None]) -> None:
    """Run the tasks in ``jobs`` processes, with at most a few tasks per process handed out at a
    time (so that a long run holds no list of its tasks)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context,
                                                  initializer=_ignore_interrupts)
    try:
        running = {pool.submit(run_task, t)
                   for t in itertools.islice(todo, _TASKS_PER_WORKER * jobs)}
        while running:
            ready, running = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in ready:
                finished(future.result())
                running |= {pool.submit(run_task, t) for t in itertools.islice(todo, 1)}
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _whole(value: object, option: str, low: int, high: int) -> int:
    """``value`` (a whole number, or its digits) from ``low`` to ``high``, or a one-line error
    naming ``option``.

    >>> _whole(" 1_000 ", "--deals", 1, 10), _whole(2.5, "--jobs", 1, 8)
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: --deals must be at most 10, not 1,000
    """
    number: int
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        try:
            if not isinstance(value, str):
                raise ValueError
            number = int(value.strip())
        except ValueError:
            raise TrickcoreError(_("{option} must be a whole number, not {value!r}").format(
                option=option, value=value)) from None
    if number < low:
        raise TrickcoreError(_("{option} must be at least {low:,}").format(option=option, low=low))
    if number > high:
        raise TrickcoreError(_("{option} must be at most {high:,}, not {value:,}").format(
            option=option, high=high, value=number))
    return number


def _notice(line: str) -> None:
    print(line, file=sys.stderr)


def run_study(name: str, *, deals: int, seed: int = 0, jobs: int = 1,
              scheduler: str | None = None, out: str | os.PathLike[str] | None = None,
              progress: Progress | None = None, per_task: int | None = None,
              notice: Notice | None = None) -> StudyRun:
    """Run the study ``name`` on ``deals`` deals from ``seed`` and merge its chunks.

    ``jobs`` > 1 runs the chunks in that many local processes; ``scheduler`` sends them to a
    Dask cluster instead (an address such as ``tcp://host:8786``, or ``local:N`` to start a
    local cluster of N worker processes; needs ``pip install trickcore[cluster]``).  The chunks
    go out in tasks of ``per_task`` chunks (by default :func:`chunks_per_task`: about a second
    of work).  With ``out``, finished tasks are kept in that directory and a later run with the
    same study, deals and seed picks up from them; a task file found damaged or foreign is named
    to ``notice`` (by default on standard error), set aside and run again.
    ``progress(done, total)`` follows the chunks.

    ``deals`` is at most :data:`MAX_DEALS`; bad arguments are refused with a
    :class:`~trickcore.errors.TrickcoreError` before anything is written.

    >>> run_study("hook", deals=10**12)
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: --deals must be at most 1,000,000,000, not 1,000,000,000,000
    """
    from trickcore import __version__

    study = get_study(name)
    deals = _whole(deals, "--deals", 1, MAX_DEALS)
    seed = _whole(seed, "--seed", -(2**63), 2**63 - 1)
    jobs = _whole(jobs, "--jobs", 1, 4096)
    workers = jobs
    if scheduler is not None:
        from trickcore.study.cluster import local_workers

        workers = local_workers(scheduler) or _REMOTE_WORKERS  # a bad local:N: refused here
    chunks = plan(name, deals, seed)
    total = len(chunks)
    per = (chunks_per_task(name, deals, workers) if per_task is None
           else _whole(per_task, "--chunks-per-task", 1, MAX_DEALS))
    say = notice if notice is not None else _notice
    cache = None
    loaded: list[TaskResult] = []
    set_aside: list[str] = []
    if out is not None:
        cache = StudyCache(Path(out), {"format": CACHE_FORMAT, "trickcore": __version__,
                                   "study": name, "deals": deals, "seed": seed,
                                   "chunk_size": study.chunk_size})
        loaded, set_aside = cache.load(total, say)
    counts: Counts = {}
    seconds: list[float] = []
    sizes: list[int] = []
    done = 0
    for result in loaded:
        counts = merge(counts, result.counts)
        seconds.append(result.seconds)
        sizes.append(result.stop - result.start)
        done += result.stop - result.start
    resumed = done
    report = progress if progress is not None else (lambda _done, _total: None)
    report(done, total)

    def finished(result: TaskResult) -> None:
        nonlocal counts, done
        if cache is not None:
            cache.save(result)
        counts = merge(counts, result.counts)
        seconds.append(result.seconds)
        sizes.append(result.stop - result.start)
        done += result.stop - result.start
        report(done, total)

    ranges = [(r.start, r.stop) for r in loaded]
    todo = tasks(name, deals, seed, per, ranges)
    gaps = zip([0, *(b for _, b in ranges)], [*(a for a, _ in ranges), total], strict=True)
    left = sum(-(-(start - at) // per) for at, start in gaps)  # tasks to run
    if scheduler is not None and left:
        from trickcore.study.cluster import run_on_dask

        run_on_dask(run_task, todo, scheduler, finished, window=_TASKS_PER_WORKER * workers)
    elif jobs > 1 and left > 1:
        _run_local(todo, min(jobs, left), finished)
    else:
        for task in todo:
            finished(run_task(task))
    if done != total:  # pragma: no cover - every chunk is planned exactly once
        raise AssertionError(f"{done} chunks of {total} done")
    return StudyRun(name, deals, seed, study.chunk_size, total, counts, tuple(seconds), resumed,
                    per, tuple(set_aside), tuple(sizes))

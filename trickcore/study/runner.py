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

Without ``cache=False`` a run keeps its tasks in ``trickcore-studies/`` (:func:`default_out`),
as ``trickcore study`` does, and says so on standard error; the same run again reads them back.

>>> run = run_study("holdings", deals=40, seed=1, cache=False)
>>> run.chunks, run.counts["five_hundred"]["deals"]
(1, 10)
>>> run_study("holdings", deals=40, seed=1, cache=False).to_json() == run.to_json()
True

Your own study is a :class:`~trickcore.study.chunked.Study` passed in place of a name
(:mod:`trickcore.study.custom` makes one from a function of a deal or of a match).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, overload

from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.study.cache import CACHE_FORMAT, Notice, StudyCache, TaskResult
from trickcore.study.chunked import Counts, Study, chunk_rng, get_study, merge

__all__ = ["CACHE_FORMAT", "MAX_DEALS", "MAX_TASKS", "TASK_SECONDS", "ChunkResult", "ChunkTask",
           "Plan", "StudyRun", "Task", "TaskResult", "chunks_per_task", "default_out", "plan",
           "run_chunk", "run_study", "run_task", "tasks"]

#: A study: a name of :data:`~trickcore.study.chunked.STUDIES`, or a
#: :class:`~trickcore.study.chunked.Study` of your own.
StudyLike = str | Study

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

    study: StudyLike
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

    study: StudyLike
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

    def __init__(self, study: StudyLike, deals: int, seed: int) -> None:
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


def plan(study: StudyLike, deals: int, seed: int) -> Plan:
    """The chunks of a run (a lazy sequence: see :class:`Plan`)."""
    return Plan(study, deals, seed)


def chunks_per_task(study: StudyLike, deals: int, workers: int) -> int:
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


def tasks(study: StudyLike, deals: int, seed: int, per: int,
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
    spec = get_study(task.study)
    counts = spec.run(chunk_rng(spec.name, task.seed, task.chunk), task.first, task.deals)
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
    which depends only on the study, the deals and the seed).

    >>> run = run_study("hook", deals=200, seed=1, cache=False)
    >>> run.study, run.deals, run.chunks, run.counts["10"]["deals"]
    ('hook', 200, 2, 20)
    """

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
    definition: Study | None = dataclasses.field(default=None, compare=False, repr=False)
    """The study of your own that ran (``None`` for the book's)."""

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {"study": self.study, "deals": self.deals, "seed": self.seed,
                "chunk_size": self.chunk_size, "chunks": self.chunks, "counts": self.counts}

    def dumps(self) -> str:
        """The result as a JSON string, keys sorted: equal runs give equal strings."""
        return json.dumps(self.to_json(), sort_keys=True)

    @property
    def seconds(self) -> float:
        """Seconds of work in the tasks, added up over every process (not part of the JSON)."""
        return sum(self.task_seconds)

    def fields(self) -> dict[str, str]:
        """A one-line meaning of each count (``trickcore.study.explain.field_meanings``)."""
        from trickcore.study.explain import field_meanings

        return field_meanings(self._study)

    def records(self) -> list[dict[str, Any]]:
        """The estimates the counts make, one record (a dict) each: ``field``, ``kind``
        (``"proportion"`` or ``"mean"``), ``estimate``, ``low`` and ``high`` (its 95%
        interval), ``n`` (what it is out of), ``count`` and ``meaning``.

        >>> run = run_study("hook", deals=100, seed=1, cache=False)
        >>> binds = [r for r in run.records() if r["field"] == "5/binds"][0]
        >>> binds["kind"], binds["n"], binds["low"] <= binds["estimate"] <= binds["high"]
        ('proportion', 10, True)
        """
        from trickcore.study.explain import estimates

        return estimates(self.counts, self.fields())

    def to_pandas(self) -> Any:
        """:meth:`records` as a pandas DataFrame (``pip install trickcore[pandas]``)."""
        return records_frame(self.records())

    def explained(self) -> dict[str, Any]:
        """:meth:`to_json` with the meaning of each count (``fields``) and the estimates
        (``estimates``: :meth:`records`) beside the counts: what ``--json`` prints."""
        return {**self.to_json(), "fields": self.fields(), "estimates": self.records()}

    @property
    def _study(self) -> StudyLike:
        from trickcore.study.chunked import STUDIES

        return self.definition if self.definition is not None else STUDIES.get(self.study,
                                                                                self.study)


def records_frame(records: list[dict[str, Any]]) -> Any:
    """A pandas DataFrame of ``records``, or a one-line error naming the extra to install."""
    try:
        import pandas  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        raise TrickcoreError(_("a DataFrame needs pandas: pip install 'trickcore[pandas]' (the"
                               " records are a list of dicts without it)")) from None
    return pandas.DataFrame.from_records(records)


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


def default_out(name: str, deals: int, seed: int) -> Path:
    """Where a run keeps its chunks when no ``out`` (``--out``) is given: one directory per
    study, deals and seed, under ``trickcore-studies`` in the current directory.

    >>> default_out("hook", 1000, 1).as_posix()
    'trickcore-studies/hook-1000-deals-seed-1'
    """
    return Path("trickcore-studies") / f"{name}-{deals}-deals-seed-{seed}"


def _manifest(study: Study, deals: int, seed: int) -> dict[str, Any]:
    from trickcore import __version__

    manifest: dict[str, Any] = {"format": CACHE_FORMAT, "trickcore": __version__,
                                "study": study.name, "deals": deals, "seed": seed,
                                "chunk_size": study.chunk_size}
    if study.definition:  # a study of your own: what its function is, so that an edit shows
        manifest["definition"] = study.definition
    return manifest


def run_study(name: StudyLike, *, deals: int, seed: int = 0, jobs: int = 1,
              scheduler: str | None = None, out: str | os.PathLike[str] | None = None,
              cache: bool = True, progress: Progress | bool | None = None,
              per_task: int | None = None, notice: Notice | None = None) -> StudyRun:
    """Run the study ``name`` on ``deals`` deals from ``seed`` and merge its chunks.

    ``name`` is one of the book's studies (``trickcore.study.chunked.STUDIES``) or a
    :class:`~trickcore.Study` of your own (see :func:`~trickcore.deal_study`).
    ``jobs`` > 1 runs the chunks in that many local processes; ``scheduler`` sends them to a
    Dask cluster instead (an address such as ``tcp://host:8786``, or ``local:N`` to start a
    local cluster of N worker processes; needs ``pip install trickcore[cluster]``).  The chunks
    go out in tasks of ``per_task`` chunks (by default ``chunks_per_task``: about a second
    of work).  The result is the same to the last digit however the work is shared out.

    Finished tasks are kept in ``out`` (by default :func:`~trickcore.study.runner.default_out`, as ``trickcore study``
    does) and a later run with the same study, deals and seed picks up from them; both are said
    in one line to ``notice`` (by default on standard error), as is a task file found damaged or
    foreign, which is set aside and run again.  ``cache=False`` keeps and reads nothing (the
    command line's ``--no-cache``).

    ``progress`` is a bar on standard error in a terminal and a widget in a notebook
    (``trickcore.progress``), shown by default where a person is watching (not in CI, not
    when standard error is a file); ``False`` hides it, ``True`` shows it, and a function
    ``progress(done, total)`` is called with the chunks instead.

    ``deals`` is at most a billion (``MAX_DEALS``); bad arguments are refused with a
    :class:`~trickcore.errors.TrickcoreError` before anything is written.

    >>> run_study("hook", deals=10**12)
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: --deals must be at most 1,000,000,000, not 1,000,000,000,000
    """
    from trickcore.progress import progress_callback
    from trickcore.study.chunked import STUDIES
    from trickcore.study.processes import check_main_guard, check_sendable, run_local

    study = get_study(name)
    deals = _whole(deals, "--deals", 1, MAX_DEALS)
    seed = _whole(seed, "--seed", -(2**63), 2**63 - 1)
    jobs = _whole(jobs, "--jobs", 1, 4096)
    workers = jobs
    if scheduler is not None:
        from trickcore.study.cluster import local_workers

        workers = local_workers(scheduler) or _REMOTE_WORKERS  # a bad local:N: refused here
    chunks = plan(study, deals, seed)
    total = len(chunks)
    per = (chunks_per_task(study, deals, workers) if per_task is None
           else _whole(per_task, "--chunks-per-task", 1, MAX_DEALS))
    say = notice if notice is not None else _notice
    own = STUDIES.get(study.name) is not study  # a study of your own goes to workers whole
    if jobs > 1 or scheduler is not None:
        if own:
            check_sendable(study, _("the study {name!r}").format(name=study.name))
        if scheduler is None or local_workers(scheduler) is not None:
            check_main_guard(f"run_study(jobs={jobs})" if scheduler is None
                             else f"run_study(scheduler={scheduler!r})")
    store = None
    loaded: list[TaskResult] = []
    set_aside: list[str] = []
    if cache:
        directory = Path(out) if out is not None else default_out(study.name, deals, seed)
        fresh = not (directory / "manifest.json").exists()
        store = StudyCache(directory, _manifest(study, deals, seed))
        loaded, set_aside = store.load(total, say)
        if loaded:
            read = sum(r.stop - r.start for r in loaded)
            say(_("read back {read:,} of {total:,} chunks of {study} from {directory}"
                  " (cache=False or --no-cache runs them again)").format(
                read=read, total=total, study=study.name, directory=directory))
        elif fresh:
            say(_("keeping the finished chunks in {directory}: the same run again reads them"
                  " back (cache=False or --no-cache keeps none)").format(directory=directory))
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
    report, close = progress_callback(progress, study.name, deals, study.chunk_size, study.unit)
    report(done, total)

    def finished(result: TaskResult) -> None:
        nonlocal counts, done
        if store is not None:
            store.save(result)
        counts = merge(counts, result.counts)
        seconds.append(result.seconds)
        sizes.append(result.stop - result.start)
        done += result.stop - result.start
        report(done, total)

    ranges = [(r.start, r.stop) for r in loaded]
    todo = tasks(study, deals, seed, per, ranges)
    gaps = zip([0, *(b for _, b in ranges)], [*(a for a, _ in ranges), total], strict=True)
    left = sum(-(-(start - at) // per) for at, start in gaps)  # tasks to run
    try:
        if scheduler is not None and left:
            from trickcore.study.cluster import run_on_dask

            run_on_dask(run_task, todo, scheduler, finished, window=_TASKS_PER_WORKER * workers)
        elif jobs > 1 and left > 1:
            run_local(run_task, todo, min(jobs, left), finished)
        else:
            for task in todo:
                finished(run_task(task))
    finally:
        close()
    if done != total:  # pragma: no cover - every chunk is planned exactly once
        raise AssertionError(f"{done} chunks of {total} done")
    return StudyRun(study.name, deals, seed, study.chunk_size, total, counts, tuple(seconds),
                    resumed, per, tuple(set_aside), tuple(sizes), study if own else None)

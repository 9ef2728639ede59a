"""Run a study in chunks: in this process, in local processes, or on a Dask cluster.

The deals of a run are cut into chunks of the study's fixed size; chunk ``i`` holds deals
``i * size`` to ``(i + 1) * size - 1`` and draws them from a generator seeded by the study, the
seed and ``i`` alone (:func:`~trickcore.study.studies.chunk_rng`).  Each chunk's counts are
integers and :func:`~trickcore.study.studies.merge` adds them, so the result is the same bit for
bit wherever the chunks ran and in whatever order they finished.

With a cache directory, each chunk is written there as it finishes (next to a manifest naming
the study, the deals and the seed); running the same study again with the same directory
loads the chunks already done and runs only the others.

>>> run = run_study("holdings", deals=40, seed=1)
>>> run.chunks, run.counts["five_hundred"]["deals"]
(1, 10)
>>> run_study("holdings", deals=40, seed=1).to_json() == run.to_json()
True
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import json
import multiprocessing
import os
import signal
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.study.studies import Counts, chunk_rng, get_study, merge

__all__ = ["CACHE_FORMAT", "ChunkResult", "ChunkTask", "StudyRun", "plan", "run_chunk",
           "run_study"]

#: The format named in a cache directory's manifest.
CACHE_FORMAT = "trickcore-study-cache/1"

#: ``progress(done, total)``: called once at the start and after every chunk.
Progress = Callable[[int, int], None]


class ChunkTask(NamedTuple):
    """One chunk to run: the study, the run's seed, the chunk's index and its deals."""

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


def plan(study: str, deals: int, seed: int) -> list[ChunkTask]:
    """The chunks of a run: fixed size, the last one shorter when the deals do not fill it.

    >>> [(t.chunk, t.first, t.deals) for t in plan("hook", 250, 1)]
    [(0, 0, 100), (1, 100, 100), (2, 200, 50)]
    """
    size = get_study(study).chunk_size
    return [ChunkTask(study, seed, i, first, min(size, deals - first))
            for i, first in enumerate(range(0, deals, size))]


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


@dataclasses.dataclass(frozen=True)
class StudyRun:
    """A finished run: the merged counts, and the time each chunk took (not part of the JSON,
    which depends only on the study, the deals and the seed)."""

    study: str
    deals: int
    seed: int
    chunk_size: int
    chunks: int
    counts: Counts
    chunk_seconds: tuple[float, ...] = dataclasses.field(compare=False)
    resumed: int = dataclasses.field(default=0, compare=False)
    """Chunks read back from the cache directory instead of run."""

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {"study": self.study, "deals": self.deals, "seed": self.seed,
                "chunk_size": self.chunk_size, "chunks": self.chunks, "counts": self.counts}

    def dumps(self) -> str:
        """The result as a JSON string, keys sorted: equal runs give equal strings."""
        return json.dumps(self.to_json(), sort_keys=True)


class _Cache:
    """A directory of finished chunks and the manifest of the run they belong to."""

    def __init__(self, directory: Path, manifest: dict[str, Any]) -> None:
        self.directory = directory
        path = directory / "manifest.json"
        if path.exists():
            try:
                found = json.loads(path.read_text())
            except (OSError, ValueError) as error:
                raise TrickcoreError(_("{path} is not a study manifest ({error})").format(
                                         path=path, error=error)) from None
            if found != manifest:
                raise TrickcoreError(
                    _("{directory} holds another run (study {value}, {value2} deals, seed "
                      "{value3}); give another output directory or remove it").format(
                        directory=directory, value=found.get('study'), value2=found.get('deals'), value3=found.get('seed')))
        else:
            directory.mkdir(parents=True, exist_ok=True)
            self._write(path, manifest)

    def load(self, chunks: int) -> dict[int, ChunkResult]:
        done = {}
        for path in sorted(self.directory.glob("chunk-*.json")):
            data = json.loads(path.read_text())
            if 0 <= data["chunk"] < chunks:
                done[data["chunk"]] = ChunkResult(data["chunk"], data["counts"], data["seconds"])
        return done

    def save(self, result: ChunkResult) -> None:
        self._write(self.directory / f"chunk-{result.chunk:07d}.json", result._asdict())

    def _write(self, path: Path, data: dict[str, Any]) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, sort_keys=True)
        os.replace(tmp, path)


def _ignore_interrupts() -> None:  # pragma: no cover - runs in the worker processes
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_local(tasks: list[ChunkTask], jobs: int,
               finished: Callable[[ChunkResult], None]) -> None:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context,
                                                  initializer=_ignore_interrupts)
    try:
        futures = [pool.submit(run_chunk, task) for task in tasks]
        for future in concurrent.futures.as_completed(futures):
            finished(future.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def run_study(name: str, *, deals: int, seed: int = 0, jobs: int = 1,
              scheduler: str | None = None, out: str | os.PathLike[str] | None = None,
              progress: Progress | None = None) -> StudyRun:
    """Run the study ``name`` on ``deals`` deals from ``seed`` and merge its chunks.

    ``jobs`` > 1 runs the chunks in that many local processes; ``scheduler`` sends them to a
    Dask cluster instead (an address such as ``tcp://host:8786``, or ``local:N`` to start a
    local cluster of N worker processes; needs ``pip install trickcore[cluster]``).  With
    ``out``, finished chunks are kept in that directory and a later run with the same study,
    deals and seed picks up from them.  ``progress(done, total)`` follows the chunks.
    """
    study = get_study(name)
    if deals < 1:
        raise TrickcoreError(_("--deals must be at least 1"))
    if jobs < 1:
        raise TrickcoreError(_("--jobs must be at least 1"))
    if scheduler is not None:
        from trickcore.study.cluster import local_workers

        local_workers(scheduler)  # a malformed local:N is refused before anything is written
    tasks = plan(name, deals, seed)
    cache = None
    done: dict[int, ChunkResult] = {}
    if out is not None:
        cache = _Cache(Path(out), {"format": CACHE_FORMAT, "study": name, "deals": deals,
                                   "seed": seed, "chunk_size": study.chunk_size})
        done = cache.load(len(tasks))
    resumed = len(done)
    todo = [t for t in tasks if t.chunk not in done]
    report = progress if progress is not None else (lambda _done, _total: None)
    report(len(done), len(tasks))

    def finished(result: ChunkResult) -> None:
        done[result.chunk] = result
        if cache is not None:
            cache.save(result)
        report(len(done), len(tasks))

    if scheduler is not None and todo:
        from trickcore.study.cluster import run_on_dask

        run_on_dask(run_chunk, todo, scheduler, finished)
    elif jobs > 1 and len(todo) > 1:
        _run_local(todo, min(jobs, len(todo)), finished)
    else:
        for task in todo:
            finished(run_chunk(task))
    ordered = [done[i] for i in range(len(tasks))]
    return StudyRun(name, deals, seed, study.chunk_size, len(tasks),
                    _merge_all(r.counts for r in ordered),
                    tuple(r.seconds for r in ordered), resumed)


def _merge_all(results: Iterable[Counts]) -> Counts:
    total: Counts = {}
    for counts in results:
        total = merge(total, counts)
    return total

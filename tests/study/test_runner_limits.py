"""trickcore study at its limits: a run of 10^12 deals is refused in one line and nothing is
written; planning a billion deals holds no list of chunks or tasks (memory counted with
tracemalloc, not timed); at most a few tasks are out at a time; and however the chunks are
grouped into tasks, and however a run is interrupted and resumed, the result is the same."""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickcore.cli import main
from trickcore.errors import TrickcoreError
from trickcore.study.processes import run_local
from trickcore.study.runner import (
    MAX_DEALS,
    Task,
    TaskResult,
    chunks_per_task,
    plan,
    run_study,
    run_task,
    tasks,
)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty directory, where the default cache directory would be made."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("argv", "message"), [
    (["--deals", "1000000000000"], "--deals must be at most 1,000,000,000, not 1,000,000,000,000"),
    (["--deals", str(MAX_DEALS + 1)], "--deals must be at most 1,000,000,000, not 1,000,000,001"),
    (["--deals", "0"], "--deals must be at least 1"),
    (["--deals", "-5"], "--deals must be at least 1"),
    (["--deals", "1.5"], "--deals must be a whole number, not '1.5'"),
    (["--deals", "1e6"], "--deals must be a whole number, not '1e6'"),
    (["--deals", "lots"], "--deals must be a whole number, not 'lots'"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--jobs", "two"], "--jobs must be a whole number, not 'two'"),
    (["--jobs", "100000"], "--jobs must be at most 4,096, not 100,000"),
    (["--seed", "x"], "--seed must be a whole number, not 'x'"),
    (["--chunks-per-task", "0"], "--chunks-per-task must be at least 1"),
    (["--chunks-per-task", "-1"], "--chunks-per-task must be at least 1"),
    (["--chunks-per-task", "½"], "--chunks-per-task must be a whole number, not '½'"),
    (["--scheduler", "local:0"], "--scheduler local:N needs a number of workers N >= 1, not '0'"),
])
def test_bad_numbers_are_one_line_and_write_nothing(
        in_tmp: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(["study", "hook", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"trickcore study: {message}\n"
    assert captured.out == ""
    assert list(in_tmp.iterdir()) == []


def test_a_billion_deals_is_the_bound_and_is_accepted() -> None:
    """The bound itself is a run (stopped at once here): only what is above it is refused."""
    seen: list[tuple[int, int]] = []

    def stop(done: int, total: int) -> None:
        seen.append((done, total))
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_study("hook", deals=MAX_DEALS, seed=1, progress=stop)
    assert seen == [(0, MAX_DEALS // 100)]
    with pytest.raises(TrickcoreError, match="at most 1,000,000,000"):
        run_study("hook", deals=MAX_DEALS + 1)
    for bad in (True, 2.0, "3.0", None):
        with pytest.raises(TrickcoreError, match="--deals must be a whole number"):
            run_study("hook", deals=bad)  # type: ignore[arg-type]


def test_the_plan_of_ten_to_the_twelve_deals_is_three_numbers() -> None:
    tracemalloc.start()
    try:
        chunks = plan("hook", 10**12, 1)
        last = chunks[-1]
        first_tasks = list(itertools.islice(tasks("hook", 10**12, 1, 1000), 3))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(chunks) == 10**10
    assert (last.chunk, last.first, last.deals) == (10**10 - 1, 10**12 - 100, 100)
    assert [(t.start, t.stop) for t in first_tasks] == [(0, 1000), (1000, 2000), (2000, 3000)]
    assert peak < 100_000  # bytes: the old list of 10^10 chunks grew by 45 MB a second


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_billion_deal_run_starts_in_flat_memory(tmp_path: Path, jobs: int) -> None:
    """Planned, cached and started, then stopped after its first task: the memory it took is
    the same whatever the deals (the bookkeeping of the first tasks only)."""
    def stop_after_first(done: int, total: int) -> None:
        if done:
            raise KeyboardInterrupt

    peaks = []
    for deals in (10_000, MAX_DEALS):
        tracemalloc.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                run_study("hook", deals=deals, seed=1, jobs=jobs, out=tmp_path / str(deals),
                          per_task=1, progress=stop_after_first)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        peaks.append(peak)
    assert peaks[1] < peaks[0] + 200_000, peaks


def test_tasks_grow_so_that_a_run_has_at_most_a_hundred_thousand() -> None:
    assert chunks_per_task("hook", 400_000, 16) == 10        # a second of work, 400 tasks
    assert chunks_per_task("hook", 400, 2) == 1               # four chunks: one each
    assert chunks_per_task("humbug-perfect", 1000, 2) == 1    # a chunk takes many seconds
    assert chunks_per_task("hook", MAX_DEALS, 2) == 100       # 10^7 chunks: 10^5 tasks
    assert chunks_per_task("humbug-perfect", MAX_DEALS, 2) == 10_000


def _counting(source: Iterator[Task], pulled: list[int]) -> Iterator[Task]:
    for task in source:
        pulled[0] += 1
        yield task


def _window_check(run: Callable[[Iterator[Task], Callable[[TaskResult], None]], None],
                  window: int) -> None:
    pulled = [0]
    results: list[TaskResult] = []
    out: list[int] = []

    def finished(result: TaskResult) -> None:
        out.append(pulled[0] - len(results))  # tasks handed out and not yet back
        results.append(result)

    run(_counting(tasks("hook", 1500, 1, 1), pulled), finished)
    assert sorted((r.start, r.stop) for r in results) == [(i, i + 1) for i in range(15)]
    assert max(out) <= window
    assert pulled[0] == 15


@pytest.mark.slow
def test_local_processes_take_tasks_a_few_at_a_time() -> None:
    _window_check(lambda todo, finished: run_local(run_task, todo, 2, finished), 8)


@pytest.mark.slow
def test_a_dask_cluster_takes_tasks_a_few_at_a_time() -> None:
    from trickcore.study.cluster import run_on_dask

    _window_check(lambda todo, finished: run_on_dask(run_task, todo, "local:2", finished,
                                                     window=3), 3)


@functools.cache
def _reference(deals: int) -> str:
    return run_study("hook", deals=deals, seed=7, per_task=1, cache=False).dumps()


@pytest.mark.slow
def test_grouping_and_sharing_never_change_the_result() -> None:
    reference = _reference(700)
    for per, jobs in ((2, 1), (3, 2), (7, 2), (50, 1)):
        run = run_study("hook", deals=700, seed=7, jobs=jobs, per_task=per, cache=False)
        assert run.resumed == 0
        assert run.chunks_per_task == per
        assert len(run.task_seconds) == -(-7 // per)
        assert run.dumps() == reference


@pytest.mark.slow
@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deals=st.integers(1, 600), first=st.integers(1, 6), then=st.integers(1, 6),
       stop_at=st.integers(1, 6))
def test_a_run_cut_short_and_resumed_with_other_tasks_gives_the_same_json(
        tmp_path_factory: pytest.TempPathFactory, deals: int, first: int, then: int,
        stop_at: int) -> None:
    out = tmp_path_factory.mktemp("resume")

    def stop(done: int, total: int) -> None:
        if done >= stop_at and done < total:
            raise KeyboardInterrupt

    with contextlib.suppress(KeyboardInterrupt):
        run_study("hook", deals=deals, seed=7, per_task=first, out=out, progress=stop)
    resumed = run_study("hook", deals=deals, seed=7, per_task=then, out=out)
    assert resumed.dumps() == _reference(deals)
    assert resumed.set_aside == ()
    names = sorted(os.listdir(out))
    assert names[-1] == "manifest.json"
    spans = [tuple(int(x) for x in n[len("chunks-"):-len(".json")].split("-"))
             for n in names[:-1]]
    assert [s for s, _ in spans] == [0, *(e for _, e in spans[:-1])]  # no gap, no overlap
    assert spans[-1][1] == resumed.chunks

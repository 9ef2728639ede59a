"""trickcore study: chunked studies give the same JSON in one process, in local processes and on
a Dask LocalCluster; interrupted runs resume from their cache to the same JSON."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from trickcore.cli import main
from trickcore.engine.dealing import deal_cards
from trickcore.errors import TrickcoreError
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules.registry import get_variant
from trickcore.study.bids import seat_rows
from trickcore.study.chunked import STUDIES, chunk_rng, get_study, merge
from trickcore.study.cluster import local_workers
from trickcore.study.runner import ChunkTask, plan, run_chunk, run_study
from trickcore.study.stats import mean_from_sums

HOOK_DEALS = 400  # four chunks of 100


@pytest.mark.slow
def test_one_process_jobs_and_local_cluster_give_identical_json() -> None:
    one = run_study("hook", deals=HOOK_DEALS, seed=3, cache=False)
    jobs = run_study("hook", deals=HOOK_DEALS, seed=3, jobs=2, cache=False)
    dask = run_study("hook", deals=HOOK_DEALS, seed=3, scheduler="local:2", cache=False)
    assert one.resumed == jobs.resumed == dask.resumed == 0  # each one ran every chunk
    assert one.chunks == 4
    assert one.dumps() == jobs.dumps() == dask.dumps()
    assert len(one.task_seconds) == len(dask.task_seconds) == 4  # too few chunks to group


@pytest.mark.slow
def test_cli_json_is_the_same_with_and_without_jobs(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    outputs: list[str] = []
    for extra in ([], ["--jobs", "2"]):
        out = tmp_path / f"run{len(outputs)}"
        code = main(["study", "five-hundred-contracts", "--deals", "120", "--seed", "1",
                     "--json", "--out", str(out), *extra])
        assert code == 0
        outputs.append(capsys.readouterr().out)
        assert (out / "result.json").read_text() == outputs[-1]
    assert outputs[0] == outputs[1]
    result = json.loads(outputs[0])
    counts = result["counts"]
    assert (result["chunks"], counts["deals"]) == (3, 120)
    assert counts["passed"] + sum(c["deals"] for c in counts["contracts"].values()) == 120
    assert sum(counts["longest"]) == 4 * 120


def test_the_total_is_the_exact_sum_of_the_chunks() -> None:
    run = run_study("bids", deals=450, seed=2)
    chunks = [run_chunk(task).counts for task in plan("bids", 450, 2)]
    total: dict[str, object] = {}
    for counts in chunks:
        total = merge(total, counts)
    assert run.counts == total
    assert sum(c["seats"] for c in run.counts.values()) == 4 * 450


def test_a_chunk_depends_only_on_the_study_seed_and_index() -> None:
    """A longer run holds a shorter one's full chunks unchanged; another seed changes them."""
    task = plan("hook", 300, 5)[1]
    assert run_chunk(task).counts == run_chunk(plan("hook", 200, 5)[1]).counts
    assert run_chunk(task).counts != run_chunk(ChunkTask("hook", 6, 1, 100, 100)).counts
    assert chunk_rng("hook", 5, 1).random() != chunk_rng("hook", 5, 2).random()


def test_bids_counts_are_the_seat_rows_of_the_same_deals() -> None:
    """Chunk 0 of bids deals 3, 5, 7 and 10 cards in turn from its generator; playing the same
    deals through the bids module gives the same counts."""
    run = run_study("bids", deals=8, seed=1)
    rules = get_variant("oh-hell")
    rng = chunk_rng("bids", 1, 0)
    bot = HeuristicBot()
    rows = []
    for g in range(8):
        deal = deal_cards(rules, players=4, dealer=g // 4 % 4, hand_size=(3, 5, 7, 10)[g % 4],
                          rng=rng)
        rows += seat_rows(rules, deal, g, bot, bot)
    for size in (3, 5, 7, 10):
        mine = [r for r in rows if r.hand_size == size]
        counts = run.counts[str(size)]
        assert counts["seats"] == len(mine) == 8
        assert counts["points_by_position"] == [sum(r.points for r in mine if r.position == p)
                                                for p in range(4)]
        assert sum(made for made, _ in counts["bids"].values()) == sum(
            r.bid == r.tricks for r in mine)


def test_holdings_counts_every_kind_of_deal_in_turn() -> None:
    counts = run_study("holdings", deals=1000, seed=1).counts
    assert sum(counts["oh_hell_5_trumps"]) == sum(counts["oh_hell_10_trumps"]) == 250
    assert sum(counts["humbug_difference"]) == counts["five_hundred"]["deals"] == 250
    assert sum(counts["humbug_difference"][7:]) > 125  # the dealer holds more trumps more often


def _stop_after(n: int) -> Callable[[int, int], None]:
    def progress(done: int, total: int) -> None:
        if done >= n and done < total:
            raise KeyboardInterrupt
    return progress


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_run_resumes_to_the_same_json(tmp_path: Path, jobs: int) -> None:
    whole = run_study("hook", deals=HOOK_DEALS, seed=4)
    with pytest.raises(KeyboardInterrupt):
        run_study("hook", deals=HOOK_DEALS, seed=4, jobs=jobs, out=tmp_path,
                  progress=_stop_after(2))
    saved = sorted(p.name for p in tmp_path.glob("chunks-*.json"))
    assert 2 <= len(saved) < 4
    seen: list[tuple[int, int]] = []
    resumed = run_study("hook", deals=HOOK_DEALS, seed=4, jobs=jobs, out=tmp_path,
                        progress=lambda done, total: seen.append((done, total)))
    assert resumed.resumed == len(saved)
    assert seen[0] == (len(saved), 4)
    assert seen[-1] == (4, 4)
    assert resumed.dumps() == whole.dumps()
    again = run_study("hook", deals=HOOK_DEALS, seed=4, out=tmp_path)
    assert again.resumed == 4
    assert again.dumps() == whole.dumps()


def test_the_cli_resumes_after_an_interrupt(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hook"
    with pytest.raises(KeyboardInterrupt):
        run_study("hook", deals=300, seed=1, out=out, progress=_stop_after(1))
    assert main(["study", "hook", "--deals", "300", "--seed", "1", "--out", str(out)]) == 0
    line = capsys.readouterr().out
    assert "3 chunks of 100, 1 read back from" in line
    assert json.loads((out / "result.json").read_text()) == run_study(
        "hook", deals=300, seed=1, cache=False).explained()


def test_a_cache_of_another_run_is_refused_and_left_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_study("hook", deals=100, seed=1, out=tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(TrickcoreError, match=r"holds another run \(study hook, 100 deals, seed 1\)"):
        run_study("hook", deals=100, seed=2, out=tmp_path)
    capsys.readouterr()  # the first run's line: where it keeps its chunks
    assert main(["study", "hook", "--deals", "200", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("trickcore study: ")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_bad_arguments_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TrickcoreError, match="unknown study 'hooks'"):
        get_study("hooks")
    assert main(["study", "hook", "--deals", "0"]) == 2
    assert capsys.readouterr().err == "trickcore study: --deals must be at least 1\n"
    assert main(["study", "hook", "--jobs", "0", "--deals", "5"]) == 2
    assert capsys.readouterr().err == "trickcore study: --jobs must be at least 1\n"
    with pytest.raises(TrickcoreError, match="local:N needs a number of workers"):
        local_workers("local:0")


def test_a_malformed_scheduler_is_refused_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cache"
    assert main(["study", "hook", "--deals", "10", "--scheduler", "local:x",
                 "--out", str(out)]) == 2
    assert capsys.readouterr().err.startswith("trickcore study: --scheduler local:N needs")
    assert not out.exists()


def test_merge_adds_integers_only() -> None:
    assert merge({"a": [1, 2], "b": 3}, {"a": [1], "c": {"x": 1}}) == {
        "a": [2, 2], "b": 3, "c": {"x": 1}}
    with pytest.raises(TypeError, match="cannot merge float with int"):
        merge(0.5, 1)


def test_mean_from_sums_matches_the_direct_mean() -> None:
    values = [3, -1, 4, 1, -5, 9]
    est = mean_from_sums(len(values), sum(values), sum(v * v for v in values))
    assert est.mean == pytest.approx(sum(values) / 6)
    mean = sum(values) / 6
    sd = (sum((v - mean) ** 2 for v in values) / 5) ** 0.5
    assert est.standard_error == pytest.approx(sd / 6 ** 0.5)


def test_every_page_study_is_registered() -> None:
    assert set(STUDIES) == {"hook", "bids", "holdings", "five-hundred-contracts", "humbug-perfect"}


def test_a_serial_study_never_imports_dask() -> None:
    code = ("import sys, trickcore; from trickcore.study.runner import run_study;"
            " run_study('holdings', deals=8, seed=1, jobs=2);"
            " print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
def test_a_local_cluster_does_not_need_port_8787() -> None:
    """Another cluster (or any program) holding Dask's usual port 8787 made the scheduler warn
    and move; the local cluster now asks for a free port (warnings are errors in the tests)."""
    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            holder.bind(("", 8787))
            holder.listen()
        except OSError:
            pass  # already held by someone else: the same situation
        run = run_study("hook", deals=150, seed=1, scheduler="local:1", cache=False)
    assert run.dumps() == run_study("hook", deals=150, seed=1, cache=False).dumps()


@pytest.mark.slow
def test_a_slow_disk_does_not_stop_a_local_cluster(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    """On a busy machine Dask took over a second to make its scratch folders and warned about
    network file systems (an error in the tests, and a false lead for a reader).  The local
    cluster makes its scratch space in a folder of its own, removed afterwards, and that
    timing warning no longer stops it: a scheduler whose folder takes 1.2 s still runs."""
    import time

    import distributed.core
    from distributed.diskutils import WorkSpace

    made: list[str] = []

    class SlowWorkSpace(WorkSpace):
        def __init__(self, base_dir: str) -> None:
            made.append(base_dir)
            time.sleep(1.2)
            super().__init__(base_dir)

    monkeypatch.setattr(distributed.core, "WorkSpace", SlowWorkSpace)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    run = run_study("hook", deals=150, seed=1, scheduler="local:1", cache=False)
    assert run.dumps() == run_study("hook", deals=150, seed=1, cache=False).dumps()
    assert made
    assert all(folder.startswith(str(tmp_path / "trickcore-dask-")) for folder in made)
    assert list(tmp_path.iterdir()) == []  # the run's scratch folder is gone

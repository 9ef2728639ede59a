"""Your own study on the book's runner: byte-identical however shared, resumable, explained.

A study of your own (``deal_study``, ``match_study``) runs in one process, two processes and
on Dask with the same JSON; its cache names its definition; a lambda sent to other processes
is refused in one line, and so is a script that starts worker processes outside its
``if __name__ == "__main__":``.  A result explains itself: the meaning of each count and the
estimates with 95% intervals beside the counts, as records and (with pandas) a DataFrame.
Progress is silent where no person watches (CI, a file).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import trickcore as tc
from trickcore.cli import main
from trickcore.errors import TrickcoreError
from trickcore.progress import progress_callback, wanted
from trickcore.study.custom import deal_study
from trickcore.study.explain import estimates
from trickcore.study.runner import run_study

ROOT = Path(__file__).resolve().parents[2]


def long_trumps(deal: tc.Deal) -> dict[str, Any]:
    """Eldest's trumps, and whether there are four or more."""
    held = sum(card.suit == deal.trump for card in tc.cards_of(deal.hands[deal.eldest]))
    spread = [0] * 11
    spread[held] += 1
    return {"deals": 1, "four_or_more": held >= 4, "trumps": spread}


STUDY = deal_study("long-trumps", long_trumps, "oh-hell", players=4, hand_size=10,
                   chunk_size=50, fields={"four_or_more": "eldest holds four trumps or more"})


def test_a_study_of_your_own_is_the_same_however_it_is_shared() -> None:
    one = run_study(STUDY, deals=400, seed=3, cache=False)
    two = run_study(STUDY, deals=400, seed=3, jobs=2, cache=False)
    assert one.dumps() == two.dumps()
    assert one.counts["deals"] == 400
    assert sum(one.counts["trumps"]) == 400
    other = run_study(STUDY, deals=400, seed=4, cache=False)
    assert other.dumps() != one.dumps()


@pytest.mark.slow
def test_a_study_of_your_own_runs_on_dask_with_the_same_result() -> None:
    one = run_study(STUDY, deals=200, seed=3, cache=False)
    dask = run_study(STUDY, deals=200, seed=3, scheduler="local:2", cache=False)
    assert dask.dumps() == one.dumps()


def test_a_study_of_your_own_resumes_and_names_its_definition(tmp_path: Path) -> None:
    notes: list[str] = []
    first = run_study(STUDY, deals=200, seed=1, out=tmp_path, notice=notes.append)
    assert notes == [f"keeping the finished chunks in {tmp_path}: the same run again reads them"
                     " back (cache=False or --no-cache keeps none)"]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["study"] == "long-trumps"
    assert manifest["definition"].split()[0].endswith("test_custom_studies.long_trumps")
    assert manifest["definition"].endswith(" oh-hell players=4 hand_size=10")
    again = run_study(STUDY, deals=200, seed=1, out=tmp_path, notice=notes.append)
    assert again.resumed == again.chunks == 4
    assert notes[-1].startswith(f"read back 4 of 4 chunks of long-trumps from {tmp_path}")
    assert again.dumps() == first.dumps()


def test_a_lambda_cannot_go_to_other_processes() -> None:
    study = deal_study("lambda", lambda deal: {"deals": 1}, "oh-hell", players=4)
    assert run_study(study, deals=10, cache=False).counts == {"deals": 10}  # one process: fine
    with pytest.raises(TrickcoreError, match=r"^the study 'lambda' cannot be sent to other"
                       r" processes \(.*\): define its functions at the top level"):
        run_study(study, deals=10, jobs=2, cache=False)


def test_counts_must_be_whole_numbers() -> None:
    study = deal_study("mean", lambda deal: {"mean": 0.5}, "oh-hell", players=4)
    with pytest.raises(TrickcoreError, match="are whole numbers"):
        run_study(study, deals=3, cache=False)


def test_a_script_without_the_main_guard_is_one_line(tmp_path: Path) -> None:
    script = tmp_path / "experiment.py"
    script.write_text(textwrap.dedent("""\
        from trickcore.study.runner import run_study
        run = run_study("hook", deals=400, seed=1, jobs=2, cache=False)
        print(run.counts["1"]["deals"])
    """))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKCORE")}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == ("trickcore.errors.TrickcoreError: run_study(jobs=2) is called at the top"
                    " level of experiment.py (line 2): each worker process starts by importing"
                    " the script, so put the call under `if __name__ == \"__main__\":` (or run"
                    " with one process)")
    assert "BrokenProcessPool" not in done.stderr
    guarded = tmp_path / "guarded.py"
    guarded.write_text(textwrap.dedent("""\
        from trickcore.study.runner import run_study
        if __name__ == "__main__":
            run = run_study("hook", deals=400, seed=1, jobs=2, cache=False)
            print(run.counts["1"]["deals"])
    """))
    done = subprocess.run([sys.executable, str(guarded)], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "40\n"), done.stderr


def test_results_carry_estimates_and_meanings() -> None:
    run = run_study(STUDY, deals=200, seed=1, cache=False)
    records = {r["field"]: r for r in run.records()}
    four = records["four_or_more"]
    assert four["kind"] == "proportion"
    assert four["n"] == 200
    assert four["count"] == run.counts["four_or_more"]
    assert four["estimate"] == run.counts["four_or_more"] / 200
    assert four["low"] < four["estimate"] < four["high"]
    assert four["meaning"] == "eldest holds four trumps or more"
    assert sum(records[f"trumps/{i}"]["count"] for i in range(11)) == 200
    explained = run.explained()
    assert explained["counts"] == run.counts
    assert explained["fields"] == {"four_or_more": "eldest holds four trumps or more"}


def test_every_count_of_the_books_studies_has_a_meaning() -> None:
    from trickcore.study.explain import FIELDS

    for name in ("hook", "bids", "holdings", "five-hundred-contracts"):
        run = run_study(name, deals=40, seed=1, cache=False)
        keys: set[str] = set()

        def walk(value: Any, keys: set[str] = keys) -> None:
            if isinstance(value, dict):
                for k, v in value.items():
                    if not k.isdigit() and not k.lstrip("-").isdigit() and len(k) > 2:
                        keys.add(k)
                    walk(v)

        walk(run.counts)
        missing = {k for k in keys if k not in FIELDS[name] and not k[0].isdigit()
                   and not k.isupper() and k not in ("with_joker", "without_joker")
                   and not any(ch.isdigit() for ch in k[-2:])}
        assert not missing, (name, missing)


def test_the_json_of_a_study_explains_each_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "hook", "--deals", "100", "--no-cache", "--json", "--quiet"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["fields"]["binds"] == ("deals in which the hook forbade the dealer the bid it"
                                       " wanted")
    binds = next(r for r in data["estimates"] if r["field"] == "5/binds")
    assert binds["n"] == data["counts"]["5"]["deals"]
    assert out.err == ""  # --no-cache: nothing kept, nothing said; not a terminal: no bar


def test_the_study_help_gives_each_counts_meaning(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "--help"]) == 0
    text = capsys.readouterr().out
    assert "binds: deals in which the hook forbade the dealer the bid it wanted" in text
    assert "--no-cache" in text


def test_estimates_read_sums_and_squares_as_means() -> None:
    (mean,) = estimates({"deals": 4, "cost_sum": 10, "cost_squares": 30})
    assert (mean["field"], mean["kind"], mean["estimate"]) == ("cost", "mean", 2.5)


def test_records_become_a_dataframe_where_pandas_is() -> None:
    pandas = pytest.importorskip("pandas")
    frame = run_study(STUDY, deals=100, seed=1, cache=False).to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert {"field", "estimate", "low", "high", "meaning"} <= set(frame.columns)


def test_progress_is_silent_where_no_one_watches(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("TRICKCORE_PROGRESS", raising=False)
    assert wanted(None, Terminal())
    assert not wanted(None, io.StringIO())  # a file or a pipe
    monkeypatch.setenv("CI", "true")
    assert not wanted(None, Terminal())
    monkeypatch.delenv("CI")
    monkeypatch.setenv("TRICKCORE_PROGRESS", "0")
    assert not wanted(None, Terminal())
    seen: list[tuple[int, int]] = []
    report, _close = progress_callback(lambda d, t: seen.append((d, t)), "x", 10)
    report(1, 2)
    assert seen == [(1, 2)]  # a function is called as it is
    seen.clear()
    run_study("hook", deals=300, seed=1, cache=False, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_the_fallback_bar_shows_the_rate_and_the_time_left() -> None:
    from trickcore.progress import TerminalProgress

    out = io.StringIO()
    bar = TerminalProgress("hook", out, unit="deals", scale=100, items=250)
    bar(0, 3)
    bar(1, 3)
    bar(3, 3)
    last = out.getvalue().split("\r")[-1]
    assert "250/250 deals" in last
    assert "deals/s" in last
    assert last.endswith("\n")

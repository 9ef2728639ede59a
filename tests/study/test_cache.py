"""The cache of trickcore study: task files carry the format, trickcore's version and the run,
with a checksum; a damaged, foreign or changed file is named in one line, set aside and run
again (the result is the same as a clean run's); a manifest that does not fit is refused in one
line and the directory is left as it was; every write error is one line."""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trickcore
from trickcore.cli import main
from trickcore.errors import TrickcoreError
from trickcore.study import cache as study_cache
from trickcore.study.runner import StudyRun, run_study

DEALS = 600  # bids: three chunks of 200, one a task below


def _run(out: Path, notes: list[str] | None = None, seed: int = 1) -> StudyRun:
    def note(line: str) -> None:
        if notes is None:
            _no_notice(line)
        elif not line.startswith(CACHE_LINES):
            notes.append(line)

    return run_study("bids", deals=DEALS, seed=seed, per_task=1, out=out, notice=note)


#: The lines every cached run says (where it keeps its chunks, what it read back).
CACHE_LINES = ("keeping the finished chunks in ", "read back ")


def _no_notice(line: str) -> None:
    if not line.startswith(CACHE_LINES):
        raise AssertionError(f"unexpected notice: {line}")


def _not_cache_lines(err: str) -> str:
    return "".join(line for line in err.splitlines(keepends=True)
                   if not line.startswith(tuple(f"trickcore study: {s}" for s in CACHE_LINES)))


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("pristine")
    run = _run(out)
    return out, run.dumps()


@pytest.fixture
def cache(pristine: tuple[Path, str], tmp_path: Path) -> Path:
    out = tmp_path / "cache"
    shutil.copytree(pristine[0], out)
    return out


def test_each_task_file_names_its_run_and_version(cache: Path) -> None:
    names = sorted(p.name for p in cache.iterdir())
    assert names == ["chunks-0000000000-0000000001.json", "chunks-0000000001-0000000002.json",
                     "chunks-0000000002-0000000003.json", "manifest.json"]
    data = json.loads((cache / names[1]).read_text())
    assert data["run"] == json.loads((cache / "manifest.json").read_text()) == {
        "format": "trickcore-study-cache/2", "trickcore": trickcore.__version__,
        "study": "bids", "deals": DEALS, "seed": 1, "chunk_size": 200}
    assert (data["start"], data["stop"]) == (1, 2)
    assert len(data["sha256"]) == 64


def _damage_is_named_and_rerun(cache: Path, pristine: tuple[Path, str], name: str,
                               why: str) -> None:
    notes: list[str] = []
    again = _run(cache, notes)
    assert again.dumps() == pristine[1]
    assert again.set_aside == (name,)
    assert again.resumed == 2
    assert notes == [f"{cache / name} set aside ({why}); its chunks are run again"]
    assert (cache / (name + ".damaged")).exists()
    assert _run(cache).resumed == 3  # run again and saved: the next run reads it all


def test_a_truncated_task_file_is_named_and_run_again(cache: Path,
                                                      pristine: tuple[Path, str]) -> None:
    name = "chunks-0000000001-0000000002.json"
    path = cache / name
    path.write_bytes(path.read_bytes()[:57])
    _damage_is_named_and_rerun(cache, pristine, name, "damaged or cut short: the file is not"
                               " valid JSON: Expecting property name enclosed in double quotes:"
                               " line 1 column 58 (char 57)")


def test_a_changed_count_fails_the_checksum(cache: Path, pristine: tuple[Path, str]) -> None:
    name = "chunks-0000000000-0000000001.json"
    data = json.loads((cache / name).read_text())
    data["counts"]["3"]["seats"] += 1
    (cache / name).write_text(json.dumps(data))
    _damage_is_named_and_rerun(cache, pristine, name,
                               "its checksum does not match: changed since it was written")


def test_a_file_of_another_run_is_not_added_in(cache: Path, pristine: tuple[Path, str],
                                               tmp_path: Path) -> None:
    other = tmp_path / "other"
    _run(other, seed=2)
    name = "chunks-0000000002-0000000003.json"
    shutil.copy(other / name, cache / name)
    _damage_is_named_and_rerun(cache, pristine, name, "it belongs to another run or version")


def test_a_file_of_another_version_is_not_added_in(cache: Path, pristine: tuple[Path, str]
                                                   ) -> None:
    name = "chunks-0000000002-0000000003.json"
    data = json.loads((cache / name).read_text())
    data["run"]["trickcore"] = "0.0.1"
    del data["sha256"]
    data["sha256"] = study_cache._checksum(data)  # a well-formed file, from another version
    (cache / name).write_text(json.dumps(data))
    _damage_is_named_and_rerun(cache, pristine, name, "it belongs to another run or version")


@pytest.mark.parametrize("change", [
    {"counts": {"3": {"seats": 1.5}}}, {"counts": {"3": True}}, {"start": 2, "stop": 9},
    {"start": "0"}, {"extra": 1}])
def test_a_checksummed_file_that_is_not_counts_is_not_added_in(
        cache: Path, pristine: tuple[Path, str], change: dict[str, object]) -> None:
    """Even with a checksum that fits (made by hand), floats, booleans or chunks the run does
    not have are refused: adding them would be wrong or raise."""
    name = "chunks-0000000000-0000000001.json"
    data = json.loads((cache / name).read_text())
    del data["sha256"]
    data.update(change)
    data["sha256"] = study_cache._checksum(data)
    (cache / name).write_text(json.dumps(data))
    _damage_is_named_and_rerun(cache, pristine, name, "not a task file of a study cache")


def test_overlapping_files_are_not_added_twice(cache: Path, pristine: tuple[Path, str],
                                               tmp_path: Path) -> None:
    wide = tmp_path / "wide"
    run_study("bids", deals=DEALS, seed=1, per_task=2, out=wide)
    shutil.copy(wide / "chunks-0000000000-0000000002.json", cache)
    notes: list[str] = []
    again = _run(cache, notes)
    assert again.dumps() == pristine[1]
    assert again.set_aside == ("chunks-0000000000-0000000002.json",)
    assert "its chunks overlap another file's" in notes[0]


def _refused(cache: Path, capsys: pytest.CaptureFixture[str], message: str) -> None:
    before = _snapshot(cache)
    assert main(["study", "bids", "--deals", str(DEALS), "--seed", "1", "--out",
                 str(cache)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("trickcore study: "), err
    assert message in err
    assert _snapshot(cache) == before


def test_a_damaged_manifest_is_refused_and_nothing_changes(
        cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (cache / "manifest.json").write_bytes(b'{"format": "trickcore-st')
    _refused(cache, capsys, "manifest.json is not a study manifest (")
    (cache / "manifest.json").write_text("[1, 2]")
    _refused(cache, capsys, "is not a study manifest (not a JSON object)")


def test_a_cache_of_another_version_is_refused(cache: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    written_by = trickcore.__version__
    monkeypatch.setattr(trickcore, "__version__", "9.9")
    _refused(cache, capsys, f"was written by another version (trickcore-study-cache/2,"
                            f" trickcore {written_by}); this is"
                            " trickcore-study-cache/2, trickcore 9.9")


def test_a_cache_of_the_first_format_is_refused(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old"
    old.mkdir()
    (old / "manifest.json").write_text(json.dumps(
        {"format": "trickcore-study-cache/1", "study": "bids", "deals": DEALS, "seed": 1,
         "chunk_size": 200}))
    (old / "chunk-0000000.json").write_text('{"chunk": 0, "counts": {}, "seconds": 0.1}')
    _refused(old, capsys, "another version (trickcore-study-cache/1, trickcore None)")


def test_an_output_under_a_file_is_one_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    assert main(["study", "bids", "--deals", "10", "--out", str(tmp_path / "file" / "run")]) == 2
    err = capsys.readouterr().err
    assert err == (f"trickcore study: cannot write the study cache {tmp_path}/file/run:"
                   " Not a directory\n")
    assert sorted(os.listdir(tmp_path)) == ["file"]


def test_a_read_only_disk_is_one_line_and_leaves_no_directory(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    assert main(["study", "bids", "--deals", "10", "--out", str(tmp_path / "a" / "b")]) == 2
    assert capsys.readouterr().err == (f"trickcore study: cannot write the study cache"
                                       f" {tmp_path}/a/b: Read-only file system\n")
    assert os.listdir(tmp_path) == []


def test_a_full_disk_in_the_middle_is_one_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.replace
    writes = [0]

    def full(src: str, dst: str) -> None:
        writes[0] += 1
        if writes[0] == 3:  # the manifest and a task file fit; the next does not
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(src, dst)

    monkeypatch.setattr(os, "replace", full)
    out = tmp_path / "run"
    assert main(["study", "bids", "--deals", str(DEALS), "--chunks-per-task", "1",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"trickcore study: keeping the finished chunks in {out}: ")
    assert _not_cache_lines(err) == (f"trickcore study: cannot write {out}/chunks-0000000001-"
                                     "0000000002.json: No space left on device\n")
    assert sorted(os.listdir(out)) == ["chunks-0000000000-0000000001.json", "manifest.json"]
    monkeypatch.setattr(os, "replace", real)
    assert main(["study", "bids", "--deals", str(DEALS), "--out", str(out), "--json"]) == 0
    printed = capsys.readouterr()
    assert f"trickcore study: read back 1 of 3 chunks of bids from {out}" in printed.err
    assert json.loads(printed.out) == run_study("bids", deals=DEALS, seed=0,
                                                cache=False).explained()


def test_a_result_that_cannot_be_written_is_one_line(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    (out / "result.json").mkdir(parents=True)
    assert main(["study", "bids", "--deals", "10", "--out", str(out)]) == 2
    assert _not_cache_lines(capsys.readouterr().err) == (
        f"trickcore study: cannot write {out}/result.json: Is a directory\n")


def test_the_cli_names_a_file_set_aside_on_one_line(cache: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (cache / "chunks-0000000001-0000000002.json").write_text("{}")
    assert main(["study", "bids", "--deals", str(DEALS), "--seed", "1", "--chunks-per-task",
                 "1", "--out", str(cache)]) == 0
    err = capsys.readouterr().err
    assert _not_cache_lines(err) == (f"trickcore study: {cache}/chunks-0000000001-0000000002.json"
                                     " set aside (not a task file of a study cache); its chunks"
                                     " are run again\n")


@pytest.mark.slow
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 3), where=st.floats(0, 1), how=st.sampled_from(
    ["flip", "cut", "insert", "drop"]), byte=st.integers(0, 255))
def test_random_damage_is_rerun_to_the_same_result_or_refused_by_name(
        pristine: tuple[Path, str], which: int, where: float, how: str, byte: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        shutil.copytree(pristine[0], cache)
        path = sorted(cache.iterdir())[which]
        raw = bytearray(path.read_bytes())
        at = min(int(where * len(raw)), len(raw) - 1)
        if how == "flip":
            raw[at] ^= byte or 1
        elif how == "cut":
            del raw[at:]
        elif how == "insert":
            raw[at:at] = bytes([byte])
        else:
            del raw[at]
        path.write_bytes(bytes(raw))
        notes: list[str] = []
        refused: list[str] = []
        try:
            run = _run(cache, notes)
        except TrickcoreError as error:
            refused.append(str(error))
        if refused:  # only a manifest that does not fit stops the run, naming the directory
            assert path.name == "manifest.json"
            assert str(cache) in refused[0]
            assert "\n" not in refused[0]
            return
        assert run.dumps() == pristine[1]
        assert run.set_aside in ((), (path.name,))
        assert len(notes) == len(run.set_aside)
        if notes:
            assert notes[0].startswith(f"{path} set aside (")

"""The command line's standard streams and files as the tools people trust treat them: input
read past a byte-order mark in any newline convention; closed, full or non-UTF-8 streams give
one line and a non-zero exit (or replacement characters where the encoding cannot hold a
character); every file written goes to a temporary file and is renamed, so a failure leaves
the old file whole."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import trickcore as tc
from trickcore import files
from trickcore.cli import main
from trickcore.notation.result_codes import encode_result

ROOT = Path(__file__).resolve().parents[2]


def _trickcore(*argv: str, language: str = "en", encoding: str | None = None,
               **options: object) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "TRICKCORE_LANG": language, "TRICKCORE_PROGRESS": "0"}
    environment.pop("PYTHONIOENCODING", None)
    if encoding is not None:
        environment["PYTHONIOENCODING"] = encoding
    return subprocess.run([sys.executable, "-m", "trickcore", *argv], env=environment,
                          cwd=ROOT, timeout=120, check=False, **options)  # type: ignore[call-overload]


def _one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace").strip()
    assert "Traceback" not in text, text
    assert "Exception ignored" not in text, text
    assert len(text.splitlines()) == 1, text
    return text


def _result_codes(count: int) -> list[str]:
    codes = []
    for seed in range(count):
        match = tc.Match(tc.get_variant("oh-hell"), 4, seed=seed)
        tc.play_deal(match.next_deal(), [tc.HeuristicBot()] * 4)
        codes.append(encode_result(match, seat=seed % 4))
    return codes


# Input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["plain", "bom"])
def test_result_codes_past_a_bom_in_any_newline_convention(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], newline: str, bom: bytes) -> None:
    codes = _result_codes(3)
    path = tmp_path / "codes.txt"
    path.write_bytes(bom + newline.join(codes).encode() + newline.encode())
    assert main(["result-code", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert [line.split(":")[0] for line in out.splitlines()] == ["line 1", "line 2", "line 3"]


def test_a_record_past_a_bom_is_checked(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    match = tc.Match(tc.get_variant("humbug"), 2, seed=4)
    match.play([tc.HeuristicBot()] * 2)
    path = tmp_path / "record.json"
    path.write_bytes(b"\xef\xbb\xbf" + tc.write_record(match).replace("\n", "\r\n").encode())
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Legal: Humbug")


def test_check_with_standard_input_closed() -> None:
    done = _trickcore("check", "-", stdin=subprocess.DEVNULL, capture_output=True,
                      preexec_fn=lambda: os.close(0))
    assert done.returncode == 2
    assert "standard input is closed" in _one_line(done.stderr)


# Output --------------------------------------------------------------------------------

def test_writing_to_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "wb") as full:
        done = _trickcore("play", "humbug", stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert "No space left on device" in _one_line(done.stderr)


def test_writing_many_records_to_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "wb") as full:  # a write fails part-way, not at the last flush
        done = _trickcore("play", "humbug", "--games", "40", stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert "cannot write the output" in _one_line(done.stderr)


def test_play_with_standard_output_closed_writes_nowhere_and_says_so() -> None:
    done = _trickcore("play", "humbug", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                      preexec_fn=lambda: os.close(1))
    assert done.returncode == 2
    assert "standard output is closed" in _one_line(done.stderr)


def test_a_broken_pipe_ends_quietly() -> None:
    done = subprocess.run(f"{sys.executable} -m trickcore play humbug --games 40 | head -c 10",
                          shell=True, cwd=ROOT, capture_output=True, timeout=120, check=False,
                          env={**os.environ, "TRICKCORE_LANG": "en"})
    assert len(done.stdout) == 10
    assert done.stderr == b""


@pytest.mark.parametrize(("encoding", "argv"), [
    ("ascii", ["rules", "five-hundred-quebec"]),  # "Québec"
    ("latin-1", ["rules", "oh-hell"]),  # the narrow no-break space before a colon
    ("ascii", ["variants"]),
])
def test_french_on_a_narrow_terminal_is_replaced_not_a_crash(encoding: str,
                                                             argv: list[str]) -> None:
    done = _trickcore(*argv, language="fr", encoding=encoding, capture_output=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    wide = _trickcore(*argv, language="fr", capture_output=True).stdout.decode("utf-8")
    narrow = done.stdout.decode(encoding)
    assert narrow == wide.encode(encoding, "replace").decode(encoding)
    assert "?" in narrow


def test_french_errors_on_a_narrow_terminal_are_one_line() -> None:
    done = _trickcore("rules", "no-such-game", language="fr", encoding="ascii",
                      capture_output=True)
    assert done.returncode == 2
    _one_line(done.stderr)


# Files ---------------------------------------------------------------------------------

def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "result.json"
    path.write_text('{"old": "and whole"}\n')

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        files.write_atomic(path, '{"new": "' + "x" * 100_000 + '"}')
    assert path.read_text() == '{"old": "and whole"}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["result.json"]  # no temporary left


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "result.json"
    path.write_text("{}")
    path.chmod(0o640)
    files.write_atomic(path, "[]")
    assert path.read_text() == "[]"
    assert path.stat().st_mode & 0o777 == 0o640
    fresh = tmp_path / "fresh.json"
    files.write_atomic(fresh, "[]")
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask


def test_a_study_result_that_cannot_be_written_leaves_the_old_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "study"
    argv = ["study", "bids", "--deals", "400", "--out", str(out), "--quiet"]
    assert main(argv) == 0
    capsys.readouterr()
    result = out / "result.json"
    first = result.read_text()
    assert json.loads(first)["deals"] == 400

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full_disk)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert "Traceback" not in err
    assert "cannot write" in err[-1]
    assert "No space left on device" in err[-1]
    assert result.read_text() == first  # whole: before, write_text cut it short
    assert sorted(p.name for p in out.iterdir() if p.name.endswith(".tmp")) == []

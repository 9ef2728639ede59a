"""Ctrl-C (SIGINT) and ``kill`` (SIGTERM) end every long command cleanly: one line, exit 130 or
143, no process of the run left behind within 2 s (the forkserver, the workers and the resource
tracker: a ``| tee`` reading the output ends), and a cache that the same command resumes."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from trickcore.study.cache import StudyCache

ROOT = Path(__file__).resolve().parents[2]
#: How long the run's processes may outlive the interrupted command.
GONE_WITHIN = 2.0


def _ctrl_c_reaches_it() -> None:
    """In the command's process, before it starts: Ctrl-C as a terminal delivers it.  A suite
    started in the background by a script (``make test &``, ``nohup``) inherits SIGINT ignored,
    which Python and trickcore rightly keep; the test is of a command run at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(*argv: str, cwd: Path) -> subprocess.Popen[bytes]:
    environment = {**os.environ, "TRICKCORE_LANG": "en", "TRICKCORE_PROGRESS": "0",
                   "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "trickcore", *argv], cwd=cwd,
                            env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=_ctrl_c_reaches_it)


def _group(pgid: int) -> list[int]:
    """The processes still alive in process group ``pgid`` (zombies are gone)."""
    alive = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(entry))
    return alive


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_for(condition: object, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the command never got going"
        time.sleep(0.2)


def _end(process: subprocess.Popen[bytes], signum: int) -> tuple[int, str, float]:
    """Send ``signum`` to the command alone (as ``kill`` does); its exit code, standard error
    and how long its process group lived after it ended."""
    process.send_signal(signum)
    try:
        _out, err = process.communicate(timeout=120)  # ends when no process holds the pipes
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # leave no run and no open pipe behind
        process.communicate()
        raise
    ended = time.monotonic()
    while _group(process.pid) and time.monotonic() - ended < 10:
        time.sleep(0.05)
    return process.returncode, err.decode("utf-8", "replace"), time.monotonic() - ended


def _interrupted_line(err: str, command: str) -> None:
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines[-1].startswith(f"trickcore {command}: interrupted"), err


@pytest.mark.slow
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)],
                         ids=["SIGTERM", "SIGINT"])
def test_a_study_on_two_processes_ends_whole(tmp_path: Path, signum: int, code: int) -> None:
    out = tmp_path / "study"
    process = _start("study", "bids", "--deals", "1000000", "--jobs", "2", "--out", str(out),
                     "--quiet", cwd=tmp_path)
    # going: the tracker, the forkserver and its workers beside the command
    _wait_for(lambda: len(_group(process.pid)) >= 5 or process.poll() is not None)
    returncode, err, lingered = _end(process, signum)
    assert returncode == code, err
    _interrupted_line(err, "study")
    assert lingered < GONE_WITHIN, f"processes left {lingered:.1f} s after the command ended"
    assert not _group(process.pid)
    # resumable: every file in the cache is whole, none to set aside, no temporary left
    cache = StudyCache(out, json.loads((out / "manifest.json").read_text()))
    noticed: list[str] = []
    cache.load(10 ** 6, noticed.append)
    assert noticed == []
    assert not [p for p in out.iterdir() if p.suffix == ".tmp" or p.name.startswith(".")]


@pytest.mark.slow
def test_games_on_two_processes_end_whole(tmp_path: Path) -> None:
    process = _start("games", "humbug", "--games", "100000", "--jobs", "2", "--out",
                     str(tmp_path / "games"), "--quiet", cwd=tmp_path)
    _wait_for(lambda: len(_group(process.pid)) >= 5 or process.poll() is not None)
    returncode, err, lingered = _end(process, signal.SIGTERM)
    assert returncode == 143, err
    _interrupted_line(err, "games")
    assert lingered < GONE_WITHIN


def _first_output(process: subprocess.Popen[bytes]) -> None:
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 120)
    assert ready, "no output"


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_play_games_ends_in_one_line(tmp_path: Path, signum: int) -> None:
    process = _start("play", "humbug", "--games", "10000", cwd=tmp_path)
    _first_output(process)  # records are being written
    returncode, err, _lingered = _end(process, signum)
    assert returncode == 128 + signum, err
    _interrupted_line(err, "play")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_long_solve_ends_in_one_line(tmp_path: Path) -> None:
    process = _start("solve", "humbug-2-1-1", cwd=tmp_path)
    # searching: past the imports, seconds into a search of a whole Humbug deal (minutes)
    _wait_for(lambda: _cpu_seconds(process.pid) > 3 or process.poll() is not None)
    assert process.poll() is None
    returncode, err, _lingered = _end(process, signal.SIGINT)
    assert returncode == 130, err
    _interrupted_line(err, "solve")
    assert len(err.strip().splitlines()) == 1

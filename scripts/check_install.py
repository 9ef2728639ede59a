"""Install trickcore as a reader does, in scratch environments, and check each install works.

Each step runs a reader's command, word for word, in a fresh copy of this checkout (its
tracked and unignored files, as a clone has them) and a fresh virtual environment, with a clean
environment (``PATH`` with the venv first, ``HOME``; no ``TRICKCORE_*``, no ``PIP_*``):

* ``pip install .``, ``pip install -e .`` and ``pip install ".[widgets,plot]"``;
* ``python -m build`` (the sdist, then the wheel built from it), then the wheel and the sdist
  each installed into a fresh venv;
* ``CC=/bin/false pip install -v .`` and ``CC=/bin/false pip install -v -e .`` (no working
  compiler: the build falls back to pure Python and says so in one line, which ``-v`` shows).

After each, ``trickcore variants`` and ``python -c "import trickcore ..."`` must work, and the
build must be the one expected (``trickcore.build_info().build``): compiled (mypyc and C) where
a C compiler exists, the Python sources with the C files built beside them (``python+c``) for
the editable install, pure Python without a compiler.  Prints one line per step (its time, the build, the
last line of the command's output); exits 1 if any step failed.  ``make install-check`` runs it;
``make test`` runs that.

    python scripts/check_install.py [--python python3.11] [--jobs 2] [--keep]
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Prints which build is installed (trickcore.build_info: compiled, python+c or pure), the
#: version, and where trickcore was imported from.
PROBE = ("import trickcore; info = trickcore.build_info(); "
         "print(info.build, info.version, trickcore.__file__)")


def pinned(name: str) -> str:
    """requirements.txt's pin of a package (``build==1.6.1``): the reader's install, pinned."""
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if line.split("==")[0].strip().lower() == name:
            return line.strip()
    raise LookupError(f"requirements.txt pins no {name}")


def fresh_clone(dest: Path) -> Path:
    """Copy the files a clone of this checkout has (tracked, or new and not ignored) to dest."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, check=True, capture_output=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a deleted file is still listed until the deletion is committed
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return dest


def clean_env(venv: Path | None) -> dict[str, str]:
    """A reader's environment: the venv's bin first on PATH (as after activating it), HOME (pip's
    cache), a UTF-8 locale; nothing of this shell's TRICKCORE_*, PIP_* or PYTHON* variables."""
    path = "/usr/local/bin:/usr/bin:/bin"
    env = {"PATH": f"{venv / 'bin'}:{path}" if venv else path,
           "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8"}
    if venv:
        env["VIRTUAL_ENV"] = str(venv)
    return env


@dataclass
class Outcome:
    name: str
    commands: list[str]
    seconds: float = 0.0
    build: str = ""
    last_line: str = ""
    problems: list[str] = field(default_factory=list)
    source: Path | None = None


def run(command: str, cwd: Path, env: dict[str, str], log: Path) -> tuple[int, str]:
    """Run a command line as typed (bash), log its output; return its code and last line."""
    done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace", check=False)
    with log.open("a") as out:
        out.write(f"$ {command}\n{done.stdout}\n[exit {done.returncode}]\n")
    lines = [line for line in done.stdout.splitlines() if line.strip()  # not pip's chatter
             and not line.startswith(("[notice]", "WARNING: Location '"))]
    last = lines[-1] if lines else ""
    return done.returncode, last if len(last) <= 160 else last[:157] + "..."


class Checker:
    def __init__(self, python: str, work: Path) -> None:
        self.python = python
        self.work = work
        self.compiler = shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])
        self.compiled = "compiled" if self.compiler else "pure"

    def installed(self, outcome: Outcome, venv: Path, expected: str, log: Path,
                  editable_from: Path | None) -> None:
        """trickcore's CLI and import work in venv, and its build is the expected one."""
        away = self.work / "elsewhere"  # not the source folder: import what is installed
        away.mkdir(exist_ok=True)
        code, line = run("trickcore variants", away, clean_env(venv), log)
        if code or "players" not in line:
            outcome.problems.append(f"trickcore variants: exit {code}: {line}")
        code, line = run(f"python -c {shlex.quote(PROBE)}", away, clean_env(venv), log)
        if code or len(line.split()) != 3:
            outcome.build = "?"
            outcome.problems.append(f"import trickcore: exit {code}: {line}")
            return
        outcome.build, _, where = line.split()
        if outcome.build != expected:
            outcome.problems.append(f"the {outcome.build} build, not the {expected} one")
        if editable_from is not None and not Path(where).is_relative_to(editable_from):
            outcome.problems.append(f"an editable install imports {where}")
        if editable_from is None and not Path(where).is_relative_to(venv):
            outcome.problems.append(f"trickcore imported from {where}, not from the venv")

    def step(self, name: str, commands: list[str], expected: str | None, *,
             editable: bool = False,
             after: Callable[[Outcome, Path, Path], None] | None = None) -> Outcome:
        """In a fresh clone and venv, run the commands; then check the install (expected: the
        build it must be; None when the commands install no trickcore)."""
        outcome = Outcome(name, commands)
        start = time.monotonic()
        slug = "".join(c if c.isalnum() else "-" for c in name).strip("-")
        source = outcome.source = fresh_clone(self.work / slug / "trickcore")
        venv = self.work / slug / ".venv"
        subprocess.run([self.python, "-m", "venv", str(venv)], check=True)
        log = self.work / f"{slug}.log"
        for command in commands:
            code, line = run(command, source, clean_env(venv), log)
            outcome.last_line = line or outcome.last_line
            if code:
                outcome.problems.append(f"{command}: exit {code}")
                break
        else:
            if after is not None:
                after(outcome, source, log)
            if expected is not None:
                self.installed(outcome, venv, expected, log, source if editable else None)
        outcome.seconds = time.monotonic() - start
        if outcome.problems:
            outcome.problems.append(f"the log: {log}")
        return outcome

    def built(self) -> list[Outcome]:
        """python -m build (the sdist, then the wheel from it), then the wheel and the sdist,
        each installed into a fresh venv."""
        outcomes = [self.step("python -m build", [f"pip install {pinned('build')}",
                                                  "python -m build"], None,
                              after=self._check_dist)]
        assert outcomes[0].source is not None
        dist = outcomes[0].source / "dist"
        for kind, pattern in (("wheel", "*.whl"), ("sdist", "*.tar.gz")):
            found = sorted(dist.glob(pattern))
            if found:
                outcomes.append(self.step(f"pip install <{kind}>", [f"pip install {found[0]}"],
                                          self.compiled))
            else:
                outcomes.append(Outcome(f"pip install <{kind}>", [], problems=["none built"]))
        return outcomes

    def _check_dist(self, outcome: Outcome, source: Path, log: Path) -> None:
        names = sorted(p.name for p in (source / "dist").glob("*"))
        outcome.last_line = ", ".join(names)
        if len(names) != 2:
            outcome.problems.append(f"dist/ holds {names}, not a wheel and an sdist")

    def one_line(self, outcome: Outcome, source: Path, log: Path) -> None:
        """The fallback says so, in one line (pip shows a build's output with -v)."""
        said = [line.strip() for line in log.read_text().splitlines()
                if "trickcore setup.py:" in line]
        if len(said) != 1:
            outcome.problems.append(f"{len(said)} lines from setup.py, not one: {said}")
        else:
            outcome.last_line = said[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=shutil.which("python3.11") or "python3",
                        help="the Python that makes the venvs (default: python3.11 or python3)")
    parser.add_argument("--jobs", type=int, default=2, help="steps run at once (default 2)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="trickcore-install-"))
    checker = Checker(args.python, work)
    compiled = "compiled" if checker.compiler else "pure"
    print(f"check_install: scratch venvs in {work}; a C compiler: {checker.compiler or 'none'}")
    started = time.monotonic()
    jobs: list[Callable[[], list[Outcome]]] = [
        lambda: [checker.step("pip install .", ["pip install ."], compiled)],
        lambda: [checker.step('pip install ".[widgets,plot]"',
                              ['pip install ".[widgets,plot]"',
                               "python -c 'import ipywidgets, matplotlib'"], compiled)],
        checker.built,
        lambda: [checker.step("pip install -e .", ["pip install -e .", "trickcore --version"],
                              "python+c" if checker.compiler else "pure", editable=True)],
        lambda: [checker.step("CC=/bin/false pip install -v .", ["CC=/bin/false pip install -v ."],
                              "pure", after=checker.one_line)],
        lambda: [checker.step("CC=/bin/false pip install -v -e .",
                              ["CC=/bin/false pip install -v -e ."], "pure", editable=True,
                              after=checker.one_line)],
    ]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = [outcome for done in pool.map(lambda job: job(), jobs) for outcome in done]
    failed = False
    for outcome in results:
        status = "FAIL" if outcome.problems else "ok"
        print(f"{status:4} {outcome.seconds:6.1f} s  {outcome.name:32} {outcome.build:8} "
              f"| {outcome.last_line}")
        for problem in outcome.problems:
            print(f"       {problem}")
        failed = failed or bool(outcome.problems)
    print(f"check_install: {len(results)} installs in {time.monotonic() - started:.0f} s"
          + (", some FAILED" if failed else ", all working"))
    if not args.keep and not failed:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

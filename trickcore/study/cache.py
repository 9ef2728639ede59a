"""A study's cache directory: the tasks a run has finished, checked before they are added in.

A run given a directory (``trickcore study ... --out DIR``) writes a manifest there (the cache's
format, trickcore's version, the study, the deals and the seed) and one file per finished task,
which repeats the manifest and carries a checksum.  Running again with the same directory loads
the tasks already done.  A task file that is damaged (not JSON, cut short, its checksum wrong),
belongs to another run or version, or overlaps another is named in one line, renamed
``*.damaged`` and run again; it is never added in.  A manifest of another run or version is
refused in one line, and the directory left as it was.  Every read or write error is one line
(a :class:`~trickcore.errors.TrickcoreError`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from trickcore.errors import TrickcoreError
from trickcore.files import load_json, write_atomic
from trickcore.i18n import _
from trickcore.study.chunked import Counts

__all__ = ["CACHE_FORMAT", "Notice", "StudyCache", "TaskResult"]

#: The format named in a cache directory's manifest and in each of its task files.
CACHE_FORMAT = "trickcore-study-cache/2"

#: ``notice(line)``: one line about the cache (a task file set aside).
Notice = Callable[[str], None]


class TaskResult(NamedTuple):
    """What a task's chunks found, added up, and how long the task took."""

    start: int
    stop: int
    counts: Counts
    seconds: float


def _checksum(data: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _is_counts(value: Any) -> bool:
    """Integers (not booleans) in lists and dicts with string keys: what a study returns."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_counts(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_is_counts(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool)


#: The largest manifest or task file read back (a task's counts are a few kilobytes), and how
#: deeply one may nest (a study's counts are lists in dicts, three or four levels).
MAX_CACHE_FILE_BYTES = 4_000_000
MAX_CACHE_DEPTH = 32


def _read_bounded(path: Path) -> bytes:
    """At most one byte more than :data:`MAX_CACHE_FILE_BYTES` of ``path`` (a huge or endless
    file is refused by its size, never read whole)."""
    with open(path, "rb") as handle:
        return handle.read(MAX_CACHE_FILE_BYTES + 1)


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


class StudyCache:
    """A directory of finished tasks and the manifest of the run they belong to."""

    def __init__(self, directory: Path, manifest: dict[str, Any]) -> None:
        self.directory = directory
        self.manifest = manifest
        path = directory / "manifest.json"
        if path.is_file() or (path.exists() and not path.is_dir()):
            self._check(path, self._read_manifest(path))
            return
        if path.exists():
            raise TrickcoreError(_("{path} is not a study manifest (a directory)").format(
                path=path))
        created: list[Path] = []
        try:
            for folder in reversed([directory, *directory.parents]):
                if not folder.exists():
                    folder.mkdir()
                    created.append(folder)
            self._write(path, manifest)
        except OSError as error:
            for folder in reversed(created):
                with contextlib.suppress(OSError):
                    folder.rmdir()
            raise TrickcoreError(_("cannot write the study cache {directory}: {reason}").format(
                directory=directory, reason=_reason(error))) from None

    @staticmethod
    def _read_manifest(path: Path) -> dict[str, Any]:
        try:
            raw = _read_bounded(path)
        except OSError as error:
            raise TrickcoreError(_("cannot read {path}: {reason}").format(
                path=path, reason=_reason(error))) from None
        try:
            found = load_json(raw, what=_("the manifest"), max_bytes=MAX_CACHE_FILE_BYTES,
                              max_depth=MAX_CACHE_DEPTH)
        except TrickcoreError as error:
            raise TrickcoreError(_("{path} is not a study manifest ({error})").format(
                path=path, error=error)) from None
        if not isinstance(found, dict):
            raise TrickcoreError(_("{path} is not a study manifest ({error})").format(
                path=path, error=_("not a JSON object")))
        return found

    def _check(self, path: Path, found: dict[str, Any]) -> None:
        mine = self.manifest
        if found == mine:
            return
        if (found.get("format"), found.get("trickcore")) != (mine["format"], mine["trickcore"]):
            raise TrickcoreError(
                _("{directory} was written by another version ({found}, trickcore {version});"
                  " this is {mine}, trickcore {mine_version}: give another output directory or"
                  " remove it").format(directory=self.directory, found=found.get("format"),
                                       version=found.get("trickcore"), mine=mine["format"],
                                       mine_version=mine["trickcore"]))
        raise TrickcoreError(
            _("{directory} holds another run (study {value}, {value2} deals, seed "
              "{value3}); give another output directory or remove it").format(
                directory=self.directory, value=found.get("study"), value2=found.get("deals"),
                value3=found.get("seed")))

    def load(self, chunks: int, notice: Notice) -> tuple[list[TaskResult], list[str]]:
        """The valid task files, sorted by their first chunk and not overlapping, and the names
        of those set aside."""
        good: list[TaskResult] = []
        set_aside: list[str] = []
        try:
            names = sorted(entry.name for entry in os.scandir(self.directory)
                           if entry.name.startswith("chunks-") and entry.name.endswith(".json"))
        except OSError as error:
            raise TrickcoreError(_("cannot read {path}: {reason}").format(
                path=self.directory, reason=_reason(error))) from None
        taken: list[tuple[int, int]] = []
        for name in names:
            path = self.directory / name
            result, why = self._read_task(path, chunks)
            if result is not None and any(a < result.stop and result.start < b
                                          for a, b in taken):
                result, why = None, _("its chunks overlap another file's")
            if result is None:
                try:
                    os.replace(path, path.with_name(name + ".damaged"))
                except OSError as error:
                    raise TrickcoreError(_("cannot set aside {path}: {reason}").format(
                        path=path, reason=_reason(error))) from None
                notice(_("{path} set aside ({why}); its chunks are run again").format(
                    path=path, why=why))
                set_aside.append(name)
                continue
            taken.append((result.start, result.stop))
            good.append(result)
        good.sort()
        return good, set_aside

    def _read_task(self, path: Path, chunks: int) -> tuple[TaskResult | None, str]:
        try:
            raw = _read_bounded(path)
        except OSError as error:
            raise TrickcoreError(_("cannot read {path}: {reason}").format(
                path=path, reason=_reason(error))) from None
        try:
            data = load_json(raw, what=_("the file"), max_bytes=MAX_CACHE_FILE_BYTES,
                             max_depth=MAX_CACHE_DEPTH)
        except TrickcoreError as error:
            return None, _("damaged or cut short: {error}").format(error=error)
        if not isinstance(data, dict) or set(data) != {"run", "start", "stop", "counts",
                                                       "seconds", "sha256"}:
            return None, _("not a task file of a study cache")
        if data["run"] != self.manifest:
            return None, _("it belongs to another run or version")
        checksum = data.pop("sha256")
        if checksum != _checksum(data):
            return None, _("its checksum does not match: changed since it was written")
        start, stop, seconds = data["start"], data["stop"], data["seconds"]
        if not (type(start) is int and type(stop) is int and 0 <= start < stop <= chunks
                and isinstance(seconds, (int, float)) and _is_counts(data["counts"])):
            return None, _("not a task file of a study cache")
        return TaskResult(start, stop, data["counts"], float(seconds)), ""

    def save(self, result: TaskResult) -> None:
        data = {"run": self.manifest, **result._asdict()}
        data["sha256"] = _checksum(data)
        path = self.directory / f"chunks-{result.start:010d}-{result.stop:010d}.json"
        try:
            self._write(path, data)
        except OSError as error:
            raise TrickcoreError(_("cannot write {path}: {reason}").format(
                path=path, reason=_reason(error))) from None

    def _write(self, path: Path, data: dict[str, Any]) -> None:
        write_atomic(path, json.dumps(data, sort_keys=True))

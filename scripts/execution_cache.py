"""Keep the book's execution cache only while nothing its pages' code reads has changed.

The book is built four times by ``make test`` (student and teacher, in English and in French),
and the two editions of one language run the very same code cells: the teacher edition only
shows more prose and the solutions.  myst-nb's ``cache`` mode (``_config.yml``) runs each page
once into a jupyter-cache folder, one per language (``_build/.jupyter_cache/en``, ``.../fr``:
the French edition runs the pages with ``TRICKCORE_LANG=fr``), and the second edition of the
language takes the outputs from there.  jupyter-cache reruns a page whose code cells changed,
but not one whose outputs changed because the engine did.  So before each build ``make`` runs
this script on the folder, which keeps the cache only if it was made from the same inputs:
every file of ``trickcore/``, ``book/`` and ``locales/`` (but the book's ``.mo`` catalogues in
``locales/``, which the French build makes from the ``.po`` ones), the configuration files at the
top (``_config.yml``, ``_toc.yml``, ``pyproject.toml``, ``setup.py``, ``requirements*.txt``), the
versions of the installed packages and the ``TRICKCORE_*`` variables.  Otherwise it empties the
folder.  Every page's code is thus run once per language and per state of the sources, never
taken from an older state of them.

``python scripts/execution_cache.py FOLDER`` prints whether the cache was kept or emptied.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The folders whose every file can change what a page's code prints.
FOLDERS = ("trickcore", "book", "locales")
#: The files at the top that can.
FILES = ("_config.yml", "_toc.yml", "pyproject.toml", "setup.py", "requirements.txt",
         "requirements-bench.txt")
_SKIP = {"__pycache__", ".ipynb_checkpoints", ".jupyter_cache"}
KEY_FILE = "inputs.sha256"


def inputs_key(root: Path = ROOT) -> str:
    """A digest of everything the pages' code cells can read (see the module's docstring)."""
    digest = hashlib.sha256()
    paths = [root / name for name in FILES if (root / name).is_file()]
    for folder in FOLDERS:
        for directory, subfolders, files in os.walk(root / folder):
            subfolders[:] = sorted(d for d in subfolders if d not in _SKIP)
            skip = (".pyc", ".so", ".mo") if folder == "locales" else (".pyc", ".so")
            paths.extend(Path(directory) / f for f in sorted(files) if not f.endswith(skip))
    for path in paths:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    installed = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    digest.update("\n".join(installed).encode())
    digest.update(repr(sorted((k, v) for k, v in os.environ.items()
                              if k.startswith("TRICKCORE_"))).encode())
    digest.update(sys.version.encode())
    return digest.hexdigest()


def refresh(folder: Path, key: str) -> bool:
    """Empty ``folder`` unless it was filled from inputs with this ``key``; True if kept."""
    stamp = folder / KEY_FILE
    if stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == key:
        return True
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    stamp.write_text(key + "\n", encoding="utf-8")
    return False


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: execution_cache.py FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    kept = refresh(folder, inputs_key())
    print(f"execution cache {folder}: " + ("kept (same inputs)" if kept
                                           else "emptied (the inputs changed): every page runs"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

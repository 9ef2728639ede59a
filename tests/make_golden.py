"""Regenerate the golden records in tests/data/golden/ (run on purpose only).

    .venv/bin/python tests/make_golden.py

The golden records pin the engine's exact behaviour for a few seeds: the shuffle, the first
dealer, the bots' choices and the record format.  ``tests/notation/test_records.py`` fails when any of
these change; if the change is intended, run this script and commit the new files together
with the change that caused them.  Pytest imports this module for doctests only, so the work
is guarded by ``__main__``.
"""

from __future__ import annotations

from support import GOLDEN, GOLDEN_DIR, golden_text


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, key, players, seed, kind in GOLDEN:
        path = GOLDEN_DIR / name
        path.write_text(golden_text(key, players, seed, kind), encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()

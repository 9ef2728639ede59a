"""Regenerate the Five Hundred golden records in tests/data/golden500/ (run on purpose only).

    .venv/bin/python tests/make_golden500.py            # write every file of GOLDEN500
    .venv/bin/python tests/make_golden500.py --search   # find seeds for the seeded entries

What each file holds, and how it is made, is the table ``GOLDEN500`` in
``tests/support500.py``: seeded deals played by seeded bots (``random``:
trickcore.RandomBot; ``cautious``: a random player that bids low and passes often), and two
constructed deals (``slam_match``, ``joker_lead_match``) built with ``deal_from_hands`` and a few
scripted actions.  ``tests/notation/test_records_five_hundred.py`` regenerates every file and compares it byte
for byte; if an engine change is intended, run this script and commit the new files with it.
Pytest imports this module for doctests only, so the work is guarded by ``__main__``.
"""

from __future__ import annotations

import sys
from typing import Any

from support500 import GOLDEN500, GOLDEN_DIR, golden_text, seeded_deal, shows


def search(what: str, key: str, kind: str, options: dict[str, Any], deals: int,
           limit: int = 3000) -> int | None:
    """The smallest seed whose first ``deals`` deals (0: whole match) show ``what``."""
    for seed in range(limit):
        match = seeded_deal(key, seed, kind, options, deals)
        if what == "match" and not 3 < len(match.deals) <= 12:
            continue
        if shows(match.record(), what):
            return seed
    return None


def main(argv: list[str]) -> None:
    if "--search" in argv:
        for name, how, what in GOLDEN500:
            if isinstance(how, str):
                continue
            key, _seed, kind, options, deals = how
            print(name, what, search(what, key, kind, options, deals))
        return
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, how, _what in GOLDEN500:
        path = GOLDEN_DIR / name
        path.write_text(golden_text(how), encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])

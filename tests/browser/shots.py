"""Screenshots of one element for the browser tests, cropped from the full page; and the
weights the tests record beside them."""

from __future__ import annotations

import fcntl
import json
from pathlib import Path
from typing import Any


def record(path: Path, key: str, value: int) -> None:
    """Set ``key`` in the JSON record ``path`` (``page-weights.json``...), under a lock: make
    browser-tests runs its two halves at once, and both may write the same record."""
    with open(path.with_suffix(".lock"), "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        weights = json.loads(path.read_text()) if path.exists() else {}
        weights[key] = value
        path.write_text(json.dumps(weights, indent=1, sort_keys=True))


def shot(page: Any, locator: Any, path: Path) -> None:
    """A screenshot of one element, cropped from the full page (so that the theme's sticky
    header does not cover it, as it does in an element screenshot of a tall element)."""
    from PIL import Image

    box = locator.evaluate("e => { const r = e.getBoundingClientRect();"
                           " return {y: r.top + scrollY, h: r.height}; }")
    full = path.with_suffix(".full.png")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(full), full_page=True)
    with Image.open(full) as image:
        image.crop((0, max(0, int(box["y"]) - 8), image.width,
                    min(image.height, int(box["y"] + box["h"]) + 8))).save(path)
    full.unlink()

"""Compile every gettext catalogue (``.po``) of trickcore and of the page builders to ``.mo``.

    python scripts/compile_catalogues.py          # write the .mo files beside the .po files
    python scripts/compile_catalogues.py --check  # exit 1 if a .mo is missing or stale

The ``.mo`` files are committed (the wheel, the editable install and the in-browser runtime read
them with the standard library's gettext, with nothing to build); tests/i18n/test_language.py runs the
check.  Babel (already installed with Sphinx) reads and writes the files.
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
CATALOGUE_DIRS = (ROOT / "trickcore" / "locale", ROOT / "book" / "trickbook" / "locale")


def catalogues() -> list[Path]:
    """Every ``.po`` file of trickcore and of the page builders."""
    return sorted(p for d in CATALOGUE_DIRS if d.is_dir() for p in d.glob("*/LC_MESSAGES/*.po"))


def compiled(po_path: Path) -> bytes:
    """The ``.mo`` bytes of one catalogue (fuzzy entries are left out, as msgfmt does)."""
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=po_path.parts[-3], domain=po_path.stem)
    # Babel stamps a header without a creation date with the time now: fix it, so that the
    # same .po always gives the same bytes.
    catalog.creation_date = catalog.revision_date = _EPOCH
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a .mo is missing or stale")
    args = parser.parse_args(argv)
    stale = []
    for po_path in catalogues():
        mo_path = po_path.with_suffix(".mo")
        data = compiled(po_path)
        if mo_path.exists() and mo_path.read_bytes() == data:
            continue
        if args.check:
            stale.append(mo_path.relative_to(ROOT))
        else:
            mo_path.write_bytes(data)
            print(f"wrote {mo_path.relative_to(ROOT)}")
    if stale:
        names = ", ".join(str(p) for p in stale)
        print(f"stale or missing catalogues (run scripts/compile_catalogues.py): {names}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

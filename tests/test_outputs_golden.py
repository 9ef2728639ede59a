"""What users see stays byte for byte what it was: records, rules text, one-card tables, solver
answers and notebook HTML, as recorded by ``tests/outputs_golden.py`` in ``tests/data/outputs/``.

Each variant of the registry is compared with its own files, so a new variant adds files and
changes none; a variant without its files fails with the one line that says how to record them
(``.venv/bin/python tests/outputs_golden.py write KEY``), and a file left by a variant that is
gone fails too.
"""

from __future__ import annotations

import pytest
from outputs_golden import (
    PER_VARIANT,
    SECTIONS,
    SEEDS_PER_CONFIG,
    made,
    missing,
    stale_files,
    stored,
)

import trickcore as tc


def _compare(section: str, key: str | None = None) -> None:
    want = stored(section, key)
    if want is None:
        pytest.fail(missing(section, key), pytrace=False)
    got = made(section, key)
    assert got.keys() == want.keys()
    changed = [name for name in want if got[name] != want[name]]
    assert changed == [], f"{len(changed)} outputs changed, first: {changed[:3]}"


@pytest.mark.parametrize("key", tc.variant_keys())
@pytest.mark.parametrize("section", sorted(PER_VARIANT))
def test_each_variant_shows_what_it_showed(section: str, key: str) -> None:
    _compare(section, key)


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_the_package_shows_what_it_showed(section: str) -> None:
    _compare(section)


def test_every_variant_plays_every_player_count_in_the_records() -> None:
    """The records cover the registry: each player count of each variant, every seed (a
    variant without its file is reported by the test above)."""
    for key in tc.variant_keys():
        want = stored("records", key)
        if want is None:
            continue
        counts = {name.rsplit("-seed", 1)[0] for name in want}
        assert counts == {f"{key}-{n}p" for n in tc.get_variant(key).players}, key
        assert len(want) == SEEDS_PER_CONFIG * len(tc.get_variant(key).players), key


def test_no_file_is_left_by_a_variant_that_is_gone() -> None:
    assert stale_files() == [], "delete them (outputs_golden.py write deletes them)"

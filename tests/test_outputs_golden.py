"""What users see stays byte for byte what it was (issue 12): records, rules text, one-card
tables, solver answers and notebook HTML, as recorded by ``tests/outputs_golden.py``."""

from __future__ import annotations

import pytest
from outputs_golden import SECTIONS, record_texts, stored, stored_records


def test_match_records_are_unchanged() -> None:
    want = stored_records()
    got = dict(record_texts())
    assert len(want) >= 2000
    assert got.keys() == want.keys()
    changed = [name for name in want if got[name] != want[name]]
    assert changed == [], f"{len(changed)} records changed, first: {changed[:3]}"


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_section_is_unchanged(section: str) -> None:
    want = stored(section)
    got = SECTIONS[section]()
    assert got.keys() == want.keys()
    changed = [name for name in want if got[name] != want[name]]
    assert changed == [], f"{len(changed)} outputs changed, first: {changed[:3]}"

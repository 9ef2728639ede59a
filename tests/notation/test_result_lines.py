"""Names on pasted result lines (trickcore.notation.result_lines): every separator a class pastes
from a chat, a form or a spreadsheet, names in any script, hostile names kept as text, the cut."""

from __future__ import annotations

import pytest

from trickcore.notation.result_lines import (
    MAX_NAME_CHARS,
    ResultLineError,
    split_result_line,
)

CODE = "TT2-oh-hell-4-2718-6.AwEAAgEA_x-Y"


@pytest.mark.parametrize(("line", "name"), [
    (f"Alice: {CODE}", "Alice"),
    (f"Alice {CODE}", "Alice"),
    (f"Alice - {CODE}", "Alice"),
    (f"Alice\u2014{CODE}", "Alice"),
    (f"Alice\t{CODE}", "Alice"),
    (f"Alice, {CODE}", "Alice"),
    (f"Alice;{CODE}", "Alice"),
    (f"Alice | {CODE}", "Alice"),
    (f"(Alice) {CODE}", "Alice"),
    (f"[Alice] {CODE}", "Alice"),
    (f'"Alice" {CODE}', "Alice"),
    (f"[10:32] Alice: {CODE}", "Alice"),
    (f"10:32:05 Alice: {CODE}", "Alice"),
    (f"{CODE} (Chloé)", "Chloé"),
    (f"{CODE} Chloé", "Chloé"),
    (f"{CODE}, Chloé", "Chloé"),
    (f"{CODE}\tChloé", "Chloé"),
    (f"{CODE} [Chloé]", "Chloé"),
    (f"{CODE} \u00abChloé\u00bb", "Chloé"),
    (f"{CODE} -- Chloé", "Chloé"),
    (f"  Ana   María  :  {CODE}  ", "Ana María"),
    (f"Zoë Ødegård: {CODE}", "Zoë Ødegård"),
    (f"李小龍: {CODE}", "李小龍"),
    (f"Дмитрий {CODE}", "Дмитрий"),
    (f"محمد: {CODE}", "محمد"),
    (f"Chloe\u0301: {CODE}", "Chloé"),  # decomposed: written composed
    (f"Al\u200bice\x07: {CODE}", "Alice"),  # invisible and control characters dropped
    (CODE, None),
    (f"  {CODE}  ", None),
])
def test_a_name_before_or_after_the_code(line: str, name: str | None) -> None:
    parts = split_result_line(line)
    assert parts.name == name
    assert parts.code == CODE


@pytest.mark.parametrize("name", [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "&lt;b&gt;",
    "'; DROP TABLE students; --",
])
def test_a_hostile_name_is_kept_as_text(name: str) -> None:
    """The name is text: whatever markup it looks like comes back unchanged (the page escapes
    it; tests/widgets/test_class_board.py checks that)."""
    assert split_result_line(f"{name}: {CODE}").name == name.rstrip(" -;")


def test_a_long_name_is_cut_with_a_mark() -> None:
    long = "A" * 100
    name = split_result_line(f"{long}: {CODE}").name
    assert name is not None
    assert len(name) == MAX_NAME_CHARS
    assert name.endswith("\u2026")
    assert name[:-1] == "A" * (MAX_NAME_CHARS - 1)
    exact = "B" * MAX_NAME_CHARS
    assert split_result_line(f"{exact} {CODE}").name == exact


@pytest.mark.parametrize(("line", "said"), [
    ("Alice:", "has no result code"),
    ("Alice Martin", "a name alone is not a result"),
    (f"Alice {CODE} Bob", "text on both sides"),
    (f"{CODE} {CODE}", "two result codes"),
    (f"Alice: {CODE}, Bob: {CODE}", "two result codes"),
])
def test_malformed_lines_say_why(line: str, said: str) -> None:
    with pytest.raises(ResultLineError, match=said):
        split_result_line(line)


def test_a_word_alone_is_left_to_the_code_reader() -> None:
    """'hello' (all in a code's characters) is read as a code, which says what is wrong."""
    assert split_result_line("hello").code == "hello"
    assert split_result_line("TX2-abc").name is None

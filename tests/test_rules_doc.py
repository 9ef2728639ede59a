"""The repository's account of the rules, docs/rules.md, and the citations that point into it.

Code, tests and book pages cite the rules by anchor ("docs/rules.md 3.2", "docs/rules.md D12",
"docs/rules.md facts 46-49", "docs/rules.md, open questions").  Every such anchor must exist in
the file, the file's own links must land on its headings, and no citation may point at a rules
file outside the repository, which a reader of the repository cannot open.
"""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED_AS = "docs/rules.md"
RULES = ROOT / CITED_AS

#: Files that may cite the rules: text, by suffix ("" for Makefile and the like).
SUFFIXES = {".py", ".pyi", ".md", ".po", ".pot", ".bib", ".ipynb", ".txt", ".toml", ".yml",
            ".yaml", ".cfg", ".js", ".mjs", ".c", ".h", ".html", ".json", ".css", ""}
#: Folders that are not the repository's own text: environments, caches and build output.
SKIPPED = {"node_modules", "_build", "build", "dist", "__pycache__"}

# The anchors, as docs/rules.md writes them.
_SECTION_HEADING = re.compile(r"^#{2,6} (\d+(?:\.\d+)*)\.? ", re.MULTILINE)
_DISAGREEMENT = re.compile(r"^\*\*D(\d+)\.\*\*", re.MULTILINE)
_FACT = re.compile(r"^\*\*Fact (\d+)\.\*\*", re.MULTILINE)
_OPEN_QUESTIONS = re.compile(r"^#{2,6} .*\bopen questions\b", re.MULTILINE | re.IGNORECASE)
_HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)
_LOCAL_LINK = re.compile(r"\]\(#([^)\s]+)\)")

# The forms of a citation, read one after another after "docs/rules.md".
_SEPARATOR = re.compile(r"\s*(?:,|;|\band\b|&)?\s*")
_CITED_OPEN = re.compile(r"open questions\b", re.IGNORECASE)
_CITED_SECTION_WORD = re.compile(r"sections?\s+(\d+(?:\.\d+)*)\b", re.IGNORECASE)
_CITED_FACT_WORD = re.compile(r"(?:conformance\s+)?facts?\s+(\d+)(?:\s*[-–]\s*(\d+))?\b",
                              re.IGNORECASE)
_CITED_DISAGREEMENT = re.compile(r"D(\d+)(?:\s*[-–]\s*D(\d+))?\b")
_CITED_DOTTED = re.compile(r"(\d+(?:\.\d+)+)\b")
_CITED_NUMBER = re.compile(r"(\d+)(?:\s*[-–]\s*(\d+))?\b")
#: A line break inside a citation, with what starts the next line of a comment or a list.
_CONTINUATION = re.compile(r"\s*\n\s*(?:#:?|\*|//|-)?\s*")

#: Mentions of a rules file by name: only the repository's own, by its path, may be cited.
_RULES_FILE = re.compile(r"(?<![\w-])rules\.md\b", re.IGNORECASE)
_PATH_BEFORE = re.compile(r"[\w./-]*\Z")


def anchors(text: str) -> set[str]:
    """The anchors a text in the form of docs/rules.md defines: ``"3.2"``, ``"D12"``,
    ``"fact 46"`` and ``"open questions"``."""
    found = set(_SECTION_HEADING.findall(text))
    found |= {f"D{n}" for n in _DISAGREEMENT.findall(text)}
    found |= {f"fact {n}" for n in _FACT.findall(text)}
    if _OPEN_QUESTIONS.search(text):
        found.add("open questions")
    return found


def _span(first: str, last: str | None, label: str) -> list[str]:
    start = int(first)
    stop = int(last) if last else start
    return [f"{label}{n}" for n in range(start, max(start, stop) + 1)]


def cited(tail: str) -> list[str]:
    """The anchors named by the text that follows one "docs/rules.md": read as long as it reads
    as anchors ("3.2 and 3.3, D12; facts 46-49, 62", "section 3", ", open questions"), then
    stop at the first word that is not one.

    Bare numbers count as facts after "fact" or "facts", as sections otherwise.
    """
    text = _CONTINUATION.sub(" ", tail)
    out: list[str] = []
    numbers_are = "section"
    pos = 0
    while True:
        start = _SEPARATOR.match(text, pos)
        pos = start.end() if start else pos
        if pos == len(text):
            break
        if (m := _CITED_OPEN.match(text, pos)):
            out.append("open questions")
        elif (m := _CITED_SECTION_WORD.match(text, pos)):
            numbers_are = "section"
            out.append(m.group(1))
        elif (m := _CITED_FACT_WORD.match(text, pos)):
            numbers_are = "fact"
            out += _span(m.group(1), m.group(2), "fact ")
        elif (m := _CITED_DISAGREEMENT.match(text, pos)):
            out += _span(m.group(1), m.group(2), "D")
        elif (m := _CITED_DOTTED.match(text, pos)):
            numbers_are = "section"
            out.append(m.group(1))
        elif (m := _CITED_NUMBER.match(text, pos)):
            if numbers_are == "fact":
                out += _span(m.group(1), m.group(2), "fact ")
            else:
                out += _span(m.group(1), m.group(2), "")
        else:
            break
        pos = m.end()
    return out


def citations(text: str) -> list[tuple[int, list[str]]]:
    """Each "docs/rules.md" in ``text``: its line number and the anchors it names."""
    out = []
    for match in re.finditer(re.escape(CITED_AS), text):
        line = text.count("\n", 0, match.start()) + 1
        out.append((line, cited(text[match.end():match.end() + 300])))
    return out


@functools.cache
def _texts() -> tuple[Path, ...]:
    files: list[Path] = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs
                   if not d.startswith(".") and d not in SKIPPED and not d.endswith(".egg-info")]
        files += [Path(folder, name) for name in names
                  if not name.startswith(".") and Path(name).suffix in SUFFIXES]
    return tuple(sorted(files))


@functools.cache
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def test_the_checker_reads_every_form_of_citation() -> None:
    assert cited(" 3.2 and 3.3, D12, D13; facts 46-49, 62, 63).") == [
        "3.2", "3.3", "D12", "D13", "fact 46", "fact 47", "fact 48", "fact 49", "fact 62",
        "fact 63"]
    assert cited(" fact 58 and D5)") == ["fact 58", "D5"]
    assert cited(" section 3). More") == ["3"]
    assert cited(", open questions), so") == ["open questions"]
    assert cited(" 3.7.1: the fixed order") == ["3.7.1"]
    assert cited(" D5:\n#: Up and Down") == ["D5"]
    assert cited("\n  section 3); test_support500.py") == ["3"]
    assert cited("'s formulas.") == []
    assert cited(", working on card codes") == []


def test_the_checker_finds_a_missing_anchor() -> None:
    known = anchors("## 3. Five Hundred\n### 3.2 The auction\n**D12.** text\n**Fact 46.** x\n")
    assert known == {"3", "3.2", "D12", "fact 46"}
    # Written with CITED_AS, so that this file does not itself cite anchors that do not exist.
    text = f"see {CITED_AS} 3.2 and D12, and {CITED_AS} D99; {CITED_AS} facts 46-47"
    missing = [a for _, named in citations(text) for a in named if a not in known]
    assert missing == ["D99", "fact 47"]


def test_rules_doc_numbers_each_anchor_once_and_leaves_no_gaps() -> None:
    text = _read(RULES)
    for pattern, label in ((_DISAGREEMENT, "D"), (_FACT, "fact ")):
        numbers = [int(n) for n in pattern.findall(text)]
        repeated = [f"{label}{n}" for n, c in Counter(numbers).items() if c > 1]
        assert not repeated, f"docs/rules.md defines these twice: {repeated}"
        assert numbers == list(range(1, len(numbers) + 1)), f"{label.strip()} items out of order"
    sections = _SECTION_HEADING.findall(text)
    assert len(sections) == len(set(sections)), "a section number is used twice"
    assert "open questions" in anchors(text)


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation out, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_rules_doc_links_land_on_its_headings() -> None:
    text = _read(RULES)
    slugs = {_slug(h) for h in _HEADING.findall(text)}
    broken = sorted(set(_LOCAL_LINK.findall(text)) - slugs)
    assert not broken, f"links in docs/rules.md to no heading: {broken}"


def test_every_citation_of_rules_doc_names_an_anchor_it_has() -> None:
    known = anchors(_read(RULES))
    missing = []
    count = 0
    for path in _texts():
        for line, named in citations(_read(path)):
            count += 1
            missing += [f"{path.relative_to(ROOT)}:{line}: {a}" for a in named if a not in known]
    assert count, "nothing cites docs/rules.md: is the checker reading the repository?"
    assert not missing, "citations of docs/rules.md with no such anchor:\n" + "\n".join(missing)


def rules_files_named(text: str) -> list[tuple[int, str]]:
    """Each rules file ``text`` names, with the path written before it, and its line."""
    out = []
    for m in _RULES_FILE.finditer(text):
        before = _PATH_BEFORE.search(text, max(0, m.start() - 200), m.start())
        name = (before.group(0) if before else "") + m.group(0)
        out.append((text.count("\n", 0, m.start()) + 1, name))
    return out


def is_own(name: str, where: Path) -> bool:
    """Whether ``name``, written in the file ``where``, is docs/rules.md: by its path from the
    repository's root or from the file's folder, in its own spelling."""
    if name.startswith("/") or not name.endswith(RULES.name):
        return False
    return any((base / name).resolve() == RULES.resolve() for base in (ROOT, where.parent))


def test_the_checker_tells_the_repository_path_from_others() -> None:
    # The outside name in capitals, so that this file does not itself name one.
    outside = RULES.name.upper()
    named = rules_files_named(f"{CITED_AS} D5, ../{CITED_AS}, {outside} 3.2, "
                              f"/elsewhere/{outside}, ({RULES.name}#anchor) and house-{RULES.name}")
    in_book = ROOT / "book" / "page.md"
    assert [is_own(name, in_book) for _, name in named] == [True, True, False, False, False]
    in_docs = ROOT / "docs" / "page.md"
    assert [is_own(name, in_docs) for _, name in named] == [True, True, False, False, True]


def test_no_citation_points_at_a_rules_file_outside_the_repository() -> None:
    outside = [f"{path.relative_to(ROOT)}:{line}: {name}"
               for path in _texts() if RULES.name in _read(path).lower()
               for line, name in rules_files_named(_read(path)) if not is_own(name, path)]
    assert not outside, (f"cite the repository's own account, {CITED_AS}, by anchor, not a "
                         "rules file a reader of the repository cannot open:\n"
                         + "\n".join(outside))

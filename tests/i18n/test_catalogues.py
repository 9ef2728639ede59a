"""Every message the code writes has its French, in the catalogue that it is looked up in, and no
catalogue keeps a message that the code no longer writes.

The messages are read from the sources (``tests/i18n/messages.py``: the ``_()``, ``N_()``,
``ngettext()``, ``pgettext()`` and ``ui.gettext()`` calls of ``trickcore/`` and
``book/trickbook/``, and the code cells and figure alt texts of the book's pages), so a new
message fails here until its French is written: in ``trickcore/locale/fr/LC_MESSAGES/`` for
trickcore's own (``trickcore.po``) and the widgets' and figures' (``trickcore_ui.po``), in
``book/trickbook/locale/fr/LC_MESSAGES/trickbook.po`` for the page builders' and the pages';
then ``python scripts/compile_catalogues.py`` writes the ``.mo`` files.  The pages' prose has
its own catalogues under ``locales/`` (``make catalogues``, ``tests/book/test_locales.py``).
"""

from __future__ import annotations

import ast
import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from .messages import CATALOGUES, ROOT, Message, code_messages, page_cells

pytestmark = pytest.mark.pure_only  # the sources and the catalogues: the same in both builds

#: An ordinary or no-break space before ; : ! ? (French sets a narrow no-break space there, so
#: that the sign never starts a line).
_LOOSE = re.compile(r"[ \u00a0][;:!?]")


@cache
def _messages() -> tuple[Message, ...]:
    return tuple(code_messages())


@cache
def _catalogue(domain: str) -> Catalog:
    with CATALOGUES[domain].open("rb") as handle:
        return read_po(handle, locale="fr", domain=domain)


@cache
def _literals() -> frozenset[str]:
    """Every string constant in the code, its spaces squeezed too: a catalogue entry may be
    looked up with a value the code holds (``_(ruleset.source)``, a study's description),
    which no ``_()`` call shows."""
    found: set[str] = set()
    trees = [ast.parse(path.read_text(encoding="utf-8"))
             for folder in ("trickcore", "book/trickbook")
             for path in (ROOT / folder).rglob("*.py")]
    trees += [ast.parse(source) for path in (ROOT / "book").rglob("*.md")
              for _line, source, _settings in page_cells(path.read_text(encoding="utf-8"))]
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.update((node.value, " ".join(node.value.split())))
    return frozenset(found)


def _strings(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def _where(domain: str) -> str:
    return str(CATALOGUES[domain].relative_to(ROOT))


def test_the_sources_have_messages_for_every_catalogue() -> None:
    """The reading of the sources finds each catalogue's messages (a reading that found none
    would pass every test below)."""
    found = {message.domain for message in _messages()}
    assert found == set(CATALOGUES)
    assert all(message.msgid for message in _messages())


@pytest.mark.parametrize("domain", sorted(CATALOGUES))
def test_every_message_of_the_code_has_its_french(domain: str) -> None:
    catalogue = _catalogue(domain)
    problems = []
    for message in _messages():
        if message.domain != domain:
            continue
        entry = catalogue.get(message.msgid, context=message.context)
        shown = repr(message.msgid[:70])
        if entry is None:
            problems.append(f"{message.where}: no French for {shown}")
        elif entry.fuzzy or not all(_strings(entry.string)):
            problems.append(f"{message.where}: the French of {shown} is empty or fuzzy")
        elif message.plural is not None and len(_strings(entry.string)) < 2:
            problems.append(f"{message.where}: {shown} is a plural, its French is not")
    assert not problems, (f"{len(problems)} message(s) to translate in {_where(domain)}, then run"
                          " python scripts/compile_catalogues.py:\n" + "\n".join(problems[:40]))


@pytest.mark.parametrize("domain", sorted(CATALOGUES))
def test_no_catalogue_keeps_a_message_the_code_lost(domain: str) -> None:
    used = {message.key for message in _messages() if message.domain == domain}
    stale = [entry.id for entry in _catalogue(domain) if entry.id
             and (entry.context, _strings(entry.id)[0]) not in used
             and _strings(entry.id)[0] not in _literals()]
    assert not stale, (f"{len(stale)} message(s) in {_where(domain)} that the code no longer"
                       " writes: delete them, then run python scripts/compile_catalogues.py:\n"
                       + "\n".join(repr(s)[:100] for s in stale[:40]))


@pytest.mark.parametrize("domain", sorted(CATALOGUES))
def test_french_sets_a_narrow_no_break_space_before_high_punctuation(domain: str) -> None:
    loose = [text for entry in _catalogue(domain) if entry.id
             for text in _strings(entry.string) if _LOOSE.search(text)]
    assert not loose, (f"{_where(domain)}: a narrow no-break space (U+202F) goes before ; : ! ?"
                       " in French:\n" + "\n".join(repr(t)[:100] for t in loose[:20]))

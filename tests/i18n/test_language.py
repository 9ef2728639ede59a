"""trickcore's message catalogues: the language switch and the compiled catalogues."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from trickcore import i18n

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]


def test_catalogues_are_compiled_from_their_sources() -> None:
    """Every committed .mo is exactly what its .po compiles to."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "compile_catalogues.py"), "--check"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr


def test_no_catalogue_message_is_left_empty_or_fuzzy() -> None:
    from babel.messages.pofile import read_po

    for po_path in sorted((ROOT / "trickcore" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            assert not message.fuzzy, f"{po_path.name}: fuzzy {message.id!r}"
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings), f"{po_path.name}: untranslated {message.id!r}"


def test_an_unknown_language_is_refused_and_changes_nothing() -> None:
    before = i18n.get_language()
    with pytest.raises(i18n.UnknownLanguageError, match="'de' is not a language"):
        i18n.set_language("de")
    assert i18n.get_language() == before


def test_the_language_block_restores_the_language_before_it() -> None:
    before = i18n.get_language()
    with i18n.language("fr_CA.UTF-8") as chosen:
        assert chosen == "fr"
        assert i18n.get_language() == "fr"
    assert i18n.get_language() == before


def test_the_environment_chooses_the_language_at_import() -> None:
    code = "import trickcore.i18n as i; print(i.get_language())"
    for env_value, expected in (("fr_FR.UTF-8", "fr"), ("en", "en"), ("xx", "en"), ("", "en")):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={"TRICKCORE_LANG": env_value, "PATH": ""},
        ).stdout.strip()
        assert out == expected, env_value


@pytest.mark.parametrize(
    ("value", "places", "lang", "expected"),
    [(0.5, 2, "fr", "0,50"), (0.5, 2, "en", "0.50"), (1000000, 0, "fr", "1\u202f000\u202f000"),
     (-0.125, 3, "fr", "-0,125")],
)
def test_numbers_are_written_the_reader_s_way(
    value: float, places: int, lang: str, expected: str
) -> None:
    assert i18n.format_decimal(value, places, language=lang) == expected

"""Check the pages' French catalogues (locales/fr/LC_MESSAGES/**/*.po) before a build does.

    python scripts/check_translations.py                 # every catalogue
    python scripts/check_translations.py FILE.po ...     # some of them

For each message it reports, one line each, and exits 1 if there is any:

* an empty or fuzzy translation;
* markup that the translation changed: a role whose content is code (``{answer}``, ``{cite}``,
  ``{glue:text}``, ``{py:...}``, ``{numref}``, ``{eq}``...) must come back exactly; a ``{doc}``
  or ``{ref}`` may get French text but must keep its target; inline code, math, link addresses,
  substitutions and footnote references must come back exactly;
* line breaks that differ (a msgid with ``\\n`` is a literal block or a multi-line title);
* French typography: an ordinary space before ``; : ! ? » %`` or after ``«`` (French sets a
  narrow no-break space there, so that the sign never starts a line).  ``--fix`` puts the narrow
  no-break spaces in, outside code and markup, and rewrites the catalogues.

It is the same check as tests/book/test_locales.py, for translators to run on their own files.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "locales"

_ROLE = re.compile(r"\{(?P<name>[a-zA-Z0-9:_-]+)\}`(?P<body>[^`]*)`")
_RST_ROLE = re.compile(r":[a-zA-Z:]+:`[^`]*`")
_TARGETED = {"doc", "ref", "term", "download", "numref"}
_CODE = re.compile(r"(?<![`}])(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_MATH = re.compile(r"\$\$.+?\$\$|(?<![\\$])\$(?!\$)[^$]+?(?<![\\$])\$", re.S)
_LINK = re.compile(r"\]\((?P<url>[^)\s]+)\)")
_SUBST = re.compile(r"\{\{[^}]*\}\}")
_FOOT = re.compile(r"\[\^[^\]]+\]")


def _target(name: str, body: str) -> str:
    found = re.search(r"<([^<>]+)>\s*$", body)
    return found.group(1).strip() if found else body.strip()


def markup(text: str) -> Counter[str]:
    """The pieces of markup a translation must keep, as a multiset.

    >>> sorted(markup("See {doc}`the hook <../numbers/hook>` and `QS`, $p^2$."))
    ['code:QS', 'doc:../numbers/hook', 'math:$p^2$']
    >>> markup("{doc}`le crochet <../numbers/hook>`") == markup("{doc}`../numbers/hook`")
    True
    >>> markup("See :class:`~trickcore.Card`.") == markup("Voir {py:class}`~trickcore.Card`.")
    True
    """
    pieces: Counter[str] = Counter()
    for found in _ROLE.finditer(text):
        name, body = found.group("name").removeprefix("py:"), found.group("body")
        pieces[f"{name}:{_target(name, body) if name in _TARGETED else body}"] += 1
    rest = _ROLE.sub(" ", text)
    # A docstring's reStructuredText role is the same reference as the MyST role that a
    # translation must use (Sphinx reads a page's translations with the page's parser, MyST).
    for found in _RST_ROLE.finditer(rest):
        name = found.group(0)[1:].split(":`")[0].removeprefix("py:")
        pieces[f"{name}:{found.group(0).split(':`', 1)[1][:-1]}"] += 1
    rest = _RST_ROLE.sub(" ", rest)
    for found in _CODE.finditer(rest):
        pieces[f"code:{found.group(2)}"] += 1
    rest = _CODE.sub(" ", rest)
    for found in _MATH.finditer(rest):
        pieces[f"math:{found.group(0)}"] += 1
    for found in _LINK.finditer(rest):
        pieces[f"link:{found.group('url')}"] += 1
    for pattern, kind in ((_SUBST, "subst"), (_FOOT, "footnote")):
        for found in pattern.finditer(rest):
            pieces[f"{kind}:{found.group(0)}"] += 1
    return pieces


_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_LOOSE_BEFORE = re.compile(r"[ \u00a0]+(?=[;:!?»%])")
_LOOSE_AFTER = re.compile(r"(?<=«)[ \u00a0]+")


def _protected(text: str) -> list[tuple[int, int]]:
    spans = sorted(m.span() for pattern in (_ROLE, _RST_ROLE, _CODE, _MATH, _LINK_TARGET)
                   for m in pattern.finditer(text))
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def typeset(text: str) -> str:
    r"""``text`` with a narrow no-break space before ``; : ! ? » %`` and after ``«``, outside
    code and markup.

    >>> typeset("Le pli : « atout » à 25 % ; `a : b` reste") == (
    ...     "Le pli\u202f: «\u202fatout\u202f» à 25\u202f%\u202f; `a : b` reste")
    True
    """
    out, last = [], 0
    for start, end in _protected(text):
        out.append(_fix(text[last:start]))
        out.append(text[start:end])
        last = end
    out.append(_fix(text[last:]))
    return "".join(out)


def _fix(text: str) -> str:
    return _LOOSE_AFTER.sub("\u202f", _LOOSE_BEFORE.sub("\u202f", text))


def problems(po_path: Path) -> Iterator[str]:
    """One line for each problem of one catalogue."""
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    where = po_path.relative_to(ROOT) if po_path.is_relative_to(ROOT) else po_path
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        msgstr = message.string if isinstance(message.string, str) else message.string[0]
        short = msgid[:60].replace("\n", " ")
        if message.fuzzy:
            yield f"{where}: fuzzy: {short!r}"
        if not msgstr:
            yield f"{where}: untranslated: {short!r}"
            continue
        before, after = markup(msgid), markup(msgstr)
        if before != after:
            lost = sorted((before - after).elements())
            added = sorted((after - before).elements())
            yield f"{where}: markup changed in {short!r}: lost {lost}, added {added}"
        if _RST_ROLE.search(msgstr):
            yield (f"{where}: write references the MyST way ({{py:class}}`X`, not :class:`X`:"
                   f" Sphinx reads a page's translations as MyST) in {short!r}")
        if msgid.count("\n") != msgstr.count("\n"):
            yield f"{where}: line breaks differ in {short!r}"
        if typeset(msgstr) != msgstr:
            yield f"{where}: French spacing (a narrow no-break space) in {msgstr[:60]!r}"


def fix_typography(po_path: Path) -> int:
    """Put the narrow no-break spaces into one catalogue; the number of messages changed."""
    from babel.messages.pofile import write_po

    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    changed = 0
    for message in catalog:
        if message.id and isinstance(message.string, str) and message.string:
            fixed = typeset(message.string)
            if fixed != message.string:
                message.string = fixed
                changed += 1
    if changed:
        with po_path.open("wb") as handle:
            write_po(handle, catalog, width=76, omit_header=False)
    return changed


def catalogues(paths: Iterable[str] = ()) -> list[Path]:
    """The catalogues named, or every French page catalogue."""
    chosen = [Path(p).resolve() for p in paths]
    return chosen or sorted((LOCALES / "fr" / "LC_MESSAGES").rglob("*.po"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description="Check the French page catalogues before a build does.",
        epilog="With no FILE, every catalogue under locales/fr/LC_MESSAGES/.")
    parser.add_argument("--fix", action="store_true",
                        help="put narrow no-break spaces in first, and rewrite the catalogues")
    parser.add_argument("files", nargs="*", metavar="FILE", help="a .po catalogue to check")
    args = parser.parse_args(argv)
    missing = [name for name in args.files if not Path(name).is_file()]
    if missing:
        parser.error(f"no such catalogue: {missing[0]}")
    if args.fix:
        changed = sum(fix_typography(path) for path in catalogues(args.files))
        print(f"{changed} message(s) set with narrow no-break spaces", file=sys.stderr)
    chosen = catalogues(args.files)
    found = [line for path in chosen for line in problems(path)]
    for line in found:
        print(line)
    print(f"{len(found)} problem(s) in {len(chosen)} catalogue(s)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

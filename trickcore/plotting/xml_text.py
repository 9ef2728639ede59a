"""Text and attribute values escaped for SVG, as ``xml.sax.saxutils`` escapes them.

Written here because importing ``xml.sax.saxutils`` imports ``urllib.request`` and the e-mail
package with it: a fifth of a second of the live table's start in the browser, for three
replacements (``html``, which trickcore's displays import anyway, escapes them the same way).
"""

from __future__ import annotations

import html

__all__ = ["escape", "quoteattr"]


def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped.

    >>> escape("2 < 3 & 4 > 1")
    '2 &lt; 3 &amp; 4 &gt; 1'
    """
    return html.escape(text, quote=False)


def quoteattr(text: str) -> str:
    r"""``text`` as a quoted attribute value: in double quotes unless it holds one and no single
    quote; newlines and tabs kept as character references.

    >>> print(quoteattr("the hook's 1"))
    "the hook's 1"
    >>> print(quoteattr('say "yes"'))
    'say "yes"'
    >>> print(quoteattr("a\tb"))
    "a&#9;b"
    """
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'

"""Text from outside (a paste, a URL, a file, a notebook's argument) made safe to show.

Whatever a reader types or pastes may be shown back to them, or to their teacher: in a refusal
("'...' is not a deal code"), in the class results' list of problems.  It is never shown as
markup.  :func:`shown` gives it as HTML text: escaped (``<``, ``>``, ``&`` and both quotes, so
it is safe in an element and in a quoted attribute), with every invisible control written out
as a visible ``[U+202E]`` (a right-to-left override would otherwise turn the rest of the line
round, and hide what the text really says), and cut after ``longest`` characters with an
ellipsis (a pasted book stays a line).  :func:`neutral` does the same but the escaping, for
text that is set as text (a tooltip, a field's value, a sentence escaped later as a whole).

>>> print(shown('<img src=x onerror="alert(1)">'))
&lt;img src=x onerror=&quot;alert(1)&quot;&gt;
>>> print(shown("abc\\u202etxt.exe"))
abc[U+202E]txt.exe
>>> print(shown("x" * 100, longest=10))
xxxxxxxxxx…
"""

from __future__ import annotations

import html
import unicodedata

__all__ = ["BIDI_CONTROLS", "LONGEST", "neutral", "shown"]

#: The bidirectional controls: embeddings and overrides (U+202A to U+202E), isolates (U+2066 to
#: U+2069), the left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter
#: mark (U+061C).  Each reorders or redirects the text around it on screen.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")
#: How much of a text is shown back by default (characters of the text itself).
LONGEST = 80
#: The Unicode categories written out as ``[U+XXXX]``: controls, format characters (the bidi
#: controls, zero-width joiners and spaces, soft hyphens), lone surrogates, and the line and
#: paragraph separators.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _visible(char: str) -> str:
    if char in BIDI_CONTROLS or unicodedata.category(char) in _HIDDEN:
        return f"[U+{ord(char):04X}]"
    return char


def neutral(text: object, longest: int = LONGEST) -> str:
    """``text`` as plain text safe to show: at most ``longest`` of its characters (then
    ``…``), each invisible control written out as ``[U+XXXX]``.  Not escaped for HTML.

    >>> neutral("TT2-\\u2066abc\\u2069\\n", longest=6)
    'TT2-[U+2066]a…'
    >>> neutral("  no change  ")
    '  no change  '
    """
    if longest < 1:
        raise ValueError(f"longest must be at least 1, not {longest}")
    whole = str(text)
    head = whole[:longest]
    return "".join(map(_visible, head)) + ("…" if len(whole) > longest else "")


def shown(text: object, longest: int = LONGEST) -> str:
    """``text`` as HTML text: :func:`neutral`, then escaped (quotes too), so that it can go
    between tags or inside a quoted attribute and is only ever text.

    >>> shown("'\\"><svg onload=alert(1)>")
    '&#x27;&quot;&gt;&lt;svg onload=alert(1)&gt;'
    """
    return html.escape(neutral(text, longest), quote=True)

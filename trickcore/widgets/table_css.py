"""The card table's look: the reader's hand as card faces, the felt with the seats around it.

The styles ship with the widgets' own HTML (a ``<style>`` element), so the table looks the same
in the book's live table, its build-time snapshot, JupyterLab and print.  A button of ipywidgets
shows only text, so a card button carries the classes ``tt-card-button tt-face-QS`` and the
style gives each face class its SVG face (:mod:`trickcore.display.faces`) as a background; the
text stays as the button's accessible name, drawn transparent.

Class hooks: ``tt-hand`` (the row of the reader's cards), ``tt-card-button``, ``tt-face-<code>``,
``tt-unplayable`` (a card that cannot be played now: dimmed, still tappable, says why),
``tt-from-kitty`` (a kitty card while discarding), ``tt-felt``, ``tt-seat-box``, ``tt-turn``,
``tt-dealer``, ``tt-trick-area``.

>>> from trickcore.cards import Card
>>> style = faces_style([Card.parse("QS"), Card.parse("QS")], four_colour=False)
>>> style.count(".tt-face-QS{"), style.startswith("<style>")
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from trickcore.cards import Card
from trickcore.display.faces import face_data_uri

__all__ = ["CALL_STYLE", "HAND_CSS", "face_class", "faces_style"]

#: The hand: one row of card faces that fills the width (no sideways scroll), each face
#: ``--tt-card-h`` tall (66 CSS px; the live table's table mode draws them larger).  Where the
#: row is short of room the cards overlap as a fanned hand does: each shows the left of its
#: face (its corner index) and the last shows it whole, so thirteen cards make one row on a
#: 375 px phone; Humbug's 26 make two rows of whole suits, the lower row over the foot of the
#: upper one, 46 px of each card left to see and to tap.  A strip narrower than 44 px is
#: opened by a first tap in the live table (``tt-peek``, given by its script: the card shows
#: its whole face, at least 44 px wide) by a finger and played by its second tap (a mouse
#: plays a strip on one click).  A card grows from a basis of 1 px, not 0: a card of basis 0
#: still fits on the full line of a suit break, so the whole lower row would stay on it at no
#: width.  Where no script opens a strip (the widget in JupyterLab, JupyterLite or Voilà: only the
#: book's live table, ``.tt-live-area``, runs one, and its snapshot plays nothing), a touch
#: screen shows every card whole, rows wrapping, so that one tap never lands on a neighbour.
#: A dimmed card cannot be played now; a chosen discard is raised, outlined and ticked.
_FACE_W = "max(44px,calc(var(--tt-card-h,66px)*60/84))"
HAND_CSS = (
    ".tt-hand{display:flex!important;flex-flow:row wrap!important;align-items:flex-start;"
    "gap:0;max-width:36em;padding:10px 0 calc(var(--tt-card-h,66px) - 42px)!important;"
    "overflow:visible!important}"
    ".tt-hand>.tt-hand-style{display:none}"
    ".tt-hand>.tt-hand-label,.tt-hand>.tt-suit-break{flex:0 0 100%}"
    ".tt-hand>.tt-suit-break{height:0;margin:0!important;overflow:hidden}"
    ".tt-hand .tt-card-button,.tt-hand .tt-card-button.mod-active{flex:1 1 1px;"
    "width:auto!important;min-width:0!important;max-width:" + _FACE_W + ";"
    "height:var(--tt-card-h,66px)!important;margin:0 0 calc(46px - var(--tt-card-h,66px))"
    " 0!important;padding:0!important;border:0!important;border-radius:6px;"
    "color:transparent!important;font-size:1px!important;box-shadow:-1px 1px 3px #0006;"
    "background-color:#fff!important;background-position:left top!important;"
    "background-size:auto 100%!important;background-repeat:no-repeat!important;"
    "position:relative;transition:transform .12s}"
    ".tt-hand .tt-card-button:last-child,.tt-hand .tt-card-button:has(+.tt-suit-break),"
    ".tt-hand .tt-card-button.tt-peek{flex:0 0 " + _FACE_W + "}"
    ".tt-hand .tt-card-button.tt-peek{z-index:1;transform:translateY(-6px)}"
    ".tt-hand .tt-card-button:focus-visible{outline:3px solid #1565c0;outline-offset:1px}"
    ".tt-hand .tt-card-button.tt-unplayable{opacity:.45;filter:grayscale(.6);box-shadow:none}"
    ".tt-hand .tt-card-button.mod-active{transform:translateY(-9px);"
    "outline:3px solid #1565c0;outline-offset:1px}"
    ".tt-hand .tt-card-button.mod-active::after{content:'✓';position:absolute;right:-4px;"
    "top:-8px;background:#1565c0;color:#fff;font:700 14px/20px sans-serif;width:20px;"
    "height:20px;border-radius:50%}"
    ".tt-hand .tt-card-button.tt-from-kitty::before{content:'';position:absolute;left:50%;"
    "bottom:3px;width:8px;height:8px;margin-left:-4px;border-radius:50%;background:#b36b00}"
    "@media (hover:hover){.tt-hand .tt-card-button:not(.tt-unplayable):hover"
    "{transform:translateY(-4px)}}"
    "@media (prefers-reduced-motion:reduce){.tt-hand .tt-card-button{transition:none}}"
    "@media (pointer:coarse){.tt-hand .tt-card-button:not(.tt-live-area *)"
    ":not(.tt-snapshot-static *){flex:0 0 " + _FACE_W + "}}"
    "@media print{.tt-hand .tt-card-button{-webkit-print-color-adjust:exact;"
    "print-color-adjust:exact}}"
)


def face_class(card: Card) -> str:
    """The class that gives a card button its face: ``tt-face-QS``, ``tt-face-JK2``."""
    return "tt-face-" + card.code


def faces_style(cards: Iterable[Card], *, four_colour: bool) -> str:
    """A ``<style>`` element: the hand's rules and a face for each of ``cards``."""
    rules = {}
    for card in cards:
        rules[card.code] = (f'.{face_class(card)}{{background-image:'
                            f'url("{face_data_uri(card, four_colour=four_colour)}")!important}}')
    return f"<style>{HAND_CSS}{''.join(rules.values())}</style>"

#: Five Hundred's call ladder (hand_controls): a grid of 44 px calls in order, the call to beat
#: outlined, a refused call greyed but tappable.
CALL_STYLE = (
    "<style>.tt-call-grid .tt-call-button,.tt-call-others .tt-call-button{min-width:44px;"
    "min-height:44px;margin:0;padding:0 2px;white-space:nowrap}"
    ".tt-call-others{gap:4px;margin-top:4px}.tt-call-others .tt-call-button{padding:0 .7em}"
    ".tt-call-button.tt-unplayable{background:#eee;color:#595959;border:1px dashed #8a8a8a}"
    ".tt-call-button.tt-call-high{outline:3px dashed #555;outline-offset:-3px;opacity:1;"
    "background:#fff}</style>"
)

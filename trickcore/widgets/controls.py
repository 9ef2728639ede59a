"""The demo views' shared controls: labelled buttons and toggles, HTML boxes, status lines.

No model here: a view passes what a control needs (a ruleset, a text).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.notation.codes import MAX_CODE_SEED as MAX_SEED  # the seed control's bound
from trickcore.rules import Ruleset

__all__ = ["MAX_SEED", "REFUSAL_LONGEST", "card_layout", "html_box", "labelled_button",
           "labelled_toggle", "message", "players_for", "row_label"]

#: How much of a refusal is shown (characters): the engine's sentence repeats what was typed.
REFUSAL_LONGEST = 300


def labelled_button(description: str, tooltip: str, **kwargs: Any) -> Any:
    """A button with a visible label and a tooltip (its accessible description)."""
    layout = kwargs.pop("layout", widgets.Layout(width="auto"))
    return widgets.Button(description=description, tooltip=tooltip, layout=layout, **kwargs)


def labelled_toggle(description: str, tooltip: str, value: bool = False) -> Any:
    """An on/off button with a visible label and a tooltip."""
    return widgets.ToggleButton(value=value, description=description, tooltip=tooltip,
                                layout=widgets.Layout(width="auto"))


def html_box(value: str = "") -> Any:
    """An HTML widget (the demos draw cards and tables into these)."""
    return widgets.HTML(value=value)


def players_for(ruleset: Ruleset, players: int | None) -> int:
    """``players`` if given, else four where the variant allows it, else its first count."""
    if players is not None:
        return players
    counts = ruleset.players
    return 4 if 4 in counts else counts[0]


def message(text: str, *, error: bool = False) -> str:
    """A status line (red when it reports a refusal); empty text gives an empty string.

    ``text`` is HTML: anything in it that a reader typed or pasted must come through
    :func:`trickcore.display.shown` first."""
    if not text:
        return ""
    colour = "#a00000" if error else "#1a1a1a"
    return f'<p role="status" style="color:{colour}">{text}</p>'


def card_layout() -> Any:
    """A card button's layout: wide enough for "10♠" in JupyterLab's button font."""
    return widgets.Layout(width="auto", min_width="4em")


def row_label(text: str) -> Any:
    """A short label at the start of a row of buttons."""
    return widgets.HTML(value='<span style="display:inline-block;min-width:7em">'
                        f"{html.escape(text)}</span>")



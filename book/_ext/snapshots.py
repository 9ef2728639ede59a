"""The demo snapshots drawn when the book is built, so that nothing moves under the reader.

myst-nb writes a demo's saved widget state into the page for the widget manager to draw in
the browser, a few seconds after the page has loaded (the manager is 3.6 MB): until then the
snapshot has no height, and everything below it (the "Play it live" button) moves down under
the reader's pointer when it comes.  This extension draws each snapshot in the page's HTML
instead, as the manager would (the same elements and classes: ``widget-vbox``, ``widget-html``,
``jupyter-button``..., styled by the widgets' own style sheet, vendored from npm), from the first
paint; its buttons, menus and fields are drawn as the demo had them (enabled or not), and
said to be disabled (``aria-disabled``): a snapshot's controls do nothing.  Beside it
goes the snapshot's printable copy (``tt-print-static``: its text, tables and cards, without
its rows of controls), which the print style sheet prints instead.  The saved state then has no
use in the page and is left out, and so is the manager: the live table loads it on its own.

A page whose saved state holds a kind of widget this module does not draw keeps the state and
the manager's drawing, as before.

>>> state = {"a": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_b"],
...                                                     "_dom_classes": ["tt-demo"]}},
...          "b": {"model_name": "ButtonModel", "state": {"description": "Hint <now>",
...                                                       "tooltip": "A hint"}}}
>>> print(draw(state, "a"))  # doctest: +NORMALIZE_WHITESPACE
<div class="lm-Widget jupyter-widgets widget-container widget-box widget-vbox tt-demo"><button
 class="lm-Widget jupyter-widgets jupyter-button widget-button" title="A hint"
 aria-disabled="true">Hint &lt;now&gt;</button></div>
>>> print(printable(state, "a"))
<BLANKLINE>
>>> drawable(state, "a"), drawable({"a": {"model_name": "IntSliderModel", "state": {}}}, "a")
(True, False)
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

__all__ = ["draw", "drawable", "printable", "snapshot_page"]

VIEW_MIME = "application/vnd.jupyter.widget-view+json"
STATE_MIME = "application/vnd.jupyter.widget-state+json"

_BOXES = {"VBoxModel": "widget-vbox", "HBoxModel": "widget-hbox", "BoxModel": "",
          "GridBoxModel": "widget-gridbox"}
_SHOWN = {"HTMLModel", "HTMLMathModel"}
_DRAWN = {*_BOXES, *_SHOWN, "LabelModel", "ButtonModel", "ToggleButtonModel",
          "ToggleButtonsModel", "DropdownModel", "TextModel", "TextareaModel", "IntTextModel",
          "BoundedIntTextModel", "FloatTextModel", "BoundedFloatTextModel", "OutputModel"}
#: Models that only style others (never drawn themselves).
_STYLES = {"LayoutModel", "ButtonStyleModel", "HTMLStyleModel", "HTMLMathStyleModel",
           "ToggleButtonStyleModel", "ToggleButtonsStyleModel", "DescriptionStyleModel",
           "TextStyleModel", "LabelStyleModel", "BoxStyleModel", "TextareaStyleModel"}
#: The layout traits the widgets' LayoutView writes as CSS (the rest are not in our demos).
_LAYOUT = ("align_content", "align_items", "align_self", "border", "bottom", "display", "flex",
           "flex_flow", "grid_area", "grid_auto_columns", "grid_auto_flow", "grid_auto_rows",
           "grid_column", "grid_gap", "grid_row", "grid_template_areas",
           "grid_template_columns", "grid_template_rows", "height", "justify_content",
           "justify_items", "left", "margin", "max_height", "max_width", "min_height",
           "min_width", "object_fit", "object_position", "order", "overflow", "padding",
           "right", "top", "visibility", "width")
_STYLE_CSS = {"button_color": "background-color", "font_weight": "font-weight",
              "text_color": "color", "font_size": "font-size", "font_style": "font-style",
              "font_family": "font-family", "text_decoration": "text-decoration"}
_BASE = "lm-Widget jupyter-widgets"


def _model(models: dict[str, Any], ref: Any) -> dict[str, Any] | None:
    found = models.get(str(ref).removeprefix("IPY_MODEL_"))
    return found if isinstance(found, dict) else None


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _classes(*names: str) -> str:
    return " ".join(name for name in names if name)


def _layout(models: dict[str, Any], state: dict[str, Any]) -> str:
    layout = _model(models, state.get("layout")) or {}
    values = layout.get("state", {})
    css = [f"{key.replace('_', '-')}: {values[key]}" for key in _LAYOUT
           if values.get(key) not in (None, "")]
    return "; ".join(css)


def _style(models: dict[str, Any], state: dict[str, Any]) -> str:
    style = (_model(models, state.get("style")) or {}).get("state", {})
    return "; ".join(f"{css}: {style[key]}" for key, css in _STYLE_CSS.items()
                     if style.get(key) not in (None, ""))


def _attrs(classes: str, style: str, extra: str = "") -> str:
    out = f' class="{_e(classes)}"'
    if style:
        out += f' style="{_e(style)}"'
    return out + extra


def _output(output: dict[str, Any]) -> str:
    data = output.get("data") or {}

    def joined(value: Any) -> str:
        return "".join(value) if isinstance(value, list) else str(value)

    if "text/html" in data:
        return joined(data["text/html"])
    if "image/svg+xml" in data:
        return joined(data["image/svg+xml"])
    if "image/png" in data:
        return f'<img alt="" src="data:image/png;base64,{_e(joined(data["image/png"]))}">'
    if "text/plain" in data:
        return f"<pre>{_e(joined(data['text/plain']))}</pre>"
    if "text" in output:
        return f"<pre>{_e(joined(output['text']))}</pre>"
    return ""


def drawable(models: dict[str, Any], ref: Any, depth: int = 0) -> bool:
    """Whether every widget under ``ref`` is of a kind :func:`draw` draws."""
    model = _model(models, ref)
    if model is None or depth > 40:
        return False
    name = model.get("model_name")
    if name not in _DRAWN:
        return False
    children = model.get("state", {}).get("children") or []
    return all(drawable(models, child, depth + 1) for child in children)


def _off(state: dict[str, Any]) -> str:
    """A control of the snapshot: disabled as the demo had it, else said to be (it does
    nothing here)."""
    return " disabled" if state.get("disabled") else ' aria-disabled="true"'


def _label(description: str) -> str:
    shown = "" if description else ' style="display: none;"'
    return f'<label class="widget-label"{shown}>{_e(description)}</label>'


def _named(state: dict[str, Any]) -> str:
    """A field's or menu's name for screen readers: its description, else its tooltip (a title
    alone is not a label, and the widgets' label beside it is not tied to the field here)."""
    name = state.get("description") or state.get("tooltip") or state.get("placeholder") or ""
    return f' aria-label="{_e(name)}"' if name else ""


def draw(models: dict[str, Any], ref: Any) -> str:
    """The widget ``ref`` as the widget manager draws it, its controls disabled."""
    model = _model(models, ref)
    if model is None:
        return ""
    name = model.get("model_name", "")
    state = model.get("state", {})
    dom = " ".join(state.get("_dom_classes") or [])
    layout = _layout(models, state)
    if name in _BOXES:
        inner = "".join(draw(models, child) for child in state.get("children") or [])
        kind = _BOXES[name]
        classes = _classes(_BASE, "widget-container widget-box", kind, dom)
        if name == "GridBoxModel":
            layout = "; ".join(filter(None, ["display: grid", layout]))
        return f"<div{_attrs(classes, layout)}>{inner}</div>"
    if name in _SHOWN:
        classes = _classes(_BASE, "widget-inline-hbox widget-html", dom)
        return (f"<div{_attrs(classes, layout)}>{_label(state.get('description', ''))}"
                f'<div class="widget-html-content">{state.get("value", "")}</div></div>')
    if name == "LabelModel":
        classes = _classes(_BASE, "widget-label", dom)
        return f"<div{_attrs(classes, layout)}>{_e(state.get('value', ''))}</div>"
    if name in ("ButtonModel", "ToggleButtonModel"):
        kind = "widget-button" if name == "ButtonModel" else "widget-toggle-button"
        button_style = state.get("button_style") or ""
        classes = _classes(_BASE, "jupyter-button", kind,
                           f"mod-{button_style}" if button_style else "",
                           "mod-active" if state.get("value") else "", dom)
        style = "; ".join(filter(None, [layout, _style(models, state)]))
        title = state.get("tooltip") or ""
        extra = (f' title="{_e(title)}"' if title else "") + _off(state)
        return f"<button{_attrs(classes, style, extra)}>{_e(state.get('description', ''))}</button>"
    if name == "ToggleButtonsModel":
        labels = state.get("_options_labels") or []
        tips = state.get("tooltips") or []
        buttons = []
        for i, label in enumerate(labels):
            active = " mod-active" if state.get("index") == i else ""
            tip = f' title="{_e(tips[i])}"' if i < len(tips) and tips[i] else ""
            buttons.append(f'<button class="widget-toggle-button jupyter-button{active}"{tip}'
                           f"{_off(state)}>{_e(label)}</button>")
        classes = _classes(_BASE, "widget-inline-hbox widget-toggle-buttons", dom)
        return (f"<div{_attrs(classes, layout)}>{_label(state.get('description', ''))}"
                f'<div class="widget-toggle-buttons">{"".join(buttons)}</div></div>')
    if name == "DropdownModel":
        labels = state.get("_options_labels") or []
        index = state.get("index")
        options = "".join(f"<option{' selected' if i == index else ''}>{_e(label)}</option>"
                          for i, label in enumerate(labels))
        classes = _classes(_BASE, "widget-inline-hbox widget-dropdown", dom)
        tip = state.get("tooltip") or state.get("description") or ""
        return (f"<div{_attrs(classes, layout)}>{_label(state.get('description', ''))}"
                f'<select title="{_e(tip)}"{_named(state)}{_off(state)}>{options}</select></div>')
    if name.endswith("TextModel"):
        number = name != "TextModel"
        classes = _classes(_BASE, "widget-inline-hbox widget-text", dom)
        tip = state.get("tooltip") or state.get("description") or ""
        kind = "number" if number else "text"
        return (f"<div{_attrs(classes, layout)}>{_label(state.get('description', ''))}"
                f'<input type="{kind}" title="{_e(tip)}"{_named(state)}'
                f' value="{_e(state.get("value", ""))}"'
                f' placeholder="{_e(state.get("placeholder", ""))}"{_off(state)}></div>')
    if name == "TextareaModel":
        classes = _classes(_BASE, "widget-inline-hbox widget-textarea", dom)
        tip = state.get("tooltip") or state.get("description") or ""
        return (f"<div{_attrs(classes, layout)}>{_label(state.get('description', ''))}"
                f'<textarea title="{_e(tip)}"{_named(state)} rows="{_e(state.get("rows") or 2)}"'
                f' placeholder="{_e(state.get("placeholder", ""))}"{_off(state)}>'
                f"{_e(state.get('value', ''))}</textarea></div>")
    if name == "OutputModel":
        classes = _classes(_BASE, "widget-output", dom)
        inner = "".join(_output(o) for o in state.get("outputs") or [])
        return f"<div{_attrs(classes, layout)}>{inner}</div>"
    return ""


def printable(models: dict[str, Any], ref: Any, depth: int = 0) -> str:
    """The printable parts of ``ref``: its text, tables and cards, in order; a row (HBox) that
    holds a control is the demo's tool bar or the reader's buttons, and is left out whole."""
    model = _model(models, ref)
    if model is None or depth > 40:
        return ""
    name = model.get("model_name")
    state = model.get("state", {})
    if name in _SHOWN:
        return f"<div>{state['value']}</div>" if state.get("value") else ""
    if name == "LabelModel":
        return f"<p>{_e(state['value'])}</p>" if state.get("value") else ""
    if name == "OutputModel":
        return "".join(_output(o) for o in state.get("outputs") or [])
    children = state.get("children") or []
    kids = [_model(models, child) or {} for child in children]
    controls = any(not kid.get("state", {}).get("children")
                   and kid.get("model_name") not in (*_SHOWN, "LabelModel", "OutputModel")
                   for kid in kids)
    if controls and name == "HBoxModel":
        return ""
    return "".join(printable(models, child, depth + 1) for child in children)


_VIEW = re.compile(r'<script type="' + re.escape(VIEW_MIME) + r'">(.*?)</script>', re.S)
_OUTPUT = re.compile(r'(<div class="cell_output docutils container">)(\s*)(?=<script type="'
                     + re.escape(VIEW_MIME) + '">)')


def snapshot_page(body: str, saved: dict[str, Any]) -> str | None:
    """``body`` with every demo snapshot drawn (see the module's docstring); None when one of
    them cannot be drawn here, and the page keeps the widget manager's drawing."""
    models = saved.get("state") or {}
    # Each snapshot's output is marked (its frame and its label) from the first paint.
    body = _OUTPUT.sub(r'<div class="cell_output docutils container tt-widget-snapshot">\2', body)
    views = []
    for match in _VIEW.finditer(body):
        try:
            ref = json.loads(html.unescape(match.group(1)))["model_id"]
        except (ValueError, KeyError, TypeError):
            return None
        if not drawable(models, ref):
            return None
        views.append((match, ref))
    if not views:
        return None
    out = []
    last = 0
    for match, ref in views:
        out.append(body[last:match.start()])
        out.append(f'<div class="tt-snapshot-static jupyter-widgets jp-OutputArea-output">'
                   f'<div class="widget-subarea">{draw(models, ref)}</div></div>'
                   f'<div class="tt-print-static">{printable(models, ref)}</div>')
        last = match.end()
    out.append(body[last:])
    return "".join(out)

"""Run a demo in a web page with no Jupyter around it (the book's live table).

The book's "Play it live" boots Pyodide in the page itself (``scripts/live_table.js``) and draws
the widgets with the widget manager the site already serves for its snapshots.  Two small pieces
stand in for what a Jupyter kernel would provide:

* an **IPython stand-in**: ipywidgets imports four names from IPython (``get_ipython``,
  ``IPython.display.display`` and ``clear_output``, ``InteractiveShell``); importing the real
  IPython costs about two seconds in Pyodide, so when it is not installed a tiny module with
  those names is registered instead (:func:`install_ipython_stand_in`);
* a **comm bridge**: every comm message the widgets publish is handed, as JSON, to a function of
  the page (:class:`PageComm`), and every message of the page comes back through :func:`receive`.

None of this needs a browser: a test can pass any ``send`` callable.

>>> sent = []
>>> install(lambda kind, text, buffers: sent.append((kind, json.loads(text))))
>>> model_id = start("play_demo", '{"code": "humbug-2-7"}')
>>> sorted({kind for kind, _ in sent})
['comm_msg', 'comm_open']
>>> any(message["comm_id"] == model_id for _, message in sent)
True
>>> uninstall()
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from collections.abc import Callable, Sequence
from typing import Any

import comm
from comm.base_comm import BaseComm

from trickcore.display import shown
from trickcore.errors import TrickcoreError
from trickcore.files import load_json
from trickcore.widgets.class_link import class_link_arguments
from trickcore.widgets.ui_words import ui

_ = ui.gettext

#: The page's function: message type, the message as JSON text, its binary buffers.
Send = Callable[[str, str, list[bytes]], None]

#: The demos the page may start, by name (each returns a widget), and the module of each: a
#: page imports only the modules of its own demos (the analyses' plotting is not needed to play).
DEMO_MODULES = {
    "play_demo": "trickcore.widgets.hand_view",
    "bid_demo": "trickcore.widgets.hand_view",
    "deal_demo": "trickcore.widgets.deal_view",
    "score_sheet": "trickcore.widgets.sheet_view",
    "bid_chances_demo": "trickcore.widgets.analysis_view",
    "hook_effect_demo": "trickcore.widgets.analysis_view",
    "class_results": "trickcore.widgets.results_view",
}
DEMOS = tuple(DEMO_MODULES)

_send: list[Send] = []
#: the page's "post what is waiting now" (the live table batches a handler's messages)
_flush: list[Callable[[], object]] = []
#: How much of a note about a class link is shown (it repeats parts of the link, cut short).
_NOTE_LONGEST = 1000


def install_ipython_stand_in() -> bool:
    """Register a tiny ``IPython`` module if the real one is not installed; True if it did.

    >>> install_ipython_stand_in()  # IPython is installed here
    False
    """
    if "IPython" in sys.modules or importlib.util.find_spec("IPython") is not None:
        return False

    class InteractiveShell:
        """No shell: widgets only ask whether one is running."""

        @classmethod
        def initialized(cls) -> bool:
            return False

    def get_ipython() -> None:
        return None

    def display(*_objects: Any, **_options: Any) -> None:
        """Nothing to display into: the page draws the demo's own widget."""

    def clear_output(wait: bool = False) -> None:
        """Nothing to clear."""

    ipython = types.ModuleType("IPython", "A stand-in for IPython (trickcore.widgets.page_runner).")
    display_module = types.ModuleType("IPython.display")
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")
    display_module.display = display  # type: ignore[attr-defined]
    display_module.clear_output = clear_output  # type: ignore[attr-defined]
    shell.InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    core.interactiveshell = shell  # type: ignore[attr-defined]
    ipython.get_ipython = get_ipython  # type: ignore[attr-defined]
    ipython.display = display_module  # type: ignore[attr-defined]
    ipython.core = core  # type: ignore[attr-defined]
    ipython.version_info = (0, 0, 0)  # type: ignore[attr-defined]
    sys.modules.update({"IPython": ipython, "IPython.display": display_module,
                        "IPython.core": core, "IPython.core.interactiveshell": shell})
    return True


class PageComm(BaseComm):
    """A comm whose messages go to the page's function (``install`` sets it; once
    ``uninstall`` has run, they go nowhere)."""

    def publish_msg(self, msg_type: str, data: dict[str, Any] | None = None,
                    metadata: dict[str, Any] | None = None,
                    buffers: Sequence[Any] | None = None, **keys: Any) -> None:
        message = {"comm_id": self.comm_id, "target_name": self.target_name,
                   "data": data or {}, "metadata": metadata or {}}
        for send in _send:
            send(msg_type, json.dumps(message, default=str),
                 [bytes(buffer) for buffer in buffers or ()])


def _create_comm(*args: Any, **kwargs: Any) -> BaseComm:
    return PageComm(*args, **kwargs)


_DEFAULT_CREATE = comm.create_comm


def install(send: Send, flush: Callable[[], object] | None = None) -> None:
    """Send every comm message to ``send`` from now on (and stand in for IPython if needed).

    ``flush``, where given, posts the messages the page holds back until a handler returns: a
    long handler calls :func:`flush` so that a "working" state shows before the work."""
    install_ipython_stand_in()
    _send[:] = [send]
    _flush[:] = [flush] if flush is not None else []
    comm.create_comm = _create_comm


def flush() -> None:
    """Post now the messages sent so far (only in the live table; elsewhere nothing to do)."""
    for one in _flush:
        one()


def uninstall() -> None:
    """Back to the comms ``comm`` makes by default; the demos started are let go."""
    comm.create_comm = _DEFAULT_CREATE
    _send.clear()
    _flush.clear()
    _shown.clear()


def prepare(demos: Sequence[str] = DEMOS) -> None:
    """Import what :func:`start` needs for ``demos`` (ipywidgets, their modules), so that a
    start builds only the demo: the page calls it, with the demos it has, while the reader is
    still reading.  Unknown names are left to :func:`start` to refuse.

    >>> prepare(["play_demo"])
    >>> "trickcore.widgets.hand_view" in sys.modules
    True
    """
    install_ipython_stand_in()
    for module in dict.fromkeys(DEMO_MODULES[d] for d in demos if d in DEMO_MODULES):
        importlib.import_module(module)


#: The most a message of the page (a click, a field's text) or a demo's arguments may hold.
MAX_MESSAGE_BYTES = 1_000_000
#: The most a class link (its deal code and seat, as JSON) may hold: a deal code is at most
#: 600 characters (``trickcore.notation.codes.MAX_DEAL_CODE_CHARS``), a seat a name.
MAX_LINK_BYTES = 4_000


def receive(comm_id: str, text: str, buffers: Sequence[bytes] = ()) -> None:
    """Hand a message of the page (``data`` as JSON text) to the comm it is for."""
    target = comm.get_comm_manager().comms.get(comm_id)
    if target is not None:
        data = load_json(text, what=_("a message of the page"), max_bytes=MAX_MESSAGE_BYTES)
        target.handle_msg({"content": {"comm_id": comm_id, "data": data},
                           "buffers": [memoryview(b) for b in buffers], "metadata": {}})


def start(demo: str, arguments: str, link: str = "{}") -> str:
    """Build one of :data:`DEMOS` from its keyword arguments (JSON); its widget's model id.

    ``link`` is the page URL's class link as JSON data, ``{"deal": ..., "seat": ...}`` (either
    may be missing): the page passes the values through unchecked, and they are checked here
    (:func:`~trickcore.widgets.class_link.class_link_arguments`).  Anything the demo cannot
    use is said in words in the demo, which then starts on the page's own deal.

    >>> sent = []
    >>> install(lambda kind, text, buffers: sent.append(json.loads(text)))
    >>> _ = start("play_demo", '{"variant": "oh-hell"}', '{"deal": "humbug-2-7"}')
    >>> "is a deal of Humbug" in _shown[-1].message_html.value, _shown[-1].session.code
    (True, 'oh-hell-4-1')
    >>> uninstall()
    """
    if demo not in DEMOS:
        raise ValueError(f"no such demo: {demo!r} (one of {', '.join(DEMOS)})")
    module = importlib.import_module(DEMO_MODULES[demo])
    page_args = load_json(arguments, what=_("the demo's arguments"),
                          max_bytes=MAX_MESSAGE_BYTES)
    # The class link comes from the page's address, which anyone can write: it is bounded
    # before it is read, and a link that cannot be read leaves the page's own deal.
    unread = None
    try:
        given = load_json(link, what=_("the class link"), max_bytes=MAX_LINK_BYTES) if link else {}
    except TrickcoreError as error:
        given, unread = {}, error
    if not isinstance(given, dict):
        given = {}
    deal, seat = (given.get(key) for key in ("deal", "seat"))
    args, note = class_link_arguments(demo, page_args,
                                      deal if isinstance(deal, str) else None,
                                      seat if isinstance(seat, str) else None)
    if unread is not None:
        note = _("The class link could not be used ({error}), so the demo shows the page's"
                 " deal.").format(error=unread)
    try:
        widget = getattr(module, demo)(**args)
    except TrickcoreError as error:  # the link's deal and seat together: the page's own deal
        widget = getattr(module, demo)(**page_args)
        note = _("The class link could not be used ({error}), so the demo shows the page's"
                 " deal.").format(error=error)
    if note:
        said = (f'<p role="status" class="tt-link-note" style="color:#a00000">'
                f"{shown(note, _NOTE_LONGEST)}</p>")
        if hasattr(widget, "message_html"):
            widget.message_html.value = said
        else:  # a demo with no message line (the score sheet): the note goes on top
            import ipywidgets  # type: ignore[import-untyped]  # loaded with the demo

            widget.children = (ipywidgets.HTML(value=said), *widget.children)
    _shown.append(widget)
    model_id: str = widget.model_id
    return model_id


_shown: list[Any] = []  # the demos on the page stay alive as long as it does

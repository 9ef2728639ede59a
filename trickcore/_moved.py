"""Old module paths keep working: ``import trickcore.state`` gives ``trickcore.engine.state``.

The engine was reorganised into layers (``docs/ARCHITECTURE.md``).  Code written against the old
flat modules still imports: a finder on :data:`sys.meta_path` answers each old name with the
module that now holds its contents (the same module object, so its classes and functions are the
very same ones).  New code should import from the new places; trickcore itself never imports an
old path (``make lint`` checks the layers).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Sequence

__all__ = ["MOVED", "install"]

#: Old module path -> the module that holds its contents now.
MOVED: dict[str, str] = {
    # The engine stack: cards, rules, engine, notation, players ---------------------------
    "trickcore.decks": "trickcore.cards.packs",
    "trickcore.trumps": "trickcore.cards.ranking",
    "trickcore.variants": "trickcore.rules.registry",
    "trickcore.describe": "trickcore.rules.describe",
    "trickcore.state": "trickcore.engine.state",
    "trickcore.dealing": "trickcore.engine.dealing",
    "trickcore.auction": "trickcore.engine.calls",
    "trickcore.scoring": "trickcore.engine.scoring",
    "trickcore.match": "trickcore.engine.match",
    "trickcore.codes": "trickcore.notation.codes",
    "trickcore.records": "trickcore.notation",
    "trickcore.bots": "trickcore.players",
    "trickcore.bot500": "trickcore.players.heuristic500",
    "trickcore.mcbot": "trickcore.players.montecarlo",

    # The numbers: solver, study, plotting ---------------------------------------------------
    "trickcore.analysis": "trickcore.study.book_numbers",
    "trickcore.batch": "trickcore.study.batch",
    "trickcore.experiment": "trickcore.study.experiment",
    "trickcore.onecard": "trickcore.study.onecard",
    "trickcore.sim": "trickcore.study.accepted_deals",
    # Study modules renamed for what they hold (issue 29)
    "trickcore.study.analyses": "trickcore.study.book_numbers",
    "trickcore.study.studies": "trickcore.study.chunked",
    "trickcore.study.batch_rules": "trickcore.study.batch_support",
    "trickcore.study.onecard_pjt33": "trickcore.study.onecard_published",
    "trickcore.study.sim": "trickcore.study.accepted_deals",

    # Display, widgets, book helpers -------------------------------------------------------
    # Widget modules renamed for what they hold (issue 29)
    "trickcore.widgets.views": "trickcore.widgets.demos",
    "trickcore.widgets.model": "trickcore.widgets.demo_model",
    "trickcore.widgets.words": "trickcore.widgets.ui_words",
    "trickcore.widgets.browser": "trickcore.widgets.page_runner",
    "trickcore.widgets.class_tally": "trickcore.widgets.class_codes",
    "trickcore.widgets._controls": "trickcore.widgets.controls",
    "trickcore.widgets.render": "trickcore.widgets.hand_html",
    "trickcore.widgets.match_render": "trickcore.widgets.match_html",
    "trickcore.widgets.analysis": "trickcore.widgets.analysis_model",
}


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return None  # a placeholder, replaced in sys.modules by exec_module

    def exec_module(self, module: types.ModuleType) -> None:
        sys.modules[module.__name__] = importlib.import_module(self.target)


class _MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.util.spec_from_loader(fullname, _AliasLoader(new))


def install() -> None:
    """Put the finder on :data:`sys.meta_path` (once; ``import trickcore`` does it)."""
    if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
        sys.meta_path.append(_MovedFinder())

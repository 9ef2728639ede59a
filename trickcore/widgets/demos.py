"""Every demo in one import: the views of :mod:`trickcore.widgets`, loaded on first use.

The demos are ipywidgets: thin views that draw a model and pass clicks to it.

Nothing here decides a rule.  Which bids, calls and cards are enabled, and the reason shown on a
disabled one, come from the engine through :mod:`trickcore.widgets.demo_model`; the HTML comes from
:mod:`trickcore.widgets.hand_html`.  Every button has a visible label and a tooltip, so it can be
reached with the keyboard and read by a screen reader; every card shows its suit symbol.

A handler re-checks everything before it acts: clicking a disabled button (or calling its
``click()`` from Python) changes nothing.
"""

from __future__ import annotations

from trickcore.widgets.analysis_view import (
    BidChancesDemo,
    HookEffectDemo,
    bid_chances_demo,
    hook_effect_demo,
)
from trickcore.widgets.deal_view import DealDemo, deal_demo
from trickcore.widgets.hand_view import HandDemo, bid_demo, play_demo
from trickcore.widgets.results_view import ClassResultsDemo, class_results
from trickcore.widgets.sheet_view import ScoreSheet, score_sheet

__all__ = [
    "BidChancesDemo",
    "ClassResultsDemo",
    "DealDemo",
    "HandDemo",
    "HookEffectDemo",
    "ScoreSheet",
    "bid_chances_demo",
    "bid_demo",
    "class_results",
    "deal_demo",
    "hook_effect_demo",
    "play_demo",
    "score_sheet",
]

"""Play it: ipywidgets demos of dealing, bidding, trick play and a score sheet.

Each demo is one function that returns a widget (an ``ipywidgets.VBox``):

* :func:`deal_demo` deals any variant from a seed and shows the hands, trumps, kitty, table
  piles, the match schedule and a deal code that reproduces the deal anywhere;
* :func:`bid_demo` lets the reader bid for one seat against heuristic bots that explain their
  bids (the hook, over/under, the Five Hundred ladder, the kitty, the partner call, the joker);
* :func:`play_demo` plays a whole deal against the bots, with legal cards enabled, reasons on
  the others, the trick winner and why, a hint, undo and the score;
* :func:`score_sheet` has the bots play a whole match, deal by deal, filling in the sheet;
* :func:`class_results` tabulates and plots the result codes a class sends its teacher.

The widgets are thin: the rules are asked of the engine through the plain-Python models of
:mod:`trickcore.widgets.demo_model`, and the HTML is drawn by
:mod:`trickcore.widgets.hand_html`, whose cards, rows, tricks and tables come from
:mod:`trickcore.display`.  Those two modules do not need ipywidgets; this package loads it
(through :mod:`trickcore.widgets.demos`) only when a demo is built.  A demo resolves its variant
once, from its arguments, a deal code or its variant control, and hands the ruleset on.

>>> from trickcore.widgets import deal_demo
>>> deal_demo("humbug", seed=3).setup.code
'humbug-2-3'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

__all__ = ["BidChancesDemo", "ClassResultsDemo", "DealDemo", "HandDemo", "HookEffectDemo",
           "ScoreSheet", "bid_chances_demo", "bid_demo", "class_results", "deal_demo",
           "hook_effect_demo", "play_demo", "score_sheet"]


def __getattr__(name: str) -> Any:
    # The views import ipywidgets, so they are loaded on first use only.
    if name in __all__:
        from trickcore.widgets import demos

        return getattr(demos, name)
    raise AttributeError(f"module 'trickcore.widgets' has no attribute {name!r}")

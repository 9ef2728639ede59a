"""The book's page builders: HTML for the pages of "Taking Tricks", generated from the
rulesets so that text and engine agree.

Every table a page shows about a variant (its deal schedule, its scoring, the rules it sets, the
comparison of all variants) and every worked example (a seeded deal, bid and played by the
heuristic bots, with their reasons) is built here from the registry and the engine.  The page
only calls one function and displays the string with ``IPython.display.HTML``::

    import trickbook
    HTML(trickbook.schedule_table(tc.get_variant("oh-hell")))

This package belongs to the book, not to the engine: it is not part of the ``trickcore`` wheel
and trickcore never imports it.  The book's build puts ``book/`` on ``PYTHONPATH`` (see the
Makefile), and so does pytest (``pythonpath`` in ``pyproject.toml``).

Cards and tables are drawn by :mod:`trickcore.display`: each card shows its suit symbol and
carries a name for screen readers, so colour is never the only cue.

* :mod:`trickbook.tables`: the rules tables of a variant and the comparisons of all variants;
* :mod:`trickbook.packs`: the packs, the order of the trumps, one trick explained;
* :mod:`trickbook.examples`: worked examples of the Oh Hell family and Humbug;
* :mod:`trickbook.five_hundred` and :mod:`trickbook.five_hundred_example`: Five Hundred's
  tables and its worked example; :mod:`trickbook.joker`: the joker rules side by side;
* :mod:`trickbook.words` and :mod:`trickbook.parts`: the words for rule values and the small
  parts (names, tables, rows of cards) the others share.
* :mod:`trickbook.deal_claims`: what a page's own sentences say happens in a seeded deal,
  checked against the engine's record of it (:func:`claims`);
* :mod:`trickbook.answers`: the answers to the exercises, computed from a deal code, by family
  (:mod:`trickbook.answer_args` holds what every kind shares);
* :mod:`trickbook.render`: the HTML templates (``templates/``), filled with autoescape on, so
  that no module writes HTML in a Python string; :mod:`trickbook.quiz`: the self-check quizzes.

Every word they write is in the reader's language: English, or French when trickcore's language
is ``fr`` (``TRICKCORE_LANG=fr``, as the French edition's build sets it).  The sentences come from
the ``trickbook`` catalogue, book/trickbook/locale/fr/LC_MESSAGES/trickbook.po
(:mod:`trickbook.i18n`), and a quiz from book/quizzes/fr/ (:mod:`trickbook.quiz`).

>>> from trickcore.rules.registry import get_variant
>>> html = schedule_table(get_variant("oh-hell"))
>>> html.count("<tr>"), "19 deals" in html
(6, True)
>>> example = WorkedExample("oh-hell", players=4, seed=7, deal=5)
>>> example.state.hand_size, example.state.is_over
(5, True)
>>> 'aria-label="king of hearts"' in example.tricks_html()
True
"""

from __future__ import annotations

from trickbook.deal_claims import (
    claims,
)
from trickbook.examples import (
    WorkedExample,
    worked_example,
)
from trickbook.five_hundred import (
    FIVE_HUNDRED_OPTION_ORDER,
    avondale_table,
    deal_layout_table,
    five_hundred_options_table,
    forms_table,
    game_table,
    ladder_table,
    special_scores_table,
)
from trickbook.five_hundred_example import (
    FiveHundredExample,
)
from trickbook.joker import (
    JOKER_DEMO_HANDS,
    JOKER_DEMO_KITTY,
    joker_rules_html,
)
from trickbook.packs import (
    PACK_52,
    explain_trick,
    five_hundred_games,
    five_hundred_packs,
    five_hundred_packs_table,
    pack_contents,
    pack_table,
    trump_order,
)
from trickbook.parts import (
    PLAYER_NAMES,
    TIMELINE,
    cards_row,
)
from trickbook.tables import (
    comparison_table,
    game_length_table,
    options_table,
    points_comparison_table,
    registry_table,
    rules_list,
    schedule_table,
    scoring_table,
)
from trickbook.words import (
    call_text,
    players_text,
)

__all__ = [
    "FIVE_HUNDRED_OPTION_ORDER",
    "JOKER_DEMO_HANDS",
    "JOKER_DEMO_KITTY",
    "PACK_52",
    "PLAYER_NAMES",
    "TIMELINE",
    "FiveHundredExample",
    "WorkedExample",
    "avondale_table",
    "call_text",
    "cards_row",
    "claims",
    "comparison_table",
    "deal_layout_table",
    "explain_trick",
    "five_hundred_games",
    "five_hundred_options_table",
    "five_hundred_packs",
    "five_hundred_packs_table",
    "forms_table",
    "game_length_table",
    "game_table",
    "joker_rules_html",
    "ladder_table",
    "options_table",
    "pack_contents",
    "pack_table",
    "players_text",
    "points_comparison_table",
    "registry_table",
    "rules_list",
    "schedule_table",
    "scoring_table",
    "special_scores_table",
    "trump_order",
    "worked_example",
]

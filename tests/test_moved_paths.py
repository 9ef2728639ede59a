"""The old module paths of the engine stack still import, and give the very same objects.

``trickcore.state``, ``trickcore.match``, ``trickcore.decks``, ... moved into the packages
``cards``, ``rules``, ``engine``, ``notation`` and ``players``; :mod:`trickcore._moved` answers
the old paths with the modules that hold their contents now.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest
from support import assert_renamed

import trickcore
from trickcore._moved import MOVED

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

#: Old path -> (new module, the public names the old module had).
OLD_PATHS: dict[str, tuple[str, tuple[str, ...]]] = {
    "trickcore.decks": ("trickcore.cards.packs", ("Pack", "pack_cards", "pack_mask")),
    "trickcore.trumps": ("trickcore.cards.ranking", ("TrumpContext", "trump_context")),
    "trickcore.variants": ("trickcore.rules.registry", (
        "VARIANTS", "get_variant", "variant_keys", "OH_WELL", "CONTRACT_WHIST",
        "UP_AND_DOWN_THE_RIVER", "OH_PSHAW", "BRITISH_OH_HELL", "OH_HELL", "HUMBUG",
        "FIVE_HUNDRED", "FIVE_HUNDRED_2", "FIVE_HUNDRED_3", "FIVE_HUNDRED_5", "FIVE_HUNDRED_6",
        "FIVE_HUNDRED_QUEBEC")),
    "trickcore.describe": ("trickcore.rules.describe", ("describe", "rule_lines")),
    "trickcore.state": ("trickcore.engine.state", (
        "HAND", "TABLE", "Announced", "BidMade", "CardPlayed", "ContractSet", "Discarded",
        "Event", "HandScored", "HandState", "JokerNamed", "PartnerCalled", "Phase", "Trick",
        "TrickWon")),
    "trickcore.dealing": ("trickcore.engine.dealing", (
        "Deal", "choose_first_dealer", "deal_cards", "deal_from_hands", "rng_for",
        "turn_up_required", "STANDARD_52")),
    "trickcore.auction": ("trickcore.engine.calls", (
        "ALONE_KINDS", "LOSING_KINDS", "OPEN_KINDS", "Call", "CallKind", "Denomination",
        "australian_ladder", "avondale", "calls_in_order", "check_call")),
    "trickcore.scoring": ("trickcore.engine.scoring", (
        "deal_points", "exact_bid_points", "five_hundred_points", "settle", "winners_of")),
    "trickcore.match": ("trickcore.engine.match", (
        "Bot", "Choice", "Match", "bot_action", "play_deal", "five_hundred_end",
        "winners_of_subset")),
    "trickcore.codes": ("trickcore.notation.codes", (
        "DealCode", "deal_code", "match_from_code", "parse_deal_code", "state_from_code")),
    "trickcore.records": ("trickcore.notation", (
        "FORMAT", "card_code", "match_record", "read_record", "replay_record", "write_record")),
    "trickcore.bots": ("trickcore.players", ("HeuristicBot", "RandomBot")),
    "trickcore.bot500": ("trickcore.players.heuristic500", ("FiveHundredHeuristic",)),
    "trickcore.mcbot": ("trickcore.players.montecarlo", (
        "MonteCarloBot", "sample_world", "shown_voids")),
}

#: Where each moved name lives now (its defining module), to check identity against.
HOMES = {
    "Bot": "trickcore.engine.turns", "Choice": "trickcore.engine.turns",
    "bot_action": "trickcore.engine.turns", "play_deal": "trickcore.engine.turns",
    "HAND": "trickcore.engine.events", "TABLE": "trickcore.engine.events",
    "Phase": "trickcore.engine.events", "Trick": "trickcore.engine.events",
    "match_record": "trickcore.notation.records", "write_record": "trickcore.notation.records",
    "read_record": "trickcore.notation.replay", "replay_record": "trickcore.notation.replay",
    "HeuristicBot": "trickcore.players.heuristic", "RandomBot": "trickcore.players.random",
}


def test_every_moved_path_of_the_engine_stack_is_tested() -> None:
    mine = {old for old, new in MOVED.items()
            if new.split(".")[1] in ("cards", "rules", "engine", "notation", "players")}
    assert mine == set(OLD_PATHS)
    assert {old: MOVED[old] for old in OLD_PATHS} == {old: new for old, (new, _) in
                                                     OLD_PATHS.items()}


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_old_path_is_the_new_module(old: str) -> None:
    new, names = OLD_PATHS[old]
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert sys.modules[old] is module
    for name in names:
        home = importlib.import_module(HOMES.get(name, new))
        assert getattr(module, name) is getattr(home, name), name


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_from_old_path_import_gives_the_same_objects(old: str) -> None:
    new, names = OLD_PATHS[old]
    namespace: dict[str, object] = {}
    exec(f"from {old} import {', '.join(names)}", namespace)  # the import is the test
    for name in names:
        assert namespace[name] is getattr(importlib.import_module(HOMES.get(name, new)), name)


def test_public_names_are_the_same_objects_at_the_top() -> None:
    import trickcore.state

    import trickcore.engine.state

    assert trickcore.state.HandState is trickcore.engine.state.HandState is trickcore.HandState
    assert trickcore.Match is importlib.import_module("trickcore.match").Match
    assert trickcore.TrumpContext is importlib.import_module("trickcore.trumps").TrumpContext
    assert trickcore.MonteCarloBot is importlib.import_module("trickcore.mcbot").MonteCarloBot


def test_old_paths_work_in_a_fresh_interpreter() -> None:
    # The finder goes in as `import trickcore` starts, before anything imports an old path.
    code = ("import trickcore.state, trickcore.engine.state, trickcore.bots, trickcore.players;"
            " assert trickcore.state is trickcore.engine.state;"
            " assert trickcore.bots.RandomBot is trickcore.players.RandomBot;"
            " from trickcore.records import card_code, FORMAT; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "ok"


def test_no_old_module_file_is_left_at_the_top() -> None:
    from pathlib import Path

    top = Path(trickcore.__file__).parent
    for old in OLD_PATHS:
        name = old.split(".")[1]
        assert not (top / f"{name}.py").exists(), old


# The widget modules renamed for what they hold (issue 29) -----------------------------------------

#: Old path -> (new module, the public names the old module had: its ``__all__``, or for the page
#: runner, which had none, its public functions, classes and tables).
RENAMED_WIDGETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "trickcore.widgets.views": ("trickcore.widgets.demos", (
        "BidChancesDemo", "ClassResultsDemo", "DealDemo", "HandDemo", "HookEffectDemo",
        "ScoreSheet", "bid_chances_demo", "bid_demo", "class_results", "deal_demo",
        "hook_effect_demo", "play_demo", "score_sheet")),
    "trickcore.widgets.model": ("trickcore.widgets.demo_model", (
        "MAX_DEAL_CODE_CHARS", "BidOption", "CardOption", "DealSetup", "HandSession",
        "MatchSheet", "Move", "ScheduleRow", "code_for", "default_seat", "open_hands")),
    "trickcore.widgets.words": ("trickcore.widgets.ui_words", (
        "call_label", "percent", "refusal", "suit_one", "suit_words", "ui", "whole")),
    "trickcore.widgets.browser": ("trickcore.widgets.page_runner", (
        "DEMO_MODULES", "DEMOS", "PageComm", "install", "install_ipython_stand_in", "prepare",
        "receive", "start", "uninstall")),
    "trickcore.widgets.class_tally": ("trickcore.widgets.class_codes", (
        "MAX_CHARS", "MAX_LINES", "TIME_BUDGET", "BadLine", "ClassResults",
        "Deadline", "GoodLine", "double_dummy", "open_hands_html", "read_results",
        "results_table_html")),
    "trickcore.widgets._controls": ("trickcore.widgets.controls", (
        "MAX_SEED", "REFUSAL_LONGEST", "card_layout", "card_order", "html_box",
        "labelled_button", "labelled_toggle", "message", "players_for", "row_label")),
    "trickcore.widgets.render": ("trickcore.widgets.hand_html", (
        "STYLE", "action_text", "backs_html", "call_label", "deal_html", "log_html", "made_html",
        "schedule_html", "score_html", "seat_name", "suit_colour", "table_html", "trick_html",
        "trump_html")),
    "trickcore.widgets.match_render": ("trickcore.widgets.match_html", (
        "past_text", "result_code_html", "sheet_html", "total_text")),
    "trickcore.widgets.analysis": ("trickcore.widgets.analysis_model", (
        "BidChances", "HookEffect", "position_name")),
}


def test_every_moved_widget_path_is_tested() -> None:
    assert {old for old in MOVED if old.startswith("trickcore.widgets.")} == set(RENAMED_WIDGETS)


@pytest.mark.parametrize("old", sorted(RENAMED_WIDGETS))
def test_renamed_widget_module_is_the_new_module(old: str) -> None:
    pytest.importorskip("ipywidgets")
    assert_renamed(old, *RENAMED_WIDGETS[old])


def test_renamed_widget_paths_work_in_a_fresh_interpreter() -> None:
    pytest.importorskip("ipywidgets")
    code = ("import sys, trickcore.widgets.model, trickcore.widgets.class_tally\n"
            "from trickcore.widgets._controls import MAX_SEED\n"
            "from trickcore.widgets.match_play import MAX_SEED as bound\n"
            "from trickcore.study.open_hands import Deadline\n"
            "assert sys.modules['trickcore.widgets.model'] is sys.modules["
            "'trickcore.widgets.demo_model']\n"
            "assert trickcore.widgets.class_tally.Deadline is Deadline\n"
            "assert MAX_SEED == bound == 999_999_999_999\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "ok"


def test_no_renamed_widget_file_is_left() -> None:
    from pathlib import Path

    here = Path(trickcore.__file__).parent / "widgets"
    for old in RENAMED_WIDGETS:
        assert not (here / f"{old.rsplit('.', 1)[1]}.py").exists(), old

"""The numbers' new layout (issue 12): old module paths still work, and the layers hold.

``trickcore.analysis``, ``.batch``, ``.experiment``, ``.onecard`` and ``.sim`` moved into
``trickcore.study``; ``trickcore.solver`` and ``trickcore.plotting`` became packages.  Each old
path must import and give the very same objects; the packages must keep to their layers (the
solver below the studies, numpy in the batch module only, matplotlib in plotting only) and have
no import cycle, not even through imports inside functions.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from support import assert_renamed

import trickcore as tc
from trickcore._moved import MOVED

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "trickcore"

#: Old path -> new module, for the modules of the numbers.
OLD_TO_NEW = {
    "trickcore.analysis": "trickcore.study.book_numbers",
    "trickcore.batch": "trickcore.study.batch",
    "trickcore.experiment": "trickcore.study.experiment",
    "trickcore.onecard": "trickcore.study.onecard",
    "trickcore.sim": "trickcore.study.accepted_deals",
}

#: The study modules renamed for what they hold (issue 29): old path -> (new module, the public
#: names the old module had, its ``__all__``).
RENAMED: dict[str, tuple[str, tuple[str, ...]]] = {
    "trickcore.study.studies": ("trickcore.study.chunked", (
        "STUDIES", "Counts", "Study", "chunk_rng", "get_study", "mean_from_sums", "merge")),
    "trickcore.study.batch_rules": ("trickcore.study.batch_support", (
        "NUMPY_MISSING", "SCHEMES", "TRUMP_METHODS", "batch_ruleset", "check_ruleset",
        "turn_position")),
    "trickcore.study.onecard_pjt33": ("trickcore.study.onecard_published", (
        "Pjt33Reading", "pjt33_program_expected")),
    "trickcore.study.sim": ("trickcore.study.accepted_deals", ("Estimate", "estimate", "generate")),
}

#: Every public name trickcore.analysis had before the split (its ``__all__``).
ANALYSIS_NAMES = [
    "FIVE_HUNDRED_FORMS", "OH_HELL_FAMILY", "SCHEMES", "BotRow", "ContractSummary",
    "FiveHundredDeal", "HookDeal", "HookSummary", "HumbugEnding", "HumbugTrumps", "MatchResult",
    "MeanEstimate", "OneCardRow", "PackHoldings", "ScoringStudy", "SeatDeal", "SeatSummary",
    "best_bids", "bot_comparison", "contract_summary", "five_hundred_holdings",
    "five_hundred_study", "heuristic_matches", "holding_make_rates", "hook_active_random",
    "hook_study", "hook_summary", "html_table", "humbug_study", "humbug_trumps",
    "hypergeometric", "make_rates", "mean_by", "mean_estimate", "mean_of", "oh_hell_deals",
    "one_card_rules", "one_card_summary", "proportion", "random_hook_cost", "random_matches",
    "random_seat_points", "relevantmisc_example", "scheme_name", "scoring_study",
    "seat_summary", "simulate_five_hundred_holdings", "simulate_five_hundred_lengths",
    "simulate_humbug_trumps", "simulate_trumps_in_hand", "trick_distribution", "trumps_in_hand",
]

#: Where each name of trickcore.analysis lives now.
ANALYSIS_HOMES = {
    "trickcore.study.holdings": ["FIVE_HUNDRED_FORMS", "HumbugTrumps", "PackHoldings",
                                 "five_hundred_holdings", "humbug_trumps", "hypergeometric",
                                 "mean_of", "simulate_five_hundred_holdings",
                                 "simulate_five_hundred_lengths", "simulate_humbug_trumps",
                                 "simulate_trumps_in_hand", "trumps_in_hand"],
    "trickcore.study.onecard_tables": ["OneCardRow", "one_card_rules", "one_card_summary",
                                       "relevantmisc_example"],
    "trickcore.study.bids": ["SeatDeal", "best_bids", "make_rates", "oh_hell_deals",
                             "trick_distribution"],
    "trickcore.study.hook": ["HookDeal", "HookSummary", "hook_active_random", "hook_study",
                             "hook_summary", "random_hook_cost", "random_seat_points"],
    "trickcore.study.matches": ["OH_HELL_FAMILY", "BotRow", "MatchResult", "ScoringStudy",
                                "SeatSummary", "bot_comparison", "heuristic_matches",
                                "random_matches", "scoring_study", "seat_summary"],
    "trickcore.study.five_hundred": ["ContractSummary", "FiveHundredDeal", "contract_summary",
                                     "five_hundred_study", "holding_make_rates"],
    "trickcore.study.humbug": ["HumbugEnding", "humbug_study"],
    "trickcore.study.schemes": ["SCHEMES", "scheme_name"],
    "trickcore.study.stats": ["Estimate", "MeanEstimate", "mean_by", "mean_estimate",
                              "proportion"],
}

#: The names the other modules, the tests, the benches and the book use from the two packages.
SOLVER_NAMES = {
    "trickcore.solver.positions": ["Position", "PositionError", "position_from_deal"],
    "trickcore.solver.result": ["Result", "solve", "solve_humbug_deal"],
    "trickcore.solver.minimax": ["brute_force"],
    "trickcore.solver.numbering": ["_Compiled"],
    "trickcore.solver.search": ["_Search"],
}
PLOTTING_NAMES = [
    "HATCHES", "LINESTYLES", "MARKERS", "PALETTE", "bot_points", "contract_label",
    "contract_make_rates", "exact_vs_simulated", "five_hundred_chances", "game_lengths",
    "hook_binding", "hook_cost", "lead_values", "make_rate_by_bid", "make_rate_by_holding",
    "mean_by_key", "one_card_leader", "one_card_seat_scores", "scheme_boxplots", "seat_wins",
    "stacked_distribution", "whole_deal_tricks",
]


# Old paths --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new"), sorted(OLD_TO_NEW.items()))
def test_old_path_is_the_new_module(old: str, new: str) -> None:
    assert MOVED[old] == new
    assert importlib.import_module(old) is importlib.import_module(new)


@pytest.mark.parametrize(("old", "new"), sorted(OLD_TO_NEW.items()))
def test_old_path_imports_in_a_fresh_interpreter(old: str, new: str) -> None:
    leaf = old.rsplit(".", 1)[1]
    code = (f"import {old}, {new}, sys\n"
            f"from trickcore import {leaf}\n"
            f"assert sys.modules[{old!r}] is sys.modules[{new!r}] is {leaf}\n"
            f"print(sorted(n for n in getattr({new}, '__all__', [])"
            f" if getattr({old}, n) is not getattr({new}, n)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_analysis_gives_every_name_it_had_from_its_new_home() -> None:
    import trickcore.analysis as analysis

    assert set(analysis.__all__) >= set(ANALYSIS_NAMES)  # every name it had (it may offer more)
    for home, names in ANALYSIS_HOMES.items():
        module = importlib.import_module(home)
        for name in names:
            assert getattr(analysis, name) is getattr(module, name), name
    # html_table is the display layer's table renderer now (one renderer of tables).
    assert analysis.html_table is importlib.import_module("trickcore.display").table_html
    homes = {n for names in ANALYSIS_HOMES.values() for n in names}
    assert homes | {"html_table"} >= set(ANALYSIS_NAMES)


def test_old_module_names_give_the_same_objects() -> None:
    import trickcore.batch
    import trickcore.experiment
    import trickcore.onecard
    import trickcore.sim

    import trickcore.study.accepted_deals
    import trickcore.study.batch
    import trickcore.study.experiment
    import trickcore.study.onecard
    import trickcore.study.stats

    assert trickcore.sim.Estimate is trickcore.study.stats.Estimate is tc.Estimate
    assert trickcore.sim.estimate is trickcore.study.accepted_deals.estimate is tc.estimate
    assert trickcore.sim.generate is tc.generate
    assert trickcore.experiment.play_deals is trickcore.study.experiment.play_deals
    assert trickcore.experiment.play_deals is tc.play_deals
    assert trickcore.experiment.Results is tc.Results
    assert trickcore.experiment.bot_name is trickcore.study.experiment.bot_name
    assert trickcore.batch.simulate_random_hands is trickcore.study.batch.simulate_random_hands
    assert trickcore.batch.BatchResult is trickcore.study.batch.BatchResult
    assert trickcore.onecard.analyse_one_card is trickcore.study.onecard.analyse_one_card
    assert trickcore.onecard.injective is trickcore.study.onecard.injective


@pytest.mark.parametrize("home", sorted(SOLVER_NAMES))
def test_solver_package_gives_every_name(home: str) -> None:
    import trickcore.solver

    module = importlib.import_module(home)
    for name in SOLVER_NAMES[home]:
        assert getattr(trickcore.solver, name) is getattr(module, name), name
    assert set(trickcore.solver.__all__) <= set(dir(trickcore.solver))


def test_position_error_is_a_trickcore_error_named_by_its_module() -> None:
    from trickcore.solver import PositionError, positions

    assert PositionError is positions.PositionError
    assert issubclass(PositionError, tc.TrickcoreError)
    assert PositionError.__module__ == "trickcore.solver.positions"


def test_plotting_package_gives_every_function() -> None:
    pytest.importorskip("matplotlib")
    import trickcore.plotting as plotting

    assert sorted(plotting.__all__) == sorted(PLOTTING_NAMES)
    for name in PLOTTING_NAMES:
        obj = getattr(plotting, name)
        if callable(obj):
            home = importlib.import_module(obj.__module__)
            assert home.__name__.startswith("trickcore.plotting.")
            assert getattr(home, name) is obj


def test_importing_trickcore_stays_light() -> None:
    code = ("import sys, trickcore, trickcore.study;"
            "print(sorted(m for m in ('numpy', 'matplotlib', 'trickcore.plotting',"
            " 'trickcore.study.book_numbers', 'trickcore.study.batch', 'trickcore.solver')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    code = ("import sys, trickcore.analysis, trickcore.solver;"
            "print(sorted(m for m in ('numpy', 'matplotlib', 'trickcore.plotting',"
            " 'trickcore.study.batch') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# Layers and cycles ------------------------------------------------------------------------------


def _modules(package: str) -> dict[str, Path]:
    base = PACKAGE / package
    out = {}
    for path in sorted(base.glob("*.py")):
        name = f"trickcore.{package}" if path.stem == "__init__" else f"trickcore.{package}.{path.stem}"
        out[name] = path
    return out


def _imports(path: Path, module: str) -> list[tuple[str, bool]]:
    """(imported module, at module level?) for every import in the file, wherever it is."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set()
    for node in tree.body:
        if isinstance(node, ast.If):  # TYPE_CHECKING blocks count as module level
            top.update(id(n) for n in ast.walk(node))
        top.add(id(node))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((alias.name, id(node) in top) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{module}: relative import"
            assert node.module is not None
            out.append((node.module, id(node) in top))
            for alias in node.names:  # from package import submodule
                full = f"{node.module}.{alias.name}"
                if (PACKAGE.parent / (full.replace(".", "/") + ".py")).exists():
                    out.append((full, id(node) in top))
    return out


OURS = {**_modules("solver"), **_modules("study"), **_modules("plotting")}
#: What the solver may import from trickcore: the cards, rules and engine levels only.
SOLVER_MAY = ("trickcore.cards", "trickcore.trumps", "trickcore.decks", "trickcore.dealing",
              "trickcore.variants", "trickcore.rules", "trickcore.engine", "trickcore.errors",
              "trickcore.i18n",
              "trickcore.solver")
#: Modules that only exist for the batch path may import it at module level.
BATCH_ONLY = {"trickcore.study.batch", "trickcore.study.batch_support"}


@pytest.mark.parametrize("module", sorted(OURS))
def test_layers(module: str) -> None:
    for target, at_top in _imports(OURS[module], module):
        root = target.split(".")[0]
        if module.startswith("trickcore.solver"):
            assert root != "trickcore" or target.startswith(SOLVER_MAY), (module, target)
        if module.startswith("trickcore.study"):
            assert not target.startswith(("trickcore.plotting", "trickcore.widgets",
                                          "trickcore.pages", "trickcore.cli")), (module, target)
        if root == "numpy":
            assert module == "trickcore.study.batch", (module, target)
        if root in ("matplotlib", "ipywidgets", "IPython"):
            assert module.startswith("trickcore.plotting"), (module, target)
        if target == "trickcore.study.batch" and at_top:
            assert module in BATCH_ONLY, f"{module} imports the batch module at module level"
        # the numbers' own modules by their new paths only
        assert target not in OLD_TO_NEW, (module, target)
        assert target not in RENAMED, (module, target)


def test_no_import_cycle_in_solver_study_plotting() -> None:
    graph = {m: {t for t, _ in _imports(p, m) if t in OURS and t != m} for m, p in OURS.items()}
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        if m in path:
            raise AssertionError(" -> ".join([*path[path.index(m):], m]))
        if m in done:
            return
        for t in sorted(graph[m]):
            visit(t, [*path, m])
        done.add(m)

    for m in sorted(graph):
        visit(m, [])


@pytest.mark.parametrize("module", sorted(OURS))
def test_files_are_under_500_lines(module: str) -> None:
    assert len(OURS[module].read_text(encoding="utf-8").splitlines()) < 500


# The study modules renamed for what they hold (issue 29) ------------------------------------------


def test_every_moved_study_path_is_tested() -> None:
    renamed = {**RENAMED, "trickcore.study.analyses": ("trickcore.study.book_numbers", ())}
    assert {old for old in MOVED if old.startswith("trickcore.study.")} == set(renamed)
    assert MOVED["trickcore.study.analyses"] == MOVED["trickcore.analysis"]


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_renamed_study_module_is_the_new_module(old: str) -> None:
    assert_renamed(old, *RENAMED[old])


def test_renamed_study_paths_keep_the_names_that_moved_out() -> None:
    import trickcore.study.analyses
    import trickcore.study.studies

    import trickcore.study.book_numbers
    import trickcore.study.chunked
    import trickcore.study.stats

    assert trickcore.study.analyses is trickcore.study.book_numbers
    assert set(trickcore.study.analyses.__all__) >= set(ANALYSIS_NAMES)  # every name it had
    # the statistic moved to stats.py; the old path still gives it
    assert trickcore.study.studies.mean_from_sums is trickcore.study.stats.mean_from_sums
    assert trickcore.study.chunked.mean_from_sums is trickcore.study.stats.mean_from_sums


def test_renamed_study_paths_work_in_a_fresh_interpreter() -> None:
    code = ("import sys, trickcore.study.sim, trickcore.study.onecard_pjt33\n"
            "from trickcore.study.studies import STUDIES, mean_from_sums\n"
            "import trickcore.study.chunked as chunked\n"
            "assert sys.modules['trickcore.study.sim'] is sys.modules["
            "'trickcore.study.accepted_deals']\n"
            "assert STUDIES is chunked.STUDIES\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_no_renamed_study_file_is_left() -> None:
    for old in [*RENAMED, "trickcore.study.analyses"]:
        assert not (PACKAGE / "study" / f"{old.rsplit('.', 1)[1]}.py").exists(), old

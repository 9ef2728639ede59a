"""The public API for experimenters: documented, exemplified, and kind when misused.

* every name in ``trickcore.__all__`` has a docstring (data: a ``#:`` comment) and every class
  and function a ``>>>`` example, which pytest runs (``--doctest-modules`` on ``trickcore``);
* the API reference page documents every public name;
* the bot of the "Write a bot" tutorial, taken from the notebook as written, plays 1,000 deals of
  every variant (every player count) without an illegal move;
* errors name what was expected and list the valid choices: an unknown variant, an option that
  does not exist, a bot's illegal card or bid;
* ``play_deals`` seats, rotates and summarises as documented;
* the tutorial notebooks are committed without outputs, and their book pages are up to date.
"""

from __future__ import annotations

import ast
import doctest
import importlib.util
import inspect
import json
import math
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

import trickcore as tc

ROOT = Path(__file__).resolve().parents[1]
TUTORIALS = ROOT / "notebooks" / "tutorials"
BOOK = ROOT / "book" / "experiment"
NOTEBOOKS = ("first_steps.ipynb", "write_a_bot.ipynb", "probability_question.ipynb",
             "house_rules.ipynb", "solve_a_deal.ipynb", "your_own_experiment.ipynb")
PUBLIC = sorted(tc.__all__)
CALLABLES = [n for n in PUBLIC if inspect.isclass(getattr(tc, n))
             or inspect.isfunction(getattr(tc, n))]
DATA = [n for n in PUBLIC if n not in CALLABLES]


# Documentation ---------------------------------------------------------------------------------


def test_all_is_sorted_unique_and_importable() -> None:
    assert len(set(tc.__all__)) == len(tc.__all__)
    for name in tc.__all__:
        assert hasattr(tc, name), name
    assert {"play_deals", "Results", "SeatResult", "BotSummary"} <= set(tc.__all__)
    assert set(DATA) == {"JOKER", "VARIANTS", "Bot", "STRENGTHS"}


@pytest.mark.parametrize("name", CALLABLES)
def test_public_class_or_function_has_docstring_and_example(name: str) -> None:
    obj = getattr(tc, name)
    doc = obj.__doc__  # its own docstring, not one inherited from a base class
    assert doc, f"trickcore.{name} has no docstring"
    assert doc.strip(), f"trickcore.{name} has an empty docstring"
    tests = doctest.DocTestFinder(recurse=False).find(obj, name)
    assert any(t.examples for t in tests), f"trickcore.{name} has no >>> example"


def _module_source_for(name: str) -> tuple[Path, list[str]]:
    for path in sorted((ROOT / "trickcore").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if re.match(rf"{name}(\s*:[^=]+)?\s*=", line):
                return path, lines[:i + 1]
    raise AssertionError(f"no assignment of {name} in trickcore/**/*.py")


@pytest.mark.parametrize("name", DATA)
def test_public_data_has_a_doc_comment(name: str) -> None:
    path, lines = _module_source_for(name)
    above = lines[-2].strip()
    assert above.startswith("#:"), f"{name} in {path.name} needs a '#:' comment (Sphinx reads it)"


def test_doctests_of_the_package_are_run_by_pytest() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"]
    assert "trickcore" in options["testpaths"]


def test_api_reference_documents_every_public_name() -> None:
    text = (BOOK / "api.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"\.\. auto(?:class|function|data|exception):: "
                                r"trickcore\.(?:\w+\.)*(\w+)", text))
    missing = sorted(set(tc.__all__) - documented)
    assert not missing, f"api.md does not document {missing}"
    # Each name once: a second description of the same object is a Sphinx warning.
    directives = re.findall(r"\.\. auto\w+:: (\S+)", text)
    assert [d for d, n in Counter(directives).items() if n > 1] == []


def test_book_has_the_experiment_part() -> None:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    part = next(p for p in toc["parts"] if p.get("caption") == "Experiment")
    files = []
    for chapter in part["chapters"]:
        files.append(chapter["file"])
        files += [s["file"] for s in chapter.get("sections", [])]
    assert files == ["book/experiment/index", "book/experiment/first-steps",
                     "book/experiment/write-a-bot", "book/experiment/probability-question",
                     "book/experiment/house-rules", "book/experiment/solve-a-deal",
                     "book/experiment/your-own-experiment", "book/experiment/cluster",
                     "book/experiment/api"]
    for file in files:
        assert (ROOT / f"{file}.md").is_file(), file
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert "sphinx.ext.autodoc" in config["sphinx"]["extra_extensions"]


# The tutorials ---------------------------------------------------------------------------------


def _cells(name: str) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads((TUTORIALS / name).read_text())["cells"]
    return cells


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_tutorial_is_committed_without_outputs(name: str) -> None:
    cells = _cells(name)
    assert _source(cells[0]).startswith("# "), "a tutorial starts with its title"
    for cell in cells:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{name} has outputs: clear them before committing"
            assert cell["execution_count"] is None, f"{name} was run: clear it before committing"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_tutorial_plots_have_alt_text(name: str) -> None:
    for cell in _cells(name):
        if cell["cell_type"] == "code" and "plt.show()" in _source(cell):
            alt = cell["metadata"].get("mystnb", {}).get("image", {}).get("alt", "")
            assert len(alt) > 40, f"{name}: a plot needs alt text (metadata mystnb.image.alt)"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_tutorial_code_fits_the_books_code_boxes(name: str) -> None:
    # The book's code boxes show about 75 characters; longer lines need a scroll bar.
    for cell in _cells(name):
        if cell["cell_type"] == "code":
            for line in _source(cell).splitlines():
                assert len(line) <= 76, f"{name}: {line!r} is longer than 76 characters"


def test_book_pages_are_up_to_date_with_the_notebooks() -> None:
    spec = importlib.util.spec_from_file_location("tutorial_pages",
                                                  ROOT / "scripts" / "tutorial_pages.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert list(module.TUTORIALS) == list(NOTEBOOKS)
    for notebook, page in module.TUTORIALS.items():
        expected = module.page_text(TUTORIALS / notebook)
        assert (BOOK / page).read_text(encoding="utf-8") == expected, (
            f"book/experiment/{page} is out of date: run python scripts/tutorial_pages.py")


def _tutorial_bots() -> dict[str, Any]:
    """``my_bot`` and ``Cautious``, from the cells of "Write a bot" exactly as written."""
    cells = [_source(c) for c in _cells("write_a_bot.ipynb") if c["cell_type"] == "code"]
    bot_cell = next(c for c in cells if "def my_bot(" in c)
    class_cell = next(c for c in cells if "class Cautious" in c)
    assert bot_cell.startswith("import trickcore as tc"), "the bot cell must stand on its own"
    namespace: dict[str, Any] = {}
    exec(compile(bot_cell, "write_a_bot.ipynb (my_bot)", "exec"), namespace)
    exec(compile(class_cell, "write_a_bot.ipynb (Cautious)", "exec"), namespace)
    return namespace


def test_tutorial_bot_bids_its_own_way() -> None:
    bots = _tutorial_bots()
    state = tc.state_from_code("oh-hell-4-2718")
    # Seat 1 holds the ace and king of trumps (spades) and no other ace.
    assert bots["my_bot"](state) == 2
    assert bots["cautious"](state) == 1
    assert tc.bot_action(bots["my_bot"], state).action == 2


@pytest.mark.slow
@pytest.mark.parametrize("key", tc.variant_keys())
def test_tutorial_bot_plays_1000_deals_of_every_variant(key: str) -> None:
    bots = _tutorial_bots()
    rules = tc.get_variant(key)
    counts = rules.players
    per_count = math.ceil(1000 / len(counts))
    lineup = {"my_bot": bots["my_bot"], "cautious": bots["cautious"],
              "random": tc.RandomBot(seed=len(key))}
    played = 0
    for n in counts:
        # Any illegal move raises IllegalActionError naming the bot, the deal and the move.
        results = tc.play_deals(rules, lineup, players=n, deals=per_count, seed=n)
        assert results.deals == per_count
        assert len(results.rows) == per_count * n
        assert {"my_bot", "cautious"} <= {row.bot for row in results.rows}
        played += results.deals
    assert played >= 1000


# Errors that teach -----------------------------------------------------------------------------


def test_unknown_variant_lists_the_variants() -> None:
    with pytest.raises(tc.UnknownVariantError) as info:
        tc.get_variant("oh hel")
    message = str(info.value)
    assert "'oh hel'" in message
    assert "did you mean 'oh-hell'?" in message
    for key in tc.variant_keys():
        assert key in message
    assert isinstance(info.value, LookupError)


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(tc.UnknownOptionError) as info:
        tc.with_options(tc.get_variant("oh-hell"), {"hooks": False})
    message = str(info.value)
    assert "'hooks' is not an option" in message
    assert "did you mean 'hook'?" in message
    for option in tc.option_names():
        assert option in message


def test_option_value_lists_the_choices() -> None:
    with pytest.raises(tc.RulesetError) as info:
        tc.with_options(tc.get_variant("oh-hell"), {"scoring": "double"})
    for scheme in tc.Scoring:
        assert scheme.value in str(info.value)


def test_wrong_player_count_lists_the_counts() -> None:
    with pytest.raises(tc.RulesetError, match="Oh Hell! is for 3, 4, 5, 6, 7 players, not 9"):
        tc.Match(tc.get_variant("oh-hell"), players=9)
    with pytest.raises(tc.RulesetError, match="4 bots are needed, one per seat, not 3"):
        tc.Match(tc.get_variant("oh-hell"), players=4, seed=1).play([tc.RandomBot()] * 3)


def _first_card_bot(state: tc.HandState) -> Any:
    if state.phase is tc.Phase.PLAYING:
        return state.hand(state.to_act)[0]
    return tc.HeuristicBot()(state)


def test_bot_that_returns_an_illegal_card_is_told_the_legal_ones() -> None:
    state = tc.state_from_code("oh-hell-4-2718")
    with pytest.raises(tc.IllegalPlayError) as info:
        tc.play_deal(state, [_first_card_bot] * 4)
    error = info.value
    message = str(error)
    assert re.search(r"the bot for seat \d chose \w\w, which is not legal", message)
    assert "they must follow" in message
    legal = message.split("The legal choices were: ")[1]
    assert legal == ", ".join(card.code for card in state.legal_plays)
    assert error.rule == "follow-suit"
    assert error.seat == state.to_act


def test_play_deals_names_the_bot_and_the_deal() -> None:
    with pytest.raises(tc.IllegalPlayError,
                       match=r"^'first card' in deal \d+ of the match with seed \d+: the bot"):
        tc.play_deals(tc.get_variant("oh-hell"), {"first card": _first_card_bot}, players=4,
                      deals=20)


@pytest.mark.parametrize("answer", ["XX", None, "AS"])
def test_bot_with_a_bad_answer_while_bidding_is_told_the_legal_bids(answer: Any) -> None:
    state = tc.state_from_code("oh-hell-4-2718")
    with pytest.raises(tc.IllegalBidError) as info:
        tc.bot_action(lambda s: answer, state)
    assert str(info.value).endswith("The legal choices were: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10")


def test_bot_with_an_illegal_call_in_five_hundred_is_told_the_legal_calls() -> None:
    state = tc.state_from_code("five-hundred-4-1")
    with pytest.raises(tc.IllegalBidError) as info:
        tc.bot_action(lambda s: "misere", state)  # pagat: misère only over a seven
    message = str(info.value)
    assert "misère may be called only over a seven" in message
    assert "The legal choices were: pass, 6S, 6C" in message


def test_a_bot_that_crashes_is_named() -> None:
    def broken(state: tc.HandState) -> Any:
        raise KeyError("oops")

    with pytest.raises(KeyError) as info:
        tc.play_deals(tc.get_variant("humbug"), {"broken": broken}, deals=1)
    assert any("raised by the bot 'broken' for seat" in note for note in info.value.__notes__)


def test_something_that_is_not_a_bot_is_refused() -> None:
    with pytest.raises(TypeError, match="'lazy' is 3, which is not a bot: a bot is a function"):
        tc.play_deals(tc.get_variant("humbug"), {"lazy": 3}, deals=1)  # type: ignore[dict-item]


# play_deals -----------------------------------------------------------------------------------


def test_play_deals_rotates_the_line_up_round_the_table() -> None:
    results = tc.play_deals(tc.get_variant("oh-hell"),
                            {"a": tc.HeuristicBot(), "b": tc.RandomBot(seed=1)}, players=4,
                            deals=8, seed=2)
    by_deal: dict[int, list[str]] = {}
    dealer: dict[int, int] = {}
    for row in results.rows:
        by_deal.setdefault(row.deal, []).append(row.bot)
        if row.dealer:
            dealer[row.deal] = row.seat
    for d in range(8):
        eldest = (dealer[d] + 1) % 4
        first = "ab"[d % 2]  # the line-up turns one place a deal, from the dealer's left
        assert by_deal[d][eldest] == first, d
        assert by_deal[d] in (["a", "b", "a", "b"], ["b", "a", "b", "a"])
    summary = results.summary()
    assert list(summary) == ["a", "b"]
    assert summary["a"].seats == summary["b"].seats == 16
    for position in (True, False):  # each bot deals, and bids first, in half the deals
        dealers = Counter(row.bot for row in results.rows if row.dealer is position)
        assert dealers["a"] == dealers["b"]
    eldest_bots = Counter(by_deal[d][(dealer[d] + 1) % 4] for d in range(8))
    assert eldest_bots == {"a": 4, "b": 4}


def test_play_deals_is_seeded_and_follows_the_schedule() -> None:
    rules = tc.get_variant("oh-hell")
    one = tc.play_deals(rules, [tc.RandomBot(seed=3)] * 4, deals=19, seed=5)
    two = tc.play_deals(rules, [tc.RandomBot(seed=3)] * 4, deals=19, seed=5)
    assert one.rows == two.rows
    sizes = [row.hand_size for row in one.rows if row.seat == 0]
    assert sizes == list(rules.hand_sequence(4))
    fixed = tc.play_deals(rules, [tc.RandomBot(seed=3)] * 4, deals=5, hand_size=3)
    assert {row.hand_size for row in fixed.rows} == {3}
    with pytest.raises(tc.RulesetError, match="with 4 players deals 1 to 10 cards each, not 14"):
        tc.play_deals(rules, [tc.RandomBot()] * 4, deals=1, hand_size=14)


def test_play_deals_rows_add_up() -> None:
    rules = tc.get_variant("contract-whist")
    results = tc.play_deals(rules, [tc.HeuristicBot()] * 5, deals=30, seed=1)
    for deal in range(30):
        rows = [r for r in results.rows if r.deal == deal]
        assert sum(r.tricks for r in rows) == rows[0].hand_size
        for r in rows:
            assert r.made == (r.bid == r.tricks)
            expected = tc.deal_points(rules, bids=[r.bid], tricks=[r.tricks],
                                      hand_size=r.hand_size)
            assert r.points == expected[0]
    summary = results.summary()["HeuristicBot"]
    assert summary.bids == summary.seats == 150
    assert summary.accuracy_low <= summary.accuracy <= summary.accuracy_high
    assert summary.made == sum(1 for r in results.rows if r.made)


def test_play_deals_in_five_hundred_records_contracts() -> None:
    results = tc.play_deals(tc.get_variant("five-hundred"), [tc.HeuristicBot()] * 4, deals=40,
                            seed=3)
    contracts = [r for r in results.rows if r.bid is not None]
    assert contracts, "somebody must have made a contract in 40 deals"
    for row in contracts:
        assert isinstance(row.bid, str)
        assert row.made in (True, False)
    for row in results.rows:
        if row.bid is None:
            assert row.made is None
    by_seat = results.summary(by="seat")
    assert sorted(by_seat) == [("HeuristicBot", s) for s in range(4)]


def test_play_deals_without_bidding() -> None:
    results = tc.play_deals(tc.get_variant("humbug"), [tc.HeuristicBot(), tc.RandomBot(seed=2)],
                            deals=10)
    summary = results.summary()
    assert all(row.bid is None and row.made is None for row in results.rows)
    assert math.isnan(summary["HeuristicBot"].accuracy)
    assert "no bids" in results.table()
    assert sum(s.mean_points for s in summary.values()) == pytest.approx(0)


def test_tutorial_source_is_valid_python() -> None:
    for name in NOTEBOOKS:
        for cell in _cells(name):
            if cell["cell_type"] == "code":
                ast.parse(_source(cell))

"""The numbers a page of "The numbers" states in its text are the numbers of its tables: each
page glues its prose from the same objects (and the same formatting) as its tables, and these
tests hold the functions involved to that, with the cases the pages once got wrong.
"""

from __future__ import annotations

import itertools
import re

import pytest

from trickcore.players.heuristic import HeuristicBot
from trickcore.study import five_hundred, matches
from trickcore.study.five_hundred import FiveHundredDeal
from trickcore.study.onecard import analyse_one_card
from trickcore.study.onecard_tables import turned_card_outcomes, turned_card_rows
from trickcore.study.stats import mean_estimate, proportion

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

# Five Hundred contracts ---------------------------------------------------------------------


def _deal(contract: str, kind: str, value: int, made: bool) -> FiveHundredDeal:
    points = value if made else -value
    return FiveHundredDeal(contract, kind, value, made, points, 0, 0, False, made, points,
                           (4, 4, 4, 4))


def _misere_deals() -> list[FiveHundredDeal]:
    """The page's case: 15 misères (6 made) and one open misère (lost), among suit contracts."""
    return ([_deal("misere", "misere", 250, i < 6) for i in range(15)]
            + [_deal("open-misere", "open-misere", 500, False)]
            + [_deal("7H", "tricks", 200, i % 3 > 0) for i in range(30)])


def test_misere_text_is_the_tables_misere_row() -> None:
    every = five_hundred.contract_summary(_misere_deals())
    table = five_hundred.contract_table_rows(c for c in every if c.deals >= 10)
    facts = five_hundred.misere_facts(every)
    row = next(r for r in table if r[0] == "misère")
    columns = five_hundred.CONTRACT_COLUMNS
    assert facts["misere_deals"] == row[columns.index("deals")] == "15"
    assert facts["misere_made"] == row[columns.index("made")] == "40% (20% to 64%)"
    assert facts["misere_made_count"] == "6"
    # open misère is counted on its own (once), not folded into misère's 15 deals
    assert facts["open_times"] == "once"
    assert all(r[0] != "open misère" for r in table)


def test_contract_table_rows_on_a_real_study() -> None:
    deals = five_hundred.five_hundred_study(deals=60, seed=3)
    every = five_hundred.contract_summary(deals)
    table = five_hundred.contract_table_rows(every)
    facts = five_hundred.misere_facts(every)
    by_label = {r[0]: r for r in table}
    misere = [d for d in deals if d.contract == "misere"]
    if misere:
        assert by_label["misère"][2] == facts["misere_deals"] == str(len(misere))
        assert by_label["misère"][3] == facts["misere_made"]
    else:
        assert facts["misere_times"] == "never"
    assert sum(int(r[2]) for r in table) == sum(d.contract is not None for d in deals)


# Bots against each other --------------------------------------------------------------------


def test_five_hundred_counts_each_auction_once() -> None:
    deals = 8
    rows = matches.bot_comparison("five-hundred", {"a": HeuristicBot(), "b": HeuristicBot()},
                                  deals=deals, seed=2)
    contracts = sum(r.accuracy.trials for r in rows)
    # one contract a deal at most (all may pass), never one per partner
    assert 0 < contracts <= deals
    assert [r.points.n for r in rows] == [deals, deals]
    assert [r.seats for r in rows] == [2 * deals, 2 * deals]


def test_oh_hell_still_counts_every_seat() -> None:
    rows = matches.bot_comparison("oh-hell", {"a": HeuristicBot(), "b": HeuristicBot()},
                                  players=4, deals=10, hand_size=3, seed=1)
    assert [r.accuracy.trials for r in rows] == [20, 20]
    assert [r.points.n for r in rows] == [20, 20]


@pytest.mark.parametrize("points", [([9, 10, 11], [1, 2, 3]), ([1, 2, 3], [9, 10, 11]),
                                    ([5, 6, 7], [6, 7, 8])])
def test_bot_verdict_states_the_tables_points(points: tuple[list[int], list[int]]) -> None:
    rows = [matches.BotRow("g", name, 3, proportion(1, 2), mean_estimate(p))
            for name, p in zip(("A", "B"), points, strict=True)]
    table = matches.bot_table_rows(rows)
    verdict = matches.bot_verdict(*rows)
    stated = re.findall(r"\d+\.\d", verdict)
    means = [cells[4].split("\u00a0")[0] for cells in table]
    assert sorted(stated) == sorted(means)
    if "overlap (" in verdict:
        assert rows[0].points.low <= rows[1].points.high
        assert rows[1].points.low <= rows[0].points.high
    else:
        winner = verdict.split(" bot")[0].removeprefix("the ")
        assert winner == ("A" if rows[0].points.mean > rows[1].points.mean else "B")


# Does the turned card matter? -----------------------------------------------------------------


def test_no_turned_card_changes_the_one_card_round() -> None:
    cards = [r + s for r, s in itertools.product("AKQJT98765432", "SH")]
    assert turned_card_outcomes(4, cards) == 1
    assert turned_card_outcomes(3, ["AS", "2S", "9D"], hook=False) == 1


def test_turned_card_table_compares_trumps_with_no_trumps() -> None:
    table = turned_card_rows([3, 4])
    assert [r[:2] for r in table] == [["3", "any card turned"], ["3", "none"],
                                      ["4", "any card turned"], ["4", "none"]]
    for row in table:
        a = analyse_one_card(int(row[0]), "AS" if row[1] == "any card turned" else None)
        assert row[4] == " ".join(f"{float(x):.2f}" for x in a.expected)
    # the two rows of a player count differ: the table answers the question
    assert table[0][2:] != table[1][2:]
    assert table[2][2:] != table[3][2:]


# The hook-and-seats figure of whole matches -------------------------------------------------


def test_seat_wins_labels_do_not_overlap() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from trickcore.plotting import seat_wins
    from trickcore.study.matches import OH_HELL_FAMILY, MatchResult

    results = [MatchResult(key, 4, "toy", [(3, 1, 2, 0), (0, 1, 2, 3)], [19, 19])
               for key in OH_HELL_FAMILY]
    fig, ax = plt.subplots(figsize=(8.5, 4.25), layout="constrained")   # the page's width
    seat_wins(results, ax=ax)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = [t.get_window_extent(renderer) for t in ax.get_xticklabels()]
    legend = ax.get_legend().get_window_extent(renderer)
    try:
        for a, b in itertools.combinations(boxes, 2):
            assert not a.overlaps(b)
        assert not any(legend.overlaps(b) for b in boxes)
        assert not legend.overlaps(ax.get_window_extent(renderer))
    finally:
        plt.close(fig)

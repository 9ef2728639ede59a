"""A long solve reports how far it has got: the count first, then each different card of the
seat to move; the bar is off unless asked for, since bots solve many small positions."""

from __future__ import annotations

import io

import pytest

from trickcore.engine.dealing import deal_cards, rng_for
from trickcore.progress import TerminalProgress
from trickcore.rules.registry import get_variant
from trickcore.solver import opening_position, solve
from trickcore.solver.result import solve_humbug_deal


def test_a_solve_reports_the_count_then_each_card() -> None:
    rules = get_variant("oh-hell")
    deal = deal_cards(rules, players=4, dealer=0, hand_size=5, rng=rng_for("oh-hell", 4, 3, "d"))
    position = opening_position(rules, deal)
    seen: list[tuple[int, int]] = []
    result = solve(position, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 6)  # before anything is known: the count and the five cards
    assert seen[-1][0] == seen[-1][1]  # ends full
    final = seen[-1][1]
    assert 2 <= final <= 6  # equivalent cards (a run) are searched once
    assert [done for done, _ in seen[1:]] == sorted(done for done, _ in seen[1:])
    assert result == solve(position)  # the same answer with and without a report


def test_a_bar_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = io.StringIO()
    monkeypatch.setattr("trickcore.progress._tqdm_bar", lambda *args: None)
    monkeypatch.setattr("sys.stderr", drawn)
    rules = get_variant("humbug")
    deal = deal_cards(rules, players=2, dealer=1, hand_size=4, rng=rng_for("humbug", 2, 1, "d"))
    solve_humbug_deal(deal)
    assert drawn.getvalue() == ""
    solve_humbug_deal(deal, progress=True)
    last = drawn.getvalue().split("\r")[-1]
    assert last.startswith("solve  [")
    assert last.endswith("\n")


def test_the_fallback_bar_follows_a_growing_or_shrinking_total() -> None:
    out = io.StringIO()
    bar = TerminalProgress("solve", out, width=4, unit="searches")
    bar(0, 8)
    bar(3, 3)
    assert out.getvalue().split("\r")[-1].split("  ")[:3] == ["solve", "[####]", "3/3 searches"]

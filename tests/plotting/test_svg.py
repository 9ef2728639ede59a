"""The pure-Python SVG backend (trickcore.plotting.svg): well-formed, accessible SVG with axes,
labels, legend and error bars, holding the same data as the matplotlib figure drawn by the same
figure function, and used when matplotlib cannot be imported."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pytest

from trickcore.plotting import backend, svg
from trickcore.plotting.bids import bid_chances
from trickcore.plotting.hook import hook_binding
from trickcore.study.bids import make_rates, oh_hell_deals
from trickcore.study.hook import hook_active_random, hook_study, hook_summary
from trickcore.study.stats import Estimate, proportion

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

NS = "{http://www.w3.org/2000/svg}"


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


@pytest.fixture(scope="module")
def chances() -> tuple[dict[int, Estimate], dict[int, Estimate]]:
    rows = [r for r in oh_hell_deals(4, deals=60, seed=3) if r.trumps == 1]
    took = {k: proportion(sum(r.tricks == k for r in rows), len(rows)) for k in range(5)}
    return took, make_rates(rows)


@pytest.fixture(scope="module")
def hook() -> tuple[Any, dict[int, Any]]:
    return (hook_summary(hook_study([1, 2, 3], deals=8, seed=2)),
            {h: hook_active_random(h) for h in (1, 2, 3)})


def test_the_svg_is_well_formed_and_carries_its_alt_text(chances: Any) -> None:
    fig, ax = svg.subplots(alt="Bars of the tricks taken & the bids made.", name="t1")
    bid_chances(*chances, ax=ax)
    ax.set_title("4-card hands <one trump>")
    root = ET.fromstring(fig.to_svg())
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == "Bars of the tricks taken & the bids made."
    assert [t.text for t in root.findall(f"{NS}title")] == ["4-card hands <one trump>"]
    assert [d.text for d in root.findall(f"{NS}desc")] == [
        "Bars of the tricks taken & the bids made."]


def test_axes_labels_ticks_legend_and_error_bars_are_drawn(chances: Any) -> None:
    took, made = chances
    fig, ax = svg.subplots(name="t2")
    bid_chances(took, made, ax=ax)
    root = ET.fromstring(fig.to_svg())
    words = texts(root)
    assert "tricks (the bid)" in words
    assert "share of hands" in words
    assert [str(k) for k in took] == ["".join(t.itertext()) for t in root.iter(f"{NS}text")
                                      if t.get("class") == "tc-xtick"]
    assert {"0", "0.2", "0.4", "0.6", "0.8", "1"} <= set(words)  # the y ticks
    assert "took exactly that many tricks" in words
    assert "made it, among the hands that bid it" in words
    bars = [r for r in root.iter(f"{NS}rect") if r.get("class") == "tc-bar"]
    assert len(bars) == len(took)
    errorbars = [p for p in root.iter(f"{NS}path") if p.get("class") == "tc-errorbar"]
    shown = [e for e in made.values() if e.trials >= 5]
    assert len(errorbars) == len(took) + len(shown)  # every estimate has a non-zero interval
    # hatches are patterns, so the bars do not rely on colour alone
    assert all(b.get("fill", "").startswith("url(#t2-h") for b in bars)
    assert root.find(f"{NS}defs/{NS}pattern") is not None


def test_the_same_bars_and_points_as_the_matplotlib_figure(chances: Any) -> None:
    took, made = chances
    _, sax = svg.subplots()
    bid_chances(took, made, ax=sax)
    fig, max_ = plt.subplots()
    bid_chances(took, made, ax=max_)
    try:
        assert [p.get_height() for p in max_.patches] == pytest.approx(
            [b.height for b in sax.bars])
        assert [p.get_x() + p.get_width() / 2 for p in max_.patches] == pytest.approx(
            [b.x for b in sax.bars])
        container = max_.containers[-1]  # the points' ErrorbarContainer
        line = container.lines[0]
        assert list(line.get_xdata()) == pytest.approx(sax.series[0].xs)
        assert list(line.get_ydata()) == pytest.approx(sax.series[0].ys)
        assert list(max_.get_xticks()) == pytest.approx(sax.xticks)
        assert max_.get_ylim() == pytest.approx(sax.ylim)
        assert (max_.get_xlabel(), max_.get_ylabel()) == (sax.xlabel, sax.ylabel)
        assert [t.get_text() for t in max_.get_legend().get_texts()] == [
            label for label, _ in sax._legend()]
    finally:
        plt.close(fig)


def test_the_same_lines_and_error_bars_as_the_matplotlib_hook_figure(hook: Any) -> None:
    summary, random_active = hook
    _, sax = svg.subplots()
    hook_binding(summary, random_active, ax=sax)
    fig, max_ = plt.subplots()
    hook_binding(summary, random_active, ax=max_)
    try:
        drawn = [(c.get_label(), c.lines[0]) for c in max_.containers]
        drawn += [(line.get_label(), line) for line in max_.get_lines()
                  if not line.get_label().startswith("_")]
        assert [label for label, _ in drawn] == [s.label for s in sax.series]
        for (_, line), series in zip(drawn, sax.series, strict=True):
            assert list(line.get_xdata()) == pytest.approx(series.xs)
            assert list(line.get_ydata()) == pytest.approx(series.ys)
        for container, series in zip(max_.containers, sax.series[:2], strict=True):
            segments = container.lines[2][0].get_segments()
            assert [s[1][1] - s[0][1] for s in segments] == pytest.approx(
                [lo + hi for lo, hi in zip(series.low, series.high, strict=True)])
        assert max_.get_ylim() == pytest.approx(sax.ylim)
        assert list(max_.get_xticks()) == pytest.approx(sax.xticks)
    finally:
        plt.close(fig)


def test_the_svg_backend_is_chosen_when_matplotlib_cannot_be_imported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert backend.has_matplotlib()
    assert not isinstance(backend.subplots()[0], svg.Figure)
    plt.close("all")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # "import matplotlib" now fails
    assert not backend.has_matplotlib()
    fig, ax = backend.subplots(alt="An empty plot.")
    assert isinstance(fig, svg.Figure)
    assert isinstance(ax, svg.Axes)
    assert ET.fromstring(backend.to_svg(fig)).get("aria-label") == "An empty plot."


def test_a_matplotlib_figure_comes_out_as_svg_with_its_alt_text(chances: Any) -> None:
    fig, ax = backend.subplots(alt="Tricks taken.", backend="matplotlib")
    bid_chances(*chances, ax=ax)
    root = ET.fromstring(backend.to_svg(fig))
    assert (root.get("role"), root.get("aria-label")) == ("img", "Tricks taken.")


def test_the_live_analyses_load_neither_matplotlib_nor_numpy() -> None:
    code = textwrap.dedent("""
        import sys
        sys.modules["matplotlib"] = None
        sys.modules["numpy"] = None
        from trickcore.widgets.analysis_model import BidChances, HookEffect
        assert "<svg" in BidChances(hand_size=3, deals=10).svg()
        assert "<svg" in HookEffect(players=3, deals=3).svg()
        import trickcore.plotting
        assert "trickcore.plotting.holdings" not in sys.modules
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, timeout=120)
    assert out.stdout.strip() == "ok", out.stderr


def test_nice_ticks_cover_the_range() -> None:
    for low, high in [(0, 1), (0, 1.02), (-0.4, 3.7), (12, 480)]:
        ticks = svg.nice_ticks(low, high)
        assert ticks[0] <= low
        assert ticks[-1] >= high
        assert len(ticks) <= 9

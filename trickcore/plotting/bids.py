"""Figures for the bids page: means by holding, trick distributions, make rates by bid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trickcore.i18n import N_
from trickcore.plotting.style import (
    HATCHES,
    LINESTYLES,
    MARKERS,
    PALETTE,
    _,
    _any_axes,
    _axes,
    _mean_err,
    _numbers,
    _pct,
    _tidy,
    _whole,
    _yerr,
    ui,
)
from trickcore.plotting.svg import Axes as SvgAxes
from trickcore.study.stats import Estimate, MeanEstimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["bid_chances", "make_rate_by_bid", "mean_by_key", "stacked_distribution"]

#: The default axis labels below, for the catalogue (translated where they are drawn).
_DEFAULT_LABELS = (N_("trumps in the hand"), N_("mean tricks taken"), N_("trick"))


def mean_by_key(series: Mapping[str, Mapping[Any, MeanEstimate]], *, ax: Axes | None = None,
                xlabel: str = "trumps in the hand", ylabel: str = "mean tricks taken",
                diagonal: bool = False) -> Axes:
    """Several series of means with 95% error bars against a whole-number key (say, mean tricks
    by trumps held), each with its own marker and line style.

    >>> import matplotlib.pyplot as plt
    >>> from trickcore.study.stats import mean_by
    >>> means = mean_by([1, 2, 3, 4, 5, 6], key=lambda x: x % 2, value=lambda x: x)
    >>> ax = mean_by_key({"toy": means}, xlabel="odd?")
    >>> ax.get_xlabel()
    'odd?'
    >>> plt.close("all")
    """
    ax = _axes(ax)
    keys: set[Any] = set()
    for i, (label, means) in enumerate(series.items()):
        xs = list(means)
        keys.update(xs)
        ests = list(means.values())
        offset = (i - (len(series) - 1) / 2) * 0.08
        ax.errorbar([x + offset for x in xs], [e.mean for e in ests], yerr=_mean_err(ests),
                    color=PALETTE[(i + 1) % len(PALETTE)], marker=MARKERS[i % len(MARKERS)],
                    linestyle=LINESTYLES[i % len(LINESTYLES)], capsize=3, markersize=5,
                    label=_(label))
    if diagonal and keys:
        top = max(keys)
        ax.plot([0, top], [0, top], color="#999999", linewidth=0.8, linestyle=":",
                label=_("one trick a trump"))
    ax.set_xticks(sorted(keys))
    ax.set_xlabel(_(xlabel))
    ax.set_ylabel(_(ylabel))
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


def stacked_distribution(distribution: Mapping[Any, Sequence[float]], *,
                         ax: Axes | None = None, xlabel: str = "trumps in the hand",
                         part: str = "trick", counts: Mapping[Any, int] | None = None,
                         legend: bool = True) -> Axes:
    """For each key (say, trumps held), the shares of 0, 1, 2, ... tricks as a stacked bar, each
    part with its own hatch and colour, labelled when large enough to read; ``counts`` adds
    the number of hands under each bar.

    >>> import matplotlib.pyplot as plt
    >>> ax = stacked_distribution({0: [0.75, 0.25], 1: [0.25, 0.75]}, counts={0: 4, 1: 4})
    >>> [t.get_text().split() for t in ax.get_xticklabels()]
    [['0', '(4)'], ['1', '(4)']]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    keys = list(distribution)
    size = max(len(v) for v in distribution.values())
    bottoms = [0.0] * len(keys)
    for t in range(size):
        shares = [distribution[k][t] if t < len(distribution[k]) else 0.0 for k in keys]
        if not any(shares):
            continue
        ax.bar(range(len(keys)), shares, bottom=bottoms, width=0.7,
               color=PALETTE[(t + 1) % len(PALETTE)], hatch=HATCHES[t % len(HATCHES)],
               edgecolor="#333333", linewidth=0.5, label=_parts(t, part))
        for i, share in enumerate(shares):
            if share >= 0.07:
                ax.text(i, bottoms[i] + share / 2, _pct(share), ha="center", va="center",
                        fontsize=9, bbox={"boxstyle": "round,pad=0.15", "facecolor": "white",
                                          "edgecolor": "none", "alpha": 0.85})
        bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels([f"{k}\n({_whole(counts[k])})" if counts is not None and k in counts
                        else str(k) for k in keys])
    ax.set_xlabel(_(xlabel) + (_(" (hands)") if counts is not None else ""))
    ax.set_ylabel(_("share of hands"))
    ax.set_ylim(0, 1)
    if legend:
        handles, labels = ax.get_legend_handles_labels()
        ax.legend(handles[::-1], labels[::-1], frameon=False, fontsize=9,
                  bbox_to_anchor=(1.01, 1), loc="upper left")
    ax.spines[["top", "right"]].set_visible(False)
    _numbers(ax)
    return ax


def _parts(count: int, part: str) -> str:
    """A legend's ``0 tricks``, ``1 trick``: ``part`` is ``trick`` (or another word, kept)."""
    if part == "trick":
        return ui.ngettext("{count} trick", "{count} tricks", count).format(count=count)
    return f"{count} {_(part)}{'s' if count != 1 else ''}"


def make_rate_by_bid(rates: Mapping[int, Mapping[int, Estimate]], *, ax: Axes | None = None,
                     min_trials: int = 20) -> Axes:
    """How often a bid of k is made, one line per hand size, with 95% error bars (bids made
    fewer than ``min_trials`` times are left out).

    >>> import matplotlib.pyplot as plt
    >>> from trickcore.study.stats import proportion
    >>> ax = make_rate_by_bid({5: {0: proportion(30, 40), 1: proportion(12, 30)}})
    >>> ax.get_xlabel()
    'bid'
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, (h, by_bid) in enumerate(rates.items()):
        bids = [b for b, e in by_bid.items() if e.trials >= min_trials]
        ests = [by_bid[b] for b in bids]
        offset = (i - (len(rates) - 1) / 2) * 0.08
        ax.errorbar([b + offset for b in bids], [e.probability for e in ests], yerr=_yerr(ests),
                    color=PALETTE[(i + 1) % len(PALETTE)], marker=MARKERS[i % len(MARKERS)],
                    linestyle=LINESTYLES[i % len(LINESTYLES)], capsize=3, markersize=5,
                    label=_("{size}-card hands").format(size=h))
    ax.set_xlabel(_("bid"))
    ax.set_ylabel(_("share of bids made exactly"))
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


def bid_chances(took: Mapping[int, Estimate], made: Mapping[int, Estimate] | None = None, *,
                ax: Axes | SvgAxes | None = None, min_trials: int = 5) -> Axes | SvgAxes:
    """The chance to make each bid with one kind of hand: for each number of tricks k, the
    share of such hands that took exactly k (a bid of k made), as hatched bars with 95% error
    bars; ``made`` adds, as points beside the bars, how often the hands that did bid k made it (bids made fewer
    than ``min_trials`` times left out).  It draws on matplotlib's axes or on
    :class:`trickcore.plotting.svg.Axes` alike.

    >>> from trickcore.study.stats import proportion
    >>> from trickcore.plotting.svg import subplots
    >>> fig, ax = subplots()
    >>> _ = bid_chances({0: proportion(6, 10), 1: proportion(4, 10)},
    ...                 {0: proportion(5, 6)}, ax=ax)
    >>> [round(b.height, 2) for b in ax.bars], ax.series[0].ys
    ([0.6, 0.4], [0.8333333333333334])
    >>> ax.series[0].xs   # beside the bar, not on it
    [0.3]
    """
    ax = _any_axes(ax)
    ks = list(took)
    ests = [took[k] for k in ks]
    ax.bar(ks, [e.probability for e in ests], width=0.55, yerr=_yerr(ests), capsize=3,
           color=PALETTE[2], hatch=HATCHES[1], edgecolor="#333333", linewidth=0.5,
           label=_("took exactly that many tricks"))
    if made is not None:
        bids = [k for k, e in made.items() if e.trials >= min_trials]
        shown = [made[k] for k in bids]
        ax.errorbar([b + 0.3 for b in bids], [e.probability for e in shown], yerr=_yerr(shown), color=PALETTE[5],
                    marker=MARKERS[3], linestyle="none", capsize=3, markersize=6,
                    label=_("made it, among the hands that bid it"))
    ax.set_xticks(ks)
    ax.set_xlabel(_("tricks (the bid)"))
    ax.set_ylabel(_("share of hands"))
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax

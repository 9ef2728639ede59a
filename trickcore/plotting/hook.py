"""Figures for the hook and the seats: how often the hook binds, what it costs, and who
wins whole matches from each seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from trickcore.i18n import N_
from trickcore.plotting.bids import mean_by_key
from trickcore.plotting.style import (
    HATCHES,
    PALETTE,
    _,
    _any_axes,
    _axes,
    _mean_err,
    _tidy,
    _yerr,
)
from trickcore.plotting.svg import Axes as SvgAxes
from trickcore.rules.registry import get_variant
from trickcore.study.hook import HookSummary
from trickcore.study.matches import MatchResult, seat_summary
from trickcore.study.stats import MeanEstimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["hook_binding", "hook_cost", "seat_wins"]


def hook_binding(summary: Mapping[int, HookSummary],
                 random_active: Mapping[int, Fraction | float] | None = None, *,
                 ax: Axes | SvgAxes | None = None) -> Axes | SvgAxes:
    """How often the hook forbids the dealer a bid (heuristic bots, and exactly for random
    bids) and how often it forbids the very bid the heuristic dealer wanted, by hand size.
    It draws on matplotlib's axes or on :class:`trickcore.plotting.svg.Axes` alike.

    >>> import matplotlib.pyplot as plt
    >>> from trickcore.study.hook import hook_study, hook_summary, hook_active_random
    >>> ax = hook_binding(hook_summary(hook_study([1, 2], deals=4, seed=1)),
    ...                   {h: hook_active_random(h) for h in (1, 2)})
    >>> len(ax.get_legend().get_texts())
    3
    >>> plt.close("all")
    """
    ax = _any_axes(ax)
    hs = list(summary)
    active = [summary[h].active for h in hs]
    binds = [summary[h].binds for h in hs]
    ax.errorbar(hs, [e.probability for e in active], yerr=_yerr(active), color=PALETTE[4],
                marker="s", linestyle="-", capsize=3,
                label=_("a bid is forbidden (heuristic bots)"))
    ax.errorbar(hs, [e.probability for e in binds], yerr=_yerr(binds), color=PALETTE[5],
                marker="o", linestyle="--", capsize=3,
                label=_("the bid the dealer wanted is forbidden"))
    if random_active is not None:
        rs = list(random_active)
        ax.plot(rs, [float(random_active[h]) for h in rs], color=PALETTE[0], marker="^",
                linestyle=":", label=_("a bid is forbidden (random bids, exact)"))
    ax.set_xticks(hs)
    ax.set_xlabel(_("cards in each hand"))
    ax.set_ylabel(_("share of deals"))
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


def hook_cost(series: Mapping[str, Mapping[int, MeanEstimate]], *,
              ax: Axes | None = None) -> Axes:
    """What the hook costs the dealer a deal (points without it less points with it), by hand
    size, one series per kind of play, with 95% error bars.

    >>> import matplotlib.pyplot as plt
    >>> from trickcore.study.stats import mean_estimate
    >>> ax = hook_cost({"toy": {1: mean_estimate([4, 5, 6]), 2: mean_estimate([1, 2])}})
    >>> ax.get_xlabel()
    'cards in each hand'
    >>> plt.close("all")
    """
    ax = mean_by_key(series, ax=ax, xlabel=N_("cards in each hand"),
                     ylabel=N_("dealer's points lost to the hook, a deal"))
    ax.axhline(0, color="#777777", linewidth=0.8)
    return ax


def _two_lines(name: str, longest: int = 10) -> str:
    """A long name broken at the space nearest its middle.

    >>> _two_lines("Oh Pshaw"), _two_lines("British Oh Hell"), _two_lines("Contract Whist")
    ('Oh Pshaw', 'British\\nOh Hell', 'Contract\\nWhist')
    """
    spaces = [i for i, c in enumerate(name) if c == " "]
    if len(name) <= longest or not spaces:
        return name
    cut = min(spaces, key=lambda i: abs(len(name) - 1 - 2 * i))
    return name[:cut] + "\n" + name[cut + 1:]


def seat_wins(results: Sequence[MatchResult], *, ax: Axes | None = None) -> Axes:
    """Each position's share of the wins over whole matches (ties split), grouped by variant,
    with 95% error bars; position 0 is the first dealer.  The dashed line is a fair share.

    >>> import matplotlib.pyplot as plt
    >>> from trickcore.study.matches import MatchResult
    >>> ax = seat_wins([MatchResult("oh-hell", 2, "toy", [(3, 1), (1, 3)], [19, 19])])
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['Oh Hell!']
    >>> ax = seat_wins([MatchResult("up-and-down-the-river", 2, "toy", [(3, 1)], [19])])
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['Up and Down\\nthe River']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    players = results[0].players
    width = 0.8 / players
    for p in range(players):
        xs = [i + (p - (players - 1) / 2) * width for i in range(len(results))]
        ests = [seat_summary(r)[p].wins for r in results]
        ax.bar(xs, [e.mean for e in ests], width=width, yerr=_mean_err(ests), capsize=2,
               color=PALETTE[(p + 1) % len(PALETTE)], hatch=HATCHES[p % len(HATCHES)],
               edgecolor="#333333", linewidth=0.5,
               label=_("first dealer") if p == 0
               else _("{count} left of the first dealer").format(count=p))
    ax.axhline(1 / players, color="#555555", linewidth=1, linestyle="--")
    ax.set_xticks(range(len(results)))
    # long names on two lines, so that neighbouring names never run into each other
    ax.set_xticklabels([_two_lines(get_variant(r.variant).title) for r in results], fontsize=9)
    ax.set_ylabel(_("share of matches won"))
    # beside the axes, clear of the names and the bars (the layout makes room for it)
    ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    _tidy(ax)
    return ax

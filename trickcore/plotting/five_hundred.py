"""Figures for Five Hundred's contracts: make rates by contract and by holding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt  # noqa: F401 - the examples close their figures with it

from trickcore.i18n import N_
from trickcore.plotting.style import LINESTYLES, MARKERS, PALETTE, _, _axes, _tidy, _yerr
from trickcore.study import five_hundred
from trickcore.study.five_hundred import ContractSummary
from trickcore.study.stats import Estimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["contract_label", "contract_make_rates", "make_rate_by_holding"]

#: The default axis label below, for the catalogue (translated where it is drawn).
_DEFAULT_LABELS = (N_("trumps after the exchange"),
                   # the series of trickcore.study.five_hundred.holding_make_rates
                   N_("with the joker"), N_("without the joker"))


def contract_label(code: str) -> str:
    """A Five Hundred contract code as players write it (the contracts table's words:
    :func:`trickcore.study.five_hundred.contract_label`).

    >>> contract_label("7H"), contract_label("10NT"), contract_label("open-misere")
    ('7♥', '10NT', 'open misère')
    """
    return five_hundred.contract_label(code)


def contract_make_rates(summary: Sequence[ContractSummary], *, ax: Axes | None = None) -> Axes:
    """Make rate of each contract, with the kitty (solid bars) and with the contractor keeping
    the dealt hand (hatched bars), with 95% error bars; the number of deals under each.

    >>> from trickcore.study.five_hundred import contract_summary, five_hundred_study
    >>> ax = contract_make_rates(contract_summary(five_hundred_study(deals=10, seed=1)))
    >>> ax.get_ylabel()
    'share of contracts made'
    >>> plt.close("all")
    """
    ax = _axes(ax)
    xs = list(range(len(summary)))
    with_kitty = [c.made for c in summary]
    without = [c.made_without_kitty for c in summary]
    ax.bar([x - 0.2 for x in xs], [e.probability for e in with_kitty], width=0.4,
           yerr=_yerr(with_kitty), capsize=2, color=PALETTE[4], edgecolor="#333333",
           linewidth=0.5, label=_("with the kitty"))
    ax.bar([x + 0.2 for x in xs], [e.probability for e in without], width=0.4,
           yerr=_yerr(without), capsize=2, color=PALETTE[1], hatch="//", edgecolor="#333333",
           linewidth=0.5, label=_("without the kitty"))
    ax.set_xticks(xs)
    ax.set_xticklabels([f"{contract_label(c.contract)}\n({c.deals})" for c in summary],
                       fontsize=9)
    ax.set_xlabel(_("contract (deals)"))
    ax.set_ylabel(_("share of contracts made"))
    ax.set_ylim(0, 1.05)
    ax.legend(frameon=False, fontsize=9, loc="lower center", bbox_to_anchor=(0.5, 1.0),
              ncols=2)
    _tidy(ax)
    return ax


def make_rate_by_holding(series: Mapping[str, Mapping[int, Estimate]], *,
                         ax: Axes | None = None, xlabel: str = "trumps after the exchange",
                         min_trials: int = 10) -> Axes:
    """Make rates against a whole-number holding, one series each (say, with and without the
    joker), with 95% error bars; points with fewer than ``min_trials`` deals are left out.

    >>> from trickcore.study.stats import proportion
    >>> ax = make_rate_by_holding({"toy": {5: proportion(7, 10), 6: proportion(9, 10)}})
    >>> ax.get_xlabel()
    'trumps after the exchange'
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, (label, rates) in enumerate(series.items()):
        keys = [k for k, e in rates.items() if e.trials >= min_trials]
        ests = [rates[k] for k in keys]
        offset = (i - (len(series) - 1) / 2) * 0.1
        ax.errorbar([k + offset for k in keys], [e.probability for e in ests], yerr=_yerr(ests),
                    color=PALETTE[(i + 4) % len(PALETTE)], marker=MARKERS[i % len(MARKERS)],
                    linestyle=LINESTYLES[i % len(LINESTYLES)], capsize=3, label=_(label))
    ax.set_xlabel(_(xlabel))
    ax.set_ylabel(_("share of contracts made"))
    ax.set_ylim(0, 1.05)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax

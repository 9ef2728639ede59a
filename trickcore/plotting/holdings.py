"""Figures for the holdings page: exact chances against simulated ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt  # noqa: F401 - the examples close their figures with it

from trickcore.i18n import N_
from trickcore.plotting.style import HATCHES, PALETTE, _, _axes, _numbers, _tidy, _yerr
from trickcore.study.holdings import PackHoldings
from trickcore.study.stats import Estimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["exact_vs_simulated", "five_hundred_chances"]

#: The default labels below, for the catalogue (translated where they are drawn).
_DEFAULT_LABELS = (N_("trumps in the hand"), N_("probability"), N_("exact"), N_("simulated"))
#: The Five Hundred forms' labels (:data:`trickcore.study.holdings.FIVE_HUNDRED_FORMS`).
_FORM_LABELS = (N_("Four-hand"), N_("Two-hand"), N_("Three-hand"), N_("Five-hand"),
                N_("Six-hand"), N_("Québec"), N_("Four-hand, 45 cards"),
                N_("Four-hand, odd fours"), N_("Six-hand, 65 cards"))


def exact_vs_simulated(xs: Sequence[int] | range, exact: Sequence[Fraction | float],
                       simulated: Sequence[Estimate] | None = None, *, ax: Axes | None = None,
                       xlabel: str = "trumps in the hand", ylabel: str = "probability",
                       exact_label: str = "exact", simulated_label: str = "simulated",
                       hatch: str = "//", color: str = PALETTE[2]) -> Axes:
    """A distribution: exact probabilities as hatched bars, simulated ones as black dots with
    95% error bars on top (so the two can be compared at a glance).

    >>> ax = exact_vs_simulated(range(3), [0.25, 0.5, 0.25])
    >>> [float(b.get_height()) for b in ax.patches]
    [0.25, 0.5, 0.25]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    x = list(xs)
    ax.bar(x, [float(p) for p in exact], width=0.7, color=color, alpha=0.55, hatch=hatch,
           edgecolor="#333333", linewidth=0.6, label=_(exact_label))
    if simulated is not None:
        ax.errorbar(x, [e.probability for e in simulated], yerr=_yerr(simulated), fmt="o",
                    color="black", markersize=4, capsize=3, label=_(simulated_label))
    ax.set_xticks(x)
    ax.set_xlabel(_(xlabel))
    ax.set_ylabel(_(ylabel))
    ax.legend(frameon=False)
    _tidy(ax)
    return ax


def five_hundred_chances(forms: Sequence[PackHoldings],
                         simulated: Sequence[Mapping[str, Estimate]] | None = None, *,
                         ax: Axes | None = None) -> Axes:
    """For each Five Hundred form, four exact chances as hatched horizontal bars: the joker in
    one given hand, the joker in the kitty, at least one top trump in the hand, at least one
    in the kitty (hearts trumps); simulated values as dots with 95% error bars.

    >>> from trickcore.study.holdings import five_hundred_holdings
    >>> ax = five_hundred_chances(five_hundred_holdings()[:2])
    >>> len(ax.patches)     # four bars for each of two forms
    8
    >>> plt.close("all")
    """
    ax = _axes(ax)
    keys = ("joker_in_hand", "joker_in_kitty", "top_in_hand", "top_in_kitty")
    names = (_("the joker in my hand"), _("the joker in the kitty"), _("a top trump in my hand"),
             _("a top trump in the kitty"))
    height = 0.2
    for j, (key, name) in enumerate(zip(keys, names, strict=True)):
        ys = [i + (j - 1.5) * height for i in range(len(forms))]
        values = [float(getattr(f, key)) for f in forms]
        ax.barh(ys, values, height=height, color=PALETTE[j + 1], hatch=HATCHES[j],
                edgecolor="#333333", linewidth=0.5, label=name)
        if simulated is not None:
            ests = [s[key] for s in simulated]
            ax.errorbar([e.probability for e in ests], ys, xerr=_yerr(ests), fmt="o",
                        color="black", markersize=2.5, capsize=2, elinewidth=0.8,
                        label=_("simulated") if j == 0 else None)
    ax.set_yticks(range(len(forms)))
    ax.set_yticklabels([_("{form}\n{cards} cards, kitty {kitty}").format(
        form=_(f.label), cards=f.cards, kitty=f.kitty) for f in forms], fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel(_("probability"))
    ax.set_xlim(0, 1)
    ax.legend(frameon=False, fontsize=9, loc="lower right")
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    _numbers(ax)
    return ax

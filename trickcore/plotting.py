"""Plots for the book's part "The numbers", one function per figure, matplotlib only.

Every function draws on the axes it is given (``ax=None`` means the current axes,
``plt.gca()``) and returns them, so a page can lay figures out as it likes and a reader can
restyle them.  Nothing here changes matplotlib's global settings.  Colours come from the
Okabe-Ito palette, which readers with any common colour-vision deficiency can tell apart, and
every series also differs by hatching, marker or line style, so no figure relies on colour
alone.  Simulated values are drawn with their 95% intervals as error bars.

The data come from :mod:`trickcore.analysis`.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> from trickcore import analysis
>>> fig, ax = plt.subplots()
>>> exact = analysis.trumps_in_hand(5)
>>> sim = analysis.simulate_trumps_in_hand(5, deals=500, seed=1)
>>> exact_vs_simulated(range(6), exact, sim, ax=ax) is ax
True
>>> plt.close(fig)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt

from trickcore.study.analyses import (
    SCHEMES,
    BotRow,
    ContractSummary,
    HookSummary,
    MatchResult,
    MeanEstimate,
    OneCardRow,
    PackHoldings,
    ScoringStudy,
    scheme_name,
    seat_summary,
)
from trickcore.study.sim import Estimate
from trickcore.variants import get_variant

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "HATCHES",
    "LINESTYLES",
    "MARKERS",
    "PALETTE",
    "bot_points",
    "contract_label",
    "contract_make_rates",
    "exact_vs_simulated",
    "five_hundred_chances",
    "game_lengths",
    "hook_binding",
    "hook_cost",
    "lead_values",
    "make_rate_by_bid",
    "make_rate_by_holding",
    "mean_by_key",
    "one_card_leader",
    "one_card_seat_scores",
    "scheme_boxplots",
    "seat_wins",
    "stacked_distribution",
]

#: Okabe and Ito's colour-blind-safe palette (black first).
PALETTE = ("#000000", "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7",
           "#F0E442")
#: Hatches, markers and line styles that tell series apart without colour.
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
LINESTYLES = ("-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1, 1, 1)))

def _axes(ax: Axes | None) -> Axes:
    return ax if ax is not None else plt.gca()


def _yerr(estimates: Sequence[Estimate]) -> list[list[float]]:
    return [[max(0.0, e.probability - e.low) for e in estimates],
            [max(0.0, e.high - e.probability) for e in estimates]]


def _mean_err(estimates: Sequence[MeanEstimate]) -> list[float]:
    return [e.high - e.mean for e in estimates]


def _tidy(ax: Axes) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)


# 1. Exact against simulated ---------------------------------------------------------------------


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
           edgecolor="#333333", linewidth=0.6, label=exact_label)
    if simulated is not None:
        ax.errorbar(x, [e.probability for e in simulated], yerr=_yerr(simulated), fmt="o",
                    color="black", markersize=4, capsize=3, label=simulated_label)
    ax.set_xticks(x)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(frameon=False)
    _tidy(ax)
    return ax


def five_hundred_chances(forms: Sequence[PackHoldings],
                         simulated: Sequence[Mapping[str, Estimate]] | None = None, *,
                         ax: Axes | None = None) -> Axes:
    """For each Five Hundred form, four exact chances as hatched horizontal bars: the joker in
    one given hand, the joker in the kitty, at least one top trump in the hand, at least one
    in the kitty (hearts trumps); simulated values as dots with 95% error bars.

    >>> from trickcore.analysis import five_hundred_holdings
    >>> ax = five_hundred_chances(five_hundred_holdings()[:2])
    >>> len(ax.patches)     # four bars for each of two forms
    8
    >>> plt.close("all")
    """
    ax = _axes(ax)
    keys = ("joker_in_hand", "joker_in_kitty", "top_in_hand", "top_in_kitty")
    names = ("the joker in my hand", "the joker in the kitty", "a top trump in my hand",
             "a top trump in the kitty")
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
                        label="simulated" if j == 0 else None)
    ax.set_yticks(range(len(forms)))
    ax.set_yticklabels([f"{f.label}\n{f.cards} cards, kitty {f.kitty}" for f in forms],
                       fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel("probability")
    ax.set_xlim(0, 1)
    ax.legend(frameon=False, fontsize=9, loc="lower right")
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    return ax


# 2. The one-card round -----------------------------------------------------------------------------


def one_card_leader(rows: Sequence[OneCardRow], *, ax: Axes | None = None,
                    max_beaters: int = 30) -> Axes:
    """Eldest's chance of winning the one-card trick against k unseen cards that beat its card,
    one line per player count, with the break-even line at 1/2.

    >>> from trickcore.analysis import one_card_summary
    >>> ax = one_card_leader(one_card_summary([3, 4]))
    >>> [line.get_label() for line in ax.get_lines()][:2]
    ['3 players', '4 players']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, row in enumerate(rows):
        ps = [float(p) for p in row.hooked.leader_by_beaters[: max_beaters + 1]]
        ax.plot(range(len(ps)), ps, color=PALETTE[i % len(PALETTE)],
                linestyle=LINESTYLES[i % len(LINESTYLES)], marker=MARKERS[i % len(MARKERS)],
                markevery=5, markersize=5, label=f"{row.players} players")
    ax.axhline(0.5, color="#777777", linewidth=1, linestyle=":")
    ax.annotate("bid 1 above this line", (max_beaters, 0.5), xytext=(0, 4),
                textcoords="offset points", ha="right", fontsize=9, color="#444444")
    ax.set_xlabel("unseen cards that beat eldest's card (k)")
    ax.set_ylabel("chance that eldest's card wins")
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


def one_card_seat_scores(rows: Sequence[OneCardRow], *, hook: bool = True,
                         ax: Axes | None = None) -> Axes:
    """Each seat's expected score in the one-card round, eldest first and the dealer last,
    one line per player count (with the hook, or without it).

    >>> from trickcore.analysis import one_card_summary
    >>> ax = one_card_seat_scores(one_card_summary([3]), hook=False)
    >>> ax.get_title()
    'without the hook'
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, row in enumerate(rows):
        analysis = row.hooked if hook else row.free
        ys = [float(x) for x in analysis.expected]
        xs = [p - (row.players - 1) for p in range(row.players)]
        ax.plot(xs, ys, color=PALETTE[i % len(PALETTE)], linestyle=LINESTYLES[i % len(LINESTYLES)],
                marker=MARKERS[i % len(MARKERS)], label=f"{row.players} players")
    width = max(r.players for r in rows)
    ax.set_xticks(range(-(width - 1), 1))
    ax.set_xticklabels([f"{-x} before\nthe dealer" if x else "dealer"
                        for x in range(-(width - 1), 1)], fontsize=8)
    ax.set_ylabel("expected points this round")
    ax.set_title("with the hook" if hook else "without the hook", fontsize=10)
    ax.set_ylim(0, 11)
    ax.legend(frameon=False, fontsize=9, loc="lower left")
    _tidy(ax)
    return ax


# 3. Bids ------------------------------------------------------------------------------------------


def mean_by_key(series: Mapping[str, Mapping[Any, MeanEstimate]], *, ax: Axes | None = None,
                xlabel: str = "trumps in the hand", ylabel: str = "mean tricks taken",
                diagonal: bool = False) -> Axes:
    """Several series of means with 95% error bars against a whole-number key (say, mean tricks
    by trumps held), each with its own marker and line style.

    >>> from trickcore.analysis import mean_by
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
                    label=label)
    if diagonal and keys:
        top = max(keys)
        ax.plot([0, top], [0, top], color="#999999", linewidth=0.8, linestyle=":",
                label="one trick a trump")
    ax.set_xticks(sorted(keys))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
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
               edgecolor="#333333", linewidth=0.5, label=f"{t} {part}{'s' if t != 1 else ''}")
        for i, share in enumerate(shares):
            if share >= 0.07:
                ax.text(i, bottoms[i] + share / 2, f"{share:.0%}", ha="center", va="center",
                        fontsize=9, bbox={"boxstyle": "round,pad=0.15", "facecolor": "white",
                                          "edgecolor": "none", "alpha": 0.85})
        bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels([f"{k}\n({counts[k]:,})" if counts is not None and k in counts
                        else str(k) for k in keys])
    ax.set_xlabel(xlabel + (" (hands)" if counts is not None else ""))
    ax.set_ylabel("share of hands")
    ax.set_ylim(0, 1)
    if legend:
        handles, labels = ax.get_legend_handles_labels()
        ax.legend(handles[::-1], labels[::-1], frameon=False, fontsize=9,
                  bbox_to_anchor=(1.01, 1), loc="upper left")
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def make_rate_by_bid(rates: Mapping[int, Mapping[int, Estimate]], *, ax: Axes | None = None,
                     min_trials: int = 20) -> Axes:
    """How often a bid of k is made, one line per hand size, with 95% error bars (bids made
    fewer than ``min_trials`` times are left out).

    >>> from trickcore.analysis import proportion
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
                    label=f"{h}-card hands")
    ax.set_xlabel("bid")
    ax.set_ylabel("share of bids made exactly")
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


# 4. The hook and the seats -----------------------------------------------------------------------


def hook_binding(summary: Mapping[int, HookSummary],
                 random_active: Mapping[int, Fraction | float] | None = None, *,
                 ax: Axes | None = None) -> Axes:
    """How often the hook forbids the dealer a bid (heuristic bots, and exactly for random
    bids) and how often it forbids the very bid the heuristic dealer wanted, by hand size.

    >>> from trickcore.analysis import hook_study, hook_summary, hook_active_random
    >>> ax = hook_binding(hook_summary(hook_study([1, 2], deals=4, seed=1)),
    ...                   {h: hook_active_random(h) for h in (1, 2)})
    >>> len(ax.get_legend().get_texts())
    3
    >>> plt.close("all")
    """
    ax = _axes(ax)
    hs = list(summary)
    active = [summary[h].active for h in hs]
    binds = [summary[h].binds for h in hs]
    ax.errorbar(hs, [e.probability for e in active], yerr=_yerr(active), color=PALETTE[4],
                marker="s", linestyle="-", capsize=3, label="a bid is forbidden (heuristic bots)")
    ax.errorbar(hs, [e.probability for e in binds], yerr=_yerr(binds), color=PALETTE[5],
                marker="o", linestyle="--", capsize=3,
                label="the bid the dealer wanted is forbidden")
    if random_active is not None:
        rs = list(random_active)
        ax.plot(rs, [float(random_active[h]) for h in rs], color=PALETTE[0], marker="^",
                linestyle=":", label="a bid is forbidden (random bids, exact)")
    ax.set_xticks(hs)
    ax.set_xlabel("cards in each hand")
    ax.set_ylabel("share of deals")
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


def hook_cost(series: Mapping[str, Mapping[int, MeanEstimate]], *,
              ax: Axes | None = None) -> Axes:
    """What the hook costs the dealer a deal (points without it less points with it), by hand
    size, one series per kind of play, with 95% error bars.

    >>> from trickcore.analysis import mean_estimate
    >>> ax = hook_cost({"toy": {1: mean_estimate([4, 5, 6]), 2: mean_estimate([1, 2])}})
    >>> ax.get_xlabel()
    'cards in each hand'
    >>> plt.close("all")
    """
    ax = mean_by_key(series, ax=ax, xlabel="cards in each hand",
                     ylabel="dealer's points lost to the hook, a deal")
    ax.axhline(0, color="#777777", linewidth=0.8)
    return ax


def seat_wins(results: Sequence[MatchResult], *, ax: Axes | None = None) -> Axes:
    """Each position's share of the wins over whole matches (ties split), grouped by variant,
    with 95% error bars; position 0 is the first dealer.  The dashed line is a fair share.

    >>> from trickcore.analysis import MatchResult
    >>> ax = seat_wins([MatchResult("oh-hell", 2, "toy", [(3, 1), (1, 3)], [19, 19])])
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['Oh Hell!']
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
               label="first dealer" if p == 0 else f"{p} left of the first dealer")
    ax.axhline(1 / players, color="#555555", linewidth=1, linestyle="--")
    ax.set_xticks(range(len(results)))
    ax.set_xticklabels([get_variant(r.variant).name for r in results], fontsize=9)
    ax.set_ylabel("share of matches won")
    ax.legend(frameon=False, fontsize=8, ncols=2, loc="upper center",
              bbox_to_anchor=(0.5, -0.18))
    _tidy(ax)
    return ax


# 5. Scoring ----------------------------------------------------------------------------------------


def scheme_boxplots(study: ScoringStudy, *, what: str = "totals",
                    ax: Axes | None = None) -> Axes:
    """Box plots, one per scoring scheme, of the final totals of every seat (``what="totals"``)
    or of the winning margins (``what="margins"``).

    >>> from trickcore.analysis import scoring_study
    >>> ax = scheme_boxplots(scoring_study(matches=2, seed=1), what="margins")
    >>> ax.get_xlabel()
    "winner's lead over the runner-up"
    >>> plt.close("all")
    """
    ax = _axes(ax)
    data = []
    for scheme in SCHEMES:
        if what == "totals":
            data.append([t for totals in study.totals[scheme] for t in totals])
        else:
            data.append(study.margins(scheme))
    box = ax.boxplot(data, orientation="horizontal", patch_artist=True, widths=0.6,
                     medianprops={"color": "black", "linewidth": 1.5},
                     flierprops={"marker": ".", "markersize": 3, "markerfacecolor": "#555555",
                                 "markeredgecolor": "#555555"})
    for i, patch in enumerate(box["boxes"]):
        patch.set_facecolor(PALETTE[(i + 1) % len(PALETTE)])
        patch.set_alpha(0.6)
        patch.set_hatch(HATCHES[i % len(HATCHES)])
    ax.set_yticks(range(1, len(SCHEMES) + 1))
    ax.set_yticklabels([scheme_name(s) for s in SCHEMES], fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel("final score of each player" if what == "totals"
                  else "winner's lead over the runner-up")
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    return ax


def game_lengths(lengths: Mapping[str, Sequence[int]], *, ax: Axes | None = None) -> Axes:
    """The share of games still going after each deal (a survival curve), one step line per
    series, with its own line style and colour.

    >>> ax = game_lengths({"toy": [10, 12, 12, 14]})
    >>> ax.get_lines()[0].get_ydata()[9:12].tolist()   # after 9, 10 and 11 deals
    [1.0, 0.75, 0.75]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, (label, values) in enumerate(lengths.items()):
        n = len(values)
        top = max(values)
        xs = list(range(top + 2))
        ys = [sum(v > x for v in values) / n for x in xs]
        ax.step(xs, ys, where="post", color=PALETTE[i % len(PALETTE)],
                linestyle=LINESTYLES[i % len(LINESTYLES)], linewidth=1.6, label=label)
    ax.set_xlabel("deals played")
    ax.set_ylabel("share of games not yet over")
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


# 6. Five Hundred ------------------------------------------------------------------------------------


def contract_label(code: str) -> str:
    """A Five Hundred contract code as players write it.

    >>> contract_label("7H"), contract_label("10NT"), contract_label("open-misere")
    ('7♥', '10NT', 'open misère')
    """
    symbols = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
    if code[-1:] in symbols and code[:-1].isdigit():
        return code[:-1] + symbols[code[-1]]
    return code.replace("misere", "misère").replace("-", " ")


def contract_make_rates(summary: Sequence[ContractSummary], *, ax: Axes | None = None) -> Axes:
    """Make rate of each contract, with the kitty (solid bars) and with the contractor keeping
    the dealt hand (hatched bars), with 95% error bars; the number of deals under each.

    >>> from trickcore.analysis import contract_summary, five_hundred_study
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
           linewidth=0.5, label="with the kitty")
    ax.bar([x + 0.2 for x in xs], [e.probability for e in without], width=0.4,
           yerr=_yerr(without), capsize=2, color=PALETTE[1], hatch="//", edgecolor="#333333",
           linewidth=0.5, label="without the kitty")
    ax.set_xticks(xs)
    ax.set_xticklabels([f"{contract_label(c.contract)}\n({c.deals})" for c in summary],
                       fontsize=9)
    ax.set_xlabel("contract (deals)")
    ax.set_ylabel("share of contracts made")
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

    >>> from trickcore.analysis import proportion
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
                    linestyle=LINESTYLES[i % len(LINESTYLES)], capsize=3, label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of contracts made")
    ax.set_ylim(0, 1.05)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


# 7. Humbug --------------------------------------------------------------------------------------------


def lead_values(values: Sequence[int], *, ax: Axes | None = None) -> Axes:
    """How many tricks the lead was worth in each solved ending, as hatched bars of counts.

    >>> ax = lead_values([0, 0, 1, 2, -1])
    >>> [int(b.get_height()) for b in ax.patches]
    [1, 2, 1, 1]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    lo, hi = min(values), max(values)
    xs = list(range(lo, hi + 1))
    counts = [sum(v == x for v in values) for x in xs]
    bars = ax.bar(xs, counts, width=0.7, color=PALETTE[2], hatch="//", edgecolor="#333333",
                  linewidth=0.5)
    ax.bar_label(bars, fontsize=9)
    ax.set_xticks(xs)
    ax.set_xlabel("tricks the lead is worth to the player on lead")
    ax.set_ylabel("endings")
    _tidy(ax)
    return ax


# 8. Bots ----------------------------------------------------------------------------------------------


def bot_points(rows: Sequence[BotRow], *, ax: Axes | None = None) -> Axes:
    """Mean points a deal for each bot in each game, with 95% error bars; one marker per bot.

    >>> from trickcore.analysis import BotRow, mean_estimate, proportion
    >>> rows = [BotRow("game", bot, 4, proportion(2, 4), mean_estimate([5, 7, 6, 6]))
    ...         for bot in ("one", "two")]
    >>> [t.get_text() for t in bot_points(rows).get_yticklabels()]
    ['game']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    games = list(dict.fromkeys(r.game for r in rows))
    bots = list(dict.fromkeys(r.bot for r in rows))
    for j, bot in enumerate(bots):
        mine = {r.game: r for r in rows if r.bot == bot}
        ys = [g for g in range(len(games)) if games[g] in mine]
        ests = [mine[games[g]].points for g in ys]
        ax.errorbar([e.mean for e in ests], [y + (j - 0.5) * 0.2 for y in ys],
                    xerr=_mean_err(ests), fmt=MARKERS[j % len(MARKERS)],
                    color=PALETTE[(j + 4) % len(PALETTE)], capsize=3, markersize=6, label=bot)
    ax.set_yticks(range(len(games)))
    ax.set_yticklabels(games, fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel("mean points a deal for the seat")
    ax.legend(frameon=False, fontsize=9)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    return ax

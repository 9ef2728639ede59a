"""The chart of "What is this hand worth?": how often the hand took each number of tricks.

Drawn with the dependency-free SVG backend (:mod:`trickcore.plotting.svg`), so it works in the
browser edition: one bar per trick count (its share of the sampled deals, with its 95 % Wilson
interval as an error bar), the bid marked by its own colour, a cross hatch and a "bid" under its
number (never by colour alone), and the mean as a dashed line.  360 units wide: a phone's width
at its natural size, scaled up on a wide screen.  The alt text (``role="img"``, ``<title>`` and
``<desc>``) says every bar in words.

>>> import xml.etree.ElementTree as ET
>>> from trickcore.study.worth import Worth
>>> worth = Worth(0, 3, (2, 10, 6, 2), 20, 20, "double-dummy", 1, False, None)
>>> root = ET.fromstring(worth_svg(worth, bid=1))
>>> root.get("role"), "Bid: 1." in root.get("aria-label")
('img', True)
"""

from __future__ import annotations

from trickcore.i18n import format_decimal
from trickcore.plotting.style import _, _pct, ui
from trickcore.plotting.svg import subplots
from trickcore.study.worth import Worth

__all__ = ["worth_alt", "worth_svg"]

#: Okabe and Ito's blue for the bars, orange for the bid.
_BAR, _BID, _MEAN = "#56B4E9", "#E69F00", "#000000"


def _share(fraction: float) -> str:
    """A share in whole percent, or to a tenth under 9.5 % (so that one deal in 200 is not 0 %)."""
    return _pct(fraction, 0 if fraction == 0 or fraction >= 0.095 else 1)


def _method_words(worth: Worth) -> str:
    if worth.exact:
        return _("the deal is known: exact")
    return (_("double-dummy play") if worth.method == "double-dummy"
            else _("played by the bots"))


def worth_alt(worth: Worth, bid: int | None = None) -> str:
    """The chart in words: each trick count met, its share and its interval; the mean; the bid.

    >>> from trickcore.study.worth import Worth
    >>> print(worth_alt(Worth(0, 2, (0, 3, 1), 4, 4, "bots", 7, False, None), bid=1))
    Tricks this hand took over 4 deals (played by the bots): 1 trick: 75% (95% interval 30% to 95%); 2 tricks: 25% (95% interval 4.6% to 70%). Mean 1.25 tricks. Bid: 1.
    """
    parts = []
    for tricks, (share, (low, high)) in enumerate(zip(worth.shares, worth.intervals,
                                                       strict=True)):
        if not worth.counts[tricks]:
            continue
        words = ui.ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks)
        if worth.exact:
            parts.append(_("{tricks}: {share}").format(tricks=words, share=_pct(share)))
        else:
            parts.append(_("{tricks}: {share} (95% interval {low} to {high})").format(
                tricks=words, share=_share(share), low=_share(low), high=_share(high)))
    text = ui.ngettext("Tricks this hand took over {n} deal ({method}): {bars}.",
                       "Tricks this hand took over {n} deals ({method}): {bars}.",
                       worth.samples).format(
        n=worth.samples, method=_method_words(worth), bars="; ".join(parts))
    text += " " + _("Mean {mean} tricks.").format(mean=format_decimal(worth.mean, 2).rstrip(
        "0").rstrip(".,") or "0")
    if bid is not None:
        text += " " + _("Bid: {bid}.").format(bid=bid)
    return text


def worth_svg(worth: Worth, bid: int | None = None, *, name: str = "worth") -> str:
    """The chart as SVG text; ``bid`` (the student's bid, or the one being considered) is
    marked.  ``name`` keeps the hatch patterns of two charts on one page apart."""
    seen = [t for t, c in enumerate(worth.counts) if c]
    marks = [*seen, *([bid] if bid is not None else [])] or [0]
    low = max(0, min(marks) - 1)
    high = min(worth.hand_size, max(marks) + 1)
    if high - low < 4:  # at least five counts, for the bars' width
        high = min(worth.hand_size, low + 4)
        low = max(0, high - 4)
    xs = list(range(low, high + 1))
    shares = [100 * worth.shares[t] for t in xs]
    below = [100 * max(0.0, worth.shares[t] - worth.intervals[t][0]) for t in xs]
    above = [100 * max(0.0, worth.intervals[t][1] - worth.shares[t]) for t in xs]
    fig, ax = subplots(360, 250, alt=worth_alt(worth, bid), name=name)
    plain = [i for i, t in enumerate(xs) if t != bid]
    ax.bar([xs[i] for i in plain], [shares[i] for i in plain],
           yerr=[[below[i] for i in plain], [above[i] for i in plain]],
           color=_BAR, hatch="//", label=_("share of deals (95% interval)"))
    if bid is not None and low <= bid <= high:
        i = xs.index(bid)
        ax.bar([bid], [shares[i]], yerr=[[below[i]], [above[i]]], color=_BID, hatch="xx",
               label=_("your bid: {bid}").format(bid=bid))
    top = max(10.0, *(s + a for s, a in zip(shares, above, strict=True)))
    top = min(100.0, (int(top) // 10 + 1) * 10)
    ax.set_ylim(0, top)
    ax.plot([worth.mean, worth.mean], [0, top], color=_MEAN, linestyle="--",
            label=_("mean: {mean} tricks").format(mean=format_decimal(worth.mean, 1)))
    ax.set_xticks(xs)
    step = 1 if len(xs) <= 14 else 2
    ax.set_xticklabels([(str(t) + ("\n" + _("bid") if t == bid else "")) if (t - low) % step == 0
                        or t == bid else "" for t in xs])
    ax.set_xlabel(_("tricks taken"))
    ax.set_ylabel(_("% of deals"))
    ax.set_title(ui.ngettext("What this hand is worth: {n} deal, {method}",
                             "What this hand is worth: {n} deals, {method}",
                             worth.samples).format(
        n=worth.samples, method=_method_words(worth)))
    ax.grid(axis="y")
    ax.legend()
    svg: str = fig.to_svg()
    return svg

"""The small statistics the studies share: estimates of a probability and of a mean, with their
95% intervals.

>>> e = proportion(30, 100)
>>> f"{e.probability:.0%} (95% interval {e.low:.0%} to {e.high:.0%})"
'30% (95% interval 22% to 40%)'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from trickcore.arguments import count, number, typed
from trickcore.i18n import _

__all__ = ["Estimate", "MeanEstimate", "mean_by", "mean_estimate", "mean_from_sums", "proportion",
           "slope_estimate", "wilson"]

#: z for a two-sided 95% interval.
Z95 = 1.959964


class Estimate(NamedTuple):
    """A simulated probability with its standard error and a 95% interval (Wilson).

    >>> e = Estimate(hits=30, trials=100, probability=0.3, standard_error=0.046, low=0.219,
    ...              high=0.396)
    >>> f"{e.probability:.0%} (95% interval {e.low:.0%} to {e.high:.0%})"
    '30% (95% interval 22% to 40%)'
    """

    hits: int
    trials: int
    probability: float
    standard_error: float
    low: float
    high: float


def wilson(hits: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``hits`` successes in ``trials``.

    >>> tuple(round(x, 3) for x in wilson(50, 100))
    (0.404, 0.596)
    """
    if trials <= 0:
        raise ValueError(_("trials must be positive"))
    p = hits / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@typed
def proportion(hits: int, trials: int, z: float = Z95) -> Estimate:
    """A simulated probability with its standard error and Wilson interval (95% by default).

    >>> e = proportion(30, 100)
    >>> e.probability, round(e.low, 3), round(e.high, 3)
    (0.3, 0.219, 0.396)
    """
    trials = count(trials, "trials")
    count(hits, "hits", low=0, high=trials)
    number(z, "z", low=0, above=True)
    p = hits / trials
    low, high = wilson(hits, trials, z)
    return Estimate(hits, trials, p, math.sqrt(p * (1 - p) / trials), low, high)


class MeanEstimate(NamedTuple):
    """A simulated mean with its standard error and a normal 95% interval.

    >>> m = mean_estimate([1, 2, 3, 4])
    >>> m.mean, m.n, round(m.standard_error, 3)
    (2.5, 4, 0.645)
    """

    mean: float
    standard_error: float
    n: int
    low: float
    high: float


def mean_estimate(values: Iterable[float], z: float = Z95) -> MeanEstimate:
    """The mean of ``values`` with its standard error (``nan`` for fewer than two values)."""
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        return MeanEstimate(math.nan, math.nan, 0, math.nan, math.nan)
    import statistics  # here: importing it costs the live table's start in the browser

    mean = statistics.fmean(data)
    se = statistics.stdev(data) / math.sqrt(n) if n > 1 else math.nan
    return MeanEstimate(mean, se, n, mean - z * se, mean + z * se)


@typed
def mean_from_sums(n: int, total: int, squares: int, z: float = Z95) -> MeanEstimate:
    """A mean with its standard error and 95% interval, from the count, the sum and the sum of
    squares of integer values (what a study stores, so that chunks add exactly).

    >>> est = mean_from_sums(4, 10, 30)          # the values 1, 2, 3, 4
    >>> est.mean, round(est.standard_error, 4)
    (2.5, 0.6455)
    """
    count(n, "n")  # a mean needs at least one value
    number(z, "z", low=0, above=True)
    mean = total / n
    var = (squares - total * total / n) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(max(var, 0.0) / n)
    return MeanEstimate(mean, se, n, mean - z * se, mean + z * se)


def slope_estimate(xs: Iterable[float], ys: Iterable[float], z: float = Z95) -> MeanEstimate:
    """The slope of the least-squares line of ``ys`` on ``xs``, with its standard error and a
    normal 95% interval (``n`` is the number of points; at least three, and two different
    ``xs``).

    >>> e = slope_estimate([0, 1, 2, 3], [1, 3, 5, 7])
    >>> e.mean, e.standard_error, e.n
    (2.0, 0.0, 4)
    >>> round(slope_estimate([0, 1, 2, 3], [0, 2, 1, 3]).standard_error, 3)
    0.424
    """
    x = [float(v) for v in xs]
    y = [float(v) for v in ys]
    n = len(x)
    if n != len(y) or n < 3:
        raise ValueError(_("a slope needs at least three points, as many ys as xs"))
    import statistics  # here: importing it costs the live table's start in the browser

    fit = statistics.linear_regression(x, y)
    mx = statistics.fmean(x)
    sxx = sum((v - mx) ** 2 for v in x)
    residuals = sum((b - fit.intercept - fit.slope * a) ** 2 for a, b in zip(x, y, strict=True))
    se = math.sqrt(residuals / (n - 2) / sxx)
    return MeanEstimate(fit.slope, se, n, fit.slope - z * se, fit.slope + z * se)


def mean_by(rows: Iterable[Any], key: Callable[[Any], Any],
            value: Callable[[Any], float | None]) -> dict[Any, MeanEstimate]:
    """The mean of ``value`` for each value of ``key`` (rows whose value is ``None`` are left
    out), in key order.

    >>> means = mean_by([1, 2, 3, 4], key=lambda x: x % 2, value=lambda x: x)
    >>> {k: (m.mean, m.n) for k, m in means.items()}
    {0: (3.0, 2), 1: (2.0, 2)}
    """
    groups: dict[Any, list[float]] = {}
    for row in rows:
        v = value(row)
        if v is not None:
            groups.setdefault(key(row), []).append(v)
    return {k: mean_estimate(vals) for k, vals in sorted(groups.items())}

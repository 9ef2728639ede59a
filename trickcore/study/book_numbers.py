"""Every analysis of the book's part "The numbers", in one import (``trickcore.analysis``).

The numbers behind the games: exact probabilities and seeded simulations, with error bars.
Each analysis lives in its own module of :mod:`trickcore.study`: :mod:`~trickcore.study.holdings`
(exact holdings), :mod:`~trickcore.study.onecard_tables` (the one-card round),
:mod:`~trickcore.study.bids`, :mod:`~trickcore.study.hook` (the hook and the seats),
:mod:`~trickcore.study.matches` (whole matches, scoring schemes, bots compared),
:mod:`~trickcore.study.five_hundred` (contracts) and :mod:`~trickcore.study.humbug` (perfect
play), with the shared statistics in :mod:`~trickcore.study.stats`.  Each analysis is a function
that returns plain data (fractions, counts, estimates with their 95% intervals); the matching
plots are in :mod:`trickcore.plotting`.  Two kinds of answer:

* **Exact** answers are counted, not sampled, and come back as :class:`fractions.Fraction`:
  hypergeometric holdings (how many trumps a hand holds, where the Five Hundred joker and bowers
  lie, Humbug's dealer advantage).  They use the standard library only.
* **Simulated** answers come from seeded deals played by the engine's bots, or from the numpy
  batch simulator for random play (:mod:`trickcore.study.batch`; numpy is imported only inside
  the functions that need it).  Every simulated number carries its standard error or a 95%
  interval, and the same arguments always give the same numbers.

>>> from fractions import Fraction
>>> trumps_in_hand(1)                     # one card, after a card is turned for trumps
[Fraction(13, 17), Fraction(4, 17)]
>>> humbug_trumps().mean_advantage        # the dealer's extra trumps in Humbug, on average
Fraction(13, 17)
"""

from __future__ import annotations

from trickcore.display import table_html as html_table  # one table renderer: display
from trickcore.study.bids import (
    SeatDeal,
    best_bids,
    make_rates,
    oh_hell_deals,
    trick_distribution,
)
from trickcore.study.five_hundred import (
    ContractSummary,
    FiveHundredDeal,
    contract_summary,
    five_hundred_study,
    holding_make_rates,
)
from trickcore.study.holdings import (
    FIVE_HUNDRED_FORMS,
    HumbugTrumps,
    PackHoldings,
    five_hundred_holdings,
    humbug_trumps,
    hypergeometric,
    mean_of,
    simulate_five_hundred_holdings,
    simulate_five_hundred_lengths,
    simulate_humbug_trumps,
    simulate_trumps_in_hand,
    trumps_in_hand,
)
from trickcore.study.hook import (
    HookDeal,
    HookSummary,
    hook_active_random,
    hook_study,
    hook_summary,
    random_hook_cost,
    random_seat_points,
)
from trickcore.study.humbug import HumbugEnding, humbug_study
from trickcore.study.matches import (
    OH_HELL_FAMILY,
    BotRow,
    MatchResult,
    ScoringStudy,
    SeatSummary,
    bot_comparison,
    heuristic_matches,
    random_matches,
    scoring_study,
    seat_summary,
)
from trickcore.study.onecard_tables import (
    OneCardRow,
    one_card_rules,
    one_card_summary,
    relevantmisc_example,
)
from trickcore.study.schemes import SCHEMES, scheme_label, scheme_name
from trickcore.study.stats import Estimate as Estimate  # its functions return it
from trickcore.study.stats import MeanEstimate, mean_by, mean_estimate, proportion

__all__ = [
    "FIVE_HUNDRED_FORMS",
    "OH_HELL_FAMILY",
    "SCHEMES",
    "BotRow",
    "ContractSummary",
    "FiveHundredDeal",
    "HookDeal",
    "HookSummary",
    "HumbugEnding",
    "HumbugTrumps",
    "MatchResult",
    "MeanEstimate",
    "OneCardRow",
    "PackHoldings",
    "ScoringStudy",
    "SeatDeal",
    "SeatSummary",
    "best_bids",
    "bot_comparison",
    "contract_summary",
    "five_hundred_holdings",
    "five_hundred_study",
    "heuristic_matches",
    "holding_make_rates",
    "hook_active_random",
    "hook_study",
    "hook_summary",
    "html_table",
    "humbug_study",
    "humbug_trumps",
    "hypergeometric",
    "make_rates",
    "mean_by",
    "mean_estimate",
    "mean_of",
    "oh_hell_deals",
    "one_card_rules",
    "one_card_summary",
    "proportion",
    "random_hook_cost",
    "random_matches",
    "random_seat_points",
    "relevantmisc_example",
    "scheme_label",
    "scheme_name",
    "scoring_study",
    "seat_summary",
    "simulate_five_hundred_holdings",
    "simulate_five_hundred_lengths",
    "simulate_humbug_trumps",
    "simulate_trumps_in_hand",
    "trick_distribution",
    "trumps_in_hand",
]

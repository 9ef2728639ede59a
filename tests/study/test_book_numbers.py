"""Tests of trickcore.study (through trickcore.study.book_numbers, which trickcore.analysis is) and
trickcore.plotting.

Exact results are checked against fractions counted by hand with math.comb; simulations are
checked against the exact results within stated error bars (3.3 standard errors, so a seeded
run fails by chance about once in a thousand checks); the studies are checked for consistency
with the engine.  The one-card tables themselves are tested in tests/study/test_onecard.py.
"""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
from fractions import Fraction

import pytest

from trickcore.engine.scoring import exact_bid_points
from trickcore.rules import Scoring, with_options
from trickcore.rules.registry import get_variant
from trickcore.study import book_numbers as analysis

Z = 3.3  # standard errors allowed between a simulated and an exact probability


def within(estimate: float, exact: float, trials: int, z: float = Z) -> bool:
    """True when a simulated proportion is within z standard errors of the exact one (with a
    floor of one count, for probabilities close to 0 or 1)."""
    se = math.sqrt(exact * (1 - exact) / trials)
    return abs(estimate - exact) <= z * se + 1 / trials


# Exact holdings ------------------------------------------------------------------------------


@pytest.mark.parametrize("h", range(1, 13))
def test_trumps_in_hand_by_hand(h: int) -> None:
    pmf = analysis.trumps_in_hand(h)
    assert len(pmf) == h + 1
    for k, p in enumerate(pmf):
        assert p == Fraction(math.comb(12, k) * math.comb(39, h - k), math.comb(51, h))
    assert sum(pmf) == 1
    assert analysis.mean_of(pmf) == Fraction(12 * h, 51)


@pytest.mark.parametrize("h", range(1, 14))
def test_dealer_keeps_turn_up(h: int) -> None:
    pmf = analysis.trumps_in_hand(h, holds_turn_up=True)
    assert pmf[0] == 0
    for k in range(1, h + 1):
        assert pmf[k] == Fraction(math.comb(12, k - 1) * math.comb(39, h - k), math.comb(51, h - 1))
    assert analysis.mean_of(pmf) == 1 + Fraction(12 * (h - 1), 51)


def test_trumps_in_hand_refuses_impossible_deals() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        analysis.trumps_in_hand(13, players=4)
    with pytest.raises(ValueError, match="at least one card"):
        analysis.trumps_in_hand(0)
    with pytest.raises(ValueError, match="cannot draw"):
        analysis.hypergeometric(10, 11, 2)


def test_humbug_trumps_by_hand() -> None:
    h = analysis.humbug_trumps()
    total = math.comb(51, 26)
    assert sum(h.difference.values()) == 1
    assert all(d % 2 for d in h.difference)  # 13 trumps in two hands: never equal
    more = sum(Fraction(math.comb(12, k) * math.comb(39, 26 - k), total) for k in range(7))
    assert h.dealer_more == more
    assert h.mean_advantage == Fraction(13, 17)
    assert analysis.mean_of(h.eldest) == Fraction(12 * 26, 51)
    assert analysis.mean_of(h.dealer) == 13 - Fraction(12 * 26, 51)


# (label, cards, players, kitty, trumps red, trumps black, top trumps)
FORMS = [
    ("Four-hand", 43, 4, 3, 13, 12, 3),
    ("Two-hand", 43, 2, 3, 13, 12, 3),
    ("Three-hand", 33, 3, 3, 10, 10, 3),
    ("Five-hand", 53, 5, 3, 15, 15, 3),
    ("Six-hand", 63, 6, 3, 18, 17, 3),
    ("Québec", 46, 4, 6, 14, 14, 4),
    ("Four-hand, 45 cards", 45, 4, 5, 13, 13, 3),
    ("Four-hand, odd fours", 43, 4, 3, 13, 13, 3),
    ("Six-hand, 65 cards", 65, 6, 5, 18, 18, 3),
]


def test_five_hundred_holdings_by_hand() -> None:
    forms = analysis.five_hundred_holdings()
    assert [f.label for f in forms] == [row[0] for row in FORMS]
    for f, (_, cards, players, kitty, red, black, top) in zip(forms, FORMS, strict=True):
        assert (f.cards, f.players, f.kitty, f.trumps_red, f.trumps_black, f.top_trumps) == (
            cards, players, kitty, red, black, top), f.label
        table = 10 * players if f.label == "Two-hand" else 0  # five piles of two each
        assert players * 10 + kitty + table == cards
        assert f.joker_in_hand == Fraction(10, cards)
        assert f.joker_in_kitty == Fraction(kitty, cards)
        assert f.top_in_hand == 1 - Fraction(math.comb(cards - top, 10), math.comb(cards, 10))
        assert f.top_in_kitty == 1 - Fraction(math.comb(cards - top, kitty),
                                              math.comb(cards, kitty))
        assert sum(f.trump_length_red) == 1
        assert analysis.mean_of(f.trump_length_red) == Fraction(10 * red, cards)
    assert forms[0].joker_in_kitty == Fraction(3, 43)  # the published 500 kitty odds: 3 in 43


def test_relevantmisc_published_number() -> None:
    from trickcore.study.onecard import leader_win_by_beaters

    p = analysis.relevantmisc_example()
    assert p == Fraction(29 * 28 * 27, 51 * 50 * 49)
    assert round(float(p), 4) == 0.1755
    assert p == leader_win_by_beaters(4, unseen=51)[22]


@pytest.mark.parametrize(("h", "n"), [(1, 3), (2, 4), (3, 4), (4, 5), (2, 7)])
def test_hook_active_random_by_enumeration(h: int, n: int) -> None:
    bids = itertools.product(range(h + 1), repeat=n - 1)
    count = sum(1 for b in bids if sum(b) <= h)
    assert analysis.hook_active_random(h, n) == Fraction(count, (h + 1) ** (n - 1))


def test_one_card_summary_uses_the_half_rule() -> None:
    (row,) = analysis.one_card_summary([4])
    rule = row.hooked.rule(())
    for card, p in rule.win.items():  # eldest, common scoring: bid 1 iff P(win) > 1/2
        assert (card in rule.one) == (p > Fraction(1, 2)), card
    assert row.eldest_lowest_trump is not None
    assert row.eldest_lowest_trump.code == "3S"
    assert row.hook_cost == row.free.expected[-1] - row.hooked.expected[-1] > 0
    assert row.hooked.expected[:-1] == row.free.expected[:-1]  # the hook binds the dealer only
    words = analysis.one_card_rules(row.hooked)
    assert words[0] == ("eldest", "(none)", "3♠ or a higher trump", "")
    assert ("dealer", "0, 0, 0", "any trump", "may not bid 1") in words


# Simulations against exact results -------------------------------------------------------------


@pytest.mark.parametrize(("h", "dealer"), [(5, False), (10, False), (4, True)])
def test_simulated_trumps_match_exact(h: int, dealer: bool) -> None:
    trials = 3000
    sim = analysis.simulate_trumps_in_hand(h, deals=trials, seed=11, holds_turn_up=dealer)
    exact = analysis.trumps_in_hand(h, holds_turn_up=dealer)
    for e, p in zip(sim, exact, strict=True):
        assert e.trials == trials
        assert within(e.probability, float(p), trials)


def test_simulated_humbug_matches_exact() -> None:
    trials = 3000
    diffs, mean = analysis.simulate_humbug_trumps(deals=trials, seed=5)
    exact = analysis.humbug_trumps()
    assert abs(mean.mean - 13 / 17) <= Z * mean.standard_error
    for d, e in diffs.items():
        assert within(e.probability, float(exact.difference.get(d, 0)), trials)


@pytest.mark.parametrize("index", range(len(FORMS)))
def test_simulated_five_hundred_matches_exact(index: int) -> None:
    form = analysis.five_hundred_holdings()[index]
    trials = 1500
    sim = analysis.simulate_five_hundred_holdings(form, deals=trials, seed=3)
    for key, e in sim.items():
        assert within(e.probability, float(getattr(form, key)), trials), (form.label, key)


def test_simulated_five_hundred_lengths_match_exact() -> None:
    form = analysis.five_hundred_holdings()[0]
    trials = 3000
    sim = analysis.simulate_five_hundred_lengths(form, deals=trials, seed=2)
    for e, p in zip(sim["red"], form.trump_length_red, strict=True):
        assert within(e.probability, float(p), trials)
    for e, p in zip(sim["black"], form.trump_length_black, strict=True):
        assert within(e.probability, float(p), trials)
    # the longest suit is at least as long as any one suit
    assert sum(e.probability for e in sim["longest"][:3]) == 0


def test_random_hook_activity_matches_exact() -> None:
    pytest.importorskip("numpy")
    from trickcore.study.batch import simulate_random_hands

    trials = 20_000
    for h in (1, 3, 6):
        result = simulate_random_hands(trials, hand_size=h, dealer=3, seed=h)
        active = int((result.bids[:, :3].sum(axis=1) <= h).sum())
        assert within(active / trials, float(analysis.hook_active_random(h)), trials)
        # a random bid by a player who is not the dealer is exact with chance 1 / (h + 1)
        exact = int((result.bids[:, 0] == result.tricks[:, 0]).sum())
        assert within(exact / trials, 1 / (h + 1), trials)


def test_random_seat_points_and_hook_cost() -> None:
    pytest.importorskip("numpy")
    points = analysis.random_seat_points([1], hands=20_000, seed=3)
    assert points[1][-1].high < points[1][0].low  # the hooked dealer does worse
    cost = analysis.random_hook_cost([1, 8], hands=20_000, seed=3)
    assert cost[1].low > 0
    assert abs(cost[8].mean) < 0.3


# The studies, checked against the engine -----------------------------------------------------------


def test_oh_hell_deals_and_perfect_information() -> None:
    from trickcore.solver import Position, brute_force

    rows = analysis.oh_hell_deals(2, deals=30, seed=4, perfect=True)
    assert len(rows) == 120
    for d in range(30):
        mine = [r for r in rows if r.deal == d]
        assert sum(r.tricks for r in mine) == 2
        assert sorted(r.position for r in mine) == [0, 1, 2, 3]
    # every seat that was not hooked bid what the heuristic wanted
    for r in rows:
        assert 0 <= r.trumps <= 2
        assert 0 <= r.aces <= 2
        if r.forbidden is None or r.forbidden != r.wanted:
            assert r.bid == r.wanted
        else:
            assert r.bid != r.wanted
    # the solver's values agree with a plain minimax on a few deals
    from trickcore.engine.dealing import deal_cards, rng_for

    rules = get_variant("oh-hell")
    for d in range(3):
        deal = deal_cards(rules, players=4, dealer=d % 4, hand_size=2,
                          rng=rng_for(rules.key, 4, 4, "analysis-bids", 2, d))
        position = Position(deal.hands, deal.trump, deal.eldest)
        for r in (r for r in rows if r.deal == d):
            seat = (deal.eldest + r.position) % 4
            assert r.perfect == brute_force(position, side=seat)


def test_distributions_rates_and_best_bids() -> None:
    rows = analysis.oh_hell_deals(3, deals=60, seed=2)
    dist = analysis.trick_distribution(rows, key=lambda r: r.trumps)
    for shares in dist.values():
        assert math.isclose(sum(shares), 1)
    rates = analysis.make_rates(rows)
    assert sum(e.trials for e in rates.values()) == len(rows)
    assert sum(e.hits for e in rates.values()) == sum(r.bid == r.tricks for r in rows)
    best = analysis.best_bids(rows, key=lambda r: r.trumps, min_count=5)
    groups = {k: [r.tricks for r in rows if r.trumps == k] for k in best}
    for k, by_scheme in best.items():
        for scheme, (bid, score) in by_scheme.items():
            rules = with_options(get_variant("oh-hell"), {"scoring": scheme.value})
            scores = [sum(exact_bid_points(rules, b, t, 3) for t in groups[k]) / len(groups[k])
                      for b in range(4)]
            assert math.isclose(score, max(scores))
            assert bid == scores.index(max(scores))


def test_hook_study_pairs_the_same_deal() -> None:
    rows = analysis.hook_study([1, 2], deals=25, seed=6)
    summary = analysis.hook_summary(rows)
    assert set(summary) == {1, 2}
    for r in rows:
        if r.binds:
            assert r.forbidden == r.wanted
        if r.hand_size == 1:  # one card: the others' play cannot change
            assert r.hooked[:-1] == r.free[:-1]
    assert summary[1].binds.hits <= summary[1].active.hits


def test_matches_and_seat_summary() -> None:
    heuristic = analysis.heuristic_matches("contract-whist", matches=4, seed=2)
    assert heuristic.deals == [13] * 4
    summary = analysis.seat_summary(heuristic)
    assert math.isclose(sum(s.wins.mean for s in summary), 1)
    assert math.isclose(sum(s.edge.mean for s in summary), 0, abs_tol=1e-9)
    pytest.importorskip("numpy")
    oh_well = analysis.random_matches("oh-well", matches=300, seed=2)
    assert all(max(t) >= 100 for t in oh_well.totals)
    pagat = analysis.random_matches("oh-hell", matches=300, seed=2)
    assert set(pagat.deals) == {19}


def test_scoring_study_common_scores_are_the_match_scores() -> None:
    from trickcore.engine.dealing import rng_for
    from trickcore.engine.match import Match
    from trickcore.players.heuristic import HeuristicBot

    study = analysis.scoring_study(matches=2, seed=9)
    rules = get_variant("oh-hell")
    seeds = rng_for(rules.key, 4, 9, "analysis-scoring")
    for m in range(2):
        match = Match(rules, 4, seed=seeds.randrange(2**31))
        match.play([HeuristicBot()] * 4)
        assert list(study.totals[Scoring.COMMON][m]) == match.totals
    assert study.same_winner(Scoring.COMMON).probability == 1
    assert all(margin >= 0 for margin in study.margins(Scoring.SQUARES))


def test_five_hundred_study() -> None:
    rows = analysis.five_hundred_study(deals=25, seed=3)
    assert len(rows) == 25
    for r in rows:
        assert len(r.longest) == 4
        assert all(3 <= n <= 10 for n in r.longest)  # 13 trumps or 12: a hand holds 3 or more
        if r.contract is not None and r.kind == "tricks" and not r.contract.endswith("NT"):
            assert r.trumps_kept >= 1
    summary = analysis.contract_summary(rows)
    assert sum(c.deals for c in summary) == sum(r.contract is not None for r in rows)
    rates = analysis.holding_make_rates(rows)
    assert set(rates) == {"with the joker", "without the joker"}


def test_humbug_study_and_lead_value() -> None:
    for ending in ("play", "random"):
        rows = analysis.humbug_study(deals=4, seed=2, tricks_left=5, ending=ending)
        for r in rows:
            assert 0 <= r.ending <= 5
            assert 0 <= r.ending_other_lead <= 5
            assert sum(r.first_half) == (21 if ending == "play" else 0)
    with pytest.raises(ValueError, match="ending"):
        analysis.humbug_study(deals=1, ending="whole")
    ending = analysis.HumbugEnding((6, 7), (2, 3), (10, 3), 1, 4, 6, 13)
    # seat 1 leads: 13 - 4 = 9 tricks on lead, 13 - 6 = 7 with seat 0 on lead
    assert ending.lead_value == 2
    assert ending.eldest_total == 14


def test_bot_comparison() -> None:
    from trickcore.players.heuristic import HeuristicBot
    from trickcore.players.montecarlo import MonteCarloBot
    from trickcore.players.random import RandomBot

    rows = analysis.bot_comparison(
        "oh-hell", {"mc": MonteCarloBot(samples=2, seed=1), "h": HeuristicBot(),
                    "r": RandomBot(1), "h2": HeuristicBot()},
        players=4, deals=6, hand_size=2, seed=1)
    assert [r.bot for r in rows] == ["mc", "h", "r", "h2"]
    assert all(r.seats == 6 and r.accuracy.trials == 6 for r in rows)


def test_html_table_escapes() -> None:
    html = analysis.html_table("a < b", ["x"], [["<i>"]])
    assert "<i>" not in html
    assert "&lt;i&gt;" in html
    assert '<caption>a &lt; b</caption>' in html


# Imports and plots ---------------------------------------------------------------------------------


def test_importing_trickcore_loads_neither_analysis_nor_plotting() -> None:
    code = ("import sys, trickcore, trickcore.study.book_numbers;"
            "print(sorted(m for m in ('trickcore.plotting', 'matplotlib', 'numpy')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
    code = "import sys, trickcore; print('trickcore.study.book_numbers' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_every_plot_takes_ax_and_leaves_rcparams_alone() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from trickcore import plotting

    before = dict(matplotlib.rcParams)
    rows = analysis.oh_hell_deals(3, deals=10, seed=1, perfect=True)
    trumps = analysis.mean_by(rows, lambda r: r.trumps, lambda r: r.tricks)
    hook = analysis.hook_summary(analysis.hook_study([1, 2], deals=5, seed=1))
    one_card = analysis.one_card_summary([3, 4])
    matches = [analysis.heuristic_matches("oh-hell", matches=2, seed=1)]
    study = analysis.scoring_study(matches=2, seed=1)
    deals500 = analysis.five_hundred_study(deals=8, seed=1)
    forms = analysis.five_hundred_holdings()[:2]
    sims = [analysis.simulate_five_hundred_holdings(f, deals=50, seed=1) for f in forms]
    endings = analysis.humbug_study(deals=2, seed=1, tricks_left=4, ending="random")
    from trickcore.players.heuristic import HeuristicBot
    from trickcore.players.random import RandomBot

    bot_rows = analysis.bot_comparison("oh-hell", {"h": HeuristicBot(), "r": RandomBot(1)},
                                       players=4, deals=4, hand_size=2, seed=1)
    calls = [
        lambda ax: plotting.exact_vs_simulated(range(4), analysis.trumps_in_hand(3),
                                               analysis.simulate_trumps_in_hand(3, deals=50),
                                               ax=ax),
        lambda ax: plotting.five_hundred_chances(forms, sims, ax=ax),
        lambda ax: plotting.one_card_leader(one_card, ax=ax),
        lambda ax: plotting.one_card_seat_scores(one_card, hook=False, ax=ax),
        lambda ax: plotting.mean_by_key({"heuristic": trumps}, ax=ax, diagonal=True),
        lambda ax: plotting.stacked_distribution(
            analysis.trick_distribution(rows, key=lambda r: r.trumps), counts={0: 1}, ax=ax),
        lambda ax: plotting.make_rate_by_bid({3: analysis.make_rates(rows)}, ax=ax,
                                             min_trials=1),
        lambda ax: plotting.hook_binding(hook, {1: Fraction(1, 2)}, ax=ax),
        lambda ax: plotting.hook_cost({"heuristic": {h: s.cost for h, s in hook.items()}},
                                      ax=ax),
        lambda ax: plotting.seat_wins(matches, ax=ax),
        lambda ax: plotting.scheme_boxplots(study, ax=ax),
        lambda ax: plotting.scheme_boxplots(study, what="margins", ax=ax),
        lambda ax: plotting.game_lengths({"x": [3, 4, 4, 5]}, ax=ax),
        lambda ax: plotting.contract_make_rates(analysis.contract_summary(deals500), ax=ax),
        lambda ax: plotting.make_rate_by_holding(analysis.holding_make_rates(deals500), ax=ax,
                                                 min_trials=1),
        lambda ax: plotting.lead_values([e.lead_value for e in endings], ax=ax),
        lambda ax: plotting.bot_points(bot_rows, ax=ax),
    ]
    for call in calls:
        fig, ax = plt.subplots()
        assert call(ax) is ax
        assert ax.has_data()
        plt.close(fig)
    fig, ax = plt.subplots()
    assert plotting.game_lengths({"x": [1, 2]}) is ax  # ax=None: the current axes
    plt.close(fig)
    assert dict(matplotlib.rcParams) == before


def test_palette_is_okabe_ito() -> None:
    pytest.importorskip("matplotlib")
    from trickcore import plotting

    assert plotting.PALETTE[:3] == ("#000000", "#E69F00", "#56B4E9")
    assert len(set(plotting.HATCHES)) == len(plotting.HATCHES)
    assert len(set(plotting.MARKERS)) == len(plotting.MARKERS)
    assert plotting.contract_label("8S") == "8♠"

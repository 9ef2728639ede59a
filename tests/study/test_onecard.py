"""The one-card round of Oh Hell: exact tables against pjt33's published numbers, against a
direct enumeration of every deal, and against a seeded simulation."""

from __future__ import annotations

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from support import PACK

import trickcore as tc
from trickcore.cli import main
from trickcore.study.onecard import (
    OneCardAnalysis,
    analyse_one_card,
    injective,
    leader_win_by_beaters,
    score,
)
from trickcore.study.onecard_published import pjt33_program_expected

# pjt33/oh_hell_analysis README: "Probability of winning" for eldest by k, the number of
# cards that beat eldest's card (to two decimals, one entry to three).
PJT33_P1 = {
    3: [1, 0.96, 0.92, 0.88, 0.84, 0.81, 0.77, 0.74, 0.70, 0.67, 0.637, 0.60, 0.57, 0.54, 0.51,
        0.49],
    4: [1, 0.94, 0.88, 0.83, 0.77, 0.72, 0.68, 0.63, 0.59, 0.54, 0.504, 0.47],
    5: [1, 0.92, 0.84, 0.77, 0.71, 0.65, 0.59, 0.54, 0.49],
    6: [1, 0.90, 0.81, 0.72, 0.65, 0.58, 0.51, 0.45],
    7: [1, 0.88, 0.77, 0.68, 0.59, 0.51, 0.44],
}

# The README's expected scores, eldest first, dealer last, with the hook, "tricks + 10".
PJT33_EXPECTED = {
    3: [7.58, 9.30, 3.69],
    4: [7.75, 9.41, 9.52, 3.81],
    5: [8.05, 9.43, 9.52, 9.62, 3.75],
    6: [8.32, 9.46, 9.53, 9.60, 9.67, 3.77],
    7: [8.54, 9.50, 9.54, 9.60, 9.66, 9.72, 3.80],
}

# The README's tables of the lowest trump to bid 1 on (ace turned), for n = 3..7; "q" is a side
# queen or better (and every trump), "*" the hooked dealer, "." no such seat.
PJT33_LOWEST = """
()              q 3 6 7 8
(0,)            2 2 4 6 7
(0, 0)          * 2 3 5 7
(0, 0, 0)       . * 2 4 6
(0, 0, 0, 0)    . . * 3 5
(0, 0, 0, 0, 0) . . . * 4
(1,)            7 9 J J Q
(0, 1)          * 9 T J J
(1, 0)          * 9 J J Q
(0, 0, 1)       . * 9 T J
(0, 1, 0)       . * T J J
(1, 0, 0)       . * T J J
(0, 0, 0, 1)    . . * T T
(0, 0, 1, 0)    . . * T J
(0, 1, 0, 0)    . . * T J
(1, 0, 0, 0)    . . * J J
(0, 0, 0, 0, 1) . . . * T
(0, 0, 0, 1, 0) . . . * T
(0, 0, 1, 0, 0) . . . * J
(0, 1, 0, 0, 0) . . . * J
(1, 0, 0, 0, 0) . . . * J
(1, 1)          J Q K K K
(0, 1, 1)       . Q Q K K
(1, 0, 1)       . Q K K K
(1, 1, 0)       . Q K K K
(0, 0, 1, 1)    . . Q Q K
(0, 1, 0, 1)    . . Q K K
(0, 1, 1, 0)    . . Q K K
(1, 0, 0, 1)    . . Q K K
(0, 0, 0, 1, 1) . . . Q K
(0, 0, 1, 0, 1) . . . Q K
(0, 0, 1, 1, 0) . . . Q K
(0, 1, 0, 0, 1) . . . Q K
(0, 0, 0, 0, 1, 1) . . . . Q
(0, 0, 0, 1, 0, 1) . . . . Q
"""
# One README entry disagrees with pjt33's own program (one_card_analysis.py gives the jack, a
# threshold of 3, for n = 7 after (0, 0, 0, 1)); we side with the program.
PJT33_README_TYPOS: dict[tuple[tuple[int, ...], int], tuple[str, str]] = {
    ((0, 0, 0, 1), 7): ("T", "J")}


def lowest_code(analysis: OneCardAnalysis, previous: tuple[int, ...]) -> str:
    rule = analysis.rule(previous)
    side = [c for c in rule.one if c.suit != analysis.trump]
    if side:
        return min(side, key=lambda c: c.index).code[0].lower()
    low = rule.lowest_trump(analysis.trump)
    return "-" if low is None else low.code[0]


def test_leader_table_matches_pjt33() -> None:
    for n, row in PJT33_P1.items():
        ours = leader_win_by_beaters(n)
        for k, published in enumerate(row):
            places = 3 if published in (0.637, 0.504) else 2
            assert round(float(ours[k]), places) == pytest.approx(published), (n, k)


def test_leader_table_is_the_falling_factorial_formula() -> None:
    assert leader_win_by_beaters(4)[10] == Fraction(40 * 39 * 38, 50 * 49 * 48)
    assert leader_win_by_beaters(5, unseen=51)[0] == 1


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_pjt33_model_reproduces_the_published_tables(n: int) -> None:
    analysis = analyse_one_card(n, pjt33=True)
    for line in PJT33_LOWEST.strip().splitlines():
        head, _, tail = line.partition(")")
        previous = tuple(int(x) for x in head.strip("( ").split(",") if x.strip())
        cells = tail.split()
        published = cells[n - 3]
        if published in ".*":
            continue
        if (previous, n) in PJT33_README_TYPOS:
            readme, program = PJT33_README_TYPOS[(previous, n)]
            assert published == readme
            published = program
        assert lowest_code(analysis, previous) == published, (n, previous)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_pjt33_program_reading_reproduces_every_published_expected_score(n: int) -> None:
    """pjt33's program drops the deals in which a player before the dealer bids 1 on the top
    trump alone (a threshold of 0 read as "impossible"); counted that way, every one of its 25
    published expected scores comes out to the published two decimals, and counted over every
    deal the same model gives the module's own exact values."""
    reading = pjt33_program_expected(n)
    assert [f"{float(x):.2f}" for x in reading.program] == [f"{x:.2f}" for x in PJT33_EXPECTED[n]]
    assert reading.all_deals == tuple(analyse_one_card(n, pjt33=True).expected)
    assert (reading.dropped == 0) == (n <= 4)


def test_the_six_and_seven_player_differences_are_exact() -> None:
    six, seven = pjt33_program_expected(6), pjt33_program_expected(7)
    assert six.all_deals[0] == Fraction(6291027, 756700)              # 8.3138
    assert six.program[0] == Fraction(6603853580, 793592851)          # 8.3215, published 8.32
    assert seven.all_deals[1] == Fraction(565478929, 59590125)        # 9.4895
    assert seven.program[1] == Fraction(22599669670, 2380129419)      # 9.4951, published 9.50
    assert f"{six.dropped / six.total:.3%}" == "0.119%"
    assert f"{seven.dropped / seven.total:.3%}" == "0.146%"


def test_real_cards_differ_from_pjt33_model() -> None:
    # Counting cards, eldest's expected score for n = 3 is 7.03, not 7.58: pjt33's model weighs
    # each trump like a whole rank of side cards.
    ours = analyse_one_card(3).expected
    assert [round(float(x), 2) for x in ours] == [7.03, 9.19, 4.46]
    direct = sum(max(11 * p, 10 - 9 * p) for p in (
        [leader_win_by_beaters(3)[k] for k in range(12)]
        + [leader_win_by_beaters(3)[12 + j] for j in range(13)] * 3)) / 51
    assert ours[0] == direct


def test_injective_count_against_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(200):
        k = rng.randrange(0, 5)
        sets = [rng.getrandbits(7) for _ in range(k)]
        brute = sum(1 for combo in itertools.permutations(range(7), k)
                    if all(sets[j] >> combo[j] & 1 for j in range(k)))
        assert injective(sets) == brute


# Direct enumeration of every deal -------------------------------------------------------------


Seen = dict[tuple[int, tc.Card, tuple[int, ...]], list[int]]


def enumerate_round(analysis: OneCardAnalysis) -> tuple[list[Fraction], Seen]:
    """Play every deal of the pack under the analysis's rules; exact mean scores and, per
    (seat, card, earlier bids), [deals, wins]."""
    n = analysis.players
    turn_up = analysis.turn_up
    trump = analysis.trump
    cards = [c for c in PACK if c != turn_up]
    totals = [0] * n
    seen: Seen = {}
    count = 0
    for deal in itertools.permutations(cards, n):
        led = deal[0].suit
        best = 0
        for i in range(1, n):
            c, b = deal[i], deal[best]
            if (c.suit == b.suit and c.index > b.index) or (c.suit == trump != b.suit):
                best = i
        bids: list[int] = []
        for seat in range(n):
            rule = analysis.rule(tuple(bids))
            stats = seen.setdefault((seat, deal[seat], tuple(bids)), [0, 0])
            stats[0] += 1
            stats[1] += best == seat
            bids.append(rule.bid(deal[seat]))
        for seat in range(n):
            totals[seat] += score(analysis.scheme, bids[seat], 1 if best == seat else 0)
        count += 1
        assert led is not None
    return [Fraction(t, count) for t in totals], seen


@pytest.mark.parametrize(("hook", "scheme", "turn_up"), [
    (True, "common", "AS"), (False, "simple", "7H"), (True, "simple", None)])
def test_three_players_against_every_deal(hook: bool, scheme: str, turn_up: str | None) -> None:
    analysis = analyse_one_card(3, turn_up, hook=hook, scheme=scheme)
    means, seen = enumerate_round(analysis)
    assert means == analysis.expected
    # every posterior chance, for the representative cards
    for (seat, card, previous), (deals, wins) in seen.items():
        rule = analysis.rule(previous)
        if card in rule.win:
            assert Fraction(wins, deals) == rule.win[card], (seat, card, previous)


def test_four_players_against_a_seeded_simulation() -> None:
    analysis = analyse_one_card(4, "QD")
    rng = random.Random("one-card-4")
    cards = [c for c in PACK if c.code != "QD"]
    trials = 40_000
    sums = [0.0] * 4
    squares = [0.0] * 4
    for _ in range(trials):
        deal = rng.sample(cards, 4)
        best = 0
        for i in range(1, 4):
            c, b = deal[i], deal[best]
            if (c.suit == b.suit and c.index > b.index) or (c.suit == tc.Suit.DIAMONDS != b.suit):
                best = i
        bids: list[int] = []
        for seat in range(4):
            bids.append(analysis.rule(tuple(bids)).bid(deal[seat]))
        for seat in range(4):
            s = score("common", bids[seat], 1 if best == seat else 0)
            sums[seat] += s
            squares[seat] += s * s
    for seat in range(4):
        mean = sums[seat] / trials
        sd = math.sqrt(squares[seat] / trials - mean * mean)
        assert abs(mean - float(analysis.expected[seat])) < 4 * sd / math.sqrt(trials), seat


def test_hook_changes_only_the_dealer() -> None:
    hooked = analyse_one_card(4)
    free = analyse_one_card(4, hook=False)
    assert hooked.expected[:3] == free.expected[:3]
    assert hooked.expected[3] < free.expected[3]
    assert hooked.rule((0, 0, 0)).forbidden == 1
    assert free.rule((0, 0, 0)).forbidden is None


def test_simple_scheme_bids_one_more_readily() -> None:
    # The threshold falls from 1/2 to 10/21: three-handed, eldest's side jack (p = 0.486) now
    # bids 1.
    common = analyse_one_card(3).rule(())
    simple = analyse_one_card(3, scheme="simple").rule(())
    assert common.one < simple.one
    assert {c.code for c in simple.one - common.one} == {"JH", "JD", "JC"}


def test_bad_arguments() -> None:
    with pytest.raises(tc.TrickcoreError, match="3 to 7 players"):
        analyse_one_card(8)
    with pytest.raises(tc.TrickcoreError, match="scheme"):
        analyse_one_card(4, scheme="squares")
    with pytest.raises(tc.TrickcoreError, match="turned card"):
        analyse_one_card(4, None, pjt33=True)


# Command line -------------------------------------------------------------------------------


def test_cli_analyse_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "one-card", "--players", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["players"], out["hook"], out["trump"]) == (4, True, "S")
    assert out["leader_win_by_beaters"][10]["exact"] == "247/490"
    eldest = next(b for b in out["bids"] if b["previous"] == [])
    assert eldest["lowest_trump"] == "3S"
    assert len(out["expected_scores"]) == 4
    assert main(["analyse", "one-card", "--players", "3", "--no-hook", "--scheme", "simple",
                 "--no-trump", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["trump"], out["hook"], out["scheme"]) == (None, False, "simple")


def test_cli_analyse_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "one-card", "--players", "3"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("One-card Oh Hell, 3 players")
    assert "Expected score by seat" in text


@pytest.mark.parametrize("argv", [
    ["analyse", "one-card", "--players", "9"],
    ["analyse", "one-card", "--turn-up", "ZZ"],
    ["analyse", "one-card", "--turn-up", "JK"],
])
def test_cli_analyse_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("trickcore analyse:")

"""The numpy batch path (:mod:`trickcore.study.batch`) against the rules and against the engine.

Three kinds of check:

* **Rules, hand by hand.** Every hand keeps its cards (each dealt card played once, by the seat
  that holds it), follows suit when it can, has the tricks its winners say (winners recomputed
  here in plain Python with the shared rule of ``support.trick_winner``), bids that respect the
  hook, and the points of the scheme's formula (``support.expected_points``).  A sample of hands
  is also replayed through the pure-Python engine, which re-checks every action and re-scores.
* **Exact uniformity.** Each choice must be uniform among the legal ones: for every play the
  chosen card's position among the legal cards is tested against the uniform distribution, for
  each number of legal cards, and the bids likewise.
* **The same distribution as the engine.** Seeded hands of :class:`trickcore.HandState` played by
  :class:`trickcore.RandomBot` give the dealer's bid, the tricks taken by each seat and the
  rate of made bids; the batch must agree with them, and the dealer's bid with its exact
  distribution.

Statistical tolerances: a chi-square test passes when its p-value is above ``P_MIN = 0.001``;
a z statistic passes when ``|z| < Z_MAX = 3.5`` (two-sided p of about 0.0005).  Every sample is
seeded, so the outcomes are fixed and cannot flake; with correct code each test would fail for
fewer than 1 in 1000 seeds.
"""

from __future__ import annotations

import dataclasses
import math
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from support import expected_points, trick_winner

import trickcore as tc
from trickcore.engine.dealing import deal_cards, rng_for
from trickcore.study.batch import BatchResult, simulate_random_hands

np = pytest.importorskip("numpy")

P_MIN = 0.001
Z_MAX = 3.5
SUIT_MASKS = tuple(0xFFFF << (16 * s) for s in range(4))
OH_HELL = tc.get_variant("oh-hell")


# Statistics ---------------------------------------------------------------------------------


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (series for the
    regularised lower incomplete gamma function)."""
    if x <= 0:
        return 1.0
    a, y = df / 2, x / 2
    term = total = 1 / a
    k = a
    while term > total * 1e-16:
        k += 1
        term *= y / k
        total += term
    lower = total * math.exp(-y + a * math.log(y) - math.lgamma(a))
    return max(0.0, 1.0 - lower)


def test_chi2_sf_known_values() -> None:
    # Tabulated critical values: P(chi2_1 >= 3.841) = 0.05, P(chi2_10 >= 29.588) = 0.001.
    assert chi2_sf(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(29.588298, 10) == pytest.approx(0.001, abs=1e-7)
    assert chi2_sf(0.0, 3) == 1.0


def test_homogeneity_merges_the_sparse_top_categories() -> None:
    # Counts 9 and 10 are merged into 8 (expected counts below 5 in the small sample); the
    # p-value of the merged 2 x 9 table is scipy's chi2_contingency value, 0.035558.
    a = [8242, 20460, 25605, 21528, 13484, 6738, 2678, 992, 245, 26, 2]
    b = [457, 1188, 1591, 1217, 853, 442, 174, 62, 12, 4, 0]
    assert homogeneity(a, b) == pytest.approx(0.035558, abs=1e-6)
    assert homogeneity(a, a) == 1.0


def goodness_of_fit(counts: Sequence[int], probs: Sequence[float]) -> float:
    """p-value of the chi-square test of ``counts`` against the distribution ``probs``."""
    n = sum(counts)
    stat = sum((c - n * p) ** 2 / (n * p) for c, p in zip(counts, probs, strict=True))
    return chi2_sf(stat, len(counts) - 1)


def homogeneity(a: Sequence[int], b: Sequence[int]) -> float:
    """p-value of the two-sample chi-square test that counts ``a`` and ``b`` share a
    distribution.  Top categories are merged until each has an expected count of at least 5
    in the smaller sample."""
    a, b = list(a), list(b)
    na, nb = sum(a), sum(b)
    small = min(na, nb)
    while len(a) > 2 and (a[-1] + b[-1]) / (na + nb) * small < 5:
        top_a, top_b = a.pop(), b.pop()
        a[-1] += top_a
        b[-1] += top_b
    stat = 0.0
    for x, y in zip(a, b, strict=True):
        pooled = (x + y) / (na + nb)
        stat += (x / na - y / nb) ** 2 / (pooled * (1 / na + 1 / nb))
    return chi2_sf(stat, len(a) - 1)


def two_proportion_z(hits_a: int, n_a: int, hits_b: int, n_b: int) -> float:
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    return (hits_a / n_a - hits_b / n_b) / se


# Samples ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def big() -> BatchResult:
    """100,000 pagat Oh Hell hands, 4 players, 10 cards, with every card played."""
    return simulate_random_hands(100_000, seed=2024, keep_plays=True)


ENGINE_HANDS = 6000


@pytest.fixture(scope="module")
def engine() -> dict[str, Any]:
    """The same game through the engine: seeded deals, every seat a RandomBot."""
    bot = tc.RandomBot(seed=99)
    rng = rng_for("oh-hell", 4, 99, "batch-test")
    dealer_bids: list[int] = []
    tricks: list[list[int]] = [[], [], [], []]  # by seat relative to the dealer: eldest first
    made = [0, 0, 0, 0]
    for i in range(ENGINE_HANDS):
        dealer = i % 4
        state = tc.HandState(OH_HELL, deal_cards(OH_HELL, players=4, dealer=dealer,
                                                 hand_size=10, rng=rng))
        while state.phase is tc.Phase.BIDDING:
            state.bid(bot(state).action)
        while state.phase is tc.Phase.PLAYING:
            state.play(bot(state).action)
        dealer_bids.append(state.bids[dealer])
        for q in range(4):
            seat = (dealer + 1 + q) % 4
            tricks[q].append(state.tricks_won[seat])
            made[q] += state.bids[seat] == state.tricks_won[seat]
    return {"dealer_bids": dealer_bids, "tricks": tricks, "made": made}


def relative(result: BatchResult, values: Any) -> Any:
    """``values`` (n, players) re-indexed by seat relative to the dealer (0 = eldest)."""
    p = result.players
    seats = (result.dealer[:, None].astype(np.intp) + 1 + np.arange(p)) % p
    return np.take_along_axis(values, seats, axis=1)


def exact_dealer_bid(hand_size: int, players: int) -> list[float]:
    """The dealer's bid distribution when everyone bids uniformly and the hook binds."""
    h = hand_size
    sums = Counter({0: 1})
    for _ in range(players - 1):
        nxt: Counter[int] = Counter()
        for s, ways in sums.items():
            for b in range(h + 1):
                nxt[s + b] += ways
        sums = nxt
    total = (h + 1) ** (players - 1)
    probs = [0.0] * (h + 1)
    for s, ways in sums.items():
        forbidden = h - s
        legal = [b for b in range(h + 1) if b != forbidden]
        for b in legal:
            probs[b] += ways / total / len(legal)
    return probs


# The rules, hand by hand --------------------------------------------------------------------


def test_shapes_and_dealers(big: BatchResult) -> None:
    n = big.n_hands
    assert big.bids.shape == big.tricks.shape == big.points.shape == big.hands.shape == (n, 4)
    assert big.trump.shape == big.turn_up.shape == big.dealer.shape == (n,)
    assert big.plays is not None
    assert big.plays.shape == (n, 10, 4)
    assert big.dealer.tolist()[:6] == [0, 1, 2, 3, 0, 1]  # hand i is dealt by seat i % 4
    assert big.ruleset is OH_HELL


def test_cards_are_conserved(big: BatchResult) -> None:
    assert big.plays is not None
    assert big.leaders is not None
    n = big.n_hands
    one = np.uint64(1)
    # The four hands hold 40 different cards; the turn-up is none of them and fixes trumps.
    union = np.bitwise_or.reduce(big.hands, axis=1)
    assert (np.bitwise_count(big.hands) == 10).all()
    assert (np.bitwise_count(union) == 40).all()
    assert (union & (one << big.turn_up.astype(np.uint64)) == 0).all()
    assert (big.trump == big.turn_up >> 4).all()
    assert set(np.unique(big.turn_up & 15).tolist()) <= {*range(9), 12, 13, 14, 15}
    # Every card dealt is played exactly once, by the seat that holds it.
    played = np.zeros((n, 4), dtype=np.uint64)
    seats = (big.leaders[:, :, None].astype(np.intp) + np.arange(4)) % 4
    bits = one << big.plays.astype(np.uint64)
    rows = np.arange(n)[:, None]
    for t in range(10):
        np.add.at(played, (rows, seats[:, t]), bits[:, t])  # add: a repeat would show
    assert (played == big.hands).all()


def test_tricks_and_bids(big: BatchResult) -> None:
    assert (big.tricks.sum(axis=1) == 10).all()
    assert (big.bids >= 0).all()
    assert (big.bids <= 10).all()
    assert (big.bids.sum(axis=1) != 10).all()  # the hook
    assert big.winners is not None
    counts = np.stack([(big.winners == s).sum(axis=1) for s in range(4)], axis=1)
    assert (counts == big.tricks).all()


def test_follow_suit_and_winners_in_plain_python(big: BatchResult) -> None:
    """Replay 3000 hands card by card with Python ints and the shared winner rule."""
    assert big.plays is not None
    assert big.leaders is not None
    assert big.winners is not None
    for i in range(3000):
        dealer = int(big.dealer[i])
        left = [int(m) for m in big.hands[i]]
        trump = "SHDC"[int(big.trump[i])]
        leader = (dealer + 1) % 4  # eldest leads the first trick
        won = [0, 0, 0, 0]
        for t in range(10):
            assert int(big.leaders[i, t]) == leader
            cards = [int(c) for c in big.plays[i, t]]
            led = cards[0] >> 4
            for j, card in enumerate(cards):
                seat = (leader + j) % 4
                assert left[seat] >> card & 1, f"hand {i}: seat {seat} does not hold {card}"
                if j and card >> 4 != led:
                    assert not left[seat] & SUIT_MASKS[led], f"hand {i}: seat {seat} revoked"
                left[seat] &= ~(1 << card)
            pos = trick_winner([tc.Card.from_index(c) for c in cards], trump)
            leader = (leader + pos) % 4
            assert int(big.winners[i, t]) == leader
            won[leader] += 1
        assert left == [0, 0, 0, 0]
        assert won == big.tricks[i].tolist()


SCHEMES = [
    OH_HELL,
    dataclasses.replace(OH_HELL, scoring=tc.Scoring.SIMPLE),
    dataclasses.replace(OH_HELL, scoring=tc.Scoring.TEN_PLUS_ZERO_AVAILABLE),
    dataclasses.replace(OH_HELL, scoring=tc.Scoring.BONUS_ONLY),
    dataclasses.replace(OH_HELL, scoring=tc.Scoring.TEN_PER_BID),
    dataclasses.replace(OH_HELL, scoring=tc.Scoring.SQUARES, exact_bonus=5),
    dataclasses.replace(OH_HELL, scoring=tc.Scoring.SIMPLE, zero_bid=tc.ZeroBid.FIVE_PLUS_HAND),
]


@pytest.mark.parametrize("rules", SCHEMES, ids=lambda r: f"{r.scoring.value}-{r.zero_bid.value}")
def test_points_follow_the_scheme(rules: tc.Ruleset) -> None:
    result = simulate_random_hands(3000, seed=5, ruleset=rules, hand_size=3)
    for i in range(result.n_hands):
        for s in range(4):
            bid, took = int(result.bids[i, s]), int(result.tricks[i, s])
            assert result.points[i, s] == expected_points(rules, bid, took, 3)
    assert set(result.bids.ravel().tolist()) == {0, 1, 2, 3}  # small hands: every case occurs


def test_points_default_common(big: BatchResult) -> None:
    made = big.bids == big.tricks
    assert (big.points == big.tricks + 10 * made).all()


def test_replayed_in_the_engine(big: BatchResult) -> None:
    """The engine accepts every bid and card of 300 hands and scores them the same."""
    for i in range(300):
        state = big.replay(i)
        assert state.is_over
        assert list(state.tricks_won) == big.tricks[i].tolist()
        assert list(state.points or ()) == big.points[i].tolist()
        assert state.deal.trump == tc.Suit(int(big.trump[i]))


@pytest.mark.parametrize(
    ("key", "players", "hand_size"),
    [
        ("oh-hell", 3, 10), ("oh-hell", 5, 10), ("oh-hell", 7, 7), ("oh-hell", 4, 1),
        ("oh-pshaw", 4, 13), ("oh-pshaw", 3, 17), ("oh-well", 3, 17), ("contract-whist", 6, 7),
        ("british-oh-hell", 5, 4), ("up-and-down-the-river", 8, 6),
    ],
)
def test_other_tables_and_variants(key: str, players: int, hand_size: int) -> None:
    rules = tc.get_variant(key)
    result = simulate_random_hands(200, seed=3, ruleset=rules, players=players,
                                   hand_size=hand_size, keep_plays=True, chunk_size=64)
    assert (result.tricks.sum(axis=1) == hand_size).all()
    if rules.hook:
        assert (result.bids.sum(axis=1) != hand_size).all()
    for i in range(0, 200, 7):
        state = result.replay(i)
        assert list(state.tricks_won) == result.tricks[i].tolist()
        assert list(state.points or ()) == result.points[i].tolist()
        trump = int(result.trump[i])
        assert state.deal.trump == (tc.Suit(trump) if trump >= 0 else None)
    if players * hand_size == 52:  # no card left to turn: no trump
        assert (result.trump == -1).all()
        assert (result.turn_up == -1).all()


def test_two_players_with_the_whole_pack() -> None:
    # 26 cards each: no trump card, and more legal cards than a 32-bit draw can serve exactly.
    rules = dataclasses.replace(OH_HELL, players=(2, 3, 4), hand_sizes=())
    result = simulate_random_hands(100, seed=8, ruleset=rules, players=2, hand_size=26,
                                   keep_plays=True)
    assert (result.trump == -1).all()
    for i in range(0, 100, 9):
        assert list(result.replay(i).points or ()) == result.points[i].tolist()


def test_dealers_last_card_stays_in_hand() -> None:
    result = simulate_random_hands(500, seed=4, ruleset=tc.get_variant("oh-well"), players=5,
                                   hand_size=10)
    dealer_hands = result.hands[np.arange(500), result.dealer]
    assert (dealer_hands >> result.turn_up.astype(np.uint64) & np.uint64(1) == 1).all()


def test_largest_deals_at_no_trump() -> None:
    rules = tc.with_options(OH_HELL, {"largest_deals_no_trump": True})
    assert (simulate_random_hands(50, ruleset=rules).trump == -1).all()
    assert (simulate_random_hands(50, ruleset=rules, hand_size=9).trump >= 0).all()


def test_no_hook_and_fixed_dealer() -> None:
    result = simulate_random_hands(20_000, seed=6, hook=False, dealer=2, keep_plays=True)
    assert result.ruleset.hook is False
    assert OH_HELL.hook is True
    assert (result.dealer == 2).all()
    assert result.leaders is not None
    assert (result.leaders[:, 0] == 3).all()
    totals = result.bids.sum(axis=1)
    assert (totals == 10).any()
    # Without the hook the dealer's bid is uniform over 0-10 like everyone else's.
    assert goodness_of_fit(np.bincount(result.bids[:, 2], minlength=11).tolist(),
                           [1 / 11] * 11) > P_MIN
    assert result.replay(0).ruleset.hook is False


def test_same_seed_same_hands() -> None:
    a = simulate_random_hands(3000, seed=42, keep_plays=True, chunk_size=1000)
    b = simulate_random_hands(3000, seed=42, keep_plays=True, chunk_size=1000)
    c = simulate_random_hands(3000, seed=43, keep_plays=True, chunk_size=1000)
    for field in ("dealer", "hands", "turn_up", "trump", "bids", "tricks", "points", "plays",
                  "leaders", "winners"):
        assert np.array_equal(getattr(a, field), getattr(b, field)), field
    assert not np.array_equal(a.hands, c.hands)
    # keep_plays only records: the hands are the same without it.
    d = simulate_random_hands(3000, seed=42, chunk_size=1000)
    assert d.plays is None
    assert np.array_equal(a.points, d.points)


def test_refusals() -> None:
    with pytest.raises(tc.RulesetError, match="Oh Hell family only"):
        simulate_random_hands(1, ruleset=tc.get_variant("five-hundred"))
    with pytest.raises(tc.RulesetError, match="Oh Hell family only"):
        simulate_random_hands(1, ruleset=tc.get_variant("humbug"), players=2, hand_size=26)
    with pytest.raises(tc.RulesetError, match="players"):
        simulate_random_hands(1, players=2)
    with pytest.raises(tc.RulesetError, match="a hand is 1 to 10 cards"):
        simulate_random_hands(1, players=5, hand_size=11)
    with pytest.raises(ValueError, match="dealer"):
        simulate_random_hands(1, dealer=4)
    with pytest.raises(ValueError, match="keep_plays=True"):
        simulate_random_hands(1).replay(0)
    empty = simulate_random_hands(0)
    assert empty.bids.shape == (0, 4)
    assert empty.n_hands == 0


def test_core_imports_without_numpy() -> None:
    code = ("import sys; sys.modules['numpy'] = None; import trickcore\n"
            "import trickcore.study.batch\n"
            "try:\n    trickcore.study.batch.simulate_random_hands(1)\n"
            "except ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "trickcore.study.batch needs numpy" in out


# Exact uniformity ---------------------------------------------------------------------------


def test_every_play_is_uniform_among_the_legal_cards(big: BatchResult) -> None:
    """For each number c of legal cards, the chosen card's position among them is uniform."""
    assert big.plays is not None
    assert big.leaders is not None
    n = big.n_hands
    rows = np.arange(n)
    one = np.uint64(1)
    suit_masks = np.array(SUIT_MASKS, dtype=np.uint64)
    left = big.hands.copy()
    by_count: dict[int, Any] = {}
    for t in range(10):
        for j in range(4):
            seat = (big.leaders[:, t].astype(np.intp) + j) % 4
            card = big.plays[:, t, j].astype(np.uint64)
            held = left[rows, seat]
            if j == 0:
                legal = held
                led = card >> np.uint64(4)
            else:
                follow = held & suit_masks[led]
                legal = np.where(follow != 0, follow, held)
            bit = one << card
            assert (legal & bit).all(), "an illegal card was played"
            count = np.bitwise_count(legal)
            position = np.bitwise_count(legal & (bit - one))
            for c in np.unique(count).tolist():
                tally = np.bincount(position[count == c], minlength=c)
                by_count[c] = by_count.get(c, 0) + tally
            left[rows, seat] = held ^ bit
    assert (left == 0).all()
    assert set(by_count) == set(range(1, 11))
    for c, tally in by_count.items():
        if c > 1:
            assert goodness_of_fit(tally.tolist(), [1 / c] * c) > P_MIN, f"{c} legal cards"


def test_bids_are_uniform_among_the_legal_bids(big: BatchResult) -> None:
    bids = relative(big, big.bids)  # eldest first, dealer last
    for q in range(3):
        assert goodness_of_fit(np.bincount(bids[:, q], minlength=11).tolist(),
                               [1 / 11] * 11) > P_MIN
    forbidden = 10 - bids[:, :3].sum(axis=1)
    binds = forbidden >= 0
    dealer = bids[:, 3]
    # Where the hook binds, the dealer's bid is uniform over the 10 others: its position
    # among them is uniform over 0-9.
    position = dealer[binds] - (dealer[binds] > forbidden[binds])
    assert goodness_of_fit(np.bincount(position, minlength=10).tolist(), [0.1] * 10) > P_MIN
    assert goodness_of_fit(np.bincount(dealer[~binds], minlength=11).tolist(),
                           [1 / 11] * 11) > P_MIN


# Against the engine -------------------------------------------------------------------------


def test_dealer_bid_matches_exact_distribution(big: BatchResult, engine: dict[str, Any]) -> None:
    exact = exact_dealer_bid(10, 4)
    assert math.isclose(sum(exact), 1.0)
    batch_counts = np.bincount(relative(big, big.bids)[:, 3], minlength=11).tolist()
    engine_counts = [Counter(engine["dealer_bids"])[b] for b in range(11)]
    assert goodness_of_fit(batch_counts, exact) > P_MIN
    assert goodness_of_fit(engine_counts, exact) > P_MIN
    assert homogeneity(batch_counts, engine_counts) > P_MIN


@pytest.mark.parametrize("seat", [0, 1, 2, 3], ids=["eldest", "second", "third", "dealer"])
def test_tricks_by_seat_match_the_engine(
    big: BatchResult, engine: dict[str, Any], seat: int
) -> None:
    batch_counts = np.bincount(relative(big, big.tricks)[:, seat], minlength=11).tolist()
    engine_counts = [Counter(engine["tricks"][seat])[k] for k in range(11)]
    assert homogeneity(batch_counts, engine_counts) > P_MIN
    batch_mean = sum(k * c for k, c in enumerate(batch_counts)) / big.n_hands
    engine_mean = sum(engine["tricks"][seat]) / ENGINE_HANDS
    var = sum((k - batch_mean) ** 2 * c for k, c in enumerate(batch_counts)) / big.n_hands
    z = (batch_mean - engine_mean) / math.sqrt(var / big.n_hands + var / ENGINE_HANDS)
    assert abs(z) < Z_MAX


def test_made_bids_match_the_engine(big: BatchResult, engine: dict[str, Any]) -> None:
    made = relative(big, (big.bids == big.tricks).astype(np.int64)).sum(axis=0).tolist()
    for q in range(4):
        z = two_proportion_z(made[q], big.n_hands, engine["made"][q], ENGINE_HANDS)
        assert abs(z) < Z_MAX, f"seat {q} after the dealer"

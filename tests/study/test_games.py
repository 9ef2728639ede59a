"""Bots against bots over whole games: seats and partnerships turned, intervals, one answer.

``play_matches`` turns the line-up one seat a game (checked game by game against matches
played by hand), gives each bot's share of the wins and points a game with 95% intervals, and
the same result on one process and on two; ``trickcore games`` is the same run on the command
line, and ``trickcore play --bots strong`` is the strong bot by name.
"""

from __future__ import annotations

import json
import random

import pytest

import trickcore as tc
from trickcore.cli import main
from trickcore.errors import TrickcoreError
from trickcore.players.strength import StrengthBot
from trickcore.study.chunked import chunk_rng
from trickcore.study.games import WIN_UNITS, play_matches


def _by_hand(variant: str, players: int, lineup: list[str], games: int, seed: int,
             chunk_size: int = 2) -> dict[str, list[float]]:
    """Each bot's win share per game, playing the matches one by one as documented."""
    rules = tc.get_variant(variant)
    shares: dict[str, list[float]] = {name: [] for name in lineup}
    rng: random.Random | None = None
    for g in range(games):
        if g % chunk_size == 0:
            rng = chunk_rng(f"games-{variant}-{players}", seed, g // chunk_size)
        assert rng is not None
        match_seed = rng.randrange(10**12)
        seated = [lineup[(s + g) % len(lineup)] for s in range(players)]
        match = tc.Match(rules, players, seed=match_seed)
        while not match.is_over:
            state = match.next_deal()
            code = f"{variant}-{players}-{match_seed}-{len(match.deals)}"
            tc.play_deal(state, [StrengthBot(b, f"{code}|{s}") for s, b in enumerate(seated)])
        for name in lineup:
            mine = sum(s in match.winners for s, b in enumerate(seated) if b == name)
            shares[name].append(mine / len(match.winners))
    return shares


def test_the_line_up_turns_one_seat_a_game() -> None:
    result = play_matches("humbug", {"standard": "standard", "beginner": "beginner"},
                          games=10, seed=5, cache=False)
    shares = _by_hand("humbug", 2, ["standard", "beginner"], 10, 5)
    for standing in result.standings:
        assert standing.games == 10
        assert standing.seats == 1
        assert standing.wins.mean == pytest.approx(sum(shares[standing.bot]) / 10)
        assert standing.wins.low <= standing.wins.mean <= standing.wins.high
        assert standing.wins.low >= 0
        assert standing.wins.high <= 1
    assert sum(s.wins.mean for s in result.standings) == pytest.approx(1)
    counts = result.run.counts["standard"]
    assert counts["win_units_sum"] == round(sum(shares["standard"]) * WIN_UNITS)


def test_partners_are_one_bot_and_the_result_is_the_same_on_two_processes() -> None:
    one = play_matches("five-hundred", ["standard", "beginner"], games=8, players=4, seed=2,
                       cache=False)
    two = play_matches("five-hundred", ["standard", "beginner"], games=8, players=4, seed=2,
                       jobs=2, cache=False)
    assert one.run.dumps() == two.run.dumps()
    assert json.dumps(one.to_json(), sort_keys=True) == json.dumps(two.to_json(),
                                                                   sort_keys=True)
    assert [s.seats for s in one.standings] == [2, 2]
    assert [s.fair_share for s in one.standings] == [0.5, 0.5]
    records = one.records()
    assert [r["bot"] for r in records] == ["standard", "beginner"]
    assert records[0]["win_low"] <= records[0]["win_rate"] <= records[0]["win_high"]


def test_a_line_up_that_cannot_share_the_seats_is_one_line() -> None:
    with pytest.raises(TrickcoreError, match=r"^3 bots cannot share 4 seats evenly"):
        play_matches("oh-hell", ["strong", "standard", "beginner"], games=2, players=4)
    with pytest.raises(TrickcoreError, match=r"'expert' is not a bot strength"):
        play_matches("humbug", ["expert", "standard"], games=2)


def test_trickcore_games_prints_the_standings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "humbug", "--bots", "standard,beginner", "--games", "10", "--seed",
                 "5", "--no-cache", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    api = play_matches("humbug", {"standard": "standard", "beginner": "beginner"}, games=10,
                       seed=5, cache=False)
    assert data == json.loads(json.dumps(api.to_json()))
    assert data["fields"]["seats"].startswith("seat-games")
    assert main(["games", "humbug", "--games", "4", "--no-cache"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("4 games of humbug, 2 players, seed 0; ")
    assert "standard" in text
    assert "beginner" in text
    assert main(["games", "humbug", "--bots", "expert", "--no-cache"]) == 2
    assert capsys.readouterr().err == ("trickcore games: 'expert': 'expert' is not a bot"
                                       " strength; the strengths are beginner, standard,"
                                       " strong\n")


def test_trickcore_play_takes_the_strong_bot_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "humbug", "--bots", "strong", "--seed", "3"]) == 0
    strong = json.loads(capsys.readouterr().out)
    assert main(["play", "humbug", "--bots", "standard", "--seed", "3"]) == 0
    standard = json.loads(capsys.readouterr().out)
    assert strong["deals"] != standard["deals"]
    assert main(["play", "humbug", "--bots", "strong", "--seed", "3"]) == 0
    assert json.loads(capsys.readouterr().out) == strong  # seeded: the same moves again


def test_a_bad_scheduler_address_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    assert main(["study", "hook", "--deals", "100", "--no-cache", "--scheduler", "baddr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("trickcore study: cannot reach the Dask scheduler at baddr: ")
    assert err.count("\n") == 1


def test_the_published_ladder_says_what_the_bots_page_says() -> None:
    """bench/ladder.json (bench/bench_ladder.py's output, which the bots page reads): each level
    wins more than the one below it, and the pairs whose intervals overlap are the ones the
    page names."""
    from pathlib import Path

    from trickcore.study.stats import wilson

    data = json.loads((Path(__file__).resolve().parents[2] / "bench" / "ladder.json").read_text())
    rank = {"beginner": 0, "standard": 1, "strong": 2}
    families = set()
    overlap = []
    for row in data["rows"]:
        assert rank[row["first"]] > rank[row["second"]]
        families.add(row["variant"])
        a, b = row["first_wins"][0], row["second_wins"][0]
        assert a > b
        assert a + b == pytest.approx(1)
        (a_low, a_high), (b_low, b_high) = (wilson(v * row["games"], row["games"])
                                            for v in (a, b))
        if not (a_low > b_high or b_low > a_high):
            overlap.append((row["variant"], row["first"], row["second"]))
        assert row["seconds_per_game"] > 0
    assert families == {"humbug", "oh-hell", "five-hundred"}
    assert overlap == [("five-hundred", "strong", "standard")]

"""The exact solver: against a plain minimax written here, against hand-worked positions,
against DDS (when endplay is installed), and through the command line."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from support import PACK, trick_winner

import trickcore as tc
from trickcore.cards import cards_of, mask_of
from trickcore.cards.packs import Pack, pack_cards
from trickcore.cards.ranking import TrumpContext, trump_context
from trickcore.cli import main
from trickcore.solver import (
    Position,
    PositionError,
    _Compiled,
    _Search,
    brute_force,
    solve,
    solve_humbug_deal,
)
from trickcore.solver.twohand import _count16

# A plain minimax, no pruning and no table ---------------------------------------------------


def minimax_by_card(position: Position, side: Sequence[int]) -> dict[tc.Card, int]:
    """The side's tricks after each legal card of the seat to move, by exhaustive search.

    Plain packs use the trick winner written again in tests/support.py; Five Hundred contexts
    (bowers, jokers) use the context's own winner, which tests/support500.py
    checks.
    """
    ctx = position.context
    n = position.players
    hands = list(position.hands)
    seats = set(side)
    plain = not ctx.bowers and ctx.joker_suit is None

    def winner(trick: list[tc.Card]) -> int:
        if plain:
            return trick_winner(trick, None if ctx.trump is None else ctx.trump.letter)
        return ctx.winner([*trick])

    def legal(seat: int, trick: list[tc.Card]) -> list[tc.Card]:
        hand = cards_of(hands[seat])
        if trick:
            led = ctx.suit_of(trick[0])
            follow = [c for c in hand if ctx.suit_of(c) == led]
            return follow or hand
        return hand

    def value(leader: int, trick: list[tc.Card]) -> int:
        if len(trick) == n:
            w = (leader + winner(trick)) % n
            gained = 1 if w in seats else 0
            return gained + (value(w, []) if hands[w] else 0)
        seat = (leader + len(trick)) % n
        results = []
        for card in legal(seat, trick):
            hands[seat] ^= card.bit
            results.append(value(leader, [*trick, card]))
            hands[seat] ^= card.bit
        return max(results) if seat in seats else min(results)

    out = {}
    seat = position.to_move
    trick = list(position.played)
    for card in legal(seat, trick):
        hands[seat] ^= card.bit
        out[card] = value(position.leader, [*trick, card])
        hands[seat] ^= card.bit
    return out


def random_position(rng: random.Random, five_hundred: bool = False) -> Position:
    n = rng.choice([2, 3, 4])
    h = rng.choice([1, 2, 3, 4] if n < 4 else [1, 2, 3])
    trump = rng.choice([None, *tc.Suit])
    joker_suit = None
    if five_hundred:
        pack = list(pack_cards(Pack.FIVE_HUNDRED_43))
        if trump is None:
            joker_suit = rng.choice(list(tc.Suit))
        ctx = trump_context(trump, bowers=True, joker_suit=joker_suit)
    else:
        pack = list(PACK)
        ctx = trump_context(trump)
    if rng.random() < 0.5:  # two suits only: more following, more interaction
        suits = rng.sample(list(tc.Suit), 2)
        pack = [c for c in pack if ctx.suit_of(c) in suits]
    rng.shuffle(pack)
    hands = [pack[i * h:(i + 1) * h] for i in range(n)]
    leader = rng.randrange(n)
    sides: list[list[int]] | None = None
    if n == 4 and rng.random() < 0.6:
        sides = [[0, 2], [1, 3]]
    elif n == 3 and rng.random() < 0.3:
        sides = [[0], [1, 2]]
    masks = [mask_of(x) for x in hands]
    played: list[tc.Card] = []
    for i in range(rng.randrange(n)):
        seat = (leader + i) % n
        legal = masks[seat]
        if played:
            legal = legal & ctx.suit_masks[ctx.suit_index[played[0].index]] or legal
        card = rng.choice(cards_of(legal))
        played.append(card)
        masks[seat] ^= card.bit
    return Position(masks, trump, leader, played, sides, ctx)


@pytest.mark.parametrize("seed", range(6))
def test_solver_agrees_with_minimax_on_random_positions(seed: int) -> None:
    rng = random.Random(f"solver-{seed}")
    for i in range(150):
        position = random_position(rng, five_hundred=i % 3 == 0)
        seat = rng.randrange(position.players)
        side = position.side_of(seat)
        by_card = minimax_by_card(position, side)
        mover_max = position.to_move in side
        best_value = max(by_card.values()) if mover_max else min(by_card.values())
        result = solve(position, side=seat)
        context = position.to_json(), seat
        assert result.tricks == best_value, context
        assert set(result.best_cards) == {c for c, v in by_card.items() if v == best_value}, \
            context
        assert brute_force(position, side=seat) == best_value, context
        one = solve(position, side=seat, all_best=False)
        assert one.tricks == best_value
        assert one.best_cards
        assert set(one.best_cards) <= set(result.best_cards)


def test_two_hand_search_agrees_with_the_general_search() -> None:
    # Bigger two-hand positions than minimax can do: the two searches are written separately.
    rng = random.Random("two-hands")
    for _ in range(40):
        size = rng.randrange(5, 11)
        pack = list(PACK)
        rng.shuffle(pack)
        trump = rng.choice([None, *tc.Suit])
        position = Position([mask_of(pack[:size]), mask_of(pack[size:2 * size])], trump,
                            rng.randrange(2))
        compiled = _Compiled(position, (0,))
        fast = _Search(compiled)
        slow = _Search(compiled, general=True)
        for need in range(size + 1):
            assert fast.test(position.leader, [], need) == slow.test(position.leader, [], need)


def test_the_two_hand_searchs_bit_count_matches_pythons() -> None:
    # the compiled search counts a suit's cards itself (int.bit_count is a method call there)
    assert all(_count16(x) == x.bit_count() for x in range(1 << 16))


# Positions worked by hand -------------------------------------------------------------------


def test_finesse_against_the_king() -> None:
    # NT, two hands: South holds A Q of spades, North K 2.  With North to lead, South makes
    # both tricks (any lead runs into the tenace); with South to lead, only one.
    hands = [["KS", "2S"], ["AS", "QS"]]
    north_leads = Position.from_json({"hands": hands, "trump": None, "leader": 0})
    south_leads = Position.from_json({"hands": hands, "trump": None, "leader": 1})
    assert solve(north_leads, side=1).tricks == 2
    assert solve(south_leads).tricks == 1
    assert {c.code for c in solve(south_leads).best_cards} == {"AS", "QS"}


def test_partnership_ruff_and_overruff() -> None:
    # Hearts trumps.  If North (0) leads the ace of clubs and East (1) ruffs, South (2)
    # overruffs and cashes the five of diamonds; if East discards, the ace wins and South's
    # king of trumps takes the other trick.  Give West the five instead and East-West make one.
    position = Position.from_json({
        "hands": [["AC", "2D"], ["2H", "3D"], ["KH", "5D"], ["3C", "4D"]],
        "trump": "H", "leader": 0, "sides": [[0, 2], [1, 3]],
    })
    result = solve(position)
    assert result.tricks == 2
    assert [c.code for c in result.best_cards] == ["2D", "AC"]
    swapped = Position.from_json({
        "hands": [["AC", "2D"], ["2H", "3D"], ["KH", "4D"], ["3C", "5D"]],
        "trump": "H", "leader": 0, "sides": [[0, 2], [1, 3]],
    })
    assert solve(swapped).tricks == 1


def test_oh_hell_seat_against_the_coalition() -> None:
    # Three seats, spades trumps, seat 0 alone against seats 1 and 2 together.  Seat 0 holds
    # the ace and two of trumps; the others hold side suits only, so both trumps win.
    position = Position.from_json({
        "hands": [["AS", "2S"], ["KH", "QH"], ["KD", "QD"]], "trump": "S", "leader": 1,
    })
    assert solve(position, side=0).tricks == 2
    # Seat 1 to lead and alone: seat 0 ruffs everything.
    assert solve(position).tricks == 0


def test_five_hundred_left_bower_follows_trumps() -> None:
    # Spades trumps with bowers: the jack of clubs is a spade, the second-best trump.  When
    # seat 1 leads the ace of spades, seat 0 must follow with the left bower, which wins.
    hands = [["JC", "7H"], ["AS", "6H"]]
    bowers = Position.from_json({"hands": hands, "trump": "S", "leader": 1,
                                 "variant": "five-hundred"})
    assert bowers.context.bowers
    assert solve(bowers, side=0).tricks == 2
    # Without bowers the jack is a club: the ace of spades wins, or ruffs the jack.
    plain = Position.from_json({"hands": hands, "trump": "S", "leader": 1})
    assert solve(plain, side=0).tricks == 1
    lower = Position.from_json({"hands": [["JC", "5H"], ["AS", "6H"]], "trump": "S",
                                "leader": 1, "variant": "five-hundred"})
    assert solve(lower, side=0).tricks == 1


def test_five_hundred_partnerships_by_default_and_joker_named_at_no_trump() -> None:
    position = Position.from_json({
        "hands": [["JK", "5H"], ["AS", "6H"], ["KS", "4D"], ["QS", "7H"]],
        "trump": None, "joker_suit": "S", "leader": 1, "variant": "five-hundred",
    })
    assert position.sides == ((0, 2), (1, 3))
    # The joker, named a spade, is the best spade: it takes the ace whenever spades are led.
    assert solve(position, side=0).tricks == 1


def test_humbug_deal_solved() -> None:
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=9,
                         rng=tc.rng_for("humbug", 2, 5, "deal", 0))
    result = solve_humbug_deal(deal, all_best=True)
    general = _Search(_Compiled(Position(deal.hands, deal.trump, deal.eldest), (0,)),
                      general=True)
    assert general.test(deal.eldest, [], result.tricks)
    assert not general.test(deal.eldest, [], result.tricks + 1)
    assert result.side == (0,)
    assert result.best_cards
    one = solve_humbug_deal(deal)
    assert one.tricks == result.tricks
    assert set(one.best_cards) <= set(result.best_cards)


# Input checks -------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "message"), [
    ({"hands": [["AS"], ["AS"]], "trump": None}, "AS is dealt twice"),
    ({"hands": [["AS", "KS"], ["2S"]], "trump": None}, "unequal hands"),
    ({"hands": [["AS"], ["2S"]], "trump": "X"}, "is not a suit"),
    ({"hands": [["AS"], ["2S"]], "trump": None, "sides": [[0], [0]]}, "sides must split"),
    ({"hands": [["AS"], ["2S"]], "trump": None, "colour": 1}, "unknown key"),
    ({"hands": [["AS"], ["2S"]], "trump": None, "leader": 5}, "leader must be a seat"),
    ({"hands": [["JK"], ["2S"]], "trump": None}, "no suit at no trump"),
    ({"trump": None}, "no 'hands'"),
    ({"hands": [["AS"], ["2S"]], "trump": None, "played": ["AS"]}, "both played"),
    ({"hands": [["1S"], ["2S"]], "trump": None}, "not a card code"),
])
def test_bad_positions_are_refused_clearly(data: dict[str, object], message: str) -> None:
    with pytest.raises(tc.TrickcoreError, match=message):
        Position.from_json(data)


def test_revoke_in_the_current_trick_is_illegal() -> None:
    with pytest.raises(PositionError, match="must follow spades") as info:
        Position.from_json({"hands": [["KH"], ["QS"], ["2S", "3S"]], "trump": "H",
                            "leader": 0, "played": ["AS", "2H"]})
    assert info.value.illegal


def test_context_must_match_trump() -> None:
    with pytest.raises(PositionError, match="different trump"):
        Position([mask_of(tc.parse_cards("AS")), mask_of(tc.parse_cards("2S"))],
                 tc.Suit.SPADES, context=TrumpContext(None))


# DDS (bench-only dependency) ----------------------------------------------------------------


def test_agrees_with_dds_on_bridge_endings() -> None:
    dds = pytest.importorskip("endplay.dds")
    types = pytest.importorskip("endplay.types")
    rng = random.Random("dds")
    for i in range(30):
        size = 3 + i % 4
        pack = list(PACK)
        rng.shuffle(pack)
        hands = [pack[k * size:(k + 1) * size] for k in range(4)]
        trump = rng.choice([None, *tc.Suit])
        leader = rng.randrange(4)
        pbn = "N:" + " ".join(
            ".".join("".join(c.code[0] for c in sorted(h, key=lambda c: -c.index)
                             if c.suit == s) for s in tc.Suit) for h in hands)
        deal = types.Deal(pbn)
        deal.first = types.Player(leader)
        deal.trump = types.Denom.nt if trump is None else types.Denom(int(trump))
        scores = list(dds.solve_board(deal))
        best = max(v for _, v in scores)
        dds_cards = {c.rank.name[1] + c.suit.name[0].upper() for c, v in scores if v == best}
        result = solve(Position([mask_of(h) for h in hands], trump, leader,
                                sides=[[0, 2], [1, 3]]))
        assert result.tricks == best
        assert {c.code for c in result.best_cards} == dds_cards


# Command line -------------------------------------------------------------------------------


def test_cli_solve_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({
        "hands": [["QH", "AD", "2D"], ["4C", "5C", "6C"], ["AS", "3H", "3D"],
                  ["KH", "KD", "QD"]],
        "trump": None, "leader": 2, "sides": [[0, 2], [1, 3]]}))
    assert main(["solve", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["tricks"], out["best_cards"], out["side"]) == (3, ["AS"], [0, 2])
    assert main(["solve", str(path)]) == 0
    assert "makes 3 of the 3 tricks" in capsys.readouterr().out
    assert main(["solve", str(path), "--json", "--side", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["tricks"] == 0


def test_cli_solve_stdin(monkeypatch: pytest.MonkeyPatch,
                         capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO('{"hands": [["AS"], ["KS"]], "trump": null}'))
    assert main(["solve", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tricks"] == 1


@pytest.mark.parametrize(("text", "code", "message"), [
    ('{"hands": [["AS"], ["AS"]], "trump": null}', 2, "dealt twice"),
    ("{bad", 2, "not valid JSON"),
    ("", 2, "empty"),
    ('{"hands": [["ZZ"], ["AS"]], "trump": null}', 2, "not a card code"),
    ('{"hands": [["KH"], ["QS"], ["2S", "3S"]], "trump": "H", "played": ["AS", "2H"]}', 1,
     "illegal"),
])
def test_cli_solve_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                             code: int, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["solve", str(path)]) == code
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert message in lines[0]
    assert lines[0].startswith("trickcore solve:")


def test_cli_solve_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "/nonexistent/position.json"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_cli_solve_deal_code(capsys: pytest.CaptureFixture[str]) -> None:
    # A deal code is the deal's opening position: the same answer as solving it directly.
    from trickcore.notation.codes import state_from_code
    from trickcore.solver import opening_position, position_from_deal

    code = "oh-hell-4-3-5"  # six cards each, a turned trump
    state = state_from_code(code)
    deal = state.deal
    expected = solve(position_from_deal(deal))
    assert opening_position(state.ruleset, deal) == position_from_deal(deal)
    assert main(["solve", code, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tricks"] == expected.tricks
    assert out["best_cards"] == [c.code for c in expected.best_cards]
    assert out["to_move"] == deal.eldest
    assert main(["solve", code]) == 0
    text = capsys.readouterr().out
    assert f"makes {expected.tricks} of the 6 tricks" in text
    assert f"({expected.nodes:,} trick starts searched)" in text  # grouped the reader's way
    assert main(["solve", "humbug-2-1-1", "--max-nodes", "500"]) == 3
    assert "no answer" in capsys.readouterr().err
    for bad in ("five-hundred-4-2", "oh-hell-9-1", "nosuch-4-1"):
        assert main(["solve", bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert err.startswith("trickcore solve:")


@pytest.mark.slow
def test_cli_solve_groups_the_count_the_french_way(capsys: pytest.CaptureFixture[str]) -> None:
    from trickcore import i18n

    with i18n.language("fr"):
        assert main(["solve", "oh-hell-4-2718"]) == 0
    count = capsys.readouterr().out.rsplit("(", 1)[1].split(" débuts de pli")[0]
    assert "\u202f" in count  # a narrow no-break space between groups of three digits
    assert int(count.replace("\u202f", "")) > 999


def test_lowest_first_finds_the_left_bower_of_a_run() -> None:
    """With Five Hundred's bowers a run of equivalent cards is not in rank order: JS (the left
    bower at clubs) and AC are one run, and JS is its lowest card by rank, below QC; the
    lowest-first search must find it (Hypothesis found this position)."""
    from trickcore.cards import Suit, parse_cards
    from trickcore.cards.ranking import trump_context

    hands = [mask_of(parse_cards(h)) for h in ("JS QC AC", "7C 8C 9C", "6C TC JC", "5C KC JK")]
    context = trump_context(Suit.CLUBS, bowers=True)
    position = Position(hands, Suit.CLUBS, 0, (), [[0, 2], [1, 3]], context)
    every = solve(position, side=0)
    assert every.tricks == 2
    assert {c.code for c in every.best_cards} == {"JS", "AC", "QC"}
    low = solve(position, side=0, all_best=False, lowest_first=True)
    assert low.tricks == 2
    assert min(c.code for c in low.best_cards if c.code in ("JS", "QC")) == "JS"
    assert {c.code for c in low.best_cards} == {"JS", "AC"}

"""The Five Hundred oracle of tests/support500.py checked on its own, on examples from docs/rules.md."""

from __future__ import annotations

from support500 import AUSTRALIAN_LADDER, AVONDALE, Power, ladder_for

import trickcore as tc


def test_oracle_hearts_trump_order_fact_43() -> None:
    p = Power("H")
    order = ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H", "6H", "5H", "4H"]
    assert sorted(order, key=p.key, reverse=True) == order
    assert all(p.suit(c) == "H" for c in order)
    assert p.winner(["4H", "AS"]) == 0
    assert p.winner(["AD", "JD"]) == 1  # the left bower is a trump


def test_oracle_no_trump_joker_and_jacks() -> None:
    p = Power(None)
    assert p.winner(["QS", "JS"]) == 0
    assert p.winner(["AS", "JK"]) == 1
    named = Power(None, "D")
    assert named.suit("JK") == "D"
    assert named.winner(["AD", "JK"]) == 1
    assert named.winner(["AH", "JK"]) == 0
    assert Power(None).winner(["JK2", "AS", "JK1"]) == 2


def test_oracle_ladder_and_table() -> None:
    assert ladder_for(tc.get_variant("five-hundred")) == list(AUSTRALIAN_LADDER)
    assert len(AUSTRALIAN_LADDER) == 27
    assert [AVONDALE[c] for c in ("6S", "6NT", "7H", "8D", "9C", "10H", "10NT")] == [
        40, 120, 200, 280, 360, 500, 520]


def test_oracle_odd_fours() -> None:
    p = Power("S", odd_fours=True)
    assert p.suit("4C") == "S"
    assert p.winner(["4C", "5S"]) == 1
    assert Power("C", odd_fours=True).suit("4C") == "C"

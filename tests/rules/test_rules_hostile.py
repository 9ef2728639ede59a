"""Rules that crashed or were wrongly accepted (double nullo without a partner)."""

from __future__ import annotations

import pytest

from trickcore.engine.calls import Call
from trickcore.engine.dealing import rng_for
from trickcore.engine.match import Match
from trickcore.errors import IllegalBidError
from trickcore.notation.records import write_record
from trickcore.notation.replay import read_record
from trickcore.players.random import RandomBot
from trickcore.rules import with_options
from trickcore.rules.describe import describe
from trickcore.rules.registry import get_variant

SPLIT_TABLES = [("five-hundred-2", {}), ("five-hundred-3", {}), ("five-hundred", {}),
                ("five-hundred-5", {}), ("five-hundred-6", {}),
                ("five-hundred-6", {"partnership": "three-pairs"})]


@pytest.mark.parametrize(("key", "extra"), SPLIT_TABLES)
def test_split_colours_matches_play_to_the_end(key: str, extra: dict[str, str]) -> None:
    ruleset = with_options(get_variant(key), {"split_colours": "true", **extra})
    players = ruleset.players[0]
    called: set[str] = set()
    for seed in [161, *range(30)]:
        match = Match(ruleset, players, seed)
        match.play([RandomBot(rng=rng_for(ruleset.key, players, seed, "bot", s))
                    for s in range(players)])
        # To the end: every deal played out, and the game ended by its own rule (a side at 500
        # or at -500, with winners named), not by the cap on the number of deals.
        assert match.is_over
        assert all(deal.is_over for deal in match.deals)
        assert len(match.deals) < ruleset.max_deals
        assert max(match.totals) >= ruleset.target or min(match.totals) <= -ruleset.target
        assert match.winners
        called |= {call.kind.value for deal in match.deals for _seat, call in deal.calls}
        # ... and `check` accepts the record they make (not just that they end).
        again = read_record(write_record(match))
        assert again.totals == match.totals
        assert again.winners == match.winners
        assert again.settlement == match.settlement
    # Split-colours matches: the split calls were made in their auctions and misère never was;
    # double nullo only where the table has one fixed partner (the next test).
    assert {"nullo", "open-nullo", "hi-lo"} <= called
    assert not called & {"misere", "open-misere"}
    fixed_partner = key == "five-hundred" or extra.get("partnership") == "three-pairs"
    assert ("double-nullo" in called) == fixed_partner


@pytest.mark.parametrize(("key", "extra", "allowed"), [
    ("five-hundred-2", {}, False), ("five-hundred-3", {}, False),
    ("five-hundred-5", {}, False), ("five-hundred-6", {}, False),
    ("five-hundred", {}, True), ("five-hundred-6", {"partnership": "three-pairs"}, True),
])
def test_double_nullo_needs_one_fixed_partner(key: str, extra: dict[str, str],
                                              allowed: bool) -> None:
    ruleset = with_options(get_variant(key), {"split_colours": "true", **extra})
    players = ruleset.players[0]
    state = Match(ruleset, players, 7).next_deal()
    before = list(state.events)
    assert (Call.parse("double-nullo") in state.legal_bids) is allowed
    if allowed:
        state.bid("double-nullo")
        return
    with pytest.raises(IllegalBidError) as caught:
        state.bid("double-nullo")
    assert caught.value.rule == "double-nullo-partner"
    assert state.events == before
    assert "one fixed partner" in describe(ruleset, players)


def test_double_nullo_played_by_a_pair() -> None:
    ruleset = with_options(get_variant("five-hundred"), {"split_colours": "true"})
    state = Match(ruleset, 4, 3).next_deal()
    seat = state.to_act
    state.bid("double-nullo")
    while state.phase.value == "bidding":
        state.bid("pass")
    assert state.contractor == seat
    assert state.phase.value == "discard"
    state.discard(list(state.hand(seat))[:state.discard_count])
    partner = (seat + 2) % 4
    assert state.to_act == partner
    assert state.phase.value == "discard"


@pytest.mark.parametrize("key", ["oh-hell", "up-and-down-the-river", "contract-whist"])
def test_simultaneous_bids_leave_no_hook(key: str) -> None:
    """Nobody bids last when the bids are shown at once, so the dealer is not hooked."""
    from trickcore.engine.dealing import deal_from_hands
    from trickcore.engine.state import HandState

    hooked = get_variant(key)
    assert hooked.hook
    fists = with_options(hooked, {"simultaneous_bids": "true"})
    hands = [["AS", "2H"], ["KS", "3D"], ["QS", "4C"], ["JS", "5C"]]
    for ruleset, dealer_may_bid_1 in ((hooked, False), (fists, True)):
        deal = deal_from_hands(ruleset, hands, dealer=3, turn_up="9H")
        state = HandState(ruleset, deal)
        for bid in (1, 0, 0):
            state.bid(bid)
        assert (1 in state.legal_bids) is dealer_may_bid_1
        assert state.can_bid(1) is dealer_may_bid_1
    text = describe(fists, 4)
    assert "nobody bids last, so there is no hook" in text.lower()
    assert "The hook: the dealer may not" not in text
    assert "The hook: the dealer may not" in describe(hooked, 4)

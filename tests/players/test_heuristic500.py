"""The Five Hundred bot in misère when every card it may play wins the trick as it stands.

With a foe still to play to the trick, the lowest card is the one a later card may beat, so the
bot plays it; played last, the trick is lost whatever the card, so the bot sheds its highest.
The positions are real ones: seeded deals called and played by the bots up to that card.
"""

from __future__ import annotations

import pytest

import trickcore as tc
from trickcore.cards import Card
from trickcore.engine.events import Phase
from trickcore.engine.turns import Choice, bot_action


def _position(code: str, trick: int, played: int) -> tc.HandState:
    """The deal ``code``, played by the bots up to trick ``trick`` with ``played`` cards on it."""
    state = tc.state_from_code(code)
    bot = tc.HeuristicBot()
    while not (state.phase is Phase.PLAYING and len(state.tricks) + 1 == trick
               and len(state.current.cards) == played):
        assert not state.is_over, f"{code} ended before trick {trick}"
        state.apply(bot_action(bot, state).action)
    return state


def _strength(state: tc.HandState, card: Card) -> int:
    return state.context.power[card.index]


def _every_card_wins(state: tc.HandState) -> bool:
    ctx = state.context
    indices = [c.index for c in state.current.cards]
    led = None if state.current.joker_suit is None else int(state.current.joker_suit)
    return all(ctx.winner_index([*indices, c.index], led) == len(indices)
               for c in state.legal_plays)


# code, trick, cards already on it, the contractor's card, the foes still to play
TO_COME = [
    # three-hand: Ann leads 7♥, Ben holds 10♥ 8♥, Cleo's hearts all beat the 8♥
    ("five-hundred-3-3-177", 2, 1, "8H", (2,)),
    # four-hand: the contractor's partner (seat 2) sits out, seat 1 plays after seat 0
    ("five-hundred-4-76", 2, 1, "5D", (1,)),
    # two-hand: the contractor's hand card, with the other seat's table card to come (and then
    # the contractor's own, which cannot take the trick off him)
    ("five-hundred-2-2-90", 2, 1, "6S", (0,)),
]

# code, trick, cards already on it, the contractor's card: the contractor plays last
LAST = [
    ("five-hundred-3-3-39", 3, 2, "QH"),
    ("five-hundred-3-3-222", 2, 2, "QC"),
    ("five-hundred-2-2-63", 3, 3, "JH"),
]


def _contractor_s_choice(code: str, trick: int, played: int) -> tuple[tc.HandState, Choice]:
    """The position, where the misère contractor is to play and every card would win the
    trick so far, and the bot's choice there."""
    state = _position(code, trick, played)
    assert state.contract is not None
    assert state.contract.loses_tricks
    assert state.to_act == state.contractor
    assert _every_card_wins(state)
    assert len(state.legal_plays) > 1
    return state, bot_action(tc.HeuristicBot(), state)


@pytest.mark.parametrize(("code", "trick", "played", "card", "foes"), TO_COME)
def test_misere_plays_low_while_a_foe_is_to_play(code: str, trick: int, played: int, card: str,
                                                 foes: tuple[int, ...]) -> None:
    state, choice = _contractor_s_choice(code, trick, played)
    legal = state.legal_plays
    assert choice.action == Card.parse(card) == min(legal, key=lambda c: _strength(state, c))
    assert "play low" in choice.reason
    assert "a later card may beat it" in choice.reason
    # the foes who play after, by the engine's own record once the trick is complete
    state.apply(choice.action)
    done_before = len(state.tricks)
    while len(state.tricks) == done_before and not state.is_over:
        state.apply(bot_action(tc.HeuristicBot(), state).action)
    seats = state.tricks[trick - 1].seats(state.players)
    after = tuple(s for s in seats[played + 1:] if s != state.contractor)
    assert after == foes


@pytest.mark.parametrize(("code", "trick", "played", "card"), LAST)
def test_misere_sheds_the_highest_when_last(code: str, trick: int, played: int,
                                            card: str) -> None:
    state, choice = _contractor_s_choice(code, trick, played)
    legal = state.legal_plays
    assert choice.action == Card.parse(card) == max(legal, key=lambda c: _strength(state, c))
    assert "shed" in choice.reason
    assert "the highest" in choice.reason
    state.apply(choice.action)
    assert len(state.tricks) == trick  # it was the trick's last card
    assert not state.current.cards


@pytest.mark.parametrize(("players", "partnered"), [(2, False), (3, False), (4, True), (5, True)])
def test_a_call_s_reason_names_a_partner_only_where_there_is_one(players: int,
                                                                  partnered: bool) -> None:
    """The standard bot's estimate counts a partner's share only at a partnership table (four
    hands, or five with a called partner), and its reason says so there and nowhere else."""
    bot = tc.HeuristicBot()
    reasons: list[str] = []
    for seed in range(60):
        variant = "five-hundred" if players == 4 else f"five-hundred-{players}"
        state = tc.state_from_code(f"{variant}-{players}-{seed}")
        while state.phase is Phase.BIDDING:
            choice = bot_action(bot, state)
            if choice.reason.startswith("about "):
                reasons.append(choice.reason)
            state.apply(choice.action)
    assert reasons, "no call on a trick estimate in 60 deals"
    assert all(("partner and kitty included" in r) is partnered for r in reasons), reasons[:3]

"""Humbug: whist for two, 1793.

**Humbug** (*The Sporting Magazine*, London, 1793; described on pagat by John McLeod, whom Ivan
Derzhanski pointed to the 1793 account) is whist for two with the whole pack dealt, so each
player knows the other's cards.  The dealer's last card is turned for trumps; there is no
bidding, and the player with more tricks wins the difference.

>>> HUMBUG.players, HUMBUG.bidding.value
((2,), 'none')
"""

from __future__ import annotations

from trickcore.i18n import N_
from trickcore.rules.enums import (
    BiddingKind,
    FirstDealer,
    Schedule,
    Scoring,
    Stakes,
    TrumpMethod,
)
from trickcore.rules.ruleset import Ruleset

__all__ = ["HUMBUG"]

HUMBUG = Ruleset(
    key="humbug",
    name=N_("Humbug"),
    family="humbug",
    aliases=("humbug-whist", "two-hand-whist-1793"),
    source=N_("The Sporting Magazine, London, 1793; pagat.com 'Humbug'"),
    players=(2,),
    schedule=Schedule.FIXED,
    hand_sizes=((2, 26),),
    fixed_deals=1,
    trump_method=TrumpMethod.DEALERS_LAST,
    first_dealer=FirstDealer.LOW_CARD,
    ace_low_in_draw=True,
    bidding=BiddingKind.NONE,
    scoring=Scoring.TRICK_DIFFERENCE,
    stakes=Stakes.TRICK_DIFFERENCE,
    revoke_penalty_tricks=3,
    may_view_last_trick=True,
    open_hands=True,
)

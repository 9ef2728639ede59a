"""Five Hundred: the four-hand game and its two-, three-, five- and six-hand and Québec forms.

Players bid in an auction for the right to name trumps (or no trumps, or misère); the highest
bidder takes the kitty, discards as many cards, and with a partner or alone must take at least
the tricks bid.  A contract scores its Avondale value; the first side to reach the target by
making a contract wins.  The rules follow pagat.com (Australian rules) unless a ruleset says
otherwise.

>>> FIVE_HUNDRED.deck.value, FIVE_HUNDRED_5.partnership.value
('43', 'called')
"""

from __future__ import annotations

import dataclasses

from trickcore.cards import Pack
from trickcore.i18n import N_
from trickcore.rules.enums import (
    BiddingKind,
    GameEnd,
    MisereTiming,
    OpenMisere,
    Partnership,
    Schedule,
    Scoring,
    TrumpMethod,
    WinRule,
)
from trickcore.rules.ruleset import Ruleset

__all__ = ["FIVE_HUNDRED", "FIVE_HUNDRED_2", "FIVE_HUNDRED_3", "FIVE_HUNDRED_5",
           "FIVE_HUNDRED_6", "FIVE_HUNDRED_QUEBEC"]

FIVE_HUNDRED = Ruleset(
    key="five-hundred",
    name=N_("Five Hundred"),
    family="five-hundred",
    aliases=("500", "five-hundred-4", "australian-500", "500-4"),
    source=N_("pagat.com, 'Five Hundred' (Australian rules), via its French translation"),
    players=(4,),
    deck=Pack.FIVE_HUNDRED_43,
    schedule=Schedule.FIXED,
    hand_sizes=((4, 10),),
    trump_method=TrumpMethod.NONE,
    bidding=BiddingKind.AUCTION,
    scoring=Scoring.AVONDALE,
    game_end=GameEnd.TARGET,
    target=500,
    partnership=Partnership.ALTERNATE,
)

FIVE_HUNDRED_2 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-2",
    name=N_("Two-hand Five Hundred"),
    aliases=("500-2", "two-hand-500"),
    source=N_("pagat.com, 'Five Hundred', two-hand rules of Megan Corino and Barry Rigal"),
    players=(2,),
    hand_sizes=((2, 10),),
    # Each player also has five table piles: one card face down under one face up.
    table_piles=5,
    partnership=Partnership.NONE,
    misere_timing=MisereTiming.ANY_TIME,
    open_misere=OpenMisere.NOT_ALLOWED,
)

FIVE_HUNDRED_3 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-3",
    name=N_("Three-hand Five Hundred"),
    aliases=("500-3", "three-hand-500"),
    source=N_("pagat.com, 'Five Hundred', three-hand rules"),
    players=(3,),
    deck=Pack.FIVE_HUNDRED_33,
    hand_sizes=((3, 10),),
    # The highest bidder plays alone; the other two ally for the hand.
    partnership=Partnership.NONE,
)

FIVE_HUNDRED_5 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-5",
    name=N_("Five-hand Five Hundred"),
    aliases=("500-5", "five-hand-500"),
    source=N_("pagat.com, 'Five Hundred', five-hand rules"),
    players=(5,),
    deck=Pack.FIVE_HUNDRED_53,
    hand_sizes=((5, 10),),
    # After the kitty the contractor names a card; its holder is the partner for the hand.
    partnership=Partnership.CALLED,
)

FIVE_HUNDRED_6 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-6",
    name=N_("Six-hand Five Hundred"),
    aliases=("500-6", "six-hand-500"),
    source=N_("pagat.com, 'Five Hundred', six-hand rules (the 63-card pack)"),
    players=(6,),
    deck=Pack.FIVE_HUNDRED_63,
    hand_sizes=((6, 10),),
    partnership=Partnership.ALTERNATE,
)

FIVE_HUNDRED_QUEBEC = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-quebec",
    name=N_("Québec Five Hundred"),
    aliases=("500-quebec", "quebec-500", "cinq-cents"),
    source=N_("French Wikipedia draft on 500 (seed 003), the Québec section"),
    deck=Pack.QUEBEC_46,
    target=1000,
    win_rule=WinRule.ANY,
    failed_contract_to_opponents=True,
    # The seed's misères (docs/rules.md D22), off unless the table allows them: petite misère (500)
    # just below 8NT, grosse misère (1000, played open) just below 10NT, both at any time.
    misere_timing=MisereTiming.NOT_ALLOWED,
    open_misere=OpenMisere.NOT_ALLOWED,
    misere_value=500,
    open_misere_value=1000,
    misere_outbid_by="8NT",
    open_misere_outbid_by="10NT",
    open_misere_shown_at_start=True,
    # No source we have read gives Québec a slam value.
    slam_value=0,
    high_joker="coloured",
)
